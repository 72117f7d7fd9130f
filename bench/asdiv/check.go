package asdiv

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"time"

	"github.com/matheval/matheval/expr"
)

// Consistency check (the paper's annotation check): evaluate each item's
// annotated formula and compare with its labelled answer.
//
// Outcomes: "ok" (the formula holds and gives the answer), "inconsistent"
// (an equation of the formula is false, or the formula's values do not
// include the answer), "unchecked" (the formula is not arithmetic we can
// evaluate: number patterns, clock-time computations, text answers without a
// comparison, nonlinear or underdetermined systems). Inconsistencies are
// findings about the data, not load errors.
//
// The formulas are read by latex.Parse and computed exactly by expr; the
// algebra items' equations are solved by cas. This package handles only
// ASDiv's own notation around the arithmetic: statements separated by ";",
// declarations of unknowns ("x: Amy's books"), unit labels ("60 (min/hour)",
// "cents"), the word "equals", divisions with remainder ("94/8=11 r6"),
// "LCM[5,7]", clock readings ("hh:mm=3:30 p.m.", read by answer.ParseClock)
// and number patterns ("5, 7, 10, 14").

// Check statuses.
const (
	StatusOK           = "ok"
	StatusInconsistent = "inconsistent"
	StatusUnchecked    = "unchecked"
)

// CheckResult is the outcome for one item.
type CheckResult struct {
	ID      string   `json:"id"`
	Status  string   `json:"status"`
	Reason  string   `json:"reason"`
	Formula string   `json:"formula"`
	Answer  string   `json:"answer"`
	Values  []string `json:"values,omitempty"` // what the formula evaluates to
	// Intermediate marks an ok item whose answer is a value the formula
	// computes on the way, not the value of its last statement.
	Intermediate bool `json:"intermediate,omitempty"`
}

// checkTimeout bounds one item's check; formulas are tiny, so reaching it
// means something pathological and the item is reported unchecked.
const checkTimeout = 200 * time.Millisecond

// maxFormulaLen bounds the characters of one formula.
const maxFormulaLen = 2000

// CheckFormula evaluates one formula against one answer. Every computation
// runs under ctx and checkTimeout: past either, the item is unchecked with
// reason "deadline reached".
func CheckFormula(ctx context.Context, formula, answer string) CheckResult {
	ctx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	res := checkFormula(ctx, formula, answer)
	if ctx.Err() != nil {
		return CheckResult{Formula: formula, Answer: answer, Status: StatusUnchecked, Reason: "deadline reached"}
	}
	return res
}

func checkFormula(ctx context.Context, formula, answer string) CheckResult {
	gold := parseGold(ctx, answer)
	c := newChecker(ctx, formula, answer, gold, nil)
	c.run()
	if c.nonlinear {
		// A nonlinear system: put the answer's numbers in for the unknowns
		// (declaration order) and check the equations hold.
		for _, env := range goldEnvs(formula, gold) {
			sub := newChecker(ctx, formula, answer, gold, env)
			sub.run()
			// The equations all held (a failure to find the answer among
			// the values is not a failed equation).
			if sub.res.Status == StatusOK || sub.answerOnly {
				sub.res.Status, sub.res.Reason = StatusOK, "answer satisfies the (nonlinear) equations"
				return sub.res
			}
			c.res.Reason = "nonlinear equations that the answer does not satisfy"
		}
	}
	return c.res
}

var (
	declRe        = regexp.MustCompile(`^\s*([A-Za-z])\s*:\s*(.*[A-Za-z].*)$`)
	cmpRe         = regexp.MustCompile(`\s*(>|<|\bequals\b)\s*`)
	implicitVarRe = regexp.MustCompile(`[\d*/+\-(=%]([A-Za-z])(?:[\d*/+\-)=]|$)`)
	unitParenRe   = regexp.MustCompile(`\([A-Za-z/ .]*\)`)
	proseRe       = regexp.MustCompile(`[A-Za-z]{2,}\s+[A-Za-z]{2,}`)
	seqRe         = regexp.MustCompile(`^\s*\d+(\s*[,.]\s*\d+){2,}\s*$`)
)

