package latex

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/matheval/matheval/expr"
)

// value parses s and evaluates it exactly.
func value(t *testing.T, s string) string {
	t.Helper()
	n, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	if a, err := expr.Algebraic(context.Background(), n, expr.Limits{}); err == nil {
		return a.String()
	}
	return "tree:" + n.String()
}

func TestParseValues(t *testing.T) {
	cases := map[string]string{
		"7,425,000":                     "7425000",
		"1{,}000":                       "1000",
		"10,\\!080":                     "10080",
		"11,\\! 111,\\! 111,\\! 100":    "11111111100",
		"1 000":                         "1000",
		"0.\\overline{3}":               "\\frac{1}{3}",
		"0.1\\overline{6}":              "\\frac{1}{6}",
		"6.02\\times10^{23}":            "602000000000000000000000",
		"6.02e23":                       "602000000000000000000000",
		"\\frac12":                      "\\frac{1}{2}",
		"\\dfrac{3}{4}":                 "\\frac{3}{4}",
		"\\tfrac34":                     "\\frac{3}{4}",
		"\\cfrac{1}{2}":                 "\\frac{1}{2}",
		"3/4":                           "\\frac{3}{4}",
		"2\\frac{1}{2}":                 "\\frac{5}{2}",
		"-2\\frac{1}{2}":                "-\\frac{5}{2}",
		"7 3/4":                         "\\frac{31}{4}",
		"\\sqrt{12}":                    "2\\sqrt{3}",
		"\\sqrt3":                       "\\sqrt{3}",
		"\\sqrt[3]{27}":                 "3",
		"\\frac{1}{\\sqrt{2}}":          "\\frac{\\sqrt{2}}{2}",
		"2^{10}":                        "1024",
		"2^10":                          "1024",
		"12*34":                         "408",
		"3 \\cdot 4":                    "12",
		"3 \\times 4 \\div 6":           "2",
		"5!":                            "120",
		"\\binom{5}{2}":                 "10",
		"\\dbinom{6}{3}":                "20",
		"\\left( \\frac{1}{3} \\right)": "\\frac{1}{3}",
		"\\$12.50":                      "\\frac{25}{2}",
		"15\\text{ cm}^2":               "15",
		"15\\mbox{ inches}":             "15",
		"125\\textnormal{ miles}":       "125",
		"9 (apples)":                    "9",
		"2.5 million":                   "2500000",
		"1011_2":                        "11",
		"204_5":                         "54",
		"152A_{11}":                     "1968",
		"\\log_2 8":                     "3",
		"log_2(8)":                      "3",
		"\\ln 1":                        "0",
		"\\sin(\\pi/6)":                 "\\frac{1}{2}",
		"sin(pi/6)":                     "\\frac{1}{2}",
		"\\cos 60^\\circ":               "\\frac{1}{2}",
		"sqrt(2)/2":                     "\\frac{\\sqrt{2}}{2}",
		"|-3|":                          "3",
		"\\left|-3\\right|":             "3",
		"\\lfloor 2.5 \\rfloor":         "2",
		"\\lceil 2.5 \\rceil":           "3",
		"i^2":                           "-1",
		"\\displaystyle\\frac{1}{2}\\,": "\\frac{1}{2}",
		"$\\frac{1}{2}$":                "\\frac{1}{2}",
		"\\(\\frac{1}{2}\\)":            "\\frac{1}{2}",
		"\\boxed{7}":                    "7",
		"−5":                            "-5",
		"\\\\frac{1}{2}":                "\\frac{1}{2}",
	}
	for in, want := range cases {
		if got := value(t, in); got != want {
			t.Errorf("%q: got %s, want %s", in, got, want)
		}
	}
}

