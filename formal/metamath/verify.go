package metamath

import (
	"fmt"
	"slices"
)

// maxProofNumber bounds a compressed proof's step number: no database has
// anywhere near this many labels, and the bound keeps the arithmetic far
// from overflow (metamath-exe's bug #184 let an overflowing number prove
// anything).
const maxProofNumber = 1 << 30

// Limits on one proof, so that a hostile proof can neither exhaust a
// worker's memory nor run for ever. Measured on set.mm (28 Dec 2020): the
// largest proof builds 111,389 symbols (poimirlem27), the stack never
// holds more than 341 entries and a compressed proof saves at most 948
// steps, so the defaults leave two orders of magnitude of room.
const (
	// DefaultMaxProofSymbols bounds the symbols one proof may produce
	// (4 bytes each: 64 MiB of buffer, twice that while it grows).
	DefaultMaxProofSymbols = 1 << 24
	// maxStack bounds the proof stack and the saved steps (24 bytes per
	// entry).
	maxStack = 1 << 20
	// DefaultMaxProofWork bounds the symbols one proof may match and copy
	// (about a second of work).
	DefaultMaxProofWork = 1 << 31
)

// worker verifies proofs. Its buffers are reused from proof to proof.
type worker struct {
	stmts []*Stmt
	syms  []symInfo

	buf   []int32   // all symbols produced by the current proof
	stack [][]int32 // proof stack; nil marks an unknown ("?") entry
	saved [][]int32 // compressed proofs' Z-saved entries
	subs  [][]int32 // substitution, by slot

	// dvBits is a dvDim x dvDim bit matrix of the theorem's $d pairs.
	dvBits []uint64
	dvDim  int
	dvSet  bool
	dvUsed bool // the current proof needed a $d (for tests)
	th     *Stmt
	vars1  []int32
	vars2  []int32

	// dvSparse replaces dvBits when the variable indices are too large for
	// a bit matrix (a hostile database declaring 100,000 variables).
	dvSparse map[[2]int32]bool

	// maxSyms and maxWork are the limits of this worker (0: the defaults);
	// work counts the current proof's symbols matched and copied.
	maxSyms, maxWork int
	work             int
}

// proofError is a failed check inside a proof.
type proofError struct{ msg string }

func (w *worker) failf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if len(msg) > 4*maxQuote+maxQuoteSymbols*16 {
		msg = clipText(msg)
	}
	panic(proofError{msg})
}

func (w *worker) fmtExpr(e []int32) string {
	if e == nil {
		return "?"
	}
	db := DB{syms: w.syms}
	return db.format(e, maxQuoteSymbols)
}

// push adds an entry to the proof stack, within its bound.
func (w *worker) push(e []int32) {
	if len(w.stack) >= maxStack {
		w.failf("proof stack holds more than %d entries", maxStack)
	}
	w.stack = append(w.stack, e)
}

// spend counts n symbols of work against the proof's budget.
func (w *worker) spend(n int) {
	w.work += n
	max := w.maxWork
	if max <= 0 {
		max = DefaultMaxProofWork
	}
	if w.work > max {
		w.failf("proof needs more than %d symbol operations: stopped", max)
	}
}

// verify checks theorem th. It returns incomplete=true when the proof has
// "?" steps (and no error was found in the rest), or a non-empty message.
func (w *worker) verify(th *Stmt) (incomplete bool, msg string) {
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(proofError)
			if !ok {
				w.clearDV()
				panic(r) // a bug of ours, not an error of the proof
			}
			msg = pe.msg
			incomplete = false
		}
		w.clearDV()
	}()
	pd := th.proof
	w.th = th
	w.dvUsed = false
	w.buf = w.buf[:0]
	w.stack = w.stack[:0]
	w.saved = w.saved[:0]
	w.work = 0
	unknown := false
	if pd.compressed {
		unknown = w.runCompressed(th)
	} else {
		for _, ref := range pd.steps {
			if ref < 0 {
				unknown = true
				w.push(nil)
				continue
			}
			w.step(w.stmts[ref])
		}
	}
	if unknown {
		return true, ""
	}
	if len(w.stack) == 0 {
		w.failf("proof is empty")
	}
	if len(w.stack) != 1 {
		w.failf("proof leaves %d entries on the stack instead of 1", len(w.stack))
	}
	if !slices.Equal(w.stack[0], th.Expr) {
		w.failf("proof proves %q, statement says %q", w.fmtExpr(w.stack[0]), w.fmtExpr(th.Expr))
	}
	return false, ""
}

