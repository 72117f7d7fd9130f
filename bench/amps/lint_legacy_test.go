package amps

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/matheval/matheval/texscan"
)

// oldFracsOverOne, oldEmptyGroups and oldEmptyLeftRight are the loops of
// the old lintMath (lintold_test.go), as functions to compare one by one.
func oldFracsOverOne(f string) [][2]int {
	var out [][2]int
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
				out = append(out, [2]int{at, at + 5 + len(num) + len(den) + 4})
			}
		}
		i = at + 5
	}
	return out
}

func oldEmptyGroups(f string) [][2]int {
	var out [][2]int
	for i := 0; i+1 < len(f); i++ {
		if f[i] == '{' && f[i+1] == '}' && (i == 0 || f[i-1] != '\\') {
			out = append(out, [2]int{i, i + 2})
		}
	}
	return out
}

// oldDepthNegative reports whether the old topLevelSides's depth went
// below zero on f (a closer with nothing open, which texscan reads as
// text).
func oldDepthNegative(f string) bool {
	d := 0
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case '\\':
			i++
		case '{', '(', '[':
			d++
		case '}', ')', ']':
			if d--; d < 0 {
				return true
			}
		}
	}
	return false
}

func locs2(l [][]int) [][2]int {
	var out [][2]int
	for _, m := range l {
		out = append(out, [2]int{m[0], m[1]})
	}
	return out
}

func firstTwo[T any](l [][3]T) [][2]T {
	var out [][2]T
	for _, m := range l {
		out = append(out, [2]T{m[0], m[1]})
	}
	return out
}

// lintFixable reports whether a difference of what on f is one of the
// fixes: the old scanners read a character of a command (an escaped brace,
// \_ or \^ for _ and ^, the second backslash of \\ before a letter or a
// brace, the 1 of \1, the \cdot of \cdots or \cdotx), so f holds one or an
// offset of an old match falls inside a command; or f holds a backslash
// before a line break or a vertical tab (a control space, and texscan's
// space that \s is not); or, for the sides of an equation, the old depth
// counter went below zero, where texscan reads a closer with nothing open
// as text.
func lintFixable(what, f string, old [][2]int) bool {
	if strings.Contains(f, "\\\n") || strings.Contains(f, "\v") {
		return true
	}
	if (what == "topLevelSides" || what == "lintMath" || what == "Lint") && oldDepthNegative(f) {
		return true
	}
	for _, e := range []string{`\{`, `\}`, `\_`, `\^`} {
		if strings.Contains(f, e) {
			return true
		}
	}
	for i := 0; i+2 < len(f); i++ {
		if f[i] == '\\' && f[i+1] == '\\' && (f[i+2] == '{' || isASCIILetter(rune(f[i+2]))) {
			return true
		}
	}
	for i := 0; i+1 < len(f); i++ {
		if f[i] == '\\' && isDigit(f[i+1]) {
			return true // \1, a command, whose 1 the regexps read
		}
		if c := strings.TrimPrefix(f[i:], `\cdot`); len(c) < len(f)-i && c != "" && isASCIILetter(rune(c[0])) {
			return true // \cdots, \cdotx: the regexps read \cdot and a letter
		}
	}
	toks, err := texscan.Tokens(f, texscan.Limits{})
	if err != nil {
		return false
	}
	for _, m := range old {
		for _, off := range m {
			k, _ := slices.BinarySearchFunc(toks, off, func(t texscan.Token, off int) int { return t.Pos - off })
			if k > 0 && (k == len(toks) || toks[k].Pos > off) {
				if t := toks[k-1]; t.Kind != texscan.Word && t.Kind != texscan.Number && t.Kind != texscan.Space && t.Pos < off && off < t.End() {
					return true
				}
			}
		}
	}
	return false
}

// lintRecords generates n problems of every module for the train and
// extrapolate splits (AMPS_LEGACY_N overrides n).
func lintRecords(t *testing.T, n int) []Record {
	if s := os.Getenv("AMPS_LEGACY_N"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v <= 0 {
			t.Fatalf("AMPS_LEGACY_N=%q", s)
		}
		n = v
	}
	var all []Record
	for _, split := range []string{Train, Extrapolate} {
		recs, _, err := Generate(context.Background(), Options{N: n, Seed: 11, Split: split})
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, recs...)
	}
	return all
}

