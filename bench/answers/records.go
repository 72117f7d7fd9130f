package answers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/jsonl"
	"github.com/parquet-go/parquet-go"
)

// record is one row of a data file, as decoded, with where it is.
type record struct {
	fields map[string]any
	where  string // FILE:LINE, FILE: item N, FILE: row N or FILE: "KEY"
	key    string // the record's key in a JSON object of records
}

// maxRecords bounds what one file may hold; far above any benchmark.
const maxRecords = 5_000_000

// readRecords reads every record of path: a JSON array of objects, JSON
// Lines of objects, or a Parquet file, told apart by their first bytes.
func readRecords(path string) ([]record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a folder: give the benchmark's file (JSON Lines, a JSON array or Parquet)", path)
	}
	head := make([]byte, 4)
	n, _ := io.ReadFull(f, head)
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	if n == 4 && string(head) == "PAR1" {
		return readParquet(f, st.Size(), path)
	}
	br := newPeek(f)
	first, err := br.firstByte()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	switch first {
	case '[':
		return readArray(br, path)
	case '{':
		// One JSON object keyed by item id (HARDMath's files), or JSON
		// Lines: told apart by whether the first object's values are all
		// objects and it is the whole file.
		all, err := io.ReadAll(io.LimitReader(br, maxFile+1))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if len(all) > maxFile {
			return nil, fmt.Errorf("%s: larger than %d MiB", path, maxFile>>20)
		}
		if recs, ok := readKeyed(all, path); ok {
			return recs, nil
		}
		return readLines(bytes.NewReader(all), path)
	}
	return readLines(br, path)
}

// maxFile bounds a data file read whole (a JSON object of records).
const maxFile = 1 << 30

// readKeyed reads a JSON object whose values are the records, keyed by
// id, in the file's order; ok is false when the file is not one.
func readKeyed(data []byte, path string) ([]record, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	var recs []record
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, false
		}
		key, _ := tok.(string)
		var v any
		if err := dec.Decode(&v); err != nil {
			return nil, false
		}
		m, ok := v.(map[string]any)
		if !ok || len(recs) >= maxRecords {
			return nil, false
		}
		recs = append(recs, record{fields: m, where: fmt.Sprintf("%s: %q", path, key), key: key})
	}
	if _, err := dec.Token(); err != nil || dec.More() {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF || len(recs) == 0 {
		return nil, false
	}
	return recs, true
}

// peek reads a stream whose first non-space byte is looked at first.
type peek struct {
	r   io.Reader
	buf []byte
}

func newPeek(r io.Reader) *peek { return &peek{r: r} }

func (p *peek) firstByte() (byte, error) {
	chunk := make([]byte, 4096)
	for {
		n, err := p.r.Read(chunk)
		p.buf = append(p.buf, chunk[:n]...)
		if t := bytes.TrimLeft(p.buf, " \t\r\n\ufeff"); len(t) > 0 {
			return t[0], nil
		}
		if err != nil {
			return 0, fmt.Errorf("the file is empty")
		}
	}
}

func (p *peek) Read(b []byte) (int, error) {
	if len(p.buf) > 0 {
		n := copy(b, p.buf)
		p.buf = p.buf[n:]
		return n, nil
	}
	return p.r.Read(b)
}

// readLines reads JSON Lines through the one reader (jsonl): each
// non-blank line one JSON object.
func readLines(r io.Reader, path string) ([]record, error) {
	var recs []record
	err := jsonl.Each(r, path, func(line int, raw json.RawMessage) error {
		m, err := decodeObject(raw)
		if err != nil {
			return err
		}
		if len(recs) >= maxRecords {
			return fmt.Errorf("more than %d records", maxRecords)
		}
		recs = append(recs, record{fields: m, where: path + ":" + strconv.Itoa(line)})
		return nil
	})
	return recs, err
}

// readArray reads a JSON array of objects.
func readArray(r io.Reader, path string) ([]record, error) {
	dec := json.NewDecoder(r)
	dec.UseNumber()
	if _, err := dec.Token(); err != nil { // the '['
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var recs []record
	for i := 1; dec.More(); i++ {
		where := fmt.Sprintf("%s: item %d", path, i)
		var v any
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: want a JSON object, got %s", where, kindOf(v))
		}
		if len(recs) >= maxRecords {
			return nil, fmt.Errorf("%s: more than %d records", path, maxRecords)
		}
		recs = append(recs, record{fields: m, where: where})
	}
	return recs, nil
}

