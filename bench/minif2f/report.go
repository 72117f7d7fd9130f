package minif2f

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/matheval/matheval/stats"
)

// Candidate is one proof attempt for a problem.
type Candidate struct {
	Name  string // problem name
	Split string // optional: restricts the candidate to one split
	Text  string // Metamath text
	From  string // where it was read (file or file:line)
}

// LoadCandidates reads candidates from a folder (NAME.mm, or NAME/*.mm for
// several per problem) or a JSONL file with lines {"name": ..., "proof":
// ...} (optionally "split"; repeated names give several candidates).
func LoadCandidates(path string) ([]Candidate, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return loadJSONL(path)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	var out []Candidate
	for _, e := range entries {
		full := filepath.Join(path, e.Name())
		if e.IsDir() {
			files, _ := filepath.Glob(filepath.Join(full, "*.mm"))
			sort.Strings(files)
			for _, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					return nil, err
				}
				out = append(out, Candidate{Name: e.Name(), Text: string(data), From: f})
			}
			continue
		}
		if strings.HasSuffix(e.Name(), ".mm") {
			data, err := os.ReadFile(full)
			if err != nil {
				return nil, err
			}
			out = append(out, Candidate{Name: strings.TrimSuffix(e.Name(), ".mm"), Text: string(data), From: full})
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no candidate .mm files", path)
	}
	return out, nil
}

func loadJSONL(path string) ([]Candidate, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var out []Candidate
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var row struct {
			Name  string `json:"name"`
			Split string `json:"split"`
			Proof string `json:"proof"`
		}
		if err := json.Unmarshal([]byte(text), &row); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		if row.Name == "" {
			return nil, fmt.Errorf("%s:%d: missing \"name\"", path, line)
		}
		out = append(out, Candidate{Name: row.Name, Split: row.Split, Text: row.Proof, From: fmt.Sprintf("%s:%d", path, line)})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return out, nil
}

// References returns the reference proofs the problem files carry.
func References(problems []Problem) []Candidate {
	var out []Candidate
	for _, p := range problems {
		if p.Reference != "" {
			out = append(out, Candidate{Name: p.Name, Split: p.Split, Text: p.Reference, From: p.File})
		}
	}
	return out
}

// ProblemResult is the outcome for one problem.
type ProblemResult struct {
	Name     string    `json:"name"`
	Split    string    `json:"split"`
	Source   string    `json:"source"`
	Level    string    `json:"level,omitempty"` // MATH level, for MATH-derived problems when known
	Verdicts []Verdict `json:"verdicts"`
	Correct  int       `json:"correct"`
	// DataError says why the statement itself cannot be proved (it is
	// left out of the problems counted for pass@k).
	DataError string `json:"data_error,omitempty"`
}

// Group summarises the problems of one split, one source or all.
type Group struct {
	Key        string             `json:"key"`
	Problems   int                `json:"problems"`              // problems counted (data errors excluded)
	DataErrors int                `json:"data_errors,omitempty"` // problems whose statement is unusable
	Attempted  int                `json:"attempted"`             // problems with at least one candidate
	Solved     int                `json:"solved"`                // problems with a verified candidate
	PassAtK    map[string]float64 `json:"pass_at_k"`             // "pass@1" -> mean over the problems
	// Accepted counts the verified candidates and MeanProofLength is
	// their mean length (Verdict.Steps: proof steps, tactics or lines,
	// as the track measures them).
	Accepted        int     `json:"accepted"`
	MeanProofLength float64 `json:"mean_proof_length"`
}

// Report is a whole check.
type Report struct {
	Results     []ProblemResult `json:"results"`
	Unmatched   []string        `json:"unmatched,omitempty"` // candidates naming no loaded problem
	All         Group           `json:"all"`
	BySplit     []Group         `json:"by_split"`
	BySource    []Group         `json:"by_source"`
	Ks          []int           `json:"ks"`
	Candidates  int             `json:"candidates"`
	MeanCheckMS float64         `json:"mean_check_ms"`
	// SetMM is the set.mm checked against (Metamath track).
	SetMM *SetMMInfo `json:"setmm,omitempty"`
	// MissingLabels are the labels candidates cite that set.mm lacks;
	// CitingMissing counts those candidates.
	MissingLabels []string `json:"missing_labels,omitempty"`
	CitingMissing int      `json:"citing_missing,omitempty"`
}

// noteMissing records the labels a rejection says set.mm lacks.
func (rep *Report) noteMissing(v Verdict) {
	labels := undefinedLabels(v.Reason)
	if len(labels) == 0 {
		return
	}
	rep.CitingMissing++
	for _, l := range labels {
		if !slices.Contains(rep.MissingLabels, l) {
			rep.MissingLabels = append(rep.MissingLabels, l)
		}
	}
	slices.Sort(rep.MissingLabels)
}

