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
		"equals": true, "be": true, "subtract": true, "add": true, "multiply": true, "divide": true, "compute": true,
		"calculate": true, "plus": true, "minus": true}
)

var (
	strongRetractionSet = newWordSet(vocab(atStrongRetraction))
	weakRetractionSet   = newWordSet(vocab(atWeakRetraction))
	hedgeSet            = newWordSet(vocab(betweenHedge))
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
// first), the longest where several do ("no wait" before "no"), or "".
func (ws *wordSet) at(s string, p int) string {
	if p > 0 && isLetter(s[p-1]) {
		return ""
	}
	best := ""
	for _, w := range ws.byFirst[s[p]] {
		if len(w) <= len(best) || !strings.HasPrefix(s[p:], w) {
			continue
		}
		e := p + len(w)
		if isLetter(w[len(w)-1]) && e < len(s) && isLetter(s[e]) && !stems[w] {
			continue
		}
		best = w
	}
	return best
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
	if b := nextBoundary(t, 0, 0); b >= 0 {
		t = t[:b]
	}
	return t
}

// Sentences (sentenceSpans): single line breaks are no boundaries, since
// a formula on its own line belongs to the sentence that introduces it.

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
	if w := planOpener(asciiLower(body[last[0]:last[1]])); w != "" {
		// "Next, we need to apply the discount…", "Let's start by …":
		// the reply stops where its working goes on
		return "its last sentence plans more work (" + strconv.Quote(w) + ")"
	}
	for _, sp := range spans {
		if w := refusalSet.first(asciiLower(body[sp[0]:sp[1]])); w != "" {
			// "I cannot determine the answer; the problem mentions 12
			// cookies": a number the reply quotes is no answer it gives
			return "it declines to answer (" + strconv.Quote(w) + ")"
		}
	}
	p := c.Pos - start
	own := -1
	for i, sp := range spans {
		if sp[0] <= p && p < sp[1] {
			own = i
			if sp != last {
				if r := trialSentence(body[sp[0]:sp[1]], false); r != "" {
					return "the sentence of its last formula " + r
				}
			}
		}
	}
	if own < 0 {
		return ""
	}
	if r := fallbackSentence(asciiLower(body[spans[own][0]:spans[own][1]]), c.Text); r != "" {
		return "the sentence of its last value " + r
	}
	if (c.Kind == KindNumber || c.Kind == KindMath) && equationToSolve(c.Text) {
		return "its last value is an equation to solve (" + strconv.Quote(c.Text) + "), not its solution"
	}
	// a sentence after the value's that doubts it, takes it back or
	// offers another ("I'm not sure.", "Both seem plausible.", "But x
	// must be even, so this is impossible.")
	for _, sp := range spans[own+1:] {
		t := asciiLower(body[sp[0]:sp[1]])
		if k, w, _ := retraction(t, c.Text); k != noRetraction {
			return "a sentence after its last value doubts it (" + strconv.Quote(strings.TrimSpace(w)) + ")"
		}
		if w := doubtSet.first(t); w != "" {
			return "a sentence after its last value doubts it (" + strconv.Quote(w) + ")"
		}
	}
	return ""
}

// equationToSolve reports whether t sets a linear expression in one
// unknown equal to a number ("3x + 5 = 20"): an equation the reply has not
// solved, whose right side answers nothing. A lone name on the left ("x =
// 5", "AB = 4") or letters on the right ("\pi r^2 = 36\pi") are no such
// equation.
func equationToSolve(t string) bool {
	i, j := strings.IndexByte(t, '='), strings.LastIndexByte(t, '=')
	if i <= 0 || strings.ContainsAny(t, "<>") {
		return false
	}
	lhs, rhs := strings.TrimSpace(t[:i]), t[j+1:]
	for k := 0; k < len(rhs); k++ {
		if isLetter(rhs[k]) || rhs[k] == '\\' {
			return false
		}
	}
	// one unknown, to the first power: an equation of a curve or a plane
	// (x^2 + y^2 = 13, 2x - y + 2z - 18 = 0) is an answer of its own
	var unknown byte
	ops := false
	for k := 0; k < len(lhs); k++ {
		switch c := lhs[k]; {
		case isLetter(c):
			if unknown != 0 && unknown != c || k+1 < len(lhs) && isLetter(lhs[k+1]) {
				return false
			}
			unknown = c
			if k > 0 && isDigit(lhs[k-1]) {
				ops = true // 3x
			}
		case strings.IndexByte("+-*/", c) >= 0 && k > 0:
			ops = true
		case c == '(' || c == '\\' || c == '_' || c == '^':
			return false // f(x) = 5, \sin x = …, a_1 = 3, x^2 = 9
		}
	}
	return unknown != 0 && ops
}

