package answer

import (
	"sort"
	"strings"

	"github.com/matheval/matheval/texseg"
)

func hasPrefixBox(s string) bool {
	return strings.HasPrefix(s, `\boxed`) || strings.HasPrefix(s, `\fbox`) || strings.HasPrefix(s, `\framebox`)
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
	case strings.HasPrefix(s[i:], `\framebox`):
		j = i + len(`\framebox`)
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
	if openAt(s, k) {
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
// (separated only by spaces, commas, "and", "or", "$"...) joined into one
// list.
func scanBoxes(body string, base int) []Candidate {
	return boxRuns(body, base, false)
}

// firstBoxRun returns the first run of boxes of s (see scanBoxes).
func firstBoxRun(s string, base int) (Candidate, bool) {
	if c := boxRuns(s, base, true); len(c) > 0 {
		return c[0], true
	}
	return Candidate{}, false
}

func boxRuns(body string, base int, firstOnly bool) []Candidate {
	type box struct{ cs, ce, end, start int }
	var segs segIndex // the math segments of body, found once for all its boxes
	var out []Candidate
	var run []box
	flush := func() {
		parts := make([]string, 0, len(run))
		for _, b := range run {
			if t := strings.TrimSpace(body[b.cs:b.ce]); t != "" {
				parts = append(parts, t)
			}
		}
		if len(parts) > 0 {
			c := Candidate{Text: strings.Join(parts, ", "), Kind: KindBoxed,
				Pos: base + run[0].cs, End: base + run[len(run)-1].ce}
			if len(run) == 1 {
				if t, ok := embeddedBox(body, &segs, run[0].start, run[0].cs, run[0].ce, run[0].end); ok {
					c.Text = t
				}
			}
			if len(parts) > 1 {
				c.Items = parts
			}
			out = append(out, c)
		}
		run = run[:0]
	}
	for i := 0; i < len(body); {
		j := strings.IndexByte(body[i:], '\\')
		if j < 0 {
			break
		}
		p := i + j
		cs, ce, end, ok := boxAt(body, p)
		if !ok {
			i = p + 1
			continue
		}
		if len(run) > 0 && !onlySeparators(body[run[len(run)-1].end:p]) {
			flush()
			if firstOnly && len(out) > 0 {
				return out
			}
		}
		run = append(run, box{cs, ce, end, p})
		i = end
	}
	if len(run) > 0 {
		flush()
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

// embeddedBox reads a box that is an operand of its formula: "$-\boxed{2}$",
// "$\boxed{2.5}\times 10^{3}$". Its content alone is not what the reply
// states; the formula, with the box as a group, is. ok is false for a box
// that stands alone or after "x =".
func embeddedBox(body string, segs *segIndex, start, cs, ce, end int) (string, bool) {
	b := strings.TrimRight(body[:start], " \t")
	a := strings.TrimLeft(body[end:], " \t")
	signBefore := strings.HasSuffix(b, "-") || strings.HasSuffix(b, "+") || strings.HasSuffix(b, "/") ||
		strings.HasSuffix(b, "^") || strings.HasSuffix(b, `\frac{1}{`) || strings.HasSuffix(b, `\sqrt{`)
	opAfter := false
	for _, op := range []string{`\times`, `\cdot`, "*", "^", "/", "!", "+", "-", `\%`} {
		if strings.HasPrefix(a, op) {
			opAfter = true
			break
		}
	}
	if !signBefore && !opAfter {
		return "", false
	}
	if g, ok := segs.around(body, start, end); ok {
		{
			// only the box's own side of a relation: "6(18^\circ) =
			// \boxed{108}^\circ" answers 108^\circ
			lo, hi := g.CS, g.CE
			if k := lastRelation(body[g.CS:start]); k >= 0 {
				lo = g.CS + k
			}
			if k := firstRelation(body[end:g.CE]); k >= 0 {
				hi = end + k
			}
			f := body[lo:start] + "{" + body[cs:ce] + "}" + body[end:hi]
			return strings.TrimSpace(f), true
		}
	}
	return "", false
}

// segIndex holds the math segments of a text, found on first use: every
// box of a reply asks which segment holds it, and the reply is scanned for
// segments once, not once per box (4,000 boxes took 14 s).
type segIndex struct {
	done bool
	segs []texseg.Seg
}

// around returns the segment of body whose content holds [start, end).
func (x *segIndex) around(body string, start, end int) (texseg.Seg, bool) {
	if !x.done {
		x.segs, x.done = texseg.All(body), true
	}
	// segments do not overlap and come in order: the last one whose
	// content starts at or before start is the only candidate
	k := sort.Search(len(x.segs), func(i int) bool { return x.segs[i].CS > start }) - 1
	if k >= 0 && x.segs[k].CS <= start && end <= x.segs[k].CE {
		return x.segs[k], true
	}
	return texseg.Seg{}, false
}
