package answer

import (
	"iter"
	"sort"
	"strings"

	"github.com/matheval/matheval/texscan"
)

// reply is the body of one reply, after its reasoning and leakage are cut,
// as the extraction tiers and the conclude and deny rules read it (issue
// 28: a reply scanned once). Each view of the body (its tokens, its math
// segments, its boxes, its lines) is built on first use and then shared by
// every reader after it, instead of each tier scanning the string again;
// offsets in the views are the body's, base turns them into the reply's.
// A cut that shortens the body (a check, a next exercise) makes a new
// reply: a view of the longer body may hold a formula the cut splits.
type reply struct {
	full       string // the whole reply: candidates' offsets are in it
	start, end int    // the body is full[start:end]
	body       string

	toks     []texscan.Token
	toksDone bool
	segs     []texscan.Seg
	segsDone bool
	boxes    []boxSpan
	boxDone  bool
	lines    [][2]int // non-empty lines, trimmed, in order
	lineDone bool
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

// tokens are the body's tokens; nil for a body the scanner refuses (over
// its limit of bytes, which MaxReply keeps far below).
func (r *reply) tokens() []texscan.Token {
	if !r.toksDone {
		r.toks, _ = texscan.Tokens(r.body, texscan.Limits{})
		r.toksDone = true
	}
	return r.toks
}

// segments are the math segments of the body, in order.
func (r *reply) segments() []texscan.Seg {
	if !r.segsDone {
		r.segs, r.segsDone = texscan.Segments(r.body), true
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
		for b := range boxesOf(r.body) {
			r.boxes = append(r.boxes, b)
		}
		r.boxDone = true
	}
	return r.boxes
}

// boxesOf yields the boxes of s in order, read as they are asked for (a
// reader that wants the first run of boxes of a long text stops early).
func boxesOf(s string) iter.Seq[boxSpan] {
	return func(yield func(boxSpan) bool) {
		for i := 0; i < len(s); {
			j := strings.IndexByte(s[i:], '\\')
			if j < 0 {
				return
			}
			p := i + j
			cs, ce, end, ok := boxAt(s, p)
			if !ok {
				i = p + 1
				continue
			}
			if !yield(boxSpan{start: p, cs: cs, ce: ce, end: end}) {
				return
			}
			i = end
		}
	}
}

// lineSpans are the body's lines that hold more than spaces, each trimmed
// of its spaces, in order.
func (r *reply) lineSpans() [][2]int {
	if !r.lineDone {
		for s := 0; s <= len(r.body); {
			e := strings.IndexByte(r.body[s:], '\n')
			if e < 0 {
				e = len(r.body)
			} else {
				e += s
			}
			if ts, te := trimSpan(r.body, s, e); ts < te {
				r.lines = append(r.lines, [2]int{ts, te})
			}
			s = e + 1
		}
		r.lineDone = true
	}
	return r.lines
}

// openDelimsOf reports whether the body leaves a \[ or \( open (openDelims
// of its tokens).
func (r *reply) openDelimsOf() bool { return openDelims(r.tokens()) }

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
func boxAt(s string, i int) (cs, ce, end int, ok bool) {
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
		close := matchBrace(s, k)
		if close < 0 {
			// An unclosed box (a cut or malformed reply) holds the rest of
			// the text, unless another box follows.
			if strings.Contains(s[k:], `\boxed`) || strings.Contains(s[k:], `\fbox`) {
				return 0, 0, 0, false
			}
			e := len(s)
			for e > k+1 && (isSpace(s[e-1]) || s[e-1] == '$' || s[e-1] == '.') {
				e--
			}
			if e <= k+1 {
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

// sentenceSpans splits body into sentence spans.
func sentenceSpans(body string) [][2]int {
	var out [][2]int
	_, e := trimSpan(body, 0, len(body))
	s := 0
	for s < e {
		b := nextBoundary(body[:e], s)
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

// nextBoundary returns the end of the first sentence of s that starts at i,
// or -1 when the sentence runs to the end of s.
func nextBoundary(s string, i int) int {
	for i < len(s) {
		for i < len(s) && !boundaryBytes[s[i]] {
			i++
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		switch {
		case c == '$' || c == '\\':
			// a formula is skipped whole, and so is a command (\. is no
			// period); a delimiter that opens no formula is text
			if g, ok := texscan.SegmentAt(s, i); ok {
				i = g.End
				continue
			}
			if t, _ := texscan.NewScanner(s, i).Next(); t.Kind == texscan.Command {
				i = t.End()
				continue
			}
		case (c == '.' || c == '!' || c == '?') && (i+1 >= len(s) || isSpace(s[i+1])):
			if !(c == '.' && isAbbrev(s[:i])) {
				return i + 1
			}
		case c == '\n':
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
	for _, c := range []byte(".!?\n$\\") {
		t[c] = true
	}
	return t
}()

// openDelims reports whether the tokens of a text open more \[ than they
// close with \], or more \( than \) (texscan's delimiters: the \\ of a
// line break before "[2pt]" or "(a)" opens none). The spaces at the text's
// end, which endsInsideFormula trims, hold no delimiter.
func openDelims(toks []texscan.Token) bool {
	sq, par := 0, 0
	for _, t := range toks {
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
