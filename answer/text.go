package answer

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/matheval/matheval/texscan"
)

func trimSpan(s string, a, b int) (int, int) {
	for a < b && isSpace(s[a]) {
		a++
	}
	for b > a && isSpace(s[b-1]) {
		b--
	}
	return a, b
}

func atLineStart(s string, p int) bool {
	for k := p - 1; k >= 0; k-- {
		switch s[k] {
		case '\n':
			return true
		case ' ', '\t', '\r', '*', '#':
			continue
		default:
			return false
		}
	}
	return true
}

func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; c >= 'A' && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isWordByte(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_'
}

// commandAt reads the LaTeX command at s[i] (a backslash) as texscan does:
// its name, "" for a command of one character (\, \$ \é) or a math
// delimiter (\( \]), and where it ends. \begin and \end end at their
// name, before the environment's group; a backslash ending s ends there.
func commandAt(s string, i int) (name string, end int) {
	t, ok := texscan.NewScanner(s, i).Next()
	switch {
	case !ok || t.Pos != i:
		return "", i + 1
	case t.Kind == texscan.Begin:
		return "begin", i + len(`\begin`)
	case t.Kind == texscan.End:
		return "end", i + len(`\end`)
	case t.Kind == texscan.Command && isLetter(t.Text[1]):
		return t.Name(), t.End()
	}
	return "", t.End()
}

func quoteShort(s string) string { return "\"" + s + "\"" }

// cleanCandidate undoes escaping artifacts: a reply serialized twice writes
// "\\frac" for "\frac". Doubled backslashes before known command names are
// halved; "\\" row separators before anything else are kept.
// numberWords are the numbers a reply may state in words ("The answer is
// four.").
var numberWords = map[string]string{"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
	"six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
	"thirteen": "13", "fourteen": "14", "fifteen": "15", "sixteen": "16", "seventeen": "17", "eighteen": "18",
	"nineteen": "19", "twenty": "20", "thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "seventy": "70",
	"eighty": "80", "ninety": "90", "hundred": "100"}

func cleanCandidate(s string) string {
	if d, ok := numberWords[asciiLower(strings.Trim(s, " .!*"))]; ok {
		return d // a whole answer that is one number word
	}
	if d, ok := numberPhrase(strings.Trim(s, " .!*")); ok {
		return d // "one hundred four", "seventy-five", "fifty-one trucks"
	}
	// "<answer>7</answer>": the closing tag is not part of the answer
	if i := strings.Index(s, "</answer>"); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	// "\fbox{$\frac12$}": math delimiters inside a box are layout.
	s = unwrapDollars(s)
	if !strings.Contains(s, `\\`) {
		return s
	}
	var b strings.Builder
	changed := false
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+2 < len(s) && s[i+1] == '\\' && isLetter(s[i+2]) && (i == 0 || s[i-1] != '\\') {
			j := i + 2
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			if knownCommands[s[i+2:j]] {
				b.WriteByte('\\')
				b.WriteString(s[i+2 : j])
				i = j - 1
				changed = true
				continue
			}
		}
		b.WriteByte(s[i])
	}
	if !changed {
		return s
	}
	return b.String()
}

// numberPhrase reads a whole answer that is a number in words of two or
// more words ("one hundred four", "seventy-five", "five hundred
// seventy-four") and, after it, up to three words that are no number
// ("fifty-one trucks"): the number in digits and the words. A phrase
// with another number word after it ("one or two") or a fraction word
// ("two thirds") is none.
func numberPhrase(s string) (string, bool) {
	low := asciiLower(s)
	if strings.ContainsAny(low, "0123456789$\\{}") {
		return "", false
	}
	words := strings.Fields(strings.ReplaceAll(low, "-", " "))
	total, cur, n := int64(0), int64(0), 0
	for n < len(words) {
		w := words[n]
		switch {
		case w == "and" && n > 0 && n+1 < len(words):
			if _, ok := numberWords[words[n+1]]; !ok {
				break
			}
			n++
			continue
		case w == "hundred" && n > 0:
			cur *= 100
			n++
			continue
		case w == "thousand" && n > 0:
			total += cur * 1000
			cur = 0
			n++
			continue
		}
		d, ok := numberWords[w]
		if !ok || w == "hundred" {
			break
		}
		v, _ := strconv.ParseInt(d, 10, 64)
		cur += v
		n++
	}
	rest := words[n:]
	if n == 0 || n == 1 && len(rest) == 0 {
		return "", false
	}
	if n == 1 {
		// one number word and a noun: "four flowers"
		switch rest[0] {
		case "of", "or", "and", "to", "more", "less", "fewer", "than", "times", "more,", "by", "in", "per", "each":
			return "", false
		}
	}
	if len(rest) > 3 {
		return "", false
	}
	for _, w := range rest {
		if _, ok := numberWords[w]; ok || w == "hundred" || w == "thousand" || strings.HasSuffix(w, "ths") || strings.HasSuffix(w, "thirds") ||
			strings.HasSuffix(w, "halves") || strings.HasSuffix(w, "quarters") || w == "or" || w == "and" || w == "to" {
			return "", false
		}
	}
	out := strconv.FormatInt(total+cur, 10)
	if len(rest) > 0 {
		out += " " + strings.Join(rest, " ")
	}
	return out, true
}

