package answer

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/matheval/matheval/equiv"
)

// TestPanicBecomesInternalError injects a panic in each layer below the
// grading boundary (the extraction step, the policy's comparison) and checks
// the one verdict our own bug may get: Error, "internal error: ...", never
// NoAnswer, Unparsable or Undecided; the hook receives the stack.
func TestPanicBecomesInternalError(t *testing.T) {
	var mu sync.Mutex
	var got []*InternalError
	restore := OnInternalError(func(e *InternalError) {
		mu.Lock()
		got = append(got, e)
		mu.Unlock()
	})
	defer restore()

	inExtraction := MATH401
	inExtraction.ExtractionFor = func(string) Extraction { panic("boom in extraction") }
	inComparison := MATH
	inComparison.Compare = func(_ context.Context, gold, cand string, _ equiv.Options) Verdict { panic("boom in comparison") }

	cases := []struct {
		name, want string
		grade      func() Verdict
	}{
		{"Grade, extraction", "boom in extraction", func() Verdict { return Grade(inExtraction, "5", "The answer is 5.", "stop") }},
		{"Grade, comparison", "boom in comparison", func() Verdict { return Grade(inComparison, "5", "The answer is 5.", "stop") }},
		{"Equivalent, comparison", "boom in comparison", func() Verdict { return Equivalent(inComparison, "5", "5") }},
	}
	for _, c := range cases {
		v := c.grade()
		if v.Kind != Error || v.Reason != "internal error: "+c.want || v.Score != 0 {
			t.Errorf("%s: %+v, want an Error verdict with reason %q", c.name, v, "internal error: "+c.want)
		}
		if e := v.Internal(); e == nil || e.Value != c.want || !strings.Contains(string(e.Stack), "panics_test.go") {
			t.Errorf("%s: the verdict does not carry the panic and its stack: %+v", c.name, e)
		}
	}
	if v := Grade(MATH, "5", "", "error"); v.Kind != Error || v.Internal() != nil {
		t.Errorf("a failed request's verdict is no internal error: %+v", v)
	}
	if v := Grade(inExtraction, "5", "5", "stop"); v.Metrics["relative_error"] != MATH401MaxRelErr {
		t.Errorf("MATH 401's no-answer metrics must stay on an internal error: %+v", v)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != len(cases)+1 {
		t.Fatalf("hook called %d times, want %d", len(got), len(cases)+1)
	}
	if !strings.Contains(string(got[0].Stack), "panics_test.go") {
		t.Errorf("hook's stack does not reach the panicking function:\n%s", got[0].Stack)
	}
}

func TestOnInternalErrorRestore(t *testing.T) {
	calls := 0
	restore := OnInternalError(func(*InternalError) { calls++ })
	p := MATH
	p.Compare = func(context.Context, string, string, equiv.Options) Verdict { panic("x") }
	Grade(p, "1", "1", "stop")
	restore()
	Grade(p, "1", "1", "stop")
	if calls != 1 {
		t.Errorf("hook called %d times, want 1 (before restore only)", calls)
	}
}

// In the streams a bug of ours fails its line (an error on the record and
// on errw, counted as a bad line), with the stack to the hook.
func TestStreamPanicFailsTheLine(t *testing.T) {
	calls := 0
	defer OnInternalError(func(*InternalError) { calls++ })()
	p := MATH
	p.Compare = func(context.Context, string, string, equiv.Options) Verdict { panic("boom in comparison") }
	var out, errw strings.Builder
	st, err := EquivStream(context.Background(), p, strings.NewReader(`{"id":1,"gold":"1","prediction":"1"}`+"\n"), &out, &errw)
	if err != nil || st.BadLines != 1 || calls != 1 {
		t.Fatalf("stats %+v, err %v, hook calls %d", st, err, calls)
	}
	if !strings.Contains(out.String(), `"error":"line 1: internal error: boom in comparison"`) || !strings.Contains(errw.String(), "line 1: internal error") {
		t.Errorf("out %q, errw %q", out.String(), errw.String())
	}
}
