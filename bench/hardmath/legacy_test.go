package hardmath

// This file keeps HARDMath's hand scanners of TeX as they were before the
// move onto texscan (git show 75e13d8:bench/hardmath/answers.go, roots.go,
// layout.go), as the reference of the diff test below.

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testtexts"
	"github.com/matheval/matheval/texscan"
)

// boxedAll returns the contents of every \boxed{...} (or bare boxed{...},
// as the released solutions write it), braces matched.
func oldBoxedAll(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], "boxed{")
		if j < 0 {
			break
		}
		start := i + j + len("boxed{")
		depth := 1
		k := start
		for k < len(s) && depth > 0 {
			switch s[k] {
			case '{':
				depth++
			case '}':
				depth--
			}
			k++
		}
		if depth != 0 {
			break
		}
		out = append(out, s[start:k-1])
		i = k
	}
	return out
}

// balanced reports whether s's braces balance.
func oldBalanced(s string) bool {
	depth := 0
	for _, c := range s {
		switch c {
		case '{':
			depth++
		case '}':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// matchingClose returns the index of the bracket closing the one at i.
func oldMatchingClose(s string, i int) int {
	depth := 0
	for k := i; k < len(s); k++ {
		switch s[k] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// splitTop splits s at sep outside any brackets.
func oldSplitTop(s string, sep byte) []string {
	var out []string
	depth, last := 0, 0
	for k := 0; k < len(s); k++ {
		switch s[k] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case sep:
			if depth == 0 && !(k > 0 && s[k-1] == '\\') { // "\," is a thin space
				out = append(out, s[last:k])
				last = k + 1
			}
		}
	}
	return append(out, s[last:])
}

// cleanAnswer reduces a stated answer to its formula: it drops math
// delimiters and trailing punctuation, and keeps what follows the last
// top-level "=" or "\approx" (x = ..., I(x) \approx ..., \epsilon = ...).
func oldCleanAnswer(s string) string {
	s = stripMath(s)
	s = strings.TrimSpace(strings.ReplaceAll(s, "\\n", " "))
	s = strings.TrimSpace(strings.TrimRight(s, ".;, \n"))
	depth := 0
	cut := -1
	for k := 0; k < len(s); k++ {
		switch s[k] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '=':
			if depth == 0 {
				cut = k + 1
			}
		case '\\':
			for _, w := range []string{`\approx`, `\simeq`, `\sim`} {
				if depth == 0 && strings.HasPrefix(s[k:], w) {
					cut = k + len(w)
				}
			}
		}
	}
	if cut >= 0 {
		s = s[cut:]
	}
	return strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ".;,"))
}

// boxStarts returns the offset in reply of each of the n boxes' "boxed{",
// or nil when they cannot be located.
func oldBoxStarts(reply string, n int) []int {
	var out []int
	pos := 0
	for range n {
		i := strings.Index(reply[pos:], "boxed{")
		if i < 0 {
			return nil
		}
		out = append(out, pos+i)
		pos += i + len("boxed{")
		// Skip the box's content so nested boxes are not counted.
		depth := 1
		for pos < len(reply) && depth > 0 {
			switch reply[pos] {
			case '{':
				depth++
			case '}':
				depth--
			}
			pos++
		}
	}
	return out
}

// splitLines splits a box at \\ and newlines outside brackets and
// parentheses (a list may run over several lines).
func oldSplitLines(s string) []string {
	var out []string
	depth, last := 0, 0
	for k := 0; k < len(s); k++ {
		switch s[k] {
		case '[', '(':
			depth++
		case ']', ')':
			if depth > 0 {
				depth--
			}
		case '\n':
			if depth == 0 {
				out = append(out, s[last:k])
				last = k + 1
			}
		case '\\':
			if depth == 0 && k+1 < len(s) && s[k+1] == '\\' {
				out = append(out, s[last:k])
				last = k + 2
				k++
			}
		}
	}
	return append(out, s[last:])
}

// splitRows splits a layout's body at its top-level row breaks (\\).
func oldSplitRows(body string) []string {
	var out []string
	depth, last := 0, 0
	for k := 0; k < len(body); k++ {
		switch body[k] {
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
		case '\\':
			if depth == 0 && k+1 < len(body) && body[k+1] == '\\' {
				out = append(out, body[last:k])
				last = k + 2
				k++
			}
		}
	}
	return append(out, body[last:])
}

// splitLabel splits a leading regime label off a column: a \text{...}
// group (with a colon inside or after it), or what precedes a top-level
// colon when that reads as a label. With needColon a \text group is a
// label only with its colon: in a list item "\text{For large } x" is words.
func oldSplitLabel(col string, needColon bool) (label, rest string) {
	c := strings.TrimSpace(col)
	for _, cmd := range []string{`\text`, `\textbf`, `\mathrm`} {
		if strings.HasPrefix(c, cmd+"{") {
			if k := oldMatchingClose(c, len(cmd)); k > 0 {
				lab := c[:k+1]
				colon := strings.HasSuffix(strings.TrimSpace(c[len(cmd)+1:k]), ":") || strings.HasPrefix(strings.TrimSpace(c[k+1:]), ":")
				if isRegimeLabel(lab) && (colon || !needColon) {
					return lab, strings.TrimPrefix(strings.TrimSpace(c[k+1:]), ":")
				}
			}
		}
	}
	depth, colon := 0, -1
	for k := 0; k < len(c); k++ {
		switch c[k] {
		case '{', '(', '[':
			depth++
		case '}', ')', ']':
			depth--
		case ':':
			if depth == 0 {
				colon = k
			}
		}
	}
	if colon >= 0 && isRegimeLabel(c[:colon]) {
		return c[:colon], c[colon+1:]
	}
	return "", c
}

var oldTextCmdRe = regexp.MustCompile(`\\(?:text|textbf|textit|textsf|mathrm|mbox|operatorname)\s*\{`)

func oldUnwrapCommands(s string) string {
	for range 64 {
		m := oldTextCmdRe.FindStringIndex(s)
		if m == nil {
			break
		}
		open := m[1] - 1
		close := oldMatchingClose(s, open)
		if close < 0 {
			s = s[:m[0]] + " " + s[m[1]:]
			continue
		}
		s = s[:m[0]] + " " + s[open+1:close] + " " + s[close+1:]
	}
	return s
}

func oldStripMath(s string) string {
	s = strings.ReplaceAll(s, "$$", " ")
	s = strings.ReplaceAll(s, "$", " ")
	s = strings.ReplaceAll(s, `\[`, " ")
	s = strings.ReplaceAll(s, `\]`, " ")
	return strings.TrimSpace(s)
}

var oldLayoutEnvRe = regexp.MustCompile(`\\begin\{(cases|aligned|align\*?|array|gathered|split|[bp]?matrix)\}`)

func oldFirstLayout(s string) (env, body string, ok bool) {
	loc := oldLayoutEnvRe.FindStringSubmatchIndex(s)
	if loc == nil {
		return "", "", false
	}
	env = s[loc[2]:loc[3]]
	body = s[loc[1]:]
	end := strings.Index(body, `\end{`+env+`}`)
	if end < 0 {
		return "", "", false
	}
	return env, body[:end], true
}

// TestScanSameAsBefore runs the old and new scanners over every text we
// hold, the contents of their boxes and their math segments. The old
// scanners counted escaped braces (\{ \}) as brackets and let a stray closer
// take their depth below zero, and splitTop kept a separator after any
// backslash, so a row break and a column (\\&) was not split; texts where
// one of these could matter (they hold an escaped brace or \\& or \\, , or
// the old depth went negative) are counted as fixes, not compared. So are
// texts with \simeq (cleanAnswer cut it after \sim, leaving "eq ..."), with
// \: (a space, which splitLabel took for a label's colon) and with a
// backslash before a line break (a control space, which splitLines took
// for a line break); with \$ (which stripMath turned into "\ "), with \\[
// (a row break with its spacing, \\[3pt], whose \[ stripMath removed) and
// where unwrapCommands closed an argument at a parenthesis (oldArgMismatched).
// Any other difference is a regression.
func TestScanSameAsBefore(t *testing.T) {
	texts := append(testtexts.FuzzCorpora(t), testtexts.Shared(t)...)
	n, diffs, fixes := 0, 0, 0
	check := func(where, what, s string, same bool) {
		if same {
			return
		}
		if oldDepthNegative(s) || strings.Contains(s, `\{`) || strings.Contains(s, `\}`) ||
			strings.Contains(s, `\\&`) || strings.Contains(s, `\\,`) || strings.Contains(s, `\simeq`) ||
			strings.Contains(s, `\:`) || strings.Contains(s, "\\\n") || strings.Contains(s, `\$`) ||
			strings.Contains(s, `\\[`) || oldArgMismatched(s) {
			fixes++
			return
		}
		diffs++
		if diffs <= 60 {
			t.Errorf("%s: %s differs on %q", where, what, clip(s))
		}
	}
	for _, x := range texts {
		ob := oldBoxedAll(x.S)
		check(x.Where, "boxedAll", x.S, slices.Equal(ob, boxedAll(x.S)))
		check(x.Where, "boxStarts", x.S, slices.Equal(oldBoxStarts(x.S, len(ob)), boxStarts(x.S, len(ob))))
		for _, b := range ob { // list items, as listItem reads them
			for _, it := range splitList(b) {
				it = trimTeXSpace(it)
				m := oldQuotedRe.FindStringSubmatch(it)
				o, inner, c, ok := quotedItem(it)
				n++
				check(x.Where, "quotedItem (list item)", it, ok == (m != nil) && (!ok || string(o) == m[1] && inner == m[2] && string(c) == m[3]))
			}
		}
		inputs := append([]string{x.S}, ob...)
		for _, g := range texscan.Segments(x.S) {
			inputs = append(inputs, x.S[g.CS:g.CE])
		}
		for _, s := range inputs {
			n++
			check(x.Where, "balanced", s, oldBalanced(s) == balanced(s))
			check(x.Where, "splitTop ,", s, slices.Equal(oldSplitTop(s, ','), splitTop(s, ',')))
			check(x.Where, "splitTop &", s, slices.Equal(oldSplitTop(s, '&'), splitTop(s, '&')))
			check(x.Where, "splitLines", s, slices.Equal(oldSplitLines(s), splitLines(s)))
			check(x.Where, "splitRows", s, slices.Equal(oldSplitRows(s), splitRows(s)))
			if len(s) <= 1000 { // answers, boxes and formulas, what it is given
				check(x.Where, "cleanAnswer", s, oldCleanAnswer(s) == cleanAnswer(s))
			}
			check(x.Where, "stripMath", s, oldStripMath(s) == stripMath(s))
			check(x.Where, "unwrapCommands", s, oldUnwrapCommands(s) == unwrapCommands(s))
			if !oldTextNested(s) {
				check(x.Where, "stripLabelNoise", s, oldStripLabelNoise(s) == stripLabelNoise(s))
				check(x.Where, "cleanRoot", s, oldCleanRoot(s) == cleanRoot(s))
				check(x.Where, "normalizeRootText", s, oldNormalizeRootText(s) == normalizeRootText(s))
			} else if oldStripLabelNoise(s) != stripLabelNoise(s) || oldCleanRoot(s) != cleanRoot(s) ||
				oldNormalizeRootText(s) != normalizeRootText(s) {
				fixes++
			}
			checkTok := func(what string, same bool) {
				if !same && (oldCommandAdjacent(s) || what == "dropWords" && (strings.Contains(s, `\begin`) || strings.Contains(s, `\end`))) {
					fixes++
					return
				}
				check(x.Where, what, s, same)
			}
			checkTok("regimeWords", slices.Equal(oldRegimeWords(s), regimeWords(s)))
			checkTok("dropWords", oldDropWords(s) == dropWords(s))
			od, odOK := oldDropDots(s)
			nd, ndOK := dropDots(s)
			checkTok("dropDots", od == nd && odOK == ndOK)
			checkTok("replaceSpaceCommands", oldSpaceCmdRe.ReplaceAllString(s, " ") == replaceSpaceCommands(s))
			checkTok("hasWord k", oldKVarRe.MatchString(s) == hasWord(s, "k"))
			checkTok("orderTermIndex", oldOrderTermIndex(s) == orderTermIndex(s, 0))
			oa, os, ook := oldIndexFamily(s)
			na, ns, nok := indexFamily(s)
			checkTok("indexFamily", oa == na && os == ns && ook == nok)
			if toks, err := texscan.Tokens(s, texscan.Limits{}); err == nil {
				if o, nw := oldLaplaceT0Re.MatchString(s), namesT0(toks); o != nw {
					if o && oldT0InsideWord(s, toks) {
						fixes++
					} else {
						check(x.Where, "namesT0", s, false)
					}
				}
				if o, nw := oldLaplaceMaxRe.MatchString(s), namesMax(toks) || laplaceMaxRe.MatchString(s); o != nw {
					if nw && strings.Contains(s, `\max`) {
						fixes++ // \max_t, \max{: the regexp's \b wanted no subscript
					} else {
						check(x.Where, "namesMax", s, false)
					}
				}
			}
			if m := oldQuotedRe.FindStringSubmatch(s); true {
				o, inner, c, ok := quotedItem(s)
				same := ok == (m != nil) && (!ok || string(o) == m[1] && inner == m[2] && string(c) == m[3])
				check(x.Where, "quotedItem", s, same)
			}
			if o, nw := oldRegimeOfLabel(s), regimeOfLabel(s); o != nw {
				if l := strings.ToLower(s); oldRegimeLabelFix(s) || strings.Contains(l, `\to`) || strings.Contains(l, `\rightarrow`) {
					fixes++ // a command's name read as a word; \to 0.5 read as \to 0, \Rightarrow0 not
				} else {
					check(x.Where, "regimeOfLabel", s, false)
				}
			}
			if o, nw := oldRegimeLabelRe.MatchString(s), isRegimeLabel(s); o != nw {
				if oldRegimeLabelFix(s) {
					fixes++
				} else {
					check(x.Where, "isRegimeLabel", s, false)
				}
			}
			if i := strings.LastIndexByte(s, '\n') + 1; true {
				cut := s
				if j := orderTermIndex(s, i); j >= 0 {
					cut = s[:j]
				}
				checkTok("ODE order term", oldODEOrderRe.ReplaceAllString(s, "") == cut)
			}
			checkTok("expandSubscriptRanges", oldSubscriptRangeRe.ReplaceAllString(s, ", k = $1, \\ldots, $2]") == expandSubscriptRanges(s))
			oe, ob, ook := oldFirstLayout(s)
			ne, nb, nok := firstLayout(s)
			check(x.Where, "firstLayout", s, oe == ne && ob == nb && ook == nok)
			ol, or := oldSplitLabel(s, true)
			nl, nr := splitLabel(s, true)
			check(x.Where, "splitLabel", s, ol == nl && or == nr)
			for i := 0; i < len(s); i++ {
				if strings.IndexByte("([{", s[i]) >= 0 && (i == 0 || s[i-1] != '\\') {
					if o, nw := oldMatchingClose(s, i), matchingClose(s, i); o != nw {
						check(x.Where, "matchingClose", s, false)
						break
					}
				}
			}
		}
	}
	t.Logf("%d texts, boxes and formulas compared, %d differences, %d fixes", n, diffs, fixes)
}

var (
	oldTextRe = regexp.MustCompile(`\\(?:text|textbf|textit|textsf|mathrm|mbox)\s*\{[^{}]*\}`)
	oldEnvRe  = regexp.MustCompile(`\\(?:begin|end)\s*\{[a-zA-Z*]*\}(?:\{[^{}]*\})?`)
	// oldTextOpenRe finds the commands whose argument oldTextRe could miss.
	oldTextOpenRe = regexp.MustCompile(`\\(?:text|textbf|textit|textsf|mathrm|mbox|begin|end)\s*\{`)
)

func oldStripLabelNoise(s string) string {
	s = oldTextRe.ReplaceAllString(s, " ")
	for _, w := range []string{`\epsilon`, "epsilon", "positive", "roots", "root", "regime", "for", "For", "$", ":", "}", ")", "(", "&", `\end`, "cases", "array", "aligned", "align*", "align"} {
		s = strings.ReplaceAll(s, w, " ")
	}
	return strings.TrimSpace(s)
}

func oldNormalizeRootText(s string) string {
	r := strings.NewReplacer(`\left[`, "[", `\right]`, "]", `\bigl[`, "[", `\bigr]`, "]", `\Bigl[`, "[", `\Bigr]`, "]",
		`\big[`, "[", `\big]`, "]", `\Big[`, "[", `\Big]`, "]", `\lbrack`, "[", `\rbrack`, "]",
		`\left\{`, `\{`, `\right\}`, `\}`, `\left.`, "", `\right.`, "",
		`\begin{bmatrix}`, "[", `\end{bmatrix}`, "]", `\begin{pmatrix}`, "(", `\end{pmatrix}`, ")")
	s = r.Replace(s)
	s = strings.ReplaceAll(s, `\_`, "_")
	s = unwrapCommands(s)
	s = oldEnvRe.ReplaceAllString(s, " ")
	s = oldSubscriptRangeRe.ReplaceAllString(s, ", k = $1, \\ldots, $2]")
	return s
}

func oldCleanRoot(p string) string {
	p = oldTextRe.ReplaceAllString(p, " ")
	p = strings.NewReplacer(`&`, " ", `\quad`, " ", `\qquad`, " ", `\,`, " ", `\;`, " ", `\ `, " ", `\!`, "", `\mathrm{I}`, "I").Replace(p)
	if m := oldOrderRe.FindStringIndex(p); m != nil {
		p = p[:m[0]]
	}
	p = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(p), "+"))
	return cleanAnswer(p)
}

