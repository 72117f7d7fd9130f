package amps

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/cas"
	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// Splits.
const (
	Train       = "train"
	Interpolate = "interpolate"
	Extrapolate = "extrapolate"
)

// interpolateShare: a problem belongs to interpolate when the hash of its
// text is 0 mod interpolateShare (one problem text in eight).
const interpolateShare = 8

// extrapolateShift is added to the level to get the size of extrapolate
// problems: levels 1-5 are drawn at sizes 6-10, beyond every train size.
const extrapolateShift = 5

// gradeTimeout is the grader's deadline in the checks: far above what
// grading a generated answer takes. Timing never decides whether a problem
// is kept (the output must depend on the seed alone): a check that runs out
// of time stops the generation with ErrOverloaded instead of dropping.
const gradeTimeout = 10 * time.Second

// ErrOverloaded reports a check that ran out of time: the machine is too
// loaded for a deterministic generation, which is stopped rather than let
// timing decide which problems are kept.
var ErrOverloaded = errors.New("a check ran out of time (machine overloaded); generation stopped so that timing cannot change the output")

// Problem is what a module returns: the exercise, its solution steps, its
// answer, and how to check it.
type Problem struct {
	Problem string   // the statement, LaTeX in text
	Steps   []string // the solution's paragraphs before the final sentence
	Answer  string   // the answer, LaTeX (the \boxed{} content)
	// Reprint is the answer as an expr tree built from the computed value
	// (not from Answer's text); its LaTeX, printed by expr, is graded
	// against the solution. Nil for word answers, which are checked by
	// grading the solution against Answer itself.
	Reprint expr.Node
	// Check recomputes the answer by a second path and returns an error
	// when the two disagree.
	Check func() error
	// Echo is the question's own expression written as an answer (the
	// formula the question asks to factor, expand, simplify or work out),
	// for modules with a form: a problem whose Echo is already in the
	// asked form is degenerate (copying the question would be right) and
	// is dropped. "" when the module has none.
	Echo string
	// Sympy holds the inputs and the answer in sympy syntax for the
	// differential test (testdata/sympy_check.py reads them by module).
	Sympy map[string]string
}

// G is the generation context a module draws from.
type G struct {
	r     *rand.Rand
	Level int    // 1-5
	Size  int    // Level for train and interpolate, Level+5 for extrapolate
	Split string // Train, Interpolate or Extrapolate
}

// Int returns a uniform integer in [lo, hi].
func (g *G) Int(lo, hi int64) int64 {
	if hi < lo {
		lo, hi = hi, lo
	}
	return lo + g.r.Int64N(hi-lo+1)
}

// NZ returns a uniform nonzero integer in [lo, hi].
func (g *G) NZ(lo, hi int64) int64 {
	for {
		if v := g.Int(lo, hi); v != 0 {
			return v
		}
	}
}

// IntN returns a uniform int in [0, n).
func (g *G) IntN(n int) int { return g.r.IntN(n) }

// Sign returns 1 or -1.
func (g *G) Sign() int64 {
	if g.r.IntN(2) == 0 {
		return 1
	}
	return -1
}

// Pick returns one of the strings.
func (g *G) Pick(s ...string) string { return s[g.r.IntN(len(s))] }

// Bool returns true with probability 1/2.
func (g *G) Bool() bool { return g.r.IntN(2) == 0 }

