// Package rundir defines the files of a run directory and reads and writes
// them. The runner (package run) writes them; reports, comparisons and the
// web viewer read them. Keeping the format here, below both, lets readers
// depend on the format without depending on the runner.
//
// A run directory holds:
//
//	manifest.json  what produced the run (Manifest)
//	samples.jsonl  one SampleRecord per item and sample
//	results.json   the results (Results): counts, usage, cost and the
//	               benchmark's structured summary (bench.Summary), schema
//	               SchemaVersion; ReadResults also reads schema 1
//
// manifest.json's extra["status"] and results.json's "stopped" say how far a
// run got; StatusOf turns them into the line readers show at the top of a
// partial run ("104 of 300 items done (interrupted)").
//
//	journal.jsonl  the runner's append-only journal of responses (private to run)
//	judge.jsonl    the same for the judge model's replies (run --judge)
package rundir

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/core"
	"github.com/matheval/matheval/jsonl"
)

// File names inside a run directory.
const (
	ManifestFile = "manifest.json"
	SamplesFile  = "samples.jsonl"
	ResultsFile  = "results.json"
	JournalFile  = "journal.jsonl"
	// JudgeJournalFile journals the judge model's replies (private to run).
	JudgeJournalFile = "judge.jsonl"
)

// Manifest records everything that produced a run, so a number can be reproduced.
type Manifest struct {
	Matheval      string            `json:"matheval_version"`
	Commit        string            `json:"commit"`
	GoVersion     string            `json:"go_version"`
	Benchmark     string            `json:"benchmark"`
	DataPath      string            `json:"data_path,omitempty"`
	DataHash      string            `json:"data_hash"` // sha256 of the loaded items
	Prompt        string            `json:"prompt"`    // template name
	PromptHash    string            `json:"prompt_hash"`
	GraderVersion string            `json:"grader_version"`
	Model         string            `json:"model"` // spec, keys redacted
	ServerModels  json.RawMessage   `json:"server_models,omitempty"`
	Params        map[string]any    `json:"params"` // every parameter of the run
	Seed          int64             `json:"seed"`
	Items         int               `json:"items"`
	Samples       int               `json:"samples_per_item"`
	Start         string            `json:"start"` // RFC 3339
	End           string            `json:"end,omitempty"`
	Extra         map[string]string `json:"extra,omitempty"`
}

// Usage is a reply's token usage (the type lives in core, which the model
// client shares).
type Usage = core.Usage

// SampleRecord is one line of samples.jsonl.
type SampleRecord struct {
	bench.Sample
	Prompt      bench.Prompt `json:"prompt"`
	Usage       Usage        `json:"usage"`
	LatencyMS   float64      `json:"latency_ms"`
	ServerModel string       `json:"server_model,omitempty"`
	Retries     int          `json:"retries,omitempty"`
	Cost        float64      `json:"cost,omitempty"`
	Error       string       `json:"error,omitempty"` // why the request failed (verdict error)
	// JudgeReply, JudgeScore and JudgeReason are a judge model's grading of
	// the reply with the benchmark's rubric (run --judge, bench.Judged).
	// The verdict stays the primary score. JudgeScore is nil when the
	// sample was not judged or the judge gave no usable score; JudgeReason
	// then says why.
	JudgeReply  string   `json:"judge_reply,omitempty"`
	JudgeScore  *float64 `json:"judge_score,omitempty"`
	JudgeReason string   `json:"judge_reason,omitempty"`
}

// SchemaVersion is the version of results.json this build writes. Version
// 2 holds the structured summary (bench.Summary: metrics with definitions
// and intervals, breakdowns, display tables); version 1 (no "schema" field)
// held a flat map of numbers and tables of strings. ReadResults reads both.
const SchemaVersion = 2

// Results is results.json.
type Results struct {
	// Schema is the version of the file's layout (SchemaVersion when
	// written by this build; 1 for files without the field).
	Schema    int                 `json:"schema"`
	Benchmark string              `json:"benchmark"`
	Model     string              `json:"model"`
	Items     int                 `json:"items"`
	Samples   int                 `json:"samples"` // items x samples per item
	Counts    map[answer.Kind]int `json:"counts"`  // verdict kinds; they add up to Samples
	Summary   bench.Summary       `json:"summary"`
	Usage     Usage               `json:"usage"`
	Cost      float64             `json:"cost"`
	// CostPerCorrect is Cost divided by the number of correct samples (0 when none).
	CostPerCorrect float64 `json:"cost_per_correct"`
	// TokensPerCorrect is the prompt and completion tokens of the run divided
	// by the number of correct samples (0 when none).
	TokensPerCorrect float64 `json:"tokens_per_correct"`
	// Planned is items x samples per item the run was asked for. It equals
	// Samples unless the run stopped early (Stopped says why); the samples
	// not yet done are then absent from samples.jsonl and from Counts, and
	// running the same command again continues the run.
	Planned int    `json:"planned"`
	Stopped string `json:"stopped,omitempty"`
	// Truncated counts the replies the server cut at the token limit
	// (finish_reason "length"), whatever their verdict.
	Truncated int `json:"truncated,omitempty"`
}

