package metamath

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// quoteList renders labels as "a", "b" and "c".
func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// parser reads statements into a DB and keeps the scoping state the
// specification defines (active variables, hypotheses and $d's).
type parser struct {
	db       *DB
	included map[string]bool
	// symIdx and labelIdx map names to ids. A fork (see fork) holds only
	// what it added itself and looks the rest up in base, which no one
	// changes once it has been forked.
	symIdx   map[string]int32
	labelIdx map[string]int32
	base     *parser

	// readBytes counts the bytes of the files read so far; maxBytes bounds
	// it (0: DefaultMaxBytes).
	readBytes int64
	maxBytes  int64
	// maxToken bounds one token (0: DefaultMaxToken).
	maxToken int
	// maxSyms and maxWork are the proof limits of the workers of Check
	// (0: the defaults).
	maxSyms, maxWork int

	// Active state, indexed by symbol id or statement id. Workers never read
	// these (they change while proofs are being verified).
	varActive   []bool
	activeFloat []int32 // per symbol: active $f statement id, or -1
	hypActive   []bool  // per statement

	hyps []int32    // active hypotheses, in order
	ess  []int32    // active $e hypotheses, in order
	dvs  [][2]int32 // active $d pairs (symbol ids)
	// dvIdx holds the same pairs as variable indices. Theorems share it
	// (no copy per theorem): unwind caps it, so that later appends after a
	// scope closes reallocate instead of overwriting shared elements.
	dvIdx    [][2]int32
	declVars []int32 // variables declared in open scopes (and top level)
	scopes   []scopeMark

	// mark is a per-symbol generation stamp used when computing frames.
	mark    []uint32
	markGen uint32

	// onTheorem is called for each $p whose proof is ready to verify.
	onTheorem func(id int32)
	// proofErrs collects non-fatal problems (a proof that cannot be
	// resolved); declaration errors are fatal and stop the reading.
	proofErrs []outcome
	// declErrs collects declaration errors (the reading goes on after them).
	declErrs []outcome
	// skipProofs makes the parser ignore proofs (trusted databases).
	skipProofs bool
	// forbid, when set, is called for each statement keyword and may veto
	// it (used by miniF2F to refuse new axioms).
	forbid func(kw string) string

	// Scratch buffers reused from statement to statement.
	toks        [][]byte
	slot        []int32
	labels      []int32
	mandScratch []int32

	// labelCache is a small direct-mapped cache in front of labelIdx:
	// proofs cite the same few thousand labels again and again, and the
	// cache stays in the processor's cache where the big map does not.
	labelCache []labelCacheEntry

	// Blocks the parser carves small objects from (see ints).
	intArena   []int32
	stmtArena  []Stmt
	frameArena []frame
}

type scopeMark struct {
	hyps, dvs, declVars, ess int
}

func newParser() *parser {
	return &parser{
		db:       &DB{},
		included: map[string]bool{},
		symIdx:   map[string]int32{},
		labelIdx: map[string]int32{},
	}
}

// fatal is a declaration error; with stop set (lexical errors, too many
// errors) it ends the reading, otherwise the statement is skipped.
type fatal struct {
	err  Error
	stop bool
}

func (p *parser) fail(lx *lexer, off int, label, format string, args ...any) {
	// A hostile file can hold a token of many megabytes: messages quote
	// at most the start of any text.
	for i, a := range args {
		switch v := a.(type) {
		case []byte:
			args[i] = clipText(string(v))
		case string:
			args[i] = clipText(v)
		}
	}
	e := Error{Label: clipText(label), Msg: fmt.Sprintf(format, args...)}
	if lx != nil {
		e.File = lx.f.name
		e.Line = lx.f.lineOf(off)
	}
	panic(fatal{err: e})
}

// readFile reads path (and the files it includes) into the database.
func (p *parser) readFile(path string) (err *Error) {
	defer func() {
		if r := recover(); r != nil {
			v, ok := r.(fatal)
			if !ok {
				panic(r) // a bug of ours, not an error of the file
			}
			err = &v.err
		}
	}()
	f, e := p.openFile(path)
	if e != nil {
		return &Error{File: path, Msg: e.Error()}
	}
	p.parseFiles(f, true)
	return nil
}

