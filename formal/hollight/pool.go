package hollight

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Pool keeps n warm sessions and hands them out one check at a time. A
// session that crashed or timed out is replaced in the background by a
// fresh one (which loads the core again: minutes).
type Pool struct {
	cfg Config
	n   int

	ctx    context.Context
	cancel context.CancelFunc
	free   chan *Session

	mu        sync.Mutex
	all       map[*Session]bool
	starting  int
	lastErr   error // the last failed start
	restarts  int
	loadTimes []time.Duration
	sandbox   string
	closed    bool
	wg        sync.WaitGroup
}

// NewPool returns a pool of n sessions (at least one); none is started.
func NewPool(cfg Config, n int) *Pool {
	cfg.defaults()
	n = max(1, n)
	ctx, cancel := context.WithCancel(context.Background())
	return &Pool{cfg: cfg, n: n, ctx: ctx, cancel: cancel, free: make(chan *Session, n), all: map[*Session]bool{}}
}

// Start starts the first session and waits for it (so that a HOL Light
// that cannot start is one clear error), then starts the others in the
// background.
func (p *Pool) Start(ctx context.Context) error {
	if err := Prerequisites(p.cfg); err != nil {
		return err
	}
	// Close stops this start too.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(p.ctx, cancel)()
	s, err := Start(ctx, p.cfg)
	if err != nil {
		return err
	}
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		s.Close()
		return errors.New("pool closed")
	}
	p.all[s] = true
	p.loadTimes = append(p.loadTimes, s.LoadTime)
	p.sandbox = s.Sandbox
	p.mu.Unlock()
	p.free <- s
	for i := 1; i < p.n; i++ {
		p.spawn(false)
	}
	return nil
}

// spawn starts one session in the background.
func (p *Pool) spawn(restart bool) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.starting++
	if restart {
		p.restarts++
	}
	p.wg.Add(1)
	p.mu.Unlock()
	go func() {
		defer p.wg.Done()
		cfg := p.cfg
		cfg.Progress = nil // the first start shows its progress; these load in the background
		s, err := Start(p.ctx, cfg)
		p.mu.Lock()
		defer p.mu.Unlock()
		p.starting--
		if err != nil {
			p.lastErr = err
			if p.cfg.Log != nil && p.ctx.Err() == nil {
				p.cfg.Log("HOL Light session failed to start: %v", err)
			}
			return
		}
		if p.closed {
			s.Close()
			return
		}
		p.all[s] = true
		p.loadTimes = append(p.loadTimes, s.LoadTime)
		p.sandbox = s.Sandbox
		p.free <- s
	}()
}

// acquire waits for a live session.
func (p *Pool) acquire(ctx context.Context) (*Session, error) {
	for {
		p.mu.Lock()
		if p.closed {
			p.mu.Unlock()
			return nil, errors.New("HOL Light pool closed")
		}
		if len(p.all) == 0 && p.starting == 0 {
			// Nothing running and nothing coming: start one, or say why
			// the last start failed.
			if p.lastErr != nil {
				err := p.lastErr
				p.mu.Unlock()
				return nil, fmt.Errorf("no HOL Light session: %v", err)
			}
			p.mu.Unlock()
			p.spawn(false)
			continue
		}
		p.mu.Unlock()
		select {
		case s := <-p.free:
			if s.Alive() {
				return s, nil
			}
			p.drop(s)
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
			// Look again: a start may have failed meanwhile.
		}
	}
}

// release gives a session back; a dead one is replaced.
func (p *Pool) release(s *Session) {
	if s.Alive() {
		p.free <- s
		return
	}
	p.drop(s)
	p.spawn(true)
}

func (p *Pool) drop(s *Session) {
	s.Close()
	p.mu.Lock()
	delete(p.all, s)
	p.mu.Unlock()
}

// Check parses candidate (see ParseTactic) and proves goal with it.
func (p *Pool) Check(ctx context.Context, goal, candidate string, timeout time.Duration) Verdict {
	start := time.Now()
	tac, err := ParseTactic(candidate)
	if err != nil {
		return Verdict{Stage: "parse", Reason: "not accepted by the tactic language: " + err.Error(), Elapsed: time.Since(start)}
	}
	return p.CheckTactic(ctx, goal, tac, timeout)
}

// CheckTactic proves goal with a parsed tactic.
func (p *Pool) CheckTactic(ctx context.Context, goal string, tac *Tactic, timeout time.Duration) Verdict {
	start := time.Now()
	s, err := p.acquire(ctx)
	if err != nil {
		return Verdict{Stage: "unavailable", Reason: err.Error(), Elapsed: time.Since(start)}
	}
	defer p.release(s)
	return s.Check(ctx, goal, tac, timeout)
}

// Validate checks official statements (see Session.Validate) on one
// session; the error is set when no session could answer.
func (p *Pool) Validate(ctx context.Context, goals []string) ([]Validation, error) {
	out := make([]Validation, len(goals))
	s, err := p.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { p.release(s) }()
	for i, g := range goals {
		v, err := s.Validate(ctx, g)
		if err != nil {
			return nil, fmt.Errorf("validating statement %d: %v", i+1, err)
		}
		out[i] = v
	}
	return out, nil
}

// PoolStats describes a pool's sessions.
type PoolStats struct {
	Sessions  int             // sessions asked for
	Restarts  int             // sessions started again after a crash or timeout
	LoadTimes []time.Duration // core and library load time of each session started
	Sandbox   string
}

// Stats returns the pool's figures so far.
func (p *Pool) Stats() PoolStats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return PoolStats{Sessions: p.n, Restarts: p.restarts, LoadTimes: append([]time.Duration(nil), p.loadTimes...), Sandbox: p.sandbox}
}

// Close ends every session, and any start in progress.
func (p *Pool) Close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	sessions := make([]*Session, 0, len(p.all))
	for s := range p.all {
		sessions = append(sessions, s)
	}
	p.mu.Unlock()
	p.cancel()
	for _, s := range sessions {
		s.Close()
	}
	p.wg.Wait()
}
