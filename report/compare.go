package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/rundir"
	"github.com/matheval/matheval/stats"
)

// Comparison holds the paired statistics of two runs on the items they
// share. Every statistic uses one per-item quantity (Measure): the item's
// mean over its samples of the per-sample quantity behind run A's headline
// metric (correctness for MATH, partial credit for HARDMath). The accuracy
// of each run, the difference interval, the items each run does better
// and the exact sign test all use it; with one sample per item and a
// right-or-wrong measure, the sign test is McNemar's exact test.
type Comparison struct {
	A, B *Run
	// StatusA and StatusB say whether each run is complete.
	StatusA, StatusB rundir.Status
	// SummaryA is run A's summary, whose breakdowns the groups follow.
	SummaryA bench.Summary
	// Metric is run A's headline metric; Measure its per-sample quantity.
	Metric  bench.Metric
	Measure bench.Measure
	// Paired is the number of items present in both runs.
	Paired int
	// AccA and AccB are the means of the per-item quantity over the paired items.
	AccA, AccB float64
	// Diff is A minus B with a 95% paired bootstrap interval.
	Diff stats.Interval
	// BetterA and BetterB list the items where one run's per-item value is
	// higher (with one right-or-wrong sample: right only in A, only in B);
	// Same counts the others, BothRight of them at 1 and BothWrong at 0.
	BetterA, BetterB     []string
	Same                 int
	BothRight, BothWrong int
	// SignP is the exact two-sided sign test of BetterA against BetterB.
	SignP float64
	// Binary is set when every paired value is 0 or 1 (right or wrong):
	// the sign test is then McNemar's exact test.
	Binary bool
	// OnlyInA and OnlyInB count the items present in one run only.
	OnlyInA, OnlyInB int
	// Groups are the paired differences within each group of run A's
	// breakdowns.
	Groups []GroupDiff
	// Settings are the settings in which the runs differ.
	Settings []SettingDiff
	// Warnings say why the numbers may mislead (partial runs, settings that
	// change the replies, items in one run only).
	Warnings []string
}

// GroupDiff is the paired difference within one group of a breakdown.
type GroupDiff struct {
	Breakdown string         `json:"breakdown"`
	Group     string         `json:"group"`
	N         int            `json:"n"` // paired items in the group
	A         float64        `json:"a"`
	B         float64        `json:"b"`
	Diff      stats.Interval `json:"difference"`
}

// ErrNoSharedItems is returned when two runs have no item in common.
var ErrNoSharedItems = errors.New("the runs share no item")

// itemValues gives each item of a run its per-item value under m (items
// without one are left out) and its metadata.
func itemValues(r *Run, m bench.Measure) (map[string]float64, map[string]bench.Item) {
	byID := map[string][]bench.Sample{}
	items := map[string]bench.Item{}
	for _, s := range r.Samples {
		byID[s.Item.ID] = append(byID[s.Item.ID], s.Sample)
		items[s.Item.ID] = s.Item
	}
	vals := map[string]float64{}
	for id, ss := range byID {
		if v, ok := m.Item(ss); ok {
			vals[id] = v
		}
	}
	return vals, items
}

// headlineMeasure is the per-sample quantity of a summary's headline
// metric (the score when it has none).
func headlineMeasure(sum bench.Summary) (bench.Metric, bench.Measure) {
	m, ok := sum.Main()
	if ok && m.Measure != nil {
		return m, *m.Measure
	}
	return bench.Metric{Name: "accuracy", Label: "accuracy", Unit: bench.Percent}, bench.Score
}

