package math

import (
	"context"
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
	s := bench.Sample{Item: it, Index: index, Reply: reply, FinishReason: finish, Verdict: b.Grade(context.Background(), it, reply, finish), Confidence: -1}
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
	near := func(name string, got, want float64) {
		t.Helper()
		if gomath.IsNaN(got) || gomath.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	near("accuracy", sum.Value("accuracy"), 2.0/6)
	// positives 0.9, 0.7; negatives 0.6, 0.8: 3 of 4 pairs ordered
	near("auroc", sum.Value("auroc"), 0.75)
	if m, _ := sum.Metric("auroc"); m.N != 4 {
		t.Errorf("auroc over %d samples, want the 4 with logprobs", m.N)
	}
	acc, _ := sum.Metric("accuracy")
	if acc.N != 6 || acc.Interval == nil || acc.Interval.Lo > acc.Value || acc.Interval.Hi < acc.Value || acc.Interval.Hi > 1 {
		t.Errorf("accuracy %+v", acc)
	}
	if acc.Measure == nil || acc.Measure.Of != "score" || acc.Definition == "" || sum.Headline[0] != "accuracy" {
		t.Errorf("accuracy is not defined: %+v, headline %v", acc, sum.Headline)
	}
	if _, ok := sum.Metric("pass@1"); ok {
		t.Error("pass@k with one sample per item")
	}
	group := func(bd, key string) bench.Estimate {
		t.Helper()
		b, ok := sum.Breakdown(bd)
		if !ok {
			t.Fatalf("no breakdown %s", bd)
		}
		for _, g := range b.Groups {
			if g.Key == key {
				return g.Values["accuracy"]
			}
		}
		t.Fatalf("%s has no group %s: %+v", bd, key, b.Groups)
		return bench.Estimate{}
	}
	near("algebra", group("by_subject", "algebra").Value, 2.0/3)
	near("precalculus", group("by_subject", "precalculus").Value, 0)
	near("level 1", group("by_level", "1").Value, 0.5)
	near("level 2", group("by_level", "2").Value, 0)
	near("algebra, level 1", group("by_subject_level", "algebra|1").Value, 1)
	if n := group("by_subject", "algebra").N; n != 3 {
		t.Errorf("algebra: %d items", n)
	}
	names := map[string]bench.Table{}
	for _, tb := range sum.Tables {
		names[tb.Name] = tb
	}
	for _, n := range []string{"by_subject", "by_level", "by_subject_level", "calibration"} {
		if _, ok := names[n]; !ok {
			t.Errorf("no table %s", n)
		}
	}
	if !names["by_subject"].Main || !names["by_level"].Main || names["by_subject_level"].Main {
		t.Error("the tables printed after a run are by subject and by level")
	}
	// One spelling of the subjects: the dataset's titles, in the paper's order.
	if r := names["by_subject"].Rows; len(r) != 2 || r[0][0] != "Algebra" || r[1][0] != "Precalculus" || !strings.HasPrefix(r[0][2], "66.7 [") {
		t.Errorf("by subject %v", r)
	}
	sx := names["by_subject_level"]
	if len(sx.Rows) != 2 || sx.Rows[0][0] != "Algebra" || sx.Columns[1] != "Level 1" || !strings.HasPrefix(sx.Rows[0][1], "100.0") || !strings.HasPrefix(sx.Rows[1][2], "0.0") {
		t.Errorf("subject x level %v %v", sx.Columns, sx.Rows)
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
	sum := b.Summarize(samples)
	want := map[string]float64{
		"pass@1": 0.375, "maj@1": 0.5, "mean@1": 0.5,
		"pass@2": (5.0/6 + 0.5) / 2, "maj@2": 0.5, "mean@2": 0.25,
		"pass@4": 1, "maj@4": 0.5, "accuracy": 0.375, // mean@4 is the accuracy
	}
	for k, w := range want {
		if g := sum.Value(k); gomath.IsNaN(g) || gomath.Abs(g-w) > 1e-9 {
			t.Errorf("%s = %v, want %v", k, g, w)
		}
	}
	if _, ok := sum.Metric("mean@4"); ok {
		t.Error("mean@n repeats the accuracy")
	}
	for _, m := range sum.Metrics {
		if strings.Contains(m.Name, "@") && m.Definition == "" {
			t.Errorf("%s has no definition", m.Name)
		}
	}
}

// builtin:gold's path: every MATH-500 gold reply grades correct, and the
// hint prompt renders for every item.
func TestGoldRepliesMATH500(t *testing.T) {
	path := testenv.Shared(t, "data", "math500", "test.jsonl")
	b := New()
	items, _, err := b.Load(context.Background(), path, bench.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if v := b.Grade(context.Background(), it, b.GoldReply(it), "stop"); !v.IsCorrect() {
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
	items, _, _ := b.Load(context.Background(), filepath.Join("testdata", "MATH"), bench.LoadOptions{})
	for _, it := range items {
		if v := b.Grade(context.Background(), it, b.GoldReply(it), "stop"); !v.IsCorrect() {
			t.Errorf("%s: %v", it.ID, v)
		}
	}
	it := bench.Item{ID: "x", Answer: ""}
	if v := b.Grade(context.Background(), it, "$\\boxed{0}$", "stop"); v.IsCorrect() || !strings.Contains(v.Reason, "no gold") {
		t.Errorf("item without gold: %v", v)
	}
}
