package latex

import (
	"context"
	"testing"

	"github.com/matheval/matheval/expr"
)

// TestWordsArePartOfTheAnswer (issue 21, principle a): qualifiers, words
// between numbers and text in another script make the answer a text
// answer; units after a number are still dropped.
func TestWordsArePartOfTheAnswer(t *testing.T) {
	text := []string{
		`\text{not }28`, `\text{at least }8`, `\text{less than }2`, `5\text{ or more}`, `2 \text{ apples and } 2`,
		`17 \text{ apples and } 27`, `3 \text{ km/h for } 6`, `2 \text{ штук по } 2`, `3 \text{ مرات } 3`,
		`\text{не }24`, `not 28`, `less than 2`, `3 km/h for 6`, `5 \text{ or fewer}`, `\text{maximum } 7`,
		`2 apples 3`,
		// a unit ends its quantity: what follows is never a factor
		// (these were 6 and 8, the unit gone between two factors)
		`2 cm(3)`, `2\text{a}(4)`, `2\,\mathrm{kg}(3)`, `2 \text{ apples} (3)`, `2\text{sq}(3)`, `\frac12\text{ cup }\frac13`,
	}
	wantTextAnswers(t, text)
	units := map[string]string{
		`10 \text{ cm}`: "10", `10 cm`: "10", `15\mbox{ cm}^2`: "15", `90\text{ square units}`: "90", `9 (apples)`: "9",
		`14 seats`: "14", `5 dollars`: "5", "90\\text{ square\nunits}": "90",
	}
	for in, want := range units {
		if n, err := Parse(in); err != nil || n.String() != want {
			t.Errorf("Parse(%q) = %v, %v, want %s", in, n, err, want)
		}
	}
}

// TestUnitWord: the one unit list, shared with answer normalisation.
func TestUnitWord(t *testing.T) {
	for _, w := range []string{"cm", "inches", "feet", "dollars", "kg", "hours", "mph"} {
		if !UnitWord(w) {
			t.Errorf("UnitWord(%q) = false", w)
		}
	}
	for _, w := range []string{"m", "s", "in", "min", "sec", "x", "not", "degrees", "percent", "and"} {
		if UnitWord(w) {
			t.Errorf("UnitWord(%q) = true", w)
		}
	}
	if len(UnitWords()) < 50 {
		t.Errorf("UnitWords has %d words", len(UnitWords()))
	}
}

// TestNotationsOfIssue21: the notations the parser read wrongly or not at
// all.
func TestNotationsOfIssue21(t *testing.T) {
	values := map[string]string{ // input -> exact value
		`{5 \choose 2}`:          "10",
		`\binom{5}{2}`:           "10",
		`5!!`:                    "15",
		`6!!`:                    "48",
		`(3!)!`:                  "720",
		`12^{\text{th}}`:         "12",
		`12^{th}`:                "12",
		`21st`:                   "21",
		`1010_{\text{two}}`:      "10",
		`1010_{(2)}`:             "10",
		`1010_{2}`:               "10",
		`0.101_{2}`:              "5/8",
		`0.1_{3}`:                "1/3",
		`\text{B7}_{12}`:         "139",
		`152A_{11}`:              "1968",
		`17_{\text{ten}}`:        "17",
		`\frac{12}{5,\!525}`:     "12/5525",
		`\frac{12}{5,525}`:       "12/5525",
		`{1+2 \over 3}`:          "1",
		`222,\!222,\!222`:        "222222222",
		`8 \bmod 5`:              "3",
		`\dfrac{2469}{20,\!000}`: "2469/20000",
	}
	for in, want := range values {
		n, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		r, err := expr.Rational(context.Background(), n, expr.Limits{})
		if err != nil || r.RatString() != want {
			t.Errorf("Parse(%q) = %s = %v (%v), want %s", in, n, r, err, want)
		}
	}
	for _, in := range []string{`5_{x}`, `1012_{2}`, `\text{B7}_{10}`} {
		if n, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) = %s, want an error (not a base)", in, n)
		}
	}
	// W(n) on the left of an equation is a function, as f(x) is anywhere
	n := MustParse(`W(n) = 1`)
	if r, ok := n.(*expr.Rel); !ok || r.Sides[0].String() != `\operatorname{W}\left(n\right)` {
		t.Errorf("W(n) = 1 parses as %s", n)
	}
	// a residue class keeps its modulus
	if n := MustParse(`3 \pmod{5}`); n.String() != `3 \pmod{5}` {
		t.Errorf("3 \\pmod{5} parses as %s", n)
	}
	// the separators of a list are kept
	l, ok := MustParse(`x < 1 \text{ or } x > 2`).(*expr.List)
	if !ok || len(l.Seps) != 1 || l.Seps[0] != "or" {
		t.Errorf("separators: %#v", l)
	}
	// SymPy's names on request
	if n, err := ParseWith(`2 I + E`, Config{SymPyNames: true}); err != nil || len(expr.FreeVars(n)) != 0 {
		t.Errorf("SymPyNames: %v %v", n, err)
	}
	if n := MustParse(`2 I + E`); len(expr.FreeVars(n)) != 2 {
		t.Errorf("without SymPyNames I and E are variables: %s", n)
	}
}

