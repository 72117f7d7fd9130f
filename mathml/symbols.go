package mathml

// Tables of the LaTeX commands the converter knows. Each maps a command name
// (without the backslash) to the Unicode text MathML shows for it.

// greek letters become identifiers; capitals are upright as in TeX.
var greek = map[string]string{
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε",
	"zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ",
	"lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "varpi": "ϖ", "rho": "ρ",
	"varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ",
	"varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
	"Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
	"Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
	"ell": "ℓ", "hbar": "ℏ", "imath": "ı", "jmath": "ȷ", "aleph": "ℵ", "Re": "ℜ", "Im": "ℑ",
	"infty": "∞", "partial": "∂", "nabla": "∇", "emptyset": "∅", "varnothing": "∅",
}

// operators become <mo> elements.
var operators = map[string]string{
	"cdot": "·", "times": "×", "div": "÷", "pm": "±", "mp": "∓", "ast": "∗", "star": "⋆",
	"circ": "∘", "bullet": "•", "oplus": "⊕", "otimes": "⊗", "odot": "⊙",
	"le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "neq": "≠", "ne": "≠", "leqslant": "⩽", "geqslant": "⩾",
	"ll": "≪", "gg": "≫", "approx": "≈", "equiv": "≡", "sim": "∼", "simeq": "≃", "cong": "≅",
	"propto": "∝", "doteq": "≐",
	"to": "→", "rightarrow": "→", "leftarrow": "←", "Rightarrow": "⇒", "Leftarrow": "⇐",
	"leftrightarrow": "↔", "Leftrightarrow": "⇔", "iff": "⟺", "implies": "⟹", "mapsto": "↦",
	"longrightarrow": "⟶", "uparrow": "↑", "downarrow": "↓",
	"in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆", "supset": "⊃", "supseteq": "⊇",
	"cup": "∪", "cap": "∩", "setminus": "∖", "forall": "∀", "exists": "∃", "neg": "¬", "lnot": "¬",
	"land": "∧", "lor": "∨", "wedge": "∧", "vee": "∨",
	"angle": "∠", "measuredangle": "∡", "triangle": "△", "perp": "⊥", "parallel": "∥", "mid": "∣",
	"nmid": "∤", "ldots": "…", "cdots": "⋯", "dots": "…", "vdots": "⋮", "ddots": "⋱",
	"prime": "′", "degree": "°", "circledot": "⊙",
	"lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉", "langle": "⟨", "rangle": "⟩",
	"lbrace": "{", "rbrace": "}", "lvert": "|", "rvert": "|", "vert": "|", "lVert": "‖", "rVert": "‖",
	"Vert": "‖", "backslash": "\\", "colon": ":",
	"dotsb": "⋯", "dotsm": "⋯", "dotsc": "…", "dotsi": "⋯", "dotso": "…", "Longrightarrow": "⟹",
	"Longleftarrow": "⟸", "Longleftrightarrow": "⟺", "longleftarrow": "⟵", "hookrightarrow": "↪",
	"square": "□", "Box": "□", "blacksquare": "■", "clubsuit": "♣", "spadesuit": "♠", "heartsuit": "♡",
	"diamondsuit": "♢", "diamond": "⋄", "dagger": "†", "ddagger": "‡", "checkmark": "✓", "cdotp": "·",
	"bigtriangleup": "△", "sqcup": "⊔", "sqcap": "⊓", "uplus": "⊎", "nsubseteq": "⊈", "nleq": "≰",
	"ngeq": "≱", "lesssim": "≲", "gtrsim": "≳", "asymp": "≍", "vdash": "⊢", "models": "⊨", "top": "⊤",
	"bot": "⊥", "therefore": "∴", "because": "∵", "S": "§", "P": "¶", "pounds": "£", "copyright": "©",
	"surd": "√", "Join": "⋈", "bigcirc": "◯",
	"{": "{", "}": "}", "|": "‖", "%": "%", "$": "$", "#": "#", "&": "&", "_": "_",
}

