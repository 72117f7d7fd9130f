package hardmath

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/matheval/matheval/bench"
)

// Generated problems of every type are re-read from their JSON, their
// numerical checks recomputed from the question text alone (CheckRows,
// which shares no code path with the generators' own validation), and their
// references graded against themselves.
func TestGenerateAllTypes(t *testing.T) {
	for _, compat := range []bool{false, true} {
		set, err := Generate(context.Background(), GenOptions{Seed: 1, N: 24, Compat: compat})
		if err != nil {
			t.Fatal(err)
		}
		if len(set.Rows) != 24 {
			t.Fatalf("got %d rows", len(set.Rows))
		}
		for _, ty := range AllGenTypes {
			t.Logf("compat=%v %-17s kept %d of %d", compat, ty, set.Tried[ty]-set.Rejected[ty], set.Tried[ty])
		}
		js, err := WriteJSON(set.Rows)
		if err != nil {
			t.Fatal(err)
		}
		rows, warns, err := ParseRows(js, "generated")
		if err != nil || len(rows) != 24 {
			t.Fatalf("re-read: %d rows, %v", len(rows), err)
		}
		if len(warns) > 0 {
			t.Errorf("duplicates in a generated set: %v", warns)
		}
		types := map[string]int{}
		for _, r := range CheckRows(context.Background(), rows, CheckOptions{}) {
			types[r.Type]++
			if !r.OK || r.Skipped {
				t.Errorf("row %s %s %s: not confirmed: ref %.6g num %.6g rel %.3g skipped=%v %s", r.Key, r.Type, r.Regime, r.Ref, r.Num, r.RelErr, r.Skipped, r.Note)
			}
		}
		for _, want := range []string{TypeNondimSymbolic, TypeRoots, TypeRootCorrections, TypeODE, "integral/traditional", "integral/laplace"} {
			if types[want] == 0 && !(want == TypeNondimSymbolic && types[TypeNondimNumeric] > 0) {
				t.Errorf("no %s problem checked (have %v)", want, types)
			}
		}
		b := New()
		for _, kr := range rows {
			it, err := ItemOf(context.Background(), "gen", kr)
			if err != nil {
				t.Errorf("row %s: %v", kr.Key, err)
				continue
			}
			if v := b.Grade(context.Background(), it, b.GoldReply(it), "stop"); v.Score != 1 {
				t.Errorf("row %s (%s): gold scored %v: %s", kr.Key, it.Meta["type"], v.Score, v.Reason)
			}
		}
	}
}

func TestGenerateDeterministic(t *testing.T) {
	a, err := Generate(context.Background(), GenOptions{Seed: 7, N: 6})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(context.Background(), GenOptions{Seed: 7, N: 6})
	c, _ := Generate(context.Background(), GenOptions{Seed: 8, N: 6})
	ja, _ := WriteJSON(a.Rows)
	jb, _ := WriteJSON(b.Rows)
	jc, _ := WriteJSON(c.Rows)
	if !bytes.Equal(ja, jb) {
		t.Error("same seed, different output")
	}
	if bytes.Equal(ja, jc) {
		t.Error("different seeds, same output")
	}
	if _, err := ParseGenTypes("roots,bogus"); err == nil {
		t.Error("unknown type accepted")
	}
	items, _, err := New().Load(context.Background(), "", bench.LoadOptions{Seed: 3, Limit: 6})
	if err != nil || len(items) != 6 {
		t.Errorf("generated load: %d items, %v", len(items), err)
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, ty := range AllGenTypes {
		b.Run(ty, func(b *testing.B) {
			n := 0
			for i := 0; i < b.N; i++ {
				set, err := Generate(context.Background(), GenOptions{Seed: int64(i), N: 1, Types: []string{ty}})
				if err != nil {
					b.Fatal(err)
				}
				n += len(set.Rows)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "problems/s")
		})
	}
}

func TestPlotRow(t *testing.T) {
	set, err := Generate(context.Background(), GenOptions{Seed: 2, N: 3, Types: []string{GenODE, GenEpsIntegral, GenLaplace}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, kr := range set.Rows {
		files, err := PlotRow(context.Background(), kr, dir+"/p"+kr.Key)
		if err != nil || len(files) != 2 {
			t.Errorf("row %s: %v %v", kr.Key, files, err)
		}
	}
	roots, _ := Generate(context.Background(), GenOptions{Seed: 2, N: 1, Types: []string{GenRoots}})
	if _, err := PlotRow(context.Background(), roots.Rows[0], dir+"/r"); err == nil {
		t.Error("a roots problem has no curve to plot")
	}
}

// Generate stops at once with the caller's cancelled context.
func TestGenerateHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	set, err := Generate(ctx, GenOptions{Seed: 1, N: 6})
	if !errors.Is(err, context.Canceled) || len(set.Rows) != 0 {
		t.Fatalf("Generate with a cancelled context: %d rows, %v", len(set.Rows), err)
	}
}
