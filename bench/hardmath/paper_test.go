package hardmath

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
)

// A traditional integral whose released answer is off the quadrature value:
// matheval grades against quadrature, paper mode against the key (the judge
// saw only the key).
func TestGradePaperGradesAgainstTheKey(t *testing.T) {
	ctx := context.Background()
	ref := Reference{Type: TypeIntegral, Subtype: "traditional", Regimes: []Regime{
		{Name: "small_eps", Var: "epsilon", Point: 0.01, HasPoint: true, Refs: []string{`\frac{2}{\epsilon}`}, Truth: 50, HasTruth: true, RefOff: 3},
	}}
	reply := `So $I(\epsilon) \approx \boxed{\frac{2}{\epsilon}}$.`
	if v := gradeReply(ctx, ref, reply, "stop", defaultEvaluator); v.Score != 0 {
		t.Fatalf("matheval's grade against quadrature = %v (%s), want 0", v.Score, v.Reason)
	}
	if v := GradePaper(ctx, ref, reply, "stop", defaultEvaluator); v.Score != 1 {
		t.Fatalf("paper mode = %v (%s), want 1: the reply is the released answer", v.Score, v.Reason)
	}
	if !ref.Regimes[0].HasTruth {
		t.Fatal("GradePaper changed its argument's regimes")
	}
	// The quadrature value itself is wrong by the key.
	if v := GradePaper(ctx, ref, `$\boxed{\frac{1}{2\epsilon}}$`, "stop", defaultEvaluator); v.Score != 0 {
		t.Fatalf("paper mode for an answer off the key = %v, want 0", v.Score)
	}
}

func laplaceRef() Reference {
	return Reference{Type: TypeIntegral, Subtype: "laplace", Regimes: []Regime{
		{Name: "large_x", Var: "x", Point: 50, HasPoint: true, Refs: []string{`\frac{\sqrt{\pi}}{\sqrt{x}} e^{x}`}},
	}}
}

// The rubric's Laplace checkpoint: half credit for the working when the
// final formula is wrong, none without it, full for the right formula.
func TestGradePaperLaplaceCheckpoint(t *testing.T) {
	ctx := context.Background()
	working := "The function $f(t) = 1 - t^2$ attains its maximum at $t_0 = 0$. A Taylor expansion around $t_0$ gives $f \\approx 1 - t^2$, so "
	cases := []struct {
		name, reply string
		want        float64
	}{
		{"right formula", working + `$I(x) \approx \boxed{\frac{\sqrt{\pi}}{\sqrt{x}} e^{x}}$`, 1},
		{"wrong formula, checkpoint reached", working + `$I(x) \approx \boxed{\frac{1}{x} e^{x}}$`, 0.5},
		{"wrong formula, no working", `$I(x) \approx \boxed{\frac{1}{x} e^{x}}$`, 0},
		{"maximum but no expansion", "The maximum is at $t_0 = 0$. " + `$\boxed{\frac{1}{x} e^{x}}$`, 0},
	}
	for _, c := range cases {
		v := GradePaper(ctx, laplaceRef(), c.reply, "stop", defaultEvaluator)
		if v.Score != c.want {
			t.Errorf("%s: paper mode = %v (%s), want %v", c.name, v.Score, v.Reason, c.want)
		}
		if c.want == 0.5 && !strings.Contains(v.Reason, "half credit for the working") {
			t.Errorf("%s: reason %q does not say why", c.name, v.Reason)
		}
		// matheval's headline gives no credit for the working.
		if m := gradeReply(ctx, laplaceRef(), c.reply, "stop", defaultEvaluator); c.want < 1 && m.Score != 0 {
			t.Errorf("%s: matheval = %v, want 0", c.name, m.Score)
		}
	}
}

