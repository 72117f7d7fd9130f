package answer

import (
	"github.com/matheval/matheval/latex"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/matheval/matheval/texscan"
	"github.com/matheval/matheval/texseg"
)

// scanAnchors finds the answer statements of the reply's body: the text
// after each anchor phrase, searched in the lowered body.
func scanAnchors(r *reply, ex Extraction) []Candidate {
	body, base := r.body, r.start
	max := ex.AnchorMax
	if max <= 0 {
		max = 200
	}
	lower := r.lower()
	var out []Candidate
	var lineOnly map[string]bool
	type hit struct {
		a string
		p int
	}
	var hits []hit
	add := func(a string, p int) { hits = append(hits, hit{a, p}) }
	read := func(a string, p int) {
		if p > 0 && isWordByte(lower[p-1]) && isWordByte(a[0]) {
			return
		}
		if lineOnly[a] && !atLineStart(lower, p) && !atSentenceStart(lower, p) {
			return
		}
		if a == "####" && !gsmAnswerLine(body, p+len(a)) {
			return // a markdown heading ("#### Small ε limit", "#### 1. Roots")
		}
		t := anchorText(body, p+len(a), ex.AnchorProse)
		if t.text == "" || len(t.text) > max {
			return
		}
		weak := !ex.AnchorProse && isProse(t.text) && !strings.ContainsAny(t.text, "0123456789\\$")
		out = append(out, Candidate{Text: t.text, Kind: KindAnchor, Pos: base + t.s, End: base + t.e, Weak: weak,
			Items: t.items, loose: t.loose, final: strings.Contains(a, "final"), either: t.either})
	}
	// Most anchors contain the word "answer": find its occurrences once and
	// test those anchors around each, instead of one full search per anchor.
	var keyed []string
	for _, a := range ex.Anchors {
		a = asciiLower(a)
		if strings.HasPrefix(a, "^") {
			a = a[1:]
			if lineOnly == nil {
				lineOnly = map[string]bool{}
			}
			lineOnly[a] = true
		}
		if a == "" {
			continue
		}
		if strings.Contains(a, anchorKey) {
			keyed = append(keyed, a)
			continue
		}
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], a)
			if i < 0 {
				break
			}
			add(a, from+i)
			from += i + len(a)
		}
	}
	if len(keyed) > 0 {
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], anchorKey)
			if i < 0 {
				break
			}
			p := from + i
			for _, a := range keyed {
				k := strings.Index(a, anchorKey)
				if st := p - k; st >= 0 && strings.HasPrefix(lower[st:], a) {
					add(a, st)
				}
			}
			from = p + len(anchorKey)
		}
	}
	// only the last maxAnchorHits phrases are read: a reply that states an
	// answer thousands of times is read from its end, in linear time
	if len(hits) > maxAnchorHits {
		sort.SliceStable(hits, func(i, j int) bool { return hits[i].p < hits[j].p })
		hits = hits[len(hits)-maxAnchorHits:]
	}
	for _, h := range hits {
		read(h.a, h.p)
	}
	return out
}

