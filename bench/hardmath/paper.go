package hardmath

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/equiv"
	"github.com/matheval/matheval/texscan"
)

// Paper mode: the grade the paper's judge was told to give (JudgePrompt),
// put beside matheval's headline so that a run can be compared with the
// paper's tables. It differs from matheval's grading in three ways:
//
//   - every regime is graded against the released answer, never against
//     quadrature (matheval grades traditional integrals against the
//     numerical value because 47 released intermediate-regime answers of
//     HARDMath-mini are more than 10% off it; the judge only saw the key);
//   - each regime's credit is one of the judge's steps 0, 0.5 and 1 (the
//     rubric names no other), except polynomial roots, whose rubric gives
//     credit proportional to the roots matched;
//   - a Laplace integral whose final formula is wrong gets half credit when
//     the working reaches the rubric's checkpoint: it names t_0 where f
//     attains its maximum and expands around it (PaperLaplaceCheckpoint);
//   - a nondimensionalization epsilon gets credit only where the paper's
//     sympy check would give it (paperSympyRefuses).
//
// grade-responses grades each of the authors' stored responses with the
// rubric its own judge was given (GradePaperRubric): the archive holds
// earlier rubrics too, and the paper's table is the mean of those judges'
// scores.
//
// Paper mode never changes the headline: it is recorded as the verdict
// metrics PaperMetric and PaperGapMetric, as bench/math records its other
// policies.

// PaperPolicy is the name --also-policy takes for paper mode.
const PaperPolicy = "paper"

// PaperMetric names the verdict metric holding a reply's paper-mode score
// (0 to 1), and PaperGapMetric matheval's score minus it.
const (
	PaperMetric    = "policy:" + PaperPolicy
	PaperGapMetric = "policy_gap:" + PaperPolicy
)

// AlsoPolicies lists the other gradings a HARDMath run can carry.
func (*Benchmark) AlsoPolicies() []string { return []string{PaperPolicy} }

// WithAlsoPolicies returns a copy of the benchmark (same shots and
// evaluator) that also grades every reply in paper mode; an unknown name is
// an error listing the known one. The receiver is unchanged.
func (b *Benchmark) WithAlsoPolicies(names []string) (bench.Benchmark, error) {
	b.mu.Lock()
	c := &Benchmark{shots: b.shots, ShotFile: b.ShotFile, eval: b.eval}
	b.mu.Unlock()
	for _, n := range names {
		switch strings.TrimSpace(n) {
		case "":
		case PaperPolicy:
			c.paper = true
		default:
			return nil, fmt.Errorf("hardmath: no other policy %q (known: %s)", strings.TrimSpace(n), PaperPolicy)
		}
	}
	return c, nil
}

// withPaper records the paper-mode grade of reply on v. A failed request
// (verdict error) records nothing, as bench/math does: it has no reply.
func (b *Benchmark) withPaper(ctx context.Context, v answer.Verdict, ref Reference, reply, finishReason string) answer.Verdict {
	if !b.paper || v.Kind == answer.Error {
		return v
	}
	p := GradePaper(ctx, ref, reply, finishReason, b.evaluator())
	m := make(map[string]float64, len(v.Metrics)+2)
	for k, x := range v.Metrics {
		m[k] = x
	}
	main := v.Score
	if math.IsNaN(main) || main < 0 {
		main = 0
	}
	m[PaperMetric] = p.Score
	m[PaperGapMetric] = math.Min(main, 1) - p.Score
	v.Metrics = m
	return v
}

// GradePaper grades reply against ref as the paper's judge was told (see
// the comment at the top of this file), with the paper's rubric for the
// item's type (PaperRubric). The verdict's parts are the regimes'
// paper-mode credits and its score their mean.
func GradePaper(ctx context.Context, ref Reference, reply, finishReason string, ev Evaluator) answer.Verdict {
	return GradePaperRubric(ctx, ref, reply, finishReason, "", ev)
}

// paperRubricOf is the paper's rubric for ref's type (PaperRubric).
func paperRubricOf(ref Reference) string {
	t := ref.Type
	switch {
	case t == TypeRootCorrections:
		t = TypeRoots
	case t == TypeIntegral && ref.Subtype != "":
		t += "/" + ref.Subtype
	}
	return PaperRubric[t]
}

