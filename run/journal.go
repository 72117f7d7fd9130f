package run

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/jsonl"
	"github.com/matheval/matheval/rundir"
)

// entry is one line of the journal: one reply as it arrived. Failed
// requests are not journaled, so a resumed run asks for them again.
type entry struct {
	Key          string               `json:"key"` // hash of the canonical request
	ID           string               `json:"id"`
	Sample       int                  `json:"sample"`
	Reply        string               `json:"reply"`
	Reasoning    string               `json:"reasoning,omitempty"`
	FinishReason string               `json:"finish_reason,omitempty"`
	Logprobs     []bench.TokenLogprob `json:"logprobs,omitempty"`
	Usage        rundir.Usage         `json:"usage"`
	LatencyMS    float64              `json:"latency_ms"`
	ServerModel  string               `json:"server_model,omitempty"`
	Retries      int                  `json:"retries,omitempty"`
	Cost         float64              `json:"cost,omitempty"`
	// Notes are what the client noticed about the reply (model.Choice.Notes).
	Notes []string `json:"notes,omitempty"`
}

// journal is the append-only record of replies.
//
// Durability policy: each entry is written with one write(2) on a file
// opened O_APPEND as soon as its response arrives, so the kernel has it
// the moment the call returns and a killed process (kill -9, a crash, an
// out-of-memory kill) loses nothing that was written. fsync, which only
// matters if the machine itself goes down, runs at most once a second in the
// background and at close: a power cut loses at most the last second of
// replies, and the run stays fast (fsync per reply would cap a run at the
// disk's flush rate).
type journal struct {
	mu     sync.Mutex
	f      *os.File
	dirty  bool
	err    error
	stop   chan struct{}
	done   chan struct{}
	buf    bytes.Buffer
	closed bool
}

// loadJournal reads the journal at path. A last line without its newline is
// the trace of a crash in mid-write: it is cut off the file (so the next
// append starts a fresh line) and ignored. A malformed line elsewhere is
// reported and skipped; its request is simply sent again.
func loadJournal(path string) (entries []entry, warnings []string, err error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	if n := len(b); n > 0 && b[n-1] != '\n' {
		cut := bytes.LastIndexByte(b, '\n') + 1
		warnings = append(warnings, fmt.Sprintf("%s: last line cut short (%d bytes, a crash in mid-write): dropped", path, n-cut))
		if err := os.Truncate(path, int64(cut)); err != nil {
			return nil, nil, fmt.Errorf("%s: cutting the torn last line: %v", path, err)
		}
		b = b[:cut]
	}
	rd := jsonl.NewReader(bytes.NewReader(b), path)
	for {
		l, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return entries, warnings, nil
		}
		if errors.Is(err, jsonl.ErrLineTooLong) {
			warnings = append(warnings, err.Error()+": line skipped")
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		var e entry
		if err := json.Unmarshal(l, &e); err != nil || e.Key == "" {
			if err == nil {
				err = fmt.Errorf("no key")
			}
			warnings = append(warnings, fmt.Sprintf("%s:%d: %v: line skipped", path, rd.Line(), err))
			continue
		}
		entries = append(entries, e)
	}
}

func openJournal(path string) (*journal, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	j := &journal{f: f, stop: make(chan struct{}), done: make(chan struct{})}
	go j.syncLoop()
	return j, nil
}

func (j *journal) syncLoop() {
	defer close(j.done)
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-j.stop:
			return
		case <-t.C:
			j.mu.Lock()
			if j.dirty && j.err == nil {
				j.dirty = false
				if err := j.f.Sync(); err != nil {
					j.err = err
				}
			}
			j.mu.Unlock()
		}
	}
}

// append writes e as one line with a single write.
func (j *journal) append(e *entry) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.err != nil {
		return j.err
	}
	if j.closed {
		return fmt.Errorf("journal closed")
	}
	j.buf.Reset()
	enc := json.NewEncoder(&j.buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil { // Encode ends the line with '\n'
		return err
	}
	if _, err := j.f.Write(j.buf.Bytes()); err != nil {
		j.err = fmt.Errorf("writing the journal: %v", err)
		return j.err
	}
	j.dirty = true
	return nil
}

func (j *journal) close() error {
	j.mu.Lock()
	if j.closed {
		j.mu.Unlock()
		return j.err
	}
	j.closed = true
	j.mu.Unlock()
	close(j.stop)
	<-j.done
	j.mu.Lock()
	defer j.mu.Unlock()
	err := j.f.Sync()
	if cerr := j.f.Close(); err == nil {
		err = cerr
	}
	if j.err != nil {
		return j.err
	}
	return err
}