// hedgedAfter reports whether the clause right after an answer offers
// another value beside it ("$17$, though $18$ is also possible", "$\boxed{17}$
// or $18$", "(or possibly $-7$)", "; alternatively $18$", "or undefined"),
// and returns that clause: with it the answer statement is read whole,
// and refused, as "17 or 18" is. "Or equivalently" restates the value.
func hedgedAfter(body string, e int) (string, bool) {
	if e < 0 || e > len(body) {
		return "", false
	}
	rest := body[e:min(len(body), e+200)]
	rest = strings.TrimLeft(rest, "$}* ")
	if k := strings.IndexAny(rest, "\n"); k >= 0 {
		rest = rest[:k]
	}
	if k := strings.Index(rest, ". "); k >= 0 {
		rest = rest[:k]
	}
	low := strings.TrimLeft(asciiLower(rest), " ,;:(—–-")
	opens := false
	for _, w := range []string{"or ", "though ", "although ", "alternatively", "possibly ", "maybe ", "perhaps ", "but possibly",
		"but maybe", "unless "} {
		if strings.HasPrefix(low, w) {
			opens = true
			break
		}
	}
	if !opens {
		return "", false
	}
	for _, list := range [][]string{{"or equivalently", "or, equivalently", "or in other words", "or simply"}, qualifierAfter, foreignBoundsAfter} {
		for _, w := range list {
			if strings.HasPrefix(low, w) {
				return "", false // a restatement, or a bound (read apart, by boundAround)
			}
		}
	}
	if strings.HasPrefix(low, "or ") && !strings.HasPrefix(low, "or possibly") && !strings.HasPrefix(low, "or maybe") &&
		!strings.HasPrefix(low, "or perhaps") && !strings.ContainsAny(low, "$\\") {
		// "$\frac{1}{2}$, or 0.5": a plain number after a bare "or" restates
		// the value in another form (as it always did); a formula or a word
		// of its own is another answer
		if !strings.Contains(low, "undefined") && !strings.Contains(low, "no solution") && !strings.Contains(low, "none") &&
			!strings.Contains(low, "infinit") && !strings.Contains(low, "does not exist") {
			return "", false
		}
	}
	if strings.ContainsAny(low, "0123456789$\\") || strings.Contains(low, "undefined") || strings.Contains(low, "no solution") ||
		strings.Contains(low, "none") || strings.Contains(low, "infinit") || strings.Contains(low, "does not exist") {
		return strings.TrimSpace(rest), true
	}
	return "", false
}

// maxAnchorHits bounds the answer phrases of one reply that are read.
const maxAnchorHits = 512

const anchorKey = "answer"

// atSentenceStart reports whether s[p] opens a sentence inside a line: a
// period, "!" or "?" and a space before it, markdown emphasis aside ("Let
// us compute carefully. **Answer:** 7").
func atSentenceStart(s string, p int) bool {
	k := p - 1
	for k >= 0 && (s[k] == '*' || s[k] == '_') {
		k--
	}
	if k < 1 || s[k] != ' ' {
		return false
	}
	for k >= 0 && s[k] == ' ' {
		k--
	}
	return k >= 1 && (s[k] == '.' || s[k] == '!' || s[k] == '?') && (isLetter(s[k-1]) || isDigit(s[k-1]) || strings.IndexByte(")*$}", s[k-1]) >= 0)
}

// gsmAnswerLine reports whether the line from body[i] is GSM8K's answer
// line after its "####": one amount and nothing else ("18", "$1,250.00",
// "-3.5"), which a markdown heading of level four never is.
func gsmAnswerLine(body string, i int) bool {
	e := strings.IndexByte(body[i:], '\n')
	if e < 0 {
		e = len(body) - i
	}
	t := strings.TrimSpace(strings.TrimSuffix(body[i:i+e], "\r"))
	t = strings.TrimPrefix(strings.TrimPrefix(t, "\\"), "$")
	return amountText(strings.TrimSpace(t))
}

// anchored is the answer that follows an anchor phrase.
type anchored struct {
	s, e   int
	text   string
	either bool     // the run was opened by "either": its parts are alternatives
	items  []string // the parts of a run of boxes ("\\boxed{4} or \\boxed{5}")
	// loose: the sentence after the anchor is prose, and its value was
	// guessed from its last formula or number.
	loose bool
}