// planOpener returns the words that make the last sentence of a reply a
// plan for more work ("Next, we need to …", "Then we will …", "Let's
// start by …", "First, note that …"), or "".
func planOpener(low string) string {
	t := strings.TrimLeft(low, " \t\r\n*_>-#")
	for _, o := range planOpeners {
		if strings.HasPrefix(t, o) && !strings.ContainsAny(t, "=0123456789") {
			return o
		}
	}
	if strings.HasPrefix(t, "first, note") {
		return "first, note" // "First, note that Tom has 5 apples.": a given, then nothing
	}
	for _, w := range []string{"i'll stop here", "i will stop here", "left as an exercise", "to be continued"} {
		if strings.Contains(t, w) {
			return w
		}
	}
	if strings.HasSuffix(strings.TrimRight(t, " "), "...") || strings.HasSuffix(strings.TrimRight(t, " "), "…") {
		return "…"
	}
	return ""
}

var planOpeners = []string{"next, we", "next we", "next, i", "then we will", "then we'll", "then i will", "now we need",
	"now we have to", "we need to", "we still need", "we will need", "we'll need", "let's start", "let us start",
	"let me start", "first, let", "to find", "we first need", "i will now", "i'll now", "now let's", "now, let's"}

// refusals decline to answer; a reply with one states none of the numbers
// it quotes. Latin-script languages are listed; other scripts are refused
// as foreign text anyway.
var refusals = []string{"i'm not able to", "i am not able to", "i cannot determine", "i can't determine",
	"cannot be determined", "can't be determined", "i can't solve", "i cannot solve", "i'm unable", "i am unable",
	"i can't answer", "i cannot answer", "i can't do your", "i cannot provide", "i can't provide", "there's no way to know",
	"there is no way to know", "could you clarify", "can you clarify", "please clarify", "once you confirm",
	"not enough information", "insufficient information", "left as an exercise", "no puedo", "je ne peux pas",
	"ich kann nicht", "non posso", "não posso", "faltan datos", "il manque"}

var refusalSet = newWordSet(refusals)

// fallbackSentence says how the sentence low (lower case) of a reply's
// last value, found with no answer statement, gives no result: it hedges
// ("It could also be 8."), restates what is given ("We know the perimeter
// is 24 and one side is 5.") or gives an instruction ("Then add 4.", "Let
// me compute 3+4.", but not "Let me compute: 3 + 4 = 7.", whose value cand
// is the computation done); or "".
func fallbackSentence(low, cand string) string {
	t := strings.TrimLeft(low, " \t\r\n*_>-#")
	if strings.HasSuffix(strings.TrimRight(t, " *_)"), "?") {
		return "asks a question" // "What is 5 + 7? That's the question…"
	}
	for _, w := range []string{"a multiple of", "a factor of", "a divisor of", "divisible by", "a power of"} {
		if strings.Contains(t, w) {
			return "describes the value without stating it (" + strconv.Quote(w) + ")"
		}
	}
	if w := plainHedgeSet.first(t); w != "" {
		return "hedges (" + strconv.Quote(w) + ")"
	}
	if w := doubtOpenerSet.at(t, 0); w != "" {
		return "opens a doubt (" + strconv.Quote(w) + ")" // "Hmm, or 8 if one broke."
	}
	if strings.Contains(" "+t, " or ") && strings.Contains(" "+t, " if ") {
		return "states a case (\"or … if\")"
	}
	for _, o := range givenOpeners {
		if strings.HasPrefix(t, o) {
			return "restates what is given (" + strconv.Quote(o) + ")"
		}
	}
	for _, o := range instructionOpeners {
		if strings.HasPrefix(t, o) && (len(t) == len(o) || !isLetter(t[len(o)])) && !strings.Contains(cand, "=") {
			return "is an instruction, not a result (" + strconv.Quote(o) + ")"
		}
	}
	return ""
}

