package web

import (
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/report/reporttest"
)

// TestHostChecked (issue 30, row 8): a request whose Host header names
// another site (a page that rebound its name to 127.0.0.1, DNS rebinding)
// is refused, whatever the path; the bound host, localhost and IP
// addresses are served.
func TestHostChecked(t *testing.T) {
	root := t.TempDir()
	if _, err := reporttest.Write(filepath.Join(root, "run-a"), reporttest.Options{Items: 5, Seed: 1, Results: true, Model: "m-a"}); err != nil {
		t.Fatal(err)
	}
	s, err := New(root)
	if err != nil {
		t.Fatal(err)
	}
	s.Host = "mybox.lan"
	h := s.Handler()
	for _, tc := range []struct {
		host string
		ok   bool
	}{
		{"127.0.0.1:8080", true},
		{"localhost:8080", true},
		{"LOCALHOST.:8080", true},
		{"viewer.localhost:8080", true},
		{"[::1]:8080", true},
		{"mybox.lan:8080", true},
		{"evil.example", false},
		{"evil.example:8080", false},
		{"127.0.0.1.evil.example:8080", false},
		{"localhost.evil.example", false},
		{"", false},
	} {
		for _, path := range []string{"/", "/run?id=run-a", "/plot?id=run-a&name=x"} {
			req, _ := http.NewRequest("GET", "http://x"+path, nil)
			req.Host = tc.host
			rec := &recorder{header: http.Header{}}
			h.ServeHTTP(rec, req)
			if refused := rec.code == http.StatusMisdirectedRequest; refused == tc.ok {
				t.Errorf("Host %q %s: status %d", tc.host, path, rec.code)
			}
			if !tc.ok && (strings.Contains(rec.body.String(), "run-a") || !strings.Contains(rec.body.String(), "localhost only")) {
				t.Errorf("Host %q %s: body %q", tc.host, path, rec.body.String())
			}
		}
	}
}

// recorder is a minimal http.ResponseWriter.
type recorder struct {
	header http.Header
	code   int
	body   strings.Builder
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) Write(b []byte) (int, error) {
	if r.code == 0 {
		r.code = 200
	}
	return r.body.Write(b)
}
func (r *recorder) WriteHeader(c int) {
	if r.code == 0 {
		r.code = c
	}
}

var _ io.Writer = (*recorder)(nil)
