package answer

import (
	"sort"
	"strings"

	"github.com/matheval/matheval/texscan"
)

// reply is the body of one reply, after its reasoning and leakage are cut,
// as the extraction tiers and the conclude and deny rules read it (issue
// 28: a reply scanned once). Each view of the body (its math segments, its
// boxes, its last line, its sentences) is built on first use and then
// shared by every reader after it, instead of each tier scanning the
// string again; offsets in the views are the body's, start turns them into
// the reply's. Its tokens are streamed (tokens), not held: a slice of them
// costs 40 bytes a token, 470 MB for a 14 MB reply (BenchmarkExtractLongSum),
// where a Scanner allocates nothing.
// A cut that shortens the body (a check, a next exercise) makes a new
// reply: a view of the longer body may hold a formula the cut splits.
type reply struct {
	full       string // the whole reply: candidates' offsets are in it
	start, end int    // the body is full[start:end]
	body       string

	segs     []texscan.Seg
	segsDone bool
	boxes    []boxSpan
	boxDone  bool
	lastLine [2]int // the last line holding more than spaces, trimmed
	lineDone bool
	low      string // the body in lower case (ASCII), offsets unchanged
	lowDone  bool
	sents    [][2]int // sentences of body[sentFrom:], trimmed, in order
	sentFrom int
	sentDone bool
}

// boxSpan is one \boxed, \fbox or \framebox of a text: it starts at start
// (its backslash), its content is [cs, ce) and the box ends at end.
type boxSpan struct{ start, cs, ce, end int }

func newReply(full string, start, end int) *reply {
	return &reply{full: full, start: start, end: end, body: full[start:end]}
}

// tokens returns a scanner of the body's tokens from offset from.
func (r *reply) tokens(from int) *texscan.Scanner { return texscan.NewScanner(r.body, from) }

// segments are the math segments of the body, in order.
func (r *reply) segments() []texscan.Seg {
	if !r.segsDone {
		// a segment takes at least two dollars or one other opener: the
		// count bounds the segments, and the slice is made once (up to 64:
		// a reply of a million dollars grows its slice as it finds them)
		b := r.body
		n := strings.Count(b, "$")/2 + strings.Count(b, `\(`) + strings.Count(b, `\[`) + strings.Count(b, `\begin{`)
		n = min(n, 64)
		r.segs, r.segsDone = texscan.AppendSegments(make([]texscan.Seg, 0, n), b), true
	}
	return r.segs
}

// segmentAround returns the segment of the body whose content holds
// [start, end): every box of a reply asks which segment holds it, and the
// reply is scanned for segments once, not once per box (4,000 boxes took
// 14 s).
func (r *reply) segmentAround(start, end int) (texscan.Seg, bool) {
	return segmentAround(r.segments(), start, end)
}

func segmentAround(segs []texscan.Seg, start, end int) (texscan.Seg, bool) {
	// segments do not overlap and come in order: the last one whose
	// content starts at or before start is the only candidate
	k := sort.Search(len(segs), func(i int) bool { return segs[i].CS > start }) - 1
	if k >= 0 && segs[k].CS <= start && end <= segs[k].CE {
		return segs[k], true
	}
	return texscan.Seg{}, false
}

// boxList is every box of the body in order; a box inside another's
// content is part of it, not a box of the list.
func (r *reply) boxList() []boxSpan {
	if !r.boxDone {
		var partners map[int]int
		if strings.Count(r.body, `\boxed`)+strings.Count(r.body, `\fbox`) > 64 {
			// many boxes: their braces matched in one pass, not one
			// scan to the end of the reply per box never closed
			partners = texscan.Partners(r.body, texscan.Braces, texscan.Limits{MaxDepth: len(r.body) + 1})
		}
		for i := 0; ; {
			b, next, ok := nextBoxWith(r.body, i, partners)
			if !ok {
				break
			}
			r.boxes, i = append(r.boxes, b), next
		}
		r.boxDone = true
	}
	return r.boxes
}

