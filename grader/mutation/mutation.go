// Package mutation generates test pairs for the answer grader from gold
// answers: meaning-changing mutants (an integer moved by one, a flipped sign
// or bracket, a dropped list element, a renamed variable, a tiny exact term
// added to a transcendental number, a coarse rounding, words slipped between
// numbers, a check line or a next exercise after the answer) that a grader
// must never call equal, and meaning-keeping rewrites (reprinting, reordering,
// \dfrac, \left, spacing, boxes, decimals for fractions, rationalised forms)
// that it should call equal.
//
// Mutants are edits of the gold's own text, so that they look like what a
// model writes. Whether a mutant really changes the meaning is decided either
// by construction (adding a nonzero term changes a number) or by the oracle
// of this package (oracle.go), a small reader and evaluator of its own that
// shares no code with the grader under test. A mutant the oracle cannot
// judge is dropped, never asserted; the counts of dropped mutants are kept
// so that a family that silently stops producing shows up.
//
// Two families check the grader as a property (issue 28): the surface
// family (surface.go) renders every gold and every answer mutant in the
// notations models emit (Unicode, full-width digits, upright constants,
// plain replies, markdown, other delimiters and spacing), each rendering
// confirmed by the oracle's own Unicode reader (unicode.go); the closed-world
// family (closed.go) sets every gold beside or around an entry of a
// catalogue of LaTeX commands and Unicode characters (catalogue.go), never
// Equal unless the entry is on the no-op table (noop.go).
//
// The package is used by its own mutation suite (suite_test.go, and
// TestSurface and TestClosedWorld), which grades every pair through the
// same path as `matheval equiv --policy <bench>`, and by the randomized
// differential test (random.go). The full sweep is about a million pairs;
// by default the tests grade a seeded sample that still covers every gold
// and every family (sample.go: Sampling, DefaultSampling; the surface and
// closed-world families pick their styles and entries per gold), so that
// `go test ./grader/mutation/` stays under two minutes on two busy cores.
// MATHEVAL_MUTATION_FULL=1 runs the full sweep.
package mutation

import (
	"fmt"
	"hash/fnv"
	"math/big"
	"strings"
)

// Expect is what a pair requires of the grader.
type Expect int

const (
	// MustDiffer: the candidate means something else; Equal is a defect.
	MustDiffer Expect = iota
	// MustEqual: the candidate is the gold rewritten; anything but Equal
	// counts against the rewrite rate.
	MustEqual
	// PolicyOnly: a matter of grading policy (a correctly rounded decimal
	// for an exact gold); counted, never asserted.
	PolicyOnly
)

func (e Expect) String() string {
	switch e {
	case MustDiffer:
		return "must-differ"
	case MustEqual:
		return "must-equal"
	}
	return "policy"
}

// Gold is one gold answer to mutate.
type Gold struct {
	// Bench names the grading policy ("math", "math401", "asdiv", "hardmath").
	Bench string
	// ID identifies the item in messages.
	ID string
	// Text is the gold as the grader receives it.
	Text string
	// Core is the answer notation the generators edit (Text without an ASDiv
	// unit, say). Empty means Text.
	Core string
	// Unit is a unit word a reply may append (ASDiv).
	Unit string
	// Tol, when set, is the absolute difference below which two numbers mean
	// the same under the benchmark's policy (MATH 401: 1e-3).
	Tol *big.Rat
	// Prose marks a benchmark whose replies are sentences (ASDiv): the beyond-
	// MATH families write their mutants as prose there.
	Prose bool
}

func (g Gold) core() string {
	if g.Core != "" {
		return g.Core
	}
	return g.Text
}

// Pair is one gold/candidate pair.
type Pair struct {
	Family string
	// Answer is the edited answer before it was written as a reply ("" for
	// the families that write whole replies).
	Answer string
	// Cand is the candidate reply (a bare answer, math or a whole reply).
	Cand   string
	Expect Expect
	// Note says what was changed (for reports).
	Note string
}

// Stats counts, per family, the mutants dropped because neither the
// construction nor the oracle could show they change (or keep) the meaning.
type Stats struct {
	Dropped map[string]int
	// OracleSame counts meaning-changing edits that turned out to keep the
	// meaning (0^3 -> 0^4): they are dropped too.
	OracleSame map[string]int
	// NotApplicable counts, per surface style, the golds the style has
	// nothing to render in (no root to write as √, say): not a drop.
	NotApplicable map[string]int
	// PrinterChanged lists reprints that the oracle reads as a different
	// answer: printer defects, kept out of the pairs.
	PrinterChanged []string
}

// NewStats returns empty counters.
func NewStats() *Stats {
	return &Stats{Dropped: map[string]int{}, OracleSame: map[string]int{}, NotApplicable: map[string]int{}}
}

// Generator makes the pairs of a gold. The zero value is usable.
type Generator struct {
	// PerFamily caps the pairs of one family per gold (0 means 6).
	PerFamily int
	// Reprint, when set, prints an answer back through the grader's own
	// printer (latex.Parse then String), for the "reprint" family.
	Reprint func(string) (string, error)
	// NoOp, when set, is the reader's no-op table (latex.NoOps once it
	// exists): a closed-world construct it lists is exempt, not asserted.
	// Unset, the suite's own table (noop.go) is the only exemption.
	NoOp func(open, close string) bool
}

type gen struct {
	g     Gold
	core  string
	gv    *Value // the oracle's reading of the core, nil when unreadable
	out   []Pair
	st    *Stats
	cap   int
	count map[string]int
	seen  map[string]bool
	rep   func(string) (string, error)
	h     uint64
}

// Pairs returns the pairs of gold g. st, when not nil, collects the counts of
// dropped mutants.
func (G Generator) Pairs(g Gold, st *Stats) []Pair {
	c := G.newGen(g, st, "")
	if c == nil {
		return nil
	}
	if c.gv != nil && c.gv.Kind == "text" {
		// a word answer: its words are not notation to edit
		c.yesNo()
		c.wrap()
		return c.out
	}

	// meaning-changing edits of the answer
	c.intPlusMinus()
	c.signFlip()
	c.digit()
	c.brackets()
	c.dropDup()
	c.swapNames()
	c.renameVar()
	c.base()
	c.tinyTerm()
	c.tinyEndpoint()
	c.rounded()
	c.ratio()
	c.yesNo()
	c.swapOrder()
	c.transpose()
	c.inequality()
	// beyond the answer's notation: replies
	c.hedge()
	c.between()
	c.qualifier()
	c.verifyAfter()
	c.nextExercise()
	c.unfinished()
	// the sweep's families (sweep.go)
	c.valueWord()
	c.notEqual()
	c.lineBreak()
	c.contrast()
	c.denial()
	c.boxOperand()
	c.operandWords()
	c.statedThenGold()
	c.unknownPower()
	c.solutionTail()
	c.moreDigits()
	c.unitSwap()
	// meaning-keeping rewrites
	c.reprint()
	c.reorderSum()
	c.reorderList()
	c.reorderProduct()
	c.fracStyle()
	c.leftRight()
	c.spacing()
	c.wrap()
	c.decimal()
	c.rationalise()
	c.assign()
	c.thousands()
	c.slash()
	c.scientific()
	c.equationSides()
	c.notation()
	return c.out
}

// newGen sets up the generation of gold g's pairs; salt varies the reply
// styles picked (one family set against another). It returns nil for a
// gold with nothing to edit.
func (G Generator) newGen(g Gold, st *Stats, salt string) *gen {
	if st == nil {
		st = NewStats()
	}
	c := &gen{g: g, core: strings.TrimSpace(g.core()), st: st, cap: G.PerFamily, count: map[string]int{}, seen: map[string]bool{}, rep: G.Reprint}
	if c.cap <= 0 {
		c.cap = 6
	}
	h := fnv.New64a()
	h.Write([]byte(g.Bench + "\x00" + g.ID + "\x00" + g.Text + salt))
	c.h = h.Sum64()
	if c.core == "" || len(c.core) > maxAnswer {
		return nil
	}
	if v, err := Read(c.core); err == nil {
		c.gv = v
	}
	c.seen[normSpace(c.core)] = true
	if c.g.Prose && strings.IndexFunc(c.core, func(r rune) bool { return r < 128 && isLetter(byte(r)) }) >= 0 {
		c.gv = &Value{Kind: "text", Text: wordKey(c.core)} // ASDiv: "6th", "No"
	}
	return c
}

