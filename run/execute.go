package run

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/rundir"
)

// sameWayStop is the number of requests failed for good, all the same way
// and with no success at all, after which the run stops: the next ones
// would fail that way too.
const sameWayStop = 3

// rateLimitRetries bounds the attempts of one request that a 429 may
// end (a rate limit passes: those attempts do not count against
// --max-retries, but they are not endless either).
const rateLimitRetries = 50

// maxAdjust bounds the immediate resends of one request after the client
// adapted to a rejected parameter.
const maxAdjust = 4

// execute sends the planned requests with the workers of every server.
func (r *runner) execute() error {
	cfg := r.cfg
	r.q = newQueue(r.units)
	var err error
	r.j, err = openJournal(filepath.Join(r.rep.Dir, rundir.JournalFile))
	if err != nil {
		return err
	}
	r.prog = newProgress(cfg.Progress, cfg.ProgressMode, cfg.LogEvery, len(r.items)*cfg.Samples, r.rep.Resumed, r.resumedCorrect, 0, r.spendSoFar)
	servers := max(1, cfg.Backend.Servers())
	r.rpm = make([]*bucket, servers)
	r.tpm = make([]*bucket, servers)
	for s := range servers {
		r.rpm[s] = newBucket(cfg.RPM)
		r.tpm[s] = newBucket(cfg.TPM)
	}
	r.pool = newPool(servers, cfg.Concurrency)
	stopWake := r.pool.wake(r.ctx)
	stopCostWake := context.AfterFunc(r.ctx, r.wakeCost)
	defer stopCostWake()
	var wg sync.WaitGroup
	for range servers * cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.worker()
		}()
	}
	wg.Wait()
	stopWake()
	r.prog.close()
	jerr := r.j.close()
	r.rep.Requests = r.sent.Load()
	if r.fatal != nil {
		return r.fatal
	}
	return jerr
}

func (r *runner) worker() {
	for {
		u, ok := r.q.pop()
		if !ok {
			return
		}
		if r.ctx.Err() == nil && !r.stopping.Load() {
			r.do(u)
		}
		r.q.done()
	}
}

// do makes one unit's request, retrying as the failure allows. Each
// attempt takes a slot on a server of the pool, so a retry may go to
// another server; the backoff is waited without holding a slot.
func (r *runner) do(u unit) {
	if u.n > 1 && u.n > r.cfg.Backend.MaxN() {
		r.split(u) // the server refused n > 1 since this unit was planned
		return
	}
	req := model.Request{Item: r.items[u.item], Prompt: r.prompts[u.item], Sample: u.sample, N: u.n}
	var failedOn []bool // the servers this request failed on
	adjusted, limited := 0, 0
	for attempt := 0; ; attempt++ {
		reserve, ok := r.takeRequest(u)
		if !ok {
			return
		}
		server, err := r.pool.acquire(r.ctx, failedOn)
		if err != nil {
			r.settle(reserve, 0)
			return
		}
		if r.rpm[server].acquire(r.ctx, 1, 1) != nil || r.tpm[server].acquire(r.ctx, 0, 0) != nil {
			r.pool.release(server, false, 0)
			r.settle(reserve, 0)
			return
		}
		actx, cancel := context.WithTimeout(r.ctx, r.cfg.Timeout)
		t0 := time.Now()
		resp, err := r.cfg.Backend.Do(actx, server, req)
		lat := time.Since(t0)
		cancel()
		if err == nil && len(resp.Choices) == 0 {
			err = &model.Error{Retryable: true, Msg: "no reply in the response"}
		}
		if err == nil {
			r.pool.served(server)
			r.pool.release(server, false, 0)
			// Kept even when the run is stopping: it is paid for.
			r.tpm[server].charge(float64(resp.Usage.PromptTokens + resp.Usage.CompletionTokens))
			r.accept(u, resp, lat, attempt, reserve)
			return
		}
		r.settle(reserve, 0)
		if r.ctx.Err() != nil {
			r.pool.release(server, false, 0)
			return // interrupted: in flight, not failed
		}
		me := model.AsError(err)
		switch {
		case errors.Is(me, model.ErrNRefused):
			r.pool.release(server, false, 0)
			r.warnOnce(me.Msg)
			r.split(u)
			return
		case errors.Is(me, model.ErrAdjusted) && adjusted < maxAdjust:
			r.pool.release(server, false, 0)
			r.warnOnce(me.Msg)
			adjusted++
			attempt--
			continue
		case errors.Is(me, model.ErrFatal):
			// No retry clears it and every request would meet it: stop, and
			// leave this request unrecorded, so that the same command sends
			// it again once the cause is fixed.
			r.pool.release(server, false, 0)
			r.stop(me.Msg, continueFixed)
			return
		}
		if me.Status == 429 && me.Retryable && limited < rateLimitRetries {
			// A rate limit: the server is paused for every worker, and
			// this request waits for the pause in acquire, as the others
			// do. It costs no retry of --max-retries.
			r.pool.rateLimit(server, me.RetryAfter, r.cfg.BackoffBase, r.cfg.BackoffMax)
			r.pool.release(server, false, 0)
			limited++
			attempt--
			continue
		}
		wait := backoff(attempt, r.cfg.BackoffBase, r.cfg.BackoffMax, me.RetryAfter)
		r.pool.release(server, me.Retryable, wait)
		if !me.Retryable || attempt >= r.cfg.MaxRetries {
			r.failed(u, me, attempt)
			return
		}
		if failedOn == nil {
			failedOn = make([]bool, len(r.rpm))
		}
		failedOn[server] = true
		if sleep(r.ctx, wait) != nil {
			return
		}
	}
}

