package math401

import (
	"context"
	"fmt"
	"hash/fnv"
	"os"
	"regexp"
	"strings"
	"text/template"

	"github.com/matheval/matheval/bench"
)

// Prefixes are the paper's five prompts: the query alone, or preceded by
// "Calculate:", "$", "$$" or "\begin{equation}".
var Prefixes = map[string]string{
	"none":      "",
	"calculate": "Calculate:",
	"dollar":    "$",
	"dollars":   "$$",
	"equation":  "\\begin{equation}",
}

// The paper's system prompts for chat models, chosen with PromptOptions.System
// set to "calculator" or "calculator4" (any other text is used as it is).
var SystemPrompts = map[string]string{
	"calculator":  "You are an accurate calculator.",
	"calculator4": "You are an accurate calculator, please calculate provided equation to four decimal places.",
}

// Forms are the three ways of writing a query: math text with symbols (π,
// ×, ÷, ° as the released file writes them), plain text (pi, *, /,
// "degrees") and LaTeX (\pi, \times, \div, ^{\circ}, \log_{2}).
var Forms = []string{"math", "plain", "latex"}

// latexPrefixes are the paper's LaTeX prompts: they open a formula, and the
// paper feeds them LaTeX input, so their query is in the latex form unless
// the prompt names another (dollar:math is the released text after "$").
var latexPrefixes = map[string]bool{"dollar": true, "dollars": true, "equation": true}

// defaultForm is the input form of a prompt that names none.
func defaultForm(prefix string) string {
	if latexPrefixes[prefix] {
		return "latex"
	}
	return "math"
}

// The paper's two other prompting methods, as suffixes of any prompt name
// ("calculate+cot", "none:latex+icl"):
//
//	+cot  zero-shot chain of thought after the query, with the paper's cue
//	      "Let us solve this equation step by step" (its wording of Kojima
//	      et al. 2022's "Let's think step by step.").
//	+icl  in-context learning with similar cases: the paper puts 8 problems
//	      of the item's own group before it. Ours are drawn fresh from this
//	      package's generator for that group (same operation, same kind of
//	      numbers), seeded by the prompt seed and the item id, so a prompt
//	      is the same on every run and never holds the item itself (a draw
//	      equal to the item's query is drawn again). --shots changes the 8.
const (
	cotSuffix = "+cot"
	iclSuffix = "+icl"
	// CoTCue is the paper's zero-shot chain-of-thought cue.
	CoTCue = "Let us solve this equation step by step"
	// DefaultICLShots is the paper's number of in-context examples.
	DefaultICLShots = 8
)

// PromptNames lists the accepted prompt names: a prefix, optionally
// followed by ":" and a form ("equation:plain"), optionally followed by
// "+cot" or "+icl". A name without a form uses the prefix's default form
// (latex after "$", "$$" and "\begin{equation}", math otherwise); the name
// with its default form spelt out ("equation:latex") is accepted too.
func PromptNames() []string {
	var out []string
	for _, p := range []string{"none", "calculate", "dollar", "dollars", "equation"} {
		for _, f := range Forms {
			name := p
			if f != defaultForm(p) {
				name = p + ":" + f
			}
			out = append(out, name, name+cotSuffix, name+iclSuffix)
		}
	}
	return out
}

// promptData is what a user's template file sees.
type promptData struct {
	Query string // the query in the chosen form
	Group int
	ID    string
}

