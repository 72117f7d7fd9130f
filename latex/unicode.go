package latex

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Unicode math is read whole, never character by character: a run of
// superscript digits is one exponent (2¹⁰ is 2^{10}, not (2¹)⁰), a vulgar
// fraction after an integer makes a mixed number (1¾ is 7/4), √ takes its
// whole radicand (√26 is \sqrt{26}, not \sqrt{2}·6), letterlike constants
// and sets are the constants and sets (ℯ, ⅈ, ℝ), and full-width forms are
// their ASCII characters (１２ is 12). Any other symbol in an answer is read
// by no rule: it makes the answer unparsable, with an error naming it, so
// that 2‰ never equals 2. Letters of another script make the answer a text
// answer (see normalizeUnicode).

// unicodeMap rewrites single non-ASCII math characters to LaTeX.
var unicodeMap = map[rune]string{
	'−': "-", '–': "-", '—': "-", '‒': "-", '×': "\\times ", '÷': "\\div ", '≤': "\\le ", '≥': "\\ge ", '≠': "\\ne ",
	'⩽': "\\le ", '⩾': "\\ge ", 'π': "\\pi ", '∞': "\\infty ", '°': "^\\circ ", '·': "\\cdot ", '⋅': "\\cdot ",
	'∪': "\\cup ", '∩': "\\cap ", '±': "\\pm ", '∓': "\\mp ", '≈': "\\approx ", '∈': "\\in ", '∅': "\\emptyset ",
	'’': "'", '∗': "*", '⁄': "/", '′': "'", '″': "''", '‘': "'", '…': "\\ldots ", '⋯': "\\cdots ",
	'ℯ': "\\mathrm{e}", 'ⅇ': "\\mathrm{e}", 'ⅈ': "\\mathrm{i}", 'ℝ': "\\mathbb{R}", 'ℕ': "\\mathbb{N}",
	'ℤ': "\\mathbb{Z}", 'ℚ': "\\mathbb{Q}", 'ℂ': "\\mathbb{C}", 'µ': "\\mu ", 'ϵ': "\\epsilon ", 'ϑ': "\\vartheta ",
	'∖': "\\setminus ", '∣': "\\mid ", '≡': "\\equiv ", '﹣': "-", '⌊': "\\lfloor ", '⌋': "\\rfloor ",
	'∕': "/", '‐': "-", '‑': "-", '˗': "-", 'ℎ': "h",
	'⌈': "\\lceil ", '⌉': "\\rceil ", '∫': "\\int ", '∑': "\\sum ", '∏': "\\prod ", '↦': "\\mapsto ",
	'→': "\\to ",
}

// superscripts and subscripts map to the ASCII characters they raise or
// lower; a run of them becomes one ^{...} or _{...} group.
var superscripts = map[rune]byte{'⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7',
	'⁸': '8', '⁹': '9', '⁺': '+', '⁻': '-', '⁽': '(', '⁾': ')', '⁼': '=',
	// the modifier letters that raise a letter (eˣ is e^{x}, 2ⁿ⁺¹ is 2^{n+1})
	'ᵃ': 'a', 'ᵇ': 'b', 'ᶜ': 'c', 'ᵈ': 'd', 'ᵉ': 'e', 'ᶠ': 'f', 'ᵍ': 'g', 'ʰ': 'h', 'ⁱ': 'i', 'ʲ': 'j', 'ᵏ': 'k',
	'ˡ': 'l', 'ᵐ': 'm', 'ⁿ': 'n', 'ᵒ': 'o', 'ᵖ': 'p', 'ʳ': 'r', 'ˢ': 's', 'ᵗ': 't', 'ᵘ': 'u', 'ᵛ': 'v', 'ʷ': 'w',
	'ˣ': 'x', 'ʸ': 'y', 'ᶻ': 'z'}

var subscripts = map[rune]byte{'₀': '0', '₁': '1', '₂': '2', '₃': '3', '₄': '4', '₅': '5', '₆': '6', '₇': '7',
	'₈': '8', '₉': '9', '₊': '+', '₋': '-', '₍': '(', '₎': ')', '₌': '=',
	// the subscript letters (aₙ₊₁ is a_{n+1})
	'ₐ': 'a', 'ₑ': 'e', 'ₒ': 'o', 'ₓ': 'x', 'ₕ': 'h', 'ₖ': 'k', 'ₗ': 'l', 'ₘ': 'm', 'ₙ': 'n', 'ₚ': 'p', 'ₛ': 's',
	'ₜ': 't', 'ᵢ': 'i', 'ⱼ': 'j', 'ᵣ': 'r', 'ᵤ': 'u', 'ᵥ': 'v'}

