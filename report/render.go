package report

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"

	"github.com/matheval/matheval/bench"
)

// Markdown renders the document as GitHub-flavoured Markdown.
func (d Document) Markdown() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n\n", mdText(d.Title))
	for _, n := range d.Banner {
		fmt.Fprintf(&b, "> **%s**\n\n", mdText(n))
	}
	for _, s := range d.Sections {
		fmt.Fprintf(&b, "## %s\n\n", mdText(s.Title))
		for _, n := range s.Notes {
			fmt.Fprintf(&b, "%s\n\n", mdText(n))
		}
		for _, t := range s.Tables {
			if t.Title == s.Title {
				t.Title = ""
			}
			writeMDTable(&b, t)
		}
		for _, p := range s.Plots {
			fmt.Fprintf(&b, "![%s](%s) ([SVG](%s))\n\n", mdText(p.Title), p.PNG, p.SVG)
		}
	}
	return b.Bytes()
}

// MarkdownTable renders one table as Markdown.
func MarkdownTable(t bench.Table) string {
	var b bytes.Buffer
	writeMDTable(&b, t)
	return b.String()
}

func writeMDTable(b *bytes.Buffer, t bench.Table) {
	if t.Title != "" {
		fmt.Fprintf(b, "**%s**\n\n", mdText(t.Title))
	}
	if len(t.Columns) == 0 {
		return
	}
	row := func(cells []string) {
		b.WriteString("|")
		for i := range t.Columns {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			b.WriteString(" " + mdCell(c) + " |")
		}
		b.WriteString("\n")
	}
	row(t.Columns)
	b.WriteString("|")
	for range t.Columns {
		b.WriteString(" --- |")
	}
	b.WriteString("\n")
	for _, r := range t.Rows {
		row(r)
	}
	b.WriteString("\n")
}

// mdCell keeps a cell on one line and its pipes literal.
func mdCell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(mdText(s), "|", `\|`)
}

// mdText neutralises HTML in text from runs (Markdown viewers render HTML).
func mdText(s string) string {
	return strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(s)
}

// Untitled returns t without its title (when a section already says it).
func Untitled(t bench.Table) bench.Table {
	t.Title = ""
	return t
}

