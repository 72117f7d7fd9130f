package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/matheval/matheval/jsonl"
)

// textFields are the JSON fields read as a problem's text, in order of preference.
var textFields = []string{"problem", "question", "query", "Problem", "Question", "body", "text", "informal_prefix"}

// LoadTexts reads texts from a generic dataset: a .json file (one object or
// an array), a .jsonl file, or a folder of them (recursively). It is the
// fallback for data no registered benchmark reads. IDs are path[:line] or
// path#index.
func LoadTexts(path string) ([]Doc, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	var files []string
	if st.IsDir() {
		err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".jsonl")) {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(files)
	} else {
		files = []string{path}
	}
	var docs []Doc
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		t := bytes.TrimSpace(data)
		if strings.HasSuffix(f, ".jsonl") || (len(t) > 0 && t[0] == '{' && bytes.Count(t, []byte("\n{")) > 0 && !json.Valid(t)) {
			err := jsonl.Each(bytes.NewReader(data), f, func(line int, m map[string]any) error {
				if d, ok := docFrom(m, fmt.Sprintf("%s:%d", f, line)); ok {
					docs = append(docs, d)
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
			continue
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		switch x := v.(type) {
		case map[string]any:
			if d, ok := docFrom(x, f); ok {
				docs = append(docs, d)
			}
		case []any:
			for k, e := range x {
				if m, ok := e.(map[string]any); ok {
					if d, ok := docFrom(m, fmt.Sprintf("%s#%d", f, k)); ok {
						docs = append(docs, d)
					}
				}
			}
		}
	}
	if len(docs) == 0 {
		return nil, fmt.Errorf("%s: no texts found (fields %v)", path, textFields)
	}
	return docs, nil
}

func docFrom(m map[string]any, id string) (Doc, bool) {
	for _, f := range textFields {
		if s, ok := m[f].(string); ok && strings.TrimSpace(s) != "" {
			g, _ := m["type"].(string)
			return Doc{ID: id, Text: s, Group: g}, true
		}
	}
	return Doc{}, false
}