func decodeObject(raw []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // 27.0 stays "27.0", big integers stay exact
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("want a JSON object, got %s", kindOf(v))
	}
	return m, nil
}

func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case []any:
		return "an array"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	}
	return fmt.Sprintf("%T", v)
}

// readParquet reads a Parquet file's rows as records: each top-level column
// a field, a repeated (list) column a list of its values.
func readParquet(f *os.File, size int64, path string) (recs []record, err error) {
	defer func() {
		// parquet-go panics on some corrupt files; bad input gets an error,
		// so this call into that library is the package's one recover.
		if r := recover(); r != nil {
			recs, err = nil, fmt.Errorf("%s: not a readable Parquet file: %v", path, r)
		}
	}()
	pf, err := parquet.OpenFile(f, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	cols := pf.Schema().Columns()
	leaves := make([]string, len(cols))
	repeated := make([]bool, len(cols))
	for i, c := range cols {
		leaves[i] = c[0]
		if leaf, ok := pf.Schema().Lookup(c...); ok {
			repeated[i] = leaf.MaxRepetitionLevel > 0
		}
	}
	r := parquet.NewReader(pf)
	defer r.Close()
	buf := make([]parquet.Row, 64)
	rowNum := 0
	for {
		n, rerr := r.ReadRows(buf)
		for _, row := range buf[:n] {
			rowNum++
			m := map[string]any{}
			for _, v := range row {
				c := v.Column()
				if c < 0 || c >= len(leaves) {
					continue
				}
				name := leaves[c]
				if repeated[c] {
					l, _ := m[name].([]any)
					if !v.IsNull() {
						l = append(l, parquetValue(v))
					}
					m[name] = l
					continue
				}
				if v.IsNull() {
					m[name] = nil
				} else {
					m[name] = parquetValue(v)
				}
			}
			if len(recs) >= maxRecords {
				return nil, fmt.Errorf("%s: more than %d records", path, maxRecords)
			}
			recs = append(recs, record{fields: m, where: fmt.Sprintf("%s: row %d", path, rowNum)})
		}
		if errors.Is(rerr, io.EOF) || (rerr == nil && n == 0) {
			return recs, nil
		}
		if rerr != nil {
			return nil, fmt.Errorf("%s: %v", path, rerr)
		}
	}
}

func parquetValue(v parquet.Value) any {
	switch v.Kind() {
	case parquet.ByteArray, parquet.FixedLenByteArray:
		return string(v.ByteArray())
	case parquet.Boolean:
		return v.Boolean()
	case parquet.Int32:
		return json.Number(strconv.FormatInt(int64(v.Int32()), 10))
	case parquet.Int64:
		return json.Number(strconv.FormatInt(v.Int64(), 10))
	case parquet.Float:
		return json.Number(strconv.FormatFloat(float64(v.Float()), 'g', -1, 32))
	case parquet.Double:
		return json.Number(strconv.FormatFloat(v.Double(), 'g', -1, 64))
	}
	return v.String()
}

// fieldNames lists a record set's fields (of every record), sorted.
func fieldNames(recs []record) []string {
	seen := map[string]bool{}
	for _, r := range recs {
		for k := range r.fields {
			seen[k] = true
		}
	}
	names := make([]string, 0, len(seen))
	for k := range seen {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// text renders a scalar field as text: strings as they are, numbers as
// the file writes them, booleans as true/false. ok is false for a missing
// or null field; err is set for an object or list where text is wanted.
func text(v any, present bool) (string, bool, error) {
	if !present || v == nil {
		return "", false, nil
	}
	switch x := v.(type) {
	case string:
		return x, true, nil
	case json.Number:
		return x.String(), true, nil
	case bool:
		return strconv.FormatBool(x), true, nil
	case []any:
		var parts []string
		for _, e := range x {
			s, ok, err := text(e, true)
			if err != nil {
				return "", false, err
			}
			if ok {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, "\n"), len(parts) > 0, nil
	}
	return "", false, fmt.Errorf("want text, got %s", kindOf(v))
}
