package e2e_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/minif2f"
	"github.com/matheval/matheval/formal/hollight"
	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/model"
)

// The tests below run the real HOL Light of Debian's hol-light package
// (CI installs it with libnum-ocaml-dev). They share one benchmark, hence
// one session, loaded once per test binary (once per CI run: no other
// package starts the real HOL Light): the core alone (no Library files)
// loads in about 65 s of CPU, 1 to 15 minutes of wall time on a 2-core
// machine depending on its load, and every check after that takes
// milliseconds. HOL Light cannot be checkpointed here: the OCaml 4.13
// toplevel has no saved images, and Debian's own advice (DMTCP, in
// README.Debian) needs a package this system does not have.
//
// Nothing of the core can be left out without weakening the checks. Timed
// file by file (hollight.StartProgress, at load average 20 on 2 cores: 11 m
// 43 s in all), sets.ml (207 s) and iterate.ml (175 s) are over half of
// it, and the statements need them (sets, nsum, CARD); metis.ml, impconv.ml
// and quot.ml are used by later core files; thecops.ml, cart.ml and
// define.ml define tactics and theorems a candidate may cite (capitalised
// names are open to proofs). Only help.ml and database.ml are out of a
// proof's reach, and they are 7 s (1%). OCaml's GC settings
// (OCAMLRUNPARAM s=4M,o=200) saved 2.4% of CPU time on the first 29 files:
// not worth a setting either.
//
// A fixed limit on the load fails on a machine busier than the one it was
// chosen on; the load is given instead all the time the test binary has
// left (go test -timeout, 10 minutes by default) but a margin for the
// checks after it, so it fails only where go test itself would, saying
// how long it had.

var realHOL struct {
	once sync.Once
	b    *minif2f.Bench
}

// holMargin is the time kept for the checks after the load.
const holMargin = 60 * time.Second

// holStartLimit is the load's limit: what is left before the test
// binary's deadline, less holMargin (no deadline: an hour).
func holStartLimit(t *testing.T) time.Duration {
	d, ok := t.Deadline()
	if !ok {
		return time.Hour
	}
	return max(time.Until(d)-holMargin, time.Minute)
}

func realBench(t *testing.T) *minif2f.Bench {
	t.Helper()
	testenv.Tool(t, filepath.Join(hollight.DefaultDir, "hol.ml"), "apt-get install hol-light libnum-ocaml-dev")
	realHOL.once.Do(func() {
		limit := holStartLimit(t)
		t.Logf("loading the HOL Light core, within %s (the time left before go test's deadline, less %s)", limit.Round(time.Second), holMargin)
		realHOL.b = minif2f.New(minif2f.Options{Track: minif2f.TrackHOL, Jobs: 1, ProofTimeout: 3 * time.Second,
			HOL: hollight.Config{Libraries: []string{}, StartTimeout: limit,
				Log: func(format string, args ...any) { fmt.Printf("real HOL Light: "+format+"\n", args...) },
				// Where a slow load stands, in the CI log (go test -v).
				ProgressEvery: 30 * time.Second, Progress: func(p hollight.StartProgress) { fmt.Printf("real HOL Light: %s\n", p) }}})
	})
	return realHOL.b
}

