// Package jsonl reads JSON Lines: one JSON value per line. Every JSON Lines
// file and stream matheval reads (datasets, run directories, replay files,
// candidate proofs, the equiv and extract streams) goes through it, so that
// all of them share one line limit and one error shape, "FILE:LINE: message".
//
// A line longer than MaxLine is an error for that line only: the reader
// skips the rest of it and goes on with the next line, so a stream can
// answer the bad line and continue.
package jsonl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// MaxLine is the longest line read, in bytes: 256 MiB. A run's sample with
// a 32k-token reply and 20 top logprobs per token takes tens of megabytes,
// so the limit is far above any real record and only stops runaway input.
const MaxLine = 256 << 20

// ErrLineTooLong is the cause of an *Error for a line over the limit.
var ErrLineTooLong = errors.New("line too long")

// Error is an error at one line of a JSON Lines input.
type Error struct {
	Name string // the file's path or the stream's name ("" when unknown)
	Line int    // 1-based
	Err  error
}

func (e *Error) Error() string {
	if e.Name == "" {
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Reader reads the lines of a JSON Lines input one at a time.
type Reader struct {
	name  string
	br    *bufio.Reader
	line  int
	limit int
	buf   []byte
}

// NewReader reads r; name (a file's path) prefixes its errors.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{name: name, br: bufio.NewReaderSize(r, 64<<10), limit: MaxLine}
}

// SetLimit lowers the line limit (tests; streams that must stay small).
func (r *Reader) SetLimit(n int) {
	if n > 0 && n < MaxLine {
		r.limit = n
	}
}

// Line is the number of the line Next returned last.
func (r *Reader) Line() int { return r.line }

// Next returns the next line without its line ending (blank lines too, as
// empty slices), valid until the following call. At the end of the input it
// returns io.EOF. A line over the limit gives an *Error wrapping
// ErrLineTooLong, and the reader stays usable; any other read error is
// final and is returned as an *Error too.
func (r *Reader) Next() ([]byte, error) {
	r.buf = r.buf[:0]
	tooLong := false
	for {
		chunk, err := r.br.ReadSlice('\n')
		if !tooLong {
			if len(r.buf)+len(chunk) > r.limit+1 { // +1: the '\n' itself
				tooLong = true
				r.buf = r.buf[:0]
			} else {
				r.buf = append(r.buf, chunk...)
			}
		}
		switch {
		case err == nil:
			r.line++
			if tooLong {
				return nil, &Error{r.name, r.line, ErrLineTooLong}
			}
			return trimEOL(r.buf), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(r.buf) == 0 && !tooLong {
				return nil, io.EOF
			}
			r.line++
			if tooLong {
				return nil, &Error{r.name, r.line, ErrLineTooLong}
			}
			return trimEOL(r.buf), nil
		default:
			return nil, &Error{r.name, r.line + 1, err}
		}
	}
}

func trimEOL(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}

// Each decodes every non-blank line of r into a fresh T and calls fn with
// it and its line number. It stops at the first error: a line that is not
// valid JSON for T, or fn's error, returned as an *Error naming the line
// (fn's own *Error is returned as it is).
func Each[T any](r io.Reader, name string, fn func(line int, v T) error) error {
	rd := NewReader(r, name)
	for {
		b, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if len(bytes.TrimSpace(b)) == 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(b, &v); err != nil {
			return &Error{name, rd.Line(), err}
		}
		if err := fn(rd.Line(), v); err != nil {
			var je *Error
			if errors.As(err, &je) {
				return err
			}
			return &Error{name, rd.Line(), err}
		}
	}
}

// ReadAll decodes every non-blank line of r.
func ReadAll[T any](r io.Reader, name string) ([]T, error) {
	var out []T
	err := Each(r, name, func(_ int, v T) error {
		out = append(out, v)
		return nil
	})
	return out, err
}

// ReadFile decodes every non-blank line of the file at path.
func ReadFile[T any](path string) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll[T](f, path)
}
