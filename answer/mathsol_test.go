package answer

import (
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/jsonl"
)

// TestMATH500SolutionsGradeAgainstAnswers grades each MATH-500 reference
// solution, as if it were a reply, against the released answer: extraction
// must find the solution's final answer (the last box, not an earlier
// anchor or a later remark) and the engine must accept it.
func TestMATH500SolutionsGradeAgainstAnswers(t *testing.T) {
	rows, err := jsonl.ReadFile[struct {
		Solution, Answer string
		UniqueID         string `json:"unique_id"`
	}](testenv.Shared(t, "data", "math500", "test.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	n, ok := 0, 0
	var bad []string
	for _, row := range rows {
		n++
		v := Grade(MATH, row.Answer, row.Solution, "stop")
		if v.Kind == Correct {
			ok++
			continue
		}
		bad = append(bad, row.UniqueID+": gold "+row.Answer+" extracted "+v.Extracted+" -> "+string(v.Kind)+" ("+v.Reason+")")
	}
	for _, b := range bad {
		t.Logf("miss: %s", strings.ReplaceAll(b, "\n", " "))
	}
	t.Logf("MATH-500 solutions graded correct against their answers: %d/%d", ok, n)
	if n != 500 {
		t.Errorf("read %d rows, want 500", n)
	}
	if ok < n*99/100 {
		t.Errorf("only %d/%d solutions graded correct", ok, n)
	}
}

// TestMATHTestSolutionsAgainstLastBox grades the 5,000 MATH test solutions,
// as replies, against their last \boxed{} (the benchmark's gold answer): the
// anchors and box runs of the extraction must not pick anything else. About
// a dozen solutions box several different answers (all the roots, "also
// accepted" alternatives) where the last box is only one of them: the
// hedging rule (conclude.go) grades those as several answers, so they miss.
func TestMATHTestSolutionsAgainstLastBox(t *testing.T) {
	rows, err := jsonl.ReadFile[struct {
		Solution string `json:"solution"`
		Idx      any    `json:"idx"`
	}](testenv.Shared(t, "data", "math", "test.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	n, ok := 0, 0
	for _, row := range rows {
		boxes := scanBoxesRaw(row.Solution)
		if len(boxes) == 0 {
			continue
		}
		gold := boxes[len(boxes)-1]
		n++
		v := Grade(MATH, gold, row.Solution, "stop")
		if v.Kind == Correct {
			ok++
			continue
		}
		t.Logf("miss: idx %v: last box %q, extracted %q -> %s (%s)", row.Idx, gold, v.Extracted, v.Kind, v.Reason)
	}
	t.Logf("MATH test solutions graded correct against their last box: %d/%d", ok, n)
	if n < 4900 || ok < n*99/100 {
		t.Errorf("%d/%d", ok, n)
	}
}

// scanBoxesRaw lists the contents of every box of s, one by one.
func scanBoxesRaw(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			if cs, ce, end, ok := boxAt(s, i); ok && end <= len(s) {
				out = append(out, strings.TrimSpace(s[cs:ce]))
				i = end - 1
			}
		}
	}
	return out
}
