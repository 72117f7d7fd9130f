package minif2f

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/template"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/formal/hollight"
	"github.com/matheval/matheval/formal/lean"
)

// Options configure the benchmark: which track, and how to verify.
type Options struct {
	// Track is TrackMetamath (default), TrackLean or TrackHOL.
	Track string
	// SetMM is the set.mm the Metamath track checks against (default
	// DefaultSetMM).
	SetMM string
	// Informal is the folder of informal statements and proofs
	// (valid/NAME.json, test/NAME.json); "" looks for "informal" beside
	// the track's folder; "none" gives none.
	Informal string
	// MATH is a MATH tree (the folder holding test/): with it the
	// MATH-derived problems get their level.
	MATH string
	// Jobs is the number of proofs checked at once: Metamath checks (one
	// set.mm in memory), HOL Light sessions, Lean REPLs (default 2).
	Jobs int
	// ProofTimeout bounds checking one proof (HOL Light, Lean; default 20 s).
	ProofTimeout time.Duration
	// HOL configures HOL Light sessions.
	HOL hollight.Config
	// Lean configures the Lean 4 REPLs (Command is required for the track).
	Lean lean.Config
	// Log, when set, receives progress lines (verifier start-up).
	Log func(format string, args ...any)
}

// DefaultHOLLibraries are the Library files loaded after HOL Light's core:
// the statements use floor, primes and the transcendental functions (ln
// only exists in Library/transc.ml). Complex numbers would need
// Multivariate (33 minutes of loading), so statements over complex numbers
// are reported as data errors.
var DefaultHOLLibraries = []string{"Library/floor.ml", "Library/prime.ml", "Library/analysis.ml", "Library/transc.ml"}

// Bench is miniF2F as a bench.Benchmark: items are formal statements, a
// reply's proof is extracted and checked by the track's verifier (the
// Metamath verifier of package formal/metamath against one set.mm, HOL
// Light sessions, the Lean 4 REPL), and the verdict's reason is the
// verifier's message. The verifiers start in Load (so that a verifier
// that cannot run stops the run before any request) and stop in Close.
type Bench struct {
	opts Options

	mu       sync.Mutex
	mm       *Checker
	mmInfo   SetMMInfo
	hol      *hollight.Pool
	holPool  *hollight.Pool // the pool, also while it starts
	holReady chan struct{}  // closed when the start has ended
	holErr   error
	leanC    chan *lean.Checker
	leanAll  []*lean.REPL
	leanErr  error
	closed   bool
}

// New returns the benchmark with opts (defaults filled in).
func New(opts Options) *Bench {
	if opts.Track == "" {
		opts.Track = TrackMetamath
	}
	if opts.SetMM == "" {
		opts.SetMM = DefaultSetMM
	}
	if opts.Jobs <= 0 {
		opts.Jobs = 2
	}
	if opts.ProofTimeout <= 0 {
		opts.ProofTimeout = 20 * time.Second
	}
	if opts.HOL.Libraries == nil {
		opts.HOL.Libraries = DefaultHOLLibraries
	}
	if opts.HOL.Log == nil {
		opts.HOL.Log = opts.Log
	}
	return &Bench{opts: opts}
}

// Name is the benchmark's command-line name.
func (b *Bench) Name() string { return "minif2f" }

// Track returns the configured track.
func (b *Bench) Track() string { return b.opts.Track }

// Options lists the command-line options of "run minif2f".
func (b *Bench) Options() []bench.Option {
	return []bench.Option{
		{Name: "track", Default: TrackMetamath, Usage: "miniF2F: formal system: metamath, lean or hollight"},
		{Name: "setmm", Default: DefaultSetMM, Usage: "miniF2F metamath: set.mm to check proofs against (get a recent one with 'matheval data pull setmm')"},
		{Name: "informal", Default: "", Usage: "miniF2F: folder of informal statements and proofs (default: informal/ beside the data; none: without)"},
		{Name: "math-data", Default: "", Usage: "miniF2F: MATH tree (folder with test/) giving the MATH-derived problems their level"},
		{Name: "verifier-jobs", Default: "2", Usage: "miniF2F: proofs checked at once (Metamath checks, HOL Light sessions, Lean REPLs)", Type: "int"},
		{Name: "proof-timeout", Default: "20s", Usage: "miniF2F hollight, lean: time limit for checking one proof"},
		{Name: "hol-dir", Default: hollight.DefaultDir, Usage: "miniF2F hollight: HOL Light folder (hol.ml and its ocaml toplevel)"},
		{Name: "hol-libraries", Default: strings.Join(DefaultHOLLibraries, ","), Usage: "miniF2F hollight: Library files loaded after the core (comma-separated; empty: core only)"},
		{Name: "hol-memory-mb", Default: "4096", Usage: "miniF2F hollight: memory limit of each HOL Light session", Type: "int"},
		{Name: "lean-repl", Default: "", Usage: "miniF2F lean: shell command starting the Lean 4 REPL (leanprover-community/repl), e.g. 'lake env .lake/build/bin/repl'"},
		{Name: "lean-project", Default: ".", Usage: "miniF2F lean: Lean project with Mathlib built, where the REPL runs"},
		{Name: "lean-memory-mb", Default: "0", Usage: "miniF2F lean: kill and restart a REPL over this resident memory (0: no limit)", Type: "int"},
	}
}

