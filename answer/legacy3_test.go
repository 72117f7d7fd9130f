package answer

// numbers.go's plain-text number reader as it was at f829b60, before its
// move onto texscan's tokens (issue 28: no hand scanner of TeX outside
// texscan): eachNumber with its byte loop and parenthesis counter,
// signedGroup with its strings.IndexByte bracket matcher and fracAt with
// its \frac prefix match (bracedNumber is legacy2_test.go's, which the
// token reader is held to already). The tests hold the token reader to it
// over every text we hold; a difference is a fix explained beside it or a
// failure.

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"testing"

	"github.com/matheval/matheval/texscan"
	"github.com/matheval/matheval/texseg"
)

// oldEachNumber is numbers.go's eachNumber at f829b60.
func oldEachNumber(s string, fractions, skipMath, values bool, fn func(numTok)) {
	depth := 0
	for i := 0; i < len(s); {
		for i < len(s) && !oldNumberBytes[s[i]] {
			i++ // nothing a number, a parenthesis or a formula starts with
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		switch c {
		case '(':
			depth++
			i++
			continue
		case ')':
			if depth > 0 {
				depth--
			}
			i++
			continue
		}
		if skipMath && (c == '$' || (c == '\\' && i+1 < len(s) && (s[i+1] == '[' || s[i+1] == '(' || s[i+1] == 'b'))) {
			if g, ok := texseg.At(s, i); ok {
				i = g.End
				continue
			}
		}
		if c == '\\' && i+1 < len(s) && s[i+1] == '$' {
			i += 2 // an escaped dollar: a price sign, never a formula
			continue
		}
		if fractions && (c == '\\' || (c == '-' && i+1 < len(s) && s[i+1] == '\\')) {
			if t, ok := oldFracAt(s, i); ok {
				t.inParens = depth > 0
				fn(t)
				i = t.end
				continue
			}
		}
		if !isDigit(c) && c != '-' && c != '+' && c != '.' && c != 0xE2 && c != 0xEF {
			i++
			continue
		}
		if t, ok := oldSignedGroup(s, i, values); ok {
			// -(1/3), -(-1/3): the sign applies to the number in parentheses.
			t.inParens = depth > 0
			fn(t)
			i = t.end
			continue
		}
		t, ok := numberScan(s, i, values)
		if !ok {
			i++
			continue
		}
		t.start = i
		t.inParens = depth > 0
		if fractions {
			// a/b with plain numbers: one fraction.
			j := t.end
			for j < len(s) && s[j] == ' ' {
				j++
			}
			if j < len(s) && s[j] == '/' {
				j++
				for j < len(s) && s[j] == ' ' {
					j++
				}
				if d, ok := numberScan(s, j, values); ok && s[j] != '-' && s[j] != '+' && nonZero(s[j:d.end], d.val) {
					f := numTok{start: t.start, end: d.end, isFrac: true, inParens: t.inParens}
					if values {
						f.val, f.num, f.den = new(big.Rat).Quo(t.val, d.val), t.val, d.val
					}
					t = f
				}
			}
		}
		fn(t)
		i = t.end
	}
}

// oldSignedGroup is numbers.go's signedGroup at f829b60.
func oldSignedGroup(s string, i int, values bool) (numTok, bool) {
	sl := 1 // the sign's length: -, + or the Unicode minus
	if strings.HasPrefix(s[i:], unicodeMinus) {
		sl = len(unicodeMinus)
	} else if i < len(s) && s[i] != '-' && s[i] != '+' {
		return numTok{}, false
	}
	if i+sl >= len(s) || s[i+sl] != '(' {
		return numTok{}, false
	}
	if i > 0 && (isWordByte(s[i-1]) || s[i-1] == ')' || s[i-1] == '}' || s[i-1] == '.') {
		return numTok{}, false // a binary operator: 4-(1/3)
	}
	close := strings.IndexByte(s[i+sl+1:], ')')
	if close < 0 || close > 64 {
		return numTok{}, false
	}
	inner := s[i+sl+1 : i+sl+1+close]
	toks := oldScanNumbers(inner, true, false, true)
	if len(toks) != 1 {
		return numTok{}, false
	}
	if a, b := trimSpan(inner, 0, len(inner)); toks[0].start != a || toks[0].end != b {
		return numTok{}, false
	}
	t := numTok{start: i, end: i + sl + 2 + close}
	if values {
		t.val = new(big.Rat).Set(toks[0].val)
		if s[i] != '+' {
			t.val.Neg(t.val)
		}
	}
	return t, true
}

// oldFracAt is numbers.go's fracAt at f829b60.
func oldFracAt(s string, i int) (numTok, bool) {
	start := i
	neg := false
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	j := -1
	for _, name := range []string{`\frac`, `\dfrac`, `\tfrac`} {
		if strings.HasPrefix(s[i:], name) {
			j = i + len(name)
			break
		}
	}
	if j < 0 {
		return numTok{}, false
	}
	num, j, ok := oldBracedNumber(s, j)
	if !ok {
		return numTok{}, false
	}
	den, j, ok := oldBracedNumber(s, j)
	if !ok || den.Sign() == 0 {
		return numTok{}, false
	}
	if neg {
		num.Neg(num)
	}
	v := new(big.Rat).Quo(num, den)
	return numTok{start: start, end: j, val: v, isFrac: true, num: num, den: den}, true
}

// oldNumberBytes are the bytes oldEachNumber stops at.
var oldNumberBytes = func() (t [256]bool) {
	for _, c := range []byte("0123456789-+.()$\\") {
		t[c] = true
	}
	t[0xE2] = true // the first byte of the Unicode minus sign
	t[0xEF] = true // the first byte of the full-width digits
	return t
}()

func oldScanNumbers(s string, fractions, skipMath, values bool) []numTok {
	var out []numTok
	oldEachNumber(s, fractions, skipMath, values, func(t numTok) { out = append(out, t) })
	return out
}

// numTokString writes the numbers a reader found: spans, values, fraction
// parts and the parenthesis mark.
func numTokString(ts []numTok) string {
	var b strings.Builder
	for _, t := range ts {
		fmt.Fprintf(&b, "[%d,%d %v frac=%v paren=%v", t.start, t.end, t.val, t.isFrac, t.inParens)
		if t.isFrac {
			fmt.Fprintf(&b, " %v/%v", t.num, t.den)
		}
		b.WriteString("]")
	}
	return b.String()
}

// mathDelimsAsBraces writes \( and \) as \{ and \}, of the same length
// and read by the old reader as no parenthesis; an escaped backslash stays.
var mathDelimsAsBraces = strings.NewReplacer(`\\`, `\\`, `\(`, `\{`, `\)`, `\}`)

// backslashBeforeDelim finds an escaped backslash before a math delimiter
// or a \begin, which the old reader read as an escape of the delimiter.
var backslashBeforeDelim = regexp.MustCompile(`\\\\[\[\(\$b]`)

// nestedSignedGroup finds a sign before a parenthesis whose group holds
// another before its first ')', where the old reader's strings.IndexByte
// took the inner group's ')' for the outer's.
var nestedSignedGroup = regexp.MustCompile(`(?:[-+]|\x{2212})\([^()]*\(`)

// numberReaderDiff compares the two readers on s under every flag set. A
// difference is explained (and not returned) when it is one of the fixes
// of the move:
//
//   - \( and \) are math delimiters (texscan's MathOpen and MathClose),
//     never parentheses: the old reader counted their '(' and ')', so that
//     without skipMath every number of an inline formula \(5\) was "in
//     parentheses" (MATH 401's rule then passed over it: "We get 3, so
//     \(x = 5\)" read 3). Explained when the old reader, given the text
//     with \( \) written as \{ \}, agrees; with skipMath, an unclosed \(
//     is text, and the old reader counted it too;
//   - a sign before nested parentheses applies to the whole group it
//     opens (-(-(1)) is 1), which texscan matches: the old reader took the
//     first ')' for its end. Explained when such a sign is in the text;
//   - \\ is a line break that escapes no delimiter after it: the old reader
//     read \\[ \\( \\$ as the escaped delimiter at the second backslash
//     (skipping "\\[5\]" as display math, "\\$5$" as a price). Explained
//     with skipMath when such a pair is in the text.
//   - the length of a spacing command (\kern 6pt, \hspace{.05in}) is
//     layout, no number: explained when the old reader, given the text
//     with those commands blanked, agrees.
//
// With loose, the second rule and the unclosed \( of the first are
// explained by their presence in the text (the fuzz target's inputs).
func numberReaderDiff(s string, loose bool) []string {
	var out []string
	for _, fr := range []bool{false, true} {
		for _, sm := range []bool{false, true} {
			for _, v := range []bool{false, true} {
				o, n := numTokString(oldScanNumbers(s, fr, sm, v)), numTokString(scanNumbers(s, fr, sm, v))
				if o == n {
					continue
				}
				if !sm && (strings.Contains(s, `\(`) || strings.Contains(s, `\)`)) && numTokString(oldScanNumbers(mathDelimsAsBraces.Replace(s), fr, sm, v)) == n {
					continue
				}
				if nestedSignedGroup.MatchString(s) {
					continue
				}
				if b := blankSpacing(s); b != s && (numTokString(oldScanNumbers(b, fr, sm, v)) == n ||
					!sm && numTokString(oldScanNumbers(mathDelimsAsBraces.Replace(b), fr, sm, v)) == n) {
					continue
				}
				if sm && loose && (backslashBeforeDelim.MatchString(s) || strings.Contains(s, `\(`) || strings.Contains(s, `\)`)) {
					continue
				}
				out = append(out, fmt.Sprintf("fractions=%v skipMath=%v values=%v:\n  old %s\n  new %s", fr, sm, v, o, n))
			}
		}
	}
	return out
}

func TestNumberReaderSameAsBefore(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every text we hold")
	}
	d := legacyDiff{t: t, max: 8}
	texts, explained := 0, 0
	for _, x := range legacyTexts(t) {
		texts++
		if numTokString(oldScanNumbers(x.S, false, false, true)) != numTokString(scanNumbers(x.S, false, false, true)) {
			explained++ // (numberReaderDiff below says whether it is explained)
		}
		for _, m := range numberReaderDiff(x.S, false) {
			d.report(x.Where, "%q: %s", legacyClip(x.S), m)
		}
	}
	t.Logf("%d texts; %d read differently without skipMath (the old reader took \\( \\) for parentheses); %d unexplained differences", texts, explained, d.n)
	if d.n != 0 {
		t.Errorf("%d unexplained differences from the number reader of before", d.n)
	}
	if texts == 0 {
		t.Fatal("no texts read")
	}
}

