package answer

import (
	"regexp"
	"slices"
	"strings"

	"github.com/matheval/matheval/latex"
	"github.com/matheval/matheval/texscan"
)

// compoundQuantity reports whether s holds words between two numbers, as in
// "2 hours 30 minutes", "5 feet 3 inches", "3 apples in 4 boxes" or
// "2 \text{ kg } 3": a compound quantity or a sentence, never one value. The
// engine drops unit words around a value, so such a text, read as a formula,
// would become the product of its numbers (2 hours 30 minutes = 60); the
// policies make it unparsable instead. Connectives ("and", "or", "to")
// between numbers are a list or a range, and math words ("pi", "mod",
// "choose") belong to the formula; neither makes a compound. It returns the
// first word found between numbers.
func compoundQuantity(s string) (string, bool) {
	afterNum := false // a number was read, and only words since
	word := ""        // the first non-connective word since that number
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case isDigit(c):
			if afterNum && word != "" {
				return word, true
			}
			for i < len(s) && (isDigit(s[i]) || ((s[i] == '.' || s[i] == ',') && i+1 < len(s) && isDigit(s[i+1]))) {
				i++
			}
			afterNum, word = true, ""
		case c == '\\':
			name, j := commandAt(s, i)
			i = j
			if name == "" {
				continue // \, \; \! \  and other one-byte commands: spacing
			}
			if textCommands[name] && openAt(s, i) {
				k := matchBrace(s, i)
				if k < 0 {
					return "", false
				}
				for _, w := range strings.FieldsFunc(s[i+1:k], func(r rune) bool { return r < 'A' || (r > 'Z' && r < 'a') || r > 'z' }) {
					if afterNum && word == "" && !compoundExempt[asciiLower(w)] {
						word = w
					}
				}
				i = k + 1
				continue
			}
			if !spacingCommands[name] {
				afterNum, word = false, ""
			}
		case isLetter(c):
			j := i
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			w := s[i:j]
			i = j
			if len(w) < 2 {
				afterNum, word = false, "" // a variable: part of a formula
				continue
			}
			if afterNum && word == "" && !compoundExempt[asciiLower(w)] {
				word = w
			}
		case c == ' ' || c == '\t' || c == '.' || c == '$' || c == '~':
			i++
		default:
			// An operator, a bracket (a formula), or a list separator
			// ("35 cm, 4" is a list of two quantities).
			afterNum, word = false, ""
			i++
		}
	}
	return "", false
}

var textCommands = map[string]bool{"text": true, "mbox": true, "mathrm": true, "textbf": true, "textit": true,
	"textnormal": true, "textrm": true, "mathit": true}

var spacingCommands = map[string]bool{"quad": true, "qquad": true, "enspace": true, "thinspace": true}

// compoundExempt are the words that may stand between numbers.
var compoundExempt = map[string]bool{"and": true, "or": true, "to": true, "pi": true, "mod": true, "choose": true,
	"over": true, "times": true, "divided": true, "by": true, "plus": true, "minus": true, "e": true}

// qualifierBefore are the words that, right before a number, change what it
// means: "not 9", "at least 9", "more than 9", "up to 9".
var qualifierBefore = []string{"not", "no", "never", "least", "most", "than", "up to", "over", "under", "below",
	"above", "except", "besides", "minus", "negative"}

// hedgeBefore are the words that make the number after them an estimate
// ("about 9", "roughly 9"). An answer statement with them was already
// refused; the last number of a plain reply is too (plainNumber). MATH 401's replies are decimals compared within a
// tolerance, where "about 160.57" is the answer: its number rules do not
// read these words.
var hedgeBefore = []string{"about", "approximately", "approx", "roughly", "nearly", "almost", "around", "circa",
	"estimated", "≈", "~", "maybe", "perhaps", "possibly", "probably", "vielleicht", "quizás", "quizá", "quizas",
	"peut-être", "forse", "talvez", "wahrscheinlich", "probablemente", "probablement"}

