package math

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
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

// The length figure is drawn when items carry their texts, even without a
// numeric level; without texts and levels, Plots fails.
func TestPlotsLengthFigure(t *testing.T) {
	b := New()
	var samples []bench.Sample
	for i, n := range []int{30, 80, 120, 400, 900} {
		it := bench.Item{ID: string(rune('a' + i)), Answer: "2", Problem: strings.Repeat("x", n), Solution: strings.Repeat("y", 3*n),
			Meta: map[string]string{"subject": "algebra", "level": "?"}}
		samples = append(samples, bench.Sample{Item: it, Reply: `$\boxed{2}$`, Verdict: b.Grade(context.Background(), it, `$\boxed{2}$`, "stop")})
	}
	dir := t.TempDir()
	files, err := b.Plots(samples, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[0] != filepath.Join(dir, LengthName+".png") {
		t.Fatalf("files %v", files)
	}
	png, err := os.ReadFile(files[0])
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("png: %v", err)
	}
}
