package answer

import "testing"

// TestUnitInsideFormula (stop 42): a unit the parser drops must end its
// quantity. Before, 2 cm + 3 was 5 and 2\text{a}(4) was 8 against bare
// golds: the unit vanished from the middle of a formula, where the rule
// that lets a bare gold match a value with a unit does not apply.
func TestUnitInsideFormula(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"5", `2\text{x}+3`, false},
		{"5", `2 cm+3`, false},
		{"6", `2 cm(3)`, false},
		{"6", `2\text{a}(3)`, false},
		{"8", `2\text{a}(4)`, false},
		{"6", `\boxed{2\,\mathrm{kg}\cdot 3}`, false},
		{`\frac12`, `\frac{2\text{ m}}{4}`, false},
		{"2", `\sqrt{4\text{ cm}}`, false},
		{"-1", `2\text{ cm}-3`, false},
		// a unit that ends the answer, or an item of it, is the policy's
		{"2", `2\text{ cm}`, true},
		{"2", `x = 2\text{ cm}`, true},
	})
}

// TestDegreeInsideFormula (stop 42): MATH's normalisation drops a degree
// sign that ends an angle (30^\circ, 30^\circ, 150^\circ, (6, 235^\circ)),
// never one inside a formula, where it is read as degrees: 2^\circ + 3 was
// 5, and e^{2^\circ} e^2. A cis or trigonometric answer keeps its signs.
func TestDegreeInsideFormula(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"5", `2^\circ+3`, false},
		{"5", `2°+3`, false},
		{"e^{2}", `e^{2^\circ}`, false},
		{"2^{30}", `2^{30^\circ}`, false},
		{`\operatorname{cis} 30`, `\operatorname{cis} 30^\circ`, false},
		{`2\operatorname{cis}(60)`, `2\operatorname{cis} 60^\circ`, false},
		{`1+\sqrt3 i`, `2\operatorname{cis} 60^\circ`, true},
		{`\frac{\pi}{3}`, `\frac{180^\circ}{3}`, true},
		{"30", `30^\circ`, true},
		{"30", `30°.`, true},
		{"30, 150", `30^\circ, 150^\circ`, true},
		{"(6,235)", `(6,235^\circ)`, true},
		{"45", `x = 45^{\circ}`, true},
	})
}

// TestDegreeListsAndGrouping (stop 42): a degree sign dropped before a
// comma keeps two angles apart (45^\circ,135^\circ is no 45,135), and a
// comma before a negative space groups digits however the gold spaces it.
func TestDegreeListsAndGrouping(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`45^\circ, 135^\circ`, `45^\circ,135^\circ`, true},
		{`45^\circ, 135^\circ`, `45135`, false},
		{`111, \! 111, \! 111`, `111,\! \! 111,\! \! 111`, true},
		{`111, \! 111, \! 111`, `111111111`, true},
	})
}
