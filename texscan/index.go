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
	toks []Token
	hint int // the token last looked up
}

// NewIndex scans src, refusing a text over lim.MaxBytes.
func NewIndex(src string, lim Limits) (Index, error) {
	toks, err := Tokens(src, lim)
	if err != nil {
		return Index{}, err
	}
	return Index{src: src, toks: toks}, nil
}

// Source is the indexed text.
func (x *Index) Source() string { return x.src }

// Tokens are the tokens of the text (not to be modified).
func (x *Index) Tokens() []Token { return x.toks }

// find returns the index of the token that holds byte off (0 <= off <
// len(src)).
func (x *Index) find(off int) int {
	k := x.hint
	if k < len(x.toks) && x.toks[k].Pos <= off && off < x.toks[k].End() {
		return k
	}
	if k+1 < len(x.toks) && x.toks[k+1].Pos <= off && off < x.toks[k+1].End() {
		x.hint = k + 1
		return k + 1
	}
	lo, hi := 0, len(x.toks)-1
	for lo < hi {
		m := (lo + hi) / 2
		if x.toks[m].End() <= off {
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
	t := x.toks[x.find(off)]
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
	t := x.toks[x.find(off-1)]
	t.Text = t.Text[:off-t.Pos]
	return t
}
