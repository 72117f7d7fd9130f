package report_test

import (
	"bytes"
	"encoding/csv"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/report"
	"github.com/matheval/matheval/report/reporttest"
	"github.com/matheval/matheval/rundir"
)

// gridRuns writes runs of two models on two benchmarks (the fixture's
// MATH-like runs, the second renamed) with different skills.
func gridRuns(t *testing.T) []*report.Run {
	t.Helper()
	root := t.TempDir()
	var runs []*report.Run
	for i, c := range []struct {
		model, bench string
		skill        float64
	}{{"openai:alpha-7b", "math", 0}, {"openai:alpha-7b", "gsm8k", -0.2}, {"openai:beta_2", "math", -0.3}, {"openai:beta_2", "gsm8k", 0.1}} {
		dir := filepath.Join(root, c.bench+"-"+strings.TrimPrefix(c.model, "openai:")+"-0123456789")
		if _, err := reporttest.Write(dir, reporttest.Options{Items: 60, Seed: uint64(i + 1), Model: c.model, Skill: c.skill, Results: true}); err != nil {
			t.Fatal(err)
		}
		if c.bench != "math" {
			m, _ := rundir.ReadManifest(dir)
			m.Benchmark = c.bench
			res, _ := rundir.ReadResults(dir)
			res.Benchmark = c.bench
			if err := rundir.WriteJSON(dir, rundir.ManifestFile, m); err != nil {
				t.Fatal(err)
			}
			if err := rundir.WriteJSON(dir, rundir.ResultsFile, res); err != nil {
				t.Fatal(err)
			}
		}
		r, err := report.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, r)
	}
	return runs
}

// want is the grid's numbers as the metric formats them: [row][col] =
// {value, lo, hi}.
func want(g report.Grid) [][][3]string {
	var out [][][3]string
	for _, row := range g.Cells {
		var r [][3]string
		for _, c := range row {
			r = append(r, [3]string{c.Format(c.Value), c.Format(c.Interval.Lo), c.Format(c.Interval.Hi)})
		}
		out = append(out, r)
	}
	return out
}

var cellRE = regexp.MustCompile(`^([0-9.]+) (?:\{\\scriptsize )?\[([0-9.]+), ([0-9.]+)\]\}?$`)

func parseCell(t *testing.T, s string) [3]string {
	t.Helper()
	m := cellRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		t.Fatalf("cell %q does not parse", s)
	}
	return [3]string{m[1], m[2], m[3]}
}

// TestGridFormats: model x benchmark in Markdown, LaTeX and CSV, each
// parsed back, gives the same numbers as the runs' results, headed by
// model names (not hashes), with a macro average.
func TestGridFormats(t *testing.T) {
	g := report.ModelBenchmarkGrid(gridRuns(t))
	if strings.Join(g.Rows, ",") != "alpha-7b,beta_2" || strings.Join(g.Cols, ",") != "gsm8k,math,macro average" {
		t.Fatalf("rows %v cols %v", g.Rows, g.Cols)
	}
	w := want(g)
	// The macro average is the mean of the row's two values.
	for i, row := range g.Cells {
		if mean := (row[0].Value + row[1].Value) / 2; row[2].Value != mean {
			t.Errorf("row %d: macro %v, want %v", i, row[2].Value, mean)
		}
	}
	if w[0][0] == w[1][0] {
		t.Fatalf("the fixture's models score the same: %v", w)
	}
	var md, tex, cs bytes.Buffer
	for f, b := range map[string]*bytes.Buffer{report.FormatMarkdown: &md, report.FormatLaTeX: &tex, report.FormatCSV: &cs} {
		if err := g.Render(b, f); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), "0123456789") {
			t.Errorf("%s names a run's hash:\n%s", f, b)
		}
	}
	// Markdown: the table's rows, cells between pipes.
	var mdRows [][]string
	for _, l := range strings.Split(md.String(), "\n") {
		if strings.HasPrefix(l, "| ") {
			mdRows = append(mdRows, strings.Split(strings.Trim(l, "| "), " | "))
		}
	}
	// LaTeX: the tabular's body rows, cells between &.
	var texRows [][]string
	for _, l := range strings.Split(tex.String(), "\n") {
		if strings.HasSuffix(l, `\\`) {
			texRows = append(texRows, strings.Split(strings.TrimSuffix(l, ` \\`), " & "))
		}
	}
	recs, err := csv.NewReader(&cs).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(mdRows) != 3 || len(texRows) != 3 || len(recs) != 3 {
		t.Fatalf("rows: markdown %d, latex %d, csv %d, want 3 each\n%s\n%s\n%s", len(mdRows), len(texRows), len(recs), md.String(), tex.String(), cs.String())
	}
	if mdRows[0][1] != "gsm8k" || texRows[0][0] != "model" || recs[0][4] != "math" || recs[0][5] != "math lo" || texRows[2][0] != `beta\_2` {
		t.Errorf("headers: %v / %v / %v", mdRows[0], texRows, recs[0])
	}
	for i := range g.Rows {
		for j := range g.Cols {
			if got := parseCell(t, mdRows[i+1][j+1]); got != w[i][j] {
				t.Errorf("markdown [%d][%d] = %v, want %v", i, j, got, w[i][j])
			}
			if got := parseCell(t, texRows[i+1][j+1]); got != w[i][j] {
				t.Errorf("latex [%d][%d] = %v, want %v", i, j, got, w[i][j])
			}
			if got := [3]string{recs[i+1][1+3*j], recs[i+1][2+3*j], recs[i+1][3+3*j]}; got != w[i][j] {
				t.Errorf("csv [%d][%d] = %v, want %v", i, j, got, w[i][j])
			}
		}
	}
}