// An answer that is one \text group and does not read as mathematics is a
// text answer, never an error: what a text answer prints as must parse
// again (found by FuzzParse: `0\text{or00}"` printed `\text{0or00"}`).
func TestWholeTextGroupIsText(t *testing.T) {
	for _, s := range []string{`\text{0or00"}`, `\text{a"b}`, `$\text{it's "big"}$`} {
		n, err := Parse(s)
		if err != nil {
			t.Errorf("Parse(%q): %v", s, err)
			continue
		}
		if _, ok := n.(*expr.Text); !ok {
			t.Errorf("Parse(%q) = %T, want a text answer", s, n)
		}
	}
	if _, err := Parse(`\text{a} + "`); err == nil {
		t.Errorf(`Parse("\text{a} + \""): no error for more than one group`)
	}
}

// Words that change a value are part of the answer, never a unit: a time
// of day, a scale or count, an operation, a verdict. Scale words multiply.
// \not= is an inequation, and two numbers side by side are refused.
func TestValueWordsAndNegatedRelations(t *testing.T) {
	text := []string{`9\text{ a.m.}`, `9\text{ p.m.}`, `12\text{ noon}`, `5\text{ squared}`, `5\text{ halves}`,
		`2 \text{ (wrong)}`, `2 \text{ excluded}`, `5\text{ cubed}`, `5\text{ k}`}
	wantTextAnswers(t, text)
	values := map[string]int64{`7\text{ thousand}`: 7000, `3 million`: 3000000, `5\text{ dozen}`: 60, `2 \mbox{hundred}`: 200}
	for in, want := range values {
		n, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		v, err := expr.Rational(context.Background(), n, expr.Limits{})
		if err != nil || !v.IsInt() || v.Num().Int64() != want {
			t.Errorf("Parse(%q) = %s, want %d", in, n, want)
		}
	}
	for in, want := range map[string]string{`x \not= 5`: "!=", `x \not = 5`: "!=", `x \not\equiv 5`: "!="} {
		n, err := Parse(in)
		r, ok := n.(*expr.Rel)
		if err != nil || !ok || len(r.Ops) != 1 || r.Ops[0] != want {
			t.Errorf("Parse(%q) = %v, %v, want the relation %s", in, n, err, want)
		}
	}
	for _, in := range []string{`\not 5`, `x \not< 5`, `2 3`, `2\,3`, `1 2 3`, `2 or`, `2 \text{ or }`, "2‰", "2 ∠"} {
		if n, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) = %s, want an error", in, n)
		}
	}
}

// wantTextAnswers checks that each input parses to a text answer.
func wantTextAnswers(t *testing.T, inputs []string) {
	t.Helper()
	for _, in := range inputs {
		n, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v, want a text answer", in, err)
			continue
		}
		if _, ok := n.(*expr.Text); !ok {
			t.Errorf("Parse(%q) = %T %s, want a text answer", in, n, n)
		}
	}
}
