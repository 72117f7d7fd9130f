package corpus

import (
	"regexp"
	"strings"
	"unicode"
)

// Options choose how texts are normalised before BLEU, and which BLEU.
//
// The ASDiv paper computes its corpus lexicon diversity from BLEU between
// problems but states neither the tokenisation, nor the n-gram order, nor
// whether names, numbers or stop words were removed; these options cover
// the readings it could mean (see Readings).
type Options struct {
	Lowercase   bool // lowercase every token (after masking)
	MaskNumbers bool // replace number tokens ("3", "1,000", "2.5") by "<num>"
	// MaskNumberWords replaces number words ("seven", "twenty-one",
	// "hundred", "dozen", "half") by "<num>" too.
	MaskNumberWords bool
	MaskNames       bool // replace capitalised words that are not common English words by "<name>"
	// StopWords drops English function words (stopWords: articles,
	// pronouns, auxiliaries, prepositions, conjunctions) and punctuation.
	StopWords bool
	// Lemmatize reduces words to a base form with a small rule-based
	// lemmatiser (Lemma): irregular forms from a table, regular plurals and
	// -ed/-ing forms by suffix rules.
	Lemmatize bool
	// Order is BLEU's largest n-gram order, 1-4 (0 means 4, sacreBLEU's
	// default). Order 1 is unigram BLEU.
	Order int
	// MultiRef scores each problem once against all the others together,
	// as the references of one multi-reference BLEU (LD_i = 1 -
	// BLEU(P_i, {P_j : j != i})), instead of the symmetric pair maximum.
	MultiRef bool
	// SameGroup restricts the comparison of i to texts of the same group
	// (problem type): LD_i = 1 - max over j != i with group_j = group_i.
	SameGroup bool
	// Workers is the parallelism (0 = GOMAXPROCS).
	Workers int
}

// order is o.Order with its default.
func (o Options) order() int {
	if o.Order <= 0 || o.Order > MaxOrder {
		return MaxOrder
	}
	return o.Order
}

// Doc is one text with its group (problem type) and id.
type Doc struct {
	ID    string
	Text  string
	Group string
}

var numberTok = regexp.MustCompile(`^[+-]?(\d+([.,]\d+)*|\.\d+)$`)

// commonCapitalised are words that start sentences; they are not names.
var commonCapitalised = wordSet(`a an the how what which who whom whose when where why if then there
	these those this that each every all some any one two three four five six seven eight nine ten
	he she it they we you i his her its their our your my in on at after before during for from of
	to with by as and or but so find compute calculate let suppose given assume consider show prove
	determine evaluate simplify solve express write is are was were be do does did can could will would
	shall should may might must has have had not no yes only also both either neither now today
	yesterday tomorrow while since until because although though however therefore thus`)

// numberWords are the words masked by MaskNumberWords; a hyphenated
// compound of them ("twenty-one") is masked too.
var numberWords = wordSet(`zero one two three four five six seven eight nine ten eleven twelve
	thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty
	seventy eighty ninety hundred thousand million billion dozen dozens half twice thrice`)

// stopWords is our English stop-word list: function words that carry no
// content of a problem.
var stopWords = wordSet(`a an the and or but nor so yet if then else than as of at by for from in
	into on onto to with without about above below over under between among through during before
	after up down out off again further once here there when where why how all any both each few
	more most other some such no not only own same too very s t can will just don should now i me my
	myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers
	herself it its itself they them their theirs themselves what which who whom whose this that
	these those am is are was were be been being have has had having do does did doing would could
	shall may might must`)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// Normalize tokenizes a text with 13a and applies the options, in this
// order: masks (numbers, number words, names: they need the original case),
// case, stop words, lemmas.
func Normalize(text string, o Options) []string {
	toks := Tokenize13a(text)
	out := toks[:0]
	for _, t := range toks {
		switch {
		case o.MaskNumbers && numberTok.MatchString(t):
			t = "<num>"
		case o.MaskNumberWords && isNumberWord(t):
			t = "<num>"
		case o.MaskNames && isName(t):
			t = "<name>"
		}
		if o.Lowercase {
			t = strings.ToLower(t)
		}
		if o.StopWords && (stopWords[strings.ToLower(t)] || isPunct(t)) {
			continue
		}
		if o.Lemmatize {
			t = Lemma(t)
		}
		out = append(out, t)
	}
	return out
}

// isNumberWord: "seven", "Twenty-one", "hundred".
func isNumberWord(t string) bool {
	for _, part := range strings.Split(strings.ToLower(t), "-") {
		if !numberWords[part] {
			return false
		}
	}
	return true
}

