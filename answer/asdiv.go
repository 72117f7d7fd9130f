package answer

import (
	"context"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/matheval/matheval/equiv"
	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
	"github.com/matheval/matheval/texscan"
)

// ASDiv grades the answer forms of ASDiv's answer key (Miao et al., 2020):
//
//   - a number with its unit in parentheses, "9 (apples)": the parenthesised
//     unit is dropped, and the reply's value must equal the gold value exactly
//     (decimals and fractions as rationals: 2.5 = 5/2, 0.33 ≠ 1/3);
//   - several answers separated by ';', "50 (years old); 20 (years old)": the
//     reply's numbers must be the gold ones as a multiset, or its last k
//     numbers must be (k gold values), so "50 and 20" and "20 and 50" pass;
//   - ratios, "3:4": equal when a·d = b·c (4:3 fails; 6:8 passes; a/b and
//     a single decimal of the same value pass);
//   - times of day, "3:30 p.m.": equal as clock times (3:30 pm = 15:30; a
//     time without a.m./p.m. matches either half of the day); anything after
//     the time ("on 24 December 2014") is ignored;
//   - text, "Mrs. Hilt": case-insensitive, punctuation and a leading "the"
//     ignored; a short reply line that contains the gold phrase also passes.
//
// A numeric answer must be plain arithmetic on numbers with words around it
// ("9 apples", "3 + 4 = 7", "\$2.50"; of an equation, its last side: "x =
// 5"): a formula with a variable, exponent,
// root or factorial ("x^5", "5!") is unparsable, words between numbers ("2
// hours 30 minutes") make a compound quantity (unparsable), and two numbers
// side by side ("12 or 13") are several answers (wrong against one value).
//
// Replies: a final-answer phrase or \boxed{} first (with the rules of
// conclude.go for several final answers); then, for one numeric gold, a bare
// answer, then the last math or the last number, whichever comes later
// (as under MATH: an earlier formula is not the answer of a reply that goes
// on to a plain amount, "The cost is $90$. Adding the $6 tax, she pays
// $96."); for a text gold or several
// values, a bare answer or the last line (the last three only when the
// reply concludes, conclude.go).
var ASDiv = Policy{
	Name:          "asdiv",
	Extraction:    asdivNumeric,
	ExtractionFor: asdivExtractionFor,
	Compare:       asdivCompare,
}

var asdivNumeric = Extraction{
	OrHedges:    true,
	Tiers:       [][]CandidateKind{{KindAnchor, KindBoxed}, {KindBare}, {KindMath, KindNumber}},
	Anchors:     DefaultAnchors,
	Reasoning:   DefaultReasoning,
	LineMarkers: DefaultLineMarkers,
	Tokens:      DefaultTokens,
	Exercises:   DefaultExercises,
}

var asdivPhrase = Extraction{
	OrHedges:    true,
	Tiers:       [][]CandidateKind{{KindAnchor, KindBoxed}, {KindBare}, {KindLine}},
	Anchors:     DefaultAnchors,
	Reasoning:   DefaultReasoning,
	LineMarkers: DefaultLineMarkers,
	Tokens:      DefaultTokens,
	Exercises:   DefaultExercises,
	BareProse:   true,
	AnchorProse: true,
}

func asdivExtractionFor(gold string) Extraction {
	parts := asdivParts(gold)
	if len(parts) == 1 {
		if _, ok := parseExactNumber(parts[0]); ok {
			return asdivNumeric
		}
	}
	return asdivPhrase
}

