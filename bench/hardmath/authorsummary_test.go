package hardmath

import (
	"bytes"
	"context"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
)

func TestParseAuthorsSummary(t *testing.T) {
	csv := "problem_type,problem_num,gpt4turbo_5shot,llama3_10shot\n" +
		"overall,366,43.76803279,\n" +
		"root_finding,63,57.3,\n" +
		"ode,54,21.7,16.67\n"
	s, err := parseAuthorsSummary("x.csv", []byte(csv))
	if err != nil {
		t.Fatal(err)
	}
	if got := s["gpt4/5"]["overall"]; math.Abs(got-0.4376803279) > 1e-12 {
		t.Errorf("gpt4/5 overall = %v", got)
	}
	if _, ok := s["llama3/10"]["overall"]; ok {
		t.Error("an empty cell became a figure")
	}
	if math.Abs(s["llama3/10"]["ode"]-0.1667) > 1e-12 || math.Abs(s["gpt4/5"]["roots"]-0.573) > 1e-12 {
		t.Errorf("figures %v", s)
	}
	for _, bad := range []string{
		"problem_type,problem_num,gpt4turbo_5shot\nintegral,120,forty\n",
		"problem_type,problem_num,gpt4turbo_5shot\nwords,40,3\n",
		"problem_type,problem_num,gpt4turbo\node,54,3\n",
		"model,n\n",
	} {
		if _, err := parseAuthorsSummary("x.csv", []byte(bad)); err == nil || !strings.Contains(err.Error(), "x.csv") {
			t.Errorf("%q: err = %v, want one naming the file", bad, err)
		}
	}
}

// The Done-when: paper mode on the authors' archive within 3 points
// of the paper's table (the authors' summary) for each model and shots the
// summary has an overall figure for. Measured: 5 of the 12. Paper mode
// grades each stored response as its judge was told (the archive's
// earlier rubrics too) and reads the nondimensionalization epsilon as the
// paper's sympy check did (the a_i's signs unknown, a letter before a
// parenthesis a function call); with that, nondimensionalization agrees
// with the stored scores on 99.8% of the symbolic answers, and the columns
// it had carried within 3 (GPT-4 1- and 5-shot, nondimensionalization up
// to 14 points over the stored scores) show their shortfall in roots and
// integrals: the judge's credit for working without an evaluable formula
// and for partial root lists, which no stated rule gives (PaperGaps counts
// them). The test holds the 5, that every column off by more than 3 has
// its causes printed, and that paper mode agrees with the stored scores
// more often than matheval's headline does.
func TestPaperModeBesideThePaperTable(t *testing.T) {
	archive := testenv.Shared(t, "data", "hardmath", "authors-responses-7c4885c.tar.gz")
	run, err := gradedArchive(archive)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := ReadAuthorsSummary([]string{archive})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum) < 12 {
		t.Fatalf("summary has %d model/shot columns, want the archive's 16", len(sum))
	}
	rep := NewAgreementReport(run.gs)
	rep.SetAuthorsSummary(sum)
	within := map[string]bool{}
	for _, r := range rep.Paper {
		pub, ok := r.Published["overall"]
		if !ok || !r.Complete {
			continue
		}
		d := 100 * (r.OverallPaperMode - pub)
		t.Logf("%-10s %2d-shot: paper mode %5.1f, paper %5.1f (%+.1f)", r.Model, r.Shots, 100*r.OverallPaperMode, 100*pub, d)
		within[r.Model+"/"+strconv.Itoa(r.Shots)] = math.Abs(d) <= 3
	}
	for _, k := range []string{"codellama/0", "gpt3.5/1", "gpt3.5/5", "llama3/0", "llama3/5"} {
		if !within[k] {
			t.Errorf("%s: paper mode more than 3 points from the paper's table", k)
		}
	}
	var buf bytes.Buffer
	rep.WriteText(&buf, false)
	if !strings.Contains(buf.String(), "the paper's table (the authors' test_accuracy_summary.csv)") || !strings.Contains(buf.String(), "the archive holds completely") {
		t.Error("grade-responses' text lacks the paper's table")
	}
	for k, ok := range within {
		model, shots, _ := strings.Cut(k, "/")
		if !ok && !strings.Contains(buf.String(), "  "+model+" "+shots+"-shot: paper mode ") {
			t.Errorf("%s is more than 3 points off and its causes are not printed", k)
		}
	}
	// The causes account for the whole distance from the stored scores.
	for _, r := range rep.Paper {
		sum := 0.0
		for _, g := range rep.PaperGaps {
			if g.Model == r.Model && g.Shots == r.Shots {
				sum += g.Points
			}
		}
		if r.Complete && math.Abs(sum-100*(r.OverallPaperMode-r.OverallTheirs)) > 0.2 {
			t.Errorf("%s/%d: causes sum to %+.2f points, paper mode is %+.2f from the stored scores", r.Model, r.Shots, sum, 100*(r.OverallPaperMode-r.OverallTheirs))
		}
	}
	if p, m := rep.PaperModeByType[len(rep.PaperModeByType)-1].Exact, rep.Overall.Exact; p <= m {
		t.Errorf("paper mode's exact agreement with the stored scores %.3f, matheval's %.3f; want paper mode higher", p, m)
	}
	for _, r := range rep.PaperModeByType {
		if r.Group[0] == TypeNondimSymbolic && r.Exact < 0.99 {
			t.Errorf("symbolic nondimensionalization: paper mode agrees exactly on %.3f, want at least 0.99 (0.998 measured)", r.Exact)
		}
	}
	// Paper mode is meant to follow the paper's rubric: where the judge was
	// given the Laplace checkpoint rubric, paper mode agrees more often
	// than matheval's headline does.
	exact := func(rows []AgreementRow) float64 {
		for _, r := range rows {
			if r.Group[0] == TypeIntegral+"/laplace" && r.Group[1] == RubricT0Checkpoint {
				return r.Exact
			}
		}
		return -1
	}
	if p, m := exact(rep.PaperModeByTypeRubric), exact(rep.ByTypeRubric); p <= m {
		t.Errorf("Laplace under the checkpoint rubric: paper mode exact agreement %.3f, matheval %.3f; want paper mode higher", p, m)
	}
}