// hedged reports whether the word right before start is a hedge.
func hedged(s string, start int) bool {
	b := strings.Fields(qualifierSpaces.Replace(asciiLower(s[max(0, start-40):start])))
	n := len(b)
	return n > 0 && slices.Contains(hedgeBefore, strings.Trim(b[n-1], ",;:"))
}

// boundWord reports whether last, the last of the words b before a value,
// bounds or qualifies it (qualifierBefore, or "up to").
func boundWord(b []string, last string) bool {
	if n := len(b); n > 1 && last == "to" && b[n-2] == "up" {
		return true
	}
	return slices.Contains(qualifierBefore, last)
}

// qualifierSpaces turns the markup around qualifier words into spaces.
var qualifierSpaces = strings.NewReplacer(`\text{`, " ", "{", " ", "}", " ", "$", " ", `\(`, " ", `\)`, " ")

// negations deny a value in the few words before it, in the languages of
// Latin script (other scripts are caught as foreign text).
var negations = map[string]bool{"not": true, "no": true, "never": true, "non": true, "nicht": true, "kein": true,
	"keine": true, "pas": true, "não": true, "nao": true, "niet": true, "nie": true, "isn't": true, "isnt": true,
	"aren't": true, "wasn't": true, "n'est": true}

// qualifierAfter are the words that, right after a number, do the same: "9
// or more", "9 at most".
var qualifierAfter = []string{"or more", "or less", "or fewer", "or greater", "or above", "or below", "at most",
	"at least", "or so", "plus"}

// changedAfter matches the words that, right after a number, change its
// value (a scale, an operation, a time of day) or disown it (a verdict):
// "9 thousand", "9 squared", "9 p.m.", "9 (wrong)", "2 fifteenths" (every
// ordinal fraction from the eleventh to the ninetieth, as latex's
// qualifier words list them), "5 grand".
var changedWords = regexp.MustCompile(`^\s*[(\[]?(❌|✗|✘|👎|(?i:thousands?|millions?|billions?|trillions?|quadrillions?|hundreds?|dozens?|myriads?|googols?|bn|squared|cubed|doubled|tripled|halved|thrice|tenfold|hundredfold|halves|thirds|fourths|fifths|sixths|sevenths|eighths|ninths|tenths|elevenths|twelfths|twentieths|hundredths|thousandths|millionths|billionths|permille|gross|wrong|incorrect|falsch|faux|fausse|incorrecto|incorrecta|errado|errada|sbagliato|excluded|rejected|extraneous|mistake|too\s+(?:large|small|big|high|low)|fails|contradiction|invalid|discarded|lakhs?|crores?|fivefold|quadrupled|sixteenths|(?:eleven|twelf|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twentie|thirtie|fortie|fiftie|sixtie|seventie|eightie|ninetie|million|billion|trillion)ths?|grand|negated|opposite|quintillions?|sextillions?|[ap]\.\s?m\.?|[ap]m)\b)`)

// operandBefore and operandAfter match words that make the number an
// operand of something said in words: "square root of 5", "log 5", "5
// times 7", "5 choose 2", "between 1 and 5", "5 factorial", "3 and a half"
// ("5 times" alone counts repetitions: an ASDiv unit).
var (
	operandBefore = regexp.MustCompile(`(?i:\b(?:(?:root|roots|log|logarithm|ln|sin|sine|cos|cosine|tan|tangent|sqrt|exp|half|square|cube|reciprocal|inverse|factorial)(?:\s+of)?|twice|thrice|times|divided\s+by|multiplied\s+by|over|choose|power|between\s+\S+\s+and|minus|plus)\s*(?:\\?\$|€|£)?\s*$)`)
	operandAfter  = regexp.MustCompile(`^(?i:\s*(?:factorial|!|and\s+a\s+(?:half|third|quarter)|to\s+the\s+power|divided|choose|plus|minus|over\b))`)
)