// asdivParts splits a gold answer at ';' and drops parenthesised units.
func asdivParts(gold string) []string {
	var out []string
	for _, p := range strings.Split(gold, ";") {
		p = strings.TrimSpace(dropUnitParens(p))
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// dropUnitParens removes parenthesised groups that hold a letter ("(apples)",
// "(km/hour)"), keeping "-(1/3)".
func dropUnitParens(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '(' {
			if j := strings.IndexByte(s[i:], ')'); j > 0 && hasLetter(s[i+1:i+j]) {
				i += j
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if isLetter(s[i]) {
			return true
		}
	}
	return false
}

// parseExactNumber reads s as exactly one number: 9, -2.5, 5/2, -(1/3),
// \frac{1}{3}, 1,000, $2.50, 25%.
func parseExactNumber(s string) (*big.Rat, bool) {
	s = strings.TrimSpace(s)
	sign := ""
	if strings.HasPrefix(s, "-") && (strings.HasPrefix(s[1:], `\$`) || strings.HasPrefix(s[1:], "$")) {
		sign, s = "-", s[1:] // -\$7 is -7
	}
	s = strings.TrimPrefix(s, `\$`)
	s = strings.TrimPrefix(s, "$")
	s = sign + s
	s = strings.TrimSpace(strings.TrimSuffix(s, "."))
	if strings.HasPrefix(s, "-(") && strings.HasSuffix(s, ")") {
		s = "-" + s[2:len(s)-1]
	}
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		s = s[1 : len(s)-1]
	}
	if s == "" {
		return nil, false
	}
	toks := scanValues(s, true)
	if len(toks) != 1 || toks[0].start != 0 || toks[0].end != len(s) {
		return nil, false
	}
	return toks[0].val, true
}

type asdivKind int

const (
	asdivNumber asdivKind = iota
	asdivRatio
	asdivTime
	asdivText
)

type asdivGold struct {
	kind  asdivKind
	val   *big.Rat
	a, b  *big.Int // ratio a:b
	mins  int      // time of day, minutes after midnight (seconds dropped)
	secs  int
	half  int // 0 none, 1 a.m., 2 p.m.
	text  string
	orig  string
	hasHM bool
	// hasSecs is set for a time written with its seconds (9:03:36 a.m.)
	hasSecs bool
}

func classifyASDiv(p string) asdivGold {
	g := asdivGold{orig: p}
	if v, ok := parseExactNumber(p); ok {
		g.kind, g.val = asdivNumber, v
		return g
	}
	if t, ok := ParseClock(p); ok {
		if t.Half == 0 && !t.Seconds && t.Rest == "" {
			// "3:4", "9:43": a ratio, or a time of day; both readings are kept.
			g.kind = asdivRatio
			g.a, g.b = big.NewInt(int64(t.H)), big.NewInt(int64(t.M))
			g.mins, g.half = t.H*60+t.M, 0
			return g
		}
		g.kind, g.mins, g.secs, g.half, g.hasSecs = asdivTime, t.H*60+t.M, t.S, t.Half, t.Seconds
		return g
	}
	g.kind, g.text = asdivText, normText(p)
	return g
}

func asdivCompare(ctx context.Context, gold, cand string, _ equiv.Options) Verdict {
	cand = foldNumberText(cand)
	parts := asdivParts(foldNumberText(gold))
	if len(parts) == 0 {
		return Verdict{Kind: Error, Reason: "empty gold answer"}
	}
	golds := make([]asdivGold, len(parts))
	for i, p := range parts {
		golds[i] = classifyASDiv(p)
	}
	if len(golds) > 1 {
		if v, refused := asdivClosed(golds, cand); refused {
			return v
		}
		return asdivSeveral(golds, goldLabels(gold), cand)
	}
	g := golds[0]
	if v, refused := asdivClosed(golds, cand); refused {
		return v
	}
	switch g.kind {
	case asdivNumber:
		if gu, cu, clash := asdivUnitClash(gold, cand); clash {
			return Verdict{Kind: Wrong, Reason: fmt.Sprintf("different units: %s vs %s", gu, cu)}
		}
		return asdivNumberCompare(ctx, g, cand)
	case asdivRatio:
		return asdivRatioCompare(g, cand)
	case asdivTime:
		return asdivTimeCompare(g, cand)
	}
	return asdivTextCompare(g, cand)
}

// candValues are the numbers of a candidate outside unit parentheses.
func candValues(cand string) []*big.Rat {
	vals, _ := candNumbers(cand)
	return vals
}

// candNumbers returns the numbers of a candidate outside unit parentheses.
// It reports false when the candidate, once its words, units and currency
// signs are set aside, is not plain arithmetic on numbers (digits, + - * /
// = and parentheses, \frac of numbers, \times, \cdot, \div): a formula with
// a variable, an exponent, a root or a factorial ("x^5", "\sqrt[5]{2}",
// "5!") has no number to compare, and its last number is not its value.
func candNumbers(cand string) ([]*big.Rat, bool) {
	cand = leftRight.Replace(cand)
	if v, ok := parseExactNumber(dropUnitParens(cand)); ok {
		return []*big.Rat{v}, true
	}
	c := dropUnitParens(cand)
	c = strings.ReplaceAll(c, `\$`, "") // -\$7 is -7: the sign stays on the number
	var out []*big.Rat
	for _, t := range scanValues(c, true) {
		out = append(out, t.val)
	}
	// The value is the last side of an equation ("x = 5", "3 + 4 = 7").
	last := c
	if k := strings.LastIndexByte(c, '='); k >= 0 {
		last = c[k+1:]
	}
	return out, plainArithmetic(last)
}

// numberList reports whether cand gives two numbers side by side as a list
// ("12 or 13", "$12$, $13$"): several answers, never one value.
func numberList(cand string) bool {
	c := strings.ReplaceAll(dropUnitParens(cand), `\$`, "")
	toks := scanValues(c, true)
	for k := 1; k < len(toks); k++ {
		if toks[k-1].inParens || toks[k].inParens {
			continue
		}
		gap := strings.NewReplacer("$", " ", `\text{`, " ", "}", " ", `\,`, " ", `\quad`, " ").Replace(c[toks[k-1].end:toks[k].start])
		switch strings.Join(strings.Fields(strings.Trim(asciiLower(gap), " ,;")), " ") {
		case "", "and", "or", ", and", ", or":
			return true
		}
	}
	return false
}

// leftRight drops the sizing of brackets: -\left(1/3\right) is -(1/3).
var leftRight = strings.NewReplacer(`\left`, "", `\right`, "")

// plainArithmetic reports whether s is numbers, words and arithmetic only.
func plainArithmetic(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			name, j := commandAt(s, i)
			switch {
			case name == "":
				i = j // \, \! \% \$ and the like
				continue
			case textCommands[name] && openAt(s, j):
				k := matchBrace(s, j)
				if k < 0 {
					return false
				}
				i = k + 1
				continue
			case arithmeticCommands[name], latex.IsNoOp(latex.NoOpCommand, name), latex.IsNoOp(latex.NoOpWrapper, name):
				i = j // a wrapper's group is read in its place: \mathbf{6}
				continue
			case latex.IsNoOp(latex.NoOpFirstArg, name) && openAt(s, j):
				k := matchBrace(s, j) // \textcolor{red}{6}: the colour is skipped
				if k < 0 {
					return false
				}
				i = k + 1
				continue
			}
			return false
		case isLetter(c):
			j := i
			for j < len(s) && (isLetter(s[j]) || (s[j] == '-' && j > i && j+1 < len(s) && isLetter(s[j+1]))) {
				j++ // "t-shirts" is one word
			}
			if j-i < 2 && !(unitLetters[s[i]] && trailingUnit(s, i, j)) {
				return false // a variable
			}
			i = j
		case isDigit(c) || strings.IndexByte(" \t\n.,;:+-*/=(){}%$'\"?", c) >= 0:
			i++
		case c >= 0x80:
			r, n := utf8.DecodeRuneInString(s[i:])
			if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
				return false // words in another language: "不是 54" is not 54
			}
			i += n // ×, ÷, −, ≈, accented letters of a word
		case c == '^' && i > 0 && degreeMarkEnd(s, i+1) > 0:
			i = degreeMarkEnd(s, i+1) // a degree mark: 30^\circ
		default:
			return false // ^ _ [ ] ! | < > ...
		}
	}
	return true
}