// vulgarFractions are the precomposed fractions; after an integer they make
// a mixed number, as 2\frac{1}{2} does.
var vulgarFractions = map[rune][2]int{'½': {1, 2}, '⅓': {1, 3}, '⅔': {2, 3}, '¼': {1, 4}, '¾': {3, 4}, '⅕': {1, 5},
	'⅖': {2, 5}, '⅗': {3, 5}, '⅘': {4, 5}, '⅙': {1, 6}, '⅚': {5, 6}, '⅐': {1, 7}, '⅛': {1, 8}, '⅜': {3, 8},
	'⅝': {5, 8}, '⅞': {7, 8}, '⅑': {1, 9}, '⅒': {1, 10}}

// radicals are √ ∛ ∜ and the index they write.
var radicals = map[rune]string{'√': "\\sqrt", '∛': "\\sqrt[3]", '∜': "\\sqrt[4]"}

// normalizeUnicode rewrites the Unicode math of s to LaTeX (see the comment
// at the top of this file). foreign reports letters of another script
// (Cyrillic, CJK, Arabic, ...): words the answer holds, which the parser
// must not drop. A character read by no rule is an error naming it, at its
// byte column in s.
func normalizeUnicode(s string) (out string, foreign bool, err *Error) {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s, false, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r < 0x80:
			b.WriteByte(s[i])
		case r == utf8.RuneError && size == 1:
			return "", false, &Error{Col: i + 1, Msg: "invalid UTF-8 byte"}
		case superscripts[r] != 0 && slashFraction(s[i:]) != "":
			// ¹⁄₂, ³⁄₁₆: superscript digits, the fraction slash, subscript
			// digits are one vulgar fraction
			f := slashFraction(s[i:])
			b.WriteString(f[strings.IndexByte(f, '|')+1:])
			i += len(f[:strings.IndexByte(f, '|')])
			continue
		case superscripts[r] != 0 || subscripts[r] != 0:
			table, mark := superscripts, "^{"
			if subscripts[r] != 0 {
				table, mark = subscripts, "_{"
			}
			b.WriteString(mark)
			for i < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[i:])
				c, ok := table[r2]
				if !ok {
					break
				}
				b.WriteByte(c)
				i += n2
			}
			b.WriteString("}")
			continue
		case vulgarFractions[r] != [2]int{}:
			f := vulgarFractions[r]
			fmt.Fprintf(&b, "\\frac{%d}{%d}", f[0], f[1])
		case radicals[r] != "":
			arg, end, e := radicand(s, i+size)
			if e != nil {
				return "", false, e
			}
			b.WriteString(radicals[r])
			b.WriteString(arg)
			i = end
			continue
		case (r == '–' || r == '—' || r == '‒' || r == '‐' || r == '‑') && digitBefore(b.String()) && digitAfter(s[i+size:]):
			// 5–7, unspaced, is a range (the typographic rule), never
			// 5 - 7 = -2; a spaced dash (3 – 1) is a minus typed by a word
			// processor
			return "", false, &Error{Col: i + 1, Msg: fmt.Sprintf("the dash %q (U+%04X) between two numbers is a range, not read as a minus", r, r)}
		case (r == 'º' || r == '˚') && digitBefore(b.String()):
			// 45º and 45˚, typed for 45° (the masculine ordinal and the ring
			// above look the same); elsewhere (1º as "first") they are
			// read by no rule
			b.WriteString("^\\circ ")
		case decimalDigit(r) >= 0:
			// a decimal digit of another script or of the mathematical
			// alphanumerics (١٢, ۱۲, 𝟏𝟐, 𝟙𝟚) is the digit
			b.WriteByte(byte('0' + decimalDigit(r)))
		case mathLetter(r) != 0:
			// a Latin letter of the mathematical alphanumerics in a style
			// the no-op table lets vanish (𝑥 italic, 𝐱 bold, 𝗑 sans-serif,
			// 𝚡 monospace) is the letter; script, fraktur and double-struck
			// letters are another alphabet, not read
			b.WriteByte(mathLetter(r))
		case r >= 0xFF01 && r <= 0xFF5E:
			// full-width forms of the ASCII characters
			b.WriteByte(byte(r - 0xFEE0))
		case unicodeMap[r] != "":
			b.WriteString(unicodeMap[r])
		case greekRunes[r] != "":
			b.WriteString("\\" + greekRunes[r] + " ")
		case noOpChars[string(r)]:
			b.WriteByte(' ')
		case unicode.IsLetter(r) || unicode.IsMark(r):
			foreign = true
			b.WriteByte(' ')
		default:
			// any other symbol (‰, ∠, ∑, ✗) is read by no rule: dropping
			// it would make 2‰ equal 2
			return "", false, &Error{Col: i + 1, Msg: fmt.Sprintf("the character %q (U+%04X) is not read", r, r)}
		}
		i += size
	}
	return b.String(), foreign, nil
}

