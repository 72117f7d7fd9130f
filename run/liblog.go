package run

import (
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
type libraryLog struct {
	mu   sync.Mutex
	prev io.Writer // the standard logger's output before the first run
	runs map[*runLog]int
}

var libLog = &libraryLog{runs: map[*runLog]int{}}

// capture routes the standard logger to l's run.log until release is called.
func (ll *libraryLog) capture(l *runLog) (release func()) {
	ll.mu.Lock()
	if len(ll.runs) == 0 {
		ll.prev = log.Writer()
		log.SetOutput(ll)
	}
	ll.runs[l]++
	ll.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			ll.mu.Lock()
			defer ll.mu.Unlock()
			if ll.runs[l]--; ll.runs[l] == 0 {
				delete(ll.runs, l)
			}
			if len(ll.runs) == 0 {
				log.SetOutput(ll.prev)
				ll.prev = nil
			}
		})
	}
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
	line := append([]byte("library (net/http): "), p...)
	for l := range ll.runs {
		l.Write(line)
	}
	return len(p), nil
}
