package bench

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/stats"
)

// ItemSamples are the samples of one item, in sample index order.
type ItemSamples struct {
	Item    Item
	Samples []Sample
}

// GroupDef defines a group of a breakdown before its estimates exist.
type GroupDef struct {
	Key, Label string
	Where      map[string][]string // see Group.Where
	Span       *Span               // see Group.Span
	Measure    *Measure            // see Group.Measure
	// Labels are the label of each dimension when there are several
	// (Cross sets them): tables then give each its own column.
	Labels []string
}

// Builder builds a Summary over graded samples; see the package doc.
type Builder struct {
	items []ItemSamples
	sum   Summary
	defs  map[string][]GroupDef // breakdown name -> its groups, for Pivot
	noMaj bool
}

// NoMajority leaves maj@k out of the sampling table: for benchmarks whose
// samples are not answers that can be voted on (proofs are each checked
// on their own; two different proofs of one statement are not two votes
// for one answer).
func (b *Builder) NoMajority() *Builder {
	b.noMaj = true
	return b
}

// NewBuilder groups samples by item (in first-seen order, samples in index
// order) and starts an empty summary.
func NewBuilder(samples []Sample) *Builder {
	b := &Builder{sum: Summary{Interval: IntervalMethod}, defs: map[string][]GroupDef{}}
	idx := map[string]int{}
	for _, s := range samples {
		i, ok := idx[s.Item.ID]
		if !ok {
			i = len(b.items)
			idx[s.Item.ID] = i
			b.items = append(b.items, ItemSamples{Item: s.Item})
		}
		b.items[i].Samples = append(b.items[i].Samples, s)
	}
	for _, it := range b.items {
		sort.SliceStable(it.Samples, func(x, y int) bool { return it.Samples[x].Index < it.Samples[y].Index })
	}
	return b
}

// Items returns the items with their samples.
func (b *Builder) Items() []ItemSamples { return b.items }

// estimate computes a measure's estimate over the items that match where
// and span.
func (b *Builder) estimate(m Measure, where map[string][]string, span *Span) Estimate {
	var xs []float64
	for _, it := range b.items {
		if !MatchWhere(where, it.Item) || !span.Matches(it.Item) {
			continue
		}
		if x, ok := m.Item(it.Samples); ok {
			xs = append(xs, x)
		}
	}
	return EstimateOf(xs)
}

// Metric adds a metric measured over all items (m.Measure must be set) and
// returns it with its estimate. The first metric added is the headline
// unless Headline says otherwise.
func (b *Builder) Metric(m Metric) Metric {
	if m.Measure == nil {
		panic("bench: Builder.Metric needs a Measure (use Add for a metric computed otherwise)")
	}
	m.Estimate = b.estimate(*m.Measure, nil, nil)
	b.Add(m)
	return m
}

// Add adds a metric the benchmark computed itself (no Measure).
func (b *Builder) Add(m Metric) {
	b.sum.Add(m)
	if len(b.sum.Headline) == 0 {
		b.sum.Headline = []string{m.Name}
	}
}

// Headline sets the headline metrics, most important first.
func (b *Builder) Headline(names ...string) { b.sum.Headline = names }

// Note adds a note to the summary.
func (b *Builder) Note(s string) { b.sum.Notes = append(b.sum.Notes, s) }

// Table adds a display table.
func (b *Builder) Table(t Table) { b.sum.Tables = append(b.sum.Tables, t) }

// ByMeta makes one group per value of the metadata key found in the items,
// labelled by label (nil: the value itself) and ordered by less (nil:
// natural order, so "Level 2" < "Level 10").
func (b *Builder) ByMeta(key string, label func(string) string, less func(x, y string) bool) []GroupDef {
	seen := map[string]bool{}
	var vals []string
	for _, it := range b.items {
		if v, ok := it.Item.Meta[key]; ok && !seen[v] {
			seen[v] = true
			vals = append(vals, v)
		}
	}
	if less == nil {
		less = NaturalLess
	}
	sort.SliceStable(vals, func(i, j int) bool { return less(vals[i], vals[j]) })
	out := make([]GroupDef, len(vals))
	for i, v := range vals {
		l := v
		if label != nil {
			l = label(v)
		}
		out[i] = GroupDef{Key: v, Label: l, Where: map[string][]string{key: {v}}, Labels: []string{l}}
	}
	return out
}