// maxAnswer bounds the answers the generators and the oracle read.
const maxAnswer = 4000

func normSpace(s string) string { return strings.Join(strings.Fields(s), "") }

// pick returns a deterministic small number for choices (reply style).
func (c *gen) pick(n int) int {
	c.h ^= c.h >> 33
	c.h *= 0xff51afd7ed558ccd
	c.h ^= c.h >> 33
	return int(c.h % uint64(n))
}

// emit adds a pair unless its family is full or the candidate repeats.
func (c *gen) emit(fam, cand string, e Expect, note string) bool {
	if c.count[fam] >= c.cap {
		return false
	}
	key := fam + "\x00" + cand
	if c.seen[key] {
		return false
	}
	c.seen[key] = true
	c.count[fam]++
	c.out = append(c.out, Pair{Family: fam, Cand: cand, Expect: e, Note: note})
	return true
}

// judge decides whether an edited answer changes the meaning, by the oracle.
// It returns Different, Same or Unknown and counts the drops.
func (c *gen) judge(fam, mutant string) Verdict {
	if normSpace(mutant) == normSpace(c.core) {
		c.st.OracleSame[fam]++
		return Same
	}
	if c.gv == nil {
		c.st.Dropped[fam]++
		return Unknown
	}
	mv, err := Read(mutant)
	if err != nil {
		c.st.Dropped[fam]++
		return Unknown
	}
	v := Compare(c.gv, mv, c.g.Tol)
	switch v {
	case Same:
		c.st.OracleSame[fam]++
	case Unknown:
		c.st.Dropped[fam]++
	}
	return v
}

// mutant emits a meaning-changing edit after the oracle's check, wrapped as
// a reply in one of the benchmark's styles.
func (c *gen) mutant(fam, m, note string) bool {
	if c.count[fam] >= c.cap {
		return false
	}
	if c.judge(fam, m) != Different {
		return false
	}
	return c.emitAnswer(fam, m, MustDiffer, note)
}

// emitAnswer emits an edited answer written as a reply.
func (c *gen) emitAnswer(fam, m string, e Expect, note string) bool {
	if !c.emit(fam, c.wrapStyle(m), e, note) {
		return false
	}
	c.out[len(c.out)-1].Answer = m
	return true
}

// certain emits a meaning-changing edit known to change the meaning by
// construction.
func (c *gen) certain(fam, m, note string) bool {
	if normSpace(m) == normSpace(c.core) {
		return false
	}
	return c.emitAnswer(fam, m, MustDiffer, note)
}

// rewrite emits a meaning-keeping edit. When the oracle reads both sides
// it must find them the same; a rewrite it finds different is a generator
// defect and is dropped.
func (c *gen) rewrite(fam, m, note string, needOracle bool) bool {
	if c.count[fam] >= c.cap || normSpace(m) == normSpace(c.core) {
		return false
	}
	if c.gv != nil {
		if mv, err := Read(m); err == nil {
			if Compare(c.gv, mv, nil) != Same {
				c.st.Dropped[fam]++
				return false
			}
		} else if needOracle {
			c.st.Dropped[fam]++
			return false
		}
	} else if needOracle {
		c.st.Dropped[fam]++
		return false
	}
	return c.emitAnswer(fam, m, MustEqual, note)
}

// wrapStyle writes an answer as a reply, in a style picked per pair: bare,
// in math, boxed, after an answer phrase, or at the end of a short solution.
func (c *gen) wrapStyle(m string) string {
	if c.g.Prose {
		unit := ""
		if c.g.Unit != "" {
			unit = " " + c.g.Unit
		}
		switch c.pick(4) {
		case 0:
			return m
		case 1:
			return "The answer is " + m + unit + "."
		case 2:
			return `\boxed{` + m + `}`
		default:
			return "First we add the numbers.\nSo there are " + m + unit + " in all.\nAnswer: " + m
		}
	}
	switch c.pick(6) {
	case 0:
		return m
	case 1:
		return "$" + m + "$"
	case 2:
		return `\boxed{` + m + `}`
	case 3:
		return "The answer is $" + m + "$."
	case 4:
		return "We simplify step by step.\n\nTherefore, the answer is $\\boxed{" + m + "}$."
	default:
		return "Final Answer: The final answer is $" + m + "$. I hope it is correct."
	}
}

// ---- meaning-changing edits of the notation

// replace returns s with the span replaced by r.
func replace(s string, sp span, r string) string { return s[:sp.lo] + r + s[sp.hi:] }

// intPlusMinus moves one integer literal by one, up or down.
func (c *gen) intPlusMinus() {
	for _, l := range literals(c.core) {
		if l.decimal {
			continue
		}
		n, ok := new(big.Int).SetString(l.digits, 10)
		if !ok {
			continue
		}
		for _, d := range []int64{1, -1} {
			m := new(big.Int).Add(n, big.NewInt(d))
			if m.Sign() < 0 {
				continue
			}
			c.mutant("int±1", replace(c.core, l.span, m.String()), fmt.Sprintf("%s -> %s", l.digits, m))
		}
	}
}

// signFlip negates the whole answer, or one literal where a sign may stand.
func (c *gen) signFlip() {
	s := c.core
	if c.gv != nil && c.gv.Kind == "scalar" {
		if strings.HasPrefix(s, "-") {
			if _, ok := topTerms(s); !ok {
				c.mutant("sign", strings.TrimSpace(s[1:]), "drop the leading minus")
			}
		} else if _, ok := topTerms(s); ok {
			c.mutant("sign", `-\left(`+s+`\right)`, "negate")
		} else {
			c.mutant("sign", "-"+s, "negate")
		}
	}
	for _, l := range literals(s) {
		p := prevNonSpace(s, l.lo)
		switch {
		case p >= 0 && s[p] == '-':
			q := prevNonSpace(s, p)
			if q < 0 || strings.IndexByte("(,[{=", s[q]) >= 0 {
				c.mutant("sign", s[:p]+s[l.lo:], "drop a minus before "+l.digits)
			}
		case p < 0 || strings.IndexByte("(,[{=", s[p]) >= 0:
			c.mutant("sign", s[:l.lo]+"-"+s[l.lo:], "negate "+l.digits)
		}
	}
}

// digit changes one digit of a decimal literal.
func (c *gen) digit() {
	for _, l := range literals(c.core) {
		if l.grouped {
			// a thousands group dropped: 222,\!222,\!222 -> 222,\!222
			txt := c.core[l.lo:l.hi]
			if k := strings.LastIndex(txt, ","); k > 0 {
				rest := txt[k:]
				end := strings.IndexFunc(rest, func(r rune) bool { return r >= '0' && r <= '9' })
				if end > 0 && end+3 <= len(rest) {
					cut := txt[:k] + rest[end+3:]
					c.mutant("digit", replace(c.core, l.span, cut), "a thousands group dropped")
				}
			}
		}
		if !l.decimal {
			if !l.grouped && len(l.digits) >= 3 {
				d := []byte(l.digits)
				d[0] = '1' + (d[0]-'0')%9 // 1->2, ..., 9->1: never a leading zero
				c.mutant("digit", replace(c.core, l.span, string(d)), fmt.Sprintf("%s -> %s", l.digits, d))
			}
			continue
		}
		txt := c.core[l.lo:l.hi]
		dot := strings.IndexByte(txt, '.')
		for _, pos := range []int{len(txt) - 1, dot + 1, dot - 1} {
			if pos < 0 || pos >= len(txt) || txt[pos] == '.' {
				continue
			}
			b := []byte(txt)
			b[pos] = '0' + (b[pos]-'0'+1)%10
			if pos == 0 && b[0] == '0' && dot > 1 {
				b[0] = '2'
			}
			c.mutant("digit", replace(c.core, l.span, string(b)), fmt.Sprintf("%s -> %s", txt, b))
		}
	}
}

// bracketPair is a bracketed group of the core with at least two items.
type bracketPair struct {
	open, close     span   // the bracket tokens, \left and \right included
	openB, closeB   string // "(" "[" "\{" ; ")" "]" "\}"
	inner           span
	items           []span // relative to inner
	whole           bool   // the group is the whole core
	leftInf, rigInf bool
}