// The regexps that scanned TeX in replies before they moved onto texscan
// tokens (issue 28), and what they computed.
var (
	oldSubscriptRangeRe = regexp.MustCompile(`\]\s*_\{\s*k\s*=\s*(-?\d+)\s*\}\s*\^\{?\s*(-?\d+)\s*\}?`)
	oldOrderRe          = regexp.MustCompile(`[+-]\s*(?:\\mathcal\{O\}|O)\s*(?:\\left)?\s*\(`)
	oldODEOrderRe       = regexp.MustCompile(`[+-]\s*(?:\\mathcal\{O\}|O)\s*(?:\\left)?\s*\(.*$`)
	oldRootLabelRe      = regexp.MustCompile(`(?i)(^|[^\\a-z])(small|large)`)
	oldWordRe           = regexp.MustCompile(`(^|[^\\a-zA-Z])([a-zA-Z]{3,})`)
	oldDotsRe           = regexp.MustCompile(`\\ldots|\\cdots|\\dots|\.\.\.?`)
	oldSpaceCmdRe       = regexp.MustCompile(`\\[,;: !]|\\q?quad`)
	oldKVarRe           = regexp.MustCompile(`(^|[^a-zA-Z\\])k([^a-zA-Z]|$)`)
	oldRegimeLabelRe    = regexp.MustCompile(`(?i)\\ll|\\gg|\\to|\\rightarrow|small|large|regime|\\text|\\quad\s*$|^\s*\(?\s*x\s*[<>]`)
	oldLaplaceT0Re      = regexp.MustCompile(`t_\{?0\}?|t_\{?\\?max\}?|t\^\{?\*\}?|t\^\{?\\ast\}?`)
	oldLaplaceMaxRe     = regexp.MustCompile(`(?i)maxim(um|ized|ised|izes|ises|ize|ise)|attains its max|\\max\b`)
	oldQuotedRe         = regexp.MustCompile(`^(?:\\text\{\s*)?(["'])(.*)(["'])(?:\s*\})?$`)
	oldFamilyRe         = regexp.MustCompile(`(?:\\mid|\||\bfor\b|\bwhere\b|,)[\s{}]*k[\s{}]*(?:=|\\in|\bin\b)\s*(.*)$`)
)

