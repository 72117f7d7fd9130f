package answer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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
	st, err := ExtractStream(context.Background(), MATH, strings.NewReader(in), &out, &errs)
	if err != nil {
		t.Fatal(err)
	}
	if st.Lines != 6 || st.BadLines != 3 {
		t.Errorf("stats %+v, want 6 lines, 3 bad", st)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 6 {
		t.Fatalf("got %d output lines, want one per input line:\n%s", len(lines), out.String())
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
	if !strings.Contains(recs[2].Error, "line 3: blank line") {
		t.Errorf("a blank line gets its own error line: %+v", recs[2])
	}
	if !recs[3].Incomplete || recs[3].Answer != "" {
		t.Errorf("unterminated think: %+v", recs[3])
	}
	if !strings.Contains(recs[4].Error, "line 5") || string(recs[4].ID) != `"c"` {
		t.Errorf("missing response: %+v", recs[4])
	}
	if recs[5].Answer != "" || recs[5].Kind != "" {
		t.Errorf("no answer: %+v", recs[5])
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
	st, err := EquivStream(context.Background(), ASDiv, strings.NewReader(in), &out, &errs)
	if err != nil {
		t.Fatal(err)
	}
	if st.BadLines != 1 || st.Lines != 5 {
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

// TestStreamsHugeLine feeds a 50 MB line between two records: it gets its
// own error line naming its number, and the records around it are answered.
func TestStreamsHugeLine(t *testing.T) {
	huge := `{"id": "big", "response": "` + strings.Repeat("1+", 25<<20) + `"}`
	if len(huge) < 50<<20 {
		t.Fatalf("test line is only %d bytes", len(huge))
	}
	extractIn := `{"id": 1, "response": "The answer is 3."}` + "\n" + huge + "\n" + `{"id": 3, "response": "The answer is 4."}`
	equivIn := `{"id": 1, "gold": "3", "prediction": "3"}` + "\r\n" + huge + "\r\n\n" + `{"id": 4, "gold": "4", "prediction": "4"}` + "\n"
	for _, c := range []struct {
		name string
		run  func(in string, w, errw *bytes.Buffer) (StreamStats, error)
		in   string
		n    int
	}{
		{"extract", func(in string, w, errw *bytes.Buffer) (StreamStats, error) {
			return ExtractStream(context.Background(), MATH, strings.NewReader(in), w, errw)
		}, extractIn, 3},
		{"equiv", func(in string, w, errw *bytes.Buffer) (StreamStats, error) {
			return EquivStream(context.Background(), MATH, strings.NewReader(in), w, errw)
		}, equivIn, 4},
	} {
		var out, errs bytes.Buffer
		st, err := c.run(c.in, &out, &errs)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != c.n || st.Lines != c.n {
			t.Fatalf("%s: %d output lines (stats %+v) for %d input lines:\n%s", c.name, len(lines), st, c.n, out.String())
		}
		var rec struct {
			ID         json.RawMessage
			Error      string
			Answer     string
			Equivalent bool
		}
		if err := json.Unmarshal([]byte(lines[1]), &rec); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(rec.Error, "line 2: ") || !strings.Contains(rec.Error, "longer than the 16 MiB limit") || string(rec.ID) != "null" {
			t.Errorf("%s: the huge line's output: %s", c.name, lines[1])
		}
		rec.Error = ""
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Error != "" || (rec.Answer != "4" && !rec.Equivalent) {
			t.Errorf("%s: the record after the huge line: %s", c.name, lines[len(lines)-1])
		}
		if c.name == "equiv" && !strings.Contains(lines[2], "line 3: blank line") {
			t.Errorf("equiv: blank line: %s", lines[2])
		}
	}
}

// A done context stops a stream before its next line, with an error that
// says how far it got.
func TestStreamStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errs bytes.Buffer
	st, err := EquivStream(ctx, MATH, strings.NewReader(`{"gold":"1","prediction":"1"}`+"\n"), &out, &errs)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "stopped after 0 lines") || st.Lines != 0 || out.Len() != 0 {
		t.Errorf("stats %+v, err %v, out %q", st, err, out.String())
	}
}
