package mutation_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/matheval/matheval/equiv"
	"github.com/matheval/matheval/grader/mutation"
)

// The randomized differential test: seeded random expressions and their
// equal rewrites or near misses (mutation.RandomCase), whose truth is known
// by construction, against the engine: equiv.Compare, and the engine's own
// exact evaluation (expr.Algebraic for numbers, expr.RationalFunction for
// polynomials and rational functions) wherever it applies. A near miss
// called Equal fails the test; so does a regression seed
// (testdata/differential_seeds.txt: every seed that ever failed) that is not
// graded as its case requires. Rewrites not called Equal are counted.

const diffSeeds = 4000

// regressionFile holds every case that ever failed, written out whole (not
// only its seed, so that it survives changes to the generator): one JSON
// object per line with the fields of mutation.Case.
const regressionFile = "differential_regressions.jsonl"

func readRegressions(t *testing.T) []mutation.Case {
	path := filepath.Join("testdata", regressionFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []mutation.Case
	for i, line := range bytes.Split(b, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var c mutation.Case
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		out = append(out, c)
	}
	return out
}

type diffStats struct {
	rewrites, rewritesEqual, misses, missesEqual, exact, exactWrong int
}

func TestDifferential(t *testing.T) {
	t.Parallel()
	n := diffSeeds
	if testing.Short() {
		n = diffSeeds / 8
	}
	regs := readRegressions(t)
	type item struct {
		c   mutation.Case
		reg bool
	}
	var items []item
	for _, c := range regs {
		items = append(items, item{c, true})
	}
	for s := int64(1); s <= int64(n); s++ {
		items = append(items, item{mutation.RandomCase(s), false})
	}
	stats := map[string]*diffStats{}
	var failed []mutation.Case
	for _, it := range items {
		c := it.c
		key := c.Kind
		if it.reg {
			key = "regress"
		}
		st := stats[key]
		if st == nil {
			st = &diffStats{}
			stats[key] = st
		}
		res := engineCompare(c.Gold, c.Cand)
		desc := fmt.Sprintf("seed %d (%s, %s): gold %q, candidate %q", c.Seed, c.Kind, c.Note, c.Gold, c.Cand)
		if it.reg {
			desc = "regression " + desc
		}
		bad := false
		if c.Equal {
			st.rewrites++
			if res.Outcome == equiv.Equal {
				st.rewritesEqual++
			} else {
				bad = true
				if it.reg {
					t.Errorf("%s: %s (%s), want equal", desc, res.Outcome, res.Reason)
				} else {
					t.Logf("rewrite not equal: %s: %s (%s)", desc, res.Outcome, res.Reason)
				}
			}
		} else {
			st.misses++
			if res.Outcome == equiv.Equal {
				st.missesEqual++
				bad = true
				t.Errorf("false Equal: %s: %s", desc, res.Reason)
			}
		}
		if eq, ok := engineExact(c); ok {
			st.exact++
			if eq != c.Equal {
				st.exactWrong++
				bad = true
				if eq {
					t.Errorf("the engine's exact evaluation calls a near miss equal: %s", desc)
				} else {
					t.Logf("the engine's exact evaluation calls a rewrite different: %s", desc)
				}
			}
		}
		if bad && !it.reg {
			failed = append(failed, c)
		}
	}
	var kinds []string
	for k := range stats {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var b strings.Builder
	fmt.Fprintf(&b, "%-8s %9s %9s %11s %11s %11s %11s\n", "kind", "rewrites", "equal", "near-miss", "false-eq", "exact-eval", "exact-wrong")
	for _, k := range kinds {
		s := stats[k]
		fmt.Fprintf(&b, "%-8s %9d %9d %11d %11d %11d %11d\n", k, s.rewrites, s.rewritesEqual, s.misses, s.missesEqual, s.exact, s.exactWrong)
	}
	t.Logf("%d random seeds, %d committed regression cases\n%s", n, len(regs), b.String())
	// MATHEVAL_DIFF_RECORD=1 appends the new failures to the regression file.
	if len(failed) > 0 && os.Getenv("MATHEVAL_DIFF_RECORD") != "" {
		have := map[string]bool{}
		for _, c := range regs {
			have[c.Gold+"\x00"+c.Cand] = true
		}
		f, err := os.OpenFile(filepath.Join("testdata", regressionFile), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		enc := json.NewEncoder(f)
		enc.SetEscapeHTML(false)
		added := 0
		for _, c := range failed {
			if k := c.Gold + "\x00" + c.Cand; !have[k] {
				have[k] = true
				if err := enc.Encode(c); err != nil {
					t.Fatal(err)
				}
				added++
			}
		}
		t.Logf("recorded %d new failing cases in testdata/%s", added, regressionFile)
	}
}

// TestDifferentialCasesBySympy confirms the construction of the cases with an
// independent computer algebra system. It skips when python3 with sympy is
// not installed (Debian: apt-get install python3-sympy).
func TestDifferentialCasesBySympy(t *testing.T) {
	// python and sympy run in a process of their own, beside the Go tests
	// (the heavy tests of the package are all parallel: they share only the
	// golds and pairs loaded once, under a lock)
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	if err := exec.Command(py, "-c", "import sympy").Run(); err != nil {
		t.Skip("sympy not installed (apt-get install python3-sympy)")
	}
	// the cases are seeded: the default run confirms the first 30 (python
	// and sympy cost more CPU than the rest of the package's checks), the
	// full sweep 100
	n := 30
	if fullSweep() {
		n = 100
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	cases := map[int64]mutation.Case{}
	for s := int64(1); s <= int64(n); s++ {
		c := mutation.RandomCase(s)
		cases[s] = c
		if err := enc.Encode(map[string]any{"seed": s, "gold": c.GoldPy, "cand": c.CandPy}); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(py, filepath.Join("testdata", "sympy_equal.py"))
	cmd.Stdin = &in
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("sympy_equal.py: %v\n%s", err, errb.String())
	}
	seen := 0
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		var r struct {
			Seed  int64  `json:"seed"`
			Equal *bool  `json:"equal"`
			Error string `json:"error"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("sympy_equal.py output %q: %v", sc.Text(), err)
		}
		c := cases[r.Seed]
		if r.Error != "" || r.Equal == nil {
			t.Errorf("seed %d (%s): sympy could not decide %q vs %q: %s", r.Seed, c.Kind, c.GoldPy, c.CandPy, r.Error)
			continue
		}
		seen++
		if *r.Equal != c.Equal {
			t.Errorf("seed %d (%s, %s): construction says equal=%v, sympy says %v: %q vs %q", r.Seed, c.Kind, c.Note, c.Equal, *r.Equal, c.GoldPy, c.CandPy)
		}
	}
	if seen != n {
		t.Errorf("sympy answered %d of %d cases", seen, n)
	}
}