// WriteJSON writes v as indented JSON to dir/name atomically (temp file + rename).
func WriteJSON(dir, name string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return WriteAtomic(dir, name, func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
}

// ReadManifest reads dir/manifest.json.
func ReadManifest(dir string) (Manifest, error) {
	var m Manifest
	return m, readJSON(filepath.Join(dir, ManifestFile), &m)
}

// MarshalJSON writes the results with the current schema version: whoever
// writes a Results writes this build's layout.
func (r Results) MarshalJSON() ([]byte, error) {
	type plain Results // without the method
	p := plain(r)
	p.Schema = SchemaVersion
	return json.Marshal(p)
}

// ReadResults reads dir/results.json in either schema; a schema-1 summary
// comes back with Summary.Legacy set (see legacySummary).
func ReadResults(dir string) (Results, error) {
	path := filepath.Join(dir, ResultsFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return Results{}, err
	}
	return ParseResults(path, b)
}

// ParseResults decodes the bytes of a results.json read from path (named in
// errors).
func ParseResults(path string, b []byte) (Results, error) {
	var head struct {
		Schema  int             `json:"schema"`
		Summary json.RawMessage `json:"summary"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		return Results{}, fmt.Errorf("%s: %v", path, err)
	}
	if head.Schema > SchemaVersion {
		return Results{}, fmt.Errorf("%s: schema %d is newer than this matheval reads (%d): update matheval", path, head.Schema, SchemaVersion)
	}
	type plain Results
	var r plain
	if head.Schema >= 2 {
		if err := json.Unmarshal(b, &r); err != nil {
			return Results{}, fmt.Errorf("%s: %v", path, err)
		}
		return Results(r), nil
	}
	// Schema 1: everything but the summary reads as before.
	var rest struct {
		plain
		Summary json.RawMessage `json:"summary"`
	}
	if err := json.Unmarshal(b, &rest); err != nil {
		return Results{}, fmt.Errorf("%s: %v", path, err)
	}
	r = rest.plain
	r.Schema = 1
	sum, err := legacySummary(head.Summary)
	if err != nil {
		return Results{}, fmt.Errorf("%s: summary: %v", path, err)
	}
	for i := range sum.Metrics {
		sum.Metrics[i].N = max(r.Items, 1)
	}
	r.Summary = sum
	return Results(r), nil
}

// legacySummary converts a schema-1 summary ({"metrics": {name: value},
// "tables": [...]}) into a bench.Summary marked Legacy: each number becomes
// a metric without definition or interval ("accuracy" the headline when
// present), the string tables are kept as they were.
func legacySummary(raw json.RawMessage) (bench.Summary, error) {
	sum := bench.Summary{Legacy: true}
	if len(raw) == 0 || string(raw) == "null" {
		return sum, nil
	}
	var old struct {
		Metrics map[string]float64 `json:"metrics"`
		Tables  []bench.Table      `json:"tables"`
	}
	if err := json.Unmarshal(raw, &old); err != nil {
		return sum, err
	}
	names := make([]string, 0, len(old.Metrics))
	for k := range old.Metrics {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		sum.Metrics = append(sum.Metrics, bench.Metric{Name: k, Label: k, Unit: bench.Number,
			Definition: "as recorded by an older matheval (results.json schema 1)",
			Estimate:   bench.Estimate{N: 1, Value: old.Metrics[k]}}) // N: set by the caller

	}
	if _, ok := old.Metrics["accuracy"]; ok {
		sum.Headline = []string{"accuracy"}
	}
	sum.Tables = old.Tables
	sum.Notes = []string{"This results.json has the old layout (schema 1); `matheval grade DIR` rewrites it."}
	return sum, nil
}

// ReadSamples reads dir/samples.jsonl.
func ReadSamples(dir string) ([]SampleRecord, error) {
	return jsonl.ReadFile[SampleRecord](filepath.Join(dir, SamplesFile))
}

// IsRunDir reports whether dir looks like a run directory.
func IsRunDir(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, ManifestFile))
	return err == nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}
