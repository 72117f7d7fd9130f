package mutation

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The oracle's reading of Unicode mathematics, for the surface family: the
// renderer (surface.go) writes a gold in the Unicode notation models emit,
// and the oracle must read that rendering back as the gold's value before
// the pair is asserted. The reading here is written from the characters'
// meaning (the Unicode names), not from the renderer's tables, so that a
// rendering is checked by a second, separate piece of code. It translates
// into the oracle's own LaTeX; a character it does not know makes the
// answer unreadable (the pair is then dropped, never asserted).

// uniSymbols are single characters with a LaTeX meaning the oracle reads.
var uniSymbols = map[rune]string{
	'−': "-", '‒': "-", '–': "-", // minus sign, figure dash, en dash
	'×': `\times `, '·': `\cdot `, '⋅': `\cdot `, '∙': `\cdot `, '÷': `\div `, '∕': "/",
	'≤': `\le `, '⩽': `\le `, '≥': `\ge `, '⩾': `\ge `, '≠': `\ne `,
	'±': `\pm `, '∓': `\mp `, '∞': `\infty `, '∪': `\cup `, '∩': `\cap `,
	'π': `\pi `, 'ℯ': "e", 'ⅇ': "e", 'ⅈ': "i",
	'°': `^\circ `,
	'α': `\alpha `, 'β': `\beta `, 'γ': `\gamma `, 'δ': `\delta `, 'ε': `\varepsilon `, 'ϵ': `\epsilon `,
	'θ': `\theta `, 'λ': `\lambda `, 'μ': `\mu `, 'ν': `\nu `, 'σ': `\sigma `, 'τ': `\tau `,
	'ϕ': `\phi `, 'φ': `\varphi `, 'ω': `\omega `, 'ρ': `\rho `, 'ψ': `\psi `, 'ξ': `\xi `,
	'η': `\eta `, 'ζ': `\zeta `, 'κ': `\kappa `, 'χ': `\chi `,
	'Δ': `\Delta `, 'Γ': `\Gamma `, 'Ω': `\Omega `, 'Θ': `\Theta `,
	// full-width forms (U+FF01-FF5E) of the ASCII punctuation the oracle reads
	'＋': "+", '－': "-", '（': "(", '）': ")", '／': "/", '＝': "=", '，': ",", '．': ".",
	'［': "[", '］': "]", '＜': "<", '＞': ">",
	'\u00a0': " ", '\u2009': " ", '\u202f': " ", // no-break, thin and narrow no-break space
}

// uniSuper and uniSub are the superscript and subscript forms (U+2070-209F,
// and the Latin-1 ¹²³) with the character they raise or lower.
var uniSuper = map[rune]byte{'⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7',
	'⁸': '8', '⁹': '9', '⁺': '+', '⁻': '-', '⁼': '=', '⁽': '(', '⁾': ')', 'ⁿ': 'n', 'ⁱ': 'i'}
var uniSub = map[rune]byte{'₀': '0', '₁': '1', '₂': '2', '₃': '3', '₄': '4', '₅': '5', '₆': '6', '₇': '7',
	'₈': '8', '₉': '9', '₊': '+', '₋': '-', '₌': '=', '₍': '(', '₎': ')'}

// uniVulgar are the vulgar fractions (U+00BC-00BE, U+2150-215E).
var uniVulgar = map[rune][2]int{'½': {1, 2}, '⅓': {1, 3}, '⅔': {2, 3}, '¼': {1, 4}, '¾': {3, 4}, '⅕': {1, 5},
	'⅖': {2, 5}, '⅗': {3, 5}, '⅘': {4, 5}, '⅙': {1, 6}, '⅚': {5, 6}, '⅐': {1, 7}, '⅛': {1, 8}, '⅜': {3, 8},
	'⅝': {5, 8}, '⅞': {7, 8}, '⅑': {1, 9}, '⅒': {1, 10}}

// uniRoots are the radical signs with their index.
var uniRoots = map[rune]string{'√': "", '∛': "[3]", '∜': "[4]"}

