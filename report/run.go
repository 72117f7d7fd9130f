// Package report reads run directories and renders them for people: the
// benchmark's summary (bench.Summary, from results.json or computed by the
// benchmark from samples.jsonl) as text for the command line, as report.md
// and a self-contained report.html with plots (PNG and SVG), plus extraction
// diagnostics, calibration figures, cost and tokens; and it compares two runs
// on the items they share. It computes no metric of its own: every number is
// the summary's. It reads the rundir format and never imports the runner;
// the web viewer builds on it.
package report

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/rundir"
)

// Run is one run directory loaded into memory.
type Run struct {
	Dir      string
	Name     string // the directory's base name, for titles
	Manifest rundir.Manifest
	// Results is results.json; when the file is missing (a run still in
	// progress) it is rebuilt from the samples without benchmark tables.
	Results    rundir.Results
	HasResults bool
	Samples    []rundir.SampleRecord
}

// Title names a run for people: its model and benchmark ("openai:qwen on
// math"), never the directory's hash; the directory name when the
// manifest names neither.
func (r *Run) Title() string {
	m, b := r.Manifest.Model, r.Manifest.Benchmark
	switch {
	case m != "" && b != "":
		return m + " on " + b
	case b != "":
		return b
	}
	return r.Name
}

// Load reads a run directory. Errors name the file at fault.
func Load(dir string) (*Run, error) {
	if !rundir.IsRunDir(dir) {
		return nil, fmt.Errorf("%s: not a run directory (no %s)", dir, rundir.ManifestFile)
	}
	r := &Run{Dir: dir, Name: filepath.Base(filepath.Clean(dir))}
	var err error
	if r.Manifest, err = rundir.ReadManifest(dir); err != nil {
		return nil, err
	}
	if r.Samples, err = rundir.ReadSamples(dir); err != nil {
		if !os.IsNotExist(err) {
			return nil, err
		}
	}
	res, err := rundir.ReadResults(dir)
	switch {
	case err == nil:
		r.Results, r.HasResults = res, true
	case os.IsNotExist(err):
		r.Results = resultsFromSamples(r.Manifest, r.Samples)
	default:
		return nil, err
	}
	return r, nil
}

// resultsFromSamples rebuilds the counts, usage and cost of results.json.
func resultsFromSamples(m rundir.Manifest, samples []rundir.SampleRecord) rundir.Results {
	res := rundir.Results{Benchmark: m.Benchmark, Model: m.Model, Counts: map[answer.Kind]int{}}
	items := map[string]bool{}
	correct := 0
	for _, s := range samples {
		items[s.Item.ID] = true
		res.Counts[s.Verdict.Kind]++
		res.Usage.PromptTokens += s.Usage.PromptTokens
		res.Usage.CompletionTokens += s.Usage.CompletionTokens
		res.Usage.ReasoningTokens += s.Usage.ReasoningTokens
		res.Cost += s.Cost
		if s.Verdict.IsCorrect() {
			correct++
		}
	}
	res.Items, res.Samples = len(items), len(samples)
	if correct > 0 {
		res.CostPerCorrect = res.Cost / float64(correct)
	}
	return res
}

// Find returns the run directories at or below each root (a root may itself
// be a run directory), sorted, without duplicates. It does not descend into
// a run directory.
func Find(roots ...string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, root := range roots {
		if _, err := os.Stat(root); err != nil {
			return nil, err
		}
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return nil // unreadable folders are skipped, not fatal
			}
			if !d.IsDir() {
				return nil
			}
			if d.Name() != "." && len(d.Name()) > 1 && d.Name()[0] == '.' && path != root {
				return filepath.SkipDir
			}
			if rundir.IsRunDir(path) {
				if abs, err := filepath.Abs(path); err == nil && !seen[abs] {
					seen[abs] = true
					out = append(out, path)
				}
				return filepath.SkipDir
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}