// readText reads text as a file named name, at the current scope.
func (p *parser) readText(name string, text []byte) (err *Error) {
	defer func() {
		if r := recover(); r != nil {
			v, ok := r.(fatal)
			if !ok {
				panic(r) // a bug of ours, not an error of the text
			}
			err = &v.err
		}
	}()
	f := &srcFile{name: name, data: text}
	p.parseFiles(f, true)
	return nil
}

// DefaultMaxBytes bounds the bytes a database may read, inclusions
// included: set.mm is about 41 MB, so 256 MiB leaves room for six times
// it, while a hostile file cannot make the verifier hold gigabytes
// (MaxBytes, mm verify --max-bytes, raises it).
const DefaultMaxBytes = 256 << 20

// DefaultMaxToken bounds one token (a label or a math symbol): set.mm's
// longest are well under a hundred bytes, and a token is copied into the
// symbol and label tables, so a megabyte-long one is an attack, not a
// database (MaxToken, mm verify --max-token, raises it).
const DefaultMaxToken = 64 << 10

// openFile reads a database file. Only regular files are read ("$[
// /dev/zero $]" would never end, and opening a named pipe blocks until a
// writer comes): the path is looked at before it is opened, and the file
// opened is checked again, in case it was swapped in between. The bytes
// read in all stay under the parser's limit.
func (p *parser) openFile(path string) (*srcFile, error) {
	limit := p.maxBytes
	if limit <= 0 {
		limit = DefaultMaxBytes
	}
	pre, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !pre.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s)", path, fileKind(pre.Mode()))
	}
	f, err := openNoBlock(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s)", path, fileKind(info.Mode()))
	}
	left := limit - p.readBytes
	if info.Size() > left {
		return nil, fmt.Errorf("%s is %d bytes: over the limit of %d bytes read in all (inclusions count; --max-bytes raises it)", path, info.Size(), limit)
	}
	// Read at most one byte past what is left: a file that grows while
	// it is read is caught too.
	data, err := io.ReadAll(io.LimitReader(f, left+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > left {
		return nil, fmt.Errorf("%s grew past the limit of %d bytes read in all while it was read (--max-bytes raises it)", path, limit)
	}
	p.readBytes += int64(len(data))
	abs, _ := filepath.Abs(path)
	p.included[abs] = true
	return &srcFile{name: path, data: data}, nil
}

// fileKind names a file mode for messages.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a block device"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}

func isLabelChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
}

// parseFiles reads statements from f; inclusions push further files.
func (p *parser) parseFiles(first *srcFile, checkScopes bool) {
	stack := []*lexer{{f: first, maxTok: p.maxToken}}
	base := len(p.scopes)
	for len(stack) > 0 {
		lx := stack[len(stack)-1]
		tok, off := lx.next()
		if tok == nil {
			stack = stack[:len(stack)-1]
			continue
		}
		if f := p.statement(lx, tok, off, base); f != nil {
			stack = append(stack, &lexer{f: f, maxTok: p.maxToken})
		}
	}
	if checkScopes && len(p.scopes) > base {
		lx := &lexer{f: first}
		panic(fatal{err: Error{File: first.name, Line: lx.f.lineOf(len(first.data)), Msg: "${ not closed by $} at end of file"}, stop: true})
	}
}

// maxDeclErrors stops the reading after this many declaration errors.
const maxDeclErrors = 100