// unitLetters are the one-letter units that may follow a number: "350 g",
// "4 m", "2 h", "3 L".
var unitLetters = map[byte]bool{'g': true, 'm': true, 's': true, 'h': true, 'l': true, 'L': true}

// trailingUnit reports whether the letter s[i:j] follows a number and ends
// the text or its sentence: a unit, not a variable.
func trailingUnit(s string, i, j int) bool {
	k := i
	for k > 0 && s[k-1] == ' ' {
		k--
	}
	if k == 0 || !isDigit(s[k-1]) || k == i {
		return false
	}
	rest := strings.TrimLeft(s[j:], " ")
	return rest == "" || rest[0] == '.' || rest[0] == ',' || rest[0] == ';' || isLetter(rest[0])
}

// qualifiedLast reports whether the last number of cand is qualified by
// the words around it (see qualifiedNumber).
func qualifiedLast(cand string) bool {
	c := leftRight.Replace(cand)
	toks := scanValues(c, true)
	if len(toks) == 0 {
		return false
	}
	t := toks[len(toks)-1]
	return qualifiedNumber(c, t.start, t.end)
}

var arithmeticCommands = map[string]bool{"frac": true, "dfrac": true, "tfrac": true, "times": true, "cdot": true,
	"div": true, "left": true, "right": true, "approx": true, "quad": true, "qquad": true}

// asdivClosed refuses an answer with a construct the number, ratio and
// time rules do not read (numclosed.go); a text gold is compared as text.
func asdivClosed(golds []asdivGold, cand string) (Verdict, bool) {
	for _, g := range golds {
		if g.kind == asdivText {
			return Verdict{}, false
		}
	}
	if err := latex.CheckRunes(cand); err != nil {
		return Verdict{Kind: Unparsable, Reason: "closed world: " + err.Error()}, true
	}
	if err := checkNumberText(cand); err != nil {
		return Verdict{Kind: Unparsable, Reason: "closed world: " + err.Error()}, true
	}
	return Verdict{}, false
}

func asdivNumberCompare(ctx context.Context, g asdivGold, cand string) Verdict {
	if asksQuestion(cand) {
		return Verdict{Kind: Unparsable, Reason: "the answer is a question"}
	}
	if !bracesBalanced(cand) {
		return Verdict{Kind: Unparsable, Reason: "the answer's braces do not close: it is cut off"}
	}
	if numberRange(dropUnitParens(cand)) {
		return Verdict{Kind: Unparsable, Reason: "the answer is a range of values (3 to 4, 3-4), not one value"}
	}
	if w, ok := compoundQuantity(dropUnitParens(cand)); ok {
		return Verdict{Kind: Unparsable, Reason: fmt.Sprintf("words between numbers (%q): a compound quantity or a sentence, not one value", w)}
	}
	vals, plain := candNumbers(cand)
	if len(vals) == 0 {
		return Verdict{Kind: Unparsable, Reason: "no number in the answer"}
	}
	if !plain {
		return Verdict{Kind: Unparsable, Reason: "the answer is a formula (a variable, an exponent, a root or a factorial), not a number"}
	}
	if qualifiedLast(cand) {
		return Verdict{Kind: Unparsable, Reason: "the answer qualifies its value (\"not\", \"at least\", \"or more\", another language): not one value"}
	}
	if len(vals) > 1 && numberList(cand) {
		return Verdict{Kind: Wrong, Reason: fmt.Sprintf("the answer gives %d values side by side, the gold one value", len(vals))}
	}
	if alternatives(cand) {
		return Verdict{Kind: Unparsable, Reason: "the answer offers more than one value (a case, a doubt or an alternative)"}
	}
	y := vals[len(vals)-1]
	if v, arith, err := lastSideValue(ctx, cand); err != nil {
		return Verdict{Kind: Unparsable, Reason: "the answer is arithmetic that could not be evaluated exactly: " + err.Error()}
	} else if arith {
		y = v // "12 - 5" is 7: the value of the computation, never its last number
	}
	if y.Cmp(g.val) == 0 {
		return Verdict{Kind: Correct, Score: 1, Reason: "equal numbers"}
	}
	return Verdict{Kind: Wrong, Reason: fmt.Sprintf("%s is not %s", y.RatString(), g.val.RatString())}
}

