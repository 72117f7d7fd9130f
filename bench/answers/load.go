package answers

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
	mathbench "github.com/matheval/matheval/bench/math"
)

// The fields a definition that names none is read from, in this order: the
// names the benchmarks people run use.
var (
	problemGuesses = []string{"problem", "question", "Problem", "Question", "input", "query", "prompt"}
	answerGuesses  = []string{"answer", "Answer", "final_answer", "target", "correct", "label", "gold", "solution"}
)

// ErrField is matched (errors.Is) by the error of a definition naming a
// field the file does not have, or naming none where no usual name fits:
// the command line is wrong, not the file (exit code 2).
var ErrField = errors.New("no such field")

// fieldError is such an error; its message alone is shown.
type fieldError struct{ msg string }

func (e *fieldError) Error() string { return e.msg }
func (e *fieldError) Unwrap() error { return ErrField }

func fieldErrorf(format string, args ...any) error {
	return &fieldError{fmt.Sprintf(format, args...)}
}

// taskKeys are the task file's keys of the field flags.
var taskKeys = map[string]string{"problem-field": "problem", "answer-field": "answer", "solution-field": "solution",
	"id-field": "id", "choices-field": "choices", "unit field": "unit", "meta-fields": "meta"}

// fields is a definition resolved against one file's fields.
type fields struct {
	problem                   []problemPart
	answer, solution, id, chc string
	unit                      string
	meta                      []string
	// byIndex: the file's numeric multiple-choice answers are 0-based
	// indices of the choices (MMLU's ClassLabel), not choices' values.
	byIndex bool
}

// resolve checks the definition's fields against the file's and fills in
// the guessed ones. A field no record has is one line naming the file's
// fields.
func (t *Task) resolve(path string, recs []record) (fields, error) {
	have := fieldNames(recs)
	has := map[string]bool{}
	for _, h := range have {
		has[h] = true
	}
	missing := func(flag, name string) error {
		if !t.strict { // a task file's key
			flag = "fields." + taskKeys[flag]
		}
		return fieldErrorf("%s: no field %q (%s; the file's fields: %s)", path, name, flag, strings.Join(have, ", "))
	}
	guess := func(flag string, guesses []string) (string, error) {
		for _, g := range guesses {
			if has[g] {
				return g, nil
			}
		}
		return "", fieldErrorf("%s: no %s field found (tried %s): name it with --%s (the file's fields: %s)",
			path, strings.TrimSuffix(flag, "-field"), strings.Join(guesses, ", "), flag, strings.Join(have, ", "))
	}
	var f fields
	var err error
	f.problem, _ = parseTemplate(t.Fields.Problem)
	if len(f.problem) == 0 {
		g, err := guess("problem-field", problemGuesses)
		if err != nil {
			return f, err
		}
		f.problem = []problemPart{{text: g, field: true}}
	}
	for _, name := range templateFields(f.problem) {
		if !has[name] {
			return f, missing("problem-field", name)
		}
	}
	if f.answer = t.Fields.Answer; f.answer == "" {
		if f.answer, err = guess("answer-field", answerGuesses); err != nil {
			return f, err
		}
	}
	named := []struct {
		flag string
		val  string
		dst  *string
	}{
		{"answer-field", f.answer, &f.answer}, {"solution-field", t.Fields.Solution, &f.solution},
		{"id-field", t.Fields.ID, &f.id}, {"choices-field", t.Fields.Choices, &f.chc}, {"unit field", t.Fields.Unit, &f.unit},
	}
	// A field given on the command line must exist; a preset's optional
	// fields (an id, a solution, a unit, breakdowns) may be absent from
	// another release of its data, and are then left out. Choices never are.
	optional := func(flag string) bool {
		return !t.strict && flag != "answer-field" && flag != "choices-field"
	}
	for _, n := range named {
		if n.val != "" && !has[n.val] {
			if optional(n.flag) {
				continue
			}
			return f, missing(n.flag, n.val)
		}
		*n.dst = n.val
	}
	for _, m := range t.Fields.Meta {
		if !has[m] {
			if optional("meta-fields") {
				continue
			}
			return f, missing("meta-fields", m)
		}
		f.meta = append(f.meta, m)
	}
	return f, nil
}

