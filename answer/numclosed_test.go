package answer

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
)

// TestNumberRulesClosedWorld holds issue 28's examples for ASDiv's and
// MATH 401's number rules: a number beside a construct the rules do not
// read is refused (the reason names the construct), never read as the
// number; numbers in another form (full-width digits, the Unicode minus,
// markdown bold) are read as the numbers they are.
func TestNumberRulesClosedWorld(t *testing.T) {
	cases := []struct {
		p          Policy
		gold, pred string
		want       Kind
		reason     string // a part of the reason, for refusals
	}{
		{ASDiv, "6 (snack bags)", `The answer is \Delta 6 snack bags.`, Unparsable, `\Delta`},
		{ASDiv, "834 (dollars)", "We add them.\nAnswer: √834", Unparsable, ""},
		{ASDiv, "32 (laps)", "\\boxed{32\u0304}", Unparsable, ""},
		{ASDiv, "10:1", "The answer is ⇾10:1.", Unparsable, ""},
		{ASDiv, "26 (necklaces)", "The answer is 26¼ necklaces.", Unparsable, "¼"},
		{ASDiv, "5 (buses)", `So there are 5\leftrightarrows buses in all.`, Unparsable, `\leftrightarrows`},
		{ASDiv, "929 (pupils)", `929\times`, Unparsable, `\times`},
		{ASDiv, "5 (stars)", `The answer is 5\times stars.`, Unparsable, `\times`},
		{ASDiv, "10 (bureaus)", `Answer: 10\#`, Unparsable, `\#`},
		{ASDiv, "95 (birds)", "ₒ95", Unparsable, "ₒ"},
		{ASDiv, "15 (books)", "15\u212B", Unparsable, ""}, // the Ångström sign, a letterlike symbol
		{ASDiv, "24 (apples)", `\approx 24`, Unparsable, `\approx`},
		{MATH401, "5", `\boxed{5\geqslant}`, Unparsable, `\geqslant`},
		{MATH401, "2.8142", `\boxed{\lfloor 2.8142}`, Unparsable, `\lfloor`},
		{MATH401, "0.2400", `$\tan{0.2400}$`, Wrong, ""}, // read whole by the parser: tan(0.24)
		{MATH401, "81", `\acute{81}`, Unparsable, `\acute`},
		{MATH401, "3", `$\thickapprox 3$`, Unparsable, `\thickapprox`},
		{MATH401, "12", "Final Answer: The final answer is $12\\cdot$. I hope it is correct.", Unparsable, `\cdot`},
		{MATH401, "-8", "The answer is $⁷-8$.", Unparsable, ""},
		// read: full-width digits, the Unicode minus, markdown bold, units,
		// the last side of an equation, a number sign before an amount
		{ASDiv, "40 (students)", "The answer is ４０ students.", Correct, ""},
		{ASDiv, "1.2 (liters of fruit punch)", "The answer is １.２ liters of fruit punch.", Correct, ""},
		{MATH401, "0.5000", `Final Answer: The final answer is $０.５０００$. I hope it is correct.`, Correct, ""},
		{ASDiv, "-(1/3)", `\boxed{−(1/3)}`, Correct, ""},
		{ASDiv, "350 (g)", "So the answer is **350** g.", Correct, ""},
		{ASDiv, "7 (apples)", "So 3 + 4 = 7 apples.", Correct, ""},
		{ASDiv, "12 (t-shirts)", "The answer is 12 t-shirts.", Correct, ""},
		{ASDiv, "60 (km/hour)", "The answer is 60 km/hour.", Correct, ""},
		{ASDiv, "5 (dollars)", "The answer is #### 5", Correct, ""},
		{ASDiv, "30 (degrees)", `The angle is $30^\circ$.`, Correct, ""},
		{ASDiv, "25 (square cm)", "The area is 25 cm².", Correct, ""},
		{MATH401, "0.6667", `So $2/3 \approx 0.6667$.`, Correct, ""},
		{MATH401, "1024", `We get $2^{10} = 1024$.`, Correct, ""},
		{MATH401, "0.7071", `\frac{\sqrt{2}}{2}`, Correct, ""},
	}
	for _, c := range cases {
		v := Grade(c.p, c.gold, c.pred, "stop")
		kind := v.Kind
		if c.want == Unparsable && kind == NoAnswer && c.reason != "" && strings.Contains(v.Reason, "does not parse") {
			// a plain reply's last expression that does not parse is no
			// answer, with the parser's reason naming what was not read
			kind = Unparsable
		}
		if kind != c.want || c.reason != "" && !strings.Contains(v.Reason, c.reason) {
			t.Errorf("%s: gold %q pred %q: %s (%s), want %s naming %q", c.p.Name, c.gold, c.pred, v.Kind, v.Reason, c.want, c.reason)
		}
	}
}

// unreadCommands are TeX commands with a meaning the number rules do not
// read (Greek, symbols, relations, arrows, operators, delimiters, big
// operators, functions), written out here for this test; and commands
// that take the number as their argument (accents, fonts that change the
// symbol, invisible boxes).
var (
	unreadCommands = strings.Fields(`\alpha \Delta \pi \omega \infty \partial \nabla \aleph \star \dagger \S
		\leq \geq \neq \equiv \sim \approx \propto \subset \in \perp \mid \prec \to \leftarrow \Rightarrow \mapsto
		\uparrow \leadsto \pm \mp \oplus \otimes \cup \cap \wedge \vee \setminus \circ \bullet \lfloor \rceil
		\langle \rangle \sum \prod \int \oint \bigcup \log \sin \exp \ldots \vdots \& \_ \{ \}`)
	argCommands = strings.Fields(`\hat \bar \tilde \vec \dot \ddot \breve \check \acute \grave \overline
		\underline \widehat \cancel \sqrt \mathbb \mathcal \mathfrak \phantom \overrightarrow \xrightarrow`)
)