// Distinct returns k distinct integers in [lo, hi] in draw order.
func (g *G) Distinct(k int, lo, hi int64) []int64 {
	if hi-lo+1 < int64(k) {
		panic("amps: range too small for distinct values")
	}
	seen := map[int64]bool{}
	var out []int64
	for len(out) < k {
		v := g.Int(lo, hi)
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// Perm returns a random permutation of [0, n).
func (g *G) Perm(n int) []int { return g.r.Perm(n) }

// ByLevel returns the value for the current size from a per-size table
// (index size-1), extending the last step's growth past the table's end.
func (g *G) ByLevel(vals ...int64) int64 {
	i := g.Size - 1
	if i < len(vals) {
		return vals[i]
	}
	last := vals[len(vals)-1]
	step := int64(1)
	if len(vals) > 1 {
		step = max(last-vals[len(vals)-2], 1)
	}
	return last + step*int64(i-len(vals)+1)
}

// Options choose what Generate produces.
type Options struct {
	Modules []*Module // nil: every module
	N       int       // problems kept per module
	Seed    int64
	Level   int    // 1-5, or 0 for levels 1-5 in turn
	Split   string // Train (default), Interpolate or Extrapolate
	// KeepSympy keeps each problem's sympy data in the records (for the
	// differential test); it is never written to files.
	KeepSympy bool
	// Workers bounds the modules generated at once (0: GOMAXPROCS).
	Workers int
	// NoRepeats closes a level whose problems have run out instead of
	// keeping repeats: the other levels take its turns, and a module whose
	// levels have all run out keeps fewer than N (ModuleStats.Short).
	NoRepeats bool
}

// Record is one generated problem as written to JSON Lines: MATH's record
// shape plus where it came from.
type Record struct {
	Problem  string `json:"problem"`
	Solution string `json:"solution"`
	Answer   string `json:"answer"`
	Level    string `json:"level"` // "Level 3", as MATH writes it
	Type     string `json:"type"`  // the module, where MATH has the subject
	Module   string `json:"module"`
	Area     string `json:"area"`
	Split    string `json:"split"`
	Seed     int64  `json:"seed"`
	Index    int    `json:"index"` // the attempt number within the module: with seed, split and level it regenerates the problem
	UniqueID string `json:"unique_id"`
	// Form is the written form the answer must have besides its value
	// (the module's; absent for none): Grade and data check enforce it.
	Form Form `json:"form,omitempty"`

	Sympy map[string]string `json:"-"`
	line  int               // the line a record was read from (Read)
}

// LevelNum returns the record's level as a number (0 when unreadable).
func (r Record) LevelNum() int {
	n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(r.Level, "Level")))
	return n
}

// ModuleStats counts what generation kept and dropped for one module.
type ModuleStats struct {
	Module  string         `json:"module"`
	Kept    int            `json:"kept"`
	Dropped int            `json:"dropped"`
	Reasons map[string]int `json:"reasons,omitempty"` // why problems were dropped
	// Repeats counts draws skipped because the module had already kept the
	// same problem text; Repeated, the problems kept again once the module's
	// space looked exhausted (its allowance of skips spent).
	Repeats  int `json:"repeats_skipped,omitempty"`
	Repeated int `json:"repeats_kept,omitempty"`
	// CrossRepeats counts the module's problems whose text (spaces
	// normalised) a module before it in the output already wrote.
	CrossRepeats int `json:"cross_repeats,omitempty"`
	// Short is how many problems fewer than N the module kept (NoRepeats:
	// every level's problems ran out).
	Short int `json:"short,omitempty"`
}

// Stats are a generation's counts.
type Stats struct {
	Kept, Dropped int
	// Repeats, Repeated and CrossRepeats sum the modules' (ModuleStats);
	// Short counts the modules that kept fewer than N.
	Repeats, Repeated, CrossRepeats, Short int
	Modules                                []ModuleStats
}

// ErrTooManyFailures stops a module whose problems keep failing their checks.
var ErrTooManyFailures = errors.New("too many problems failed their checks")

func validSplit(s string) (string, error) {
	switch s {
	case "", Train:
		return Train, nil
	case Interpolate, Extrapolate:
		return s, nil
	}
	return "", fmt.Errorf("amps: unknown split %q (train, interpolate or extrapolate)", s)
}