// items turns records into items.
func (t *Task) items(path string, recs []record) ([]bench.Item, error) {
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: no records", path)
	}
	f, err := t.resolve(path, recs)
	if err != nil {
		return nil, err
	}
	if f.chc != "" {
		if f.byIndex, err = answersByIndex(f, recs); err != nil {
			return nil, err
		}
	}
	items := make([]bench.Item, 0, len(recs))
	seen := map[string]string{} // id -> where
	for i, r := range recs {
		it, err := t.item(f, r)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", r.where, err)
		}
		if f.id == "" && r.key != "" {
			it.ID = r.key
		} else if f.id == "" {
			it.ID = strconv.Itoa(i)
		} else if prev, dup := seen[it.ID]; dup {
			return nil, fmt.Errorf("%s: id %q again (first at %s): choose a unique --id-field", r.where, it.ID, prev)
		}
		seen[it.ID] = r.where
		items = append(items, it)
	}
	return items, nil
}

// item reads one record.
func (t *Task) item(f fields, r record) (bench.Item, error) {
	var it bench.Item
	get := func(name string) (string, bool, error) {
		v, ok := r.fields[name]
		s, ok, err := text(v, ok)
		if err != nil {
			return "", false, fmt.Errorf("field %q: %v", name, err)
		}
		return s, ok, nil
	}
	var b strings.Builder
	for _, p := range f.problem {
		if !p.field {
			b.WriteString(p.text)
			continue
		}
		s, ok, err := get(p.text)
		if err != nil {
			return it, err
		}
		if !ok {
			return it, fmt.Errorf("no %q in this record (its fields: %s)", p.text, strings.Join(recordFields(r), ", "))
		}
		b.WriteString(strings.TrimSpace(s))
	}
	it.Problem = strings.TrimSpace(b.String())
	if it.Problem == "" {
		return it, fmt.Errorf("the problem is empty")
	}
	raw, ok := r.fields[f.answer]
	if !ok || raw == nil {
		return it, fmt.Errorf("no %q in this record (its fields: %s)", f.answer, strings.Join(recordFields(r), ", "))
	}
	gold, sol, err := t.gold(raw)
	if err != nil {
		return it, fmt.Errorf("field %q: %v", f.answer, err)
	}
	it.Answer, it.Solution = gold, sol
	if f.solution != "" {
		s, _, err := get(f.solution)
		if err != nil {
			return it, err
		}
		it.Solution = strings.TrimSpace(s)
	}
	if f.id != "" {
		id, ok, err := get(f.id)
		if err != nil {
			return it, err
		}
		if !ok || strings.TrimSpace(id) == "" {
			return it, fmt.Errorf("no %q (the id field) in this record", f.id)
		}
		it.ID = strings.TrimSpace(id)
	}
	for _, m := range f.meta {
		s, ok, err := get(m)
		if err != nil {
			return it, err
		}
		if ok {
			if it.Meta == nil {
				it.Meta = map[string]string{}
			}
			it.Meta[m] = strings.TrimSpace(s)
		}
	}
	if f.unit != "" {
		if s, ok, err := get(f.unit); err != nil {
			return it, err
		} else if ok && strings.TrimSpace(s) != "" {
			it.Extra = map[string]any{"unit": strings.TrimSpace(s)}
		}
	}
	if f.chc != "" {
		choices, err := readChoices(r.fields[f.chc])
		if err != nil {
			return it, fmt.Errorf("field %q: %v", f.chc, err)
		}
		var letter string
		if n, ok := raw.(json.Number); ok && f.byIndex {
			i, err := strconv.Atoi(n.String())
			if err != nil || i < 0 || i >= len(choices) {
				return it, fmt.Errorf("field %q: choice index %s: want 0..%d", f.answer, n, len(choices)-1)
			}
			letter = letters[i : i+1]
		} else if letter, err = choiceLetter(it.Answer, choices); err != nil {
			return it, fmt.Errorf("field %q: %v", f.answer, err)
		}
		it.Answer = letter
		if it.Extra == nil {
			it.Extra = map[string]any{}
		}
		it.Extra["choices"] = choices
	}
	if t.Fields.Integer {
		if err := t.checkInteger(it.Answer); err != nil {
			return it, fmt.Errorf("field %q: %v", f.answer, err)
		}
	}
	return it, nil
}

func recordFields(r record) []string { return fieldNames([]record{r}) }

