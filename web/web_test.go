package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/report/reporttest"
	"github.com/matheval/matheval/rundir"
)

// fixture writes two runs under a root and starts the viewer on 127.0.0.1.
func fixture(t *testing.T) (*httptest.Server, []rundir.SampleRecord) {
	t.Helper()
	root := t.TempDir()
	recs, err := reporttest.Write(filepath.Join(root, "run-a"), reporttest.Options{Items: 42, Seed: 1, Confidence: true, Results: true, Model: "m-a"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reporttest.Write(filepath.Join(root, "nested", "run-b"), reporttest.Options{Items: 42, Seed: 2, Model: "m-b", Skill: 0.1}); err != nil {
		t.Fatal(err)
	}
	s, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts, recs
}

func get(t *testing.T, ts *httptest.Server, path string, wantCode int) string {
	t.Helper()
	resp, err := http.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != wantCode {
		t.Fatalf("GET %s: %d, want %d: %.300s", path, resp.StatusCode, wantCode, b)
	}
	if wantCode == 200 && strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") &&
		!strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'none'") {
		t.Errorf("GET %s: no strict CSP", path)
	}
	return string(b)
}

var rowRE = regexp.MustCompile(`<tr class="item"><td><a href="[^"]*">([^<]*)</a></td><td>([^<]*)</td><td>([^<]*)</td>`)

func TestPages(t *testing.T) {
	ts, recs := fixture(t)
	idx := get(t, ts, "/", 200)
	if !strings.Contains(idx, `href="/run?run=run-a"`) || !strings.Contains(idx, `nested/run-b`) {
		t.Fatalf("index lacks the runs: %s", idx)
	}
	run := get(t, ts, "/run?run=run-a", 200)
	for _, want := range []string{"Accuracy by subject", "Accuracy by level", "/plot?name=calibration.svg&amp;run=run-a",
		"/plot?name=breakdown_by_level.svg&amp;run=run-a", "Intervals: 95% percentile bootstrap over items"} {
		if !strings.Contains(run, want) {
			t.Errorf("run page lacks %q", want)
		}
	}
	svg := get(t, ts, "/plot?run=run-a&name=breakdown_by_level.svg", 200)
	if !strings.Contains(svg, "<svg") {
		t.Error("plot is not SVG")
	}

	// Filters, checked against the fixture's own records.
	want := 0
	for _, r := range recs {
		if r.Item.Meta["subject"] == "Geometry" && r.Item.Meta["level"] == "Level 1" {
			want++
		}
	}
	page := get(t, ts, "/items?"+url.Values{"run": {"run-a"}, "subject": {"Geometry"}, "level": {"Level 1"}}.Encode(), 200)
	rows := rowRE.FindAllStringSubmatch(page, -1)
	if len(rows) != want || want == 0 {
		t.Fatalf("filtered list has %d rows, want %d", len(rows), want)
	}
	for _, r := range rows {
		if r[2] != "Geometry" || r[3] != "Level 1" {
			t.Errorf("row %v escaped the filter", r)
		}
	}
	wrong := 0
	for _, r := range recs {
		if r.Verdict.Kind == "wrong" {
			wrong++
		}
	}
	page = get(t, ts, "/items?run=run-a&verdict=wrong", 200)
	if n := len(rowRE.FindAllStringSubmatch(page, -1)); n != min(wrong, PageSize) {
		t.Errorf("verdict filter: %d rows, want %d", n, wrong)
	}
	page = get(t, ts, "/items?run=run-a&q=determinant", 200)
	rows = rowRE.FindAllStringSubmatch(page, -1)
	if len(rows) != 7 { // problem 2 of 6, items 2, 8, ..., 38
		t.Errorf("search: %d rows, want 7", len(rows))
	}

	// The reply with a script is escaped; the math is MathML.
	item := get(t, ts, "/item?"+url.Values{"run": {"run-a"}, "id": {reporttest.ItemID(0)}}.Encode(), 200)
	if strings.Contains(item, "<script") || !strings.Contains(item, "&lt;script&gt;document.title") {
		t.Error("script in a reply is not escaped")
	}
	for _, tag := range []string{"<mfrac>", "<menclose notation=\"box\""} {
		if !strings.Contains(item, tag) {
			t.Errorf("item page lacks %s", tag)
		}
	}

	// Diff view: the counts on the page agree with the flips in the records.
	diff := get(t, ts, "/diff?"+url.Values{"a": {"run-a"}, "b": {"nested/run-b"}, "show": {"all"}}.Encode(), 200)
	m := regexp.MustCompile(`<p id="count">(\d+) items</p>`).FindStringSubmatch(diff)
	if m == nil || m[1] != "42" {
		t.Errorf("diff all: %v", m)
	}
	flips := get(t, ts, "/diff?"+url.Values{"a": {"run-a"}, "b": {"nested/run-b"}}.Encode(), 200)
	m2 := regexp.MustCompile(`<td>(\d+) / (\d+)</td>`).FindStringSubmatch(flips)
	n := len(rowRE.FindAllStringSubmatch(flips, -1))
	a, _ := strconv.Atoi(m2[1])
	b, _ := strconv.Atoi(m2[2])
	if a+b != n {
		t.Errorf("flips listed %d, counted %d + %d", n, a, b)
	}
	two := get(t, ts, "/item?"+url.Values{"run": {"run-a"}, "id": {reporttest.ItemID(3)}, "b": {"nested/run-b"}}.Encode(), 200)
	if !strings.Contains(two, `id="replies-b"`) {
		t.Error("two-run item view lacks run B's replies")
	}

	get(t, ts, "/run?run=../../etc", 404)
	get(t, ts, "/item?run=run-a&id=nope", 404)
	get(t, ts, "/diff?a=run-a&b=zzz", 404)
}

// writeRun writes a reporttest run and sets its benchmark.
func writeRun(t *testing.T, dir, benchmark string, o reporttest.Options) {
	t.Helper()
	if _, err := reporttest.Write(dir, o); err != nil {
		t.Fatal(err)
	}
	m, err := rundir.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	m.Benchmark = benchmark
	if err := rundir.WriteJSON(dir, rundir.ManifestFile, m); err != nil {
		t.Fatal(err)
	}
}

// Diffs are offered, and made, only between runs of the same benchmark;
// the diff page sums up the settings that differ in a few lines.
func TestDiffSameBenchmark(t *testing.T) {
	root := t.TempDir()
	writeRun(t, filepath.Join(root, "a"), "math", reporttest.Options{Items: 10, Seed: 1, Model: "m-a"})
	writeRun(t, filepath.Join(root, "b"), "math", reporttest.Options{Items: 10, Seed: 2, Model: "m-b", PromptHash: "p2"})
	writeRun(t, filepath.Join(root, "c"), "asdiv", reporttest.Options{Items: 10, Seed: 3, Model: "m-c"})
	s, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	idx := get(t, ts, "/", 200)
	forms := regexp.MustCompile(`(?s)<form class="filters" method="get" action="/diff">(.*?)</form>`).FindAllStringSubmatch(idx, -1)
	if len(forms) != 1 || !strings.Contains(forms[0][1], "<option>a</option>") || strings.Contains(forms[0][1], ">c<") {
		t.Errorf("diff forms: %v", forms)
	}
	run := get(t, ts, "/run?run=a", 200)
	if !strings.Contains(run, `href="/diff?a=a&amp;b=b"`) || strings.Contains(run, `b=c"`) {
		t.Error("run page offers a diff with a run of another benchmark")
	}
	if page := get(t, ts, "/diff?a=a&b=c", 400); !strings.Contains(page, "only runs of the same benchmark") {
		t.Errorf("diff across benchmarks: %.300s", page)
	}
	diff := get(t, ts, "/diff?a=a&b=b", 200)
	settings := regexp.MustCompile(`(?s)<ul id="settings">(.*?)</ul>`).FindStringSubmatch(diff)
	if settings == nil || !strings.Contains(settings[1], "model: <code>m-a</code> → <code>m-b</code>") ||
		!strings.Contains(settings[1], "prompt text") || strings.Contains(settings[1], "{") {
		t.Errorf("settings: %v", settings)
	}
	if !strings.Contains(diff, "Measure: the item&#39;s accuracy") || !strings.Contains(diff, "Paired differences, accuracy by subject") {
		t.Errorf("diff page lacks the measure or the per-group differences")
	}
}

// A partial run says so on the index and at the top of its page.
func TestPartialRunPages(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "p")
	writeRun(t, dir, "math", reporttest.Options{Items: 12, Seed: 1, Results: true})
	m, _ := rundir.ReadManifest(dir)
	m.Items, m.Extra = 40, map[string]string{rundir.StatusKey: rundir.StatusStopped + "interrupted"}
	rundir.WriteJSON(dir, rundir.ManifestFile, m)
	res, _ := rundir.ReadResults(dir)
	res.Planned, res.Stopped = 40, "interrupted"
	rundir.WriteJSON(dir, rundir.ResultsFile, res)
	s, _ := New(root)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	if idx := get(t, ts, "/", 200); !strings.Contains(idx, "partial: 12 of 40 items done (interrupted)") {
		t.Error("index does not mark the partial run")
	}
	run := get(t, ts, "/run?run=p", 200)
	banner := regexp.MustCompile(`<p class="banner">([^<]*)</p>`).FindStringSubmatch(run)
	if banner == nil || !strings.Contains(banner[1], "12 of 40 items done (interrupted)") || strings.Index(run, banner[0]) > strings.Index(run, "<table") {
		t.Errorf("run page banner %v", banner)
	}
}

