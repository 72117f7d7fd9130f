package answer

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// unitSymbols lists every unit the table reads: its names and symbols, and
// each prefixable symbol under the common SI prefixes (kJ, MHz, mL, GB).
func unitSymbols() []string {
	set := map[string]bool{}
	for n := range unitNames {
		set[n] = true
	}
	for s := range prefixable {
		set[s] = true
		for _, p := range []string{"k", "M", "G", "m", "c", "µ", "n"} {
			set[p+s] = true
		}
	}
	var out []string
	for s := range set {
		if _, ok := lookupAtom(s); ok {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

// unitMeaning is a unit symbol's dimension and factor, as one string: two
// symbols with the same meaning (km and kilometer) are not a wrong pair.
func unitMeaning(s string) string {
	a, _ := lookupAtom(s)
	keys := make([]string, 0, len(a.dim))
	for k, e := range a.dim {
		keys = append(keys, fmt.Sprintf("%s^%d", k, e))
	}
	sort.Strings(keys)
	return strings.Join(keys, " ") + "*" + a.factor.RatString()
}

// unitRenderings are the ways a reply states "5 <unit>" besides \text{}:
// plain text, after inline math, in an answer statement, in a sentence and
// in markdown bold.
var unitRenderings = []string{
	"%s %s", "$%s$ %s", "The answer is %s %s.", "So we get $%s$ %s.", "Therefore, the pressure is **%s %s**.",
}

// TestUnitRenderingsNeverEqualAnotherUnit is a property over the whole unit
// table: a gold 5\text{ a} is never Equal to a reply that says 5 b in any
// rendering, when a and b differ in meaning (another prefix, another
// dimension, another temperature scale or currency). The unit after a plain
// number or after inline math used to be dropped by extraction, and the gold's
// unit against a bare candidate is accepted, so 5 kPa was 5 Pa.
func TestUnitRenderingsNeverEqualAnotherUnit(t *testing.T) {
	syms := unitSymbols()
	if len(syms) < 150 {
		t.Fatalf("only %d unit symbols read from the table", len(syms))
	}
	meaning := unitMeaning
	// Pairs: every symbol against a fixed sample of others (the full square
	// is 100k+ pairs); the sample is every 7th symbol, so each dimension and
	// prefix meets every other.
	pairs, falseEq := 0, 0
	var examples []string
	for i, a := range syms {
		for j := i % 7; j < len(syms); j += 7 {
			b := syms[j]
			if meaning(a) == meaning(b) {
				continue
			}
			for _, r := range unitRenderings {
				if b == "$" && strings.Contains(r, "$%s$") {
					continue // "$5$ $": a dollar after math is another delimiter, not a unit
				}
				pairs++
				gold := `5\text{ ` + a + `}`
				reply := fmt.Sprintf(r, "5", b)
				if v := Grade(MATH, gold, reply, ""); v.Kind == Correct {
					falseEq++
					if len(examples) < 20 {
						examples = append(examples, fmt.Sprintf("%s <- %q (%s)", gold, reply, v.Reason))
					}
				}
			}
		}
	}
	// and the same unit, rendered the same ways, stays Equal
	// (A one-letter symbol in plain text, "5 m", may as well be a product
	// with a variable and is refused there: counted apart, not required.)
	same, sameEq, words, wordsEq := 0, 0, 0, 0
	var misses []string
	for _, a := range syms {
		word := len(a) >= 2 && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
		for _, r := range unitRenderings {
			if a == "$" && strings.Contains(r, "$%s$") {
				continue
			}
			same++
			if word {
				words++
			}
			gold := `5\text{ ` + a + `}`
			reply := fmt.Sprintf(r, "5", a)
			if v := Grade(MATH, gold, reply, ""); v.Kind == Correct {
				sameEq++
				if word {
					wordsEq++
				}
			} else if word && len(misses) < 20 {
				misses = append(misses, fmt.Sprintf("%s <- %q (%s)", gold, reply, v.Reason))
			}
		}
	}
	t.Logf("%d unit symbols, %d pairs of different units x renderings, %d false Equal; the same unit: %d of %d Equal, "+
		"%d of %d for units written in two or more ASCII letters", len(syms), pairs, falseEq, sameEq, same, wordsEq, words)
	if wordsEq*100 < words*99 {
		t.Errorf("the same unit rendered as a reply is Equal in only %d of %d, e.g.:\n%s", wordsEq, words, strings.Join(misses, "\n"))
	}
	if falseEq > 0 {
		t.Errorf("%d false Equal, e.g.:\n%s", falseEq, strings.Join(examples, "\n"))
	}
}

// TestHedgedPlainNumber: a plain reply's last number or formula after a
// hedge or a bound is an estimate, not the answer ("about 5", "at least $5$"
// against the gold 5), as it already was in an answer statement; the same
// sentence without the hedge is read.
func TestHedgedPlainNumber(t *testing.T) {
	for _, h := range []string{"about", "approximately", "roughly", "nearly", "almost", "around", "circa", "≈", "at least", "more than", "up to"} {
		for _, r := range []string{"%s 5", "It is %s 5."} {
			reply := fmt.Sprintf(r, h)
			if v := Grade(MATH, "5", reply, ""); v.Kind == Correct {
				t.Errorf("gold 5 <- %q: %s (%s), want it not read as 5", reply, v.Kind, v.Reason)
			}
		}
	}
	// a formula after a bound is no answer either; after a hedge it is a
	// decimal for the rounding rule (approximately $28.27$ for 9\pi)
	for _, h := range []string{"at least", "more than", "up to", "less than"} {
		for _, r := range []string{"So we get %s $5$.", "So we get %s \\(5\\)."} {
			reply := fmt.Sprintf(r, h)
			if v := Grade(MATH, "5", reply, ""); v.Kind == Correct {
				t.Errorf("gold 5 <- %q: %s (%s), want it not read as 5", reply, v.Kind, v.Reason)
			}
		}
	}
	if v := Grade(MATH, `9\pi`, "So the area is approximately $28.27$.", ""); v.Kind != Correct {
		t.Errorf("gold 9\\pi <- approximately $28.27$: %s (%s), want Correct", v.Kind, v.Reason)
	}
	for _, reply := range []string{"5", "It is 5.", "So we get $5$.", "So the answer is about right: 5."} {
		if v := Grade(MATH, "5", reply, ""); v.Kind != Correct {
			t.Errorf("gold 5 <- %q: %s (%s), want Correct", reply, v.Kind, v.Reason)
		}
	}
}

// TestGluedUnit: a unit symbol written onto its number is the number's unit
// when it is two or more letters the table reads; one letter, with a power
// or not, stays a product (3s² is not 3), unless the number's digits are
// grouped in thousands (1,000.99m²: algebra never writes a coefficient so).
// A number, a space and a one-letter SI symbol that end the answer are a
// quantity (5000 J), and a word after a closed formula is its unit, never
// the answer ($5$ m).
func TestGluedUnit(t *testing.T) {
	cases := []struct {
		gold, reply string
		want        Kind
	}{
		{"3", "$3s²$", Wrong},
		// the peer suite's mv-015: a coefficient grouped in thousands is a
		// quantity, so its one-letter symbol is a unit
		{"1000.99", "so the number is 10 which is 1,000.99m²", Correct},
		{`1000.99\text{ m}^2`, "1,000.99m³", Wrong},
		{"5", "5,000m", Wrong},
		{"2", "2.5m²", Wrong},
		{`5\text{ kJ}`, "5000 J", Correct},
		{`5\text{ kJ}`, "5000 N", Wrong},
		{"5", "$5$ m", Correct},
		{"m", "$5$ m", Wrong},
		{"5", "5 x", Wrong},
		{`12\text{ cm}^2`, "12cm²", Correct},
		{`12\text{ cm}`, "It is 12cm.", Correct},
		{`12\text{ cm}`, "12mm", Wrong},
		{`12\text{ kPa}`, "12Pa", Wrong},
		{"5", "so it is 5m", Wrong},
		{"12", "12ab", Wrong},
	}
	for _, c := range cases {
		if v := Grade(MATH, c.gold, c.reply, ""); (v.Kind == Correct) != (c.want == Correct) {
			t.Errorf("gold %q <- %q: %s (%s), want %s", c.gold, c.reply, v.Kind, v.Reason, c.want)
		}
	}
}

// TestBareBold: markdown bold around a whole bare reply is emphasis.
func TestBareBold(t *testing.T) {
	for _, c := range []struct {
		gold, reply string
		want        Kind
	}{{"2", "**2**", Correct}, {"2", "**3**", Wrong}, {"x^2", "**x^2**", Correct}} {
		if v := Grade(MATH, c.gold, c.reply, ""); (v.Kind == Correct) != (c.want == Correct) {
			t.Errorf("gold %q <- %q: %s (%s), want %s", c.gold, c.reply, v.Kind, v.Reason, c.want)
		}
	}
}

// TestMarkdownAroundBareReply: italic and inline code around a whole bare
// reply are emphasis, as bold is; anything else stays unparsable.
func TestMarkdownAroundBareReply(t *testing.T) {
	for _, c := range []struct {
		gold, reply string
		want        Kind
	}{
		{"12", "`12`", Correct}, {"12", "*12*", Correct}, {"12", "_12_", Correct}, {"13", "*12*", Wrong},
		{"6", "*2*3*", Unparsable}, {"x_1", "_x_1_", Unparsable},
	} {
		if v := Grade(MATH, c.gold, c.reply, ""); (v.Kind == Correct) != (c.want == Correct) {
			t.Errorf("gold %q <- %q: %s (%s), want %s", c.gold, c.reply, v.Kind, v.Reason, c.want)
		}
	}
}

// TestIntegralInPlainReply: a plain reply that ends on an integral is read
// whole, bounds to differential, never cut to its integrand (x^2 was the
// answer of "\int_0^1 x^2 dx", so the gold x^2 was Equal to it).
func TestIntegralInPlainReply(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"x^2", `\int_0^1 x^2 dx`, false},
		{"x^2", `The integral is \int_0^1 x^2 dx.`, false},
		{`\frac13`, `The integral is \int_0^1 x^2 dx.`, true},
		{`\frac13`, `\int_0^1 x^2 dx`, true},
		{"x^2", `\int x^2 dx`, false},
		{"5", `We compute \int_0^1 x dx and the total is 5`, true},
	})
}

