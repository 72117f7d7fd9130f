// Package reporttest writes small synthetic run directories in the rundir
// format, for the tests of report, web and the command line. The runs look
// like MATH runs: subjects, levels, LaTeX in problems and replies, several
// verdict kinds, tokens, cost and confidences, all drawn from a seed.
package reporttest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/rundir"
)

// Options shape a synthetic run.
type Options struct {
	Items      int     // number of items (default 40)
	Samples    int     // samples per item (default 1)
	Seed       uint64  // draws verdicts and confidences
	Model      string  // model name (default "test-model")
	Skill      float64 // added to every item's chance of being right (default 0)
	Confidence bool    // give samples a confidence in [0,1] (else -1)
	PromptHash string  // manifest prompt hash (default "p1")
	Results    bool    // write results.json with a benchmark table
}

// Subjects and levels of the synthetic items (MATH's).
var Subjects = []string{"Algebra", "Counting & Probability", "Geometry", "Intermediate Algebra",
	"Number Theory", "Prealgebra", "Precalculus"}

// Problems with the LaTeX constructs the viewer must render; the answer is
// the boxed part. The first item's reply carries a script element.
var problems = []struct{ problem, solution, answer string }{
	{`Compute $\frac{3}{4} + \frac{1}{4}$.`, `We have $\frac{3}{4}+\frac{1}{4} = \frac{4}{4} = \boxed{1}$.`, `1`},
	{`Simplify $\sqrt{50}$.`, `$\sqrt{50} = \sqrt{25 \cdot 2} = \boxed{5\sqrt{2}}$.`, `5\sqrt{2}`},
	{`Find the determinant of $\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}$.`, `It is $1\cdot 4 - 2 \cdot 3 = \boxed{-2}$.`, `-2`},
	{`Solve $x^2 - 5x + 6 = 0$ for the larger root.`, `Factor: $(x-2)(x-3)=0$, so the larger root is $\boxed{3}$.`, `3`},
	{`What is $\sqrt[3]{27} + \alpha$ when $\alpha = \pi$?`, `\[\sqrt[3]{27} = 3,\] so the answer is $\boxed{3+\pi}$.`, `3+\pi`},
	{`Compute $\begin{bmatrix} 2 & 0 \\ 0 & 2 \end{bmatrix}^2$.`, `Squaring gives $\boxed{\begin{bmatrix} 4 & 0 \\ 0 & 4 \end{bmatrix}}$.`, `\begin{bmatrix} 4 & 0 \\ 0 & 4 \end{bmatrix}`},
}

// ScriptReply is the reply of item 0's first sample: a script that, if it
// ran in a browser, would change the page title and add an element.
const ScriptReply = `I think <script>document.title="PWNED";var e=document.createElement("div");e.id="pwned";document.body.appendChild(e)</script> the answer is $\boxed{1}$.`

// ItemID returns the id of item i.
func ItemID(i int) string {
	return fmt.Sprintf("test/%s/%d", slug(Subjects[i%len(Subjects)]), i)
}

func slug(s string) string {
	out := []rune{}
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			out = append(out, r+'a'-'A')
		case r >= 'a' && r <= 'z':
			out = append(out, r)
		case r == ' ':
			out = append(out, '_')
		case r == '&':
			out = append(out, []rune("and")...)
		}
	}
	return string(out)
}