// gold reads the gold answer from the answer field's value, and the
// reference solution where the field holds one (GSM8K's text before
// "####", Minerva's boxed solution).
func (t *Task) gold(v any) (gold, solution string, err error) {
	if l, ok := v.([]any); ok { // several answers
		var parts []string
		for _, e := range l {
			s, ok, err := text(e, true)
			if err != nil {
				return "", "", err
			}
			if s = stripMath(s); ok && s != "" {
				parts = append(parts, s)
			}
		}
		if len(parts) == 0 {
			return "", "", fmt.Errorf("an empty list of answers")
		}
		return strings.Join(parts, ", "), "", nil
	}
	s, _, err := text(v, true)
	if err != nil {
		return "", "", err
	}
	after, boxed := t.Fields.AnswerAfter, t.Fields.AnswerBoxed
	if after == "" && !boxed { // a worked solution given as the answer
		switch {
		case strings.Contains(s, "\n####"):
			after = "####"
		case strings.Contains(s, `\boxed`) || strings.Contains(s, `\fbox`):
			boxed = true
		}
	}
	switch {
	case after != "":
		i := strings.LastIndex(s, after)
		if i < 0 {
			return "", "", fmt.Errorf("no %q before the answer in %q", after, clip(s))
		}
		gold, solution = strings.TrimSpace(s[i+len(after):]), strings.TrimSpace(s[:i])
	case boxed:
		c, _, ok := mathbench.LastBoxed(s)
		if !ok {
			return "", "", fmt.Errorf("no \\boxed{} answer in %q", clip(s))
		}
		gold, solution = c, strings.TrimSpace(s)
	default:
		gold = stripMath(s)
	}
	if gold == "" {
		return "", "", fmt.Errorf("the answer is empty")
	}
	return gold, solution, nil
}

// stripMath drops the delimiters of an answer written as one math segment
// ("$10-4 n$", "\(x\)"); an answer with text around its math keeps them.
func stripMath(s string) string {
	s = strings.TrimSpace(s)
	for _, d := range [][2]string{{"$$", "$$"}, {"$", "$"}, {`\(`, `\)`}, {`\[`, `\]`}} {
		if len(s) >= len(d[0])+len(d[1]) && strings.HasPrefix(s, d[0]) && strings.HasSuffix(s, d[1]) {
			inner := s[len(d[0]) : len(s)-len(d[1])]
			if !strings.Contains(strings.ReplaceAll(inner, `\$`, ""), "$") && !strings.Contains(inner, d[1]) {
				return strings.TrimSpace(inner)
			}
		}
	}
	return s
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// checkInteger refuses a gold that is not an integer in the task's range.
func (t *Task) checkInteger(gold string) error {
	n, ok := new(big.Int).SetString(strings.TrimSpace(gold), 10)
	if !ok {
		return fmt.Errorf("gold %q is not an integer (%s answers are integers)", gold, t.display())
	}
	if len(t.Fields.Range) == 2 && (n.Cmp(big.NewInt(int64(t.Fields.Range[0]))) < 0 || n.Cmp(big.NewInt(int64(t.Fields.Range[1]))) > 0) {
		return fmt.Errorf("gold %s is outside %d..%d", gold, t.Fields.Range[0], t.Fields.Range[1])
	}
	return nil
}

// Multiple choice.

// letters are the choice letters, in order.
const letters = "ABCDEFGHIJ"

// choicePrefix is a letter marker at the start of a listed choice: "A)",
// "(A)", "A.", "A:".
var choicePrefix = regexp.MustCompile(`^\(?([A-Ja-j])\s*[).:]\s*`)

// readChoices reads a choices field: a list (each optionally starting with
// its letter) or one text "A) ... B) ...".
func readChoices(v any) ([]string, error) {
	switch x := v.(type) {
	case []any:
		var out []string
		for i, e := range x {
			s, _, err := text(e, true)
			if err != nil {
				return nil, err
			}
			s = strings.TrimSpace(s)
			m := choicePrefix.FindStringSubmatch(s)
			if m != nil && m[1] != strings.ToUpper(m[1]) && m[1] != strings.ToLower(letters[i:i+1]) {
				m = nil // "i.e. ...": a lower-case letter out of place is the choice's text
			}
			if m != nil {
				if strings.ToUpper(m[1]) != letters[i:i+1] {
					return nil, fmt.Errorf("choice %d is marked %s, want %c", i+1, m[1], letters[i])
				}
				s = strings.TrimSpace(s[len(m[0]):])
			}
			out = append(out, s)
		}
		if len(out) < 2 || len(out) > len(letters) {
			return nil, fmt.Errorf("want 2 to %d choices, got %d", len(letters), len(out))
		}
		return out, nil
	case string:
		return splitChoices(x)
	case nil:
		return nil, fmt.Errorf("no choices")
	}
	return nil, fmt.Errorf("want a list of choices or a text \"A) ... B) ...\", got %s", kindOf(v))
}

// splitChoices splits "A) x B) y C) z" (or "(A) x (B) y") at the letters,
// which must come in order, each at the start or after a space.
func splitChoices(s string) ([]string, error) {
	if l, ok := pythonList(s); ok { // MathQA: "['a ) 60', 'b ) 90', ...]"
		items := make([]any, len(l))
		for i, e := range l {
			items[i] = e
		}
		return readChoices(items)
	}
	type mark struct{ start, end int }
	var marks []mark
	// The letters all upper case or all lower case (MathQA's "a ) 12 , b ) 14").
	for _, ls := range []string{letters, strings.ToLower(letters)} {
		marks = marks[:0]
		pos := 0
		for i := 0; i < len(ls); i++ {
			re := regexp.MustCompile(`(?:^|\s)\(?` + ls[i:i+1] + `\s*[).:]`)
			loc := re.FindStringIndex(s[pos:])
			if loc == nil {
				break
			}
			marks = append(marks, mark{pos + loc[0], pos + loc[1]})
			pos += loc[1]
		}
		if len(marks) >= 2 {
			break
		}
	}
	if len(marks) < 2 {
		return nil, fmt.Errorf("choices %q: want \"A) ... B) ...\"", clip(s))
	}
	if strings.TrimSpace(s[:marks[0].start]) != "" {
		return nil, fmt.Errorf("choices %q: text before A)", clip(s))
	}
	out := make([]string, len(marks))
	for i, m := range marks {
		end := len(s)
		if i+1 < len(marks) {
			end = marks[i+1].start
		}
		c := strings.TrimSpace(s[m.end:end])
		if i+1 < len(marks) { // the separator before the next letter: "a ) 12 , b ) 14"
			c = strings.TrimSpace(strings.TrimRight(c, ",;"))
		}
		out[i] = c
	}
	return out, nil
}

// pythonList reads a list of strings written as Python prints one,
// "['x', 'y']" (as some MathQA rows hold their options).
func pythonList(s string) ([]string, bool) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "['") || !strings.HasSuffix(s, "']") {
		return nil, false
	}
	parts := strings.Split(s[2:len(s)-2], "', '")
	for _, p := range parts {
		if strings.Contains(p, "'") {
			return nil, false // a quote inside an element: not this simple shape
		}
	}
	return parts, true
}

