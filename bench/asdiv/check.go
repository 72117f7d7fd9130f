package asdiv

import (
	"fmt"
	"math/big"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/matheval/matheval/answer"
)

// Consistency check (the paper's annotation check): evaluate each item's
// annotated formula and compare with its labelled answer.
//
// Outcomes: "ok" (the formula holds and gives the answer), "inconsistent"
// (an equation of the formula is false, or the formula's values do not
// include the answer), "unchecked" (the formula is not arithmetic we can
// evaluate: number patterns, clock-time computations, text answers without a
// comparison, nonlinear or underdetermined systems). Inconsistencies are
// findings about the data, not load errors.

// Check statuses.
const (
	StatusOK           = "ok"
	StatusInconsistent = "inconsistent"
	StatusUnchecked    = "unchecked"
)

// CheckResult is the outcome for one item.
type CheckResult struct {
	ID      string   `json:"id"`
	Status  string   `json:"status"`
	Reason  string   `json:"reason"`
	Formula string   `json:"formula"`
	Answer  string   `json:"answer"`
	Values  []string `json:"values,omitempty"` // what the formula evaluates to
	// Intermediate marks an ok item whose answer is a value the formula
	// computes on the way, not the value of its last statement.
	Intermediate bool `json:"intermediate,omitempty"`
}

// checkTimeout bounds one item's check; formulas are tiny, so reaching it
// means something pathological and the item is reported unchecked.
const checkTimeout = 200 * time.Millisecond

// CheckFormula evaluates one formula against one answer. It never panics.
func CheckFormula(formula, answer string) (res CheckResult) {
	res = CheckResult{Formula: formula, Answer: answer}
	defer func() {
		if p := recover(); p != nil {
			res.Status, res.Reason = StatusUnchecked, fmt.Sprintf("internal error: %v", p)
		}
	}()
	done := make(chan CheckResult, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- CheckResult{Formula: formula, Answer: answer, Status: StatusUnchecked, Reason: fmt.Sprintf("internal error: %v", p)}
			}
		}()
		done <- checkFormula(formula, answer)
	}()
	select {
	case res = <-done:
	case <-time.After(checkTimeout):
		res.Status, res.Reason = StatusUnchecked, "deadline reached"
	}
	return res
}

// value is one value a formula computes: a number, or a ratio (also a number, a/b).
type value struct {
	v     *big.Rat
	tol   *big.Rat // accepted distance (from a rounded decimal), nil = exact
	ratio bool
	text  string
	terms []*big.Rat // a and b of a ratio a:b (a missing term is often the answer)
}

var (
	declRe        = regexp.MustCompile(`^\s*([A-Za-z])\s*:\s*(.*[A-Za-z].*)$`)
	parenWordRe   = regexp.MustCompile(`\(([^()]*)\)`)
	remRe         = regexp.MustCompile(`^(.*)=\s*(\d+)\s*r\s*(\d+)\s*(?:\([^()]*\))?\s*$`)
	wordRe        = regexp.MustCompile(`[A-Za-z]+`)
	decimalRe     = regexp.MustCompile(`^\s*-?(\d*)\.(\d+)\s*(%?)\s*$`)
	cmpRe         = regexp.MustCompile(`\s*(>|<|\bequals\b)\s*`)
	implicitVarRe = regexp.MustCompile(`[\d*/+\-(=%]([A-Za-z])(?:[\d*/+\-)=]|$)`)
	unitParenRe   = regexp.MustCompile(`\([A-Za-z/ .]*\)`)
	proseRe       = regexp.MustCompile(`[A-Za-z]{2,}\s+[A-Za-z]{2,}`)
	seqRe         = regexp.MustCompile(`^\s*\d+(\s*[,.]\s*\d+){2,}\s*$`)
)

func checkFormula(formula, answer string) CheckResult {
	gold := parseGold(answer)
	res := checkWith(formula, answer, gold, nil)
	if res.Status == StatusUnchecked && strings.Contains(res.Reason, errNonlinear.Error()) {
		// A nonlinear system: put the answer's numbers in for the unknowns
		// (declaration order) and check the equations hold.
		for _, env := range goldEnvs(formula, gold) {
			sub := checkWith(formula, answer, gold, env)
			// The equations all held (a failure to find the answer among
			// the values is not a failed equation).
			if sub.Status == StatusOK || strings.HasPrefix(sub.Reason, "answer ") {
				sub.Status, sub.Reason = StatusOK, "answer satisfies the (nonlinear) equations"
				return sub
			}
			res.Reason = "nonlinear equations that the answer does not satisfy"
		}
	}
	return res
}

