package mutation_test

import (
	"testing"

	"github.com/matheval/matheval/answer"
)

// TestGoldsEqualThemselvesInEveryStyle: every gold answer of every
// benchmark, written as a reply in each plain style a model uses (the bare
// answer, in $...$, boxed, after "The answer is"), is graded equal to
// itself. Two MATH golds once failed this as bare replies (a "\text {" with
// a space, and products of two-letter names taken for words).
func TestGoldsEqualThemselvesInEveryStyle(t *testing.T) {
	t.Parallel()
	golds := allGolds(t)
	styles := []struct {
		name string
		f    func(string) string
	}{
		{"bare", func(g string) string { return g }},
		{"dollars", func(g string) string { return "$" + g + "$" }},
		{"boxed", func(g string) string { return `$\boxed{` + g + `}$` }},
		{"anchor", func(g string) string { return "The answer is $" + g + "$." }},
	}
	failed, empty := 0, 0
	for _, g := range golds {
		if g.Text == "" {
			// MATH train/number_theory/7115 and 7117 box nothing: data
			// defects that `data check math` lists.
			empty++
			continue
		}
		for _, st := range styles {
			v := answer.Equivalent(g.policy.WithTimeout(suiteTimeout), g.Text, st.f(g.Text))
			if v.Kind != answer.Correct {
				failed++
				if failed <= 20 {
					t.Errorf("%s %s (%s): gold %q against itself: %s (%s), extracted %q", g.Bench, g.ID, st.name, g.Text, v.Kind, v.Reason, v.Extracted)
				}
			}
		}
	}
	t.Logf("%d golds (%d empty, skipped) x %d styles, %d not equal to themselves", len(golds), empty, len(styles), failed)
	if empty > 2 {
		t.Errorf("%d empty golds, want the 2 known ones", empty)
	}
}
