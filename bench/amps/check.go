package amps

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/matheval/matheval/answer"
)

// CheckFailure is a record that did not re-verify.
type CheckFailure struct {
	Line   int    `json:"line"`
	ID     string `json:"id"`
	Module string `json:"module"`
	Reason string `json:"reason"`
}

// CheckReport is the outcome of `data check amps`.
type CheckReport struct {
	Path     string         `json:"path"`
	Records  int            `json:"records"`
	Verified int            `json:"verified"`
	Modules  map[string]int `json:"modules"` // module -> records
	Levels   map[string]int `json:"levels"`
	Splits   map[string]int `json:"splits"`
	// Duplicates counts records whose problem text repeats an earlier one.
	Duplicates int            `json:"duplicates"`
	Failures   []CheckFailure `json:"failures"`
	// Lint lists the form defects the lint finds (see LintRules); a file
	// with any fails the check like a record that does not re-verify.
	Lint []LintRecordFinding `json:"lint"`
	// CrossLevel counts problem texts that occur at two or more levels.
	CrossLevel int `json:"cross_level"`
	// Difficulty is the per-level difficulty proxy of every module (see
	// DifficultyProxy), levels 1-5 (0 where a level has no record), and
	// NotMonotone the modules whose proxy does not rise from each level
	// present to the next.
	Difficulty  map[string][5]float64 `json:"difficulty"`
	NotMonotone []string              `json:"not_monotone"`
	// Overlap is, per module, the largest over adjacent levels L, L+1 of
	// the share of pairs (a level-L record, a level-(L+1) record) whose
	// proxies are out of order (the lower level's at least the higher's):
	// 0 when the levels' proxy ranges are disjoint.
	Overlap map[string]float64 `json:"overlap"`
}

// DifficultyProxy is a record's measured difficulty: the characters of
// mathematics its solution writes before the final sentence, plus those
// of its problem. It grows with the size of the numbers, the number of
// operations and the number of steps, the three things a level is meant to
// raise, and is computed from the text alone, so that any file can be
// measured.
//
// A module with a proxy of its own (Module.Proxy, found by the record's
// module) is measured by it instead.
func DifficultyProxy(r Record) float64 {
	if m, ok := byName[r.Module]; ok && m.Proxy != nil {
		return m.Proxy(r)
	}
	n := 0
	sol := r.Solution
	if i := strings.LastIndex(sol, "\n\nThe answer is"); i >= 0 {
		sol = sol[:i]
	} else if strings.HasPrefix(sol, "The answer is") {
		sol = ""
	}
	for _, t := range []string{r.Problem, sol} {
		_, maths := splitMath(t)
		for _, f := range maths {
			n += len(strings.Join(strings.Fields(f), ""))
		}
	}
	return float64(n)
}

// levelOverlap is the largest share, over adjacent levels present, of
// pairs of their records whose proxies are out of order.
func levelOverlap(ps *[5][]float64) float64 {
	worst := 0.0
	for l := 0; l < 4; l++ {
		lo, hi := append([]float64(nil), ps[l]...), append([]float64(nil), ps[l+1]...)
		if len(lo) == 0 || len(hi) == 0 {
			continue
		}
		sort.Float64s(lo)
		sort.Float64s(hi)
		// For each higher-level value, the lower-level values at or above it.
		out, i := 0, 0
		for _, h := range hi {
			for i < len(lo) && lo[i] < h {
				i++
			}
			out += len(lo) - i
		}
		worst = max(worst, float64(out)/float64(len(lo)*len(hi)))
	}
	return worst
}

// Failed reports whether any record failed or the lint found a defect.
func (r *CheckReport) Failed() bool { return len(r.Failures) > 0 || len(r.Lint) > 0 }

// WriteText prints the report.
func (r *CheckReport) WriteText(w io.Writer) {
	pct := 0.0
	if r.Records > 0 {
		pct = 100 * float64(r.Verified) / float64(r.Records)
	}
	fmt.Fprintf(w, "%s: %d records from %d modules; %d re-verified (%.1f%%)\n", r.Path, r.Records, len(r.Modules), r.Verified, pct)
	fmt.Fprintf(w, "splits: %s; levels: %s; duplicate problems: %d\n", counts(r.Splits), counts(r.Levels), r.Duplicates)
	for i, f := range r.Failures {
		if i == 50 {
			fmt.Fprintf(w, "... %d more failures (--json lists them all)\n", len(r.Failures)-50)
			break
		}
		fmt.Fprintf(w, "line %d: %s (%s): %s\n", f.Line, f.ID, f.Module, f.Reason)
	}
	fmt.Fprintf(w, "problems at two or more levels: %d\n", r.CrossLevel)
	fmt.Fprintf(w, "difficulty proxy (mean characters of mathematics in problem and steps, or solution paragraphs for the modules that count operations), levels 1-5: rises with the level in %d of %d modules\n",
		len(r.Difficulty)-len(r.NotMonotone), len(r.Difficulty))
	var mods []string
	for mod := range r.Difficulty {
		mods = append(mods, mod)
	}
	sort.Strings(mods)
	notMono := map[string]bool{}
	for _, mod := range r.NotMonotone {
		notMono[mod] = true
	}
	for _, mod := range mods {
		d := r.Difficulty[mod]
		mark := ""
		if notMono[mod] {
			mark = "  NOT MONOTONE"
		}
		fmt.Fprintf(w, "  %-32s %6.1f %6.1f %6.1f %6.1f %6.1f  overlap %.3f%s\n", mod, d[0], d[1], d[2], d[3], d[4], r.Overlap[mod], mark)
	}
	disjoint := 0
	for _, o := range r.Overlap {
		if o == 0 {
			disjoint++
		}
	}
	fmt.Fprintf(w, "levels with disjoint proxy ranges (overlap 0 between every two adjacent levels): %d of %d modules\n", disjoint, len(r.Overlap))
	if len(r.Lint) == 0 {
		fmt.Fprintf(w, "form lint: no findings (%d rules)\n", len(LintRules))
		return
	}
	fmt.Fprintf(w, "form lint: %d findings (%s)\n", len(r.Lint), lintCounts(r.Lint))
	for i, f := range r.Lint {
		if i == 50 {
			fmt.Fprintf(w, "... %d more findings (--json lists them all)\n", len(r.Lint)-50)
			break
		}
		fmt.Fprintf(w, "line %d: %s (%s): %s: %s\n", f.Line, f.ID, f.Module, f.Rule, f.Excerpt)
	}
}

