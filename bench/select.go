package bench

import (
	"math/rand/v2"
	"sort"
)

// Select applies opts' meta filter, then its seeded sample, then its limit,
// in that order, keeping the items' order. eq decides whether an item's
// meta value matches an accepted value (nil: exact equality); a key with no
// accepted values constrains nothing. stream picks the random stream a
// benchmark draws its samples from, so that each benchmark's seeded samples
// stay what they were.
func Select(items []Item, opts LoadOptions, eq func(key, have, want string) bool, stream uint64) []Item {
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
		r := rand.New(rand.NewPCG(uint64(opts.Seed), stream))
		idx := r.Perm(len(items))[:opts.Sample]
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