// MakePrompt renders an item's prompt. Name is "<prefix>[:<form>]"; an
// empty name is "none". A template file (Go text/template with .Query,
// .Group and .ID) replaces the prefix.
func MakePrompt(it bench.Item, opts bench.PromptOptions) (bench.Prompt, error) {
	name := opts.Name
	if name == "" || name == "default" {
		name = "none"
	}
	method := ""
	for _, suf := range []string{cotSuffix, iclSuffix} {
		if strings.HasSuffix(name, suf) {
			name, method = strings.TrimSuffix(name, suf), suf
		}
	}
	prefixName, form, _ := strings.Cut(name, ":")
	if form == "" {
		form = defaultForm(prefixName)
	}
	query, err := Render(it.Problem, form)
	if err != nil {
		return bench.Prompt{}, err
	}
	var text string
	if opts.TemplateFile != "" {
		b, err := os.ReadFile(opts.TemplateFile)
		if err != nil {
			return bench.Prompt{}, err
		}
		t, err := template.New(opts.TemplateFile).Option("missingkey=error").Parse(string(b))
		if err != nil {
			return bench.Prompt{}, fmt.Errorf("%s: %v", opts.TemplateFile, err)
		}
		var sb strings.Builder
		g := 0
		fmt.Sscan(it.Meta["group"], &g)
		if err := t.Execute(&sb, promptData{Query: query, Group: g, ID: it.ID}); err != nil {
			return bench.Prompt{}, fmt.Errorf("%s: %v", opts.TemplateFile, err)
		}
		text = sb.String()
	} else {
		prefix, ok := Prefixes[prefixName]
		if !ok {
			return bench.Prompt{}, fmt.Errorf("math401: unknown prompt %q (known: %s)", opts.Name, strings.Join(PromptNames(), ", "))
		}
		text = prefix + query
		switch method {
		case cotSuffix:
			text += " " + CoTCue
		case iclSuffix:
			demos, err := iclExamples(it, form, prefix, opts)
			if err != nil {
				return bench.Prompt{}, err
			}
			text = demos + text
		}
	}
	var msgs []bench.Message
	if opts.System != "" {
		sys := opts.System
		if s, ok := SystemPrompts[sys]; ok {
			sys = s
		}
		msgs = append(msgs, bench.Message{Role: "system", Content: sys})
	}
	msgs = append(msgs, bench.Message{Role: "user", Content: text})
	return bench.Prompt{Messages: msgs, Text: text}, nil
}

// iclExamples renders the in-context examples for it: one solved problem
// of its group per line, in the prompt's prefix and form.
func iclExamples(it bench.Item, form, prefix string, opts bench.PromptOptions) (string, error) {
	k := opts.Shots
	if k <= 0 {
		k = DefaultICLShots
	}
	g := Group(it)
	if g <= 0 {
		// Group 0 is the single Euler identity: show additions, the
		// simplest group, rather than nothing.
		g = 1
	}
	h := fnv.New64a()
	h.Write([]byte(it.ID))
	r := newRNG(opts.Seed ^ int64(h.Sum64()))
	own := strings.TrimSpace(it.Problem)
	// bench.Benchmark.Prompt takes no context: drawing the examples is a
	// top, each evaluation under calc's own deadline.
	ctx := context.Background()
	var sb strings.Builder
	for n, tries := 0, 0; n < k; tries++ {
		if tries > 100*k {
			return "", fmt.Errorf("math401: item %s: could not draw %d examples of group %d", it.ID, k, g)
		}
		q, ans, err := genItem(ctx, r, g, false)
		if err != nil || strings.TrimSpace(q) == own {
			continue
		}
		q, err = Render(q, form)
		if err != nil {
			return "", err
		}
		sb.WriteString(prefix + q + ans + "\n")
		n++
	}
	return sb.String(), nil
}

var (
	powRe    = regexp.MustCompile(`(\^|\*\*)\s*(\(([^()]*)\)|-?[0-9.]+)`)
	logBase  = regexp.MustCompile(`log\s*(\d+)\s*\(`)
	spacesRe = regexp.MustCompile(`\s+`)
)

// Render writes a query (in any of the three forms) in the given form.
func Render(q, form string) (string, error) {
	switch form {
	case "math":
		return q, nil
	case "plain":
		r := strings.NewReplacer("iπ", "i*pi", "π", "pi", "×", "*", "÷", "/", "°", " degrees", "−", "-")
		return r.Replace(q), nil
	case "latex":
		s := strings.NewReplacer("π", "\\pi ", "pi", "\\pi ", "×", " \\times ", "÷", " \\div ", "°", "^{\\circ}",
			"sin", "\\sin", "cos", "\\cos", "tan", "\\tan", "ln", "\\ln").Replace(q)
		// "7*8" is written with \times, and a power's exponent is braced.
		s = strings.ReplaceAll(s, "**", "^")
		s = strings.ReplaceAll(s, "*", " \\times ")
		s = powRe.ReplaceAllStringFunc(s, func(m string) string {
			sub := powRe.FindStringSubmatch(m)
			body := sub[2]
			if sub[3] != "" || strings.HasPrefix(body, "(") {
				body = sub[3]
			}
			return "^{" + strings.TrimSpace(body) + "}"
		})
		s = logBase.ReplaceAllString(s, "\\log_{$1}(")
		s = strings.ReplaceAll(s, "\\pi \\pi", "\\pi\\pi")
		s = strings.ReplaceAll(s, "/", " \\div ")
		s = spacesRe.ReplaceAllString(strings.TrimSpace(s), " ")
		s = strings.ReplaceAll(s, "\\pi )", "\\pi)")
		return s, nil
	}
	return "", fmt.Errorf("math401: unknown form %q (known: %s)", form, strings.Join(Forms, ", "))
}
