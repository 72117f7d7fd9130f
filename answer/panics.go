package answer

import (
	"fmt"
	"runtime/debug"
	"sync/atomic"
)

// The panic policy: a panic anywhere below the grading boundary (extraction,
// the policy's comparator, the engine) is a bug of ours, never the model's
// failure. It is recovered in exactly one place, recoverInternal, deferred by
// the package's entry points (Grade, Equivalent and the JSON Lines streams),
// and becomes a verdict of kind Error with the reason "internal error: ...":
// never NoAnswer, Unparsable or Undecided, which would score our bug as the
// reply's fault or as an open case. Nothing below the boundary recovers.

// InternalError is a panic recovered at the grading boundary.
type InternalError struct {
	// Value is what was passed to panic.
	Value any
	// Stack is the stack of the panicking goroutine, for the run's log.
	Stack []byte
}

func (e *InternalError) Error() string { return fmt.Sprintf("internal error: %v", e.Value) }

var internalErrorHook atomic.Pointer[func(*InternalError)]

// OnInternalError installs fn to receive every panic recovered at the
// grading boundary, with its stack (the runner writes it to the run's log);
// fn must be safe for concurrent use. nil removes the hook. It returns a
// function that puts the previous hook back.
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
	r := recover()
	if r == nil {
		return
	}
	e := &InternalError{Value: r, Stack: debug.Stack()}
	if h := internalErrorHook.Load(); h != nil {
		(*h)(e)
	}
	*v = Verdict{Kind: Error, Reason: e.Error()}
}