// Generate draws opts.N verified problems from every module and returns
// them in memory (GenerateTo writes them as they come instead). The output
// depends only on the options: the same seed gives the same records.
func Generate(ctx context.Context, opts Options) ([]Record, Stats, error) {
	mods, split, err := checkOptions(opts)
	if err != nil {
		return nil, Stats{}, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	type result struct {
		recs []Record
		st   ModuleStats
		err  error
	}
	results := make([]result, len(mods))
	var wg sync.WaitGroup
	sem := make(chan struct{}, workers)
	for i, m := range mods {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			var recs []Record
			st, err := generateModule(ctx, m, opts, split, func(r Record) error {
				recs = append(recs, r)
				return nil
			})
			results[i] = result{recs, st, err}
		}()
	}
	wg.Wait()
	var all []Record
	var st Stats
	cross := newCrossSet()
	for i, res := range results {
		if res.err != nil {
			return nil, st, fmt.Errorf("amps: module %s: %w", mods[i].Name, res.err)
		}
		before := len(all)
		all = append(all, res.recs...)
		res.st.CrossRepeats = cross.addModule(all[before:])
		st.add(res.st)
	}
	return all, st, nil
}

// checkOptions validates the options and resolves the modules and split.
func checkOptions(opts Options) ([]*Module, string, error) {
	split, err := validSplit(opts.Split)
	if err != nil {
		return nil, "", err
	}
	if opts.N < 1 {
		return nil, "", fmt.Errorf("amps: --n %d: want at least 1 problem per module", opts.N)
	}
	if opts.Level < 0 || opts.Level > 5 {
		return nil, "", fmt.Errorf("amps: --level %d: want 1-5 (or 0 for all)", opts.Level)
	}
	mods := opts.Modules
	if mods == nil {
		mods = Modules()
	}
	return mods, split, nil
}

// add sums a module's stats into the generation's.
func (s *Stats) add(m ModuleStats) {
	s.Kept += m.Kept
	s.Dropped += m.Dropped
	s.Repeats += m.Repeats
	s.Repeated += m.Repeated
	s.CrossRepeats += m.CrossRepeats
	if m.Short > 0 {
		s.Short++
	}
	s.Modules = append(s.Modules, m)
}

// generateModule draws module m's problems and passes each kept record to
// emit, in order.
func generateModule(ctx context.Context, m *Module, opts Options, split string, emit func(Record) error) (ModuleStats, error) {
	st := ModuleStats{Module: m.Name, Reasons: map[string]int{}}
	// A module does not keep the same problem text twice while it can
	// draw others: small spaces (level 1 of a module with few numbers)
	// repeat themselves otherwise, and a repeated item counts twice in a
	// score. A level whose last repeatStreak draws in a row were all
	// repeats is taken as exhausted: from then on its repeats are kept
	// (and counted), so a tiny space costs a bounded number of draws; with
	// opts.NoRepeats the level is closed instead and the levels left take
	// its turns. The kept texts are held as 128-bit hashes (hashSet), and
	// a draw is compared with them before its checks run, so a repeat
	// costs its draw alone.
	seen := newHashSet()
	exhausted := [6]bool{}
	open := []int{1, 2, 3, 4, 5}
	if opts.Level != 0 {
		open = []int{opts.Level}
	}
	streak := 0
	for index := 0; st.Kept < opts.N; index++ {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		// Too many failures: more than two per problem drawn well (kept or
		// a repeat), past a first 20.
		if st.Dropped >= 2*(st.Kept+st.Repeats)+20 {
			return st, fmt.Errorf("%w: %d kept of %d tried (%s)", ErrTooManyFailures, st.Kept, index, reasonList(st.Reasons))
		}
		level := open[st.Kept%len(open)]
		p, err := drawFor(m, opts.Seed, split, level, index)
		if err != nil {
			st.Dropped++
			st.Reasons[dropReason(err)]++
			continue
		}
		key := hashText(p.Problem)
		repeat := seen.has(key)
		if repeat {
			if streak++; streak >= repeatStreak {
				exhausted[level] = true
			}
			if !exhausted[level] {
				st.Repeats++
				continue
			}
			if opts.NoRepeats {
				st.Repeats++
				streak = 0
				open = slices.DeleteFunc(open, func(l int) bool { return l == level })
				if len(open) == 0 {
					break
				}
				continue
			}
		}
		rec, err := finish(m, p, opts.Seed, split, level, index)
		if errors.Is(err, ErrOverloaded) {
			return st, err
		}
		if err != nil {
			st.Dropped++
			st.Reasons[dropReason(err)]++
			continue
		}
		if repeat {
			st.Repeated++
		}
		streak = 0
		seen.add(key)
		if !opts.KeepSympy {
			rec.Sympy = nil
		}
		if err := emit(rec); err != nil {
			return st, err
		}
		st.Kept++
	}
	st.Short = opts.N - st.Kept
	if len(st.Reasons) == 0 {
		st.Reasons = nil
	}
	return st, nil
}

