package equiv

import (
	"context"
	"strings"
	"testing"
)

// issue21Cases are the classes of issue 21 that live in the engine: each
// false Equal found there (must now be NotEqual or Undecided) and each
// false NotEqual (must now be Equal). Every row failed before the change
// that fixed its class.
var issue21Cases = []struct {
	class      string
	gold, cand string
	want       Outcome
}{
	// 1. an interval, a pair, a set and a list are four different things
	{"1 brackets", `[-3,3]`, `-3, 3`, NotEqual},
	{"1 brackets", `(2,5]`, `2,5`, NotEqual},
	{"1 brackets", `[0,2)`, `\{0,2\}`, NotEqual},
	{"1 brackets", `(-4,1)`, `x=-4 \text{ or } x=1`, NotEqual},
	{"1 brackets", `(1,4)`, `\{1,4\}`, NotEqual},
	{"1 brackets", `(1,4)`, `1, 4`, NotEqual},
	{"1 brackets", `-2,1`, `[-2,1]`, NotEqual},
	{"1 brackets", `7,9,12,13`, `(7,9,12,13)`, NotEqual},
	{"1 brackets", `(1,-2)`, `[1,-2)`, NotEqual},
	{"1 brackets", `(1,2)`, `(1,2)`, Equal},
	{"1 brackets", `(1,2)`, `[1,2]`, NotEqual},
	{"1 brackets", `(0,5)`, `0 < x < 5`, Equal}, // the gold decides: an open interval
	{"1 brackets", `\{4,5,7\}`, `4, 5, 7`, Equal},
	{"1 brackets", `[a +b, b]`, `[b, a +b]`, NotEqual}, // ordered unless RootLists
	// 2. multiplicity: a gold that repeats a value is a multiset
	{"2 multiplicity", `2,5,5`, `2,5`, NotEqual},
	{"2 multiplicity", `-1,3,3`, `-1, 3`, NotEqual},
	{"2 multiplicity", `2,5,5`, `5,2,5`, Equal},
	{"2 multiplicity", `1, 1, -2`, `1, -2, -2`, NotEqual},
	{"2 multiplicity", `4`, `4, 4`, NotEqual},
	{"2 multiplicity", `2,6`, `2, 6, 6`, NotEqual}, // a root listed twice claims a double root
	{"2 multiplicity", `2,6`, `\{2, 6, 6\}`, Equal},
	{"2 multiplicity", `(1,2),(3,4)`, `(1,2),(3,4),(1,2)`, Equal}, // points may repeat
	// 3. names in assignments and equations matter
	{"3 names", `x = \frac{3}{2}`, `y = \frac{3}{2}`, NotEqual},
	{"3 names", `a=1, b=4`, `a=4, b=1`, NotEqual},
	{"3 names", `a=1, b=4`, `b=4, a=1`, Equal},
	{"3 names", `(5,6)`, `q=5, p=6`, Undecided},
	{"3 names", `(5,6)`, `p=5, q=6`, Equal},
	{"3 names", `x = 4`, `t = 4`, NotEqual},
	{"3 names", `AB=9, CD=4`, `AB = 4, CD = 9`, NotEqual},
	{"3 names", `y = 2x + 3`, `t = 2x + 3`, NotEqual},
	{"3 names", `12`, `x^3 = 12`, Equal},
	{"3 names", `-\frac{7}{25}`, `\cos \angle ABC = -\frac{7}{25}`, Equal},
	{"3 names", `k = 1`, `1`, Equal},
	{"3 names", `x = 1, y = 2`, `(1, 2)`, Equal},
	{"3 names", `AB=9, CD=4`, `(AB=9, CD=4)`, NotEqual},
	{"3 names", `y=2x+1`, `x = \frac{y-1}{2}`, Equal}, // one line, as equations
	// 4. signs and separators
	{"4 signs", `-7`, `-\$7`, Equal},
	{"4 signs", `7`, `-\$7`, NotEqual},
	{"4 signs", `-\$0.25`, `-0.25`, Equal},
	{"4 signs", `222,\!222,\!222`, `222`, NotEqual},
	{"4 signs", `222,\!222,\!222`, `222222222`, Equal},
	{"4 signs", `\frac{12}{5,\!525}`, `\frac{12}{5525}`, Equal},
	{"4 signs", `\frac{12}{5,525}`, `\frac{12}{5525}`, Equal},
	{"4 signs", `\dfrac{2469}{20,\!000}`, `0.12345`, Equal},
	// 5. rounded decimals
	{"5 decimals", `3.42`, `3.4`, NotEqual},
	{"5 decimals", `2.6`, `2.55`, NotEqual},
	{"5 decimals", `1.25`, `1.2`, NotEqual},
	{"5 decimals", `\frac{2}{3}`, `0.667`, NotEqual},
	{"5 decimals", `\frac{2}{3}`, `0.6667`, Equal},
	{"5 decimals", `\frac{2}{3}`, `0.6666`, NotEqual},
	{"5 decimals", `\pi`, `3.14`, NotEqual},
	{"5 decimals", `\pi`, `3.1416`, Equal},
	{"5 decimals", `4\sqrt{3}`, `6.92`, NotEqual},
	{"5 decimals", `\frac{1}{4}`, `0.2500001`, NotEqual},
	{"5 decimals", `2.7778`, `\frac{25}{9}`, Equal},
	// 6. probing proves nothing
	{"6 probing", `\csc x`, `\sqrt{1+\cot^2 x}`, NotEqual},
	{"6 probing", `\sin x`, `|\sin x|`, NotEqual},
	{"6 probing", `|x-2|`, `2-x`, NotEqual},
	{"6 probing", `\min(x,3)`, `x`, NotEqual},
	{"6 probing", `\arcsin(\sin x)`, `x`, NotEqual},
	{"6 probing", `\sqrt{x^2}`, `|x|`, Equal}, // variables are real
	{"6 probing", `\arctan(\tan x)`, `x`, NotEqual},
	{"6 probing", `\sqrt{1 + x^2 + 2x}`, `x + 1`, NotEqual},
	{"6 probing", `\sqrt{1 + x^2 + 2x}`, `|x + 1|`, Undecided}, // true; the square is not recognised
	{"6 probing", `\sin^2 x + \cos^2 x`, `1`, Equal},
	{"6 probing", `(a+b+c+d+f)^{20}`, `(a+b+c+d+f)^{19}(f+d+c+b+a)`, Equal}, // Schwartz-Zippel
	{"6 probing", `(a+b+c+d+f)^{20}`, `(a+b+c+d+f)^{19}(f+d+c+b+a+1)`, NotEqual},
	{"6 probing", `2 \sin 5x \cos x`, `\sin 6x + \sin 4x`, Equal},
	// 7. tiny differences under transcendentals
	{"7 tiny", `e+\frac{1}{3000!}`, `e+\frac{1}{3001!}`, NotEqual},
	{"7 tiny", `\pi^{200}`, `\pi^{200}+1`, NotEqual},
	{"7 tiny", `9\pi`, `9\pi - \frac{1}{2000!}`, NotEqual},
	{"7 tiny", `\sec x`, `\sec x - \frac{1}{2000!}`, NotEqual},
	{"7 tiny", `[\pi, 4]`, `[\pi + \frac{1}{2000!}, 4]`, NotEqual},
	// a true identity: proved by cyclotomic reduction (undecided before it)
	{"7 tiny", `\cos 20^\circ - \cos 40^\circ - \cos 80^\circ`, `0`, Equal},
	{"7 tiny", `\cos 20^\circ - \cos 40^\circ - \cos 80^\circ`, `\frac{1}{10^{40}}`, NotEqual},
	// 8. bases
	{"8 bases", `0.101_{2}`, `0.101_{10}`, NotEqual},
	{"8 bases", `0.101_{2}`, `\frac{5}{8}`, Equal},
	{"8 bases", `\text{B7}_{12}`, `\text{B7}_{13}`, NotEqual},
	{"8 bases", `\text{B7}_{12}`, `139`, Equal},
	{"8 bases", `1010_{\text{two}}`, `10`, Equal},
	{"8 bases", `1010_{(2)}`, `10`, Equal},
	{"8 bases", `0.0011_{2}`, `0.0011_{3}`, NotEqual},
	// 10. products of matrices keep their order
	{"10 matrices", `\begin{pmatrix}1&2\\3&4\end{pmatrix}\begin{pmatrix}0&1\\1&0\end{pmatrix}`, `\begin{pmatrix}0&1\\1&0\end{pmatrix}\begin{pmatrix}1&2\\3&4\end{pmatrix}`, NotEqual},
	{"10 matrices", `\begin{pmatrix}1&2\\3&4\end{pmatrix}\begin{pmatrix}0&1\\1&0\end{pmatrix}`, `\begin{pmatrix}2&1\\4&3\end{pmatrix}`, Equal},
	// false "not equal"
	{"not-equal", `\cos 40^\circ`, `\sin 50^\circ`, Equal},
	{"not-equal", `\tan 15^\circ`, `2-\sqrt 3`, Equal},
	{"not-equal", `\mathbb{R}`, `(-\infty,\infty)`, Equal},
	{"not-equal", `(-\infty,\infty)`, `\mathbb{R}`, Equal},
	{"not-equal", `(-\infty,3)\cup(3,\infty)`, `x \ne 3`, Equal},
	{"not-equal", `\mathbb{R}\setminus\{3\}`, `(-\infty,3)\cup(3,\infty)`, Equal},
	{"not-equal", `[1,5] \cap [3,7]`, `[3,5]`, Equal},
	{"not-equal", `(-\infty, 2] \cup [5, \infty)`, `x \le 2 \text{ or } x \ge 5`, Equal},
	{"not-equal", `\binom{n+1}{2}`, `\frac{n(n+1)}{2}`, Equal},
	{"not-equal", `{5 \choose 2}`, `10`, Equal},
	{"not-equal", `5!!`, `15`, Equal},
	{"not-equal", `12^{\text{th}}`, `12`, Equal},
	{"not-equal", `ab+bc+ca`, `ca+ab+bc`, Equal},
	{"not-equal", `[y = 1 - \frac{5}{6}\, x^{3}, y = 0]`, `[y = 1 - \frac{5}{6}x^3, y = 0]`, Equal},
	{"not-equal", `W(n) = 1 \text{ and } W(n) = -1`, `W(x)=1 \text{ or } W(x)=-1`, Equal},
	// principle (a): nothing silently dropped between numbers
	{"words", `28`, `\text{not }28`, NotEqual},
	{"words", `8`, `\text{at least }8`, NotEqual},
	{"words", `5`, `5\text{ or more}`, NotEqual},
	{"words", `4`, `2 \text{ apples and } 2`, NotEqual},
	{"words", `18`, `3 \text{ km/h for } 6`, NotEqual},
	{"words", `4`, `2 \text{ штук по } 2`, NotEqual},
	{"words", `24`, `\text{не }24`, NotEqual},
	{"words", `3`, `3 \pmod{5}`, NotEqual},
	{"words", `3 \pmod{5}`, `8 \pmod{5}`, Equal},
	{"words", `10`, `10 \text{ cm}`, Equal},
	{"words", `9 (apples)`, `9`, Equal},
	{"words", `\text{all even integers}`, `\text{all even integers}`, Equal},
}