// lastSideValue evaluates the last side of a candidate (after its last
// "="; units, unit parentheses and dollar signs set aside) when it holds
// arithmetic on several numbers ("12 - 5", "3 \times 4"): arith is false
// for a single number, whose value candNumbers reads.
func lastSideValue(ctx context.Context, cand string) (v *big.Rat, arith bool, err error) {
	c := strings.ReplaceAll(dropUnitParens(leftRight.Replace(cand)), `\$`, "")
	if k := strings.LastIndexByte(c, '='); k >= 0 {
		c = c[k+1:]
	}
	if len(scanValues(c, true)) < 2 {
		return nil, false, nil
	}
	n, err := latex.ParseContext(ctx, c)
	if err != nil {
		return nil, true, err
	}
	v, err = expr.Rational(ctx, n, expr.Limits{MaxBits: expr.DefaultMaxBits, MaxFactorial: expr.DefaultMaxFactorial, MaxExp: expr.DefaultMaxExp})
	if err != nil {
		return nil, true, err
	}
	return v, true, nil
}

// numberRange reports whether s joins two numbers into a range: "3 to 4",
// "3-4" (a hyphen between digits, with no spaces), "3–4".
func numberRange(s string) bool {
	toks := scanValues(s, true)
	for k := 1; k < len(toks); k++ {
		gap := s[toks[k-1].end:toks[k].start]
		switch strings.TrimSpace(asciiLower(gap)) {
		case "to", "–", "—", "through", "or so":
			return true
		}
		if (gap == "-" || gap == "" && strings.HasPrefix(s[toks[k].start:], "-")) && toks[k-1].end > 0 && isDigit(s[toks[k-1].end-1]) {
			return true // "3-4": the second number read as -4
		}
	}
	return false
}

func asdivRatioCompare(g asdivGold, cand string) Verdict {
	if asksQuestion(cand) {
		return Verdict{Kind: Unparsable, Reason: "the answer is a question"}
	}
	if alternatives(cand) && !sameValues(distinctNumbers(cand)) {
		// "3:4 or 4:3" offers two ratios; "3:4, or 0.75" restates one
		return Verdict{Kind: Unparsable, Reason: "the answer offers more than one ratio"}
	}
	t, ok, why := answerClock(cand)
	if why != "" {
		return Verdict{Kind: Unparsable, Reason: why}
	}
	if ok {
		if !t.Seconds && t.Half == 0 {
			a, b := big.NewInt(int64(t.H)), big.NewInt(int64(t.M))
			exact := a.Cmp(g.a) == 0 && b.Cmp(g.b) == 0
			// A scaled ratio (6:8 for 3:4) passes only against a gold in lowest
			// terms: "12:50" may be a time of day, which 6:25 is not.
			reduced := new(big.Int).GCD(nil, nil, g.a, g.b).Cmp(big.NewInt(1)) == 0
			if exact || (reduced && b.Sign() != 0 && new(big.Int).Mul(a, g.b).Cmp(new(big.Int).Mul(b, g.a)) == 0) {
				return Verdict{Kind: Correct, Score: 1, Reason: "equal ratios"}
			}
		}
		if t.Seconds && t.S != 0 {
			return Verdict{Kind: Wrong, Reason: fmt.Sprintf("seconds (:%02d) that %s does not state", t.S, g.orig)}
		}
		// The gold may be a time of day without a.m./p.m.
		if t.H*60+t.M == g.mins || (t.Half != 0 && t.Hour24()*60+t.M == g.mins) || (t.H%12)*60+t.M == g.mins%720 && t.Half != 0 {
			return Verdict{Kind: Correct, Score: 1, Reason: "same time of day"}
		}
		return Verdict{Kind: Wrong, Reason: fmt.Sprintf("%d:%d is not %s", t.H, t.M, g.orig)}
	}
	vals := candValues(cand)
	if len(vals) == 0 {
		return Verdict{Kind: Unparsable, Reason: "no ratio or number in the answer"}
	}
	if g.b.Sign() != 0 {
		want := new(big.Rat).SetFrac(g.a, g.b)
		if vals[len(vals)-1].Cmp(want) == 0 {
			return Verdict{Kind: Correct, Score: 1, Reason: "equal ratio values"}
		}
	}
	return Verdict{Kind: Wrong, Reason: "ratio differs from " + g.orig}
}