// Configure returns a benchmark set up with the command line's values.
func (b *Bench) Configure(v map[string]string) (bench.Benchmark, error) {
	o := Options{Track: v["track"], SetMM: v["setmm"], Informal: v["informal"], MATH: v["math-data"], Log: b.opts.Log}
	switch o.Track {
	case "", TrackMetamath, TrackLean, TrackHOL:
	default:
		return nil, fmt.Errorf("--track %q: want metamath, lean or hollight", o.Track)
	}
	var err error
	if s := v["verifier-jobs"]; s != "" {
		if o.Jobs, err = strconv.Atoi(s); err != nil || o.Jobs < 1 {
			return nil, fmt.Errorf("--verifier-jobs %q: want a positive integer", s)
		}
	}
	if s := v["proof-timeout"]; s != "" {
		if o.ProofTimeout, err = time.ParseDuration(s); err != nil || o.ProofTimeout < time.Second {
			return nil, fmt.Errorf("--proof-timeout %q: want a duration of at least 1s", s)
		}
	}
	o.HOL.Dir = v["hol-dir"]
	o.HOL.Libraries = []string{}
	for _, l := range strings.Split(v["hol-libraries"], ",") {
		if l = strings.TrimSpace(l); l != "" {
			o.HOL.Libraries = append(o.HOL.Libraries, l)
		}
	}
	if _, ok := v["hol-libraries"]; !ok {
		o.HOL.Libraries = nil
	}
	if s := v["hol-memory-mb"]; s != "" {
		if o.HOL.MaxMemoryMB, err = strconv.Atoi(s); err != nil || o.HOL.MaxMemoryMB < 256 {
			return nil, fmt.Errorf("--hol-memory-mb %q: want at least 256", s)
		}
	}
	o.Lean.Command = v["lean-repl"]
	o.Lean.Dir = v["lean-project"]
	if s := v["lean-memory-mb"]; s != "" {
		if o.Lean.MaxMemoryMB, err = strconv.Atoi(s); err != nil || o.Lean.MaxMemoryMB < 0 {
			return nil, fmt.Errorf("--lean-memory-mb %q: want a number of MiB, 0 for no limit", s)
		}
	}
	return New(o), nil
}

// SetLog sets where verifier progress lines go.
func (b *Bench) SetLog(log func(format string, args ...any)) {
	b.opts.Log = log
	b.opts.HOL.Log = log
}

// Close stops the verifiers (HOL Light sessions, Lean REPLs).
func (b *Bench) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	if b.holPool != nil {
		b.holPool.Close()
	}
	for _, r := range b.leanAll {
		r.Close()
	}
	return nil
}

// GraderVersion names the grader and the verifier a run used (for Metamath
// the set.mm's date and hash), for the run's manifest.
func (b *Bench) GraderVersion() string {
	v := "minif2f " + b.opts.Track + " grader"
	b.mu.Lock()
	defer b.mu.Unlock()
	switch b.opts.Track {
	case TrackMetamath:
		if b.mm != nil {
			v += "; " + b.mmInfo.String()
		}
	case TrackHOL:
		v += fmt.Sprintf("; HOL Light %s, libraries [%s]", b.opts.HOL.Dir, strings.Join(b.opts.HOL.Libraries, " "))
		if b.hol != nil {
			st := b.hol.Stats()
			v += "; sandbox: " + st.Sandbox
		}
	case TrackLean:
		v += "; Lean REPL: " + b.opts.Lean.Command + " in " + b.opts.Lean.Dir
	}
	return v
}

