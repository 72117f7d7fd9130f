package answers

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/parquet-go/parquet-go"
)

var loadAll = bench.LoadOptions{}

func preset(t *testing.T, name string) *Benchmark {
	t.Helper()
	ps, err := Presets()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.Name() == name {
			return p
		}
	}
	t.Fatalf("no preset %s", name)
	return nil
}

func generic(t *testing.T, values map[string]string) bench.Benchmark {
	t.Helper()
	b, err := NewGeneric().Configure(values)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func load(t *testing.T, b bench.Benchmark, path string) []bench.Item {
	t.Helper()
	items, warns, err := b.Load(context.Background(), path, loadAll)
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) > 0 {
		t.Errorf("warnings: %v", warns)
	}
	return items
}

// allGold checks that every item's gold reply is graded correct.
func allGold(t *testing.T, b bench.Benchmark, items []bench.Item) {
	t.Helper()
	for _, it := range items {
		if v := b.Grade(context.Background(), it, b.GoldReply(it), "stop"); v.Kind != answer.Correct {
			t.Errorf("%s: item %s gold %q: %s (%s)", b.Name(), it.ID, it.Answer, v.Kind, v.Reason)
		}
	}
}

func write(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPresetsWithoutSharedData runs the presets whose data is not in
// ../shared on small files written for this test in their releases' shapes.
func TestPresetsWithoutSharedData(t *testing.T) {
	for _, name := range []string{"olympiadbench", "gaokao", "aqua"} {
		b := preset(t, name)
		items := load(t, b, filepath.Join("testdata", name+".jsonl"))
		allGold(t, b, items)
	}
	ob := preset(t, "olympiadbench")
	items := load(t, ob, "testdata/olympiadbench.jsonl")
	if items[2].Answer != "-2, 2" || items[2].Meta["subfield"] != "Algebra" || items[2].Meta["answer_type"] != "Numerical" {
		t.Errorf("several answers: got %q %v", items[2].Answer, items[2].Meta)
	}
	p, err := ob.Prompt(items[3], bench.PromptOptions{})
	if err != nil || !strings.Contains(p.Text, "Give the answer in cm.") || p.Messages[0].Role != "system" {
		t.Errorf("unit prompt: %+v %v", p, err)
	}
	ctx := context.Background()
	if v := ob.Grade(ctx, items[2], `So $x = \boxed{2, -2}$.`, "stop"); v.Kind != answer.Correct {
		t.Errorf("both roots in another order: %s %s", v.Kind, v.Reason)
	}
	if v := ob.Grade(ctx, items[2], `So $x = \boxed{2}$.`, "stop"); v.Kind == answer.Correct {
		t.Errorf("one root of two graded correct: %s", v.Reason)
	}
}

// TestMultipleChoice: the letter, or the right choice's value, and never
// a value two choices share or a wrong letter.
func TestMultipleChoice(t *testing.T) {
	b := preset(t, "aqua")
	items := load(t, b, "testdata/aqua.jsonl")
	it := items[0]
	if it.Answer != "B" || len(choicesOf(it)) != 5 || choicesOf(it)[1] != "40" {
		t.Fatalf("item: %+v", it)
	}
	p, err := b.Prompt(it, bench.PromptOptions{})
	if err != nil || !strings.Contains(p.Text, "(A) 30\n(B) 40") {
		t.Errorf("prompt %q %v", p.Text, err)
	}
	ctx := context.Background()
	for reply, want := range map[string]bool{
		`The answer is (B).`:              true,
		`The answer is $\boxed{B}$.`:      true,
		`The speed is $\boxed{40}$ km/h.`: true,
		`The answer is (C).`:              false,
		`The speed is $\boxed{45}$.`:      false,
	} {
		if got := b.Grade(ctx, it, reply, "stop").IsCorrect(); got != want {
			t.Errorf("%q: correct %v, want %v", reply, got, want)
		}
	}
	// A value equal to two choices picks neither.
	two := bench.Item{ID: "x", Answer: "A", Extra: map[string]any{"choices": []any{"0.5", "1/2", "3"}}}
	if v := b.Grade(ctx, two, `$\boxed{\frac{1}{2}}$`, "stop"); v.IsCorrect() {
		t.Errorf("a value two choices share graded correct: %s", v.Reason)
	}
	// The text form "A) ... B) ..." and a gold given as the choice's text.
	if got, err := splitChoices("A) $f(-6)=0$ B) $f(6)=-6$ C) -10 and 10 D) 0"); err != nil || len(got) != 4 || got[0] != "$f(-6)=0$" || got[2] != "-10 and 10" {
		t.Errorf("splitChoices: %q %v", got, err)
	}
	if l, err := choiceLetter("40", []string{"30", "40"}); err != nil || l != "B" {
		t.Errorf("choiceLetter by text: %q %v", l, err)
	}
	if _, err := choiceLetter("F", []string{"30", "40"}); err == nil {
		t.Error("a letter past the choices accepted")
	}
}

// TestGenericFormats: the generic benchmark on a JSON array with a problem
// template, on Parquet with a list column, and on GSM8K-style worked answers
// with no field flags at all.
func TestGenericFormats(t *testing.T) {
	b := generic(t, map[string]string{"problem-field": "{Body} {Ask}", "answer-field": "gold", "id-field": "qid", "meta-fields": "level"})
	items := load(t, b, "testdata/array.json")
	if len(items) != 2 || items[0].Problem != "Tom has 3 apples. He buys 4 more. How many does he have?" ||
		items[0].Answer != "7" || items[1].ID != "b" || items[1].Meta["level"] != "hard" {
		t.Fatalf("items: %+v", items)
	}
	allGold(t, b, items)
	s := b.Summarize([]bench.Sample{{Item: items[0], Verdict: answer.Verdict{Kind: answer.Correct, Score: 1}},
		{Item: items[1], Verdict: answer.Verdict{Kind: answer.Wrong}}})
	if _, ok := s.Breakdown("by_level"); !ok || s.Value("accuracy") != 0.5 {
		t.Errorf("summary: accuracy %v, breakdowns %+v", s.Value("accuracy"), s.Breakdowns)
	}

	type row struct {
		Question string   `parquet:"question"`
		Answers  []string `parquet:"final_answer"`
		Level    int64    `parquet:"level"`
	}
	pq := filepath.Join(t.TempDir(), "t.parquet")
	if err := parquet.WriteFile(pq, []row{{"Solve $x^2=9$.", []string{"$3$", "$-3$"}, 2}, {"What is $2+2$?", []string{"4"}, 1}}); err != nil {
		t.Fatal(err)
	}
	b = generic(t, map[string]string{"meta-fields": "level"})
	items = load(t, b, pq)
	if len(items) != 2 || items[0].Answer != "3, -3" || items[1].Answer != "4" || items[0].Meta["level"] != "2" {
		t.Fatalf("parquet items: %+v", items)
	}
	allGold(t, b, items)

	gsm := write(t, "g.jsonl", `{"question":"1+1?","answer":"One and one.\n#### 2"}`+"\n"+`{"question":"Half of 8?","answer":"8/2 = <<8/2=4>>4\n#### 4"}`+"\n")
	items = load(t, NewGeneric(), gsm)
	if items[1].Answer != "4" || items[1].Solution != "8/2 = <<8/2=4>>4" {
		t.Fatalf("gsm items: %+v", items)
	}
	allGold(t, NewGeneric(), items)

	boxed := write(t, "m.jsonl", `{"problem":"x?","solution":"So $\\boxed{\\frac{1}{2}}$."}`+"\n")
	items = load(t, generic(t, map[string]string{"answer-field": "solution"}), boxed)
	if items[0].Answer != `\frac{1}{2}` {
		t.Fatalf("boxed gold %q", items[0].Answer)
	}
}

// TestBadFields: a field the file lacks is one line naming the fields it has.
func TestBadFields(t *testing.T) {
	for _, c := range []struct {
		values map[string]string
		want   string
	}{
		{map[string]string{"problem-field": "questoin"}, `no field "questoin" (problem-field; the file's fields: answer, idx, question)`},
		{map[string]string{"answer-field": "gold"}, `no field "gold" (answer-field; the file's fields: answer, idx, question)`},
		{map[string]string{"problem-field": "{question} {Body}"}, `no field "Body"`},
		{map[string]string{"meta-fields": "type"}, `no field "type" (meta-fields`},
		{map[string]string{"choices-field": "options"}, `no field "options"`},
	} {
		p := write(t, "f.jsonl", `{"question":"q","answer":"1","idx":0}`+"\n")
		_, _, err := generic(t, c.values).Load(context.Background(), p, loadAll)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Count(err.Error(), "\n") > 0 {
			t.Errorf("%v: error %v, want one line with %q", c.values, err, c.want)
		}
	}
	p := write(t, "f.jsonl", `{"text":"q","result":"1"}`+"\n")
	if _, _, err := NewGeneric().Load(context.Background(), p, loadAll); err == nil || !strings.Contains(err.Error(), "--problem-field (the file's fields: result, text)") {
		t.Errorf("no guessable field: %v", err)
	}
	p = write(t, "f.jsonl", `{"question":"q","answer":"1","id":"a"}`+"\n"+`{"question":"r","answer":"2","id":"a"}`+"\n")
	if _, _, err := generic(t, map[string]string{"id-field": "id"}).Load(context.Background(), p, loadAll); err == nil || !strings.Contains(err.Error(), `f.jsonl:2: id "a" again (first at`) {
		t.Errorf("duplicate id: %v", err)
	}
	p = write(t, "f.jsonl", `{"problem":"q","answer":"1000"}`+"\n")
	if _, _, err := preset(t, "aime").Load(context.Background(), p, loadAll); err == nil || !strings.Contains(err.Error(), "f.jsonl:1: field \"answer\": gold 1000 is outside 0..999") {
		t.Errorf("AIME range: %v", err)
	}
	p = write(t, "f.jsonl", `{"question":"q","answer":{"a":1}}`+"\n")
	if _, _, err := NewGeneric().Load(context.Background(), p, loadAll); err == nil || !strings.Contains(err.Error(), "f.jsonl:1: field \"answer\": want text, got map") {
		t.Errorf("object answer: %v", err)
	}
}

// TestTaskFile: a user's task file, its data relative to it, and the
// errors a definition can have.
func TestTaskFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "data.jsonl"), []byte(`{"q":"2+3?","a":5,"topic":"add"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	task := filepath.Join(dir, "mine.yaml")
	if err := os.WriteFile(task, []byte("name: mine\ndescription: my set\ndata: data.jsonl\nfields:\n  problem: q\n  answer: a\n  meta: [topic]\nprompt:\n  system: Be brief.\n  template: \"Q: {{.Problem}}\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tk, err := LoadTaskFile(task)
	if err != nil {
		t.Fatal(err)
	}
	b, err := FromTask(tk)
	if err != nil {
		t.Fatal(err)
	}
	items := load(t, b, "")
	allGold(t, b, items)
	p, _ := b.Prompt(items[0], bench.PromptOptions{})
	if p.Messages[0].Content != "Be brief." || p.Messages[1].Content != "Q: 2+3?" {
		t.Errorf("prompt %+v", p.Messages)
	}
	for body, want := range map[string]string{
		"name: Mine\n":                        "name \"Mine\"",
		"name: x\nfeilds: {}\n":               `line 2: unknown key "feilds" in the task (its keys: name, title, description, paper, release, data, fields, prompt, policy, metric, fewshot)`,
		"name: x\nfields: {problme: q}\n":     `line 2: unknown key "problme" in fields (its keys: problem, answer, answer_after,`,
		"name: x\nfields: {range: seven}\n":   "cannot unmarshal !!str `seven`",
		"name: x\npolicy: nosuch\n":           "unknown policy",
		"name: x\nfields: {range: [0, 9]}\n":  "fields.range needs fields.integer",
		"name: x\nprompt: {template: '{{'}\n": "prompt.template",
		"name: x\nfields: {problem: '{a'}\n":  "a '{' without its '}'",
	} {
		if _, err := ParseTask([]byte(body), "t.yaml", ""); err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "t.yaml") {
			t.Errorf("%q: %v, want %q", body, err, want)
		}
	}
}

// TestPresetsDescribed: every preset has the parts --list and the README show.
func TestPresetsDescribed(t *testing.T) {
	ps, err := Presets()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 12 {
		t.Errorf("%d presets, want 12", len(ps))
	}
	for _, p := range ps {
		tk := p.Task()
		if tk.Description == "" || tk.Paper == "" || tk.Prompt.Source == "" || tk.Release == "" || tk.Prompt.System == "" {
			t.Errorf("%s: description, paper, release, prompt source and system prompt are all required: %+v", p.Name(), tk)
		}
	}
}

// TestKeyedObject: a JSON object of records keyed by id, in file order.
func TestKeyedObject(t *testing.T) {
	p := write(t, "k.json", "{\n  \"z\": {\"question\": \"1+1?\", \"answer\": \"2\"},\n  \"a\": {\"question\": \"2+2?\", \"answer\": 4}\n}\n")
	items := load(t, NewGeneric(), p)
	if len(items) != 2 || items[0].ID != "z" || items[1].ID != "a" || items[1].Answer != "4" {
		t.Fatalf("items %+v", items)
	}
}

// TestREADMETaskFile: the README's example task file is a valid task.
func TestREADMETaskFile(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "```yaml\n")
	block, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("README.md has no yaml block")
	}
	if _, err := ParseTask([]byte(block), "README.md", ""); err != nil {
		t.Fatal(err)
	}
}
