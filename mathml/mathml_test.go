package mathml

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

// wellFormed checks that out parses as XML (MathML embedded in HTML must).
func wellFormed(t *testing.T, in, out string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader("<root>" + out + "</root>"))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("%q gives malformed MathML %q: %v", in, out, err)
		}
	}
}

func conv(t *testing.T, tex string) string {
	t.Helper()
	out, err := Convert(tex, false)
	if err != nil {
		t.Fatalf("Convert(%q): %v", tex, err)
	}
	wellFormed(t, tex, out)
	return out
}

func TestConvertStructures(t *testing.T) {
	cases := []struct{ tex, want string }{
		{`\frac{1}{2}`, `<mfrac><mrow><mn>1</mn></mrow><mrow><mn>2</mn></mrow></mfrac>`},
		{`\dfrac12`, `<mfrac displaystyle="true"><mn>1</mn><mn>2</mn></mfrac>`},
		{`\sqrt{x}`, `<msqrt><mrow><mi>x</mi></mrow></msqrt>`},
		{`\sqrt[3]{8}`, `<mroot><mrow><mn>8</mn></mrow><mrow><mn>3</mn></mrow></mroot>`},
		{`x^2`, `<msup><mi>x</mi><mrow><mn>2</mn></mrow></msup>`},
		{`x_i^{10}`, `<msubsup><mi>x</mi><mrow><mi>i</mi></mrow><mrow><mrow><mn>10</mn></mrow></mrow></msubsup>`},
		{`\boxed{42}`, `<menclose notation="box"`},
		{`\alpha+\Omega`, `<mi>α</mi><mo>+</mo><mi mathvariant="normal">Ω</mi>`},
		{`a\le b\neq c`, `<mo>≤</mo><mi>b</mi><mo>≠</mo>`},
		{`\sum_{k=1}^{n} k`, `<munderover><mo largeop="true" movablelimits="true">∑</mo>`},
		{`\int_0^1`, `<msubsup><mo largeop="true">∫</mo>`},
		{`\sin x`, `<mi>sin</mi>`},
		{`3.14`, `<mn>3.14</mn>`},
		{`\text{if } x`, `<mtext>if </mtext>`},
		{`\left(\frac{a}{b}\right)`, `<mo fence="true" stretchy="true">(</mo><mfrac>`},
		{`\mathbb{R}`, `<mi>ℝ</mi>`},
		{`\overline{AB}`, `<mover accent="true">`},
		{`\foo{x}`, `<mtext>\foo</mtext>`},
		{`\binom{5}{2}`, `<mfrac linethickness="0">`},
		{`f'(x)`, `<msup><mi>f</mi><mrow><mo>′</mo></mrow></msup>`},
		{`\not= \not\in`, `<mo>≠</mo><mo>∉</mo>`},
		{`10\%`, `<mn>10</mn><mo>%</mo>`},
		{`{a \over b}`, `<mfrac><mrow><mi>a</mi></mrow><mrow><mi>b</mi></mrow></mfrac>`},
		{`{n \choose k}`, `<mfrac linethickness="0"><mrow><mi>n</mi></mrow><mrow><mi>k</mi></mrow></mfrac>`},
		{`\overset{?}{=}`, `<mover><mrow><mo>=</mo></mrow><mrow><mo>?</mo></mrow></mover>`},
		{`\cancel{x}`, `<menclose notation="updiagonalstrike"`},
		{`\root 3 \of {x}`, `<mroot><mrow><mi>x</mi></mrow><mrow><mn>3</mn></mrow></mroot>`},
		{`\renewcommand{\arraystretch}{1.5}x`, `<mrow><mi>x</mi></mrow>`},
	}
	for _, c := range cases {
		if out := conv(t, c.tex); !strings.Contains(out, c.want) {
			t.Errorf("Convert(%q) = %s\nwant it to contain %s", c.tex, out, c.want)
		}
	}
}

func TestMatrices(t *testing.T) {
	out := conv(t, `\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}`)
	if strings.Count(out, "<mtr>") != 2 || strings.Count(out, "<mtd>") != 4 {
		t.Errorf("pmatrix: want 2 rows of 2 cells: %s", out)
	}
	if !strings.Contains(out, `>(</mo><mtable>`) || !strings.Contains(out, `</mtable><mo fence="true" stretchy="true">)</mo>`) {
		t.Errorf("pmatrix: parentheses missing: %s", out)
	}
	out = conv(t, `\begin{bmatrix} a \\ b \\ \end{bmatrix}`) // trailing \\ makes no empty row
	if strings.Count(out, "<mtr>") != 2 || !strings.Contains(out, ">[</mo>") {
		t.Errorf("bmatrix: %s", out)
	}
	out = conv(t, `f(x)=\begin{cases} x & x>0 \\ -x & \text{otherwise}\end{cases}`)
	if strings.Count(out, "<mtr>") != 2 || !strings.Contains(out, `columnalign="left left"`) {
		t.Errorf("cases: %s", out)
	}
	out = conv(t, `\begin{array}{cc} 1 & 0 \\ 0 & 1 \end{array}`)
	body, _, _ := strings.Cut(out, "<annotation")
	if strings.Count(out, "<mtd>") != 4 || strings.Contains(body, "cc") {
		t.Errorf("array: column spec should be dropped: %s", out)
	}
}

