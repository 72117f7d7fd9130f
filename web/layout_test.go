//go:build unix

package web

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/report/reporttest"
)

// harness is a test-only page that frames viewer pages at 1400 px and, once
// they have loaded, writes each one's document width and its frame's width
// into the page, where --dump-dom reads them. The viewer's own pages run no
// script (its CSP forbids it); the test server drops the CSP for this.
const harness = `<!DOCTYPE html><html><body style="margin:0">%s
<script>
window.addEventListener('load', function () {
  var out = [];
  document.querySelectorAll('iframe').forEach(function (f) {
    out.push(f.dataset.name + '=' + f.contentDocument.documentElement.scrollWidth + '/' + f.contentWindow.innerWidth);
  });
  var p = document.createElement('pre');
  p.id = 'widths';
  p.textContent = out.join('\n');
  document.body.appendChild(p);
});
</script></body></html>`

// TestBrowserLayout drives headless Chromium over the viewer's pages at a
// width of 1400 px: none scrolls sideways; a HARDMath item shows its gold
// answer's regime labels as text beside the formulas, each part on its own
// line, and its solution's layout commands (\vspace, \underline, \par,
// \text, a bare align*) rendered or gone, never raw. It screenshots that
// item page (MATHEVAL_SCREENSHOT_DIR=docs/screenshots keeps a copy).
func TestBrowserLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	bin := chromium(t)
	root := t.TempDir()
	if _, err := reporttest.Write(filepath.Join(root, "run-a"), reporttest.Options{Items: 42, Seed: 1, Confidence: true, Results: true, Model: "m-a"}); err != nil {
		t.Fatal(err)
	}
	if _, err := reporttest.Write(filepath.Join(root, "run-b"), reporttest.Options{Items: 42, Seed: 2, Model: "m-b", Skill: 0.1}); err != nil {
		t.Fatal(err)
	}
	if _, err := reporttest.WriteHARDMathLike(filepath.Join(root, "hardmath")); err != nil {
		t.Fatal(err)
	}
	s, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	itemPath := "/item?" + url.Values{"run": {"hardmath"}, "id": {reporttest.HARDMathItemID}}.Encode()
	pages := map[string]string{
		"index": "/", "run": "/run?run=run-a", "items": "/items?run=run-a", "item": "/item?run=run-a&id=" + url.QueryEscape(reporttest.ItemID(2)) + "&b=run-b",
		"diff": "/diff?a=run-a&b=run-b", "hardmath-run": "/run?run=hardmath", "hardmath-items": "/items?run=hardmath", "hardmath-item": itemPath,
	}
	viewer := s.Handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/__wide" { // the probe: a page that does scroll sideways
			fmt.Fprint(w, `<!DOCTYPE html><html><body><div style="width:2000px">wide</div></body></html>`)
			return
		}
		if r.URL.Path == "/__harness" {
			var frames strings.Builder
			fmt.Fprint(&frames, `<iframe data-name="probe" src="/__wide" style="width:1400px;height:100px;border:0;display:block"></iframe>`)
			for name, p := range pages {
				fmt.Fprintf(&frames, `<iframe data-name="%s" src="%s" style="width:1400px;height:700px;border:0;display:block"></iframe>`, name, p)
			}
			fmt.Fprintf(w, harness, frames.String())
			return
		}
		rec := httptest.NewRecorder()
		viewer.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			if k != "Content-Security-Policy" {
				w.Header()[k] = v
			}
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	}))
	defer ts.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	shot := filepath.Join(t.ArtifactDir(), "viewer-hardmath-item.png")
	type result struct {
		dom []byte
		err error
	}
	widthC, itemC := make(chan result, 1), make(chan result, 1)
	go func() {
		b, err := headless(ctx, t, bin, ts.URL+"/__harness", "--dump-dom", "--virtual-time-budget=15000", "--window-size=1500,900")
		widthC <- result{b, err}
	}()
	go func() {
		b, err := headless(ctx, t, bin, ts.URL+itemPath, "--dump-dom", "--screenshot="+shot, "--window-size=1400,1000")
		itemC <- result{b, err}
	}()
	widths, item := <-widthC, <-itemC
	if widths.err != nil {
		t.Fatal(widths.err)
	}
	if item.err != nil {
		t.Fatal(item.err)
	}

	// No page is wider than the 1400 px it is shown in.
	m := regexp.MustCompile(`(?s)<pre id="widths">(.*?)</pre>`).FindSubmatch(widths.dom)
	if m == nil {
		t.Fatalf("the harness wrote no widths:\n%.2000s", widths.dom)
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(m[1])), "\n") {
		name, wh, _ := strings.Cut(line, "=")
		sw, iw, _ := strings.Cut(wh, "/")
		scroll, _ := strconv.Atoi(sw)
		inner, _ := strconv.Atoi(iw)
		if name == "probe" { // the measure must see a page that does scroll
			if scroll <= inner {
				t.Errorf("the probe measures %d px in %d px: the check cannot see overflow", scroll, inner)
			}
			continue
		}
		seen++
		if inner != 1400 || scroll > inner {
			t.Errorf("%s (%s) is %d px wide in %d px: it scrolls sideways", name, pages[name], scroll, inner)
		}
	}
	if seen != len(pages) {
		t.Errorf("measured %d pages of %d: %s", seen, len(pages), m[1])
	}

	// The HARDMath item: labels as text, parts on their own lines, layout
	// commands gone. The TeX source kept in <annotation> is not shown.
	dom := regexp.MustCompile(`(?s)<annotation.*?</annotation>`).ReplaceAll(item.dom, nil)
	gold := regexp.MustCompile(`(?s)<div id="gold">(.*?)</div>`).FindSubmatch(dom)
	if gold == nil {
		t.Fatal("item page has no gold answer")
	}
	for _, want := range []string{`<span class="label">small_eps:</span>`, `<span class="label">large_eps:</span>`, "<math"} {
		if !bytes.Contains(gold[1], []byte(want)) {
			t.Errorf("gold answer lacks %s: %.600s", want, gold[1])
		}
	}
	if n := bytes.Count(gold[1], []byte(`<span class="part">`)); n != 2 {
		t.Errorf("gold answer has %d parts, want 2", n)
	}
	if n := bytes.Count(gold[1], []byte("<math")); n < 10 { // five roots each side, each its own formula
		t.Errorf("the roots are %d formulas: a long answer cannot wrap", n)
	}
	for _, raw := range []string{`\vspace`, `\underline`, `\noindent`, `\par`, `\text{`, `\begin{align`, "small_eps: \\sqrt"} {
		if bytes.Contains(dom, []byte(raw)) {
			t.Errorf("item page shows %q raw", raw)
		}
	}
	if !bytes.Contains(dom, []byte("<u>Therefore, these roots are valid")) {
		t.Error("\\underline is not rendered")
	}
	b, err := os.ReadFile(shot)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() != 1400 {
		t.Fatalf("screenshot: %v %v", err, img.Bounds())
	}
	if dst := os.Getenv("MATHEVAL_SCREENSHOT_DIR"); dst != "" {
		if err := os.WriteFile(filepath.Join(dst, "viewer-hardmath-item.png"), b, 0o644); err != nil {
			t.Error(err)
		}
	}
}