// The viewer keeps at most MaxCached runs in memory.
func TestCacheBounded(t *testing.T) {
	root := t.TempDir()
	for _, n := range []string{"r1", "r2", "r3", "r4"} {
		writeRun(t, filepath.Join(root, n), "math", reporttest.Options{Items: 5, Seed: 1})
	}
	s, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	s.MaxCached = 2
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, n := range []string{"r1", "r2", "r3", "r4", "r1"} {
		get(t, ts, "/items?run="+n, 200)
		if c := s.Cached(); c > 2 {
			t.Fatalf("after %s: %d runs cached", n, c)
		}
	}
	get(t, ts, "/", 200) // visits all four
	if c := s.Cached(); c != 2 {
		t.Errorf("%d runs cached, want 2", c)
	}
}

// Answers render as formulas that can wrap: regime labels as text, lists
// cut at their top-level commas, brackets kept.
func TestRenderAnswer(t *testing.T) {
	for _, c := range []struct {
		in          string
		maths       int
		labels      []string
		mustContain []string
	}{
		{`\frac{1}{2}`, 1, nil, nil},
		{`small_eps: a, \ b; large_eps: c`, 3, []string{"small_eps", "large_eps"}, nil},
		{`large_x: \frac{e^{x}}{x}`, 1, []string{"large_x"}, nil},
		{`x: 3`, 1, nil, nil}, // one short label: mathematics, not a regime
		{`\left[ y = 1, y = \frac{1}{x} \right]`, 2, nil, []string{"[", "]"}},
		{`(x+1)(x-2)`, 1, nil, nil},
		{`\left(1, 2\right)`, 2, nil, []string{"(", ")"}},
		{`f(a, b)`, 1, nil, nil}, // commas inside brackets do not cut
	} {
		got := string(renderAnswer(c.in))
		if n := strings.Count(got, "<math"); n != c.maths {
			t.Errorf("%q: %d formulas, want %d: %s", c.in, n, c.maths, got)
		}
		for _, l := range c.labels {
			if !strings.Contains(got, `<span class="label">`+l+`:</span>`) {
				t.Errorf("%q: no label %s: %s", c.in, l, got)
			}
		}
		plain := regexp.MustCompile(`(?s)<math.*?</math>`).ReplaceAllString(got, "")
		for _, w := range c.mustContain {
			if !strings.Contains(plain, w) {
				t.Errorf("%q: %q not outside the formulas: %s", c.in, w, plain)
			}
		}
	}
}

