package hardmath

import (
	"math"
	"math/cmplx"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/testenv"
)

// The interim evaluator and the shared engine must agree on every
// real-valued reference formula of HARDMath-mini they both evaluate.
func TestSharedEngineAgrees(t *testing.T) {
	path := testenv.Shared(t, "data", "hardmath", "HARDMath_mini.json")
	items, _, err := New().Load(path, bench.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	both, sharedFails, n := 0, 0, 0
	for _, it := range items {
		ref, _ := referenceFromItem(it.Extra)
		for _, g := range ref.Regimes {
			if !g.HasPoint || ref.Type == TypeRoots {
				continue
			}
			n++
			vars := map[string]complex128{g.Var: complex(g.Point, 0)}
			a, errA := interimEvaluator(g.Refs[0], vars, true)
			b, errB := SharedEvaluator(g.Refs[0], vars, true)
			if errB != nil {
				sharedFails++
				if sharedFails <= 3 {
					t.Logf("shared engine: %s: %v", g.Refs[0], errB)
				}
				continue
			}
			if errA != nil {
				t.Errorf("%s: interim fails (%v), shared gives %v", g.Refs[0], errA, b)
				continue
			}
			both++
			if imag(a) == 0 && imag(b) == 0 && cmplx.Abs(a-b) > 1e-9*math.Max(1, cmplx.Abs(a)) {
				t.Errorf("%s at %s=%g: interim %v, shared %v", g.Refs[0], g.Var, g.Point, a, b)
			}
		}
	}
	t.Logf("%d formulas: both evaluate %d, shared engine fails on %d", n, both, sharedFails)
	if both < n/2 {
		t.Errorf("the shared engine evaluates only %d of %d formulas", both, n)
	}
}
