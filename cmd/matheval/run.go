package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/answers"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/report"
	runner "github.com/matheval/matheval/run"
	"github.com/matheval/matheval/rundir"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// runFlags holds the flags of 'run'.
type runFlags struct {
	data, gen, split, promptName, promptFile, system, modelSpec, out, api, baseURL, keyEnv string
	extraBody, pricesFile, progressMode, cacheFile                                         string
	judgeSpec, judgeBaseURL, maxTokensField                                                string
	limit, sample, shots, samples, maxTokens, topLogprobs, concurrency, maxRetries         int
	maxRequests                                                                            int
	seed, samplingSeed                                                                     int64
	hintFraction, temperature, topP, rpm, tpm, maxCost                                     float64
	filters, stops, datas                                                                  []string
	subjects, levels, groups, types, grades                                                []string
	logprobs, asJSON, stream, noProbe, list, noCache                                       bool
	timeout                                                                                time.Duration
	bopts                                                                                  benchOptions
	// onReport, when set, receives the report of a finished run (suites).
	onReport func(runner.Report)
}

// newRunCmd builds 'run'.
func newRunCmd() *cobra.Command {
	var f runFlags
	c := &cobra.Command{
		Use:   "run BENCH [BENCH...] --model SPEC [flags] | run TASK.yaml | run SUITE.yaml | run --list",
		Short: "Run a model on a benchmark, grade the replies and write a run directory",
		Long: `run sends every item of a benchmark to a model, grades the replies and writes a
run directory: manifest.json (what produced the run), samples.jsonl (one line
per item and sample) and results.json (the benchmark's summary: metrics with
definitions and 95% intervals, breakdowns and tables; verdict counts). It says
the run directory first and prints the benchmark's tables at the end, then the
commands that read the run (--json: results.json instead).

Models:
  openai:<model>   any OpenAI-compatible server (vLLM, SGLang, llama.cpp, Ollama,
                   hosted APIs); --base-url takes a comma-separated list of servers
  builtin:gold     the benchmark's reference answers (must score 100%)
  builtin:calc     the calculator baseline (arithmetic problems, MATH 401)
  builtin:decide   miniF2F HOL Light: a fixed list of decision procedures
  replay:FILE      replies recorded by another tool, JSON Lines of
                   {"id": ..., "sample": 0, "reply": ...}

Every reply is journaled as it arrives. The default directory,
runs/<bench>-<model>-<config hash>, depends only on what decides the replies
(benchmark, data, prompts, model settings, samples), so running the same
command again resumes an interrupted run, sending only the requests whose
replies are not journaled. A request that fails after --max-retries gets the
verdict error: it never counts as a wrong answer, and the exit code is 1. A run
stopped by a budget or an interrupt writes partial results, exits 1, and
continues when run again.

A run that cannot succeed says so and stops: every server is asked for
GET /v1/models first (--no-probe skips that); an error no retry clears (a
refused key, an unknown model, no quota left, a parameter the server rejects)
or the first requests all failing the same way stop the run with one line
saying why. vLLM, SGLang, llama.cpp, Ollama and the OpenAI API differ in what
they support (n > 1, logprobs, max_completion_tokens); the client adapts and
says so (see the README's Servers section).

Benchmarks: matheval run --list. answers reads any file of problems and
answers (--problem-field, --answer-field, ...); presets (gsm8k, aime, amc,
minerva_math, ...) read their releases; a task file (YAML) defines one of your
own. Several benchmarks run one after the other into one run directory each
(one --data each, or a suite file), ending with one table and the macro average.
Replies are also kept in a request cache shared by runs (--cache, --no-cache).

--judge SPEC has a judge model grade every reply again with the benchmark's
rubric (HARDMath: the paper's grading prompts). The judge's reply, score and
reason are stored per sample and the mean score is the metric judge_score;
the grade without the judge stays the primary score. Judge replies are
journaled too (judge.jsonl): adding --judge to a finished run judges it
without asking the model again.`,
		Example: `  matheval run math401 --model builtin:calc
  matheval run gsm8k --data ../shared/data/answers/gsm8k/test.jsonl --model builtin:gold
  matheval run answers --data svamp.jsonl --problem-field '{Body} {Question}' --answer-field Answer --model builtin:gold
  matheval run gsm8k aime --data gsm8k.jsonl --data aime24.jsonl --model openai:qwen2.5-math-7b
  matheval run math --data ../shared/data/math/MATH --split test --model builtin:gold
  matheval run math --data MATH --model openai:qwen2.5-math-7b --base-url http://gpu1:8000/v1,http://gpu2:8000/v1 \
      --concurrency 64 --samples 4 --temperature 0.7 --max-tokens 2048 --levels 5 --subjects algebra
  OPENAI_API_KEY=sk-... matheval run asdiv --data ASDiv.xml --model openai:gpt-4o-mini \
      --base-url https://api.openai.com/v1 --rpm 500 --prices prices.json --max-cost 5
  matheval run hardmath --data HARDMath_mini.json --model openai:qwen2.5-7b --judge openai:gpt-4o \
      --judge-base-url https://api.openai.com/v1
  matheval run minif2f --data ../shared/data/minif2f --track metamath --split valid --model builtin:gold --filter reference=yes
  matheval run minif2f --data ../shared/data/minif2f --track hollight --split valid --model openai:deepseek-prover --samples 8`,
		Args: cobra.ArbitraryArgs,
		RunE: f.run,
	}
	f.register(c.Flags())
	return c
}

