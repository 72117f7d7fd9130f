package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
)

// What a data file looks like. A loader given another benchmark's file
// would often read something from it (a MATH 401 line has an "answer"
// ASDiv's JSON Lines reader accepts), run, and score nonsense; loaders call
// RefuseOther first so that such a run stops with one line naming what the
// file is.

// Shape is how one benchmark recognises its own data and items, so that
// another benchmark's loader or grader refuses them with one line. Each
// benchmark registers its shape where it is defined (RegisterShape, in its
// package's init): this file names no benchmark.
type Shape struct {
	// Name is the benchmark's command-line name.
	Name string
	// Display is its name as its paper writes it ("MATH 401").
	Display string
	// Order: shapes are tried in increasing Order, so that a shape whose
	// fields include another's comes first (AMPS's records are MATH's with
	// a module; MATH's test is the most general and comes last).
	Order int
	// Record recognises a JSON record by its field names (has is
	// case-insensitive): why it is this benchmark's ("its records have
	// ..."), or "".
	Record func(has func(field string) bool) string
	// File recognises a file that is not JSON by its path and first bytes.
	File func(path string, head []byte) string
	// Dir recognises a folder.
	Dir func(dir string) string
	// Item recognises one of the benchmark's items by its metadata and id.
	// A benchmark without it takes items with any metadata (the answer
	// benchmarks, whose metadata fields are the user's).
	Item func(it Item) bool
	// Reads names the other benchmarks whose files and items this one
	// reads as its own (MATH reads AMPS's MATH-shaped records).
	Reads []string
}

var (
	shapeMu sync.RWMutex
	shapes  = map[string]Shape{}
)

// RegisterShape makes a benchmark's shape known. Registering a name again
// replaces its shape.
func RegisterShape(s Shape) {
	shapeMu.Lock()
	defer shapeMu.Unlock()
	shapes[s.Name] = s
}

// shapeList returns the registered shapes by Order, then name.
func shapeList() []Shape {
	shapeMu.RLock()
	defer shapeMu.RUnlock()
	out := make([]Shape, 0, len(shapes))
	for _, s := range shapes {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Order != out[j].Order {
			return out[i].Order < out[j].Order
		}
		return out[i].Name < out[j].Name
	})
	return out
}

func shapeOf(name string) (Shape, bool) {
	shapeMu.RLock()
	defer shapeMu.RUnlock()
	s, ok := shapes[name]
	return s, ok
}

// DisplayName is a benchmark's name as its paper writes it.
func DisplayName(name string) string {
	if s, ok := shapeOf(name); ok && s.Display != "" {
		return s.Display
	}
	return name
}

// sniffBytes is how much of a file Sniff reads: enough for the first record
// of any JSON Lines file, and for the first entry of a JSON document.
const sniffBytes = 1 << 20

// Sniff guesses which benchmark's data path holds, from the file's first
// record, and says why ("its records have \"query\" and \"response\"").
// It returns "" when the file looks like no benchmark in particular (or
// cannot be read: the loader will say why).
func Sniff(path string) (name, why string) {
	st, err := os.Stat(path)
	if err != nil {
		return "", ""
	}
	if st.IsDir() {
		return sniffDir(path)
	}
	f, err := os.Open(path)
	if err != nil {
		return "", ""
	}
	defer f.Close()
	head, _ := io.ReadAll(io.LimitReader(f, sniffBytes))
	t := bytes.TrimSpace(head)
	if len(t) == 0 {
		return "", ""
	}
	if t[0] == '{' || t[0] == '[' {
		return sniffKeys(firstRecordKeys(t))
	}
	for _, s := range shapeList() {
		if s.File != nil {
			if why := s.File(path, t); why != "" {
				return s.Name, why
			}
		}
	}
	return "", ""
}

// sniffDir asks each shape whether the folder is its benchmark's.
func sniffDir(dir string) (string, string) {
	for _, s := range shapeList() {
		if s.Dir != nil {
			if why := s.Dir(dir); why != "" {
				return s.Name, why
			}
		}
	}
	return "", ""
}

