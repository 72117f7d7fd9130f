package mutation

import (
	"fmt"
	"strings"
	"unicode"
)

// The catalogue of the closed-world family (issue 28, item 5): LaTeX math
// commands and Unicode math characters, each with the forms in which it is
// set beside or around a gold value v and the reason the result cannot mean
// v. The grader may call such a candidate Equal to v only when the
// construct is on the no-op table (noop.go); everything else it must read
// for its meaning or refuse.
//
// Sources of the lists:
//   - LaTeX: the symbol tables of "The Comprehensive LaTeX Symbol List"
//     (Scott Pakin, CTAN, texdoc symbols-a4), of "Short Math Guide for
//     LaTeX" (Downes and Beeton, AMS: the amssymb and amsmath commands) and
//     the math chapter of "LaTeX2e: An unofficial reference manual" (the
//     kernel's Greek, binary operators, relations, arrows, delimiters,
//     accents, big operators, log-like functions and spacing). The command
//     names were written out by hand by class; no text was copied.
//   - Unicode: the Unicode Standard's code charts, blocks Mathematical
//     Operators (U+2200-22FF, all of it), Arrows (U+2190-21FF), Letterlike
//     Symbols (U+2100-214F), Superscripts and Subscripts (U+2070-209F),
//     Number Forms (U+2150-218B), Greek (U+0391-03C9), Combining Diacritical
//     Marks (a selection of U+0300-036F) and a few of General Punctuation and
//     Latin-1; each block is taken whole from Go's unicode tables (assigned
//     characters only), minus the exceptions below, each with its reason.

// Form is how a construct is set with a value.
type Form int

const (
	// After: v<c>, the construct after the value (5\alpha, 5≤).
	After Form = iota
	// Before: <c>v (\alpha 5, ≈5).
	Before
	// Around: \cmd{v}, or an opening and closing pair around v.
	Around
)

func (f Form) String() string {
	return [...]string{"after", "before", "around"}[f]
}

// Truth says how it is known that a form changes the meaning.
type Truth int

const (
	// Certain: by construction. The result is not well formed (a dangling
	// operator or relation, an unbalanced delimiter, a script with no
	// base), or it applies a decoration, font or operator with no identity
	// reading, or it multiplies v by a symbol that is not 1 (v nonzero).
	Certain Truth = iota
	// ByOracle: only when the oracle reads the result as different from v
	// (\sqrt{v} is v for v = 1; 5₈ is 5).
	ByOracle
	// Exempt: not asserted; the reason is in Construct.Why (the no-op
	// table, or a policy question such as a unit or "therefore").
	Exempt
)

// Construct is one catalogue entry.
type Construct struct {
	// Group names the family the pairs count in ("latex-rel", "uni-arrows").
	Group string
	// Open is the command or character; Close, for a pair of delimiters,
	// the closing one. Arg marks a command that takes v as its argument.
	Open, Close string
	Arg         bool
	// Forms and their truths: a form that is not listed is not made.
	Forms map[Form]Truth
	// Nonzero: the form means v times something (or ± v), so it changes
	// the meaning only when v is not 0 (and finite).
	Nonzero bool
	// Why explains an Exempt form.
	Why string
}

