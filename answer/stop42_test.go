package answer

import "testing"

// TestAfterFinalAnswer (stop 42): what a reply writes after its final
// answer. A correction, a doubt or a take-back with another value after it
// leaves no answer (a weak one: actually, hmm, hold on, "No, 13.") or sends
// the lower tiers to the new value (a strong one: wait, mistake, recount);
// with no other value the answer is taken back. A note about something
// else, an alternative method, a doubt that ends on the answer ("Yes, 8.")
// and a take-back of an earlier attempt leave the answer standing. Each
// false case was Equal before (a tester's probe7).
func TestAfterFinalAnswer(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"7", `The answer is 7. Actually, 9.`, false},
		{"7", "\\boxed{7}\n\nActually, 9.", false},
		{"12", "The answer is 12.\nNo, 13.\nNo, 14.", false},
		{"8", "The answer is \\boxed{8}. \n\nHold on. Recounting gives 9.", false},
		{"30", `The answer is 30. Hmm, no: 30 counts the corner twice, so 29.`, false},
		{"12", `The answer is 12. Hmm, actually, I'm not sure; it might be 14.`, false},
		{"10", "Therefore the answer is 10.\n\nActually no. I double-counted. Subtracting the 2 duplicates gives 8.", false},
		{"5", `So the answer is $\boxed{5}$. Hmm, 5 is wrong because I forgot the carry.`, false},
		{"5", "The final answer is 5.\n\nLet me re-derive: 2 * 3 = 6, so the total is 6.", false},
		{"7", `The answer is 7. I take it back.`, false},
		{"7", `The answer is 7. Scratch that.`, false},
		{"10", `The answer is 10. I retract that; I don't know.`, false},
		{"10", `I previously said the answer is 10, but I withdraw that answer.`, false},
		{"3", `The answer is 3 (or possibly 4).`, false},
		{"1", "$\\boxed{\\frac{1}{2}}$\n\nWait, I need to double-check... $2 \\cdot \\frac{1}{2} = 1$ ✓.", false},
		{"6", "The answer is 8.\n\n---\n\n*Note: a common mistake is to answer 6.*", false},
		// the answer stands
		{"8", "The answer is 8.\n\n---\n\n*Note: a common mistake is to answer 6.*", true},
		{"8", `The answer is 8. Earlier I got 10 by mistake.`, true},
		{"5", "The final answer is 5.\n\nLet me re-derive: 2 + 3 = 5. Confirmed.", true},
		{"5", "\\boxed{5}\n\nWait, let me reconsider... Yes, 5 is correct.", true},
		{"8", "The answer is \\boxed{8}. \n\nHold on, let me recount... 1, 2, 3, 4, 5, 6, 7, 8. Yes, 8.", true},
		{"64", "Final answer: 64\n\nStep-by-step: 4^3 = 64. Alternatively 2^6 = 64.", true},
		{"5", `The answer is \boxed{5}. Is that wrong? No.`, true},
		{"16", "Thus, the store should charge $\\boxed{16}$ dollars for the book.\n\nAlternatively, since the roots of $p(128-4p)$ are 0 and 32, symmetry tells us that the extreme value will be at $p=16$.", true},
		{"0", "our answer is $\\boxed{0}.$\n\nNote: The maximum possible degree of $f(x) + g(x)$ is $7,$ since it is impossible.", true},
		// a strong retraction with a new value: the lower tiers read it
		{"6", "So the answer is 7.\n\nHmm, actually let me reconsider whether it's 7. The constraint rules out 7. So 6.", true},
	})
}