// Write creates dir and writes a run into it; it returns the samples written.
func Write(dir string, o Options) ([]rundir.SampleRecord, error) {
	if o.Items == 0 {
		o.Items = 40
	}
	if o.Samples == 0 {
		o.Samples = 1
	}
	if o.Model == "" {
		o.Model = "test-model"
	}
	if o.PromptHash == "" {
		o.PromptHash = "p1"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(o.Seed, 42))
	m := rundir.Manifest{Matheval: "test", Commit: "abc", GoVersion: "go1.26", Benchmark: "math",
		DataHash: "d1", Prompt: "direct", PromptHash: o.PromptHash, GraderVersion: "g1", Model: o.Model,
		Params: map[string]any{"temperature": 0.0, "max_tokens": 1024.0}, Seed: int64(o.Seed),
		Items: o.Items, Samples: o.Samples, Start: "2026-11-30T10:00:00Z", End: "2026-11-30T10:05:00Z"}
	var recs []rundir.SampleRecord
	for i := 0; i < o.Items; i++ {
		pr := problems[i%len(problems)]
		level := 1 + (i/len(Subjects))%5
		it := bench.Item{ID: ItemID(i), Problem: pr.problem, Solution: pr.solution, Answer: pr.answer,
			Meta: map[string]string{"subject": Subjects[i%len(Subjects)], "level": fmt.Sprintf("Level %d", level)}}
		pRight := 0.95 - 0.15*float64(level-1) + o.Skill
		for s := 0; s < o.Samples; s++ {
			rec := rundir.SampleRecord{Sample: bench.Sample{Item: it, Index: s, Confidence: -1, FinishReason: "stop"}}
			u := r.Float64()
			switch {
			case u < pRight:
				rec.Reply = fmt.Sprintf("Working it out, the answer is $\\boxed{%s}$.", pr.answer)
				rec.Verdict = answer.Verdict{Kind: answer.Correct, Score: 1, Reason: "equal", Extracted: pr.answer}
			case u < pRight+0.05:
				rec.Reply = "I am not sure."
				rec.Verdict = answer.Verdict{Kind: answer.NoAnswer, Reason: "no boxed answer"}
			case u < pRight+0.08:
				rec.Reply = "The answer is $\\boxed{\\frac{1}{"
				rec.FinishReason = "length"
				rec.Verdict = answer.Verdict{Kind: answer.Incomplete, Reason: "cut by the token limit"}
			default:
				wrong := fmt.Sprintf("%d", 7+i%3)
				rec.Reply = fmt.Sprintf("So the answer is $\\boxed{%s}$.", wrong)
				rec.Verdict = answer.Verdict{Kind: answer.Wrong, Reason: "not equal", Extracted: wrong}
			}
			if i == 0 && s == 0 {
				rec.Reply = ScriptReply
				rec.Verdict = answer.Verdict{Kind: answer.Correct, Score: 1, Reason: "equal", Extracted: "1"}
			}
			if o.Confidence {
				c := 0.3 + 0.4*r.Float64()
				if rec.Verdict.IsCorrect() {
					c += 0.25
				}
				rec.Confidence = min(c, 1)
			}
			// The prompt text follows the prompt hash, as a real run's does:
			// runs written with another PromptHash sent other prompts.
			content := it.Problem
			if o.PromptHash != "p1" {
				content = o.PromptHash + ": " + content
			}
			rec.Prompt = bench.Prompt{Messages: []bench.Message{{Role: "user", Content: content}}}
			rec.Usage = rundir.Usage{PromptTokens: 50 + i%10, CompletionTokens: 100 + 10*level}
			rec.LatencyMS = 200 + float64(10*i)
			rec.Cost = 0.001
			rec.ServerModel = o.Model
			recs = append(recs, rec)
		}
	}
	if err := writeSamples(filepath.Join(dir, rundir.SamplesFile), recs); err != nil {
		return nil, err
	}
	if err := rundir.WriteJSON(dir, rundir.ManifestFile, m); err != nil {
		return nil, err
	}
	if o.Results {
		res := rundir.Results{Benchmark: "math", Model: o.Model, Items: o.Items, Samples: len(recs),
			Planned: len(recs), Counts: map[answer.Kind]int{}}
		correct := 0
		samples := make([]bench.Sample, len(recs))
		for i, rec := range recs {
			samples[i] = rec.Sample
			res.Counts[rec.Verdict.Kind]++
			res.Usage.PromptTokens += rec.Usage.PromptTokens
			res.Usage.CompletionTokens += rec.Usage.CompletionTokens
			res.Cost += rec.Cost
			if rec.Verdict.IsCorrect() {
				correct++
			}
		}
		res.CostPerCorrect = res.Cost / float64(max(correct, 1))
		// The generic summary: this package cannot import the MATH
		// benchmark (report tests stand below it).
		res.Summary = bench.DefaultSummary(samples)
		if err := rundir.WriteJSON(dir, rundir.ResultsFile, res); err != nil {
			return nil, err
		}
	}
	return recs, nil
}

// writeSamples writes records as JSON Lines.
func writeSamples(path string, recs []rundir.SampleRecord) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	for _, rec := range recs {
		if err := enc.Encode(rec); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}
