package corpus

import (
	"context"
	"errors"
	"math"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Result is the lexicon diversity of a corpus.
type Result struct {
	// LD holds LD_i per document, in input order (1 for a document with no
	// other document to compare with).
	LD []float64
	// Nearest holds, per document, the index of a document reaching the
	// maximum (-1 when none).
	Nearest []int
	// CLD is the mean of LD.
	CLD float64
	// Pairs counts the exact BLEU pair evaluations done (for the bench).
	Pairs int64
}

// ErrCanceled is returned when the context ends first.
var ErrCanceled = errors.New("corpus: canceled")

// doc is a prepared document: per order, its n-gram ids sorted with counts.
type doc struct {
	n      int // tokens
	grams  [MaxOrder][]gramCount
	freq   [MaxOrder]int // tokens in frequent (unindexed) n-grams per order
	group  int
	length int
}

type gramCount struct {
	id    uint32
	count int32
}

type posting struct {
	doc   int32
	count int32
}

// prepared is a corpus ready for pair scoring.
type prepared struct {
	docs     []doc
	postings [MaxOrder][][]posting // per order, per gram id (nil for frequent grams)
	groups   int
	order    int // BLEU's largest n-gram order
}

// prepare tokenizes and indexes. maxDF: n-grams in more documents than this
// are not indexed; their matches are bounded instead (see bound).
func prepare(docs []Doc, o Options, maxDF int) *prepared {
	return prepareOrders(docs, o, [MaxOrder]int{maxDF, maxDF, maxDF, maxDF})
}

// prepareOrders is prepare with a threshold per n-gram order.
func prepareOrders(docs []Doc, o Options, maxDF [MaxOrder]int) *prepared {
	p := &prepared{docs: make([]doc, len(docs)), order: o.order()}
	groupIDs := map[string]int{}
	var ids [MaxOrder]map[string]uint32
	for n := range ids {
		ids[n] = map[string]uint32{}
	}
	var df [MaxOrder][]int32
	for i, d := range docs {
		toks := Normalize(d.Text, o)
		dd := &p.docs[i]
		dd.n = len(toks)
		g := ""
		if o.SameGroup {
			g = d.Group
		}
		gid, ok := groupIDs[g]
		if !ok {
			gid = len(groupIDs)
			groupIDs[g] = gid
		}
		dd.group = gid
		for n := 0; n < MaxOrder; n++ {
			counts := map[uint32]int32{}
			for k := 0; k+n+1 <= len(toks); k++ {
				key := strings.Join(toks[k:k+n+1], "\x00")
				id, ok := ids[n][key]
				if !ok {
					id = uint32(len(ids[n]))
					ids[n][key] = id
					df[n] = append(df[n], 0)
				}
				counts[id]++
			}
			gc := make([]gramCount, 0, len(counts))
			for id, c := range counts {
				gc = append(gc, gramCount{id, c})
				df[n][id]++
			}
			sort.Slice(gc, func(a, b int) bool { return gc[a].id < gc[b].id })
			dd.grams[n] = gc
		}
	}
	p.groups = len(groupIDs)
	for n := 0; n < MaxOrder; n++ {
		p.postings[n] = make([][]posting, len(df[n]))
		for id, f := range df[n] {
			if int(f) <= maxDF[n] {
				p.postings[n][id] = make([]posting, 0, f)
			}
		}
		for i := range p.docs {
			for _, gc := range p.docs[i].grams[n] {
				if int(df[n][gc.id]) <= maxDF[n] {
					p.postings[n][gc.id] = append(p.postings[n][gc.id], posting{int32(i), gc.count})
				} else {
					p.docs[i].freq[n] += int(gc.count)
				}
			}
		}
	}
	return p
}

// stats computes the exact clipped matches of documents a and b by merging
// their sorted n-gram lists. Matches are symmetric; only lengths differ.
func (p *prepared) stats(a, b int) [MaxOrder]int {
	var m [MaxOrder]int
	da, db := &p.docs[a], &p.docs[b]
	for n := 0; n < p.order; n++ {
		x, y := da.grams[n], db.grams[n]
		i, j := 0, 0
		for i < len(x) && j < len(y) {
			switch {
			case x[i].id < y[j].id:
				i++
			case x[i].id > y[j].id:
				j++
			default:
				c := x[i].count
				if y[j].count < c {
					c = y[j].count
				}
				m[n] += int(c)
				i++
				j++
			}
		}
		if m[n] == 0 {
			break // no n-gram match means no longer match either
		}
	}
	return m
}

// pairScore is (BLEU(a,b) + BLEU(b,a)) / 2 on a 0-1 scale, from matches,
// with BLEU of the given order.
func pairScore(m [MaxOrder]int, la, lb, order int) float64 {
	s1 := BLEUOrder(Stats{Match: m, HypLen: la, RefLen: lb}, order)
	s2 := BLEUOrder(Stats{Match: m, HypLen: lb, RefLen: la}, order)
	return (s1 + s2) / 200
}

// pair scores documents a and b exactly.
func (p *prepared) pair(a, b int) float64 {
	return pairScore(p.stats(a, b), p.docs[a].n, p.docs[b].n, p.order)
}

// Score is the symmetric pair score of two texts (0-1) under the options.
func Score(a, b string, o Options) float64 {
	ta, tb := Normalize(a, o), Normalize(b, o)
	s := countStats(ta, tb)
	return pairScore(s.Match, len(ta), len(tb), o.order())
}

// bound returns an upper bound of pairScore given per-order upper bounds
// of the matches. BLEU grows with every match count, so the score at the
// bounds bounds the score. It is computed in log space with a table of
// logarithms (one exp per direction): it must be fast and an upper bound,
// not bit-identical to pairScore, and boundSlack absorbs the rounding.
func bound(ub [MaxOrder]int, la, lb, order int) float64 {
	for n := 0; n < order; n++ {
		t := la - n
		if lb-n < t {
			t = lb - n
		}
		if t < 0 {
			t = 0
		}
		if ub[n] > t {
			ub[n] = t
		}
		// A match of order n+1 contains matches of order n: m_{n+1} <= m_n.
		if n > 0 && ub[n] > ub[n-1] {
			ub[n] = ub[n-1]
		}
	}
	if ub[0] == 0 {
		return 0 // sacreBLEU: no match at all scores 0
	}
	return (logBLEU(ub, la, lb, order) + logBLEU(ub, lb, la, order)) / 200
}

// logBLEU is BLEU (0-100) of the given order computed from table logarithms.
func logBLEU(m [MaxOrder]int, h, r, order int) float64 {
	if h == 0 {
		return 0
	}
	var sum float64
	k := 0.0
	eff := 0
	for n := 0; n < order; n++ {
		total := h - n
		if total <= 0 {
			break
		}
		eff = n + 1
		if m[n] == 0 {
			k++
			sum += log100 - k*math.Ln2 - logInt(total)
		} else {
			sum += log100 + logInt(m[n]) - logInt(total)
		}
	}
	lbp := 0.0
	if h < r {
		lbp = 1 - float64(r)/float64(h)
	}
	return math.Exp(lbp + sum/float64(eff))
}

var (
	log100   = math.Log(100)
	logTable = func() []float64 {
		t := make([]float64, 4096)
		for i := 1; i < len(t); i++ {
			t[i] = math.Log(float64(i))
		}
		return t
	}()
)

func logInt(n int) float64 {
	if n < len(logTable) {
		return logTable[n]
	}
	return math.Log(float64(n))
}

// indexMaxDF is the document frequency above which an n-gram is left out
// of the index (its matches are bounded instead). Indexing common n-grams
// costs a posting walk per shared document; leaving out rare ones loosens
// the bounds. Measured on MATH (BenchmarkDiversityMATH).
var indexMaxDF = func(n int) [MaxOrder]int {
	d := max(64, n/50)
	return [MaxOrder]int{unigramDF(n), d, d, d}
}

var unigramDF = func(n int) int { return max(64, n/50) }

// slack absorbs floating-point rounding when comparing a bound with a
// score: the bound and the score are computed in different orders.
const slack = 1e-9

// DiversityBrute computes LD and CLD by scoring every pair. It is the
// reference the indexed version is tested against; O(N²).
func DiversityBrute(ctx context.Context, docs []Doc, o Options) (Result, error) {
	p := prepare(docs, o, math.MaxInt32)
	res := Result{LD: make([]float64, len(docs)), Nearest: make([]int, len(docs))}
	best := make([]float64, len(docs))
	for i := range best {
		best[i] = -1
		res.Nearest[i] = -1
	}
	for i := range docs {
		if i%64 == 0 && ctx.Err() != nil {
			return res, ErrCanceled
		}
		for j := i + 1; j < len(docs); j++ {
			if p.docs[i].group != p.docs[j].group {
				continue
			}
			s := p.pair(i, j)
			res.Pairs++
			if s > best[i] {
				best[i], res.Nearest[i] = s, j
			}
			if s > best[j] {
				best[j], res.Nearest[j] = s, i
			}
		}
	}
	finish(&res, best)
	return res, nil
}

func finish(res *Result, best []float64) {
	var sum float64
	for i, b := range best {
		if b < 0 {
			res.LD[i] = 1 // nothing to compare with
		} else {
			// exp(log(100)) is not exactly 100: identical texts must read 0.
			res.LD[i] = math.Max(0, 1-b)
		}
		sum += res.LD[i]
	}
	if len(best) > 0 {
		res.CLD = sum / float64(len(best))
	}
}

// Diversity computes LD_i = 1 - max_{j≠i} (BLEU(P_i,P_j)+BLEU(P_j,P_i))/2
// and CLD = mean LD_i exactly, fast: an inverted index over the n-grams
// shared by few documents gives, for each i, exact match counts on those
// n-grams for every j that shares one; the frequent n-grams' matches are
// bounded by min(frequent tokens of i, of j). Candidates are scored exactly
// in decreasing order of their bound, and the search for i stops once no
// remaining bound can beat the best score found. The result equals
// DiversityBrute's. With o.MultiRef it is DiversityMultiRef.
func Diversity(ctx context.Context, docs []Doc, o Options) (Result, error) {
	if o.MultiRef {
		return DiversityMultiRef(ctx, docs, o)
	}
	p := prepareOrders(docs, o, indexMaxDF(len(docs)))
	N := len(docs)
	res := Result{LD: make([]float64, N), Nearest: make([]int, N)}
	best := make([]float64, N)
	byGroup := p.lengthBuckets()
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var next int64 = -1
	var pairs int64
	var wg sync.WaitGroup
	var canceled atomic.Bool
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := newSearch(p, byGroup)
			for {
				i := int(atomic.AddInt64(&next, 1))
				if i >= N {
					break
				}
				if i%64 == 0 && ctx.Err() != nil {
					canceled.Store(true)
					break
				}
				best[i], res.Nearest[i] = s.nearest(i)
			}
			atomic.AddInt64(&pairs, s.pairs)
		}()
	}
	wg.Wait()
	if canceled.Load() {
		return res, ErrCanceled
	}
	res.Pairs = pairs
	finish(&res, best)
	return res, nil
}

