// Package answers is the answer benchmark without code: any file of
// problems with final answers (JSON Lines, a JSON array or Parquet), read
// through a task definition that names its fields, the prompt, the grading
// policy and the breakdowns. The same definition serves three ways: the
// generic benchmark "answers" with the fields given as run options
// (--problem-field, --answer-field, ...), the embedded presets for the
// benchmarks people run every day (gsm8k, aime, amc, minerva_math, ...:
// tasks/*.yaml), and a user's own task file (matheval run task.yaml).
//
// Grading goes through the answer package's policies unchanged (MATH's
// symbolic equivalence by default); multiple choice grades the letter, and
// the correct choice's value when it is the only choice the reply's answer
// equals. It imports bench, bench/math (the boxed-answer reader), answer,
// jsonl, parquet-go and go.yaml.in/yaml/v3.
package answers

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"

	"github.com/matheval/matheval/answer"
	"go.yaml.in/yaml/v3"
)

// Task is one answer benchmark's definition, as a task file writes it.
type Task struct {
	// Name is the benchmark's command-line name ("gsm8k").
	Name string `yaml:"name"`
	// Title is its name as its paper writes it ("GSM8K").
	Title string `yaml:"title"`
	// Description is the one line of `matheval run --list`.
	Description string `yaml:"description"`
	// Paper cites the benchmark's paper.
	Paper string `yaml:"paper"`
	// Release says where the data is published and in which shape.
	Release string `yaml:"release"`
	// Data is a default data path (in a task file, relative to the file).
	Data   string `yaml:"data"`
	Fields Fields `yaml:"fields"`
	Prompt Prompt `yaml:"prompt"`
	// Policy is the answer policy's name (answer.Lookup; default "math").
	Policy string `yaml:"policy"`
	// Metric describes the headline metric as the paper reports it.
	Metric Metric `yaml:"metric"`
	// FewShot is where few-shot examples come from (none: zero-shot).
	FewShot *FewShot `yaml:"fewshot"`
	// dir is the task file's folder, for relative paths.
	dir string
	// source is the definition's text as read (kept in a run's manifest,
	// so that the run can be graded again without the file).
	source []byte
	// strict: the fields were given as run options, so each must exist
	// (a preset's optional fields may be absent from a file).
	strict bool
}

// Fields say where an item's parts are in a record.
type Fields struct {
	// Problem is a field name, or a template of fields such as
	// "{Body} {Question}".
	Problem string `yaml:"problem"`
	// Answer is the gold answer's field: a string, a number, a list
	// (several answers) or LaTeX in $...$.
	Answer string `yaml:"answer"`
	// AnswerAfter, when set, takes the gold as the text after the last
	// occurrence of this marker ("####" for GSM8K), the text before it
	// being the reference solution.
	AnswerAfter string `yaml:"answer_after"`
	// AnswerBoxed takes the gold as the last \boxed{} of the answer field
	// (a worked solution, as Minerva-Math ships it).
	AnswerBoxed bool `yaml:"answer_boxed"`
	// Integer requires every gold to be an integer in [Range[0], Range[1]]
	// when Range is given (AIME: 0..999); the loader refuses other golds.
	Integer bool  `yaml:"integer"`
	Range   []int `yaml:"range"`
	// Unit is a field with the answer's unit, shown in the prompt
	// (OlympiadBench's "unit").
	Unit string `yaml:"unit"`
	// Solution, ID and Choices are optional fields.
	Solution string `yaml:"solution"`
	ID       string `yaml:"id"`
	// Choices makes the benchmark multiple choice: a list of choices
	// ("A) 21" or "21"), or one text "A) ... B) ...".
	Choices string `yaml:"choices"`
	// Meta are the fields kept as metadata, each a breakdown of the report.
	Meta []string `yaml:"meta"`
}

// Prompt is the prompt of a task.
type Prompt struct {
	// Source says whose prompt this is.
	Source string `yaml:"source"`
	System string `yaml:"system"`
	// Template is a Go text/template over .Problem, .Choices, .Unit and
	// .Meta (default "{{.Problem}}", with the choices after it).
	Template string `yaml:"template"`
}

