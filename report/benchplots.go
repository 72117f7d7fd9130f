package report

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/matheval/matheval/bench"
)

// benchPlotPrefix marks the figures a benchmark drew itself (bench.Plotter),
// so the document puts them in their own section and a new report clears
// the stale ones.
const benchPlotPrefix = "bench_"

// BenchPlots draws the figures of the run's own benchmark when it is
// registered (the command line registers them; report never imports cmd)
// and implements bench.Plotter. The benchmark writes files; they are read
// back into Plots so they travel like the report's own figures (written
// under plots/, inlined in report.html). A failure does not fail the
// report: it comes back as a note.
func BenchPlots(r *Run) ([]Plot, string) {
	if len(r.Samples) == 0 || r.Manifest.Benchmark == "" {
		return nil, ""
	}
	b, err := bench.Lookup(r.Manifest.Benchmark)
	if err != nil {
		return nil, "" // a benchmark this build does not know: no figures of its own
	}
	pl, ok := b.(bench.Plotter)
	if !ok {
		return nil, ""
	}
	tmp, err := os.MkdirTemp("", "matheval-benchplots-")
	if err != nil {
		return nil, fmt.Sprintf("%s figures not drawn: %v", b.Name(), err)
	}
	defer os.RemoveAll(tmp)
	samples := make([]bench.Sample, len(r.Samples))
	for i := range r.Samples {
		samples[i] = r.Samples[i].Sample
	}
	files, err := pl.Plots(samples, tmp)
	if err != nil {
		return nil, fmt.Sprintf("%s figures not drawn: %v", b.Name(), err)
	}
	// Pair the PNG and SVG of each stem; the HTML needs the SVG, the
	// Markdown the PNG, so a figure lacking either is left out.
	byStem := map[string]*Plot{}
	for _, f := range files {
		ext := strings.ToLower(filepath.Ext(f))
		if ext != ".png" && ext != ".svg" {
			continue
		}
		stem := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Sprintf("%s figures not drawn: %v", b.Name(), err)
		}
		p := byStem[stem]
		if p == nil {
			p = &Plot{Name: benchPlotPrefix + safeName(stem), Title: plotTitle(b.Name(), stem)}
			byStem[stem] = p
		}
		if ext == ".png" {
			p.PNG = data
		} else {
			p.SVG = data
		}
	}
	stems := make([]string, 0, len(byStem))
	for s := range byStem {
		stems = append(stems, s)
	}
	sort.Strings(stems)
	var out []Plot
	for _, s := range stems {
		if p := byStem[s]; len(p.PNG) > 0 && len(p.SVG) > 0 {
			out = append(out, *p)
		}
	}
	return out, ""
}

// plotTitle makes "accuracy_by_level_per_subject" read "math: accuracy by level per subject".
func plotTitle(benchName, stem string) string {
	return benchName + ": " + strings.ReplaceAll(stem, "_", " ")
}
