package bench

import (
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
)

// sampleOf makes a graded sample of item id with metadata meta.
func sampleOf(id string, idx int, correct bool, score float64, meta map[string]string) Sample {
	k, x := answer.Wrong, "2"
	if correct {
		k, x = answer.Correct, "1"
	}
	return Sample{Item: Item{ID: id, Meta: meta}, Index: idx, Confidence: -1, Verdict: answer.Verdict{Kind: k, Score: score, Extracted: x}}
}

func TestMeasures(t *testing.T) {
	s := Sample{Verdict: answer.Verdict{Kind: answer.Correct, Score: 0.75,
		Metrics: map[string]float64{"relative_error": 0.2}, Parts: map[string]float64{"small_eps": 1}}}
	for _, c := range []struct {
		m    Measure
		want float64
		ok   bool
	}{
		{Correct, 1, true}, {Score, 0.75, true},
		{VerdictMetric("relative_error", 10), 0.2, true}, {VerdictMetric("other", 10), 10, true},
		{Part("small_eps"), 1, true}, {Part("large_eps"), 0, true},
		{Measure{Of: "metric:other"}, 0, false}, {Measure{Of: "nosuch"}, 0, false},
	} {
		got, ok := c.m.Sample(s)
		if got != c.want || ok != c.ok {
			t.Errorf("%+v: %v %v, want %v %v", c.m, got, ok, c.want, c.ok)
		}
	}
	// An item's value is the mean over its samples that have the quantity.
	two := []Sample{{Verdict: answer.Verdict{Metrics: map[string]float64{"x": 1}}}, {Verdict: answer.Verdict{}}}
	if v, ok := (Measure{Of: "metric:x"}).Item(two); !ok || v != 1 {
		t.Errorf("item value %v %v", v, ok)
	}
	if _, ok := (Measure{Of: "metric:y"}).Item(two); ok {
		t.Error("an item without the quantity has a value")
	}
}

// NoMajority leaves maj@k out of the metrics and the sampling table, and
// keeps pass@k and mean@k.
func TestBuilderNoMajority(t *testing.T) {
	samples := []Sample{sampleOf("a", 0, true, 1, nil), sampleOf("a", 1, false, 0, nil),
		sampleOf("b", 0, false, 0, nil), sampleOf("b", 1, false, 0, nil)}
	sum := NewBuilder(samples).NoMajority().Summary()
	if _, ok := sum.Metric("maj@2"); ok {
		t.Error("maj@2 reported")
	}
	if sum.Value("pass@2") != 0.5 || sum.Value("mean@1") != 0.5 {
		t.Errorf("sampling metrics %+v", sum.Metrics)
	}
	for _, tab := range sum.Tables {
		if tab.Name != "sampling" {
			continue
		}
		if len(tab.Columns) != 3 || strings.Contains(strings.Join(tab.Columns, " ")+strings.Join(tab.Notes, " "), "maj@") {
			t.Errorf("sampling table %v %v", tab.Columns, tab.Notes)
		}
		for _, r := range tab.Rows {
			if len(r) != len(tab.Columns) {
				t.Errorf("row %v for columns %v", r, tab.Columns)
			}
		}
		return
	}
	t.Error("no sampling table")
}

