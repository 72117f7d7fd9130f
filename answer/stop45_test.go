package answer

import "testing"

// TestUnknownUnitKept (stop 45, probe 21): a unit the table does not read,
// written right after the value at a sentence's end, is the answer's unit
// by its text. It was dropped, and the gold's unit against a bare
// candidate was accepted: 7.2 Nm was the gold 7.2 nm, 7 pc the gold 7 m.
// Ordinal suffixes and abbreviations that go on ("sq. ft.") are no unit
// of their own.
func TestUnknownUnitKept(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`7.2\text{ nm}`, `7.2 Nm`, false},
		{`7\text{ m}`, `7 ly`, false},
		{`7\text{ m}`, `$7$ pc`, false},
		{`7\text{ m}`, `So the distance is 7 pc.`, false},
		{`15\text{ Pa}`, `$15$ Torr`, false},
		{`1\text{ GB}`, `1 Gb`, false},
		{`4\text{ kB}`, `4 kb`, false},
		{`6\text{ A}`, `6 mAh`, false},
		{`18\text{ cm}`, `18 dam`, false},
		{`3\text{ kg}`, `3 kt`, false},
		{`1\text{ GB}`, `1 GB`, true},
		{`7\text{ m}`, `So the distance is 7 meters.`, true},
		{`15`, `15 apples`, true},
		{"3", "He finished 3rd.", true},
		{"100", "It is the 100th.", true},
		{"1800", "The area of the garden is 1800 sq. ft.", true},
		// the length of a spacing command is no value
		{"6", `\kern 6 pt`, false},
		{"6", `\hspace{6pt}`, false},
	})
}

// TestListItemsKeepUnits (stop 45, probe 21): a list whose items carry
// units is compared item by item, value and unit together. The units were
// taken off first and the values compared as a set, so "2 mg; 1 lb" was
// the gold "1 mg; 2 lb" and "\$5; 3\%" the gold "\$3; 5\%".
func TestListItemsKeepUnits(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`1\text{ mg}; 2\text{ lb}`, `2 mg; 1 lb`, false},
		{`1\text{ mg}; 2\text{ lb}`, `1 mg; 2 lb`, true},
		{`\$3; 5\%`, `\$5; 3\%`, false},
		{`\$3; 5\%`, `\$5, 3\%`, false},
		{`\$3; 5\%`, `\$3, 5\%`, true},
		{`$3630 \mathrm{ft}^{2}, 522,720 \mathrm{in}^{2}$`, `522,720 ft^2, 3630 in^2`, false},
		{`$3630 \mathrm{ft}^{2}, 522,720 \mathrm{in}^{2}$`, `3630 ft^2, 522,720 in^2`, true},
		{`4\text{ cm}; 9\text{ cm}^2`, `9 cm; 4 cm^2`, false},
		{`1\text{ yd}, 3\text{ ft}`, `3 yd, 1 ft`, false},
		{`1\text{ yd}, 3\text{ ft}`, `1 yd, 3 ft`, true},
		{`\$40; 15\text{ hours}`, `\$15; 40 hours`, false},
		{`$30 \mathrm{mph}, 40 \mathrm{mph}$`, `30, 40`, true},
		{`3, 4`, `3\,\mathrm{cm}, 4\,\mathrm{cm}`, true},
		{`3, 4`, `3\mathrm{x}, 4`, false},
	})
}

