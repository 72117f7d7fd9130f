package answer

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/matheval/matheval/equiv"
)

// Comparator grades one extracted candidate against a gold answer, within
// ctx (the engine's deadline is opts.Timeout or ctx's, the earlier). It
// returns Correct, Wrong, Unparsable or Undecided (with a score in [0,1] and
// a reason); Grade fills in Extracted. A benchmark with its own rule (HARDMath's
// per-regime partial credit) plugs its own Comparator into a Policy.
type Comparator func(ctx context.Context, gold, cand string, opts equiv.Options) Verdict

// Policy is how one benchmark grades: which answer it extracts from a reply
// and how it compares it with the gold one. Policies are values: a benchmark
// copies one and changes fields rather than adding code paths.
type Policy struct {
	// Name is the policy's command-line name ("math", "math401", "asdiv").
	Name string
	// Extraction drives extraction from replies.
	Extraction Extraction
	// ExtractionFor, when set, picks the extraction from the gold answer (for
	// example ASDiv reads a whole line when the gold is text or several values).
	ExtractionFor func(gold string) Extraction
	// Compare decides one candidate against the gold answer.
	Compare Comparator
	// Options go to the engine (deadline, tolerances).
	Options equiv.Options
	// GradeTruncated grades a reply cut at the token limit as if complete;
	// by default such a reply is Incomplete whatever it contains.
	GradeTruncated bool
	// NoAnswerMetrics are the per-sample metrics recorded when no answer is
	// graded (MATH 401 puts relative_error = 10 there).
	NoAnswerMetrics map[string]float64
}

// extractionFor returns the extraction to use against gold.
func (p Policy) extractionFor(gold string) Extraction {
	if p.ExtractionFor != nil {
		return p.ExtractionFor(gold)
	}
	return p.Extraction
}

// GradeContext grades reply against gold under policy p, within ctx (each
// comparison also under its policy's deadline). finishReason is the
// server's: "length" means the reply was cut at the token limit, and
// "error" means the request failed (no reply). It never panics: a panic
// below it is a bug of ours and gives InternalError's verdict (see
// Verdict.Internal). Benchmarks grade through it with the run's context.
func GradeContext(ctx context.Context, p Policy, gold, reply, finishReason string) Verdict {
	return gradeIn(ctx, p, gold, reply, finishReason)
}

// Grade is GradeContext without a deadline of the caller's: for tools and
// tests that grade one reply (as net.Dial is DialContext without one).
func Grade(p Policy, gold, reply, finishReason string) Verdict {
	return gradeIn(context.Background(), p, gold, reply, finishReason)
}

// gradeIn is GradeContext.
func gradeIn(ctx context.Context, p Policy, gold, reply, finishReason string) (v Verdict) {
	defer func() {
		if v.Kind != Correct && v.Score == 0 && v.Metrics == nil && len(p.NoAnswerMetrics) > 0 {
			v.Metrics = copyMetrics(p.NoAnswerMetrics)
		}
	}()
	defer recoverInternal(&v)
	return grade(ctx, p, gold, reply, finishReason)
}

func grade(ctx context.Context, p Policy, gold, reply, finishReason string) (v Verdict) {
	if finishReason == "error" {
		return Verdict{Kind: Error, Reason: "the request failed: no reply"}
	}
	ex := extract(ctx, reply, p.extractionFor(gold), true)
	if ex.Cancelled != "" {
		return Verdict{Kind: Undecided, Reason: "grading stopped: " + ex.Cancelled}
	}
	best, found := ex.Best()
	if ex.Incomplete {
		return Verdict{Kind: Incomplete, Reason: "reasoning left unterminated (" + strings.Join(ex.Notes, "; ") + ")", Extracted: best.Text}
	}
	if finishReason == "length" && !p.GradeTruncated {
		return Verdict{Kind: Incomplete, Reason: "reply cut at the token limit (finish_reason=length)", Extracted: best.Text}
	}
	if finishReason == "length" && found && (best.Kind == KindMath || best.Kind == KindNumber || best.Kind == KindLine) {
		// Even where a truncated reply is graded, its last formula or
		// number is never its answer: it stopped in the middle.
		return Verdict{Kind: Incomplete, Reason: "reply cut at the token limit (finish_reason=length) before a final answer", Extracted: best.Text}
	}
	if !found {
		if ex.Empty {
			return Verdict{Kind: NoAnswer, Reason: "empty reply"}
		}
		if ex.Unfinished != "" {
			return Verdict{Kind: NoAnswer, Reason: "no final answer, and the reply does not conclude: " + ex.Unfinished}
		}
		if ex.Ambiguous != "" {
			return Verdict{Kind: NoAnswer, Reason: "no answer found in the reply: " + ex.Ambiguous}
		}
		return Verdict{Kind: NoAnswer, Reason: "no answer found in the reply"}
	}
	if err := ctx.Err(); err != nil {
		return Verdict{Kind: Undecided, Reason: "grading stopped: " + err.Error(), Extracted: best.Text}
	}
	if p.Compare == nil {
		return Verdict{Kind: Error, Reason: "policy " + p.Name + " has no comparator", Extracted: best.Text}
	}
	answers := finalAnswers(ex.Earlier, best)
	if len(answers) > 1 {
		v, best.Text = gradeSeveral(ctx, p, gold, answers, offersAlternatives(ex.Earlier, best))
	} else {
		v = p.Compare(ctx, gold, best.Text, p.Options)
	}
	v.Extracted = best.Text
	v.Reason = strings.TrimSpace(v.Reason + " [" + string(best.Kind) + "]")
	if v.Kind == Correct && v.Score == 0 {
		v.Score = 1
	}
	if v.Score < 0 {
		v.Score = 0
	} else if v.Score > 1 {
		v.Score = 1
	}
	return v
}

