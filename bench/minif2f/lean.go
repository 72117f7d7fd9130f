package minif2f

// miniF2F's Lean 4 track: the statements come as one JSONL file (rows with
// name, split, informal_prefix, formal_statement, goal, header), candidates
// are checked by the Lean 4 REPL through package formal/lean, and the
// report has the Metamath track's shape (Report, Group, pass@k).

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/matheval/matheval/formal/lean"
)

// LeanProblem is one statement of the Lean 4 track.
type LeanProblem struct {
	Name      string // e.g. "mathd_algebra_10"
	Split     string // "valid" or "test"
	Source    string // mathd, amc, aime, imo, algebra, induction, numbertheory
	Informal  string // the informal_prefix doc comment
	Statement string // formal_statement: "theorem NAME ... := by\n"
	Goal      string // the goal as Lean prints it
	Header    string // imports and options run before the statement
	From      string // file:line
}

// Lean returns the problem as formal/lean wants it.
func (p LeanProblem) Lean() lean.Problem {
	return lean.Problem{Name: p.Name, Statement: p.Statement, Header: p.Header}
}

// LeanSourceOf returns the source of a Lean 4 track name, whose words are
// joined by "_" ("amc12a_2019_p21" -> "amc"; "imosl_..." -> "imo").
func LeanSourceOf(name string) string {
	if strings.HasPrefix(name, "imosl_") {
		return "imo"
	}
	return SourceOf(name)
}

// LoadLean reads the Lean 4 track's JSONL file. Errors name the file and
// line.
func LoadLean(path string) ([]LeanProblem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	var out []LeanProblem
	seen := map[string]string{}
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		at := fmt.Sprintf("%s:%d", path, line)
		var row struct {
			Name      *string `json:"name"`
			Split     *string `json:"split"`
			Informal  string  `json:"informal_prefix"`
			Statement *string `json:"formal_statement"`
			Goal      string  `json:"goal"`
			Header    *string `json:"header"`
		}
		if err := json.Unmarshal([]byte(text), &row); err != nil {
			return nil, fmt.Errorf("%s: %v", at, err)
		}
		for field, v := range map[string]*string{"name": row.Name, "split": row.Split, "formal_statement": row.Statement, "header": row.Header} {
			if v == nil || strings.TrimSpace(*v) == "" {
				return nil, fmt.Errorf("%s: missing %q", at, field)
			}
		}
		p := LeanProblem{
			Name: *row.Name, Split: *row.Split, Informal: row.Informal, Statement: *row.Statement,
			Goal: row.Goal, Header: *row.Header, From: at, Source: LeanSourceOf(*row.Name),
		}
		if f := strings.Fields(p.Statement); len(f) < 2 || f[0] != "theorem" || f[1] != p.Name {
			return nil, fmt.Errorf("%s: formal_statement does not start with \"theorem %s\"", at, p.Name)
		}
		if !strings.HasSuffix(strings.TrimSpace(p.Statement), ":= by") {
			return nil, fmt.Errorf("%s: formal_statement of %s does not end with \":= by\"", at, p.Name)
		}
		key := p.Split + "/" + p.Name
		if prev, ok := seen[key]; ok {
			return nil, fmt.Errorf("%s: problem %s already given at %s", at, key, prev)
		}
		seen[key] = at
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no problems", path)
	}
	return out, nil
}

// LeanCheck checks one candidate (the proof text of a Candidate, see
// lean.Assemble for its forms) against problem p.
type LeanCheck func(p lean.Problem, proof string) (lean.Verdict, error)

// RunLean checks every candidate with check and summarises like Run. A
// candidate is full theorem text or a proof appended to formal_statement
// (see lean.Assemble). The error is set when checking cannot go on (the
// REPL cannot start, the header does not compile); progress, when not nil,
// is called after each candidate.
func RunLean(check LeanCheck, problems []LeanProblem, cands []Candidate, ks []int, progress func(done, total int)) (*Report, error) {
	return RunLeanParallel([]LeanCheck{check}, problems, cands, ks, progress)
}

// RunLeanParallel is RunLean with one worker per check function (each its
// own REPL: one Lean process runs one command at a time). Verdicts keep the
// candidates' order whatever the order of completion.
func RunLeanParallel(checks []LeanCheck, problems []LeanProblem, cands []Candidate, ks []int, progress func(done, total int)) (*Report, error) {
	if len(checks) == 0 {
		return nil, fmt.Errorf("no checker")
	}
	rep := &Report{Ks: ks}
	index := map[string][]int{}
	results := make([]ProblemResult, len(problems))
	for i, p := range problems {
		index[p.Name] = append(index[p.Name], i)
		results[i] = ProblemResult{Name: p.Name, Split: p.Split, Source: p.Source}
	}
	type job struct{ cand, problem int }
	var jobs []job
	for ci, cand := range cands {
		matched := false
		for _, i := range index[cand.Name] {
			if cand.Split != "" && cand.Split != problems[i].Split {
				continue
			}
			matched = true
			jobs = append(jobs, job{ci, i})
		}
		if !matched {
			rep.Unmatched = append(rep.Unmatched, cand.From+": "+cand.Name)
		}
	}
	verdicts := make([]lean.Verdict, len(jobs))
	next := make(chan int)
	var (
		mu       sync.Mutex
		firstErr error
		done     int
		wg       sync.WaitGroup
	)
	for _, check := range checks {
		wg.Add(1)
		go func(check LeanCheck) {
			defer wg.Done()
			for j := range next {
				v, err := safeCheck(check, problems[jobs[j].problem].Lean(), cands[jobs[j].cand].Text)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				verdicts[j] = v
				done++
				if progress != nil {
					progress(done, len(jobs))
				}
				mu.Unlock()
			}
		}(check)
	}
	for j := range jobs {
		mu.Lock()
		stop := firstErr != nil
		mu.Unlock()
		if stop {
			break
		}
		next <- j
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	var spent time.Duration
	for j, jb := range jobs {
		v := verdicts[j]
		spent += v.Elapsed
		rep.Candidates++
		verdict := Verdict{OK: v.OK}
		if !v.OK {
			// One line, for the text report: Lean's messages span several.
			verdict.Reason = v.Stage + ": " + strings.Join(strings.Fields(v.Reason), " ")
		}
		r := &results[jb.problem]
		r.Verdicts = append(r.Verdicts, verdict)
		if v.OK {
			r.Correct++
		}
	}
	if rep.Candidates > 0 {
		rep.MeanCheckMS = float64(spent.Microseconds()) / 1000 / float64(rep.Candidates)
	}
	rep.Results = results
	rep.All = summarise("all", results, ks)
	rep.BySplit = groupBy(results, ks, func(r ProblemResult) string { return r.Split })
	rep.BySource = groupBy(results, ks, func(r ProblemResult) string { return r.Source })
	return rep, nil
}

// safeCheck checks one candidate. A panic is a bug of ours: it goes on to
// the grading boundary (run.Grade), which records an internal error.
func safeCheck(check LeanCheck, p lean.Problem, proof string) (v lean.Verdict, err error) {
	return check(p, proof)
}
