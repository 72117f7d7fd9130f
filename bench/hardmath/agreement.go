package hardmath

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"path"
	"sort"
	"strings"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// Graded is one stored response graded by matheval beside the authors'
// score.
type Graded struct {
	StoredResponse
	// Type is the category used in tables: the question type, with
	// "/laplace" or "/traditional" for integrals.
	Type string `json:"type"`
	// Item is the matched item's id ("mini/131", "eval436/201",
	// "question/traditional_integral_0shot_gpt4.json:376" when built from
	// the question alone), and Source the data file it came from.
	Item    string         `json:"item"`
	Source  string         `json:"source"`
	Verdict answer.Verdict `json:"verdict"`
	// Paper is the paper-mode score (GradePaperRubric with Rubric): the
	// grade the response's judge was told to give, against the released
	// answer.
	Paper float64 `json:"paper"`
	// Rubric names the criteria the authors' judge was given (JudgeRubric).
	Rubric string `json:"rubric"`
	// Skipped says why the response was not graded (no score, no matching
	// item); skipped responses count in no agreement figure.
	Skipped string `json:"skipped,omitempty"`
}

// Agrees reports whether matheval's score and the authors' agree within
// tol.
func (g Graded) Agrees(tol float64) bool {
	return math.Abs(g.Verdict.Score-g.Score) <= tol+1e-9
}

// Agreement tolerances: exact, and within one quarter (the judge's
// granularity: its per-regime partial credit is mostly 0, 0.5 or 1, so
// its two-regime means move in steps of 0.25).
const (
	TolExact   = 0.01
	TolQuarter = 0.25
)

// GradeResponses grades every stored response against the item whose
// question it answers. Items come from the catalog by question text;
// traditional-integral responses of the older two-regime set (in no data
// file) get an item built from their question and the ground-truth
// solution the judge was shown.
func GradeResponses(ctx context.Context, b *Benchmark, cat *Catalog, rs []StoredResponse) []Graded {
	out := make([]Graded, 0, len(rs))
	for _, r := range rs {
		if ctx.Err() != nil {
			break
		}
		qtype, sub, _ := KindType(r.Kind)
		g := Graded{StoredResponse: r, Type: qtype, Rubric: JudgeRubric(r.GradePrompt)}
		if sub != "" {
			g.Type += "/" + sub
		}
		it, src, err := responseItem(ctx, cat, r)
		switch {
		case err != nil:
			g.Skipped = err.Error()
		case !r.HasScore:
			g.Skipped = "the authors' file has no numeric score"
		}
		if g.Skipped == "" {
			g.Item, g.Source = it.ID, src
			g.Verdict = b.grade(ctx, it, r.Response, "stop")
			if ref, err := referenceFromItem(it.Extra); err == nil && len(ref.Regimes) > 0 {
				g.Paper = GradePaperRubric(ctx, ref, r.Response, "stop", g.Rubric, b.evaluator()).Score
			}
		}
		out = append(out, g)
	}
	return out
}

// responseItem finds or builds the item a response answers.
func responseItem(ctx context.Context, cat *Catalog, r StoredResponse) (bench.Item, string, error) {
	q := r.Question()
	if q == "" {
		return bench.Item{}, "", fmt.Errorf("the prompt has no \"Question: \"")
	}
	if kr, file, ok := cat.Lookup(q); ok {
		it, err := ItemOf(ctx, idPrefix(file), kr)
		return it, file, err
	}
	if r.Kind == "traditional_integral" {
		row, err := rowFromGradePrompt(q, r.GradePrompt)
		if err != nil {
			return bench.Item{}, "", fmt.Errorf("question in no data file, and %v", err)
		}
		it, err := ItemOf(ctx, "question", KeyedRow{Key: r.Key, Row: row})
		return it, "grade prompt", err
	}
	return bench.Item{}, "", fmt.Errorf("question in no data file")
}

