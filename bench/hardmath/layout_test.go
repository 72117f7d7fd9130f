package hardmath

import (
	"reflect"
	"testing"
)

func TestLayoutFormulas(t *testing.T) {
	cases := []struct {
		box  string
		want []string // nil: not read as a layout
	}{
		{`y(x) = \begin{cases} 1-\frac{x^3}{24} & (x \ll 1) \\ \sqrt[3]{30}(x - 22.2)^{1/3} + 2.8 & (x \gg 1) \end{cases}`,
			[]string{`1-\frac{x^3}{24}`, `\sqrt[3]{30}(x - 22.2)^{1/3} + 2.8`}},
		// Labels name the regimes: large first is put second.
		{`\begin{cases} -6/(x-5) & x \to \infty \\ 1 - x^3/6 & x \to 0 \end{cases}`,
			[]string{`1 - x^3/6`, `-6/(x-5)`}},
		// An array with the column specification and "y &=" columns.
		{`\begin{array}{ll} y &= 1 - \frac{1}{2} x^3 & (\text{Small } x) \\ y &= -6/(x-5) & (\text{Large } x) \end{array}`,
			[]string{`1 - \frac{1}{2} x^3`, `-6/(x-5)`}},
		// aligned: & only aligns; a label before a colon is dropped.
		{`\begin{aligned} \text{small } x: & \quad y = 1 - x^3/24, \\ \text{large } x: & \quad y = -6/(x-5) \end{aligned}`,
			[]string{`1 - x^3/24`, `-6/(x-5)`}},
		{`\begin{bmatrix} \epsilon^{3}, \\ \frac{1}{\epsilon} \end{bmatrix}`, []string{`\epsilon^{3}`, `\frac{1}{\epsilon}`}},
		// Not closed, one row, or three rows: not a two-regime layout.
		{`\begin{cases} 1 - x^3 & x \ll 1 \\ 2`, nil},
		{`\begin{cases} 1 - x^3 & x \ll 1 \end{cases}`, nil},
		{`\begin{cases} 1 \\ 2 \\ 3 \end{cases}`, nil},
		{`[1 - x^3, -6/(x-5)]`, nil},
	}
	for _, c := range cases {
		got, ok := layoutFormulas(c.box, 2)
		if c.want == nil {
			if ok {
				t.Errorf("%s: read as %q, want no layout", c.box, got)
			}
			continue
		}
		if !ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %q (%v)\nwant %q", c.box, got, ok, c.want)
		}
	}
}

// A layout answer is graded like a list: found by the layout reader,
// judged by numbers.
func TestGradeODELayout(t *testing.T) {
	r := rowOf(t, odeRow)
	v := grade(t, r, `$\boxed{y(x) = \begin{cases} 1 - \frac{x^3}{18} & x \ll 1 \\ 6/(11.4511451145115 - x) - 2.7342 & x \gg 1 \end{cases}}$`)
	if v.Score != 1 {
		t.Errorf("right answer as cases: %+v", v)
	}
	v = grade(t, r, `$\boxed{\begin{cases} 1 & x \ll 1 \\ 0 & x \gg 1 \end{cases}}$`)
	if v.Score != 0 {
		t.Errorf("y(0) and 0 as cases: %+v", v)
	}
}

func FuzzLayoutRows(f *testing.F) {
	f.Add(`\begin{cases} 1 & x \ll 1 \\ 2 & x \gg 1 \end{cases}`)
	f.Add(`\begin{array}{ll} y &= 1 & (\text{Small}) \\ \end{array}`)
	f.Add(`\begin{aligned}\text{small}: & y = 1 \end{aligned}`)
	f.Add(`\begin{array}{`)
	f.Add(`\text{Small } x: 1 - \frac{x^3}{12}`)
	f.Add(`\text{"1 - x^3/18"}`)
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range layoutRows(s) {
			if r.formula == "" {
				t.Fatalf("empty formula row from %q", s)
			}
		}
		layoutFormulas(s, 2)
		if f, r := listItem(s); r != "" && r != "small" && r != "large" || len(f) > len(s) {
			t.Fatalf("listItem(%q) = %q, %q", s, f, r)
		}
	})
}

func TestLayoutLabelsInText(t *testing.T) {
	for _, box := range []string{
		"\\begin{aligned}\n\\text{Small $x$ regime:} & y(x) = 1 - \\frac{x^3}{24} \\\\\n\\text{Large $x$ regime:} & y(x) = -6/(x-5)\n\\end{aligned}",
		"\\begin{aligned}\n\\text{{Small x regime}: } y &= 1 - \\frac{x^3}{24} \\\\\n\\text{{Large x regime}: } y &= -6/(x-5)\n\\end{aligned}",
	} {
		got, ok := layoutFormulas(box, 2)
		if want := []string{`1 - \frac{x^3}{24}`, `-6/(x-5)`}; !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %q (%v)\nwant %q", box, got, ok, want)
		}
	}
}