// grade-responses' per-type count of whom the numerical check sides with,
// over every disagreement beyond 0.25: every type is checked, every
// disagreement counted once, and roots and integrals are decided.
func TestCheckDisagreementsPerType(t *testing.T) {
	run, err := gradedArchive(testenv.Shared(t, "data", "hardmath", "authors-responses-7c4885c.tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	tally := CheckDisagreements(context.Background(), New(), run.cat, run.gs, TolQuarter)
	total := 0
	for typ, c := range tally {
		n := c.Matheval + c.Authors + c.Neither + c.Unchecked
		total += n
		t.Logf("%-32s matheval %4d authors %3d neither %3d unchecked %3d by key %3d", typ, c.Matheval, c.Authors, c.Neither, c.Unchecked, c.ByKey)
	}
	if want := len(Disagreements(run.gs, TolQuarter)); total != want {
		t.Errorf("tally counts %d responses, want the %d disagreements", total, want)
	}
	for _, typ := range []string{TypeRoots, TypeIntegral + "/laplace", TypeIntegral + "/traditional", TypeODE} {
		c, ok := tally[typ]
		if !ok || c.Matheval+c.Authors == 0 || c.Unchecked > (c.Matheval+c.Authors+c.Neither)/10 {
			t.Errorf("%s: %+v, want decided disagreements", typ, c)
		}
	}
	rep := NewAgreementReport(run.gs)
	rep.Checked = tally
	var buf bytes.Buffer
	rep.WriteText(&buf, false)
	if !strings.Contains(buf.String(), "the numerical check on every disagreement beyond 0.25") {
		t.Error("the report does not print the tally")
	}
}

// A column is short where the archive holds fewer responses than the
// paper's problems, less the few-shot examples each file leaves out.
func TestArchiveShort(t *testing.T) {
	full := map[string]int{"nondimensionalization": 129, "roots": 63, "ode": 54, "integral": 120}
	five := map[string]int{"nondimensionalization": 119, "roots": 58, "ode": 49, "integral": 110}
	o1 := map[string]int{"nondimensionalization": 129, "roots": 35, "ode": 54, "integral": 107}
	for _, c := range []struct {
		r    PaperRow
		want string
	}{
		{PaperRow{Shots: 0, N: full}, ""},
		{PaperRow{Shots: 5, N: five}, ""},
		{PaperRow{Shots: 0, N: five}, "nondimensionalization 119 of 129, roots 58 of 63, ode 49 of 54, integral 110 of 120"},
		{PaperRow{Shots: 5, N: o1}, "roots 35 of 63, integral 107 of 120"},
		{PaperRow{Shots: 0, N: map[string]int{"ode": 54}}, ""}, // absent categories are Complete's business
	} {
		if got := strings.Join(c.r.ArchiveShort(), ", "); got != c.want {
			t.Errorf("shots %d, %v: %q, want %q", c.r.Shots, c.r.N, got, c.want)
		}
	}
}
