package amps

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"

	"github.com/matheval/matheval/answer"
)

// formCase is an answer equal in value to the gold one: in the asked form
// (ok) or not.
type formCase struct {
	form       Form
	gold, cand string
	ok         bool
}

// formCases are hand-written answers: other correct writings (generous
// about notation) and writings equal in value but not in the form (strict
// about the form). Every candidate is equal in value to its gold answer
// (the test checks it), so that a Wrong verdict is the form's.
var formCases = []formCase{
	// factored
	{FormFactored, `\left(x + 5\right)\left(x^{2} - 7\right)\left(x^{2} + 3x + 6\right)`, `(x^2+3x+6)(x+5)(x^2-7)`, true},
	{FormFactored, `\left(x + 5\right)\left(x^{2} - 7\right)\left(x^{2} + 3x + 6\right)`, `\left(x^{2} - 7\right) \cdot (5 + x) \cdot (6 + 3x + x^2)`, true},
	{FormFactored, `\left(x + 5\right)\left(x^{2} - 7\right)\left(x^{2} + 3x + 6\right)`, `x^{5} + 8x^{4} + 14x^{3} - 26x^{2} - 147x - 210`, false},
	{FormFactored, `\left(x + 5\right)\left(x^{2} - 7\right)\left(x^{2} + 3x + 6\right)`, `(x+5)(x-\sqrt{7})(x+\sqrt{7})(x^2+3x+6)`, false},
	{FormFactored, `\left(x + 5\right)\left(x^{2} - 7\right)\left(x^{2} + 3x + 6\right)`, `\frac{(x^2-2x-35)(x^2-7)(x^2+3x+6)}{x-7}`, false},
	{FormFactored, `-2\left(x - 1\right)^{2}\left(x + 3\right)`, `-2(x-1)(x-1)(x+3)`, true},
	{FormFactored, `-2\left(x - 1\right)^{2}\left(x + 3\right)`, `2(1-x)^{2}(-x-3)`, true},
	{FormFactored, `-2\left(x - 1\right)^{2}\left(x + 3\right)`, `(1 - x)(x - 1)(2x + 6)`, true},
	{FormFactored, `-2\left(x - 1\right)^{2}\left(x + 3\right)`, `-(x-1)^2 \cdot 2(x+3)`, true},
	{FormFactored, `-2\left(x - 1\right)^{2}\left(x + 3\right)`, `-2(x^2-2x+1)(x+3)`, false},
	{FormFactored, `\left(2x + 1\right)\left(x - 1\right)`, `2\left(x + \frac{1}{2}\right)\left(x - 1\right)`, true},
	{FormFactored, `\left(2x + 1\right)\left(x - 1\right)`, `2x^2 - x - 1`, false},
	// expanded
	{FormExpanded, `3x^{3} - 39x - 36`, `-36 - 39x + 3x^{3}`, true},
	{FormExpanded, `3x^{3} - 39x - 36`, `3\cdot x^3 - 39 x - 36`, true},
	{FormExpanded, `3x^{3} - 39x - 36`, `\left(-x - 3\right)\left(x - 4\right)\left(-3x - 3\right)`, false},
	{FormExpanded, `3x^{3} - 39x - 36`, `3x^3 - 40x + x - 36`, false},
	{FormExpanded, `3x^{3} - 39x - 36`, `3x(x^2 - 13) - 36`, false},
	{FormExpanded, `15x^{2} + 9x + 18`, `f(g(x)) = 18 + 9x + 15x^2`, true},
	{FormExpanded, `15x^{2} + 9x + 18`, `-3\left(-5x^{2} - 3x - 5\right) + 3`, false},
	{FormExpanded, `-4x^{2} + 2`, `-\left(4x^{2} - 2\right)`, false},
	{FormExpanded, `-4x^{2} + 2`, `\left(-4x^{2}\right) + 2`, true},
	{FormExpanded, `-3x^{2} + 4x - 4`, `\left(-3x^{2} + 4x\right) - 4`, true},
	{FormExpanded, `\frac{3}{4}x^{2} - \frac{7}{8}x`, `\frac{3x^2}{4} - \frac{7x}{8}`, true},
	// lowest terms
	{FormLowestTerms, `\frac{x^{2} - 4x - 5}{x + 3}`, `\frac{(x-5)(x+1)}{x+3}`, true},
	{FormLowestTerms, `\frac{x^{2} - 4x - 5}{x + 3}`, `(x^2-4x-5)/(3+x)`, true},
	{FormLowestTerms, `\frac{x^{2} - 4x - 5}{x + 3}`, `\frac{x^{3} - 5x^{2} - x + 5}{x^{2} + 2x - 3}`, false},
	{FormLowestTerms, `\frac{x^{2} - 4x - 5}{x + 3}`, `\frac{(x-5)(x+1)(x-1)}{(x+3)(x-1)}`, false},
	{FormLowestTerms, `\frac{x^{2} - 4x - 5}{x + 3}`, `x - 7 + \frac{16}{x+3}`, false},
	{FormLowestTerms, `-\frac{x}{x + 3}`, `\frac{x}{-x-3}`, true},
	{FormLowestTerms, `-\frac{x}{x + 3}`, `\frac{-x^{2} - 2x}{x^{2} + 5x + 6}`, false},
	// partial fractions
	{FormPartialFractions, `-\frac{2}{3\left(x + 3\right)} - \frac{4}{3\left(x - 3\right)}`, `-\frac{4}{3(x-3)} - \frac{2}{3(x+3)}`, true},
	{FormPartialFractions, `-\frac{2}{3\left(x + 3\right)} - \frac{4}{3\left(x - 3\right)}`, `\frac{-2/3}{x+3} + \frac{-4/3}{x-3}`, true},
	{FormPartialFractions, `-\frac{2}{3\left(x + 3\right)} - \frac{4}{3\left(x - 3\right)}`, `\frac{4}{3(3-x)} - \frac{2}{3x+9}`, true},
	{FormPartialFractions, `-\frac{2}{3\left(x + 3\right)} - \frac{4}{3\left(x - 3\right)}`, `\frac{-2x - 2}{x^{2} - 9}`, false},
	{FormPartialFractions, `-\frac{2}{3\left(x + 3\right)} - \frac{4}{3\left(x - 3\right)}`, `\frac{-2(x+1)}{(x+3)(x-3)}`, false},
	{FormPartialFractions, `\frac{1}{x - 1} + \frac{2}{\left(x - 1\right)^{2}}`, `\frac{2}{x^2-2x+1} + \frac{1}{x-1}`, true},
	{FormPartialFractions, `\frac{1}{x - 1} + \frac{2}{\left(x - 1\right)^{2}}`, `\frac{x+1}{(x-1)^2}`, false},
	{FormPartialFractions, `\frac{1}{x - 1} + \frac{2}{\left(x - 1\right)^{2}}`, `\frac{1}{2(x-1)} + \frac{1}{2(x-1)} + \frac{2}{(x-1)^2}`, false},
	{FormPartialFractions, `\frac{x}{x^{2} + 1} + \frac{1}{x - 2}`, `\frac{1}{x-2} + \frac{x}{1 + x^2}`, true},
	// completed square
	{FormCompletedSquare, `2\left(x + 2\right)^{2} - 8`, `-8 + 2(x+2)^2`, true},
	{FormCompletedSquare, `2\left(x + 2\right)^{2} - 8`, `2\left(x - (-2)\right)^{2} + (-8)`, true},
	{FormCompletedSquare, `2\left(x + 2\right)^{2} - 8`, `2x^{2} + 8x`, false},
	{FormCompletedSquare, `2\left(x + 2\right)^{2} - 8`, `2(x^2+4x+4) - 8`, false},
	{FormCompletedSquare, `2\left(x + 2\right)^{2} - 8`, `\frac{1}{2}(2x+4)^2 - 8`, false},
	{FormCompletedSquare, `2\left(x + 2\right)^{2} - 8`, `2(x+2)^2 - 6 - 2`, false},
	{FormCompletedSquare, `-\left(x - 3\right)^{2} + 5`, `5 - (3 - x)^2`, true},
	{FormCompletedSquare, `\left(x - \frac{3}{2}\right)^{2} + \frac{7}{4}`, `(x - 1.5)^2 + 1.75`, true},
	{FormCompletedSquare, `\left(x - \frac{3}{2}\right)^{2} + \frac{7}{4}`, `\frac{(2x-3)^2}{4} + \frac{7}{4}`, false},
	// radical
	{FormRadical, `7\sqrt{11}`, `\sqrt{11} \cdot 7`, true},
	{FormRadical, `7\sqrt{11}`, `\sqrt{539}`, false},
	{FormRadical, `7\sqrt{11}`, `\sqrt{49}\sqrt{11}`, false},
	{FormRadical, `7\sqrt{11}`, `\sqrt{49 \cdot 11}`, false},
	{FormRadical, `3\sqrt[3]{2}`, `3 \cdot 2^{1/3}`, true},
	{FormRadical, `3\sqrt[3]{2}`, `\sqrt[3]{54}`, false},
	{FormRadical, `-\frac{3\sqrt{5}}{11} + \frac{12}{11}`, `\frac{12 - 3\sqrt{5}}{11}`, true},
	{FormRadical, `-\frac{3\sqrt{5}}{11} + \frac{12}{11}`, `\frac{12}{11} - \frac{3}{11}\sqrt{5}`, true},
	{FormRadical, `-\frac{3\sqrt{5}}{11} + \frac{12}{11}`, `\frac{-3}{-\sqrt{5} - 4}`, false},
	{FormRadical, `\frac{\sqrt{6}}{3}`, `\frac{2}{\sqrt{6}}`, false},
	{FormRadical, `\frac{\sqrt{6}}{3}`, `\sqrt{\frac{2}{3}}`, false},
	{FormRadical, `4\sqrt{65}`, `\sqrt{1040}`, false},
	{FormRadical, `5`, `\left|\left(1 + 2i\right)\left(-1 + 2i\right)\right|`, false},
	{FormRadical, `\sqrt{2} + \sqrt{3}`, `\sqrt{3} + \sqrt{2}`, true},
	{FormRadical, `2\sqrt{2}`, `\sqrt{2} + \sqrt{2}`, false},
	// numeral and fraction
	{FormNumeral, `\frac{61}{24}`, `61/24`, true},
	{FormNumeral, `\frac{61}{24}`, `\dfrac{61}{24}`, true},
	{FormNumeral, `\frac{61}{24}`, `2.5417`, true},
	{FormNumeral, `\frac{61}{24}`, `\frac{7}{8} + \frac{5}{3}`, false},
	{FormNumeral, `\frac{61}{24}`, `\frac{122}{48}`, false},
	{FormNumeral, `-\frac{3}{2}`, `\frac{-3}{2}`, true},
	{FormNumeral, `-\frac{3}{2}`, `-1.5`, true},
	{FormNumeral, `8575`, `\operatorname{lcm}(1225, 1715)`, false},
	{FormNumeral, `8575`, `5^{2} \cdot 7^{3}`, false},
	{FormNumeral, `48`, `18^{186} \bmod 66`, false},
	{FormNumeral, `84`, `\binom{9}{3}`, false},
	{FormNumeral, `84`, `\frac{9!}{3!\,6!}`, false},
	{FormNumeral, `152.72`, `0.46 \cdot 332`, false},
	{FormNumeral, `152.72`, `152.72`, true},
	{FormNumeral, `\begin{pmatrix}4 & 1 \\ -7 & 3\end{pmatrix}`, `\begin{bmatrix}4&1\\-7&3\end{bmatrix}`, true},
	{FormNumeral, `\begin{pmatrix}4 & 1 \\ -7 & 3\end{pmatrix}`, `\begin{pmatrix}-2 & -3 & 0 \\ -1 & -2 & -3\end{pmatrix}\begin{pmatrix}-2 & -2 \\ 0 & 1 \\ 3 & -1\end{pmatrix}`, false},
	{FormNumeral, `\begin{pmatrix}4 & 1 \\ -7 & 3\end{pmatrix}`, `\begin{pmatrix}2+2 & 1 \\ -7 & 3\end{pmatrix}`, false},
	{FormFraction, `\frac{31}{4}`, `31/4`, true},
	{FormFraction, `\frac{31}{4}`, `7\frac{3}{4}`, false},
	{FormFraction, `\frac{31}{4}`, `7.75`, false},
	{FormFraction, `\frac{31}{4}`, `2\frac{1}{2} + 5\frac{1}{4}`, false},
	// prime factorization
	{FormPrimeFactorization, `2^{3} \cdot 3 \cdot 5`, `2 \cdot 2 \cdot 2 \cdot 3 \cdot 5`, true},
	{FormPrimeFactorization, `2^{3} \cdot 3 \cdot 5`, `5 \times 3 \times 2^3`, true},
	{FormPrimeFactorization, `2^{3} \cdot 3 \cdot 5`, `120`, false},
	{FormPrimeFactorization, `2^{3} \cdot 3 \cdot 5`, `8 \cdot 15`, false},
	{FormPrimeFactorization, `2^{3} \cdot 3 \cdot 5`, `2^{3} \cdot 15`, false},
	// rectangular
	{FormRectangular, `-\frac{8}{5} - \frac{1}{5}i`, `-\frac{1}{5}i - \frac{8}{5}`, true},
	{FormRectangular, `-\frac{8}{5} - \frac{1}{5}i`, `\frac{-8 - i}{5}`, true},
	{FormRectangular, `-\frac{8}{5} - \frac{1}{5}i`, `-1.6 - 0.2i`, true},
	{FormRectangular, `-\frac{8}{5} - \frac{1}{5}i`, `-\frac{8}{5} - \frac{i}{5}`, true},
	{FormRectangular, `-\frac{8}{5} - \frac{1}{5}i`, `\frac{-2 + 3i}{1 - 2i}`, false},
	{FormRectangular, `5 - 12i`, `\left(-3 + 2i\right)^{2}`, false},
	{FormRectangular, `5 - 12i`, `9 - 4 - 12i`, false},
	{FormRectangular, `\frac{1}{2} + \frac{\sqrt{3}}{2}i`, `\frac{1 + i\sqrt{3}}{2}`, true},
	{FormRectangular, `\frac{1}{2} + \frac{\sqrt{3}}{2}i`, `\cos\frac{\pi}{3} + i \sin\frac{\pi}{3}`, false},
	{FormRectangular, `\frac{1}{2} + \frac{\sqrt{3}}{2}i`, `e^{i\pi/3}`, false},
	{FormRectangular, `12i`, `\sqrt{-144}`, false},
	// polar
	{FormPolar, `\cos \frac{7\pi}{5} + i\sin \frac{7\pi}{5}`, `\cos\left(\frac{7\pi}{5}\right) + i \sin\left(\frac{7\pi}{5}\right)`, true},
	{FormPolar, `\cos \frac{7\pi}{5} + i\sin \frac{7\pi}{5}`, `\sin\frac{7}{5}\pi \cdot i + \cos\frac{7}{5}\pi`, true},
	{FormPolar, `\cos \frac{7\pi}{5} + i\sin \frac{7\pi}{5}`, `e^{7\pi i/5}`, false},
	{FormPolar, `\cos \frac{7\pi}{5} + i\sin \frac{7\pi}{5}`, `\cos\frac{17\pi}{5} + i\sin\frac{17\pi}{5}`, false},
	{FormPolar, `\cos \frac{7\pi}{5} + i\sin \frac{7\pi}{5}`, `\cos\left(-\frac{3\pi}{5}\right) + i \sin\left(-\frac{3\pi}{5}\right)`, false},
	{FormPolar, `\cos \frac{7\pi}{5} + i\sin \frac{7\pi}{5}`, `\left(\cos \frac{7\pi}{10} + i\sin \frac{7\pi}{10}\right)^{2}`, false},
	{FormPolar, `32\left(\cos \frac{\pi}{2} + i\sin \frac{\pi}{2}\right)`, `2^{5}\left(\cos\frac{\pi}{2} + i\sin\frac{\pi}{2}\right)`, true},
	{FormPolar, `32\left(\cos \frac{\pi}{2} + i\sin \frac{\pi}{2}\right)`, `32i`, false},
	{FormPolar, `32\left(\cos \frac{\pi}{2} + i\sin \frac{\pi}{2}\right)`, `-32\left(\cos\frac{3\pi}{2} + i\sin\frac{3\pi}{2}\right)`, false},
	// positive exponents
	{FormPositiveExponents, `\frac{16y^{3}}{x^{2}}`, `16y^3/x^2`, true},
	{FormPositiveExponents, `\frac{16y^{3}}{x^{2}}`, `16\frac{y^{3}}{x^{2}}`, true},
	{FormPositiveExponents, `\frac{16y^{3}}{x^{2}}`, `16x^{-2}y^{3}`, false},
	{FormPositiveExponents, `\frac{16y^{3}}{x^{2}}`, `\frac{\left(4y^{2}\right)^{2}}{x^{2}y}`, false},
	{FormPositiveExponents, `\frac{16y^{3}}{x^{2}}`, `\frac{16y^4}{x^2 y}`, false},
	{FormPositiveExponents, `-\frac{1}{4}x^{6}y^{5}z^{13}`, `\frac{-x^{6}y^{5}z^{13}}{4}`, true},
	// slope-intercept
	{FormSlopeIntercept, `y = 2x - 8`, `y = -8 + 2x`, true},
	{FormSlopeIntercept, `y = 2x - 8`, `2x - 8 = y`, true},
	{FormSlopeIntercept, `y = 2x - 8`, `y - 0 = 2(x - 4)`, false},
	{FormSlopeIntercept, `y = 2x - 8`, `2x - y = 8`, false},
	{FormSlopeIntercept, `y = 2x - 8`, `y = 2(x - 4)`, false},
	{FormSlopeIntercept, `y = \frac{1}{3}x + 2`, `y = \frac{x}{3} + 2`, true},
	// interval
	{FormInterval, `\left(-\infty, \frac{1}{4}\right]`, `(-\infty, 1/4]`, true},
	{FormInterval, `\left(-\infty, \frac{1}{4}\right]`, `x \in \left(-\infty, \frac{1}{4}\right]`, true},
	{FormInterval, `\left(-\infty, \frac{1}{4}\right]`, `x \le \frac{1}{4}`, false},
	{FormInterval, `\left(-\infty, \frac{1}{4}\right]`, `4x + 4 \le 5`, false},
	{FormInterval, `\left(-\infty, -4\right) \cup \left(2, \infty\right)`, `(2, \infty) \cup (-\infty, -4)`, true},
	// exact
	{FormExact, `4\pi`, `4\pi`, true},
	{FormExact, `4\pi`, `12.566`, false},
	{FormExact, `e^{-4}`, `\frac{1}{e^{4}}`, true},
	{FormExact, `e^{-4}`, `0.018316`, false},
	{FormExact, `-\sqrt{13} + 3, \sqrt{13} + 3`, `3 - \sqrt{13}, 3 + \sqrt{13}`, true},
	{FormExact, `-\sqrt{13} + 3, \sqrt{13} + 3`, `-0.60555, 6.6056`, false},
}

