package answer

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/matheval/matheval/latex"
	"github.com/matheval/matheval/texscan"
)

// A reply may write a value only to turn it down: "The answer is not
// $\boxed{2}$", "we get $3$ instead of $2$", "Is the answer $\boxed{2}$?
// No." Such a value is never the reply's answer, whatever tier it is in.

// deniedSignBefore reports whether pre ends in \neq, \ne or \not= (read
// as texscan tokens), then the filler words deniedBefore allows after a
// sign and an optional ":" or "(": the TeX signs of deniedBefore.
func deniedSignBefore(pre string) bool {
	toks, err := texscan.Tokens(pre, texscan.Limits{})
	if err != nil {
		return false
	}
	k := len(toks)
	skipSpace := func() {
		for k > 0 && toks[k-1].Kind == texscan.Space {
			k--
		}
	}
	skipSpace()
	if k > 0 && toks[k-1].Kind == texscan.Punct && (toks[k-1].Text == ":" || toks[k-1].Text == "(") {
		k--
		skipSpace()
	}
	for k > 1 && toks[k-1].Kind == texscan.Word && deniedFillers[toks[k-1].Text] && toks[k-2].Kind == texscan.Space {
		k--
		skipSpace()
	}
	if k == 0 {
		return false
	}
	t := toks[k-1]
	if t.Kind == texscan.Command && (t.Text == `\neq` || t.Text == `\ne`) {
		return true
	}
	if t.Kind == texscan.Punct && t.Text == "=" {
		k--
		skipSpace()
		return k > 0 && toks[k-1].Kind == texscan.Command && toks[k-1].Text == `\not`
	}
	return false
}

// deniedFillers are the words deniedBefore allows between a sign and the
// value.
var deniedFillers = map[string]bool{"be": true, "equal": true, "equals": true, "the": true, "a": true, "an": true,
	"value": true, "answer": true, "number": true, "result": true, "of": true, "to": true, "exactly": true,
	"actually": true, "really": true, "simply": true, "quite": true, "just": true, "possibly": true,
	"necessarily": true, "expected": true, "likely": true}

// deniedBefore matches the words just before a value that turn it down.
var deniedBefore = regexp.MustCompile(`(?:\bnot|n't|\bcannot(?:\s+be)?|\bnever|\brather\s+than|\binstead\s+of|\bas\s+opposed\s+to|\bin\s+place\s+of|≠)(?:\s+(?:be|equal|equals|the|a|an|value|answer|number|result|of|to|exactly|actually|really|simply|quite|just|possibly|necessarily|expected|likely))*\s*[:(]?$`)

// valueOpeners are the markup a value may start with after the words
// before it: math delimiters, a box, bold.
var valueOpeners = []string{"$", `\boxed{`, `\fbox{`, `\(`, `\[`, "**", "*", "{"}

// denied reports whether the candidate at pos in reply is turned down by
// the words before it in its sentence, or sits in a question that the
// reply answers "No".
func denied(reply string, c Candidate) bool {
	lo := c.Pos - 60
	if lo < 0 {
		lo = 0
	}
	pre := reply[lo:c.Pos]
	if k := strings.LastIndexAny(pre, ".!?\n"); k >= 0 {
		pre = pre[k+1:]
	}
	pre = asciiLower(pre)
	for {
		t := strings.TrimRight(pre, " \t")
		for _, o := range valueOpeners {
			t = strings.TrimSuffix(t, o)
		}
		if t == pre {
			break
		}
		pre = t
	}
	if deniedBefore.MatchString(pre) || deniedSignBefore(pre) {
		return true
	}
	return questionAnsweredNo(reply[c.End:])
}

// dropDenied removes the candidates that the reply turns down (the words
// before a candidate are read in the whole reply, r.full).
func dropDenied(found []Candidate, r *reply) []Candidate {
	reply := r.full
	out := found[:0]
	for _, c := range found {
		if !denied(reply, c) && !(c.Kind == KindMath && qualifiedBefore(reply, c.Pos)) {
			out = append(out, c)
		}
	}
	return out
}

