package hardmath

import (
	"archive/tar"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
)

// This file reads the HARDMath authors' stored model responses
// (sarahmart/HARDMath @ 7c4885c : evaluation/results/responses/<type>/
// <type>_<n>shot_<model>.json, written by evaluation/generate_response_and_
// score.py): one JSON object per file, keyed by problem id, each value
// holding "prompt", "response" and the authors' "score" (a GPT-4o judge's
// boxed grade, or sympy's 0/1 for nondimensionalization, with
// "extracted_answer" and "model_answer"), plus "grade_prompt" and
// "grade_response" for judged types. The files are read as they are, from
// the release's .tar.gz, from a folder, or one by one.

// StoredResponse is one model response with the authors' grade.
type StoredResponse struct {
	// File is the response file's path inside the archive or folder.
	File string `json:"file"`
	// Key is the problem id in that file (its numbering is the older
	// 436-item file's or HARDMath-mini's, depending on the model).
	Key string `json:"key"`
	// Kind is the file's problem type as the authors name it: polynomial_roots,
	// ode, laplace_integral, traditional_integral,
	// nondimensionalization_symbolic, nondimensionalization_numeric.
	Kind  string `json:"kind"`
	Model string `json:"model"`
	Shots int    `json:"shots"`
	// Prompt and Response are the model's input and output.
	Prompt   string `json:"-"`
	Response string `json:"-"`
	// Score is the authors' grade; HasScore is false when the file holds
	// none or one that is not a number.
	Score    float64 `json:"score"`
	HasScore bool    `json:"has_score"`
	// GradePrompt is the judge's prompt (it holds the ground-truth solution
	// the judge was shown); GradeResponse is the judge's reply.
	GradePrompt   string `json:"-"`
	GradeResponse string `json:"-"`
}

// Question returns the question the response answers: the text after the
// prompt's last "Question: " up to its hint or "Solution:".
func (r StoredResponse) Question() string {
	return questionOfPrompt(r.Prompt)
}

func questionOfPrompt(p string) string {
	i := strings.LastIndex(p, "Question: ")
	if i < 0 {
		return ""
	}
	q := p[i+len("Question: "):]
	cut := len(q)
	for _, m := range []string{"\nHint:", "\nSolution:"} {
		if j := strings.Index(q, m); j >= 0 && j < cut {
			cut = j
		}
	}
	return strings.TrimSpace(q[:cut])
}

var responseFileRe = regexp.MustCompile(`^(.+)_(\d+)shot_(.+)\.json$`)

// responseFileName splits "ode_5shot_gpt4.json" into its kind, shots and
// model; ok is false for other names.
func responseFileName(name string) (kind string, shots int, model string, ok bool) {
	m := responseFileRe.FindStringSubmatch(path.Base(name))
	if m == nil {
		return "", 0, "", false
	}
	n, err := strconv.Atoi(m[2])
	if err != nil {
		return "", 0, "", false
	}
	return m[1], n, m[3], true
}

// KindType maps the authors' file kinds to question types and subtypes.
func KindType(kind string) (qtype, subtype string, ok bool) {
	switch kind {
	case "polynomial_roots":
		return TypeRoots, "", true
	case "ode":
		return TypeODE, "", true
	case "laplace_integral":
		return TypeIntegral, "laplace", true
	case "traditional_integral":
		return TypeIntegral, "traditional", true
	case "nondimensionalization_symbolic":
		return TypeNondimSymbolic, "", true
	case "nondimensionalization_numeric":
		return TypeNondimNumeric, "", true
	}
	return "", "", false
}

// maxResponseFile bounds one response file (the largest released one is
// under 3 MB).
const maxResponseFile = 64 << 20

// ReadResponses reads stored responses from each path: a .tar.gz or .tgz
// archive, a folder (searched recursively), or one JSON file. Files whose
// names are not <kind>_<n>shot_<model>.json (the archive's summary CSV,
// .DS_Store) are skipped.
func ReadResponses(paths []string) ([]StoredResponse, error) {
	var out []StoredResponse
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		var rs []StoredResponse
		switch {
		case st.IsDir():
			rs, err = readResponseDir(p)
		case strings.HasSuffix(p, ".tar.gz") || strings.HasSuffix(p, ".tgz"):
			rs, err = readResponseArchive(p)
		default:
			var data []byte
			data, err = os.ReadFile(p)
			if err == nil {
				rs, err = parseResponseFile(p, data)
			}
		}
		if err != nil {
			return nil, err
		}
		out = append(out, rs...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no <type>_<n>shot_<model>.json response files found", strings.Join(paths, ", "))
	}
	return out, nil
}

