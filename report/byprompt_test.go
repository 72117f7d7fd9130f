package report

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/report/reporttest"
)

// Two runs of one model that differ in their prompt text only are ranked;
// a third with the same prompt, or one with another seed, is refused.
func TestByPromptRules(t *testing.T) {
	root := t.TempDir()
	load := func(name string, o reporttest.Options) *Run {
		t.Helper()
		dir := filepath.Join(root, name)
		if _, err := reporttest.Write(dir, o); err != nil {
			t.Fatal(err)
		}
		r, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	good := load("good", reporttest.Options{Items: 30, PromptHash: "aaaaaaaaaa", Skill: 0.4, Results: true})
	bad := load("bad", reporttest.Options{Items: 30, PromptHash: "bbbbbbbbbb", Results: true})
	pc, err := ByPrompt([]*Run{bad, good})
	if err != nil {
		t.Fatal(err)
	}
	if len(pc.Models) != 1 || len(pc.Models[0].Rows) != 2 || pc.Models[0].Rows[0].Run != good || !pc.Models[0].Rows[0].Best ||
		pc.Models[0].Rows[1].Best || pc.Models[0].Lead == nil {
		t.Fatalf("choice %+v", pc.Models)
	}
	if p := pc.Models[0].Rows[0].Prompt; p != "direct, text aaaaaaaa" {
		t.Errorf("prompt label %q", p)
	}
	tabs := pc.Tables()
	if len(tabs) != 1 || len(tabs[0].Rows) != 2 || tabs[0].Rows[0][len(tabs[0].Rows[0])-1] != "✓" ||
		!strings.Contains(strings.Join(tabs[0].Notes, " "), "Best: direct, text aaaaaaaa, ahead of direct, text bbbbbbbb") {
		t.Errorf("table %+v", tabs)
	}
	same := load("same", reporttest.Options{Items: 30, PromptHash: "aaaaaaaaaa", Results: true})
	if _, err := ByPrompt([]*Run{good, bad, same}); err == nil || !strings.Contains(err.Error(), "same prompt") {
		t.Errorf("two runs of one prompt: %v", err)
	}
	seed := load("seed", reporttest.Options{Items: 30, PromptHash: "cccccccccc", Seed: 9, Results: true})
	if _, err := ByPrompt([]*Run{good, seed}); !errors.Is(err, ErrNotOnlyPrompt) || !strings.Contains(err.Error(), "seed: 0 → 9") {
		t.Errorf("another seed: %v", err)
	}
}
