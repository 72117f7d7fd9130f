package mathml

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/jsonl"
)

// TestMATH500 converts every formula of the MATH-500 problems and solutions
// (from ../shared, skipped when absent): none may fail or give malformed
// MathML. Commands the converter does not know are counted and logged.
func TestMATH500(t *testing.T) {
	all, err := jsonl.ReadFile[struct{ Problem, Solution, Answer string }](testenv.Shared(t, "data", "math500", "test.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	unknown := map[string]int{}
	unknownRE := regexp.MustCompile(`<mtext>(\\[A-Za-z]+)</mtext>`)
	formulas, rows := 0, 0
	for _, row := range all {
		rows++
		for _, text := range []string{row.Problem, row.Solution, "$" + row.Answer + "$"} {
			for _, seg := range Split(text) {
				if !seg.Math {
					continue
				}
				formulas++
				out, err := Convert(seg.Text, seg.Display)
				if err != nil {
					t.Errorf("%q: %v", seg.Raw, err)
					continue
				}
				wellFormed(t, seg.Text, out)
				for _, m := range unknownRE.FindAllStringSubmatch(out, -1) {
					unknown[m[1]]++
				}
			}
		}
	}
	var names []string
	total := 0
	for k, n := range unknown {
		names = append(names, k)
		total += n
	}
	sort.Slice(names, func(i, j int) bool { return unknown[names[i]] > unknown[names[j]] })
	t.Logf("%d rows, %d formulas converted; %d unknown command uses: %s", rows, formulas, total, strings.Join(names, " "))
	if rows != 500 {
		t.Errorf("read %d rows, want 500", rows)
	}
	// Unknown commands must stay rare: they show as text, not as mathematics.
	if total*100 > formulas {
		t.Errorf("%d unknown command uses in %d formulas (over 1%%)", total, formulas)
	}
}