// goldEnvs maps the formula's declared unknowns to the answer's numbers,
// in every order (answers do not always follow the declarations); at most
// three unknowns.
func goldEnvs(formula string, gold []goldPart) []map[string]*big.Rat {
	var names []string
	for _, s := range strings.Split(formula, ";") {
		if m := declRe.FindStringSubmatch(s); m != nil && !strings.Contains(s, "=") {
			names = append(names, m[1])
		}
	}
	var nums []*big.Rat
	for _, g := range gold {
		if g.Num != nil {
			nums = append(nums, g.Num)
		}
	}
	if len(names) == 0 || len(names) > 3 || len(nums) < len(names) {
		return nil
	}
	var out []map[string]*big.Rat
	var rec func(i int, used []bool, env map[string]*big.Rat)
	rec = func(i int, used []bool, env map[string]*big.Rat) {
		if i == len(names) {
			cp := map[string]*big.Rat{}
			for k, v := range env {
				cp[k] = v
			}
			out = append(out, cp)
			return
		}
		for j, v := range nums {
			if used[j] {
				continue
			}
			used[j] = true
			env[names[i]] = v
			rec(i+1, used, env)
			used[j] = false
		}
	}
	rec(0, make([]bool, len(nums)), map[string]*big.Rat{})
	return out
}

