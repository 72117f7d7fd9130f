package calc

// This file keeps calc's hand scanner of exponents as it was before the
// move onto texscan (git show 5c3041d:calc/eval.go, rightAssoc and
// powChain), as the reference of the diff test below.

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode"

	"github.com/matheval/matheval/internal/testenv"
)

// oldRightAssoc braces chains of powers so that they group to the right as a
// calculator reads them ("2^3^2" = 2^(3^2) = 512); latex.Parse, reading
// LaTeX, groups a^b^c to the left.
func oldRightAssoc(s string) string {
	if strings.Count(s, "^") < 2 {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	for i := 0; i < len(rs); i++ {
		b.WriteRune(rs[i])
		if rs[i] == '^' {
			exp, end := oldPowChain(rs, i+1)
			b.WriteString(exp)
			i = end - 1
		}
	}
	return b.String()
}

// oldPowChain reads the exponent that starts at rs[i] (an optionally signed
// number, name or bracketed group) and, when another ^ follows it, the
// rest of the chain, which it braces: "3^2" becomes "{3^2}".
func oldPowChain(rs []rune, i int) (string, int) {
	j := i
	for j < len(rs) && rs[j] == ' ' {
		j++
	}
	if j < len(rs) && (rs[j] == '-' || rs[j] == '+') {
		j++
	}
	switch {
	case j < len(rs) && (rs[j] == '(' || rs[j] == '{'):
		d := 0
		for ; j < len(rs); j++ {
			if rs[j] == '(' || rs[j] == '{' {
				d++
			} else if rs[j] == ')' || rs[j] == '}' {
				d--
				if d == 0 {
					j++
					break
				}
			}
		}
	default:
		for j < len(rs) && (unicode.IsDigit(rs[j]) || unicode.IsLetter(rs[j]) || rs[j] == '.') {
			j++
		}
	}
	op := string(rs[i:j])
	if strings.TrimSpace(op) == "" {
		return op, j
	}
	op = oldRightAssoc(op)
	k := j
	for k < len(rs) && rs[k] == ' ' {
		k++
	}
	if k < len(rs) && rs[k] == '^' {
		rest, end := oldPowChain(rs, k+1)
		return "{" + op + "^" + rest + "}", end
	}
	return op, j
}

// calcInputs are the inputs of calc's tests that reach rightAssoc, and
// chains written every way a calculator query writes them.
var calcInputs = []string{
	"e^(iπ)+1", "2**3", "7^4", "7.3947**2.5384", "8.6112^3.7534", "-2^2", "2^-1", "2^3^2", "2**3**2",
	"2^(1+1)^3", "\\sin(30^\\circ)", "log_{2}(8)", "2^{3}^{2}", "2 ^ 3 ^ 2", "2^ -3^ +2", "e^{iπ}^2",
	"2^(3}^2", "2^{3)^2", "2^(3^2", "2^π^2", "x^y^z^w", "2^3.5.1^2", "2^^3", "2^ ^3", "(2^3)^2^1",
	"2^\\{3\\}^2", "2^(\\{3)^2", "2^{\\begin{x}}^2", "2^٣^2", "2^\xff^2", "2^a\xffb^2^3",
}

// exponentTexts returns every MATH 401 query as Eval hands it to
// rightAssoc, calc's test inputs and n generated chains.
func exponentTexts(t *testing.T, n int) (real, made []string) {
	p := testenv.Shared(t, "data", "math401", "math401.json")
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var it struct{ Query string }
		if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		q := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(it.Query), "=?"))
		real = append(real, strings.ReplaceAll(q, "**", "^"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(real) < 401 {
		t.Fatalf("%s: %d queries, want 401", p, len(real))
	}
	made = append(made, calcInputs...)
	atoms := []string{"2", "3.5", "x", "π", "e", " ", "^", "^", "^", "-", "+", "(", ")", "{", "}", "[", "]",
		"\\", "\\{", "\\}", "\\(", "\\)", "\\pi", "\\begin{x}", ".", "٣", "²", "\xff", "*", "$"}
	r := rand.New(rand.NewPCG(401, 1))
	for range n {
		var b strings.Builder
		for k := r.IntN(14); k >= 0; k-- {
			b.WriteString(atoms[r.IntN(len(atoms))])
		}
		made = append(made, b.String())
	}
	return real, made
}

// TestPowChainSameAsBefore compares rightAssoc (and so powChain) with the
// old hand scanner over every MATH 401 query, calc's test inputs and
// generated chains. The old scanner counted an escaped brace or bracket
// (\{ \} \( \)) as a bracket; texts holding one are counted as fixes, not
// compared. Any other difference is a regression.
func TestPowChainSameAsBefore(t *testing.T) {
	real, made := exponentTexts(t, 200_000)
	n, chains, fixes, realFixes := 0, 0, 0, 0
	for i, set := range [][]string{real, made} {
		for _, s := range set {
			o, nw := oldRightAssoc(s), rightAssoc(s)
			n++
			if strings.Count(s, "^") >= 2 {
				chains++
			}
			if o == nw {
				continue
			}
			if strings.Contains(s, `\{`) || strings.Contains(s, `\}`) || strings.Contains(s, `\(`) || strings.Contains(s, `\)`) {
				fixes++
				if i == 0 {
					realFixes++
				}
				continue
			}
			t.Errorf("rightAssoc(%q) = %q, was %q", s, nw, o)
		}
	}
	if chains < 10_000 {
		t.Errorf("only %d texts hold a chain of powers", chains)
	}
	t.Logf("%d texts compared (%d MATH 401 queries, %d made; %d with two or more ^), %d fixes (%d in MATH 401)", n, len(real), len(made), chains, fixes, realFixes)
}
