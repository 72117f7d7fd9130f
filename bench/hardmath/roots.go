package hardmath

import (
	"context"
	"fmt"
	"math"
	"math/cmplx"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/texscan"
)

// This file reads the root lists a reply states, in every layout the
// authors' stored responses show: one box per regime with the label before
// it ("For small $\epsilon$: $\boxed{[...]}$"); both regimes labelled inside
// one box ("\text{For large }\epsilon: [0], \\ \text{For small }\epsilon:
// [1, -1, i, -i]", array/aligned/cases environments, labels before or after
// the list); nested lists ("[[1, -1], [\epsilon^{-1/3}, ...]]"); unlabelled
// boxes; SymPy strings ("(1/epsilon)**(1/6)*exp(I*pi/3)"); \pm families;
// and families over an index ("e^{2\pi i k/3}, k = 0, 1, 2",
// "... \mid k \in \{0, \ldots, 9\}").

// rootAnswer is what a reply states about the roots.
type rootAnswer struct {
	// byRegime holds lists labelled small_eps or large_eps.
	byRegime map[string][]string
	// unlabelled holds the lists with no label, in reply order.
	unlabelled [][]string
}

// parseRootAnswer reads the reply's root lists from its boxes, the last
// ones first, until both regimes have a list (labelled, or two unlabelled
// lists).
func parseRootAnswer(reply string, boxes []string) rootAnswer {
	ra := rootAnswer{byRegime: map[string][]string{}}
	// Where each box starts, to read the label written before it.
	starts := boxStarts(reply, len(boxes))
	for bi := len(boxes) - 1; bi >= 0; bi-- {
		if len(ra.byRegime)+len(ra.unlabelled) >= 2 {
			break
		}
		before := ""
		if starts != nil {
			lo := 0
			if bi > 0 {
				lo = starts[bi-1]
			}
			before = reply[max(lo, starts[bi]-300):starts[bi]]
		}
		segs := rootSegments(boxes[bi], before)
		var unl [][]string
		for _, s := range segs {
			if s.regime == "" {
				unl = append(unl, s.lists...)
				continue
			}
			if _, ok := ra.byRegime[s.regime]; !ok {
				var all []string
				for _, l := range s.lists {
					all = append(all, l...)
				}
				if len(all) > 0 {
					ra.byRegime[s.regime] = all
				}
			}
		}
		if room := 2 - len(ra.byRegime) - len(ra.unlabelled); room > 0 && len(unl) > 0 {
			if len(unl) > room {
				unl = unl[len(unl)-room:]
			}
			ra.unlabelled = append(unl, ra.unlabelled...)
		}
	}
	return ra
}

type rootSegment struct {
	regime string // small_eps, large_eps, or "" when unlabelled
	lists  [][]string
}

// rootSegments splits one box into labelled parts: its lines (at \\ and
// newlines), and a line naming both regimes at each label. A line with no
// label continues the last label; the box's first lines take the label
// written before the box, if any.
func rootSegments(box, before string) []rootSegment {
	box = normalizeRootText(box)
	cur := lastRegimeWord(before)
	var out []rootSegment
	for _, line := range splitLines(box) {
		locs := regimeWords(line)
		if len(locs) == 0 {
			if ls := rootLists(line); len(ls) > 0 {
				out = append(out, rootSegment{cur, ls})
			}
			continue
		}
		// Text before the first label belongs to the label written after
		// it when the line ends with the label ("[...] & \text{for small}").
		first := locs[0][0]
		if head := line[:first]; strings.TrimSpace(stripLabelNoise(line[locs[len(locs)-1][1]:])) == "" {
			if ls := rootLists(head); len(ls) > 0 {
				out = append(out, rootSegment{regimeOf(line[locs[0][0]:locs[0][1]]), ls})
			}
			cur = regimeOf(line[locs[len(locs)-1][0]:locs[len(locs)-1][1]])
			continue
		} else if ls := rootLists(head); len(ls) > 0 {
			out = append(out, rootSegment{cur, ls})
		}
		for i, l := range locs {
			end := len(line)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			cur = regimeOf(line[l[0]:l[1]])
			if ls := rootLists(line[l[1]:end]); len(ls) > 0 {
				out = append(out, rootSegment{cur, ls})
			}
		}
	}
	return out
}

