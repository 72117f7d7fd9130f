package hardmath

import (
	"context"
	"math/cmplx"
	"reflect"
	"strings"
	"testing"
)

// Layouts taken from the authors' stored responses (sarahmart/HARDMath @
// 7c4885c, evaluation/results/responses/polynomial_roots/).
func TestParseRootAnswerLayouts(t *testing.T) {
	cases := []struct {
		name, reply     string
		small, large    []string
		unlabelledLists int
	}{
		{"labels inside one box", `\[\boxed{ \text{For large }\epsilon: [0], \\ \text{For small }\epsilon: [1, -1, i, -i] }\]`,
			[]string{"1", "-1", "i", "-i"}, []string{"0"}, 0},
		{"aligned with double braces", `$\boxed{\begin{aligned} \text{{Small epsilon roots}} &= \left[ -\frac{1}{\sqrt{\epsilon}}, -1, 1 \right] \\ \text{{Large epsilon roots}} &= \left[ \frac{\left(-1 - \sqrt{3} i\right) \sqrt[3]{\frac{1}{\epsilon}}}{2}, \sqrt[3]{\frac{1}{\epsilon}} \right] \end{aligned}}$`,
			[]string{`-\frac{1}{\sqrt{\epsilon}}`, "-1", "1"}, []string{`\frac{\left(-1 - \sqrt{3} i\right) \sqrt[3]{\frac{1}{\epsilon}}}{2}`, `\sqrt[3]{\frac{1}{\epsilon}}`}, 0},
		{"mathrm I", `\boxed{\begin{aligned} \text{small\_epsilon\_roots} &= \left[ \frac{\mathrm{I}}{\sqrt{\epsilon}},\ 1 \right], \\ \text{large\_epsilon\_roots} &= \left[ \epsilon^{-1/6} \right] \end{aligned}}`,
			[]string{`\frac{ I }{\sqrt{\epsilon}}`, "1"}, []string{`\epsilon^{-1/6}`}, 0},
		{"nested unlabelled", `\boxed{\left[ \left[1, -1\right], \left[\epsilon^{-1/3}\right] \right]}`, nil, nil, 2},
		{"label before the box", "For small $\\epsilon$ the roots are $\\boxed{[1, -1]}$ and for large $\\epsilon$: $\\boxed{[\\epsilon^{-1/2}]}$",
			[]string{"1", "-1"}, []string{`\epsilon^{-1/2}`}, 0},
		{"cases with labels after", `\boxed{x \approx \begin{cases} -\frac{1}{5\epsilon} & \text{for small positive $\epsilon$} \\ -\frac{1}{4} & \text{for large positive $\epsilon$} \end{cases}}`,
			[]string{`-\frac{1}{5\epsilon}`}, []string{`-\frac{1}{4}`}, 0},
		{"pm family", `\boxed{\text{For small } \epsilon: [\pm 1, \pm i], \text{For large } \epsilon: [\pm \epsilon^{-1/2}]}`,
			[]string{"+ 1", "- 1", "+ i", "- i"}, []string{`+ \epsilon^{-1/2}`, `- \epsilon^{-1/2}`}, 0},
		{"index family", `\boxed{\text{For small } \epsilon: \left[ e^{\frac{(2k+1) \pi i}{4}} \text{ for } k \text{ in } [0, 3] \right], \text{For large } \epsilon: [e^{2\pi i k/3} \,|\, k \in \{0, 1, \ldots, 2\}]}`,
			[]string{`e^{\frac{(2k+1) \pi i}{4}}|k=0`, `e^{\frac{(2k+1) \pi i}{4}}|k=1`, `e^{\frac{(2k+1) \pi i}{4}}|k=2`, `e^{\frac{(2k+1) \pi i}{4}}|k=3`},
			[]string{`e^{2\pi i k/3}|k=0`, `e^{2\pi i k/3}|k=1`, `e^{2\pi i k/3}|k=2`}, 0},
		{"python range", `\boxed{\text{For small } \epsilon: \left["exp(I*pi*(2*k+1)/4)" for k in range(2)\right]}`,
			[]string{`exp(I*pi*(2*k+1)/4)|k=0`, `exp(I*pi*(2*k+1)/4)|k=1`}, nil, 0},
		{"size command is no label", `\boxed{\Large{[1, 2]}}`, nil, nil, 1},
	}
	for _, c := range cases {
		ra := parseRootAnswer(c.reply, boxedAll(c.reply))
		if !reflect.DeepEqual(ra.byRegime["small_eps"], c.small) || !reflect.DeepEqual(ra.byRegime["large_eps"], c.large) || len(ra.unlabelled) != c.unlabelledLists {
			t.Errorf("%s:\n small %q\n large %q\n unlabelled %q", c.name, ra.byRegime["small_eps"], ra.byRegime["large_eps"], ra.unlabelled)
		}
	}
}

func TestRootSetsAndVarepsilon(t *testing.T) {
	ra := parseRootAnswer(`$\boxed{\text{For large } \epsilon: \{\sqrt[8]{\frac{1}{\varepsilon}}, 2\}}$`, boxedAll(`$\boxed{\text{For large } \epsilon: \{\sqrt[8]{\frac{1}{\varepsilon}}, 2\}}$`))
	if len(ra.byRegime["large_eps"]) != 2 {
		t.Fatalf("a set of roots: %q", ra.byRegime)
	}
	v, err := SharedEvaluator(context.Background(), ra.byRegime["large_eps"][0], map[string]complex128{"epsilon": 256}, false)
	if err != nil || cmplx.Abs(v-0.5) > 1e-12 {
		t.Errorf("\\varepsilon binds epsilon: %v, %v", v, err)
	}
}

// TestTextArgumentsWithBraces: a \text argument that holds braces is
// dropped whole, as texscan matches it; the old regexp read only arguments
// without braces and left "\text{for small $\epsilon^{2}$}" in the
// formula. A column specification after \begin{array} goes with it.
func TestTextArgumentsWithBraces(t *testing.T) {
	for in, want := range map[string]string{
		`\text{for small $\epsilon^{2}$}`:   "",
		`\text {roots}`:                     "",
		`\mathrm{where $x_{1}$ is real} : `: ":",
		`\text{unclosed {`:                  `\text{unclosed {`,
	} {
		if got := strings.TrimSpace(dropTextCommands(in)); got != want {
			t.Errorf("dropTextCommands(%q) = %q, want %q", in, got, want)
		}
	}
	if got := strings.Join(strings.Fields(dropEnvironments(`\begin{array}{c{c}} 1 \\ 2 \end{array}`)), " "); got != `1 \\ 2` {
		t.Errorf("dropEnvironments: %q", got)
	}
	if got := cleanRoot(`\epsilon^{-1/3} \text{as $\epsilon^{2} \to 0$}`); strings.Contains(got, "text") || strings.Contains(got, "to") {
		t.Errorf("cleanRoot kept the text: %q", got)
	}
}
