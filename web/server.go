// Package web serves the local run viewer: the runs found under some
// folders, their tables and plots, every item with its problem, reference
// solution and the model's replies side by side, filters, search and a
// two-run diff. Mathematics is rendered to MathML on the server (package
// mathml), so the pages need no JavaScript and no network; everything taken
// from datasets and models is escaped by html/template, and a strict
// Content-Security-Policy forbids scripts as a second line of defence.
package web

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/report"
	"github.com/matheval/matheval/rundir"
)

// PageSize is the number of items listed per page.
const PageSize = 50

// CacheRuns is how many runs the viewer keeps in memory by default: a run
// of MATH with several samples per item can take tens of megabytes, and
// the index page visits every run.
const CacheRuns = 16

// Server is the viewer over the run directories found under Roots.
type Server struct {
	Roots []string
	Log   *log.Logger // nil: no request log
	// Host is the host part of the address the viewer is bound to (as the
	// user wrote it in --addr). Requests are answered only when their Host
	// header names it, localhost, or an IP address: a page on another site
	// whose name was rebound to this machine's address (DNS rebinding)
	// sends its own name and is refused, so it cannot read the runs.
	Host string
	// MaxCached bounds the runs kept in memory (default CacheRuns); the
	// least recently used run is dropped first.
	MaxCached int

	mu     sync.Mutex
	runs   map[string]string // id -> directory
	ids    []string
	cache  map[string]*loaded
	scanAt time.Time
	tick   int64 // use counter for the cache's least-recently-used order
}

// loaded is a run in memory with what the pages derive from it.
type loaded struct {
	modTime  time.Time
	used     int64 // Server.tick at the last use
	run      *report.Run
	analysis *report.Analysis
	byID     map[string][]rundir.SampleRecord
	plots    []report.Plot // the generic figures, then the benchmark's own
	plotsErr error
	// benchNote says why the benchmark's own figures are missing, if they are.
	benchNote string
	plotOnce  sync.Once
}

// New returns a viewer over the run directories under roots.
func New(roots ...string) (*Server, error) {
	s := &Server{Roots: roots, cache: map[string]*loaded{}, MaxCached: CacheRuns}
	if err := s.scan(); err != nil {
		return nil, err
	}
	return s, nil
}

// scan finds run directories; ids are their paths relative to their root
// (prefixed by the root's name when there are several roots).
func (s *Server) scan() error {
	dirs, err := report.Find(s.Roots...)
	if err != nil {
		return err
	}
	runs := map[string]string{}
	var ids []string
	for _, d := range dirs {
		id := ""
		for _, root := range s.Roots {
			if rel, err := filepath.Rel(root, d); err == nil && !strings.HasPrefix(rel, "..") {
				id = filepath.ToSlash(rel)
				if len(s.Roots) > 1 {
					id = filepath.Base(filepath.Clean(root)) + "/" + id
				}
				if id == "." || strings.HasSuffix(id, "/.") {
					id = strings.TrimSuffix(strings.TrimSuffix(id, "."), "/")
					if id == "" {
						id = filepath.Base(filepath.Clean(d))
					}
				}
				break
			}
		}
		if id == "" {
			id = filepath.ToSlash(d)
		}
		if _, dup := runs[id]; dup {
			id = filepath.ToSlash(d)
		}
		runs[id] = d
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return report.NaturalLess(ids[i], ids[j]) })
	s.mu.Lock()
	s.runs, s.ids, s.scanAt = runs, ids, time.Now()
	s.mu.Unlock()
	return nil
}

// RunIDs lists the ids of the runs found.
func (s *Server) RunIDs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.ids...)
}