// dollars counts the unescaped dollar signs of s (texscan's math shifts:
// \$ is a price sign, and the dollar of \\$ is not escaped).
func dollars(s string) int {
	n := 0
	for sc := texscan.NewScanner(s, 0); ; {
		t, ok := sc.Next()
		if !ok {
			return n
		}
		if t.Kind == texscan.MathShift {
			n += len(t.Text)
		}
	}
}

// unwrapDollars returns the formula of s when s is one $...$ or $$...$$
// formula with no dollar inside (texscan's segment: \$ is a price sign,
// no delimiter), else s.
func unwrapDollars(s string) string {
	if g, ok := texscan.SegmentAt(s, 0); ok && g.End == len(s) && s[0] == '$' && dollars(s[g.CS:g.CE]) == 0 {
		return strings.TrimSpace(s[g.CS:g.CE])
	}
	return s
}

var knownCommands = map[string]bool{}

func init() {
	for _, c := range strings.Fields(`frac dfrac tfrac cfrac sqrt left right pi le leq ge geq neq ne lt gt cdot times div
		boxed fbox text textbf mathrm mathbf operatorname infty cup cap in notin setminus pm mp sin cos tan cot sec csc
		arcsin arccos arctan log ln exp alpha beta gamma delta theta lambda mu sigma phi omega epsilon varepsilon begin end
		circ approx dots ldots cdots quad qquad overline emptyset mathbb binom dbinom angle degree`) {
		knownCommands[c] = true
	}
}

// listGap reports whether gap (between two math segments) separates items of
// one list: only commas, spaces and the words "and"/"or".
func listGap(gap string) bool {
	g := strings.TrimSpace(gap)
	g = strings.TrimPrefix(strings.TrimPrefix(g, ","), "，")
	g = strings.TrimSpace(g)
	return g == "and" || g == "or" || g == "," || g == `\text{and}` || g == `\text{or}` || listWords[strings.ToLower(g)]
}

// listWords are "and" and "or" in the languages of the replies we read
// ("$44$ или $47$", "$55$ 또는 $56$", "$66$ 或 $75$"): between two formulas
// they make a list, never the last of them alone.
var listWords = map[string]bool{"和": true, "与": true, "及": true, "或": true, "或者": true, "或是": true, "と": true,
	"か": true, "または": true, "및": true, "와": true, "과": true, "또는": true, "혹은": true, "и": true, "или": true,
	"либо": true, "і": true, "та": true, "або": true, "und": true, "oder": true, "et": true, "ou": true, "y": true,
	"e": true, "o": true, "oppure": true, "ve": true, "veya": true, "ya da": true, "và": true, "hoặc": true,
	"dan": true, "atau": true, "और": true, "या": true, "و": true, "أو": true, "ou bien": true, "o bien": true,
	"или же": true, "bzw.": true, "sowie": true, "soit": true, "也可能是": true, "也许是": true, "或许是": true,
	"可能是": true, "还是": true, "lub": true, "albo": true, "eller": true, "och": true, "vagy": true, "és": true,
	"sau": true, "și": true, "tai": true, "ja": true, "of": true, "en": true, "nebo": true, "a": true, "alebo": true,
	"ή": true, "και": true, "או": true, "یا": true, "หรือ": true, "และ": true, "hay": true, "ó": true, "u": true,
	"ovvero": true, "ili": true, "eða": true, "edo": true, "以及": true, "跟": true, "ou então": true, "oder auch": true,
	"а также": true, "ainsi que": true, "oraz": true, "i": true, "og": true, "ou encore": true}

// abbrevs are the abbreviations whose period ends no sentence.
var abbrevs = []string{"mr", "mrs", "ms", "dr", "st", "jr", "sr", "vs", "prof", "mt", "ft", "sq", "a.m", "p.m", "e.g", "i.e", "approx"}

// isAbbrev reports whether before ends in an abbreviation of abbrevs
// ("Mr", "a.m").
func isAbbrev(before string) bool {
	j := len(before)
	for j > 0 && (isLetter(before[j-1]) || before[j-1] == '.') {
		j--
	}
	w := asciiLower(before[j:])
	for _, a := range abbrevs {
		if w == a {
			return true
		}
	}
	return false
}

// matchBrace returns the index of the '}' matching the '{' at s[i], or -1
// (texscan's brace group: escaped braces \{ \} do not count).
func matchBrace(s string, i int) int {
	g, err := texscan.Match(s, i, texscan.Braces, texscan.Limits{})
	if err != nil {
		return -1
	}
	return g.InnerEnd
}

// lastRelation returns where the last relation sign of s ends, or -1:
// "=", "<", ">" or a relation command (\approx, \le, \leq, \ge, \geq, \ne,
// \neq, \equiv), read as texscan tokens (\left, \neg and \newline are no
// relation, and \leq ends after its q).
func lastRelation(s string) int {
	best := -1
	for sc := texscan.NewScanner(s, 0); ; {
		t, ok := sc.Next()
		if !ok {
			return best
		}
		if relationSign(t) {
			best = t.End()
		}
	}
}