// nextBox reads the first box of s at or after offset i, and returns it
// and the offset to read the next one from (its end: a box inside it is
// part of it).
func nextBox(s string, i int) (boxSpan, int, bool) { return nextBoxWith(s, i, nil) }

// nextBoxWith is nextBox with the brace partners of s (texscan.Partners),
// or nil to match each box's brace alone.
func nextBoxWith(s string, i int, partners map[int]int) (boxSpan, int, bool) {
	for i < len(s) {
		j := strings.IndexByte(s[i:], '\\')
		if j < 0 {
			break
		}
		p := i + j
		if cs, ce, end, ok := boxAtWith(s, p, partners); ok {
			return boxSpan{start: p, cs: cs, ce: ce, end: end}, end, true
		}
		i = p + 1
	}
	return boxSpan{}, len(s), false
}

// lastLineSpan is the body's last line that holds more than spaces,
// trimmed of them; false when there is none. It is read from the end: only
// the line tier asks, and only the last line.
func (r *reply) lastLineSpan() ([2]int, bool) {
	if !r.lineDone {
		r.lastLine, r.lineDone = [2]int{-1, -1}, true
		for e := len(r.body); e > 0; {
			s := strings.LastIndexByte(r.body[:e], '\n') + 1
			if ts, te := trimSpan(r.body, s, e); ts < te {
				r.lastLine = [2]int{ts, te}
				break
			}
			if s == 0 {
				break
			}
			e = s - 1
		}
	}
	return r.lastLine, r.lastLine[0] >= 0
}

// openDelimsOf reports whether the body leaves a \[ or \( open (openDelims
// of its tokens).
func (r *reply) openDelimsOf() bool { return openDelims(r.tokens(0)) }

// sentencesFrom are the sentences of the body from offset from on (a line
// start: the conclude rules read the last sentences only, not a 14 MB
// reply's every one), in body offsets; found once for a given start.
func (r *reply) sentencesFrom(from int) [][2]int {
	if !r.sentDone || r.sentFrom != from {
		r.sents = sentenceSpans(r.body[from:])
		for i := range r.sents {
			r.sents[i][0] += from
			r.sents[i][1] += from
		}
		r.sentFrom, r.sentDone = from, true
	}
	return r.sents
}

func hasPrefixBox(s string) bool {
	return strings.HasPrefix(s, `\boxed`) || strings.HasPrefix(s, `\fbox`) || strings.HasPrefix(s, `\framebox`)
}

// boxAt parses a box starting at s[i] == '\\'. It returns the content span
// and the end of the whole box.
func boxAt(s string, i int) (cs, ce, end int, ok bool) { return boxAtWith(s, i, nil) }