// unreadRunes are Unicode characters the number rules do not read, taken
// whole from blocks of Go's Unicode tables: arrows, mathematical
// operators, super- and subscripts, number forms, letterlike symbols,
// Greek and a run of combining marks.
func unreadRunes() []rune {
	var out []rune
	for _, b := range [][2]rune{{0x2190, 0x21FF}, {0x2200, 0x22FF}, {0x2070, 0x209F}, {0x2150, 0x218B},
		{0x2100, 0x214F}, {0x0391, 0x03C9}, {0x0300, 0x0336}, {0x00B9, 0x00B9}, {0x00BC, 0x00BE}} {
		for r := b[0]; r <= b[1]; r++ {
			if unicode.IsGraphic(r) || unicode.Is(unicode.Mn, r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// TestNumberRulesRefuseUnread is the closed world as a property: every
// construct above, set before, after or around the gold number in the
// reply forms models write, is never graded Correct by ASDiv's or MATH
// 401's rule; the same replies without the construct are (so the property
// cannot hold by refusing everything).
func TestNumberRulesRefuseUnread(t *testing.T) {
	replies := []string{"The answer is %s snack bags.", `\boxed{%s}`, "%s",
		"Final Answer: The final answer is $%s$. I hope it is correct.", "First we add.\nAnswer: %s"}
	golds := []struct {
		p       Policy
		gold, v string
	}{{ASDiv, "6 (snack bags)", "6"}, {ASDiv, "834 (dollars)", "834"}, {MATH401, "26", "26"}, {MATH401, "2.8142", "2.8142"}}
	var forms []string // each with %s for the number
	for _, c := range unreadCommands {
		forms = append(forms, c+" %s", "%s"+c)
	}
	for _, c := range argCommands {
		forms = append(forms, c+"{%s}")
	}
	for _, r := range unreadRunes() {
		if !unicode.Is(unicode.Mn, r) {
			forms = append(forms, string(r)+"%s")
		}
		forms = append(forms, "%s"+string(r))
	}
	n := 0
	for _, g := range golds {
		for _, reply := range replies {
			if v := Grade(g.p, g.gold, fmt.Sprintf(reply, g.v), "stop"); v.Kind != Correct {
				t.Errorf("%s: gold %q, plain reply %q: %s (%s), want correct", g.p.Name, g.gold, fmt.Sprintf(reply, g.v), v.Kind, v.Reason)
			}
			for _, f := range forms {
				pred := fmt.Sprintf(reply, fmt.Sprintf(f, g.v))
				n++
				if v := Grade(g.p, g.gold, pred, "stop"); v.Kind == Correct {
					t.Errorf("%s: gold %q pred %q: correct (%s, extracted %q), want refused or wrong", g.p.Name, g.gold, pred, v.Reason, v.Extracted)
				}
			}
		}
	}
	if n < 5000 {
		t.Errorf("only %d pairs", n)
	}
}

// TestNumberRulesReadNoOps: the reader's no-op constructs and the number
// forms of other scripts around the gold number leave it read.
func TestNumberRulesReadNoOps(t *testing.T) {
	forms := []string{`\,%s`, `%s\,`, `\mathrm{%s}`, `\text{%s}`, `\displaystyle %s`, `\left(%s\right)`, "%s\u00a0",
		`\textcolor{red}{%s}`, `{%s}`, `\quad %s`, `\mathbf{%s}`}
	for _, g := range []struct {
		p       Policy
		gold, v string
	}{{ASDiv, "6 (snack bags)", "6"}, {MATH401, "2.8142", "2.8142"}} {
		for _, f := range forms {
			for _, reply := range []string{"The answer is $%s$.", `\boxed{%s}`} {
				pred := fmt.Sprintf(reply, fmt.Sprintf(f, g.v))
				if v := Grade(g.p, g.gold, pred, "stop"); v.Kind != Correct {
					t.Errorf("%s: gold %q pred %q: %s (%s), want correct", g.p.Name, g.gold, pred, v.Kind, v.Reason)
				}
			}
		}
	}
	// full-width digits of every number: read as the number
	for _, v := range []string{"7", "40", "1.25", "2024", "0.3137"} {
		fw := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r - '0' + '０'
			}
			return r
		}, v)
		for _, p := range []Policy{ASDiv, MATH401} {
			if got := Grade(p, v, "The answer is "+fw+".", "stop"); got.Kind != Correct {
				t.Errorf("%s: gold %q pred %q: %s (%s), want correct", p.Name, v, fw, got.Kind, got.Reason)
			}
			if got := Grade(p, "9"+v, "The answer is "+fw+".", "stop"); got.Kind != Wrong {
				t.Errorf("%s: gold %q pred %q: %s (%s), want wrong", p.Name, "9"+v, fw, got.Kind, got.Reason)
			}
		}
	}
}
