package lean

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// StripComments removes Lean comments ("--" to the end of the line, and
// nested "/- ... -/" blocks, doc comments included), keeping string
// literals and the line structure (a removed block leaves its newlines), so
// that checks on the text are not fooled by words in comments.
func StripComments(s string) string {
	var b strings.Builder
	depth := 0
	inString := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case depth > 0:
			switch {
			case strings.HasPrefix(s[i:], "/-"):
				depth++
				i += 2
			case strings.HasPrefix(s[i:], "-/"):
				depth--
				i += 2
				if depth == 0 {
					b.WriteByte(' ')
				}
			default:
				if c == '\n' {
					b.WriteByte('\n')
				}
				i++
			}
		case inString:
			b.WriteByte(c)
			if c == '\\' && i+1 < len(s) {
				b.WriteByte(s[i+1])
				i += 2
				continue
			}
			if c == '"' {
				inString = false
			}
			i++
		case c == '"':
			inString = true
			b.WriteByte(c)
			i++
		case strings.HasPrefix(s[i:], "/-"):
			depth = 1
			i += 2
		case strings.HasPrefix(s[i:], "--"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// Normalize collapses every run of white space into one space and trims.
func Normalize(s string) string { return strings.Join(strings.Fields(s), " ") }

// Signature returns the official statement without its trailing "by" (the
// miniF2F statements end in ":= by"), normalised: "theorem NAME ... :=".
func Signature(statement string) string {
	s := Normalize(StripComments(statement))
	s = strings.TrimSuffix(s, " by")
	if !strings.HasSuffix(s, ":=") {
		s += " :="
	}
	return s
}

// Assemble turns a candidate into the Lean text run after the header.
//
// A candidate is either the full theorem (it declares "theorem NAME",
// possibly after lemmas, and possibly after a copy of the header), or a
// proof appended to the official statement (a candidate with a line that
// starts, unindented, with a declaration keyword is full text): text starting with ":=" or "by"
// replaces the statement's trailing ":= by" or "by", anything else (a tactic
// block) is appended after ":= by" as given. Leading "import" lines are
// dropped when the header imports the same modules (the REPL refuses imports
// in an existing environment) and rejected otherwise.
func Assemble(name, statement, header, candidate string) (string, error) {
	text := candidate
	imports := map[string]bool{}
	for _, line := range strings.Split(header, "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "import" {
			for _, m := range f[1:] {
				imports[m] = true
			}
		}
	}
	// Drop leading import lines (after comments and blank lines).
	lines := strings.Split(text, "\n")
	k := 0
	for k < len(lines) {
		f := strings.Fields(StripComments(lines[k]))
		if len(f) == 0 {
			k++
			continue
		}
		if f[0] != "import" {
			break
		}
		for _, m := range f[1:] {
			if !imports[m] {
				return "", fmt.Errorf("candidate imports %s, which the header does not", m)
			}
		}
		lines[k] = ""
		k++
	}
	text = strings.Join(lines, "\n")
	if stripped := StripComments(text); declares(stripped, name) || startsDeclaration(stripped) {
		return text, nil
	}
	t := strings.TrimLeftFunc(text, unicode.IsSpace)
	base := strings.TrimRightFunc(statement, unicode.IsSpace)
	switch {
	case strings.HasPrefix(t, ":="):
		base = strings.TrimRightFunc(strings.TrimSuffix(base, "by"), unicode.IsSpace)
		base = strings.TrimSuffix(base, ":=")
		return base + " " + t, nil
	case strings.HasPrefix(t, "by") && (len(t) == 2 || !isIdentRune(rune(t[2]))):
		base = strings.TrimSuffix(base, "by")
		return base + t, nil
	}
	return strings.TrimRightFunc(statement, unicode.IsSpace) + "\n" + text, nil
}

// declares reports whether text (without comments) declares theorem name.
func declares(text, name string) bool {
	toks := tokens(text)
	for i := 0; i+1 < len(toks); i++ {
		if (toks[i] == "theorem" || toks[i] == "lemma") && toks[i+1] == name {
			return true
		}
	}
	return false
}

// declKeywords start a command, never a tactic: a candidate with a line
// starting with one is full text even when it names another theorem (and
// is then rejected for not declaring the official one).
var declKeywords = map[string]bool{
	"theorem": true, "lemma": true, "def": true, "example": true, "abbrev": true,
	"noncomputable": true, "namespace": true, "section": true, "structure": true,
	"inductive": true, "axiom": true, "instance": true, "variable": true,
}

func startsDeclaration(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) > 0 && declKeywords[f[0]] && line[0] != ' ' && line[0] != '\t' {
			return true
		}
	}
	return false
}

