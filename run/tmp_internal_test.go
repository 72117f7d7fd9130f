package run

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/rundir"
)

// TestWriteSamplesFailureLeavesNoTemp (issue 30, row 7): a record that
// cannot be written ends writeSamples with an error naming it, and no
// .samples.jsonl.tmp is left behind.
func TestWriteSamplesFailureLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	recs := []*rundir.SampleRecord{
		{Sample: bench.Sample{Item: bench.Item{ID: "a"}}},
		{Sample: bench.Sample{Item: bench.Item{ID: "b"}, Index: 1}, Cost: math.NaN()},
	}
	err := writeSamples(dir, recs)
	if err == nil || !contains(err.Error(), "item b sample 1") {
		t.Fatalf("err %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) != 0 {
		t.Errorf("left %v", left)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
