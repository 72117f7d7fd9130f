package texscan

// Seg is one math segment of a text s.
type Seg struct {
	// Start and End delimit the segment with its delimiters: s[Start:End].
	Start, End int
	// CS and CE delimit the formula inside the delimiters: s[CS:CE]. For a
	// display environment the formula is the whole environment, with its
	// \begin and \end.
	CS, CE int
	// Display is set for $$...$$, \[...\] and display environments.
	Display bool
}

// displayEnvs are the environments that are display math when they stand
// in text.
var displayEnvs = map[string]bool{"equation": true, "equation*": true, "align": true, "align*": true,
	"gather": true, "gather*": true, "multline": true, "multline*": true, "eqnarray": true, "eqnarray*": true,
	"displaymath": true, "alignat": true, "alignat*": true, "flalign": true, "flalign*": true}

// IsDisplayEnv reports whether \begin{name} standing in text opens display math.
func IsDisplayEnv(name string) bool { return displayEnvs[name] }

// The rules of math segments, shared by the grader and the viewer:
//
//   - \$ is a literal dollar sign (a command token): it never opens or
//     closes a formula, and neither does any other escaped character, so
//     \\ never starts \) or \];
//   - $$ opens a display formula closed by the next $$; a single $ opens
//     an inline formula closed by the next $ (the first of a $$ closes it:
//     $a$$b$ is two formulas);
//   - \( ... \) is inline and \[ ... \] display;
//   - a display environment standing in text (\begin{align*} ...
//     \end{align*}, see IsDisplayEnv) is display math closed by the first
//     \end of the same name;
//   - a single $ that opens on a digit opens no formula when the dollar
//     that would close it stands before a digit, or after a space with
//     prose between: both are price signs ("spends $12 + $5 = $17", "the
//     profit is -$33"; see PriceDollars);
//   - an opening delimiter with no closing one is text, so a stray "$5"
//     never swallows the rest of a reply; an unclosed $$ is retried as a
//     single $ at its second dollar.

// textGroupCmds are the commands whose group is text inside math, where a
// dollar opens math again.
var textGroupCmds = map[string]bool{"text": true, "textrm": true, "textnormal": true, "mbox": true, "hbox": true,
	"textbf": true, "textit": true, "textsf": true, "texttt": true, "textup": true}

// nestedTextWindow is how far a text group inside a formula is matched.
const nestedTextWindow = 1024

// closer is the token text that closes an opener, and whether it is display.
func closer(t Token) (close string, display, ok bool) {
	switch t.Kind {
	case MathShift:
		return t.Text, len(t.Text) == 2, true
	case MathOpen:
		if t.Text == `\(` {
			return `\)`, false, true
		}
		return `\]`, true, true
	case Begin:
		if displayEnvs[t.Name()] {
			return `\end{` + t.Name() + `}`, true, true
		}
	}
	return "", false, false
}

// SegmentAt reads a math segment that opens at byte offset i of s. It
// reports false when no delimiter opens there or it is never closed.
func SegmentAt(s string, i int) (Seg, bool) {
	return segmentAt(s, i, nil)
}

// segmentAt is SegmentAt with a memo of the closers known to be absent
// from a given offset on: a closer not found after offset p is not found
// after any later offset, which keeps NextSegment and Segments linear.
func segmentAt(s string, i int, absent map[string]int) (Seg, bool) {
	if i < 0 || i >= len(s) {
		return Seg{}, false
	}
	sc := Scanner{src: s, pos: i}
	open, _ := sc.Next()
	close, display, ok := closer(open)
	if !ok {
		return Seg{}, false
	}
	cs := open.End()
	if p, ok := absent[close]; ok && cs >= p {
		return Seg{}, false
	}
	skipped := false // a text group was skipped: what it held may close a later formula
	for {
		t, ok := sc.Next()
		if !ok {
			break
		}
		switch {
		case close == "$" && t.Kind == Command && textGroupCmds[t.Name()]:
			// "$\text{$7$}$": a dollar inside a text group opens math
			// nested in it, and closes no formula; the group (when it
			// closes within nestedTextWindow bytes) is part of this one
			if u, ok := sc.Peek(); ok && u.Kind == Open {
				if g, err := Match(s[:min(len(s), u.Pos+nestedTextWindow)], u.Pos, Braces, Limits{}); err == nil {
					sc.pos = g.End
					skipped = true
				}
			}
		case close == "$" && t.Kind == MathShift:
			if t.Text == "$" && open.Text == "$" && PriceDollars(s, cs, t.Pos) {
				// the opener is a price sign too: no formula opens here,
				// and the next dollar is tried as an opener
				return Seg{}, false
			}
			return Seg{Start: i, End: t.Pos + 1, CS: cs, CE: t.Pos}, true
		case t.Text == close && t.Kind != Command:
			if open.Kind == Begin {
				return Seg{Start: i, End: t.End(), CS: i, CE: t.End(), Display: true}, true
			}
			return Seg{Start: i, End: t.End(), CS: cs, CE: t.Pos, Display: display}, true
		}
	}
	if absent != nil && !skipped {
		absent[close] = cs
	}
	return Seg{}, false
}

// NextSegment returns the first math segment of s that opens at or after
// byte offset i. Escaped dollars and unclosed delimiters are text.
func NextSegment(s string, i int) (Seg, bool) {
	return nextSegment(s, i, map[string]int{})
}

func nextSegment(s string, i int, absent map[string]int) (Seg, bool) {
	sc := Scanner{src: s, pos: max(0, i)}
	for {
		t, ok := sc.Next()
		if !ok {
			return Seg{}, false
		}
		if _, _, opens := closer(t); !opens {
			continue
		}
		if g, ok := segmentAt(s, t.Pos, absent); ok {
			return g, true
		}
		if t.Text == "$$" {
			sc.pos = t.Pos + 1 // an unclosed $$: its second dollar may open an inline formula
		}
	}
}

// Segments returns every math segment of s in order.
func Segments(s string) []Seg { return AppendSegments(nil, s) }

// PriceDollars reports whether the dollar at s[at], which would close a
// formula opened by a single dollar whose content starts at s[cs] with a
// digit, is a price sign instead, and the opener with it: a digit follows
// it ("$12 + $5", "-$33", "$26-$30"), or a space precedes it and what lies
// between is prose ("$12 each, so she pays $\$108$", "$5, so $x = 40$": a
// word of two letters or more, not a command name). Pandoc's tex_math_dollars never
// closes before a digit or after a space; here the rules hold only after
// an opener on a digit, because MATH writes a price as "$\$$1500", whose
// closer stays one, and formulas as "$8 \cdot 8 = 64 $".
func PriceDollars(s string, cs, at int) bool {
	if cs >= len(s) || !isDigit(s[cs]) || at == 0 || at >= len(s) {
		return false
	}
	if at+1 < len(s) && isDigit(s[at+1]) {
		return true
	}
	space := s[at-1] == ' ' || s[at-1] == '\t' || at >= 2 && s[at-2] == 0xC2 && s[at-1] == 0xA0 // or a no-break space
	return space && proseWords(s[cs:at]) >= 1
}

// proseWords counts the runs of two ASCII letters or more in s that no
// backslash starts (words, not command names: a formula's letters are one
// letter each, "so" or "each" is prose).
func proseWords(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if !isLetter(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isLetter(s[j]) {
			j++
		}
		if j-i >= 2 && (i == 0 || s[i-1] != '\\') {
			n++
		}
		i = j
	}
	return n
}
