package math

import (
	gomath "math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/testenv"
)

// tokens splits reply into byte tokens: those inside \boxed{...} get
// probability p, all others 0.05 (which must not count).
func tokens(reply string, p float64) []bench.TokenLogprob {
	var out []bench.TokenLogprob
	box := strings.Index(reply, `\boxed{`)
	end := -1
	if box >= 0 {
		end = strings.LastIndex(reply, "}") + 1 // the box closes the reply
	}
	for i := 0; i < len(reply); i++ {
		lp := gomath.Log(0.05)
		if i >= box && i < end {
			lp = gomath.Log(p)
		}
		out = append(out, bench.TokenLogprob{Token: reply[i : i+1], Logprob: lp, Offset: i})
	}
	return out
}

func sample(b *Benchmark, id, subject, level, gold, reply, finish string, p float64, index int) bench.Sample {
	it := bench.Item{ID: id, Answer: gold, Meta: map[string]string{"subject": subject, "level": level}}
	s := bench.Sample{Item: it, Index: index, Reply: reply, FinishReason: finish, Verdict: b.Grade(it, reply, finish), Confidence: -1}
	if p > 0 {
		s.Logprobs = tokens(reply, p)
	}
	return s
}

func TestSummarizeByHand(t *testing.T) {
	b := New()
	boxed := func(x string) string { return "Working it out, the answer is $\\boxed{" + x + "}$." }
	samples := []bench.Sample{
		sample(b, "A", "algebra", "1", "2", boxed("2"), "stop", 0.9, 0),
		sample(b, "B", "algebra", "2", "7", boxed("5"), "stop", 0.6, 0),
		sample(b, "C", "precalculus", "1", "\\frac{1}{2}", boxed("\\frac{1}{3}"), "stop", 0.8, 0),
		sample(b, "D", "precalculus", "2", "4", "I do not know.", "stop", 0, 0),
		sample(b, "E", "precalculus", "1", "4", "Let us expand the product and then", "length", 0, 0),
		sample(b, "F", "algebra", "1", "\\frac{1}{2}", boxed("\\frac{2}{4}"), "stop", 0.7, 0),
	}
	kinds := []answer.Kind{answer.Correct, answer.Wrong, answer.Wrong, answer.NoAnswer, answer.Incomplete, answer.Correct}
	for i, s := range samples {
		if s.Verdict.Kind != kinds[i] {
			t.Fatalf("%s: %s (%s), want %s", s.Item.ID, s.Verdict.Kind, s.Verdict.Reason, kinds[i])
		}
	}
	if c := b.Confidence(samples[0]); gomath.Abs(c-0.9) > 1e-12 {
		t.Errorf("confidence of A: %v", c)
	}
	if c := b.Confidence(samples[3]); c != -1 {
		t.Errorf("confidence without logprobs: %v", c)
	}
	sum := b.Summarize(samples)
	m := sum.Metrics
	want := map[string]float64{
		"accuracy": 2.0 / 6, "accuracy_algebra": 2.0 / 3, "accuracy_precalculus": 0,
		"accuracy_level_1": 0.5, "accuracy_level_2": 0,
		"no_answer_rate": 1.0 / 6, "truncated_rate": 1.0 / 6, "incomplete_rate": 1.0 / 6,
		// positives 0.9, 0.7; negatives 0.6, 0.8: 3 of 4 pairs ordered
		"auroc": 0.75, "confidence_samples": 4, "mean_confidence": 0.75,
	}
	for k, v := range want {
		if got, ok := m[k]; !ok || gomath.Abs(got-v) > 1e-9 {
			t.Errorf("%s = %v (present %v), want %v", k, got, ok, v)
		}
	}
	if m["accuracy_lo"] > m["accuracy"] || m["accuracy_hi"] < m["accuracy"] || m["accuracy_hi"] > 1 {
		t.Errorf("interval %v %v", m["accuracy_lo"], m["accuracy_hi"])
	}
	if _, ok := m["pass@1"]; ok {
		t.Error("pass@k with one sample per item")
	}
	names := map[string]bench.Table{}
	for _, tb := range sum.Tables {
		names[tb.Name] = tb
	}
	for _, n := range []string{"table2", "by_subject", "by_level", "subject_by_level", "diagnostics", "calibration"} {
		if _, ok := names[n]; !ok {
			t.Errorf("no table %s", n)
		}
	}
	t2 := names["table2"]
	if len(t2.Columns) != 9 || t2.Columns[1] != "Prealgebra" || t2.Columns[8] != "Average" {
		t.Errorf("table 2 columns %v", t2.Columns)
	}
	// Prealgebra has no items; Algebra 66.7; Precalculus 0.0; Average 33.3
	if r := t2.Rows[0]; r[1] != "-" || r[2] != "66.7" || r[7] != "0.0" || r[8] != "33.3" {
		t.Errorf("table 2 row %v", r)
	}
	sx := names["subject_by_level"]
	if len(sx.Rows) != 2 || sx.Rows[0][0] != "Algebra" || !strings.HasPrefix(sx.Rows[0][1], "100.0") || !strings.HasPrefix(sx.Rows[1][2], "0.0") {
		t.Errorf("subject x level %v", sx.Rows)
	}
}

