package answer

import (
	"strings"
)

// CandidateKind says where in a reply a candidate answer was found.
type CandidateKind string

const (
	// KindAnchor: the text after an explicit final-answer phrase
	// ("The final answer is ...", "**Answer:** ...").
	KindAnchor CandidateKind = "anchor"
	// KindBoxed: the content of \boxed{...} or \fbox{...} (consecutive boxes
	// joined as a comma-separated list).
	KindBoxed CandidateKind = "boxed"
	// KindMath: the content of a display or inline math segment.
	KindMath CandidateKind = "math"
	// KindNumber: a number written in the text.
	KindNumber CandidateKind = "number"
	// KindBare: the whole reply, when it is short, on one line and (unless the
	// extraction allows prose) not a sentence: a reply that is only an answer.
	KindBare CandidateKind = "bare"
	// KindLine: the last non-empty line of the reply.
	KindLine CandidateKind = "line"
	// KindText: the whole reply body (after reasoning and leakage are cut);
	// for benchmarks whose rule reads the whole reply (MATH 401).
	KindText CandidateKind = "text"
)

// Candidate is one possible final answer found in a reply.
type Candidate struct {
	Text string        `json:"text"`
	Kind CandidateKind `json:"kind"`
	// Pos and End are the byte offsets of the answer text in the original reply.
	Pos int `json:"pos"`
	End int `json:"end"`
	// Weak marks an anchored phrase that is plain words with no value ("The
	// answer is in simplest form."): it is kept, but any other candidate of
	// its tier is preferred, so a remark after a boxed answer does not
	// replace the answer.
	Weak bool `json:"weak,omitempty"`
	// Items holds the parts of a joined run ("\\boxed{1} and \\boxed{2}"),
	// nil for a single answer.
	Items []string `json:"items,omitempty"`
}

// Extraction is the data that drives answer extraction for one benchmark.
// Extraction is the same code for every benchmark: only these values differ.
type Extraction struct {
	// Tiers are tried in order; the first tier with at least one candidate
	// gives the answer, and within a tier the candidate that starts last in
	// the reply wins (so a later self-correction beats an earlier answer).
	Tiers [][]CandidateKind
	// Anchors are final-answer phrases, matched case-insensitively at a word
	// start; the answer is the text that follows. An anchor written with a
	// leading '^' only counts at the start of a line (after spaces, '*' or
	// '#'): "^answer:" takes "ANSWER: 5" and "**Answer:** 5" but not "we may
	// check our answer: ...".
	Anchors []string
	// Reasoning holds open/close tag pairs of reasoning blocks to strip
	// ("<think>", "</think>"). An open tag without its close makes the reply
	// incomplete.
	Reasoning [][2]string
	// LineMarkers start a new (hallucinated) problem when they open a line:
	// the reply is cut there. Case-sensitive.
	LineMarkers []string
	// Tokens are chat-role or end-of-turn tokens: the reply is cut at the
	// first one found after some content.
	Tokens []string
	// BareMax is the longest reply (in bytes) that counts as a bare answer.
	BareMax int
	// BareProse lets a bare answer be prose ("Mrs. Hilt", "They are
	// equal"); otherwise a reply with two consecutive plain words, or a plain
	// word beside a value ("So 5"), is not a bare answer.
	BareProse bool
	// AnchorProse keeps an anchored sentence whole ("The answer is they are
	// equal"); otherwise it is reduced to the value it ends on ("The largest
	// $n$ is 34" answers 34), or dropped when it holds none.
	AnchorProse bool
	// AnchorMax drops anchor candidates longer than this (a phrase like "the
	// answer is the number of ways..." inside reasoning). 0 means 200.
	AnchorMax int
}

// Extracted is the outcome of extracting candidates from one reply.
type Extracted struct {
	// Candidates in order of preference: by tier, then later before earlier.
	// Candidates[0] is the answer.
	Candidates []Candidate `json:"candidates"`
	// Incomplete is set when a reasoning block is left unterminated.
	Incomplete bool `json:"incomplete,omitempty"`
	// Notes say what was cut ("reasoning block stripped", "cut at \"Problem:\" (byte 812)").
	Notes []string `json:"notes,omitempty"`
	// Empty is set when the reply (after cutting) holds nothing but spaces.
	Empty bool `json:"empty,omitempty"`
}

// Best returns the chosen candidate, and false when there is none.
func (e Extracted) Best() (Candidate, bool) {
	if len(e.Candidates) == 0 {
		return Candidate{}, false
	}
	return e.Candidates[0], true
}

