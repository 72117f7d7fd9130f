package minif2f

import (
	"bytes"
	"strings"

	"github.com/matheval/matheval/bench"
)

// miniF2F's statements: Lean 4 JSON Lines with a "formal_statement", and
// Metamath statement files.
func init() {
	bench.RegisterShape(bench.Shape{
		Name: "minif2f", Display: "miniF2F", Order: 30,
		Record: func(has func(string) bool) string {
			if has("formal_statement") {
				return bench.Fields("formal_statement")
			}
			return ""
		},
		File: func(path string, head []byte) string {
			if strings.HasSuffix(path, ".mm") || bytes.Contains(head, []byte("$p")) && bytes.Contains(head, []byte("$=")) {
				return "Metamath statements ($p ... $=)"
			}
			return ""
		},
	})
}
