package answer

import (
	"strings"
	"testing"
)

// FuzzExtract checks that extraction never panics (Extract does not
// recover), that grading never reaches its internal-error boundary (an Error
// verdict, which this target reports) and that candidate positions lie in the
// reply.
// Run by hand: go test ./answer -run XXX -fuzz FuzzExtract -fuzztime 10m
// The seed corpus is in testdata/fuzz/FuzzExtract.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		"", "\\boxed{", "\\boxed{\\frac{1}{2}}", "$x$ and $y$", "<think>", "</think>", "The final answer is $5$. I hope it is correct.",
		"\\boxed 5", "ANSWER: 1,000", "Problem:\nQ:", "<|im_start|>user", "-(1/3)", "9:03:36 a.m.", "1e999999999", "1.5\\times10^{400}",
		"\\\\boxed{\\\\frac{1}{2}", "$\\fbox{$1$}$", "The answer is \\\"$12$ and $13$\\\"", "**Answer:** **", "7 3/4", "3:4; 5 (apples)",
		"3\\,\\mathrm{m\\,s^{-1}}", "9.8\\,\\mathrm{m}\\,\\mathrm{s}^{-2}", "1\\text{ KiB}", "The answer is 12!", "B) 12",
		"\\textbf{(B)}\\ 12", "**12**!",
	} {
		f.Add(s, "stop")
	}
	f.Add("The answer is 5", "length")
	f.Fuzz(func(t *testing.T, reply, finish string) {
		for _, p := range []Policy{MATH, MATH401, MATH401Division, ASDiv} {
			ex := Extract(reply, p.Extraction)
			for _, c := range ex.Candidates {
				if c.Pos < 0 || c.End > len(reply) || c.Pos > c.End {
					t.Fatalf("%s: candidate %+v out of the reply (len %d)", p.Name, c, len(reply))
				}
			}
			v := Grade(p, "5", reply, finish)
			if v.Kind == Error && finish != "error" {
				t.Fatalf("%s: grading failed on %q: %s", p.Name, reply, v.Reason)
			}
			if v.Score < 0 || v.Score > 1 {
				t.Fatalf("%s: score %v", p.Name, v.Score)
			}
			// The gold side may be anything too.
			if v := Equivalent(p, reply, "5"); v.Kind == Error && strings.HasPrefix(v.Reason, "internal error") {
				t.Fatalf("%s: grading the gold side failed on %q: %s", p.Name, reply, v.Reason)
			}
		}
	})
}
