package hardmath

// This file keeps the regexps that read HARDMath's question texts and
// solutions before the move onto texscan (git show 5c3041d:
// bench/hardmath/problems.go, answers.go, check.go), as the reference of the
// diff test below.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testtexts"
	"github.com/matheval/matheval/texscan"
)

var (
	oldEpsIntRe     = regexp.MustCompile(`\\int_\{?0\}?\^\{?([0-9.]+)\}?\s*\\frac\{1\}\{\\epsilon\s*\+\s*(.*?)\}\s*dx`)
	oldEpsTermRe    = regexp.MustCompile(`([0-9.]+)\s*x\^\{([0-9.]+)\}`)
	oldPolyQRe      = regexp.MustCompile(`P\(x\)\s*=\s*(.*?)(?:\.|\\\]|\$)`)
	oldTermRe       = regexp.MustCompile(`^([0-9.]*)\s*(\\epsilon)?\s*(x(?:\^\{?([0-9]+)\}?)?)?$`)
	oldLaplaceRe    = regexp.MustCompile(`\\int_\{?([-0-9.]+)\}?\^\{?([-0-9.]+)\}?\s*(.*?)\s*e\^\{([-+])\s*x\s*\((.*)\)\}\s*\\,\s*dt`)
	oldOdeRHSRe     = regexp.MustCompile(`y'''\s*=\s*(.*?)\$\$`)
	oldOdeICRe      = regexp.MustCompile(`y(''|'|)\(0\)\s*&?=\s*([-0-9.]+)`)
	oldLargeRootsRe = regexp.MustCompile(`for (large|small) positive\s*\$?\s*\\?epsilon\$?\s*are`)
	oldSymNondimRe  = regexp.MustCompile(`a_\{1\}\s*x\^\{(\d+)\}\s*\+\s*a_\{2\}\s*x(?:\^\{(\d+)\})?\s*\+\s*a_\{3\}`)
)

func oldParsePolyTerms(s string) (EpsPoly, error) {
	s = strings.TrimSpace(s)
	var p EpsPoly
	sign := 1.0
	var cur strings.Builder
	flush := func() error {
		t := strings.TrimSpace(cur.String())
		cur.Reset()
		if t == "" {
			return nil
		}
		m := oldTermRe.FindStringSubmatch(t)
		if m == nil {
			return fmt.Errorf("cannot read polynomial term %q", t)
		}
		c := 1.0
		if m[1] != "" {
			v, err := strconv.ParseFloat(m[1], 64)
			if err != nil {
				return fmt.Errorf("bad coefficient %q", m[1])
			}
			c = v
		} else if m[2] == "" && m[3] == "" {
			return fmt.Errorf("empty term")
		}
		pow := 0.0
		if m[3] != "" {
			pow = 1
			if m[4] != "" {
				v, _ := strconv.Atoi(m[4])
				pow = float64(v)
			}
		}
		p.Terms = append(p.Terms, Term{Coef: sign * c, Pow: pow, Eps: m[2] != ""})
		return nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c == '+' || c == '-') && strings.TrimSpace(cur.String()) != "" {
			if err := flush(); err != nil {
				return p, err
			}
			sign = 1
		}
		switch c {
		case '+':
		case '-':
			sign = -sign
		default:
			cur.WriteByte(c)
		}
	}
	if err := flush(); err != nil {
		return p, err
	}
	if len(p.Terms) == 0 {
		return p, fmt.Errorf("no terms in %q", s)
	}
	return p, nil
}

// problemTexts returns every text we hold (the shared data, HARDMath's
// released files among them, and the fuzz corpora) and the questions and
// solutions of a generated set of every type.
func problemTexts(t *testing.T) []testtexts.Text {
	texts := append(testtexts.FuzzCorpora(t), testtexts.Shared(t)...)
	for _, compat := range []bool{false, true} {
		set, err := Generate(context.Background(), GenOptions{Seed: 7, N: 24, Compat: compat})
		if err != nil {
			t.Fatal(err)
		}
		for _, kr := range set.Rows {
			where := fmt.Sprintf("generated compat=%v %s", compat, kr.Key)
			texts = append(texts, testtexts.Text{Where: where, S: kr.Row.Question}, testtexts.Text{Where: where, S: kr.Row.Solution})
		}
	}
	// statements that fail before one that reads, on one line and on the
	// next (the readers do not scan again what a failed statement scanned)
	for _, s := range []string{
		`\int_0^1 \frac{1}{\epsilon + x^{2} \int_0^{2} \frac{1}{\epsilon + 3 x^{2}} dx`,
		"\\int_0^1 \\frac{1}{\\epsilon + x^{2}\n\\int_0^{2} \\frac{1}{\\epsilon + 3.0 x^{2.0}} dx",
		`\int_0^1 t \int_{0}^{1} t e^{- x (t^{2})} \, dt`, "\\int_0^1 a\n\\int_{0}^{1} te^{-x(t)} \\, dt",
		"\\int_0^1 a\n  e^{-x(t)} \\, dt", "\\int_0^1 a te\n  e^{-x(t)}} \\, dt \\int_0^1 e^{-x(t)} \\, dt",
		"P(x) = 1 + x\nP(x) = x^{3} - 1.", "P(x) = 1 P(x) = x - 2$", "y''' = 1\ny''' = y$$", "y''' = 1 y''' = y$$",
	} {
		texts = append(texts, testtexts.Text{Where: "crafted", S: s})
	}
	return texts
}

