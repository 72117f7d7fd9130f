package hardmath

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
)

// Row is one problem in the JSON schema of the released HARDMath files: an
// object keyed by problem id whose values have these fields. The generators
// write the same schema.
type Row struct {
	Question        string   `json:"question"`
	Solution        string   `json:"solution"`
	QuestionType    *string  `json:"question_type"`
	AnswerType      string   `json:"answer_type"`
	AnswerVal       string   `json:"answer_val"`
	Precision       *int     `json:"precision"`
	SmallEvalPoint  *float64 `json:"small_eval_point"`
	SmallAnalytical *string  `json:"small_analytical"`
	SmallNumerical  *string  `json:"small_numerical"`
	LargeEvalPoint  *float64 `json:"large_eval_point"`
	LargeAnalytical *string  `json:"large_analytical"`
	LargeNumerical  *string  `json:"large_numerical"`
}

// Question types, normalised (the early release spells one
// "nondimentionalization_numeric" and leaves 150 rows untyped).
const (
	TypeNondimSymbolic = "nondimensionalization_symbolic"
	TypeNondimNumeric  = "nondimensionalization_numeric"
	TypeRoots          = "polynomial_roots"
	TypeODE            = "ODE"
	TypeIntegral       = "integral"
)

// KeyedRow is a row with its key in the file.
type KeyedRow struct {
	Key string
	Row Row
}

// ReadFile reads a HARDMath JSON file, keeping the keys in numeric order
// (they are decimal strings in the released files) and reporting rows that
// are exact duplicates of an earlier one.
func ReadFile(path string) ([]KeyedRow, []bench.Warning, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return ParseRows(data, path)
}

// ParseRows parses the bytes of a HARDMath JSON file named where. Rows that
// are exact duplicates of an earlier row (HARDMath-mini has 58) are kept,
// each an item of its own as in the paper's 366, and reported in one
// summary warning.
func ParseRows(data []byte, where string) ([]KeyedRow, []bench.Warning, error) {
	rows, dups, err := parseRows(data, where)
	if err != nil || len(dups) == 0 {
		return rows, nil, err
	}
	return rows, []bench.Warning{DuplicateSummary(where, dups)}, nil
}

// Duplicate is a row that repeats an earlier row exactly.
type Duplicate struct {
	Key   string `json:"key"`
	First string `json:"first"` // the earlier row's key
}

// DuplicateSummary is the one warning that reports a file's duplicate rows.
func DuplicateSummary(where string, dups []Duplicate) bench.Warning {
	var ex []string
	for i, d := range dups {
		if i == 3 {
			ex = append(ex, "...")
			break
		}
		ex = append(ex, "row "+d.Key+" = row "+d.First)
	}
	return bench.Warning{Where: where, Message: fmt.Sprintf("%d rows are exact duplicates of earlier rows (%s); they are kept, each graded as its own item ('matheval data check hardmath --verbose' lists them)", len(dups), strings.Join(ex, ", "))}
}

// ReadRowsWithDuplicates reads a HARDMath JSON file and lists its
// duplicate rows.
func ReadRowsWithDuplicates(path string) ([]KeyedRow, []Duplicate, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return parseRows(data, path)
}

func parseRows(data []byte, where string) ([]KeyedRow, []Duplicate, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, nil, fmt.Errorf("%s: not a HARDMath JSON object keyed by problem id: %v", where, err)
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, ea := strconv.Atoi(keys[i])
		b, eb := strconv.Atoi(keys[j])
		if ea == nil && eb == nil {
			return a < b
		}
		return keys[i] < keys[j]
	})
	var rows []KeyedRow
	var dups []Duplicate
	seen := map[string]string{}
	for _, k := range keys {
		var r Row
		dec := json.NewDecoder(bytes.NewReader(raw[k]))
		if err := dec.Decode(&r); err != nil {
			return nil, nil, fmt.Errorf("%s: row %q: %v", where, k, err)
		}
		var canon bytes.Buffer
		if err := json.Compact(&canon, raw[k]); err == nil {
			if first, ok := seen[canon.String()]; ok {
				dups = append(dups, Duplicate{Key: k, First: first})
			} else {
				seen[canon.String()] = k
			}
		}
		rows = append(rows, KeyedRow{k, r})
	}
	return rows, dups, nil
}

// Type returns the row's normalised question type; untyped rows are
// classified from their question text.
func (r Row) Type() string {
	t := ""
	if r.QuestionType != nil {
		t = *r.QuestionType
	}
	switch t {
	case "nondimentionalization_numeric", "nondimensionalization_numerical":
		return TypeNondimNumeric
	case "":
		q := r.Question
		switch {
		case strings.Contains(q, "\\int"):
			return TypeIntegral
		case strings.Contains(q, "Nondimensionalize") && r.AnswerType == "float":
			return TypeNondimNumeric
		case strings.Contains(q, "Nondimensionalize"):
			return TypeNondimSymbolic
		case strings.Contains(q, "roots"):
			return TypeRoots
		case strings.Contains(q, "y'''") || strings.Contains(q, "differential"):
			return TypeODE
		}
	}
	return t
}

// Subtype distinguishes the two integral families: "laplace" for
// I(x) = \int g(t) e^{-x f(t)} dt, "traditional" for 1/(epsilon + P(x)).
func (r Row) Subtype() string {
	if r.Type() != TypeIntegral {
		return ""
	}
	if strings.Contains(r.Question, "\\epsilon") {
		return "traditional"
	}
	return "laplace"
}

// resolveFile turns a Load path into a data file: a folder means its
// HARDMath_mini.json.
func resolveFile(path string) (string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	if st.IsDir() {
		p := filepath.Join(path, "HARDMath_mini.json")
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("%s: folder has no HARDMath_mini.json (give a file path)", path)
		}
		return p, nil
	}
	return path, nil
}

// idPrefix names the released files in item ids.
func idPrefix(path string) string {
	base := strings.ToLower(filepath.Base(path))
	switch {
	case strings.Contains(base, "mini"):
		return "mini"
	case strings.Contains(base, "word"):
		return "word"
	case strings.Contains(base, "shot"):
		return "shot"
	}
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// parseRowsInFileOrder parses a HARDMath JSON object keeping its keys in
// file order (the paper takes "the first n" few-shot examples in that order).
func parseRowsInFileOrder(data []byte, where string) ([]KeyedRow, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	t, err := dec.Token()
	if err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("%s: not a JSON object", where)
	}
	var rows []KeyedRow
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		key, _ := kt.(string)
		var r Row
		if err := dec.Decode(&r); err != nil {
			return nil, fmt.Errorf("%s: row %q: %v", where, key, err)
		}
		rows = append(rows, KeyedRow{key, r})
	}
	return rows, nil
}