// FewShot is a task's few-shot source, as lm-eval's fewshot_split,
// num_fewshot and fewshot_config.sampler say it: a file of worked examples
// read with the task's own fields, how many to show and which.
type FewShot struct {
	// Data is the examples' file (JSON Lines, a JSON array or Parquet;
	// relative to the task file): a train split, as lm-eval's
	// fewshot_split names one. It may be the test file itself: an item is
	// never its own example (nor is any example whose problem is the
	// item's).
	Data string `yaml:"data"`
	// Shots is the number of examples when the run gives no --shots.
	Shots int `yaml:"shots"`
	// Sampler chooses them: "first" (default: the file's first examples,
	// the same for every item, as fixed few-shot prompts are) or "random"
	// (drawn per item from the run's --seed and the item's id, as
	// lm-eval's default sampler draws them).
	Sampler string `yaml:"sampler"`
	// Reply is the template of an example's answer turn over .Solution and
	// .Answer (default: the solution, then "The final answer is
	// $\boxed{...}$." unless it boxes an answer already).
	Reply string `yaml:"reply"`
}

// Few-shot samplers.
const (
	SamplerFirst  = "first"
	SamplerRandom = "random"
)

// Metric names the headline metric.
type Metric struct {
	Label      string `yaml:"label"`
	Definition string `yaml:"definition"`
}

// nameRE is what a benchmark name may be: it names run directories.
var nameRE = regexp.MustCompile(`^[a-z][a-z0-9_.-]*$`)

// ParseTask reads a task definition; where names it in errors, dir is the
// folder relative paths in it are read from.
func ParseTask(data []byte, where, dir string) (*Task, error) {
	var t Task
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true) // a misspelt key is an error, not a silent default
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("%s: %v", where, unknownKeys(err))
	}
	t.dir = dir
	t.source = bytes.Clone(data)
	if err := t.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	return &t, nil
}

// LoadTaskFile reads a user's task file.
func LoadTaskFile(path string) (*Task, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseTask(b, path, filepath.Dir(path))
}

// unknownKeyRE is yaml's message for a key no field takes.
var unknownKeyRE = regexp.MustCompile(`^(line \d+): field (\S+) not found in type answers\.(\w+)$`)

// sections are the task file's mappings by their Go type, for messages.
var sections = map[string]struct {
	where string
	v     any
}{"Task": {"", Task{}}, "Fields": {"fields", Fields{}}, "Prompt": {"prompt", Prompt{}},
	"Metric": {"metric", Metric{}}, "FewShot": {"fewshot", FewShot{}}}

// unknownKeys rewrites yaml's "field X not found in type answers.Fields"
// as one line naming the keys that section has.
func unknownKeys(err error) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		return err
	}
	var msgs []string
	for _, e := range te.Errors {
		m := unknownKeyRE.FindStringSubmatch(e)
		if m == nil {
			msgs = append(msgs, e)
			continue
		}
		sec, ok := sections[m[3]]
		if !ok {
			msgs = append(msgs, e)
			continue
		}
		in := "the task"
		if sec.where != "" {
			in = sec.where
		}
		msgs = append(msgs, fmt.Sprintf("%s: unknown key %q in %s (its keys: %s)", m[1], m[2], in, strings.Join(yamlKeys(sec.v), ", ")))
	}
	return errors.New(strings.Join(msgs, "; "))
}

// yamlKeys are a struct's yaml keys, in order.
func yamlKeys(v any) []string {
	var keys []string
	rt := reflect.TypeOf(v)
	for i := range rt.NumField() {
		if k, _, _ := strings.Cut(rt.Field(i).Tag.Get("yaml"), ","); k != "" && k != "-" {
			keys = append(keys, k)
		}
	}
	return keys
}