// changedAfter matches a word right after a value that changes it
// (changedWords), behind the opening of a text group that may hold it
// (\text{ thousand}), read as texscan tokens. It returns the submatches
// of changedWords, or nil.
func changedAfter(s string) []string {
	sc := texscan.NewScanner(s, 0)
	t, ok := sc.Next()
	for ok && (t.Kind == texscan.Space || t.Kind == texscan.Newline) {
		t, ok = sc.Next()
	}
	if ok && t.Kind == texscan.Command {
		switch t.Name() {
		case "text", "mathrm", "mbox", "textrm":
			u, ok2 := sc.Next()
			for ok2 && (u.Kind == texscan.Space || u.Kind == texscan.Newline) {
				u, ok2 = sc.Next()
			}
			if ok2 && u.Kind == texscan.Open {
				return changedWords.FindStringSubmatch(s[u.End():])
			}
		}
	}
	return changedWords.FindStringSubmatch(s)
}

// qualifierWindow is how far before a number its qualifiers are looked for.
const qualifierWindow = 256

// unequalWords are the phrases saying the number after them is not the
// value ("instead of 9"); unequalBefore reads the signs on tokens.
var unequalWords = regexp.MustCompile(`(?i:\b(?:instead\s+of|rather\s+than|as\s+opposed\s+to|in\s+place\s+of))$`)

// unequalBefore reports whether pre ends in a sign saying the number after
// it is not the value: "x \not= 9", "x \neq 9", "x \ne 9", "x ≠ 9", "x != 9",
// "instead of 9", with the TeX that may open the value between them ($,
// \boxed, {).
func unequalBefore(pre string) bool {
	toks, u := trimValueOpeners(pre, "")
	if len(toks) == 0 {
		return false
	}
	t := toks[len(toks)-1]
	switch {
	case t.Kind == texscan.Command && (t.Text == `\neq` || t.Text == `\ne`),
		t.Kind == texscan.Char && t.Text == "≠":
		return true
	case t.Kind == texscan.Punct && t.Text == "=":
		k := len(toks) - 2
		for k >= 0 && toks[k].Kind == texscan.Space {
			k--
		}
		if k >= 0 && (toks[k].Kind == texscan.Command && toks[k].Text == `\not` || toks[k].Kind == texscan.Punct && toks[k].Text == "!" && k == len(toks)-2) {
			return true
		}
	}
	return unequalWords.MatchString(u)
}

// trimValueOpeners reads pre as texscan tokens and drops, from its end,
// what may open a value written after it: spaces, line breaks, $ and $$,
// \( and \[, {, \boxed and \fbox, and the punctuation in punct. It returns
// the tokens left and the text they cover.
func trimValueOpeners(pre, punct string) ([]texscan.Token, string) {
	toks, err := texscan.Tokens(pre, texscan.Limits{})
	if err != nil {
		return nil, pre
	}
	k := len(toks)
	for ; k > 0; k-- {
		t := toks[k-1]
		switch {
		case t.Kind == texscan.Space || t.Kind == texscan.Newline || t.Kind == texscan.MathShift ||
			t.Kind == texscan.MathOpen || t.Kind == texscan.Open:
		case t.Kind == texscan.Command && (t.Text == `\boxed` || t.Text == `\fbox`):
		case t.Kind == texscan.Punct && punct != "" && strings.Contains(punct, t.Text):
		default:
			return toks[:k], pre[:t.End()]
		}
	}
	return nil, ""
}