// Compare pairs two runs by item id. It fails with ErrNoSharedItems when
// they have no item in common.
func Compare(a, b *Run) (Comparison, error) {
	c := Comparison{A: a, B: b}
	sumA, _ := SummaryOf(a)
	c.SummaryA = sumA
	c.Metric, c.Measure = headlineMeasure(sumA)
	c.StatusA, c.StatusB = status(a), status(b)
	va, itemsA := itemValues(a, c.Measure)
	vb, _ := itemValues(b, c.Measure)
	var ids []string
	for id := range va {
		if _, ok := vb[id]; ok {
			ids = append(ids, id)
		} else {
			c.OnlyInA++
		}
	}
	for id := range vb {
		if _, ok := va[id]; !ok {
			c.OnlyInB++
		}
	}
	if len(ids) == 0 {
		return c, fmt.Errorf("%w: %s has %d items, %s has %d, none with the same id (%s)", ErrNoSharedItems,
			a.Dir, len(va), b.Dir, len(vb), idExamples(va, vb))
	}
	sort.Slice(ids, func(i, j int) bool { return NaturalLess(ids[i], ids[j]) })
	c.Paired = len(ids)
	xa, xb := make([]float64, len(ids)), make([]float64, len(ids))
	c.Binary = true
	for i, id := range ids {
		xa[i], xb[i] = va[id], vb[id]
		c.Binary = c.Binary && (xa[i] == 0 || xa[i] == 1) && (xb[i] == 0 || xb[i] == 1)
		switch {
		case xa[i] > xb[i]:
			c.BetterA = append(c.BetterA, id)
		case xa[i] < xb[i]:
			c.BetterB = append(c.BetterB, id)
		default:
			c.Same++
			if xa[i] == 1 {
				c.BothRight++
			} else if xa[i] == 0 {
				c.BothWrong++
			}
		}
	}
	c.AccA, c.AccB = stats.Mean(xa), stats.Mean(xb)
	c.Diff = stats.PairedBootstrap(xa, xb, bench.IntervalResamples, bench.IntervalLevel, bench.IntervalSeed)
	c.SignP = stats.McNemarExact(len(c.BetterA), len(c.BetterB))
	c.Groups = groupDiffs(sumA, a, b, c.Measure, itemsA)
	c.Settings = settingsDiff(a.Manifest, b.Manifest, samePrompts(a, b, ids))
	c.Warnings = comparisonWarnings(c)
	return c, nil
}

// samePrompts reports whether every shared item was sent the same prompt
// (messages, text and stop sequences) in both runs.
func samePrompts(a, b *Run, ids []string) bool {
	prompts := func(r *Run) map[string]string {
		m := map[string]string{}
		for _, s := range r.Samples {
			if s.Prompt.Text == "" && len(s.Prompt.Messages) == 0 {
				continue // no prompt recorded: nothing to compare
			}
			if _, ok := m[s.Item.ID]; !ok {
				j, _ := json.Marshal(s.Prompt)
				m[s.Item.ID] = string(j)
			}
		}
		return m
	}
	pa, pb := prompts(a), prompts(b)
	for _, id := range ids {
		x, okx := pa[id]
		y, oky := pb[id]
		if !okx || !oky || x != y {
			return false
		}
	}
	return len(ids) > 0
}

func status(r *Run) rundir.Status {
	var res *rundir.Results
	if r.HasResults {
		res = &r.Results
	}
	return rundir.StatusOf(r.Manifest, res, r.Samples)
}

// idExamples shows an item id of each run, so that a mismatch of naming
// (test/algebra/1 against math/1) is plain.
func idExamples(va, vb map[string]float64) string {
	first := func(m map[string]float64) string {
		var ids []string
		for id := range m {
			ids = append(ids, id)
		}
		if len(ids) == 0 {
			return "none"
		}
		sort.Slice(ids, func(i, j int) bool { return NaturalLess(ids[i], ids[j]) })
		return fmt.Sprintf("%q", ids[0])
	}
	return "e.g. " + first(va) + " against " + first(vb)
}

// groupDiffs computes the paired difference within each group of A's
// breakdowns, on the group's own quantity (the breakdown's first metric,
// or the group's measure).
func groupDiffs(sum bench.Summary, a, b *Run, headline bench.Measure, items map[string]bench.Item) []GroupDiff {
	var out []GroupDiff
	seen := map[string]bool{}
	for _, bd := range sum.Breakdowns {
		if sig := firstMetricSignature(sum, bd); seen[sig] {
			continue // the same differences as an earlier breakdown's
		} else {
			seen[sig] = true
		}
		base := headline
		if len(bd.Metrics) > 0 {
			if m, ok := sum.Metric(bd.Metrics[0]); ok && m.Measure != nil {
				base = *m.Measure
			}
		}
		for _, g := range bd.Groups {
			m := base
			if g.Measure != nil {
				m = *g.Measure
			}
			va, _ := itemValues(a, m)
			vb, _ := itemValues(b, m)
			var xa, xb []float64
			var ids []string
			for id := range va {
				if _, ok := vb[id]; ok && g.Matches(items[id]) {
					ids = append(ids, id)
				}
			}
			sort.Strings(ids)
			for _, id := range ids {
				xa, xb = append(xa, va[id]), append(xb, vb[id])
			}
			if len(ids) == 0 {
				continue
			}
			out = append(out, GroupDiff{Breakdown: bd.Name, Group: g.Label, N: len(ids), A: stats.Mean(xa), B: stats.Mean(xb),
				Diff: stats.PairedBootstrap(xa, xb, bench.IntervalResamples, bench.IntervalLevel, bench.IntervalSeed)})
		}
	}
	return out
}