// bracketPairs finds (...), [...], (...], \{...\} groups with two or more
// items that are not function arguments.
func bracketPairs(s string) []bracketPair {
	var out []bracketPair
	type open struct {
		at, tokEnd int
		b          string
		leftAt     int
	}
	var stack []open
	words := wordSpans(s)
	for i := 0; i < len(s); i++ {
		if inSpans(words, i) {
			continue
		}
		c := s[i]
		leftAt := -1
		if c == '\\' {
			cmd := commandAt(s, i)
			switch cmd {
			case `\left`, `\right`:
				j := i + len(cmd)
				for j < len(s) && s[j] == ' ' {
					j++
				}
				if j >= len(s) {
					return out
				}
				leftAt = i
				i = j
				c = s[i]
				if c == '\\' {
					cmd2 := commandAt(s, i)
					if cmd2 == `\{` || cmd2 == `\}` {
						goto brace
					}
					i += len(cmd2) - 1
					continue
				}
			case `\{`, `\}`:
				goto brace
			default:
				i += len(cmd) - 1
				continue
			}
		}
		switch c {
		case '(', '[':
			at := i
			if leftAt >= 0 {
				at = leftAt
			}
			stack = append(stack, open{at: at, tokEnd: i + 1, b: string(c), leftAt: leftAt})
		case ')', ']':
			at := i
			if leftAt >= 0 {
				at = leftAt
			}
			if len(stack) == 0 {
				return nil
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if o.b == `\{` {
				return nil
			}
			out = appendPair(out, s, o.at, o.tokEnd, o.b, at, i+1, string(c))
		}
		continue
	brace:
		{
			at := i
			if leftAt >= 0 {
				at = leftAt
			}
			if s[i+1] == '{' {
				stack = append(stack, open{at: at, tokEnd: i + 2, b: `\{`, leftAt: leftAt})
			} else {
				if len(stack) == 0 {
					return nil
				}
				o := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if o.b != `\{` {
					return nil
				}
				out = appendPair(out, s, o.at, o.tokEnd, o.b, at, i+2, `\}`)
			}
			i++
		}
	}
	return out
}

func appendPair(out []bracketPair, s string, oAt, oEnd int, ob string, cAt, cEnd int, cb string) []bracketPair {
	inner := span{oEnd, cAt}
	items := splitTop(s[inner.lo:inner.hi], ',')
	if len(items) < 2 {
		return out
	}
	// a function argument f(1,2) or an exponent is not a tuple
	if p := prevNonSpace(s, oAt); funcLike(s, oAt) || p >= 0 && (s[p] == '^' || s[p] == '_') {
		return out
	}
	first := strings.TrimSpace(s[inner.lo+items[0].lo : inner.lo+items[0].hi])
	last := strings.TrimSpace(s[inner.lo+items[len(items)-1].lo : inner.lo+items[len(items)-1].hi])
	return append(out, bracketPair{
		open: span{oAt, oEnd}, close: span{cAt, cEnd}, openB: ob, closeB: cb, inner: inner, items: items,
		whole:   oAt == 0 && cEnd == len(s),
		leftInf: strings.Contains(first, `\infty`), rigInf: strings.Contains(last, `\infty`),
	})
}

// brackets flips the brackets of intervals, pairs and sets, and turns them
// into sets or bare lists (and bare lists into tuples and intervals).
func (c *gen) brackets() {
	if c.g.Prose {
		return // ASDiv's several values have no brackets to keep
	}
	s := c.core
	for _, bp := range bracketPairs(s) {
		inner := s[bp.inner.lo:bp.inner.hi]
		with := func(o, cl string) string {
			return s[:bp.open.lo] + o + inner + cl + s[bp.close.hi:]
		}
		if bp.openB != `\{` {
			if !bp.leftInf {
				o := "["
				if bp.openB == "[" {
					o = "("
				}
				c.mutant("bracket", with(o, bp.closeB), bp.openB+" -> "+o)
			}
			if !bp.rigInf {
				cl := "]"
				if bp.closeB == "]" {
					cl = ")"
				}
				c.mutant("bracket", with(bp.openB, cl), bp.closeB+" -> "+cl)
			}
			if !bp.leftInf && !bp.rigInf {
				c.mutant("bracket", with(`\{`, `\}`), "to a set")
			}
			if bp.whole {
				c.mutant("bracket", inner, "to a bare list")
			}
		} else {
			c.mutant("bracket", with("(", ")"), "set to a tuple")
			if len(bp.items) == 2 {
				c.mutant("bracket", with("[", "]"), "set to an interval")
			}
		}
	}
	// a bare list of values becomes a tuple or an interval
	if c.gv != nil && c.gv.Kind == "seq" && c.gv.Open == "" && !strings.ContainsAny(s, "=<>") && !strings.Contains(s, `\text`) {
		c.mutant("bracket", "("+s+")", "list to a tuple")
		if len(c.gv.Items) == 2 {
			c.mutant("bracket", "["+s+"]", "list to an interval")
		}
	}
}

// listItems returns the items of the core's top-level list, or of its
// outermost bracket pair when the core is one, with the text around them.
func (c *gen) listItems() (prefix string, items []string, suffix string, set bool, ok bool) {
	s := c.core
	for _, bp := range bracketPairs(s) {
		if bp.whole {
			inner := s[bp.inner.lo:bp.inner.hi]
			for _, it := range bp.items {
				items = append(items, strings.TrimSpace(inner[it.lo:it.hi]))
			}
			return s[:bp.inner.lo], items, s[bp.inner.hi:], bp.openB == `\{`, true
		}
	}
	parts := splitTop(s, ',')
	if len(parts) < 2 {
		return "", nil, "", false, false
	}
	for _, p := range parts {
		items = append(items, strings.TrimSpace(s[p.lo:p.hi]))
	}
	return "", items, "", false, true
}

// dropDup drops one element of a list, tuple or set, or repeats one of a
// list or tuple.
func (c *gen) dropDup() {
	pre, items, suf, set, ok := c.listItems()
	if !ok {
		return
	}
	for _, it := range items {
		if it == "" || strings.Contains(it, `\text`) || strings.Contains(it, `\!`) {
			return // "2, 3, \text{and} 4": the words are not an item
		}
	}
	join := func(xs []string) string { return pre + strings.Join(xs, ", ") + suf }
	for _, k := range []int{len(items) - 1, 0} {
		rest := append(append([]string{}, items[:k]...), items[k+1:]...)
		c.mutant("drop", join(rest), "drop "+items[k])
	}
	if !set && !c.g.Prose { // ASDiv's rule reads a reply's last k numbers
		c.mutant("dup", join(append(append([]string{}, items...), items[len(items)-1])), "repeat "+items[len(items)-1])
		c.mutant("dup", join(append([]string{items[0]}, items...)), "repeat "+items[0])
	}
}

// swapNames swaps the values of two assignments (a=1, b=4 -> a=4, b=1).
func (c *gen) swapNames() {
	if c.gv == nil || c.gv.Kind != "seq" || len(c.gv.Items) < 2 {
		return
	}
	pre, items, suf, _, ok := c.listItems()
	if !ok || len(items) != len(c.gv.Items) {
		return
	}
	type asg struct{ name, val string }
	var as []asg
	for _, it := range items {
		l, r, found := strings.Cut(it, "=")
		if !found || strings.Contains(r, "=") {
			return
		}
		as = append(as, asg{strings.TrimSpace(l), strings.TrimSpace(r)})
	}
	for i := 0; i+1 < len(as); i++ {
		out := make([]string, len(as))
		for k, a := range as {
			out[k] = a.name + " = " + a.val
		}
		out[i] = as[i].name + " = " + as[i+1].val
		out[i+1] = as[i+1].name + " = " + as[i].val
		c.mutant("swap-names", pre+strings.Join(out, ", ")+suf, "swap the values of "+as[i].name+" and "+as[i+1].name)
		// the names swapped instead, as "(5,6)" against "q=5, p=6"
		out[i] = as[i+1].name + " = " + as[i].val
		out[i+1] = as[i].name + " = " + as[i+1].val
		c.mutant("swap-names", pre+strings.Join(out, ", ")+suf, "swap the names "+as[i].name+" and "+as[i+1].name)
	}
}

// renameVar replaces a variable by a fresh one, or swaps two variables.
func (c *gen) renameVar() {
	s := c.core
	pos := variables(s)
	if len(pos) == 0 {
		return
	}
	present := map[byte]bool{}
	var order []byte
	for _, p := range pos {
		if !present[s[p]] {
			order = append(order, s[p])
		}
		present[s[p]] = true
	}
	subst := func(m map[byte]byte) string {
		b := []byte(s)
		for _, p := range pos {
			if r, ok := m[s[p]]; ok {
				b[p] = r
			}
		}
		return string(b)
	}
	for _, fresh := range []byte("tuwzsy") {
		if !present[fresh] {
			c.mutant("rename-var", subst(map[byte]byte{order[0]: fresh}), fmt.Sprintf("%c -> %c", order[0], fresh))
			break
		}
	}
	if len(order) >= 2 {
		c.mutant("rename-var", subst(map[byte]byte{order[0]: order[1], order[1]: order[0]}), fmt.Sprintf("swap %c and %c", order[0], order[1]))
	}
	// the assignment form: "x = 3/2" -> "y = 3/2" is the same edit
}

// base changes the base subscript of a number written in another base.
func (c *gen) base() {
	s := c.core
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '_' || i == 0 {
			continue
		}
		// the thing before: digits or a \text{...} group
		j := i
		textual := false
		if s[j-1] == '}' {
			k := strings.LastIndex(s[:j], `\text{`)
			if k < 0 || matchBrace(s, k+5) != j-1 {
				continue
			}
			textual = true
		} else if !isDigit(s[j-1]) {
			continue
		}
		// the base: one digit or {digits}
		var lo, hi int
		if s[i+1] == '{' {
			e := matchBrace(s, i+1)
			if e < 0 {
				continue
			}
			lo, hi = i+2, e
		} else {
			lo, hi = i+1, i+2
		}
		b, ok := new(big.Int).SetString(s[lo:hi], 10)
		if !ok || b.Int64() < 2 || b.Int64() > 36 {
			continue
		}
		for _, nb := range []int64{b.Int64() + 1, b.Int64() - 1, 10} {
			if nb < 2 || nb == b.Int64() {
				continue
			}
			m := s[:lo] + fmt.Sprint(nb) + s[hi:]
			if s[i+1] != '{' {
				m = s[:i+1] + "{" + fmt.Sprint(nb) + "}" + s[hi:]
			}
			if textual {
				k := strings.LastIndex(s[:i], `\text{`)
				digits := s[k+6 : i-1]
				if len(strings.TrimLeft(digits, "0")) >= 2 && validIn(digits, nb) {
					c.certain("base", m, fmt.Sprintf("base %s -> %d", s[lo:hi], nb))
				}
				continue
			}
			c.mutant("base", m, fmt.Sprintf("base %s -> %d", s[lo:hi], nb))
		}
	}
}

