package run_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/run"
)

// TestRequestCache: a --limit 10 run and then the whole 50-item benchmark
// (another run directory, the same cache) send 10 and then exactly 40
// requests; another temperature sends all 50 again; no cache sends all.
func TestRequestCache(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	b := &fakeBench{n: 50}
	cache := filepath.Join(t.TempDir(), "cache", "requests.jsonl")
	cfgFor := func(temp *float64, limit int, useCache bool) run.Config {
		seed := int64(100)
		be, err := model.New("openai:fake-model", model.Options{Bench: b, Concurrency: 4, BaseURLs: []string{srv.BaseURL()},
			Transport: srv.Transport(), Params: model.Params{Seed: &seed, Temperature: temp}})
		if err != nil {
			t.Fatal(err)
		}
		cfg := config(b, be, t.TempDir(), 1)
		cfg.Load.Limit = limit
		if useCache {
			cfg.Cache = cache
		}
		return cfg
	}
	step := func(name string, cfg run.Config, wantSent int64, wantCached int) {
		t.Helper()
		before := srv.Requests()
		rep, err := run.Run(context.Background(), cfg)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if sent := srv.Requests() - before; sent != wantSent || rep.Cached != wantCached {
			t.Errorf("%s: the server got %d requests, %d replies from the cache; want %d and %d", name, sent, rep.Cached, wantSent, wantCached)
		}
		checkCounts(t, rep.Dir, cfg.Load.Limit+50*btoi(cfg.Load.Limit == 0), 1)
	}
	zero, warm := 0.0, 0.7
	step("--limit 10", cfgFor(&zero, 10, true), 10, 0)
	full := cfgFor(&zero, 0, true)
	step("the whole benchmark", full, 40, 10)
	step("the same again, new directory", cfgFor(&zero, 0, true), 0, 50)
	step("another temperature", cfgFor(&warm, 0, true), 50, 0)
	step("no cache", cfgFor(&zero, 0, false), 50, 0)

	// Replies from the cache are the ones the server sent, and the run
	// directory has them in its own journal: resuming it sends nothing.
	before := srv.Requests()
	full.Cache = ""
	if _, err := run.Run(context.Background(), full); err != nil || srv.Requests() != before {
		t.Errorf("resuming a run made from the cache sent %d requests (%v)", srv.Requests()-before, err)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestCacheKillChild is the child of TestCacheSurvivesKill: a run with a
// request cache, killed by its parent. It does nothing in a normal run.
func TestCacheKillChild(t *testing.T) {
	url, dir, cache := os.Getenv("MATHEVAL_CACHE_URL"), os.Getenv("MATHEVAL_CACHE_DIR"), os.Getenv("MATHEVAL_CACHE_FILE")
	if url == "" {
		t.Skip("child process of TestCacheSurvivesKill only")
	}
	b := &fakeBench{n: 50}
	seed := int64(killSeed)
	be, err := model.New("openai:fake-model", model.Options{BaseURLs: []string{url}, Concurrency: 4, Params: model.Params{Seed: &seed}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := config(b, be, dir, 1)
	cfg.Cache = cache
	run.Run(context.Background(), cfg)
}

// TestCacheSurvivesKill kills (SIGKILL) a run while requests are in
// flight; a run in another directory then takes every reply the cache
// holds and sends only the rest, with the same results as a run that
// was never killed.
func TestCacheSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("re-executes the test binary")
	}
	srv := fakeserver.New()
	reached, release := make(chan struct{}), make(chan struct{})
	srv.Configure(func(s *fakeserver.Server) {
		s.Fault = func(n int64, _ *fakeserver.Request) fakeserver.Fault {
			if n == 25 { // the 25th request does not return until the end: the child is killed waiting for it
				close(reached)
				<-release
			}
			return fakeserver.None
		}
	})
	defer srv.Close()
	defer close(release)
	tmp := t.TempDir()
	cache := filepath.Join(tmp, "requests.jsonl")
	cmd := exec.Command(os.Args[0], "-test.run=^TestCacheKillChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "MATHEVAL_CACHE_URL="+srv.BaseURL(), "MATHEVAL_CACHE_DIR="+filepath.Join(tmp, "killed"), "MATHEVAL_CACHE_FILE="+cache)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	<-reached
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()

	// What the killed run left: whole records, each a reply.
	raw, err := os.ReadFile(cache)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, l := range bytes.Split(raw, []byte("\n")) {
		var e struct{ Key string }
		if json.Unmarshal(l, &e) == nil && e.Key != "" {
			keys[e.Key] = true
		}
	}
	if len(keys) == 0 || len(keys) >= 50 {
		t.Fatalf("the killed run cached %d replies, want some and not all\n%s", len(keys), out.String())
	}
	// A torn record (a writer killed mid-write) must not spoil the rest.
	f, _ := os.OpenFile(cache, os.O_WRONLY|os.O_APPEND, 0)
	f.Write([]byte(`{"key":"abc","id":"fake/`))
	f.Close()

	b := &fakeBench{n: 50}
	cfg := config(b, backend(t, "openai:fake-model", srv, b, 4), filepath.Join(tmp, "after"), 1)
	cfg.Cache = cache
	before := srv.Requests()
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sent := srv.Requests() - before; rep.Cached != len(keys) || sent != int64(50-len(keys)) {
		t.Errorf("after the kill: %d from the cache, %d sent; want %d and %d", rep.Cached, sent, len(keys), 50-len(keys))
	}
	if len(rep.Warnings) == 0 {
		t.Error("the torn record gave no warning")
	}
	ref := fakeserver.New()
	defer ref.Close()
	refCfg := config(b, backend(t, "openai:fake-model", ref, b, 4), filepath.Join(tmp, "ref"), 1)
	if _, err := run.Run(context.Background(), refCfg); err != nil {
		t.Fatal(err)
	}
	got, want := checkCounts(t, rep.Dir, 50, 1), checkCounts(t, refCfg.Dir, 50, 1)
	for i := range want {
		if got[i].Reply != want[i].Reply || got[i].Verdict.Kind != want[i].Verdict.Kind {
			t.Fatalf("sample %d: %q %s, want %q %s", i, got[i].Reply, got[i].Verdict.Kind, want[i].Reply, want[i].Verdict.Kind)
		}
	}
	// Records appended after the torn one are read back whole.
	again := config(b, backend(t, "openai:fake-model", srv, b, 4), filepath.Join(tmp, "again"), 1)
	again.Cache = cache
	rep2, err := run.Run(context.Background(), again)
	if err != nil || rep2.Cached != 50 {
		t.Errorf("a third run took %d replies from the cache, want 50 (%v)", rep2.Cached, err)
	}
}

// TestOtherConfigurationNamed: a run directory holding another
// configuration is refused with each setting that differs, not two hashes.
func TestOtherConfigurationNamed(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	b := &fakeBench{n: 5}
	dir := t.TempDir()
	mk := func(temp float64, limit int) run.Config {
		be, err := model.New("openai:fake-model", model.Options{Bench: b, BaseURLs: []string{srv.BaseURL()}, Transport: srv.Transport(),
			Params: model.Params{Temperature: &temp}})
		if err != nil {
			t.Fatal(err)
		}
		cfg := config(b, be, dir, 1)
		cfg.Load.Limit = limit
		cfg.Params = map[string]any{"temperature": fmt.Sprint(temp), "limit": fmt.Sprint(limit), "concurrency": "4"}
		return cfg
	}
	if _, err := run.Run(context.Background(), mk(0, 3)); err != nil {
		t.Fatal(err)
	}
	cfg := mk(0.7, 4)
	cfg.Params["concurrency"] = "8" // does not change the replies: not named
	_, err := run.Run(context.Background(), cfg)
	if !errors.Is(err, run.ErrConfig) || !strings.Contains(err.Error(), "--limit: 3 -> 4; --temperature: 0 -> 0.7)") ||
		strings.Contains(err.Error(), "concurrency") || strings.Contains(err.Error(), "hash") {
		t.Fatalf("got %v", err)
	}
}

// TestCacheKeyedByServer: two servers serving the same model name do not
// share replies; the same server again takes them all from the cache.
func TestCacheKeyedByServer(t *testing.T) {
	a, b2 := fakeserver.New(), fakeserver.New()
	defer a.Close()
	defer b2.Close()
	if a.BaseURL() == b2.BaseURL() {
		t.Fatalf("two fake servers at one URL %s", a.BaseURL())
	}
	b := &fakeBench{n: 8}
	cache := filepath.Join(t.TempDir(), "requests.jsonl")
	step := func(name string, srv *fakeserver.Server, wantCached int) {
		t.Helper()
		cfg := config(b, backend(t, "openai:fake-model", srv, b, 4), t.TempDir(), 1)
		cfg.Cache = cache
		before := srv.Requests()
		rep, err := run.Run(context.Background(), cfg)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if sent := srv.Requests() - before; rep.Cached != wantCached || sent != int64(8-wantCached) {
			t.Errorf("%s: %d from the cache, %d sent; want %d and %d", name, rep.Cached, sent, wantCached, 8-wantCached)
		}
	}
	step("server A", a, 0)
	step("server B, same model name", b2, 0)
	step("server A again", a, 8)
	step("server B again", b2, 8)
}

// writeCache fills a cache file with a run of n items against srv and
// returns its bytes.
func writeCache(t *testing.T, srv *fakeserver.Server, cache string, n int) []byte {
	t.Helper()
	b := &fakeBench{n: n}
	cfg := config(b, backend(t, "openai:fake-model", srv, b, 4), t.TempDir(), 1)
	cfg.Cache = cache
	if _, err := run.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(cache)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// cacheLines are the non-blank lines of a cache file.
func cacheLines(raw []byte) [][]byte {
	var out [][]byte
	for _, l := range bytes.Split(raw, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			out = append(out, l)
		}
	}
	return out
}

// TestCacheTruncatedLastRecord: a cache whose last record was cut (a
// writer killed mid-write, or a disk that filled) keeps every earlier
// record; the cut one is skipped with a warning and its request sent again.
func TestCacheTruncatedLastRecord(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	cache := filepath.Join(t.TempDir(), "requests.jsonl")
	raw := writeCache(t, srv, cache, 10)
	lines := cacheLines(raw)
	if len(lines) != 10 {
		t.Fatalf("%d records, want 10", len(lines))
	}
	last := lines[len(lines)-1]
	cut := bytes.TrimRight(raw, "\n")
	cut = cut[:len(cut)-len(last)/2]
	if err := os.WriteFile(cache, cut, 0o644); err != nil {
		t.Fatal(err)
	}
	b := &fakeBench{n: 10}
	cfg := config(b, backend(t, "openai:fake-model", srv, b, 4), t.TempDir(), 1)
	cfg.Cache = cache
	before := srv.Requests()
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sent := srv.Requests() - before; rep.Cached != 9 || sent != 1 {
		t.Errorf("%d from the cache, %d sent; want 9 and 1", rep.Cached, sent)
	}
	warned := false
	for _, w := range rep.Warnings {
		warned = warned || strings.Contains(w, "1 records that do not decode") && strings.Contains(w, "cache compact")
	}
	if !warned {
		t.Errorf("no warning names the cut record: %q", rep.Warnings)
	}
	checkCounts(t, rep.Dir, 10, 1)
}

// TestCompactCache: compaction keeps the first record of each key, byte
// for byte, drops duplicates and torn lines, and leaves a cache that
// serves every reply with no warning of bad records; it refuses while a run holds the
// file.
func TestCompactCache(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	cache := filepath.Join(t.TempDir(), "requests.jsonl")
	raw := writeCache(t, srv, cache, 10)
	first := cacheLines(raw)
	// Two runs that sent the same requests at once, and a torn line.
	f, err := os.OpenFile(cache, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(raw)
	f.Write([]byte(`{"key":"abc","id":"fake/`))
	f.Close()

	st, err := run.CompactCache(cache)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(cache)
	if st.Kept != 10 || st.Duplicates != 10 || st.Bad != 1 || st.After != int64(len(after)) || st.Before <= st.After {
		t.Errorf("compaction: %+v (file now %d bytes), want 10 kept, 10 duplicates, 1 bad", st, len(after))
	}
	got := cacheLines(after)
	if len(got) != len(first) {
		t.Fatalf("%d records after compaction, want %d", len(got), len(first))
	}
	for i := range got {
		if !bytes.Equal(got[i], first[i]) {
			t.Fatalf("record %d changed:\n%s\nwant\n%s", i, got[i], first[i])
		}
	}
	b := &fakeBench{n: 10}
	cfg := config(b, backend(t, "openai:fake-model", srv, b, 4), t.TempDir(), 1)
	cfg.Cache = cache
	before := srv.Requests()
	rep, err := run.Run(context.Background(), cfg)
	if err != nil || rep.Cached != 10 || srv.Requests() != before || strings.Contains(strings.Join(rep.Warnings, "\n"), "decode") {
		t.Errorf("after compaction: %d from the cache, %d sent, warnings %q (%v)", rep.Cached, srv.Requests()-before, rep.Warnings, err)
	}

	// A run in flight holds the cache: compaction refuses, and the run's
	// records all land in the file.
	reached, release := make(chan struct{}), make(chan struct{})
	srv.Configure(func(s *fakeserver.Server) {
		var once bool
		s.Fault = func(n int64, _ *fakeserver.Request) fakeserver.Fault {
			if !once {
				once = true
				close(reached)
				<-release
			}
			return fakeserver.None
		}
	})
	b20 := &fakeBench{n: 20}
	cfg = config(b20, backend(t, "openai:fake-model", srv, b20, 1), t.TempDir(), 1)
	cfg.Cache = cache
	done := make(chan error)
	go func() {
		_, err := run.Run(context.Background(), cfg)
		done <- err
	}()
	<-reached
	_, err = run.CompactCache(cache)
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !errors.Is(err, run.ErrCacheBusy) {
		t.Errorf("compaction during a run: %v, want ErrCacheBusy", err)
	}
	if st, err := run.CompactCache(cache); err != nil || st.Kept != 20 || st.Duplicates != 0 {
		t.Errorf("after the run: %+v (%v), want 20 records", st, err)
	}
}

// BenchmarkCompactCache: compacting a cache of 20,000 records of ~2 KB
// replies, half of them duplicates, and one torn line.
func BenchmarkCompactCache(b *testing.B) {
	dir := b.TempDir()
	src := filepath.Join(dir, "src.jsonl")
	var buf bytes.Buffer
	reply := strings.Repeat("Step by step, the sum is 2+3=5. ", 64) + `\boxed{5}`
	for i := range 20000 {
		k := i % 10000 // the second half repeats the first
		fmt.Fprintf(&buf, "\n{\"key\":\"%064x\",\"id\":\"fake/%d\",\"sample\":0,\"reply\":%q,\"usage\":{\"prompt_tokens\":90,\"completion_tokens\":600},\"latency_ms\":812.5}\n", k, k, reply)
	}
	buf.WriteString(`{"key":"abc","id":"fake/`)
	raw := buf.Bytes()
	if err := os.WriteFile(src, raw, 0o644); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(dir, "requests.jsonl")
	b.SetBytes(int64(len(raw)))
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if err := os.WriteFile(path, raw, 0o644); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		st, err := run.CompactCache(path)
		if err != nil || st.Kept != 10000 || st.Duplicates != 10000 || st.Bad != 1 {
			b.Fatalf("%+v %v", st, err)
		}
	}
}
