package run

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/version"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/rundir"
)

// prepare checks cfg, loads the items, renders the prompts, checks the
// servers and opens the run directory with its manifest. Once the
// directory is this run's, lib writes the library lines kept so far to its
// run.log.
func prepare(ctx context.Context, cfg Config, rep *Report, lib *libCapture) (*runner, error) {
	cfg, err := defaults(cfg)
	if err != nil {
		return nil, err
	}
	r := &runner{cfg: cfg, rep: rep, log: cfg.Log, failSigs: map[string]int{}, notes: map[[2]int][]string{}}
	r.costCond = sync.NewCond(&r.costMu)
	if r.log == nil {
		r.log = io.Discard
	}
	if name := cfg.Backend.Model(); name != "" {
		r.price, r.priced = cfg.Prices.Lookup(name)
	}
	if cfg.MaxCost > 0 && cfg.Backend.Model() != "" && !r.priced {
		return nil, fmt.Errorf("%w: --max-cost: no price for model %q in the price table", ErrConfig, cfg.Backend.Model())
	}
	if err := r.loadPrompts(ctx); err != nil {
		return nil, err
	}
	if cfg.MaxCost > 0 && cfg.Backend.Model() != "" {
		// Every request needs a limit, the user's or its prompt's own.
		for i := range r.prompts {
			if r.replyTokens(i) <= 0 {
				return nil, fmt.Errorf("%w: --max-cost needs --max-tokens: without a token limit a reply's cost has no bound, so the cap could not be kept (item %s's prompt sets none)", ErrConfig, r.items[i].ID)
			}
		}
	}
	r.warnOverriddenLimit()
	dataHash := hashJSON(r.items)
	promptHash, err := promptHash(cfg.Prompt, r.prompts)
	if err != nil {
		return nil, err
	}
	// The backend can answer the items, and its servers answer, before
	// anything is written.
	if m, ok := cfg.Backend.(model.ItemMatcher); ok {
		ids := make([]string, len(r.items))
		for i, it := range r.items {
			ids[i] = it.ID
		}
		if err := m.MatchItems(ids); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrConfig, err)
		}
	}
	serverModels, err := r.probe(ctx, cfg.Backend, "")
	if err != nil {
		return nil, err
	}
	if cfg.Judge != nil {
		if _, err := r.probe(ctx, cfg.Judge, "--judge: "); err != nil {
			return nil, err
		}
	}

	// The request keys, after the probe: it may have set a default the
	// server needs (a reply limit on Ollama), which is part of the request.
	r.canon, err = json.Marshal(cfg.Backend.Canonical())
	if err != nil {
		return nil, fmt.Errorf("model settings: %v", err)
	}
	configHash := hashStrings(cfg.Bench.Name(), dataHash, promptHash, string(r.canon), strconv.Itoa(cfg.Samples))
	r.keys = make([][]string, len(r.items))
	for i, it := range r.items {
		r.keys[i] = make([]string, cfg.Samples)
		pj, _ := json.Marshal(r.prompts[i])
		for s := range cfg.Samples {
			r.keys[i][s] = RequestKey(r.canon, pj, it.ID, s)
		}
	}

	// The run directory.
	dir := cfg.Dir
	if dir == "" {
		dir = DefaultDir(cfg.Root, cfg.Bench.Name(), cfg.Backend.Spec(), configHash)
	}
	rep.Dir = dir
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	// One process per directory, for the whole run (released by Run).
	if r.lock, err = rundir.Lock(dir, "matheval run"); err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		if !ok {
			r.lock.Unlock()
		}
	}()
	if err := removeStale(dir, r.log); err != nil {
		return nil, err
	}
	fmt.Fprintf(r.log, "matheval: run directory: %s\n", dir)
	r.runLog = &runLog{path: dir + string(os.PathSeparator) + LogFile}
	start := time.Now().UTC().Format(time.RFC3339)
	if rundir.IsRunDir(dir) {
		old, err := rundir.ReadManifest(dir)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", dir, err)
		}
		if h := old.Extra["config_hash"]; h != configHash {
			return nil, fmt.Errorf("%w: %s holds a run of another configuration (%s): choose another --out", ErrConfig, dir, r.configDiff(old, dataHash, promptHash))
		}
		start = old.Start
	}
	r.man = r.manifest(dataHash, promptHash, configHash, start, serverModels)
	if err := rundir.WriteJSON(dir, rundir.ManifestFile, r.man); err != nil {
		return nil, err
	}
	lib.attach(r.runLog)
	r.ctx, r.cancel = context.WithCancel(ctx)
	ok = true
	return r, nil
}

