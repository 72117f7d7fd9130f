package report

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/rundir"
	"github.com/matheval/matheval/stats"
)

// ItemOutcome gathers the samples of one item.
type ItemOutcome struct {
	ID       string
	Meta     map[string]string
	Attempts []stats.Attempt
}

// Score is the item's mean sample score.
func (o ItemOutcome) Score() float64 {
	if len(o.Attempts) == 0 {
		return 0
	}
	s := 0.0
	for _, a := range o.Attempts {
		s += a.Score
	}
	return s / float64(len(o.Attempts))
}

// Right says whether most of the item's samples are correct (the item's
// outcome in paired comparisons; with one sample, that sample's).
func (o ItemOutcome) Right() bool {
	c := 0
	for _, a := range o.Attempts {
		if a.Correct {
			c++
		}
	}
	return 2*c > len(o.Attempts)
}

// KindCount is the number of samples with one verdict kind.
type KindCount struct {
	Kind    answer.Kind `json:"kind"`
	Count   int         `json:"count"`
	Share   float64     `json:"share"`
	Reasons []string    `json:"reasons,omitempty"`  // most frequent reasons, with counts
	Example []string    `json:"examples,omitempty"` // a few item ids
}

// Confidence holds the samples' confidences for the calibration figures
// (the numbers are the summary's).
type Confidence struct {
	N       int
	ECE     float64
	AUROC   float64
	Bins    []stats.CalibrationBin
	Values  []float64
	Correct []bool
}

// Spend sums tokens, cost and latency.
type Spend struct {
	PromptTokens, CompletionTokens, ReasoningTokens int
	Cost, CostPerCorrect                            float64
	LatencyMedianMS, LatencyP95MS                   float64
	Retries                                         int
	FinishReasons                                   map[string]int
}

// Analysis is what a report shows of one run: the benchmark's summary
// (every number of the results), the run's status, and the diagnostics the
// report adds from the samples (verdict kinds, finish reasons, spend).
type Analysis struct {
	Items          int
	Samples        int
	SamplesPerItem int // the most samples any item has
	// Summary is the benchmark's summary: results.json's, or computed from
	// the samples by the benchmark when results.json is missing or old
	// (SummaryNote then says so).
	Summary     bench.Summary
	SummaryNote string
	Status      rundir.Status
	Outcomes    []ItemOutcome // sorted by id
	Kinds       []KindCount
	Confidence  *Confidence // nil when no sample carries one
	Spend       Spend
}

// Outcomes groups samples by item id, in sample index order.
func Outcomes(r *Run) []ItemOutcome {
	idx := map[string]int{}
	var out []ItemOutcome
	type keyed struct {
		index int
		a     stats.Attempt
	}
	attempts := map[string][]keyed{}
	for _, s := range r.Samples {
		id := s.Item.ID
		if _, ok := idx[id]; !ok {
			idx[id] = len(out)
			out = append(out, ItemOutcome{ID: id, Meta: s.Item.Meta})
		}
		attempts[id] = append(attempts[id], keyed{s.Index, stats.Attempt{
			Answer: s.Verdict.Extracted, Correct: s.Verdict.IsCorrect(), Score: clamp01(s.Verdict.Score)}})
	}
	for i := range out {
		ks := attempts[out[i].ID]
		sort.SliceStable(ks, func(a, b int) bool { return ks[a].index < ks[b].index })
		for _, k := range ks {
			out[i].Attempts = append(out[i].Attempts, k.a)
		}
	}
	sort.Slice(out, func(a, b int) bool { return NaturalLess(out[a].ID, out[b].ID) })
	return out
}

func clamp01(x float64) float64 {
	if math.IsNaN(x) || x < 0 {
		return 0
	}
	return math.Min(x, 1)
}

// Analyze computes the report's view of one run.
func Analyze(r *Run) *Analysis {
	a := &Analysis{Samples: len(r.Samples)}
	a.Outcomes = Outcomes(r)
	a.Items = len(a.Outcomes)
	for _, o := range a.Outcomes {
		a.SamplesPerItem = max(a.SamplesPerItem, len(o.Attempts))
	}
	a.Summary, a.SummaryNote = SummaryOf(r)
	var res *rundir.Results
	if r.HasResults {
		res = &r.Results
	}
	a.Status = rundir.StatusOf(r.Manifest, res, r.Samples)
	a.Kinds = kindCounts(r)
	a.Confidence = confidence(r)
	if c := a.Confidence; c != nil { // the figures' titles quote the summary
		if m, ok := a.Summary.Metric("ece"); ok {
			c.ECE = m.Value
		}
		if m, ok := a.Summary.Metric("auroc"); ok {
			c.AUROC = m.Value
		}
	}
	a.Spend = spend(r)
	return a
}