// apply sets the construct with value v in form f.
func (c Construct) apply(v string, f Form) string {
	sep := func(cmd string) string {
		// a control word keeps its name apart from a letter that follows
		if strings.HasPrefix(cmd, `\`) && len(cmd) > 1 && isLetter(cmd[len(cmd)-1]) {
			return " "
		}
		return ""
	}
	switch f {
	case After:
		return v + c.Open
	case Before:
		return c.Open + sep(c.Open) + v
	}
	if c.Arg {
		return c.Open + "{" + v + "}"
	}
	return c.Open + sep(c.Open) + v + c.Close
}

// words splits a space-separated list.
func words(s string) []string { return strings.Fields(s) }

func forms(kv ...any) map[Form]Truth {
	m := map[Form]Truth{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(Form)] = kv[i+1].(Truth)
	}
	return m
}

// Catalogue returns every entry, LaTeX first.
func Catalogue() []Construct { return catalogue }

var catalogue = buildCatalogue()

// policy forms: not asserted, each with its reason.
const (
	whyConjugate = "the conjugate of a real number is the number itself: \\bar and \\overline of a real gold may mean it (issue 28 lists \\overline{z} as the conjugate)"
	whyAbs       = "a norm or absolute value of a positive gold is the gold; the oracle does not read it"
	whyFunc      = "a function applied to v can equal v (\\max{5}, \\Re 5, \\lim 5, \\gcd 5); not asserted where the oracle does not evaluate it"
	whyUnit      = "a unit or currency sign after a bare value: the policy's documented rule decides (issue 28: one side's unit against a bare gold)"
	whyMarker    = "a discourse or verdict marker (therefore, implies, end of proof, check mark) before or after the answer: whether it reads as 'so' is reply policy, not notation"
	whyBox       = "an answer marker (\\boxed, \\fbox): extraction reads it"
	whyMod       = "a congruence (v \\pmod n): the policy decides whether a residue matches an integer gold (issue 28 lists \\pmod spellings)"
	whyGroup     = "a grouping bracket around one item is the item"
	whyInvisible = "an invisible operator (U+2061-2064) with nothing on one side"
	whyDigit     = "a digit in another script is the digit (full-width, Roman numeral one)"
	whySet       = "a set of one value against the value: like a set against a list, the suite's oracle leaves it to policy"
	whyHash      = "a GSM-style answer marker (#### 5) before the value"
	whyDegree    = "a degree mark written without the superscript (30\\circ): the unit policy decides"
)

func buildCatalogue() []Construct {
	var out []Construct
	add := func(group, names string, fm map[Form]Truth, nonzero bool) {
		for _, n := range words(names) {
			out = append(out, Construct{Group: group, Open: n, Forms: fm, Nonzero: nonzero})
		}
	}
	addArg := func(group, names string, t Truth, why string) {
		for _, n := range words(names) {
			out = append(out, Construct{Group: group, Open: n, Arg: true, Forms: forms(Around, t), Why: why})
		}
	}
	// a symbol that stands for a quantity: v times it, either side
	times := forms(After, Certain, Before, Certain)
	// an operator or relation with nothing on one side
	dangling := forms(After, Certain, Before, Certain)

	// Greek (kernel), Hebrew and other ordinary symbols
	add("latex-greek", `\alpha \beta \gamma \delta \epsilon \varepsilon \zeta \eta \theta \vartheta \iota \kappa
		\varkappa \lambda \mu \nu \xi \pi \varpi \rho \varrho \sigma \varsigma \tau \upsilon \phi \varphi \chi \psi
		\omega \digamma \Gamma \Delta \Theta \Lambda \Xi \Pi \Sigma \Upsilon \Phi \Psi \Omega \varGamma \varDelta
		\varTheta \varLambda \varXi \varPi \varSigma \varUpsilon \varPhi \varPsi \varOmega`, times, true)
	add("latex-ord", `\aleph \beth \gimel \daleth \hbar \hslash \ell \wp \partial \nabla \infty \emptyset
		\varnothing \angle \measuredangle \sphericalangle \triangle \top \bot \forall \exists \nexists \flat
		\natural \sharp \clubsuit \diamondsuit \heartsuit \spadesuit \backslash \surd \mho \eth \Finv \Game
		\Bbbk \complement \circledS \imath \jmath \dagger \ddagger \S \P \copyright \star \bigstar \lozenge
		\blacklozenge \blacktriangle \blacktriangledown \triangledown \vartriangle \diagup \diagdown
		\backprime \varclubsuit \vardiamondsuit \varheartsuit \varspadesuit \maltese \circledR \yen`, times, true)
	// the real and imaginary parts: Re 5 is 5
	for _, n := range words(`\Re \Im`) {
		out = append(out, Construct{Group: "latex-ord", Open: n, Forms: forms(After, Certain, Before, Exempt), Why: whyFunc})
	}
	add("latex-unary", `\pm \mp \neg \lnot`, forms(After, Certain, Before, Certain), true)
	add("latex-binop", `\times \div \cdot \ast \bullet \oplus \ominus \otimes \oslash \odot \bigcirc
		\amalg \cap \cup \uplus \sqcap \sqcup \vee \wedge \land \lor \setminus \smallsetminus \wr \diamond
		\bigtriangleup \bigtriangledown \triangleleft \triangleright \lhd \rhd \unlhd \unrhd \barwedge \veebar
		\doublebarwedge \boxplus \boxminus \boxtimes \boxdot \circledast \circledcirc \circleddash \dotplus
		\divideontimes \ltimes \rtimes \leftthreetimes \rightthreetimes \curlyvee \curlywedge \Cap \Cup
		\intercal \centerdot \over \atop \choose`, dangling, false)
	out = append(out, Construct{Group: "latex-binop", Open: `\circ`, Forms: forms(After, Exempt, Before, Certain), Why: whyDegree})
	add("latex-rel", `\le \ge \leq \geq \leqq \geqq \leqslant \geqslant \ll \gg \lll \ggg \ne \neq \equiv
		\sim \simeq \approx \approxeq \cong \ncong \propto \varpropto \prec \succ \preceq \succeq \subset
		\supset \subseteq \supseteq \subsetneq \supsetneq \nsubseteq \nsupseteq \subseteqq \supseteqq
		\sqsubset \sqsupset \sqsubseteq \sqsupseteq \in \ni \notin \owns \vdash \dashv \models \perp \parallel
		\nparallel \mid \nmid \asymp \bowtie \doteq \doteqdot \triangleq \smile \frown \lessgtr \gtrless
		\lesssim \gtrsim \lessapprox \gtrapprox \nless \ngtr \nleq \ngeq \lneq \gneq \lneqq \gneqq \between
		\pitchfork \Vdash \vDash \Vvdash \backsim \backsimeq \eqsim \thickapprox \thicksim \risingdotseq
		\fallingdotseq \circeq \bumpeq \Bumpeq \eqcirc \vartriangleleft \vartriangleright \trianglelefteq
		\trianglerighteq \ntriangleleft \ntriangleright \shortmid \shortparallel \nshortmid \Subset \Supset
		\varsubsetneq \varsupsetneq \succsim \precsim \succapprox \precapprox \curlyeqprec \curlyeqsucc
		\preccurlyeq \succcurlyeq \lessdot \gtrdot \lesseqgtr \gtreqless \lesseqqgtr \gtreqqless
		\eqslantless \eqslantgtr \nprec \nsucc \npreceq \nsucceq \nsim \nmodels \nvdash \nvDash \colon
		\coloneqq \eqqcolon \Coloneqq \approxcolon \multimap`, dangling, false)
	add("latex-arrow", `\gets \leftarrow \Leftarrow \leftrightarrow \Leftrightarrow \iff \impliedby \mapsto
		\longmapsto \longleftarrow \Longleftarrow \longleftrightarrow \Longleftrightarrow \uparrow \downarrow
		\updownarrow \Uparrow \Downarrow \Updownarrow \nearrow \searrow \swarrow \nwarrow \hookleftarrow
		\hookrightarrow \leftharpoonup \leftharpoondown \rightharpoonup \rightharpoondown \rightleftharpoons
		\leftrightharpoons \leadsto \rightsquigarrow \leftrightsquigarrow \twoheadrightarrow
		\twoheadleftarrow \rightarrowtail \leftarrowtail \looparrowright \looparrowleft \curvearrowright
		\curvearrowleft \circlearrowright \circlearrowleft \Lsh \Rsh \upuparrows \downdownarrows
		\leftleftarrows \rightrightarrows \leftrightarrows \rightleftarrows \Lleftarrow \Rrightarrow
		\nleftarrow \nrightarrow \nLeftarrow \nRightarrow \nleftrightarrow \nLeftrightarrow \dashrightarrow
		\dashleftarrow \restriction \upharpoonleft \upharpoonright \downharpoonleft \downharpoonright`, dangling, false)
	// "so": an implication arrow or "therefore" before the answer
	for _, n := range words(`\to \rightarrow \Rightarrow \implies \longrightarrow \Longrightarrow \therefore \because`) {
		out = append(out, Construct{Group: "latex-arrow", Open: n, Forms: forms(After, Certain, Before, Exempt), Why: whyMarker})
	}
	for _, n := range words(`\qed \blacksquare \square \Box`) {
		out = append(out, Construct{Group: "latex-ord", Open: n, Forms: forms(After, Exempt, Before, Certain), Nonzero: true, Why: whyMarker})
	}
	out = append(out, Construct{Group: "latex-ord", Open: `\checkmark`, Forms: forms(After, Exempt, Before, Exempt), Why: whyMarker})
	add("latex-dots", `\ldots \cdots \dots \vdots \ddots \dotsc \dotsb \dotsm \dotsi \dotso`, dangling, false)
	add("latex-bigop", `\sum \prod \coprod \int \iint \iiint \iiiint \oint \idotsint \bigcup \bigcap
		\bigsqcup \bigvee \bigwedge \bigodot \bigotimes \bigoplus \biguplus`, forms(After, Certain, Before, Certain), false)
	// log-like functions: after v they dangle; applied to v, the oracle
	// decides where it evaluates them
	for _, n := range words(`\sin \cos \tan \cot \sec \csc \arcsin \arccos \arctan \sinh \cosh \tanh \exp \log \ln`) {
		out = append(out, Construct{Group: "latex-func", Open: n, Forms: forms(After, Certain, Before, ByOracle, Around, ByOracle), Arg: true})
	}
	for _, n := range words(`\coth \lg \arg \deg \det \dim \gcd \hom \inf \ker \lim \liminf \limsup \max \min \Pr \sup \injlim \projlim`) {
		out = append(out, Construct{Group: "latex-func", Open: n, Forms: forms(After, Certain, Before, Exempt, Around, Exempt), Arg: true, Why: whyFunc})
	}
	for _, n := range words(`\sqrt`) {
		out = append(out, Construct{Group: "latex-func", Open: n, Forms: forms(After, Certain, Around, ByOracle), Arg: true})
	}
	for _, n := range words(`\pmod \bmod \mod \pod`) {
		out = append(out, Construct{Group: "latex-misc", Open: n, Forms: forms(After, Exempt), Why: whyMod})
	}
	// accents and decorations: read for their meaning, or refused
	addArg("latex-accent", `\hat \check \tilde \acute \grave \dot \ddot \dddot \ddddot \breve \vec \mathring
		\widehat \widetilde \widecheck \underline \overrightarrow \overleftarrow \overleftrightarrow
		\underrightarrow \underleftarrow \underleftrightarrow \overbrace \underbrace \overgroup \undergroup
		\cancel \bcancel \xcancel \phantom \hphantom \vphantom \xrightarrow \xleftarrow`, Certain, "")
	addArg("latex-accent", `\bar \overline`, Exempt, whyConjugate)
	addArg("latex-accent", `\boxed \fbox \framebox`, Exempt, whyBox)
	// fonts that change the symbol (blackboard, calligraphic, fraktur,
	// script): \mathbb{5} is not 5; the style fonts are on the no-op table
	addArg("latex-font", `\mathbb \mathcal \mathfrak \mathscr \mathds \mathbbm`, Certain, "")
	// delimiters
	pair := func(group, open, close string, t Truth, why string) {
		out = append(out, Construct{Group: group, Open: open, Close: close, Forms: forms(Around, t), Why: why})
		// the halves alone: an unbalanced delimiter
		if open == close {
			out = append(out, Construct{Group: group, Open: open, Forms: forms(After, Certain, Before, Certain)})
			return
		}
		out = append(out, Construct{Group: group, Open: close, Forms: forms(After, Certain)})
		out = append(out, Construct{Group: group, Open: open, Forms: forms(Before, Certain)})
	}
	pair("latex-delim", `\langle`, `\rangle`, Certain, "")
	pair("latex-delim", `\llbracket`, `\rrbracket`, Certain, "")
	pair("latex-delim", `\ulcorner`, `\urcorner`, Certain, "")
	pair("latex-delim", `\llcorner`, `\lrcorner`, Certain, "")
	pair("latex-delim", `\{`, `\}`, Exempt, whySet)
	pair("latex-delim", `\lbrace`, `\rbrace`, Exempt, whySet)
	pair("latex-delim", `\lfloor`, `\rfloor`, ByOracle, "")
	pair("latex-delim", `\lceil`, `\rceil`, ByOracle, "")
	pair("latex-delim", `\lvert`, `\rvert`, ByOracle, "")
	pair("latex-delim", `\lVert`, `\rVert`, Exempt, whyAbs)
	pair("latex-delim", `\|`, `\|`, Exempt, whyAbs)
	pair("latex-delim", `\lgroup`, `\rgroup`, Exempt, whyGroup)
	pair("latex-delim", `\lbrack`, `\rbrack`, Exempt, whyGroup)
	pair("latex-delim", `\lmoustache`, `\rmoustache`, Certain, "")
	add("latex-misc", `\& \_`, dangling, false)
	out = append(out, Construct{Group: "latex-misc", Open: `\#`, Forms: forms(After, Certain, Before, Exempt), Why: whyHash})
	for _, n := range words(`\% \$ \pounds \euro \textdegree \degree \prime \textcent`) {
		out = append(out, Construct{Group: "latex-misc", Open: n, Forms: forms(After, Exempt, Before, Exempt), Why: whyUnit})
	}
	out = append(out, Construct{Group: "latex-misc", Open: `^\circ`, Forms: forms(After, Exempt), Why: whyUnit})

	// ---- Unicode
	uni := func(group string, lo, hi rune, form map[Form]Truth, nonzero bool, skip map[rune]string) {
		for r := lo; r <= hi; r++ {
			if !unicode.IsGraphic(r) && !unicode.Is(unicode.Mn, r) {
				continue // unassigned
			}
			c := Construct{Group: group, Open: string(r), Forms: form, Nonzero: nonzero}
			if why, ok := skip[r]; ok {
				if why == "" {
					continue // listed elsewhere
				}
				c.Forms = map[Form]Truth{}
				for f := range form {
					c.Forms[f] = Exempt
				}
				c.Why = why
			}
			out = append(out, c)
		}
	}
	// Mathematical Operators, whole: operators, relations, big operators
	// and a few ordinary symbols (∅ ∞ ∂ ∇), all meaningless with nothing
	// on one side or a factor that is not 1
	uni("uni-operators", 0x2200, 0x22FF, forms(After, Certain, Before, Certain), true, map[rune]string{
		'√': "", '∛': "", '∜': "", // roots: below, by the oracle
		'∴': whyMarker, '∵': whyMarker, '∎': whyMarker,
		'∣': "", // listed with the bars
	})
	for _, r := range "√∛∜" {
		out = append(out, Construct{Group: "uni-operators", Open: string(r), Forms: forms(After, Certain, Before, ByOracle)})
	}
	out = append(out, Construct{Group: "uni-operators", Open: "∣", Forms: forms(After, Certain, Before, Certain)})
	uni("uni-arrows", 0x2190, 0x21FF, forms(After, Certain, Before, Certain), false, map[rune]string{
		'→': whyMarker, '⇒': whyMarker,
	})
	for _, r := range "⟶⟹⟵⟸⟷⟺⟼" { // Supplemental Arrows-A, the long ones
		c := Construct{Group: "uni-arrows", Open: string(r), Forms: forms(After, Certain, Before, Certain)}
		if r == '⟶' || r == '⟹' {
			c.Forms, c.Why = forms(After, Certain, Before, Exempt), whyMarker
		}
		out = append(out, c)
	}
	uni("uni-letterlike", 0x2100, 0x214F, times, true, map[rune]string{
		'℃': whyUnit, '℉': whyUnit, 'K': whyUnit, 'Å': whyUnit, 'Ω': whyUnit, 'ℓ': whyUnit, '℥': whyUnit,
		'℈': whyUnit, '℔': whyUnit, '℮': whyUnit,
	})
	// superscripts and subscripts: after v an exponent or index the oracle
	// reads (v¹ is v, 5₈ is 5 in base eight); before v they have no base
	uni("uni-scripts", 0x2070, 0x209F, forms(After, ByOracle, Before, Certain), false, nil)
	for _, r := range "¹²³" {
		out = append(out, Construct{Group: "uni-scripts", Open: string(r), Forms: forms(After, ByOracle, Before, Certain)})
	}
	// Number Forms: vulgar fractions (5½ is 5.5) and Roman numerals
	uni("uni-numberforms", 0x2150, 0x218B, forms(After, ByOracle, Before, Certain), true, map[rune]string{
		'Ⅰ': whyDigit, 'ⅰ': whyDigit, '↉': "a vulgar fraction zero thirds: 5↉ is 5 + 0/3",
	})
	for _, r := range "¼½¾" {
		out = append(out, Construct{Group: "uni-numberforms", Open: string(r), Forms: forms(After, ByOracle, Before, Certain), Nonzero: true})
	}
	uni("uni-greek", 0x0391, 0x03C9, times, true, nil)
	// combining marks: they decorate the last character of v
	for _, r := range "\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u030A\u030C\u0332\u0333\u0336\u0338\u20D7\u20D1\u20E1" {
		out = append(out, Construct{Group: "uni-combining", Open: string(r), Forms: forms(After, Certain)})
	}
	// General Punctuation and Latin-1 signs with a mathematical use
	for _, r := range "…‖‹›⁄‰‱⁅⁆¬¦§¶" {
		out = append(out, Construct{Group: "uni-misc", Open: string(r), Forms: forms(After, Certain, Before, Certain), Nonzero: true})
	}
	for _, r := range "′″‴°µ£€¥¢" {
		out = append(out, Construct{Group: "uni-misc", Open: string(r), Forms: forms(After, Exempt, Before, Exempt), Why: whyUnit})
	}
	// a check mark before or after the answer is a verdict, or a bullet;
	// a cross after it turns it down (the grader reads ❌ ✗ as a verdict)
	for _, r := range "✓✔" {
		out = append(out, Construct{Group: "uni-misc", Open: string(r), Forms: forms(After, Exempt, Before, Exempt), Why: whyMarker})
	}
	for _, r := range "✗✘❌" {
		out = append(out, Construct{Group: "uni-misc", Open: string(r), Forms: forms(After, Certain, Before, Certain)})
	}
	for _, r := range "\u2061\u2062\u2063\u2064" {
		out = append(out, Construct{Group: "uni-misc", Open: string(r), Forms: forms(After, Exempt, Before, Exempt), Why: whyInvisible})
	}
	// the no-op table's entries, set the same ways: counted, not asserted
	for _, n := range NoOpTable {
		c := Construct{Group: "noop", Open: n.Open, Close: n.Close, Arg: n.Arg, Why: "no-op: " + n.Why}
		if n.Arg || n.Close != "" {
			c.Forms = forms(Around, Exempt)
		} else {
			c.Forms = forms(After, Exempt, Before, Exempt)
		}
		out = append(out, c)
	}
	return out
}

// String names an entry in reports: the command or U+XXXX and its glyph.
func (c Construct) String() string {
	r := []rune(c.Open)
	if len(r) == 1 && r[0] > 127 {
		return fmt.Sprintf("U+%04X %s", r[0], c.Open)
	}
	if c.Close != "" {
		return c.Open + "…" + c.Close
	}
	return c.Open
}