func TestPaperLaplaceCheckpointWording(t *testing.T) {
	for reply, want := range map[string]bool{
		`$f$ is maximized at $t^* = 0.3$; expanding $f$ around $t^*$`: true,
		`the maximum of f occurs at t_{0}=1, and by Laplace's method`: true,
		`expand around t_0 = 1`: false, // no maximum named
		`f attains its maximum at the endpoint; a Taylor expansion gives ...`:                                     false, // no t_0
		`$I(x) = \int_{0.3}^{0.9} g(t) e^{x f(t)} dt$: f attains its maximum at the endpoint; a Taylor expansion`: false, // \int_0 names no t_0 (the archive's 16 such replies)
		`dfdt_max = 0 at the maximum, Taylor expansion`:                                                           false, // the t of a longer word
		`$t_{\max} = \arg\max_t f$, expanding around it`:                                                          true,  // \max with a subscript
		`the maximum is at $t^{\ast}$; a Taylor expansion`:                                                        true,
	} {
		if got := PaperLaplaceCheckpoint(reply); got != want {
			t.Errorf("PaperLaplaceCheckpoint(%q) = %v, want %v", reply, got, want)
		}
	}
}

// Paper mode credits 0, 0.5 or 1 per regime; roots keep the rubric's
// proportional credit.
func TestGradePaperSteps(t *testing.T) {
	ctx := context.Background()
	roots := Reference{Type: TypeRoots, Regimes: []Regime{
		{Name: "small_eps", Var: "epsilon", Point: 0.01, HasPoint: true, Refs: []string{"1", "-1", "2"}},
	}}
	reply := `$\boxed{\left[ 1, \  -1, \  7\right]}$`
	m := gradeReply(ctx, roots, reply, "stop", defaultEvaluator)
	p := GradePaper(ctx, roots, reply, "stop", defaultEvaluator)
	if m.Score < 0.6 || m.Score > 0.7 || p.Score != m.Score {
		t.Fatalf("roots: matheval %v, paper mode %v; want both 2/3", m.Score, p.Score)
	}
	for _, s := range GradePaper(ctx, laplaceRef(), `$\boxed{e^{x}}$`, "stop", defaultEvaluator).Parts {
		if s != 0 && s != 0.5 && s != 1 {
			t.Fatalf("paper-mode part %v is not a judge's step", s)
		}
	}
}

// WithAlsoPolicies("paper") records the paper-mode score and the gap as
// verdict metrics and leaves the headline alone.
func TestWithAlsoPoliciesPaper(t *testing.T) {
	ctx := context.Background()
	b := New()
	if _, err := b.WithAlsoPolicies([]string{"hendrycks"}); err == nil || !strings.Contains(err.Error(), PaperPolicy) {
		t.Fatalf("unknown policy: err = %v, want one naming %q", err, PaperPolicy)
	}
	pb, err := b.WithAlsoPolicies([]string{PaperPolicy})
	if err != nil {
		t.Fatal(err)
	}
	it := bench.Item{ID: "t/1", Extra: map[string]any{"reference": laplaceRef()}}
	reply := "The maximum of $f$ is at $t_0 = 0$; a Taylor expansion around it gives " + `$\boxed{\frac{1}{x} e^{x}}$`
	plain := b.Grade(ctx, it, reply, "stop")
	v := pb.Grade(ctx, it, reply, "stop")
	if _, ok := plain.Metrics[PaperMetric]; ok {
		t.Fatal("the plain benchmark records paper mode")
	}
	if v.Score != plain.Score || v.Score != 0 {
		t.Fatalf("headline changed: %v vs %v", v.Score, plain.Score)
	}
	if v.Metrics[PaperMetric] != 0.5 || v.Metrics[PaperGapMetric] != -0.5 {
		t.Fatalf("metrics = %v, want paper 0.5, gap -0.5", v.Metrics)
	}
}