// register defines the flags on fs.
func (f *runFlags) register(fs *pflag.FlagSet) {
	fs.StringArrayVar(&f.datas, "data", nil, "benchmark data file or folder (absent: the benchmark's generated default set); with several benchmarks, one --data each, in their order")
	fs.StringVar(&f.gen, "gen", "", "generate the set with --seed instead of reading --data (amps: n=N,modules=A+B,split=S,level=L)")
	fs.StringVar(&f.split, "split", "", "split to load (test, train, ...)")
	fs.IntVar(&f.limit, "limit", 0, "keep at most N items (0 = all)")
	fs.IntVar(&f.sample, "sample", 0, "seeded random sample of N items (0 = all)")
	fs.Int64Var(&f.seed, "seed", 1, "seed for --sample, generated sets and few-shot draws")
	fs.StringArrayVar(&f.filters, "filter", nil, "keep items whose metadata KEY is one of the values: KEY=V1,V2 (repeatable)")
	fs.StringSliceVar(&f.subjects, "subjects", nil, "keep these subjects (meta key subject)")
	fs.StringSliceVar(&f.levels, "levels", nil, "keep these levels (meta key level)")
	fs.StringSliceVar(&f.groups, "groups", nil, "keep these groups (meta key group)")
	fs.StringSliceVar(&f.types, "types", nil, "keep these types (meta key type)")
	fs.StringSliceVar(&f.grades, "grades", nil, "keep these grades (meta key grade)")
	fs.StringVar(&f.promptName, "prompt", "", "prompt template name (the benchmark's default when absent)")
	fs.StringVar(&f.promptFile, "prompt-file", "", "your own prompt template file (overrides --prompt)")
	fs.IntVar(&f.shots, "shots", 0, "few-shot examples")
	fs.Float64Var(&f.hintFraction, "hint-fraction", 0, "share of the reference solution given as a hint (0..1)")
	fs.StringVar(&f.system, "system", "", "system prompt (overrides the template's)")
	fs.StringVar(&f.modelSpec, "model", "", "model: openai:<model>, builtin:gold, builtin:calc or replay:FILE (required)")
	fs.StringVar(&f.out, "out", "", "run directory (default runs/<bench>-<model>-<config hash>)")
	fs.StringVar(&f.api, "api", "chat", "OpenAI API: chat or completions")
	fs.StringVar(&f.baseURL, "base-url", "", "server base URL(s), comma-separated (default "+model.DefaultBaseURL+")")
	fs.StringVar(&f.keyEnv, "api-key-env", "", "environment variable holding the API key (default OPENAI_API_KEY)")
	fs.Float64Var(&f.temperature, "temperature", 0, "sampling temperature (always sent)")
	fs.Float64Var(&f.topP, "top-p", 1, "nucleus sampling top_p (sent when given)")
	fs.IntVar(&f.maxTokens, "max-tokens", 0, fmt.Sprintf("most tokens per reply, over any limit the prompt sets itself (MATH direct and fewshot: the paper's 20); 0 = the prompt's limit, else the server's default in chat, %d in --api completions, %d on Ollama", model.DefaultCompletionsMaxTokens, model.DefaultOllamaMaxTokens))
	fs.StringVar(&f.maxTokensField, "max-tokens-field", "auto", "field carrying --max-tokens in chat: max_tokens, max_completion_tokens (OpenAI reasoning models) or auto (by model name, switching when the server asks)")
	fs.BoolVar(&f.stream, "stream", false, "receive replies as a stream (stream: true with usage), for servers and proxies that time out long replies")
	fs.BoolVar(&f.noProbe, "no-probe", false, "do not check the servers with GET /v1/models before the run (for servers without that route)")
	fs.StringArrayVar(&f.stops, "stop", nil, "stop sequence (repeatable), added to the prompt format's")
	fs.Int64Var(&f.samplingSeed, "sampling-seed", 0, "seed sent to the server (sent when given; sample i gets seed+i)")
	fs.IntVar(&f.samples, "samples", 1, "replies per item (sent as n when the server honours it)")
	fs.BoolVar(&f.logprobs, "logprobs", false, "ask for token logprobs")
	fs.IntVar(&f.topLogprobs, "top-logprobs", 0, "alternatives per token with their logprobs (0..20; implies --logprobs)")
	fs.StringVar(&f.extraBody, "extra-body", "", `extra request body fields, as a JSON object (e.g. '{"chat_template_kwargs":{"enable_thinking":false}}')`)
	fs.IntVar(&f.concurrency, "concurrency", 8, "requests in flight per server")
	fs.Float64Var(&f.rpm, "rpm", 0, "requests per minute per server (0 = no limit)")
	fs.Float64Var(&f.tpm, "tpm", 0, "tokens per minute per server (0 = no limit)")
	fs.IntVar(&f.maxRetries, "max-retries", 6, "retries of a failed request (429, 5xx, timeouts, dropped connections)")
	fs.DurationVar(&f.timeout, "timeout", 10*time.Minute, "time limit of one attempt")
	fs.Float64Var(&f.maxCost, "max-cost", 0, "spend at most this many dollars: each request is reserved at its worst case before it is sent (needs --prices and --max-tokens; 0 = no limit)")
	fs.StringVar(&f.pricesFile, "prices", "", `price table, JSON: {"model": {"prompt": USD per 1M tokens, "completion": USD per 1M tokens}}`)
	fs.IntVar(&f.maxRequests, "max-requests", 0, "stop after sending this many requests, retries included (0 = no limit)")
	fs.StringVar(&f.judgeSpec, "judge", "", "judge model grading each reply with the benchmark's rubric (openai:<model>; benchmarks with a rubric: hardmath)")
	fs.StringVar(&f.judgeBaseURL, "judge-base-url", "", "judge server base URL(s), comma-separated (default: --base-url)")
	fs.StringVar(&f.progressMode, "progress", runner.ProgressAuto, "progress: auto (a bar on a terminal, log lines otherwise), bar, log or off")
	fs.BoolVar(&f.asJSON, "json", false, "print results.json instead of the tables")
	fs.BoolVar(&f.list, "list", false, "list the benchmarks and presets, one line each")
	fs.StringVar(&f.cacheFile, "cache", "", "request cache shared by runs: replies are reused for the exact same request (model, API, prompt, every sampling parameter, item and sample index) (default "+cacheFileName+" in the folder holding the run directory: runs/ by default)")
	fs.BoolVar(&f.noCache, "no-cache", false, "neither read nor write the request cache")
	f.bopts.register(fs)
}