// splitFormula separates a formula's declarations of unknowns ("x: The
// tens digit") from its statements.
func splitFormula(f string) (decls, stmts []string) {
	for _, s := range strings.Split(f, ";") {
		if m := declRe.FindStringSubmatch(s); m != nil && !strings.Contains(s, "=") {
			decls = append(decls, m[1])
			continue
		}
		if strings.TrimSpace(s) != "" {
			stmts = append(stmts, s)
		}
	}
	return decls, stmts
}

// goldEnvs maps the formula's declared unknowns to the answer's numbers,
// in every order (answers do not always follow the declarations); at most
// three unknowns.
func goldEnvs(formula string, gold []goldPart) []map[string]*big.Rat {
	names, _ := splitFormula(formula)
	var nums []*big.Rat
	for _, g := range gold {
		if g.Num != nil {
			nums = append(nums, g.Num)
		}
	}
	if len(names) == 0 || len(names) > 3 || len(nums) < len(names) {
		return nil
	}
	var out []map[string]*big.Rat
	var rec func(i int, used []bool, env map[string]*big.Rat)
	rec = func(i int, used []bool, env map[string]*big.Rat) {
		if i == len(names) {
			cp := map[string]*big.Rat{}
			for k, v := range env {
				cp[k] = v
			}
			out = append(out, cp)
			return
		}
		for j, v := range nums {
			if used[j] {
				continue
			}
			used[j] = true
			env[names[i]] = v
			rec(i+1, used, env)
			used[j] = false
		}
	}
	rec(0, make([]bool, len(nums)), map[string]*big.Rat{})
	return out
}

// checker checks one formula: it runs the statements in order, collecting
// the values they compute and the equations in the unknowns, then solves
// the equations and matches the answer.
type checker struct {
	ctx  context.Context
	res  CheckResult
	gold []goldPart
	env  map[string]*big.Rat // values put in for unknowns (the nonlinear retry)

	vars     map[string]bool // the unknowns, declared or implicit
	varOrder []string

	vals        []value  // every value the formula computes
	final       []value  // the values of the last statement
	eqs         []linear // equations in the unknowns, each = 0
	comparisons int
	clock       bool
	clockTimes  []int   // minutes after midnight stated by hh:mm statements
	lastRem     []int64 // quotient and remainder of the last division with remainder

	// nonlinear: the check stopped at an expression nonlinear in the
	// unknowns. answerOnly: every statement held, only the answer was not
	// found among the values (or only derived from them).
	nonlinear, answerOnly bool
}

func newChecker(ctx context.Context, formula, answer string, gold []goldPart, env map[string]*big.Rat) *checker {
	return &checker{ctx: ctx, res: CheckResult{Formula: formula, Answer: answer}, gold: gold, env: env, vars: map[string]bool{}}
}

// stop records the outcome and ends the check.
func (c *checker) stop(status, reason string) bool {
	c.res.Status, c.res.Reason = status, reason
	return true
}

func (c *checker) run() {
	f := strings.TrimSpace(c.res.Formula)
	if f == "" {
		c.stop(StatusUnchecked, "no formula")
		return
	}
	if len(f) > maxFormulaLen {
		c.stop(StatusUnchecked, "formula too long")
		return
	}
	decls, stmts := splitFormula(f)
	c.declare(decls, stmts)
	for _, name := range c.varOrder {
		if v, ok := c.env[name]; ok {
			c.vals = append(c.vals, value{v: v})
		}
	}
	for _, s := range stmts {
		if c.statement(s) {
			return
		}
	}
	c.finish()
}

// declare records the unknowns. Formulas like "3L=54" or "2x+4x+3x=27" use
// unknowns without declaring them: a lone letter written against a number,
// an operator or a parenthesis is taken as one.
func (c *checker) declare(decls, stmts []string) {
	add := func(name string) {
		if !c.vars[name] {
			c.vars[name] = true
			c.varOrder = append(c.varOrder, name)
		}
	}
	for _, d := range decls {
		add(d)
	}
	if len(c.varOrder) > 0 {
		return
	}
	for _, s := range stmts {
		if !strings.Contains(s, "=") {
			continue
		}
		s = " " + unitParenRe.ReplaceAllString(s, " ") + " "
		for _, m := range implicitVarRe.FindAllStringSubmatchIndex(s, -1) {
			if !isRemainderMark(s, m[2], m[3]) {
				add(s[m[2]:m[3]])
			}
		}
	}
}

