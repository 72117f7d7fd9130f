package answer

import (
	"strings"

	"github.com/matheval/matheval/texscan"
)

// Multiple-choice answers. A competition answer is often a choice label and
// its value: "(B) 12", \textbf{(B) }12, \text{(B)}\ 12 (AMC's own way of
// writing them, which MATH keeps in its solutions). The label is read, never
// a variable B multiplying 12 (which made "(B) 12" equal to 12B), and the
// pair is graded against what the gold holds:
//   - a gold that is a lone label (\text{(C)}, (C)) is matched by the label;
//   - a gold that is a value is matched by the value after the label;
//   - a gold with a label and a value needs the same label (and, when the
//     candidate has a value, an equal value).
//
// A lone label in the candidate against a value gold is left to the usual
// rules (a letter is not a number). The labels are the capital letters A
// to E, the five choices of the AMC and the AIME-free MATH problems.

// choiceWrappers are the text commands a label is written in.
var choiceWrappers = map[string]bool{"text": true, "textbf": true, "textrm": true, "mathrm": true, "mathbf": true,
	"textup": true, "mbox": true}

// choiceSpacing are the spacing commands between a label and its value.
var choiceSpacing = map[string]bool{" ": true, ",": true, ";": true, ":": true, "quad": true, "qquad": true,
	"enspace": true, "thinspace": true, "medspace": true}

// choiceLabel reads s as a label "(X)" (in a text wrapper or bare) and what
// follows it, with the spacing between them dropped. ok is false when s
// does not start with a label.
func choiceLabel(s string) (letter byte, rest string, ok bool) {
	s = strings.TrimSpace(s)
	if len(s) > maxChoiceText {
		return 0, "", false // (no choice is stated in 16 KB: not tokenized whole)
	}
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil || len(toks) == 0 {
		return 0, "", false
	}
	i := 0
	inner := -1 // index of the wrapper's Close, when the label is wrapped
	if toks[0].Kind == texscan.Command && choiceWrappers[toks[0].Name()] {
		if len(toks) < 2 || toks[1].Kind != texscan.Open {
			return 0, "", false
		}
		g, err := texscan.Match(s, toks[1].Pos, texscan.Braces, texscan.Limits{})
		if err != nil {
			return 0, "", false
		}
		for j := range toks {
			if toks[j].Pos == g.End-1 {
				inner = j
			}
		}
		if inner < 0 {
			return 0, "", false
		}
		i = 2
	}
	skip := func() {
		for i < len(toks) && (toks[i].Kind == texscan.Space || toks[i].Kind == texscan.Command && choiceSpacing[toks[i].Name()] ||
			toks[i].Kind == texscan.Punct && toks[i].Text == "~") {
			i++
		}
	}
	skip()
	if i+1 < len(toks) && toks[i].Kind == texscan.Word && inner < 0 {
		// "option (B)", "choice B)": the word names the label that follows
		if w := strings.ToLower(toks[i].Text); w == "option" || w == "choice" {
			i++
			skip()
		}
	}
	switch {
	case i+2 < len(toks) && toks[i].Text == "(" && toks[i+2].Text == ")" && isChoiceLetter(toks[i+1]):
		letter = toks[i+1].Text[0]
		i += 3
	case inner < 0 && i+1 < len(toks) && isChoiceLetter(toks[i]) && toks[i+1].Text == ")":
		// "B) 12": the label with its closing parenthesis only, bare (the
		// spacing rule below applies to it too)
		letter = toks[i].Text[0]
		i += 2
	default:
		return 0, "", false
	}
	if inner < 0 && i < len(toks) {
		// a bare label is one only when spacing or the end follows it,
		// and then a value, not an operator: (A)(B), (A)^2, (A) + 1 and
		// (A) - 3 are formulas in A (a minus glued to a digit, (B) -3, is
		// the value's sign)
		if i < len(toks) && (toks[i].Text == "," || toks[i].Text == ":") && i+1 < len(toks) && toks[i+1].Kind == texscan.Space {
			i++ // "(B), 12", "(B): 12"
		}
		sp := i
		skip()
		if i == sp && i < len(toks) {
			return 0, "", false
		}
		if i < len(toks) && toks[i].Kind == texscan.Punct && !(toks[i].Text == "-" && i+1 < len(toks) && toks[i+1].Kind == texscan.Number) {
			return 0, "", false
		}
	}
	var b strings.Builder
	if inner >= 0 {
		// what the wrapper holds after the label, then what follows it
		skip()
		if i < inner {
			b.WriteString(s[toks[i].Pos:toks[inner].Pos])
		}
		i = inner + 1
	}
	skip()
	if i < len(toks) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s[toks[i].Pos:])
	}
	return letter, strings.TrimSpace(b.String()), true
}