// TestFormCases: hand-written answers equal in value are Correct in the
// asked form and Wrong, with the form's reason, out of it.
func TestFormCases(t *testing.T) {
	ctx := context.Background()
	for _, c := range formCases {
		reply := GoldReply(c.cand)
		if v := answer.Grade(Policy, c.gold, reply, ""); v.Kind != answer.Correct {
			t.Errorf("%s: %q is not equal in value to %q (%s: %s): the case tests nothing", c.form, c.cand, c.gold, v.Kind, v.Reason)
			continue
		}
		if why, err := CheckAnswerForm(c.form, c.gold); why != "" || err != nil {
			t.Errorf("%s: the gold %q is not in form: %s %v", c.form, c.gold, why, err)
		}
		v := GradeForm(ctx, c.form, c.gold, reply, "")
		switch {
		case c.ok && v.Kind != answer.Correct:
			t.Errorf("%s: %q against %q: %s (%s), want correct", c.form, c.cand, c.gold, v.Kind, v.Reason)
		case !c.ok && (v.Kind != answer.Wrong || !strings.Contains(v.Reason, "not in the asked form: "+string(c.form))):
			t.Errorf("%s: %q against %q: %s (%s), want wrong for its form", c.form, c.cand, c.gold, v.Kind, v.Reason)
		}
	}
}