// bucket holds the documents of one group and one length, for the ones
// no indexed n-gram reaches.
type bucket struct {
	length int
	docs   []int32
}

// lengthBuckets returns, per group, the documents by length, shortest first.
func (p *prepared) lengthBuckets() [][]bucket {
	byGroup := make([][]bucket, p.groups)
	tmp := make([]map[int][]int32, p.groups)
	for i := range tmp {
		tmp[i] = map[int][]int32{}
	}
	for i, d := range p.docs {
		tmp[d.group][d.n] = append(tmp[d.group][d.n], int32(i))
	}
	for g, m := range tmp {
		for l, ds := range m {
			byGroup[g] = append(byGroup[g], bucket{l, ds})
		}
		sort.Slice(byGroup[g], func(a, b int) bool { return byGroup[g][a].length < byGroup[g][b].length })
	}
	return byGroup
}

// cand is a document that may be nearest, with an upper bound of its score.
type cand struct {
	j  int32
	ub float64
}

// search is one worker's state for finding nearest documents; its buffers
// are reused from one document to the next.
type search struct {
	p       *prepared
	byGroup [][]bucket
	acc     [][MaxOrder]int32 // exact matches on indexed n-grams, per document
	seen    []bool
	touched []int32
	cands   []cand
	pairs   int64 // exact pair scores computed

	best float64 // the best score so far for the current document
	near int     // the document reaching it
}

