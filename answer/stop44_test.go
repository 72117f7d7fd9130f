package answer

import "testing"

// TestBaseSaidInWords (stop 44): a base said after a numeral belongs to it.
// "$11$ in base $2$" is three, not eleven (it was Equal to 1011_2 by its
// decimal value), and the 6 of "in base $6$" is no answer of its own (it
// was the last formula and graded against 25_6).
func TestBaseSaidInWords(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"25_6", `The difference is $25$ in base $6$.`, true},
		{"25_6", `The answer is 25 in base 6.`, true},
		{"25_6", `Therefore the sum is 25 in base 6.`, true},
		{"25_6", `So the answer is $\boxed{25}$ (in base 6).`, true},
		{"25_6", `The answer is $25$.`, true},
		{"1011_2", `The answer is $1011$ in binary.`, true},
		{"1F_{16}", `The answer is 1F in hexadecimal.`, true},
		{"1011_2", `The answer is $11$ in base $2$.`, false},
		{"1011_2", `So the answer is $\boxed{11}$ in base 2.`, false},
		{"25_6", `The answer is $24$ in base $6$.`, false},
		{"25_6", `The difference is $25$ in base $7$.`, false},
		{"17", `The difference is $25$ in base $6$.`, true},
		{"6", `The difference is $25$ in base $6$.`, false},
		// a base said of no numeral is no numeral's base: the question
		// restated is not its answer
		{"2112_6", `Find the product of $315_6 \cdot 4_6$.  Express your answer in base 6.`, false},
		{"2112_6", `Find the product of $315_6 \cdot 4_6$.  Express your answer in base $6$.`, false},
		{"204_5", `Express the quotient $413_5 \div 2_5$ in base 5.`, false},
		{"695", `Convert $852_9$ to base 10.`, false},
		{"41_6", `Express $25_{10}$ in base 6.`, false},
		{"1011_2", `So the answer is $\boxed{1011}$ in base 2.`, true},
		{"1011_2", `**1011** in base 2`, true},
	})
}

// TestNotationMisses (stop 44, probe 14's misses): math italic letters are
// letters of the formula, not words of another language; "pi" after a
// number is π in a plain reply; a dollar inside \text{} in a formula opens
// nested math.
func TestNotationMisses(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"2x+1", `$2𝑥+1$`, true},
		{"n^2", `The answer is $𝑛^2$.`, true},
		{"2", `$𝑥=2$`, true},
		{"A", `$𝒜$`, false},
		{"36\\pi", `The volume is 36 pi.`, true},
		{"36", `The volume is 36 pi.`, false},
		{"7", `$\text{$7$}$`, true},
		{"108", `The answer is $\text{$108$}$.`, true},
		{"107", `The answer is $\text{$108$}$.`, false},
	})
}
