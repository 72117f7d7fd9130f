package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/rundir"
)

// Grid is a table for papers: one headline estimate per cell, with its
// interval, rows and columns named by models and benchmarks (or groups),
// never by run hashes. The text, Markdown, LaTeX and CSV forms show the
// same numbers, formatted once (bench.Metric.Format).
type Grid struct {
	Title  string
	Corner string // what the rows are ("model", "benchmark")
	Rows   []string
	Cols   []string
	// Cells[r][c] is the metric at row r and column c; nil where no run
	// gives it.
	Cells [][]*bench.Metric
	Notes []string
}

// ModelName is a model as tables name it: the spec without its openai:
// prefix ("qwen2.5-math-7b"); built-in and replay models keep theirs.
func ModelName(spec string) string { return strings.TrimPrefix(spec, "openai:") }

// MacroNote says how a macro-average's interval is made.
const MacroNote = "macro average: the unweighted mean of the benchmarks' headline values; its interval is a normal " +
	"approximation from each benchmark's own interval, the benchmarks taken as independent"

// Macro is the unweighted mean of metrics of one unit with an interval
// from theirs (see MacroNote); false when they are not all there, or
// differ in unit.
func Macro(ms []*bench.Metric) (bench.Metric, bool) {
	if len(ms) < 2 {
		return bench.Metric{}, false
	}
	var sum, v float64
	n := 0
	withIntervals := true
	for _, m := range ms {
		if m == nil || m.N == 0 || math.IsNaN(m.Value) || m.Unit != ms[0].Unit {
			return bench.Metric{}, false
		}
		sum += m.Value
		n += m.N
		if m.Interval == nil {
			withIntervals = false
			continue
		}
		se := (m.Interval.Hi - m.Interval.Lo) / (2 * 1.959964)
		v += se * se
	}
	k := float64(len(ms))
	out := bench.Metric{Name: "macro_average", Label: "macro average", Unit: ms[0].Unit,
		Definition: MacroNote, Estimate: bench.Estimate{N: n, Value: sum / k}}
	if withIntervals {
		half := 1.959964 * math.Sqrt(v) / k
		lo, hi := out.Value-half, out.Value+half
		if out.Unit == bench.Percent {
			lo, hi = math.Max(0, lo), math.Min(1, hi)
		}
		out.Interval = &bench.Interval{Lo: lo, Hi: hi}
	}
	return out, true
}

// BenchLabel names a run's benchmark in tables: its name, and for the
// generic answer benchmark also its data file (two files are two
// benchmarks).
func BenchLabel(m rundir.Manifest) string {
	if m.DataPath != "" && namedByData(m.Benchmark) {
		return "answers:" + filepath.Base(filepath.Dir(m.DataPath)) + "/" + filepath.Base(m.DataPath)
	}
	return m.Benchmark
}

// namedByData reports whether the registered benchmark of that name is
// named by its data file (bench.DataNamed).
func namedByData(name string) bool {
	b, err := bench.Lookup(name)
	if err != nil {
		return false
	}
	d, ok := b.(bench.DataNamed)
	return ok && d.NamedByData()
}

// latest keeps, of several runs of one model on one benchmark, the one
// that started last, and says which it kept.
func latest(runs []*Run) (map[[2]string]*Run, []string) {
	by := map[[2]string][]*Run{}
	for _, r := range runs {
		k := [2]string{ModelName(r.Manifest.Model), BenchLabel(r.Manifest)}
		by[k] = append(by[k], r)
	}
	out := map[[2]string]*Run{}
	var notes []string
	for k, rs := range by {
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].Manifest.Start < rs[j].Manifest.Start })
		out[k] = rs[len(rs)-1]
		if len(rs) > 1 {
			notes = append(notes, fmt.Sprintf("%d runs of %s on %s: the latest is shown (%s)", len(rs), k[0], k[1], rs[len(rs)-1].Dir))
		}
	}
	sort.Strings(notes)
	return out, notes
}

// ModelBenchmarkGrid is model x benchmark: each run's headline metric,
// with a macro-average column when there are several benchmarks.
func ModelBenchmarkGrid(runs []*Run) Grid {
	kept, notes := latest(runs)
	models, benches := map[string]bool{}, map[string]bool{}
	for k := range kept {
		models[k[0]], benches[k[1]] = true, true
	}
	g := Grid{Title: "Headline metric by model and benchmark (95% intervals)", Corner: "model",
		Rows: sortedKeys(models), Cols: sortedKeys(benches), Notes: notes}
	macro := len(g.Cols) > 1
	for _, m := range g.Rows {
		row := make([]*bench.Metric, len(g.Cols))
		for j, b := range g.Cols {
			if r, ok := kept[[2]string{m, b}]; ok {
				if h, ok := r.Results.Summary.Main(); ok {
					row[j] = &h
				}
			}
		}
		if macro {
			if mm, ok := Macro(row); ok {
				row = append(row, &mm)
			} else {
				row = append(row, nil)
			}
		}
		g.Cells = append(g.Cells, row)
	}
	if macro {
		g.Cols = append(g.Cols, "macro average")
		g.Notes = append(g.Notes, MacroNote)
	}
	for _, b := range g.Cols {
		if b == "macro average" {
			continue
		}
		for _, r := range kept {
			if BenchLabel(r.Manifest) == b {
				if h, ok := r.Results.Summary.Main(); ok {
					g.Notes = append(g.Notes, fmt.Sprintf("%s: %s (%s)", b, h.Label, h.Definition))
				}
				break
			}
		}
	}
	return g
}

