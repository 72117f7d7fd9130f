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
	return sb.Summary()
}

// subjectLess orders subjects as the paper does (others after, by name).
func subjectLess(a, b string) bool {
	ia, ib := subjectIndex(a), subjectIndex(b)
	if ia != ib {
		return ia < ib
	}
	return a < b
}

func subjectIndex(s string) int {
	slug := SubjectSlug(s)
	for i, x := range Subjects {
		if x == slug {
			return i
		}
	}
	return len(Subjects)
}

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