func asdivTimeCompare(g asdivGold, cand string) Verdict {
	low := " " + asciiLower(cand) + " "
	if asksQuestion(cand) || strings.Contains(low, " or ") || strings.Contains(low, " maybe ") ||
		strings.Contains(low, " perhaps ") || strings.Contains(low, " possibly ") || strings.Contains(low, " either ") {
		return Verdict{Kind: Unparsable, Reason: "the answer offers more than one time, or asks"}
	}
	t, ok, why := answerClock(cand)
	if why != "" {
		return Verdict{Kind: Unparsable, Reason: why}
	}
	if !ok {
		return Verdict{Kind: Unparsable, Reason: "no time of day in the answer"}
	}
	gm := g.mins
	if g.half != 0 {
		gm = hour24(g.mins/60, g.half)*60 + g.mins%60
	}
	// seconds written on one side only are seconds the other did not
	// state: 9:03 is not 9:03:36 (only :00 is the same time)
	gs, cs := 0, 0
	if g.hasSecs {
		gs = g.secs
	}
	if t.Seconds {
		cs = t.S
	}
	if gs != cs {
		return Verdict{Kind: Wrong, Reason: "seconds differ from " + g.orig}
	}
	cm := t.H*60 + t.M
	if t.Half != 0 {
		cm = t.Hour24()*60 + t.M
	}
	if cm == gm || (t.Half == 0 && cm%720 == gm%720 && t.H <= 12) {
		return Verdict{Kind: Correct, Score: 1, Reason: "same time of day"}
	}
	return Verdict{Kind: Wrong, Reason: "time differs from " + g.orig}
}

// otherNames returns a capitalised word of cand, other than a sentence's
// usual opening words, that the gold does not hold, when cand also holds
// the gold ("Mary is older than Tom" against Tom), or "".
func otherNames(cand, gold string) string {
	gl := strings.ToLower(gold)
	if !strings.Contains(strings.ToLower(cand), gl) {
		return ""
	}
	for _, w := range strings.Fields(cand) {
		w = strings.Trim(w, ".,;:!?()\"'*")
		w = strings.TrimSuffix(w, "'s")
		if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' || strings.Contains(gl, strings.ToLower(w)) {
			continue
		}
		switch strings.ToLower(w) {
		case "the", "it", "so", "thus", "he", "she", "they", "there", "this", "that", "a", "an", "in", "at", "on",
			"yes", "no", "therefore", "hence", "answer", "final", "i", "we", "his", "her", "their", "mr", "mrs", "ms":
			continue
		}
		return w
	}
	return ""
}

// otherOptions reports whether the words of an answer offer another value
// beside the gold's ("red or blue", "maybe Tom"): words the gold does not
// have that join or doubt.
func otherOptions(cw, gw []string) bool {
	for _, w := range cw {
		switch w {
		case "or", "either", "maybe", "perhaps", "possibly", "probably", "likely", "and", "nor", "but":
			if !containsWords(gw, []string{w}) {
				return true
			}
		}
	}
	return false
}

func asdivTextCompare(g asdivGold, cand string) Verdict {
	if asksQuestion(cand) {
		return Verdict{Kind: Unparsable, Reason: "the answer is a question"}
	}
	if n := otherNames(cand, g.orig); n != "" {
		// "Tom has more marbles than Mary": a sentence with two names
		// names both, and answers neither
		return Verdict{Kind: Wrong, Reason: fmt.Sprintf("the answer names %s beside the gold", n)}
	}
	c := normText(dropUnitParens(cand))
	if c == "" {
		return Verdict{Kind: Unparsable, Reason: "empty answer"}
	}
	if c == g.text {
		return Verdict{Kind: Correct, Score: 1, Reason: "same text (case-insensitive)"}
	}
	cw, gw := strings.Fields(c), strings.Fields(g.text)
	if len(gw) > 0 && len(cw) <= len(gw)+8 && containsWords(cw, gw) && !negated(cw) && !otherOptions(cw, gw) &&
		!(strings.ContainsAny(cand, "0123456789") && !strings.ContainsAny(g.orig, "0123456789")) {
		return Verdict{Kind: Correct, Score: 1, Reason: "the answer names the gold text"}
	}
	return Verdict{Kind: Wrong, Reason: fmt.Sprintf("%q is not %q", c, g.text)}
}

func asdivSeveral(golds []asdivGold, labels []string, cand string) Verdict {
	var want []*big.Rat
	for _, g := range golds {
		if g.kind != asdivNumber {
			// Mixed forms: compare the normalized texts.
			return asdivTextCompare(asdivGold{kind: asdivText, text: normText(joinOrig(golds))}, strings.ReplaceAll(cand, ",", ";"))
		}
		want = append(want, g.val)
	}
	if hedgedList.MatchString(" " + asciiLower(cand) + " ") {
		// "It is 32 or 20.", "Either 13 or 39.": alternatives, not the
		// gold's several values
		return Verdict{Kind: Unparsable, Reason: "the answer offers alternatives (\"or\", \"maybe\"), not several values"}
	}
	vals := candValues(cand)
	if len(vals) < len(want) {
		return Verdict{Kind: Wrong, Reason: fmt.Sprintf("%d numbers in the answer, %d expected", len(vals), len(want))}
	}
	if gu, cu, ok := severalUnitClash(labels, cand); ok {
		// "6 m; 15 m" against 6 (cm); 15 (cm): the values with their units
		return Verdict{Kind: Wrong, Reason: fmt.Sprintf("different units: %s vs %s", gu, cu)}
	}
	if len(vals) > len(want) {
		// "10; 11; 12; 13" against 11; 12; 13: one list with a value more;
		// only values before the list (a computation) may go
		c := strings.ReplaceAll(dropUnitParens(leftRight.Replace(cand)), `\$`, "")
		if toks := scanValues(c, true); len(toks) == len(vals) {
			k := len(toks) - len(want)
			if gap := c[toks[k-1].end:toks[k].start]; listSeparators(gap) {
				return Verdict{Kind: Wrong, Reason: fmt.Sprintf("the answer lists %d values, the gold %d", len(vals), len(want))}
			}
		}
	}
	if toks := scanValues(strings.ReplaceAll(dropUnitParens(leftRight.Replace(cand)), `\$`, ""), true); len(vals) > len(want) && len(toks) == len(vals) {
		// "6, 15, 20 instead of 5, 15, 20": the last values are turned down
		c := strings.ReplaceAll(dropUnitParens(leftRight.Replace(cand)), `\$`, "")
		if t := toks[len(toks)-len(want)]; qualifiedNumber(c, t.start, t.end) {
			return Verdict{Kind: Unparsable, Reason: "the answer turns its last values down (\"not\", \"instead of\"): not the answer's values"}
		}
	}
	if i, v, ok := labelMismatch(golds, labels, cand); ok {
		// "There are 5 red balls and 7 blue balls" against 7 (red); 5
		// (blue): the values match as a set, not by what they count
		return Verdict{Kind: Wrong, Reason: fmt.Sprintf("the reply gives %s for %s, the gold %s", v, labels[i], golds[i].orig)}
	}
	if sameMultiset(vals, want) || sameMultiset(vals[len(vals)-len(want):], want) {
		return Verdict{Kind: Correct, Score: 1, Reason: fmt.Sprintf("the %d values match", len(want))}
	}
	return Verdict{Kind: Wrong, Reason: "the values differ from the gold ones"}
}

