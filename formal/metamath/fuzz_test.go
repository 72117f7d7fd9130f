package metamath

import (
	"strings"
	"testing"
)

// FuzzVerifyText: no input makes the verifier panic (an "internal error"
// is a recovered panic), and every message stays short.
func FuzzVerifyText(f *testing.F) {
	for _, s := range []string{demoHead + th1Normal, demoHead + th1Compressed, dvHead, "$c a $. $ $c a $.",
		"${ $[ x $] $}", doublingProof(8, "*"), "$( unclosed", "$c wff $. $v x $. $d x x $."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<16 {
			return
		}
		res := VerifyText("fuzz.mm", []byte(s), Options{Jobs: 1})
		for _, e := range res.Errors {
			if strings.Contains(e.Msg, "internal error") {
				t.Fatalf("%q: %v", s, e)
			}
			if len(e.Error()) > 8000 {
				t.Fatalf("%q: message of %d bytes", s, len(e.Error()))
			}
		}
	})
}
