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
package run

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/version"
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

	MaxCost     float64 // stop sending when the run's cost reaches this (0 = no limit)
	Prices      Prices  // price table; needed with MaxCost
	MaxRequests int     // stop after this many HTTP attempts in this invocation (0 = no limit)

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
	Warnings []string // loading and journal warnings
	Resumed  int      // samples taken from the journal
	Requests int64    // requests sent by this invocation, retries included
	// JudgeRequests are the judge requests sent by this invocation.
	JudgeRequests int64
}

// GraderVersioner is implemented by benchmarks that version their grading
// policy; the version goes into the manifest.
type GraderVersioner interface {
	GraderVersion() string
}

type runner struct {
	cfg      Config
	ctx      context.Context
	cancel   context.CancelFunc
	items    []bench.Item
	prompts  []bench.Prompt
	keys     [][]string
	recs     [][]*rundir.SampleRecord
	price    Price
	priced   bool
	q        *queue
	j        *journal
	prog     *progress
	rpm, tpm []*bucket
	pool     *pool

	sent      atomic.Int64
	costMu    sync.Mutex
	cost      float64
	stopOnce  sync.Once
	stopWhy   atomic.Value // string
	stopping  atomic.Bool
	fatalOnce sync.Once
	fatal     error
}

// Run runs cfg to the end, or until a budget, an interrupt (ctx) or a fatal
// error stops it. A stopped run still writes its directory; running the same
// configuration again continues it.
func Run(ctx context.Context, cfg Config) (rep Report, err error) {
	if cfg.Bench == nil || cfg.Backend == nil {
		return rep, errors.New("run: no benchmark or no model")
	}
	if cfg.Samples <= 0 {
		cfg.Samples = 1
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 8
	}
	if cfg.MaxRetries < 0 {
		cfg.MaxRetries = 0
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Minute
	}
	if cfg.BackoffBase <= 0 {
		cfg.BackoffBase = time.Second
	}
	if cfg.BackoffMax <= 0 {
		cfg.BackoffMax = 60 * time.Second
	}
	if cfg.Root == "" {
		cfg.Root = "runs"
	}
	logw := cfg.Log
	if logw == nil {
		logw = io.Discard
	}
	r := &runner{cfg: cfg}
	if name := cfg.Backend.Model(); name != "" {
		r.price, r.priced = cfg.Prices.Lookup(name)
	}
	if cfg.MaxCost > 0 && !r.priced && cfg.Backend.Model() != "" {
		return rep, fmt.Errorf("--max-cost: no price for model %q in the price table", cfg.Backend.Model())
	}

	// Items and prompts.
	items, warns, err := loadItems(cfg)
	if err != nil {
		return rep, err
	}
	for _, w := range warns {
		rep.Warnings = append(rep.Warnings, w.String())
	}
	r.items = items
	r.prompts = make([]bench.Prompt, len(items))
	seen := make(map[string]int, len(items))
	systemWarned := false
	for i, it := range items {
		if j, dup := seen[it.ID]; dup {
			return rep, fmt.Errorf("items %d and %d have the same id %q: a run needs unique ids", j+1, i+1, it.ID)
		}
		seen[it.ID] = i
		p, err := renderPrompt(cfg.Bench, it, cfg.Prompt)
		if err != nil {
			return rep, fmt.Errorf("item %s: prompt: %v", it.ID, err)
		}
		if applySystem(&p, cfg.Prompt.System) && !systemWarned {
			systemWarned = true
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: the prompt of item %s lacked the --system prompt: the runner put it first", cfg.Bench.Name(), it.ID))
		}
		r.prompts[i] = p
	}
	dataHash := hashJSON(items)
	promptHash, err := promptHash(cfg.Prompt, r.prompts)
	if err != nil {
		return rep, err
	}
	canon, err := json.Marshal(cfg.Backend.Canonical())
	if err != nil {
		return rep, fmt.Errorf("model settings: %v", err)
	}
	configHash := hashStrings(cfg.Bench.Name(), dataHash, promptHash, string(canon), strconv.Itoa(cfg.Samples))
	r.keys = make([][]string, len(items))
	for i, it := range items {
		r.keys[i] = make([]string, cfg.Samples)
		pj, _ := json.Marshal(r.prompts[i])
		for s := range cfg.Samples {
			r.keys[i][s] = RequestKey(canon, pj, it.ID, s)
		}
	}

	// The run directory.
	dir := cfg.Dir
	if dir == "" {
		dir = DefaultDir(cfg.Root, cfg.Bench.Name(), cfg.Backend.Spec(), configHash)
	}
	rep.Dir = dir
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return rep, err
	}
	fmt.Fprintf(logw, "matheval: run directory: %s\n", dir)
	start := time.Now().UTC().Format(time.RFC3339)
	if rundir.IsRunDir(dir) {
		old, err := rundir.ReadManifest(dir)
		if err != nil {
			return rep, fmt.Errorf("%s: %v", dir, err)
		}
		if h := old.Extra["config_hash"]; h != configHash {
			return rep, fmt.Errorf("%s holds a run of another configuration (config hash %s, this run's %s): choose another --out", dir, h, configHash)
		}
		start = old.Start
	}
	man := r.manifest(dir, dataHash, promptHash, configHash, start)
	if err := rundir.WriteJSON(dir, rundir.ManifestFile, man); err != nil {
		return rep, err
	}

	// Resume from the journal.
	r.recs = make([][]*rundir.SampleRecord, len(items))
	for i := range r.recs {
		r.recs[i] = make([]*rundir.SampleRecord, cfg.Samples)
	}
	jpath := filepath.Join(dir, rundir.JournalFile)
	entries, jwarns, err := loadJournal(jpath)
	if err != nil {
		return rep, err
	}
	rep.Warnings = append(rep.Warnings, jwarns...)
	where := make(map[string][2]int, len(items)*cfg.Samples)
	for i := range r.keys {
		for s, k := range r.keys[i] {
			where[k] = [2]int{i, s}
		}
	}
	resumedCorrect, stale := 0, 0
	for k := range entries {
		e := &entries[k]
		pos, ok := where[e.Key]
		if !ok || r.items[pos[0]].ID != e.ID || pos[1] != e.Sample {
			stale++
			continue
		}
		if r.recs[pos[0]][pos[1]] != nil {
			continue // a reply that came twice (resent after a crash): the first wins
		}
		if r.priced {
			// Priced with the current table, so a table given on resume
			// covers the replies of earlier invocations too.
			e.Cost = r.price.Cost(e.Usage)
		}
		rec := r.record(pos[0], pos[1], e)
		r.recs[pos[0]][pos[1]] = rec
		r.addCost(e.Cost)
		rep.Resumed++
		if rec.Verdict.IsCorrect() {
			resumedCorrect++
		}
	}
	if stale > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: %d entries match no request of this run: ignored", jpath, stale))
	}
	entries = nil

	// Work: whole items in one request when the backend takes n > 1.
	var units []unit
	maxN := cfg.Backend.MaxN()
	for i := range items {
		var missing []int
		for s := range cfg.Samples {
			if r.recs[i][s] == nil {
				missing = append(missing, s)
			}
		}
		if len(missing) == cfg.Samples && cfg.Samples > 1 && maxN > 1 {
			for s := 0; s < cfg.Samples; s += maxN {
				units = append(units, unit{item: i, sample: s, n: min(maxN, cfg.Samples-s)})
			}
			continue
		}
		for _, s := range missing {
			units = append(units, unit{item: i, sample: s, n: 1})
		}
	}
	r.q = newQueue(units)

	for _, w := range rep.Warnings {
		fmt.Fprintln(logw, "matheval: warning:", w)
	}
	r.j, err = openJournal(jpath)
	if err != nil {
		return rep, err
	}
	r.ctx, r.cancel = context.WithCancel(ctx)
	defer r.cancel()
	r.prog = newProgress(cfg.Progress, cfg.ProgressMode, cfg.LogEvery, len(items)*cfg.Samples, rep.Resumed, resumedCorrect, 0)
	servers := max(1, cfg.Backend.Servers())
	r.rpm = make([]*bucket, servers)
	r.tpm = make([]*bucket, servers)
	for s := range servers {
		r.rpm[s] = newBucket(cfg.RPM)
		r.tpm[s] = newBucket(cfg.TPM)
	}
	r.pool = newPool(servers, cfg.Concurrency)
	stopWake := r.pool.wake(r.ctx)
	var wg sync.WaitGroup
	for range servers * cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.worker()
		}()
	}
	wg.Wait()
	stopWake()
	r.prog.close()
	jerr := r.j.close()
	rep.Requests = r.sent.Load()
	if r.fatal != nil {
		return rep, r.fatal
	}
	if jerr != nil {
		return rep, jerr
	}
	stopped, _ := r.stopWhy.Load().(string)
	if stopped == "" && ctx.Err() != nil {
		stopped = "interrupted"
	}

	// Write the samples and the results.
	var recs []*rundir.SampleRecord
	for i := range r.recs {
		for _, rec := range r.recs[i] {
			if rec != nil {
				recs = append(recs, rec)
			}
		}
	}
	if len(recs) < len(items)*cfg.Samples && stopped == "" {
		stopped = "incomplete"
	}
	// The judge runs on the replies in hand unless the run was stopped by
	// a budget, an interrupt or an error: the next invocation judges then.
	if cfg.Judge != nil && (stopped == "" || stopped == "incomplete") {
		jwarns, n, err := r.judgeAll(ctx, dir, recs, logw)
		rep.JudgeRequests = n
		for _, w := range jwarns {
			fmt.Fprintln(logw, "matheval: warning:", w)
		}
		rep.Warnings = append(rep.Warnings, jwarns...)
		if err != nil {
			return rep, err
		}
		if ctx.Err() != nil {
			stopped = "interrupted"
		}
	}
	res, err := writeOutputs(dir, cfg.Bench, cfg.Backend.Spec(), recs, len(items)*cfg.Samples, stopped)
	if err != nil {
		return rep, err
	}
	rep.Results = res
	man.End = time.Now().UTC().Format(time.RFC3339)
	man.Extra["status"] = "complete"
	if stopped != "" {
		man.Extra["status"] = "stopped: " + stopped
	}
	man.Extra["requests_last_invocation"] = strconv.FormatInt(rep.Requests, 10)
	man.Extra["resumed_samples"] = strconv.Itoa(rep.Resumed)
	if cfg.Judge != nil {
		man.Extra["judge_requests_last_invocation"] = strconv.FormatInt(rep.JudgeRequests, 10)
	}
	if err := rundir.WriteJSON(dir, rundir.ManifestFile, man); err != nil {
		return rep, err
	}
	return rep, nil
}