// digitZeros are the zeros of the decimal digit blocks read as digits: the
// Arabic-Indic, extended Arabic-Indic, Devanagari and Bengali digits, and
// the five digit sets of the mathematical alphanumerics (bold, double-struck,
// sans-serif, sans-serif bold, monospace), which are contiguous.
var digitZeros = []rune{0x0660, 0x06F0, 0x0966, 0x09E6, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6}

// mathLetterBlocks are the first code points (A) of the Latin alphabets of
// the mathematical alphanumerics in the styles of the no-op fonts: bold,
// italic, bold italic, sans-serif, its bold, italic and bold italic, and
// monospace; each is A-Z then a-z.
var mathLetterBlocks = []rune{0x1D400, 0x1D434, 0x1D468, 0x1D5A0, 0x1D5D4, 0x1D608, 0x1D63C, 0x1D670}

// mathLetter returns the ASCII letter of r when r is a letter of
// mathLetterBlocks, or 0.
func mathLetter(r rune) byte {
	for _, z := range mathLetterBlocks {
		if r >= z && r < z+52 {
			k := r - z
			if k < 26 {
				return byte('A' + k)
			}
			return byte('a' + k - 26)
		}
	}
	return 0
}

// decimalDigit returns the value of r when it is a digit of one of the
// digitZeros blocks, or -1.
func decimalDigit(r rune) int {
	for _, z := range digitZeros {
		if r >= z && r <= z+9 {
			return int(r - z)
		}
	}
	return -1
}

// slashFraction reads superscript digits, U+2044 and subscript digits at
// the start of s; it returns "<the text read>|\frac{a}{b}", or "" when s
// does not start so.
func slashFraction(s string) string {
	digits := func(t string, table map[rune]byte) (string, int) {
		var d []byte
		n := 0
		for n < len(t) {
			r, size := utf8.DecodeRuneInString(t[n:])
			c, ok := table[r]
			if !ok || c < '0' || c > '9' {
				break
			}
			d = append(d, c)
			n += size
		}
		return string(d), n
	}
	num, n := digits(s, superscripts)
	if num == "" || !strings.HasPrefix(s[n:], "⁄") {
		return ""
	}
	n += len("⁄")
	den, m := digits(s[n:], subscripts)
	if den == "" {
		return ""
	}
	return s[:n+m] + `|\frac{` + num + "}{" + den + "}"
}

// digitBefore reports whether the text written so far ends in a digit;
// digitAfter whether s starts with one.
func digitBefore(s string) bool {
	return s != "" && s[len(s)-1] >= '0' && s[len(s)-1] <= '9'
}

func digitAfter(s string) bool {
	if r, _ := utf8.DecodeRuneInString(s); r >= 0xFF10 && r <= 0xFF19 || decimalDigit(r) >= 0 {
		return true // a full-width digit, or one of another script
	}
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// radicand returns the LaTeX argument that a radical sign before s[i:]
// takes and where it ends: a braced run of digits (with a decimal point) or
// one letter, or "" (ending at i) when a bracket or a group follows, which
// the parser reads as the argument. A radicand followed by a superscript is
// ambiguous (√x² is √(x²) to some and (√x)² to others) and is refused.
func radicand(s string, i int) (string, int, *Error) {
	j := i
	for j < len(s) && s[j] == ' ' {
		j++
	}
	k := j
	for k < len(s) && (isDigit(s[k]) || s[k] == '.' && k+1 < len(s) && isDigit(s[k+1])) {
		k++
	}
	if k == j && k < len(s) && isLetter(s[k]) {
		k++
	}
	if k == j {
		return "", i, nil
	}
	if r, _ := utf8.DecodeRuneInString(s[k:]); superscripts[r] != 0 {
		return "", 0, &Error{Col: i + 1, Msg: "a radical sign before a power is ambiguous (write √(x²) or (√x)²)"}
	}
	return "{" + s[j:k] + "}", k, nil
}

// CheckRunes reports the first character of s that no rule of the parser
// reads (the error names it and its column), or nil. Graders that read a
// number out of a reply without parsing it whole (ASDiv's and MATH 401's
// last-number rules) call it so that a symbol the parser would refuse
// (12↳, ≈12 outside a formula) is not silently dropped around the number.
func CheckRunes(s string) error {
	if _, _, err := normalizeUnicode(s); err != nil {
		return err
	}
	return nil
}
