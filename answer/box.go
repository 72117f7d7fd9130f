package answer

import (
	"regexp"
	"strings"
)

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

// scanBoxes returns the boxes of the reply's body, with runs of
// consecutive boxes (separated only by spaces, commas, "and", "or",
// "$"...) joined into one list: the body's boxes and segments are the
// reply's, found once.
//
// With single (a paper's own rule, Extraction.AsWritten) no boxes are
// joined: the MATH paper's last_boxed_only_string takes the last \boxed
// alone, so "$\boxed{-2}$ and $\boxed{1}$" answers 1 under it.
func scanBoxes(r *reply, single, orHedges bool) []Candidate {
	c := boxRuns(r, r.start, false, single)
	if orHedges {
		for i := range c {
			if len(c[i].Items) > 1 && orJoined(r.body, c[i].Pos-r.start, c[i].End-r.start) {
				c[i].either = true
			}
		}
	}
	return c
}

// orJoined reports whether the word "or" joins the boxes of a run that
// spans body[s:e].
func orJoined(body string, s, e int) bool {
	if s < 0 || e > len(body) || s >= e {
		return false
	}
	return strings.Contains(" "+asciiLower(body[s:e])+" ", " or ") || strings.Contains(body[s:e], `\text{or}`) ||
		strings.Contains(body[s:e], `\text{ or }`)
}

// firstBoxRun returns the first run of boxes of s (see scanBoxes), reading
// s only as far as that run.
func firstBoxRun(s string, base int) (Candidate, bool) {
	r := reply{full: s, end: len(s), body: s}
	if c := boxRuns(&r, base, true, false); len(c) > 0 {
		return c[0], true
	}
	return Candidate{}, false
}

// boxRuns joins the boxes of the reply's body into runs (base turns their
// offsets into the candidates'). All of them are the reply's box list;
// with firstOnly the body is read only up to the end of the first run.
func boxRuns(r *reply, base int, firstOnly, single bool) []Candidate {
	body := r.body
	var out []Candidate
	var run []boxSpan
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
				if t, ok := embeddedBox(r, run[0].start, run[0].cs, run[0].ce, run[0].end); ok {
					c.Text = t
				}
			}
			if len(parts) > 1 {
				c.Items = parts
			}
			if m := orWordsAfter.FindStringSubmatch(body[run[len(run)-1].end:]); m != nil && !restating(m[1]) {
				// "$\boxed{1}$, $\boxed{-2}$, or no solution": the boxes
				// are offered with an alternative in words, which stays
				// with them (the answer is then no list of values)
				c.Text += `\text{ or ` + strings.TrimSpace(m[1]) + `}`
				c.Items = nil
			}
			out = append(out, c)
		}
		run = run[:0]
	}
	var list []boxSpan
	if !firstOnly {
		list = r.boxList()
	}
	for i, k := 0, 0; ; {
		var b boxSpan
		if firstOnly {
			var ok bool
			if b, i, ok = nextBox(body, i); !ok {
				break
			}
		} else {
			if k >= len(list) {
				break
			}
			b, k = list[k], k+1
		}
		if len(run) > 0 && (single || !onlySeparators(body[run[len(run)-1].end:b.start]) &&
			!sameNameGap(body[:run[0].start], body[run[len(run)-1].end:b.start])) {
			flush()
			if firstOnly && len(out) > 0 {
				return out
			}
		}
		run = append(run, b)
	}
	if len(run) > 0 {
		flush()
	}
	return out
}

// namedBefore matches a box's name written before it: "x =", "a=",
// "\theta =".
var namedBefore = regexp.MustCompile(`(?:^|[^A-Za-z\\])([A-Za-z]|\\[A-Za-z]+)\s*=\s*$`)

// sameNameGap reports whether the gap between two boxes is separators
// and then the first box's own name again: "$x = \boxed{-\tfrac32}$ and
// $x = \boxed{-\tfrac34}$" and "$a = \boxed{-1}$ and $a = \boxed{2}$" are
// the values of one unknown, a list, as "$\boxed{-2}$ and $\boxed{1}$" is.
func sameNameGap(before, gap string) bool {
	m := namedBefore.FindStringSubmatch(before)
	g := namedBefore.FindStringSubmatchIndex(gap)
	if m == nil || g == nil || gap[g[2]:g[3]] != m[1] {
		return false
	}
	return onlySeparators(gap[:g[2]])
}

// orWordsAfter matches "or" and words after a box ("$\boxed{1}$, or
// none", " (or possibly none)").
var orWordsAfter = regexp.MustCompile(`^[$\s]*[,;]?\s*\(?\s*or\s+([A-Za-z][A-Za-z ]{0,30}[A-Za-z])\s*[).,;!?]{0,2}\s*(?:$|\n|[A-Z*])`)

// restating reports whether the words after "or" restate the answer ("or
// equivalently", "or simply", "written as") instead of offering another.
func restating(w string) bool {
	w = strings.ToLower(w)
	for _, p := range []string{"equivalent", "simpl", "written", "in other words", "i.e", "that is", "rather", "more precisely", "exactly"} {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
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
func embeddedBox(r *reply, start, cs, ce, end int) (string, bool) {
	body := r.body
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
	if g, ok := r.segmentAround(start, end); ok {
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