// The paper checked a nondimensionalization epsilon with sympy, which
// assumes nothing of the a_i's signs: an answer equal to the key only for
// positive a_i gets matheval's credit (HARDMath's a_i are positive) and
// none in paper mode; the key's own form, or one equal for every sign,
// gets both.
func TestGradePaperNondimSignFree(t *testing.T) {
	ctx := context.Background()
	ref := Reference{Type: TypeNondimSymbolic, Regimes: []Regime{
		// The key written as a product (the released keys' a_{1} \left(...
		// form is a function call to sympy: TestGradePaperNondimSympyCall).
		{Name: "epsilon", Refs: []string{`\frac{a_{1}}{a_{3}} \left(\frac{a_{3}}{a_{2}}\right)^{\frac{7}{2}}`}},
	}}
	for _, c := range []struct {
		reply         string
		ours, paper   float64
		paperContains string
	}{
		{`\[\boxed{\frac{a_{1} \, a_{3}^{5/2}}{a_{2}^{7/2}}}\]`, 1, 0, "only for positive a_i"},
		{`$\epsilon = \boxed{\frac{a_1}{a_3}\left(\frac{a_3}{a_2}\right)^{7/2}}$`, 1, 1, ""},
		{`$\boxed{\frac{a_1 a_3}{a_2^{2}}}$`, 0, 0, ""},
	} {
		if v := gradeReply(ctx, ref, c.reply, "stop", defaultEvaluator); v.Score != c.ours {
			t.Errorf("%s: matheval %v (%s), want %v", c.reply, v.Score, v.Reason, c.ours)
		}
		v := GradePaper(ctx, ref, c.reply, "stop", defaultEvaluator)
		if v.Score != c.paper || !strings.Contains(v.Reason, c.paperContains) {
			t.Errorf("%s: paper mode %v (%s), want %v", c.reply, v.Score, v.Reason, c.paper)
		}
	}
}

// sympy's parse_latex reads a letter before a parenthesis as a function
// call (a_1(x) is f(x), not a_1 x), so the paper's check
// simplify(key - answer) == 0 fails where only one side has such a call,
// however equal the two are; where both have the same call it cancels.
func TestGradePaperNondimSympyCall(t *testing.T) {
	ctx := context.Background()
	call := `\frac{a_{1} \left(\frac{a_{3}}{a_{2}}\right)^{2}}{a_{3}}` // a_1 called on a_3/a_2
	plain := `\frac{a_{1} a_{3}}{a_{2}^{2}}`
	split := `\frac{a_{1}}{a_{3}} \left(\frac{a_{3}}{a_{2}}\right)^{2}` // a product: no call
	for _, c := range []struct {
		key, ans string
		paper    float64
	}{
		{plain, call, 0},  // the archive's o1-mini 5-shot item 33: stored score 0
		{call, split, 0},  // o1-mini 0-shot item 3: stored score 0
		{call, call, 1},   // the key's own form cancels
		{plain, split, 1}, // no call on either side: a product, equal
		{plain, `a_{1} (a_{3}/a_{2})^{2}/a_{3}`, 0},
	} {
		ref := Reference{Type: TypeNondimSymbolic, Regimes: []Regime{{Name: "epsilon", Refs: []string{c.key}}}}
		reply := `So $\epsilon = \boxed{` + c.ans + `}$.`
		if v := gradeReply(ctx, ref, reply, "stop", defaultEvaluator); v.Score != 1 {
			t.Fatalf("%s against %s: matheval %v (%s), want 1: they are equal", c.ans, c.key, v.Score, v.Reason)
		}
		v := GradePaper(ctx, ref, reply, "stop", defaultEvaluator)
		if v.Score != c.paper {
			t.Errorf("%s against %s: paper mode %v (%s), want %v", c.ans, c.key, v.Score, v.Reason, c.paper)
		}
		if c.paper == 0 && !strings.Contains(v.Reason, "undefined function") {
			t.Errorf("%s against %s: reason %q does not say why", c.ans, c.key, v.Reason)
		}
	}
	for s, want := range map[string]bool{
		`a_{1}(x)`: true, `a_1 \left( x \right)`: true, `x (y+1)`: true, `ab(c)`: true,
		`\frac{a}{b}(c)`: false, `2 (x)`: false, `\sin(x)`: false, `(a)(b)`: false, `a_{1}`: false, `a_{`: false, ``: false,
	} {
		if got := sympyApplies(s); got != want {
			t.Errorf("sympyApplies(%q) = %v, want %v", s, got, want)
		}
	}
}