// TestAnchoredAlternatives (stop 42): an answer phrase whose sentence
// offers two values (a case, a doubt, "or possibly"), or a compound
// quantity, answers neither value; a parenthesised aside of working after
// the number is no factor.
func TestAnchoredAlternatives(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"13", `The answer is likely 12, though 13 is also possible.`, false},
		{"50", `The answer is somewhere around 50.`, false},
		{"-2", `If x is positive, the answer is 2; if negative, -2.`, false},
		{"1", `The answer is 3 if we count the endpoints, otherwise 1.`, false},
		{`\frac{1}{3}`, `If the coin is fair, the answer is 1/2; otherwise it is 1/3.`, false},
		{"5", `For n even the answer is 4, and for n odd it is 5.`, false},
		{"30", `The answer is 2 hours and 30 minutes.`, false},
		{"50", `The answer is 2 dollars and 50 cents.`, false},
		{"16", `The answer is 4 (2 + 2).`, false},
		{"144", `The sum is 12 (5 + 7).`, false},
		{"81", `The answer is 9 (3^2).`, false},
		{"4", `The answer is 4 (2 + 2).`, true},
		{"7", `Answer: 7 (since 3 + 4 = 7)`, true},
		{"12", `The sum is 12 (5 + 7).`, true},
		{"42", "The answer is \\boxed{42}.\n\nThe answer is 42 because 6*7=42, and 6 is the number of rows.", true},
	})
}

// TestPlainReplyDoubts (stop 42): with no answer statement, the last value
// of a reply is no answer when its sentence hedges, restates the givens or
// gives an instruction, when a later sentence doubts it, when it is an
// equation left unsolved, or when it is one of parallel or labelled
// values; notes and asides after it are not read.
func TestPlainReplyDoubts(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"8", `It could be 6, but it could also be 8. I'm not sure.`, false},
		{"8", `It could be 6. It could also be 8.`, false},
		{"10", `Method A gives 9 while method B gives 10. I can't decide.`, false},
		{"8", `Answer A gives 6; answer B gives 8. Both seem plausible.`, false},
		{"5", `So x = 5. But x must be even, so this is impossible. Thus no solution.`, false},
		{"48", `Let's compute. First, 12 times 4 is 48. Then we subtract`, false},
		{"4", `We have 12 apples. Half of them is 6. Then add 4.`, false},
		{"5", `We know the perimeter is 24 and one side is 5.`, false},
		{"7", `Let me compute 3+4. Let me compute 3+4. Let me compute 3+4.`, false},
		{"20", `Let me set up the equation. 3x + 5 = 20.`, false},
		{"12", `So the total is 20 apples. Tom has 8 apples, Sue has 12 apples.`, false},
		{"8", `So, there are 12 cookies left. Original: 20, eaten: 8.`, false},
		{"250", "I computed 8.\n\n(Word count: 250)", false},
		{"25", "So the total is 20.\n\nNote: the answer would be 25 if tax were included.", false},
		{"7", "So the total is 20.\n\nP.S. The answer to the bonus question is 7.", false},
		{"15", "Therefore, x = 6.\n\nSubstituting back: 2(6)+3 = 15, which equals the right side 15.", false},
		// the value stands
		{"8", "I computed 8.\n\n(Word count: 250)", true},
		{"20", "So the total is 20.\n\nNote: the answer would be 25 if tax were included.", true},
		{"6", "Therefore, x = 6.\n\nSubstituting back: 2(6)+3 = 15, which equals the right side 15.", true},
		{"9", `x = 3, so x^2 = 9.`, true},
		{"7", `Let me compute: 3 + 4 = 7.`, true},
		{"(-2,3)", "Putting everything together:\n\n(-2,3)", true},
	})
}