// Filter menus name values as the run's own breakdowns do; the value
// sent stays the metadata value the filter matches.
func TestFilterLabels(t *testing.T) {
	sum := bench.Summary{Breakdowns: []bench.Breakdown{
		{Name: "by_subject", Dims: []string{"subject"}, Groups: []bench.Group{
			{Key: "counting_and_probability", Label: "Counting & Probability", Where: map[string][]string{"subject": {"counting_and_probability"}}},
			{Key: "both", Label: "Both", Where: map[string][]string{"subject": {"a", "b"}}},
		}},
		{Name: "cross", Dims: []string{"subject", "level"}, Groups: []bench.Group{
			{Key: "x|1", Label: "X, Level 1", Where: map[string][]string{"subject": {"x"}, "level": {"1"}}},
		}},
	}}
	got := metaLabels(sum, "subject")
	if len(got) != 1 || got["counting_and_probability"] != "Counting & Probability" {
		t.Errorf("labels %v", got)
	}
	var b strings.Builder
	err := tmpl.ExecuteTemplate(&b, "filters", map[string]any{
		"Subjects": []option{{Value: "counting_and_probability", Label: "Counting & Probability"}},
		"F":        filter{Subject: "counting_and_probability"}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `<option value="counting_and_probability" selected>Counting &amp; Probability</option>`) {
		t.Errorf("menu: %s", b.String())
	}
}

// On a run's page the verdict counts link to the item list filtered by
// that verdict, and the example items to their pages; table headers and
// short cells never break inside a word ("benchmar k", "accura cy").
func TestRunPageVerdictLinks(t *testing.T) {
	ts, recs := fixture(t)
	page := get(t, ts, "/run?run=run-a", 200)
	kinds := map[string]bool{}
	for _, r := range recs {
		kinds[string(r.Verdict.Kind)] = true
	}
	for k := range kinds {
		list := `<a href="/items?run=run-a&amp;verdict=` + k + `">` + k + `</a>`
		if !strings.Contains(page, list) {
			t.Errorf("run page does not link verdict %s to its items (%s)", k, list)
		}
		// the link leads to that verdict's items only
		items := get(t, ts, "/items?run=run-a&verdict="+k, 200)
		if !strings.Contains(items, `<option selected>`+k+`</option>`) {
			t.Errorf("items page for verdict %s is not filtered", k)
		}
	}
	if !regexp.MustCompile(`<a href="/item\?id=test%2F[a-z_]+%2F\d+&amp;run=run-a&amp;verdict=\w+">test/`).MatchString(page) {
		t.Error("example items are not links to their pages")
	}
	for _, rule := range []string{"th{white-space:nowrap}", "th,td{overflow-wrap:normal;word-break:normal"} {
		if !strings.Contains(page, rule) {
			t.Errorf("style lacks %q", rule)
		}
	}
	if strings.Contains(page, "main{overflow-wrap:anywhere}") {
		t.Error("main still breaks anywhere")
	}
}
