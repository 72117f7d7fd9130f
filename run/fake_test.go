package run_test

import (
	"context"
	"fmt"
	"regexp"
	"strconv"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// fakeBench is a tiny benchmark for the runner's tests: item i asks
// "Problem i" and its gold answer is i mod 10; the grader reads the last
// number of the reply. Its metadata key is "part" (not a real benchmark's
// key, so bench.ItemKind takes its items for no benchmark's).
type fakeBench struct {
	n int
	// offByOne makes the grader expect answer+1 (a "new grader" for Regrade).
	offByOne bool
}

func (b *fakeBench) Name() string { return "fake" }

func (b *fakeBench) Load(_ context.Context, path string, o bench.LoadOptions) ([]bench.Item, []bench.Warning, error) {
	var items []bench.Item
	for i := range b.n {
		group := strconv.Itoa(i % 3)
		if vals, ok := o.Filter["part"]; ok && !contains(vals, group) {
			continue
		}
		items = append(items, bench.Item{ID: fmt.Sprintf("fake/%d", i), Problem: fmt.Sprintf("Problem %d", i),
			Answer: strconv.Itoa(i % 10), Meta: map[string]string{"part": group}})
		if o.Limit > 0 && len(items) == o.Limit {
			break
		}
	}
	return items, nil, nil
}

func contains(vals []string, v string) bool {
	for _, x := range vals {
		if x == v {
			return true
		}
	}
	return false
}

func (b *fakeBench) Prompt(it bench.Item, o bench.PromptOptions) (bench.Prompt, error) {
	return bench.Prompt{Messages: []bench.Message{{Role: "user", Content: it.Problem}}, Text: it.Problem}, nil
}

func (b *fakeBench) GoldReply(it bench.Item) string { return "The answer is " + it.Answer + "." }

var lastNumber = regexp.MustCompile(`(\d+)\D*$`)

func (b *fakeBench) Grade(_ context.Context, it bench.Item, reply, finish string) answer.Verdict {
	if finish == "length" {
		return answer.Verdict{Kind: answer.Incomplete, Reason: "cut"}
	}
	m := lastNumber.FindStringSubmatch(reply)
	if m == nil {
		return answer.Verdict{Kind: answer.NoAnswer, Reason: "no number"}
	}
	want := it.Answer
	if b.offByOne {
		n, _ := strconv.Atoi(want)
		want = strconv.Itoa(n + 1)
	}
	if m[1] == want {
		return answer.Verdict{Kind: answer.Correct, Score: 1, Extracted: m[1]}
	}
	return answer.Verdict{Kind: answer.Wrong, Extracted: m[1]}
}

func (b *fakeBench) Summarize(samples []bench.Sample) bench.Summary {
	sb := bench.NewBuilder(samples)
	m := bench.Correct
	sb.Metric(bench.Metric{Name: "accuracy", Label: "accuracy", Unit: bench.Percent, Measure: &m, Definition: "share correct"})
	return sb.Summary()
}
