package answer

import (
	"math/big"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/matheval/matheval/latex"
	"github.com/matheval/matheval/texscan"
)

// Units by meaning. The MATH normalisation takes a unit off each side
// before the values are compared ("5\text{ cm}" answers 5), and the rule
// below says when the two sides' units allow equality; it is the only
// place a unit may vanish:
//
//   - both sides name units the table (unitAtoms, with SI prefixes) reads:
//     they must have the same dimension, and the candidate's value is
//     scaled by the exact ratio of the two units' factors (5 kJ is 5000 J,
//     2 s is not 2 ms, 1 ft is 12 in). Temperature scales (°C, °F, K) are
//     separate dimensions and are never converted or interchangeable;
//     bits and bytes are distinct; every currency is its own dimension;
//     degrees and radians are distinct (the factor π/180 is left out);
//   - one side or both name a unit text the table does not read: the two
//     texts must be the same text (spacing aside), or the answers differ;
//   - only the gold names a unit: the candidate omitted it, as MATH's
//     answers do ("5" answers "5\text{ cm}");
//   - only the candidate names a unit (the MATH rule for a unit the gold
//     omits): it is dropped when the table reads it, or when it is plain
//     lower-case words of three letters or more (a count noun: "2\text{
//     apples}", "10 ways", "square units"); anything else - a single
//     letter, an upright constant (\mathrm{e}), a symbol the table does
//     not know (5\text{ kJx}) - is never dropped, so the answers differ.
//
// Words that change a value (a time of day, "thousand", "squared", a
// verdict: latex.QualifierText) are never units; they stay for the engine.

// unitSet is the unit one answer names, as normalizeSplit reads it.
type unitSet struct {
	// text is the unit as written (spacing collapsed), "" when none.
	text string
	// known is set when the table reads text: dim and factor hold its
	// meaning (dimension exponents, and the factor to the base units).
	known  bool
	dim    string
	factor *big.Rat
	// nouns is set when text is plain lower-case words (a count noun).
	nouns bool
	// generic is set for "units" (square units, 12 units): a unit of no
	// stated size, compatible with any other unit.
	generic bool
	// items are the unit texts of the earlier items of a list ("4\text{
	// radians}, 20^\circ"), sorted: both sides' must agree when both have.
	items []string
}

func (u unitSet) none() bool { return u.text == "" }

func (u unitSet) String() string {
	if u.text == "" {
		return "no unit"
	}
	return u.text
}

// unitVerdict says whether two answers' units allow them to be equal and,
// when they do, the exact factor the candidate's value is multiplied by to
// be in the gold's unit (nil for 1).
func unitVerdict(gold, cand unitSet) (ok bool, ratio *big.Rat, why string) {
	if len(gold.items) > 0 && len(cand.items) > 0 && strings.Join(gold.items, ";") != strings.Join(cand.items, ";") {
		return false, nil, "different units in the list: " + strings.Join(gold.items, ", ") + " vs " + strings.Join(cand.items, ", ")
	}
	switch {
	case gold.none() && cand.none():
		return true, nil, ""
	case cand.none():
		return true, nil, "" // the candidate omits the gold's unit
	case gold.none():
		if cand.known || cand.nouns || cand.generic {
			return true, nil, ""
		}
		return false, nil, "the candidate names a unit the unit table does not read (" + quoteShort(cand.text) + ") and the gold names none"
	}
	if gold.generic || cand.generic {
		if gold.generic && cand.generic && gold.dim != cand.dim {
			return false, nil, "different units: " + gold.text + " vs " + cand.text
		}
		return true, nil, ""
	}
	if gold.known && cand.known {
		if gold.dim != cand.dim {
			return false, nil, "different units: " + gold.text + " vs " + cand.text + " (different dimensions)"
		}
		r := new(big.Rat).Quo(cand.factor, gold.factor)
		if r.Cmp(ratOne) == 0 {
			return true, nil, ""
		}
		return true, r, ""
	}
	if gold.text == cand.text {
		return true, nil, ""
	}
	return false, nil, "different units: " + gold.text + " vs " + cand.text
}

var ratOne = big.NewRat(1, 1)

// ---- the unit table ----

// A unit atom: its dimension (exponents over base dimensions) and its
// factor to the base unit of that dimension.
type unitAtom struct {
	dim    map[string]int
	factor *big.Rat
}

func atom(dim string, num, den int64) unitAtom {
	d := map[string]int{}
	for _, f := range strings.Fields(dim) {
		name, exp := f, 1
		if i := strings.IndexByte(f, '^'); i > 0 {
			name = f[:i]
			exp = 0
			neg := false
			for _, c := range f[i+1:] {
				if c == '-' {
					neg = true
					continue
				}
				exp = exp*10 + int(c-'0')
			}
			if neg {
				exp = -exp
			}
		}
		d[name] += exp
	}
	return unitAtom{dim: d, factor: big.NewRat(num, den)}
}

