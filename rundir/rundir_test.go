package rundir

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// A schema-1 results.json, as matheval wrote it before the structured
// summary (testdata/schema1-math401: a 12-item MATH 401 run of builtin:calc
// made by that version).
func TestReadSchema1(t *testing.T) {
	dir := filepath.Join("testdata", "schema1-math401")
	res, err := ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Schema != 1 || !res.Summary.Legacy || res.Benchmark != "math401" || res.Items != 12 || res.Counts[answer.Correct] != 12 {
		t.Fatalf("read %+v", res)
	}
	acc, ok := res.Summary.Main()
	if !ok || acc.Name != "accuracy" || acc.Value != 1 || acc.N != 12 || acc.Interval != nil {
		t.Errorf("headline %+v", acc)
	}
	if res.Summary.Value("relative_error") != 0 || len(res.Summary.Tables) != 2 || res.Summary.Tables[0].Name != "table1" {
		t.Errorf("summary %+v", res.Summary)
	}
	if len(res.Summary.Notes) == 0 || !strings.Contains(res.Summary.Notes[0], "matheval grade") {
		t.Errorf("no note on how to rewrite it: %v", res.Summary.Notes)
	}
	m, err := ReadManifest(dir)
	if err != nil || m.Items != 12 || m.Benchmark != "math401" {
		t.Errorf("manifest %+v %v", m, err)
	}
	recs, err := ReadSamples(dir)
	if err != nil || len(recs) != 12 || !recs[0].Verdict.IsCorrect() {
		t.Errorf("samples %d %v", len(recs), err)
	}
}

// Results written now carry the schema version and read back whole.
func TestResultsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	sb := bench.NewBuilder([]bench.Sample{{Item: bench.Item{ID: "a", Meta: map[string]string{"k": "v"}},
		Verdict: answer.Verdict{Kind: answer.Correct, Score: 1}, Confidence: -1}})
	m := bench.Correct
	sb.Metric(bench.Metric{Name: "accuracy", Label: "accuracy", Unit: bench.Percent, Measure: &m, Definition: "d"})
	sb.Breakdown("by_k", "by k", []string{"k"}, sb.ByMeta("k", nil, nil), "accuracy")
	in := Results{Benchmark: "b", Items: 1, Samples: 1, Planned: 1, Counts: map[answer.Kind]int{answer.Correct: 1}, Summary: sb.Summary()}
	if err := WriteJSON(dir, ResultsFile, in); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, ResultsFile))
	var head struct{ Schema int }
	if json.Unmarshal(raw, &head); head.Schema != SchemaVersion {
		t.Errorf("written schema %d", head.Schema)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	out, err := ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if out.Schema != SchemaVersion || out.Summary.Legacy || out.Summary.Value("accuracy") != 1 {
		t.Errorf("read %+v", out)
	}
	if bd, ok := out.Summary.Breakdown("by_k"); !ok || bd.Groups[0].Where["k"][0] != "v" {
		t.Errorf("breakdown %+v", bd)
	}
}

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	if IsRunDir(dir) {
		t.Error("an empty folder is a run directory")
	}
	if _, err := ReadResults(dir); !os.IsNotExist(err) {
		t.Errorf("missing results.json: %v", err)
	}
	os.WriteFile(filepath.Join(dir, ResultsFile), []byte(`{"schema": 9}`), 0o644)
	if _, err := ReadResults(dir); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("newer schema: %v", err)
	}
	os.WriteFile(filepath.Join(dir, ResultsFile), []byte(`{"summary": {"metrics": [1]}}`), 0o644)
	if _, err := ReadResults(dir); err == nil || !strings.Contains(err.Error(), ResultsFile) {
		t.Errorf("bad schema-1 summary: %v", err)
	}
	os.WriteFile(filepath.Join(dir, ManifestFile), []byte(`{"items": "x"}`), 0o644)
	if _, err := ReadManifest(dir); err == nil || !strings.Contains(err.Error(), ManifestFile) {
		t.Errorf("bad manifest: %v", err)
	}
	if !IsRunDir(dir) {
		t.Error("a folder with manifest.json is a run directory")
	}
	os.WriteFile(filepath.Join(dir, SamplesFile), []byte("{\"sample\": 0}\n\n{bad\n"), 0o644)
	if _, err := ReadSamples(dir); err == nil || !strings.Contains(err.Error(), SamplesFile+":3") {
		t.Errorf("bad samples line: %v", err)
	}
}

func TestStatus(t *testing.T) {
	recs := func(ids ...string) []SampleRecord {
		var out []SampleRecord
		for _, id := range ids {
			out = append(out, SampleRecord{Sample: bench.Sample{Item: bench.Item{ID: id}}})
		}
		return out
	}
	m := Manifest{Items: 3, Samples: 1, Extra: map[string]string{StatusKey: StatusComplete}}
	for _, c := range []struct {
		name    string
		m       Manifest
		res     *Results
		samples []SampleRecord
		partial bool
		want    string
	}{
		{"complete", m, &Results{Items: 3, Samples: 3, Planned: 3}, recs("a", "b", "c"), false, "3 of 3 items done"},
		{"interrupted", Manifest{Items: 3, Samples: 1, Extra: map[string]string{StatusKey: StatusStopped + "interrupted"}},
			&Results{Items: 1, Samples: 1, Planned: 3, Stopped: "interrupted"}, recs("a"), true, "1 of 3 items done (interrupted)"},
		{"running", Manifest{Items: 3, Samples: 1, Extra: map[string]string{StatusKey: StatusRunning}}, nil, nil, true,
			"0 of 3 items done (running, or killed before it finished)"},
		{"short without a reason", Manifest{Items: 3, Samples: 2}, nil, recs("a", "a", "b"), true,
			"2 of 3 items done, 3 of 6 samples (incomplete)"},
		{"counts from results", m, &Results{Items: 3, Samples: 3, Planned: 3}, nil, false, "3 of 3 items done"},
	} {
		st := StatusOf(c.m, c.res, c.samples)
		if st.Partial() != c.partial || st.String() != c.want {
			t.Errorf("%s: %q partial %v, want %q %v", c.name, st, st.Partial(), c.want, c.partial)
		}
	}
}
