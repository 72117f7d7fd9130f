package math

// This file keeps the hand scanner of LastBoxed as it was
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

// TestGoldScanSameAsBefore runs the old and new LastBoxed over every text
// we hold: they agreed on all of them when the move was made, so a
// difference is a regression (or a fix to explain here). HintSource was
// compared the same way at the move, then changed on purpose (the hint is
// the text before the final box's sentence: TestHintNeverLeaksBox).
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
	}
	t.Logf("%d texts compared, %d differences", len(texts), diffs)
}

func clipText(s string) string {
	if len(s) > 300 {
		return s[:150] + " ... " + s[len(s)-150:]
	}
	return s
}