// qualifiedBefore reports whether the words right before a formula at pos
// bound its value ("at least $5$", "more than $5$", "up to $5$"): the
// formula is then no answer, as a plain number after them is not. Hedges
// ("approximately $28.27$") are not read here: a formula after them is a
// decimal the policy's rounding rule judges, and HARDMath's answers are
// approximations by nature.
func qualifiedBefore(reply string, pos int) bool {
	pre := reply[max(0, pos-40):pos]
	if k := strings.LastIndexAny(pre, "!?\n"); k >= 0 {
		pre = pre[k+1:]
	}
	b := strings.Fields(qualifierSpaces.Replace(asciiLower(pre)))
	n := len(b)
	return n > 0 && boundWord(b, strings.Trim(b[n-1], ",;:"))
}

// valueWordAfter returns the word right after a candidate, past its closing
// delimiters, that changes its value: "$5$ hundred", "\boxed{5} squared",
// "$\boxed{5}$ (wrong)". The candidate is graded with it.
func valueWordAfter(reply string, end int) string {
	k := pastClosers(reply, end)
	if k == len(reply) {
		return ""
	}
	if m := changedAfter(reply[k:]); m != nil {
		return m[1]
	}
	return ""
}

// verdictWord matches the value words that disown a value ("(wrong)"):
// the only ones read after a box, whose content is otherwise the answer
// ("$\boxed{2.2}$ million tons" answers 2.2 in millions).
var verdictWord = regexp.MustCompile(`(?i)^(?:wrong|incorrect|excluded|rejected|extraneous|mistake|invalid|false|discarded|fails|contradiction|too\s|❌|✗|✘|👎)`)

// continuedOp matches an operator or connective right after a closing
// dollar, before another formula (continuedMath).
var continuedOp = regexp.MustCompile(`^\s*(\(?\s*or|or|to|over|plus|minus|times|remainder|[/+\-–—×*^±])\s*\$`)

// continuedMath reads an operator or connective at the start of s (right
// after a closing dollar) and the $...$ formula after it, of 80
// characters at most: the answer's statement goes on. It returns the
// operator and the formula.
func continuedMath(s string) (op, formula string, ok bool) {
	m := continuedOp.FindStringSubmatchIndex(s)
	if m == nil {
		return "", "", false
	}
	g, ok := texscan.SegmentAt(s, m[1]-1)
	if !ok || g.Display || s[g.Start] != '$' || g.CE == g.CS || utf8.RuneCountInString(s[g.CS:g.CE]) > 80 {
		return "", "", false
	}
	return s[m[2]:m[3]], s[g.CS:g.CE], true
}

