package hardmath

import (
	"strings"

	"github.com/matheval/matheval/texscan"
)

// Answers to the two-regime formula questions (ODE, integrals) sometimes
// come as a LaTeX layout instead of a list:
//
//	y(x) = \begin{cases} 1 - \frac{x^3}{24} & (x \ll 1) \\ -6/(x - 5) & (x \gg 1) \end{cases}
//	\begin{aligned} \text{small } x: & \quad y = 1 - x^3/24 \\ \text{large } x: & \quad y = -6/(x-5) \end{aligned}
//
// layoutRows reads such a layout as one formula per row: the row's
// column that is not a regime label, with the regime its label names
// (small or large). The formulas are still graded numerically like any
// other answer: reading a layout only finds them.

// layoutEnvs are the environments read as rows.
var layoutEnvs = map[string]bool{"cases": true, "aligned": true, "align": true, "align*": true, "array": true,
	"gathered": true, "split": true, "matrix": true, "bmatrix": true, "pmatrix": true}

// firstLayout returns the name and body of the first layout environment of
// s, with ok false when s holds none or its first one is not closed (by
// the first \end of the same name).
func firstLayout(s string) (env, body string, ok bool) {
	sc := texscan.NewScanner(s, 0)
	for t, more := sc.Next(); more; t, more = sc.Next() {
		if t.Kind != texscan.Begin || !layoutEnvs[t.Name()] {
			continue
		}
		for e, more := sc.Next(); more; e, more = sc.Next() {
			if e.Kind == texscan.End && e.Name() == t.Name() {
				return t.Name(), s[t.End():e.Pos], true
			}
		}
		return "", "", false
	}
	return "", "", false
}

// layoutRow is one row of a layout: its formula and the regime its label
// names ("small", "large" or "").
type layoutRow struct {
	formula, regime string
}

// layoutRows returns the rows of the first layout environment in s, or
// nil when s holds none or it is not closed.
func layoutRows(s string) []layoutRow {
	env, body, ok := firstLayout(s)
	if !ok {
		return nil
	}
	if env == "array" && strings.HasPrefix(strings.TrimSpace(body), "{") {
		b := strings.TrimSpace(body)
		if k := matchingClose(b, 0); k > 0 {
			body = b[k+1:] // the column specification
		}
	}
	// In cases and array a row's columns are a formula and its condition;
	// elsewhere (aligned, gathered, matrices) & only aligns, and the row
	// is read whole.
	columns := env == "cases" || env == "array"
	var rows []layoutRow
	for _, line := range splitRows(body) {
		if !columns {
			line = strings.Join(splitTop(line, '&'), " ")
		}
		var formula, label string
		for _, col := range splitTop(line, '&') {
			// A label before the formula ("\text{Small $x$ regime:} y =
			// ...", "small x: y = ...") is kept as the row's label.
			lab, rest := splitLabel(col, false)
			label += " " + lab
			col = rest
			col = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(col), `\quad`))
			switch {
			case col == "":
			case isRegimeLabel(col):
				label += " " + col
			default:
				formula += " " + col // "y &= ..." in an array: the columns make one formula
			}
		}
		formula = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(formula), ",;."))
		if formula == "" {
			continue
		}
		rows = append(rows, layoutRow{formula: formula, regime: regimeOfLabel(label)})
	}
	return rows
}

