package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/rundir"
)

// goldData is the real data file a benchmark that generates no default
// set is checked on (from ../shared, skipped when absent). miniF2F is not
// here: only 45 of its statements have reference proofs, and half of those
// need a newer set.mm than Debian's (TestRunMinif2fGold checks them).
var goldData = map[string][]string{
	"math":     {"data", "math", "test.jsonl"},
	"asdiv":    {"data", "asdiv", "ASDiv.xml"},
	"hardmath": {"data", "hardmath", "HARDMath_mini.json"},
	"math401":  {"data", "math401", "math401.json"},
	"answers":  {"data", "math500", "test.jsonl"}, // the generic path, fields guessed
}

// TestCLIChild runs the command line given in MATHEVAL_CLI_ARGS and exits
// with its code: cli runs each command line in a fresh process, so that
// what it prints is the process's standard output and error, as a user
// sees them (run writes its one-line errors to os.Stderr), and tests may
// run in parallel. It does nothing in a normal test run.
func TestCLIChild(t *testing.T) {
	raw := os.Getenv("MATHEVAL_CLI_ARGS")
	if raw == "" {
		t.Skip("child process of the command-line tests only")
	}
	var args []string
	if err := json.Unmarshal([]byte(raw), &args); err != nil {
		t.Fatal(err)
	}
	os.Exit(run(args))
}

// cli runs matheval with args in a child process and returns its exit code
// and output.
func cli(t *testing.T, args ...string) (int, string) {
	t.Helper()
	raw, _ := json.Marshal(args)
	cmd := exec.Command(os.Args[0], "-test.run=^TestCLIChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "MATHEVAL_CLI_ARGS="+string(raw))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), out.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, out.String()
}

// checkAllCorrect checks that every sample of the run in dir is correct.
func checkAllCorrect(t *testing.T, dir string) {
	t.Helper()
	res, err := rundir.ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Samples == 0 || res.Counts[answer.Correct] != res.Samples {
		recs, _ := rundir.ReadSamples(dir)
		for _, r := range recs {
			if !r.Verdict.IsCorrect() {
				t.Errorf("%s: %s (%s) reply %.80q", r.Item.ID, r.Verdict.Kind, r.Verdict.Reason, r.Reply)
				break
			}
		}
		t.Fatalf("counts %v of %d samples, want all correct", res.Counts, res.Samples)
	}
}

// TestGoldEveryBenchmark: builtin:gold scores 100% on every registered
// benchmark, on its generated default set and on its real data.
func TestGoldEveryBenchmark(t *testing.T) {
	for _, name := range bench.Names() {
		t.Run(name, func(t *testing.T) {
			b, _ := bench.Lookup(name)
			ran := false
			if _, _, err := b.Load(context.Background(), "", bench.LoadOptions{Seed: 1, Limit: 1}); err == nil {
				dir := filepath.Join(t.TempDir(), "gen")
				if code, out := cli(t, "run", name, "--model", "builtin:gold", "--out", dir, "--limit", "200", "--progress", "off"); code != 0 {
					t.Fatalf("generated set: exit %d\n%s", code, out)
				}
				checkAllCorrect(t, dir)
				ran = true
			}
			if elems, ok := goldData[name]; ok {
				t.Run("data", func(t *testing.T) {
					path := testenv.Shared(t, elems...)
					dir := filepath.Join(t.TempDir(), "data")
					if code, out := cli(t, "run", name, "--data", path, "--model", "builtin:gold", "--out", dir, "--sample", "300", "--progress", "off"); code != 0 {
						t.Fatalf("%s: exit %d\n%s", path, code, out)
					}
					checkAllCorrect(t, dir)
				})
				ran = true
			}
			if !ran {
				t.Skipf("%s generates no default set and no data is known for it", name)
			}
		})
	}
}

// TestCalcMath401: builtin:calc answers MATH 401's generated set perfectly.
func TestCalcMath401(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "calc")
	if code, out := cli(t, "run", "math401", "--model", "builtin:calc", "--out", dir, "--progress", "off"); code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	checkAllCorrect(t, dir)
	if code, out := cli(t, "grade", dir); code != 0 {
		t.Fatalf("grade: exit %d\n%s", code, out)
	}
	checkAllCorrect(t, dir)
}

func TestRunUsageErrors(t *testing.T) {
	name := "math401"
	for _, args := range [][]string{
		{"run", name},
		{"run", "no-such-bench", "--model", "builtin:gold"},
		{"run", name, "--model", "gpt4"},
		{"run", name, "--model", "builtin:gold", "--filter", "level"},
		{"run", name, "--model", "builtin:gold", "--samples", "0"},
		{"run", name, "--model", "openai:m", "--extra-body", "[1]"},
		{"run", name, "--model", "builtin:gold", "--progress", "loud"},
		{"run", name, "--model", "builtin:gold", "--prices", "/no/such/file"},
		{"run", name, "--model", "builtin:gold", "--prompt", "nosuch"},
		// grade of a folder that is not a run directory exits 1, as report
		// and compare do (TestMissingRunDir).
	} {
		if code, out := cli(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d\n%s", args, code, exitUsage, out)
		}
	}
}

