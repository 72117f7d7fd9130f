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
