package stats

import (
	"math"
	"reflect"
	"testing"
)

func TestMajorityVoteTieFirstAppearance(t *testing.T) {
	// b and a both occur twice; b appears first, so b wins.
	if k, n := MajorityVote([]string{"b", "a", "a", "b"}); k != "b" || n != 2 {
		t.Errorf("MajorityVote = %q,%d, want b,2", k, n)
	}
	if k, n := MajorityVote([]string{"", ""}); k != "" || n != 0 {
		t.Errorf("MajorityVote of empties = %q,%d", k, n)
	}
}

func TestFlips(t *testing.T) {
	a := map[string]bool{"1": true, "2": true, "3": false, "4": false, "5": true}
	b := map[string]bool{"1": true, "2": false, "3": true, "4": false, "6": true}
	f := Flips(a, b)
	if !reflect.DeepEqual(f.OnlyA, []string{"2"}) || !reflect.DeepEqual(f.OnlyB, []string{"3"}) {
		t.Errorf("flips: only A %v, only B %v", f.OnlyA, f.OnlyB)
	}
	if f.BothRight != 1 || f.BothWrong != 1 || f.Paired() != 4 {
		t.Errorf("both right %d, both wrong %d, paired %d", f.BothRight, f.BothWrong, f.Paired())
	}
	if !reflect.DeepEqual(f.MissingA, []string{"6"}) || !reflect.DeepEqual(f.MissingB, []string{"5"}) {
		t.Errorf("missing A %v, missing B %v", f.MissingA, f.MissingB)
	}
}

func TestItemsEdgeCases(t *testing.T) {
	if !math.IsNaN(MeanAtK(nil, 3)) || !math.IsNaN(MajAtK([][]Attempt{{}}, 1)) {
		t.Error("empty input should give NaN")
	}
	// An item with 2 attempts cannot give pass@3: it is skipped and counted.
	items := [][]Attempt{{{Correct: true}, {}}, {{Correct: true}, {}, {}}}
	p, skipped := PassAtKItems(items, 3)
	if skipped != 1 || p != 1 {
		t.Errorf("PassAtKItems = %v, skipped %d; want 1, 1", p, skipped)
	}
	// Every attempt without answer: maj counts the item wrong.
	if got := MajAtK([][]Attempt{{{Answer: "", Correct: false}}}, 1); got != 0 {
		t.Errorf("maj of no answers = %v", got)
	}
}

func TestAUROCMismatchedAndNaN(t *testing.T) {
	got := AUROC([]float64{0.9, math.NaN(), 0.1, 0.7}, []bool{true, true, false})
	if got != 1 {
		t.Errorf("AUROC skipping NaN and the unpaired score = %v, want 1", got)
	}
}