func ratStr(s string) *big.Rat {
	r, _ := new(big.Rat).SetString(s)
	return r
}

func atomR(dim string, factor string) unitAtom {
	a := atom(dim, 1, 1)
	a.factor = ratStr(factor)
	return a
}

// prefixable are the SI symbols that take a prefix (kJ, MHz, kPa, mg, µs,
// km, kB), with their base-unit meaning. Base dimensions: L length (m), M
// mass (g), T time (s), I current (A), N amount (mol), J luminous (cd);
// the temperature kelvin is its own dimension K.
var prefixable = map[string]unitAtom{
	"m":   atom("L", 1, 1),
	"g":   atom("M", 1, 1),
	"s":   atom("T", 1, 1),
	"A":   atom("I", 1, 1),
	"K":   atom("tempK", 1, 1),
	"mol": atom("N", 1, 1),
	"cd":  atom("Jlum", 1, 1),
	"J":   atom("M L^2 T^-2", 1000, 1), // kg m^2 s^-2 with the gram as mass unit
	"W":   atom("M L^2 T^-3", 1000, 1),
	"N":   atom("M L T^-2", 1000, 1),
	"Pa":  atom("M L^-1 T^-2", 1000, 1),
	"Hz":  atom("T^-1", 1, 1),
	"V":   atom("M L^2 T^-3 I^-1", 1000, 1),
	"Ω":   atom("M L^2 T^-3 I^-2", 1000, 1),
	"L":   atom("L^3", 1, 1000),
	"l":   atom("L^3", 1, 1000),
	"B":   atom("byte", 1, 1),
	"eV":  atomR("M L^2 T^-2", "1.602176634e-16"), // exact since 2019, in g m^2 s^-2
	"Wh":  atom("M L^2 T^-2", 3600000, 1),
}

// siPrefixes are the SI prefixes as factors (µ in both code points, and u).
var siPrefixes = map[string]string{
	"Y": "1e24", "Z": "1e21", "E": "1e18", "P": "1e15", "T": "1e12", "G": "1e9", "M": "1e6", "k": "1e3",
	"h": "1e2", "da": "1e1", "d": "1e-1", "c": "1e-2", "m": "1e-3", "µ": "1e-6", "μ": "1e-6", "u": "1e-6",
	"n": "1e-9", "p": "1e-12", "f": "1e-15", "a": "1e-18",
}

