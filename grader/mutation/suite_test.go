package mutation_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/asdiv"
	mathb "github.com/matheval/matheval/bench/math"
	"github.com/matheval/matheval/bench/math401"
	"github.com/matheval/matheval/grader/mutation"
	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/latex"
)

// The mutation suite: every gold answer of MATH (train and test), MATH-500,
// ASDiv, MATH 401 and the HARDMath nondimensionalization references, with
// its meaning-changing mutants and meaning-keeping rewrites, graded through
// answer.Equivalent with the benchmark's policy (what `matheval equiv
// --policy <bench>` runs). It fails on any Equal for a mutant that changes
// the meaning, and when fewer than 99.5% of rewrites are Equal.
//
// By default it grades every gold with a seeded sample of its pairs
// (mutation.DefaultSampling: one pair in sixteen of the large families, the
// small families whole, at least one pair of each kind per gold), so that
// `go test ./grader/mutation/` stays within two minutes on two busy cores;
// MATHEVAL_MUTATION_FULL=1 grades every pair (the full sweep, about a
// million pairs). With -short it grades a fixed eighth of the golds.
// MATHEVAL_MUTATION_OUT names a folder where the failing pairs are written
// as JSON Lines (false_equal.jsonl, rewrite_not_equal.jsonl) for
// FINDINGS.md.

const suiteTimeout = 500 * time.Millisecond

// suiteGold is a gold with the policy that grades it.
type suiteGold struct {
	mutation.Gold
	policy answer.Policy
}

func reprint(s string) (string, error) {
	n, err := latex.Parse(s)
	if err != nil {
		return "", err
	}
	return n.String(), nil
}

