package lean

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/matheval/matheval/formal/lean/leanfake"
)

// TestMain lets the test binary act as a FAKE Lean REPL (package
// leanfake; not Lean) when re-executed with leanfake.EnvVar set.
func TestMain(m *testing.M) {
	if os.Getenv(leanfake.EnvVar) != "" {
		leanfake.Main()
	}
	os.Exit(m.Run())
}

// fakeConfig starts this test binary as the fake REPL.
func fakeConfig(t *testing.T) Config {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Config{
		Command: "'" + exe + "'",
		Dir:     t.TempDir(),
		Env:     []string{leanfake.EnvVar + "=1"},
		Timeout: 2 * time.Second,
	}
}

const header = "import Mathlib\nimport Aesop\n\nset_option maxHeartbeats 400000\n\nopen BigOperators Real Nat\n\n"

var demo = Problem{
	Name:      "mathd_demo_p1",
	Statement: "theorem mathd_demo_p1 (x : ℕ) (h₀ : x = 2) :\n  x + 1 = 3 := by\n",
	Header:    header,
}

func newFake(t *testing.T, edit func(*Config)) *Checker {
	cfg := fakeConfig(t)
	if edit != nil {
		edit(&cfg)
	}
	r := New(cfg)
	t.Cleanup(r.Close)
	return NewChecker(r)
}

func mustCheck(t *testing.T, c *Checker, p Problem, cand string) Verdict {
	t.Helper()
	v, err := c.Check(p, cand)
	if err != nil {
		t.Fatalf("Check(%q): infrastructure error: %v", cand, err)
	}
	return v
}

func TestVerdicts(t *testing.T) {
	c := newFake(t, nil)
	full := "import Mathlib\n\n-- a proof\ntheorem mathd_demo_p1 (x : ℕ) (h₀ : x = 2) : x + 1 = 3 := by\n  subst h₀\n  rfl\n"
	cases := []struct {
		name, cand, stage string
	}{
		{"tactic block", "  subst h₀\n  rfl", ""},
		{"by block", "by\n  subst h₀; rfl", ""},
		{"term proof", ":= by subst h₀; rfl", ""},
		{"full text with header and comment", full, ""},
		{"lemma before", "theorem helper : 1 = 1 := rfl\n\n" + strings.TrimPrefix(full, "import Mathlib\n"), ""},
		{"error message", "  FAKE_ERROR", "lean"},
		{"sorry word", "  sorry", "forbidden"},
		{"sorry in comment only", "  -- no sorry here\n  rfl", ""},
		{"sorry reported by Lean", "  FAKE_SORRY", "sorry"},
		{"admit", "  admit", "forbidden"},
		{"native_decide", "  native_decide", "forbidden"},
		{"new axiom in text", "axiom cheat : False\n" + strings.TrimPrefix(full, "import Mathlib\n"), "forbidden"},
		{"non-standard axiom", "  FAKE_AXIOM", "axioms"},
		{"statement changed", strings.Replace(full, "x + 1 = 3", "x + 1 = 4", 1), "statement"},
		{"hypothesis added", strings.Replace(full, "(h₀ : x = 2)", "(h₀ : x = 2) (h₁ : False)", 1), "statement"},
		{"renamed theorem", strings.Replace(full, "mathd_demo_p1", "mathd_demo_p2", 1), "statement"},
		{"declared twice", full + "\n" + strings.TrimPrefix(full, "import Mathlib\n"), "statement"},
		{"meaning changed before the theorem", "theorem FAKE_SHADOW_helper : 1 = 1 := rfl\n" + strings.TrimPrefix(full, "import Mathlib\n"), "type"},
		{"foreign import", "import Foo.Bar\n" + full, "input"},
		{"notation", "notation \"three\" => 4\n" + strings.TrimPrefix(full, "import Mathlib\n"), "forbidden"},
	}
	for _, tc := range cases {
		v := mustCheck(t, c, demo, tc.cand)
		if tc.stage == "" && !v.OK {
			t.Errorf("%s: rejected (%s: %s), want accepted", tc.name, v.Stage, v.Reason)
		}
		if tc.stage != "" && (v.OK || v.Stage != tc.stage) {
			t.Errorf("%s: ok=%v stage=%q (%s), want rejected at %q", tc.name, v.OK, v.Stage, v.Reason, tc.stage)
		}
	}
	// One process for all of them, and the header run once.
	if n := c.REPL().Starts(); n != 1 {
		t.Errorf("REPL started %d times, want 1", n)
	}
}

