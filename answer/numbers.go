package answer

import (
	"math/big"
	"strings"

	"github.com/matheval/matheval/texscan"
	"github.com/matheval/matheval/texseg"
)

// numTok is a number found in text.
type numTok struct {
	start, end int
	val        *big.Rat
	// isFrac marks a fraction (a/b or \frac{a}{b}); num and den are its parts.
	isFrac   bool
	num, den *big.Rat
	// inParens is set when the number sits inside parentheses.
	inParens bool
}

// maxExp bounds the decimal exponent of a number in a reply, so that
// "1e999999999" never allocates a huge integer.
const maxExp = 400

// maxDigits bounds the digits read for one number.
const maxDigits = 2000

const unicodeMinus = "\u2212"

// numberAt reads a number starting at s[i]: an optional sign, digits with
// thousands separators (1,000  1{,}000  10,\!080), a decimal part and a
// scientific exponent (6.02e23, 6.02\times10^{23}, 6.02×10^23).
func numberAt(s string, i int) (numTok, bool) {
	return numberScan(s, i, true)
}

// numberSpan returns where the number starting at s[i] ends, without
// computing its value.
func numberSpan(s string, i int) (int, bool) {
	t, ok := numberScan(s, i, false)
	return t.end, ok
}

func numberScan(s string, i int, wantVal bool) (numTok, bool) {
	start := i
	neg := false
	if i < len(s) && (s[i] == '-' || s[i] == '+' || strings.HasPrefix(s[i:], unicodeMinus) || dashMinus(s, i)) {
		if i > 0 && (isWordByte(s[i-1]) || s[i-1] == ')' || s[i-1] == '}' || s[i-1] == '.') {
			return numTok{}, false // a binary operator: 4-10
		}
		if dashMinus(s, i) {
			// "was –3 degrees": an en dash glued to the digits, after no
			// word or number, is the minus sign typed as a dash; it was
			// skipped unread, and -3 was 3
			neg, i = true, i+len(enDash)
		}
		// a run of signs is read whole ("--5" and "−-5" are 5, "-+5" is
		// -5): a sign before a signed number is never dropped unread
		for n := 0; n < 4 && i < len(s); n++ {
			switch {
			case s[i] == '-':
				neg, i = !neg, i+1
			case s[i] == '+':
				i++
			case strings.HasPrefix(s[i:], unicodeMinus):
				neg, i = !neg, i+len(unicodeMinus)
			default:
				n = 4
			}
		}
		if i < len(s) && (s[i] == '-' || s[i] == '+' || strings.HasPrefix(s[i:], unicodeMinus)) {
			return numTok{}, false // more signs than a reply writes
		}
		// A currency sign between the sign and the digits: -\$7 and -$7
		// are -7, never 7.
		if strings.HasPrefix(s[i:], `\$`) && i+2 < len(s) && isDigit(s[i+2]) {
			i += 2
		} else if i+1 < len(s) && s[i] == '$' && isDigit(s[i+1]) {
			i++
		}
	}
	if i >= len(s) {
		return numTok{}, false
	}
	if _, n := digitAt(s, i); n == 0 && !(s[i] == '.' && i+1 < len(s) && isDigit(s[i+1])) {
		return numTok{}, false
	}
	// A digit right after a letter or digit is inside a word ("x2", "a1b"):
	// only a number when it starts the token.
	if start == i && i > 0 && (isDigit(s[i-1]) || isLetter(s[i-1]) || s[i-1] == '_' || (s[i-1] == '.' && i > 1 && isDigit(s[i-2]))) {
		return numTok{}, false
	}
	var digits []byte
	if neg {
		digits = append(digits, '-')
	}
	k := i
	for len(digits) < maxDigits {
		d, n := digitAt(s, k)
		if n == 0 {
			break
		}
		digits = append(digits, d)
		k += n
	}
	intLen := k - i
	// Thousands groups: only after a first group of 1-3 digits.
	if intLen >= 1 && intLen <= 3 && s[i] != '0' {
		// (a first group that starts with 0 is never grouped: 0,125)
		for {
			n := thousandsSep(s, k)
			if n == 0 || k+n+3 > len(s) || !isDigit(s[k+n]) || !isDigit(s[k+n+1]) || !isDigit(s[k+n+2]) ||
				(k+n+3 < len(s) && isDigit(s[k+n+3])) {
				break
			}
			digits = append(digits, s[k+n:k+n+3]...)
			k += n + 3
		}
	}
	if _, n := digitAt(s, k+1); k+1 < len(s) && s[k] == '.' && n > 0 {
		digits = append(digits, '.')
		k++
		for len(digits) < maxDigits {
			d, n := digitAt(s, k)
			if n == 0 {
				break
			}
			digits = append(digits, d)
			k += n
		}
	}
	if len(digits) == 0 || (len(digits) == 1 && digits[0] == '-') {
		return numTok{}, false
	}
	exp, k2 := exponentAt(s, k)
	if k2 > k {
		k = k2
	}
	if !wantVal {
		return numTok{start: start, end: k}, true
	}
	v, ok := new(big.Rat).SetString(string(digits))
	if !ok {
		return numTok{}, false
	}
	if exp != 0 {
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(exp))), nil)
		if exp > 0 {
			v.Mul(v, new(big.Rat).SetInt(p))
		} else {
			v.Quo(v, new(big.Rat).SetInt(p))
		}
	}
	return numTok{start: start, end: k, val: v}, true
}

