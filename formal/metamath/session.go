package metamath

import (
	"fmt"
	"sync"
)

// Session is a database read once, against which further text can be
// checked many times: each Check reads the text as if appended to the
// database, verifies its proofs and then undoes every change, so that the
// next Check starts from the same base. miniF2F checks candidate proofs
// against set.mm this way without reading set.mm again.
type Session struct {
	mu sync.Mutex
	p  *parser
	w  *worker
}

// Load reads (and unless opt.SkipProofs, verifies) the database at path.
// The session is usable when the returned result has no declaration error.
func Load(path string, opt Options) (*Session, *Result) {
	p := newParser()
	p.skipProofs = opt.SkipProofs
	res := p.run(opt, func() *Error { return p.readFile(path) })
	p.skipProofs = false
	// Drop the scopes a failed read may have left open.
	for len(p.scopes) > 0 {
		p.popScope()
	}
	return &Session{p: p, w: &worker{}}, res
}

// Statement describes a statement read by Check, in text form (it stays
// valid after the session rolls back).
type Statement struct {
	Label string
	Kind  Kind
	Line  int
	// Expr is the math string, typecode first.
	Expr []string
	// For assertions: the mandatory hypotheses, in order.
	Hyps []Hyp
	// DV lists the mandatory disjoint-variable pairs, each sorted.
	DV [][2]string
	// Proved is true for a $p whose proof verified completely.
	Proved bool
}

// Hyp is one mandatory hypothesis of an assertion.
type Hyp struct {
	Label string
	Kind  Kind
	Expr  []string
}

// CheckOptions restrict what checked text may contain.
type CheckOptions struct {
	// Forbid is called with each statement keyword ("$a", "$c", "$[" ...)
	// and returns a reason to refuse it, or "".
	Forbid func(keyword string) string
}

// CheckResult is the outcome of Session.Check.
type CheckResult struct {
	Errors     []Error
	Incomplete []string
	Statements []Statement
}

// Check reads text as if it were appended to the session's database,
// verifies its proofs, and restores the database. It is safe for
// concurrent use (checks run one at a time).
func (s *Session) Check(name string, text []byte, opt CheckOptions) (cr *CheckResult) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.p
	cp := p.checkpoint()
	defer p.rollback(cp)
	p.forbid = opt.Forbid
	defer func() { p.forbid = nil }()
	res := p.run(Options{Jobs: 1}, func() *Error {
		if opt.Forbid != nil {
			if err := scanForbidden(name, text, opt.Forbid); err != nil {
				return err
			}
		}
		return p.readText(name, text)
	})
	cr = &CheckResult{Errors: res.Errors, Incomplete: res.Incomplete}
	failed := map[string]bool{}
	for _, e := range res.Errors {
		failed[e.Label] = true
	}
	for _, l := range res.Incomplete {
		failed[l] = true
	}
	db := p.db
	names := func(e []int32) []string {
		out := make([]string, len(e))
		for i, x := range e {
			out[i] = db.syms[x].name
		}
		return out
	}
	for _, st := range db.Stmts[cp.stmts:] {
		info := Statement{Label: st.Label, Kind: st.Kind, Expr: names(st.Expr)}
		if st.file != nil {
			info.Line = st.file.lineOf(int(st.off))
		}
		if fr := st.frame; fr != nil {
			slotVar := make([]string, fr.nslots)
			for i, h := range fr.hyps {
				hs := db.Stmts[h]
				info.Hyps = append(info.Hyps, Hyp{Label: hs.Label, Kind: hs.Kind, Expr: names(hs.Expr)})
				if fr.hypVar[i] >= 0 {
					slotVar[fr.hypVar[i]] = db.syms[hs.Expr[1]].name
				}
			}
			for _, d := range fr.dv {
				a, b := slotVar[d[0]], slotVar[d[1]]
				if a > b {
					a, b = b, a
				}
				info.DV = append(info.DV, [2]string{a, b})
			}
			info.Proved = st.Kind == KindThm && !failed[st.Label]
		}
		cr.Statements = append(cr.Statements, info)
	}
	return cr
}

