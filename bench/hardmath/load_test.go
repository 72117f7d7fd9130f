package hardmath

import (
	"context"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/testenv"
)

func TestLoadOtherFiles(t *testing.T) {
	for _, name := range []string{"word_problems_HARDMath.json", "HARDMath_shot_examples.json", "early-full-2024-06-12/HARDMath.json"} {
		path := testenv.Shared(t, "data", "hardmath", name)
		b := New()
		items, warns, err := b.Load(context.Background(), path, bench.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		rows, _, _ := ReadFile(path)
		bad := 0
		for _, w := range warns {
			if !strings.Contains(w.Message, "duplicate") {
				bad++
				if bad <= 3 {
					t.Logf("%s: %s", name, w)
				}
			}
		}
		gold := 0
		for _, it := range items {
			if b.Grade(context.Background(), it, b.GoldReply(it), "stop").Score == 1 {
				gold++
			}
		}
		t.Logf("%s: %d rows, %d items, %d unusable rows, gold scores 1 on %d", name, len(rows), len(items), bad, gold)
		if gold != len(items) {
			t.Errorf("%s: gold scores 1 on only %d of %d items", name, gold, len(items))
		}
		if len(items)+bad != len(rows) {
			t.Errorf("%s: %d items + %d unusable != %d rows", name, len(items), bad, len(rows))
		}
	}
}