// anchorText reads the answer that follows an anchor phrase ending at i.
func anchorText(body string, i int, prose bool) anchored {
	// Skip ':' '*' '_' and spaces (markdown bold around "Answer:" and the
	// answer itself), and one line break when the anchor ends its line.
	i = skipDecor(body, i)
	if i < len(body) && (body[i] == '\n' || body[i] == '\r') {
		for i < len(body) && (body[i] == '\n' || body[i] == '\r') {
			i++
		}
		i = skipDecor(body, i)
	}
	// Quotes around the answer: "The final answer is \"$12$\"."
	for i < len(body) && (body[i] == '"' || body[i] == '`' || (body[i] == '\\' && i+1 < len(body) && body[i+1] == '"')) {
		if body[i] == '\\' {
			i++
		}
		i++
	}
	if i >= len(body) {
		return anchored{}
	}
	// "the final answer is still $18$", "is indeed 5": an adverb before
	// the value is no part of it (it was read as the product s·t·i·l·l·18)
	for _, w := range []string{"still ", "indeed ", "now ", "again ", "clearly ", "simply ", "exactly ", "just ",
		"therefore ", "thus ", "hence ", "then "} {
		if len(body)-i > len(w) && asciiLower(body[i:i+len(w)]) == w {
			if j := i + len(w); j < len(body) && (isDigit(body[j]) || body[j] == '$' || body[j] == '\\' || body[j] == '-') {
				i = j
			}
			break
		}
	}
	// "either $4$ or $5$", "both $1$ and $2$": the word opens a run.
	either := false
	for _, w := range []string{"either ", "both "} {
		if len(body)-i > len(w) && asciiLower(body[i:i+len(w)]) == w && (body[i+len(w)] == '$' || body[i+len(w)] == '\\') {
			i += len(w)
			either = w == "either "
		}
	}
	// A math segment or a box right after the anchor is the answer; a run of
	// boxes ("$\\boxed{4}$ or $\\boxed{5}$") is read whole.
	if g, ok := texseg.At(body, i); ok && bracesBalanced(body[g.CS:g.CE]) {
		// (A segment that ends inside an open group, "$\boxed{$$ x $$}$",
		// was closed by a dollar of an inner formula: read as a line.)
		e, cs, ce := g.End, g.CS, g.CE
		if _, _, ok := firstBoxContent(body[cs:ce]); ok {
			if b, ok := firstBoxRun(body[cs:], cs); ok {
				if b.Items == nil {
					// "$\boxed{2.5}\times 10^3$": the box is an operand
					// (searched from the segment's start only: a reply
					// is not read back to its start for each anchor)
					open := max(strings.LastIndex(body[cs:b.Pos], `\boxed`), strings.LastIndex(body[cs:b.Pos], `\fbox`))
					if open >= 0 {
						open += cs
						// (the one segment it may stand in is this one)
						seg := reply{full: body, end: len(body), body: body, segs: []texseg.Seg{g}, segsDone: true}
						if t, ok := embeddedBox(&seg, open, b.Pos, b.End, b.End+1); ok {
							b.Text = t
						}
					}
				}
				if h, ok := hedgedAfter(body, g.End); ok && b.Items == nil {
					// "Thus the answer is $\boxed{7}$ (or possibly $-7$)."
					return anchored{s: b.Pos, e: b.End, text: b.Text + " " + h}
				}
				return anchored{s: b.Pos, e: b.End, text: b.Text, items: b.Items, either: either}
			}
		}
		ts, te := trimSpan(body, cs, ce)
		text := body[ts:te]
		items := []string{text}
		// "$12$ and $13$": a run of segments joined by "and"/"or" is a list.
		for {
			j := nextDelimWithin(body, e, 40)
			if j >= len(body) || !listGap(body[e:j]) {
				break
			}
			g2, ok := texseg.At(body, j)
			if !ok {
				break
			}
			e2, cs2, ce2 := g2.End, g2.CS, g2.CE
			if t := strings.TrimSpace(body[cs2:ce2]); t != "" {
				text += ", " + t
				items = append(items, t)
				te = ce2
			}
			e = e2
		}
		if len(items) == 1 {
			items = nil
			if b := boundAround(body, ts, te); b.words != "" {
				// "The answer is $3$ or more.", "… at least $12$": a bound
				text = b.write(text)
			}
		}
		if items == nil {
			if h, ok := hedgedAfter(body, e); ok {
				// "The answer is $17$, though $18$ is also possible."
				return anchored{s: ts, e: te, text: text + " " + h}
			}
		}
		return anchored{s: ts, e: te, text: text, items: items, either: either && items != nil}
	}
	// Otherwise: the rest of the line, up to the end of the sentence; a
	// group left open at the line break goes on to its close
	// ("90\text{ square\nunits}").
	e := lineEndOutsideGroups(body, i)
	line := body[i:e]
	if bs, be, ok := firstBoxContent(line); ok {
		if b, ok := firstBoxRun(body[i:], i); ok {
			if h, ok := hedgedAfter(body, b.End+1); ok && len(b.Items) == 0 {
				// "Thus the answer is $\boxed{17}$ or $18$."
				return anchored{s: b.Pos, e: b.End, text: b.Text + " " + h}
			}
			return anchored{s: b.Pos, e: b.End, text: b.Text, items: b.Items}
		}
		return anchored{s: i + bs, e: i + be, text: strings.TrimSpace(line[bs:be])}
	}
	// Minerva's closing formula is never part of the answer.
	if k := strings.Index(asciiLower(line), "i hope it is correct"); k >= 0 {
		line = line[:k]
	}
	e = i + sentenceEnd(line)
	s, e2 := trimSpan(body, i, e)
	// Drop decoration at the end: "**", a final period, a closing "$", and
	// an exclamation mark after a number or its markdown ("The answer is
	// 12!", "**12**!": prose, outside math, ends on the number).
	for e2 > s {
		c := body[e2-1]
		if c == '*' || c == '.' || c == '_' || c == ' ' || c == '\t' {
			e2--
			continue
		}
		if c == '!' && exclamation(body, e2-1) && plainNumberText(body[s:e2-1]) {
			e2--
			continue
		}
		break
	}
	if s >= e2 {
		return anchored{}
	}
	if k := amountThenBreak(body[s:e2]); k > 0 {
		// "**Answer:** 7 Earlier I wrote 9", "7 ✓ verified: …", "7 Wait,
		// no — it's 9": the line goes on past the answer with a new
		// sentence, a check mark or a quote; the rest is the reply's
		// tail (read by afterFinal), not part of the answer
		e2 = s + k
	} else if k := leadingAmount(body[s:e2]); k > 0 {
		// "15, up from 12 last year", "12, so 12 + 1 = 13 is the next
		// term": the value right after the answer phrase, and a remark
		e2 = s + k
	} else if m := lastRemark(body[s:e2]); m > 0 && operandLead(body[s:s+m]) {
		// "1/2 of the total, i.e. 10", "3 times the radius, which is 12":
		// the words before the remark are an operation, whose value the
		// remark states
		s = s + m
		for s < e2 && body[s] != ' ' {
			s++
		}
		s = skipRemarkWords(body, s, e2)
	}
	// "The answer is 20, because 4 × 5 = 20.": a reason or a remark after
	// the value is no part of it, whether or not the rest reads as prose
	if m := lastRemark(body[s:e2]); m > 0 {
		if _, ok := lastNumber(body[s : s+m]); ok {
			e2 = s + m
			for e2 > s && (body[e2-1] == ' ' || body[e2-1] == ',') {
				e2--
			}
		}
	}
	if k := parenAside(body[s:e2]); k > 0 && !alternatives(body[s:e2]) {
		e2 = s + k // "The answer is 4 (2 + 2).": an aside of working
	}
	if w, ok := compoundQuantity(body[s:e2]); ok && isProse(body[s:e2]) && (latex.UnitWord(w) || strings.Contains(body[s:e2], w+" and ")) ||
		alternatives(body[s:e2]) {
		// "3 if we count the endpoints, otherwise 1", "likely 12, though
		// 13 is also possible", "3 (or possibly 4)": two values and words
		// that offer both; "2 hours and 30 minutes": a compound quantity.
		// The sentence is the answer, whole (it equals neither value);
		// its values are alternatives, so that the verdict is a hedge
		// and never depends on how a parser reads the words around them
		a := anchored{s: s, e: e2, text: body[s:e2]}
		if vals := distinctNumbers(body[s:e2]); len(vals) > 1 {
			a.items, a.either = vals, true
		}
		return a
	}
	if !prose && isProse(body[s:e2]) && !hasForeignText(body[s:e2]) {
		// "The largest $n$ is 34": the answer is what the sentence ends on.
		// (Words in another language are kept whole: a number taken out of
		// "不是 54" would drop its "not".)
		return refineProse(body, s, e2)
	}
	return anchored{s: s, e: e2, text: body[s:e2]}
}

