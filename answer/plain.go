package answer

import (
	"strings"

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
	sent := max(sentenceStart(body, s), s-maxSentence, off)
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
	// several values listed in the last sentence: "15 and 12", "x = 3 and y = 5", "3 or 4"
	if prev, ok := listedBefore(body, sent, s); ok {
		return 0, 0, "the last sentence lists several values (" + prev + " and " + body[s:e] + ") and no answer statement picks one", false
	}
	// several values with no rule picking the last: "6 hours, twice as
	// long as the 3 hours before", "(in 3 years he will be 10)"
	if prev, ok := unpickedLast(body, sent, s); ok {
		return 0, 0, "the last sentence holds several values (" + prev + " before " + quoteShort(body[s:e]) + ") and nothing says the last is the result", false
	}
	return checkParses(body, s, e)
}

// checkParses returns body[s:e] as the number tier's candidate when the
// parser reads it whole, and says why not otherwise: an expression the
// parser refuses is no answer, never a number cut out of it.
func checkParses(body string, s, e int) (int, int, string, bool) {
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

// sentenceStart returns where the sentence holding body[p] starts: after
// the last ". ", "! ", "? ", line break or colon before p.
func sentenceStart(body string, p int) int {
	for i := p - 1; i > 0; i-- {
		switch body[i] {
		case '\n':
			return i + 1
		case ' ':
			if c := body[i-1]; c == '.' || c == '!' || c == '?' || c == ':' {
				if c == '.' && i >= 3 && isAbbrevBefore(body[:i-1]) {
					continue
				}
				return i + 1
			}
		}
	}
	return 0
}

// isAbbrevBefore reports whether s ends in an abbreviation (Mr, Mrs, Dr,
// e.g, i.e, vs) whose period ends no sentence.
func isAbbrevBefore(s string) bool {
	k := strings.LastIndexAny(s, " \n(")
	w := asciiLower(s[k+1:])
	switch w {
	case "mr", "mrs", "ms", "dr", "st", "vs", "e.g", "i.e", "approx", "no":
		return true
	}
	return false
}

// remarkMarkers open a remark about an answer just given: what follows is
// a comparison or a check, not the answer.
var remarkMarkers = []string{", which is", ", which means", ", which was", ", that is", ", i.e.", " (which", ", and that is",
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
		" thus", " hence", " get ", " gets ", " remain", " left", " then ", " now ", " result", " answer", "\\", " to ", " from ", " of "} {
		if strings.Contains(between, w) {
			return "", false
		}
	}
	return body[sent+p.start : sent+p.end], true
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

// unpickedLast reports whether the value at body[s:] follows another value
// of its sentence (from sent) with no rule picking the last: nothing
// between them says it is the result (resultWords), or it sits in an aside
// in parentheses that the earlier value is outside of ("He is 7 years old
// now (in 3 years he will be 10)"). It returns the earlier value.
func unpickedLast(body string, sent, s int) (string, bool) {
	p, found := lastNumber(body[sent:s])
	if !found {
		return "", false
	}
	prev := body[sent+p.start : sent+p.end]
	if aside := parenDepth(body[sent+p.end : s]); aside > 0 {
		return prev, true
	}
	between := " " + asciiLower(body[sent+p.end:s]) + " "
	for _, w := range resultWords {
		if strings.Contains(between, w) {
			return "", false
		}
	}
	return prev, true
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