func oldIndexFamily(s string) (int, string, bool) {
	if m := oldFamilyRe.FindStringSubmatchIndex(s); m != nil {
		return m[0], s[m[2]:m[3]], true
	}
	return 0, "", false
}

func oldRegimeWords(s string) [][2]int {
	var out [][2]int
	for _, l := range oldRootLabelRe.FindAllStringSubmatchIndex(s, -1) {
		out = append(out, [2]int{l[4], l[5]})
	}
	return out
}

func oldDropWords(s string) string {
	return oldWordRe.ReplaceAllStringFunc(s, func(m string) string {
		i := 0
		for i < len(m) && !(m[i] >= 'a' && m[i] <= 'z' || m[i] >= 'A' && m[i] <= 'Z') {
			i++
		}
		switch m[i:] {
		case "exp", "sqrt", "sin", "cos", "tan", "log", "epsilon", "pi", "sinh", "cosh", "tanh", "frac", "left", "right", "cdot":
			return m
		}
		return m[:i] + " "
	})
}

func oldDropDots(s string) (string, bool) {
	return oldDotsRe.ReplaceAllString(s, ""), oldDotsRe.MatchString(s)
}

func oldOrderTermIndex(s string) int {
	if m := oldOrderRe.FindStringIndex(s); m != nil {
		return m[0]
	}
	return -1
}