// fullDigit reports the ASCII digit of a full-width digit (U+FF10-FF19).
func fullDigit(r rune) (byte, bool) {
	if r >= '０' && r <= '９' {
		return byte('0' + r - '０'), true
	}
	return 0, false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// fromUnicode translates the Unicode mathematics of s into the oracle's
// LaTeX. ok is false when s has a character the oracle does not read.
func fromUnicode(s string) (string, bool) {
	rs := []rune(s)
	var b strings.Builder
	digitRun := -1 // where the output's current run of plain digits starts
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if d, ok := fullDigit(r); ok {
			r = rune(d)
		}
		if r < utf8.RuneSelf {
			if isDigit(byte(r)) {
				if digitRun < 0 {
					digitRun = b.Len()
					if i > 0 && (rs[i-1] == '.' || rs[i-1] == '．') {
						digitRun = -2 // a decimal's fraction digits: no mixed number
					}
				}
			} else {
				digitRun = -1
			}
			b.WriteRune(r)
			continue
		}
		run := digitRun
		digitRun = -1
		if t, ok := uniSymbols[r]; ok {
			b.WriteString(t)
			continue
		}
		if _, ok := uniSuper[r]; ok {
			j := i
			var e []byte
			for ; j < len(rs); j++ {
				c, ok := uniSuper[rs[j]]
				if !ok {
					break
				}
				e = append(e, c)
			}
			b.WriteString("^{" + string(e) + "}")
			i = j - 1
			continue
		}
		if _, ok := uniSub[r]; ok {
			j := i
			var e []byte
			for ; j < len(rs); j++ {
				c, ok := uniSub[rs[j]]
				if !ok {
					break
				}
				e = append(e, c)
			}
			b.WriteString("_{" + string(e) + "}")
			i = j - 1
			continue
		}
		if f, ok := uniVulgar[r]; ok {
			frac := `\frac{` + strconv.Itoa(f[0]) + `}{` + strconv.Itoa(f[1]) + `}`
			if run >= 0 {
				// a mixed number: 1¾ is 1 + 3/4
				out := b.String()
				b.Reset()
				b.WriteString(out[:run] + "(" + out[run:] + "+" + frac + ")")
			} else if run == -2 {
				return "", false
			} else {
				b.WriteString(frac)
			}
			continue
		}
		if idx, ok := uniRoots[r]; ok {
			// the radicand: a parenthesised group, a run of digits, or one
			// letter or constant
			j := i + 1
			if j >= len(rs) {
				return "", false
			}
			var rad string
			switch {
			case rs[j] == '(' || rs[j] == '（':
				depth, k := 0, j
				for ; k < len(rs); k++ {
					if rs[k] == '(' || rs[k] == '（' {
						depth++
					}
					if rs[k] == ')' || rs[k] == '）' {
						depth--
						if depth == 0 {
							break
						}
					}
				}
				if k >= len(rs) {
					return "", false
				}
				inner, ok := fromUnicode(string(rs[j+1 : k]))
				if !ok {
					return "", false
				}
				rad, i = inner, k
			default:
				k := j
				for k < len(rs) {
					c := rs[k]
					if d, ok := fullDigit(c); ok {
						c = rune(d)
					}
					if c < utf8.RuneSelf && (isDigit(byte(c)) || c == '.' && k > j) {
						k++
						continue
					}
					break
				}
				if k > j {
					inner, ok := fromUnicode(string(rs[j:k]))
					if !ok {
						return "", false
					}
					rad, i = inner, k-1
				} else if c := rs[j]; c < utf8.RuneSelf && isLetter(byte(c)) {
					rad, i = string(c), j
				} else if t, ok := uniSymbols[c]; ok && (t == `\pi ` || greek[strings.TrimSpace(t)]) {
					rad, i = t, j
				} else {
					return "", false
				}
			}
			b.WriteString(`\sqrt` + idx + `{` + rad + `}`)
			continue
		}
		return "", false
	}
	return b.String(), true
}
