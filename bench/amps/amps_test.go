package amps

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/cas"
)

func TestCatalogue(t *testing.T) {
	mods := Modules()
	steps := 0
	areas := map[string]int{}
	name := regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	for _, m := range mods {
		if !name.MatchString(m.Name) || m.Description == "" || m.Extrapolate == "" || m.gen == nil {
			t.Errorf("module %q: bad name, description, extrapolate note or generator", m.Name)
		}
		if m.Steps {
			steps++
		}
		areas[m.Area]++
	}
	if len(mods) < 100 || steps < 40 {
		t.Fatalf("%d modules (%d with steps): want at least 100 and 40", len(mods), steps)
	}
	for _, a := range Areas {
		if areas[a] == 0 {
			t.Errorf("area %s has no module", a)
		}
	}
	if len(areas) != len(Areas) {
		t.Errorf("modules use areas outside the catalogue: %v", areas)
	}
	// the named topics are present
	for _, n := range []string{"poly_gcd", "de_moivre", "inverse_linear_fractional", "conic_ellipse_foci", "arclength", "jacobian",
		"laplacian", "divergence", "curl", "gradient", "integral_rational", "expectation_discrete", "geometric_mean", "harmonic_mean",
		"kl_divergence", "variance_discrete", "triangle_area_heron", "triangle_inradius", "regular_polygon_angle", "polyhedron_diameter",
		"characteristic_polynomial", "eigenvalues_rational", "rref", "modular_inverse", "totient", "crt", "fraction_add", "percent_of",
		"exponent_rules", "linear_equation", "linear_system_2x2", "quadratic_formula", "arithmetic_sequence", "counting_arrangements",
		"dice_sum_probability"} {
		if _, err := Lookup(n); err != nil {
			t.Error(err)
		}
	}
}

func TestSelect(t *testing.T) {
	ms, err := Select([]string{"calculus,poly_gcd", "poly_gcd"})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range Modules() {
		if m.Area == "calculus" {
			n++
		}
	}
	if len(ms) != n+1 {
		t.Fatalf("calculus plus poly_gcd gave %d modules, want %d", len(ms), n+1)
	}
	if _, err := Select([]string{"nosuch"}); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Fatalf("unknown module: %v", err)
	}
	all, _ := Select([]string{"all"})
	if len(all) != len(Modules()) {
		t.Fatal("all")
	}
}

// TestEveryModuleEverySplit generates a few problems of every module in
// each split: each must be kept (verified) and be well formed.
func TestEveryModuleEverySplit(t *testing.T) {
	for _, split := range []string{Train, Interpolate, Extrapolate} {
		recs, st := sample(t, split)
		if len(recs) != sampleN()*len(Modules()) || st.Kept != len(recs) {
			t.Fatalf("%s: %d records", split, len(recs))
		}
		for _, r := range recs {
			if !strings.HasSuffix(r.Solution, `$\boxed{`+r.Answer+`}$.`) || r.Type != r.Module || r.Split != split {
				t.Fatalf("%s: malformed record %+v", r.UniqueID, r)
			}
			if split != Extrapolate && !inSplit(r.Problem, split) {
				t.Fatalf("%s: problem outside its split", r.UniqueID)
			}
			if m, _ := Lookup(r.Module); m.Steps && !strings.Contains(r.Solution, "\n\n") {
				t.Fatalf("%s: a module with steps wrote no step", r.UniqueID)
			}
		}
	}
}

