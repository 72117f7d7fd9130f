package asdiv

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/cas"
)

// value is one value a formula computes: a number, or a ratio (also a number, a/b).
type value struct {
	v     *big.Rat
	tol   *big.Rat // accepted distance (from a rounded decimal), nil = exact
	ratio bool
	text  string
	terms []*big.Rat // a and b of a ratio a:b (a missing term is often the answer)
}

func compareHolds(op string, l, r value) bool {
	c := l.v.Cmp(r.v)
	switch op {
	case ">":
		return c > 0
	case "<":
		return c < 0
	default:
		return closeEnough(l, r)
	}
}

func closeEnough(a, b value) bool {
	if a.v.Cmp(b.v) == 0 {
		return true
	}
	tol := new(big.Rat)
	if a.tol != nil {
		tol.Add(tol, a.tol)
	}
	if b.tol != nil {
		tol.Add(tol, b.tol)
	}
	if tol.Sign() == 0 {
		return false
	}
	d := new(big.Rat).Sub(a.v, b.v)
	return d.Abs(d).Cmp(tol) <= 0
}

func showVal(v value) string {
	if v.ratio && v.text != "" {
		return v.text
	}
	return ratString(v.v)
}

// ratString prints a rational as an integer, a short decimal or a fraction.
func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	// A terminating decimal of modest length reads better than a fraction.
	d := new(big.Int).Set(r.Denom())
	for _, p := range []int64{2, 5} {
		bp := big.NewInt(p)
		m := new(big.Int)
		for {
			q, rem := new(big.Int).QuoRem(d, bp, m)
			if rem.Sign() != 0 {
				break
			}
			d = q
		}
	}
	if d.Cmp(big.NewInt(1)) == 0 {
		s := r.FloatString(12)
		s = strings.TrimRight(s, "0")
		return strings.TrimSuffix(s, ".")
	}
	return r.String()
}

// matchGold decides ok/inconsistent by comparing the answer's parts with the
// values the formula computed.
func (c *checker) matchGold() {
	if len(c.gold) == 0 {
		c.stop(StatusUnchecked, "empty answer")
		return
	}
	numeric := 0
	for _, g := range c.gold {
		if g.Num != nil || g.Ratio != nil {
			numeric++
		}
	}
	if numeric < len(c.gold) {
		if c.comparisons > 0 {
			c.stop(StatusOK, "comparison holds (text answer not checked against it)")
			return
		}
		c.stop(StatusUnchecked, "text answer")
		return
	}
	if len(c.vals) == 0 {
		c.stop(StatusUnchecked, "formula computes no value")
		return
	}
	var missing []string
	for _, g := range c.gold {
		if !anyGoldIn([]goldPart{g}, c.vals) {
			missing = append(missing, g.Raw)
		}
	}
	if len(missing) > 0 {
		c.stop(StatusInconsistent, fmt.Sprintf("answer %s not computed by the formula (it gives %s)",
			strings.Join(missing, "; "), showVal(c.vals[len(c.vals)-1])))
		c.answerOnly = true
		return
	}
	c.stop(StatusOK, "formula gives the answer")
}

// anyGoldIn reports whether some numeric part of the answer is among vals.
func anyGoldIn(gold []goldPart, vals []value) bool {
	for _, g := range gold {
		want := g.Num
		if g.Ratio != nil {
			want = g.Ratio
		}
		if want == nil {
			continue
		}
		for _, v := range vals {
			if closeEnough(v, value{v: want}) {
				return true
			}
		}
	}
	return false
}

