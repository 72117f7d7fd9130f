package answer

import (
	"strings"
	"testing"
)

type concludeCase struct {
	name, gold, reply string
	want              Kind
}

func runConclude(t *testing.T, policies []Policy, cases []concludeCase) {
	t.Helper()
	for _, p := range policies {
		for _, c := range cases {
			v := Grade(p, c.gold, c.reply, "stop")
			if v.Kind != c.want {
				t.Errorf("%s: %s: gold %q: got %s extracted %q (%s), want %s\n  reply: %q",
					p.Name, c.name, c.gold, v.Kind, v.Extracted, v.Reason, c.want, c.reply)
			}
		}
	}
}

// TestHedgedReplies: class 9 of issue 21. Two different final answers to a
// one-answer question are wrong whatever their order; the same answer
// repeated, and answers that together form a list gold, are fine.
func TestHedgedReplies(t *testing.T) {
	cases := []concludeCase{
		{"run, gold first", "4", `The answer is $\boxed{4}$ or $\boxed{5}$.`, Wrong},
		{"run, gold second", "5", `The answer is $\boxed{4}$ or $\boxed{5}$.`, Wrong},
		{"run without anchor", "5", `So $\boxed{4}$ or $\boxed{5}$.`, Wrong},
		{"separate, gold first", "4", `The answer is $\boxed{4}$, or possibly $\boxed{5}$.`, Wrong},
		{"separate, gold second", "5", `The answer is $\boxed{4}$, or possibly $\boxed{5}$.`, Wrong},
		{"two phrases", "5", "The answer is 4.\n\nThe answer is 5.", Wrong},
		{"two phrases, gold first", "4", "The answer is 4.\n\nThe answer is 5.", Wrong},
		{"phrase then box", "4", `The answer is 4. Maybe it is $\boxed{5}$.`, Wrong},
		{"maybe after a weak correction", "5", `$\boxed{4}$. Actually it could be $\boxed{5}$.`, Wrong},
		{"also acceptable", "(0,0)", `So the point is $\boxed{(3,-5)}$. Also $\boxed{(0,0)}$ is an acceptable answer.`, Wrong},
		{"repeated", "4", `The answer is $\boxed{4}$. Indeed the answer is $\boxed{4}$.`, Correct},
		{"repeated in another form", "11+x", `So it is $\boxed{x+11}$, or $\boxed{11+x}$.`, Correct},
		{"self-corrected", "7", "We get $\\boxed{5}$. Wait, I dropped a term: redoing it gives $\\boxed{7}$.", Correct},
		{"self-corrected, old answer is wrong", "5", "We get $\\boxed{5}$. Wait, I dropped a term: redoing it gives $\\boxed{7}$.", Wrong},
		{"final answer phrase supersedes", "12", `So $x = \boxed{3}$.` + "\n\nFinal Answer: The final answer is $12$.", Correct},
		{"consequence of an intermediate box", "161", `Rationalizing gives $\boxed{\frac{2\sqrt{53}+53}{53}}$. Thus $a+b+c+d = \boxed{161}$.`, Correct},
		{"negated phrase is no answer", "4", `The answer is not 3, since 3 is odd. So the answer is $\boxed{4}$.`, Correct},
		{"a box that defines the earlier one's quantity", `\frac{a_1}{a_3}`, "The polynomial becomes\n\\[\\boxed{\\epsilon y^{4} + y + 1},\\]\nwhere\n\\[\\boxed{\\epsilon = \\frac{a_1}{a_3}}\\]", Correct},
		{"final answer phrase on the last box", "0.47", `It becomes $\boxed{10y^7 + y^5 + 1}$. From this we identify $\boxed{0.47}$.` + "\nFinal Answer: The final answer is $\\boxed{0.47}$.", Correct},
	}
	runConclude(t, []Policy{MATH}, cases)
	runConclude(t, []Policy{ASDiv}, []concludeCase{
		cases[0], cases[1], cases[2], cases[3], cases[4], cases[5], cases[6], cases[7], cases[10], cases[12], cases[13],
		{"plain list for one number", "13", "The answer is $12$ or $13$.", Wrong},
		{"plain list, words", "13", "The answer is 12 or 13.", Wrong},
	})
	runConclude(t, []Policy{MATH401}, []concludeCase{
		{"two boxes", "5", `$\boxed{4}$ or maybe $\boxed{5}$`, Wrong},
		{"same value twice", "5", `$\boxed{5}$, that is $\boxed{5.0}$`, Correct},
	})
	// Several answers that together are the gold list.
	runConclude(t, []Policy{MATH}, []concludeCase{
		{"roots boxed one by one", "1, 2", `If $r = 1$ then $x = \boxed{1}$. If $r = -1$, then $x = \boxed{2}$.`, Correct},
		{"roots in a run", "1, 2", `The roots are $\boxed{1}$ and $\boxed{2}$.`, Correct},
		{"one root missing", "1, 2, 3", `If $r = 1$ then $x = \boxed{1}$. If $r = -1$, then $x = \boxed{2}$.`, Wrong},
	})
	runConclude(t, []Policy{ASDiv}, []concludeCase{
		{"two values boxed apart", "50 (years old); 20 (years old)", `The father is $\boxed{50}$. If the son is younger, he is $\boxed{20}$.`, Correct},
	})
}