// Default data shared by the policies.
var (
	// DefaultAnchors are the final-answer phrases of current model families
	// (Minerva's "Final Answer: The final answer is", Llama's "The final
	// answer is", markdown "**Answer:**", OpenAI simple-evals' "ANSWER:").
	DefaultAnchors = []string{
		"the final answer is",
		"final answer:",
		"final answer is",
		"the answer is",
		"^answer:",
		"answer is:",
	}
	DefaultReasoning   = [][2]string{{"<think>", "</think>"}, {"<thinking>", "</thinking>"}, {"<reasoning>", "</reasoning>"}}
	DefaultLineMarkers = []string{"Problem:", "Question:", "Q:", "### Problem", "## Problem", "Human:", "User:", "USER:"}
	DefaultTokens      = []string{"<|im_start|>", "<|im_end|>", "<|user|>", "<|assistant|>", "<|system|>",
		"<|endoftext|>", "<|eot_id|>", "<|start_header_id|>", "<|end|>", "<end_of_turn>", "<start_of_turn>", "</s>",
		"<｜User｜>", "<｜end▁of▁sentence｜>"}
)

// Extract finds the candidate answers of reply under ex.
// It never panics on any input and runs in time linear in len(reply) times
// the number of anchors.
func Extract(reply string, ex Extraction) (out Extracted) {
	return extract(reply, ex, false)
}

// extract is Extract; with firstOnly it stops at the first tier that has a
// candidate (grading needs only the answer, not the whole list).
func extract(reply string, ex Extraction, firstOnly bool) (out Extracted) {
	defer func() {
		if r := recover(); r != nil {
			// A bug in a scanner must not take a whole grading run down:
			// treat the reply as having no answer, and say why.
			out = Extracted{Notes: []string{"internal error in extraction"}}
		}
	}()
	start, end := 0, len(reply)

	// 1. Reasoning blocks: everything up to the last close tag goes.
	lts := ltPositions(reply)
	for _, pair := range ex.Reasoning {
		if c := lastTag(reply, lts, start, end, pair[1]); c >= 0 {
			start = c + len(pair[1])
			out.Notes = append(out.Notes, "reasoning block stripped")
			continue
		}
		if o := firstTag(reply, lts, start, end, pair[0]); o >= 0 {
			out.Incomplete = true
			out.Notes = append(out.Notes, "unterminated "+pair[0]+" block")
			// Only what precedes the open tag is the answer part.
			end = o
		}
	}

	// 2. Leakage: cut at the first marker that starts a new problem.
	first := start
	for first < end && isSpace(reply[first]) {
		first++
	}
	cut := end
	what := ""
	if p, tok := firstToken(reply, first+1, end, ex.Tokens); p >= 0 {
		cut, what = p, tok
	}
	if p, m := firstLineMarker(reply, first+1, cut, ex.LineMarkers); p >= 0 {
		cut, what = p, m
	}
	if cut < end {
		out.Notes = append(out.Notes, "cut at "+quoteShort(what)+" (byte "+itoa(cut)+")")
		end = cut
	}
	body := reply[start:end]
	if strings.TrimSpace(body) == "" {
		out.Empty = true
		return out
	}

	// 3. Candidates, tier by tier.
	for _, tier := range ex.Tiers {
		var found []Candidate
		for _, k := range tier {
			found = append(found, scan(k, body, start, ex)...)
		}
		if len(found) == 0 {
			continue
		}
		for i := range found {
			found[i].Text = cleanCandidate(found[i].Text)
			for j := range found[i].Items {
				found[i].Items[j] = cleanCandidate(found[i].Items[j])
			}
		}
		// Later first; stable for equal positions keeps the tier's kind order.
		sortByPosDesc(found)
		strongFirst(found)
		out.Candidates = append(out.Candidates, found...)
		if firstOnly {
			break
		}
	}
	return out
}

// strongFirst moves weak candidates behind the others, keeping each group's order.
func strongFirst(c []Candidate) {
	n := 0
	for _, x := range c {
		if !x.Weak {
			n++
		}
	}
	if n == 0 || n == len(c) {
		return
	}
	out := make([]Candidate, 0, len(c))
	for _, x := range c {
		if !x.Weak {
			out = append(out, x)
		}
	}
	for _, x := range c {
		if x.Weak {
			out = append(out, x)
		}
	}
	copy(c, out)
}

// ltPositions lists where '<' occurs in s: tags and tokens start with it,
// and it is rare in prose, so the tag searches look only there.
func ltPositions(s string) []int {
	var out []int
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			break
		}
		out = append(out, i+j)
		i += j + 1
	}
	return out
}