// qualifiedNumber reports whether the number at s[start:end] is qualified
// by the words around it (within its sentence), or sits among words of
// another language ("不是 54", "\text{не }9"): taking the number alone would
// drop what the reply says about it.
func qualifiedNumber(s string, start, end int) bool {
	// The patterns before the number end at it ("…$"): they run on a
	// window, so that a long reply is not read from its start for each
	// number (a 14 MB reply took 39 s).
	pre := s[max(0, start-qualifierWindow):start]
	if changedAfter(s[end:]) != nil || unequalBefore(pre) || questionAnsweredNo(s[end:]) || deniedAfter.MatchString(s[end:min(len(s), end+40)]) ||
		operandBefore.MatchString(pre) || operandAfter.MatchString(s[end:]) && !(end < len(s) && s[end] == '!' && exclamation(s, end)) {
		return true // "9 thousand", "9 a.m.", "9 (wrong)"; "x \not= 9"
	}
	lo := start - 40
	if lo < 0 {
		lo = 0
	}
	before := s[lo:start]
	if k := strings.LastIndexAny(before, ".!?\n"); k >= 0 && k+1 < len(before) && (before[k] != '.' || k+1 < len(before) && before[k+1] == ' ') {
		before = before[k+1:]
	}
	hi := end + 30
	if hi > len(s) {
		hi = len(s)
	}
	after := s[end:hi]
	if k := strings.IndexAny(after, ".!?\n"); k >= 0 {
		after = after[:k]
	}
	if hasForeignText(before) || hasForeignText(after) {
		return true
	}
	before = strings.TrimRight(strings.TrimSuffix(strings.TrimRight(before, " "), unicodeMinus), " -+") // "than -0.5"
	b := strings.Fields(qualifierSpaces.Replace(asciiLower(before)))
	for k := len(b) - 1; k >= 0 && k >= len(b)-3; k-- {
		if strings.ContainsAny(b[k], "0123456789") {
			break // "not 10 it's 1,000.99": the negation has its own number
		}
		if negations[strings.Trim(b[k], ",;:")] {
			if strings.HasSuffix(b[k], ",") || k+1 < len(b) && (b[k+1] == "—" || b[k+1] == "–" || b[k+1] == "-") {
				break // "No, it's 9", "no — it's 9": an interjection, not a negation
			}
			return true // "no es 15", "not quite 15", "n'est pas 15"
		}
	}
	if n := len(b); n > 0 && boundWord(b, b[n-1]) {
		return true
	}
	if foreignBound(before, after).words != "" {
		return true // "mindestens 34", "au moins 7", "не меньше 5"
	}
	a := strings.Join(strings.Fields(qualifierSpaces.Replace(asciiLower(after))), " ")
	for _, q := range qualifierAfter {
		if strings.HasPrefix(a, q) && (len(a) == len(q) || !isLetter(a[len(q)])) {
			return true
		}
	}
	return false
}

// deniedAfter matches a verdict against the value right after it: "12 is
// not the right answer", "12 cannot be right", "12 n'est pas la bonne
// réponse", "12 ist falsch", "12 no es correcto".
var deniedAfter = regexp.MustCompile(`^\s*(?i:is\s+not\b|isn't\b|is\s+wrong|is\s+incorrect|cannot\s+be\b|can't\s+be\b|can\s+not\s+be\b|was\s+not\b|wasn't\b|n'est\s+pas|ist\s+nicht|ist\s+falsch|no\s+es\b|non\s+è|não\s+é)`)

// questionAnsweredNo reports whether the text after a value ends its
// sentence with a question mark and goes on with "No": "Is the answer
// $\boxed{2}$? No."
func questionAnsweredNo(rest string) bool {
	k := strings.IndexAny(rest, ".!?\n")
	if k < 0 || rest[k] != '?' {
		return false
	}
	after := asciiLower(strings.TrimLeft(rest[k+1:], " *\t\n"))
	for _, w := range []string{"nope", "definitely not", "of course not", "certainly not", "not quite", "no way"} {
		if strings.HasPrefix(after, w) {
			return true
		}
	}
	if !strings.HasPrefix(after, "no") {
		return false
	}
	return len(after) == 2 || strings.ContainsRune(".,! ", rune(after[2]))
}

// bound is the bound words around a value ("at least", "or more", "не
// меньше", "以上"): the words, whether they stand after the value, and
// whether they are of another language. The zero bound is none.
type bound struct {
	words          string
	after, foreign bool
}

