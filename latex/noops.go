package latex

import "sort"

// The closed world of the reader: every token of an answer is read by a rule
// with a known meaning, or the answer does not parse, with an error naming
// what was not read. The constructs below are the only ones that may vanish
// while an answer is read; they are layout, spacing or style, and change no
// value. Anything else (an accent, a decoration, an unknown command, a
// Unicode symbol outside the characters the reader knows) is read for its
// meaning or refused: \cancel{7} is not 7, 0.\dot{3} is not "0 times a
// symbol".
//
// The lexer's and the parser's skip sets are built from this one table, so
// that the table is what the reader does; the mutation suite's catalogue
// test reads it to know which `<value><construct>` rewrites must stay Equal.

// NoOpKind says how a no-op construct is written.
type NoOpKind string

const (
	// NoOpCommand is a command skipped on its own: \, \quad \displaystyle
	// \left \right (with the invisible delimiter of \left. and \right.).
	NoOpCommand NoOpKind = "command"
	// NoOpCommandArg is a command skipped together with its one argument:
	// \phantom{x}, \color{red}, \label{eq1}, \hspace{1em}.
	NoOpCommandArg NoOpKind = "command-with-argument"
	// NoOpWrapper is a command whose argument is read in its place:
	// \boxed{5} is 5, \mathbf{5} is 5, \text{5} is 5.
	NoOpWrapper NoOpKind = "wrapper"
	// NoOpFirstArg is a command whose first argument is skipped and whose
	// second is read in its place: \textcolor{red}{5} is 5.
	NoOpFirstArg NoOpKind = "first-argument-skipped"
	// NoOpEnvironment is an environment whose \begin and \end are layout
	// only: \begin{align} ... \end{align}.
	NoOpEnvironment NoOpKind = "environment"
	// NoOpChar is a character that is layout only ($, ~, a no-break space,
	// a zero-width mark, a currency sign before or after an amount).
	NoOpChar NoOpKind = "character"
	// NoOpOptionalArg is the optional [argument] of a command that is
	// layout only: \cfrac[l]{1}{2}, \framebox[2cm]{5}.
	NoOpOptionalArg NoOpKind = "optional-argument"
	// NoOpPrefix is a command before a value that says nothing of it: the
	// number sign of \#5 (GSM's "#### 5"). After a value it is not read
	// (20\# is refused). A relation is not a prefix: "\approx 2",
	// "\sim -1", "≈12" have no left side and are refused ("a relation
	// with no left side"); "\epsilon \approx 0.72" is a relation and is
	// read as one.
	NoOpPrefix NoOpKind = "prefix"
	// NoOpSuffix is text after an answer that says nothing of its value:
	// an ordinal suffix on an integer (12th, 12^{\text{th}}), a full stop,
	// a line break \\ outside a matrix.
	NoOpSuffix NoOpKind = "suffix"
)

// NoOp is one construct that vanishes when an answer is read.
type NoOp struct {
	// Construct is the command name without its backslash (",", "quad",
	// "left"), the environment name, or the character itself.
	Construct string
	Kind      NoOpKind
	// Why says why it changes no value.
	Why string
}

type noOpGroup struct {
	kind  NoOpKind
	why   string
	names []string
}