func validIn(digits string, b int64) bool {
	for _, ch := range strings.ToUpper(digits) {
		var d int64
		switch {
		case ch >= '0' && ch <= '9':
			d = int64(ch - '0')
		case ch >= 'A' && ch <= 'Z':
			d = int64(ch-'A') + 10
		default:
			return false
		}
		if d >= b {
			return false
		}
	}
	return true
}

// tinyTerm adds an exact tiny nonzero term to a number that is not rational
// (or to a huge integer), which changes it however little.
func (c *gen) tinyTerm() {
	if c.gv == nil || c.gv.Kind != "scalar" || c.gv.Tag != "" || c.g.Tol != nil {
		return
	}
	s := c.core
	n := c.gv.Num
	if strings.ContainsAny(s, "=<>") {
		return
	}
	for _, z := range n.V {
		if z != z || real(z) > 1e300 || real(z) < -1e300 {
			return
		}
	}
	if n.R == nil {
		c.certain("tiny-term", s+" + 10^{-30}", "add 10^-30")
		c.certain("tiny-term", s+` + \frac{1}{10^{60}}`, "add 10^-60")
		c.certain("tiny-term", s+` - \frac{1}{2000!}`, "subtract 1/2000!")
		if _, sum := topTerms(s); !sum {
			c.certain("tiny-term", s+`\cdot\left(1+10^{-40}\right)`, "times 1+10^-40")
		}
		return
	}
	if n.R.Num().BitLen() > 70 {
		c.certain("tiny-term", s+" + 1", "add 1 to a huge integer")
	}
}

// tinyEndpoint moves an irrational end of an interval by an exact tiny
// amount: endpoints need exact comparison too.
func (c *gen) tinyEndpoint() {
	s := c.core
	for _, bp := range bracketPairs(s) {
		if bp.openB == `\{` || len(bp.items) != 2 {
			continue
		}
		inner := s[bp.inner.lo:bp.inner.hi]
		for k, it := range bp.items {
			e := strings.TrimSpace(inner[it.lo:it.hi])
			v, err := Read(e)
			if err != nil || v.Kind != "scalar" || v.Num.R != nil || v.Num.Var || strings.Contains(e, `\infty`) {
				continue
			}
			z := v.Num.V[0]
			if imag(z) != 0 || real(z) != real(z) {
				continue
			}
			m := s[:bp.inner.lo+it.lo] + e + ` + 10^{-30}` + s[bp.inner.lo+it.hi:]
			c.certain("tiny-term", m, fmt.Sprintf("endpoint %d plus 10^-30", k+1))
		}
	}
}

// rounded writes the value of an exact gold as a rounded or truncated
// decimal: too few digits, a truncation that is not the rounding, or any
// rounding of a gold that is itself a terminating decimal.
func (c *gen) rounded() {
	if c.gv == nil || c.gv.Kind != "scalar" || c.gv.Num.Var || c.gv.Tag != "" || c.g.Tol != nil {
		return
	}
	n := c.gv.Num
	var exact *big.Rat
	if n.R != nil {
		if n.R.IsInt() || n.R.Num().BitLen() > 2000 || n.R.Denom().BitLen() > 2000 {
			return
		}
		exact = n.R
	} else {
		z := n.V[0]
		if imag(z) != 0 || real(z) != real(z) || real(z) == 0 || real(z) > 1e15 || real(z) < -1e15 {
			return
		}
	}
	// a gold written as a decimal needs exact equality; an exact gold may
	// accept a correctly rounded decimal with enough digits (policy)
	terminating := exact != nil && isDecimalLiteral(c.core)
	for k := 1; k <= 6; k++ {
		var r, t string
		var ok bool
		if exact != nil {
			r, t, ok = roundRat(exact, k)
		} else {
			r, t, ok = roundFloat(real(n.V[0]), k)
		}
		if !ok {
			continue
		}
		rv, _ := new(big.Rat).SetString(r)
		if exact != nil && rv.Cmp(exact) == 0 {
			break // k digits are the exact value
		}
		// a rounding that carries into a new digit (0.9995 -> 1.000) shows
		// one digit more than k: count the digits it shows
		switch {
		case terminating || sigDigits(r) <= 3:
			c.certain("rounded", r, fmt.Sprintf("rounded to %d significant digits", sigDigits(r)))
		default:
			if c.count["rounded-policy"] < c.cap {
				c.emitAnswer("rounded-policy", r, PolicyOnly, fmt.Sprintf("correctly rounded to %d significant digits", k))
			}
		}
		if t != r {
			c.certain("rounded", t, fmt.Sprintf("truncated to %d significant digits", k))
		}
	}
}

// sigDigits counts the significant digits a decimal shows: from the first
// nonzero digit to the end (trailing zeros after the point count).
func sigDigits(d string) int {
	d = strings.TrimPrefix(d, "-")
	point := strings.Contains(d, ".")
	d = strings.TrimLeft(d, "0.")
	n := 0
	for _, c := range d {
		if c >= '0' && c <= '9' {
			n++
		}
	}
	if !point {
		n = len(strings.TrimRight(d, "0")) // 1200: two
		if n == 0 {
			n = 1
		}
	}
	return n
}

func isDecimalLiteral(s string) bool {
	s = strings.TrimPrefix(strings.TrimSpace(s), "-")
	ls := literals(s)
	return len(ls) == 1 && ls[0].lo == 0 && ls[0].hi == len(s) && ls[0].decimal
}

func isTerminating(r *big.Rat) bool {
	d := new(big.Int).Set(r.Denom())
	for _, p := range []int64{2, 5} {
		P := big.NewInt(p)
		m := new(big.Int)
		for {
			q, rem := new(big.Int).QuoRem(d, P, m)
			if rem.Sign() != 0 {
				break
			}
			d = q
		}
	}
	return d.Cmp(big.NewInt(1)) == 0
}

