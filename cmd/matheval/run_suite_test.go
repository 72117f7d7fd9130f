package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/rundir"
)

// suiteData writes three small benchmark files in the released shapes of
// GSM8K, AIME and SVAMP (item ids g*, a*, s*) and a replay file answering
// some items right and some wrong.
func suiteData(t *testing.T, dir string) (gsm, aime, svamp, replay string) {
	t.Helper()
	var g, a, s, r strings.Builder
	for i := range 8 {
		fmt.Fprintf(&g, `{"question":"What is %d + 1?","answer":"Add one.\n#### %d","idx":"g%d"}`+"\n", i, i+1, i)
		fmt.Fprintf(&a, `{"id":"a%d","problem":"Find %d times 2.","answer":"%d"}`+"\n", i, i, 2*i)
		fmt.Fprintf(&s, `{"ID":"s%d","Body":"Ann has %d pens.","Question":"How many pens does she have?","Answer":%d.0,"Type":"T%d"}`+"\n", i, i, i, i%2)
		// gsm8k right on i < 6, aime on i < 3, svamp on even i.
		reply := func(ok bool, v int) string {
			if !ok {
				v += 100
			}
			return fmt.Sprintf(`The final answer is $\\boxed{%d}$.`, v)
		}
		fmt.Fprintf(&r, `{"id":"g%d","sample":0,"reply":"%s"}`+"\n", i, reply(i < 6, i+1))
		fmt.Fprintf(&r, `{"id":"a%d","sample":0,"reply":"%s"}`+"\n", i, reply(i < 3, 2*i))
		fmt.Fprintf(&r, `{"id":"s%d","sample":0,"reply":"%s"}`+"\n", i, reply(i%2 == 0, i))
	}
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return write("gsm.jsonl", g.String()), write("aime.jsonl", a.String()), write("svamp.jsonl", s.String()), write("replies.jsonl", r.String())
}

var suiteRow = regexp.MustCompile(`(?m)^(gsm8k|aime|svamp|macro average)\s+([0-9.]+) \[([0-9.]+), ([0-9.]+)\]$`)