// boxAtWith is boxAt with the brace partners of s, or nil.
func boxAtWith(s string, i int, partners map[int]int) (cs, ce, end int, ok bool) {
	var j int
	switch {
	case strings.HasPrefix(s[i:], `\boxed`):
		j = i + len(`\boxed`)
	case strings.HasPrefix(s[i:], `\fbox`):
		j = i + len(`\fbox`)
	case strings.HasPrefix(s[i:], `\framebox`):
		j = i + len(`\framebox`)
	default:
		return 0, 0, 0, false
	}
	if j < len(s) && isLetter(s[j]) {
		return 0, 0, 0, false // \boxedfoo is another command
	}
	k := j
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	if openAt(s, k) {
		close := -1
		if partners != nil {
			if c, found := partners[k]; found {
				close = c
			}
		} else {
			close = matchBrace(s, k)
		}
		if close < 0 {
			// An unclosed box is read only when its formula is closed after
			// it ("\boxed{\epsilon = \frac{a}{b}\n\]": a brace forgotten at
			// the end). Otherwise the reply was cut inside its answer, and
			// what the box holds may go on ("\boxed{12" of 125, "\boxed{3:"
			// of 3:4): no answer.
			if strings.Contains(s[k:], `\boxed`) || strings.Contains(s[k:], `\fbox`) {
				return 0, 0, 0, false
			}
			t := strings.TrimRight(s, " \t\r\n.")
			var e int
			switch {
			case strings.HasSuffix(t, `\]`), strings.HasSuffix(t, `\)`):
				e = len(t) - 2
			case strings.HasSuffix(t, "$$"):
				e = len(t) - 2
			case strings.HasSuffix(t, "$"):
				e = len(t) - 1
			default:
				return 0, 0, 0, false
			}
			for e > k+1 && isSpace(s[e-1]) {
				e--
			}
			if e <= k+1 || !isDigit(s[e-1]) && !isLetter(s[e-1]) && !strings.ContainsRune(")]}|!'", rune(s[e-1])) {
				return 0, 0, 0, false
			}
			return k + 1, e, len(s), true
		}
		return k + 1, close, close + 1, true
	}
	if k == j {
		return 0, 0, 0, false // "\boxed5" is not a box; "\boxed 5" is
	}
	// \boxed 5: what follows up to a space, a dollar, a closing brace or
	// a command (the scanner's tokens: a backslash starts a command or a
	// delimiter).
	e := k
	for sc := texscan.NewScanner(s, k); ; {
		t, ok := sc.Next()
		if !ok || t.Kind == texscan.Space || t.Kind == texscan.Newline || t.Kind == texscan.MathShift ||
			t.Kind == texscan.Close || t.Text[0] == '\\' {
			break
		}
		e = t.End()
	}
	if e == k {
		return 0, 0, 0, false
	}
	cs, ce = k, e
	// Drop a trailing sentence period: "\boxed 5." answers 5.
	for ce > cs && (s[ce-1] == '.' || s[ce-1] == ',') {
		ce--
	}
	if ce == cs {
		return 0, 0, 0, false
	}
	return cs, ce, e, true
}

// The reply's one sentence splitter. A sentence ends at ".", "!" or "?"
// before a space or the end (not at the period of an abbreviation, and
// never inside a formula or a command: \. is no period) and at a blank
// line that does not continue a clause. Two places read sentences with a
// stricter or a looser rule, as flags of the same scan:
//   - inLine: an answer line's first sentence (anchor.go) ends at a period
//     only before a capital letter: "3 ft. by 4 ft." and "5. (We …)" go
//     on, "7. Earlier I wrote 9" stops;
//   - byLine: a plain reply's last sentence (plain.go) also ends at every
//     line break and at ": ", since a plain reply's lines are its
//     statements ("Total: 12"), and reads a line as text, not
//     skipping what looks like a formula.
type splitRule uint8

const (
	inLine splitRule = 1 << iota
	byLine
)

// sentenceSpans splits body into sentence spans.
func sentenceSpans(body string) [][2]int {
	var out [][2]int
	_, e := trimSpan(body, 0, len(body))
	s := 0
	for s < e {
		b := nextBoundary(body[:e], s, 0)
		if b < 0 {
			b = e
		}
		if ts, te := trimSpan(body, s, b); ts < te {
			out = append(out, [2]int{ts, te})
		}
		s = b
	}
	return out
}

// sentenceEnd returns where the first sentence of an answer's line ends
// (inLine): at its closing punctuation, or at the line's end.
func sentenceEnd(line string) int {
	b := nextBoundary(line, 0, inLine)
	if b < 0 {
		return len(line)
	}
	return b - 1
}

// sentenceStart returns where the sentence of a plain reply that holds
// body[p] starts (byLine), reading back at most maxSentence bytes.
func sentenceStart(body string, p int) int {
	from := max(strings.LastIndexByte(body[:p], '\n')+1, p-maxSentence)
	start := from
	for {
		b := nextBoundary(body[:p], start, byLine)
		if b < 0 {
			return start
		}
		start = b
	}
}