// amountThenBreak returns where a plain number (possibly in bold) that
// opens t ends when what follows it on the line starts something else: a
// capitalised word of three letters or more that is no unit, a check or
// cross mark, a quote marker ("> "), or a word that turns from the answer
// (wait, hmm, actually). It returns 0 otherwise.
func amountThenBreak(t string) int {
	n := leadingNumber(t)
	if n == 0 {
		return 0
	}
	end := n
	for end < len(t) && (t[end] == '*' || t[end] == '_') {
		end++
	}
	rest := strings.TrimLeft(t[end:], " \t")
	if rest == "" || len(rest) == len(t[end:]) && end == n {
		return 0 // nothing follows, or it is glued to the number
	}
	for _, m := range []string{"✓", "✔", "✗", "✘", "✅", "❌", "> "} {
		if strings.HasPrefix(rest, m) {
			return n
		}
	}
	if tailOpenerSet.at(asciiLower(rest), 0) != "" {
		return n
	}
	w := 0
	for w < len(rest) && isLetter(rest[w]) {
		w++
	}
	if w >= 3 && rest[0] >= 'A' && rest[0] <= 'Z' && !latex.UnitWord(rest[:w]) {
		return n
	}
	return 0
}

// leadingAmount returns where a plain number that opens t ends, when a
// comma or semicolon and prose follow it ("15, up from 12 last year"):
// the number is the answer and the rest a remark. It returns 0 otherwise
// (a list "6, 8, and 10", a value with its unit, prose first).
func leadingAmount(t string) int {
	n := leadingNumber(t)
	if n == 0 || n >= len(t) || (t[n] != ',' && t[n] != ';') {
		return 0
	}
	rest := strings.TrimSpace(t[n+1:])
	if rest == "" || !isLetter(rest[0]) || !isProse(rest) || alternatives(t) {
		return 0
	}
	if low := asciiLower(rest); tailOpenerSet.at(low, 0) != "" || strongRetractionSet.first(low) != "" {
		return 0 // "30, wait no that's the total; … 30 - 18 = 12"
	}
	if f := strings.Fields(asciiLower(rest)); len(f) > 0 && (f[0] == "and" || f[0] == "or") {
		return 0 // "3, and 4"
	}
	return n
}

