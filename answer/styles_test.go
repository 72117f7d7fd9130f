package answer

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/matheval/matheval/equiv"
)

// Replies in the styles of current model families, each with the answer
// that must be extracted and the verdict kind it must get. Golds equal the
// expected extraction as strings, so these hold with any engine.
func TestReplyStyles(t *testing.T) {
	cases := []struct {
		name, gold, reply, finish string
		want                      Kind
		extracted                 string
	}{
		{"boxed then self-corrected box", "7",
			"We get $x = 5$, so the answer is $\\boxed{5}$.\n\nWait, I dropped a term. Redoing it: $x = 7$.\n\nSo the answer is \\boxed{7}.", "stop", Correct, "7"},
		{"boxed then self-corrected phrase", "7",
			"Thus $\\boxed{5}$. Hmm, checking again, that is wrong: the final answer is 7.", "stop", Correct, "7"},
		{"Minerva final answer", `\frac{3}{4}`,
			"We have $p = 3/4$.\nFinal Answer: The final answer is $\\frac{3}{4}$. I hope it is correct.", "stop", Correct, `\frac{3}{4}`},
		{"Minerva plain", "34",
			"So n = 34 works.\nFinal Answer: The final answer is 34. I hope it is correct.", "stop", Correct, "34"},
		{"remark after the box (MATH train/prealgebra/1593)", `\frac{9}{35}`,
			"So the difference is $\\boxed{\\frac{9}{35}}$. The answer is in simplest form.", "stop", Correct, `\frac{9}{35}`},
		{"remark after the box (MATH train/prealgebra/1393)", "80",
			"Rounding gives $\\boxed{80}$.\n\nNote: rounding before the final answer is a common one.", "stop", Correct, "80"},
		{"word answer after an anchor still counts", `\text{neither}`,
			"Neither identity holds, so the answer is neither.", "stop", Correct, "neither"},
		{"markdown bold answer", "42", "Adding up:\n\n**Answer:** 42", "stop", Correct, "42"},
		{"markdown bold value", "42", "Adding up:\n\nAnswer: **42**", "stop", Correct, "42"},
		{"simple-evals ANSWER", "42", "6 * 7 = 42\n\nANSWER: 42", "stop", Correct, "42"},
		{"think closed", "6",
			"<think>Maybe it is \\boxed{5}? No: 2 + 4 = 6.</think>\nThe sum is $2 + 4 = 6$, so the answer is $\\boxed{6}$.", "stop", Correct, "6"},
		{"think closed, nothing after", "6", "<think>it is 6</think>\n", "stop", NoAnswer, ""},
		{"think unclosed", "4", "<think>Let me compute 2+2 = 4, so \\boxed{4}", "stop", Incomplete, ""},
		{"hallucinated next problem (Minerva)", "5",
			"Solution: $x = 5$.\nFinal Answer: The final answer is $5$. I hope it is correct.\n\nProblem:\nFind $y$ if $y + 1 = 10$.\n\nSolution: Final Answer: The final answer is $9$. I hope it is correct.", "stop", Correct, "5"},
		{"hallucinated next turn (chat tokens)", "5",
			"So $\\boxed{5}$.<|im_end|>\n<|im_start|>user\nNow solve $y+1=10$.<|im_start|>assistant\n$\\boxed{9}$", "stop", Correct, "5"},
		{"hallucinated Q: A:", "9",
			"There are 4 + 5 = 9 apples. The answer is 9.\n\nQ: Tom has 3 pens and buys 1 more. How many pens?\nA: The answer is 4.", "stop", Correct, "9"},
		{"cut at the token limit", "5", "Let us expand. We get \\boxed{5} for the first part, and then", "length", Incomplete, "5"},
		{"empty reply", "5", "", "stop", NoAnswer, ""},
		{"blank reply", "5", "  \n\t", "stop", NoAnswer, ""},
		{"request failed", "5", "", "error", Error, ""},
		{"consecutive boxes", "1, 2", "The roots are $\\boxed{1}$ and $\\boxed{2}$.", "stop", Correct, "1, 2"},
		{"boxed without braces", "5", "Hence \\boxed 5.", "stop", Correct, "5"},
		{"fbox", `\frac{1}{2}`, "So $\\fbox{$\\frac{1}{2}$}$", "stop", Correct, `\frac{1}{2}`},
		{"nested braces", `\frac{\sqrt{3}}{2}`, "Thus \\boxed{\\frac{\\sqrt{3}}{2}}.", "stop", Correct, `\frac{\sqrt{3}}{2}`},
		{"last math, no box", `\frac{9}{7}`, "Dividing, we find $r = 9/7$, that is $\\frac{9}{7}$.", "stop", Correct, `\frac{9}{7}`},
		{"last number", "2/3", "Therefore the probability that Alice wins is 2/3.", "stop", Correct, "2/3"},
		{"bare answer", `\frac{1}{2}`, `\frac{1}{2}`, "stop", Correct, `\frac{1}{2}`},
		{"sentence fragment", "5", "So 5", "stop", Correct, "5"},
		{"answer: in mid-sentence is no anchor", "44",
			"Thus $17^{-1} \\equiv \\boxed{44} \\pmod{83}$.\n\nWe may check our answer: $17 \\cdot 44 = 748 \\equiv 1$.", "stop", Correct, "44"},
		{"same answer boxed twice", "11+x", "So it is $\\boxed{x+11}$, or $\\boxed{11+x}$.", "stop", Correct, "11+x"},
		{"escaped twice", `\frac{1}{2}`, `The answer is $\\boxed{\\frac{1}{2}}$`, "stop", Correct, `\frac{1}{2}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := Grade(MATH, c.gold, c.reply, c.finish)
			if v.Kind != c.want || v.Extracted != c.extracted {
				t.Errorf("got %s extracted %q (%s); want %s extracted %q", v.Kind, v.Extracted, v.Reason, c.want, c.extracted)
			}
			if v.Reason == "" {
				t.Errorf("verdict without a reason")
			}
			if (v.Kind == Correct) != (v.Score == 1) {
				t.Errorf("score %v for %s", v.Score, v.Kind)
			}
		})
	}
}

func TestMATH401Rule(t *testing.T) {
	cases := []struct {
		group       int
		gold, reply string
		want        Kind
		relErr      float64
	}{
		{1, "7", "5 + 2 = 7", Correct, 0},
		{1, "7", "The answer is 7 (seven).", Correct, 0},
		{14, "559065.0000", "(44 + 97) = 141, 141 * 61 * 65 = 559065", Correct, 0},
		{9, "197965208", "6152×32179 = 197,965,208", Correct, 0},
		{4, "-214405254774", "-214405254775", Wrong, 1 / 214405254774.0},
		{10, "0.1928", "16/83 = 0.192771...", Correct, 0.000029},
		{10, "0.1928", "16/83", Wrong, MATH401MaxRelErr},
		{6, "2.7778", "50/18 = 25/9", Correct, math.Abs(25.0/9-2.7778) / 2.7778},
		{6, "2.7778", "2.78", Wrong, 0.0022 / 2.7778},
		{12, "160.5713", "about 1.605713e2", Correct, 0},
		{12, "160.5713", "1.605713 \\times 10^{2}", Correct, 0},
		{1, "7", "I cannot compute that.", NoAnswer, MATH401MaxRelErr},
		{1, "7", "", NoAnswer, MATH401MaxRelErr},
		{4, "1000000000000", "5", Wrong, 1},
		{1, "4", "<think>2+2</think>The result is 4.", Correct, 0},
	}
	for _, c := range cases {
		v := Grade(MATH401Group(c.group), c.gold, c.reply, "stop")
		re, ok := v.Metrics["relative_error"]
		if v.Kind != c.want || !ok || math.Abs(re-c.relErr) > 1e-6 {
			t.Errorf("group %d gold %q reply %q: got %s relerr %v (%s); want %s relerr %v",
				c.group, c.gold, c.reply, v.Kind, v.Metrics, v.Reason, c.want, c.relErr)
		}
	}
	if got := Grade(MATH401, "5", "5", "length"); got.Kind != Incomplete || got.Metrics["relative_error"] != MATH401MaxRelErr {
		t.Errorf("truncated reply: %+v", got)
	}
}

func TestASDivForms(t *testing.T) {
	cases := []struct {
		gold, reply string
		want        Kind
	}{
		{"9 (apples)", "There are 9 apples in the basket.", Correct},
		{"9 (apples)", "The answer is 9 apples.", Correct},
		{"15 (balls)", "16", Wrong},
		{"5/2", "2.5", Correct},
		{"-(1/3)", `$-\frac{1}{3}$`, Correct},
		{"3.5 (dollars)", "It costs $3.50.", Correct},
		{"2500 (dollars)", "The answer is \\$2,500.", Correct},
		{"3:4", "The ratio is 3:4.", Correct},
		{"3:4", "The ratio is 6:8.", Correct},
		{"3:4", "The ratio is 4:3.", Wrong},
		{"3:4", "3/4", Correct},
		{"12:50", "6:25", Wrong},
		{"3:30 p.m.", "She arrives at 3:30 pm.", Correct},
		{"3:30 p.m.", "She arrives at 15:30.", Correct},
		{"3:30 p.m.", "She arrives at 3:30 a.m.", Wrong},
		{"9:03:36 a.m.", "The answer is 9:03:36 AM", Correct},
		{"11:55 p.m. on 24 December 2014.", "It ends at 11:55 p.m.", Correct},
		{"Mrs. Hilt", "mrs. hilt", Correct},
		{"Mrs. Hilt", "The answer is Mrs. Hilt.", Correct},
		{"Yes", "yes", Correct},
		{"Yes", "No", Wrong},
		{"They are equal", "The answer is: they are equal.", Correct},
		{"Mrs. Hilt", "It is not Mrs. Hilt.", Wrong},
		{"50 (years old); 20 (years old)", "The father is 50 and the son is 20.", Correct},
		{"50 (years old); 20 (years old)", "The son is 20 and the father is 50.", Correct},
		{"50 (years old); 20 (years old)", "The father is 50 and the son is 25.", Wrong},
		{"9; 11; 13", "The numbers are 9, 11 and 13.", Correct},
		{"14  (seats)", "14 seats", Correct},
		{"9 (apples)", "So there are 9 apples (7 red, 2 green).", Correct},
		{"6th", "She finished sixth.", Correct},
		{"1st", "The answer is second.", Wrong},
	}
	for _, c := range cases {
		v := Grade(ASDiv, c.gold, c.reply, "stop")
		if v.Kind != c.want {
			t.Errorf("gold %q reply %q: got %s (%s, extracted %q), want %s", c.gold, c.reply, v.Kind, v.Reason, v.Extracted, c.want)
		}
	}
}

// TestPolicyPluggable shows a benchmark plugging its own comparison in, the
// way HARDMath grades regimes with partial credit.
func TestPolicyPluggable(t *testing.T) {
	p := HARDMathGeneric
	p.Compare = func(_ context.Context, gold, cand string, _ equiv.Options) Verdict {
		parts := map[string]float64{"small": 0, "large": 0}
		if strings.Contains(cand, "a") {
			parts["small"] = 1
		}
		if strings.Contains(cand, "b") {
			parts["large"] = 1
		}
		s := (parts["small"] + parts["large"]) / 2
		k := Wrong
		if s == 1 {
			k = Correct
		}
		return Verdict{Kind: k, Score: s, Parts: parts, Reason: "per-regime"}
	}
	v := Grade(p, "a; b", `\boxed{a, c}`, "stop")
	if v.Score != 0.5 || v.Parts["small"] != 1 || v.Kind != Wrong {
		t.Errorf("got %+v", v)
	}
}

func TestMATH401ExactForms(t *testing.T) {
	for _, c := range []struct {
		gold, reply string
		want        Kind
	}{
		{"0.7071", `\frac{\sqrt{2}}{2}`, Correct},
		{"0.7071", `\sin(-5.75\pi) = \frac{\sqrt{2}}{2}`, Correct},
		{"0.7071", `\frac{\sqrt{3}}{2}`, Wrong},
		{"2.7778", `\frac{25}{9}`, Correct},
	} {
		if v := Grade(MATH401, c.gold, c.reply, "stop"); v.Kind != c.want {
			t.Errorf("gold %q reply %q: %s (%s), want %s", c.gold, c.reply, v.Kind, v.Reason, c.want)
		}
	}
}

// TestMATHDecimalPolicy: class 5 of issue 21 as a policy. The MATH default
// lets a decimal stand for an exact gold that is not a terminating decimal
// only when correctly rounded with at least 4 significant digits; the rule
// is an option of the policy (WithDecimal).
func TestMATHDecimalPolicy(t *testing.T) {
	for _, c := range []struct {
		gold, reply string
		want        Kind
	}{
		{`\frac{2}{3}`, "0.6667", Correct},
		{`\frac{2}{3}`, "0.667", Wrong},
		{`\pi`, "3.1416", Correct},
		{`\pi`, "3.14", Wrong},
		{`\frac{1}{2}`, "0.5", Correct}, // exactly equal
	} {
		if v := Grade(MATH, c.gold, c.reply, "stop"); v.Kind != c.want {
			t.Errorf("MATH: gold %q reply %q: %s (%s), want %s", c.gold, c.reply, v.Kind, v.Reason, c.want)
		}
	}
	if MATH.Options.MinSigDigits != MATHMinSigDigits || HARDMathGeneric.Options.MinSigDigits != MATHMinSigDigits {
		t.Errorf("policy defaults: %+v", MATH.Options)
	}
	exact := MATH.WithDecimal(equiv.DecimalExact, 0)
	if v := Grade(exact, `\frac{2}{3}`, "0.6667", "stop"); v.Kind != Wrong {
		t.Errorf("exact decimals: %s (%s)", v.Kind, v.Reason)
	}
	loose := MATH.WithDecimal(equiv.DecimalRounded, 3)
	if v := Grade(loose, `\frac{2}{3}`, "0.667", "stop"); v.Kind != Correct {
		t.Errorf("3 digits: %s (%s)", v.Kind, v.Reason)
	}
	if _, err := DecimalRule("sometimes"); err == nil {
		t.Errorf("DecimalRule accepts an unknown name")
	}
}
