package answer

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
)

// mathStyleReplies builds n deterministic MATH-style replies of about size
// bytes each, in the styles models write (boxed, Minerva's final-answer line,
// <think> blocks, a self-correction, a leaked next problem), with their gold.
func mathStyleReplies(n, size int) (golds, replies []string) {
	r := rand.New(rand.NewSource(1))
	steps := []string{
		"First we expand $(x+%d)^2 = x^2 + %dx + %d$ and collect the terms. ",
		"By the quadratic formula, $x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}$, which gives $x = %d$ or $x = -%d$. ",
		"Since $\\angle ABC = %d^\\circ$, the remaining angle is $180^\\circ - %d^\\circ$. ",
		"There are $\\binom{%d}{2} = %d$ ways to choose the pair, so the probability is $\\frac{%d}{%d}$. ",
		"We compute \\[\\sum_{k=1}^{%d} k = \\frac{%d \\cdot %d}{2}.\\] ",
		"Note that %d apples cost %d dollars, so each costs \\$%d. ",
	}
	for i := 0; i < n; i++ {
		a, b := r.Intn(90)+2, r.Intn(90)+2
		gold := fmt.Sprintf("\\frac{%d}{%d}", a, b)
		// The reply writes the answer in another form two times in three,
		// so that the engine, not string equality, decides.
		ans := gold
		switch i % 3 {
		case 1:
			ans = fmt.Sprintf("\\dfrac{%d}{%d}", 2*a, 2*b)
		case 2:
			ans = fmt.Sprintf("%d/%d", a, b)
		}
		var sb strings.Builder
		if i%5 == 0 {
			sb.WriteString("<think>Let me think about it. Perhaps the answer is \\boxed{3}. ")
			for sb.Len() < size/3 {
				fmt.Fprintf(&sb, steps[r.Intn(len(steps))], r.Intn(50), r.Intn(50), r.Intn(50), r.Intn(50))
			}
			sb.WriteString("</think>\n")
		}
		for sb.Len() < size-120 {
			fmt.Fprintf(&sb, steps[r.Intn(len(steps))], r.Intn(50), r.Intn(50), r.Intn(50), r.Intn(50))
			if r.Intn(4) == 0 {
				sb.WriteString("\n\n")
			}
		}
		switch i % 4 {
		case 0:
			fmt.Fprintf(&sb, "Therefore the answer is $\\boxed{%s}$.", ans)
		case 1:
			fmt.Fprintf(&sb, "\nFinal Answer: The final answer is $%s$. I hope it is correct.\n\nProblem:\nWhat is $1+1$?\nSolution: $\\boxed{2}$", ans)
		case 2:
			fmt.Fprintf(&sb, "So we get $\\boxed{%d}$. Wait, that is wrong; redoing it gives \\boxed{%s}.", a, ans)
		case 3:
			fmt.Fprintf(&sb, "Hence the ratio is $%s$.", ans)
		}
		golds = append(golds, gold)
		replies = append(replies, sb.String())
	}
	return golds, replies
}

func TestMathStyleRepliesGrade(t *testing.T) {
	golds, replies := mathStyleReplies(200, 2048)
	for i := range replies {
		v := Grade(MATH, golds[i], replies[i], "stop")
		if v.Kind != Correct {
			t.Fatalf("reply %d: %s extracted %q (%s)\n%s", i, v.Kind, v.Extracted, v.Reason, replies[i])
		}
	}
}

// BenchmarkGrade10kMATH extracts and grades 10,000 MATH-style replies of
// about 2 KB each per iteration: ns/op is the time for all 10,000 (the goal
// is under 1 s on one core: go test -bench Grade10k -cpu 1).
func BenchmarkGrade10kMATH(b *testing.B) {
	golds, replies := mathStyleReplies(10000, 2048)
	total := 0
	for _, r := range replies {
		total += len(r)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	cpu0 := testenv.CPUTime()
	b.ResetTimer()
	wrong := 0
	for i := 0; i < b.N; i++ {
		for j := range replies {
			if v := Grade(MATH, golds[j], replies[j], "stop"); v.Kind != Correct {
				// Under heavy load the engine's deadline may trip (undecided);
				// count rather than stop, and report the count.
				wrong++
				if v.Kind != Undecided {
					b.Fatalf("reply %d: %s %q (%s)", j, v.Kind, v.Extracted, v.Reason)
				}
			}
		}
	}
	b.StopTimer()
	// CPU seconds per 10,000 replies: on a shared, oversubscribed machine the
	// wall time (ns/op) overstates the cost; process CPU time does not.
	b.ReportMetric((testenv.CPUTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(wrong)/float64(b.N), "undecided/op")
}

// BenchmarkExtractMATH measures extraction alone, per reply of about 2 KB.
func BenchmarkExtractMATH(b *testing.B) {
	_, replies := mathStyleReplies(1000, 2048)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Extract(replies[i%len(replies)], MATH.Extraction)
	}
}

// BenchmarkNumbers measures the plain-text number reader alone (eachNumber,
// which runs on every reply), per reply of about 2 KB: lastNumber as the
// plain tier calls it (math segments skipped) and scanValues as MATH 401
// and ASDiv call it (every number, with its value).
func BenchmarkNumbers(b *testing.B) {
	_, replies := mathStyleReplies(1000, 2048)
	b.Run("lastNumber", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			lastNumber(replies[i%len(replies)])
		}
	})
	b.Run("scanValues", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			scanValues(replies[i%len(replies)], true)
		}
	})
}
