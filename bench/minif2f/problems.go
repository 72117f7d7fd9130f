// Package minif2f checks candidate proofs for the Metamath track of
// miniF2F (v1): it loads the official statements, checks each candidate
// against its statement appended to a set.mm, and reports per split and per
// source, with pass@k over several candidates per problem.
//
// miniF2F is graded by proof checking, not answer matching, so this package
// does not implement bench.Benchmark.
package minif2f

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Problem is one miniF2F statement.
type Problem struct {
	Name   string // the theorem's label, e.g. "mathd-algebra-10"
	Split  string // "valid" or "test" (the folder's name)
	Source string // mathd, amc, aime, imo, algebra, induction, numbertheory
	File   string
	// Statement is the official statement as Metamath text (a ${ ... $}
	// block whose $p has the proof "?").
	Statement string
	// Reference is the file's own proof block, when the file carries one.
	Reference string
	// Warnings lists repairs made while loading.
	Warnings []string
}

// LoadDirs loads every .mm file of the given folders (or single files). The
// split is the name of the folder a file is in.
func LoadDirs(paths []string) ([]Problem, error) {
	return loadStatements(paths, ".mm", LoadFile, func(p Problem) string { return p.Split + "/" + p.Name })
}

// loadStatements loads every file ending in ext of the given folders (or
// single files), in name order, with load; a problem whose key (split and
// name) was already loaded is an error naming both files. The Metamath and
// HOL Light loaders share it.
func loadStatements[P any](paths []string, ext string, load func(string) (P, error), key func(P) string) ([]P, error) {
	var out []P
	seen := map[string]string{}
	for _, path := range paths {
		info, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		files := []string{path}
		if info.IsDir() {
			if files, err = filepath.Glob(filepath.Join(path, "*"+ext)); err != nil {
				return nil, err
			}
			if len(files) == 0 {
				return nil, fmt.Errorf("%s: no %s files", path, ext)
			}
		}
		sort.Strings(files)
		for _, f := range files {
			p, err := load(f)
			if err != nil {
				return nil, err
			}
			k := key(p)
			if prev, ok := seen[k]; ok {
				return nil, fmt.Errorf("%s: problem %s already loaded from %s", f, k, prev)
			}
			seen[k] = f
			out = append(out, p)
		}
	}
	return out, nil
}

// LoadFile loads one problem file. Statement-only files wrap the statement
// in a comment and write "@" for "$" (and "$@" for the "$." ending a
// hypothesis); files with a reference proof are plain Metamath.
func LoadFile(path string) (Problem, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Problem{}, err
	}
	abs, _ := filepath.Abs(path)
	p := Problem{
		Name:  strings.TrimSuffix(filepath.Base(path), ".mm"),
		Split: filepath.Base(filepath.Dir(abs)),
		File:  path,
	}
	p.Source = SourceOf(p.Name)
	text := strings.TrimSpace(string(data))
	if strings.HasPrefix(text, "$(") && strings.HasSuffix(text, "$)") {
		inner := strings.TrimSuffix(strings.TrimPrefix(text, "$("), "$)")
		p.Statement, err = unwrap(inner)
		if err != nil {
			return Problem{}, fmt.Errorf("%s: %v", path, err)
		}
	} else {
		p.Reference = text + "\n"
		p.Statement, err = withoutProof(text, p.Name)
		if err != nil {
			return Problem{}, fmt.Errorf("%s: %v", path, err)
		}
	}
	if !strings.Contains(p.Statement, p.Name+" $p") {
		// One v1 file (test/aime-1994-p3) labels its $p like its last
		// hypothesis, which makes the statement invalid Metamath: the $p
		// takes the file's name instead, as in every other file.
		label, ok := labelBefore(p.Statement, "$p")
		if !ok {
			return Problem{}, fmt.Errorf("%s: no $p statement", path)
		}
		p.Statement = replaceLabelOfP(p.Statement, label, p.Name)
		p.Warnings = append(p.Warnings, fmt.Sprintf("%s: $p labelled %q, renamed %q after the file", path, label, p.Name))
	}
	return p, nil
}

// unwrap turns the commented statement back into Metamath: keywords are
// written with "@" for "$". The files are not uniform: hypotheses end with
// "$@" (not "@."), and one comment is written "$@ ... $@". A small state
// machine tells the cases apart: "$@" ends a statement inside one, and
// opens or closes a comment outside.
func unwrap(inner string) (string, error) {
	var b strings.Builder
	inStmt, inComment, dollarComment := false, false, false
	for _, line := range strings.SplitAfter(inner, "\n") {
		fields := strings.Fields(line)
		for i, f := range fields {
			switch {
			case inComment:
				if f == "@)" && !dollarComment || f == "$@" && dollarComment {
					fields[i] = "$)"
					inComment = false
				} else if strings.Contains(f, "$") {
					return "", fmt.Errorf("unexpected token %q in a comment", f)
				}
			case f == "$@" && inStmt, f == "@.":
				fields[i] = "$."
				inStmt = false
			case f == "$@":
				fields[i] = "$("
				inComment, dollarComment = true, true
			case f == "@(":
				fields[i] = "$("
				inComment, dollarComment = true, false
			case len(f) == 2 && f[0] == '@' && strings.ContainsRune("{}=", rune(f[1])):
				fields[i] = "$" + f[1:]
			case len(f) == 2 && f[0] == '@' && strings.ContainsRune("epadcvf", rune(f[1])):
				fields[i] = "$" + f[1:]
				inStmt = true
			case strings.Contains(f, "$"):
				return "", fmt.Errorf("unexpected token %q in a statement-only file", f)
			}
		}
		if len(fields) > 0 {
			b.WriteString(strings.Join(fields, " "))
			b.WriteByte('\n')
		}
	}
	if inComment || inStmt {
		return "", fmt.Errorf("statement-only file ends inside a comment or statement")
	}
	return b.String(), nil
}

// withoutProof replaces the proof of $p label in text by "?".
func withoutProof(text, label string) (string, error) {
	i := strings.Index(text, label+" $p")
	if i < 0 {
		return "", fmt.Errorf("no $p statement labelled %s", label)
	}
	j := strings.Index(text[i:], "$=")
	if j < 0 {
		return "", fmt.Errorf("%s has no proof ($=)", label)
	}
	j += i
	k := indexToken(text[j+2:], "$.")
	if k < 0 {
		return "", fmt.Errorf("proof of %s is not terminated by $.", label)
	}
	k += j + 2
	return text[:j] + "$=\n  ? " + text[k:] + "\n", nil
}

// indexToken finds tok as a whitespace-delimited token in s.
func indexToken(s, tok string) int {
	off := 0
	for {
		i := strings.Index(s[off:], tok)
		if i < 0 {
			return -1
		}
		i += off
		before := i == 0 || isSpace(s[i-1])
		after := i+len(tok) == len(s) || isSpace(s[i+len(tok)])
		if before && after {
			return i
		}
		off = i + 1
	}
}

func isSpace(c byte) bool { return bytes.IndexByte([]byte(" \t\r\n\f"), c) >= 0 }

// labelBefore returns the token just before the first keyword kw.
func labelBefore(text, kw string) (string, bool) {
	fields := strings.Fields(text)
	for i, f := range fields {
		if f == kw && i > 0 {
			return fields[i-1], true
		}
	}
	return "", false
}

// replaceLabelOfP renames the label of the $p statement.
func replaceLabelOfP(text, old, name string) string {
	i := strings.Index(text, old+" $p")
	if i < 0 {
		return text
	}
	return text[:i] + name + text[i+len(old):]
}