func TestTimeoutRestarts(t *testing.T) {
	c := newFake(t, func(cfg *Config) { cfg.Timeout = 300 * time.Millisecond })
	if v := mustCheck(t, c, demo, "  rfl"); !v.OK {
		t.Fatalf("first candidate: %+v", v)
	}
	start := time.Now()
	v := mustCheck(t, c, demo, "  FAKE_HANG")
	if v.OK || v.Stage != "timeout" {
		t.Fatalf("hanging candidate: %+v", v)
	}
	if el := time.Since(start); el > 3*time.Second {
		t.Errorf("timeout took %s", el)
	}
	if v := mustCheck(t, c, demo, "  rfl"); !v.OK {
		t.Fatalf("candidate after the restart: %+v", v)
	}
	if n := c.REPL().Starts(); n != 2 {
		t.Errorf("REPL started %d times, want 2", n)
	}
}

func TestCrashAndMalformed(t *testing.T) {
	c := newFake(t, func(cfg *Config) { cfg.MaxOutput = 4096 })
	for _, tc := range []struct{ cand, stage, want string }{
		{"  FAKE_CRASH", "crash", "crashing as asked"},
		{"  FAKE_GARBAGE", "repl", "not the REPL's JSON"},
		{"  FAKE_BIG", "repl", "over 4096 bytes"},
	} {
		v := mustCheck(t, c, demo, tc.cand)
		if v.OK || v.Stage != tc.stage || !strings.Contains(v.Reason, tc.want) {
			t.Errorf("%s: %+v, want stage %s mentioning %q", tc.cand, v, tc.stage, tc.want)
		}
		if v := mustCheck(t, c, demo, "  rfl"); !v.OK {
			t.Errorf("after %s: %+v", tc.cand, v)
		}
	}
	if n := c.REPL().Starts(); n != 4 {
		t.Errorf("REPL started %d times, want 4", n)
	}
}

func TestStartFailure(t *testing.T) {
	c := newFake(t, func(cfg *Config) { cfg.Command = "/nonexistent/lean-repl --flag" })
	err := c.Start(header)
	if err == nil || !IsFailure(err, FailStart) || !strings.Contains(err.Error(), "/nonexistent/lean-repl --flag") {
		t.Fatalf("Start: %v, want a start failure naming the command", err)
	}
	if _, err := c.Check(demo, "  rfl"); err == nil || !IsFailure(err, FailStart) {
		t.Fatalf("Check with a REPL that cannot start: %v", err)
	}
	c = newFake(t, func(cfg *Config) { cfg.Dir = "/nonexistent/project" })
	if err := c.Start(header); err == nil || !strings.Contains(err.Error(), "/nonexistent/project") {
		t.Fatalf("missing project folder: %v", err)
	}
}

func TestBadHeader(t *testing.T) {
	c := newFake(t, nil)
	p := demo
	p.Header = "import FAKE_BAD_HEADER\n"
	if _, err := c.Check(p, "  rfl"); err == nil || !strings.Contains(err.Error(), "header does not compile") {
		t.Fatalf("bad header: %v", err)
	}
}

func TestInputLimit(t *testing.T) {
	c := newFake(t, func(cfg *Config) { cfg.MaxInput = 200 })
	v := mustCheck(t, c, demo, "  "+strings.Repeat("simp; ", 100))
	if v.OK || v.Stage != "input" {
		t.Fatalf("oversized candidate: %+v", v)
	}
	if n := c.REPL().Starts(); n != 0 {
		t.Errorf("an oversized candidate started the REPL")
	}
}

func TestAssemble(t *testing.T) {
	st := "theorem t (x : ℕ) : x = x := by\n"
	for cand, want := range map[string]string{
		"  rfl":                            "theorem t (x : ℕ) : x = x := by\n  rfl",
		"by rfl":                           "theorem t (x : ℕ) : x = x := by rfl",
		":= rfl":                           "theorem t (x : ℕ) : x = x := rfl",
		"theorem t (x : ℕ) : x = x := rfl": "theorem t (x : ℕ) : x = x := rfl",
		"byContra h":                       "theorem t (x : ℕ) : x = x := by\nbyContra h",
	} {
		got, err := Assemble("t", st, "import Mathlib\n", cand)
		if err != nil || Normalize(got) != Normalize(want) {
			t.Errorf("Assemble(%q) = %q, %v; want %q", cand, got, err, want)
		}
	}
	if _, err := Assemble("t", st, "import Mathlib\n", "import Std\ntheorem t (x : ℕ) : x = x := rfl"); err == nil {
		t.Error("an import the header lacks was accepted")
	}
}

