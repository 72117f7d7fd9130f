// Package run evaluates one model on one benchmark: it loads the items,
// renders the prompts, schedules the requests over the backend's servers
// (fixed concurrency per server, shared work queue, rate limits, retries
// with backoff), journals every reply as it arrives so that a killed run
// resumes where it stopped, grades the replies, enforces budgets and writes
// the run directory (package rundir). Regrade grades a finished run again.
//
// A request that fails after its retries gets the verdict error, never an
// empty reply and never a wrong answer. Failures are not journaled: running
// the same command again asks for them again.
//
// A run that cannot succeed says so and stops: before it starts when no
// server answers GET /v1/models; at the first error that no retry clears
// (a refused key, an unknown model, no quota, a rejected parameter); and as
// soon as every request so far has failed the same way. What it did is
// written as a partial result, and the same command continues it.
package run

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/rundir"
)

// Config is everything a run needs.
type Config struct {
	Bench    bench.Benchmark
	DataPath string // "" = the benchmark's generated default set
	Load     bench.LoadOptions
	Prompt   bench.PromptOptions
	Backend  model.Backend
	Samples  int // replies per item (default 1)
	// Judge, when set, is a judge model that grades every reply again with
	// the benchmark's rubric (benchmarks implementing bench.Judged); its
	// reply and score go into the sample records and its mean score into
	// the results' metrics (judge_score). The verdict stays the primary
	// score. It is not part of the configuration hash: adding it to a
	// finished run judges that run without asking the model again.
	Judge model.Backend

	Concurrency int     // requests in flight per server (default 8)
	RPM         float64 // requests per minute per server (0 = no limit)
	TPM         float64 // tokens per minute per server (0 = no limit)
	MaxRetries  int     // retries after the first attempt (negative = 0)
	Timeout     time.Duration
	BackoffBase time.Duration // first backoff (default 1 s)
	BackoffMax  time.Duration // longest backoff (default 60 s)

	// MaxCost stops the run before a request whose worst-case cost (its
	// prompt and the backend's token limit, at Prices) could take the
	// spending past it; requests in flight are reserved at their worst
	// case, so the cap holds. 0 = no limit. It needs Prices and a token limit.
	MaxCost     float64
	Prices      Prices // price table; needed with MaxCost
	MaxRequests int    // stop after this many HTTP attempts in this invocation (0 = no limit)

	// NoProbe skips the check, before the run, that the backend's servers
	// answer GET /v1/models (for servers without that route).
	NoProbe bool

	// Cache is the request cache shared by runs (a file, see cache.go);
	// "" = none.
	Cache string

	// Dir is the run directory; "" = DefaultDir(Root, ...).
	Dir  string
	Root string // parent of the default directory (default "runs")

	// Params are the command's parameters, recorded in the manifest.
	Params map[string]any

	Progress     io.Writer     // progress output (nil = none)
	ProgressMode string        // ProgressAuto, ProgressBar, ProgressLog or ProgressOff
	LogEvery     time.Duration // interval of plain progress lines (default 10 s)
	Log          io.Writer     // warnings (nil = discard)
}

// Report is what a run did.
type Report struct {
	Dir      string
	Results  rundir.Results
	Warnings []string // loading, journal, server and reply warnings
	Resumed  int      // samples taken from the journal or the request cache
	Cached   int      // of those, the ones taken from the request cache
	Requests int64    // requests sent by this invocation, retries included
	// Failed is the number of samples whose request failed for good
	// (verdict error with the request's error); the same command resends them.
	Failed int
	// JudgeRequests are the judge requests sent by this invocation.
	JudgeRequests int64
	// Continue says, when the run stopped (Results.Stopped), how it
	// continues, in one sentence: the same command again, or what to
	// change first (a cause to fix, a higher --max-cost).
	Continue string
	// JudgeStopped says why judging stopped before every reply had a usable
	// judge score ("" when it did not, or no judge was asked for).
	JudgeStopped string
}

// Errors a run returns, for errors.Is.
var (
	// ErrConfig: the configuration cannot give a meaningful run.
	ErrConfig = errors.New("run configuration")
	// ErrProbe: no server of the backend answered GET /v1/models.
	ErrProbe = errors.New("server check")
)