func checkWith(formula, answer string, gold []goldPart, env map[string]*big.Rat) CheckResult {
	res := CheckResult{Formula: formula, Answer: answer}
	f := strings.TrimSpace(formula)
	if f == "" {
		res.Status, res.Reason = StatusUnchecked, "no formula"
		return res
	}
	if len(f) > maxFormulaLen {
		res.Status, res.Reason = StatusUnchecked, "formula too long"
		return res
	}
	vars := map[string]bool{}
	var varOrder []string
	var stmts []string
	for _, s := range strings.Split(f, ";") {
		if m := declRe.FindStringSubmatch(s); m != nil && !strings.Contains(s, "=") {
			vars[m[1]] = true
			varOrder = append(varOrder, m[1])
			continue
		}
		if strings.TrimSpace(s) != "" {
			stmts = append(stmts, s)
		}
	}
	if len(varOrder) == 0 {
		// Formulas like "3L=54" or "2x+4x+3x=27" use unknowns without
		// declaring them: a lone letter written against a number, an
		// operator or a parenthesis is taken as one.
		for _, s := range stmts {
			if !strings.Contains(s, "=") || remRe.MatchString(s) {
				continue
			}
			for _, m := range implicitVarRe.FindAllStringSubmatch(" "+unitParenRe.ReplaceAllString(s, " ")+" ", -1) {
				if !vars[m[1]] {
					vars[m[1]] = true
					varOrder = append(varOrder, m[1])
				}
			}
		}
	}
	var vals []value
	for _, name := range varOrder {
		if v, ok := env[name]; ok {
			vals = append(vals, value{v: v})
		}
	}
	var eqs []affine // equations in the unknowns, each = 0
	comparisons := 0
	clock := false
	var final []value    // the values of the last statement
	var clockTimes []int // minutes after midnight stated by hh:mm statements
	var lastRem []int64  // quotient and remainder of the last division with remainder
	for _, s := range stmts {
		if strings.Contains(s, "hh:mm") {
			clock = true
			t, err := clockReading(s, lastRem)
			if err != "" {
				res.Status, res.Reason = StatusInconsistent, err
				return res
			}
			clockTimes = append(clockTimes, t)
			continue
		}
		if seqRe.MatchString(s) {
			return checkSequence(res, s, gold)
		}
		if !strings.Contains(s, "=") && !cmpRe.MatchString(s) && proseRe.MatchString(s) {
			continue // a sentence of explanation ("Rachel is the 3rd.")
		}
		if cmpRe.MatchString(s) && mixedMoney(s) {
			res.Status, res.Reason = StatusUnchecked, "comparison across units (cents and dollars)"
			return res
		}
		if m := remRe.FindStringSubmatch(s); m != nil {
			s = stripUnits(m[1], vars) + "=" + m[2] + " r " + m[3]
		} else {
			s = stripUnits(s, vars)
		}
		if parts := cmpRe.Split(s, -1); len(parts) == 2 {
			op := cmpRe.FindString(s)
			l, errL := chainValue(parts[0], vars)
			r, errR := chainValue(parts[1], vars)
			if errL != nil || errR != nil {
				res.Status, res.Reason = StatusUnchecked, fmt.Sprintf("comparison not evaluable: %v", firstErr(errL, errR))
				return res
			}
			comparisons++
			if !compareHolds(strings.TrimSpace(op), l, r) {
				res.Status = StatusInconsistent
				res.Reason = fmt.Sprintf("comparison %q is false: %s vs %s", strings.TrimSpace(s), ratString(l.v), ratString(r.v))
				return res
			}
			vals = append(vals, l, r)
			continue
		}
		if m := remRe.FindStringSubmatch(s); m != nil {
			lhs, err := evalExpr(m[1], vars)
			if err != nil || !lhs.isConst() {
				res.Status, res.Reason = StatusUnchecked, fmt.Sprintf("division with remainder not evaluable: %v", err)
				return res
			}
			a, b, ok := dividendDivisor(m[1], vars)
			if !ok {
				res.Status, res.Reason = StatusUnchecked, "division with remainder: not of the form a/b"
				return res
			}
			q, r := new(big.Int), new(big.Int)
			q.DivMod(a, b, r)
			wq, _ := new(big.Int).SetString(m[2], 10)
			wr, _ := new(big.Int).SetString(m[3], 10)
			if q.Cmp(wq) != 0 || r.Cmp(wr) != 0 {
				res.Status = StatusInconsistent
				res.Reason = fmt.Sprintf("%s: %s/%s is %s r%s", strings.TrimSpace(s), a, b, q, r)
				return res
			}
			vals = append(vals, value{v: new(big.Rat).SetInt(q)}, value{v: new(big.Rat).SetInt(r)})
			if q.IsInt64() && r.IsInt64() {
				lastRem = []int64{q.Int64(), r.Int64()}
			}
			final = append(final[:0], vals[len(vals)-2:]...)
			if r.Sign() != 0 { // a ceiling division's answer is q+1
				vals = append(vals, value{v: new(big.Rat).SetInt(new(big.Int).Add(q, big.NewInt(1)))})
				final = append(final, vals[len(vals)-1])
			}
			continue
		}
		if strings.Count(s, ":") == 2 && strings.Count(s, "=") == 1 {
			if eq, ok := ratioEquation(s, vars, env); ok {
				eqs = append(eqs, eq)
				continue
			}
		}
		sides := strings.Split(s, "=")
		var sv []value
		var unknown bool
		var affs []affine
		for _, side := range sides {
			if strings.TrimSpace(side) == "" {
				continue
			}
			v, a, err := sideValue(side, vars, env)
			if err != nil {
				res.Status, res.Reason = StatusUnchecked, fmt.Sprintf("cannot evaluate %q: %v", strings.TrimSpace(side), err)
				return res
			}
			if !a.isConst() {
				unknown = true
			}
			affs = append(affs, a)
			sv = append(sv, v)
		}
		if len(sv) == 0 {
			continue
		}
		if unknown {
			for i := 1; i < len(affs); i++ {
				eqs = append(eqs, affs[i-1].add(affs[i], -1))
			}
			continue
		}
		for i := 1; i < len(sv); i++ {
			if !closeEnough(sv[i-1], sv[i]) {
				res.Status = StatusInconsistent
				res.Reason = fmt.Sprintf("%q is false: %s ≠ %s", strings.TrimSpace(s), showVal(sv[i-1]), showVal(sv[i]))
				return res
			}
		}
		vals = append(vals, sv[len(sv)-1])
		final = append(final[:0], sv[len(sv)-1])
		for _, t := range sv[len(sv)-1].terms { // "3:4=18:24": 24 is a final value
			final = append(final, value{v: t})
		}
		for _, x := range sv {
			for _, t := range x.terms {
				vals = append(vals, value{v: t})
			}
		}
		if len(sv) > 1 {
			// every side of a true chain is a value the answer may name
			vals = append(vals, sv[:len(sv)-1]...)
		}
	}
	if len(eqs) > 0 {
		sol, why := solveLinear(eqs, varOrder)
		if sol == nil {
			// Nonlinear or underdetermined: try the answer's numbers as the
			// unknowns, in declaration order.
			if substitutionHolds(eqs, varOrder, gold) {
				res.Status, res.Reason = StatusOK, "answer satisfies the equations"
				return res
			}
			res.Status, res.Reason = StatusUnchecked, "equations: "+why
			return res
		}
		for _, name := range varOrder {
			if v, ok := sol[name]; ok {
				vals = append(vals, value{v: v})
				res.Values = append(res.Values, name+"="+ratString(v))
			}
		}
	}
	for _, v := range vals {
		if len(res.Values) < 12 {
			res.Values = append(res.Values, showVal(v))
		}
	}
	if clock {
		return matchClock(res, gold, clockTimes)
	}
	res = matchGold(res, gold, vals, comparisons)
	if res.Status == StatusOK && len(eqs) == 0 && len(gold) == 1 && len(final) > 0 && !anyGoldIn(gold, final) {
		res.Reason = "answer is an intermediate value of the formula (its last statement gives " + showVal(final[len(final)-1]) + ")"
		res.Intermediate = true
	}
	if len(eqs) > 0 && res.Status == StatusInconsistent {
		// The unknowns solve the equations, but the answer may be derived
		// from them (the digits of a number, the other angles): some match
		// is a verification, none is not a contradiction we can prove.
		if anyGoldIn(gold, vals) {
			res.Status, res.Reason = StatusOK, "the equations' solution is among the answer's parts (the others are derived)"
		} else {
			var sol []string
			for _, v := range res.Values {
				if strings.Contains(v, "=") {
					sol = append(sol, v)
				}
			}
			res.Status, res.Reason = StatusUnchecked, "answer derived from the unknowns' solution ("+strings.Join(sol, ", ")+")"
		}
	}
	return res
}