// TestWordProblemReplies (stop 45, probe 19): under ASDiv's policy the
// answer's time or ratio is the one the reply answers with, not a remark's
// after it (the last one written was graded: "3:30 p.m., which is 90
// minutes after 2:00 p.m." was the gold 2:00 p.m.), and seconds written on
// one side only differ. Under every policy a plain-text dollar after a
// space before a digit is a price sign, never the closing of a formula
// ("spends $12 + $5 = $17" read the formula "12 + " and then "12 +5" was
// the answer), and an en dash glued to a number is its minus sign.
func TestWordProblemReplies(t *testing.T) {
	checkPolicy(t, ASDiv, []gradeCase{
		{"2:00 p.m.", "The movie ends at 3:30 p.m., which is 90 minutes after 2:00 p.m.", false},
		{"3:30 p.m.", "The movie ends at 3:30 p.m., which is 90 minutes after 2:00 p.m.", true},
		{"8:10", "So they meet again at 11:30, 200 minutes after they started at 8:10.", false},
		{"11:30", "So they meet again at 11:30, 200 minutes after they started at 8:10.", true},
		{"8:30", "He should leave at 8:15, because the bus at 8:30 would be too late.", false},
		{"12:30", "Dane finishes at 12:50, not 12:30.", false},
		{"2:00 p.m.", "The final answer is 5:45 p.m. (he started at 2:00 p.m.)", false},
		{"3:2", "The ratio is 2:3. Note that the reversed ratio, 3:2, compares girls to boys.", false},
		{"4:5", "The answer is 3:4 rather than 4:5.", false},
		{"3:4", "The answer is 3:4 rather than 4:5.", true},
		{"11:40", "She started at 9:15, so she finishes at 11:40.", true},
		{"9:15", "She started at 9:15, so she finishes at 11:40.", false},
		{"11:40", "He left at 9:15 and arrived at 11:40.", false}, // which one is not said
		{"9:03:36 a.m.", "The timer goes off at 9:03 a.m.", false},
		{"9:03:36 a.m.", "The timer goes off at 9:03:36 a.m.", true},
		{"9:03", "**Answer:** 9:03:36", false},
		{"5:45", "The timer goes off at 5:45:30.", false},
		{"5:45", "The timer goes off at 5:45:00.", true},
		{"3", "The temperature in the morning was –3 degrees.", false},
		{"12 (dollars)", "It costs $6 × $2... no, 6 × $2 = $12 for the pens, and $20 in total.", false},
	})
	checkMATH(t, []gradeCase{
		{"17", "The ticket is $12 and popcorn is $5, so each person spends $12 + $5 = $17. For 4 people that is 4 * $17 = $68.", false},
		{"23", "Lunch was $8 and dinner was $15, so he spent $8 + $15 = $23 today and $46 over two days.", false},
		{"14", "Books cost $4 each and pens $1 each. 3 books and 2 pens cost $12 + $2 = $14. She paid with $20 and got $6 back.", false},
		{"50", "She earns $30 + $20 = $50 a day. In a week she earns 7 × $50 = $350.", false},
		{"350", "She earns $30 + $20 = $50 a day. In a week she earns 7 × $50 = $350.", true},
		{"3", "The temperature in the morning was –3 degrees.", false},
		{"-3", "The temperature in the morning was –3 degrees.", true},
		{"1500", `It costs $\$$1500.`, true},
	})
}

// TestPriceDollars (stop 45, probe 23): a dollar that opens a price is no
// formula when the dollar that would close it stands before a digit, or
// after a space with prose between; the number left outside was graded
// alone (-$33 was 33, $26-$30 was 30). A range of prices is no value, and
// under ASDiv the later of the last formula and the last number answers.
func TestPriceDollars(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"33", "Revenue is $24 and costs are $57, so the profit is -$33.", false},
		{"-33", "Revenue is $24 and costs are $57, so the profit is -$33.", true},
		{"28", "The net change is $11 - $39 = -$28.", false},
		{"-28", "The net change is $11 - $39 = -$28.", true},
		{"34", "The profit is $40 − $74 = −$34.", false},
		{"30", "Prices range from $26-$30.", false},
		{"4", "So she pays $26-$4.", false},
		{"-2", "The answer is $4-$6.", false},
		{"34", "So $24+$10=$34.", true},
		{"168", "She buys $8$ tickets at $21 each, so she pays $8 \\cdot 21 = 168$ dollars.", true},
		{"108", "She buys 9 at $12 each, so she pays $\\$108$.", true},
		{"21", "She had $168 and spent $21$, leaving $147.", false},
		{"147", "She had 168 and spent $21$, leaving 147 dollars.", true},
		{"64", "Thus, there are $8 \\cdot 8 = 64 $ pairs.", true},
		// a value times a symbol, then words: no whole expression
		{"7.6", "The energy difference is 7.6 Z eV.", false},
		{"8.64", "It is 8.64 sin θ cm.", false},
		{"100", "It is 100 x joules.", false},
		{"7.6", "The energy difference is 7.6 eV.", true},
		{"5", "The rope is 5 m long.", true},
	})
	checkPolicy(t, ASDiv, []gradeCase{
		{"90 (dollars)", "The cost is $90$.\nAdding the $6 tax, she pays $96.", false},
		{"96 (dollars)", "The cost is $90$.\nAdding the $6 tax, she pays $96.", true},
		{"90 (dollars)", "First, $9 \\times 10 = 90$.\nThen, adding 6, she pays 96 dollars.", false},
		{"34 (dollars)", "He spent $74 and earned $40, so his net is -$34.", false},
	})
}