// TestASDivValueRules (stop 42): the ASDiv policy compares the value of
// its answer, never its last number: arithmetic is evaluated exactly
// (12-5 was 5), a range (3-4, 3 to 4) and an answer offering two values
// are refused, a cut-off formula is refused, and a text gold is named only
// by an answer that offers nothing else ("red or blue" is not red; \frac{\pi}{4}
// does not name \pi).
func TestASDivValueRules(t *testing.T) {
	for _, c := range []gradeCase{
		{"5", `\boxed{12-5}`, false},
		{"7", `\boxed{12 - 5}`, true},
		{"-1", `\boxed{3 - 4}`, true},
		{"4", `The answer is 3-4.`, false},
		{"4", `The answer is 3 to 4 hours.`, false},
		{"13", `The answer is likely 12, though 13 is also possible.`, false},
		{"-2", `If x is positive, the answer is 2; if negative, -2.`, false},
		{"1", `Thus the answer is $\boxed{\frac{1}{`, false},
		{`\pi`, `The final answer is $\boxed{\frac{\pi}{4}}$.`, false},
		{"red", `The answer is red or blue.`, false},
		{"0.75", `The answer is 3/4.`, true},
		{"7", `3 + 4 = 7`, true},
		{"9 (apples)", `She has 9 apples.`, true},
		{"Tom", `The answer is Tom.`, true},
	} {
		if v := Grade(ASDiv, c.gold, c.reply, ""); (v.Kind == Correct) != c.want {
			t.Errorf("asdiv: gold %q <- %q: %s %q (%s), want equivalent=%v", c.gold, c.reply, v.Kind, v.Extracted, v.Reason, c.want)
		}
	}
}

// TestPhraseAnswers (stop 42): a plain reply whose last sentence states
// its answer in words ("There are no solutions.", "The limit does not
// exist.") answers that phrase, read as the set or text it names; a
// sentence that supposes or doubts, or holds a number, states none.
func TestPhraseAnswers(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`\emptyset`, `There are no solutions.`, true},
		{`\text{no solution}`, `So the equation has no solution.`, true},
		{`\text{DNE}`, `The limit does not exist.`, true},
		{`\text{undefined}`, `The expression is undefined.`, true},
		{`\mathbb{R}`, `The domain is all real numbers.`, true},
		{`\emptyset`, `If a = 0 there is no solution.`, false},
		{`\emptyset`, `Maybe there is no solution.`, false},
		{`\text{DNE}`, `The limit is undefined.`, false},
		{`\mathbb{R}`, `All real numbers except 0.`, false},
		{`\{1\}`, `There are no solutions.`, false},
	})
}

// TestProbe9Structures (stop 42): a tester's probe9 attacked the rules
// above; each false case was Equal on the binary it ran.
func TestProbe9Structures(t *testing.T) {
	checkMATH(t, []gradeCase{
		// take-backs in other words
		{"7", "The answer is 7.\n\nDisregard the above; I'm not confident in it.", false},
		{"7", `The answer is 7. That's not it, though.`, false},
		{"7", `The answer is 7. Ignore that.`, false},
		{"7", `The answer is 7. Just kidding.`, false},
		{"7", `The answer is 7. Or not.`, false},
		{"7", "**Answer:** 7\n\nMy earlier answer of 9 was correct after all.", false},
		{"7", "So the answer is $\\boxed{7}$.\n\nBut I could be wrong; maybe it's 9?", false},
		{"7", `The answer is 7. Is that right? Yes.`, true},
		{"7", `The answer is 7. Ignore the units in the problem statement.`, true},
		// the line goes on past the answer
		{"7", "## Final Answer\n\n$\\boxed{7}$ wait, no — it's 9.", false},
		{"9", "## Final Answer\n\n$\\boxed{7}$ wait, no — it's 9.", true},
		{"9", `**Answer:** 7 Earlier I wrote 9; that value was for part (a).`, false},
		{"7", `**Answer:** 7 Earlier I wrote 9; that value was for part (a).`, true},
		{"9", `**Answer:** 7 ✓ verified: 7 + 2 = 9.`, false},
		{"9", `**Answer:** 7 > **Note:** students often get 9 by forgetting the carry.`, false},
		// an answer label after a sentence in the same line
		{"9", "Let us compute carefully. **Answer:** 7\nThe dog ate 9 bones.", false},
		{"7", "Let us compute carefully. Answer: 7\nEarlier I got 9 by mistake.", true},
		// the value right after the answer phrase, a remark after it
		{"12", `The answer is 15, up from 12 last year.`, false},
		{"15", `The answer is 15, up from 12 last year.`, true},
		{"13", `The answer is 12, so 12 + 1 = 13 is the next term.`, false},
		{"9", `The answer is 9 (or 10).`, false},
		{"90", `The answer is 9 (or 10).`, false},
		{"4", `The answer is 3 apples and 4 oranges.`, false},
		// a reference in parentheses
		{"2", `So $x = 4$ (from equation (2)).`, false},
		{"4", `So $x = 4$ (from equation (2)).`, true},
		// plain replies
		{"20", `Let x be the number. Then 3x + 5 = 20.`, false},
		{"15", `We set up 3x + 5 = 20, so 3x = 15.`, false},
		{"3", `So she has 9 eggs left. Note: she bought the eggs for $3.`, false},
		{"9", `So she has 9 eggs left. Note: she bought the eggs for $3.`, true},
		{"2", `Therefore, 9 eggs are left. Thanks for the question! Let me know if you need 2 more examples.`, false},
		{"9", `Therefore, 9 eggs are left. Thanks for the question! Let me know if you need 2 more examples.`, true},
		{"10", `So x = 4. Substituting back: 3(4) - 2 = 10.`, false},
		{"4", `So x = 4. Substituting back: 3(4) - 2 = 10.`, true},
		{"8", `So 9 eggs remain. Hmm, or 8 if one broke.`, false},
		{"9", `x = 3, so x^2 = 9.`, true},
		// an unclosed box is a reply cut inside its answer
		{"12", `The answer is \boxed{12`, false},
		{"2.5", `\boxed{2.5`, false},
	})
}