// run runs 'run BENCH'.
func (f *runFlags) run(cmd *cobra.Command, args []string) error {
	if f.list {
		printBenchList(cmd.OutOrStdout())
		return nil
	}
	if len(args) > 1 || (len(args) == 1 && isSuiteFile(args[0])) {
		return f.runSuite(cmd, args)
	}
	if len(args) != 1 {
		return usageErrorf("run: name a benchmark (matheval run --list shows them), a task file or a suite file")
	}
	if len(f.datas) > 1 {
		return usageErrorf("run: %d --data for one benchmark (several benchmarks take one --data each)", len(f.datas))
	}
	if len(f.datas) == 1 {
		f.data = f.datas[0]
	}
	b, err := lookupBench(args[0])
	if err != nil {
		return usageErrorf("%v", err)
	}
	if b, err = f.bopts.configure(cmd.Flags(), b, cmd.ErrOrStderr()); err != nil {
		return usageErrorf("run %s: %v", args[0], err)
	}
	if c, ok := b.(io.Closer); ok {
		defer c.Close() // the benchmark's verifier sessions
	}
	if f.modelSpec == "" {
		return usageErrorf("run: --model is required (openai:<model>, builtin:gold, builtin:calc or replay:FILE)")
	}
	if f.gen != "" {
		g, ok := b.(bench.SpecGenerator)
		if f.data != "" || !ok {
			return usageErrorf("run: --gen generates a set in place of --data, for a benchmark that generates its items from a spec (amps); given: %s with --data %q", b.Name(), f.data)
		}
		f.data = g.GenData(f.gen)
	}
	if f.samples < 1 || f.concurrency < 1 || f.limit < 0 || f.sample < 0 || f.shots < 0 || f.maxRequests < 0 || f.maxCost < 0 {
		return usageErrorf("run: --samples and --concurrency must be >= 1; --limit, --sample, --shots, --max-requests and --max-cost >= 0")
	}
	if f.noCache && f.cacheFile != "" {
		return usageErrorf("run: --cache and --no-cache exclude each other")
	}
	if f.maxCost > 0 && f.pricesFile == "" {
		return usageErrorf("run: --max-cost needs --prices (a price table to count the cost with)")
	}
	if f.hintFraction < 0 || f.hintFraction > 1 {
		return usageErrorf("run: --hint-fraction %g: want 0..1", f.hintFraction)
	}
	switch f.progressMode {
	case runner.ProgressAuto, runner.ProgressBar, runner.ProgressLog, runner.ProgressOff:
	default:
		return usageErrorf("run: --progress %q: want auto, bar, log or off", f.progressMode)
	}
	if fs, ok := b.(interface{ HasFewShot() bool }); ok && f.shots > 0 && !fs.HasFewShot() {
		return usageErrorf("run: --shots %d: %s has no few-shot source (a task file's fewshot: data, shots)", f.shots, b.Name())
	}
	if err := checkPromptName(b, f.promptName, f.promptFile); err != nil {
		return err
	}
	filter, err := f.filter()
	if err != nil {
		return err
	}
	params, err := f.params(cmd)
	if err != nil {
		return err
	}
	if w := greedySamplesWarning(f.samples, f.temperature, b.Name()); w != "" {
		fmt.Fprintln(cmd.ErrOrStderr(), "matheval: warning:", w)
	}
	backend, judge, err := f.backends(b, params)
	if err != nil {
		return err
	}
	var prices runner.Prices
	if f.pricesFile != "" {
		if prices, err = runner.LoadPrices(f.pricesFile); err != nil {
			return usageErrorf("run: --prices: %v", err)
		}
	}
	// Every flag as given, for the manifest; the key itself never.
	recorded := map[string]any{}
	cmd.Flags().VisitAll(func(fl *pflagFlag) {
		if fl.Name != "help" {
			recorded[fl.Name] = flagValue(fl)
		}
	})
	recorded["data"] = f.data // this run's (a suite's --data lists every benchmark's)
	if tb, ok := b.(*answers.Benchmark); ok && isTaskFile(args[0]) {
		recorded[taskDefinitionParam] = string(tb.Definition()) // 'grade' needs no task file
	}
	recorded["base-url"] = redactURLs(f.baseURL)
	recorded["judge-base-url"] = redactURLs(f.judgeBaseURL)
	cfg := runner.Config{
		Bench: b, DataPath: f.data,
		Load:    bench.LoadOptions{Split: f.split, Limit: f.limit, Sample: f.sample, Seed: f.seed, Filter: filter},
		Prompt:  bench.PromptOptions{Name: f.promptName, TemplateFile: f.promptFile, Shots: f.shots, HintFraction: f.hintFraction, System: f.system, Seed: f.seed},
		Backend: backend, Judge: judge, Samples: f.samples, Concurrency: f.concurrency, RPM: f.rpm, TPM: f.tpm,
		MaxRetries: f.maxRetries, Timeout: f.timeout, MaxCost: f.maxCost, Prices: prices, MaxRequests: f.maxRequests, NoProbe: f.noProbe,
		Dir: f.out, Cache: f.cachePath(), Params: recorded, Progress: cmd.ErrOrStderr(), ProgressMode: f.progressMode, Log: cmd.ErrOrStderr(),
	}
	ctx, stop := interruptible(cmd)
	defer stop()
	if c, ok := b.(io.Closer); ok {
		// An interrupt also stops the benchmark's verifiers, which may be
		// starting inside Load (HOL Light takes minutes).
		go func() { <-ctx.Done(); c.Close() }()
	}
	rep, err := runner.Run(ctx, cfg)
	if err == nil && f.onReport != nil {
		f.onReport(rep)
	}
	if errors.Is(err, runner.ErrConfig) || errors.Is(err, answers.ErrField) {
		// "run: run configuration: ..." would say "run" twice and nothing
		// more: the message after it says what is wrong.
		return usageErrorf("run: %s", strings.TrimPrefix(err.Error(), runner.ErrConfig.Error()+": "))
	}
	if err != nil {
		return err
	}
	if err := printResults(cmd, rep.Dir, rep.Results, f.asJSON); err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if !f.asJSON {
		for _, l := range runner.Headline(rep.Results, rep.Failed) {
			fmt.Fprintln(out, l)
		}
	}
	if journal := rep.Resumed - rep.Cached; rep.Cached > 0 && journal > 0 {
		fmt.Fprintf(out, "resumed %d samples from the journal and took %d from the request cache; sent %d requests\n", journal, rep.Cached, rep.Requests)
	} else if rep.Cached > 0 {
		fmt.Fprintf(out, "took %d samples from the request cache; sent %d requests\n", rep.Cached, rep.Requests)
	} else if rep.Resumed > 0 {
		fmt.Fprintf(out, "resumed %d samples from the journal; sent %d requests\n", rep.Resumed, rep.Requests)
	}
	if judge != nil {
		fmt.Fprintf(out, "judge %s: sent %d requests\n", judge.Spec(), rep.JudgeRequests)
	}
	return runExit(cmd.ErrOrStderr(), rep)
}

