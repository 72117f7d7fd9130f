package asdiv

import (
	"bytes"

	"github.com/matheval/matheval/bench"
)

// ASDiv's XML, and JSON records with a body and a question; its items
// carry a grade and a type.
func init() {
	bench.RegisterShape(bench.Shape{
		Name: "asdiv", Display: "ASDiv", Order: 40,
		Record: func(has func(string) bool) string {
			if has("body") && has("question") {
				return bench.Fields("body", "question")
			}
			return ""
		},
		File: func(_ string, head []byte) string {
			if head[0] == '<' && (bytes.Contains(head, []byte("<Machine-Reading-Corpus-File")) ||
				(bytes.Contains(head, []byte("<Problem")) && bytes.Contains(head, []byte("<Body>")))) {
				return "ASDiv's XML (<Problem> with <Body> and <Question>)"
			}
			return ""
		},
		Item: func(it bench.Item) bool {
			_, g := it.Meta["grade"]
			_, t := it.Meta["type"]
			return g && t
		},
	})
}