// TestBreakdownGrid: runs of one benchmark give model x group.
func TestBreakdownGrid(t *testing.T) {
	runs := gridRuns(t)
	var math []*report.Run
	for _, r := range runs {
		if r.Manifest.Benchmark == "math" {
			math = append(math, r)
		}
	}
	g, err := report.BreakdownGrid(math, "by_level")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Cols) != 6 || g.Cols[0] != "all" || len(g.Rows) != 2 {
		t.Fatalf("cols %v rows %v", g.Cols, g.Rows)
	}
	bd, _ := math[0].Results.Summary.Breakdown("by_level")
	if got, want := g.Cells[0][1].Value, bd.Groups[0].Values["accuracy"].Value; got != want {
		t.Errorf("first group %v, want %v", got, want)
	}
	if _, err := report.BreakdownGrid(runs, ""); err == nil {
		t.Error("a breakdown table of two benchmarks")
	}
	if _, err := report.BreakdownGrid(math, "by_nothing"); err == nil {
		t.Error("an unknown breakdown accepted")
	}
}

// TestMacro: the macro average's interval.
func TestMacro(t *testing.T) {
	a := &bench.Metric{Unit: bench.Percent, Estimate: bench.Estimate{N: 10, Value: 0.5, Interval: &bench.Interval{Lo: 0.3, Hi: 0.7}}}
	b := &bench.Metric{Unit: bench.Percent, Estimate: bench.Estimate{N: 10, Value: 0.9, Interval: &bench.Interval{Lo: 0.8, Hi: 1}}}
	m, ok := report.Macro([]*bench.Metric{a, b})
	if !ok || m.Value != 0.7 || m.Interval.Lo >= 0.7 || m.Interval.Hi <= 0.7 || m.Interval.Hi-m.Interval.Lo >= 0.4 {
		t.Errorf("macro %+v %v", m, m.Interval)
	}
	if _, ok := report.Macro([]*bench.Metric{a, nil}); ok {
		t.Error("a macro average with a missing value")
	}
}

// TestCompareAgainst: more than two runs, each against the first, with the
// same paired statistics as comparing that pair alone.
func TestCompareAgainst(t *testing.T) {
	var runs []*report.Run
	for i, skill := range []float64{0, -0.3, 0.05} {
		dir := filepath.Join(t.TempDir(), "r")
		if _, err := reporttest.Write(dir, reporttest.Options{Items: 60, Seed: uint64(10 + i), Model: "openai:m" + string(rune('a'+i)), Skill: skill, Results: true}); err != nil {
			t.Fatal(err)
		}
		r, err := report.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, r)
	}
	cs, err := report.CompareAgainst(runs[0], runs[1:])
	if err != nil || len(cs) != 2 {
		t.Fatalf("%d comparisons, %v", len(cs), err)
	}
	for i, c := range cs {
		alone, _ := report.Compare(runs[0], runs[i+1])
		if c.Diff != alone.Diff || c.SignP != alone.SignP || c.B != runs[i+1] {
			t.Errorf("pair %d: %+v, alone %+v", i, c.Diff, alone.Diff)
		}
	}
	text := report.ManyText(cs)
	for _, s := range []string{"B1 ", "B2 ", " mb ", " mc ", "no correction for multiple comparisons"} {
		if !strings.Contains(text, s) {
			t.Errorf("text lacks %q:\n%s", s, text)
		}
	}
	if j, err := report.ManyJSON(cs); err != nil || !strings.HasPrefix(string(j), "[") {
		t.Errorf("json %v %.40s", err, j)
	}
}

// A grid column of one quantity keeps one number format in every form
// (issue 32 item 10): mean reply tokens of 582 [164, 1000] and 7.5 [5, 10]
// read "582 [164, 1000]" and "8 [5, 10]", not "7.50 [5.00, 10.00]" below
// integers; a column of shares keeps its one decimal.
func TestGridOneFormatPerColumn(t *testing.T) {
	est := func(v, lo, hi float64) bench.Estimate {
		return bench.Estimate{N: 5, Value: v, Interval: &bench.Interval{Lo: lo, Hi: hi}}
	}
	tok := func(e bench.Estimate) *bench.Metric { return &bench.Metric{Unit: bench.Number, Estimate: e} }
	acc := func(e bench.Estimate) *bench.Metric { return &bench.Metric{Unit: bench.Percent, Estimate: e} }
	g := report.Grid{Title: "t", Corner: "model", Rows: []string{"a", "b"}, Cols: []string{"tokens", "accuracy"},
		Cells: [][]*bench.Metric{
			{tok(est(582, 164, 1000)), acc(est(0.5, 0.25, 0.75))},
			{tok(est(7.5, 5, 10)), acc(est(0.125, 0.05, 0.3))},
		}}
	wantCells := [][2]string{{"582 [164, 1000]", "50.0 [25.0, 75.0]"}, {"8 [5, 10]", "12.5 [5.0, 30.0]"}}
	for _, f := range []string{report.FormatText, report.FormatMarkdown, report.FormatLaTeX} {
		var b bytes.Buffer
		if err := g.Render(&b, f); err != nil {
			t.Fatal(err)
		}
		out := strings.ReplaceAll(b.String(), `{\scriptsize `, "")
		out = strings.ReplaceAll(out, `]}`, "]")
		for _, row := range wantCells {
			for _, c := range row {
				if !strings.Contains(out, c) {
					t.Errorf("%s lacks %q:\n%s", f, c, b.String())
				}
			}
		}
	}
	var cs bytes.Buffer
	if err := g.Render(&cs, report.FormatCSV); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&cs).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(recs[2][1:4], " "); got != "8 5 10" {
		t.Errorf("csv row b tokens %q, want 8 5 10", got)
	}
}
