package corpus

import (
	"context"
	"sort"
	"strings"
	"unicode"
)

// DupGroup is a set of documents with the same normalised text.
type DupGroup struct {
	Docs []int    `json:"docs"` // indices, ascending
	IDs  []string `json:"ids"`
}

// NearPair is two different documents whose pair score reaches the threshold.
type NearPair struct {
	A, B  int     `json:"-"`
	IDA   string  `json:"a"`
	IDB   string  `json:"b"`
	Score float64 `json:"score"` // (BLEU(a,b)+BLEU(b,a))/2, 0-1
}

// DupReport lists exact and near duplicates within one dataset.
type DupReport struct {
	Docs      int        `json:"docs"`
	Threshold float64    `json:"threshold"`
	Exact     []DupGroup `json:"exact"`
	Near      []NearPair `json:"near"` // excluding pairs that are exact duplicates
}

// DuplicateRule says in words what an exact duplicate is, for every report
// that counts them (data dupes, data overlap, data check math).
const DuplicateRule = "the same text once letter case, white space and grouping braces are ignored"

// DuplicateKey is the one definition of an exact duplicate: two texts are
// duplicates when their keys are equal. Letter case, whitespace and LaTeX
// grouping braces do not count ("x^2" = "x^{2}"), every other character does
// (so "cos(-150)" and "cos 150" differ).
func DuplicateKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsSpace(r) || r == '{' || r == '}' {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Duplicates finds exact duplicates (same text up to case, spaces and
// grouping braces) and near duplicates (pair score >= threshold under o), using
// the same index and bounds as Diversity so that only pairs that can reach
// the threshold are scored.
func Duplicates(ctx context.Context, docs []Doc, o Options, threshold float64) (DupReport, error) {
	rep := DupReport{Docs: len(docs), Threshold: threshold}
	byKey := map[string][]int{}
	for i, d := range docs {
		k := DuplicateKey(d.Text)
		if k == "" {
			continue
		}
		byKey[k] = append(byKey[k], i)
	}
	exactOf := make([]int, len(docs)) // group index + 1
	for _, ids := range byKey {
		if len(ids) < 2 {
			continue
		}
		g := DupGroup{Docs: ids}
		for _, i := range ids {
			g.IDs = append(g.IDs, docs[i].ID)
		}
		rep.Exact = append(rep.Exact, g)
	}
	sort.Slice(rep.Exact, func(a, b int) bool { return rep.Exact[a].Docs[0] < rep.Exact[b].Docs[0] })
	for gi, g := range rep.Exact {
		for _, i := range g.Docs {
			exactOf[i] = gi + 1
		}
	}
	if threshold <= 0 || threshold > 1 {
		return rep, nil
	}
	p := prepareOrders(docs, o, indexMaxDF(len(docs)))
	acc := make([][MaxOrder]int32, len(docs))
	seen := make([]bool, len(docs))
	var touched []int32
	for i := range docs {
		if i%64 == 0 && ctx.Err() != nil {
			return rep, ErrCanceled
		}
		di := &p.docs[i]
		touched = touched[:0]
		for n := 0; n < MaxOrder; n++ {
			for _, gc := range di.grams[n] {
				for _, ps := range p.postings[n][gc.id] {
					j := ps.doc
					if int(j) <= i || p.docs[j].group != di.group {
						continue
					}
					if !seen[j] {
						seen[j] = true
						touched = append(touched, j)
					}
					c := gc.count
					if ps.count < c {
						c = ps.count
					}
					acc[j][n] += c
				}
			}
		}
		consider := func(j int, ub [MaxOrder]int) {
			if exactOf[i] != 0 && exactOf[i] == exactOf[j] {
				return
			}
			dj := &p.docs[j]
			if bound(ub, di.n, dj.n, p.order) < threshold-slack {
				return
			}
			s := p.pair(i, j)
			if s >= threshold {
				rep.Near = append(rep.Near, NearPair{A: i, B: j, IDA: docs[i].ID, IDB: docs[j].ID, Score: s})
			}
		}
		for _, j := range touched {
			var ub [MaxOrder]int
			for n := 0; n < MaxOrder; n++ {
				f := min(di.freq[n], p.docs[j].freq[n])
				ub[n] = int(acc[j][n]) + f
			}
			consider(int(j), ub)
		}
		// Pairs sharing only frequent n-grams: rarely near duplicates, but
		// the bound decides, not an assumption.
		var ubI [MaxOrder]int
		copy(ubI[:], di.freq[:])
		byLen := map[int]bool{} // length -> may reach the threshold
		for j := i + 1; j < len(docs); j++ {
			if seen[j] || p.docs[j].group != di.group {
				continue
			}
			l := p.docs[j].n
			ok, cached := byLen[l]
			if !cached {
				ok = bound(ubI, di.n, l, p.order) >= threshold-slack
				byLen[l] = ok
			}
			if !ok {
				continue
			}
			var ub [MaxOrder]int
			for n := 0; n < MaxOrder; n++ {
				ub[n] = min(ubI[n], p.docs[j].freq[n])
			}
			consider(j, ub)
		}
		for _, j := range touched {
			seen[j] = false
			acc[j] = [MaxOrder]int32{}
		}
	}
	sort.Slice(rep.Near, func(a, b int) bool {
		if rep.Near[a].Score != rep.Near[b].Score {
			return rep.Near[a].Score > rep.Near[b].Score
		}
		return rep.Near[a].A < rep.Near[b].A
	})
	return rep, nil
}
