package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/report/reporttest"
)

// TestCompareManyAndBreakdownTable: compare with three runs (each against
// the first), and table over runs of one benchmark (model x subject).
func TestCompareManyAndBreakdownTable(t *testing.T) {
	root := t.TempDir()
	var dirs []string
	for i, m := range []string{"openai:alpha", "openai:beta", "openai:gamma"} {
		d := filepath.Join(root, "math-"+m[len("openai:"):]+"-abcdef0123")
		if _, err := reporttest.Write(d, reporttest.Options{Items: 40, Seed: uint64(i + 1), Model: m, Skill: -0.1 * float64(i), Results: true}); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, d)
	}
	code, out := cli(t, append([]string{"compare"}, dirs...)...)
	if code != 0 || !strings.Contains(out, "B1 ") || !strings.Contains(out, "B2 ") || !strings.Contains(out, "A-B [95% paired CI]") {
		t.Fatalf("compare of three: exit %d\n%s", code, out)
	}
	code, out = cli(t, "table", root, "--format", "markdown")
	if code != 0 || !strings.Contains(out, "| model | all | Algebra |") || !strings.Contains(out, "| beta |") || strings.Contains(out, "abcdef0123") {
		t.Fatalf("table of one benchmark: exit %d\n%s", code, out)
	}
	if code, out = cli(t, "table", root, "--format", "html"); code != 2 {
		t.Errorf("--format html: exit %d\n%s", code, out)
	}
}
