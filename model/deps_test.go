package model_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestClientImportsNoGrader: the model client reaches neither the
// benchmarks nor the grader and its LaTeX parser (the shared types are in
// core; builtin:calc registers from model/calcmodel).
func TestClientImportsNoGrader(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/matheval/matheval/model").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"/bench", "/latex", "/answer", "/equiv", "/expr", "/calc", "/rundir"} {
			if strings.HasPrefix(dep, "github.com/matheval/matheval") && strings.Contains(dep, banned) {
				t.Errorf("model imports %s", dep)
			}
		}
	}
}
