package asdiv

import (
	"regexp"
	"strings"
)

// ASDiv's notation around the arithmetic, handled on the text before
// latex.Parse reads a statement: unit labels and words are dropped, the
// unknowns, GCD/LCM, "equals" and the r of a remainder are kept.

var (
	parenWordRe = regexp.MustCompile(`\(([^()]*)\)`)
	wordRe      = regexp.MustCompile(`[A-Za-z]+`)
)

// stripUnits removes the annotations that are not arithmetic: units in
// parentheses ("(cm)", "(min/hour)", "(Rug A)", "(nd)") and bare unit words
// ("cents", "square feet"), keeping the unknowns, GCD/LCM, "equals" and the
// r of a division with remainder ("11 r6").
func stripUnits(s string, vars map[string]bool) string {
	for i := 0; i < 20; i++ {
		changed := false
		s = parenWordRe.ReplaceAllStringFunc(s, func(m string) string {
			inner := m[1 : len(m)-1]
			if isAnnotation(inner, vars) {
				changed = true
				return " "
			}
			return m
		})
		if !changed {
			break
		}
	}
	var b strings.Builder
	last := 0
	for _, m := range wordRe.FindAllStringIndex(s, -1) {
		if keepWord(s, m[0], m[1], vars) {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteByte(' ')
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

func keepWord(s string, i, j int, vars map[string]bool) bool {
	w := s[i:j]
	up := strings.ToUpper(w)
	if up == "GCD" || up == "LCM" || w == "equals" || isRemainderMark(s, i, j) {
		return true
	}
	for _, c := range w {
		if !vars[string(c)] && !vars[strings.ToLower(string(c))] && !vars[strings.ToUpper(string(c))] {
			return false
		}
	}
	return true
}

// isRemainderMark reports whether s[i:j] is the r of "11 r6": the letter r
// between two numbers.
func isRemainderMark(s string, i, j int) bool {
	if s[i:j] != "r" {
		return false
	}
	before := strings.TrimRight(s[:i], " ")
	after := strings.TrimLeft(s[j:], " ")
	return before != "" && after != "" && isDigit(before[len(before)-1]) && isDigit(after[0])
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// isAnnotation: a parenthetical is a label, not a sub-expression, when it has
// a word that is not made of declared variables.
func isAnnotation(inner string, vars map[string]bool) bool {
	for _, w := range wordRe.FindAllString(inner, -1) {
		up := strings.ToUpper(w)
		if up == "GCD" || up == "LCM" {
			continue
		}
		for _, c := range w {
			if !vars[string(c)] {
				return true
			}
		}
	}
	return false
}

func mixedMoney(s string) bool {
	l := strings.ToLower(s)
	return strings.Contains(l, "cent") && strings.Contains(l, "dollar")
}