// trackDirs are the folder names of the tracks inside a miniF2F root.
var trackDirs = map[string]string{TrackMetamath: "metamath", TrackHOL: "hollight", TrackLean: "lean4"}

// statementDirs resolves --data for a folder-based track: the miniF2F
// root (holding metamath/ or hollight/), a track folder (holding valid/
// and test/), or one split folder; split ("" = both) picks the splits.
func statementDirs(path, track, split string) (dirs []string, root string, err error) {
	if path == "" {
		return nil, "", fmt.Errorf("miniF2F needs --data: the miniF2F folder (with %s/) or a folder of statements", trackDirs[track])
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, "", err
	}
	if !info.IsDir() {
		return []string{path}, "", nil
	}
	base := path
	if isDir(filepath.Join(path, trackDirs[track])) {
		base = filepath.Join(path, trackDirs[track])
	}
	if isDir(filepath.Join(base, "valid")) || isDir(filepath.Join(base, "test")) {
		for _, s := range []string{"valid", "test"} {
			if (split == "" || split == s) && isDir(filepath.Join(base, s)) {
				dirs = append(dirs, filepath.Join(base, s))
			}
		}
		if len(dirs) == 0 {
			return nil, "", fmt.Errorf("%s has no %s folder", base, split)
		}
		return dirs, filepath.Dir(base), nil
	}
	return []string{base}, filepath.Dir(filepath.Dir(base)), nil
}

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}

// informalFor finds the informal statements: the option, else informal/
// beside the track's folder.
func (b *Bench) informalFor(root string) (map[string]Informal, string, error) {
	dir := b.opts.Informal
	if dir == "none" {
		return nil, "", nil
	}
	if dir == "" {
		if root == "" || !isDir(filepath.Join(root, "informal")) {
			return nil, "", nil
		}
		dir = filepath.Join(root, "informal")
	}
	m, err := LoadInformal(dir)
	return m, dir, err
}

// Load reads the statements of the configured track, selects them, and
// starts the track's verifier.
func (b *Bench) Load(ctx context.Context, path string, opts bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	if opts.Split != "" && opts.Split != "valid" && opts.Split != "test" {
		return nil, nil, fmt.Errorf("miniF2F --split %q: want valid or test (or none for both)", opts.Split)
	}
	var items []bench.Item
	var warns []bench.Warning
	var err error
	switch b.opts.Track {
	case TrackMetamath:
		items, warns, err = b.loadMetamath(path, opts)
	case TrackHOL:
		items, warns, err = b.loadHOL(ctx, path, opts)
	case TrackLean:
		items, warns, err = b.loadLean(path, opts)
	default:
		return nil, nil, fmt.Errorf("miniF2F: unknown track %q", b.opts.Track)
	}
	if err != nil {
		return nil, warns, err
	}
	if b.opts.MATH != "" {
		var names []string
		for _, it := range items {
			names = append(names, it.Meta["name"])
		}
		levels, err := MATHLevels(b.opts.MATH, names)
		if err != nil {
			return nil, warns, err
		}
		for _, it := range items {
			if l, ok := levels[it.Meta["name"]]; ok {
				it.Meta["level"] = l
			}
		}
	}
	items = bench.Select(items, opts, nil, bench.PCG(0x6d696e69663266))
	if len(items) == 0 {
		return nil, warns, fmt.Errorf("miniF2F: no statements selected (check --data, --split and the filters)")
	}
	// The verifier starts now: one that cannot run stops the run here.
	switch b.opts.Track {
	case TrackMetamath:
		w, err := b.startMetamath(items)
		warns = append(warns, w...)
		if err != nil {
			return nil, warns, err
		}
	case TrackHOL:
		w, err := b.startHOL(ctx, items)
		warns = append(warns, w...)
		if err != nil {
			return nil, warns, err
		}
	case TrackLean:
		if err := b.startLean(items); err != nil {
			return nil, warns, err
		}
	}
	return items, warns, nil
}

func newItem(track, split, name, problem string) bench.Item {
	return bench.Item{
		ID:      split + "/" + name,
		Problem: problem,
		// format=code: viewers show the statement and the proofs as code
		// ("$" is Metamath's keyword sigil, not a formula).
		Meta:  map[string]string{"split": split, "source": SourceOf(name), "track": track, "name": name, "format": "code"},
		Extra: map[string]any{},
	}
}

func addInformal(it *bench.Item, inf map[string]Informal) {
	if in, ok := inf[InformalKey(it.Meta["split"], it.Meta["name"])]; ok {
		it.Extra["informal"] = in.Statement
		it.Extra["informal_proof"] = in.Proof
		it.Solution = in.Proof
	}
}

