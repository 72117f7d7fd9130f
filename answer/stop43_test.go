package answer

import "testing"

// TestForeignReplies (stop 43, a tester's probe16): replies in other
// languages. A correction after the final answer, in any language, leaves
// no answer or the corrected one, never the retracted box; "or" between
// two formulas makes a list in every language; a bound ("at least $12$",
// "mindestens 34", "不少于") makes an answer statement no value; a comma
// group that starts with 0 is no thousands grouping. Each false case was
// Equal before.
func TestForeignReplies(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"254", `首先 31+5=36，然后 36×7=252。答案是 \boxed{254}。不对，应该是 $252$。`, false},
		{"237", `Сначала 11+29=40, затем 40·6=240. Ответ: \boxed{237}. Нет, на самом деле $240$.`, false},
		{"104", `D'abord 34+19=53, puis 53×2=106. La réponse est \boxed{104}. Non, en fait $106$.`, false},
		{"355", `Zuerst 30+21=51, dann 51·7=357. Die Antwort ist \boxed{355}. Nein, eigentlich $357$.`, false},
		{"245", `答案是 $\boxed{245}$。抱歉，我算错了，正确答案是 $251$。`, false},
		{"119", `La réponse est $\boxed{119}$. Oups, erreur de calcul ; c'est 115.`, false},
		{"225", `答案是 $\boxed{223}$。不对，应该是 $\boxed{225}$。`, true},
		{"56", `답은 $55$ 또는 $56$입니다.`, false},
		{"47", `Ответ: $44$ или $47$.`, false},
		{"53", `Die Antwort ist $49$ oder $53$.`, false},
		{"51", `Soit $49$, soit $51$.`, false},
		{"52", `The answer is at least $52$.`, false},
		{"89", `The answer is $89$ or more.`, false},
		{"95", `The answer is less than $95$.`, false},
		{"24", `答案至少是 $24$。`, false},
		{"34", `Die Antwort ist mindestens 34.`, false},
		{"7", `La réponse est au moins 7.`, false},
		{"125", `The answer is 0,125.`, false},
		{"500", `\boxed{0,500}`, false},
		// these stand
		{"30", `答案是 $30$。`, true},
		{"18", `답은 $18$입니다.`, true},
		{"445", `Therefore the company has to sell at least $\boxed{445}$ widgets to make a profit.`, true},
		{"8", "The answer is 8.\n\n---\n\n*Note: a common mistake is to answer 6.*", true},
		{"18", "#### 18\nThat's 3 more than yesterday.", true},
		{"(3,5)", "### Final Answer\n- **x = 3**\n- **y = 5**", false},
		{"3500", `The answer is 3,500.`, true},
	})
}

// TestReplacementCharacter: U+FFFD stands for a byte that was no UTF-8;
// two of them are not the same answer (a tester's probe15: gold "\xff"
// was Equal to "\xfe").
func TestReplacementCharacter(t *testing.T) {
	checkMATH(t, []gradeCase{{"\ufffd", "\ufffd", false}, {"5\ufffd", "5\ufffd", false}})
}

// TestNewRulesAttacked (stop 43, a tester's probe17 on this stop's rules):
// a single letter in \text after a number is no unit, 'or'/'and' of more
// languages make lists, more bound words, corrections in more languages,
// and \kern is refused again (its dimension became the answer).
func TestNewRulesAttacked(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"12", `$12\text{y}$`, false},
		{"7", `The answer is $7\textrm{z}$.`, false},
		{"4.5", `$4.5\,\text{x}$`, false},
		{"12", `$12\text{ m}$`, true},
		{"4", `$3$ lub $4$`, false},
		{"4", `De oplossingen zijn $3$ en $4$.`, false},
		{"12", `It exceeds $12$.`, false},
		{"12", `The answer is $12$ or higher.`, false},
		{"12", `Ответ: как минимум $12$.`, false},
		{"12", `答えは$12$より大きい。`, false},
		{"12", `Het antwoord is $\boxed{12}$. Wacht, eigenlijk is het $13$.`, false},
		{"12", `The answer is $\boxed{12}$. Recounting gives $13$.`, false},
		{"5", `The answer is $\boxed{\kern5pt}$.`, false},
		{"5", `$x=\kern5pt$`, false},
	})
}

// TestHedgeAfterAnswerStatement (a tester's probe18): a clause right after
// an answer statement's value that offers another one leaves no answer:
// "though $18$ is also possible", "(or possibly $-7$)", "$\boxed{17}$ or
// $18$", "or undefined". A plain number after "or" restates the value
// ("$\frac12$, or 0.5"), and "or equivalently" does too.
func TestHedgeAfterAnswerStatement(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"17", `The answer is $17$, though $18$ is also possible.`, false},
		{"17", `**Answer:** $17$; alternatively $18$.`, false},
		{"17", `Thus the answer is $\boxed{17}$ or $18$.`, false},
		{"7", `The answer is $7$ (or possibly $-7$).`, false},
		{"7", `Thus the answer is $\boxed{7}$ (or possibly $-7$).`, false},
		{"(5,-10)", `Thus the answer is $\boxed{(5,-10)}$ (or possibly $(-10,5)$).`, false},
		{"0", `Thus the answer is $\boxed{0}$ or undefined.`, false},
		{"\\frac{1}{2}", `The answer is $\frac{1}{2}$, or 0.5.`, true},
		{"7", `The answer is $\boxed{7}$ (or equivalently $\frac{14}{2}$).`, true},
	})
}

// TestBoundWrittenOnce: a bound is written once, where it stands, whatever
// tier found the value ("at least at least 12" and "12 at least" were
// written when the anchor's last formula had its bound already).
func TestBoundWrittenOnce(t *testing.T) {
	for reply, want := range map[string]string{
		`So the answer is, I think, at least $12$.`: "at least 12",
		`The answer is clearly $45$ or more.`:       "45 or more",
		`The answer is at least $12$.`:              "at least 12",
		`So we need $89$ or more.`:                  "89 or more",
	} {
		ex := Extract(reply, MATH.Extraction)
		if len(ex.Candidates) == 0 || ex.Candidates[0].Text != want {
			t.Errorf("Extract(%q) = %v, want %q", reply, ex.Candidates, want)
		}
	}
}
