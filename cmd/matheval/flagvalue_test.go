package main

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
)

// The manifest stores each flag with its type (concurrency 8, not "8").
func TestFlagValueTypes(t *testing.T) {
	fs := pflag.NewFlagSet("x", pflag.ContinueOnError)
	fs.Int("concurrency", 8, "")
	fs.Float64("temperature", 0.7, "")
	fs.Bool("stream", true, "")
	fs.StringSlice("stop", []string{"a", "b"}, "")
	fs.StringArray("data", []string{"x,y"}, "")
	fs.Duration("timeout", 10*time.Minute, "")
	fs.String("prompt", "cot", "")
	want := map[string]any{"concurrency": int64(8), "temperature": 0.7, "stream": true, "stop": []string{"a", "b"},
		"data": []string{"x,y"}, "timeout": "10m0s", "prompt": "cot"}
	fs.VisitAll(func(fl *pflag.Flag) {
		if got := flagValue(fl); !reflect.DeepEqual(got, want[fl.Name]) {
			t.Errorf("%s: %#v, want %#v", fl.Name, got, want[fl.Name])
		}
	})
}

// --samples 4 at the default temperature 0 warns: the replies are copies.
func TestGreedySamplesWarning(t *testing.T) {
	if w := greedySamplesWarning(4, 0, "math"); w == "" {
		t.Error("no warning for 4 greedy samples")
	} else if strings.Contains(w, "request") {
		// A server that honours n gets one request with n = 4, not four:
		// the warning is about the replies.
		t.Errorf("the warning counts requests, which depend on the server: %s", w)
	}
	if w := greedySamplesWarning(4, 0.7, "math"); w != "" {
		t.Errorf("warning at temperature 0.7: %s", w)
	}
	if w := greedySamplesWarning(1, 0, "math"); w != "" {
		t.Errorf("warning for one sample: %s", w)
	}
	code, _, stderr := captureRun(t, "run", "math401", "--model", "builtin:calc", "--samples", "2", "--limit", "2",
		"--out", t.TempDir(), "--progress", "off")
	if code != 0 || !strings.Contains(stderr, "identical replies") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// A benchmark's integer option is an int flag: --help says int, a word is a
// usage error, and the manifest records a number.
func TestTypedBenchOption(t *testing.T) {
	v := "4096"
	fs := pflag.NewFlagSet("x", pflag.ContinueOnError)
	fs.Var(&typedOption{v: &v, typ: "int"}, "hol-memory-mb", "")
	if err := fs.Parse([]string{"--hol-memory-mb", "lots"}); err == nil {
		t.Error("a word accepted for an int option")
	}
	if err := fs.Parse([]string{"--hol-memory-mb", "2048"}); err != nil || v != "2048" {
		t.Fatalf("%v %q", err, v)
	}
	if got := flagValue(fs.Lookup("hol-memory-mb")); got != int64(2048) {
		t.Errorf("manifest value %#v", got)
	}
}
