package answer

import (
	"context"
	"strconv"
	"strings"

	"github.com/matheval/matheval/equiv"
	"github.com/matheval/matheval/texscan"
)

// Hendrycks is the MATH paper's own scoring (Hendrycks et al. 2021, the
// is_equiv of its released evaluation code), for putting matheval's score
// beside a paper that used it: the last \boxed{} of the reply is compared
// with the gold answer as strings, after the paper's normalisation only
// (HendrycksNormalize). No symbolic equivalence: "\frac{1}{2}" and "0.50"
// differ, "x+1" and "1+x" differ. The gap to the MATH policy's score is
// itself informative (how much the paper's rule under-counts).
var Hendrycks = Policy{
	Name: "hendrycks",
	Extraction: Extraction{
		// The paper's code takes the last \boxed (or \fbox) of the output.
		Tiers:       [][]CandidateKind{{KindBoxed}},
		Reasoning:   DefaultReasoning,
		LineMarkers: DefaultLineMarkers,
		Tokens:      DefaultTokens,
		// The last box as written: no reading of hedges, checks or
		// self-corrections (conclude.go), which the paper's code lacks.
		AsWritten: true,
	},
	Compare: hendrycksCompare,
}

func hendrycksCompare(_ context.Context, gold, cand string, _ equiv.Options) Verdict {
	g, gok := HendrycksNormalize(gold)
	c, cok := HendrycksNormalize(cand)
	if !gok || !cok {
		// The paper's code falls back to comparing the raw strings when
		// its normalisation fails on either side.
		if gold == cand {
			return Verdict{Kind: Correct, Score: 1, Reason: "identical strings (the paper's normalisation failed; raw strings compared)"}
		}
		return Verdict{Kind: Wrong, Reason: "different strings (the paper's normalisation failed; raw strings compared)"}
	}
	if g == c {
		return Verdict{Kind: Correct, Score: 1, Reason: "equal after the MATH paper's normalisation: " + strconv.Quote(g)}
	}
	return Verdict{Kind: Wrong, Reason: "different after the MATH paper's normalisation: " + strconv.Quote(g) + " vs " + strconv.Quote(c)}
}