var noOpGroups = []noOpGroup{
	{NoOpCommand, "spacing", []string{",", "!", ";", ":", " ", ">", "quad", "qquad", "enspace", "thinspace", "medspace",
		"thickspace", "negthinspace", "negmedspace", "negthickspace", "hfill", "allowbreak", "strut"}},
	{NoOpCommand, "math style", []string{"displaystyle", "textstyle", "scriptstyle", "scriptscriptstyle"}},
	{NoOpCommand, "delimiter sizing (\\left. and \\right. are invisible delimiters)", []string{"left", "right", "big",
		"Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "biggl", "biggr", "Biggl", "Biggr", "middle"}},
	{NoOpCommand, "placement of limits", []string{"limits", "nolimits", "displaylimits"}},
	{NoOpCommand, "math delimiters and escaped layout", []string{"(", ")", "[", "]", "$"}},
	{NoOpCommand, "line, paragraph and numbering layout", []string{"nonumber", "notag", "hline", "noindent", "newline",
		"par", "centering", "cr", "linebreak", "nobreak", "allowbreak", "relax", "strut", "mathstrut"}},
	{NoOpCommand, "text size and font switches", []string{"small", "large", "Large", "normalsize", "rm", "bf", "it",
		"boldmath", "unboldmath", "tiny", "scriptsize", "footnotesize", "LARGE", "huge", "Huge"}},
	{NoOpCommand, "math class of the next atom", []string{"mathord", "mathrel", "mathbin", "mathop"}},
	{NoOpCommandArg, "invisible or layout argument", []string{"phantom", "hphantom", "vphantom", "color", "label", "tag",
		"hspace", "vspace", "mspace"}},
	{NoOpWrapper, "a box marks the answer", []string{"boxed", "fbox", "framebox", "ensuremath", "bbox", "smash"}},
	{NoOpWrapper, "font style around digits or a variable (\\mathrm{e}, \\mathrm{i} are the constants)", []string{
		"mathrm", "mathbf", "mathit", "mathsf", "boldsymbol", "bm", "mathnormal", "mathtt", "pmb", "mathup"}},
	{NoOpWrapper, "text around digits or math (\\text{5} is 5; words are read as words)", []string{"text", "mbox",
		"textnormal", "textrm", "textbf", "textit", "hbox", "textsf", "texttt", "emph", "textup"}},
	{NoOpFirstArg, "colour, or a raised box", []string{"textcolor", "colorbox", "raisebox"}},
	{NoOpEnvironment, "alignment and display layout", []string{"align", "align*", "aligned", "equation", "equation*",
		"gather", "gather*", "gathered", "split", "eqnarray", "eqnarray*", "center", "multline", "multline*",
		"displaymath", "math", "flalign", "flalign*"}},
	{NoOpChar, "math delimiter, tie and column separator outside a matrix", []string{"$", "~", "&"}},
	{NoOpChar, "a space (Unicode White_Space) or a zero-width mark", []string{"\u0085", "\u00a0", "\u1680", "\u2000",
		"\u2001", "\u2002", "\u2003", "\u2004", "\u2005", "\u2006", "\u2007", "\u2008", "\u2009", "\u200a", "\u2028",
		"\u2029", "\u202f", "\u205f", "\u3000", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"}},
	{NoOpChar, "a soft hyphen or a direction mark (bidirectional text)", []string{"\u00ad", "\u200e", "\u200f", "\u202a",
		"\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"}},
	{NoOpChar, "a currency sign before or after an amount (the answer helper compares currencies by meaning)",
		[]string{"€", "£", "¥", "¢", "₹"}},
	{NoOpChar, "a check mark after an answer", []string{"✓", "✔", "✅", "☑"}},
	{NoOpChar, "typographic quotes", []string{"“", "”", "«", "»"}},
	{NoOpOptionalArg, "alignment, width, colour or the side a box is smashed on", []string{"cfrac", "framebox", "bbox", "smash"}},
	{NoOpPrefix, "a number sign before an amount (\\#5, never after it: 20\\# is refused)", []string{"#"}},
	{NoOpSuffix, "an ordinal suffix on an integer (12th is the twelfth: 12)", []string{"th", "st", "nd", "rd"}},
	{NoOpSuffix, "a full stop or a line break after an answer", []string{".", "\\\\"}},
}

// Not on the table, because they are read for their meaning: units after a
// number (UnitWord, compared by the answer package), percent and degree
// signs, primes, \mathbb, \operatorname, \not, and words (a text answer).
// Nor is any relation: \approx, \sim, \simeq, ≈ or = with nothing on its
// left makes the answer unparsable ("a relation with no left side"), in a
// gold only may a leading \approx state its value (Config.GoldApprox).

// NoOps is the table of every construct that may vanish when an answer is
// read (see the comment above NoOpKind), sorted by kind and construct.
var NoOps = func() []NoOp {
	var out []NoOp
	for _, g := range noOpGroups {
		for _, n := range g.names {
			out = append(out, NoOp{Construct: n, Kind: g.kind, Why: g.why})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Construct < out[j].Construct
	})
	return out
}()

// IsNoOp reports whether the construct of the given kind is on the table.
func IsNoOp(kind NoOpKind, construct string) bool { return noOpSet[kind][construct] }

var noOpSet = func() map[NoOpKind]map[string]bool {
	m := map[NoOpKind]map[string]bool{}
	for _, g := range noOpGroups {
		if m[g.kind] == nil {
			m[g.kind] = map[string]bool{}
		}
		for _, n := range g.names {
			m[g.kind][n] = true
		}
	}
	return m
}()

// The skip sets of the lexer and the parser, from the table.
var (
	noiseCmds    = noOpSet[NoOpCommand]
	argNoiseCmds = noOpSet[NoOpCommandArg]
	envNoise     = noOpSet[NoOpEnvironment]
	noOpChars    = noOpSet[NoOpChar]
)