// TestRunSuite: three benchmarks in one command print one table (a row
// per benchmark and the macro average) with each run's own numbers, one
// run directory each; `table` gives the same numbers in Markdown, LaTeX
// and CSV; a suite file does the same.
func TestRunSuite(t *testing.T) {
	dir := t.TempDir()
	gsm, aime, svamp, replay := suiteData(t, dir)
	root := filepath.Join(dir, "runs")
	code, out := cli(t, "run", "gsm8k", "aime", "svamp", "--data", gsm, "--data", aime, "--data", svamp,
		"--model", "replay:"+replay, "--out", root, "--progress", "off")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	rows := map[string][3]string{}
	for _, m := range suiteRow.FindAllStringSubmatch(out, -1) {
		rows[m[1]] = [3]string{m[2], m[3], m[4]}
	}
	want := map[string]string{"gsm8k": "75.0", "aime": "37.5", "svamp": "50.0", "macro average": "54.2"}
	for name, v := range want {
		if rows[name][0] != v {
			t.Errorf("suite row %s: %v, want %s\n%s", name, rows[name], v, out)
		}
	}
	for _, name := range []string{"gsm8k", "aime", "svamp"} {
		res, err := rundir.ReadResults(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		h, _ := res.Summary.Main()
		if got := [3]string{h.Format(h.Value), h.Format(h.Interval.Lo), h.Format(h.Interval.Hi)}; got != rows[name] {
			t.Errorf("%s: the suite shows %v, its run directory %v", name, rows[name], got)
		}
	}

	// table: the same numbers in every format.
	for _, format := range []string{"markdown", "latex", "csv"} {
		code, text := cli(t, "table", root, "--format", format)
		if code != 0 {
			t.Fatalf("table --format %s: exit %d\n%s", format, code, text)
		}
		var cells map[string][3]string
		switch format {
		case "csv":
			recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
			if err != nil || len(recs) != 2 {
				t.Fatalf("csv: %v\n%s", err, text)
			}
			cells = map[string][3]string{}
			for j := 1; j+2 < len(recs[0]); j += 3 {
				cells[recs[0][j]] = [3]string{recs[1][j], recs[1][j+1], recs[1][j+2]}
			}
		default:
			sep, end := " | ", " |"
			if format == "latex" {
				sep, end = " & ", ` \\`
			}
			var head, body []string
			for _, l := range strings.Split(text, "\n") {
				if !strings.HasSuffix(l, end) || strings.HasPrefix(l, "|---") {
					continue
				}
				cellsOf := strings.Split(strings.TrimSuffix(strings.TrimPrefix(l, "| "), end), sep)
				if head == nil {
					head = cellsOf
				} else {
					body = cellsOf
				}
			}
			cells = map[string][3]string{}
			cellRE := regexp.MustCompile(`^([0-9.]+) (?:\{\\scriptsize )?\[([0-9.]+), ([0-9.]+)\]\}?$`)
			for j := 1; j < len(head) && j < len(body); j++ {
				if m := cellRE.FindStringSubmatch(body[j]); m != nil {
					cells[strings.ReplaceAll(head[j], `\_`, "_")] = [3]string{m[1], m[2], m[3]}
				}
			}
			if len(body) == 0 || body[0] != "replay:"+replay && body[0] != strings.ReplaceAll("replay:"+replay, "_", `\_`) {
				t.Errorf("%s: the row is not named by the model: %q", format, body)
			}
		}
		for _, name := range []string{"gsm8k", "aime", "svamp"} {
			if cells[name] != rows[name] {
				t.Errorf("table --format %s: %s = %v, the suite printed %v\n%s", format, name, cells[name], rows[name], text)
			}
		}
		if cells["macro average"] != rows["macro average"] {
			t.Errorf("table --format %s: macro average %v, the suite printed %v", format, cells["macro average"], rows["macro average"])
		}
	}

	// A suite file: the same runs, resumed (nothing new to do).
	suite := filepath.Join(dir, "suite.yaml")
	os.WriteFile(suite, []byte("name: small\nbenchmarks:\n  - benchmark: gsm8k\n    data: gsm.jsonl\n  - benchmark: aime\n    data: aime.jsonl\n  - benchmark: svamp\n    data: svamp.jsonl\n"), 0o644)
	code, out2 := cli(t, "run", suite, "--model", "replay:"+replay, "--out", root, "--progress", "off")
	if code != 0 || !strings.Contains(out2, "macro average  54.2") {
		t.Fatalf("suite file: exit %d\n%s", code, out2)
	}

	// Usage errors: data counts, a duplicate.
	if code, text := cli(t, "run", "gsm8k", "aime", "--data", gsm, "--model", "builtin:gold"); code != 2 || !strings.Contains(text, "2 benchmarks and 1 --data") {
		t.Errorf("data count: exit %d\n%s", code, text)
	}
	if code, text := cli(t, "run", "gsm8k", "gsm8k", "--data", gsm, "--data", gsm, "--model", "builtin:gold"); code != 2 || !strings.Contains(text, "twice") {
		t.Errorf("duplicate: exit %d\n%s", code, text)
	}
}

// TestRunSuiteBudget: --max-requests holds over the whole suite, and the
// same command continues where the budget stopped it.
func TestRunSuiteBudget(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	dir := t.TempDir()
	gsm, aime, svamp, _ := suiteData(t, dir)
	root := filepath.Join(dir, "runs")
	args := []string{"run", "gsm8k", "aime", "svamp", "--data", gsm, "--data", aime, "--data", svamp,
		"--model", "openai:fake-model", "--base-url", srv.BaseURL(), "--limit", "5", "--out", root, "--progress", "off", "--no-cache"}
	code, out := cli(t, append(args, "--max-requests", "7")...)
	if code != 1 || srv.Requests() != 7 || !strings.Contains(out, "suite stopped") {
		t.Fatalf("budget: exit %d, %d requests\n%s", code, srv.Requests(), out)
	}
	code, out = cli(t, args...)
	if code != 0 || srv.Requests() != 15 {
		t.Fatalf("continued: exit %d, %d requests in all, want 15\n%s", code, srv.Requests(), out)
	}
}

// TestREADMESuiteFile: the README's example suite file is a suite, whose
// benchmarks are a preset, a preset and a task file.
func TestREADMESuiteFile(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var block string
	for _, part := range strings.Split(string(b), "```yaml\n")[1:] {
		if body, _, ok := strings.Cut(part, "```"); ok && strings.Contains(body, "benchmarks:") {
			block = body
		}
	}
	if block == "" {
		t.Fatal("README.md has no suite file")
	}
	p := filepath.Join(t.TempDir(), "suite.yaml")
	os.WriteFile(p, []byte(block), 0o644)
	if !isSuiteFile(p) {
		t.Fatal("the README's suite is not read as a suite")
	}
	es, err := readSuite(p)
	if err != nil || len(es) != 3 || es[0].Benchmark != "gsm8k" || !strings.HasSuffix(es[2].Benchmark, "mybench.yaml") {
		t.Fatalf("entries %+v (%v)", es, err)
	}
}

// TestRunSuiteMaxCost: a suite stopped by --max-cost says that a higher
// cap continues it, not the same command (whose cap counts what the
// suite's runs have spent in every invocation, so it stops again at once,
// sending nothing); a higher cap does.
func TestRunSuiteMaxCost(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	dir := t.TempDir()
	gsm, aime, svamp, _ := suiteData(t, dir)
	prices := filepath.Join(dir, "prices.json")
	// A dollar a token: a request's worst case is over $200, a reply costs
	// about $9, so a $300 cap stops the suite in its second run.
	if err := os.WriteFile(prices, []byte(`{"fake-model": {"prompt": 1e6, "completion": 1e6}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(dir, "runs")
	args := func(maxCost string) []string {
		return []string{"run", "gsm8k", "aime", "svamp", "--data", gsm, "--data", aime, "--data", svamp,
			"--model", "openai:fake-model", "--base-url", srv.BaseURL(), "--limit", "5", "--out", root, "--progress", "off", "--no-cache",
			"--max-tokens", "20", "--prices", prices, "--max-cost", maxCost}
	}
	code, out := cli(t, args("300")...)
	if code != 1 || !strings.Contains(out, "suite stopped") {
		t.Fatalf("a suite past its cap: exit %d, %d requests\n%s", code, srv.Requests(), out)
	}
	if !strings.Contains(out, "the suite's --max-cost 300 less $") {
		t.Errorf("the suite's stop line does not name the cap the user gave:\n%s", out)
	}
	if strings.Contains(out, "Run the same command again") || !strings.Contains(out, "with a higher --max-cost to continue") {
		t.Errorf("a suite stopped by --max-cost: want the advice to raise it, not to run the same command again:\n%s", out)
	}
	before := srv.Requests()
	if code, out = cli(t, args("300")...); code != 1 || srv.Requests() != before {
		t.Fatalf("the same command again: exit %d, %d requests (the advice's premise: it sends none)\n%s", code, srv.Requests()-before, out)
	}
	if code, out = cli(t, args("1e9")...); code != 0 || srv.Requests() != 15 {
		t.Fatalf("a higher --max-cost: exit %d, %d requests in all, want 15\n%s", code, srv.Requests(), out)
	}
}