// unitNames are the unit words and symbols read whole (before prefixes):
// words in lower case (matched case-insensitively), symbols as written.
var unitNames = func() map[string]unitAtom {
	m := map[string]unitAtom{}
	add := func(a unitAtom, names ...string) {
		for _, n := range names {
			m[n] = a
		}
	}
	inch := atomR("L", "0.0254")
	add(inch, "in", "inch", "inches", "″")
	add(atomR("L", "0.3048"), "ft", "foot", "feet", "′")
	add(atomR("L", "0.9144"), "yd", "yard", "yards")
	add(atomR("L", "1609.344"), "mi", "mile", "miles")
	add(atom("L", 1, 1), "meter", "meters", "metre", "metres")
	add(atom("L^3", 1, 1000000), "cc")
	add(atomR("L^3", "0.003785411784"), "gal", "gallon", "gallons") // US, 231 in^3
	add(atomR("L^3", "0.000946352946"), "qt", "quart", "quarts")
	add(atomR("L^3", "0.000473176473"), "pt", "pint", "pints")
	add(atom("L^3", 1, 1000), "liter", "liters", "litre", "litres")
	add(atomR("L^2", "4046.8564224"), "acre", "acres")
	add(atom("L^2", 10000, 1), "ha", "hectare", "hectares")
	add(atom("M", 1, 1), "gram", "grams")
	add(atomR("M", "453.59237"), "lb", "lbs", "pound", "pounds")
	add(atomR("M", "28.349523125"), "oz", "ounce", "ounces")
	add(atom("M", 1000000, 1), "t", "tonne", "tonnes")
	add(atom("T", 1, 1), "sec", "secs", "second", "seconds")
	add(atom("T", 60, 1), "min", "mins", "minute", "minutes")
	add(atom("T", 3600, 1), "h", "hr", "hrs", "hour", "hours")
	add(atom("T", 86400, 1), "day", "days")
	add(atom("T", 604800, 1), "wk", "week", "weeks")
	// calendar units of no fixed length in seconds: their own dimensions
	add(atom("month", 1, 1), "month", "months")
	add(atom("year", 1, 1), "yr", "yrs", "year", "years")
	add(atom("year", 10, 1), "decade", "decades")
	add(atom("year", 100, 1), "century", "centuries")
	add(atom("L T^-1", 1609344, 3600000), "mph")
	add(atom("L T^-1", 1000, 3600), "kph")
	add(atom("knot", 1, 1), "knot", "knots", "kn")
	add(atom("M L^2 T^-2", 1000, 1), "joule", "joules")
	add(atom("M L^2 T^-2", 1000000, 1), "kilojoule", "kilojoules")
	add(atom("M L^2 T^-3", 1000, 1), "watt", "watts")
	add(atom("M L T^-2", 1000, 1), "newton", "newtons")
	add(atom("M L^-1 T^-2", 1000, 1), "pascal", "pascals")
	add(atom("T^-1", 1, 1), "hertz")
	add(atom("M L^2 T^-3 I^-1", 1000, 1), "volt", "volts")
	add(atom("I", 1, 1), "amp", "amps", "ampere", "amperes")
	add(atom("byte", 1, 1), "byte", "bytes")
	add(atom("byte", 1000, 1), "kilobyte", "kilobytes")
	add(atom("byte", 1000000, 1), "megabyte", "megabytes")
	add(atom("byte", 1000000000, 1), "gigabyte", "gigabytes")
	add(atom("bit", 1, 1), "bit", "bits")
	add(atom("bit", 1000, 1), "kilobit", "kilobits", "kbit")
	add(atom("bit", 1000000, 1), "megabit", "megabits", "Mbit")
	add(atom("bit", 1000000000, 1), "gigabit", "gigabits", "Gbit")
	add(atom("byte", 1024, 1), "kibibyte", "kibibytes")
	add(atom("byte", 1048576, 1), "mebibyte", "mebibytes")
	add(atom("byte", 1073741824, 1), "gibibyte", "gibibytes")
	// temperature scales: each its own dimension, never converted
	add(atom("tempK", 1, 1), "kelvin", "kelvins")
	add(atom("tempC", 1, 1), "°c", "celsius", "°C", "℃")
	add(atom("tempF", 1, 1), "°f", "fahrenheit", "°F", "℉")
	// angles: degrees and radians are kept apart (π/180 is no rational)
	add(atom("deg", 1, 1), "°", "degree", "degrees", "deg")
	add(atom("rad", 1, 1), "rad", "rads", "radian", "radians")
	// currencies: each its own dimension; a cent is a hundredth of a dollar
	add(atom("USD", 1, 1), "$", "dollar", "dollars", "usd", "USD", "US$")
	add(atom("USD", 1, 100), "cent", "cents", "¢")
	add(atom("EUR", 1, 1), "€", "euro", "euros", "eur", "EUR")
	add(atom("GBP", 1, 1), "£", "gbp", "GBP")
	add(atom("penny", 1, 1), "penny", "pence", "pennies")
	add(atom("JPY", 1, 1), "¥", "yen", "jpy", "JPY")
	add(atom("INR", 1, 1), "₹", "rupee", "rupees", "inr", "INR")
	add(atom("tbsp", 1, 1), "tbsp", "tablespoon", "tablespoons")
	add(atom("tsp", 1, 1), "tsp", "teaspoon", "teaspoons")
	add(atom("ton", 1, 1), "ton", "tons")
	// prefixed words (kilo-, centi-, milli-...) of the metre and the gram
	for _, p := range []struct{ word, f string }{{"kilo", "1e3"}, {"hecto", "1e2"}, {"deci", "1e-1"}, {"centi", "1e-2"},
		{"milli", "1e-3"}, {"micro", "1e-6"}, {"nano", "1e-9"}} {
		for _, b := range []struct{ word, dim string }{{"meter", "L"}, {"metre", "L"}, {"gram", "M"}, {"second", "T"}, {"liter", "L^3"}, {"litre", "L^3"}} {
			a := atom(b.dim, 1, 1)
			a.factor = ratStr(p.f)
			if b.dim == "L^3" {
				a.factor.Quo(a.factor, big.NewRat(1000, 1))
			}
			add(a, p.word+b.word, p.word+b.word+"s")
		}
	}
	return m
}()

// unitNeverWords are unit readings of English words never taken as a unit
// after a value (am, pm: atto- and pico-metre; as: attosecond; at; dam:
// decametre): "5 am" is a time, "5 as well" prose.
var unitNeverWords = map[string]bool{"am": true, "pm": true, "as": true, "at": true, "dam": true,
	"Am": true, "Pm": true, "As": true, "At": true}

// unitSentenceEndWords are unit symbols that are also words: after a value
// they are its unit only where they end the sentence ("5 in." but not "5 in
// total"; min, pt, cd, ha likewise).
var unitSentenceEndWords = map[string]bool{"in": true, "min": true, "pt": true, "cd": true, "ha": true}

// countNouns are the nouns the MATH normalisation drops after a number,
// besides units: each is its own dimension, so "10 ways" is not "10
// people".
var countNouns = map[string]bool{"points": true, "ways": true, "people": true, "percent": true, "pct": true, "percentage": true}

