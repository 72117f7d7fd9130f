package equiv

import (
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/latex"
)

func TestDbgJ(t *testing.T) {
	for _, s := range []string{strings.Repeat("J", 3500), strings.Repeat("J", 3500) + "1", strings.Repeat("ab", 1750)} {
		st := time.Now()
		_, err := latex.Parse(s)
		t.Log(time.Since(st), err)
		st = time.Now()
		r := Compare(s, "d\x00", Options{Timeout: 20 * time.Millisecond})
		t.Log(time.Since(st), r)
	}
}