// With the core alone, 134 of the 163 valid statements and 133 of the 163
// test statements are closed boolean terms; the others do not type-check
// (complex numbers, mostly) or name what only the Library files define.
// valid/induction-sum-odd is closed but false, a data error too.
func TestRealHOLStatements(t *testing.T) {
	b := realBench(t)
	data := testenv.Shared(t, "data", "minif2f")
	items, warns, err := b.Load(context.Background(), data, bench.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	closed := map[string]int{}
	reasons := map[string]string{}
	for _, it := range items {
		msg, bad := it.Extra["data_error"].(string)
		if !bad || it.ID == "valid/induction-sum-odd" {
			closed[it.Meta["split"]]++
		}
		reasons[it.ID] = msg
	}
	if len(items) != 326 || closed["valid"] != 134 || closed["test"] != 133 {
		t.Fatalf("%d statements, closed %v", len(items), closed)
	}
	for id, want := range map[string]string{
		"valid/amc12a-2020-p13":                            "ill-typed",
		"valid/numbertheory-xsqpysqintdenomeq":             "does not parse",
		"test/amc12b-2002-p4":                              "typechecking error",
		"test/mathd-algebra-302":                           "free variables ii, Cx",
		"valid/induction-sum-odd":                          "0-1 = 0",
		"valid/algebra-2rootsintpoly-am10tap11eqasqpam110": "complex numbers",
		"valid/aime-1983-p9":                               "free variables",
	} {
		if !strings.Contains(reasons[id], want) {
			t.Errorf("%s: %q, want %q", id, reasons[id], want)
		}
	}
	if len(warns) < 60 {
		t.Errorf("%d warnings: every data error should be one", len(warns))
	}
}

// Hostile candidates replayed against the real HOL Light: none is
// accepted, each for its reason; a plain proof of the same goal is.
func TestRealHOLHostileReplay(t *testing.T) {
	b := realBench(t)
	data := writeFiles(t, map[string]string{"hollight/valid/mathd-algebra-1.ml": "let mathd-algebra-1 = `1 + 1 = 2`;;\n"})
	cases := []struct{ reply, reason string }{
		{"```ocaml\nCHEAT_TAC\n```", "axiom: the proof added an axiom (axioms() grew from 3 to 4)"},
		{"```ocaml\nACCEPT_TAC(new_axiom `1 + 1 = 2`)\n```", "new_axiom is not allowed in a proof"},
		{"```ocaml\nlet th = prove(`2 + 2 = 4`, ARITH_TAC);;\n```", "stated_goal: the candidate proves another goal"},
		{"```ocaml\nACCEPT_TAC(ASSUME `1 + 1 = 2`)\n```", "additional assumptions"},
		// REPEAT of a tactic that makes no progress recurses: on a fast
		// machine OCaml's stack overflows before the alarm, on a slow one
		// the alarm rings first. Either way it is refused.
		{"```ocaml\nREPEAT ALL_TAC\n```", "timed out after 3 s|the tactic raised Stack overflow"},
		{"```ocaml\nfunpow 999999999 I ALL_TAC\n```", "timed out after 3 s"},
		{"```ocaml\nACCEPT_TAC (Obj.magic 0)\n```", "module paths (Obj.)"},
		{"```ocaml\nREWRITE_TAC[ARITH_RULE]\n```", "OCaml refused the tactic: Error: This expression has type term -> thm"},
		{"```ocaml\nARITH_TAC\n```", ""},
	}
	var recs []model.ReplayRecord
	for i, c := range cases {
		recs = append(recs, model.ReplayRecord{ID: "valid/mathd-algebra-1", Sample: i, Reply: c.reply})
	}
	rep, samples := runBench(t, b, data, "replay:"+replayFile(t, recs), len(recs), bench.LoadOptions{})
	for _, s := range samples {
		c := cases[s.Index]
		if c.reason == "" {
			if s.Verdict.Kind != answer.Correct {
				t.Errorf("%q: %s %q, want correct", c.reply, s.Verdict.Kind, s.Verdict.Reason)
			}
			continue
		}
		if s.Verdict.Kind != answer.Wrong || !containsAny(s.Verdict.Reason, strings.Split(c.reason, "|")) {
			t.Errorf("%q: %s %q, want wrong with %q", c.reply, s.Verdict.Kind, s.Verdict.Reason, c.reason)
		}
	}
	if rep.Results.Counts[answer.Correct] != 1 {
		t.Errorf("counts %v", rep.Results.Counts)
	}
}

// The search baseline on a few statements: the first decision procedure
// that proves each one (HOL Light's ARITH_TAC does linear arithmetic over
// N, Z and R alike) and first-order search for the last.
func TestRealHOLDecide(t *testing.T) {
	b := realBench(t)
	data := writeFiles(t, map[string]string{
		"hollight/valid/mathd-numbertheory-1.ml": "let mathd-numbertheory-1 = `(29 * 79 + 31 * 81) MOD 10 = 2`;;\n",
		"hollight/valid/mathd-algebra-2.ml":      "let mathd-algebra-2 = `!x:real. &3 * x + &2 = &8 ==> x = &2`;;\n",
		"hollight/valid/algebra-3.ml":            "let algebra-3 = `!a b:int. a - b = -- (b - a)`;;\n",
		"hollight/test/induction-4.ml":           "let induction-4 = `!P. (!n:num. P n) ==> P 0 /\\ P 1`;;\n",
	})
	_, samples := runBench(t, b, data, "builtin:decide", 1, bench.LoadOptions{})
	for _, s := range samples {
		tac := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s.Reply, "```ocaml\n"), "```\n"))
		if s.Verdict.Kind != answer.Correct || !contains(minif2f.DecideTactics, tac) {
			t.Errorf("%s: %s %q (%s)", s.Item.ID, s.Verdict.Kind, s.Reply, s.Verdict.Reason)
		}
		if s.Item.Meta["source"] != minif2f.SourceInduction && tac != "ARITH_TAC" {
			t.Errorf("%s: proved by %s, want ARITH_TAC first", s.Item.ID, tac)
		}
		t.Logf("%s: %s", s.Item.ID, tac)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// The real HOL Light's load, as a user sees it: progress names the core
// file the toplevel has open (read from /proc, through the sandbox) with
// its place in hol.ml, and Ctrl-C, here at the first such report, ends the
// start with one line saying so. It loads a few seconds of the core in a
// session of its own, apart from the shared one.
func TestRealHOLProgressAndInterrupt(t *testing.T) {
	testenv.Tool(t, filepath.Join(hollight.DefaultDir, "hol.ml"), "apt-get install hol-light libnum-ocaml-dev")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var seen []hollight.StartProgress
	cfg := hollight.Config{Libraries: []string{}, ProgressEvery: 200 * time.Millisecond, Progress: func(p hollight.StartProgress) {
		seen = append(seen, p)
		if p.Index > 0 {
			cancel() // Ctrl-C
		}
	}}
	s, err := hollight.Start(ctx, cfg)
	if err == nil {
		s.Close()
		t.Fatal("the start went on after the interrupt")
	}
	var si *hollight.StartInterrupted
	if !errors.As(err, &si) || !errors.Is(err, context.Canceled) {
		t.Fatalf("error %T %v, want a StartInterrupted", err, err)
	}
	last := seen[len(seen)-1]
	if last.Index < 1 || last.Total < 40 || !strings.HasSuffix(last.File, ".ml") {
		t.Errorf("progress %+v: want a core file placed among hol.ml's (48 in Debian's)", last)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "interrupted while HOL Light was loading (") ||
		!strings.Contains(msg, fmt.Sprintf("(file %d of %d)", si.At.Index, si.At.Total)) || strings.Contains(msg, "context canceled") {
		t.Errorf("message %q", msg)
	}
	t.Logf("%d progress reports; %v", len(seen), err)
}
