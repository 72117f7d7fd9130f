// Package asdiv is the ASDiv benchmark (Miao et al. 2020, "A Diverse Corpus
// for Evaluating and Developing English Math Word Problem Solvers"): 2,305
// English math word problems annotated with grade (1-6), solution type and
// formula. It loads the released XML and JSON Lines mirrors, the authors'
// 5-fold splits and seeded per-type folds of our own, checks each item's
// formula against its answer, grades replies and reports accuracy per grade
// and per type as the paper's tables do.
//
// It imports bench, answer, latex, expr and cas: formulas are read by
// latex.Parse, computed exactly by expr, and the algebra items' linear
// systems solved by cas.
package asdiv

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
)

var _ bench.Benchmark = (*Benchmark)(nil)

// Benchmark implements bench.Benchmark for ASDiv.
type Benchmark struct{}

// New returns the ASDiv benchmark.
func New() *Benchmark { return &Benchmark{} }

// Name is the command-line name.
func (*Benchmark) Name() string { return "asdiv" }

// PromptNames implements bench.PromptLister.
func (*Benchmark) PromptNames() []string {
	names := []string{"fewshot"}
	for n := range templates {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// OwnFolds is the number of seeded per-type folds put in Meta["type_fold"].
const OwnFolds = 5

// Load reads ASDiv from path: ASDiv.xml, a folder holding it, or a JSON
// Lines mirror. When an nfolds folder sits beside the file, the authors'
// folds are added to Meta: "fold" (ASDiv-W, all items, 0-4), "fold_a"
// (ASDiv-A, the arithmetic subset) and "subset" ("asdiv-a" or "asdiv-w").
// Meta "type_fold" is our own seeded fold (opts.Seed), stratified by type.
//
// opts.Split selects: "" all items; "asdiv-a" the arithmetic subset;
// "fold<k>" the ASDiv-W fold k; "asdiv-a/fold<k>" the ASDiv-A fold k;
// "type-fold<k>" our own fold k.
func (b *Benchmark) Load(_ context.Context, path string, opts bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	if path == "" {
		return nil, nil, fmt.Errorf("asdiv: a path to ASDiv.xml (or a JSON Lines mirror) is required")
	}
	items, warns, err := LoadFile(path)
	if err != nil {
		return nil, warns, err
	}
	dir := path
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		dir = filepath.Dir(path)
	}
	folds, err := LoadFolds(filepath.Join(dir, "nfolds"))
	if err != nil {
		return nil, warns, err
	}
	own := TypeFolds(items, OwnFolds, opts.Seed)
	for i := range items {
		it := &items[i]
		it.Meta["type_fold"] = strconv.Itoa(own[it.ID])
		if k, ok := folds["asdiv-w"][it.ID]; ok {
			it.Meta["fold"] = strconv.Itoa(k)
			it.Meta["subset"] = "asdiv-w"
		}
		if k, ok := folds["asdiv-a"][it.ID]; ok {
			it.Meta["fold_a"] = strconv.Itoa(k)
			it.Meta["subset"] = "asdiv-a"
		}
	}
	items, err = selectSplit(items, opts.Split)
	if err != nil {
		return nil, warns, err
	}
	items = bench.Select(items, opts, bench.EqualFold, bench.LegacyPerm)
	return items, warns, nil
}

func selectSplit(items []bench.Item, split string) ([]bench.Item, error) {
	key, want := "", ""
	switch {
	case split == "":
		return items, nil
	case split == "asdiv-a":
		key, want = "subset", "asdiv-a"
	case strings.HasPrefix(split, "asdiv-a/fold"):
		key, want = "fold_a", strings.TrimPrefix(split, "asdiv-a/fold")
	case strings.HasPrefix(split, "type-fold"):
		key, want = "type_fold", strings.TrimPrefix(split, "type-fold")
	case strings.HasPrefix(split, "fold"):
		key, want = "fold", strings.TrimPrefix(split, "fold")
	default:
		return nil, fmt.Errorf("asdiv: unknown split %q (want asdiv-a, fold<k>, asdiv-a/fold<k> or type-fold<k>)", split)
	}
	var out []bench.Item
	for _, it := range items {
		if it.Meta[key] == want {
			out = append(out, it)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("asdiv: split %q selects no item (is the nfolds folder beside the data?)", split)
	}
	return out, nil
}

// Prompt templates. {problem} is replaced by the problem text.
var templates = map[string]string{
	"direct": "Solve the following math word problem. Give only the final answer on the last line, as \"Answer: <answer>\".\n\n{problem}",
	"cot":    "Solve the following math word problem. Think step by step, then give the final answer on the last line, as \"Answer: <answer>\".\n\n{problem}",
}

// fewshot examples written for this package (not ASDiv items, so they never
// leak a test answer).
var fewshot = []struct{ q, a string }{
	{"Tom has 4 red pencils and 7 blue pencils. How many pencils does Tom have?", "4 + 7 = 11.\nAnswer: 11"},
	{"A baker made 36 muffins and put them equally into 9 boxes. How many muffins are in each box?", "36 / 9 = 4.\nAnswer: 4"},
	{"There are 12 boys and 18 girls in a class. What is the ratio of boys to girls?", "12:18 = 2:3.\nAnswer: 2:3"},
	{"Ann is 3 years older than Ben. Together they are 25 years old. How old is each?", "Ben is x, Ann x+3, 2x+3=25, x=11.\nAnswer: 14; 11"},
}

// Prompt renders the prompt for one item.
func (b *Benchmark) Prompt(it bench.Item, opts bench.PromptOptions) (bench.Prompt, error) {
	name := opts.Name
	if name == "" {
		name = "direct"
	}
	var tmpl string
	switch {
	case opts.TemplateFile != "":
		data, err := os.ReadFile(opts.TemplateFile)
		if err != nil {
			return bench.Prompt{}, err
		}
		tmpl = string(data)
		if !strings.Contains(tmpl, "{problem}") {
			return bench.Prompt{}, fmt.Errorf("%s: template has no {problem} placeholder", opts.TemplateFile)
		}
	case name == "fewshot":
		tmpl = templates["direct"]
	default:
		t, ok := templates[name]
		if !ok {
			return bench.Prompt{}, fmt.Errorf("asdiv: unknown prompt %q (known: cot, direct, fewshot)", name)
		}
		tmpl = t
	}
	var msgs []bench.Message
	if opts.System != "" {
		msgs = append(msgs, bench.Message{Role: "system", Content: opts.System})
	}
	var text strings.Builder
	if name == "fewshot" && opts.TemplateFile == "" {
		n := opts.Shots
		if n <= 0 || n > len(fewshot) {
			n = len(fewshot)
		}
		for _, ex := range fewshot[:n] {
			q := strings.ReplaceAll(tmpl, "{problem}", ex.q)
			msgs = append(msgs, bench.Message{Role: "user", Content: q}, bench.Message{Role: "assistant", Content: ex.a})
			fmt.Fprintf(&text, "Problem: %s\nSolution: %s\n\n", ex.q, ex.a)
		}
	}
	user := strings.ReplaceAll(tmpl, "{problem}", it.Problem)
	msgs = append(msgs, bench.Message{Role: "user", Content: user})
	p := bench.Prompt{Messages: msgs}
	if name == "fewshot" && opts.TemplateFile == "" {
		fmt.Fprintf(&text, "Problem: %s\nSolution:", it.Problem)
		p.Text = text.String()
		p.Stop = []string{"Problem:"}
	} else {
		if opts.System != "" {
			text.WriteString(opts.System + "\n\n")
		}
		text.WriteString(user)
		p.Text = text.String()
	}
	return p, nil
}

// GoldReply states the gold answer as a model would.
func (b *Benchmark) GoldReply(it bench.Item) string {
	return "Working through the problem gives the result.\nAnswer: " + it.Answer
}
