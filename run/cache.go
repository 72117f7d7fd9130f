package run

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/matheval/matheval/jsonl"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/rundir"
)

// The request cache is shared by runs: one append-only JSON Lines file
// (Config.Cache) of journal entries, each under its cache key - the hash of
// the servers the request goes to (their base URLs, sorted: two servers
// serving the same model name under the same name are not the same model)
// and the request's RequestKey (the backend's canonical settings: model,
// API route, every sampling parameter; the rendered prompt; the item id
// and the sample index). A run first takes the replies of its own journal,
// then asks the cache for the rest, and writes every new reply to both; so
// `--limit 10` followed by the whole benchmark sends only the new
// requests, and a run with another temperature or against another server
// has other keys and sends its own. The journal's keys leave the servers
// out (a run directory resumes against a restarted server on another
// port); the cache's do not, so a pool of replicas is one cache scope.
//
// Durability and sharing: each record is one write(2) on a file opened
// O_APPEND, of "\n" + JSON + "\n", followed by fsync. A killed writer leaves
// at most one torn line, which the next record's leading newline closes
// off and every reader skips; blank lines are skipped too. Runs in parallel
// may append to the same file (each write lands whole at the end); the
// first record of a key wins. Readers need no lock. A record that does
// not decode is skipped with one warning: its request is sent again.
//
// Compaction is explicit: CompactCache (matheval cache compact FILE)
// rewrites the file with the first record of each key only, dropping
// duplicates (two runs that sent the same request at once) and torn
// lines, and replaces it atomically (a temporary file, fsync, rename). It
// is never done on open: nothing in the file goes stale by itself (a key
// is an exact request), and a rewrite while a run appends would lose that
// run's records. So runs hold a shared flock on the file while they
// append, and compaction takes the exclusive one without waiting, refusing
// while any run writes; a run that opens the file during a compaction
// waits for it and then appends to the new file.
//
// Built-in and replay backends are never cached: their replies cost
// nothing and come from matheval's own code, which may change.
type requestCache struct {
	path string
	mu   sync.Mutex
	f    *os.File
	err  error // the first write error (the run goes on without the cache)
	buf  bytes.Buffer
}

// cacheable says whether a backend's replies go through the cache.
func cacheable(spec string) bool {
	return !strings.HasPrefix(spec, "builtin:") && !strings.HasPrefix(spec, "replay:")
}

// lookupCache reads the cache file at path and returns the entries whose
// keys are wanted (the first of each key). A missing file is an empty
// cache. Undecodable lines are counted, not fatal.
func lookupCache(path string, want map[string]bool) (map[string]entry, int, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	found := map[string]entry{}
	bad := 0
	rd := jsonl.NewReader(f, path)
	for {
		line, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return found, bad, nil
		}
		var je *jsonl.Error
		if errors.As(err, &je) && errors.Is(err, jsonl.ErrLineTooLong) {
			bad++
			continue
		}
		if err != nil {
			return found, bad, err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		// The key first, so that the rest of a line nobody wants is not decoded.
		var k struct {
			Key string `json:"key"`
		}
		if json.Unmarshal(line, &k) != nil || k.Key == "" {
			bad++
			continue
		}
		if !want[k.Key] {
			continue
		}
		if _, dup := found[k.Key]; dup {
			continue
		}
		var e entry
		if json.Unmarshal(line, &e) != nil {
			bad++
			continue
		}
		found[k.Key] = e
	}
}

// openCache opens the cache file for appending, creating it and its
// folder, and holds a shared lock on it (see CompactCache) until close.
func openCache(path string) (*requestCache, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	for range 10 {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, err
		}
		if err := rundir.LockFileShared(f); err != nil {
			f.Close()
			return nil, err
		}
		// A compaction that held the file until now has replaced it:
		// append to the file at the path, not to the one it left.
		fi, err1 := f.Stat()
		pi, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(fi, pi) {
			return &requestCache{path: path, f: f}, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("%s: the file keeps changing under us", path)
}

// add appends e to the cache and syncs it. A failed write is returned once
// and turns the cache off for the rest of the run; the run's own journal
// still has the reply.
func (c *requestCache) add(e *entry) error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil || c.f == nil {
		return nil
	}
	c.buf.Reset()
	c.buf.WriteByte('\n')
	enc := json.NewEncoder(&c.buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
		return nil // an entry that does not encode is not cached
	}
	if _, err := c.f.Write(c.buf.Bytes()); err != nil {
		c.err = fmt.Errorf("request cache %s: %v (the run goes on without it)", c.path, err)
		return c.err
	}
	if err := c.f.Sync(); err != nil {
		c.err = fmt.Errorf("request cache %s: %v (the run goes on without it)", c.path, err)
		return c.err
	}
	return nil
}

