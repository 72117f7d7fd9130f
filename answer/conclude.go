package answer

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// What a reply concludes. Grading takes one final answer per reply; these
// rules decide which, when the reply states several, and whether a reply
// that states none (no final-answer phrase, no box) may be graded on its
// last formula, number or line at all.
//
// Final answers are the anchored phrases and boxes of a reply (not the
// weak or loose ones: see Candidate), taken in reply order. Each one after
// the first is read against the final answer before it:
//
//  1. A next exercise ends the reply: a line that opens with one of
//     Extraction.Exercises ("Exercise 2:", "Practice problem:", "Another
//     example.") after a final answer cuts the reply there, so nothing of the
//     next exercise can win over the answer the reply gave.
//  2. A self-correction withdraws what came before: when the text between
//     the two says so (a strong marker such as "wait", "mistake", "wrong",
//     "recalculating"; or a weak one such as "actually", "however",
//     "instead", "should be" with no hedging word such as "or", "maybe",
//     "could", "also" near it), or when the later one is a "final answer"
//     phrase, only the later answer stands.
//  3. A check is no answer: when the text between the two is a check
//     ("check", "verify", "confirm", "indeed", "plugging in"), the later
//     one is dropped, so a verification line or box that shows another
//     number never replaces the answer.
//  4. A consequence replaces what it follows from: when the text between
//     presents the later answer as following from the earlier ("therefore",
//     "so", "we can see that", "we get") and neither hedges ("or", "maybe",
//     "could", "also", near the later answer too) nor splits cases ("if",
//     "case", "when"), only the later answer stands (an intermediate result
//     boxed on the way, as HARDMath's reference solutions do).
//  5. Otherwise both stand. The same answer restated is one answer; two
//     different ones are graded together (Grade): they pass only when
//     together they are the gold list and neither alone is the gold answer,
//     so "$\boxed{4}$ or $\boxed{5}$" is wrong against 4 and against 5,
//     whatever the order (hedging), and "$x=\boxed{1}$ ... $x=\boxed{2}$"
//     is right against the list 1, 2.
//
// A reply with no final answer is graded on its last formula (KindMath),
// number (KindNumber) or line (KindLine) only when it concludes: neither its
// last sentence nor the sentence of that formula is a trial. A trial
// opens with a hypothesis ("If we let x = 14", "Suppose", "Try n = 5",
// "Let $x = 3$"), rejects what it tried ("is not a solution", "too large",
// "doesn't work", "contradiction"), asks a question, or stops in the middle
// (a final ',', ':', '=' or operator, or a word such as "then", "so",
// "which"). Such a reply has no answer (NoAnswer, with the reason). Its
// formula or number is also never taken from a check after the working: a
// line that opens with "Check:", "Verification:", "Let's verify" ends the
// text those tiers read (principle (b) without a final answer). A reply cut at the token limit (finish_reason "length")
// is Incomplete unless the policy grades truncated replies (GradeTruncated),
// and even then its last formula, number or line is never its answer: only
// a final-answer phrase, a box, or the policy's own whole-text rule (MATH
// 401's KindText) is graded.

// DefaultExercises are the labels that open a next exercise after an answer.
var DefaultExercises = []string{
	"exercise", "practice problem", "practice question", "practice", "next problem", "next question",
	"next exercise", "new problem", "new question", "another problem", "another question", "another example",
	"follow-up problem", "follow-up question", "follow-up", "follow up", "bonus problem", "bonus question", "bonus",
	"homework", "challenge problem", "challenge", "your turn", "try it yourself", "example", "problem",
	"question", "task", "quiz", "test yourself", "additional problem", "extra problem", "related problem",
	"similar problem",
	// in other languages
	"ejercicio", "exercice", "esercizio", "exercício", "übung", "aufgabe", "problema", "pregunta", "frage",
	"задача", "упражнение", "вопрос", "练习", "习题", "问题", "例题", "题目", "演習", "問題", "練習", "문제",
}