// BreakdownGrid is model x group of one benchmark's breakdown (by_subject,
// by_type, ...; "" = the summary's first), after the overall headline.
func BreakdownGrid(runs []*Run, breakdown string) (Grid, error) {
	kept, notes := latest(runs)
	var bname string
	for k := range kept {
		if bname != "" && k[1] != bname {
			return Grid{}, fmt.Errorf("a breakdown table is for runs of one benchmark (have %s and %s)", bname, k[1])
		}
		bname = k[1]
	}
	models := map[string]bool{}
	for k := range kept {
		models[k[0]] = true
	}
	g := Grid{Corner: "model", Rows: sortedKeys(models), Notes: notes}
	// The groups, in the order of the first run that has the breakdown.
	var groups []string
	var metric string
	for _, m := range g.Rows {
		s := kept[[2]string{m, bname}].Results.Summary
		if breakdown == "" && len(s.Breakdowns) > 0 {
			breakdown = s.Breakdowns[0].Name
		}
		if bd, ok := s.Breakdown(breakdown); ok && groups == nil {
			g.Title = fmt.Sprintf("%s: %s, by model (95%% intervals)", bname, bd.Title)
			metric = s.Headline[0]
			for _, gr := range bd.Groups {
				groups = append(groups, gr.Label)
			}
		}
	}
	if groups == nil {
		return Grid{}, fmt.Errorf("%s: no run has a breakdown %q", bname, breakdown)
	}
	g.Cols = append([]string{"all"}, groups...)
	for _, m := range g.Rows {
		s := kept[[2]string{m, bname}].Results.Summary
		row := make([]*bench.Metric, len(g.Cols))
		if h, ok := s.Main(); ok {
			row[0] = &h
		}
		if bd, ok := s.Breakdown(breakdown); ok {
			for _, gr := range bd.Groups {
				for j, lab := range groups {
					if gr.Label == lab && row[0] != nil {
						if e, ok := gr.Values[metric]; ok {
							c := *row[0]
							c.Estimate = e
							row[j+1] = &c
						}
					}
				}
			}
		}
		g.Cells = append(g.Cells, row)
	}
	return g, nil
}