func newSearch(p *prepared, byGroup [][]bucket) *search {
	n := len(p.docs)
	return &search{p: p, byGroup: byGroup, acc: make([][MaxOrder]int32, n), seen: make([]bool, n)}
}

// nearest returns the best pair score of document i and the document that
// reaches it (-1, -1 when i is alone in its group).
func (s *search) nearest(i int) (float64, int) {
	s.best, s.near = -1, -1
	s.gatherIndexed(i)
	s.boundCandidates(i)
	s.scoreCandidates(i)
	s.scoreUnindexed(i)
	for _, j := range s.touched {
		s.seen[j] = false
		s.acc[j] = [MaxOrder]int32{}
	}
	return s.best, s.near
}

// try scores the pair (i, j) exactly and keeps it when it is the best.
func (s *search) try(i, j int) {
	sc := s.p.pair(i, j)
	s.pairs++
	if sc > s.best {
		s.best, s.near = sc, j
	}
}

// gatherIndexed counts exact matches of i with every document that shares
// an indexed n-gram, walking the postings.
func (s *search) gatherIndexed(i int) {
	p, di := s.p, &s.p.docs[i]
	s.touched = s.touched[:0]
	for n := 0; n < p.order; n++ {
		for _, gc := range di.grams[n] {
			for _, ps := range p.postings[n][gc.id] {
				j := ps.doc
				if int(j) == i || p.docs[j].group != di.group {
					continue
				}
				if !s.seen[j] {
					s.seen[j] = true
					s.touched = append(s.touched, j)
				}
				s.acc[j][n] += min(gc.count, ps.count)
			}
		}
	}
}

