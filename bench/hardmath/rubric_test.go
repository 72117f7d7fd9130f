package hardmath

import (
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/testenv"
)

// PaperRubric names, per type, the rubric of matheval's own judge prompt.
func TestPaperRubricIsTheJudgePrompts(t *testing.T) {
	for typ, meta := range map[string]map[string]string{
		TypeODE:                       {"type": TypeODE},
		TypeRoots:                     {"type": TypeRoots},
		TypeIntegral + "/laplace":     {"type": TypeIntegral, "subtype": "laplace"},
		TypeIntegral + "/traditional": {"type": TypeIntegral, "subtype": "traditional"},
	} {
		p, err := JudgePrompt(bench.Item{Meta: meta, Solution: "s"}, "r")
		if err != nil {
			t.Fatal(err)
		}
		if got := JudgeRubric(p.Text); got != PaperRubric[typ] {
			t.Errorf("%s: matheval's judge prompt reads as %q, PaperRubric says %q", typ, got, PaperRubric[typ])
		}
	}
	if got := JudgeRubric(""); got != RubricNone {
		t.Errorf("no prompt: %q", got)
	}
	if got := JudgeRubric("grade the response based on the following criteria: be kind"); got != RubricOther {
		t.Errorf("unknown criteria: %q", got)
	}
}

// Every response in the authors' archive is judged with a rubric this
// reader knows, and the archive's mix is as documented: three ODE rubrics,
// two for each integral type and for roots.
func TestJudgeRubricsInTheArchive(t *testing.T) {
	run, err := gradedArchive(testenv.Shared(t, "data", "hardmath", "authors-responses-7c4885c.tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]int{}
	for _, g := range run.gs {
		if g.Skipped != "" {
			continue
		}
		if got[g.Type] == nil {
			got[g.Type] = map[string]int{}
		}
		got[g.Type][g.Rubric]++
	}
	want := map[string]map[string]int{
		TypeODE:                       {RubricExactSmallNearLarge: 324, RubricMatchOrNone: 486, RubricOrderOfMagnitude: 156},
		TypeIntegral + "/laplace":     {RubricT0Checkpoint: 240, RubricOrderOfMagnitude: 558},
		TypeIntegral + "/traditional": {RubricMatchOrNone: 227, RubricOrderOfMagnitude: 518},
		TypeRoots:                     {RubricPerRoot: 284, RubricHalfIfPartial: 545},
		TypeNondimNumeric:             {RubricNone: 1642},
		TypeNondimSymbolic:            {RubricNone: 1734},
	}
	for typ, w := range want {
		for r, n := range w {
			if got[typ][r] != n {
				t.Errorf("%s, rubric %s: %d responses, want %d", typ, r, got[typ][r], n)
			}
		}
		if len(got[typ]) != len(w) {
			t.Errorf("%s: rubrics %v, want %v", typ, got[typ], w)
		}
	}
}
