package run

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/matheval/matheval/jsonl"
	"github.com/matheval/matheval/rundir"
)

// ErrCacheBusy is returned (wrapped) by CompactCache while a run holds
// the cache open.
var ErrCacheBusy = errors.New("request cache in use")

// CacheStats is what CompactCache did.
type CacheStats struct {
	Kept       int   // records kept: the first of each key
	Duplicates int   // later records of a key already kept
	Bad        int   // lines that do not decode (torn by a killed writer, too long)
	Before     int64 // the file's size before, in bytes
	After      int64 // and after
}

// CompactCache rewrites the request cache at path with the first record of
// each key only, in their order, dropping duplicates and lines that do not
// decode; it replaces the file atomically (a temporary file beside it,
// fsync, rename), so a crash leaves the old file or the new one whole. It
// refuses (ErrCacheBusy) while a run holds the file. Kept records are
// copied byte for byte.
func CompactCache(path string) (CacheStats, error) {
	var st CacheStats
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return st, err
	}
	defer f.Close()
	held, err := rundir.TryLockFile(f)
	if err != nil {
		return st, fmt.Errorf("%s: %v", path, err)
	}
	if !held {
		return st, fmt.Errorf("%w: %s is open in a run; compact it when no run uses it", ErrCacheBusy, path)
	}
	fi, err := f.Stat()
	if err != nil {
		return st, err
	}
	st.Before = fi.Size()
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".compact-*")
	if err != nil {
		return st, err
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	w := bufio.NewWriter(tmp)
	seen := map[string]bool{}
	rd := jsonl.NewReader(f, path)
	for {
		line, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		var je *jsonl.Error
		if errors.As(err, &je) && errors.Is(err, jsonl.ErrLineTooLong) {
			st.Bad++
			continue
		}
		if err != nil {
			return st, err
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var e entry
		if json.Unmarshal(line, &e) != nil || e.Key == "" {
			st.Bad++
			continue
		}
		if seen[e.Key] {
			st.Duplicates++
			continue
		}
		seen[e.Key] = true
		st.Kept++
		w.Write(line)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		return st, err
	}
	if err := tmp.Sync(); err != nil {
		return st, err
	}
	if fi, err := tmp.Stat(); err == nil {
		st.After = fi.Size()
	}
	if err := tmp.Chmod(fi.Mode().Perm()); err != nil {
		return st, err
	}
	if err := tmp.Close(); err != nil {
		return st, err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return st, err
	}
	done = true
	if d, err := os.Open(filepath.Dir(path)); err == nil { // the rename itself durable
		d.Sync()
		d.Close()
	}
	return st, nil
}
