package hollight

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/formal/hollight/holfake"
)

func TestMain(m *testing.M) {
	if os.Getenv(holfake.EnvVar) != "" {
		holfake.Main()
	}
	os.Exit(m.Run())
}

// fakeConfig runs this test binary as a FAKE HOL Light (package holfake).
func fakeConfig(t *testing.T, env ...string) Config {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Config{
		Command: []string{exe, "-test.run=^$"},
		Env:     append([]string{holfake.EnvVar + "=1"}, env...),
		Grace:   300 * time.Millisecond, StartTimeout: 20 * time.Second,
	}
}

func startFake(t *testing.T, env ...string) *Session {
	t.Helper()
	s, err := Start(context.Background(), fakeConfig(t, env...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func mustParse(t *testing.T, src string) *Tactic {
	t.Helper()
	tac, err := ParseTactic(src)
	if err != nil {
		t.Fatal(err)
	}
	return tac
}

func TestSessionVerdicts(t *testing.T) {
	s := startFake(t)
	if s.Axioms != 3 {
		t.Fatalf("axioms %d", s.Axioms)
	}
	goal := "1 + 1 = 2 FAKE_BY_ARITH_TAC"
	cases := []struct {
		tactic, stage, reason string
	}{
		{"ARITH_TAC", "", ""},
		{"prove(`1 + 1 = 2 FAKE_BY_ARITH_TAC`, ARITH_TAC)", "", ""},
		{"REAL_ARITH_TAC", "failure", "the tactic failed: the fake says no"},
		{"CHEAT_TAC", "axiom", "axioms() grew from 3 to 4"},
		{"ACCEPT_TAC(ASSUME `1 + 1 = 2`)", "hyps", "hypotheses"},
		{"prove(`1 + 1 = 3`, ARITH_TAC)", "stated_goal", "another goal than the official statement: 1 + 1 = 3"},
		{"FAKE_TYPE_ERROR", "ocaml", "OCaml refused the tactic: Error: This expression has type thm but an expression was expected of type tactic"},
		{"REPEAT ALL_TAC", "timeout", "timed out after 1 s"},
	}
	for _, c := range cases {
		v := s.Check(context.Background(), goal, mustParse(t, c.tactic), time.Second)
		if v.OK != (c.stage == "") || v.Stage != c.stage || !strings.Contains(v.Reason, c.reason) {
			t.Errorf("%s: got %+v, want stage %q reason %q", c.tactic, v, c.stage, c.reason)
		}
	}
	if !s.Alive() {
		t.Fatal("session died")
	}
	// Steps are counted on accepted proofs too.
	if v := s.Check(context.Background(), goal, mustParse(t, "GEN_TAC THEN ARITH_TAC"), time.Second); !v.OK || v.Steps != 2 {
		t.Fatalf("%+v", v)
	}
}

func TestSessionValidate(t *testing.T) {
	s := startFake(t)
	for goal, want := range map[string]Validation{
		"1 + 1 = 2":     {OK: true},
		"x FAKE_FREE":   {Problem: "free", Detail: "x y", Free: []string{"x", "y"}},
		"x FAKE_PARSE":  {Problem: "parse", Detail: "term after binary operator expected"},
		"1 + FAKE_TYPE": {Problem: "type", Detail: "num"},
	} {
		got, err := s.Validate(context.Background(), goal)
		if err != nil {
			t.Fatal(err)
		}
		if got.OK != want.OK || got.Problem != want.Problem || got.Detail != want.Detail || strings.Join(got.Free, ",") != strings.Join(want.Free, ",") {
			t.Errorf("%s: got %+v want %+v", goal, got, want)
		}
	}
}

// A check that never answers is stopped by the driver's own watchdog: the
// session is killed and says so.
func TestSessionHangKilled(t *testing.T) {
	s := startFake(t)
	v := s.Check(context.Background(), "g", mustParse(t, "FAKE_HANG"), time.Second)
	if v.OK || v.Stage != "timeout" || !strings.Contains(v.Reason, "no answer within 1.3s") {
		t.Fatalf("%+v", v)
	}
	if s.Alive() {
		t.Fatal("a hung session must be killed")
	}
}

func TestSessionCrash(t *testing.T) {
	s := startFake(t)
	v := s.Check(context.Background(), "g", mustParse(t, "FAKE_CRASH"), time.Second)
	if v.OK || v.Stage != "crash" || !strings.Contains(v.Reason, "exit status 3") || !strings.Contains(v.Reason, "Out_of_memory") {
		t.Fatalf("%+v", v)
	}
}

func TestStartFailures(t *testing.T) {
	_, err := Start(context.Background(), fakeConfig(t, "MATHEVAL_FAKE_HOL_START=fail"))
	if err == nil || !strings.Contains(err.Error(), "exited while loading") || !strings.Contains(err.Error(), "apt-get install libnum-ocaml-dev") {
		t.Fatalf("got %v", err)
	}
	cfg := fakeConfig(t)
	cfg.Libraries = []string{"Library/missing.ml"}
	_, err = Start(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "could not load a library: Error in included file Library/missing.ml") {
		t.Fatalf("got %v", err)
	}
	err = Prerequisites(Config{Dir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "apt-get install hol-light libnum-ocaml-dev") {
		t.Fatalf("got %v", err)
	}
}

// The pool replaces a session that crashed and goes on checking.
func TestPoolRestarts(t *testing.T) {
	p := NewPool(fakeConfig(t), 1)
	defer p.Close()
	if err := p.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if v := p.Check(ctx, "g FAKE_BY_ARITH_TAC", "ARITH_TAC", time.Second); !v.OK {
		t.Fatalf("%+v", v)
	}
	if v := p.Check(ctx, "g", "FAKE_CRASH", time.Second); v.Stage != "crash" {
		t.Fatalf("%+v", v)
	}
	if v := p.Check(ctx, "g FAKE_BY_ARITH_TAC", "ARITH_TAC", time.Second); !v.OK {
		t.Fatalf("after the crash: %+v", v)
	}
	if v := p.Check(ctx, "g", "Obj.magic", time.Second); v.Stage != "parse" || !strings.Contains(v.Reason, "module paths") {
		t.Fatalf("%+v", v)
	}
	st := p.Stats()
	if st.Restarts != 1 || len(st.LoadTimes) != 2 || !strings.Contains(st.Sandbox, "test command") {
		t.Fatalf("%+v", st)
	}
	vs, err := p.Validate(ctx, []string{"a", "b FAKE_FREE"})
	if err != nil || !vs[0].OK || vs[1].Problem != "free" {
		t.Fatalf("%v %+v", err, vs)
	}
}

// Closing a pool stops a start in progress (a core load takes minutes; an
// interrupted run must not wait for it).
func TestPoolCloseStopsStart(t *testing.T) {
	cfg := fakeConfig(t, "MATHEVAL_FAKE_HOL_START=hang")
	cfg.StartTimeout = time.Hour
	p := NewPool(cfg, 1)
	done := make(chan error, 1)
	go func() { done <- p.Start(context.Background()) }()
	p.Close()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("a start stopped by Close succeeded")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Close did not stop the start")
	}
}

// fakeCore writes a HOL Light folder whose hol.ml loads three core files,
// and returns it with the folder where a test acknowledges each file the
// FAKE toplevel (MATHEVAL_FAKE_HOL_START=slow) holds open.
func fakeCore(t *testing.T) (dir, ack string) {
	t.Helper()
	dir, ack = t.TempDir(), t.TempDir()
	hol := "(* fake core *)\nloads \"system.ml\";;     (* comment *)\nloads \"nets.ml\";;\nloads \"meson.ml\";;\n"
	if err := os.WriteFile(filepath.Join(dir, "hol.ml"), []byte(hol), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"system.ml", "nets.ml", "meson.ml"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("let x = 1;;\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, ack
}

// A start reports its progress while the core loads: each core file in
// turn, with its place in hol.ml's list and the time so far (issue 32 item
// 12). The fake holds each file open until the test has seen it.
func TestStartProgress(t *testing.T) {
	dir, ack := fakeCore(t)
	cfg := fakeConfig(t, "MATHEVAL_FAKE_HOL_START=slow", "MATHEVAL_FAKE_HOL_ACK="+ack)
	cfg.Dir, cfg.ProgressEvery = dir, 5*time.Millisecond
	var seen []StartProgress
	cfg.Progress = func(p StartProgress) {
		if p.File != "" && (len(seen) == 0 || seen[len(seen)-1].File != p.File) {
			seen = append(seen, p)
		}
		if p.File != "" {
			if err := os.WriteFile(filepath.Join(ack, p.File), nil, 0o644); err != nil {
				t.Error(err)
			}
		}
	}
	s, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var got []string
	for i, p := range seen {
		got = append(got, p.String())
		if i > 0 && p.Elapsed < seen[i-1].Elapsed {
			t.Errorf("elapsed goes back: %v", got)
		}
	}
	want := []string{"loading the core: system.ml (file 1 of 3)", "loading the core: nets.ml (file 2 of 3)", "loading the core: meson.ml (file 3 of 3)"}
	if len(got) != len(want) {
		t.Fatalf("progress %q, want the three core files in order", got)
	}
	for i := range want {
		if !strings.HasSuffix(got[i], want[i]) {
			t.Errorf("progress %d: %q, want ...%q", i, got[i], want[i])
		}
	}
}

// Ctrl-C during the load ends the start with a clean message saying how
// far it got, no "context canceled" (issue 32 item 12), and the error is
// still the context's.
func TestStartInterrupted(t *testing.T) {
	dir, ack := fakeCore(t)
	cfg := fakeConfig(t, "MATHEVAL_FAKE_HOL_START=slow", "MATHEVAL_FAKE_HOL_ACK="+ack)
	cfg.Dir, cfg.ProgressEvery = dir, 5*time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg.Progress = func(p StartProgress) {
		switch p.File {
		case "system.ml":
			os.WriteFile(filepath.Join(ack, p.File), nil, 0o644)
		case "nets.ml": // the user presses Ctrl-C here
			cancel()
		}
	}
	s, err := Start(ctx, cfg)
	if err == nil {
		s.Close()
		t.Fatal("the start went on after the interrupt")
	}
	var si *StartInterrupted
	if !errors.As(err, &si) || !errors.Is(err, context.Canceled) {
		t.Fatalf("error %T %v, want a StartInterrupted wrapping context.Canceled", err, err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "interrupted while HOL Light was loading (") || !strings.Contains(msg, "nets.ml (file 2 of 3)") ||
		strings.Contains(msg, "context canceled") {
		t.Errorf("message %q", msg)
	}
}