// isPunct: a token of punctuation or symbols only.
func isPunct(t string) bool {
	for _, r := range t {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return t != "<num>" && t != "<name>"
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

// irregular maps irregular plurals and verb forms to their base form.
var irregular = map[string]string{
	"men": "man", "women": "woman", "children": "child", "people": "person", "feet": "foot",
	"teeth": "tooth", "mice": "mouse", "geese": "goose", "knives": "knife", "wives": "wife",
	"lives": "life", "loaves": "loaf", "shelves": "shelf", "halves": "half", "wolves": "wolf",
	"is": "be", "are": "be", "am": "be", "was": "be", "were": "be", "been": "be", "being": "be",
	"has": "have", "had": "have", "having": "have", "does": "do", "did": "do", "done": "do",
	"went": "go", "gone": "go", "goes": "go", "bought": "buy", "sold": "sell", "gave": "give",
	"given": "give", "took": "take", "taken": "take", "made": "make", "got": "get", "gotten": "get",
	"ate": "eat", "eaten": "eat", "ran": "run", "saw": "see", "seen": "see", "found": "find",
	"left": "leave", "spent": "spend", "paid": "pay", "won": "win", "lost": "lose", "kept": "keep",
	"brought": "bring", "caught": "catch", "taught": "teach", "thought": "think", "told": "tell",
	"said": "say", "came": "come", "became": "become", "knew": "know", "known": "know",
	"grew": "grow", "grown": "grow", "drew": "draw", "drawn": "draw", "wrote": "write",
	"written": "write", "rode": "ride", "ridden": "ride", "drove": "drive", "driven": "drive",
	"flew": "fly", "flown": "fly", "threw": "throw", "thrown": "throw", "sent": "send",
	"built": "build", "held": "hold", "met": "meet", "sat": "sit", "stood": "stand", "felt": "feel",
	"began": "begin", "begun": "begin", "swam": "swim", "sang": "sing", "sung": "sing", "fed": "feed",
}

// Lemma reduces a lowercase word to a base form: irregular forms from a
// table; then plurals (-ies -> -y, -sses -> -ss, -ches/-shes/-xes/-zes ->
// drop -es, -s -> drop, except -ss/-us/-is), then -ied -> -y and -ed/-ing
// when the rest still has a vowel (a doubled final consonant is undone:
// "stopped" -> "stop"; "baked" -> "bake" gets its e back). It is
// deliberately small, in the manner of Porter's first steps: a
// normalisation for BLEU, not a dictionary ("cookies" -> "cooky"). Words
// with capitals, digits or symbols are returned unchanged.
func Lemma(w string) string {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return w
		}
	}
	if b, ok := irregular[w]; ok {
		return b
	}
	if len(w) <= 3 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "zes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	case strings.HasSuffix(w, "ied") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "eed"):
		return w
	case strings.HasSuffix(w, "ed"):
		return restoreStem(w[:len(w)-2], w)
	case strings.HasSuffix(w, "ing") && !ingNouns[w]:
		return restoreStem(w[:len(w)-3], w)
	}
	return w
}

// ingNouns end in -ing but are not verb forms.
var ingNouns = wordSet(`thing something nothing anything everything morning evening king ring string
	building ceiling spring wing sibling swing sing bring`)

// restoreStem finishes an -ed/-ing removal: the stem needs a vowel (else w
// is kept: "red"); a doubled final consonant other than l, s, z is undone
// in a stem longer than three letters ("stopp" -> "stop", but "add"); a
// two-letter stem ("us", "ag") or a consonant-vowel-consonant one ("bak",
// "ris") gets its e back.
func restoreStem(stem, w string) string {
	if !strings.ContainsAny(stem, "aeiouy") {
		return w
	}
	n := len(stem)
	switch {
	case n >= 4 && stem[n-1] == stem[n-2] && !strings.ContainsRune("aeioulsz", rune(stem[n-1])):
		return stem[:n-1]
	case n == 2:
		return stem + "e"
	case n > 3 && (strings.HasSuffix(stem, "at") || strings.HasSuffix(stem, "bl") || strings.HasSuffix(stem, "iz")):
		return stem + "e"
	case n == 3 && isCVC(stem):
		return stem + "e"
	}
	return stem
}

// isCVC: consonant, vowel, consonant other than w, x, y ("bak", "hop").
func isCVC(s string) bool {
	v := func(c byte) bool { return strings.IndexByte("aeiou", c) >= 0 }
	n := len(s)
	return n >= 3 && !v(s[n-3]) && v(s[n-2]) && !v(s[n-1]) && strings.IndexByte("wxy", s[n-1]) < 0
}