// notExercises are words that open numbered lines inside a solution ("Step
// 2:", "Case 3:"): with a number they are no next exercise.
var notExercises = map[string]bool{"step": true, "case": true, "part": true, "method": true, "solution": true,
	"approach": true, "option": true, "answer": true, "equation": true, "hint": true, "check": true, "stage": true,
	"phase": true, "round": true, "day": true, "week": true, "month": true, "year": true, "line": true,
	"row": true, "column": true, "term": true, "iteration": true, "trial": true, "attempt": true, "way": true,
	"note": true, "remark": true, "lemma": true, "claim": true, "proof": true, "figure": true, "table": true,
	"level": true, "subcase": true, "scenario": true, "condition": true, "rule": true, "property": true,
	"schritt": true, "paso": true, "étape": true, "passo": true, "шаг": true, "fall": true, "caso": true, "cas": true}

var (
	strongRetractions = []string{"wait", "mistake", "wrong", "incorrect", "error", "erred", "oops", "correction",
		"miscalculat", "miscount", "recalculat", "recomput", "redo", "re-do", "reconsider", "re-evaluat",
		"reevaluat", "re-examin", "on second thought", "i made", "not correct", "not right", "isn't right",
		"typo", "scratch that"}
	weakRetractions = []string{"actually", "however", "instead", "rather", "hmm", "correct answer",
		"should be", "let me re", "no,", "no."}
	hedgeWords = []string{"or", "alternatively", "alternative", "possibly", "possible", "perhaps", "maybe",
		"might", "could", "also", "either", "another", "otherwise", "likely", "probably", "guess", "unsure",
		"not sure", "depending"}
	checkWords = []string{"check", "verif", "confirm", "sanity", "plug", "indeed", "as a test"}
	// afterCheckWords, after a check, state a new answer.
	afterCheckWords = []string{"therefore", "thus", "hence", "consequently", "in conclusion", "the answer is",
		"answer:", "final answer"}
	// conclusionWords present a later answer as following from the earlier.
	conclusionWords = []string{"therefore", "thus", "hence", "so", "consequently", "finally", "in conclusion",
		"in summary", "to summarize", "overall", "altogether", "we can see that", "we see that", "inspection",
		"which gives", "this gives", "we get", "we obtain", "we find", "it follows", "this means", "which means",
		// a later box that defines a quantity of the earlier one
		"where", "given by", "defined by", "with"}
	// caseWords split cases: answers on both sides of them stand together.
	caseWords = []string{"if", "case", "cases", "when", "otherwise"}

	hypothesisOpeners = []string{"suppose", "supposing", "assume", "assuming", "try", "trying", "testing",
		"test", "guess", "guessing", "what if", "say", "let's try", "let us try", "let me try", "let's say",
		"let's assume", "let us assume", "let's suppose", "let's guess", "let's test", "let me test",
		"let's check", "let me check", "maybe", "perhaps"}
	conditionalOpeners = []string{"if", "when", "whenever"}
	trialVerbs         = []string{"let", "try", "set", "take", "put", "guess", "assume", "suppose", "plug",
		"substitut", "choose", "pick"}
	leadingConnectives = []string{"so", "then", "now", "and", "but", "next", "thus", "hence", "well", "ok",
		"okay", "hmm", "first", "second", "third", "finally", "alright", "again"}
	rejections = []string{"not a solution", "not a valid", "not valid", "invalid", "doesn't work",
		"does not work", "won't work", "not work", "fails", "failed", "not satisfy", "doesn't satisfy",
		"does not satisfy", "contradiction", "contradicts", "impossible", "not possible", "not an integer",
		"isn't an integer", "too large", "too big", "too small", "too high", "too low", "not the answer",
		"not correct", "incorrect", "wrong", "no good", "not right", "isn't right", "reject", "discard",
		"not allowed", "not feasible", "not equal", "doesn't equal", "does not equal", "not possible",
		"not match", "doesn't match", "does not match", "no match", "not fit", "doesn't fit", "does not fit"}
	// danglingWords cannot end a sentence: a reply that ends on one stopped
	// in the middle ("..., say x = 5, then").
	danglingWords = map[string]bool{"then": true, "so": true, "and": true, "but": true, "or": true, "because": true,
		"since": true, "which": true, "that": true, "if": true, "is": true, "are": true, "was": true, "the": true,
		"a": true, "an": true, "of": true, "to": true, "we": true, "get": true, "gives": true, "thus": true,
		"therefore": true, "hence": true, "when": true, "where": true, "with": true, "by": true, "for": true,
		"equals": true, "be": true}
)

