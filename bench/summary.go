package bench

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/stats"
)

// The one interval method of every summary: a percentile bootstrap over
// items, with fixed resamples and seed so that a summary is reproducible.
// Reports and comparisons use the same settings (compare's paired
// differences resample item pairs the same way).
const (
	IntervalLevel     = 0.95
	IntervalResamples = 2000
	IntervalSeed      = 2021
)

// IntervalMethod says in words how every interval of a summary is made.
var IntervalMethod = fmt.Sprintf("95%% percentile bootstrap over items (%d,%03d resamples, seed %d)",
	IntervalResamples/1000, IntervalResamples%1000, IntervalSeed)

// Unit says how a metric's value reads.
type Unit string

const (
	// Percent is a share in [0, 1], shown in percent.
	Percent Unit = "percent"
	// Number is a plain number (a mean relative error, an AUROC).
	Number Unit = "number"
)

// Interval is the lower and upper end of a 95% interval.
type Interval struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// Estimate is a value computed over N units (items, unless the metric's
// definition says otherwise) with its interval, when it has one.
type Estimate struct {
	N        int       `json:"n"`
	Value    float64   `json:"value"`
	Interval *Interval `json:"interval,omitempty"`
}

// EstimateOf is the mean of per-item values xs with the summaries' one
// interval. With no value it is the zero Estimate (N = 0: no value).
func EstimateOf(xs []float64) Estimate {
	if len(xs) == 0 {
		return Estimate{}
	}
	iv := stats.Bootstrap(xs, IntervalResamples, IntervalLevel, IntervalSeed)
	return Estimate{N: len(xs), Value: iv.Value, Interval: &Interval{Lo: iv.Lo, Hi: iv.Hi}}
}

// Measure names the per-sample quantity a metric averages: an item's value
// is the mean of the quantity over the item's samples that have it, and the
// metric is the mean over items. Being a name, not code, it lets any reader
// of results.json (compare, the viewer) recompute per-item values from
// samples.jsonl exactly as the benchmark did.
type Measure struct {
	// Of is "correct" (1 when the verdict is correct, else 0), "score" (the
	// verdict's score in [0,1], partial credit included), "metric:NAME" (the
	// verdict's Metrics[NAME]), "part:NAME" (the verdict's Parts[NAME]) or
	// "kind:KIND" (1 when the verdict's kind is KIND, else 0).
	Of string `json:"of"`
	// Missing is the value of a sample that lacks the quantity; nil leaves
	// such samples out (and items with none of them).
	Missing *float64 `json:"missing,omitempty"`
}

// The common measures.
var (
	Correct = Measure{Of: "correct"}
	Score   = Measure{Of: "score"}
)

// VerdictMetric measures the verdicts' Metrics[name], with missing as the
// value of a sample that has none.
func VerdictMetric(name string, missing float64) Measure {
	return Measure{Of: "metric:" + name, Missing: &missing}
}

// Kind measures the share of samples whose verdict is of kind k.
func Kind(k answer.Kind) Measure { return Measure{Of: "kind:" + string(k)} }

// Part measures the credit of one part of an answer (a HARDMath regime); a
// sample without the part (a reply with no answer) scores 0. Use it in
// groups whose items all have the part.
func Part(name string) Measure {
	zero := 0.0
	return Measure{Of: "part:" + name, Missing: &zero}
}

// Sample returns the quantity for one sample, and false when the sample
// lacks it and the measure has no value for missing ones.
func (m Measure) Sample(s Sample) (float64, bool) {
	v := s.Verdict
	var x float64
	ok := true
	switch {
	case m.Of == "correct":
		if v.IsCorrect() {
			x = 1
		}
	case m.Of == "score":
		x = v.Score
		if math.IsNaN(x) || x < 0 {
			x = 0
		}
		x = math.Min(x, 1)
	case strings.HasPrefix(m.Of, "metric:"):
		x, ok = v.Metrics[strings.TrimPrefix(m.Of, "metric:")]
	case strings.HasPrefix(m.Of, "part:"):
		x, ok = v.Parts[strings.TrimPrefix(m.Of, "part:")]
	case strings.HasPrefix(m.Of, "kind:"):
		if string(v.Kind) == strings.TrimPrefix(m.Of, "kind:") {
			x = 1
		}
	default:
		ok = false
	}
	if ok && math.IsNaN(x) {
		ok = false
	}
	if !ok && m.Missing != nil {
		return *m.Missing, true
	}
	return x, ok
}

