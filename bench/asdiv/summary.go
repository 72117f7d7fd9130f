package asdiv

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/matheval/matheval/bench"
)

// Summarize computes accuracy overall, per grade and per problem type (the
// paper's Tables 5 and 6), and per fold with the folds' mean and standard
// deviation when the samples span more than one of the authors' folds.
func (b *Benchmark) Summarize(samples []bench.Sample) bench.Summary {
	s := bench.Summary{Metrics: map[string]float64{}}
	var total, score float64
	for _, sm := range samples {
		total++
		score += sm.Verdict.Score
	}
	if total > 0 {
		s.Metrics["accuracy"] = score / total
	}
	s.Metrics["samples"] = total
	s.Tables = append(s.Tables,
		groupTable(samples, "grade", "by_grade", "Accuracy by grade", numericOrder),
		groupTable(samples, "type", "by_type", "Accuracy by problem type", sort.Strings))
	for _, key := range []string{"fold", "fold_a", "type_fold"} {
		accs := groupAccuracies(samples, key)
		if len(accs) < 2 {
			continue
		}
		t := groupTable(samples, key, "by_"+key, "Accuracy by "+key, numericOrder)
		mean, sd := meanSD(accs)
		t.Rows = append(t.Rows, []string{"mean ± sd", "", "", fmt.Sprintf("%.1f ± %.1f", 100*mean, 100*sd)})
		s.Tables = append(s.Tables, t)
		s.Metrics[key+"_mean_accuracy"] = mean
		s.Metrics[key+"_sd_accuracy"] = sd
		break // the first fold scheme present is the one the run used
	}
	return s
}

func numericOrder(keys []string) {
	sort.Slice(keys, func(i, j int) bool {
		a, ea := strconv.Atoi(keys[i])
		b, eb := strconv.Atoi(keys[j])
		if ea == nil && eb == nil {
			return a < b
		}
		return keys[i] < keys[j]
	})
}

type tally struct{ n, correct, score float64 }

func tallies(samples []bench.Sample, key string) map[string]*tally {
	m := map[string]*tally{}
	for _, sm := range samples {
		k, ok := sm.Item.Meta[key]
		if !ok {
			continue
		}
		t := m[k]
		if t == nil {
			t = &tally{}
			m[k] = t
		}
		t.n++
		t.score += sm.Verdict.Score
		if sm.Verdict.IsCorrect() {
			t.correct++
		}
	}
	return m
}

func groupAccuracies(samples []bench.Sample, key string) []float64 {
	var out []float64
	for _, t := range tallies(samples, key) {
		out = append(out, t.score/t.n)
	}
	return out
}

func groupTable(samples []bench.Sample, key, name, title string, order func([]string)) bench.Table {
	m := tallies(samples, key)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	order(keys)
	t := bench.Table{Name: name, Title: title, Columns: []string{key, "samples", "correct", "accuracy %"}}
	for _, k := range keys {
		x := m[k]
		t.Rows = append(t.Rows, []string{k, strconv.Itoa(int(x.n)), strconv.Itoa(int(x.correct)), fmt.Sprintf("%.1f", 100*x.score/x.n)})
	}
	return t
}

func meanSD(xs []float64) (float64, float64) {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(len(xs))
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	if len(xs) < 2 {
		return mean, 0
	}
	return mean, math.Sqrt(ss / float64(len(xs)-1))
}
