package main

// Tests of the command line's contract (issue 2): every command documents
// itself with help text and an example; `version` prints the version, the
// commit and the Go version; a bad command line exits 2 with one line on
// standard error; a failed piece of work exits 1; success exits 0; and the
// README's first command scores 100%.
//
// The exit codes are checked on a real binary, built once per test run with
// the commit stamped in, because only the binary's main proves what a shell
// sees. The tree and the in-process run are checked directly.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/internal/version"
	"github.com/matheval/matheval/rundir"
	"github.com/spf13/cobra"
)

// walkCommands calls fn on c and every command below it, skipping hidden ones
// (cobra's own __complete) which users never see.
func walkCommands(c *cobra.Command, fn func(*cobra.Command)) {
	if c.Hidden {
		return
	}
	fn(c)
	for _, sub := range c.Commands() {
		walkCommands(sub, fn)
	}
}

// TestCommandsDocumented: every command has its one-line help, and every
// runnable one has an example of a matheval command line.
func TestCommandsDocumented(t *testing.T) {
	n := 0
	walkCommands(newRoot(), func(c *cobra.Command) {
		n++
		path := c.CommandPath()
		if strings.TrimSpace(c.Short) == "" {
			t.Errorf("%s: no Short help", path)
		}
		if c.Runnable() && strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s: no Example", path)
		}
		if c.Runnable() && c.HasParent() && !strings.Contains(c.Example, "matheval") {
			t.Errorf("%s: Example does not show a matheval command line: %q", path, c.Example)
		}
	})
	if n < 10 {
		t.Fatalf("only %d commands in the tree", n)
	}
}

// captureRun calls run in this process and returns its exit code, standard
// output and standard error.
func captureRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	oldOut, oldErr := os.Stdout, os.Stderr
	defer func() { os.Stdout, os.Stderr = oldOut, oldErr }()
	read := func(r *os.File, dst *bytes.Buffer, done chan<- struct{}) {
		io.Copy(dst, r)
		r.Close()
		close(done)
	}
	rOut, wOut, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	rErr, wErr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	outDone, errDone := make(chan struct{}), make(chan struct{})
	go read(rOut, &out, outDone)
	go read(rErr, &errb, errDone)
	os.Stdout, os.Stderr = wOut, wErr
	code := run(args)
	wOut.Close()
	wErr.Close()
	<-outDone
	<-errDone
	return code, out.String(), errb.String()
}

// TestRunInProcessIsolated: every run builds its own command tree
// (newRoot calls the constructors), so a second run in one process must
// not see the first one's flags, nor wrap argument errors twice.
func TestRunInProcessIsolated(t *testing.T) {
	code, out, _ := captureRun(t, "version", "--json")
	if code != 0 || !strings.HasPrefix(out, "{") {
		t.Fatalf("version --json: exit %d, %q", code, out)
	}
	code, out, _ = captureRun(t, "version")
	if code != 0 || strings.HasPrefix(out, "{") || !strings.Contains(out, "commit ") {
		t.Fatalf("version after version --json: exit %d, %q (the --json flag leaked)", code, out)
	}
	code, out, _ = captureRun(t, "version", "--help")
	if code != 0 || !strings.Contains(out, "Examples:") {
		t.Fatalf("version --help: exit %d, %q", code, out)
	}
	code, out, _ = captureRun(t, "version")
	if code != 0 || strings.Contains(out, "Usage:") || !strings.Contains(out, "commit ") {
		t.Fatalf("version after version --help: exit %d, %q (the --help flag leaked)", code, out)
	}
	var first string
	for i := 0; i < 3; i++ {
		code, _, stderr := captureRun(t, "version", "extra")
		if code != exitUsage {
			t.Fatalf("version extra: exit %d, want %d", code, exitUsage)
		}
		if i == 0 {
			first = stderr
		} else if stderr != first {
			t.Fatalf("run %d of version extra said %q, the first %q", i+1, stderr, first)
		}
	}
	if strings.Count(first, "(see '") != 1 {
		t.Fatalf("argument error wrapped more than once: %q", first)
	}
}

// cliBinary is matheval built for TestCLIContract.
type cliBinary struct {
	path string
}

// exec runs the binary with args, stdin and the working folder dir ("" for
// the test's), and returns the exit code and both outputs.
func (b cliBinary) exec(t *testing.T, dir, stdin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(b.path, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return ee.ExitCode(), out.String(), errb.String()
	case err != nil:
		t.Fatalf("%v: %v", args, err)
	}
	return 0, out.String(), errb.String()
}