// splitLabel splits a leading regime label off a column: a \text{...}
// group (with a colon inside or after it), or what precedes a top-level
// colon when that reads as a label. With needColon a \text group is a
// label only with its colon: in a list item "\text{For large } x" is words.
func splitLabel(col string, needColon bool) (label, rest string) {
	c := strings.TrimSpace(col)
	for _, cmd := range []string{`\text`, `\textbf`, `\mathrm`} {
		if strings.HasPrefix(c, cmd+"{") {
			if k := matchingClose(c, len(cmd)); k > 0 {
				lab := c[:k+1]
				colon := strings.HasSuffix(strings.TrimSpace(c[len(cmd)+1:k]), ":") || strings.HasPrefix(strings.TrimSpace(c[k+1:]), ":")
				if isRegimeLabel(lab) && (colon || !needColon) {
					return lab, strings.TrimPrefix(strings.TrimSpace(c[k+1:]), ":")
				}
			}
		}
	}
	colon := -1
	if spans, err := texscan.SplitSpans(c, brackets, texscan.Limits{}, ":"); err == nil && len(spans) > 1 {
		colon = spans[len(spans)-1][0] - 1
	}
	if colon >= 0 && isRegimeLabel(c[:colon]) {
		return c[:colon], c[colon+1:]
	}
	return "", c
}

// isRegimeLabel recognises a column that labels a regime rather than
// giving a formula: it has a word holding "small", "large" or "regime" (in
// any case), a \text command, \ll, \gg, \to or \rightarrow, ends with
// \quad, or opens with x < or x > (after "(" maybe). On texscan tokens, a
// command is itself: \Large or \smallskip is no regime word, \top no \to.
func isRegimeLabel(s string) bool {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return false
	}
	for _, t := range toks {
		switch t.Kind {
		case texscan.Word:
			w := strings.ToLower(t.Text)
			if strings.Contains(w, "small") || strings.Contains(w, "large") || strings.Contains(w, "regime") {
				return true
			}
		case texscan.Command:
			switch n := strings.ToLower(t.Name()); {
			case n == "ll", n == "gg", n == "to", n == "rightarrow", strings.HasPrefix(n, "text"):
				return true
			}
		}
	}
	last := len(toks) - 1
	for last >= 0 && (toks[last].Kind == texscan.Space || toks[last].Kind == texscan.Newline) {
		last--
	}
	if last >= 0 && toks[last].Is("quad") {
		return true
	}
	i := skipSpace(toks, 0)
	if isPunct(toks, i, "(") {
		i = skipSpace(toks, i+1)
	}
	if i < len(toks) && toks[i].Kind == texscan.Word && (toks[i].Text == "x" || toks[i].Text == "X") {
		j := skipSpace(toks, i+1)
		return isPunct(toks, j, "<") || isPunct(toks, j, ">")
	}
	return false
}

// regimeOfLabel reads the regime a label names: small for a word holding
// "small" (any case), \ll, or \to or \rightarrow before 0; large for a word
// holding "large", \gg or \infty; neither when it names both or none. On
// texscan tokens: \Large is no word, \llbracket no \ll.
func regimeOfLabel(label string) string {
	toks, err := texscan.Tokens(label, texscan.Limits{})
	if err != nil {
		return ""
	}
	small, large := false, false
	for i, t := range toks {
		switch t.Kind {
		case texscan.Word:
			w := strings.ToLower(t.Text)
			small = small || strings.Contains(w, "small")
			large = large || strings.Contains(w, "large")
		case texscan.Command:
			switch n := strings.ToLower(t.Name()); n {
			case "ll":
				small = true
			case "gg", "infty":
				large = true
			case "to", "rightarrow":
				if j := skipSpace(toks, i+1); j < len(toks) && toks[j].Kind == texscan.Number && toks[j].Text == "0" {
					small = true
				}
			}
		}
	}
	switch {
	case small && !large:
		return "small"
	case large && !small:
		return "large"
	}
	return ""
}

// layoutFormulas returns n formulas, one per regime in order (small
// first), from a layout in box, when it has exactly n rows; rows whose
// labels name the regimes are put in that order.
func layoutFormulas(box string, n int) ([]string, bool) {
	rows := layoutRows(box)
	if len(rows) != n || n != 2 {
		return nil, false
	}
	if rows[0].regime == "large" && rows[1].regime == "small" {
		rows[0], rows[1] = rows[1], rows[0]
	}
	out := make([]string, n)
	for i, r := range rows {
		out[i] = cleanAnswer(r.formula)
	}
	return out, true
}

