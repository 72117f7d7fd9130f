package report

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/stats"
)

// Bootstrap settings: fixed so that reports are reproducible.
const (
	bootIters = 2000
	bootSeed  = 20261130
	level95   = 0.95
)

// MetaKeys are the item metadata the reports break accuracy down by, in
// the order they are shown.
var MetaKeys = []string{"subject", "level", "group", "type"}

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

// Group is the accuracy of the items sharing one metadata value.
type Group struct {
	Value    string         `json:"value"`
	Items    int            `json:"items"`
	Accuracy stats.Interval `json:"accuracy"`
}

// Breakdown is accuracy by the values of one metadata key.
type Breakdown struct {
	Key    string  `json:"key"`
	Groups []Group `json:"groups"`
}

// KindCount is the number of samples with one verdict kind.
type KindCount struct {
	Kind    answer.Kind `json:"kind"`
	Count   int         `json:"count"`
	Share   float64     `json:"share"`
	Reasons []string    `json:"reasons,omitempty"`  // most frequent reasons, with counts
	Example []string    `json:"examples,omitempty"` // a few item ids
}

// KMetric holds the multi-sample metrics at one k.
type KMetric struct {
	K       int     `json:"k"`
	Pass    float64 `json:"pass"`
	Maj     float64 `json:"maj"`
	Mean    float64 `json:"mean"`
	Skipped int     `json:"skipped"` // items with fewer than k samples (left out of pass@k)
}

// Confidence summarises the samples that carry a confidence.
type Confidence struct {
	N       int                    `json:"n"`
	ECE     float64                `json:"ece"`
	AUROC   float64                `json:"auroc"`
	Bins    []stats.CalibrationBin `json:"bins"`
	Values  []float64              `json:"-"`
	Correct []bool                 `json:"-"`
}

// Spend sums tokens, cost and latency.
type Spend struct {
	PromptTokens, CompletionTokens, ReasoningTokens int
	Cost, CostPerCorrect                            float64
	LatencyMedianMS, LatencyP95MS                   float64
	Retries                                         int
	FinishReasons                                   map[string]int
}

