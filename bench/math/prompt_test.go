package math

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/testenv"
)

func testItems(t *testing.T) (*Benchmark, map[string]bench.Item) {
	b := New()
	items, _, err := b.Load(context.Background(), filepath.Join("testdata", "MATH", "test"), bench.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]bench.Item{}
	for _, it := range items {
		m[it.ID] = it
	}
	return b, m
}

func TestPaperPrompts(t *testing.T) {
	b, items := testItems(t)
	it := items["test/algebra/1"]
	for name, want := range map[string]string{
		"direct":   "What is $1+1$? Final Answer:",
		"solution": "What is $1+1$? Full Solution:",
		"cot":      "What is $1+1$?\n\nPlease reason step by step, and put your final answer within \\boxed{}.",
	} {
		p, err := b.Prompt(it, bench.PromptOptions{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if p.Text != want || len(p.Messages) != 1 || p.Messages[0].Content != want || p.Messages[0].Role != "user" {
			t.Errorf("%s: %q %+v", name, p.Text, p.Messages)
		}
	}
	// The paper generates "up to 20 tokens" with its direct and few-shot
	// prompts; the worked-solution prompts set no limit of their own.
	b.SetTrain(filepath.Join("testdata", "MATH", "train"))
	for _, name := range PromptNames() {
		p, err := b.Prompt(it, bench.PromptOptions{Name: name, Shots: 2, HintFraction: 0.5})
		want := 0
		if name == "direct" || name == "fewshot" {
			want = 20
		}
		if err != nil || p.MaxTokens != want {
			t.Errorf("%s: max tokens %d (%v), want %d", name, p.MaxTokens, err, want)
		}
	}
	p, _ := b.Prompt(it, bench.PromptOptions{})
	if !strings.Contains(p.Text, "\\boxed{}") {
		t.Errorf("default prompt %q", p.Text)
	}
	if _, err := b.Prompt(it, bench.PromptOptions{Name: "nope"}); err == nil {
		t.Error("unknown prompt accepted")
	}
	p, _ = b.Prompt(it, bench.PromptOptions{Name: "direct", System: "Be brief."})
	if len(p.Messages) != 2 || p.Messages[0].Content != "Be brief." {
		t.Errorf("system: %+v", p.Messages)
	}
}

func TestHint(t *testing.T) {
	sol := "We add: $1+1=2$. So the sum is $\\boxed{2}$."
	if h := Hint(sol, "2", 0); h != "" {
		t.Errorf("0%%: %q", h)
	}
	// 100%: every sentence before the one holding the final box, even one
	// that states the answer (the paper's hint is all the text before it).
	if h := Hint(sol, "2", 1); h != "We add: $1+1=2$." {
		t.Errorf("100%%: %q", h)
	}
	// half of 16 runes is 8, inside "$1+1=2$." -> cut back to "We add:"
	if h := Hint(sol, "2", 0.5); h != "We add:" {
		t.Errorf("50%%: %q", h)
	}
	for _, tc := range []struct{ sol, want string }{
		{"No box here.", "No box here."},
		{"$x = 3.5$, so $y = \\boxed{7}$.", ""},
		{"First.\nThe answer is \\fbox{3}.", "First."},
		{"It costs \\$2. Then $\\boxed{4}$.", "It costs \\$2."},
		{"Add. We get $x = 12$. So $\\boxed{12}$.", "Add. We get $x = 12$."},
		// the row of an aligned display that holds the box
		{"So \\begin{align*} x &= 1+1 \\\\ &= \\boxed{2}. \\end{align*}", "So \\begin{align*} x &= 1+1 \\\\"},
		// an earlier box (a first solution) is unwrapped, the last one cut
		{"Thus $\\tan A = \\boxed{2}$.\n\nAlso, $\\tan A = \\boxed{2}$.", "Thus $\\tan A = 2$."},
	} {
		if got := HintSource(tc.sol, ""); got != tc.want {
			t.Errorf("HintSource(%q) = %q, want %q", tc.sol, got, tc.want)
		}
	}
	b, items := testItems(t)
	p, err := b.Prompt(items["test/algebra/1"], bench.PromptOptions{Name: "hint", HintFraction: 0.5})
	if err != nil || p.Text != "What is $1+1$? Final Answer:" {
		t.Errorf("hint prompt %q %v", p.Text, err)
	}
}

// TestHintNeverLeaksBox renders the hint prompt for every MATH-500 problem
// at the paper's fractions: no hint may hold a \boxed answer (before the
// first fix: 19/86/207/500 of them at 0.5/0.9/0.99/1.0). At 1.0 the hint is
// the whole text before the unit (sentence, line or aligned row) that holds
// the final box, as the paper's 99% hint is: at least 95% of it on every
// item (the cut at the first sentence stating the answer gave a median of
// 79% of the text before the box, under 50% on 24% of MATH-500).
func TestHintNeverLeaksBox(t *testing.T) {
	path := testenv.Shared(t, "data", "math500", "test.jsonl")
	items, _, err := Load(path, bench.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b := New()
	for _, frac := range []float64{0.1, 0.5, 0.9, 0.99, 1} {
		leaks := 0
		for _, it := range items {
			p, err := b.Prompt(it, bench.PromptOptions{Name: "hint", HintFraction: frac})
			if err != nil {
				t.Fatal(err)
			}
			hint := p.Text[len(it.Problem):]
			if strings.Contains(hint, `\boxed`) || strings.Contains(hint, `\fbox`) {
				leaks++
			}
			if !strings.HasSuffix(p.Text, "Final Answer:") {
				t.Fatalf("%s: prompt does not ask for the final answer: %q", it.ID, p.Text)
			}
			if frac == 1 {
				before := textBeforeBoxUnit(it.Solution)
				if h := Hint(it.Solution, it.Answer, 1); float64(len(h)) < 0.95*float64(len(before)) {
					t.Errorf("%s: the full hint is %d bytes of the %d before the final box's sentence:\n%q", it.ID, len(h), len(before), h)
				}
			}
		}
		if leaks > 0 {
			t.Errorf("fraction %g: %d of %d prompts hold a boxed answer", frac, leaks, len(items))
		}
	}
}

// textBeforeBoxUnit is the test's own reading of "the solution text before
// the sentence (or line, or aligned row) that holds the final box": the
// text up to the last ". ", line break or "\\\\" before the last box.
func textBeforeBoxUnit(sol string) string {
	i := max(strings.LastIndex(sol, `\boxed`), strings.LastIndex(sol, `\fbox`))
	if i < 0 {
		return sol
	}
	head := sol[:i]
	cut := 0
	for _, sep := range []string{". ", "\n", `\\`} {
		if j := strings.LastIndex(head, sep); j >= 0 {
			cut = max(cut, j+len(sep))
		}
	}
	return strings.TrimSpace(head[:cut])
}

func TestFewShot(t *testing.T) {
	b, items := testItems(t)
	// test/algebra/10 is also train/algebra/7: it must never be its own example
	it := items["test/algebra/10"]
	for seed := int64(0); seed < 20; seed++ {
		p, err := b.Prompt(it, bench.PromptOptions{Name: "fewshot", Shots: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(p.Text, "Problem: "); n != 5 {
			t.Fatalf("%d problems in %q", n, p.Text)
		}
		if strings.Count(p.Text, "Solve $2x=6$.") != 1 {
			t.Fatalf("seed %d: the problem is among its own examples:\n%s", seed, p.Text)
		}
		if !strings.HasSuffix(p.Text, "Problem: Solve $2x=6$.\nFinal Answer:") || len(p.Stop) != 1 || p.Stop[0] != "Problem:" {
			t.Fatalf("shape: %q stop %q", p.Text, p.Stop)
		}
	}
	a, _ := b.Prompt(items["test/algebra/1"], bench.PromptOptions{Name: "fewshot", Shots: 3, Seed: 1})
	c, _ := b.Prompt(items["test/algebra/1"], bench.PromptOptions{Name: "fewshot", Shots: 3, Seed: 1})
	if a.Text != c.Text {
		t.Error("few-shot draw not deterministic")
	}
	if _, err := b.Prompt(it, bench.PromptOptions{Name: "fewshot"}); err == nil || !strings.Contains(err.Error(), "8 shots") {
		t.Errorf("8 shots from 5 train problems: %v", err)
	}
	// no train split beside MATH-500-like data
	b2 := New()
	its, _, _ := b2.Load(context.Background(), filepath.Join("testdata", "mixed.jsonl"), bench.LoadOptions{})
	if _, err := b2.Prompt(its[0], bench.PromptOptions{Name: "fewshot"}); err == nil || !strings.Contains(err.Error(), TrainEnv) {
		t.Errorf("few-shot without train: %v", err)
	}
	t.Setenv(TrainEnv, filepath.Join("testdata", "MATH", "train"))
	b3 := New()
	its, _, _ = b3.Load(context.Background(), filepath.Join("testdata", "mixed.jsonl"), bench.LoadOptions{})
	if p, err := b3.Prompt(its[0], bench.PromptOptions{Name: "fewshot_solution", Shots: 2}); err != nil || strings.Count(p.Text, "Full Solution:") != 3 {
		t.Errorf("few-shot from %s: %q %v", TrainEnv, p.Text, err)
	}
}

func TestMinerva(t *testing.T) {
	b, items := testItems(t)
	p, err := b.Prompt(items["test/algebra/1"], bench.PromptOptions{Name: "minerva"})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(p.Text, "Problem:\n"); n != 5 {
		t.Errorf("%d problems", n)
	}
	if n := strings.Count(p.Text, "I hope it is correct."); n != 4 {
		t.Errorf("%d worked examples", n)
	}
	if !strings.HasSuffix(p.Text, "Problem:\nWhat is $1+1$?\n\nSolution:") {
		t.Errorf("ending %q", p.Text[len(p.Text)-60:])
	}
}

func TestPromptFile(t *testing.T) {
	b, items := testItems(t)
	f := filepath.Join(t.TempDir(), "mine.tmpl")
	os.WriteFile(f, []byte(`{{define "system"}}You are a {{.Subject}} tutor.{{end}}{{define "stop"}}
END
###
{{end}}Level {{.Level}}: {{.Problem}}`), 0o644)
	p, err := b.Prompt(items["test/precalculus/5"], bench.PromptOptions{TemplateFile: f})
	if err != nil {
		t.Fatal(err)
	}
	if p.Text != "Level 5: Find $\\cos 0$." || len(p.Messages) != 2 || p.Messages[0].Content != "You are a precalculus tutor." ||
		strings.Join(p.Stop, "|") != "END|###" {
		t.Errorf("%+v", p)
	}
	os.WriteFile(f, []byte(`{{.Nope}}`), 0o644)
	if _, err := b.Prompt(items["test/precalculus/5"], bench.PromptOptions{TemplateFile: f}); err == nil {
		t.Error("bad template accepted")
	}
	// A max_tokens block sets the prompt's own reply limit; anything but a
	// positive whole number is refused, naming the block.
	for text, want := range map[string]int{
		`{{define "max_tokens"}} 32 {{end}}{{.Problem}}`: 32,
		`{{.Problem}}`: 0,
		`{{define "max_tokens"}}{{if eq .Level "5"}}50{{else}}10{{end}}{{end}}{{.Problem}}`: 50,
		`{{define "max_tokens"}}twenty{{end}}{{.Problem}}`:                                  -1,
		`{{define "max_tokens"}}0{{end}}{{.Problem}}`:                                       -1,
		`{{define "max_tokens"}}-5{{end}}{{.Problem}}`:                                      -1,
	} {
		os.WriteFile(f, []byte(text), 0o644)
		p, err := b.Prompt(items["test/precalculus/5"], bench.PromptOptions{TemplateFile: f})
		switch {
		case want < 0 && (err == nil || !strings.Contains(err.Error(), "max_tokens block")):
			t.Errorf("%s: %v, want the block refused", text, err)
		case want >= 0 && (err != nil || p.MaxTokens != want || p.Text != "Find $\\cos 0$."):
			t.Errorf("%s: %+v %v, want max tokens %d", text, p, err, want)
		}
	}
	// every embedded template can be read back for copying
	for _, n := range PromptNames() {
		if s, err := PromptTemplate(n); err != nil || s == "" {
			t.Errorf("%s: %v", n, err)
		}
	}
}