// SuiteGrid is benchmark x (one model): the combined table of a suite run,
// a row per benchmark and a macro-average row.
func SuiteGrid(model string, results []rundir.Results) Grid {
	g := Grid{Title: "Suite: headline metric by benchmark (95% intervals)", Corner: "benchmark", Cols: []string{ModelName(model)}}
	var col []*bench.Metric
	for _, r := range results {
		g.Rows = append(g.Rows, r.Benchmark)
		if h, ok := r.Summary.Main(); ok {
			col = append(col, &h)
		} else {
			col = append(col, nil)
		}
		g.Cells = append(g.Cells, []*bench.Metric{col[len(col)-1]})
	}
	if m, ok := Macro(col); ok {
		g.Rows = append(g.Rows, "macro average")
		g.Cells = append(g.Cells, []*bench.Metric{&m})
		g.Notes = append(g.Notes, MacroNote)
	}
	return g
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Formats of a grid.
const (
	FormatText     = "text"
	FormatMarkdown = "markdown"
	FormatLaTeX    = "latex"
	FormatCSV      = "csv"
)

// Render writes the grid in one of the formats.
func (g Grid) Render(w io.Writer, format string) error {
	switch format {
	case FormatText, "":
		return g.text(w)
	case FormatMarkdown:
		return g.markdown(w)
	case FormatLaTeX:
		return g.latex(w)
	case FormatCSV:
		return g.csv(w)
	}
	return fmt.Errorf("format %q: want text, markdown, latex or csv", format)
}

// formats is one number format per column (bench.Metric.ColumnFormat over
// its cells), so a column never mixes "582" with "75.00"; a column whose
// cells differ in unit formats each cell by itself.
func (g Grid) formats() []func(float64) string {
	out := make([]func(float64) string, len(g.Cols))
	for j := range g.Cols {
		var first *bench.Metric
		var es []bench.Estimate
		same := true
		for _, r := range g.Cells {
			if j >= len(r) || r[j] == nil {
				continue
			}
			if first == nil {
				first = r[j]
			}
			same = same && r[j].Unit == first.Unit
			es = append(es, r[j].Estimate)
		}
		if first != nil && same {
			out[j] = first.ColumnFormat(es...)
		}
	}
	return out
}

// cellFormat is the format of a cell of column j.
func cellFormat(fs []func(float64) string, j int, m *bench.Metric) func(float64) string {
	if j < len(fs) && fs[j] != nil {
		return fs[j]
	}
	return m.ColumnFormat(m.Estimate)
}

func cellText(m *bench.Metric, fs []func(float64) string, j int) string {
	if m == nil {
		return "–"
	}
	return m.CellIn(m.Estimate, cellFormat(fs, j, m))
}

func (g Grid) text(w io.Writer) error {
	fs := g.formats()
	rows := [][]string{append([]string{g.Corner}, g.Cols...)}
	for i, r := range g.Rows {
		row := []string{r}
		for j, c := range g.Cells[i] {
			row = append(row, cellText(c, fs, j))
		}
		rows = append(rows, row)
	}
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for j, c := range r {
			width[j] = max(width[j], len([]rune(c)))
		}
	}
	fmt.Fprintln(w, g.Title)
	for _, r := range rows {
		var b strings.Builder
		for j, c := range r {
			if j > 0 {
				b.WriteString("  ")
			}
			b.WriteString(c + strings.Repeat(" ", width[j]-len([]rune(c))))
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	for _, n := range g.Notes {
		fmt.Fprintln(w, "  "+n)
	}
	return nil
}

func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func (g Grid) markdown(w io.Writer) error {
	fs := g.formats()
	fmt.Fprintf(w, "**%s**\n\n", g.Title)
	head := []string{mdEscape(g.Corner)}
	for _, c := range g.Cols {
		head = append(head, mdEscape(c))
	}
	fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
	for i, r := range g.Rows {
		cells := []string{mdEscape(r)}
		for j, c := range g.Cells[i] {
			cells = append(cells, cellText(c, fs, j))
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	if len(g.Notes) > 0 {
		fmt.Fprintln(w)
		for _, n := range g.Notes {
			fmt.Fprintf(w, "- %s\n", mdEscape(n))
		}
	}
	return nil
}

// texEscape escapes LaTeX's special characters in a name.
func texEscape(s string) string {
	r := strings.NewReplacer(`\`, `\textbackslash{}`, "&", `\&`, "%", `\%`, "$", `\$`, "#", `\#`, "_", `\_`,
		"{", `\{`, "}", `\}`, "~", `\textasciitilde{}`, "^", `\textasciicircum{}`)
	return r.Replace(s)
}

func (g Grid) latex(w io.Writer) error {
	fs := g.formats()
	fmt.Fprintf(w, "%% %s\n", g.Title)
	fmt.Fprintf(w, "\\begin{tabular}{l%s}\n\\hline\n", strings.Repeat("r", len(g.Cols)))
	head := []string{texEscape(g.Corner)}
	for _, c := range g.Cols {
		head = append(head, texEscape(c))
	}
	fmt.Fprintf(w, "%s \\\\\n\\hline\n", strings.Join(head, " & "))
	for i, r := range g.Rows {
		cells := []string{texEscape(r)}
		for j, c := range g.Cells[i] {
			switch {
			case c == nil || c.N == 0:
				cells = append(cells, "--")
			case c.Interval == nil:
				cells = append(cells, cellFormat(fs, j, c)(c.Value))
			default:
				f := cellFormat(fs, j, c)
				cells = append(cells, fmt.Sprintf("%s {\\scriptsize [%s, %s]}", f(c.Value), f(c.Interval.Lo), f(c.Interval.Hi)))
			}
		}
		fmt.Fprintf(w, "%s \\\\\n", strings.Join(cells, " & "))
	}
	fmt.Fprintln(w, "\\hline\n\\end{tabular}")
	for _, n := range g.Notes {
		fmt.Fprintf(w, "%% %s\n", n)
	}
	return nil
}

// csv writes one row per grid row, three columns per grid column (value,
// interval low, interval high) in the metric's display unit (percent for
// shares), so that a spreadsheet reads the same numbers the tables show.
func (g Grid) csv(w io.Writer) error {
	fs := g.formats()
	cw := csv.NewWriter(w)
	head := []string{g.Corner}
	for _, c := range g.Cols {
		head = append(head, c, c+" lo", c+" hi")
	}
	cw.Write(head)
	for i, r := range g.Rows {
		row := []string{r}
		for j, c := range g.Cells[i] {
			switch {
			case c == nil || c.N == 0:
				row = append(row, "", "", "")
			case c.Interval == nil:
				row = append(row, cellFormat(fs, j, c)(c.Value), "", "")
			default:
				f := cellFormat(fs, j, c)
				row = append(row, f(c.Value), f(c.Interval.Lo), f(c.Interval.Hi))
			}
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}