// largeOps take limits under and over in display style.
var largeOps = map[string]string{
	"sum": "∑", "prod": "∏", "coprod": "∐", "bigcup": "⋃", "bigcap": "⋂", "bigoplus": "⨁",
	"int": "∫", "iint": "∬", "iiint": "∭", "oint": "∮",
}

// functions are upright multi-letter identifiers.
var functions = map[string]bool{
	"sin": true, "cos": true, "tan": true, "cot": true, "sec": true, "csc": true,
	"arcsin": true, "arccos": true, "arctan": true, "sinh": true, "cosh": true, "tanh": true,
	"coth": true, "log": true, "ln": true, "lg": true, "exp": true, "det": true, "gcd": true,
	"lim": true, "max": true, "min": true, "sup": true, "inf": true, "deg": true, "dim": true,
	"ker": true, "arg": true, "Pr": true, "limsup": true, "liminf": true, "mod": true, "bmod": true,
	"lcm": true,
}

// limitFuncs put their subscripts underneath (lim_{x\to 0}).
var limitFuncs = map[string]bool{"lim": true, "max": true, "min": true, "sup": true, "inf": true, "limsup": true, "liminf": true}

// accents are placed over (or under) their argument.
var accents = map[string]struct {
	mark  string
	under bool
}{
	"hat": {"^", false}, "widehat": {"^", false}, "bar": {"¯", false}, "overline": {"¯", false},
	"vec": {"→", false}, "overrightarrow": {"→", false}, "tilde": {"~", false}, "widetilde": {"~", false},
	"dot": {"˙", false}, "ddot": {"¨", false}, "underline": {"_", true}, "overbrace": {"⏞", false},
	"underbrace": {"⏟", true},
}

// spaces are widths in em.
var spaces = map[string]string{
	",": "0.1667em", ":": "0.2222em", ">": "0.2222em", ";": "0.2778em", " ": "0.25em",
	"quad": "1em", "qquad": "2em", "!": "0", "enspace": "0.5em", "thinspace": "0.1667em",
}

// ignored commands change only sizes or styles we do not model.
var ignored = map[string]bool{
	"displaystyle": true, "textstyle": true, "scriptstyle": true, "limits": true, "nolimits": true,
	"displaylimits": true, "big": true, "Big": true, "bigg": true, "Bigg": true, "bigl": true,
	"bigr": true, "Bigl": true, "Bigr": true, "biggl": true, "biggr": true, "Biggl": true,
	"Biggr": true, "allowbreak": true, "cal": true, "it": true, "sf": true, "tt": true, "hline": true, "hfill": true, "centering": true, "nonumber": true, "notag": true, "middle": true,
	// text-mode layout that strays into formulas
	"par": true, "noindent": true, "indent": true, "medskip": true, "bigskip": true, "smallskip": true, "vfill": true,
}

// doubleStruck maps \mathbb letters to their Unicode forms.
var doubleStruck = map[rune]string{
	'R': "ℝ", 'N': "ℕ", 'Z': "ℤ", 'Q': "ℚ", 'C': "ℂ", 'P': "ℙ", 'H': "ℍ",
}

// matrixFences gives the delimiters of each matrix-like environment.
var matrixFences = map[string][2]string{
	"matrix": {"", ""}, "smallmatrix": {"", ""}, "pmatrix": {"(", ")"}, "bmatrix": {"[", "]"},
	"Bmatrix": {"{", "}"}, "vmatrix": {"|", "|"}, "Vmatrix": {"‖", "‖"}, "cases": {"{", ""},
	"dcases": {"{", ""}, "array": {"", ""}, "aligned": {"", ""}, "align": {"", ""}, "align*": {"", ""},
	"gathered": {"", ""}, "gather": {"", ""}, "gather*": {"", ""}, "split": {"", ""},
	"eqnarray": {"", ""}, "eqnarray*": {"", ""}, "alignat": {"", ""}, "alignedat": {"", ""},
	"equation": {"", ""}, "equation*": {"", ""}, "tabular": {"", ""},
}
