// Package equiv decides whether a candidate answer is the same as a gold
// answer. Both are answer strings (LaTeX or plain text, already extracted
// from any surrounding solution); they are parsed with package latex and
// compared with the exact engine of package expr. Every comparison runs under
// a deadline and size limits: past them the outcome is Undecided, never Equal.
//
// This package sits between latex/expr (below) and answer (above), so that the
// engine and the extraction of answers from replies can be built and tested
// apart.
package equiv

import "time"

// Outcome is the result of one comparison.
type Outcome int

const (
	Equal      Outcome = iota // the candidate is equivalent to the gold answer
	NotEqual                  // it is not
	Undecided                 // deadline or size limits reached
	Unparsable                // a side could not be parsed
)

func (o Outcome) String() string {
	switch o {
	case Equal:
		return "equal"
	case NotEqual:
		return "not_equal"
	case Undecided:
		return "undecided"
	case Unparsable:
		return "unparsable"
	}
	return "unknown"
}

// Options tune a comparison. The zero value is the MATH policy's default.
type Options struct {
	// Timeout bounds one comparison; 0 means 100 ms.
	Timeout time.Duration
}

// Result is an outcome with the reason behind it.
type Result struct {
	Outcome Outcome `json:"outcome"`
	Reason  string  `json:"reason"`
}

// Compare decides whether cand is equivalent to gold.
// PLACEHOLDER until the engine lands: it compares the strings only.
func Compare(gold, cand string, opts Options) Result {
	if gold == cand {
		return Result{Equal, "identical strings"}
	}
	return Result{Undecided, "engine not built yet"}
}
