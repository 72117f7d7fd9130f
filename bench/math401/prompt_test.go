package math401

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
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
		"dollar":         "$16 \\div 83=", // the paper's LaTeX prompts take LaTeX input
		"dollars":        "$$16 \\div 83=",
		"equation":       "\\begin{equation}16 \\div 83=",
		"dollar:math":    "$16÷83=",
		"none:plain":     "16/83=",
		"none:latex":     "16 \\div 83=",
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
	recs, _ := Generate(context.Background(), GenOptions{Seed: 1})
	for _, r := range recs {
		for _, f := range Forms {
			q, err := Render(r.Query, f)
			if err != nil {
				t.Fatal(err)
			}
			got, err := calc.Answer(context.Background(), q)
			want, _ := calc.Answer(context.Background(), r.Query)
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

// TestCoTAndICLPrompts: the paper's zero-shot chain of thought and
// in-context learning with 8 cases of the item's own group, seeded and
// never holding the item itself.
func TestCoTAndICLPrompts(t *testing.T) {
	it := item(10, "16÷83=", "0.1928")
	p, err := MakePrompt(it, bench.PromptOptions{Name: "calculate+cot"})
	if err != nil || p.Text != "Calculate:16÷83= Let us solve this equation step by step" {
		t.Fatalf("cot: %q %v", p.Text, err)
	}
	recs, _ := Generate(context.Background(), GenOptions{Seed: 1})
	for _, r := range recs {
		it := bench.Item{ID: r.ID, Problem: r.Query, Answer: r.Answer, Meta: map[string]string{"group": strconv.Itoa(r.Group)}}
		p, err := MakePrompt(it, bench.PromptOptions{Name: "none:plain+icl", Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(p.Text, "\n")
		if len(lines) != DefaultICLShots+1 {
			t.Fatalf("%s: %d lines, want %d examples and the query:\n%s", r.ID, len(lines), DefaultICLShots, p.Text)
		}
		query, _ := Render(r.Query, "plain")
		if lines[DefaultICLShots] != query {
			t.Fatalf("%s: last line %q, want the query %q", r.ID, lines[DefaultICLShots], query)
		}
		for _, l := range lines[:DefaultICLShots] {
			q, ans, ok := strings.Cut(l, "=")
			if !ok || q+"=" == query {
				t.Fatalf("%s: example %q is the item itself or has no answer", r.ID, l)
			}
			// Each example is solved correctly: its answer is the value of
			// its query, as the set's answers are.
			g := r.Group
			if g == 0 {
				g = 1
			}
			want, err := evalAnswer(context.Background(), g, q, calc.Options{})
			if err != nil || want != ans {
				t.Fatalf("%s: example %q: answer %q, computed %q (%v)", r.ID, l, ans, want, err)
			}
		}
		again, _ := MakePrompt(it, bench.PromptOptions{Name: "none:plain+icl", Seed: 3})
		if again.Text != p.Text {
			t.Fatalf("%s: the same seed gave another prompt", r.ID)
		}
	}
	other, _ := MakePrompt(it, bench.PromptOptions{Name: "none+icl", Seed: 4, Shots: 3})
	if strings.Count(other.Text, "\n") != 3 {
		t.Fatalf("--shots 3: %q", other.Text)
	}
}