// operandLead reports whether t opens with a value and a word that makes
// it an operand ("1/2 of the total", "3 times the radius", "5 more than
// x"): no value of its own.
func operandLead(t string) bool {
	low := asciiLower(strings.TrimSpace(t))
	i := 0
	for i < len(low) && (isDigit(low[i]) || low[i] == '/' || low[i] == '.') {
		i++
	}
	if i == 0 {
		return false
	}
	rest := strings.TrimLeft(low[i:], " ")
	for _, w := range []string{"of ", "times ", "more than", "less than", "fewer than", "percent of", "% of"} {
		if strings.HasPrefix(rest, w) {
			return true
		}
	}
	return false
}

// skipRemarkWords skips the words that open a remark ("which is", "that
// is", "i.e.") from i, up to e.
func skipRemarkWords(body string, i, e int) int {
	for {
		for i < e && (body[i] == ' ' || body[i] == ',') {
			i++
		}
		j := i
		for j < e && body[j] != ' ' {
			j++
		}
		switch strings.ToLower(strings.Trim(body[i:j], ",.")) {
		case "which", "is", "that", "i.e", "ie", "means", "was", "gives", "so":
			i = j
			continue
		}
		return i
	}
}

// plainNumberText reports whether t is one number and nothing else,
// markdown emphasis and spaces aside ("12", "**1,000**").
func plainNumberText(t string) bool { return amountText(strings.Trim(t, "* ")) }

