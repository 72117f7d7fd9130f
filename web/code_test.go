package web

import (
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
)

// Formal code (miniF2F) is shown as it is: Metamath's "$" keywords never
// become formulas.
func TestRenderCode(t *testing.T) {
	it := bench.Item{Meta: map[string]string{"format": "code"}}
	if !isCode(it) || isCode(bench.Item{}) {
		t.Fatal("isCode")
	}
	got := string(renderCode("th $p |- x < y $= a b $.", 0))
	if got != `<pre class="code">th $p |- x &lt; y $= a b $.</pre>` {
		t.Fatalf("got %s", got)
	}
	if s := string(renderFull("th $p |- x $= a $.")); !strings.Contains(s, "<math") {
		t.Fatalf("the prose renderer no longer makes formulas of $...$ (%s): this test's premise changed", s)
	}
	if got := string(renderCode("abcdef", 3)); got != `<pre class="code">abc …</pre>` {
		t.Fatalf("short: %s", got)
	}
}
