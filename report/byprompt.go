package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/stats"
)

// Choosing each model's best prompt, as the MATH 401 paper does (its full
// table lists every model with the prompt that scored best, and Table 1
// reports that prompt's accuracy by kind of arithmetic). The runs of one
// model must differ in their prompt only; every number is the runs'
// summaries', and the lead of the best prompt over the next is the paired
// comparison of the two runs (Compare).

// promptSettings are the settings that make up a prompt: the template, its
// text, few-shot examples, the system prompt and the hint. Runs of one model
// may differ in these and in nothing else that changes the replies.
var promptSettings = map[string]bool{
	"prompt": true, "prompt text": true, "prompt-file": true, "shots": true, "system": true, "hint-fraction": true,
}

func isPromptSetting(name string) bool {
	return promptSettings[name] || strings.HasPrefix(name, "prompt_options.")
}

// PromptRow is one run of a model: its prompt and its summary.
type PromptRow struct {
	Run    *Run
	Prompt string // the template and the prompt settings that vary between the model's runs
	Value  float64
	Best   bool
}

// ModelPrompts are one model's runs, one per prompt, and the best of them.
type ModelPrompts struct {
	Model string
	Rows  []PromptRow // in the order of the headline metric, best first
	// Lead is the paired comparison of the best prompt's run with the
	// runner-up's; nil with a single prompt.
	Lead *Comparison
	Tie  bool // the runner-up has the same value
}

// PromptChoice is the best prompt of each model over a set of runs of one
// benchmark.
type PromptChoice struct {
	Benchmark string
	// Metric is the headline metric the prompts are ranked by.
	Metric bench.Metric
	// Breakdown is the benchmark's first main breakdown (MATH 401: its
	// Table 1 columns), whose groups become columns.
	Breakdown string
	Models    []ModelPrompts
	Warnings  []string
	sums      map[*Run]bench.Summary // each run's summary, computed once
}

// summary returns a run's summary (SummaryOf, once).
func (pc PromptChoice) summary(r *Run) bench.Summary {
	if s, ok := pc.sums[r]; ok {
		return s
	}
	s, _ := SummaryOf(r)
	return s
}

// ErrNotOnlyPrompt is returned when runs of one model differ in more than
// their prompt.
var ErrNotOnlyPrompt = errors.New("runs of one model differ in more than the prompt")

