package amps

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/matheval/matheval/texscan"
)

// The form lint: textual defects of generated problems and solutions that
// the value checks cannot see, because the mathematics is right and only
// the writing is wrong (a coefficient 1 written out, an empty group, a step
// that restates the previous one). A textbook would not print them, and a
// model trained on them learns to write them. `data check amps` runs it on
// every record; generation is expected to produce none.

// LintFinding is one defect of one record.
type LintFinding struct {
	Rule    string `json:"rule"`
	Excerpt string `json:"excerpt"`
}

// LintRules documents every rule by its name.
var LintRules = map[string]string{
	"frac-over-one":    `a fraction with denominator 1 (\frac{x}{1})`,
	"empty-group":      `an empty group ({} or \left(\right)), e.g. \frac{5!}{}`,
	"article":          `"a" before a vowel or "an" before a consonant in the prose`,
	"times-one":        `a factor 1 multiplying a symbol or written into an exponent (x\cdot 1, 1\cdot x, x^{3\cdot 1}); a number times 1 in arithmetic (Euclid's 2 = 2\cdot 1 + 0, a substituted 1\cdot \frac{1}{6}) is allowed`,
	"power-one":        `an exponent 1 written out (x^{1}, e^{1})`,
	"equals-in-prose":  `an = sign in the prose, outside the mathematics`,
	"coefficient-one":  `a coefficient 1 or -1 written out (1x, -1x, A - 1I)`,
	"sign-after-sign":  `a sign right after a sign (+ -, - -); a parenthesised negative after a sign, as a raw substitution writes it, is allowed`,
	"restated-step":    `a step whose text equals the previous step's, or an equation whose two neighbouring sides are the same text`,
	"ellipsis-of-two":  `an ellipsis between an index 1 and an index 2 (v_{1}, \ldots, v_{2})`,
	"repeated-formula": `the same formula twice in a row in one paragraph (y = 2x, that is y = 2x)`,
}

// The articles of the prose are English, read by regexps; the formulas'
// rules read texscan's tokens (lintText below).
var (
	lintAnVowel = regexp.MustCompile(`\b[Aa] (a|e|i|o)[a-z]*`)
	lintAnCons  = regexp.MustCompile(`\b[Aa]n ([bcdfgjklmnpqrstvwxyz])[a-z]*`)
)

// lintArticleOK are words after "a" that start with a vowel letter and a
// consonant sound.
var lintArticleOK = map[string]bool{"a one": true, "a once": true, "a euro": true}

// Lint returns the form defects of a record's problem, solution and answer.
func Lint(r Record) []LintFinding {
	var out []LintFinding
	add := func(rule, text string, at int, end int) {
		lo, hi := max(0, at-30), min(len(text), end+30)
		out = append(out, LintFinding{Rule: rule, Excerpt: oneLine(text[lo:hi])})
	}
	texts := []string{r.Problem, r.Solution}
	for _, text := range texts {
		prose, maths := splitMath(text)
		for _, p := range prose {
			if i := strings.IndexByte(p, '='); i >= 0 {
				add("equals-in-prose", p, i, i+1)
			}
			for _, loc := range lintAnVowel.FindAllStringIndex(p, -1) {
				if w := strings.ToLower(p[loc[0]:loc[1]]); !lintArticleOK[w] {
					add("article", p, loc[0], loc[1])
				}
			}
			for _, loc := range lintAnCons.FindAllStringIndex(p, -1) {
				add("article", p, loc[0], loc[1])
			}
		}
		for _, f := range maths {
			out = append(out, lintMath(f)...)
		}
	}
	out = append(out, lintMath(r.Answer)...)
	out = append(out, lintSteps(r.Solution)...)
	return out
}

// splitMath cuts a text at its dollar signs into prose and formulas. An
// escaped dollar (\$, a price) is a character of the text, not a
// delimiter: cutting at it would shift every later formula into the prose
// (a price inside a formula, $\$2.50 \cdot 4 = \$10.00$, read as prose with
// an = sign).
func splitMath(text string) (prose, maths []string) {
	var parts []string
	start := 0
	for sc := texscan.NewScanner(text, 0); ; {
		t, ok := sc.Next()
		if !ok {
			break
		}
		if t.Kind != texscan.MathShift {
			continue // \$ is a command, never a delimiter
		}
		for i := t.Pos; i < t.End(); i++ { // $$ is two cuts, an empty formula between
			parts = append(parts, text[start:i])
			start = i + 1
		}
	}
	parts = append(parts, text[start:])
	for i, p := range parts {
		if i%2 == 0 {
			prose = append(prose, p)
		} else {
			maths = append(maths, p)
		}
	}
	return prose, maths
}

