package answer

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/matheval/matheval/equiv"
	"github.com/matheval/matheval/latex"
	"github.com/matheval/matheval/texscan"
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
//   - units: the unit written after the value (unitTail: a \text{...} or
//     \mbox{...} group of words, a \mathrm{...} unit the table reads, plain
//     unit words, with powers, "/", "per" and \cdot: "\text{ cm}^2",
//     "12 m/s", "5\text{ N}\cdot\text{m}", "100^\circ\text{F}") is taken
//     off both sides and the two units compared by the rule of units.go:
//     by meaning when the unit table reads both (5000 J is 5 kJ; temperature
//     scales, bits and bytes, currencies never interchangeable), by exact
//     text otherwise; a unit only the candidate names goes only when the
//     table reads it or it is a count noun ("2\text{ apples}"); letters
//     inside the expression and upright constants (\mathrm{e}) never go;
//   - times of day compare as times (ParseClock: "3:30 p.m." is "3:30 pm"),
//     and answers of words (each of two letters or more) case-insensitively
//     ("Mrs. Hilt" is "mrs. hilt");
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
// These are the only things the normalisation takes off (the no-op list:
// mathReplacer, dropValueDegrees, "$", the unit tail), so a string identity
// of the two normalised sides proves equality once the units agree.
//
// Extraction: a final-answer phrase or \boxed{} (whichever comes last, with
// the rules of conclude.go for replies that state several: self-corrections,
// checks, next exercises, hedging), then a bare answer, then the last math
// segment or the last whole expression around the last number of a reply
// that concludes (conclude.go, plain.go: "36π", never the 36 cut out of it;
// none when the last sentence lists several values). A candidate
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
// Positive, as bench/hardmath does), its root lists are order-free (its
// rubric credits matching roots in any order), and its integral answers,
// one formula per regime in a comma list, are in order.
var HARDMathGeneric = Policy{
	Name:       "hardmath",
	Extraction: mathExtraction,
	Compare:    mathCompare,
	Options: equiv.Options{Decimal: equiv.DecimalRounded, MinSigDigits: MATHMinSigDigits, Unknown: HARDMathUnknown,
		Positive: true, RootLists: true, RegimeLists: true},
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

// maxCompared bounds the answers mathCompare reads: far past the parser's
// limit (which then names what it refuses: "nested too deeply"), short of
// the megabytes whose normalisation cost a gigabyte.
const maxCompared = 64 * latex.MaxInput

func mathCompare(ctx context.Context, gold, cand string, opts equiv.Options) Verdict {
	if len(cand) > maxCompared {
		// refused before the normalisation reads it (a 14 MB box took a
		// gigabyte); the parser refuses anything past latex.MaxInput
		return Verdict{Kind: Unparsable, Reason: fmt.Sprintf("the candidate answer is %d bytes, over the %d read", len(cand), maxCompared)}
	}
	if len(gold) > maxCompared {
		return Verdict{Kind: Unparsable, Reason: fmt.Sprintf("the gold answer is %d bytes, over the %d read", len(gold), maxCompared)}
	}
	if priceRange.MatchString(cand) && !priceRange.MatchString(gold) {
		// "$4-$6", "$26–$30": a range of prices, never the difference
		return Verdict{Kind: Unparsable, Reason: "the candidate gives a range of prices (a dash between two amounts), not one value"}
	}
	if v, ok := mathClock(gold, cand); ok {
		return v
	}
	if v, decided, g2, c2, why := choiceRule(gold, cand); decided {
		return v
	} else if why != "" {
		v := mathCompare(ctx, g2, c2, opts)
		v.Reason = why + v.Reason
		return v
	}
	if v, ok := mathWords(gold, cand); ok {
		return v
	}
	// full-width digits and letters are read as ASCII, by the parser too
	gold, cand = latex.FoldFullWidth(gold), latex.FoldFullWidth(cand)
	if gm, cm := valueMark(gold), valueMark(cand); gm != cm && gm != "" && cm != "" {
		// MATH's normalisation drops both signs; they never mean one
		// thing (60^\circ is not 60%)
		return Verdict{Kind: Wrong, Reason: fmt.Sprintf("%s against %s", markName(gm), markName(cm))}
	}
	if v, ok := itemwiseUnits(ctx, gold, cand, opts); ok {
		return v
	}
	g, gu := normalizeSplit(gold)
	c, cu := normalizeSplit(cand)
	switch gm, cm := valueMark(gold), valueMark(cand); {
	case percentWord(gu.text) || percentWord(cu.text):
		// "28 pct" is a percentage written in words
	case gm == "%" && cm == "" && !cu.none():
		return Verdict{Kind: Wrong, Reason: fmt.Sprintf("a percentage against a value in %s", cu)}
	case cm == "%" && gm == "" && !gu.none():
		return Verdict{Kind: Wrong, Reason: fmt.Sprintf("a value in %s against a percentage", gu)}
	}
	ok, ratio, why := unitVerdict(gu, cu)
	if !ok {
		return Verdict{Kind: Wrong, Reason: why}
	}
	if ratio != nil {
		// the same dimension in another unit: the candidate's value in the
		// gold's unit, compared exactly (5000 J is 5 kJ)
		if hasTopLevelList(c) && !groupedNumber(c) || lastRelation(c) >= 0 {
			return Verdict{Kind: Undecided, Reason: fmt.Sprintf("units %s vs %s differ by a factor, and a list or relation is not converted", gu, cu)}
		}
		if groupedNumber(c) {
			c = strings.ReplaceAll(c, ",", "") // 135,000 in brackets would be a pair
		}
		c = `\left(` + c + `\right)\cdot\frac{` + ratio.Num().String() + `}{` + ratio.Denom().String() + `}`
	}
	// A string identity proves equality only because everything either
	// side lost to the normalisation is on its list (currency and percent
	// signs, degree signs, spacing) or was a unit the rule above accepted.
	if strings.ContainsRune(g, utf8.RuneError) || strings.ContainsRune(c, utf8.RuneError) {
		// U+FFFD: a byte that was no UTF-8 when the text was decoded; the
		// character it stood for is lost, and two of them are not equal
		return Verdict{Kind: Unparsable, Reason: "the answer holds U+FFFD, a character lost in decoding"}
	}
	if ratio == nil && g == c && g != "" {
		return Verdict{Kind: Correct, Score: 1, Reason: "identical after MATH normalization"}
	}
	if hasForeignText(readLetterlike.Replace(c)) {
		return Verdict{Kind: Unparsable, Reason: "candidate has words in another language: a sentence, not a formula"}
	}
	if w, ok := compoundQuantity(c); ok {
		return Verdict{Kind: Unparsable, Reason: fmt.Sprintf("candidate has words between numbers (%q): a compound quantity or a sentence, not one value", w)}
	}
	if w, ok := compoundQuantity(g); ok {
		return Verdict{Kind: Unparsable, Reason: fmt.Sprintf("gold has words between numbers (%q): a compound quantity or a sentence, not one value", w)}
	}
	// the units were taken off and compared above: one the engine's
	// parser still finds and drops was not read here, and is never
	// dropped unseen; against a side with no unit at all, the policy's rule for a
	// unit against a bare answer holds (9 (apples) is 9)
	opts.StrictUnits = true
	opts.BareUnitOK = gu.none() && cu.none() && len(gu.items) == 0 && len(cu.items) == 0
	v := fromEngine(equiv.Compare(ctx, g, c, opts))
	if ratio != nil {
		v.Reason = fmt.Sprintf("%s converted to %s: %s", cu, gu, v.Reason)
	}
	return v
}

// valueMark returns "%" when s ends in a percent sign and "°" when it ends
// in a degree sign (the marks MATH's normalisation takes off), else "".
func valueMark(s string) string {
	t := strings.TrimRight(s, " .$")
	t = strings.TrimSuffix(strings.TrimSuffix(t, `\right)`), `\right.`)
	switch {
	case strings.HasSuffix(t, "%"), strings.HasSuffix(t, " percent"):
		return "%"
	case strings.HasSuffix(t, `\degree`), strings.HasSuffix(t, " degrees"):
		return "°"
	}
	for _, d := range degreeSigns {
		if strings.HasSuffix(t, d) {
			return "°"
		}
	}
	return ""
}

// percentWord reports whether a unit text is a word for percent.
func percentWord(u string) bool {
	switch strings.ToLower(strings.TrimSpace(u)) {
	case "pct", "percent", "percentage", "per cent", "pc":
		return true
	}
	return false
}

func markName(m string) string {
	if m == "%" {
		return "a percentage"
	}
	return "an angle in degrees"
}

// hasTopLevelList reports whether s has a comma outside brackets
// (texscan's top-level split). The braces of a set \{1, 2\} are escaped,
// not a group, so a set is a list, and so is a text too deep to read:
// neither is converted to another unit.
func hasTopLevelList(s string) bool {
	parts, err := texscan.SplitSpans(s, texscan.Bracketed, texscan.Limits{}, ",")
	return err != nil || len(parts) > 1
}

// groupedNumber reports whether s is one number grouped in thousands
// (135,000 or -1,234.5): a comma that is no list separator.
func groupedNumber(s string) bool {
	toks, err := texscan.Tokens(strings.TrimPrefix(strings.TrimSpace(s), "-"), texscan.Limits{})
	return err == nil && thousandsGrouped(toks)
}

// NormalizeMATH applies the MATH policy's relaxations (currency, degrees,
// percent, units) to an extracted answer. What it takes off is on one
// list: the signs of mathReplacer and dropValueDegrees, "$", and a unit tail
// (unitTail); whether a unit may go is mathCompare's rule (units.go).
func NormalizeMATH(s string) string {
	h, _ := normalizeSplit(s)
	return h
}

// normalizeSplit is NormalizeMATH that also returns the unit it took off.
func normalizeSplit(s string) (string, unitSet) {
	var u unitSet
	s = strings.TrimSpace(s)
	if s == "" {
		return s, u
	}
	dollar := false
	{
		r := s
		if k := lastRelation(r); k >= 0 {
			r = r[k:] // a computation's unit is its result's: "\$0.054 = 5.4\text{ cents}"
		}
		dollar = strings.Contains(r, `\$`) || strings.Count(s, "$") == 1 && strings.Contains(r, "$")
	}
	s = mathReplacer.Replace(dropValuePercents(s))
	if !strings.Contains(s, "$") || strings.Count(s, "$") == 1 {
		s = strings.ReplaceAll(s, "$", "")
	}
	s, cur := currencySign(strings.TrimSpace(s))
	s = scaleWords(s)
	trig := hasTrig(s)
	// a sentence's period is no part of the answer ("30^\circ."), and would
	// hide the unit before it
	if !strings.HasSuffix(s, "...") { // an ellipsis is the parser's to read ("1, 2, ...")
		s = strings.TrimSpace(strings.TrimRight(s, "."))
	}
	if h, gu, ok := gluedUnit(s); ok {
		s = h + `\text{ ` + gu + `}` // "1,000.99m²" is 1,000.99 m²
	}
	head, tail, _ := unitTail(s, !trig)
	// units inside the answer count too: on an item of a list ("4\text{
	// radians}, 20^\circ") or of a tuple ("(6,235^\circ)")
	u.items = innerUnits(head, !trig)
	if !trig {
		head = dropValueDegrees(head)
	}
	sort.Strings(u.items)
	text := tail
	switch {
	case cur != "":
		text = strings.TrimSpace(cur + " " + text)
	case dollar:
		text = strings.TrimSpace("$ " + text)
	}
	if text != "" {
		items := u.items
		u = readUnit(text)
		u.text = unitDisplay(text)
		u.items = items
	}
	return strings.TrimSpace(head), u
}

// currencySign takes a leading or trailing currency sign other than the
// dollar (€5, 5€, £3, \euro 5) off s.
func currencySign(s string) (string, string) {
	for _, c := range []string{"€", "£", "¥", "₹", "¢", `\euro`, `\pounds`} {
		if rest, ok := strings.CutPrefix(s, c); ok && rest != "" {
			return strings.TrimSpace(rest), c
		}
		if rest, ok := strings.CutPrefix(s, "-"+c); ok && rest != "" {
			return "-" + strings.TrimSpace(rest), c
		}
		if rest, ok := strings.CutSuffix(s, c); ok && strings.TrimSpace(rest) != "" && isDigit(strings.TrimSpace(rest)[len(strings.TrimSpace(rest))-1]) {
			return strings.TrimSpace(rest), c // "5€", "5 £"
		}
	}
	return s, ""
}

// dropValueDegrees drops the degree signs that end a value: an angle answer
// "30^\circ" is 30, and so are the items of "30^\circ, 150^\circ" and of
// "(6, 235^\circ)". Not inside a trigonometric function, where the sign says
// the argument is in degrees (\cos 40^\circ = \sin 50^\circ), and not one
// inside a formula (2^\circ + 3, \frac{180^\circ}{3}): the engine reads
// those as degrees, so that no sign vanishes from the middle of a formula
// (2^\circ + 3 was 5).
func dropValueDegrees(s string) string {
	var b strings.Builder
	for {
		i, n := -1, 0
		for _, d := range degreeSigns {
			if k := strings.Index(s, d); k >= 0 && (i < 0 || k < i || k == i && len(d) > n) {
				i, n = k, len(d)
			}
		}
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		if !degreeEndsValue(s[i+n:]) {
			b.WriteString(s[i : i+n])
		} else if rest := s[i+n:]; len(rest) > 1 && rest[0] == ',' && isDigit(rest[1]) {
			// "45^\circ,135^\circ" is two angles: without its signs it
			// must not read as 45,135
			b.WriteString(", ")
			s = rest[1:]
			continue
		}
		s = s[i+n:]
	}
}

var degreeSigns = []string{`^{\circ}`, `^\circ`, `^{\circ }`, "°"}

// degreeEndsValue reports whether the text after a degree sign ends the
// angle: nothing, a separator, a closing bracket, a relation, or a \text,
// spacing or line-break command.
func degreeEndsValue(rest string) bool {
	rest = strings.TrimLeft(rest, " \t\n")
	if rest == "" {
		return true
	}
	switch rest[0] {
	case ',', ';', '.', ')', ']', '=', '<', '>', '&':
		return true
	}
	for _, p := range []string{`\}`, `\right`, `\rangle`, `\\`, `\text`, `\mbox`, `\textrm`, `\mathrm`, `\,`, `\;`, `\:`, `\ `, `\quad`, `\qquad`,
		`\le`, `\ge`, `\ne`, `\approx`, `\end`} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	for _, w := range []string{"and ", "or "} {
		if strings.HasPrefix(rest, w) {
			return true
		}
	}
	return false
}

var trigNames = []string{`\sin`, `\cos`, `\tan`, `\cot`, `\sec`, `\csc`, "sin", "cos", "tan", "cis"}

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
	// a comma before a negative space groups digits ("111, \! 111" is
	// 111,\!111): the space the gold put around it goes with it
	`, \! `, ",", `, \!`, ",",
	`\! `, "", `\!`, "", "{, }", "{,}",
)

