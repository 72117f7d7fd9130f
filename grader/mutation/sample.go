package mutation

import (
	"hash/fnv"
	"maps"
	"slices"
)

// The full sweep grades about a million pairs: a minute on a quiet machine,
// ten on a busy one (issue 30). The default run grades a seeded sample of
// it instead, chosen so that every gold and every family is still graded:
// Sample keeps one pair in Keep of each large family, every pair of the
// small ones, and at least one pair of each kind a gold has. The choice
// depends only on the pairs' text, so a failure found by the sample is
// found again by the next run and by the full sweep.

// Sampling says which pairs a default run grades.
type Sampling struct {
	// Keep: a pair of a large family is kept when the hash of its gold and
	// text is 0 modulo Keep. 0 or 1 keeps everything (the full sweep).
	Keep int
	// Whole: a family with at most this many pairs over all golds is kept
	// whole (the rare families: base, transpose, inequality...).
	Whole int
}

// DefaultSampling is the sample of the default test run.
var DefaultSampling = Sampling{Keep: 16, Whole: 2000}

// Sample returns, for every gold, the pairs of per[i] it keeps; keys[i]
// names gold i (its benchmark and ID) in the hash.
func (s Sampling) Sample(keys []string, per [][]Pair) [][]Pair {
	if s.Keep <= 1 {
		return per
	}
	total := map[string]int{}
	for _, ps := range per {
		for _, p := range ps {
			total[p.Family]++
		}
	}
	out := make([][]Pair, len(per))
	for i, ps := range per {
		var kept []Pair
		has := map[Expect]bool{}
		best := map[Expect]int{}
		bestH := map[Expect]uint64{}
		for j, p := range ps {
			h := pairHash(keys[i], p)
			if b, ok := bestH[p.Expect]; !ok || h < b {
				bestH[p.Expect], best[p.Expect] = h, j
			}
			if total[p.Family] <= s.Whole || h%uint64(s.Keep) == 0 {
				kept = append(kept, p)
				has[p.Expect] = true
			}
		}
		// every gold keeps one pair of each kind it has
		for _, e := range slices.Sorted(maps.Keys(best)) {
			if !has[e] {
				kept = append(kept, ps[best[e]])
			}
		}
		out[i] = kept
	}
	return out
}

func pairHash(key string, p Pair) uint64 {
	h := fnv.New64a()
	h.Write([]byte(key + "\x00" + p.Family + "\x00" + p.Cand))
	x := h.Sum64()
	// fnv's low bits are weak for short inputs: mix before the modulus
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	return x
}

// Merge adds the counts of o to s (workers generating in parallel).
func (s *Stats) Merge(o *Stats) {
	for k, v := range o.Dropped {
		s.Dropped[k] += v
	}
	for k, v := range o.OracleSame {
		s.OracleSame[k] += v
	}
	for k, v := range o.NotApplicable {
		s.NotApplicable[k] += v
	}
	s.PrinterChanged = append(s.PrinterChanged, o.PrinterChanged...)
}