// load returns the run with that id, reloading it when samples.jsonl changed.
func (s *Server) load(id string) (*loaded, error) {
	s.mu.Lock()
	dir, ok := s.runs[id]
	s.mu.Unlock()
	if !ok {
		return nil, errNotFound
	}
	var mt time.Time
	for _, f := range []string{rundir.SamplesFile, rundir.ResultsFile, rundir.ManifestFile} {
		if fi, err := os.Stat(filepath.Join(dir, f)); err == nil && fi.ModTime().After(mt) {
			mt = fi.ModTime()
		}
	}
	s.mu.Lock()
	l := s.cache[dir]
	if l != nil && l.modTime.Equal(mt) {
		s.tick++
		l.used = s.tick
		s.mu.Unlock()
		return l, nil
	}
	s.mu.Unlock()
	r, err := report.Load(dir)
	if err != nil {
		return nil, err
	}
	l = &loaded{modTime: mt, run: r, analysis: report.Analyze(r), byID: map[string][]rundir.SampleRecord{}}
	for _, rec := range r.Samples {
		l.byID[rec.Item.ID] = append(l.byID[rec.Item.ID], rec)
	}
	for _, recs := range l.byID {
		sort.SliceStable(recs, func(i, j int) bool { return recs[i].Index < recs[j].Index })
	}
	s.mu.Lock()
	s.tick++
	l.used = s.tick
	s.cache[dir] = l
	s.evict()
	s.mu.Unlock()
	return l, nil
}

// evict drops the least recently used runs beyond MaxCached (s.mu held).
func (s *Server) evict() {
	limit := s.MaxCached
	if limit <= 0 {
		limit = CacheRuns
	}
	for len(s.cache) > limit {
		oldest, at := "", int64(-1)
		for d, l := range s.cache {
			if at < 0 || l.used < at {
				oldest, at = d, l.used
			}
		}
		delete(s.cache, oldest)
	}
}

// Cached returns how many runs are in memory.
func (s *Server) Cached() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.cache)
}

func (l *loaded) getPlots() ([]report.Plot, error) {
	l.plotOnce.Do(func() {
		l.plots, l.plotsErr = report.Plots(l.analysis, l.run.Name)
		if l.plotsErr != nil {
			return
		}
		// The benchmark's own figures (MATH: accuracy by level per
		// subject), drawn when the benchmark is registered in this build;
		// named bench_*, so the run page puts them in their own section
		// and /plot serves them like the others.
		own, note := report.BenchPlots(l.run)
		l.plots = append(l.plots, own...)
		l.benchNote = note
	})
	return l.plots, l.plotsErr
}

type httpError struct {
	code int
	msg  string
}

func (e httpError) Error() string { return e.msg }

var errNotFound = httpError{http.StatusNotFound, "no such run"}

// Handler returns the viewer's HTTP handler.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page(s.index))
	mux.HandleFunc("GET /run", s.page(s.runPage))
	mux.HandleFunc("GET /items", s.page(s.items))
	mux.HandleFunc("GET /item", s.page(s.item))
	mux.HandleFunc("GET /diff", s.page(s.diff))
	mux.HandleFunc("GET /plot", s.plot)
	return s.headers(mux)
}

