//go:build unix

package realserver_test

import (
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/internal/realserver"
	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/rundir"
)

// checkTiny checks a run of the tiny model on mathItems: the reply boxes 2,
// so item 0 (gold 2) is correct and item 1 (gold 3) wrong; each sample has
// usage, and with logprobs one token per completion token, in the reply.
func checkTiny(t *testing.T, r result, samples int, logprobs bool) []rundir.SampleRecord {
	t.Helper()
	if r.code != 0 {
		t.Fatalf("%v", r)
	}
	recs := r.samples(t)
	if len(recs) != 2*samples {
		t.Fatalf("%d samples, want %d\n%v", len(recs), 2*samples, r)
	}
	for _, rec := range recs {
		want := answer.Correct
		if rec.Item.ID != recs[0].Item.ID {
			want = answer.Wrong
		}
		if rec.Verdict.Kind != want || rec.Verdict.Extracted != "2" {
			t.Errorf("%s#%d: verdict %s (extracted %q), want %s of 2; reply %q", rec.Item.ID, rec.Index, rec.Verdict.Kind, rec.Verdict.Extracted, want, rec.Reply)
		}
		if rec.Usage.PromptTokens <= 0 || rec.Usage.CompletionTokens <= 0 {
			t.Errorf("%s#%d: usage %+v", rec.Item.ID, rec.Index, rec.Usage)
		}
		if !logprobs {
			continue
		}
		if len(rec.Logprobs) != rec.Usage.CompletionTokens && len(rec.Logprobs) != rec.Usage.CompletionTokens-1 {
			// The end-of-turn token may be counted without being sent.
			t.Errorf("%s#%d: %d logprobs for %d completion tokens", rec.Item.ID, rec.Index, len(rec.Logprobs), rec.Usage.CompletionTokens)
		}
		var text strings.Builder
		for _, lp := range rec.Logprobs {
			if lp.Logprob > 0 || lp.Offset != text.Len() {
				t.Errorf("%s#%d: token %+v at offset %d", rec.Item.ID, rec.Index, lp, text.Len())
				break
			}
			text.WriteString(lp.Token)
		}
		if !strings.HasPrefix(text.String(), rec.Reply) {
			t.Errorf("%s#%d: tokens %q do not spell the reply %q", rec.Item.ID, rec.Index, text.String(), rec.Reply)
		}
	}
	return recs
}

