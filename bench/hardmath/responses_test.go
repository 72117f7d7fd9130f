package hardmath

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/testenv"
)

// The whole archive of the authors' stored responses: every response is
// matched to an item, and agreement with the authors' scores reaches the
// levels issue 15 asks for on roots and ODEs.
// gradedArchive grades the whole archive once for the tests that use it.
func gradedArchive(archive string) (archiveRun, error) {
	archiveOnce.Do(func() { archiveRes, archiveErr = gradeArchive(archive) })
	return archiveRes, archiveErr
}

var (
	archiveOnce sync.Once
	archiveRes  archiveRun
	archiveErr  error
)

func gradeArchive(archive string) (archiveRun, error) {
	var r archiveRun
	cat, err := NewCatalog(DefaultCatalogFiles(archive)...)
	if err != nil {
		return r, err
	}
	rs, err := ReadResponses([]string{archive})
	if err != nil {
		return r, err
	}
	r.cat, r.rs = cat, rs
	r.gs = GradeResponses(context.Background(), New(), cat, rs)
	return r, nil
}

type archiveRun struct {
	cat *Catalog
	rs  []StoredResponse
	gs  []Graded
}

func TestAuthorsArchiveAgreement(t *testing.T) {
	run, err := gradedArchive(testenv.Shared(t, "data", "hardmath", "authors-responses-7c4885c.tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if len(run.rs) < 6000 {
		t.Fatalf("read %d responses, want the archive's 6,718", len(run.rs))
	}
	gs := run.gs
	rep := NewAgreementReport(gs)
	for reason, n := range rep.Skipped {
		if !strings.Contains(reason, "no numeric score") || n > 4 {
			t.Errorf("%d responses skipped: %s", n, reason)
		}
	}
	want := map[string]float64{TypeRoots: 0.8, TypeODE: 0.8, TypeNondimNumeric: 0.95, TypeNondimSymbolic: 0.85}
	for _, r := range rep.ByType {
		t.Logf("%-32s n=%4d exact %.3f quarter %.3f full %.3f ours %.3f theirs %.3f", r.Group[0], r.N, r.Exact, r.Quarter, r.Full, r.Ours, r.Theirs)
		if w, ok := want[r.Group[0]]; ok && r.Quarter < w {
			t.Errorf("%s: agreement within a quarter %.3f, want at least %.2f", r.Group[0], r.Quarter, w)
		}
	}
	// Where the stored score is the grade the authors' own judge boxed,
	// matheval's exact agreement on ODEs reaches the 0.8; over every
	// stored score it is lower because about one ODE score in eight is not
	// its judge's grade (TestJudgeConsistency).
	for _, c := range rep.JudgeConsistency {
		t.Logf("%-24s judged %4d differ %3d  agreement: boxed %.3f stored %.3f where one grade %.3f", c.Type, c.Judged, c.Differ, c.AgreeBoxed, c.AgreeStored, c.AgreeConsistent)
		if c.Type == TypeODE && c.AgreeConsistent < 0.8 {
			t.Errorf("ODE: exact agreement %.3f where the stored score is the judge's boxed grade, want at least 0.8", c.AgreeConsistent)
		}
	}
	// The paper's table: the authors' means for GPT-4 5-shot (test_accuracy_summary.csv:
	// nondimensionalization 48.6, roots 57.3, ODE 21.7, integrals 41.4).
	for _, p := range rep.Paper {
		if p.Model == "gpt4" && p.Shots == 5 {
			for c, w := range map[string]float64{"nondimensionalization": 0.486, "roots": 0.573, "ode": 0.217, "integral": 0.414} {
				if d := p.Theirs[c] - w; d > 0.02 || d < -0.02 {
					t.Errorf("gpt4 5-shot %s: authors' mean %.3f, their summary says %.3f", c, p.Theirs[c], w)
				}
			}
		}
	}
}

// The judge-consistency count reads the judge's own boxed grade and sets
// it beside the stored score and matheval's.
func TestJudgeConsistency(t *testing.T) {
	g := func(typ string, stored, ours float64, judge string) Graded {
		return Graded{StoredResponse: StoredResponse{Score: stored, HasScore: true, GradeResponse: judge},
			Type: typ, Verdict: answer.Verdict{Score: ours}}
	}
	gs := []Graded{
		g(TypeODE, 0.25, 0, `... \frac{0 + 0}{2} = 0. Thus, the final grading is: \[ \boxed{0} \]`),
		g(TypeODE, 0.5, 0.5, `small: 1, large: 0, so \boxed{0.5}`),
		g(TypeODE, 1, 0, `\boxed{1}`),
		g(TypeODE, 0, 0, "no grade given"), // not counted: nothing boxed
		g(TypeODE, 0, 0, ""),               // not counted: no judge reply
		{Type: TypeODE, Skipped: "no item", StoredResponse: StoredResponse{GradeResponse: `\boxed{1}`}},
	}
	cs := judgeConsistency(gs)
	if len(cs) != 1 {
		t.Fatalf("%+v", cs)
	}
	c := cs[0]
	if c.Judged != 3 || c.Differ != 1 || math.Abs(c.AgreeBoxed-2.0/3) > 1e-9 || math.Abs(c.AgreeStored-1.0/3) > 1e-9 ||
		math.Abs(c.AgreeConsistent-0.5) > 1e-9 {
		t.Errorf("got %+v, want judged 3, differ 1, agree boxed 2/3, stored 1/3, where one grade 1/2", c)
	}
}

// "[y = y(0), y = 0]" gets no credit on any HARDMath-mini ODE.
func TestODEInitialValueAnswerGetsNoCredit(t *testing.T) {
	b := New()
	items := miniItems(t, bench.LoadOptions{Filter: map[string][]string{"type": {TypeODE}}})
	if len(items) != 54 {
		t.Fatalf("%d ODE items, want 54", len(items))
	}
	for _, it := range items {
		ref, _ := referenceFromItem(it.Extra)
		y0, err := defaultEvaluator(context.Background(), ref.Regimes[0].Refs[0], map[string]complex128{"x": 0}, true)
		if err != nil {
			y0, _ = defaultEvaluator(context.Background(), ref.Regimes[0].Refs[0], map[string]complex128{"x": 1e-10}, true)
		}
		reply := `$\boxed{[y = ` + strings.TrimSpace(fmtC(y0)) + `, y = 0]}$`
		if v := b.Grade(context.Background(), it, reply, "stop"); v.Score != 0 {
			t.Errorf("%s: %s scored %v: %s", it.ID, reply, v.Score, v.Reason)
		}
	}
}

// A folder of extracted files reads the same responses as the archive.
func TestReadResponsesFolderAndArchive(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"responses/ode/ode_5shot_gpt4.json":                             `{"262": {"prompt": "Question: q1\nHint: h\nSolution: ", "response": "r", "grade_prompt": "g", "grade_response": "\\boxed{0.5}", "score": 0.5}, "3": {"prompt": "p", "response": null, "score": "0.25"}}`,
		"responses/polynomial_roots/polynomial_roots_0shot_o1mini.json": `{"129": {"prompt": "Question: q2\nSolution: ", "response": "x", "score": null}}`,
		"responses/.DS_Store":                                           "junk",
		"test_accuracy_summary.csv":                                     "a,b\n",
	}
	archive := filepath.Join(dir, "a.tar.gz")
	f, err := os.Create(archive)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	tw := tar.NewWriter(zw)
	for name, body := range files {
		p := filepath.Join(dir, "x", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := tw.WriteHeader(&tar.Header{Name: "./" + name, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	tw.Close()
	zw.Close()
	f.Close()
	a, err := ReadResponses([]string{archive})
	if err != nil {
		t.Fatal(err)
	}
	d, err := ReadResponses([]string{filepath.Join(dir, "x")})
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 3 || len(d) != 3 {
		t.Fatalf("archive gave %d responses, folder %d, want 3 each", len(a), len(d))
	}
	byKindKey := func(rs []StoredResponse) {
		sort.Slice(rs, func(i, j int) bool { return rs[i].Kind+rs[i].Key < rs[j].Kind+rs[j].Key })
	}
	byKindKey(a)
	byKindKey(d)
	for i := range a {
		if a[i].Key != d[i].Key || a[i].Score != d[i].Score || a[i].HasScore != d[i].HasScore || a[i].Model != d[i].Model || a[i].Shots != d[i].Shots {
			t.Errorf("archive %+v != folder %+v", a[i], d[i])
		}
	}
	byKey := map[string]StoredResponse{}
	for _, r := range a {
		byKey[r.Kind+r.Key] = r
	}
	if r := byKey["ode262"]; r.Question() != "q1" || !r.HasScore || r.Score != 0.5 || r.Model != "gpt4" || r.Shots != 5 {
		t.Errorf("ode 262: %+v (question %q)", r, r.Question())
	}
	if r := byKey["ode3"]; !r.HasScore || r.Score != 0.25 {
		t.Errorf("a score written as a string must be read: %+v", r)
	}
	if r := byKey["polynomial_roots129"]; r.HasScore {
		t.Errorf("a null score must be no score: %+v", r)
	}
	if _, err := ReadResponses([]string{filepath.Join(dir, "x", "test_accuracy_summary.csv")}); err == nil {
		t.Error("a file that is not a response file must be refused")
	}
}

// The numerical check (ground truth from the question alone) sides with
// matheval on the seeded sample of root disagreements, and gives the exact
// released answer of an ODE full credit where the solution is trustworthy.
func TestNumericalCheckOnDisagreements(t *testing.T) {
	run, err := gradedArchive(testenv.Shared(t, "data", "hardmath", "authors-responses-7c4885c.tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	b, cat, gs := New(), run.cat, run.gs
	var roots []Graded
	for _, g := range SampleDisagreements(gs, TolQuarter, 30, 1) {
		if g.Type == TypeRoots {
			roots = append(roots, g)
		}
	}
	if len(roots) != 30 {
		t.Fatalf("%d sampled root disagreements, want 30", len(roots))
	}
	agree := 0
	for _, g := range roots {
		c := NumericalCheck(context.Background(), b, cat, g)
		s, note, ok := c.Score, c.Note, c.OK
		if !ok {
			t.Errorf("%s #%s: no numerical check: %s", g.File, g.Key, note)
			continue
		}
		if d := s - g.Verdict.Score; d < 0.25 && d > -0.25 {
			agree++
		}
	}
	if agree < 27 {
		t.Errorf("numerical check agrees with matheval on %d of 30 root disagreements, want at least 27", agree)
	}
}

// Over every ODE, integral and polynomial-roots response where matheval's
// score and the authors' differ at all, the numerical check (the ODE solved
// numerically, the integral by quadrature, the roots from the companion
// matrix) never sides with the authors by more than a quarter, and decides
// most of them.
func TestNumericalCheckNeverSidesWithTheAuthors(t *testing.T) {
	run, err := gradedArchive(testenv.Shared(t, "data", "hardmath", "authors-responses-7c4885c.tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	b, cat := New(), run.cat
	type tally struct{ ours, byKey, theirs, unchecked int }
	got := map[string]*tally{TypeODE: {}, "integral/laplace": {}, TypeRoots: {}, "integral/traditional": {}}
	small := 0
	for _, g := range Disagreements(run.gs, TolExact) {
		c := got[g.Type]
		if c == nil {
			continue
		}
		v := NumericalCheck(context.Background(), b, cat, g)
		num := v.Score
		switch {
		case !v.OK:
			c.unchecked++
		case math.Abs(num-g.Verdict.Score) < math.Abs(num-g.Score):
			c.ours++
			if len(v.ByKey) > 0 {
				c.byKey++
			}
		case math.Abs(num-g.Score) < math.Abs(num-g.Verdict.Score):
			c.theirs++
			if g.Type == TypeRoots && math.Abs(g.Score-g.Verdict.Score) <= TolQuarter {
				// Root credit is per root: three responses where the check
				// counts one root fewer than matheval and the authors' score
				// is within a quarter (a root at the check's tolerance).
				small++
				t.Logf("%s #%s: the numerical check (%.3g) is nearer the authors (%.3g) than matheval (%.3g), within a quarter", g.File, g.Key, num, g.Score, g.Verdict.Score)
				continue
			}
			t.Errorf("%s #%s: the numerical check (%.3g) sides with the authors (%.3g) against matheval (%.3g): %s",
				g.File, g.Key, num, g.Score, g.Verdict.Score, v.Note)
		}
	}
	// Floors a little under today's counts (ODE 222, 69 of them without the
	// key; Laplace 237, none with it; none unchecked): the check must go on
	// deciding, and mostly from numerics where numerics exist.
	// Roots 498 and traditional integrals 290, none by the key (the check
	// solves the polynomial, integrates by quadrature).
	floor := map[string][2]int{TypeODE: {200, 60}, "integral/laplace": {220, 220}, TypeRoots: {470, 470}, "integral/traditional": {270, 270}}
	if small > 3 {
		t.Errorf("%d root responses where the check is nearer the authors within a quarter, want at most 3", small)
	}
	for typ, c := range got {
		t.Logf("%s: matheval %d (%d with a regime against the answer key), authors %d, unchecked %d", typ, c.ours, c.byKey, c.theirs, c.unchecked)
		if f := floor[typ]; c.ours < f[0] || c.ours-c.byKey < f[1] || c.unchecked > c.ours/20 {
			t.Errorf("%s: the check decides too few: matheval %d (%d by the key), unchecked %d", typ, c.ours, c.byKey, c.unchecked)
		}
	}
}

// The numerical check gives the released answer itself full credit on every
// ODE of the archive: where it grades against the numerical solution the
// key agrees with it to 2%, and elsewhere it grades against the key. On a
// Laplace integral it compares the released formula with quadrature, in
// arbitrary precision beyond float64; the released formulas that are off
// (a wrong prefactor) are named, and there are few.
func TestNumericalCheckCreditsTheKey(t *testing.T) {
	run, err := gradedArchive(testenv.Shared(t, "data", "hardmath", "authors-responses-7c4885c.tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	b, cat := New(), run.cat
	seen := map[string]bool{}
	var odes, byKey, laplace, beyond, laplaceOff int
	for _, g := range run.gs {
		if seen[g.Item] || (g.Type != TypeODE && g.Type != "integral/laplace") {
			continue
		}
		seen[g.Item] = true
		it, _, err := responseItem(context.Background(), cat, g.StoredResponse)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := referenceFromItem(it.Extra)
		if err != nil {
			t.Fatal(err)
		}
		g.Response = goldReply(ref)
		v := NumericalCheck(context.Background(), b, cat, g)
		if !v.OK {
			t.Errorf("%s: no check of the released answer: %s", g.Item, v.Note)
			continue
		}
		switch g.Type {
		case TypeODE:
			odes++
			if len(v.ByKey) > 0 {
				byKey++
			}
			if v.Score != 1 {
				t.Errorf("%s: the released answer gets %g from the check: %s", g.Item, v.Score, v.Note)
			}
		default:
			laplace++
			if strings.Contains(v.Note, "arbitrary precision") || strings.Contains(v.Note, " e^-") {
				beyond++
			}
			if v.Score != 1 {
				laplaceOff++
				t.Logf("%s: the released Laplace formula is off quadrature: %s", g.Item, v.Note)
			}
		}
	}
	t.Logf("ODE: %d items, %d with a regime against the key; Laplace: %d items, %d beyond float64, %d released formulas off quadrature", odes, byKey, laplace, beyond, laplaceOff)
	if odes < 50 || laplace < 50 || beyond == 0 {
		t.Errorf("too few items checked: %d ODE, %d Laplace (%d beyond float64)", odes, laplace, beyond)
	}
	if laplaceOff > laplace/10 {
		t.Errorf("%d of %d released Laplace formulas off quadrature: the check, not the data, is likely wrong", laplaceOff, laplace)
	}
}
