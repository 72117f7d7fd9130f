// Package bench defines what every benchmark provides, so that the runner,
// the reports and the command line can treat MATH, MATH 401, HARDMath,
// miniF2F and ASDiv alike. Each benchmark lives in its own sub-package
// (bench/math, bench/math401, ...) and implements Benchmark.
//
// # Summaries
//
// A benchmark's Summarize returns one Summary, the only results model:
// results.json stores it, and the command line, the report, compare and the
// viewer render it without computing numbers of their own. A summary holds
//
//   - metrics: named numbers with a label, a definition, a unit and an
//     estimate (value, n, 95% interval); Headline lists the main ones;
//   - breakdowns: the metrics by the groups of a dimension (subject, level,
//     HARDMath type and regime), each group selecting its items by metadata
//     (Where) or by the length of its problem or solution text (Span), so
//     any reader can recompute a group from samples.jsonl;
//   - display tables built from those, in the shape of the benchmark's
//     paper; Main marks the ones the command line prints after a run.
//
// Every interval is made one way (IntervalMethod): a percentile bootstrap
// over items. A metric with a Measure averages a per-sample quantity
// ("correct", "score", "metric:NAME", "part:NAME") over each item's samples,
// then over items; the Measure is recorded, so compare pairs items on the
// very quantity the benchmark reported.
//
// Build a summary with a Builder:
//
//	sb := bench.NewBuilder(samples)
//	acc := bench.Score
//	sb.Metric(bench.Metric{Name: "accuracy", Label: "accuracy", Unit: bench.Percent, Measure: &acc,
//		Definition: "the share of items answered correctly (mean over each item's samples)"})
//	subj := sb.Breakdown("by_subject", "Accuracy by subject", []string{"subject"},
//		sb.ByMeta("subject", title, nil), "accuracy")
//	sb.Table(sb.BreakdownTable(subj, true)) // true: printed after a run
//	return sb.Summary() // adds pass@k/maj@k/mean@k and calibration when the samples allow
//
// Cross(a, b) crosses two dimensions (Pivot shows them as a grid); a
// GroupDef with a Measure scores its group on another quantity (a regime's
// credit); Add records a metric computed otherwise (a mean over folds).
package bench

import (
	"context"
	"fmt"
	"sort"
	"sync"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/core"
)

// The types shared with the runner and the model client live in package
// core, which imports nothing; these are the same types under bench's names.
type (
	Item         = core.Item
	Message      = core.Message
	Prompt       = core.Prompt
	TokenLogprob = core.TokenLogprob
)

// PromptOptions choose and parameterise a prompt template.
type PromptOptions struct {
	Name         string  // template name ("direct", "solution", "fewshot", "hint", "cot", ...)
	TemplateFile string  // a user's own template file, overriding Name
	Shots        int     // number of few-shot examples
	HintFraction float64 // share of the reference solution given as a hint
	System       string  // system prompt, overriding the template's
	Seed         int64   // seed for drawing few-shot examples
}

// LoadOptions filter and select items while loading.
type LoadOptions struct {
	Split  string              // "test", "train", ... ("" = as the data come)
	Limit  int                 // keep at most this many items (0 = all)
	Sample int                 // seeded random sample of this many items (0 = all)
	Seed   int64               // seed for Sample and for generated sets
	Filter map[string][]string // meta key -> accepted values ("subject": {"algebra"})
}

// Warning is a problem found while loading that did not stop the load.
type Warning struct {
	Where   string `json:"where"` // file:line or item id
	Message string `json:"message"`
}

func (w Warning) String() string { return w.Where + ": " + w.Message }

// Sample is one graded model reply to one item.
type Sample struct {
	Item         Item           `json:"item"`
	Index        int            `json:"sample"` // sample index, 0..n-1
	Reply        string         `json:"reply"`
	Reasoning    string         `json:"reasoning,omitempty"`
	FinishReason string         `json:"finish_reason,omitempty"`
	Logprobs     []TokenLogprob `json:"logprobs,omitempty"`
	Verdict      answer.Verdict `json:"verdict"`
	// Confidence is the benchmark's confidence measure for the answer, when
	// logprobs allow it (MATH: mean probability of the answer's tokens); <0 when unknown.
	Confidence float64 `json:"confidence"`
}