// trackFiles reads a track's statement files under path with load, and
// the informal statements beside them.
func trackFiles[P any](b *Bench, path, track, split string, load func([]string) ([]P, error)) ([]P, map[string]Informal, error) {
	dirs, root, err := statementDirs(path, track, split)
	if err != nil {
		return nil, nil, err
	}
	problems, err := load(dirs)
	if err != nil {
		return nil, nil, err
	}
	inf, _, err := b.informalFor(root)
	if err != nil {
		return nil, nil, err
	}
	return problems, inf, nil
}

// fileWarnings turns the quirks loading got over in file into warnings.
func fileWarnings(file string, quirks []string) []bench.Warning {
	var out []bench.Warning
	for _, w := range quirks {
		out = append(out, bench.Warning{Where: file, Message: strings.TrimPrefix(w, file+": ")})
	}
	return out
}

func (b *Bench) loadMetamath(path string, opts bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	problems, inf, err := trackFiles(b, path, TrackMetamath, opts.Split, LoadDirs)
	if err != nil {
		return nil, nil, err
	}
	var items []bench.Item
	var warns []bench.Warning
	for _, p := range problems {
		warns = append(warns, fileWarnings(p.File, p.Warnings)...)
		it := newItem(TrackMetamath, p.Split, p.Name, p.Statement)
		it.Extra["statement"] = p.Statement
		it.Extra["file"] = p.File
		it.Meta["reference"] = "no"
		if p.Reference != "" {
			it.Meta["reference"] = "yes"
			it.Extra["reference"] = p.Reference
		}
		addInformal(&it, inf)
		items = append(items, it)
	}
	return items, warns, nil
}

func (b *Bench) loadHOL(ctx context.Context, path string, opts bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	problems, inf, err := trackFiles(b, path, TrackHOL, opts.Split, LoadHOL)
	if err != nil {
		return nil, nil, err
	}
	var items []bench.Item
	var warns []bench.Warning
	for _, p := range problems {
		warns = append(warns, fileWarnings(p.File, p.Warnings)...)
		it := newItem(TrackHOL, p.Split, p.Name, p.Goal)
		it.Extra["goal"] = p.Goal
		if p.DataError != "" {
			it.Extra["data_error"] = p.DataError
		}
		addInformal(&it, inf)
		items = append(items, it)
	}
	return items, warns, nil
}

func (b *Bench) loadLean(path string, opts bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	file := path
	if path == "" {
		return nil, nil, fmt.Errorf("miniF2F lean needs --data: the Lean 4 statements (minif2f.jsonl) or the miniF2F folder")
	}
	if isDir(path) {
		for _, c := range []string{filepath.Join(path, "lean4", "minif2f.jsonl"), filepath.Join(path, "minif2f.jsonl")} {
			if _, err := os.Stat(c); err == nil {
				file = c
				break
			}
		}
	}
	problems, err := LoadLean(file)
	if err != nil {
		return nil, nil, err
	}
	root := filepath.Dir(filepath.Dir(file))
	inf, _, err := b.informalFor(root)
	if err != nil {
		return nil, nil, err
	}
	var items []bench.Item
	for _, p := range problems {
		if opts.Split != "" && p.Split != opts.Split {
			continue
		}
		it := newItem(TrackLean, p.Split, p.Name, p.Statement)
		it.Extra["statement"] = p.Statement
		it.Extra["header"] = p.Header
		it.Extra["goal"] = p.Goal
		if p.Informal != "" {
			s := strings.TrimSpace(p.Informal)
			s = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, "/--"), "-/"))
			it.Extra["informal"] = s
		}
		addInformal(&it, inf)
		items = append(items, it)
	}
	return items, nil, nil
}