func mixedMoney(s string) bool {
	l := strings.ToLower(s)
	return strings.Contains(l, "cent") && strings.Contains(l, "dollar")
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// stripUnits removes the annotations that are not arithmetic: units in
// parentheses ("(cm)", "(min/hour)", "(Rug A)", "(nd)") and bare unit words
// ("cents", "square feet"), keeping declared variables and GCD/LCM.
func stripUnits(s string, vars map[string]bool) string {
	for i := 0; i < 20; i++ {
		changed := false
		s = parenWordRe.ReplaceAllStringFunc(s, func(m string) string {
			inner := m[1 : len(m)-1]
			if isAnnotation(inner, vars) {
				changed = true
				return " "
			}
			return m
		})
		if !changed {
			break
		}
	}
	s = wordRe.ReplaceAllStringFunc(s, func(w string) string {
		up := strings.ToUpper(w)
		if up == "GCD" || up == "LCM" || w == "equals" {
			return w
		}
		for _, c := range w {
			if !vars[string(c)] && !vars[strings.ToLower(string(c))] && !vars[strings.ToUpper(string(c))] {
				return " "
			}
		}
		return w
	})
	return s
}

// isAnnotation: a parenthetical is a label, not a sub-expression, when it has
// a word that is not made of declared variables.
func isAnnotation(inner string, vars map[string]bool) bool {
	for _, w := range wordRe.FindAllString(inner, -1) {
		up := strings.ToUpper(w)
		if up == "GCD" || up == "LCM" {
			continue
		}
		for _, c := range w {
			if !vars[string(c)] {
				return true
			}
		}
	}
	return false
}

// ratioEquation turns "x:y=5:6" into 6x-5y = 0 (one side must be known).
func ratioEquation(s string, vars map[string]bool, env map[string]*big.Rat) (affine, bool) {
	sides := strings.Split(s, "=")
	var pairs [2][2]affine
	for i, side := range sides {
		ab := strings.Split(side, ":")
		if len(ab) != 2 {
			return affine{}, false
		}
		for j := range ab {
			v, err := evalExprEnv(ab[j], vars, env)
			if err != nil {
				return affine{}, false
			}
			pairs[i][j] = v
		}
	}
	a, b, c, d := pairs[0][0], pairs[0][1], pairs[1][0], pairs[1][1]
	if a.isConst() && b.isConst() && c.isConst() && d.isConst() {
		return affine{}, false // plain arithmetic: the general path checks it
	}
	if !(c.isConst() && d.isConst()) {
		a, b, c, d = c, d, a, b
	}
	if !(c.isConst() && d.isConst()) {
		return affine{}, false
	}
	return a.scale(d.c).add(b.scale(c.c), -1), true
}

// sideValue evaluates one side of an equation: an expression or a ratio a:b.
func sideValue(side string, vars map[string]bool, env map[string]*big.Rat) (value, affine, error) {
	if strings.Contains(side, ":") {
		ab := strings.Split(side, ":")
		if len(ab) != 2 {
			return value{}, affine{}, fmt.Errorf("bad ratio")
		}
		a, err1 := evalExprEnv(ab[0], vars, env)
		b, err2 := evalExprEnv(ab[1], vars, env)
		if err := firstErr(err1, err2); err != nil {
			return value{}, affine{}, err
		}
		if !a.isConst() || !b.isConst() || b.c.Sign() == 0 {
			return value{}, affine{}, fmt.Errorf("bad ratio")
		}
		q := new(big.Rat).Quo(a.c, b.c)
		return value{v: q, ratio: true, text: strings.TrimSpace(side), terms: []*big.Rat{a.c, b.c}}, constant(q), nil
	}
	a, err := evalExprEnv(side, vars, env)
	if err != nil {
		return value{}, affine{}, err
	}
	v := value{v: a.c}
	if m := decimalRe.FindStringSubmatch(side); m != nil {
		// A rounded decimal ("0.833", "83.3%") stands for anything within one unit of its last digit.
		t := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(m[2]))), nil))
		if m[3] == "%" {
			t.Quo(t, big.NewRat(100, 1))
		}
		v.tol = t
	}
	return v, a, nil
}