// loadItems loads the items, turning a panic on bad data into an error.
func loadItems(cfg Config) (items []bench.Item, warns []bench.Warning, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: loading %q: internal error: %v", cfg.Bench.Name(), cfg.DataPath, p)
		}
	}()
	items, warns, err = cfg.Bench.Load(cfg.DataPath, cfg.Load)
	if err != nil {
		return nil, nil, err
	}
	if len(items) == 0 {
		return nil, warns, fmt.Errorf("%s: no items to run (check --data and the filters)", cfg.Bench.Name())
	}
	return items, warns, nil
}

func renderPrompt(b bench.Benchmark, it bench.Item, o bench.PromptOptions) (p bench.Prompt, err error) {
	defer func() {
		if x := recover(); x != nil {
			err = fmt.Errorf("internal error: %v", x)
		}
	}()
	return b.Prompt(it, o)
}

// applySystem makes sure a chat prompt starts with the system prompt the
// user gave, whatever the benchmark's template did with it, so that
// --system never goes silently unused. It reports whether it changed p.
func applySystem(p *bench.Prompt, system string) bool {
	if system == "" || len(p.Messages) == 0 {
		return false
	}
	if p.Messages[0].Role == "system" {
		if p.Messages[0].Content == system {
			return false
		}
		msgs := append([]bench.Message(nil), p.Messages...)
		msgs[0].Content = system
		p.Messages = msgs
		return true
	}
	p.Messages = append([]bench.Message{{Role: "system", Content: system}}, p.Messages...)
	return true
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

// RequestKey is the cache key of one sample's request: the hash of the
// backend's canonical settings (model, API, sampling parameters), the
// rendered prompt, the item id and the sample index. The servers and the
// key are not part of it: the same request to another replica is the same.
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

// promptHash covers the template file's text and every rendered prompt, so
// any change in the template shows in the hash.
func promptHash(o bench.PromptOptions, prompts []bench.Prompt) (string, error) {
	tmpl := ""
	if o.TemplateFile != "" {
		b, err := os.ReadFile(o.TemplateFile)
		if err != nil {
			return "", err
		}
		tmpl = string(b)
	}
	return hashStrings(tmpl, hashJSON(o), hashJSON(prompts)), nil
}

func (r *runner) manifest(dir, dataHash, promptHash, configHash, start string) rundir.Manifest {
	cfg := r.cfg
	info := version.Get()
	grader := graderVersion(cfg.Bench)
	prompt := cfg.Prompt.Name
	if cfg.Prompt.TemplateFile != "" {
		prompt = "file:" + cfg.Prompt.TemplateFile
	}
	if prompt == "" {
		prompt = "default"
	}
	params := map[string]any{}
	for k, v := range cfg.Params {
		params[k] = v
	}
	// What the runner made of them, whatever front end called it.
	params["resolved"] = map[string]any{
		"model_settings": cfg.Backend.Canonical(), "servers": cfg.Backend.Servers(),
		"samples": cfg.Samples, "concurrency": cfg.Concurrency, "rpm": cfg.RPM, "tpm": cfg.TPM,
		"max_retries": cfg.MaxRetries, "timeout": cfg.Timeout.String(),
		"backoff_base": cfg.BackoffBase.String(), "backoff_max": cfg.BackoffMax.String(),
		"max_cost": cfg.MaxCost, "max_requests": cfg.MaxRequests, "price": r.price, "priced": r.priced,
		"load": cfg.Load, "prompt_options": cfg.Prompt,
	}
	if cfg.Judge != nil {
		params["resolved"].(map[string]any)["judge"] = map[string]any{
			"spec": cfg.Judge.Spec(), "model_settings": cfg.Judge.Canonical(), "servers": cfg.Judge.Servers()}
	}
	m := rundir.Manifest{
		Matheval: info.Version, Commit: info.Commit, GoVersion: info.GoVersion,
		Benchmark: cfg.Bench.Name(), DataPath: cfg.DataPath, DataHash: dataHash,
		Prompt: prompt, PromptHash: promptHash, GraderVersion: grader,
		Model: cfg.Backend.Spec(), Params: params, Seed: cfg.Load.Seed,
		Items: len(r.items), Samples: cfg.Samples, Start: start,
		Extra: map[string]string{"config_hash": configHash, "status": "running"},
	}
	if cfg.Judge != nil {
		m.Extra["judge"] = cfg.Judge.Spec()
	}
	if ml, ok := cfg.Backend.(model.ModelLister); ok {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		raw, err := ml.ListModels(ctx)
		cancel()
		if err != nil {
			m.Extra["server_models_error"] = err.Error()
		} else {
			m.ServerModels = raw
		}
	}
	return m
}

// record builds the sample record of a reply and grades it.
func (r *runner) record(i, s int, e *entry) *rundir.SampleRecord {
	it := r.items[i]
	rec := &rundir.SampleRecord{
		Sample: bench.Sample{Item: it, Index: s, Reply: e.Reply, Reasoning: e.Reasoning,
			FinishReason: e.FinishReason, Logprobs: e.Logprobs, Confidence: -1},
		Prompt: r.prompts[i], Usage: e.Usage, LatencyMS: e.LatencyMS,
		ServerModel: e.ServerModel, Retries: e.Retries, Cost: e.Cost,
	}
	rec.Verdict = Grade(r.cfg.Bench, it, e.Reply, e.FinishReason)
	return rec
}

// Grade grades one reply, turning a grader panic into an undecided verdict
// (a grader bug must not stop a run, nor count as a wrong answer).
func Grade(b bench.Benchmark, it bench.Item, reply, finish string) (v answer.Verdict) {
	defer func() {
		if p := recover(); p != nil {
			v = answer.Verdict{Kind: answer.Undecided, Reason: fmt.Sprintf("grader failed: %v", p)}
		}
	}()
	return b.Grade(it, reply, finish)
}

// stop ends the sending of new requests. Requests in flight finish and
// are kept: they are paid for. (An interrupt, through the parent context,
// abandons them instead.)
func (r *runner) stop(why string) {
	r.stopOnce.Do(func() {
		r.stopWhy.Store(why)
		r.stopping.Store(true)
	})
}

func (r *runner) fail(err error) {
	r.fatalOnce.Do(func() { r.fatal = err })
	r.stop("fatal error")
	r.cancel()
}

func (r *runner) addCost(c float64) float64 {
	r.costMu.Lock()
	defer r.costMu.Unlock()
	r.cost += c
	return r.cost
}

// takeRequest counts one attempt against --max-requests and --max-cost.
func (r *runner) takeRequest() bool {
	if r.stopping.Load() {
		return false
	}
	if r.cfg.MaxCost > 0 && r.addCost(0) >= r.cfg.MaxCost {
		r.stop(fmt.Sprintf("--max-cost %g reached", r.cfg.MaxCost))
		return false
	}
	if r.cfg.MaxRequests <= 0 {
		r.sent.Add(1)
		return true
	}
	for {
		n := r.sent.Load()
		if n >= int64(r.cfg.MaxRequests) {
			r.stop(fmt.Sprintf("--max-requests %d reached", r.cfg.MaxRequests))
			return false
		}
		if r.sent.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

func (r *runner) worker() {
	for {
		u, ok := r.q.pop()
		if !ok {
			return
		}
		if r.ctx.Err() == nil && !r.stopping.Load() {
			r.do(u)
		}
		r.q.done()
	}
}

// do makes one unit's request, retrying as the failure allows. Each
// attempt takes a slot on a server of the pool, so a retry may go to
// another server; the backoff is waited without holding a slot.
func (r *runner) do(u unit) {
	req := model.Request{Item: r.items[u.item], Prompt: r.prompts[u.item], Sample: u.sample, N: u.n}
	var failedOn []bool // the servers this request failed on
	for attempt := 0; ; attempt++ {
		if !r.takeRequest() {
			return
		}
		server, err := r.pool.acquire(r.ctx, failedOn)
		if err != nil {
			return
		}
		if r.rpm[server].acquire(r.ctx, 1, 1) != nil || r.tpm[server].acquire(r.ctx, 0, 0) != nil {
			r.pool.release(server, false, 0)
			return
		}
		actx, cancel := context.WithTimeout(r.ctx, r.cfg.Timeout)
		t0 := time.Now()
		resp, err := r.cfg.Backend.Do(actx, server, req)
		lat := time.Since(t0)
		cancel()
		if err == nil && len(resp.Choices) == 0 {
			err = &model.Error{Retryable: true, Msg: "no reply in the response"}
		}
		if err == nil {
			r.pool.release(server, false, 0)
			// Kept even when the run is stopping: it is paid for.
			r.tpm[server].charge(float64(resp.Usage.PromptTokens + resp.Usage.CompletionTokens))
			r.accept(u, resp, lat, attempt)
			return
		}
		if r.ctx.Err() != nil {
			r.pool.release(server, false, 0)
			return // interrupted: in flight, not failed
		}
		me := model.AsError(err)
		wait := backoff(attempt, r.cfg.BackoffBase, r.cfg.BackoffMax, me.RetryAfter)
		r.pool.release(server, me.Retryable, wait)
		if !me.Retryable || attempt >= r.cfg.MaxRetries {
			r.failed(u, me, attempt)
			return
		}
		if failedOn == nil {
			failedOn = make([]bool, len(r.rpm))
		}
		failedOn[server] = true
		if sleep(r.ctx, wait) != nil {
			return
		}
	}
}

// accept journals, grades and records the replies of a response.
func (r *runner) accept(u unit, resp model.Response, lat time.Duration, retries int) {
	got := min(len(resp.Choices), u.n)
	for j := range got {
		ch := resp.Choices[j]
		s := u.sample + j
		e := &entry{
			Key: r.keys[u.item][s], ID: r.items[u.item].ID, Sample: s,
			Reply: ch.Reply, Reasoning: ch.Reasoning, FinishReason: ch.FinishReason, Logprobs: ch.Logprobs,
			Usage: shareUsage(resp.Usage, j, got), LatencyMS: float64(lat.Microseconds()) / 1000,
			ServerModel: resp.ServerModel, Retries: retries,
		}
		if r.priced {
			e.Cost = r.price.Cost(e.Usage)
		}
		if err := r.j.append(e); err != nil {
			r.fail(err)
			return
		}
		r.addCost(e.Cost)
		rec := r.record(u.item, s, e)
		r.recs[u.item][s] = rec
		r.prog.add(rec.Verdict.IsCorrect(), false)
	}
	// A server that ignores n returns one choice: ask for the rest one by one.
	for s := u.sample + got; s < u.sample+u.n; s++ {
		r.q.push(unit{item: u.item, sample: s, n: 1})
	}
}

// shareUsage splits a response's usage over its choices: the prompt was
// read once, so its tokens go to the first choice; completion tokens are
// shared evenly (the API reports only the total). Sums stay exact.
func shareUsage(u rundir.Usage, j, n int) rundir.Usage {
	if n <= 1 {
		return u
	}
	part := func(total int) int {
		p := total / n
		if j == 0 {
			p += total % n
		}
		return p
	}
	out := rundir.Usage{CompletionTokens: part(u.CompletionTokens), ReasoningTokens: part(u.ReasoningTokens)}
	if j == 0 {
		out.PromptTokens = u.PromptTokens
	}
	return out
}

// failed records the samples of a request that failed for good: verdict
// error, no reply.
func (r *runner) failed(u unit, err *model.Error, retries int) {
	for s := u.sample; s < u.sample+u.n; s++ {
		it := r.items[u.item]
		r.recs[u.item][s] = &rundir.SampleRecord{
			Sample: bench.Sample{Item: it, Index: s, Confidence: -1,
				Verdict: answer.Verdict{Kind: answer.Error, Reason: "request failed after " + strconv.Itoa(retries+1) + " attempt(s): " + err.Msg}},
			Prompt: r.prompts[u.item], Retries: retries, Error: err.Msg,
		}
		r.prog.add(false, true)
	}
}

// writeOutputs computes confidence and the summary of recs (in their
// stable order) and writes samples.jsonl and results.json.
func writeOutputs(dir string, b bench.Benchmark, spec string, recs []*rundir.SampleRecord, planned int, stopped string) (rundir.Results, error) {
	conf, _ := b.(bench.Confidencer)
	samples := make([]bench.Sample, len(recs))
	res := rundir.Results{Benchmark: b.Name(), Model: spec, Samples: len(recs), Planned: planned, Stopped: stopped,
		Counts: map[answer.Kind]int{}}
	for _, k := range answer.Kinds {
		res.Counts[k] = 0
	}
	ids := map[string]bool{}
	for i, rec := range recs {
		if conf != nil && rec.Verdict.Kind != answer.Error {
			rec.Confidence = confidence(conf, rec.Sample)
		}
		samples[i] = rec.Sample
		res.Counts[rec.Verdict.Kind]++
		ids[rec.Item.ID] = true
		res.Usage.PromptTokens += rec.Usage.PromptTokens
		res.Usage.CompletionTokens += rec.Usage.CompletionTokens
		res.Usage.ReasoningTokens += rec.Usage.ReasoningTokens
		res.Cost += rec.Cost
	}
	res.Items = len(ids)
	if c := res.Counts[answer.Correct]; c > 0 {
		res.CostPerCorrect = res.Cost / float64(c)
		res.TokensPerCorrect = float64(res.Usage.PromptTokens+res.Usage.CompletionTokens) / float64(c)
	}
	sum, err := summarize(b, samples)
	if err != nil {
		return res, err
	}
	judgeMetrics(&sum, recs)
	res.Summary = sum
	if err := writeSamples(dir, recs); err != nil {
		return res, err
	}
	return res, rundir.WriteJSON(dir, rundir.ResultsFile, res)
}

func confidence(c bench.Confidencer, s bench.Sample) (v float64) {
	defer func() {
		if recover() != nil {
			v = -1
		}
	}()
	return c.Confidence(s)
}

func summarize(b bench.Benchmark, samples []bench.Sample) (s bench.Summary, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: summarising the results: internal error: %v", b.Name(), p)
		}
	}()
	return b.Summarize(samples), nil
}

// writeSamples writes samples.jsonl atomically (temp file + rename).
func writeSamples(dir string, recs []*rundir.SampleRecord) error {
	tmp := filepath.Join(dir, "."+rundir.SamplesFile+".tmp")
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, rec := range recs {
		if err := enc.Encode(rec); err != nil {
			f.Close()
			return fmt.Errorf("item %s sample %d: %v", rec.Item.ID, rec.Index, err)
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, rundir.SamplesFile))
}

// graderVersion names the grading policy that graded a run: the
// benchmark's own version when it has one, else the build of matheval.
func graderVersion(b bench.Benchmark) string {
	if gv, ok := b.(GraderVersioner); ok {
		return gv.GraderVersion()
	}
	info := version.Get()
	return b.Name() + " grader of matheval " + info.Version + " (" + info.Commit + ")"
}