// Cross makes the groups of two dimensions crossed: every pair, keyed
// "a|b" and labelled "A, B", selecting items in both.
func Cross(a, b []GroupDef) []GroupDef {
	var out []GroupDef
	for _, x := range a {
		for _, y := range b {
			w := map[string][]string{}
			for k, v := range x.Where {
				w[k] = v
			}
			for k, v := range y.Where {
				w[k] = v
			}
			m := x.Measure
			if y.Measure != nil {
				m = y.Measure
			}
			sp := x.Span
			if y.Span != nil {
				sp = y.Span
			}
			out = append(out, GroupDef{Key: x.Key + "|" + y.Key, Label: x.Label + ", " + y.Label, Where: w, Measure: m, Span: sp,
				Labels: append(append([]string{}, x.labels()...), y.labels()...)})
		}
	}
	return out
}

// Spans makes one group per length bin of a text (of is ProblemChars or
// SolutionChars): [edges[i], edges[i+1]) for each pair of increasing
// edges, then a last bin from the last edge up, labelled "50-99" and
// "500+" (characters).
func Spans(of string, edges []int) []GroupDef {
	var out []GroupDef
	for i, lo := range edges {
		sp := &Span{Of: of, Lo: lo}
		label := strconv.Itoa(lo) + "+"
		if i+1 < len(edges) {
			sp.Hi = edges[i+1]
			label = strconv.Itoa(lo) + "-" + strconv.Itoa(sp.Hi-1)
		}
		out = append(out, GroupDef{Key: label, Label: label, Span: sp, Labels: []string{label}})
	}
	return out
}

func (g GroupDef) labels() []string {
	if len(g.Labels) > 0 {
		return g.Labels
	}
	return []string{g.Label}
}

// Breakdown computes the metrics (names of metrics already added) for each
// group and adds the breakdown; groups with no item are left out.
func (b *Builder) Breakdown(name, title string, dims []string, groups []GroupDef, metrics ...string) Breakdown {
	bd := Breakdown{Name: name, Title: title, Dims: dims, Metrics: metrics}
	var kept []GroupDef
	for _, g := range groups {
		grp := Group{Key: g.Key, Label: g.Label, Where: g.Where, Span: g.Span, Measure: g.Measure, Values: map[string]Estimate{}}
		if grp.Where == nil {
			grp.Where = map[string][]string{}
		}
		for _, mn := range metrics {
			m, ok := b.sum.Metric(mn)
			if !ok || (m.Measure == nil && g.Measure == nil) {
				panic(fmt.Sprintf("bench: breakdown %s: metric %q not added or without a measure", name, mn))
			}
			meas := m.Measure
			if g.Measure != nil {
				meas = g.Measure
			}
			e := b.estimate(*meas, g.Where, g.Span)
			grp.Values[mn] = e
			grp.N = max(grp.N, e.N)
		}
		if grp.N == 0 {
			continue
		}
		bd.Groups = append(bd.Groups, grp)
		kept = append(kept, g)
	}
	b.sum.Breakdowns = append(b.sum.Breakdowns, bd)
	b.defs[name] = kept
	return bd
}

