package math401

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// groupRe is each group's query shape: operators and operand formats.
var groupRe = map[int]*regexp.Regexp{
	0:  regexp.MustCompile(`^e\^\(iπ\)\+1=$`),
	1:  regexp.MustCompile(`^(\d+)[+-](\d+)=$`),
	2:  regexp.MustCompile(`^(\d+)[+-](\d+)=$`),
	3:  regexp.MustCompile(`^(\d+)[+-](\d+)=$`),
	4:  regexp.MustCompile(`^(\d+)[+-](\d+)=$`),
	5:  regexp.MustCompile(`^(-?\d+)[+-](?:(\d+)|\((-\d+)\))=$`),
	6:  regexp.MustCompile(`^(-?\d+\.\d+)[+-](?:(\d+\.\d+)|\((-\d+\.\d+)\))=$`),
	7:  regexp.MustCompile(`^(\d+)[*×](\d+)=$`),
	8:  regexp.MustCompile(`^(\d+\.\d+)[*×](\d+\.\d+)=$`),
	9:  regexp.MustCompile(`^(\d+)[*×](\d+)=$`),
	10: regexp.MustCompile(`^(\d+)[/÷](\d+)=$`),
	11: regexp.MustCompile(`^(\d+)(?:\^|\*\*)([2-4])=$`),
	12: regexp.MustCompile(`^(\d+(?:\.\d{1,4})?)(?:\^|\*\*)(\d(?:\.\d{1,4})?)=$`),
	13: regexp.MustCompile(`^(?:(\d+)[-+*×](?:e|π|pi)|(?:e|π|pi)[-+*×](\d+))=$`),
	14: regexp.MustCompile(`^[0-9()+\-*/ ]+=$`),
	15: regexp.MustCompile(`^(?:sin|cos|tan)\((?:(-?\d+)°|(-?\d+\.\d{1,2})π)\)=$`),
	16: regexp.MustCompile(`^(?:log 2|ln|log 10)\((\d+)\)=$`),
}

// ranges are each group's operand bounds (inclusive).
var ranges = map[int][2]float64{
	1: {0, 10}, 2: {0, 100}, 3: {0, 1000}, 4: {0, 1e12}, 5: {-10, 10}, 6: {-100, 100}, 7: {0, 100},
	8: {0, 10}, 9: {0, 100000}, 10: {0, 100}, 11: {1, 10}, 13: {0, 10}, 14: {0, 100}, 15: {-360, 360}, 16: {1, 1000},
}

var digitsRe = regexp.MustCompile(`\d+`)

// Conforms reports whether a query fits its group's definition: the
// group's operators and operand formats, and its operand ranges. It reads
// the released file's conventions too (" ( a + b)", "**", "(-3)").
func Conforms(group int, query string) (bool, string) {
	re, ok := groupRe[group]
	if !ok {
		return false, fmt.Sprintf("no group %d", group)
	}
	q := strings.ReplaceAll(strings.TrimSpace(query), "( ", "(")
	m := re.FindStringSubmatch(q)
	if m == nil {
		switch {
		case group == 13 && !strings.ContainsAny(q, "eπ") && !strings.Contains(q, "pi"):
			return false, "no irrational number (e or π)"
		case group == 13:
			return false, "not an integer within 10 with one of e, π under + - ×"
		}
		return false, "not the group's form: " + GroupNames[group]
	}
	operands := m[1:]
	switch group {
	case 11:
		operands = m[1:2] // the exponent 2-4 is in the pattern
	case 12:
		b, _ := strconv.ParseFloat(m[1], 64)
		e, _ := strconv.ParseFloat(m[2], 64)
		if b <= 0 || b >= 10 || e < 2 || e > 4 {
			return false, fmt.Sprintf("base %s or exponent %s out of range", m[1], m[2])
		}
		return true, ""
	case 14:
		operands = digitsRe.FindAllString(q, -1)
	case 15:
		if m[2] != "" {
			if k, _ := strconv.ParseFloat(m[2], 64); k < -10 || k > 10 {
				return false, fmt.Sprintf("%sπ out of range", m[2])
			}
			operands = m[1:2]
		}
	}
	lim, ok := ranges[group]
	if !ok {
		return true, ""
	}
	for _, s := range operands {
		if s == "" {
			continue
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || x < lim[0] || x > lim[1] {
			return false, fmt.Sprintf("operand %s outside [%g, %g]", s, lim[0], lim[1])
		}
	}
	return true, ""
}
