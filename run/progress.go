package run

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Progress modes.
const (
	ProgressAuto = "auto" // a bar on a terminal, log lines otherwise
	ProgressBar  = "bar"
	ProgressLog  = "log"
	ProgressOff  = "off"
)

// progress counts samples as they finish and shows them: a bar on a
// terminal, or a plain line every interval when the output is a file or a
// pipe (a CI log, nohup), where a bar's carriage returns would be noise.
type progress struct {
	total    int64
	start    time.Time
	resumed  int64
	done     atomic.Int64
	errors   atomic.Int64
	correct  atomic.Int64
	w        io.Writer
	bar      *progressbar.ProgressBar
	every    time.Duration
	stop     chan struct{}
	finished sync.WaitGroup
	once     sync.Once
	// spend, when set, says what the run has spent and its --max-cost cap
	// (0: none); ok is false when the model has no price.
	spend func() (spent, limit float64, ok bool)
	// first is when the first sample of this process finished: the rate
	// counts from the first reply, not from the start (which includes the
	// server check and the first request's latency).
	first atomic.Int64
}

func newProgress(w io.Writer, mode string, every time.Duration, total, resumed, resumedCorrect, resumedErrors int,
	spend func() (spent, limit float64, ok bool)) *progress {
	p := &progress{total: int64(total), start: time.Now(), resumed: int64(resumed), w: w, every: every, stop: make(chan struct{}),
		spend: spend}
	p.done.Store(int64(resumed))
	p.correct.Store(int64(resumedCorrect))
	p.errors.Store(int64(resumedErrors))
	if w == nil || mode == ProgressOff {
		p.w = nil
		return p
	}
	if mode == ProgressAuto {
		mode = ProgressLog
		if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			mode = ProgressBar
		}
	}
	if p.every <= 0 {
		p.every = 10 * time.Second
	}
	if mode == ProgressBar {
		p.bar = progressbar.NewOptions64(p.total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionSetWidth(30),
		)
		_ = p.bar.Set64(int64(resumed))
		p.every = 500 * time.Millisecond
	}
	p.finished.Add(1)
	go p.loop()
	return p
}

// add records one finished sample.
func (p *progress) add(correct, failed bool) {
	p.first.CompareAndSwap(0, time.Now().UnixNano())
	p.done.Add(1)
	if correct {
		p.correct.Add(1)
	}
	if failed {
		p.errors.Add(1)
	}
	if p.bar != nil {
		_ = p.bar.Add(1)
	}
}

// rate is samples per second since the first reply of this process: after
// one reply it is that reply's count over its wait from the start; then
// (done-1) over the time since the first.
func (p *progress) rate(now time.Time) float64 {
	n := p.done.Load() - p.resumed
	f := p.first.Load()
	switch {
	case n <= 0 || f == 0:
		return 0
	case n == 1:
		if el := now.Sub(p.start).Seconds(); el > 0 {
			return 1 / el
		}
		return 0
	}
	if el := now.Sub(time.Unix(0, f)).Seconds(); el > 0 {
		return float64(n-1) / el
	}
	return 0
}

// rateText writes a rate in the unit that reads best.
func rateText(r float64) string {
	switch {
	case r <= 0:
		return "rate n/a"
	case r >= 1:
		return fmt.Sprintf("%.1f samples/s", r)
	case r*60 >= 1:
		return fmt.Sprintf("%.1f samples/min", r*60)
	}
	return fmt.Sprintf("%.1f samples/h", r*3600)
}

// spendText says the spend so far, against the cap when there is one.
func (p *progress) spendText() string {
	if p.spend == nil {
		return ""
	}
	spent, limit, ok := p.spend()
	switch {
	case !ok:
		return ""
	case limit > 0:
		return fmt.Sprintf(", $%.4g of $%.4g (%.0f%%)", spent, limit, 100*spent/limit)
	}
	return fmt.Sprintf(", $%.4g spent", spent)
}

func (p *progress) status() string {
	done := p.done.Load()
	rate := p.rate(time.Now())
	eta := "?"
	if rate > 0 {
		eta = (time.Duration(float64(p.total-done)/rate) * time.Second).Round(time.Second).String()
	}
	acc := 0.0
	if done > 0 {
		acc = 100 * float64(p.correct.Load()) / float64(done)
	}
	return fmt.Sprintf("%d/%d done, %s, ETA %s, %d errors, accuracy %.1f%%%s", done, p.total, rateText(rate), eta, p.errors.Load(), acc, p.spendText())
}

func (p *progress) loop() {
	defer p.finished.Done()
	t := time.NewTicker(p.every)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			if p.bar != nil {
				p.bar.Describe(fmt.Sprintf("%s, err %d, acc %.1f%%%s", rateText(p.rate(time.Now())), p.errors.Load(),
					100*float64(p.correct.Load())/float64(max(1, p.done.Load())), p.spendText()))
			} else {
				fmt.Fprintf(p.w, "%s matheval: %s\n", time.Now().UTC().Format("15:04:05"), p.status())
			}
		}
	}
}

func (p *progress) close() {
	p.once.Do(func() {
		close(p.stop)
		p.finished.Wait()
		if p.bar != nil {
			_ = p.bar.Finish()
			fmt.Fprintln(p.w)
		}
		if p.w != nil {
			fmt.Fprintf(p.w, "matheval: %s\n", p.status())
		}
	})
}
