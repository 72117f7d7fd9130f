package answer

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/matheval/matheval/latex"
	"github.com/matheval/matheval/texscan"
)

// Plain replies: with no box and no answer statement, the answer is the
// last whole expression of the reply, never a bare number cut out of it.
// "…so the volume is 36π." answers 36π, "we get 2√3." answers 2√3, and
// "2^{10}" and "π/4" are read whole; a remark after the answer ("…15
// apples, which is 3 more than Tom's 12") does not give the answer; and a
// last sentence that lists several values with no rule to pick one ("Anna
// has 15 and Tom has 12") has no answer.

// plainNumber finds the number tier's candidate of body: the last whole
// expression of its last line (exprLine.trailing), or else the last
// number (lastNumber) grown to the whole expression it belongs to
// (exprLine.around). The expression must parse (latex.Parse); ambiguous
// says why there is no candidate when the last sentence lists several
// values or the last expression cannot be read whole.
func plainNumber(body string) (start, end int, ambiguous string, ok bool) {
	// The answer of a reply is near its end: only the last numberWindow
	// bytes are read, from a line start where there is one (a 14 MB reply
	// is not scanned whole).
	off := 0
	if len(body) > numberWindow {
		off = len(body) - numberWindow
		if k := strings.IndexByte(body[off:], '\n'); k >= 0 && k < numberWindow/2 {
			off += k + 1
		} else if k := strings.IndexByte(body[off:], ' '); k >= 0 {
			off += k + 1
		}
	}
	body = body[:off+closingRemark(body[off:])]
	body = body[:off+trailingNotes(body[off:])]
	body = body[:off+baseTail(body[off:])] // "… 25 in base 6.": the numeral, its base attached later
	s, e, long, found := trailingExpr(body, off)
	if !found && !long {
		n, ok := lastNumber(body[off:])
		if !ok {
			return 0, 0, "", false
		}
		n.start += off
		n.end += off
		s, e, long = around(body, n.start, n.end, off, len(body))
	}
	if long {
		return 0, 0, "the expression at the end of the reply runs past " + itoa(maxExpression) + " bytes, no whole expression to read", false
	}
	if k := parenAside(body[s:e]); k > 0 && !alternatives(body[s:e]) {
		e = s + k // "The sum is 12 (5 + 7)."
	}
	sent := max(sentenceStart(body, s), s-maxSentence, off)
	if referenceAside(body[sent:s]) {
		// "So $x = 4$ (from equation (2)).": a value inside a reference
		// in parentheses is no answer; the formula before it is the math
		// tier's
		return 0, 0, "", false
	}
	// a remark after the answer: "15 apples, which is 3 more than Tom's
	// 12", "12 ways, not 10" (read before the last value's qualifiers:
	// those of the remark's value say nothing of the answer)
	if m := lastRemark(body[sent:s]); m >= 0 {
		if p, found := lastNumber(body[sent : sent+m]); found && !qualifiedNumber(body, sent+p.start, sent+p.end) && !hedged(body, sent+p.start) {
			rs, re, long := around(body, sent+p.start, sent+p.end, sent, sent+m)
			if !long {
				s, e = rs, re
				return checkParses(body, s, e)
			}
		}
	}
	if qualifiedNumber(body, s, e) || hedged(body, s) {
		return 0, 0, "", false // "at least 9", "9 thousand": the sentence says more than the value
	}
	if prev, ok := labelledList(body, sent, off); ok {
		return 0, 0, "the last line lists labelled values (" + prev + " before " + quoteShort(body[s:e]) + ") and no answer statement picks one", false
	}
	// several values listed in the last sentence: "15 and 12", "x = 3 and y = 5", "3 or 4"
	if prev, ok := listedBefore(body, sent, s); ok {
		return 0, 0, "the last sentence lists several values (" + prev + " and " + body[s:e] + ") and no answer statement picks one", false
	}
	if sym, ok := symbolAfterValue(body, e); ok {
		return 0, 0, "the value is followed by " + quoteShort(sym) + ", a symbol it is multiplied by, and then words: no whole expression to read", false
	}
	// several values with no rule picking the last: "6 hours, twice as
	// long as the 3 hours before", "(in 3 years he will be 10)"
	if prev, ok := unpickedLast(body, sent, s); ok {
		return 0, 0, "the last sentence holds several values (" + prev + " before " + quoteShort(body[s:e]) + ") and nothing says the last is the result", false
	}
	return checkParses(body, s, e)
}

