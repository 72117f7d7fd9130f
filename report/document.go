package report

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/stats"
)

// Document is a report laid out as titled tables and plots, rendered to
// Markdown and HTML by the same model so that both say the same.
type Document struct {
	Title    string
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

// PercentCI formats an interval in percent: "61.2 [55.0, 67.1]".
func PercentCI(x stats.Interval) string { return ci(x) }

// ci formats an interval in percent: "61.2 [55.0, 67.1]".
func ci(x stats.Interval) string {
	if math.IsNaN(x.Value) {
		return "–"
	}
	return fmt.Sprintf("%.1f [%.1f, %.1f]", 100*x.Value, 100*x.Lo, 100*x.Hi)
}

// Build lays out the report of one or several analysed runs.
func Build(runs []Analyzed) Document {
	var d Document
	if len(runs) == 1 {
		r := runs[0]
		d.Title = fmt.Sprintf("Report: %s · %s · %s", r.Run.Name, orDash(r.Run.Manifest.Benchmark), orDash(r.Run.Manifest.Model))
	} else {
		d.Title = fmt.Sprintf("Report: %d runs", len(runs))
		d.Sections = append(d.Sections, sideBySide(runs)...)
	}
	for _, r := range runs {
		d.Sections = append(d.Sections, runSections(r, len(runs) > 1)...)
	}
	return d
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

func sideBySide(runs []Analyzed) []Section {
	t := bench.Table{Name: "runs", Title: "Runs side by side",
		Columns: []string{"run", "benchmark", "model", "prompt", "items", "samples", "accuracy % [95% CI]", "no answer %", "tokens out", "cost"}}
	for _, r := range runs {
		m, a := r.Run.Manifest, r.Analysis
		noAns := 0.0
		for _, k := range a.Kinds {
			if k.Kind == "no_answer" {
				noAns = k.Share
			}
		}
		t.Rows = append(t.Rows, []string{r.Label(), orDash(m.Benchmark), orDash(m.Model), orDash(m.Prompt),
			fmt.Sprint(a.Items), fmt.Sprint(a.Samples), ci(a.Accuracy), pct(noAns),
			fmt.Sprint(a.Spend.CompletionTokens), fmt.Sprintf("%.4f", a.Spend.Cost)})
	}
	sec := Section{Title: "Comparison", Tables: []bench.Table{t}}
	// One table per metadata key: groups down, runs across.
	for _, key := range MetaKeys {
		vals := map[string]bool{}
		for _, r := range runs {
			for _, b := range r.Analysis.Breakdowns {
				if b.Key == key {
					for _, g := range b.Groups {
						vals[g.Value] = true
					}
				}
			}
		}
		if len(vals) == 0 {
			continue
		}
		bt := bench.Table{Name: "by_" + key, Title: "Accuracy (%) by " + key, Columns: []string{key}}
		for _, r := range runs {
			bt.Columns = append(bt.Columns, r.Label())
		}
		for _, v := range sortedKeys(vals) {
			row := []string{DisplayValue(key, v)}
			for _, r := range runs {
				cell := "–"
				for _, b := range r.Analysis.Breakdowns {
					if b.Key != key {
						continue
					}
					for _, g := range b.Groups {
						if g.Value == v {
							cell = fmt.Sprintf("%s (%d)", ci(g.Accuracy), g.Items)
						}
					}
				}
				row = append(row, cell)
			}
			bt.Rows = append(bt.Rows, row)
		}
		sec.Tables = append(sec.Tables, bt)
	}
	return []Section{sec}
}

func runSections(x Analyzed, several bool) []Section {
	r, a := x.Run, x.Analysis
	head := ""
	if several {
		head = r.Name + ": "
	}
	var secs []Section

	// Headline.
	sum := bench.Table{Name: "summary", Title: head + "Summary", Columns: []string{"measure", "value"}}
	sum.Rows = append(sum.Rows,
		[]string{"benchmark", orDash(r.Manifest.Benchmark)},
		[]string{"model", orDash(r.Manifest.Model)},
		[]string{"items", fmt.Sprint(a.Items)},
		[]string{"samples", fmt.Sprint(a.Samples)},
		[]string{"accuracy % (95% bootstrap CI over items)", ci(a.Accuracy)})
	s := Section{Title: head + "Summary", Tables: []bench.Table{sum}}
	if len(r.Results.Summary.Metrics) > 0 {
		mt := bench.Table{Name: "metrics", Title: "Benchmark metrics (results.json)", Columns: []string{"metric", "value"}}
		for _, k := range sortedMetricNames(r.Results.Summary.Metrics) {
			mt.Rows = append(mt.Rows, []string{k, fmt.Sprintf("%.4g", r.Results.Summary.Metrics[k])})
		}
		s.Tables = append(s.Tables, mt)
	}
	if !r.HasResults {
		s.Notes = append(s.Notes, "results.json is missing (run unfinished?): counts were rebuilt from samples.jsonl and the benchmark's own tables are absent.")
	}
	if len(a.K) > 0 {
		kt := bench.Table{Name: "at_k", Title: "Several samples per item", Columns: []string{"k", "pass@k %", "maj@k %", "mean@k %", "items left out of pass@k"}}
		for _, k := range a.K {
			kt.Rows = append(kt.Rows, []string{fmt.Sprint(k.K), pct(k.Pass), pct(k.Maj), pct(k.Mean), fmt.Sprint(k.Skipped)})
		}
		s.Tables = append(s.Tables, kt)
	}
	secs = append(secs, s)

	if len(r.Results.Summary.Tables) > 0 {
		secs = append(secs, Section{Title: head + "Benchmark tables", Tables: r.Results.Summary.Tables})
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

	// Accuracy by metadata, computed from the samples.
	bs := Section{Title: head + "Accuracy by item metadata (computed from samples)"}
	if a.Cross != nil {
		bs.Tables = append(bs.Tables, *a.Cross)
	}
	for _, b := range a.Breakdowns {
		t := bench.Table{Name: "accuracy_by_" + b.Key, Title: "Accuracy by " + b.Key, Columns: []string{b.Key, "items", "accuracy % [95% CI]"}}
		for _, g := range b.Groups {
			t.Rows = append(t.Rows, []string{DisplayValue(b.Key, g.Value), fmt.Sprint(g.Items), ci(g.Accuracy)})
		}
		bs.Tables = append(bs.Tables, t)
	}
	for _, p := range x.Plots {
		if strings.HasPrefix(p.Name, "accuracy_by_") {
			bs.Plots = append(bs.Plots, plotRef(x, p))
		}
	}
	if len(bs.Tables) > 0 {
		secs = append(secs, bs)
	}

	// Extraction diagnostics.
	kt := bench.Table{Name: "verdicts", Title: "Verdict kinds", Columns: []string{"verdict", "samples", "%", "main reasons", "example items"}}
	for _, k := range a.Kinds {
		kt.Rows = append(kt.Rows, []string{string(k.Kind), fmt.Sprint(k.Count), pct(k.Share), strings.Join(k.Reasons, "; "), strings.Join(k.Example, ", ")})
	}
	ft := bench.Table{Name: "finish_reasons", Title: "Finish reasons", Columns: []string{"finish reason", "samples"}}
	for _, fr := range sortedCountKeys(a.Spend.FinishReasons) {
		ft.Rows = append(ft.Rows, []string{fr, fmt.Sprint(a.Spend.FinishReasons[fr])})
	}
	secs = append(secs, Section{Title: head + "Extraction diagnostics", Tables: []bench.Table{kt, ft},
		Notes: []string{"Only \"correct\" counts as right; the other kinds separate formatting and infrastructure failures from wrong answers."}})

	// Calibration.
	if c := a.Confidence; c != nil {
		ct := bench.Table{Name: "calibration", Title: "Reliability table", Columns: []string{"confidence bin", "samples", "mean confidence", "accuracy %"}}
		for _, b := range c.Bins {
			if b.Count > 0 {
				ct.Rows = append(ct.Rows, []string{fmt.Sprintf("[%.1f, %.1f)", b.Lo, b.Hi), fmt.Sprint(b.Count), fmt.Sprintf("%.3f", b.Confidence), pct(b.Accuracy)})
			}
		}
		cs := Section{Title: head + "Calibration", Tables: []bench.Table{ct},
			Notes: []string{fmt.Sprintf("%d samples carry a confidence. Expected calibration error (10 bins): %.4f. AUROC of confidence for correctness: %.4f.", c.N, c.ECE, c.AUROC)}}
		for _, p := range x.Plots {
			if p.Name == "calibration" || p.Name == "confidence_histogram" {
				cs.Plots = append(cs.Plots, plotRef(x, p))
			}
		}
		secs = append(secs, cs)
	}

	// Cost and tokens.
	sp := a.Spend
	st := bench.Table{Name: "spend", Title: head + "Cost and tokens", Columns: []string{"measure", "total", "per sample"}}
	per := func(n float64) string {
		if a.Samples == 0 {
			return "–"
		}
		return fmt.Sprintf("%.1f", n/float64(a.Samples))
	}
	st.Rows = append(st.Rows,
		[]string{"prompt tokens", fmt.Sprint(sp.PromptTokens), per(float64(sp.PromptTokens))},
		[]string{"completion tokens", fmt.Sprint(sp.CompletionTokens), per(float64(sp.CompletionTokens))},
		[]string{"reasoning tokens", fmt.Sprint(sp.ReasoningTokens), per(float64(sp.ReasoningTokens))},
		[]string{"cost", fmt.Sprintf("%.4f", sp.Cost), fmt.Sprintf("%.6f", sp.Cost/math.Max(1, float64(a.Samples)))},
		[]string{"cost per correct sample", fmt.Sprintf("%.6f", sp.CostPerCorrect), ""},
		[]string{"latency median / p95 (ms)", fmt.Sprintf("%.0f / %.0f", sp.LatencyMedianMS, sp.LatencyP95MS), ""},
		[]string{"retries", fmt.Sprint(sp.Retries), ""})
	secs = append(secs, Section{Title: head + "Cost and tokens", Tables: []bench.Table{st}})

	// Manifest.
	secs = append(secs, Section{Title: head + "Manifest", Tables: []bench.Table{ManifestTable(r)}})
	return secs
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
	for _, k := range sortedAnyKeys(m.Params) {
		b, _ := json.Marshal(m.Params[k])
		add("param "+k, string(b))
	}
	for _, k := range sortedStringKeys(m.Extra) {
		add("extra "+k, m.Extra[k])
	}
	return t
}

func plotRef(x Analyzed, p Plot) PlotRef {
	return PlotRef{Title: p.Title, PNG: "plots/" + x.Prefix + p.Name + ".png", SVG: "plots/" + x.Prefix + p.Name + ".svg", Plot: p}
}

func sortedMetricNames(m map[string]float64) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func sortedCountKeys(m map[string]int) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func sortedAnyKeys(m map[string]any) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func sortedStringKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