var (
	givenOpeners = []string{"we know", "we are given", "we're given", "given that", "given:", "the problem says",
		"the problem states", "we are told", "we're told", "recall that"}
	instructionOpeners = []string{"then add", "then subtract", "then multiply", "then divide", "add", "subtract",
		"multiply", "divide", "let me compute", "let's compute", "let us compute", "let me calculate",
		"let's calculate", "let us calculate", "compute", "calculate", "evaluate", "let me set up", "let's set up",
		"set up", "we need to", "we need to find", "we must", "next, we"}
	doubtOpenerSet = newWordSet(vocab(doubtOpener))
	plainHedgeSet  = newWordSet(vocab(plainHedge))
	doubtSet       = newWordSet(vocab(plainDoubt))
)

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
	"to verify", "let me check", "let me verify", "let me double-check", "proof check", "substituting back",
	"substituting", "plugging in", "plugging back", "plug in", "plug back", "substitute back", "as a check",
	"to confirm", "confirming", "sanity"}

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

// firstCheckSentence is firstCheckLine for sentences inside a line ("So x
// = 4. Substituting back: 3(4) - 2 = 10."): the start of the first
// sentence of s[from:to], after the first one, that opens a check, or -1.
// Only the last maxSentence bytes are read.
func firstCheckSentence(s string, from, to int) int {
	lo := max(from, to-maxSentence)
	spans := sentenceSpans(s[lo:to])
	for i, sp := range spans {
		if i == 0 {
			continue
		}
		p := lo + sp[0]
		for p < to && (s[p] == '*' || s[p] == '_' || s[p] == '(') {
			p++
		}
		if p < to && checkFirst[s[p]|0x20] && opensCheck(s[p:min(to, p+40)]) {
			return lo + sp[0]
		}
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

// withoutCommands drops the control words of s (\binom, \frac, \cdot):
// their letters are no variables.
func withoutCommands(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			j := i + 1
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			if j > i+1 {
				i = j - 1
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
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
	if strings.Contains(b, ",") || strings.IndexFunc(withoutCommands(a[:strings.IndexByte(a, '=')]), func(r rune) bool {
		return r < 128 && isLetter(byte(r))
	}) >= 0 {
		return false // a list, or an equation in a variable (x = 5 is graded as it is)
	}
	// (a sentence's period inside the math, "… = 973.", and a unit after
	// the value, "= 20\text{ triangles}", are no part of the value)
	norm := func(v string) string {
		v = strings.TrimRight(strings.TrimSpace(v), ".")
		if k := strings.Index(v, `\text{`); k > 0 {
			v = v[:k]
		}
		return strings.TrimSpace(v)
	}
	return norm(a[strings.LastIndexByte(a, '=')+1:]) == norm(b)
}

// What a reply writes after its final answer can take the answer back
// ("\boxed{5}. Wait, that's wrong.", "The answer is 7. I take it back."),
// correct it ("The answer is 7. Actually, 9.", "Hold on. Recounting gives
// 9."), or hedge it ("The answer is 3 (or possibly 4).", "It could also be
// 8."). afterFinal reads the tail sentence by sentence (sentenceSpans, the
// reply's one sentence splitter) and says which:
//
//   - a take-back, hedge or correction followed by no value other than the
//     answer's own numbers: the reply has no answer (why);
//   - a strong retraction (wait, mistake, wrong, recompute, …) followed by a
//     new value: the answer is withdrawn and the lower tiers read the new
//     value (withdraw), as "The answer is $5$. Wait, recomputing: $6$."
//     always was;
//   - a weak one (actually, hmm, hold on, "no,") or a hedge followed by a
//     new value: no answer, since nothing states which value the reply
//     keeps.
//
// A note about something else ("Note: a common mistake is to answer 6") is
// no retraction, nor is a negated or questioned take-back word ("no
// mistake", "is that wrong?").
func afterFinal(found []Candidate, r *reply) (why string, withdraw bool) {
	last := finalCandidate(found)
	if last < 0 {
		return "", false
	}
	c := found[last]
	if c.End >= r.end || valueWordAfter(r.full, c.End) != "" {
		return "", false
	}
	tail := r.lowerSpan(c.End, r.end)
	// past the answer's closing delimiters: "$\boxed{0}$. Note: …" is read
	// from ". Note", never from a dollar that would open a formula
	for {
		t := strings.TrimLeft(tail, " }")
		switch {
		case strings.HasPrefix(t, "$"):
			t = t[1:]
		case strings.HasPrefix(t, `\]`), strings.HasPrefix(t, `\)`):
			t = t[2:]
		}
		if t == tail {
			break
		}
		tail = t
	}
	if len(tail) > tailWindow {
		// a retraction follows the answer it takes back; far after it,
		// only a strong one counts (as it always did)
		if k := strongRetractionSet.lastAt(tail); k >= 0 && !noteSentence(tail[max(0, strings.LastIndexAny(tail[:k], ".!?\n")+1):k]) &&
			newValue(tail[k:], c.Text) {
			return "", true
		}
		return "", false
	}
	spans := sentenceSpans(tail)
	for i, sp := range spans {
		s := tail[sp[0]:sp[1]]
		if foreignSentence(s) && endsOnNewValue(s, c.Text) {
			// "答案是 \boxed{245}。抱歉，我算错了，正确答案是 251。", "Oups,
			// erreur de calcul ; c'est 115.": a sentence this grader cannot
			// read that ends on another value may correct the answer
			return "its final answer is followed by a sentence in another language that ends on another value (" +
				quoteShort(strings.TrimSpace(s)) + ")", false
		}
		kind, word, at := retraction(s, c.Text)
		if kind == noRetraction {
			continue
		}
		hedgeOnly := kind == weakRetraction && tailHedgeSet.first(word) == word && tailOpenerSet.first(word) == ""
		if i > 0 && strings.HasSuffix(strings.TrimRight(tail[spans[i-1][0]:spans[i-1][1]], " *_"), "?") && strings.HasPrefix(word, "no") {
			continue // "Is that wrong? No.": the answer to a question
		}
		rest := tail[sp[0]+at:]
		if confirms(rest, c.Text) {
			// "Wait, let me reconsider... Yes, 5 is correct.", "Let me
			// re-derive: 2 + 3 = 5.": the doubt ends on the answer
			return "", false
		}
		if kind == weakRetraction && strongRetractionSet.first(rest) != "" {
			kind = strongRetraction // "Hmm, that seems off. Let me redo: …"
		}
		fresh := newValue(rest, c.Text)
		switch {
		case !fresh && hedgeOnly:
			continue // a doubt with no other value leaves the answer standing
		case !fresh:
			return "its final answer is taken back (" + quoteShort(strings.TrimSpace(word)) + ") and no other value follows", false
		case kind == strongRetraction:
			return "", true
		default:
			return "its final answer is followed by " + quoteShort(strings.TrimSpace(word)) + " and another value, and no answer statement says which it keeps", false
		}
	}
	return "", false
}

// tailWindow bounds the tail read sentence by sentence.
const tailWindow = 600

// finalCandidate returns the index of the last candidate that is neither
// weak nor loose, or else of the last loose one (a number an answer
// phrase's sentence ends on: "…the answer is 10, but I withdraw that
// answer."), or -1.
func finalCandidate(found []Candidate) int {
	last, loose := -1, -1
	for i, c := range found {
		switch {
		case c.Weak:
		case c.loose:
			if loose < 0 || c.Pos > found[loose].Pos {
				loose = i
			}
		case last < 0 || c.Pos > found[last].Pos:
			last = i
		}
	}
	if last < 0 {
		return loose
	}
	return last
}

type retractionKind int

const (
	noRetraction retractionKind = iota
	weakRetraction
	strongRetraction
)

// pastAttempts say a take-back is of an earlier attempt, not of the answer
// just given ("Earlier I got 10 by mistake").
var pastAttempts = []string{"earlier", "previously", "at first", "initially", "originally", "my first attempt",
	"the first attempt", "first try", "before that"}

var (
	pastAttemptSet = newWordSet(pastAttempts)
	tailOpenerSet  = newWordSet(vocab(tailOpener))
	tailHedgeSet   = newWordSet(vocab(tailHedge))
	takeBackSet    = newWordSet(vocab(takeBack))
)

// retraction classifies one sentence after the final answer (the first
// may continue the answer's own: "…is \boxed{5}, but this is wrong."). It
// returns the kind, the words that make it and where in s they start:
// only a value after them is one the retraction gives ("Earlier I got 10
// by mistake" takes nothing back of the answer, and gives no value after
// "mistake").
func retraction(s, answer string) (retractionKind, string, int) {
	off := len(s) - len(strings.TrimLeft(s, " \t\r\n*_>-#([,;"))
	t := s[off:]
	if t == "" || noteSentence(t) {
		return noRetraction, "", 0
	}
	if strings.HasSuffix(strings.TrimRight(t, " *_)]"), "?") {
		if newValue(t, answer) && questionDoubt(t) {
			// "Or is it 9?", "maybe it's 9?": another value, asked
			return weakRetraction, "?", off
		}
		return noRetraction, "", 0 // "Is that wrong?" asks
	}
	kind, word, at := noRetraction, "", 0
	if w := tailOpenerSet.at(t, 0); w != "" {
		kind, word = weakRetraction, w
		if strongRetractionSet.first(w) != "" {
			kind = strongRetraction
		}
	}
	if k := takeBackSet.lastAt(t); k >= 0 && !negatedBefore(t[:k]) && pastAttemptSet.first(t) == "" {
		// "that's wrong", "I made a mistake", "5 is wrong": a take-back
		// word pointing back at the answer (or opening a retraction)
		near := lastWords(t[:k], 5)
		if hasAnyWord(near, referentSet) || kind != noRetraction || answerBefore(near, answer) {
			if kind != noRetraction {
				return strongRetraction, t[k:min(len(t), k+30)], off
			}
			return strongRetraction, t[k:min(len(t), k+30)], off + k
		}
	}
	if kind == noRetraction {
		if w := tailHedgeSet.first(t); w != "" {
			return weakRetraction, w, off
		}
	}
	return kind, word, off + at
}

// questionDoubt reports whether a question after the answer doubts it
// ("Or is it 9?", "maybe it's 9?"), not one the reply poses anew ("How
// many apples does Sam have if he has 4 bags of 5?").
func questionDoubt(t string) bool {
	for _, w := range []string{"or ", "maybe", "perhaps", "is it", "could it", "isn't it", "right?", "or is", "shouldn't it"} {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// confirms reports whether the text after a doubt ends on the answer: it
// restates the answer after "=" or with a word that keeps it ("Yes, 8.",
// "6 stands", "5 is correct", "Confirmed").
func confirms(rest, answer string) bool {
	a := strings.TrimSpace(asciiLower(answer))
	if a == "" || len(a) > 40 {
		return false
	}
	if newValueAfterLast(rest, a) {
		return false
	}
	for _, w := range []string{"= " + a, "=" + a, "yes, " + a, "yes " + a, a + " stands", a + " is correct", a + " is right",
		a + " it is", a + " is indeed", "still " + a, "it's " + a, "it is " + a, "remains " + a, "remains $" + a,
		"still $" + a, "nothing changes", "unchanged", "confirmed", "checks out", "✓", "is correct", "was right", "stands"} {
		if strings.Contains(rest, w) && !strings.Contains(rest, "not "+w) {
			return true
		}
	}
	return false
}

// foreignSentence reports whether a sentence is in a language other than
// English: it holds a letter of another script (CJK, Cyrillic, Devanagari,
// Arabic, Hangul, …), or a common word of another language of Latin script
// (foreignMarkers) and none of the common English words.
func foreignSentence(s string) bool {
	marked := false
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		for _, r := range w {
			if r >= 0x80 && !unicode.Is(unicode.Latin, r) {
				return true
			}
		}
		lw := strings.ToLower(w)
		if englishWords[lw] {
			return false
		}
		marked = marked || foreignMarkers[lw]
	}
	return marked
}

// foreignMarkers are common words of the languages of Latin script we
// read (French, German, Spanish, Portuguese, Italian, Turkish, Vietnamese,
// Indonesian) that are no English words nor the names of variables (of
// three letters and more, or with an accent: "y" and "e" are letters too).
var foreignMarkers = newStringSet("est", "c'est", "n'est", "les", "des", "une", "ist", "der", "das", "und", "nicht",
	"ein", "eine", "los", "las", "una", "del", "que", "não", "uma", "della", "bir", "là", "và", "của", "yang", "adalah",
	"ini", "itu", "oups", "erreur", "fehler", "errore", "hata", "lỗi", "salah", "sind", "c'è", "então", "entonces",
	"pero", "obtenemos", "het", "een", "antwoord", "odpowiedź", "jest", "svaret", "är", "odpověď", "jibu", "vastaus",
	"válasz", "răspunsul", "sagot", "ay", "aber", "mais", "però", "mas", "maar", "ale", "men")

// englishWords are common English words: a sentence with one is English.
var englishWords = newStringSet("the", "is", "an", "of", "to", "in", "and", "or", "it", "its", "it's", "this", "that",
	"we", "so", "for", "with", "as", "be", "are", "was", "by", "on", "at", "from", "which", "if", "not", "answer",
	"note", "check", "there", "then", "thus", "hence", "therefore", "our", "you", "can", "final", "all",
	"one", "two", "three", "has", "have", "each", "total", "value", "result", "correct", "wrong", "let", "me", "my",
	"i'm", "i", "no", "yes", "but", "because", "since", "would", "will", "should", "could", "get", "gives", "any")

func newStringSet(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// endsOnNewValue reports whether the last number of s is none of the
// answer's own numbers.
func endsOnNewValue(s, answer string) bool {
	runs := digitRuns(s)
	if len(runs) == 0 {
		return false
	}
	last := runs[len(runs)-1]
	for _, n := range digitRuns(answer) {
		if n == last {
			return false
		}
	}
	return true
}

// newValueAfterLast reports whether a number other than the answer's
// follows the answer's last mention in s: "… = 5. So 6." is no
// confirmation of 5.
func newValueAfterLast(s, a string) bool {
	k := strings.LastIndex(s, a)
	if k < 0 {
		return true
	}
	return newValue(s[k+len(a):], a)
}

// lastWords returns the last n words of s: a take-back word points at the
// answer only with its referent close before it ("that's wrong", "I made
// a mistake"), never across a clause ("…is not appropriate for this
// problem, leading to incorrect roots").
func lastWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		f = f[len(f)-n:]
	}
	for i, w := range f {
		if strings.ContainsAny(w, ",;:") && i < len(f)-1 {
			// a clause ends inside the window: only what follows counts
			return lastWords(strings.Join(f[i+1:], " "), n)
		}
	}
	return strings.Join(f, " ")
}

// noteSentence reports whether s opens a note, tip or remark about
// something other than the answer ("Note: a common mistake is …").
func noteSentence(s string) bool {
	s = strings.TrimLeft(s, " \t\r\n*_>-#([")
	for _, p := range []string{"note", "tip", "remark", "hint", "p.s", "ps:", "ps.", "warning", "caution", "reminder",
		"fun fact", "common mistake", "a common mistake", "common error", "a common error", "disclaimer"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// negatedBefore reports whether the word before a take-back word negates
// it ("no mistake", "nothing wrong").
func negatedBefore(s string) bool {
	before := strings.Fields(s)
	if n := len(before); n > 0 {
		switch strings.Trim(before[n-1], ",.;:") {
		case "no", "not", "nothing", "without", "any", "never", "none":
			return true
		}
	}
	return false
}

// answerBefore reports whether the answer's text is written before a
// take-back word in its sentence ("5 is wrong because …").
func answerBefore(s, answer string) bool {
	a := strings.TrimSpace(asciiLower(answer))
	return a != "" && len(a) <= 40 && strings.Contains(s, a)
}

// newValue reports whether s holds a number (or a math formula) other
// than the numbers of the answer: "Hmm, 5 is wrong" repeats the answer,
// "Actually, 9." gives a new one.
func newValue(s, answer string) bool {
	own := map[string]bool{}
	for _, n := range digitRuns(answer) {
		own[n] = true
	}
	for _, n := range digitRuns(s) {
		if !own[n] {
			return true
		}
	}
	return strings.Contains(s, "$") && !strings.Contains(answer, "$") && len(digitRuns(s)) == 0 && strings.Count(s, "$") >= 2
}

// digitRuns returns the runs of digits of s (22.5 is one run).
func digitRuns(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && (isDigit(s[j]) || s[j] == '.' && j+1 < len(s) && isDigit(s[j+1])) {
			j++
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// referentSet are the words before a take-back that point at the answer
// just given ("that's wrong", "I made a mistake"), or open a retraction.
var referentSet = newWordSet([]string{"that", "this", "it", "my", "i", "wait", "oops", "hmm", "the answer"})