// lastTag returns the start of the last tag that lies within s[from:to],
// or -1; lts lists the '<' positions of s.
func lastTag(s string, lts []int, from, to int, tag string) int {
	if tag == "" || tag[0] != '<' {
		if i := strings.LastIndex(s[from:to], tag); i >= 0 {
			return from + i
		}
		return -1
	}
	for k := len(lts) - 1; k >= 0; k-- {
		p := lts[k]
		if p < from {
			break
		}
		if p+len(tag) <= to && s[p:p+len(tag)] == tag {
			return p
		}
	}
	return -1
}

// firstTag returns the start of the first tag within s[from:to], or -1.
func firstTag(s string, lts []int, from, to int, tag string) int {
	if tag == "" || tag[0] != '<' {
		if i := strings.Index(s[from:to], tag); i >= 0 {
			return from + i
		}
		return -1
	}
	for _, p := range lts {
		if p < from {
			continue
		}
		if p+len(tag) > to {
			break
		}
		if s[p:p+len(tag)] == tag {
			return p
		}
	}
	return -1
}

// firstToken returns the first of tokens in s[from:to], and its position.
func firstToken(s string, from, to int, tokens []string) (int, string) {
	if from >= to {
		return -1, ""
	}
	best, what := -1, ""
	var other []string
	for _, t := range tokens {
		if t == "" {
			continue
		}
		if t[0] != '<' {
			other = append(other, t)
		}
	}
	for i := from; i < to; {
		j := strings.IndexByte(s[i:to], '<')
		if j < 0 {
			break
		}
		p := i + j
		for _, t := range tokens {
			if t != "" && t[0] == '<' && p+len(t) <= to && s[p:p+len(t)] == t {
				best, what = p, t
				break
			}
		}
		if best >= 0 {
			break
		}
		i = p + 1
	}
	for _, t := range other {
		lim := to
		if best >= 0 {
			lim = best
		}
		if k := strings.Index(s[from:lim], t); k >= 0 {
			best, what = from+k, t
		}
	}
	return best, what
}

// firstLineMarker returns the first line in s[from:to] that opens with one
// of markers (after spaces, '#' or '*'), and the marker.
func firstLineMarker(s string, from, to int, markers []string) (int, string) {
	if len(markers) == 0 || from >= to {
		return -1, ""
	}
	for ls := lineStartAtOrAfter(s, from); ls < to; {
		p := ls
		for p < to && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r' || s[p] == '*' || s[p] == '#') {
			p++
		}
		for _, m := range markers {
			if p+len(m) <= to && s[p:p+len(m)] == m {
				// "### Problem" markers begin with '#': try from the line start too.
				return p, m
			}
			if m[0] == '#' && ls+len(m) <= to && s[ls:ls+len(m)] == m {
				return ls, m
			}
		}
		nl := strings.IndexByte(s[ls:to], '\n')
		if nl < 0 {
			break
		}
		ls += nl + 1
	}
	return -1, ""
}

func lineStartAtOrAfter(s string, i int) int {
	if i == 0 || s[i-1] == '\n' {
		return i
	}
	nl := strings.IndexByte(s[i:], '\n')
	if nl < 0 {
		return len(s)
	}
	return i + nl + 1
}

func scan(k CandidateKind, body string, base int, ex Extraction) []Candidate {
	switch k {
	case KindAnchor:
		return scanAnchors(body, base, ex)
	case KindBoxed:
		return scanBoxes(body, base)
	case KindMath:
		if c, ok := lastMath(body, base); ok {
			return []Candidate{c}
		}
	case KindNumber:
		if s, e, ok := lastNumberSpan(body, true); ok {
			return []Candidate{{Text: body[s:e], Kind: KindNumber, Pos: base + s, End: base + e}}
		}
	case KindBare:
		if c, ok := bare(body, base, ex); ok {
			return []Candidate{c}
		}
	case KindLine:
		if c, ok := lastLine(body, base); ok {
			return []Candidate{c}
		}
	case KindText:
		s, e := trimSpan(body, 0, len(body))
		if s < e {
			return []Candidate{{Text: body[s:e], Kind: KindText, Pos: base + s, End: base + e}}
		}
	}
	return nil
}

func sortByPosDesc(c []Candidate) {
	// Insertion sort: a tier holds a handful of candidates.
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j].Pos > c[j-1].Pos; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

// ---- anchors ----