// statement reads one statement starting with tok. A declaration error is
// recorded and the reading resumes after the statement's "$.", so that
// every error of a file is reported; lexical errors (comments, bytes) and
// too many errors stop the reading. It returns a file to include, if any.
func (p *parser) statement(lx *lexer, tok []byte, off, base int) (inc *srcFile) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		f, ok := r.(fatal)
		if !ok || f.stop {
			panic(r)
		}
		p.declErrs = append(p.declErrs, outcome{id: int32(len(p.db.Stmts)), decl: &f.err})
		if len(p.declErrs) >= maxDeclErrors {
			panic(fatal{err: Error{File: lx.f.name, Msg: fmt.Sprintf("too many errors (%d), stopping", maxDeclErrors)}, stop: true})
		}
		// Skip the rest of a statement cut short by its error.
		if tok[0] != '$' || len(tok) == 2 && strings.ContainsRune("cvd", rune(tok[1])) {
			for last := lx.last; last == nil || string(last) != "$."; last = lx.last {
				if t, _ := lx.next(); t == nil {
					break
				}
			}
		}
		inc = nil
	}()
	if tok[0] == '$' {
		if len(tok) != 2 {
			p.fail(lx, off, "", "unknown keyword %q", tok)
		}
		switch tok[1] {
		case '[':
			name, noff := lx.next()
			if name == nil {
				p.fail(lx, off, "", "file inclusion not finished before end of file")
			}
			end, eoff := lx.next()
			if string(end) != "$]" {
				p.fail(lx, eoff, "", "file inclusion: expected $] after file name, got %q", end)
			}
			if len(p.scopes) > 0 {
				p.fail(lx, off, "", "file inclusion is only allowed in the outermost scope")
			}
			if strings.ContainsRune(string(name), '$') {
				p.fail(lx, noff, "", "file name %q contains $", name)
			}
			// A relative name is resolved against the including file's
			// folder, never the current directory: the same database
			// must read the same wherever it is run from.
			path := string(name)
			if !filepath.IsAbs(path) {
				path = filepath.Join(filepath.Dir(lx.f.name), path)
			}
			abs, _ := filepath.Abs(path)
			if p.included[abs] {
				return nil // each file is included once
			}
			// A file that cannot be included stops the reading: what
			// follows would only repeat errors about what it declares.
			f, err := p.openFile(path)
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					lx.failAt(noff, fmt.Sprintf("cannot include %q: %s does not exist (inclusions are resolved relative to the including file's folder)", clipText(string(name)), path))
				}
				lx.failAt(noff, fmt.Sprintf("cannot include %q: %v", clipText(string(name)), err))
			}
			return f
		case '{':
			p.pushScope()
		case '}':
			if len(p.scopes) <= base {
				p.fail(lx, off, "", "$} without matching ${")
			}
			p.popScope()
		case 'c':
			p.parseConst(lx, off)
		case 'v':
			p.parseVar(lx, off)
		case 'd':
			p.parseDisjoint(lx, off)
		case 'f', 'e', 'a', 'p':
			p.fail(lx, off, "", "$%c statement without a label", tok[1])
		default:
			p.fail(lx, off, "", "unexpected keyword %q", tok)
		}
		return nil
	}
	p.parseLabelled(lx, tok, off)
	return nil
}

func (p *parser) pushScope() {
	p.scopes = append(p.scopes, p.mark0())
}

// mark0 records the lengths of the scoped stacks.
func (p *parser) mark0() scopeMark {
	return scopeMark{hyps: len(p.hyps), dvs: len(p.dvs), declVars: len(p.declVars), ess: len(p.ess)}
}

func (p *parser) popScope() {
	m := p.scopes[len(p.scopes)-1]
	p.scopes = p.scopes[:len(p.scopes)-1]
	p.unwind(m)
}

// unwind deactivates everything declared after mark m.
func (p *parser) unwind(m scopeMark) {
	for _, h := range p.hyps[m.hyps:] {
		p.hypActive[h] = false
		st := p.db.Stmts[h]
		if st.Kind == KindFloat {
			p.activeFloat[st.Expr[1]] = -1
		}
	}
	p.hyps = p.hyps[:m.hyps]
	p.ess = p.ess[:m.ess]
	p.dvs = p.dvs[:m.dvs]
	p.dvIdx = p.dvIdx[:m.dvs:m.dvs]
	for _, v := range p.declVars[m.declVars:] {
		p.varActive[v] = false
	}
	p.declVars = p.declVars[:m.declVars]
}

