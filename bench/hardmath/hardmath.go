// Package hardmath implements the HARDMath benchmark (Fan et al. 2024,
// "HARDMath: A Benchmark Dataset for Challenging Problems in Applied
// Mathematics"): loaders for the released JSON files, the paper's prompts
// with 0, 1 or 5 shots, regime-wise grading without a model, numerical
// checks of the released answers, and seeded generators of the paper's
// problem types with numerical validation.
//
// Grading follows the paper's rubric with numbers instead of a judge:
// nondimensionalisation answers by equivalence over positive symbols (or the
// requested decimal places); roots by the share of reference roots matched
// at the regime's epsilon within 10%, nearest first, from every answer
// layout models write (roots.go); ODEs at small x as the reference's series
// and at large x at three points, half credit when near (odegrade.go);
// traditional integrals against quadrature at each regime's point (truth.go);
// Laplace integrals by value at the evaluation point. Each regime is a part
// of the verdict and the score is their mean. grade-responses compares these
// grades with the authors' stored ones (responses.go, agreement.go).
package hardmath

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"text/template"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// Benchmark is HARDMath. The zero value is not usable; call New.
type Benchmark struct {
	mu    sync.Mutex
	shots map[string][]KeyedRow // few-shot examples by question type
	// ShotFile overrides where few-shot examples are read from (default:
	// HARDMath_shot_examples.json beside the loaded data file).
	ShotFile string
	eval     Evaluator
	// paper makes Grade also record the paper-mode grade (paper.go).
	paper bool
}

// New returns the benchmark with the default formula evaluator.
func New() *Benchmark { return &Benchmark{eval: defaultEvaluator} }

// NewWithEvaluator returns the benchmark grading formulas with ev.
func NewWithEvaluator(ev Evaluator) *Benchmark { return &Benchmark{eval: ev} }

// Name implements bench.Benchmark.
func (b *Benchmark) Name() string { return "hardmath" }

// PromptNames implements bench.PromptLister: the paper's prompt under its
// names (the few-shot examples come with --shots).
func (b *Benchmark) PromptNames() []string { return []string{"paper", "default", "fewshot"} }

// Load reads a released HARDMath file (or a folder holding
// HARDMath_mini.json); with path == "" it generates a fresh set of
// opts.Limit (default 50) problems of every type with opts.Seed.
func (b *Benchmark) Load(ctx context.Context, path string, opts bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	var rows []KeyedRow
	var warns []bench.Warning
	prefix := "gen"
	file := ""
	if path == "" {
		n := opts.Limit
		if n <= 0 {
			n = 50
		}
		set, err := Generate(ctx, GenOptions{Seed: opts.Seed, N: n, Types: AllGenTypes})
		if err != nil {
			return nil, nil, err
		}
		rows = set.Rows
		prefix = fmt.Sprintf("gen%d", opts.Seed)
	} else {
		var err error
		file, err = resolveFile(path)
		if err != nil {
			return nil, nil, err
		}
		rows, warns, err = ReadFile(file)
		if err != nil {
			return nil, warns, err
		}
		prefix = idPrefix(file)
	}
	b.mu.Lock()
	if b.ShotFile == "" && file != "" {
		if p := filepath.Join(filepath.Dir(file), "HARDMath_shot_examples.json"); fileExists(p) {
			b.ShotFile = p
		}
	}
	b.mu.Unlock()
	var items []bench.Item
	for _, kr := range rows {
		it, err := ItemOf(ctx, prefix, kr)
		if err != nil {
			warns = append(warns, bench.Warning{Where: fmt.Sprintf("%s: row %s", nonEmpty(file, "generated"), kr.Key), Message: err.Error()})
			continue
		}
		items = append(items, it)
	}
	sel := opts
	if path == "" {
		sel.Limit = 0 // a generated set's size is the limit already
	}
	// The stream is HARDMath's own, so seeded samples are what they were
	// (a shuffle of the items, the first n kept, in id order: bench.Select's
	// Perm is that shuffle, and items come in id order).
	return bench.Select(items, sel, nil, bench.PCG(sampleStream)), warns, nil
}

// sampleStream is HARDMath's random stream for --sample.
const sampleStream = 0x4a52444d