// dropValuePercents takes off the percent sign that ends a value, as MATH's
// normalisation does ("25\%" is 25): one sign (\% or %) outside every
// bracket, right before the end of the answer, a list separator, or a
// \text or spacing command. Any other percent sign stays for the parser,
// which reads it as a hundredth or refuses it: \lfloor 25\%\rfloor is 0,
// \max(25\%, 1) is 1, 5\%\% is no number (all were 25, 25 and 5 when every
// sign was deleted). A text too long or deep to scan is left as it is.
func dropValuePercents(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	// one pass of the walker gives each token and the bracket depth after it
	var toks []texscan.Token
	var depths []int
	w := texscan.NewWalker(s, 0, texscan.Bracketed, texscan.Limits{})
	for t, _, ok := w.Next(); ok; t, _, ok = w.Next() {
		toks, depths = append(toks, t), append(depths, w.Depth())
	}
	if w.Err() != nil {
		return s
	}
	isPct := func(t texscan.Token) bool { return t.Is("%") || t.Kind == texscan.Punct && t.Text == "%" }
	var b strings.Builder
	for i, t := range toks {
		if isPct(t) && depths[i] == 0 && (i == 0 || !isPct(toks[i-1])) && endsValue(toks[i+1:]) {
			continue
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

// endsValue reports whether the tokens after a percent sign end its value:
// nothing but spaces, or a list separator, a \text-like command or a
// spacing command next.
func endsValue(rest []texscan.Token) bool {
	for _, t := range rest {
		switch {
		case t.Kind == texscan.Space || t.Kind == texscan.Newline:
			continue
		case t.Kind == texscan.Punct && (t.Text == "," || t.Text == ";" || t.Text == "."):
			return true
		case t.Kind == texscan.Command:
			switch t.Name() {
			case "text", "mbox", "textrm", "textnormal", "mathrm", ",", ";", ":", " ", "quad", "qquad", "%":
				return t.Name() != "%"
			}
			return false
		default:
			return false
		}
	}
	return true
}

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

// maxUnitPieces bounds the unit tail read from the end of an answer, and
// unitWindow the bytes cut into pieces to find it.
const (
	maxUnitPieces = 24
	unitWindow    = 512
)

// unitTail splits s into its value and the unit written after it
// ("5\text{ kJ}", "12 m/s", "100^\circ\text{F}", "5\text{ N}\cdot\text{m}",
// "9 cm²"): the longest run of unit pieces at the end that is a unit,
// after a head that ends like a value. A \mathrm or \operatorname group is
// a unit only when the unit table reads it (\mathrm{e} is the constant); a
// \text group of words is one unless a word changes the value
// (isUnitText); plain words after a number must be a unit the table
// reads or count nouns (plainUnitOK). With degrees false (a trigonometric
// answer) a degree sign is no unit. plain reports a tail of plain words.
func unitTail(s string, degrees bool) (head, tail string, plain bool) {
	// Only the end of s is cut into pieces: a unit tail is short, and an
	// answer may be megabytes long.
	off := 0
	if len(s) > unitWindow {
		off = len(s) - unitWindow
		for off < len(s) && !utf8.RuneStart(s[off]) {
			off++
		}
	}
	ps := unitPieces(s[off:])
	for i := range ps {
		ps[i].start += off
		ps[i].end += off
	}
	if n := len(ps); n > 0 && (ps[n-1].kind == '*' || ps[n-1].kind == '/') {
		// "110^\circ\cdot": a product or quotient sign with nothing after
		// it ends no unit; the parser refuses the dangling operator
		return s, "", false
	}
	lo := len(ps)
	for lo > 1 && len(ps)-lo < maxUnitPieces {
		p := ps[lo-1]
		ok := false
		switch p.kind {
		case 'g':
			// "min" alone in a group after the value is minutes
			// (5\text{ min}); a minimum is written before its value
			ok = isUnitText(p.inner) || lo == len(ps) && (p.inner == "min" || p.inner == "mins")
			if in := strings.TrimSpace(p.inner); (in == "C" || in == "F") && lo >= 2 && ps[lo-2].kind == 'd' && degrees {
				// 100^\circ\text{F}: the scale of a temperature
			} else if p.cmd == "mathrm" || p.cmd == "operatorname" || len(in) == 1 {
				// upright letters are a unit the table reads, or a plural
				// count noun (\mathrm{apples}); never a name (\mathrm{AB})
				_, _, known := parseUnit(p.inner)
				noun := len(in) >= 4 && isNounText(in) && strings.HasSuffix(in, "s") && !mathFuncs[in] && !strings.HasPrefix(in, "arc")
				ok = ok && (known || noun)
			}
		case 'w', 'p', '*', '/', ' ':
			ok = true
		case 'd':
			ok = degrees
		}
		if !ok {
			break
		}
		lo--
	}
	// the tail starts at a group, a word or a degree sign; try the longest
	// first, then shorter ones
	for k := lo; k < len(ps); k++ {
		if ps[k].kind != 'g' && ps[k].kind != 'w' && ps[k].kind != 'd' {
			continue
		}
		h := trimSpacing(s[:ps[k].start])
		if h == "" || !endsLikeValue(h) || endsWithText(h) && !uprightConstEnd(h) {
			continue
		}
		t := s[ps[k].start:]
		words, groups := false, false
		for _, p := range ps[k:] {
			words = words || p.kind == 'w'
			groups = groups || p.kind == 'g'
		}
		if words {
			// plain words after a number: only a unit the table reads,
			// or count nouns ("10 ways", "9 apples")
			if !endsInDigit(h) && !groups && !tenPowerEnd.MatchString(h) {
				continue // (a power of ten ends a value: "7.4 \times 10^{-12} m")
			}
			// one letter written onto the number with a power is a
			// variable, not a unit: "3s²" is 3s^2 (a unit is written
			// apart: "9 m²")
			if !groups && ps[k].kind == 'w' && len(h) == ps[k].start && oneLetter(t) {
				continue
			}
			if !groups && !plainUnitOK(strings.TrimSuffix(t, ".")) && !(isNounText(strings.TrimSuffix(t, ".")) && len(strings.Fields(t)) <= 3 && !latex.QualifierText(t, "")) &&
				!(tenPowerEnd.MatchString(h) && tableUnit(strings.TrimSuffix(t, "."))) {
				// (after a power of ten a lone letter is the unit: no
				// variable is written after scientific notation, "7.4
				// \times 10^{-12} m")
				continue
			}
			if groups {
				if _, _, ok := parseUnit(t); !ok {
					continue // "\text{ cm} x": words beside a unit group are not read
				}
			}
		}
		if ps[k].kind == 'd' && !degrees {
			continue
		}
		return h, strings.TrimSuffix(strings.TrimSpace(t), "."), words && !groups
	}
	return s, "", false
}

// oneLetter reports whether t holds one letter, with a power or a sign
// at most: "s²", "m^2".
func oneLetter(t string) bool {
	n := 0
	for _, r := range t {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n == 1
}

func isUnitText(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	if !unitTextTokens(s) {
		return false
	}
	if strings.IndexFunc(s, func(r rune) bool {
		return r >= 0x80 && !strings.ContainsRune("µμΩ°²³⁻¹·⋅€£¥₹℃℉", r)
	}) >= 0 {
		return false // another language's words ("不是"): never a unit
	}
	// A multiple-choice letter or a word answer is not a unit: "\text{(B)}",
	// "\text{even}" stand alone and are kept because the head is empty then.
	// A qualifier changes the value and is never dropped: "5\text{ or
	// more}", "\text{at least }8", "28\text{ (not prime)}".
	// "per" joins units ("km per hour"), it does not qualify a value.
	return !latex.QualifierText(s, "per")
}

// endsWithText reports whether an answer ends in a \text group of words:
// what follows it is another word ("\text{Bob} \text{Alice}"), not a unit.
func endsWithText(s string) bool {
	cmd, inner, ok := finalFlatGroup(s)
	return ok && wordGroupCommands[cmd] && strings.IndexFunc(inner, func(r rune) bool { return r < 0x80 && isLetter(byte(r)) }) >= 0
}

var wordGroupCommands = map[string]bool{"text": true, "mbox": true, "textbf": true, "textit": true, "textrm": true, "textnormal": true, "mathrm": true}

// finalFlatGroup reads the brace group s ends on (its "}" the last byte)
// when it has no group inside and a command stands before it, spaces
// aside ("4\text{ cm}", "\mathrm {e}"): the command's name and what the
// braces hold. On texscan's tokens: escaped braces are text.
func finalFlatGroup(s string) (cmd, inner string, ok bool) {
	if !strings.HasSuffix(s, "}") {
		return "", "", false
	}
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil || len(toks) < 3 || toks[len(toks)-1].Kind != texscan.Close {
		return "", "", false
	}
	k := len(toks) - 2
	for k >= 0 && toks[k].Kind != texscan.Open {
		if toks[k].Kind == texscan.Close {
			return "", "", false
		}
		k--
	}
	c := k - 1
	for c >= 0 && (toks[c].Kind == texscan.Space || toks[c].Kind == texscan.Newline) {
		c--
	}
	if c < 0 || toks[c].Kind != texscan.Command || !isLetter(toks[c].Text[1]) {
		return "", "", false
	}
	return toks[c].Name(), s[toks[k].End():toks[len(toks)-1].Pos], true
}

// readLetterlike blanks the letterlike symbols the parser reads as sets
// and constants (ℝ is \mathbb{R}, ℯ is e), which are no words in another
// language.
var readLetterlike = strings.NewReplacer("ℝ", " ", "ℕ", " ", "ℤ", " ", "ℚ", " ", "ℂ", " ", "ℯ", " ", "ⅇ", " ", "ⅈ", " ")

// uprightConstEnd reports whether an answer ends in an upright constant
// (99\mathrm{\pi}, 2\mathrm{e}, 4\text{i}): a value, which a unit may follow.
func uprightConstEnd(s string) bool {
	cmd, inner, ok := finalFlatGroup(s)
	if !ok || !uprightCommands[cmd] {
		return false
	}
	switch strings.TrimSpace(inner) {
	case `\pi`, "e", "i":
		return true
	}
	return false
}

var uprightCommands = map[string]bool{"text": true, "mbox": true, "textrm": true, "textnormal": true, "mathrm": true, "operatorname": true}

// endsLikeValue reports whether s ends like a number or expression that a
// unit may follow (a digit, a closing brace or parenthesis, a constant).
func endsLikeValue(s string) bool {
	c := s[len(s)-1]
	return isDigit(c) || c == '}' || c == ')' || strings.HasSuffix(s, `\pi`) || isLetter(c) || endsInDigit(s) ||
		strings.HasSuffix(s, "π")
}

// endsInDigit reports whether s ends in a digit of any script: "５" (a
// full-width digit) ends a number as "5" does, so that the unit after it
// is read and compared, never left for the parser to drop.
func endsInDigit(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsDigit(r)
}

// maxInnerUnits bounds the answer read for units inside it (innerUnits).
const maxInnerUnits = 4096

// mayHoldUnit reports whether s holds a unit group or a degree sign at
// all: most answers hold neither, and are not cut into pieces.
func mayHoldUnit(s string) bool {
	return strings.Contains(s, `\text`) || strings.Contains(s, `\mbox`) || strings.Contains(s, `\mathrm`) ||
		strings.Contains(s, `\mathsf`) || strings.Contains(s, `\hbox`) ||
		strings.Contains(s, `\operatorname`) || strings.Contains(s, `\circ`) || strings.Contains(s, "°")
}

// innerUnits lists the units written inside an answer after a value: a
// unit group after a digit, a closing brace or parenthesis, and a degree
// sign (unless degrees is false). An answer longer than maxInnerUnits is
// not read for them.
func innerUnits(head string, degrees bool) []string {
	if len(head) > maxInnerUnits || !mayHoldUnit(head) {
		return nil
	}
	var out []string
	ps := unitPieces(head)
	for k, p := range ps {
		switch p.kind {
		case 'd':
			if degrees {
				out = append(out, "°")
			}
		case 'g':
			j := k - 1
			for j >= 0 && ps[j].kind == ' ' {
				j--
			}
			if j < 0 || ps[j].kind != 'x' && ps[j].kind != 'p' && ps[j].kind != 'd' {
				continue
			}
			if c := head[ps[j].end-1]; !isDigit(c) && c != '}' && c != ')' && ps[j].kind == 'x' {
				continue
			}
			if !isUnitText(p.inner) {
				continue
			}
			if u := readUnit(p.inner); u.known || u.nouns || u.generic {
				out = append(out, unitDisplay(p.inner))
			}
		}
	}
	return out
}

// unwrapText is an answer's text with \text-like wrappers, braces and LaTeX
// spacing taken off, spaces collapsed.
func unwrapText(s string) string {
	s = strings.NewReplacer(`\!`, "", `\,`, " ", `\;`, " ", `\ `, " ", "~", " ", `\textnormal`, "", `\textrm`, "",
		`\text`, "", `\mbox`, "", `\mathrm`, "", "{", "", "}", "", "$", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// mathClock compares two times of day (ParseClock): "3:30 p.m." is "3:30
// pm" and "15:30", not "3:30 a.m.". A candidate that omits a.m./p.m.
// answers a gold that names it when the clock face agrees (as ASDiv's
// rule does). ok is false unless the gold is a time of day with a.m./p.m.
// or seconds and the candidate a time of day, each alone.
func mathClock(gold, cand string) (Verdict, bool) {
	g, ok := ParseClock(unwrapText(gold))
	if !ok || g.Rest != "" || !g.Valid() || g.Half == 0 && !g.Seconds {
		return Verdict{}, false
	}
	c, ok := ParseClock(unwrapText(cand))
	if !ok || c.Rest != "" || !c.Valid() {
		return Verdict{}, false
	}
	if g.S != c.S {
		return Verdict{Kind: Wrong, Reason: "seconds differ: " + gold + " vs " + cand}, true
	}
	if g.Hour24() == c.Hour24() && g.M == c.M || c.Half == 0 && c.H <= 12 && g.M == c.M && g.Hour24()%12 == c.H%12 {
		return Verdict{Kind: Correct, Score: 1, Reason: "same time of day"}, true
	}
	return Verdict{Kind: Wrong, Reason: "different times of day: " + gold + " vs " + cand}, true
}

// mathWords compares two text answers of words ("Mrs. Hilt", "\text{Even}"):
// case-insensitively, periods aside. Only answers whose every word has two
// letters or more are text here: a single letter keeps its case (a
// variable or a choice, "(A)" against "(a)"), and math goes to the engine.
// Two different texts are left to the engine's text rules.
func mathWords(gold, cand string) (Verdict, bool) {
	g, c := wordsOnly(gold), wordsOnly(cand)
	if g != "" && g == c {
		return Verdict{Kind: Correct, Score: 1, Reason: "same text (case-insensitive)"}, true
	}
	return Verdict{}, false
}

// wordsOnly is s as lower-case words without periods when s is only words
// of two letters or more (letters, apostrophes, hyphens); "" otherwise.
func wordsOnly(s string) string {
	var words []string
	for _, w := range strings.Fields(unwrapText(s)) {
		letters := 0
		for i := 0; i < len(w); i++ {
			c := w[i]
			switch {
			case isLetter(c):
				letters++
			case c == '\'' || c == '-' || c == '.':
			default:
				return ""
			}
		}
		if letters < 2 {
			return ""
		}
		words = append(words, strings.ReplaceAll(asciiLower(w), ".", ""))
	}
	return strings.Join(words, " ")
}

// gluedUnit splits a number written with its unit symbol attached ("12cm",
// "3.5kg", "12cm²") into the number and the unit, when the symbol is two or
// more letters the unit table reads whole. A single letter, with or without
// a power ("5m", "3s²", "1,000.99m²"), stays the product the parser reads:
// a variable's power is as plausible as a unit there, and reading it as a
// unit would make 3s² equal to 3.
func gluedUnit(s string) (head, unit string, ok bool) {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil || len(toks) < 2 {
		return "", "", false
	}
	k := len(toks)
	for k > 0 {
		t := toks[k-1]
		if t.Kind == texscan.Word || t.Kind == texscan.Char && strings.Contains("²³µμΩ°", t.Text) {
			k--
			continue
		}
		break
	}
	spaced := false
	if k >= 2 && k < len(toks) && toks[k-1].Kind == texscan.Space && toks[k-1].Text == " " && toks[k-2].Kind == texscan.Number {
		// "5000 J": a number, one space and a one-letter SI symbol, the
		// whole answer (this reads the answer, never a sentence)
		if !spacedUnitLetters[strings.TrimRight(s[toks[k].Pos:], "²³")] {
			return "", "", false
		}
		spaced = true
		k--
	}
	if k == 0 || k == len(toks) || toks[k-1].Kind != texscan.Number {
		return "", "", false
	}
	for _, t := range toks[:k] {
		if !(t.Kind == texscan.Number || t.Kind == texscan.Punct && (t.Text == "," || t.Text == "-" || t.Text == ".")) {
			return "", "", false
		}
	}
	unit = strings.TrimLeft(s[toks[k].Pos:], " ")
	letters := strings.TrimRight(unit, "²³")
	if unitNeverWords[letters] || unitSentenceEndWords[letters] {
		return "", "", false
	}
	if utf8.RuneCountInString(letters) < 2 && !(len(letters) == 1 && (spaced || thousandsGrouped(toks[:k]))) {
		// 3s², 5m²: a variable's power as well as a unit; but algebra never
		// groups a coefficient's digits in thousands, so 1,000.99m² is a
		// quantity (an ASCII letter only: 31,250Ω is no ohm)
		return "", "", false
	}
	if _, _, ok := parseUnit(unit); !ok {
		return "", "", false
	}
	return s[:toks[k].Pos], unit, true
}

// spacedUnitLetters are the one-letter SI symbols that a number and a
// space before them make a unit when they end the answer ("5000 J",
// "3 m²"); letters that usually name a variable or a constant (x, n, t,
// e, i, c, h) are left products.
var spacedUnitLetters = map[string]bool{
	"m": true, "g": true, "s": true, "J": true, "N": true, "W": true, "V": true, "A": true, "K": true, "L": true,
}

// thousandsGrouped reports whether toks (Numbers and the punctuation
// gluedUnit allows) write one number with its digits grouped in thousands
// by commas: 1,000 or 12,345.5, never 1,5 or 10,00.
func thousandsGrouped(toks []texscan.Token) bool {
	if len(toks) < 3 || toks[0].Kind != texscan.Number || strings.Contains(toks[0].Text, ".") || len(toks[0].Text) > 3 {
		return false
	}
	for i := 1; i < len(toks); i += 2 {
		if toks[i].Text != "," || i+1 >= len(toks) || toks[i+1].Kind != texscan.Number {
			return false
		}
		d := toks[i+1].Text
		if j := strings.IndexByte(d, '.'); j >= 0 {
			if i+2 != len(toks) {
				return false
			}
			d = d[:j]
		}
		if len(d) != 3 {
			return false
		}
	}
	return true
}

// maxItemwise bounds the items of a list compared one by one.
const maxItemwise = 12

// itemwiseUnits compares two lists whose items carry units ("1\text{ mg};
// 2\text{ lb}", "\$3; 5\%", "3630 ft^2, 522,720 in^2") item by item: each
// gold item must be matched by its own candidate item, value and unit
// together, under this policy's rule for one answer. Taking the units off
// first and comparing the values as a set made "2 mg; 1 lb" the gold "1 mg;
// 2 lb". The items may come in any order, as the values of a list do. It
// does nothing (false) unless both sides are lists of the same length, 2 to
// maxItemwise items, and an item of either names a unit, a currency or a
// percentage.
func itemwiseUnits(ctx context.Context, gold, cand string, opts equiv.Options) (Verdict, bool) {
	gi, ci := listItems(gold), listItems(cand)
	if len(gi) < 2 || len(gi) != len(ci) {
		return Verdict{}, false
	}
	if !anyItemUnit(gi) && !anyItemUnit(ci) {
		return Verdict{}, false
	}
	n := len(gi)
	kinds := make([][]Kind, n) // kinds[i][j]: gold item i against candidate item j
	for i := range kinds {
		kinds[i] = make([]Kind, n)
		for j := range kinds[i] {
			if ctx.Err() != nil {
				return Verdict{Kind: Undecided, Reason: "deadline reached comparing a list item by item"}, true
			}
			kinds[i][j] = mathCompare(ctx, gi[i], ci[j], opts).Kind
		}
	}
	if perfectMatching(n, func(i, j int) bool { return kinds[i][j] == Correct }) {
		return Verdict{Kind: Correct, Score: 1, Reason: fmt.Sprintf("each of the %d items equal with its unit", n)}, true
	}
	if perfectMatching(n, func(i, j int) bool { return kinds[i][j] != Wrong }) {
		return Verdict{Kind: Undecided, Reason: fmt.Sprintf("the %d items with their units: no pairing is proved equal", n)}, true
	}
	return Verdict{Kind: Wrong, Reason: fmt.Sprintf("the %d items with their units: no pairing of gold and candidate items is equal (%s)", n, quoteShort(strings.Join(gi, "; ")))}, true
}

// perfectMatching reports whether the n gold items can each be paired with
// a candidate item of their own along edges ok(i, j) (Kuhn's augmenting
// paths).
func perfectMatching(n int, ok func(i, j int) bool) bool {
	match := make([]int, n) // candidate j -> gold item, or -1
	for j := range match {
		match[j] = -1
	}
	var try func(i int, seen []bool) bool
	try = func(i int, seen []bool) bool {
		for j := 0; j < n; j++ {
			if seen[j] || !ok(i, j) {
				continue
			}
			seen[j] = true
			if match[j] < 0 || try(match[j], seen) {
				match[j] = i
				return true
			}
		}
		return false
	}
	for i := 0; i < n; i++ {
		if !try(i, make([]bool, n)) {
			return false
		}
	}
	return true
}

// listItems splits an answer into its top-level items at ";" or ","
// (texscan's split, outside brackets; an inline formula's dollars taken
// off), or returns nil when it has one item or more than maxItemwise. A
// comma between a digit and three digits (522,720; 4,\!000) groups
// thousands and separates nothing.
func listItems(s string) []string {
	s = strings.TrimSpace(s)
	if strings.Count(s, "$") == 2 && strings.HasPrefix(s, "$") && strings.HasSuffix(s, "$") && len(s) > 2 {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	spans, err := texscan.SplitSpans(s, texscan.Bracketed, texscan.Limits{}, ",", ";")
	if err != nil || len(spans) < 2 || len(spans) > 4*maxItemwise {
		return nil
	}
	var items []string
	start := spans[0][0]
	for k := 1; k <= len(spans); k++ {
		if k < len(spans) && groupingComma(s, spans[k-1][1]) {
			continue
		}
		it := strings.TrimSpace(s[start:spans[k-1][1]])
		if it == "" {
			return nil
		}
		items = append(items, it)
		if k < len(spans) {
			start = spans[k][0]
		}
	}
	if len(items) < 2 || len(items) > maxItemwise {
		return nil
	}
	return items
}

// groupingComma reports whether the separator at s[i] is a comma grouping
// thousands: a digit before it, then (after an optional \!) exactly three
// digits.
func groupingComma(s string, i int) bool {
	if i <= 0 || i >= len(s) || s[i] != ',' || !isDigit(s[i-1]) {
		return false
	}
	r := strings.TrimPrefix(s[i+1:], `\!`)
	return len(r) >= 3 && isDigit(r[0]) && isDigit(r[1]) && isDigit(r[2]) && (len(r) == 3 || !isDigit(r[3]))
}

// anyItemUnit reports whether an item names a unit, a currency or a
// percentage, as normalizeSplit reads it.
func anyItemUnit(items []string) bool {
	for _, it := range items {
		if _, u := normalizeSplit(it); !u.none() || len(u.items) > 0 || valueMark(it) == "%" {
			return true
		}
	}
	return false
}

// priceRange finds two amounts joined by a dash with no spaces, the second
// with its dollar sign: a range of prices ("$4-$6", "\$26–\$30").
var priceRange = regexp.MustCompile(`\d[-–]\\?\$\d`)

// tenPowerEnd matches a value that ends in a power of ten (scientific
// notation: "1.2\times10^{4}", "5 \cdot 10^-3").
var tenPowerEnd = regexp.MustCompile(`(\\times|\\cdot|×|·|\*)\s*10\s*\^\s*(\{\s*[-+−]?\d+\s*\}|[-+−]?\d+)$`)

// tableUnit reports whether the unit table reads t.
func tableUnit(t string) bool {
	_, _, ok := parseUnit(strings.TrimSpace(t))
	return ok
}
