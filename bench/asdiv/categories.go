package asdiv

import (
	"sort"
	"strings"

	"github.com/matheval/matheval/bench"
)

// The ASDiv paper groups its 24 problem (solution) types into three
// categories: basic arithmetic operations, aggregative operations, and
// problems that need additional domain knowledge. The category names are
// the paper's. The paper's table that lists each category's types could
// not be read where this was written, so the assignment rests on the
// authors' own data: their arithmetic subset ASDiv-A (the fold files of
// nfolds/asdiv-a) holds exactly the types put here under basic arithmetic
// (the four operations with the three divisions, Sum, Difference and the
// three time-variant-quantity types), and no other; of the rest, the types
// that need facts or methods beyond arithmetic (algebraic unknowns, GCD
// and LCM, geometry formulas, unit conversion, number patterns) need
// domain knowledge, and those that combine several quantities or steps
// (comparison, sets, ratios, surplus, number operations, sequential
// operations) are aggregative. TestCategoriesCoverRealTypes checks the
// ASDiv-A part on the released files; CategoryNote says the rest is ours.
const (
	CategoryBasic     = "Basic arithmetic operations"
	CategoryAggregate = "Aggregative operations"
	CategoryKnowledge = "Additional domain knowledge required"
)

// Categories gives each of ASDiv's 24 types its category, as the loader
// spells the types ("Substraction" in the released file is read as
// Subtraction).
var Categories = map[string]string{
	"Addition":        CategoryBasic,
	"Subtraction":     CategoryBasic,
	"Multiplication":  CategoryBasic,
	"Common-Division": CategoryBasic,
	"Floor-Division":  CategoryBasic,
	"Ceil-Division":   CategoryBasic,
	"Sum":             CategoryBasic,
	"Difference":      CategoryBasic,
	"TVQ-Initial":     CategoryBasic,
	"TVQ-Change":      CategoryBasic,
	"TVQ-Final":       CategoryBasic,

	"Comparison":           CategoryAggregate,
	"Set-Operation":        CategoryAggregate,
	"Ratio":                CategoryAggregate,
	"Surplus":              CategoryAggregate,
	"Number-Operation":     CategoryAggregate,
	"Sequential-Operation": CategoryAggregate,

	"Algebra-1":      CategoryKnowledge,
	"Algebra-2":      CategoryKnowledge,
	"GCD":            CategoryKnowledge,
	"LCM":            CategoryKnowledge,
	"Geometry":       CategoryKnowledge,
	"UnitTrans":      CategoryKnowledge,
	"Number-Pattern": CategoryKnowledge,
}

// categoryOrder is the paper's order of the categories.
var categoryOrder = []string{CategoryBasic, CategoryAggregate, CategoryKnowledge}

// CategoryNote says, under the table, what the categories hold and how
// sure the assignment is.
var CategoryNote = func() string {
	var parts []string
	for _, c := range categoryOrder {
		parts = append(parts, c+": "+strings.Join(typesOf(c), ", "))
	}
	return "The ASDiv paper's three categories of its 24 problem types. " + strings.Join(parts, "; ") +
		". The category names are the paper's; the assignment is matheval's: basic arithmetic holds exactly the types of the authors' arithmetic subset ASDiv-A, the split of the others is our reading."
}()

// typesOf lists a category's types, sorted.
func typesOf(category string) []string {
	var out []string
	for t, c := range Categories {
		if c == category {
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
}

// categoryGroups makes one group per category, selecting its types, and,
// when some items carry a type outside the 24 (another release, a typo),
// one group of those, named.
func categoryGroups(sb *bench.Builder) []bench.GroupDef {
	var out []bench.GroupDef
	for _, c := range categoryOrder {
		out = append(out, bench.GroupDef{Key: c, Label: c, Where: map[string][]string{"type": typesOf(c)}})
	}
	other := map[string]bool{}
	for _, it := range sb.Items() {
		if t, ok := it.Item.Meta["type"]; ok {
			if _, known := Categories[t]; !known {
				other[t] = true
			}
		}
	}
	if len(other) > 0 {
		var ts []string
		for t := range other {
			ts = append(ts, t)
		}
		sort.Strings(ts)
		out = append(out, bench.GroupDef{Key: "other", Label: "other types (" + strings.Join(ts, ", ") + ")",
			Where: map[string][]string{"type": ts}})
	}
	return out
}