// A stored response is graded in paper mode as its own judge was told
// (GradePaperRubric): the rubrics of the authors' archive differ in their
// partial credit.
func TestGradePaperRubricRoots(t *testing.T) {
	ctx := context.Background()
	roots := Reference{Type: TypeRoots, Regimes: []Regime{
		{Name: "small_eps", Var: "epsilon", Point: 0.01, HasPoint: true, Refs: []string{"1", "-1", "2"}},
		{Name: "large_eps", Var: "epsilon", Point: 100, HasPoint: true, Refs: []string{"3"}},
	}}
	reply := `For small $\epsilon$: $\boxed{\left[ 1, \  -1, \  7\right]}$; for large $\epsilon$: $\boxed{\left[ 3 \right]}$`
	for _, c := range []struct {
		rubric string
		small  float64
	}{
		{RubricPerRoot, 2.0 / 3}, // the paper's: the share matched
		{"", 2.0 / 3},            // no rubric named: the paper's
		{RubricOther, 2.0 / 3},   // unknown criteria: the paper's
		{RubricHalfIfPartial, 0.5},
		{RubricOrderOfMagnitude, 2.0 / 3}, // a formula rubric: the paper's for roots
	} {
		v := GradePaperRubric(ctx, roots, reply, "stop", c.rubric, defaultEvaluator)
		if math.Abs(v.Parts["small_eps"]-c.small) > 1e-12 || v.Parts["large_eps"] != 1 {
			t.Errorf("%q: parts %v, want small_eps %v and large_eps 1", c.rubric, v.Parts, c.small)
		}
	}
	none := `$\boxed{\left[ 5, 6, 7 \right]}$`
	if v := GradePaperRubric(ctx, roots, none, "stop", RubricHalfIfPartial, defaultEvaluator); v.Score != 0 {
		t.Errorf("half-if-partial with no root matched: %v, want 0", v.Score)
	}
}

// The earlier integral rubric gave half credit where the response and the
// key are not an order of magnitude apart at the regime's point, and had
// no t_0 checkpoint.
func TestGradePaperRubricOrderOfMagnitude(t *testing.T) {
	ctx := context.Background()
	working := "The function $f(t) = 1 - t^2$ attains its maximum at $t_0 = 0$. A Taylor expansion around $t_0$ gives "
	cases := []struct {
		reply     string
		om, t0    float64 // under order-of-magnitude, under the t0 checkpoint
		omContain string
	}{
		{`$\boxed{\frac{\sqrt{\pi}}{\sqrt{x}} e^{x}}$`, 1, 1, ""},
		{`$\boxed{\frac{3\sqrt{\pi}}{\sqrt{x}} e^{x}}$`, 0.5, 0, "order of magnitude"}, // 3 times the key
		{`$\boxed{\frac{0.2\sqrt{\pi}}{\sqrt{x}} e^{x}}$`, 0.5, 0, "order of magnitude"},
		{`$\boxed{\frac{20\sqrt{\pi}}{\sqrt{x}} e^{x}}$`, 0, 0, ""}, // 20 times: an order of magnitude off
		{`$\boxed{-\frac{\sqrt{\pi}}{\sqrt{x}} e^{x}}$`, 0, 0, ""},  // the other sign
		{`$\boxed{\frac{1}{x} e^{2x}}$`, 0, 0, ""},                  // e^{50} times off
		{working + `$\boxed{\frac{200}{x} e^{x}}$`, 0, 0.5, ""},     // working, far off: the checkpoint is the paper's rubric only
		{`no formula at all`, 0, 0, ""},
	}
	for _, c := range cases {
		v := GradePaperRubric(ctx, laplaceRef(), c.reply, "stop", RubricOrderOfMagnitude, defaultEvaluator)
		if v.Score != c.om || !strings.Contains(v.Reason, c.omContain) {
			t.Errorf("%s: order-of-magnitude rubric %v (%s), want %v", c.reply, v.Score, v.Reason, c.om)
		}
		if p := GradePaperRubric(ctx, laplaceRef(), c.reply, "stop", RubricT0Checkpoint, defaultEvaluator); p.Score != c.t0 {
			t.Errorf("%s: t0-checkpoint rubric %v (%s), want %v", c.reply, p.Score, p.Reason, c.t0)
		}
		if p := GradePaper(ctx, laplaceRef(), c.reply, "stop", defaultEvaluator); p.Score != c.t0 {
			t.Errorf("%s: paper mode %v, want the paper's rubric's %v", c.reply, p.Score, c.t0)
		}
	}
}

