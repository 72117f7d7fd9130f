package equiv

import (
	"context"
	"testing"
)

// TestStrictUnits: under StrictUnits two answers whose parser dropped
// different units are never Equal (the answer package reads units itself;
// a unit it missed and the parser dropped let 5~\text{J} equal 5 kJ), and
// BareUnitOK keeps the rule for a unit against a bare answer.
func TestStrictUnits(t *testing.T) {
	cases := []struct {
		gold, cand   string
		strict, bare bool
		want         Outcome
	}{
		{`5\text{ kJ}`, `5\text{ J}`, false, false, Equal}, // the documented default: units after a number are dropped
		{`5\text{ kJ}`, `5\text{ J}`, true, false, Undecided},
		{`5\text{ kJ}`, `5\text{ J}`, true, true, Undecided}, // two different units never agree
		{`5\text{ kJ}`, `5\mathrm{kJ}`, true, false, Equal},
		{`5\text{ kJ}`, `5`, true, false, Undecided},
		{`5\text{ kJ}`, `5`, true, true, Equal},
		{`9 (apples)`, `9 (oranges)`, true, true, Undecided},
		{`9 (apples)`, `9`, true, true, Equal},
		{`5\text{ kJ}`, `6\text{ kJ}`, true, false, NotEqual},
	}
	for _, c := range cases {
		r := Compare(context.Background(), c.gold, c.cand, Options{StrictUnits: c.strict, BareUnitOK: c.bare})
		if r.Outcome != c.want {
			t.Errorf("%s vs %s (strict %v, bare %v): %v (%s), want %v", c.gold, c.cand, c.strict, c.bare, r.Outcome, r.Reason, c.want)
		}
	}
}
