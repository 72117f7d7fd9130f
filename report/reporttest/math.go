package reporttest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/jsonl"
	"github.com/matheval/matheval/rundir"
)

// FromMATH writes a run over real MATH items read from a JSON Lines file
// with problem, solution, answer, subject, level and unique_id (MATH-500's
// layout). The "model" replies with the reference solution when a seeded
// draw says it is right (harder levels less often) and with a wrong boxed
// number otherwise; confidences are drawn to be informative.
func FromMATH(path, dir string, seed uint64) ([]rundir.SampleRecord, error) {
	rows, err := jsonl.ReadFile[struct {
		Problem, Solution, Answer, Subject string
		Level                              int
		UniqueID                           string `json:"unique_id"`
	}](path)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(seed, 7))
	var recs []rundir.SampleRecord
	for _, row := range rows {
		it := bench.Item{ID: strings.TrimSuffix(row.UniqueID, ".json"), Problem: row.Problem, Solution: row.Solution,
			Answer: row.Answer, Meta: map[string]string{"subject": row.Subject, "level": fmt.Sprintf("Level %d", row.Level)}}
		rec := rundir.SampleRecord{Sample: bench.Sample{Item: it, FinishReason: "stop"}}
		pRight := 0.92 - 0.14*float64(row.Level-1)
		u := r.Float64()
		switch {
		case u < pRight:
			rec.Reply = row.Solution
			rec.Verdict = answer.Verdict{Kind: answer.Correct, Score: 1, Reason: "equal", Extracted: row.Answer}
		case u < pRight+0.04:
			rec.Reply = "Let me think about this step by step. " + truncate(row.Solution, 200)
			rec.FinishReason = "length"
			rec.Verdict = answer.Verdict{Kind: answer.Incomplete, Reason: "cut by the token limit"}
		default:
			wrong := fmt.Sprint(2 + r.IntN(97))
			rec.Reply = "Working through it, I get $\\boxed{" + wrong + "}$."
			rec.Verdict = answer.Verdict{Kind: answer.Wrong, Reason: "not equal", Extracted: wrong}
		}
		c := 0.35 + 0.35*r.Float64()
		if rec.Verdict.IsCorrect() {
			c += 0.25 * r.Float64()
		}
		rec.Confidence = c
		rec.Usage = rundir.Usage{PromptTokens: 40 + len(row.Problem)/4, CompletionTokens: 20 + len(rec.Reply)/4}
		rec.LatencyMS = 300 + float64(len(rec.Reply))
		recs = append(recs, rec)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	out, err := os.Create(filepath.Join(dir, rundir.SamplesFile))
	if err != nil {
		return nil, err
	}
	enc := json.NewEncoder(out)
	for _, rec := range recs {
		if err := enc.Encode(rec); err != nil {
			out.Close()
			return nil, err
		}
	}
	if err := out.Close(); err != nil {
		return nil, err
	}
	m := rundir.Manifest{Matheval: "test", Benchmark: "math", DataPath: path, DataHash: "math500", Prompt: "solution",
		PromptHash: "p", GraderVersion: "g", Model: "synthetic", Params: map[string]any{"temperature": 0.0},
		Seed: int64(seed), Items: len(recs), Samples: 1}
	return recs, rundir.WriteJSON(dir, rundir.ManifestFile, m)
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}
