package lean

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Problem is a formal statement to prove.
type Problem struct {
	Name      string // the theorem's name
	Statement string // the official statement, "theorem NAME ... := by"
	Header    string // imports and options run before it
}

// Verdict is the outcome of checking one candidate.
type Verdict struct {
	OK bool `json:"ok"`
	// Stage names the check that rejected the candidate: input,
	// statement, forbidden, lean (error messages), sorry, axioms, type
	// (elaborated statement differs), timeout, crash, memory, repl
	// (malformed answer), official (the official statement itself failed).
	Stage  string `json:"stage,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Messages are Lean's messages about the candidate, when it ran.
	Messages []Message     `json:"messages,omitempty"`
	Elapsed  time.Duration `json:"elapsed_ns"`
}

// StandardAxioms are the axioms a proof may depend on: those of Lean's
// standard classical logic. Anything else (sorryAx, Lean.ofReduceBool from
// native_decide, an axiom the candidate declared) rejects it.
var StandardAxioms = []string{"propext", "Classical.choice", "Quot.sound"}

// Checker checks candidates with one REPL.
//
// The rule: a candidate is accepted only when
//   - its text is at most Config.MaxInput bytes and imports nothing the
//     header does not;
//   - it declares the theorem once, with exactly the official statement's
//     text up to ":=" (comments removed, white space normalised);
//   - it uses none of the Forbidden words (sorry, admit, axiom,
//     native_decide, notations, macros, instances, ...);
//   - Lean, run in the header's environment, reports no error, no sorry and
//     no "declaration uses 'sorry'" warning, within the timeout;
//   - "#print axioms" shows only StandardAxioms;
//   - the theorem's elaborated type, printed with pp.all, is the same as
//     the official statement's elaborated in the bare header environment
//     (so nothing earlier in the candidate changed what the text means).
//
// This follows what miniF2F Lean 4 evaluations (DeepSeek-Prover's
// verifier: no errors, no sorries) check, and adds the axiom and type
// checks, which make the keyword list a second line of defence.
type Checker struct {
	repl *REPL
	// CheckType compares elaborated types (default true with NewChecker).
	CheckType bool

	mu       sync.Mutex
	official map[string]string // problem name -> pp.all type of the official statement
}

// NewChecker returns a checker using repl.
func NewChecker(repl *REPL) *Checker {
	return &Checker{repl: repl, CheckType: true, official: map[string]string{}}
}

// REPL returns the checker's REPL.
func (c *Checker) REPL() *REPL { return c.repl }

// Start starts the REPL and runs header, so that a REPL that cannot start
// is reported before any candidate is checked.
func (c *Checker) Start(header string) error {
	_, err := c.repl.HeaderEnv(header)
	return err
}

// Check checks candidate for p. The error is set only when the REPL could
// not start or the header does not compile: failures that no candidate
// caused. A timeout, a crash or a malformed answer while a candidate runs
// rejects that candidate (the REPL is restarted for the next).
func (c *Checker) Check(p Problem, candidate string) (Verdict, error) {
	start := time.Now()
	v, err := c.check(p, candidate)
	v.Elapsed = time.Since(start)
	return v, err
}

func reject(stage, format string, args ...any) Verdict {
	return Verdict{Stage: stage, Reason: fmt.Sprintf(format, args...)}
}

func (c *Checker) check(p Problem, candidate string) (Verdict, error) {
	max := c.repl.cfg.MaxInput
	if len(candidate) > max {
		return reject("input", "candidate is %d bytes, over the limit of %d", len(candidate), max), nil
	}
	text, err := Assemble(p.Name, p.Statement, p.Header, candidate)
	if err != nil {
		return reject("input", "%v", err), nil
	}
	if len(text) > max {
		return reject("input", "candidate is %d bytes, over the limit of %d", len(text), max), nil
	}
	if err := CheckStatement(p.Name, p.Statement, text); err != nil {
		return reject("statement", "%v", err), nil
	}
	if err := CheckForbidden(text); err != nil {
		return reject("forbidden", "%v", err), nil
	}
	resp, err := c.repl.Run(p.Header, text)
	if err != nil {
		return c.failure(err)
	}
	if v, done := judge(resp); done {
		return v, nil
	}
	gen := c.repl.Generation()
	env := *resp.Env
	var official string
	if c.CheckType {
		if official, err = c.officialType(p); err != nil {
			var f *Failure
			if errors.As(err, &f) && f.Kind == FailStart {
				return Verdict{}, err
			}
			return reject("official", "the official statement could not be elaborated: %v", err), nil
		}
		if c.repl.Generation() != gen {
			// The official statement's run restarted the REPL: run the
			// candidate again in the new one.
			if resp, err = c.repl.Run(p.Header, text); err != nil {
				return c.failure(err)
			}
			if v, done := judge(resp); done {
				return v, nil
			}
			env = *resp.Env
		}
	}
	q := "#print axioms " + p.Name
	if c.CheckType {
		q += "\n\nset_option pp.all true in\n#check @" + p.Name
	}
	info, err := c.repl.RunIn(env, q)
	if err != nil {
		return c.failure(err)
	}
	if info.Message != "" {
		return reject("repl", "REPL refused the axiom query: %s", info.Message), nil
	}
	if errs := info.Errors(); len(errs) > 0 {
		return reject("axioms", "querying %s: %s", p.Name, errs[0].Data), nil
	}
	// The axiom query is on line 1, the #check on line 3.
	var axMsg, typeMsg string
	for _, m := range info.Messages {
		switch {
		case m.Pos.Line <= 1 && axMsg == "":
			axMsg = m.Data
		case m.Pos.Line > 1 && typeMsg == "":
			typeMsg = m.Data
		}
	}
	axioms, ok := ParseAxioms(axMsg)
	if !ok {
		return reject("repl", "unexpected answer to #print axioms: %q", clip(axMsg, 200)), nil
	}
	for _, a := range axioms {
		if !isStandard(a) {
			return reject("axioms", "the proof depends on axiom %s", a), nil
		}
	}
	if c.CheckType && Normalize(typeMsg) != Normalize(official) {
		return reject("type", "the theorem's elaborated statement differs from the official one: %q instead of %q", clip(Normalize(typeMsg), 300), clip(Normalize(official), 300)), nil
	}
	return Verdict{OK: true, Messages: resp.Messages}, nil
}

// judge rejects on the REPL's answer to the candidate; done is false when
// the candidate passed and has an environment.
func judge(resp *Response) (Verdict, bool) {
	if resp.Message != "" {
		return reject("repl", "REPL refused the command: %s", resp.Message), true
	}
	if errs := resp.Errors(); len(errs) > 0 {
		v := reject("lean", "line %d:%d: %s", errs[0].Pos.Line, errs[0].Pos.Column, clip(errs[0].Data, 500))
		if len(errs) > 1 {
			v.Reason += fmt.Sprintf(" (and %d more errors)", len(errs)-1)
		}
		v.Messages = resp.Messages
		return v, true
	}
	if len(resp.Sorries) > 0 {
		v := reject("sorry", "the proof has %d sorry (first at line %d)", len(resp.Sorries), resp.Sorries[0].Pos.Line)
		v.Messages = resp.Messages
		return v, true
	}
	for _, m := range resp.Messages {
		if strings.Contains(m.Data, "declaration uses 'sorry'") {
			v := reject("sorry", "line %d: %s", m.Pos.Line, m.Data)
			v.Messages = resp.Messages
			return v, true
		}
	}
	if resp.Env == nil {
		return reject("repl", "the answer has no env"), true
	}
	return Verdict{}, false
}

// failure turns a REPL failure during a candidate into its verdict, or
// into an error when the REPL cannot start at all.
func (c *Checker) failure(err error) (Verdict, error) {
	var f *Failure
	if !errors.As(err, &f) {
		// The header did not compile: no candidate can pass.
		return Verdict{}, err
	}
	switch f.Kind {
	case FailStart:
		return Verdict{}, err
	case FailTimeout:
		return reject("timeout", "%s; the REPL was restarted", f.Detail), nil
	case FailCrash:
		return reject("crash", "%s; the REPL was restarted", f.Detail), nil
	case FailMemory:
		return reject("memory", "%s; the REPL was restarted", f.Detail), nil
	case FailInput:
		return reject("input", "%s", f.Detail), nil
	}
	return reject("repl", "%s; the REPL was restarted", f.Detail), nil
}

// officialType elaborates the official statement (with sorry as its proof)
// in the header's environment and returns its pp.all type, cached per
// problem. Being text, the cache outlives REPL restarts.
func (c *Checker) officialType(p Problem) (string, error) {
	c.mu.Lock()
	t, ok := c.official[p.Name]
	c.mu.Unlock()
	if ok {
		return t, nil
	}
	stmt := strings.TrimRight(p.Statement, " \t\r\n")
	resp, err := c.repl.Run(p.Header, stmt+" sorry")
	if err != nil {
		return "", err
	}
	if resp.Message != "" {
		return "", errors.New(resp.Message)
	}
	if errs := resp.Errors(); len(errs) > 0 {
		return "", fmt.Errorf("line %d: %s", errs[0].Pos.Line, errs[0].Data)
	}
	if resp.Env == nil {
		return "", errors.New("the answer has no env")
	}
	info, err := c.repl.RunIn(*resp.Env, "set_option pp.all true in\n#check @"+p.Name)
	if err != nil {
		return "", err
	}
	if errs := info.Errors(); len(errs) > 0 || len(info.Messages) == 0 {
		return "", fmt.Errorf("#check @%s gave no type: %+v", p.Name, info.Messages)
	}
	t = info.Messages[0].Data
	c.mu.Lock()
	c.official[p.Name] = t
	c.mu.Unlock()
	return t, nil
}

var axiomsRE = regexp.MustCompile(`depends on axioms:\s*\[([^\]]*)\]`)

// ParseAxioms reads the answer of "#print axioms": "'x' depends on axioms:
// [propext, Classical.choice]" or "'x' does not depend on any axioms".
func ParseAxioms(msg string) ([]string, bool) {
	if strings.Contains(msg, "does not depend on any axioms") {
		return nil, true
	}
	m := axiomsRE.FindStringSubmatch(msg)
	if m == nil {
		return nil, false
	}
	var out []string
	for _, a := range strings.Split(m[1], ",") {
		if a = strings.TrimSpace(a); a != "" {
			out = append(out, a)
		}
	}
	return out, true
}

func isStandard(a string) bool {
	for _, s := range StandardAxioms {
		if a == s {
			return true
		}
	}
	return false
}
