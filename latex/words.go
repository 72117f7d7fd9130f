package latex

import (
	"sort"
	"strings"
)

// Words in answers: units, which are dropped after a number, and words
// that are part of the answer, which never are.

// unitWords are the units of measure and currency words the parser drops
// after a number ("15 cm", "3\text{ inches}^2", "5 dollars"). Letters that
// are units only sometimes (m, s, in, min, sec) are not in the list: they
// are variables or functions as often.
var unitWords = map[string]bool{
	// length, area, volume
	"mm": true, "cm": true, "dm": true, "km": true, "ft": true, "yd": true, "mi": true,
	"inch": true, "inches": true, "foot": true, "feet": true, "yard": true, "yards": true, "mile": true, "miles": true,
	"meter": true, "meters": true, "metre": true, "metres": true, "centimeter": true, "centimeters": true,
	"centimetre": true, "centimetres": true, "millimeter": true, "millimeters": true, "kilometer": true,
	"kilometers": true, "kilometre": true, "kilometres": true, "sq": true, "square": true, "cubic": true, "cc": true,
	"ml": true, "mL": true, "liter": true, "liters": true, "litre": true, "litres": true, "gallon": true, "gallons": true,
	"unit": true, "units": true,
	// mass
	"mg": true, "kg": true, "gram": true, "grams": true, "kilogram": true, "kilograms": true, "lb": true, "lbs": true,
	"pound": true, "pounds": true, "oz": true, "ounce": true, "ounces": true,
	// time and speed
	"hr": true, "hrs": true, "hour": true, "hours": true, "minute": true, "minutes": true, "second": true, "seconds": true,
	"day": true, "days": true, "week": true, "weeks": true, "month": true, "months": true, "year": true, "years": true,
	"mph": true, "kph": true,
	// money
	"dollar": true, "dollars": true, "cent": true, "cents": true,
	// angle (degree words are not units: latex reads them as \circ)
	"radian": true, "radians": true, "rad": true,
}

// UnitWord reports whether w is a unit of measure or currency that an
// answer may carry after its number ("15 cm", "3 inches", "5 dollars"):
// the one list the parser and answer normalisation share. Ambiguous
// letters (m, s, in, min, sec) are not units; degree and percent words
// are not units either, since they change the value (latex reads them as
// \circ and \%).
func UnitWord(w string) bool { return unitWords[w] || unitWords[strings.ToLower(w)] && len(w) > 2 }

