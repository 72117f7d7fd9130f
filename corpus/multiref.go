package corpus

import (
	"context"
	"sort"
	"strings"
)

// DiversityMultiRef computes the multi-reference reading of lexicon
// diversity: LD_i = 1 - BLEU(P_i; {P_j : j != i}) / 100, one BLEU with
// every other problem (of i's group, with SameGroup) as a reference, as
// sacreBLEU scores a sentence against several references: each n-gram's
// count is clipped by its largest count in any one reference, and the
// brevity penalty uses the reference length closest to the hypothesis
// length (the shorter on a tie). Nearest is -1: no single problem is
// nearest in this reading. It is exact and linear in the corpus size: per
// n-gram, the two largest counts over the documents and the document
// holding the largest give "the largest count in any document but i".
func DiversityMultiRef(ctx context.Context, docs []Doc, o Options) (Result, error) {
	order := o.order()
	N := len(docs)
	toks := make([][]string, N)
	group := make([]string, N)
	for i, d := range docs {
		toks[i] = Normalize(d.Text, o)
		if o.SameGroup {
			group[i] = d.Group
		}
	}
	// top[g][n][gram] holds the two largest counts of the gram among the
	// documents of group g, and which document has the largest.
	type top2 struct {
		c1, c2 int32
		d1     int32
	}
	tops := map[string]*[MaxOrder]map[string]*top2{}
	counts := make([][MaxOrder]map[string]int32, N)
	lengths := map[string][]int{}
	for i := range docs {
		if i%256 == 0 && ctx.Err() != nil {
			return Result{}, ErrCanceled
		}
		g := group[i]
		t, ok := tops[g]
		if !ok {
			t = &[MaxOrder]map[string]*top2{}
			for n := range t {
				t[n] = map[string]*top2{}
			}
			tops[g] = t
		}
		lengths[g] = append(lengths[g], len(toks[i]))
		for n := 0; n < order; n++ {
			counts[i][n] = ngramCounts(toks[i], n+1)
			for k, c := range counts[i][n] {
				e := t[n][k]
				if e == nil {
					e = &top2{d1: -1}
					t[n][k] = e
				}
				switch {
				case c > e.c1:
					e.c2, e.c1, e.d1 = e.c1, c, int32(i)
				case c > e.c2:
					e.c2 = c
				}
			}
		}
	}
	for _, ls := range lengths {
		sort.Ints(ls)
	}
	res := Result{LD: make([]float64, N), Nearest: make([]int, N)}
	var sum float64
	for i := range docs {
		res.Nearest[i] = -1
		g := group[i]
		refLen, ok := closestOtherLength(lengths[g], len(toks[i]))
		if !ok {
			res.LD[i] = 1 // alone in its group: nothing to compare with
			sum++
			continue
		}
		st := Stats{HypLen: len(toks[i]), RefLen: refLen}
		for n := 0; n < order; n++ {
			for k, c := range counts[i][n] {
				e := tops[g][n][k]
				other := e.c1
				if e.d1 == int32(i) {
					other = e.c2
				}
				st.Match[n] += int(min(c, other))
			}
		}
		res.Pairs++
		res.LD[i] = max(0, 1-BLEUOrder(st, order)/100)
		sum += res.LD[i]
	}
	if N > 0 {
		res.CLD = sum / float64(N)
	}
	return res, nil
}

// ngramCounts counts the n-grams of toks.
func ngramCounts(toks []string, n int) map[string]int32 {
	m := map[string]int32{}
	for k := 0; k+n <= len(toks); k++ {
		m[strings.Join(toks[k:k+n], "\x00")]++
	}
	return m
}

// closestOtherLength returns, from the sorted lengths of a group that
// include one document of length own, the length of another document
// closest to own (the shorter on a tie); false when the group has no other.
func closestOtherLength(sorted []int, own int) (int, bool) {
	if len(sorted) < 2 {
		return 0, false
	}
	// Remove one occurrence of own, then search around where it was.
	k := sort.SearchInts(sorted, own)
	best, found := 0, false
	consider := func(l int) {
		d, bd := abs(l-own), abs(best-own)
		if !found || d < bd || (d == bd && l < best) {
			best, found = l, true
		}
	}
	// Neighbours of position k, skipping the document's own entry once.
	if k+1 < len(sorted) {
		consider(sorted[k+1])
	}
	if k-1 >= 0 {
		consider(sorted[k-1])
	}
	return best, found
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