// GradePaperRubric is GradePaper with the credit rules of the named rubric
// (JudgeRubric's names) in place of the paper's: the authors' archive was
// judged with earlier rubrics too, and its table (test_accuracy_summary.csv)
// averages the scores those judges gave, so a stored response is graded
// here as its own judge was told. "", RubricOther, RubricNone and a rubric
// of another type take the paper's rubric for ref's type. The rubrics'
// rules, per regime, after the credit is rounded to the judge's steps:
//
//   - RubricT0Checkpoint (Laplace): half credit for the working
//     (PaperLaplaceCheckpoint) where the formula earns less;
//   - RubricOrderOfMagnitude: half credit where the large regime's formula
//     earns less but its value at the regime's point is within a factor of
//     10 of the key's, with the same sign: the integral judges were told
//     to give half credit when "at large x regime" the "ground truth
//     solution and the response" do not "have magnitude of order
//     difference" (paperOrderOfMagnitude; for a traditional integral the
//     large regime is large epsilon). The ODE judges were told "at given x
//     regime", but at small x it says nothing (every answer near y(0) is
//     within a factor of 10 of the key there: applied at small x it gave
//     half credit to 0.17 of the archive's responses under that rubric
//     where the judges gave 0.10 in all, and exact agreement fell from
//     0.71 to 0.44), so it is applied at large x only;
//   - RubricHalfIfPartial (roots): full credit for every root matched,
//     half for some, none for none (in place of the share matched);
//   - RubricPerRoot (roots): the share of the key's roots matched;
//   - RubricMatchOrNone, RubricExactSmallNearLarge: the rounded credit.
func GradePaperRubric(ctx context.Context, ref Reference, reply, finishReason, rubric string, ev Evaluator) answer.Verdict {
	keyOnly := ref
	keyOnly.Regimes = make([]Regime, len(ref.Regimes))
	for i, g := range ref.Regimes {
		g.HasTruth, g.Truth = false, 0
		keyOnly.Regimes[i] = g
	}
	v := gradeReply(ctx, keyOnly, reply, finishReason, ev)
	if len(v.Parts) == 0 {
		return v
	}
	if ref.Type == TypeNondimSymbolic && v.Parts["epsilon"] > 0 {
		if why := paperSympyRefuses(ctx, ref.Regimes[0].Refs[0], v.Extracted); why != "" {
			v.Parts["epsilon"] = 0
			v.Kind, v.Score = answer.Wrong, 0
			v.Reason = why
		}
	}
	roots := ref.Type == TypeRoots || ref.Type == TypeRootCorrections
	rubric = rubricFor(ref, rubric, roots)
	laplace := ref.Type == TypeIntegral && ref.Subtype == "laplace"
	checkpoint := laplace && rubric == RubricT0Checkpoint && PaperLaplaceCheckpoint(reply)
	var preds []string
	if rubric == RubricOrderOfMagnitude {
		if boxes := boxedAll(reply); len(boxes) > 0 {
			preds = formulaCandidates(keyOnly, boxes)
		}
	}
	var notes []string
	total := 0.0
	names := make([]string, 0, len(v.Parts))
	for n := range v.Parts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s := v.Parts[n]
		switch {
		case roots && rubric == RubricHalfIfPartial && s > 0 && s < 1:
			s = 0.5
			notes = append(notes, n+": half credit for some of the roots (the judge's rubric: half credit if partially correct)")
		case !roots:
			s = math.Round(2*s) / 2
		}
		if checkpoint && s < 0.5 {
			s = 0.5
			notes = append(notes, n+": half credit for the working (t_0 at the maximum of f, expanded around it)")
		}
		if rubric == RubricOrderOfMagnitude && !roots && s < 0.5 {
			if i := regimeIndex(keyOnly, n); i >= 0 && i < len(preds) && paperOrderOfMagnitude(ctx, keyOnly.Type, keyOnly.Regimes[i], preds[i]) {
				s = 0.5
				notes = append(notes, n+": half credit: within an order of magnitude of the key at "+keyOnly.Regimes[i].Var+fmt.Sprintf("=%g", keyOnly.Regimes[i].Point)+" (the judge's rubric)")
			}
		}
		v.Parts[n] = s
		total += s
	}
	v.Score = total / float64(len(v.Parts))
	switch {
	case v.Score >= 1-1e-12:
		v.Score, v.Kind = 1, answer.Correct
	case v.Score > 0 && v.Kind != answer.Correct:
		v.Kind = answer.Wrong
	}
	if len(notes) > 0 {
		v.Reason = strings.Join(append([]string{v.Reason}, notes...), "; ")
	}
	return v
}

