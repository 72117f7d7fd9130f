package math

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
	"github.com/matheval/matheval/jsonl"
)

// Subjects are MATH's seven subjects (their folder names), in the paper's order.
var Subjects = []string{"prealgebra", "algebra", "number_theory", "counting_and_probability", "geometry",
	"intermediate_algebra", "precalculus"}

// SubjectTitles are the subjects' display names as the dataset writes them.
var SubjectTitles = map[string]string{
	"prealgebra": "Prealgebra", "algebra": "Algebra", "number_theory": "Number Theory",
	"counting_and_probability": "Counting & Probability", "geometry": "Geometry",
	"intermediate_algebra": "Intermediate Algebra", "precalculus": "Precalculus",
}

// SubjectSlug turns "Counting & Probability" into "counting_and_probability".
func SubjectSlug(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.ReplaceAll(s, "&", "and")
	return strings.Join(strings.Fields(s), "_")
}

// record is one problem in any of the forms the loader reads.
type record struct {
	Problem  string
	Solution string
	Answer   string // the answer field, when the form has one
	Level    string // "Level 3", "3" or 3 as text
	Subject  string // "type" or "subject"
	UniqueID string
	// where it came from, for ids and messages
	Split string
	Num   string // file number in the original layout
	Where string // file or file:line
}

// jsonRecord decodes the usual JSON forms; level may be a string or a number.
type jsonRecord struct {
	Problem  *string         `json:"problem"`
	Solution string          `json:"solution"`
	Answer   json.RawMessage `json:"answer"`
	Level    json.RawMessage `json:"level"`
	Type     string          `json:"type"`
	Subject  string          `json:"subject"`
	UniqueID string          `json:"unique_id"`
}

func rawText(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw) // a number
}

func (j jsonRecord) record(where string) (record, error) {
	if j.Problem == nil || strings.TrimSpace(*j.Problem) == "" {
		return record{}, fmt.Errorf("%s: no \"problem\"", where)
	}
	subj := j.Subject
	if subj == "" {
		subj = j.Type
	}
	return record{Problem: *j.Problem, Solution: j.Solution, Answer: strings.TrimSpace(rawText(j.Answer)),
		Level: rawText(j.Level), Subject: subj, UniqueID: j.UniqueID, Where: where}, nil
}

// loader collects records and warnings.
type loader struct {
	recs  []record
	warns []bench.Warning
}

// loadPath reads path in whichever layout it has: the original tree
// (MATH/{train,test}/<subject>/<n>.json), one split folder, one subject
// folder, a single problem file, JSON Lines, a JSON array, or Parquet.
func (l *loader) loadPath(path, split string) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return l.loadFile(path, split)
	}
	splits := []string{}
	for _, s := range []string{"test", "train"} {
		if isDir(filepath.Join(path, s)) {
			splits = append(splits, s)
		}
	}
	if len(splits) > 0 { // the whole tree
		found := false
		for _, s := range splits {
			if split != "" && s != split {
				continue
			}
			found = true
			if err := l.loadSplitDir(filepath.Join(path, s), s); err != nil {
				return err
			}
		}
		if !found {
			return fmt.Errorf("%s: no split %q (have %s)", path, split, strings.Join(splits, ", "))
		}
		return nil
	}
	base := filepath.Base(filepath.Clean(path))
	if hasJSONFiles(path) { // one subject folder
		s := filepath.Base(filepath.Dir(filepath.Clean(path)))
		return l.loadSubjectDir(path, s, base)
	}
	return l.loadSplitDir(path, base)
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func hasJSONFiles(dir string) bool {
	m, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	return len(m) > 0
}

func (l *loader) loadSplitDir(dir, split string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	n := 0
	for _, e := range ents { // ReadDir sorts by name
		if e.IsDir() {
			n++
			if err := l.loadSubjectDir(filepath.Join(dir, e.Name()), split, e.Name()); err != nil {
				return err
			}
		}
	}
	if n == 0 {
		return fmt.Errorf("%s: no subject folders and no problem files", dir)
	}
	return nil
}

// loadSubjectDir reads <n>.json files, in numeric order of n.
func (l *loader) loadSubjectDir(dir, split, subject string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return err
	}
	num := func(p string) int {
		n, err := strconv.Atoi(strings.TrimSuffix(filepath.Base(p), ".json"))
		if err != nil {
			return -1
		}
		return n
	}
	sort.SliceStable(files, func(i, j int) bool {
		a, b := num(files[i]), num(files[j])
		if a != b {
			return a < b
		}
		return files[i] < files[j]
	})
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		var j jsonRecord
		if err := json.Unmarshal(data, &j); err != nil {
			return fmt.Errorf("%s: %v", f, err)
		}
		r, err := j.record(f)
		if err != nil {
			return err
		}
		r.Split = split
		r.Num = strings.TrimSuffix(filepath.Base(f), ".json")
		if r.Subject == "" {
			r.Subject = subject
		}
		l.recs = append(l.recs, r)
	}
	return nil
}