func regimeOf(word string) string {
	if strings.EqualFold(word, "small") {
		return "small_eps"
	}
	return "large_eps"
}

// lastRegimeWord is the regime named last in text, or "".
func lastRegimeWord(text string) string {
	locs := regimeWords(text)
	if len(locs) == 0 {
		return ""
	}
	l := locs[len(locs)-1]
	return regimeOf(text[l[0]:l[1]])
}

// stripLabelNoise removes what may trail a label: the rest of a \text{},
// "positive", epsilon, colons, closing brackets of environments.
func stripLabelNoise(s string) string {
	s = dropTextCommands(s)
	for _, w := range []string{`\epsilon`, "epsilon", "positive", "roots", "root", "regime", "for", "For", "$", ":", "}", ")", "(", "&", `\end`, "cases", "array", "aligned", "align*", "align"} {
		s = strings.ReplaceAll(s, w, " ")
	}
	return strings.TrimSpace(s)
}

// dropTextCommands replaces each \text{...} (and \textbf, \textit,
// \textsf, \mathrm, \mbox) with its whole argument, braces matched by
// texscan, by a space. A command whose argument is never closed is kept
// as it is. (It was a regexp that saw only arguments without braces, so
// \text{for small $\epsilon^{2}$} stayed in the formula.)
func dropTextCommands(s string) string {
	return replaceTokens(s, func(sc *texscan.Scanner, t texscan.Token) (string, bool) {
		if t.Kind != texscan.Command || !dropNames[t.Name()] {
			return "", false
		}
		g, _, found, err := argGroup(s, *sc)
		if !found || err != nil {
			return "", false
		}
		*sc = *texscan.NewScanner(s, g.End)
		return " ", true
	})
}

// dropNames are the commands dropTextCommands removes with their argument.
var dropNames = map[string]bool{"text": true, "textbf": true, "textit": true, "textsf": true, "mathrm": true, "mbox": true}

// dropEnvironments replaces each \begin{name} (with a column
// specification written right after it, \begin{array}{cc}) and \end{name}
// by a space, as texscan reads them.
func dropEnvironments(s string) string {
	return replaceTokens(s, func(sc *texscan.Scanner, t texscan.Token) (string, bool) {
		switch t.Kind {
		case texscan.End:
			return " ", true
		case texscan.Begin:
			if o, ok := sc.Peek(); ok && o.Kind == texscan.Open {
				if g, err := texscan.Match(s, o.Pos, texscan.Braces, texscan.Limits{}); err == nil {
					*sc = *texscan.NewScanner(s, g.End)
				}
			}
			return " ", true
		}
		return "", false
	})
}