// rubricFor is the rubric GradePaperRubric applies: the one named where it
// is one for ref's kind of answer (roots or formulas), else the paper's.
func rubricFor(ref Reference, rubric string, roots bool) string {
	switch rubric {
	case RubricPerRoot, RubricHalfIfPartial:
		if roots {
			return rubric
		}
	case RubricT0Checkpoint:
		if ref.Type == TypeIntegral && ref.Subtype == "laplace" {
			return rubric
		}
	case RubricOrderOfMagnitude, RubricMatchOrNone, RubricExactSmallNearLarge:
		if !roots && ref.Type != TypeNondimSymbolic && ref.Type != TypeNondimNumeric {
			return rubric
		}
	}
	return paperRubricOf(ref)
}

// regimeIndex is the index of the regime named n, or -1.
func regimeIndex(ref Reference, n string) int {
	for i, g := range ref.Regimes {
		if g.Name == n {
			return i
		}
	}
	return -1
}

// paperOrderOfMagnitude reports whether pred's value at the regime's point
// is within a factor of 10 of the key's and points the same way (the real
// part of pred times the key's conjugate is positive): not "an order of
// magnitude" apart. Only a large regime (large_x, large_eps) is compared:
// the rubric names the large regime. Both are evaluated in arbitrary precision (a Laplace
// integral's values at large x are beyond float64); anything that does not
// evaluate, or a key of 0 there, is not within.
func paperOrderOfMagnitude(ctx context.Context, typ string, g Regime, pred string) bool {
	if !g.HasPoint || len(g.Refs) == 0 || strings.TrimSpace(pred) == "" || typ == TypeODE && g.Name == "small_x" || typ == TypeIntegral && g.Name != "large_eps" && g.Name != "large_x" {
		return false
	}
	vars := map[string]complex128{g.Var: complex(g.Point, 0)}
	if typ == TypeODE {
		pred = cleanODEAnswer(pred)
		vars = odeVars(g.Var, g.Point, epsilonAsVar(pred, g.Var))
	}
	r, err := evalLatexBig(ctx, g.Refs[0], vars)
	if err != nil {
		return false
	}
	p, err := evalLatexBig(ctx, pred, vars)
	if err != nil {
		return false
	}
	ar, ap := absBig(r), absBig(p)
	if ar.Sign() == 0 || ap.Sign() == 0 {
		return false
	}
	q, _ := new(big.Float).SetPrec(64).Quo(ap, ar).Float64()
	if math.IsNaN(q) || q < 0.1 || q > 10 {
		return false
	}
	dot := new(big.Float).SetPrec(64).Mul(p.Re, r.Re)
	dot.Add(dot, new(big.Float).SetPrec(64).Mul(p.Im, r.Im))
	return dot.Sign() > 0
}

// laplaceMaxRe and laplaceExpandRe read the rubric's checkpoint in the
// working's prose: a maximum named, and a Taylor expansion (or Laplace's
// method, which is one) around it. The point t_0 and \max are TeX, read on
// texscan tokens (namesT0, namesMax).
var (
	laplaceMaxRe    = regexp.MustCompile(`(?i)maxim(um|ized|ised|izes|ises|ize|ise)|attains its max`)
	laplaceExpandRe = regexp.MustCompile(`(?i)taylor|expan(d|sion)|laplace'?s method|method of laplace|saddle[- ]point`)
)

// PaperLaplaceCheckpoint reports whether a Laplace-integral reply reaches
// the paper rubric's checkpoint: it identifies t_0 where f attains its
// maximum and attempts a Taylor expansion around it. The judge read this
// from the working; here the working must name a maximum, a point t_0 (or
// t^*, t_max) and an expansion. It gives no credit alone: GradePaper uses it
// only where the final formula earns less than half.
func PaperLaplaceCheckpoint(reply string) bool {
	toks, err := texscan.Tokens(reply, texscan.Limits{})
	if err != nil {
		return false
	}
	return namesT0(toks) && (namesMax(toks) || laplaceMaxRe.MatchString(reply)) && laplaceExpandRe.MatchString(reply)
}