func readResponseDir(dir string) ([]StoredResponse, error) {
	var out []StoredResponse
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if _, _, _, ok := responseFileName(p); !ok {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rs, err := parseResponseFile(p, data)
		out = append(out, rs...)
		return err
	})
	return out, err
}

func readResponseArchive(p string) ([]StoredResponse, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p, err)
	}
	tr := tar.NewReader(zr)
	var out []StoredResponse
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		if _, _, _, ok := responseFileName(h.Name); !ok {
			continue
		}
		if h.Size > maxResponseFile {
			return nil, fmt.Errorf("%s: %s: %d bytes, more than the %d a response file may have", p, h.Name, h.Size, maxResponseFile)
		}
		data, err := io.ReadAll(io.LimitReader(tr, maxResponseFile))
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", p, h.Name, err)
		}
		rs, err := parseResponseFile(p+":"+strings.TrimPrefix(h.Name, "./"), data)
		if err != nil {
			return nil, err
		}
		out = append(out, rs...)
	}
	return out, nil
}

// parseResponseFile reads one response file named where.
func parseResponseFile(where string, data []byte) ([]StoredResponse, error) {
	kind, shots, model, ok := responseFileName(where)
	if !ok {
		return nil, fmt.Errorf("%s: file name is not <type>_<n>shot_<model>.json", where)
	}
	if _, _, ok := KindType(kind); !ok {
		return nil, fmt.Errorf("%s: unknown problem type %q in the file name", where, kind)
	}
	var raw map[string]struct {
		Prompt        string          `json:"prompt"`
		Response      *string         `json:"response"`
		Score         json.RawMessage `json:"score"`
		GradePrompt   string          `json:"grade_prompt"`
		GradeResponse string          `json:"grade_response"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: not a JSON object of responses keyed by problem id: %v", where, err)
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return bench.IntLess(keys[i], keys[j]) })
	out := make([]StoredResponse, 0, len(keys))
	for _, k := range keys {
		v := raw[k]
		r := StoredResponse{File: where, Key: k, Kind: kind, Model: model, Shots: shots,
			Prompt: v.Prompt, GradePrompt: v.GradePrompt, GradeResponse: v.GradeResponse}
		if v.Response != nil {
			r.Response = *v.Response
		}
		r.Score, r.HasScore = storedScore(v.Score)
		out = append(out, r)
	}
	return out, nil
}

// storedScore reads the authors' score: a JSON number, or a string holding
// one (the judge's boxed text as extracted); anything else is no score.
func storedScore(raw json.RawMessage) (float64, bool) {
	if t := strings.TrimSpace(string(raw)); t == "" || t == "null" {
		return 0, false
	}
	var f float64
	if json.Unmarshal(raw, &f) == nil {
		return f, f >= 0 && f <= 1
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err == nil && f >= 0 && f <= 1 {
			return f, true
		}
	}
	return 0, false
}

// normQuestion is the form questions are matched in: runs of white space
// made one space.
func normQuestion(q string) string { return strings.Join(strings.Fields(q), " ") }

// Catalog finds HARDMath rows by question text across data files with
// different numberings.
type Catalog struct {
	byQuestion map[string]catalogEntry
	Files      []string
}

type catalogEntry struct {
	file string
	row  KeyedRow
}

// NewCatalog reads the data files; a question found in several files is
// taken from the first that has it.
func NewCatalog(files ...string) (*Catalog, error) {
	c := &Catalog{byQuestion: map[string]catalogEntry{}}
	for _, f := range files {
		rows, _, err := ReadFile(f)
		if err != nil {
			return nil, err
		}
		c.Files = append(c.Files, f)
		for _, kr := range rows {
			q := normQuestion(kr.Row.Question)
			if _, ok := c.byQuestion[q]; !ok {
				c.byQuestion[q] = catalogEntry{f, kr}
			}
		}
	}
	return c, nil
}

// Lookup returns the row whose question is q (white space aside) and the
// file it came from.
func (c *Catalog) Lookup(q string) (KeyedRow, string, bool) {
	e, ok := c.byQuestion[normQuestion(q)]
	return e.row, e.file, ok
}

// DefaultCatalogFiles lists the data files beside the first response path
// that a catalog should read: the older 436-item file most responses are
// numbered against and HARDMath-mini.
func DefaultCatalogFiles(responsePath string) []string {
	dir := responsePath
	if st, err := os.Stat(responsePath); err != nil || !st.IsDir() {
		dir = filepath.Dir(responsePath)
	}
	var out []string
	for _, pat := range []string{"eval_HARDMath*.json", "HARDMath_mini.json"} {
		m, _ := filepath.Glob(filepath.Join(dir, pat))
		sort.Strings(m)
		out = append(out, m...)
	}
	return out
}
