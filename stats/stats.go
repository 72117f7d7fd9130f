// Package stats holds the statistics matheval reports: bootstrap confidence
// intervals, pass@k and its relatives, AUROC and calibration, and paired tests
// between two runs. Everything is deterministic given a seed.
package stats

import (
	"math"
	"math/rand/v2"
	"sort"
)

// Mean returns the arithmetic mean of xs (0 for none).
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// Interval is a point estimate with a confidence interval.
type Interval struct {
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// Bootstrap returns the mean of xs with a percentile bootstrap interval at the
// given level (0.95 for 95%), from iters resamples drawn with seed.
func Bootstrap(xs []float64, iters int, level float64, seed uint64) Interval {
	m := Mean(xs)
	n := len(xs)
	if n == 0 {
		return Interval{}
	}
	if iters <= 0 {
		iters = 1000
	}
	r := rand.New(rand.NewPCG(seed, 0x6d617468))
	means := make([]float64, iters)
	for b := range means {
		s := 0.0
		for i := 0; i < n; i++ {
			s += xs[r.IntN(n)]
		}
		means[b] = s / float64(n)
	}
	sort.Float64s(means)
	alpha := (1 - level) / 2
	return Interval{Value: m, Lo: Quantile(means, alpha), Hi: Quantile(means, 1-alpha)}
}

// Quantile returns the q-quantile of sorted xs with linear interpolation
// between order statistics (the "type 7" rule of R and numpy's default).
func Quantile(sorted []float64, q float64) float64 {
	n := len(sorted)
	if n == 0 {
		return math.NaN()
	}
	if q <= 0 {
		return sorted[0]
	}
	if q >= 1 {
		return sorted[n-1]
	}
	h := q * float64(n-1)
	lo := math.Floor(h)
	i := int(lo)
	if i+1 >= n {
		return sorted[n-1]
	}
	return sorted[i] + (h-lo)*(sorted[i+1]-sorted[i])
}

// PassAtK is the unbiased estimator of Chen et al. (2021): the probability
// that at least one of k samples drawn without replacement from n samples,
// c of them correct, is correct: 1 - C(n-c, k) / C(n, k).
func PassAtK(n, c, k int) float64 {
	if k <= 0 || n <= 0 || k > n {
		return math.NaN()
	}
	if n-c < k {
		return 1
	}
	// Product form avoids huge binomials: prod_{i=n-c+1}^{n} (1 - k/i).
	p := 1.0
	for i := n - c + 1; i <= n; i++ {
		p *= 1 - float64(k)/float64(i)
	}
	return 1 - p
}

// MajorityVote returns the most frequent key among answers (ties broken by
// first appearance) and how often it occurs. Empty keys (no answer) never win
// unless every answer is empty.
func MajorityVote(keys []string) (string, int) {
	// Count first, then pick: picking while counting would favour the key
	// that reaches a tied count first, not the one that appears first.
	counts := map[string]int{}
	for _, k := range keys {
		if k != "" {
			counts[k]++
		}
	}
	best, bestN := "", 0
	for _, k := range keys {
		if k != "" && counts[k] > bestN {
			best, bestN = k, counts[k]
		}
	}
	return best, bestN
}

// AUROC is the area under the ROC curve of scores separating positives from
// negatives: the probability that a random positive scores above a random
// negative, ties counting one half (the Mann-Whitney U statistic). It is NaN
// when either class is empty.
func AUROC(scores []float64, positive []bool) float64 {
	type pt struct {
		s   float64
		pos bool
	}
	// Mismatched lengths are a caller's bug; pair what can be paired and
	// skip NaN scores rather than panic inside a report.
	pts := make([]pt, 0, len(scores))
	var np, nn float64
	for i, s := range scores[:min(len(scores), len(positive))] {
		if math.IsNaN(s) {
			continue
		}
		pts = append(pts, pt{s, positive[i]})
		if positive[i] {
			np++
		} else {
			nn++
		}
	}
	if np == 0 || nn == 0 {
		return math.NaN()
	}
	sort.Slice(pts, func(a, b int) bool { return pts[a].s < pts[b].s })
	// Sum of ranks of positives with average ranks for ties.
	rankSum := 0.0
	for i := 0; i < len(pts); {
		j := i
		for j < len(pts) && pts[j].s == pts[i].s {
			j++
		}
		avg := float64(i+j+1) / 2 // ranks are 1-based: (i+1 + j) / 2
		for k := i; k < j; k++ {
			if pts[k].pos {
				rankSum += avg
			}
		}
		i = j
	}
	u := rankSum - np*(np+1)/2
	return u / (np * nn)
}

// CalibrationBin is one bin of a reliability table.
type CalibrationBin struct {
	Lo, Hi     float64 // confidence range [Lo, Hi)
	Count      int
	Confidence float64 // mean confidence in the bin
	Accuracy   float64 // share correct in the bin
}

// Calibration bins confidences in [0,1] into equal-width bins and returns the
// reliability table and the expected calibration error: the count-weighted
// mean of |accuracy - confidence| over bins.
func Calibration(conf []float64, correct []bool, bins int) ([]CalibrationBin, float64) {
	if bins <= 0 {
		bins = 10
	}
	out := make([]CalibrationBin, bins)
	for b := range out {
		out[b].Lo = float64(b) / float64(bins)
		out[b].Hi = float64(b+1) / float64(bins)
	}
	n := 0.0
	for i, c := range conf[:min(len(conf), len(correct))] {
		if math.IsNaN(c) {
			continue
		}
		n++
		b := int(c * float64(bins))
		if b >= bins {
			b = bins - 1
		}
		if b < 0 {
			b = 0
		}
		out[b].Count++
		out[b].Confidence += c
		if correct[i] {
			out[b].Accuracy++
		}
	}
	ece := 0.0
	for b := range out {
		if out[b].Count == 0 {
			continue
		}
		k := float64(out[b].Count)
		out[b].Confidence /= k
		out[b].Accuracy /= k
		ece += k / n * math.Abs(out[b].Accuracy-out[b].Confidence)
	}
	return out, ece
}

// McNemarExact is the two-sided exact McNemar test for paired binary outcomes:
// b items right only in run A, c right only in run B. It returns the p-value
// of the binomial test of b against Binomial(b+c, 1/2).
func McNemarExact(b, c int) float64 {
	n := b + c
	if n == 0 {
		return 1
	}
	k := min(b, c)
	// P(X <= k) for X ~ Bin(n, 1/2), summed in log space for large n.
	p := 0.0
	for i := 0; i <= k; i++ {
		p += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
	}
	p *= 2
	if p > 1 {
		p = 1
	}
	return p
}

func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// PairedBootstrap returns the mean difference a-b over paired observations
// with a percentile bootstrap interval (resampling items, keeping pairs).
func PairedBootstrap(a, b []float64, iters int, level float64, seed uint64) Interval {
	d := make([]float64, len(a))
	for i := range a {
		d[i] = a[i] - b[i]
	}
	return Bootstrap(d, iters, level, seed)
}
