package run

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/rundir"
)

// finish judges the replies when asked, writes samples.jsonl and
// results.json, reports what the replies say about the server (logprobs,
// token limit) and closes the manifest.
func (r *runner) finish(ctx context.Context) error {
	cfg, rep := r.cfg, r.rep
	stopped, _ := r.stopWhy.Load().(string)
	if stopped == "" && ctx.Err() != nil {
		stopped = "interrupted"
	}
	var recs []*rundir.SampleRecord
	for i := range r.recs {
		for _, rec := range r.recs[i] {
			if rec != nil {
				recs = append(recs, rec)
			}
		}
	}
	planned := len(r.items) * cfg.Samples
	if len(recs) < planned && stopped == "" {
		stopped = "incomplete"
	}
	r.replyWarnings(recs)
	// The judge runs on the replies in hand unless the run was stopped by
	// a budget, an interrupt or an error: the next invocation judges then.
	if cfg.Judge != nil && (stopped == "" || stopped == "incomplete") {
		n, why, err := r.judgeAll(ctx, rep.Dir, recs)
		rep.JudgeRequests = n
		rep.JudgeStopped = why
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			stopped = "interrupted"
		}
	}
	res, err := writeOutputs(rep.Dir, cfg.Bench, cfg.Backend.Spec(), recs, planned, stopped)
	if err != nil {
		return err
	}
	rep.Results = res
	rep.Failed = countFailed(recs)
	if stopped != "" {
		rep.Continue, _ = r.stopHow.Load().(string)
		if rep.Continue == "" {
			rep.Continue = continueSame
		}
	}
	man := r.man
	man.End = time.Now().UTC().Format(time.RFC3339)
	man.Extra["status"] = "complete"
	if stopped != "" {
		man.Extra["status"] = "stopped: " + stopped
	}
	man.Extra["requests_last_invocation"] = strconv.FormatInt(rep.Requests, 10)
	man.Extra["resumed_samples"] = strconv.Itoa(rep.Resumed)
	if cfg.Judge != nil {
		man.Extra["judge_requests_last_invocation"] = strconv.FormatInt(rep.JudgeRequests, 10)
	}
	return rundir.WriteJSON(rep.Dir, rundir.ManifestFile, man)
}

// countFailed counts the samples whose request failed for good.
func countFailed(recs []*rundir.SampleRecord) int {
	n := 0
	for _, rec := range recs {
		if rec.Error != "" {
			n++
		}
	}
	return n
}

// replyWarnings says, once for the whole run, what the replies show about
// the server: replies cut at the token limit (most of them: the limit is
// too low), logprobs asked for and missing, logprobs that cannot be placed
// in the reply.
func (r *runner) replyWarnings(recs []*rundir.SampleRecord) {
	replies, cut, cutIncomplete := 0, 0, 0
	for _, rec := range recs {
		if rec.Error != "" {
			continue
		}
		replies++
		if rec.FinishReason == "length" {
			cut++
			if rec.Verdict.Kind == answer.Incomplete {
				cutIncomplete++
			}
		}
	}
	if replies > 0 && 2*cut > replies {
		limit := r.replyLimitText()
		// Most benchmarks grade a cut reply incomplete; MATH 401 reads its
		// numbers as the paper does. Say what happened, not a rule.
		graded := fmt.Sprintf("%d of them are graded incomplete, %d on what they hold", cutIncomplete, cut-cutIncomplete)
		if cutIncomplete == cut {
			graded = "they are graded incomplete"
		}
		r.warn(fmt.Sprintf("%d of %d replies were cut at the token limit (finish_reason \"length\", max tokens %s): %s. Raise --max-tokens and run again in a new --out",
			cut, replies, limit, graded))
	}
	counts := map[string]int{}
	for _, ns := range r.notes {
		for _, n := range ns {
			counts[n]++
		}
	}
	var kinds []string
	for n := range counts {
		kinds = append(kinds, n)
	}
	sort.Strings(kinds)
	for _, n := range kinds {
		switch n {
		case noteCached:
			// Not a fault of the replies: the run said at its start how
			// many came from the cache (and the command says it at the end).
		case model.NoteLogprobsMissing:
			r.warn(fmt.Sprintf("%d of %d replies came without logprobs although they were asked for (Ollama's /v1/completions never sends them: use --api chat): no confidence and no AUROC for them", counts[n], replies))
		case model.NoteLogprobsUnaligned:
			r.warn(fmt.Sprintf("%d of %d replies: %s (the server changed the text it split from the reasoning): no confidence for them", counts[n], replies, n))
		default:
			r.warn(fmt.Sprintf("%d of %d replies: %s", counts[n], replies, n))
		}
	}
}

