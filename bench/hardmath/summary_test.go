package hardmath

import (
	"math"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// The paper's four types pool the six question types, and the note weights
// them 129/63/54/120; paper mode, where recorded, is a column beside.
func TestSummarizePaperTypes(t *testing.T) {
	mk := func(id, typ, sub string, score, paper float64) bench.Sample {
		meta := map[string]string{"type": typ}
		if sub != "" {
			meta["subtype"] = sub
		}
		return bench.Sample{Item: bench.Item{ID: id, Meta: meta},
			Verdict: answer.Verdict{Kind: answer.Wrong, Score: score, Metrics: map[string]float64{PaperMetric: paper, PaperGapMetric: score - paper}}}
	}
	samples := []bench.Sample{
		mk("a", TypeNondimSymbolic, "", 1, 1),
		mk("b", TypeNondimNumeric, "", 0, 0),
		mk("c", TypeRoots, "", 1, 1),
		mk("d", TypeODE, "", 0, 0.5),
		mk("e", TypeIntegral, "laplace", 0, 0.5),
		mk("f", TypeIntegral, "traditional", 0, 1),
	}
	s := New().Summarize(samples)
	bd, ok := s.Breakdown("by_paper_type")
	if !ok {
		t.Fatal("no by_paper_type breakdown")
	}
	want := map[string][2]float64{"nondimensionalization": {0.5, 0.5}, "roots": {1, 1}, "ode": {0, 0.5}, "integral": {0, 0.75}}
	for _, g := range bd.Groups {
		w, ok := want[g.Key]
		if !ok {
			t.Errorf("unexpected group %s", g.Key)
			continue
		}
		if g.Values["partial_credit"].Value != w[0] || g.Values["paper_mode"].Value != w[1] {
			t.Errorf("%s: partial %v, paper mode %v; want %v", g.Key, g.Values["partial_credit"].Value, g.Values["paper_mode"].Value, w)
		}
		delete(want, g.Key)
	}
	if len(want) > 0 {
		t.Errorf("missing groups %v", want)
	}
	if v := s.Value("paper_mode"); math.Abs(v-4.0/6) > 1e-12 {
		t.Errorf("paper mode overall = %v, want 4/6", v)
	}
	// weighted: (129*0.5 + 63*1 + 54*0 + 120*0) / 366 = 34.8%; paper mode
	// (129*0.5 + 63 + 54*0.5 + 120*0.75) / 366 = 66.8%.
	var note string
	for _, tb := range s.Tables {
		if tb.Name == "by_paper_type" {
			note = strings.Join(tb.Notes, " ")
		}
	}
	if !strings.Contains(note, "partial credit 34.8%") || !strings.Contains(note, "paper mode 66.8%") || strings.Contains(note, "no items") {
		t.Errorf("note %q", note)
	}
	// A run with no integrals says its overall covers three types.
	s = New().Summarize(samples[:4])
	for _, tb := range s.Tables {
		if tb.Name == "by_paper_type" && !strings.Contains(strings.Join(tb.Notes, " "), "1 of the four have no items") {
			t.Errorf("note %q", tb.Notes)
		}
	}
}