// TestProblemReadersSameAsBefore runs the old regexps and their token
// readers over every text we hold and requires the same captures. The
// regexps read characters that texscan reads as part of a command: an
// escaped brace, bracket, dot or dollar (\} \) \] \. \$), a backslash and a
// digit, or a command's name that begins with the word they wanted
// (\epsilonx); texts holding one are counted as fixes, not compared. Any
// other difference is a regression.
func TestProblemReadersSameAsBefore(t *testing.T) {
	texts := problemTexts(t)
	count := map[string]int{}
	matched := map[string]int{}
	diffs, fixes := 0, 0
	check := func(where, what, s string, same, hit bool, old [][]int) {
		count[what]++
		if hit {
			matched[what]++
		}
		if same {
			return
		}
		if fixable(s, old) {
			fixes++
			return
		}
		diffs++
		if diffs <= 40 {
			t.Errorf("%s: %s differs on %q", where, what, clip(s))
		}
	}
	eq := func(m []string, got ...string) bool {
		if m == nil {
			return false
		}
		return slices.Equal(m[1:], got)
	}
	// compare reports whether any reader read s.
	compare := func(where, s string) bool {
		before := 0
		for _, n := range matched {
			before += n
		}
		m := oldEpsIntRe.FindStringSubmatch(s)
		u, p, ok := epsIntegralParts(s)
		check(where, "epsIntegralParts", s, (m != nil) == ok && (!ok || eq(m, u, p)), ok, oldEpsIntRe.FindAllStringSubmatchIndex(s, 1))
		polys := []string{s}
		if ok {
			polys = append(polys, p)
		}
		m = oldPolyQRe.FindStringSubmatch(s)
		pt, ok := polyText(s)
		check(where, "polyText", s, (m != nil) == ok && (!ok || eq(m, pt)), ok, oldPolyQRe.FindAllStringSubmatchIndex(s, 1))
		if ok {
			polys = append(polys, pt)
		}
		for _, p := range polys {
			var got [][]string
			for _, tm := range epsTerms(p) {
				got = append(got, tm[:])
			}
			old := oldEpsTermRe.FindAllStringSubmatch(p, -1)
			check(where, "epsTerms", p, slices.EqualFunc(old, got, slices.Equal), len(got) > 0, oldEpsTermRe.FindAllStringSubmatchIndex(p, -1))
			op, oerr := oldParsePolyTerms(p)
			np, nerr := parsePolyTerms(p)
			check(where, "parsePolyTerms", p, fmt.Sprint(op, oerr) == fmt.Sprint(np, nerr), nerr == nil, epsilonPrefixed(p))
			m := oldTermRe.FindStringSubmatch(p)
			c, e, xs, pw, ok := termParts(p)
			check(where, "termParts", p, (m != nil) == ok && (!ok || eq(m, c, e, xs, pw)), ok, oldTermRe.FindAllStringSubmatchIndex(p, 1))
		}
		m = oldLaplaceRe.FindStringSubmatch(s)
		a, b, g, sg, f, ok := laplaceParts(s)
		check(where, "laplaceParts", s, (m != nil) == ok && (!ok || eq(m, a, b, g, sg, f)), ok, oldLaplaceRe.FindAllStringSubmatchIndex(s, 1))
		m = oldOdeRHSRe.FindStringSubmatch(s)
		rhs, ok := odeRHS(s)
		check(where, "odeRHS", s, (m != nil) == ok && (!ok || eq(m, rhs)), ok, oldOdeRHSRe.FindAllStringSubmatchIndex(s, 1))
		var ics [][]string
		for _, ic := range odeInitial(s) {
			ics = append(ics, []string{ic[0], ic[1]})
		}
		var oics [][]string
		for _, ic := range oldOdeICRe.FindAllStringSubmatch(s, -1) {
			oics = append(oics, ic[1:])
		}
		check(where, "odeInitial", s, slices.EqualFunc(oics, ics, slices.Equal), len(ics) > 0, oldOdeICRe.FindAllStringSubmatchIndex(s, -1))
		var rc, orc []string
		for _, l := range rootsClauses(s) {
			rc = append(rc, l.which+" "+strconv.Itoa(l.end))
		}
		for _, l := range oldLargeRootsRe.FindAllStringSubmatchIndex(s, -1) {
			orc = append(orc, s[l[2]:l[3]]+" "+strconv.Itoa(l[1]))
		}
		check(where, "rootsClauses", s, slices.Equal(orc, rc), len(rc) > 0, oldLargeRootsRe.FindAllStringSubmatchIndex(s, -1))
		m = oldSymNondimRe.FindStringSubmatch(s)
		w, n1, n2, ok := symNondimMatch(s)
		check(where, "symNondimMatch", s, (m != nil) == ok && (!ok || m[0] == w && eq(m, n1, n2)), ok, oldSymNondimRe.FindAllStringSubmatchIndex(s, 1))
		after := 0
		for _, n := range matched {
			after += n
		}
		return after > before
	}
	// Every text a reader reads is compared again edited at random places
	// (a byte dropped, or a space, line break, brace, sign, prime, dollar,
	// digit or command put in), so that the near misses of each pattern
	// are compared too.
	r := rand.New(rand.NewPCG(5, 3))
	edits := []string{" ", "\n", "\v", "{", "}", "\\", "$", "$$", ".", "-", "+", "x", "e", "'", "&", "0", "1", "(", ")",
		"\\,", "\\}", "\\epsilon", "a_{1}", "dx", "dt", "^", "_"}
	variants, realFixes := 0, 0
	for _, x := range texts {
		f0 := fixes
		read := compare(x.Where, x.S)
		realFixes += fixes - f0
		if !read {
			continue
		}
		for range 30 {
			s := x.S
			for range 1 + r.IntN(3) {
				i := r.IntN(len(s) + 1)
				if r.IntN(3) == 0 && i < len(s) {
					s = s[:i] + s[i+1:]
				} else {
					s = s[:i] + edits[r.IntN(len(edits))] + s[i:]
				}
			}
			variants++
			compare(x.Where+" (edited)", s)
		}
	}
	var names []string
	for k := range count {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		t.Logf("%-16s %7d texts compared, %5d read", k, count[k], matched[k])
		if matched[k] == 0 {
			t.Errorf("%s read nothing in %d texts: the comparison proves nothing", k, count[k])
		}
	}
	t.Logf("%d texts and %d edited ones, %d differences, %d fixes (%d in the texts we hold)", len(texts), variants, diffs, fixes, realFixes)
}

