package math401

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/calc"
	"github.com/matheval/matheval/internal/testenv"
)

func item(group int, query, ans string) bench.Item {
	return bench.Item{ID: "t/" + query, Problem: query, Answer: ans, Meta: map[string]string{"group": strconv.Itoa(group)}}
}

// Replies in the styles the paper shows, with the metrics worked out by hand.
func TestGradePaperStyles(t *testing.T) {
	b := New()
	cases := []struct {
		it      bench.Item
		reply   string
		correct bool
		re      float64 // relative error
		nn      float64 // non-number
	}{
		// thousands separators
		{item(9, "71786×21638=", "1553305468"), "1,553,305,468", true, 0, 0},
		// step by step: the last number counts
		{item(14, "(2 + 3) * 4=", "20.0000"), "First, 2 + 3 = 5. Then 5 * 4 = 20.", true, 0, 0},
		// a wrong last number: RE = |24-20|/20 = 0.2
		{item(14, "(2 + 3) * 4=", "20.0000"), "2 + 3 = 5, and 5 * 4 = 24", false, 0.2, 0},
		// a fraction turned into a decimal (25/9 = 2.7777...): |2.7778-2.77777..| < 1e-3
		{item(10, "50/18=", "2.7778"), "2.7778", true, 0, 0},
		{item(12, "q", "2.7778"), "The result is 25/9", true, 0.0000222222 / 2.7778, 0},
		// in group 10 a fraction is not read: "50/18" restates the query, the last number is 18
		{item(10, "50/18=", "2.7778"), "50/18", false, (18 - 2.7778) / 2.7778, 0},
		// "approximately"
		{item(16, "ln(695)=", "6.5439"), "ln(695) is approximately 6.5439", true, 0, 0},
		// numbers in parentheses are ignored
		{item(10, "50/18=", "2.7778"), "2.7778 (rounded to 4 decimal places)", true, 0, 0},
		// within 1e-3 but not exact: correct, RE = 0.0004/2.7778
		{item(10, "50/18=", "2.7778"), "2.7782", true, 0.0004 / 2.7778, 0},
		// off by exactly the tolerance counts wrong
		{item(10, "50/18=", "2.7778"), "2.7788", false, 0.001 / 2.7778, 0},
		// no number at all: RE 10, non-number 1
		{item(1, "5+9=", "14"), "I cannot compute that.", false, 10, 1},
		{item(1, "5+9=", "14"), "", false, 10, 1},
		// relative error with |y| < 1: the denominator is 1
		{item(8, "0.3×0.3=", "0.0900"), "0.19", false, 0.1, 0},
		// relative error capped at 10
		{item(1, "5+9=", "14"), "1000", false, 10, 0},
		// scientific notation
		{item(4, "221034337578+352470528397=", "573504865975"), "5.73504865975e11", true, 0, 0},
		{item(4, "221034337578+352470528397=", "573504865975"), "5.73504865975 \\times 10^{11}", true, 0, 0},
		// negative answers
		{item(5, "-6+(-2)=", "-8"), "-6 + (-2) = -8", true, 0, 0},
	}
	for _, c := range cases {
		v := b.Grade(context.Background(), c.it, c.reply, "stop")
		if v.IsCorrect() != c.correct {
			t.Errorf("%q on %q: verdict %s (%s), want correct=%v", c.reply, c.it.Problem, v.Kind, v.Reason, c.correct)
		}
		if re := v.Metrics["relative_error"]; math.Abs(re-c.re) > 1e-6 {
			t.Errorf("%q on %q: relative error %v, want %v", c.reply, c.it.Problem, re, c.re)
		}
		if nn := v.Metrics["non_number"]; nn != c.nn {
			t.Errorf("%q: non_number %v, want %v", c.reply, nn, c.nn)
		}
	}
}

func TestGradeTruncatedReplyStillRead(t *testing.T) {
	v := New().Grade(context.Background(), item(1, "5+9=", "14"), "5 + 9 = 14", "length")
	if !v.IsCorrect() {
		t.Errorf("truncated reply with the right number: %v", v)
	}
}