// noteCached is the note of a reply taken from the request cache, kept in
// its sample record.
const noteCached = "from the request cache"

// record builds the sample record of a reply and grades it.
func (r *runner) record(i, s int, e *entry) *rundir.SampleRecord {
	it := r.items[i]
	rec := &rundir.SampleRecord{
		Sample: bench.Sample{Item: it, Index: s, Reply: e.Reply, Reasoning: e.Reasoning,
			FinishReason: e.FinishReason, Logprobs: e.Logprobs, Confidence: -1},
		Prompt: r.prompts[i], Usage: e.Usage, LatencyMS: e.LatencyMS,
		ServerModel: e.ServerModel, Retries: e.Retries, Cost: e.Cost,
	}
	if len(e.Notes) > 0 {
		r.notesMu.Lock()
		r.notes[[2]int{i, s}] = e.Notes
		r.notesMu.Unlock()
	}
	// What arrived is graded even after an interrupt, so that the partial
	// results are true: each comparison has its own deadline.
	if Grade(context.WithoutCancel(r.ctx), r.cfg.Bench, &rec.Sample, r.runLog) {
		r.warnOnceAs("grader failed", fmt.Sprintf("the grader failed (internal error) on item %s: the stack is in %s; every sample it failed on has the verdict error", it.ID, r.runLog.path))
	}
	return rec
}

// writeOutputs computes the summary of recs (in their stable order) and
// writes samples.jsonl and results.json.
func writeOutputs(dir string, b bench.Benchmark, spec string, recs []*rundir.SampleRecord, planned int, stopped string) (rundir.Results, error) {
	samples := make([]bench.Sample, len(recs))
	res := rundir.Results{Benchmark: b.Name(), Model: spec, Samples: len(recs), Planned: planned, Stopped: stopped,
		Counts: map[answer.Kind]int{}}
	for _, k := range answer.Kinds {
		res.Counts[k] = 0
	}
	ids := map[string]bool{}
	for i, rec := range recs {
		samples[i] = rec.Sample
		res.Counts[rec.Verdict.Kind]++
		if rec.FinishReason == "length" {
			res.Truncated++
		}
		ids[rec.Item.ID] = true
		res.Usage.PromptTokens += rec.Usage.PromptTokens
		res.Usage.CompletionTokens += rec.Usage.CompletionTokens
		res.Usage.ReasoningTokens += rec.Usage.ReasoningTokens
		res.Usage.CachedTokens += rec.Usage.CachedTokens
		res.Cost += rec.Cost
	}
	res.Items = len(ids)
	if c := res.Counts[answer.Correct]; c > 0 {
		res.CostPerCorrect = res.Cost / float64(c)
		res.TokensPerCorrect = float64(res.Usage.PromptTokens+res.Usage.CompletionTokens) / float64(c)
	}
	sum := b.Summarize(samples)
	judgeMetrics(&sum, recs)
	res.Summary = sum
	if err := writeSamples(dir, recs); err != nil {
		return res, err
	}
	return res, rundir.WriteJSON(dir, rundir.ResultsFile, res)
}

// writeSamples writes samples.jsonl atomically (temp file + rename).
func writeSamples(dir string, recs []*rundir.SampleRecord) error {
	return rundir.WriteAtomic(dir, rundir.SamplesFile, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, rec := range recs {
			if err := enc.Encode(rec); err != nil {
				return fmt.Errorf("item %s sample %d: %v", rec.Item.ID, rec.Index, err)
			}
		}
		return nil
	})
}

// Headline is what the run's headline adds when requests failed for good:
// accuracy over the graded samples and over all of them, and how many
// failed (a failed request is not a wrong answer; it is not graded). It is
// empty when none failed: the benchmark's own summary says it all then.
func Headline(res rundir.Results, failed int) []string {
	if failed == 0 {
		return nil
	}
	correct := res.Counts[answer.Correct]
	graded := res.Samples - failed
	pct := func(a, b int) string {
		if b == 0 {
			return "n/a"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
	}
	return []string{
		fmt.Sprintf("accuracy: %s of the %d graded samples (%d correct); %s of all %d samples, counting the failed ones as not correct",
			pct(correct, graded), graded, correct, pct(correct, res.Samples), res.Samples),
		fmt.Sprintf("failed: %d samples got no reply (verdict error): run the same command again to send them again", failed),
	}
}
