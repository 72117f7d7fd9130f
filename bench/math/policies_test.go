package math

import (
	"context"
	gomath "math"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/equiv"
)

// The paper's scoring beside matheval's, worked by hand: five replies, the
// paper's rule (exact string after its normalisation, last \boxed{} only)
// counts two of the four matheval counts correct.
func TestAlsoPolicyHendrycksByHand(t *testing.T) {
	plain := New()
	b, err := plain.WithAlsoPolicies([]string{"hendrycks"})
	if err != nil {
		t.Fatal(err)
	}
	grade := func(id, subject, level, gold, reply string) bench.Sample {
		it := bench.Item{ID: id, Answer: gold, Meta: map[string]string{"subject": subject, "level": level}}
		return bench.Sample{Item: it, Reply: reply, FinishReason: "stop", Verdict: b.Grade(context.Background(), it, reply, "stop"), Confidence: -1}
	}
	samples := []bench.Sample{
		grade("a", "algebra", "1", `\frac{1}{2}`, `So $\boxed{\dfrac12}$.`), // both: the paper's normalisation
		grade("b", "algebra", "1", `\frac{1}{2}`, `So $\boxed{2/4}$.`),      // matheval only: 2/4 -> \frac{2}{4}
		grade("c", "algebra", "2", `1+x`, `So $\boxed{x+1}$.`),              // matheval only: no symbolic equivalence
		grade("d", "geometry", "2", `7`, `So $\boxed{7}$.`),                 // both
		grade("e", "geometry", "2", `7`, `So $\boxed{8}$.`),                 // neither
	}
	want := []struct{ main, paper float64 }{{1, 1}, {1, 0}, {1, 0}, {1, 1}, {0, 0}}
	for i, s := range samples {
		got, ok := s.Verdict.Metrics[PolicyMetric("hendrycks")]
		gap := s.Verdict.Metrics[PolicyGapMetric("hendrycks")]
		if !ok || s.Verdict.Score != want[i].main || got != want[i].paper || gap != want[i].main-want[i].paper {
			t.Errorf("%s: score %v, paper %v (%v), gap %v; want %v %v", s.Item.ID, s.Verdict.Score, got, ok, gap, want[i].main, want[i].paper)
		}
	}
	// The registered benchmark records nothing, and its summary has no
	// policy tables.
	it := samples[0].Item
	if v := plain.Grade(context.Background(), it, samples[0].Reply, "stop"); len(v.Metrics) != 0 {
		t.Errorf("plain benchmark records %v", v.Metrics)
	}
	if _, ok := plain.Summarize([]bench.Sample{{Item: it, Verdict: plain.Grade(context.Background(), it, samples[0].Reply, "stop")}}).Metric("accuracy_hendrycks"); ok {
		t.Error("a run not graded by the paper's scoring shows it")
	}

	sum := b.Summarize(samples)
	near := func(name string, got, want float64) {
		t.Helper()
		if gomath.IsNaN(got) || gomath.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	near("accuracy", sum.Value("accuracy"), 0.8)
	near("accuracy_hendrycks", sum.Value("accuracy_hendrycks"), 0.4)
	near("gap_hendrycks", sum.Value("gap_hendrycks"), 0.4)
	gap, _ := sum.Metric("gap_hendrycks")
	if gap.Interval == nil || gap.Interval.Lo < 0 || gap.Interval.Hi > 0.8+1e-9 || gap.Definition == "" {
		t.Errorf("gap %+v", gap)
	}
	bd, ok := sum.Breakdown("policy_hendrycks_by_subject")
	if !ok {
		t.Fatal("no policy breakdown by subject")
	}
	for _, g := range bd.Groups {
		switch g.Key {
		case "algebra":
			near("algebra", g.Values["accuracy"].Value, 1)
			near("algebra, paper", g.Values["accuracy_hendrycks"].Value, 1.0/3)
			near("algebra, gap", g.Values["gap_hendrycks"].Value, 2.0/3)
		case "geometry":
			near("geometry, paper", g.Values["accuracy_hendrycks"].Value, 0.5)
			near("geometry, gap", g.Values["gap_hendrycks"].Value, 0)
		}
	}
	if _, ok := sum.Breakdown("policy_hendrycks_by_level"); !ok {
		t.Error("no policy breakdown by level")
	}
	var tab bench.Table
	for _, x := range sum.Tables {
		if x.Name == "policy_hendrycks_by_subject" {
			tab = x
		}
	}
	if !tab.Main || len(tab.Columns) != 5 || !strings.Contains(tab.Columns[3], "paper's scoring") ||
		len(tab.Notes) != 1 || !strings.Contains(tab.Notes[0], "2 samples are correct under matheval's policy only") ||
		!strings.Contains(tab.Notes[0], "0 under the MATH paper's scoring only") {
		t.Errorf("table %+v", tab)
	}
}

func TestAlsoPolicyErrors(t *testing.T) {
	b := New()
	if _, err := b.WithAlsoPolicies([]string{"nosuch"}); err == nil || !strings.Contains(err.Error(), "hendrycks") {
		t.Errorf("unknown policy: %v", err)
	}
	if got := b.AlsoPolicies(); len(got) != 1 || got[0] != "hendrycks" {
		t.Errorf("AlsoPolicies %v", got)
	}
	// A failed request has no reply: nothing recorded, so the summary
	// counts it 0 under both policies.
	c, _ := b.WithAlsoPolicies([]string{"hendrycks"})
	it := bench.Item{ID: "x", Answer: "1"}
	if v := c.Grade(context.Background(), it, "", "error"); len(v.Metrics) != 0 {
		t.Errorf("error verdict records %v", v.Metrics)
	}
	// An item without gold: 0 under both, gap 0.
	v := c.Grade(context.Background(), bench.Item{ID: "y"}, `\boxed{1}`, "stop")
	if v.Metrics[PolicyMetric("hendrycks")] != 0 || v.Metrics[PolicyGapMetric("hendrycks")] != 0 {
		t.Errorf("no gold: %v", v.Metrics)
	}
}

// A bug of ours under another policy is the sample's internal error, not a
// silent 0 under that policy.
func TestAlsoPolicyPanicIsInternalError(t *testing.T) {
	p := answer.Hendrycks
	p.Compare = func(context.Context, string, string, equiv.Options) answer.Verdict { panic("boom in hendrycks") }
	b := &Benchmark{also: []alsoPolicy{{"hendrycks", p}}}
	v := b.Grade(context.Background(), bench.Item{ID: "x", Answer: "1"}, `\boxed{1}`, "stop")
	if v.Kind != answer.Error || v.Reason != "internal error: boom in hendrycks" || v.Internal() == nil {
		t.Errorf("verdict %+v", v)
	}
}

// Accuracy by problem and solution length, by hand: bins by characters
// (not bytes) of the texts, a problem without a solution left out of the
// solution bins.
func TestLengthBreakdowns(t *testing.T) {
	b := New()
	mk := func(id string, problemChars, solutionChars int, right bool) bench.Sample {
		reply := `$\boxed{1}$`
		if !right {
			reply = `$\boxed{2}$`
		}
		it := bench.Item{ID: id, Answer: "1", Problem: strings.Repeat("é", problemChars),
			Solution: strings.Repeat("x", solutionChars), Meta: map[string]string{"subject": "algebra", "level": "1"}}
		return bench.Sample{Item: it, Reply: reply, Verdict: b.Grade(context.Background(), it, reply, "stop"), Confidence: -1}
	}
	samples := []bench.Sample{
		mk("a", 40, 150, true), mk("b", 49, 250, false), // problem bin 0-49
		mk("c", 50, 0, true),     // 50-99, no solution
		mk("d", 700, 2000, true), // 500+, 1500+
	}
	sum := b.Summarize(samples)
	groups := func(name string) map[string]bench.Group {
		bd, ok := sum.Breakdown(name)
		if !ok {
			t.Fatalf("no breakdown %s", name)
		}
		out := map[string]bench.Group{}
		for _, g := range bd.Groups {
			out[g.Key] = g
		}
		return out
	}
	p := groups("by_problem_length")
	if len(p) != 3 || p["0-49"].N != 2 || p["0-49"].Values["accuracy"].Value != 0.5 || p["50-99"].N != 1 || p["500+"].N != 1 {
		t.Errorf("problem bins %+v", p)
	}
	s := groups("by_solution_length")
	if len(s) != 3 || s["0-199"].N != 1 || s["200-299"].N != 1 || s["1500+"].N != 1 {
		t.Errorf("solution bins %+v", s)
	}
	for _, tb := range sum.Tables {
		if tb.Name == "by_solution_length" && (tb.Main || len(tb.Notes) == 0 || !strings.Contains(tb.Notes[0], "not tokens")) {
			t.Errorf("solution length table %+v", tb)
		}
	}
	// Samples without texts (made by hand elsewhere) get no length tables.
	if _, ok := b.Summarize([]bench.Sample{sample(b, "x", "algebra", "1", "2", `\boxed{2}`, "stop", 0, 0)}).Breakdown("by_problem_length"); ok {
		t.Error("a length breakdown without any text")
	}
}