// write writes a value with its bound where the bound stands ("at least
// 12", "12 or more"), so that the number readers of every policy see the
// bound where they look for it.
func (b bound) write(v string) string {
	if b.after {
		return v + " " + b.words
	}
	return b.words + " " + v
}

// boundAround returns the bound around the formula body[start:end]: an
// English one right before it ("at least", "up to", "over", "more than"),
// one of qualifierAfter right after it ("or more"), or one of another
// language next to it (foreignBound).
func boundAround(body string, start, end int) bound {
	before := strings.TrimRight(body[max(0, start-40):start], " *_$")
	after := strings.TrimLeft(body[end:min(len(body), end+40)], " *_$")
	if k := strings.LastIndexAny(before, ".!?\n"); k >= 0 {
		before = before[k+1:]
	}
	// the English bounds right before it: "at least", "at most", "up
	// to", "over", "under", "below", "above", and a comparative with
	// "than" ("more than", "no fewer than"); "least" alone is an adjective
	// ("the least common denominator: $x^2-9$")
	w := strings.Fields(strings.Trim(asciiLower(before), " ,;:"))
	if n := len(w); n > 0 {
		last := strings.Trim(w[n-1], ",;:")
		prev := ""
		if n > 1 {
			prev = w[n-2]
		}
		switch {
		case (last == "least" || last == "most") && prev == "at":
			return bound{words: "at " + last}
		case last == "to" && prev == "up":
			return bound{words: "up to"}
		case last == "over" || last == "under" || last == "below" || last == "above" || last == "exceeds" || last == "exceed":
			return bound{words: last}
		case last == "of" && (prev == "minimum" || prev == "maximum" || prev == "upwards") && n > 2 && (w[n-3] == "a" || prev == "upwards"):
			return bound{words: prev + " of"} // "a minimum of $12$", "upwards of $12$"
		case last == "than":
			switch prev {
			case "more", "less", "fewer", "greater", "larger", "smaller", "higher", "lower", "bigger":
				return bound{words: prev + " than"}
			}
		case last == "to" && prev == "equal" && n > 3 && w[n-3] == "or":
			return bound{words: "or equal to"} // "bigger than or equal to $12$"
		}
	}
	a := asciiLower(after)
	for _, q := range qualifierAfter {
		if strings.HasPrefix(a, q) && (len(a) == len(q) || !isLetter(a[len(q)])) {
			return bound{words: q, after: true}
		}
	}
	return foreignBound(before, after)
}

// foreignBound returns the bound of another language that ends before or
// starts after ("mindestens", "不少于", "以上"), or none.
func foreignBound(before, after string) bound {
	lb := strings.ToLower(strings.TrimRight(before, " *_$"))
	for _, q := range foreignBoundsBefore {
		if strings.HasSuffix(lb, q) || strings.HasSuffix(strings.TrimSuffix(lb, "是"), q) || strings.HasSuffix(strings.TrimSuffix(lb, "为"), q) ||
			strings.HasSuffix(strings.TrimSuffix(lb, "là"), q) {
			return bound{words: q, foreign: true}
		}
	}
	la := strings.ToLower(strings.TrimLeft(after, " *_$"))
	for _, q := range foreignBoundsAfter {
		if strings.HasPrefix(la, q) {
			return bound{words: q, after: true, foreign: true}
		}
	}
	return bound{}
}

// endsSentence reports whether a bound around the formula that ends at
// end ends its sentence: it stands after the value ("$89$ or more"), or
// nothing but punctuation follows the value ("at least $12$.").
func (b bound) endsSentence(body string, end int) bool {
	if b.after {
		return true
	}
	rest := strings.TrimLeft(body[end:min(len(body), end+60)], " *_$")
	for _, r := range rest {
		switch r {
		case '.', '!', '。', '！', '\n', ' ', ')', '*':
			continue
		}
		return false
	}
	return true
}

