package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/matheval/matheval/report"
	runner "github.com/matheval/matheval/run"
	"github.com/matheval/matheval/rundir"
	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"
)

// suiteEntry is one benchmark of a suite and its data.
type suiteEntry struct {
	Benchmark string `yaml:"benchmark"`
	Data      string `yaml:"data"`
}

// suiteFile is a suite file: the benchmarks to run in one command.
type suiteFile struct {
	Name       string       `yaml:"name"`
	Benchmarks []suiteEntry `yaml:"benchmarks"`
}

// isSuiteFile says whether arg is a YAML file listing benchmarks (a suite)
// rather than a task file.
func isSuiteFile(arg string) bool {
	if !isTaskFile(arg) {
		return false
	}
	b, err := os.ReadFile(arg)
	if err != nil {
		return false
	}
	var probe map[string]any
	return yaml.Unmarshal(b, &probe) == nil && probe["benchmarks"] != nil
}

// readSuite reads a suite file; data paths are relative to it.
func readSuite(path string) ([]suiteEntry, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s suiteFile
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(s.Benchmarks) == 0 {
		return nil, fmt.Errorf("%s: no benchmarks", path)
	}
	dir := filepath.Dir(path)
	for i, e := range s.Benchmarks {
		if e.Benchmark == "" {
			return nil, fmt.Errorf("%s: benchmark %d has no name", path, i+1)
		}
		if e.Data != "" && !filepath.IsAbs(e.Data) {
			s.Benchmarks[i].Data = filepath.Join(dir, e.Data)
		}
		if isTaskFile(e.Benchmark) && !filepath.IsAbs(e.Benchmark) {
			s.Benchmarks[i].Benchmark = filepath.Join(dir, e.Benchmark)
		}
	}
	return s.Benchmarks, nil
}

// suiteCostContinue is how a suite stopped by --max-cost continues.
const suiteCostContinue = "--max-cost counts what the suite's runs have spent over all their invocations: run the same command with a higher --max-cost to continue."

// runSuite runs several benchmarks with one model, one after the other on
// the same servers and settings, each into its own run directory as a
// single run would (so the same command resumes each), with --limit per
// benchmark and --max-requests and --max-cost over the whole suite; then
// prints one table, a row per benchmark and the macro average.
func (f *runFlags) runSuite(cmd *cobra.Command, args []string) error {
	var entries []suiteEntry
	if len(args) == 1 {
		var err error
		if entries, err = readSuite(args[0]); err != nil {
			return usageErrorf("run: %v", err)
		}
		if len(f.datas) > 0 {
			return usageErrorf("run: a suite file names each benchmark's data; --data is not taken with it")
		}
	} else {
		if len(f.datas) > 0 && len(f.datas) != len(args) {
			return usageErrorf("run: %d benchmarks and %d --data: give one --data per benchmark, in their order (or a suite file)", len(args), len(f.datas))
		}
		for i, a := range args {
			e := suiteEntry{Benchmark: a}
			if len(f.datas) > 0 {
				e.Data = f.datas[i]
			}
			entries = append(entries, e)
		}
	}
	seen := map[string]bool{}
	for _, e := range entries {
		b, err := lookupBench(e.Benchmark)
		if err != nil {
			return usageErrorf("run: %v", err)
		}
		if seen[b.Name()+"\x00"+e.Data] {
			return usageErrorf("run: %s on %q twice in the suite", b.Name(), e.Data)
		}
		seen[b.Name()+"\x00"+e.Data] = true
	}
	if f.gen != "" {
		return usageErrorf("run: --gen is for one amps run, not a suite")
	}
	out, maxRequests, maxCost := f.out, f.maxRequests, f.maxCost
	var results []rundir.Results
	var sent int64
	var spent float64
	failed := false
	w := cmd.OutOrStdout()
	for i, e := range entries {
		if maxRequests > 0 && sent >= int64(maxRequests) || maxCost > 0 && spent >= maxCost {
			// --max-requests counts this invocation's requests, --max-cost
			// what the suite's runs have spent in all their invocations:
			// the same command stops at once on the second.
			budget, how := "--max-requests", "Run the same command again to continue."
			if maxCost > 0 && spent >= maxCost {
				budget, how = "--max-cost", suiteCostContinue
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "matheval: suite stopped before %s: the budget (%s) is spent. %s\n", e.Benchmark, budget, how)
			failed = true
			break
		}
		fmt.Fprintf(w, "== %d/%d: %s\n", i+1, len(entries), e.Benchmark)
		f.datas, f.data = nil, e.Data
		if out != "" {
			f.out = filepath.Join(out, strings.TrimSuffix(filepath.Base(e.Benchmark), filepath.Ext(e.Benchmark)))
		}
		if maxRequests > 0 {
			f.maxRequests = maxRequests - int(sent)
		}
		if maxCost > 0 {
			f.maxCost = maxCost - spent
		}
		var rep *runner.Report
		f.onReport = func(r runner.Report) { rep = &r }
		err := f.run(cmd, []string{e.Benchmark})
		switch {
		case errors.Is(err, errSilentFailure):
			failed = true
		case err != nil:
			return fmt.Errorf("%s: %w", e.Benchmark, err)
		}
		if rep == nil {
			return fmt.Errorf("%s: the run gave no report", e.Benchmark)
		}
		results = append(results, rep.Results)
		sent += rep.Requests
		spent += rep.Results.Cost
		if rep.Results.Stopped != "" {
			how := rep.Continue
			if how == "" {
				how = "Run the same command again to continue."
			}
			// The run's own line names the cap it was given, what the suite
			// had left; say the suite's cap the user typed beside it.
			left := ""
			if maxCost > 0 && strings.Contains(rep.Results.Stopped, "--max-cost") {
				left = fmt.Sprintf("; the suite's --max-cost %g less $%.4g spent on the benchmarks before it", maxCost, spent-rep.Results.Cost)
			} else if maxRequests > 0 && strings.Contains(rep.Results.Stopped, "--max-requests") {
				left = fmt.Sprintf("; the suite's --max-requests %d less %d sent before it", maxRequests, sent-rep.Requests)
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "matheval: suite stopped at %s (%s%s). %s\n", e.Benchmark, rep.Results.Stopped, left, how)
			break
		}
	}
	fmt.Fprintln(w)
	if err := report.SuiteGrid(f.modelSpec, results).Render(w, report.FormatText); err != nil {
		return err
	}
	if failed {
		return errSilentFailure
	}
	return nil
}
