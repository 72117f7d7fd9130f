package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// grade-responses hardmath on a folder holding one stored response (the
// authors' file layout, sarahmart/HARDMath @ 7c4885c evaluation/results/
// responses/) and a one-row data file: the agreement table and the JSON
// report; a missing folder exits 1, no argument exits 2.
func TestGradeResponsesHardmathCLI(t *testing.T) {
	dir := t.TempDir()
	q := `Consider the polynomial\[P(x) =\epsilon x^{2} - x - 1.\] Find approximate expressions for all roots of the polynomial in the limit of small positive $\epsilon$ and large positive $\epsilon$.`
	data := map[string]any{"0": map[string]any{
		"question": q, "question_type": "polynomial_roots", "answer_type": "list",
		"solution":         `... The roots for large positive $\epsilon$ are $\boxed{\left[ - \sqrt{\frac{1}{\epsilon}}, \  \sqrt{\frac{1}{\epsilon}}\right]}$.`,
		"answer_val":       `\left[ \frac{1}{\epsilon}, \  -1\right]`,
		"small_eval_point": 0.01, "large_eval_point": 100.0,
	}}
	right := `For small $\epsilon$: $\boxed{[\frac{1}{\epsilon}, -1]}$. For large $\epsilon$: $\boxed{[\pm \frac{1}{\sqrt{\epsilon}}]}$`
	resp := map[string]any{"7": map[string]any{
		"prompt":   "Question: " + q + "\nHint: ...\nSolution: ",
		"response": right, "grade_prompt": "g", "grade_response": `\boxed{0.5}`, "score": 0.5,
	}}
	write := func(name string, v any) {
		b, _ := json.Marshal(v)
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("HARDMath_mini.json", data)
	write("responses/polynomial_roots/polynomial_roots_0shot_gpt4.json", resp)
	code, out, errOut := captureRun(t, "grade-responses", "hardmath", "--data", filepath.Join(dir, "HARDMath_mini.json"), filepath.Join(dir, "responses"))
	if code != 0 || !strings.Contains(out, "1 stored responses, 1 graded") || !strings.Contains(out, "polynomial_roots") || !strings.Contains(out, "1 disagreements beyond 0.25") ||
		!strings.Contains(out, "the rubric the authors' judge was given") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	code, out, _ = captureRun(t, "grade-responses", "hardmath", "--json", "--data", filepath.Join(dir, "HARDMath_mini.json"), filepath.Join(dir, "responses"))
	var rep struct {
		Graded        int `json:"graded"`
		Disagreements []struct {
			Score   float64 `json:"score"`
			Verdict struct {
				Score float64 `json:"score"`
			} `json:"verdict"`
		} `json:"disagreements"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("--json: exit %d, %v\n%s", code, err, out)
	}
	if rep.Graded != 1 || len(rep.Disagreements) != 1 || rep.Disagreements[0].Verdict.Score != 1 || rep.Disagreements[0].Score != 0.5 {
		t.Errorf("--json report: %+v", rep)
	}
	// A second response 0.25 apart: --sample draws only the first, --exact both.
	resp["8"] = map[string]any{"prompt": "Question: " + q + "\nSolution: ", "response": right, "grade_response": `\boxed{0.75}`, "score": 0.75}
	write("responses/polynomial_roots/polynomial_roots_0shot_gpt4.json", resp)
	for _, c := range []struct {
		args []string
		want []string
		not  string
	}{
		{[]string{"--sample", "5"}, []string{"#7"}, "#8"},
		{[]string{"--sample", "5", "--exact"}, []string{"#7", "#8"}, ""},
		{[]string{"--sample", "5", "--exact", "--markdown"}, []string{"#7", "#8", "| polynomial_roots | 2 | 0 | 0 | 0 | 0 |"}, ""},
	} {
		args := append([]string{"grade-responses", "hardmath", "--data", filepath.Join(dir, "HARDMath_mini.json")}, c.args...)
		code, out, errOut := captureRun(t, append(args, filepath.Join(dir, "responses"))...)
		for _, w := range c.want {
			if code != 0 || !strings.Contains(out, w) {
				t.Errorf("%v: exit %d, want %q in\n%s%s", c.args, code, w, out, errOut)
			}
		}
		if c.not != "" && strings.Contains(out, c.not) {
			t.Errorf("%v: %q listed, it is within 0.25:\n%s", c.args, c.not, out)
		}
	}
	if code, _, _ := captureRun(t, "grade-responses", "hardmath", filepath.Join(dir, "nosuch")); code != 1 {
		t.Errorf("a missing folder: exit %d, want 1", code)
	}
	if code, _, _ := captureRun(t, "grade-responses", "hardmath"); code != 2 {
		t.Errorf("no argument: exit %d, want 2", code)
	}
}
