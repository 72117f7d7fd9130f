package hardmath

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// Generator types.
const (
	GenNondim      = "nondim"
	GenRoots       = "roots"
	GenRootCorr    = "root_corrections"
	GenODE         = "ode"
	GenEpsIntegral = "integral"
	GenLaplace     = "laplace"
)

// AllGenTypes lists every generator type in output order.
var AllGenTypes = []string{GenNondim, GenRoots, GenRootCorr, GenODE, GenEpsIntegral, GenLaplace}

// ParseGenTypes reads "all" or a comma list of generator types.
func ParseGenTypes(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "all" {
		return append([]string(nil), AllGenTypes...), nil
	}
	var out []string
	seen := map[string]bool{}
	for _, t := range strings.Split(s, ",") {
		t = strings.TrimSpace(t)
		ok := false
		for _, k := range AllGenTypes {
			ok = ok || k == t
		}
		if !ok {
			return nil, fmt.Errorf("unknown HARDMath problem type %q (known: all, %s)", t, strings.Join(AllGenTypes, ", "))
		}
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out, nil
}

// GenOptions choose what to generate.
type GenOptions struct {
	Seed  int64
	N     int      // problems in all, spread evenly over Types
	Types []string // generator types (default: all)
	// Compat follows the released data's conventions where they differ from
	// the paper: roots evaluated at epsilon 0.1 and 10 (not 0.01 and 100),
	// ODE small-x answers from the y-term balance only (not the full
	// third-order Taylor polynomial), integral coefficients to 4 significant
	// digits (not 6). The released intermediate-epsilon integral formula,
	// which is wrong, is never reproduced.
	Compat bool
	// PerProblem bounds the numerical validation of one candidate (default 5 s).
	PerProblem time.Duration
}

// GenSet is a generated set of rows with per-type statistics.
type GenSet struct {
	Rows     []KeyedRow
	Tried    map[string]int // candidates drawn per type
	Rejected map[string]int // candidates rejected (failed validation or degenerate)
}

// maxTriesPerProblem bounds the candidates drawn for one kept problem.
const maxTriesPerProblem = 200

// Generate draws problems deterministically from the seed: each type has its
// own random stream, so adding a type does not change the others' problems.
// Every candidate is validated numerically under ctx and a deadline of
// its own; rejected ones are counted. A cancelled ctx stops the generation
// with its error (a candidate that timed out under a live ctx is only
// rejected).
func Generate(ctx context.Context, o GenOptions) (GenSet, error) {
	if o.N <= 0 {
		return GenSet{}, fmt.Errorf("hardmath: number of problems must be positive")
	}
	types := o.Types
	if len(types) == 0 {
		types = AllGenTypes
	}
	if o.PerProblem <= 0 {
		o.PerProblem = 5 * time.Second
	}
	set := GenSet{Tried: map[string]int{}, Rejected: map[string]int{}}
	for ti, t := range types {
		gen := generators[t]
		if gen == nil {
			return set, fmt.Errorf("hardmath: unknown problem type %q", t)
		}
		idx := 0
		for k, name := range AllGenTypes {
			if name == t {
				idx = k
			}
		}
		need := o.N / len(types)
		if ti < o.N%len(types) {
			need++
		}
		rng := rand.New(rand.NewPCG(uint64(o.Seed), 0x9e3779b97f4a7c15*uint64(idx+1)))
		for kept := 0; kept < need; {
			if set.Tried[t] >= maxTriesPerProblem*need {
				return set, fmt.Errorf("hardmath: %s: only %d of %d problems passed validation after %d candidates", t, kept, need, set.Tried[t])
			}
			if err := ctx.Err(); err != nil {
				return set, fmt.Errorf("hardmath: generation stopped after %d problems: %w", len(set.Rows), err)
			}
			set.Tried[t]++
			pctx, cancel := context.WithTimeout(ctx, o.PerProblem)
			row, err := gen(pctx, rng, o)
			cancel()
			if err := ctx.Err(); err != nil {
				return set, fmt.Errorf("hardmath: generation stopped after %d problems: %w", len(set.Rows), err)
			}
			if err != nil {
				set.Rejected[t]++
				continue
			}
			set.Rows = append(set.Rows, KeyedRow{Key: strconv.Itoa(len(set.Rows)), Row: row})
			kept++
		}
	}
	return set, nil
}

type genFunc func(ctx context.Context, rng *rand.Rand, o GenOptions) (Row, error)

var generators = map[string]genFunc{
	GenNondim:      genNondim,
	GenRoots:       genRoots,
	GenRootCorr:    genRootCorrections,
	GenODE:         genODE,
	GenEpsIntegral: genEpsIntegral,
	GenLaplace:     genLaplace,
}

// WriteJSON writes rows as a JSON object keyed by id, in row order, in the
// released files' schema.
func WriteJSON(rows []KeyedRow) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, kr := range rows {
		k, _ := json.Marshal(kr.Key)
		v, err := json.MarshalIndent(kr.Row, "  ", "  ")
		if err != nil {
			return nil, err
		}
		b.WriteString("  ")
		b.Write(k)
		b.WriteString(": ")
		b.Write(v)
		if i+1 < len(rows) {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// Small helpers shared by the generators.

func ptrF(v float64) *float64 { return &v }
func ptrS(s string) *string   { return &s }
func ptrI(v int) *int         { return &v }
func strp(s string) *string   { return &s }

// sig formats v with n significant digits as a plain LaTeX number, using
// "a \cdot 10^{b}" outside [1e-4, 1e7).
func sig(v float64, n int) string {
	if v == 0 {
		return "0"
	}
	a := math.Abs(v)
	if a >= 1e-4 && a < 1e7 {
		s := strconv.FormatFloat(v, 'f', -1, 64)
		r := strconv.FormatFloat(v, 'g', n, 64)
		if !strings.ContainsAny(r, "e") {
			return r
		}
		return s
	}
	e := int(math.Floor(math.Log10(a)))
	m := v / math.Pow(10, float64(e))
	return strconv.FormatFloat(m, 'g', n, 64) + ` \cdot 10^{` + strconv.Itoa(e) + `}`
}

// pyFloat formats a value as Python's str() would, roughly.
func pyFloat(v float64) string { return strconv.FormatFloat(v, 'g', 16, 64) }

// pyComplexList formats complex values as Python prints a list of complex.
func pyComplexList(zs []complex128) string {
	var parts []string
	for _, z := range zs {
		im := strconv.FormatFloat(imag(z), 'g', 16, 64)
		if !strings.HasPrefix(im, "-") {
			im = "+" + im
		}
		parts = append(parts, "("+strconv.FormatFloat(real(z), 'g', 16, 64)+im+"j)")
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// latexComplex writes a complex number in LaTeX ("0.12 - 0.034 i").
func latexComplex(z complex128, n int) string {
	re, im := real(z), imag(z)
	// Parts below 1e-9 of the other are rounding noise of real or
	// imaginary roots.
	if math.Abs(im) <= 1e-9*math.Abs(re) {
		return sig(re, n)
	}
	if math.Abs(re) <= 1e-9*math.Abs(im) {
		return sig(im, n) + " i"
	}
	op := " + "
	if im < 0 {
		op = " - "
	}
	return sig(re, n) + op + sig(math.Abs(im), n) + " i"
}

// polyLatex writes sum c_k x^k (descending powers) as sympy prints it.
func polyLatex(coef map[int]int, v string) string {
	var b strings.Builder
	maxp := 0
	for p := range coef {
		maxp = max(maxp, p)
	}
	first := true
	for p := maxp; p >= 0; p-- {
		c := coef[p]
		if c == 0 {
			continue
		}
		switch {
		case first && c < 0:
			b.WriteString("- ")
		case !first && c < 0:
			b.WriteString(" - ")
		case !first:
			b.WriteString(" + ")
		}
		first = false
		a := c
		if a < 0 {
			a = -a
		}
		if a != 1 || p == 0 {
			b.WriteString(strconv.Itoa(a))
			if p > 0 {
				b.WriteString(" ")
			}
		}
		switch {
		case p == 1:
			b.WriteString(v)
		case p > 1:
			fmt.Fprintf(&b, "%s^{%d}", v, p)
		}
	}
	if first {
		return "0"
	}
	return b.String()
}

func gcd(a, b int) int {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// fracLatex writes p/q reduced ("\frac{7}{2}", "3").
func fracLatex(p, q int) string {
	g := gcd(p, q)
	p, q = p/g, q/g
	if q < 0 {
		p, q = -p, -q
	}
	if q == 1 {
		return strconv.Itoa(p)
	}
	if p < 0 {
		return `- \frac{` + strconv.Itoa(-p) + `}{` + strconv.Itoa(q) + `}`
	}
	return `\frac{` + strconv.Itoa(p) + `}{` + strconv.Itoa(q) + `}`
}

// relClose reports |a-b| <= tol |b|.
func relClose(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Abs(b)
}