func TestIssue21Classes(t *testing.T) {
	for _, c := range issue21Cases {
		r := Compare(context.Background(), c.gold, c.cand, Options{Timeout: testTimeout})
		if r.Outcome != c.want {
			t.Errorf("[%s] Compare(%q, %q) = %s (%s), want %s", c.class, c.gold, c.cand, r.Outcome, r.Reason, c.want)
		}
		if r.Outcome == Equal && !strings.HasPrefix(r.Reason, "equal: ") {
			t.Errorf("[%s] Compare(%q, %q): Equal without its proof: %q", c.class, c.gold, c.cand, r.Reason)
		}
	}
}

// TestEqualNamesItsProof: every Equal says which proof it rests on.
func TestEqualNamesItsProof(t *testing.T) {
	for _, c := range []struct{ gold, cand, proof string }{
		{`3`, `\frac{6}{2}`, "exact rational"},
		{`\frac{1}{\sqrt 2}`, `\frac{\sqrt2}{2}`, "canonical algebraic form"},
		{`x^2-1`, `(x-1)(x+1)`, "canonical polynomial form"},
		{`\frac{x^2-1}{x-1}`, `x+1`, "canonical rational-function form"},
		{`\frac{1}{x}+\frac{1}{y}`, `\frac{x+y}{xy}`, "canonical polynomial form"},
		{`\frac{1}{x+1}+1`, `\frac{x+2}{x+1}`, "canonical rational-function form"},
		{`\cos 40^\circ`, `\sin 50^\circ`, "canonical form over Q(√, i, π, e, log, roots of unity)"},
		{`\sin 2x`, `2\sin x\cos x`, "canonical exponential form"},
		{`|x-2|`, `|2-x|`, "canonical form with identical roots and opaque terms"},
		{`\frac13`, `0.3333`, "decimal policy"},
		{`(a+b+c+d+f)^{20}`, `(a+b+c+d+f)^{19}(f+d+c+b+a)`, "Schwartz-Zippel identity test"},
		{`(1,2)`, `(1, \frac{4}{2})`, "exact rational; identical expressions"},
	} {
		r := Compare(context.Background(), c.gold, c.cand, Options{Timeout: testTimeout})
		if r.Outcome != Equal || !strings.HasPrefix(r.Reason, "equal: "+c.proof) {
			t.Errorf("Compare(%q, %q) = %s %q, want equal: %s", c.gold, c.cand, r.Outcome, r.Reason, c.proof)
		}
	}
}

// TestRootLists: HARDMath's lists of roots are order-free on request.
func TestRootLists(t *testing.T) {
	g, x := `[y = 1 - \frac{5}{6}\, x^{3}, y = 0]`, `[y = 0, y = 1 - \frac{5}{6}x^3]`
	if r := Compare(context.Background(), g, x, Options{Timeout: testTimeout}); r.Outcome != NotEqual {
		t.Errorf("default: %v", r)
	}
	if r := Compare(context.Background(), g, x, Options{Timeout: testTimeout, RootLists: true}); r.Outcome != Equal {
		t.Errorf("RootLists: %v", r)
	}
}

// TestDecimalOptions: the decimal policy's option changes the verdict on
// a rounded candidate.
func TestDecimalOptions(t *testing.T) {
	if r := Compare(context.Background(), `\frac{2}{3}`, `0.667`, Options{MinSigDigits: 3}); r.Outcome != Equal {
		t.Errorf("MinSigDigits 3: %v", r)
	}
	if r := Compare(context.Background(), `\frac{2}{3}`, `0.6667`, Options{Decimal: DecimalExact}); r.Outcome != NotEqual {
		t.Errorf("DecimalExact: %v", r)
	}
}