// startMetamath reads set.mm once and checks that the official statements
// read against it; it warns when the reference proofs cite labels this
// set.mm lacks (it is older than the statements).
func (b *Bench) startMetamath(items []bench.Item) ([]bench.Warning, error) {
	if err := b.ensureMetamath(); err != nil {
		return nil, err
	}
	var warns []bench.Warning
	missing := map[string]bool{}
	refsMissing := 0
	for i := range items {
		it := &items[i]
		p := mmProblem(*it)
		if _, err := b.mm.Official(p); err != nil {
			it.Extra["data_error"] = err.Error()
			warns = append(warns, bench.Warning{Where: it.ID, Message: "data error: " + err.Error()})
			continue
		}
		if ref, _ := it.Extra["reference"].(string); ref != "" {
			v := b.mm.Check(p, ref)
			if labels := undefinedLabels(v.Reason); len(labels) > 0 {
				refsMissing++
				for _, l := range labels {
					missing[l] = true
				}
			}
		}
	}
	if refsMissing > 0 {
		var labels []string
		for l := range missing {
			labels = append(labels, l)
		}
		sort.Strings(labels)
		shown := labels
		if len(shown) > 8 {
			shown = shown[:8]
		}
		warns = append(warns, bench.Warning{Where: b.opts.SetMM, Message: fmt.Sprintf(
			"this set.mm (%s) lacks %d labels that the reference proofs of %d problems cite (%s%s): the statements expect a newer set.mm; those proofs cannot verify against this one. Get a matching set.mm with 'matheval data pull setmm --commit <commit> --to DIR' and give --setmm",
			b.mmInfo.Date, len(labels), refsMissing, strings.Join(shown, ", "), map[bool]string{true: ", ...", false: ""}[len(labels) > len(shown)])})
	}
	return warns, nil
}

// Ready starts the configured track's verifier, or says why it cannot
// start, without loading statements: 'grade' calls it before regrading a
// run, so that a verifier the run's options no longer find (a set.mm that
// moved, no HOL Light, no Lean command) stops the regrade with one line
// instead of turning every verdict into "verifier unavailable".
func (b *Bench) Ready(ctx context.Context) error {
	switch b.opts.Track {
	case TrackMetamath:
		return b.ensureMetamath()
	case TrackHOL:
		_, err := b.ensureHOL(ctx)
		return err
	case TrackLean:
		if b.opts.Lean.Command == "" {
			return fmt.Errorf("miniF2F lean: --lean-repl is required (a shell command starting the Lean 4 REPL)")
		}
	}
	return nil
}

func (b *Bench) ensureMetamath() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.mm != nil {
		return nil
	}
	if _, err := os.Stat(b.opts.SetMM); err != nil {
		return fmt.Errorf("set.mm not found at %s (give --setmm, apt-get install metamath-databases, or 'matheval data pull setmm')", b.opts.SetMM)
	}
	c, err := NewChecker(b.opts.SetMM, false)
	if err != nil {
		return err
	}
	c.SetParallel(b.opts.Jobs)
	b.mm, b.mmInfo = c, c.Info
	return nil
}

// mmProblem rebuilds a Metamath problem from its item (items come back
// from samples.jsonl when a run is graded again).
func mmProblem(it bench.Item) Problem {
	st, _ := it.Extra["statement"].(string)
	file, _ := it.Extra["file"].(string)
	if file == "" {
		file = it.ID + ".mm"
	}
	return Problem{Name: it.Meta["name"], Split: it.Meta["split"], Source: it.Meta["source"], File: file, Statement: st}
}

func (b *Bench) startHOL(ctx context.Context, items []bench.Item) ([]bench.Warning, error) {
	pool, err := b.ensureHOL(ctx)
	if err != nil {
		return nil, err
	}
	var goals []string
	var idx []int
	for i, it := range items {
		if _, bad := it.Extra["data_error"]; bad {
			continue
		}
		goals = append(goals, it.Extra["goal"].(string))
		idx = append(idx, i)
	}
	vals, err := pool.Validate(ctx, goals)
	if err != nil {
		return nil, fmt.Errorf("HOL Light: checking the statements: %v", err)
	}
	var warns []bench.Warning
	for k, v := range vals {
		it := &items[idx[k]]
		if v.OK {
			continue
		}
		msg := holDataError(v, b.opts.HOL.Libraries, it.Extra["goal"].(string))
		it.Extra["data_error"] = msg
		warns = append(warns, bench.Warning{Where: it.ID, Message: "data error: " + msg})
	}
	for _, it := range items {
		if msg, ok := it.Extra["data_error"].(string); ok && KnownHOLDefects[it.ID] == msg {
			warns = append(warns, bench.Warning{Where: it.ID, Message: "data error: " + msg})
		}
	}
	return warns, nil
}

