package answer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/matheval/matheval/jsonl"
)

// MaxLine bounds one JSON Lines record of `matheval extract` and `matheval
// equiv` (a whole reply fits many times over). A longer line is not read into
// memory: it gets its own error line and the stream goes on.
const MaxLine = 16 << 20

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

// eachLine calls fn for every line of r, blank and oversized ones included,
// with its 1-based number: exactly one call per input line, so that outputs
// stay aligned with inputs, until fn returns an error, which it returns.
// Lines are read by package jsonl with the limit MaxLine: a longer line is
// skipped without being held in memory, and fn gets a nil line with tooLong
// set. Any other read error ends the stream.
func eachLine(r io.Reader, fn func(n int, line []byte, tooLong bool) error) error {
	rd := jsonl.NewReader(r, "")
	rd.SetLimit(MaxLine)
	for {
		b, err := rd.Next()
		switch {
		case err == nil:
			err = fn(rd.Line(), bytes.TrimSpace(b), false)
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, jsonl.ErrLineTooLong):
			err = fn(rd.Line(), nil, true)
		}
		if err != nil {
			return err
		}
	}
}

// lineError says what is wrong with a line that holds no record, or "".
func lineError(n int, line []byte, tooLong bool) string {
	switch {
	case tooLong:
		return fmt.Sprintf("line %d: longer than the %d MiB limit of a record", n, MaxLine>>20)
	case len(line) == 0:
		return fmt.Sprintf("line %d: blank line, not a record", n)
	}
	return ""
}

// nullID stands for the id of a line that could not be read.
var nullID = json.RawMessage("null")

// ExtractStream reads {"id","response"} lines from r and writes one
// {"id","answer","kind"} line per input line to w, in order ("answer" is ""
// when nothing was found). A line that is not a valid record (blank, not
// JSON, missing "response", longer than MaxLine) gives an output line with
// "error" (naming the line number) and a message on errw; the run goes on,
// and the count of such lines comes back in the stats.
func ExtractStream(ctx context.Context, p Policy, r io.Reader, w, errw io.Writer) (StreamStats, error) {
	return stream(ctx, r, w, errw, "matheval extract:", func(n int, line []byte, lineErr string) (any, string) {
		out := ExtractRecord{ID: nullID, Error: lineErr}
		if lineErr == "" {
			out = extractRecord(ctx, p, n, line)
		}
		return out, out.Error
	})
}

// EquivStream reads {"id","gold","prediction"} lines from r and writes one
// {"id","equivalent","reason"} line per input line to w, in order. Both
// sides go through p's full extraction (see Equivalent). Bad lines are
// handled as in ExtractStream, with the error as the reason too.
func EquivStream(ctx context.Context, p Policy, r io.Reader, w, errw io.Writer) (StreamStats, error) {
	return stream(ctx, r, w, errw, "matheval equiv:", func(n int, line []byte, lineErr string) (any, string) {
		out := EquivRecord{ID: nullID, Error: lineErr}
		if lineErr == "" {
			out = equivRecord(ctx, p, n, line)
		}
		if out.Error != "" {
			out.Reason = out.Error
		}
		return out, out.Error
	})
}

// stream writes answer's record for every line of r to w as one JSON line
// (lineErr says what is wrong with a line that holds no record), and the
// record's error, if any, to errw after prefix. It stops with ctx's error,
// saying after how many lines, when ctx is done.
func stream(ctx context.Context, r io.Reader, w, errw io.Writer, prefix string, answer func(n int, line []byte, lineErr string) (rec any, errText string)) (StreamStats, error) {
	var st StreamStats
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	err := eachLine(r, func(n int, line []byte, tooLong bool) error {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("stopped after %d lines: %w", st.Lines, err)
		}
		st.Lines++
		rec, e := answer(n, line, lineError(n, line, tooLong))
		if e != "" {
			st.BadLines++
			fmt.Fprintln(errw, prefix, e)
		}
		return enc.Encode(rec)
	})
	return st, err
}

// extractRecord answers one input line of ExtractStream.
func extractRecord(ctx context.Context, p Policy, n int, line []byte) (out ExtractRecord) {
	var in struct {
		ID       json.RawMessage `json:"id"`
		Response *string         `json:"response"`
	}
	out.ID = nullID
	if e := json.Unmarshal(line, &in); e != nil {
		out.Error = fmt.Sprintf("line %d: invalid JSON: %v", n, e)
		return out
	}
	out.ID = idOr(in.ID)
	if in.Response == nil {
		out.Error = fmt.Sprintf("line %d: missing \"response\"", n)
		return out
	}
	var v Verdict
	defer func() {
		if v.Internal() != nil {
			out = ExtractRecord{ID: out.ID, Error: fmt.Sprintf("line %d: %s", n, v.Reason)}
		}
	}()
	defer recoverInternal(&v)
	ex := ExtractContext(ctx, *in.Response, p.Extraction)
	if c, ok := ex.Best(); ok {
		out.Answer, out.Kind = c.Text, c.Kind
	}
	out.Incomplete = ex.Incomplete
	return out
}

// equivRecord answers one input line of EquivStream.
func equivRecord(ctx context.Context, p Policy, n int, line []byte) (out EquivRecord) {
	var in struct {
		ID         json.RawMessage `json:"id"`
		Gold       *string         `json:"gold"`
		Prediction *string         `json:"prediction"`
	}
	out.ID = nullID
	if e := json.Unmarshal(line, &in); e != nil {
		out.Error = fmt.Sprintf("line %d: invalid JSON: %v", n, e)
		return out
	}
	out.ID = idOr(in.ID)
	if in.Gold == nil || in.Prediction == nil {
		out.Error = fmt.Sprintf("line %d: a record needs \"gold\" and \"prediction\"", n)
		return out
	}
	v, g := equivalent(ctx, p, *in.Gold, *in.Prediction)
	if v.Internal() != nil {
		// A bug of ours is no verdict on the pair: the line fails.
		out.Error = fmt.Sprintf("line %d: %s", n, v.Reason)
		return out
	}
	out.Equivalent = v.Kind == Correct
	out.Reason = v.Reason
	out.Verdict = v.Kind
	out.Gold, out.Prediction = g, v.Extracted
	return out
}

func idOr(id json.RawMessage) json.RawMessage {
	if len(id) == 0 {
		return nullID
	}
	return id
}
