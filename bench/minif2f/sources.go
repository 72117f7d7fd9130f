package minif2f

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The sources of miniF2F problems, as the paper reports them (Zheng et al.
// 2022, Table 1): olympiads (IMO, AIME, AMC), problems taken from the MATH
// dataset (algebra and number theory; their names carry the MATH test id),
// and problems written for miniF2F (algebra, number theory, induction).
const (
	SourceIMO                = "imo"
	SourceAIME               = "aime"
	SourceAMC                = "amc"
	SourceMATHAlgebra        = "math-algebra"
	SourceMATHNumberTheory   = "math-numbertheory"
	SourceMATHOther          = "math"
	SourceCustomAlgebra      = "custom-algebra"
	SourceCustomNumberTheory = "custom-numbertheory"
	SourceInduction          = "induction"
	SourceOther              = "other"
)

// Sources lists the sources in the order tables show them.
var Sources = []string{SourceIMO, SourceAIME, SourceAMC, SourceMATHAlgebra, SourceMATHNumberTheory, SourceMATHOther,
	SourceCustomAlgebra, SourceCustomNumberTheory, SourceInduction, SourceOther}

// SourceLabel is how tables name a source.
func SourceLabel(s string) string {
	switch s {
	case SourceIMO:
		return "IMO"
	case SourceAIME:
		return "AIME"
	case SourceAMC:
		return "AMC"
	case SourceMATHAlgebra:
		return "MATH Algebra"
	case SourceMATHNumberTheory:
		return "MATH Number Theory"
	case SourceMATHOther:
		return "MATH (other)"
	case SourceCustomAlgebra:
		return "Custom Algebra"
	case SourceCustomNumberTheory:
		return "Custom Number Theory"
	case SourceInduction:
		return "Induction"
	}
	return "Other"
}

// canonName writes a problem name the same way for every track: Metamath
// and HOL Light join words with "-", Lean 4 and the informal files with
// "_" ("aimeI_2000_p7" and "aimeI-2000-p7" are one problem).
func canonName(name string) string { return strings.ReplaceAll(name, "_", "-") }

// SourceOf returns the source of a problem name ("amc12a-2002-p1" -> amc,
// "mathd_algebra_10" -> math-algebra).
func SourceOf(name string) string {
	n := strings.ToLower(canonName(name))
	switch {
	case strings.HasPrefix(n, "imo"):
		return SourceIMO
	case strings.HasPrefix(n, "aime"):
		return SourceAIME
	case strings.HasPrefix(n, "amc"):
		return SourceAMC
	case strings.HasPrefix(n, "mathd-algebra-"):
		return SourceMATHAlgebra
	case strings.HasPrefix(n, "mathd-numbertheory-"):
		return SourceMATHNumberTheory
	case strings.HasPrefix(n, "mathd-"):
		return SourceMATHOther
	case strings.HasPrefix(n, "algebra-"):
		return SourceCustomAlgebra
	case strings.HasPrefix(n, "numbertheory-"):
		return SourceCustomNumberTheory
	case strings.HasPrefix(n, "induction-"):
		return SourceInduction
	}
	return SourceOther
}

// MATHID returns the MATH test problem a name was taken from:
// "mathd-algebra-10" -> ("algebra", "10"), the file MATH/test/algebra/10.json.
func MATHID(name string) (subject, id string, ok bool) {
	n := canonName(name)
	for prefix, subj := range map[string]string{"mathd-algebra-": "algebra", "mathd-numbertheory-": "number_theory"} {
		if rest, found := strings.CutPrefix(n, prefix); found && rest != "" && strings.Trim(rest, "0123456789") == "" {
			return subj, rest, true
		}
	}
	return "", "", false
}

// MATHLevels reads the level ("1" to "5") of each MATH-derived name from a
// MATH tree (the folder holding test/), e.g. ../shared/data/math/MATH.
// Names that are not MATH-derived are left out; a MATH-derived name whose
// file is missing is an error naming the file.
func MATHLevels(root string, names []string) (map[string]string, error) {
	if _, err := os.Stat(filepath.Join(root, "test")); err != nil {
		return nil, fmt.Errorf("%s: not a MATH tree (no test folder): %v", root, err)
	}
	out := map[string]string{}
	for _, name := range names {
		subj, id, ok := MATHID(name)
		if !ok {
			continue
		}
		path := filepath.Join(root, "test", subj, id+".json")
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("%s: MATH problem of %s: %v", path, name, err)
		}
		var p struct {
			Level string `json:"level"`
		}
		if err := json.Unmarshal(data, &p); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		level := strings.TrimSpace(strings.TrimPrefix(p.Level, "Level"))
		if len(level) != 1 || level[0] < '1' || level[0] > '5' {
			return nil, fmt.Errorf("%s: level %q is not Level 1 to Level 5", path, p.Level)
		}
		out[name] = level
	}
	return out, nil
}

// Informal is a problem's informal statement and proof.
type Informal struct {
	Statement string `json:"informal_statement"`
	Proof     string `json:"informal_proof"`
}

// LoadInformal reads miniF2F's informal statements and proofs (a folder
// with valid/ and test/ holding NAME.json files of problem_name,
// informal_statement and informal_proof), keyed by split and canonical name
// (see InformalKey).
func LoadInformal(dir string) (map[string]Informal, error) {
	out := map[string]Informal{}
	for _, split := range []string{"valid", "test"} {
		files, err := filepath.Glob(filepath.Join(dir, split, "*.json"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			var row struct {
				Name string `json:"problem_name"`
				Informal
			}
			if err := json.Unmarshal(data, &row); err != nil {
				return nil, fmt.Errorf("%s: %v", f, err)
			}
			if row.Name == "" {
				row.Name = strings.TrimSuffix(filepath.Base(f), ".json")
			}
			out[InformalKey(split, row.Name)] = row.Informal
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no informal statements (want valid/*.json and test/*.json)", dir)
	}
	return out, nil
}

// InformalKey is the key of a problem in LoadInformal's map.
func InformalKey(split, name string) string { return split + "/" + strings.ToLower(canonName(name)) }