// roundRat rounds r to k significant digits (half away from zero) and
// truncates it, both as plain decimals.
func roundRat(r *big.Rat, k int) (rounded, truncated string, ok bool) {
	if r.Sign() == 0 {
		return "", "", false
	}
	a := new(big.Rat).Abs(r)
	// exponent e with 10^e <= a < 10^(e+1)
	e := len(new(big.Int).Quo(a.Num(), a.Denom()).String()) - 1
	if new(big.Int).Quo(a.Num(), a.Denom()).Sign() == 0 {
		e = -1
		ten := big.NewRat(10, 1)
		x := new(big.Rat).Mul(a, ten)
		for x.Cmp(big.NewRat(1, 1)) < 0 {
			x.Mul(x, ten)
			e--
		}
	}
	places := k - 1 - e // digits after the point
	if places < 0 {
		return "", "", false // would round into the integer part
	}
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil))
	x := new(big.Rat).Mul(a, scale)
	tq := new(big.Int).Quo(x.Num(), x.Denom())
	frac := new(big.Rat).Sub(x, new(big.Rat).SetInt(tq))
	rq := new(big.Int).Set(tq)
	if frac.Cmp(big.NewRat(1, 2)) >= 0 {
		rq.Add(rq, big.NewInt(1))
	}
	sign := ""
	if r.Sign() < 0 {
		sign = "-"
	}
	return sign + decString(rq, places), sign + decString(tq, places), true
}

func decString(n *big.Int, places int) string {
	s := n.String()
	if places == 0 {
		return s
	}
	for len(s) <= places {
		s = "0" + s
	}
	return s[:len(s)-places] + "." + s[len(s)-places:]
}

// roundFloat is roundRat for an irrational value known to float64
// precision; it refuses roundings too close to a tie to be sure of.
func roundFloat(v float64, k int) (string, string, bool) {
	r := new(big.Rat)
	r.SetFloat64(v)
	rs, ts, ok := roundRat(r, k)
	if !ok {
		return "", "", false
	}
	// the digit tail after k digits must be clear of 0 and of one half
	a := v
	if a < 0 {
		a = -a
	}
	t, _ := new(big.Rat).SetString(strings.TrimPrefix(ts, "-"))
	tf, _ := t.Float64()
	places := 0
	if i := strings.IndexByte(ts, '.'); i >= 0 {
		places = len(ts) - i - 1
	}
	unit := 1.0
	for i := 0; i < places; i++ {
		unit /= 10
	}
	tail := (a - tf) / unit
	if tail < 1e-6 || tail > 1-1e-6 || tail > 0.5-1e-6 && tail < 0.5+1e-6 {
		return "", "", false
	}
	return rs, ts, true
}

// ratio moves one term of an a:b ratio by one.
func (c *gen) ratio() {
	s := c.core
	parts := strings.Split(s, ":")
	if len(parts) != 2 {
		return
	}
	for i := range parts {
		if _, ok := new(big.Int).SetString(strings.TrimSpace(parts[i]), 10); !ok {
			return
		}
	}
	for i := range parts {
		n, _ := new(big.Int).SetString(strings.TrimSpace(parts[i]), 10)
		m := new(big.Int).Add(n, big.NewInt(1))
		q := append([]string{}, parts...)
		q[i] = m.String()
		c.certain("ratio", strings.Join(q, ":"), "a ratio term plus one")
	}
}

// yesNo flips a yes/no answer.
func (c *gen) yesNo() {
	switch strings.ToLower(strings.Trim(c.core, `\text{} .`)) {
	case "yes":
		c.certain("yes-no", "No", "yes -> no")
	case "no":
		c.certain("yes-no", "Yes", "no -> yes")
	}
}

// ---- replies that state a different answer

// wrongValue returns a meaning-changing edit of the core to use as the
// "other" answer of a reply (a number moved by one, or a flipped sign).
func (c *gen) wrongValue() (string, bool) {
	for _, l := range literals(c.core) {
		if l.decimal || l.grouped {
			continue
		}
		n, ok := new(big.Int).SetString(l.digits, 10)
		if !ok {
			continue
		}
		m := replace(c.core, l.span, new(big.Int).Add(n, big.NewInt(1)).String())
		if c.gv != nil {
			if mv, err := Read(m); err == nil && Compare(c.gv, mv, c.g.Tol) == Different {
				return m, true
			}
		}
	}
	if c.gv != nil && c.gv.Kind == "scalar" && !c.gv.Num.Var && c.gv.Tag == "" && c.g.Tol == nil {
		if _, sum := topTerms(c.core); !sum && !strings.ContainsAny(c.core, "=<>,") {
			return c.core + " + 1", true
		}
	}
	return "", false
}

// hedge: two different final answers, in either order.
func (c *gen) hedge() {
	m, ok := c.wrongValue()
	if !ok {
		return
	}
	g := c.core
	c.emit("hedge", `The answer is $\boxed{`+g+`}$ or $\boxed{`+m+`}$.`, MustDiffer, "gold or other")
	c.emit("hedge", `The answer is $\boxed{`+m+`}$ or $\boxed{`+g+`}$.`, MustDiffer, "other or gold")
	c.emit("hedge", "The answer is either $"+g+"$ or $"+m+"$.", MustDiffer, "either/or")
}

// units are words, units and non-Latin text a reply may put between two
// numbers; none of them is an operator.
var units = []struct{ tex, prose string }{
	{`\text{ cm }`, "cm"},
	{`\text{ apples and }`, "apples and"},
	{`\text{ km/h for }`, "km/h for"},
	{`\text{ boxes of }`, "boxes of"},
	{`\text{ 个 }`, "个"},
	{`\text{ штук по }`, "штук по"},
	{`\text{ مرات }`, "مرات"},
	{`\text{ y }`, "y"},
	{`\pmod{`, ""},
	{`\text{a}(`, "cm("},
	{`\,\mathrm{kg}(`, "kg ("},
}

// between writes a product gold n = a*b as "a UNIT b": words between the
// numbers are never a multiplication.
func (c *gen) between() {
	if c.gv == nil || c.gv.Kind != "scalar" || c.gv.Num.R == nil || !c.gv.Num.R.IsInt() {
		return
	}
	n := c.gv.Num.R.Num()
	if n.Sign() <= 0 || n.BitLen() > 40 {
		return
	}
	v := n.Int64()
	a := int64(0)
	for d := int64(2); d*d <= v; d++ {
		if v%d == 0 {
			a = d
		}
	}
	if a == 0 {
		return // prime or 1
	}
	b := v / a
	for k := 0; k < len(units) && c.count["between"] < c.cap; k++ {
		u := units[(k+c.pick(len(units)))%len(units)]
		var cand string
		switch {
		case u.tex == `\pmod{`:
			cand = fmt.Sprintf(`$\boxed{%d \pmod{%d}}$`, a, b)
		case strings.HasSuffix(u.tex, "("):
			// a unit, then a parenthesis: the unit ends the quantity,
			// so nothing after it is a factor (2 cm(3) is not 6)
			cand = fmt.Sprintf(`$\boxed{%d%s%d)}$`, a, u.tex, b)
			if c.g.Prose || c.pick(2) == 0 {
				cand = fmt.Sprintf("The answer is %d %s%d).", a, u.prose, b)
			}
		case c.g.Prose:
			cand = fmt.Sprintf("The answer is %d %s %d.", a, u.prose, b)
		case c.pick(2) == 0:
			cand = fmt.Sprintf(`$\boxed{%d %s %d}$`, a, u.tex, b)
		default:
			cand = fmt.Sprintf(`The answer is $%d$ %s $%d$.`, a, u.prose, b)
		}
		c.emit("between", cand, MustDiffer, fmt.Sprintf("%d*%d with words between", a, b))
	}
}

// qualifiers negate or bound the answer; a grader must not drop them.
var qualifiers = []struct{ pre, post string }{
	{`\text{not }`, ""},
	{`\text{at least }`, ""},
	{`\text{less than }`, ""},
	{"", `\text{ or more}`},
	{`\text{不是 }`, ""},
	{`\text{не }`, ""},
	{`\text{no es }`, ""},
}

func (c *gen) qualifier() {
	if c.gv == nil || c.gv.Kind != "scalar" || c.gv.Tag != "" {
		return
	}
	g := c.core
	for k := 0; k < len(qualifiers) && c.count["qualifier"] < c.cap; k++ {
		q := qualifiers[(k+c.pick(len(qualifiers)))%len(qualifiers)]
		var cand string
		switch c.pick(3) {
		case 0:
			cand = `\boxed{` + q.pre + g + q.post + `}`
		case 1:
			cand = "The answer is $" + q.pre + g + q.post + "$."
		default:
			cand = q.pre + g + q.post
		}
		if c.g.Prose {
			pre := strings.TrimSuffix(strings.TrimPrefix(q.pre, `\text{`), "}")
			post := strings.TrimSuffix(strings.TrimPrefix(q.post, `\text{`), "}")
			cand = "The answer is " + pre + g + post + "."
		}
		c.emit("qualifier", cand, MustDiffer, strings.TrimSpace(q.pre+" "+q.post))
	}
}

