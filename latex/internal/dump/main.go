// Command dump prints the latex parser's verdict on every answer string the
// project holds, one line per input and reading, so that two versions of
// the parser can be compared by diffing their dumps (issue 28: the move of
// the parser onto texscan's tokens must change no verdict unexplained).
//
// Inputs: the golds of ../shared/data (MATH train and test, MATH-500,
// math401, ASDiv, data/answers/*), the candidates the mutation suite's
// generators make from the MATH, MATH-500, math401 and ASDiv golds, every
// string of the committed fuzz corpora, and every string literal of the
// tests of latex, equiv and answer. Each distinct input is parsed under the
// default Config and under DecimalComma, GoldApprox and SymPyNames, and its
// line is the input (quoted), the reading, and the parse printed by String
// (with its node type) or the error.
//
// Run from the repository root: go run ./latex/internal/dump -o /tmp/dump.txt
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/asdiv"
	mathb "github.com/matheval/matheval/bench/math"
	"github.com/matheval/matheval/bench/math401"
	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/grader/mutation"
	"github.com/matheval/matheval/latex"
)

func main() {
	out := flag.String("o", "", "output file (default stdout)")
	shared := flag.String("shared", "../shared", "the shared folder")
	noMut := flag.Bool("no-mutants", false, "leave out the mutation suite's candidates")
	flag.Parse()
	in := map[string]bool{}
	add := func(s string) {
		if len(s) <= 4*latex.MaxInput {
			in[s] = true
		}
	}
	var golds []mutation.Gold
	data := filepath.Join(*shared, "data")
	for _, p := range []string{filepath.Join(data, "math", "MATH"), filepath.Join(data, "math500", "test.jsonl")} {
		items, _, err := mathb.Load(p, bench.LoadOptions{})
		check(err)
		for _, it := range items {
			add(it.Answer)
			golds = append(golds, mutation.Gold{Bench: "math", ID: it.ID, Text: it.Answer})
		}
	}
	items, _, err := math401.ReadFile(filepath.Join(data, "math401", "math401.json"))
	check(err)
	for _, it := range items {
		add(it.Answer)
		golds = append(golds, mutation.Gold{Bench: "math401", ID: it.ID, Text: it.Answer})
	}
	items, _, err = asdiv.LoadFile(filepath.Join(data, "asdiv", "ASDiv.xml"))
	check(err)
	for _, it := range items {
		add(it.Answer)
		golds = append(golds, mutation.Gold{Bench: "asdiv", ID: it.ID, Text: it.Answer, Prose: true})
	}
	files, _ := filepath.Glob(filepath.Join(data, "answers", "*", "*.jsonl"))
	for _, f := range files {
		answersFile(f, add)
	}
	ngold := len(in)
	if !*noMut {
		gen := mutation.Generator{Reprint: func(s string) (string, error) {
			n, err := latex.Parse(s)
			if err != nil {
				return "", err
			}
			return n.String(), nil
		}}
		for _, g := range golds {
			st := mutation.NewStats()
			base := gen.Pairs(g, st)
			pairs := append(base, gen.Closed(g, false, st)...)
			pairs = append(pairs, gen.Surface(g, base, false, st)...)
			for _, p := range pairs {
				add(p.Answer)
				add(p.Cand)
			}
		}
	}
	nmut := len(in) - ngold
	fuzz, _ := filepath.Glob("*/testdata/fuzz/*/*")
	for _, f := range fuzz {
		fuzzFile(f, add)
	}
	for _, pkg := range []string{"latex", "equiv", "answer"} {
		tests, _ := filepath.Glob(filepath.Join(pkg, "*_test.go"))
		for _, f := range tests {
			literals(f, add)
		}
	}
	keys := make([]string, 0, len(in))
	for s := range in {
		keys = append(keys, s)
	}
	sort.Strings(keys)
	w := os.Stdout
	if *out != "" {
		w, err = os.Create(*out)
		check(err)
	}
	bw := bufio.NewWriter(w)
	configs := []struct {
		name string
		cfg  latex.Config
	}{{"default", latex.Config{}}, {"comma", latex.Config{DecimalComma: true}},
		{"approx", latex.Config{GoldApprox: true}}, {"sympy", latex.Config{SymPyNames: true}}}
	for _, s := range keys {
		for _, c := range configs {
			n, err := latex.ParseWith(s, c.cfg)
			res := ""
			if err != nil {
				res = "ERR " + err.Error()
			} else {
				res = fmt.Sprintf("%s %s", nodeType(n), n.String())
			}
			fmt.Fprintf(bw, "%q\t%s\t%s\n", s, c.name, res)
		}
	}
	check(bw.Flush())
	fmt.Fprintf(os.Stderr, "%d inputs (%d golds, %d more from the mutation suite, %d from fuzz corpora and test literals), %d lines\n",
		len(keys), ngold, nmut, len(keys)-ngold-nmut, len(keys)*len(configs))
}

func nodeType(n expr.Node) string { return strings.TrimPrefix(fmt.Sprintf("%T", n), "*expr.") }

// answersFile reads the answer fields of a JSON Lines file of
// data/answers: answer, Answer or target, with a GSM8K solution's text
// after "####" and a boxed answer's content.
func answersFile(path string, add func(string)) {
	f, err := os.Open(path)
	check(err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var rec map[string]any
		if json.Unmarshal(sc.Bytes(), &rec) != nil {
			continue
		}
		for _, k := range []string{"answer", "Answer", "target", "final_answer"} {
			v, ok := rec[k]
			if !ok {
				continue
			}
			var s string
			switch v := v.(type) {
			case string:
				s = v
			case float64:
				s = strconv.FormatFloat(v, 'f', -1, 64)
			default:
				b, _ := json.Marshal(v)
				s = string(b)
			}
			if _, tail, ok := strings.Cut(s, "####"); ok {
				add(strings.TrimSpace(tail))
			}
			if b, _, ok := mathb.LastBoxed(s); ok {
				add(b)
			}
			add(s)
		}
	}
	check(sc.Err())
}

// fuzzFile reads the string values of a committed fuzz input.
func fuzzFile(path string, add func(string)) {
	b, err := os.ReadFile(path)
	check(err)
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "string("); ok {
			if s, err := strconv.Unquote(strings.TrimSuffix(v, ")")); err == nil {
				add(s)
			}
		}
	}
}

// literals adds every string literal of a Go file.
func literals(path string, add func(string)) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	check(err)
	ast.Inspect(f, func(n ast.Node) bool {
		if l, ok := n.(*ast.BasicLit); ok && l.Kind == token.STRING {
			if s, err := strconv.Unquote(l.Value); err == nil {
				add(s)
			}
		}
		return true
	})
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "dump:", err)
		os.Exit(1)
	}
}