// lintMath finds the defects of one formula.
func lintMath(f string) []LintFinding {
	var out []LintFinding
	add := func(rule string, at, end int) {
		lo, hi := max(0, at-30), min(len(f), end+30)
		out = append(out, LintFinding{Rule: rule, Excerpt: f[lo:hi]})
	}
	lt := newLintText(f)
	for _, l := range lt.fracsOverOne() {
		add("frac-over-one", l[0], l[1])
	}
	for _, l := range lt.emptyGroups() {
		add("empty-group", l[0], l[1])
	}
	if l, ok := lt.emptyLeftRight(); ok {
		add("empty-group", l[0], l[1])
	}
	for _, l := range lt.powersOne() {
		if !lt.afterSubscript(l[2]) {
			add("power-one", l[0], l[1])
		}
	}
	for _, l := range lt.timesOneRight() {
		before := strings.TrimRight(f[:l[0]], " ")
		if before == "" || !(isDigit(before[len(before)-1]) || lt.endsNegNumber(len(before))) || lt.inExponent(l[2]) {
			add("times-one", l[0], l[1])
		}
	}
	for _, l := range lt.timesOneLeft() {
		add("times-one", l[0], l[1])
	}
	for _, l := range lt.coefficientsOne() {
		add("coefficient-one", l[0], l[1])
	}
	for _, l := range lt.signsAfterSign() {
		add("sign-after-sign", l[0], l[1])
	}
	for _, l := range lt.ellipsesOfTwo() {
		add("ellipsis-of-two", l[0], l[1])
	}
	// an equation whose neighbouring sides are the same text
	sides := topLevelSides(f)
	for i := 1; i < len(sides); i++ {
		if a := strings.TrimSpace(sides[i-1]); a != "" && a == strings.TrimSpace(sides[i]) {
			out = append(out, LintFinding{Rule: "restated-step", Excerpt: f})
			break
		}
	}
	return out
}

// lintSteps finds restated steps: a paragraph equal to the previous one, or
// a formula repeated by the next formula of the same paragraph.
func lintSteps(sol string) []LintFinding {
	var out []LintFinding
	paras := strings.Split(sol, "\n\n")
	for i, p := range paras {
		if i > 0 && strings.TrimSpace(p) == strings.TrimSpace(paras[i-1]) {
			out = append(out, LintFinding{Rule: "restated-step", Excerpt: oneLine(p)})
		}
		_, maths := splitMath(p)
		for j := 1; j < len(maths); j++ {
			a := strings.Join(strings.Fields(maths[j]), " ")
			if a != "" && a == strings.Join(strings.Fields(maths[j-1]), " ") && strings.ContainsAny(a, "=<>") {
				out = append(out, LintFinding{Rule: "repeated-formula", Excerpt: a})
			}
		}
	}
	return out
}

// lintText is a formula and its tokens, read once for every rule. The
// rules match runs of tokens as the regexps they replace matched
// characters (a match ends after the rune that follows "^{1}", as
// ([^0-9.]|$) did, and the next match starts after it), but they never take
// a character of a command (\\, \{, \^, \1, the letters of \cdots) for the
// one they want.
type lintText struct {
	src string
	t   []texscan.Token
	// open[k] is the index of the brace that the closing brace k closes,
	// or -1; outer[k] is the index of the innermost brace still open
	// before token k, or -1. Bracket matching is the same read forwards or
	// backwards, so these answer the rules that look back from a token.
	open, outer []int
}

