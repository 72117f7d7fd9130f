package equiv

import (
	"context"
	"testing"
)

// auditCases are the holes of the issue 28 audit of equiv ("never Equal
// on what was not read"): each NotEqual or Undecided row was Equal before
// its fix. The holes with their own files are in bind_test.go (a
// function's parameters, the indices of sums) and unread_test.go (symbols
// the parser kept without a meaning).
var auditCases = []struct {
	gold, cand string
	want       Outcome
}{
	// a degree sign against a percent sign: both signs were dropped and
	// the numbers compared ("sign policy ... without the  sign")
	{`5^\circ`, `5\%`, NotEqual},
	{`5\%`, `5^\circ`, NotEqual},
	{`30^\circ`, `30\%`, NotEqual},
	// the sign policy itself stays: one side's sign is a unit
	{`5^\circ`, `5`, Equal},
	{`28\%`, `28`, Equal},
	{`20\%`, `0.2`, Equal},
}

func TestAuditHoles(t *testing.T) {
	for _, tc := range auditCases {
		r := Compare(context.Background(), tc.gold, tc.cand, Options{})
		if r.Outcome != tc.want {
			t.Errorf("%s vs %s: got %s (%s), want %s", tc.gold, tc.cand, r.Outcome, r.Reason, tc.want)
		}
	}
}
