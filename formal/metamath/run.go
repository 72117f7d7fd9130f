package metamath

import (
	"runtime"
	"sort"
	"sync"
)

// Options control a verification.
type Options struct {
	// Jobs is the number of proof-verifying goroutines; 0 means GOMAXPROCS.
	// With Jobs 1 proofs are verified after reading, in one goroutine.
	Jobs int
	// SkipProofs reads the database without checking proofs (a trusted
	// base such as set.mm under a miniF2F candidate).
	SkipProofs bool
	// MaxBytes bounds the bytes read, inclusions included (0:
	// DefaultMaxBytes).
	MaxBytes int64
	// MaxToken bounds one token, a label or a math symbol (0:
	// DefaultMaxToken).
	MaxToken int
}

// Result is the outcome of reading and verifying a database.
type Result struct {
	DB *DB
	// Errors lists every problem, in database order. A declaration error
	// stops the reading, so it is the last one.
	Errors []Error
	// Incomplete lists the theorems whose proofs contain "?" steps (and no
	// error elsewhere): they are not proved.
	Incomplete []string
	Theorems   int // $p statements read
	Verified   int // proofs that verified completely
	Axioms     int // $a statements read
}

// OK reports whether every proof was verified: no errors and no
// incomplete proof.
func (r *Result) OK() bool { return len(r.Errors) == 0 && len(r.Incomplete) == 0 }

type outcome struct {
	id         int32
	incomplete bool
	skip       bool // proof already reported by the parser
	msg        string
	decl       *Error // a declaration error, reported as is
}

// VerifyFile reads the database at path, with its inclusions, and verifies
// every proof.
func VerifyFile(path string, opt Options) *Result {
	p := newParser()
	p.skipProofs = opt.SkipProofs
	p.maxBytes = opt.MaxBytes
	p.maxToken = opt.MaxToken
	return p.run(opt, func() *Error { return p.readFile(path) })
}

// VerifyText reads text as a database named name and verifies it.
func VerifyText(name string, text []byte, opt Options) *Result {
	p := newParser()
	p.skipProofs = opt.SkipProofs
	p.maxToken = opt.MaxToken
	return p.run(opt, func() *Error { return p.readText(name, text) })
}

// run reads with read and verifies the proofs it yields, in parallel with
// the reading when opt.Jobs > 1.
func (p *parser) run(opt Options, read func() *Error) *Result {
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	startStmt := len(p.db.Stmts)
	startErrs := len(p.proofErrs)
	startDecl := len(p.declErrs)
	defer func() {
		p.proofErrs = p.proofErrs[:startErrs]
		p.declErrs = p.declErrs[:startDecl]
	}()
	var results []outcome
	var fatalErr *Error
	if jobs == 1 || opt.SkipProofs {
		var ids []int32
		p.onTheorem = func(id int32) { ids = append(ids, id) }
		fatalErr = read()
		w := &worker{stmts: p.db.Stmts, syms: p.db.syms, maxSyms: p.maxSyms, maxWork: p.maxWork}
		for _, id := range ids {
			results = append(results, w.check(id))
		}
	} else {
		// Batches of theorem ids travel with a snapshot of the statement and
		// symbol slices: everything a proof refers to was complete before
		// the batch was sent, and the parser never changes it afterwards.
		type batch struct {
			ids   []int32
			stmts []*Stmt
			syms  []symInfo
		}
		ch := make(chan batch, 64)
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range jobs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w := &worker{}
				var local []outcome
				for b := range ch {
					w.stmts, w.syms = b.stmts, b.syms
					for _, id := range b.ids {
						if o := w.check(id); o.msg != "" || o.incomplete || o.skip {
							local = append(local, o)
						} else {
							local = append(local, outcome{id: -1})
						}
					}
				}
				mu.Lock()
				results = append(results, local...)
				mu.Unlock()
			}()
		}
		const batchSize = 128
		var cur []int32
		flush := func() {
			if len(cur) > 0 {
				ch <- batch{cur, p.db.Stmts, p.db.syms}
				cur = nil
			}
		}
		p.onTheorem = func(id int32) {
			cur = append(cur, id)
			if len(cur) == batchSize {
				flush()
			}
		}
		fatalErr = read()
		flush()
		close(ch)
		wg.Wait()
	}
	p.onTheorem = nil

	res := &Result{DB: p.db}
	for _, st := range p.db.Stmts[startStmt:] {
		switch st.Kind {
		case KindThm:
			res.Theorems++
		case KindAxiom:
			res.Axioms++
		}
	}
	results = append(results, p.proofErrs[startErrs:]...)
	results = append(results, p.declErrs[startDecl:]...)
	sort.SliceStable(results, func(i, j int) bool { return results[i].id < results[j].id })
	for _, o := range results {
		if o.id < 0 {
			res.Verified++
			continue
		}
		if o.decl != nil {
			res.Errors = append(res.Errors, *o.decl)
			continue
		}
		st := p.db.Stmts[o.id]
		switch {
		case o.skip:
		case o.msg != "":
			res.Errors = append(res.Errors, p.db.errAt(st, o.msg))
		case o.incomplete:
			res.Incomplete = append(res.Incomplete, st.Label)
		default:
			res.Verified++
		}
	}
	if fatalErr != nil {
		res.Errors = append(res.Errors, *fatalErr)
	}
	return res
}

// check verifies theorem id, unless its proof already failed to resolve.
func (w *worker) check(id int32) outcome {
	st := w.stmts[id]
	if st.proof == nil || st.proof.err != "" {
		return outcome{id: id, skip: true} // reported by the parser
	}
	inc, msg := w.verify(st)
	return outcome{id: id, incomplete: inc, msg: msg}
}
