package texscan

import (
	"slices"
	"testing"
)

func TestAppendSegments(t *testing.T) {
	for _, s := range []string{"", "no math", "$a$ and $$b$$ then \\(c\\) \\[d\\]", "\\begin{align*}x\\end{align*} $y",
		"$$x$ \\$5 $z$", "\\[ open only", "$a$$b$"} {
		want := Segments(s)
		if got := AppendSegments(nil, s); !slices.Equal(got, want) {
			t.Errorf("AppendSegments(nil, %q) = %v, want %v", s, got, want)
		}
		pre := []Seg{{Start: -1}}
		if got := AppendSegments(pre, s); len(got) != len(want)+1 || got[0].Start != -1 || !slices.Equal(got[1:], want) {
			t.Errorf("AppendSegments(pre, %q) = %v: the segments %v after the one given", s, got, want)
		}
	}
}