// holDataError says why a statement cannot be proved in the session.
func holDataError(v hollight.Validation, libs []string, goal string) string {
	switch v.Problem {
	case "parse":
		msg := "the statement does not parse or type-check in HOL Light: " + v.Detail
		if complexRE.MatchString(goal) {
			msg += " (it uses complex numbers, which need Multivariate, not loaded)"
		}
		return msg
	case "type":
		return "the statement is not a proposition (its type is " + v.Detail + ")"
	case "free":
		hint := "names the loaded libraries do not define become free variables"
		for _, f := range v.Free {
			switch f {
			case "ln", "exp", "sin", "cos", "tan", "pi", "atn", "root":
				if !contains(libs, "Library/transc.ml") {
					hint += "; " + f + " is in Library/transc.ml, not loaded"
				}
			case "floor", "frac":
				if !contains(libs, "Library/floor.ml") {
					hint += "; " + f + " is in Library/floor.ml, not loaded"
				}
			case "Cx", "ii", "Re", "Im", "cnj", "complex_mul", "norm", "clog", "cexp":
				hint += "; " + f + " is complex analysis (Multivariate), not loaded"
			case "log":
				hint += "; log is Multivariate's logarithm (Library/transc.ml calls it ln)"
			}
		}
		return "the statement is not closed: free variables " + strings.Join(v.Free, ", ") + " (" + hint + ")"
	}
	return v.Problem + ": " + v.Detail
}

// complexRE spots statements over complex numbers (Cx, ii, :complex).
var complexRE = regexp.MustCompile(`\bCx\b|\bii\b|:complex\b`)

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// ensureHOL starts the HOL Light sessions once; callers that come while
// they load wait for them. The lock is not held while loading, so that
// Close can stop a start in progress.
// ensureHOL starts the HOL Light sessions once; ctx bounds the start (a
// Ctrl-C during the minutes-long load stops it), not the sessions' life.
func (b *Bench) ensureHOL(ctx context.Context) (*hollight.Pool, error) {
	b.mu.Lock()
	if b.holReady != nil {
		ready := b.holReady
		b.mu.Unlock()
		<-ready
		b.mu.Lock()
		defer b.mu.Unlock()
		return b.hol, b.holErr
	}
	b.holReady = make(chan struct{})
	defer close(b.holReady)
	if b.closed {
		b.holErr = errors.New("benchmark closed")
		b.mu.Unlock()
		return nil, b.holErr
	}
	cfg := b.opts.HOL
	if err := hollight.Prerequisites(cfg); err != nil {
		b.holErr = err
		b.mu.Unlock()
		return nil, err
	}
	if b.opts.Log != nil {
		b.opts.Log("starting HOL Light (%d session(s); loading the core and %d libraries takes minutes)", b.opts.Jobs, len(cfg.Libraries))
	}
	if cfg.Progress == nil && b.opts.Log != nil {
		log := b.opts.Log
		cfg.Progress = func(p hollight.StartProgress) { log("HOL Light: %s", p) }
	}
	pool := hollight.NewPool(cfg, b.opts.Jobs)
	b.holPool = pool
	b.mu.Unlock()
	err := pool.Start(ctx)
	b.mu.Lock()
	defer b.mu.Unlock()
	if err != nil {
		pool.Close()
		var stopped *hollight.StartInterrupted
		if errors.As(err, &stopped) {
			// Ctrl-C during the load: say so, with how far it got.
			b.holErr = fmt.Errorf("%v; nothing was checked", err)
			return nil, b.holErr
		}
		b.holErr = fmt.Errorf("HOL Light could not start: %v", err)
		return nil, b.holErr
	}
	b.hol = pool
	return pool, nil
}

func (b *Bench) startLean(items []bench.Item) error {
	if b.opts.Lean.Command == "" {
		return fmt.Errorf("miniF2F lean: --lean-repl is required (a shell command starting the Lean 4 REPL of leanprover-community/repl in a Lean project with Mathlib, e.g. 'lake env .lake/build/bin/repl')")
	}
	header, _ := items[0].Extra["header"].(string)
	return b.ensureLean(header)
}

func (b *Bench) ensureLean(header string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.leanC != nil || b.leanErr != nil {
		return b.leanErr
	}
	if b.opts.Lean.Command == "" {
		b.leanErr = errors.New("the Lean REPL is not configured (--lean-repl)")
		return b.leanErr
	}
	cfg := b.opts.Lean
	if cfg.Timeout <= 0 {
		cfg.Timeout = b.opts.ProofTimeout
	}
	ch := make(chan *lean.Checker, b.opts.Jobs)
	for i := 0; i < b.opts.Jobs; i++ {
		r := lean.New(cfg)
		b.leanAll = append(b.leanAll, r)
		c := lean.NewChecker(r)
		// Started now, so that a REPL that cannot start is one clear
		// error rather than a verdict per reply.
		if err := c.Start(header); err != nil {
			b.leanErr = fmt.Errorf("the Lean REPL %q in %s cannot start: %v", cfg.Command, cfg.Dir, err)
			return b.leanErr
		}
		ch <- c
	}
	b.leanC = ch
	return nil
}

