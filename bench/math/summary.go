package math

import (
	"fmt"
	gomath "math"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/stats"
)

// bootstrapIters and bootstrapSeed fix the intervals, so a summary is
// reproducible.
const (
	bootstrapIters = 1000
	bootstrapSeed  = 2021
)

// itemScores groups samples by item, in first-seen order, ordered by sample index.
type itemScores struct {
	item    bench.Item
	samples []bench.Sample
}

func byItem(samples []bench.Sample) []*itemScores {
	idx := map[string]*itemScores{}
	var out []*itemScores
	for _, s := range samples {
		is, ok := idx[s.Item.ID]
		if !ok {
			is = &itemScores{item: s.Item}
			idx[s.Item.ID] = is
			out = append(out, is)
		}
		is.samples = append(is.samples, s)
	}
	for _, is := range out {
		sort.SliceStable(is.samples, func(a, b int) bool { return is.samples[a].Index < is.samples[b].Index })
	}
	return out
}

// mean is the item's mean score over its samples (mean@k for all k samples).
func (is *itemScores) mean() float64 {
	s := 0.0
	for _, x := range is.samples {
		s += x.Verdict.Score
	}
	return s / float64(len(is.samples))
}

// Accuracy is a share with its bootstrap 95% interval over items.
type Accuracy struct {
	N     int     `json:"n"` // items
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

func accuracyOf(items []*itemScores) Accuracy {
	if len(items) == 0 {
		return Accuracy{}
	}
	xs := make([]float64, len(items))
	for i, is := range items {
		xs[i] = is.mean()
	}
	iv := stats.Bootstrap(xs, bootstrapIters, 0.95, bootstrapSeed)
	return Accuracy{N: len(items), Value: iv.Value, Lo: iv.Lo, Hi: iv.Hi}
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

func (a Accuracy) cell() string {
	return fmt.Sprintf("%s [%s, %s]", pct(a.Value), pct(a.Lo), pct(a.Hi))
}

// orderedKeys returns the subjects in the paper's order (others after, sorted).
func orderedSubjects(have map[string]bool) []string {
	var out []string
	for _, s := range Subjects {
		if have[s] {
			out = append(out, s)
		}
	}
	var rest []string
	for s := range have {
		if SubjectTitles[s] == "" {
			rest = append(rest, s)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

func orderedLevels(have map[string]bool) []string {
	var out []string
	for l := range have {
		out = append(out, l)
	}
	sort.Slice(out, func(a, b int) bool {
		x, ex := strconv.Atoi(out[a])
		y, ey := strconv.Atoi(out[b])
		if ex == nil && ey == nil {
			return x < y
		}
		if (ex == nil) != (ey == nil) {
			return ex == nil // numbers first, "?" last
		}
		return out[a] < out[b]
	})
	return out
}

func title(subject string) string {
	if t := SubjectTitles[subject]; t != "" {
		return t
	}
	return subject
}

// SubjectAccuracy returns accuracy by subject and overall (key "").
func SubjectAccuracy(samples []bench.Sample) map[string]Accuracy {
	items := byItem(samples)
	groups := map[string][]*itemScores{}
	for _, is := range items {
		groups[is.item.Meta["subject"]] = append(groups[is.item.Meta["subject"]], is)
	}
	out := map[string]Accuracy{"": accuracyOf(items)}
	for s, g := range groups {
		out[s] = accuracyOf(g)
	}
	return out
}

// Table2 is the paper's Table 2 shape: one row per run, columns the seven
// subjects and the average (accuracy over all items), in percent.
func Table2(names []string, runs [][]bench.Sample) bench.Table {
	t := bench.Table{Name: "table2", Title: "MATH accuracy (%) by subject (the paper's Table 2)",
		Columns: []string{"run"}}
	for _, s := range Subjects {
		t.Columns = append(t.Columns, SubjectTitles[s])
	}
	t.Columns = append(t.Columns, "Average")
	for i, samples := range runs {
		acc := SubjectAccuracy(samples)
		row := []string{names[i]}
		for _, s := range Subjects {
			if a, ok := acc[s]; ok && a.N > 0 {
				row = append(row, pct(a.Value))
			} else {
				row = append(row, "-")
			}
		}
		row = append(row, pct(acc[""].Value))
		t.Rows = append(t.Rows, row)
	}
	return t
}

// Diagnostics counts how replies failed to give a gradable answer.
type Diagnostics struct {
	Samples    int `json:"samples"`
	NoAnswer   int `json:"no_answer"`
	Truncated  int `json:"truncated"` // finish_reason "length"
	Incomplete int `json:"incomplete"`
	Undecided  int `json:"undecided"`
	Unparsable int `json:"unparsable"`
	Errors     int `json:"errors"`
}

func diagnose(samples []bench.Sample) Diagnostics {
	d := Diagnostics{Samples: len(samples)}
	for _, s := range samples {
		if s.FinishReason == "length" {
			d.Truncated++
		}
		switch s.Verdict.Kind {
		case answer.NoAnswer:
			d.NoAnswer++
		case answer.Incomplete:
			d.Incomplete++
		case answer.Undecided:
			d.Undecided++
		case answer.Unparsable:
			d.Unparsable++
		case answer.Error:
			d.Errors++
		}
	}
	return d
}

// Ks returns the k values reported for n samples per item: powers of two
// below n, and n.
func Ks(n int) []int {
	var ks []int
	for k := 1; k < n; k *= 2 {
		ks = append(ks, k)
	}
	return append(ks, n)
}

// answerKey is the key majority voting groups answers by: the extracted
// answer without spaces ("" when none).
func answerKey(v answer.Verdict) string {
	if v.Kind == answer.NoAnswer || v.Kind == answer.Incomplete || v.Kind == answer.Error {
		return ""
	}
	return strings.Join(strings.Fields(v.Extracted), "")
}

// Sampling holds pass@k, maj@k and mean@k averaged over items.
type Sampling struct {
	K    int     `json:"k"`
	Pass float64 `json:"pass_at_k"`
	Maj  float64 `json:"maj_at_k"`
	Mean float64 `json:"mean_at_k"`
}

// SamplingMetrics computes, over items with at least n samples (n the
// smallest count), pass@k (the unbiased estimator over all n samples),
// maj@k (majority vote of the first k samples) and mean@k (mean score of
// the first k samples).
func SamplingMetrics(samples []bench.Sample) []Sampling {
	items := byItem(samples)
	if len(items) == 0 {
		return nil
	}
	n := len(items[0].samples)
	for _, is := range items {
		n = min(n, len(is.samples))
	}
	var out []Sampling
	for _, k := range Ks(n) {
		var sm Sampling
		sm.K = k
		for _, is := range items {
			c := 0
			for _, s := range is.samples[:n] {
				if s.Verdict.IsCorrect() {
					c++
				}
			}
			sm.Pass += stats.PassAtK(n, c, k)
			keys := make([]string, k)
			for i, s := range is.samples[:k] {
				keys[i] = answerKey(s.Verdict)
				sm.Mean += s.Verdict.Score / float64(k)
			}
			if best, cnt := stats.MajorityVote(keys); cnt > 0 {
				for i, s := range is.samples[:k] {
					if keys[i] == best {
						if s.Verdict.IsCorrect() {
							sm.Maj++
						}
						break
					}
				}
			}
		}
		m := float64(len(items))
		sm.Pass, sm.Maj, sm.Mean = sm.Pass/m, sm.Maj/m, sm.Mean/m
		out = append(out, sm)
	}
	return out
}

// confidences returns each sample's confidence (from its logprobs, or the
// runner's value when it has none) and correctness, for samples that have one.
func confidences(samples []bench.Sample) ([]float64, []bool) {
	var conf []float64
	var ok []bool
	for _, s := range samples {
		c := -1.0
		if len(s.Logprobs) > 0 {
			c = AnswerConfidence(s.Reply, s.Logprobs)
		} else if s.Confidence > 0 {
			c = s.Confidence
		}
		if c < 0 || gomath.IsNaN(c) {
			continue
		}
		conf = append(conf, c)
		ok = append(ok, s.Verdict.IsCorrect())
	}
	return conf, ok
}

// Summarize reports accuracy overall, by subject, by level and subject ×
// level with bootstrap 95% intervals; extraction diagnostics; pass@k, maj@k
// and mean@k when items have several samples; and, with logprobs, the
// AUROC of the answer confidence for correct vs wrong and a calibration table.
func (*Benchmark) Summarize(samples []bench.Sample) bench.Summary {
	m := map[string]float64{}
	var tables []bench.Table
	items := byItem(samples)
	all := accuracyOf(items)
	m["accuracy"], m["accuracy_lo"], m["accuracy_hi"] = all.Value, all.Lo, all.Hi

	subj := map[string][]*itemScores{}
	lvl := map[string][]*itemScores{}
	cell := map[[2]string][]*itemScores{}
	haveS, haveL := map[string]bool{}, map[string]bool{}
	for _, is := range items {
		s, l := is.item.Meta["subject"], is.item.Meta["level"]
		subj[s] = append(subj[s], is)
		lvl[l] = append(lvl[l], is)
		cell[[2]string{s, l}] = append(cell[[2]string{s, l}], is)
		haveS[s], haveL[l] = true, true
	}
	subjects, levels := orderedSubjects(haveS), orderedLevels(haveL)

	tables = append(tables, Table2([]string{"this run"}, [][]bench.Sample{samples}))
	ts := bench.Table{Name: "by_subject", Title: "Accuracy (%) by subject, bootstrap 95% interval",
		Columns: []string{"subject", "items", "accuracy [95% CI]"}}
	for _, s := range subjects {
		a := accuracyOf(subj[s])
		m["accuracy_"+s] = a.Value
		ts.Rows = append(ts.Rows, []string{title(s), strconv.Itoa(a.N), a.cell()})
	}
	ts.Rows = append(ts.Rows, []string{"All", strconv.Itoa(all.N), all.cell()})
	tables = append(tables, ts)

	tl := bench.Table{Name: "by_level", Title: "Accuracy (%) by level, bootstrap 95% interval",
		Columns: []string{"level", "items", "accuracy [95% CI]"}}
	for _, l := range levels {
		a := accuracyOf(lvl[l])
		m["accuracy_level_"+l] = a.Value
		tl.Rows = append(tl.Rows, []string{"Level " + l, strconv.Itoa(a.N), a.cell()})
	}
	tables = append(tables, tl)

	tx := bench.Table{Name: "subject_by_level", Title: "Accuracy (%) by subject and level, bootstrap 95% interval",
		Columns: []string{"subject"}}
	for _, l := range levels {
		tx.Columns = append(tx.Columns, "Level "+l)
	}
	for _, s := range subjects {
		row := []string{title(s)}
		for _, l := range levels {
			if c := cell[[2]string{s, l}]; len(c) > 0 {
				row = append(row, accuracyOf(c).cell())
			} else {
				row = append(row, "-")
			}
		}
		tx.Rows = append(tx.Rows, row)
	}
	tables = append(tables, tx)

	d := diagnose(samples)
	if d.Samples > 0 {
		n := float64(d.Samples)
		m["no_answer_rate"] = float64(d.NoAnswer) / n
		m["truncated_rate"] = float64(d.Truncated) / n
		m["incomplete_rate"] = float64(d.Incomplete) / n
		m["undecided_rate"] = float64(d.Undecided) / n
		m["unparsable_rate"] = float64(d.Unparsable) / n
		m["error_rate"] = float64(d.Errors) / n
		td := bench.Table{Name: "diagnostics", Title: "Extraction diagnostics (share of samples)",
			Columns: []string{"what", "samples", "share (%)"}}
		for _, r := range []struct {
			what string
			c    int
		}{{"no answer found", d.NoAnswer}, {"cut by the token limit (finish_reason=length)", d.Truncated},
			{"incomplete (graded as not answered)", d.Incomplete}, {"undecided (grader limits)", d.Undecided},
			{"unparsable answer", d.Unparsable}, {"request failed", d.Errors}} {
			td.Rows = append(td.Rows, []string{r.what, strconv.Itoa(r.c), pct(float64(r.c) / n)})
		}
		tables = append(tables, td)
	}

	if sm := SamplingMetrics(samples); len(sm) > 0 && sm[len(sm)-1].K > 1 {
		tk := bench.Table{Name: "sampling", Title: "Several samples per item: pass@k (unbiased), maj@k, mean@k (%)",
			Columns: []string{"k", "pass@k", "maj@k", "mean@k"}}
		for _, s := range sm {
			k := strconv.Itoa(s.K)
			m["pass@"+k], m["maj@"+k], m["mean@"+k] = s.Pass, s.Maj, s.Mean
			tk.Rows = append(tk.Rows, []string{k, pct(s.Pass), pct(s.Maj), pct(s.Mean)})
		}
		tables = append(tables, tk)
	}

	if conf, ok := confidences(samples); len(conf) > 0 {
		m["confidence_samples"] = float64(len(conf))
		m["mean_confidence"] = stats.Mean(conf)
		if a := stats.AUROC(conf, ok); !gomath.IsNaN(a) {
			m["auroc"] = a
		}
		bins, ece := stats.Calibration(conf, ok, 10)
		m["ece"] = ece
		tc := bench.Table{Name: "calibration", Title: "Calibration of the answer confidence (mean token probability)",
			Columns: []string{"confidence", "samples", "mean confidence", "accuracy (%)"}}
		for _, b := range bins {
			if b.Count == 0 {
				continue
			}
			tc.Rows = append(tc.Rows, []string{fmt.Sprintf("[%.1f, %.1f)", b.Lo, b.Hi), strconv.Itoa(b.Count),
				strconv.FormatFloat(b.Confidence, 'f', 3, 64), pct(b.Accuracy)})
		}
		tables = append(tables, tc)
	}
	return bench.Summary{Metrics: m, Tables: tables}
}
