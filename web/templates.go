package web

import (
	"fmt"
	"html/template"

	"github.com/matheval/matheval/report"
)

var tmpl = template.Must(template.New("").Funcs(template.FuncMap{
	"pct":      func(x float64) string { return fmt.Sprintf("%.1f", 100*x) },
	"f3":       func(x float64) string { return fmt.Sprintf("%.3f", x) },
	"untitled": report.Untitled,
}).Parse(`
{{define "head"}}<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title><style>` + report.CSS + `
.cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:1rem;align-items:start}
.pane{border:1px solid var(--line);border-radius:6px;padding:.6rem .9rem;overflow-x:auto}
.pane h3{margin:.1rem 0 .5rem;font-size:1rem}
.text{white-space:pre-wrap;overflow-wrap:anywhere}
.k{display:inline-block;padding:0 .4rem;border-radius:4px;font-size:.8rem;margin-right:.2rem;background:#e5e7eb}
.k-correct{background:#d1f0dc;color:#14532d}.k-wrong{background:#fbd5d0;color:#7f1d1d}
.k-no_answer,.k-unparsable,.k-incomplete{background:#fdecc8;color:#713f12}.k-error,.k-undecided{background:#e9d5ff;color:#4c1d95}
form.filters{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:.8rem 0}
form.filters label{display:flex;flex-direction:column;font-size:.8rem;color:var(--muted)}
.pages a{margin-right:.4rem}.pages .cur{font-weight:bold}
td.prob{max-width:520px}
header.top{padding:.4rem 1.5rem;background:#1d2430;color:#fff}header.top a{color:#fff;margin-right:1rem}
math{font-size:1.15em}math[display=block]{margin:.4rem 0}
code.tex{background:#f3f4f6}
#gold{margin-bottom:1rem}.answer{overflow-wrap:anywhere}.parts .part{display:block}.part .label{font-family:ui-monospace,monospace;font-size:.85em;color:var(--muted)}
main{overflow-wrap:break-word}
th,td{overflow-wrap:normal;word-break:normal;hyphens:none}th{white-space:nowrap}
td.prob,td .answer,td .text{overflow-wrap:anywhere}
details.asy pre{font-size:.8rem;max-height:16rem;overflow:auto;background:#f6f7f9}
</style></head><body><header class="top"><a href="/">matheval viewer</a></header><main>
<h1>{{.Title}}</h1>{{end}}
{{define "foot"}}</main></body></html>{{end}}

{{define "error"}}{{template "head" .}}<p class="note">{{.Message}}</p><p><a href="/">All runs</a></p>{{template "foot"}}{{end}}

{{define "table"}}<div class="tablewrap"><table>{{if .Title}}<caption>{{.Title}}</caption>{{end}}
<thead><tr>{{range .Columns}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>{{end}}</tbody></table></div>{{end}}

{{define "ltable"}}<div class="tablewrap"><table>{{if .Title}}<caption>{{.Title}}</caption>{{end}}
<thead><tr>{{range .Columns}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}<tr>{{range .}}<td>{{range $i, $l := .Links}}{{if $i}}, {{end}}{{if $l.URL}}<a href="{{$l.URL}}">{{$l.Text}}</a>{{else}}{{$l.Text}}{{end}}{{end}}</td>{{end}}</tr>{{end}}</tbody></table></div>{{end}}

{{define "index"}}{{template "head" .}}
<p class="note">Runs found under {{range .Roots}}<code>{{.}}</code> {{end}}</p>
<div class="tablewrap"><table id="runs"><thead><tr><th>run</th><th>benchmark</th><th>model</th><th>prompt</th><th>items</th><th>samples</th><th>headline [95% CI]</th><th>started</th><th></th></tr></thead><tbody>
{{range .Runs}}<tr><td><a href="/run?run={{.ID}}">{{.ID}}</a>{{if .Status}}<br><span class="k k-partial">partial: {{.Status}}</span>{{end}}</td>{{if .Error}}<td colspan="7" class="note">{{.Error}}</td>{{else}}<td>{{.Benchmark}}</td><td>{{.Model}}</td><td>{{.Prompt}}</td><td>{{.Items}}</td><td>{{.Samples}}</td><td>{{.Headline}}</td><td>{{.Start}}</td>{{end}}
<td><a href="/items?run={{.ID}}">items</a></td></tr>{{else}}<tr><td colspan="9">No run directory found.</td></tr>{{end}}
</tbody></table></div>
{{if .Pairs}}<h2>Compare two runs of the same benchmark</h2>
{{range .Pairs}}<form class="filters" method="get" action="/diff"><span class="k">{{.Benchmark}}</span><label>run A<select name="a">{{range .IDs}}<option>{{.}}</option>{{end}}</select></label>
<label>run B<select name="b">{{range $i, $r := .IDs}}<option{{if eq $i 1}} selected{{end}}>{{$r}}</option>{{end}}</select></label>
<button type="submit">Diff</button></form>{{end}}{{end}}
{{template "foot"}}{{end}}

{{define "run"}}{{template "head" .}}
{{range .Banner}}<p class="banner">{{.}}</p>{{end}}
<p><a href="{{.ItemsURL}}">Browse the items</a>{{if .Others}} · diff with: {{$id := .ID}}{{range .Others}}<a href="/diff?a={{$id}}&amp;b={{.}}">{{.}}</a> {{end}}{{end}}</p>
<nav class="toc">{{range $i, $s := .Sections}}<a href="#s{{$i}}">{{$s.Title}}</a> {{end}}</nav>
{{range $i, $s := .Sections}}<section id="s{{$i}}"><h2>{{$s.Title}}</h2>
{{range $s.Notes}}<p class="note">{{.}}</p>{{end}}
{{range $s.Linked}}{{template "ltable" .}}{{end}}
{{range $s.Tables}}{{if eq .Title $s.Title}}{{template "table" (untitled .)}}{{else}}{{template "table" .}}{{end}}{{end}}
{{range $s.Plots}}<figure><img alt="{{.Title}}" src="{{.SVG}}"><figcaption>{{.Title}} · <a href="{{.PNG}}">PNG</a> · <a href="{{.SVG}}">SVG</a></figcaption></figure>{{end}}
</section>{{end}}
{{template "foot"}}{{end}}

{{define "filters"}}
<label>subject<select name="subject"><option value="">all</option>{{range .Subjects}}<option value="{{.Value}}"{{if eq .Value $.F.Subject}} selected{{end}}>{{.Label}}</option>{{end}}</select></label>
<label>level<select name="level"><option value="">all</option>{{range .Levels}}<option value="{{.Value}}"{{if eq .Value $.F.Level}} selected{{end}}>{{.Label}}</option>{{end}}</select></label>
{{if .Groups}}<label>group<select name="group"><option value="">all</option>{{range .Groups}}<option value="{{.Value}}"{{if eq .Value $.F.Group}} selected{{end}}>{{.Label}}</option>{{end}}</select></label>{{end}}
<label>verdict<select name="verdict"><option value="">all</option>{{range .Verdicts}}<option{{if eq . $.F.Verdict}} selected{{end}}>{{.}}</option>{{end}}</select></label>
<label>search<input type="search" name="q" value="{{.F.Q}}" placeholder="id, problem, reply…"></label>
<button type="submit">Filter</button>{{end}}

{{define "pages"}}{{if .}}<p class="pages">Pages: {{range .}}{{if .Current}}<span class="cur">{{.N}}</span> {{else}}<a href="{{.URL}}">{{.N}}</a> {{end}}{{end}}</p>{{end}}{{end}}

{{define "items"}}{{template "head" .}}
<p><a href="{{.RunURL}}">Run summary</a></p>
<form class="filters" method="get" action="/items"><input type="hidden" name="run" value="{{.ID}}">{{template "filters" .}}</form>
<p id="count">{{.Total}} of {{.All}} items</p>
{{template "pages" .Pages}}
<div class="tablewrap"><table id="items"><thead><tr><th>item</th><th>subject</th><th>level</th><th>problem</th><th>gold</th><th>extracted</th><th>verdicts</th></tr></thead><tbody>
{{range .Rows}}<tr class="item"><td><a href="{{.URL}}">{{.ID}}</a></td><td>{{.Subject}}</td><td>{{.Level}}{{if .Group}} {{.Group}}{{end}}</td><td class="prob text">{{.Problem}}</td><td>{{.Answer}}</td><td>{{.Extracted}}</td>
<td>{{range .Kinds}}<span class="k k-{{.}}">{{.}}</span>{{end}}</td></tr>{{end}}
</tbody></table></div>
{{template "pages" .Pages}}
{{template "foot"}}{{end}}

{{define "samples"}}{{range .}}<div class="sample"><p><span class="k k-{{.Kind}}">{{.Kind}}</span> sample {{.Index}} · score {{.Score}}{{if .HasConfidence}} · confidence {{f3 .Confidence}}{{end}} · finish {{.Finish}} · {{.Tokens}} tokens</p>
<p class="note">extracted: {{if .ExtractedHTML}}{{.ExtractedHTML}}{{else}}nothing{{end}}{{if .Reason}} · {{.Reason}}{{end}}{{if .Err}} · error: {{.Err}}{{end}}{{if .Details}} · {{.Details}}{{end}}</p>
{{if .Reasoning}}<details><summary>reasoning</summary><div class="text">{{.Reasoning}}</div></details>{{end}}
<div class="text reply">{{.Reply}}</div></div><hr>{{end}}{{end}}

{{define "item"}}{{template "head" .}}
<p><a href="{{.RunURL}}">Run summary</a> · <a href="{{.ItemsURL}}">Items</a>{{if .PrevURL}} · <a id="prev" rel="prev" href="{{.PrevURL}}">← {{.PrevID}}</a>{{end}}{{if .NextURL}} · <a id="next" rel="next" href="{{.NextURL}}">{{.NextID}} →</a>{{end}}</p>
<p>{{range .MetaKeys}}<span class="k">{{.}}: {{index $.Item.Meta .}}</span> {{end}}</p>
<div id="gold"><b>Gold answer:</b> {{.Answer}}</div>
<div class="cols">
<div class="pane" id="problem"><h3>Problem</h3><div class="text">{{.Problem}}</div>
{{if .Item.Solution}}<h3>Reference solution</h3><div class="text" id="solution">{{.Solution}}</div>{{end}}</div>
<div class="pane" id="replies"><h3>Model reply · {{.ID}}</h3>{{template "samples" .Samples}}</div>
{{if .B}}<div class="pane" id="replies-b"><h3>Model reply · {{.B}}</h3>{{template "samples" .SamplesB}}</div>{{end}}
</div>
{{with .Prompt}}<details><summary>prompt as sent</summary>{{range .Messages}}<p><b>{{.Role}}</b></p><pre class="text">{{.Content}}</pre>{{end}}{{if .Text}}<pre class="text">{{.Text}}</pre>{{end}}</details>{{end}}
{{template "foot"}}{{end}}

{{define "diff"}}{{template "head" .}}
{{if .C.StatusA.Partial}}<p class="banner">Run A is partial: {{.C.StatusA}}</p>{{end}}
{{if .C.StatusB.Partial}}<p class="banner">Run B is partial: {{.C.StatusB}}</p>{{end}}
{{range .C.Warnings}}<p class="note">⚠ {{.}}</p>{{end}}
{{if .C.Settings}}<h2>Settings that differ (A → B)</h2><ul id="settings">{{range .C.Settings}}<li>{{.Name}}: <code>{{.A}}</code> → <code>{{.B}}</code>{{if .Changes}} <span class="k k-wrong">changes the replies</span>{{end}}</li>{{end}}</ul>{{end}}
<p class="note">Measure: {{.Measure}}.</p>
<div class="tablewrap"><table><tbody>
<tr><th>paired items</th><td>{{.C.Paired}}</td></tr>
<tr><th>{{.C.Metric.Label}} A ({{.A}})</th><td>{{.AccA}}</td></tr>
<tr><th>{{.C.Metric.Label}} B ({{.B}})</th><td>{{.AccB}}</td></tr>
<tr><th>difference A−B</th><td>{{.Diff}}</td></tr>
<tr><th>exact sign test p{{if .C.Binary}} (McNemar){{end}}</th><td>{{.P}}</td></tr>
<tr><th>better in A / better in B</th><td>{{len .C.BetterA}} / {{len .C.BetterB}}</td></tr>
<tr><th>same (both right / both wrong)</th><td>{{.C.Same}} ({{.C.BothRight}} / {{.C.BothWrong}})</td></tr>
</tbody></table></div>
{{range .GroupDiffs}}{{template "table" .}}{{end}}
<form class="filters" method="get" action="/diff"><input type="hidden" name="a" value="{{.A}}"><input type="hidden" name="b" value="{{.B}}">
<label>show<select name="show">{{range $v := .Shows}}<option{{if eq $v $.Show}} selected{{end}}>{{$v}}</option>{{end}}</select></label>
{{template "filters" .}}</form>
<p id="count">{{.Total}} items</p>
{{template "pages" .Pages}}
<div class="tablewrap"><table id="items"><thead><tr><th>item</th><th>subject</th><th>level</th><th>problem</th><th>A</th><th>B</th></tr></thead><tbody>
{{range .Rows}}<tr class="item"><td><a href="{{.URL}}">{{.ID}}</a></td><td>{{.Subject}}</td><td>{{.Level}}</td><td class="prob text">{{.Problem}}</td><td>{{.A}}</td><td>{{.B}}</td></tr>{{end}}
</tbody></table></div>
{{template "foot"}}{{end}}
`))