//go:embed prompts/*.tmpl
var promptFS embed.FS

// PromptData is what a prompt template sees.
type PromptData struct {
	Name, Split, Source, Track string
	Formal                     string // the formal statement
	Header                     string // Lean: the imports and options before it
	Informal                   string // the informal statement ("" when the data has none, or with --prompt formal)
	InformalProof              string // the informal proof (only with --prompt sketch)
	Libraries                  string // HOL Light: the Library files loaded
}

// PromptNames are the prompt variants: default (formal statement and the
// informal one where the data has it), formal (formal statement only) and
// sketch (also the informal proof).
var PromptNames = []string{"default", "formal", "sketch"}

// PromptTemplate returns a track's embedded template, for users to copy
// and change (run --prompt-file).
func PromptTemplate(track string) (string, error) {
	b, err := promptFS.ReadFile("prompts/" + track + ".tmpl")
	if err != nil {
		return "", fmt.Errorf("miniF2F: no prompt for track %q", track)
	}
	return string(b), nil
}

// Prompt renders an item's prompt. The template is the track's
// (prompts/TRACK.tmpl, a Go text/template: the main template is the user
// message, an optional {{define "system"}} the system message), or the
// user's --prompt-file; --prompt picks what informal material it gets.
func (b *Bench) Prompt(it bench.Item, opts bench.PromptOptions) (bench.Prompt, error) {
	name := opts.Name
	if name == "" {
		name = "default"
	}
	if !contains(PromptNames, name) {
		return bench.Prompt{}, fmt.Errorf("miniF2F: unknown prompt %q (known: %s)", name, strings.Join(PromptNames, ", "))
	}
	track := it.Meta["track"]
	var text, tname string
	if opts.TemplateFile != "" {
		data, err := os.ReadFile(opts.TemplateFile)
		if err != nil {
			return bench.Prompt{}, err
		}
		text, tname = string(data), opts.TemplateFile
	} else {
		var err error
		if text, err = PromptTemplate(track); err != nil {
			return bench.Prompt{}, err
		}
		tname = track
	}
	d := PromptData{Name: it.Meta["name"], Split: it.Meta["split"], Source: it.Meta["source"], Track: track, Formal: it.Problem}
	d.Header, _ = it.Extra["header"].(string)
	if name != "formal" {
		d.Informal, _ = it.Extra["informal"].(string)
	}
	if name == "sketch" {
		d.InformalProof, _ = it.Extra["informal_proof"].(string)
		if d.InformalProof == "" {
			return bench.Prompt{}, fmt.Errorf("item %s: --prompt sketch needs the informal proof, which the data lacks (give --informal)", it.ID)
		}
	}
	if track == TrackHOL {
		d.Libraries = strings.Join(b.opts.HOL.Libraries, ", ")
	}
	t, err := template.New(tname).Option("missingkey=error").Parse(text)
	if err != nil {
		return bench.Prompt{}, fmt.Errorf("prompt %s: %v", tname, err)
	}
	var sb strings.Builder
	if err := t.Execute(&sb, d); err != nil {
		return bench.Prompt{}, fmt.Errorf("prompt %s: %v", tname, err)
	}
	p := bench.Prompt{Text: sb.String()}
	if st := t.Lookup("system"); st != nil {
		var sys strings.Builder
		if err := st.Execute(&sys, d); err != nil {
			return bench.Prompt{}, fmt.Errorf("prompt %s: system: %v", tname, err)
		}
		if s := strings.TrimSpace(sys.String()); s != "" {
			p.Messages = append(p.Messages, bench.Message{Role: "system", Content: s})
		}
	}
	p.Messages = append(p.Messages, bench.Message{Role: "user", Content: p.Text})
	return p, nil
}

// GoldReply replies with the reference proof where the data has one (45
// Metamath valid problems); elsewhere there is none and the reply is empty.
func (b *Bench) GoldReply(it bench.Item) string {
	ref, _ := it.Extra["reference"].(string)
	if ref == "" {
		return ""
	}
	return "```metamath\n" + ref + "```\n"
}

