package math

// This file keeps the hand scanners of LastBoxed and HintSource as they were
// before the move onto texscan (git show 75e13d8:bench/math/gold.go and
// prompt.go), as the reference of the diff test below.

import (
	"strings"
	"testing"
	"unicode"

	"github.com/matheval/matheval/internal/testtexts"
)

func oldLastBoxed(s string) (content string, odd, ok bool) {
	i := oldLastBoxIndex(s)
	if i < 0 {
		return "", false, false
	}
	j := i
	if strings.HasPrefix(s[j:], `\boxed`) {
		j += len(`\boxed`)
	} else {
		j += len(`\fbox`)
	}
	k := j
	for k < len(s) && s[k] == ' ' {
		k++
	}
	if k < len(s) && s[k] == '{' {
		depth := 0
		for m := k; m < len(s); m++ {
			switch s[m] {
			case '\\':
				m++ // skip an escaped character such as \{ or \}
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return strings.TrimSpace(s[k+1 : m]), false, true
				}
			}
		}
		return "", false, false // unbalanced braces
	}
	if k == j { // "\boxedx": not a box command
		return "", false, false
	}
	end := k
	for end < len(s) && s[end] != '$' && !unicode.IsSpace(rune(s[end])) {
		end++
	}
	c := strings.TrimSpace(strings.TrimRight(s[k:end], "."))
	if c == "" {
		return "", false, false
	}
	return c, true, true
}

func oldLastBoxIndex(s string) int {
	b := strings.LastIndex(s, `\boxed`)
	f := strings.LastIndex(s, `\fbox`)
	if f > b {
		return f
	}
	return b
}

func oldHintSource(solution, answer string) string {
	box := -1
	marks := []string{`\boxed`, `\fbox`}
	if a := strings.TrimSpace(answer); a != "" {
		marks = append(marks, "$"+a+"$", "="+a+"$", "= "+a+"$")
	}
	for _, m := range marks {
		if i := strings.Index(solution, m); i >= 0 && (box < 0 || i < box) {
			box = i
		}
	}
	if box < 0 {
		return solution
	}
	head := solution[:box]
	// The sentence holding the box starts after the last sentence end or
	// line break before it; a "." inside $...$ (a decimal) does not count.
	cut := 0
	inMath := false
	for i := 0; i < len(head); i++ {
		switch {
		case head[i] == '\\' && i+1 < len(head):
			i++ // an escaped character, such as \$
		case head[i] == '$':
			inMath = !inMath
		case head[i] == '\n':
			cut = i + 1
		case !inMath && (head[i] == '.' || head[i] == '!' || head[i] == '?') && (i+1 == len(head) || head[i+1] == ' ' || head[i+1] == '\n'):
			cut = i + 1
		}
	}
	return strings.TrimRightFunc(head[:cut], unicode.IsSpace)
}

// TestGoldScanSameAsBefore runs the old and new LastBoxed and HintSource
// over every text we hold: they agreed on all of them when the move was
// made, so a difference is a regression (or a fix to explain here).
func TestGoldScanSameAsBefore(t *testing.T) {
	texts := append(testtexts.FuzzCorpora(t), testtexts.Shared(t)...)
	diffs := 0
	report := func(format string, args ...any) {
		diffs++
		if diffs <= 10 {
			t.Errorf(format, args...)
		}
	}
	for _, x := range texts {
		s := x.S
		oc, oo, ok1 := oldLastBoxed(s)
		nc, no, ok2 := LastBoxed(s)
		if oc != nc || oo != no || ok1 != ok2 {
			report("%s: LastBoxed(%q): old %q %v %v, new %q %v %v", x.Where, clipText(s), oc, oo, ok1, nc, no, ok2)
		}
		for _, a := range []string{"", oc} {
			if o, n := oldHintSource(s, a), HintSource(s, a); o != n {
				report("%s: HintSource(%q, %q):\n old %q\n new %q", x.Where, clipText(s), a, clipText(o), clipText(n))
			}
		}
	}
	t.Logf("%d texts compared, %d differences", len(texts), diffs)
}

func clipText(s string) string {
	if len(s) > 300 {
		return s[:150] + " ... " + s[len(s)-150:]
	}
	return s
}
