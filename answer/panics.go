package answer

import (
	"fmt"
	"runtime/debug"
	"sync/atomic"
)

// The panic policy: a panic anywhere below a grading boundary (extraction,
// the policy's comparator, the engine, a benchmark's own grading code) is a
// bug of ours, never the model's failure. It is recovered only at the
// boundaries: here, by recoverInternal, deferred by the package's entry
// points (Grade, Equivalent and the JSON Lines streams), and in the runner's
// run.Grade, which calls the benchmark. Either way it becomes the same
// verdict, InternalError.Verdict: kind Error, reason "internal error: ...",
// never NoAnswer, Unparsable or Undecided, which would score our bug as the
// reply's fault or as an open case. Nothing below the boundaries recovers.

// InternalError is a panic recovered at a grading boundary.
type InternalError struct {
	// Value is what was passed to panic.
	Value any
	// Stack is the stack of the panicking goroutine, for the run's log.
	Stack []byte
}

func (e *InternalError) Error() string { return fmt.Sprintf("internal error: %v", e.Value) }

// Verdict is the verdict of a sample whose grading hit e: kind Error, the
// reason e.Error(), and e itself for Verdict.Internal.
func (e *InternalError) Verdict() Verdict {
	return Verdict{Kind: Error, Reason: e.Error(), internal: e}
}

// Recovered makes the InternalError of a panic value just recovered at a
// grading boundary (call it in the deferred function that recovered, so
// that the stack is the panic's) and hands it to the OnInternalError hook.
func Recovered(value any) *InternalError {
	e := &InternalError{Value: value, Stack: debug.Stack()}
	if h := internalErrorHook.Load(); h != nil {
		(*h)(e)
	}
	return e
}

var internalErrorHook atomic.Pointer[func(*InternalError)]

// OnInternalError installs fn to receive every panic recovered at a grading
// boundary, with its stack, for callers that see only a stream's records
// (matheval extract and equiv print it on standard error); a caller that
// has the verdict reads Verdict.Internal instead. The hook is one for the
// whole process: fn must be safe for concurrent use. nil removes the hook.
// It returns a function that puts the previous hook back.
func OnInternalError(fn func(*InternalError)) (restore func()) {
	var p *func(*InternalError)
	if fn != nil {
		p = &fn
	}
	old := internalErrorHook.Swap(p)
	return func() { internalErrorHook.Store(old) }
}

// recoverInternal is the one recover of the package: deferred by an entry
// point, it turns a panic into an Error verdict in *v.
func recoverInternal(v *Verdict) {
	if r := recover(); r != nil {
		*v = Recovered(r).Verdict()
	}
}