// Grade extracts the proof from a reply and has the track's verifier
// check it. Correct means verified; the reason is the verifier's message.
func (b *Bench) Grade(ctx context.Context, it bench.Item, reply, finish string) answer.Verdict {
	if msg, ok := it.Extra["data_error"].(string); ok {
		return answer.Verdict{Kind: answer.Undecided, Reason: "data error: " + msg, Metrics: map[string]float64{"data_error": 1}}
	}
	if finish == "declined" {
		return answer.Verdict{Kind: answer.NoAnswer, Reason: "the baseline found no proof: " + clip(reply, 2000)}
	}
	track := it.Meta["track"]
	proof := ExtractProof(track, reply)
	if proof == "" {
		if finish == "length" {
			return answer.Verdict{Kind: answer.Incomplete, Reason: "the reply was cut by the token limit before a proof"}
		}
		return answer.Verdict{Kind: answer.NoAnswer, Reason: "no " + track + " proof in the reply"}
	}
	var v answer.Verdict
	switch track {
	case TrackMetamath:
		v = b.gradeMetamath(it, proof)
	case TrackHOL:
		v = b.gradeHOL(ctx, it, proof)
	case TrackLean:
		v = b.gradeLean(it, proof)
	default:
		return answer.Verdict{Kind: answer.Undecided, Reason: "unknown track " + track}
	}
	v.Extracted = clip(proof, 16<<10)
	if v.Kind == answer.Correct {
		v.Score = 1
	}
	return v
}

func (b *Bench) gradeMetamath(it bench.Item, proof string) answer.Verdict {
	if err := b.ensureMetamath(); err != nil {
		return answer.Verdict{Kind: answer.Undecided, Reason: "verifier unavailable: " + err.Error()}
	}
	p := mmProblem(it)
	mv := b.mm.Check(p, metamathCandidate(p.Statement, proof))
	if mv.OK {
		return answer.Verdict{Kind: answer.Correct, Reason: "verified against set.mm (" + b.mmInfo.Date + ")",
			Metrics: map[string]float64{"proof_length": float64(mv.Steps)}}
	}
	return answer.Verdict{Kind: answer.Wrong, Reason: mv.Reason}
}

func (b *Bench) gradeHOL(ctx context.Context, it bench.Item, proof string) answer.Verdict {
	pool, err := b.ensureHOL(ctx)
	if err != nil {
		return answer.Verdict{Kind: answer.Undecided, Reason: "verifier unavailable: " + err.Error()}
	}
	goal, _ := it.Extra["goal"].(string)
	hv := pool.Check(ctx, goal, proof, b.opts.ProofTimeout)
	if hv.OK {
		return answer.Verdict{Kind: answer.Correct, Reason: fmt.Sprintf("proved by HOL Light in %s", hv.Elapsed.Round(time.Millisecond)),
			Metrics: map[string]float64{"proof_length": float64(hv.Steps)}}
	}
	if hv.Stage == "unavailable" {
		return answer.Verdict{Kind: answer.Undecided, Reason: "verifier unavailable: " + hv.Reason}
	}
	return answer.Verdict{Kind: answer.Wrong, Reason: hv.Stage + ": " + hv.Reason}
}

func (b *Bench) gradeLean(it bench.Item, proof string) answer.Verdict {
	header, _ := it.Extra["header"].(string)
	if err := b.ensureLean(header); err != nil {
		return answer.Verdict{Kind: answer.Undecided, Reason: "verifier unavailable: " + err.Error()}
	}
	st, _ := it.Extra["statement"].(string)
	c := <-b.leanC
	defer func() { b.leanC <- c }()
	lv, err := c.Check(lean.Problem{Name: it.Meta["name"], Statement: st, Header: header}, proof)
	if err != nil {
		return answer.Verdict{Kind: answer.Undecided, Reason: "verifier unavailable: " + err.Error()}
	}
	if lv.OK {
		return answer.Verdict{Kind: answer.Correct, Reason: "accepted by the Lean REPL",
			Metrics: map[string]float64{"proof_length": float64(leanProofLines(proof))}}
	}
	return answer.Verdict{Kind: answer.Wrong, Reason: lv.Stage + ": " + strings.Join(strings.Fields(lv.Reason), " ")}
}

// leanProofLines is the length of a Lean proof: its non-blank lines after
// ":= by" (comments removed), or all of them for a bare tactic block.
func leanProofLines(proof string) int {
	text := lean.StripComments(proof)
	if i := strings.LastIndex(text, ":= by"); i >= 0 {
		text = text[i+len(":= by"):]
	}
	n := 0
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return max(n, 1)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
