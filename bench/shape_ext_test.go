package bench_test

import (
	"context"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/asdiv"
	"github.com/matheval/matheval/bench/hardmath"
	mathbench "github.com/matheval/matheval/bench/math"
	"github.com/matheval/matheval/bench/math401"
	"github.com/matheval/matheval/internal/testenv"
)

// TestItemKindOfRealItems: every item each loader makes from the real data
// is recognised as its own benchmark's, so RefuseOtherItems never refuses a
// real run.
func TestItemKindOfRealItems(t *testing.T) {
	for _, tc := range []struct {
		b     bench.Benchmark
		elems []string
	}{
		{mathbench.New(), []string{"data", "math500", "test.jsonl"}},
		{math401.New(), []string{"data", "math401", "math401.json"}},
		{asdiv.New(), []string{"data", "asdiv", "ASDiv.xml"}},
		{hardmath.New(), []string{"data", "hardmath", "HARDMath_mini.json"}},
	} {
		items, _, err := tc.b.Load(context.Background(), testenv.Shared(t, tc.elems...), bench.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := bench.RefuseOtherItems(tc.b.Name(), items); err != nil {
			t.Errorf("%s: %v", tc.b.Name(), err)
		}
		for _, other := range []string{"math", "math401", "asdiv", "hardmath"} {
			if other != tc.b.Name() && bench.RefuseOtherItems(other, items) == nil {
				t.Errorf("%s items accepted as %s", tc.b.Name(), other)
			}
		}
	}
}