// split asks for the samples of u one by one.
func (r *runner) split(u unit) {
	for s := u.sample; s < u.sample+u.n; s++ {
		r.q.push(unit{item: u.item, sample: s, n: 1})
	}
}

// accept journals, grades and records the replies of a response.
func (r *runner) accept(u unit, resp model.Response, lat time.Duration, retries int, reserve float64) {
	r.okCount.Add(1)
	got := min(len(resp.Choices), u.n)
	total := 0.0
	for j := range got {
		ch := resp.Choices[j]
		s := u.sample + j
		e := &entry{
			Key: r.keys[u.item][s], ID: r.items[u.item].ID, Sample: s,
			Reply: ch.Reply, Reasoning: ch.Reasoning, FinishReason: ch.FinishReason, Logprobs: ch.Logprobs,
			Usage: shareUsage(resp.Usage, j, got), LatencyMS: float64(lat.Microseconds()) / 1000,
			ServerModel: resp.ServerModel, Retries: retries, Notes: ch.Notes,
		}
		if r.priced {
			e.Cost = r.price.Cost(e.Usage)
		}
		total += e.Cost
		if err := r.j.append(e); err != nil {
			r.settle(reserve, total)
			r.fail(err)
			return
		}
		r.toCache(e)
		rec := r.record(u.item, s, e)
		r.recs[u.item][s] = rec
		r.prog.add(rec.Verdict.IsCorrect(), false)
	}
	r.settle(reserve, total)
	// A server that ignores n returns one choice: ask for the rest one by one.
	for s := u.sample + got; s < u.sample+u.n; s++ {
		r.q.push(unit{item: u.item, sample: s, n: 1})
	}
}

// shareUsage splits a response's usage over its choices: the prompt was
// read once, so its tokens go to the first choice; completion tokens are
// shared evenly (the API reports only the total). Sums stay exact.
func shareUsage(u rundir.Usage, j, n int) rundir.Usage {
	if n <= 1 {
		return u
	}
	part := func(total int) int {
		p := total / n
		if j == 0 {
			p += total % n
		}
		return p
	}
	out := rundir.Usage{CompletionTokens: part(u.CompletionTokens), ReasoningTokens: part(u.ReasoningTokens)}
	if j == 0 {
		out.PromptTokens = u.PromptTokens
		out.CachedTokens = u.CachedTokens
	}
	return out
}

// failed records the samples of a request that failed for good: verdict
// error, no reply. When every request so far failed the same way, the run
// stops: the rest would too.
func (r *runner) failed(u unit, err *model.Error, retries int) {
	for s := u.sample; s < u.sample+u.n; s++ {
		it := r.items[u.item]
		r.recs[u.item][s] = &rundir.SampleRecord{
			Sample: bench.Sample{Item: it, Index: s, Confidence: -1,
				Verdict: answer.Verdict{Kind: answer.Error, Reason: "request failed after " + strconv.Itoa(retries+1) + " attempt(s): " + err.Msg}},
			Prompt: r.prompts[u.item], Retries: retries, Error: err.Msg,
		}
		r.prog.add(false, true)
	}
	sig := signature(err)
	r.failMu.Lock()
	r.failN++
	r.failSigs[sig]++
	same := r.okCount.Load() == 0 && r.failN >= sameWayStop && r.failSigs[sig] == r.failN
	n := r.failN
	r.failMu.Unlock()
	if same {
		r.stop(fmt.Sprintf("every request so far failed the same way (%d of %d, none succeeded): %s", n, n, err.Msg), continueFixed)
	}
}

var (
	urlRE    = regexp.MustCompile(`https?://\S+`)
	digitsRE = regexp.MustCompile(`[0-9]+`)
)