func counts(m map[string]int) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var parts []string
	for _, k := range ks {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

// Check re-verifies a generated file: every record must regenerate from
// its module, seed, split, level and index to the same problem, solution
// and answer (which runs the module's second path, the form check and the
// grader checks again) with the same answer form, and its answer must
// grade correct, value and form, against the solution and the gold reply.
func Check(ctx context.Context, path string) (*CheckReport, error) {
	recs, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	rep := &CheckReport{Path: path, Records: len(recs), Modules: map[string]int{}, Levels: map[string]int{}, Splits: map[string]int{}}
	seen := map[string]bool{}
	levelsOf := map[string]map[int]bool{}
	sum := map[string]*[5]float64{}
	proxies := map[string]*[5][]float64{}
	cnt := map[string]*[5]int{}
	for _, r := range recs {
		rep.Modules[r.Module]++
		rep.Levels[r.Level]++
		rep.Splits[r.Split]++
		k := strings.Join(strings.Fields(r.Problem), " ")
		if seen[k] {
			rep.Duplicates++
		}
		seen[k] = true
		mk := r.Module + "\x00" + k
		if levelsOf[mk] == nil {
			levelsOf[mk] = map[int]bool{}
		}
		levelsOf[mk][r.LevelNum()] = true
		if sum[r.Module] == nil {
			sum[r.Module], cnt[r.Module] = &[5]float64{}, &[5]int{}
		}
		if proxies[r.Module] == nil {
			proxies[r.Module] = &[5][]float64{}
		}
		proxies[r.Module][r.LevelNum()-1] = append(proxies[r.Module][r.LevelNum()-1], DifficultyProxy(r))
		sum[r.Module][r.LevelNum()-1] += DifficultyProxy(r)
		cnt[r.Module][r.LevelNum()-1]++
	}
	for _, ls := range levelsOf {
		if len(ls) > 1 {
			rep.CrossLevel++
		}
	}
	rep.Difficulty = map[string][5]float64{}
	for mod, s := range sum {
		var mean [5]float64
		prev, mono := -1.0, true
		for l := range 5 {
			if cnt[mod][l] == 0 {
				continue
			}
			mean[l] = s[l] / float64(cnt[mod][l])
			if mean[l] <= prev {
				mono = false
			}
			prev = mean[l]
		}
		rep.Difficulty[mod] = mean
		if !mono {
			rep.NotMonotone = append(rep.NotMonotone, mod)
		}
	}
	sort.Strings(rep.NotMonotone)
	rep.Overlap = map[string]float64{}
	for mod, ps := range proxies {
		rep.Overlap[mod] = levelOverlap(ps)
	}
	fails := make([]string, len(recs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fails[i] = checkRecord(recs[i])
			}
		}()
	}
	for i := range recs {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, r := range recs {
		for _, f := range Lint(r) {
			rep.Lint = append(rep.Lint, LintRecordFinding{Line: r.line, ID: r.UniqueID, Module: r.Module, LintFinding: f})
		}
	}
	for i, f := range fails {
		if f == "" {
			rep.Verified++
			continue
		}
		rep.Failures = append(rep.Failures, CheckFailure{Line: recs[i].line, ID: recs[i].UniqueID, Module: recs[i].Module, Reason: f})
	}
	return rep, nil
}

// checkRecord returns why a record fails, or "".
func checkRecord(r Record) string {
	m, err := Lookup(r.Module)
	if err != nil {
		return err.Error()
	}
	if r.Type != r.Module {
		return fmt.Sprintf("type %q is not the module %q", r.Type, r.Module)
	}
	re, err := Make(m, r.Seed, r.Split, r.LevelNum(), r.Index)
	if err != nil {
		return "does not regenerate: " + err.Error()
	}
	switch {
	case re.Problem != r.Problem:
		return "the problem differs from its regeneration"
	case re.Solution != r.Solution:
		return "the solution differs from its regeneration"
	case re.Answer != r.Answer:
		return fmt.Sprintf("the answer %q differs from its regeneration %q", r.Answer, re.Answer)
	case re.UniqueID != r.UniqueID || re.Area != r.Area:
		return "the id or area differs from its regeneration"
	case re.Form != r.Form:
		return fmt.Sprintf("the answer form %q differs from the module's %q", r.Form.String(), re.Form.String())
	}
	ctx := context.Background()
	if v := GradeForm(ctx, r.Form, r.Answer, r.Solution, ""); v.Kind != answer.Correct {
		return fmt.Sprintf("the solution grades %s against the answer (%s)", v.Kind, v.Reason)
	}
	if v := GradeForm(ctx, r.Form, r.Answer, GoldReply(r.Answer), ""); v.Kind != answer.Correct {
		return fmt.Sprintf("the gold reply grades %s (%s)", v.Kind, v.Reason)
	}
	return ""
}
