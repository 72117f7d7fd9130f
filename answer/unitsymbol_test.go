package answer

import (
	"testing"
	"unicode/utf8"

	"github.com/matheval/matheval/latex"
)

// The parser drops an upright group of one or two characters after a
// number as a unit only when latex.UnitSymbol says it is one; every such
// name this package compares by meaning must be one, or its unit would be
// read as a variable. (Names of the table that are words, like "in", are
// checked as well: a reader that drops them must know them.)
func TestShortUnitNamesAreUnitSymbols(t *testing.T) {
	check := func(name string) {
		if utf8.RuneCountInString(name) <= 2 && !latex.UnitSymbol(name) {
			t.Errorf("unit %q is compared by meaning here but latex.UnitSymbol does not know it", name)
		}
	}
	for name := range unitNames {
		check(name)
	}
	for sym := range prefixable {
		check(sym)
		for p := range siPrefixes {
			check(p + sym)
		}
	}
}