// rowFromGradePrompt rebuilds a traditional-integral row of the older
// two-regime set from its question and the ground-truth solution quoted in
// the judge's prompt (its last boxed pair of formulas: small, then large
// epsilon).
func rowFromGradePrompt(q, gradePrompt string) (Row, error) {
	if _, err := ParseEpsIntegral(q); err != nil {
		return Row{}, err
	}
	i := strings.Index(gradePrompt, "ground truth")
	if i < 0 {
		return Row{}, fmt.Errorf("the judge's prompt quotes no ground-truth solution")
	}
	sol := gradePrompt[i:]
	if j := strings.Index(sol, "grade the response"); j >= 0 {
		sol = sol[:j]
	}
	boxes := boxedAll(sol)
	if len(boxes) == 0 {
		return Row{}, fmt.Errorf("the quoted solution has no boxed answer")
	}
	qt := TypeIntegral
	return Row{Question: q, Solution: sol, QuestionType: &qt, AnswerType: "list", AnswerVal: "$\\boxed{" + boxes[len(boxes)-1] + "}$"}, nil
}

// AgreementRow is one group's agreement figures.
type AgreementRow struct {
	Group   []string `json:"group"` // type, model, shots (some may be "all")
	N       int      `json:"n"`
	Exact   float64  `json:"exact"`   // share with |ours - theirs| <= 0.01
	Quarter float64  `json:"quarter"` // share within 0.25
	// Full is the share where both give full credit or both do not.
	Full float64 `json:"full"`
	// Ours and Theirs are the mean scores.
	Ours   float64 `json:"ours"`
	Theirs float64 `json:"theirs"`
}

// AgreementBy groups graded responses by the fields named (type, model,
// shots) and computes agreement per group, sorted by group.
func AgreementBy(gs []Graded, fields ...string) []AgreementRow {
	type acc struct {
		n, exact, quarter, full int
		ours, theirs            float64
	}
	m := map[string]*acc{}
	keys := map[string][]string{}
	for _, g := range gs {
		if g.Skipped != "" {
			continue
		}
		var grp []string
		for _, f := range fields {
			switch f {
			case "type":
				grp = append(grp, g.Type)
			case "model":
				grp = append(grp, g.Model)
			case "shots":
				grp = append(grp, fmt.Sprint(g.Shots))
			case "rubric":
				grp = append(grp, g.Rubric)
			}
		}
		k := strings.Join(grp, "\x00")
		a := m[k]
		if a == nil {
			a = &acc{}
			m[k] = a
			keys[k] = grp
		}
		a.n++
		if g.Agrees(TolExact) {
			a.exact++
		}
		if g.Agrees(TolQuarter) {
			a.quarter++
		}
		if (g.Verdict.Score >= 1) == (g.Score >= 1) {
			a.full++
		}
		a.ours += g.Verdict.Score
		a.theirs += g.Score
	}
	var out []AgreementRow
	for k, a := range m {
		n := float64(a.n)
		out = append(out, AgreementRow{Group: keys[k], N: a.n, Exact: float64(a.exact) / n, Quarter: float64(a.quarter) / n,
			Full: float64(a.full) / n, Ours: a.ours / n, Theirs: a.theirs / n})
	}
	sort.Slice(out, func(i, j int) bool { return groupLess(out[i].Group, out[j].Group) })
	return out
}

