package amps

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/matheval/matheval/jsonl"
)

// WriteJSONL writes records as JSON Lines, one record per line, with
// LaTeX left unescaped (no HTML escaping), so that the same records always
// give the same bytes.
func WriteJSONL(w io.Writer, recs []Record) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// MarshalJSONL returns the JSON Lines bytes of the records.
func MarshalJSONL(recs []Record) ([]byte, error) {
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, recs); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ReadFile reads a generated file. Every line must be a record with the
// fields gen writes; an error names the file and the line.
func ReadFile(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}

// Read reads records from r (through package jsonl); name labels errors.
func Read(r io.Reader, name string) ([]Record, error) {
	var out []Record
	err := jsonl.Each(r, name, func(line int, rec Record) error {
		if err := rec.valid(); err != nil {
			return err
		}
		rec.Form, _ = ParseForm(string(rec.Form)) // "none" is FormNone
		rec.line = line
		out = append(out, rec)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no records", name)
	}
	return out, nil
}

func (r Record) valid() error {
	switch {
	case strings.TrimSpace(r.Problem) == "":
		return fmt.Errorf("no \"problem\"")
	case strings.TrimSpace(r.Answer) == "":
		return fmt.Errorf("no \"answer\"")
	case r.Module == "":
		return fmt.Errorf("no \"module\"")
	case r.LevelNum() < 1 || r.LevelNum() > 5:
		return fmt.Errorf("level %q: want \"Level 1\" to \"Level 5\"", r.Level)
	}
	if _, err := validSplit(r.Split); err != nil {
		return err
	}
	if _, err := ParseForm(string(r.Form)); err != nil {
		return err
	}
	return nil
}
