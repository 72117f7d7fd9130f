package answer

import (
	"context"
	"strconv"
	"strings"

	"github.com/matheval/matheval/equiv"
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
// nothing after it (an exception in the paper's code).
func hendrycksFixSqrt(s string) (string, bool) {
	if !strings.Contains(s, `\sqrt`) {
		return s, true
	}
	parts := strings.Split(s, `\sqrt`)
	var b strings.Builder
	b.WriteString(parts[0])
	for _, p := range parts[1:] {
		if p == "" {
			return "", false
		}
		if p[0] != '{' {
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
// whole string as it was.
func hendrycksFixFracs(s string) string {
	parts := strings.Split(s, `\frac`)
	if len(parts) == 1 {
		return s
	}
	var b strings.Builder
	b.WriteString(parts[0])
	for _, p := range parts[1:] {
		b.WriteString(`\frac`)
		r := []rune(p)
		switch {
		case len(r) > 0 && r[0] == '{':
			b.WriteString(p)
		case len(r) < 2:
			return s
		case r[1] != '{':
			b.WriteString("{" + string(r[0]) + "}{" + string(r[1]) + "}" + string(r[2:]))
		default:
			b.WriteString("{" + string(r[0]) + "}" + string(r[1:]))
		}
	}
	return b.String()
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
