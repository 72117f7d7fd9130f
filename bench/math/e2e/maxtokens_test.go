package e2e_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/bench"
	mathbench "github.com/matheval/matheval/bench/math"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/run"
	"github.com/matheval/matheval/rundir"
)

// The MATH paper's direct and few-shot evaluation generates "up to 20
// tokens" at temperature 0: the direct and fewshot prompts send
// max_tokens 20 (max_completion_tokens for a reasoning model), the other
// prompts send no limit in chat (4096 in completions, the client's
// default), and a user's --max-tokens wins over the prompt's limit with a
// warning. The bodies are read as the fake OpenAI server logged them.
func TestPaperPromptsSendTheirTokenLimit(t *testing.T) {
	data := filepath.Join("..", "testdata", "MATH", "test")
	for _, tc := range []struct {
		name, api, prompt, model string
		user                     int    // --max-tokens (0: not given)
		field                    string // the field the limit travels in
		want                     int    // the limit sent (0: no field)
		warn                     bool   // the override warning
	}{
		{"chat direct", "chat", "direct", "fake-model", 0, "max_tokens", 20, false},
		{"chat fewshot", "chat", "fewshot", "fake-model", 0, "max_tokens", 20, false},
		{"chat cot", "chat", "cot", "fake-model", 0, "max_tokens", 0, false},
		{"chat hint", "chat", "hint", "fake-model", 0, "max_tokens", 0, false},
		{"completions direct", "completions", "direct", "fake-model", 0, "max_tokens", 20, false},
		{"completions cot", "completions", "cot", "fake-model", 0, "max_tokens", model.DefaultCompletionsMaxTokens, false},
		{"user wins over direct", "chat", "direct", "fake-model", 64, "max_tokens", 64, true},
		{"user on cot", "chat", "cot", "fake-model", 64, "max_tokens", 64, false},
		{"user equal to the paper's", "chat", "fewshot", "fake-model", 20, "max_tokens", 20, false},
		{"reasoning model direct", "chat", "direct", "o1-mini", 0, "max_completion_tokens", 20, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := fakeserver.New()
			defer fake.Close()
			fake.Record = true
			fake.Models = []string{tc.model}
			fake.ReasoningModel = tc.model == "o1-mini"
			b := mathbench.New()
			be, err := model.New("openai:"+tc.model, model.Options{BaseURLs: []string{fake.BaseURL()}, Bench: b,
				API: tc.api, Concurrency: 1, Params: model.Params{MaxTokens: tc.user}})
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(t.TempDir(), "run")
			rep, err := run.Run(context.Background(), run.Config{Bench: b, DataPath: data, Backend: be, Dir: dir,
				Prompt: bench.PromptOptions{Name: tc.prompt, Shots: 2, HintFraction: 0.5}, Samples: 1, Concurrency: 1,
				Timeout: 5 * time.Second, BackoffBase: time.Millisecond, ProgressMode: run.ProgressOff})
			if err != nil {
				t.Fatal(err)
			}
			logs := fake.Log()
			if len(logs) != rep.Results.Items || len(logs) == 0 {
				t.Fatalf("%d requests for %d items", len(logs), rep.Results.Items)
			}
			other := map[string]string{"max_tokens": "max_completion_tokens", "max_completion_tokens": "max_tokens"}[tc.field]
			for _, l := range logs {
				var body map[string]any
				if err := json.Unmarshal(l.Body, &body); err != nil {
					t.Fatal(err)
				}
				if _, ok := body[other]; ok {
					t.Errorf("request carries %s: %s", other, l.Body)
				}
				got, ok := body[tc.field]
				switch {
				case tc.want == 0 && ok:
					t.Errorf("request carries %s %v, want none", tc.field, got)
				case tc.want > 0 && got != float64(tc.want):
					t.Errorf("request carries %s %v, want %d", tc.field, got, tc.want)
				}
			}
			warned := false
			for _, w := range rep.Warnings {
				if strings.Contains(w, "the prompt sets max tokens 20") && strings.Contains(w, fmt.Sprintf("--max-tokens %d is sent instead", tc.user)) {
					warned = true
				}
			}
			if warned != tc.warn {
				t.Errorf("override warning %v, want %v: %q", warned, tc.warn, rep.Warnings)
			}
			// The manifest records the limit sent and the prompt's own.
			m, err := rundir.ReadManifest(dir)
			if err != nil {
				t.Fatal(err)
			}
			res, _ := m.Params["resolved"].(map[string]any)
			groups, _ := res["reply_tokens"].([]any)
			if len(groups) != 1 {
				t.Fatalf("manifest reply_tokens %v, want one group", res["reply_tokens"])
			}
			g := groups[0].(map[string]any)
			prompt := 0
			if tc.prompt == "direct" || tc.prompt == "fewshot" {
				prompt = 20
			}
			gp, _ := g["prompt"].(float64)
			if g["sent"] != float64(tc.want) || int(gp) != prompt || g["items"] != float64(len(logs)) {
				t.Errorf("manifest reply_tokens %v, want sent %d, prompt %d, items %d", g, tc.want, prompt, len(logs))
			}
		})
	}
}

