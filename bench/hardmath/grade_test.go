package hardmath

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

func rowOf(t *testing.T, js string) Row {
	t.Helper()
	rows, _, err := ParseRows([]byte(`{"0":`+js+`}`), "test")
	if err != nil {
		t.Fatal(err)
	}
	return rows[0].Row
}

func grade(t *testing.T, r Row, reply string) answer.Verdict {
	t.Helper()
	ref, err := ReferenceOf(r)
	if err != nil {
		t.Fatal(err)
	}
	return gradeReply(context.Background(), ref, reply, "stop", defaultEvaluator)
}

const odeRow = `{"question":"q","solution":"s","question_type":"ODE","answer_type":"list",
"answer_val":"['y = 1 - \\\\frac{x^{3}}{18}\\n', '\\ny = -6 (x - 11.4511451145115)^{-1} + (-2.7342001057336)\\n\\n\\n']",
"precision":null,"small_eval_point":0.1,"small_analytical":"0.99992882","small_numerical":"0.99992884",
"large_eval_point":11.336633663366335,"large_analytical":"49.66","large_numerical":"50.05"}`

func TestGradeODE(t *testing.T) {
	r := rowOf(t, odeRow)
	v := grade(t, r, `so $\boxed{[y = 1 - x^3/18, y = 6/(11.4511451145115 - x) - 2.7342]}$`)
	if v.Score != 1 || v.Kind != answer.Correct {
		t.Errorf("equivalent forms: %+v", v)
	}
	v = grade(t, r, `$\boxed{[y = 1 - \frac{x^{3}}{18}, y = 3 (x - 11.45)^{-1}]}$`)
	if v.Score != 0.5 || v.Parts["small_x"] != 1 || v.Parts["large_x"] != 0 || v.Kind != answer.Wrong {
		t.Errorf("half right: %+v", v)
	}
	// The archive's hint asked for formulas of variable \epsilon: an answer
	// in \epsilon alone is read in x, and graded like any other.
	v = grade(t, r, `$\boxed{[1 - \frac{\epsilon^{3}}{18}, 6/(11.4511451145115 - \epsilon) - 2.7342]}$`)
	if v.Score != 1 || !strings.Contains(v.Reason, `\epsilon read as x`) {
		t.Errorf("answer in epsilon: %+v", v)
	}
	// The hint's own example, copied, earns nothing.
	if v = grade(t, r, `$\boxed{[\epsilon^{3}, \frac{1}{\epsilon}]}$`); v.Score != 0 {
		t.Errorf("hint's example: %+v", v)
	}
	// With both x and \epsilon, \epsilon stays unknown.
	if v = grade(t, r, `$\boxed{[1 - \frac{x^{3}}{18} + \epsilon, 6/(11.4511451145115 - x) - 2.7342]}$`); v.Parts["small_x"] != 0 {
		t.Errorf("x and epsilon: %+v", v)
	}
	if v := grade(t, r, "I think y = 1"); v.Kind != answer.NoAnswer {
		t.Errorf("no box: %+v", v)
	}
	ref, _ := ReferenceOf(r)
	if v := gradeReply(context.Background(), ref, "long reasoning", "length", defaultEvaluator); v.Kind != answer.Incomplete {
		t.Errorf("cut: %+v", v)
	}
	if v := grade(t, r, `\boxed{[y = \frob{x}, y = ]}`); v.Kind != answer.Unparsable {
		t.Errorf("garbage: %+v", v)
	}
}

// Small x must match the key's series "exactly", as the rubric says: a
// coefficient written to three significant digits passes, one 5.6% or 2.5%
// away does not (1/18 against 1/17, against 0.05694), whatever y(0) gives.
func TestGradeODESmallExactly(t *testing.T) {
	r := rowOf(t, odeRow)
	for reply, want := range map[string]float64{
		`1 - \frac{x^{3}}{18}`:     1,
		`1 - 0.0556 x^{3}`:         1,
		`1 - \frac{x^3}{18} + x^5`: 1,
		`1 - \frac{x^{3}}{17}`:     0,
		`1 - 0.05694 x^{3}`:        0,
		`1 - \frac{x^{3}}{19}`:     0,
		`1`:                        0,
	} {
		v := grade(t, r, `$\boxed{[y = `+reply+`, y = 6/(11.4511451145115 - x) - 2.7342]}$`)
		if v.Parts["small_x"] != want {
			t.Errorf("small x %s: %g, want %g (%s)", reply, v.Parts["small_x"], want, v.Reason)
		}
	}
}