var mathSeg = regexp.MustCompile(`\$([^$]+)\$`)

// segments returns the math of a problem text, in order.
func segments(problem string) []string {
	var out []string
	for _, m := range mathSeg.FindAllStringSubmatch(problem, -1) {
		out = append(out, m[1])
	}
	return out
}

var intRe = regexp.MustCompile(`-?\d+`)

// echoes builds, for each module with a form, the question's own
// expression as an answer (equal in value to the gold one, for most
// problems): its first formula by default, the question restated in the
// notation the grader evaluates, or for the exact forms the gold value
// rounded to 12 significant digits (which MATH's policy accepts by value).
var echoes = map[string]func(r Record) string{
	"function_composition": func(r Record) string {
		s := segments(r.Problem) // f(x) = F, g(x) = G
		f := strings.TrimPrefix(s[0], "f(x) = ")
		g := strings.TrimPrefix(s[1], "g(x) = ")
		return strings.ReplaceAll(f, "x", `\left(`+g+`\right)`)
	},
	"gcd_lcm": func(r Record) string {
		s := segments(r.Problem)
		if strings.Contains(r.Problem, "least common multiple") {
			return `\operatorname{lcm}(` + s[0] + ", " + s[1] + ")"
		}
		return `\gcd(` + s[0] + ", " + s[1] + ")"
	},
	"modular_exponentiation": func(r Record) string {
		s := segments(r.Problem)
		return s[0] + ` \bmod ` + s[1]
	},
	"counting_arrangements": func(r Record) string {
		s := segments(r.Problem) // k of n
		if strings.Contains(r.Problem, "arranged") {
			return `\frac{` + s[1] + `!}{\left(` + s[1] + " - " + s[0] + `\right)!}`
		}
		return `\binom{` + s[1] + "}{" + s[0] + "}"
	},
	"percent_of": func(r Record) string {
		s := segments(r.Problem)
		return `\frac{` + strings.TrimSuffix(s[0], `\%`) + `}{100} \cdot ` + s[1]
	},
	"line_through_points": func(r Record) string {
		s := segments(r.Problem)
		p1, p2 := intRe.FindAllString(s[0], -1), intRe.FindAllString(s[1], -1)
		return `y - \left(` + p1[1] + `\right) = \frac{` + p2[1] + ` - \left(` + p1[1] + `\right)}{` + p2[0] + ` - \left(` + p1[0] + `\right)}\left(x - \left(` + p1[0] + `\right)\right)`
	},
}