// A cost budget reserves each request's worst case at the limit the
// request carries: the direct prompt's 20 tokens make --max-cost usable
// without --max-tokens, and a budget that covers 20 tokens a reply but not
// the completions default of 4096 runs every item. Without a limit (cot in
// chat) --max-cost is refused before anything is sent.
func TestPromptTokenLimitBoundsTheCost(t *testing.T) {
	data := filepath.Join("..", "testdata", "MATH", "test")
	fake := fakeserver.New()
	defer fake.Close()
	b := mathbench.New()
	// 1 cent a token; an item's worst case is about a dollar at 20 tokens
	// (its prompt's bytes, counted twice, and 20 reply tokens), over $40 at 4096.
	prices := run.Prices{"fake-*": {Prompt: 1e4, Completion: 1e4}}
	for _, tc := range []struct {
		api, prompt string
		refused     bool
		stopped     bool
	}{
		{"completions", "direct", false, false},
		{"completions", "cot", false, true},
		{"chat", "cot", true, false},
	} {
		be, err := model.New("openai:fake-model", model.Options{BaseURLs: []string{fake.BaseURL()}, Bench: b, API: tc.api, Concurrency: 1})
		if err != nil {
			t.Fatal(err)
		}
		before := fake.Requests()
		rep, err := run.Run(context.Background(), run.Config{Bench: b, DataPath: data, Backend: be, Dir: filepath.Join(t.TempDir(), "run"),
			Prompt: bench.PromptOptions{Name: tc.prompt}, Samples: 1, Concurrency: 1, Prices: prices, MaxCost: 30,
			Timeout: 5 * time.Second, BackoffBase: time.Millisecond, ProgressMode: run.ProgressOff})
		what := tc.api + " " + tc.prompt
		if tc.refused {
			if !errors.Is(err, run.ErrConfig) || !strings.Contains(err.Error(), "--max-cost needs --max-tokens") {
				t.Errorf("%s: %v, want --max-cost refused", what, err)
			}
			if fake.Requests() != before {
				t.Errorf("%s: %d requests sent", what, fake.Requests()-before)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		stopped := strings.Contains(rep.Results.Stopped, "max-cost")
		if stopped != tc.stopped {
			t.Errorf("%s: stopped %q after %d of %d items, want stopped by --max-cost %v", what, rep.Results.Stopped, rep.Results.Samples, rep.Results.Items, tc.stopped)
		}
		if !tc.stopped && rep.Results.Samples != rep.Results.Items {
			t.Errorf("%s: %d of %d items run", what, rep.Results.Samples, rep.Results.Items)
		}
	}
}