// filter is the item filter of --filter and the per-benchmark shorthands
// (--subject, --level, ...); nil when none is given.
func (f *runFlags) filter() (map[string][]string, error) {
	filter := map[string][]string{}
	for _, fl := range f.filters {
		k, v, ok := strings.Cut(fl, "=")
		if !ok || strings.TrimSpace(k) == "" || strings.TrimSpace(v) == "" {
			return nil, usageErrorf("run: --filter %q: want key=value[,value...]", fl)
		}
		filter[strings.TrimSpace(k)] = append(filter[strings.TrimSpace(k)], splitList(v)...)
	}
	for key, vals := range map[string][]string{"subject": f.subjects, "level": f.levels, "group": f.groups, "type": f.types, "grade": f.grades} {
		for _, v := range vals {
			filter[key] = append(filter[key], splitList(v)...)
		}
	}
	if len(filter) == 0 {
		return nil, nil
	}
	return filter, nil
}

// greedySamplesWarning says why several samples per item at temperature 0
// mean little: greedy decoding gives one reply n times, so pass@k and
// maj@k are computed over copies. miniF2F's builtin search and the like
// are not models; the benchmark name is for the message only.
func greedySamplesWarning(samples int, temperature float64, benchName string) string {
	if samples <= 1 || temperature > 0 {
		return ""
	}
	return fmt.Sprintf("--samples %d at temperature %g: greedy decoding gives each item the same reply %d times, so pass@k and maj@k on %s are computed over identical replies; set --temperature (e.g. 0.7) to sample", samples, temperature, samples, benchName)
}