// Benchmark is what every benchmark package implements.
type Benchmark interface {
	// Name is the command-line name ("math", "math401", ...).
	Name() string
	// Load reads items from path (a file or folder in any form the benchmark
	// knows). With path == "" a benchmark that can generate its own set does
	// so with opts.Seed; others return an error. It stops when ctx ends.
	Load(ctx context.Context, path string, opts LoadOptions) ([]Item, []Warning, error)
	// Prompt renders the prompt for one item.
	Prompt(it Item, opts PromptOptions) (Prompt, error)
	// GoldReply is a reply that states the item's reference answer as a model
	// would (used by builtin:gold, which must then score 100%).
	GoldReply(it Item) string
	// Grade grades one reply within ctx (the run's: cancelled when the run
	// is interrupted). finishReason is the server's ("length" means cut by
	// the token limit). Grade never panics and never blocks past its
	// deadline.
	Grade(ctx context.Context, it Item, reply, finishReason string) answer.Verdict
	// Summarize computes the benchmark's metrics and tables over graded samples.
	Summarize(samples []Sample) Summary
}

// PromptLister is implemented by benchmarks whose prompt templates have
// names, so that the command line refuses an unknown --prompt before
// anything runs, listing the valid ones.
type PromptLister interface {
	PromptNames() []string
}

// Confidencer is implemented by benchmarks that derive a confidence from logprobs.
type Confidencer interface {
	Confidence(s Sample) float64
}

// Judged is implemented by benchmarks whose replies a judge model can also
// grade with the benchmark's rubric (HARDMath). The judge's score is
// recorded beside the verdict; the verdict stays the primary score.
type Judged interface {
	// JudgePrompt is the prompt asking the judge to grade reply; false when
	// the item has no rubric (it is then not sent to the judge).
	JudgePrompt(it Item, reply string) (Prompt, bool)
	// ParseJudge reads the judge's score in [0,1] and a short reason from
	// its reply; an error when the reply holds no usable score.
	ParseJudge(it Item, judgeReply string) (score float64, reason string, err error)
}

// Plotter is implemented by benchmarks that draw figures of their own (the
// shape of their paper's figures) from graded samples. Plots writes its
// files (PNG and SVG) into dir and returns the paths written.
type Plotter interface {
	Plots(samples []Sample, dir string) ([]string, error)
}

var (
	mu       sync.RWMutex
	registry = map[string]Benchmark{}
)

// Register makes a benchmark available by name. It is called by the command
// line's wiring, not by the benchmark packages themselves.
func Register(b Benchmark) {
	mu.Lock()
	defer mu.Unlock()
	registry[b.Name()] = b
}

// SpecGenerator is implemented by a benchmark that generates its items
// from a spec given on the command line (run --gen): GenData turns the
// spec into the data path its Load reads.
type SpecGenerator interface {
	GenData(spec string) string
}

// DataNamed is implemented by a benchmark whose identity is its data file
// (the generic answer reader, "answers"): tables and reports name its runs
// by the file, since two files read by it are two benchmarks.
type DataNamed interface {
	NamedByData() bool
}

// Lookup returns the benchmark with that name.
func Lookup(name string) (Benchmark, error) {
	mu.RLock()
	defer mu.RUnlock()
	b, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("unknown benchmark %q (known: %v)", name, namesLocked())
	}
	return b, nil
}

// Names lists the registered benchmarks, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	return namesLocked()
}

func namesLocked() []string {
	var names []string
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Describer is implemented by benchmarks that say in one line what they
// are (`matheval run --list`); Describe gives one to a benchmark that does
// not, at its registration.
type Describer interface {
	Description() string
}

var descriptions = map[string]string{}

// Describe sets the one-line description of a registered benchmark that
// has no Description method of its own.
func Describe(name, line string) {
	mu.Lock()
	defer mu.Unlock()
	descriptions[name] = line
}

// Description is the benchmark's one line ("" when it has none).
func Description(b Benchmark) string {
	if d, ok := b.(Describer); ok && d.Description() != "" {
		return d.Description()
	}
	mu.RLock()
	defer mu.RUnlock()
	return descriptions[b.Name()]
}
