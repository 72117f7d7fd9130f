// Package math401 is the MATH 401 arithmetic benchmark (Yuan et al. 2023,
// "How well do Large Language Models perform in Arithmetic tasks?"): its
// seeded generator, the loaders for the released file and for generated
// sets, the paper's prompts, its extraction and metrics (accuracy, relative
// error, non-number ratio) and its Table 1 breakdown, and the data check
// that recomputes every released answer from its query.
//
// It imports bench, answer, calc and stats; nothing imports it but the
// command line.
package math401

// NumGroups is the number of groups: 0 (Euler's identity) and 1-16.
const NumGroups = 17

// PerGroup is the number of items in each of groups 1-16.
const PerGroup = 25

// Size is the number of items in the whole set (1 + 16 × 25).
const Size = 1 + (NumGroups-1)*PerGroup

// GroupNames describes each group as the paper defines it.
var GroupNames = [NumGroups]string{
	"Euler's identity e^(iπ)+1",
	"+ - of two integers within 10",
	"+ - of two integers within 100",
	"+ - of two integers within 1,000",
	"+ - of two integers within 1,000,000,000,000",
	"+ - of two integers within -10~10",
	"+ - of two decimals within -100~100",
	"× of two integers within 100",
	"× of two decimals within 10",
	"× of two integers within 100,000",
	"÷ of two integers within 100",
	"^ with an integer base within 10 and an integer exponent 2~4",
	"^ with a decimal base within 10 and a decimal exponent 2~4",
	"+ - × of an integer within 10 and e or π",
	"long expressions with brackets, integers within 100, + - × ÷",
	"sin, cos, tan in degrees or radians",
	"logarithm of an integer within 1000 to base 2, e or 10",
}

// Category is one column of the paper's Table 1: a named set of groups.
type Category struct {
	Name   string
	Groups []int
}

// Categories are the columns of Table 1, in the paper's order. The
// operation columns follow the group definitions; Dec holds the groups of
// decimal operands (6, 8, 12), Neg those whose operands range over negative
// numbers (5, 6), Irr the irrational group (13), Big the groups of large
// integers (4, 9), Long the long expressions (14); Easy is groups 1, 2, 3, 5,
// 6, 7, 8 and 11 as the paper states, Hard the others.
var Categories = []Category{
	{"Euler", []int{0}},
	{"+-", []int{1, 2, 3, 4, 5, 6}},
	{"×", []int{7, 8, 9}},
	{"÷", []int{10}},
	{"^", []int{11, 12}},
	{"Tri", []int{15}},
	{"log", []int{16}},
	{"Dec", []int{6, 8, 12}},
	{"Neg", []int{5, 6}},
	{"Irr", []int{13}},
	{"Big", []int{4, 9}},
	{"Long", []int{14}},
	{"Easy", []int{1, 2, 3, 5, 6, 7, 8, 11}},
	{"Hard", []int{0, 4, 9, 10, 12, 13, 14, 15, 16}},
	{"All", []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}},
}

// PaperNeg is the Neg column as the paper computed it. The paper's Neg
// values equal its Dec values in all 13 rows of Table 1, and several are
// impossible over Neg's 50 items (groups 5 and 6: multiples of 2%), so the
// paper computed Neg over Dec's 75 items (groups 6, 8 and 12). matheval's
// Neg column keeps the definition (operands that range over negative
// numbers); on the released file and --compat sets the summary adds this
// one beside it, so that a table can be set next to the paper's.
var PaperNeg = Category{"Neg (paper)", []int{6, 8, 12}}

// compatMeta marks items that follow the released file's conventions (the
// released file itself, or a set generated with --compat).
const compatMeta = "compat"

// integerGroups are the groups whose answers are integers and are written
// without decimals (as the released file does); all others are written
// with exactly 4 decimals.
var integerGroups = map[int]bool{0: true, 1: true, 2: true, 3: true, 4: true, 5: true, 7: true, 9: true, 11: true}

// GroupOfLine returns the group of the released file's n-th item (0-based):
// item 0 is group 0, then 25 items per group.
func GroupOfLine(n int) int {
	if n == 0 {
		return 0
	}
	return 1 + (n-1)/PerGroup
}