var (
	strongRetractionSet = newWordSet(strongRetractions)
	weakRetractionSet   = newWordSet(weakRetractions)
	hedgeSet            = newWordSet(hedgeWords)
	checkSet            = newWordSet(checkWords)
	conclusionSet       = newWordSet(conclusionWords)
	caseSet             = newWordSet(caseWords)
	rejectionSet        = newWordSet(rejections)
	afterCheckSet       = newWordSet(afterCheckWords)
	trialVerbSet        = newWordSet(trialVerbs)
)

// conclusionTier reports whether a tier holds final-answer kinds.
func conclusionTier(tier []CandidateKind) bool {
	for _, k := range tier {
		if k == KindAnchor || k == KindBoxed {
			return true
		}
	}
	return false
}

// resolveConclusions applies the rules above to the candidates of a tier of
// anchors and boxes (positions in the whole reply r.full). It
// returns the candidates left (checks and what follows a next exercise
// removed), the final answers that stand before the chosen one, and where a
// next exercise cuts the reply (end when none).
func resolveConclusions(found []Candidate, r *reply, ex Extraction) (kept, earlier []Candidate, cut int, label string) {
	reply, end := r.full, r.end
	cut = end
	var strong []Candidate
	for _, c := range found {
		if !c.Weak && !c.loose {
			strong = append(strong, c)
		}
	}
	if len(strong) == 0 {
		return found, nil, cut, ""
	}
	sortByPosAsc(strong)
	if p, l := firstExercise(reply, strong[0].End, end, ex.Exercises); p >= 0 {
		cut, label = p, l
	}
	var stand []Candidate
	dropped := map[int]bool{}
	for _, c := range strong {
		if c.Pos >= cut {
			break
		}
		if len(stand) == 0 {
			stand = append(stand, c)
			continue
		}
		a := stand[len(stand)-1]
		if c.Pos < a.End || c.Text == a.Text || sameStatedValue(c.Text, a.Text) {
			// The same span (an anchor and its box) or the same answer again;
			// a "final answer" phrase on it still withdraws the others.
			if c.Items == nil {
				c.Items = a.Items
			}
			if c.final && !a.final {
				stand = stand[:0]
			}
			c.final = c.final || a.final
			if len(stand) == 0 {
				stand = append(stand, c)
			} else {
				stand[len(stand)-1] = c
			}
			continue
		}
		gap := r.lowerSpan(a.End, c.Pos)
		tail := asciiLower(sentenceTail(reply, c.End, end))
		check := false
		if k := checkSet.lastAt(gap); k >= 0 {
			// Only what the reply says after its last check word decides:
			// a conclusion there ("Hence ...", "Answer:") or a retraction
			// states a new answer; otherwise the later answer is the check's
			// own number. (A retraction before the check, "is the correct
			// answer. Let me verify: ...", does not count.)
			after := gap[k:]
			if i := strings.IndexAny(after, " :,.\n"); i >= 0 {
				after = after[i:]
			}
			newLine := ""
			if i := strings.IndexByte(after, '\n'); i >= 0 {
				newLine = after[i:]
			}
			// a retraction anywhere after the check; a conclusion only on a
			// later line ("so the answer is 1 more than 11" inside the
			// check's own sentence is the check talking)
			if hasAnyWord(after, strongRetractionSet) || hasAnyWord(newLine, afterCheckSet) {
				gap = after
			} else {
				check = true
			}
		}
		switch {
		case contrastBefore(gap):
			// "3 rather than 2", "3 instead of 2": the later answer is the
			// one turned down ("rather" and "instead" alone retract).
			dropped[c.Pos] = true
		case check && !c.final:
			dropped[c.Pos] = true
		case c.final || hasAnyWord(gap, strongRetractionSet) ||
			(hasAnyWord(gap, weakRetractionSet) && !hasAnyWord(gap, hedgeSet) && !hasAnyWord(tail, hedgeSet)):
			stand = append(stand[:0], c)
		case hasAnyWord(gap, conclusionSet) && !hasAnyWord(gap, hedgeSet) && !hasAnyWord(gap, caseSet) &&
			!hasAnyWord(tail, hedgeSet):
			stand = append(stand[:0], c)
		default:
			stand = append(stand, c)
		}
	}
	for _, c := range found {
		if c.Pos < cut && !(dropped[c.Pos] && !c.Weak && !c.loose) {
			kept = append(kept, c)
		}
	}
	if len(stand) > 1 {
		earlier = stand[:len(stand)-1]
	}
	return kept, earlier, cut, label
}