// signature is what makes two failures "the same": the status and the
// message without its URLs and numbers (ports, ids, byte counts).
func signature(e *model.Error) string {
	return strconv.Itoa(e.Status) + " " + digitsRE.ReplaceAllString(urlRE.ReplaceAllString(e.Msg, "URL"), "N")
}

// How a stopped run continues (Report.Continue), by what stopped it.
const (
	// continueSame: an interrupt, --max-requests (a cap per invocation),
	// a failure of our own.
	continueSame = "Run the same command again to continue."
	// continueFixed: a failure no retry clears, which the same command
	// meets again until its cause is fixed.
	continueFixed = "Fix that, then run the same command again to continue."
	// continueCost: --max-cost counts what every invocation of the run has
	// spent, so the same cap stops the same command again at once; it is
	// not part of the run's configuration, so a higher one continues it.
	continueCost = "--max-cost counts the run's spending over all its invocations: run the same command with a higher --max-cost to continue."
)

// stop ends the sending of new requests; how says how the same run
// continues (continueSame, ...). Requests in flight finish and are kept:
// they are paid for. (An interrupt, through the parent context, abandons
// them instead.)
func (r *runner) stop(why, how string) {
	r.stopOnce.Do(func() {
		r.stopWhy.Store(why)
		r.stopHow.Store(how)
		r.stopping.Store(true)
	})
	r.wakeCost()
}

// wakeCost makes the requests waiting for room under --max-cost look again.
func (r *runner) wakeCost() {
	r.costMu.Lock()
	r.costCond.Broadcast()
	r.costMu.Unlock()
}

func (r *runner) fail(err error) {
	r.fatalOnce.Do(func() { r.fatal = err })
	r.stop("fatal error", continueSame)
	r.cancel()
}

// takeRequest counts one attempt against --max-requests and reserves its
// worst-case cost against --max-cost; false: do not send it.
func (r *runner) takeRequest(u unit) (reserve float64, ok bool) {
	if r.stopping.Load() {
		return 0, false
	}
	if r.cfg.MaxCost > 0 && r.priced {
		reserve = r.worstCost(u)
		r.costMu.Lock()
		for {
			if r.stopping.Load() || r.ctx.Err() != nil {
				r.costMu.Unlock()
				return 0, false
			}
			if r.spent+r.reserved+reserve <= r.cfg.MaxCost {
				r.reserved += reserve
				r.held++
				break
			}
			if r.held == 0 {
				// Nothing in flight can free room: the next request does
				// not fit, and the run ends within its cost of the cap.
				spent := r.spent
				r.costMu.Unlock()
				r.stop(fmt.Sprintf("--max-cost %g reached: $%.4g spent, and the next request could cost up to $%.4g", r.cfg.MaxCost, spent, reserve), continueCost)
				return 0, false
			}
			// The requests in flight are held at their worst case and
			// mostly cost less: wait for them before deciding.
			r.costCond.Wait()
		}
		r.costMu.Unlock()
	}
	if r.cfg.MaxRequests <= 0 {
		r.sent.Add(1)
		return reserve, true
	}
	for {
		n := r.sent.Load()
		if n >= int64(r.cfg.MaxRequests) {
			r.settle(reserve, 0)
			r.stop(fmt.Sprintf("--max-requests %d reached", r.cfg.MaxRequests), continueSame)
			return 0, false
		}
		if r.sent.CompareAndSwap(n, n+1) {
			return reserve, true
		}
	}
}

// settle replaces a request's reservation by what it cost.
func (r *runner) settle(reserve, cost float64) {
	if reserve == 0 && cost == 0 {
		return
	}
	r.costMu.Lock()
	r.reserved -= reserve
	if reserve > 0 {
		r.held--
	}
	if r.held == 0 {
		r.reserved = 0 // no rounding left over from the sums
	}
	r.spent += cost
	r.costCond.Broadcast()
	r.costMu.Unlock()
}

// worstCost is the most unit's request can cost: every byte of the prompt
// a token (no tokenizer makes more tokens than bytes; a few more for the
// chat template), and every reply at the token limit.
func (r *runner) worstCost(u unit) float64 {
	p := r.prompts[u.item]
	promptTokens := len(p.Text) + 16
	for _, m := range p.Messages {
		promptTokens += len(m.Content) + 8
	}
	limit := r.replyTokens(u.item)
	return r.price.Cost(rundir.Usage{PromptTokens: promptTokens, CompletionTokens: limit * u.n})
}

// spendSoFar is what the progress line shows of the cost: spent so far, the
// --max-cost cap, and whether the model has a price at all.
func (r *runner) spendSoFar() (spent, limit float64, ok bool) {
	r.costMu.Lock()
	defer r.costMu.Unlock()
	return r.spent, r.cfg.MaxCost, r.priced
}