// choiceRule applies the rules at the top of the file. decided is true
// when the labels decide the verdict v; otherwise a non-empty why says that
// the values gold2 and cand2 are to be compared in place of the pair (the
// caller's comparison, prefixed with why), and an empty why that neither
// side is a choice.
func choiceRule(gold, cand string) (v Verdict, decided bool, gold2, cand2, why string) {
	cl, cv, cok := choiceLabel(cand)
	gl, gv, gok := choiceLabel(gold)
	if cok && holdsLabel(cv) || gok && holdsLabel(gv) {
		// "(C) or (D)", \text{(C)}\text{(D)}: several choices, none picked
		return Verdict{Kind: Unparsable, Reason: "several choice labels: no one choice is the answer"}, true, "", "", ""
	}
	same := Verdict{Kind: Correct, Score: 1, Reason: "the same choice (" + string(cl) + ")"}
	switch {
	case cok && gok:
		if cl != gl {
			return Verdict{Kind: Wrong, Reason: "different choices: (" + string(gl) + ") vs (" + string(cl) + ")"}, true, "", "", ""
		}
		if gv == "" || cv == "" {
			return same, true, "", "", ""
		}
		return Verdict{}, false, gv, cv, "the same choice (" + string(cl) + "), its value: "
	case cok && cv == "" && !gok && loneLetter(gold) != 0:
		// "D)" or "(D)" alone against the gold letter D
		if loneLetter(gold) == cl {
			return same, true, "", "", ""
		}
		return Verdict{Kind: Wrong, Reason: "different choices: " + string(loneLetter(gold)) + " vs (" + string(cl) + ")"}, true, "", "", ""
	case cok && cv != "":
		if loneLetter(gold) == cl {
			return same, true, "", "", ""
		}
		return Verdict{}, false, gold, cv, "the value of choice (" + string(cl) + "): "
	case gok && gv != "":
		if loneLetter(cand) == gl {
			same.Reason = "the same choice (" + string(gl) + ")"
			return same, true, "", "", ""
		}
		return Verdict{}, false, gv, cand, "the value of the gold's choice (" + string(gl) + "): "
	}
	return Verdict{}, false, "", "", ""
}

// maxChoiceText bounds the answer text read for a choice label: eight
// times the longest expression read whole.
const maxChoiceText = 8 * maxExpression

// holdsLabel reports whether s holds a choice label "(X)" anywhere.
func holdsLabel(s string) bool {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return true
	}
	for i := 0; i+1 < len(toks); i++ {
		if isChoiceLetter(toks[i]) && toks[i+1].Text == ")" && (i == 0 || toks[i-1].Kind == texscan.Space || toks[i-1].Text == "(") {
			return true // (C), or C) after a space
		}
	}
	return false
}

// isChoiceLetter reports whether t is one of the capital letters A to E.
func isChoiceLetter(t texscan.Token) bool {
	return t.Kind == texscan.Word && len(t.Text) == 1 && t.Text[0] >= 'A' && t.Text[0] <= 'E'
}

// loneLetter returns the capital A to E that s is alone (B, \text{B},
// \textbf{ B }), or 0.
func loneLetter(s string) byte {
	if len(s) > 64 {
		return 0
	}
	toks, err := texscan.Tokens(strings.TrimSpace(s), texscan.Limits{})
	if err != nil {
		return 0
	}
	var kept []texscan.Token
	for _, t := range toks {
		if t.Kind != texscan.Space {
			kept = append(kept, t)
		}
	}
	if len(kept) == 4 && kept[0].Kind == texscan.Command && choiceWrappers[kept[0].Name()] && kept[1].Kind == texscan.Open && kept[3].Kind == texscan.Close {
		kept = kept[2:3]
	}
	if len(kept) == 1 && kept[0].Kind == texscan.Word && len(kept[0].Text) == 1 && kept[0].Text[0] >= 'A' && kept[0].Text[0] <= 'E' {
		return kept[0].Text[0]
	}
	return 0
}
