package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/report/reporttest"
)

// TestMATH500Report builds a run over the real MATH-500 items (from
// ../shared; skipped when absent) and checks the report's subject x level
// table and plots. MATHEVAL_REPORT_OUT=dir keeps the output for a look.
func TestMATH500Report(t *testing.T) {
	src := testenv.Shared(t, "data", "math500", "test.jsonl")
	dir := filepath.Join(t.TempDir(), "math500-synthetic")
	recs, err := reporttest.FromMATH(src, dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := os.Getenv("MATHEVAL_REPORT_OUT")
	if out == "" {
		out = dir
	}
	w, err := Write([]*Run{r}, out)
	if err != nil {
		t.Fatal(err)
	}
	a := Analyze(r)
	if a.Items != 500 || len(recs) != 500 {
		t.Fatalf("items %d", a.Items)
	}
	// MATH has 7 subjects and 5 levels: the pivot has 7 rows, 1+5 columns.
	var cross *bench.Table
	for i, tb := range a.Summary.Tables {
		if tb.Name == "by_subject_level" {
			cross = &a.Summary.Tables[i]
		}
	}
	if cross == nil || len(cross.Rows) != 7 || len(cross.Columns) != 6 {
		t.Fatalf("subject x level table: %+v", cross)
	}
	if got := cross.Columns[1:6]; strings.Join(got, ",") != "Level 1,Level 2,Level 3,Level 4,Level 5" {
		t.Errorf("level columns %v", got)
	}
	md, _ := os.ReadFile(w.Markdown)
	if !strings.Contains(string(md), "| Intermediate Algebra |") {
		t.Error("report.md lacks the subject rows")
	}
	// 4 breakdowns (subject, level, problem length, solution length; the
	// grid of subject and level is MATH's own figure), 2 calibration
	// figures, 2 figures of the math benchmark (registered by this
	// package's tests: accuracy against length, by level per subject), each
	// as PNG and SVG.
	if len(w.Plots) != 16 || !strings.HasSuffix(w.Plots[13], "bench_accuracy_by_length.svg") ||
		!strings.HasSuffix(w.Plots[15], "bench_accuracy_by_level_per_subject.svg") {
		t.Errorf("plots: %v", w.Plots)
	}
	// Accuracy by length: every MATH-500 problem in one problem-length bin
	// and one solution-length bin.
	for _, name := range []string{"by_problem_length", "by_solution_length"} {
		bd, ok := a.Summary.Breakdown(name)
		n := 0
		for _, g := range bd.Groups {
			n += g.N
		}
		if !ok || n != 500 || len(bd.Groups) != 7 {
			t.Errorf("%s: %d items in %d bins", name, n, len(bd.Groups))
		}
	}
}