// TestRunOpenAIEndToEnd drives matheval run against the fake server
// (model/fakeserver, a test fake) with the request flags, and checks the
// run directory, and that the API key appears nowhere in it.
func TestRunOpenAIEndToEnd(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	srv.Configure(func(s *fakeserver.Server) { s.Record = true })
	dir := filepath.Join(t.TempDir(), "run")
	t.Setenv("MY_KEY", "sk-test-secret-123")
	code, out := cli(t, "run", "math401", "--model", "openai:fake-model", "--base-url", srv.BaseURL()+","+srv.BaseURL(),
		"--api-key-env", "MY_KEY", "--api", "completions", "--samples", "2", "--limit", "5", "--sampling-seed", "3",
		"--top-logprobs", "2", "--extra-body", `{"repetition_penalty":1.1}`, "--max-tokens", "64", "--out", dir, "--progress", "log")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	recs, err := rundir.ReadSamples(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 10 || srv.Requests() != 5+5 { // n=2 ignored by the fake: one more request per item
		t.Fatalf("%d records, %d requests", len(recs), srv.Requests())
	}
	for _, r := range recs {
		if r.Reply == "" || len(r.Logprobs) == 0 || len(r.Logprobs[0].Top) != 2 || r.ServerModel != "fake-model" {
			t.Fatalf("record %s/%d: %+v", r.Item.ID, r.Index, r)
		}
	}
	man, err := rundir.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if man.Model != "openai:fake-model" || len(man.ServerModels) == 0 || man.Params["extra-body"] == nil {
		t.Fatalf("manifest %+v", man)
	}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			if b, _ := os.ReadFile(p); bytes.Contains(b, []byte("sk-test-secret")) {
				t.Errorf("%s holds the API key", p)
			}
		}
		return nil
	})
	// The same command again sends nothing.
	before := srv.Requests()
	if code, out := cli(t, "run", "math401", "--model", "openai:fake-model", "--base-url", srv.BaseURL()+","+srv.BaseURL(),
		"--api-key-env", "MY_KEY", "--api", "completions", "--samples", "2", "--limit", "5", "--sampling-seed", "3",
		"--top-logprobs", "2", "--extra-body", `{"repetition_penalty":1.1}`, "--max-tokens", "64", "--out", dir, "--progress", "off"); code != 0 || srv.Requests() != before {
		t.Fatalf("rerun: exit %d, %d more requests\n%s", code, srv.Requests()-before, out)
	}
}

// TestWrongBenchmarkInput: another benchmark's file is refused with one
// line naming what the file looks like, before anything runs.
func TestWrongBenchmarkInput(t *testing.T) {
	m401 := testenv.Shared(t, "data", "math401", "math401.json")
	math500 := testenv.Shared(t, "data", "math500", "test.jsonl")
	for _, tc := range []struct {
		args    []string
		mention string
	}{
		{[]string{"data", "check", "asdiv", m401}, "looks like a MATH 401 file"},
		{[]string{"run", "asdiv", "--data", math500, "--model", "builtin:gold", "--out", filepath.Join(t.TempDir(), "r"), "--progress", "off"}, "looks like a MATH file"},
		{[]string{"run", "math401", "--data", math500, "--model", "builtin:gold", "--out", filepath.Join(t.TempDir(), "r"), "--progress", "off"}, "looks like a MATH file"},
		{[]string{"data", "check", "math", m401}, "looks like a MATH 401 file"},
	} {
		code, out := cli(t, tc.args...)
		if code != exitFailure || !strings.Contains(out, tc.mention) || strings.Count(strings.TrimSpace(out), "\n") != 0 {
			t.Errorf("%v: exit %d, output %q; want exit %d and one line naming %q", tc.args, code, out, exitFailure, tc.mention)
		}
	}
}

// TestDiversityReadings: `data diversity --readings` prints a table of the
// standard readings of the ASDiv paper's CLD, and the plain command lists
// the exact twins.
func TestDiversityReadings(t *testing.T) {
	path := testenv.Shared(t, "data", "asdiv", "ASDiv.xml")
	code, out := cli(t, "data", "diversity", "--bench", "asdiv", path, "--readings")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, want := range []string{"reading", "sacrebleu            0.7517", "unigram              0.4876", "multiref             0.5239", "0.49"} {
		if !strings.Contains(out, want) {
			t.Errorf("readings table lacks %q:\n%s", want, out)
		}
	}
	code, out = cli(t, "data", "diversity", "--bench", "asdiv", path)
	if code != 0 || !strings.Contains(out, "LD = 0 (an exact twin in this reading): 2 of 2305 problems") || !strings.Contains(out, "nluds-0676 ~ nluds-0677") {
		t.Errorf("exit %d, twins not listed:\n%s", code, out)
	}
	if code, _ := cli(t, "data", "diversity", path, "--order", "5"); code != exitUsage {
		t.Errorf("--order 5: exit %d, want %d", code, exitUsage)
	}
}

// TestGradeRefusesOtherBenchmarkSamples: a run directory whose manifest
// names one benchmark but whose samples hold another's items is refused
// with one line instead of being graded with the wrong grader.
func TestGradeRefusesOtherBenchmarkSamples(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if code, out := cli(t, "run", "math401", "--model", "builtin:calc", "--out", dir, "--progress", "off", "--limit", "20"); code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	man := filepath.Join(dir, "manifest.json")
	b, err := os.ReadFile(man)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.Replace(b, []byte(`"benchmark": "math401"`), []byte(`"benchmark": "asdiv"`), 1)
	if !bytes.Contains(b, []byte(`"benchmark": "asdiv"`)) {
		t.Fatalf("manifest has no benchmark field to rewrite:\n%s", b)
	}
	if err := os.WriteFile(man, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out := cli(t, "grade", dir)
	if code != exitFailure || !strings.Contains(out, "looks like a MATH 401 item") || strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Errorf("grade of math401 samples as asdiv: exit %d\n%s", code, out)
	}
}