// The main job: builtin:calc on the generated set scores 100%, relative
// error 0 and non-number ratio 0.
func TestCalcScoresFull(t *testing.T) {
	b := New()
	items, _, err := b.Load(context.Background(), "", bench.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != Size {
		t.Fatalf("%d items", len(items))
	}
	var samples []bench.Sample
	for _, it := range items {
		reply, err := calc.Answer(context.Background(), it.Problem)
		if err != nil {
			t.Fatalf("%s %q: %v", it.ID, it.Problem, err)
		}
		samples = append(samples, bench.Sample{Item: it, Reply: reply, Verdict: b.Grade(context.Background(), it, reply, "stop")})
	}
	sum := b.Summarize(samples)
	if sum.Value("accuracy") != 1 || sum.Value("relative_error") != 0 || sum.Value("non_number_ratio") != 0 {
		t.Fatalf("calc: %+v", sum.Metrics)
	}
	for _, g := range []int{7, 13} { // other seeds too
		items, _, _ := b.Load(context.Background(), "", bench.LoadOptions{Seed: int64(g)})
		for _, it := range items {
			reply, err := calc.Answer(context.Background(), it.Problem)
			if v := b.Grade(context.Background(), it, reply, "stop"); err != nil || !v.IsCorrect() {
				t.Errorf("seed %d %s %q: %q %v %v", g, it.ID, it.Problem, reply, err, v)
			}
		}
	}
}

func TestGoldReplyScores(t *testing.T) {
	b := New()
	items, _, _ := b.Load(context.Background(), "", bench.LoadOptions{Seed: 5})
	for _, it := range items {
		if v := b.Grade(context.Background(), it, b.GoldReply(it), "stop"); !v.IsCorrect() {
			t.Errorf("%s: gold reply %v", it.ID, v)
		}
	}
}

// Summaries worked by hand: group 1 has two samples (one right, one with no
// number), group 9 one wrong (RE 0.5), group 13 one right.
func TestSummarizeByHand(t *testing.T) {
	b := New()
	mk := func(g int, gold, reply string) bench.Sample {
		it := item(g, "q", gold)
		return bench.Sample{Item: it, Reply: reply, Verdict: b.Grade(context.Background(), it, reply, "stop")}
	}
	samples := []bench.Sample{
		mk(1, "14", "14"),
		mk(1, "14", "no idea"),
		mk(9, "100", "150"),
		mk(13, "5.4366", "5.4366"),
	}
	byCat, byGroup := Scores(samples)
	if s := byGroup[1]; s.N != 2 || s.Accuracy != 0.5 || s.RelativeError != 5 || s.NonNumberRatio != 0.5 {
		t.Errorf("group 1: %+v", s)
	}
	all := byCat["All"]
	// accuracy 2/4; RE (0 + 10 + 0.5 + 0)/4 = 2.625; NNR 1/4
	if all.Accuracy != 0.5 || math.Abs(all.RelativeError-2.625) > 1e-12 || all.NonNumberRatio != 0.25 {
		t.Errorf("all: %+v", all)
	}
	if e := byCat["Easy"]; e.N != 2 || e.Accuracy != 0.5 {
		t.Errorf("easy: %+v", e)
	}
	if h := byCat["Hard"]; h.N != 2 || h.Accuracy != 0.5 || math.Abs(h.RelativeError-0.25) > 1e-12 {
		t.Errorf("hard: %+v", h)
	}
	if bg := byCat["Big"]; bg.N != 1 || bg.Accuracy != 0 {
		t.Errorf("big: %+v", bg)
	}
	// The summary works over items: the same samples as four items.
	for i := range samples {
		samples[i].Item.ID = fmt.Sprintf("t/%d", i)
	}
	sum := b.Summarize(samples)
	if sum.Value("accuracy") != 0.5 || math.Abs(sum.Value("relative_error")-2.625) > 1e-12 || sum.Value("non_number_ratio") != 0.25 {
		t.Errorf("metrics %+v", sum.Metrics)
	}
	if sum.Headline[0] != "accuracy" {
		t.Errorf("headline %v", sum.Headline)
	}
	t1, ok := sum.Breakdown("table1")
	if !ok {
		t.Fatal("no Table 1 breakdown")
	}
	got := map[string]bench.Group{}
	for _, g := range t1.Groups {
		got[g.Key] = g
	}
	if g := got["Irr"]; g.N != 1 || g.Values["accuracy"].Value != 1 {
		t.Errorf("Irr: %+v", g)
	}
	if g := got["+-"]; g.N != 2 || g.Values["accuracy"].Value != 0.5 || g.Values["relative_error"].Value != 5 || g.Values["non_number_ratio"].Value != 0.5 {
		t.Errorf("+-: %+v", g)
	}
	if _, ok := got["Tri"]; ok {
		t.Error("a category with no samples has an accuracy")
	}
	if _, ok := got["All"]; ok {
		t.Error("Table 1's All column repeats the headline")
	}
	var tab bench.Table
	for _, x := range sum.Tables {
		if x.Name == "table1" {
			tab = x
		}
	}
	if !tab.Main || len(tab.Columns) != 6 || tab.Columns[1] != "groups" || len(tab.Rows) != len(t1.Groups) {
		t.Fatalf("table 1: %v %v", tab.Columns, tab.Rows)
	}
	for _, r := range tab.Rows {
		if r[0] == "Hard" && (r[1] != "0, 4, 9-10, 12-16" || r[2] != "2" || !strings.HasPrefix(r[3], "50.0 [") || !strings.HasPrefix(r[4], "0.25 [")) {
			t.Errorf("Hard row %v", r)
		}
	}
}

func TestCategoriesCoverGroups(t *testing.T) {
	easy := map[int]bool{}
	for _, c := range Categories {
		if c.Name == "Easy" || c.Name == "Hard" {
			for _, g := range c.Groups {
				if easy[g] {
					t.Errorf("group %d both easy and hard", g)
				}
				easy[g] = true
			}
		}
	}
	if len(easy) != NumGroups {
		t.Errorf("easy+hard cover %d groups", len(easy))
	}
}

func TestLoadReleasedForm(t *testing.T) {
	items, warns, err := ReadFile(filepath.Join("testdata", "released_small.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 4 || Group(items[0]) != 0 || Group(items[1]) != 1 || items[2].Answer != "-0.5774" {
		t.Fatalf("items %+v", items)
	}
	if len(warns) != 1 {
		t.Errorf("want a warning about positional groups, got %v", warns)
	}
	_, _, err = ReadFile(filepath.Join("testdata", "broken.json"))
	if err == nil || !strings.Contains(err.Error(), "broken.json:2") {
		t.Errorf("broken file: %v", err)
	}
	if _, _, err := ReadFile(filepath.Join("testdata", "missing.json")); err == nil {
		t.Error("missing file accepted")
	}
}

func TestLoadOptions(t *testing.T) {
	b := New()
	items, _, _ := b.Load(context.Background(), "", bench.LoadOptions{Filter: map[string][]string{"group": {"15", "16"}}})
	if len(items) != 50 {
		t.Errorf("filter: %d items", len(items))
	}
	s1, _, _ := b.Load(context.Background(), "", bench.LoadOptions{Sample: 20, Seed: 3})
	s2, _, _ := b.Load(context.Background(), "", bench.LoadOptions{Sample: 20, Seed: 3})
	if len(s1) != 20 || s1[5].ID != s2[5].ID {
		t.Errorf("sample not deterministic")
	}
	l, _, _ := b.Load(context.Background(), "", bench.LoadOptions{Limit: 10})
	if len(l) != 10 || l[0].ID != "math401/0" {
		t.Errorf("limit: %d", len(l))
	}
}

func TestGeneratedRoundTrip(t *testing.T) {
	recs, _ := Generate(context.Background(), GenOptions{Seed: 9})
	data, _ := WriteJSONL(recs)
	items, warns, err := parseLines("gen.jsonl", data)
	if err != nil || len(warns) != 0 || len(items) != Size {
		t.Fatalf("%v %v %d", err, warns, len(items))
	}
	for i, it := range items {
		if it.Problem != recs[i].Query || it.Answer != recs[i].Answer || Group(it) != recs[i].Group || it.ID != recs[i].ID {
			t.Fatalf("item %d: %+v vs %+v", i, it, recs[i])
		}
	}
}

// The released file: groups by position, and exactly the 16 items whose
// answer is not the literal value (11 from π = 3.1415 / e = 2.71828, 5
// tangents from the exact angle).
func TestCheckReleased(t *testing.T) {
	path := testenv.Shared(t, "data", "math401", "math401.json")
	rep, err := Check(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Items != Size || rep.PerGroup[0] != 1 || rep.PerGroup[16] != PerGroup {
		t.Fatalf("items %d per group %v", rep.Items, rep.PerGroup)
	}
	pi, tan := 0, 0
	for _, d := range rep.Differences {
		switch {
		case d.Group == 13 && strings.Contains(d.Reason, "computed with"):
			pi++
			if d.FailsAcc {
				t.Errorf("%s: π/e difference beyond 1e-3", d.ID)
			}
		case d.Group == 15 && strings.HasPrefix(d.Query, "tan(") && strings.Contains(d.Reason, "exact angle"):
			tan++
			if !d.FailsAcc {
				t.Errorf("%s: tangent difference within 1e-3", d.ID)
			}
		default:
			t.Errorf("unexpected difference %+v", d)
		}
	}
	if pi != 11 || tan != 5 {
		t.Errorf("%d π/e and %d tangent differences, want 11 and 5", pi, tan)
	}
	if !rep.Failed() {
		t.Error("the tangent items should fail the check")
	}
	// every released group fits its definition except the irrational one,
	// which mixes two constants, "/" and plain integers
	for _, o := range rep.OffDefinition {
		if o.Group != 13 {
			t.Errorf("off definition: %+v", o)
		}
	}
	if len(rep.OffDefinition) != 17 {
		t.Errorf("%d items off their definition, want 17", len(rep.OffDefinition))
	}
	// calc on the released file: right except on the 5 tangents
	b := New()
	items, _, _ := b.Load(context.Background(), path, bench.LoadOptions{})
	wrong := 0
	for _, it := range items {
		reply, _ := calc.Answer(context.Background(), it.Problem)
		if !b.Grade(context.Background(), it, reply, "stop").IsCorrect() {
			wrong++
		}
	}
	if wrong != 5 {
		t.Errorf("calc wrong on %d released items, want the 5 tangents", wrong)
	}
}

func TestCheckGenerated(t *testing.T) {
	recs, _ := Generate(context.Background(), GenOptions{Seed: 1})
	data, _ := WriteJSONL(recs)
	items, _, _ := parseLines("x", data)
	for _, it := range items {
		if d, ok := checkItem(context.Background(), it, Group(it)); ok {
			t.Errorf("generated item differs: %+v", d)
		}
	}
	it := item(13, "π*4=", "12.5660")
	if d, ok := checkItem(context.Background(), it, 13); !ok || d.FailsAcc || !strings.Contains(d.Reason, "π = 3.1415") || strings.Contains(d.Reason, "e = ") {
		t.Errorf("π*4: %+v", d)
	}
	it = item(1, "1+1=", "3")
	if d, ok := checkItem(context.Background(), it, 1); !ok || !d.FailsAcc || d.Literal != "2.0000" {
		t.Errorf("1+1=3: %+v", d)
	}
}

var _ = answer.Correct

// FuzzParseLines: any file content loads or fails with an error, never a panic.
func FuzzParseLines(f *testing.F) {
	f.Add([]byte(`{"query": "1+1=", "response": "2"}`))
	f.Add([]byte(`{"id":"a","group":3,"query":"1+1=","answer":"2"}` + "\n" + `{"id":"a","group":3,"query":"1+1=","answer":"2"}`))
	f.Add([]byte(`{"query": "1+1=", "response": 2}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		items, _, err := parseLines("fuzz", b)
		if err == nil && len(items) == 0 {
			t.Error("no items and no error")
		}
	})
}

func TestTable1Runs(t *testing.T) {
	b := New()
	mk := func(g int, gold, reply string) bench.Sample {
		it := item(g, "q", gold)
		return bench.Sample{Item: it, Reply: reply, Verdict: b.Grade(context.Background(), it, reply, "stop")}
	}
	runA := []bench.Sample{mk(0, "0", "0"), mk(15, "0.5", "0.5")}
	runB := []bench.Sample{mk(0, "0", "1"), mk(15, "0.5", "none")}
	tb := Table1([]string{"a", "b"}, [][]bench.Sample{runA, runB})
	if len(tb.Rows) != 2 || len(tb.Columns) != len(Categories)+3 {
		t.Fatalf("%+v", tb)
	}
	// a: Euler 100, Tri 100; b: Euler 0 (RE 1), Tri 0 (no number: RE 10, NNR 50%)
	if tb.Rows[0][1] != "100.0" || tb.Rows[1][1] != "0.0" || tb.Rows[1][2] != "-" {
		t.Errorf("rows %v", tb.Rows)
	}
	if last := tb.Rows[1][len(tb.Rows[1])-2:]; last[0] != "5.50" || last[1] != "50.0" {
		t.Errorf("RE/NNR %v", last)
	}
}

// The paper's NNR counts replies whose decoded content has no number at
// all: a reply with digits that no rule reads is not a non-number, and a
// failed request is counted apart (failed_requests), never as a non-number.
func TestNonNumberIsAReplyWithoutDigits(t *testing.T) {
	b := New()
	it := item(1, "5+9=", "14")
	unread := b.Grade(context.Background(), it, "x_2 is unknown", "stop") // digits, no answer read
	if unread.Metrics["non_number"] != 0 || NonNumber(unread) {
		t.Errorf("a reply with digits is a non-number: %+v", unread)
	}
	none := b.Grade(context.Background(), it, "I cannot say.", "stop")
	if none.Metrics["non_number"] != 1 || !NonNumber(none) {
		t.Errorf("a reply without digits is not a non-number: %+v", none)
	}
	failed := answer.Verdict{Kind: answer.Error, Reason: "request failed: 500"}
	if NonNumber(failed) {
		t.Error("a failed request counts as a non-number")
	}
	samples := []bench.Sample{
		{Item: item(1, "5+9=", "14"), Verdict: none},
		{Item: item(1, "5+9=", "14"), Verdict: failed},
		{Item: item(1, "5+9=", "14"), Verdict: b.Grade(context.Background(), it, "14", "stop")},
		{Item: item(1, "5+9=", "14"), Verdict: unread},
	}
	for i := range samples {
		samples[i].Item.ID = fmt.Sprintf("t/%d", i)
	}
	sum := b.Summarize(samples)
	if nn, fr := sum.Value("non_number_ratio"), sum.Value("failed_requests"); nn != 0.25 || fr != 0.25 {
		t.Errorf("NNR %v, failed %v; want 0.25 and 0.25", nn, fr)
	}
	if re := sum.Value("relative_error"); math.Abs(re-(10+10+0+10)/4.0) > 1e-12 {
		t.Errorf("RE %v", re)
	}
}

// On the released file (and --compat sets) Table 1 has the paper's own Neg
// column, over Dec's groups, beside the defined one; a fresh set has not.
func TestPaperNegColumn(t *testing.T) {
	b := New()
	rows := func(items []bench.Item) map[string]bench.Group {
		var samples []bench.Sample
		for _, it := range items {
			samples = append(samples, bench.Sample{Item: it, Reply: it.Answer, Verdict: b.Grade(context.Background(), it, it.Answer, "stop")})
		}
		t1, ok := b.Summarize(samples).Breakdown("table1")
		if !ok {
			t.Fatal("no table 1")
		}
		got := map[string]bench.Group{}
		for _, g := range t1.Groups {
			got[g.Key] = g
		}
		return got
	}
	fresh, _, err := b.Load(context.Background(), "", bench.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := rows(fresh)["Neg (paper)"]; ok {
		t.Error("a fresh set has the paper's Neg column")
	}
	compat, err := GeneratedItems(context.Background(), GenOptions{Seed: 1, Compat: true})
	if err != nil {
		t.Fatal(err)
	}
	got := rows(compat)
	if got["Neg (paper)"].N != 75 || got["Neg"].N != 50 || got["Dec"].N != 75 {
		t.Errorf("Neg (paper) %d items, Neg %d, Dec %d; want 75, 50, 75", got["Neg (paper)"].N, got["Neg"].N, got["Dec"].N)
	}
}