// contrastRe matches a gap that ends in a phrase turning down what follows.
var contrastRe = regexp.MustCompile(`\b(rather than|instead of|as opposed to|in place of)(\s+(the|a|an))?(\s+(value|answer|number|result))?(\s+of)?$`)

// contrastBefore reports whether the text between two final answers ends in
// "rather than", "instead of" or "as opposed to": the second answer is the
// one turned down.
// (What may open the value after the phrase — $, :, (, \boxed{ — is read
// as texscan tokens and set aside first.)
func contrastBefore(gap string) bool {
	_, u := trimValueOpeners(gap, ":(")
	return contrastRe.MatchString(u)
}

func sortByPosAsc(c []Candidate) {
	sort.SliceStable(c, func(i, j int) bool { return c[i].Pos < c[j].Pos })
}

// firstExercise returns the start of the first line in s[from:to] that opens
// a next exercise with one of labels, and the label.
func firstExercise(s string, from, to int, labels []string) (int, string) {
	if len(labels) == 0 || from >= to {
		return -1, ""
	}
	for ls := lineStartAtOrAfter(s, from); ls < to; {
		p := ls
		for p < to && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r' || s[p] == '*' || s[p] == '#' || s[p] == '>' || s[p] == '-' || s[p] == '_') {
			p++
		}
		line := s[p:to]
		if nl := strings.IndexByte(line, '\n'); nl >= 0 {
			line = line[:nl]
		}
		if l := exerciseLabel(line, labels); l != "" {
			return ls, l
		}
		nl := strings.IndexByte(s[ls:to], '\n')
		if nl < 0 {
			break
		}
		ls += nl + 1
	}
	return -1, ""
}

// exerciseLabel returns the label line opens with: the label, an optional
// number or letter ("2", "#3", "2a", "(b)"), then ':', '.', ')', " -" or
// their full-width forms ("Exercise 2:", "**Practice problem.**",
// "练习 2："), or "". A word of any language that is not a step of a
// solution ("Step 2:", "Case 3:") followed by a number and such a mark
// opens a next exercise too ("Ejercicio 2:", "Übung 3.").
func exerciseLabel(line string, labels []string) string {
	if len(line) > 48 {
		line = line[:48] // labels are short: read no more
	}
	low := strings.ToLower(line)
	for _, l := range labels {
		if !strings.HasPrefix(low, l) {
			continue
		}
		if _, ok := afterLabel(low, len(l), len(l) > 8); ok {
			return l
		}
	}
	// A numbered label in any language.
	w := 0
	for w < len(low) {
		r, n := utf8.DecodeRuneInString(low[w:])
		if !unicode.IsLetter(r) {
			break
		}
		w += n
	}
	if w >= 2 && w < len(low) && low[w] == ' ' && !notExercises[low[:w]] {
		// a word, a space, then a number ("Ejercicio 2:"): not "Correction
		// :", "OR -", nor code such as "unitsize(0.5 cm);"
		if j, ok := afterLabel(low, w, false); ok && j > w && strings.ContainsAny(low[w:j], "0123456789") {
			return low[:w]
		}
	}
	return ""
}