// readSymbols reads math-symbol tokens up to "$." (or "$=" when allowEq).
func (p *parser) readSymbols(lx *lexer, kw string, allowEq bool, buf [][]byte) ([][]byte, bool) {
	for {
		tok, off := lx.next()
		if tok == nil {
			p.fail(lx, off, "", "%s statement not terminated by $. before end of file", kw)
		}
		if tok[0] == '$' {
			if len(tok) == 2 && tok[1] == '.' {
				return buf, false
			}
			if allowEq && len(tok) == 2 && tok[1] == '=' {
				return buf, true
			}
			if len(tok) == 2 {
				p.fail(lx, off, "", "%s statement: unexpected keyword %q (missing $.?)", kw, tok)
			}
		}
		for _, c := range tok {
			if c == '$' {
				p.fail(lx, off, "", "math symbol %q contains $", tok)
			}
		}
		buf = append(buf, tok)
	}
}

func (p *parser) newSym(name string, isVar bool) int32 {
	id := int32(len(p.db.syms))
	info := symInfo{name: name, isVar: isVar, varIdx: -1}
	if isVar {
		info.varIdx = p.db.nvars
		p.db.nvars++
	}
	p.db.syms = append(p.db.syms, info)
	p.symIdx[name] = id
	p.varActive = append(p.varActive, false)
	p.activeFloat = append(p.activeFloat, -1)
	p.mark = append(p.mark, 0)
	p.slot = append(p.slot, 0)
	return id
}

func (p *parser) parseConst(lx *lexer, off int) {
	if p.forbid != nil {
		if why := p.forbid("$c"); why != "" {
			p.fail(lx, off, "", "%s", why)
		}
	}
	if len(p.scopes) > 0 {
		p.fail(lx, off, "", "$c is only allowed in the outermost scope")
	}
	toks, _ := p.readSymbols(lx, "$c", false, p.toks[:0])
	p.toks = toks
	if len(toks) == 0 {
		p.fail(lx, off, "", "$c statement declares no constant")
	}
	for _, t := range toks {
		if id, ok := p.symID(t); ok {
			if p.db.syms[id].isVar {
				p.fail(lx, off, "", "constant %q was already declared as a variable", t)
			}
			p.fail(lx, off, "", "constant %q is declared twice", t)
		}
		if _, ok := p.labelID(t); ok {
			p.fail(lx, off, "", "math symbol %q is already a label", t)
		}
		p.newSym(string(t), false)
	}
}

func (p *parser) parseVar(lx *lexer, off int) {
	toks, _ := p.readSymbols(lx, "$v", false, p.toks[:0])
	p.toks = toks
	if len(toks) == 0 {
		p.fail(lx, off, "", "$v statement declares no variable")
	}
	for _, t := range toks {
		id, ok := p.symID(t)
		if ok {
			if !p.db.syms[id].isVar {
				p.fail(lx, off, "", "variable %q was already declared as a constant", t)
			}
			if p.varActive[id] {
				p.fail(lx, off, "", "variable %q is declared twice in the same scope", t)
			}
		} else {
			if _, ok := p.labelID(t); ok {
				p.fail(lx, off, "", "math symbol %q is already a label", t)
			}
			id = p.newSym(string(t), true)
		}
		p.varActive[id] = true
		p.declVars = append(p.declVars, id)
	}
}

func (p *parser) activeVar(lx *lexer, off int, t []byte) int32 {
	id, ok := p.symID(t)
	if !ok {
		p.fail(lx, off, "", "math symbol %q is not declared", t)
	}
	if !p.db.syms[id].isVar || !p.varActive[id] {
		p.fail(lx, off, "", "%q is not an active variable", t)
	}
	return id
}

// MaxDVPairs bounds the disjoint-variable pairs active at once (set.mm
// never has more than about 2,500).
const MaxDVPairs = 1 << 20

