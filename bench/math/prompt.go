package math

import (
	"embed"
	"fmt"
	"math/rand/v2"
	"os"
	"path"
	"sort"
	"strings"
	"text/template"
	"unicode"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/texscan"
)

// The prompt templates are files users can copy and change (matheval run
// math --prompt-file my.tmpl). A template is Go text/template text: the
// main template is the prompt (the user message for chat models); an
// optional {{define "system"}} block is the system message and an optional
// {{define "stop"}} block lists stop sequences, one per line.
//
// Fields: .Problem, .Hint (the first --hint-fraction of the reference
// solution), .Examples (few-shot: each with .Problem, .Solution, .Answer),
// .Subject, .Level.
//
//go:embed prompts/*.tmpl
var promptFS embed.FS

// DefaultPrompt is the prompt used when none is named.
const DefaultPrompt = "cot"

// DefaultShots is the paper's few-shot setting.
const DefaultShots = 8

// PromptNames lists the embedded templates.
func PromptNames() []string {
	ents, _ := promptFS.ReadDir("prompts")
	var out []string
	for _, e := range ents {
		out = append(out, strings.TrimSuffix(e.Name(), ".tmpl"))
	}
	sort.Strings(out)
	return out
}

// PromptTemplate returns the text of an embedded template, for users to copy.
func PromptTemplate(name string) (string, error) {
	b, err := promptFS.ReadFile(path.Join("prompts", name+".tmpl"))
	if err != nil {
		return "", fmt.Errorf("math: unknown prompt %q (known: %s)", name, strings.Join(PromptNames(), ", "))
	}
	return string(b), nil
}

// Example is one few-shot example.
type Example struct {
	Problem, Solution, Answer string
}

// PromptData is what a template sees.
type PromptData struct {
	Problem  string
	Hint     string
	Examples []Example
	Subject  string
	Level    string
}

// Hint returns the first fraction (0..1) of a solution's reasoning, cut
// back to a word boundary so no word is split; 0 gives "".
//
// The hint never holds the final answer: it is cut, not masked. As in the
// MATH paper's hint experiment (its code cuts the solution "only until first
// boxed" before taking the fraction), the fraction is taken of the solution
// up to its first \boxed or \fbox; we also drop the sentence that box
// stands in (its "$x = " and "Therefore, the answer is"), and cut earlier
// still when an earlier sentence states the gold answer as a math segment
// ("$5$", "x = 5$"). So 1 gives every sentence before the first one stating
// the answer. The model is then asked for the final answer (the hint
// template ends in "Final Answer:").
func Hint(solution, answer string, fraction float64) string {
	if fraction <= 0 {
		return ""
	}
	rs := []rune(HintSource(solution, answer))
	if fraction >= 1 {
		return strings.TrimRightFunc(string(rs), unicode.IsSpace)
	}
	n := int(fraction * float64(len(rs)))
	if n < len(rs) && n > 0 && !unicode.IsSpace(rs[n]) {
		for n > 0 && !unicode.IsSpace(rs[n-1]) {
			n--
		}
	}
	return strings.TrimRightFunc(string(rs[:n]), unicode.IsSpace)
}

// HintSource is the part of a solution a hint may be drawn from: the text
// before the first sentence that holds a \boxed or \fbox or states the gold
// answer as a math segment (the whole solution when there is none).
func HintSource(solution, answer string) string {
	box := -1
	if b := firstBox(solution); b >= 0 {
		box = b
	}
	// The gold stated as a formula is found as text: "$5$", "=5$", "= 5$".
	if a := strings.TrimSpace(answer); a != "" {
		for _, m := range []string{"$" + a + "$", "=" + a + "$", "= " + a + "$"} {
			if i := strings.Index(solution, m); i >= 0 && (box < 0 || i < box) {
				box = i
			}
		}
	}
	if box < 0 {
		return solution
	}
	head := solution[:box]
	// The sentence holding the box starts after the last sentence end or
	// line break before it; a "." inside $...$ (a decimal) does not count,
	// nor does an escaped \$.
	cut := 0
	inMath := false
	sc := texscan.NewScanner(head, 0)
	for t, more := sc.Next(); more; t, more = sc.Next() {
		switch {
		case t.Kind == texscan.MathShift:
			if len(t.Text) == 1 { // $$ opens and closes nothing here: it toggles twice
				inMath = !inMath
			}
		case t.Kind == texscan.Newline:
			cut = t.End()
		case !inMath && t.Kind == texscan.Punct && strings.Contains(".!?", t.Text) &&
			(t.End() == len(head) || head[t.End()] == ' ' || head[t.End()] == '\n'):
			cut = t.End()
		}
	}
	return strings.TrimRightFunc(head[:cut], unicode.IsSpace)
}