// replaceTokens copies s token by token, writing repl's text instead of a
// token for which it answers true (repl may advance the scanner past what
// it replaces).
func replaceTokens(s string, repl func(sc *texscan.Scanner, t texscan.Token) (string, bool)) string {
	var b strings.Builder
	sc := texscan.NewScanner(s, 0)
	for t, ok := sc.Next(); ok; t, ok = sc.Next() {
		if r, ok := repl(sc, t); ok {
			b.WriteString(r)
			continue
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

// normalizeRootText unifies brackets and removes layout.
func normalizeRootText(s string) string {
	r := strings.NewReplacer(`\left[`, "[", `\right]`, "]", `\bigl[`, "[", `\bigr]`, "]", `\Bigl[`, "[", `\Bigr]`, "]",
		`\big[`, "[", `\big]`, "]", `\Big[`, "[", `\Big]`, "]", `\lbrack`, "[", `\rbrack`, "]",
		`\left\{`, `\{`, `\right\}`, `\}`, `\left.`, "", `\right.`, "",
		`\begin{bmatrix}`, "[", `\end{bmatrix}`, "]", `\begin{pmatrix}`, "(", `\end{pmatrix}`, ")")
	s = r.Replace(s)
	s = strings.ReplaceAll(s, `\_`, "_")
	// Unwrap \text{...} so that labels inside it are seen and its words
	// are dropped from formulas.
	s = unwrapCommands(s)
	s = dropEnvironments(s)
	return expandSubscriptRanges(s)
}

// unwrapCommands replaces \text{...} (and \mathrm, \textbf, ...) by its
// content between spaces, braces matched by texscan (a command inside is
// unwrapped too); a command whose brace is never closed is replaced by a
// space and what follows it is kept.
func unwrapCommands(s string) string {
	var b strings.Builder
	sc := texscan.NewScanner(s, 0)
	for t, ok := sc.Next(); ok; t, ok = sc.Next() {
		if t.Kind != texscan.Command || !unwrapNames[t.Name()] {
			b.WriteString(t.Text)
			continue
		}
		g, probe, found, err := argGroup(s, *sc)
		if !found {
			b.WriteString(t.Text)
			continue
		}
		if err != nil {
			b.WriteString(" ")
			*sc = probe
			continue
		}
		b.WriteString(" " + unwrapCommands(s[g.Inner:g.InnerEnd]) + " ")
		sc = texscan.NewScanner(s, g.End)
	}
	return b.String()
}

// argGroup reads the brace argument of the command just scanned by sc:
// found when the next token that is not a space or a newline opens a
// brace; g is its group as texscan matches it (err when it is never
// closed), and after is the scanner just past the opening brace.
func argGroup(s string, sc texscan.Scanner) (g texscan.Group, after texscan.Scanner, found bool, err error) {
	o, ok := sc.Next()
	for ok && (o.Kind == texscan.Space || o.Kind == texscan.Newline) {
		o, ok = sc.Next()
	}
	if !ok || o.Kind != texscan.Open {
		return g, sc, false, nil
	}
	g, err = texscan.Match(s, o.Pos, texscan.Braces, texscan.Limits{})
	return g, sc, true, err
}

// unwrapNames are the commands whose argument unwrapCommands keeps.
var unwrapNames = map[string]bool{"text": true, "textbf": true, "textit": true, "textsf": true, "mathrm": true,
	"mbox": true, "operatorname": true}

// dropWords removes words of three letters or more that are not function
// names or epsilon (labels and prose left in a formula); a command's
// letters are no word.
func dropWords(s string) string {
	return replaceTokens(s, func(_ *texscan.Scanner, t texscan.Token) (string, bool) {
		if t.Kind != texscan.Word || len(t.Text) < 3 || keptWords[t.Text] {
			return "", false
		}
		return " ", true
	})
}

// keptWords are the words dropWords keeps.
var keptWords = map[string]bool{"exp": true, "sqrt": true, "sin": true, "cos": true, "tan": true, "log": true, "epsilon": true,
	"pi": true, "sinh": true, "cosh": true, "tanh": true, "frac": true, "left": true, "right": true, "cdot": true}

// rootLists reads the lists in a labelled part: its top-level [...] lists
// (a list of lists gives its members), or, with no brackets, the part after
// its last top-level "=" or ":" split at commas.
func rootLists(part string) [][]string {
	var out [][]string
	sc := texscan.NewScanner(part, 0)
	for t, ok := sc.Next(); ok; t, ok = sc.Next() {
		if t.Text != "[" {
			continue
		}
		i := t.Pos
		j := matchingClose(part, i)
		if j < 0 {
			break
		}
		sc = texscan.NewScanner(part, j+1)
		if strings.HasSuffix(strings.TrimRight(part[:i], " "), `\sqrt`) {
			continue // \sqrt[n]{...}: an index, not a list
		}
		inner := part[i+1 : j]
		if sub := topLevelLists(inner); len(sub) > 0 {
			for _, s := range sub {
				if l := rootItems(s); len(l) > 0 {
					out = append(out, l)
				}
			}
		} else if l := rootItems(inner); len(l) > 0 {
			out = append(out, l)
		}
	}
	if len(out) > 0 {
		return out
	}
	// A set of roots, \{a, b\}, is a list too.
	if strings.Contains(part, `\{`) {
		return rootLists(strings.NewReplacer(`\{`, "[", `\}`, "]").Replace(part))
	}
	s := dropTextCommands(part)
	if k := strings.LastIndex(s, ":"); k >= 0 {
		s = s[k+1:]
	}
	s = dropWords(s)
	if l := rootItems(s); len(l) > 0 {
		out = append(out, l)
	}
	return out
}

// topLevelLists returns the members of s when s is a comma list whose every
// member is a [...] list, else nil.
func topLevelLists(s string) []string {
	parts := splitTop(s, ',')
	var out []string
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if !strings.HasPrefix(p, "[") || matchingClose(p, 0) != len(p)-1 {
			return nil
		}
		out = append(out, p[1:len(p)-1])
	}
	return out
}

var (
	intRe       = regexp.MustCompile(`-?\d+`)
	quoteRe     = regexp.MustCompile(`["']`)
	rangeCallRe = regexp.MustCompile(`range\s*\(\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?\)`)
)

// rootItems splits one list into root formulas: at top-level commas, with
// \pm and \mp expanded and index families (k = 0, ..., n) expanded into
// k-substituted copies written as "formula|k=3".
func rootItems(s string) []string {
	s = quoteRe.ReplaceAllString(s, " ")
	s = replaceSpaceCommands(s)
	var ks []int
	if at, spec, ok := indexFamily(s); ok {
		if r := indexRange(spec); len(r) > 0 {
			ks = r
			s = s[:at]
		}
	}
	var out []string
	for _, p := range splitTop(s, ',') {
		p = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(p), `\`))
		p = cleanRoot(p)
		if rest, dots := dropDots(p); strings.Trim(p, "{}()[] +-") == "" || !balanced(p) || dots && len(rest) < 3 {
			continue
		}
		for _, q := range expandPM(p, 3) {
			if len(ks) > 0 && hasWord(q, "k") {
				for _, k := range ks {
					out = append(out, q+"|k="+strconv.Itoa(k))
				}
				continue
			}
			out = append(out, q)
		}
	}
	return out
}

// indexRange reads "0, 1, 2", "\{0, 1, \ldots, 9\}", "1,\ldots, 7",
// "0..8", "[0, 3]" into the integers, at most 64 of them.
func indexRange(spec string) []int {
	if m := rangeCallRe.FindStringSubmatch(spec); m != nil {
		lo, hi := 0, 0
		if m[2] == "" {
			hi, _ = strconv.Atoi(m[1])
		} else {
			lo, _ = strconv.Atoi(m[1])
			hi, _ = strconv.Atoi(m[2])
		}
		if hi <= lo || hi-lo > 64 {
			return nil
		}
		var out []int
		for k := lo; k < hi; k++ {
			out = append(out, k)
		}
		return out
	}
	nums := intRe.FindAllString(spec, -1)
	if len(nums) == 0 {
		return nil
	}
	var vals []int
	for _, n := range nums {
		v, err := strconv.Atoi(n)
		if err != nil || v < -64 || v > 64 {
			return nil
		}
		vals = append(vals, v)
	}
	interval := strings.Contains(spec, "[") && len(vals) == 2 && !strings.Contains(spec, `\{`)
	if _, dots := dropDots(spec); dots || interval {
		lo, hi := vals[0], vals[len(vals)-1]
		if hi < lo || hi-lo > 63 {
			return nil
		}
		vals = vals[:0]
		for k := lo; k <= hi; k++ {
			vals = append(vals, k)
		}
	}
	return vals
}

// cleanRoot reduces one stated root to its formula: no label, no "x_1 =",
// no order term, no layout.
func cleanRoot(p string) string {
	p = dropTextCommands(p)
	p = strings.NewReplacer(`&`, " ", `\quad`, " ", `\qquad`, " ", `\,`, " ", `\;`, " ", `\ `, " ", `\!`, "", `\mathrm{I}`, "I").Replace(p)
	if i := orderTermIndex(p, 0); i >= 0 {
		p = p[:i]
	}
	p = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(p), "+"))
	return cleanAnswer(p)
}

// expandPM replaces each \pm (or \mp) by + and -, giving up to 2^depth
// formulas.
func expandPM(p string, depth int) []string {
	for _, op := range []string{`\pm`, `\mp`} {
		if i := strings.Index(p, op); i >= 0 && depth > 0 {
			rest := p[i+len(op):]
			a := expandPM(p[:i]+"+"+rest, depth-1)
			b := expandPM(p[:i]+"-"+rest, depth-1)
			return append(a, b...)
		}
	}
	return []string{p}
}

// splitFamily splits "formula|k=3" into the formula and k's value.
func splitFamily(s string) (string, float64, bool) {
	i := strings.LastIndex(s, "|k=")
	if i < 0 {
		return s, 0, false
	}
	k, err := strconv.Atoi(s[i+3:])
	if err != nil {
		return s, 0, false
	}
	return s[:i], float64(k), true
}

// rootPart is one regime's grade.
type rootPart struct {
	name  string
	score float64
	why   string
	st    partStatus
}

// gradeRootAnswer grades each regime: labelled lists against their regime;
// unlabelled lists go to the regimes left without one in the assignment
// that scores best (one list alone is tried for every such regime).
func gradeRootAnswer(ctx context.Context, ref Reference, ra rootAnswer, ev Evaluator) []rootPart {
	var open []int
	parts := make([]rootPart, len(ref.Regimes))
	for i, g := range ref.Regimes {
		if l, ok := ra.byRegime[g.Name]; ok {
			s, why, st := gradeRoots(ctx, g, l, ev)
			parts[i] = rootPart{g.Name, s, why, st}
		} else {
			open = append(open, i)
		}
	}
	if len(open) == 0 {
		return parts
	}
	if len(ra.unlabelled) == 0 {
		for _, i := range open {
			parts[i] = rootPart{ref.Regimes[i].Name, 0, "no roots given", stUnparsable}
		}
		return parts
	}
	// grid[i][j]: regime open[i] graded with unlabelled list j.
	grid := make([][]rootPart, len(open))
	for i, ri := range open {
		g := ref.Regimes[ri]
		for _, l := range ra.unlabelled {
			s, why, st := gradeRoots(ctx, g, l, ev)
			grid[i] = append(grid[i], rootPart{g.Name, s, why, st})
		}
	}
	best, bestScore := []int(nil), -1.0
	var try func(i int, used map[int]bool, pick []int, score float64)
	try = func(i int, used map[int]bool, pick []int, score float64) {
		if i == len(open) {
			if score > bestScore {
				best, bestScore = append([]int(nil), pick...), score
			}
			return
		}
		for j := range ra.unlabelled {
			if used[j] && len(ra.unlabelled) > 1 {
				continue
			}
			used[j] = true
			try(i+1, used, append(pick, j), score+grid[i][j].score)
			used[j] = false
		}
		if len(ra.unlabelled) < len(open) && len(ra.unlabelled) > 1 {
			try(i+1, used, append(pick, -1), score)
		}
	}
	try(0, map[int]bool{}, nil, 0)
	for i, ri := range open {
		if best[i] < 0 {
			parts[ri] = rootPart{ref.Regimes[ri].Name, 0, "no roots given", stUnparsable}
			continue
		}
		p := grid[i][best[i]]
		if len(ra.unlabelled) > 1 || len(open) > 1 {
			p.why = strings.TrimPrefix(p.why+fmt.Sprintf(" (unlabelled list %d of %d)", best[i]+1, len(ra.unlabelled)), " ")
		}
		parts[ri] = p
	}
	return parts
}

// maxRootsGiven bounds a stated root list (HARDMath's polynomials have
// degree at most 10; an index family may give up to 64), so that one reply
// costs at most that many bounded evaluations per regime.
const maxRootsGiven = 64

// gradeRoots matches predicted roots to reference roots at the regime's
// epsilon, each at most once, nearest pairs first; the credit is the share
// of reference roots matched within the tolerance (the rubric's partial
// credit "proportional to the number of matching roots"). SymPy's I is the
// imaginary unit.
func gradeRoots(ctx context.Context, g Regime, preds []string, ev Evaluator) (float64, string, partStatus) {
	if len(preds) == 0 {
		return 0, "no roots given", stUnparsable
	}
	if len(preds) > maxRootsGiven {
		return 0, fmt.Sprintf("more than %d roots given", maxRootsGiven), stUnparsable
	}
	vars := map[string]complex128{"epsilon": complex(g.Point, 0), "I": 1i}
	refs := make([]complex128, len(g.Refs))
	for i, s := range g.Refs {
		v, err := ev(ctx, s, vars, false)
		if err != nil {
			return 0, "reference root not evaluable: " + err.Error(), stUndecided
		}
		refs[i] = v
	}
	var ps []complex128
	var bad []string
	for _, s := range preds {
		f, k, fam := splitFamily(s)
		vs := vars
		if fam {
			vs = map[string]complex128{"epsilon": complex(g.Point, 0), "I": 1i, "k": complex(k, 0)}
		}
		v, err := ev(ctx, f, vs, false)
		if err != nil || cmplx.IsNaN(v) || cmplx.IsInf(v) {
			bad = append(bad, s)
			continue
		}
		ps = append(ps, v)
	}
	if len(ps) == 0 {
		return 0, fmt.Sprintf("no root evaluable (%q)", oneLine(strings.Join(bad, ", "), 120)), stUnparsable
	}
	type pair struct {
		i, j int
		d    float64
	}
	var pairs []pair
	for i, r := range refs {
		for j, p := range ps {
			if within(p, r) {
				pairs = append(pairs, pair{i, j, cmplx.Abs(p - r)})
			}
		}
	}
	sort.Slice(pairs, func(a, b int) bool { return pairs[a].d < pairs[b].d })
	usedR, usedP := map[int]bool{}, map[int]bool{}
	var got []string
	for _, pr := range pairs {
		if !usedR[pr.i] && !usedP[pr.j] {
			usedR[pr.i], usedP[pr.j] = true, true
			got = append(got, fmtC(refs[pr.i]))
		}
	}
	var missed []string
	for i, r := range refs {
		if !usedR[i] {
			missed = append(missed, fmtC(r))
		}
	}
	score := float64(len(got)) / float64(len(refs))
	why := fmt.Sprintf("%d of %d roots matched at epsilon=%g", len(got), len(refs), g.Point)
	if len(got) == len(refs) {
		why = ""
	} else {
		why += fmt.Sprintf(" (matched %s; missed %s; given %s)", listOrNone(got), listOrNone(missed), listC(ps, 8))
	}
	if len(bad) > 0 {
		why = strings.TrimPrefix(why+fmt.Sprintf("; %d roots not evaluable", len(bad)), "; ")
	}
	return score, why, stOK
}

func fmtC(z complex128) string {
	if math.Abs(imag(z)) < 1e-9*math.Max(1, math.Abs(real(z))) {
		return fmt.Sprintf("%.4g", real(z))
	}
	return fmt.Sprintf("%.4g%+.4gi", real(z), imag(z))
}

func listC(zs []complex128, n int) string {
	var s []string
	for i, z := range zs {
		if i == n {
			s = append(s, fmt.Sprintf("… %d more", len(zs)-n))
			break
		}
		s = append(s, fmtC(z))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func listOrNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return "[" + strings.Join(s, ", ") + "]"
}