func scanAnchors(body string, base int, ex Extraction) []Candidate {
	max := ex.AnchorMax
	if max <= 0 {
		max = 200
	}
	lower := asciiLower(body)
	var out []Candidate
	var lineOnly map[string]bool
	add := func(a string, p int) {
		if p > 0 && isWordByte(lower[p-1]) && isWordByte(a[0]) {
			return
		}
		if lineOnly[a] && !atLineStart(lower, p) {
			return
		}
		s, e, text := anchorText(body, p+len(a), ex.AnchorProse)
		if text == "" || len(text) > max {
			return
		}
		weak := !ex.AnchorProse && isProse(text) && !strings.ContainsAny(text, "0123456789\\$")
		out = append(out, Candidate{Text: text, Kind: KindAnchor, Pos: base + s, End: base + e, Weak: weak})
	}
	// Most anchors contain the word "answer": find its occurrences once and
	// test those anchors around each, instead of one full search per anchor.
	var keyed []string
	for _, a := range ex.Anchors {
		a = asciiLower(a)
		if strings.HasPrefix(a, "^") {
			a = a[1:]
			if lineOnly == nil {
				lineOnly = map[string]bool{}
			}
			lineOnly[a] = true
		}
		if a == "" {
			continue
		}
		if strings.Contains(a, anchorKey) {
			keyed = append(keyed, a)
			continue
		}
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], a)
			if i < 0 {
				break
			}
			add(a, from+i)
			from += i + len(a)
		}
	}
	if len(keyed) > 0 {
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], anchorKey)
			if i < 0 {
				break
			}
			p := from + i
			for _, a := range keyed {
				k := strings.Index(a, anchorKey)
				if st := p - k; st >= 0 && strings.HasPrefix(lower[st:], a) {
					add(a, st)
				}
			}
			from = p + len(anchorKey)
		}
	}
	return out
}

const anchorKey = "answer"

// anchorText reads the answer that follows an anchor phrase ending at i.
func anchorText(body string, i int, prose bool) (int, int, string) {
	// Skip ':' '*' '_' and spaces (markdown bold around "Answer:" and the
	// answer itself), and one line break when the anchor ends its line.
	i = skipDecor(body, i)
	if i < len(body) && (body[i] == '\n' || body[i] == '\r') {
		for i < len(body) && (body[i] == '\n' || body[i] == '\r') {
			i++
		}
		i = skipDecor(body, i)
	}
	// Quotes around the answer: "The final answer is \"$12$\"."
	for i < len(body) && (body[i] == '"' || body[i] == '`' || (body[i] == '\\' && i+1 < len(body) && body[i+1] == '"')) {
		if body[i] == '\\' {
			i++
		}
		i++
	}
	if i >= len(body) {
		return 0, 0, ""
	}
	// A math segment or a box right after the anchor is the answer.
	if _, e, cs, ce, ok := mathAt(body, i); ok {
		seg := body[cs:ce]
		if bs, be, ok := firstBoxContent(seg); ok {
			return cs + bs, cs + be, strings.TrimSpace(seg[bs:be])
		}
		ts, te := trimSpan(body, cs, ce)
		text := body[ts:te]
		// "$12$ and $13$": a run of segments joined by "and"/"or" is a list.
		for {
			j := e
			for j < len(body) && j-e < 40 && body[j] != '$' && body[j] != '\n' && !(body[j] == '\\' && j+1 < len(body) && (body[j+1] == '(' || body[j+1] == '[')) {
				j++
			}
			if j >= len(body) || !listGap(body[e:j]) {
				break
			}
			_, e2, cs2, ce2, ok := mathAt(body, j)
			if !ok {
				break
			}
			if t := strings.TrimSpace(body[cs2:ce2]); t != "" {
				text += ", " + t
				te = ce2
			}
			e = e2
		}
		return ts, te, text
	}
	if hasPrefixBox(body[i:]) {
		boxes := scanBoxes(body[i:], i)
		if len(boxes) > 0 {
			// The first box after the anchor (joined with its neighbours).
			b := boxes[0]
			for _, c := range boxes {
				if c.Pos < b.Pos {
					b = c
				}
			}
			return b.Pos, b.End, b.Text
		}
	}
	// Otherwise: the rest of the line, up to the end of the sentence.
	e := i
	for e < len(body) && body[e] != '\n' {
		e++
	}
	line := body[i:e]
	if bs, be, ok := firstBoxContent(line); ok {
		return i + bs, i + be, strings.TrimSpace(line[bs:be])
	}
	// Minerva's closing formula is never part of the answer.
	if k := strings.Index(asciiLower(line), "i hope it is correct"); k >= 0 {
		line = line[:k]
	}
	e = i + sentenceEnd(line)
	s, e2 := trimSpan(body, i, e)
	// Drop decoration at the end: "**", a final period, a closing "$".
	for e2 > s {
		c := body[e2-1]
		if c == '*' || c == '.' || c == '_' || c == ' ' || c == '\t' {
			e2--
			continue
		}
		break
	}
	if s >= e2 {
		return 0, 0, ""
	}
	if !prose && isProse(body[s:e2]) {
		// "The largest $n$ is 34": the answer is what the sentence ends on.
		return refineProse(body, s, e2)
	}
	return s, e2, body[s:e2]
}