// solveLinear solves the equations (each linear form = 0) in n unknowns
// with cas's exact Gauss-Jordan elimination. It returns nil and a reason
// when the system is inconsistent or does not fix every unknown.
func solveLinear(eqs []linear, n int) ([]*big.Rat, string) {
	if len(eqs) > cas.MaxDim || n+1 > cas.MaxDim {
		return nil, fmt.Sprintf("more than %d equations or unknowns", cas.MaxDim-1)
	}
	var sol []*big.Rat
	why := ""
	err := cas.Guard(func() error {
		rows := make([][]cas.Q, len(eqs))
		for i, e := range eqs {
			rows[i] = make([]cas.Q, n+1)
			for j, v := range e.coef {
				if v != nil {
					rows[i][j] = cas.FromBig(v)
				}
			}
			rows[i][n] = cas.FromBig(new(big.Rat).Neg(e.c))
		}
		r, pivots, _, _ := cas.NewMat(rows).RREF()
		switch {
		case len(pivots) > 0 && pivots[len(pivots)-1] == n:
			why = "the equations contradict each other"
		case len(pivots) < n:
			why = "the equations do not determine every unknown"
		default:
			sol = make([]*big.Rat, n)
			for i, col := range pivots {
				sol[col] = r.At(i, n).Big()
			}
		}
		return nil
	})
	if errors.Is(err, cas.ErrLimit) {
		return nil, "size limit reached"
	}
	return sol, why
}

var seqNumRe = regexp.MustCompile(`\d+`)

// checkSequence: a number-pattern formula lists the terms up to the asked
// one ("5, 7, 10, 14, 19, 25"), so the answer must be its last term. The
// pattern's rule itself is not checked.
func checkSequence(res CheckResult, s string, gold []goldPart) CheckResult {
	terms := seqNumRe.FindAllString(s, -1)
	last, _ := new(big.Rat).SetString(terms[len(terms)-1])
	res.Values = []string{ratString(last)}
	if len(gold) != 1 || gold[0].Num == nil {
		res.Status, res.Reason = StatusUnchecked, "number pattern with a non-numeric answer"
		return res
	}
	if gold[0].Num.Cmp(last) != 0 {
		res.Status, res.Reason = StatusInconsistent, fmt.Sprintf("number pattern ends with %s, answer %s", ratString(last), gold[0].Raw)
		return res
	}
	res.Status, res.Reason = StatusOK, "answer is the pattern's last term (the rule itself is not checked)"
	return res
}

// clockReading reads "hh:mm=23:45=11:45 p.m." as minutes after midnight
// (answer.ParseClock reads each reading), checking that its readings agree
// with each other and with the division with remainder before it (hours r
// minutes, or minutes r seconds for hh:mm:ss).
func clockReading(s string, lastRem []int64) (int, string) {
	sides := strings.Split(s, "=")
	t := -1
	for _, side := range sides[1:] {
		c, ok := answer.ParseClock(side)
		if !ok || c.MinuteDigits != 2 {
			return 0, fmt.Sprintf("clock reading %q not understood", strings.TrimSpace(side))
		}
		v := c.Minutes()
		if t >= 0 && v%720 != t%720 {
			return 0, fmt.Sprintf("clock readings disagree in %q", strings.TrimSpace(s))
		}
		if t < 0 || c.Half != 0 {
			t = v
		}
	}
	if t < 0 {
		return 0, "empty clock reading"
	}
	if lastRem != nil && !strings.Contains(s, "hh:mm:ss") {
		if int(lastRem[0]*60+lastRem[1])%720 != t%720 {
			return 0, fmt.Sprintf("%q does not read the division's %d r%d", strings.TrimSpace(s), lastRem[0], lastRem[1])
		}
	}
	return t, ""
}

// matchClock compares a time-of-day answer with the formula's clock reading.
func matchClock(res CheckResult, gold []goldPart, times []int) CheckResult {
	if len(gold) != 1 || gold[0].Time < 0 || len(times) == 0 {
		res.Status, res.Reason = StatusUnchecked, "clock-time formula with a non-time answer"
		return res
	}
	t, g := times[len(times)-1], gold[0].Time
	if t == g || t%720 == g%720 {
		res.Status, res.Reason = StatusOK, "the formula's clock reading is the answer"
		return res
	}
	res.Status = StatusInconsistent
	res.Reason = fmt.Sprintf("the formula reads %02d:%02d, the answer %s", t/60, t%60, gold[0].Raw)
	return res
}