// firstRecordKeys returns the field names of the first record: the first
// line of JSON Lines, the first element of an array, or the first value of
// an object keyed by ids (HARDMath's layout) - or the object itself.
func firstRecordKeys(t []byte) []string {
	line := t
	if i := bytes.IndexByte(t, '\n'); i >= 0 {
		line = bytes.TrimSpace(t[:i])
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(line, &obj) == nil {
		return nestedKeys(obj)
	}
	// A whole JSON document, possibly cut at sniffBytes: decode its first value.
	dec := json.NewDecoder(bytes.NewReader(t))
	tok, err := dec.Token()
	if err != nil {
		return nil
	}
	switch tok {
	case json.Delim('['):
		var first map[string]json.RawMessage
		if dec.Decode(&first) == nil {
			return nestedKeys(first)
		}
	case json.Delim('{'):
		// {"0": {...}, ...} or a single record: read the first field.
		if k, err := dec.Token(); err == nil {
			var v json.RawMessage
			if dec.Decode(&v) == nil {
				var inner map[string]json.RawMessage
				if json.Unmarshal(v, &inner) == nil {
					return slices.Sorted(maps.Keys(inner))
				}
				if s, ok := k.(string); ok {
					return []string{s}
				}
			}
		}
	}
	return nil
}

// nestedKeys returns obj's keys, or its first value's keys when obj is an
// index of records ({"0": {...}}).
func nestedKeys(obj map[string]json.RawMessage) []string {
	keys := slices.Sorted(maps.Keys(obj))
	if len(keys) > 0 {
		var inner map[string]json.RawMessage
		if json.Unmarshal(obj[keys[0]], &inner) == nil && len(inner) > 0 && isIndex(keys) {
			return slices.Sorted(maps.Keys(inner))
		}
	}
	return keys
}

func isIndex(keys []string) bool {
	for _, k := range keys {
		if strings.Trim(k, "0123456789") != "" {
			return false
		}
	}
	return true
}

// sniffKeys asks each shape whether a record with these fields is its
// benchmark's.
func sniffKeys(keys []string) (string, string) {
	set := map[string]bool{}
	for _, k := range keys {
		set[strings.ToLower(k)] = true
	}
	has := func(f string) bool { return set[strings.ToLower(f)] }
	for _, s := range shapeList() {
		if s.Record != nil {
			if why := s.Record(has); why != "" {
				return s.Name, why
			}
		}
	}
	return "", ""
}

// Fields is the reason a Record test gives: "its records have "a" and "b"".
func Fields(fields ...string) string { return "its records have " + quoteList(fields) }

func quoteList(fields []string) string {
	q := make([]string, len(fields))
	for i, f := range fields {
		q[i] = fmt.Sprintf("%q", f)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// RefuseOther returns an error when path looks like another benchmark's
// data than want's (or than any of also, shapes want also reads): "PATH
// looks like a MATH 401 file (its records have "query" and "response"),
// not ASDiv". A file that looks like nothing in particular passes.
func RefuseOther(path, want string, also ...string) error {
	got, why := Sniff(path)
	if got == "" || got == want {
		return nil
	}
	if w, ok := shapeOf(want); ok {
		also = append(also[:len(also):len(also)], w.Reads...)
	}
	for _, a := range also {
		if got == a {
			return nil
		}
	}
	return fmt.Errorf("%s looks like a %s file (%s), not %s: run it as '%s'", path, DisplayName(got), why, DisplayName(want), got)
}

// ItemKind guesses which benchmark an item comes from by its metadata keys
// (what the loaders write), asking each shape with an Item test: "" when
// they say nothing in particular.
func ItemKind(it Item) string {
	for _, s := range shapeList() {
		if s.Item != nil && s.Item(it) {
			return s.Name
		}
	}
	return ""
}

// RefuseOtherItems returns an error when items look like another
// benchmark's than want's (a run directory whose samples were written for
// another benchmark than its manifest names): grading them with want's
// grader would score nonsense.
//
// A benchmark whose shape has no Item test (or none registered) takes
// items with any metadata.
func RefuseOtherItems(want string, items []Item, also ...string) error {
	w, ok := shapeOf(want)
	if !ok || w.Item == nil {
		return nil
	}
	also = append(also[:len(also):len(also)], w.Reads...)
	for _, it := range items {
		got := ItemKind(it)
		if got == "" || got == want || slices.Contains(also, got) {
			continue
		}
		return fmt.Errorf("item %s looks like a %s item (metadata %s), not %s", it.ID, DisplayName(got), metaKeys(it), DisplayName(want))
	}
	return nil
}

func metaKeys(it Item) string {
	keys := make([]string, 0, len(it.Meta))
	for k := range it.Meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}