const rootsRow = `{"question":"Consider the polynomial\\[P(x) =\\epsilon x^{4} + x^{2} - 1.\\]","solution":"... So, the roots of $P(x)$ for large positive  $epsilon$ are $ \\boxed{ \\left[ - i \\sqrt[4]{\\frac{1}{\\epsilon}}, \\  i \\sqrt[4]{\\frac{1}{\\epsilon}}, \\  - \\sqrt[4]{\\frac{1}{\\epsilon}}, \\  \\sqrt[4]{\\frac{1}{\\epsilon}}\\right]} $ and the roots of $P(x)$ for small positive  $epsilon$ are $ \\boxed{ \\left[ - \\sqrt{- \\frac{1}{\\epsilon}}, \\  \\sqrt{- \\frac{1}{\\epsilon}}, \\  -1, \\  1\\right]} $",
"question_type":"polynomial_roots","answer_type":"list",
"answer_val":"\\left[ - \\sqrt{- \\frac{1}{\\epsilon}}, \\  \\sqrt{- \\frac{1}{\\epsilon}}, \\  -1, \\  1\\right]",
"precision":null,"small_eval_point":0.01,"small_analytical":null,"small_numerical":null,"large_eval_point":100.0,"large_analytical":null,"large_numerical":null}`

func TestGradeRoots(t *testing.T) {
	r := rowOf(t, rootsRow)
	// Order and form do not matter; labels route the lists to regimes.
	v := grade(t, r, `For large $\epsilon$: $\boxed{[\epsilon^{-1/4}, -\epsilon^{-1/4}, i\epsilon^{-1/4}, -i \epsilon^{-1/4}]}$.
For small $\epsilon$: $\boxed{[1, -1, \frac{i}{\sqrt{\epsilon}}, -\frac{i}{\sqrt{\epsilon}}]}$`)
	if v.Score != 1 {
		t.Errorf("reordered: %+v", v)
	}
	// Two of four small roots, all large ones.
	v = grade(t, r, `$\boxed{[1, -1], [\epsilon^{-1/4}, -\epsilon^{-1/4}, i\epsilon^{-1/4}, -i \epsilon^{-1/4}]}$`)
	if v.Parts["small_eps"] != 0.5 || v.Parts["large_eps"] != 1 || math.Abs(v.Score-0.75) > 1e-12 {
		t.Errorf("partial: %+v", v)
	}
	// A root given twice matches one reference root only.
	v = grade(t, r, `small: $\boxed{[1, 1, 1, 1]}$ large: $\boxed{[0]}$`)
	if v.Parts["small_eps"] != 0.25 || v.Parts["large_eps"] != 0 {
		t.Errorf("repeated root: %+v", v)
	}
}

func TestGradeNondim(t *testing.T) {
	sym := rowOf(t, `{"question":"q","solution":"s","question_type":"nondimensionalization_symbolic","answer_type":"math_expression",
"answer_val":"\\frac{a_{1} \\left(\\frac{a_{3}}{a_{2}}\\right)^{\\frac{7}{2}}}{a_{3}}","precision":null}`)
	if v := grade(t, sym, `$\boxed{\epsilon = \frac{a_1 a_3^{5/2}}{a_2^{7/2}}}$`); v.Score != 1 {
		t.Errorf("equivalent: %+v", v)
	}
	if v := grade(t, sym, `$\boxed{\epsilon = \frac{a_1 a_3^{5/2}}{a_2^{5/2}}}$`); v.Score != 0 || v.Kind != answer.Wrong {
		t.Errorf("different: %+v", v)
	}
	// identities that need positive coefficients are decided by the shared
	// engine (Options.Positive), both ways, with its reason
	for reply, want := range map[string]float64{
		`$\boxed{\frac{a_1}{a_3}\sqrt{\left(\frac{a_3}{a_2}\right)^{7}}}$`: 1,
		`$\boxed{\frac{a_1 a_3^2 \sqrt{a_3}}{a_2^3 \sqrt{a_2}}}$`:          1,
		`$\boxed{\frac{|a_1| a_3^{5/2}}{\sqrt{a_2^{7}}}}$`:                 1,
		`$\boxed{\frac{a_1}{a_3}\sqrt{\left(\frac{a_3}{a_2}\right)^{5}}}$`: 0,
	} {
		v := grade(t, sym, reply)
		if v.Score != want {
			t.Errorf("%s: %+v", reply, v)
		}
		if want == 0 && !strings.Contains(v.Reason, "a_1=") {
			t.Errorf("%s: reason %q does not come from the shared engine", reply, v.Reason)
		}
	}
	num := rowOf(t, `{"question":"q","solution":"s","question_type":"nondimensionalization_numeric","answer_type":"float","answer_val":"0.08","precision":2}`)
	for reply, want := range map[string]float64{`\boxed{0.08}`: 1, `\boxed{\epsilon \approx 0.077}`: 1, `\boxed{0.09}`: 0, `\boxed{8}`: 0} {
		if v := grade(t, num, reply); v.Score != want {
			t.Errorf("%s: %+v", reply, v)
		}
	}
}