// oldCommandAdjacent reports whether s has what the regexps misread and
// the tokens do not: a line break \\ or a one-character command (\-,
// \., \+) whose character the regexps took for text, or a command whose
// name merely begins with a name they looked for (\quadx, \ldotsx).
func oldCommandAdjacent(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		if strings.IndexByte("\\-+.", s[i+1]) >= 0 {
			return true
		}
		j := i + 1
		for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
			j++
		}
		name := s[i+1 : j]
		for _, p := range []string{"quad", "qquad", "ldots", "cdots", "dots", "mathcal"} {
			if name != p && strings.HasPrefix(name, p) {
				return true
			}
		}
		i = j - 1
	}
	return false
}

// oldTextNested reports whether s has a \text-like command or an
// environment whose argument oldTextRe or oldEnvRe did not read as
// texscan does: an argument holding braces (\text{for $\epsilon^{2}$}),
// an escaped brace, or one never closed; those are fixes of the move.
func oldTextNested(s string) bool {
	for _, m := range oldTextOpenRe.FindAllStringIndex(s, -1) {
		g, err := texscan.Match(s, m[1]-1, texscan.Braces, texscan.Limits{})
		if err != nil || strings.ContainsAny(s[g.Inner:g.InnerEnd], "{}") {
			return true
		}
		if strings.HasPrefix(s[m[0]:], `\begin`) && g.End < len(s) && s[g.End] == '{' {
			if h, err := texscan.Match(s, g.End, texscan.Braces, texscan.Limits{}); err != nil || strings.ContainsAny(s[h.Inner:h.InnerEnd], "{}") {
				return true
			}
		}
	}
	return false
}

