package equiv_test

import (
	"testing"

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
