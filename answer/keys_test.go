package answer

import (
	"encoding/json"
	"encoding/xml"
	"html"
	"os"
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/jsonl"
)

// goldReplies are the ways a model states an answer; every gold answer
// graded against each of them must be correct.
func goldReplies(gold string) []string {
	return []string{
		gold,
		"The answer is " + gold + ".",
		"Let me compute.\n\nFinal Answer: The final answer is " + gold + ". I hope it is correct.",
		"**Answer:** " + gold,
		"ANSWER: " + gold,
		"<think>some reasoning 12345</think>\nSo we get " + gold + "\n\nThe final answer is " + gold,
	}
}

func TestMATH401KeyAgainstItself(t *testing.T) {
	path := testenv.Shared(t, "data", "math401", "math401.json")
	rows, err := jsonl.ReadFile[struct{ Query, Response string }](path)
	if err != nil {
		t.Fatal(err)
	}
	line, n := 0, 0
	for _, row := range rows {
		line++ // the file has no blank lines: a row's line is its position
		group := 0
		if line > 1 {
			group = (line-2)/25 + 1
		}
		p := MATH401Group(group)
		for _, reply := range append(goldReplies(row.Response), `\boxed{`+row.Response+`}`) {
			v := Grade(p, row.Response, reply, "stop")
			if v.Kind != Correct || v.Metrics["relative_error"] != 0 {
				t.Errorf("%s:%d (group %d) gold %q reply %q: %s (%s) relerr %v", path, line, group, row.Response, reply, v.Kind, v.Reason, v.Metrics)
			}
			n++
		}
	}
	if line != 401 {
		t.Errorf("read %d rows, want 401", line)
	}
	t.Logf("MATH 401: %d rows x %d reply styles graded correct", line, n/line)
}

func TestASDivKeyAgainstItself(t *testing.T) {
	path := testenv.Shared(t, "data", "asdiv", "ASDiv.xml")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var set struct {
		Problems []struct {
			ID     string `xml:"ID,attr"`
			Answer string `xml:"Answer"`
			Type   string `xml:"Solution-Type"`
		} `xml:"ProblemSet>Problem"`
	}
	if err := xml.Unmarshal(b, &set); err != nil {
		t.Fatal(err)
	}
	if len(set.Problems) != 2305 {
		t.Errorf("read %d problems, want 2305", len(set.Problems))
	}
	kinds := map[string]int{}
	for _, p := range set.Problems {
		gold := strings.TrimSpace(html.UnescapeString(p.Answer))
		parts := asdivParts(gold)
		k := "number"
		if len(parts) > 1 {
			k = "several"
		} else if len(parts) == 1 {
			switch classifyASDiv(parts[0]).kind {
			case asdivRatio:
				k = "ratio-or-time"
			case asdivTime:
				k = "time"
			case asdivText:
				k = "text"
			}
		}
		kinds[k]++
		for _, reply := range goldReplies(gold) {
			v := Grade(ASDiv, gold, reply, "stop")
			if v.Kind != Correct {
				t.Errorf("%s gold %q reply %q: %s (%s) extracted %q", p.ID, gold, reply, v.Kind, v.Reason, v.Extracted)
			}
		}
	}
	t.Logf("ASDiv answer forms: %v", kinds)
}

func TestHARDMathNondimKeyAgainstItself(t *testing.T) {
	path := testenv.Shared(t, "data", "hardmath", "HARDMath_mini.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows map[string]struct {
		Type     string `json:"question_type"`
		Answer   string `json:"answer_val"`
		Solution string `json:"solution"`
	}
	if err := json.Unmarshal(b, &rows); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	n, solOK, solN := 0, 0, 0
	for id, r := range rows {
		if !strings.HasPrefix(r.Type, "nondimensionalization") {
			continue
		}
		n++
		for _, reply := range append(goldReplies(r.Answer), `$\boxed{`+r.Answer+`}$`, `\[\epsilon = `+r.Answer+`\]`) {
			v := Grade(HARDMathGeneric, r.Answer, reply, "stop")
			want := r.Answer
			if strings.HasPrefix(reply, `\[\epsilon`) {
				want = `\epsilon = ` + r.Answer
				if v.Extracted != want {
					t.Errorf("row %s reply %q: extracted %q, want %q", id, reply, v.Extracted, want)
				}
				continue // the assignment form needs the engine
			}
			if v.Kind != Correct || v.Extracted != want {
				t.Errorf("row %s gold %q reply %q: %s (%s) extracted %q", id, r.Answer, reply, v.Kind, v.Reason, v.Extracted)
			}
		}
		// The reference solution ends on \boxed{\epsilon = ...}: deciding it
		// against the key is the engine's work (assignments, ≈); counted only.
		solN++
		if Grade(HARDMathGeneric, r.Answer, r.Solution, "stop").Kind == Correct {
			solOK++
		}
	}
	if n != 129 {
		t.Errorf("found %d nondimensionalization rows, want 129", n)
	}
	t.Logf("HARDMath-mini nondimensionalization: %d keys self-graded; reference solutions graded correct against the key: %d/%d", n, solOK, solN)
}
