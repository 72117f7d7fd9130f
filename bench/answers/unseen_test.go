package answers

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/parquet-go/parquet-go"
)

// unseenCase is a file in another public benchmark's shape (see
// testdata/unseen/README.md), the field flags it takes, and what its
// items must be.
type unseenCase struct {
	file  string
	flags map[string]string
	n     int
	gold  map[int]string // item index -> the gold answer as read
}

// unseenCases are shared with the command's test (matheval run answers).
func unseenCases(mmlu string) []unseenCase {
	return []unseenCase{
		{"olympiad_physics.jsonl", map[string]string{"problem-field": "question", "answer-field": "final_answer", "id-field": "id", "meta-fields": "subfield,answer_type"},
			4, map[int]string{1: `\frac{1}{4}, \frac{3}{4}`, 3: `1.6 \times 10^{-18}`}},
		{"numinamath.jsonl", map[string]string{"answer-field": "solution", "meta-fields": "source"},
			4, map[int]string{0: "100", 1: "x=4", 2: "[1, +\\infty)"}},
		{"mathqa.json", map[string]string{"problem-field": "Problem", "answer-field": "correct", "choices-field": "options", "solution-field": "Rationale", "meta-fields": "category"},
			4, map[int]string{0: "C", 2: "E"}},
		{"gsm_hard.jsonl", map[string]string{"problem-field": "input", "answer-field": "target"},
			5, map[int]string{0: "-9867630.0", 2: "-3.3333333333333335", 3: "2.5e-05"}},
		{"theoremqa.json", map[string]string{"problem-field": "Question", "answer-field": "Answer", "id-field": "id", "meta-fields": "Answer_type"},
			5, map[int]string{0: "true", 3: "1, 2"}},
		{mmlu, map[string]string{"choices-field": "choices", "meta-fields": "subject"},
			3, map[int]string{0: "B", 1: "A", 2: "D"}},
	}
}

// mmluRow is MMLU's Parquet row (cais/mmlu): the answer a 0-based index.
type mmluRow struct {
	Question string   `parquet:"question"`
	Subject  string   `parquet:"subject"`
	Choices  []string `parquet:"choices"`
	Answer   int64    `parquet:"answer"`
}

func writeMMLU(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "mmlu_math.parquet")
	rows := []mmluRow{
		{"Find the degree of the extension Q(sqrt 2) over Q.", "abstract_algebra", []string{"0", "2", "1", "3"}, 1},
		{"What is 7 * 8?", "elementary_mathematics", []string{"56", "54", "64", "48"}, 0},
		{"Solve 2x = 6.", "high_school_mathematics", []string{"x = 1", "x = 2", "x = 4", "x = 3"}, 3},
	}
	if err := parquet.WriteFile(p, rows); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestUnseenFormats: the generic path reads six other benchmarks' shapes
// with field flags only, and every gold reply is graded correct (the check
// builtin:gold makes).
func TestUnseenFormats(t *testing.T) {
	for _, c := range unseenCases(writeMMLU(t)) {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			path := c.file
			if !filepath.IsAbs(path) {
				path = filepath.Join("testdata", "unseen", path)
			}
			b := generic(t, c.flags)
			items := load(t, b, path)
			if len(items) != c.n {
				t.Fatalf("%d items, want %d", len(items), c.n)
			}
			for i, want := range c.gold {
				if items[i].Answer != want {
					t.Errorf("item %d (%s): gold %q, want %q", i, items[i].ID, items[i].Answer, want)
				}
			}
			allGold(t, b, items)
			var samples []bench.Sample
			for _, it := range items {
				samples = append(samples, bench.Sample{Item: it, Verdict: answer.Verdict{Kind: answer.Correct, Score: 1}})
			}
			s := b.Summarize(samples)
			if s.Value("accuracy") != 1 {
				t.Errorf("accuracy %v", s.Value("accuracy"))
			}
			if m := c.flags["meta-fields"]; m != "" {
				if _, ok := s.Breakdown("by_" + strings.Split(m, ",")[0]); !ok {
					t.Errorf("no breakdown by %s", m)
				}
			}
			// The prompt shows the choices of a multiple-choice item.
			if c.flags["choices-field"] != "" {
				p, err := b.Prompt(items[0], bench.PromptOptions{})
				if err != nil || !strings.Contains(p.Text, "(A) ") || !strings.Contains(p.Text, "(D) ") {
					t.Errorf("prompt %q (%v)", p.Text, err)
				}
			}
		})
	}
}

// TestChoiceIndexOrValue: a numeric multiple-choice answer is an index
// when only that reading fits the file, a value when only that one does,
// and a file where both fit and differ is refused, not guessed.
func TestChoiceIndexOrValue(t *testing.T) {
	b := generic(t, map[string]string{"choices-field": "choices"})
	for body, want := range map[string]string{
		`{"question":"q","choices":["1","2","3"],"answer":0}`:             "A", // "0" is no choice: an index
		`{"question":"q","choices":["1","2","5"],"answer":5}`:             "C", // 5 is no index: a value
		`{"question":"q","choices":["a) x","b) i.e. y"],"answer":"B"}`:    "B",
		`{"question":"q","choices":["i.e. 4","ii. 5"],"answer":"i.e. 4"}`: "A", // not letters: the text stays
	} {
		items := load(t, b, write(t, "c.jsonl", body+"\n"))
		if items[0].Answer != want {
			t.Errorf("%s: gold %q, want %q", body, items[0].Answer, want)
		}
		allGold(t, b, items)
	}
	// Record 1 fits only the index reading: the whole file is by index.
	items := load(t, b, write(t, "c.jsonl", `{"question":"q","choices":["1","2","3"],"answer":0}`+"\n"+`{"question":"r","choices":["1","2","3"],"answer":1}`+"\n"))
	if items[0].Answer != "A" || items[1].Answer != "B" {
		t.Errorf("a file by index: golds %q %q, want A B", items[0].Answer, items[1].Answer)
	}
	p := write(t, "c.jsonl", `{"question":"r","choices":["1","2","3"],"answer":1}`+"\n")
	if _, _, err := b.Load(context.Background(), p, loadAll); err == nil || !strings.Contains(err.Error(), `c.jsonl:1: the numeric answers of "answer" read both as 0-based choice indices and as choices' values, and the two differ`) {
		t.Errorf("ambiguous file: %v", err)
	}
}
