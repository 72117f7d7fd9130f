package math401

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/matheval/matheval/calc"
)

// Record is one line of a generated set (JSON Lines: id, group, query, answer).
type Record struct {
	ID     string `json:"id"`
	Group  int    `json:"group"`
	Query  string `json:"query"`
	Answer string `json:"answer"`
	// Compat marks a set generated with the released file's conventions
	// (GenOptions.Compat): its summary adds the paper's own Neg column.
	Compat bool `json:"compat,omitempty"`
}

// GenOptions choose how a set is generated.
type GenOptions struct {
	Seed int64
	// Compat reproduces the released file's conventions: π = 3.1415 and
	// e = 2.71828 in the irrational group, trigonometric answers computed
	// from the exact angle (a multiple of π/4 or π/6) while the query shows
	// the multiple rounded to 2 decimals, and long expressions written
	// " ( a + b) * c". Without it every answer is the query's literal value.
	Compat bool
}

// Compatibility constants of the released file's irrational group.
var (
	compatPi = big.NewRat(31415, 10000)
	compatE  = big.NewRat(271828, 100000)
)

// rng is a small deterministic generator over PCG: its own intn keeps the
// output fixed for a seed whatever the standard library's range helpers do.
type rng struct{ src *rand.PCG }

func newRNG(seed int64) *rng {
	return &rng{rand.NewPCG(uint64(seed), 0x4d41544834303100)} // "MATH401"
}

// intn returns a number in [0, n). The modulo bias is below 2^-40 for the
// ranges used here.
func (r *rng) intn(n int64) int64 { return int64(r.src.Uint64() % uint64(n)) }

// between returns a number in [lo, hi].
func (r *rng) between(lo, hi int64) int64 { return lo + r.intn(hi-lo+1) }

func (r *rng) pick(s ...string) string { return s[r.intn(int64(len(s)))] }

// Generate builds the 401 records of a set: deterministic for a seed. It
// stops with ctx's error when ctx is done.
func Generate(ctx context.Context, opts GenOptions) ([]Record, error) {
	r := newRNG(opts.Seed)
	out := make([]Record, 0, Size)
	add := func(group int, query, ans string) {
		out = append(out, Record{ID: fmt.Sprintf("math401/%d", len(out)), Group: group, Query: query, Answer: ans, Compat: opts.Compat})
	}
	add(0, "e^(iπ)+1=", "0")
	for g := 1; g < NumGroups; g++ {
		for i := 0; i < PerGroup; i++ {
			var q, ans string
			var err error
			// A draw can be invalid (division by zero in a long expression);
			// draw again, a bounded number of times.
			for try := 0; ; try++ {
				if try == 100 {
					return nil, fmt.Errorf("math401: group %d: no valid expression after 100 draws", g)
				}
				q, ans, err = genItem(ctx, r, g, opts.Compat)
				if err == nil {
					break
				}
				if ctx.Err() != nil {
					return nil, fmt.Errorf("math401: generation stopped: %w", ctx.Err())
				}
			}
			add(g, q, ans)
		}
	}
	return out, nil
}

// FormatAnswer writes a value as the set does: integers without decimals
// in the integer groups, 4 decimals elsewhere.
func FormatAnswer(group int, v *big.Rat) string {
	if r := calc.Round(v, calc.Places); integerGroups[group] && r.IsInt() {
		// e^(iπ)+1 computes to about 1e-96, which is 0 at 4 decimals
		return r.FloatString(0)
	}
	return calc.FormatFixed(v, calc.Places)
}

func evalAnswer(ctx context.Context, group int, expr string, opts calc.Options) (string, error) {
	v, err := calc.Eval(ctx, expr, opts)
	if err != nil {
		return "", err
	}
	return FormatAnswer(group, v.Rat()), nil
}

// decimal writes m/10^s as Python's str(float) would for these ranges:
// trailing zeros dropped, but at least one decimal ("39.0", "0.0069").
func decimal(m int64, s int) string {
	t := new(big.Rat).SetFrac(big.NewInt(m), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(s)), nil)).FloatString(s)
	if strings.Contains(t, ".") {
		t = strings.TrimRight(t, "0")
	}
	if strings.HasSuffix(t, ".") || !strings.Contains(t, ".") {
		t = strings.TrimSuffix(t, ".") + ".0"
	}
	return t
}

// signed writes a second operand, with negative numbers in parentheses ("(-3)").
func signed(s string) string {
	if strings.HasPrefix(s, "-") {
		return "(" + s + ")"
	}
	return s
}