// amountText reports whether t is one number as written in prose: digits
// with group commas and a point, a minus first ("18", "-3.5", "1,250.00").
func amountText(t string) bool {
	digits := 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case isDigit(c):
			digits++
		case c == '.' || c == ',' || c == '-' && i == 0:
		default:
			return false
		}
	}
	return digits > 0
}

// nextDelimWithin returns the offset of the first dollar, \( or \[ or line
// break of body at or after e, or e+n when there is none before it
// (texscan's tokens: an escaped dollar \$ is a price sign, no delimiter).
func nextDelimWithin(body string, e, n int) int {
	for sc := texscan.NewScanner(body, e); ; {
		t, ok := sc.Next()
		switch {
		case !ok:
			return len(body)
		case t.Pos-e >= n:
			return e + n
		case t.Kind == texscan.MathShift, t.Text == `\(`, t.Text == `\[`:
			return t.Pos
		case t.Kind == texscan.Newline:
			return t.End() - 1
		}
	}
}

// lineEndOutsideGroups returns the end of the line that starts at body[i]:
// the offset of its newline, or of a later one when a brace group is left
// open at the break and closes within 400 bytes of i ("90\text{ square\nunits}").
// The depth is the line's own: a closer of a group opened before i counts
// against the groups the line opens ("} else {" leaves none open).
func lineEndOutsideGroups(body string, i int) int {
	// the common case, found with byte searches: no brace or command
	// before the line's end (or before the bound), so no group is open
	// there
	lim := min(len(body), i+maxAnchorLine)
	nl := strings.IndexByte(body[i:lim], '\n')
	end := lim
	if nl >= 0 {
		end = i + nl
	}
	if strings.IndexByte(body[i:end], '{') < 0 && strings.IndexByte(body[i:min(len(body), end+1)], '\\') < 0 {
		// (nor a backslash: "\" and a line break is a control space)
		if nl < 0 && lim < len(body) {
			for end > i && !utf8.RuneStart(body[end]) {
				end--
			}
		}
		return end
	}
	w := texscan.NewWalker(body, i, texscan.Braces, texscan.Limits{})
	depth := 0
	for {
		t, d, ok := w.Next()
		if !ok {
			return len(body)
		}
		depth += d
		if t.Kind == texscan.Newline {
			nl := t.End() - 1 // the \n, also of a \r\n
			if depth <= 0 || nl-i >= 400 {
				return nl
			}
		}
		if t.Pos-i >= maxAnchorLine {
			// a line longer than any answer it may hold ends here, so that
			// a reply of one long line with an anchor in every sentence is
			// not read to its end from each (368 KB of "The final answer
			// is 1. " took 37 s)
			return t.Pos
		}
	}
}

// maxAnchorLine bounds the line read after an answer phrase: five times
// the longest answer an anchor gives (Extraction.AnchorMax's default).
const maxAnchorLine = maxExpression / 2

// bracesBalanced reports whether every '{' of s is closed in s and no '}'
// comes with nothing open (texscan's Balanced; escaped braces aside).
func bracesBalanced(s string) bool {
	return texscan.Balanced(s, texscan.Braces, texscan.Limits{})
}

