// Package metamath reads and verifies Metamath databases (.mm files) as the
// Metamath book's specification defines them: comments, file inclusion,
// scopes, the seven statement kinds, normal and compressed proofs and
// disjoint-variable restrictions.
//
// The verifier is built for speed on set.mm: math symbols and labels are
// interned to small integers while reading; each assertion's hypotheses and
// conclusion are precompiled into templates whose variables are slot numbers,
// so applying an assertion needs no map; compressed proofs are executed
// directly from their letters (never expanded, so a proof whose normal form
// has 2^64 steps verifies in linear time); stack entries are slices of one
// reused buffer per worker; disjoint-variable checks use a bit matrix; and
// proofs are verified in parallel while the parser is still reading.
package metamath

import (
	"fmt"
	"strings"
)

// Kind is the kind of a labelled statement.
type Kind byte

// The labelled statement kinds.
const (
	KindFloat Kind = 'f' // $f: floating (variable-type) hypothesis
	KindEss   Kind = 'e' // $e: essential (logical) hypothesis
	KindAxiom Kind = 'a' // $a: axiomatic assertion
	KindThm   Kind = 'p' // $p: provable assertion (theorem)
)

// Error is one problem found in a database: a syntax error, a violated
// declaration rule or a proof that does not verify.
type Error struct {
	File  string // file the statement is in
	Line  int    // 1-based line of the statement (or token) at fault
	Label string // label of the statement, when there is one
	Msg   string
}

func (e Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Label != "" {
		b.WriteString(": ")
		b.WriteString(e.Label)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// Stmt is one labelled statement.
type Stmt struct {
	Label string
	Kind  Kind
	file  *srcFile
	off   int32 // byte offset of the label in file
	// Expr is the statement's math string, typecode first, as symbol ids.
	Expr []int32

	// The fields below are set for assertions ($a and $p) only.
	frame *frame
	// proof data for $p (resolved at parse time, executed by a worker).
	proof *proofData
}

// frame is an assertion's precompiled mandatory frame.
type frame struct {
	hyps   []int32   // statement ids of mandatory hypotheses, in database order
	hypTpl [][]int32 // per hyp: $f -> nil; $e -> template (typecode first)
	hypVar []int32   // per hyp: $f -> slot of its variable; $e -> -1
	// floats and esses are the same hypotheses laid out for apply: for the
	// k-th $f (slot k), floats[2k] is its position among the hypotheses
	// and floats[2k+1] its typecode; esses lists the $e's.
	floats []int32
	esses  []essHyp
	nslots int     // number of mandatory variables
	concl  []int32 // conclusion template (typecode first)
	// dv lists mandatory disjoint-variable pairs as slot numbers.
	dv [][2]int32
	// allDV lists every active $d pair (symbol var indices) for a $p,
	// dummy variables included: these are what the proof may rely on.
	allDV [][2]int32
}

type essHyp struct {
	arg int32   // position among the hypotheses
	tpl []int32 // template, typecode first
	id  int32   // statement id (for messages)
}

// Templates store a constant as its symbol id (>= 0) and a variable as
// -(slot+1).
func tplVar(slot int) int32 { return int32(-(slot + 1)) }

// proofData is a theorem's proof as resolved while reading.
type proofData struct {
	compressed bool
	// steps (normal proof): statement ids, -1 for "?".
	steps []int32
	// labels (compressed proof): statement ids of the parenthesised list.
	labels  []int32
	letters []byte
	// err is a problem found while resolving the proof (unknown label, ...).
	err string
}

// symInfo describes an interned math symbol.
type symInfo struct {
	name   string
	isVar  bool
	varIdx int32 // dense index among variables, for the $d bit matrix
}

// srcFile is one read file.
type srcFile struct {
	name string
	data []byte
}

// lineOf returns the 1-based line of byte offset off.
func (f *srcFile) lineOf(off int) int {
	if f == nil {
		return 0
	}
	if off > len(f.data) {
		off = len(f.data)
	}
	n := 1
	for _, c := range f.data[:off] {
		if c == '\n' {
			n++
		}
	}
	return n
}

// DB is a read database.
type DB struct {
	Stmts []*Stmt
	syms  []symInfo
	nvars int32
}

// SymbolName returns the text of symbol id s.
func (db *DB) SymbolName(s int32) string { return db.syms[s].name }

// Format renders a math string of symbol ids as text.
func (db *DB) Format(expr []int32) string { return db.format(expr, len(expr)) }

// maxQuoteSymbols bounds the symbols of an expression a message shows: a
// hostile proof can build expressions of millions of symbols.
const maxQuoteSymbols = 100

// format renders at most max symbols of expr, saying how many were left out.
func (db *DB) format(expr []int32, max int) string {
	var b strings.Builder
	for i, s := range expr {
		if i == max {
			fmt.Fprintf(&b, " ... (%d symbols in all)", len(expr))
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		if s >= 0 && int(s) < len(db.syms) {
			b.WriteString(db.syms[s].name)
		} else {
			b.WriteString("?")
		}
	}
	return b.String()
}

func (db *DB) errAt(st *Stmt, msg string) Error {
	e := Error{Label: st.Label, Msg: msg}
	if st.file != nil {
		e.File = st.file.name
		e.Line = st.file.lineOf(int(st.off))
	}
	return e
}

// maxQuote bounds the bytes of a token or label a message quotes.
const maxQuote = 200

// clipText shortens s for a message.
func clipText(s string) string {
	if len(s) <= maxQuote {
		return s
	}
	return s[:maxQuote] + fmt.Sprintf("... (%d bytes)", len(s))
}