// roundedEcho is the gold value rounded to 12 significant digits (each
// item of a list), or "" when a value does not print as a plain decimal.
func roundedEcho(t *testing.T, gold string) string {
	n, err := latex.Parse(gold)
	if err != nil {
		t.Fatal(err)
	}
	items := []expr.Node{n}
	if l, ok := n.(*expr.List); ok {
		items = l.Items
	}
	var parts []string
	for _, it := range items {
		v, err := expr.Eval(context.Background(), it, 80, nil, expr.EvalOptions{})
		if err != nil {
			t.Fatalf("%s: %v", gold, err)
		}
		s := v.Re.Text('g', 12)
		if strings.ContainsAny(s, "e") {
			return ""
		}
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// reversed writes a tree's sums, products and equations in reverse order.
func reversed(n expr.Node) expr.Node {
	switch t := n.(type) {
	case *expr.Add:
		out := &expr.Add{}
		for i := len(t.Terms) - 1; i >= 0; i-- {
			out.Terms = append(out.Terms, reversed(t.Terms[i]))
		}
		return out
	case *expr.Mul:
		out := &expr.Mul{}
		for i := len(t.Factors) - 1; i >= 0; i-- {
			out.Factors = append(out.Factors, reversed(t.Factors[i]))
		}
		return out
	case *expr.Neg:
		return &expr.Neg{X: reversed(t.X)}
	case *expr.Pow:
		return &expr.Pow{Base: reversed(t.Base), Exp: t.Exp}
	case *expr.SetOp:
		out := &expr.SetOp{Op: t.Op}
		for i := len(t.Args) - 1; i >= 0; i-- {
			out.Args = append(out.Args, t.Args[i])
		}
		return out
	case *expr.Rel:
		if len(t.Sides) == 2 && t.Ops[0] == "=" {
			return &expr.Rel{Sides: []expr.Node{reversed(t.Sides[1]), reversed(t.Sides[0])}, Ops: t.Ops}
		}
	}
	return n
}

// TestFormModulesGenerated: for every module with a form, over 50
// generated problems, the gold reply is Correct, so are the gold answer
// printed back by expr (\cdot, \frac, \left( everywhere) and the same
// with its sums and products reversed; the question's own expression
// (see echoes) is never Correct, and for every module some of those
// echoes are equal in value, so that the form is what refuses them.
func TestFormModulesGenerated(t *testing.T) {
	b := New()
	ctx := context.Background()
	n := 20
	if v, err := strconv.Atoi(os.Getenv("AMPS_FORM_N")); err == nil && v > 0 {
		n = v // a larger sample: AMPS_FORM_N=500
	}
	if testing.Short() {
		n = 15
	}
	for _, m := range Modules() {
		if m.Form == FormNone {
			continue
		}
		t.Run(m.Name, func(t *testing.T) {
			recs, _, err := Generate(ctx, Options{Modules: []*Module{m}, N: n, Seed: 11, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			valueEqual := 0
			for i, it := range Items(recs) {
				r := recs[i]
				if f, _ := itemForm(it); f != m.Form || r.Form != m.Form {
					t.Fatalf("%s: item form %q, record form %q, module form %q", it.ID, f, r.Form, m.Form)
				}
				if v := b.Grade(ctx, it, b.GoldReply(it), ""); v.Kind != answer.Correct {
					t.Fatalf("%s: the gold reply grades %s (%s)", it.ID, v.Kind, v.Reason)
				}
				parsed := latex.MustParse(r.Answer)
				for _, alt := range []string{parsed.String(), reversed(parsed).String()} {
					if v := b.Grade(ctx, it, GoldReply(alt), ""); v.Kind != answer.Correct {
						t.Errorf("%s: %q, another writing of the gold %q, grades %s (%s)", it.ID, alt, r.Answer, v.Kind, v.Reason)
					}
				}
				var echo string
				switch f := echoes[m.Name]; {
				case f != nil:
					echo = f(r)
				case m.Form == FormExact:
					echo = roundedEcho(t, r.Answer)
				default:
					echo = segments(r.Problem)[0]
				}
				if echo == "" {
					continue
				}
				v := b.Grade(ctx, it, GoldReply(echo), "")
				if v.Kind == answer.Correct {
					t.Errorf("%s: the question's own %q grades correct against %q (%s)", it.ID, echo, r.Answer, v.Reason)
				}
				if answer.Grade(Policy, r.Answer, GoldReply(echo), "").Kind == answer.Correct {
					valueEqual++
					if !strings.Contains(v.Reason, "not in the asked form") {
						t.Errorf("%s: %q is equal in value but graded %s (%s)", it.ID, echo, v.Kind, v.Reason)
					}
				}
			}
			if valueEqual == 0 {
				t.Errorf("no echo of the %d problems is equal in value: the test tests nothing", len(recs))
			}
			t.Logf("%d of %d echoes equal in value, all refused by the form", valueEqual, len(recs))
		})
	}
}

// declaredForms is every module's form other than none (the survey of
// issue 16's forms); every other module asks for the value alone.
var declaredForms = map[string]Form{
	"complete_square": FormCompletedSquare, "complex_division": FormRectangular, "complex_power": FormRectangular,
	"de_moivre": FormRectangular, "complex_modulus": FormRadical, "de_moivre_polar": FormPolar,
	"function_composition": FormExpanded, "poly_expand": FormExpanded, "poly_factor": FormFactored,
	"partial_fractions": FormPartialFractions, "quadratic_inequality": FormInterval, "linear_inequality": FormInterval,
	"radical_simplify": FormRadical, "rationalize_denominator": FormRadical, "rational_simplify": FormLowestTerms,
	"entropy": FormExact, "kl_divergence": FormExact, "poisson_probability": FormExact, "regular_polygon_area": FormExact,
	"sector": FormExact, "solid_volume": FormExact, "quadratic_formula": FormExact, "matrix_product": FormNumeral,
	"gcd_lcm": FormNumeral, "modular_exponentiation": FormNumeral, "prime_factorization": FormPrimeFactorization,
	"counting_arrangements": FormNumeral, "percent_of": FormNumeral, "fraction_add": FormNumeral,
	"fraction_multiply": FormNumeral, "order_of_operations": FormNumeral, "mixed_numbers": FormFraction,
	"exponent_rules": FormPositiveExponents, "line_through_points": FormSlopeIntercept,
}

func TestModuleForms(t *testing.T) {
	used := map[Form]bool{}
	for _, m := range Modules() {
		if m.Form != declaredForms[m.Name] {
			t.Errorf("module %s declares the form %s, want %s", m.Name, m.Form, declaredForms[m.Name].String())
		}
		used[m.Form] = true
	}
	for _, f := range Forms() {
		if !used[f] {
			t.Errorf("no module uses the form %s", f)
		}
		if g, err := ParseForm(f.String()); err != nil || g != f || f.Doc() == "" {
			t.Errorf("form %s: parse %v %v, doc %q", f, g, err, f.Doc())
		}
	}
	if _, err := ParseForm("factorised"); err == nil || !strings.Contains(err.Error(), "factored") {
		t.Errorf("an unknown form: %v", err)
	}
}

// TestFormInFilesAndItems: gen writes each record's form, Items carries it
// (or, for a record without one, its module's) to Grade, data check
// refuses a record whose form was changed, and an item with an unknown
// form is an error, not a verdict on the reply.
func TestFormInFilesAndItems(t *testing.T) {
	mods, _ := Select([]string{"poly_factor,poly_gcd"})
	path, recs := writeSet(t, Options{Modules: mods, N: 2, Seed: 5})
	text := string(mustRead(t, path))
	if strings.Count(text, `"form":"factored"`) != 2 || strings.Count(text, `"form"`) != 2 {
		t.Fatalf("forms in the file:\n%s", text)
	}
	b := New()
	items, _, err := b.Load(context.Background(), path, bench.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	echo := GoldReply(segments(recs[0].Problem)[0])
	if v := b.Grade(context.Background(), items[0], echo, ""); v.Kind != answer.Wrong {
		t.Fatalf("the question's own polynomial: %s (%s)", v.Kind, v.Reason)
	}
	old := items[0]
	old.Extra = nil // a record written before forms: its module's form
	if v := b.Grade(context.Background(), old, echo, ""); v.Kind != answer.Wrong {
		t.Fatalf("without the extra: %s (%s)", v.Kind, v.Reason)
	}
	old.Extra = map[string]any{"form": "factorised"}
	if v := b.Grade(context.Background(), old, echo, ""); v.Kind != answer.Error || !strings.Contains(v.Reason, "factorised") {
		t.Fatalf("an unknown form: %s (%s)", v.Kind, v.Reason)
	}

	lines := strings.Split(strings.TrimSpace(text), "\n")
	lines[0] = strings.Replace(lines[0], `,"form":"factored"`, ``, 1)
	lines[1] = strings.Replace(lines[1], `"form":"factored"`, `"form":"expanded"`, 1)
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	rep, err := Check(context.Background(), bad)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Failures) != 2 || !strings.Contains(rep.Failures[0].Reason, "form") || !strings.Contains(rep.Failures[1].Reason, `"expanded"`) {
		t.Fatalf("changed forms not caught: %+v", rep.Failures)
	}
	os.WriteFile(bad, []byte(strings.Replace(lines[1], `"form":"expanded"`, `"form":"factorised"`, 1)+"\n"), 0o644)
	if _, err := Check(context.Background(), bad); err == nil || !strings.Contains(err.Error(), "bad.jsonl:1") {
		t.Fatalf("an unknown form in a file: %v", err)
	}
}

// TestEchoCheck: a problem whose own expression is already in the asked
// form is degenerate (dropped); one that is not passes.
func TestEchoCheck(t *testing.T) {
	if err := echoCheck("x^{2}", FormFactored); err == nil || !strings.Contains(err.Error(), "degenerate") {
		t.Fatalf("x^2 to factor: %v", err)
	}
	if err := echoCheck(`x^{2} - 1`, FormFactored); err != nil {
		t.Fatal(err)
	}
	if err := echoCheck(`x^{2} - 1`, FormNone); err != nil {
		t.Fatal(err)
	}
	if err := echoCheck(`\frac{`, FormFactored); err == nil || !strings.Contains(err.Error(), "does not parse") {
		t.Fatalf("unparsable echo: %v", err)
	}
}

// TestFormLimits: a tree past the checks' sizes is undecided, never
// right or wrong by accident.
func TestFormLimits(t *testing.T) {
	big := strings.Repeat("(x+1)", 3000)
	if _, err := CheckAnswerForm(FormFactored, big); err == nil {
		t.Fatal("a 3000-factor product was decided")
	}
	if why, err := CheckAnswerForm(FormLowestTerms, `\frac{(x+1)^{200}}{(x+2)^{200}}`); why != "" || err == nil {
		t.Fatalf("degree 400: %q %v", why, err)
	}
	if why, err := CheckAnswerForm(FormRadical, `\sqrt{123456789012345678901234567890}`); err == nil {
		t.Fatalf("a 30-digit radicand: %q", why)
	}
	v := GradeForm(context.Background(), FormLowestTerms, `\frac{(x+1)^{200}}{(x+2)^{200}}`, GoldReply(`\frac{(x+1)^{200}}{(x+2)^{200}}`), "")
	if v.Kind != answer.Undecided {
		t.Fatalf("past the limits: %s (%s)", v.Kind, v.Reason)
	}
}

// FuzzCheckAnswerForm: no answer text makes a form check panic or hang.
func FuzzCheckAnswerForm(f *testing.F) {
	for _, c := range formCases {
		f.Add(string(c.form), c.cand)
	}
	f.Fuzz(func(t *testing.T, form, text string) {
		fm, err := ParseForm(form)
		if err != nil {
			return
		}
		CheckAnswerForm(fm, text)
	})
}