// firstBox is the offset of the first \boxed or \fbox command of s, or -1.
func firstBox(s string) int {
	sc := texscan.NewScanner(s, 0)
	for t, more := sc.Next(); more; t, more = sc.Next() {
		if t.Is("boxed") || t.Is("fbox") {
			return t.Pos
		}
	}
	return -1
}

// render builds the prompt from template text.
func render(name, text string, data PromptData) (bench.Prompt, error) {
	t, err := template.New(name).Option("missingkey=error").Parse(text)
	if err != nil {
		return bench.Prompt{}, fmt.Errorf("prompt %s: %v", name, err)
	}
	var sb strings.Builder
	if err := t.Execute(&sb, data); err != nil {
		return bench.Prompt{}, fmt.Errorf("prompt %s: %v", name, err)
	}
	p := bench.Prompt{Text: sb.String()}
	var sys string
	if st := t.Lookup("system"); st != nil {
		var b strings.Builder
		if err := st.Execute(&b, data); err != nil {
			return bench.Prompt{}, fmt.Errorf("prompt %s: system: %v", name, err)
		}
		sys = strings.TrimSpace(b.String())
	}
	if st := t.Lookup("stop"); st != nil {
		var b strings.Builder
		if err := st.Execute(&b, data); err != nil {
			return bench.Prompt{}, fmt.Errorf("prompt %s: stop: %v", name, err)
		}
		for _, l := range strings.Split(b.String(), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				p.Stop = append(p.Stop, l)
			}
		}
	}
	if sys != "" {
		p.Messages = append(p.Messages, bench.Message{Role: "system", Content: sys})
	}
	p.Messages = append(p.Messages, bench.Message{Role: "user", Content: p.Text})
	return p, nil
}

// usesExamples reports whether a template reads .Examples.
func usesExamples(text string) bool { return strings.Contains(text, ".Examples") }

// drawExamples picks k train items with seed, skipping any whose problem is
// the item's own (MATH has one problem in both splits). The draw is the same
// for every item of a run, as in the paper, except where that one clashes.
func drawExamples(pool []bench.Item, k int, seed int64, problem string) []Example {
	if k <= 0 || len(pool) == 0 {
		return nil
	}
	r := rand.New(rand.NewPCG(uint64(seed), 0x66657773686f74))
	perm := r.Perm(len(pool))
	key := normProblem(problem)
	var out []Example
	for _, i := range perm {
		it := pool[i]
		if normProblem(it.Problem) == key {
			continue
		}
		out = append(out, Example{Problem: it.Problem, Solution: it.Solution, Answer: it.Answer})
		if len(out) == k {
			break
		}
	}
	return out
}

// normProblem collapses spaces, so reformatted copies of a problem match.
func normProblem(s string) string { return strings.Join(strings.Fields(s), " ") }

// MakePrompt renders an item's prompt. train is the pool of few-shot
// examples (the train split); it is needed only by templates that use
// .Examples.
func MakePrompt(it bench.Item, opts bench.PromptOptions, train func() ([]bench.Item, error)) (bench.Prompt, error) {
	name := opts.Name
	var text string
	var err error
	if opts.TemplateFile != "" {
		b, rerr := os.ReadFile(opts.TemplateFile)
		if rerr != nil {
			return bench.Prompt{}, rerr
		}
		name, text = opts.TemplateFile, string(b)
	} else {
		if name == "" || name == "default" {
			name = DefaultPrompt
		}
		if text, err = PromptTemplate(name); err != nil {
			return bench.Prompt{}, err
		}
	}
	data := PromptData{Problem: it.Problem, Subject: it.Meta["subject"], Level: it.Meta["level"],
		Hint: Hint(it.Solution, it.Answer, opts.HintFraction)}
	if strings.Contains(text, ".Hint") && opts.HintFraction > 0 && it.Solution == "" {
		return bench.Prompt{}, fmt.Errorf("item %s: prompt %s needs the reference solution, which this dataset lacks", it.ID, name)
	}
	if usesExamples(text) {
		if train == nil {
			return bench.Prompt{}, fmt.Errorf("prompt %s needs few-shot examples from the train split", name)
		}
		pool, err := train()
		if err != nil {
			return bench.Prompt{}, fmt.Errorf("prompt %s: %v", name, err)
		}
		k := opts.Shots
		if k == 0 {
			k = DefaultShots
		}
		if len(pool) < k {
			return bench.Prompt{}, fmt.Errorf("prompt %s: %d shots asked, the train split has %d problems", name, k, len(pool))
		}
		data.Examples = drawExamples(pool, k, opts.Seed, it.Problem)
	}
	p, err := render(name, text, data)
	if err != nil {
		return p, err
	}
	if opts.System != "" { // the command line's system prompt wins
		msgs := []bench.Message{{Role: "system", Content: opts.System}}
		for _, m := range p.Messages {
			if m.Role != "system" {
				msgs = append(msgs, m)
			}
		}
		p.Messages = msgs
	}
	return p, nil
}
