package metamath

import (
	"fmt"
	"strings"
	"sync"
)

// Session is a database read once, against which further text can be
// checked many times: each Check reads the text as if appended to the
// database, verifies its proofs and then undoes every change, so that the
// next Check starts from the same base. miniF2F checks candidate proofs
// against set.mm this way without reading set.mm again.
//
// Checks run in parallel, up to SetParallel at once: each runs in a fork
// of the database (see parser.fork), which shares everything read by Load
// and copies only the little that checking changes in place (a few
// hundred kilobytes for set.mm), so parallel checks need one set.mm in
// memory, not one per worker.
type Session struct {
	p *parser // the database as Load read it; never changed afterwards

	mu       sync.Mutex
	parallel int          // most checks at once
	forks    int          // forks made so far
	free     chan *parser // forks not in use
}

// Load reads (and unless opt.SkipProofs, verifies) the database at path.
// The session is usable when the returned result has no declaration error.
func Load(path string, opt Options) (*Session, *Result) {
	p := newParser()
	p.skipProofs = opt.SkipProofs
	p.maxBytes = opt.MaxBytes
	p.maxToken = opt.MaxToken
	res := p.run(opt, func() *Error { return p.readFile(path) })
	p.skipProofs = false
	// Drop the scopes a failed read may have left open.
	for len(p.scopes) > 0 {
		p.popScope()
	}
	return &Session{p: p, parallel: 1}, res
}

// SetParallel sets how many checks may run at once (at least 1). Each
// parallel check has its own fork and its own proof buffers (up to
// CheckOptions.MaxProofSymbols symbols).
func (s *Session) SetParallel(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.parallel = max(1, n)
}

// acquire returns a fork for one check, waiting while SetParallel of them
// are busy.
func (s *Session) acquire() *parser {
	s.mu.Lock()
	if s.free == nil {
		// Room for any later SetParallel: a fork is never dropped.
		s.free = make(chan *parser, 1024)
	}
	select {
	case p := <-s.free:
		s.mu.Unlock()
		return p
	default:
	}
	if s.forks < s.parallel && s.forks < cap(s.free) {
		s.forks++
		s.mu.Unlock()
		return s.p.fork()
	}
	s.mu.Unlock()
	return <-s.free
}

func (s *Session) release(p *parser) { s.free <- p }

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
	// ProofSteps is the number of steps of a $p's proof as written: the
	// labels of a normal proof, the step references (and "?") of a
	// compressed one.
	ProofSteps int
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
	// MaxBytes bounds the checked text (0: no bound beyond the session's).
	MaxBytes int
	// MaxProofSymbols bounds the symbols one proof may build, and with
	// them a check's memory (0: DefaultMaxProofSymbols).
	MaxProofSymbols int
	// MaxProofWork bounds the symbols one proof may match and copy, and
	// with them a check's time (0: DefaultMaxProofWork).
	MaxProofWork int
}

// CheckResult is the outcome of Session.Check.
type CheckResult struct {
	Errors     []Error
	Incomplete []string
	Statements []Statement
}

// Check reads text as if it were appended to the session's database,
// verifies its proofs, and restores the database. It is safe for
// concurrent use: up to SetParallel checks run at once.
func (s *Session) Check(name string, text []byte, opt CheckOptions) (cr *CheckResult) {
	if opt.MaxBytes > 0 && len(text) > opt.MaxBytes {
		return &CheckResult{Errors: []Error{{File: name, Msg: fmt.Sprintf("text is %d bytes, over the limit of %d", len(text), opt.MaxBytes)}}}
	}
	p := s.acquire()
	defer s.release(p)
	cp := p.checkpoint()
	defer p.rollback(cp)
	p.forbid = opt.Forbid
	p.maxSyms, p.maxWork = opt.MaxProofSymbols, opt.MaxProofWork
	defer func() { p.forbid, p.maxSyms, p.maxWork = nil, 0, 0 }()
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
			if pd := st.proof; pd != nil {
				info.ProofSteps = len(pd.steps)
				for _, c := range pd.letters {
					if c >= 'A' && c <= 'T' || c == '?' {
						info.ProofSteps++
					}
				}
			}
		}
		cr.Statements = append(cr.Statements, info)
	}
	return cr
}

// scanForbidden refuses what forbid refuses (file inclusion, new axioms
// or constants) anywhere in checked text, before reading it.
func scanForbidden(name string, text []byte, forbid func(string) string) *Error {
	lx := &lexer{f: &srcFile{name: name, data: text}}
	var out *Error
	func() {
		defer func() {
			if r := recover(); r != nil {
				f, ok := r.(fatal)
				if !ok {
					panic(r) // a bug of ours, not an error of the text
				}
				out = &f.err
			}
		}()
		var prev []byte
		for {
			tok, off := lx.next()
			if tok == nil {
				return
			}
			// Every keyword, wherever it stands: a forbidden statement
			// (a new axiom) must be the first error reported, before a
			// proof that cites it and comes earlier in the text fails
			// for citing an unknown label.
			if len(tok) == 2 && tok[0] == '$' && strings.IndexByte("cvfeapd[", tok[1]) >= 0 {
				if why := forbid(string(tok)); why != "" {
					out = &Error{File: name, Line: lx.f.lineOf(off), Msg: why}
					if strings.IndexByte("feap", tok[1]) >= 0 && prev != nil {
						out.Label = string(prev)
					}
					return
				}
			}
			prev = tok
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
