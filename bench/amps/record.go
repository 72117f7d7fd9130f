package amps

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
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

// Read reads records from r; name labels errors.
func Read(r io.Reader, name string) ([]Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	var out []Record
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		var rec Record
		if err := dec.Decode(&rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if err := rec.valid(); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		out = append(out, rec)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
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
	return nil
}
