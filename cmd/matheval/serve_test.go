package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/matheval/matheval/web"
)

// lockedBuffer is a strings.Builder safe for the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestServeErrorLog (issue 30 row 9): what net/http's server logs about the
// viewer (here a handler's panic, which http.Server recovers and logs with
// its stack: "http: panic serving ADDR: ...") goes to serve's stderr, as
// one marked line, not through the standard logger.
func TestServeErrorLog(t *testing.T) {
	std := &lockedBuffer{}
	prev := log.Writer()
	log.SetOutput(std)
	defer log.SetOutput(prev)
	real := viewerHandler
	defer func() { viewerHandler = real }()
	viewerHandler = func(s *web.Server) http.Handler {
		h := real(s)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/panic" {
				panic("a bug of the viewer")
			}
			h.ServeHTTP(w, r)
		})
	}

	root := newRoot()
	root.SetArgs([]string{"serve", t.TempDir(), "--addr", "127.0.0.1:0"})
	outR, outW := io.Pipe()
	stderr := &lockedBuffer{}
	root.SetOut(outW)
	root.SetErr(stderr)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- root.ExecuteContext(ctx)
		outW.Close()
	}()
	line, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil {
		t.Fatalf("serve printed %q: %v", line, err)
	}
	go io.Copy(io.Discard, outR)
	var addr string
	if _, err := fmt.Sscanf(line, "serving 0 runs on http://%s", &addr); err != nil {
		t.Fatalf("serve's first line %q: %v", line, err)
	}
	addr = strings.TrimSuffix(addr, "/")

	// The server logs the panic, then closes the connection: once the
	// connection is closed, the line is written.
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "GET /panic HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	io.ReadAll(conn)
	conn.Close()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}

	if s := std.String(); s != "" {
		t.Errorf("the viewer's server logged through the standard logger (stderr, unmarked): %q", s)
	}
	got := stderr.String()
	var marked []string
	for _, l := range strings.Split(got, "\n") {
		if strings.Contains(l, "http: panic serving") {
			marked = append(marked, l)
		}
	}
	if len(marked) != 1 || !strings.HasPrefix(marked[0], "matheval serve: ") || !strings.Contains(marked[0], "a bug of the viewer") {
		t.Errorf("serve's stderr: want the server's panic line once, marked \"matheval serve: \":\n%s", got)
	}
}
