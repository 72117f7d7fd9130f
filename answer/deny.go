package answer

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/matheval/matheval/texscan"
)

// A reply may write a value only to turn it down: "The answer is not
// $\boxed{2}$", "we get $3$ instead of $2$", "Is the answer $\boxed{2}$?
// No." Such a value is never the reply's answer, whatever tier it is in.

// deniedBefore matches the words just before a value that turn it down.
var deniedBefore = regexp.MustCompile(`(?:\bnot|n't|\bcannot(?:\s+be)?|\bnever|\brather\s+than|\binstead\s+of|\bas\s+opposed\s+to|\bin\s+place\s+of|≠|\\neq?|\\not\s*=)(?:\s+(?:be|equal|equals|the|a|an|value|answer|number|result|of|to|exactly|actually|really|simply|quite|just|possibly|necessarily|expected|likely))*\s*[:(]?$`)

// valueOpeners are the markup a value may start with after the words
// before it: math delimiters, a box, bold.
var valueOpeners = []string{"$", `\boxed{`, `\fbox{`, `\(`, `\[`, "**", "*", "{"}

// denied reports whether the candidate at pos in reply is turned down by
// the words before it in its sentence, or sits in a question that the
// reply answers "No".
func denied(reply string, c Candidate) bool {
	lo := c.Pos - 60
	if lo < 0 {
		lo = 0
	}
	pre := reply[lo:c.Pos]
	if k := strings.LastIndexAny(pre, ".!?\n"); k >= 0 {
		pre = pre[k+1:]
	}
	pre = asciiLower(pre)
	for {
		t := strings.TrimRight(pre, " \t")
		for _, o := range valueOpeners {
			t = strings.TrimSuffix(t, o)
		}
		if t == pre {
			break
		}
		pre = t
	}
	if deniedBefore.MatchString(pre) {
		return true
	}
	return questionAnsweredNo(reply[c.End:])
}

// dropDenied removes the candidates that the reply turns down (the words
// before a candidate are read in the whole reply, r.full).
func dropDenied(found []Candidate, r *reply) []Candidate {
	reply := r.full
	out := found[:0]
	for _, c := range found {
		if !denied(reply, c) {
			out = append(out, c)
		}
	}
	return out
}

// valueWordAfter returns the word right after a candidate, past its closing
// delimiters, that changes its value: "$5$ hundred", "\boxed{5} squared",
// "$\boxed{5}$ (wrong)". The candidate is graded with it.
func valueWordAfter(reply string, end int) string {
	i := end
	for i < len(reply) {
		switch {
		case strings.HasPrefix(reply[i:], `\)`) || strings.HasPrefix(reply[i:], `\]`) || strings.HasPrefix(reply[i:], "**"):
			i += 2
		case reply[i] == '}' || reply[i] == '$' || reply[i] == ' ' || reply[i] == '\t':
			i++
		default:
			if m := changedAfter.FindStringSubmatch(reply[i:]); m != nil {
				return m[1]
			}
			return ""
		}
	}
	return ""
}

// verdictWord matches the value words that disown a value ("(wrong)"):
// the only ones read after a box, whose content is otherwise the answer
// ("$\boxed{2.2}$ million tons" answers 2.2 in millions).
var verdictWord = regexp.MustCompile(`(?i)^(?:wrong|incorrect|excluded|rejected|extraneous|mistake|invalid|false|discarded|fails|contradiction|too\s|❌|✗|✘|👎)`)

// continuedOp matches an operator or connective right after a closing
// dollar, before another formula (continuedMath).
var continuedOp = regexp.MustCompile(`^\s*(\(?\s*or|or|to|over|plus|minus|times|remainder|[/+\-–—×*^±])\s*\$`)

// continuedMath reads an operator or connective at the start of s (right
// after a closing dollar) and the $...$ formula after it, of 80
// characters at most: the answer's statement goes on. It returns the
// operator and the formula.
func continuedMath(s string) (op, formula string, ok bool) {
	m := continuedOp.FindStringSubmatchIndex(s)
	if m == nil {
		return "", "", false
	}
	g, ok := texscan.SegmentAt(s, m[1]-1)
	if !ok || g.Display || s[g.Start] != '$' || g.CE == g.CS || utf8.RuneCountInString(s[g.CS:g.CE]) > 80 {
		return "", "", false
	}
	return s[m[2]:m[3]], s[g.CS:g.CE], true
}

// unitAfter matches a unit word right after a candidate's math ("$5$
// yards"); short ambiguous words (in, m, s) are left out.
var unitAfter = regexp.MustCompile(`^\s*([A-Za-z]{2,})\b`)

// attachValueWords adds to each candidate the word after it that changes
// its value, as a \text group ("$5$ hundred" is 5\text{ hundred}, 500).
// The words after a candidate are read in the whole reply, r.full.
func attachValueWords(found []Candidate, r *reply) {
	reply := r.full
	for i := range found {
		if found[i].Kind != KindBoxed && found[i].End < len(reply) && reply[found[i].End] == '$' {
			// "$5$/$2$", "$5$ + $2$", "$5$ (or $6$)", "$5$–$6$": the
			// statement goes on past the closing dollar, and is read whole
			if op, formula, ok := continuedMath(reply[found[i].End+1:]); ok {
				op = strings.TrimSpace(strings.TrimPrefix(op, "("))
				switch op {
				case "–", "—":
					op = "-"
				case "×":
					op = `\times`
				case "over":
					op = "/"
				}
				found[i].Text = found[i].Text + " " + op + " " + strings.TrimSpace(formula)
				found[i].Items = nil
				continue
			}
		}
		w := valueWordAfter(reply, found[i].End)
		if w == "" && found[i].Kind != KindBoxed && found[i].Kind != KindNumber && found[i].End < len(reply) && reply[found[i].End] == '$' {
			// a unit after the closing dollar is the answer's unit
			if m := unitAfter.FindStringSubmatch(strings.TrimLeft(reply[found[i].End:], "$")); m != nil {
				if lw := asciiLower(m[1]); len(unitKeys(lw)) > 0 && lw != "in" && lw != "min" {
					found[i].Text += `\text{ ` + m[1] + `}`
					found[i].Items = nil
				}
			}
			continue
		}
		if w == "" || strings.Contains(asciiLower(found[i].Text), asciiLower(w)) {
			continue
		}
		boxed := found[i].Kind == KindBoxed || found[i].End < len(reply) && reply[found[i].End] == '}'
		if boxed && !verdictWord.MatchString(w) {
			continue
		}
		if strings.ContainsAny(w, "❌✗✘👎") {
			w = "(wrong)" // a cross mark is a verdict
		}
		if t := asciiLower(strings.ReplaceAll(w, " ", "")); t == "a.m" || t == "p.m" || t == "am" || t == "pm" {
			w = t[:1] + ".m." // 9 a.m. as the gold writes it
		}
		found[i].Text += `\text{ ` + w + `}`
		found[i].Items = nil
	}
}