// quotedItem reads a list item written as a quoted string, bare or in
// \text: the archive's prompts asked for "a Python list containing SymPy
// convertible formula", and some replies quote them
// ([\text{"1 - x^3/18"}, ...]). It returns the opening quote, the text
// between the quotes and the closing quote: the text runs to the last
// quote of the item, or to the last before a closing brace that ends it,
// and holds no newline. The \text{ is read on texscan tokens.
func quotedItem(it string) (opening byte, inner string, closing byte, ok bool) {
	i := 0
	sc := texscan.NewScanner(it, 0)
	if t, _ := sc.Next(); t.Is("text") {
		if o, _ := sc.Next(); o.Kind == texscan.Open && o.Pos == t.End() {
			i = o.End()
			for i < len(it) && isRegexpSpace(it[i]) {
				i++
			}
		}
	}
	if i >= len(it) || it[i] != '"' && it[i] != '\'' {
		return 0, "", 0, false
	}
	isQuote := func(c byte) bool { return c == '"' || c == '\'' }
	// The closing quote ends the item, or a closing brace after it does
	// (spaces between); the longer text wins, as the regexp's greedy .*
	// did.
	ends := []int{len(it) - 1}
	if strings.HasSuffix(it, "}") {
		j := len(it) - 1
		for j > i && isRegexpSpace(it[j-1]) {
			j--
		}
		ends = append(ends, j-1)
	}
	for _, e := range ends {
		if e > i && isQuote(it[e]) && !strings.Contains(it[i+1:e], "\n") {
			return it[i], it[i+1 : e], it[e], true
		}
	}
	return 0, "", 0, false
}

// isRegexpSpace reports whether c is a space, tab, newline, carriage
// return or form feed.
func isRegexpSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// listItem reads one item of a boxed list answer: its formula, without a
// regime label before it ("\text{Small } x: 1 - \frac{x^3}{12}",
// "\text{small x:} ...") or quotes around it, and the regime its label
// names ("small", "large" or ""). A label needs its colon: "\text{For
// large } x" is words, not a label before the formula x.
func listItem(item string) (formula, regime string) {
	it := trimTeXSpace(item)
	if o, inner, c, ok := quotedItem(it); ok && o == c && !strings.ContainsAny(inner, `"'`) {
		it = trimTeXSpace(inner)
	}
	// A whole item in \text{...} holding an equation ("\text{$y(x) \approx
	// 1 - \frac{x^3}{18}$}", its $ already dropped) is that equation.
	if strings.HasPrefix(it, `\text{`) && matchingClose(it, len(`\text`)) == len(it)-1 {
		if in := it[len(`\text{`) : len(it)-1]; strings.Contains(in, "=") || strings.Contains(in, `\approx`) {
			it = trimTeXSpace(in)
		}
	}
	label, rest := splitLabel(it, true)
	return trimTeXSpace(cleanAnswer(rest)), regimeOfLabel(label)
}

// texSpaces are LaTeX spacing commands that may pad a list item.
var texSpaces = []string{`\qquad`, `\quad`, `\,`, `\;`, `\:`, `\!`, `\ `, `~`}

// trimTeXSpace trims white space and LaTeX spacing commands from both ends
// of s ("\; y = -\frac{6}{x} \," is "y = -\frac{6}{x}").
func trimTeXSpace(s string) string {
	for {
		t := strings.TrimSpace(s)
		if strings.HasSuffix(t, `\`) && !strings.HasSuffix(t, `\\`) {
			t = t[:len(t)-1] // "\ " whose space TrimSpace took
		}
		for _, sp := range texSpaces {
			t = strings.TrimPrefix(t, sp)
			if strings.HasSuffix(t, sp) && !strings.HasSuffix(t, `\`+sp) {
				t = strings.TrimSuffix(t, sp)
			}
		}
		if t == s {
			return t
		}
		s = t
	}
}
