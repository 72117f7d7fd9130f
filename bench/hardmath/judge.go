package hardmath

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
)

// JudgePrompt builds the paper's grading prompt for a judge model: the
// response, the reference solution, and the rubric of the item's type
// (roots: partial credit per matching root, averaged over the two regimes;
// integrals: full or no credit per regime, Laplace half credit for finding
// the maximum; ODEs: exact small-x form, large-x by closeness of values).
// The judge answers with a score in [0,1] in \boxed{}; ParseJudgeScore
// reads it. Nondimensionalization items have no rubric in the paper: they
// are graded without a model.
func JudgePrompt(it bench.Item, reply string) (bench.Prompt, error) {
	var guide string
	switch t := it.Meta["type"]; {
	case t == TypeRoots || t == TypeRootCorrections:
		guide = `1) Check both the small and large $\epsilon$ solutions. 2) For each solution, give full credit if it completely matches the elements in the answer key; give partial credit proportional to the number of matching roots between the response and the answer key; give no credit if it is completely wrong. 3) For both partial and no credit briefly state the error reason. 4) Average the scores for the small and large epsilon solutions to obtain a final score between 0 and 1. 5) Give the final grading as a float in Latex boxed format \[boxed{}\]`
	case t == TypeIntegral && it.Meta["subtype"] == "laplace":
		guide = `1) Check the large $x$ final solution. 2) Give full credit if it matches the formula in the answer key; give half credit if the response gets to the checkpoint where it correctly identifies \(t_0\) where $f$ attains its maximum and attempts a Taylor expansion around it but the final answer is wrong; give no credit if it is completely wrong. 3) For both partial and no credit briefly state the error reason. 4) Give the final grading as a float in Latex boxed format \[boxed{}\]`
	case t == TypeIntegral:
		guide = `1) Check both the small and large $\epsilon$ solutions. 2) For each solution, give full credit if it matches the formula in the answer key; give no credit if it is completely wrong and briefly state the reason for the error. 3) Average the scores for the small and large epsilon solutions to obtain a final score between 0 and 1. 4) Give the final grading as a float in Latex boxed format \[boxed{}\]`
	case t == TypeODE:
		guide = `1) Check both the small and large $x$ solutions. 2) For the small regime solution, only give full credit if it matches the formula in the answer key exactly; give no credit if it doesn't match the form. For the large regime solution, give full credit if it matches the formula in the answer key exactly; give partial credit if it doesn't match but the numerical evaluation is not far from the solution in this regime; give no credit if neither holds. 3) Average the scores for the small and large $x$ solutions to obtain a final score between 0 and 1. 4) Give the final grading as a float in Latex boxed format \[boxed{}\]`
	default:
		return bench.Prompt{}, fmt.Errorf("hardmath: no judge rubric for %s items (they are graded without a model)", t)
	}
	text := fmt.Sprintf("Please take this response: %s\n\n and this ground truth solution: %s and grade the response based on the following criteria:\n\n%s", reply, it.Solution, guide)
	return bench.Prompt{Messages: []bench.Message{{Role: "user", Content: text}}, Text: text}, nil
}

// ParseJudgeScore reads the judge's score: the last \boxed{} (or boxed{})
// holding a number in [0,1]. bench.Judged.ParseJudge takes no context: a
// score written as a formula is evaluated under its own deadline.
func ParseJudgeScore(reply string) (float64, error) {
	ctx := context.Background()
	boxes := boxedAll(reply)
	for i := len(boxes) - 1; i >= 0; i-- {
		s := strings.TrimSpace(stripMath(boxes[i]))
		if v, err := strconv.ParseFloat(s, 64); err == nil {
			if v < 0 || v > 1 {
				return 0, fmt.Errorf("judge score %g outside [0,1]", v)
			}
			return v, nil
		}
		if v, ok := parseNumber(ctx, s); ok && v >= 0 && v <= 1 {
			return v, nil
		}
	}
	return 0, fmt.Errorf("no boxed score in the judge's reply")
}

// JudgePrompt implements bench.Judged: the paper's rubric prompt, or false
// for items without a rubric (nondimensionalization), which are not judged.
func (b *Benchmark) JudgePrompt(it bench.Item, reply string) (bench.Prompt, bool) {
	p, err := JudgePrompt(it, reply)
	return p, err == nil
}

// ParseJudge implements bench.Judged: the boxed score, and as reason the
// judge's last paragraph before its score (the rubric asks it to state the
// error there), shortened.
func (b *Benchmark) ParseJudge(it bench.Item, judgeReply string) (float64, string, error) {
	v, err := ParseJudgeScore(judgeReply)
	if err != nil {
		return 0, "", err
	}
	return v, judgeReason(judgeReply), nil
}

// judgeReason is the last non-empty paragraph of reply above the line of
// its last box, at most 300 characters.
func judgeReason(reply string) string {
	text := reply
	if i := strings.LastIndex(text, "boxed{"); i >= 0 {
		text = text[:i]
		// The line holding the box is its label ("Final grade:"); the
		// reason is above it, when there is anything above it.
		if nl := strings.LastIndex(text, "\n"); nl >= 0 && strings.TrimSpace(text[:nl]) != "" {
			text = text[:nl]
		}
	}
	text = strings.TrimRight(text, " \t\n\\[($")
	paras := strings.Split(strings.TrimSpace(text), "\n\n")
	reason := ""
	for i := len(paras) - 1; i >= 0; i-- {
		if s := strings.TrimSpace(paras[i]); s != "" {
			reason = s
			break
		}
	}
	reason = strings.Join(strings.Fields(reason), " ")
	if r := []rune(reason); len(r) > 300 {
		reason = string(r[:299]) + "…"
	}
	return reason
}
