package reporttest

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/rundir"
)

// HARDMathItemID is the id of the item WriteHARDMathLike writes first.
const HARDMathItemID = "mini/0"

// WriteHARDMathLike writes a small run shaped like a HARDMath run, for the
// viewer's tests: gold answers in parts labelled by regime, one of them a
// long list of roots; problems and solutions with the text-mode layout
// commands the released file uses (\vspace, \underline, \par, \text and
// an align* environment outside $...$). The texts are written here in
// that style; none is taken from the dataset.
func WriteHARDMathLike(dir string) ([]rundir.SampleRecord, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	roots := `\sqrt[7]{- \frac{1}{\epsilon}}, \ \frac{\sqrt[7]{- \frac{1}{\epsilon}} \left(-1 + \sqrt{3} i\right)}{2}, \ \frac{\sqrt[7]{- \frac{1}{\epsilon}} \left(-1 - \sqrt{3} i\right)}{2}, \ - \sqrt[7]{\frac{1}{\epsilon}} \left(\cos{\left(\frac{\pi}{7} \right)} + i \sin{\left(\frac{\pi}{7} \right)}\right), \ \frac{1}{2} \left(1 + \sqrt{5}\right)`
	items := []struct {
		problem, solution, answer, typ string
		parts                          map[string]float64
	}{
		{`Consider the polynomial $P(x) = \epsilon x^{7} - x^{3} + 1.$ Find approximate expressions for all roots in the limit of small positive $\epsilon$ and large positive $\epsilon$.`,
			`We balance the terms pairwise and check which balance holds.\vspace{1em}` + "\n\n" +
				`\underline{Therefore, these roots are valid in the limit of small positive $\epsilon$ only.}\vspace{1em}` + "\n\n" +
				`\noindent Next we take the balance of the first and last terms.\par Solving, $x = \sqrt[7]{-1/\epsilon}$.`,
			"small_eps: " + roots + "; large_eps: " + roots, "polynomial_roots", map[string]float64{"small_eps": 1, "large_eps": 0}},
		{"Consider the ODE $$y''' = x + y^{2} - \\frac{y'}{x+2}$$\n\n\\text{with initial conditions at } x = 0:\n\\begin{align*}\ny(0) &= 1.00 \\\\\ny'(0) &= 0.00\n\\end{align*}\n\nFind analytical expressions that approximate the solution of $y(x)$ in the small and large $x$ regimes.",
			`For small $x$ the Taylor series gives $y = 1 + \frac{x^{3}}{6}$.\vspace{1em}` + "\n\n" + `\underline{For large $x$, a power law.}`,
			`small_x: 1 + \frac{x^{3}}{6}; large_x: -6 (x - 4.5)^{-1} + 0.25`, "ODE", map[string]float64{"small_x": 1, "large_x": 1}},
	}
	m := rundir.Manifest{Matheval: "test", Commit: "abc", GoVersion: "go1.26", Benchmark: "hardmath", DataHash: "h1",
		Prompt: "paper", PromptHash: "hp", GraderVersion: "g1", Model: "test-model", Items: len(items), Samples: 1,
		Start: "2026-11-30T10:00:00Z", End: "2026-11-30T10:05:00Z"}
	var recs []rundir.SampleRecord
	for i, x := range items {
		it := bench.Item{ID: fmt.Sprintf("mini/%d", i), Problem: x.problem, Solution: x.solution, Answer: x.answer,
			Meta: map[string]string{"type": x.typ, "answer_type": "list"}}
		score := 0.0
		for _, v := range x.parts {
			score += v / float64(len(x.parts))
		}
		kind := answer.Wrong
		if score == 1 {
			kind = answer.Correct
		}
		rec := rundir.SampleRecord{Sample: bench.Sample{Item: it, Confidence: -1, FinishReason: "stop",
			Reply:   "By dominant balance, $\\boxed{" + x.answer + "}$.",
			Verdict: answer.Verdict{Kind: kind, Score: score, Extracted: x.answer, Parts: x.parts, Reason: "regime-wise"}}}
		rec.Prompt = bench.Prompt{Messages: []bench.Message{{Role: "user", Content: it.Problem}}}
		recs = append(recs, rec)
	}
	if err := writeSamples(filepath.Join(dir, rundir.SamplesFile), recs); err != nil {
		return nil, err
	}
	return recs, rundir.WriteJSON(dir, rundir.ManifestFile, m)
}
