package answer

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/matheval/matheval/equiv"
	"github.com/matheval/matheval/latex"
)

// MATH grades MATH-style answers (Hendrycks et al., 2021) by symbolic
// equivalence with the engine (equiv.Compare), after the relaxations the MATH
// paper's normalisation applies to both sides:
//
//   - currency: \$ and $ signs are dropped;
//   - degrees: ^\circ, ^{\circ} and ° are dropped, and so is a trailing word
//     "degree(s)" - except in an answer with a trigonometric function,
//     where they say its argument is in degrees;
//   - percent: \% and % are dropped ("25\%" answers 25, not 0.25);
//   - units: a trailing \text{...}, \mbox{...} or \mathrm{...} group of words
//     ("\text{ cm}^2", "\mbox{ inches}") and a trailing common unit word after
//     a number ("10 cm") are dropped, never letters inside the expression;
//     but two answers that both name units must name the same ones (5
//     inches is not 5 feet, \$2 is not 2 cents, cm^2 is not cm^3: units.go);
//   - "2.5 million", "3 billion", "4 thousand", "5\text{ dozen}" are read as
//     numbers, and words that change a value are never dropped as units: a
//     time of day ("9 a.m." is not "9 p.m."), "squared", "halves", "pairs",
//     a verdict such as "(wrong)" (latex's qualifier words).
//
// Fractions and decimals: an unreduced fraction equals its value (2/4 = 1/2,
// and 10/2 = 5, unlike PRM800K's stricter grader). Decimals follow the
// policy's Options.Decimal and Options.MinSigDigits, whose MATH default is
// the rule of issue 21: a decimal stands for an exact gold that is not a
// terminating decimal (1/3, \sqrt{2}, \pi) only when it is that value
// correctly rounded to its own places and shows at least MATHMinSigDigits (4)
// significant digits (0.3333 = 1/3 and 3.1416 = \pi, but not 0.33, 3.14 or
// a truncation), so a coarse guess cannot pass; a gold that is itself a
// terminating decimal needs an exactly equal value, except that a decimal
// gold of at least 4 significant digits stands for an exact candidate that
// does not terminate and rounds to it (2.7778 for 25/9); two different
// terminating decimals are never equal (equiv.DecimalRounded).
// WithDecimal changes the rule (equiv.DecimalExact: only equal values;
// `matheval equiv --decimal exact --decimal-digits N`).
//
// Extraction: a final-answer phrase or \boxed{} (whichever comes last, with
// the rules of conclude.go for replies that state several: self-corrections,
// checks, next exercises, hedging), then a bare answer, then the last math
// segment or number of a reply that concludes (conclude.go). A candidate
// with words between its numbers ("2 hours 30 minutes") is unparsable, never
// the product of its numbers.
var MATH = Policy{
	Name:       "math",
	Extraction: mathExtraction,
	Compare:    mathCompare,
	Options:    mathOptions,
}

// MATHMinSigDigits is the least number of significant digits a decimal must
// show to stand for an exact gold under the MATH policy.
const MATHMinSigDigits = 4

var mathOptions = equiv.Options{Decimal: equiv.DecimalRounded, MinSigDigits: MATHMinSigDigits}

// HARDMathGeneric is MATH's policy under HARDMath's name: the HARDMath
// benchmark replaces Compare with its per-regime grader (see bench/hardmath);
// this value serves `matheval equiv --policy hardmath` on single answers.
// HARDMath's coefficients are positive (its grader compares with
// Positive, as bench/hardmath does) and its root lists are order-free (its
// rubric credits matching roots in any order).
var HARDMathGeneric = Policy{
	Name:       "hardmath",
	Extraction: mathExtraction,
	Compare:    mathCompare,
	Options: equiv.Options{Decimal: equiv.DecimalRounded, MinSigDigits: MATHMinSigDigits, Unknown: HARDMathUnknown,
		Positive: true, RootLists: true},
}