// FromDefinition is the benchmark of a task definition's text as a run
// recorded it (Benchmark.Definition): to grade the run again without its
// task file. Relative paths in it are not read.
func FromDefinition(text string) (*Benchmark, error) {
	t, err := ParseTask([]byte(text), "the run's task definition", "")
	if err != nil {
		return nil, err
	}
	return FromTask(t)
}

// check refuses a definition that cannot run.
func (t *Task) check() error {
	if !nameRE.MatchString(t.Name) {
		return fmt.Errorf("name %q: want lower-case letters, digits, '_', '-' or '.', starting with a letter", t.Name)
	}
	if t.Policy == "" {
		t.Policy = "math"
	}
	if _, err := answer.Lookup(t.Policy); err != nil {
		return fmt.Errorf("policy: %v", err)
	}
	if len(t.Fields.Range) != 0 && len(t.Fields.Range) != 2 {
		return fmt.Errorf("fields.range: want [low, high], got %v", t.Fields.Range)
	}
	if len(t.Fields.Range) == 2 && !t.Fields.Integer {
		return fmt.Errorf("fields.range needs fields.integer: true")
	}
	if t.Fields.AnswerAfter != "" && t.Fields.AnswerBoxed {
		return fmt.Errorf("fields: answer_after and answer_boxed exclude each other")
	}
	if _, err := parseTemplate(t.Fields.Problem); err != nil {
		return fmt.Errorf("fields.problem: %v", err)
	}
	if _, err := promptTemplate(t.Prompt.Template); err != nil {
		return fmt.Errorf("prompt.template: %v", err)
	}
	if fs := t.FewShot; fs != nil {
		if fs.Data == "" {
			return fmt.Errorf("fewshot.data: the examples' file is required (a train split, or the test file itself)")
		}
		if fs.Shots < 0 {
			return fmt.Errorf("fewshot.shots: %d: want >= 0", fs.Shots)
		}
		switch fs.Sampler {
		case "":
			fs.Sampler = SamplerFirst
		case SamplerFirst, SamplerRandom:
		default:
			return fmt.Errorf("fewshot.sampler %q: want %s or %s", fs.Sampler, SamplerFirst, SamplerRandom)
		}
		if _, err := replyTemplate(fs.Reply); err != nil {
			return fmt.Errorf("fewshot.reply: %v", err)
		}
	}
	return nil
}

// path resolves a path of the task file.
func (t *Task) path(p string) string {
	if p == "" || filepath.IsAbs(p) || t.dir == "" {
		return p
	}
	return filepath.Join(t.dir, p)
}

// display is the benchmark's title.
func (t *Task) display() string {
	if t.Title != "" {
		return t.Title
	}
	return t.Name
}

// problemPart is one piece of a problem template: literal text or a field.
type problemPart struct {
	text  string
	field bool
}

// parseTemplate reads a problem template: "question" is the field
// question; "{Body} {Question}" joins two fields with a space. "" is the
// empty template (the field is then guessed).
func parseTemplate(s string) ([]problemPart, error) {
	if s == "" {
		return nil, nil
	}
	if !strings.ContainsAny(s, "{}") {
		return []problemPart{{text: s, field: true}}, nil
	}
	var parts []problemPart
	for s != "" {
		i := strings.IndexAny(s, "{}")
		if i < 0 {
			parts = append(parts, problemPart{text: s})
			break
		}
		if s[i] == '}' {
			return nil, fmt.Errorf("a '}' without its '{'")
		}
		if i > 0 {
			parts = append(parts, problemPart{text: s[:i]})
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return nil, fmt.Errorf("a '{' without its '}'")
		}
		name := strings.TrimSpace(s[i+1 : i+j])
		if name == "" || strings.Contains(name, "{") {
			return nil, fmt.Errorf("{%s}: want {FIELD}", name)
		}
		parts = append(parts, problemPart{text: name, field: true})
		s = s[i+j+1:]
	}
	return parts, nil
}

// templateFields are the fields a problem template reads.
func templateFields(parts []problemPart) []string {
	var fs []string
	for _, p := range parts {
		if p.field {
			fs = append(fs, p.text)
		}
	}
	return fs
}
