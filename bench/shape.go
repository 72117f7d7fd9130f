package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// What a data file looks like. A loader given another benchmark's file
// would often read something from it (a MATH 401 line has an "answer"
// ASDiv's JSON Lines reader accepts), run, and score nonsense; loaders call
// RefuseOther first so that such a run stops with one line naming what the
// file is.

// displayNames are the benchmarks' names as people write them.
var displayNames = map[string]string{
	"math": "MATH", "math401": "MATH 401", "asdiv": "ASDiv", "hardmath": "HARDMath",
	"minif2f": "miniF2F", "amps": "AMPS",
}

// DisplayName is a benchmark's name as its paper writes it.
func DisplayName(name string) string {
	if d, ok := displayNames[name]; ok {
		return d
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
	switch {
	case len(t) == 0:
		return "", ""
	case t[0] == '<':
		if bytes.Contains(t, []byte("<Machine-Reading-Corpus-File")) || (bytes.Contains(t, []byte("<Problem")) && bytes.Contains(t, []byte("<Body>"))) {
			return "asdiv", "ASDiv's XML (<Problem> with <Body> and <Question>)"
		}
		return "", ""
	case t[0] == '{' || t[0] == '[':
		keys := firstRecordKeys(t)
		return sniffKeys(keys)
	}
	if strings.HasSuffix(path, ".mm") || bytes.Contains(t, []byte("$p")) && bytes.Contains(t, []byte("$=")) {
		return "minif2f", "Metamath statements ($p ... $=)"
	}
	return "", ""
}

// sniffDir recognises MATH's tree (train/ and test/ of subject folders, or
// one split folder) and miniF2F's statement folders.
func sniffDir(dir string) (string, string) {
	subjects := []string{"algebra", "prealgebra", "number_theory", "geometry", "precalculus"}
	for _, base := range []string{dir, filepath.Join(dir, "test"), filepath.Join(dir, "train")} {
		for _, s := range subjects {
			if st, err := os.Stat(filepath.Join(base, s)); err == nil && st.IsDir() {
				return "math", "MATH's tree of subject folders"
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

// sniffKeys maps a record's fields to a benchmark.
func sniffKeys(keys []string) (string, string) {
	has := map[string]bool{}
	for _, k := range keys {
		has[strings.ToLower(k)] = true
	}
	why := func(fields ...string) string {
		return "its records have " + quoteList(fields)
	}
	switch {
	case has["query"] && has["response"]:
		return "math401", why("query", "response")
	case has["question_type"] && has["answer_val"]:
		return "hardmath", why("question_type", "answer_val")
	case has["formal_statement"]:
		return "minif2f", why("formal_statement")
	case has["body"] && has["question"]:
		return "asdiv", why("body", "question")
	case has["problem"] && has["module"]:
		return "amps", why("problem", "module")
	case has["problem"] && (has["solution"] || has["answer"]) && (has["level"] || has["type"] || has["subject"]):
		return "math", why("problem", "level/type/subject")
	}
	return "", ""
}

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
	for _, a := range also {
		if got == a {
			return nil
		}
	}
	return fmt.Errorf("%s looks like a %s file (%s), not %s: run it as '%s'", path, DisplayName(got), why, DisplayName(want), got)
}

// ItemKind guesses which benchmark an item comes from by its metadata keys
// (what the loaders write): "" when they say nothing in particular.
func ItemKind(it Item) string {
	has := func(k string) bool { _, ok := it.Meta[k]; return ok }
	switch {
	case has("module"):
		return "amps"
	case has("answer_type"):
		return "hardmath"
	case has("grade") && has("type"):
		return "asdiv"
	case has("subject") && has("level"):
		return "math"
	case has("group") && strings.HasPrefix(it.ID, "math401/"):
		return "math401"
	}
	return ""
}

// RefuseOtherItems returns an error when items look like another
// benchmark's than want's (a run directory whose samples were written for
// another benchmark than its manifest names): grading them with want's
// grader would score nonsense.
func RefuseOtherItems(want string, items []Item, also ...string) error {
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