// afterLabel reads what follows a label that ends at i in low: spaces, an
// optional number or letter, then the closing mark. It returns where the
// number part ended (i when there is none) and whether the mark is there;
// alone reports a label that may stand alone on its line.
func afterLabel(low string, i int, alone bool) (int, bool) {
	if i < len(low) {
		if r, _ := utf8.DecodeRuneInString(low[i:]); unicode.IsLetter(r) {
			return i, false // "Examples", "Taskbar"
		}
	}
	for i < len(low) && low[i] == ' ' {
		i++
	}
	j := i
	for j < len(low) && j-i < 6 && (isDigit(low[j]) || low[j] == '#' || low[j] == '(' || low[j] == ')' || (isLetter(low[j]) && j > i && isDigit(low[j-1]))) {
		j++
	}
	if j == i && j+2 < len(low) && low[j] == '(' && isLetter(low[j+1]) && low[j+2] == ')' {
		j += 3
	}
	num := j
	for j < len(low) && (low[j] == ' ' || low[j] == '*' || low[j] == '_') {
		j++
	}
	if j >= len(low) {
		if num > i {
			return num, true // "Exercise 2" alone on its line
		}
		return num, alone
	}
	switch {
	case low[j] == ':' || low[j] == '.' || low[j] == ')':
		return num, true
	case low[j] == '-' && j > 0 && low[j-1] == ' ':
		return num, true
	case strings.HasPrefix(low[j:], "：") || strings.HasPrefix(low[j:], "．") || strings.HasPrefix(low[j:], "、"):
		return num, true
	}
	return num, false
}

// wordSet is a list of words and phrases indexed by first byte, so that a
// text is scanned once, word start by word start.
type wordSet struct{ byFirst [256][]string }

func newWordSet(words ...[]string) *wordSet {
	ws := &wordSet{}
	for _, list := range words {
		for _, w := range list {
			if w != "" {
				ws.byFirst[w[0]] = append(ws.byFirst[w[0]], w)
			}
		}
	}
	return ws
}

// first returns the first word of ws that s (lower case) holds at a word
// boundary, or "". A word that ends with a letter must end there too,
// except stems ("verif", "recalculat"), matched as prefixes of a word.
func (ws *wordSet) first(s string) string {
	for p := 0; p < len(s); p++ {
		if w := ws.at(s, p); w != "" {
			return w
		}
	}
	return ""
}

// lastAt returns where the last word of ws that s holds starts, or -1.
func (ws *wordSet) lastAt(s string) int {
	last := -1
	for p := 0; p < len(s); p++ {
		if ws.at(s, p) != "" {
			last = p
		}
	}
	return last
}

// at returns the word of ws that starts at s[p] on a word boundary (see
// first), or "".
func (ws *wordSet) at(s string, p int) string {
	if p > 0 && isLetter(s[p-1]) {
		return ""
	}
	for _, w := range ws.byFirst[s[p]] {
		if !strings.HasPrefix(s[p:], w) {
			continue
		}
		e := p + len(w)
		if isLetter(w[len(w)-1]) && e < len(s) && isLetter(s[e]) && !stems[w] {
			continue
		}
		return w
	}
	return ""
}

// hasAnyWord reports whether s (lower case) holds a word of ws.
func hasAnyWord(s string, ws *wordSet) bool { return ws.first(s) != "" }

// stems are the entries of the word lists matched as prefixes of a word.
var stems = map[string]bool{"verif": true, "miscalculat": true, "recalculat": true, "recomput": true,
	"re-evaluat": true, "reevaluat": true, "re-examin": true, "reconsider": true, "check": true, "confirm": true,
	"mistake": true, "err": true, "contradict": true, "reject": true, "discard": true, "substitut": true,
	"fail": true, "miscount": true, "plug": true, "guess": true, "error": true}

// sentenceTail returns the rest of the sentence that starts at i (up to 200
// bytes, outside math).
func sentenceTail(s string, i, end int) string {
	if end > len(s) {
		end = len(s)
	}
	lim := i + 200
	if lim > end {
		lim = end
	}
	if i >= lim {
		return ""
	}
	t := s[i:lim]
	if b := nextBoundary(t, 0); b >= 0 {
		t = t[:b]
	}
	return t
}

// Sentences: a boundary is a '.', '!' or '?' outside math followed by
// white space, or a blank line. Single line breaks are not boundaries (a
// formula on its own line belongs to the sentence that introduces it).