// statement checks one statement; it reports whether the check is decided.
func (c *checker) statement(s string) bool {
	if strings.Contains(s, "hh:mm") {
		c.clock = true
		t, why := clockReading(s, c.lastRem)
		if why != "" {
			return c.stop(StatusInconsistent, why)
		}
		c.clockTimes = append(c.clockTimes, t)
		return false
	}
	if seqRe.MatchString(s) {
		c.res = checkSequence(c.res, s, c.gold)
		return true
	}
	if !strings.Contains(s, "=") && !cmpRe.MatchString(s) && proseRe.MatchString(s) {
		return false // a sentence of explanation ("Rachel is the 3rd.")
	}
	if cmpRe.MatchString(s) && mixedMoney(s) {
		return c.stop(StatusUnchecked, "comparison across units (cents and dollars)")
	}
	s = stripUnits(s, c.vars)
	st, err := parseStatement(s)
	if err != nil {
		return c.stop(StatusUnchecked, fmt.Sprintf("cannot evaluate %q: %v", strings.TrimSpace(s), err))
	}
	switch {
	case st.op != "":
		return c.comparison(st)
	case len(st.chain) == 2 && c.isRemainder(st.chain[1]):
		return c.remainder(st)
	case len(st.chain) == 2 && isRatio(st.chain[0]) && isRatio(st.chain[1]):
		if eq, ok := c.ratioEquation(st.chain[0].(*expr.Ratio), st.chain[1].(*expr.Ratio)); ok {
			c.eqs = append(c.eqs, eq)
			return false
		}
	}
	return c.chain(st)
}

// comparison checks "a > b", "a < b" or "a equals b", each side a chain
// "x=y=z" whose last value is compared.
func (c *checker) comparison(st statement) bool {
	l, errL := c.chainValue(st.chain)
	r, errR := c.chainValue(st.right)
	if err := firstErr(errL, errR); err != nil {
		c.nonlinear = isNonlinear(err)
		return c.stop(StatusUnchecked, fmt.Sprintf("comparison not evaluable: %v", err))
	}
	c.comparisons++
	if !compareHolds(st.op, l, r) {
		return c.stop(StatusInconsistent, fmt.Sprintf("comparison %q is false: %s vs %s", st.text, ratString(l.v), ratString(r.v)))
	}
	c.vals = append(c.vals, l, r)
	return false
}

// remainder checks "a/b=q r m", a division with remainder.
func (c *checker) remainder(st statement) bool {
	lhs, err := c.eval(st.chain[0])
	if err == nil && !lhs.isConst() {
		err = errors.New("the dividend holds unknowns")
	}
	if err != nil {
		c.nonlinear = isNonlinear(err)
		return c.stop(StatusUnchecked, fmt.Sprintf("division with remainder not evaluable: %v", err))
	}
	a, b, ok := c.dividendDivisor(st.chain[0])
	if !ok {
		return c.stop(StatusUnchecked, "division with remainder: not of the form a/b")
	}
	wq, wr := remainderParts(st.chain[1])
	q, r := new(big.Int), new(big.Int)
	q.DivMod(a, b, r)
	if q.Cmp(wq) != 0 || r.Cmp(wr) != 0 {
		return c.stop(StatusInconsistent, fmt.Sprintf("%s: %s/%s is %s r%s", st.text, a, b, q, r))
	}
	c.vals = append(c.vals, value{v: new(big.Rat).SetInt(q)}, value{v: new(big.Rat).SetInt(r)})
	if q.IsInt64() && r.IsInt64() {
		c.lastRem = []int64{q.Int64(), r.Int64()}
	}
	c.final = append(c.final[:0], c.vals[len(c.vals)-2:]...)
	if r.Sign() != 0 { // a ceiling division's answer is q+1
		c.vals = append(c.vals, value{v: new(big.Rat).SetInt(new(big.Int).Add(q, big.NewInt(1)))})
		c.final = append(c.final, c.vals[len(c.vals)-1])
	}
	return false
}

