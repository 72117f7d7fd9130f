// Package testtexts gathers every text we hold for tests that compare two
// implementations of a TeX reader over real data: the MATH problems and
// solutions (train and test), MATH-500, HARDMath's released files, ASDiv,
// the answer sets of ../shared/data/answers and the repository's committed
// fuzz corpora. The shared data is found through internal/testenv, so the
// tests that use it are skipped cleanly where ../shared is absent (and
// fail under MATHEVAL_REQUIRE_SHARED=1).
package testtexts

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
)

// Text is one string of a data file, named by the file and the item.
type Text struct {
	Where string // file (and line or item) it comes from
	S     string
}

// Shared returns every string value of the shared benchmark data, in a
// fixed order. It skips the test when ../shared/data is absent.
func Shared(t testing.TB) []Text {
	t.Helper()
	root := testenv.Shared(t, "data")
	var out []Text
	for _, dir := range []string{"math/MATH", "math500", "hardmath", "asdiv", "answers"} {
		base := filepath.Join(root, dir)
		if _, err := os.Stat(base); err != nil {
			t.Fatalf("testtexts: %s is missing from the shared data: %v", base, err)
		}
		err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			switch {
			case strings.HasSuffix(p, ".json"), strings.HasSuffix(p, ".jsonl"):
				b, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				out = append(out, jsonTexts(rel, b)...)
			case strings.HasSuffix(p, ".xml"):
				b, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				out = append(out, xmlTexts(rel, b)...)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("testtexts: %v", err)
		}
	}
	if len(out) == 0 {
		t.Fatalf("testtexts: no texts under %s", root)
	}
	return out
}

// jsonTexts returns the string values of a JSON document or of each line
// of a JSON Lines file.
func jsonTexts(name string, b []byte) []Text {
	var out []Text
	var walk func(where string, v any)
	walk = func(where string, v any) {
		switch v := v.(type) {
		case string:
			if v != "" {
				out = append(out, Text{where, v})
			}
		case []any:
			for i, e := range v {
				walk(where+"["+strconv.Itoa(i)+"]", e)
			}
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(where+"."+k, v[k])
			}
		}
	}
	var v any
	if json.Unmarshal(b, &v) == nil {
		walk(name, v)
		return out
	}
	for i, line := range bytes.Split(b, []byte("\n")) {
		if json.Unmarshal(line, &v) == nil {
			walk(name+":"+strconv.Itoa(i+1), v)
		}
	}
	return out
}

// xmlTexts returns the character data of an XML document.
func xmlTexts(name string, b []byte) []Text {
	var out []Text
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		tok, err := d.Token()
		if err != nil {
			return out
		}
		if c, ok := tok.(xml.CharData); ok {
			if s := strings.TrimSpace(string(c)); s != "" {
				out = append(out, Text{name + ":" + strconv.FormatInt(d.InputOffset(), 10), s})
			}
		}
	}
}

// FuzzCorpora returns the string inputs of every committed fuzz corpus of
// the repository (testdata/fuzz/*/*, "go test fuzz v1" files).
func FuzzCorpora(t testing.TB) []Text {
	t.Helper()
	root := testenv.RepoRoot(t)
	var out []Text
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.Contains(filepath.ToSlash(p), "/testdata/fuzz/") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "string("); ok && strings.HasSuffix(v, ")") {
				if s, err := strconv.Unquote(v[:len(v)-1]); err == nil {
					out = append(out, Text{rel, s})
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("testtexts: %v", err)
	}
	return out
}
