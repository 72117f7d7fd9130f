package texscan

import "fmt"

// Brackets selects the pairs that make groups for Match and Split.
type Brackets uint8

const (
	// Braces are { and }. An escaped brace (\{, \}) is a command, never a
	// group.
	Braces Brackets = 1 << iota
	// Parens are ( and ).
	Parens
	// Squares are [ and ].
	Squares
	// LeftRight is \left<delimiter> ... \right<delimiter>: the command and
	// its delimiter (the next token that is not a space: \left., \left(,
	// \left\{) open or close one group together, so \left( is one level
	// even with Parens set.
	LeftRight
	// Envs are \begin{name} and \end{name}.
	Envs
	// Math are the math delimiters \( \) and \[ \] (a formula standing in
	// a list is one item).
	Math

	// Bracketed is every bracket pair: braces, parentheses, square
	// brackets and \left...\right, not environments.
	Bracketed = Braces | Parens | Squares | LeftRight
)

// delta is how a token changes the nesting under b: +1 opens, -1 closes.
// delim is set for \left and \right, whose next non-space token is their
// delimiter and does not count again.
func (b Brackets) delta(t Token) (d int, delim bool) {
	switch t.Kind {
	case Open:
		if b&Braces != 0 {
			return 1, false
		}
	case Close:
		if b&Braces != 0 {
			return -1, false
		}
	case Begin:
		if b&Envs != 0 {
			return 1, false
		}
	case End:
		if b&Envs != 0 {
			return -1, false
		}
	case MathOpen:
		if b&Math != 0 {
			return 1, false
		}
	case MathClose:
		if b&Math != 0 {
			return -1, false
		}
	case Punct:
		switch t.Text[0] {
		case '(':
			if b&Parens != 0 {
				return 1, false
			}
		case ')':
			if b&Parens != 0 {
				return -1, false
			}
		case '[':
			if b&Squares != 0 {
				return 1, false
			}
		case ']':
			if b&Squares != 0 {
				return -1, false
			}
		}
	case Command:
		if b&LeftRight != 0 {
			if t.Is("left") {
				return 1, true
			}
			if t.Is("right") {
				return -1, true
			}
		}
	}
	return 0, false
}

// walker steps through tokens keeping the nesting depth under b.
type walker struct {
	s     Scanner
	b     Brackets
	lim   Limits
	depth int
	skip  bool // the next non-space token is a \left or \right delimiter
}

// step reads one token and updates the depth; d is the token's effect
// (+1, -1 or 0; 0 for the delimiter of a \left or \right, which its
// command counted). A closer with nothing open is read as text: it does not
// take the depth below zero.
func (w *walker) step() (t Token, d int, err error, ok bool) {
	t, ok = w.s.Next()
	if !ok {
		return t, 0, nil, false
	}
	if w.skip {
		if t.Kind == Space || t.Kind == Newline {
			return t, 0, nil, true
		}
		w.skip = false
		return t, 0, nil, true // the delimiter of \left or \right
	}
	d, w.skip = w.b.delta(t)
	switch {
	case d > 0:
		w.depth++
		if w.depth > w.lim.MaxDepth {
			return t, d, &Error{Pos: t.Pos, Msg: fmt.Sprintf("groups nested deeper than %d", w.lim.MaxDepth)}, true
		}
	case d < 0 && w.depth > 0:
		w.depth--
	}
	return t, d, nil, true
}

// Group is a bracketed group of a text: src[Start:End] is the whole group
// with its brackets and src[Inner:InnerEnd] what lies between them.
type Group struct {
	Start, Inner, InnerEnd, End int
}

// Match reads the group whose opening bracket (a token opening a group
// under b) starts at byte offset open, and returns it. With several kinds
// in b the kinds share one depth, so a half-open interval [0, 1) is one
// group. It fails when no such token starts at open, when the group is
// never closed, or when groups nest deeper than lim.MaxDepth.
func Match(src string, open int, b Brackets, lim Limits) (Group, error) {
	lim = lim.orDefault()
	if err := lim.check(src); err != nil {
		return Group{}, err
	}
	w := walker{s: Scanner{src: src, pos: max(0, min(open, len(src)))}, b: b, lim: lim}
	first, d, err, ok := w.step()
	if err != nil {
		return Group{}, err
	}
	if !ok || d <= 0 || first.Pos != open {
		return Group{}, &Error{Pos: open, Msg: "no opening bracket here"}
	}
	g := Group{Start: open, Inner: first.End()}
	if w.skip {
		if g.Inner, err = w.delimiter(); err != nil {
			return Group{}, err
		}
	}
	for {
		t, d, err, ok := w.step()
		if err != nil {
			return Group{}, err
		}
		if !ok {
			return Group{}, &Error{Pos: open, Msg: fmt.Sprintf("%q is never closed", first.Text)}
		}
		if d < 0 && w.depth == 0 {
			g.InnerEnd, g.End = t.Pos, t.End()
			if w.skip {
				if g.End, err = w.delimiter(); err != nil {
					return Group{}, err
				}
			}
			return g, nil
		}
	}
}

