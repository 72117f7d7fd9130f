package equiv

import (
	"context"
	"strings"
	"testing"
)

// sweepCases are the false Equals of the adversarial sweep that live in
// the engine (each NotEqual row was Equal before its fix), with the Equal
// rows the fixes must keep.
var sweepCases = []struct {
	class      string
	gold, cand string
	want       Outcome
}{
	// 1. in a list, a name is dropped only against a bare value: an item
	// that is a relation rather than an assignment is compared whole
	{"names", `AB=9, CD=4`, `2AB=9, CD=4`, NotEqual},
	{"names", `AB=9, CD=4`, `-AB=9, CD=4`, NotEqual},
	{"names", `AB=9, CD=4`, `AB^2=9, CD=4`, NotEqual},
	{"names", `AB=9, CD=4`, `AB=9, -CD=4`, NotEqual},
	{"names", `AB=9, CD=4`, `2AB=9, 2CD=4`, NotEqual},
	{"names", `a=1, b=4`, `2a=1, b=4`, NotEqual},
	{"names", `a=1, b=4`, `a+1=1, b=4`, NotEqual},
	{"names", `a=1, b=4`, `-a=1, b=4`, NotEqual},
	{"names", `x=1, y=2`, `\frac{1}{x}=1, y=2`, NotEqual},
	{"names", `x=1, y=2`, `x^2=1, y=2`, NotEqual},
	{"names", `x=9`, `-x=9`, NotEqual},
	{"names", `AB=9, CD=4`, `AB=9, CD=4`, Equal},
	{"names", `AB=9, CD=4`, `CD=4, AB=9`, Equal},
	{"names", `AB=9, CD=4`, `9, 4`, Equal},
	{"names", `x=1, y=2`, `y=2, x=1`, Equal},
	{"names", `x=1,y=2`, `1, 2`, Equal},
	{"names", `x=1, y=2`, `x=1, 2`, Equal},
	{"names", `x=1, y=2`, `x=1, y=\frac{4}{2}`, Equal},
	{"names", `x = \pm 2, y = 3`, `2, -2, 3`, Equal},
	{"names", `x=2, y=2`, `x=2, 2`, Equal},
	{"names", `1, 2`, `x=1, x=1, x=2`, NotEqual}, // a root listed twice
	{"names", `x=\pm 2`, `x=2, x=-2`, Equal},
	{"names", `x=\pm 2`, `x=2 \text{ or } x=-2`, Equal},
	{"names", `x=2, x=-2`, `x=\pm 2`, Equal},
	{"names", `x=\pm 2`, `x=2, x=2`, NotEqual},
	{"names", `x=\pm 2`, `x=2, y=-2`, NotEqual},
	{"names", `x=\pm 2`, `x=2`, NotEqual},
	// 2. a relation between numbers is a statement about them: side by
	// side, never "up to a constant factor"
	{"constant relations", `\$\dfrac23 \approx \$0.67`, `\$\dfrac13 \approx \$0.33`, NotEqual},
	{"constant relations", `\$\dfrac23 \approx \$0.67`, `\$0.5 \approx \$0.67`, NotEqual},
	{"constant relations", `\$\dfrac23 \approx \$0.67`, `\$\dfrac23 \approx \$4.67`, NotEqual},
	{"constant relations", `0.56 = 56\%`, `0.1 = 10\%`, NotEqual},
	{"constant relations", `0.56 = 56\%`, `-0.56 = 56\%`, NotEqual},
	{"constant relations", `\frac{2}{3}\approx 0.67`, `\frac{2}{3}\approx 0.5`, NotEqual},
	{"constant relations", `\pi\approx 3.14`, `\pi\approx 4`, NotEqual},
	{"constant relations", `2=3`, `5=7`, NotEqual},
	{"constant relations", `3=3`, `4=4`, NotEqual},
	{"constant relations", `2<3`, `5<7`, NotEqual},
	{"constant relations", `2<3`, `3<2`, NotEqual},
	{"constant relations", `2<3`, `2\le 3`, NotEqual},
	{"constant relations", `\$\dfrac23 \approx \$0.67`, `\frac{2}{3} \approx 0.67`, Equal},
	{"constant relations", `\$\dfrac23 \approx \$0.67`, `0.67 \approx \frac{4}{6}`, Equal},
	{"constant relations", `0.56 = 56\%`, `56\% = \frac{14}{25}`, Equal},
	{"constant relations", `2<3`, `3>2`, Equal},
	{"constant relations", `2<3`, `\frac{4}{2}<3`, Equal},
	{"constant relations", `y=2x+1`, `2y=4x+2`, Equal}, // with variables: up to a factor
	{"constant relations", `x<3`, `2x<6`, Equal},
	{"constant relations", `x<3`, `-x<3`, NotEqual},
	// 3. two different terminating decimals are different numbers; a
	// decimal gold may be rounded only for an exact value that does not
	// terminate
	{"decimals", `42.1875`, `42.18749`, NotEqual},
	{"decimals", `0.4625`, `0.46246`, NotEqual},
	{"decimals", `1000.0`, `1000.04`, NotEqual},
	{"decimals", `23.31`, `23.3149`, NotEqual},
	{"decimals", `\$23.40`, `\$23.404`, NotEqual},
	{"decimals", `42.1875`, `\frac{4218749}{100000}`, NotEqual},
	{"decimals", `187.5`, `187.5+10^{-12}`, NotEqual},
	{"decimals", `42.1875`, `\frac{675}{16}`, Equal},
	{"decimals", `42.1875`, `42.18750`, Equal},
	{"decimals", `2.7778`, `\frac{25}{9}`, Equal},
	{"decimals", `0.7071`, `\frac{\sqrt{2}}{2}`, Equal},
	{"decimals", `0.7072`, `\frac{\sqrt{2}}{2}`, NotEqual},
	{"decimals", `3.1416`, `\pi`, Equal},
	{"decimals", `3.14`, `\pi`, NotEqual}, // fewer than 4 significant digits
	{"decimals", `\frac13`, `0.3333`, Equal},
	// 4. a bare gold against an equation takes its last side: any left side
	// names the quantity asked for (n + 1 = 10 answers 10, as reference
	// solutions end), but between plain numbers the equation must hold
	{"equation", `5`, `6 = 5`, NotEqual},
	{"equation", `26`, `3 \cdot 10 = 6+50-30 = 26`, Equal},        // a defined operator in the problem
	{"equation", `74726`, `\frac{100000}{1.06^5} = 74726`, Equal}, // rounded
	{"equation", `\frac{10}{9}`, `\frac{20}{18} = \frac{10}{9}`, Equal},
	{"equation", `10`, `n+1=10`, Equal},
	{"equation", `160`, `4x = 4(40) = 160`, Equal},
	{"equation", `672`, `500\cdot1.03^{10} \approx 672`, Equal},
	{"equation", `20\%`, `2/10=20\%`, Equal},
	{"equation", `5`, `x = 5`, Equal},
	{"equation", `12`, `x^3 = 12`, Equal},
	{"equation", `5`, `f(2) = 5`, Equal},
	{"equation", `5`, `x = 2 + 3 = 5`, Equal},
	{"equation", `-25`, `f(-10) = 3(-10)+5 = -25`, Equal},
	{"equation", `5`, `y = 3 = 5`, NotEqual},
	{"equation", `-\frac{7}{25}`, `\cos\angle ABC = -\frac{7}{25}`, Equal},
}

func TestSweepFalseEquals(t *testing.T) {
	for _, c := range sweepCases {
		r := Compare(context.Background(), c.gold, c.cand, Options{Timeout: testTimeout})
		if r.Outcome != c.want {
			t.Errorf("[%s] Compare(%q, %q) = %s (%s), want %s", c.class, c.gold, c.cand, r.Outcome, r.Reason, c.want)
		}
		if r.Outcome == Equal && !strings.HasPrefix(r.Reason, "equal: ") {
			t.Errorf("[%s] Compare(%q, %q): Equal without its proof: %q", c.class, c.gold, c.cand, r.Reason)
		}
	}
}
