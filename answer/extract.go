package answer

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxReply bounds the bytes of a reply that extraction reads: of a longer
// one only the end is read (where its answer is), so that every reply is
// extracted in bounded time.
const MaxReply = 32 << 20

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
	// loose marks an anchored sentence whose value was guessed from its last
	// formula or number ("the answer is the sum of the first 10 odd
	// numbers" gives 10): like Weak, it is kept behind the other candidates
	// of its tier, and it never counts as a final answer of its own.
	loose bool
	// final marks an anchor that says "final" ("The final answer is"): it
	// supersedes the final answers stated before it.
	final bool
	// either marks a run opened by "either" ("either $4$ or $5$"): its
	// parts are offered as alternatives, never as one list.
	either bool
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
	// Exercises are labels that open a next exercise ("Exercise 2:",
	// "Practice problem."), matched case-insensitively at a line start:
	// after a final answer (an anchor or a box), the reply is cut at such a
	// line. See conclude.go.
	Exercises []string
	// AsWritten takes the last candidate of the first tier that has one,
	// as a paper's own rule does (the Hendrycks policy: the last box): the
	// rules of conclude.go for several final answers (self-corrections,
	// checks, hedging) and for replies that do not conclude are off.
	AsWritten bool
	// OrHedges makes a run of boxes joined by "or" alternatives, not a
	// list ("$\boxed{32}$ or $\boxed{20}$" answers no age; MATH's "x =
	// \boxed{1} or x = \boxed{2}" is the list of solutions, so MATH leaves
	// it unset).
	OrHedges bool
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
	// Earlier holds the other final answers the reply stands by, in reply
	// order, when it states several that no self-correction withdrew (see
	// conclude.go): Grade reads them with Candidates[0] as one answer.
	Earlier []Candidate `json:"earlier,omitempty"`
	// Unfinished says why the reply, which states no final answer, does not
	// conclude (its last formula is inside a trial), so that it has no
	// answer; "" otherwise.
	Unfinished string `json:"unfinished,omitempty"`
	// Cancelled is set (to the context's error) when extraction stopped
	// because its context was done; the other fields are then partial.
	Cancelled string `json:"cancelled,omitempty"`
	// Ambiguous says why a plain reply has no answer: its last sentence
	// lists several values and no rule picks one; "" otherwise.
	Ambiguous string `json:"ambiguous,omitempty"`
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
		// a heading ("### Final Answer", "**Final Answer**") over the
		// answer's line
		"^final answer",
		// other ways replies state their answer
		"the correct answer is",
		// a choice named as the correct one ("The correct option is (C).";
		// "I choose" is not an anchor: problems and working say "I choose
		// a random integer")
		"the correct option is",
		"the correct choice is",
		"my answer is",
		"the answer should be",
		"the result is",
		"final result is",
		"final result:",
		"answer =",
		"^final:",
		"^result:",
		"^# answer",
		// GSM8K's own answer line, which models trained on it write
		"^####",
		"^**answer**",
		"<answer>",
		"\\therefore",
	}
	DefaultReasoning   = [][2]string{{"<think>", "</think>"}, {"<thinking>", "</thinking>"}, {"<reasoning>", "</reasoning>"}}
	DefaultLineMarkers = []string{"Problem:", "Question:", "Q:", "### Problem", "## Problem", "Human:", "User:", "USER:"}
	DefaultTokens      = []string{"<|im_start|>", "<|im_end|>", "<|user|>", "<|assistant|>", "<|system|>",
		"<|endoftext|>", "<|eot_id|>", "<|start_header_id|>", "<|end|>", "<end_of_turn>", "<start_of_turn>", "</s>",
		"<｜User｜>", "<｜end▁of▁sentence｜>"}
)

// Extract finds the candidate answers of reply under ex. It runs in time
// linear in len(reply) times the number of anchors. It does not recover
// from a panic (a bug of ours): the grading entry points do (see panics.go).
func Extract(reply string, ex Extraction) (out Extracted) {
	return extract(context.Background(), reply, ex, false)
}