// An ODE's small-x answer gets no order-of-magnitude credit: near x = 0
// every answer close to y(0) is within a factor of 10 of the key, so the
// test says nothing there.
func TestGradePaperRubricODESmallX(t *testing.T) {
	ctx := context.Background()
	ref := Reference{Type: TypeODE, Regimes: []Regime{
		{Name: "small_x", Var: "x", Point: 0.1, HasPoint: true, Refs: []string{`1 - \frac{x^{3}}{6}`}},
		{Name: "large_x", Var: "x", Point: 2, HasPoint: true, Refs: []string{`x^{2}`}},
	}}
	reply := `$\boxed{\left[ 1 + x, \  3 x^{2} \right]}$` // small x off the series, large x 3 times the key
	v := GradePaperRubric(ctx, ref, reply, "stop", RubricOrderOfMagnitude, defaultEvaluator)
	if v.Parts["small_x"] != 0 || v.Parts["large_x"] != 0.5 {
		t.Fatalf("parts %v (%s), want small_x 0 and large_x 0.5", v.Parts, v.Reason)
	}
	if p := GradePaper(ctx, ref, reply, "stop", defaultEvaluator); p.Parts["large_x"] != 0 {
		t.Fatalf("the paper's rubric gave large_x %v for 3 times the key, want 0 (half credit needs 50%%)", p.Parts["large_x"])
	}
}

// The order-of-magnitude rubric names the large regime: a traditional
// integral's small-epsilon formula off the key gets no half credit for
// being within a factor of 10, its large-epsilon formula does.
func TestGradePaperRubricLargeRegimeOnly(t *testing.T) {
	ctx := context.Background()
	ref := Reference{Type: TypeIntegral, Subtype: "traditional", Regimes: []Regime{
		{Name: "small_eps", Var: "epsilon", Point: 0.01, HasPoint: true, Refs: []string{`\frac{2}{\epsilon}`}},
		{Name: "large_eps", Var: "epsilon", Point: 100, HasPoint: true, Refs: []string{`\frac{3}{\epsilon}`}},
	}}
	reply := `$\boxed{\left[ \frac{6}{\epsilon}, \  \frac{9}{\epsilon} \right]}$` // both 3 times the key
	v := GradePaperRubric(ctx, ref, reply, "stop", RubricOrderOfMagnitude, defaultEvaluator)
	if v.Parts["small_eps"] != 0 || v.Parts["large_eps"] != 0.5 {
		t.Fatalf("parts %v (%s), want small_eps 0 and large_eps 0.5", v.Parts, v.Reason)
	}
	if p := GradePaperRubric(ctx, ref, reply, "stop", RubricMatchOrNone, defaultEvaluator); p.Score != 0 {
		t.Fatalf("match-or-none: %v, want 0", p.Score)
	}
}
