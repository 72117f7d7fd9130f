package minif2f

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/matheval/matheval/formal/metamath"
)

// DefaultSetMM is where Debian's metamath-databases package puts set.mm.
const DefaultSetMM = "/usr/share/metamath/databases/set.mm"

// Checker checks candidate proofs against official statements appended to
// one set.mm, read once.
type Checker struct {
	// Info identifies the set.mm checked against (date and hash).
	Info    SetMMInfo
	session *metamath.Session
	mu      sync.Mutex
	// official caches each problem's parsed statement.
	official map[string]*metamath.Statement
}

// NewChecker reads set.mm. Its proofs are trusted (not re-verified) unless
// verify is set; either way its declarations are checked.
func NewChecker(setmm string, verify bool) (*Checker, error) {
	info, err := ReadSetMMInfo(setmm)
	if err != nil {
		return nil, err
	}
	s, res := metamath.Load(setmm, metamath.Options{SkipProofs: !verify})
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("reading %s: %v", setmm, res.Errors[0])
	}
	if len(res.Incomplete) > 0 {
		return nil, fmt.Errorf("reading %s: %d incomplete proofs (first %s)", setmm, len(res.Incomplete), res.Incomplete[0])
	}
	return &Checker{Info: info, session: s, official: map[string]*metamath.Statement{}}, nil
}

// Verdict is the outcome of checking one candidate.
type Verdict struct {
	OK     bool   `json:"ok"`
	Reason string `json:"reason,omitempty"` // why it failed
	// Steps is the length of an accepted proof: the steps of the
	// theorem's proof as written (see metamath.Statement.ProofSteps).
	Steps int `json:"steps,omitempty"`
}

// Limits of one candidate: its size, and the symbols its proofs may build
// (set.mm's largest proof builds about 111,000; a hostile one is stopped
// at 4 million, 16 MiB per parallel check).
const (
	MaxCandidateBytes   = 1 << 20
	maxCandidateSymbols = 1 << 22
)

// SetParallel sets how many candidates are checked at once against the one
// set.mm in memory.
func (c *Checker) SetParallel(n int) { c.session.SetParallel(n) }

// forbid refuses what a candidate may not add to set.mm: new axioms, new
// constants and file inclusions.
func forbid(kw string) string {
	switch kw {
	case "$a":
		return "candidate declares a new axiom ($a), which is not allowed"
	case "$c":
		return "candidate declares new constants ($c), which is not allowed"
	case "$[":
		return "candidate includes a file ($[ $]), which is not allowed"
	}
	return ""
}

// Official returns the parsed official statement of p.
func (c *Checker) Official(p Problem) (*metamath.Statement, error) {
	key := p.Split + "/" + p.Name
	c.mu.Lock()
	st, ok := c.official[key]
	c.mu.Unlock()
	if ok {
		return st, nil
	}
	cr := c.session.Check(p.File, []byte(p.Statement), metamath.CheckOptions{Forbid: forbid})
	if len(cr.Errors) > 0 {
		return nil, fmt.Errorf("official statement of %s does not read against set.mm: %v", p.Name, cr.Errors[0])
	}
	for i := range cr.Statements {
		s := &cr.Statements[i]
		if s.Label == p.Name && s.Kind == metamath.KindThm {
			c.mu.Lock()
			c.official[key] = s
			c.mu.Unlock()
			return s, nil
		}
	}
	return nil, fmt.Errorf("official statement of %s has no $p labelled %s", p.Name, p.Name)
}

// Check checks candidate (Metamath text: the theorem block, possibly with
// lemmas before it) for problem p.
func (c *Checker) Check(p Problem, candidate string) Verdict {
	off, err := c.Official(p)
	if err != nil {
		return Verdict{Reason: err.Error()}
	}
	cr := c.session.Check("candidate:"+p.Name, []byte(candidate), metamath.CheckOptions{Forbid: forbid,
		MaxBytes: MaxCandidateBytes, MaxProofSymbols: maxCandidateSymbols})
	if len(cr.Errors) > 0 {
		e := cr.Errors[0]
		msg := e.Msg
		if e.Label != "" {
			msg = e.Label + ": " + msg
		}
		if e.Line > 0 {
			msg = fmt.Sprintf("line %d: %s", e.Line, msg)
		}
		if len(cr.Errors) > 1 {
			msg += fmt.Sprintf(" (and %d more errors)", len(cr.Errors)-1)
		}
		if len(undefinedLabels(msg)) > 0 {
			// The usual cause: the statements were written against a
			// newer set.mm than the one given.
			msg += fmt.Sprintf(" (this set.mm, of %s, lacks them: it is probably older than the statements)", c.Info.Date)
		}
		return Verdict{Reason: msg}
	}
	if len(cr.Incomplete) > 0 {
		return Verdict{Reason: fmt.Sprintf("proof of %s has unknown (?) steps", strings.Join(cr.Incomplete, ", "))}
	}
	var got *metamath.Statement
	for i := range cr.Statements {
		if s := &cr.Statements[i]; s.Label == p.Name && s.Kind == metamath.KindThm {
			got = s
		}
	}
	if got == nil {
		return Verdict{Reason: fmt.Sprintf("no $p statement labelled %s", p.Name)}
	}
	if why := compare(off, got); why != "" {
		return Verdict{Reason: why}
	}
	if !got.Proved {
		return Verdict{Reason: "proof does not verify"}
	}
	return Verdict{OK: true, Steps: got.ProofSteps}
}