// removeStale removes the temporary files a killed process left in dir
// (the caller holds dir's lock, so no live writer owns them).
func removeStale(dir string, log io.Writer) error {
	removed, err := rundir.RemoveStaleTemp(dir)
	if len(removed) > 0 {
		fmt.Fprintf(log, "matheval: removed %s, left in %s by a process that was stopped mid-write\n", strings.Join(removed, ", "), dir)
	}
	if err != nil {
		return fmt.Errorf("%s: removing stale temporary files: %v", dir, err)
	}
	return nil
}

// defaults fills in cfg's defaults and refuses what cannot work.
func defaults(cfg Config) (Config, error) {
	if cfg.Bench == nil || cfg.Backend == nil {
		return cfg, fmt.Errorf("%w: no benchmark or no model", ErrConfig)
	}
	if cfg.MaxCost > 0 && cfg.Prices == nil {
		return cfg, fmt.Errorf("%w: --max-cost needs --prices (a price table to count the cost with)", ErrConfig)
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
	return cfg, nil
}

// loadPrompts loads the items and renders their prompts.
func (r *runner) loadPrompts(ctx context.Context) error {
	cfg := r.cfg
	items, warns, err := loadItems(ctx, cfg)
	if err != nil {
		return err
	}
	for _, w := range warns {
		r.warn(w.String())
	}
	r.items = items
	r.prompts = make([]bench.Prompt, len(items))
	seen := make(map[string]int, len(items))
	systemWarned := false
	for i, it := range items {
		if j, dup := seen[it.ID]; dup {
			return fmt.Errorf("items %d and %d have the same id %q: a run needs unique ids", j+1, i+1, it.ID)
		}
		seen[it.ID] = i
		p, err := cfg.Bench.Prompt(it, cfg.Prompt)
		if err != nil {
			return fmt.Errorf("item %s: prompt: %v", it.ID, err)
		}
		if cfg.Prompt.System != "" && !usesSystem(cfg.Bench, it, cfg.Prompt, p) {
			if applySystem(&p, cfg.Prompt.System) && !systemWarned {
				systemWarned = true
				r.warn(fmt.Sprintf("%s: the prompt of item %s ignores --system: the runner put it first as it is", cfg.Bench.Name(), it.ID))
			}
		}
		r.prompts[i] = p
	}
	return nil
}

// loadItems loads the items; none is an error.
func loadItems(ctx context.Context, cfg Config) ([]bench.Item, []bench.Warning, error) {
	items, warns, err := cfg.Bench.Load(ctx, cfg.DataPath, cfg.Load)
	if err != nil {
		return nil, nil, err
	}
	if len(items) == 0 {
		return nil, warns, fmt.Errorf("%s: no items to run (check --data and the filters)", cfg.Bench.Name())
	}
	return items, warns, nil
}

// usesSystem reports whether the benchmark's template did something with
// --system: the prompt rendered without it differs. A template that expands
// a named preset ("calculator4" in MATH 401) into its sentence has used it,
// and the runner must not put the bare name over that sentence.
func usesSystem(b bench.Benchmark, it bench.Item, o bench.PromptOptions, with bench.Prompt) bool {
	o.System = ""
	without, err := b.Prompt(it, o)
	return err == nil && !reflect.DeepEqual(with, without)
}

// applySystem makes sure a chat prompt starts with the system prompt the
// user gave, for a template that ignored it, so that --system never goes
// silently unused. It reports whether it changed p.
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

// probeTimeout bounds the check of one server before a run.
const probeTimeout = 20 * time.Second

// probe asks every server of b for its models (GET /v1/models), at once.
// When none answers, the run cannot succeed: the error says why, in one
// line. Servers that fail while others answer, and a model name the
// answering server does not list, are warnings (llama.cpp and SGLang serve
// whatever name is asked). It returns the first answer, for the manifest.
func (r *runner) probe(ctx context.Context, b model.Backend, what string) (json.RawMessage, error) {
	ml, ok := b.(model.ModelLister)
	if !ok || r.cfg.NoProbe {
		return nil, nil
	}
	n := max(1, b.Servers())
	raws := make([]json.RawMessage, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for s := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			raws[s], errs[s] = r.probeOne(ctx, ml, s)
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var first json.RawMessage
	var failed []string
	for s := range n {
		if errs[s] != nil {
			failed = append(failed, probeMessage(ml.ServerURL(s), errs[s]))
			continue
		}
		if first == nil {
			first = raws[s]
			ids := model.ModelIDs(raws[s])
			listed, checks, oneChoice, endless := false, len(ids) > 0, false, false
			owners := model.ModelOwners(raws[s])
			for _, id := range ids {
				listed = listed || model.SameModel(b.Model(), id)
				checks = checks && model.ChecksModelName(owners[id])
				oneChoice = oneChoice || model.CountsOneChoice(owners[id])
				endless = endless || model.GeneratesWithoutEnd(owners[id])
			}
			if o, ok := b.(model.OneByOner); ok && oneChoice {
				o.OneChoicePerRequest()
			}
			if c, ok := b.(model.ReplyCapper); ok && endless && c.CapReplies(model.DefaultOllamaMaxTokens) {
				r.warn(fmt.Sprintf("%s%s is Ollama, which stalls on a reply that outgrows its context when no max_tokens is sent: each reply is cut at %d tokens (give --max-tokens to choose)",
					what, ml.ServerURL(s), model.DefaultOllamaMaxTokens))
			}
			if !listed && checks {
				// A server that checks the name would refuse every request:
				// stop before the first one, and before any directory.
				return nil, fmt.Errorf("%w: %s%s does not serve model %q; it serves %s: use --model openai:%s",
					ErrProbe, what, ml.ServerURL(s), b.Model(), strings.Join(ids, ", "), ids[0])
			}
			if !listed {
				r.warn(fmt.Sprintf("%s%s does not list model %q among its models (%s): a server that checks the name will refuse every request",
					what, ml.ServerURL(s), b.Model(), strings.Join(ids, ", ")))
			}
		}
	}
	if first == nil {
		return nil, fmt.Errorf("%w: %s%s", ErrProbe, what, strings.Join(failed, "; "))
	}
	for _, f := range failed {
		r.warn(what + f + " (the run goes on with the servers that answer)")
	}
	return first, nil
}

// probeAttempts is how many times one server is asked for its models
// before the run gives up on it: a reset connection or a 5xx at the start
// of a run passes as it does later.
const probeAttempts = 4

// probeOne asks server s for its models, retrying transient failures
// (a connection failure, 408, 429, 5xx) with the run's backoff.
func (r *runner) probeOne(ctx context.Context, ml model.ModelLister, s int) (json.RawMessage, error) {
	for attempt := 0; ; attempt++ {
		pctx, cancel := context.WithTimeout(ctx, probeTimeout)
		raw, err := ml.ListModels(pctx, s)
		cancel()
		if err == nil || attempt+1 >= probeAttempts || !probeTransient(err) {
			return raw, err
		}
		me := model.AsError(err)
		if sleep(ctx, backoff(attempt, r.cfg.BackoffBase, r.cfg.BackoffMax, me.RetryAfter)) != nil {
			return raw, err
		}
	}
}

// probeTransient reports whether a failed GET /models may pass if asked again.
func probeTransient(err error) bool {
	if errors.Is(err, model.ErrFatal) {
		return false
	}
	me := model.AsError(err)
	switch st := me.Status; {
	case st == 0:
		// Nothing listening, or no such host, is not passing; a reset or
		// a timeout may be.
		var dns *net.DNSError
		return me.Msg != "cancelled" && !errors.Is(err, syscall.ECONNREFUSED) && !errors.As(err, &dns)
	case st == 408 || st == 429 || st >= 500:
		return true
	}
	return false
}

// probeMessage says in one line why server did not answer GET /models.
func probeMessage(server string, err error) string {
	me := model.AsError(err)
	switch {
	case errors.Is(err, model.ErrFatal):
		return fmt.Sprintf("%s: GET /models: %s", server, me.Msg)
	case me.Status == 404:
		return fmt.Sprintf("%s: GET /models answered 404: --base-url usually ends in /v1 (a server without that route: --no-probe)", server)
	case me.Status == 0:
		return fmt.Sprintf("cannot reach %s: GET /models: %s. Is the server running, and is --base-url right? (a server without GET /v1/models: --no-probe)", server, me.Msg)
	}
	return fmt.Sprintf("%s: GET /models: %s (a server without that route: --no-probe)", server, me.Msg)
}

func (r *runner) manifest(dataHash, promptHash, configHash, start string, serverModels json.RawMessage) rundir.Manifest {
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
	resolved := map[string]any{
		"model_settings": cfg.Backend.Canonical(), "servers": cfg.Backend.Servers(),
		"samples": cfg.Samples, "concurrency": cfg.Concurrency, "rpm": cfg.RPM, "tpm": cfg.TPM,
		"max_retries": cfg.MaxRetries, "timeout": cfg.Timeout.String(),
		"backoff_base": cfg.BackoffBase.String(), "backoff_max": cfg.BackoffMax.String(),
		"max_cost": cfg.MaxCost, "max_requests": cfg.MaxRequests, "price": r.price, "priced": r.priced,
		"load": cfg.Load, "prompt_options": cfg.Prompt, "probe": !cfg.NoProbe,
	}
	if cfg.Judge != nil {
		resolved["judge"] = map[string]any{
			"spec": cfg.Judge.Spec(), "model_settings": cfg.Judge.Canonical(), "servers": cfg.Judge.Servers()}
	}
	if lim := r.replyLimits(); lim != nil {
		resolved["reply_tokens"] = lim
	}
	params["resolved"] = resolved
	m := rundir.Manifest{
		Matheval: info.Version, Commit: info.Commit, GoVersion: info.GoVersion,
		Benchmark: cfg.Bench.Name(), DataPath: cfg.DataPath, DataHash: dataHash,
		Prompt: prompt, PromptHash: promptHash, GraderVersion: grader,
		Model: cfg.Backend.Spec(), ServerModels: serverModels, Params: params, Seed: cfg.Load.Seed,
		Items: len(r.items), Samples: cfg.Samples, Start: start,
		Extra: map[string]string{"config_hash": configHash, "status": "running"},
	}
	if cfg.Judge != nil {
		m.Extra["judge"] = cfg.Judge.Spec()
	}
	return m
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

// warn prints a warning and keeps it in the report.
func (r *runner) warn(w string) {
	fmt.Fprintln(r.log, "matheval: warning:", w)
	r.rep.Warnings = append(r.rep.Warnings, w)
}

// warnOnce prints w the first time only (messages of concurrent requests).
func (r *runner) warnOnce(w string) { r.warnOnceAs(w, w) }

// warnOnceAs prints w the first time a warning of this key comes.
func (r *runner) warnOnceAs(key, w string) {
	if _, seen := r.warned.LoadOrStore(key, true); !seen {
		r.notesMu.Lock()
		r.warn(w)
		r.notesMu.Unlock()
	}
}