// chain checks "a=b=c": with unknowns its sides are equations, else every
// side must have the same value.
func (c *checker) chain(st statement) bool {
	var sv []value
	var affs []linear
	unknown := false
	for _, side := range st.chain {
		v, a, err := c.sideValue(side)
		if err != nil {
			c.nonlinear = isNonlinear(err)
			return c.stop(StatusUnchecked, fmt.Sprintf("cannot evaluate %q: %v", st.text, err))
		}
		unknown = unknown || !a.isConst()
		affs = append(affs, a)
		sv = append(sv, v)
	}
	if unknown {
		for i := 1; i < len(affs); i++ {
			c.eqs = append(c.eqs, affs[i-1].sub(affs[i]))
		}
		return false
	}
	for i := 1; i < len(sv); i++ {
		if !closeEnough(sv[i-1], sv[i]) {
			return c.stop(StatusInconsistent, fmt.Sprintf("%q is false: %s ≠ %s", st.text, showVal(sv[i-1]), showVal(sv[i])))
		}
	}
	last := sv[len(sv)-1]
	c.vals = append(c.vals, last)
	c.final = append(c.final[:0], last)
	for _, t := range last.terms { // "3:4=18:24": 24 is a final value
		c.final = append(c.final, value{v: t})
	}
	for _, x := range sv {
		for _, t := range x.terms {
			c.vals = append(c.vals, value{v: t})
		}
	}
	if len(sv) > 1 {
		// every side of a true chain is a value the answer may name
		c.vals = append(c.vals, sv[:len(sv)-1]...)
	}
	return false
}

// finish solves the equations and matches the answer with the values.
func (c *checker) finish() {
	if len(c.eqs) > 0 {
		sol, why := solveLinear(c.eqs, len(c.varOrder))
		if sol == nil {
			// Nonlinear or underdetermined: try the answer's numbers as the
			// unknowns, in declaration order.
			if c.substitutionHolds() {
				c.stop(StatusOK, "answer satisfies the equations")
				return
			}
			c.stop(StatusUnchecked, "equations: "+why)
			return
		}
		for i, name := range c.varOrder {
			c.vals = append(c.vals, value{v: sol[i]})
			c.res.Values = append(c.res.Values, name+"="+ratString(sol[i]))
		}
	}
	for _, v := range c.vals {
		if len(c.res.Values) < 12 {
			c.res.Values = append(c.res.Values, showVal(v))
		}
	}
	if c.clock {
		c.res = matchClock(c.res, c.gold, c.clockTimes)
		return
	}
	c.matchGold()
	if c.res.Status == StatusOK && len(c.eqs) == 0 && len(c.gold) == 1 && len(c.final) > 0 && !anyGoldIn(c.gold, c.final) {
		c.res.Reason = "answer is an intermediate value of the formula (its last statement gives " + showVal(c.final[len(c.final)-1]) + ")"
		c.res.Intermediate = true
	}
	if len(c.eqs) > 0 && c.res.Status == StatusInconsistent {
		// The unknowns solve the equations, but the answer may be derived
		// from them (the digits of a number, the other angles): some match
		// is a verification, none is not a contradiction we can prove.
		if anyGoldIn(c.gold, c.vals) {
			c.stop(StatusOK, "the equations' solution is among the answer's parts (the others are derived)")
			return
		}
		var sol []string
		for _, v := range c.res.Values {
			if strings.Contains(v, "=") {
				sol = append(sol, v)
			}
		}
		c.stop(StatusUnchecked, "answer derived from the unknowns' solution ("+strings.Join(sol, ", ")+")")
		c.answerOnly = true
	}
}

// substitutionHolds puts the answer's numbers in for the unknowns, in their
// declaration order, and checks every equation.
func (c *checker) substitutionHolds() bool {
	n := len(c.varOrder)
	if n == 0 || len(c.gold) < n {
		return false
	}
	x := make([]*big.Rat, n)
	for i := range x {
		if c.gold[i].Num == nil {
			return false
		}
		x[i] = c.gold[i].Num
	}
	for _, e := range c.eqs {
		if e.at(x).Sign() != 0 {
			return false
		}
	}
	return true
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
