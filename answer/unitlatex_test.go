package answer

import (
	"fmt"
	"strings"
	"testing"
)

// unitLaTeXRenderings are the ways LaTeX writes "5 <unit>": each spacing
// command before the unit, and each text or font command around it.
var unitLaTeXRenderings = []string{
	`%s\text{ %s}`, `%s\text{%s}`, `%s\,\text{%s}`, `%s~\text{%s}`, `%s\;\text{%s}`, `%s\ \text{%s}`, `%s\:\text{%s}`,
	`%s\quad\text{%s}`, `%s\qquad\text{%s}`, `%s\!\text{ %s}`, `%s\enspace\text{%s}`, `%s\thinspace\text{%s}`,
	`%s\mathrm{~%s}`, `%s\,\mathrm{%s}`, `%s~\mathrm{%s}`, `%s\ \mathrm{%s}`, `%s\mathrm{\,%s}`, `%s\textrm{ %s}`,
	`%s\mbox{ %s}`, `%s\operatorname{%s}`, `%s\,\operatorname{%s}`, `%s\textnormal{ %s}`, `%s\textbf{ %s}`,
	`%s\,\textit{%s}`, `%s\,\mathsf{%s}`, `%s\;\mathrm{%s}`, `%s\hbox{ %s}`, `%s \text{%s}`, `%s\,\text{ %s}`,
	`$%s\ \mathrm{%s}$`, `\boxed{%s~\text{%s}}`, `The answer is $%s\;\mathrm{%s}$.`, `\(%s\,\mathrm{%s}\)`,
	// a unit group after the box or the formula
	`\boxed{%s}\text{ %s}`, `\boxed{%s}\,\mathrm{%s}`, `$%s$\,\mathrm{%s}`, `The answer is $\boxed{%s}$ \text{%s}.`,
}

// TestUnitLaTeXRenderingsNeverEqualAnotherUnit is the LaTeX side of
// TestUnitRenderingsNeverEqualAnotherUnit: a unit after any spacing command
// or inside any text or font command is read as the unit, on either side,
// never dropped (5~\text{J} was read as a bare 5 and so Equal to 5 kJ).
func TestUnitLaTeXRenderingsNeverEqualAnotherUnit(t *testing.T) {
	syms := unitSymbols()
	pairs, falseEq := 0, 0
	var examples []string
	check := func(gold, reply string) {
		pairs++
		if v := Grade(MATH, gold, reply, ""); v.Kind == Correct {
			falseEq++
			if len(examples) < 30 {
				examples = append(examples, fmt.Sprintf("%s <- %q (%s)", gold, reply, v.Reason))
			}
		}
	}
	for i, a := range syms {
		if strings.ContainsAny(a, "${}") {
			continue
		}
		for j := i % 11; j < len(syms); j += 11 {
			b := syms[j]
			if strings.ContainsAny(b, "${}") || unitMeaning(a) == unitMeaning(b) {
				continue
			}
			for _, r := range unitLaTeXRenderings {
				check(`5\text{ `+a+`}`, fmt.Sprintf(r, "5", b))
				if !strings.ContainsAny(r, "$(T") && !strings.Contains(r, "boxed") {
					check(fmt.Sprintf(r, "5", a), `5\text{ `+b+`}`)
				}
			}
		}
	}
	same, sameEq := 0, 0
	var misses []string
	for _, a := range syms {
		if strings.ContainsAny(a, "${}") {
			continue
		}
		for _, r := range unitLaTeXRenderings {
			same++
			reply := fmt.Sprintf(r, "5", a)
			if v := Grade(MATH, `5\text{ `+a+`}`, reply, ""); v.Kind == Correct {
				sameEq++
			} else if len(misses) < 30 {
				misses = append(misses, fmt.Sprintf("5\\text{ %s} <- %q (%s)", a, reply, v.Reason))
			}
		}
	}
	t.Logf("%d pairs of different units in LaTeX renderings, %d false Equal; the same unit: %d of %d Equal", pairs, falseEq, sameEq, same)
	if falseEq > 0 {
		t.Errorf("%d false Equal, e.g.:\n%s", falseEq, strings.Join(examples, "\n"))
	}
	if sameEq*100 < same*95 {
		t.Errorf("the same unit is Equal in only %d of %d, e.g.:\n%s", sameEq, same, strings.Join(misses, "\n"))
	}
}

// TestCountNounRenderings: a count noun after the value, in any of the
// renderings replies use (LaTeX groups and spacing, after a box or a
// formula, plain text, markdown), is compared by its text: never Equal to
// a gold with another noun, and Equal to the same one.
func TestCountNounRenderings(t *testing.T) {
	rend := []string{`5\text{ %s}`, `5~\text{%s}`, `5\,\text{%s}`, `5\ \text{%s}`, `5\;\mathrm{%s}`, `5\textrm{ %s}`,
		`\boxed{5}\text{ %s}`, `\boxed{5} %s`, `$5$ %s`, `5 %s`, `The answer is 5 %s.`, `So we have 5 %s.`, `**5 %s**`,
		`\boxed{5\text{ %s}}`, `$5$ \text{%s}`}
	nouns := []string{"apples", "oranges", "marbles", "students", "cookies", "dollars", "euros", "cents", "pounds", "yen",
		"boys", "girls", "cars", "hours", "minutes", "days", "weeks", "meters", "feet", "inches"}
	var tally renderingTally
	for _, a := range nouns {
		for _, r := range rend {
			for _, b := range nouns {
				reply := fmt.Sprintf(r, b)
				tally.add(a == b, `5\text{ `+a+`}`, reply, Grade(MATH, `5\text{ `+a+`}`, reply, ""))
			}
		}
	}
	tally.check(t, "count nouns")
}