func TestSameSeedSameBytes(t *testing.T) {
	mods, _ := Select([]string{"algebra", "number_theory"})
	gen := func(seed int64, workers int) []byte {
		recs, _, err := Generate(context.Background(), Options{Modules: mods, N: 4, Seed: seed, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		b, err := MarshalJSONL(recs)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b := gen(5, 1), gen(5, 4)
	if !bytes.Equal(a, b) {
		t.Fatal("the same seed gave different bytes")
	}
	if bytes.Equal(a, gen(6, 2)) {
		t.Fatal("another seed gave the same bytes")
	}
	if !bytes.Contains(a, []byte(`\boxed{`)) || bytes.Contains(a, []byte(`\u003c`)) {
		t.Fatal("LaTeX escaped in the JSON")
	}
}

// TestNoRepeatsWhileTheSpaceLasts: a module keeps no problem text twice,
// over every module at every level, unless a level's space ran out, and
// then exactly the repeats the stats count are there.
func TestNoRepeatsWhileTheSpaceLasts(t *testing.T) {
	recs, st := sample(t, Train)
	repeated := map[string]int{}
	for _, m := range st.Modules {
		repeated[m.Module] = m.Repeated
	}
	seen := map[string]bool{}
	got := map[string]int{}
	for _, r := range recs {
		k := r.Module + "\x00" + r.Problem
		if seen[k] {
			got[r.Module]++
		}
		seen[k] = true
	}
	for _, m := range Modules() {
		if got[m.Name] != repeated[m.Name] {
			t.Errorf("%s: %d repeated problems in the output, %d counted", m.Name, got[m.Name], repeated[m.Name])
		}
	}
	if st.Repeated > 0 {
		t.Logf("%d repeats kept where a level ran out of problems", st.Repeated)
	}
	// A level with few problems runs out: level 1 of a small module, drawn
	// far past its size, keeps repeats and says so, and stays bounded.
	small, _ := Select([]string{"polygon_angle_sum"})
	var err error
	recs, st, err = Generate(context.Background(), Options{Modules: small, N: 400, Seed: 1, Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	distinct := map[string]bool{}
	for _, r := range recs {
		distinct[r.Problem] = true
	}
	if len(recs) != 400 || st.Repeated == 0 || st.Repeated != 400-len(distinct) || st.Repeats > 400*repeatStreak {
		t.Errorf("small space: %d records, %d distinct, repeats kept %d, skipped %d", len(recs), len(distinct), st.Repeated, st.Repeats)
	}
}

// TestSplitsDisjoint: train and interpolate never share a problem text.
func TestSplitsDisjoint(t *testing.T) {
	mods, _ := Select([]string{"polygon_angle_sum", "sample_mean", "gcd_lcm", "fraction_multiply"})
	tr, _, err := Generate(context.Background(), Options{Modules: mods, N: 60, Seed: 1, Level: 1, Split: Train})
	if err != nil {
		t.Fatal(err)
	}
	in, _, err := Generate(context.Background(), Options{Modules: mods, N: 60, Seed: 1, Level: 1, Split: Interpolate})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range tr {
		seen[r.Problem] = true
	}
	for _, r := range in {
		if seen[r.Problem] {
			t.Fatalf("interpolate problem %q is also in train", r.Problem)
		}
	}
}

func TestOptionsErrors(t *testing.T) {
	ctx := context.Background()
	for _, o := range []Options{{N: 0}, {N: 1, Level: 6}, {N: 1, Split: "test"}} {
		if _, _, err := Generate(ctx, o); err == nil {
			t.Errorf("%+v: want an error", o)
		}
	}
}

// TestChecksDropBadProblems: a module whose printed answer is not its
// value, or whose second path fails, or whose generator panics, loses the
// problem with the reason counted; a module that always fails stops with
// ErrTooManyFailures.
func TestChecksDropBadProblems(t *testing.T) {
	good := func(g *G) (*Problem, error) {
		v := q(g.Int(1, 9))
		p := &Problem{Problem: "What is " + m(v.TeX()) + "?"}
		p.setNum(v)
		p.Check = func() error { return nil }
		return p, nil
	}
	cases := []struct {
		name, reason string
		gen          func(g *G) (*Problem, error)
	}{
		{"misprint", "print", func(g *G) (*Problem, error) {
			p, _ := good(g)
			p.Answer = "10" // the value is at most 9
			return p, nil
		}},
		{"check", "check", func(g *G) (*Problem, error) {
			p, _ := good(g)
			p.Check = func() error { return errors.New("second path disagrees") }
			return p, nil
		}},
		{"limit", "generate", func(g *G) (*Problem, error) {
			x := q(3)
			for i := 0; i < 30; i++ {
				x = x.Mul(x)
			}
			return nil, nil
		}},
		{"nocheck", "check", func(g *G) (*Problem, error) {
			p, _ := good(g)
			p.Check = nil
			return p, nil
		}},
		{"unparsable", "print", func(g *G) (*Problem, error) {
			p, _ := good(g)
			p.Answer = `\frac{1}{`
			return p, nil
		}},
	}
	// A panic in a generator is a bug of ours: it is not dropped as a failed
	// problem, it stops the generation loudly.
	func() {
		defer func() {
			if r := recover(); r == nil {
				t.Errorf("a generator's panic was swallowed")
			}
		}()
		mod := &Module{Name: "test_panic", Area: "k12", Description: "test", Extrapolate: "none",
			gen: func(g *G) (*Problem, error) { panic("boom") }}
		Make(mod, 1, Train, 1, 0)
	}()
	for _, c := range cases {
		mod := &Module{Name: "test_" + c.name, Area: "k12", Description: "test", Extrapolate: "none", gen: c.gen}
		_, err := Make(mod, 1, Train, 1, 0)
		if err == nil || !strings.HasPrefix(err.Error(), c.reason) {
			t.Errorf("%s: got %v, want a %q failure", c.name, err, c.reason)
		}
		_, st, err := Generate(context.Background(), Options{Modules: []*Module{mod}, N: 2, Seed: 1})
		if !errors.Is(err, ErrTooManyFailures) || st.Kept != 0 {
			t.Errorf("%s: Generate gave %v", c.name, err)
		}
	}
	mod := &Module{Name: "test_good", Area: "k12", Description: "test", Extrapolate: "none", gen: good}
	if _, err := Make(mod, 1, Train, 1, 0); err != nil {
		t.Fatalf("a correct module failed: %v", err)
	}
	_ = cas.ErrLimit
}

func writeSet(t *testing.T, opts Options) (string, []Record) {
	t.Helper()
	recs, _, err := Generate(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	b, err := MarshalJSONL(recs)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "amps.jsonl")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, recs
}

func TestCheckFile(t *testing.T) {
	mods, _ := Select([]string{"statistics", "k12"})
	path, recs := writeSet(t, Options{Modules: mods, N: 3, Seed: 9, Split: Extrapolate})
	rep, err := Check(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed() || rep.Verified != len(recs) || rep.Records != len(recs) {
		t.Fatalf("a generated file did not re-verify: %+v", rep)
	}
	var buf bytes.Buffer
	rep.WriteText(&buf)
	if rep.CrossLevel != 0 || len(rep.Difficulty) != len(mods) {
		t.Fatalf("cross-level %d, difficulty of %d modules (want 0, %d)", rep.CrossLevel, len(rep.Difficulty), len(mods))
	}
	if !strings.Contains(buf.String(), "re-verified (100.0%)") || !strings.Contains(buf.String(), "form lint: no findings") ||
		!strings.Contains(buf.String(), "problems at two or more levels: 0") || !strings.Contains(buf.String(), "difficulty proxy") ||
		!strings.Contains(buf.String(), "overlap") {
		t.Fatalf("report: %s", buf.String())
	}

	// tamper: a wrong answer, an unknown module, an edited problem
	lines := strings.Split(strings.TrimSpace(string(mustRead(t, path))), "\n")
	lines[0] = strings.Replace(lines[0], `"answer":"`, `"answer":"1+`, 1)
	lines[1] = strings.Replace(lines[1], `"module":"`+recs[1].Module+`"`, `"module":"nosuch"`, 1)
	lines[2] = strings.Replace(lines[2], `"problem":"`, `"problem":"Now: `, 1)
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	withLint := append([]string(nil), lines...)
	withLint[4] = strings.Replace(withLint[4], `"problem":"`, `"problem":"Take a equilateral triangle. `, 1)
	os.WriteFile(bad, []byte(strings.Join(withLint, "\n")+"\n"), 0o644)
	rep, err = Check(context.Background(), bad)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Lint) != 1 || rep.Lint[0].Line != 5 || rep.Lint[0].Rule != "article" || !rep.Failed() {
		t.Fatalf("the lint did not name the defect of line 5: %+v", rep.Lint)
	}
	buf.Reset()
	rep.WriteText(&buf)
	if !strings.Contains(buf.String(), "form lint: 1 findings (article 1)") {
		t.Fatalf("report: %s", buf.String())
	}
	if len(rep.Failures) != 4 || rep.Failures[0].Line != 1 || rep.Failures[1].Line != 2 || rep.Failures[2].Line != 3 {
		t.Fatalf("tampered lines not all caught: %+v", rep.Failures)
	}
	if !strings.Contains(rep.Failures[1].Reason, "unknown module") || !strings.Contains(rep.Failures[2].Reason, "problem differs") {
		t.Fatalf("reasons: %+v", rep.Failures)
	}

	// malformed input names the line
	os.WriteFile(bad, []byte(lines[3]+"\n{not json\n"), 0o644)
	if _, err := Check(context.Background(), bad); err == nil || !strings.Contains(err.Error(), "bad.jsonl:2") {
		t.Fatalf("malformed line: %v", err)
	}
	os.WriteFile(bad, []byte(strings.Replace(lines[3], `"level":"Level `, `"level":"Level 9`, 1)+"\n"), 0o644)
	if _, err := Check(context.Background(), bad); err == nil || !strings.Contains(err.Error(), ":1: level") {
		t.Fatalf("bad level: %v", err)
	}
}

func mustRead(t *testing.T, path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGoldScoresPerfect grades builtin:gold's replies on a generated set
// of every module: all must be correct, and the summary says 100%.
func TestGoldScoresPerfect(t *testing.T) {
	b := New()
	items, _, err := b.Load(context.Background(), "gen:n=2,split=interpolate", bench.LoadOptions{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2*len(Modules()) {
		t.Fatalf("%d items", len(items))
	}
	var samples []bench.Sample
	for _, it := range items {
		v := b.Grade(context.Background(), it, b.GoldReply(it), "")
		if v.Kind != answer.Correct {
			t.Fatalf("%s: gold reply graded %s (%s)", it.ID, v.Kind, v.Reason)
		}
		// a wrong reply is not graded correct
		if w := b.Grade(context.Background(), it, `The final answer is $\boxed{\text{no idea}}$.`, ""); w.Kind == answer.Correct {
			t.Fatalf("%s: a wrong reply graded correct", it.ID)
		}
		samples = append(samples, bench.Sample{Item: it, Verdict: v})
	}
	sum := b.Summarize(samples)
	if sum.Value("accuracy") != 1 {
		t.Fatalf("gold accuracy %v", sum.Value("accuracy"))
	}
	for _, bd := range sum.Breakdowns {
		for _, g := range bd.Groups {
			if g.Values["accuracy"].Value != 1 {
				t.Fatalf("gold accuracy of %s %s: %v", bd.Name, g.Key, g.Values["accuracy"].Value)
			}
		}
	}
}

func TestLoadFileAndFilters(t *testing.T) {
	mods, _ := Select([]string{"geometry"})
	path, recs := writeSet(t, Options{Modules: mods, N: 5, Seed: 2})
	b := New()
	items, _, err := b.Load(context.Background(), path, bench.LoadOptions{Filter: map[string][]string{"level": {"Level 2"}, "module": {"sector", "centroid"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 {
		t.Fatalf("filters kept %d items", len(items))
	}
	for _, it := range items {
		if it.Meta["level"] != "2" || (it.Meta["module"] != "sector" && it.Meta["module"] != "centroid") || it.Meta["area"] != "geometry" {
			t.Fatalf("item %+v", it.Meta)
		}
	}
	all, _, _ := b.Load(context.Background(), path, bench.LoadOptions{})
	if len(all) != len(recs) || all[0].ID != recs[0].UniqueID || all[0].Answer != recs[0].Answer {
		t.Fatal("loaded items differ from the records")
	}
	if _, _, err := b.Load(context.Background(), path, bench.LoadOptions{Split: "interpolate"}); err == nil {
		t.Fatal("a train file has no interpolate records: want an error")
	}
	if _, _, err := b.Load(context.Background(), "gen:n=x", bench.LoadOptions{}); err == nil {
		t.Fatal("bad spec accepted")
	}
	if _, _, err := b.Load(context.Background(), "gen:modules=nosuch", bench.LoadOptions{}); err == nil {
		t.Fatal("unknown module accepted")
	}
	// the prompt is MATH's, with few-shot examples from a generated train split
	p, err := b.Prompt(all[0], bench.PromptOptions{Name: "fewshot", Shots: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Text, all[0].Problem) || strings.Count(p.Text, "Problem:") < 3 {
		t.Fatalf("few-shot prompt: %s", p.Text)
	}
}

func TestSummarizeByAreaLevel(t *testing.T) {
	mk := func(id, mod, area, level, split string, score float64) bench.Sample {
		k := answer.Wrong
		if score == 1 {
			k = answer.Correct
		}
		return bench.Sample{Item: bench.Item{ID: id, Meta: map[string]string{"module": mod, "area": area, "level": level, "split": split}},
			Verdict: answer.Verdict{Kind: k, Score: score}}
	}
	samples := []bench.Sample{
		mk("a", "poly_gcd", "algebra", "1", Interpolate, 1), mk("b", "poly_gcd", "algebra", "2", Extrapolate, 0),
		mk("c", "curl", "calculus", "1", Interpolate, 1), mk("d", "curl", "calculus", "1", Extrapolate, 1),
	}
	s := New().Summarize(samples)
	if s.Value("accuracy") != 0.75 {
		t.Fatalf("accuracy %v", s.Value("accuracy"))
	}
	group := func(bd, key string) float64 {
		for _, b := range s.Breakdowns {
			if b.Name != bd {
				continue
			}
			for _, g := range b.Groups {
				if g.Key == key {
					return g.Values["accuracy"].Value
				}
			}
		}
		t.Fatalf("no group %s in %s", key, bd)
		return 0
	}
	if group("by_area", "algebra") != 0.5 || group("by_area", "calculus") != 1 || group("by_level", "2") != 0 ||
		group("by_module", "curl") != 1 || group("by_area_level", "algebra|2") != 0 || group("by_split", Extrapolate) != 0.5 {
		t.Fatalf("breakdowns %+v", s.Breakdowns)
	}
	if s.Breakdowns[0].Name != "by_area" || s.Breakdowns[0].Groups[0].Key != "algebra" {
		t.Fatalf("areas out of catalogue order: %+v", s.Breakdowns[0])
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"problem":"p","solution":"s","answer":"1","level":"Level 1","type":"m","module":"m","area":"k12","split":"train","seed":1,"index":0,"unique_id":"x"}`))
	f.Add([]byte("{\n}\n"))
	f.Add([]byte(`{"problem":1}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		recs, err := Read(bytes.NewReader(b), "fuzz")
		if err == nil {
			for _, r := range recs {
				if r.valid() != nil {
					t.Fatal("Read returned an invalid record")
				}
			}
		}
	})
}