// A summary worked by hand: four items, two subjects, item d with two samples.
func TestBuilderByHand(t *testing.T) {
	alg := map[string]string{"subject": "algebra", "level": "1"}
	geo := map[string]string{"subject": "geometry", "level": "2"}
	samples := []Sample{
		sampleOf("a", 0, true, 1, alg), sampleOf("b", 0, false, 0, alg),
		sampleOf("c", 0, true, 1, geo), sampleOf("d", 1, false, 0, geo), sampleOf("d", 0, true, 1, geo),
	}
	sb := NewBuilder(samples)
	if it := sb.Items(); len(it) != 4 || len(it[3].Samples) != 2 || it[3].Samples[0].Index != 0 {
		t.Fatalf("items %+v", it)
	}
	m := Correct
	acc := sb.Metric(Metric{Name: "accuracy", Label: "accuracy", Unit: Percent, Measure: &m, Definition: "share right"})
	// items a 1, b 0, c 1, d 0.5
	if acc.N != 4 || acc.Value != 0.625 || acc.Interval == nil || acc.Interval.Lo > 0.625 || acc.Interval.Hi < 0.625 {
		t.Errorf("accuracy %+v", acc)
	}
	subj := sb.ByMeta("subject", strings.ToUpper, nil)
	lvl := sb.ByMeta("level", func(l string) string { return "Level " + l }, nil)
	bs := sb.Breakdown("by_subject", "Accuracy by subject", []string{"subject"}, subj, "accuracy")
	if len(bs.Groups) != 2 || bs.Groups[0].Label != "ALGEBRA" || bs.Groups[0].Values["accuracy"].Value != 0.5 ||
		bs.Groups[1].Values["accuracy"].Value != 0.75 || bs.Groups[1].N != 2 {
		t.Errorf("by subject %+v", bs.Groups)
	}
	// Crossed: only the pairs with items are kept.
	bx := sb.Breakdown("cross", "Accuracy by subject and level", []string{"subject", "level"}, Cross(subj, lvl), "accuracy")
	if len(bx.Groups) != 2 || bx.Groups[0].Key != "algebra|1" || bx.Groups[0].Label != "ALGEBRA, Level 1" {
		t.Errorf("cross %+v", bx.Groups)
	}
	pv := sb.Pivot(bx, "accuracy", false)
	if len(pv.Columns) != 3 || pv.Columns[1] != "Level 1" || pv.Rows[0][2] != "–" || !strings.HasSuffix(pv.Rows[1][2], "(2)") {
		t.Errorf("pivot %v %v", pv.Columns, pv.Rows)
	}
	tab := sb.BreakdownTable(bs, true)
	if !tab.Main || tab.Columns[2] != "accuracy % [95% CI]" || !strings.HasPrefix(tab.Rows[0][2], "50.0 [") {
		t.Errorf("table %v %v", tab.Columns, tab.Rows)
	}
	sb.Table(tab)
	sum := sb.Summary()
	// d has two samples: pass@k and the sampling table appear; pass@2
	// covers the one item with two samples.
	p2, _ := sum.Metric("pass@2")
	if p2.Value != 1 || p2.N != 1 || sum.Value("pass@1") != 0.625 || sum.Value("maj@2") != 0.75 || sum.Value("mean@1") != 0.75 {
		t.Errorf("sampling metrics %+v", sum.Metrics)
	}
	if un := sum.Unshown(); len(un) != 1 || un[0].Name != "accuracy" {
		t.Errorf("unshown %+v", un)
	}
	if sum.Interval != IntervalMethod || sum.Headline[0] != "accuracy" {
		t.Errorf("summary %+v", sum)
	}
	// Where selects the items again: a reader can recompute a group.
	for _, g := range bs.Groups {
		n := 0
		for _, it := range sb.Items() {
			if g.Matches(it.Item) {
				n++
			}
		}
		if n != g.N {
			t.Errorf("group %s: Where matches %d items, n %d", g.Key, n, g.N)
		}
	}
	// The summary is valid JSON (no NaN) and reads back the same.
	b, err := json.Marshal(sum)
	if err != nil {
		t.Fatal(err)
	}
	var back Summary
	if err := json.Unmarshal(b, &back); err != nil || back.Value("accuracy") != 0.625 || len(back.Breakdowns) != 2 {
		t.Errorf("round trip: %v %+v", err, back)
	}
}

func TestEmptyAndDefault(t *testing.T) {
	sum := DefaultSummary(nil)
	if _, err := json.Marshal(sum); err != nil {
		t.Fatalf("empty summary: %v", err)
	}
	if m, _ := sum.Main(); m.N != 0 || m.Text() != "–" {
		t.Errorf("empty accuracy %+v %q", m, m.Text())
	}
	s := []Sample{sampleOf("x", 0, true, 1, map[string]string{"grade": "3"}), sampleOf("y", 0, false, 0, map[string]string{"grade": "10"})}
	sum = DefaultSummary(s)
	bd, ok := sum.Breakdown("by_grade")
	if !ok || len(bd.Groups) != 2 || bd.Groups[0].Key != "3" { // natural order: 3 before 10
		t.Errorf("by grade %+v", bd)
	}
	if !math.IsNaN(sum.Value("nosuch")) {
		t.Error("a missing metric has a value")
	}
}

