package report

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/matheval/matheval/bench"
)

// Document is a report laid out as titled tables and plots, rendered to
// Markdown and HTML by the same model so that both say the same.
type Document struct {
	Title string
	// Banner is said first, before any table: a partial run, a summary
	// not read from results.json.
	Banner   []string
	Sections []Section
}

// Section is a titled group of tables, notes and plots.
type Section struct {
	Title  string
	Notes  []string
	Tables []bench.Table
	Plots  []PlotRef
}

// PlotRef is a plot as the document refers to it.
type PlotRef struct {
	Title string
	PNG   string // path relative to the report
	SVG   string
	Plot  Plot
}

// Analyzed is a run with its analysis and plots.
type Analyzed struct {
	Run      *Run
	Analysis *Analysis
	Plots    []Plot
	Prefix   string // plot file prefix (several runs share one plots folder)
	// BenchNote says why the benchmark's own figures are missing, if they are.
	BenchNote string
}

// Label is a short title for a run: its folder, benchmark and model.
func (x Analyzed) Label() string { return x.Run.Name }

// pct formats a share in percent.
func pct(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return fmt.Sprintf("%.1f", 100*x)
}

// Build lays out the report of one or several analysed runs.
func Build(runs []Analyzed) Document {
	var d Document
	if len(runs) == 1 {
		r := runs[0]
		d.Title = fmt.Sprintf("Report: %s · %s · %s", r.Run.Name, orDash(r.Run.Manifest.Benchmark), orDash(r.Run.Manifest.Model))
		d.Banner = banner(r)
	} else {
		d.Title = fmt.Sprintf("Report: %d runs", len(runs))
		d.Sections = append(d.Sections, sideBySide(runs)...)
	}
	for _, r := range runs {
		d.Sections = append(d.Sections, runSections(r, len(runs) > 1)...)
	}
	return d
}