// boundCandidates bounds the score of every touched document: exact
// indexed matches plus the frequent n-grams both may share.
func (s *search) boundCandidates(i int) {
	p, di := s.p, &s.p.docs[i]
	s.cands = s.cands[:0]
	for _, j := range s.touched {
		var ub [MaxOrder]int
		dj := &p.docs[j]
		for n := 0; n < p.order; n++ {
			ub[n] = int(s.acc[j][n]) + min(di.freq[n], dj.freq[n])
		}
		s.cands = append(s.cands, cand{j, bound(ub, di.n, dj.n, p.order)})
	}
}

// scoreCandidates scores the candidates in decreasing order of their bound
// until no bound can beat the best score. The few best-bounded ones go
// first: the score they give discards most of the others before sorting.
func (s *search) scoreCandidates(i int) {
	for probe := 0; probe < 4 && len(s.cands) > 0; probe++ {
		top := 0
		for k := range s.cands {
			if s.cands[k].ub > s.cands[top].ub {
				top = k
			}
		}
		c := s.cands[top]
		s.cands[top] = s.cands[len(s.cands)-1]
		s.cands = s.cands[:len(s.cands)-1]
		if c.ub < s.best-slack {
			break
		}
		s.try(i, int(c.j))
	}
	kept := s.cands[:0]
	for _, c := range s.cands {
		if c.ub >= s.best-slack {
			kept = append(kept, c)
		}
	}
	s.cands = kept
	sort.Slice(s.cands, func(a, b int) bool { return s.cands[a].ub > s.cands[b].ub })
	for _, c := range s.cands {
		if c.ub < s.best-slack {
			break
		}
		s.try(i, int(c.j))
	}
}

// scoreUnindexed handles the documents sharing no indexed n-gram with i:
// their matches are all on frequent n-grams, bounded per length first,
// then per document.
func (s *search) scoreUnindexed(i int) {
	p, di := s.p, &s.p.docs[i]
	for _, bk := range s.byGroup[di.group] {
		var ub [MaxOrder]int
		copy(ub[:], di.freq[:])
		if bound(ub, di.n, bk.length, p.order) < s.best-slack {
			continue
		}
		for _, j := range bk.docs {
			if int(j) == i || s.seen[j] {
				continue
			}
			dj := &p.docs[j]
			for n := 0; n < p.order; n++ {
				ub[n] = min(di.freq[n], dj.freq[n])
			}
			if bound(ub, di.n, dj.n, p.order) < s.best-slack {
				continue
			}
			s.try(i, int(j))
		}
	}
}
