package answer

// The snapshot diff of issue 28's scanner move: every text we hold is
// extracted under every built-in policy, and every pair of texts of one
// record (a MATH problem's solution and its answer, a peer case's gold and
// prediction, an authors' HARDMath response and its gold) is graded. With
// MATHEVAL_ANSWER_SNAPSHOT=file the results are written to file when it is
// absent and compared with it when it is there, so a run at the commit
// before a move and one after it list every change the move makes.
//
// Issue 28's move of answer/ onto texscan (eb92105 to 36482d3): 1,218,282
// lines (137,928 texts under 6 policies, 390,714 pairs), 103 changed, none
// into or out of Correct: 60 a \\ line break before a bracket no longer
// read as \[ (openDelims; replies such as "}\\]" now end inside their
// formula), 18 a relation's named left side kept (relationName: AB = 2),
// 16 a $...$ answer holding \$ unwrapped, 9 a \left no longer read as a
// \le (an embedded box's side was cut to "ft(..."). Verdicts the engine's
// deadline made Undecided on a loaded machine are regraded, not counted.

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/internal/testtexts"
	"github.com/matheval/matheval/jsonl"
)

// snapshotRecords groups the texts of one record: the texts of a data file
// item share its name up to the last key.
func snapshotRecords(texts []testtexts.Text) [][]testtexts.Text {
	var out [][]testtexts.Text
	idx := map[string]int{}
	for _, x := range texts {
		rec := x.Where
		if i := strings.LastIndexByte(rec, '.'); i > strings.LastIndexAny(rec, ":]/") {
			rec = rec[:i]
		}
		k, ok := idx[rec]
		if !ok {
			k = len(out)
			idx[rec] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], x)
	}
	return out
}

