package metamath

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// charClass classifies the bytes a Metamath file may contain: the spec
// allows printable ASCII and the whitespace characters space, tab, line
// feed, carriage return and form feed, nothing else.
var charClass = func() (t [256]byte) {
	for c := 0x21; c <= 0x7e; c++ {
		t[c] = clPrint
	}
	for _, c := range []byte{' ', '\t', '\n', '\r', '\f'} {
		t[c] = clSpace
	}
	return t
}()

const (
	clBad   = 0
	clPrint = 1
	clSpace = 2
)

// lexer walks the tokens of one file. Comments are skipped inside next, so
// that the parser sees only real tokens; comment rules (no nesting, the end
// marker standing alone) are checked there too.
type lexer struct {
	f        *srcFile
	pos      int
	comments int    // comments skipped so far
	last     []byte // the last token returned
	maxTok   int    // longest token allowed (0: DefaultMaxToken)
}

// failAt raises a fatal error at byte offset off of the lexer's file.
func (lx *lexer) failAt(off int, msg string) {
	panic(fatal{err: Error{File: lx.f.name, Line: lx.f.lineOf(off), Msg: msg}, stop: true})
}

// checkChars verifies that data holds only allowed characters, returning
// the offset of the first bad byte or -1.
func checkChars(data []byte) int {
	// Eight bytes at a time: a word is surely clean when no byte is below
	// 0x20, none is 0x7f and none has the high bit set; only words failing
	// that test (those holding a line feed, mostly) are checked bytewise.
	const ones = 0x0101010101010101
	const highs = 0x8080808080808080
	i := 0
	for ; i+8 <= len(data); i += 8 {
		x := binary.LittleEndian.Uint64(data[i:])
		low := (x - 0x20*ones) &^ x & highs // some byte < 0x20 (or >= 0x80)
		y := x ^ 0x7f*ones
		del := (y - ones) &^ y & highs // some byte == 0x7f
		if (x&highs)|low|del == 0 {
			continue
		}
		for j := i; j < i+8; j++ {
			if charClass[data[j]] == clBad {
				return j
			}
		}
	}
	for ; i < len(data); i++ {
		if charClass[data[i]] == clBad {
			return i
		}
	}
	return -1
}

// next returns the next token and its offset, or nil at end of file.
func (lx *lexer) next() ([]byte, int) {
	data := lx.f.data
	for {
		p := lx.pos
		for p < len(data) && charClass[data[p]] == clSpace {
			p++
		}
		if p >= len(data) {
			lx.pos = p
			return nil, p
		}
		start := p
		for p < len(data) {
			c := charClass[data[p]]
			if c == clPrint {
				p++
				continue
			}
			if c == clBad {
				lx.failAt(p, badByte(data[p]))
			}
			break
		}
		lx.pos = p
		limit := lx.maxTok
		if limit <= 0 {
			limit = DefaultMaxToken
		}
		if p-start > limit && !compressedText(data[start:p]) {
			lx.failAt(start, fmt.Sprintf("a token of %d bytes, over the limit of %d bytes for one token (--max-token raises it)", p-start, limit))
		}
		tok := data[start:p]
		if len(tok) == 2 && tok[0] == '$' && tok[1] == '(' {
			lx.skipComment(start)
			lx.comments++
			continue
		}
		lx.last = tok
		return tok, start
	}
}

// skipComment skips a comment whose "$(" starts at start; lx.pos is just
// after the "$(" token.
func (lx *lexer) skipComment(start int) {
	data := lx.f.data
	i := bytes.Index(data[lx.pos:], []byte("$)"))
	if i < 0 {
		lx.failAt(start, "comment is not closed with $)")
	}
	end := lx.pos + i
	body := data[lx.pos:end]
	// Comment bodies are the only bytes the token loop does not see.
	if bad := checkChars(body); bad >= 0 {
		lx.failAt(lx.pos+bad, badByte(body[bad]))
	}
	// The spec forbids "$(" inside a comment (comments do not nest).
	if j := bytes.Index(body, []byte("$(")); j >= 0 {
		lx.failAt(lx.pos+j, "\"$(\" inside a comment (comments may not be nested)")
	}
	// "$)" must be a token of its own.
	if end > 0 && charClass[data[end-1]] != clSpace {
		lx.failAt(end, "\"$)\" inside a token of a comment")
	}
	if end+2 < len(data) && charClass[data[end+2]] != clSpace {
		lx.failAt(end, "\"$)\" followed by other characters")
	}
	lx.pos = end + 2
}

// compressedText reports whether tok could be the letters of a compressed
// proof (A-Z and ?): those may run long on one line, and are bounded by
// the proof limits (stack, work) and the total size, not by the token
// limit, which keeps long labels and math symbols out of the tables.
func compressedText(tok []byte) bool {
	for _, c := range tok {
		if (c < 'A' || c > 'Z') && c != '?' {
			return false
		}
	}
	return true
}

func badByte(c byte) string {
	return fmt.Sprintf("byte 0x%02x is not allowed (only printable ASCII and whitespace)", c)
}