// phraseAnswers are the answers a plain reply states in words, with the
// text the grader compares: "There are no solutions." answers \text{no
// solution} (equiv reads it as the empty set), "The limit does not
// exist." \text{does not exist}.
var phraseAnswers = []struct{ phrase, text string }{
	{"no real solutions", `\text{no real solutions}`}, {"no real solution", `\text{no real solutions}`},
	{"no solutions", `\text{no solution}`}, {"no solution", `\text{no solution}`},
	{"no real roots", `\text{no real roots}`}, {"all real numbers", `\text{all real numbers}`},
	{"does not exist", `\text{does not exist}`}, {"doesn't exist", `\text{does not exist}`},
	{"is undefined", `\text{undefined}`}, {"infinitely many", `\text{infinitely many}`},
}

// phraseAnswer reads the last sentence of a plain reply with no number
// for one answer in words (phraseAnswers): only when it is the only one,
// and the sentence neither asks, supposes nor doubts ("If a = 0 there is
// no solution" states a case).
func phraseAnswer(body string) (text string, s, e int, ok bool) {
	t := strings.TrimRight(body, " \t\r\n*_.!")
	st := sentenceStart(t, len(t))
	low := " " + asciiLower(t[st:]) + " "
	if strings.ContainsAny(low, "0123456789$\\?") {
		return "", 0, 0, false
	}
	for _, w := range []string{" if ", " when ", " unless ", " otherwise", " could ", " might ", " may ", " maybe ",
		" perhaps ", " not sure", " suppose", " assume", " whether "} {
		if strings.Contains(low, w) {
			return "", 0, 0, false
		}
	}
	found := -1
	for i, pa := range phraseAnswers {
		if k := strings.Index(low, pa.phrase); k >= 0 {
			if found >= 0 && phraseAnswers[found].text != pa.text {
				return "", 0, 0, false // two answers
			}
			if found < 0 {
				found = i
				s, e = st+k-1, st+k-1+len(pa.phrase)
			}
		}
	}
	if found < 0 {
		return "", 0, 0, false
	}
	return phraseAnswers[found].text, s, e, true
}

// trailingNotes returns where the notes at the end of s start: lines that
// open a note about something else ("Note: the answer would be 25 if tax
// were included.", "P.S. …") or hold an aside in parentheses ("(Word
// count: 250)"), after the reply's last line of its own; len(s) when
// there are none. Their numbers are no answer of the reply.
func trailingNotes(s string) int {
	end := trailingNoteLines(s)
	// and sentences on the last line: "… 9 eggs left. Note: she bought
	// them for $3.", "… Thanks for the question! Let me know if you need
	// 2 more examples."
	for i := 0; i < 8; i++ {
		t := strings.TrimRight(s[:end], " \t\r\n")
		lo := max(0, len(t)-maxSentence)
		spans := sentenceSpans(t[lo:])
		if len(spans) < 2 {
			return end
		}
		last := spans[len(spans)-1]
		low := asciiLower(t[lo+last[0] : lo+last[1]])
		if !noteSentence(low) && !chatSentence(low) {
			return end
		}
		end = lo + last[0]
	}
	return end
}

// chatSentence reports whether s (lower case) is a closing of a chat, not
// part of a solution ("Thanks for the question!", "Let me know if you
// need 2 more examples.", "Hope this helps.").
func chatSentence(s string) bool {
	s = strings.TrimLeft(s, " *_")
	for _, p := range []string{"thanks", "thank you", "let me know", "hope this helps", "hope that helps", "i hope this",
		"i hope that", "feel free", "happy to help", "glad to help", "good luck", "have a nice", "have a great", "cheers",
		"if you have any", "if you need", "nb:", "n.b."} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// trailingNoteLines is trailingNotes over whole lines.
func trailingNoteLines(s string) int {
	end := len(s)
	for {
		t := strings.TrimRight(s[:end], " \t\r\n")
		nl := strings.LastIndexByte(t, '\n')
		if nl < 0 {
			return end
		}
		line := strings.TrimSpace(t[nl+1:])
		// (an aside has words: "(-2,3)" on its own line is an answer)
		aside := wholeParens(line) && hasWord(line) && len(strings.Fields(line)) > 1
		if !aside && !noteSentence(asciiLower(line)) || strings.TrimSpace(t[:nl]) == "" {
			return end
		}
		end = nl
	}
}

// referenceAside reports whether the text before a value (from its
// sentence's start) leaves open a parenthesis that a word opens: "(from
// equation (2", "(see step 3", "(by (1)".
func referenceAside(before string) bool {
	d, open := 0, -1
	for i := 0; i < len(before); i++ {
		switch before[i] {
		case '(':
			if d == 0 {
				open = i
			}
			d++
		case ')':
			if d > 0 {
				d--
			}
		}
	}
	if d == 0 || open < 0 {
		return false
	}
	f := strings.Fields(asciiLower(before[open+1:]))
	if len(f) == 0 {
		return false
	}
	switch strings.Trim(f[0], ".,:") {
	case "from", "by", "see", "using", "use", "eq", "equation", "step", "cf", "via", "per":
		return true
	}
	return false
}

// hasWord reports whether s holds a word of two letters or more.
func hasWord(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		if isLetter(s[i]) {
			if n++; n >= 2 {
				return true
			}
		} else {
			n = 0
		}
	}
	return false
}