// step pushes a hypothesis or applies an assertion.
func (w *worker) step(st *Stmt) {
	if st.frame == nil {
		w.push(st.Expr)
		return
	}
	w.apply(st)
}

func (w *worker) apply(a *Stmt) {
	fr := a.frame
	n := len(fr.hyps)
	if len(w.stack) < n {
		w.failf("step %s needs %d hypotheses but the stack has %d entries", a.Label, n, len(w.stack))
	}
	base := len(w.stack) - n
	args := w.stack[base:]
	for _, e := range args {
		if e == nil {
			// An unknown argument makes the result unknown.
			w.stack = append(w.stack[:base], nil)
			return
		}
	}
	if cap(w.subs) < fr.nslots {
		w.subs = make([][]int32, fr.nslots)
	}
	subs := w.subs[:fr.nslots]
	fl := fr.floats
	for k := 0; k+1 < len(fl); k += 2 {
		e := args[fl[k]]
		if e[0] != fl[k+1] {
			w.failf("step %s: hypothesis %s needs typecode %q, stack entry is %q",
				a.Label, w.stmts[fr.hyps[fl[k]]].Label, w.syms[fl[k+1]].name, w.fmtExpr(e))
		}
		subs[k/2] = e[1:]
	}
	for _, eh := range fr.esses {
		w.spend(len(args[eh.arg]))
		if !matchTpl(eh.tpl, subs, args[eh.arg]) {
			w.failf("step %s: hypothesis %s does not match: needs %q, stack entry is %q",
				a.Label, w.stmts[eh.id].Label, w.fmtExpr(w.substitute(eh.tpl, subs, nil)), w.fmtExpr(args[eh.arg]))
		}
	}
	for _, d := range fr.dv {
		w.checkDV(a, subs[d[0]], subs[d[1]])
	}
	start := len(w.buf)
	size := 0
	for _, t := range fr.concl {
		if t >= 0 {
			size++
		} else {
			size += len(subs[-t-1])
		}
	}
	max := w.maxSyms
	if max <= 0 {
		max = DefaultMaxProofSymbols
	}
	// Checked before the copy, so the buffer never grows past the bound.
	if start+size > max {
		w.failf("proof produces more than %d symbols", max)
	}
	w.spend(size)
	w.buf = w.substituteBuf(fr.concl, subs)
	if base >= maxStack {
		w.failf("proof stack holds more than %d entries", maxStack)
	}
	w.stack = append(w.stack[:base], w.buf[start:len(w.buf):len(w.buf)])
}

// dvLimit is the largest variable index kept in the bit matrix (a 4096 x
// 4096 matrix is 2 MiB); larger ones go to a map.
const dvLimit = 4096

// matchTpl reports whether template tpl under subs equals e, without
// building the substituted string.
func matchTpl(tpl []int32, subs [][]int32, e []int32) bool {
	for _, t := range tpl {
		if t >= 0 {
			if len(e) == 0 || e[0] != t {
				return false
			}
			e = e[1:]
			continue
		}
		s := subs[-t-1]
		if len(e) < len(s) {
			return false
		}
		for i, c := range s {
			if e[i] != c {
				return false
			}
		}
		e = e[len(s):]
	}
	return len(e) == 0
}

func (w *worker) substituteBuf(tpl []int32, subs [][]int32) []int32 {
	buf := w.buf
	for _, t := range tpl {
		if t >= 0 {
			buf = append(buf, t)
		} else {
			buf = append(buf, subs[-t-1]...)
		}
	}
	return buf
}

func (w *worker) substitute(tpl []int32, subs [][]int32, out []int32) []int32 {
	for _, t := range tpl {
		if t >= 0 {
			out = append(out, t)
		} else {
			out = append(out, subs[-t-1]...)
		}
	}
	return out
}

// checkDV checks the disjointness of two substituted expressions against
// the theorem's $d statements.
func (w *worker) checkDV(a *Stmt, s1, s2 []int32) {
	w.vars1 = w.varsOf(s1, w.vars1[:0])
	if len(w.vars1) == 0 {
		return
	}
	w.vars2 = w.varsOf(s2, w.vars2[:0])
	if len(w.vars2) == 0 {
		return
	}
	if !w.dvSet {
		w.loadDV()
	}
	for _, x := range w.vars1 {
		for _, y := range w.vars2 {
			if x == y {
				w.failf("step %s: disjoint variable violation: both substitutions contain %q", a.Label, w.varName(x))
			}
			if w.dvSparse != nil {
				if !w.dvSparse[[2]int32{min(x, y), max(x, y)}] {
					w.failf("step %s: disjoint variable violation: no $d %s %s", a.Label, w.varName(x), w.varName(y))
				}
				continue
			}
			if int(x) >= w.dvDim || int(y) >= w.dvDim {
				w.failf("step %s: disjoint variable violation: no $d %s %s", a.Label, w.varName(x), w.varName(y))
			}
			bit := int(x)*w.dvDim + int(y)
			if w.dvBits[bit>>6]&(1<<(bit&63)) == 0 {
				w.failf("step %s: disjoint variable violation: no $d %s %s", a.Label, w.varName(x), w.varName(y))
			}
		}
	}
}