// checkLines are verification lines or boxes written after an answer,
// repeating another number: %[1]s is the answer, %[2]s the other number.
var checkLines = []string{
	"So the answer is $\\boxed{%[1]s}$.\n\nVerification: substituting back, the other quantity is $%[2]s$, which checks out.",
	"The final answer is $%[1]s$.\n\nCheck: $\\boxed{%[2]s}$ ✓",
	"**Answer:** $\\boxed{%[1]s}$\n\n**Verification:** the remaining part is $\\boxed{%[2]s}$.",
	"Therefore, the answer is $\\boxed{%[1]s}$.\n\nDouble-check: $%[2]s$ = $%[2]s$, consistent.",
	"The answer is %[1]s.\nCheck: %[2]s",
}

func (c *gen) verifyAfter() {
	m, ok := c.wrongValue()
	if !ok {
		return
	}
	g := c.core
	for k := 0; k < 2; k++ {
		f := checkLines[(k+c.pick(len(checkLines)))%len(checkLines)]
		c.emit("verify-after", fmt.Sprintf(f, m, g), MustDiffer, "wrong answer, then a check showing the gold")
		c.emit("verify-keep", fmt.Sprintf(f, g, m), MustEqual, "gold answer, then a check showing another number")
	}
}

// nextExercises begin a new exercise after the answer with words that are
// not leakage markers.
var nextExercises = []string{
	"Exercise 2. A box holds some marbles and we add more. How many are there now?\nSolution: The answer is $\\boxed{%s}$.",
	"Next problem: Compute the value of the expression below.\nThe final answer is $%s$.",
	"Practice: Try a similar question on your own.\nAnswer: $\\boxed{%s}$",
	"Ejercicio 2: Calcula el valor. La respuesta es $\\boxed{%s}$.",
	"练习 2：求值。答案是 $\\boxed{%s}$。",
	"Follow-up question: What if the numbers were different?\nThen the answer would be $\\boxed{%s}$.",
}

func (c *gen) nextExercise() {
	m, ok := c.wrongValue()
	if !ok {
		return
	}
	g := c.core
	for k := 0; k < 2; k++ {
		f := nextExercises[(k+c.pick(len(nextExercises)))%len(nextExercises)]
		c.emit("next-exercise", "The answer is $\\boxed{"+m+"}$.\n\n"+fmt.Sprintf(f, g), MustDiffer, "wrong answer, then a next exercise answered with the gold")
		c.emit("next-keep", "The answer is $\\boxed{"+g+"}$.\n\n"+fmt.Sprintf(f, m), MustEqual, "gold answer, then a next exercise with another answer")
	}
}

// ---- meaning-keeping rewrites

func (c *gen) reprint() {
	if c.rep == nil {
		return
	}
	p, err := c.rep(c.core)
	if err != nil || p == "" || normSpace(p) == normSpace(c.core) {
		return
	}
	if c.gv != nil {
		if pv, err := Read(p); err == nil && Compare(c.gv, pv, nil) == Different {
			c.st.PrinterChanged = append(c.st.PrinterChanged, c.core+"  ->  "+p)
			return
		}
	}
	c.emitAnswer("reprint", p, MustEqual, "printed by the grader's printer")
}

func (c *gen) reorderSum() {
	terms, ok := topTerms(c.core)
	if !ok {
		return
	}
	signed := func(t string) string {
		if strings.HasPrefix(t, "+") || strings.HasPrefix(t, "-") {
			return t
		}
		return "+" + t
	}
	rot := append(append([]string{}, terms[1:]...), terms[0])
	var b strings.Builder
	for i, t := range rot {
		t = signed(t)
		if i == 0 {
			t = strings.TrimPrefix(t, "+")
		}
		b.WriteString(t)
	}
	c.rewrite("reorder-sum", b.String(), "terms rotated", true)
}

func (c *gen) reorderList() {
	pre, items, suf, _, ok := c.listItems()
	if !ok || c.gv == nil || c.gv.Kind != "seq" || c.gv.Open != "" && c.gv.Open != "{" {
		return
	}
	rev := make([]string, len(items))
	for i, it := range items {
		rev[len(items)-1-i] = it
	}
	c.rewrite("reorder-list", pre+strings.Join(rev, ", ")+suf, "items reversed", true)
}

func (c *gen) reorderProduct() {
	s := c.core
	neg := strings.HasPrefix(s, "-")
	body := strings.TrimPrefix(s, "-")
	ls := literals(body)
	if len(ls) == 0 || ls[0].lo != 0 || ls[0].decimal || ls[0].hi >= len(body) {
		return
	}
	rest := body[ls[0].hi:]
	if rest[0] != '\\' && !isLetter(rest[0]) && rest[0] != '(' {
		return
	}
	if strings.HasPrefix(rest, `\frac`) || strings.HasPrefix(rest, `\%`) || strings.HasPrefix(rest, `\text`) || strings.HasPrefix(rest, `\,`) || strings.HasPrefix(rest, `\!`) {
		return
	}
	if _, sum := topTerms(body); sum || strings.ContainsAny(body, ",=<>_") {
		return
	}
	m := rest + ` \cdot ` + body[:ls[0].hi]
	if neg {
		m = "-" + m
	}
	c.rewrite("reorder-product", m, "number factor moved to the end", true)
}

func (c *gen) fracStyle() {
	s := c.core
	switch {
	case strings.Contains(s, `\frac`) && !strings.Contains(s, `\dfrac`) && !strings.Contains(s, `\tfrac`):
		c.rewrite("frac-style", strings.ReplaceAll(s, `\frac`, `\dfrac`), `\frac -> \dfrac`, false)
		c.rewrite("frac-style", strings.ReplaceAll(s, `\frac`, `\tfrac`), `\frac -> \tfrac`, false)
	case strings.Contains(s, `\dfrac`) || strings.Contains(s, `\tfrac`):
		r := strings.ReplaceAll(strings.ReplaceAll(s, `\dfrac`, `\frac`), `\tfrac`, `\frac`)
		c.rewrite("frac-style", r, `\dfrac -> \frac`, false)
	}
}

func (c *gen) leftRight() {
	s := c.core
	if strings.Contains(s, `\left`) {
		r := strings.ReplaceAll(strings.ReplaceAll(s, `\left`, ""), `\right`, "")
		c.rewrite("left-right", r, `\left/\right removed`, false)
		return
	}
	if !strings.ContainsAny(s, "([") {
		return
	}
	// every bracket at a balanced position gets \left/\right
	var b strings.Builder
	words := wordSpans(s)
	depth := 0
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == '\\' {
			cmd := commandAt(s, i)
			b.WriteString(cmd)
			i += len(cmd) - 1
			if cmd == `\sqrt` && i+1 < len(s) && s[i+1] == '[' {
				e := strings.IndexByte(s[i+1:], ']')
				if e < 0 {
					return
				}
				b.WriteString(s[i+1 : i+2+e])
				i += 1 + e
			}
			continue
		}
		if inSpans(words, i) {
			b.WriteByte(ch)
			continue
		}
		switch ch {
		case '(', '[':
			depth++
			b.WriteString(`\left` + string(ch))
		case ')', ']':
			depth--
			b.WriteString(`\right` + string(ch))
		default:
			b.WriteByte(ch)
		}
		if depth < 0 {
			return
		}
	}
	if depth != 0 {
		return
	}
	c.rewrite("left-right", b.String(), `\left/\right added`, false)
}