// UnitWords returns the unit list, sorted.
func UnitWords() []string {
	out := make([]string, 0, len(unitWords))
	for w := range unitWords {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}

// qualifierWords change what a number says ("not 5", "at least 5", "5 or
// more", "the maximum"), and connector words join a number to something
// else ("3 km/h for 6 hours", "2 apples and 2"): neither is a unit, and an
// answer with them is read as text.
var qualifierWords = map[string]bool{
	"not": true, "no": true, "none": true, "never": true, "neither": true, "nor": true, "either": true,
	"least": true, "most": true, "more": true, "less": true, "than": true, "fewer": true, "greater": true,
	"smaller": true, "larger": true, "bigger": true, "over": true, "under": true, "above": true, "below": true,
	"about": true, "approximately": true, "approx": true, "around": true, "nearly": true, "almost": true,
	"roughly": true, "exactly": true, "ish": true, "circa": true, "estimated": true, "approximate": true,
	"estimate": true, "rough": true, "rounded": true, "truncated": true, "approximated": true, "maximum": true, "minimum": true, "maximal": true, "minimal": true,
	"all": true, "even": true, "odd": true, "only": true, "except": true, "between": true, "every": true,
	"each": true, "any": true, "some": true, "within": true, "up": true, "at": true, "for": true, "per": true,
	"by": true, "of": true, "to": true, "from": true, "with": true, "without": true, "if": true, "when": true,
	"where": true, "is": true, "are": true, "was": true, "were": true, "be": true, "the": true, "and": true,
	"or": true, "plus": true, "minus": true, "times": true, "divided": true, "both": true, "other": true,
	"another": true, "otherwise": true, "unless": true, "possible": true, "impossible": true,
	"undefined": true, "infinite": true, "many": true, "several": true, "multiple": true, "positive": true,
	"negative": true, "max": true, "min": true, "always": true,
	// Words that change the value: a time of day, a count of a size or a
	// scale, an operation, a verdict. "9 a.m." is not "9 p.m.", "7
	// thousand" is not 7, "5 squared" is not 5, "2 (wrong)" is not 2.
	"am": true, "pm": true, "noon": true, "midnight": true, "morning": true, "afternoon": true, "evening": true,
	"night": true, "thousand": true, "thousands": true, "million": true, "millions": true, "billion": true,
	"billions": true, "trillion": true, "trillions": true, "hundred": true, "hundreds": true, "dozen": true,
	"dozens": true, "gross": true, "lakh": true, "crore": true, "k": true,
	"squared": true, "cubed": true, "inverse": true, "reciprocal": true, "half": true, "halves": true,
	"third": true, "thirds": true, "fourth": true, "fourths": true,
	"fifth": true, "fifths": true, "sixth": true, "sixths": true, "eighth": true, "eighths": true, "tenth": true,
	"tenths": true, "hundredth": true, "hundredths": true, "thousandth": true, "thousandths": true, "twice": true, "double": true, "triple": true, "power": true, "factorial": true, "root": true,
	"wrong": true, "incorrect": true, "false": true, "invalid": true, "excluded": true, "extraneous": true,
	"rejected": true, "discarded": true, "error": true, "untrue": true, "mistake": true, "too": true, "fails": true,
	"contradiction": true, "quadrillion": true, "quadrillions": true, "myriad": true, "googol": true, "bn": true,
	"doubled": true, "tripled": true, "halved": true, "thrice": true, "tenfold": true, "hundredfold": true,
	"permille": true, "sevenths": true, "seventh": true, "ninths": true, "ninth": true, "elevenths": true,
	"twelfths": true, "twentieths": true, "millionths": true, "billionths": true,
}

// The fractions and multiples that the list above does not spell out: 2
// fifteenths is 2/15, 5 grand 5000 (every ordinal from the eleventh to the
// ninetieth, singular and plural). Not "quarters" and not "scores": coins
// and points are units of ASDiv's answers ("9 (quarters)").
func init() {
	for _, w := range []string{"eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
		"seventeenth", "eighteenth", "nineteenth", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth",
		"seventieth", "eightieth", "ninetieth", "millionth", "billionth", "trillionth"} {
		qualifierWords[w] = true
		qualifierWords[w+"s"] = true
	}
	for _, w := range []string{"grand", "negated", "opposite", "quintillion", "sextillion"} {
		qualifierWords[w] = true
	}
}

// QualifierWord reports whether w changes what a number says or joins it
// to something else ("not", "at least", "or more", "maximum", "and"): an
// answer holding one is never its bare number. The one list the parser and
// answer normalisation share.
func QualifierWord(w string) bool { return qualifierWords[strings.ToLower(w)] }

// hasQualifier reports whether a text holds a qualifier or connector word.
func hasQualifier(text string) bool { return QualifierText(text, "") }

// QualifierText reports whether a text holds a qualifier or connector word
// other than except ("a.m." and "p.m." count as the words am and pm).
func QualifierText(text, except string) bool {
	for _, w := range strings.FieldsFunc(timeOfDay.Replace(strings.ToLower(text)), func(r rune) bool {
		return !(r >= 'a' && r <= 'z')
	}) {
		if qualifierWords[w] && w != except {
			return true
		}
	}
	return false
}

// timeOfDay spells "a.m." and "p.m." as the words am and pm.
var timeOfDay = strings.NewReplacer("a.m.", " am ", "p.m.", " pm ", "a. m.", " am ", "p. m.", " pm ", "a.m", " am ", "p.m", " pm ")

// plainText is the text of an answer read as words: \text{} and other
// wrappers unwrapped, LaTeX spacing and $ removed, spaces collapsed.
func plainText(s string) string {
	s = foldFullWidth(s)
	r := strings.NewReplacer("\\,", " ", "\\!", "", "\\;", " ", "\\:", " ", "\\ ", " ", "\\quad", " ", "\\qquad", " ",
		"$", "", "~", " ", "\\(", "", "\\)", "", "\\[", "", "\\]", "")
	s = r.Replace(s)
	for _, w := range []string{"\\text", "\\textbf", "\\textit", "\\textrm", "\\mathrm", "\\mbox", "\\textnormal", "\\boxed", "\\operatorname"} {
		s = strings.ReplaceAll(s, w+"{", "{")
	}
	s = strings.NewReplacer("{", "", "}", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// FoldFullWidth writes the full-width forms of the ASCII characters
// (U+FF01 to U+FF5E: １２, ａ.ｍ.) and the ideographic space as ASCII, as
// the parser does for mathematics, so that a text answer is the same text
// in either width and a caller that reads units around a value sees the
// value's digits (９０\text{ radians} is 90 radians).
func FoldFullWidth(s string) string { return foldFullWidth(s) }

func foldFullWidth(s string) string {
	if !strings.ContainsAny(s, "\u3000") && !hasFullWidth(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			return r - 0xFEE0
		case r == 0x3000:
			return ' '
		}
		return r
	}, s)
}

func hasFullWidth(s string) bool {
	for _, r := range s {
		if r >= 0xFF01 && r <= 0xFF5E {
			return true
		}
	}
	return false
}

// Unit symbols of one or two characters. An upright group after a number
// (5\,\mathrm{m}, 3\text{ kJ}) is a unit only when it holds one of these
// or a longer word: \mathrm{x}, \mathrm{xy} and \mathrm{pi} are letters,
// read as variables or refused, never dropped as the unit of the answer.
// The answer package compares units by meaning with a larger table; its
// tests check that every short name there is one here.
var (
	unitSymbols = map[string]bool{"m": true, "g": true, "s": true, "A": true, "K": true, "J": true, "W": true,
		"N": true, "V": true, "L": true, "l": true, "B": true, "t": true, "h": true, "C": true, "F": true, "T": true,
		"H": true, "S": true, "Ω": true, "Pa": true, "Hz": true, "eV": true, "Wh": true, "cd": true, "ft": true,
		"in": true, "yd": true, "mi": true, "gm": true, "sq": true, "mo": true, "hp": true, "dB": true, "Gy": true, "Sv": true, "Wb": true, "lx": true, "lm": true, "Bq": true, "oz": true, "lb": true, "hr": true, "cc": true, "qt": true, "pt": true,
		"ha": true, "yr": true, "wk": true, "kn": true, "°": true, "°C": true, "°F": true, "°c": true, "°f": true, "℃": true, "℉": true,
		"$": true, "€": true, "£": true, "¥": true, "₹": true, "¢": true, "″": true, "′": true}
	// prefixedSymbols take an SI prefix of one character (km, mg, kJ, MB)
	prefixedSymbols = "mgsAKJWNVLlBΩ"
	unitPrefixes    = "YZEPTGMkhdcmµμunpfa"
)

// UnitSymbol reports whether w, of one or two characters, is a unit
// symbol: one of the table, or an SI prefix and a prefixable symbol.
func UnitSymbol(w string) bool {
	if unitSymbols[w] {
		return true
	}
	r := []rune(w)
	return len(r) == 2 && strings.ContainsRune(unitPrefixes, r[0]) && strings.ContainsRune(prefixedSymbols, r[1])
}
