package hardmath

import (
	"archive/tar"
	"compress/gzip"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// The authors' archive carries their own summary of the stored scores,
// test_accuracy_summary.csv: one row per paper type (and "overall", weighted
// 129/63/54/120), one column per <model>_<n>shot. It is the paper's
// evaluation table (GPT-4 5-shot overall 43.77, the abstract's "43.8%";
// Fan et al. 2024, arXiv:2410.09988), so paper mode is compared with it.

// AuthorsSummaryFile is the summary's file name in the archive.
const AuthorsSummaryFile = "test_accuracy_summary.csv"

// AuthorsSummary holds the summary's figures as fractions, by "model/shots"
// (models named as the response files name them: gpt4, gpt3.5, ...) and
// category (PaperCategory's names, and "overall").
type AuthorsSummary map[string]map[string]float64

// summaryColumnRe reads a column name: gpt4turbo_5shot.
var summaryColumnRe = regexp.MustCompile(`^(.+)_(\d+)shot$`)

// summaryModel maps the summary's model names to the response files'.
var summaryModel = map[string]string{"gpt4turbo": "gpt4", "gpt3.5turbo": "gpt3.5"}

// summaryCategory maps the summary's row names to PaperCategory's.
var summaryCategory = map[string]string{"overall": "overall", "nondimensionalization": "nondimensionalization",
	"root_finding": "roots", "ode": "ode", "integral": "integral"}

// ReadAuthorsSummary reads test_accuracy_summary.csv from the archives or
// folders given to grade-responses (the first that has one). It returns
// nil and no error where none has it.
func ReadAuthorsSummary(paths []string) (AuthorsSummary, error) {
	for _, p := range paths {
		data, where, err := findSummary(p)
		if err != nil {
			return nil, err
		}
		if data != nil {
			return parseAuthorsSummary(where, data)
		}
	}
	return nil, nil
}

// findSummary returns the summary's bytes from a folder or .tar.gz, or nil.
func findSummary(p string) ([]byte, string, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, "", err
	}
	if st.IsDir() {
		f := filepath.Join(p, AuthorsSummaryFile)
		data, err := os.ReadFile(f)
		if errors.Is(err, os.ErrNotExist) {
			return nil, "", nil
		}
		return data, f, err
	}
	if !strings.HasSuffix(p, ".tar.gz") && !strings.HasSuffix(p, ".tgz") {
		return nil, "", nil
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %v", p, err)
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil, "", nil
		}
		if err != nil {
			return nil, "", fmt.Errorf("%s: %v", p, err)
		}
		if h.Typeflag != tar.TypeReg || filepath.Base(h.Name) != AuthorsSummaryFile {
			continue
		}
		const max = 1 << 20
		data, err := io.ReadAll(io.LimitReader(tr, max+1))
		if err != nil {
			return nil, "", fmt.Errorf("%s: %s: %v", p, h.Name, err)
		}
		if len(data) > max {
			return nil, "", fmt.Errorf("%s: %s: more than %d bytes", p, h.Name, max)
		}
		return data, p + ":" + h.Name, nil
	}
}

// parseAuthorsSummary reads the CSV; an empty cell is a figure the authors
// did not compute (the combination is absent from the map), a cell that is
// not a number is an error naming its line and column.
func parseAuthorsSummary(where string, data []byte) (AuthorsSummary, error) {
	rows, err := csv.NewReader(strings.NewReader(string(data))).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	if len(rows) < 2 || len(rows[0]) < 3 || rows[0][0] != "problem_type" {
		return nil, fmt.Errorf("%s: not the authors' summary (want a header problem_type,problem_num,<model>_<n>shot,...)", where)
	}
	out := AuthorsSummary{}
	for i, row := range rows[1:] {
		cat, ok := summaryCategory[row[0]]
		if !ok {
			return nil, fmt.Errorf("%s:%d: unknown problem type %q", where, i+2, row[0])
		}
		for j := 2; j < len(row) && j < len(rows[0]); j++ {
			cell := strings.TrimSpace(row[j])
			if cell == "" {
				continue
			}
			m := summaryColumnRe.FindStringSubmatch(rows[0][j])
			if m == nil {
				return nil, fmt.Errorf("%s:1: column %d %q is not <model>_<n>shot", where, j+1, rows[0][j])
			}
			v, err := strconv.ParseFloat(cell, 64)
			if err != nil || v < 0 || v > 100 {
				return nil, fmt.Errorf("%s:%d: column %s: %q is not a percentage", where, i+2, rows[0][j], cell)
			}
			model := m[1]
			if n, ok := summaryModel[model]; ok {
				model = n
			}
			k := model + "/" + m[2]
			if out[k] == nil {
				out[k] = map[string]float64{}
			}
			out[k][cat] = v / 100
		}
	}
	return out, nil
}

// SetAuthorsSummary sets the summary's figures beside the paper-shaped
// table's rows (PaperRow.Published, PublishedOverall).
func (rep *AgreementReport) SetAuthorsSummary(s AuthorsSummary) {
	for i := range rep.Paper {
		r := &rep.Paper[i]
		f, ok := s[fmt.Sprintf("%s/%d", r.Model, r.Shots)]
		if !ok {
			continue
		}
		r.Published = f
	}
}