// HARDMathUnknown is the quantity HARDMath's nondimensionalization asks
// for, as latex names it.
const HARDMathUnknown = `\epsilon`

var mathExtraction = Extraction{
	Tiers:       [][]CandidateKind{{KindAnchor, KindBoxed}, {KindBare}, {KindMath, KindNumber}},
	Anchors:     DefaultAnchors,
	Reasoning:   DefaultReasoning,
	LineMarkers: DefaultLineMarkers,
	Tokens:      DefaultTokens,
	Exercises:   DefaultExercises,
}

func mathCompare(ctx context.Context, gold, cand string, opts equiv.Options) Verdict {
	g, c := NormalizeMATH(gold), NormalizeMATH(cand)
	if gu, cu := unitsOf(gold), unitsOf(cand); !gu.compatible(cu) {
		return Verdict{Kind: Wrong, Reason: fmt.Sprintf("different units: %s vs %s", gu, cu)}
	}
	if g == c && g != "" {
		return Verdict{Kind: Correct, Score: 1, Reason: "identical after MATH normalization"}
	}
	if hasForeignText(c) {
		return Verdict{Kind: Unparsable, Reason: "candidate has words in another language: a sentence, not a formula"}
	}
	if w, ok := compoundQuantity(c); ok {
		return Verdict{Kind: Unparsable, Reason: fmt.Sprintf("candidate has words between numbers (%q): a compound quantity or a sentence, not one value", w)}
	}
	if w, ok := compoundQuantity(g); ok {
		return Verdict{Kind: Unparsable, Reason: fmt.Sprintf("gold has words between numbers (%q): a compound quantity or a sentence, not one value", w)}
	}
	return fromEngine(equiv.Compare(ctx, g, c, opts))
}

// NormalizeMATH applies the MATH policy's relaxations (currency, degrees,
// percent, units) to an extracted answer.
func NormalizeMATH(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = mathReplacer.Replace(s)
	if !hasTrig(s) {
		s = degreeReplacer.Replace(s)
	}
	if !strings.Contains(s, "$") || strings.Count(s, "$") == 1 {
		s = strings.ReplaceAll(s, "$", "")
	}
	s = strings.TrimSpace(s)
	s = scaleWords(s)
	s = dropTrailingUnits(s)
	return strings.TrimSpace(s)
}

// degreeReplacer drops degree signs: an angle answer "30^\circ" is 30. Not
// inside a trigonometric function, where the sign says the argument is in
// degrees (\cos 40^\circ = \sin 50^\circ): the engine reads those.
var degreeReplacer = strings.NewReplacer(`^{\circ}`, "", `^\circ`, "", `^{\circ }`, "", "°", "")

var trigNames = []string{`\sin`, `\cos`, `\tan`, `\cot`, `\sec`, `\csc`, "sin", "cos", "tan"}

func hasTrig(s string) bool {
	for _, t := range trigNames {
		if strings.Contains(s, t) {
			return true
		}
	}
	return false
}

var mathReplacer = strings.NewReplacer(
	`\$`, "",
	`\%`, "", "%", "",
	`\! `, "", `\!`, "", "{, }", "{,}",
)

var scaleWordsList = []struct{ word, pow string }{
	{"million", `\times 10^{6}`}, {"billion", `\times 10^{9}`}, {"thousand", `\times 10^{3}`}, {"trillion", `\times 10^{12}`},
}

func scaleWords(s string) string {
	for _, w := range scaleWordsList {
		i := strings.LastIndex(s, " "+w.word)
		if i <= 0 || !isDigit(s[i-1]) {
			continue
		}
		rest := strings.TrimSpace(s[i+1+len(w.word):])
		if rest != "" && rest != "." {
			continue
		}
		s = s[:i] + w.pow
	}
	return s
}

