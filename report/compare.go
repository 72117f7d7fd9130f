package report

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/matheval/matheval/stats"
)

// Comparison holds the paired statistics of two runs on the same items.
type Comparison struct {
	A, B *Run
	// Paired is the number of items present in both runs; the statistics
	// below use those items only.
	Paired int
	// AccA and AccB are the mean item scores over the paired items.
	AccA, AccB float64
	// Diff is A minus B with a 95% paired bootstrap interval.
	Diff stats.Interval
	// McNemarP is the exact two-sided McNemar p-value on item outcomes
	// (an item is right when most of its samples are).
	McNemarP float64
	Flips    stats.FlipSet
	// Warnings say why the runs may not be comparable.
	Warnings []string
}

// Compare pairs two runs by item id.
func Compare(a, b *Run) Comparison {
	c := Comparison{A: a, B: b}
	oa, ob := Outcomes(a), Outcomes(b)
	ra, rb := map[string]bool{}, map[string]bool{}
	sb := map[string]float64{}
	for _, o := range oa {
		ra[o.ID] = o.Right()
	}
	for _, o := range ob {
		rb[o.ID] = o.Right()
		sb[o.ID] = o.Score()
	}
	c.Flips = stats.Flips(ra, rb)
	var xa, xb []float64
	for _, o := range oa { // oa is sorted by id: the bootstrap input is stable
		if s, ok := sb[o.ID]; ok {
			xa = append(xa, o.Score())
			xb = append(xb, s)
		}
	}
	c.Paired = len(xa)
	c.AccA, c.AccB = stats.Mean(xa), stats.Mean(xb)
	c.Diff = stats.PairedBootstrap(xa, xb, 4000, level95, bootSeed)
	c.McNemarP = stats.McNemarExact(len(c.Flips.OnlyA), len(c.Flips.OnlyB))
	c.Warnings = Incomparable(a, b)
	if n := len(c.Flips.MissingA) + len(c.Flips.MissingB); n > 0 {
		c.Warnings = append(c.Warnings, fmt.Sprintf("%d items are in one run only (%d only in A, %d only in B); statistics use the %d shared items",
			n, len(c.Flips.MissingB), len(c.Flips.MissingA), c.Paired))
	}
	return c
}

// operational parameters change how a run was carried out, not what the
// model was asked or how it was graded: they never make runs incomparable.
var operational = map[string]bool{
	"out": true, "progress": true, "concurrency": true, "rpm": true, "tpm": true, "max-retries": true,
	"max_retries": true, "timeout": true, "base-url": true, "base_url": true, "api-key-env": true,
	"help": true, "max-cost": true, "max-requests": true, "prices": true, "data": true, "model": true,
	"verbose": true, "resume": true,
}

// withoutModel drops the model's name from a parameter object (the model
// differs on purpose; its other settings must not).
func withoutModel(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	c := map[string]any{}
	for k, x := range m {
		if k != "model" {
			c[k] = x
		}
	}
	return c
}

// Incomparable lists the differences between two runs' manifests that make
// their numbers incomparable: data, prompt, grader, benchmark, and any run
// parameter that shapes the replies. A different model is the point of a
// comparison, not a warning; operational settings (concurrency, output
// folder, rate limits) are ignored, and the data path is covered by its hash.
func Incomparable(a, b *Run) []string {
	ma, mb := a.Manifest, b.Manifest
	var w []string
	diff := func(what, x, y string) {
		if x != y {
			w = append(w, fmt.Sprintf("%s differs: %q vs %q", what, x, y))
		}
	}
	diff("benchmark", ma.Benchmark, mb.Benchmark)
	diff("data hash", ma.DataHash, mb.DataHash)
	diff("prompt template", ma.Prompt, mb.Prompt)
	diff("prompt hash", ma.PromptHash, mb.PromptHash)
	diff("grader version", ma.GraderVersion, mb.GraderVersion)
	if ma.Samples != mb.Samples {
		w = append(w, fmt.Sprintf("samples per item differ: %d vs %d", ma.Samples, mb.Samples))
	}
	if ma.Seed != mb.Seed {
		w = append(w, fmt.Sprintf("seed differs: %d vs %d", ma.Seed, mb.Seed))
	}
	keys := map[string]bool{}
	for k := range ma.Params {
		keys[k] = true
	}
	for k := range mb.Params {
		keys[k] = true
	}
	var ks []string
	for k := range keys {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		if operational[k] {
			continue
		}
		x, okx := ma.Params[k]
		y, oky := mb.Params[k]
		x, y = withoutModel(x), withoutModel(y)
		jx, _ := json.Marshal(x)
		jy, _ := json.Marshal(y)
		switch {
		case !okx:
			w = append(w, fmt.Sprintf("parameter %s set only in B (%s)", k, jy))
		case !oky:
			w = append(w, fmt.Sprintf("parameter %s set only in A (%s)", k, jx))
		case string(jx) != string(jy):
			w = append(w, fmt.Sprintf("parameter %s differs: %s vs %s", k, jx, jy))
		}
	}
	return w
}

// Text renders the comparison for a terminal; maxIDs bounds the flip lists
// (0 = all).
func (c Comparison) Text(maxIDs int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "A: %s (%s, %s)\nB: %s (%s, %s)\n", c.A.Dir, orDash(c.A.Manifest.Benchmark), orDash(c.A.Manifest.Model),
		c.B.Dir, orDash(c.B.Manifest.Benchmark), orDash(c.B.Manifest.Model))
	for _, w := range c.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	fmt.Fprintf(&b, "paired items:       %d\n", c.Paired)
	fmt.Fprintf(&b, "accuracy A:         %.2f%%\n", 100*c.AccA)
	fmt.Fprintf(&b, "accuracy B:         %.2f%%\n", 100*c.AccB)
	fmt.Fprintf(&b, "difference A-B:     %+.2f points, 95%% paired bootstrap CI [%+.2f, %+.2f]\n", 100*c.Diff.Value, 100*c.Diff.Lo, 100*c.Diff.Hi)
	fmt.Fprintf(&b, "McNemar exact:      p = %.4g (right only in A: %d, right only in B: %d)\n", c.McNemarP, len(c.Flips.OnlyA), len(c.Flips.OnlyB))
	fmt.Fprintf(&b, "both right / wrong: %d / %d\n", c.Flips.BothRight, c.Flips.BothWrong)
	list := func(title string, ids []string) {
		fmt.Fprintf(&b, "%s (%d):\n", title, len(ids))
		for i, id := range ids {
			if maxIDs > 0 && i == maxIDs {
				fmt.Fprintf(&b, "  ... %d more (use --all)\n", len(ids)-maxIDs)
				break
			}
			fmt.Fprintf(&b, "  %s\n", id)
		}
	}
	list("right only in A", c.Flips.OnlyA)
	list("right only in B", c.Flips.OnlyB)
	return b.String()
}

// JSON is the comparison in a machine-readable form.
func (c Comparison) JSON() ([]byte, error) {
	return json.MarshalIndent(struct {
		A        string         `json:"a"`
		B        string         `json:"b"`
		Paired   int            `json:"paired"`
		AccA     float64        `json:"accuracy_a"`
		AccB     float64        `json:"accuracy_b"`
		Diff     stats.Interval `json:"difference"`
		McNemarP float64        `json:"mcnemar_p"`
		Flips    stats.FlipSet  `json:"flips"`
		Warnings []string       `json:"warnings"`
	}{c.A.Dir, c.B.Dir, c.Paired, c.AccA, c.AccB, c.Diff, c.McNemarP, c.Flips, c.Warnings}, "", "  ")
}
