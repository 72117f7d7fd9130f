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
