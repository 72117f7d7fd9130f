package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/rundir"
)

// writeMathItems writes n MATH items to a JSON Lines file.
func writeMathItems(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	for i := range n {
		row, _ := json.Marshal(map[string]string{"problem": fmt.Sprintf("What is %d+%d?", i, i),
			"solution": fmt.Sprintf(`$\boxed{%d}$`, 2*i), "type": "Algebra", "level": "Level 1",
			"unique_id": fmt.Sprintf("test/algebra/%d.json", i)})
		b.Write(append(row, '\n'))
	}
	p := filepath.Join(t.TempDir(), "test.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// readmeServers returns the command lines of the README's Servers section,
// each with the dialect named in the comment above it.
func readmeServers(t *testing.T) (dialects []fakeserver.Dialect, lines [][]string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "\n## Servers\n")
	if i < 0 {
		t.Fatal("README has no Servers section")
	}
	s = s[i:]
	s = s[strings.Index(s, "```sh\n")+6:]
	s = s[:strings.Index(s, "```")]
	d := fakeserver.Generic
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "# "):
			name, _, _ := strings.Cut(strings.TrimPrefix(l, "# "), ":")
			d = fakeserver.Dialect(strings.TrimSpace(name))
		case l != "":
			dialects = append(dialects, d)
			lines = append(lines, strings.Fields(l))
		}
	}
	return dialects, lines
}

// TestREADMEServers runs each command line of the README's Servers section
// against the fake server speaking that server's dialect (reasoning split
// out, as the commented server command sets up), with its --base-url,
// data and price table replaced by the test's; each must succeed.
func TestREADMEServers(t *testing.T) {
	dialects, lines := readmeServers(t)
	seen := map[fakeserver.Dialect]bool{}
	for k, args := range lines {
		d := dialects[k]
		seen[d] = true
		t.Run(d.String(), func(t *testing.T) {
			srv := fakeserver.NewDialect(d)
			defer srv.Close()
			srv.Configure(func(s *fakeserver.Server) {
				s.Think = func(string) string { return "Adding the two numbers." }
				s.SplitReasoning = true
			})
			var cmd []string
			for len(args) > 0 && strings.Contains(args[0], "=") { // VAR=value before the command
				name, val, _ := strings.Cut(args[0], "=")
				t.Setenv(name, val)
				srv.Configure(func(s *fakeserver.Server) { s.APIKey = val })
				args = args[1:]
			}
			if args[0] != "matheval" {
				t.Fatalf("line %v does not start with matheval", args)
			}
			for i := 1; i < len(args); i++ {
				a := args[i]
				cmd = append(cmd, a)
				switch a {
				case "--model":
					name := strings.TrimPrefix(args[i+1], "openai:")
					srv.Configure(func(s *fakeserver.Server) {
						s.Models = []string{name}
						s.ReasoningModel = d == fakeserver.OpenAI && strings.HasPrefix(name, "o")
					})
				case "--base-url":
					cmd = append(cmd, srv.BaseURL())
					i++
				case "--data":
					cmd = append(cmd, writeMathItems(t, 4))
					i++
				case "--prices":
					p := filepath.Join(t.TempDir(), "prices.json")
					os.WriteFile(p, []byte(`{"o4-mini": {"prompt": 1.1, "completion": 4.4}}`), 0o644)
					cmd = append(cmd, p)
					i++
				}
			}
			dir := filepath.Join(t.TempDir(), "run")
			cmd = append(cmd, "--out", dir, "--progress", "off", "--limit", "4")
			code, out := cli(t, cmd...)
			if code != 0 {
				t.Fatalf("%v: exit %d\n%s", cmd, code, out)
			}
			res, err := rundir.ReadResults(dir)
			if err != nil || res.Samples != res.Planned || res.Counts[answer.Error] != 0 || res.Samples < 4 {
				t.Fatalf("%v: %v, results %+v", cmd, err, res)
			}
		})
	}
	for _, d := range fakeserver.Dialects {
		if !seen[d] {
			t.Errorf("the README's Servers section has no command line for %s", d)
		}
	}
}

// TestRunStopsLoudly (issue 17): a dead --base-url, a refused key and
// requests that failed for good each end in a non-zero exit with one line
// saying why; --max-cost without --prices is a usage error; a cost with no
// correct answer is n/a per correct answer.
func TestRunStopsLoudly(t *testing.T) {
	dead := fakeserver.New()
	deadURL := dead.BaseURL()
	dead.Close()
	code, out := cli(t, "run", "math401", "--model", "openai:m", "--base-url", deadURL, "--limit", "3",
		"--out", filepath.Join(t.TempDir(), "run"), "--progress", "off")
	if code != exitFailure || !strings.Contains(out, "cannot reach "+deadURL) || strings.Contains(out, "accuracy") ||
		strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Errorf("dead server: exit %d\n%s", code, out)
	}

	code, out = cli(t, "run", "math401", "--model", "openai:m", "--max-cost", "1")
	if code != exitUsage || !strings.Contains(out, "--max-cost needs --prices") {
		t.Errorf("--max-cost without --prices: exit %d\n%s", code, out)
	}

	srv := fakeserver.NewDialect(fakeserver.LlamaCpp)
	defer srv.Close()
	srv.Configure(func(s *fakeserver.Server) { s.APIKey = "sk-right" })
	t.Setenv("MATH_KEY", "sk-wrong")
	dir := filepath.Join(t.TempDir(), "run")
	code, out = cli(t, "run", "math401", "--model", "openai:m", "--base-url", srv.BaseURL(), "--api-key-env", "MATH_KEY",
		"--limit", "5", "--out", dir, "--progress", "off")
	if code != exitFailure || !strings.Contains(out, "run stopped after 0 of 5 samples: HTTP 401") || !strings.Contains(out, "MATH_KEY") {
		t.Errorf("refused key: exit %d\n%s", code, out)
	}
	t.Setenv("MATH_KEY", "sk-right")
	if code, out := cli(t, "run", "math401", "--model", "openai:m", "--base-url", srv.BaseURL(), "--api-key-env", "MATH_KEY",
		"--limit", "5", "--out", dir, "--progress", "off"); code != 0 {
		t.Errorf("after the fix: exit %d\n%s", code, out)
	}

	srv2 := fakeserver.NewDialect(fakeserver.VLLM)
	defer srv2.Close()
	srv2.Configure(func(s *fakeserver.Server) {
		s.Models = []string{"m"}
		s.Fault = func(n int64, r *fakeserver.Request) fakeserver.Fault {
			if n == 2 {
				return fakeserver.BadRequest
			}
			return fakeserver.None
		}
	})
	prices := filepath.Join(t.TempDir(), "prices.json")
	os.WriteFile(prices, []byte(`{"m": {"prompt": 1, "completion": 1}}`), 0o644)
	code, out = cli(t, "run", "math401", "--model", "openai:m", "--base-url", srv2.BaseURL(), "--limit", "5", "--concurrency", "1",
		"--prices", prices, "--out", filepath.Join(t.TempDir(), "run"), "--progress", "off")
	for _, w := range []string{"of the 4 graded samples", "of all 5 samples", "failed: 1 samples", "1 of 5 samples failed for good", "n/a per correct answer"} {
		if code != exitFailure || !strings.Contains(out, w) {
			t.Errorf("a failed request: exit %d, output lacks %q\n%s", code, w, out)
		}
	}
}