// refineProse finds the answer inside an anchored sentence: what follows its
// last " is "/" are "/" = " when that is not prose, else its last math
// segment, else its last number.
func refineProse(body string, s, e int) (int, int, string) {
	t := body[s:e]
	for _, w := range []string{" is ", " are ", " = ", " equals ", " was "} {
		if k := strings.LastIndex(t, w); k >= 0 {
			rs, re := trimSpan(body, s+k+len(w), e)
			if rs < re && !isProse(body[rs:re]) {
				if _, me, cs, ce, ok := mathAt(body, rs); ok && me == re {
					cs, ce = trimSpan(body, cs, ce)
					return cs, ce, body[cs:ce]
				}
				return rs, re, body[rs:re]
			}
		}
	}
	if c, ok := lastMath(t, s); ok {
		return c.Pos, c.End, c.Text
	}
	if ns, ne, ok := lastNumberSpan(t, true); ok {
		return s + ns, s + ne, t[ns:ne]
	}
	if len(strings.Fields(t)) > 4 {
		// "the answer is positive, because two of the three...": a remark,
		// not an answer.
		return 0, 0, ""
	}
	return s, e, t
}

// listGap reports whether gap (between two math segments) separates items of
// one list: only commas, spaces and the words "and"/"or".
func listGap(gap string) bool {
	g := strings.TrimSpace(gap)
	g = strings.TrimPrefix(g, ",")
	g = strings.TrimSpace(g)
	return g == "and" || g == "or" || g == "," || g == `\text{and}` || g == `\text{or}`
}

func skipDecor(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case ' ', '\t', ':', '*', '_', '#':
			i++
		default:
			return i
		}
	}
	return i
}

// sentenceEnd returns where the first sentence of line ends: at ". " (or
// "! ", "? ") followed by an upper-case letter, unless the period closes a
// common abbreviation ("Mrs. Hilt").
func sentenceEnd(line string) int {
	for i := 0; i+1 < len(line); i++ {
		c := line[i]
		if (c == '.' || c == '!' || c == '?') && line[i+1] == ' ' {
			j := i + 1
			for j < len(line) && line[j] == ' ' {
				j++
			}
			if j < len(line) && (line[j] >= 'A' && line[j] <= 'Z') {
				if c == '.' && isAbbrev(line[:i]) {
					continue
				}
				return i
			}
		}
	}
	return len(line)
}

var abbrevs = []string{"mr", "mrs", "ms", "dr", "st", "jr", "sr", "vs", "prof", "mt", "ft", "sq", "a.m", "p.m"}

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

// ---- boxes ----

func hasPrefixBox(s string) bool {
	return strings.HasPrefix(s, `\boxed`) || strings.HasPrefix(s, `\fbox`)
}

// boxAt parses a box starting at s[i] == '\\'. It returns the content span
// and the end of the whole box.
func boxAt(s string, i int) (cs, ce, end int, ok bool) {
	var j int
	switch {
	case strings.HasPrefix(s[i:], `\boxed`):
		j = i + len(`\boxed`)
	case strings.HasPrefix(s[i:], `\fbox`):
		j = i + len(`\fbox`)
	default:
		return 0, 0, 0, false
	}
	if j < len(s) && isLetter(s[j]) {
		return 0, 0, 0, false // \boxedfoo is another command
	}
	k := j
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	if k < len(s) && s[k] == '{' {
		close := matchBrace(s, k)
		if close < 0 {
			// An unclosed box (a cut or malformed reply) holds the rest of
			// the text, unless another box follows.
			if strings.Contains(s[k:], `\boxed`) || strings.Contains(s[k:], `\fbox`) {
				return 0, 0, 0, false
			}
			e := len(s)
			for e > k+1 && (isSpace(s[e-1]) || s[e-1] == '$' || s[e-1] == '.') {
				e--
			}
			if e <= k+1 {
				return 0, 0, 0, false
			}
			return k + 1, e, len(s), true
		}
		return k + 1, close, close + 1, true
	}
	if k == j {
		return 0, 0, 0, false // "\boxed5" is not a box; "\boxed 5" is
	}
	// \boxed 5: one token up to a space, '$' or a closing delimiter.
	e := k
	for e < len(s) && !isSpace(s[e]) && s[e] != '$' && s[e] != '}' && s[e] != '\\' {
		e++
	}
	if e == k {
		return 0, 0, 0, false
	}
	cs, ce = k, e
	// Drop a trailing sentence period: "\boxed 5." answers 5.
	for ce > cs && (s[ce-1] == '.' || s[ce-1] == ',') {
		ce--
	}
	if ce == cs {
		return 0, 0, 0, false
	}
	return cs, ce, e, true
}