func TestParseShapes(t *testing.T) {
	cases := map[string]string{
		"(1,2)":           "*expr.Tuple",
		"[0,1)":           "*expr.Tuple",
		"\\{1,2\\}":       "*expr.Set",
		"\\emptyset":      "*expr.Set",
		"(0,1]\\cup[2,3)": "*expr.SetOp",
		"\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}":         "*expr.Matrix",
		"\\begin{bmatrix}1\\\\2\\end{bmatrix}":             "*expr.Matrix",
		"\\left[\\begin{array}{cc}1&2\\end{array}\\right]": "*expr.Matrix",
		"x=3":                      "*expr.Rel",
		"1<x\\le 2":                "*expr.Rel",
		"x \\in [0,1]":             "*expr.Rel",
		"1, 2, and 3":              "*expr.List",
		"x = 1 \\text{ or } x = 2": "*expr.List",
		"3:4":                      "*expr.Ratio",
		"\\text{Evelyn}":           "*expr.Text",
		"\\text{(C)}":              "*expr.Text",
		"Mrs. Hilt":                "*expr.Text",
		"1 \\pm \\sqrt{2}":         "*expr.Add",
		"28\\%":                    "*expr.Call",
		"90^\\circ":                "*expr.Call",
		"\\sum_{k=1}^{n} k":        "*expr.Call",
	}
	for in, want := range cases {
		n, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		if got := typeName(n); got != want {
			t.Errorf("%q: got %s (%s), want %s", in, got, n, want)
		}
	}
}

func typeName(n expr.Node) string {
	switch n.(type) {
	case *expr.Tuple:
		return "*expr.Tuple"
	case *expr.Set:
		return "*expr.Set"
	case *expr.SetOp:
		return "*expr.SetOp"
	case *expr.Matrix:
		return "*expr.Matrix"
	case *expr.Rel:
		return "*expr.Rel"
	case *expr.List:
		return "*expr.List"
	case *expr.Ratio:
		return "*expr.Ratio"
	case *expr.Text:
		return "*expr.Text"
	case *expr.Add:
		return "*expr.Add"
	case *expr.Call:
		return "*expr.Call"
	}
	return "other"
}

// Units are dropped only after an operand; expression letters survive.
func TestUnitsKeepVariables(t *testing.T) {
	for in, vars := range map[string]string{
		"2ab":                 "a,b",
		"x \\text{ cm}":       "x",
		"2AZYUK":              "A,K,U,Y,Z",
		"\\frac{\\pi r}{h+r}": "h,r",
	} {
		n, err := Parse(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		got := []string{}
		for v := range expr.FreeVars(n) {
			got = append(got, v)
		}
		if strings.Join(sorted(got), ",") != vars {
			t.Errorf("%q: variables %v, want %s", in, sorted(got), vars)
		}
	}
}

func sorted(s []string) []string {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s
}

func TestParseErrors(t *testing.T) {
	cases := map[string]int{ // input -> column of the error
		"":              1,
		"1+":            3,
		"\\frac{1}{":    10,
		"(1,2":          5,
		"1 + * 2":       5,
		"[1,2)3)":       6, // the 3: a number after a factor
		"\\begin{foo}x": 1,
		"15_3":          3,
	}
	for in, col := range cases {
		_, err := Parse(in)
		var pe *Error
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q): error %v, want a *latex.Error", in, err)
			continue
		}
		if pe.Col != col {
			t.Errorf("Parse(%q): column %d (%s), want %d", in, pe.Col, pe.Msg, col)
		}
	}
}

func TestNoPanicOnJunk(t *testing.T) {
	junk := []string{"\\", "{", "}", "^", "_", "\\frac", "\\sqrt[", "\\left(", "\\begin{pmatrix}", "||", "\\{",
		"((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1",
		strings.Repeat("-", 100000), "\\text{", "$", "1_", "\\log_", "\\sum_{", "\xff\xfe", "0.\\overline{", "1e99999999"}
	for _, s := range junk {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("Parse(%q) panicked: %v", s, r)
				}
			}()
			Parse(s)
		}()
	}
}

// One command after ^ is the exponent only when it can be a factor: x^\pi
// is a power, x^\pm 1 and x^\cdot 2 are not (braced, they fail the same
// way), so what parses also prints back parseably (FuzzParse found 0^±).
func TestCommandExponent(t *testing.T) {
	for _, s := range []string{`x^\pi`, `e^\alpha`, `2^\frac12`} {
		if _, err := Parse(s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	for _, s := range []string{`0^±`, `x^\pm 1`, `x^\cdot 2`, `x^{\pm}`, `x^\le 2`} {
		if n, err := Parse(s); err == nil {
			t.Errorf("%s parsed as %v, want an error", s, n)
		}
	}
}
