package math

import (
	"context"
	"fmt"
	gomath "math"
	"sort"
	"strings"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// Other policies a MATH run can be graded by beside matheval's own, so that
// its score can be put beside a paper that scored another way. Each reply
// is graded again under the other policy, from the reply alone (no request
// is sent), and the result is recorded on the verdict as two metrics:
// PolicyMetric (1 when the other policy counts the reply correct, else 0)
// and PolicyGapMetric (the reply's score under MATH's policy minus that
// one). The summary turns them into the other policy's accuracy and the
// gap, overall, by subject and by level, each with its interval (the gap's
// is paired: both scores come from the same replies).
var alsoPolicies = map[string]struct {
	policy answer.Policy
	label  string // what titles call it
	short  string // what metric labels call it
	about  string // what it is, for definitions
}{
	"hendrycks": {answer.Hendrycks, "the MATH paper's scoring", "paper's scoring",
		"the MATH paper's own scoring (Hendrycks et al. 2021): the reply's last \\boxed{} equals the reference answer " +
			"as a string after the paper's normalisation, with no symbolic equivalence"},
}

type alsoPolicy struct {
	name   string
	policy answer.Policy
}

// PolicyMetric names the verdict metric holding a sample's grade under
// another policy: 1 correct, 0 not.
func PolicyMetric(name string) string { return "policy:" + name }

// PolicyGapMetric names the verdict metric holding a sample's score under
// MATH's policy minus its grade under another policy (-1, 0 or 1).
func PolicyGapMetric(name string) string { return "policy_gap:" + name }

// AlsoPolicies lists the policies a MATH run can also be graded by.
func (*Benchmark) AlsoPolicies() []string {
	var out []string
	for n := range alsoPolicies {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// WithAlsoPolicies returns a copy of the benchmark (same train split) whose
// Grade also grades every reply under the named policies, recording the
// results as verdict metrics; the benchmark it is called on is unchanged.
// An unknown name is an error that lists the known ones.
func (b *Benchmark) WithAlsoPolicies(names []string) (bench.Benchmark, error) {
	b.mu.Lock()
	c := &Benchmark{trainPath: b.trainPath}
	b.mu.Unlock()
	seen := map[string]bool{}
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" || seen[n] {
			continue
		}
		p, ok := alsoPolicies[n]
		if !ok {
			return nil, fmt.Errorf("math: no other policy %q (known: %s)", n, strings.Join(b.AlsoPolicies(), ", "))
		}
		seen[n] = true
		c.also = append(c.also, alsoPolicy{n, p.policy})
	}
	return c, nil
}

// gradeAlso records v's reply under the benchmark's other policies. A
// failed request (verdict error) records nothing: it has no reply, and the
// summary counts it as 0 under every policy, as it does under MATH's.
func (b *Benchmark) gradeAlso(ctx context.Context, v answer.Verdict, it bench.Item, reply, finishReason string) answer.Verdict {
	if len(b.also) == 0 || v.Kind == answer.Error {
		return v
	}
	m := make(map[string]float64, len(v.Metrics)+2*len(b.also))
	for k, x := range v.Metrics {
		m[k] = x
	}
	main := v.Score
	if gomath.IsNaN(main) || main < 0 {
		main = 0
	}
	main = gomath.Min(main, 1)
	for _, p := range b.also {
		got := 0.0
		if strings.TrimSpace(it.Answer) != "" {
			av := answer.GradeContext(ctx, p.policy, it.Answer, reply, finishReason)
			if av.Internal() != nil {
				return av // a bug of ours under any policy is the sample's
			}
			if av.IsCorrect() {
				got = 1
			}
		}
		m[PolicyMetric(p.name)] = got
		m[PolicyGapMetric(p.name)] = main - got
	}
	v.Metrics = m
	return v
}

// policiesIn lists the other policies the samples were graded by, sorted.
func policiesIn(samples []bench.Sample) []string {
	seen := map[string]bool{}
	for _, s := range samples {
		for k := range s.Verdict.Metrics {
			if n, ok := strings.CutPrefix(k, "policy:"); ok {
				if _, known := alsoPolicies[n]; known {
					seen[n] = true
				}
			}
		}
	}
	var out []string
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// summarizePolicies adds, for each other policy the samples were graded
// by, its accuracy and the gap to MATH's, overall and by subject and by
// level, and a note counting the samples on which the two disagree.
func summarizePolicies(sb *bench.Builder, samples []bench.Sample, subj, lvl []bench.GroupDef) {
	for _, name := range policiesIn(samples) {
		p := alsoPolicies[name]
		acc, gap := "accuracy_"+name, "gap_"+name
		sb.Metric(bench.Metric{Name: acc, Label: "accuracy, " + p.short, Unit: bench.Percent,
			Measure: ptr(bench.VerdictMetric(PolicyMetric(name), 0)),
			Definition: "the share of problems counted correct under " + p.about +
				" (with several samples per problem: the mean over its samples)"})
		sb.Metric(bench.Metric{Name: gap, Label: "gap, matheval − " + p.short, Unit: bench.Percent,
			Measure: ptr(bench.VerdictMetric(PolicyGapMetric(name), 0)),
			Definition: "matheval's accuracy minus the accuracy under " + p.label + ", in percentage points, " +
				"with a paired interval (both grades come from the same replies): the share of problems matheval " +
				"counts correct and " + p.label + " does not, less the reverse"})
		up, down := 0, 0
		for _, s := range samples {
			switch x := s.Verdict.Metrics[PolicyGapMetric(name)]; {
			case x > 0:
				up++
			case x < 0:
				down++
			}
		}
		note := fmt.Sprintf("Each reply graded twice, from samples.jsonl: by matheval's MATH policy and by %s. "+
			"%d samples are correct under matheval's policy only (an equivalent answer written otherwise, an answer "+
			"outside \\boxed{}), %d under %s only.", p.label, up, down, p.label)
		for _, d := range []struct {
			key, dim string
			groups   []bench.GroupDef
		}{{"subject", "subject", subj}, {"level", "level", lvl}} {
			bd := sb.Breakdown("policy_"+name+"_by_"+d.key,
				"Accuracy under matheval's policy and "+p.label+", by "+d.dim, []string{d.dim}, d.groups,
				"accuracy", acc, gap)
			t := sb.BreakdownTable(bd, true)
			t.Notes = []string{note}
			sb.Table(t)
		}
	}
}

func ptr[T any](x T) *T { return &x }