// refineProse finds the answer inside an anchored sentence: what follows its
// last " is "/" are "/" = " when that is not prose, else (loosely) its last
// math segment, else its last number.
func refineProse(body string, s, e int) anchored {
	t := body[s:e]
	if negatedAnswer(t) {
		// "the answer is not 3, since ...": no answer stated.
		return anchored{}
	}
	// "the answer is e³, as required.": a closing remark is no part of it
	if k := closingRemark(t); k < len(t) && k > 0 {
		e = s + k
		t = t[:k]
	}
	// "the answer is 25 in base 6.": the numeral, its base attached later
	// (attachValueWords)
	if k := baseTail(t); k < len(t) && k > 0 {
		e = s + k
		t = t[:k]
	}
	// "15 apples, which is 3 more than Tom's 12": a remark after the value
	// is not part of the answer (plain.go)
	if m := lastRemark(t); m > 0 {
		if _, ok := lastNumber(t[:m]); ok {
			e = s + m
			t = t[:m]
			if !isProse(t) {
				rs, re := trimSpan(body, s, e)
				return anchored{s: rs, e: re, text: body[rs:re]}
			}
		}
	}
	for _, w := range []string{" is ", " are ", " = ", " equals ", " was "} {
		if k := strings.LastIndex(t, w); k >= 0 {
			rs, re := trimSpan(body, s+k+len(w), e)
			if rs < re && !isProse(body[rs:re]) {
				if g, ok := texseg.At(body, rs); ok && g.End == re {
					cs, ce := trimSpan(body, g.CS, g.CE)
					return anchored{s: cs, e: ce, text: body[cs:ce]}
				}
				return anchored{s: rs, e: re, text: body[rs:re]}
			}
		}
	}
	if c, ok := lastMath(t, s); ok {
		if b := boundAround(body, c.Pos, c.End); b.words != "" && len(c.Items) == 0 && c.Text == body[c.Pos:c.End] {
			// "the answer is at least $12$", "… $45$ or more", "答案至少是
			// $30$": the answer is a bound, not the value; the words stay
			// with it, so that it is read whole (and refused) as "at least
			// 12" is. (A box is the answer whatever the words around it:
			// MATH's solutions write "at least $\boxed{445}$ widgets".)
			return anchored{s: c.Pos, e: c.End, text: b.write(c.Text), loose: true}
		}
		return anchored{s: c.Pos, e: c.End, text: c.Text, loose: true}
	}
	if n, ok := lastNumber(t); ok {
		for _, w := range []string{"a multiple of", "a factor of", "a divisor of", "divisible by", "a power of"} {
			if strings.Contains(asciiLower(t), w) {
				// "the answer is a multiple of 4": a property, not a value
				return anchored{s: s, e: e, text: t}
			}
		}
		if qualifiedNumber(t, n.start, n.end) {
			// "at least 9", "9 or more": the sentence is the answer, whole.
			return anchored{s: s, e: e, text: t}
		}
		if checkNumberClause(t, n.start, n.end) != nil {
			// so is "\Delta 6 snack bags", whose \Delta no rule reads; but
			// as loosely as the number it replaces, so that a sentence
			// inside a box never outranks the box.
			return anchored{s: s, e: e, text: t, loose: true}
		}
		// the number with everything attached to it (36π, 2√3): never a
		// number cut out of an expression
		ns, ne, _ := around(body, s+n.start, s+n.end, s, e)
		return anchored{s: ns, e: ne, text: body[ns:ne], loose: true}
	}
	if len(strings.Fields(t)) > 4 {
		// "the answer is positive, because two of the three...": a remark,
		// not an answer.
		return anchored{}
	}
	return anchored{s: s, e: e, text: t}
}

// negatedAnswer reports whether the text after an anchor phrase denies a
// value rather than states one ("not 3", "n't 5").
func negatedAnswer(t string) bool {
	l := asciiLower(strings.TrimSpace(t))
	return strings.HasPrefix(l, "not ") || strings.HasPrefix(l, "definitely not ") || strings.HasPrefix(l, "never ")
}

func skipDecor(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case ' ', '\t', ':', '*', '_', '#':
			i++
		default:
			return i
		}
	}
	return i
}