// compare explains how a candidate's statement differs from the official
// one, or returns "".
func compare(off, got *metamath.Statement) string {
	if !slices.Equal(off.Expr, got.Expr) {
		return fmt.Sprintf("different conclusion: %q instead of %q", clip(strings.Join(got.Expr, " "), 500), clip(strings.Join(off.Expr, " "), 500))
	}
	ess := func(s *metamath.Statement) []string {
		var out []string
		for _, h := range s.Hyps {
			if h.Kind == metamath.KindEss {
				out = append(out, strings.Join(h.Expr, " "))
			}
		}
		return out
	}
	oe, ge := ess(off), ess(got)
	if !slices.Equal(oe, ge) {
		return clip(fmt.Sprintf("changed hypotheses: %d essential hypotheses %q instead of %q", len(ge), ge, oe), 2000)
	}
	fl := func(s *metamath.Statement) []string {
		var out []string
		for _, h := range s.Hyps {
			if h.Kind == metamath.KindFloat {
				out = append(out, strings.Join(h.Expr, " "))
			}
		}
		return out
	}
	if of, gf := fl(off), fl(got); !slices.Equal(of, gf) {
		return clip(fmt.Sprintf("changed variable types: %q instead of %q", gf, of), 2000)
	}
	dv := func(s *metamath.Statement) []string {
		var out []string
		for _, d := range s.DV {
			out = append(out, d[0]+" "+d[1])
		}
		slices.Sort(out)
		return out
	}
	if od, gd := dv(off), dv(got); !slices.Equal(od, gd) {
		return clip(fmt.Sprintf("changed $d restrictions: %q instead of %q", gd, od), 2000)
	}
	return ""
}

// undefinedRE matches the verifier's message for a proof citing labels the
// database does not have.
var undefinedRE = regexp.MustCompile(`proof cites (.*), not defined before this statement`)

// undefinedLabels returns the labels a rejection says are not defined.
func undefinedLabels(reason string) []string {
	m := undefinedRE.FindStringSubmatch(reason)
	if m == nil {
		return nil
	}
	var out []string
	for _, q := range regexp.MustCompile(`"([^"]+)"`).FindAllStringSubmatch(m[1], -1) {
		out = append(out, q[1])
	}
	return out
}

// SetMMInfo identifies a set.mm: the date of its "Version of" line and the
// SHA-256 of the file.
type SetMMInfo struct {
	Path   string `json:"path"`
	Date   string `json:"date"` // "28-Dec-2020", or "unknown date"
	SHA256 string `json:"sha256"`
}

func (i SetMMInfo) String() string {
	return fmt.Sprintf("set.mm %s (version of %s, sha256 %s)", i.Path, i.Date, i.SHA256)
}

var setmmDateRE = regexp.MustCompile(`Version of ([0-9]{1,2}-[A-Z][a-z]{2}-[0-9]{4})`)

// ReadSetMMInfo reads a set.mm's date and hash.
func ReadSetMMInfo(path string) (SetMMInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return SetMMInfo{}, err
	}
	defer f.Close()
	h := sha256.New()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	h.Write(head[:n])
	if _, err := io.Copy(h, f); err != nil {
		return SetMMInfo{}, fmt.Errorf("%s: %v", path, err)
	}
	info := SetMMInfo{Path: path, Date: "unknown date", SHA256: hex.EncodeToString(h.Sum(nil))}
	if m := setmmDateRE.FindSubmatch(head[:n]); m != nil {
		info.Date = string(m[1])
	}
	return info, nil
}
