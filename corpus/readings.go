package corpus

import (
	"context"
	"fmt"
	"strings"
)

// Reading is one way to read the ASDiv paper's corpus lexicon diversity.
// The paper (Miao et al. 2020) defines LD_i = 1 - max_j BLEU-based
// similarity and CLD = mean LD_i, and reports CLD 0.49 for ASDiv, but does
// not state the BLEU's n-gram order, the tokenisation, or which words were
// masked or removed; each reading is one choice of those.
type Reading struct {
	Name        string
	Description string
	Options     Options
}

// allNormalised lowercases, masks numbers, number words and names, drops
// stop words and lemmatises.
var allNormalised = Options{Lowercase: true, MaskNumbers: true, MaskNumberWords: true, MaskNames: true, StopWords: true, Lemmatize: true}

func with(o Options, f func(*Options)) Options {
	f(&o)
	return o
}

// StandardReadings are the readings `data diversity --readings` prints.
var StandardReadings = []Reading{
	{"sacrebleu", "pairs, 4-gram BLEU, sacreBLEU defaults (13a, case-sensitive, nothing masked)", Options{}},
	// The authors' repository later gained a CLD script (code/ in
	// chaochun/nlu-asdiv-dataset): person names (spaCy NER) and digit
	// numbers masked, case kept, 4-gram sacreBLEU between pairs. We mask
	// names with our capitalisation rule instead of spaCy's NER.
	{"authors-script", "pairs, 4-gram, numbers and names masked, case kept (the authors' later script, names by our rule)", Options{MaskNumbers: true, MaskNames: true}},
	{"masked", "pairs, 4-gram, lowercased, numbers, number words and names masked", Options{Lowercase: true, MaskNumbers: true, MaskNumberWords: true, MaskNames: true}},
	{"normalised", "pairs, 4-gram, masked as above, stop words dropped, lemmatised", allNormalised},
	{"unigram", "pairs, unigram BLEU (order 1), sacreBLEU defaults otherwise", Options{Order: 1}},
	{"unigram-normalised", "pairs, unigram BLEU, masked, stop words dropped, lemmatised", with(allNormalised, func(o *Options) { o.Order = 1 })},
	{"multiref", "one 4-gram BLEU against all other problems as references", Options{MultiRef: true}},
	{"multiref-normalised", "multi-reference 4-gram, masked, stop words dropped, lemmatised", with(allNormalised, func(o *Options) { o.MultiRef = true })},
	{"multiref-unigram", "multi-reference unigram BLEU, sacreBLEU defaults otherwise", Options{MultiRef: true, Order: 1}},
}

// ReadingResult is the corpus diversity under one reading.
type ReadingResult struct {
	Reading
	CLD float64
	// Twins counts problems with LD = 0 (an exact twin in that reading).
	Twins int
}

// Readings computes CLD under each reading. sameGroup and workers are
// applied to every reading.
func Readings(ctx context.Context, docs []Doc, readings []Reading, sameGroup bool, workers int) ([]ReadingResult, error) {
	out := make([]ReadingResult, 0, len(readings))
	for _, r := range readings {
		o := r.Options
		o.SameGroup, o.Workers = sameGroup, workers
		res, err := Diversity(ctx, docs, o)
		if err != nil {
			return out, fmt.Errorf("reading %s: %w", r.Name, err)
		}
		out = append(out, ReadingResult{Reading: r, CLD: res.CLD, Twins: len(Twins(res))})
	}
	return out, nil
}

// Twins returns the documents with LD = 0: each has another document its
// reading cannot tell apart from it.
func Twins(res Result) []int {
	var out []int
	for i, ld := range res.LD {
		if ld == 0 {
			out = append(out, i)
		}
	}
	return out
}

// DescribeOptions names the options that differ from sacreBLEU's defaults.
func DescribeOptions(o Options) string {
	var parts []string
	add := func(on bool, s string) {
		if on {
			parts = append(parts, s)
		}
	}
	if o.MultiRef {
		parts = append(parts, "multi-reference")
	} else {
		parts = append(parts, "pairs")
	}
	parts = append(parts, fmt.Sprintf("%d-gram", o.order()))
	add(o.Lowercase, "lowercase")
	add(o.MaskNumbers, "mask-numbers")
	add(o.MaskNumberWords, "mask-number-words")
	add(o.MaskNames, "mask-names")
	add(o.StopWords, "stop-words")
	add(o.Lemmatize, "lemmatize")
	add(o.SameGroup, "same-type")
	return strings.Join(parts, ", ")
}