// ExtractAnswer returns the answer p would grade in reply ("" when none) and
// the kind of candidate it came from.
func ExtractAnswer(p Policy, reply string) (string, CandidateKind) {
	ex := Extract(reply, p.Extraction)
	if c, ok := ex.Best(); ok {
		return c.Text, c.Kind
	}
	return "", ""
}

// Equivalent decides whether two texts state the same answer under p. Each
// side may be a bare answer, math in $...$, or a whole solution or reply: the
// policy's full extraction runs on both. It is what `matheval equiv` runs.
// Like Grade, it is a top: each comparison runs under the policy's deadline.
func Equivalent(p Policy, gold, prediction string) Verdict {
	return EquivalentContext(context.Background(), p, gold, prediction)
}

// EquivalentContext is Equivalent within ctx.
func EquivalentContext(ctx context.Context, p Policy, gold, prediction string) Verdict {
	v, _ := equivalent(ctx, p, gold, prediction)
	return v
}

// equivalent is Equivalent, also returning the gold answer it extracted.
func equivalent(ctx context.Context, p Policy, gold, prediction string) (v Verdict, g string) {
	defer recoverInternal(&v)
	g = GoldAnswer(p, gold)
	if g == "" {
		return Verdict{Kind: Unparsable, Reason: "no answer found in the gold text"}, ""
	}
	return gradeIn(ctx, p, g, prediction, ""), g
}

// GoldAnswer extracts the gold answer from a gold text (a bare answer or a
// worked solution). A gold text is trusted to be an answer, so a one-line
// gold may be prose ("They are equal").
func GoldAnswer(p Policy, gold string) string {
	// A gold's unclosed box is a typo of the dataset, not a cut reply (the
	// candidate's is refused): it is closed at the end of the text
	if n := strings.Count(gold, "{") - strings.Count(gold, "}"); n > 0 && n < 8 && strings.Contains(gold, `\boxed{`) {
		gold += strings.Repeat("}", n)
	}
	ex := p.Extraction
	ex.BareProse = true
	if c, ok := Extract(gold, ex).Best(); ok {
		return c.Text
	}
	// A policy that reads only boxed answers (the MATH paper's, Hendrycks)
	// finds a worked solution's gold in its box; a gold without one is a
	// dataset's bare answer field ("2", "$\frac12$"), read as MATH reads a gold.
	if boxedOnly(p.Extraction) {
		mx := MATH.Extraction
		mx.BareProse = true
		if c, ok := Extract(gold, mx).Best(); ok {
			return c.Text
		}
	}
	return ""
}

// boxedOnly reports whether ex reads answers from boxes alone.
func boxedOnly(ex Extraction) bool {
	n := 0
	for _, tier := range ex.Tiers {
		for _, k := range tier {
			if k != KindBoxed {
				return false
			}
			n++
		}
	}
	return n > 0
}

// Policies lists the built-in policies by name.
func Policies() map[string]Policy {
	return map[string]Policy{
		"math":             MATH,
		"math401":          MATH401,
		"math401-division": MATH401Division,
		"asdiv":            ASDiv,
		"hardmath":         HARDMathGeneric,
		"hendrycks":        Hendrycks,
	}
}