// scanForbidden refuses file inclusion in checked text before reading it.
func scanForbidden(name string, text []byte, forbid func(string) string) *Error {
	lx := &lexer{f: &srcFile{name: name, data: text}}
	var out *Error
	func() {
		defer func() {
			if r := recover(); r != nil {
				if f, ok := r.(fatal); ok {
					out = &f.err
				}
			}
		}()
		for {
			tok, off := lx.next()
			if tok == nil {
				return
			}
			if string(tok) == "$[" {
				if why := forbid("$["); why != "" {
					out = &Error{File: name, Line: lx.f.lineOf(off), Msg: why}
					return
				}
			}
		}
	}()
	return out
}

type checkpoint struct {
	// arenas: rolled-back objects are reused when their block is still
	// the current one, so that many checks do not grow memory.
	intArena   []int32
	stmtArena  []Stmt
	frameArena []frame

	stmts, syms, scopes int
	nvars               int32
	mark                scopeMark
	included            map[string]bool
}

func (p *parser) checkpoint() checkpoint {
	inc := make(map[string]bool, len(p.included))
	for k := range p.included {
		inc[k] = true
	}
	return checkpoint{
		stmts: len(p.db.Stmts), syms: len(p.db.syms), scopes: len(p.scopes), nvars: p.db.nvars,
		mark:     p.mark0(),
		included: inc,
		intArena: p.intArena, stmtArena: p.stmtArena, frameArena: p.frameArena,
	}
}

// rollback undoes everything read since cp was taken.
func (p *parser) rollback(cp checkpoint) {
	for len(p.scopes) > cp.scopes {
		p.popScope()
	}
	p.unwind(cp.mark)
	for _, st := range p.db.Stmts[cp.stmts:] {
		delete(p.labelIdx, st.Label)
	}
	clear(p.labelCache) // it may hold labels just deleted
	clear(p.db.Stmts[cp.stmts:])
	p.db.Stmts = p.db.Stmts[:cp.stmts]
	p.hypActive = p.hypActive[:cp.stmts]
	for _, s := range p.db.syms[cp.syms:] {
		delete(p.symIdx, s.name)
	}
	p.db.syms = p.db.syms[:cp.syms:cp.syms]
	p.varActive = p.varActive[:cp.syms]
	p.activeFloat = p.activeFloat[:cp.syms]
	p.mark = p.mark[:cp.syms]
	p.slot = p.slot[:cp.syms]
	p.db.nvars = cp.nvars
	p.included = cp.included
	if cap(p.intArena) == cap(cp.intArena) && len(p.intArena) >= len(cp.intArena) &&
		(len(cp.intArena) == 0 || &p.intArena[:1][0] == &cp.intArena[:1][0]) {
		clear(p.intArena[len(cp.intArena):])
		p.intArena = cp.intArena
	}
	if cap(p.stmtArena) == cap(cp.stmtArena) && len(p.stmtArena) >= len(cp.stmtArena) &&
		(len(cp.stmtArena) == 0 || &p.stmtArena[:1][0] == &cp.stmtArena[:1][0]) {
		clear(p.stmtArena[len(cp.stmtArena):])
		p.stmtArena = cp.stmtArena
	}
	if cap(p.frameArena) == cap(cp.frameArena) && len(p.frameArena) >= len(cp.frameArena) &&
		(len(cp.frameArena) == 0 || &p.frameArena[:1][0] == &cp.frameArena[:1][0]) {
		clear(p.frameArena[len(cp.frameArena):])
		p.frameArena = cp.frameArena
	}
}

// String renders a statement roughly as Metamath source.
func (s Statement) String() string {
	return fmt.Sprintf("%s $%c %v", s.Label, s.Kind, s.Expr)
}
