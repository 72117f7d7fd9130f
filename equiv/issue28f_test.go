package equiv_test

import (
	"context"
	"testing"
	"time"

	"github.com/matheval/matheval/equiv"
)

// TestBaseGoldBareNumeral: a gold written in base b asks for the answer in
// base b, and models often leave the subscript out: a numeral with the
// gold's digits is the gold. Other digits are compared by decimal value as
// before, so a wrong base-b numeral stays wrong.
func TestBaseGoldBareNumeral(t *testing.T) {
	wantEqual(t, []pair{
		{`25_6`, `25`}, {`1011_2`, `1011`}, {`40_9`, `40`}, {`152A_{11}`, `152A`}, {`1F_{16}`, `1F`},
		{`\text{A5}_{11}`, `A5_{11}`}, {`1011_2`, `11`}, {`1011_2`, `11_{10}`}, {`1010_{\text{two}}`, `1010`},
	})
	for _, p := range []pair{
		{`25_6`, `24`}, {`25_6`, `35`}, {`1011_2`, `1001`}, {`1011_2`, `1011_3`}, {`152A_{11}`, `152B`},
		{`152A_{11}`, `1529`}, {`1F_{16}`, `1E`}, {`40_9`, `41`}, {`25_6`, `25_7`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s)", p.gold, p.cand, r.Reason)
		}
	}
}

// TestRegimeLists: under RegimeLists (HARDMath's integral answers, one
// formula per regime) a comma list is in order; the same formulas in
// another order were Equal. Root lists in brackets stay order-free, and
// without the option a comma list is a list of solutions.
func TestRegimeLists(t *testing.T) {
	opts := equiv.Options{Timeout: 2 * time.Second, RegimeLists: true, RootLists: true, Positive: true}
	gold := `\frac{0.7248}{\epsilon^{0.8}}, \frac{1.0}{\epsilon^{0.8}}, \frac{81}{\epsilon}`
	for _, c := range []struct {
		cand string
		want equiv.Outcome
	}{
		{`\frac{0.7248}{\epsilon^{0.8}}, \frac{1.0}{\epsilon^{0.8}}, \frac{81}{\epsilon}`, equiv.Equal},
		{`0.7248\epsilon^{-0.8}, \epsilon^{-0.8}, 81/\epsilon`, equiv.Equal},
		{`\frac{1.0}{\epsilon^{0.8}}, \frac{0.7248}{\epsilon^{0.8}}, \frac{81}{\epsilon}`, equiv.NotEqual},
		{`\frac{81}{\epsilon}, \frac{1.0}{\epsilon^{0.8}}, \frac{0.7248}{\epsilon^{0.8}}`, equiv.NotEqual},
		{`\frac{0.7248}{\epsilon^{0.8}}, \frac{1.0}{\epsilon^{0.8}}`, equiv.NotEqual},
	} {
		if r := equiv.Compare(context.Background(), gold, c.cand, opts); r.Outcome != c.want {
			t.Errorf("Compare(%q) = %s (%s), want %s", c.cand, r.Outcome, r.Reason, c.want)
		}
	}
	if r := equiv.Compare(context.Background(), `\left[ 1, \ 2\right]`, `\left[ 2, \ 1\right]`, opts); r.Outcome != equiv.Equal {
		t.Errorf("root list in another order: %s (%s), want Equal", r.Outcome, r.Reason)
	}
	if r := compare(`1, 2, 3`, `3, 1, 2`); r.Outcome != equiv.Equal {
		t.Errorf("solutions in another order: %s (%s), want Equal", r.Outcome, r.Reason)
	}
}