// repeatStreak is how many draws in a row must repeat kept problems before
// a level's problem space is taken as exhausted.
const repeatStreak = 64

func reasonList(m map[string]int) string {
	var ks []string
	for k, v := range m {
		ks = append(ks, fmt.Sprintf("%s: %d", k, v))
	}
	sort.Strings(ks)
	return strings.Join(ks, "; ")
}

// dropReason shortens an error to a count key.
func dropReason(err error) string {
	s := err.Error()
	if i := strings.Index(s, ":"); i > 0 && i < 40 {
		return s[:i]
	}
	if len(s) > 60 {
		return s[:60]
	}
	return s
}

// problemSeed derives the random stream of one problem attempt.
func problemSeed(seed int64, module, split string, level, index int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "amps/%d/%s/%s/%d/%d", seed, module, split, level, index)
	return h.Sum64()
}

// textHash is FNV-1a of the text, finalized by MurmurHash3's 64-bit mix:
// FNV-1a's low bits depend only on the low bits of the bytes (its prime
// is odd), so taken mod 8 alone it put every problem of some families
// (texts differing only in a number written twice) on the same side of
// the split.
func textHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	x := h.Sum64()
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// inSplit says whether a problem text belongs to the split (train and
// interpolate partition the problem texts; extrapolate takes any).
func inSplit(problem, split string) bool {
	interp := textHash(problem)%interpolateShare == 0
	switch split {
	case Train:
		return !interp
	case Interpolate:
		return interp
	}
	return true
}

// Make draws, checks and formats one problem: module m's attempt index at
// the given seed, split and level. It is what Generate calls and what
// `data check amps` calls again to re-verify a record.
func Make(m *Module, seed int64, split string, level, index int) (rec Record, err error) {
	split, err = validSplit(split)
	if err != nil {
		return Record{}, err
	}
	if level < 1 || level > 5 {
		return Record{}, fmt.Errorf("level %d: want 1-5", level)
	}
	p, err := drawFor(m, seed, split, level, index)
	if err != nil {
		return Record{}, err
	}
	return finish(m, p, seed, split, level, index)
}

// finish checks a drawn problem (verify) and makes its record.
func finish(m *Module, p *Problem, seed int64, split string, level, index int) (Record, error) {
	sol := solution(p)
	if err := verify(p, m.Form); err != nil {
		return Record{}, err
	}
	return Record{
		Problem: p.Problem, Solution: sol, Answer: p.Answer,
		Level: "Level " + strconv.Itoa(level), Type: m.Name, Module: m.Name, Area: m.Area, Split: split,
		Seed: seed, Index: index,
		UniqueID: fmt.Sprintf("%s/%s/%d-%d-%d", split, m.Name, seed, level, index),
		Form:     m.Form,
		Sympy:    p.Sympy,
	}, nil
}

// draw1 runs the module's generator once; a size limit of the exact
// machinery (cas.Guard) drops the problem with its reason. Any other panic
// is a bug of ours and stops the generation loudly.
func draw1(m *Module, g *G) (p *Problem, err error) {
	err = cas.Guard(func() error {
		var e error
		p, e = m.gen(g)
		return e
	})
	if err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	if p == nil || strings.TrimSpace(p.Problem) == "" || strings.TrimSpace(p.Answer) == "" {
		return nil, errors.New("generate: empty problem or answer")
	}
	return p, nil
}

// solution joins the steps and the final sentence with the boxed answer.
func solution(p *Problem) string {
	var sb strings.Builder
	for _, s := range p.Steps {
		sb.WriteString(s)
		sb.WriteString("\n\n")
	}
	sb.WriteString(finalSentence(p.Answer))
	return sb.String()
}

