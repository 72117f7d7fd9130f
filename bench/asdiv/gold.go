package asdiv

import (
	"context"
	"math/big"
	"regexp"
	"strings"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// A gold answer of ASDiv is one or more parts separated by ";", each a
// number with its unit in parentheses ("9 (apples)"), a fraction ("5/2",
// "-(1/3)"), a ratio ("3:4"), a time of day ("3:30 p.m.") or a text
// ("Yes", "Mrs. Hilt"). goldPart is one part, parsed.
type goldPart struct {
	Raw   string   // the part without its unit
	Unit  string   // the unit in parentheses, if any
	Num   *big.Rat // the value when the part is a number or fraction
	Ratio *big.Rat // a/b when the part is a ratio a:b (also set for times like 9:41)
	Time  int      // minutes after midnight when the part reads as a time of day, else -1
	// Text is the part as compared when it is neither number nor ratio.
	Text string
}

var (
	unitRe  = regexp.MustCompile(`\s*\(([^()]*)\)\s*$`)
	ratioRe = regexp.MustCompile(`^(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)$`)
)

// parseGold splits and parses a gold answer.
func parseGold(ctx context.Context, ans string) []goldPart {
	var out []goldPart
	for _, raw := range strings.Split(ans, ";") {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			continue
		}
		out = append(out, parsePart(ctx, raw))
	}
	return out
}

func parsePart(ctx context.Context, raw string) goldPart {
	g := goldPart{Time: -1}
	if m := unitRe.FindStringSubmatchIndex(raw); m != nil && m[0] > 0 {
		// Only strip a parenthetical that is a unit (has letters), so that
		// "-(1/3)" stays whole.
		inner := raw[m[2]:m[3]]
		if strings.IndexFunc(inner, isLetter) >= 0 {
			g.Unit = strings.TrimSpace(inner)
			raw = strings.TrimSpace(raw[:m[0]])
		}
	}
	g.Raw = raw
	g.Text = normText(raw)
	if m := ratioRe.FindStringSubmatch(raw); m != nil {
		a, _ := new(big.Rat).SetString(m[1])
		b, _ := new(big.Rat).SetString(m[2])
		if b.Sign() != 0 {
			g.Ratio = new(big.Rat).Quo(a, b)
		}
		// "9:41" may also be a time of day (answer.ParseClock reads it).
		if c, ok := answer.ParseClock(raw); ok && c.Rest == "" && c.MinuteDigits == 2 && !c.Seconds && c.Valid() {
			g.Time = c.Minutes()
		}
		return g
	}
	if t, ok := parseTime(raw); ok {
		g.Time = t
		return g
	}
	g.Num = goldNumber(ctx, raw)
	return g
}

// goldNumber reads a part written with numbers and operators only ("12",
// "5/2", "-(1/3)", "1,000"): a part with a letter ("6th", "Vendor 2") is
// text, whatever number it holds.
func goldNumber(ctx context.Context, raw string) *big.Rat {
	if strings.IndexFunc(raw, isLetter) >= 0 {
		return nil
	}
	n, err := latex.Parse(strings.ReplaceAll(raw, ",", ""))
	if err != nil {
		return nil
	}
	v, err := expr.Rational(ctx, n, limits)
	if err != nil {
		return nil
	}
	return v
}

// parseTime reads "3:30 p.m." or "9:03:36 a.m." as minutes after midnight
// (seconds dropped: ASDiv asks for clock times to the minute or second, and
// a reply to the minute of a time with seconds is graded on its text). Only
// a time with a.m. or p.m. counts; answer.ParseClock reads it.
func parseTime(s string) (int, bool) {
	c, ok := answer.ParseClock(s)
	if !ok || c.Half == 0 || c.MinuteDigits != 2 || !c.Valid() {
		return 0, false
	}
	return c.Minutes(), true
}

func isLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// normText lowercases, drops punctuation and articles and collapses spaces,
// so that "The 60th caller." matches "60th caller".
func normText(s string) string {
	s = strings.ToLower(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == ':', r == '/':
			b.WriteRune(r)
		case r == '\'' || r == '’':
			// keep possessives together: "jake's" -> "jakes"
		default:
			b.WriteByte(' ')
		}
	}
	var words []string
	for _, w := range strings.Fields(b.String()) {
		if w == "the" || w == "a" || w == "an" {
			continue
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}