func TestGradeEpsIntegral(t *testing.T) {
	r := rowOf(t, `{"question":"Consider the integral $I(\\epsilon) = \\int_0^{83.00} \\frac{1}{\\epsilon + 6.0 x^{8.0} + 3.0 x^{11.0} + 2.0 x^{13.0}} dx$. Develop","solution":"s",
"question_type":"integral","answer_type":"list","answer_val":"\\frac{0.7993}{\\epsilon^{0.875}}, \\frac{0.917}{\\epsilon^{0.875}}, \\frac{83}{\\epsilon}","precision":null}`)
	ref, err := ReferenceOf(r)
	if err != nil || len(ref.Regimes) != 3 || !ref.Regimes[1].HasPoint {
		t.Fatalf("%+v %v", ref, err)
	}
	v := grade(t, r, `$\boxed{[\frac{0.7993}{\epsilon^{0.875}}, \frac{1}{\epsilon}, \frac{83}{\epsilon}]}$`)
	if math.Abs(v.Score-2.0/3) > 1e-12 || v.Parts["intermediate_eps"] != 0 {
		t.Errorf("%+v", v)
	}
}

func TestJudge(t *testing.T) {
	it, err := ItemOf(context.Background(), "x", KeyedRow{"0", rowOf(t, odeRow)})
	if err != nil {
		t.Fatal(err)
	}
	p, err := JudgePrompt(it, "my answer")
	if err != nil || !strings.Contains(p.Text, "Please take this response: my answer") || !strings.Contains(p.Text, "small regime solution") {
		t.Errorf("%v %q", err, p.Text)
	}
	sym, _ := ItemOf(context.Background(), "x", KeyedRow{"1", rowOf(t, `{"question":"q","solution":"s","question_type":"nondimensionalization_numeric","answer_type":"float","answer_val":"0.08","precision":2}`)})
	if _, err := JudgePrompt(sym, "r"); err == nil {
		t.Error("nondimensionalization has no rubric")
	}
	for reply, want := range map[string]float64{`Score: \boxed{0.5}`: 0.5, `\[boxed{1}\]`: 1, `$\boxed{\frac{3}{4}}$`: 0.75} {
		if v, err := ParseJudgeScore(reply); err != nil || v != want {
			t.Errorf("%s: %v %v", reply, v, err)
		}
	}
	for _, bad := range []string{"no box", `\boxed{1.5}`, `\boxed{good}`} {
		if _, err := ParseJudgeScore(bad); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

// Items come back from samples.jsonl with Extra as generic JSON; grading
// must work the same.
func TestGradeAfterJSONRoundTrip(t *testing.T) {
	for _, js := range []string{odeRow, rootsRow} {
		it, err := ItemOf(context.Background(), "x", KeyedRow{"0", rowOf(t, js)})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(it)
		var back bench.Item
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if _, isMap := back.Extra["reference"].(map[string]any); !isMap {
			t.Fatalf("expected a generic map after JSON, got %T", back.Extra["reference"])
		}
		h := New()
		if v := h.Grade(context.Background(), back, h.GoldReply(back), "stop"); v.Score != 1 {
			t.Errorf("%s: %+v", it.Meta["type"], v)
		}
	}
}

func TestJudgedInterface(t *testing.T) {
	var b bench.Judged = New()
	it, err := ItemOf(context.Background(), "x", KeyedRow{"0", rowOf(t, odeRow)})
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := b.JudgePrompt(it, "my answer"); !ok || !strings.Contains(p.Text, "my answer") || len(p.Messages) != 1 {
		t.Errorf("%v %+v", ok, p)
	}
	sym, _ := ItemOf(context.Background(), "x", KeyedRow{"1", rowOf(t, `{"question":"q","solution":"s","question_type":"nondimensionalization_numeric","answer_type":"float","answer_val":"0.08","precision":2}`)})
	if _, ok := b.JudgePrompt(sym, "r"); ok {
		t.Error("nondimensionalization judged")
	}
	v, reason, err := b.ParseJudge(it, "The small-x part matches.\n\nThe large-x exponent is wrong: 2 instead of 3.\n\nFinal: $\\boxed{0.5}$")
	if err != nil || v != 0.5 || reason != "The large-x exponent is wrong: 2 instead of 3." {
		t.Errorf("%v %q %v", v, reason, err)
	}
	if _, _, err := b.ParseJudge(it, "no score"); err == nil {
		t.Error("no score accepted")
	}
}