// nextBoundary returns the end of the first sentence of s that starts at i,
// or -1 when the sentence runs to the end of s.
func nextBoundary(s string, i int, rule splitRule) int {
	for i < len(s) {
		for i < len(s) && !boundaryBytes[s[i]] {
			i++
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		switch {
		case (c == '$' || c == '\\') && rule&byLine == 0:
			// a formula is skipped whole, and so is a command (\. is no
			// period); a delimiter that opens no formula is text. byLine
			// reads a line as text: in "The cost is $18. He pays $3 each."
			// the dollars are money, and the lines of a plain reply hold
			// no multi-line display
			if g, ok := texscan.SegmentAt(s, i); ok {
				i = g.End
				continue
			}
			if t, _ := texscan.NewScanner(s, i).Next(); t.Kind == texscan.Command {
				i = t.End()
				continue
			}
		case c == '.' || c == '!' || c == '?':
			if rule&(inLine|byLine) != 0 {
				// these rules want a space after the mark, and inLine
				// a capital letter after the spaces
				if i+1 >= len(s) || s[i+1] != ' ' {
					break
				}
				if rule&inLine != 0 {
					j := i + 1
					for j < len(s) && s[j] == ' ' {
						j++
					}
					if j >= len(s) || s[j] < 'A' || s[j] > 'Z' {
						break
					}
				}
			} else if i+1 < len(s) && !isSpace(s[i+1]) {
				break
			}
			if !(c == '.' && isAbbrev(s[:i])) {
				return i + 1
			}
		case c == 0xE3 || c == 0xEF:
			// the full-width sentence marks of Chinese and Japanese
			// (。！？) end a sentence with no space after them
			for _, m := range []string{"。", "！", "？"} {
				if strings.HasPrefix(s[i:], m) {
					return i + len(m)
				}
			}
		case c == ':':
			if rule&byLine != 0 && i+1 < len(s) && s[i+1] == ' ' {
				return i + 1
			}
		case c == '\n':
			if rule&byLine != 0 {
				return i + 1
			}
			j := i + 1
			for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
				j++
			}
			if j < len(s) && s[j] == '\n' && !continues(s[:i]) {
				return i + 1
			}
		}
		i++
	}
	return -1
}

// boundaryBytes are the bytes nextBoundary stops at.
var boundaryBytes = func() (t [256]bool) {
	for _, c := range []byte(".!?:\n$\\\xe3\xef") {
		t[c] = true
	}
	return t
}()

// openDelims reports whether the tokens sc reads open more \[ than they
// close with \], or more \( than \) (texscan's delimiters: the \\ of a
// line break before "[2pt]" or "(a)" opens none). The spaces at the text's
// end, which endsInsideFormula trims, hold no delimiter.
func openDelims(sc *texscan.Scanner) bool {
	sq, par := 0, 0
	for {
		t, ok := sc.Next()
		if !ok {
			break
		}
		switch t.Text {
		case `\[`:
			sq++
		case `\]`:
			sq--
		case `\(`:
			par++
		case `\)`:
			par--
		}
	}
	return sq > 0 || par > 0
}

// continues reports whether the text before a blank line announces what
// follows ("we get:", "then,"), so that the sentence goes on after it.
func continues(before string) bool {
	t := strings.TrimRight(before, " \t\r\n*")
	if t == "" {
		return false
	}
	switch t[len(t)-1] {
	case ':', ',', '=':
		return true
	}
	return false
}

// lower is the body with its ASCII letters in lower case (the offsets are
// the body's): the anchors are searched in it, and the conclude rules
// read their gaps from it, lowering the body once.
func (r *reply) lower() string {
	if !r.lowDone {
		r.low, r.lowDone = asciiLower(r.body), true
	}
	return r.low
}

// lowerSpan is r.full[p:q] in lower case, cut from the lowered body when
// the span lies in it.
func (r *reply) lowerSpan(p, q int) string {
	if r.start <= p && p <= q && q <= r.end {
		return r.lower()[p-r.start : q-r.start]
	}
	return asciiLower(r.full[p:q])
}