func (p *parser) parseDisjoint(lx *lexer, off int) {
	toks, _ := p.readSymbols(lx, "$d", false, p.toks[:0])
	p.toks = toks
	if len(toks) < 2 {
		p.fail(lx, off, "", "$d statement needs at least two variables")
	}
	// n variables make n(n-1)/2 pairs, each kept while the scope is open:
	// a hostile $d of 20,000 variables would take gigabytes.
	if n := int64(len(toks)); int64(len(p.dvs))+n*(n-1)/2 > MaxDVPairs {
		p.fail(lx, off, "", "$d statement with %d variables makes %d pairs: more than %d active $d pairs in all are not supported", n, n*(n-1)/2, MaxDVPairs)
	}
	ids := make([]int32, len(toks))
	for i, t := range toks {
		ids[i] = p.activeVar(lx, off, t)
		for _, prev := range ids[:i] {
			if prev == ids[i] {
				p.fail(lx, off, "", "variable %q appears twice in a $d statement", t)
			}
		}
	}
	for i := range ids {
		for j := i + 1; j < len(ids); j++ {
			p.dvs = append(p.dvs, [2]int32{ids[i], ids[j]})
			p.dvIdx = append(p.dvIdx, [2]int32{p.db.syms[ids[i]].varIdx, p.db.syms[ids[j]].varIdx})
		}
	}
}

func (p *parser) parseLabelled(lx *lexer, label []byte, off int) {
	for _, c := range label {
		if !isLabelChar(c) {
			p.fail(lx, off, "", "%q is not a legal label (letters, digits, '-', '_' and '.' only)", label)
		}
	}
	kw, koff := lx.next()
	if kw == nil {
		p.fail(lx, off, string(label), "label at end of file without a statement")
	}
	if len(kw) != 2 || kw[0] != '$' || !strings.ContainsRune("feap", rune(kw[1])) {
		p.fail(lx, koff, string(label), "label must be followed by $f, $e, $a or $p, not %q", kw)
	}
	name := string(label)
	if _, ok := p.labelID(label); ok {
		p.fail(lx, off, name, "label %q is used twice", name)
	}
	if _, ok := p.symID(label); ok {
		p.fail(lx, off, name, "label %q is already a math symbol", name)
	}
	if p.forbid != nil {
		if why := p.forbid("$" + string(kw[1])); why != "" {
			p.fail(lx, koff, name, "%s", why)
		}
	}
	kind := Kind(kw[1])
	toks, hasProof := p.readSymbols(lx, "$"+string(kw[1]), kind == KindThm, p.toks[:0])
	p.toks = toks
	if kind == KindThm && !hasProof {
		p.fail(lx, off, name, "$p statement has no proof ($= missing)")
	}
	if len(toks) == 0 {
		p.fail(lx, off, name, "statement has no typecode")
	}
	id := int32(len(p.db.Stmts))
	st := p.newStmt()
	*st = Stmt{Label: name, Kind: kind, file: lx.f, off: int32(off)}
	expr := p.ints(len(toks))
	for i, t := range toks {
		s, ok := p.symID(t)
		if !ok {
			p.fail(lx, off, name, "math symbol %q is not declared", t)
		}
		info := &p.db.syms[s]
		if info.isVar {
			if !p.varActive[s] {
				p.fail(lx, off, name, "variable %q is not active here", t)
			}
			if i == 0 {
				p.fail(lx, off, name, "typecode %q is a variable, not a constant", t)
			}
			if kind != KindFloat && p.activeFloat[s] < 0 {
				p.fail(lx, off, name, "variable %q has no active $f statement", t)
			}
		}
		expr[i] = s
	}
	st.Expr = expr
	if kind == KindFloat {
		if len(expr) != 2 {
			p.fail(lx, off, name, "$f statement must have exactly a typecode and a variable")
		}
		v := expr[1]
		if !p.db.syms[v].isVar {
			p.fail(lx, off, name, "$f statement: %q is not a variable", p.db.syms[v].name)
		}
		if prev := p.activeFloat[v]; prev >= 0 {
			p.fail(lx, off, name, "variable %q already has an active $f (%s)", p.db.syms[v].name, p.db.Stmts[prev].Label)
		}
	}
	p.labelIdx[name] = id
	p.db.Stmts = append(p.db.Stmts, st)
	p.hypActive = append(p.hypActive, false)
	switch kind {
	case KindFloat:
		p.activeFloat[expr[1]] = id
		p.hypActive[id] = true
		p.hyps = append(p.hyps, id)
	case KindEss:
		p.hypActive[id] = true
		p.hyps = append(p.hyps, id)
		p.ess = append(p.ess, id)
	case KindAxiom, KindThm:
		st.frame = p.buildFrame(expr, kind == KindThm)
		if kind == KindThm {
			p.parseProof(lx, st, id)
		}
	}
}