// lookupAtom reads one unit word or symbol: a name of the table, a
// prefix and a prefixable symbol (kJ, MHz, µs), or nothing.
func lookupAtom(w string) (unitAtom, bool) {
	if a, ok := unitNames[w]; ok {
		return a, true
	}
	low := strings.ToLower(w)
	if a, ok := unitNames[low]; ok && utf8.RuneCountInString(w) > 2 {
		return a, true // words in any case (Meters, HOURS), never symbols (MM, S)
	}
	if a, ok := prefixable[w]; ok {
		return a, true
	}
	for p, f := range siPrefixes {
		if len(w) > len(p) && strings.HasPrefix(w, p) {
			if a, ok := prefixable[w[len(p):]]; ok {
				b := unitAtom{dim: a.dim, factor: new(big.Rat).Mul(a.factor, ratStr(f))}
				return b, true
			}
		}
	}
	// binary prefixes (IEC 80000-13) of the byte and the bit: KiB is 1024 B.
	// KB stays unread: it means 1000 or 1024 bytes by who writes it.
	for i, p := range []string{"Ki", "Mi", "Gi", "Ti", "Pi"} {
		if rest, ok := strings.CutPrefix(w, p); ok && (rest == "B" || rest == "bit") {
			f := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(10*(i+1))))
			a := unitNames["byte"]
			if rest == "bit" {
				a = unitNames["bit"]
			}
			return unitAtom{dim: a.dim, factor: f.Mul(f, a.factor)}, true
		}
	}
	return unitAtom{}, false
}

// ---- reading a unit text ----

// parseUnit reads a unit text ("kJ", "m/s", "km per hour", "N m", "cm^2",
// "square feet", "°F", "kg·m/s²") into its meaning. ok is false when a
// word is not in the table or the text is not a product of powers of
// units.
func parseUnit(text string) (dim string, factor *big.Rat, ok bool) {
	d := map[string]int{}
	factor = big.NewRat(1, 1)
	toks := unitTokens(text)
	if len(toks) == 0 {
		return "", nil, false
	}
	sign := 1    // after "/" or "per": the next atom divides
	pending := 0 // "square"/"cubic" before the next atom
	var last unitAtom
	// have: an atom just read, which a power may raise; read: an atom
	// read since the start or the "/" ("m^2/s" divides after a power)
	lastSign, have, read := 1, false, false
	// apply multiplies the unit so far by a^e.
	apply := func(a unitAtom, e int) {
		for k, x := range a.dim {
			d[k] += e * x
		}
		n := e
		if n < 0 {
			n = -n
		}
		p := new(big.Rat).SetInt64(1)
		for i := 0; i < n; i++ {
			p.Mul(p, a.factor)
		}
		if e < 0 {
			p.Inv(p)
		}
		factor.Mul(factor, p)
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t == "/" || strings.EqualFold(t, "per"):
			if !read || sign < 0 {
				return "", nil, false // "/s", "m/s/s": not read
			}
			sign = -1
			have, read = false, false
		case t == "*":
			if !read {
				return "", nil, false
			}
		case t[0] == '^':
			n := int(t[1] - '0')
			if t[1] == '-' {
				n = -int(t[2] - '0')
			}
			if !have || n == 0 {
				return "", nil, false
			}
			apply(last, lastSign*(n-1)) // the atom was applied once already
			have = false
		case strings.EqualFold(t, "square") || strings.EqualFold(t, "sq"):
			pending = 2
		case strings.EqualFold(t, "cubic") || strings.EqualFold(t, "cu"):
			pending = 3
		default:
			a, found := lookupAtom(t)
			if !found {
				return "", nil, false
			}
			n := 1
			if pending > 0 {
				n, pending = pending, 0
			}
			apply(a, sign*n)
			last, lastSign, have, read = a, sign, true, true
			if pending == 0 && n > 1 {
				have = false // "square feet^2" is not read
			}
		}
	}
	if pending > 0 {
		return "", nil, false
	}
	keys := make([]string, 0, len(d))
	for k, e := range d {
		if e != 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k)
		b.WriteByte('^')
		b.WriteString(itoa(d[k]))
		b.WriteByte(' ')
	}
	return b.String(), factor, true
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// unitTokens splits a unit text into words, "/", "*" and powers ("^2",
// "^-1"), with \text{} wrappers, spacing and the degree sign read, on
// texscan's tokens. A command that is no unit gives ["\\name"] and an
// exponent that is not one digit ["^?"]: neither is read.
// joinMicro appends a unit symbol that is no word (Ω) to the tokens, onto a
// micro prefix just before it ("µ" "Ω" -> "µΩ"), as a word after µ joins it.
func joinMicro(out []string, sym string) []string {
	if n := len(out); n > 0 && out[n-1] == "µ" {
		out[n-1] += sym
		return out
	}
	return append(out, sym)
}

