package hardmath

import (
	"context"
	"fmt"
	"sort"
	"testing"
)

func TestCheckMini(t *testing.T) {
	rows := miniRows(t)
	res := CheckRows(context.Background(), rows, CheckOptions{})
	type k struct{ t, r string }
	ok, bad, skip := map[k]int{}, map[k]int{}, map[k]int{}
	for _, r := range res {
		kk := k{r.Type, r.Regime}
		switch {
		case r.Skipped:
			skip[kk]++
			if skip[kk] <= 2 {
				t.Logf("skipped %s %s: %s", r.Key, r.Regime, r.Note)
			}
		case r.OK:
			ok[kk]++
		default:
			bad[kk]++
			if bad[kk] <= 2 {
				t.Logf("off %s %s at %g: ref %.6g num %.6g rel %.3g %s", r.Key, r.Regime, r.Point, r.Ref, r.Num, r.RelErr, r.Note)
			}
		}
	}
	var keys []string
	all := map[k]bool{}
	for _, m := range []map[k]int{ok, bad, skip} {
		for kk := range m {
			all[kk] = true
		}
	}
	for kk := range all {
		keys = append(keys, fmt.Sprintf("%-40s %-18s ok %3d off %3d skipped %3d", kk.t, kk.r, ok[kk], bad[kk], skip[kk]))
	}
	sort.Strings(keys)
	for _, s := range keys {
		t.Log(s)
	}
	// Exact answers must all agree with the numerics.
	for _, kk := range []k{{TypeNondimNumeric, "epsilon"}, {TypeNondimSymbolic, "epsilon"}, {TypeRoots, "small_eps"}, {TypeRoots, "large_eps"},
		{"integral/traditional", "small_eps"}, {"integral/traditional", "large_eps"}} {
		if bad[kk] > 0 || skip[kk] > 0 || ok[kk] == 0 {
			t.Errorf("%v: ok %d off %d skipped %d", kk, ok[kk], bad[kk], skip[kk])
		}
	}
	// The released intermediate-epsilon answers of multi-term integrals use
	// the wrong exponent: most must be flagged.
	if im := (k{"integral/traditional", "intermediate_eps"}); bad[im] < 40 {
		t.Errorf("only %d intermediate-epsilon integral answers flagged", bad[im])
	}
	if lp := (k{"integral/laplace", "large_x"}); ok[lp] < 45 || bad[lp] > 0 {
		t.Errorf("Laplace: ok %d off %d", ok[lp], bad[lp])
	}
}