// fixable reports whether a difference on s is one of the fixes: s holds
// a backslash before a line break (a control space, whose line break the
// regexps' .* would not cross) or a vertical tab (texscan's space, not
// \s), or an offset of an old match (its start, end or a group's bound)
// falls inside a command, where the regexp read a letter or sign of the
// command's name or of an escaped character (\\int as \int, \y”' as
// y”', \epsilone^{ as e^{, \} as }).
func fixable(s string, old [][]int) bool {
	if strings.Contains(s, "\\\n") || strings.Contains(s, "\v") {
		return true
	}
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return false
	}
	for _, m := range old {
		for _, off := range m {
			k, _ := slices.BinarySearchFunc(toks, off, func(t texscan.Token, off int) int { return t.Pos - off })
			if k > 0 && (k == len(toks) || toks[k].Pos > off) {
				if t := toks[k-1]; t.Kind != texscan.Word && t.Kind != texscan.Number && t.Kind != texscan.Space &&
					t.Pos < off && off < t.End() {
					return true
				}
			}
		}
	}
	return false
}

// epsilonPrefixed returns a match of any command whose name begins with
// "epsilon" but is longer (\epsilonx, whose \epsilon a term's regexp read):
// as an old match inside a command, it makes a difference a fix.
func epsilonPrefixed(s string) [][]int {
	toks, _ := texscan.Tokens(s, texscan.Limits{})
	for _, t := range toks {
		if t.Kind == texscan.Command && len(t.Text) > len(`\epsilon`) && strings.HasPrefix(t.Text, `\epsilon`) {
			return [][]int{{t.Pos + 1}}
		}
	}
	return nil
}