// lines returns the non-empty lines of s.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// readmeFirstCommand returns the arguments of README.md's first command,
// which must be a `go run ./cmd/matheval` line.
func readmeFirstCommand(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(testenv.RepoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	inBlock := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "```") {
			inBlock = !inBlock
			continue
		}
		if inBlock && line != "" && !strings.HasPrefix(line, "#") {
			const prefix = "go run ./cmd/matheval "
			if !strings.HasPrefix(line, prefix) {
				t.Fatalf("README's first command is %q, want %q...", line, prefix)
			}
			return strings.Fields(strings.TrimPrefix(line, prefix))
		}
	}
	t.Fatal("README.md has no command block")
	return nil
}

// checkPerfectRun checks that the run in dir graded every sample correct,
// reading both results.json and samples.jsonl.
func checkPerfectRun(t *testing.T, dir, model string) {
	t.Helper()
	res, err := rundir.ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Benchmark != "math401" || res.Model != model {
		t.Errorf("results name %s on %s, want %s on math401", res.Model, res.Benchmark, model)
	}
	if res.Items == 0 || res.Samples < res.Items || res.Planned != res.Samples || res.Stopped != "" {
		t.Errorf("results: %d items, %d samples, %d planned, stopped %q", res.Items, res.Samples, res.Planned, res.Stopped)
	}
	if acc, ok := res.Summary.Metric("accuracy"); !ok || acc.Value != 1 || res.Schema != rundir.SchemaVersion {
		t.Errorf("accuracy %+v (present %v), schema %d, want 1; counts %v", acc, ok, res.Schema, res.Counts)
	}
	if res.Counts[answer.Correct] != res.Samples {
		t.Errorf("counts %v, want all %d correct", res.Counts, res.Samples)
	}
	recs, err := rundir.ReadSamples(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != res.Samples {
		t.Errorf("%d sample records, results say %d", len(recs), res.Samples)
	}
	wrong := 0
	for _, r := range recs {
		if !r.Verdict.IsCorrect() {
			if wrong++; wrong <= 3 {
				t.Errorf("%s: %s (%s), reply %.80q", r.Item.ID, r.Verdict.Kind, r.Verdict.Reason, r.Reply)
			}
		}
	}
	if wrong > 0 {
		t.Errorf("%d of %d samples not correct", wrong, len(recs))
	}
}

// TestCLIContract builds matheval once, with a commit stamped in by
// -ldflags, and checks the contract on the binary.
func TestCLIContract(t *testing.T) {
	const commit = "abc123contract"
	bin := buildCLI(t, commit)
	t.Run("help", func(t *testing.T) { checkHelp(t, bin) })
	t.Run("version", func(t *testing.T) { checkVersion(t, bin, commit) })
	t.Run("usage errors exit 2 with one line", func(t *testing.T) { checkUsageErrors(t, bin) })
	t.Run("work failures exit 1", func(t *testing.T) { checkWorkFailures(t, bin) })
	t.Run("README main job", func(t *testing.T) { checkREADMEJob(t, bin) })
	for _, model := range []string{"builtin:calc", "builtin:gold"} {
		t.Run("run math401 "+model, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			code, out, stderr := bin.exec(t, "", "", "run", "math401", "--model", model, "--out", dir, "--progress", "off")
			if code != 0 {
				t.Fatalf("exit %d\n%s%s", code, out, stderr)
			}
			checkPerfectRun(t, dir, model)
		})
	}
}

// buildCLI builds matheval with commit stamped in (skipping the test when
// no go command is at hand).
func buildCLI(t *testing.T, commit string) cliBinary {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		gobin = filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(gobin); err != nil {
			t.Skip("no go command to build matheval with")
		}
	}
	bin := cliBinary{path: filepath.Join(t.TempDir(), "matheval")}
	start := time.Now()
	build := exec.Command(gobin, "build", "-o", bin.path,
		"-ldflags", "-X github.com/matheval/matheval/internal/version.Commit="+commit, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Logf("built matheval in %v", time.Since(start).Round(time.Millisecond))
	return bin
}

// checkHelp: the root's help lists every command, and each command's own
// help, as a user asks for it, shows its description and examples.
func checkHelp(t *testing.T, bin cliBinary) {
	root := newRoot()
	for _, flag := range []string{"--help", "-h"} {
		code, out, stderr := bin.exec(t, "", "", flag)
		if code != 0 || stderr != "" {
			t.Fatalf("%s: exit %d, stderr %q", flag, code, stderr)
		}
		for _, c := range root.Commands() {
			if !c.Hidden && !strings.Contains(out, "\n  "+c.Name()+" ") {
				t.Errorf("%s does not list %s:\n%s", flag, c.Name(), out)
			}
		}
	}
	// Each command's own help, as a user asks for it.
	walkCommands(root, func(c *cobra.Command) {
		if !c.HasParent() {
			return
		}
		args := append(strings.Fields(c.CommandPath())[1:], "--help")
		code, out, stderr := bin.exec(t, "", "", args...)
		if code != 0 || stderr != "" || !strings.Contains(out, c.Short) && !strings.Contains(out, strings.TrimSpace(c.Long)) {
			t.Errorf("%v: exit %d, stderr %q, stdout %.200q", args, code, stderr, out)
		}
		if c.Runnable() && !strings.Contains(out, "Examples:") {
			t.Errorf("%v shows no examples:\n%s", args, out)
		}
	})
}

