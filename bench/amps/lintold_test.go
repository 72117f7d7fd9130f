package amps

// This file keeps the form lint's scanners of TeX as they were before the
// move onto texscan (git show 5c3041d:bench/amps/lint.go: its regexps on
// formulas and its hand brace loops), as the reference of the diff test in
// lint_legacy_test.go.

import (
	"regexp"
	"strings"
)

var (
	oldLintPowerOne  = regexp.MustCompile(`\^(\{1\}|1)([^0-9.]|$)`)
	oldLintTimesOneR = regexp.MustCompile(`\\cdot\s*1([^0-9.]|$)`)
	oldLintTimesOneL = regexp.MustCompile(`(^|[^0-9.^_{a-zA-Z])1\s*\\cdot\s*[a-zA-Z]`)
	oldLintCoefOne   = regexp.MustCompile(`(^|[^0-9.^_a-zA-Z\\])1\s*([a-zA-Z]|\\(sqrt|pi|left|sin|cos|tan|cot|sec|csc|ln|log|mathbf|exp)\b)`)
	oldLintSignSign  = regexp.MustCompile(`(^|[^\\a-zA-Z])[+-]\s*[+-]`)
	oldLintEllipsis2 = regexp.MustCompile(`_\{?1\}?\s*,\s*\\[lc]?dots\s*,\s*[a-zA-Z]+_\{?2\}?`)
	oldLintNegNum    = regexp.MustCompile(`\\left\(-(\d+|\\frac\{\d+\}\{\d+\})\\right\)$`)
)

// oldSplitMath cuts a text at its dollar signs into prose and formulas. An
// escaped dollar (\$, a price) is a character of the text, not a
// delimiter: cutting at it would shift every later formula into the prose
// (a price inside a formula, $\$2.50 \cdot 4 = \$10.00$, read as prose with
// an = sign).
func oldSplitMath(text string) (prose, maths []string) {
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
func oldLintMath(f string) []LintFinding {
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
		num, rest, ok := oldGroup(f[at+5:])
		if ok {
			den, _, ok2 := oldGroup(rest)
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
	for _, loc := range oldLintPowerOne.FindAllStringIndex(f, -1) {
		if !oldAfterSubscript(f[:loc[0]]) {
			add("power-one", loc[0], loc[1])
		}
	}
	for _, loc := range oldLintTimesOneR.FindAllStringIndex(f, -1) {
		before := strings.TrimRight(f[:loc[0]], " ")
		if before == "" || !(isDigit(before[len(before)-1]) || oldLintNegNum.MatchString(before)) || oldInExponent(f[:loc[0]]) {
			add("times-one", loc[0], loc[1])
		}
	}
	for _, loc := range oldLintTimesOneL.FindAllStringIndex(f, -1) {
		add("times-one", loc[0], loc[1])
	}
	for _, loc := range oldLintCoefOne.FindAllStringIndex(f, -1) {
		add("coefficient-one", loc[0], loc[1])
	}
	for _, loc := range oldLintSignSign.FindAllStringIndex(f, -1) {
		add("sign-after-sign", loc[0], loc[1])
	}
	for _, loc := range oldLintEllipsis2.FindAllStringIndex(f, -1) {
		add("ellipsis-of-two", loc[0], loc[1])
	}
	// an equation whose neighbouring sides are the same text
	sides := oldTopLevelSides(f)
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
func oldLintSteps(sol string) []LintFinding {
	var out []LintFinding
	paras := strings.Split(sol, "\n\n")
	for i, p := range paras {
		if i > 0 && strings.TrimSpace(p) == strings.TrimSpace(paras[i-1]) {
			out = append(out, LintFinding{Rule: "restated-step", Excerpt: oneLine(p)})
		}
		_, maths := oldSplitMath(p)
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
func oldGroup(s string) (content, rest string, ok bool) {
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
func oldAfterSubscript(before string) bool {
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
func oldInExponent(before string) bool {
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

// topLevelSides splits a formula at its = signs outside groups.
func oldTopLevelSides(f string) []string {
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

// oldLint returns the form defects of a record's problem, solution and answer.
func oldLint(r Record) []LintFinding {
	var out []LintFinding
	add := func(rule, text string, at int, end int) {
		lo, hi := max(0, at-30), min(len(text), end+30)
		out = append(out, LintFinding{Rule: rule, Excerpt: oneLine(text[lo:hi])})
	}
	texts := []string{r.Problem, r.Solution}
	for _, text := range texts {
		prose, maths := oldSplitMath(text)
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
			out = append(out, oldLintMath(f)...)
		}
	}
	out = append(out, oldLintMath(r.Answer)...)
	out = append(out, oldLintSteps(r.Solution)...)
	return out
}
