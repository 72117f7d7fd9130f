package minif2f

import (
	"strings"
	"testing"
)

// TestSmuggledAxiomReportedFirst (issue 30, row 12): a candidate that
// cites an axiom of its own and declares it after the theorem is refused
// for the $a, and that refusal is what the verdict says first, not the
// citation of a label set.mm lacks (which blamed an old set.mm).
func TestSmuggledAxiomReportedFirst(t *testing.T) {
	c := testChecker(t)
	p := testProblems(t)["valid/mathd-demo-mp"]
	for _, text := range []string{
		strings.Replace(goodMP, "wp wq h1 h2 mp", "cheat", 1) + "cheat $a |- Q $.\n",
		"${ l.1 $e |- P $. lem $p |- Q $= cheat $. $}\n" + goodMP + "\n$( the axiom $)\ncheat $a |- Q $.\n",
		"$( a new constant after all $)\n" + strings.Replace(goodMP, "wp wq h1 h2 mp", "cheat", 1) + "$c zz $.\n",
	} {
		v := c.Check(p, text)
		if v.OK || !strings.HasPrefix(v.Reason, "line ") || !strings.Contains(strings.SplitN(v.Reason, "(", 2)[0], "candidate declares") ||
			strings.Contains(v.Reason, "older") || strings.Contains(v.Reason, "more error") {
			t.Errorf("reason %q", v.Reason)
		}
	}
}
