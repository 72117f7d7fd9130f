package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench/hardmath"
	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/rundir"
)

// TestRunJudgeHARDMath runs HARDMath-mini items with builtin:gold and a
// judge on the fake server answering with the paper's boxed score, and
// checks the judge records and judge_score; the items without a rubric
// (nondimensionalization) are not judged, and the verdicts stay primary.
func TestRunJudgeHARDMath(t *testing.T) {
	data := testenv.Shared(t, "data", "hardmath", "HARDMath_mini.json")
	srv := fakeserver.New()
	defer srv.Close()
	reply := func(key string) string {
		if !strings.HasPrefix(key, "Please take this response:") {
			return "not a judge prompt"
		}
		return "Both regimes match the answer key.\n\nFinal grade: \\[\\boxed{0.75}\\]"
	}
	srv.Configure(func(s *fakeserver.Server) { s.Reply = reply })
	dir := filepath.Join(t.TempDir(), "run")
	code, out := cli(t, "run", "hardmath", "--data", data, "--model", "builtin:gold", "--sample", "12", "--seed", "3",
		"--judge", "openai:judge-model", "--judge-base-url", srv.BaseURL(), "--out", dir, "--progress", "off")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	recs, err := rundir.ReadSamples(dir)
	if err != nil {
		t.Fatal(err)
	}
	judged := 0
	for _, r := range recs {
		nondim := r.Item.Meta["type"] == hardmath.TypeNondimSymbolic || r.Item.Meta["type"] == hardmath.TypeNondimNumeric
		switch {
		case nondim && (r.JudgeScore != nil || r.JudgeReply != ""):
			t.Errorf("%s: judged without a rubric", r.Item.ID)
		case !nondim && (r.JudgeScore == nil || *r.JudgeScore != 0.75 || r.JudgeReason != "Both regimes match the answer key."):
			t.Errorf("%s: judge score %v reason %q", r.Item.ID, r.JudgeScore, r.JudgeReason)
		case !nondim:
			judged++
		}
	}
	res, _ := rundir.ReadResults(dir)
	js, _ := res.Summary.Metric("judge_score")
	if judged == 0 || int64(judged) != srv.Requests() || js.Value != 0.75 || js.N != judged || res.Counts["correct"] != len(recs) {
		t.Fatalf("judged %d, requests %d, metrics %+v, counts %v", judged, srv.Requests(), res.Summary.Metrics, res.Counts)
	}
	if !strings.Contains(out, "judge score:") || !strings.Contains(out, "75.0% [") {
		t.Errorf("output lacks the judge score:\n%s", out)
	}
	if code, out := cli(t, "run", "hardmath", "--data", data, "--model", "builtin:gold", "--judge-base-url", srv.BaseURL()); code != exitUsage {
		t.Errorf("--judge-base-url without --judge: exit %d\n%s", code, out)
	}
}