// TestLintSameAsBefore runs the lint's old scanners (lintold_test.go) and
// its token readers over a generated sample of every module, the texts of
// TestLintRules and edited copies of every formula (a byte dropped, or a
// brace, sign, 1, ^, _, space, backslash or command put in), and requires
// the same matches and findings; differences of the kinds lintFixable
// names are counted as fixes. Any other difference is a regression.
func TestLintSameAsBefore(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 5
	}
	recs := lintRecords(t, n)
	recs = append(recs,
		Record{Problem: `Solve $\frac{2}{18} = \frac{x}{1}$ and $\frac{5!}{} = 120$ and $x^{3\cdot 1 - 5}$, $e^{1}$, $A - 1I$, $x^{2} + -3x$.`,
			Solution: "So $\\frac{8}{11} = \\frac{8}{11}$, $\\left(v_{1}, \\ldots, v_{2}\\right)$, $y = 60x + 115$, that is $y = 60x + 115$.\n\nThe answer is $\\boxed{1}$.", Answer: "1"},
		Record{Problem: `Evaluate $\int_{0}^{1} x\,dx$ and $\binom{7}{1}$ and $\left. x^{2}\right|_{0}^{1}$, $17 = 8\cdot 2 + 1$, $\left(-2\right)\cdot 1 = -2$, $\left(-\frac{1}{2}\right) \cdot 1$.`,
			Solution: `Ava has $\$2.50 \cdot 4 = \$10.00$ now, and $x$. $$1 \cdot x$$`, Answer: `\left(\right)`})
	count := map[string]int{}
	hits := map[string]int{}
	diffs, fixes, realFixes := 0, 0, 0
	check := func(what, f string, same bool, hit bool, old [][2]int) {
		count[what]++
		if hit {
			hits[what]++
		}
		if same {
			return
		}
		if lintFixable(what, f, old) {
			fixes++
			return
		}
		diffs++
		if diffs <= 400 {
			t.Errorf("%s differs on %q", what, f)
		}
	}
	compare := func(f string) {
		lt := newLintText(f)
		o := oldLintMath(f)
		check("lintMath", f, reflect.DeepEqual(o, lintMath(f)), len(o) > 0, nil)
		ol := oldFracsOverOne(f)
		check("fracsOverOne", f, slices.Equal(ol, lt.fracsOverOne()), len(ol) > 0, ol)
		ol = oldEmptyGroups(f)
		check("emptyGroups", f, slices.Equal(ol, lt.emptyGroups()), len(ol) > 0, ol)
		i := strings.Index(f, `\left(\right)`)
		l, ok := lt.emptyLeftRight()
		check("emptyLeftRight", f, (i >= 0) == ok && (!ok || l == [2]int{i, i + 13}), ok, [][2]int{{i, i + 13}})
		for _, c := range []struct {
			what string
			old  [][2]int
			new  [][2]int
		}{
			{"powersOne", locs2(oldLintPowerOne.FindAllStringIndex(f, -1)), firstTwo(lt.powersOne())},
			{"timesOneRight", locs2(oldLintTimesOneR.FindAllStringIndex(f, -1)), firstTwo(lt.timesOneRight())},
			{"timesOneLeft", locs2(oldLintTimesOneL.FindAllStringIndex(f, -1)), lt.timesOneLeft()},
			{"coefficientsOne", locs2(oldLintCoefOne.FindAllStringIndex(f, -1)), lt.coefficientsOne()},
			{"signsAfterSign", locs2(oldLintSignSign.FindAllStringIndex(f, -1)), lt.signsAfterSign()},
			{"ellipsesOfTwo", locs2(oldLintEllipsis2.FindAllStringIndex(f, -1)), lt.ellipsesOfTwo()},
		} {
			check(c.what, f, slices.Equal(c.old, c.new), len(c.new) > 0, c.old)
		}
		os := oldTopLevelSides(f)
		check("topLevelSides", f, slices.Equal(os, topLevelSides(f)), len(os) > 1, nil)
		for k, tok := range lt.t {
			switch {
			case lt.punct(k, "^"):
				o := oldAfterSubscript(f[:tok.Pos])
				check("afterSubscript", f, o == lt.afterSubscript(k), o, nil)
			case lt.punct(k, ")"):
				o := oldLintNegNum.MatchString(f[:tok.End()])
				check("endsNegNumber", f, o == lt.endsNegNumber(tok.End()), o, nil)
			}
			o := oldInExponent(f[:tok.Pos])
			check("inExponent", f, o == lt.inExponent(k), o, nil)
		}
	}
	edits := []string{" ", "\n", "\v", "{", "}", "{}", "\\", "\\\\", "1", "1 ", "^", "^{1}", "_", "-", "+", "(", ")", "[", "]", "=", ".", "2", "x",
		`\cdot`, `\cdot `, `\cdots`, `\ldots`, ",", `\left(`, `\right)`, `\frac`, `\sqrt`, `\int`, `\{`, `\}`, "π", "\xff", "$",
		`_{1}, \ldots, v_{2}`, `_1,\dots, x_2`, ` 1\cdot x`, `(1 \cdot y`, `1x`, ` 1\sqrt`, `\left(-3\right)`, `\left(-\frac{1}{2}\right)`}
	r := rand.New(rand.NewPCG(11, 5))
	formulas, edited := 0, 0
	for _, rec := range recs {
		f0 := fixes
		o, nw := oldLint(rec), Lint(rec)
		check("Lint", rec.Problem+"\n"+rec.Solution, reflect.DeepEqual(o, nw), len(o) > 0, nil)
		for _, text := range []string{rec.Problem, rec.Solution} {
			op, om := oldSplitMath(text)
			np, nm := splitMath(text)
			check("splitMath", text, slices.Equal(op, np) && slices.Equal(om, nm), len(om) > 0, nil)
		}
		_, ps := oldSplitMath(rec.Problem)
		_, ss := oldSplitMath(rec.Solution)
		fs := append(append(ps, ss...), rec.Answer)
		for _, f := range fs {
			formulas++
			compare(f)
		}
		realFixes += fixes - f0
		for _, f := range fs {
			if f == "" {
				continue
			}
			for range 3 {
				g := f
				for range 1 + r.IntN(3) {
					i := r.IntN(len(g) + 1)
					if r.IntN(3) == 0 && i < len(g) {
						g = g[:i] + g[i+1:]
					} else {
						g = g[:i] + edits[r.IntN(len(edits))] + g[i:]
					}
				}
				edited++
				compare(g)
			}
		}
	}
	var names []string
	for k := range count {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		t.Logf("%-16s %8d compared, %7d with a match or finding", k, count[k], hits[k])
		if hits[k] == 0 && k != "Lint" {
			t.Errorf("%s matched nothing: the comparison proves nothing", k)
		}
	}
	t.Logf("%d records, %d formulas and %d edited ones: %d differences, %d fixes (%d on the generated texts)",
		len(recs), formulas, edited, diffs, fixes, realFixes)
	_ = fmt.Sprint
}