// asksQuestion reports whether an answer ends in a question mark ("9?",
// "Is it Tom?"): it asks, it does not answer.
func asksQuestion(cand string) bool { return strings.HasSuffix(strings.TrimRight(cand, " .*"), "?") }

// sameValues reports whether the values (numbers, a:b or a/b) all have
// one value.
func sameValues(vals []string) bool {
	var first *big.Rat
	for _, v := range vals {
		r, ok := parseExactNumber(strings.Replace(v, ":", "/", 1))
		if !ok {
			return false
		}
		if first == nil {
			first = r
		} else if r.Cmp(first) != 0 {
			return false
		}
	}
	return true
}

// goldLabels returns the label of each part of a gold ("red" of "7
// (red); 5 (blue)"), "" where a part has none.
func goldLabels(gold string) []string {
	var out []string
	for _, p := range strings.Split(gold, ";") {
		if strings.TrimSpace(dropUnitParens(p)) == "" {
			continue // as asdivParts skips it
		}
		l := ""
		if i, j := strings.IndexByte(p, '('), strings.LastIndexByte(p, ')'); i >= 0 && j > i {
			l = strings.ToLower(strings.TrimSpace(p[i+1 : j]))
		}
		out = append(out, l)
	}
	return out
}

// labelMismatch pairs the parts of a gold whose labels differ ("7 (red);
// 5 (blue)", "12 (Tom); 9 (Mary)") with the number the reply writes next
// to each label ("5 red balls", "Tom scored 9"), and returns the index of
// a part whose number differs. Labels the reply does not write are not
// paired.
func labelMismatch(golds []asdivGold, labels []string, cand string) (int, string, bool) {
	if len(labels) != len(golds) {
		return 0, "", false
	}
	seen := map[string]bool{}
	for _, l := range labels {
		if l == "" || seen[l] || len(strings.Fields(l)) != 1 {
			return 0, "", false
		}
		seen[l] = true
	}
	words := strings.Fields(strings.NewReplacer(",", " ", ";", " ", ". ", " ", "$", " ").Replace(asciiLower(cand)))
	for gi, g := range golds {
		for i, w := range words {
			w = strings.TrimSuffix(strings.TrimRight(w, "."), "'s")
			if w != labels[gi] {
				continue
			}
			var v *big.Rat
			// the number just before the label ("5 red", "5 big red")
			for k := i - 1; k >= 0 && k >= i-2; k-- {
				if r, ok := parseExactNumber(strings.TrimRight(words[k], ".")); ok {
					v = r
					break
				}
			}
			// or just after it ("Tom scored 9")
			for k := i + 1; v == nil && k < len(words) && k <= i+3; k++ {
				if r, ok := parseExactNumber(strings.TrimRight(words[k], ".")); ok {
					v = r
				}
			}
			if v != nil && v.Cmp(g.val) != 0 {
				return gi, v.RatString(), true
			}
		}
	}
	return 0, "", false
}

func joinOrig(golds []asdivGold) string {
	var parts []string
	for _, g := range golds {
		parts = append(parts, g.orig)
	}
	return strings.Join(parts, "; ")
}

func sameMultiset(a, b []*big.Rat) bool {
	if len(a) != len(b) {
		return false
	}
	used := make([]bool, len(b))
outer:
	for _, x := range a {
		for j, y := range b {
			if !used[j] && x.Cmp(y) == 0 {
				used[j] = true
				continue outer
			}
		}
		return false
	}
	return true
}

// normText lower-cases s, drops punctuation, LaTeX text wrappers and a
// leading article, and collapses spaces.
func normText(s string) string {
	for _, w := range []string{`\text`, `\textbf`, `\mathrm`, `\mbox`} {
		s = strings.ReplaceAll(s, w, " ")
	}
	s = asciiLower(s)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isLetter(c) || isDigit(c) || c >= 0x80:
			b.WriteByte(c)
		case c == '\'':
			// "Richard's" keeps its letters together.
		default:
			b.WriteByte(' ')
		}
	}
	f := strings.Fields(b.String())
	if len(f) > 1 && (f[0] == "the" || f[0] == "a" || f[0] == "an") {
		f = f[1:]
	}
	for i, w := range f {
		if o, ok := ordinals[w]; ok {
			f[i] = o
		}
	}
	return strings.Join(f, " ")
}