// finalSentence is the last paragraph of every solution.
func finalSentence(ans string) string { return `The answer is $\boxed{` + ans + `}$.` }

// GoldReply is the reply builtin:gold gives for an answer.
func GoldReply(ans string) string { return `The final answer is $\boxed{` + ans + `}$.` }

// Policy is the grading policy: MATH's.
var Policy = answer.MATH

// checkPolicy is Policy with the checks' generous deadline.
var checkPolicy = answer.MATH.WithTimeout(gradeTimeout)

// verify runs a problem's checks: its second path; the printer check (the
// boxed LaTeX, read by the project's parser, evaluates to the computed
// value); the form check (the boxed answer is in the module's form); and
// the grader on the solution, read as a model's reply, against a reprint
// of the answer, and on the gold reply.
func verify(p *Problem, form Form) (err error) {
	if p.Check == nil {
		return errors.New("check: the module gave no second path")
	}
	if err := cas.Guard(p.Check); err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, expr.ErrDeadline) {
			return fmt.Errorf("%w: %v", ErrOverloaded, err)
		}
		return fmt.Errorf("check: %w", err)
	}
	// The steps hold no \boxed, so the grader reads the solution's answer
	// from its final sentence alone: that sentence is graded here (data check
	// grades the whole solution).
	for _, st := range p.Steps {
		if strings.Contains(st, `\boxed`) || strings.Contains(st, `\fbox`) {
			return errors.New("grade: a step holds a \\boxed, which would compete with the answer")
		}
	}
	if err := echoCheck(p.Echo, form); err != nil {
		return err
	}
	return gradeCheck(p.Answer, p.Reprint, finalSentence(p.Answer), form)
}

// echoCheck drops a degenerate problem: one whose own expression, copied
// as the answer, is already in the asked form.
func echoCheck(echo string, form Form) error {
	if echo == "" || form == FormNone {
		return nil
	}
	n, err := latex.Parse(echo)
	if err != nil {
		return fmt.Errorf("form: the question's expression %q does not parse: %v", echo, err)
	}
	why, err := CheckForm(form, n)
	if err != nil {
		return fmt.Errorf("form: the question's expression %q: %v", echo, err)
	}
	if why == "" {
		return fmt.Errorf("degenerate: the question's expression %q is already in the asked form (%s)", echo, form)
	}
	return nil
}

// firstMath is the first $...$ formula of a text.
func firstMath(text string) string {
	_, rest, ok := strings.Cut(text, "$")
	if !ok {
		return ""
	}
	f, _, _ := strings.Cut(rest, "$")
	return f
}

func errOrNil(err error) any {
	if err == nil {
		return ""
	}
	return err
}

// gradeCheck reads the answer with the grader's parser and compares it
// with the tree of the computed value (printer check), then grades the
// solution's final sentence, read as a model's reply, against the parsed
// answer printed back by expr (a reprint of the answer): it must be correct. (builtin:gold's
// reply states the answer's own text, which the grader accepts as
// identical text; TestGoldScoresPerfect and data check grade it.)
func gradeCheck(ans string, value expr.Node, sol string, form Form) error {
	parsed, err := latex.Parse(ans)
	if err != nil {
		return fmt.Errorf("print: the answer does not parse: %v", err)
	}
	if why, err := CheckForm(form, parsed); why != "" || err != nil {
		return fmt.Errorf("form: the answer %q is not %s: %s%v", ans, form, why, errOrNil(err))
	}
	if value != nil {
		if err := sameValue(parsed, value); err != nil {
			return fmt.Errorf("print: the answer %q is not the computed value: %v", ans, err)
		}
	}
	reprint := parsed.String()
	start := time.Now()
	if v := answer.Grade(checkPolicy, reprint, sol, ""); v.Kind != answer.Correct {
		if v.Kind == answer.Undecided && time.Since(start) > gradeTimeout*9/10 {
			return fmt.Errorf("%w: grading %q: %s", ErrOverloaded, ans, v.Reason)
		}
		return fmt.Errorf("grade: solution against the reprint %q: %s (%s)", reprint, v.Kind, v.Reason)
	}
	return nil
}
