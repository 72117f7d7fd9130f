package model_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/model"
	_ "github.com/matheval/matheval/model/calcmodel" // builtin:calc
	"github.com/matheval/matheval/model/fakeserver"
)

func newClient(t *testing.T, srv *fakeserver.Server, api string, p model.Params) model.Backend {
	t.Helper()
	b, err := model.New("openai:fake-model", model.Options{BaseURLs: []string{srv.BaseURL()}, API: api, Params: p, Concurrency: 4, APIKey: "sk-secret"})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func req(text string, n int) model.Request {
	return model.Request{Item: bench.Item{ID: "x/1"}, Prompt: bench.Prompt{Messages: []bench.Message{{Role: "user", Content: text}}, Text: text}, N: n}
}

func TestChatReplyReasoningUsage(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	srv.Reasoning = "let me think"
	c := newClient(t, srv, "chat", model.Params{})
	resp, err := c.Do(context.Background(), 0, req("What is 1+1?", 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Choices) != 1 {
		t.Fatalf("choices = %d", len(resp.Choices))
	}
	ch := resp.Choices[0]
	if want := fakeserver.DefaultReply("What is 1+1?#0"); ch.Reply != want {
		t.Errorf("reply %q, want %q", ch.Reply, want)
	}
	if ch.Reasoning != "let me think" || strings.Contains(ch.Reply, "think") {
		t.Errorf("reasoning not kept apart: reply %q reasoning %q", ch.Reply, ch.Reasoning)
	}
	if ch.FinishReason != "stop" || resp.ServerModel != "fake-model" {
		t.Errorf("finish %q model %q", ch.FinishReason, resp.ServerModel)
	}
	if resp.Usage.PromptTokens != 3 || resp.Usage.CompletionTokens != 4 {
		t.Errorf("usage %+v", resp.Usage)
	}
	if strings.Contains(c.Spec(), "secret") {
		t.Errorf("spec leaks the key: %s", c.Spec())
	}
}

func TestCompletionsAndLogprobOffsets(t *testing.T) {
	for _, api := range []string{"chat", "completions"} {
		t.Run(api, func(t *testing.T) {
			srv := fakeserver.New()
			defer srv.Close()
			c := newClient(t, srv, api, model.Params{Logprobs: true, TopLogprobs: 2})
			resp, err := c.Do(context.Background(), 0, req("Q", 1))
			if err != nil {
				t.Fatal(err)
			}
			ch := resp.Choices[0]
			if len(ch.Logprobs) == 0 {
				t.Fatal("no logprobs")
			}
			for i, lp := range ch.Logprobs {
				if !strings.HasPrefix(ch.Reply[lp.Offset:], lp.Token) {
					t.Errorf("token %d %q not at offset %d of %q", i, lp.Token, lp.Offset, ch.Reply)
				}
				if len(lp.Top) != 2 || lp.Top[0].Logprob < lp.Top[1].Logprob {
					t.Errorf("token %d: top %+v", i, lp.Top)
				}
			}
		})
	}
}

func TestNHonouredOrNot(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	seed := int64(7)
	c := newClient(t, srv, "chat", model.Params{Seed: &seed})
	srv.HonourN = true
	resp, err := c.Do(context.Background(), 0, req("Q", 3))
	if err != nil || len(resp.Choices) != 3 {
		t.Fatalf("honoured n: %d choices, %v", len(resp.Choices), err)
	}
	for j, ch := range resp.Choices {
		if want := fakeserver.DefaultReply("Q#" + string(rune('7'+j))); ch.Reply != want {
			t.Errorf("choice %d: %q, want %q", j, ch.Reply, want)
		}
	}
	srv.HonourN = false
	resp, err = c.Do(context.Background(), 0, req("Q", 3))
	if err != nil || len(resp.Choices) != 1 {
		t.Fatalf("ignored n: %d choices, %v", len(resp.Choices), err)
	}
	// A separate request for sample 2 carries seed+2 and gets choice 2's reply.
	r := req("Q", 1)
	r.Sample = 2
	resp, err = c.Do(context.Background(), 0, r)
	if err != nil || resp.Choices[0].Reply != fakeserver.DefaultReply("Q#9") {
		t.Fatalf("sample 2: %+v %v", resp, err)
	}
}

func TestFaultsClassified(t *testing.T) {
	cases := []struct {
		fault     fakeserver.Fault
		retryable bool
		status    int
	}{
		{fakeserver.RateLimit, true, 429},
		{fakeserver.ServerErr, true, 500},
		{fakeserver.Slow, true, 0},
		{fakeserver.Drop, true, 0},
		{fakeserver.Malformed, true, 200},
		{fakeserver.Truncated, true, 0},
		{fakeserver.BadRequest, false, 400},
	}
	for _, tc := range cases {
		// In a synctest bubble over the in-memory fake: the slow fault's
		// wait and the client's timeout run on the bubble's clock.
		t.Run(tc.fault.String(), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				srv := fakeserver.NewPipe()
				defer srv.Close()
				srv.RetryAfter = "2"
				srv.Fault = func(int64, *fakeserver.Request) fakeserver.Fault { return tc.fault }
				c, err := model.New("openai:fake-model", model.Options{BaseURLs: []string{srv.BaseURL()}, Transport: srv.Transport()})
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
				defer cancel()
				_, err = c.Do(ctx, 0, req("Q", 1))
				var me *model.Error
				if !errors.As(err, &me) {
					t.Fatalf("error %v (%T), want *model.Error", err, err)
				}
				if me.Retryable != tc.retryable || me.Status != tc.status {
					t.Errorf("%s: retryable %v status %d, want %v %d (%s)", tc.fault, me.Retryable, me.Status, tc.retryable, tc.status, me.Msg)
				}
				if tc.fault == fakeserver.RateLimit && me.RetryAfter != 2*time.Second {
					t.Errorf("Retry-After %v, want 2s", me.RetryAfter)
				}
			})
		})
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for h, want := range map[string]time.Duration{
		"": 0, "3": 3 * time.Second, "0.5": 500 * time.Millisecond, "-1": 0, "soon": 0,
		"Thu, 01 Jan 2026 00:00:10 GMT": 10 * time.Second, "Wed, 31 Dec 2025 23:00:00 GMT": 0,
	} {
		if got := model.ParseRetryAfter(h, now); got != want {
			t.Errorf("ParseRetryAfter(%q) = %v, want %v", h, got, want)
		}
	}
}