func genItem(ctx context.Context, r *rng, g int, compat bool) (query, ans string, err error) {
	itoa := func(n int64) string { return strconv.FormatInt(n, 10) }
	addSub := func(a, b string) string { return a + r.pick("+", "-") + signed(b) }
	var lit string // expression evaluated for the answer (the query itself unless compat differs)
	opts := calc.Options{}
	switch g {
	case 1, 2, 3, 4:
		max := map[int]int64{1: 10, 2: 100, 3: 1000, 4: 1_000_000_000_000}[g]
		query = addSub(itoa(r.between(0, max)), itoa(r.between(0, max)))
	case 5:
		query = addSub(itoa(r.between(-10, 10)), itoa(r.between(-10, 10)))
	case 6:
		dec := func() string {
			m := r.between(1, 99)
			if r.intn(2) == 0 {
				m = -m
			}
			return decimal(m, int(r.between(0, 4)))
		}
		query = addSub(dec(), dec())
	case 7:
		query = itoa(r.between(0, 100)) + r.pick("*", "×") + itoa(r.between(0, 100))
	case 8:
		dec := func() string { return decimal(r.between(0, 9), int(r.between(0, 2))) }
		query = dec() + r.pick("*", "×") + dec()
	case 9:
		query = itoa(r.between(0, 100_000)) + r.pick("*", "×") + itoa(r.between(0, 100_000))
	case 10:
		query = itoa(r.between(0, 100)) + r.pick("/", "÷") + itoa(r.between(1, 100))
	case 11:
		query = itoa(r.between(1, 10)) + r.pick("^", "**") + itoa(r.between(2, 4))
	case 12:
		base := strings.TrimRight(strings.TrimRight(new(big.Rat).SetFrac64(r.between(1, 99_999), 10_000).FloatString(4), "0"), ".")
		exp := strings.TrimRight(strings.TrimRight(new(big.Rat).SetFrac64(r.between(20_000, 40_000), 10_000).FloatString(4), "0"), ".")
		query = base + r.pick("^", "**") + exp
	case 13:
		n := itoa(r.between(0, 10))
		c := r.pick("e", "π", "pi")
		op := r.pick("+", "-", "*")
		if r.intn(2) == 0 {
			query = n + op + c
		} else {
			query = c + op + n
		}
		if compat {
			opts = calc.Options{Pi: compatPi, E: compatE}
		}
	case 14:
		query = longExpr(r, compat)
	case 15:
		query, lit = trig(r, compat)
	case 16:
		n := itoa(r.between(1, 1000))
		query = r.pick("log 2(", "ln(", "log 10(") + n + ")"
	default:
		return "", "", fmt.Errorf("math401: no group %d", g)
	}
	if lit == "" {
		lit = query
	}
	ans, err = evalAnswer(ctx, g, lit, opts)
	if compat && g == 14 {
		query = " " + query
	}
	return query + "=", ans, err
}

// longExpr draws 2 or 3 terms joined by + - * /, each term a number within
// 100 or a bracketed pair of them: the released file's shape.
func longExpr(r *rng, compat bool) string {
	open := "("
	if compat {
		open = "( " // the released file writes " ( 44 + 97) * 61"
	}
	ops := []string{"+", "-", "*", "/"}
	num := func() string { return strconv.FormatInt(r.between(0, 100), 10) }
	n := int(r.between(2, 3))
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(" " + ops[r.intn(4)] + " ")
		}
		if r.intn(2) == 0 {
			b.WriteString(open + num() + " " + ops[r.intn(4)] + " " + num() + ")")
		} else {
			b.WriteString(num())
		}
	}
	return b.String()
}

// trig draws sin, cos or tan of an angle in degrees (a multiple of 30° or
// 45° within ±360°) or in radians as a multiple of π that is a multiple of
// 1/4 or 1/6 within ±10, shown with at most 2 decimals. It returns the query
// and the expression whose value is the answer (the exact angle under
// compat, else the query itself). tan is never drawn at an odd multiple of
// π/2, where it is undefined.
func trig(r *rng, compat bool) (query, lit string) {
	for {
		f := r.pick("sin", "cos", "tan")
		if r.intn(5) < 2 {
			step := []int64{30, 45}[r.intn(2)]
			deg := step * r.between(-360/step, 360/step)
			if f == "tan" && (deg%180+180)%180 == 90 {
				continue
			}
			q := fmt.Sprintf("%s(%d°)", f, deg)
			return q, q
		}
		d := []int64{1, 2, 3, 4, 6}[r.intn(5)]
		n := r.between(-10*d, 10*d)
		k := big.NewRat(n, d)
		if f == "tan" && new(big.Rat).Sub(k, big.NewRat(1, 2)).IsInt() {
			continue
		}
		shown := decimal(calc.Round(k, 2).Num().Int64()*100/calc.Round(k, 2).Denom().Int64(), 2)
		q := fmt.Sprintf("%s(%sπ)", f, shown)
		if compat {
			return q, fmt.Sprintf("%s((%d/%d)π)", f, n, d)
		}
		return q, q
	}
}

// WriteJSONL writes records as JSON Lines, one per line, with no HTML
// escaping, so that the same records always give the same bytes.
func WriteJSONL(recs []Record) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, rec := range recs {
		if err := enc.Encode(rec); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}