// mathDroppedWords are dropped after a number besides the units of
// latex.UnitWord (the one unit list): the MATH normalisation drops degrees
// and percent ("30 degrees" answers 30, as "30^\circ" does), and counts
// carry their noun ("10 ways").
var mathDroppedWords = map[string]bool{
	"degree": true, "degrees": true, "percent": true, "pct": true, "percentage": true,
	"points": true, "ways": true, "people": true,
}

// droppedWord reports whether w is dropped after a number.
func droppedWord(w string) bool { return latex.UnitWord(w) || mathDroppedWords[asciiLower(w)] }

// dropTrailingUnits removes a trailing \text{...}-like group of words (with
// an optional ^2/^3), or trailing unit words after a number.
func dropTrailingUnits(s string) string {
	head, _ := splitTrailingUnits(s)
	return head
}

// splitTrailingUnits is dropTrailingUnits that also returns what it
// dropped, outermost last ("\text{ cm}^2" gives "cm" and "^2").
func splitTrailingUnits(s string) (string, []string) {
	var dropped []string
	for iter := 0; iter < 3; iter++ {
		t := strings.TrimSpace(s)
		// Optional power after the unit: \text{ cm}^2.
		core := t
		for _, p := range []string{"^2", "^3", "^{2}", "^{3}"} {
			if strings.HasSuffix(core, p) {
				core = strings.TrimSpace(core[:len(core)-len(p)])
				break
			}
		}
		if strings.HasSuffix(core, "}") {
			open := lastGroupOpen(core)
			if open > 0 {
				name := ""
				for _, w := range []string{`\text`, `\mbox`, `\mathrm`, `\textbf`, `\textit`, `\textnormal`} {
					if strings.HasSuffix(strings.TrimRight(core[:open], " "), w) {
						name = w
						break
					}
				}
				if name != "" {
					inner := core[open+1 : len(core)-1]
					head := strings.TrimRight(strings.TrimRight(core[:open], " "), name)
					head = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(head), `\,`))
					if isUnitText(inner) && head != "" && endsLikeValue(head) && !endsWithText.MatchString(head) {
						dropped = append(dropped, inner+t[len(core):])
						s = head
						continue
					}
				}
			}
		}
		// Plain unit words after a number: "10 cm", "30 degrees".
		if i := strings.LastIndexByte(core, ' '); i > 0 {
			w := strings.TrimSuffix(core[i+1:], ".")
			head := strings.TrimSpace(core[:i])
			if droppedWord(w) && head != "" && isDigit(head[len(head)-1]) {
				dropped = append(dropped, w+t[len(core):])
				s = head
				continue
			}
		}
		break
	}
	return s, dropped
}

func lastGroupOpen(s string) int {
	depth := 0
	for i := len(s) - 1; i >= 0; i-- {
		switch s[i] {
		case '}':
			depth++
		case '{':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

func isUnitText(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isLetter(c) || isSpace(c) || c == '.' || c == '/' || c == '-' || c == '\\') {
			return false
		}
	}
	// A multiple-choice letter or a word answer is not a unit: "\text{(B)}",
	// "\text{even}" stand alone and are kept because head is empty then.
	// A qualifier changes the value and is never dropped: "5\text{ or
	// more}", "\text{at least }8", "28\text{ (not prime)}".
	// "per" joins units ("km per hour"), it does not qualify a value.
	return !latex.QualifierText(s, "per")
}

// endsWithText matches an answer ending in a \text group of words: what
// follows it is another word ("\text{Bob} \text{Alice}"), not a unit.
var endsWithText = regexp.MustCompile(`\\(?:text|mbox|textbf|textit|textrm|textnormal|mathrm)\s*\{[^{}]*[A-Za-z][^{}]*\}$`)

// endsLikeValue reports whether s ends like a number or expression that a
// unit may follow (a digit, a closing brace or parenthesis, a constant).
func endsLikeValue(s string) bool {
	c := s[len(s)-1]
	return isDigit(c) || c == '}' || c == ')' || strings.HasSuffix(s, `\pi`) || isLetter(c)
}