// banner is what a run's report says before anything else: that the run is
// partial, and where its summary came from when not from results.json.
func banner(x Analyzed) []string {
	var out []string
	if st := x.Analysis.Status; st.Partial() {
		out = append(out, "Partial run: "+st.String()+". Every number below covers only the items done.")
	}
	if x.Analysis.SummaryNote != "" {
		out = append(out, x.Analysis.SummaryNote)
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

// sideBySide compares several runs: their headline metric, then each
// breakdown the runs share, groups down and runs across.
func sideBySide(runs []Analyzed) []Section {
	t := bench.Table{Name: "runs", Title: "Runs side by side",
		Columns: []string{"run", "benchmark", "model", "prompt", "items done", "samples", "headline [95% CI]", "no answer %", "tokens out", "cost"}}
	for _, r := range runs {
		m, a := r.Run.Manifest, r.Analysis
		noAns := 0.0
		for _, k := range a.Kinds {
			if k.Kind == "no_answer" {
				noAns = k.Share
			}
		}
		head := "–"
		if hm, ok := a.Summary.Main(); ok {
			head = hm.Label + " " + hm.Text()
		}
		done := fmt.Sprint(a.Items)
		if a.Status.Partial() {
			done = a.Status.String()
		}
		t.Rows = append(t.Rows, []string{r.Label(), orDash(m.Benchmark), orDash(m.Model), orDash(m.Prompt),
			done, fmt.Sprint(a.Samples), head, pct(noAns),
			fmt.Sprint(a.Spend.CompletionTokens), fmt.Sprintf("%.4f", a.Spend.Cost)})
	}
	sec := Section{Title: "Comparison", Tables: []bench.Table{t}, Notes: []string{"Intervals: " + bench.IntervalMethod + "."}}
	// One table per breakdown name: groups down, runs across.
	var names []string
	seen := map[string]bool{}
	for _, r := range runs {
		for _, b := range r.Analysis.Summary.Breakdowns {
			if !seen[b.Name] {
				seen[b.Name] = true
				names = append(names, b.Name)
			}
		}
	}
	for _, name := range names {
		sec.Tables = append(sec.Tables, acrossRuns(runs, name))
	}
	return []Section{sec}
}

// acrossRuns is one breakdown's first metric for several runs.
func acrossRuns(runs []Analyzed, name string) bench.Table {
	var title, dim string
	var labels []string
	haveLabel := map[string]bool{}
	cells := map[[2]string]string{}
	cols := []string{}
	for i, r := range runs {
		b, ok := r.Analysis.Summary.Breakdown(name)
		if !ok || len(b.Metrics) == 0 {
			continue
		}
		m, _ := r.Analysis.Summary.Metric(b.Metrics[0])
		if title == "" {
			title, dim = b.Title, strings.Join(b.Dims, " / ")
		}
		col := fmt.Sprint(i)
		var es []bench.Estimate // the run's column: one number format
		for _, g := range b.Groups {
			es = append(es, g.Values[m.Name])
		}
		format := m.ColumnFormat(es...)
		for _, g := range b.Groups {
			if !haveLabel[g.Label] {
				haveLabel[g.Label] = true
				labels = append(labels, g.Label)
			}
			cells[[2]string{g.Label, col}] = fmt.Sprintf("%s (%d)", m.CellIn(g.Values[m.Name], format), g.N)
		}
	}
	t := bench.Table{Name: name, Title: title + " (95% CI; items in parentheses)", Columns: []string{dim}}
	for i, r := range runs {
		t.Columns = append(t.Columns, r.Label())
		cols = append(cols, fmt.Sprint(i))
	}
	for _, l := range labels {
		row := []string{l}
		for _, c := range cols {
			x, ok := cells[[2]string{l, c}]
			if !ok {
				x = "–"
			}
			row = append(row, x)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// ResultsTable lists the summary's metrics not shown in its tables (the
// headline first): each with its value and interval, its n and its
// definition.
func ResultsTable(sum bench.Summary) bench.Table {
	t := bench.Table{Name: "results", Title: "Results", Columns: []string{"metric", "value [95% CI]", "n", "definition"}}
	for _, m := range sum.Unshown() {
		// The value and its interval stay on one line.
		t.Rows = append(t.Rows, []string{m.Label, strings.ReplaceAll(m.Text(), " ", "\u00a0"), fmt.Sprint(m.N), m.Definition})
	}
	return t
}

// runLine says what was run: "math · openai:x · prompt cot · 500 items, 4 samples each".
func runLine(r *Run, a *Analysis) string {
	m := r.Manifest
	per := "1 sample each"
	if a.SamplesPerItem > 1 {
		per = fmt.Sprintf("%d samples each", a.SamplesPerItem)
	}
	return fmt.Sprintf("%s · %s · prompt %s · %d items, %s", orDash(m.Benchmark), orDash(m.Model), orDash(m.Prompt), a.Items, per)
}

func runSections(x Analyzed, several bool) []Section {
	r, a := x.Run, x.Analysis
	head := ""
	if several {
		head = r.Name + ": "
	}
	var secs []Section

	// The headline: the metrics no table shows, with their definitions.
	s := Section{Title: head + "Results", Tables: []bench.Table{ResultsTable(a.Summary)}}
	if several {
		s.Notes = append(s.Notes, banner(x)...)
	}
	s.Notes = append(s.Notes, runLine(r, a)+".")
	if a.Summary.Interval != "" {
		s.Notes = append(s.Notes, "Intervals: "+a.Summary.Interval+".")
	}
	s.Notes = append(s.Notes, a.Summary.Notes...)
	secs = append(secs, s)

	// The benchmark's tables, each with its figure.
	var calib *bench.Table
	for _, t := range a.Summary.Tables {
		if t.Name == "calibration" {
			t := t
			calib = &t
			continue
		}
		ts := Section{Title: head + t.Title, Notes: t.Notes, Tables: []bench.Table{untitledNotes(t)}}
		for _, p := range x.Plots {
			if t.Breakdown != "" && p.Name == "breakdown_"+safeName(t.Breakdown) {
				ts.Plots = append(ts.Plots, plotRef(x, p))
			}
		}
		secs = append(secs, ts)
	}

	// The benchmark's own figures (bench.Plotter).
	fs := Section{Title: head + "Benchmark figures"}
	for _, p := range x.Plots {
		if strings.HasPrefix(p.Name, benchPlotPrefix) {
			fs.Plots = append(fs.Plots, plotRef(x, p))
		}
	}
	if x.BenchNote != "" {
		fs.Notes = append(fs.Notes, x.BenchNote)
	}
	if len(fs.Plots) > 0 || len(fs.Notes) > 0 {
		secs = append(secs, fs)
	}

	secs = append(secs, diagnostics(head, a))
	if calib != nil {
		cs := Section{Title: head + "Calibration", Notes: calib.Notes, Tables: []bench.Table{untitledNotes(*calib)}}
		for _, p := range x.Plots {
			if p.Name == "calibration" || p.Name == "confidence_histogram" {
				cs.Plots = append(cs.Plots, plotRef(x, p))
			}
		}
		secs = append(secs, cs)
	}
	secs = append(secs, Section{Title: head + "Cost and tokens", Tables: []bench.Table{spendTable(head, a)}})
	secs = append(secs, Section{Title: head + "Manifest", Tables: []bench.Table{ManifestTable(r)}})
	return secs
}

// untitledNotes is a table whose notes moved to its section.
func untitledNotes(t bench.Table) bench.Table {
	t.Notes = nil
	return t
}

// diagnostics is the section on how replies failed: verdict kinds with
// their main reasons, and finish reasons.
func diagnostics(head string, a *Analysis) Section {
	kt := bench.Table{Name: "verdicts", Title: "Verdict kinds", Columns: []string{"verdict", "samples", "%", "main reasons", "example items"}}
	for _, k := range a.Kinds {
		kt.Rows = append(kt.Rows, []string{string(k.Kind), fmt.Sprint(k.Count), pct(k.Share), strings.Join(k.Reasons, "; "), strings.Join(k.Example, ", ")})
	}
	ft := bench.Table{Name: "finish_reasons", Title: "Finish reasons", Columns: []string{"finish reason", "samples"}}
	for _, fr := range slices.Sorted(maps.Keys(a.Spend.FinishReasons)) {
		ft.Rows = append(ft.Rows, []string{fr, fmt.Sprint(a.Spend.FinishReasons[fr])})
	}
	return Section{Title: head + "Extraction diagnostics", Tables: []bench.Table{kt, ft},
		Notes: []string{"Only \"correct\" counts as right; the other kinds separate formatting and infrastructure failures from wrong answers."}}
}

func spendTable(head string, a *Analysis) bench.Table {
	sp := a.Spend
	st := bench.Table{Name: "spend", Title: head + "Cost and tokens", Columns: []string{"measure", "total", "per sample"}}
	per := func(n float64) string {
		if a.Samples == 0 {
			return "–"
		}
		return fmt.Sprintf("%.1f", n/float64(a.Samples))
	}
	cpc := "n/a (no correct sample)"
	if sp.Cost == 0 {
		cpc = "n/a (no prices given: --prices)"
	}
	if sp.CostPerCorrect > 0 {
		cpc = fmt.Sprintf("%.6f", sp.CostPerCorrect)
	}
	st.Rows = append(st.Rows,
		[]string{"prompt tokens", fmt.Sprint(sp.PromptTokens), per(float64(sp.PromptTokens))},
		[]string{"completion tokens", fmt.Sprint(sp.CompletionTokens), per(float64(sp.CompletionTokens))},
		[]string{"reasoning tokens", fmt.Sprint(sp.ReasoningTokens), per(float64(sp.ReasoningTokens))},
		costRow(sp.Cost, a.Samples),
		[]string{"cost per correct sample", cpc, ""},
		[]string{"latency median / p95 (ms)", fmt.Sprintf("%.0f / %.0f", sp.LatencyMedianMS, sp.LatencyP95MS), ""},
		[]string{"retries", fmt.Sprint(sp.Retries), ""})
	return st
}

// costRow is the spend table's cost: unknown, not 0.0000, when no
// prices were given (a run without --prices has no cost to show).
func costRow(cost float64, samples int) []string {
	if cost == 0 {
		return []string{"cost", "n/a (no prices given: --prices)", ""}
	}
	return []string{"cost", fmt.Sprintf("%.4f", cost), fmt.Sprintf("%.6f", cost/math.Max(1, float64(samples)))}
}

// ManifestTable lists the manifest's fields and parameters.
func ManifestTable(r *Run) bench.Table {
	m := r.Manifest
	t := bench.Table{Name: "manifest", Title: "Manifest (" + r.Dir + ")", Columns: []string{"field", "value"}}
	add := func(k, v string) {
		if v != "" {
			t.Rows = append(t.Rows, []string{k, v})
		}
	}
	add("matheval", m.Matheval)
	add("commit", m.Commit)
	add("go", m.GoVersion)
	add("benchmark", m.Benchmark)
	add("data path", m.DataPath)
	add("data hash", m.DataHash)
	add("prompt", m.Prompt)
	add("prompt hash", m.PromptHash)
	add("grader version", m.GraderVersion)
	add("model", m.Model)
	if len(m.ServerModels) > 0 {
		add("server models", truncate(string(m.ServerModels), 200))
	}
	add("seed", fmt.Sprint(m.Seed))
	add("items", fmt.Sprint(m.Items))
	add("samples per item", fmt.Sprint(m.Samples))
	add("start", m.Start)
	add("end", m.End)
	for _, k := range slices.Sorted(maps.Keys(m.Params)) {
		b, _ := json.Marshal(m.Params[k])
		add("param "+k, string(b))
	}
	for _, k := range slices.Sorted(maps.Keys(m.Extra)) {
		add("extra "+k, m.Extra[k])
	}
	return t
}

func plotRef(x Analyzed, p Plot) PlotRef {
	return PlotRef{Title: p.Title, PNG: "plots/" + x.Prefix + p.Name + ".png", SVG: "plots/" + x.Prefix + p.Name + ".svg", Plot: p}
}