// CheckStatement checks that text (the assembled candidate) declares the
// theorem exactly once, as "theorem", with the official statement's text
// up to ":=" after removing comments and normalising white space.
func CheckStatement(name, statement, text string) error {
	norm := Normalize(StripComments(text))
	sig := Signature(statement)
	count := 0
	toks := tokens(norm)
	for i := 0; i+1 < len(toks); i++ {
		if (toks[i] == "theorem" || toks[i] == "lemma" || toks[i] == "def" || toks[i] == "abbrev") && toks[i+1] == name {
			count++
		}
	}
	if count == 0 {
		return fmt.Errorf("the candidate does not declare theorem %s", name)
	}
	if count > 1 {
		return fmt.Errorf("the candidate declares %s %d times", name, count)
	}
	if !containsAtDecl(norm, sig) {
		head := norm
		if i := strings.Index(norm, " "+name); i >= 0 {
			start := strings.LastIndex(norm[:i], " ") + 1
			head = norm[start:]
		}
		if j := strings.Index(head, ":="); j >= 0 {
			head = head[:j+2]
		}
		return fmt.Errorf("statement changed: %q instead of the official %q", clip(head, 300), clip(sig, 300))
	}
	return nil
}

// containsAtDecl reports whether sig occurs in norm at a token boundary.
func containsAtDecl(norm, sig string) bool {
	for off := 0; ; {
		i := strings.Index(norm[off:], sig)
		if i < 0 {
			return false
		}
		i += off
		if i == 0 || norm[i-1] == ' ' {
			return true
		}
		off = i + 1
	}
}

// Forbidden lists the words a candidate may not use (outside comments and
// string literals), with why. The axiom check after Lean has run catches
// sorry, new axioms and native_decide on its own; these words are refused
// up front because they give clear reasons and because several of them can
// change what the unchanged statement text means (notations, macros,
// instances, variables added to the theorem by "include") or what the
// kernel checks.
var Forbidden = map[string]string{
	"sorry":              "uses sorry",
	"admit":              "uses admit",
	"axiom":              "declares an axiom",
	"native_decide":      "uses native_decide (trusts compiled code: axiom Lean.ofReduceBool)",
	"implemented_by":     "replaces compiled code (implemented_by)",
	"extern":             "replaces compiled code (extern)",
	"csimp":              "replaces compiled code (csimp)",
	"unsafe":             "uses unsafe code",
	"macro":              "defines a macro",
	"macro_rules":        "defines macro rules",
	"syntax":             "defines syntax",
	"elab":               "defines an elaborator",
	"elab_rules":         "defines elaboration rules",
	"notation":           "defines a notation",
	"infix":              "defines a notation",
	"infixl":             "defines a notation",
	"infixr":             "defines a notation",
	"prefix":             "defines a notation",
	"postfix":            "defines a notation",
	"instance":           "declares an instance (could change the statement's meaning)",
	"attribute":          "changes attributes",
	"local":              "declares local attributes or notations",
	"scoped":             "declares scoped attributes or notations",
	"variable":           "declares section variables",
	"include":            "includes section variables in the theorem",
	"namespace":          "opens a namespace (would rename the theorem)",
	"export":             "exports names",
	"run_cmd":            "runs meta code",
	"run_elab":           "runs meta code",
	"run_meta":           "runs meta code",
	"#eval":              "runs code (#eval)",
	"debug.skipKernelTC": "turns off the kernel's type checking",
}

// CheckForbidden returns the first forbidden word of text, with its line.
func CheckForbidden(text string) error {
	for ln, line := range strings.Split(StripComments(text), "\n") {
		for _, t := range tokens(line) {
			if why, ok := Forbidden[t]; ok {
				return fmt.Errorf("line %d: %q: %s", ln+1, t, why)
			}
			if strings.HasPrefix(t, "debug.") {
				return fmt.Errorf("line %d: %q: sets a debug option", ln+1, t)
			}
		}
	}
	return nil
}

// tokens splits text into identifier-like words (letters, digits, "_",
// "'", "!", "?", "." inside names, "#" at the start), skipping string
// literals. Subscripts and Greek letters count as letters, as in Lean.
func tokens(text string) []string {
	var out []string
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == '"' {
			j := i + 1
			for j < len(text) && text[j] != '"' {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
			continue
		}
		if isIdentStart(r) || r == '#' {
			j := i + size
			for j < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[j:])
				if !isIdentRune(r2) && r2 != '.' {
					break
				}
				j += s2
			}
			out = append(out, strings.TrimRight(text[i:j], "."))
			i = j
			continue
		}
		i += size
	}
	return out
}

func isIdentStart(r rune) bool {
	return unicode.IsLetter(r) || r == '_' || isSubscript(r)
}

func isIdentRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '\'' || r == '!' || r == '?' || isSubscript(r)
}

func isSubscript(r rune) bool { return r >= 0x2080 && r <= 0x209C || r >= 0x1D62 && r <= 0x1D6A }
