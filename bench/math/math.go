// Package math is the MATH benchmark (Hendrycks et al. 2021, "Measuring
// Mathematical Problem Solving With the MATH Dataset"): its loaders (the
// original per-problem tree, JSON Lines forms, MATH-500, Parquet), gold
// answers, prompt templates (the paper's direct, solution, few-shot and hint
// prompts; today's chain-of-thought and Minerva prompts), grading through
// answer's MATH policy, and the paper's metrics and tables, with pass@k,
// maj@k, confidence, AUROC and calibration. It also checks datasets and
// fetches MATH from its public home.
//
// It imports bench, answer, stats and gonum plot; nothing imports it but
// the command line and the reports.
package math

import (
	"context"
	gomath "math"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// TrainEnv names a train split for few-shot prompts when the data given to
// Load has none beside it (MATH-500, a JSON Lines test file).
const TrainEnv = "MATHEVAL_MATH_TRAIN"

// Benchmark is MATH as a bench.Benchmark. It remembers where the train
// split of the last loaded data is, for few-shot prompts.
type Benchmark struct {
	mu        sync.Mutex
	trainPath string
	train     []bench.Item
	trainErr  error
	loaded    bool
	// also are the other policies each reply is graded by too (see
	// WithAlsoPolicies); none for the registered benchmark.
	also []alsoPolicy
}

// New returns the benchmark.
func New() *Benchmark { return &Benchmark{} }

// Name implements bench.Benchmark.
func (*Benchmark) Name() string { return "math" }

// PromptNames implements bench.PromptLister.
func (*Benchmark) PromptNames() []string { return PromptNames() }

// Load implements bench.Benchmark (see Load).
func (b *Benchmark) Load(_ context.Context, path string, opts bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	if path == "" {
		return nil, nil, errNoData
	}
	items, warns, err := Load(path, opts)
	if err != nil {
		return nil, warns, err
	}
	b.SetTrain(findTrain(path))
	return items, warns, nil
}

type constError string

func (e constError) Error() string { return string(e) }

const errNoData = constError("math: no data given (--data): point it at MATH/ (the original tree), a split folder, " +
	"a JSON Lines or Parquet file, or MATH-500's test.jsonl; `matheval data pull math --to DIR` fetches MATH")

// findTrain finds the train split that goes with path: the tree's train
// folder, the sibling of a test folder, or $MATHEVAL_MATH_TRAIN.
func findTrain(path string) string {
	if p := os.Getenv(TrainEnv); p != "" {
		return p
	}
	clean := filepath.Clean(path)
	for _, c := range []string{filepath.Join(clean, "train"), filepath.Join(filepath.Dir(clean), "train"),
		filepath.Join(filepath.Dir(filepath.Dir(clean)), "train")} {
		if isDir(c) {
			return c
		}
	}
	return ""
}

// SetTrain sets the train split used for few-shot examples.
func (b *Benchmark) SetTrain(path string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if path != b.trainPath {
		b.trainPath, b.train, b.trainErr, b.loaded = path, nil, nil, false
	}
}

// trainItems loads the train split once.
func (b *Benchmark) trainItems() ([]bench.Item, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.loaded {
		b.loaded = true
		if b.trainPath == "" {
			b.trainErr = constError("few-shot prompts need MATH's train split: load the whole MATH tree, a test folder " +
				"beside its train folder, or set " + TrainEnv + " to the train split")
		} else {
			b.train, _, b.trainErr = Load(b.trainPath, bench.LoadOptions{Split: "train"})
			if b.trainErr != nil { // a train folder or file that does not say "train"
				b.train, _, b.trainErr = Load(b.trainPath, bench.LoadOptions{})
			}
		}
	}
	return b.train, b.trainErr
}

// Prompt implements bench.Benchmark (see MakePrompt).
func (b *Benchmark) Prompt(it bench.Item, opts bench.PromptOptions) (bench.Prompt, error) {
	return MakePrompt(it, opts, b.trainItems)
}

// GoldReply states the gold answer as a chain-of-thought reply would end.
func (*Benchmark) GoldReply(it bench.Item) string {
	return "The final answer is $\\boxed{" + it.Answer + "}$."
}

// Policy is the grading policy: answer's MATH policy (extraction from
// \boxed{} or a final-answer phrase, equivalence by the engine).
var Policy = answer.MATH

// Grade implements bench.Benchmark. A benchmark made by WithAlsoPolicies
// also records the reply's grade under each of its other policies.
func (b *Benchmark) Grade(ctx context.Context, it bench.Item, reply, finishReason string) answer.Verdict {
	var v answer.Verdict
	if strings.TrimSpace(it.Answer) == "" {
		v = answer.Verdict{Kind: answer.Unparsable, Reason: "the item has no gold answer (empty \\boxed{} in the reference solution)"}
	} else {
		v = answer.GradeContext(ctx, Policy, it.Answer, reply, finishReason)
	}
	return b.gradeAlso(ctx, v, it, reply, finishReason)
}

// Confidence is the paper's confidence: the mean probability of the tokens
// of the extracted answer, found by the answer's byte span in the reply. It
// is -1 when the sample has no logprobs or no answer.
func (*Benchmark) Confidence(s bench.Sample) float64 {
	return AnswerConfidence(s.Reply, s.Logprobs)
}

// AnswerConfidence is Confidence for a reply and its token logprobs.
func AnswerConfidence(reply string, lps []bench.TokenLogprob) float64 {
	if len(lps) == 0 {
		return -1
	}
	ex := answer.Extract(reply, Policy.Extraction)
	c, ok := ex.Best()
	if !ok || c.End <= c.Pos {
		return -1
	}
	sum, n := 0.0, 0
	for _, t := range lps {
		start, end := t.Offset, t.Offset+len(t.Token)
		if start < c.End && end > c.Pos { // the token overlaps the answer
			sum += gomath.Exp(t.Logprob)
			n++
		}
	}
	if n == 0 {
		return -1
	}
	return sum / float64(n)
}