// OlderSetMMNote says, when candidates cite labels the set.mm lacks, that
// it is probably older than the statements and how to get a newer one;
// "" otherwise.
func (rep *Report) OlderSetMMNote() string {
	if rep.CitingMissing == 0 {
		return ""
	}
	date := "unknown date"
	if rep.SetMM != nil {
		date = rep.SetMM.Date
	}
	shown := rep.MissingLabels
	more := ""
	if len(shown) > 10 {
		shown, more = shown[:10], ", ..."
	}
	return fmt.Sprintf("%d candidates cite %d labels that this set.mm (version of %s) lacks (%s%s): it is probably older than the statements. "+
		"Get a newer one with 'matheval data pull setmm --commit COMMIT --to DIR' and give --setmm DIR/set.mm.",
		rep.CitingMissing, len(rep.MissingLabels), date, strings.Join(shown, ", "), more)
}

// Run checks every candidate and summarises. ks lists the k of pass@k.
func Run(c *Checker, problems []Problem, cands []Candidate, ks []int) *Report {
	info := c.Info
	rep := &Report{Ks: ks, SetMM: &info}
	index := map[string][]int{}
	results := make([]ProblemResult, len(problems))
	for i, p := range problems {
		index[p.Name] = append(index[p.Name], i)
		results[i] = ProblemResult{Name: p.Name, Split: p.Split, Source: p.Source}
	}
	var spent time.Duration
	for _, cand := range cands {
		matched := false
		for _, i := range index[cand.Name] {
			p := problems[i]
			if cand.Split != "" && cand.Split != p.Split {
				continue
			}
			matched = true
			start := time.Now()
			v := c.Check(p, cand.Text)
			spent += time.Since(start)
			rep.noteMissing(v)
			rep.Candidates++
			results[i].Verdicts = append(results[i].Verdicts, v)
			if v.OK {
				results[i].Correct++
			}
		}
		if !matched {
			rep.Unmatched = append(rep.Unmatched, cand.From+": "+cand.Name)
		}
	}
	if rep.Candidates > 0 {
		rep.MeanCheckMS = float64(spent.Microseconds()) / 1000 / float64(rep.Candidates)
	}
	rep.Results = results
	rep.All = summarise("all", results, ks)
	rep.BySplit = groupBy(results, ks, func(r ProblemResult) string { return r.Split })
	rep.BySource = groupBy(results, ks, func(r ProblemResult) string { return r.Source })
	return rep
}

func groupBy(results []ProblemResult, ks []int, key func(ProblemResult) string) []Group {
	parts := map[string][]ProblemResult{}
	var keys []string
	for _, r := range results {
		k := key(r)
		if _, ok := parts[k]; !ok {
			keys = append(keys, k)
		}
		parts[k] = append(parts[k], r)
	}
	sort.Strings(keys)
	out := make([]Group, len(keys))
	for i, k := range keys {
		out[i] = summarise(k, parts[k], ks)
	}
	return out
}

// summarise computes a group's figures. pass@k uses the unbiased estimator
// of Chen et al. (2021), 1 - C(n-c,k)/C(n,k), averaged over every problem
// of the group whose statement is usable: a problem without candidates
// counts 0, and one with fewer than k candidates counts as solved when any
// of them is correct. Problems with a data error are counted apart.
func summarise(key string, all []ProblemResult, ks []int) Group {
	g := Group{Key: key, PassAtK: map[string]float64{}}
	var results []ProblemResult
	for _, r := range all {
		if r.DataError != "" {
			g.DataErrors++
			continue
		}
		results = append(results, r)
	}
	g.Problems = len(results)
	for _, k := range ks {
		sum := 0.0
		for _, r := range results {
			n := len(r.Verdicts)
			switch {
			case n == 0:
			case n < k:
				if r.Correct > 0 {
					sum++
				}
			default:
				sum += stats.PassAtK(n, r.Correct, k)
			}
		}
		if len(results) > 0 {
			g.PassAtK[fmt.Sprintf("pass@%d", k)] = sum / float64(len(results))
		}
	}
	steps := 0
	for _, r := range results {
		if len(r.Verdicts) > 0 {
			g.Attempted++
		}
		if r.Correct > 0 {
			g.Solved++
		}
		for _, v := range r.Verdicts {
			if v.OK {
				g.Accepted++
				steps += v.Steps
			}
		}
	}
	if g.Accepted > 0 {
		g.MeanProofLength = float64(steps) / float64(g.Accepted)
	}
	return g
}