// delimiter reads the delimiter of a \left or \right just read and returns
// the offset after it.
func (w *walker) delimiter() (int, error) {
	for {
		t, _, _, ok := w.step()
		if !ok {
			return 0, &Error{Pos: w.s.pos, Msg: `\left or \right without a delimiter`}
		}
		if !w.skip {
			return t.End(), nil
		}
	}
}

// Split cuts src at every token whose text is one of seps ("," ";" "&"
// "=" `\\` `\approx` "\n"; "\n" stands for "\r\n" too) standing outside
// every group under b, and returns the pieces (len(seps) + 1 of them for n
// separators; the separators themselves are left out). A closer with
// nothing open is text. It fails only when groups nest deeper than
// lim.MaxDepth or the text is over lim.MaxBytes.
func Split(src string, b Brackets, lim Limits, seps ...string) ([]string, error) {
	spans, err := SplitSpans(src, b, lim, seps...)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(spans))
	for i, sp := range spans {
		out[i] = src[sp[0]:sp[1]]
	}
	return out, nil
}

// SplitSpans is Split returning the byte ranges [start, end) of the pieces.
func SplitSpans(src string, b Brackets, lim Limits, seps ...string) ([][2]int, error) {
	lim = lim.orDefault()
	if err := lim.check(src); err != nil {
		return nil, err
	}
	var out [][2]int
	w := walker{s: Scanner{src: src}, b: b, lim: lim}
	last := 0
	for {
		before, skip := w.depth, w.skip
		t, d, err, ok := w.step()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if !skip && d == 0 && before == 0 && isSep(t, seps) {
			out = append(out, [2]int{last, t.Pos})
			last = t.End()
		}
	}
	return append(out, [2]int{last, len(src)}), nil
}

func isSep(t Token, seps []string) bool {
	for _, s := range seps {
		if t.Text == s || (s == "\n" && t.Kind == Newline) {
			return true
		}
	}
	return false
}

// Balanced reports whether every group under b in src is closed and no
// closer comes with nothing open (so "}{" is not balanced). Groups nested
// deeper than lim.MaxDepth are reported as not balanced.
func Balanced(src string, b Brackets, lim Limits) bool {
	lim = lim.orDefault()
	if lim.check(src) != nil {
		return false
	}
	w := walker{s: Scanner{src: src}, b: b, lim: lim}
	for {
		before := w.depth
		_, d, err, ok := w.step()
		if err != nil {
			return false
		}
		if !ok {
			return w.depth == 0 && !w.skip
		}
		if d < 0 && before == 0 {
			return false
		}
	}
}

// Walker reads the tokens of a text keeping the nesting depth of the
// groups under its brackets, for a reader that stops on what the depth
// says (the end of a line outside every group, a separator at the top
// level) rather than at one group's end. A closer with nothing open is
// text: the depth never goes below zero.
type Walker struct {
	w   walker
	err error
}

// NewWalker returns a walker over src from byte offset start (clamped to
// the text) at depth zero. A text over lim.MaxBytes reads no token and
// sets Err.
func NewWalker(src string, start int, b Brackets, lim Limits) *Walker {
	lim = lim.orDefault()
	w := &Walker{w: walker{s: Scanner{src: src, pos: max(0, min(start, len(src)))}, b: b, lim: lim}}
	if err := lim.check(src); err != nil {
		w.err = err
		w.w.s.pos = len(src)
	}
	return w
}

// Next returns the next token and its effect on the depth: +1 for an
// opener, -1 for a closer (also one with nothing open), 0 otherwise (and
// for the delimiter of a \left or \right, which its command counted). It
// reports false at the end of the text or once groups nest deeper than the
// limit (then Err says so).
func (w *Walker) Next() (t Token, d int, ok bool) {
	if w.err != nil {
		return Token{}, 0, false
	}
	t, d, err, ok := w.w.step()
	if err != nil {
		w.err = err
		return Token{}, 0, false
	}
	return t, d, ok
}

// Depth is the nesting depth after the last token read.
func (w *Walker) Depth() int { return w.w.depth }

// Pos is the offset of the next token.
func (w *Walker) Pos() int { return w.w.s.pos }

// Err is the refusal that stopped the walker, or nil.
func (w *Walker) Err() error { return w.err }

// Partners returns, for every opening bracket of src under b that is
// closed, the offset of its closing bracket (Match's InnerEnd), found in
// one pass: a caller that would Match many groups of one text (a reply
// with thousands of \boxed{ never closed) reads them here in linear time.
// It returns nil when the text is over the limits or nests deeper.
func Partners(src string, b Brackets, lim Limits) map[int]int {
	w := NewWalker(src, 0, b, lim)
	out := map[int]int{}
	var open []int
	for {
		t, d, ok := w.Next()
		if !ok {
			break
		}
		switch {
		case d > 0:
			open = append(open, t.Pos)
		case d < 0 && len(open) > 0:
			out[open[len(open)-1]] = t.Pos
			open = open[:len(open)-1]
		}
	}
	if w.Err() != nil {
		return nil
	}
	return out
}
