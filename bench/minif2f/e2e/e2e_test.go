package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"

	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/minif2f"
	"github.com/matheval/matheval/formal/hollight"
	"github.com/matheval/matheval/formal/hollight/holfake"
	"github.com/matheval/matheval/formal/lean"
	"github.com/matheval/matheval/formal/lean/leanfake"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/run"
	"github.com/matheval/matheval/rundir"
)

// TestMain lets the test binary act as a FAKE HOL Light toplevel (package
// holfake) or a FAKE Lean REPL (package leanfake) when re-executed with
// their variable set. Neither is the real thing.
func TestMain(m *testing.M) {
	if os.Getenv(holfake.EnvVar) != "" {
		holfake.Main()
	}
	if os.Getenv(leanfake.EnvVar) != "" {
		leanfake.Main()
	}
	code := m.Run()
	if realHOL.b != nil {
		realHOL.b.Close() // the shared HOL Light session
	}
	os.Exit(code)
}

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// replayFile writes replay records {"id", "sample", "reply"}.
func replayFile(t *testing.T, recs []model.ReplayRecord) string {
	t.Helper()
	var b strings.Builder
	for _, r := range recs {
		line, _ := json.Marshal(r)
		b.Write(append(line, '\n'))
	}
	p := filepath.Join(t.TempDir(), "replay.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// runBench runs spec on b over the data at path.
func runBench(t *testing.T, b bench.Benchmark, path, spec string, samples int, load bench.LoadOptions) (run.Report, []rundir.SampleRecord) {
	t.Helper()
	backend, err := model.New(spec, model.Options{Bench: b})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := run.Run(context.Background(), run.Config{Bench: b, DataPath: path, Load: load, Backend: backend,
		Samples: samples, Concurrency: 2, Dir: filepath.Join(t.TempDir(), "run")})
	if err != nil {
		t.Fatal(err)
	}
	recs, err := rundir.ReadSamples(rep.Dir)
	if err != nil {
		t.Fatal(err)
	}
	return rep, recs
}

func table(t *testing.T, s bench.Summary, name string) bench.Table {
	t.Helper()
	for _, tb := range s.Tables {
		if tb.Name == name {
			return tb
		}
	}
	t.Fatalf("no table %s in %+v", name, s.Tables)
	return bench.Table{}
}

// group returns a breakdown group's estimate of a metric.
func group(t *testing.T, s bench.Summary, breakdown, key, metric string) bench.Estimate {
	t.Helper()
	bd, ok := s.Breakdown(breakdown)
	if !ok {
		t.Fatalf("no breakdown %s", breakdown)
	}
	for _, g := range bd.Groups {
		if g.Key == key {
			return g.Values[metric]
		}
	}
	t.Fatalf("breakdown %s has no group %q", breakdown, key)
	return bench.Estimate{}
}

func row(t *testing.T, tb bench.Table, label string) []string {
	t.Helper()
	for _, r := range tb.Rows {
		if r[0] == label {
			return r
		}
	}
	t.Fatalf("table %s has no row %q: %v", tb.Name, label, tb.Rows)
	return nil
}

// A miniF2F-shaped Metamath problem set on a small base (package
// minif2f's testdata), with replies in each form a model may give.
func TestMetamathRunReplyForms(t *testing.T) {
	base, err := filepath.Abs("../testdata/base.mm")
	if err != nil {
		t.Fatal(err)
	}
	stmt := "$( @{\n  mathd-algebra-7.0 @e |- P $@\n  mathd-algebra-7.1 @e |- ( P -> Q ) $@\n  mathd-algebra-7 @p |- Q @= ? @.\n@} $)\n"
	data := writeFiles(t, map[string]string{
		"metamath/valid/mathd-algebra-7.mm": stmt,
		"metamath/test/mathd-algebra-7.mm":  stmt,
		"informal/valid/mathd_algebra_7.json": `{"problem_name": "mathd_algebra_7", "informal_statement": "From P and P implies Q, show Q.",
			"informal_proof": "Modus ponens."}`,
	})
	full := "${\n mathd-algebra-7.0 $e |- P $.\n mathd-algebra-7.1 $e |- ( P -> Q ) $.\n mathd-algebra-7 $p |- Q $= wp wq mathd-algebra-7.0 mathd-algebra-7.1 mp $.\n$}\n"
	recs := []model.ReplayRecord{
		// valid: a fenced full theorem (right), a bare "$= ... $." (right)
		{ID: "valid/mathd-algebra-7", Sample: 0, Reply: "Here it is:\n```metamath\n" + full + "```\nDone."},
		{ID: "valid/mathd-algebra-7", Sample: 1, Reply: "$= wp wq mathd-algebra-7.0 mathd-algebra-7.1 mp $."},
		// test: prose only (no answer), a wrong proof, cut by the limit
		{ID: "test/mathd-algebra-7", Sample: 0, Reply: "I think modus ponens does it."},
		{ID: "test/mathd-algebra-7", Sample: 1, Reply: "```mm\n$= wq wp mathd-algebra-7.0 mathd-algebra-7.1 mp $.\n```"},
	}
	b := minif2f.New(minif2f.Options{Track: minif2f.TrackMetamath, SetMM: base})
	defer b.Close()
	rep, samples := runBench(t, b, data, "replay:"+replayFile(t, recs), 2, bench.LoadOptions{})
	kinds := map[string]answer.Kind{}
	for _, s := range samples {
		kinds[fmt.Sprintf("%s#%d", s.Item.ID, s.Index)] = s.Verdict.Kind
	}
	want := map[string]answer.Kind{"valid/mathd-algebra-7#0": answer.Correct, "valid/mathd-algebra-7#1": answer.Correct,
		"test/mathd-algebra-7#0": answer.NoAnswer, "test/mathd-algebra-7#1": answer.Wrong}
	for k, w := range want {
		if kinds[k] != w {
			t.Errorf("%s: %s, want %s", k, kinds[k], w)
		}
	}
	sum := rep.Results.Summary
	// valid: 2 of 2 right; test: 0 of 2. proved (pass@1) = (1 + 0)/2,
	// pass@2 = 1/2; both accepted proofs have 5 steps.
	if sum.Value("proved") != 0.5 || sum.Value("pass@2") != 0.5 || sum.Value("proof_length") != 5 || sum.Value("data_errors") != 0 {
		t.Errorf("metrics %+v", sum.Metrics)
	}
	if v := group(t, sum, "by_split", "valid", "proved"); v.Value != 1 || v.N != 1 {
		t.Errorf("valid %+v", v)
	}
	if v := group(t, sum, "by_source", minif2f.SourceMATHAlgebra, "proved"); v.Value != 0.5 || v.N != 2 {
		t.Errorf("MATH algebra %+v", v)
	}
	if r := row(t, table(t, sum, "pass_at_k"), "split valid"); r[3] != "100.0" || r[4] != "100.0" {
		t.Errorf("pass@k row %v", r)
	}
	// The informal statement reaches the prompt; the test split has none.
	for _, s := range samples {
		has := strings.Contains(s.Prompt.Text, "From P and P implies Q")
		if has != (s.Item.Meta["split"] == "valid") {
			t.Errorf("%s: informal statement in prompt: %v", s.Item.ID, has)
		}
	}
}

// fakeHOL configures the benchmark's HOL Light as the FAKE toplevel.
func fakeHOL(t *testing.T) hollight.Config {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return hollight.Config{Command: []string{exe, "-test.run=^$"}, Env: []string{holfake.EnvVar + "=1"},
		Grace: 500 * time.Millisecond, StartTimeout: 30 * time.Second, Libraries: []string{}}
}

var holFiles = map[string]string{
	"hollight/valid/mathd-algebra-1.ml":   "let mathd-algebra-1 = `1 + 1 = 2 FAKE_BY_ARITH_TAC`;;\n",
	"hollight/valid/amc12-2000-p1.ml":     "let amc12-2000-p1 = `&1 + &1 = &2 FAKE_BY_REAL_ARITH_TAC`;;\n",
	"hollight/valid/imo-1959-p1.ml":       "let imo-1959-p1 = `!n. hard n`;;\n",
	"hollight/valid/induction-free.ml":    "let induction-free = `x FAKE_FREE`;;\n",
	"hollight/valid/induction-sum-odd.ml": "let induction-sum-odd = `!n:num. nsum(0..(n-1)) (\\k. 2 * k + 1) = n EXP 2`;;\n",
	"hollight/test/aime-1983-p1.ml":       "let aime-1983-p1 = `!x. P x ==> P x FAKE_BY_MESON_TAC`;;\n",
	"hollight/test/numbertheory-bad.ml":   "let numbertheory-bad = `y FAKE_PARSE`;;\n",
}

// The search baseline on the FAKE HOL Light: each statement gets the
// first decision procedure that proves it; statements that do not parse,
// are not closed or are known to be false are data errors, left out of
// pass@1 and listed.
func TestHOLDecideBaselineFake(t *testing.T) {
	data := writeFiles(t, holFiles)
	b := minif2f.New(minif2f.Options{Track: minif2f.TrackHOL, HOL: fakeHOL(t), Jobs: 1, ProofTimeout: time.Second})
	defer b.Close()
	rep, samples := runBench(t, b, data, "builtin:decide", 1, bench.LoadOptions{})
	got := map[string]string{}
	for _, s := range samples {
		got[s.Item.ID] = string(s.Verdict.Kind) + " " + s.Reply
	}
	for id, want := range map[string]string{
		"valid/mathd-algebra-1":   "correct ```ocaml\nARITH_TAC",
		"valid/amc12-2000-p1":     "correct ```ocaml\nREAL_ARITH_TAC",
		"test/aime-1983-p1":       "correct ```ocaml\nMESON_TAC[]",
		"valid/imo-1959-p1":       "no_answer (* no decision procedure proved the goal: ARITH_TAC: failure;",
		"valid/induction-free":    "undecided",
		"valid/induction-sum-odd": "undecided",
		"test/numbertheory-bad":   "undecided",
	} {
		if !strings.HasPrefix(got[id], want) {
			t.Errorf("%s: %q, want %q", id, got[id], want)
		}
	}
	sum := rep.Results.Summary
	if sum.Value("proved") != 0.75 || sum.Value("data_errors") != 3 || sum.Value("proof_length") != 1 {
		t.Errorf("metrics %+v", sum.Metrics)
	}
	if v := group(t, sum, "by_source", minif2f.SourceIMO, "proved"); v.N != 1 || v.Value != 0 {
		t.Errorf("IMO %+v", v)
	}
	if bd, _ := sum.Breakdown("by_source"); len(bd.Groups) != 4 {
		t.Errorf("sources %+v: induction and custom number theory have only data errors and no group", bd.Groups)
	}
	errs := table(t, rep.Results.Summary, "data_errors")
	if len(errs.Rows) != 3 || !strings.Contains(fmt.Sprint(errs.Rows), "free variables x, y") ||
		!strings.Contains(fmt.Sprint(errs.Rows), "0-1 = 0") || !strings.Contains(fmt.Sprint(errs.Rows), "does not parse") {
		t.Errorf("data errors %v", errs.Rows)
	}
	if !strings.Contains(b.GraderVersion(), "sandbox: none (test command)") {
		t.Errorf("grader version %q", b.GraderVersion())
	}
}

// hostileHOL are candidates that must never be accepted, with the reason
// each must get. The goal of the problem they are replayed on is provable
// by ARITH_TAC (in the fake: FAKE_BY_ARITH_TAC; for real: 1 + 1 = 2).
var hostileHOL = []struct{ reply, reason string }{
	{"```ocaml\nCHEAT_TAC\n```", "axiom: the proof added an axiom"},
	{"```ocaml\nACCEPT_TAC(new_axiom `1 + 1 = 2`)\n```", "new_axiom is not allowed in a proof"},
	{"```ocaml\nlet th = prove(`2 + 2 = 4`, ARITH_TAC);;\n```", "stated_goal: the candidate proves another goal"},
	{"```ocaml\nACCEPT_TAC (Obj.magic 0)\n```", "module paths (Obj.)"},
	{"```ocaml\nREPEAT ALL_TAC\n```", ""},
	{"```ocaml\nACCEPT_TAC(ASSUME `1 + 1 = 2`)\n```", "hyps"},
	{"```ocaml\nARITH_TAC; Sys.command \"touch /tmp/pwned\"\n```", "module paths (Sys.)"},
}

func TestHOLHostileReplayFake(t *testing.T) {
	data := writeFiles(t, map[string]string{"hollight/valid/mathd-algebra-1.ml": holFiles["hollight/valid/mathd-algebra-1.ml"]})
	var recs []model.ReplayRecord
	for i, h := range hostileHOL {
		recs = append(recs, model.ReplayRecord{ID: "valid/mathd-algebra-1", Sample: i, Reply: h.reply})
	}
	recs = append(recs, model.ReplayRecord{ID: "valid/mathd-algebra-1", Sample: len(hostileHOL), Reply: "```ocaml\nFAKE_HANG\n```"})
	b := minif2f.New(minif2f.Options{Track: minif2f.TrackHOL, HOL: fakeHOL(t), Jobs: 1, ProofTimeout: time.Second})
	defer b.Close()
	rep, samples := runBench(t, b, data, "replay:"+replayFile(t, recs), len(recs), bench.LoadOptions{})
	if rep.Results.Counts[answer.Correct] != 0 || rep.Results.Counts[answer.Wrong] != len(recs) {
		t.Fatalf("counts %v", rep.Results.Counts)
	}
	for _, s := range samples {
		want := "timeout: no answer within" // the hung session, killed by the driver
		if s.Index < len(hostileHOL) {
			want = hostileHOL[s.Index].reason
		}
		if s.Index == 4 {
			want = "timeout: timed out after 1 s" // the fake honours the alarm
		}
		if !strings.Contains(s.Verdict.Reason, want) {
			t.Errorf("sample %d %q: %q, want %q", s.Index, s.Reply, s.Verdict.Reason, want)
		}
	}
	if s := rep.Results.Summary; s.Value("proved") != 0 || s.Value("pass@8") != 0 {
		t.Errorf("metrics %+v", s.Metrics)
	}
}

// The Lean 4 track on the FAKE REPL (package leanfake).
func TestLeanRunFake(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	header := "import Mathlib\n\nopen Real\n\n"
	row := func(name, split, stmt string) string {
		b, _ := json.Marshal(map[string]string{"name": name, "split": split, "informal_prefix": "/-- Show it. -/\n",
			"formal_statement": stmt, "goal": "⊢ True", "header": header})
		return string(b)
	}
	data := writeFiles(t, map[string]string{"lean4/minif2f.jsonl": row("mathd_algebra_3", "valid", "theorem mathd_algebra_3 (x : ℕ) (h₀ : x = 2) :\n  x + 1 = 3 := by\n") + "\n" +
		row("imo_1964_p1", "test", "theorem imo_1964_p1 (n : ℕ) :\n  7 ∣ 2 ^ n - 1 := by\n") + "\n"})
	recs := []model.ReplayRecord{
		{ID: "valid/mathd_algebra_3", Sample: 0, Reply: "```lean4\ntheorem mathd_algebra_3 (x : ℕ) (h₀ : x = 2) :\n  x + 1 = 3 := by\n  subst h₀\n  rfl\n```"},
		{ID: "valid/mathd_algebra_3", Sample: 1, Reply: "```lean\n  sorry\n```"},
		{ID: "test/imo_1964_p1", Sample: 0, Reply: "```lean4\ntheorem imo_1964_p1 (n : ℕ) :\n  7 ∣ 2 ^ n := by\n  omega\n```"},
		{ID: "test/imo_1964_p1", Sample: 1, Reply: "```lean4\n  exact FAKE_AXIOM\n```"},
	}
	b := minif2f.New(minif2f.Options{Track: minif2f.TrackLean, Jobs: 1, ProofTimeout: 5 * time.Second,
		Lean: lean.Config{Command: "'" + exe + "' -test.run=^$", Dir: t.TempDir(), Env: []string{leanfake.EnvVar + "=1"}}})
	defer b.Close()
	rep, samples := runBench(t, b, data, "replay:"+replayFile(t, recs), 2, bench.LoadOptions{})
	want := []string{"correct", "wrong forbidden", "wrong statement", "wrong axioms"}
	for _, s := range samples {
		i := map[string]int{"valid": 0, "test": 2}[s.Item.Meta["split"]] + s.Index
		got := string(s.Verdict.Kind)
		if s.Verdict.Kind == answer.Wrong {
			got += " " + strings.SplitN(s.Verdict.Reason, ":", 2)[0]
		}
		if got != want[i] {
			t.Errorf("%s #%d: %s (%s), want %s", s.Item.ID, s.Index, got, s.Verdict.Reason, want[i])
		}
	}
	if s := rep.Results.Summary; s.Value("proved") != 0.25 || s.Value("pass@2") != 0.5 || s.Value("proof_length") != 2 {
		t.Errorf("metrics %+v", s.Metrics)
	}
}

// A Ctrl-C while HOL Light loads its core (the FAKE toplevel's slow mode,
// which holds each core file open until the test has seen it): the run
// logs where the load stands as it goes, then stops with one clean line
// saying how far it got - not "HOL Light could not start: context
// canceled" - and leaves no run directory (issue 32 item 12).
func TestHOLInterruptDuringLoadFake(t *testing.T) {
	data := writeFiles(t, holFiles)
	core := writeFiles(t, map[string]string{
		"hol.ml":    "loads \"system.ml\";;\nloads \"nets.ml\";;\nloads \"meson.ml\";;\n",
		"system.ml": "", "nets.ml": "", "meson.ml": "",
	})
	ack := t.TempDir()
	cfg := fakeHOL(t)
	cfg.Dir, cfg.ProgressEvery = core, 5*time.Millisecond
	cfg.Env = append(cfg.Env, "MATHEVAL_FAKE_HOL_START=slow", "MATHEVAL_FAKE_HOL_ACK="+ack)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	var logged []string
	b := minif2f.New(minif2f.Options{Track: minif2f.TrackHOL, HOL: cfg, Jobs: 1, ProofTimeout: time.Second,
		Log: func(format string, args ...any) {
			line := fmt.Sprintf(format, args...)
			mu.Lock()
			logged = append(logged, line)
			mu.Unlock()
			switch {
			case strings.Contains(line, "system.ml (file 1 of 3)"):
				os.WriteFile(filepath.Join(ack, "system.ml"), nil, 0o644)
			case strings.Contains(line, "nets.ml (file 2 of 3)"):
				cancel() // the user presses Ctrl-C
			}
		}})
	defer b.Close()
	backend, err := model.New("builtin:decide", model.Options{Bench: b})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "run")
	_, err = run.Run(ctx, run.Config{Bench: b, DataPath: data, Backend: backend, Samples: 1, Concurrency: 1, Dir: dir})
	if err == nil {
		t.Fatal("the run went on after the interrupt")
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "interrupted while HOL Light was loading (") || !strings.Contains(msg, "loading the core: nets.ml (file 2 of 3)") ||
		!strings.HasSuffix(msg, "; nothing was checked") || strings.Contains(msg, "context canceled") || strings.Contains(msg, "could not start") {
		t.Errorf("error %q", msg)
	}
	mu.Lock()
	progress := strings.Join(logged, "\n")
	mu.Unlock()
	if !strings.Contains(progress, "HOL Light: ") || !strings.Contains(progress, "loading the core: system.ml (file 1 of 3)") {
		t.Errorf("no progress lines while loading:\n%s", progress)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the interrupted start left %s behind (%v)", dir, err)
	}
}
