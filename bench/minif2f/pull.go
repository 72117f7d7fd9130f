package minif2f

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// SetMMURL is where set.mm is fetched from: the raw file at a git ref
// (branch, tag or commit) of the Metamath project's repository.
const SetMMURL = "https://raw.githubusercontent.com/metamath/set.mm/%s/set.mm"

// maxSetMMBytes bounds a downloaded set.mm (about 45 MB in 2024).
const maxSetMMBytes = 512 << 20

var refRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$`)

// PullSetMM downloads set.mm at ref (a commit of github.com/metamath/set.mm,
// a tag, or a branch such as develop) into dir/set.mm, checks that it reads
// as a Metamath database, and returns its date and hash. url, when not
// empty, is the URL pattern to use instead of SetMMURL (one %s: the ref).
func PullSetMM(ctx context.Context, dir, ref, url string, client *http.Client) (SetMMInfo, error) {
	if !refRE.MatchString(ref) || strings.Contains(ref, "..") {
		return SetMMInfo{}, fmt.Errorf("--commit %q: want a commit hash, tag or branch of github.com/metamath/set.mm", ref)
	}
	if url == "" {
		url = SetMMURL
	}
	if strings.Count(url, "%s") != 1 {
		return SetMMInfo{}, fmt.Errorf("--url %q: want a pattern with one %%s for the commit", url)
	}
	if client == nil {
		client = http.DefaultClient
	}
	src := fmt.Sprintf(url, ref)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, src, nil)
	if err != nil {
		return SetMMInfo{}, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return SetMMInfo{}, fmt.Errorf("%s: %v", src, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return SetMMInfo{}, fmt.Errorf("%s: HTTP %s (is %q a commit of metamath/set.mm?)", src, resp.Status, ref)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return SetMMInfo{}, err
	}
	tmp, err := os.CreateTemp(dir, ".set.mm.*")
	if err != nil {
		return SetMMInfo{}, err
	}
	defer os.Remove(tmp.Name())
	n, err := io.Copy(tmp, io.LimitReader(resp.Body, maxSetMMBytes+1))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return SetMMInfo{}, fmt.Errorf("%s: %v", src, err)
	}
	if n > maxSetMMBytes {
		return SetMMInfo{}, fmt.Errorf("%s: more than %d bytes: not set.mm", src, maxSetMMBytes)
	}
	// It must read as a database (declarations checked, proofs trusted)
	// before it replaces anything.
	if _, err := NewChecker(tmp.Name(), false); err != nil {
		return SetMMInfo{}, fmt.Errorf("%s: the download is not a usable set.mm: %v", src, err)
	}
	dst := filepath.Join(dir, "set.mm")
	if err := os.Rename(tmp.Name(), dst); err != nil {
		return SetMMInfo{}, err
	}
	return ReadSetMMInfo(dst)
}