// TestMinutesUnit: "min" alone after a value is minutes, compared by
// meaning; before a value it is not a unit.
func TestMinutesUnit(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`1\text{ h}`, `60\text{ min}`, true},
		{`1\text{ hour}`, `60\text{ min}`, true},
		{`1\text{ hour}`, `60\text{ s}`, false},
		{`5\text{ s}`, `5\text{ min}`, false},
	})
}

// TestConvertGroupedNumber: a number grouped in thousands is one value
// when converted to the gold's unit (135,000 cm is 1.35 km), never a list.
func TestConvertGroupedNumber(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`1.35\mathrm{~km}`, `135,000 \mathrm{~cm}`, true},
		{`1.35\mathrm{~km}`, `135,001 \mathrm{~cm}`, false},
		{`1.35\mathrm{~km}`, `-135,000 \mathrm{~cm}`, false},
		{`1.35\mathrm{~km}`, `1,35 \mathrm{~cm}`, false},
	})
}

// TestCountNounAfterValue: a count noun that ends the sentence after the
// value is its unit by text ("5 apples" is not the gold 5 oranges); words
// that follow a number without naming what it counts are not read.
func TestCountNounAfterValue(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`5\text{ oranges}`, "5 apples", false},
		{`5\text{ oranges}`, `\boxed{5} apples`, false},
		{`5\text{ oranges}`, "So he has 5 apples.", false},
		{`5\text{ oranges}`, `\boxed{5}\text{ apples}`, false},
		{`5\text{ apples}`, "So he has 5 apples.", true},
		{"5", "So he has 5 apples.", true},
		{"5", "It happens 5 times.", true},
		{`5\text{ apples}`, "So he has 5 apples left.", true}, // (the noun is not the sentence's end: the number is read bare)
		{"15", "So Anna has 15 apples, which is 3 more than Tom's 12.", true},
	})
}