// TestCheckAfterAnswer: principle (b) of issue 21. A verification line or
// box that shows another number, or a next exercise that opens with a word
// other than the leakage markers, never replaces the answer the reply gave.
func TestCheckAfterAnswer(t *testing.T) {
	cases := []concludeCase{
		{"check box", "44", `Thus $17^{-1} \equiv \boxed{44} \pmod{83}$. Check: $17 \cdot 44 = 748 = 9 \cdot 83 + \boxed{1}$.`, Correct},
		{"verification phrase", "12", "The answer is 12.\n\nLet's verify: 3 * 4 = 12, and 12 - 11 = 1, so the answer is 1 more than 11.", Correct},
		{"indeed", "6", `So $n = \boxed{6}$. Indeed, $6 \cdot 7 = \boxed{42}$.`, Correct},
		{"next exercise", "5", "The answer is 5.\n\nExercise 2. Compute 3+6. The answer is 9.", Correct},
		{"next exercise, boxed", "5", "So the answer is $\\boxed{5}$.\n\n**Practice problem:** What is $4+5$?\n\nSolution: $\\boxed{9}$", Correct},
		{"another example", "5", "Hence $\\boxed{5}$.\n\nAnother example: if $x = 3$, then $x^2 = \\boxed{9}$.", Correct},
		{"next exercise is not the answer", "9", "The answer is 5.\n\nExercise 2. Compute 3+6. The answer is 9.", Wrong},
		{"check that corrects", "7", "So $\\boxed{5}$. Let me check: 2 + 4 = 6, not 5. I made a mistake; the answer is $\\boxed{7}$.", Correct},
	}
	runConclude(t, []Policy{MATH}, cases)
	runConclude(t, []Policy{ASDiv}, []concludeCase{cases[1], cases[3], cases[6]})
	ex := Extract("The answer is 5.\n\nExercise 2. Compute 3+6. The answer is 9.", MATH.Extraction)
	if len(ex.Notes) == 0 || !strings.Contains(ex.Notes[len(ex.Notes)-1], `cut at next exercise "exercise"`) {
		t.Errorf("the cut is not noted: %q", ex.Notes)
	}
	// "Example" inside a solution, before any answer, is not a next exercise.
	runConclude(t, []Policy{MATH}, []concludeCase{
		{"example before the answer", "2n+1", "Example 1: $n = 1$ gives 3.\nExample 2: $n = 2$ gives 5.\nSo the answer is $\\boxed{2n+1}$.", Correct},
	})
}