// HendrycksNormalize applies the MATH paper's string normalisation, in its
// order: drop line breaks and "\!", "\\" -> "\", tfrac/dfrac -> frac, drop
// \left and \right, degrees, "\$", a unit after "\text{ " (the text from
// there on), "\%" and "%"; " ." -> " 0." and "{." -> "{0.", a leading "."
// gets a 0; "k = 5" -> "5" when the part before the only "=" has at most two
// characters; \sqrt3 -> \sqrt{3}; drop spaces; \frac12 -> \frac{1}{2}
// (\frac1{72} too); "0.5" -> \frac{1}{2}; "a/b" with integers a, b ->
// \frac{a}{b}. ok is false where the paper's code raises an exception (two
// "\text{ " units, a bare \sqrt at the end): it then compares raw strings.
func HendrycksNormalize(s string) (string, bool) {
	s = strings.ReplaceAll(s, "\n", "")
	s = strings.ReplaceAll(s, `\!`, "")
	s = strings.ReplaceAll(s, `\\`, `\`)
	s = strings.ReplaceAll(s, "tfrac", "frac")
	s = strings.ReplaceAll(s, "dfrac", "frac")
	s = strings.ReplaceAll(s, `\left`, "")
	s = strings.ReplaceAll(s, `\right`, "")
	s = strings.ReplaceAll(s, `^{\circ}`, "")
	s = strings.ReplaceAll(s, `^\circ`, "")
	s = strings.ReplaceAll(s, `\$`, "")
	if strings.Contains(s, `\text{ `) {
		parts := strings.Split(s, `\text{ `)
		if len(parts) != 2 {
			return "", false
		}
		s = parts[0]
	}
	s = strings.ReplaceAll(s, `\%`, "")
	s = strings.ReplaceAll(s, "%", "")
	s = strings.ReplaceAll(s, " .", " 0.")
	s = strings.ReplaceAll(s, "{.", "{0.")
	if s == "" {
		return s, true
	}
	if s[0] == '.' {
		s = "0" + s
	}
	if parts := strings.Split(s, "="); len(parts) == 2 && len(parts[0]) <= 2 {
		s = parts[1]
	}
	s, ok := hendrycksFixSqrt(s)
	if !ok {
		return "", false
	}
	s = strings.ReplaceAll(s, " ", "")
	s = hendrycksFixFracs(s)
	if s == "0.5" {
		s = `\frac{1}{2}`
	}
	return hendrycksFixSlash(s), true
}

// hendrycksFixSqrt writes \sqrt3 as \sqrt{3}; false for a \sqrt with
// nothing after it (an exception in the paper's code). As in
// hendrycksFixFracs, the tokens find the paper's splits at "\sqrt".
func hendrycksFixSqrt(s string) (string, bool) {
	cuts := referenceSplits(s, "sqrt")
	if len(cuts) == 0 {
		return s, true
	}
	var b strings.Builder
	b.WriteString(s[:cuts[0]])
	for n, c := range cuts {
		from, to := c+len(`\sqrt`), len(s)
		if n+1 < len(cuts) {
			to = cuts[n+1]
		}
		p := s[from:to]
		if p == "" {
			return "", false
		}
		if !openAt(p, 0) {
			// Python indexes characters, not bytes.
			r := []rune(p)
			b.WriteString(`\sqrt{` + string(r[0]) + "}" + string(r[1:]))
		} else {
			b.WriteString(`\sqrt` + p)
		}
	}
	return b.String(), true
}

// hendrycksFixFracs writes \frac12 as \frac{1}{2} and \frac1{72} as
// \frac{1}{72}; a \frac with fewer than two characters after it leaves the
// whole string as it was. The paper's code splits the string at every
// "\frac" and reads the characters of each part (Python indexes
// characters, not bytes); here texscan's tokens find the splits
// (referenceSplits) and say where a brace stands, and the parts are read rune
// by rune as the paper's code reads them: TestHendrycksFracsSameAsSplit
// holds it to the string splitting of before on every text we hold.
func hendrycksFixFracs(s string) string {
	cuts := referenceSplits(s, "frac")
	if len(cuts) == 0 {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:cuts[0]])
	for n, c := range cuts {
		from, to := c+len(`\frac`), len(s)
		if n+1 < len(cuts) {
			to = cuts[n+1]
		}
		p := s[from:to]
		b.WriteString(`\frac`)
		r := []rune(p)
		switch {
		case len(r) > 0 && openAt(p, 0):
			b.WriteString(p)
		case len(r) < 2:
			return s
		case !openAt(p, len(string(r[0]))):
			b.WriteString("{" + string(r[0]) + "}{" + string(r[1]) + "}" + string(r[2:]))
		default:
			b.WriteString("{" + string(r[0]) + "}" + string(r[1:]))
		}
	}
	return b.String()
}

// referenceSplits returns the offsets of s where the paper's code splits
// it at "\"+name: every command whose name starts with it (\fraction for
// "frac", as the string split sees them). A backslash starts a token or is
// the second of an escaped backslash (\\frac, left by the paper's own
// \\ -> \): those are the two places the split can stand.
func referenceSplits(s, name string) []int {
	var out []int
	var prev texscan.Token
	for sc := texscan.NewScanner(s, 0); ; {
		t, ok := sc.Next()
		if !ok {
			return out
		}
		switch {
		case t.Kind == texscan.Command && strings.HasPrefix(t.Text[1:], name):
			out = append(out, t.Pos)
		case t.Kind == texscan.Word && strings.HasPrefix(t.Text, name) && prev.Kind == texscan.Command && prev.Text == `\\`:
			out = append(out, prev.Pos+1)
		}
		prev = t
	}
}

// hendrycksFixSlash writes "a/b" as \frac{a}{b} when a and b are integers
// written plainly (the paper's check that the string reprints as "a/b").
func hendrycksFixSlash(s string) string {
	parts := strings.Split(s, "/")
	if len(parts) != 2 {
		return s
	}
	a, errA := strconv.Atoi(parts[0])
	b, errB := strconv.Atoi(parts[1])
	if errA != nil || errB != nil || strconv.Itoa(a)+"/"+strconv.Itoa(b) != s {
		return s
	}
	return `\frac{` + strconv.Itoa(a) + "}{" + strconv.Itoa(b) + "}"
}
