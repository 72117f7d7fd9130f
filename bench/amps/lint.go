package amps

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
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

var (
	lintPowerOne  = regexp.MustCompile(`\^(\{1\}|1)([^0-9.]|$)`)
	lintTimesOneR = regexp.MustCompile(`\\cdot\s*1([^0-9.]|$)`)
	lintTimesOneL = regexp.MustCompile(`(^|[^0-9.^_{a-zA-Z])1\s*\\cdot\s*[a-zA-Z]`)
	lintCoefOne   = regexp.MustCompile(`(^|[^0-9.^_a-zA-Z\\])1\s*([a-zA-Z]|\\(sqrt|pi|left|sin|cos|tan|cot|sec|csc|ln|log|mathbf|exp)\b)`)
	lintSignSign  = regexp.MustCompile(`(^|[^\\a-zA-Z])[+-]\s*[+-]`)
	lintEllipsis2 = regexp.MustCompile(`_\{?1\}?\s*,\s*\\[lc]?dots\s*,\s*[a-zA-Z]+_\{?2\}?`)
	lintNegNum    = regexp.MustCompile(`\\left\(-(\d+|\\frac\{\d+\}\{\d+\})\\right\)$`)
	lintAnVowel   = regexp.MustCompile(`\b[Aa] (a|e|i|o)[a-z]*`)
	lintAnCons    = regexp.MustCompile(`\b[Aa]n ([bcdfgjklmnpqrstvwxyz])[a-z]*`)
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
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++ // the escaped character, \$ among them
		case '$':
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
	// \frac groups
	for i := 0; ; {
		j := strings.Index(f[i:], `\frac`)
		if j < 0 {
			break
		}
		at := i + j
		num, rest, ok := group(f[at+5:])
		if ok {
			den, _, ok2 := group(rest)
			if ok2 && (strings.TrimSpace(den) == "1") {
				add("frac-over-one", at, at+5+len(num)+len(den)+4)
			}
		}
		i = at + 5
	}
	for i := 0; i+1 < len(f); i++ {
		if f[i] == '{' && f[i+1] == '}' && (i == 0 || f[i-1] != '\\') {
			add("empty-group", i, i+2)
		}
	}
	if i := strings.Index(f, `\left(\right)`); i >= 0 {
		add("empty-group", i, i+13)
	}
	for _, loc := range lintPowerOne.FindAllStringIndex(f, -1) {
		if !afterSubscript(f[:loc[0]]) {
			add("power-one", loc[0], loc[1])
		}
	}
	for _, loc := range lintTimesOneR.FindAllStringIndex(f, -1) {
		before := strings.TrimRight(f[:loc[0]], " ")
		if before == "" || !(isDigit(before[len(before)-1]) || lintNegNum.MatchString(before)) || inExponent(f[:loc[0]]) {
			add("times-one", loc[0], loc[1])
		}
	}
	for _, loc := range lintTimesOneL.FindAllStringIndex(f, -1) {
		add("times-one", loc[0], loc[1])
	}
	for _, loc := range lintCoefOne.FindAllStringIndex(f, -1) {
		add("coefficient-one", loc[0], loc[1])
	}
	for _, loc := range lintSignSign.FindAllStringIndex(f, -1) {
		add("sign-after-sign", loc[0], loc[1])
	}
	for _, loc := range lintEllipsis2.FindAllStringIndex(f, -1) {
		add("ellipsis-of-two", loc[0], loc[1])
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

// group reads a {…} group at the start of s (after spaces): its content
// and the rest.
func group(s string) (content, rest string, ok bool) {
	s = strings.TrimLeft(s, " ")
	if s == "" || s[0] != '{' {
		return "", s, false
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return s[1:i], s[i+1:], true
			}
		}
	}
	return "", s, false
}

// afterSubscript: the text ends with a subscript (\int_{0}, \Big|_{a},
// v_{1}), so a following ^{1} is an upper limit or an index, not a power.
func afterSubscript(before string) bool {
	if before == "" {
		return false
	}
	if before[len(before)-1] == '}' {
		depth := 0
		for i := len(before) - 1; i >= 0; i-- {
			switch before[i] {
			case '}':
				depth++
			case '{':
				depth--
				if depth == 0 {
					return i > 0 && before[i-1] == '_'
				}
			}
		}
		return false
	}
	return len(before) >= 2 && before[len(before)-2] == '_' || strings.HasSuffix(before, `\int`) || strings.HasSuffix(before, `\sum`)
}

// inExponent: the text ends inside an open ^{ group.
func inExponent(before string) bool {
	depth := 0
	for i := len(before) - 1; i >= 0; i-- {
		switch before[i] {
		case '}':
			depth++
		case '{':
			if depth == 0 {
				return i > 0 && before[i-1] == '^'
			}
			depth--
		}
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// topLevelSides splits a formula at its = signs outside groups.
func topLevelSides(f string) []string {
	var sides []string
	depth, start := 0, 0
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case '\\':
			i++
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
		case '=':
			if depth == 0 {
				sides = append(sides, f[start:i])
				start = i + 1
			}
		}
	}
	return append(sides, f[start:])
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
