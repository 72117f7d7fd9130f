//go:build unix

package web

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/report/reporttest"
)

// chromium finds Debian's chromium (installed by .ci/run); the browser test
// skips without it.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	// Absent: skipped, or failed under MATHEVAL_REQUIRE_TOOLS=1 (.ci/run).
	return testenv.Tool(t, "/usr/bin/chromium", "apt-get install chromium")
}

// headless runs one headless Chromium on url with extra flags and returns
// its standard output. Each run gets its own profile and process group, so
// a timeout kills the browser's helpers too.
func headless(ctx context.Context, t *testing.T, bin, url string, extra ...string) ([]byte, error) {
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
		// One process starts markedly faster on a loaded machine (9 s against 14 s).
		"--single-process", "--no-zygote",
		"--user-data-dir=" + t.TempDir()}
	args = append(append(args, extra...), url)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 2 * time.Second
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		e := errb.String()
		return nil, fmt.Errorf("chromium %s: %v: %s", url, err, e[max(0, len(e)-600):])
	}
	return out.Bytes(), nil
}

// TestBrowser drives headless Chromium against the viewer: rendered MathML
// for fractions, roots, matrices and \boxed; a server-side filter that
// narrows the list; a <script> in a reply that stays text; a screenshot.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	bin := chromium(t)
	ts, recs := fixture(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	listURL := ts.URL + "/items?" + url.Values{"run": {"run-a"}, "subject": {"Algebra"}}.Encode()
	itemURL := ts.URL + "/item?" + url.Values{"run": {"run-a"}, "id": {reporttest.ItemID(0)}, "b": {"nested/run-b"}}.Encode()
	shot := filepath.Join(t.ArtifactDir(), "viewer.png")

	// The two browsers run at once: each spends most of its time starting.
	type result struct {
		dom []byte
		err error
	}
	listC, itemC := make(chan result, 1), make(chan result, 1)
	go func() {
		b, err := headless(ctx, t, bin, listURL, "--dump-dom")
		listC <- result{b, err}
	}()
	go func() {
		b, err := headless(ctx, t, bin, itemURL, "--dump-dom", "--screenshot="+shot, "--window-size=1100,720")
		itemC <- result{b, err}
	}()
	list, item := <-listC, <-itemC
	if list.err != nil {
		t.Fatal(list.err)
	}
	if item.err != nil {
		t.Fatal(item.err)
	}

	// Filter: exactly the Algebra items, as counted from the fixture.
	want := map[string]bool{}
	for _, r := range recs {
		if r.Item.Meta["subject"] == "Algebra" {
			want[r.Item.ID] = true
		}
	}
	rows := regexp.MustCompile(`<tr class="item"><td><a [^>]*>([^<]*)</a></td><td>([^<]*)</td>`).FindAllSubmatch(list.dom, -1)
	if len(rows) != len(want) || len(want) == 0 {
		t.Errorf("filtered list shows %d items, want %d", len(rows), len(want))
	}
	for _, r := range rows {
		if !want[string(r[1])] || string(r[2]) != "Algebra" {
			t.Errorf("item %s (%s) should have been filtered out", r[1], r[2])
		}
	}
	// The Algebra items' problems hold a fraction, a square root, a cube
	// root and both matrix kinds: the browser's DOM must have MathML for them.
	for _, tag := range []string{"<math", "<mfrac>", "<msqrt>", "<mroot>", "<mtable>"} {
		if !bytes.Contains(list.dom, []byte(tag)) {
			t.Errorf("item list DOM lacks %s", tag)
		}
	}

	// The item page: \boxed rendered, the script shown as text and not run.
	if !bytes.Contains(item.dom, []byte(`<menclose notation="box"`)) || !bytes.Contains(item.dom, []byte("<mfrac>")) {
		t.Error("item DOM lacks the boxed answer or the fraction as MathML")
	}
	if !bytes.Contains(item.dom, []byte(`&lt;script&gt;document.title="PWNED"`)) {
		t.Error("the script in the reply is not shown as text")
	}
	// Had it run, the DOM would hold <div id="pwned"> and the title PWNED.
	if regexp.MustCompile(`<div[^>]*\bid="pwned"`).Match(item.dom) || bytes.Contains(item.dom, []byte("<title>PWNED")) {
		t.Error("the script in the reply ran")
	}
	if !bytes.Contains(item.dom, []byte(`id="replies-b"`)) {
		t.Error("two-run item view lacks run B")
	}

	// Screenshot: a real, non-blank image of the requested size.
	b, err := os.ReadFile(shot)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 1100 {
		t.Errorf("screenshot is %v", img.Bounds())
	}
	colors := map[uint32]bool{}
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y += 7 {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x += 7 {
			r, g, bl, _ := img.At(x, y).RGBA()
			colors[r>>8<<16|g>>8<<8|bl>>8] = true
		}
	}
	if len(colors) < 10 {
		t.Errorf("screenshot looks blank (%d colours)", len(colors))
	}
	t.Logf("screenshot: %s (%d bytes)", shot, len(b))
	// MATHEVAL_SCREENSHOT=path keeps a copy (docs/screenshots/viewer.png).
	if dst := os.Getenv("MATHEVAL_SCREENSHOT"); dst != "" {
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			t.Error(err)
		}
	}
}
