package hardmath

import "github.com/matheval/matheval/bench"

// HARDMath's released JSON: records with "question_type" and "answer_val";
// its items carry an answer_type.
func init() {
	bench.RegisterShape(bench.Shape{
		Name: "hardmath", Display: "HARDMath", Order: 20,
		Record: func(has func(string) bool) string {
			if has("question_type") && has("answer_val") {
				return bench.Fields("question_type", "answer_val")
			}
			return ""
		},
		Item: func(it bench.Item) bool {
			_, ok := it.Meta["answer_type"]
			return ok
		},
	})
}