func (w *worker) varName(idx int32) string {
	for _, s := range w.syms {
		if s.isVar && s.varIdx == idx {
			return s.name
		}
	}
	return "?"
}

func (w *worker) varsOf(e []int32, out []int32) []int32 {
	for _, s := range e {
		if info := &w.syms[s]; info.isVar {
			out = append(out, info.varIdx)
		}
	}
	return out
}

// loadDV sets the bits of the current theorem's $d pairs.
func (w *worker) loadDV() {
	w.dvSet = true
	w.dvUsed = true
	dv := w.th.frame.allDV
	need := 0
	for _, d := range dv {
		need = max(need, int(d[0])+1, int(d[1])+1)
	}
	if need > dvLimit {
		w.dvSparse = make(map[[2]int32]bool, len(dv))
		for _, d := range dv {
			w.dvSparse[[2]int32{min(d[0], d[1]), max(d[0], d[1])}] = true
		}
		return
	}
	if need > w.dvDim {
		w.dvDim = need
		w.dvBits = make([]uint64, (need*need+63)/64)
	}
	for _, d := range dv {
		b1 := int(d[0])*w.dvDim + int(d[1])
		b2 := int(d[1])*w.dvDim + int(d[0])
		w.dvBits[b1>>6] |= 1 << (b1 & 63)
		w.dvBits[b2>>6] |= 1 << (b2 & 63)
	}
}

func (w *worker) clearDV() {
	if !w.dvSet {
		return
	}
	w.dvSet = false
	if w.dvSparse != nil {
		w.dvSparse = nil
		return
	}
	for _, d := range w.th.frame.allDV {
		b1 := int(d[0])*w.dvDim + int(d[1])
		b2 := int(d[1])*w.dvDim + int(d[0])
		w.dvBits[b1>>6] &^= 1 << (b1 & 63)
		w.dvBits[b2>>6] &^= 1 << (b2 & 63)
	}
}

// runCompressed executes a compressed proof directly from its letters. It
// returns true when the proof has unknown steps.
func (w *worker) runCompressed(th *Stmt) bool {
	pd := th.proof
	hyps := th.frame.hyps
	m := len(hyps)
	nl := len(pd.labels)
	num := 0
	unknown := false
	canSave := false // a Z may follow only a completed step
	for _, c := range pd.letters {
		switch {
		default:
			w.failf("compressed proof: %q is not a proof letter", c)
		case c >= 'A' && c <= 'T':
			num = num*20 + int(c-'A') + 1
			n := num
			num = 0
			canSave = true
			switch {
			case n <= m:
				w.push(w.stmts[hyps[n-1]].Expr)
			case n <= m+nl:
				w.step(w.stmts[pd.labels[n-m-1]])
			default:
				k := n - m - nl - 1
				if k >= len(w.saved) {
					w.failf("compressed proof refers to saved step %d, but only %d are saved", k+1, len(w.saved))
				}
				w.push(w.saved[k])
			}
		case c >= 'U' && c <= 'Y':
			num = num*5 + int(c-'U') + 1
			if num > maxProofNumber {
				w.failf("compressed proof number too large")
			}
			canSave = false
		case c == 'Z':
			if num != 0 || !canSave {
				w.failf("compressed proof: Z does not follow a proof step")
			}
			canSave = false
			if len(w.saved) >= maxStack {
				w.failf("compressed proof saves more than %d steps", maxStack)
			}
			w.saved = append(w.saved, w.stack[len(w.stack)-1])
		case charClass[c] == clSpace:
			// letters may be split by whitespace
		case c == '?':
			if num != 0 {
				w.failf("compressed proof: ? inside a step number")
			}
			unknown = true
			canSave = true
			w.push(nil)
		}
	}
	if num != 0 {
		w.failf("compressed proof ends inside a step number")
	}
	return unknown
}