func (c *requestCache) close() {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.f != nil {
		c.f.Close() // releases the shared lock
		c.f = nil
	}
}

// fromCache takes from the shared cache the replies the run's journal
// lacks, copies them into the journal (the run directory stays complete on
// its own) and opens the cache for the replies to come.
func (r *runner) fromCache() error {
	cfg := r.cfg
	if cfg.Cache == "" || !cacheable(cfg.Backend.Spec()) {
		return nil
	}
	r.cacheScope = cacheScope(cfg.Backend)
	want := map[string]bool{}
	for i := range r.keys {
		for s, k := range r.keys[i] {
			if r.recs[i][s] == nil {
				want[r.cacheKey(k)] = true
			}
		}
	}
	found, bad, err := lookupCache(cfg.Cache, want)
	if err != nil {
		return fmt.Errorf("request cache: %v (--no-cache runs without it)", err)
	}
	if bad > 0 {
		r.warn(fmt.Sprintf("%s: %d records that do not decode (a writer killed mid-record): skipped (matheval cache compact %s drops them)", cfg.Cache, bad, cfg.Cache))
	}
	if len(found) > 0 {
		j, err := openJournal(filepath.Join(r.rep.Dir, rundir.JournalFile))
		if err != nil {
			return err
		}
		for i := range r.keys {
			for s, k := range r.keys[i] {
				e, ok := found[r.cacheKey(k)]
				if !ok || r.recs[i][s] != nil || e.ID != r.items[i].ID || e.Sample != s {
					continue
				}
				// Paid for by the run that sent it: this run spends nothing on it.
				e.Key = k // the journal's key
				e.Cost = 0
				e.Notes = append(e.Notes, noteCached)
				if err := j.append(&e); err != nil {
					j.close()
					return err
				}
				r.recs[i][s] = r.record(i, s, &e)
				r.rep.Cached++
				r.rep.Resumed++
				if r.recs[i][s].Verdict.IsCorrect() {
					r.resumedCorrect++
				}
			}
		}
		if err := j.close(); err != nil {
			return err
		}
		fmt.Fprintf(r.log, "matheval: %d replies from the request cache %s\n", r.rep.Cached, cfg.Cache)
	}
	c, err := openCache(cfg.Cache)
	if err != nil {
		return fmt.Errorf("request cache: %v (--no-cache runs without it)", err)
	}
	r.cache = c
	return nil
}

// toCache records a new reply in the shared cache; a failure is a warning.
func (r *runner) toCache(e *entry) {
	if r.cache == nil {
		return
	}
	c := *e
	c.Key = r.cacheKey(e.Key)
	if err := r.cache.add(&c); err != nil {
		r.warnOnce(err.Error())
	}
}

// cacheScope names the servers a backend sends to: their base URLs
// (credentials removed), sorted and without repeats; "" for a backend
// that names none.
func cacheScope(b model.Backend) string {
	ml, ok := b.(model.ModelLister)
	if !ok {
		return ""
	}
	var urls []string
	for i := range b.Servers() {
		urls = append(urls, ml.ServerURL(i))
	}
	sort.Strings(urls)
	return strings.Join(slices.Compact(urls), "\n")
}

// CacheKey is the request cache's key of a request: its RequestKey within
// scope, the servers it is sent to (base URLs, sorted, one a line).
func CacheKey(scope, requestKey string) string {
	return hashStrings("matheval request cache", scope, requestKey)
}

func (r *runner) cacheKey(requestKey string) string { return CacheKey(r.cacheScope, requestKey) }