// wholeParens reports whether s is one parenthesised group: its first
// "(" closes at its last byte.
func wholeParens(s string) bool {
	if len(s) < 2 || s[0] != '(' || s[len(s)-1] != ')' {
		return false
	}
	g, err := texscan.Match(s, 0, texscan.Parens, texscan.Limits{})
	return err == nil && g.End == len(s)
}

// leadingNumber returns where the plain number that opens t ends (a sign,
// digits, and a period or comma between digits: "-12", "1,250.5"), or 0.
func leadingNumber(t string) int {
	n := 0
	if n < len(t) && t[n] == '-' {
		n++
	}
	d := n
	for n < len(t) && (isDigit(t[n]) || (t[n] == '.' || t[n] == ',') && n > d && n+1 < len(t) && isDigit(t[n+1])) {
		n++
	}
	if n == d {
		return 0
	}
	return n
}

// parenAside returns where a plain number at the start of t ends when an
// aside in parentheses follows it, after a space, and ends t: "4 (2 + 2)",
// "12 (5 + 7)", "7 (since 3 + 4 = 7)", "18 (eighteen)". In prose the
// parenthesis is the reply's working or a remark, never a factor (4 (2 +
// 2) was 16). Only an aside of arithmetic or of words is one: "3 (x+1)"
// mixes letters into a formula and stays a product. It returns 0 when t
// is no such text.
func parenAside(t string) int {
	n := leadingNumber(t)
	if n == 0 || t[0] == '-' || n+1 >= len(t) || t[n] != ' ' {
		return 0
	}
	rest := strings.TrimLeft(t[n:], " ")
	if !wholeParens(rest) {
		return 0
	}
	in := strings.TrimSpace(rest[1 : len(rest)-1])
	if in == "" {
		return 0
	}
	w := 0
	for w < len(in) && isLetter(in[w]) {
		w++
	}
	if w >= 2 {
		return n // a word opens it: a remark
	}
	for i := 0; i < len(in); i++ {
		if isLetter(in[i]) || in[i] == '\\' {
			return 0 // a formula with letters or commands
		}
	}
	return n
}

// checkParses returns body[s:e] as the number tier's candidate when the
// parser reads it whole, and says why not otherwise: an expression the
// parser refuses is no answer, never a number cut out of it.
func checkParses(body string, s, e int) (int, int, string, bool) {
	if t := strings.Trim(body[s:e], " /"); t != "" && !strings.ContainsAny(t, "0123456789") &&
		(strings.HasSuffix(strings.TrimRight(body[:s], " /"), "$") || strings.HasSuffix(strings.TrimRight(body[:s], " /"), `\)`)) {
		if _, _, ok := parseUnit(t); ok {
			// "$1.87 \times 10^{6}$ m/s.": the unit after a formula is no
			// expression of its own; the formula is the math tier's
			return 0, 0, "", false
		}
	}
	if _, err := latex.Parse(body[s:e]); err != nil {
		return 0, 0, "the last expression " + quoteShort(body[s:e]) + " does not parse (" + err.Error() + ")", false
	}
	return s, e, "", true
}

// maxExpression bounds the bytes of an expression read whole (the line
// around it is tokenized only that far), maxSentence how far back its
// sentence is read, and numberWindow how much of a reply's end the number
// tier reads.
const (
	maxExpression = 2048
	maxSentence   = 2048
	numberWindow  = 64 << 10
)