// foreignBoundsBefore and foreignBoundsAfter are the words of other
// languages that make a value a bound ("at least", "at most", "more
// than", "less than"), before it and after it. The nouns "minimum" and
// "maximum" of a value's name are not among them ("最小值是 $12$" states the
// value); "как минимум", "au minimum" and "최소" before a value are bounds.
var (
	foreignBoundsBefore = []string{"至少", "最多", "最少", "不少于", "不多于", "不超过", "超过", "多于", "少于", "大于", "小于",
		"少なくとも", "最低でも", "적어도", "최소", "최대", "не меньше", "не больше", "не менее", "не более", "больше", "меньше",
		"более", "менее", "по крайней мере", "щонайменше", "щонайбільше", "не менше", "більше", "менше", "mindestens",
		"höchstens", "größer als", "kleiner als", "weniger als", "mehr als", "wenigstens", "au moins", "au plus",
		"plus de", "moins de", "supérieur à", "supérieure à", "inférieur à", "inférieure à", "al menos", "como máximo",
		"como mínimo", "mayor que", "menor que", "más de", "menos de", "pelo menos", "no mínimo", "no máximo",
		"mais de", "almeno", "al massimo", "al minimo", "maggiore di", "minore di", "più di", "meno di", "en az",
		"en fazla", "ít nhất", "nhiều nhất", "tối thiểu", "tối đa", "paling sedikit", "setidaknya", "paling banyak",
		"minimal", "maksimal", "कम से कम", "अधिक से अधिक", "على الأقل", "على الأكثر", "как минимум", "как максимум",
		"минимум", "максимум", "por lo menos", "au minimum", "au maximum", "ít nhất là", "nhiều nhất là", "minstens",
		"ten minste", "co najmniej", "co najwyżej", "minst", "högst", "mindst", "højst", "alespoň", "nejvýše",
		"τουλάχιστον", "το πολύ", "angalau", "vähintään", "enintään", "legalább", "legfeljebb", "cel puțin", "cel mult",
		"najmanje", "najviše", "en az", "wenigstens", "maior que", "menor que", "almeno pari a", "lebih dari", "kurang dari",
		"meer dan", "minder dan", "więcej niż", "mniej niż", "mer än", "mindre än", "bounded below by", "bounded above by",
		"at least equal to", "at most equal to"}
	foreignBoundsAfter = []string{"以上", "以下", "未満", "或以上", "或更多", "이상", "미만", "이하", "초과", "より大きい", "より小さい",
		"を超える", "を超え", "보다 크", "보다 작", "보다 많", "보다 적", "or higher", "or lower", "or larger", "or smaller", "or bigger",
		"and up", "and above", "and over"}
)

// A numeral's base said in words after it: "$25$ in base $6$", "1011
// (base 2)", "11 in binary". The base belongs to the numeral: 11 in base 2
// is three, and the 6 of "in base 6" is no answer of its own.
var baseAfterWords = regexp.MustCompile(`^(?i:[ \t]*\(?[ \t]*(?:(?:in|to)[ \t]+)?base[ \t]*-?[ \t]*(?:\$|\\\()?[ \t]*(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen)[ \t]*(?:\$|\\\))?[ \t]*\)?|[ \t]*\(?[ \t]*in[ \t]+(binary|octal|hexadecimal|hex)\b[ \t]*\)?)`)

// pastClosers returns where the text after a value that ends at end goes
// on, past its closing delimiters read as texscan tokens (\) \] } $ $$),
// markdown's **, spaces and tabs; len(s) when nothing follows.
func pastClosers(s string, end int) int {
	sc := texscan.NewScanner(s, end)
	for {
		t, ok := sc.Next()
		if !ok {
			return len(s)
		}
		switch {
		case t.Kind == texscan.MathClose || t.Kind == texscan.Close || t.Kind == texscan.MathShift:
			continue
		case t.Kind == texscan.Space && strings.Trim(t.Text, " \t") == "":
			continue
		case t.Kind == texscan.Punct && t.Text == "*":
			if u, ok := sc.Peek(); ok && u.Kind == texscan.Punct && u.Text == "*" {
				sc.Next()
				continue
			}
		}
		return t.Pos
	}
}