// digitAt reads a digit at s[k]: an ASCII digit, or a full-width one
// (U+FF10-FF19, "４０" is 40), as its ASCII digit and its length in bytes;
// n is 0 when none is there.
func digitAt(s string, k int) (d byte, n int) {
	if k >= len(s) {
		return 0, 0
	}
	if isDigit(s[k]) {
		return s[k], 1
	}
	// U+FF10-FF19 are EF BC 90-99 in UTF-8
	if k+2 < len(s) && s[k] == 0xEF && s[k+1] == 0xBC && s[k+2] >= 0x90 && s[k+2] <= 0x99 {
		return '0' + s[k+2] - 0x90, 3
	}
	return 0, 0
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// thousandsSep returns the length of a thousands separator at s[k], or 0.
func thousandsSep(s string, k int) int {
	for _, sep := range []string{",\\!", "{,}", ",", "\\,"} {
		if strings.HasPrefix(s[k:], sep) {
			return len(sep)
		}
	}
	return 0
}

// exponentAt reads a scientific exponent at s[k]: e5, E-3, \times 10^{5},
// ×10^5, *10^5, \cdot 10^{-3}. It returns the exponent and the end, or k.
func exponentAt(s string, k int) (int, int) {
	if k < len(s) && (s[k] == 'e' || s[k] == 'E') {
		j := k + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			if e, end, ok := readExp(s, k+1); ok && (end >= len(s) || !isLetter(s[end])) {
				return e, end
			}
		}
		return 0, k
	}
	j := k
	for j < len(s) && s[j] == ' ' {
		j++
	}
	op := 0
	for _, o := range []string{`\times`, `\cdot`, "×", "*", "x", "·"} {
		if strings.HasPrefix(s[j:], o) {
			op = len(o)
			break
		}
	}
	if op == 0 {
		return 0, k
	}
	j += op
	for j < len(s) && s[j] == ' ' {
		j++
	}
	if !strings.HasPrefix(s[j:], "10^") {
		return 0, k
	}
	j += 3
	// 10^{23} or 10^23: the exponent's braces are the scanner's tokens
	brace := openAt(s, j)
	if brace {
		j++
	}
	e, end, ok := readExp(s, j)
	if !ok {
		return 0, k
	}
	if brace {
		if !closeAt(s, end) {
			return 0, k
		}
		end++
	}
	return e, end
}

func readExp(s string, j int) (int, int, bool) {
	neg := false
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		neg = s[j] == '-'
		j++
	}
	st := j
	e := 0
	for j < len(s) && isDigit(s[j]) {
		if e <= maxExp {
			e = e*10 + int(s[j]-'0')
		}
		j++
	}
	if j == st || e > maxExp {
		return 0, 0, false
	}
	if neg {
		e = -e
	}
	return e, j, true
}

