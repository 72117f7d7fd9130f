//go:build unix

// Package realserver starts the real model servers matheval talks to -
// Ollama and llama.cpp's llama-server, built by scripts/servers - on a tiny
// test model, for the integration tests beside it (issue 34).
//
// A test finds a server's binary through MATHEVAL_OLLAMA or
// MATHEVAL_LLAMA_SERVER, else in the scripts' cache (MATHEVAL_SERVERS_DIR,
// default ~/.cache/matheval/servers). When it is absent the test is skipped
// with the command that builds it, and fails instead under
// MATHEVAL_REQUIRE_SERVERS=1.
package realserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/matheval/matheval/internal/testenv"
)

// The versions scripts/servers/lib.sh builds.
const (
	OllamaVersion       = "0.17.4"
	NodeLlamaCppVersion = "3.21.1"
	requireEnv          = "MATHEVAL_REQUIRE_SERVERS"
	pollEvery           = 100 * time.Millisecond
)

// ServersDir is the scripts' cache directory.
func ServersDir() string {
	if d := os.Getenv("MATHEVAL_SERVERS_DIR"); d != "" {
		return d
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".cache", "matheval", "servers")
}

// Binary returns the path of server's binary ("ollama" or "llama-server"),
// skipping t when it is absent (failing it under MATHEVAL_REQUIRE_SERVERS=1).
func Binary(t testing.TB, server string) string {
	t.Helper()
	var env, cached, script string
	switch server {
	case "ollama":
		env, script = "MATHEVAL_OLLAMA", "scripts/servers/build-ollama.sh"
		cached = filepath.Join(ServersDir(), "ollama-v"+OllamaVersion, "ollama")
	case "llama-server":
		env, script = "MATHEVAL_LLAMA_SERVER", "scripts/servers/build-llama-server.sh"
		cached = filepath.Join(ServersDir(), "llama.cpp-node-llama-cpp-"+NodeLlamaCppVersion, "llama-server")
	default:
		t.Fatalf("realserver: unknown server %q", server)
	}
	p := os.Getenv(env)
	if p == "" {
		p = cached
	}
	if st, err := os.Stat(p); err != nil || st.IsDir() || st.Mode()&0o111 == 0 {
		msg := fmt.Sprintf("%s binary absent at %s (build it with %s, or set %s)", server, p, script, env)
		if os.Getenv(requireEnv) == "1" {
			t.Fatalf("%s (%s=1)", msg, requireEnv)
		}
		t.Skip(msg)
	}
	return p
}

// Models are the tiny test models, written by ../shared/tools/mkgguf.py.
type Models struct {
	Tiny string // greedy reply "The answer is \boxed{2}."
	Loop string // the reply repeated without end
}

var (
	modelsOnce sync.Once
	models     Models
	modelsErr  error
)

// TinyModels writes the two models once per process (into the scripts'
// cache when it already holds them, else a fresh temporary directory).
func TinyModels(t testing.TB) Models {
	t.Helper()
	dir := filepath.Join(ServersDir(), "models")
	if ok(filepath.Join(dir, "tiny.gguf")) && ok(filepath.Join(dir, "tiny-loop.gguf")) {
		return Models{Tiny: filepath.Join(dir, "tiny.gguf"), Loop: filepath.Join(dir, "tiny-loop.gguf")}
	}
	mk := testenv.Shared(t, "tools", "mkgguf.py")
	py, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv(requireEnv) == "1" {
			t.Fatalf("python3 absent: it writes the tiny models (%s=1)", requireEnv)
		}
		t.Skip("python3 absent: it writes the tiny models")
	}
	modelsOnce.Do(func() {
		var d string
		if d, modelsErr = os.MkdirTemp("", "matheval-tiny-"); modelsErr != nil {
			return
		}
		models = Models{Tiny: filepath.Join(d, "tiny.gguf"), Loop: filepath.Join(d, "tiny-loop.gguf")}
		for _, args := range [][]string{{mk, models.Tiny}, {mk, models.Loop, "--loop"}} {
			if out, err := exec.Command(py, args...).CombinedOutput(); err != nil {
				modelsErr = fmt.Errorf("%s: %v\n%s", strings.Join(args, " "), err, out)
				return
			}
		}
	})
	if modelsErr != nil {
		t.Fatal(modelsErr)
	}
	return models
}

func ok(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Size() > 0
}

