package math401

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/stats"
)

// Benchmark is MATH 401 as a bench.Benchmark.
type Benchmark struct{}

// New returns the benchmark.
func New() Benchmark { return Benchmark{} }

// Name implements bench.Benchmark.
func (Benchmark) Name() string { return "math401" }

// Load reads a released or generated file; with path == "" it generates
// the set with opts.Seed (DefaultSeed when 0).
func (Benchmark) Load(path string, opts bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	var items []bench.Item
	var warns []bench.Warning
	var err error
	if path == "" {
		seed := opts.Seed
		if seed == 0 {
			seed = DefaultSeed
		}
		items, err = GeneratedItems(GenOptions{Seed: seed})
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
func (Benchmark) Grade(it bench.Item, reply, finishReason string) answer.Verdict {
	p := answer.MATH401Group(Group(it))
	p.GradeTruncated = true
	v := answer.Grade(p, it.Answer, reply, finishReason)
	m := map[string]float64{}
	for k, x := range v.Metrics {
		m[k] = x
	}
	if _, ok := m["relative_error"]; !ok {
		m["relative_error"] = answer.MATH401MaxRelErr
	}
	if NonNumber(v) {
		m["non_number"] = 1
		m["relative_error"] = answer.MATH401MaxRelErr
	} else {
		m["non_number"] = 0
	}
	v.Metrics = m
	return v
}

// NonNumber reports whether a verdict read no number from the reply (the
// paper's non-number case): every kind but correct and wrong.
func NonNumber(v answer.Verdict) bool {
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
	if NonNumber(s.Verdict) {
		st.nn = 1
		st.re = answer.MATH401MaxRelErr
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

// metricKey is the machine name of a category in Summary.Metrics.
var metricKey = map[string]string{"Euler": "euler", "+-": "add_sub", "×": "mul", "÷": "div", "^": "pow",
	"Tri": "trig", "log": "log", "Dec": "decimal", "Neg": "negative", "Irr": "irrational", "Big": "big",
	"Long": "long", "Easy": "easy", "Hard": "hard", "All": "all"}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

// Summarize reports the paper's metrics: accuracy, relative error and
// non-number ratio overall (with a bootstrap 95% interval for accuracy),
// the Table 1 breakdown and a per-group table.
func (Benchmark) Summarize(samples []bench.Sample) bench.Summary {
	byCat, byGroup := Scores(samples)
	all := byCat["All"]
	m := map[string]float64{
		"accuracy":         all.Accuracy,
		"relative_error":   all.RelativeError,
		"non_number_ratio": all.NonNumberRatio,
	}
	var accs []float64
	for _, s := range samples {
		accs = append(accs, statsOf(s).acc)
	}
	if len(accs) > 0 {
		ci := stats.Bootstrap(accs, 1000, 0.95, 401)
		m["accuracy_lo"], m["accuracy_hi"] = ci.Lo, ci.Hi
	}
	cols := []string{"metric"}
	row := [3][]string{{"accuracy (%)"}, {"relative error"}, {"non-number ratio (%)"}}
	for _, c := range Categories {
		s := byCat[c.Name]
		cols = append(cols, c.Name)
		if s.N == 0 {
			for i := range row {
				row[i] = append(row[i], "-")
			}
			continue
		}
		m["accuracy_"+metricKey[c.Name]] = s.Accuracy
		row[0] = append(row[0], pct(s.Accuracy))
		row[1] = append(row[1], strconv.FormatFloat(s.RelativeError, 'f', 2, 64))
		row[2] = append(row[2], pct(s.NonNumberRatio))
	}
	table1 := bench.Table{Name: "table1", Title: "MATH 401 by kind of arithmetic (the paper's Table 1)",
		Columns: cols, Rows: [][]string{row[0], row[1], row[2]}}
	var groups []int
	for g := range byGroup {
		groups = append(groups, g)
	}
	sort.Ints(groups)
	byG := bench.Table{Name: "by_group", Title: "MATH 401 by group",
		Columns: []string{"group", "what", "n", "accuracy (%)", "relative error", "non-number ratio (%)"}}
	for _, g := range groups {
		s := byGroup[g]
		what := "(no group)"
		if g >= 0 {
			what = GroupNames[g]
		}
		byG.Rows = append(byG.Rows, []string{groupLabel(g), what, strconv.Itoa(s.N), pct(s.Accuracy),
			strconv.FormatFloat(s.RelativeError, 'f', 2, 64), pct(s.NonNumberRatio)})
	}
	return bench.Summary{Metrics: m, Tables: []bench.Table{table1, byG}}
}

func groupLabel(g int) string {
	if g < 0 {
		return "?"
	}
	return strconv.Itoa(g)
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