// checkVersion: version names the version, the stamped commit and Go's.
func checkVersion(t *testing.T, bin cliBinary, commit string) {
	code, out, stderr := bin.exec(t, "", "", "version")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, fact := range []string{version.Version, commit, runtime.Version()} {
		if !strings.Contains(out, fact) {
			t.Errorf("version does not print %q:\n%s", fact, out)
		}
	}
	code, out, _ = bin.exec(t, "", "", "version", "--json")
	var info version.Info
	if err := json.Unmarshal([]byte(out), &info); code != 0 || err != nil {
		t.Fatalf("version --json: exit %d, %v: %q", code, err, out)
	}
	if info.Version != version.Version || info.Commit != commit || info.GoVersion != runtime.Version() {
		t.Errorf("version --json: %+v", info)
	}
}

func checkUsageErrors(t *testing.T, bin cliBinary) {
	for _, args := range [][]string{
		{"no-such-command"},
		{"--no-such-flag"},
		{"version", "extra"},
		{"version", "--no-such-flag"},
		{"help", "no-such-command"},
		{"gen", "no-such-bench"},
		{"gen", "math401", "--seed", "abc"},
		{"gen", "math401", "extra"},
		{"data", "no-such-command"},
		{"data", "check", "no-such-bench", "file"},
		{"data", "check", "math401"},
		{"data", "check", "math401", "a", "b"},
		{"run"},
		{"run", "math401"},
		{"run", "math401", "--model", "builtin:calc", "--no-such-flag"},
		{"run", "no-such-bench", "--model", "builtin:gold"},
		{"grade"},
		{"report"},
		{"compare", "only-one"},
		{"mm", "verify"},
		{"mm", "no-such-command"},
		{"minif2f", "check"},
		{"extract", "extra"},
		{"equiv", "--timeout", "soon"},
		{"equiv", "--decimal", "sometimes"},
		{"completion", "no-such-shell"},
	} {
		code, out, stderr := bin.exec(t, "", "", args...)
		if code != exitUsage || len(lines(stderr)) != 1 || out != "" {
			t.Errorf("%v: exit %d (want %d), stdout %q, stderr %q (want one line)", args, code, exitUsage, out, stderr)
		}
	}
}

func checkWorkFailures(t *testing.T, bin cliBinary) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no-such-file.json")
	badMM := filepath.Join(dir, "bad.mm")
	// A one-axiom database whose only theorem's proof leaves two
	// statements on the stack.
	mm := "$c |- wff $. $v p $. wp $f wff p $.\nth $p wff p $= wp wp $.\n"
	if err := os.WriteFile(badMM, []byte(mm), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		stdin   string
		args    []string
		mention string // what stderr must name
	}{
		{"", []string{"data", "check", "math401", missing}, "no-such-file.json"},
		{"", []string{"mm", "verify", badMM}, "th"},
		{"not json\n", []string{"equiv"}, "line 1"},
		{"not json\n", []string{"extract"}, "line 1"},
		{"", []string{"report", filepath.Join(dir, "no-such-run")}, "no-such-run"},
	} {
		code, _, stderr := bin.exec(t, "", tc.stdin, tc.args...)
		if code != exitFailure || !strings.Contains(stderr, tc.mention) {
			t.Errorf("%v: exit %d (want %d), stderr %q (want it to name %q)", tc.args, code, exitFailure, stderr, tc.mention)
		}
	}
}

// checkREADMEJob runs the README's first command exactly as written, in a
// fresh folder.
func checkREADMEJob(t *testing.T, bin cliBinary) {
	args := readmeFirstCommand(t)
	// Exactly as written, in a fresh folder: the run directory is
	// wherever the command says it put it.
	cwd := t.TempDir()
	code, out, stderr := bin.exec(t, cwd, "", args...)
	if code != 0 {
		t.Fatalf("%v: exit %d\n%s%s", args, code, out, stderr)
	}
	var dir string
	for _, l := range lines(out) {
		if rest, ok := strings.CutPrefix(l, "run directory: "); ok {
			dir = strings.TrimSpace(rest)
		}
	}
	if dir == "" {
		t.Fatalf("%v did not say where the run directory is:\n%s", args, out)
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(cwd, dir)
	}
	checkPerfectRun(t, dir, "builtin:calc")
	checkMainOutput(t, out, stderr)
}