// answersByIndex decides, for the whole file, what a multiple-choice
// answer that is a number (not a string) means: a 0-based index of the
// choices, as MMLU (a ClassLabel) ships it, or a choice's value. The
// reading that fits every such record wins; where both fit every record
// and they differ on one, the file is refused rather than guessed.
func answersByIndex(f fields, recs []record) (bool, error) {
	numeric, asIndex, asValue := 0, true, true
	differ := ""
	for _, r := range recs {
		n, ok := r.fields[f.answer].(json.Number)
		if !ok {
			continue
		}
		choices, err := readChoices(r.fields[f.chc])
		if err != nil {
			continue // the record's own error comes when it is read
		}
		numeric++
		i, err := strconv.Atoi(n.String())
		idx := err == nil && i >= 0 && i < len(choices)
		val, err := choiceLetter(n.String(), choices)
		asIndex = asIndex && idx
		asValue = asValue && err == nil
		if idx && err == nil && val != letters[i:i+1] && differ == "" {
			differ = r.where
		}
	}
	if numeric > 0 && asIndex && asValue && differ != "" {
		return false, fmt.Errorf("%s: the numeric answers of %q read both as 0-based choice indices and as choices' values, and the two differ: write the answer as a letter or as the choice's text", differ, f.answer)
	}
	return numeric > 0 && asIndex && !asValue, nil
}

// choiceLetter reads a multiple-choice gold: a letter ("A", "(A)", "A)")
// or the text of one choice.
func choiceLetter(gold string, choices []string) (string, error) {
	g := strings.TrimSpace(gold)
	l := strings.Trim(g, "()[]. :")
	if len(l) == 1 && strings.Contains(letters[:len(choices)], strings.ToUpper(l)) {
		return strings.ToUpper(l), nil
	}
	for i, c := range choices {
		if c == g || stripMath(c) == stripMath(g) {
			return letters[i : i+1], nil
		}
	}
	return "", fmt.Errorf("answer %q is neither a choice letter (A-%c) nor the text of a choice", clip(g), letters[len(choices)-1])
}
