package amps

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// textKey is a 128-bit hash of a problem text (the first half of its
// SHA-256): what the generation keeps of a text to recognise a repeat. Two
// distinct texts share a key with probability about 2^-128 per pair, far
// below one in a generation of billions.
type textKey [2]uint64

func hashText(s string) textKey {
	sum := sha256.Sum256([]byte(s))
	return textKey{binary.LittleEndian.Uint64(sum[0:8]), binary.LittleEndian.Uint64(sum[8:16])}
}

// hashSet is a set of text keys: 16 bytes a text instead of the text.
type hashSet struct{ m map[textKey]struct{} }

func newHashSet() *hashSet { return &hashSet{m: map[textKey]struct{}{}} }

func (h *hashSet) has(k textKey) bool { _, ok := h.m[k]; return ok }
func (h *hashSet) add(k textKey)      { h.m[k] = struct{}{} }

// crossSet holds the 64-bit hashes of every problem text written so far
// (spaces normalised, as data check compares them), to count the texts a
// module repeats from the modules before it. 64 bits suffice for a count:
// among 5 million texts the chance of any collision is under 10^-6.
type crossSet struct{ m map[uint64]struct{} }

func newCrossSet() *crossSet { return &crossSet{m: map[uint64]struct{}{}} }

func crossKey(problem string) uint64 {
	return hashText(strings.Join(strings.Fields(problem), " "))[0]
}

// addKeys counts the keys already in the set (written by earlier modules),
// then adds them all.
func (c *crossSet) addKeys(keys []uint64) int {
	n := 0
	for _, k := range keys {
		if _, ok := c.m[k]; ok {
			n++
		}
	}
	for _, k := range keys {
		c.m[k] = struct{}{}
	}
	return n
}

// addModule is addKeys over a module's records.
func (c *crossSet) addModule(recs []Record) int {
	keys := make([]uint64, len(recs))
	for i, r := range recs {
		keys[i] = crossKey(r.Problem)
	}
	return c.addKeys(keys)
}

// spoolMemory is how many bytes of a module's output a spool holds in
// memory before it moves them to a temporary file (a variable for tests).
var spoolMemory = 1 << 20

// spoolFiles counts the spools moved to files (for tests).
var spoolFiles atomic.Int64

// spool holds one module's JSON Lines while a module before it is being
// written: in memory up to spoolMemory bytes, in a temporary file beyond.
// When the module's turn comes (attach), what it holds is written out and
// the module's further output goes straight to the output.
type spool struct {
	mu     sync.Mutex
	dir    string
	buf    bytes.Buffer
	file   *os.File
	direct io.Writer // set by attach
	keys   []uint64  // crossKey of each record, in order
}

func (s *spool) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.direct != nil {
		return s.direct.Write(p)
	}
	if s.file == nil && s.buf.Len()+len(p) > spoolMemory {
		f, err := os.CreateTemp(s.dir, "amps-spool-*.jsonl")
		if err != nil {
			return 0, fmt.Errorf("amps: spool: %w", err)
		}
		s.file = f
		spoolFiles.Add(1)
		if _, err := f.Write(s.buf.Bytes()); err != nil {
			return 0, fmt.Errorf("amps: spool: %w", err)
		}
		s.buf = bytes.Buffer{}
	}
	if s.file != nil {
		return s.file.Write(p)
	}
	return s.buf.Write(p)
}

// attach writes what the spool holds to w and sends the rest of the
// module's output to w directly.
func (s *spool) attach(w io.Writer) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.direct = w
	if s.file == nil {
		_, err := w.Write(s.buf.Bytes())
		s.buf = bytes.Buffer{}
		return err
	}
	defer s.removeFile()
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, s.file)
	return err
}

func (s *spool) removeFile() {
	if s.file != nil {
		name := s.file.Name()
		s.file.Close()
		os.Remove(name)
		s.file = nil
	}
}

// close frees the spool and removes its file.
func (s *spool) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf = bytes.Buffer{}
	s.keys = nil
	s.removeFile()
}

// GenerateTo is Generate writing the records to w as JSON Lines (the bytes
// WriteJSONL writes for Generate's records) as they are generated, in
// memory bounded independently of the output's size. Modules run
// opts.Workers at a time, started in catalogue order, no more than
// 2*Workers ahead of the one being written; that one writes straight to
// w, and each one after it into a spool (1 MiB in memory, a temporary file
// in dir beyond; dir "" is the system's) that is written out when its turn
// comes. Repeats are found through 16-byte hashes of the texts (per
// module) and 8-byte ones (across modules, counted in CrossRepeats), never
// the texts.
func GenerateTo(ctx context.Context, w io.Writer, dir string, opts Options) (Stats, error) {
	mods, split, err := checkOptions(opts)
	if err != nil {
		return Stats{}, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		st       ModuleStats
		err      error
		launched bool // the module held a place in the window
	}
	done := make([]chan result, len(mods))
	spools := make([]*spool, len(mods))
	for i := range done {
		done[i] = make(chan result, 1)
		spools[i] = &spool{dir: dir}
	}
	window := make(chan struct{}, 2*workers)
	sem := make(chan struct{}, workers)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the launcher: modules in order, within the window
		defer wg.Done()
		for i, m := range mods {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				for j := i; j < len(mods); j++ {
					done[j] <- result{err: ctx.Err()}
				}
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				sp := spools[i]
				bw := &jsonlWriter{w: sp}
				st, err := generateModule(ctx, m, opts, split, func(r Record) error {
					sp.keys = append(sp.keys, crossKey(r.Problem))
					return bw.write(r)
				})
				if err == nil {
					err = bw.flush()
				}
				done[i] <- result{st, err, true}
			}()
		}
	}()
	var st Stats
	cross := newCrossSet()
	var firstErr error
	fail := func(err error) {
		if firstErr == nil {
			firstErr = err
			cancel()
		}
	}
	for i := range mods {
		sp := spools[i]
		if firstErr == nil {
			if err := sp.attach(w); err != nil {
				fail(fmt.Errorf("amps: writing module %s: %w", mods[i].Name, err))
			}
		}
		res := <-done[i]
		if res.err != nil {
			fail(fmt.Errorf("amps: module %s: %w", mods[i].Name, res.err))
		}
		if firstErr == nil {
			res.st.CrossRepeats = cross.addKeys(sp.keys)
			st.add(res.st)
		}
		sp.close()
		if res.launched {
			<-window
		}
	}
	wg.Wait()
	return st, firstErr
}

// jsonlWriter encodes records as WriteJSONL does, buffered.
type jsonlWriter struct {
	w   io.Writer
	buf bytes.Buffer
	enc *json.Encoder
}

func (j *jsonlWriter) write(r Record) error {
	if j.enc == nil {
		j.enc = json.NewEncoder(&j.buf)
		j.enc.SetEscapeHTML(false)
	}
	if err := j.enc.Encode(r); err != nil {
		return err
	}
	if j.buf.Len() >= 64<<10 {
		return j.flush()
	}
	return nil
}

func (j *jsonlWriter) flush() error {
	if j.buf.Len() == 0 {
		return nil
	}
	_, err := j.w.Write(j.buf.Bytes())
	j.buf.Reset()
	return err
}
