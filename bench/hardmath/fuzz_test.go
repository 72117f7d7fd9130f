package hardmath

import (
	"context"
	"testing"

	"github.com/matheval/matheval/answer"
)

// The formula evaluator and the grader must never panic on any input.
func FuzzGrade(f *testing.F) {
	for _, s := range []string{`\boxed{[y = 1 - \frac{x^{3}}{18}, y = 6/(11.45 - x)]}`, `\sqrt[3]{-\frac{1}{\epsilon}}`, `\frac{1}{`, `e^{e^{e^{9}}}`, `((((x`, `3!!!`, `\boxed{\boxed{}}`} {
		f.Add(s)
	}
	r := Row{Question: "q", Solution: "s", QuestionType: strp(TypeODE), AnswerType: "list",
		AnswerVal: `['y = 1 - \\frac{x^{3}}{18}', 'y = 6 (11.45 - x)^{-1}']`, SmallEvalPoint: ptrF(0.1), LargeEvalPoint: ptrF(11.3)}
	ref, err := ReferenceOf(r)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = evalLatex(context.Background(), s, map[string]complex128{"x": 0.5, "epsilon": 0.1}, evalOptions{realRoots: true})
		v := gradeReply(context.Background(), ref, s, "stop", defaultEvaluator)
		if v.Score < 0 || v.Score > 1 || (v.Score == 1) != (v.Kind == answer.Correct) {
			t.Fatalf("verdict %+v", v)
		}
	})
}

// The root-list reader and root grading never panic, stay bounded and
// give a score in [0, 1].
func FuzzRootAnswer(f *testing.F) {
	for _, s := range []string{
		`\boxed{ \text{For large }\epsilon: [0], \\ \text{For small }\epsilon: [1, -1, i, -i] }`,
		`\boxed{\left[ \left[1, -1\right], \left[\epsilon^{-1/3}\right] \right]}`,
		`\boxed{[e^{2\pi i k/3} \,|\, k \in \{0, 1, \ldots, 64\}]}`, `\boxed{["exp(I*pi*k)" for k in range(99)]}`,
		`\boxed{[\pm\pm\pm\pm 1]}`, `\boxed{\{\{\}`, `\boxed{[[[[`, `\boxed{\begin{cases} 1 & \text{small} \\ 2 & \text{large}\end{cases}}`,
	} {
		f.Add(s)
	}
	r := Row{Question: `Consider the polynomial\[P(x) =\epsilon x^{3} - x - 1.\]`, QuestionType: strp(TypeRoots), AnswerType: "list",
		Solution:  `The roots for large positive $\epsilon$ are $\boxed{\left[ \sqrt[3]{\frac{1}{\epsilon}}\right]}$.`,
		AnswerVal: `\left[ \frac{1}{\sqrt{\epsilon}}, -1\right]`, SmallEvalPoint: ptrF(0.01), LargeEvalPoint: ptrF(100)}
	ref, err := ReferenceOf(r)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ra := parseRootAnswer(s, boxedAll(s))
		n := 0
		for _, l := range ra.byRegime {
			n += len(l)
		}
		for _, l := range ra.unlabelled {
			n += len(l)
		}
		if n > 64*len(s)+64 {
			t.Fatalf("%d roots from %d bytes", n, len(s))
		}
		v := gradeReply(context.Background(), ref, s, "stop", defaultEvaluator)
		if v.Score < 0 || v.Score > 1 {
			t.Fatalf("verdict %+v", v)
		}
	})
}