// baseAfter returns the base said right after a numeral that ends at end
// (past its closing delimiters), read by the parser's rule for base
// subscripts (latex.BaseOf), and where the words saying it end.
func baseAfter(s string, end int) (base, wordsEnd int, ok bool) {
	k := pastClosers(s, end)
	m := baseAfterWords.FindStringSubmatchIndex(s[k:])
	if m == nil {
		return 0, 0, false
	}
	var w string
	if m[2] >= 0 {
		w = s[k+m[2] : k+m[3]]
	} else {
		w = s[k+m[4] : k+m[5]]
	}
	b, ok := latex.BaseOf(w)
	if !ok {
		return 0, 0, false
	}
	return b, k + m[1], true
}

// baseTail returns where a base said at the end of s starts ("… is 25 in
// base 6."), or len(s): the plain tier reads the numeral before it.
func baseTail(s string) int {
	t := strings.TrimRight(s, " \t\r\n.!*")
	lo := max(0, len(t)-48)
	for i := lo; i < len(t); i++ {
		if c := t[i]; c != ' ' && c != '\t' && c != '(' {
			continue
		}
		if _, e, ok := baseAfter(t, i); ok && e == len(t) && numeralBefore(t[:i]) {
			return i
		}
	}
	return len(s)
}

// numeralBefore reports whether s ends on a numeral (isNumeral) of its
// own, past the delimiters that may close it ("25", "$25$", "\boxed{1F}",
// "**1011**"): "Express your answer in base 6" says no numeral's base, and
// neither does "Express $413_5 \div 2_5$ in base 5" nor "Convert
// $852_{9}$ to base 10" (the digits end a subscript: the numeral has its
// base).
func numeralBefore(s string) bool {
	s = strings.TrimRight(s, " \t($*}")
	k := len(s)
	for k > 0 && (isDigit(s[k-1]) || s[k-1] >= 'A' && s[k-1] <= 'Z') {
		k--
	}
	if !isNumeral(s[k:]) {
		return false
	}
	if k == 0 {
		return true
	}
	switch s[k-1] {
	case ' ', '\t', '$', '(', '*':
		return true
	case '{':
		return k < 2 || s[k-2] != '_' && s[k-2] != '^'
	}
	return false
}

// isNumeral reports whether s is a numeral with no base of its own: digits,
// or digits and capital letters (152A), nothing else.
func isNumeral(s string) bool {
	digit := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'A' && c <= 'Z':
		default:
			return false
		}
	}
	return digit
}

// resultWords, between an earlier value of a sentence and its last one,
// say the last is what the sentence arrives at ("so he has 3 left", "5
// boxes of 4 make 20", "half of 10 is 5").
var resultWords = []string{"=", " so ", "total", " gives", " giving", " make", " made", " leaves", " leaving", " is ", " are ",
	" was ", " were ", " be ", "equal", "therefore", " thus", " hence", " get", " got", "obtain", "remain", " left", "result",
	"answer", "i.e.", "that is", "in all", "altogether", " becomes", " became", " has ", " have ", " had ", "comes to",
	"amounts to", " sum", " product", "difference", "quotient", "average", " need", " cost", " pay", " paid", " earn", " spen",
	" save", " sold", " bought", " bring", "takes", " took", " yields", " now ", " then ",
	"it's", "that's", "there's", "here's", " it is", " we have", " gives us",
	"≈", `\approx`, `\simeq`, "→", "⇒", `\to `, `\rightarrow`, `\implies`, `\Rightarrow`, "=>", "->"}

// saysResult reports whether the words between two values of a sentence
// hold a result word (resultWords): the later value is what it arrives at.
func saysResult(between string) bool {
	for _, w := range resultWords {
		if strings.Contains(between, w) {
			return true
		}
	}
	return false
}