// unitWordAfter reads the unit written right after a candidate that ends
// at end: past the closing of its math or box and markdown bold, then
// spaces, a unit text the table reads whole (kPa, m/s, cm^2, °C, km per
// hour is not: one token only). A one-letter symbol and the symbols that
// are also words (in, min, pt, cd) count only where they end the sentence
// ("5 m.", not "5 m long" or "5 in total"), and so does ha (hectare, or a
// laugh); am, pm, as, at and dam (atto-, pico- and deca- readings of words)
// never count.
func unitWordAfter(reply string, end int, kind CandidateKind) (string, bool) {
	i := end
	closed := kind == KindNumber // a plain number has no math to close; else one $ or $$ only
	for i < len(reply) {
		if !closed {
			// the candidate may end before the spaces of "$ 1/3 $"
			j := i
			for j < len(reply) && (reply[j] == ' ' || reply[j] == '\t') {
				j++
			}
			if j < len(reply) && reply[j] == '$' {
				i = j
			}
		}
		switch {
		case strings.HasPrefix(reply[i:], `\)`) || strings.HasPrefix(reply[i:], `\]`) || strings.HasPrefix(reply[i:], "**"):
			i += 2
			continue
		case reply[i] == '}':
			i++
			continue
		case reply[i] == '$' && !closed:
			closed = true
			i++
			if i < len(reply) && reply[i] == '$' {
				i++
			}
			continue
		}
		break
	}
	// a unit group right after the value, spacing aside ("\boxed{5}\text{
	// J}", "$5$\,\mathrm{kPa}"): the unit, when the table reads it
	if u, ok := unitGroupAfter(reply, i); ok {
		return u, true
	}
	// the unit's tokens: words, unit signs, / and ^ with its digits, in up
	// to four runs one space apart ("miles per hour", "square feet"); the
	// longest that the unit table reads whole is the unit
	sc := texscan.NewScanner(reply, i)
	j := -1
	var ends []int // the end of each run
	for len(ends) < 4 {
		t, ok := sc.Next()
		if !ok {
			break
		}
		if t.Kind == texscan.Space {
			if j < 0 {
				continue
			}
			if t.Text != " " || len(ends) == 0 || ends[len(ends)-1] != t.Pos {
				break
			}
			continue
		}
		unitTok := t.Kind == texscan.Word || t.Kind == texscan.Char && strings.Contains("°℃℉²³·µμΩ¢£¥₹€′″", t.Text) ||
			t.Kind == texscan.Punct && (t.Text == "/" || t.Text == "^") ||
			t.Kind == texscan.Number && t.Pos > 0 && reply[t.Pos-1] == '^' ||
			// "US$", or a plain number's "5 $." (at a sentence's end only,
			// below); after math or a box a dollar is another delimiter
			t.Kind == texscan.MathShift && t.Text == "$"
		if !unitTok {
			break
		}
		newRun := len(ends) == 0 || ends[len(ends)-1] != t.Pos
		if t.Kind == texscan.MathShift && newRun {
			// a dollar of its own: only a plain number's whole unit
			if len(ends) == 0 && kind == KindNumber {
				j = t.Pos
				ends = append(ends, t.End())
			}
			break
		}
		if j < 0 {
			j = t.Pos
		}
		if n := len(ends); n > 0 && ends[n-1] == t.Pos {
			ends[n-1] = t.End() // the run goes on
		} else {
			ends = append(ends, t.End())
		}
	}
	if j < 0 {
		return "", false
	}
	tok, k := "", 0
	for n := len(ends); n > 0; n-- {
		c := strings.TrimRight(reply[j:ends[n-1]], "/^·")
		if _, _, ok := parseUnit(c); ok && c != "" {
			tok, k = c, j+len(c)
			break
		}
	}
	if tok == "" {
		// a count noun that ends the sentence ("5 apples.", "\boxed{5}
		// marbles"): the answer's unit by its text, never dropped, so that
		// 5 apples is not the gold 5 oranges
		if n := nounAfter(reply, j, ends); n != "" {
			return n, true
		}
		return "", false
	}
	if unitNeverWords[tok] {
		// not the table's unit; at a sentence's end still the answer's
		// word, compared by its text ("18 dam." is not 18 cm)
		if n := nounAfter(reply, j, ends); n != "" {
			return n, true
		}
		return "", false
	}
	if k < len(reply) && reply[k] >= '0' && reply[k] <= '9' {
		return "", false // "5 m3": not a unit read whole
	}
	if utf8.RuneCountInString(tok) == 1 || strings.Contains(tok, "$") || unitSentenceEndWords[tok] {
		rest := strings.TrimLeft(reply[k:], "*$)")
		if rest != "" && !(strings.IndexAny(rest[:1], ".,;!?\n") == 0 &&
			(len(rest) == 1 || strings.IndexAny(rest[1:2], " \t\n*$") == 0)) {
			return "", false
		}
	}
	return tok, true
}

