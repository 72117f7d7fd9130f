//go:build unix

package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/report/reporttest"
)

// wordHarness frames viewer pages at given widths and, once they have
// loaded, writes into the page (where --dump-dom reads it) every word of a
// table header or short cell that the browser laid out over more than one
// line: a word is a run of letters and digits, which a browser breaks only
// when told it may break anywhere. Cells meant to wrap anywhere (the
// problem column, answers, reply text, formulas) are left out. It then
// follows each verdict link of the run page (read from the rendered DOM) in
// a frame of its own and writes the item count and the filter it shows.
const wordHarness = `<!DOCTYPE html><html><body style="margin:0">%s
<script>
function broken(d) {
  var cells = 0, out = [];
  d.querySelectorAll('th, td').forEach(function (c) {
    if (c.closest('td.prob, .answer, .text, math')) return;
    cells++;
    var w = d.createTreeWalker(c, NodeFilter.SHOW_TEXT);
    for (var n = w.nextNode(); n; n = w.nextNode()) {
      if (n.parentElement.closest('.answer, .text, math')) continue;
      var re = /[\p{L}\p{N}]+/gu, m;
      while ((m = re.exec(n.data))) {
        var r = d.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        var tops = {}, lines = 0, rs = r.getClientRects();
        for (var i = 0; i < rs.length; i++) {
          if (rs[i].width === 0) continue;
          var k = Math.round(rs[i].top);
          if (!tops[k]) { tops[k] = true; lines++; }
        }
        if (lines > 1) out.push(m[0]);
      }
    }
  });
  return cells + '\t' + out.join(' ');
}
function load(src) {
  return new Promise(function (resolve) {
    var f = document.createElement('iframe');
    f.style.cssText = 'width:1000px;height:300px;border:0;display:block';
    f.onload = function () { resolve(f.contentDocument); };
    f.src = src;
    document.body.appendChild(f);
  });
}
window.addEventListener('load', function () {
  var out = [];
  document.querySelectorAll('iframe[data-name]').forEach(function (f) {
    out.push('words\t' + f.dataset.name + '\t' + f.dataset.width + '\t' + broken(f.contentDocument));
  });
  var links = [];
  var run = document.querySelector('iframe[data-name="run"][data-width="1400"]').contentDocument;
  run.querySelectorAll('tr').forEach(function (tr) {
    var a = tr.cells.length && tr.cells[0].querySelector('a[href*="verdict="]');
    if (a) links.push([a.textContent, a.getAttribute('href')]);
  });
  Promise.all(links.map(function (l) {
    return load(l[1]).then(function (d) {
      var sel = d.querySelector('select[name="verdict"] option[selected]');
      out.push('link\t' + l[0] + '\t' + d.getElementById('count').textContent + '\t' + (sel ? sel.textContent : '') +
        '\t' + d.querySelectorAll('tr.item').length);
    });
  })).then(function () {
    var p = document.createElement('pre');
    p.id = 'out';
    p.textContent = out.join('\n');
    document.body.appendChild(p);
  });
});
</script></body></html>`

// TestBrowserNoMidWordBreaks drives headless Chromium over the viewer's
// pages at 1400, 1000 and 700 px: no table header or short cell
// ("benchmark", "accuracy", "500") is broken inside a word, which the
// viewer's old main{overflow-wrap:anywhere} did in narrow columns. A probe
// table that does break anywhere shows the measure sees such breaks. The
// run page's verdict links, followed in the browser, lead to item lists
// filtered to that verdict with as many items as the fixture holds.
func TestBrowserNoMidWordBreaks(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	bin := chromium(t)
	root := t.TempDir()
	recs, err := reporttest.Write(filepath.Join(root, "run-a"), reporttest.Options{Items: 42, Seed: 1, Confidence: true, Results: true, Model: "m-a"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reporttest.Write(filepath.Join(root, "run-b"), reporttest.Options{Items: 42, Seed: 2, Model: "m-b", Skill: 0.1}); err != nil {
		t.Fatal(err)
	}
	s, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]string{"index": "/", "run": "/run?run=run-a", "items": "/items?run=run-a", "diff": "/diff?a=run-a&b=run-b"}
	widths := []int{1400, 1000, 700}
	viewer := s.Handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/__probe": // a narrow table told to break anywhere: the measure must see it
			fmt.Fprint(w, `<!DOCTYPE html><html><body><table style="width:40px;overflow-wrap:anywhere"><tr><th>benchmark</th><td>accuracy</td></tr></table></body></html>`)
			return
		case "/__harness":
			var frames strings.Builder
			fmt.Fprint(&frames, `<iframe data-name="probe" data-width="400" src="/__probe" style="width:400px;height:200px;border:0;display:block"></iframe>`)
			for name, p := range pages {
				for _, wd := range widths {
					fmt.Fprintf(&frames, `<iframe data-name="%s" data-width="%d" src="%s" style="width:%dpx;height:900px;border:0;display:block"></iframe>`, name, wd, p, wd)
				}
			}
			fmt.Fprintf(w, wordHarness, frames.String())
			return
		}
		rec := httptest.NewRecorder()
		viewer.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			if k != "Content-Security-Policy" { // the harness's script reads the frames
				w.Header()[k] = v
			}
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	}))
	defer ts.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	dom, err := headless(ctx, t, bin, ts.URL+"/__harness", "--dump-dom", "--virtual-time-budget=20000", "--window-size=1500,900")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)<pre id="out">(.*?)</pre>`).FindSubmatch(dom)
	if m == nil {
		t.Fatalf("the harness wrote nothing:\n%.2000s", dom)
	}

	// Items per verdict, counted from the fixture: an item is listed under
	// a verdict when any of its samples has it.
	perVerdict := map[string]map[string]bool{}
	items := map[string]bool{}
	for _, r := range recs {
		k := string(r.Verdict.Kind)
		if perVerdict[k] == nil {
			perVerdict[k] = map[string]bool{}
		}
		perVerdict[k][r.Item.ID] = true
		items[r.Item.ID] = true
	}
	measured, linked := 0, map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(m[1])), "\n") {
		f := strings.Split(line, "\t")
		switch {
		case f[0] == "words" && len(f) == 5:
			cells, _ := strconv.Atoi(f[3])
			if f[1] == "probe" {
				if f[4] == "" {
					t.Errorf("the probe's words are not seen broken (%q): the check cannot see a mid-word break", line)
				}
				continue
			}
			measured++
			if cells == 0 {
				t.Errorf("%s at %s px: no table cells measured", f[1], f[2])
			}
			if f[4] != "" {
				t.Errorf("%s (%s) at %s px breaks words inside: %s", f[1], pages[f[1]], f[2], f[4])
			}
		case f[0] == "link" && len(f) == 5:
			v := f[1]
			linked[v] = true
			want := fmt.Sprintf("%d of %d items", len(perVerdict[v]), len(items))
			if f[2] != want || f[3] != v {
				t.Errorf("verdict link %s leads to %q filtered by %q, want %q filtered by %s", v, f[2], f[3], want, v)
			}
			if rows, _ := strconv.Atoi(f[4]); rows != min(len(perVerdict[v]), PageSize) {
				t.Errorf("verdict link %s lists %d rows, want %d", v, rows, min(len(perVerdict[v]), PageSize))
			}
		default:
			t.Errorf("harness line %q", line)
		}
	}
	if measured != len(pages)*len(widths) {
		t.Errorf("measured %d page widths of %d", measured, len(pages)*len(widths))
	}
	for v := range perVerdict {
		if !linked[v] {
			t.Errorf("the run page has no verdict link for %s", v)
		}
	}
}
