package math401

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// Benchmark is MATH 401 as a bench.Benchmark.
type Benchmark struct{}

// New returns the benchmark.
func New() Benchmark { return Benchmark{} }

// Name implements bench.Benchmark.
func (Benchmark) Name() string { return "math401" }

// PromptNames implements bench.PromptLister.
func (Benchmark) PromptNames() []string { return PromptNames() }

// Load reads a released or generated file; with path == "" it generates
// the set with opts.Seed (DefaultSeed when 0).
func (Benchmark) Load(ctx context.Context, path string, opts bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	var items []bench.Item
	var warns []bench.Warning
	var err error
	if path == "" {
		seed := opts.Seed
		if seed == 0 {
			seed = DefaultSeed
		}
		items, err = GeneratedItems(ctx, GenOptions{Seed: seed})
	} else {
		items, warns, err = ReadFile(path)
	}
	if err != nil {
		return nil, nil, err
	}
	return selectItems(items, opts), warns, nil
}

// Prompt implements bench.Benchmark (see MakePrompt).
func (Benchmark) Prompt(it bench.Item, opts bench.PromptOptions) (bench.Prompt, error) {
	return MakePrompt(it, opts)
}

// GoldReply states the reference answer as a model would.
func (Benchmark) GoldReply(it bench.Item) string { return it.Answer }

// Group returns an item's group (-1 when it has none).
func Group(it bench.Item) int {
	g, err := strconv.Atoi(it.Meta["group"])
	if err != nil || g < 0 || g >= NumGroups {
		return -1
	}
	return g
}

// Grade applies the paper's rule through answer's MATH 401 policy: the last
// number outside parentheses, fractions as decimals except in group 10,
// correct when within 1e-3 of the gold value; Metrics carry relative_error
// (10 when no number) and non_number (1 when no number was read).
//
// The paper reads whatever the model decoded, so a reply cut at the token
// limit is graded on its numbers like any other (GradeTruncated).
func (Benchmark) Grade(ctx context.Context, it bench.Item, reply, finishReason string) answer.Verdict {
	p := answer.MATH401Group(Group(it))
	p.GradeTruncated = true
	v := answer.GradeContext(ctx, p, it.Answer, reply, finishReason)
	m := map[string]float64{}
	for k, x := range v.Metrics {
		m[k] = x
	}
	if _, ok := m["relative_error"]; !ok {
		m["relative_error"] = answer.MATH401MaxRelErr
	}
	if !v.IsCorrect() && v.Kind != answer.Wrong {
		m["relative_error"] = answer.MATH401MaxRelErr
	}
	m["non_number"] = 0
	if !hasNumber(reply) {
		m["non_number"] = 1
	}
	v.Metrics = m
	return v
}

