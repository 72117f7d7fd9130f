package math

import (
	"os"
	"path/filepath"

	"github.com/matheval/matheval/bench"
)

// MATH's data, as the loaders read it: JSON records with a problem, a
// solution or answer, and a level, type or subject; the original tree of
// subject folders. MATH reads AMPS's MATH-shaped records too. MATH's record
// test is the most general of all, so it is tried last.
func init() {
	bench.RegisterShape(bench.Shape{
		Name: "math", Display: "MATH", Order: 100, Reads: []string{"amps"},
		Record: func(has func(string) bool) string {
			if has("problem") && (has("solution") || has("answer")) && (has("level") || has("type") || has("subject")) {
				return bench.Fields("problem", "level/type/subject")
			}
			return ""
		},
		Dir: func(dir string) string {
			subjects := []string{"algebra", "prealgebra", "number_theory", "geometry", "precalculus"}
			for _, base := range []string{dir, filepath.Join(dir, "test"), filepath.Join(dir, "train")} {
				for _, s := range subjects {
					if st, err := os.Stat(filepath.Join(base, s)); err == nil && st.IsDir() {
						return "MATH's tree of subject folders"
					}
				}
			}
			return ""
		},
		Item: func(it bench.Item) bool {
			_, s := it.Meta["subject"]
			_, l := it.Meta["level"]
			return s && l
		},
	})
}