func unitTokens(s string) []string {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return []string{"^?"}
	}
	var out []string
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		switch t.Kind {
		case texscan.Space, texscan.Open, texscan.Close, texscan.MathOpen, texscan.MathClose:
		case texscan.Char:
			if t.Text == `\` {
				continue // a backslash ending the text
			}
			r, _ := utf8.DecodeRuneInString(t.Text)
			switch r {
			case '²':
				out = append(out, "^2")
			case '³':
				out = append(out, "^3")
			case '·', '×', '⋅':
				out = append(out, "*")
			case '⁻':
				if k+1 < len(toks) && toks[k+1].Text == "¹" {
					out = append(out, "^-1")
					k++
				} else {
					return []string{"^?"}
				}
			case 'µ', 'μ':
				out = append(out, "µ")
			case 'Ω':
				if n := len(out); n > 0 && k > 0 && toks[k-1].Kind == texscan.Word && toks[k-1].End() == t.Pos && siPrefixes[out[n-1]] != "" {
					out[n-1] += "Ω" // kΩ, MΩ: a prefix written onto the ohm
					continue
				}
				out = joinMicro(out, "Ω")
			default:
				out = append(out, string(r))
			}
		case texscan.Begin:
			return []string{`\begin`}
		case texscan.End:
			return []string{`\end`}
		case texscan.Command:
			if !isLetter(t.Text[1]) {
				continue // \, \; \! \  \$ \{: spacing and escapes
			}
			if isFracCommand(t) {
				// \frac{\text{m}}{\text{s}^2} is m/s^2
				inner, e, ok := unitFraction(s, t.End())
				if !ok {
					return []string{"\\" + t.Name()}
				}
				out = append(out, unitTokens(inner)...)
				for k+1 < len(toks) && toks[k+1].Pos < e {
					k++
				}
				continue
			}
			switch name := t.Name(); name {
			case "text", "mbox", "mathrm", "textrm", "textnormal", "rm", "textbf", "textit", "mathit", "operatorname":
			case "cdot", "times":
				out = append(out, "*")
			case "circ":
				out = append(out, "°")
			case "mu":
				// \mu s, \mu\text{m}: the micro prefix
				if t.End() < len(s) {
					out = append(out, "µ")
				}
			case "Omega":
				out = joinMicro(out, "Ω")
			case "euro":
				out = append(out, "€")
			case "pounds":
				out = append(out, "£")
			case "quad", "qquad":
			default:
				return []string{"\\" + name} // a command that is no unit: not read
			}
		case texscan.Punct:
			switch t.Text {
			case "~", ".", "-":
			case "/", "*":
				out = append(out, t.Text)
			case "^":
				e, next, ok := unitPower(toks, k+1)
				if !ok {
					return []string{"^?"}
				}
				out = append(out, e)
				k = next - 1
			default:
				out = append(out, t.Text)
			}
		case texscan.Word, texscan.MathShift:
			// a word, with the dollars written onto it ("US$")
			j := k + 1
			for j < len(toks) && toks[j].Pos == toks[j-1].End() && (toks[j].Kind == texscan.Word || toks[j].Kind == texscan.MathShift) {
				j++
			}
			w := s[t.Pos:toks[j-1].End()]
			k = j - 1
			// a prefix written as its own letter before \mu is rare; a word
			// after µ joins it ("µ" "s" -> "µs")
			if n := len(out); n > 0 && (out[n-1] == "µ") {
				out[n-1] += w
			} else if n > 0 && out[n-1] == "°" && (w == "C" || w == "F" || w == "c" || w == "f") {
				out[n-1] += w
			} else {
				out = append(out, w)
			}
		case texscan.Number:
			for _, r := range t.Text {
				if r != '.' {
					out = append(out, string(r)) // digits are no unit: one each
				}
			}
		default:
			out = append(out, t.Text)
		}
	}
	// "° C" written apart, "degrees Celsius": one temperature unit
	for k := 0; k+1 < len(out); k++ {
		a, b := strings.ToLower(out[k]), strings.ToLower(out[k+1])
		if (a == "°" || a == "degree" || a == "degrees" || a == "deg") && (b == "c" || b == "f" || b == "celsius" || b == "fahrenheit") {
			out[k] = "°" + strings.ToUpper(b[:1])
			out = append(out[:k+1], out[k+2:]...)
		}
	}
	return out
}

// unitPower reads the exponent after a "^" at toks[k]: a degree sign
// (^\circ, ^{\circ}) or one digit 1-9, negative or not (^2, ^{-1}). It
// returns the token ("°", "^2", "^-1") and the index after it.
func unitPower(toks []texscan.Token, k int) (string, int, bool) {
	for k < len(toks) && (toks[k].Kind == texscan.Open || toks[k].Kind == texscan.Space) {
		k++
	}
	if k < len(toks) && toks[k].Is("circ") {
		k++
		for k < len(toks) && toks[k].Kind == texscan.Close {
			k++
		}
		return "°", k, true
	}
	neg := k < len(toks) && toks[k].Text == "-"
	if neg {
		k++
	}
	if k >= len(toks) || toks[k].Kind != texscan.Number || len(toks[k].Text) != 1 || toks[k].Text == "0" {
		return "", 0, false
	}
	if neg {
		return "^-" + toks[k].Text, k + 1, true
	}
	return "^" + toks[k].Text, k + 1, true
}

// readUnit gives the meaning of a unit text taken off an answer.
func readUnit(text string) unitSet {
	u := unitSet{text: collapseSpaces(text)}
	low := strings.ToLower(u.text)
	words := strings.Fields(low)
	if len(words) > 0 && (words[len(words)-1] == "units" || words[len(words)-1] == "unit") {
		u.generic = true
		u.dim = strings.Join(words[:len(words)-1], " ")
		if strings.Contains(u.text, "^2") || strings.Contains(u.text, "^{2}") || strings.Contains(u.text, "²") {
			u.dim = "square"
		} else if strings.Contains(u.text, "^3") || strings.Contains(u.text, "^{3}") || strings.Contains(u.text, "³") {
			u.dim = "cubic"
		}
		if u.dim == "sq" {
			u.dim = "square"
		}
		return u
	}
	if countNouns[low] {
		u.known, u.dim, u.factor = true, "#"+low, big.NewRat(1, 1)
		return u
	}
	if dim, f, ok := parseUnit(text); ok {
		u.known, u.dim, u.factor = true, dim, f
		return u
	}
	u.nouns = isNounText(unitDisplay(text))
	return u
}

// isNounText reports whether a unit text is plain lower-case words of
// three letters or more ("apples", "red marbles"): a count noun.
func isNounText(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	for _, w := range strings.Fields(s) {
		if len(w) < 3 {
			return false
		}
		for i := 0; i < len(w); i++ {
			if w[i] < 'a' || w[i] > 'z' {
				return false
			}
		}
	}
	return true
}

func collapseSpaces(s string) string {
	s = strings.NewReplacer(`\,`, " ", `\ `, " ", `\;`, " ", `\:`, " ", "~", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// plainUnitOK reports whether a plain (unwrapped) word run after a number
// is a unit: the table must read it, and a lone letter is a variable
// (5 m could be 5m), unless the run is a compound ("m/s") or a symbol of
// several letters ("km", "kJ").
func plainUnitOK(text string) bool {
	if countNouns[strings.ToLower(strings.TrimSpace(text))] || droppedWord(strings.TrimSpace(text)) {
		return true
	}
	if _, _, ok := parseUnit(text); !ok {
		return false
	}
	letters := 0
	for _, r := range text {
		if r > 127 || isLetter(byte(r)) {
			letters++
		}
	}
	return letters >= 2 || strings.ContainsAny(text, "/°")
}

// droppedWord reports whether w is dropped after a number: a unit of the
// one unit list (latex.UnitWord) or a count noun.
func droppedWord(w string) bool { return latex.UnitWord(w) || countNouns[asciiLower(w)] }

// unitKeys names the meaning of one unit word for the word-by-word checks
// of ASDiv and of a unit after the closing dollar: one key per unit it
// stands for (mph stands for miles and hours), nil when the table does
// not read it.
func unitKeys(w string) []string {
	switch w {
	case "mph":
		return append(unitKeys("mi"), unitKeys("h")...)
	case "kph":
		return append(unitKeys("km"), unitKeys("h")...)
	}
	a, ok := lookupAtom(w)
	if !ok || w == "per" {
		return nil
	}
	keys := make([]string, 0, len(a.dim))
	for k, e := range a.dim {
		keys = append(keys, k+"^"+itoa(e))
	}
	sort.Strings(keys)
	return []string{strings.Join(keys, " ") + "*" + a.factor.RatString()}
}

// A piece of an answer's text, as unitTail reads it from the end.
type unitPiece struct {
	start, end int
	kind       byte   // 'g' a \text-like group, 'w' a plain word, 'd' a degree sign, 'p' a power, '*' '/', ' ' space, 'x' other
	inner      string // a group's inner text
	cmd        string // a group's command
}

// unitPieces cuts s into pieces for unitTail, left to right.
func unitPieces(s string) []unitPiece {
	var out []unitPiece
	for i := 0; i < len(s); {
		c := s[i]
		p := unitPiece{start: i, kind: 'x'}
		switch {
		case c == ' ' || c == '~':
			p.kind, p.end = ' ', i+1
		case c == '\\':
			name, end := commandAt(s, i)
			if end <= i+1 {
				end = i + 2
				if end > len(s) {
					end = len(s)
				}
			}
			p.end = end
			switch {
			case name == "mu":
				// \mu\text{m}: the micro prefix in Greek before a unit group
				j := end
				for j < len(s) && s[j] == ' ' {
					j++
				}
				if gname, gend := commandAt(s, j); latex.UnitGroupCommand(gname) {
					k := gend
					for k < len(s) && s[k] == ' ' {
						k++
					}
					if e, ok := flatGroupEnd(s, k); ok && latex.MicroSymbol(strings.TrimSpace(s[k+1:e-1])) {
						p.kind, p.cmd, p.inner, p.end = 'g', gname, "µ"+strings.TrimSpace(s[k+1:e-1]), e
					}
				}
			case latex.UnitGroupCommand(name) || name == "operatorname":
				// every group the parser could drop as a unit is read here
				j := end
				for j < len(s) && s[j] == ' ' {
					j++
				}
				if k, ok := unitGroupEnd(s, j); ok {
					p.kind, p.cmd, p.inner, p.end = 'g', name, trimSpacing(s[j+1:k-1]), k
				}
			case fracNames[name]:
				// \frac{\text{m}}{\text{s}^2}: a unit quotient, when each part
				// is unit groups only (\frac{m}{s} is a quotient of variables)
				if inner, e, ok := unitFraction(s, end); ok {
					p.kind, p.cmd, p.inner, p.end = 'g', "mathrm", inner, e
				}
			case spacingCmds[name] || name == "" && spacingCmds[s[i+1:end]]:
				// \quad, and the symbol spacings \, \; \: \! \  (commandAt names no symbol)
				p.kind = ' '
			case name == "cdot":
				p.kind = '*'
			}
		case c == '^':
			p.kind, p.end = powerPiece(s, i)
		case c == '/':
			p.kind, p.end = '/', i+1
		case isLetter(c):
			j := i
			for j < len(s) && (isLetter(s[j]) || s[j] == '.' && j+1 < len(s) && isLetter(s[j+1])) {
				j++
			}
			p.kind, p.end = 'w', j
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			p.end = i + size
			switch r {
			case '²', '³':
				p.kind = 'p'
			case '⁻':
				if strings.HasPrefix(s[i+size:], "¹") {
					p.kind, p.end = 'p', i+size+len("¹")
				}
			case '°', '℃', '℉':
				p.kind = 'd'
			case '·', '⋅':
				p.kind = '*'
			case 'µ', 'μ', 'Ω':
				p.kind = 'w'
				j := p.end
				for j < len(s) && isLetter(s[j]) {
					j++
				}
				p.end = j
			}
		}
		out = append(out, p)
		i = p.end
	}
	return out
}

// unitFraction reads the two groups of a \frac at s[j:] when each holds
// unit groups and their powers only (\text{km}, \mathrm{s}^{2}), and
// returns the unit as a quotient ("km/s^{2}") and the offset after it.
func unitFraction(s string, j int) (inner string, end int, ok bool) {
	var parts [2]string
	for k := range parts {
		for j < len(s) && s[j] == ' ' {
			j++
		}
		g, err := texscan.Match(s, j, texscan.Braces, texscan.Limits{})
		if err != nil || g.Start != j {
			return "", 0, false
		}
		body := s[g.Inner:g.InnerEnd]
		groups := 0
		for _, p := range unitPieces(body) {
			switch p.kind {
			case 'g':
				groups++
			case 'p', ' ', '*':
			default:
				return "", 0, false
			}
		}
		if groups == 0 {
			return "", 0, false
		}
		parts[k] = unitDisplay(body)
		j = g.End
	}
	return parts[0] + "/" + parts[1], j, true
}

// powerPiece reads the piece of unitPieces at the '^' at s[i]: a power
// ('p': ^2, ^{-1}) or a degree sign ('d': ^\circ, ^{\circ}, not
// ^\circle), its braces and command read by the scanner; 'x' and the '^'
// alone otherwise. It returns the kind and the piece's end.
func powerPiece(s string, i int) (byte, int) {
	j := i + 1
	brace := openAt(s, j)
	if brace {
		j++
	}
	k := j
	if k < len(s) && s[k] == '-' {
		k++
	}
	var kind byte
	switch t, _ := tokenAt(s, j); {
	case t.Is("circ"):
		kind, k = 'd', t.End()
		for k < len(s) && s[k] == ' ' {
			k++
		}
	case k < len(s) && s[k] >= '1' && s[k] <= '9':
		kind = 'p'
		k++
	default:
		return 'x', i + 1
	}
	if brace {
		if !closeAt(s, k) {
			return 'x', i + 1
		}
		k++
	}
	return kind, k
}

// unitDisplay is a unit tail as words: wrappers and spacing taken off.
func unitDisplay(t string) string {
	var b strings.Builder
	for _, p := range unitPieces(t) {
		switch p.kind {
		case 'g':
			b.WriteString(" " + p.inner + " ")
		case ' ':
			b.WriteByte(' ')
		case 'd':
			b.WriteString("°")
		default:
			b.WriteString(t[p.start:p.end])
		}
	}
	return collapseSpaces(strings.ReplaceAll(b.String(), "° ", "°"))
}

// flatGroupEnd reads a brace group with no group or environment inside at s[j] ("{ cm}",
// "{\\{a\\}}": escaped braces are text) and returns the offset after it.
// It stops at the first brace token, so a deep nest costs no scan to its end.
func flatGroupEnd(s string, j int) (int, bool) { return groupEnd(s, j, false) }

// unitGroupEnd is flatGroupEnd for the group of a unit command, which may
// hold flat exponent groups: \mathrm{m\,s^{-1}}, \text{kg m^{2}}.
func unitGroupEnd(s string, j int) (int, bool) { return groupEnd(s, j, true) }

func groupEnd(s string, j int, powers bool) (int, bool) {
	sc := texscan.NewScanner(s, j)
	if t, ok := sc.Next(); !ok || t.Kind != texscan.Open {
		return 0, false
	}
	var prev texscan.Token
	inPower := false // inside the flat group of a power
	for {
		t, ok := sc.Next()
		if !ok || t.Kind == texscan.Begin || t.Kind == texscan.End {
			return 0, false
		}
		switch {
		case t.Kind == texscan.Open:
			if !powers || inPower || prev.Kind != texscan.Punct || prev.Text != "^" {
				return 0, false
			}
			inPower = true
		case t.Kind == texscan.Close && inPower:
			inPower = false
		case t.Kind == texscan.Close:
			return t.End(), true
		}
		prev = t
	}
}

// unitTextTokens reports whether every token of s may be part of a unit's
// text: words, spaces, groups, commands named with letters (or escaping a
// character a unit may hold, \{ \^ \ ), ". / - ^", one digit right after a
// "^" (m^2, not m^23), and characters beyond ASCII (µ, °, ²).
func unitTextTokens(s string) bool {
	var prev texscan.Token
	for sc := texscan.NewScanner(s, 0); ; {
		t, ok := sc.Next()
		if !ok {
			return true
		}
		switch t.Kind {
		case texscan.Word, texscan.Space, texscan.Newline, texscan.Open, texscan.Close:
			if t.Kind == texscan.Open && strings.HasSuffix(prev.Text, "^") {
				// a braced power of one digit 1-9, negative or not (s^{-1}),
				// is read whole; any other group goes on token by token
				la := *sc
				d, _ := la.Next()
				if d.Text == "-" {
					d, _ = la.Next()
				}
				if c, _ := la.Next(); d.Kind == texscan.Number && len(d.Text) == 1 && d.Text != "0" && c.Kind == texscan.Close {
					*sc = la
					t = c
				}
			}
		case texscan.Punct:
			if !strings.Contains("./-^", t.Text) {
				return false
			}
		case texscan.Number:
			if len(t.Text) != 1 || !strings.HasSuffix(prev.Text, "^") {
				return false
			}
		case texscan.Command, texscan.Begin, texscan.End:
			if !unitCommandText(t.Text[1:]) && !spacingCmds[t.Text[1:]] {
				return false
			}
		case texscan.Char:
			if t.Text[0] < 0x80 && t.Text != `\` {
				return false // a control character
			}
		default: // $, \( \) \[ \]
			return false
		}
		prev = t
	}
}

// unitCommandText reports whether the text of a command after its
// backslash is made of what unitTextTokens allows in a unit.
func unitCommandText(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isLetter(c) || isSpace(c) || c >= 0x80 || strings.IndexByte("./-^{}\\", c) >= 0) {
			return false
		}
	}
	return true
}

// spacingCmds are the TeX spacing commands (without the backslash): a
// space between a value and its unit, whichever is written.
var spacingCmds = map[string]bool{",": true, ";": true, ":": true, " ": true, ">": true, "!": true,
	"quad": true, "qquad": true, "enspace": true, "thinspace": true, "medspace": true, "thickspace": true,
	"enskip": true, "negthinspace": true}

// trimSpacing takes spaces, ~ and spacing commands off both ends of s
// ("~kJ" inside \mathrm{~kJ}, "5\;" before a unit).
func trimSpacing(s string) string {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return strings.TrimSpace(s)
	}
	space := func(t texscan.Token) bool {
		return t.Kind == texscan.Space || t.Kind == texscan.Newline || t.Kind == texscan.Punct && t.Text == "~" ||
			t.Kind == texscan.Command && spacingCmds[t.Text[1:]]
	}
	i, j := 0, len(toks)
	for i < j && space(toks[i]) {
		i++
	}
	for j > i && space(toks[j-1]) {
		j--
	}
	if i == j {
		return ""
	}
	return s[toks[i].Pos:toks[j-1].End()]
}
