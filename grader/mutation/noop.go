package mutation

// The no-op table of the closed-world family: the constructs that may
// vanish from an answer without changing its meaning (issue 28, item 3).
// The closed-world test asserts nothing about them; it counts how the
// grader treats them (the "noop" group of the catalogue).
//
// This list is the suite's own until the reader exports its table
// (expected as latex.NoOps): then the test passes that table in through
// Generator.NoOp, and an entry of the catalogue that the reader lists as a
// no-op is exempt, one that it does not list is asserted. Keeping the
// suite's list apart from the reader's until then keeps the suite
// independent of the code under test.

// NoOp is one construct that may vanish.
type NoOp struct {
	Open, Close string
	// Arg: a command whose braced argument is v (\mathrm{2}).
	Arg bool
	Why string
}

// NoOpTable is the suite's own no-op table.
var NoOpTable = buildNoOps()

func buildNoOps() []NoOp {
	var out []NoOp
	add := func(names, why string, arg bool) {
		for _, n := range words(names) {
			out = append(out, NoOp{Open: n, Arg: arg, Why: why})
		}
	}
	add(`\, \: \; \! \> \quad \qquad \enspace \thinspace \medspace \thickspace \negthinspace \negmedspace
		\negthickspace \hfill \allowbreak \nobreak \relax \strut \mathstrut \nonumber \notag`, "spacing and line-breaking", false)
	out = append(out, NoOp{Open: `\ `, Why: "a control space"}, NoOp{Open: "~", Why: "a tie"})
	add(`\displaystyle \textstyle \scriptstyle \scriptscriptstyle \limits \nolimits`, "display style", false)
	add(`\mathrm \mathbf \mathit \mathsf \mathtt \mathnormal \boldsymbol \bm \textbf \textrm \textit \textsf
		\texttt \textup \textnormal \text \mbox \emph \textsl \operatorname \ensuremath \mathord \smash
		\hbox`, "a font, style or box around the value", true)
	out = append(out, NoOp{Open: `\left(`, Close: `\right)`, Why: `\left and \right size delimiters`},
		NoOp{Open: `\bigl(`, Close: `\bigr)`, Why: "sized delimiters"},
		NoOp{Open: `\Bigl(`, Close: `\Bigr)`, Why: "sized delimiters"},
		NoOp{Open: `{`, Close: `}`, Why: "a TeX group"},
		NoOp{Open: `(`, Close: `)`, Why: "parentheses around one value"},
		NoOp{Open: `\color{red}`, Why: "a colour"},
		NoOp{Open: `\textcolor{red}`, Arg: true, Why: "a colour"},
		NoOp{Open: `\hspace{1em}`, Why: "spacing"},
		NoOp{Open: `\kern1pt`, Why: "spacing"},
		NoOp{Open: `\mkern2mu`, Why: "spacing"})
	// spaces and invisible formatting characters
	for _, r := range "\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000" {
		out = append(out, NoOp{Open: string(r), Why: "a Unicode space"})
	}
	for _, r := range "\u200b\u200c\u200d\u2060\ufeff\u00ad" {
		out = append(out, NoOp{Open: string(r), Why: "an invisible formatting character"})
	}
	return out
}
