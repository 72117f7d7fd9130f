package run

import (
	"fmt"
	"io"
	"log"
	"sync"
)

// libraryLog takes the standard logger's output while runs are in
// progress. net/http's Transport has no logger of its own: it writes what
// it finds wrong with a server ("Unsolicited response received on idle
// HTTP channel", a body longer than its Content-Length) with log.Printf,
// which goes to stderr, in the middle of the progress bar, and is lost
// for the run. Routed here, each such line goes to the run.log of every
// run in progress (there is usually one), marked as the library's.
//
// A run captures from its start, before it has a directory: the server
// check (GET /models) is made first, so that a run that cannot succeed
// leaves nothing behind. Until the run's directory is its own (the lock
// taken and the manifest written), its lines are kept in memory (at most
// maxPendingLines); then they are written to run.log, before any later
// one. A run that stops before that has no run.log: its kept lines go to
// its warnings (Config.Log), marked, beside the error that stopped it.
type libraryLog struct {
	mu   sync.Mutex
	prev io.Writer // the standard logger's output before the first run
	runs map[*libCapture]bool
}

var libLog = &libraryLog{runs: map[*libCapture]bool{}}

// maxPendingLines bounds the lines one run keeps before its run.log exists.
const maxPendingLines = 100

// libPrefix marks a library's line in run.log.
const libPrefix = "library (net/http): "

// libCapture is one run's share of the standard logger's output.
type libCapture struct {
	ll      *libraryLog
	log     *runLog  // nil until attach: lines are kept in pending
	pending [][]byte // marked lines, before attach
	dropped int      // lines past maxPendingLines
	ended   bool
}

// begin routes the standard logger to a new capture until its end.
func (ll *libraryLog) begin() *libCapture {
	c := &libCapture{ll: ll}
	ll.mu.Lock()
	defer ll.mu.Unlock()
	if len(ll.runs) == 0 {
		ll.prev = log.Writer()
		log.SetOutput(ll)
	}
	ll.runs[c] = true
	return c
}

// attach writes the lines kept so far to l and sends the later ones there.
func (c *libCapture) attach(l *runLog) {
	c.ll.mu.Lock()
	defer c.ll.mu.Unlock()
	if c.ended || c.log != nil {
		return
	}
	c.log = l
	for _, p := range c.pending {
		l.Write(p)
	}
	if c.dropped > 0 {
		fmt.Fprintf(l, "%s%d more lines before the run directory existed were dropped\n", libPrefix, c.dropped)
	}
	c.pending, c.dropped = nil, 0
}

// end stops the capture. A capture never attached to a run.log writes its
// kept lines to fallback (the run's warnings), each one marked.
func (c *libCapture) end(fallback io.Writer) {
	c.ll.mu.Lock()
	defer c.ll.mu.Unlock()
	if c.ended {
		return
	}
	c.ended = true
	delete(c.ll.runs, c)
	if len(c.ll.runs) == 0 {
		log.SetOutput(c.ll.prev)
		c.ll.prev = nil
	}
	if c.log != nil || fallback == nil {
		return
	}
	for _, p := range c.pending {
		fallback.Write(append([]byte("matheval: "), p...))
	}
	if c.dropped > 0 {
		fmt.Fprintf(fallback, "matheval: %s%d more lines dropped\n", libPrefix, c.dropped)
	}
	c.pending = nil
}

func (ll *libraryLog) Write(p []byte) (int, error) {
	ll.mu.Lock()
	defer ll.mu.Unlock()
	if len(ll.runs) == 0 {
		if ll.prev != nil {
			return ll.prev.Write(p)
		}
		return len(p), nil
	}
	line := append([]byte(libPrefix), p...)
	if len(line) == 0 || line[len(line)-1] != '\n' {
		line = append(line, '\n')
	}
	for c := range ll.runs {
		switch {
		case c.log != nil:
			c.log.Write(line)
		case len(c.pending) < maxPendingLines:
			c.pending = append(c.pending, line)
		default:
			c.dropped++
		}
	}
	return len(p), nil
}
