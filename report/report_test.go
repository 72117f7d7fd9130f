package report

import (
	"bytes"
	"errors"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
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
	acc, ok := a.Summary.Main()
	if want := float64(correct) / float64(len(recs)); !ok || math.Abs(acc.Value-want) > 1e-12 {
		t.Errorf("accuracy %v, want %v", acc.Value, want)
	}
	if acc.Interval == nil || !(acc.Interval.Lo < acc.Value && acc.Value < acc.Interval.Hi) {
		t.Errorf("interval %+v does not surround the estimate", acc.Interval)
	}
	if a.SummaryNote != "" || a.Status.Partial() {
		t.Errorf("a complete run with results.json: note %q, status %v", a.SummaryNote, a.Status)
	}
	for _, k := range a.Kinds {
		if k.Count != kinds[k.Kind] {
			t.Errorf("kind %s: %d, want %d", k.Kind, k.Count, kinds[k.Kind])
		}
	}
	// Levels are ordered naturally and level 1 is easier than level 5 in the fixture.
	lv, _ := a.Summary.Breakdown("by_level")
	if len(lv.Groups) != 5 || lv.Groups[0].Label != "Level 1" || lv.Groups[0].Values["accuracy"].Value <= lv.Groups[4].Values["accuracy"].Value {
		t.Errorf("level breakdown: %+v", lv.Groups)
	}
	if a.Confidence == nil || a.Confidence.N != len(recs) || a.Confidence.AUROC <= 0.5 || a.Confidence.AUROC != a.Summary.Value("auroc") {
		t.Errorf("confidence: %+v", a.Confidence)
	}

	out := t.TempDir()
	w, err := Write([]*Run{r}, out)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(w.Markdown)
	for _, want := range []string{"## Results", "## Accuracy by subject", "## Accuracy by level", "Extraction diagnostics", "no_answer",
		"Cost and tokens", "prompt hash", "Intervals: 95% percentile bootstrap over items", "![Accuracy by level](plots/breakdown_by_level.png)",
		"| accuracy | " + acc.Text() + " | 70 |"} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	// Each number once: one table per breakdown, one statement of the
	// interval method, the headline in one place.
	for want, n := range map[string]int{"| subject | items |": 1, "| level | items |": 1, "Intervals:": 1, acc.Text(): 1} {
		if got := bytes.Count(md, []byte(want)); got != n {
			t.Errorf("report.md has %q %d times, want %d", want, got, n)
		}
	}
	// The benchmark's tables first, the manifest last.
	sections := regexp.MustCompile(`(?m)^## (.*)$`).FindAllStringSubmatch(string(md), -1)
	if len(sections) < 5 || sections[0][1] != "Results" || sections[1][1] != "Accuracy by subject" || sections[len(sections)-1][1] != "Manifest" {
		t.Errorf("sections %v", sections)
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
	for _, want := range []string{"breakdown_by_level.png", "breakdown_by_subject.svg", "calibration.png", "confidence_histogram.svg"} {
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
	// Without results.json the summary is the benchmark's (math is
	// registered by this package's tests), computed from the samples.
	if !strings.Contains(a.SummaryNote, "results.json is missing") || !strings.Contains(a.SummaryNote, "math benchmark") {
		t.Errorf("note %q", a.SummaryNote)
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
	if got, want := a.Summary.Value("pass@4"), float64(any)/float64(a.Items); math.Abs(got-want) > 1e-12 {
		t.Errorf("pass@4 = %v, want %v", got, want)
	}
	out := t.TempDir()
	w, err := Write(runs, out)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(w.Markdown)
	for _, want := range []string{"Runs side by side", "pass@k % [95% CI]", "pass@k: the chance that at least one of k samples"} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("combined report lacks %q", want)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "plots", "2-run-m2-breakdown_by_level.png")); err != nil {
		t.Error(err)
	}
}

// A run stopped early says so first, in the report and the comparison.
func TestPartialRun(t *testing.T) {
	dir, _ := writeRun(t, reporttest.Options{Items: 30, Seed: 6, Results: true, Model: "p"})
	res, err := rundir.ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := rundir.ReadManifest(dir)
	m.Items, m.Extra = 300, map[string]string{rundir.StatusKey: rundir.StatusStopped + "interrupted"}
	res.Planned, res.Stopped = 300, "interrupted"
	if err := rundir.WriteJSON(dir, rundir.ManifestFile, m); err != nil {
		t.Fatal(err)
	}
	if err := rundir.WriteJSON(dir, rundir.ResultsFile, res); err != nil {
		t.Fatal(err)
	}
	r, _ := Load(dir)
	w, err := Write([]*Run{r}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(w.Markdown)
	first := strings.SplitN(string(md), "\n\n", 3)
	if len(first) < 2 || !strings.Contains(first[1], "30 of 300 items done (interrupted)") {
		t.Errorf("report does not start with the partial status:\n%s", md[:min(len(md), 400)])
	}
	c, err := Compare(r, r)
	if err != nil {
		t.Fatal(err)
	}
	if text := c.Text(0); !strings.Contains(text, "A is partial: 30 of 300 items done (interrupted)") {
		t.Errorf("compare text:\n%s", text)
	}
}

func TestCompare(t *testing.T) {
	d1, r1 := writeRun(t, reporttest.Options{Items: 60, Seed: 4, Model: "a"})
	d2, r2 := writeRun(t, reporttest.Options{Items: 55, Seed: 5, Model: "b", PromptHash: "p2"})
	a, _ := Load(d1)
	b, _ := Load(d2)
	c, err := Compare(a, b)
	if err != nil {
		t.Fatal(err)
	}
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
	if len(c.BetterA) != onlyA || len(c.BetterB) != onlyB || c.Paired != 55 || !c.Binary {
		t.Errorf("better %d/%d paired %d, want %d/%d/55", len(c.BetterA), len(c.BetterB), c.Paired, onlyA, onlyB)
	}
	if c.OnlyInA != 5 || c.OnlyInB != 0 {
		t.Errorf("items only in A: %d", c.OnlyInA)
	}
	if !(c.Diff.Lo <= c.Diff.Value && c.Diff.Value <= c.Diff.Hi) || math.Abs(c.Diff.Value-(c.AccA-c.AccB)) > 1e-12 {
		t.Errorf("difference %+v vs %v-%v", c.Diff, c.AccA, c.AccB)
	}
	// Per group: the groups of A's breakdowns, their paired items adding up.
	n := 0
	for _, g := range c.Groups {
		if g.Breakdown == "by_subject" {
			n += g.N
		}
	}
	if n != 55 {
		t.Errorf("paired items over the subjects: %d", n)
	}
	text := c.Text(0)
	for _, want := range []string{"settings that differ (A → B):", "model: a → b", "prompt text: p1 → p2", "seed: 4 → 5",
		"5 items are in one run only", "McNemar's exact test", "measure: the item's accuracy", "Paired differences, accuracy by subject"} {
		if !strings.Contains(text, want) {
			t.Errorf("comparison text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "{") {
		t.Errorf("comparison text shows raw JSON:\n%s", text)
	}
	// A has 5 items B lacks: the values are on the shared ones, and say so.
	if !regexp.MustCompile(`accuracy A: +\d+\.\d% \(on the 55 shared items\)`).MatchString(text) {
		t.Errorf("the values do not say they are over the shared items:\n%s", text)
	}
	// The difference's unit is said once, not after each number.
	if !regexp.MustCompile(`difference A-B: [+-]\d+\.\d points, 95% CI \[[+-]\d+\.\d, [+-]\d+\.\d\]`).MatchString(text) ||
		regexp.MustCompile(`\d points\]|\[[+-][0-9.]+ points`).MatchString(text) || !strings.Contains(text, "A-B, points [95% CI]") {
		t.Errorf("the difference repeats its unit or lacks it:\n%s", text)
	}
	if d := SettingsDiff(a.Manifest, a.Manifest); len(d) != 0 {
		t.Errorf("a run compared with itself differs: %v", d)
	}
}

// Several samples per item: one per-item quantity (the mean over the
// samples) for the values, the difference and the sign test.
func TestCompareSeveralSamples(t *testing.T) {
	d1, r1 := writeRun(t, reporttest.Options{Items: 30, Samples: 4, Seed: 8, Model: "a"})
	d2, r2 := writeRun(t, reporttest.Options{Items: 30, Samples: 4, Seed: 9, Model: "b"})
	a, _ := Load(d1)
	b, _ := Load(d2)
	c, err := Compare(a, b)
	if err != nil {
		t.Fatal(err)
	}
	mean := func(recs []rundir.SampleRecord) map[string]float64 {
		m := map[string]float64{}
		for _, s := range recs {
			if s.Verdict.IsCorrect() {
				m[s.Item.ID] += 0.25
			}
		}
		return m
	}
	ma, mb := mean(r1), mean(r2)
	better, sum := 0, 0.0
	for id := range ma {
		if ma[id] > mb[id] {
			better++
		}
		sum += ma[id]
	}
	if len(c.BetterA) != better || math.Abs(c.AccA-sum/30) > 1e-12 {
		t.Errorf("better in A %d (want %d), A %v (want %v)", len(c.BetterA), better, c.AccA, sum/30)
	}
	if !strings.Contains(c.MeasureText(), "mean over the item's samples") {
		t.Errorf("measure %q", c.MeasureText())
	}
}

func TestCompareNoSharedItems(t *testing.T) {
	d1, _ := writeRun(t, reporttest.Options{Items: 5, Seed: 1, Model: "a"})
	d2 := filepath.Join(t.TempDir(), "other")
	if _, err := reporttest.Write(d2, reporttest.Options{Items: 5, Seed: 1, Model: "b"}); err != nil {
		t.Fatal(err)
	}
	// Rename B's items.
	raw, _ := os.ReadFile(filepath.Join(d2, rundir.SamplesFile))
	os.WriteFile(filepath.Join(d2, rundir.SamplesFile), bytes.ReplaceAll(raw, []byte(`"id":"test/`), []byte(`"id":"other/`)), 0o644)
	a, _ := Load(d1)
	b, _ := Load(d2)
	if _, err := Compare(a, b); !errors.Is(err, ErrNoSharedItems) || !strings.Contains(err.Error(), `"other/`) {
		t.Errorf("no shared items: %v", err)
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
	if !bytes.Contains(md, []byte("no samples yet")) || len(w.Plots) != 0 {
		t.Errorf("empty run report:\n%s", md)
	}
}

// A run without --prices says so in the spend table, not "no correct
// sample" (it had correct samples); with prices and none correct, it says
// that.
func TestSpendTableWithoutPrices(t *testing.T) {
	row := func(a *Analysis) string {
		for _, r := range spendTable("", a).Rows {
			if r[0] == "cost per correct sample" {
				return r[1]
			}
		}
		return ""
	}
	a := &Analysis{Samples: 10}
	if got := row(a); !strings.Contains(got, "no prices given") {
		t.Errorf("no prices: %q", got)
	}
	a.Spend.Cost = 0.5
	if got := row(a); !strings.Contains(got, "no correct sample") {
		t.Errorf("prices, none correct: %q", got)
	}
}

// Plot titles name the model and benchmark, never the directory's hash.
func TestRunTitle(t *testing.T) {
	r := &Run{Name: "math-openai_qwen-1a2b3c4d5e"}
	r.Manifest.Model, r.Manifest.Benchmark = "openai:qwen", "math"
	if got := r.Title(); got != "openai:qwen on math" {
		t.Errorf("title %q", got)
	}
}

// Two runs that differ only in --limit: the data and prompt hashes differ
// (they cover the items loaded), but every shared item got the same prompt,
// so neither is a difference; the prompt flag and the samples flag are not
// listed beside the manifest's own prompt and samples per item; logprobs
// differ without changing replies.
func TestSettingsDiffOnlyLimit(t *testing.T) {
	a := rundir.Manifest{Benchmark: "math", DataPath: "MATH-500.jsonl", DataHash: "00e391ba", Prompt: "minerva",
		PromptHash: "c8937e8a", Model: "m", Samples: 1,
		Params: map[string]any{"limit": 60, "prompt": "", "samples": 1, "logprobs": false}}
	b := a
	b.DataHash, b.PromptHash = "fc52f20e", "d80f3c43"
	b.Params = map[string]any{"limit": 100, "prompt": "minerva", "samples": 1, "logprobs": true}
	got := map[string]SettingDiff{}
	for _, d := range settingsDiff(a, b, true) {
		got[d.Name] = d
	}
	if _, ok := got["data"]; ok {
		t.Errorf("data listed: %v", got)
	}
	if _, ok := got["prompt text"]; ok {
		t.Errorf("prompt text listed: %v", got)
	}
	if _, ok := got["prompt"]; ok {
		t.Errorf("the prompt flag listed beside the manifest's prompt: %v", got)
	}
	if d, ok := got["logprobs"]; !ok || d.Changes {
		t.Errorf("logprobs: %+v (want listed, not changing replies)", d)
	}
	if d, ok := got["limit"]; !ok || d.A != "60" || d.B != "100" {
		t.Errorf("limit: %+v", d)
	}
	// Without the shared prompts' evidence the hashes are differences.
	got = map[string]SettingDiff{}
	for _, d := range settingsDiff(a, b, false) {
		got[d.Name] = d
	}
	if _, ok := got["data"]; !ok {
		t.Error("data not listed when prompts differ")
	}
}

// Replies cut at the token limit are counted and the fix is named.
func TestRunTextTruncated(t *testing.T) {
	var sb strings.Builder
	m := rundir.Manifest{Params: map[string]any{"max-tokens": int64(512)}}
	RunText(&sb, "runs/x", m, rundir.Results{Benchmark: "math", Samples: 200, Items: 200, Truncated: 40,
		Counts: map[answer.Kind]int{answer.Incomplete: 40, answer.Correct: 160}})
	if !strings.Contains(sb.String(), "truncated: 40 of 200 replies (20%) hit the token limit") ||
		!strings.Contains(sb.String(), "raise --max-tokens (it was 512)") {
		t.Errorf("no truncation line:\n%s", sb.String())
	}
}

// Seen in issue 32's fresh look: a run without --prices showed "cost
// 0.0000" in report.md (unknown, not zero), the run text "(0 reasoning)"
// for a model without reasoning, and compare printed "better in A (0):"
// over an empty list.
func TestUnknownIsNotZero(t *testing.T) {
	for _, r := range spendTable("", &Analysis{Samples: 10}).Rows {
		if r[0] == "cost" && (r[1] == "0.0000" || !strings.Contains(r[1], "no prices given")) {
			t.Errorf("cost row without prices: %q", r)
		}
	}
	a := &Analysis{Samples: 10}
	a.Spend.Cost = 0.5
	for _, r := range spendTable("", a).Rows {
		if r[0] == "cost" && r[1] != "0.5000" {
			t.Errorf("cost row with prices: %q", r)
		}
	}

	var res rundir.Results
	res.Usage.PromptTokens, res.Usage.CompletionTokens = 100, 50
	var b strings.Builder
	RunText(&b, "runs/x", rundir.Manifest{Benchmark: "math", Model: "m"}, res)
	if strings.Contains(b.String(), "reasoning") || !strings.Contains(b.String(), "tokens: 100 prompt, 50 completion;") {
		t.Errorf("no reasoning tokens:\n%s", b.String())
	}
	res.Usage.ReasoningTokens = 7
	b.Reset()
	RunText(&b, "runs/x", rundir.Manifest{Benchmark: "math", Model: "m"}, res)
	if !strings.Contains(b.String(), "50 completion (7 reasoning);") {
		t.Errorf("reasoning tokens:\n%s", b.String())
	}

	d, _ := writeRun(t, reporttest.Options{Items: 20, Seed: 4, Model: "a"})
	x, _ := Load(d)
	c, err := Compare(x, x)
	if err != nil {
		t.Fatal(err)
	}
	text := c.Text(0)
	if !strings.Contains(text, "better in A: none") || !strings.Contains(text, "better in B: none") || strings.Contains(text, "(0):") {
		t.Errorf("empty better-in lists:\n%s", text)
	}
}