// oldArgMismatched reports whether the old unwrapCommands closed a
// command's argument at a bracket other than its brace ("\text{(ratio of }
// \theta \text{ to ...)}" closed the first argument at the ")").
func oldArgMismatched(s string) bool {
	for _, m := range oldTextCmdRe.FindAllStringIndex(s, -1) {
		g, err := texscan.Match(s, m[1]-1, texscan.Braces, texscan.Limits{})
		if c := oldMatchingClose(s, m[1]-1); err != nil && c >= 0 || err == nil && c != g.InnerEnd {
			return true
		}
	}
	return false
}

// oldDepthNegative reports whether the old scanners' bracket depth went
// below zero on s (a closer with nothing open).
func oldDepthNegative(s string) bool {
	depth := 0
	for k := 0; k < len(s); k++ {
		switch s[k] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth--; depth < 0 {
				return true
			}
		}
	}
	return false
}

func clip(s string) string {
	if len(s) > 240 {
		return s[:120] + " ... " + s[len(s)-120:]
	}
	return s
}

// oldRegimeLabelFix reports whether s has what oldRegimeLabelRe read in a
// command's name: a size or spacing command holding "small" or "large"
// (\Large, \smallskip), a longer command beginning with \to, \ll, \gg or
// \rightarrow (\top, \today, \lll), or "\\" before one of them.
func oldRegimeLabelFix(s string) bool {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return false
	}
	for _, t := range toks {
		if t.Kind != texscan.Command {
			continue
		}
		n := strings.ToLower(t.Name())
		if strings.Contains(n, "small") || strings.Contains(n, "large") || strings.Contains(n, "regime") {
			return true
		}
		for _, p := range []string{"ll", "gg", "to", "rightarrow", "quad"} {
			if n != p && strings.HasPrefix(n, p) {
				return true
			}
		}
		if n == "\\" {
			return true
		}
	}
	return false
}

// oldT0InsideWord reports whether every match of oldLaplaceT0Re has its t
// inside a longer word or a command (\int_0, "at_0"), or an unclosed or
// longer subscript (t_{0 x}, t_05): not the variable t_0.
func oldT0InsideWord(s string, toks []texscan.Token) bool {
	for _, m := range oldLaplaceT0Re.FindAllStringIndex(s, -1) {
		for i, t := range toks {
			if t.Pos <= m[0] && m[0] < t.End() {
				if t.Kind == texscan.Word && t.Text == "t" && namesT0(toks[i:]) && (i+1 >= len(toks) || toks[i+1].Pos == t.End()) {
					return false
				}
				break
			}
		}
	}
	return true
}

func oldRegimeOfLabel(label string) string {
	l := strings.ToLower(label)
	small := strings.Contains(l, `\ll`) || strings.Contains(l, "small") || strings.Contains(l, `\to 0`) || strings.Contains(l, `\rightarrow 0`)
	large := strings.Contains(l, `\gg`) || strings.Contains(l, "large") || strings.Contains(l, `\infty`)
	switch {
	case small && !large:
		return "small"
	case large && !small:
		return "large"
	}
	return ""
}