// The items of a boxed list: a regime label before the formula (with its
// colon) is dropped and orders the regimes; a quoted SymPy string is read
// inside its quotes; words without a colon are not a label.
func TestListItems(t *testing.T) {
	for _, c := range []struct{ in, formula, regime string }{
		{`\text{Small } x: 1 - \frac{x^3}{12}`, `1 - \frac{x^3}{12}`, "small"},
		{`\text{ Large } x: \alpha (x - x^*)^p`, `\alpha (x - x^*)^p`, "large"},
		{`\text{small x:} y = 1 - x^3`, `1 - x^3`, "small"},
		{`x \gg 1: -6/(x-5)`, `-6/(x-5)`, "large"},
		{`\text{"1 - x^3/18"}`, `1 - x^3/18`, ""},
		{`'1 - x**3/18'`, `1 - x**3/18`, ""},
		{`y = 1 - \frac{x^3}{6}`, `1 - \frac{x^3}{6}`, ""},
		{`\text{For large } x`, `\text{For large } x`, ""},
		{`\; y\ =\ -\frac{6}{x} \,`, `-\frac{6}{x}`, ""},
		{`\; "-\frac{6}{x}"`, `-\frac{6}{x}`, ""},
		{`\text{ y(x) \approx 1 - \frac{x^{3}}{18} }`, `1 - \frac{x^{3}}{18}`, ""},
		{`\text{y = need further analysis}`, `need further analysis`, ""},
		{`-\frac{6}{x} \ `, `-\frac{6}{x}`, ""},
		{`\text{ more analysis required for large } x`, `\text{ more analysis required for large } x`, ""},
	} {
		f, r := listItem(c.in)
		if f != c.formula || r != c.regime {
			t.Errorf("listItem(%q) = %q, %q; want %q, %q", c.in, f, r, c.formula, c.regime)
		}
	}
}

func TestGradeODEListItems(t *testing.T) {
	r := rowOf(t, odeRow)
	for _, c := range []struct {
		reply string
		want  float64
	}{
		// Labelled, in the other order.
		{`$\boxed{[\text{Large } x: 6/(11.4511451145115 - x) - 2.7342, \text{Small } x: 1 - \frac{x^3}{18}]}$`, 1},
		// Small x right, large x words: the small regime's half.
		{`$\boxed{[\text{Small } x: 1 - \frac{x^3}{18}, \text{Large } x: \text{Requires further analysis}]}$`, 0.5},
		{`$\boxed{[\text{"1 - x^3/18"}, \text{"Further investigation needed"}]}$`, 0.5},
		// The box closed before the list did.
		{`$\boxed{[1 - \frac{x^{3}}{18}, 6/(11.4511451145115 - x) - 2.7342}]$`, 1},
		// Words naming a regime are not a formula x.
		{`$\boxed{[y = 1, \text{ more analysis required for large } x]}$`, 0},
	} {
		if v := grade(t, r, c.reply); v.Score != c.want {
			t.Errorf("%s: score %v, want %v (%s)", c.reply, v.Score, c.want, v.Reason)
		}
	}
}

// One formula answers every regime only when the released answers of all
// regimes are the same (the older integral set's one-term polynomials).
func TestFormulaCandidatesOneForAll(t *testing.T) {
	same := Reference{Regimes: []Regime{{Name: "small_eps", Refs: []string{`\frac{0.85}{\epsilon^{0.93}}`}}, {Name: "large_eps", Refs: []string{`\frac{0.85}{\epsilon^{0.93}}`}}}}
	got := formulaCandidates(same, []string{`\epsilon^{-13/14} \cdot 9^{-1/14}`})
	if want := []string{`\epsilon^{-13/14} \cdot 9^{-1/14}`, `\epsilon^{-13/14} \cdot 9^{-1/14}`}; !reflect.DeepEqual(got, want) {
		t.Errorf("same answers: got %q, want %q", got, want)
	}
	differ := Reference{Regimes: []Regime{{Name: "small_eps", Refs: []string{`\frac{1}{\epsilon}`}}, {Name: "large_eps", Refs: []string{`\frac{79}{\epsilon}`}}}}
	if got := formulaCandidates(differ, []string{`\frac{1}{\epsilon}`}); len(got) != 1 {
		t.Errorf("different answers: one formula must not answer both regimes, got %q", got)
	}
}