// ByPrompt ranks the prompts of each model. The runs must all be of one
// benchmark; runs of one model must differ in their prompt settings only
// (template, prompt text, shots, system prompt, hint) and no two may share
// a prompt; otherwise it fails naming the runs and the settings.
func ByPrompt(runs []*Run) (PromptChoice, error) {
	var pc PromptChoice
	if len(runs) == 0 {
		return pc, errors.New("no runs")
	}
	pc.Benchmark = runs[0].Manifest.Benchmark
	for _, r := range runs[1:] {
		if r.Manifest.Benchmark != pc.Benchmark {
			return pc, fmt.Errorf("%s is a run of %s, %s of %s: compare prompts within one benchmark",
				runs[0].Dir, orDash(pc.Benchmark), r.Dir, orDash(r.Manifest.Benchmark))
		}
	}
	byModel := map[string][]*Run{}
	var models []string
	for _, r := range runs {
		m := r.Manifest.Model
		if _, ok := byModel[m]; !ok {
			models = append(models, m)
		}
		byModel[m] = append(byModel[m], r)
	}
	sumOf := map[*Run]bench.Summary{}
	for _, r := range runs {
		sumOf[r], _ = SummaryOf(r)
	}
	pc.sums = sumOf
	pc.Metric, _ = headlineMeasure(sumOf[runs[0]])
	if m, ok := sumOf[runs[0]].Main(); ok {
		pc.Metric = m
	}
	pc.Breakdown = firstMainBreakdown(sumOf[runs[0]])
	for _, model := range models {
		rs := byModel[model]
		varying := map[string]bool{}
		for _, r := range rs[1:] {
			var other []string
			for _, d := range SettingsDiff(rs[0].Manifest, r.Manifest) {
				switch {
				case isPromptSetting(d.Name):
					varying[d.Name] = true
				case d.Name != "model":
					other = append(other, d.String())
				}
			}
			if len(other) > 0 {
				return pc, fmt.Errorf("%w: %s and %s (model %s) differ in %s; run them again with the same settings, "+
					"or regrade both with `matheval grade` when only the grader differs",
					ErrNotOnlyPrompt, rs[0].Dir, r.Dir, model, strings.Join(other, "; "))
			}
		}
		mp := ModelPrompts{Model: model}
		seen := map[string]string{}
		for _, r := range rs {
			label := promptLabel(r, varying)
			if prev, ok := seen[label]; ok {
				return pc, fmt.Errorf("%s and %s are runs of model %s with the same prompt (%s): keep one", prev, r.Dir, model, label)
			}
			seen[label] = r.Dir
			v := math.NaN()
			if m, ok := sumOf[r].Metric(pc.Metric.Name); ok && m.N > 0 {
				v = m.Value
			}
			mp.Rows = append(mp.Rows, PromptRow{Run: r, Prompt: label, Value: v})
			if st := status(r); st.Partial() {
				pc.Warnings = append(pc.Warnings, fmt.Sprintf("%s (model %s, prompt %s) is partial: %s", r.Dir, model, label, st))
			}
		}
		// Best first; runs without a value last; ties keep the order given.
		sort.SliceStable(mp.Rows, func(i, j int) bool {
			a, b := mp.Rows[i].Value, mp.Rows[j].Value
			if math.IsNaN(b) {
				return !math.IsNaN(a)
			}
			return a > b
		})
		if !math.IsNaN(mp.Rows[0].Value) {
			mp.Rows[0].Best = true
		}
		if len(mp.Rows) > 1 {
			mp.Tie = mp.Rows[0].Value == mp.Rows[1].Value
			if c, err := Compare(mp.Rows[0].Run, mp.Rows[1].Run); err == nil {
				mp.Lead = &c
			} else {
				pc.Warnings = append(pc.Warnings, fmt.Sprintf("model %s: the best prompt's run and the runner-up's cannot be paired: %v", model, err))
			}
		} else {
			pc.Warnings = append(pc.Warnings, fmt.Sprintf("model %s has one prompt only (%s)", model, mp.Rows[0].Prompt))
		}
		pc.Models = append(pc.Models, mp)
	}
	// Models compared with each other should have seen the same items.
	if len(models) > 1 {
		first := byModel[models[0]][0].Manifest
		for _, m := range models[1:] {
			other := byModel[m][0].Manifest
			if other.DataHash != first.DataHash || other.Seed != first.Seed || other.Samples != first.Samples {
				pc.Warnings = append(pc.Warnings, fmt.Sprintf("models %s and %s were run on different data, seeds or samples per item: their rows do not compare like for like", models[0], m))
			}
		}
	}
	return pc, nil
}

// promptLabel names a run's prompt: the template, then each prompt setting
// that varies between the model's runs ("equation:latex, system calculator4").
func promptLabel(r *Run, varying map[string]bool) string {
	label := orDash(r.Manifest.Prompt)
	flat := flatParams(r.Manifest.Params)
	var keys []string
	for k := range varying {
		if k != "prompt" && k != "prompt text" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, ok := flat[k]
		if !ok || v == "" {
			v = "(none)"
		}
		label += ", " + strings.TrimPrefix(k, "prompt_options.") + " " + short(v)
	}
	if varying["prompt text"] && !varying["prompt"] {
		label += ", text " + short8(r.Manifest.PromptHash)
	}
	return label
}

// firstMainBreakdown is the breakdown of the summary's first main table
// ("" when none).
func firstMainBreakdown(sum bench.Summary) string {
	for _, t := range sum.Tables {
		if t.Main && t.Breakdown != "" {
			return t.Breakdown
		}
	}
	return ""
}