// Server is a running server.
type Server struct {
	Name string
	Bin  string
	Host string // 127.0.0.1:PORT
	Log  string // the server's output
	cmd  *exec.Cmd
	done chan struct{}
	env  []string
}

// BaseURL is the server's OpenAI API root.
func (s *Server) BaseURL() string { return "http://" + s.Host + "/v1" }

// Stop ends the server and waits for it.
func (s *Server) Stop() {
	select {
	case <-s.done:
		return
	default:
	}
	// The whole group: ollama serve starts runner processes of its own.
	syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
	<-s.done
}

// freeHost returns 127.0.0.1:PORT with a port nobody listens on.
func freeHost(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// FreeHost returns an address nobody listens on (a dead port).
func FreeHost(t testing.TB) string { return freeHost(t) }

func start(t testing.TB, name, bin string, env []string, args ...string) *Server {
	t.Helper()
	s := &Server{Name: name, Bin: bin, Log: filepath.Join(t.TempDir(), name+".log"), done: make(chan struct{}), env: env}
	f, err := os.Create(s.Log)
	if err != nil {
		t.Fatal(err)
	}
	s.cmd = exec.Command(bin, args...)
	s.cmd.Env = append(os.Environ(), env...)
	s.cmd.Stdout, s.cmd.Stderr = f, f
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", name, err)
	}
	go func() {
		s.cmd.Wait()
		f.Close()
		close(s.done)
	}()
	t.Cleanup(s.Stop)
	return s
}

// waitReady polls url until it answers 200, the server exits (fatal, with
// the end of its log) or the test's context ends.
func (s *Server) waitReady(t testing.TB, url string) {
	t.Helper()
	ctx := t.Context()
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	for {
		req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		select {
		case <-s.done:
			t.Fatalf("%s exited before answering %s:\n%s", s.Name, url, s.LogTail())
		case <-ctx.Done():
			t.Fatalf("%s never answered %s: %v\n%s", s.Name, url, ctx.Err(), s.LogTail())
		case <-tick.C:
		}
	}
}

// LogTail is the last 2,000 bytes of the server's output.
func (s *Server) LogTail() string {
	b, _ := os.ReadFile(s.Log)
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}

// StartLlamaServer serves gguf with llama-server (its chat template through
// --jinja, a 2,048-token context) and waits until /health says ready.
func StartLlamaServer(t testing.TB, gguf string, extra ...string) *Server {
	t.Helper()
	bin := Binary(t, "llama-server")
	host := freeHost(t)
	h, port, _ := net.SplitHostPort(host)
	args := append([]string{"-m", gguf, "--host", h, "--port", port, "--jinja", "-c", "2048", "-np", "4"}, extra...)
	s := start(t, "llama-server", bin, nil, args...)
	s.Host = host
	s.waitReady(t, "http://"+host+"/health")
	return s
}

// StartOllama runs `ollama serve` with its own model store and creates each
// model from its Modelfile text (name -> text; FROM lines may name a gguf).
func StartOllama(t testing.TB, modelfiles map[string]string) *Server {
	t.Helper()
	bin := Binary(t, "ollama")
	host := freeHost(t)
	dir := t.TempDir()
	env := []string{"OLLAMA_HOST=" + host, "OLLAMA_MODELS=" + filepath.Join(dir, "models"), "HOME=" + dir,
		"OLLAMA_NOPRUNE=1", "OLLAMA_KEEP_ALIVE=1h"}
	s := start(t, "ollama", bin, env, "serve")
	s.Host = host
	s.waitReady(t, "http://"+host+"/api/version")
	for name, text := range modelfiles {
		mf := filepath.Join(dir, name+".Modelfile")
		if err := os.WriteFile(mf, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.CommandContext(t.Context(), bin, "create", name, "-f", mf)
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("ollama create %s: %v\n%s\n%s", name, err, out, s.LogTail())
		}
	}
	return s
}

// Post sends body (JSON) to the server's path and returns the status and
// the decoded answer (nil when it is not JSON; raw holds the bytes).
func (s *Server) Post(t testing.TB, path string, body any) (status int, answer map[string]any, raw []byte) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case string:
		rd = strings.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	return PostTo(t, "http://"+s.Host+path, rd)
}

// PostTo posts to any URL (a fake server's too).
func PostTo(t testing.TB, url string, body io.Reader) (int, map[string]any, []byte) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("POST %s: reading: %v", url, err)
	}
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		m = nil
	}
	return resp.StatusCode, m, raw
}