// firstRelation returns where the first relation sign of s starts, or -1.
func firstRelation(s string) int {
	for sc := texscan.NewScanner(s, 0); ; {
		t, ok := sc.Next()
		if !ok {
			return -1
		}
		if relationSign(t) {
			return t.Pos
		}
	}
}

// relationSign reports whether t is a sign that ends a side of a relation.
func relationSign(t texscan.Token) bool {
	switch t.Kind {
	case texscan.Punct:
		return t.Text == "=" || t.Text == "<" || t.Text == ">"
	case texscan.Command:
		switch t.Name() {
		case "approx", "le", "leq", "leqslant", "ge", "geq", "geqslant", "ne", "neq", "equiv":
			return true
		}
	}
	return false
}

// hasForeignText reports whether s holds a letter of a script other than
// Latin and Greek (Greek letters are math symbols): words in another
// language ("每个盒子有3个苹果"), which make s a sentence, never a formula
// whose numbers could be multiplied together.
func hasForeignText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < utf8.RuneSelf {
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) && !unicode.Is(unicode.Greek, r) && !mathAlphanumeric(r) {
			return true
		}
		i += n - 1
	}
	return false
}

// mathAlphanumeric reports whether r is a Mathematical Alphanumeric Symbol
// (𝑥, 𝐀, 𝒜): a letter of a formula, read (or refused) by the parser, not
// a word of another language.
func mathAlphanumeric(r rune) bool { return r >= 0x1D400 && r <= 0x1D7FF }

// isProse reports whether s holds two consecutive plain words of two or more
// letters outside LaTeX commands and \text{} groups: a sentence, not an
// answer. It reads texscan tokens: a Word, one space, a Word.
func isProse(s string) bool {
	if hasForeignText(s) {
		return true // a sentence in another language
	}
	prevWord := false
	sc := texscan.NewScanner(s, 0)
	for {
		t, ok := sc.Next()
		if !ok {
			return false
		}
		switch t.Kind {
		case texscan.Command:
			if name := t.Name(); name == "text" || name == "mathrm" || name == "mbox" || name == "textbf" {
				if k := pastGroupArg(s, t.End()); k > t.End() {
					sc = texscan.NewScanner(s, k)
				}
			}
			prevWord = false
		case texscan.Word:
			isWord := len(t.Text) >= 2
			if isWord && prevWord {
				return true
			}
			next, ok := sc.Peek()
			prevWord = isWord && ok && next.Kind == texscan.Space && next.Text[0] == ' '
			if prevWord && len(next.Text) == 1 {
				sc.Next() // the one space between two words
			} else {
				prevWord = false
			}
		default:
			prevWord = false
		}
	}
}

// pastGroupArg returns the offset just past the braced argument of a
// command that ends at i, spaces before it allowed ("\text {cm}": TeX
// allows them), or i when no closed group follows.
func pastGroupArg(s string, i int) int {
	k := i
	for k < len(s) && s[k] == ' ' {
		k++
	}
	if openAt(s, k) {
		if m := matchBrace(s, k); m > 0 {
			return m + 1
		}
	}
	return i
}

// exclamation reports whether the "!" at s[bang] is an exclamation mark
// ending a sentence of prose, not a factorial: it follows a plain number
// (markdown emphasis aside) that follows a word, a comma or a colon, and
// nothing follows it but the end of the text, a line break or a new
// sentence (a capital letter), spaces aside. "So she has 12 apples left!"
// and "The answer is **12**!" end on 12; "4! ways", "12! = …" and
// "11! + 12!" are factorials, and so is every "!" inside math ($12!$).
func exclamation(s string, bang int) bool {
	e := bang + 1
	for e < len(s) && (s[e] == ' ' || s[e] == '\t') {
		e++
	}
	if !(e == len(s) || s[e] == '\n' || s[e] == '\r' || s[e] >= 'A' && s[e] <= 'Z') {
		return false
	}
	j := bang
	for j > 0 && s[j-1] == '*' {
		j--
	}
	digits := 0
	for j > 0 && (isDigit(s[j-1]) || s[j-1] == '.' || s[j-1] == ',') {
		if isDigit(s[j-1]) {
			digits++
		}
		j--
	}
	if digits == 0 {
		return false
	}
	for j > 0 && (s[j-1] == '*' || s[j-1] == ' ' || s[j-1] == '$') {
		j--
	}
	return j == 0 || isLetter(s[j-1]) || s[j-1] == ',' || s[j-1] == ':'
}

// isFracCommand reports whether t is \frac, \dfrac or \tfrac.
func isFracCommand(t texscan.Token) bool { return t.Kind == texscan.Command && fracNames[t.Name()] }

// fracNames are the names of the fraction commands isFracCommand reads.
var fracNames = map[string]bool{"frac": true, "dfrac": true, "tfrac": true}
