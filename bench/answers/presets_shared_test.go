package answers

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/jsonl"
)

// sharedFiles are the presets with a file under ../shared/data: the eight
// of answers/ as the Qwen2.5-Math harness ships them, and MATH-500.
var sharedFiles = map[string]string{
	"gsm8k": "answers/gsm8k", "aime": "answers/aime24", "amc": "answers/amc23", "minerva_math": "answers/minerva_math",
	"svamp": "answers/svamp", "mawps": "answers/mawps", "college_math": "answers/college_math", "sat_math": "answers/sat_math",
	"math500": "math500",
}

// countLines counts the non-blank lines of a JSON Lines file: the item
// count a preset must load.
func countLines(t *testing.T, path string) int {
	t.Helper()
	recs, err := jsonl.ReadFile[json.RawMessage](path)
	if err != nil {
		t.Fatal(err)
	}
	return len(recs)
}

// TestPresetsGoldOnSharedData: each preset reads its released file whole
// and grades its own gold replies correct, every one (what builtin:gold
// does in a run).
func TestPresetsGoldOnSharedData(t *testing.T) {
	presets, err := Presets()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*Benchmark{}
	for _, p := range presets {
		byName[p.Name()] = p
	}
	for name, dir := range sharedFiles {
		t.Run(name, func(t *testing.T) {
			b := byName[name]
			if b == nil {
				t.Fatalf("no preset %s", name)
			}
			path := testenv.Shared(t, "data", dir, "test.jsonl")
			items, _, err := b.Load(context.Background(), path, loadAll)
			if err != nil {
				t.Fatal(err)
			}
			if want := countLines(t, path); len(items) != want {
				t.Fatalf("%d items, want the file's %d", len(items), want)
			}
			if testing.Short() && len(items) > 300 {
				items = items[:300]
			}
			bad := 0
			for _, it := range items {
				v := b.Grade(context.Background(), it, b.GoldReply(it), "stop")
				if v.Kind != answer.Correct {
					bad++
					if bad <= 10 {
						t.Errorf("item %s: gold %q graded %s: %s", it.ID, it.Answer, v.Kind, v.Reason)
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d gold replies not correct", bad, len(items))
			}
		})
	}
}