// TestUnfinishedReplies: class 11 of issue 21. A reply with no final-answer
// phrase and no box is graded on its last formula or number only when it
// concludes.
func TestUnfinishedReplies(t *testing.T) {
	noAnswer := []concludeCase{
		{"trial rejected", "15", "If we let x = 14 then y = 15, which is not a solution", NoAnswer},
		{"trial rejected, math", "15", "If we let $x = 14$ then $y = 15$. This is not a solution.", NoAnswer},
		{"hypothesis ends the reply", "15", "We need x + y = 29. Suppose $x = 14$, then $y = 15$.", NoAnswer},
		{"let", "15", "We need x + y = 29 with y = x + 1. Let $x = 14$, so $y = 15$.", NoAnswer},
		{"try, too large", "5", "Try n = 6: 6^2 + 6 = 42, too large.", NoAnswer},
		{"question", "15", "So is $y = 15$ a solution?", NoAnswer},
		{"stops mid-formula", "15", "Then we have $y = 15$ and so x =", NoAnswer},
		{"trial before a blank line", "15", "If we let $x = 14$, then:\n\n$$y = 15$$", NoAnswer},
		{"maybe", "15", "Maybe $y = 15$.", NoAnswer},
		// the mutation suite's "unfinished" family
		{"trial, then another", "15", "We need the value. If we let $x = 15$, then the other side becomes $16$, which does not match, so this is not a solution. Let us try another value, say $x = 16$, then", NoAnswer},
		{"check, so", "15", "Let me check $15$ first.\nIf the answer were $15$, the sum would be $16$, which is too large, so", NoAnswer},
		{"does not match", "16", "If we let $x = 15$, then the other side becomes $16$, which does not match.", NoAnswer},
		// (principle b without a final answer: checks are cut off)
		{"check line, no final answer", "10", "Solving, $x = 5$.\nCheck: $2 \\cdot 5 = 10$.", Wrong},
	}
	runConclude(t, []Policy{MATH, ASDiv}, noAnswer)
	v := Grade(MATH, "15", noAnswer[0].reply, "stop")
	if !strings.Contains(v.Reason, "does not conclude") || !strings.Contains(v.Reason, "not a solution") {
		t.Errorf("reason %q does not say why", v.Reason)
	}
	concluding := []concludeCase{
		{"plain conclusion", "2/3", "Therefore the probability that Alice wins is 2/3.", Correct},
		{"remark after the value", "12", "The area is $12$. This is because the triangle is right-angled.", Correct},
		{"restated condition", "12", "If each box has 3 apples, there are 12 apples in 4 boxes... so 12 apples in all.", Correct},
		{"rejected trial, then the conclusion", "3", "If we let x = 14 then y = 15, which is not a solution. So there are 3 solutions.", Correct},
		{"let me compute", "7", "Let me compute: 3 + 4 = 7.", Correct},
		{"check line, no final answer", "5", "Solving, $x = 5$.\nCheck: $2 \\cdot 5 = 10$.", Correct},
		{"check line, no final answer, numbers", "5", "Solving, x = 5.\nLet's verify: 2 * 5 = 10, as required.", Correct},
	}
	runConclude(t, []Policy{MATH, ASDiv}, concluding)
	// finish_reason "length": never graded, whatever the reply holds; with
	// a policy that grades truncated replies, never on its last number.
	if v := Grade(MATH, "5", "So the answer is 5.", "length"); v.Kind != Incomplete {
		t.Errorf("cut at the token limit: %s (%s)", v.Kind, v.Reason)
	}
	truncated := MATH
	truncated.GradeTruncated = true
	if v := Grade(truncated, "5", "We try 3, then 4, then 5", "length"); v.Kind != Incomplete {
		t.Errorf("cut at the token limit, last number: %s (%s)", v.Kind, v.Reason)
	}
	if v := Grade(truncated, "5", "So the answer is $\\boxed{5}$. Let me also", "length"); v.Kind != Correct {
		t.Errorf("cut at the token limit after a box: %s (%s)", v.Kind, v.Reason)
	}
}