func groupLess(a, b []string) bool {
	for i := range a {
		if i >= len(b) {
			return false
		}
		if a[i] != b[i] {
			if x, y, ok := twoInts(a[i], b[i]); ok {
				return x < y
			}
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

func twoInts(a, b string) (int, int, bool) {
	var x, y int
	if _, err := fmt.Sscan(a, &x); err != nil {
		return 0, 0, false
	}
	if _, err := fmt.Sscan(b, &y); err != nil {
		return 0, 0, false
	}
	return x, y, fmt.Sprint(x) == a && fmt.Sprint(y) == b
}

// PaperWeights are the HARDMath-mini problem counts per category that the
// paper's overall accuracy weights by: nondimensionalization 129,
// polynomial roots 63, ODEs 54, integrals 120.
var PaperWeights = map[string]float64{"nondimensionalization": 129, "roots": 63, "ode": 54, "integral": 120}

// PaperCategory maps a table type to the paper's four categories.
func PaperCategory(t string) string {
	switch {
	case strings.HasPrefix(t, "nondimensionalization"):
		return "nondimensionalization"
	case t == TypeRoots:
		return "roots"
	case t == TypeODE:
		return "ode"
	case strings.HasPrefix(t, TypeIntegral):
		return "integral"
	}
	return ""
}

// PaperRow is one (model, shots) line of the paper-shaped results table:
// per category, matheval's mean score beside the mean of the authors'
// stored scores over the same responses, and the overall accuracy weighted
// 129/63/54/120.
type PaperRow struct {
	Model string `json:"model"`
	Shots int    `json:"shots"`
	// Ours, Theirs and N are keyed by category (nondimensionalization,
	// roots, ode, integral).
	Ours   map[string]float64 `json:"ours"`
	Theirs map[string]float64 `json:"theirs"`
	N      map[string]int     `json:"n"`
	// PaperMode is the paper mode's mean score per category (Graded.Paper),
	// OverallPaperMode its weighted overall.
	PaperMode        map[string]float64 `json:"paper_mode"`
	OverallPaperMode float64            `json:"overall_paper_mode"`
	// Published holds the authors' own summary's figures (the paper's
	// table, SetAuthorsSummary) by category and "overall", where it has
	// them.
	Published map[string]float64 `json:"published,omitempty"`
	// OverallOurs and OverallTheirs weight the categories present by
	// PaperWeights; Complete is false when a category is missing, so the
	// overall figures cover only some of the paper's categories.
	OverallOurs   float64 `json:"overall_ours"`
	OverallTheirs float64 `json:"overall_theirs"`
	Complete      bool    `json:"complete"`
}

// PaperTable builds the paper-shaped table. Within a category the mean is
// over responses (the paper's nondimensionalization and integral figures
// pool their two kinds the same way).
func PaperTable(gs []Graded) []PaperRow {
	type key struct {
		model string
		shots int
	}
	sums := map[key]map[string][4]float64{}
	for _, g := range gs {
		if g.Skipped != "" {
			continue
		}
		k := key{g.Model, g.Shots}
		if sums[k] == nil {
			sums[k] = map[string][4]float64{}
		}
		c := PaperCategory(g.Type)
		s := sums[k][c]
		sums[k][c] = [4]float64{s[0] + g.Verdict.Score, s[1] + g.Score, s[2] + 1, s[3] + g.Paper}
	}
	var out []PaperRow
	for k, cats := range sums {
		r := PaperRow{Model: k.model, Shots: k.shots, Ours: map[string]float64{}, Theirs: map[string]float64{}, N: map[string]int{}, PaperMode: map[string]float64{}, Complete: true}
		wsum := 0.0
		for c, w := range PaperWeights {
			s, ok := cats[c]
			if !ok {
				r.Complete = false
				continue
			}
			r.Ours[c], r.Theirs[c], r.N[c] = s[0]/s[2], s[1]/s[2], int(s[2])
			r.OverallOurs += w * s[0] / s[2]
			r.OverallTheirs += w * s[1] / s[2]
			r.PaperMode[c] = s[3] / s[2]
			r.OverallPaperMode += w * s[3] / s[2]
			wsum += w
		}
		if wsum > 0 {
			r.OverallOurs /= wsum
			r.OverallTheirs /= wsum
			r.OverallPaperMode /= wsum
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Model != out[j].Model {
			return out[i].Model < out[j].Model
		}
		return out[i].Shots < out[j].Shots
	})
	return out
}

// Disagreements returns the graded responses whose score differs from the
// authors' by more than tol.
func Disagreements(gs []Graded, tol float64) []Graded {
	var out []Graded
	for _, g := range gs {
		if g.Skipped == "" && !g.Agrees(tol) {
			out = append(out, g)
		}
	}
	return out
}

// SampleDisagreements draws up to n disagreements per type with a seeded
// generator, in a stable order (by type, then file and key), so that the
// same seed always picks the same responses.
func SampleDisagreements(gs []Graded, tol float64, n int, seed uint64) []Graded {
	byType := map[string][]Graded{}
	for _, g := range Disagreements(gs, tol) {
		byType[g.Type] = append(byType[g.Type], g)
	}
	types := make([]string, 0, len(byType))
	for t := range byType {
		types = append(types, t)
	}
	sort.Strings(types)
	var out []Graded
	for _, t := range types {
		ds := byType[t]
		sort.Slice(ds, func(i, j int) bool {
			if ds[i].File != ds[j].File {
				return ds[i].File < ds[j].File
			}
			return bench.IntLess(ds[i].Key, ds[j].Key)
		})
		r := rand.New(rand.NewPCG(seed, 0x64697361)) // one stream per type, same seed
		idx := r.Perm(len(ds))
		if len(idx) > n {
			idx = idx[:n]
		}
		sort.Ints(idx)
		for _, i := range idx {
			out = append(out, ds[i])
		}
	}
	return out
}

// AgreementReport is what grade-responses prints.
type AgreementReport struct {
	Responses   int            `json:"responses"`
	Graded      int            `json:"graded"`
	Skipped     map[string]int `json:"skipped,omitempty"` // reason -> count
	ByType      []AgreementRow `json:"by_type"`
	ByTypeModel []AgreementRow `json:"by_type_model_shots"`
	// ByTypeRubric groups by type and the rubric the authors' judge was
	// given (Graded.Rubric).
	ByTypeRubric []AgreementRow `json:"by_type_rubric"`
	Overall      AgreementRow   `json:"overall"`
	Paper        []PaperRow     `json:"paper_table"`
	// PaperModeByType is the paper mode's agreement with the authors'
	// stored scores per type (and overall, last).
	PaperModeByType []AgreementRow `json:"paper_mode_by_type"`
	// PaperModeByTypeRubric is the same by type and the judge's rubric,
	// which paper mode grades each response with (GradePaperRubric).
	PaperModeByTypeRubric []AgreementRow `json:"paper_mode_by_type_rubric"`
	// JudgeConsistency compares, per type, the authors' stored score with
	// the final grade their own judge boxed in the stored grade_response.
	JudgeConsistency []JudgeConsistency `json:"judge_consistency,omitempty"`
	// Checked counts, per type, whose score the numerical check sides with
	// on every disagreement beyond 0.25 (CheckDisagreements; set by the
	// caller, which holds the catalog).
	Checked map[string]WhoIsRight `json:"numerical_check,omitempty"`
	// PaperGaps sorts, per model and shots, the responses where paper mode
	// and the stored score differ into causes (PaperGaps).
	PaperGaps     []PaperGap `json:"paper_gaps,omitempty"`
	Disagreements []Graded   `json:"disagreements"`
}

// JudgeConsistency counts, for one type, the graded responses whose stored
// judge reply ends in a boxed score (Judged), those where that score and
// the stored score differ by more than 0.01 (Differ), and matheval's exact
// agreement with the judge's boxed score (AgreeBoxed), beside its exact
// agreement with the stored score on the same responses (AgreeStored).
// Where they differ the stored score is not the grade its own judge text
// gives, so neither can be taken as the rubric's verdict without the other.
// AgreeConsistent is matheval's exact agreement on the other Judged-Differ
// responses, where the stored score and the judge's box are one grade.
type JudgeConsistency struct {
	Type            string  `json:"type"`
	Judged          int     `json:"judged"`
	Differ          int     `json:"differ"`
	AgreeBoxed      float64 `json:"agree_boxed"`
	AgreeStored     float64 `json:"agree_stored"`
	AgreeConsistent float64 `json:"agree_consistent"`
}

// judgeConsistency computes JudgeConsistency per type, for the types with
// stored judge replies.
func judgeConsistency(gs []Graded) []JudgeConsistency {
	type acc struct{ judged, differ, boxed, stored, consistent int }
	m := map[string]*acc{}
	for _, g := range gs {
		if g.Skipped != "" || g.GradeResponse == "" {
			continue
		}
		v, err := ParseJudgeScore(g.GradeResponse)
		if err != nil {
			continue
		}
		a := m[g.Type]
		if a == nil {
			a = &acc{}
			m[g.Type] = a
		}
		a.judged++
		differ := math.Abs(v-g.Score) > TolExact
		if differ {
			a.differ++
		}
		if math.Abs(v-g.Verdict.Score) <= TolExact+1e-9 {
			a.boxed++
		}
		if g.Agrees(TolExact) {
			a.stored++
			if !differ {
				a.consistent++
			}
		}
	}
	var out []JudgeConsistency
	for t, a := range m {
		n := float64(a.judged)
		c := JudgeConsistency{Type: t, Judged: a.judged, Differ: a.differ,
			AgreeBoxed: float64(a.boxed) / n, AgreeStored: float64(a.stored) / n}
		if k := a.judged - a.differ; k > 0 {
			c.AgreeConsistent = float64(a.consistent) / float64(k)
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Type < out[j].Type })
	return out
}

// NewAgreementReport summarises graded responses; disagreements are those
// beyond the quarter tolerance.
func NewAgreementReport(gs []Graded) AgreementReport {
	rep := AgreementReport{Responses: len(gs), Skipped: map[string]int{}}
	for _, g := range gs {
		if g.Skipped != "" {
			rep.Skipped[g.Skipped]++
		} else {
			rep.Graded++
		}
	}
	rep.ByType = AgreementBy(gs, "type")
	rep.ByTypeModel = AgreementBy(gs, "type", "model", "shots")
	rep.ByTypeRubric = AgreementBy(gs, "type", "rubric")
	if all := AgreementBy(gs); len(all) == 1 {
		rep.Overall = all[0]
		rep.Overall.Group = []string{"all"}
	}
	rep.Paper = PaperTable(gs)
	pv := paperView(gs)
	rep.PaperModeByType = AgreementBy(pv, "type")
	rep.PaperModeByTypeRubric = AgreementBy(pv, "type", "rubric")
	if all := AgreementBy(pv); len(all) == 1 {
		all[0].Group = []string{"all"}
		rep.PaperModeByType = append(rep.PaperModeByType, all[0])
	}
	rep.JudgeConsistency = judgeConsistency(gs)
	rep.PaperGaps = PaperGaps(gs)
	rep.Disagreements = Disagreements(gs, TolQuarter)
	return rep
}

// WriteText prints the agreement tables, the paper-shaped table and, when
// listAll, every disagreement with matheval's reason.
func (rep AgreementReport) WriteText(w io.Writer, listAll bool) {
	fmt.Fprintf(w, "%d stored responses, %d graded", rep.Responses, rep.Graded)
	if n := rep.Responses - rep.Graded; n > 0 {
		fmt.Fprintf(w, ", %d skipped:", n)
		var rs []string
		for r := range rep.Skipped {
			rs = append(rs, r)
		}
		sort.Strings(rs)
		for _, r := range rs {
			fmt.Fprintf(w, "\n  %4d  %s", rep.Skipped[r], r)
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "\nagreement with the authors' stored scores (exact: |ours-theirs| <= 0.01; quarter: <= 0.25; full: both full credit or both not)")
	writeAgreement(w, append(rep.ByType, rep.Overall), []string{"type"})
	fmt.Fprintln(w, "\nby type, model and shots")
	writeAgreement(w, rep.ByTypeModel, []string{"type", "model", "shots"})
	fmt.Fprintln(w, "\nby type and the rubric the authors' judge was given (read from its prompt; * the paper's, which matheval follows)")
	writeAgreement(w, starPaperRubric(rep.ByTypeRubric), []string{"type", "rubric"})
	fmt.Fprintln(w, "\npaper mode (graded as each response's judge was told: against the released answers, with the rubric in its prompt, credit 0 / 0.5 / 1) beside the authors' stored scores")
	writeAgreement(w, rep.PaperModeByType, []string{"type"})
	fmt.Fprintln(w, "\npaper mode by type and the rubric the authors' judge was given (* the paper's)")
	writeAgreement(w, starPaperRubric(rep.PaperModeByTypeRubric), []string{"type", "rubric"})
	fmt.Fprintln(w, "\npaper-shaped table: matheval's accuracy / paper mode / mean of the authors' scores (paper mode minus theirs), percent (overall weighted 129/63/54/120)")
	fmt.Fprintf(w, "%-12s %5s  %-26s %-26s %-26s %-26s %-26s\n", "model", "shots", "nondim", "roots", "ode", "integral", "overall")
	cell := func(ours, paper, theirs float64) string {
		return fmt.Sprintf("%5.1f / %5.1f / %5.1f (%+5.1f)", 100*ours, 100*paper, 100*theirs, 100*(paper-theirs))
	}
	for _, r := range rep.Paper {
		fmt.Fprintf(w, "%-12s %5d", r.Model, r.Shots)
		for _, c := range []string{"nondimensionalization", "roots", "ode", "integral"} {
			if _, ok := r.N[c]; !ok {
				fmt.Fprintf(w, "  %-26s", "-")
				continue
			}
			fmt.Fprintf(w, "  %-26s", cell(r.Ours[c], r.PaperMode[c], r.Theirs[c]))
		}
		star := ""
		if !r.Complete {
			star = " (partial: not every category)"
		}
		fmt.Fprintf(w, "  %s%s\n", cell(r.OverallOurs, r.OverallPaperMode, r.OverallTheirs), star)
	}
	rep.writePublished(w)
	if len(rep.JudgeConsistency) > 0 {
		fmt.Fprintln(w, "\nthe authors' stored score beside their judge's own boxed grade (in the stored grade_response)")
		fmt.Fprintln(w, "matheval's exact agreement: with the boxed grade / with the stored score / with the stored score where the two are one grade")
		fmt.Fprintf(w, "%-24s %7s %7s  %s\n", "type", "judged", "differ", "boxed / stored / where one grade")
		for _, c := range rep.JudgeConsistency {
			fmt.Fprintf(w, "%-24s %7d %7d  %.3f / %.3f / %.3f\n", c.Type, c.Judged, c.Differ, c.AgreeBoxed, c.AgreeStored, c.AgreeConsistent)
		}
	}
	if len(rep.Checked) > 0 {
		fmt.Fprintln(w, "\nthe numerical check on every disagreement beyond 0.25: whose score it is closer to (and within 0.25 of)")
		fmt.Fprintln(w, "(roots: the companion matrix's roots; Laplace integrals: quadrature; traditional integrals: quadrature, which matheval grades against already;")
		fmt.Fprintln(w, " ODEs: the numerical solution at large x, the key's series at small x as the rubric says; nondimensionalization: epsilon from the coefficients)")
		fmt.Fprintf(w, "%-32s %8s %8s %8s %9s %7s\n", "type", "matheval", "authors", "neither", "unchecked", "by key")
		types := make([]string, 0, len(rep.Checked))
		for t := range rep.Checked {
			types = append(types, t)
		}
		sort.Strings(types)
		for _, t := range types {
			c := rep.Checked[t]
			fmt.Fprintf(w, "%-32s %8d %8d %8d %9d %7d\n", t, c.Matheval, c.Authors, c.Neither, c.Unchecked, c.ByKey)
		}
	}
	fmt.Fprintf(w, "\n%d disagreements beyond 0.25", len(rep.Disagreements))
	if !listAll {
		fmt.Fprintln(w, " (--list prints them)")
		return
	}
	fmt.Fprintln(w, ":")
	for _, g := range rep.Disagreements {
		WriteGraded(w, g)
	}
}

// WriteGraded prints one graded response in one or two lines.
func WriteGraded(w io.Writer, g Graded) {
	fmt.Fprintf(w, "  %s #%s (%s, %s %d-shot, item %s): matheval %.3g, authors %.3g — %s\n", path.Base(g.File), g.Key, g.Type, g.Model, g.Shots, g.Item, g.Verdict.Score, g.Score, oneLine(g.Verdict.Reason, 400))
}

func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func writeAgreement(w io.Writer, rows []AgreementRow, head []string) {
	width := func(h string) int {
		switch h {
		case "type":
			return 32
		case "rubric":
			return 26
		}
		return 12
	}
	for _, h := range head {
		fmt.Fprintf(w, "%-*s ", width(h), h)
	}
	fmt.Fprintf(w, "%6s %7s %7s %7s %7s %7s\n", "n", "exact", "quarter", "full", "ours", "theirs")
	for _, r := range rows {
		for i, g := range r.Group {
			wd := 12
			if i < len(head) {
				wd = width(head[i])
			}
			fmt.Fprintf(w, "%-*s ", wd, g)
		}
		for i := len(r.Group); i < len(head); i++ {
			fmt.Fprintf(w, "%-*s ", width(head[i]), "")
		}
		fmt.Fprintf(w, "%6d %7.3f %7.3f %7.3f %7.3f %7.3f\n", r.N, r.Exact, r.Quarter, r.Full, r.Ours, r.Theirs)
	}
}

// paperView returns gs with each verdict's score replaced by the paper
// mode's, so that the agreement tables can be computed for paper mode.
func paperView(gs []Graded) []Graded {
	out := make([]Graded, len(gs))
	for i, g := range gs {
		g.Verdict.Score = g.Paper
		out[i] = g
	}
	return out
}

// starPaperRubric marks with * the rows whose rubric is the paper's.
func starPaperRubric(in []AgreementRow) []AgreementRow {
	rows := make([]AgreementRow, len(in))
	for i, r := range in {
		rows[i] = r
		if PaperRubric[r.Group[0]] == r.Group[1] {
			rows[i].Group = []string{r.Group[0], r.Group[1] + " *"}
		}
	}
	return rows
}

// ArchiveShort lists the paper's categories for which the archive holds
// fewer of r's responses than the paper's evaluation set has problems
// (PaperWeights' counts), less the shots (a k-shot file leaves out the k
// problems used as examples: 58 of the 63 roots at 5 shots, 110 of the 120
// integrals, whose two kinds have a file each): "roots 35 of 63". Such a
// column's table figure and paper mode average what the archive holds, so
// they need not agree with a full run.
func (r PaperRow) ArchiveShort() []string {
	var out []string
	for _, c := range []string{"nondimensionalization", "roots", "ode", "integral"} {
		want, files := int(PaperWeights[c]), 1
		if c == "nondimensionalization" || c == "integral" {
			files = 2
		}
		if n, ok := r.N[c]; ok && n < want-files*r.Shots {
			out = append(out, fmt.Sprintf("%s %d of %d", c, n, want))
		}
	}
	return out
}

// writePublished prints paper mode beside the authors' own summary (the
// paper's table) for the model/shot combinations the summary gives an
// overall figure for, and counts those within 3 points overall, of all and
// of those the archive holds completely (ArchiveShort).
func (rep AgreementReport) writePublished(w io.Writer) {
	n, within, complete, completeWithin := 0, 0, 0, 0
	for _, r := range rep.Paper {
		if _, ok := r.Published["overall"]; ok && r.Complete {
			n++
		}
	}
	if n == 0 {
		return
	}
	fmt.Fprintf(w, "\nthe paper's table (the authors' %s) beside paper mode: paper mode / paper (difference), percent\n", AuthorsSummaryFile)
	fmt.Fprintf(w, "%-12s %5s  %-21s %-21s %-21s %-21s %-21s\n", "model", "shots", "nondim", "roots", "ode", "integral", "overall")
	for _, r := range rep.Paper {
		pub, ok := r.Published["overall"]
		if !ok || !r.Complete {
			continue
		}
		fmt.Fprintf(w, "%-12s %5d", r.Model, r.Shots)
		for _, c := range []string{"nondimensionalization", "roots", "ode", "integral"} {
			p, ok := r.Published[c]
			if !ok {
				fmt.Fprintf(w, "  %-21s", "-")
				continue
			}
			fmt.Fprintf(w, "  %-21s", fmt.Sprintf("%5.1f / %5.1f (%+5.1f)", 100*r.PaperMode[c], 100*p, 100*(r.PaperMode[c]-p)))
		}
		d := 100 * (r.OverallPaperMode - pub)
		mark := ""
		short := r.ArchiveShort()
		if len(short) == 0 {
			complete++
		}
		if math.Abs(d) <= 3 {
			within++
			mark = " *"
			if len(short) == 0 {
				completeWithin++
			}
		}
		if len(short) > 0 {
			mark += " (archive incomplete: " + strings.Join(short, ", ") + ")"
		}
		fmt.Fprintf(w, "  %5.1f / %5.1f (%+5.1f)%s\n", 100*r.OverallPaperMode, 100*pub, d, mark)
	}
	fmt.Fprintf(w, "%d of %d within 3 points overall (*); %d of the %d the archive holds completely\n", within, n, completeWithin, complete)
	// Where a column is off, say why, response by response: the causes of
	// the distance between paper mode and the stored scores (whose mean the
	// table is, where the archive is complete).
	for _, r := range rep.Paper {
		pub, ok := r.Published["overall"]
		if !ok || !r.Complete || math.Abs(100*(r.OverallPaperMode-pub)) <= 3 {
			continue
		}
		fmt.Fprintf(w, "  %s %d-shot: paper mode %+.1f from the paper, %+.1f from the stored scores' mean; responses where paper mode and the stored score differ, by cause (points of the overall):\n",
			r.Model, r.Shots, 100*(r.OverallPaperMode-pub), 100*(r.OverallPaperMode-r.OverallTheirs))
		for _, g := range rep.PaperGaps {
			if g.Model == r.Model && g.Shots == r.Shots {
				fmt.Fprintf(w, "    %4d  %+5.1f  %s\n", g.Responses, g.Points, g.Cause)
			}
		}
	}
}

// PaperGap is one cause of a (model, shots) column's distance between
// paper mode and the authors' stored scores: the responses where the two
// differ by more than 0.01 for that cause, and the points (percent of the
// overall, weighted 129/63/54/120) they move paper mode's overall by
// against the stored scores' mean.
type PaperGap struct {
	Model     string  `json:"model"`
	Shots     int     `json:"shots"`
	Cause     string  `json:"cause"`
	Responses int     `json:"responses"`
	Points    float64 `json:"points"`
}

// The causes PaperGaps sorts responses into. The judge's credit for the
// working without a final formula, its partial credit to a formula off the
// key and its per-root counting are judgements no stated rule decides
// here: they are what keeps a column from the paper's table.
const (
	GapNondim        = "nondimensionalization: the stored sympy score and paper mode's reading of it differ"
	GapNoFormula     = "the judge credited the working: no box, or a final formula matheval cannot evaluate (symbolic constants A, C, x^*, f(t_0))"
	GapRootsMore     = "roots: the judge credited more roots than matched the key's (a partial list read as a whole regime)"
	GapRootsLess     = "roots: the judge credited fewer roots than matched the key's"
	GapPartialCredit = "the judge gave partial credit to a final formula paper mode finds off the key"
	GapLessCredit    = "the judge gave less credit than paper mode (a formula within 10% of the key read as not matching its digits, or no checkpoint credit)"
)

// PaperGaps sorts, per model and shots, every graded response where paper
// mode and the stored score differ by more than 0.01 into a cause.
func PaperGaps(gs []Graded) []PaperGap {
	type key struct {
		model string
		shots int
	}
	n := map[key]map[string]int{}
	for _, g := range gs {
		if g.Skipped != "" {
			continue
		}
		k := key{g.Model, g.Shots}
		if n[k] == nil {
			n[k] = map[string]int{}
		}
		n[k][PaperCategory(g.Type)]++
	}
	wsum := 0.0
	for _, w := range PaperWeights {
		wsum += w
	}
	type gk struct {
		key
		cause string
	}
	acc := map[gk]*PaperGap{}
	for _, g := range gs {
		d := g.Paper - g.Score
		if g.Skipped != "" || math.Abs(d) <= TolExact {
			continue
		}
		k := key{g.Model, g.Shots}
		c := PaperCategory(g.Type)
		roots := g.Type == TypeRoots || g.Type == TypeRootCorrections
		var cause string
		switch {
		case c == "nondimensionalization":
			cause = GapNondim
		case d < 0 && (g.Verdict.Kind == answer.NoAnswer || g.Verdict.Kind == answer.Unparsable || g.Verdict.Kind == answer.Incomplete):
			cause = GapNoFormula
		case roots && d < 0:
			cause = GapRootsMore
		case roots:
			cause = GapRootsLess
		case d < 0:
			cause = GapPartialCredit
		default:
			cause = GapLessCredit
		}
		p := acc[gk{k, cause}]
		if p == nil {
			p = &PaperGap{Model: k.model, Shots: k.shots, Cause: cause}
			acc[gk{k, cause}] = p
		}
		p.Responses++
		p.Points += 100 * d / float64(n[k][c]) * PaperWeights[c] / wsum
	}
	out := make([]PaperGap, 0, len(acc))
	for _, p := range acc {
		out = append(out, *p)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Model != b.Model || a.Shots != b.Shots {
			return a.Model < b.Model || a.Model == b.Model && a.Shots < b.Shots
		}
		return math.Abs(a.Points) > math.Abs(b.Points)
	})
	return out
}
