package math

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/matheval/matheval/bench"
)

// TestPlotsImplementsPlotter checks the report hook: both files are
// written into the folder given, levels written "3" or "Level 3" both
// count, and a set without any numeric level is an error, not an empty plot.
func TestPlotsImplementsPlotter(t *testing.T) {
	b := New()
	var _ bench.Plotter = b
	var samples []bench.Sample
	for _, lv := range []string{"1", "Level 2", "3", "Level 5"} {
		for _, subj := range []string{"algebra", "geometry"} {
			samples = append(samples, sample(b, subj+"/"+lv, subj, lv, "2", `$\boxed{2}$`, "stop", 0, 0))
		}
	}
	dir := t.TempDir()
	files, err := b.Plots(samples, dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, PlotsName+".png"), filepath.Join(dir, PlotsName+".svg")}
	if len(files) != 2 || files[0] != want[0] || files[1] != want[1] {
		t.Fatalf("files %v, want %v", files, want)
	}
	svg, err := os.ReadFile(files[1])
	if err != nil || !bytes.Contains(svg, []byte("<svg")) {
		t.Fatalf("svg: %v", err)
	}
	bad := []bench.Sample{sample(b, "x", "algebra", "?", "2", `$\boxed{2}$`, "stop", 0, 0)}
	if _, err := b.Plots(bad, t.TempDir()); err == nil {
		t.Error("no error for items without a numeric level")
	}
}
