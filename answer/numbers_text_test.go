package answer

import (
	"strings"
	"testing"
)

// TestNothingDroppedBetweenNumbers: principle (a) of issue 21 at the
// extraction level. Numbers left standing after words are removed are never
// multiplied together or glued; a sentence in another language never becomes
// the product of its numbers; a sign before a currency sign stays; "1 / 2" in
// a sentence is one half.
func TestNothingDroppedBetweenNumbers(t *testing.T) {
	notEqual := []struct{ gold, reply string }{
		{"60", "2 hours 30 minutes"},             // 2*30
		{"15", "5 feet 3 inches"},                // 5*3
		{"6", "The answer is 2 kg 3 apples"},     // anchored
		{"6", `$2 \text{ kg } 3$`},               // in math, with \text
		{"6", `\boxed{2 \text{ apples and } 3}`}, // "apples and": not only a connective
		{"12", "每个盒子有3个苹果，一共4个盒子"},               // another language, bare
		{"12", "The answer is 每个盒子有3个苹果，一共4个盒子"}, // another language, anchored
		{"12", "Ответ: 3 коробки по 4 яблока"},   // Cyrillic
		{"7", `-\$7`},                               // the sign stays
		{"7", `The loss is -$7.`},                   //
		{"0.25", `-\$0.25`},                         //
		{"5", `$y(x) \approx 1 + \frac{x^5}{5!}$`},  // ASDiv: a factorial, an exponent are no value
		{"2", "so the ratio is 1 / 2 of the total"}, // "1 / 2" is one half, not 2
		{"30", "2 hours 30 minutes"},                // nor the last of its numbers
	}
	for _, p := range []Policy{MATH, ASDiv} {
		for _, c := range notEqual {
			if v := Grade(p, c.gold, c.reply, "stop"); v.Kind == Correct {
				t.Errorf("%s: gold %q reply %q graded correct (%s, extracted %q)", p.Name, c.gold, c.reply, v.Reason, v.Extracted)
			}
		}
	}
	equal := []struct{ gold, reply string }{
		{"-7", `-\$7`},
		{"-7", `The loss is -$7.`},
		{"-0.25", `-\$0.25`},
		{"-7", `\$-7`},
		{"1/2", "so the ratio is 1 / 2 of the total"},
		{"35", "35 cm"},
		{"2, 3", `2 \text{ and } 3`},
	}
	for _, p := range []Policy{MATH, ASDiv} {
		for _, c := range equal {
			if p.Name == "asdiv" && strings.Contains(c.gold, ",") {
				continue
			}
			if v := Grade(p, c.gold, c.reply, "stop"); v.Kind != Correct {
				t.Errorf("%s: gold %q reply %q: %s (%s, extracted %q)", p.Name, c.gold, c.reply, v.Kind, v.Reason, v.Extracted)
			}
		}
	}
}

func TestCompoundQuantity(t *testing.T) {
	for s, want := range map[string]bool{
		"2 hours 30 minutes": true, "5 feet 3 inches": true, `2 \text{ kg } 3`: true, "3 apples in 4 boxes": true,
		"35 cm, 4": false, "2 and 3": false, `x = 1 \text{ or } x = 2`: false, `10 \text{ cm}^2`: false,
		"2x + 3": false, "3 to 5": false, `2\pi r`: false, "5 choose 2": false, `12^{\text{th}}`: false,
		"1 hour and 30 minutes": true, "ab + 2 bc + 3": false,
	} {
		if _, got := compoundQuantity(s); got != want {
			t.Errorf("compoundQuantity(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestLongBareAnswer: a one-line answer longer than BareMax that holds no
// prose is graded whole, never by its last number.
func TestLongBareAnswer(t *testing.T) {
	var terms []string
	for k := 1; k <= 60; k++ {
		terms = append(terms, "a_{"+strings.Repeat("1", 1+k%3)+"}x^{2}")
	}
	long := strings.Join(terms, " + ")
	if len(long) <= 256 {
		t.Fatalf("test answer only %d bytes", len(long))
	}
	other := strings.Replace(long, "a_{11}", "a_{12}", 1) // same last number
	if v := Grade(MATH, long, other, "stop"); v.Kind == Correct || v.Extracted != other {
		t.Errorf("a long answer graded by its last number: %s %q (%s)", v.Kind, v.Extracted, v.Reason)
	}
	if v := Equivalent(MATH, long, long); v.Kind != Correct {
		t.Errorf("a long answer against itself: %s (%s)", v.Kind, v.Reason)
	}
	if v := Equivalent(MATH, long, other); v.Kind == Correct {
		t.Errorf("two long answers with the same last number: %s (%s)", v.Kind, v.Reason)
	}
}

// TestSignRunReadWhole: a run of signs before a number is read whole, so
// "−-5" (a Unicode minus before an ASCII one, as MATH 401 replies write it)
// is 5, never -5 with one sign dropped unread; more signs than a reply
// writes are no number at all.
func TestSignRunReadWhole(t *testing.T) {
	cases := []struct {
		text string
		want string // "" for no number
	}{
		{"--5", "5"},
		{"−-5", "5"},
		{"-−5", "5"},
		{"-+5", "-5"},
		{"+-5", "-5"},
		{"-5", "-5"},
		{"−5", "-5"},
		{"-----5", ""},
	}
	for _, c := range cases {
		n, ok := numberAt(c.text, 0)
		switch {
		case c.want == "" && ok:
			t.Errorf("%q: read %s, want no number", c.text, n.val.RatString())
		case c.want != "" && !ok:
			t.Errorf("%q: no number, want %s", c.text, c.want)
		case c.want != "" && n.val.RatString() != c.want:
			t.Errorf("%q: read %s, want %s", c.text, n.val.RatString(), c.want)
		}
	}
}
