package answer

import (
	"testing"

	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/jsonl"
)

// The rules of the MATH paper's normalisation, one case each, worked by
// hand from its released code's steps.
func TestHendrycksNormalize(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{`\dfrac{1}{2}`, `\frac{1}{2}`, true},
		{`\tfrac12`, `\frac{1}{2}`, true},
		{`\frac1{72}`, `\frac{1}{72}`, true},
		{`\left( 3, 4 \right)`, `(3,4)`, true},
		{`30^\circ`, `30`, true},
		{`\$5.00`, `5.00`, true},
		{`10\text{ inches}`, `10`, true},
		{`5\text{ cm} + 2\text{ cm}`, ``, false}, // two units: the paper's code raises
		{`50\%`, `50`, true},
		{`.5`, `\frac{1}{2}`, true},
		{`0.5`, `\frac{1}{2}`, true},
		{`k = 7`, `7`, true},
		{`xyz = 7`, `xyz=7`, true}, // more than two characters before "="
		{`\sqrt3`, `\sqrt{3}`, true},
		{`2\sqrt`, ``, false},
		{`3/4`, `\frac{3}{4}`, true},
		{`03/4`, `03/4`, true}, // not as int/int reprints
		{"10,\\!000", `10,000`, true},
		{`\frac{a}{b}\\`, `\frac{a}{b}\`, true},
		{`\frac1`, `\frac1`, true}, // too short: left as it was
	} {
		got, ok := HendrycksNormalize(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("HendrycksNormalize(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestHendrycksPolicy(t *testing.T) {
	for _, tc := range []struct {
		gold, reply string
		want        Kind
	}{
		{`\frac{1}{2}`, `So $\boxed{\dfrac12}$.`, Correct},
		{`\frac{1}{2}`, `So $\boxed{0.5}$.`, Correct},
		{`\frac{1}{2}`, `So $\boxed{0.50}$.`, Wrong}, // no numeric equivalence
		{`x+1`, `$\boxed{1+x}$`, Wrong},              // no symbolic equivalence
		{`5`, `The answer is 5.`, NoAnswer},          // the paper's code needs a box
		{`5`, `$\boxed{4}$ no wait $\boxed{5}$`, Correct},
		{`5`, `$\boxed{4}$ or maybe $\boxed{5}$`, Correct}, // the paper's code takes the last box, hedged or not
		{`4`, `$\boxed{4}$. Check: $\boxed{5}$`, Wrong},
	} {
		v := Grade(Hendrycks, tc.gold, tc.reply, "stop")
		if v.Kind != tc.want {
			t.Errorf("gold %q reply %q: %s (%s), want %s", tc.gold, tc.reply, v.Kind, v.Reason, tc.want)
		}
	}
}

// Every MATH-500 gold answer is equal to itself in a box under the paper's
// scoring (its normalisation is deterministic and total on real golds).
func TestHendrycksGoldsSelfEqual(t *testing.T) {
	path := testenv.Shared(t, "data", "math500", "test.jsonl")
	type row struct {
		Answer   string `json:"answer"`
		UniqueID string `json:"unique_id"`
	}
	rows, err := jsonl.ReadFile[row](path)
	if err != nil || len(rows) != 500 {
		t.Fatalf("%s: %d rows, %v", path, len(rows), err)
	}
	for _, r := range rows {
		if v := Grade(Hendrycks, r.Answer, `$\boxed{`+r.Answer+`}$`, "stop"); v.Kind != Correct {
			t.Errorf("%s: gold %q against itself: %s (%s)", r.UniqueID, r.Answer, v.Kind, v.Reason)
		}
	}
}

// Degrees inside a trigonometric function reach the engine (it reads them
// as degrees); a bare angle still drops its degree sign.
func TestDegreesInsideTrig(t *testing.T) {
	for _, tc := range []struct {
		gold, pred string
		want       Kind
	}{
		{`\sin 50^\circ`, `$\cos 40^\circ$`, Correct},
		{`2-\sqrt{3}`, `$\tan 15^\circ$`, Correct},
		{`\sin 50^\circ`, `$\cos 50^\circ$`, Wrong},
		{`30`, `$30^\circ$`, Correct},
		{`30`, `30 degrees`, Correct},
		{`12`, `$12\text{ cm}$`, Correct},
		{`5`, `$5\text{ or more}$`, Wrong},
	} {
		if v := Equivalent(MATH, tc.gold, tc.pred); v.Kind != tc.want {
			t.Errorf("gold %q pred %q: %s (%s), want %s", tc.gold, tc.pred, v.Kind, v.Reason, tc.want)
		}
	}
}

// Two MATH golds that did not equal themselves through `matheval equiv`
// (the prediction read as a bare answer): a \text group written with a
// space before its brace, and products of two-letter names.
func TestBareGoldsEqualThemselves(t *testing.T) {
	for _, g := range []string{`8\sqrt{3} \text { square inches}`, `-(ab + ac + bc)`, `ab+bc+ca`, `xy + yz`} {
		if v := Equivalent(MATH, g, g); v.Kind != Correct {
			t.Errorf("%q against itself: %s (%s), extracted %q", g, v.Kind, v.Reason, v.Extracted)
		}
	}
}