// unfinished says why a reply whose answer would be the fallback candidate
// c (a last formula, number or line; positions in the reply, of which body
// starts at start and splits into spans) does not conclude, or "".
func unfinished(body string, spans [][2]int, start int, c Candidate) string {
	if len(spans) == 0 {
		return ""
	}
	last := spans[len(spans)-1]
	if r := trialSentence(body[last[0]:last[1]], true); r != "" {
		return "its last sentence " + r
	}
	p := c.Pos - start
	for _, sp := range spans {
		if sp[0] <= p && p < sp[1] && sp != last {
			if r := trialSentence(body[sp[0]:sp[1]], false); r != "" {
				return "the sentence of its last formula " + r
			}
		}
	}
	return ""
}

// trialSentence says how s is a trial rather than a conclusion, or "".
// final marks the last sentence of the reply, which must also not stop in
// the middle or ask a question.
func trialSentence(s string, final bool) string {
	t := trimClosing(s)
	if t == "" {
		return ""
	}
	if final {
		switch t[len(t)-1] {
		case '?':
			return "asks a question"
		case ',', ';', ':', '=', '+', '-', '*', '/', '(', '\\', '^', '_':
			return "stops in the middle (" + strconv.Quote(t[len(t)-1:]) + ")"
		}
		w := len(t)
		for w > 0 && isLetter(t[w-1]) {
			w--
		}
		// a word that leaves the sentence open ("… we get", "… is a");
		// a one-letter one only after another word: "A" alone, "32a" and
		// "x + a" end in a variable, not an article
		last := asciiLower(t[w:])
		open := w == 0 || !isLetter(t[w-1])
		if len(last) == 1 {
			before := strings.TrimRight(t[:w], " ")
			open = w > 0 && t[w-1] == ' ' && before != "" && isLetter(before[len(before)-1])
		}
		if danglingWords[last] && open {
			return "stops in the middle (" + strconv.Quote(last) + ")"
		}
	}
	low := asciiLower(t)
	if r := rejectionSet.first(low); r != "" {
		return "rejects what it tried (" + strconv.Quote(r) + ")"
	}
	if h := hypothesis(low); h != "" {
		return "is a hypothesis (" + strconv.Quote(h) + ")"
	}
	return ""
}

// hypothesis returns the opener that makes sentence low (lower case) a
// trial value: "suppose", "try", "let x", or "if"/"when" with an
// assignment or a trial verb ("If we let x = 14 then y = 15"); "" otherwise.
// "If each box has 3 apples, there are 12" restates the problem and is no
// hypothesis.
func hypothesis(low string) string {
	i := 0
	for {
		for i < len(low) && !isLetter(low[i]) {
			i++
		}
		w := i
		for w < len(low) && isLetter(low[w]) {
			w++
		}
		word := low[i:w]
		conn := false
		for _, c := range leadingConnectives {
			if word == c {
				conn = true
				break
			}
		}
		if !conn || w == i {
			break
		}
		i = w
	}
	rest := low[i:]
	for _, h := range hypothesisOpeners {
		if strings.HasPrefix(rest, h) && (len(rest) == len(h) || !isLetter(rest[len(h)])) {
			return h
		}
	}
	if strings.HasPrefix(rest, "let ") {
		r := strings.TrimLeft(rest[4:], " ")
		if strings.HasPrefix(r, "$") || strings.HasPrefix(r, `\(`) || (len(r) > 0 && isLetter(r[0]) && (len(r) == 1 || !isLetter(r[1]))) {
			return "let"
		}
	}
	for _, c := range conditionalOpeners {
		if strings.HasPrefix(rest, c+" ") {
			if strings.Contains(rest, "=") || hasAnyWord(rest, trialVerbSet) {
				return c
			}
		}
	}
	return ""
}

// trimClosing drops trailing spaces, emphasis marks, quotes and markdown
// rules ("---") from the end of a sentence.
func trimClosing(s string) string {
	for {
		t := strings.TrimRight(s, " \t\r\n*_\"'`")
		nl := strings.LastIndexByte(t, '\n')
		if last := strings.TrimSpace(t[nl+1:]); nl >= 0 && last != "" && strings.Trim(last, "-=*_~#") == "" {
			s = t[:nl]
			continue
		}
		return t
	}
}

