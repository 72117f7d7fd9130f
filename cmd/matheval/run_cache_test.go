package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/model/fakeserver"
)

// TestRunCacheCLI: the request cache beside the run directories, from the
// command line: --limit 3, then --limit 5 in another directory sends 2;
// --no-cache sends all 5; --cache FILE moves it; the key is never in it;
// 'cache compact' drops duplicates and a torn line, and the cache still
// serves every reply.
func TestRunCacheCLI(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	t.Setenv("MY_KEY", "sk-test-secret-456")
	root := t.TempDir()
	runWith := func(limit string, extra ...string) string {
		t.Helper()
		args := append([]string{"run", "math401", "--model", "openai:fake-model", "--base-url", srv.BaseURL(), "--api-key-env", "MY_KEY",
			"--limit", limit, "--out", filepath.Join(root, "run-"+limit+strings.Join(extra, "")), "--progress", "off"}, extra...)
		code, out := cli(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, out)
		}
		return out
	}
	step := func(name string, want int64, limit string, extra ...string) string {
		t.Helper()
		before := srv.Requests()
		out := runWith(limit, extra...)
		if got := srv.Requests() - before; got != want {
			t.Errorf("%s: %d requests, want %d\n%s", name, got, want, out)
		}
		return out
	}
	step("--limit 3", 3, "3")
	out := step("--limit 5", 2, "5")
	if !strings.Contains(out, "\ntook 3 samples from the request cache; sent 2 requests\n") {
		t.Errorf("--limit 5 does not say what came from the cache:\n%s", out)
	}
	// Said at the start and in the last lines, once each: not a third
	// time as a warning, nor as "resumed 0 samples from the journal".
	if n := strings.Count(out, "from the request cache"); n != 2 || strings.Contains(out, "resumed 0") {
		t.Errorf("--limit 5 names the request cache %d times, want 2 (the start, the end):\n%s", n, out)
	}
	step("--no-cache", 5, "5", "--no-cache")
	other := filepath.Join(t.TempDir(), "c.jsonl")
	step("--cache FILE (empty)", 5, "5", "--cache", other)
	step("--cache FILE again", 0, "4", "--cache", other)
	b, err := os.ReadFile(filepath.Join(root, cacheFileName))
	if err != nil || bytes.Count(b, []byte(`"key"`)) != 5 {
		t.Fatalf("cache beside the runs: %d records (%v)", bytes.Count(b, []byte(`"key"`)), err)
	}
	if bytes.Contains(b, []byte("sk-test-secret")) {
		t.Error("the cache holds the API key")
	}
	if code, out := cli(t, "run", "math401", "--model", "builtin:gold", "--cache", other, "--no-cache"); code != 2 {
		t.Errorf("--cache with --no-cache: exit %d\n%s", code, out)
	}

	raw, err := os.ReadFile(other)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(other, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(raw)
	f.Write([]byte(`{"key":"0123`))
	f.Close()
	code, out := cli(t, "cache", "compact", other)
	if code != 0 || !strings.Contains(out, ": 5 replies kept; 5 duplicates and 1 torn or undecodable lines dropped;") {
		t.Errorf("cache compact: exit %d\n%s", code, out)
	}
	if out := step("--cache FILE after compaction", 0, "5", "--cache", other); strings.Contains(out, "do not decode") {
		t.Errorf("a warning after compaction:\n%s", out)
	}
	if code, out := cli(t, "cache", "compact", filepath.Join(root, "none.jsonl")); code != 1 || !strings.Contains(out, "no such file") {
		t.Errorf("cache compact of no file: exit %d\n%s", code, out)
	}
}