// BreakdownTable is the display table of a breakdown: one row per group
// with its items and each metric's estimate and interval. main marks it as
// one of the benchmark's own tables (printed after a run).
func (b *Builder) BreakdownTable(bd Breakdown, main bool) Table {
	defs := b.defs[bd.Name]
	split := len(bd.Dims) > 1
	for _, d := range defs {
		split = split && len(d.Labels) == len(bd.Dims)
	}
	t := Table{Name: bd.Name, Title: bd.Title, Breakdown: bd.Name, Main: main}
	if split {
		t.Columns = append(append(t.Columns, bd.Dims...), "items")
	} else {
		t.Columns = []string{strings.Join(bd.Dims, " / "), "items"}
	}
	var ms []Metric
	for _, mn := range bd.Metrics {
		m, _ := b.sum.Metric(mn)
		ms = append(ms, m)
		t.Columns = append(t.Columns, m.Column())
	}
	formats := make([]func(float64) string, len(ms)) // one per column
	for j, m := range ms {
		var es []Estimate
		for _, g := range bd.Groups {
			es = append(es, g.Values[m.Name])
		}
		formats[j] = m.ColumnFormat(es...)
	}
	for i, g := range bd.Groups {
		row := []string{g.Label}
		if split {
			row = append([]string{}, defs[i].Labels...)
		}
		row = append(row, strconv.Itoa(g.N))
		for j, m := range ms {
			row = append(row, m.CellIn(g.Values[m.Name], formats[j]))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// Pivot is the display table of a two-dimensional breakdown (made with
// Cross): the first dimension down, the second across, each cell the
// metric's estimate and interval with the items in parentheses.
func (b *Builder) Pivot(bd Breakdown, metric string, main bool) Table {
	m, _ := b.sum.Metric(metric)
	defs := b.defs[bd.Name]
	var rows, cols []string
	seenR, seenC := map[string]bool{}, map[string]bool{}
	cell := map[[2]string]string{}
	var es []Estimate // one quantity: one format for the whole table
	for _, g := range bd.Groups {
		es = append(es, g.Values[metric])
	}
	format := m.ColumnFormat(es...)
	for i, g := range bd.Groups {
		p := defs[i].labels()
		if len(p) != 2 {
			continue
		}
		if !seenR[p[0]] {
			seenR[p[0]] = true
			rows = append(rows, p[0])
		}
		if !seenC[p[1]] {
			seenC[p[1]] = true
			cols = append(cols, p[1])
		}
		cell[[2]string{p[0], p[1]}] = fmt.Sprintf("%s (%d)", m.CellIn(g.Values[metric], format), g.N)
	}
	// Column order: as the second dimension's groups were given.
	order := map[string]int{}
	for i, g := range defs {
		if p := g.labels(); len(p) == 2 {
			if _, ok := order[p[1]]; !ok {
				order[p[1]] = i
			}
		}
	}
	sort.SliceStable(cols, func(i, j int) bool { return order[cols[i]] < order[cols[j]] })
	t := Table{Name: bd.Name, Title: bd.Title, Breakdown: bd.Name, Main: main,
		Columns: append([]string{bd.Dims[0]}, cols...),
		Notes:   []string{m.Column() + " in each cell, items in parentheses."}}
	for _, r := range rows {
		row := []string{r}
		for _, c := range cols {
			x, ok := cell[[2]string{r, c}]
			if !ok {
				x = "–"
			}
			row = append(row, x)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// Summary finishes the summary: when items have several samples it adds
// pass@k, maj@k and mean@k; when samples carry a confidence, the
// calibration of that confidence.
func (b *Builder) Summary() Summary {
	b.sampling()
	b.calibration()
	return b.sum
}

// Ks returns the k values reported for n samples per item: the powers of
// two below n, and n.
func Ks(n int) []int {
	var ks []int
	for k := 1; k < n; k *= 2 {
		ks = append(ks, k)
	}
	return append(ks, n)
}

// answerKey is what majority voting groups answers by: the extracted answer
// without spaces ("" when there is none).
func answerKey(s Sample) string {
	switch s.Verdict.Kind {
	case "no_answer", "incomplete", "error":
		return ""
	}
	return strings.Join(strings.Fields(s.Verdict.Extracted), "")
}

func (b *Builder) sampling() {
	n := 0
	for _, it := range b.items {
		n = max(n, len(it.Samples))
	}
	if n < 2 {
		return
	}
	t := Table{Name: "sampling", Title: "Several samples per item", Main: true,
		Columns: []string{"k", "pass@k % [95% CI]", "maj@k % [95% CI]", "mean@k % [95% CI]"},
		Notes: []string{
			"pass@k: the chance that at least one of k samples is correct (the unbiased estimator of Chen et al. 2021 over each item's samples; items with fewer than k samples are left out).",
			"maj@k: the share of items whose most frequent answer among the first k samples is correct.",
			"mean@k: the mean score of the first k samples; mean@" + strconv.Itoa(n) + " is the headline accuracy."}}
	if b.noMaj {
		t.Columns = []string{"k", "pass@k % [95% CI]", "mean@k % [95% CI]"}
		t.Notes = []string{t.Notes[0], t.Notes[2]}
	}
	for _, k := range Ks(n) {
		var pass, maj, mean []float64
		for _, it := range b.items {
			ss := it.Samples
			if len(ss) >= k {
				c := 0
				for _, s := range ss {
					if s.Verdict.IsCorrect() {
						c++
					}
				}
				pass = append(pass, stats.PassAtK(len(ss), c, k))
			}
			first := ss[:min(k, len(ss))]
			at := make([]stats.Attempt, len(first))
			sc := 0.0
			for i, s := range first {
				at[i] = stats.Attempt{Answer: answerKey(s), Correct: s.Verdict.IsCorrect()}
				x, _ := Score.Sample(s)
				sc += x
			}
			mean = append(mean, sc/float64(len(first)))
			if stats.MajorityCorrect(at) {
				maj = append(maj, 1)
			} else {
				maj = append(maj, 0)
			}
		}
		ks := strconv.Itoa(k)
		mp := Metric{Name: "pass@" + ks, Label: "pass@" + ks, Unit: Percent, Estimate: EstimateOf(pass),
			Definition: "the chance that at least one of " + ks + " samples of an item is correct, averaged over items (unbiased estimator over all of each item's samples)"}
		mm := Metric{Name: "maj@" + ks, Label: "maj@" + ks, Unit: Percent, Estimate: EstimateOf(maj),
			Definition: "the share of items whose most frequent answer among the first " + ks + " samples is correct"}
		b.sum.Add(mp)
		t.Shows = append(t.Shows, mp.Name)
		row := []string{ks, mp.Cell(mp.Estimate)}
		if !b.noMaj {
			b.sum.Add(mm)
			t.Shows = append(t.Shows, mm.Name)
			row = append(row, mm.Cell(mm.Estimate))
		}
		row = append(row, "(accuracy)")
		if k < n {
			me := Metric{Name: "mean@" + ks, Label: "mean@" + ks, Unit: Percent, Estimate: EstimateOf(mean),
				Definition: "the mean score of the first " + ks + " samples of an item, averaged over items"}
			b.sum.Add(me)
			t.Shows = append(t.Shows, me.Name)
			row[len(row)-1] = me.Cell(me.Estimate)
		}
		t.Rows = append(t.Rows, row)
	}
	b.sum.Tables = append(b.sum.Tables, t)
}

func (b *Builder) calibration() {
	var conf []float64
	var ok []bool
	for _, it := range b.items {
		for _, s := range it.Samples {
			// 0 is the zero value of samples made by hand or by other
			// tools; the runner writes -1 for "unknown".
			if c := s.Confidence; c > 0 && c <= 1 {
				conf = append(conf, c)
				ok = append(ok, s.Verdict.IsCorrect())
			}
		}
	}
	if len(conf) == 0 {
		return
	}
	bins, ece := stats.Calibration(conf, ok, 10)
	t := Table{Name: "calibration", Title: "Calibration of the answer confidence",
		Columns: []string{"confidence", "samples", "mean confidence", "accuracy %"}, Shows: []string{"ece"}}
	b.sum.Add(Metric{Name: "ece", Label: "expected calibration error", Unit: Number,
		Estimate:   Estimate{N: len(conf), Value: ece},
		Definition: "the sample-weighted mean gap between confidence and accuracy over 10 equal-width confidence bins (n: samples with a confidence)"})
	note := fmt.Sprintf("%d samples carry a confidence. Expected calibration error (10 bins): %.3f.", len(conf), ece)
	if a := stats.AUROC(conf, ok); !math.IsNaN(a) {
		b.sum.Add(Metric{Name: "auroc", Label: "AUROC", Unit: Number, Estimate: Estimate{N: len(conf), Value: a},
			Definition: "the chance that a correct sample has a higher confidence than a wrong one (n: samples with a confidence)"})
		t.Shows = append(t.Shows, "auroc")
		note += fmt.Sprintf(" AUROC of the confidence for correctness: %.3f.", a)
	}
	t.Notes = []string{note}
	for _, bin := range bins {
		if bin.Count == 0 {
			continue
		}
		t.Rows = append(t.Rows, []string{fmt.Sprintf("[%.1f, %.1f)", bin.Lo, bin.Hi), strconv.Itoa(bin.Count),
			strconv.FormatFloat(bin.Confidence, 'f', 3, 64), strconv.FormatFloat(100*bin.Accuracy, 'f', 1, 64)})
	}
	b.sum.Tables = append(b.sum.Tables, t)
}

// IntLess orders integers by value and anything else as strings: levels
// "2" < "10", response keys.
func IntLess(a, b string) bool {
	x, ex := strconv.Atoi(a)
	y, ey := strconv.Atoi(b)
	if ex == nil && ey == nil {
		return x < y
	}
	return a < b
}

// ListedFirst orders strings by the place of key(s) in order (key nil: s
// itself), those not listed after, by name: areas and subjects as their
// catalogues list them.
func ListedFirst(order []string, key func(string) string) func(a, b string) bool {
	index := func(s string) int {
		if key != nil {
			s = key(s)
		}
		for i, x := range order {
			if x == s {
				return i
			}
		}
		return len(order)
	}
	return func(a, b string) bool {
		if ia, ib := index(a), index(b); ia != ib {
			return ia < ib
		}
		return a < b
	}
}

// NaturalLess orders strings with embedded numbers by value ("Level 2" <
// "Level 10", "test/algebra/9" < "test/algebra/10").
func NaturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := a[0] >= '0' && a[0] <= '9', b[0] >= '0' && b[0] <= '9'
		if da && db {
			na, ra := leadingNumber(a)
			nb, rb := leadingNumber(b)
			if na != nb {
				return na < nb
			}
			a, b = ra, rb
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func leadingNumber(s string) (float64, string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	n, _ := strconv.ParseFloat(s[:i], 64)
	return n, s[i:]
}

// DefaultMetaKeys are the metadata keys DefaultSummary breaks accuracy down by.
var DefaultMetaKeys = []string{"subject", "level", "group", "type", "grade"}

// DefaultSummary summarises samples of a benchmark this build does not
// know (a run directory written elsewhere): accuracy (mean score) overall
// and by each of DefaultMetaKeys the items carry.
func DefaultSummary(samples []Sample) Summary {
	sb := NewBuilder(samples)
	m := Score
	sb.Metric(Metric{Name: "accuracy", Label: "accuracy", Unit: Percent, Measure: &m,
		Definition: "the mean score of the items' samples (1 correct, 0 not, partial credit between), averaged over items"})
	for _, k := range DefaultMetaKeys {
		groups := sb.ByMeta(k, nil, nil)
		if len(groups) == 0 {
			continue
		}
		bd := sb.Breakdown("by_"+k, "Accuracy by "+k, []string{k}, groups, "accuracy")
		sb.Table(sb.BreakdownTable(bd, true))
	}
	return sb.Summary()
}