// checkOpeners open a check of the working at a line start: in a reply with
// no final answer, the last formula or number is taken before such a line.
var checkOpeners = []string{"check", "checking", "verification", "verify", "verifying", "sanity check",
	"double-check", "double check", "let's check", "let's verify", "let us check", "let us verify", "to check",
	"to verify", "let me check", "let me verify", "let me double-check", "proof check"}

// checkFirst holds the first letters of checkOpeners.
var checkFirst = func() (t [256]bool) {
	for _, o := range checkOpeners {
		t[o[0]] = true
	}
	return t
}()

// firstCheckLine returns the start of the first line of s[from:to], after
// the first one, that opens a check ("Check: 2 \\cdot 5 = 10", "Let's
// verify: ..."), or -1.
func firstCheckLine(s string, from, to int) int {
	nl := strings.IndexByte(s[from:to], '\n')
	if nl < 0 {
		return -1
	}
	for ls := from + nl + 1; ls < to; {
		p := ls
		for p < to && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r' || s[p] == '*' || s[p] == '#' || s[p] == '>' || s[p] == '-' || s[p] == '_') {
			p++
		}
		if p < to && checkFirst[s[p]|0x20] && opensCheck(s[p:min(to, p+40)]) {
			return ls
		}
		k := strings.IndexByte(s[ls:to], '\n')
		if k < 0 {
			break
		}
		ls += k + 1
	}
	return -1
}

// opensCheck reports whether line (its first bytes) opens a check.
func opensCheck(line string) bool {
	if k := strings.IndexByte(line, '\n'); k >= 0 {
		line = line[:k]
	}
	low := asciiLower(line)
	for _, o := range checkOpeners {
		if !strings.HasPrefix(low, o) {
			continue
		}
		rest := strings.TrimLeft(low[len(o):], " *_")
		if strings.HasPrefix(o, "let") || strings.HasPrefix(o, "to ") || o == "checking" || o == "verifying" ||
			rest == "" || rest[0] == ':' || rest[0] == '.' || rest[0] == ',' || strings.HasPrefix(rest, "the answer") ||
			strings.HasPrefix(rest, "our") {
			return true
		}
	}
	return false
}

// sentenceWindow is how far before the earliest candidate sentences are
// read (from the start of the line there).
const sentenceWindow = 512

// concluding drops the last-formula, last-number and last-line candidates of
// a reply that states no final answer and does not conclude, and says why
// in out.Unfinished.
func concluding(found []Candidate, r *reply, out *Extracted) []Candidate {
	kept := found[:0:0]
	why := ""
	body, start := r.body, r.start
	// Sentences are read from a line start some way before the earliest
	// candidate: only the last sentence and the candidates' own matter.
	from := len(body)
	for _, c := range found {
		if p := c.Pos - start; p < from {
			from = p
		}
	}
	from = strings.LastIndexByte(body[:max(0, from-sentenceWindow)], '\n') + 1
	var spans [][2]int
	for _, c := range found {
		if c.Kind == KindMath || c.Kind == KindNumber || c.Kind == KindLine {
			if spans == nil {
				spans = r.sentencesFrom(from)
			}
			if r := unfinished(body, spans, start, c); r != "" {
				if why == "" {
					why = r
				}
				continue
			}
		}
		kept = append(kept, c)
	}
	if len(kept) == 0 {
		out.Unfinished = why
	}
	return kept
}

// sameStatedValue reports whether one answer is a computation ending in
// the other: "75+2=77" and "77" state one answer. Two equations never do
// (4x-5y=-50 is not 5x-5y=-50).
func sameStatedValue(a, b string) bool {
	if strings.Contains(a, "=") == strings.Contains(b, "=") {
		return false
	}
	if !strings.Contains(a, "=") {
		a, b = b, a
	}
	if strings.Contains(b, ",") || strings.IndexFunc(a[:strings.IndexByte(a, '=')], func(r rune) bool {
		return r < 128 && isLetter(byte(r))
	}) >= 0 {
		return false // a list, or an equation in a variable (x = 5 is graded as it is)
	}
	return strings.TrimSpace(a[strings.LastIndexByte(a, '=')+1:]) == strings.TrimSpace(b)
}