// buildFrame computes the mandatory frame of an assertion with math string
// expr, in the order the specification requires: mandatory hypotheses in
// the order they appear in the database.
func (p *parser) buildFrame(expr []int32, thm bool) *frame {
	p.markGen++
	gen := p.markGen
	syms := p.db.syms
	// The mandatory $f's are the active $f's of the variables of the
	// assertion and of its $e's; collecting them through activeFloat (not
	// by walking every active hypothesis: set.mm has hundreds of global
	// $f's) and sorting them with the $e's by statement id gives the
	// database order the specification requires.
	mand := p.mandScratch[:0]
	markVars := func(e []int32) {
		for _, s := range e {
			if syms[s].isVar && p.mark[s] != gen {
				p.mark[s] = gen
				mand = append(mand, p.activeFloat[s])
			}
		}
	}
	markVars(expr)
	for _, h := range p.ess {
		markVars(p.db.Stmts[h].Expr)
	}
	mand = append(mand, p.ess...)
	slices.Sort(mand)
	p.mandScratch = mand
	fr := p.newFrame()
	nh := len(mand)
	fr.hyps = p.ints(nh)
	copy(fr.hyps, mand)
	fr.hypTpl = make([][]int32, nh)
	fr.hypVar = p.ints(nh)
	fr.floats = p.ints(2 * (nh - len(p.ess)))
	fr.floats = fr.floats[:0]
	for i, h := range fr.hyps {
		st := p.db.Stmts[h]
		if st.Kind == KindFloat {
			p.slot[st.Expr[1]] = int32(fr.nslots)
			fr.hypVar[i] = int32(fr.nslots)
			fr.floats = append(fr.floats, int32(i), st.Expr[0])
			fr.nslots++
		} else {
			fr.hypVar[i] = -1
		}
	}
	tpl := func(e []int32) []int32 {
		out := p.ints(len(e))
		for i, s := range e {
			if syms[s].isVar {
				out[i] = tplVar(int(p.slot[s]))
			} else {
				out[i] = s
			}
		}
		return out
	}
	for i, h := range fr.hyps {
		if fr.hypVar[i] < 0 {
			fr.hypTpl[i] = tpl(p.db.Stmts[h].Expr)
			fr.esses = append(fr.esses, essHyp{arg: int32(i), tpl: fr.hypTpl[i], id: h})
		}
	}
	fr.concl = tpl(expr)
	// Mandatory $d pairs: those whose both variables are mandatory.
	for _, d := range p.dvs {
		if p.mark[d[0]] == gen && p.mark[d[1]] == gen {
			fr.dv = append(fr.dv, [2]int32{p.slot[d[0]], p.slot[d[1]]})
		}
	}
	if thm && len(p.dvs) > 0 {
		fr.allDV = p.dvIdx[:len(p.dvIdx):len(p.dvIdx)]
	}
	return fr
}

