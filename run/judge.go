package run

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/rundir"
)

// Judging (Config.Judge) happens after the model's replies are in: every
// graded reply of a benchmark with a rubric (bench.Judged) is sent to the
// judge backend, and the judge's reply, score and reason are stored in the
// sample record beside the verdict, which stays the primary score.
//
// Judge replies are journaled in judge.jsonl under a key that hashes the
// judge's canonical settings and the judge prompt (which holds the reply),
// so a resumed run, or the same run again with --judge added, sends only
// the judge requests not yet answered. Failed judge requests are not
// journaled (the next invocation asks again); a judge reply without a
// usable score is journaled and re-read with the current parser.

// judgeTask is one sample to judge.
type judgeTask struct {
	rec    *rundir.SampleRecord
	prompt bench.Prompt
	key    string
}

// judgeUnusableStop is the number of judge replies, all without a usable
// score, after which judging stops: the judge does not follow the rubric.
const judgeUnusableStop = 3

// judgeAll judges the records of recs that are not judged yet. It returns
// the number of judge requests sent and, when judging stopped before every
// reply had a usable score, why: an error no retry clears, or a judge
// whose replies so far all lack a usable score.
func (r *runner) judgeAll(ctx context.Context, dir string, recs []*rundir.SampleRecord) (int64, string, error) {
	cfg := r.cfg
	jb, ok := cfg.Bench.(bench.Judged)
	if !ok {
		r.warn(fmt.Sprintf("%s has no judge rubric: --judge ignored", cfg.Bench.Name()))
		return 0, "", nil
	}
	canon, err := json.Marshal(cfg.Judge.Canonical())
	if err != nil {
		return 0, "", fmt.Errorf("judge model settings: %v", err)
	}
	var tasks []judgeTask
	for _, rec := range recs {
		if rec == nil || rec.Verdict.Kind == answer.Error || rec.JudgeReply != "" || rec.JudgeScore != nil {
			continue // no reply to judge, or judged already
		}
		p, ok := jb.JudgePrompt(rec.Item, rec.Reply)
		if !ok {
			continue
		}
		pj, _ := json.Marshal(p)
		tasks = append(tasks, judgeTask{rec: rec, prompt: p, key: RequestKey(canon, pj, rec.Item.ID, rec.Index)})
	}
	if len(tasks) == 0 {
		return 0, "", nil
	}

	// Replies journaled by an earlier invocation.
	jpath := filepath.Join(dir, rundir.JudgeJournalFile)
	entries, warns, err := loadJournal(jpath)
	if err != nil {
		return 0, "", err
	}
	for _, w := range warns {
		r.warn(w)
	}
	done := make(map[string]*entry, len(entries))
	for k := range entries {
		if _, dup := done[entries[k].Key]; !dup {
			done[entries[k].Key] = &entries[k]
		}
	}
	js := &judgeState{}
	var pending []judgeTask
	for _, t := range tasks {
		if e, ok := done[t.key]; ok && e.ID == t.rec.Item.ID && e.Sample == t.rec.Index {
			js.count(applyJudge(jb, t.rec, e.Reply), t.rec.JudgeReason)
			continue
		}
		pending = append(pending, t)
	}
	if len(pending) == 0 {
		return 0, js.verdict(), nil
	}
	fmt.Fprintf(r.log, "matheval: judging %d samples with %s (%d from %s)\n", len(pending), cfg.Judge.Spec(), len(tasks)-len(pending), rundir.JudgeJournalFile)

	j, err := openJournal(jpath)
	if err != nil {
		return 0, "", err
	}
	servers := max(1, cfg.Judge.Servers())
	workers := min(len(pending), servers*cfg.Concurrency)
	var (
		next     atomic.Int64
		sent     atomic.Int64
		failOnce sync.Once
		failErr  error
		wg       sync.WaitGroup
	)
	jctx, cancel := context.WithCancel(ctx)
	defer cancel()
	js.cancel = cancel
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(pending) || jctx.Err() != nil {
					return
				}
				if err := r.judgeOne(jctx, jb, j, pending[i], i, servers, &sent, js); err != nil {
					failOnce.Do(func() { failErr = err })
					cancel()
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := j.close(); err != nil && failErr == nil {
		failErr = err
	}
	return sent.Load(), js.verdict(), failErr
}

// judgeState follows the judge's replies, to stop a judge that cannot work.
type judgeState struct {
	mu               sync.Mutex
	usable, unusable int
	firstReason      string
	stopped          string
	cancel           context.CancelFunc
}

// count adds one judge reply.
func (js *judgeState) count(usable bool, reason string) {
	js.mu.Lock()
	defer js.mu.Unlock()
	if usable {
		js.usable++
		return
	}
	js.unusable++
	if js.firstReason == "" {
		js.firstReason = reason
	}
	if js.usable == 0 && js.unusable >= judgeUnusableStop && js.stopped == "" {
		js.stopped = fmt.Sprintf("the judge's replies are unusable: the first %d had no usable score (%s)", js.unusable, js.firstReason)
		if js.cancel != nil {
			js.cancel()
		}
	}
}

// fatal stops judging at an error no retry clears.
func (js *judgeState) fatal(msg string) {
	js.mu.Lock()
	defer js.mu.Unlock()
	if js.stopped == "" {
		js.stopped = "the judge's server: " + msg
	}
	if js.cancel != nil {
		js.cancel()
	}
}

// verdict says why judging failed ("" when it did not).
func (js *judgeState) verdict() string {
	js.mu.Lock()
	defer js.mu.Unlock()
	if js.stopped != "" {
		return js.stopped
	}
	if js.usable == 0 && js.unusable > 0 {
		return fmt.Sprintf("none of the judge's %d replies had a usable score (%s)", js.unusable, js.firstReason)
	}
	return ""
}

// judgeOne sends one judge request with bounded retries and backoff (the
// run's --max-retries, --timeout and backoff settings), spreading the
// attempts over the judge's servers. Only a journal failure is an error.
func (r *runner) judgeOne(ctx context.Context, jb bench.Judged, j *journal, t judgeTask, i, servers int, sent *atomic.Int64, js *judgeState) error {
	cfg := r.cfg
	req := model.Request{Item: t.rec.Item, Prompt: t.prompt, Sample: 0, N: 1}
	adjusted := 0
	for attempt := 0; ; attempt++ {
		server := (i + attempt) % servers
		actx, cancel := context.WithTimeout(ctx, cfg.Timeout)
		t0 := time.Now()
		sent.Add(1)
		resp, err := cfg.Judge.Do(actx, server, req)
		lat := time.Since(t0)
		cancel()
		if err == nil && len(resp.Choices) == 0 {
			err = &model.Error{Retryable: true, Msg: "no reply in the judge's response"}
		}
		if err == nil {
			e := &entry{Key: t.key, ID: t.rec.Item.ID, Sample: t.rec.Index, Reply: resp.Choices[0].Reply,
				FinishReason: resp.Choices[0].FinishReason, Usage: resp.Usage,
				LatencyMS: float64(lat.Microseconds()) / 1000, ServerModel: resp.ServerModel, Retries: attempt}
			if err := j.append(e); err != nil {
				return err
			}
			js.count(applyJudge(jb, t.rec, e.Reply), t.rec.JudgeReason)
			return nil
		}
		if ctx.Err() != nil {
			return nil // interrupted: left unjudged, judged on the next invocation
		}
		me := model.AsError(err)
		switch {
		case errors.Is(me, model.ErrFatal):
			js.fatal(me.Msg)
			return nil
		case errors.Is(me, model.ErrAdjusted) && adjusted < maxAdjust:
			r.warnOnce("--judge: " + me.Msg)
			adjusted++
			attempt--
			continue
		}
		if !me.Retryable || attempt >= cfg.MaxRetries {
			t.rec.JudgeReason = "judge request failed after " + strconv.Itoa(attempt+1) + " attempt(s): " + me.Msg
			return nil
		}
		if sleep(ctx, backoff(attempt, cfg.BackoffBase, cfg.BackoffMax, me.RetryAfter)) != nil {
			return nil
		}
	}
}

// applyJudge stores the judge's reply in rec with the score read from it,
// and reports whether the reply had a usable score.
func applyJudge(jb bench.Judged, rec *rundir.SampleRecord, reply string) bool {
	rec.JudgeReply = reply
	rec.JudgeScore = nil
	score, reason, err := parseJudge(jb, rec.Item, reply)
	if err != nil {
		rec.JudgeReason = "judge reply without a usable score: " + err.Error()
		return false
	}
	rec.JudgeScore = &score
	rec.JudgeReason = reason
	return true
}

// parseJudge reads the judge's score, which must be in [0,1].
func parseJudge(jb bench.Judged, it bench.Item, reply string) (score float64, reason string, err error) {
	score, reason, err = jb.ParseJudge(it, reply)
	if err == nil && !(score >= 0 && score <= 1) {
		err = fmt.Errorf("score %g outside [0,1]", score)
	}
	return score, reason, err
}

// judgeMetrics adds the mean judge score over the judged samples to the
// summary (n: the judged samples).
func judgeMetrics(sum *bench.Summary, recs []*rundir.SampleRecord) {
	var scores []float64
	for _, rec := range recs {
		if rec.JudgeScore != nil {
			scores = append(scores, *rec.JudgeScore)
		}
	}
	if len(scores) == 0 {
		return
	}
	m := bench.Metric{Name: "judge_score", Label: "judge score", Unit: bench.Percent, Estimate: bench.EstimateOf(scores),
		Definition: "the mean score a judge model gave the replies with the benchmark's rubric (n: judged samples; the interval resamples samples)"}
	sum.Add(m)
}
