package amps

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// TestLintRules: each rule finds its defect and passes the correct writing.
func TestLintRules(t *testing.T) {
	bad := map[string]string{
		"frac-over-one":    `Solve $\frac{2}{18} = \frac{x}{1}$.`,
		"empty-group":      `So $\frac{5!}{} = 120$.`,
		"article":          `Find the area of a equilateral triangle.`,
		"times-one":        `Then $x^{3\cdot 1 - 5} = x^{-2}$.`,
		"power-one":        `We get $e^{1}$.`,
		"equals-in-prose":  `The polynomial is $x^{2} - 5$ = $x^{2}$.`,
		"coefficient-one":  `Row reduce $A - 1I$.`,
		"sign-after-sign":  `It is $x^{2} + -3x$.`,
		"restated-step":    `So $\frac{8}{11} = \frac{8}{11}$.`,
		"ellipsis-of-two":  `Write it as $\left(v_{1}, \ldots, v_{2}\right)$.`,
		"repeated-formula": `So $y = 60x + 115$, that is $y = 60x + 115$.`,
	}
	for rule, text := range bad {
		fs := Lint(Record{Problem: "p", Solution: text + "\n\nThe answer is $\\boxed{1}$.", Answer: "1"})
		found := false
		for _, f := range fs {
			if f.Rule == rule {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: %q: not found (findings %v)", rule, text, fs)
		}
		if _, ok := LintRules[rule]; !ok {
			t.Errorf("%s is not documented in LintRules", rule)
		}
	}
	good := []string{
		`Evaluate $\int_{0}^{1} x\,dx$ and $\binom{7}{1}$ and $\left. x^{2}\right|_{0}^{1}$.`,
		`Euclid: $17 = 8\cdot 2 + 1$, $2 = 2\cdot 1 + 0$, and $500\cdot 1.04^{2}$ and $\left(-2\right)\cdot 1 = -2$.`,
		`Compute $15\frac{5}{8} + 1\frac{4}{7}$ and $x - 1$ and $v_{1} + 10x$.`,
		`Find an equation of a line through an integer point; $a = b$ and $x \le -1$.`,
		`The roots $r_{1}, r_{2}$; vectors $\left(v_{1}, \ldots, v_{3}\right)$; $a_{n} = a_{1} + (n - 1)d$.`,
	}
	for _, text := range good {
		if fs := Lint(Record{Problem: text, Solution: "The answer is $\\boxed{1}$.", Answer: "1"}); len(fs) > 0 {
			t.Errorf("%q: findings %v", text, fs)
		}
	}
	two := Record{Problem: "p", Solution: "Step $a = 1$.\n\nStep $a = 1$.\n\nThe answer is $\\boxed{1}$.", Answer: "1"}
	if fs := Lint(two); len(fs) != 1 || fs[0].Rule != "restated-step" {
		t.Errorf("a step equal to the previous one: findings %v", fs)
	}
}

// TestLintSample lints the shared sample of every module (levels 1-5 in
// turn, train, interpolate and extrapolate) and requires no lint finding;
// AMPS_LINT_N=n (or AMPS_LINT_MODULES) generates its own sample of n per
// module instead, train and extrapolate. The 100k sample of the acceptance
// run: AMPS_LINT_N=250 with -timeout 30m.
func TestLintSample(t *testing.T) {
	n := 0
	if s := os.Getenv("AMPS_LINT_N"); s != "" {
		fmt.Sscan(s, &n)
	}
	mods := Modules()
	if s := os.Getenv("AMPS_LINT_MODULES"); s != "" {
		var err error
		if mods, err = Select([]string{s}); err != nil {
			t.Fatal(err)
		}
	}
	total := 0
	byKey := map[string]int{}
	example := map[string]string{}
	splits := []string{Train, Interpolate, Extrapolate}
	if n > 0 || len(mods) < len(Modules()) {
		splits = []string{Train, Extrapolate}
		if n == 0 {
			n = sampleN()
		}
	}
	for _, split := range splits {
		var recs []Record
		if n == 0 {
			recs, _ = sample(t, split)
		} else {
			var err error
			if recs, _, err = Generate(context.Background(), Options{Modules: mods, N: n, Seed: 3, Split: split}); err != nil {
				t.Fatal(err)
			}
		}
		total += len(recs)
		for _, r := range recs {
			for _, f := range Lint(r) {
				k := f.Rule + " " + r.Module
				byKey[k]++
				if _, ok := example[k]; !ok {
					example[k] = r.UniqueID + ": " + f.Excerpt
				}
			}
		}
	}
	var ks []string
	for k := range byKey {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var lines []string
	for _, k := range ks {
		lines = append(lines, fmt.Sprintf("%s: %d, e.g. %s", k, byKey[k], example[k]))
	}
	if len(lines) > 0 {
		t.Errorf("%d records, findings in %d rule/module pairs:\n%s", total, len(lines), strings.Join(lines, "\n"))
	}
	t.Logf("linted %d records", total)
}

// TestDifficultyProxy: the proxy counts the mathematics of the problem and
// the steps, not the final sentence or the prose.
func TestDifficultyProxy(t *testing.T) {
	r := Record{Problem: "Compute $1 + 2$ now.", Solution: "First $1 + 2 = 3$.\n\nThe answer is $\\boxed{3}$."}
	if got := DifficultyProxy(r); got != 3+5 {
		t.Errorf("proxy %v, want 8 (1+2 and 1+2=3 without spaces)", got)
	}
	r.Solution = "The answer is $\\boxed{3}$."
	if got := DifficultyProxy(r); got != 3 {
		t.Errorf("proxy %v without steps, want 3", got)
	}
}