func (c *gen) spacing() {
	s := c.core
	// spaces around binary operators and after commas
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == '\\' {
			cmd := commandAt(s, i)
			b.WriteString(cmd)
			i += len(cmd) - 1
			if isLetter(cmd[len(cmd)-1]) && i+1 < len(s) && isLetter(s[i+1]) {
				b.WriteByte(' ')
			}
			continue
		}
		switch {
		case ch == ',' && !isThousands(s, i):
			b.WriteString(", ")
		case (ch == '+' || ch == '=') && i > 0:
			b.WriteString(" " + string(ch) + " ")
		default:
			b.WriteByte(ch)
		}
	}
	c.rewrite("spacing", strings.Join(strings.Fields(b.String()), " "), "spaces", false)
	// a thin space between a number and what it multiplies, and after commas
	ls := literals(s)
	t := s
	for k := len(ls) - 1; k >= 0; k-- {
		l := ls[k]
		if l.hi < len(t) && (t[l.hi] == '\\' && !strings.HasPrefix(t[l.hi:], `\frac`) && !strings.HasPrefix(t[l.hi:], `\%`) && !strings.HasPrefix(t[l.hi:], `\!`) || isLetter(t[l.hi])) {
			t = t[:l.hi] + `\,` + t[l.hi:]
		}
	}
	var d strings.Builder
	for i := 0; i < len(t); i++ {
		if t[i] == '\\' {
			cmd := commandAt(t, i)
			d.WriteString(cmd)
			i += len(cmd) - 1
			continue
		}
		d.WriteByte(t[i])
		if t[i] == ',' && !isThousands(t, i) {
			d.WriteString(`\;`)
		}
	}
	c.rewrite("spacing", d.String(), "thin spaces", false)
}

// wrap states the gold itself in the reply styles a model uses.
func (c *gen) wrap() {
	g := c.core
	if c.g.Prose {
		unit := ""
		if c.g.Unit != "" {
			unit = " " + c.g.Unit
		}
		for _, r := range []string{
			"The answer is " + g + unit + ".",
			"We add.\nSo there are " + g + unit + " in all.\n#### " + g,
			"Answer: " + g + unit,
			`\boxed{` + g + `}`,
		} {
			c.emit("wrap", r, MustEqual, "reply style")
		}
		return
	}
	for _, r := range []string{
		`\boxed{` + g + `}`,
		`$\boxed{` + g + `}$`,
		"The answer is $" + g + "$.",
		"Final Answer: The final answer is $" + g + "$. I hope it is correct.",
		"<think>\nLet me try 12345 first... no.\n</think>\nThe solution gives $\\boxed{" + g + "}$.",
		"**Answer:** $" + g + "$",
	} {
		c.emit("wrap", r, MustEqual, "reply style")
	}
}

// decimal writes a fraction gold as its terminating decimal.
func (c *gen) decimal() {
	if c.gv == nil || c.gv.Kind != "scalar" || c.gv.Num.R == nil || c.gv.Tag != "" {
		return
	}
	r := c.gv.Num.R
	if r.IsInt() || !isTerminating(r) || strings.Contains(c.core, ".") || strings.Contains(c.core, "%") {
		return
	}
	places := 0
	x := new(big.Rat).Set(r)
	for !x.IsInt() && places < 30 {
		x.Mul(x, big.NewRat(10, 1))
		places++
	}
	c.rewrite("decimal", r.FloatString(places), "terminating decimal", true)
}

// rationalise moves a square root between numerator and denominator.
func (c *gen) rationalise() {
	s := c.core
	for i := strings.Index(s, `\frac{`); i >= 0; {
		a := i + len(`\frac`)
		ae := matchBrace(s, a)
		if ae < 0 || ae+1 >= len(s) || s[ae+1] != '{' {
			break
		}
		be := matchBrace(s, ae+1)
		if be < 0 {
			break
		}
		num, den := s[a+1:ae], s[ae+2:be]
		if r, ok := moveRoot(num, den); ok {
			c.rewrite("rationalise", s[:i]+r+s[be+1:], "root moved", true)
		}
		j := strings.Index(s[i+1:], `\frac{`)
		if j < 0 {
			break
		}
		i += 1 + j
	}
}

// moveRoot rewrites k\sqrt{b}/c as kb/(c\sqrt{b}) and k/(c\sqrt{b}) as
// k\sqrt{b}/(cb), reduced.
func moveRoot(num, den string) (string, bool) {
	coefRoot := func(s string) (k, b int64, ok bool) {
		s = strings.TrimSpace(s)
		i := strings.Index(s, `\sqrt{`)
		if i < 0 {
			var n int64
			if _, err := fmt.Sscanf(s, "%d", &n); err != nil || fmt.Sprint(n) != s {
				return 0, 0, false
			}
			return n, 0, true
		}
		k = 1
		if i > 0 {
			if _, err := fmt.Sscanf(s[:i], "%d", &k); err != nil || fmt.Sprint(k) != s[:i] {
				return 0, 0, false
			}
		}
		e := matchBrace(s, i+5)
		if e != len(s)-1 {
			return 0, 0, false
		}
		if _, err := fmt.Sscanf(s[i+6:e], "%d", &b); err != nil || fmt.Sprint(b) != s[i+6:e] || b < 2 {
			return 0, 0, false
		}
		return k, b, true
	}
	nk, nb, ok1 := coefRoot(num)
	dk, db, ok2 := coefRoot(den)
	if !ok1 || !ok2 || nk <= 0 || dk <= 0 || nb != 0 && db != 0 {
		return "", false
	}
	frac := func(p int64, proot int64, q int64, qroot int64) string {
		g := gcd(p, q)
		p, q = p/g, q/g
		top := fmt.Sprint(p)
		if proot != 0 {
			top = fmt.Sprintf(`%d\sqrt{%d}`, p, proot)
			if p == 1 {
				top = fmt.Sprintf(`\sqrt{%d}`, proot)
			}
		}
		bot := fmt.Sprint(q)
		if qroot != 0 {
			bot = fmt.Sprintf(`%d\sqrt{%d}`, q, qroot)
			if q == 1 {
				bot = fmt.Sprintf(`\sqrt{%d}`, qroot)
			}
		} else if q == 1 {
			return top
		}
		return `\frac{` + top + `}{` + bot + `}`
	}
	switch {
	case nb != 0: // k sqrt(b) / c -> k b / (c sqrt(b))
		return frac(nk*nb, 0, dk, nb), true
	case db != 0: // k / (c sqrt(b)) -> k sqrt(b) / (c b)
		return frac(nk, db, dk*db, 0), true
	}
	return "", false
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}

// swapOrder swaps two items of an ordered pair, tuple or vector.
func (c *gen) swapOrder() {
	s := c.core
	for _, bp := range bracketPairs(s) {
		if bp.openB == `\{` {
			continue
		}
		inner := s[bp.inner.lo:bp.inner.hi]
		var items []string
		for _, it := range bp.items {
			items = append(items, strings.TrimSpace(inner[it.lo:it.hi]))
		}
		items[0], items[1] = items[1], items[0]
		c.mutant("swap-order", s[:bp.inner.lo]+strings.Join(items, ", ")+s[bp.inner.hi:], "first two items swapped")
	}
}

// transpose transposes a matrix that is not symmetric.
func (c *gen) transpose() {
	if c.gv == nil || c.gv.Kind != "matrix" || len(c.gv.Rows) < 2 || len(c.gv.Rows[0]) < 2 {
		return // a column against a row vector is a matter of policy
	}
	s := c.core
	b := strings.Index(s, `\begin{`)
	if b < 0 {
		return
	}
	be := strings.IndexByte(s[b:], '}')
	e := strings.Index(s, `\end{`)
	if be < 0 || e < 0 {
		return
	}
	body := s[b+be+1 : e]
	var rows [][]string
	for _, r := range strings.Split(body, `\\`) {
		if strings.TrimSpace(r) == "" {
			continue
		}
		var cells []string
		for _, x := range strings.Split(r, "&") {
			cells = append(cells, strings.TrimSpace(x))
		}
		rows = append(rows, cells)
	}
	if len(rows) == 0 {
		return
	}
	for _, r := range rows {
		if len(r) != len(rows[0]) {
			return
		}
	}
	var out []string
	for j := range rows[0] {
		var col []string
		for i := range rows {
			col = append(col, rows[i][j])
		}
		out = append(out, strings.Join(col, " & "))
	}
	c.mutant("transpose", s[:b+be+1]+" "+strings.Join(out, ` \\ `)+" "+s[e:], "transposed")
}