func TestEscaping(t *testing.T) {
	out := conv(t, `<script>alert(1)</script>`)
	if strings.Contains(out, "<script") {
		t.Errorf("script tag not escaped: %s", out)
	}
	out = conv(t, `\text{<img src=x onerror=alert(1)>}`)
	if strings.Contains(out, "<img") {
		t.Errorf("img tag not escaped: %s", out)
	}
	r := Render(`Reply <script>document.title="x"</script> with $\frac{1}{2}$`)
	if strings.Contains(r, "<script") || !strings.Contains(r, "&lt;script&gt;") || !strings.Contains(r, "<mfrac>") {
		t.Errorf("Render: %s", r)
	}
}

func TestSplit(t *testing.T) {
	segs := Split(`It costs \$5. Then $x^2$ and $$\int f$$ and \(a\) and \[b\] and $unclosed`)
	var kinds []string
	for _, s := range segs {
		switch {
		case s.Math && s.Display:
			kinds = append(kinds, "D:"+s.Text)
		case s.Math:
			kinds = append(kinds, "M:"+s.Text)
		}
	}
	want := []string{"M:x^2", `D:\int f`, "M:a", "D:b"}
	if strings.Join(kinds, "|") != strings.Join(want, "|") {
		t.Errorf("formulas %q, want %q", kinds, want)
	}
	if !strings.HasPrefix(segs[0].Text, "It costs $5.") {
		t.Errorf("escaped dollar: %q", segs[0].Text)
	}
	if last := segs[len(segs)-1]; last.Math || !strings.HasSuffix(last.Text, "$unclosed") {
		t.Errorf("unclosed dollar should stay prose: %+v", last)
	}
}

func TestLimits(t *testing.T) {
	deep := strings.Repeat("{", 500) + "x" + strings.Repeat("}", 500)
	if _, err := Convert(deep, false); !errors.Is(err, ErrLimit) {
		t.Errorf("deep nesting: err = %v, want ErrLimit", err)
	}
	if _, err := Convert(strings.Repeat("x", MaxInput+1), false); !errors.Is(err, ErrLimit) {
		t.Errorf("long input: err = %v", err)
	}
	r := Render("$" + deep + "$")
	if !strings.HasPrefix(r, `<code class="tex">$`) {
		t.Errorf("Render should fall back to the source: %.80s", r)
	}
}

func TestMalformedInputsStayWellFormed(t *testing.T) {
	for _, s := range []string{`}`, `{`, `\frac`, `\frac{`, `x^`, `^_`, `\left(`, `\right)`, `\begin{pmatrix}`,
		`\end{pmatrix}`, `\sqrt[`, `a & b \\ c`, `\`, `\\\\`, `x''`, `\text{`, `]]]`, `\left\{ x \right.`, `\mathbb`} {
		out, err := Convert(s, true)
		if err != nil {
			t.Errorf("Convert(%q): %v", s, err)
			continue
		}
		wellFormed(t, s, out)
	}
}

func FuzzConvert(f *testing.F) {
	for _, s := range []string{`\frac{1}{2}`, `\begin{pmatrix}1&2\\3&4\end{pmatrix}`, `\sqrt[3]{x^2_1}`, `\left(\boxed{a}\right]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := Convert(s, false)
		if err != nil {
			if errors.Is(err, ErrLimit) {
				return
			}
			t.Fatalf("Convert(%q): %v", s, err)
		}
		if strings.Contains(out, "<script") {
			t.Fatalf("unescaped script in %q", out)
		}
		wellFormed(t, s, out)
	})
}

func FuzzRender(f *testing.F) {
	for _, s := range []string{`a $x$ b $$\frac12$$ \(y\) \[z\] \$5`, `$\begin{cases}a&b\end{cases}$`, `<b>$<i>$</b>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Render(s)
		if strings.Contains(out, "<script") || strings.Contains(out, "<b>") {
			t.Fatalf("unescaped markup in %q", out)
		}
		wellFormed(t, s, out)
	})
}

// TestTeXArguments: a command without braces takes one character, as TeX
// does (the tokens are texscan's runs of digits and letters, cut here), and
// a backslash before a non-ASCII letter is one unknown command, shown whole.
func TestTeXArguments(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`\frac12`, `<mfrac><mn>1</mn><mn>2</mn></mfrac>`},
		{`x^23`, `<msup><mi>x</mi><mrow><mn>2</mn></mrow></msup><mn>3</mn>`},
		{`\sqrt ab`, `<msqrt><mi>a</mi></msqrt><mi>b</mi>`},
		{`1.2.3+.5`, `<mn>1.2.3</mn><mo>+</mo><mn>.5</mn>`},
		{`\é`, `<mtext>\é</mtext>`},
		{`\begin{array}{cc}a&b\end{array}`, `<mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr></mtable>`},
	} {
		out, err := Convert(c.in, false)
		if err != nil || !strings.Contains(out, c.want) {
			t.Errorf("Convert(%q) = %s, %v; want it to contain %s", c.in, out, err, c.want)
		}
	}
}
