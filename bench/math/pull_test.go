package math

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
)

// tarOf packs the fixture tree (and any extra entries) as the release does.
func tarOf(t *testing.T, extra map[string]string, gz bool) []byte {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	root := filepath.Join("testdata")
	err := filepath.Walk(filepath.Join(root, "MATH"), func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		b, _ := os.ReadFile(p)
		tw.WriteHeader(&tar.Header{Name: filepath.ToSlash(rel), Mode: 0o644, Size: int64(len(b)), Typeflag: tar.TypeReg})
		_, err = tw.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range extra {
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg})
		tw.Write([]byte(body))
	}
	tw.Close()
	if !gz {
		return buf.Bytes()
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(buf.Bytes())
	zw.Close()
	return z.Bytes()
}

func TestPull(t *testing.T) {
	plain := tarOf(t, nil, false)
	zipped := tarOf(t, nil, true)
	evil := tarOf(t, map[string]string{"../escape.json": "{}"}, false)
	m500, _ := os.ReadFile(filepath.Join("testdata", "mixed.jsonl"))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/MATH.tar":
			w.Write(plain)
		case "/MATH.tar.gz":
			w.Write(zipped)
		case "/evil.tar":
			w.Write(evil)
		case "/test.jsonl":
			w.Write(m500)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	ctx := context.Background()
	for _, u := range []string{"/MATH.tar", "/MATH.tar.gz"} {
		dir := t.TempDir()
		res, err := Pull(ctx, dir, PullOptions{URL: srv.URL + u, With500: true, MATH500URL: srv.URL + "/test.jsonl"})
		if err != nil {
			t.Fatal(err)
		}
		if res.Files != 10 || res.Root != filepath.Join(dir, "MATH") {
			t.Errorf("%s: %+v", u, res)
		}
		items, _, err := Load(res.Root, bench.LoadOptions{})
		if err != nil || len(items) != 10 {
			t.Errorf("%s: pulled tree loads %d items: %v", u, len(items), err)
		}
		if its, _, err := Load(res.MATH500, bench.LoadOptions{}); err != nil || len(its) != 3 {
			t.Errorf("MATH-500 copy: %v", err)
		}
	}
	dir := t.TempDir()
	if _, err := Pull(ctx, dir, PullOptions{URL: srv.URL + "/evil.tar"}); err == nil || !strings.Contains(err.Error(), "unsafe path") {
		t.Errorf("path traversal: %v", err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "escape.json")); err == nil {
		t.Error("a file escaped the target folder")
	}
	if _, err := Pull(ctx, t.TempDir(), PullOptions{URL: srv.URL + "/missing.tar"}); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("404: %v", err)
	}
}
