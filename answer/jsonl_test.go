package answer

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestExtractStream(t *testing.T) {
	in := strings.Join([]string{
		`{"id": 1, "response": "So $x=2$. The final answer is $\\frac{1}{2}$."}`,
		`not json`,
		``,
		`{"id": "b", "response": "<think>unfinished"}`,
		`{"id": "c"}`,
		`{"id": "d", "response": "nothing here"}`,
	}, "\n")
	var out, errs bytes.Buffer
	st, err := ExtractStream(MATH, strings.NewReader(in), &out, &errs)
	if err != nil {
		t.Fatal(err)
	}
	if st.Lines != 5 || st.BadLines != 2 {
		t.Errorf("stats %+v, want 5 lines, 2 bad", st)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 5 {
		t.Fatalf("got %d output lines, want one per input record:\n%s", len(lines), out.String())
	}
	var recs []ExtractRecord
	for _, l := range lines {
		var r ExtractRecord
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("bad output line %q: %v", l, err)
		}
		recs = append(recs, r)
	}
	if recs[0].Answer != `\frac{1}{2}` || recs[0].Kind != KindAnchor || string(recs[0].ID) != "1" {
		t.Errorf("line 1: %+v", recs[0])
	}
	if !strings.Contains(recs[1].Error, "line 2") {
		t.Errorf("bad JSON must name its line: %+v", recs[1])
	}
	if !recs[2].Incomplete || recs[2].Answer != "" {
		t.Errorf("unterminated think: %+v", recs[2])
	}
	if !strings.Contains(recs[3].Error, "line 5") || string(recs[3].ID) != `"c"` {
		t.Errorf("missing response: %+v", recs[3])
	}
	if recs[4].Answer != "" || recs[4].Kind != "" {
		t.Errorf("no answer: %+v", recs[4])
	}
	if !strings.Contains(errs.String(), "line 2") {
		t.Errorf("stderr: %q", errs.String())
	}
}

func TestEquivStream(t *testing.T) {
	in := strings.Join([]string{
		`{"id": "a", "gold": "9 (apples)", "prediction": "There are 9 apples."}`,
		`{"id": "b", "gold": "3:4", "prediction": "4:3"}`,
		`{"id": "c", "gold": "Mrs. Hilt", "prediction": "The answer is mrs. hilt."}`,
		`{"id": "d", "gold": "They are equal", "prediction": "they are equal"}`,
		`{"id": "e", "gold": 5, "prediction": "5"}`,
	}, "\n")
	var out, errs bytes.Buffer
	st, err := EquivStream(ASDiv, strings.NewReader(in), &out, &errs)
	if err != nil {
		t.Fatal(err)
	}
	if st.BadLines != 1 {
		t.Errorf("stats %+v", st)
	}
	want := []bool{true, false, true, true, false}
	dec := json.NewDecoder(&out)
	for i, w := range want {
		var r EquivRecord
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		if r.Equivalent != w || r.Reason == "" {
			t.Errorf("record %d: %+v, want equivalent=%v with a reason", i, r, w)
		}
	}
}
