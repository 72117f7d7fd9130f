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
}

func newProgress(w io.Writer, mode string, every time.Duration, total, resumed, resumedCorrect, resumedErrors int) *progress {
	p := &progress{total: int64(total), start: time.Now(), resumed: int64(resumed), w: w, every: every, stop: make(chan struct{})}
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
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("samples"),
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

func (p *progress) status() string {
	done := p.done.Load()
	el := time.Since(p.start).Seconds()
	rate := 0.0
	if el > 0 {
		rate = float64(done-p.resumed) / el
	}
	eta := "?"
	if rate > 0 {
		eta = (time.Duration(float64(p.total-done)/rate) * time.Second).Round(time.Second).String()
	}
	acc := 0.0
	if done > 0 {
		acc = 100 * float64(p.correct.Load()) / float64(done)
	}
	return fmt.Sprintf("%d/%d done, %.1f/s, ETA %s, %d errors, accuracy %.1f%%", done, p.total, rate, eta, p.errors.Load(), acc)
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
				p.bar.Describe(fmt.Sprintf("err %d, acc %.1f%%", p.errors.Load(), 100*float64(p.correct.Load())/float64(max(1, p.done.Load()))))
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