// TestProbe8Renderings (stop 42): a tester's probe8 (real MATH golds in
// the notations models type).
func TestProbe8Renderings(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`60^\circ`, `60%`, false},
		{`45^\circ`, `45\%`, false},
		{`25\%`, `25^\circ`, false},
		{`15\mbox{ cm}^2`, `15\%`, false},
		{`28\%`, `\boxed{28 pct}`, true},
		{`60^\circ`, `60`, true},
		{`5,\!460`, `5, 460`, false},
		{`5,\!460`, `5460`, true},
		{`\frac{1}{2}`, `The answer is 1/2 of the total, i.e. 10.`, false},
		{"10", `The answer is 1/2 of the total, i.e. 10.`, true},
		{"3", `The answer is 3 times the radius, i.e. 12.`, false},
		{"5", `Final answer: 5 (or 6 if zero counts)`, false},
		{"5", `The answer is 5 (possibly 6).`, false},
	})
}

// TestProbe11Replies (stop 42): a tester's probe11 (replies that never
// conclude, refuse, ask back, negate in other languages; ASDiv names,
// labels, questions).
func TestProbe11Replies(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"20", `First, compute the total cost: $5 \times 4 = 20$ dollars. Next, we need to apply the discount…`, false},
		{"15", `Let's start by computing $\binom{6}{2} = 15$. Then we will need to subtract…`, false},
		{"5", `Great question! Let's break it down step by step. First, note that Tom has 5 apples.`, false},
		{"12", `Let $x$ be the number of apples. Then $x + 7 = 12$.`, false},
		{"12", `I'm not able to solve this problem because it references a figure with 12 labeled points that I can't see.`, false},
		{"12", `I cannot determine the answer; the problem mentions 12 cookies but not how many friends there are.`, false},
		{"12", `Could you clarify whether the 12 students include the teacher? Once you confirm, I can finish the calculation.`, false},
		{"12", `What is 5 + 7? That's the question we need to answer.`, false},
		{"4", `Hint: the answer is a multiple of 4.`, false},
		{"12", `So 12 is not the right answer.`, false},
		{"12", `12 cannot be right.`, false},
		{"12", `Also ist 12 falsch.`, false},
		{"12", `Vielleicht 12.`, false},
		{"15", `The answer is $\boxed{12}$. For the variant in which repetition is allowed, the answer would instead be $\boxed{15}$, but that is not what was asked.`, false},
		{"4", `So the ratio is 3:4, meaning for every 3 boys there are 4 girls.`, false},
		// still answered
		{"14", `First we compute 3 + 4 = 7, then we multiply by 2 to get 14.`, true},
		{"20", `The answer is 20. How many apples does Sam have if he has 4 bags of 5?`, true},
		{"20", `The sum is 2+4+6 = 12. Hmm, hold on, I forgot the 8: 12 + 8 = 20.`, true},
		{"12", `The answer is 30, wait no that's the total; the question asks for the remainder, 30 - 18 = 12.`, true},
		{"30", `The answer is 30, wait no that's the total; the question asks for the remainder, 30 - 18 = 12.`, false},
	})
	for _, c := range []gradeCase{
		{"Mary", `Tom has more marbles than Mary.`, false},
		{"Tom", `Mary is older than Tom.`, false},
		{"Tom", `Is it Tom?`, false},
		{"9", `9?`, false},
		{"3:4", `Is the answer 3:4?`, false},
		{"4:00 p.m.", `She arrives at 3:30 p.m. or 4:00 p.m.`, false},
		{"4:3", `The ratio is 3:4 or 4:3.`, false},
		{"7 (red); 5 (blue)", `There are 5 red balls and 7 blue balls.`, false},
		{"12 (Tom); 9 (Mary)", `Tom scored 9 points and Mary scored 12 points.`, false},
		{"9", `I'm sorry, I can't answer this; the problem mentions 9 apples but not the price.`, false},
		{"Tom", `The answer is Tom.`, true},
		{"3:4", `The answer is 3:4, or 0.75.`, true},
		{"5 (red); 7 (blue)", `There are 5 red balls and 7 blue balls.`, true},
		{"10:30 a.m.", `It was 9:45 a.m. when the class started; the class lasted 45 minutes, so it ended at 10:30 a.m.`, true},
	} {
		if v := Grade(ASDiv, c.gold, c.reply, ""); (v.Kind == Correct) != c.want {
			t.Errorf("asdiv: gold %q <- %q: %s %q (%s), want equivalent=%v", c.gold, c.reply, v.Kind, v.Extracted, v.Reason, c.want)
		}
	}
}