// params are the sampling parameters sent with every request.
func (f *runFlags) params(cmd *cobra.Command) (model.Params, error) {
	params := model.Params{MaxTokens: f.maxTokens, Stop: f.stops, Logprobs: f.logprobs || f.topLogprobs > 0, TopLogprobs: f.topLogprobs}
	t := f.temperature // always sent: the default evaluation is greedy
	params.Temperature = &t
	if !cmd.Flags().Changed("temperature") {
		// Not chosen by the user: left out for servers that reject it
		// (OpenAI's reasoning models take only their default).
		params.Implicit = []string{"temperature"}
	}
	if cmd.Flags().Changed("top-p") {
		p := f.topP
		params.TopP = &p
	}
	if cmd.Flags().Changed("sampling-seed") {
		s := f.samplingSeed
		params.Seed = &s
	}
	if f.extraBody != "" {
		if err := json.Unmarshal([]byte(f.extraBody), &params.Extra); err != nil {
			return params, usageErrorf("run: --extra-body: want a JSON object: %v", err)
		}
	}
	return params, nil
}

// backends makes the model backend of --model and, with --judge, the
// judge's, both with the API key of --api-key-env (or OPENAI_API_KEY).
func (f *runFlags) backends(b bench.Benchmark, params model.Params) (backend, judge model.Backend, err error) {
	key, keyVar := "", "OPENAI_API_KEY"
	if f.keyEnv != "" {
		key, keyVar = os.Getenv(f.keyEnv), f.keyEnv
		if key == "" {
			return nil, nil, usageErrorf("run: --api-key-env %s: that variable is empty", f.keyEnv)
		}
	} else {
		key = os.Getenv("OPENAI_API_KEY")
	}
	var bases []string
	if f.baseURL != "" {
		bases = splitList(f.baseURL)
	}
	backend, err = model.New(f.modelSpec, model.Options{BaseURLs: bases, APIKey: key, APIKeyEnv: keyVar, API: f.api,
		Params: params, Stream: f.stream, MaxTokensField: f.maxTokensField, Concurrency: f.concurrency, Bench: b})
	if err != nil {
		return nil, nil, usageErrorf("run: %v", err)
	}
	if strings.HasPrefix(f.judgeSpec, "builtin:") {
		return nil, nil, usageErrorf("run: --judge %s: a judge must be a model (openai:<model> or replay:FILE)", f.judgeSpec)
	}
	if f.judgeSpec == "" {
		if f.judgeBaseURL != "" {
			return nil, nil, usageErrorf("run: --judge-base-url needs --judge")
		}
		return backend, nil, nil
	}
	jbases := bases
	if f.judgeBaseURL != "" {
		jbases = splitList(f.judgeBaseURL)
	}
	zero := 0.0 // the judge grades greedily
	judge, err = model.New(f.judgeSpec, model.Options{BaseURLs: jbases, APIKey: key, APIKeyEnv: keyVar, API: f.api,
		Params: model.Params{Temperature: &zero, Implicit: []string{"temperature"}}, Stream: f.stream,
		MaxTokensField: f.maxTokensField, Concurrency: f.concurrency, Bench: b})
	if err != nil {
		return nil, nil, usageErrorf("run: --judge: %v", err)
	}
	return backend, judge, nil
}