// namesT0 reports whether the tokens name the point t_0: the variable t
// (a word of its own: not the t of \int_0 or of "at") with the subscript 0
// or max (t_0, t_{0}, t_{\max}) or the superscript * (t^*, t^{*}, t^\ast).
func namesT0(toks []texscan.Token) bool {
	for i, t := range toks {
		if t.Kind != texscan.Word || t.Text != "t" || i+2 >= len(toks) || toks[i+1].Kind != texscan.Punct {
			continue
		}
		j := i + 2
		braced := toks[j].Kind == texscan.Open
		if braced {
			j++
		}
		if j >= len(toks) {
			continue
		}
		a := toks[j]
		var ok bool
		switch toks[i+1].Text {
		case "_":
			ok = a.Kind == texscan.Number && a.Text == "0" || a.Kind == texscan.Word && a.Text == "max" || a.Is("max")
		case "^":
			ok = a.Kind == texscan.Punct && a.Text == "*" || a.Is("ast")
		}
		if ok && (!braced || j+1 < len(toks) && toks[j+1].Kind == texscan.Close) {
			return true
		}
	}
	return false
}

// namesMax reports whether the tokens hold the command \max.
func namesMax(toks []texscan.Token) bool {
	for _, t := range toks {
		if t.Is("max") {
			return true
		}
	}
	return false
}

// paperSympyRefuses says why the paper's check of a nondimensionalization
// epsilon (simplify(parse_latex(key) - parse_latex(answer)) == 0, in the
// authors' evaluation/generate_response_and_score.py) gives no credit to an
// answer matheval finds equal to key, or "" when it gives credit: sympy
// assumes nothing of the a_i's signs, so an answer equal to the key only
// for positive a_i ((a_3/a_2)^{7/2} against a_3^{7/2}/a_2^{7/2}) is not
// equal there. Nor where sympy's parser reads a function call on one side
// only (sympyApplies). On the authors' archive the two take o1-mini
// 0-shot's nondimensionalization from 67.4 to 38.8 (the paper: 38.1), and
// paper mode's exact agreement with the stored nondimensionalization
// scores from 0.922 to 0.998.
func paperSympyRefuses(ctx context.Context, key, ans string) string {
	if ka, aa := sympyApplies(key), sympyApplies(ans); ka != aa {
		side := "the answer"
		if ka {
			side = "the key"
		}
		return "the paper's sympy check reads a letter before a parenthesis, a_{1}\\left(...\\right), as a call of an undefined function a_1, and here only " + side + " has one, so simplify(key - answer) is not 0"
	}
	r := equiv.Compare(ctx, key, ans, equiv.Options{Timeout: 200 * time.Millisecond, Unknown: answer.HARDMathUnknown})
	if r.Outcome != equiv.Equal {
		return "equal to the key only for positive a_i, which the paper's sympy check does not assume (" + r.Reason + ")"
	}
	return ""
}

// sympyApplies reports whether sympy's LaTeX parser (parse_latex, which
// the paper's check of a nondimensionalization epsilon calls) reads part
// of s as the call of an undefined function: its grammar takes a letter,
// with or without a subscript, followed by a parenthesis (\left is
// skipped, as are spaces) as f(args), so a_{1} \left(\frac{a_3}{a_2}\right)^2
// is a_1 applied to a_3/a_2, squared, not a product. An expression with
// such a call cancels against the same call only; against a key without
// one the difference never simplifies to 0. On the authors' archive the
// stored score is 0 for all 135 nondimensionalization answers matheval
// finds equal to the key where exactly one side has such a call, and 1
// for 580 of 581 where neither or both have one (the exception: 2.5
// against 5/2 inside calls). A text texscan refuses reads as no call.
func sympyApplies(s string) bool {
	toks, err := texscan.Tokens(s, texscan.Limits{})
	if err != nil {
		return false
	}
	next := func(i int) int { // the next token that parse_latex does not skip
		for i < len(toks) && (toks[i].Kind == texscan.Space || toks[i].Kind == texscan.Newline || toks[i].Is("left")) {
			i++
		}
		return i
	}
	for i := 0; i < len(toks); i++ {
		if toks[i].Kind != texscan.Word {
			continue
		}
		j := next(i + 1)
		if j < len(toks) && toks[j].Kind == texscan.Punct && toks[j].Text == "_" {
			j = next(j + 1)
			if j >= len(toks) {
				return false
			}
			if toks[j].Kind == texscan.Open {
				g, err := texscan.Match(s, toks[j].Pos, texscan.Braces, texscan.Limits{})
				if err != nil {
					return false
				}
				for j < len(toks) && toks[j].Pos < g.End {
					j++
				}
			} else {
				j++
			}
			j = next(j)
		}
		if j < len(toks) && toks[j].Kind == texscan.Punct && toks[j].Text == "(" {
			return true
		}
	}
	return false
}
