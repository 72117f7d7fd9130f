package asdiv

import (
	"sort"
	"strings"

	"github.com/matheval/matheval/bench"
)

// The ASDiv paper groups its 24 problem (solution) types into three
// categories and gives their sizes: 14 types of basic arithmetic
// operations, 6 of aggregative operations and 4 that need additional
// domain knowledge. The category names and the counts are the paper's; the
// assignment of each type is read from the paper's definitions:
//
//   - Additional domain knowledge means a fact or formula beyond
//     arithmetic that the problem does not state: geometry formulas
//     (Geometry), conversion factors between units (UnitTrans), and the
//     number-theoretic notions of greatest common divisor and least common
//     multiple (GCD, LCM). These four are the paper's four.
//   - Basic arithmetic operations apply the four operations (with the
//     three kinds of division) to the quantities the text states, once or
//     in a chain: the types of the authors' arithmetic subset ASDiv-A (the
//     fold files of nfolds/asdiv-a: the operations, Sum, Difference and the
//     three time-variant-quantity types), and three more that an earlier
//     reading put under domain knowledge: Algebra-1 and Algebra-2 (the text
//     states the equations between one or two unknowns; solving a stated
//     equation is arithmetic, no outside fact is needed) and Number-Pattern
//     (the text states the pattern to continue). That makes the paper's 14.
//   - Aggregative operations combine several quantities by a relation the
//     problem names (comparison, sets, ratios, surplus, number operations,
//     sequential operations): the paper's 6.
//
// TestCategoriesCoverRealTypes checks the counts and the ASDiv-A part on
// the released files.
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
	"Algebra-1":       CategoryBasic, // the equation is stated: not in ASDiv-A, see above
	"Algebra-2":       CategoryBasic,
	"Number-Pattern":  CategoryBasic,

	"Comparison":           CategoryAggregate,
	"Set-Operation":        CategoryAggregate,
	"Ratio":                CategoryAggregate,
	"Surplus":              CategoryAggregate,
	"Number-Operation":     CategoryAggregate,
	"Sequential-Operation": CategoryAggregate,

	"GCD":       CategoryKnowledge,
	"LCM":       CategoryKnowledge,
	"Geometry":  CategoryKnowledge,
	"UnitTrans": CategoryKnowledge,
}

// PaperCategoryCounts is the number of types the paper gives each category.
var PaperCategoryCounts = map[string]int{CategoryBasic: 14, CategoryAggregate: 6, CategoryKnowledge: 4}

// beyondASDivA are the basic-arithmetic types that the authors' arithmetic
// subset ASDiv-A leaves out (it keeps problems without unknowns to solve
// for and without patterns).
var beyondASDivA = map[string]bool{"Algebra-1": true, "Algebra-2": true, "Number-Pattern": true}

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
		". The category names and sizes (14, 6 and 4 types) are the paper's; the assignment follows its definitions: domain knowledge is a fact or formula the problem does not state (geometry, unit conversion, GCD, LCM), and solving stated equations (Algebra-1, Algebra-2) or continuing a stated pattern is basic arithmetic."
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