func comparisonWarnings(c Comparison) []string {
	var w []string
	var changes []string
	for _, s := range c.Settings {
		if s.Changes {
			changes = append(changes, s.Name)
		}
	}
	if len(changes) > 0 {
		w = append(w, "the runs differ in settings that change the replies or their grading ("+strings.Join(changes, ", ")+"): the difference is not the model's alone")
	}
	if n := c.OnlyInA + c.OnlyInB; n > 0 {
		w = append(w, fmt.Sprintf("%d items are in one run only (%d only in A, %d only in B); the statistics use the %d shared items",
			n, c.OnlyInA, c.OnlyInB, c.Paired))
	}
	return w
}

// Text renders the comparison for a terminal: the runs and their status,
// warnings, the settings that differ, the measure, the paired statistics,
// the per-group differences of the breakdowns the benchmark prints after a
// run, and the items each run does better (maxIDs bounds the lists; 0 =
// all).
func (c Comparison) Text(maxIDs int) string {
	main := map[string]bool{}
	for _, t := range c.SummaryA.Tables {
		if t.Main && t.Breakdown != "" {
			main[t.Breakdown] = true
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "A: %s (%s, %s)\nB: %s (%s, %s)\n", c.A.Dir, orDash(c.A.Manifest.Benchmark), orDash(c.A.Manifest.Model),
		c.B.Dir, orDash(c.B.Manifest.Benchmark), orDash(c.B.Manifest.Model))
	for _, x := range []struct {
		n  string
		st rundir.Status
	}{{"A", c.StatusA}, {"B", c.StatusB}} {
		if x.st.Partial() {
			fmt.Fprintf(&b, "%s is partial: %s\n", x.n, x.st)
		}
	}
	for _, w := range c.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	if len(c.Settings) > 0 {
		b.WriteString("settings that differ (A → B):\n")
		for _, s := range c.Settings {
			fmt.Fprintf(&b, "  %s\n", s)
		}
	}
	fmt.Fprintf(&b, "measure: %s\n", c.MeasureText())
	fmt.Fprintf(&b, "paired items:    %d\n", c.Paired)
	// On the shared items only, when the runs have others: say so, or the
	// values read as the runs' own (which their reports give over all items).
	shared := ""
	if c.OnlyInA+c.OnlyInB > 0 {
		shared = fmt.Sprintf(" (on the %d shared items)", c.Paired)
	}
	fmt.Fprintf(&b, "%-16s %s%s\n", c.Metric.Label+" A:", c.ValueText(c.AccA), shared)
	fmt.Fprintf(&b, "%-16s %s%s\n", c.Metric.Label+" B:", c.ValueText(c.AccB), shared)
	fmt.Fprintf(&b, "difference A-B: %s\n", c.DiffText())
	fmt.Fprintf(&b, "better in A: %d, better in B: %d, same: %d (both right %d, both wrong %d)\n",
		len(c.BetterA), len(c.BetterB), c.Same, c.BothRight, c.BothWrong)
	fmt.Fprintf(&b, "exact sign test on the items that differ: p = %.4g%s\n", c.SignP, c.mcnemarNote())
	for _, t := range c.GroupTables(main) {
		b.WriteString("\n")
		WriteText(&b, t)
	}
	list := func(title string, ids []string) {
		if len(ids) == 0 {
			fmt.Fprintf(&b, "\n%s: none\n", title)
			return
		}
		fmt.Fprintf(&b, "\n%s (%d):\n", title, len(ids))
		for i, id := range ids {
			if maxIDs > 0 && i == maxIDs {
				fmt.Fprintf(&b, "  ... %d more (use --all)\n", len(ids)-maxIDs)
				break
			}
			fmt.Fprintf(&b, "  %s\n", id)
		}
	}
	list("better in A", c.BetterA)
	list("better in B", c.BetterB)
	return b.String()
}

// ValueText shows a run's value on the comparison's measure ("61.2%").
func (c Comparison) ValueText(x float64) string { return c.Metric.Format(x) + c.unit() }

// DiffText shows the difference with its interval, the unit said once:
// "+3.2 points, 95% CI [+1.0, +5.4] (paired bootstrap over items)".
func (c Comparison) DiffText() string {
	v, lo, hi := c.diffCell(c.Diff.Value, c.Diff.Lo, c.Diff.Hi)
	return fmt.Sprintf("%s%s, 95%% CI [%s, %s] (paired bootstrap over items)", v, c.diffUnit(), lo, hi)
}

func (c Comparison) unit() string {
	if c.Metric.Unit == bench.Percent {
		return "%"
	}
	return ""
}

// diffUnit is the unit of a difference: " points" (of percentage) for
// shares, nothing for plain numbers.
func (c Comparison) diffUnit() string {
	if c.Metric.Unit == bench.Percent {
		return " points"
	}
	return ""
}

// diffText shows a difference: "+3.2 points" for shares, "+0.05" otherwise.
func (c Comparison) diffText(x float64) string { return c.diffFormat(x)(x) + c.diffUnit() }

// diffFormat is one signed format, without the unit, for a difference and
// its interval bounds (bench.Metric.Formatter): "+12 [-3, +27]", never
// "+582 [+75, +1.09e+03]"; shares in points with one decimal.
func (c Comparison) diffFormat(xs ...float64) func(float64) string {
	if c.Metric.Unit == bench.Percent {
		return func(x float64) string { return fmt.Sprintf("%+.1f", 100*x) }
	}
	f := c.Metric.Formatter(xs...)
	return func(x float64) string {
		s := f(x)
		if x >= 0 && !strings.HasPrefix(s, "-") && s != "–" {
			s = "+" + s
		}
		return s
	}
}

// diffCell shows a difference and its interval bounds in one format.
func (c Comparison) diffCell(v, lo, hi float64) (string, string, string) {
	f := c.diffFormat(v, lo, hi)
	return f(v), f(lo), f(hi)
}

func (c Comparison) samplesPerItem() int { return max(c.A.Manifest.Samples, c.B.Manifest.Samples, 1) }

func (c Comparison) mcnemarNote() string {
	if c.Binary {
		return " (McNemar's exact test: every item right or wrong in both runs)"
	}
	return ""
}

// MeasureText says in words which per-item quantity the comparison uses.
func (c Comparison) MeasureText() string {
	q := "the item's " + c.Metric.Label
	if c.samplesPerItem() > 1 {
		q = fmt.Sprintf("the mean over the item's samples of its %s (mean@k, k = samples per item)", c.Metric.Label)
	}
	return q + "; the accuracy of each run, the difference and its interval, the better-in lists and the sign test all use it"
}

// GroupTables are the per-group paired differences, one table per
// breakdown (only those in main, unless main is nil).
func (c Comparison) GroupTables(main map[string]bool) []bench.Table {
	var out []bench.Table
	idx := map[string]int{}
	for _, g := range c.Groups {
		if main != nil && !main[g.Breakdown] {
			continue
		}
		i, ok := idx[g.Breakdown]
		if !ok {
			i = len(out)
			idx[g.Breakdown] = i
			title := g.Breakdown
			if bd, ok := c.SummaryA.Breakdown(g.Breakdown); ok {
				title = bd.Title
			}
			out = append(out, bench.Table{Name: "diff_" + g.Breakdown, Title: "Paired differences, " + strings.ToLower(title[:1]) + title[1:],
				Columns: []string{"group", "paired items", "A" + c.unit(), "B" + c.unit(), "A-B" + strings.Replace(c.diffUnit(), " ", ", ", 1) + " [95% CI]"}})
		}
		f := c.Metric.Formatter(g.A, g.B)
		v, lo, hi := c.diffCell(g.Diff.Value, g.Diff.Lo, g.Diff.Hi)
		out[i].Rows = append(out[i].Rows, []string{g.Group, fmt.Sprint(g.N), f(g.A), f(g.B), fmt.Sprintf("%s [%s, %s]", v, lo, hi)})
	}
	return out
}

// JSON is the comparison in a machine-readable form.
func (c Comparison) JSON() ([]byte, error) {
	num := func(x float64) *float64 {
		if math.IsNaN(x) {
			return nil
		}
		return &x
	}
	return json.MarshalIndent(struct {
		A        string         `json:"a"`
		B        string         `json:"b"`
		StatusA  string         `json:"status_a"`
		StatusB  string         `json:"status_b"`
		Metric   string         `json:"metric"`
		Measure  bench.Measure  `json:"measure"`
		Paired   int            `json:"paired"`
		AccA     *float64       `json:"a_value"`
		AccB     *float64       `json:"b_value"`
		Diff     stats.Interval `json:"difference"`
		BetterA  []string       `json:"better_in_a"`
		BetterB  []string       `json:"better_in_b"`
		Same     int            `json:"same"`
		SignP    float64        `json:"sign_test_p"`
		OnlyInA  int            `json:"only_in_a"`
		OnlyInB  int            `json:"only_in_b"`
		Groups   []GroupDiff    `json:"groups"`
		Settings []SettingDiff  `json:"settings"`
		Warnings []string       `json:"warnings"`
	}{c.A.Dir, c.B.Dir, c.StatusA.String(), c.StatusB.String(), c.Metric.Name, c.Measure, c.Paired, num(c.AccA), num(c.AccB),
		c.Diff, c.BetterA, c.BetterB, c.Same, c.SignP, c.OnlyInA, c.OnlyInB, c.Groups, c.Settings, c.Warnings}, "", "  ")
}
