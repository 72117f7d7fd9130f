package report

import (
	"bytes"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/report/reporttest"
	"github.com/matheval/matheval/rundir"
)

func writeRun(t *testing.T, o reporttest.Options) (string, []rundir.SampleRecord) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run-"+o.Model)
	recs, err := reporttest.Write(dir, o)
	if err != nil {
		t.Fatal(err)
	}
	return dir, recs
}

func TestReportSingleRun(t *testing.T) {
	dir, recs := writeRun(t, reporttest.Options{Items: 70, Seed: 1, Confidence: true, Results: true, Model: "m1"})
	r, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	a := Analyze(r)
	// Accuracy and kinds, recomputed here from the records.
	correct := 0
	kinds := map[answer.Kind]int{}
	for _, s := range recs {
		kinds[s.Verdict.Kind]++
		if s.Verdict.IsCorrect() {
			correct++
		}
	}
	if want := float64(correct) / float64(len(recs)); math.Abs(a.Accuracy.Value-want) > 1e-12 {
		t.Errorf("accuracy %v, want %v", a.Accuracy.Value, want)
	}
	if !(a.Accuracy.Lo < a.Accuracy.Value && a.Accuracy.Value < a.Accuracy.Hi) {
		t.Errorf("interval %+v does not surround the estimate", a.Accuracy)
	}
	for _, k := range a.Kinds {
		if k.Count != kinds[k.Kind] {
			t.Errorf("kind %s: %d, want %d", k.Kind, k.Count, kinds[k.Kind])
		}
	}
	if a.Cross == nil || len(a.Cross.Rows) != len(reporttest.Subjects)+1 || len(a.Cross.Columns) != 1+5+1 {
		t.Fatalf("subject x level table has the wrong shape: %+v", a.Cross)
	}
	// Levels are ordered naturally and level 1 is easier than level 5 in the fixture.
	var lv Breakdown
	for _, b := range a.Breakdowns {
		if b.Key == "level" {
			lv = b
		}
	}
	if len(lv.Groups) != 5 || lv.Groups[0].Value != "Level 1" || lv.Groups[0].Accuracy.Value <= lv.Groups[4].Accuracy.Value {
		t.Errorf("level breakdown: %+v", lv.Groups)
	}
	if a.Confidence == nil || a.Confidence.N != len(recs) || a.Confidence.AUROC <= 0.5 {
		t.Errorf("confidence: %+v", a.Confidence)
	}

	out := t.TempDir()
	w, err := Write([]*Run{r}, out)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(w.Markdown)
	for _, want := range []string{"Accuracy (%) by subject and level", "Accuracy by subject (benchmark table)",
		"Extraction diagnostics", "no_answer", "Cost and tokens", "prompt hash", "![Accuracy by level](plots/accuracy_by_level.png)"} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	if bytes.Contains(md, []byte("<script")) {
		t.Error("report.md contains a raw script tag")
	}
	h, _ := os.ReadFile(w.HTML)
	if !bytes.Contains(h, []byte(`src="data:image/svg`)) || bytes.Contains(h, []byte("src=\"http")) || bytes.Contains(h, []byte("<link")) {
		t.Error("report.html is not self-contained")
	}
	names := map[string]bool{}
	for _, p := range w.Plots {
		names[filepath.Base(p)] = true
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(p, ".png") {
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil || img.Bounds().Dx() < 300 {
				t.Errorf("%s: not a usable PNG: %v", p, err)
			}
		} else if !bytes.Contains(b, []byte("<svg")) {
			t.Errorf("%s: not an SVG", p)
		}
	}
	for _, want := range []string{"accuracy_by_level.png", "accuracy_by_subject.svg", "calibration.png", "confidence_histogram.svg"} {
		if !names[want] {
			t.Errorf("plot %s not written (have %v)", want, names)
		}
	}
}