// remarkMarkers open a remark about an answer just given: what follows is
// a comparison or a check, not the answer.
var remarkMarkers = []string{", which is", ", which means", ", which was", ", that is", ", i.e.", " (which", ", and that is", ", meaning",
	", so that is", ", that's", " — which", " – which", ", compared to", ", compared with", " (that is"}

// closingRemarks end a sentence that has just given its answer ("we
// obtain e³, as required."): they say nothing of the value.
var closingRemarks = []string{", as required", ", as desired", ", as expected", ", as claimed", ", as needed",
	", as wanted", ", as stated", ", as shown", ", as we wanted", " as required", " as desired"}

// closingRemark returns where a closing remark ending s (before its final
// punctuation and spaces) starts, or len(s) when there is none.
func closingRemark(s string) int {
	t := strings.TrimRight(s, " \t\r\n.!")
	low := asciiLower(t)
	for _, m := range closingRemarks {
		if strings.HasSuffix(low, m) {
			return len(t) - len(m)
		}
	}
	return len(s)
}

// reasonMarkers open a clause that gives the reason for an answer just
// given ("The total is $45, since 3 shirts cost $15 each.", "6 candies
// because there are 4 children", "12 ways, not 10"): a remark like those
// above, but only when the clause runs to the end of the sentence with no
// comma in it ("2 cases, since x = 3, we get 9" goes on to its result).
var reasonMarkers = []string{", since ", " since ", ", because ", " because ", ", as ", ", not ", ", attained at",
	", achieved at", ", reached at"}

// asNotReason reports whether the words after ", as " join or compare
// values instead of giving a reason: "as well as", "as much as", "as
// opposed to".
func asNotReason(after string) bool {
	for _, w := range []string{"well ", "much ", "many ", "long ", "soon ", "far ", "opposed ", "compared ", "against ",
		"large ", "big ", "small ", "high ", "low ", "little ", "few ", "often ", "fast "} {
		if strings.HasPrefix(after, w) {
			return true
		}
	}
	return false
}

// lastRemark returns where the last remark marker of s starts, or -1.
func lastRemark(s string) int {
	low := asciiLower(s)
	best := -1
	for _, m := range remarkMarkers {
		if k := strings.LastIndex(low, m); k > best {
			best = k
		}
	}
	for _, m := range reasonMarkers {
		k := strings.LastIndex(low, m)
		if k <= best || strings.Contains(low[k+len(m):], ",") {
			continue
		}
		if m == ", as " && asNotReason(low[k+len(m):]) {
			continue // "578,833 color stamps, as well as 523,776 others": a list
		}
		best = k
	}
	return best
}

// listedBefore reports whether the expression at body[s:] is the last of
// several values the sentence from sent lists: the value before it is
// joined to it by "and", "or" or a comma alone ("15 and 12", "x = 3 and y
// = 5", "3, 4, or 5", "Anna has 15 and Tom has 12"), and nothing between
// them says the later one is the result ("so", "total", "=", "is"). It
// returns the value before.
func listedBefore(body string, sent, s int) (string, bool) {
	p, found := lastNumber(body[sent:s])
	if !found {
		return "", false
	}
	between := " " + asciiLower(body[sent+p.end:s]) + " "
	if strings.Trim(between, " ") == "," && body[s-1] == ' ' {
		return body[sent+p.start : sent+p.end], true
	}
	// "x = 3 and y = 5": the name and sign of the later assignment are its own
	if bt := strings.TrimRight(between, " "); strings.HasSuffix(bt, "=") {
		bt = strings.TrimRight(strings.TrimSuffix(bt, "="), " ")
		if k := strings.LastIndexByte(bt, ' '); k >= 0 && !strings.Contains(bt[k:], "=") {
			between = bt[:k+1]
		}
	}
	if !strings.Contains(between, " and ") && !strings.Contains(between, " or ") {
		return "", false
	}
	for _, w := range []string{"=", " so ", " total", " gives", " makes", " leaves", " is ", " are ", " equal", " therefore",
		" thus", " hence", " get ", " gets ", " remain", " left", " leaving", " then ", " now ", " result", " answer", "\\", " to ", " from ", " of ",
		"$"} { // (a formula between them is a value of its own, which the other rules read)
		if strings.Contains(between, w) {
			return "", false
		}
	}
	return body[sent+p.start : sent+p.end], true
}

