package equiv_test

import (
	"testing"

	"github.com/matheval/matheval/equiv"
)

// TestBinderWithoutValueUndecided: a limit, sum or integral the engine has
// no value for is Undecided against a number, never Not Equal: nothing is
// known of its value (lim sin x/x at ∞ is 0; it was "wrong" because one
// side had a value and the other not).
func TestBinderWithoutValueUndecided(t *testing.T) {
	for _, p := range []pair{
		{`0`, `\lim_{x\to\infty}\frac{\sin x}{x}`},
		{`\lim_{x\to\infty}\frac{\sin x}{x}`, `0`},
		{`\frac{\sqrt\pi}{2}`, `\int_0^\infty e^{-x^2}\,dx`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome != equiv.Undecided {
			t.Errorf("Compare(%q, %q) = %v (%s), want Undecided", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
	// a value the engine does compute is still refuted
	wantNotEqual(t, []pair{{`1`, `\lim_{x\to\infty}(1+1/x)^x`}, {`2`, `\lim_{x\to0}\frac{\sin x}{x}`}})
}

// TestMapsTo: a function given by its rule (x \mapsto x^2, ↦) is the
// definition of a function the answer leaves unnamed; it matches the
// definition of any named function with as many parameters, its
// parameters bound like a head's. Against a bare gold, its rule is the
// value it states, as for f(t) = x^2 (a definition whose head does not bind
// its rule's variable, P(x) = εy^5 + y^4 + 1, is how real replies write the
// value).
func TestMapsTo(t *testing.T) {
	wantEqual(t, []pair{
		{`x^2`, `x\mapsto x^2`},
		{`f(x)=x^2`, `x\mapsto x^2`},
		{`f(x)=x^2`, `t\mapsto t^2`},
		{`f(x)=x^2`, `t↦t^2`},
		{`f(x,y)=x-y`, `(a,b)\mapsto a-b`},
		{`f(x)=2x`, `x\longmapsto 2x`},
		{`x\mapsto x^2`, `f(t)=t^2`},
		{`ax+b`, `f(x)=ax+b`},
		{`12`, `f(3)=12`},
	})
	wantNotEqual(t, []pair{
		{`f(x)=x^2`, `t\mapsto x^2`},
		{`f(x,y)=x-y`, `(y,x)\mapsto x-y`},
		{`x^2`, `x\mapsto x^3`},
	})
	for _, bad := range []string{`2\mapsto 4`, `x\mapsto x^2 \mapsto 3`, `x\mapsto x^2=4`, `(x,x)\mapsto x`} {
		if r := compare(`f(x)=x^2`, bad); r.Outcome != equiv.Unparsable {
			t.Errorf("Compare(f(x)=x^2, %q) = %v (%s), want Unparsable", bad, r.Outcome, r.Reason)
		}
	}
}

// TestCrossProduct: u × v of vectors (an arrow, bold letters, matrix or
// tuple literals) is the cross product, which does not commute; of
// literals it is written out. Between numbers × is the product.
func TestCrossProduct(t *testing.T) {
	wantEqual(t, []pair{
		{`\vec{u}\times\vec{v}`, `\vec{u}\times\vec{v}`},
		{`\mathbf{u}\times\mathbf{v}`, `\boldsymbol{u}\times\boldsymbol{v}`},
		{`\begin{pmatrix}-3\\6\\-3\end{pmatrix}`, `\begin{pmatrix}1\\2\\3\end{pmatrix}\times\begin{pmatrix}4\\5\\6\end{pmatrix}`},
		{`(-3,6,-3)`, `(1,2,3)\times(4,5,6)`},
		{`\begin{pmatrix}0\\0\\1\end{pmatrix}`, `(1,0,0)\times(0,1,0)`},
		{`12`, `3\times 4`},
		{`2000`, `2\times 10^3`},
	})
	wantNotEqual(t, []pair{
		{`\vec{u}\times\vec{v}`, `\vec{v}\times\vec{u}`},
		{`\mathbf{u}\times\mathbf{v}`, `\mathbf{v}\times\mathbf{u}`},
		{`\vec{a}\times\vec{b}`, `\vec{b}\times\vec{a}`},
		{`\vec{a}\times\vec{a}`, `\vec{a}^2`},
		{`\mathbf{a}\times\mathbf{a}`, `a^2`},
		{`(3,-6,3)`, `(1,2,3)\times(4,5,6)`},
	})
}

// TestAccentSynonyms: \widehat, \widetilde and \overrightarrow over a name
// are \hat, \tilde and \vec; other accents stay apart.
func TestAccentSynonyms(t *testing.T) {
	wantEqual(t, []pair{{`\vec{AB}`, `\overrightarrow{AB}`}, {`\hat{x}`, `\widehat{x}`}, {`\tilde{x}`, `\widetilde{x}`}})
	wantNotEqual(t, []pair{{`\vec{AB}`, `\overline{AB}`}, {`\hat{x}`, `\tilde{x}`}, {`\vec{v}`, `v`}})
}

// TestMatrixFunctionsOfArithmetic: det and tr of matrix arithmetic, and
// |A| of a square matrix (its determinant).
func TestMatrixFunctionsOfArithmetic(t *testing.T) {
	wantEqual(t, []pair{
		{`-2`, `\left|\begin{matrix}1&2\\3&4\end{matrix}\right|`},
		{`-\frac12`, `\det(\begin{pmatrix}1&2\\3&4\end{pmatrix}^{-1})`},
		{`29`, `\operatorname{tr}(\begin{pmatrix}1&2\\3&4\end{pmatrix}^2)`},
		{`-8`, `\det(2\begin{pmatrix}1&2\\3&4\end{pmatrix})`},
		{`5`, `\operatorname{tr}\left(\begin{pmatrix}1&2\\3&4\end{pmatrix}\begin{pmatrix}0&1\\1&0\end{pmatrix}\right)`},
	})
	wantNotEqual(t, []pair{
		{`-4`, `\det(2\begin{pmatrix}1&2\\3&4\end{pmatrix})`},
		{`2`, `\left|\begin{matrix}1&2\\3&4\end{matrix}\right|`},
		{`7`, `\operatorname{tr}(\begin{pmatrix}1&2\\3&4\end{pmatrix}^2)`},
	})
}

// TestCis: cis θ is cos θ + i sin θ, e^{iθ}.
func TestCis(t *testing.T) {
	wantEqual(t, []pair{
		{`i`, `\operatorname{cis}\frac{\pi}{2}`},
		{`2e^{i\pi/3}`, `2\operatorname{cis}(\pi/3)`},
		{`1+i\sqrt3`, `2\mathrm{cis}(\pi/3)`},
		{`-1`, `\mathrm{cis}\,\pi`},
		{`12`, `2\,\mathrm{lcm}(2,3)`},
	})
	wantNotEqual(t, []pair{
		{`1-i\sqrt3`, `2\operatorname{cis}(\pi/3)`},
		{`\frac{2\pi}{3}`, `2\text{cis}(\pi/3)`},
		{`1`, `\operatorname{cis}(0)+1`},
	})
}