// inequality makes a strict inequality non-strict (or the reverse), or
// turns it around: the solution set changes.
func (c *gen) inequality() {
	if c.gv == nil || c.gv.Kind != "rel" || len(c.gv.Ops) != 1 {
		return
	}
	s := c.core
	swaps := []struct{ from, to string }{
		{`\le `, `< `}, {`\leq`, `<`}, {`\ge `, `> `}, {`\geq`, `>`}, {`<`, `\le `}, {`>`, `\ge `},
	}
	for _, sw := range swaps {
		if strings.Count(s, sw.from) == 1 && (sw.from != "<" || !strings.Contains(s, `\le`)) {
			l, r := c.gv.Items[0], c.gv.Items[1]
			if l.Kind != "scalar" || r.Kind != "scalar" || !l.Num.Var && !r.Num.Var {
				return
			}
			c.certain("inequality", strings.Replace(s, sw.from, sw.to, 1), sw.from+" -> "+sw.to)
			flip := map[string]string{`<`: `>`, `>`: `<`, `\le `: `\ge `, `\ge `: `\le `, `\leq`: `\geq`, `\geq`: `\leq`}
			c.certain("inequality", strings.Replace(s, sw.from, flip[sw.from], 1), "turned around")
			return
		}
	}
}

// unfinished writes a reply that never concludes: it ends inside a trial
// of the gold value and of another. Nothing in it is the answer.
func (c *gen) unfinished() {
	m, ok := c.wrongValue()
	if !ok || c.g.Prose {
		return
	}
	g := c.core
	c.emit("unfinished", "We need the value. If we let $x = "+g+"$, then the other side becomes $"+m+
		"$, which does not match, so this is not a solution. Let us try another value, say $x = "+m+"$, then", MustDiffer, "ends inside a trial")
	c.emit("unfinished", "Let me check $"+g+"$ first.\nIf the answer were $"+g+"$, the sum would be $"+m+"$, which is too large, so", MustDiffer, "ends inside a check")
}

// assign states a bare gold value as an assignment: fine when the gold is
// a bare value.
func (c *gen) assign() {
	if c.gv == nil || c.gv.Kind != "scalar" || c.gv.Num.Var || c.gv.Tag != "" || c.g.Prose {
		return
	}
	name := "x"
	if c.g.Bench == "hardmath" {
		name = `\epsilon`
	}
	// the oracle reads a relation and a number as different kinds: this one
	// keeps the meaning by the grading rule, so it skips the oracle
	if c.count["assign"] < c.cap {
		c.emitAnswer("assign", name+" = "+c.core, MustEqual, "the value assigned to a name")
	}
}

// thousands writes a large integer gold with thousands separators.
func (c *gen) thousands() {
	if c.gv == nil || c.gv.Kind != "scalar" || c.gv.Num.R == nil || !c.gv.Num.R.IsInt() || c.gv.Tag != "" {
		return
	}
	n := c.gv.Num.R.Num()
	if n.Sign() < 0 || n.Cmp(big.NewInt(10000)) < 0 || strings.ContainsAny(c.core, ",{") || c.core != n.String() {
		return
	}
	d := n.String()
	group := func(sep string) string {
		var b strings.Builder
		for i, ch := range d {
			if i > 0 && (len(d)-i)%3 == 0 {
				b.WriteString(sep)
			}
			b.WriteRune(ch)
		}
		return b.String()
	}
	c.rewrite("thousands", group(","), "1,234", true)
	c.rewrite("thousands", group(`,\!`), `1,\!234`, true)
	c.rewrite("thousands", group("{,}"), "1{,}234", true)
}

// slash writes a numeric fraction gold as a/b.
func (c *gen) slash() {
	s := strings.TrimSpace(c.core)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for _, f := range []string{`\frac{`, `\dfrac{`, `\tfrac{`} {
		if !strings.HasPrefix(s, f) {
			continue
		}
		a := len(f) - 1
		ae := matchBrace(s, a)
		if ae < 0 || ae+1 >= len(s) || s[ae+1] != '{' {
			return
		}
		be := matchBrace(s, ae+1)
		if be != len(s)-1 {
			return
		}
		num, den := s[a+1:ae], s[ae+2:be]
		if _, err := fmt.Sscan(num, new(int64)); err != nil || strings.ContainsAny(num+den, " +-\\") {
			return
		}
		if _, err := fmt.Sscan(den, new(int64)); err != nil {
			return
		}
		out := num + "/" + den
		if neg {
			out = "-" + out
		}
		c.rewrite("slash", out, "a/b", true)
		return
	}
}

// scientific writes a round integer gold in scientific notation.
func (c *gen) scientific() {
	if c.gv == nil || c.gv.Kind != "scalar" || c.gv.Num.R == nil || !c.gv.Num.R.IsInt() || c.gv.Tag != "" {
		return
	}
	d := c.gv.Num.R.Num().String()
	if strings.HasPrefix(d, "-") || len(d) < 5 {
		return
	}
	t := strings.TrimRight(d, "0")
	zeros := len(d) - len(t)
	if zeros < 3 {
		return
	}
	mant := t[:1]
	if len(t) > 1 {
		mant += "." + t[1:]
	}
	c.rewrite("scientific", fmt.Sprintf(`%s \times 10^{%d}`, mant, len(d)-1), "scientific notation", true)
}

// equationSides writes an equation the other way round, or doubled.
func (c *gen) equationSides() {
	if c.gv == nil || c.gv.Kind != "rel" || len(c.gv.Ops) != 1 || c.gv.Ops[0] != "=" {
		return
	}
	l, r, ok := strings.Cut(c.core, "=")
	if !ok || strings.Contains(r, "=") {
		return
	}
	l, r = strings.TrimSpace(l), strings.TrimSpace(r)
	if c.gv.Items[0].Kind != "scalar" || c.gv.Items[1].Kind != "scalar" || c.gv.Items[0].Name != "" && !c.gv.Items[1].Num.Var {
		return // an assignment x = 3 is a value, not an equation to rearrange
	}
	c.rewrite("equation", r+" = "+l, "sides swapped", true)
	c.rewrite("equation", `2\left(`+l+`\right) = 2\left(`+r+`\right)`, "both sides doubled", true)
}

// notation writes the same answer in other notations the grader must read:
// a base as _{(2)} or _{\text{two}}, a binomial as {n \choose k}, a dollar
// amount without its sign.
func (c *gen) notation() {
	s := c.core
	words := map[string]string{"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight", "9": "nine"}
	for i := 1; i+1 < len(s); i++ {
		if s[i] != '_' || !isDigit(s[i-1]) {
			continue
		}
		lo, hi := i+1, i+2
		if s[i+1] == '{' {
			e := matchBrace(s, i+1)
			if e < 0 {
				break
			}
			lo, hi = i+2, e
		}
		b := s[lo:hi]
		end := hi
		if s[i+1] == '{' {
			end = hi + 1
		}
		c.rewrite("notation", s[:i]+"_{("+b+")}"+s[end:], "base as _{(b)}", false)
		if w, ok := words[b]; ok {
			c.rewrite("notation", s[:i]+`_{\text{`+w+`}}`+s[end:], "base in words", false)
		}
		break
	}
	if i := strings.Index(s, `\binom{`); i >= 0 {
		a := i + len(`\binom`)
		ae := matchBrace(s, a)
		if ae > 0 && ae+1 < len(s) && s[ae+1] == '{' {
			if be := matchBrace(s, ae+1); be > 0 {
				c.rewrite("notation", s[:i]+"{"+s[a+1:ae]+` \choose `+s[ae+2:be]+"}"+s[be+1:], `\binom as \choose`, true)
			}
		}
	}
	// the real line and the line without a point
	if c.gv != nil && c.gv.Kind == "seq" && (c.gv.Open == "(" || c.gv.Open == "[") && len(c.gv.Items) == 2 {
		if u, ok := realSet(c.gv); ok && len(u) == 1 && u[0].lo < -1e308 && u[0].hi > 1e308 {
			c.emitAnswer("notation", `\mathbb{R}`, MustEqual, "the real line")
		}
	}
	if c.gv != nil && c.gv.Kind == "union" && len(c.gv.Items) == 2 {
		if u, ok := realSet(c.gv); ok && len(u) == 2 && u[0].lo < -1e308 && u[1].hi > 1e308 && u[0].hi == u[1].lo && !u[0].hiIn && !u[1].loIn {
			if bp := bracketPairs(s); len(bp) == 2 {
				inner := s[bp[0].inner.lo:bp[0].inner.hi]
				a := strings.TrimSpace(inner[bp[0].items[1].lo:bp[0].items[1].hi])
				c.emitAnswer("notation", `\mathbb{R} \setminus \{`+a+`\}`, MustEqual, "the line without a point")
			}
		}
	}
	if strings.HasPrefix(s, `\$`) && c.gv != nil && c.gv.Kind == "scalar" {
		c.rewrite("notation", strings.TrimSpace(s[2:]), "without the dollar sign", true)
	}
}