func (l *loader) loadFile(path, split string) error {
	if strings.HasSuffix(strings.ToLower(path), ".parquet") {
		return l.loadParquet(path, split)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	fileSplit := splitFromName(path)
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) > 0 && trimmed[0] == '[' { // a JSON array
		var arr []jsonRecord
		if err := json.Unmarshal(trimmed, &arr); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		for i, j := range arr {
			r, err := j.record(fmt.Sprintf("%s[%d]", path, i))
			if err != nil {
				return err
			}
			r.Split = fileSplit
			r.Num = "row" + strconv.Itoa(i)
			l.recs = append(l.recs, r)
		}
		return nil
	}
	if strings.HasSuffix(path, ".json") && !bytes.Contains(trimmed, []byte("\n{")) {
		// one problem file of the original layout
		var j jsonRecord
		if err := json.Unmarshal(trimmed, &j); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		r, err := j.record(path)
		if err != nil {
			return err
		}
		r.Split = filepath.Base(filepath.Dir(filepath.Dir(path)))
		r.Num = strings.TrimSuffix(filepath.Base(path), ".json")
		if r.Subject == "" {
			r.Subject = filepath.Base(filepath.Dir(path))
		}
		l.recs = append(l.recs, r)
		return nil
	}
	return jsonl.Each(bytes.NewReader(data), path, func(line int, j jsonRecord) error {
		where := fmt.Sprintf("%s:%d", path, line)
		r, err := j.record(where)
		if err != nil {
			return err
		}
		r.Split = fileSplit
		r.Num = "line" + strconv.Itoa(line)
		l.recs = append(l.recs, r)
		return nil
	})
}

// splitFromName guesses a file's split from its name ("test.jsonl",
// "train-00000-of-00001.parquet"); "data" when the name says neither.
func splitFromName(path string) string {
	b := strings.ToLower(filepath.Base(path))
	for _, s := range []string{"test", "train", "validation"} {
		if strings.HasPrefix(b, s) {
			return s
		}
	}
	return "data"
}

// items turns records into items: canonical ids, gold answers, levels and
// subjects, with warnings for odd records.
func (l *loader) items() ([]bench.Item, error) {
	out := make([]bench.Item, 0, len(l.recs))
	seen := map[string]string{}
	for _, r := range l.recs {
		subject := SubjectSlug(r.Subject)
		if subject == "" {
			return nil, fmt.Errorf("%s: no subject (\"type\" or \"subject\")", r.Where)
		}
		level := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(r.Level), "Level"))
		if _, err := strconv.Atoi(level); err != nil {
			l.warns = append(l.warns, bench.Warning{Where: r.Where, Message: fmt.Sprintf("level %q is not a number 1-5: kept as %q", r.Level, orQ(level))})
			level = orQ(level)
		}
		boxed, odd, hasBox := LastBoxed(r.Solution)
		if odd {
			l.warns = append(l.warns, bench.Warning{Where: r.Where, Message: fmt.Sprintf("\\boxed without braces; read as %q", boxed)})
		}
		gold := r.Answer
		switch {
		case gold != "" && hasBox && !sameAnswer(gold, boxed):
			l.warns = append(l.warns, bench.Warning{Where: r.Where, Message: fmt.Sprintf("answer field %q differs from the solution's last \\boxed{} %q; the answer field is used", gold, boxed)})
		case gold == "" && hasBox:
			gold = boxed
			if gold == "" {
				// two train problems end in an empty \boxed{}: kept (the
				// split keeps its size) but marked as having no gold
				l.warns = append(l.warns, bench.Warning{Where: r.Where, Message: "the solution's last \\boxed{} is empty: the item has no gold answer"})
			}
		case gold == "":
			return nil, fmt.Errorf("%s: no answer field and no \\boxed{} in the solution", r.Where)
		}
		id := canonicalID(r, subject)
		if prev, ok := seen[id]; ok {
			return nil, fmt.Errorf("%s: id %s already used by %s", r.Where, id, prev)
		}
		seen[id] = r.Where
		split := r.Split
		if r.UniqueID != "" {
			split, _, _ = strings.Cut(r.UniqueID, "/")
		}
		out = append(out, bench.Item{
			ID:       id,
			Problem:  r.Problem,
			Solution: r.Solution,
			Answer:   gold,
			Meta:     map[string]string{"subject": subject, "level": level, "split": split, "type": r.Subject},
		})
	}
	return out, nil
}

func orQ(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// canonicalID is "test/precalculus/807" for the original layout and for
// files that carry unique_id; otherwise the split, subject and position.
func canonicalID(r record, subject string) string {
	if r.UniqueID != "" {
		return strings.TrimSuffix(r.UniqueID, ".json")
	}
	return r.Split + "/" + subject + "/" + r.Num
}

// Load reads path and applies the options. Split selects a split of the
// whole tree, or keeps the items whose split matches in other forms.
func Load(path string, opts bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	// AMPS writes MATH's record shape: a MATH run of it is fine.
	if err := bench.RefuseOther(path, "math", "amps"); err != nil {
		return nil, nil, err
	}
	l := &loader{}
	if err := l.loadPath(path, opts.Split); err != nil {
		return nil, nil, err
	}
	items, err := l.items()
	if err != nil {
		return nil, nil, err
	}
	if len(items) == 0 {
		return nil, l.warns, fmt.Errorf("%s: no problems found", path)
	}
	if opts.Split != "" {
		var kept []bench.Item
		for _, it := range items {
			if it.Meta["split"] == opts.Split {
				kept = append(kept, it)
			}
		}
		if len(kept) == 0 {
			return nil, l.warns, fmt.Errorf("%s: no items of split %q", path, opts.Split)
		}
		items = kept
	}
	return selectItems(items, opts), l.warns, nil
}

// selectItems applies the meta filter, then a seeded sample, then the limit.
// A subject matches by name or slug, a level with or without "Level ".
func selectItems(items []bench.Item, opts bench.LoadOptions) []bench.Item {
	return bench.Select(items, opts, matchMeta, bench.PCG(0x6d617468))
}

func matchMeta(key, have, want string) bool {
	return have == want || (key == "subject" && have == SubjectSlug(want)) ||
		(key == "level" && have == strings.TrimSpace(strings.TrimPrefix(want, "Level")))
}
