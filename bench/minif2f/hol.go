package minif2f

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// HOLProblem is one statement of miniF2F's HOL Light track
// (facebookresearch/miniF2F hollight/: files "let NAME = `TERM`;;").
type HOLProblem struct {
	Name   string // the file's name without .ml ("aime-1983-p9")
	Split  string // the folder's name
	Source string
	Goal   string // the term between the backquotes
	File   string
	// Warnings lists quirks of the file that loading got over.
	Warnings []string
	// DataError is set for a statement known or found to be unusable
	// (ill-typed, unparsable, false, or with names the loaded libraries
	// lack): its rows are reported as data errors, not as failures.
	DataError string
}

// KnownHOLDefects are the statements of the HOL Light track that cannot be
// proved as written, with why. The first two are also caught by the
// session's validation (they do not type-check or parse); the third
// type-checks but is false, which no check can see.
var KnownHOLDefects = map[string]string{
	"valid/amc12a-2020-p13":                "ill-typed: n is real but the statement compares it with numerals and writes n EXP 25 (num exponentiation)",
	"valid/numbertheory-xsqpysqintdenomeq": "does not parse: the binder list '!x:real y:real' runs into the hypotheses without a '.'",
	"valid/induction-sum-odd":              "false as written: natural-number subtraction makes 0-1 = 0, so for n = 0 the sum over 0..(n-1) is 1, not 0",
}

// holRenames fixes misspelt names of the HOL Light files.
var holRenames = map[string]string{"mathb-algebra-44": "mathd-algebra-44"}

// LoadHOL loads HOL Light statement files (folders of NAME.ml, or single
// files); a file's split is its folder's name. The name is taken from the
// file name: the files write it with hyphens ("let aime-1983-p1 = ..."),
// which is not OCaml, so they are never run as they are: the quotation
// alone is kept.
func LoadHOL(paths []string) ([]HOLProblem, error) {
	return loadStatements(paths, ".ml", LoadHOLFile, func(p HOLProblem) string { return p.Split + "/" + p.Name })
}

// maxHOLFile bounds a statement file (the largest is under 2 KB).
const maxHOLFile = 1 << 20

// LoadHOLFile loads one statement file.
func LoadHOLFile(path string) (HOLProblem, error) {
	info, err := os.Stat(path)
	if err != nil {
		return HOLProblem{}, err
	}
	if !info.Mode().IsRegular() || info.Size() > maxHOLFile {
		return HOLProblem{}, fmt.Errorf("%s: not a regular file under %d bytes", path, maxHOLFile)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return HOLProblem{}, err
	}
	abs, _ := filepath.Abs(path)
	p := HOLProblem{
		Name:  strings.TrimSuffix(filepath.Base(path), ".ml"),
		Split: filepath.Base(filepath.Dir(abs)),
		File:  path,
	}
	text := strings.TrimSpace(string(data))
	head, rest, ok := strings.Cut(text, "=")
	if !ok || !strings.HasPrefix(head, "let ") {
		return HOLProblem{}, fmt.Errorf("%s:1: expected \"let NAME = `TERM`;;\"", path)
	}
	if name := strings.TrimSpace(strings.TrimPrefix(head, "let ")); name != p.Name {
		if canonName(name) != canonName(p.Name) {
			return HOLProblem{}, fmt.Errorf("%s:1: the statement is named %q, the file %q", path, name, p.Name)
		}
		// test/imosl_2007_algebra_p6.ml says "let imosl-2007-algebra-p6".
		p.Warnings = append(p.Warnings, fmt.Sprintf("%s: the statement is named %q; the file's name is used", path, name))
	}
	rest = strings.TrimSpace(rest)
	// Two test files repeat their header ("let NAME = let NAME = `...`;;"):
	// the quotation is what counts.
	for again := head + "="; strings.HasPrefix(rest, again); {
		rest = strings.TrimSpace(strings.TrimPrefix(rest, again))
		p.Warnings = append(p.Warnings, fmt.Sprintf("%s: \"let %s =\" written twice; the quotation is used", path, p.Name))
	}
	if !strings.HasPrefix(rest, "`") || !strings.HasSuffix(rest, ";;") {
		return HOLProblem{}, fmt.Errorf("%s: expected the term in backquotes, then \";;\"", path)
	}
	body := strings.TrimSpace(strings.TrimSuffix(rest, ";;"))
	if len(body) < 2 || !strings.HasSuffix(body, "`") || strings.Count(body, "`") != 2 {
		return HOLProblem{}, fmt.Errorf("%s: expected exactly one term in backquotes", path)
	}
	p.Goal = strings.TrimSpace(body[1 : len(body)-1])
	if p.Goal == "" {
		return HOLProblem{}, fmt.Errorf("%s: empty term", path)
	}
	if fixed, ok := holRenames[p.Name]; ok {
		p.Warnings = append(p.Warnings, fmt.Sprintf("%s: %s is a misspelling of %s (the name in the other tracks and the informal statements): renamed", path, p.Name, fixed))
		p.Name = fixed
	}
	p.Source = SourceOf(p.Name)
	p.DataError = KnownHOLDefects[p.Split+"/"+p.Name]
	return p, nil
}
