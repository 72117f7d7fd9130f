package answer

import (
	"regexp"
	"sort"
	"strings"
)

// A unit an answer carries is dropped before the values are compared
// ("5\text{ cm}" answers 5), but two answers that name different units
// are different answers: 5 inches is not 5 feet, \$2 is not 2 cents, and
// 5 cm^2 is not 5 cm^3. unitSet is what one answer names: its known units
// (canonical names) and their power (square, cubic).
type unitSet struct {
	names []string // sorted canonical names; generic "units" left out
	power int      // 2 for square, 3 for cubic, 0 when not said
}

// unitAliases maps unit words to canonical names (several for a compound
// word: mph is miles per hour).
var unitAliases = map[string][]string{
	"mm": {"mm"}, "millimeter": {"mm"}, "millimeters": {"mm"}, "millimetre": {"mm"}, "millimetres": {"mm"},
	"cm": {"cm"}, "centimeter": {"cm"}, "centimeters": {"cm"}, "centimetre": {"cm"}, "centimetres": {"cm"},
	"km": {"km"}, "kilometer": {"km"}, "kilometers": {"km"}, "kilometre": {"km"}, "kilometres": {"km"},
	"meter": {"m"}, "meters": {"m"}, "metre": {"m"}, "metres": {"m"},
	"inch": {"in"}, "inches": {"in"}, "ft": {"ft"}, "foot": {"ft"}, "feet": {"ft"},
	"yd": {"yd"}, "yard": {"yd"}, "yards": {"yd"}, "mi": {"mi"}, "mile": {"mi"}, "miles": {"mi"},
	"ml": {"ml"}, "milliliter": {"ml"}, "milliliters": {"ml"}, "millilitre": {"ml"}, "millilitres": {"ml"},
	"liter": {"l"}, "liters": {"l"}, "litre": {"l"}, "litres": {"l"}, "gallon": {"gal"}, "gallons": {"gal"},
	"mg": {"mg"}, "gram": {"g"}, "grams": {"g"}, "kg": {"kg"}, "kilogram": {"kg"}, "kilograms": {"kg"},
	"lb": {"lb"}, "lbs": {"lb"}, "pound": {"lb"}, "pounds": {"lb"}, "oz": {"oz"}, "ounce": {"oz"}, "ounces": {"oz"},
	"sec": {"s"}, "second": {"s"}, "seconds": {"s"}, "minute": {"min"}, "minutes": {"min"},
	"h": {"h"}, "hr": {"h"}, "hrs": {"h"}, "hour": {"h"}, "hours": {"h"}, "day": {"day"}, "days": {"day"},
	"week": {"week"}, "weeks": {"week"}, "month": {"month"}, "months": {"month"}, "year": {"year"}, "years": {"year"},
	"mph": {"mi", "h"}, "kph": {"km", "h"},
	// one-letter and short symbols, read only in a dropped unit group
	"m": {"m"}, "s": {"s"}, "g": {"g"}, "in": {"in"}, "min": {"min"}, "l": {"l"},
	"dollar": {"dollar"}, "dollars": {"dollar"}, "cent": {"cent"}, "cents": {"cent"},
	"ms": {"ms"}, "millisecond": {"ms"}, "milliseconds": {"ms"},
	"degree": {"deg"}, "degrees": {"deg"}, "deg": {"deg"}, "radian": {"rad"}, "radians": {"rad"}, "rad": {"rad"},
	"milligram": {"mg"}, "milligrams": {"mg"}, "nm": {"nm"}, "nanometer": {"nm"}, "nanometers": {"nm"},
	"decade": {"decade"}, "decades": {"decade"}, "century": {"century"}, "centuries": {"century"},
	"acre": {"acre"}, "acres": {"acre"}, "hectare": {"ha"}, "hectares": {"ha"}, "ton": {"ton"}, "tons": {"ton"},
	"tonne": {"tonne"}, "tonnes": {"tonne"}, "quart": {"qt"}, "quarts": {"qt"}, "pint": {"pt"}, "pints": {"pt"},
	"tablespoon": {"tbsp"}, "tablespoons": {"tbsp"}, "tbsp": {"tbsp"}, "teaspoon": {"tsp"}, "teaspoons": {"tsp"},
	"tsp": {"tsp"}, "euro": {"euro"}, "euros": {"euro"}, "pence": {"penny"}, "penny": {"penny"},
	"pennies": {"penny"}, "knot": {"knot"}, "knots": {"knot"},
}

// textGroups are the \text{...}-like groups of an answer.
var textGroups = regexp.MustCompile(`\\(?:text|mbox|mathrm|textrm)\s*\{([^{}]*)\}`)

// trailingWords are the plain words ending an answer ("39 radians").
var trailingWords = regexp.MustCompile(`(?:\s[A-Za-z]+\.?)+\s*$`)

// unitsOf reads the units an answer names: the trailing unit words
// NormalizeMATH drops, and a dollar sign.
func unitsOf(s string) unitSet {
	var u unitSet
	seen := map[string]bool{}
	if k := lastRelation(s); k >= 0 {
		s = s[k:] // a computation's units are its result's: "\$0.054 = 5.4\text{ cents}"
	}
	s = strings.TrimRight(strings.TrimSpace(s), ".")
	if strings.Contains(s, `\$`) {
		seen["dollar"] = true
	}
	t := mathReplacer.Replace(strings.TrimSpace(s))
	if !hasTrig(t) && (strings.Contains(t, `\circ`) || strings.Contains(t, "°")) {
		seen["deg"] = true // 30^\circ: degrees, unless a trig argument
	}
	head, dropped := splitTrailingUnits(t)
	if w := trailingWords.FindString(head); w != "" && !strings.Contains(head, `\text`) {
		dropped = append(dropped, w)
	}
	// a unit on an item of a list ("4\text{ radians}, 20^\circ") counts too
	for _, m := range textGroups.FindAllStringSubmatch(head, -1) {
		if isUnitText(m[1]) {
			dropped = append(dropped, m[1])
		}
	}
	for _, d := range dropped {
		low := asciiLower(d)
		switch {
		case strings.Contains(low, "^2") || strings.Contains(low, "^{2}"):
			u.power = 2
		case strings.Contains(low, "^3") || strings.Contains(low, "^{3}"):
			u.power = 3
		}
		for _, w := range strings.FieldsFunc(low, func(r rune) bool { return !(r >= 'a' && r <= 'z') }) {
			switch w {
			case "square", "sq":
				u.power = 2
			case "cubic", "cu":
				u.power = 3
			}
			for _, n := range unitAliases[w] {
				seen[n] = true
			}
		}
	}
	for n := range seen {
		u.names = append(u.names, n)
	}
	sort.Strings(u.names)
	return u
}

// compatible reports whether two answers' units allow them to be equal:
// unless both name units, there is nothing to tell apart.
func (u unitSet) compatible(v unitSet) bool {
	if u.power != 0 && v.power != 0 && u.power != v.power {
		return false // square units are not cubic units
	}
	if len(u.names) == 0 || len(v.names) == 0 {
		return true
	}
	return strings.Join(u.names, " ") == strings.Join(v.names, " ") && u.power == v.power
}

func (u unitSet) String() string {
	s := strings.Join(u.names, " ")
	switch u.power {
	case 2:
		s = "square " + s
	case 3:
		s = "cubic " + s
	}
	return s
}