// chainValue evaluates "a=b=c" (the last side is the value), for comparisons.
func chainValue(s string, vars map[string]bool) (value, error) {
	var last value
	found := false
	for _, side := range strings.Split(s, "=") {
		if strings.TrimSpace(side) == "" {
			continue
		}
		v, a, err := sideValue(side, vars, nil)
		if err != nil {
			return v, err
		}
		if !a.isConst() {
			return v, errNonlinear
		}
		if found && !closeEnough(last, v) {
			return v, fmt.Errorf("%q is false", s)
		}
		last, found = v, true
	}
	if !found {
		return last, fmt.Errorf("empty side")
	}
	return last, nil
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

// dividendDivisor reads "a/b" (after unit stripping) as two integers.
func dividendDivisor(s string, vars map[string]bool) (*big.Int, *big.Int, bool) {
	// "a/b/c" divides a by b·c: the remainder is a's ("(21600+60)/60/60=6 r60").
	depth, at := 0, -1
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case '/':
			if depth == 0 && at < 0 {
				at = i
			}
		}
	}
	if at < 0 {
		return nil, nil, false
	}
	a, err1 := evalExpr(s[:at], vars)
	b, err2 := evalExpr("("+strings.ReplaceAll(s[at+1:], "/", ")*(")+")", vars)
	if err1 != nil || err2 != nil || !a.isConst() || !b.isConst() || !a.c.IsInt() || !b.c.IsInt() || b.c.Sign() <= 0 {
		return nil, nil, false
	}
	return a.c.Num(), b.c.Num(), true
}

