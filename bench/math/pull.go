package math

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// The public homes of the data.
const (
	// DefaultURL is the MATH release of Hendrycks et al.: a tar of
	// MATH/{train,test}/<subject>/<n>.json (about 20 MB).
	DefaultURL = "https://people.eecs.berkeley.edu/~hendrycks/MATH.tar"
	// MATH500URL is MATH-500, PRM800K's 500-problem test subset (JSON Lines
	// with an answer field).
	MATH500URL = "https://raw.githubusercontent.com/openai/prm800k/main/prm800k/math_splits/test.jsonl"
)

// Limits on a download, so a wrong URL cannot fill the disk.
const (
	maxArchiveBytes = 1 << 30 // 1 GiB
	maxFileBytes    = 8 << 20 // one problem file
	maxFiles        = 100000
)

// PullOptions say what to fetch.
type PullOptions struct {
	URL        string       // the MATH tar (DefaultURL when empty)
	MATH500URL string       // MATH-500 (MATH500URL when empty)
	With500    bool         // also fetch MATH-500 into DIR/math500/test.jsonl
	Client     *http.Client // http.DefaultClient when nil
}

// PullResult says what was written.
type PullResult struct {
	Files   int    // problem files extracted
	Root    string // the MATH folder
	MATH500 string // the MATH-500 file, when fetched
}

// Pull downloads MATH into dir (dir/MATH/...) and checks the result loads.
func Pull(ctx context.Context, dir string, opts PullOptions) (PullResult, error) {
	url := opts.URL
	if url == "" {
		url = DefaultURL
	}
	client := opts.Client
	if client == nil {
		client = http.DefaultClient
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return PullResult{}, err
	}
	body, err := get(ctx, client, url)
	if err != nil {
		return PullResult{}, err
	}
	n, err := extractTar(body, dir)
	body.Close()
	if err != nil {
		return PullResult{}, fmt.Errorf("%s: %v", url, err)
	}
	res := PullResult{Files: n, Root: filepath.Join(dir, "MATH")}
	if !isDir(filepath.Join(res.Root, "test")) {
		return res, fmt.Errorf("%s: the archive has no MATH/test folder", url)
	}
	if opts.With500 {
		u := opts.MATH500URL
		if u == "" {
			u = MATH500URL
		}
		b, err := get(ctx, client, u)
		if err != nil {
			return res, err
		}
		defer b.Close()
		res.MATH500 = filepath.Join(dir, "math500", "test.jsonl")
		if err := os.MkdirAll(filepath.Dir(res.MATH500), 0o755); err != nil {
			return res, err
		}
		if err := writeLimited(res.MATH500, b, maxArchiveBytes); err != nil {
			return res, fmt.Errorf("%s: %v", u, err)
		}
	}
	return res, nil
}

func get(ctx context.Context, client *http.Client, url string) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("%s: HTTP %s", url, resp.Status)
	}
	return resp.Body, nil
}

// extractTar writes the archive's regular files under dir, refusing paths
// that would leave it; a gzip-compressed tar is recognised by its magic bytes.
func extractTar(r io.Reader, dir string) (int, error) {
	br := bufio.NewReader(io.LimitReader(r, maxArchiveBytes))
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return 0, err
		}
		defer gz.Close()
		br = bufio.NewReader(gz)
	}
	tr := tar.NewReader(br)
	n := 0
	root, err := filepath.Abs(dir)
	if err != nil {
		return 0, err
	}
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return n, fmt.Errorf("reading the archive: %v", err)
		}
		name := filepath.Clean(filepath.FromSlash(h.Name))
		if filepath.IsAbs(name) || name == ".." || strings.HasPrefix(name, ".."+string(filepath.Separator)) {
			return n, fmt.Errorf("unsafe path %q in the archive", h.Name)
		}
		if base := filepath.Base(name); strings.HasPrefix(base, "._") {
			continue // macOS resource forks that some tars carry
		}
		dst := filepath.Join(root, name)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return n, err
			}
		case tar.TypeReg:
			if n++; n > maxFiles {
				return n, fmt.Errorf("more than %d files", maxFiles)
			}
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return n, err
			}
			if err := writeLimited(dst, tr, maxFileBytes); err != nil {
				return n, fmt.Errorf("%s: %v", h.Name, err)
			}
		}
	}
	return n, nil
}

func writeLimited(path string, r io.Reader, limit int64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w, err := io.Copy(f, io.LimitReader(r, limit+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && w > limit {
		err = fmt.Errorf("larger than %d bytes", limit)
	}
	return err
}
