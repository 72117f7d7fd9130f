package equiv

import (
	"strings"
	"testing"
)

func TestDbgPerturb(t *testing.T) {
	items := loadMATH500(t)
	n := 0
	for _, it := range items {
		g := it.gold
		var vars []string
		for i := 0; i < len(g); i++ {
			if g[i] >= '0' && g[i] <= '9' {
				b := []byte(g)
				b[i] = '0' + (b[i]-'0'+3)%10
				vars = append(vars, string(b))
			}
		}
		if strings.Contains(g, "+") {
			vars = append(vars, strings.Replace(g, "+", "-", 1))
		}
		if strings.Contains(g, "(") && strings.Contains(g, ")") {
			vars = append(vars, strings.Replace(strings.Replace(g, "(", "[", 1), ")", "]", 1))
		}
		vars = append(vars, "-"+g, g+"+1", "2"+g)
		for _, v := range vars {
			n++
			r := Compare(g, v, Options{})
			if r.Outcome == Equal {
				t.Logf("EQUAL %q vs %q: %v", g, v, r)
			}
		}
	}
	t.Log(n)
}