// Tables lays the choice out: one table per model with every prompt (the
// best marked), then, with several models, one row per model with its best
// prompt. The columns are the metrics of the benchmark's first main
// breakdown with their intervals (MATH 401: accuracy, relative error,
// non-number ratio), then that breakdown's groups on its first metric
// (MATH 401: its Table 1 columns).
func (pc PromptChoice) Tables() []bench.Table {
	var out []bench.Table
	for _, mp := range pc.Models {
		t := pc.table("prompts "+mp.Model, mp.Model+": "+pc.Metric.Label+" by prompt (best marked)", "prompt")
		for _, r := range mp.Rows {
			mark := ""
			if r.Best {
				mark = "✓"
				if mp.Tie {
					mark = "✓ (tie)"
				}
			}
			t.Rows = append(t.Rows, pc.row(r.Prompt, r.Run, mark))
		}
		if n := mp.leadNote(pc.Metric); n != "" {
			t.Notes = append(t.Notes, n)
		}
		out = append(out, t)
	}
	if len(pc.Models) > 1 {
		t := pc.table("best_prompts", "Best prompt per model ("+pc.Metric.Label+")", "model")
		t.Columns = append(t.Columns[:1], append([]string{"best prompt"}, t.Columns[1:len(t.Columns)-1]...)...)
		for _, mp := range pc.Models {
			r := mp.Rows[0]
			row := pc.row(mp.Model, r.Run, "")
			row = append(row[:1], append([]string{r.Prompt}, row[1:len(row)-1]...)...)
			t.Rows = append(t.Rows, row)
		}
		out = append(out, t)
	}
	return out
}

// table starts a table with the choice's columns.
func (pc PromptChoice) table(name, title, first string) bench.Table {
	t := bench.Table{Name: name, Title: title, Columns: []string{first, "items"}}
	for _, m := range pc.metrics() {
		t.Columns = append(t.Columns, m.Column())
	}
	for _, g := range pc.groupLabels() {
		t.Columns = append(t.Columns, g)
	}
	t.Columns = append(t.Columns, "best")
	if labels := pc.groupLabels(); len(labels) > 0 {
		if b, m, ok := pc.breakdownOf(); ok {
			unit := ""
			if m.Unit == bench.Percent {
				unit = " (%)"
			}
			t.Notes = append(t.Notes, fmt.Sprintf("Columns %s to %s: %s, %s%s.", labels[0], labels[len(labels)-1],
				b.Title, m.Label, unit))
		}
	}
	return t
}

// metrics are the columns with intervals: the headline metric, then the
// other metrics of the breakdown.
func (pc PromptChoice) metrics() []bench.Metric {
	out := []bench.Metric{pc.Metric}
	if b, _, ok := pc.breakdownOf(); ok {
		sum := pc.anySummary()
		for _, n := range b.Metrics {
			if m, ok := sum.Metric(n); ok && n != pc.Metric.Name {
				out = append(out, m)
			}
		}
	}
	return out
}

// breakdownOf returns the breakdown of the first run that has it, and its
// first metric.
func (pc PromptChoice) breakdownOf() (bench.Breakdown, bench.Metric, bool) {
	if pc.Breakdown == "" {
		return bench.Breakdown{}, bench.Metric{}, false
	}
	for _, mp := range pc.Models {
		for _, r := range mp.Rows {
			sum := pc.summary(r.Run)
			if b, ok := sum.Breakdown(pc.Breakdown); ok && len(b.Metrics) > 0 {
				m, _ := sum.Metric(b.Metrics[0])
				return b, m, true
			}
		}
	}
	return bench.Breakdown{}, bench.Metric{}, false
}

func (pc PromptChoice) anySummary() bench.Summary {
	for _, mp := range pc.Models {
		for _, r := range mp.Rows {
			sum := pc.summary(r.Run)
			return sum
		}
	}
	return bench.Summary{}
}

// groupLabels are the breakdown's groups over all runs, in first-seen order.
func (pc PromptChoice) groupLabels() []string {
	var out []string
	seen := map[string]bool{}
	for _, mp := range pc.Models {
		for _, r := range mp.Rows {
			sum := pc.summary(r.Run)
			b, ok := sum.Breakdown(pc.Breakdown)
			if !ok {
				continue
			}
			for _, g := range b.Groups {
				if !seen[g.Label] {
					seen[g.Label] = true
					out = append(out, g.Label)
				}
			}
		}
	}
	return out
}