func TestReportSeveralRunsAndSamples(t *testing.T) {
	d1, _ := writeRun(t, reporttest.Options{Items: 21, Samples: 4, Seed: 2, Model: "m1"})
	d2, _ := writeRun(t, reporttest.Options{Items: 21, Samples: 4, Seed: 3, Model: "m2", Skill: 0.1})
	var runs []*Run
	for _, d := range []string{d1, d2} {
		r, err := Load(d)
		if err != nil {
			t.Fatal(err)
		}
		if r.HasResults || r.Results.Samples != 84 {
			t.Errorf("results rebuilt from samples: %+v", r.Results)
		}
		runs = append(runs, r)
	}
	a := Analyze(runs[0])
	if len(a.K) != 3 || a.K[0].K != 1 || a.K[2].K != 4 {
		t.Fatalf("k metrics: %+v", a.K)
	}
	// pass@k with k=n is the share of items with at least one right sample.
	any := 0
	for _, o := range a.Outcomes {
		for _, at := range o.Attempts {
			if at.Correct {
				any++
				break
			}
		}
	}
	if got, want := a.K[2].Pass, float64(any)/float64(a.Items); math.Abs(got-want) > 1e-12 {
		t.Errorf("pass@4 = %v, want %v", got, want)
	}
	if math.Abs(a.K[2].Mean-a.Accuracy.Value) > 1e-12 {
		t.Errorf("mean@4 %v != accuracy %v", a.K[2].Mean, a.Accuracy.Value)
	}
	out := t.TempDir()
	w, err := Write(runs, out)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(w.Markdown)
	if !bytes.Contains(md, []byte("Runs side by side")) || !bytes.Contains(md, []byte("pass@k")) {
		t.Error("combined report lacks the side-by-side or pass@k table")
	}
	if _, err := os.Stat(filepath.Join(out, "plots", "2-run-m2-accuracy_by_level.png")); err != nil {
		t.Error(err)
	}
}

func TestCompare(t *testing.T) {
	d1, r1 := writeRun(t, reporttest.Options{Items: 60, Seed: 4, Model: "a"})
	d2, r2 := writeRun(t, reporttest.Options{Items: 55, Seed: 5, Model: "b", PromptHash: "p2"})
	a, _ := Load(d1)
	b, _ := Load(d2)
	c := Compare(a, b)
	right := func(recs []rundir.SampleRecord) map[string]bool {
		m := map[string]bool{}
		for _, s := range recs {
			m[s.Item.ID] = s.Verdict.IsCorrect()
		}
		return m
	}
	ra, rb := right(r1), right(r2)
	onlyA, onlyB := 0, 0
	for id, x := range ra {
		if y, ok := rb[id]; ok && x && !y {
			onlyA++
		} else if ok && y && !x {
			onlyB++
		}
	}
	if len(c.Flips.OnlyA) != onlyA || len(c.Flips.OnlyB) != onlyB || c.Paired != 55 {
		t.Errorf("flips %d/%d paired %d, want %d/%d/55", len(c.Flips.OnlyA), len(c.Flips.OnlyB), c.Paired, onlyA, onlyB)
	}
	if len(c.Flips.MissingB) != 5 {
		t.Errorf("items only in A: %v", c.Flips.MissingB)
	}
	if !(c.Diff.Lo <= c.Diff.Value && c.Diff.Value <= c.Diff.Hi) || math.Abs(c.Diff.Value-(c.AccA-c.AccB)) > 1e-12 {
		t.Errorf("difference %+v vs %v-%v", c.Diff, c.AccA, c.AccB)
	}
	text := c.Text(0)
	for _, want := range []string{`prompt hash differs: "p1" vs "p2"`, "seed differs", "5 items are in one run only", "McNemar exact"} {
		if !strings.Contains(text, want) {
			t.Errorf("comparison text lacks %q:\n%s", want, text)
		}
	}
	if w := Incomparable(a, a); len(w) != 0 {
		t.Errorf("a run compared with itself gives warnings: %v", w)
	}
}

func TestLoadErrors(t *testing.T) {
	dir, _ := writeRun(t, reporttest.Options{Items: 3, Seed: 1})
	f, _ := os.OpenFile(filepath.Join(dir, rundir.SamplesFile), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("{broken\n")
	f.Close()
	_, err := Load(dir)
	if err == nil || !strings.Contains(err.Error(), "samples.jsonl:4") {
		t.Errorf("error should name file and line: %v", err)
	}
	if _, err := Load(t.TempDir()); err == nil || !strings.Contains(err.Error(), "not a run directory") {
		t.Errorf("empty dir: %v", err)
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"a/r1", "b/c/r2", "r3"} {
		if _, err := reporttest.Write(filepath.Join(root, d), reporttest.Options{Items: 2}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Find(root, filepath.Join(root, "r3"))
	if err != nil || len(got) != 3 {
		t.Errorf("Find = %v, %v", got, err)
	}
}

func TestNaturalLess(t *testing.T) {
	if !NaturalLess("Level 2", "Level 10") || NaturalLess("x/10", "x/9") || !NaturalLess("a", "b") {
		t.Error("natural order wrong")
	}
}

func TestEmptyRun(t *testing.T) {
	dir := t.TempDir()
	if err := rundir.WriteJSON(dir, rundir.ManifestFile, rundir.Manifest{Benchmark: "math", Model: "m"}); err != nil {
		t.Fatal(err)
	}
	r, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	w, err := Write([]*Run{r}, dir)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(w.Markdown)
	if !bytes.Contains(md, []byte("| accuracy % (95% bootstrap CI over items) | – |")) || len(w.Plots) != 0 {
		t.Errorf("empty run report:\n%s", md)
	}
}