func loadMATH(t *testing.T) []suiteGold {
	var out []suiteGold
	root := testenv.Shared(t, "data", "math", "MATH")
	items, _, err := mathb.Load(root, bench.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 12500 {
		t.Fatalf("MATH: %d items, want 12500", len(items))
	}
	for _, it := range items {
		out = append(out, suiteGold{mutation.Gold{Bench: "math", ID: it.ID, Text: it.Answer}, answer.MATH})
	}
	m5 := testenv.Shared(t, "data", "math500", "test.jsonl")
	items, _, err = mathb.Load(m5, bench.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 500 {
		t.Fatalf("MATH-500: %d items, want 500", len(items))
	}
	for _, it := range items {
		out = append(out, suiteGold{mutation.Gold{Bench: "math500", ID: it.ID, Text: it.Answer}, answer.MATH})
	}
	return out
}

var unitParens = regexp.MustCompile(`\(([^()]*[A-Za-z][^()]*)\)`)

func loadASDiv(t *testing.T) []suiteGold {
	path := testenv.Shared(t, "data", "asdiv", "ASDiv.xml")
	items, _, err := asdiv.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2305 {
		t.Fatalf("ASDiv: %d items, want 2305", len(items))
	}
	var out []suiteGold
	for _, it := range items {
		if parts := strings.Split(it.Answer, ";"); len(parts) > 1 {
			// several values ("50 (years old); 20 (years old)"): the
			// generators edit them as a list
			var vals []string
			for _, p := range parts {
				vals = append(vals, strings.TrimSpace(unitParens.ReplaceAllString(p, "")))
			}
			out = append(out, suiteGold{mutation.Gold{Bench: "asdiv", ID: it.ID, Text: it.Answer, Core: strings.Join(vals, ", "), Prose: true}, answer.ASDiv})
			continue
		}
		unit := ""
		core := strings.TrimSpace(unitParens.ReplaceAllStringFunc(it.Answer, func(m string) string {
			unit = strings.TrimSpace(m[1 : len(m)-1])
			return ""
		}))
		out = append(out, suiteGold{mutation.Gold{Bench: "asdiv", ID: it.ID, Text: it.Answer, Core: core, Unit: unit, Prose: true}, answer.ASDiv})
	}
	return out
}

func loadMATH401(t *testing.T) []suiteGold {
	path := testenv.Shared(t, "data", "math401", "math401.json")
	items, _, err := math401.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 401 {
		t.Fatalf("MATH 401: %d items, want 401", len(items))
	}
	var out []suiteGold
	for _, it := range items {
		group, err := strconv.Atoi(it.Meta["group"])
		if err != nil {
			t.Fatalf("%s: group %q", it.ID, it.Meta["group"])
		}
		out = append(out, suiteGold{mutation.Gold{Bench: "math401", ID: it.ID, Text: it.Answer, Tol: big.NewRat(1, 1000)}, answer.MATH401Group(group)})
	}
	return out
}

var epsExact = regexp.MustCompile(`\\epsilon\s*=\s*(.+?)\s*\\implies`)

func loadHARDMath(t *testing.T) []suiteGold {
	var out []suiteGold
	seen := map[string]bool{}
	for _, rel := range [][]string{{"HARDMath_mini.json"}, {"early-full-2024-06-12", "HARDMath.json"}} {
		path := testenv.Shared(t, append([]string{"data", "hardmath"}, rel...)...)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var rows map[string]struct {
			Type     *string `json:"question_type"`
			Answer   string  `json:"answer_val"`
			Solution string  `json:"solution"`
		}
		if err := json.Unmarshal(b, &rows); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		keys := make([]string, 0, len(rows))
		for k := range rows {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			r := rows[k]
			if r.Type == nil || !strings.HasPrefix(*r.Type, "nondim") {
				continue
			}
			id := filepath.Base(path) + "/" + k
			if a := strings.TrimSpace(r.Answer); a != "" && !seen[a] && balanced(a) {
				seen[a] = true
				out = append(out, suiteGold{mutation.Gold{Bench: "hardmath", ID: id, Text: a}, answer.HARDMathGeneric})
			}
			// the exact epsilon behind a rounded numeric key
			if m := epsExact.FindStringSubmatch(r.Solution); m != nil && !seen[m[1]] {
				seen[m[1]] = true
				out = append(out, suiteGold{mutation.Gold{Bench: "hardmath", ID: id + "/exact", Text: m[1]}, answer.HARDMathGeneric})
			}
		}
	}
	if len(out) < 100 {
		t.Fatalf("HARDMath: only %d nondimensionalization references", len(out))
	}
	return out
}

// famStats counts the verdicts of one family.
type famStats struct {
	expect                                   mutation.Expect
	pairs, equal, wrong, undecided, unparsed int
	noAnswer, other                          int
}

type failure struct {
	Bench   string `json:"bench"`
	ID      string `json:"id"`
	Family  string `json:"family"`
	Gold    string `json:"gold"`
	Cand    string `json:"prediction"`
	Note    string `json:"note"`
	Verdict string `json:"verdict"`
	Reason  string `json:"reason"`
	// Extracted is the candidate answer the policy graded; Engine is the
	// engine's own outcome on the gold and that answer (which package a
	// defect belongs to: the extraction picked the wrong answer, or the
	// engine called two different answers equal).
	Extracted string `json:"extracted"`
	Engine    string `json:"engine,omitempty"`
}

// fullSweep reports whether MATHEVAL_MUTATION_FULL asks for every pair.
func fullSweep() bool { return os.Getenv("MATHEVAL_MUTATION_FULL") != "" }

func TestMutationSuite(t *testing.T) {
	t.Parallel()
	golds := suiteGolds(t)
	per, st := basePairs(golds)
	if !fullSweep() {
		keys := make([]string, len(golds))
		for i, g := range golds {
			keys[i] = g.Bench + "/" + g.ID
		}
		per = mutation.DefaultSampling.Sample(keys, per)
	}
	var jobs []suiteJob
	for i := range golds {
		for _, p := range per[i] {
			jobs = append(jobs, suiteJob{&golds[i], p})
		}
	}
	verdicts := gradeJobs(jobs)
	tl := tallyJobs(jobs, verdicts)
	table, mutants, rate := tl.table(st, len(golds), len(jobs))
	t.Log("\n" + table)
	if dir := os.Getenv("MATHEVAL_MUTATION_OUT"); dir != "" {
		writeFailures(t, dir, tl, st)
	}
	// the full sweep promises 250,000 meaning-changing pairs; the default
	// sample about a fifteenth of them
	if want := 250000; !testing.Short() && fullSweep() && mutants < want {
		t.Errorf("only %d meaning-changing pairs; the full sweep promises at least %d", mutants, want)
	} else if want := 45000; !testing.Short() && !fullSweep() && mutants < want {
		t.Errorf("only %d meaning-changing pairs; the default sample promises at least %d", mutants, want)
	}
	for i, f := range tl.falseEq {
		if i == 40 {
			t.Errorf("... and %d more false Equal (set MATHEVAL_MUTATION_OUT to get them all)", len(tl.falseEq)-40)
			break
		}
		t.Errorf("false Equal [%s] %s %s: gold %q, candidate %q (%s): %s", f.Family, f.Bench, f.ID, f.Gold, f.Cand, f.Note, f.Reason)
	}
	if rate < 99.5 {
		t.Errorf("rewrites Equal %.2f%%, want at least 99.5%%", rate)
		for i, f := range tl.rewriteMiss {
			if i == 20 {
				break
			}
			t.Logf("rewrite not Equal [%s] %s: gold %q, candidate %q: %s (%s)", f.Family, f.ID, f.Gold, f.Cand, f.Verdict, f.Reason)
		}
	}
}

// suiteGolds loads every benchmark's golds (a fixed eighth with -short),
// each policy with the suite's comparison deadline: the default 100 ms is
// short enough that a loaded CI machine would turn slow rewrites into
// Undecided, and a timeout never makes a false Equal.
func suiteGolds(t *testing.T) []suiteGold {
	golds := allGolds(t)
	if testing.Short() {
		var sub []suiteGold
		for i, g := range golds {
			if i%8 == 0 {
				sub = append(sub, g)
			}
		}
		golds = sub
	}
	for i := range golds {
		golds[i].policy = golds[i].policy.WithTimeout(suiteTimeout)
	}
	return golds
}

// goldCache holds the golds of every benchmark, loaded once for all the
// tests of the package (reading MATH's 12,500 files is a second or more).
var goldCache struct {
	sync.Mutex
	golds []suiteGold
}

// allGolds returns a copy of every benchmark's golds, with their policies'
// default deadlines.
func allGolds(t *testing.T) []suiteGold {
	goldCache.Lock()
	defer goldCache.Unlock()
	if goldCache.golds == nil {
		var golds []suiteGold
		golds = append(golds, loadMATH(t)...)
		golds = append(golds, loadASDiv(t)...)
		golds = append(golds, loadMATH401(t)...)
		golds = append(golds, loadHARDMath(t)...)
		goldCache.golds = golds
	}
	return slices.Clone(goldCache.golds)
}

// generate runs a pair generator over every gold (its index and itself),
// in parallel; per[i] are gold i's pairs, and the drop counts of all workers are merged.
func generate(golds []suiteGold, pairs func(int, mutation.Gold, *mutation.Stats) []mutation.Pair) ([][]mutation.Pair, *mutation.Stats) {
	per := make([][]mutation.Pair, len(golds))
	workers := runtime.GOMAXPROCS(0)
	stats := make([]*mutation.Stats, workers)
	var wg sync.WaitGroup
	for w := range workers {
		stats[w] = mutation.NewStats()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(golds); i += workers {
				per[i] = pairs(i, golds[i].Gold, stats[w])
			}
		}()
	}
	wg.Wait()
	st := mutation.NewStats()
	for _, s := range stats {
		st.Merge(s)
	}
	slices.Sort(st.PrinterChanged) // the workers' order is not the golds'
	return per, st
}

// pairCache holds the generated pairs of the golds (the mutation suite and
// the surface family both start from them).
var pairCache struct {
	sync.Mutex
	n   int
	per [][]mutation.Pair
	st  *mutation.Stats
}

// basePairs returns the pairs of the suite's generator for golds (the
// result of suiteGolds), generated once per test binary.
func basePairs(golds []suiteGold) ([][]mutation.Pair, *mutation.Stats) {
	pairCache.Lock()
	defer pairCache.Unlock()
	if pairCache.per == nil || pairCache.n != len(golds) {
		gen := mutation.Generator{Reprint: reprint}
		pairCache.per, pairCache.st = generate(golds, func(_ int, g mutation.Gold, st *mutation.Stats) []mutation.Pair {
			return gen.Pairs(g, st)
		})
		pairCache.n = len(golds)
	}
	return slices.Clone(pairCache.per), pairCache.st
}

// suiteJob is one pair to grade, with its gold.
type suiteJob struct {
	g *suiteGold
	p mutation.Pair
}

// gradeJobs grades every pair through answer.Equivalent, in parallel.
func gradeJobs(jobs []suiteJob) []answer.Verdict {
	verdicts := make([]answer.Verdict, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int, 256)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := jobs[i]
				verdicts[i] = answer.Equivalent(j.g.policy, j.g.Text, j.p.Cand)
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	return verdicts
}

// suiteTally counts the verdicts per family and keeps the failures.
type suiteTally struct {
	fams                 map[string]*famStats
	benches              map[string]int
	falseEq, rewriteMiss []failure
}

func tallyJobs(jobs []suiteJob, verdicts []answer.Verdict) suiteTally {
	tl := suiteTally{fams: map[string]*famStats{}, benches: map[string]int{}}
	for i, j := range jobs {
		v := verdicts[i]
		fs := tl.fams[j.p.Family]
		if fs == nil {
			fs = &famStats{expect: j.p.Expect}
			tl.fams[j.p.Family] = fs
		}
		fs.pairs++
		tl.benches[j.g.Bench]++
		switch v.Kind {
		case answer.Correct:
			fs.equal++
		case answer.Wrong:
			fs.wrong++
		case answer.Undecided:
			fs.undecided++
		case answer.Unparsable:
			fs.unparsed++
		case answer.NoAnswer:
			fs.noAnswer++
		default:
			fs.other++
		}
		f := failure{Bench: j.g.Bench, ID: j.g.ID, Family: j.p.Family, Gold: j.g.Text, Cand: j.p.Cand, Note: j.p.Note,
			Verdict: string(v.Kind), Reason: v.Reason, Extracted: v.Extracted}
		if j.p.Expect == mutation.MustDiffer && v.Kind == answer.Correct {
			tl.falseEq = append(tl.falseEq, f)
		}
		if j.p.Expect == mutation.MustEqual && v.Kind != answer.Correct {
			tl.rewriteMiss = append(tl.rewriteMiss, f)
		}
	}
	return tl
}

// table renders the per-family figures; it returns the table, the number
// of meaning-changing pairs and the rewrites' Equal rate in percent.
func (tl suiteTally) table(st *mutation.Stats, golds, pairs int) (string, int, float64) {
	fams := tl.fams
	names := slices.Sorted(maps.Keys(fams))
	sort.SliceStable(names, func(a, b int) bool { return fams[names[a]].expect < fams[names[b]].expect })
	var tb strings.Builder
	fmt.Fprintf(&tb, "%-16s %-11s %8s %8s %8s %9s %8s %8s %8s\n", "family", "expect", "pairs", "equal", "wrong", "undecided", "unparsed", "noanswer", "dropped")
	var mutants, rewrites, rewritesEqual int
	for _, n := range names {
		fs := fams[n]
		fmt.Fprintf(&tb, "%-16s %-11s %8d %8d %8d %9d %8d %8d %8d", n, fs.expect, fs.pairs, fs.equal, fs.wrong, fs.undecided, fs.unparsed, fs.noAnswer+fs.other, st.Dropped[n]+st.OracleSame[n])
		switch fs.expect {
		case mutation.MustEqual:
			rewrites += fs.pairs
			rewritesEqual += fs.equal
			fmt.Fprintf(&tb, "   equal rate %.2f%%", 100*float64(fs.equal)/float64(fs.pairs))
		case mutation.MustDiffer:
			mutants += fs.pairs
			if fs.equal > 0 {
				fmt.Fprintf(&tb, "   FALSE EQUAL %d", fs.equal)
			}
		}
		tb.WriteString("\n")
	}
	fmt.Fprintf(&tb, "golds %d; pairs by benchmark:", golds)
	for _, b := range slices.Sorted(maps.Keys(tl.benches)) {
		fmt.Fprintf(&tb, " %s %d", b, tl.benches[b])
	}
	rate := 100 * float64(rewritesEqual) / float64(max(rewrites, 1))
	fmt.Fprintf(&tb, "\nmeaning-changing pairs %d, false Equal %d; rewrites %d, Equal %d (%.2f%%); all pairs %d\n",
		mutants, len(tl.falseEq), rewrites, rewritesEqual, rate, pairs)
	if n := len(st.PrinterChanged); n > 0 {
		fmt.Fprintf(&tb, "reprints the oracle reads as a different answer (printer defects, not graded): %d, e.g. %s\n", n, st.PrinterChanged[0])
	}
	return tb.String(), mutants, rate
}

// writeFailures writes every failing pair as JSON Lines into dir, with the
// engine's own outcome on each.
func writeFailures(t *testing.T, dir string, tl suiteTally, st *mutation.Stats) {
	for _, fs := range [][]failure{tl.falseEq, tl.rewriteMiss} {
		for i := range fs {
			fs[i].Engine = engineCompare(answer.GoldAnswer(answer.MATH, fs[i].Gold), fs[i].Extracted).Outcome.String()
		}
	}
	writeJSONL(t, filepath.Join(dir, "false_equal.jsonl"), tl.falseEq)
	writeJSONL(t, filepath.Join(dir, "rewrite_not_equal.jsonl"), tl.rewriteMiss)
	var pc []failure
	for _, s := range st.PrinterChanged {
		pc = append(pc, failure{Family: "reprint", Note: s})
	}
	writeJSONL(t, filepath.Join(dir, "printer_changed.jsonl"), pc)
}

// balanced reports whether the braces of s match (a few keys of the early
// HARDMath release lost their opening "\frac{").
func balanced(s string) bool {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

func writeJSONL(t *testing.T, path string, fs []failure) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	enc := json.NewEncoder(f)
	enc.SetEscapeHTML(false)
	for _, x := range fs {
		if err := enc.Encode(x); err != nil {
			t.Fatal(err)
		}
	}
}
