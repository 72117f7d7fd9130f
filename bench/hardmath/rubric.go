package hardmath

import "strings"

// The authors' archive was judged with more than one rubric per type: the
// judge's prompt (grade_prompt) carries the criteria it was given. Agreement
// with a judge means something different under each, so grade-responses
// reports it per rubric too. The names say what each rubric credits.
const (
	// RubricExactSmallNearLarge (ODE): small x only if it matches the key
	// exactly; large x full credit if it matches, partial if its numerical
	// value is not far. The paper's rubric, and matheval's.
	RubricExactSmallNearLarge = "exact-small/near-large"
	// RubricMatchOrNone: full credit if it matches the key, none if
	// completely wrong, nothing said in between. The paper's for
	// traditional integrals; an earlier one for ODEs.
	RubricMatchOrNone = "match-or-none"
	// RubricOrderOfMagnitude: half credit when "partially correct", judged
	// by whether the answer and the key differ by an order of magnitude.
	RubricOrderOfMagnitude = "order-of-magnitude"
	// RubricT0Checkpoint (Laplace): half credit for finding the maximum t0
	// and expanding around it, whatever the final formula. The paper's.
	RubricT0Checkpoint = "t0-checkpoint"
	// RubricPerRoot (roots): credit proportional to the roots matched. The
	// paper's, and matheval's.
	RubricPerRoot = "per-root"
	// RubricHalfIfPartial (roots): half credit if partially correct.
	RubricHalfIfPartial = "half-if-partial"
	// RubricNone: no judge (nondimensionalization is graded by sympy).
	RubricNone = "none"
	// RubricOther: criteria this reader does not know.
	RubricOther = "other"
)

// PaperRubric is, per table type, the rubric of the paper: the one
// JudgePrompt gives a judge and matheval's own grading follows
// (TestPaperRubricIsTheJudgePrompts checks it against JudgePrompt).
var PaperRubric = map[string]string{
	TypeODE:                       RubricExactSmallNearLarge,
	TypeRoots:                     RubricPerRoot,
	TypeIntegral + "/laplace":     RubricT0Checkpoint,
	TypeIntegral + "/traditional": RubricMatchOrNone,
	TypeNondimNumeric:             RubricNone,
	TypeNondimSymbolic:            RubricNone,
}

// JudgeRubric names the rubric a judge's prompt gives it, from the
// criteria's wording.
func JudgeRubric(gradePrompt string) string {
	p := strings.Join(strings.Fields(gradePrompt), " ")
	if i := strings.LastIndex(p, "following criteria"); i >= 0 {
		p = p[i:]
	}
	switch {
	case strings.TrimSpace(gradePrompt) == "":
		return RubricNone
	case strings.Contains(p, "only give full credit if it matches the formula in the answer key exactly"):
		return RubricExactSmallNearLarge
	case strings.Contains(p, "proportional to the number of matching roots"):
		return RubricPerRoot
	case strings.Contains(p, "attains its maximum") && strings.Contains(p, "Taylor"):
		return RubricT0Checkpoint
	case strings.Contains(p, "order of magnitude difference") || strings.Contains(p, "magnitude of order difference"):
		return RubricOrderOfMagnitude
	case strings.Contains(p, "give half credit if it gets partially correct"):
		return RubricHalfIfPartial
	case strings.Contains(p, "give full credit if it matches the formula in the answer key") && strings.Contains(p, "give no credit if it is completely wrong"):
		return RubricMatchOrNone
	}
	return RubricOther
}
