package corpus

import (
	"context"
	"hash/fnv"
	"index/suffixarray"
	"math/rand"
	"sort"
	"strings"
	"unicode"
)

// Contamination rules.
const (
	// GPT3N is the n of the GPT-3 rule (Brown et al. 2020, appendix C): an
	// item is contaminated when it shares a 13-gram with the other set,
	// after lowercasing and removing punctuation. Items shorter than 13
	// words are contaminated when their whole word sequence appears.
	GPT3N = 13
	// GPT4Len and GPT4Samples are the GPT-4 rule (OpenAI 2023, appendix C):
	// three random 50-character substrings of the text with whitespace
	// removed; a match of any of them marks the item. Texts shorter than 50
	// characters are matched whole.
	GPT4Len     = 50
	GPT4Samples = 3
)

// OverlapItem is the finding for one item of the first dataset.
type OverlapItem struct {
	ID       string   `json:"id"`
	Exact    bool     `json:"exact"` // same text (case, spaces, braces aside) in the other set
	GPT3     bool     `json:"gpt3"`
	GPT3Gram string   `json:"gpt3_ngram,omitempty"` // the first shared n-gram
	GPT4     bool     `json:"gpt4"`
	GPT4Hits int      `json:"gpt4_hits"`         // how many of the sampled substrings matched
	Matches  []string `json:"matches,omitempty"` // ids in the other set holding a match
}

// OverlapReport is the overlap of dataset A with dataset B.
type OverlapReport struct {
	A, B        int           `json:"-"`
	ItemsA      int           `json:"items_a"`
	ItemsB      int           `json:"items_b"`
	Seed        int64         `json:"seed"`
	ExactCount  int           `json:"exact"`
	GPT3Count   int           `json:"gpt3"`
	GPT4Count   int           `json:"gpt4"`
	GPT3Percent float64       `json:"gpt3_percent"`
	GPT4Percent float64       `json:"gpt4_percent"`
	Items       []OverlapItem `json:"items"` // the items of A flagged by any rule
}

// gpt3Words lowercases, replaces punctuation by spaces and splits.
func gpt3Words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r))
	})
}

func hashWords(ws []string) uint64 {
	h := fnv.New64a()
	for _, w := range ws {
		h.Write([]byte(w))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

func noSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// Overlap measures how much of A appears in B under the exact, GPT-3 and
// GPT-4 rules. The GPT-4 substrings are drawn with seed (per item, so that
// adding items does not change the others' draws).
func Overlap(ctx context.Context, a, b []Doc, seed int64) (OverlapReport, error) {
	rep := OverlapReport{ItemsA: len(a), ItemsB: len(b), Seed: seed}
	// GPT-3: hashes of B's 13-grams (and, lazily, of shorter k-grams for
	// short items of A), each with the first B document holding it.
	grams := map[int]map[uint64]int{}
	bWords := make([][]string, len(b))
	for j, d := range b {
		bWords[j] = gpt3Words(d.Text)
	}
	gramsOf := func(k int) map[uint64]int {
		if m, ok := grams[k]; ok {
			return m
		}
		m := map[uint64]int{}
		for j, ws := range bWords {
			for s := 0; s+k <= len(ws); s++ {
				h := hashWords(ws[s : s+k])
				if _, ok := m[h]; !ok {
					m[h] = j
				}
			}
		}
		grams[k] = m
		return m
	}
	// GPT-4: one suffix array over B's texts without whitespace, joined
	// with a byte that never occurs in text.
	var buf strings.Builder
	starts := make([]int, len(b))
	for j, d := range b {
		starts[j] = buf.Len()
		buf.WriteString(noSpace(d.Text))
		buf.WriteByte(0)
	}
	joined := []byte(buf.String())
	sa := suffixarray.New(joined)
	docAt := func(off int) int { return sort.SearchInts(starts, off+1) - 1 }
	exact := map[string]int{}
	for j, d := range b {
		if k := DuplicateKey(d.Text); k != "" {
			if _, ok := exact[k]; !ok {
				exact[k] = j
			}
		}
	}

	for i, d := range a {
		if i%256 == 0 && ctx.Err() != nil {
			return rep, ErrCanceled
		}
		it := OverlapItem{ID: d.ID}
		matches := map[int]bool{}
		if j, ok := exact[DuplicateKey(d.Text)]; ok && DuplicateKey(d.Text) != "" {
			it.Exact = true
			matches[j] = true
		}
		ws := gpt3Words(d.Text)
		k := GPT3N
		if len(ws) < k {
			k = len(ws)
		}
		if k > 0 {
			m := gramsOf(k)
			for s := 0; s+k <= len(ws); s++ {
				if j, ok := m[hashWords(ws[s:s+k])]; ok {
					// Hashes can collide: confirm on the words.
					if containsSeq(bWords[j], ws[s:s+k]) {
						it.GPT3 = true
						it.GPT3Gram = strings.Join(ws[s:s+k], " ")
						matches[j] = true
						break
					}
				}
			}
		}
		text := noSpace(d.Text)
		rng := rand.New(rand.NewSource(seed ^ int64(hashWords([]string{d.ID, d.Text}))))
		var subs []string
		if len(text) <= GPT4Len {
			if text != "" {
				subs = []string{text}
			}
		} else {
			for s := 0; s < GPT4Samples; s++ {
				st := rng.Intn(len(text) - GPT4Len + 1)
				subs = append(subs, text[st:st+GPT4Len])
			}
		}
		for _, sub := range subs {
			offs := sa.Lookup([]byte(sub), 1)
			if len(offs) > 0 {
				it.GPT4Hits++
				matches[docAt(offs[0])] = true
			}
		}
		it.GPT4 = it.GPT4Hits > 0
		if it.Exact {
			rep.ExactCount++
		}
		if it.GPT3 {
			rep.GPT3Count++
		}
		if it.GPT4 {
			rep.GPT4Count++
		}
		if it.Exact || it.GPT3 || it.GPT4 {
			js := make([]int, 0, len(matches))
			for j := range matches {
				js = append(js, j)
			}
			sort.Ints(js)
			for _, j := range js {
				it.Matches = append(it.Matches, b[j].ID)
			}
			rep.Items = append(rep.Items, it)
		}
	}
	// Strongest evidence first: exact, then more GPT-4 hits, then GPT-3.
	sort.SliceStable(rep.Items, func(x, y int) bool {
		a, b := rep.Items[x], rep.Items[y]
		if a.Exact != b.Exact {
			return a.Exact
		}
		if a.GPT4Hits != b.GPT4Hits {
			return a.GPT4Hits > b.GPT4Hits
		}
		return a.GPT3 && !b.GPT3
	})
	if len(a) > 0 {
		rep.GPT3Percent = 100 * float64(rep.GPT3Count) / float64(len(a))
		rep.GPT4Percent = 100 * float64(rep.GPT4Count) / float64(len(a))
	}
	return rep, nil
}

func containsSeq(hay, needle []string) bool {
outer:
	for s := 0; s+len(needle) <= len(hay); s++ {
		for k := range needle {
			if hay[s+k] != needle[k] {
				continue outer
			}
		}
		return true
	}
	return false
}