// runExit says why a run is not a success, one line each, and makes the
// exit code 1: stopped (a budget, an interrupt, an error no retry clears,
// every request failing the same way), requests failed for good, or a
// judge that could not judge.
func runExit(w io.Writer, rep runner.Report) error {
	failed := false
	if rep.Results.Stopped != "" {
		how := rep.Continue
		if how == "" {
			how = "Run the same command again to continue."
		}
		fmt.Fprintf(w, "matheval: run stopped after %d of %d samples: %s. %s\n",
			rep.Results.Samples, rep.Results.Planned, rep.Results.Stopped, how)
		failed = true
	}
	if rep.Failed > 0 && rep.Results.Stopped == "" {
		fmt.Fprintf(w, "matheval: %d of %d samples failed for good (verdict error); run the same command again to send them again\n",
			rep.Failed, rep.Results.Samples)
		failed = true
	}
	if rep.JudgeStopped != "" {
		fmt.Fprintf(w, "matheval: judging failed: %s\n", rep.JudgeStopped)
		failed = true
	}
	if failed {
		return errSilentFailure
	}
	return nil
}

// redactURLs hides credentials written into base URLs (user:password@,
// or a key in the query) before they are recorded in the manifest.
func redactURLs(list string) string {
	var out []string
	for _, raw := range splitList(list) {
		u, err := url.Parse(raw)
		if err != nil {
			out = append(out, "REDACTED-UNPARSABLE-URL")
			continue
		}
		if u.User != nil {
			u.User = url.User("REDACTED")
		}
		q := u.Query()
		for k := range q {
			if lk := strings.ToLower(k); strings.Contains(lk, "key") || strings.Contains(lk, "token") || strings.Contains(lk, "secret") {
				q.Set(k, "REDACTED")
			}
		}
		u.RawQuery = q.Encode()
		out = append(out, u.String())
	}
	return strings.Join(out, ",")
}

// splitList splits a comma-separated list, dropping empty entries.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// checkPromptName refuses a --prompt the benchmark does not have, naming
// the ones it has (a usage error: exit 2).
func checkPromptName(b bench.Benchmark, name, file string) error {
	pl, ok := b.(bench.PromptLister)
	if name == "" || file != "" || !ok {
		return nil
	}
	names := pl.PromptNames()
	for _, n := range names {
		if n == name {
			return nil
		}
	}
	return usageErrorf("run: --prompt %q: %s has no such prompt (choose one of: %s; or --prompt-file FILE)", name, b.Name(), strings.Join(names, ", "))
}

// printResults prints a run's results: the benchmark's tables and the next
// steps, or with asJSON results.json itself.
func printResults(cmd *cobra.Command, dir string, res rundir.Results, asJSON bool) error {
	if asJSON {
		printJSON(cmd, res)
		return nil
	}
	m, err := rundir.ReadManifest(dir)
	if err != nil {
		return err
	}
	report.RunText(cmd.OutOrStdout(), dir, m, res)
	return nil
}
