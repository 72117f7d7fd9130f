package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/jsonl"
	"github.com/matheval/matheval/rundir"
)

// presetData are the presets with a released file under
// ../shared/data/answers (the Qwen2.5-Math harness's copies).
var presetData = map[string]string{
	"gsm8k": "gsm8k", "aime": "aime24", "amc": "amc23", "minerva_math": "minerva_math",
	"svamp": "svamp", "mawps": "mawps", "college_math": "college_math", "sat_math": "sat_math",
}

func jsonlRecords(t *testing.T, path string) int {
	t.Helper()
	recs, err := jsonl.ReadFile[json.RawMessage](path)
	if err != nil {
		t.Fatal(err)
	}
	return len(recs)
}

// TestRunPresetsGold: `matheval run P --data FILE --model builtin:gold`
// scores 100% on each preset's shared file, with every item of the file.
func TestRunPresetsGold(t *testing.T) {
	for name, dir := range presetData {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := testenv.Shared(t, "data", "answers", dir, "test.jsonl")
			out := filepath.Join(t.TempDir(), "run")
			if code, text := cli(t, "run", name, "--data", path, "--model", "builtin:gold", "--out", out, "--progress", "off"); code != 0 {
				t.Fatalf("exit %d\n%s", code, text)
			}
			checkAllCorrect(t, out)
			res, err := rundir.ReadResults(out)
			if err != nil {
				t.Fatal(err)
			}
			if want := jsonlRecords(t, path); res.Items != want || res.Summary.Value("accuracy") != 1 {
				t.Errorf("%d items at accuracy %v, want the file's %d at 1", res.Items, res.Summary.Value("accuracy"), want)
			}
		})
	}
}

// TestRunAnswersCLI: the generic path with field flags, a bad field name
// (one line naming the file's fields, exit 2: a usage error), a task file
// and 'grade' of its run without the file, and --list.
func TestRunAnswersCLI(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.jsonl")
	os.WriteFile(data, []byte(`{"Body":"Ann has 2 pens.","Ask":"She buys 3. How many now?","Sol":5,"kind":"add"}`+"\n"+
		`{"Body":"Bo has 9 pens.","Ask":"He loses 4. How many now?","Sol":"5","kind":"sub"}`+"\n"), 0o644)
	out := filepath.Join(dir, "run")
	if code, text := cli(t, "run", "answers", "--data", data, "--problem-field", "{Body} {Ask}", "--answer-field", "Sol",
		"--meta-fields", "kind", "--model", "builtin:gold", "--out", out, "--progress", "off"); code != 0 {
		t.Fatalf("exit %d\n%s", code, text)
	}
	checkAllCorrect(t, out)
	if code, text := cli(t, "grade", out); code != 0 {
		t.Fatalf("grade of an answers run: exit %d\n%s", code, text)
	}
	checkAllCorrect(t, out)

	code, text := cli(t, "run", "answers", "--data", data, "--problem-field", "{Body} {Ask}", "--answer-field", "Solution", "--model", "builtin:gold",
		"--out", filepath.Join(dir, "bad"), "--progress", "off")
	if code != 2 || strings.Count(strings.TrimSpace(text), "\n") != 0 ||
		!strings.Contains(text, `no field "Solution" (answer-field; the file's fields: Ask, Body, Sol, kind)`) {
		t.Errorf("bad field: exit %d, %q", code, text)
	}

	task := filepath.Join(dir, "pens.yaml")
	os.WriteFile(task, []byte("name: pens\ndescription: pens\ndata: d.jsonl\nfields:\n  problem: \"{Body} {Ask}\"\n  answer: Sol\n  meta: [kind]\n"), 0o644)
	out = filepath.Join(dir, "task")
	if code, text := cli(t, "run", task, "--model", "builtin:gold", "--out", out, "--progress", "off"); code != 0 {
		t.Fatalf("task file: exit %d\n%s", code, text)
	}
	checkAllCorrect(t, out)
	// 'grade' reads the task from the run's manifest: the file may be gone.
	if err := os.Rename(task, task+".moved"); err != nil {
		t.Fatal(err)
	}
	if code, text := cli(t, "grade", out); code != 0 || !strings.Contains(text, "regraded: 0 verdicts changed") {
		t.Fatalf("grade of a task-file run: exit %d\n%s", code, text)
	}
	checkAllCorrect(t, out)
	if code, text := cli(t, "report", out); code != 0 {
		t.Fatalf("report of a task-file run: exit %d\n%s", code, text)
	}
	// A field the file lacks, in a task file: the same one line, exit 2.
	os.WriteFile(task, []byte("name: pens\ndata: d.jsonl\nfields:\n  problem: Question\n  answer: Sol\n"), 0o644)
	code, text = cli(t, "run", task, "--model", "builtin:gold", "--out", filepath.Join(dir, "bad2"), "--progress", "off")
	if code != 2 || strings.Count(strings.TrimSpace(text), "\n") != 0 ||
		!strings.Contains(text, `no field "Question" (fields.problem; the file's fields: Ask, Body, Sol, kind)`) {
		t.Errorf("bad field in a task file: exit %d, %q", code, text)
	}

	// A preset whose items carry MATH's metadata (subject, level) is
	// regraded as itself, not refused as a MATH run.
	m500 := filepath.Join(dir, "m500.jsonl")
	os.WriteFile(m500, []byte(`{"problem":"1+1?","answer":"2","subject":"Algebra","level":1,"unique_id":"u1"}`+"\n"), 0o644)
	out = filepath.Join(dir, "m500")
	if code, text := cli(t, "run", "math500", "--data", m500, "--model", "builtin:gold", "--out", out, "--progress", "off"); code != 0 {
		t.Fatalf("math500: exit %d\n%s", code, text)
	}
	if code, text := cli(t, "grade", out); code != 0 {
		t.Fatalf("grade of a math500 run: exit %d\n%s", code, text)
	}

	code, text = cli(t, "run", "--list")
	for _, name := range []string{"gsm8k", "aime", "amc", "minerva_math", "olympiadbench", "svamp", "mawps", "college_math", "gaokao", "sat_math", "aqua", "answers", "math"} {
		if !strings.Contains(text, "\n"+name+" ") && !strings.HasPrefix(text, name+" ") {
			t.Errorf("--list lacks %s:\n%s", name, text)
		}
	}
	if code != 0 {
		t.Errorf("--list: exit %d", code)
	}
}

