package mutation

import (
	"math/big"
	"strings"
	"testing"
)

func TestLiterals(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{`3x^2+12`, []string{"3", "2", "12"}},
		{`10,080`, []string{"10080"}},
		{`222,\!222,\!222`, []string{"222222222"}},
		{`11,\! 111,\! 100`, []string{"11111100"}},
		{`1{,}000.5`, []string{"1000.5"}},
		{`\$16,\!386.16`, []string{"16386.16"}},
		{`(100,101)`, []string{"100", "101"}},
		{`[-36,104]`, []string{"36", "104"}},
		{`2.75`, []string{"2.75"}},
		{`5\text{ cm}^2`, []string{"5", "2"}},
		{`\text{Room 12}`, nil},
		{`\sqrt[3]{16}`, []string{"3", "16"}},
		{`\frac19`, []string{"1", "9"}},
		{`\frac 9{20}`, []string{"9", "20"}},
		{`\dfrac12x`, []string{"1", "2"}},
	}
	for _, c := range cases {
		var got []string
		for _, l := range literals(c.in) {
			got = append(got, l.digits)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("literals(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestTopTerms(t *testing.T) {
	cases := []struct {
		in   string
		want string // terms joined by |, "" for not a sum
	}{
		{`3-\sqrt{2}`, `3|-\sqrt{2}`},
		{`-x^2+2x-1`, `-x^2|+2x|-1`},
		{`e^{-x}+1`, `e^{-x}|+1`},
		{`2\cdot -3`, ``},
		{`x+1 = 3`, ``},
		{`1, 2+3`, ``},
		{`\left(1+x\right)^2 - 4`, `\left(1+x\right)^2|- 4`},
		{`3 \pm \sqrt{2}`, ``},
	}
	for _, c := range cases {
		terms, ok := topTerms(c.in)
		got := ""
		if ok {
			got = strings.Join(terms, "|")
		}
		if got != c.want {
			t.Errorf("topTerms(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestBracketPairs(t *testing.T) {
	bp := bracketPairs(`(-\infty,2)\cup\left[3,\infty\right)`)
	if len(bp) != 2 || bp[0].openB != "(" || bp[0].closeB != ")" || !bp[0].leftInf || bp[0].rigInf ||
		bp[1].openB != "[" || bp[1].closeB != ")" || !bp[1].rigInf || bp[1].whole {
		t.Fatalf("bracketPairs: %+v", bp)
	}
	if bp := bracketPairs(`f(1,2)`); len(bp) != 0 {
		t.Errorf("a function's arguments taken for a tuple: %+v", bp)
	}
	if bp := bracketPairs(`\{1,2,3\}`); len(bp) != 1 || bp[0].openB != `\{` || len(bp[0].items) != 3 || !bp[0].whole {
		t.Errorf("set: %+v", bp)
	}
	if bp := bracketPairs(`(x+1)^2`); len(bp) != 0 {
		t.Errorf("grouping parentheses taken for a tuple: %+v", bp)
	}
}

func TestRoundRat(t *testing.T) {
	cases := []struct {
		num, den int64
		k        int
		r, tr    string
	}{
		{2, 3, 3, "0.667", "0.666"},
		{49, 64, 2, "0.77", "0.76"},
		{-14, 3, 2, "-4.7", "-4.6"},
		{1000, 3, 3, "333", "333"},
		{1, 8, 1, "0.1", "0.1"},
		{5, 2, 1, "3", "2"},
	}
	for _, c := range cases {
		r, tr, ok := roundRat(big.NewRat(c.num, c.den), c.k)
		if !ok || r != c.r || tr != c.tr {
			t.Errorf("roundRat(%d/%d, %d) = %q, %q, %v; want %q, %q", c.num, c.den, c.k, r, tr, ok, c.r, c.tr)
		}
	}
	if _, _, ok := roundRat(big.NewRat(12345, 1), 2); ok {
		t.Error("rounding 12345 to 2 digits must be refused (it would round into the integer part)")
	}
	// pi to 3 digits: 3.14 / 3.14; to 4: 3.142 / 3.141
	if r, tr, ok := roundFloat(3.141592653589793, 4); !ok || r != "3.142" || tr != "3.141" {
		t.Errorf("roundFloat(pi, 4) = %q, %q, %v", r, tr, ok)
	}
	// a tail too close to one half is refused
	if _, _, ok := roundFloat(0.125, 2); ok {
		t.Error("roundFloat(0.125, 2) accepted a tie")
	}
}

func TestSigDigits(t *testing.T) {
	for d, want := range map[string]int{"1.000": 4, "0.0012": 2, "-3.10": 3, "333": 3, "1200": 2, "0.5": 1, "10.0": 3, "0.0120": 3} {
		if got := sigDigits(d); got != want {
			t.Errorf("sigDigits(%q) = %d, want %d", d, got, want)
		}
	}
	// 2007/2008 = 0.9995...: "1.000" is its correct rounding with 4 digits: policy, not a mutant
	ps := (Generator{PerFamily: 20}).Pairs(Gold{Bench: "math", ID: "t", Text: `\frac{2007}{2008}`}, nil)
	if has(answersOf(ps, "rounded"), "1.000") || !has(answersOf(ps, "rounded-policy"), "1.000") {
		t.Errorf("1.000 for 2007/2008: rounded %q, policy %q", answersOf(ps, "rounded"), answersOf(ps, "rounded-policy"))
	}
}

func TestMoveRoot(t *testing.T) {
	cases := []struct{ num, den, want string }{
		{`1`, `\sqrt{2}`, `\frac{\sqrt{2}}{2}`},
		{`3`, `\sqrt{3}`, `\sqrt{3}`},
		{`\sqrt{2}`, `2`, `\frac{1}{\sqrt{2}}`},
		{`3\sqrt{2}`, `4`, `\frac{3}{2\sqrt{2}}`},
		{`5`, `2\sqrt{5}`, `\frac{\sqrt{5}}{2}`},
	}
	for _, c := range cases {
		got, ok := moveRoot(c.num, c.den)
		if !ok || got != c.want {
			t.Errorf("moveRoot(%q, %q) = %q, %v; want %q", c.num, c.den, got, ok, c.want)
		}
		// and the oracle agrees that the value is kept
		a, err1 := Read(`\frac{` + c.num + `}{` + c.den + `}`)
		b, err2 := Read(got)
		if err1 != nil || err2 != nil || Compare(a, b, nil) != Same {
			t.Errorf("moveRoot(%q, %q) = %q changes the value (%v %v)", c.num, c.den, got, err1, err2)
		}
	}
	if _, ok := moveRoot(`\sqrt{2}`, `\sqrt{3}`); ok {
		t.Error("roots on both sides are left alone")
	}
}

func answersOf(ps []Pair, fam string) []string {
	var out []string
	for _, p := range ps {
		if p.Family == fam {
			out = append(out, p.Answer)
		}
	}
	return out
}

func has(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestPairsFamilies(t *testing.T) {
	gen := Generator{PerFamily: 20}
	cases := []struct {
		gold  string
		fam   string
		want  []string // answers that must be produced
		never []string // answers that must not be
	}{
		// 0^4 and 0^2 still mean 0: the oracle drops them
		{`0^3`, "int±1", []string{`1^3`}, []string{`0^4`, `0^2`}},
		// C(5,2) = C(5,3)
		{`\binom{5}{2}`, "int±1", []string{`\binom{6}{2}`, `\binom{5}{1}`}, []string{`\binom{5}{3}`}},
		{`-\frac{3}{4}`, "sign", []string{`\frac{3}{4}`}, nil},
		{`3-\sqrt{2}`, "sign", []string{`-\left(3-\sqrt{2}\right)`}, nil},
		{`2.75`, "digit", []string{`2.76`, `2.85`, `3.75`}, nil},
		{`[-3,3]`, "bracket", []string{`(-3,3]`, `[-3,3)`, `\{-3,3\}`, `-3,3`}, nil},
		{`(-\infty,5]`, "bracket", []string{`(-\infty,5)`}, []string{`[-\infty,5]`}},
		{`-3, 3`, "bracket", []string{`(-3, 3)`, `[-3, 3]`}, nil},
		{`2,5,5`, "drop", []string{`2, 5`, `5, 5`}, nil},
		{`2, 5`, "dup", []string{`2, 5, 5`, `2, 2, 5`}, nil},
		{`\{2, 5\}`, "dup", nil, []string{`\{2, 5, 5\}`}},
		{`a=1, b=4`, "swap-names", []string{`a = 4, b = 1`, `b = 1, a = 4`}, nil},
		{`a=1, b=1`, "swap-names", nil, []string{`a = 1, b = 1`}},
		{`x = \frac{3}{2}`, "rename-var", []string{`t = \frac{3}{2}`}, nil},
		{`x+y=1`, "rename-var", []string{`t+y=1`}, []string{`y+x=1`}},
		{`1010_2`, "base", []string{`1010_{3}`, `1010_{10}`}, nil},
		{`1_2`, "base", nil, []string{`1_{3}`}},
		{`\text{B7}_{12}`, "base", []string{`\text{B7}_{13}`}, []string{`\text{B7}_{11}`}},
		{`e+\frac{1}{3000}`, "tiny-term", []string{`e+\frac{1}{3000} + 10^{-30}`}, nil},
		{`\frac{2}{3}`, "rounded", []string{`0.7`, `0.67`, `0.667`, `0.6`, `0.66`, `0.666`, `0.6666`}, []string{`0.6667`}},
		{`2.55`, "rounded", []string{`2.6`, `3`, `2.5`}, nil},
		{`\frac{2}{3}`, "rounded-policy", []string{`0.6667`, `0.66667`}, nil},
		{`3:4`, "ratio", []string{`4:4`, `3:5`}, nil},
		{`3-\sqrt{2}`, "reorder-sum", []string{`-\sqrt{2}+3`}, nil},
		{`\{1,2,3\}`, "reorder-list", []string{`\{3, 2, 1\}`}, nil},
		{`2\sqrt{3}`, "reorder-product", []string{`\sqrt{3} \cdot 2`}, nil},
		{`2\frac{1}{2}`, "reorder-product", nil, []string{`\frac{1}{2} \cdot 2`}},
		{`\frac{3}{8}`, "decimal", []string{`0.375`}, nil},
		{`\frac{1}{3}`, "decimal", nil, []string{`0.333`}},
		{`\frac{1}{\sqrt{2}}`, "rationalise", []string{`\frac{\sqrt{2}}{2}`}, nil},
		{`\sqrt[3]{2}(x+1)`, "left-right", []string{`\sqrt[3]{2}\left(x+1\right)`}, nil},
		{`1234`, "digit", []string{`2234`}, nil},
		{`(\sqrt{2}, 3)`, "tiny-term", []string{`(\sqrt{2} + 10^{-30}, 3)`}, nil},
		{`(1,2)`, "swap-order", []string{`(2, 1)`}, nil},
		{`(1,1)`, "swap-order", nil, []string{`(1, 1)`}},
		{`\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}`, "transpose", []string{`\begin{pmatrix} 1 & 3 \\ 2 & 4 \end{pmatrix}`}, nil},
		{`\begin{pmatrix} 1 & 2 \\ 2 & 4 \end{pmatrix}`, "transpose", nil, []string{`\begin{pmatrix} 1 & 2 \\ 2 & 4 \end{pmatrix}`}},
		{`x \le 3`, "inequality", []string{`x < 3`, `x \ge 3`}, nil},
		{`\frac{7}{2}`, "assign", []string{`x = \frac{7}{2}`}, nil},
		{`12345`, "thousands", []string{`12,345`, `12,\!345`, `12{,}345`}, nil},
		{`-\frac{7}{2}`, "slash", []string{`-7/2`}, nil},
		{`1200000`, "scientific", []string{`1.2 \times 10^{6}`}, nil},
		{`y = 2x+3`, "equation", []string{`2x+3 = y`, `2\left(y\right) = 2\left(2x+3\right)`}, nil},
		{`x = 3`, "equation", nil, []string{`3 = x`}},
		{`222,\!222,\!222`, "digit", []string{`222,\!222`}, nil},
		{`1010_2`, "notation", []string{`1010_{(2)}`, `1010_{\text{two}}`}, nil},
		{`\binom{7}{2}`, "notation", []string{`{7 \choose 2}`}, nil},
		{`\$4.50`, "notation", []string{`4.50`}, nil},
		{`(-\infty,\infty)`, "notation", []string{`\mathbb{R}`}, nil},
		{`(-\infty,3)\cup(3,\infty)`, "notation", []string{`\mathbb{R} \setminus \{3\}`}, nil},
		{`(-\infty,3]\cup(3,\infty)`, "notation", nil, []string{`\mathbb{R} \setminus \{3\}`}},
	}
	for _, c := range cases {
		got := answersOf(gen.Pairs(Gold{Bench: "math", ID: "t", Text: c.gold}, nil), c.fam)
		for _, w := range c.want {
			if !has(got, w) {
				t.Errorf("%s of %q: %q missing from %q", c.fam, c.gold, w, got)
			}
		}
		for _, n := range c.never {
			if has(got, n) {
				t.Errorf("%s of %q: %q produced (it keeps the meaning or is not a mutant of this family)", c.fam, c.gold, n)
			}
		}
	}
}

// Every meaning-changing mutant of a sample of golds is confirmed different
// by the oracle or by construction, and every rewrite is not read as
// different.
func TestPairsAgreeWithOracle(t *testing.T) {
	golds := []string{`\frac{9}{7}`, `3\sqrt{2}`, `(1,-2)`, `[0,2)\cup(3,\infty)`, `x^2-2x+1`, `y = 2x+3`,
		`\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}`, `10,080`, `\pi^{2}/6`, `1, 2, 3`, `12\%`, `\$4.50`}
	certainFams := map[string]bool{"tiny-term": true, "rounded": true, "ratio": true, "yes-no": true, "base": true}
	for _, g := range golds {
		gv, err := Read(g)
		if err != nil {
			t.Fatalf("oracle cannot read %q: %v", g, err)
		}
		for _, p := range (Generator{}).Pairs(Gold{Bench: "math", ID: "t", Text: g}, nil) {
			if p.Answer == "" {
				continue
			}
			mv, err := Read(p.Answer)
			switch {
			case p.Expect == MustDiffer && !certainFams[p.Family]:
				if err != nil || Compare(gv, mv, nil) != Different {
					t.Errorf("%s mutant %q of %q is not seen as different", p.Family, p.Answer, g)
				}
			case p.Expect == MustEqual && err == nil && p.Family != "assign":
				if v := Compare(gv, mv, nil); v == Different {
					t.Errorf("%s rewrite %q of %q is read as different", p.Family, p.Answer, g)
				}
			}
		}
	}
}

func TestBeyondFamilies(t *testing.T) {
	ps := (Generator{PerFamily: 20}).Pairs(Gold{Bench: "math", ID: "t", Text: "12"}, nil)
	count := map[string]int{}
	for _, p := range ps {
		count[p.Family]++
		switch p.Family {
		case "between":
			if !strings.Contains(p.Cand, "3") || !strings.Contains(p.Cand, "4") || p.Expect != MustDiffer {
				t.Errorf("between: %q", p.Cand)
			}
		case "verify-after", "next-exercise":
			// the reply's own answer is 13, the later line repeats 12
			if i, j := strings.Index(p.Cand, "13"), strings.LastIndex(p.Cand, "12"); i < 0 || j < i {
				t.Errorf("%s: %q", p.Family, p.Cand)
			}
		case "verify-keep", "next-keep":
			if i, j := strings.Index(p.Cand, "12"), strings.LastIndex(p.Cand, "13"); i < 0 || j < i || p.Expect != MustEqual {
				t.Errorf("%s: %q", p.Family, p.Cand)
			}
		}
	}
	for _, f := range []string{"hedge", "between", "qualifier", "verify-after", "verify-keep", "next-exercise", "next-keep", "wrap"} {
		if count[f] == 0 {
			t.Errorf("no %s pair for gold 12", f)
		}
	}
	// a prime has no product to write with words between
	for _, p := range (Generator{}).Pairs(Gold{Bench: "math", ID: "t", Text: "13"}, nil) {
		if p.Family == "between" {
			t.Errorf("between for a prime: %q", p.Cand)
		}
	}
	// ASDiv: prose replies with the unit
	for _, p := range (Generator{}).Pairs(Gold{Bench: "asdiv", ID: "t", Text: "12 (apples)", Core: "12", Unit: "apples", Prose: true}, nil) {
		if p.Family == "qualifier" && strings.Contains(p.Cand, `\text`) {
			t.Errorf("prose qualifier written as LaTeX: %q", p.Cand)
		}
	}
}

func TestPairsDeterministic(t *testing.T) {
	g := Gold{Bench: "math", ID: "x", Text: `\frac{1}{2}, 3`}
	a := (Generator{}).Pairs(g, nil)
	b := (Generator{}).Pairs(g, nil)
	if len(a) == 0 || len(a) != len(b) {
		t.Fatalf("%d vs %d pairs", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("pair %d differs: %+v vs %+v", i, a[i], b[i])
		}
	}
}

func TestTextGoldsKeepTheirWords(t *testing.T) {
	for _, g := range []Gold{
		{Bench: "asdiv", ID: "a", Text: "6th", Prose: true},
		{Bench: "math", ID: "b", Text: `\text{Evelyn}`},
		{Bench: "asdiv", ID: "c", Text: "11:55 p.m. on 24 December 2014.", Prose: true},
	} {
		for _, p := range (Generator{}).Pairs(g, nil) {
			if p.Family != "wrap" && p.Family != "yes-no" {
				t.Errorf("word gold %q got a %s pair %q", g.Text, p.Family, p.Cand)
			}
		}
	}
}
