package equiv_test

import (
	"testing"

	"github.com/matheval/matheval/equiv"
)

// TestUprightLettersAreNoUnits: an upright group of one or two characters
// after a number is a unit only when it holds a unit symbol; \mathrm{x}
// is the variable x and \mathrm{pi} is no unit, so neither vanishes from
// a sum or a product (2+3\mathrm{x} was Equal to 5, 2\mathrm{x} to 2).
func TestUprightLettersAreNoUnits(t *testing.T) {
	wantEqual(t, []pair{
		{`2x`, `2\mathrm{x}`},
		{`2+3x`, `2+3\mathrm{x}`},
		{`5`, `5\,\mathrm{m}`},
		{`5`, `5\,\mathrm{kJ}`},
		{`7`, `7\,\mathrm{MB}`},
		{`3`, `3\,\mathrm{kg}`},
	})
	for _, p := range []pair{
		{`5`, `2+3\mathrm{x}`}, {`-1`, `2-3\mathrm{x}`}, {`1`, `\frac12+\frac12\mathrm{j}`}, {`4`, `1+3\mathrm{pi}`},
		{`2`, `2\mathrm{x}`}, {`2`, `2\mathrm{x}^3`}, {`5`, `5\mathrm{y}`}, {`3`, `3\mathrm{pi}`}, {`5`, `5\,\mathrm{xy}`},
		{`(1,2)`, `(1\mathrm{x},2\mathrm{y})`}, {`6`, `2\cdot 3\mathrm{x}`}, {`2\sqrt{2}`, `\sqrt{2}+\sqrt{2}\,\mathrm{z}`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s): the upright letter vanished", p.gold, p.cand, r.Reason)
		}
	}
}

// TestDigitGroupsAreNoProducts: a group that starts with a digit after a
// number (7{8}, 7\mathbf{8}, \textcolor{red}{3}\textcolor{red}{9}) is the
// digits TeX prints side by side, neither their product nor one number;
// after a variable it is a factor as before.
func TestDigitGroupsAreNoProducts(t *testing.T) {
	for _, p := range []pair{
		{`56`, `7{8}`}, {`56`, `{7}{8}`}, {`56`, `\mathbf{7}\mathbf{8}`}, {`48`, `12\text{4}`}, {`27`, `3\textcolor{red}{9}`},
		{`0.6`, `0.2{3}`}, {`50`, `1\mathbf{50}`}, {`30`, `6\mathrm{5}`}, {`100`, `\color{red}{10}{10}`}, {`6`, `\sqrt{4}{3}`},
		{`78`, `7{8}`}, {`78`, `7\mathbf{8}`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s)", p.gold, p.cand, r.Reason)
		}
	}
	wantEqual(t, []pair{{`2x`, `x{2}`}, {`6`, `2\cdot\mathbf{3}`}, {`8`, `\mathbf{8}`}, {`27`, `\textcolor{red}{27}`}})
}

// TestStarredLayoutCommands: \tag*, \hspace*, \vspace* are the layout
// commands with their argument; the star is never a product.
func TestStarredLayoutCommands(t *testing.T) {
	wantEqual(t, []pair{{`5`, `5\tag*{(2)}`}, {`3`, `3\hspace*{2pt}`}, {`3`, `3\vspace*{1em}`}, {`\frac12`, `\frac{1}{2}\tag*{(3)}`}})
	for _, p := range []pair{{`10`, `5\tag*{(2)}`}, {`30`, `6\tag*{5}`}, {`6`, `3\hspace*{2}`}, {`6`, `3\vspace*{2}`}} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s)", p.gold, p.cand, r.Reason)
		}
	}
}

// TestDecimalAgainstNoValue: a decimal is never the rounding of a value
// with an uninterpreted function (its stand-in value in a comparison of
// formulas is no number): 2 \pmod 5 was Equal to 1.5904.
func TestDecimalAgainstNoValue(t *testing.T) {
	for _, p := range []pair{{`1.5904`, `2\pmod 5`}, {`1.954372845`, `17\pmod 5`}} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s)", p.gold, p.cand, r.Reason)
		}
	}
}

// TestTextKeepsDecimalPoints: a text answer's abbreviation periods go
// ("3:30 p.m." is "3:30 pm"), its decimal points stay: 1.25 pm (picometres)
// was the same text as 125 pm.
func TestTextKeepsDecimalPoints(t *testing.T) {
	wantEqual(t, []pair{{`3:30 p.m.`, `3:30 pm`}, {`\text{Mrs. Hilt}`, `\text{mrs hilt}`}})
	for _, p := range []pair{{`1.25 \text{ pm}`, `125 \text{ pm}`}, {`3.61 \mathrm{pm}`, `36.1 \mathrm{pm}`}, {`1.25 \mathrm{am}`, `12.5 \mathrm{am}`}} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s)", p.gold, p.cand, r.Reason)
		}
	}
}
