package answer

import (
	"strings"

	"github.com/matheval/matheval/texseg"
)

// lastMath returns the content of the last non-empty math segment of body
// (segments as package texseg finds them, the same the viewer renders); a
// run of segments joined by "and"/"or"/commas ("$1$, $2$ and $3$") is one
// list.
func lastMath(body string, base int) (Candidate, bool) {
	return lastMathOf(body, base, texseg.All(body))
}

// lastMathOf is lastMath over the segments of body already found (the
// math tier reads the reply's, found once).
func lastMathOf(body string, base int, segs []texseg.Seg) (Candidate, bool) {
	var run []texseg.Seg // the current run of segments joined by list gaps
	prevEnd := -1        // where the content of the last segment kept ends, when it is a numeral
	for _, g := range segs {
		if g.CS, g.CE = trimSpan(body, g.CS, g.CE); g.CS >= g.CE {
			continue
		}
		if prevEnd >= 0 {
			if _, e, ok := baseAfter(body, prevEnd); ok && e >= g.End {
				continue // "$25$ in base $6$": the base of the numeral before it (attachValueWords)
			}
		}
		prevEnd = -1
		if isNumeral(body[g.CS:g.CE]) {
			prevEnd = g.CE
		}
		if len(run) == 0 || len(run) >= 50 || !listGap(body[run[len(run)-1].End:g.Start]) {
			run = run[:0]
		}
		run = append(run, g)
	}
	if len(run) == 0 {
		return Candidate{}, false
	}
	last := run[len(run)-1]
	if laterValue(body, last.End) {
		// "He has $8 \times 5 = 40$ apples in 9 rows.": a plain value
		// after the formula in its sentence, and no word saying which is
		// the result; the number tier says so (unpickedLast), and neither
		// is the answer
		return Candidate{}, false
	}
	if len(run) == 1 {
		if b := boundAround(body, last.Start, last.End); b.words != "" && (b.foreign || b.endsSentence(body, last.End)) {
			// "So we need $89$ or more.", "It is at least $12$.": a bound
			// that ends its sentence (or one in another language) is no
			// value; the words stay with it, so that it is read whole (and
			// refused) as "at least 12" is.
			// ("at most $3$ colors may be used" names the extreme: MATH's
			// own solutions write so, and it is the value.)
			return Candidate{Text: b.write(body[last.CS:last.CE]), Kind: KindMath, Pos: base + last.CS, End: base + last.CE}, true
		}
		if e := attachedAfter(body, last.End); e > last.End {
			// "$36$π": what is written onto the closing dollar belongs to
			// the formula, never dropped
			return Candidate{Text: body[last.CS:last.CE] + body[last.End:e], Kind: KindMath, Pos: base + last.CS, End: base + e}, true
		}
		return Candidate{Text: body[last.CS:last.CE], Kind: KindMath, Pos: base + last.CS, End: base + last.CE}, true
	}
	parts := make([]string, 0, len(run))
	for _, g := range run {
		parts = append(parts, body[g.CS:g.CE])
	}
	return Candidate{Text: strings.Join(parts, ", "), Kind: KindMath, Pos: base + run[0].CS, End: base + last.CE, Items: parts}, true
}

// laterValue reports whether the sentence that a formula ending at
// body[end] is in goes on to a plain number with no result word
// (resultWords) between them.
func laterValue(body string, end int) bool {
	e := end
	for e < len(body) {
		c := body[e]
		if c == '\n' || c == '!' || c == '?' || c == '$' || c == '\\' ||
			c == '.' && (e+1 == len(body) || body[e+1] == ' ' || body[e+1] == '\n') {
			break
		}
		e++
	}
	rest := body[end:e]
	k := strings.IndexAny(rest, "0123456789")
	if k < 0 {
		return false
	}
	if strings.ContainsAny(rest[:k], "([") {
		return false // an aside: "So $x = 4$ (from equation (2))."
	}
	between := " " + asciiLower(rest[:k]) + " "
	for _, w := range []string{" about ", " approximately ", " roughly ", " around ", " nearly ", " almost ", " or ",
		"≈", `\approx`, "~", " in decimal", " as a decimal", " percent"} {
		if strings.Contains(between, w) {
			return false // the formula's value restated ("$\frac{1}{6}$, about 16.7%")
		}
	}
	return !saysResult(between)
}
