package hardmath

import (
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
		_, _ = evalLatex(s, map[string]complex128{"x": 0.5, "epsilon": 0.1}, evalOptions{realRoots: true})
		v := gradeReply(ref, s, "stop", defaultEvaluator)
		if v.Score < 0 || v.Score > 1 || (v.Score == 1) != (v.Kind == answer.Correct) {
			t.Fatalf("verdict %+v", v)
		}
	})
}
