package stats

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// Attempt is one graded sample of one item, as the per-item metrics need it.
// Keeping it a plain struct lets stats stay below bench and rundir.
type Attempt struct {
	// Answer is the extracted final answer used for voting ("" when none).
	Answer string
	// Correct says whether the sample counts as right.
	Correct bool
	// Score is the sample's score in [0,1] (partial credit allowed).
	Score float64
}

// MeanAtK is the mean over items of the mean score of each item's first k
// attempts (all of them when k <= 0 or an item has fewer than k). Items with
// no attempt are skipped. It is NaN when no item has an attempt.
func MeanAtK(items [][]Attempt, k int) float64 {
	sum, n := 0.0, 0
	for _, at := range items {
		at = firstK(at, k)
		if len(at) == 0 {
			continue
		}
		s := 0.0
		for _, a := range at {
			s += a.Score
		}
		sum += s / float64(len(at))
		n++
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// MajAtK is the share of items whose majority answer among the first k
// attempts is correct (maj@k, self-consistency). Votes go by Answer; ties are
// broken by first appearance, and an item whose attempts have no answer at all
// counts as wrong. The majority answer's correctness is that of its first
// attempt. Items with no attempt are skipped; NaN when none is left.
func MajAtK(items [][]Attempt, k int) float64 {
	right, n := 0, 0
	for _, at := range items {
		at = firstK(at, k)
		if len(at) == 0 {
			continue
		}
		n++
		if MajorityCorrect(at) {
			right++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return float64(right) / float64(n)
}

// MajorityCorrect reports whether the majority answer of attempts is correct.
func MajorityCorrect(attempts []Attempt) bool {
	keys := make([]string, len(attempts))
	for i, a := range attempts {
		keys[i] = a.Answer
	}
	best, count := MajorityVote(keys)
	if count == 0 {
		return false
	}
	for _, a := range attempts {
		if a.Answer == best {
			return a.Correct
		}
	}
	return false
}

// PassAtKItems is the mean over items of the unbiased pass@k estimate, each
// item using all its attempts as the n samples. Items with fewer than k
// attempts make the estimate undefined: they are skipped, and the second
// result counts them. NaN when no item is left.
func PassAtKItems(items [][]Attempt, k int) (float64, int) {
	sum, n, skipped := 0.0, 0, 0
	for _, at := range items {
		if len(at) < k || len(at) == 0 {
			skipped++
			continue
		}
		c := 0
		for _, a := range at {
			if a.Correct {
				c++
			}
		}
		sum += PassAtK(len(at), c, k)
		n++
	}
	if n == 0 {
		return math.NaN(), skipped
	}
	return sum / float64(n), skipped
}

func firstK(at []Attempt, k int) []Attempt {
	if k > 0 && len(at) > k {
		return at[:k]
	}
	return at
}

// FlipSet compares two runs item by item.
type FlipSet struct {
	OnlyA     []string `json:"only_a"`     // right in A, not in B (sorted ids)
	OnlyB     []string `json:"only_b"`     // right in B, not in A
	BothRight int      `json:"both_right"` // right in both
	BothWrong int      `json:"both_wrong"` // wrong in both
	MissingA  []string `json:"missing_a"`  // ids present in B only
	MissingB  []string `json:"missing_b"`  // ids present in A only
}

// Paired returns the number of items present in both runs.
func (f FlipSet) Paired() int { return len(f.OnlyA) + len(f.OnlyB) + f.BothRight + f.BothWrong }

// Flips compares per-item correctness of run A and run B (item id -> right).
// Only items present in both are paired; the others are listed apart.
func Flips(a, b map[string]bool) FlipSet {
	var f FlipSet
	for id, ra := range a {
		rb, ok := b[id]
		switch {
		case !ok:
			f.MissingB = append(f.MissingB, id)
		case ra && rb:
			f.BothRight++
		case ra:
			f.OnlyA = append(f.OnlyA, id)
		case rb:
			f.OnlyB = append(f.OnlyB, id)
		default:
			f.BothWrong++
		}
	}
	for id := range b {
		if _, ok := a[id]; !ok {
			f.MissingA = append(f.MissingA, id)
		}
	}
	sort.Strings(f.OnlyA)
	sort.Strings(f.OnlyB)
	sort.Strings(f.MissingA)
	sort.Strings(f.MissingB)
	return f
}

// Wilson returns the share k/n with its Wilson score interval at the given
// level. Unlike the bootstrap it behaves at 0/n and n/n and for small groups.
func Wilson(k, n int, level float64) Interval {
	if n <= 0 {
		return Interval{Value: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	}
	z := distuv.UnitNormal.Quantile(1 - (1-level)/2)
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z / den * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn))
	return Interval{Value: p, Lo: math.Max(0, centre-half), Hi: math.Min(1, centre+half)}
}
