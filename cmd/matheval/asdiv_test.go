package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
)

// data check asdiv exits 1 when a gold answer disagrees with its formula
// (bench/asdiv's mini.xml has one, t-0002: 10-4=6 answered 5), and lists it,
// in text and in JSON.
func TestDataCheckASDivFailsOnInconsistentAnswer(t *testing.T) {
	mini := filepath.Join(testenv.RepoRoot(t), "bench", "asdiv", "testdata", "mini.xml")
	code, out := cli(t, "data", "check", "asdiv", mini)
	if code != exitFailure || !strings.Contains(out, "formula check: 2 ok, 1 inconsistent, 0 unchecked") ||
		!strings.Contains(out, "inconsistent items:\n  t-0002: ") {
		t.Errorf("exit %d\n%s", code, out)
	}
	code, out = cli(t, "data", "check", "asdiv", "--json", mini)
	var rep struct {
		Status  map[string]int
		Results []struct{ ID, Status string }
	}
	if err := json.Unmarshal([]byte(out), &rep); code != exitFailure || err != nil ||
		len(rep.Results) != 1 || rep.Results[0].ID != "t-0002" || rep.Status["ok"] != 2 {
		t.Errorf("--json: exit %d, %v\n%s", code, err, out)
	}
}