// matchBrace returns the index of the '}' matching the '{' at s[i], or -1.
// Escaped braces (\{ \}) do not count.
func matchBrace(s string, i int) int {
	depth := 0
	for k := i; k < len(s); k++ {
		switch s[k] {
		case '\\':
			k++ // skip the escaped character
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

func firstBoxContent(s string) (int, int, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && hasPrefixBox(s[i:]) {
			if cs, ce, _, ok := boxAt(s, i); ok {
				return cs, ce, true
			}
		}
	}
	return 0, 0, false
}

// scanBoxes returns the boxes of body, with runs of consecutive boxes
// (separated only by spaces, commas, "and", "$"...) joined into one list.
func scanBoxes(body string, base int) []Candidate {
	type box struct{ cs, ce, end, start int }
	var boxes []box
	for i := 0; i < len(body); {
		j := strings.IndexByte(body[i:], '\\')
		if j < 0 {
			break
		}
		p := i + j
		if cs, ce, end, ok := boxAt(body, p); ok {
			boxes = append(boxes, box{cs, ce, end, p})
			i = end
			continue
		}
		i = p + 1
	}
	var out []Candidate
	for k := 0; k < len(boxes); {
		run := []box{boxes[k]}
		k++
		for k < len(boxes) && onlySeparators(body[run[len(run)-1].end:boxes[k].start]) {
			run = append(run, boxes[k])
			k++
		}
		parts := make([]string, 0, len(run))
		for _, b := range run {
			if t := strings.TrimSpace(body[b.cs:b.ce]); t != "" {
				parts = append(parts, t)
			}
		}
		if len(parts) == 0 {
			continue
		}
		c := Candidate{Text: strings.Join(parts, ", "), Kind: KindBoxed,
			Pos: base + run[0].cs, End: base + run[len(run)-1].ce}
		if len(parts) > 1 {
			c.Items = parts
		}
		out = append(out, c)
	}
	return out
}

var separatorWords = []string{`\text{ and }`, `\text{and}`, `\text{ or }`, `\text{or}`, `\quad`, `\qquad`,
	`\,`, `\;`, `\ `, "and", "or", `\(`, `\)`, `\[`, `\]`}

func onlySeparators(gap string) bool {
	if len(gap) > 40 {
		return false
	}
	for i := 0; i < len(gap); {
		c := gap[i]
		if isSpace(c) || c == ',' || c == ';' || c == '$' || c == '+' || c == '|' || c == '/' || c == '&' ||
			(c == '\\' && i == len(gap)-1) {
			i++
			continue
		}
		matched := false
		for _, w := range separatorWords {
			if strings.HasPrefix(gap[i:], w) {
				i += len(w)
				matched = true
				break
			}
		}
		if !matched {
			return false
		}
	}
	return true
}

// ---- math segments ----

// mathAt parses a math segment opening at s[i]: $$..$$, $..$, \[..\], \(..\).
// It returns the segment span [s,e) and its content span [cs,ce).
func mathAt(s string, i int) (start, end, cs, ce int, ok bool) {
	if i >= len(s) {
		return
	}
	var open, close string
	switch {
	case strings.HasPrefix(s[i:], "$$"):
		open, close = "$$", "$$"
	case s[i] == '$':
		open, close = "$", "$"
	case strings.HasPrefix(s[i:], `\[`):
		open, close = `\[`, `\]`
	case strings.HasPrefix(s[i:], `\(`):
		open, close = `\(`, `\)`
	default:
		return
	}
	cs = i + len(open)
	k := cs
	for k < len(s) {
		if s[k] == '\\' {
			if strings.HasPrefix(s[k:], close) {
				return i, k + len(close), cs, k, true
			}
			k += 2
			continue
		}
		if strings.HasPrefix(s[k:], close) {
			return i, k + len(close), cs, k, true
		}
		k++
	}
	return 0, 0, 0, 0, false
}

// lastMath returns the content of the last non-empty math segment of body;
// a run of segments joined by "and"/"or"/commas ("$1$, $2$ and $3$") is one
// list.
func lastMath(body string, base int) (Candidate, bool) {
	type seg = mathSeg
	var last, prev seg
	n := 0
	for i := 0; i < len(body); {
		c := body[i]
		if c == '\\' && i+1 < len(body) && body[i+1] != '[' && body[i+1] != '(' {
			i += 2 // \$ is a dollar sign, not math
			continue
		}
		if c == '$' || c == '\\' {
			if s, e, cs, ce, ok := mathAt(body, i); ok {
				s2, e2 := trimSpan(body, cs, ce)
				if s2 < e2 {
					prev, last = last, seg{s, e, s2, e2}
					n++
				}
				i = e
				continue
			}
			if c == '$' {
				// An unclosed '$' opens nothing.
				i++
				continue
			}
		}
		i++
	}
	if n == 0 {
		return Candidate{}, false
	}
	text := body[last.cs:last.ce]
	pos := last.cs
	if n >= 2 && prev.e <= last.s && listGap(body[prev.e:last.s]) {
		// Walk back over the whole run.
		parts := []string{text}
		cur := last
		for {
			p, ok := segmentBefore(body, cur.s)
			if !ok || !listGap(body[p.e:cur.s]) {
				break
			}
			parts = append(parts, body[p.cs:p.ce])
			pos = p.cs
			cur = seg(p)
			if len(parts) > 50 {
				break
			}
		}
		for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
			parts[i], parts[j] = parts[j], parts[i]
		}
		text = strings.Join(parts, ", ")
	}
	return Candidate{Text: text, Kind: KindMath, Pos: base + pos, End: base + last.ce}, true
}

type mathSeg struct{ s, e, cs, ce int }

// segmentBefore finds the math segment that ends just before position at
// (within a short gap), scanning back to its opening '$'.
func segmentBefore(body string, at int) (mathSeg, bool) {
	// The gap is short: look for the closing '$' within 40 bytes.
	lo := at - 40
	if lo < 0 {
		lo = 0
	}
	k := strings.LastIndexByte(body[lo:at], '$')
	if k < 0 {
		return mathSeg{}, false
	}
	closeAt := lo + k
	open := strings.LastIndexByte(body[:closeAt], '$')
	if open < 0 || (open > 0 && body[open-1] == '\\') {
		return mathSeg{}, false
	}
	s, e, cs, ce, ok := mathAt(body, open)
	if !ok || e != closeAt+1 {
		return mathSeg{}, false
	}
	cs, ce = trimSpan(body, cs, ce)
	if cs >= ce {
		return mathSeg{}, false
	}
	return mathSeg{s, e, cs, ce}, true
}

// ---- bare answers and lines ----

func bare(body string, base int, ex Extraction) (Candidate, bool) {
	s, e := trimSpan(body, 0, len(body))
	max := ex.BareMax
	if max <= 0 {
		max = 256
	}
	if e-s > max || strings.ContainsAny(body[s:e], "\n\r") {
		return Candidate{}, false
	}
	t := body[s:e]
	if strings.Contains(t, "$") || strings.Contains(t, `\[`) || strings.Contains(t, `\(`) {
		return Candidate{}, false // math segments are the math tier's
	}
	// A sentence period at the end is not part of the answer.
	for len(t) > 0 && t[len(t)-1] == '.' && !(len(t) >= 2 && isDigit(t[len(t)-2]) && strings.Count(t, ".") > 1) {
		if isAbbrev(t[:len(t)-1]) {
			break
		}
		t = t[:len(t)-1]
		e--
	}
	if t == "" {
		return Candidate{}, false
	}
	if !ex.BareProse && (isProse(t) || hasStrayWord(t)) {
		return Candidate{}, false
	}
	return Candidate{Text: t, Kind: KindBare, Pos: base + s, End: base + e}, true
}

// isProse reports whether s holds two consecutive plain words of two or more
// letters outside LaTeX commands and \text{} groups: a sentence, not an answer.
func isProse(s string) bool {
	prevWord := false
	i := 0
	for i < len(s) {
		c := s[i]
		if c == '\\' {
			j := i + 1
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			name := s[i+1 : j]
			i = j
			if (name == "text" || name == "mathrm" || name == "mbox" || name == "textbf") && i < len(s) && s[i] == '{' {
				if k := matchBrace(s, i); k > 0 {
					i = k + 1
				}
			}
			prevWord = false
			continue
		}
		if isLetter(c) {
			j := i
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			isWord := j-i >= 2
			if isWord && prevWord {
				return true
			}
			prevWord = isWord && j < len(s) && s[j] == ' '
			i = j
			if prevWord {
				i++
			}
			continue
		}
		prevWord = false
		i++
	}
	return false
}

func lastLine(body string, base int) (Candidate, bool) {
	e := len(body)
	for e > 0 {
		s := strings.LastIndexByte(body[:e], '\n') + 1
		ts, te := trimSpan(body, s, e)
		if ts < te {
			return Candidate{Text: body[ts:te], Kind: KindLine, Pos: base + ts, End: base + te}, true
		}
		if s == 0 {
			break
		}
		e = s - 1
	}
	return Candidate{}, false
}

// ---- numbers ----

// lastNumberSpan finds the last number in s (signed, with thousands
// separators and decimals) and returns its span. Numbers inside parentheses
// count only when there is no other ("so 9 apples (7 red, 2 green)" answers
// 9). Numbers inside math segments are skipped when skipMath is set (the
// math tier has them whole), and "a/b" counts as one number.
func lastNumberSpan(s string, skipMath bool) (int, int, bool) {
	var ls, le, is, ie int
	found, foundIn := false, false
	depth := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch c {
		case '(':
			depth++
			i++
			continue
		case ')':
			if depth > 0 {
				depth--
			}
			i++
			continue
		}
		if skipMath && (c == '$' || (c == '\\' && i+1 < len(s) && (s[i+1] == '[' || s[i+1] == '('))) {
			if _, e, _, _, ok := mathAt(s, i); ok {
				i = e
				continue
			}
		}
		if c == '\\' && i+1 < len(s) && s[i+1] == '$' {
			i += 2
			continue
		}
		if !isDigit(c) && c != '-' && c != '+' && c != '.' && c != 0xE2 {
			i++
			continue
		}
		if t, ok := numberSpan(s, i); ok {
			end := t
			// a/b with plain numbers is one number.
			if end+1 < len(s) && s[end] == '/' {
				if d, ok := numberSpan(s, end+1); ok && s[end+1] != '-' && s[end+1] != '+' {
					end = d
				}
			}
			if depth > 0 {
				is, ie, foundIn = i, end, true
			} else {
				ls, le, found = i, end, true
			}
			i = end
			continue
		}
		i++
	}
	if !found && foundIn {
		return is, ie, true
	}
	return ls, le, found
}

