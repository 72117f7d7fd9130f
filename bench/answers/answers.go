package answers

import (
	"context"
	"embed"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path"
	"sort"
	"strings"
	"sync"
	"text/template"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// Benchmark is one answer benchmark: a task definition as a
// bench.Benchmark.
type Benchmark struct {
	task   *Task
	policy answer.Policy
	tmpl   *template.Template

	// The few-shot examples, read on the first prompt that needs them.
	shotsOnce sync.Once
	shots     []bench.Item
	shotsErr  error
	reply     *template.Template
}

// FromTask makes the benchmark of a checked task definition.
func FromTask(t *Task) (*Benchmark, error) {
	if err := t.check(); err != nil {
		return nil, fmt.Errorf("task %s: %v", t.Name, err)
	}
	p, _ := answer.Lookup(t.Policy) // checked
	tm, _ := promptTemplate(t.Prompt.Template)
	b := &Benchmark{task: t, policy: p, tmpl: tm}
	if t.FewShot != nil {
		b.reply, _ = replyTemplate(t.FewShot.Reply)
	}
	return b, nil
}

// Task returns the benchmark's definition.
func (b *Benchmark) Task() Task { return *b.task }

// Definition is the text of the task definition the benchmark was read
// from (nil for one made in code).
func (b *Benchmark) Definition() []byte { return b.task.source }

// HasFewShot says whether the task names a few-shot source (so that
// --shots has examples to take).
func (b *Benchmark) HasFewShot() bool { return b.task.FewShot != nil }

// Name implements bench.Benchmark.
func (b *Benchmark) Name() string { return b.task.Name }

// Description is the one line `matheval run --list` shows.
func (b *Benchmark) Description() string { return b.task.Description }

// DefaultData is the task's own data path ("" when it names none).
func (b *Benchmark) DefaultData() string { return b.task.path(b.task.Data) }

// Load implements bench.Benchmark: it reads path (JSON Lines, a JSON
// array or Parquet) with the task's fields. Splits are files: a --split
// is refused rather than ignored.
func (b *Benchmark) Load(ctx context.Context, p string, opts bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	if p == "" {
		p = b.DefaultData()
	}
	if p == "" {
		return nil, nil, fmt.Errorf("%s: no data given (--data): %s", b.task.Name, b.dataHint())
	}
	if opts.Split != "" {
		return nil, nil, fmt.Errorf("%s: --split %s: an answer benchmark reads one file; give that split's file as --data", b.task.Name, opts.Split)
	}
	recs, err := readRecords(p)
	if err != nil {
		return nil, nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	items, err := b.task.items(p, recs)
	if err != nil {
		return nil, nil, err
	}
	return bench.Select(items, opts, nil, bench.PCG(stream(b.task.Name))), nil, nil
}

func (b *Benchmark) dataHint() string {
	if b.task.Release != "" {
		return "the file as released (" + b.task.Release + ")"
	}
	return "a JSON Lines, JSON array or Parquet file of problems and answers"
}

// stream is the benchmark's own random stream for seeded samples.
func stream(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte("answers/" + name))
	return h.Sum64()
}

// Prompt names.
const (
	PromptDefault = "default" // the task's prompt
	PromptPlain   = "plain"   // the problem (and choices) alone, no system prompt
)

// PromptNames implements bench.PromptLister.
func (*Benchmark) PromptNames() []string { return []string{PromptDefault, PromptPlain} }

// promptData is what a prompt template sees.
type promptData struct {
	Problem string
	Choices string // "(A) ...\n(B) ..." for multiple choice
	Unit    string
	Meta    map[string]string
}

const defaultTemplate = "{{.Problem}}{{if .Choices}}\n\nAnswer choices:\n{{.Choices}}{{end}}"

func promptTemplate(s string) (*template.Template, error) {
	if s == "" {
		s = defaultTemplate
	}
	return template.New("prompt").Option("missingkey=zero").Parse(s)
}

// Prompt implements bench.Benchmark.
func (b *Benchmark) Prompt(it bench.Item, opts bench.PromptOptions) (bench.Prompt, error) {
	if opts.HintFraction > 0 {
		return bench.Prompt{}, fmt.Errorf("%s: answer benchmarks give no hints (--hint-fraction)", b.task.Name)
	}
	tm, system := b.tmpl, b.task.Prompt.System
	switch {
	case opts.TemplateFile != "":
		text, err := os.ReadFile(opts.TemplateFile)
		if err != nil {
			return bench.Prompt{}, err
		}
		if tm, err = template.New(path.Base(opts.TemplateFile)).Option("missingkey=zero").Parse(string(text)); err != nil {
			return bench.Prompt{}, fmt.Errorf("--prompt-file: %v", err)
		}
	case opts.Name == PromptPlain:
		tm, _ = promptTemplate("")
		system = ""
	case opts.Name == "" || opts.Name == PromptDefault:
	default:
		return bench.Prompt{}, fmt.Errorf("%s: no prompt %q (have: %s)", b.task.Name, opts.Name, strings.Join(b.PromptNames(), ", "))
	}
	if opts.System != "" {
		system = opts.System
	}
	shots, err := b.examples(it, opts)
	if err != nil {
		return bench.Prompt{}, err
	}
	var p bench.Prompt
	if system != "" {
		p.Messages = append(p.Messages, bench.Message{Role: "system", Content: system})
		p.Text = system + "\n\n"
	}
	// Each example is a turn of its own, the question as the task asks it
	// and its worked answer (lm-eval's multi-turn few-shot for chat).
	for _, ex := range shots {
		q, err := render(tm, ex)
		if err != nil {
			return bench.Prompt{}, fmt.Errorf("few-shot example %s: %v", ex.ID, err)
		}
		var sb strings.Builder
		if err := b.reply.Execute(&sb, replyData{Solution: ex.Solution, Answer: ex.Answer, gold: b.GoldReply(ex)}); err != nil {
			return bench.Prompt{}, fmt.Errorf("few-shot example %s: fewshot.reply: %v", ex.ID, err)
		}
		a := strings.TrimSpace(sb.String())
		p.Messages = append(p.Messages, bench.Message{Role: "user", Content: q}, bench.Message{Role: "assistant", Content: a})
		p.Text += q + "\n\n" + a + "\n\n"
	}
	user, err := render(tm, it)
	if err != nil {
		return bench.Prompt{}, fmt.Errorf("item %s: %v", it.ID, err)
	}
	p.Messages = append(p.Messages, bench.Message{Role: "user", Content: user})
	p.Text += user
	return p, nil
}

// render is an item's question as the prompt template writes it.
func render(tm *template.Template, it bench.Item) (string, error) {
	d := promptData{Problem: it.Problem, Meta: it.Meta}
	if u, ok := it.Extra["unit"].(string); ok {
		d.Unit = u
	}
	var lines []string
	for i, c := range choicesOf(it) {
		lines = append(lines, fmt.Sprintf("(%c) %s", letters[i], c))
	}
	d.Choices = strings.Join(lines, "\n")
	var sb strings.Builder
	if err := tm.Execute(&sb, d); err != nil {
		return "", fmt.Errorf("prompt: %v", err)
	}
	return sb.String(), nil
}

// replyData is what a few-shot example's answer template sees.
type replyData struct {
	Solution, Answer string
	gold             string
}

// Default is the default answer turn: the solution, then the boxed answer
// unless the solution boxes one; the gold reply when there is no solution.
func (d replyData) Default() string {
	s := strings.TrimSpace(d.Solution)
	switch {
	case s == "":
		return d.gold
	case strings.Contains(s, `\boxed`):
		return s
	}
	return s + "\n" + d.gold
}

func replyTemplate(s string) (*template.Template, error) {
	if s == "" {
		s = "{{.Default}}"
	}
	return template.New("reply").Option("missingkey=error").Parse(s)
}

// examples are the few-shot examples of it's prompt: --shots of them (the
// task's fewshot.shots when 0), none without a few-shot source.
func (b *Benchmark) examples(it bench.Item, opts bench.PromptOptions) ([]bench.Item, error) {
	fs := b.task.FewShot
	if fs == nil {
		if opts.Shots > 0 {
			return nil, fmt.Errorf("%s: --shots %d: the task has no few-shot source (a task file's fewshot: data, shots)", b.task.Name, opts.Shots)
		}
		return nil, nil
	}
	k := opts.Shots
	if k == 0 && opts.Name != PromptPlain && opts.TemplateFile == "" {
		k = fs.Shots
	}
	if k == 0 {
		return nil, nil
	}
	b.shotsOnce.Do(func() {
		p := b.task.path(fs.Data)
		recs, err := readRecords(p)
		if err != nil {
			b.shotsErr = fmt.Errorf("fewshot.data: %v", err)
			return
		}
		if b.shots, err = b.task.items(p, recs); err != nil {
			b.shotsErr = fmt.Errorf("fewshot.data: %v", err)
		}
	})
	if b.shotsErr != nil {
		return nil, b.shotsErr
	}
	order := make([]int, len(b.shots))
	for i := range order {
		order[i] = i
	}
	if fs.Sampler == SamplerRandom {
		h := fnv.New64a()
		h.Write([]byte(it.ID))
		order = rand.New(rand.NewPCG(uint64(opts.Seed), h.Sum64())).Perm(len(b.shots))
	}
	var out []bench.Item
	for _, i := range order {
		if len(out) == k {
			break
		}
		if ex := b.shots[i]; strings.TrimSpace(ex.Problem) != strings.TrimSpace(it.Problem) {
			out = append(out, ex)
		}
	}
	if len(out) < k {
		return nil, fmt.Errorf("%s: %d few-shot examples asked, %s has %d besides item %s", b.task.Name, k, fs.Data, len(out), it.ID)
	}
	return out, nil
}

// choicesOf returns an item's choices (none when not multiple choice).
// They are []string when loaded and []any when read back from a run.
func choicesOf(it bench.Item) []string {
	switch c := it.Extra["choices"].(type) {
	case []string:
		return c
	case []any:
		out := make([]string, 0, len(c))
		for _, e := range c {
			s, _ := e.(string)
			out = append(out, s)
		}
		return out
	}
	return nil
}

// GoldReply implements bench.Benchmark: the gold boxed, as the prompts ask.
func (b *Benchmark) GoldReply(it bench.Item) string {
	if len(choicesOf(it)) > 0 {
		return "The answer is $\\boxed{" + it.Answer + "}$."
	}
	return "The final answer is $\\boxed{" + it.Answer + "}$."
}

// Grade implements bench.Benchmark with the task's policy. Multiple choice:
// the gold letter, or else the correct choice's value when the reply's
// answer equals that choice and no other (a reply that restates a choice's
// text instead of its letter).
func (b *Benchmark) Grade(ctx context.Context, it bench.Item, reply, finishReason string) answer.Verdict {
	choices := choicesOf(it)
	v := answer.GradeContext(ctx, b.policy, it.Answer, reply, finishReason)
	if len(choices) == 0 || v.Kind == answer.Correct || v.Kind == answer.Incomplete || v.Kind == answer.Error {
		return v
	}
	k := strings.IndexByte(letters, it.Answer[0])
	if k < 0 || k >= len(choices) || strings.TrimSpace(choices[k]) == "" {
		return v
	}
	byValue := answer.GradeContext(ctx, b.policy, choices[k], reply, finishReason)
	if byValue.Kind != answer.Correct {
		return v
	}
	for j, c := range choices {
		if j != k && strings.TrimSpace(c) != "" && answer.GradeContext(ctx, b.policy, c, reply, finishReason).Kind == answer.Correct {
			return v // the answer equals two choices: it picks neither
		}
	}
	byValue.Reason = fmt.Sprintf("the value of choice (%c): %s", letters[k], byValue.Reason)
	return byValue
}

// Summarize implements bench.Summarize: accuracy overall (the headline)
// and by each metadata field of the task.
func (b *Benchmark) Summarize(samples []bench.Sample) bench.Summary {
	sb := bench.NewBuilder(samples)
	score := bench.Score
	label, def := b.task.Metric.Label, b.task.Metric.Definition
	if label == "" {
		label = "accuracy"
	}
	if def == "" {
		def = "the share of problems whose final answer equals the gold answer (with several samples per problem: the mean over its samples)"
	}
	sb.Metric(bench.Metric{Name: "accuracy", Label: label, Unit: bench.Percent, Measure: &score, Definition: def})
	sb.Headline("accuracy")
	keys := b.task.Fields.Meta
	if len(keys) == 0 { // a run read back without its task: what the items carry
		seen := map[string]bool{}
		for _, s := range samples {
			for k := range s.Item.Meta {
				seen[k] = true
			}
		}
		for k := range seen {
			keys = append(keys, k)
		}
		sort.Strings(keys)
	}
	for _, k := range keys {
		groups := sb.ByMeta(k, nil, bench.NaturalLess)
		if len(groups) < 2 {
			continue
		}
		bd := sb.Breakdown("by_"+k, "Accuracy by "+k, []string{k}, groups, "accuracy")
		sb.Table(sb.BreakdownTable(bd, true))
	}
	if b.task.Paper != "" {
		sb.Note(b.task.display() + ": " + b.task.Paper)
	}
	return sb.Summary()
}

// Generic is the benchmark "answers": an answer benchmark whose fields are
// run options (bench.Configurable), for files no preset knows.
type Generic struct{ *Benchmark }

// The generic benchmark's options, as run flags.
var genericOptions = []bench.Option{
	{Name: "problem-field", Usage: "answers: the problem's field, or a template of fields such as '{Body} {Question}' (default: the first of " + strings.Join(problemGuesses, ", ") + ")"},
	{Name: "answer-field", Usage: "answers: the gold answer's field: a string, a number, a list (several answers) or $...$; a worked solution gives its last \\boxed{} or the text after #### (default: the first of " + strings.Join(answerGuesses, ", ") + ")"},
	{Name: "answer-after", Usage: "answers: the gold is the text after the last occurrence of this marker in the answer field (GSM8K: ####)"},
	{Name: "solution-field", Usage: "answers: the reference solution's field"},
	{Name: "id-field", Usage: "answers: the item id's field (default: the record's position)"},
	{Name: "choices-field", Usage: "answers: multiple choice: the field with the choices (a list, or one text 'A) ... B) ...' or 'a ) ... , b ) ...'); the answer is then a letter, a choice's text, or a number that is a 0-based index (MMLU) where only that reading fits the file"},
	{Name: "fewshot-data", Usage: "answers: a file of worked examples read with the same fields, for --shots N (the first N; an item is never its own example)"},
	{Name: "meta-fields", Usage: "answers: comma-separated fields kept as metadata, each a breakdown of the report (and usable in --filter)"},
}

// NewGeneric returns the generic benchmark, with every field guessed.
func NewGeneric() *Generic {
	b, err := FromTask(&Task{Name: "answers", Title: "answers",
		Description: "any answer benchmark file (JSON Lines, JSON array, Parquet) read with --problem-field, --answer-field, ...",
		Prompt:      Prompt{Source: "the Qwen2.5-Math evaluation harness (prompt type qwen25-math-cot)", System: qwenSystem}})
	if err != nil {
		panic(err) // a constant definition
	}
	return &Generic{b}
}

// Options implements bench.Configurable.
func (*Generic) Options() []bench.Option { return genericOptions }

// NamedByData implements bench.DataNamed: a generic run is its data file.
func (*Generic) NamedByData() bool { return true }

// Configure implements bench.Configurable: the benchmark with the fields
// given.
func (g *Generic) Configure(values map[string]string) (bench.Benchmark, error) {
	t := *g.task
	t.Fields = Fields{Problem: strings.TrimSpace(values["problem-field"]), Answer: strings.TrimSpace(values["answer-field"]),
		AnswerAfter: values["answer-after"], Solution: strings.TrimSpace(values["solution-field"]),
		ID: strings.TrimSpace(values["id-field"]), Choices: strings.TrimSpace(values["choices-field"])}
	t.strict = true
	if d := strings.TrimSpace(values["fewshot-data"]); d != "" {
		t.FewShot = &FewShot{Data: d}
	}
	for _, m := range strings.Split(values["meta-fields"], ",") {
		if m = strings.TrimSpace(m); m != "" {
			t.Fields.Meta = append(t.Fields.Meta, m)
		}
	}
	b, err := FromTask(&t)
	if err != nil {
		return nil, err
	}
	return &Generic{b}, nil
}

// qwenSystem is the system prompt of the Qwen2.5-Math evaluation harness's
// chain-of-thought prompt (qwen25-math-cot), which most reported numbers
// for these benchmarks use.
const qwenSystem = `Please reason step by step, and put your final answer within \boxed{}.`

//go:embed tasks/*.yaml
var taskFiles embed.FS

// Presets returns the embedded presets, sorted by name.
func Presets() ([]*Benchmark, error) {
	ents, err := taskFiles.ReadDir("tasks")
	if err != nil {
		return nil, err
	}
	var out []*Benchmark
	for _, e := range ents {
		data, err := taskFiles.ReadFile("tasks/" + e.Name())
		if err != nil {
			return nil, err
		}
		t, err := ParseTask(data, "tasks/"+e.Name(), "")
		if err != nil {
			return nil, err
		}
		if t.Name+".yaml" != e.Name() {
			return nil, fmt.Errorf("tasks/%s: defines %q: the file must be named after its task", e.Name(), t.Name)
		}
		b, err := FromTask(t)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// PresetTask returns the text of a preset's task file (a starting point
// for a task file of one's own).
func PresetTask(name string) ([]byte, error) {
	return taskFiles.ReadFile("tasks/" + name + ".yaml")
}