// nounAfter returns the one word at reply[j:ends[0]] when it ends its
// sentence (a full stop, comma, semicolon, ! or ?, then a space or the
// end; or the end of the reply) and is no English word that follows a
// number without naming what it counts (nounNever); "" otherwise. The word
// is a lower-case one of at least three letters ("apples"), or a symbol
// of two to six ASCII letters the unit table does not know ("7 pc", "15
// Torr", "6 mAh", "1 Gb"): a unit by its text, which only the same text
// matches, so that 7 pc is never the gold's 7 m by dropping what was not
// read.
func nounAfter(reply string, j int, ends []int) string {
	if j < 0 || len(ends) == 0 {
		return ""
	}
	w := reply[j:ends[0]]
	if len(w) < 2 || nounNever[asciiLower(w)] || latex.QualifierText(w, "") {
		return ""
	}
	lower := true
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= 'a' && c <= 'z':
		case c >= 'A' && c <= 'Z':
			lower = false
		default:
			return ""
		}
	}
	if lower && len(w) < 3 && shortWords[w] || !lower && len(w) > 6 {
		return ""
	}
	rest := strings.TrimLeft(reply[ends[0]:], "*$)")
	if rest != "" && !(strings.IndexAny(rest[:1], ".,;!?") == 0 && (len(rest) == 1 || strings.IndexAny(rest[1:2], " \t\n*$") == 0)) {
		return ""
	}
	if rest != "" && rest[0] == '.' && len(w) <= 4 {
		// an abbreviation that goes on ("1800 sq. ft."): a lower-case
		// word after its full stop continues the unit, which is not read
		next := strings.TrimLeft(rest[1:], " \t*$")
		if next != "" && next[0] >= 'a' && next[0] <= 'z' {
			return ""
		}
	}
	return w
}

// nounNever are the words after a number that name nothing it counts
// ("5 times", "5 more", "5 each", "5 total"), or turn from it ("$7$ wait,
// no"): never read as its unit.
var nounNever = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`times more less fewer each total left then too also only now here there again instead
		exactly overall altogether respectively apart away back before after later ago and but the for with from into
		onto per than that this which what when where since because thus hence therefore inclusive exclusive
		approximately about roughly combined together remaining extra off short over under all both either neither
		times twice squared cubed ones tens hundred hundreds thousand thousands million millions billion billions
		dozen dozens percent his her its our their your you they them she him has have had are was were will can
		yes not none some any such so very just still yet wait hmm hmmm actually oops whoops sorry no nope well ok okay
		hold ugh right wrong correct incorrect or`) {
		m[w] = true
	}
	return m
}()

// shortWords are the two-letter English words that may end a sentence
// after a number ("5 is.", "pick 5 or"), and the ordinal suffixes ("3rd."):
// never a unit symbol of their own.
var shortWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`am pm as at is to of on by or if it be we so me my up an in no do go he us ok hi oh ah eh
		um uh ya ye yo lo ie eg vs th st nd rd`) {
		m[w] = true
	}
	return m
}()

// unitGroupAfter reads a \text-like group (latex.UnitGroupCommand) at
// reply[i:], after spaces and spacing commands, that reads as a unit (the
// table's, count nouns, "units"): its inner text, spacing trimmed.
func unitGroupAfter(reply string, i int) (string, bool) {
	sc := texscan.NewScanner(reply, i)
	for {
		t, ok := sc.Next()
		if !ok || t.Pos-i > 64 {
			return "", false
		}
		switch {
		case t.Kind == texscan.Space || t.Kind == texscan.Punct && t.Text == "~" || t.Kind == texscan.Command && spacingCmds[t.Text[1:]]:
			continue
		case t.Kind == texscan.Command && (latex.UnitGroupCommand(t.Text[1:]) || t.Text == `\operatorname`):
			j := t.End()
			for j < len(reply) && reply[j] == ' ' {
				j++
			}
			g, err := texscan.Match(reply, j, texscan.Braces, texscan.Limits{})
			if j >= len(reply) || reply[j] != '{' || err != nil {
				return "", false
			}
			u := trimSpacing(reply[g.Inner:g.InnerEnd])
			if _, _, ok := parseUnit(u); ok && u != "" {
				return u, true // a unit of the table, whatever it is written in (kΩ, ¢, min)
			}
			if u == "" || !isUnitText(u) {
				return "", false
			}
			if ru := readUnit(u); !ru.known && !ru.nouns && !ru.generic {
				return "", false
			}
			return u, true
		}
		return "", false
	}
}