// ---- small helpers ----

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

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

func quoteShort(s string) string { return "\"" + s + "\"" }

// cleanCandidate undoes escaping artifacts: a reply serialized twice writes
// "\\frac" for "\frac". Doubled backslashes before known command names are
// halved; "\\" row separators before anything else are kept.
func cleanCandidate(s string) string {
	// "\fbox{$\frac12$}": math delimiters inside a box are layout.
	if len(s) >= 2 && s[0] == '$' && s[len(s)-1] == '$' && strings.Count(s, "$") == 2 {
		s = strings.TrimSpace(s[1 : len(s)-1])
	} else if len(s) >= 4 && strings.HasPrefix(s, "$$") && strings.HasSuffix(s, "$$") && strings.Count(s, "$") == 4 {
		s = strings.TrimSpace(s[2 : len(s)-2])
	}
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

var knownCommands = map[string]bool{}

func init() {
	for _, c := range strings.Fields(`frac dfrac tfrac cfrac sqrt left right pi le leq ge geq neq ne lt gt cdot times div
		boxed fbox text textbf mathrm mathbf operatorname infty cup cap in notin setminus pm mp sin cos tan cot sec csc
		arcsin arccos arctan log ln exp alpha beta gamma delta theta lambda mu sigma phi omega epsilon varepsilon begin end
		circ approx dots ldots cdots quad qquad overline emptyset mathbb binom dbinom angle degree`) {
		knownCommands[c] = true
	}
}

// bareWords may stand beside a value in a bare answer ("2.5 million",
// "10 cm", "x = 1 or x = 2").
var bareWords = map[string]bool{"and": true, "or": true, "million": true, "billion": true, "thousand": true,
	"trillion": true, "pi": true, "mod": true, "inf": true, "infty": true}

// hasStrayWord reports whether t mixes a plain word (two or more letters,
// not a LaTeX command, a unit or a connective) with anything else: "So 5" is
// a sentence fragment, while "Even" alone or "10 cm" is an answer.
func hasStrayWord(t string) bool {
	stray, other := false, false
	for i := 0; i < len(t); {
		c := t[i]
		switch {
		case c == '\\':
			j := i + 1
			for j < len(t) && isLetter(t[j]) {
				j++
			}
			name := t[i+1 : j]
			i = j
			if name == "" && i < len(t) {
				i++ // "\\," and other one-character commands
			}
			if (name == "text" || name == "mathrm" || name == "mbox" || name == "textbf" || name == "begin" || name == "end" || name == "operatorname") && i < len(t) && t[i] == '{' {
				if k := matchBrace(t, i); k > 0 {
					i = k + 1
				}
			}
			other = true
		case isLetter(c):
			j := i
			for j < len(t) && isLetter(t[j]) {
				j++
			}
			w := asciiLower(t[i:j])
			// Only a free-standing word counts: "orW(x)" or "AZYUK2A" is
			// notation for the engine to judge.
			free := (i == 0 || t[i-1] == ' ') && (j == len(t) || t[j] == ' ' || t[j] == ',' || t[j] == '.')
			if free && j-i >= 2 && !bareWords[w] && !unitWords[w] {
				if stray {
					return true // two stray words
				}
				stray = true
			} else {
				other = true
			}
			i = j
		case isSpace(c) || c == '.' || c == ',':
			i++
		default:
			other = true
			i++
		}
	}
	return stray && other
}
