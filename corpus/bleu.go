// Package corpus measures a benchmark's text as a corpus: lexicon diversity
// (the ASDiv paper's LD and CLD, from sentence BLEU as sacreBLEU computes
// it), exact and near duplicates within a dataset, and overlap
// (contamination) between two datasets under the GPT-3 and GPT-4 rules.
// It works on plain texts and imports only the standard library and gonum
// plot; callers load the texts with any benchmark.
package corpus

import (
	"math"
	"regexp"
	"strings"
	"unicode"
)

// The 13a tokenizer of sacreBLEU (mteval-v13a): the same four regular
// expressions applied in the same order, so that n-grams match sacreBLEU's.
var (
	tok13a1 = regexp.MustCompile(`([\{-\~\[-\x60 -\&\(-\+\:-\@\/])`)
	tok13a2 = regexp.MustCompile(`([^0-9])([\.,])`)
	tok13a3 = regexp.MustCompile(`([\.,])([^0-9])`)
	tok13a4 = regexp.MustCompile(`([0-9])(-)`)
)

// Tokenize13a splits a text as sacreBLEU's default tokenizer does.
func Tokenize13a(line string) []string {
	line = strings.ReplaceAll(line, "<skipped>", "")
	line = strings.ReplaceAll(line, "-\n", "")
	line = strings.ReplaceAll(line, "\n", " ")
	if strings.Contains(line, "&") {
		line = strings.ReplaceAll(line, "&quot;", `"`)
		line = strings.ReplaceAll(line, "&amp;", "&")
		line = strings.ReplaceAll(line, "&lt;", "<")
		line = strings.ReplaceAll(line, "&gt;", ">")
	}
	line = " " + line + " "
	line = tok13a1.ReplaceAllString(line, " ${1} ")
	line = tok13a2.ReplaceAllString(line, "${1} ${2} ")
	line = tok13a3.ReplaceAllString(line, " ${1} ${2}")
	line = tok13a4.ReplaceAllString(line, "${1} ${2} ")
	// Python's str.split() splits on Unicode whitespace, as Fields does.
	return strings.FieldsFunc(line, unicode.IsSpace)
}

// MaxOrder is BLEU's largest n-gram order.
const MaxOrder = 4

// Stats are the sufficient statistics of one hypothesis against one
// reference: clipped n-gram matches per order and the two lengths.
type Stats struct {
	Match  [MaxOrder]int
	HypLen int
	RefLen int
}

// BLEU computes sentence BLEU (0-100) from statistics as sacreBLEU's
// sentence_bleu does by default: smoothing "exp" (each order with no match
// gets precision 100/(2^k·total), k counting such orders so far), effective
// order (orders the hypothesis is too short for are left out), brevity
// penalty, and 0 when nothing matches at all.
func BLEU(s Stats) float64 { return BLEUOrder(s, MaxOrder) }

// BLEUOrder is BLEU with n-grams up to order (1-4) instead of 4:
// sacreBLEU's max_ngram_order.
func BLEUOrder(s Stats, order int) float64 {
	if order <= 0 || order > MaxOrder {
		order = MaxOrder
	}
	if s.HypLen == 0 {
		return 0
	}
	any := false
	for _, m := range s.Match[:order] {
		if m > 0 {
			any = true
		}
	}
	if !any {
		return 0
	}
	var prec [MaxOrder]float64
	smooth := 1.0
	eff := order
	for n := 0; n < order; n++ {
		total := s.HypLen - n
		if total <= 0 {
			break
		}
		eff = n + 1
		if s.Match[n] == 0 {
			smooth *= 2
			prec[n] = 100 / (smooth * float64(total))
		} else {
			prec[n] = 100 * float64(s.Match[n]) / float64(total)
		}
	}
	bp := 1.0
	if s.HypLen < s.RefLen {
		bp = math.Exp(1 - float64(s.RefLen)/float64(s.HypLen))
	}
	var sum float64
	for _, p := range prec[:eff] {
		sum += myLog(p)
	}
	return bp * math.Exp(sum/float64(eff))
}

// myLog is sacreBLEU's log with log(0) = -9999999999.
func myLog(x float64) float64 {
	if x == 0 {
		return -9999999999
	}
	return math.Log(x)
}

// SentenceBLEU scores hyp against one reference (0-100), tokenizing both
// with 13a, case-sensitive: sacreBLEU's sentence_bleu defaults.
func SentenceBLEU(hyp, ref string) float64 {
	return BLEU(countStats(Tokenize13a(hyp), Tokenize13a(ref)))
}

func countStats(h, r []string) Stats {
	s := Stats{HypLen: len(h), RefLen: len(r)}
	for n := 1; n <= MaxOrder; n++ {
		rc := map[string]int{}
		for i := 0; i+n <= len(r); i++ {
			rc[strings.Join(r[i:i+n], "\x00")]++
		}
		for i := 0; i+n <= len(h); i++ {
			k := strings.Join(h[i:i+n], "\x00")
			if rc[k] > 0 {
				rc[k]--
				s.Match[n-1]++
			}
		}
	}
	return s
}