// hardmathResponses reads the authors' responses archive: each response
// beside its gold solution.
func hardmathResponses(t *testing.T) [][]testtexts.Text {
	f, err := os.Open(testenv.Shared(t, "data", "hardmath", "authors-responses-7c4885c.tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	var out [][]testtexts.Text
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(h.Name, ".json") {
			continue
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if json.Unmarshal(b, &v) != nil {
			continue
		}
		// Walk to the objects holding strings; each object is a record.
		var walk func(where string, v any)
		walk = func(where string, v any) {
			switch v := v.(type) {
			case []any:
				for i, e := range v {
					walk(fmt.Sprintf("%s[%d]", where, i), e)
				}
			case map[string]any:
				keys := make([]string, 0, len(v))
				for k := range v {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				var rec []testtexts.Text
				for _, k := range keys {
					switch e := v[k].(type) {
					case string:
						if e != "" && len(e) < 20000 {
							rec = append(rec, testtexts.Text{Where: where + "." + k, S: e})
						}
					default:
						walk(where+"."+k, e)
					}
				}
				if len(rec) > 0 {
					out = append(out, rec)
				}
			}
		}
		walk(path.Base(h.Name), v)
	}
}

func snapshotQuote(s string) string {
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return fmt.Sprintf("%q", s)
}

func TestSnapshot(t *testing.T) {
	file := os.Getenv("MATHEVAL_ANSWER_SNAPSHOT")
	if file == "" {
		t.Skip("set MATHEVAL_ANSWER_SNAPSHOT=file to write or compare the snapshot")
	}
	texts := append(testtexts.FuzzCorpora(t), testtexts.Shared(t)...)
	recs := snapshotRecords(texts)
	// MATH 401's items and the peer cases.
	type m401 struct{ Query, Response string }
	if items, err := jsonl.ReadFile[m401](testenv.Shared(t, "data", "math401", "math401.json")); err == nil {
		for i, it := range items {
			w := fmt.Sprintf("math401:%d", i+1)
			recs = append(recs, []testtexts.Text{{Where: w + ".response", S: it.Response}, {Where: w + ".query", S: it.Query}})
		}
	} else {
		t.Fatal(err)
	}
	cases, err := jsonl.ReadFile[peerCase](testenv.Shared(t, "peer-tests", "grader", "cases.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		recs = append(recs, []testtexts.Text{{Where: "peer:" + c.ID + ".gold", S: c.Gold}, {Where: "peer:" + c.ID + ".prediction", S: c.Prediction}})
	}
	recs = append(recs, hardmathResponses(t)...)

	pols := Policies()
	names := make([]string, 0, len(pols))
	for n := range pols {
		names = append(names, n)
	}
	sort.Strings(names)
	var lines []string
	// regrade[i] grades line i's pair again under a long deadline: a
	// verdict that a loaded machine made Undecided (the engine's deadline),
	// or an answer it read otherwise (several final answers are merged
	// where the engine proves them one, and a deadline keeps them apart),
	// is no change of the move's
	regrade := map[int]func() (Kind, string){}
	nText, nPair := 0, 0
	for _, rec := range recs {
		for _, x := range rec {
			if len(x.S) > 20000 {
				continue
			}
			nText++
			for _, n := range names {
				a, k := ExtractAnswer(pols[n], x.S)
				g := GoldAnswer(pols[n], x.S)
				lines = append(lines, fmt.Sprintf("X\t%s\t%s\t%s\t%s\t%s", x.Where, n, k, snapshotQuote(a), snapshotQuote(g)))
			}
		}
		if len(rec) < 2 || len(rec) > 6 {
			continue
		}
		p := MATH
		switch w := rec[0].Where; {
		case strings.HasPrefix(w, "math401:"):
			p = MATH401
		case strings.HasPrefix(w, "peer:"):
			p = peerPolicy(strings.TrimPrefix(w[:strings.LastIndexByte(w, '.')], "peer:"))
		case strings.HasPrefix(w, "asdiv"):
			p = ASDiv
		case strings.Contains(w, "hardmath") || strings.HasSuffix(path.Dir(w), ".json") || strings.Contains(w, "shot_"):
			p = HARDMathGeneric
		}
		for i, gold := range rec {
			for j, reply := range rec {
				if i == j || len(gold.S) > 20000 || len(reply.S) > 20000 {
					continue
				}
				nPair++
				v := Equivalent(p, gold.S, reply.S)
				p, g, r := p, gold.S, reply.S
				regrade[len(lines)] = func() (Kind, string) {
					v := Equivalent(p.WithTimeout(time.Minute), g, r)
					return v.Kind, snapshotQuote(v.Extracted)
				}
				lines = append(lines, fmt.Sprintf("G\t%s\t%s\t%s\t%s\t%s", gold.Where, reply.Where, p.Name, v.Kind, snapshotQuote(v.Extracted)))
			}
		}
	}
	t.Logf("%d texts, %d pairs, %d lines", nText, nPair, len(lines))
	old, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", file)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	var before []string
	sc := bufio.NewScanner(strings.NewReader(string(old)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		before = append(before, sc.Text())
	}
	if len(before) != len(lines) {
		t.Fatalf("snapshot has %d lines, now %d", len(before), len(lines))
	}
	diffs, slow := 0, 0
	var all []string // every difference, for MATHEVAL_ANSWER_SNAPSHOT_DIFF
	for i := range lines {
		if before[i] != lines[i] {
			if f := regrade[i]; f != nil && deadlineOnly(before[i], lines[i], f) {
				slow++
				continue
			}
			diffs++
			all = append(all, "was "+before[i], "now "+lines[i])
			if diffs <= 60 {
				t.Errorf("changed:\n  was %s\n  now %s", before[i], lines[i])
			}
		}
	}
	if f := os.Getenv("MATHEVAL_ANSWER_SNAPSHOT_DIFF"); f != "" {
		if err := os.WriteFile(f, []byte(strings.Join(all, "\n")+"\n"), 0o644); err != nil {
			t.Error(err)
		}
	}
	t.Logf("%d lines compared, %d differences (and %d lines the engine's deadline changed on one side: graded again under a minute's deadline, they are the line of before)", len(lines), diffs, slow)
}

// deadlineOnly reports whether two snapshot lines of a pair differ only
// in the verdict and the answer read, and the pair graded again under a
// long deadline gives the line of before (the new run's line was the
// deadline's), or, where the line of before is Undecided, the new line (the
// old run's was).
func deadlineOnly(was, now string, regrade func() (Kind, string)) bool {
	w, n := strings.Split(was, "\t"), strings.Split(now, "\t")
	if len(w) != 6 || len(n) != 6 || w[0] != n[0] || w[1] != n[1] || w[2] != n[2] || w[3] != n[3] {
		return false
	}
	k, x := regrade()
	switch {
	case string(k) == w[4] && x == w[5]:
		return true
	case Kind(w[4]) == Undecided && w[5] == n[5]:
		return string(k) == n[4]
	}
	return false
}
