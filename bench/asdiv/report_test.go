package asdiv

import (
	"context"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
)

// The data check's report: it fails when a gold answer disagrees with its
// formula (not when a formula cannot be evaluated), marks the answers
// that are an intermediate value by a field, and lists what it must.
func TestReport(t *testing.T) {
	item := func(id, formula, ans string) bench.Item {
		return bench.Item{ID: id, Answer: ans, Meta: map[string]string{"grade": "1", "type": "Addition"},
			Extra: map[string]any{"formula": formula}}
	}
	ok := item("ok", "7+2=9", "9")
	inter := item("inter", "7+2=9; 9*2=18", "9 (apples)")
	bad := item("bad", "10-4=6", "5 (cards)")
	unchecked := item("unchecked", "(((((", "1")

	rep, err := CheckItems(context.Background(), []bench.Item{ok, inter, unchecked})
	if err != nil || rep.Failed() {
		t.Fatalf("no inconsistent item: failed %v, %v", rep.Failed(), err)
	}
	if !rep.Results[1].Intermediate || rep.Results[1].Status != StatusOK || rep.Results[0].Intermediate {
		t.Errorf("intermediate: %+v", rep.Results[:2])
	}
	rep, _ = CheckItems(context.Background(), []bench.Item{ok, inter, bad, unchecked})
	if !rep.Failed() {
		t.Fatal("an inconsistent item must fail the check")
	}
	var b strings.Builder
	rep.WriteText(&b)
	text := b.String()
	for _, want := range []string{"formula check: 2 ok, 1 inconsistent, 1 unchecked", "1 answer an intermediate value",
		"inconsistent items:\n  bad: ", "unchecked, by reason (--all lists them):"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "inter:") || strings.Contains(text, "unchecked items:") {
		t.Errorf("lists without All:\n%s", text)
	}
	rep.All = true
	b.Reset()
	rep.WriteText(&b)
	if !strings.Contains(b.String(), "ok items answering an intermediate value:\n  inter: ") || !strings.Contains(b.String(), "unchecked items:\n  unchecked: ") {
		t.Errorf("All:\n%s", b.String())
	}
	if f := rep.Findings(); len(f.Results) != 2 || f.Results[0].ID != "bad" || f.Results[1].ID != "unchecked" {
		t.Errorf("findings %+v", f.Results)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CheckItems(ctx, []bench.Item{ok}); err == nil {
		t.Error("a done context must stop the check with an error")
	}
}
