package math

import (
	"embed"
	"fmt"
	"math/rand/v2"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
	"text/template"
	"unicode"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/texscan"
)

// The prompt templates are files users can copy and change (matheval run
// math --prompt-file my.tmpl). A template is Go text/template text: the
// main template is the prompt (the user message for chat models); an
// optional {{define "system"}} block is the system message, an optional
// {{define "stop"}} block lists stop sequences, one per line, and an
// optional {{define "max_tokens"}} block is the reply limit the prompt
// sends (bench.Prompt.MaxTokens: the paper's 20 tokens in direct and
// fewshot; the user's --max-tokens wins over it).
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
// The MATH paper's hint experiment gives the model "all the solution text
// before the final answer" at 100% (and fractions of it below), then asks
// for the final answer (the hint template ends in "Final Answer:"). So the
// fraction is taken of HintSource: the solution up to the sentence, line
// or aligned row that holds its final box. The hint never holds a box.
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
// before the sentence, line or row of an aligned display (after "\\")
// that holds the final \boxed or \fbox (the whole solution when there is
// none). An earlier box (a first solution before "We also could have...")
// is unwrapped to its content, so the source never holds a box. answer is
// not used: cutting at the first sentence that states the answer cut
// sentences that only repeat the problem ("Prime factorize $284=...$").
func HintSource(solution, answer string) string {
	_ = answer
	box := lastBox(solution)
	if box.Text == "" {
		return unbox(solution)
	}
	head := solution[:box.Pos]
	// The unit holding the box starts after the last sentence end outside
	// math, line break or row break (\\) before it; a "." inside $...$ (a
	// decimal) does not count, nor does an escaped \$.
	cut := 0
	inMath := false
	sc := texscan.NewScanner(head, 0)
	for t, more := sc.Next(); more; t, more = sc.Next() {
		switch {
		case t.Kind == texscan.MathShift:
			if len(t.Text) == 1 { // $$ opens and closes nothing here: it toggles twice
				inMath = !inMath
			}
		case t.Kind == texscan.Newline, t.Is("\\"):
			cut = t.End()
		case !inMath && t.Kind == texscan.Punct && strings.Contains(".!?", t.Text) &&
			(t.End() == len(head) || head[t.End()] == ' ' || head[t.End()] == '\n'):
			cut = t.End()
		}
	}
	return strings.TrimRightFunc(unbox(head[:cut]), unicode.IsSpace)
}

// unbox replaces every \boxed{X} and \fbox{X} of s by X, and drops the
// command of an unbraced or unclosed box (its text stays).
func unbox(s string) string {
	var b strings.Builder
	last := 0
	sc := texscan.NewScanner(s, 0)
	for t, more := sc.Next(); more; t, more = sc.Next() {
		if !t.Is("boxed") && !t.Is("fbox") {
			continue
		}
		b.WriteString(s[last:t.Pos])
		last = t.End()
		next, ok := sc.Peek()
		if ok && next.Kind == texscan.Space {
			sc.Next()
			next, ok = sc.Peek()
		}
		if !ok || next.Kind != texscan.Open {
			continue
		}
		g, err := texscan.Match(s, next.Pos, texscan.Braces, texscan.Limits{})
		if err != nil {
			continue
		}
		b.WriteString(unbox(s[g.Inner:g.InnerEnd]))
		last = g.End
		sc = texscan.NewScanner(s, g.End)
	}
	b.WriteString(s[last:])
	return b.String()
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
	if mt := t.Lookup("max_tokens"); mt != nil {
		var b strings.Builder
		if err := mt.Execute(&b, data); err != nil {
			return bench.Prompt{}, fmt.Errorf("prompt %s: max_tokens: %v", name, err)
		}
		v := strings.TrimSpace(b.String())
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return bench.Prompt{}, fmt.Errorf("prompt %s: max_tokens block %q: want a positive whole number of tokens", name, v)
		}
		p.MaxTokens = n
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