// Item returns an item's value: the mean of the measure over its samples
// that have it; false when none has.
func (m Measure) Item(samples []Sample) (float64, bool) {
	sum, n := 0.0, 0
	for _, s := range samples {
		if x, ok := m.Sample(s); ok {
			sum += x
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return sum / float64(n), true
}

// Metric is one named number of a summary, with what it means.
type Metric struct {
	Name       string `json:"name"`       // machine name ("accuracy", "pass@4")
	Label      string `json:"label"`      // how tables and the command line call it
	Definition string `json:"definition"` // what it is, in one or two sentences
	Unit       Unit   `json:"unit"`
	// Measure is the per-sample quantity the metric averages (per item, then
	// over items); nil for metrics computed otherwise (pass@k, AUROC, the
	// mean over folds), which the definition describes.
	Measure *Measure `json:"measure,omitempty"`
	Estimate
}

// Group is one group of a breakdown with its estimates.
type Group struct {
	Key   string `json:"key"`   // unique within the breakdown ("algebra", "algebra|3")
	Label string `json:"label"` // as shown ("Algebra", "Algebra, Level 3")
	// Where selects the group's items by metadata: an item belongs when,
	// for every key, its Meta value is one of the listed ones. Empty: every
	// item.
	Where map[string][]string `json:"where"`
	// Span, when set, also selects by the length of one of the item's
	// texts (MATH's accuracy by problem and solution length).
	Span *Span `json:"span,omitempty"`
	// Measure, when set, replaces the metrics' own per-sample quantity for
	// this group (HARDMath's regimes: the credit of that regime).
	Measure *Measure `json:"measure,omitempty"`
	N       int      `json:"n"` // items in the group (with a value)
	// Values holds the group's estimate of each of the breakdown's metrics.
	Values map[string]Estimate `json:"values"`
}

// Matches reports whether an item belongs to the group.
func (g Group) Matches(it Item) bool { return MatchWhere(g.Where, it) && g.Span.Matches(it) }

// The texts a Span can measure.
const (
	ProblemChars  = "problem_chars"  // characters of Item.Problem
	SolutionChars = "solution_chars" // characters of Item.Solution
)

// Span selects items by the length of one of their texts, counted in
// characters (Unicode code points) of the text as the dataset gives it:
// Lo <= length < Hi, no upper end when Hi is 0. An item whose text is
// empty (no reference solution) belongs to no span. Being computed from
// the item itself, it needs no metadata, so any reader of samples.jsonl
// selects the same items.
type Span struct {
	Of string `json:"of"` // ProblemChars or SolutionChars
	Lo int    `json:"lo"`
	Hi int    `json:"hi,omitempty"`
}

// Length is the length the span measures of an item; false when the item
// has no such text (or the span measures something this build does not
// know).
func (s Span) Length(it Item) (int, bool) {
	var t string
	switch s.Of {
	case ProblemChars:
		t = it.Problem
	case SolutionChars:
		t = it.Solution
	default:
		return 0, false
	}
	if t == "" {
		return 0, false
	}
	return utf8.RuneCountInString(t), true
}

// Matches reports whether an item's length is in the span; a nil span
// matches every item.
func (s *Span) Matches(it Item) bool {
	if s == nil {
		return true
	}
	n, ok := s.Length(it)
	return ok && n >= s.Lo && (s.Hi == 0 || n < s.Hi)
}

// MatchWhere reports whether an item's metadata satisfies where.
func MatchWhere(where map[string][]string, it Item) bool {
	for k, vals := range where {
		v, ok := it.Meta[k]
		if !ok {
			return false
		}
		found := false
		for _, x := range vals {
			if x == v {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// Breakdown is a set of metrics by the groups of one dimension (or of two,
// crossed).
type Breakdown struct {
	Name  string `json:"name"`  // machine name ("by_subject")
	Title string `json:"title"` // "Accuracy by subject"
	// Dims name what the groups are, in the order of the group labels
	// ("subject"; "subject", "level"; "category").
	Dims    []string `json:"dims"`
	Metrics []string `json:"metrics"` // the metrics each group has, in column order
	Groups  []Group  `json:"groups"`
}

// Table is a display table built from a summary's metrics and breakdowns:
// the shape the benchmark's paper shows, with cells already formatted.
type Table struct {
	Name    string     `json:"name"` // machine name ("by_subject")
	Title   string     `json:"title"`
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
	// Breakdown names the breakdown the table shows, if it shows one.
	Breakdown string `json:"breakdown,omitempty"`
	// Main marks the benchmark's own tables, which the command line prints
	// after a run; the report shows every table.
	Main bool `json:"main,omitempty"`
	// Notes say what the table's numbers are, when the columns cannot.
	Notes []string `json:"notes,omitempty"`
	// Shows names the metrics whose overall values the table shows
	// (pass@k in the sampling table), so that readers do not repeat them.
	Shows []string `json:"shows,omitempty"`
}

// Summary is a benchmark's results over a set of graded samples, computed
// once by the benchmark (Summarize) and rendered by every reader: the
// command line, the report, compare and the viewer.
type Summary struct {
	// Headline lists the main metrics, most important first: Headline[0] is
	// the run's one number (the index of runs, compare).
	Headline []string `json:"headline"`
	// Interval says how every interval in the summary was made.
	Interval   string      `json:"interval"`
	Metrics    []Metric    `json:"metrics"`
	Breakdowns []Breakdown `json:"breakdowns,omitempty"`
	Tables     []Table     `json:"tables,omitempty"`
	Notes      []string    `json:"notes,omitempty"`
	// Legacy is set when the summary was read from an old results.json
	// (schema 1: a flat map of numbers and tables of strings); such a
	// summary has values without definitions, intervals or breakdowns.
	Legacy bool `json:"-"`
}

// Metric returns the metric with that name.
func (s Summary) Metric(name string) (Metric, bool) {
	for _, m := range s.Metrics {
		if m.Name == name {
			return m, true
		}
	}
	return Metric{}, false
}

// Value returns a metric's value, NaN when the summary lacks it.
func (s Summary) Value(name string) float64 {
	if m, ok := s.Metric(name); ok {
		return m.Value
	}
	return math.NaN()
}

// Main returns the headline metric (Headline[0]); false when there is none.
func (s Summary) Main() (Metric, bool) {
	if len(s.Headline) == 0 {
		return Metric{}, false
	}
	return s.Metric(s.Headline[0])
}

// Unshown lists the headline metrics, then every other metric no table
// shows: what a reader prints before the tables, so that each number
// appears once.
func (s Summary) Unshown() []Metric {
	shown := map[string]bool{}
	for _, t := range s.Tables {
		for _, n := range t.Shows {
			shown[n] = true
		}
	}
	var out []Metric
	for _, n := range s.Headline {
		if m, ok := s.Metric(n); ok {
			out = append(out, m)
			shown[n] = true
		}
	}
	for _, m := range s.Metrics {
		if !shown[m.Name] {
			out = append(out, m)
		}
	}
	return out
}

// Breakdown returns the breakdown with that name.
func (s Summary) Breakdown(name string) (Breakdown, bool) {
	for _, b := range s.Breakdowns {
		if b.Name == name {
			return b, true
		}
	}
	return Breakdown{}, false
}

// Add adds a metric, replacing one of the same name.
func (s *Summary) Add(m Metric) {
	for i := range s.Metrics {
		if s.Metrics[i].Name == m.Name {
			s.Metrics[i] = m
			return
		}
	}
	s.Metrics = append(s.Metrics, m)
}

// Format shows a value in the metric's unit: "61.2" for a share (percent,
// without the sign: column titles say %), "0.15" for a number.
func (m Metric) Format(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	if m.Unit == Percent {
		return strconv.FormatFloat(100*x, 'f', 1, 64)
	}
	switch a := math.Abs(x); {
	case a >= 100:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case a == 0 || a >= 0.01:
		return strconv.FormatFloat(x, 'f', 2, 64)
	default:
		return strconv.FormatFloat(x, 'g', 2, 64)
	}
}

// Formatter is one number format for numbers shown together - an
// estimate with its interval, or a table column of them: the precision
// Format would give the largest of them, used for all, so that a cell never
// reads "582 [75.00, 1090]" and a column keeps one number of decimals.
// Shares are always shown with one decimal.
func (m Metric) Formatter(xs ...float64) func(float64) string {
	if m.Unit == Percent {
		return m.Format
	}
	big := 0.0
	for _, x := range xs {
		if a := math.Abs(x); !math.IsNaN(a) && !math.IsInf(a, 0) && a > big {
			big = a
		}
	}
	dec := 2
	switch {
	case big >= 100:
		dec = 0
	case big > 0 && big < 0.01: // two significant digits of the largest
		dec = 1 - int(math.Floor(math.Log10(big)))
	}
	return func(x float64) string {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "–"
		}
		return strconv.FormatFloat(x, 'f', dec, 64)
	}
}

// ColumnFormat is the Formatter of a column of estimates: their values and
// interval bounds together.
func (m Metric) ColumnFormat(es ...Estimate) func(float64) string {
	var xs []float64
	for _, e := range es {
		if e.N == 0 {
			continue
		}
		xs = append(xs, e.Value)
		if e.Interval != nil {
			xs = append(xs, e.Interval.Lo, e.Interval.Hi)
		}
	}
	return m.Formatter(xs...)
}

// Cell shows an estimate in the metric's unit with its interval:
// "61.2 [55.0, 67.1]", all three numbers in one format.
func (m Metric) Cell(e Estimate) string { return m.CellIn(e, m.ColumnFormat(e)) }

// CellIn is Cell with the number format of the column it is shown in
// (ColumnFormat over the column's estimates).
func (m Metric) CellIn(e Estimate, f func(float64) string) string {
	if e.N == 0 || math.IsNaN(e.Value) {
		return "–"
	}
	if e.Interval == nil {
		return f(e.Value)
	}
	return fmt.Sprintf("%s [%s, %s]", f(e.Value), f(e.Interval.Lo), f(e.Interval.Hi))
}

// Column is the metric's column title: "accuracy % [95% CI]".
func (m Metric) Column() string {
	t := m.Label
	if m.Unit == Percent {
		t += " %"
	}
	if m.Measure != nil {
		t += " [95% CI]"
	}
	return t
}

// Text shows the metric with its unit and interval for prose and the
// command line: "61.2% [55.0, 67.1]".
func (m Metric) Text() string {
	if m.N == 0 || math.IsNaN(m.Value) {
		return "–"
	}
	f := m.ColumnFormat(m.Estimate)
	v := f(m.Value)
	if m.Unit == Percent {
		v += "%"
	}
	if m.Interval != nil {
		v += fmt.Sprintf(" [%s, %s]", f(m.Interval.Lo), f(m.Interval.Hi))
	}
	return v
}