// unpickedLast reports whether the value at body[s:] follows another value
// of its sentence (from sent) with no rule picking the last: nothing
// between them says it is the result (resultWords), or it sits in an aside
// in parentheses that the earlier value is outside of ("He is 7 years old
// now (in 3 years he will be 10)"). It returns the earlier value.
func unpickedLast(body string, sent, s int) (string, bool) {
	p, found := lastNumber(body[sent:s])
	// a formula holding a digit is a value too ("He has $8 \times 5 =
	// 40$ apples in 9 rows."): the number reader skips it
	formula := false
	for _, g := range texscan.Segments(body[sent:s]) {
		if strings.ContainsAny(body[sent+g.CS:sent+g.CE], "0123456789") && (!found || g.End > p.end) {
			p, found, formula = numTok{start: g.Start, end: g.End}, true, true
		}
	}
	if !found {
		return "", false
	}
	prev := body[sent+p.start : sent+p.end]
	if aside := parenDepth(body[sent+p.end : s]); aside > 0 {
		return prev, true
	}
	between := " " + asciiLower(body[sent+p.end:s]) + " "
	if !formula && parallelValues(body, sent, sent+p.start, sent+p.end, s, between) {
		return prev, true // "Tom has 8 apples, Sue has 12 apples."
	}
	if saysResult(between) {
		return "", false
	}
	return prev, true
}

// labelledList reports whether the sentence at sent is the last item of a
// list of labelled values ("Original: 20, eaten: 8."): a label and a colon
// before it, and a value and a comma or semicolon before the label. It
// returns the value before.
func labelledList(body string, sent, off int) (string, bool) {
	b := strings.TrimRight(body[off:sent], " ")
	if !strings.HasSuffix(b, ":") {
		return "", false
	}
	b = strings.TrimRight(b[:len(b)-1], " ")
	words := 0
	for words < 3 {
		k := strings.LastIndexAny(b, " ,;\n")
		w := b[k+1:]
		if w == "" || !isLetter(w[0]) {
			break
		}
		b, words = strings.TrimRight(b[:k+1], " "), words+1
	}
	if words == 0 || !(strings.HasSuffix(b, ",") || strings.HasSuffix(b, ";")) {
		return "", false
	}
	b = strings.TrimRight(b[:len(b)-1], " ")
	p, found := lastNumber(b)
	if !found || p.end != len(b) {
		return "", false
	}
	return b[p.start:p.end], true
}

// parallelValues reports whether two values of a sentence stand in
// parallel clauses (ps..pe and the value at s): clauses split by a comma,
// a semicolon or "and", with the same word before both values ("Tom has
// 8 apples, Sue has 12 apples") or after both, and no word between them
// that makes the later a result.
func parallelValues(body string, sent, ps, pe, s int, between string) bool {
	if !strings.Contains(between, ",") && !strings.Contains(between, ";") && !strings.Contains(between, " and ") {
		return false
	}
	for _, w := range []string{"=", " so ", "total", " now ", " then ", " left", "remain", "therefore", "thus",
		"hence", "in all", "altogether", " gives", " makes", " leaves", " get", "result", "answer", " which"} {
		if strings.Contains(between, w) {
			return false
		}
	}
	wordBefore := func(a, b int) string {
		f := strings.Fields(asciiLower(body[a:b]))
		if len(f) == 0 {
			return ""
		}
		return strings.Trim(f[len(f)-1], ",;:$")
	}
	wordAfter := func(a int) string {
		f := strings.Fields(asciiLower(body[a:min(len(body), a+40)]))
		if len(f) == 0 {
			return ""
		}
		return strings.Trim(f[0], ",;:.!")
	}
	wb1, wb2 := wordBefore(sent, ps), wordBefore(pe, s)
	if wb1 != "" && wb1 == wb2 {
		return true
	}
	e := s
	for e < len(body) && (isDigit(body[e]) || body[e] == '.' && e+1 < len(body) && isDigit(body[e+1])) {
		e++
	}
	wa1, wa2 := wordAfter(pe), wordAfter(e)
	return wa1 != "" && wa1 == wa2 && isLetter(wa1[0])
}

