package latex

import (
	"testing"

	"github.com/matheval/matheval/expr"
)

// TestColonRatio (stop 42): \colon between two numbers is the ratio 3:4;
// in a set-builder it stays "such that".
func TestColonRatio(t *testing.T) {
	for _, s := range []string{`3\colon4`, `3 \colon 4`, `12\colon 5`} {
		n, err := Parse(s)
		if _, ok := n.(*expr.Ratio); err != nil || !ok {
			t.Errorf("Parse(%q) = %v, %v, want a ratio", s, n, err)
		}
	}
	if n, err := Parse(`\{x \colon x>0\}`); err != nil {
		t.Errorf("set-builder with \\colon: %v", err)
	} else if _, ok := n.(*expr.Ratio); ok {
		t.Errorf("set-builder read as a ratio: %v", n)
	}
}

// TestLeadingConnective (stop 42): "or" or "and" with nothing before it in
// a group is refused: "(or 10)" was 10, so 9 (or 10) was 90.
func TestLeadingConnective(t *testing.T) {
	for _, s := range []string{`9 (or 10)`, `(or 10)`, `x (or y)`, `5 (and 6)`} {
		if n, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", s, n)
		}
	}
	for _, s := range []string{`9 or 10`, `(9 or 10)`, `x = 1 and y = 2`} {
		if _, err := Parse(s); err != nil {
			t.Errorf("Parse(%q): %v", s, err)
		}
	}
}
