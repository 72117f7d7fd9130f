package web

import (
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	mathbench "github.com/matheval/matheval/bench/math"
)

// The command line fills the registry in its init; web never imports it,
// so its tests register the benchmark whose figures they check (the
// fixture's runs are MATH runs).
func init() { bench.Register(mathbench.New()) }

// TestBenchmarkFigures: the run page of a MATH run shows the benchmark's own
// figure (accuracy by level per subject) in its own section, and /plot
// serves it as SVG and PNG.
func TestBenchmarkFigures(t *testing.T) {
	ts, _ := fixture(t)
	run := get(t, ts, "/run?run=run-a", 200)
	name := "bench_" + mathbench.PlotsName
	for _, want := range []string{"Benchmark figures", "math: accuracy by level per subject",
		"/plot?name=" + name + ".svg&amp;run=run-a", "/plot?name=" + name + ".png&amp;run=run-a"} {
		if !strings.Contains(run, want) {
			t.Errorf("run page lacks %q", want)
		}
	}
	if strings.Contains(run, "figures not drawn") {
		t.Error("run page says the figures were not drawn")
	}
	svg := get(t, ts, "/plot?"+url.Values{"run": {"run-a"}, "name": {name + ".svg"}}.Encode(), 200)
	if !strings.Contains(svg, "<svg") {
		t.Errorf("benchmark figure is not SVG: %.200s", svg)
	}
	png := get(t, ts, "/plot?"+url.Values{"run": {"run-a"}, "name": {name + ".png"}}.Encode(), 200)
	if !strings.HasPrefix(png, "\x89PNG") {
		t.Error("benchmark figure is not PNG")
	}
}

var prevRE = regexp.MustCompile(`<a id="prev" rel="prev" href="([^"]*)">`)
var nextRE = regexp.MustCompile(`<a id="next" rel="next" href="([^"]*)">`)

// TestItemNeighbours: the item page steps through the filtered list it was
// opened from, in the list's order, and stops at both ends.
func TestItemNeighbours(t *testing.T) {
	ts, _ := fixture(t)
	list := get(t, ts, "/items?"+url.Values{"run": {"run-a"}, "subject": {"Geometry"}}.Encode(), 200)
	rows := regexp.MustCompile(`<tr class="item"><td><a href="([^"]*)">([^<]*)</a></td><td>([^<]*)</td>`).FindAllStringSubmatch(list, -1)
	if len(rows) < 3 {
		t.Fatalf("want at least 3 Geometry items, got %d", len(rows))
	}
	ids := func(m []string) string {
		if m == nil {
			return ""
		}
		u, err := url.Parse(html.UnescapeString(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		if u.Query().Get("subject") != "Geometry" {
			t.Errorf("link %s drops the filter", m[1])
		}
		return u.Query().Get("id")
	}
	for i, r := range rows {
		page := get(t, ts, html.UnescapeString(r[1]), 200)
		prev, next := ids(prevRE.FindStringSubmatch(page)), ids(nextRE.FindStringSubmatch(page))
		wantPrev, wantNext := "", ""
		if i > 0 {
			wantPrev = rows[i-1][2]
		}
		if i+1 < len(rows) {
			wantNext = rows[i+1][2]
		}
		if prev != wantPrev || next != wantNext {
			t.Errorf("item %s: prev %q next %q, want %q %q", r[2], prev, next, wantPrev, wantNext)
		}
		if !strings.Contains(page, `subject=Geometry`) {
			t.Errorf("item %s: the link back to the list drops the filter", r[2])
		}
	}
	// Without a filter, the neighbours come from the whole list.
	full := regexp.MustCompile(`<tr class="item"><td><a href="[^"]*">([^<]*)</a>`).FindAllStringSubmatch(get(t, ts, "/items?run=run-a", 200), -1)
	for i, r := range full {
		if r[1] != rows[0][2] || i+1 >= len(full) {
			continue
		}
		page := get(t, ts, "/item?"+url.Values{"run": {"run-a"}, "id": {r[1]}}.Encode(), 200)
		m := nextRE.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("unfiltered item page of %s has no next link", r[1])
		}
		u, _ := url.Parse(html.UnescapeString(m[1]))
		if got := u.Query().Get("id"); got != full[i+1][1] || u.Query().Get("subject") != "" {
			t.Errorf("unfiltered next of %s: %s, want %s", r[1], m[1], full[i+1][1])
		}
	}
}
