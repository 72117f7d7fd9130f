package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/model/fakeserver"
)

// Issue 32's fresh look: what a new user met running MATH-500 and MATH 401
// against a server.

// TestMaxCostContinueCLI: a run stopped by --max-cost does not tell the
// user to run the same command again (its cap counts the spending of every
// invocation, so the same command stops at once, sending nothing); it says
// that a higher --max-cost continues, and one does, in the same directory.
func TestMaxCostContinueCLI(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	dir := t.TempDir()
	prices := filepath.Join(dir, "prices.json")
	// A dollar a token: every request's worst case is tens of dollars.
	if err := os.WriteFile(prices, []byte(`{"fake-model": {"prompt": 1e6, "completion": 1e6}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "run")
	args := func(maxCost string) []string {
		return []string{"run", "math401", "--model", "openai:fake-model", "--base-url", srv.BaseURL(), "--limit", "40",
			"--max-tokens", "20", "--prices", prices, "--max-cost", maxCost, "--no-cache", "--out", out, "--progress", "off"}
	}
	code, got := cli(t, args("100")...)
	if code != 1 || !strings.Contains(got, "--max-cost 100 reached") {
		t.Fatalf("a run past its cap: exit %d\n%s", code, got)
	}
	if strings.Contains(got, "Run the same command again") || !strings.Contains(got, "run the same command with a higher --max-cost to continue") {
		t.Errorf("a run stopped by --max-cost: want the advice to raise it, not to run the same command again:\n%s", got)
	}
	before := srv.Requests()
	if code, got = cli(t, args("100")...); code != 1 || srv.Requests() != before {
		t.Fatalf("the same command again: exit %d, %d requests (the advice's premise: it sends none)\n%s", code, srv.Requests()-before, got)
	}
	if code, got = cli(t, args("1e9")...); code != 0 || srv.Requests() == before || !strings.Contains(got, "40 items") {
		t.Fatalf("a higher --max-cost: exit %d, %d requests; want the run continued to its end\n%s", code, srv.Requests()-before, got)
	}
}
