package main

import (
	"errors"
	"testing"

	"github.com/matheval/matheval/report"
	"github.com/matheval/matheval/rundir"
)

// The next steps after the README's first command (`go run ./cmd/matheval
// run …`) must work as typed: nothing is installed then, so they use the
// `go run` form; an installed binary is called by name, any other by path.
func TestInvocation(t *testing.T) {
	notFound := func(string) (string, error) { return "", errors.New("not found") }
	onPath := func(string) (string, error) { return "/usr/local/bin/matheval", nil }
	for _, c := range []struct {
		arg0, exe string
		look      func(string) (string, error)
		want      string
	}{
		{"/tmp/go-build123/b001/exe/matheval", "/tmp/go-build123/b001/exe/matheval", notFound, "go run ./cmd/matheval"},
		{"/tmp/go-build123/b001/exe/matheval", "/tmp/go-build123/b001/exe/matheval", onPath, "go run ./cmd/matheval"},
		{"matheval", "/usr/local/bin/matheval", onPath, "matheval"},
		{"matheval", "/home/u/go/bin/matheval", notFound, "matheval"},
		{"/opt/x/matheval", "/opt/x/matheval", onPath, "/opt/x/matheval"},
	} {
		if got := invocation(c.arg0, c.exe, c.look); got != c.want {
			t.Errorf("invocation(%q, %q) = %q, want %q", c.arg0, c.exe, got, c.want)
		}
	}
}

// A run of the generic answer benchmark is named in tables by its data
// file (bench.DataNamed, no benchmark name in report's code); a preset or
// another benchmark by its name.
func TestBenchLabelByRegistration(t *testing.T) {
	if got := report.BenchLabel(rundir.Manifest{Benchmark: "answers", DataPath: "data/svamp/test.jsonl"}); got != "answers:svamp/test.jsonl" {
		t.Errorf("generic run labelled %q", got)
	}
	if got := report.BenchLabel(rundir.Manifest{Benchmark: "gsm8k", DataPath: "data/gsm8k/test.jsonl"}); got != "gsm8k" {
		t.Errorf("preset run labelled %q", got)
	}
}