// fracAt reads \frac{a}{b} (also \dfrac, \tfrac, an optional leading '-')
// with plain numbers a and b. The command is texscan's token, so that
// \fraction or the "frac" after an escaped backslash (\\frac) is none.
func fracAt(s string, i int) (numTok, bool) {
	start := i
	neg := false
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	t, ok := tokenAt(s, i)
	if !ok || !isFracCommand(t) {
		return numTok{}, false
	}
	num, j, ok := bracedNumber(s, t.End())
	if !ok {
		return numTok{}, false
	}
	den, j, ok := bracedNumber(s, j)
	if !ok || den.Sign() == 0 {
		return numTok{}, false
	}
	if neg {
		num.Neg(num)
	}
	v := new(big.Rat).Quo(num, den)
	return numTok{start: start, end: j, val: v, isFrac: true, num: num, den: den}, true
}

// bracedNumber reads a brace group holding one plain number at s[j] (after
// spaces) and returns its value and the offset after the group.
func bracedNumber(s string, j int) (*big.Rat, int, bool) {
	sc := texscan.NewScanner(s, j)
	t, ok := sc.Next()
	for ok && t.Kind == texscan.Space && strings.Trim(t.Text, " ") == "" {
		t, ok = sc.Next() // spaces (a tab or a \r is no space here, as before)
	}
	if !ok || t.Kind != texscan.Open {
		return nil, 0, false
	}
	open := t.Pos
	// A plain number has no group inside (a {,} thousands separator aside)
	// and no command but the thin spaces \, and \! of 10,\!080, and at
	// most maxDigits digits: the group is read only that far, so that a
	// \frac nested 100,000 deep costs no scan to its matching brace at each
	// level.
	c := -1
	for c < 0 && sc.Pos() < len(s) && sc.Pos() <= open+maxDigits+64 {
		t, _ := sc.Next()
		switch t.Kind {
		case texscan.Close:
			c = t.Pos
		case texscan.Open:
			// {,}: the group of a thousands separator, and no other
			if p, ok := sc.Next(); !ok || p.Text != "," {
				return nil, 0, false
			}
			if e, ok := sc.Next(); !ok || e.Kind != texscan.Close {
				return nil, 0, false
			}
		case texscan.Command:
			if t.Text != `\,` && t.Text != `\!` {
				return nil, 0, false
			}
		case texscan.MathOpen, texscan.MathClose, texscan.Begin, texscan.End:
			// (a backslash ending the text is a Char, as it was no command
			// before: the group is then never closed anyway)
			return nil, 0, false
		}
	}
	if c < 0 {
		return nil, 0, false
	}
	inner := strings.TrimSpace(s[open+1 : c])
	n, ok := numberAt(inner, 0)
	if !ok || n.end != len(inner) {
		return nil, 0, false
	}
	return n.val, c + 1, true
}

// scanValues lists the numbers of s in order, with a/b and \frac{a}{b} read
// as fractions when fractions is true, and each marked when it sits inside
// parentheses.
func scanValues(s string, fractions bool) []numTok {
	return scanNumbers(s, fractions, false, true)
}

// lastNumber returns the last number of text outside math segments (they
// are the math tier's), a/b and "1 / 2" read as one fraction. Numbers inside
// parentheses count only when there is no other ("so 9 apples (7 red, 2
// green)" answers 9).
func lastNumber(s string) (numTok, bool) {
	var last, lastIn numTok
	found, foundIn := false, false
	eachNumber(s, true, true, false, func(t numTok) {
		if t.inParens {
			lastIn, foundIn = t, true
		} else {
			last, found = t, true
		}
	})
	if found {
		return last, true
	}
	return lastIn, foundIn
}