func TestExtraBodyAndModels(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	c := newClient(t, srv, "chat", model.Params{Extra: map[string]any{"max_tokens": 5}})
	if _, err := c.Do(context.Background(), 0, req("Q", 1)); err != nil {
		t.Fatal(err)
	}
	raw, err := c.(model.ModelLister).ListModels(context.Background(), 0)
	if err != nil || !strings.Contains(string(raw), "fake-model") {
		t.Fatalf("models: %s %v", raw, err)
	}
}

func TestSpecs(t *testing.T) {
	for _, bad := range []string{"", "gpt-4", "openai:", "builtin:nope", "foo:bar", "replay:/no/such/file"} {
		if _, err := model.New(bad, model.Options{}); err == nil {
			t.Errorf("spec %q accepted", bad)
		}
	}
	if _, err := model.New("openai:m", model.Options{BaseURLs: []string{"ftp://x"}}); err == nil {
		t.Error("ftp base URL accepted")
	}
	if _, err := model.New("openai:m", model.Options{API: "embeddings"}); err == nil {
		t.Error("bad api accepted")
	}
}

func TestReplay(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "r.jsonl")
	os.WriteFile(p, []byte(`{"id":"a","sample":0,"reply":"x"}`+"\n\n"+`{"id":"a","sample":1,"reply":"y","finish_reason":"length"}`+"\n"), 0o644)
	b, err := model.New("replay:"+p, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := model.Request{Item: bench.Item{ID: "a"}, Sample: 1, N: 1}
	resp, err := b.Do(context.Background(), 0, r)
	if err != nil || resp.Choices[0].Reply != "y" || resp.Choices[0].FinishReason != "length" {
		t.Fatalf("%+v %v", resp, err)
	}
	r.Item.ID = "b"
	if _, err := b.Do(context.Background(), 0, r); err == nil {
		t.Fatal("missing reply gave no error")
	}
	os.WriteFile(p, []byte(`{"id":"a","sample":0,"reply":"x"}`+"\n"+`{"id":"a","sample":0,"reply":"x"}`+"\n"), 0o644)
	if _, err := model.New("replay:"+p, model.Options{}); err == nil || !strings.Contains(err.Error(), ":2:") {
		t.Fatalf("duplicate not reported with its line: %v", err)
	}
	os.WriteFile(p, []byte(`{"id":"a",`+"\n"), 0o644)
	if _, err := model.New("replay:"+p, model.Options{}); err == nil || !strings.Contains(err.Error(), ":1:") {
		t.Fatalf("bad JSON not reported with its line: %v", err)
	}
}

func TestCalcDeclines(t *testing.T) {
	b, err := model.New("builtin:calc", model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := b.Do(context.Background(), 0, model.Request{Item: bench.Item{ID: "p", Problem: "Prove that there are infinitely many primes."}, N: 1})
	if err != nil {
		t.Fatalf("a decline must not be a failed request: %v", err)
	}
	if resp.Choices[0].Reply != "" || resp.Choices[0].FinishReason != "declined" {
		t.Fatalf("decline: %+v", resp.Choices[0])
	}
}