// parenDepth is the depth of parentheses left open at the end of s, read
// as texscan tokens (a closer with none open counts nothing).
func parenDepth(s string) int {
	d := 0
	sc := texscan.NewScanner(s, 0)
	for {
		t, ok := sc.Next()
		if !ok {
			return d
		}
		if t.Kind == texscan.Punct {
			switch t.Text {
			case "(":
				d++
			case ")":
				if d > 0 {
					d--
				}
			}
		}
	}
}

// maxAttached bounds what is read as written onto a formula's closing
// delimiter.
const maxAttached = 200

// alternatives reports whether the prose t after an answer phrase offers
// more than one value: two numbers and a word of cases or of doubt
// between or around them, or one number after a hedge ("somewhere around
// 50").
func alternatives(t string) bool {
	low := " " + strings.NewReplacer("(", " ", ")", " ", ",", " ", ";", " ").Replace(asciiLower(t)) + " "
	if n, ok := lastNumber(t); ok && len(digitRuns(t)) == 1 && hedged(t, n.start) {
		return true
	}
	if len(digitRuns(t)) < 2 {
		return false
	}
	for _, w := range alternativeWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// alternativeWords offer a second value beside the first, or make either
// depend on a case.
var alternativeWords = []string{" if ", " otherwise", " else", " unless ", " when ", " whereas ", " while ", " though ",
	" although ", " possibly ", " perhaps ", " maybe ", " likely ", " probably ", " could ", " might ", " or ",
	" depending ", " for odd ", " for even ", " odd ", " even ", " either "}

// distinctNumbers returns the distinct values written in t, in order: a
// number with its ratio or fraction ("3:4", "1/2") is one value.
func distinctNumbers(t string) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range valueRun.FindAllString(t, -1) {
		n = strings.Join(strings.Fields(n), "")
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

var valueRun = regexp.MustCompile(`-?\d+(?:\.\d+)?(?:\s*[:/]\s*\d+(?:\.\d+)?)?`)

// symbolAfterValue reads, right after a value ending at body[e] and one
// space, a symbol that multiplies it: a letter the unit table does not
// read (not the words a, A, I), a command (\hbar, \theta), a function or
// Greek name (sin, cos, sqrt, theta, omega), or a letter with a subscript
// (F_0, N_A); with an argument in parentheses, and then a space and a
// word: "7.6 Z eV", "100 x joules", "4 cos theta meters", "258 sqrt(2)
// meters". The value alone is not what the reply states, and the words
// after the symbol keep the plain reader from taking the whole.
func symbolAfterValue(body string, e int) (string, bool) {
	j := e
	if j >= len(body) || body[j] != ' ' {
		return "", false
	}
	j++
	k := j
	switch {
	case k < len(body) && body[k] == '\\':
		k++
		for k < len(body) && isLetter(body[k]) {
			k++
		}
		if k == j+1 {
			return "", false
		}
	case k < len(body) && isLetter(body[k]):
		for k < len(body) && isLetter(body[k]) {
			k++
		}
		w := body[j:k]
		sub := k+1 < len(body) && body[k] == '_' && (isLetter(body[k+1]) || isDigit(body[k+1]))
		switch {
		case sub:
			k += 2
		case len(w) == 1:
			if w == "a" || w == "A" || w == "I" {
				return "", false
			}
			if _, _, ok := parseUnit(w); ok {
				return "", false
			}
		case len(w) == 2 && !shortWords[w] && w == asciiLower(w):
			// "4 ab units": two letters that are no English word
			if _, _, ok := parseUnit(w); ok {
				return "", false
			}
		case !symbolNames[asciiLower(w)]:
			return "", false
		}
	default:
		return "", false
	}
	sym := body[j:k]
	if k < len(body) && body[k] == '(' {
		if c := strings.IndexByte(body[k:], ')'); c > 0 && c < 40 {
			k += c + 1
		}
	}
	// then words: another symbol or a unit ("cos theta meters")
	if k+1 < len(body) && body[k] == ' ' {
		if r, _ := utf8.DecodeRuneInString(body[k+1:]); unicode.IsLetter(r) || r == '\\' {
			return sym, true
		}
	}
	return "", false
}

// symbolNames are the function and Greek names a plain reply writes as
// words after a number (symbolAfterValue); pi is not one: "36 pi" is 36π.
var symbolNames = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`sin cos tan cot sec csc sinh cosh tanh log ln exp sqrt alpha beta gamma delta
		epsilon theta lambda mu nu sigma tau phi omega hbar`) {
		m[w] = true
	}
	return m
}()