func TestStripCommentsAndForbidden(t *testing.T) {
	src := "/- sorry /- nested admit -/ still -/ theorem x -- axiom here\n  \"sorry in a string\"\n"
	got := StripComments(src)
	if strings.Contains(got, "admit") || strings.Contains(got, "axiom") || !strings.Contains(got, "\"sorry in a string\"") {
		t.Fatalf("StripComments = %q", got)
	}
	if err := CheckForbidden(src); err != nil {
		t.Errorf("words in comments and strings flagged: %v", err)
	}
	for _, bad := range []string{"  exact sorry", "  native_decide", "set_option debug.skipKernelTC true in\n", "#eval 1", "local notation \"x\" => 1"} {
		if err := CheckForbidden(bad); err == nil {
			t.Errorf("%q not flagged", bad)
		}
	}
	for _, ok := range []string{"  exact inferInstance", "  simp [Nat.sorry_free]", "  nlinarith [sq_nonneg (x - 1)]"} {
		if err := CheckForbidden(ok); err != nil {
			t.Errorf("%q flagged: %v", ok, err)
		}
	}
}

func TestParseAxioms(t *testing.T) {
	ax, ok := ParseAxioms("'t' depends on axioms: [propext, Classical.choice, Quot.sound]")
	if !ok || len(ax) != 3 || ax[1] != "Classical.choice" {
		t.Fatalf("got %v %v", ax, ok)
	}
	if ax, ok := ParseAxioms("'t' does not depend on any axioms"); !ok || len(ax) != 0 {
		t.Fatalf("got %v %v", ax, ok)
	}
	if _, ok := ParseAxioms("unknown constant"); ok {
		t.Fatal("nonsense parsed")
	}
}

func TestGroupRSS(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	if groupRSS(syscall.Getpgrp()) <= 0 {
		t.Fatal("the test's own process group has no resident memory")
	}
}

func TestMemoryLimit(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	c := newFake(t, func(cfg *Config) { cfg.MaxMemoryMB = 96; cfg.Timeout = 20 * time.Second })
	start := time.Now()
	v := mustCheck(t, c, demo, "  FAKE_MEMORY")
	if v.OK || v.Stage != "memory" {
		t.Fatalf("memory hog: %+v", v)
	}
	if el := time.Since(start); el > 15*time.Second {
		t.Errorf("memory limit took %s to act", el)
	}
	if v := mustCheck(t, c, demo, "  rfl"); !v.OK {
		t.Fatalf("after the memory kill: %+v", v)
	}
}

// BenchmarkCheckFake measures the driver's own cost per candidate (JSON,
// pipes, the text checks and the two REPL round trips) against the fake
// REPL, which does no work: Lean's time comes on top.
func BenchmarkCheckFake(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	r := New(Config{Command: "'" + exe + "'", Env: []string{leanfake.EnvVar + "=1"}})
	defer r.Close()
	c := NewChecker(r)
	if v, err := c.Check(demo, "  rfl"); err != nil || !v.OK {
		b.Fatal(v, err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if v, err := c.Check(demo, "  subst h₀\n  rfl"); err != nil || !v.OK {
			b.Fatal(v, err)
		}
	}
}

// TestFakeProtocol pins the fake REPL to the real one's protocol (see
// package leanfake): answers separated by blank lines, "#" and "--" queries
// skipped without an answer, an unknown env answered with a message, and a
// query that is not JSON ending the process with "uncaught exception".
func TestFakeProtocol(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), leanfake.EnvVar+"=1")
	cmd.Stdin = strings.NewReader("{\"cmd\": \"theorem t : True := trivial\"}\n\n# a comment\n\n" +
		"{\"cmd\": \"example : True := sorry\", \"env\": 0}\n\n{\"cmd\": \"x\", \"env\": 99}\n\nnot json\n\n{\"cmd\": \"never\"}\n\n")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.HasPrefix(stderr.String(), "uncaught exception: {\"message\":\"Could not parse JSON") {
		t.Fatalf("bad JSON: err %v, stderr %q", err, stderr.String())
	}
	var answers []map[string]any
	for _, block := range strings.Split(strings.TrimSpace(stdout.String()), "\n\n") {
		var a map[string]any
		if err := json.Unmarshal([]byte(block), &a); err != nil {
			t.Fatalf("answer %q: %v", block, err)
		}
		answers = append(answers, a)
	}
	if len(answers) != 3 {
		t.Fatalf("%d answers, want 3 (the comment gets none, nothing after the bad JSON): %s", len(answers), stdout.String())
	}
	if answers[0]["env"] != 0.0 || answers[2]["message"] != "Unknown environment." {
		t.Fatalf("answers %v", answers)
	}
	sorries, _ := answers[1]["sorries"].([]any)
	if len(sorries) != 1 {
		t.Fatalf("sorry answer %v", answers[1])
	}
	s := sorries[0].(map[string]any)
	if _, ok := s["proofState"]; !ok || s["goal"] == nil {
		t.Fatalf("sorry %v lacks goal or proofState", s)
	}
}
