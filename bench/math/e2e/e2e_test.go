package e2e_test

import (
	"bytes"
	"context"
	"encoding/json"
	gomath "math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	mathbench "github.com/matheval/matheval/bench/math"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/run"
	"github.com/matheval/matheval/rundir"
)

// The end-to-end test: a run of six MATH problems against the fake
// OpenAI server, whose replies mix right, wrong, unextractable and
// truncated answers with logprobs. The fake gives token i (tokens split at
// spaces) the logprob -0.1·i, so each answer's confidence is exp(-0.1·i)
// for the index i of the token holding it:
//
//	A algebra  L1  "So the answer is $\boxed{2}$."        right  token 4: e^-0.4 = 0.6703
//	B algebra  L2  "The answer: $\boxed{5}$"               wrong  token 2: e^-0.2 = 0.8187
//	C geometry L1  "Thus $\boxed{7}$ is the result"        right  token 1: e^-0.1 = 0.9048
//	D geometry L2  "After a lot of work we get $\boxed{3}$" wrong  token 7: e^-0.7 = 0.4966
//	E algebra  L3  "I am not sure how to solve this."      no answer
//	F geometry L3  "Let me start by expanding the"         cut (finish_reason length)
//
// Accuracy 2/6; algebra 1/3, geometry 1/3; level 1: 2/2, level 2: 0/2,
// level 3: 0/2; no answer 1/6, truncated 1/6. AUROC: of the 4 (right,
// wrong) pairs, 0.6703 < 0.8187 is the only one out of order: 3/4.
func TestEndToEndFakeServer(t *testing.T) {
	type row struct{ id, problem, subject, level, gold, reply string }
	rows := []row{
		{"A", "What is $1+1$?", "Algebra", "Level 1", "2", `So the answer is $\boxed{2}$.`},
		{"B", "What is $2+2$?", "Algebra", "Level 2", "4", `The answer: $\boxed{5}$`},
		{"C", "How many sides has a heptagon?", "Geometry", "Level 1", "7", `Thus $\boxed{7}$ is the result`},
		{"D", "How many sides has a square?", "Geometry", "Level 2", "4", `After a lot of work we get $\boxed{3}$`},
		{"E", "What is $3+3$?", "Algebra", "Level 3", "6", `I am not sure how to solve this.`},
		{"F", "How many sides has a hexagon?", "Geometry", "Level 3", "6", `Let me start by expanding the`},
	}
	dir := t.TempDir()
	var data bytes.Buffer
	for _, r := range rows {
		b, _ := json.Marshal(map[string]string{"problem": r.problem, "solution": `$\boxed{` + r.gold + `}$`,
			"type": r.subject, "level": r.level, "unique_id": "test/" + strings.ToLower(r.subject) + "/" + r.id + ".json"})
		data.Write(append(b, '\n'))
	}
	path := filepath.Join(dir, "test.jsonl")
	if err := os.WriteFile(path, data.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	fake := fakeserver.New()
	defer fake.Close()
	fake.Reply = func(key string) string {
		for _, r := range rows {
			if strings.HasPrefix(key, r.problem+" Final Answer:") {
				return r.reply
			}
		}
		return "unknown prompt"
	}
	// The fake always says finish_reason "stop": this front marks the
	// truncated reply as cut by the token limit.
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		fake.Config.Handler.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		if bytes.Contains(body, []byte("Let me start")) {
			body = bytes.ReplaceAll(body, []byte(`"finish_reason":"stop"`), []byte(`"finish_reason":"length"`))
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.Write(body)
	}))
	defer front.Close()

	b := mathbench.New()
	be, err := model.New("openai:fake-model", model.Options{BaseURLs: []string{front.URL + "/v1"}, Bench: b,
		Concurrency: 2, Params: model.Params{Logprobs: true, MaxTokens: 64}})
	if err != nil {
		t.Fatal(err)
	}
	runDir := filepath.Join(dir, "run")
	rep, err := run.Run(context.Background(), run.Config{Bench: b, DataPath: path, Backend: be, Dir: runDir,
		Prompt: bench.PromptOptions{Name: "direct"}, Samples: 1, Concurrency: 2, MaxRetries: 0,
		Timeout: 5 * time.Second, BackoffBase: time.Millisecond, ProgressMode: run.ProgressOff})
	if err != nil {
		t.Fatal(err)
	}
	res := rep.Results
	if res.Counts[answer.Correct] != 2 || res.Counts[answer.Wrong] != 2 || res.Counts[answer.NoAnswer] != 1 || res.Counts[answer.Incomplete] != 1 {
		t.Fatalf("counts %v", res.Counts)
	}
	sum := res.Summary
	conf := []float64{gomath.Exp(-0.4), gomath.Exp(-0.2), gomath.Exp(-0.1), gomath.Exp(-0.7)}
	near := func(name string, got, want float64) {
		t.Helper()
		if gomath.IsNaN(got) || gomath.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	near("accuracy", sum.Value("accuracy"), 2.0/6)
	near("auroc", sum.Value("auroc"), 0.75)
	if m, _ := sum.Metric("auroc"); m.N != len(conf) {
		t.Errorf("auroc over %d samples, want %d", m.N, len(conf))
	}
	want := map[string]float64{"by_subject/algebra": 1.0 / 3, "by_subject/geometry": 1.0 / 3,
		"by_level/1": 1, "by_level/2": 0, "by_level/3": 0}
	for k, w := range want {
		name, key, _ := strings.Cut(k, "/")
		bd, ok := sum.Breakdown(name)
		found := false
		for _, g := range bd.Groups {
			if g.Key == key {
				near(k, g.Values["accuracy"].Value, w)
				found = true
			}
		}
		if !ok || !found {
			t.Errorf("no group %s", k)
		}
	}
	// the table printed after a run: accuracy by subject, in the paper's order
	var bs bench.Table
	for _, tb := range res.Summary.Tables {
		if tb.Name == "by_subject" {
			bs = tb
		}
	}
	if len(bs.Rows) != 2 || bs.Rows[0][0] != "Algebra" || !strings.HasPrefix(bs.Rows[0][2], "33.3 [") || !bs.Main {
		t.Errorf("by subject: %v %v", bs.Columns, bs.Rows)
	}
	// per-sample confidences recorded by the runner through bench.Confidencer
	recs, err := rundir.ReadSamples(runDir)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]float64{}
	for _, r := range recs {
		byID[strings.TrimPrefix(r.Item.ID, "test/")] = r.Confidence
	}
	for id, c := range map[string]float64{"algebra/A": conf[0], "algebra/B": conf[1], "geometry/C": conf[2], "geometry/D": conf[3], "algebra/E": -1} {
		if gomath.Abs(byID[id]-c) > 1e-9 {
			t.Errorf("confidence of %s = %v, want %v", id, byID[id], c)
		}
	}
}
