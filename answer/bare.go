package answer

import (
	"strings"

	"github.com/matheval/matheval/texseg"
)

// bareLongMax bounds a bare answer longer than Extraction.BareMax: such a
// one-line reply is still one answer (a long polynomial, a long list) when
// it holds no prose, and is graded whole, never by its last number.
const bareLongMax = 16 << 10

// bareGoldMax is bareLongMax for a gold text (Extraction.BareProse).
const bareGoldMax = 1 << 20

// bare takes a reply that is only an answer: one line, no math delimiters,
// at most BareMax bytes (16 KiB when it holds no prose at all), and not a
// sentence unless the extraction allows prose.
func bare(body string, base int, ex Extraction) (Candidate, bool) {
	s, e := trimSpan(body, 0, len(body))
	max := ex.BareMax
	if max <= 0 {
		max = 256
	}
	long := e-s > max
	limit := bareLongMax
	if ex.BareProse {
		limit = bareGoldMax // a gold text is an answer: read whole, so the parser's limits name what is wrong
	}
	if long && e-s > limit {
		return Candidate{}, false
	}
	t := body[s:e]
	// markdown bold around the whole answer ("**2**") is emphasis, not
	// part of it; so is markdown italic ("*2*", "_2_") and inline code
	// ("`2`"), one pair each
	for _, m := range []string{"**", "*", "__", "_", "`"} {
		if len(t) > 2*len(m) && strings.HasPrefix(t, m) && strings.HasSuffix(t, m) && !strings.ContainsAny(t[len(m):len(t)-len(m)], m[:1]) {
			s, e = s+len(m), e-len(m)
			t = body[s:e]
			break
		}
	}
	if strings.ContainsAny(t, "\n\r") {
		// An answer broken across lines ("\frac{1}" then "{2}") is one
		// answer, never its last line's number: the lines are joined, and
		// the checks below still turn away prose. Its span keeps the line
		// breaks; the text is the joined one.
		if long {
			return Candidate{}, false
		}
		t = strings.Join(strings.Fields(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(t)), " ")
		if _, ok := texseg.Next(t, 0); ok {
			return Candidate{}, false
		}
		if isProse(t) || hasStrayWord(t) || hasForeignText(t) {
			return Candidate{}, false
		}
		return Candidate{Text: t, Kind: KindBare, Pos: base + s, End: base + e}, true
	}
	if _, ok := texseg.Next(t, 0); ok {
		return Candidate{}, false // math segments are the math tier's
	}
	// A sentence period at the end is not part of the answer; three dots
	// are an ellipsis, which the parser reads ("1, 2, ..." is a sequence
	// going on, never the list 1, 2; "2..." ends the value 2).
	for len(t) > 0 && t[len(t)-1] == '.' && !strings.HasSuffix(t, "...") && !(len(t) >= 2 && isDigit(t[len(t)-2]) && strings.Count(t, ".") > 1) {
		if isAbbrev(t[:len(t)-1]) {
			break
		}
		t = t[:len(t)-1]
		e--
	}
	if t == "" {
		return Candidate{}, false
	}
	// Words in another language on a one-line reply ("\\text{不是 }2") are
	// part of the answer: the comparison sees them whole, never the last
	// number alone.
	// A time of day alone ("3:30 pm") is an answer, its a.m./p.m. no stray word.
	if c, ok := ParseClock(t); ok && c.Rest == "" && c.Valid() {
		return Candidate{Text: t, Kind: KindBare, Pos: base + s, End: base + e}, true
	}
	if (!ex.BareProse || long) && (isProse(t) || hasStrayWord(t)) && !(hasForeignText(t) && !long) {
		return Candidate{}, false
	}
	return Candidate{Text: t, Kind: KindBare, Pos: base + s, End: base + e}, true
}

// lastLine is the line tier's candidate: the reply's last line that holds
// more than spaces.
func lastLine(r *reply) (Candidate, bool) {
	l, ok := r.lastLineSpan()
	if !ok {
		return Candidate{}, false
	}
	return Candidate{Text: r.body[l[0]:l[1]], Kind: KindLine, Pos: r.start + l[0], End: r.start + l[1]}, true
}

// bareWords may stand beside a value in a bare answer ("2.5 million",
// "10 cm", "x = 1 or x = 2").
var bareWords = map[string]bool{"and": true, "or": true, "million": true, "billion": true, "thousand": true,
	"trillion": true, "pi": true, "mod": true, "inf": true, "infty": true}

// hasStrayWord reports whether t mixes a plain word (two or more letters,
// not a LaTeX command, a unit or a connective) with anything else: "So 5" is
// a sentence fragment, while "Even" alone or "10 cm" is an answer.
func hasStrayWord(t string) bool {
	if hasForeignText(t) {
		return true
	}
	stray, other := false, false
	for i := 0; i < len(t); {
		c := t[i]
		switch {
		case c == '\\':
			var name string
			name, i = commandAt(t, i) // "\\," and other one-character commands too
			if name == "text" || name == "mathrm" || name == "mbox" || name == "textbf" || name == "begin" || name == "end" || name == "operatorname" {
				i = pastGroupArg(t, i)
			}
			other = true
		case isLetter(c):
			j := i
			for j < len(t) && isLetter(t[j]) {
				j++
			}
			w := asciiLower(t[i:j])
			// Only a free-standing word counts: "orW(x)" or "AZYUK2A" is
			// notation for the engine to judge.
			free := (i == 0 || t[i-1] == ' ') && (j == len(t) || t[j] == ' ' || t[j] == ',' || t[j] == '.') &&
				!besideOperator(t, i, j)
			// Upper-case names of a few letters are points and figures
			// ("\triangle ABC", "AB"), not words.
			caps := j-i <= 4 && strings.ToUpper(t[i:j]) == t[i:j]
			if free && j-i >= 2 && !caps && !bareWords[w] && !droppedWord(w) {
				if stray {
					return true // two stray words
				}
				stray = true
			} else {
				other = true
			}
			i = j
		case isSpace(c) || c == '.' || c == ',':
			i++
		default:
			other = true
			i++
		}
	}
	return stray && other
}

// besideOperator reports whether the letters t[i:j] stand next to an
// arithmetic operator or relation (spaces aside): "ab + ac + bc" is a
// formula of two-letter products, not words.
func besideOperator(t string, i, j int) bool {
	const ops = "+-*/=^<>"
	for k := i - 1; k >= 0; k-- {
		if t[k] != ' ' {
			if strings.IndexByte(ops, t[k]) >= 0 {
				return true
			}
			break
		}
	}
	for k := j; k < len(t); k++ {
		if t[k] != ' ' {
			return strings.IndexByte(ops, t[k]) >= 0
		}
	}
	return false
}