// TestScientificUnits (stop 45, probe 24): a unit after scientific
// notation is a unit (a lone letter after a power of ten is no variable),
// "x" between a number and 10^ is the times sign, and the unit after a
// formula is no plain expression of its own (it was the answer: "m/s").
func TestScientificUnits(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`7.4e-12`, `**Answer:** 7.4 \times 10^{-12} m`, true},
		{`2\,\mathrm{kJ}`, `2\times10^3 J`, true},
		{`12\text{ km}`, `1.2\times10^4 m`, true},
		{`12\text{ km}`, `1.2\times10^4 s`, false},
		{`12\text{ km}`, `1.2\times10^3 m`, false},
		{`1.5`, `1.5\times10^0 x`, false},
		{`2.45e6`, `2.45 x 10^6`, true},
		{`2.45e7`, `2.45 x 10^6`, false},
		{`1.87e6`, `The speed is $1.87 \times 10^{6}$ m/s.`, true},
		{`1.87e5`, `The speed is $1.87 \times 10^{6}$ m/s.`, false},
		{"A", "Putting everything together:\n\nA", true},
	})
}

// TestFormulaThenValue (stop 45, probe 26): a formula and a later plain
// value in one sentence, with no word saying which is the result, is no
// answer (the plain value was: "$8 \times 5 = 40$ apples in 9 rows" was
// 9); a value right after an answer phrase followed by a symbol and words
// is no answer either ("The answer is 3 sin x for all x." was 3).
func TestFormulaThenValue(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"9", "He has $8 \\times 5 = 40$ apples in 9 rows.", false},
		{"40", "He has $8 \\times 5 = 40$ apples in 9 rows.", false},
		{"7", "So she pays $\\$64$ for 7 boxes.", false},
		{"147", "She had 168 and spent $21$, leaving 147 dollars.", true},
		{"4", "So $x = 4$ (from equation (2)).", true},
		{"40", "It costs $5, so $x = 40$.", true},
		{"3", "The answer is 3 sin x for all x.", false},
		{"15", "The answer is 15 x dollars total.", false},
		{"4", "The answer is 4 ab units.", false},
		{"5", "The answer is 5 apples in total.", true},
		{"5", "The answer is 5 in total.", true},
	})
	checkPolicy(t, ASDiv, []gradeCase{
		{"9 (apples)", "He has $8 \\times 5 = 40$ apples in 9 rows.", false},
	})
}

// TestSeveralValues (stop 45, probe 27): an ASDiv gold of several values
// is matched by the reply's list, not by its last values (10; 11; 12; 13
// was 11; 12; 13), with the gold's units (6 m; 15 m was 6 (cm); 15 (cm)),
// and alternatives are no list ("It is 32 or 20."); under MATH, boxes
// offered with an alternative in words are no list of values.
func TestSeveralValues(t *testing.T) {
	checkPolicy(t, ASDiv, []gradeCase{
		{"11; 12; 13", "10; 11; 12; 13", false},
		{"7; 8; 9", "100, 7, 8, 9", false},
		{"17 (years old); 12 (years old)", "The numbers are 3, 17, 12.", false},
		{"17 (years old); 12 (years old)", "First 5+12=17. So the ages are 17 and 12.", true},
		{"6 (cm); 15 (cm)", "6 m; 15 m", false},
		{"6 (cm); 15 (cm)", "6 cm; 15 cm", true},
		{"5 (hr); 10 (hr)", "5 minutes, 10 minutes", false},
		{"5 (hr); 10 (hr)", "5 hours, 10 hours", true},
		{"5 (hr); 10 (hr)", "So there are 5, 10 in all.", true}, // "in" is no inch here
		{"5 (hr); 10 (hr)", "5 hr, 10 min", false},
		{"28 (ft); 21 (ft)", "28 sq. ft; 21 ft", false},
		{"28 (ft); 21 (ft)", "28 square feet and 21 square feet", false},
		{"8 (ft); 128 (sq. ft)", "8 ft and 128 sq ft", true},
		{"32 (years old); 20 (years old)", "$\\boxed{32}$ or $\\boxed{20}$", false},
		{"32 (years old); 20 (years old)", "$\\boxed{32}$ and $\\boxed{20}$", true},
		{"32 (years old); 20 (years old)", "It is 32 or 20.", false},
		{"32 (years old); 20 (years old)", "Ana is 32 and Bo is 20.", true},
	})
	checkMATH(t, []gradeCase{
		{"1,-2", "The solutions are $\\boxed{1}$, $\\boxed{-2}$, or no solution.", false},
		{"1,-2", "The solutions are $\\boxed{1}$, $\\boxed{-2}$ (or possibly none).", false},
		{"1,-2", "The solutions are $\\boxed{1}$ and $\\boxed{-2}$.", true},
		{"7", "The answer is $\\boxed{7}$ (or equivalently $\\frac{14}{2}$).", true},
	})
}

// TestFormulaRestated: a formula's value restated after it ("about
// 16.7%") keeps the formula as the answer.
func TestFormulaRestated(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`\frac{1}{6}`, "So the probability is $\\frac{1}{6}$, about 16.7%.", true},
		{`\frac{1}{6}`, "So the probability is $\\frac{1}{6}$ or roughly 0.167.", true},
	})
}
