package mathml

import "testing"

// BenchmarkRenderSolution renders a MATH-style solution with a matrix,
// fractions, roots and a boxed answer.
func BenchmarkRenderSolution(b *testing.B) {
	s := `Subtracting, $\mathbf{A} \begin{pmatrix} -8 \\ 1 \\ 2 \end{pmatrix} = \begin{pmatrix} -2 \\ -9 \\ -2 \end{pmatrix}.$
Then \[\frac{\sqrt{3}}{2} + \sum_{k=1}^{n} \frac{1}{k^2} \le \sqrt[3]{x_1^2 + \alpha}\] so the answer is $\boxed{\dfrac{7}{4}}$.`
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Render(s)
	}
}
