package asdiv

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/jsonl"
)

// maxFileBytes bounds an input file, so a wrong path cannot exhaust memory.
const maxFileBytes = 256 << 20

// xmlProblem mirrors one <Problem> of ASDiv.xml.
type xmlProblem struct {
	ID       string `xml:"ID,attr"`
	Grade    string `xml:"Grade,attr"`
	Source   string `xml:"Source,attr"`
	Body     string `xml:"Body"`
	Question string `xml:"Question"`
	SolType  struct {
		Value string     `xml:",chardata"`
		Attrs []xml.Attr `xml:",any,attr"`
	} `xml:"Solution-Type"`
	Answer  string `xml:"Answer"`
	Formula string `xml:"Formula"`
}

// normType fixes the release's spelling slips in solution types.
func normType(t string) string {
	t = strings.TrimSpace(t)
	if strings.EqualFold(t, "Substraction") {
		return "Subtraction"
	}
	return t
}

// LoadFile reads ASDiv items from an XML release or a JSON Lines mirror,
// without folds or filters. Items come in file order.
func LoadFile(path string) ([]bench.Item, []bench.Warning, error) {
	if err := bench.RefuseOther(path, "asdiv"); err != nil {
		return nil, nil, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if st.IsDir() {
		p := filepath.Join(path, "ASDiv.xml")
		if _, err := os.Stat(p); err != nil {
			return nil, nil, fmt.Errorf("%s: a folder without ASDiv.xml", path)
		}
		path = p
		st, _ = os.Stat(p)
	}
	if st.Size() > maxFileBytes {
		return nil, nil, fmt.Errorf("%s: %d bytes, over the %d-byte limit", path, st.Size(), maxFileBytes)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n\xef\xbb\xbf")
	if bytes.HasPrefix(trimmed, []byte("<")) {
		return parseXML(path, data)
	}
	return parseJSONL(path, data)
}

func parseXML(path string, data []byte) (items []bench.Item, warns []bench.Warning, err error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	seen := map[string]bool{}
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			line, _ := dec.InputPos()
			return nil, warns, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "Problem" {
			continue
		}
		line, _ := dec.InputPos()
		var p xmlProblem
		if err := dec.DecodeElement(&p, &se); err != nil {
			return nil, warns, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		where := fmt.Sprintf("%s:%d", path, line)
		it, w, ok := makeItem(where, p.ID, p.Grade, p.Source, p.Body, p.Question, p.SolType.Value, p.Answer, p.Formula, p.SolType.Attrs)
		warns = append(warns, w...)
		if !ok {
			continue
		}
		if seen[it.ID] {
			warns = append(warns, bench.Warning{Where: where, Message: "duplicate id " + it.ID + " (kept the first)"})
			continue
		}
		seen[it.ID] = true
		items = append(items, it)
	}
	if len(items) == 0 {
		return nil, warns, fmt.Errorf("%s: no <Problem> elements", path)
	}
	return items, warns, nil
}

// clean trims and folds CRLF and runs of whitespace to single spaces.
func clean(s string) string { return strings.Join(strings.Fields(s), " ") }

func makeItem(where, id, grade, source, body, question, soltype, ans, formula string, attrs []xml.Attr) (bench.Item, []bench.Warning, bool) {
	var warns []bench.Warning
	id = strings.TrimSpace(id)
	if id == "" {
		return bench.Item{}, []bench.Warning{{Where: where, Message: "problem without an ID (skipped)"}}, false
	}
	body, question = clean(body), clean(question)
	ans = clean(ans)
	if ans == "" {
		warns = append(warns, bench.Warning{Where: id, Message: "empty answer"})
	}
	if g, err := strconv.Atoi(strings.TrimSpace(grade)); err != nil || g < 1 || g > 6 {
		warns = append(warns, bench.Warning{Where: id, Message: fmt.Sprintf("grade %q is not 1-6", grade)})
	}
	raw := strings.TrimSpace(soltype)
	typ := normType(raw)
	problem := body
	if question != "" {
		if problem != "" {
			problem += " "
		}
		problem += question
	}
	it := bench.Item{
		ID:      id,
		Problem: problem,
		Answer:  ans,
		Meta: map[string]string{
			"grade": strings.TrimSpace(grade),
			"type":  typ,
		},
		Extra: map[string]any{
			"body":     body,
			"question": question,
			"formula":  clean(formula),
		},
	}
	if source != "" {
		it.Meta["source"] = strings.TrimSpace(source)
	}
	if raw != typ {
		it.Extra["type_as_released"] = raw
	}
	var subgoals []string
	for _, a := range attrs {
		switch {
		case strings.HasPrefix(a.Name.Local, "Subgoal"):
			subgoals = append(subgoals, a.Name.Local+"="+normType(a.Value))
		case a.Name.Local == "UnitTrans":
			it.Extra["unit_trans"] = a.Value
		}
	}
	if len(subgoals) > 0 {
		sort.Strings(subgoals)
		it.Extra["subgoals"] = subgoals
	}
	return it, warns, true
}

// jsonRow is one line of a JSON Lines mirror. Mirrors differ in field names;
// the usual ones are accepted.
type jsonRow struct {
	ID           string          `json:"id"`
	ID2          string          `json:"ID"`
	Body         string          `json:"body"`
	Body2        string          `json:"Body"`
	Question     string          `json:"question"`
	Question2    string          `json:"Question"`
	Answer       json.RawMessage `json:"answer"`
	Answer2      json.RawMessage `json:"Answer"`
	Formula      string          `json:"formula"`
	Formula2     string          `json:"Formula"`
	SolutionType string          `json:"solution_type"`
	Type2        string          `json:"Solution-Type"`
	Type3        string          `json:"type"`
	Grade        json.RawMessage `json:"grade"`
	Grade2       json.RawMessage `json:"Grade"`
	Source       string          `json:"source"`
}

func first(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}

// rawText reads a JSON string or number as text.
func rawText(ms ...json.RawMessage) string {
	for _, m := range ms {
		if len(m) == 0 || string(m) == "null" {
			continue
		}
		var s string
		if json.Unmarshal(m, &s) == nil {
			return s
		}
		return strings.TrimSpace(string(m))
	}
	return ""
}

func parseJSONL(path string, data []byte) ([]bench.Item, []bench.Warning, error) {
	var items []bench.Item
	var warns []bench.Warning
	seen := map[string]bool{}
	err := jsonl.Each(bytes.NewReader(data), path, func(line int, r jsonRow) error {
		where := fmt.Sprintf("%s:%d", path, line)
		id := first(r.ID, r.ID2)
		if id == "" {
			id = fmt.Sprintf("line-%d", line)
		}
		it, w, ok := makeItem(where, id, rawText(r.Grade, r.Grade2), r.Source, first(r.Body, r.Body2),
			first(r.Question, r.Question2), first(r.SolutionType, r.Type2, r.Type3), rawText(r.Answer, r.Answer2), first(r.Formula, r.Formula2), nil)
		warns = append(warns, w...)
		if !ok {
			return nil
		}
		if seen[it.ID] {
			warns = append(warns, bench.Warning{Where: where, Message: "duplicate id " + it.ID + " (kept the first)"})
			return nil
		}
		seen[it.ID] = true
		items = append(items, it)
		return nil
	})
	if err != nil {
		return nil, warns, err
	}
	if len(items) == 0 {
		return nil, warns, fmt.Errorf("%s: no items (expected ASDiv XML or JSON Lines)", path)
	}
	return items, warns, nil
}

// Folds maps item ids to the authors' fold numbers, per split ("asdiv-a",
// "asdiv-w"), read from an nfolds folder (nfolds/<split>/fold<k>.txt).
type Folds map[string]map[string]int

// LoadFolds reads an nfolds folder. A missing folder is not an error (nil).
func LoadFolds(dir string) (Folds, error) {
	subs, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := Folds{}
	for _, sub := range subs {
		if !sub.IsDir() {
			continue
		}
		files, err := filepath.Glob(filepath.Join(dir, sub.Name(), "fold*.txt"))
		if err != nil {
			return nil, err
		}
		m := map[string]int{}
		for _, f := range files {
			k, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "fold"), ".txt"))
			if err != nil {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			for i, ln := range strings.Split(string(data), "\n") {
				id := strings.TrimSpace(ln)
				if id == "" {
					continue
				}
				if prev, dup := m[id]; dup && prev != k {
					return nil, fmt.Errorf("%s:%d: %s is already in fold %d", f, i+1, id, prev)
				}
				m[id] = k
			}
		}
		if len(m) > 0 {
			out[sub.Name()] = m
		}
	}
	return out, nil
}

// TypeFolds assigns each item to one of k folds, stratified by problem type
// and seeded: items of each type are shuffled with the seed and dealt round
// robin, so every fold has the same mix of types (±1 per type).
func TypeFolds(items []bench.Item, k int, seed int64) map[string]int {
	if k < 1 {
		k = 1
	}
	byType := map[string][]string{}
	for _, it := range items {
		byType[it.Meta["type"]] = append(byType[it.Meta["type"]], it.ID)
	}
	types := make([]string, 0, len(byType))
	for t := range byType {
		types = append(types, t)
	}
	sort.Strings(types)
	rng := rand.New(rand.NewSource(seed))
	out := map[string]int{}
	next := 0 // continue dealing across types so fold sizes stay balanced
	for _, t := range types {
		ids := append([]string(nil), byType[t]...)
		sort.Strings(ids)
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		for _, id := range ids {
			out[id] = next % k
			next++
		}
	}
	return out
}