// Analysis is everything a report computes from a run's samples.
type Analysis struct {
	Items          int
	Samples        int
	SamplesPerItem int // the most samples any item has
	Accuracy       stats.Interval
	Outcomes       []ItemOutcome // sorted by id
	Kinds          []KindCount
	Breakdowns     []Breakdown
	Cross          *bench.Table // subject x level, when both are present
	K              []KMetric    // when items have several samples
	Confidence     *Confidence  // nil when no sample carries one
	Spend          Spend
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

// Analyze computes the report's statistics for one run.
func Analyze(r *Run) *Analysis {
	a := &Analysis{Samples: len(r.Samples)}
	a.Outcomes = Outcomes(r)
	a.Items = len(a.Outcomes)
	scores := make([]float64, len(a.Outcomes))
	items := make([][]stats.Attempt, len(a.Outcomes))
	for i, o := range a.Outcomes {
		scores[i] = o.Score()
		items[i] = o.Attempts
		a.SamplesPerItem = max(a.SamplesPerItem, len(o.Attempts))
	}
	a.Accuracy = stats.Bootstrap(scores, bootIters, level95, bootSeed)
	if len(scores) == 0 { // no samples yet: say so rather than print 0%
		a.Accuracy = stats.Interval{Value: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	}
	a.Kinds = kindCounts(r)
	a.Breakdowns = breakdowns(a.Outcomes)
	a.Cross = crossTable(a.Outcomes, "subject", "level")
	if a.SamplesPerItem > 1 {
		for k := 1; k <= a.SamplesPerItem; k *= 2 {
			a.K = append(a.K, kMetric(items, k))
		}
		if last := a.K[len(a.K)-1].K; last != a.SamplesPerItem {
			a.K = append(a.K, kMetric(items, a.SamplesPerItem))
		}
	}
	a.Confidence = confidence(r)
	a.Spend = spend(r)
	return a
}

func kMetric(items [][]stats.Attempt, k int) KMetric {
	p, skipped := stats.PassAtKItems(items, k)
	return KMetric{K: k, Pass: p, Maj: stats.MajAtK(items, k), Mean: stats.MeanAtK(items, k), Skipped: skipped}
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

// DisplayValue is how a metadata value is shown: a bare level number reads
// "Level 3", as in MATH's own files.
func DisplayValue(key, v string) string {
	if key == "level" && v != "" && strings.Trim(v, "0123456789") == "" {
		return "Level " + v
	}
	return v
}

// samePartition reports whether keys a and b group the items identically
// (MATH's "type" and "subject" name the same seven groups differently).
func samePartition(outs []ItemOutcome, a, b string) bool {
	ab, ba := map[string]string{}, map[string]string{}
	for _, o := range outs {
		va, vb := o.Meta[a], o.Meta[b]
		if x, ok := ab[va]; ok && x != vb {
			return false
		}
		if x, ok := ba[vb]; ok && x != va {
			return false
		}
		ab[va], ba[vb] = vb, va
	}
	return true
}

// breakdowns computes accuracy by each metadata key present in the items,
// leaving out a key that only renames the groups of an earlier one.
func breakdowns(outs []ItemOutcome) []Breakdown {
	var res []Breakdown
	for _, key := range MetaKeys {
		dup := false
		for _, prev := range res {
			if samePartition(outs, prev.Key, key) {
				dup = true
			}
		}
		if dup {
			continue
		}
		byVal := map[string][]float64{}
		for _, o := range outs {
			if v, ok := o.Meta[key]; ok && v != "" {
				byVal[v] = append(byVal[v], o.Score())
			}
		}
		if len(byVal) == 0 {
			continue
		}
		b := Breakdown{Key: key}
		for v, sc := range byVal {
			b.Groups = append(b.Groups, Group{Value: v, Items: len(sc), Accuracy: stats.Bootstrap(sc, bootIters, level95, bootSeed)})
		}
		sort.Slice(b.Groups, func(i, j int) bool { return NaturalLess(b.Groups[i].Value, b.Groups[j].Value) })
		res = append(res, b)
	}
	return res
}

// crossTable is accuracy (%) by rowKey x colKey with an "All" row and column.
func crossTable(outs []ItemOutcome, rowKey, colKey string) *bench.Table {
	type cell struct {
		sum float64
		n   int
	}
	cells := map[[2]string]*cell{}
	rows, cols := map[string]bool{}, map[string]bool{}
	add := func(r, c string, s float64) {
		k := [2]string{r, c}
		if cells[k] == nil {
			cells[k] = &cell{}
		}
		cells[k].sum += s
		cells[k].n++
	}
	for _, o := range outs {
		r, c := o.Meta[rowKey], o.Meta[colKey]
		if r == "" || c == "" {
			continue
		}
		rows[r], cols[c] = true, true
		s := o.Score()
		add(r, c, s)
		add(r, "", s)
		add("", c, s)
		add("", "", s)
	}
	if len(rows) == 0 || len(cols) == 0 {
		return nil
	}
	rs, cs := sortedKeys(rows), sortedKeys(cols)
	t := &bench.Table{Name: rowKey + "_by_" + colKey, Title: "Accuracy (%) by " + rowKey + " and " + colKey + " (items in parentheses)",
		Columns: []string{rowKey}}
	for _, c := range cs {
		t.Columns = append(t.Columns, DisplayValue(colKey, c))
	}
	t.Columns = append(t.Columns, "All")
	for _, r := range append(rs, "") {
		label := DisplayValue(rowKey, r)
		if r == "" {
			label = "All"
		}
		row := []string{label}
		for _, c := range append(cs, "") {
			if x := cells[[2]string{r, c}]; x != nil {
				row = append(row, fmt.Sprintf("%.1f (%d)", 100*x.sum/float64(x.n), x.n))
			} else {
				row = append(row, "–")
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func sortedKeys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return NaturalLess(ks[i], ks[j]) })
	return ks
}

func confidence(r *Run) *Confidence {
	c := &Confidence{}
	for _, s := range r.Samples {
		if s.Confidence >= 0 && s.Confidence <= 1 && !math.IsNaN(s.Confidence) {
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
func NaturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := unicode.IsDigit(rune(a[0])), unicode.IsDigit(rune(b[0]))
		if da && db {
			na, ra := leadingNumber(a)
			nb, rb := leadingNumber(b)
			if na != nb {
				return na < nb
			}
			a, b = ra, rb
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func leadingNumber(s string) (float64, string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	n, _ := strconv.ParseFloat(s[:i], 64)
	return n, s[i:]
}
