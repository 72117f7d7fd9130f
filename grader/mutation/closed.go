package mutation

import (
	"math"
	"math/cmplx"
	"slices"
	"strings"
)

// The closed-world family (issue 28, item 5): a gold value v with one
// catalogue construct beside or around it (catalogue.go) is a candidate
// the grader must never call Equal to v, unless the construct is on the
// no-op table. The construct either changes the meaning or leaves
// something the grader cannot have read; a grader that drops what it does
// not read calls the pair Equal, and that is the defect this family finds.

var (
	latexEntries, uniEntries, noopEntries []Construct
)

func init() {
	for _, c := range catalogue {
		switch {
		case c.Group == "noop":
			noopEntries = append(noopEntries, c)
		case strings.HasPrefix(c.Group, "uni-"):
			uniEntries = append(uniEntries, c)
		default:
			latexEntries = append(latexEntries, c)
		}
	}
}

// ClosedPerGold is how many catalogue entries a gold is set with: LaTeX,
// Unicode and no-op entries, in the default sample and in the full sweep.
var ClosedPerGold = struct{ Latex, Uni, NoOpEvery, FullLatex, FullUni, FullNoOp int }{1, 1, 8, 12, 6, 2}

// nonzero reports whether v is a finite value other than 0 (so that v
// times a symbol is not v); a matrix is nonzero when an entry is (a number
// before the zero matrix scales it to itself: ⅓·0 = 0 is proved, not a
// false Equal); other non-scalars count as nonzero.
func nonzero(v *Value) bool {
	if v == nil {
		return false
	}
	if v.Kind == "matrix" {
		for _, row := range v.Rows {
			for _, x := range row {
				if nonzero(x) {
					return true
				}
			}
		}
		return false
	}
	if v.Kind != "scalar" {
		return true
	}
	if v.Num.R != nil {
		return v.Num.R.Sign() != 0
	}
	some := false
	for _, z := range v.Num.V {
		if cmplx.IsInf(z) || cmplx.IsNaN(z) {
			return false
		}
		if cmplx.Abs(z) > 1e-9 {
			some = true
		}
	}
	return some && !math.IsInf(real(v.Num.V[0]), 0)
}

// innerAnswer strips the math delimiters and the box a gold brings with it
// (HARDMath keys are written "$$ \boxed{...} $$"), so that a construct is
// set beside the value itself, not after the end of the math.
func innerAnswer(s string) string {
	for {
		t := strings.TrimSpace(s)
		t = strings.TrimSpace(strings.Trim(t, "$"))
		t = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(t, `\[`), `\]`))
		if strings.HasPrefix(t, `\boxed{`) {
			if k := matchBrace(t, len(`\boxed`)); k == len(t)-1 {
				t = t[len(`\boxed{`):k]
			}
		}
		if t == s || t == "" {
			return s
		}
		s = t
	}
}

// Closed returns the closed-world pairs of gold g: catalogue entries
// picked by the gold's hash (ClosedPerGold), each set in one of its forms.
// Families are "closed:<group>" (MustDiffer) and "closed-exempt:<group>"
// (PolicyOnly: no-op table entries and policy forms, counted only).
func (G Generator) Closed(g Gold, full bool, st *Stats) []Pair {
	c := G.newGen(g, st, "\x00closed")
	if c == nil {
		return nil
	}
	c.cap = 1 << 30
	if c.gv != nil && c.gv.Kind == "text" {
		st.NotApplicable["closed (word golds)"]++
		return nil
	}
	v := innerAnswer(c.core)
	nz := nonzero(c.gv)
	nl, nu, nn := ClosedPerGold.Latex, ClosedPerGold.Uni, 0
	if c.pick(ClosedPerGold.NoOpEvery) == 0 {
		nn = 1
	}
	if full {
		nl, nu, nn = ClosedPerGold.FullLatex, ClosedPerGold.FullUni, ClosedPerGold.FullNoOp
	}
	var picked []Construct
	for _, set := range []struct {
		from []Construct
		n    int
	}{{latexEntries, nl}, {uniEntries, nu}, {noopEntries, nn}} {
		used := map[int]bool{}
		for k := 0; k < set.n && k < len(set.from); k++ {
			i := c.pick(len(set.from))
			for used[i] {
				i = (i + 1) % len(set.from)
			}
			used[i] = true
			picked = append(picked, set.from[i])
		}
	}
	for _, e := range picked {
		fs := slices.Sorted(func(yield func(Form) bool) {
			for f := range e.Forms {
				if !yield(f) {
					return
				}
			}
		})
		f := fs[c.pick(len(fs))]
		truth := e.Forms[f]
		if G.NoOp != nil && e.Group != "noop" && G.NoOp(e.Open, e.Close) {
			truth = Exempt
		}
		m := e.apply(v, f)
		note := e.String() + " " + f.String()
		switch truth {
		case Exempt:
			c.emit("closed-exempt:"+e.Group, c.wrapStyle(m), PolicyOnly, note+": "+e.Why)
			continue
		case ByOracle:
			mv, err := Read(m)
			if c.gv == nil || err != nil || Compare(c.gv, mv, c.g.Tol) != Different {
				st.Dropped["closed:"+e.Group]++
				continue
			}
		}
		if e.Nonzero && !nz {
			st.NotApplicable["closed:"+e.Group]++
			continue
		}
		if c.emit("closed:"+e.Group, c.wrapStyle(m), MustDiffer, note) {
			c.out[len(c.out)-1].Answer = m
		}
		if f == After && strings.HasPrefix(e.Open, `\`) && !strings.HasPrefix(e.Open, `\\`) {
			// the same command after a spacing command or a space (5\,\alpha,
			// 5~\text{J}): what follows a space is read or refused as well
			// (a unit after ~ was once dropped unread)
			sp := closedSpacings[c.pick(len(closedSpacings))]
			ms := v + sp + e.Open
			if c.emit("closed-spaced:"+e.Group, c.wrapStyle(ms), MustDiffer, note+" spaced "+sp) {
				c.out[len(c.out)-1].Answer = ms
			}
		}
	}
	return c.out
}

// closedSpacings are the separators the spaced closed-world pairs put
// between the value and the construct.
var closedSpacings = []string{" ", `\,`, "~", `\;`, `\ `, `\quad `}