// headers adds the security headers to every response.
func (s *Server) headers(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		if s.Log != nil {
			s.Log.Printf("%s %s", r.Method, r.URL.RequestURI())
		}
		if !s.hostAllowed(r.Host) {
			http.Error(w, fmt.Sprintf("this viewer answers requests for %s and localhost only, not for Host %q", s.hostName(), r.Host), http.StatusMisdirectedRequest)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// hostAllowed reports whether a request's Host header names this viewer:
// an IP address (a rebinding attack needs a name of its own, so a literal
// address is never one), localhost or a name under .localhost, or the
// host the viewer was bound to. An empty Host (HTTP/1.0) is refused too.
func (s *Server) hostAllowed(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	switch {
	case host == "":
		return false
	case net.ParseIP(host) != nil:
		return true
	case host == "localhost" || strings.HasSuffix(host, ".localhost"):
		return true
	}
	return s.Host != "" && host == strings.TrimSuffix(strings.ToLower(s.Host), ".")
}

func (s *Server) hostName() string {
	if s.Host == "" || net.ParseIP(s.Host) != nil {
		return "its IP address"
	}
	return s.Host
}

// page wraps a handler that renders a template: errors become error pages.
// A panic is a bug of ours: net/http logs it with its stack and drops the
// connection; the server goes on.
func (s *Server) page(f func(r *http.Request) (string, any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		name, data, err := f(r)
		if err != nil {
			code := http.StatusInternalServerError
			var he httpError
			if errors.As(err, &he) {
				code = he.code
			}
			w.WriteHeader(code)
			name, data = "error", map[string]any{"Title": http.StatusText(code), "Message": err.Error()}
		}
		var buf bytes.Buffer
		if err := tmpl.ExecuteTemplate(&buf, name, data); err != nil {
			http.Error(w, "template: "+err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(buf.Bytes())
	}
}

func (s *Server) plot(w http.ResponseWriter, r *http.Request) {
	l, err := s.load(r.URL.Query().Get("run"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	plots, err := l.getPlots()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	name := r.URL.Query().Get("name")
	for _, p := range plots {
		switch name {
		case p.Name + ".svg":
			w.Header().Set("Content-Type", "image/svg+xml")
			w.Write(p.SVG)
			return
		case p.Name + ".png":
			w.Header().Set("Content-Type", "image/png")
			w.Write(p.PNG)
			return
		}
	}
	http.Error(w, "no such plot", http.StatusNotFound)
}

// ---- pages ----

type runRow struct {
	ID, Benchmark, Model, Prompt, Start, Headline, Status, Error string
	Items, Samples                                               int
}

func (s *Server) index(r *http.Request) (string, any, error) {
	if err := s.scan(); err != nil {
		return "", nil, err
	}
	var rows []runRow
	for _, id := range s.RunIDs() {
		row := runRow{ID: id}
		l, err := s.load(id)
		if err != nil {
			row.Error = err.Error()
		} else {
			m := l.run.Manifest
			row.Benchmark, row.Model, row.Prompt, row.Start = m.Benchmark, m.Model, m.Prompt, m.Start
			row.Items, row.Samples = l.analysis.Items, l.analysis.Samples
			row.Headline = "–"
			if m, ok := l.analysis.Summary.Main(); ok {
				row.Headline = m.Label + " " + m.Text()
			}
			if st := l.analysis.Status; st.Partial() {
				row.Status = st.String()
			}
		}
		rows = append(rows, row)
	}
	return "index", map[string]any{"Title": "matheval runs", "Runs": rows, "Roots": s.Roots, "Pairs": diffGroups(rows)}, nil
}

// diffGroup is the runs of one benchmark, which can be diffed together.
type diffGroup struct {
	Benchmark string
	IDs       []string
}

// diffGroups groups the runs by benchmark, keeping groups of two or more:
// the viewer offers diffs only between runs of the same benchmark.
func diffGroups(rows []runRow) []diffGroup {
	var out []diffGroup
	idx := map[string]int{}
	for _, r := range rows {
		if r.Error != "" {
			continue
		}
		i, ok := idx[r.Benchmark]
		if !ok {
			i = len(out)
			idx[r.Benchmark] = i
			out = append(out, diffGroup{Benchmark: r.Benchmark})
		}
		out[i].IDs = append(out[i].IDs, r.ID)
	}
	var keep []diffGroup
	for _, g := range out {
		if len(g.IDs) > 1 {
			keep = append(keep, g)
		}
	}
	return keep
}

func (s *Server) runPage(r *http.Request) (string, any, error) {
	id := r.URL.Query().Get("run")
	l, err := s.load(id)
	if err != nil {
		return "", nil, err
	}
	plots, err := l.getPlots()
	if err != nil {
		return "", nil, err
	}
	doc := report.Build([]report.Analyzed{{Run: l.run, Analysis: l.analysis, Plots: plots, BenchNote: l.benchNote}})
	type plotLink struct{ Title, SVG, PNG string }
	type sec struct {
		report.Section
		Plots  []plotLink
		Linked []linkTable
	}
	var secs []sec
	for _, sc := range doc.Sections {
		v := sec{Section: sc}
		v.Tables = nil
		for _, t := range sc.Tables {
			if t.Name == "verdicts" {
				v.Linked = append(v.Linked, verdictLinks(id, t))
				continue
			}
			v.Tables = append(v.Tables, t)
		}
		for _, p := range sc.Plots {
			name := strings.TrimSuffix(strings.TrimPrefix(p.PNG, "plots/"), ".png")
			v.Plots = append(v.Plots, plotLink{p.Title,
				"/plot?" + url.Values{"run": {id}, "name": {name + ".svg"}}.Encode(),
				"/plot?" + url.Values{"run": {id}, "name": {name + ".png"}}.Encode()})
		}
		secs = append(secs, v)
	}
	return "run", map[string]any{"Title": doc.Title, "ID": id, "Sections": secs, "Banner": doc.Banner,
		"ItemsURL": "/items?" + url.Values{"run": {id}}.Encode(), "Others": s.otherRuns(id, l.run.Manifest.Benchmark)}, nil
}

// linkTable is a table whose cells may link: the run page's verdict
// counts, each a link to the items with that verdict, and its example
// items, each a link to the item.
type linkTable struct {
	Title   string
	Columns []string
	Rows    [][]linkCell
}

type linkCell struct {
	Links []link // one or more, joined by commas; a cell without a URL is text
}

type link struct{ Text, URL string }

// verdictLinks makes the verdict kinds table link its verdicts and count
// to the filtered item list and its example items to their pages. Its
// columns are report's: verdict, samples, %, main reasons, example items.
func verdictLinks(id string, t bench.Table) linkTable {
	lt := linkTable{Title: t.Title, Columns: t.Columns}
	for _, r := range t.Rows {
		row := make([]linkCell, len(r))
		for j, c := range r {
			row[j] = linkCell{Links: []link{{Text: c}}}
		}
		if len(r) >= 5 {
			list := "/items?" + url.Values{"run": {id}, "verdict": {r[0]}}.Encode()
			row[0] = linkCell{Links: []link{{r[0], list}}}
			row[1] = linkCell{Links: []link{{r[1], list}}}
			var ex []link
			for _, itemID := range strings.Split(r[4], ", ") {
				if itemID = strings.TrimSpace(itemID); itemID != "" {
					ex = append(ex, link{itemID, itemURL(id, itemID, "", url.Values{"verdict": {r[0]}})})
				}
			}
			row[4] = linkCell{Links: ex}
		}
		lt.Rows = append(lt.Rows, row)
	}
	return lt
}

// otherRuns lists the runs of the same benchmark as run id (the only ones
// a diff makes sense with).
func (s *Server) otherRuns(id, benchmark string) []string {
	var out []string
	for _, x := range s.RunIDs() {
		if x == id {
			continue
		}
		s.mu.Lock()
		dir := s.runs[x]
		s.mu.Unlock()
		if m, err := rundir.ReadManifest(dir); err == nil && m.Benchmark == benchmark {
			out = append(out, x)
		}
	}
	return out
}

// filter holds the item filters of the list and diff pages.
type filter struct {
	Subject, Level, Group, Verdict, Q string
	Page                              int
}

func parseFilter(r *http.Request) filter {
	q := r.URL.Query()
	f := filter{Subject: q.Get("subject"), Level: q.Get("level"), Group: q.Get("group"),
		Verdict: q.Get("verdict"), Q: strings.TrimSpace(q.Get("q"))}
	f.Page, _ = strconv.Atoi(q.Get("page"))
	if f.Page < 1 {
		f.Page = 1
	}
	return f
}

func (f filter) values() url.Values {
	v := url.Values{}
	for k, x := range map[string]string{"subject": f.Subject, "level": f.Level, "group": f.Group, "verdict": f.Verdict, "q": f.Q} {
		if x != "" {
			v.Set(k, x)
		}
	}
	return v
}

// match reports whether an item passes the filters. The verdict filter
// matches when any of the item's samples has that kind.
func (f filter) match(recs []rundir.SampleRecord) bool {
	if len(recs) == 0 {
		return false
	}
	it := recs[0].Item
	for k, want := range map[string]string{"subject": f.Subject, "level": f.Level, "group": f.Group} {
		if want != "" && it.Meta[k] != want {
			return false
		}
	}
	if f.Verdict != "" {
		ok := false
		for _, r := range recs {
			if string(r.Verdict.Kind) == f.Verdict {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	if f.Q != "" {
		q := strings.ToLower(f.Q)
		hay := []string{it.ID, it.Problem, it.Answer}
		for _, r := range recs {
			hay = append(hay, r.Reply, r.Verdict.Extracted)
		}
		found := false
		for _, h := range hay {
			if strings.Contains(strings.ToLower(h), q) {
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

// option is one entry of a filter menu: the metadata value the filter
// matches, and the name the run's results give it.
type option struct{ Value, Label string }

// options lists the values of a metadata key, for the filter menus, each
// labelled as the run's own breakdowns label it ("counting_and_probability"
// shows as "Counting & Probability"), or as itself.
func options(l *loaded, key string) []option {
	seen := map[string]bool{}
	for _, o := range l.analysis.Outcomes {
		if v := o.Meta[key]; v != "" {
			seen[v] = true
		}
	}
	labels := metaLabels(l.run.Results.Summary, key)
	var out []option
	for v := range seen {
		lab := labels[v]
		if lab == "" {
			lab = v
		}
		out = append(out, option{Value: v, Label: lab})
	}
	sort.Slice(out, func(i, j int) bool { return report.NaturalLess(out[i].Value, out[j].Value) })
	return out
}

// metaLabels reads, from the summary's one-dimension breakdowns over key,
// the label of each group that selects exactly one value of key.
func metaLabels(sum bench.Summary, key string) map[string]string {
	labels := map[string]string{}
	for _, b := range sum.Breakdowns {
		if len(b.Dims) != 1 || b.Dims[0] != key {
			continue
		}
		for _, g := range b.Groups {
			if vs := g.Where[key]; len(vs) == 1 && len(g.Where) == 1 && g.Label != "" {
				if _, ok := labels[vs[0]]; !ok {
					labels[vs[0]] = g.Label
				}
			}
		}
	}
	return labels
}

func kindNames() []string {
	var out []string
	for _, k := range answer.Kinds {
		out = append(out, string(k))
	}
	return out
}

type itemRow struct {
	ID, Subject, Level, Group  string
	Kinds                      []string
	Problem, Answer, Extracted template.HTML
	URL                        string
	A, B                       string // diff view: verdict in each run
}

func (s *Server) filterForm(l *loaded, f filter) map[string]any {
	return map[string]any{"Subjects": options(l, "subject"), "Levels": options(l, "level"), "Groups": options(l, "group"),
		"Verdicts": kindNames(), "F": f}
}

func (s *Server) items(r *http.Request) (string, any, error) {
	id := r.URL.Query().Get("run")
	l, err := s.load(id)
	if err != nil {
		return "", nil, err
	}
	f := parseFilter(r)
	var rows []itemRow
	total := 0
	for _, o := range l.analysis.Outcomes {
		recs := l.byID[o.ID]
		if !f.match(recs) {
			continue
		}
		total++
		if total <= (f.Page-1)*PageSize || total > f.Page*PageSize {
			continue
		}
		rows = append(rows, s.row(id, "", recs, f.values()))
	}
	data := s.filterForm(l, f)
	data["Title"] = "Items of " + id
	data["ID"] = id
	data["Rows"] = rows
	data["Total"] = total
	data["All"] = l.analysis.Items
	data["Pages"] = pages(f, total, url.Values{"run": {id}}, "/items")
	data["RunURL"] = "/run?" + url.Values{"run": {id}}.Encode()
	return "items", data, nil
}

// row is one line of a list; fv, the list's filters, ride along in the
// item link so the item page can step through the same filtered list.
func (s *Server) row(id, other string, recs []rundir.SampleRecord, fv url.Values) itemRow {
	it := recs[0].Item
	row := itemRow{ID: it.ID, Subject: it.Meta["subject"], Level: it.Meta["level"], Group: it.Meta["group"],
		Answer: renderAnswer(it.Answer), Problem: renderShort(it.Problem, 280)}
	if isCode(it) {
		row.Problem = renderCode(it.Problem, 280)
	}
	for _, rec := range recs {
		row.Kinds = append(row.Kinds, string(rec.Verdict.Kind))
		if row.Extracted == "" && isCode(it) && rec.Verdict.Extracted != "" {
			row.Extracted = renderCode(rec.Verdict.Extracted, 120)
		}
		if row.Extracted == "" {
			row.Extracted = renderAnswer(rec.Verdict.Extracted)
		}
	}
	row.URL = itemURL(id, it.ID, other, fv)
	return row
}

// itemURL links an item page, keeping run B and the list's filters.
func itemURL(id, itemID, other string, fv url.Values) string {
	v := url.Values{}
	for k, x := range fv {
		v[k] = x
	}
	v.Set("run", id)
	v.Set("id", itemID)
	if other != "" {
		v.Set("b", other)
	}
	return "/item?" + v.Encode()
}

// neighbours finds the items before and after itemID in the run's list as
// filtered by f ("" at either end, or when the item is not in the list).
func neighbours(l *loaded, f filter, itemID string) (prev, next string) {
	last, found := "", false
	for _, o := range l.analysis.Outcomes {
		if !f.match(l.byID[o.ID]) {
			continue
		}
		if found {
			return prev, o.ID
		}
		if o.ID == itemID {
			prev, found = last, true
			continue
		}
		last = o.ID
	}
	if !found {
		return "", ""
	}
	return prev, ""
}

type pageLink struct {
	N       int
	URL     string
	Current bool
}

func pages(f filter, total int, base url.Values, path string) []pageLink {
	n := (total + PageSize - 1) / PageSize
	if n <= 1 {
		return nil
	}
	var out []pageLink
	for p := 1; p <= n; p++ {
		if n > 15 && p > 3 && p < n-2 && (p < f.Page-2 || p > f.Page+2) {
			continue
		}
		v := f.values()
		for k, x := range base {
			v[k] = x
		}
		v.Set("page", strconv.Itoa(p))
		out = append(out, pageLink{p, path + "?" + v.Encode(), p == f.Page})
	}
	return out
}

type sampleView struct {
	Index                                int
	Kind, Reason, Extracted, Finish, Err string
	Score, Confidence                    float64
	HasConfidence                        bool
	Reply, Reasoning, ExtractedHTML      template.HTML
	Tokens                               int
	Details                              string // per-part scores and per-sample metrics
}

// details lists a verdict's part scores and metrics ("small_eps=1 large_eps=0.5").
func details(parts, metrics map[string]float64) string {
	var out []string
	for _, m := range []map[string]float64{parts, metrics} {
		var ks []string
		for k := range m {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			out = append(out, fmt.Sprintf("%s=%.4g", k, m[k]))
		}
	}
	return strings.Join(out, " ")
}

func samplesView(recs []rundir.SampleRecord) []sampleView {
	var out []sampleView
	for _, r := range recs {
		out = append(out, sampleView{Index: r.Index, Kind: string(r.Verdict.Kind), Reason: r.Verdict.Reason,
			Extracted: r.Verdict.Extracted, Finish: r.FinishReason, Err: r.Error, Score: r.Verdict.Score,
			Confidence: r.Confidence, HasConfidence: r.Confidence >= 0,
			Reply: renderFull(r.Reply), Reasoning: renderFull(r.Reasoning), ExtractedHTML: renderAnswer(r.Verdict.Extracted),
			Tokens: r.Usage.CompletionTokens, Details: details(r.Verdict.Parts, r.Verdict.Metrics)})
		if isCode(r.Item) {
			v := &out[len(out)-1]
			v.Reply, v.ExtractedHTML = renderCode(r.Reply, 0), renderCode(r.Verdict.Extracted, 0)
		}
	}
	return out
}

func (s *Server) item(r *http.Request) (string, any, error) {
	q := r.URL.Query()
	id, itemID, other := q.Get("run"), q.Get("id"), q.Get("b")
	l, err := s.load(id)
	if err != nil {
		return "", nil, err
	}
	recs := l.byID[itemID]
	if len(recs) == 0 {
		return "", nil, httpError{http.StatusNotFound, fmt.Sprintf("run %s has no item %q", id, itemID)}
	}
	it := recs[0].Item
	f := parseFilter(r)
	fv := f.values()
	list := f.values()
	list.Set("run", id)
	data := map[string]any{"Title": itemID + " · " + id, "ID": id, "Item": it,
		"Problem": renderFull(it.Problem), "Solution": renderFull(it.Solution),
		"Answer": renderAnswer(it.Answer), "Samples": samplesView(recs),
		"RunURL": "/run?" + url.Values{"run": {id}}.Encode(), "ItemsURL": "/items?" + list.Encode()}
	if isCode(it) {
		data["Problem"] = renderCode(it.Problem, 0)
	}
	// previous / next within the list the item was opened from
	if prev, next := neighbours(l, f, itemID); prev != "" || next != "" {
		if prev != "" {
			data["PrevURL"], data["PrevID"] = itemURL(id, prev, other, fv), prev
		}
		if next != "" {
			data["NextURL"], data["NextID"] = itemURL(id, next, other, fv), next
		}
	}
	if len(recs[0].Prompt.Messages) > 0 || recs[0].Prompt.Text != "" {
		data["Prompt"] = recs[0].Prompt
	}
	var metaKeys []string
	for k := range it.Meta {
		metaKeys = append(metaKeys, k)
	}
	sort.Strings(metaKeys)
	data["MetaKeys"] = metaKeys
	if other != "" {
		lb, err := s.load(other)
		if err != nil {
			return "", nil, err
		}
		data["B"] = other
		data["SamplesB"] = samplesView(lb.byID[itemID])
	}
	return "item", data, nil
}

func (s *Server) diff(r *http.Request) (string, any, error) {
	q := r.URL.Query()
	ida, idb := q.Get("a"), q.Get("b")
	la, err := s.load(ida)
	if err != nil {
		return "", nil, httpError{http.StatusNotFound, fmt.Sprintf("run A %q: %v", ida, err)}
	}
	lb, err := s.load(idb)
	if err != nil {
		return "", nil, httpError{http.StatusNotFound, fmt.Sprintf("run B %q: %v", idb, err)}
	}
	if ba, bb := la.run.Manifest.Benchmark, lb.run.Manifest.Benchmark; ba != bb {
		return "", nil, httpError{http.StatusBadRequest, fmt.Sprintf("run A is a run of %s and run B of %s: only runs of the same benchmark can be diffed", ba, bb)}
	}
	c, err := report.Compare(la.run, lb.run)
	if err != nil {
		return "", nil, httpError{http.StatusBadRequest, err.Error()}
	}
	show := q.Get("show")
	switch show { // the names of earlier versions
	case "", "flips":
		show = "differ"
	case "only_a":
		show = "better_a"
	case "only_b":
		show = "better_b"
	}
	onlyA, onlyB := map[string]bool{}, map[string]bool{}
	for _, x := range c.BetterA {
		onlyA[x] = true
	}
	for _, x := range c.BetterB {
		onlyB[x] = true
	}
	f := parseFilter(r)
	var rows []itemRow
	total := 0
	for _, o := range la.analysis.Outcomes {
		ra, rb := la.byID[o.ID], lb.byID[o.ID]
		if len(rb) == 0 {
			continue
		}
		switch show {
		case "differ":
			if !onlyA[o.ID] && !onlyB[o.ID] {
				continue
			}
		case "better_a":
			if !onlyA[o.ID] {
				continue
			}
		case "better_b":
			if !onlyB[o.ID] {
				continue
			}
		}
		if !f.match(ra) {
			continue
		}
		total++
		if total <= (f.Page-1)*PageSize || total > f.Page*PageSize {
			continue
		}
		row := s.row(ida, idb, ra, nil)
		row.A, row.B = kinds(ra), kinds(rb)
		rows = append(rows, row)
	}
	base := url.Values{"a": {ida}, "b": {idb}, "show": {show}}
	data := s.filterForm(la, f)
	data["Title"] = "Diff: " + ida + " vs " + idb
	data["A"], data["B"], data["Show"] = ida, idb, show
	data["Shows"] = []string{"differ", "better_a", "better_b", "all"}
	data["C"] = c
	data["Diff"] = c.DiffText()
	data["AccA"], data["AccB"] = c.ValueText(c.AccA), c.ValueText(c.AccB)
	data["P"] = fmt.Sprintf("%.4g", c.SignP)
	data["Measure"] = c.MeasureText()
	data["GroupDiffs"] = c.GroupTables(nil)
	data["Rows"], data["Total"] = rows, total
	data["Pages"] = pages(f, total, base, "/diff")
	return "diff", data, nil
}

func kinds(recs []rundir.SampleRecord) string {
	var ks []string
	for _, r := range recs {
		ks = append(ks, string(r.Verdict.Kind))
	}
	return strings.Join(ks, " ")
}