// TestRunTaskFewShotCLI: a task file naming a few-shot source runs its
// default count of examples, --shots another, and the prompts recorded in
// samples.jsonl hold them as turns of their own.
func TestRunTaskFewShotCLI(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "train.jsonl"), []byte(`{"question":"1+1?","answer":"2"}`+"\n"+`{"question":"2+2?","answer":"4"}`+"\n"+
		`{"question":"3+3?","answer":"6"}`+"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "test.jsonl"), []byte(`{"question":"4+4?","answer":"8"}`+"\n"+`{"question":"5+5?","answer":"10"}`+"\n"), 0o644)
	task := filepath.Join(dir, "sums.yaml")
	os.WriteFile(task, []byte("name: sums\ndata: test.jsonl\nfewshot:\n  data: train.jsonl\n  shots: 2\n"), 0o644)
	for _, c := range []struct {
		shots []string
		want  int
	}{{nil, 2}, {[]string{"--shots", "3"}, 3}} {
		out := filepath.Join(dir, "run"+strings.Join(c.shots, ""))
		args := append([]string{"run", task, "--model", "builtin:gold", "--out", out, "--progress", "off"}, c.shots...)
		if code, text := cli(t, args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, text)
		}
		checkAllCorrect(t, out)
		recs, err := rundir.ReadSamples(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			n := 0
			for _, m := range r.Prompt.Messages {
				if m.Role == "assistant" {
					n++
				}
			}
			if n != c.want || r.Prompt.Messages[len(r.Prompt.Messages)-1].Content != r.Item.Problem {
				t.Errorf("%v: item %s has %d examples, want %d: %+v", c.shots, r.Item.ID, n, c.want, r.Prompt.Messages)
			}
		}
	}
	out := filepath.Join(dir, "generic")
	if code, text := cli(t, "run", "answers", "--data", filepath.Join(dir, "test.jsonl"), "--fewshot-data", filepath.Join(dir, "train.jsonl"),
		"--shots", "2", "--model", "builtin:gold", "--out", out, "--progress", "off"); code != 0 {
		t.Fatalf("--fewshot-data: exit %d\n%s", code, text)
	}
	checkAllCorrect(t, out)
	if recs, err := rundir.ReadSamples(out); err != nil || len(recs[0].Prompt.Messages) != 6 {
		t.Errorf("--fewshot-data --shots 2: %+v (%v)", recs[0].Prompt.Messages, err)
	}
	if code, text := cli(t, "run", "answers", "--data", filepath.Join(dir, "test.jsonl"), "--shots", "1", "--model", "builtin:gold",
		"--out", filepath.Join(dir, "noshots"), "--progress", "off"); code != 2 || !strings.Contains(text, "no few-shot source") {
		t.Errorf("--shots for a task without examples: exit %d\n%s", code, text)
	}
}

// TestRunAnswersUnseenCLI: `matheval run answers` with field flags only
// scores 100% with builtin:gold on files in other benchmarks' shapes
// (bench/answers/testdata/unseen: OlympiadBench physics, NuminaMath,
// MathQA, GSM-Hard, TheoremQA), every item of each.
func TestRunAnswersUnseenCLI(t *testing.T) {
	for _, c := range []struct {
		file  string
		flags []string
		n     int
	}{
		{"olympiad_physics.jsonl", []string{"--problem-field", "question", "--answer-field", "final_answer", "--id-field", "id", "--meta-fields", "subfield"}, 4},
		{"numinamath.jsonl", []string{"--answer-field", "solution", "--meta-fields", "source"}, 4},
		{"mathqa.json", []string{"--problem-field", "Problem", "--answer-field", "correct", "--choices-field", "options", "--solution-field", "Rationale"}, 4},
		{"gsm_hard.jsonl", []string{"--problem-field", "input", "--answer-field", "target"}, 5},
		{"theoremqa.json", []string{"--problem-field", "Question", "--answer-field", "Answer", "--id-field", "id"}, 5},
	} {
		t.Run(c.file, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "run")
			args := append([]string{"run", "answers", "--data", filepath.Join("..", "..", "bench", "answers", "testdata", "unseen", c.file),
				"--model", "builtin:gold", "--out", out, "--progress", "off"}, c.flags...)
			if code, text := cli(t, args...); code != 0 {
				t.Fatalf("exit %d\n%s", code, text)
			}
			checkAllCorrect(t, out)
			if res, err := rundir.ReadResults(out); err != nil || res.Items != c.n {
				t.Errorf("%d items (%v), want %d", res.Items, err, c.n)
			}
		})
	}
}
