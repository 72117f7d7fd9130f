package answer

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Plain replies: with no box and no answer statement, the answer is the
// last whole expression of the reply, never a bare number cut out of it.
// "…so the volume is 36π." answers 36π, "we get 2√3." answers 2√3, and
// "2^{10}" and "π/4" are read whole; a remark after the answer ("…15
// apples, which is 3 more than Tom's 12") does not give the answer; and a
// last sentence that lists several values with no rule to pick one ("Anna
// has 15 and Tom has 12") has no answer.

// plainNumber finds the number tier's candidate of body: the last number
// (lastNumber) grown to the whole expression it belongs to. ambiguous says
// why there is none when the last sentence lists several values.
func plainNumber(body string) (start, end int, ambiguous string, ok bool) {
	// The last number of a reply is near its end: only the last
	// numberWindow bytes are read, from a line start where there is one
	// (a 14 MB reply is not scanned whole).
	off := 0
	if len(body) > numberWindow {
		off = len(body) - numberWindow
		if k := strings.IndexByte(body[off:], '\n'); k >= 0 && k < numberWindow/2 {
			off += k + 1
		} else if k := strings.IndexByte(body[off:], ' '); k >= 0 {
			off += k + 1
		}
	}
	n, found := lastNumber(body[off:])
	n.start += off
	n.end += off
	if !found || qualifiedNumber(body, n.start, n.end) {
		return 0, 0, "", false
	}
	s, e := wholeExpression(body, n.start, n.end)
	if e-s >= maxExpression {
		return 0, 0, "the expression around the last number runs past " + itoa(maxExpression) + " bytes, no whole expression to read", false
	}
	sent := max(sentenceStart(body, s), s-maxSentence, off)
	// a remark after the answer: "15 apples, which is 3 more than Tom's 12"
	if m := lastRemark(body[sent:s]); m >= 0 {
		if p, found := lastNumber(body[sent : sent+m]); found && !qualifiedNumber(body, sent+p.start, sent+p.end) {
			s, e = wholeExpression(body, sent+p.start, sent+p.end)
			return s, e, "", true
		}
	}
	// several values listed in the last sentence: "15 and 12", "x = 3 and y = 5", "3 or 4"
	if prev, ok := listedBefore(body, sent, s); ok {
		return 0, 0, "the last sentence lists several values (" + prev + " and " + body[s:e] + ") and no answer statement picks one", false
	}
	return s, e, "", true
}

// attached reports whether r belongs to the expression a number sits in:
// letters (x, i, π), digits, superscripts, roots and operators written
// without spaces (36π, 2√3, 10i, 2^{10}, π/4, 3+4i).
func attached(r rune) bool {
	if r < utf8.RuneSelf {
		c := byte(r)
		return isLetter(c) || isDigit(c) || strings.IndexByte(`^_{}\/+-()[]!%'|`, c) >= 0
	}
	switch r {
	case '—', '–', '…', '“', '”', '‘', '’', '«', '»':
		return false
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Sm, r) || unicode.Is(unicode.So, r) || r == '√' || r == '·'
}

// maxExpression bounds how far a number is grown into its expression (on
// each side), maxSentence how far back its sentence is read, and
// numberWindow how much of a reply's end the number tier reads.
const (
	maxExpression = 200
	maxSentence   = 2048
	numberWindow  = 64 << 10
)

// wholeExpression grows the number at body[s:e] to the run of attached
// characters around it, less the sentence's closing punctuation, unbalanced
// brackets, and a hyphenated word or an ordinal after it ("15-year-old",
// "3rd").
func wholeExpression(body string, s, e int) (int, int) {
	s0, e0 := s, e
	for s > 0 && s0-s < maxExpression {
		r, size := utf8.DecodeLastRuneInString(body[:s])
		if !attached(r) {
			break
		}
		s -= size
	}
	for e < len(body) && e-e0 < maxExpression {
		r, size := utf8.DecodeRuneInString(body[e:])
		if !attached(r) {
			// "2.5" is read by lastNumber; a period or comma inside an
			// expression ("3.5x") joins it only before an attached
			// character that is no space
			if (r == '.' || r == ',') && e+1 < len(body) && isDigit(body[e+1]) && e > 0 && isDigit(body[e-1]) {
				e++
				continue
			}
			break
		}
		if r == '-' && e+2 < len(body) && isLetter(body[e+1]) && isLetter(body[e+2]) {
			break // "15-year-old": a hyphenated word
		}
		e += size
	}
	// an ordinal or a plural of a number is the number's word: 3rd, 1990s
	if e > e0 {
		w := asciiLower(body[e0:e])
		for _, suf := range []string{"st", "nd", "rd", "th"} {
			if w == suf {
				e = e0
			}
		}
	}
	// a sentence's own punctuation and a quote or bracket around the
	// expression are not part of it
	for {
		changed := false
		for e > e0 && strings.IndexByte(".,;:!?'", body[e-1]) >= 0 {
			e--
			changed = true
		}
		t := body[s:e]
		if strings.Count(t, "(") < strings.Count(t, ")") && e > e0 && body[e-1] == ')' {
			e--
			changed = true
		}
		if strings.Count(t, "(") > strings.Count(t, ")") && s < s0 && body[s] == '(' {
			s++
			changed = true
		}
		if strings.Count(t, "[") < strings.Count(t, "]") && e > e0 && body[e-1] == ']' {
			e--
			changed = true
		}
		if strings.Count(t, "[") > strings.Count(t, "]") && s < s0 && body[s] == '[' {
			s++
			changed = true
		}
		if strings.Count(t, "{") > strings.Count(t, "}") && s < s0 && body[s] == '{' {
			s++
			changed = true
		}
		if strings.Count(t, "{") < strings.Count(t, "}") && e > e0 && body[e-1] == '}' {
			e--
			changed = true
		}
		if !changed {
			break
		}
	}
	// a sign before the expression is its own ("-5"), but a word joined
	// by a hyphen before it is not ("COVID-19" stays whole)
	return s, e
}

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

// lastRemark returns where the last remark marker of s starts, or -1.
func lastRemark(s string) int {
	low := asciiLower(s)
	best := -1
	for _, m := range remarkMarkers {
		if k := strings.LastIndex(low, m); k > best {
			best = k
		}
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

// attachedAfter returns where the expression written onto body[p:] with
// no space ends ("$36$π", "$2$√3"), or p when nothing is: a sentence's
// punctuation, a hyphenated word ("$x$-axis"), an ordinal or a plural
// ("$5$th", "$1990$s") and a unit word are not part of it.
func attachedAfter(body string, p int) int {
	e := p
	for e < len(body) && e-p < maxExpression {
		r, size := utf8.DecodeRuneInString(body[e:])
		if !attached(r) || r == '-' || r == '(' || r == ')' || r == '\'' || r == '[' || r == ']' {
			break
		}
		e += size
	}
	for e > p && strings.IndexByte(".,;:!?", body[e-1]) >= 0 {
		e--
	}
	w := asciiLower(body[p:e])
	switch w {
	case "st", "nd", "rd", "th", "s", "es":
		return p
	}
	if isNounText(w) || droppedWord(w) {
		return p // a word glued to the formula ("$5$cm", "$3$apples") is a unit or noun, read as such elsewhere
	}
	if strings.IndexFunc(body[p:e], func(r rune) bool { return r >= 0x80 || isDigit(byte(r)) || r == '^' || r == '/' || r == '\\' }) < 0 && len(w) > 1 {
		return p // plain letters: a word glued on, not math
	}
	return e
}
