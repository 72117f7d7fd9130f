package math

import (
	gomath "math"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
)

// orderedKeys returns the subjects in the paper's order (others after, sorted).
func orderedSubjects(have map[string]bool) []string {
	var out []string
	for _, s := range Subjects {
		if have[s] {
			out = append(out, s)
		}
	}
	var rest []string
	for s := range have {
		if SubjectTitles[s] == "" {
			rest = append(rest, s)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

func orderedLevels(have map[string]bool) []string {
	var out []string
	for l := range have {
		out = append(out, l)
	}
	sort.Slice(out, func(a, b int) bool {
		x, ex := strconv.Atoi(out[a])
		y, ey := strconv.Atoi(out[b])
		if ex == nil && ey == nil {
			return x < y
		}
		if (ex == nil) != (ey == nil) {
			return ex == nil // numbers first, "?" last
		}
		return out[a] < out[b]
	})
	return out
}

// title is a subject's display name ("Counting & Probability"), whichever
// spelling the data used.
func title(subject string) string {
	if t := SubjectTitles[SubjectSlug(subject)]; t != "" {
		return t
	}
	return subject
}

// Summarize reports MATH's accuracy with its interval, by subject, by
// level and by subject and level (the paper's breakdowns), plus pass@k,
// maj@k and mean@k when items have several samples and, with logprobs, the
// calibration of the answer confidence (mean probability of the answer's
// tokens).
func (*Benchmark) Summarize(samples []bench.Sample) bench.Summary {
	// The confidence from logprobs, when a sample has them and the runner
	// has not recorded one (hand-made samples in tests, replays).
	withConf := make([]bench.Sample, len(samples))
	for i, s := range samples {
		if len(s.Logprobs) > 0 && (s.Confidence < 0 || gomath.IsNaN(s.Confidence)) {
			s.Confidence = AnswerConfidence(s.Reply, s.Logprobs)
		}
		withConf[i] = s
	}
	sb := bench.NewBuilder(withConf)
	score := bench.Score
	sb.Metric(bench.Metric{Name: "accuracy", Label: "accuracy", Unit: bench.Percent, Measure: &score,
		Definition: "the share of problems whose final answer is equivalent to the reference answer " +
			"(with several samples per problem: the mean over its samples, i.e. mean@k over all k)"})
	subj := sb.ByMeta("subject", title, subjectLess)
	lvl := sb.ByMeta("level", levelLabel, levelLess)
	bs := sb.Breakdown("by_subject", "Accuracy by subject", []string{"subject"}, subj, "accuracy")
	bl := sb.Breakdown("by_level", "Accuracy by level", []string{"level"}, lvl, "accuracy")
	bx := sb.Breakdown("by_subject_level", "Accuracy by subject and level", []string{"subject", "level"},
		bench.Cross(subj, lvl), "accuracy")
	sb.Table(sb.BreakdownTable(bs, true))
	sb.Table(sb.BreakdownTable(bl, true))
	sb.Table(sb.Pivot(bx, "accuracy", false))
	summarizeLengths(sb)
	summarizePolicies(sb, samples, subj, lvl)
	return sb.Summary()
}

// The length bins of the accuracy-by-length breakdowns (the MATH paper's
// appendix figure of accuracy against problem and solution length), in
// characters: Unicode code points of the problem statement and of the
// reference solution as the dataset writes them (LaTeX source), not
// tokens, so that the bins do not depend on a model's tokenizer. Fixed
// edges keep runs comparable; on MATH's test split each bin holds between
// about 3% and 22% of the problems (median problem 131 characters,
// median solution 431).
var (
	ProblemLengthEdges  = []int{0, 50, 100, 150, 200, 300, 500}
	SolutionLengthEdges = []int{0, 200, 300, 400, 600, 1000, 1500}
)

// summarizeLengths adds accuracy by problem length and by solution length.
func summarizeLengths(sb *bench.Builder) {
	for _, d := range []struct {
		name, title, dim, of string
		edges                []int
		what                 string
	}{
		{"by_problem_length", "Accuracy by problem length", "problem length (characters)", bench.ProblemChars,
			ProblemLengthEdges, "the problem statement"},
		{"by_solution_length", "Accuracy by reference solution length", "solution length (characters)", bench.SolutionChars,
			SolutionLengthEdges, "the reference solution (problems without one are left out)"},
	} {
		have := false
		for _, it := range sb.Items() {
			_, ok := bench.Span{Of: d.of}.Length(it.Item)
			have = have || ok
		}
		if !have { // no text to measure (samples made by hand, a file without solutions)
			continue
		}
		bd := sb.Breakdown(d.name, d.title, []string{d.dim}, bench.Spans(d.of, d.edges), "accuracy")
		t := sb.BreakdownTable(bd, false)
		t.Notes = []string{"Length: the characters (Unicode code points, not tokens) of " + d.what +
			" as the dataset writes it, LaTeX included."}
		sb.Table(t)
	}
}

// subjectLess orders subjects as the paper does (others after, by name).
var subjectLess = bench.ListedFirst(Subjects, SubjectSlug)

// levelLess orders levels by number, "?" and other text last.
func levelLess(a, b string) bool {
	x, ex := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(a, "Level")))
	y, ey := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(b, "Level")))
	if ex == nil && ey == nil {
		return x < y
	}
	if (ex == nil) != (ey == nil) {
		return ex == nil
	}
	return a < b
}

// levelLabel shows a level as MATH's files write it: "Level 3".
func levelLabel(l string) string {
	if strings.HasPrefix(l, "Level") {
		return l
	}
	return "Level " + l
}