// parseProof reads the proof after "$=" and resolves its labels.
func (p *parser) parseProof(lx *lexer, st *Stmt, id int32) {
	pd := &proofData{}
	st.proof = pd
	tok, off := lx.next()
	if tok == nil {
		p.fail(lx, off, st.Label, "proof not terminated by $.")
	}
	var undefined []string
	setErr := func(format string, args ...any) {
		if pd.err == "" {
			pd.err = fmt.Sprintf(format, args...)
		}
	}
	mandatory := func(h int32) bool {
		for _, m := range st.frame.hyps {
			if m == h {
				return true
			}
		}
		return false
	}
	resolve := func(t []byte, compressed bool) int32 {
		ref, ok := p.lookupLabel(t)
		if !ok {
			undefined = append(undefined, string(t))
			return -1
		}
		if ref == id {
			setErr("proof cites the statement itself (%q)", t)
			return -1
		}
		rs := p.db.Stmts[ref]
		if rs.Kind == KindFloat || rs.Kind == KindEss {
			if !p.hypActive[ref] {
				setErr("proof cites hypothesis %q, which is not active here", t)
				return -1
			}
			if compressed && mandatory(ref) {
				setErr("compressed proof lists mandatory hypothesis %q in its label list", t)
				return -1
			}
		}
		return ref
	}
	isEnd := func(t []byte) bool {
		if len(t) >= 1 && t[0] == '$' {
			if len(t) == 2 && t[1] == '.' {
				return true
			}
			p.fail(lx, off, st.Label, "unexpected %q in proof (missing $.?)", t)
		}
		return false
	}
	if string(tok) == "(" {
		pd.compressed = true
		for {
			t, o := lx.next()
			off = o
			if t == nil {
				p.fail(lx, off, st.Label, "compressed proof: label list not closed by )")
			}
			if string(t) == ")" {
				break
			}
			if isEnd(t) {
				p.fail(lx, off, st.Label, "compressed proof: label list not closed by )")
			}
			if !p.skipProofs {
				p.labels = append(p.labels, resolve(t, true))
			}
		}
		pd.labels = append([]int32(nil), p.labels...)
		p.labels = p.labels[:0]
		first, last := -1, -1
		comments := lx.comments
		copying := false
		for {
			t, o := lx.next()
			off = o
			if t == nil {
				p.fail(lx, off, st.Label, "proof not terminated by $.")
			}
			if isEnd(t) {
				break
			}
			if first < 0 {
				first = o
			}
			if !copying && lx.comments != comments && !p.skipProofs {
				// A comment among the letters: copy from here on.
				copying = true
				pd.letters = append([]byte(nil), lx.f.data[first:max(last, first)]...)
			}
			last = o + len(t)
			for _, c := range t {
				if !(c >= 'A' && c <= 'Z' || c == '?') {
					p.fail(lx, off, st.Label, "compressed proof: %q is not a proof letter (A-Z or ?)", t)
				}
			}
			if copying {
				pd.letters = append(pd.letters, t...)
			}
		}
		// Without a comment among the letters, the proof is the file's own
		// bytes (the decoder skips whitespace): no copy.
		if !p.skipProofs && !copying && first >= 0 {
			pd.letters = lx.f.data[first:last:last]
		}
	} else {
		for t := tok; ; {
			if isEnd(t) {
				break
			}
			if !p.skipProofs {
				if len(t) == 1 && t[0] == '?' {
					pd.steps = append(pd.steps, -1)
				} else {
					pd.steps = append(pd.steps, resolve(t, false))
				}
			}
			t, off = lx.next()
			if t == nil {
				p.fail(lx, off, st.Label, "proof not terminated by $.")
			}
		}
	}
	if p.skipProofs {
		st.proof = nil
		return
	}
	if len(undefined) > 0 {
		// All of them, not just the first: a proof that cites lemmas missing
		// from the database is easier to fix knowing them all.
		slices.Sort(undefined)
		undefined = slices.Compact(undefined)
		pd.err = fmt.Sprintf("proof cites %s, not defined before this statement", quoteList(undefined))
	}
	if pd.err != "" {
		p.proofErrs = append(p.proofErrs, outcome{id: id, msg: pd.err})
	}
	if p.onTheorem != nil {
		p.onTheorem(id)
	}
}

// Small objects are carved out of larger blocks: set.mm has about 90,000
// statements and 40,000 frames, and allocating each expression, statement
// and frame on its own costs allocation and collection time.
const arenaInts = 1 << 16