// SummaryOf returns the run's summary: results.json's when it has the
// current layout; otherwise the benchmark's Summarize over samples.jsonl
// (the generic summary for a benchmark this build does not know), with a
// note saying so.
func SummaryOf(r *Run) (bench.Summary, string) {
	if r.HasResults && !r.Results.Summary.Legacy && len(r.Results.Summary.Metrics) > 0 {
		return r.Results.Summary, ""
	}
	why := "results.json is missing (the run is unfinished or was killed)"
	if r.HasResults {
		why = "results.json has the old layout (schema 1; `matheval grade " + r.Dir + "` rewrites it)"
	}
	if len(r.Samples) == 0 {
		if r.HasResults {
			return r.Results.Summary, why + ": its numbers are shown as recorded."
		}
		return bench.Summary{}, why + " and there are no samples yet."
	}
	samples := make([]bench.Sample, len(r.Samples))
	for i := range r.Samples {
		samples[i] = r.Samples[i].Sample
	}
	if b, err := bench.Lookup(r.Manifest.Benchmark); err == nil {
		return b.Summarize(samples), why + ": the summary was computed from samples.jsonl by the " + b.Name() + " benchmark."
	}
	return bench.DefaultSummary(samples), why + ": the summary was computed from samples.jsonl (accuracy by item metadata; the benchmark is unknown to this build)."
}

func kindCounts(r *Run) []KindCount {
	counts := map[answer.Kind]int{}
	reasons := map[answer.Kind]map[string]int{}
	examples := map[answer.Kind][]string{}
	for _, s := range r.Samples {
		k := s.Verdict.Kind
		counts[k]++
		if reasons[k] == nil {
			reasons[k] = map[string]int{}
		}
		reason := s.Verdict.Reason
		if reason == "" && s.Error != "" {
			reason = s.Error
		}
		if reason != "" {
			reasons[k][truncate(reason, 80)]++
		}
		if k != answer.Correct && len(examples[k]) < 5 {
			examples[k] = append(examples[k], s.Item.ID)
		}
	}
	kinds := append([]answer.Kind{}, answer.Kinds...)
	for k := range counts { // kinds written by a newer grader still show
		if !containsKind(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	var out []KindCount
	for _, k := range kinds {
		n := counts[k]
		kc := KindCount{Kind: k, Count: n, Example: examples[k]}
		if len(r.Samples) > 0 {
			kc.Share = float64(n) / float64(len(r.Samples))
		}
		type rc struct {
			r string
			n int
		}
		var rs []rc
		for reason, c := range reasons[k] {
			rs = append(rs, rc{reason, c})
		}
		sort.Slice(rs, func(i, j int) bool { return rs[i].n > rs[j].n || (rs[i].n == rs[j].n && rs[i].r < rs[j].r) })
		for i := 0; i < len(rs) && i < 3; i++ {
			kc.Reasons = append(kc.Reasons, fmt.Sprintf("%s (%d)", rs[i].r, rs[i].n))
		}
		out = append(out, kc)
	}
	return out
}

func containsKind(ks []answer.Kind, k answer.Kind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

func truncate(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func confidence(r *Run) *Confidence {
	c := &Confidence{}
	for _, s := range r.Samples {
		if s.Confidence > 0 && s.Confidence <= 1 { // as the summary's calibration counts them
			c.Values = append(c.Values, s.Confidence)
			c.Correct = append(c.Correct, s.Verdict.IsCorrect())
		}
	}
	if len(c.Values) == 0 {
		return nil
	}
	c.N = len(c.Values)
	c.Bins, c.ECE = stats.Calibration(c.Values, c.Correct, 10)
	c.AUROC = stats.AUROC(c.Values, c.Correct)
	return c
}

func spend(r *Run) Spend {
	sp := Spend{FinishReasons: map[string]int{}}
	var lat []float64
	correct := 0
	for _, s := range r.Samples {
		sp.PromptTokens += s.Usage.PromptTokens
		sp.CompletionTokens += s.Usage.CompletionTokens
		sp.ReasoningTokens += s.Usage.ReasoningTokens
		sp.Cost += s.Cost
		sp.Retries += s.Retries
		if s.LatencyMS > 0 {
			lat = append(lat, s.LatencyMS)
		}
		fr := s.FinishReason
		if fr == "" {
			fr = "(none)"
		}
		sp.FinishReasons[fr]++
		if s.Verdict.IsCorrect() {
			correct++
		}
	}
	if r.HasResults && r.Results.Cost > 0 { // results.json is authoritative when present
		sp.Cost = r.Results.Cost
	}
	if correct > 0 {
		sp.CostPerCorrect = sp.Cost / float64(correct)
	}
	sort.Float64s(lat)
	if len(lat) > 0 {
		sp.LatencyMedianMS = stats.Quantile(lat, 0.5)
		sp.LatencyP95MS = stats.Quantile(lat, 0.95)
	}
	return sp
}

// NaturalLess orders strings with embedded numbers by value ("Level 2" <
// "Level 10", "test/algebra/9" < "test/algebra/10").
func NaturalLess(a, b string) bool { return bench.NaturalLess(a, b) }