var htmlTmpl = template.Must(template.New("report").Funcs(template.FuncMap{"untitled": Untitled}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>` + CSS + `</style></head>
<body><main>
<h1>{{.Title}}</h1>
{{range .Banner}}<p class="banner">{{.}}</p>{{end}}
<nav class="toc">{{range $i, $s := .Sections}}<a href="#s{{$i}}">{{$s.Title}}</a> {{end}}</nav>
{{range $i, $s := .Sections}}<section id="s{{$i}}"><h2>{{$s.Title}}</h2>
{{range $s.Notes}}<p class="note">{{.}}</p>{{end}}
{{range $s.Tables}}{{if eq .Title $s.Title}}{{template "table" (untitled .)}}{{else}}{{template "table" .}}{{end}}{{end}}
{{range $s.Plots}}<figure><img alt="{{.Title}}" src="{{.DataURI}}"><figcaption>{{.Title}} · <a href="{{.PNG}}">PNG</a> · <a href="{{.SVG}}">SVG</a></figcaption></figure>{{end}}
</section>{{end}}
</main></body></html>
{{define "table"}}<div class="tablewrap"><table>{{if .Title}}<caption>{{.Title}}</caption>{{end}}
<thead><tr>{{range .Columns}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>{{end}}</tbody></table></div>{{end}}`))

// CSS is the style sheet shared by the HTML report and the web viewer.
const CSS = `
:root{--fg:#1d2430;--muted:#5b6575;--line:#d9dee7;--bg:#fff;--accent:#3b6ea8;--ok:#2e8b57;--bad:#c0392b}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:#f6f7f9;margin:0}
main{max-width:1200px;margin:0 auto;padding:1rem 1.5rem;background:var(--bg)}
h1{font-size:1.5rem}h2{font-size:1.2rem;border-bottom:1px solid var(--line);padding-bottom:.2rem;margin-top:2rem}
a{color:var(--accent)}
.toc a{margin-right:.8rem;font-size:.9rem}
.note{color:var(--muted)}
.tablewrap{overflow-x:auto;margin:.8rem 0}
table{border-collapse:collapse;font-size:.9rem}
caption{text-align:left;font-weight:600;padding:.3rem 0}
.banner{background:#fff4d6;border:1px solid #e6c46a;border-radius:4px;padding:.5rem .8rem;font-weight:600}
th,td{border:1px solid var(--line);padding:.25rem .55rem;text-align:left;vertical-align:top}
th{background:#eef1f6}
tbody tr:nth-child(even){background:#fafbfc}
figure{margin:1rem 0}figure img{max-width:100%;border:1px solid var(--line)}
figcaption{color:var(--muted);font-size:.85rem}
`

type htmlPlot struct {
	PlotRef
	DataURI template.URL
}

// HTML renders the document as one self-contained page: inline CSS and the
// plots inlined as SVG data URIs, so it opens with no network and no files.
func (d Document) HTML() ([]byte, error) {
	type sec struct {
		Section
		Plots []htmlPlot
	}
	view := struct {
		Title    string
		Banner   []string
		Sections []sec
	}{Title: d.Title, Banner: d.Banner}
	for _, s := range d.Sections {
		v := sec{Section: s}
		for _, p := range s.Plots {
			// The SVG bytes are our own plot output, so a data URI is safe.
			v.Plots = append(v.Plots, htmlPlot{p, template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(p.Plot.SVG))})
		}
		view.Sections = append(view.Sections, v)
	}
	var b bytes.Buffer
	if err := htmlTmpl.Execute(&b, view); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Written lists the files a report wrote.
type Written struct {
	Markdown string
	HTML     string
	Plots    []string
}

// Analyse loads nothing: it analyses loaded runs and draws their plots.
func Analyse(runs []*Run) ([]Analyzed, error) {
	var out []Analyzed
	for i, r := range runs {
		a := Analyze(r)
		plots, err := Plots(a, r.Title())
		if err != nil {
			return nil, fmt.Errorf("%s: %v", r.Dir, err)
		}
		own, note := BenchPlots(r)
		x := Analyzed{Run: r, Analysis: a, Plots: append(plots, own...), BenchNote: note}
		if len(runs) > 1 {
			x.Prefix = fmt.Sprintf("%d-%s-", i+1, safeName(r.Name))
		}
		out = append(out, x)
	}
	return out, nil
}

func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' {
			return r
		}
		return '_'
	}, s)
}

// Write writes report.md, report.html and plots/ for runs into out.
func Write(runs []*Run, out string) (Written, error) {
	var w Written
	xs, err := Analyse(runs)
	if err != nil {
		return w, err
	}
	doc := Build(xs)
	if err := os.MkdirAll(filepath.Join(out, "plots"), 0o755); err != nil {
		return w, err
	}
	// Plots of an earlier report that this one no longer draws would sit
	// beside the new ones and mislead: remove the files we name ourselves.
	for _, x := range xs {
		for _, pat := range []string{"accuracy_by_*", "breakdown_*", "calibration.*", "confidence_histogram.*", benchPlotPrefix + "*"} {
			old, _ := filepath.Glob(filepath.Join(out, "plots", x.Prefix+pat))
			for _, f := range old {
				if strings.HasSuffix(f, ".png") || strings.HasSuffix(f, ".svg") {
					os.Remove(f)
				}
			}
		}
	}
	for _, x := range xs {
		for _, p := range x.Plots {
			for _, f := range []struct {
				ext  string
				data []byte
			}{{".png", p.PNG}, {".svg", p.SVG}} {
				path := filepath.Join(out, "plots", x.Prefix+p.Name+f.ext)
				if err := os.WriteFile(path, f.data, 0o644); err != nil {
					return w, err
				}
				w.Plots = append(w.Plots, path)
			}
		}
	}
	w.Markdown = filepath.Join(out, "report.md")
	if err := os.WriteFile(w.Markdown, doc.Markdown(), 0o644); err != nil {
		return w, err
	}
	h, err := doc.HTML()
	if err != nil {
		return w, err
	}
	w.HTML = filepath.Join(out, "report.html")
	if err := os.WriteFile(w.HTML, h, 0o644); err != nil {
		return w, err
	}
	return w, nil
}
