package texscan

import (
	"math/rand/v2"
	"testing"
)

// Partners agrees with Match on every opening brace of random texts of
// braces, escaped braces, commands and letters.
func TestPartnersAgreesWithMatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 3))
	pieces := []string{"{", "}", `\{`, `\}`, `\boxed{`, "a", " ", `\frac`, "1", "$", `\\`}
	for trial := 0; trial < 2000; trial++ {
		var s string
		for k := rng.IntN(40); k > 0; k-- {
			s += pieces[rng.IntN(len(pieces))]
		}
		p := Partners(s, Braces, Limits{})
		if p == nil {
			t.Fatalf("Partners(%q) = nil", s)
		}
		sc := NewScanner(s, 0)
		for {
			tok, ok := sc.Next()
			if !ok {
				break
			}
			if tok.Kind != Open || tok.Text != "{" {
				continue
			}
			g, err := Match(s, tok.Pos, Braces, Limits{})
			close, found := p[tok.Pos]
			if (err == nil) != found || err == nil && g.InnerEnd != close {
				t.Fatalf("%q at %d: Match %v %v, Partners %d %v", s, tok.Pos, g, err, close, found)
			}
		}
	}
}