// Lookup returns the built-in policy with that name.
func Lookup(name string) (Policy, error) {
	if p, ok := Policies()[name]; ok {
		return p, nil
	}
	return Policy{}, fmt.Errorf("unknown policy %q (known: math, math401, math401-division, asdiv, hardmath, hendrycks)", name)
}

// WithDecimal returns p with the engine's decimal rule set: rule says how a
// decimal compares with a different exact value, and a rounded decimal must
// show at least minSigDigits significant digits (0 keeps p's setting).
// Policies with their own numeric rule (MATH 401's tolerance, ASDiv's exact
// numbers) do not read it.
func (p Policy) WithDecimal(rule equiv.DecimalPolicy, minSigDigits int) Policy {
	p.Options.Decimal = rule
	if minSigDigits > 0 {
		p.Options.MinSigDigits = minSigDigits
	}
	return p
}

// DecimalRule reads the name of a decimal rule: "rounded"
// (equiv.DecimalRounded) or "exact" (equiv.DecimalExact).
func DecimalRule(name string) (equiv.DecimalPolicy, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "rounded":
		return equiv.DecimalRounded, nil
	case "exact":
		return equiv.DecimalExact, nil
	}
	return 0, fmt.Errorf("unknown decimal rule %q (known: rounded, exact)", name)
}

// WithTimeout returns p with the engine deadline set to d.
func (p Policy) WithTimeout(d time.Duration) Policy {
	p.Options.Timeout = d
	return p
}

func copyMetrics(m map[string]float64) map[string]float64 {
	out := make(map[string]float64, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// finalAnswers lists the answers a reply gives, in reply order: each final
// answer it stands by (see conclude.go), a run of boxes counting as its
// parts.
// offersAlternatives reports whether a final answer is a run opened by
// "either": its parts are alternatives, not one list.
func offersAlternatives(earlier []Candidate, best Candidate) bool {
	for _, c := range append(earlier, best) {
		if c.either {
			return true
		}
	}
	return false
}

func finalAnswers(earlier []Candidate, best Candidate) []string {
	var out []string
	for _, c := range append(earlier, best) {
		if len(c.Items) > 1 {
			out = append(out, c.Items...)
		} else {
			out = append(out, c.Text)
		}
	}
	return out
}

// maxAnswers bounds the answers of one reply compared pairwise.
const maxAnswers = 8

// gradeSeveral grades a reply that gives several answers. The same answer
// written in several forms ("\boxed{x+11}, or \boxed{11+x}") is that answer.
// Different answers are read together as one list: right when the list is
// the gold answer and no one of them alone is (several roots, boxed one by
// one), wrong otherwise; so two different answers to a one-answer question
// are wrong whatever their order (hedging). Answers offered as alternatives
// ("either $0,1$ or $1,1$") are a hedge even when together they would make
// the gold list. It returns the verdict and the text graded.
func gradeSeveral(ctx context.Context, p Policy, gold string, answers []string, alternatives bool) (Verdict, string) {
	if len(answers) > maxAnswers {
		joined := strings.Join(answers, ", ")
		v := p.Compare(ctx, gold, joined, p.Options)
		return v, joined
	}
	var distinct []string
	for _, a := range answers {
		same := false
		for i, d := range distinct {
			if a == d || p.Compare(ctx, d, a, p.Options).Kind == Correct {
				distinct[i] = a // keep the later form
				same = true
				break
			}
		}
		if !same {
			distinct = append(distinct, a)
		}
	}
	if len(distinct) == 1 {
		return p.Compare(ctx, gold, distinct[0], p.Options), distinct[0]
	}
	joined := strings.Join(distinct, ", ")
	if alternatives {
		return Verdict{Kind: Wrong, Reason: fmt.Sprintf("hedged: the reply offers %d different answers as alternatives (either %s)",
			len(distinct), strings.Join(distinct, " or "))}, strings.Join(distinct, "; ")
	}
	for _, d := range distinct {
		if p.Compare(ctx, gold, d, p.Options).Kind == Correct {
			return Verdict{Kind: Wrong, Reason: fmt.Sprintf("hedged: the reply gives %d different final answers (%s) to a one-answer question",
				len(distinct), strings.Join(distinct, "; "))}, strings.Join(distinct, "; ")
		}
	}
	v := p.Compare(ctx, gold, joined, p.Options)
	if v.Kind == Correct {
		v.Reason = fmt.Sprintf("the reply's %d final answers together: %s", len(distinct), v.Reason)
	} else {
		v.Reason = fmt.Sprintf("the reply's %d final answers (%s) read as one list: %s", len(distinct), strings.Join(distinct, "; "), v.Reason)
	}
	return v, joined
}
