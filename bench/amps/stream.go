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
var spoolMemory = 8 << 20

// spool holds one module's JSON Lines until the modules before it are
// written: in memory up to spoolMemory bytes, in a temporary file beyond.
type spool struct {
	dir  string
	buf  bytes.Buffer
	file *os.File
	keys []uint64 // crossKey of each record, in order
}

func (s *spool) Write(p []byte) (int, error) {
	if s.file == nil && s.buf.Len()+len(p) > spoolMemory {
		f, err := os.CreateTemp(s.dir, "amps-spool-*.jsonl")
		if err != nil {
			return 0, fmt.Errorf("amps: spool: %w", err)
		}
		s.file = f
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

// copyTo writes the spool's bytes to w.
func (s *spool) copyTo(w io.Writer) error {
	if s.file == nil {
		_, err := w.Write(s.buf.Bytes())
		return err
	}
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, s.file)
	return err
}

// close frees the spool and removes its file.
func (s *spool) close() {
	s.buf = bytes.Buffer{}
	s.keys = nil
	if s.file != nil {
		name := s.file.Name()
		s.file.Close()
		os.Remove(name)
		s.file = nil
	}
}

// GenerateTo is Generate writing the records to w as JSON Lines (the bytes
// WriteJSONL writes for Generate's records) as they are generated, in
// memory bounded independently of the output's size: modules run
// opts.Workers at a time, each into a spool (8 MiB in memory, a temporary
// file in dir beyond; dir "" is the system's), written out in catalogue
// order as soon as the modules before it are; no more than 2*Workers
// modules are started ahead of the one being written. Repeats are found
// through 16-byte hashes of the texts (per module) and 8-byte ones (across
// modules, counted in CrossRepeats), never the texts.
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
		sp       *spool
		st       ModuleStats
		err      error
		launched bool // the module held a place in the window
	}
	done := make([]chan result, len(mods))
	for i := range done {
		done[i] = make(chan result, 1)
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
				sp := &spool{dir: dir}
				bw := &jsonlWriter{w: sp}
				st, err := generateModule(ctx, m, opts, split, func(r Record) error {
					sp.keys = append(sp.keys, crossKey(r.Problem))
					return bw.write(r)
				})
				if err == nil {
					err = bw.flush()
				}
				done[i] <- result{sp, st, err, true}
			}()
		}
	}()
	var st Stats
	cross := newCrossSet()
	var firstErr error
	for i := range mods {
		res := <-done[i]
		if firstErr == nil {
			switch {
			case res.err != nil:
				firstErr = fmt.Errorf("amps: module %s: %w", mods[i].Name, res.err)
			default:
				if err := res.sp.copyTo(w); err != nil {
					firstErr = fmt.Errorf("amps: writing module %s: %w", mods[i].Name, err)
					break
				}
				res.st.CrossRepeats = cross.addKeys(res.sp.keys)
				st.add(res.st)
			}
			if firstErr != nil {
				cancel()
			}
		}
		if res.sp != nil {
			res.sp.close()
		}
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