func nonEmpty(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// ItemOf turns a row into a benchmark item. Its quadratures (the
// traditional integrals' ground truth) stop at truthTimeout or at ctx's
// deadline, whichever comes first.
func ItemOf(ctx context.Context, prefix string, kr KeyedRow) (bench.Item, error) {
	ref, err := ReferenceOf(kr.Row)
	if err != nil {
		return bench.Item{}, err
	}
	if ref.Subtype == "traditional" {
		tctx, cancel := context.WithTimeout(ctx, truthTimeout)
		ref = withIntegralTruth(tctx, ref, kr.Row.Question)
		cancel()
	}
	if ref.Type == TypeODE && ref.Regimes[0].HasPoint {
		if p, err := ParseODE(kr.Row.Question); err == nil {
			g := &ref.Regimes[0]
			if off, note, err := seriesCheck(ctx, p, g.Refs[0], 0.01*g.Point); err == nil && off > Tolerance {
				g.SeriesNote = note
			}
		}
	}
	meta := map[string]string{"type": ref.Type, "answer_type": kr.Row.AnswerType}
	if ref.Subtype != "" {
		meta["subtype"] = ref.Subtype
	}
	return bench.Item{
		ID:       prefix + "/" + kr.Key,
		Problem:  kr.Row.Question,
		Solution: kr.Row.Solution,
		Answer:   answerText(ref),
		Meta:     meta,
		Extra:    map[string]any{"reference": ref},
	}, nil
}

// answerText is the gold answer in one line, regimes labelled.
func answerText(ref Reference) string {
	if len(ref.Regimes) == 1 && ref.Regimes[0].Name == "epsilon" {
		return ref.Regimes[0].Refs[0]
	}
	var parts []string
	for _, g := range ref.Regimes {
		parts = append(parts, g.Name+": "+strings.Join(g.Refs, ", "))
	}
	return strings.Join(parts, "; ")
}

// GoldReply implements bench.Benchmark.
func (b *Benchmark) GoldReply(it bench.Item) string {
	ref, err := referenceFromItem(it.Extra)
	if err != nil {
		return "\\boxed{" + it.Answer + "}"
	}
	return goldReply(ref)
}

// Grade implements bench.Benchmark: within ctx, each evaluation also under
// its own deadline.
func (b *Benchmark) Grade(ctx context.Context, it bench.Item, reply, finishReason string) answer.Verdict {
	return b.grade(ctx, it, reply, finishReason)
}

// grade is Grade within ctx (grade-responses passes the command's).
func (b *Benchmark) grade(ctx context.Context, it bench.Item, reply, finishReason string) answer.Verdict {
	ref, err := referenceFromItem(it.Extra)
	if err != nil {
		return answer.Verdict{Kind: answer.Undecided, Reason: fmt.Sprintf("item %s: %v", it.ID, err)}
	}
	if len(ref.Regimes) == 0 {
		return answer.Verdict{Kind: answer.Undecided, Reason: fmt.Sprintf("item %s: reference has no regimes", it.ID)}
	}
	return b.withPaper(ctx, gradeReply(ctx, ref, reply, finishReason, b.evaluator()), ref, reply, finishReason)
}

// evaluator is the benchmark's formula evaluator (the default one for a
// zero Benchmark).
func (b *Benchmark) evaluator() Evaluator {
	if b.eval == nil {
		return defaultEvaluator
	}
	return b.eval
}

// Hint returns the paper's answer-format hint for a question type.
func Hint(qtype, subtype, answerType string, precision int) string {
	switch {
	case answerType == "math_expression" && qtype == TypeIntegral:
		return "Hint: Please answer the question requiring an answer in a SymPy convertible formula containing formulas of variable \\(x\\) and math operation expressions and provide the final answer, e.g., \\(x^{3}\\) inside a Latex boxed format \\[boxed{}\\]."
	case answerType == "math_expression" && qtype == TypeNondimSymbolic:
		return "Hint: Please answer the question requiring an answer in a SymPy convertible formula containing variables and math operation expressions and provide the final answer, e.g., \\(x^{3}\\), \\(frac{x}{y}\\) inside a Latex boxed format \\[boxed{}\\]."
	case answerType == "float" && precision == 2:
		return "Hint: Please answer the question requiring a floating-point number with two decimal places and provide the final value, e.g., 0.80, 3.12, inside a Latex boxed format \\[boxed{}\\]."
	case answerType == "list" && qtype == TypeODE:
		return "Hint: Please answer the question requiring a Python list containing SymPy convertible formula of $y = f(x)$ and provide the final list, e.g., $[y = 1 - x^{3}, y = -6/(x-5)]$, inside a Latex boxed format \\[boxed{}\\]."
	case answerType == "list":
		return "Hint: Please answer the question requiring two Python lists containing SymPy convertible formulas of variable $\\epsilon$ and math operation expressions and provide the final list e.g., $[\\epsilon^{3}, \\frac{1}{\\epsilon}]$ inside a Latex boxed format \\[boxed{}\\]."
	}
	return ""
}

// Prompt implements bench.Benchmark with the paper's query prompt:
// opts.Shots worked examples of the same question type from the shot
// examples file ("Example question: ... Example solution: ..."), then
// "Question: ...", the answer-format hint and "Solution: ". A template file
// (Go text/template) may use .Question, .Hint, .Examples and .Type.
func (b *Benchmark) Prompt(it bench.Item, opts bench.PromptOptions) (bench.Prompt, error) {
	qtype := it.Meta["type"]
	prec := 0
	if ref, err := referenceFromItem(it.Extra); err == nil {
		prec = ref.Precision
	}
	hint := Hint(qtype, it.Meta["subtype"], it.Meta["answer_type"], prec)
	examples := ""
	if opts.Shots > 0 {
		shots, err := b.shotRows(qtype)
		if err != nil {
			return bench.Prompt{}, err
		}
		if len(shots) == 0 {
			return bench.Prompt{}, fmt.Errorf("no few-shot examples of type %s", qtype)
		}
		var demos []string
		for i, s := range shots {
			if i >= opts.Shots {
				break
			}
			demos = append(demos, fmt.Sprintf("Example question: %s\nExample solution: %s\n", s.Row.Question, strings.TrimSpace(s.Row.Solution)))
		}
		examples = strings.Join(demos, "\n")
	}
	var text string
	if opts.TemplateFile != "" {
		src, err := os.ReadFile(opts.TemplateFile)
		if err != nil {
			return bench.Prompt{}, err
		}
		tpl, err := template.New(filepath.Base(opts.TemplateFile)).Parse(string(src))
		if err != nil {
			return bench.Prompt{}, fmt.Errorf("%s: %v", opts.TemplateFile, err)
		}
		var sb strings.Builder
		if err := tpl.Execute(&sb, map[string]string{"Question": it.Problem, "Hint": hint, "Examples": examples, "Type": qtype}); err != nil {
			return bench.Prompt{}, fmt.Errorf("%s: %v", opts.TemplateFile, err)
		}
		text = sb.String()
	} else {
		switch opts.Name {
		case "", "paper", "default", "fewshot":
		default:
			return bench.Prompt{}, fmt.Errorf("hardmath: unknown prompt template %q (known: paper)", opts.Name)
		}
		elems := []string{"Question: " + it.Problem}
		if hint != "" {
			elems = append(elems, hint)
		}
		elems = append(elems, "Solution: ")
		text = strings.TrimSpace(examples + "\n\n" + strings.Join(elems, "\n"))
	}
	msgs := []bench.Message{}
	if opts.System != "" {
		msgs = append(msgs, bench.Message{Role: "system", Content: opts.System})
	}
	msgs = append(msgs, bench.Message{Role: "user", Content: text})
	return bench.Prompt{Messages: msgs, Text: text}, nil
}

// shotRows returns the few-shot examples of a type, in file order.
func (b *Benchmark) shotRows(qtype string) ([]KeyedRow, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.shots == nil {
		if b.ShotFile == "" {
			return nil, fmt.Errorf("hardmath: few-shot prompts need HARDMath_shot_examples.json beside the data file")
		}
		data, err := os.ReadFile(b.ShotFile)
		if err != nil {
			return nil, err
		}
		rows, err := parseRowsInFileOrder(data, b.ShotFile)
		if err != nil {
			return nil, err
		}
		b.shots = map[string][]KeyedRow{}
		for _, r := range rows {
			t := r.Row.Type()
			b.shots[t] = append(b.shots[t], r)
		}
	}
	return b.shots[qtype], nil
}
