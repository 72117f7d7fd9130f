package amps

import (
	"bytes"
	"context"
	"errors"
	"os"
	"testing"
)

// TestGenerateToSameBytes: the streaming writer writes the bytes of
// WriteJSONL over Generate's records, in catalogue order, whether the
// modules' spools stay in memory or move to files, with any number of
// workers, and leaves no spool file behind.
func TestGenerateToSameBytes(t *testing.T) {
	mods, _ := Select([]string{"number_theory", "polygon_angle_sum"})
	opts := Options{Modules: mods, N: 12, Seed: 3}
	recs, want, err := Generate(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	wantBytes, err := MarshalJSONL(recs)
	if err != nil {
		t.Fatal(err)
	}
	defer func(v int) { spoolMemory = v }(spoolMemory)
	for _, c := range []struct{ mem, workers int }{{8 << 20, 1}, {8 << 20, 3}, {1000, 2}} {
		spoolMemory = c.mem
		files := spoolFiles.Load()
		dir := t.TempDir()
		var buf bytes.Buffer
		o := opts
		o.Workers = c.workers
		st, err := GenerateTo(context.Background(), &buf, dir, o)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), wantBytes) {
			t.Errorf("spool %d bytes, %d workers: the stream differs from WriteJSONL(Generate)", c.mem, c.workers)
		}
		if st.Kept != want.Kept || st.Kept != len(mods)*12 || len(st.Modules) != len(mods) {
			t.Errorf("stats %+v, want kept %d", st, want.Kept)
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Errorf("spool files left: %v", left)
		}
		if c.mem == 1000 && spoolFiles.Load() == files {
			t.Error("no spool moved to a file at 1,000 bytes")
		}
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestGenerateToErrors: a failed write or a cancelled context stops the
// generation with its error and removes the spools.
func TestGenerateToErrors(t *testing.T) {
	mods, _ := Select([]string{"algebra"})
	dir := t.TempDir()
	defer func(v int) { spoolMemory = v }(spoolMemory)
	spoolMemory = 100
	if _, err := GenerateTo(context.Background(), errWriter{}, dir, Options{Modules: mods, N: 3, Seed: 1, Workers: 2}); err == nil || !bytes.Contains([]byte(err.Error()), []byte("disk full")) {
		t.Errorf("failed write: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var buf bytes.Buffer
	if _, err := GenerateTo(ctx, &buf, dir, Options{Modules: mods, N: 3, Seed: 1}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := GenerateTo(context.Background(), &buf, dir, Options{Modules: mods, N: 0}); err == nil {
		t.Error("--n 0 accepted")
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("spool files left: %v", left)
	}
}

// TestNoRepeats: with NoRepeats a level whose space runs out is closed:
// level 1 of a small module drawn far past its size keeps only distinct
// problems and says how many it is short; with every level open the
// closed level's turns go to the others, which keep their bands.
func TestNoRepeats(t *testing.T) {
	small, _ := Select([]string{"polygon_angle_sum"})
	recs, st, err := Generate(context.Background(), Options{Modules: small, N: 400, Seed: 1, Level: 1, NoRepeats: true})
	if err != nil {
		t.Fatal(err)
	}
	distinct := map[string]bool{}
	for _, r := range recs {
		distinct[r.Problem] = true
	}
	if len(distinct) != len(recs) || st.Repeated != 0 || st.Short == 0 || len(recs)+st.Modules[0].Short != 400 || len(recs) < 10 {
		t.Errorf("level 1: %d records, %d distinct, repeats kept %d, short %d", len(recs), len(distinct), st.Repeated, st.Modules[0].Short)
	}
	all, st, err := Generate(context.Background(), Options{Modules: small, N: 3000, Seed: 1, NoRepeats: true})
	if err != nil {
		t.Fatal(err)
	}
	byLevel := map[int]int{}
	distinct = map[string]bool{}
	for _, r := range all {
		byLevel[r.LevelNum()]++
		distinct[r.Problem] = true
		if b := bandOf(levelBands[r.Module], DifficultyProxy(r)); b != r.LevelNum() {
			t.Fatalf("%s: level %d, band %d", r.UniqueID, r.LevelNum(), b)
		}
	}
	if len(distinct) != len(all) || st.Repeated != 0 {
		t.Errorf("all levels: %d records, %d distinct, %d repeats kept", len(all), len(distinct), st.Repeated)
	}
	// Level 1 closed early (as above), so the other levels hold more.
	if byLevel[1] >= byLevel[5] || byLevel[1] > len(recs) {
		t.Errorf("records by level %v, level 1 alone %d", byLevel, len(recs))
	}
	t.Logf("polygon_angle_sum, --n 3000 --no-repeats: %d kept by level %v, %d short", len(all), byLevel, st.Modules[0].Short)
}

// TestCrossRepeats: a problem text another module wrote before counts
// (spaces normalised), a module's own texts do not.
func TestCrossRepeats(t *testing.T) {
	c := newCrossSet()
	if n := c.addModule([]Record{{Problem: "a  b"}, {Problem: "c"}}); n != 0 {
		t.Errorf("first module: %d", n)
	}
	if n := c.addModule([]Record{{Problem: "a b"}, {Problem: "d"}, {Problem: "d"}}); n != 1 {
		t.Errorf("second module: %d, want 1", n)
	}
	if hashText("x") == hashText("y") || hashText("x") != hashText("x") {
		t.Error("hashText")
	}
}
