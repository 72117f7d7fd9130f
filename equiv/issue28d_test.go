package equiv_test

import (
	"context"
	"testing"

	"github.com/matheval/matheval/equiv"
)

// TestNamedTupleTargets: (y,x) = (1,2) names its items (y is 1, x is 2),
// as y = 1, x = 2 does: against an unnamed tuple it is compared in the
// written order only when that is the names' alphabetical order, and two
// named tuples are compared name by name. The names were dropped, so
// (y,x) = (1,2) was Equal to the point (1,2).
func TestNamedTupleTargets(t *testing.T) {
	wantEqual(t, []pair{
		{`(1,2)`, `(x,y)=(1,2)`},
		{`(1,2,3)`, `(x, y, z) = (1, 2, 3)`},
		{`(1,2)`, `(a,b)=(1,2)`},
		{`(1,1)`, `(y,x)=(1,1)`}, // both orders agree
		{`(x,y)=(1,2)`, `(y,x)=(2,1)`},
	})
	for _, p := range []pair{
		{`(1,2)`, `(y,x)=(1,2)`},
		{`(1,2,3)`, `(z,y,x)=(1,2,3)`},
		{`(3,1)`, `(n,m)=(3,1)`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s): the names put the items in another order", p.gold, p.cand, r.Reason)
		}
	}
	wantNotEqual(t, []pair{{`(x,y)=(1,2)`, `(y,x)=(1,2)`}, {`(2,1)`, `(x,y)=(1,2)`}})
}

// TestSetWords: a text answer that names a set is that set ("no
// solution" is ∅, "all real numbers" is ℝ); only the whole phrase is
// read, so it never matches a set with a member, or a number.
func TestSetWords(t *testing.T) {
	wantEqual(t, []pair{
		{`\emptyset`, `\text{no solution}`},
		{`\text{no solution}`, `\varnothing`},
		{`\text{No real solutions.}`, `\{\}`},
		{`\mathbb{R}`, `\text{all real numbers}`},
		{`(-\infty,\infty)`, `\text{all real numbers}`},
	})
	wantNotEqual(t, []pair{
		{`\{0\}`, `\text{no solution}`},
		{`(0,\infty)`, `\text{all real numbers}`},
		{`0`, `\text{none}`},
		{`\emptyset`, `\text{no solution for x > 2}`},
	})
}

// TestRootListPairs (stop 42): under RootLists (HARDMath's roots) two
// bracketed pairs are lists of roots in any order, never intervals: [1,
// -1] against [-1, 1] was "different sets of reals". By default [0, 1]
// and [1, 0] stay intervals (the second empty).
func TestRootListPairs(t *testing.T) {
	opts := equiv.Options{RootLists: true}
	for _, p := range []pair{{`[-1, 1]`, `[1.0, -1.0]`}, {`[-1, 2]`, `[2, -1]`}} {
		if r := equiv.Compare(context.Background(), p.gold, p.cand, opts); r.Outcome != equiv.Equal {
			t.Errorf("RootLists: Compare(%q, %q) = %v (%s), want Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
	for _, p := range []pair{{`[0, 1]`, `[0, 2]`}, {`[1, 1]`, `[1, -1]`}} {
		if r := equiv.Compare(context.Background(), p.gold, p.cand, opts); r.Outcome == equiv.Equal {
			t.Errorf("RootLists: Compare(%q, %q) = Equal (%s)", p.gold, p.cand, r.Reason)
		}
	}
	wantNotEqual(t, []pair{{`[0, 1]`, `[1, 0]`}})
}