// matchGold decides ok/inconsistent by comparing the answer's parts with the
// values the formula computed.
func matchGold(res CheckResult, gold []goldPart, vals []value, comparisons int) CheckResult {
	if len(gold) == 0 {
		res.Status, res.Reason = StatusUnchecked, "empty answer"
		return res
	}
	numeric := 0
	for _, g := range gold {
		if g.Num != nil || g.Ratio != nil {
			numeric++
		}
	}
	if numeric < len(gold) {
		if comparisons > 0 {
			res.Status, res.Reason = StatusOK, "comparison holds (text answer not checked against it)"
			return res
		}
		res.Status, res.Reason = StatusUnchecked, "text answer"
		return res
	}
	if len(vals) == 0 {
		res.Status, res.Reason = StatusUnchecked, "formula computes no value"
		return res
	}
	var missing []string
	for _, g := range gold {
		want := g.Num
		if g.Ratio != nil {
			want = g.Ratio
		}
		found := false
		for _, v := range vals {
			if closeEnough(v, value{v: want}) {
				found = true
				break
			}
		}
		if !found {
			missing = append(missing, g.Raw)
		}
	}
	if len(missing) > 0 {
		res.Status = StatusInconsistent
		last := showVal(vals[0])
		if len(vals) > 0 {
			last = showVal(lastStatementValue(vals))
		}
		res.Reason = fmt.Sprintf("answer %s not computed by the formula (it gives %s)", strings.Join(missing, "; "), last)
		return res
	}
	res.Status, res.Reason = StatusOK, "formula gives the answer"
	return res
}

func lastStatementValue(vals []value) value { return vals[len(vals)-1] }

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

// solveLinear solves the equations (each affine form = 0) for the declared
// unknowns by Gaussian elimination over the rationals. It returns nil and a
// reason when the system is inconsistent or does not fix every unknown.
func solveLinear(eqs []affine, order []string) (map[string]*big.Rat, string) {
	names := append([]string(nil), order...)
	seen := map[string]bool{}
	for _, n := range names {
		seen[n] = true
	}
	var extra []string
	for _, e := range eqs {
		for k := range e.coef {
			if !seen[k] {
				seen[k] = true
				extra = append(extra, k)
			}
		}
	}
	sort.Strings(extra)
	names = append(names, extra...)
	n := len(names)
	rows := make([][]*big.Rat, len(eqs))
	for i, e := range eqs {
		row := make([]*big.Rat, n+1)
		for j, name := range names {
			row[j] = new(big.Rat)
			if c, ok := e.coef[name]; ok {
				row[j].Set(c)
			}
		}
		row[n] = new(big.Rat).Neg(e.c)
		rows[i] = row
	}
	r := 0
	pivots := make([]int, 0, n)
	for col := 0; col < n && r < len(rows); col++ {
		p := -1
		for i := r; i < len(rows); i++ {
			if rows[i][col].Sign() != 0 {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		rows[r], rows[p] = rows[p], rows[r]
		inv := new(big.Rat).Inv(rows[r][col])
		for j := col; j <= n; j++ {
			rows[r][j].Mul(rows[r][j], inv)
		}
		for i := range rows {
			if i == r || rows[i][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(rows[i][col])
			for j := col; j <= n; j++ {
				rows[i][j].Sub(rows[i][j], new(big.Rat).Mul(f, rows[r][j]))
			}
		}
		pivots = append(pivots, col)
		r++
	}
	for i := r; i < len(rows); i++ {
		if rows[i][n].Sign() != 0 {
			return nil, "the equations contradict each other"
		}
	}
	if len(pivots) < n {
		return nil, "the equations do not determine every unknown"
	}
	sol := map[string]*big.Rat{}
	for i, col := range pivots {
		sol[names[col]] = rows[i][n]
	}
	return sol, ""
}

// substitutionHolds puts the answer's numbers in for the unknowns, in their
// declaration order, and checks every equation.
func substitutionHolds(eqs []affine, order []string, gold []goldPart) bool {
	if len(order) == 0 || len(gold) < len(order) {
		return false
	}
	env := map[string]*big.Rat{}
	for i, name := range order {
		if gold[i].Num == nil {
			return false
		}
		env[name] = gold[i].Num
	}
	for _, e := range eqs {
		sum := new(big.Rat).Set(e.c)
		for k, c := range e.coef {
			v, ok := env[k]
			if !ok {
				return false
			}
			sum.Add(sum, new(big.Rat).Mul(c, v))
		}
		if sum.Sign() != 0 {
			return false
		}
	}
	return true
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
