package corpus

import (
	"context"
	"errors"
	"math"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
)

// Options choose how texts are normalised before BLEU.
type Options struct {
	Lowercase   bool // lowercase every token (after masking)
	MaskNumbers bool // replace number tokens by "<num>"
	MaskNames   bool // replace capitalised words that are not common English words by "<name>"
	// SameGroup restricts the comparison of i to texts of the same group
	// (problem type): LD_i = 1 - max over j != i with group_j = group_i.
	SameGroup bool
	// Workers is the parallelism (0 = GOMAXPROCS).
	Workers int
}

// Doc is one text with its group (problem type) and id.
type Doc struct {
	ID    string
	Text  string
	Group string
}

var numberTok = regexp.MustCompile(`^[+-]?(\d+([.,]\d+)*|\.\d+)$`)

// commonCapitalised are words that start sentences; they are not names.
var commonCapitalised = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the how what which who whom whose when where why if then there
	these those this that each every all some any one two three four five six seven eight nine ten
	he she it they we you i his her its their our your my in on at after before during for from of
	to with by as and or but so find compute calculate let suppose given assume consider show prove
	determine evaluate simplify solve express write is are was were be do does did can could will would
	shall should may might must has have had not no yes only also both either neither now today
	yesterday tomorrow while since until because although though however therefore thus`) {
		commonCapitalised[w] = true
	}
}

// Normalize tokenizes a text with 13a and applies the options' masks and case.
func Normalize(text string, o Options) []string {
	toks := Tokenize13a(text)
	for i, t := range toks {
		switch {
		case o.MaskNumbers && numberTok.MatchString(t):
			toks[i] = "<num>"
		case o.MaskNames && isName(t):
			toks[i] = "<name>"
		}
		if o.Lowercase {
			toks[i] = strings.ToLower(toks[i])
		}
	}
	return toks
}

// isName: a capitalised word ("Janet", "McDonald") that is not a common
// English word written with a capital at the start of a sentence.
func isName(t string) bool {
	r := []rune(t)
	if len(r) < 2 || !unicode.IsUpper(r[0]) {
		return false
	}
	for _, c := range r[1:] {
		if !unicode.IsLetter(c) && c != '\'' {
			return false
		}
	}
	return !commonCapitalised[strings.ToLower(t)]
}

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
}

// prepare tokenizes and indexes. maxDF: n-grams in more documents than this
// are not indexed; their matches are bounded instead (see bound).
func prepare(docs []Doc, o Options, maxDF int) *prepared {
	return prepareOrders(docs, o, [MaxOrder]int{maxDF, maxDF, maxDF, maxDF})
}

// prepareOrders is prepare with a threshold per n-gram order.
func prepareOrders(docs []Doc, o Options, maxDF [MaxOrder]int) *prepared {
	p := &prepared{docs: make([]doc, len(docs))}
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
	for n := 0; n < MaxOrder; n++ {
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

// pairScore is (BLEU(a,b) + BLEU(b,a)) / 2 on a 0-1 scale, from matches.
func pairScore(m [MaxOrder]int, la, lb int) float64 {
	s1 := BLEU(Stats{Match: m, HypLen: la, RefLen: lb})
	s2 := BLEU(Stats{Match: m, HypLen: lb, RefLen: la})
	return (s1 + s2) / 200
}

// Score is the symmetric pair score of two texts (0-1) under the options.
func Score(a, b string, o Options) float64 {
	ta, tb := Normalize(a, o), Normalize(b, o)
	s := countStats(ta, tb)
	return pairScore(s.Match, len(ta), len(tb))
}

// bound returns an upper bound of pairScore given per-order upper bounds
// of the matches. BLEU grows with every match count, so the score at the
// bounds bounds the score. It is computed in log space with a table of
// logarithms (one exp per direction): it must be fast and an upper bound,
// not bit-identical to pairScore, and boundSlack absorbs the rounding.
func bound(ub [MaxOrder]int, la, lb int) float64 {
	for n := 0; n < MaxOrder; n++ {
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
	return (logBLEU(ub, la, lb) + logBLEU(ub, lb, la)) / 200
}

// logBLEU is BLEU (0-100) computed from table logarithms.
func logBLEU(m [MaxOrder]int, h, r int) float64 {
	if h == 0 {
		return 0
	}
	var sum float64
	k := 0.0
	eff := 0
	for n := 0; n < MaxOrder; n++ {
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
			s := pairScore(p.stats(i, j), p.docs[i].n, p.docs[j].n)
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
// DiversityBrute's.
func Diversity(ctx context.Context, docs []Doc, o Options) (Result, error) {
	p := prepareOrders(docs, o, indexMaxDF(len(docs)))
	N := len(docs)
	res := Result{LD: make([]float64, N), Nearest: make([]int, N)}
	best := make([]float64, N)

	// Documents by (group, length), for the ones no indexed n-gram reaches.
	type bucket struct {
		length int
		docs   []int32
	}
	byGroup := make([][]bucket, p.groups)
	{
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
	}

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
			acc := make([][MaxOrder]int32, N)
			seen := make([]bool, N)
			var touched []int32
			type cand struct {
				j  int32
				ub float64
			}
			var cands []cand
			var localPairs int64
			for {
				i := int(atomic.AddInt64(&next, 1))
				if i >= N {
					break
				}
				if i%64 == 0 && ctx.Err() != nil {
					canceled.Store(true)
					break
				}
				di := &p.docs[i]
				// Exact matches on indexed n-grams.
				touched = touched[:0]
				for n := 0; n < MaxOrder; n++ {
					for _, gc := range di.grams[n] {
						for _, ps := range p.postings[n][gc.id] {
							j := ps.doc
							if int(j) == i || p.docs[j].group != di.group {
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
				cands = cands[:0]
				for _, j := range touched {
					var ub [MaxOrder]int
					dj := &p.docs[j]
					for n := 0; n < MaxOrder; n++ {
						f := di.freq[n]
						if dj.freq[n] < f {
							f = dj.freq[n]
						}
						ub[n] = int(acc[j][n]) + f
					}
					cands = append(cands, cand{j, bound(ub, di.n, dj.n)})
				}
				// Score the few best-bounded candidates first; the score found
				// then discards most of the others before any sorting.
				b, nearest := -1.0, -1
				for probe := 0; probe < 4 && len(cands) > 0; probe++ {
					top := 0
					for k := range cands {
						if cands[k].ub > cands[top].ub {
							top = k
						}
					}
					c := cands[top]
					cands[top] = cands[len(cands)-1]
					cands = cands[:len(cands)-1]
					if c.ub < b-slack {
						break
					}
					s := pairScore(p.stats(i, int(c.j)), di.n, p.docs[c.j].n)
					localPairs++
					if s > b {
						b, nearest = s, int(c.j)
					}
				}
				kept := cands[:0]
				for _, c := range cands {
					if c.ub >= b-slack {
						kept = append(kept, c)
					}
				}
				cands = kept
				sort.Slice(cands, func(a, b int) bool { return cands[a].ub > cands[b].ub })
				for _, c := range cands {
					if c.ub < b-slack {
						break
					}
					s := pairScore(p.stats(i, int(c.j)), di.n, p.docs[c.j].n)
					localPairs++
					if s > b {
						b, nearest = s, int(c.j)
					}
				}
				// Documents sharing no indexed n-gram: their matches are all
				// on frequent n-grams. Bound per length first, then per doc.
				for _, bk := range byGroup[di.group] {
					var ub [MaxOrder]int
					for n := 0; n < MaxOrder; n++ {
						ub[n] = di.freq[n]
					}
					if bound(ub, di.n, bk.length) < b-slack {
						continue
					}
					for _, j := range bk.docs {
						if int(j) == i || seen[j] {
							continue
						}
						dj := &p.docs[j]
						for n := 0; n < MaxOrder; n++ {
							ub[n] = di.freq[n]
							if dj.freq[n] < ub[n] {
								ub[n] = dj.freq[n]
							}
						}
						if bound(ub, di.n, dj.n) < b-slack {
							continue
						}
						s := pairScore(p.stats(i, int(j)), di.n, dj.n)
						localPairs++
						if s > b {
							b, nearest = s, int(j)
						}
					}
				}
				if nearest < 0 && b < 0 {
					// Only possible when i is alone in its group.
					best[i] = -1
				} else {
					best[i] = b
				}
				res.Nearest[i] = nearest
				for _, j := range touched {
					seen[j] = false
					acc[j] = [MaxOrder]int32{}
				}
			}
			atomic.AddInt64(&pairs, localPairs)
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
