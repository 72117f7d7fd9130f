package main

import (
	"reflect"
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