func TestFormat(t *testing.T) {
	pc := Metric{Unit: Percent, Measure: &Score, Label: "accuracy"}
	num := Metric{Unit: Number, Label: "relative error"}
	e := Estimate{N: 3, Value: 0.5, Interval: &Interval{Lo: 0.25, Hi: 0.75}}
	for _, c := range []struct{ got, want string }{
		{pc.Cell(e), "50.0 [25.0, 75.0]"}, {num.Cell(e), "0.50 [0.25, 0.75]"}, {pc.Cell(Estimate{}), "–"},
		{num.Format(0), "0.00"}, {num.Format(250), "250"}, {num.Format(0.004), "0.004"},
		{pc.Column(), "accuracy % [95% CI]"}, {num.Column(), "relative error"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
	pc.Estimate = e
	if got := pc.Text(); got != "50.0% [25.0, 75.0]" {
		t.Errorf("text %q", got)
	}
}

// Spans select items by the characters (not bytes) of their texts; an item
// without a solution belongs to no solution span; the groups survive a
// round trip through JSON and select the same items from the items alone.
func TestSpans(t *testing.T) {
	mk := func(id, problem, solution string, correct bool) Sample {
		s := sampleOf(id, 0, correct, map[bool]float64{true: 1, false: 0}[correct], nil)
		s.Item.Problem, s.Item.Solution = problem, solution
		return s
	}
	samples := []Sample{
		mk("a", "ééé", "x", true),                 // 3 characters, 6 bytes
		mk("b", strings.Repeat("x", 4), "", true), // no solution
		mk("c", strings.Repeat("x", 10), "yy", false),
		mk("d", strings.Repeat("x", 12), "yyyyy", true),
	}
	sb := NewBuilder(samples)
	acc := Score
	sb.Metric(Metric{Name: "accuracy", Label: "accuracy", Unit: Percent, Measure: &acc})
	groups := Spans(ProblemChars, []int{0, 4, 10})
	if len(groups) != 3 || groups[0].Label != "0-3" || groups[2].Label != "10+" || groups[2].Span.Hi != 0 {
		t.Fatalf("groups %+v", groups)
	}
	bd := sb.Breakdown("by_problem_length", "Accuracy by problem length", []string{"problem length (characters)"}, groups, "accuracy")
	got := map[string]Group{}
	for _, g := range bd.Groups {
		got[g.Key] = g
	}
	if g := got["0-3"]; g.N != 1 || g.Values["accuracy"].Value != 1 {
		t.Errorf("0-3: %+v (é counts as one character)", g)
	}
	if g := got["4-9"]; g.N != 1 {
		t.Errorf("4-9: %+v", g)
	}
	if g := got["10+"]; g.N != 2 || g.Values["accuracy"].Value != 0.5 {
		t.Errorf("10+: %+v", g)
	}
	sol := sb.Breakdown("by_solution_length", "", []string{"solution length"}, Spans(SolutionChars, []int{0, 2}), "accuracy")
	n := 0
	for _, g := range sol.Groups {
		n += g.N
	}
	if n != 3 {
		t.Errorf("solution spans hold %d items, want 3 (b has no solution)", n)
	}
	raw, err := json.Marshal(bd)
	if err != nil {
		t.Fatal(err)
	}
	var back Breakdown
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	for _, g := range back.Groups {
		m := 0
		for _, s := range samples {
			if g.Matches(s.Item) {
				m++
			}
		}
		if m != g.N {
			t.Errorf("%s after JSON matches %d items, want %d", g.Key, m, g.N)
		}
	}
	var none *Span
	if !none.Matches(samples[0].Item) || (&Span{Of: "nosuch"}).Matches(samples[0].Item) {
		t.Error("a nil span must match every item, an unknown one none")
	}
}

// One number format per quantity (issue 32 item 10): an estimate and its
// interval share their decimals ("582 [75, 1090]", never "582 [75.00,
// 1090]"), and a breakdown table keeps one format down each column, here a
// mean token count over groups whose means are 582 and 7.5.
func TestOneFormatPerQuantity(t *testing.T) {
	num := Metric{Unit: Number, Label: "tokens"}
	e := Estimate{N: 9, Value: 582, Interval: &Interval{Lo: 75, Hi: 1090}}
	if got := num.Cell(e); got != "582 [75, 1090]" {
		t.Errorf("cell %q, want 582 [75, 1090]", got)
	}
	num.Estimate = e
	if got := num.Text(); got != "582 [75, 1090]" {
		t.Errorf("text %q", got)
	}
	small := Estimate{N: 9, Value: 0.5, Interval: &Interval{Lo: 0.004, Hi: 0.75}}
	if got := num.Cell(small); got != "0.50 [0.00, 0.75]" {
		t.Errorf("cell %q, want 0.50 [0.00, 0.75]", got)
	}
	tiny := Estimate{N: 9, Value: 0.004, Interval: &Interval{Lo: 0.0012, Hi: 0.0071}}
	if got := num.Cell(tiny); got != "0.0040 [0.0012, 0.0071]" {
		t.Errorf("cell %q", got)
	}

	// A column: item a's reply has 1000 tokens and b's 164 (group x, mean
	// 582); c's and d's 5 and 10 (group y, mean 7.5).
	tok := map[string]float64{"a": 1000, "b": 164, "c": 5, "d": 10}
	var samples []Sample
	for _, id := range []string{"a", "b", "c", "d"} {
		g := map[bool]string{true: "x", false: "y"}[id < "c"]
		s := sampleOf(id, 0, true, 1, map[string]string{"g": g})
		s.Verdict.Metrics = map[string]float64{"tokens": tok[id]}
		samples = append(samples, s)
	}
	sb := NewBuilder(samples)
	m := VerdictMetric("tokens", 0)
	sb.Metric(Metric{Name: "tokens", Label: "tokens", Unit: Number, Measure: &m})
	bd := sb.Breakdown("by_g", "Tokens by g", []string{"g"}, sb.ByMeta("g", nil, nil), "tokens")
	tab := sb.BreakdownTable(bd, true)
	if len(tab.Rows) != 2 {
		t.Fatalf("rows %v", tab.Rows)
	}
	col := len(tab.Columns) - 1
	decimals := func(cell string) map[int]bool {
		out := map[int]bool{}
		for _, f := range regexp.MustCompile(`-?\d+(\.\d+)?`).FindAllString(cell, -1) {
			_, frac, _ := strings.Cut(f, ".")
			out[len(frac)] = true
		}
		return out
	}
	seen := map[int]bool{}
	for _, r := range tab.Rows {
		for d := range decimals(r[col]) {
			seen[d] = true
		}
	}
	if len(seen) != 1 || !strings.HasPrefix(tab.Rows[0][col], "582 [") {
		t.Errorf("column %q mixes formats (decimals %v): %v", tab.Columns[col], seen, tab.Rows)
	}
}