// ints returns a zeroed slice of n int32s from the current block.
func (p *parser) ints(n int) []int32 {
	if n > arenaInts/8 {
		return make([]int32, n)
	}
	if len(p.intArena)+n > cap(p.intArena) {
		p.intArena = make([]int32, 0, arenaInts)
	}
	off := len(p.intArena)
	p.intArena = p.intArena[:off+n]
	return p.intArena[off : off+n : off+n]
}

func (p *parser) newStmt() *Stmt {
	if len(p.stmtArena) == cap(p.stmtArena) {
		p.stmtArena = make([]Stmt, 0, 1024)
	}
	p.stmtArena = p.stmtArena[:len(p.stmtArena)+1]
	return &p.stmtArena[len(p.stmtArena)-1]
}

func (p *parser) newFrame() *frame {
	if len(p.frameArena) == cap(p.frameArena) {
		p.frameArena = make([]frame, 0, 1024)
	}
	p.frameArena = p.frameArena[:len(p.frameArena)+1]
	return &p.frameArena[len(p.frameArena)-1]
}

type labelCacheEntry struct {
	key string
	id  int32
}

const labelCacheSize = 1 << 12

// lookupLabel finds the statement labelled t.
func (p *parser) lookupLabel(t []byte) (int32, bool) {
	if p.labelCache == nil {
		p.labelCache = make([]labelCacheEntry, labelCacheSize)
	}
	h := uint32(2166136261)
	for _, c := range t {
		h = (h ^ uint32(c)) * 16777619
	}
	e := &p.labelCache[h&(labelCacheSize-1)]
	if e.key == string(t) && e.key != "" {
		return e.id, true
	}
	id, ok := p.labelID(t)
	if ok {
		e.key, e.id = p.db.Stmts[id].Label, id
	}
	return id, ok
}

// symID finds the math symbol named t, in the parser's own additions
// first, then in its base.
func (p *parser) symID(t []byte) (int32, bool) {
	if id, ok := p.symIdx[string(t)]; ok {
		return id, true
	}
	if p.base != nil {
		id, ok := p.base.symIdx[string(t)]
		return id, ok
	}
	return 0, false
}

// labelID finds the statement labelled t, like symID.
func (p *parser) labelID(t []byte) (int32, bool) {
	if id, ok := p.labelIdx[string(t)]; ok {
		return id, true
	}
	if p.base != nil {
		id, ok := p.base.labelIdx[string(t)]
		return id, ok
	}
	return 0, false
}

// fork returns a parser that starts from p's state and can read and roll
// back text without changing p, so that several forks check candidates
// in parallel against one database read once. p must not read anything
// afterwards (its maps are shared); the per-symbol and per-statement
// arrays that reading changes in place are copied, and the append-only
// ones are capped so that appends reallocate.
func (p *parser) fork() *parser {
	if p.base != nil {
		panic("metamath: fork of a fork")
	}
	clip := func(s []int32) []int32 { return s[:len(s):len(s)] }
	f := &parser{
		db: &DB{
			Stmts: p.db.Stmts[:len(p.db.Stmts):len(p.db.Stmts)],
			syms:  p.db.syms[:len(p.db.syms):len(p.db.syms)],
			nvars: p.db.nvars,
		},
		included:    maps.Clone(p.included),
		symIdx:      map[string]int32{},
		labelIdx:    map[string]int32{},
		base:        p,
		maxBytes:    p.maxBytes,
		maxToken:    p.maxToken,
		readBytes:   p.readBytes,
		varActive:   slices.Clone(p.varActive),
		activeFloat: slices.Clone(p.activeFloat),
		hypActive:   slices.Clone(p.hypActive),
		hyps:        clip(p.hyps),
		ess:         clip(p.ess),
		dvs:         p.dvs[:len(p.dvs):len(p.dvs)],
		dvIdx:       p.dvIdx[:len(p.dvIdx):len(p.dvIdx)],
		declVars:    clip(p.declVars),
		scopes:      p.scopes[:len(p.scopes):len(p.scopes)],
		mark:        slices.Clone(p.mark),
		markGen:     p.markGen,
		slot:        slices.Clone(p.slot),
	}
	return f
}
