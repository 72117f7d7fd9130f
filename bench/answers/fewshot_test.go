package answers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
)

// fewShotTask writes a task with a train file of n worked examples and a
// test file, and returns its benchmark and test items.
func fewShotTask(t *testing.T, fewshot string) (*Benchmark, []bench.Item) {
	t.Helper()
	dir := t.TempDir()
	var train strings.Builder
	for i := 1; i <= 5; i++ {
		q := strings.Repeat("I", i)
		train.WriteString(`{"q":"How many strokes in ` + q + `?","sol":"Count them: ` + q + `.","a":` + string(rune('0'+i)) + "}\n")
	}
	os.WriteFile(filepath.Join(dir, "train.jsonl"), []byte(train.String()), 0o644)
	os.WriteFile(filepath.Join(dir, "test.jsonl"), []byte(`{"q":"How many strokes in IIIIII?","sol":"Six.","a":6}`+"\n"+
		`{"q":"How many strokes in III?","sol":"Three.","a":3}`+"\n"), 0o644)
	task := filepath.Join(dir, "strokes.yaml")
	body := "name: strokes\ndata: test.jsonl\nfields:\n  problem: q\n  answer: a\n  solution: sol\nprompt:\n  system: Count.\n  template: \"Q: {{.Problem}}\"\n" + fewshot
	os.WriteFile(task, []byte(body), 0o644)
	tk, err := LoadTaskFile(task)
	if err != nil {
		t.Fatal(err)
	}
	b, err := FromTask(tk)
	if err != nil {
		t.Fatal(err)
	}
	return b, load(t, b, "")
}

// roles is a prompt's turns as "role: content" lines.
func roles(p bench.Prompt) []string {
	var out []string
	for _, m := range p.Messages {
		out = append(out, m.Role+": "+m.Content)
	}
	return out
}

// TestFewShotFirst: a task file's few-shot source, the first examples as
// turns of their own, the solution then the boxed answer; --shots
// overrides the count; --prompt plain is zero-shot; the completions text
// holds the same turns.
func TestFewShotFirst(t *testing.T) {
	b, items := fewShotTask(t, "fewshot:\n  data: train.jsonl\n  shots: 2\n")
	p, err := b.Prompt(items[0], bench.PromptOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"system: Count.",
		"user: Q: How many strokes in I?", "assistant: Count them: I.\nThe final answer is $\\boxed{1}$.",
		"user: Q: How many strokes in II?", "assistant: Count them: II.\nThe final answer is $\\boxed{2}$.",
		"user: Q: How many strokes in IIIIII?"}
	if got := roles(p); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("prompt:\n%q\nwant\n%q", got, want)
	}
	if !strings.HasPrefix(p.Text, "Count.\n\nQ: How many strokes in I?\n\nCount them: I.") || !strings.HasSuffix(p.Text, "\n\nQ: How many strokes in IIIIII?") {
		t.Errorf("text %q", p.Text)
	}
	// Item III is in the train file: it is never its own example.
	p, err = b.Prompt(items[1], bench.PromptOptions{Shots: 3})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(roles(p), "|"); strings.Count(got, "assistant:") != 3 || strings.Contains(got, "in III?|assistant") {
		t.Errorf("3 shots for item III: %q", got)
	}
	if p, _ := b.Prompt(items[0], bench.PromptOptions{Name: PromptPlain}); len(p.Messages) != 1 {
		t.Errorf("plain prompt has %d turns", len(p.Messages))
	}
	if _, err := b.Prompt(items[1], bench.PromptOptions{Shots: 5}); err == nil || !strings.Contains(err.Error(), "5 few-shot examples asked, train.jsonl has 4 besides item 1") {
		t.Errorf("too many shots: %v", err)
	}
}

// TestFewShotRandom: the random sampler draws per item from the seed and
// the item's id: the same seed gives the same examples, another seed
// others (for at least one of 20 seeds).
func TestFewShotRandom(t *testing.T) {
	b, items := fewShotTask(t, "fewshot:\n  data: train.jsonl\n  shots: 2\n  sampler: random\n  reply: \"{{.Answer}}\"\n")
	first := func(seed int64) string {
		p, err := b.Prompt(items[0], bench.PromptOptions{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Messages) != 6 || p.Messages[2].Role != "assistant" || len(p.Messages[2].Content) != 1 {
			t.Fatalf("prompt %q", roles(p))
		}
		return strings.Join(roles(p), "|")
	}
	a := first(1)
	if first(1) != a {
		t.Error("one seed, two draws")
	}
	differ := false
	for s := int64(2); s < 22 && !differ; s++ {
		differ = first(s) != a
	}
	if !differ {
		t.Error("20 seeds drew the same examples")
	}
}

// TestFewShotErrors: a few-shot definition that cannot run, and --shots
// without a source.
func TestFewShotErrors(t *testing.T) {
	for body, want := range map[string]string{
		"name: x\nfewshot: {shots: 2}\n":                        "fewshot.data: the examples' file is required",
		"name: x\nfewshot: {data: t.jsonl, sampler: best}\n":    `fewshot.sampler "best"`,
		"name: x\nfewshot: {data: t.jsonl, shots: -1}\n":        "fewshot.shots: -1",
		"name: x\nfewshot: {data: t.jsonl, reply: '{{.Nope'}\n": "fewshot.reply",
		"name: x\nfewshot: {data: t.jsonl, num_fewshot: 3}\n":   `unknown key "num_fewshot" in fewshot (its keys: data, shots, sampler, reply)`,
	} {
		if _, err := ParseTask([]byte(body), "t.yaml", ""); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", body, err, want)
		}
	}
	b, items := fewShotTask(t, "")
	if _, err := b.Prompt(items[0], bench.PromptOptions{Shots: 1}); err == nil || !strings.Contains(err.Error(), "no few-shot source") {
		t.Errorf("--shots without a source: %v", err)
	}
	b, items = fewShotTask(t, "fewshot: {data: none.jsonl, shots: 1}\n")
	if _, err := b.Prompt(items[0], bench.PromptOptions{}); err == nil || !strings.Contains(err.Error(), "fewshot.data:") || !strings.Contains(err.Error(), "none.jsonl") {
		t.Errorf("missing few-shot file: %v", err)
	}
}

// TestFewShotGeneric: the generic benchmark takes a few-shot file as an
// option; --shots says how many (none without it).
func TestFewShotGeneric(t *testing.T) {
	train := write(t, "train.jsonl", `{"question":"1+1?","answer":"2"}`+"\n"+`{"question":"2+2?","answer":"4"}`+"\n")
	test := write(t, "test.jsonl", `{"question":"3+3?","answer":"6"}`+"\n")
	b := generic(t, map[string]string{"fewshot-data": train})
	items := load(t, b, test)
	if p, err := b.Prompt(items[0], bench.PromptOptions{}); err != nil || len(p.Messages) != 2 {
		t.Errorf("no --shots: %q (%v)", roles(p), err)
	}
	p, err := b.Prompt(items[0], bench.PromptOptions{Shots: 2})
	want := "system: " + qwenSystem + "|user: 1+1?|assistant: The final answer is $\\boxed{2}$.|user: 2+2?|assistant: The final answer is $\\boxed{4}$.|user: 3+3?"
	if err != nil || strings.Join(roles(p), "|") != want {
		t.Errorf("--shots 2:\n%q\nwant\n%q (%v)", strings.Join(roles(p), "|"), want, err)
	}
}
