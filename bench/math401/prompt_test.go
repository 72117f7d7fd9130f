package math401

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/calc"
)

func TestPrompts(t *testing.T) {
	it := item(10, "16÷83=", "0.1928")
	want := map[string]string{
		"":               "16÷83=",
		"none":           "16÷83=",
		"calculate":      "Calculate:16÷83=",
		"dollar":         "$16÷83=",
		"dollars":        "$$16÷83=",
		"equation":       "\\begin{equation}16÷83=",
		"none:plain":     "16/83=",
		"equation:latex": "\\begin{equation}16 \\div 83=",
	}
	for name, w := range want {
		p, err := MakePrompt(it, bench.PromptOptions{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		if p.Text != w || len(p.Messages) != 1 || p.Messages[0].Content != w {
			t.Errorf("%q: %q / %+v, want %q", name, p.Text, p.Messages, w)
		}
	}
	p, _ := MakePrompt(it, bench.PromptOptions{System: "calculator4"})
	if len(p.Messages) != 2 || p.Messages[0].Role != "system" || !strings.Contains(p.Messages[0].Content, "four decimal places") {
		t.Errorf("system prompt: %+v", p.Messages)
	}
	if _, err := MakePrompt(it, bench.PromptOptions{Name: "bogus"}); err == nil {
		t.Error("unknown prompt accepted")
	}
	if _, err := MakePrompt(it, bench.PromptOptions{Name: "none:klingon"}); err == nil {
		t.Error("unknown form accepted")
	}
	tf := filepath.Join(t.TempDir(), "p.tmpl")
	os.WriteFile(tf, []byte("Group {{.Group}}: compute {{.Query}}"), 0o644)
	p, err := MakePrompt(it, bench.PromptOptions{TemplateFile: tf})
	if err != nil || p.Text != "Group 10: compute 16÷83=" {
		t.Errorf("template file: %q %v", p.Text, err)
	}
}

// Every generated query written in each form evaluates to the same value.
func TestFormsKeepValue(t *testing.T) {
	recs, _ := Generate(GenOptions{Seed: 1})
	for _, r := range recs {
		for _, f := range Forms {
			q, err := Render(r.Query, f)
			if err != nil {
				t.Fatal(err)
			}
			got, err := calc.Answer(q)
			want, _ := calc.Answer(r.Query)
			if err != nil || got != want {
				t.Errorf("%s form %s: %q -> %q (%v), want %q", r.ID, f, q, got, err, want)
			}
			if f == "latex" && strings.ContainsAny(q, "π×÷°*") {
				t.Errorf("latex form keeps a symbol: %q", q)
			}
			if f == "plain" && strings.ContainsAny(q, "π×÷°") {
				t.Errorf("plain form keeps a symbol: %q", q)
			}
		}
	}
}
