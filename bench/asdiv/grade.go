package asdiv

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// Grade uses package answer's ASDiv policy (answer.ASDiv). GradeAnswer below
// is this package's own earlier grader, kept as a cross-check in tests.
//
// GradeAnswer's policy:
//   - numbers are compared exactly as rationals (2.5 = 5/2), units dropped;
//   - several answers ("50 (years old); 20 (years old)") must all be given,
//     in any order;
//   - ratios a:b compare as a/b (3:4 = 6:8 = 0.75);
//   - times of day compare as minutes ("3:30 p.m." = "15:30");
//   - texts compare case-insensitively, punctuation and articles dropped,
//     the gold words appearing in the reply's answer.
// The reply's answer is the last \boxed{...}, else the text after the last
// "Answer:" / "answer is", else the last line.

// maxReply bounds the text the grader scans; longer replies are graded on their tail.
const maxReply = 64 << 10

var (
	answerMarkRe = regexp.MustCompile(`(?i)(?:final answer|answer)\s*(?:is|:)\s*:?`)
	numRe        = regexp.MustCompile(`-?\d[\d,]*(?:\.\d+)?(?:\s*/\s*\d+(?:\.\d+)?)?|-?\.\d+`)
	ratioInRe    = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*(?::|\bto\b)\s*(\d+(?:\.\d+)?)`)
	timeInRe     = regexp.MustCompile(`(?i)(\d{1,2}):(\d{2})(?::\d{2})?\s*(?:([ap])\.?\s*m\b\.?)?`)
)

// Grade grades one reply with answer.ASDiv. It never panics: answer.Grade
// is the grading boundary that turns a bug of ours into an Error verdict.
func (b *Benchmark) Grade(it bench.Item, reply, finishReason string) answer.Verdict {
	return answer.Grade(answer.ASDiv, it.Answer, reply, finishReason)
}

// GradeAnswer grades a reply against a gold ASDiv answer. typ is the
// solution type ("Ratio" makes a:b a ratio rather than a time).
func GradeAnswer(gold, typ, reply string) answer.Verdict {
	if len(reply) > maxReply {
		reply = reply[len(reply)-maxReply:]
	}
	seg := answerSegment(reply)
	if strings.TrimSpace(seg) == "" {
		return answer.Verdict{Kind: answer.NoAnswer, Reason: "empty reply"}
	}
	parts := parseGold(gold)
	if len(parts) == 0 {
		return answer.Verdict{Kind: answer.Undecided, Reason: "empty gold answer"}
	}
	v := answer.Verdict{Extracted: seg}
	ok, reason, found := matchParts(parts, typ, seg)
	switch {
	case ok:
		v.Kind, v.Score, v.Reason = answer.Correct, 1, reason
	case !found:
		v.Kind, v.Reason = answer.NoAnswer, reason
	default:
		v.Kind, v.Reason = answer.Wrong, reason
	}
	return v
}

// answerSegment picks the part of the reply that states the final answer.
func answerSegment(reply string) string {
	if i := strings.LastIndex(reply, `\boxed{`); i >= 0 {
		depth := 0
		start := i + len(`\boxed{`)
		for j := start; j < len(reply); j++ {
			switch reply[j] {
			case '{':
				depth++
			case '}':
				if depth == 0 {
					return strings.TrimSpace(reply[start:j])
				}
				depth--
			}
		}
	}
	if locs := answerMarkRe.FindAllStringIndex(reply, -1); len(locs) > 0 {
		rest := reply[locs[len(locs)-1][1]:]
		if nl := strings.IndexByte(strings.TrimLeft(rest, " \t\r\n"), '\n'); nl >= 0 {
			rest = strings.TrimLeft(rest, " \t\r\n")[:nl]
		}
		if s := strings.TrimSpace(strings.Trim(rest, "*$ ")); s != "" {
			return s
		}
	}
	lines := strings.Split(strings.TrimSpace(reply), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// matchParts reports whether the segment gives every gold part, why, and
// whether any candidate answer was found at all.
func matchParts(parts []goldPart, typ, seg string) (bool, string, bool) {
	nums := candidateNumbers(seg)
	found := len(nums) > 0 || strings.TrimSpace(seg) != ""
	used := make([]bool, len(nums))
	for _, g := range parts {
		switch {
		case g.Ratio != nil && (typ == "Ratio" || g.Time < 0 || !timeInRe.MatchString(seg) || len(parts) > 1):
			if !ratioIn(seg, g.Ratio) {
				return false, fmt.Sprintf("ratio %s not found", g.Raw), found
			}
		case g.Time >= 0:
			if !timeIn(seg, g.Time, g.Ratio != nil) {
				return false, fmt.Sprintf("time %s not found", g.Raw), found
			}
		case g.Num != nil:
			hit := -1
			for i, n := range nums {
				if !used[i] && n.Cmp(g.Num) == 0 {
					hit = i
					break
				}
			}
			if hit < 0 {
				if len(nums) == 0 {
					return false, "no number in the answer", false
				}
				return false, fmt.Sprintf("%s not among the reply's numbers", g.Raw), true
			}
			// A single numeric answer must be the first number stated, so
			// that "12, no wait, 15" is not graded right by luck.
			if len(parts) == 1 && hit != 0 {
				return false, fmt.Sprintf("first number %s, gold %s", ratString(nums[0]), g.Raw), true
			}
			used[hit] = true
		default:
			if g.Text == "" || !containsWords(normText(seg), g.Text) {
				return false, fmt.Sprintf("text %q not found", g.Raw), found
			}
		}
	}
	if len(parts) > 1 {
		return true, "every part matches", true
	}
	return true, "matches", true
}

func candidateNumbers(seg string) []*big.Rat {
	var out []*big.Rat
	// A whole-segment expression first ("-(1/3)").
	if g := parsePart(strings.TrimSpace(seg)); g.Num != nil {
		return []*big.Rat{g.Num}
	}
	for _, m := range numRe.FindAllString(seg, 64) {
		m = strings.ReplaceAll(strings.ReplaceAll(m, ",", ""), " ", "")
		if strings.Contains(m, "/") {
			ab := strings.SplitN(m, "/", 2)
			a, ok1 := new(big.Rat).SetString(ab[0])
			b, ok2 := new(big.Rat).SetString(ab[1])
			if ok1 && ok2 && b.Sign() != 0 && len(m) < 200 {
				out = append(out, new(big.Rat).Quo(a, b))
			}
			continue
		}
		if len(m) > 200 {
			continue
		}
		if r, ok := new(big.Rat).SetString(m); ok {
			out = append(out, r)
		}
	}
	return out
}

func ratioIn(seg string, want *big.Rat) bool {
	for _, m := range ratioInRe.FindAllStringSubmatch(seg, 16) {
		a, ok1 := new(big.Rat).SetString(m[1])
		b, ok2 := new(big.Rat).SetString(m[2])
		if ok1 && ok2 && b.Sign() != 0 && new(big.Rat).Quo(a, b).Cmp(want) == 0 {
			return true
		}
	}
	// A ratio given as a fraction or decimal.
	for _, n := range candidateNumbers(seg) {
		if n.Cmp(want) == 0 {
			return true
		}
	}
	return false
}

// timeIn finds a clock time in seg equal to want (minutes after midnight).
// A time without a.m./p.m. also matches the same clock reading twelve hours
// apart; a gold time written without a.m./p.m. (bare) matches either half.
func timeIn(seg string, want int, bare bool) bool {
	for _, m := range timeInRe.FindAllStringSubmatch(seg, 16) {
		h, mi := atoi(m[1]), atoi(m[2])
		if h > 23 || mi > 59 {
			continue
		}
		switch strings.ToLower(m[3]) {
		case "p":
			if h < 12 {
				h += 12
			}
		case "a":
			if h == 12 {
				h = 0
			}
		}
		got := h*60 + mi
		if got == want || (m[3] == "" || bare) && got%720 == want%720 {
			return true
		}
	}
	return false
}

// containsWords reports whether the words of want appear consecutively in have.
func containsWords(have, want string) bool {
	if have == want {
		return true
	}
	return strings.Contains(" "+have+" ", " "+want+" ")
}