// GraderVersioner is implemented by benchmarks that version their grading
// policy; the version goes into the manifest.
type GraderVersioner interface {
	GraderVersion() string
}

type runner struct {
	cfg     Config
	log     io.Writer // warnings
	runLog  *runLog   // DIR/run.log: grader stacks
	lock    *rundir.DirLock
	rep     *Report
	ctx     context.Context
	cancel  context.CancelFunc
	items   []bench.Item
	prompts []bench.Prompt
	keys    [][]string
	recs    [][]*rundir.SampleRecord
	notes   map[[2]int][]string // notes of the replies (model.Choice.Notes)
	notesMu sync.Mutex
	price   Price
	priced  bool
	man     rundir.Manifest
	canon   []byte

	units          []unit
	resumedCorrect int
	q              *queue
	j              *journal
	cache          *requestCache // nil: no request cache
	cacheScope     string        // the servers of the cache's keys (cacheScope)
	prog           *progress
	rpm, tpm       []*bucket
	pool           *pool

	sent     atomic.Int64
	costMu   sync.Mutex
	costCond *sync.Cond // on costMu: a reservation was settled, or the run stops
	spent    float64    // cost of the replies in hand
	reserved float64    // worst-case cost of the requests in flight
	held     int        // requests in flight with a reservation

	stopOnce  sync.Once
	stopWhy   atomic.Value // string
	stopHow   atomic.Value // string: how the run continues (continueSame, ...)
	stopping  atomic.Bool
	fatalOnce sync.Once
	fatal     error

	failMu   sync.Mutex
	okCount  atomic.Int64   // requests that succeeded
	failSigs map[string]int // failures for good, by signature
	failN    int
	warned   sync.Map // messages already printed once
}

// Run runs cfg to the end, or until a budget, an interrupt (ctx), an error
// that no retry clears, or a run of identical failures stops it. A stopped
// run still writes its directory (results.json says why it stopped);
// running the same configuration again continues it.
func Run(ctx context.Context, cfg Config) (Report, error) {
	var rep Report
	// The library's log lines from the start: the server check comes
	// before the run directory (liblog.go).
	lib := libLog.begin()
	defer lib.end(cfg.Log)
	r, err := prepare(ctx, cfg, &rep, lib)
	if err != nil {
		return rep, err
	}
	defer r.lock.Unlock()
	defer r.cancel()
	if err := r.resume(); err != nil {
		return rep, err
	}
	defer func() { r.cache.close() }() // the cache fromCache opens (a plain defer would take r.cache now: nil)
	if err := r.fromCache(); err != nil {
		return rep, err
	}
	r.plan()
	if err := r.execute(); err != nil {
		return rep, err
	}
	return rep, r.finish(ctx)
}

// DefaultDir is the run directory used when none is given:
// ROOT/<bench>-<model>-<first 10 hex digits of the configuration hash>. It
// has no timestamp on purpose: the same command again names the same
// directory, and so resumes.
func DefaultDir(root, benchName, spec, configHash string) string {
	if i := strings.LastIndexAny(spec, `/\`); i >= 0 && strings.HasPrefix(spec, "replay:") {
		spec = "replay-" + spec[i+1:]
	}
	return filepath.Join(root, sanitize(benchName)+"-"+sanitize(spec)+"-"+configHash[:10])
}

func sanitize(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '-', c == '_':
			b.WriteRune(c)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// RequestKey is the journal key of one sample's request: the hash of the
// backend's canonical settings (model, API, sampling parameters), the
// rendered prompt, the item id and the sample index. The servers and the
// key are not part of it: the same request to another replica is the same
// (the request cache adds the servers: CacheKey).
func RequestKey(canon, prompt []byte, id string, sample int) string {
	h := sha256.New()
	h.Write(canon)
	h.Write([]byte{0})
	h.Write(prompt)
	h.Write([]byte{0})
	h.Write([]byte(id))
	h.Write([]byte{0})
	h.Write([]byte(strconv.Itoa(sample)))
	return hex.EncodeToString(h.Sum(nil))
}

func hashJSON(v any) string {
	b, _ := json.Marshal(v)
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func hashStrings(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}