// newLintText scans f; a formula over texscan's size limit has no tokens
// and so no findings.
func newLintText(f string) lintText {
	t, _ := texscan.Tokens(f, texscan.Limits{})
	lt := lintText{src: f, t: t, open: make([]int, len(t)), outer: make([]int, len(t))}
	var stack []int
	for k, tok := range t {
		lt.open[k], lt.outer[k] = -1, -1
		if len(stack) > 0 {
			lt.outer[k] = stack[len(stack)-1]
		}
		switch tok.Kind {
		case texscan.Open:
			stack = append(stack, k)
		case texscan.Close:
			if len(stack) > 0 {
				lt.open[k] = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
		}
	}
	return lt
}

func (lt lintText) is(k int, kind texscan.Kind, text string) bool {
	return k >= 0 && k < len(lt.t) && lt.t[k].Kind == kind && lt.t[k].Text == text
}

func (lt lintText) kind(k int, kind texscan.Kind) bool {
	return k >= 0 && k < len(lt.t) && lt.t[k].Kind == kind
}

func (lt lintText) punct(k int, p string) bool { return lt.is(k, texscan.Punct, p) }

func (lt lintText) cmd(k int, name string) bool { return k >= 0 && k < len(lt.t) && lt.t[k].Is(name) }

func (lt lintText) sign(k int) bool { return lt.punct(k, "+") || lt.punct(k, "-") }

// digits reports whether token k is a number without a decimal point.
func (lt lintText) digits(k int) bool {
	return lt.kind(k, texscan.Number) && !strings.Contains(lt.t[k].Text, ".")
}

// blank skips the spaces and line breaks from token k (a regexp's \s: a
// vertical tab is not one).
func (lt lintText) blank(k int) int {
	for k < len(lt.t) && (lt.t[k].Kind == texscan.Space || lt.t[k].Kind == texscan.Newline) && !strings.Contains(lt.t[k].Text, "\v") {
		k++
	}
	return k
}

// notNumberAfter reports whether the rune at token k is neither a digit
// nor a dot (or there is none), and returns the offset after it: what
// ([^0-9.]|$) matched.
func (lt lintText) notNumberAfter(k int) (end int, ok bool) {
	if k >= len(lt.t) {
		return len(lt.src), true
	}
	if lt.kind(k, texscan.Number) || lt.punct(k, ".") {
		return 0, false
	}
	_, n := utf8.DecodeRuneInString(lt.src[lt.t[k].Pos:])
	return lt.t[k].Pos + n, true
}

// startAfter returns where a match of token k starts when the rune before
// it must not be one of not (the regexps' (^|[^...])): the offset of that
// rune, or 0 at the start of the formula.
func (lt lintText) startAfter(k int, not func(rune) bool) (int, bool) {
	p := lt.t[k].Pos
	if p == 0 {
		return 0, true
	}
	r, n := utf8.DecodeLastRuneInString(lt.src[:p])
	if not(r) {
		return 0, false
	}
	return p - n, true
}

func isASCIILetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// fracsOverOne returns every \frac{…}{1}: the offset of \frac and, as it
// always was, that offset plus the lengths of \frac, both contents and
// their four braces.
func (lt lintText) fracsOverOne() [][2]int {
	var out [][2]int
	f := lt.src
	arg := func(i int) (texscan.Group, bool) {
		for i < len(f) && f[i] == ' ' {
			i++
		}
		g, err := texscan.Match(f, i, texscan.Braces, texscan.Limits{})
		return g, err == nil
	}
	for k, t := range lt.t {
		if !t.Is("frac") {
			continue
		}
		num, ok := arg(t.End())
		if !ok {
			continue
		}
		den, ok := arg(num.End)
		if ok && strings.TrimSpace(f[den.Inner:den.InnerEnd]) == "1" {
			at := lt.t[k].Pos
			out = append(out, [2]int{at, at + 5 + (num.InnerEnd - num.Inner) + (den.InnerEnd - den.Inner) + 4})
		}
	}
	return out
}

// emptyGroups returns every {} (an escaped brace is no group).
func (lt lintText) emptyGroups() [][2]int {
	var out [][2]int
	for k := range lt.t {
		if lt.kind(k, texscan.Open) && lt.kind(k+1, texscan.Close) {
			out = append(out, [2]int{lt.t[k].Pos, lt.t[k].Pos + 2})
		}
	}
	return out
}

// emptyLeftRight returns the first \left(\right).
func (lt lintText) emptyLeftRight() ([2]int, bool) {
	for k := range lt.t {
		if lt.cmd(k, "left") && lt.punct(k+1, "(") && lt.cmd(k+2, "right") && lt.punct(k+3, ")") {
			return [2]int{lt.t[k].Pos, lt.t[k+3].End()}, true
		}
	}
	return [2]int{}, false
}

// powersOne returns every ^{1} or ^1 that no digit or dot follows: the
// match, as [start, end, index of the ^].
func (lt lintText) powersOne() [][3]int {
	var out [][3]int
	from := 0
	for k, t := range lt.t {
		if t.Pos < from || !lt.punct(k, "^") {
			continue
		}
		j := k + 1
		switch {
		case lt.kind(j, texscan.Open) && lt.is(j+1, texscan.Number, "1") && lt.kind(j+2, texscan.Close):
			j += 3
		case lt.is(j, texscan.Number, "1"):
			j++
		default:
			continue
		}
		if end, ok := lt.notNumberAfter(j); ok {
			out = append(out, [3]int{t.Pos, end, k})
			from = end
		}
	}
	return out
}

// timesOneRight returns every \cdot 1 that no digit or dot follows, as
// [start, end, index of the \cdot].
func (lt lintText) timesOneRight() [][3]int {
	var out [][3]int
	from := 0
	for k, t := range lt.t {
		if t.Pos < from || !t.Is("cdot") {
			continue
		}
		j := lt.blank(k + 1)
		if !lt.is(j, texscan.Number, "1") {
			continue
		}
		if end, ok := lt.notNumberAfter(j + 1); ok {
			out = append(out, [3]int{t.Pos, end, k})
			from = end
		}
	}
	return out
}

// timesOneLeft returns every 1 \cdot x, the 1 not after a digit, dot, ^,
// _, { or letter (the match starts at that rune).
func (lt lintText) timesOneLeft() [][2]int {
	var out [][2]int
	not := func(r rune) bool { return r >= '0' && r <= '9' || strings.ContainsRune(".^_{", r) || isASCIILetter(r) }
	for k := range lt.t {
		if !lt.is(k, texscan.Number, "1") {
			continue
		}
		start, ok := lt.startAfter(k, not)
		if !ok {
			continue
		}
		j := lt.blank(k + 1)
		if !lt.cmd(j, "cdot") {
			continue
		}
		if w := lt.blank(j + 1); lt.kind(w, texscan.Word) {
			out = append(out, [2]int{start, lt.t[w].Pos + 1})
		}
	}
	return out
}

// coefNames are the commands a coefficient 1 may stand before.
var coefNames = []string{"sqrt", "pi", "left", "sin", "cos", "tan", "cot", "sec", "csc", "ln", "log", "mathbf", "exp"}

// coefficientsOne returns every 1 before a letter or one of coefNames, the
// 1 not after a digit, dot, ^, _, letter or backslash.
func (lt lintText) coefficientsOne() [][2]int {
	var out [][2]int
	not := func(r rune) bool { return r >= '0' && r <= '9' || strings.ContainsRune(".^_\\", r) || isASCIILetter(r) }
	for k := range lt.t {
		if !lt.is(k, texscan.Number, "1") {
			continue
		}
		start, ok := lt.startAfter(k, not)
		if !ok {
			continue
		}
		j := lt.blank(k + 1)
		switch {
		case lt.kind(j, texscan.Word):
			out = append(out, [2]int{start, lt.t[j].Pos + 1})
		case lt.kind(j, texscan.Command) && slices.Contains(coefNames, lt.t[j].Name()) &&
			!lt.kind(j+1, texscan.Number) && !lt.punct(j+1, "_"): // the name ends there (\b)
			out = append(out, [2]int{start, lt.t[j].End()})
		}
	}
	return out
}

// signsAfterSign returns every sign followed by a sign, the first not after
// a backslash or a letter (the match starts at that rune); matches do not
// overlap.
func (lt lintText) signsAfterSign() [][2]int {
	var out [][2]int
	from := 0
	for k := range lt.t {
		if !lt.sign(k) {
			continue
		}
		start, ok := lt.startAfter(k, func(r rune) bool { return r == '\\' || isASCIILetter(r) })
		if !ok || start < from {
			continue
		}
		if j := lt.blank(k + 1); lt.sign(j) {
			out = append(out, [2]int{start, lt.t[j].End()})
			from = lt.t[j].End()
		}
	}
	return out
}

// ellipsesOfTwo returns every _1, \ldots, v_2 (braces optional, \dots,
// \ldots or \cdots); the match ends after the 2, or after its brace when
// the 2 stands alone.
func (lt lintText) ellipsesOfTwo() [][2]int {
	var out [][2]int
	from := 0
	for k, t := range lt.t {
		if t.Pos < from || !lt.punct(k, "_") {
			continue
		}
		j := k + 1
		if lt.kind(j, texscan.Open) {
			j++
		}
		if !lt.is(j, texscan.Number, "1") {
			continue
		}
		if j++; lt.kind(j, texscan.Close) {
			j++
		}
		if j = lt.blank(j); !lt.punct(j, ",") {
			continue
		}
		if j = lt.blank(j + 1); !(lt.cmd(j, "dots") || lt.cmd(j, "ldots") || lt.cmd(j, "cdots")) {
			continue
		}
		if j = lt.blank(j + 1); !lt.punct(j, ",") {
			continue
		}
		if j = lt.blank(j + 1); !lt.kind(j, texscan.Word) || !lt.punct(j+1, "_") {
			continue
		}
		j += 2
		if lt.kind(j, texscan.Open) {
			j++
		}
		if !lt.kind(j, texscan.Number) || !strings.HasPrefix(lt.t[j].Text, "2") {
			continue
		}
		end := lt.t[j].Pos + 1
		if lt.t[j].Text == "2" && lt.kind(j+1, texscan.Close) {
			end = lt.t[j+1].End()
		}
		out = append(out, [2]int{t.Pos, end})
		from = end
	}
	return out
}

// endsNegNumber reports whether the formula's first e bytes end with a
// parenthesised negative number, \left(-2\right) or \left(-\frac{1}{2}\right).
func (lt lintText) endsNegNumber(e int) bool {
	m, found := slices.BinarySearchFunc(lt.t, e, func(t texscan.Token, e int) int { return t.End() - e })
	if !found || !lt.punct(m, ")") || !lt.cmd(m-1, "right") {
		return false
	}
	j := m - 2
	switch {
	case lt.digits(j):
		j--
	case lt.kind(j, texscan.Close) && lt.digits(j-1) && lt.kind(j-2, texscan.Open) && lt.kind(j-3, texscan.Close) &&
		lt.digits(j-4) && lt.kind(j-5, texscan.Open) && lt.cmd(j-6, "frac"):
		j -= 7
	default:
		return false
	}
	return lt.punct(j, "-") && lt.punct(j-1, "(") && lt.cmd(j-2, "left")
}

// afterSubscript: the text before token k ends with a subscript (\int_{0},
// \Big|_{a}, v_{1}, v_1) or with \int or \sum, so a ^{1} at k is an upper
// limit or an index, not a power.
func (lt lintText) afterSubscript(k int) bool {
	if k == 0 {
		return false
	}
	last := lt.t[k-1]
	if last.Kind == texscan.Close {
		o := lt.open[k-1]
		return o > 0 && lt.punct(o-1, "_")
	}
	return len(last.Text) == 1 && lt.punct(k-2, "_") || last.Is("int") || last.Is("sum")
}

// inExponent: token k stands inside an open ^{ group.
func (lt lintText) inExponent(k int) bool {
	o := lt.outer[k]
	return o > 0 && lt.punct(o-1, "^")
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// topLevelSides splits a formula at its = signs outside groups (braces,
// parentheses, square brackets; a closer with nothing open is text).
func topLevelSides(f string) []string {
	sides, err := texscan.Split(f, texscan.Braces|texscan.Parens|texscan.Squares, texscan.Limits{}, "=")
	if err != nil {
		return []string{f} // nested past texscan's limit: no sides to compare
	}
	return sides
}

// LintRecordFinding is a lint finding located in a file.
type LintRecordFinding struct {
	Line   int    `json:"line"`
	ID     string `json:"id"`
	Module string `json:"module"`
	LintFinding
}

// lintCounts sums findings by rule, in rule order.
func lintCounts(fs []LintRecordFinding) string {
	c := map[string]int{}
	for _, f := range fs {
		c[f.Rule]++
	}
	var ks []string
	for k := range c {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var parts []string
	for _, k := range ks {
		parts = append(parts, fmt.Sprintf("%s %d", k, c[k]))
	}
	return strings.Join(parts, ", ")
}
