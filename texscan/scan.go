// Package texscan turns text written with TeX into tokens, as go/scanner
// does for Go: it is the one reader of TeX's surface syntax (commands,
// groups, math delimiters) that the rest of matheval builds on, so that
// every package agrees on what a brace, a formula or an escaped character
// is. The helpers built on the tokens match brace groups (Match), split at
// top-level separators (Split) and find math segments (SegmentAt,
// NextSegment, Segments).
//
// Tokens cover the text exactly: their texts concatenate back to the input
// and their offsets increase, so nothing is ever dropped; a rune the
// scanner has no rule for is a Char token of its own (one per rune; an
// invalid UTF-8 byte is one Char token of one byte). The kinds:
//
//   - Word: a run of ASCII letters; Number: ASCII digits with at most one
//     decimal point followed by digits ("3.14", not "3." or ".5");
//   - Space: a run of spaces, tabs, \r (not before \n), \v, \f and the
//     Unicode space separators (category Zs: the no-break, thin, narrow
//     no-break and ideographic spaces), which a reply pasted from a word
//     processor puts where TeX has a space;
//     Newline: "\n" or "\r\n";
//   - Command: a backslash and a run of ASCII letters (\frac) or a
//     backslash and one rune (\\, \{, \,, \$), except the math delimiters
//     below; a backslash at the end of the text is a Char;
//   - Open and Close: { and };
//   - MathShift: $ or $$ (a run of dollars is cut into $$ pairs from the
//     left); MathOpen: \( and \[; MathClose: \) and \]; Begin and End:
//     \begin{name} and \end{name} with the braces and the name (ASCII
//     letters and *, at most 64 bytes) in one token;
//   - Punct: one ASCII punctuation or symbol character (. , ; : = + - ( )
//     [ ] ^ _ & % # ~ ' " and the others);
//   - Char: any other rune, one per token (π, √, ²).
//
// Every function takes time linear in its input. Texts over Limits.MaxBytes
// and groups nested deeper than Limits.MaxDepth are refused with an *Error;
// nothing here panics on any input.
package texscan

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// Kind is the kind of a token.
type Kind uint8

// The token kinds (see the package documentation).
const (
	Char Kind = iota
	Word
	Number
	Space
	Newline
	Command
	Open
	Close
	MathShift
	MathOpen
	MathClose
	Begin
	End
	Punct
)

var kindNames = [...]string{"Char", "Word", "Number", "Space", "Newline", "Command", "Open", "Close",
	"MathShift", "MathOpen", "MathClose", "Begin", "End", "Punct"}

func (k Kind) String() string {
	if k == EOF {
		return "EOF"
	}
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Token is one token of a text: src[Pos:End()] == Text.
type Token struct {
	Kind Kind
	Pos  int // byte offset of the token in the text
	Text string
}

// End is the byte offset just after the token.
func (t Token) End() int { return t.Pos + len(t.Text) }

// Name is a command's name without its backslash ("frac", "\\", "{"), or
// an environment's name for Begin and End ("align*"); "" otherwise.
func (t Token) Name() string {
	switch t.Kind {
	case Command:
		return t.Text[1:]
	case Begin:
		return t.Text[len(`\begin{`) : len(t.Text)-1]
	case End:
		return t.Text[len(`\end{`) : len(t.Text)-1]
	}
	return ""
}

// Is reports whether the token is the command \name.
func (t Token) Is(name string) bool {
	return t.Kind == Command && len(t.Text) == len(name)+1 && t.Text[1:] == name
}

// Limits bound what the scanner and its helpers accept. A zero field takes
// its default.
type Limits struct {
	MaxBytes int // longest text accepted (default 64 MiB)
	MaxDepth int // deepest nesting of groups accepted (default 10,000)
}

// DefaultLimits are the limits a zero Limits stands for.
var DefaultLimits = Limits{MaxBytes: 64 << 20, MaxDepth: 10_000}

func (l Limits) orDefault() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultLimits.MaxBytes
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultLimits.MaxDepth
	}
	return l
}

// Error is a refusal of the scanner or a helper, at a byte offset of the text.
type Error struct {
	Pos int
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("texscan: offset %d: %s", e.Pos, e.Msg) }

func (l Limits) check(src string) error {
	if len(src) > l.MaxBytes {
		return &Error{Pos: l.MaxBytes, Msg: fmt.Sprintf("text of %d bytes is over the limit of %d", len(src), l.MaxBytes)}
	}
	return nil
}

// Scanner reads the tokens of a text one at a time, without allocating.
type Scanner struct {
	src string
	pos int
}

// NewScanner returns a scanner over src starting at byte offset start
// (clamped to the text). A start inside a rune reads its remaining bytes
// as one-byte Char tokens.
func NewScanner(src string, start int) *Scanner {
	return &Scanner{src: src, pos: max(0, min(start, len(src)))}
}

// Source is the text the scanner reads.
func (s *Scanner) Source() string { return s.src }

// Pos is the offset of the next token.
func (s *Scanner) Pos() int { return s.pos }

// Next returns the next token, or false at the end of the text.
func (s *Scanner) Next() (Token, bool) {
	if s.pos >= len(s.src) {
		return Token{}, false
	}
	start := s.pos
	k := scanAt(s.src, start)
	s.pos = start + k.n
	return Token{Kind: k.kind, Pos: start, Text: s.src[start:s.pos]}, true
}

// Peek returns the next token without consuming it.
func (s *Scanner) Peek() (Token, bool) {
	if s.pos >= len(s.src) {
		return Token{}, false
	}
	k := scanAt(s.src, s.pos)
	return Token{Kind: k.kind, Pos: s.pos, Text: s.src[s.pos : s.pos+k.n]}, true
}