func containsWords(hay, needle []string) bool {
	for i := 0; i+len(needle) <= len(hay); i++ {
		ok := true
		for j := range needle {
			if hay[i+j] != needle[j] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

func negated(words []string) bool {
	for _, w := range words {
		if w == "not" || w == "neither" || w == "nor" || w == "isn't" || w == "isnt" {
			return true
		}
	}
	return false
}

// ordinals maps ordinal words to the digit form ASDiv's key uses ("1st").
var ordinals = map[string]string{"first": "1st", "second": "2nd", "third": "3rd", "fourth": "4th", "fifth": "5th",
	"sixth": "6th", "seventh": "7th", "eighth": "8th", "ninth": "9th", "tenth": "10th"}

// unitParen is the unit of an ASDiv gold: "1.35 (dollars)".
var unitParen = regexp.MustCompile(`\(([A-Za-z][A-Za-z .]*)\)`)

// wordAfterNumber returns the word right after the last digit of a reply
// (spaces and the opening of a \text group between them), read as texscan
// tokens, in the shape of a regexp submatch: nil, or {match, word}.
func wordAfterNumber(s string) []string {
	p := strings.LastIndexAny(s, "0123456789")
	if p < 0 {
		return nil
	}
	sc := texscan.NewScanner(s, p+1)
	t, ok := sc.Next()
	for ok && (t.Kind == texscan.Space || t.Kind == texscan.Newline) {
		t, ok = sc.Next()
	}
	if ok && t.Kind == texscan.Command && t.Text == `\text` {
		if u, ok2 := sc.Peek(); ok2 && u.Kind == texscan.Open && u.Pos == t.End() {
			sc.Next()
			t, ok = sc.Next()
			for ok && (t.Kind == texscan.Space || t.Kind == texscan.Newline) {
				t, ok = sc.Next()
			}
		}
	}
	if !ok || t.Kind != texscan.Word {
		return nil
	}
	return []string{s[p:], t.Text}
}

// asdivUnitClash reports whether the gold's unit and the word after the
// candidate's last number are both known units and different ones: 1.35
// dollars is not 1.35 cents, 3 feet is not 3 inches.
func asdivUnitClash(gold, cand string) (string, string, bool) {
	m := unitParen.FindStringSubmatch(gold)
	w := wordAfterNumber(cand)
	if m == nil || w == nil {
		return "", "", false
	}
	// every known unit of the gold's phrase ("miles per hour") against the
	// candidate's word: they clash only when they share none
	gn := map[string]bool{}
	for _, f := range strings.Fields(asciiLower(m[1])) {
		for _, n := range unitKeys(f) {
			gn[n] = true
		}
	}
	cn := unitKeys(asciiLower(w[1]))
	if len(gn) == 0 || len(cn) == 0 {
		return "", "", false
	}
	for _, n := range cn {
		if gn[n] {
			return "", "", false
		}
	}
	return m[1], w[1], true
}

// degreeMarkEnd reads the degree sign of a degree mark after its "^" at
// s[i]: \circ, or {\circ} (then it returns the offset of the closing
// brace, which the caller reads as text); 0 when there is none. \circle
// is no degree sign (the scanner's command is \circle).
func degreeMarkEnd(s string, i int) int {
	t, ok := tokenAt(s, i)
	switch {
	case !ok:
		return 0
	case t.Is("circ"):
		return t.End()
	case t.Kind == texscan.Open:
		if c, ok := tokenAt(s, t.End()); ok && c.Is("circ") && closeAt(s, c.End()) {
			return c.End()
		}
	}
	return 0
}

// answerClock returns the time or ratio (h:mm) that a candidate answers
// with. With one, or several of one value, it is that one. With several
// that differ, the words around the first say whether it is the answer:
// after "not" it is not ("It's not 3:30 p.m.; it's 4:30 p.m."); before a
// remark it is ("3:30 p.m., which is 90 minutes after 2:00 p.m.", "12:50,
// not 12:30", "3:4 rather than 4:5", "5:45 p.m. (he started at 2:00
// p.m.)"); before a conclusion or the end of a range it is not ("9:15, so
// she finishes at 11:40", "6:8, which simplifies to 3:4", "from 1:00 to
// 3:30"), and the rest is read again; otherwise nothing says which, and
// there is no answer. The last time written was the answer, so that a
// remark's time was graded.
func answerClock(cand string) (Clock, bool, string) {
	cs, starts := allClocks(cand)
	if len(cs) == 0 {
		return Clock{}, false, ""
	}
	same := func(a, b Clock) bool {
		return a.H == b.H && a.M == b.M && a.Seconds == b.Seconds && a.S == b.S && a.Half == b.Half
	}
	from := 0 // where the words before cs[k] begin
	for k := 0; k < len(cs); k++ {
		n := k + 1
		for n < len(cs) && same(cs[n], cs[k]) {
			n++
		}
		if n == len(cs) {
			return cs[k], true, ""
		}
		before := " " + asciiLower(cand[from:starts[k]])
		gap := " " + halfDay.ReplaceAllString(asciiLower(cand[cs[k].End:starts[n]]), "") + " "
		from, k = cs[n-1].End, n-1
		switch {
		case clockNegated.MatchString(before):
			continue
		case clockStrongRemark.MatchString(gap):
			return cs[k], true, ""
		case clockConclusion.MatchString(gap), clockRange.MatchString(gap):
			continue
		case clockRemark.MatchString(gap):
			return cs[k], true, ""
		}
		return Clock{}, false, fmt.Sprintf("the answer holds %d different times or ratios and nothing says which is the answer", len(cs)-k)
	}
	return cs[len(cs)-1], true, ""
}

// The words around the times of a reply that say which one answers (see
// answerClock).
var (
	halfDay           = regexp.MustCompile(`^\s*[ap]\.?\s?m\b\.?`)
	clockNegated      = regexp.MustCompile(`\b(not|isn't|isnt|wasn't|never)\s+(at\s+|quite\s+)?$`)
	clockStrongRemark = regexp.MustCompile(`\(|\b(since|because|rather|than|compared|after|before|instead|while|whereas|note|earlier|later|ago)\b`)
	clockConclusion   = regexp.MustCompile(`=|\b(so|thus|therefore|hence|then|means|meaning|giving|gives|makes|answer|final|result|becomes|equals|simplifies|simplified|reduces|reduced|lowest)\b`)
	clockRange        = regexp.MustCompile(`^\s*(to|until|till|through|-|–|—)\s*$`)
	clockRemark       = regexp.MustCompile(`[,;]|\.\s|\b(which|as|not|from|when|vs)\b`)
)

// hedgedList matches the words that offer alternatives in an answer.
var hedgedList = regexp.MustCompile(` (or|either|maybe|perhaps|possibly|might|could)[ ,.]`)

// listSeparators reports whether gap joins two values of one list: commas,
// semicolons, "and", spaces, and words of a unit or a count noun only.
func listSeparators(gap string) bool {
	g := strings.TrimSpace(gap)
	if g == "" || g == "," || g == ";" || g == "and" || g == ", and" {
		return true
	}
	for _, w := range strings.FieldsFunc(g, func(r rune) bool { return r == ' ' || r == ',' || r == ';' }) {
		if w == "and" {
			continue
		}
		if _, _, ok := parseUnit(w); ok {
			continue
		}
		if isNounText(w) && !resultWord(w) {
			continue
		}
		return false
	}
	return strings.ContainsAny(g, ",;") || strings.Contains(" "+g+" ", " and ")
}

// resultWord reports whether the word w says a result (resultWords).
func resultWord(w string) bool {
	for _, r := range resultWords {
		if strings.TrimSpace(r) == w {
			return true
		}
	}
	return false
}

// severalUnitClash reports a unit written after a value of the candidate
// that shares no dimension key with any unit of the gold's labels ("6 m;
// 15 m" against 6 (cm); 15 (cm), "5 minutes" against 5 (hr)): it returns
// the gold's labels and the candidate's unit. Labels the unit table does
// not read say nothing.
func severalUnitClash(labels []string, cand string) (string, string, bool) {
	gold := map[string]bool{}
	for _, l := range labels {
		for _, f := range strings.Fields(l) {
			for _, k := range unitKeys(strings.Trim(f, ".")) {
				gold[k] = true
			}
		}
	}
	if len(gold) == 0 {
		return "", "", false
	}
	areaGold := false
	for _, l := range labels {
		areaGold = areaGold || areaWord.MatchString(l)
	}
	for _, a := range wordsAfterNumbers(cand) {
		w, next := a[0], a[1]
		if (unitSentenceEndWords[w] || unitNeverWords[w]) && next != "" {
			continue // "5, 15 in all": a word, not the inch
		}
		if areaWord.MatchString(asciiLower(w)) && !areaGold {
			// "28 sq. ft" against 28 (ft): an area for a length
			return strings.Join(labels, ", "), w + " " + next, true
		}
		keys := unitKeys(asciiLower(w))
		if len(keys) == 0 {
			continue
		}
		shared := false
		for _, k := range keys {
			if gold[k] {
				shared = true
			}
		}
		if !shared {
			return strings.Join(labels, ", "), w, true
		}
	}
	return "", "", false
}

// areaWord matches the words that make a unit an area or a volume.
var areaWord = regexp.MustCompile(`\b(sq|square|cubic|cu)\b`)

// wordsAfterNumbers returns the word right after each digit run of s (one
// space between), when there is one, with the word after it ("" when
// none: "in all" gives {in, all}, "sq. ft" {sq, ft}).
func wordsAfterNumbers(s string) [][2]string {
	var out [][2]string
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) || i+1 < len(s) && (isDigit(s[i+1]) || s[i+1] == '.' || s[i+1] == ',') {
			continue
		}
		j := i + 1
		if j < len(s) && s[j] == ' ' {
			j++
		}
		k := j
		for k < len(s) && isLetter(s[k]) {
			k++
		}
		if k > j {
			m := k
			for m < len(s) && (s[m] == '.' || s[m] == ' ') {
				m++
			}
			n := m
			for n < len(s) && isLetter(s[n]) {
				n++
			}
			out = append(out, [2]string{s[j:k], s[m:n]})
		}
	}
	return out
}