// scanNumbers lists the numbers of s in order. With fractions, a/b of plain
// numbers (spaces allowed around the slash) and \frac{a}{b} are one
// fraction each; with skipMath, math segments ($...$, \(...\), \[...\]) are
// skipped whole. Parentheses are tracked so that each number knows whether
// it sits inside them. Without values, only the spans are computed (val is
// nil for plain numbers), which costs no allocation per number.
func scanNumbers(s string, fractions, skipMath, values bool) []numTok {
	var out []numTok
	eachNumber(s, fractions, skipMath, values, func(t numTok) { out = append(out, t) })
	return out
}

// eachNumber calls fn for each number of s, in order (see scanNumbers). It
// walks texscan's tokens: a parenthesis is a Punct token (the \( of a
// formula and an escaped \) are none), a formula is a texseg segment, a
// fraction's \frac is a command token, and a control symbol (\-, \5)
// escapes its character; only the digits of a number, its sign and its
// neighbours are read as bytes, by numberScan.
func eachNumber(s string, fractions, skipMath, values bool, fn func(numTok)) {
	depth := 0
	sc := texscan.NewScanner(s, 0)
	for {
		tok, ok := sc.Next()
		if !ok {
			return
		}
		i := tok.Pos
		switch tok.Kind {
		case texscan.Punct:
			switch tok.Text[0] {
			case '(':
				depth++
				continue
			case ')':
				if depth > 0 {
					depth--
				}
				continue
			case '-':
				if fractions {
					if n, ok := sc.Peek(); ok && isFracCommand(n) {
						if t, ok := fracAt(s, i); ok {
							t.inParens = depth > 0
							fn(t)
							*sc = *texscan.NewScanner(s, t.end)
							continue
						}
					}
				}
			case '+', '.':
			default:
				continue
			}
		case texscan.MathShift, texscan.MathOpen, texscan.Begin:
			if skipMath {
				if g, ok := texseg.At(s, i); ok {
					*sc = *texscan.NewScanner(s, g.End)
				} else if tok.Text == "$$" {
					*sc = *texscan.NewScanner(s, i+1) // an unclosed $$: its second dollar may open a formula
				}
			}
			continue
		case texscan.Command:
			if name := tok.Name(); len(name) > 0 && !isLetter(name[0]) && name != `$` && name != `\` {
				// a control symbol of plain text escapes its character,
				// which is read as text (\-5 is -5, as Markdown writes
				// it); \$ is a price sign, never a formula, and \\ a line
				// break
				*sc = *texscan.NewScanner(s, i+1)
				continue
			}
			if e, ok := spacingDimensionEnd(s, tok); ok {
				// \kern 6pt, \hspace{2cm}: a length of layout, no value
				*sc = *texscan.NewScanner(s, e)
				continue
			}
			if fractions && (isFracCommand(tok) || tok.Text == `\\`) {
				if tok.Text == `\\` {
					// a reply serialized twice writes \\frac for \frac (see
					// cleanCandidate): the escaped backslash's second half
					// is read as the command's
					i++
				}
				if t, ok := fracAt(s, i); ok {
					t.inParens = depth > 0
					fn(t)
					*sc = *texscan.NewScanner(s, t.end)
				}
			}
			continue
		case texscan.Number:
		case texscan.Char:
			// the Unicode minus and the full-width digits
			if c := tok.Text[0]; c != 0xE2 && c != 0xEF {
				continue
			}
		default:
			continue
		}
		if t, ok := signedGroup(s, i, values); ok {
			// -(1/3), -(-1/3): the sign applies to the number in parentheses.
			t.inParens = depth > 0
			fn(t)
			*sc = *texscan.NewScanner(s, t.end)
			continue
		}
		t, ok := numberScan(s, i, values)
		if !ok {
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
		*sc = *texscan.NewScanner(s, t.end)
	}
}

// signedGroup reads a sign before parentheses that hold exactly one number
// or fraction at s[i]: "-(1/3)" is -1/3 and "-(-1/3)" is 1/3. The group is
// texscan's, matched under Parens and read at most maxSignedGroup bytes
// far, so that a run of "-(" never rescans the text.
func signedGroup(s string, i int, values bool) (numTok, bool) {
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
	g, ok := parenGroup(s, i+sl, maxSignedGroup)
	if !ok {
		return numTok{}, false
	}
	inner := s[g.Inner:g.InnerEnd]
	toks := scanNumbers(inner, true, false, true)
	if len(toks) != 1 {
		return numTok{}, false
	}
	if a, b := trimSpan(inner, 0, len(inner)); toks[0].start != a || toks[0].end != b {
		return numTok{}, false
	}
	t := numTok{start: i, end: g.End}
	if values {
		t.val = new(big.Rat).Set(toks[0].val)
		if s[i] != '+' {
			t.val.Neg(t.val)
		}
	}
	return t, true
}

// maxSignedGroup bounds what a signed group holds: one number or fraction.
const maxSignedGroup = 64

// parenGroup matches the parenthesis that opens at s[open] with texscan's
// walker under Parens, reading no further than limit bytes inside it: the
// walker reads only the prefix of s that ends there, which holds the
// closer when it is within reach (a token before a ')' ends at it, in the
// prefix as in s), so that no text's length is ever walked.
func parenGroup(s string, open, limit int) (texscan.Group, bool) {
	w := texscan.NewWalker(s[:min(len(s), open+limit+2)], open, texscan.Parens, texscan.Limits{})
	if t, d, ok := w.Next(); !ok || d <= 0 || t.Pos != open {
		return texscan.Group{}, false
	}
	for {
		t, d, ok := w.Next()
		if !ok {
			return texscan.Group{}, false
		}
		if d < 0 && w.Depth() == 0 {
			return texscan.Group{Start: open, Inner: open + 1, InnerEnd: t.Pos, End: t.End()}, true
		}
	}
}

// nonZero reports whether a number (its text, and its value when computed)
// is not zero: some digit of its mantissa, before any exponent, is not 0.
func nonZero(text string, v *big.Rat) bool {
	if v != nil {
		return v.Sign() != 0
	}
	digits := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c >= '1' && c <= '9':
			return true
		case c == '0':
			digits = true
		case isLetter(c) || c == '*' || (c >= 0x80 && digits):
			return false // the exponent starts
		}
	}
	return false
}

// ratFloat converts r to a float64 (±Inf when out of range).
func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// spacingDimensionEnd returns the end of a spacing command and its length
// (\kern 6pt, \mkern-3mu, \hskip 1em, \hspace{2cm}, \hspace*{1em}): the
// digits of a TeX dimension are layout, never a number of the answer.
func spacingDimensionEnd(s string, tok texscan.Token) (int, bool) {
	switch tok.Name() {
	case "kern", "mkern", "hskip", "mskip", "vskip", "mspace":
	case "hspace", "vspace":
		j := tok.End()
		if j < len(s) && s[j] == '*' {
			j++
		}
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if g, err := texscan.Match(s, j, texscan.Braces, texscan.Limits{}); err == nil {
			return g.End, true
		}
		return 0, false
	default:
		return 0, false
	}
	j := tok.End()
	for j < len(s) && s[j] == ' ' {
		j++
	}
	if j < len(s) && s[j] == '{' {
		if g, err := texscan.Match(s, j, texscan.Braces, texscan.Limits{}); err == nil {
			return g.End, true
		}
		return 0, false
	}
	if j < len(s) && (s[j] == '-' || s[j] == '+') {
		j++
	}
	k := j
	for k < len(s) && (isDigit(s[k]) || s[k] == '.') {
		k++
	}
	if k == j {
		return 0, false
	}
	for k < len(s) && s[k] == ' ' {
		k++
	}
	for _, u := range []string{"pt", "em", "ex", "mu", "cm", "mm", "in", "bp", "pc", "sp", "dd", "cc"} {
		if strings.HasPrefix(s[k:], u) {
			return k + len(u), true
		}
	}
	return 0, false
}

const enDash = "\u2013"

// dashMinus reports whether an en dash at s[i] stands right before a digit.
func dashMinus(s string, i int) bool {
	return strings.HasPrefix(s[i:], enDash) && i+len(enDash) < len(s) && isDigit(s[i+len(enDash)])
}