// hasNumber reports whether a reply contains a number: the paper's NNR
// counts the replies whose "decoded content does not contain any numbers",
// so a reply with digits that no rule could read (a wrong format, a
// sentence) is a wrong answer, not a non-number.
func hasNumber(reply string) bool {
	for _, r := range reply {
		if unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// NonNumber reports whether a sample is one of the paper's non-numbers: a
// reply (not a failed request, which the summary counts apart) in which no
// number was decoded. Verdicts made before non_number was a reply's
// property (results written by older versions) fall back to their kind.
func NonNumber(v answer.Verdict) bool {
	if v.Kind == answer.Error {
		return false
	}
	if nn, ok := v.Metrics["non_number"]; ok {
		return nn == 1
	}
	return v.Kind != answer.Correct && v.Kind != answer.Wrong
}

// sampleStats are one sample's three numbers.
type sampleStats struct{ acc, re, nn float64 }

func statsOf(s bench.Sample) sampleStats {
	st := sampleStats{re: answer.MATH401MaxRelErr}
	if s.Verdict.IsCorrect() {
		st.acc = 1
	}
	if re, ok := s.Verdict.Metrics["relative_error"]; ok {
		st.re = re
	}
	if !s.Verdict.IsCorrect() && s.Verdict.Kind != answer.Wrong {
		st.re = answer.MATH401MaxRelErr
	}
	if NonNumber(s.Verdict) {
		st.nn = 1
	}
	return st
}

// Score is accuracy, mean relative error and non-number ratio over samples.
type Score struct {
	N              int     `json:"n"`
	Accuracy       float64 `json:"accuracy"`
	RelativeError  float64 `json:"relative_error"`
	NonNumberRatio float64 `json:"non_number_ratio"`
}

func score(ss []sampleStats) Score {
	if len(ss) == 0 {
		return Score{}
	}
	var s Score
	for _, x := range ss {
		s.Accuracy += x.acc
		s.RelativeError += x.re
		s.NonNumberRatio += x.nn
	}
	n := float64(len(ss))
	return Score{N: len(ss), Accuracy: s.Accuracy / n, RelativeError: s.RelativeError / n, NonNumberRatio: s.NonNumberRatio / n}
}

// Scores computes the Table 1 columns (and the per-group scores) over
// samples; each sample counts once (several samples per item are pooled).
func Scores(samples []bench.Sample) (byCategory map[string]Score, byGroup map[int]Score) {
	perGroup := map[int][]sampleStats{}
	for _, s := range samples {
		g := Group(s.Item)
		perGroup[g] = append(perGroup[g], statsOf(s))
	}
	byGroup = map[int]Score{}
	for g, ss := range perGroup {
		byGroup[g] = score(ss)
	}
	byCategory = map[string]Score{}
	for _, c := range Categories {
		var ss []sampleStats
		for _, g := range c.Groups {
			ss = append(ss, perGroup[g]...)
		}
		if c.Name == "All" { // items without a group still count in All
			ss = append(ss, perGroup[-1]...)
		}
		byCategory[c.Name] = score(ss)
	}
	return byCategory, byGroup
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

// The paper's three metrics, as per-sample measures: a reply's relative
// error is 10 and it is a non-number when no number was read (a failed
// request included).
var (
	measureAccuracy  = bench.Correct
	measureRelErr    = bench.VerdictMetric("relative_error", answer.MATH401MaxRelErr)
	measureNonNumber = bench.VerdictMetric("non_number", 0) // a failed request has no reply and no non_number
	measureFailed    = bench.Kind(answer.Error)
)

// Summarize reports the paper's metrics (accuracy, relative error and
// non-number ratio) overall and by the paper's Table 1 columns (kinds of
// arithmetic, each a set of groups), and by group.
func (Benchmark) Summarize(samples []bench.Sample) bench.Summary {
	sb := bench.NewBuilder(samples)
	sb.Metric(bench.Metric{Name: "accuracy", Label: "accuracy", Unit: bench.Percent, Measure: &measureAccuracy,
		Definition: "the share of expressions whose last number in the reply is within 1e-3 of the exact value (the paper's accuracy)"})
	sb.Metric(bench.Metric{Name: "relative_error", Label: "relative error", Unit: bench.Number, Measure: &measureRelErr,
		Definition: "the mean of min(10, |answer - value| / max(|value|, 1)), 10 for a reply with no number (the paper's RE)"})
	sb.Metric(bench.Metric{Name: "non_number_ratio", Label: "non-number ratio", Unit: bench.Percent, Measure: &measureNonNumber,
		Definition: "the share of samples whose reply contains no number at all (the paper's NNR: \"decoded content does not contain any numbers\"); a reply with digits that no rule reads is wrong, not a non-number, and a failed request is counted apart"})
	sb.Metric(bench.Metric{Name: "failed_requests", Label: "failed requests", Unit: bench.Percent, Measure: &measureFailed,
		Definition: "the share of samples whose request failed (no reply: counted in accuracy and RE as a miss, not in NNR)"})
	metrics := []string{"accuracy", "relative_error", "non_number_ratio"}
	var cats []bench.GroupDef
	for _, c := range Categories {
		if c.Name == "All" { // the headline
			continue
		}
		var gs []string
		for _, g := range c.Groups {
			gs = append(gs, strconv.Itoa(g))
		}
		cats = append(cats, bench.GroupDef{Key: c.Name, Label: c.Name, Where: map[string][]string{"group": gs}})
		if c.Name == "Neg" && compatItems(samples) {
			var pg []string
			for _, g := range PaperNeg.Groups {
				pg = append(pg, strconv.Itoa(g))
			}
			cats = append(cats, bench.GroupDef{Key: PaperNeg.Name, Label: PaperNeg.Name, Where: map[string][]string{"group": pg}})
		}
	}
	bc := sb.Breakdown("table1", "MATH 401 by kind of arithmetic (the paper's Table 1 columns)", []string{"category"}, cats, metrics...)
	t1 := sb.BreakdownTable(bc, true)
	t1.Columns = append([]string{t1.Columns[0], "groups"}, t1.Columns[1:]...)
	for i, r := range t1.Rows {
		t1.Rows[i] = append([]string{r[0], categoryGroups(r[0])}, r[1:]...)
	}
	if compatItems(samples) {
		t1.Notes = append(t1.Notes, "Neg (paper) is the paper's own Neg column: its Neg values equal its Dec values in every row, so it was computed over Dec's groups 6, 8 and 12; Neg is the column as defined (groups 5 and 6, operands ranging over negative numbers).")
	}
	sb.Table(t1)
	groups := sb.ByMeta("group", func(g string) string {
		n, err := strconv.Atoi(g)
		if err != nil || n < 0 || n >= NumGroups {
			return g
		}
		return g + ": " + GroupNames[n]
	}, nil)
	bg := sb.Breakdown("by_group", "MATH 401 by group", []string{"group"}, groups, metrics...)
	sb.Table(sb.BreakdownTable(bg, false))
	return sb.Summary()
}

// compatItems reports whether the samples' items follow the released
// file's conventions (see PaperNeg).
func compatItems(samples []bench.Sample) bool {
	for _, s := range samples {
		if s.Item.Meta[compatMeta] == "1" {
			return true
		}
	}
	return false
}

func groupLabel(g int) string {
	if g < 0 {
		return "?"
	}
	return strconv.Itoa(g)
}

// categoryGroups lists a Table 1 column's groups, runs of consecutive
// groups as ranges ("1-6", "0, 4, 9-10, 12-16").
func categoryGroups(name string) string {
	for _, c := range append(Categories, PaperNeg) {
		if c.Name != name {
			continue
		}
		var parts []string
		g := c.Groups
		for i := 0; i < len(g); {
			j := i
			for j+1 < len(g) && g[j+1] == g[j]+1 {
				j++
			}
			if j > i {
				parts = append(parts, fmt.Sprintf("%d-%d", g[i], g[j]))
			} else {
				parts = append(parts, strconv.Itoa(g[i]))
			}
			i = j + 1
		}
		return strings.Join(parts, ", ")
	}
	return ""
}

// CategoryNames lists Table 1's columns.
func CategoryNames() string {
	var s []string
	for _, c := range Categories {
		s = append(s, fmt.Sprintf("%s=%v", c.Name, c.Groups))
	}
	return strings.Join(s, " ")
}

// Table1 is the paper's Table 1 shape over several runs: one row per run,
// the accuracy (%) of each category, then the overall relative error and
// non-number ratio (%). The reports use it to compare runs.
func Table1(names []string, runs [][]bench.Sample) bench.Table {
	t := bench.Table{Name: "table1_runs", Title: "MATH 401 accuracy (%) by kind of arithmetic (the paper's Table 1)",
		Columns: []string{"run"}}
	for _, c := range Categories {
		t.Columns = append(t.Columns, c.Name)
	}
	t.Columns = append(t.Columns, "RE", "NNR (%)")
	for i, samples := range runs {
		byCat, _ := Scores(samples)
		row := []string{names[i]}
		for _, c := range Categories {
			if s := byCat[c.Name]; s.N > 0 {
				row = append(row, pct(s.Accuracy))
			} else {
				row = append(row, "-")
			}
		}
		all := byCat["All"]
		row = append(row, strconv.FormatFloat(all.RelativeError, 'f', 2, 64), pct(all.NonNumberRatio))
		t.Rows = append(t.Rows, row)
	}
	return t
}