func TestSamplingMetricsByHand(t *testing.T) {
	b := New()
	var samples []bench.Sample
	for i, x := range []string{"5", "3", "3", "5"} { // gold 5: c = 2
		samples = append(samples, sample(b, "X", "algebra", "1", "5", "$\\boxed{"+x+"}$", "stop", 0, i))
	}
	for i, x := range []string{"1", "1", "2", "1"} { // gold 2: c = 1
		samples = append(samples, sample(b, "Y", "algebra", "1", "2", "$\\boxed{"+x+"}$", "stop", 0, i))
	}
	sm := SamplingMetrics(samples)
	want := []Sampling{
		{K: 1, Pass: 0.375, Maj: 0.5, Mean: 0.5},
		{K: 2, Pass: (5.0/6 + 0.5) / 2, Maj: 0.5, Mean: 0.25},
		{K: 4, Pass: 1, Maj: 0.5, Mean: 0.375},
	}
	if len(sm) != len(want) {
		t.Fatalf("%+v", sm)
	}
	for i, w := range want {
		g := sm[i]
		if g.K != w.K || gomath.Abs(g.Pass-w.Pass) > 1e-9 || gomath.Abs(g.Maj-w.Maj) > 1e-9 || gomath.Abs(g.Mean-w.Mean) > 1e-9 {
			t.Errorf("k=%d: %+v, want %+v", w.K, g, w)
		}
	}
	m := b.Summarize(samples).Metrics
	if gomath.Abs(m["pass@2"]-want[1].Pass) > 1e-9 || m["maj@4"] != 0.5 || m["accuracy"] != 0.375 {
		t.Errorf("metrics %v", m)
	}
}

// builtin:gold's path: every MATH-500 gold reply grades correct, and the
// hint prompt renders for every item.
func TestGoldRepliesMATH500(t *testing.T) {
	path := testenv.Shared(t, "data", "math500", "test.jsonl")
	b := New()
	items, _, err := b.Load(path, bench.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if v := b.Grade(it, b.GoldReply(it), "stop"); !v.IsCorrect() {
			t.Errorf("%s: gold %q: %s %s", it.ID, it.Answer, v.Kind, v.Reason)
		}
		p, err := b.Prompt(it, bench.PromptOptions{Name: "hint", HintFraction: 0.5})
		if err != nil || !strings.HasPrefix(p.Text, it.Problem) {
			t.Fatalf("%s: hint prompt: %v", it.ID, err)
		}
	}
}

func TestGoldRepliesFixture(t *testing.T) {
	b := New()
	items, _, _ := b.Load(filepath.Join("testdata", "MATH"), bench.LoadOptions{})
	for _, it := range items {
		if v := b.Grade(it, b.GoldReply(it), "stop"); !v.IsCorrect() {
			t.Errorf("%s: %v", it.ID, v)
		}
	}
	it := bench.Item{ID: "x", Answer: ""}
	if v := b.Grade(it, "$\\boxed{0}$", "stop"); v.IsCorrect() || !strings.Contains(v.Reason, "no gold") {
		t.Errorf("item without gold: %v", v)
	}
}
