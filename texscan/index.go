package texscan

// EOF is the kind of the empty token that Index.At returns at or past the
// end of the text and Index.Before at its start; the scanner itself never
// returns it.
const EOF Kind = 255

// Index finds the token at any byte offset of a text scanned once, for a
// reader that moves through the text by offsets and may stop inside a
// token (a parser that takes one letter of a word as a variable, or one
// digit of a number as an exponent). At(off) is always the token a Scanner
// started at off would read first; the text is scanned again only from an
// offset inside a token other than a word. Looking up the offset after the
// last one looked up costs O(1); any other costs O(log n).
type Index struct {
	src  string
	toks []span
	hint int // the token last looked up
}

// span is one token of an indexed text: where it ends and its kind (it
// starts where the one before it ends). Eight bytes and no pointer, where
// a Token is 32 bytes with one: an index is built for every short answer a
// parser reads, and its allocation is most of its cost.
type span struct {
	end  uint32
	kind Kind
}

// NewIndex scans src, refusing a text over lim.MaxBytes (and over 4 GiB,
// which no Limits allows: the offsets are 32 bits).
func NewIndex(src string, lim Limits) (Index, error) {
	lim = lim.orDefault()
	if err := lim.check(src); err != nil {
		return Index{}, err
	}
	if uint64(len(src)) >= 1<<32 {
		return Index{}, &Error{Pos: 0, Msg: "text over 4 GiB"}
	}
	// one pass, into a slice sized for an answer's usual density (about a
	// token for every two bytes)
	toks := make([]span, 0, len(src)/2+1)
	for i := 0; i < len(src); {
		k := scanAt(src, i)
		i += k.n
		toks = append(toks, span{end: uint32(i), kind: k.kind})
	}
	return Index{src: src, toks: toks}, nil
}

// Source is the indexed text.
func (x *Index) Source() string { return x.src }

// Len is the number of tokens of the text.
func (x *Index) Len() int { return len(x.toks) }

// Token returns the k-th token of the text (0 <= k < Len()).
func (x *Index) Token(k int) Token {
	start := 0
	if k > 0 {
		start = int(x.toks[k-1].end)
	}
	return Token{Kind: x.toks[k].kind, Pos: start, Text: x.src[start:x.toks[k].end]}
}

// find returns the index of the token that holds byte off (0 <= off <
// len(src)).
func (x *Index) find(off int) int {
	holds := func(k int) bool {
		return k < len(x.toks) && off < int(x.toks[k].end) && (k == 0 || int(x.toks[k-1].end) <= off)
	}
	if holds(x.hint) {
		return x.hint
	}
	if holds(x.hint + 1) {
		x.hint++
		return x.hint
	}
	lo, hi := 0, len(x.toks)-1
	for lo < hi {
		m := (lo + hi) / 2
		if int(x.toks[m].end) <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	x.hint = lo
	return lo
}

// At returns the token that starts at byte offset off: the text's token
// there or, when off falls inside one, the token a scanner started at off
// reads (the rest of a word; anything else is scanned again from off). At
// or past the end of the text it is an empty token of kind EOF at the end.
func (x *Index) At(off int) Token {
	off = max(0, off)
	if off >= len(x.src) {
		return Token{Kind: EOF, Pos: len(x.src)}
	}
	t := x.Token(x.find(off))
	if t.Pos == off {
		return t
	}
	if t.Kind == Word {
		// the rest of the run of letters: scanning it again at each of its
		// letters would be quadratic in a long run
		return Token{Kind: Word, Pos: off, Text: x.src[off:t.End()]}
	}
	s := Scanner{src: x.src, pos: off}
	t, _ = s.Peek()
	return t
}

// Before returns the text's token that holds the byte before offset off,
// cut to end at off, or an empty token of kind EOF at offset 0 when off is
// at the start of the text.
func (x *Index) Before(off int) Token {
	off = min(off, len(x.src))
	if off <= 0 {
		return Token{Kind: EOF}
	}
	t := x.Token(x.find(off - 1))
	t.Text = t.Text[:off-t.Pos]
	return t
}
