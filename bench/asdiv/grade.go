package asdiv

import (
	"context"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// Grade grades one reply with answer.ASDiv, the one ASDiv grader (numbers
// exact with units dropped, several answers in any order, ratios, times of
// day, texts; see its documentation). It never panics: answer.Grade is the
// grading boundary that turns a bug of ours into an Error verdict.
func (b *Benchmark) Grade(ctx context.Context, it bench.Item, reply, finishReason string) answer.Verdict {
	return answer.GradeContext(ctx, answer.ASDiv, it.Answer, reply, finishReason)
}