// ExtractContext is Extract within ctx: when ctx is done between two of
// its stages, it stops and says so in Cancelled.
func ExtractContext(ctx context.Context, reply string, ex Extraction) Extracted {
	return extract(ctx, reply, ex, false)
}

// extract is Extract; with firstOnly it stops at the first tier that has a
// candidate (grading needs only the answer, not the whole list).
func extract(ctx context.Context, reply string, ex Extraction, firstOnly bool) (out Extracted) {
	start, end := 0, len(reply)
	if len(reply) > MaxReply {
		// (the answer is at the end of a reply: its last MaxReply bytes are read)
		start = len(reply) - MaxReply
		for start < len(reply) && !utf8.RuneStart(reply[start]) {
			start++
		}
		out.Notes = append(out.Notes, "read the last "+strconv.Itoa(MaxReply)+" bytes of a longer reply")
	}

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
		out.Notes = append(out.Notes, "cut at "+quoteShort(what)+" (byte "+strconv.Itoa(cut)+")")
		end = cut
	}
	body := reply[start:end]
	if strings.TrimSpace(body) == "" {
		out.Empty = true
		return out
	}
	// The body as every tier reads it, scanned once (reply.go); a cut
	// below makes a new one.
	r := newReply(reply, start, end)

	// 3. Candidates, tier by tier.
	concluded, checked := false, false
	for _, tier := range ex.Tiers {
		if err := ctx.Err(); err != nil {
			out.Candidates, out.Earlier = nil, nil
			out.Cancelled = err.Error()
			return out
		}
		if !concluded && !checked && !conclusionTier(tier) && !ex.AsWritten {
			// No final answer: a check after the working never gives the
			// last formula or number (conclude.go).
			checked = true
			p := firstCheckLine(reply, start, end)
			if p < 0 {
				p = firstCheckSentence(reply, start, end)
			}
			if p >= 0 {
				out.Notes = append(out.Notes, "cut at a check (byte "+strconv.Itoa(p)+")")
				end = p
				r = newReply(reply, start, end)
			}
			if why := endsInsideFormula(r); why != "" {
				// "…the flat fee is $", "…we get $0 = x - 3 \Rightarrow x":
				// the reply stopped inside its answer; an earlier formula or
				// an operand is not it
				out.Unfinished = why
				break
			}
		}
		var found []Candidate
		for _, k := range tier {
			found = append(found, scan(k, r, ex, &out.Ambiguous)...)
		}
		if !ex.AsWritten {
			found = dropDenied(found, r)
			found = dropSymbolTails(found, r)
			attachValueWords(found, r)
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
		// (Under AsWritten, a paper's own rule, the last candidate is taken
		// as written: none of conclude.go applies.)
		if !ex.AsWritten && !concluded && conclusionTier(tier) {
			// Several final answers: checks, self-corrections, a next
			// exercise (conclude.go).
			concluded = true
			var cut int
			var label string
			found, out.Earlier, cut, label = resolveConclusions(found, r, ex)
			if cut < end {
				out.Notes = append(out.Notes, "cut at next exercise "+quoteShort(label)+" (byte "+strconv.Itoa(cut)+")")
				end = cut
				r = newReply(reply, start, end)
			}
			why, withdraw := afterFinal(found, r)
			if why != "" {
				// "\boxed{5}. Wait, that's wrong.", "The answer is 7.
				// Actually, 9.": the reply takes its final answer back, or
				// follows it with another value, and states no answer in
				// its place
				out.Candidates, out.Earlier = nil, nil
				out.Unfinished = why
				return out
			}
			if withdraw {
				// "The answer is $5$. Wait, recomputing: $6$.": the final
				// answer is taken back and a new value follows, stated with
				// no answer phrase; the lower tiers read it
				out.Notes = append(out.Notes, "final answer withdrawn")
				out.Earlier = nil
				concluded = false
				continue
			}
		} else if !ex.AsWritten && !concluded {
			found = concluding(found, r, &out)
		}
		if len(found) == 0 {
			continue
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

// strongFirst moves weak and loose candidates behind the others, keeping
// each group's order.
func strongFirst(c []Candidate) {
	n := 0
	for _, x := range c {
		if !x.Weak && !x.loose {
			n++
		}
	}
	if n == 0 || n == len(c) {
		return
	}
	out := make([]Candidate, 0, len(c))
	for _, x := range c {
		if !x.Weak && !x.loose {
			out = append(out, x)
		}
	}
	for _, x := range c {
		if x.Weak || x.loose {
			out = append(out, x)
		}
	}
	copy(c, out)
}

// scan finds the candidates of kind k in the reply's body.
func scan(k CandidateKind, r *reply, ex Extraction, notes *string) []Candidate {
	body, base := r.body, r.start
	switch k {
	case KindAnchor:
		return scanAnchors(r, ex)
	case KindBoxed:
		return scanBoxes(r, ex.AsWritten, ex.OrHedges)
	case KindMath:
		if c, ok := lastMathOf(body, base, r.segments()); ok {
			return []Candidate{c}
		}
	case KindNumber:
		if s, e, amb, ok := plainNumber(body); ok {
			return []Candidate{{Text: body[s:e], Kind: KindNumber, Pos: base + s, End: base + e}}
		} else if amb != "" && notes != nil {
			*notes = amb
		} else if amb == "" {
			if t, s, e, ok := phraseAnswer(body); ok {
				return []Candidate{{Text: t, Kind: KindNumber, Pos: base + s, End: base + e}}
			}
		}
	case KindBare:
		if c, ok := bare(body, base, ex); ok {
			return []Candidate{c}
		}
	case KindLine:
		if c, ok := lastLine(r); ok {
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
	// Stable: equal positions keep the tier's kind order. (An insertion
	// sort was quadratic on a reply with thousands of boxes in order.)
	sort.SliceStable(c, func(i, j int) bool { return c[i].Pos > c[j].Pos })
}

// endsInsideFormula says why a reply with no final answer stops inside a
// formula: after an opening delimiter, or with a math segment left open.
// It returns "" for a reply that ends cleanly.
func endsInsideFormula(r *reply) string {
	t := strings.TrimRight(r.body, " \t\r\n")
	for _, open := range []string{"$$", "$", `\[`, `\(`, `\boxed{`, `\begin{align*}`, `\begin{equation}`} {
		if !strings.HasSuffix(t, open) {
			continue
		}
		dollar := strings.HasPrefix(open, "$")
		before := strings.TrimRight(t[:len(t)-len(open)], " ")
		// a dollar sign opens a formula only when it is unpaired, and not
		// after a number ("1,000.99$" is an amount)
		if !dollar || dollars(t)%2 == 1 && (before == "" || !isDigit(before[len(before)-1])) {
			return "the reply ends on an opening " + open
		}
	}
	if dollars(t)%2 == 1 {
		// (a dollar of prose, "It costs $3.50.", ends a sentence)
		tail := t[strings.LastIndexByte(t, '$')+1:]
		if !strings.HasSuffix(tail, ".") && !strings.HasSuffix(tail, "!") && !strings.HasSuffix(tail, "?") &&
			strings.ContainsAny(tail, `\=^_`) {
			return "the reply ends inside a $…$ formula"
		}
	}
	if r.openDelimsOf() {
		return "the reply ends inside a display formula"
	}
	return ""
}

// dropSymbolTails drops a candidate that is a bare number followed in the
// reply by a symbol and words ("The answer is 3 sin x for all x.", "15 x
// dollars total"): the number alone is not what the reply states, and the
// whole cannot be read (plainNumber's rule, symbolAfterValue, for the
// other tiers).
func dropSymbolTails(found []Candidate, r *reply) []Candidate {
	out := found[:0:0]
	for _, c := range found {
		if _, ok := parseExactNumber(strings.TrimSpace(c.Text)); ok && c.End <= len(r.full) {
			if _, sym := symbolAfterValue(r.full, c.End); sym {
				continue
			}
		}
		out = append(out, c)
	}
	return out
}
