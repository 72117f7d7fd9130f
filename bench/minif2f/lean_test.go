package minif2f

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/formal/lean"
	"github.com/matheval/matheval/formal/lean/leanfake"
	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/stats"
)

// TestMain lets the test binary act as a FAKE Lean REPL (package
// leanfake, which checks nothing and is not Lean) when re-executed with
// leanfake.EnvVar set; otherwise it runs the tests.
func TestMain(m *testing.M) {
	if os.Getenv(leanfake.EnvVar) != "" {
		leanfake.Main()
	}
	os.Exit(m.Run())
}

const leanHeader = "import Mathlib\nimport Aesop\n\nset_option maxHeartbeats 400000\n\nopen BigOperators Real Nat Topology Rat\n\n"

func leanRow(name, split, stmt string) string {
	b, _ := json.Marshal(map[string]string{
		"name": name, "split": split, "informal_prefix": "/-- demo -/\n",
		"formal_statement": stmt, "goal": "⊢ True", "header": leanHeader,
	})
	return string(b)
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoadLeanErrors(t *testing.T) {
	good := leanRow("mathd_algebra_1", "valid", "theorem mathd_algebra_1 (x : ℕ) : x = x := by\n")
	for _, tc := range []struct{ text, want string }{
		{good + "\n{not json\n", "lean.jsonl:2"},
		{good + "\n" + good + "\n", "already given at"},
		{good + "\n" + `{"name": "x", "split": "test", "header": "import Mathlib"}` + "\n", `lean.jsonl:2: missing "formal_statement"`},
		{leanRow("amc12_2000_p1", "test", "theorem other_name : True := by\n") + "\n", "does not start with"},
		{leanRow("amc12_2000_p1", "test", "theorem amc12_2000_p1 : True := trivial\n") + "\n", "does not end with"},
		{"\n\n", "no problems"},
	} {
		_, err := LoadLean(writeFile(t, "lean.jsonl", tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.text, err, tc.want)
		}
	}
	ps, err := LoadLean(writeFile(t, "lean.jsonl", good+"\n"))
	if err != nil || len(ps) != 1 || ps[0].Source != "math-algebra" || ps[0].Header != leanHeader || !strings.HasSuffix(ps[0].From, "lean.jsonl:1") {
		t.Fatalf("good file: %+v, %v", ps, err)
	}
}

func TestLeanSourceOf(t *testing.T) {
	for name, want := range map[string]string{
		"mathd_algebra_10": "math-algebra", "mathd_numbertheory_5": "math-numbertheory", "amc12a_2019_p21": "amc",
		"aimeII_2020_p6": "aime", "imo_1959_p1": "imo", "imosl_2007_algebra_p6": "imo", "induction_1pxpownlt1pnx": "induction",
		"numbertheory_2dvd4expn": "custom-numbertheory", "algebra_sqineq_at2malt1": "custom-algebra",
	} {
		if got := LeanSourceOf(name); got != want {
			t.Errorf("LeanSourceOf(%s) = %s, want %s", name, got, want)
		}
	}
}

// TestLoadLeanShared reads the real data and checks that the official
// statements themselves pass the driver's text checks (a statement using a
// forbidden word would make every candidate fail).
func TestLoadLeanShared(t *testing.T) {
	path := testenv.Shared(t, "data", "minif2f", "lean4", "minif2f.jsonl")
	ps, err := LoadLean(path)
	if err != nil {
		t.Fatal(err)
	}
	splits, sources := map[string]int{}, map[string]int{}
	for _, p := range ps {
		splits[p.Split]++
		sources[p.Source]++
		text, err := lean.Assemble(p.Name, p.Statement, p.Header, "  nlinarith")
		if err != nil {
			t.Fatalf("%s: %v", p.From, err)
		}
		if err := lean.CheckStatement(p.Name, p.Statement, text); err != nil {
			t.Errorf("%s: the official statement fails the statement check: %v", p.From, err)
		}
		if err := lean.CheckForbidden(p.Statement); err != nil {
			t.Errorf("%s: the official statement uses a forbidden word: %v", p.From, err)
		}
	}
	if len(ps) != 488 || splits["valid"] != 244 || splits["test"] != 244 {
		t.Errorf("loaded %d problems, splits %v; want 488, 244 each", len(ps), splits)
	}
	if sources["other"] > 0 {
		t.Errorf("%d problems of no known source", sources["other"])
	}
	t.Logf("sources: %v", sources)
}

func fakeChecker(t *testing.T, command string) *lean.Checker {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if command == "" {
		command = "'" + exe + "'"
	}
	r := lean.New(lean.Config{Command: command, Dir: t.TempDir(), Env: []string{leanfake.EnvVar + "=1"}, Timeout: 300 * time.Millisecond})
	t.Cleanup(r.Close)
	return lean.NewChecker(r)
}

func TestRunLeanFake(t *testing.T) {
	data := leanRow("mathd_algebra_1", "valid", "theorem mathd_algebra_1 (x : ℕ) (h₀ : x = 1) : x + 1 = 2 := by\n") + "\n" +
		leanRow("imo_1990_p2", "test", "theorem imo_1990_p2 (n : ℕ) (h₀ : 2 ≤ n) : n ^ 2 ≥ 4 := by\n") + "\n" +
		leanRow("amc12_2001_p9", "test", "theorem amc12_2001_p9 : (2 : ℝ) + 2 = 4 := by\n") + "\n"
	ps, err := LoadLean(writeFile(t, "lean.jsonl", data))
	if err != nil {
		t.Fatal(err)
	}
	cands := []string{
		`{"name": "mathd_algebra_1", "proof": "  subst h₀\n  rfl"}`,
		`{"name": "mathd_algebra_1", "proof": "  FAKE_ERROR"}`,
		`{"name": "mathd_algebra_1", "proof": "  sorry"}`,
		`{"name": "mathd_algebra_1", "proof": "  FAKE_HANG"}`,
		`{"name": "imo_1990_p2", "proof": "theorem imo_1990_p2 (n : ℕ) (h₀ : 3 ≤ n) : n ^ 2 ≥ 4 := by nlinarith"}`,
		`{"name": "imo_1990_p2", "proof": "  FAKE_CRASH"}`,
		`{"name": "imo_1990_p2", "split": "valid", "proof": "  nlinarith"}`,
		`{"name": "no_such_problem", "proof": "  rfl"}`,
	}
	cpath := writeFile(t, "cands.jsonl", strings.Join(cands, "\n")+"\n")
	cs, err := LoadCandidates(cpath)
	if err != nil {
		t.Fatal(err)
	}
	c := fakeChecker(t, "")
	calls := 0
	rep, err := RunLean(c.Check, ps, cs, []int{1, 2}, func(done, total int) { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	if calls != 6 {
		t.Errorf("progress called %d times", calls)
	}
	if rep.Candidates != 6 || len(rep.Unmatched) != 2 {
		t.Fatalf("candidates %d, unmatched %v", rep.Candidates, rep.Unmatched)
	}
	byName := map[string]ProblemResult{}
	for _, r := range rep.Results {
		byName[r.Name] = r
	}
	alg := byName["mathd_algebra_1"]
	wantStages := []string{"", "lean:", "forbidden:", "timeout:"}
	if len(alg.Verdicts) != 4 || alg.Correct != 1 {
		t.Fatalf("mathd_algebra_1: %+v", alg)
	}
	for i, w := range wantStages {
		if (w == "") != alg.Verdicts[i].OK || !strings.HasPrefix(alg.Verdicts[i].Reason, w) {
			t.Errorf("mathd_algebra_1 #%d: %+v, want %q", i+1, alg.Verdicts[i], w)
		}
	}
	imo := byName["imo_1990_p2"]
	if len(imo.Verdicts) != 2 || imo.Correct != 0 || !strings.HasPrefix(imo.Verdicts[0].Reason, "statement:") ||
		!strings.HasPrefix(imo.Verdicts[1].Reason, "crash:") {
		t.Fatalf("imo_1990_p2: %+v", imo)
	}
	// pass@k: mathd_algebra_1 has n=4, c=1; the others are unsolved.
	want1 := stats.PassAtK(4, 1, 1) / 3
	if got := rep.All.PassAtK["pass@1"]; math.Abs(got-want1) > 1e-12 {
		t.Errorf("pass@1 = %v, want %v", got, want1)
	}
	if rep.All.Solved != 1 || rep.All.Attempted != 2 || rep.All.Problems != 3 {
		t.Errorf("all: %+v", rep.All)
	}
	for _, g := range rep.BySplit {
		if g.Key == "valid" && (g.Solved != 1 || math.Abs(g.PassAtK["pass@2"]-stats.PassAtK(4, 1, 2)) > 1e-12) {
			t.Errorf("valid split: %+v", g)
		}
		if g.Key == "test" && (g.Solved != 0 || g.Problems != 2) {
			t.Errorf("test split: %+v", g)
		}
	}
	// Started first, then again after the timeout; the crash came last,
	// so nothing needed a third process.
	if n := c.REPL().Starts(); n != 2 {
		t.Errorf("REPL started %d times, want 2", n)
	}
}

func TestRunLeanCannotStart(t *testing.T) {
	ps, err := LoadLean(writeFile(t, "lean.jsonl", leanRow("mathd_algebra_1", "valid", "theorem mathd_algebra_1 : True := by\n")+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	c := fakeChecker(t, "/nonexistent/repl")
	_, err = RunLean(c.Check, ps, []Candidate{{Name: "mathd_algebra_1", Text: "  trivial"}}, []int{1}, nil)
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/repl") || !lean.IsFailure(err, lean.FailStart) {
		t.Fatalf("err = %v", err)
	}
}

// TestRunLeanParallel: two REPLs give the same report as one.
func TestRunLeanParallel(t *testing.T) {
	var rows, cands []string
	for i := 0; i < 6; i++ {
		name := fmt.Sprintf("mathd_algebra_%d", i)
		rows = append(rows, leanRow(name, "valid", "theorem "+name+" : True := by\n"))
		for j := 0; j < 3; j++ {
			proof := "  trivial"
			if (i+j)%3 == 0 {
				proof = "  FAKE_ERROR"
			}
			cands = append(cands, fmt.Sprintf(`{"name": %q, "proof": %q}`, name, proof))
		}
	}
	ps, err := LoadLean(writeFile(t, "lean.jsonl", strings.Join(rows, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	cs, err := LoadCandidates(writeFile(t, "cands.jsonl", strings.Join(cands, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	one, err := RunLean(fakeChecker(t, "").Check, ps, cs, []int{1, 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, b := fakeChecker(t, ""), fakeChecker(t, "")
	two, err := RunLeanParallel([]LeanCheck{a.Check, b.Check}, ps, cs, []int{1, 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range one.Results {
		x, y := one.Results[i], two.Results[i]
		if x.Correct != 2 || x.Correct != y.Correct || len(y.Verdicts) != 3 {
			t.Fatalf("%s: one REPL %+v, two %+v", x.Name, x, y)
		}
		for k := range x.Verdicts {
			if x.Verdicts[k] != y.Verdicts[k] {
				t.Errorf("%s #%d: %+v vs %+v", x.Name, k+1, x.Verdicts[k], y.Verdicts[k])
			}
		}
	}
	if math.Abs(one.All.PassAtK["pass@1"]-2.0/3) > 1e-12 || one.All.PassAtK["pass@2"] != two.All.PassAtK["pass@2"] {
		t.Errorf("pass@k: %v vs %v", one.All.PassAtK, two.All.PassAtK)
	}
	if a.REPL().Starts() != 1 || b.REPL().Starts() != 1 {
		t.Errorf("starts %d, %d: both REPLs should have worked", a.REPL().Starts(), b.REPL().Starts())
	}
}