// row is a run's cells under the choice's columns.
func (pc PromptChoice) row(first string, r *Run, mark string) []string {
	sum := pc.summary(r)
	row := []string{first, fmt.Sprint(len(Outcomes(r)))}
	for _, m := range pc.metrics() {
		got, ok := sum.Metric(m.Name)
		if !ok {
			row = append(row, "–")
			continue
		}
		row = append(row, got.Cell(got.Estimate))
	}
	if labels := pc.groupLabels(); len(labels) > 0 {
		vals := map[string]string{}
		if b, ok := sum.Breakdown(pc.Breakdown); ok && len(b.Metrics) > 0 {
			m, _ := sum.Metric(b.Metrics[0])
			for _, g := range b.Groups {
				vals[g.Label] = m.Format(g.Values[m.Name].Value)
			}
		}
		for _, l := range labels {
			v, ok := vals[l]
			if !ok {
				v = "–"
			}
			row = append(row, v)
		}
	}
	return append(row, mark)
}

// leadNote says by how much the best prompt leads the runner-up, with the
// paired interval and the sign test, and whether that lead is clear.
func (mp ModelPrompts) leadNote(m bench.Metric) string {
	if mp.Lead == nil || len(mp.Rows) < 2 {
		return ""
	}
	c := mp.Lead
	verdict := "the lead is within the noise: the interval includes 0"
	if c.Diff.Lo > 0 {
		verdict = "a clear lead: the interval excludes 0"
	}
	return fmt.Sprintf("Best: %s, ahead of %s by %s on the %d items both runs have (sign test p = %.3g); %s.",
		mp.Rows[0].Prompt, mp.Rows[1].Prompt, c.DiffText(), c.Paired, c.SignP, verdict)
}

// JSON is the choice in a machine-readable form: per model, each prompt's
// run, value and interval (best first), and the best prompt's lead.
func (pc PromptChoice) JSON() ([]byte, error) {
	type row struct {
		Dir      string          `json:"dir"`
		Prompt   string          `json:"prompt"`
		Value    *float64        `json:"value"`
		Interval *bench.Interval `json:"interval,omitempty"`
		Best     bool            `json:"best"`
	}
	type lead struct {
		Over   string         `json:"over"`
		Paired int            `json:"paired"`
		Diff   stats.Interval `json:"difference"`
		SignP  float64        `json:"sign_test_p"`
	}
	type model struct {
		Model string `json:"model"`
		Rows  []row  `json:"prompts"`
		Tie   bool   `json:"tie"`
		Lead  *lead  `json:"lead,omitempty"`
	}
	out := struct {
		Benchmark string        `json:"benchmark"`
		Metric    string        `json:"metric"`
		Models    []model       `json:"models"`
		Tables    []bench.Table `json:"tables"`
		Warnings  []string      `json:"warnings"`
	}{Benchmark: pc.Benchmark, Metric: pc.Metric.Name, Tables: pc.Tables(), Warnings: pc.Warnings}
	for _, mp := range pc.Models {
		m := model{Model: mp.Model, Tie: mp.Tie}
		for _, r := range mp.Rows {
			x := row{Dir: r.Run.Dir, Prompt: r.Prompt, Best: r.Best}
			if !math.IsNaN(r.Value) {
				v := r.Value
				x.Value = &v
			}
			sum := pc.summary(r.Run)
			if got, ok := sum.Metric(pc.Metric.Name); ok {
				x.Interval = got.Interval
			}
			m.Rows = append(m.Rows, x)
		}
		if mp.Lead != nil {
			m.Lead = &lead{Over: mp.Rows[1].Prompt, Paired: mp.Lead.Paired, Diff: mp.Lead.Diff, SignP: mp.Lead.SignP}
		}
		out.Models = append(out.Models, m)
	}
	return json.MarshalIndent(out, "", "  ")
}