// hasUnitText reports whether a candidate already states a unit or text.
func hasUnitText(s string) bool {
	return strings.Contains(s, `\text`) || strings.Contains(s, `\mathrm`) || strings.Contains(s, `\mbox`)
}

// attachValueWords adds to each candidate the word after it that changes
// its value, as a \text group ("$5$ hundred" is 5\text{ hundred}, 500).
// The words after a candidate are read in the whole reply, r.full.
func attachValueWords(found []Candidate, r *reply) {
	reply := r.full
	for i := range found {
		if found[i].Kind != KindBoxed && found[i].End < len(reply) && reply[found[i].End] == '$' {
			// "$5$/$2$", "$5$ + $2$", "$5$ (or $6$)", "$5$–$6$": the
			// statement goes on past the closing dollar, and is read whole
			if op, formula, ok := continuedMath(reply[found[i].End+1:]); ok {
				op = strings.TrimSpace(strings.TrimPrefix(op, "("))
				switch op {
				case "–", "—":
					op = "-"
				case "×":
					op = `\times`
				case "over":
					op = "/"
				}
				found[i].Text = found[i].Text + " " + op + " " + strings.TrimSpace(formula)
				found[i].Items = nil
				continue
			}
		}
		if b, _, ok := baseAfter(reply, found[i].End); ok && isNumeral(strings.TrimSpace(found[i].Text)) {
			// "$11$ in base $2$" is 11_2, three
			found[i].Text = strings.TrimSpace(found[i].Text) + "_{" + strconv.Itoa(b) + "}"
			found[i].Items = nil
			continue
		}
		w := valueWordAfter(reply, found[i].End)
		if w == "" {
			// a unit right after the value is the answer's unit ("$5$ kPa",
			// "5 Pa.", "\boxed{5} MHz"): dropped, the gold's unit against
			// a bare candidate would be accepted, and 5 kPa would be 5 Pa
			if u, ok := unitWordAfter(reply, found[i].End, found[i].Kind); ok && !hasUnitText(found[i].Text) && !amountNoun(found[i].Text, u) {
				found[i].Text += `\text{ ` + u + `}`
				// a run's unit is each item's ("$\boxed{15\frac{39}{40}}$ or
				// $\boxed{\frac{639}{40}}$ inches"): the items stay apart
				for j := range found[i].Items {
					found[i].Items[j] += `\text{ ` + u + `}`
				}
			}
			continue
		}
		if w == "" || strings.Contains(asciiLower(found[i].Text), asciiLower(w)) {
			continue
		}
		boxed := found[i].Kind == KindBoxed || found[i].End < len(reply) && reply[found[i].End] == '}'
		if boxed && !verdictWord.MatchString(w) {
			continue
		}
		if strings.ContainsAny(w, "❌✗✘👎") {
			w = "(wrong)" // a cross mark is a verdict
		}
		if t := asciiLower(strings.ReplaceAll(w, " ", "")); t == "a.m" || t == "p.m" || t == "am" || t == "pm" {
			w = t[:1] + ".m." // 9 a.m. as the gold writes it
		}
		found[i].Text += `\text{ ` + w + `}`
		found[i].Items = nil
	}
}

// amountNoun reports whether u, a word after an amount of money ("$2
// change.", "\$5 tip."), is a noun the unit table does not read: the
// amount's unit is its currency, and the word says what the money is.
func amountNoun(text, u string) bool {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "$") && !strings.HasPrefix(t, `\$`) {
		return false
	}
	_, _, ok := parseUnit(u)
	return !ok
}
