package bench

import (
	randv1 "math/rand"
	"math/rand/v2"
	"sort"
	"strings"
)

// Perm returns a random permutation of 0..n-1 drawn from seed. Each
// benchmark keeps its own random stream, so that its seeded samples stay
// what they were when the benchmark was first released in matheval.
type Perm func(seed int64, n int) []int

// PCG draws permutations from a PCG generator on the given stream
// (math/rand/v2): the stream of MATH, MATH 401 and newer benchmarks.
func PCG(stream uint64) Perm {
	return func(seed int64, n int) []int {
		return rand.New(rand.NewPCG(uint64(seed), stream)).Perm(n)
	}
}

// LegacyPerm draws permutations from math/rand's original source, as ASDiv
// always has.
func LegacyPerm(seed int64, n int) []int {
	return randv1.New(randv1.NewSource(seed)).Perm(n)
}

// EqualFold matches meta values case-insensitively (an eq for Select).
func EqualFold(_, have, want string) bool { return strings.EqualFold(have, want) }

// Select is the one item selector: it applies opts' meta filter, then its
// seeded sample, then its limit, in that order, keeping the items' order.
// eq decides whether an item's meta value matches an accepted value (nil:
// exact equality); a key with no accepted values constrains nothing. perm
// is the benchmark's random stream for the sample.
func Select(items []Item, opts LoadOptions, eq func(key, have, want string) bool, perm Perm) []Item {
	if eq == nil {
		eq = func(_, have, want string) bool { return have == want }
	}
	if len(opts.Filter) > 0 {
		var kept []Item
		for _, it := range items {
			if matches(it, opts.Filter, eq) {
				kept = append(kept, it)
			}
		}
		items = kept
	}
	if opts.Sample > 0 && opts.Sample < len(items) {
		idx := perm(opts.Seed, len(items))[:opts.Sample]
		sort.Ints(idx) // keep the data's order
		picked := make([]Item, len(idx))
		for i, j := range idx {
			picked[i] = items[j]
		}
		items = picked
	}
	if opts.Limit > 0 && opts.Limit < len(items) {
		items = items[:opts.Limit]
	}
	return items
}

// matches reports whether it passes every key of filter.
func matches(it Item, filter map[string][]string, eq func(key, have, want string) bool) bool {
	for key, vals := range filter {
		if len(vals) == 0 {
			continue
		}
		ok := false
		for _, v := range vals {
			if eq(key, it.Meta[key], v) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