// TestLlamaServer runs matheval against llama.cpp's llama-server serving
// the tiny model.
func TestLlamaServer(t *testing.T) {
	realserver.Binary(t, "llama-server")
	m := realserver.TinyModels(t)
	srv := realserver.StartLlamaServer(t, m.Tiny)
	items := mathItems(t)
	base := []string{"--model", "openai:tiny", "--base-url", srv.BaseURL()}

	t.Run("chat", func(t *testing.T) {
		r := runMatheval(t, items, append(base, "--logprobs", "--max-tokens", "64")...)
		for _, rec := range checkTiny(t, r, 1, true) {
			if rec.FinishReason != "stop" {
				t.Errorf("%s: finish_reason %q", rec.Item.ID, rec.FinishReason)
			}
		}
	})
	t.Run("stream", func(t *testing.T) {
		checkTiny(t, runMatheval(t, items, append(base, "--stream", "--max-tokens", "64")...), 1, false)
	})
	// llama-server's /v1/completions continues the text as given (no chat
	// template, unlike Ollama's): the default prompt ends in "\boxed{}.",
	// after which the tiny bigram model's next token is its end of text (an
	// empty reply, finish_reason stop: seen on the real server), so this
	// run uses the paper's direct prompt, which ends in "Final Answer:" (a
	// few-shot prompt outgrows the 512 tokens of a slot at this tokenizer's
	// near-character tokens). Its logprobs come in the chat shape
	// (logprobs.content), which the client reads for the confidence.
	t.Run("completions", func(t *testing.T) {
		checkTiny(t, runMatheval(t, items, append(base, "--api", "completions", "--prompt", "direct", "--logprobs", "--max-tokens", "64")...), 1, true)
	})
	// Item 3: llama-server honours n > 1 but counts one choice in
	// usage.completion_tokens; matheval asks for each sample on its own, so
	// each sample's usage is its own reply's.
	t.Run("samples", func(t *testing.T) {
		status, body, raw := srv.Post(t, "/v1/chat/completions", map[string]any{"model": "tiny", "n": 3, "temperature": 1.5, "seed": 3,
			"max_tokens": 64, "logprobs": true, "messages": []map[string]string{{"role": "user", "content": "What is 1+1?"}}})
		if status != 200 {
			t.Fatalf("n=3: %d %s", status, raw)
		}
		choices, _ := body["choices"].([]any)
		sum := 0
		for _, c := range choices {
			content, _ := c.(map[string]any)["logprobs"].(map[string]any)["content"].([]any)
			sum += len(content)
		}
		usage, _ := body["usage"].(map[string]any)
		counted, _ := usage["completion_tokens"].(float64)
		if len(choices) != 3 || int(counted) >= sum {
			t.Errorf("n=3: %d choices with %d tokens in all, usage.completion_tokens %v: the server no longer counts one choice (revisit model.CountsOneChoice)", len(choices), sum, counted)
		}
		r := runMatheval(t, items, append(base, "--samples", "3", "--temperature", "1.5", "--sampling-seed", "3", "--logprobs", "--max-tokens", "64")...)
		recs := checkTiny(t, r, 3, true)
		total := 0
		for _, rec := range recs {
			total += rec.Usage.CompletionTokens
		}
		res, err := rundir.ReadResults(r.dir)
		if err != nil {
			t.Fatal(err)
		}
		if res.Usage.CompletionTokens != total {
			t.Errorf("results usage %d completion tokens, the samples %d", res.Usage.CompletionTokens, total)
		}
	})
	// Item 6: a body that is not JSON gets 500 server_error from the real
	// server, and the same from the fake's llama.cpp dialect.
	t.Run("bad-json", func(t *testing.T) {
		status, body, raw := srv.Post(t, "/v1/chat/completions", "{")
		fake := fakeserver.NewDialect(fakeserver.LlamaCpp)
		defer fake.Close()
		fstatus, fbody, fraw := realserver.PostTo(t, fake.BaseURL()+"/chat/completions", strings.NewReader("{"))
		if status != 500 || errType(body) != "server_error" {
			t.Errorf("real: %d %s", status, raw)
		}
		if fstatus != status || errType(fbody) != errType(body) {
			t.Errorf("fake %d %s, real %d %s", fstatus, fraw, status, raw)
		}
	})
	// llama-server serves any model name: the run goes on, with a warning.
	t.Run("any-name", func(t *testing.T) {
		r := runMatheval(t, items, "--model", "openai:no-such-model", "--base-url", srv.BaseURL(), "--max-tokens", "64")
		checkTiny(t, r, 1, false)
		if !strings.Contains(r.stderr, `does not list model "no-such-model"`) {
			t.Errorf("no warning about the name: %s", r.stderr)
		}
	})
	// Item 7 on llama-server: with no max_tokens a looping model stops at
	// the end of its context window (of -c 2048 split over 4 slots): cut, and
	// graded incomplete.
	t.Run("loop", func(t *testing.T) {
		loop := realserver.StartLlamaServer(t, m.Loop)
		checkLoop(t, runMatheval(t, items, "--model", "openai:tiny-loop", "--base-url", loop.BaseURL()), 0)
	})
}

// TestDeadPort: a server that answers nothing stops the run before any
// directory, in one line naming it.
func TestDeadPort(t *testing.T) {
	realserver.Binary(t, "llama-server") // only where the integration tests run
	host := realserver.FreeHost(t)
	r := runMatheval(t, mathItems(t), "--model", "openai:tiny", "--base-url", "http://"+host+"/v1", "--max-retries", "0")
	if r.code != 1 || !strings.Contains(r.stderr, host) || strings.Count(strings.TrimSpace(r.stderr), "\n") > 1 {
		t.Errorf("%v", r)
	}
}

// checkLoop checks a run of the looping model: every reply was cut at the
// token limit (limit; 0: any), MATH grades it incomplete, and the run
// warns about cut replies.
func checkLoop(t *testing.T, r result, limit int) {
	t.Helper()
	if r.code != 0 {
		t.Fatalf("%v", r)
	}
	recs := r.samples(t)
	if len(recs) != 2 {
		t.Fatalf("%d samples\n%v", len(recs), r)
	}
	for _, rec := range recs {
		if rec.FinishReason != "length" || rec.Verdict.Kind != answer.Incomplete || (limit > 0 && rec.Usage.CompletionTokens != limit) {
			t.Errorf("%s: finish_reason %q after %d tokens, verdict %s", rec.Item.ID, rec.FinishReason, rec.Usage.CompletionTokens, rec.Verdict.Kind)
		}
		if !strings.Contains(rec.Reply, `\boxed{2}. is \boxed{2}.`) {
			t.Errorf("%s: reply %.80q does not loop", rec.Item.ID, rec.Reply)
		}
	}
	if !strings.Contains(r.stderr, "2 of 2 replies were cut at the token limit") || !strings.Contains(r.stderr, "they are graded incomplete") {
		t.Errorf("no cut-replies warning: %s", r.stderr)
	}
}

// errType is an error body's error.type ("" when none).
func errType(body map[string]any) string {
	e, _ := body["error"].(map[string]any)
	s, _ := e["type"].(string)
	return s
}