// TestNumberReaderEdges holds the token reader to the old one where a token
// differs from a byte: escaped characters, a doubled backslash before
// \frac, command names that start with frac, nested and long groups after
// a sign, runes beyond ASCII, unclosed formulas.
func TestNumberReaderEdges(t *testing.T) {
	for _, s := range []string{
		`\-5`, `\.5`, `\5`, `\+5`, "\\−5", `\\-5`, `\-\frac{1}{2}`, `\{5\}`, `\%5`, `\ 5`, `\`, `5\`, `\\`,
		`\frac{1}{3}`, `\\frac{1}{3}`, `-\\frac{1}{3}`, `\\\frac{1}{3}`, `\\\\frac{1}{3}`, `\\fraction{1}{2}`, `\fraction{1}{2}`,
		`\dfrac {1} {2}`, `\tfrac{1}{0}`, `-\frac{1}{2}`, `- \frac{1}{2}`, `\frac{1{,}000}{3}`, `\frac{10,\!080}{7}`, "\\frac\t{1}{2}",
		`\frac{\frac{1}{2}}{3}`, `\frac{1}{2`, `\frac{x}{2}`, `\frac{-3}{4}`,
		`-(1/3)`, `-(-1/3)`, "\u2212(2)", `+(5)`, `4-(1/3)`, `-((1/3))`, `-(1 (2)`, `-(5\))`, `-(5\) )`, `-(` + strings.Repeat(" ", 62) + `1)`,
		`-(` + strings.Repeat(" ", 63) + `1)`, `-(` + strings.Repeat(" ", 64) + `1)`, `-(1/3`, `-(1)(2)`, `-(1) (-(2))`,
		`\$5`, `-\$7`, `-$7`, `\$-7`, `$5$ 6`, `$$5$ 6`, `$$5$$ 6`, `$5`, `$$$5$ 6`, `\begin{align}5\end{align} 6`, `\begin{foo}5`,
		`\[5\] 6`, `\[5 6`, `x2 x1.5 1.5.3`, "\uff14\uff10", "x\uff14\uff10", `(5) 6`, `)5(`, `((5)`, `\left(5\right) 6`,
		"1,000 (2) 3/4 5 / 0 6/-2", `6.02\times10^{23}`, `1e999999999`, `--5`, "\u2212-5", `a-5`,
	} {
		if d := numberReaderDiff(s, false); len(d) != 0 {
			t.Errorf("%q: %s", s, strings.Join(d, "\n"))
		}
	}
}

// TestNumberReaderFixes: what the move changes, each against the old
// reader's reading.
func TestNumberReaderFixes(t *testing.T) {
	// \( \) are math delimiters, not parentheses: MATH 401's rule reads
	// the formula's number (the old reader passed over it for the 3
	// outside).
	if v, ok := MATH401Value(`We get 3, so \(x = 5\)`, false); !ok || v.Cmp(big.NewRat(5, 1)) != 0 {
		t.Errorf("MATH401Value: %v %v, want 5", v, ok)
	}
	if v, _ := oldMath401Value(`We get 3, so \(x = 5\)`); v.Cmp(big.NewRat(3, 1)) != 0 {
		t.Errorf("the old reader read %v (the test no longer shows the change)", v)
	}
	for _, c := range []struct {
		s                   string
		fractions, skipMath bool
		old, new            string
	}{
		// a \) closes no parenthesis
		{`0(0\)+0`, false, false, "[0,1 0/1 frac=false paren=false][2,3 0/1 frac=false paren=true][6,7 0/1 frac=false paren=false]",
			"[0,1 0/1 frac=false paren=false][2,3 0/1 frac=false paren=true][6,7 0/1 frac=false paren=true]"},
		// an unclosed \( opens none
		{`\( 5`, false, true, "[3,4 5/1 frac=false paren=true]", "[3,4 5/1 frac=false paren=false]"},
		// \\ escapes no delimiter: "\\[5\]" is no display formula
		{`\\[5\] 6`, false, true, "[7,8 6/1 frac=false paren=false]", "[3,4 5/1 frac=false paren=false][7,8 6/1 frac=false paren=false]"},
		// and \\$ no dollar: $5$ is a formula
		{`\\$5$ 6`, false, true, "[3,4 5/1 frac=false paren=false][6,7 6/1 frac=false paren=false]", "[6,7 6/1 frac=false paren=false]"},
		// a sign before nested parentheses applies to the group it opens,
		// matched by texscan: -(-(1)) is 1 (the old reader's first ')'
		// left the outer sign unread: -1, in parentheses)
		{`-(-(1))`, false, false, "[2,6 -1/1 frac=false paren=true]", "[0,7 1/1 frac=false paren=false]"},
		{`x = -(-(2/3))`, true, true, "[6,12 -2/3 frac=false paren=true]", "[4,13 2/3 frac=false paren=false]"},
	} {
		if o := numTokString(oldScanNumbers(c.s, c.fractions, c.skipMath, true)); o != c.old {
			t.Errorf("%q: the old reader read %s, want %s", c.s, o, c.old)
		}
		if n := numTokString(scanNumbers(c.s, c.fractions, c.skipMath, true)); n != c.new {
			t.Errorf("%q: read %s, want %s", c.s, n, c.new)
		}
	}
}

// oldMath401Value is MATH401Value's last number with the old reader.
func oldMath401Value(text string) (*big.Rat, bool) {
	var last, lastIn *big.Rat
	for _, t := range oldScanNumbers(leftRightBlank.Replace(foldNumberText(text)), false, false, true) {
		if t.inParens {
			lastIn = t.val
		} else {
			last = t.val
		}
	}
	if last != nil {
		return last, true
	}
	return lastIn, lastIn != nil
}

// FuzzNumberReaderSameAsBefore holds the token reader to the old one on
// any text (go test ./answer -run XXX -fuzz FuzzNumberReaderSameAsBefore).
func FuzzNumberReaderSameAsBefore(f *testing.F) {
	for _, s := range []string{"-(1/3)", `\frac{1}{2}`, `-\frac{1}{2} (3) $4$`, "1,000 (2) 3/4", `\$5 \(6\) \[7\]`, "−-5", "４０",
		`6.02\times10^{23}`, `\\frac{1}{3}`, `\-5`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if d := numberReaderDiff(s, true); len(d) != 0 {
			t.Fatalf("%q: %s", s, strings.Join(d, "\n"))
		}
	})
}

// blankSpacing writes each spacing command with its length (see
// spacingDimensionEnd) as spaces of the same length.
func blankSpacing(s string) string {
	b := []byte(s)
	sc := texscan.NewScanner(s, 0)
	for {
		tok, ok := sc.Next()
		if !ok {
			break
		}
		if tok.Kind != texscan.Command {
			continue
		}
		if e, ok := spacingDimensionEnd(s, tok); ok {
			for k := tok.Pos; k < e; k++ {
				b[k] = ' '
			}
			*sc = *texscan.NewScanner(s, e)
		}
	}
	return string(b)
}
