package answer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// maxLine bounds one JSON Lines record (a whole reply fits many times over).
const maxLine = 16 << 20

// ExtractRecord is one output line of `matheval extract`.
type ExtractRecord struct {
	ID         json.RawMessage `json:"id"`
	Answer     string          `json:"answer"`
	Kind       CandidateKind   `json:"kind"`
	Incomplete bool            `json:"incomplete,omitempty"`
	Error      string          `json:"error,omitempty"`
}

// EquivRecord is one output line of `matheval equiv`.
type EquivRecord struct {
	ID         json.RawMessage `json:"id"`
	Equivalent bool            `json:"equivalent"`
	Reason     string          `json:"reason"`
	Verdict    Kind            `json:"verdict,omitempty"`
	Gold       string          `json:"gold_answer,omitempty"`
	Prediction string          `json:"predicted_answer,omitempty"`
	Error      string          `json:"error,omitempty"`
}

// StreamStats counts what a JSON Lines run did.
type StreamStats struct {
	Lines, BadLines int
}

// eachLine calls fn for every non-blank line of r with its 1-based number.
func eachLine(r io.Reader, fn func(n int, line []byte)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		fn(n, line)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("line %d: %w", n+1, err)
	}
	return nil
}

// nullID stands for the id of a line that could not be read.
var nullID = json.RawMessage("null")

// ExtractStream reads {"id","response"} lines from r and writes one
// {"id","answer","kind"} line per input line to w, in order ("answer" is ""
// when nothing was found). A line that is not a valid record gives an output
// line with "error" (naming the line number) and a message on errw; the run
// goes on, and the count of such lines comes back in the stats.
func ExtractStream(p Policy, r io.Reader, w, errw io.Writer) (StreamStats, error) {
	var st StreamStats
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	var werr error
	err := eachLine(r, func(n int, line []byte) {
		if werr != nil {
			return
		}
		st.Lines++
		var in struct {
			ID       json.RawMessage `json:"id"`
			Response *string         `json:"response"`
		}
		out := ExtractRecord{ID: nullID}
		if e := json.Unmarshal(line, &in); e != nil {
			out.Error = fmt.Sprintf("line %d: invalid JSON: %v", n, e)
		} else if in.Response == nil {
			out.ID = idOr(in.ID)
			out.Error = fmt.Sprintf("line %d: missing \"response\"", n)
		} else {
			out.ID = idOr(in.ID)
			ex := Extract(*in.Response, p.Extraction)
			if c, ok := ex.Best(); ok {
				out.Answer, out.Kind = c.Text, c.Kind
			}
			out.Incomplete = ex.Incomplete
		}
		if out.Error != "" {
			st.BadLines++
			fmt.Fprintln(errw, "matheval extract:", out.Error)
		}
		werr = enc.Encode(out)
	})
	if werr != nil {
		return st, werr
	}
	return st, err
}

// EquivStream reads {"id","gold","prediction"} lines from r and writes one
// {"id","equivalent","reason"} line per input line to w, in order. Both
// sides go through p's full extraction (see Equivalent). Bad lines are
// handled as in ExtractStream.
func EquivStream(p Policy, r io.Reader, w, errw io.Writer) (StreamStats, error) {
	var st StreamStats
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	var werr error
	err := eachLine(r, func(n int, line []byte) {
		if werr != nil {
			return
		}
		st.Lines++
		var in struct {
			ID         json.RawMessage `json:"id"`
			Gold       *string         `json:"gold"`
			Prediction *string         `json:"prediction"`
		}
		out := EquivRecord{ID: nullID}
		if e := json.Unmarshal(line, &in); e != nil {
			out.Error = fmt.Sprintf("line %d: invalid JSON: %v", n, e)
		} else if in.Gold == nil || in.Prediction == nil {
			out.ID = idOr(in.ID)
			out.Error = fmt.Sprintf("line %d: a record needs \"gold\" and \"prediction\"", n)
		} else {
			out.ID = idOr(in.ID)
			g := GoldAnswer(p, *in.Gold)
			v := Equivalent(p, *in.Gold, *in.Prediction)
			out.Equivalent = v.Kind == Correct
			out.Reason = v.Reason
			out.Verdict = v.Kind
			out.Gold, out.Prediction = g, v.Extracted
		}
		if out.Error != "" {
			st.BadLines++
			out.Reason = out.Error
			fmt.Fprintln(errw, "matheval equiv:", out.Error)
		}
		werr = enc.Encode(out)
	})
	if werr != nil {
		return st, werr
	}
	return st, err
}

func idOr(id json.RawMessage) json.RawMessage {
	if len(id) == 0 {
		return nullID
	}
	return id
}