// Tokens returns every token of src, refusing a text over lim.MaxBytes.
func Tokens(src string, lim Limits) ([]Token, error) {
	lim = lim.orDefault()
	if err := lim.check(src); err != nil {
		return nil, err
	}
	// Counting first costs one more pass without allocating, and saves the
	// copies and garbage of a growing slice (the whole reply in tokens).
	n := 0
	for s := (Scanner{src: src}); ; n++ {
		if _, ok := s.Next(); !ok {
			break
		}
	}
	out := make([]Token, 0, n)
	s := Scanner{src: src}
	for {
		t, ok := s.Next()
		if !ok {
			return out, nil
		}
		out = append(out, t)
	}
}

type scanned struct {
	kind Kind
	n    int
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isSpace(c byte) bool  { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

// unicodeSpace returns the length of the Unicode space separator (Zs, not
// the ASCII space) that s starts with, or 0.
func unicodeSpace(s string) int {
	if s == "" || s[0] < utf8.RuneSelf {
		return 0
	}
	r, n := utf8.DecodeRuneInString(s)
	if r != utf8.RuneError && unicode.Is(unicode.Zs, r) {
		return n
	}
	return 0
}

// maxEnvName bounds an environment's name in a Begin or End token.
const maxEnvName = 64

// scanAt reads the token at src[i] (i < len(src)).
func scanAt(src string, i int) scanned {
	c := src[i]
	switch {
	case isLetter(c):
		j := i + 1
		for j < len(src) && isLetter(src[j]) {
			j++
		}
		return scanned{Word, j - i}
	case isDigit(c):
		j := i + 1
		for j < len(src) && isDigit(src[j]) {
			j++
		}
		if j+1 < len(src) && src[j] == '.' && isDigit(src[j+1]) {
			j += 2
			for j < len(src) && isDigit(src[j]) {
				j++
			}
		}
		return scanned{Number, j - i}
	case c == '\n':
		return scanned{Newline, 1}
	case c == '\r' && i+1 < len(src) && src[i+1] == '\n':
		return scanned{Newline, 2}
	case isSpace(c) || c == '\r' || unicodeSpace(src[i:]) > 0:
		j := i
		for j < len(src) {
			if isSpace(src[j]) || src[j] == '\r' && !(j+1 < len(src) && src[j+1] == '\n') {
				j++
			} else if n := unicodeSpace(src[j:]); n > 0 {
				j += n
			} else {
				break
			}
		}
		return scanned{Space, j - i}
	case c == '{':
		return scanned{Open, 1}
	case c == '}':
		return scanned{Close, 1}
	case c == '$':
		if i+1 < len(src) && src[i+1] == '$' {
			return scanned{MathShift, 2}
		}
		return scanned{MathShift, 1}
	case c == '\\':
		return scanCommand(src, i)
	case c < utf8.RuneSelf:
		if c > ' ' && c < 0x7f {
			return scanned{Punct, 1}
		}
		return scanned{Char, 1} // control characters
	}
	_, n := utf8.DecodeRuneInString(src[i:])
	return scanned{Char, n} // an invalid byte decodes with n = 1
}

func scanCommand(src string, i int) scanned {
	if i+1 >= len(src) {
		return scanned{Char, 1} // a backslash ending the text escapes nothing
	}
	c := src[i+1]
	if !isLetter(c) {
		switch c {
		case '(', '[':
			return scanned{MathOpen, 2}
		case ')', ']':
			return scanned{MathClose, 2}
		}
		_, n := utf8.DecodeRuneInString(src[i+1:])
		return scanned{Command, 1 + n}
	}
	j := i + 2
	for j < len(src) && isLetter(src[j]) {
		j++
	}
	switch src[i+1 : j] {
	case "begin":
		if n := envArg(src, j); n > 0 {
			return scanned{Begin, j + n - i}
		}
	case "end":
		if n := envArg(src, j); n > 0 {
			return scanned{End, j + n - i}
		}
	}
	return scanned{Command, j - i}
}

// envArg returns the length of "{name}" at src[j], or 0.
func envArg(src string, j int) int {
	if j >= len(src) || src[j] != '{' {
		return 0
	}
	for k := j + 1; k < len(src) && k-j-1 <= maxEnvName; k++ {
		switch c := src[k]; {
		case c == '}':
			if k == j+1 {
				return 0
			}
			return k - j + 1
		case isLetter(c) || c == '*':
		default:
			return 0
		}
	}
	return 0
}

// Position returns the 1-based line and column (in runes) of byte offset
// off in src. It scans src up to off; use Lines for many look-ups.
func Position(src string, off int) (line, col int) {
	return NewLines(src).Position(off)
}

// Lines finds line and column numbers of offsets in one text.
type Lines struct {
	src    string
	starts []int // byte offset of each line's start
}

// NewLines indexes the line starts of src.
func NewLines(src string) Lines {
	l := Lines{src: src, starts: []int{0}}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	return l
}

// Position returns the 1-based line and column (in runes) of byte offset
// off, clamped to the text.
func (l Lines) Position(off int) (line, col int) {
	off = max(0, min(off, len(l.src)))
	lo, hi := 0, len(l.starts)-1
	for lo < hi {
		m := (lo + hi + 1) / 2
		if l.starts[m] <= off {
			lo = m
		} else {
			hi = m - 1
		}
	}
	return lo + 1, utf8.RuneCountInString(l.src[l.starts[lo]:off]) + 1
}