// TestProbe12OverRefusal (stop 42): correct replies a tester's probe12
// found refused (4.2% of 900): an adverb before the value, a correction
// that keeps the answer, a computation and its value stated twice, and
// numbers in several words.
func TestProbe12OverRefusal(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"18", `The final answer is still 18.`, true},
		{"18", `…the numbers are unchanged, so the final answer is still $18$.`, true},
		{"120", "So the answer is $\\binom{10}{3} = 120$.\n\n**Answer:** $\\boxed{120}$", true},
		{"18", `Final answer: $18$ (Correction to my wording earlier: nothing changes numerically; the answer remains $18$.)`, true},
		{"104", `The answer is one hundred four.`, true},
		{"75", `The answer is seventy-five.`, true},
		{"1200", `The answer is twelve hundred.`, true},
		{"2", `The answer is one or two.`, false},
		{"2", `The answer is two thirds.`, false},
		{"7", `The answer is 7. Actually, 9.`, false},
	})
	if v := Grade(ASDiv, "51 (trucks)", "The answer is fifty-one trucks.", ""); v.Kind != Correct {
		t.Errorf("asdiv fifty-one trucks: %s (%s)", v.Kind, v.Reason)
	}
}

// TestStatedTwice (stop 42): a computation and its value, stated twice
// with a period inside the math or a unit after the value, is one answer.
func TestStatedTwice(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"973", "The final answer is $16 + 957 = 973.$\n\nSo the answer is $973$.", true},
		{"20", "So the number is $\\frac{6 \\cdot 5 \\cdot 4}{6} = 20\\text{ triangles}$.\n\nThe answer is $\\boxed{20}$.", true},
		{"4", `The answer is four flowers.`, true},
		{"1", `The answer is one of them.`, false},
	})
}
