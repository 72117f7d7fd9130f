// Package answer turns a model's raw reply into a verdict: it extracts the
// final answer, and grades it against the gold one under a benchmark's policy.
// The Verdict type defined here is the one result type used everywhere.
//
// A reply goes down through the files and never calls back into one it
// left (TestFileLayers holds the package to it): Grade (policy.go) calls
// extract (extract.go), which cuts reasoning and leakage (cut.go) and
// builds the reply value (reply.go: the body's tokens, segments, boxes,
// lines and sentences, each found once); the tiers read it - anchors
// (anchor.go, which reads the anchored text with the readers below it),
// boxes (box.go), formulas (mathseg.go), plain expressions (plain.go,
// plainexpr.go, numbers.go), bare answers and lines (bare.go) - and the
// deny and conclude rules (deny.go, conclude.go) prune what they found;
// Grade then compares the answer under the policy (math.go for MATH, down
// to units.go, quantity.go and package equiv).
package answer

import "github.com/matheval/matheval/equiv"

// Kind classifies a graded sample. Only Correct counts as right; every other
// kind counts as not right, but the kinds are reported apart so that a
// formatting or infrastructure failure never reads as a reasoning failure.
type Kind string

const (
	Correct    Kind = "correct"    // the answer matches the gold one
	Wrong      Kind = "wrong"      // an answer was found and it does not match
	NoAnswer   Kind = "no_answer"  // nothing extractable in the reply
	Incomplete Kind = "incomplete" // cut by the token limit, or reasoning left unterminated
	Unparsable Kind = "unparsable" // an answer was found but could not be parsed
	Undecided  Kind = "undecided"  // the grader hit its deadline or size limits
	// Error: the request failed (no reply exists), the item cannot be
	// graded (no gold answer), or the grader hit a bug of ours (reason
	// "internal error: ...", Verdict.Internal set; see InternalError).
	Error Kind = "error"
)

// Kinds lists every kind in a stable order (for tables and counts).
var Kinds = []Kind{Correct, Wrong, NoAnswer, Incomplete, Unparsable, Undecided, Error}

// Verdict is the grade of one sample.
type Verdict struct {
	Kind Kind `json:"verdict"`
	// Score is in [0,1]: 1 for correct, 0 for anything else, or partial
	// credit where the benchmark gives it (HARDMath regimes).
	Score float64 `json:"score"`
	// Reason says why, in words ("equal as rationals", "no number in reply").
	Reason string `json:"reason,omitempty"`
	// Extracted is the answer text the grader looked at ("" when none).
	Extracted string `json:"extracted,omitempty"`
	// Parts holds per-part scores when the benchmark grades in parts
	// (for example HARDMath's regimes: "small_eps" -> 1, "large_eps" -> 0.5).
	Parts map[string]float64 `json:"parts,omitempty"`
	// Metrics holds per-sample numbers a benchmark reports besides the score
	// (for example MATH 401's relative error).
	Metrics map[string]float64 `json:"metrics,omitempty"`
	// internal is the bug behind an Error verdict made at a grading
	// boundary (InternalError.Verdict); never written.
	internal *InternalError
}

// Internal returns the bug of ours behind an Error verdict made at a
// grading boundary, with its stack, or nil for any other verdict (a failed
// request, an item without a gold answer). It is not written with the
// verdict: one read back from samples.jsonl has none.
func (v Verdict) Internal() *InternalError { return v.internal }

// IsCorrect reports whether the verdict counts as fully right.
func (v Verdict) IsCorrect() bool { return v.Kind == Correct }

// fromEngine turns an engine result into a verdict.
func fromEngine(r equiv.Result) Verdict {
	switch r.Outcome {
	case equiv.Equal:
		return Verdict{Kind: Correct, Score: 1, Reason: r.Reason}
	case equiv.NotEqual:
		return Verdict{Kind: Wrong, Reason: r.Reason}
	case equiv.Unparsable:
		return Verdict{Kind: Unparsable, Reason: r.Reason}
	default:
		return Verdict{Kind: Undecided, Reason: r.Reason}
	}
}
