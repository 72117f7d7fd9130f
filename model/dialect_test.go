package model_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/model/fakeserver"
)

// These tests drive the client through the fake server's dialects: the
// wire formats of vLLM, SGLang, llama.cpp, Ollama and the OpenAI API as
// their sources define them (see model/fakeserver/dialect.go).

func dialectClient(t *testing.T, srv *fakeserver.Server, api string, p model.Params, stream bool) model.Backend {
	t.Helper()
	return dialectClientModel(t, srv, "fake-model", api, p, stream)
}

func dialectClientModel(t *testing.T, srv *fakeserver.Server, name, api string, p model.Params, stream bool) model.Backend {
	t.Helper()
	b, err := model.New("openai:"+name, model.Options{BaseURLs: []string{srv.BaseURL()}, API: api, Params: p,
		Stream: stream, Concurrency: 2, APIKey: "sk-right", APIKeyEnv: "MY_KEY"})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const thought = "We need 2+2. Adding gives 4, so the answer is 4."

func thinker(string) string { return thought }

func modes() []bool { return []bool{false, true} }

func streamName(s bool) string {
	if s {
		return "stream"
	}
	return "whole"
}

// TestDialectReplies: the reply, the reasoning split out of it, the finish
// reason and the usage (prompt, completion, reasoning and cached tokens)
// come out right from every dialect, streamed or not, for chat and
// completions.
func TestDialectReplies(t *testing.T) {
	for _, d := range fakeserver.Dialects {
		for _, api := range []string{"chat", "completions"} {
			for _, stream := range modes() {
				t.Run(fmt.Sprintf("%s/%s/%s", d, api, streamName(stream)), func(t *testing.T) {
					srv := fakeserver.NewDialect(d)
					defer srv.Close()
					srv.Think, srv.SplitReasoning, srv.CachedTokens = thinker, true, 7
					c := dialectClient(t, srv, api, model.Params{}, stream)
					resp, err := c.Do(context.Background(), 0, req("What is 2+2?", 1))
					if err != nil {
						t.Fatal(err)
					}
					ch := resp.Choices[0]
					want := fakeserver.DefaultReply("What is 2+2?#0")
					switch {
					case api == "completions":
						// No reasoning parser on completions: the generation is the reply.
						if !strings.Contains(ch.Reply, "<think>") || !strings.HasSuffix(ch.Reply, want) || ch.Reasoning != "" {
							t.Errorf("reply %q reasoning %q", ch.Reply, ch.Reasoning)
						}
					case d == fakeserver.OpenAI:
						if ch.Reply != want || ch.Reasoning != "" {
							t.Errorf("reply %q reasoning %q", ch.Reply, ch.Reasoning)
						}
					default:
						if strings.TrimSpace(ch.Reply) != want || strings.TrimSpace(ch.Reasoning) != thought {
							t.Errorf("reply %q reasoning %q", ch.Reply, ch.Reasoning)
						}
					}
					if ch.FinishReason != "stop" || resp.ServerModel == "" {
						t.Errorf("finish %q, server model %q", ch.FinishReason, resp.ServerModel)
					}
					u := resp.Usage
					if u.PromptTokens != 3 || u.CompletionTokens < 10 {
						t.Errorf("usage %+v", u)
					}
					// SGLang: usage.reasoning_tokens; OpenAI: completion_tokens_details.
					wantReasoning := (d == fakeserver.SGLang || d == fakeserver.OpenAI)
					if (u.ReasoningTokens > 0) != wantReasoning {
						t.Errorf("reasoning tokens %d (want some: %v)", u.ReasoningTokens, wantReasoning)
					}
					wantCached := 0
					if d == fakeserver.VLLM || d == fakeserver.SGLang || d == fakeserver.OpenAI {
						wantCached = 7
					}
					if u.CachedTokens != wantCached {
						t.Errorf("cached tokens %d, want %d", u.CachedTokens, wantCached)
					}
				})
			}
		}
	}
}

// checkPlaced checks that every token sits in the reply at its offset.
func checkPlaced(t *testing.T, reply string, lps []model.Choice) {
	t.Helper()
	for _, ch := range lps {
		if len(ch.Logprobs) == 0 {
			t.Fatalf("no logprobs (notes %v)", ch.Notes)
		}
		for i, lp := range ch.Logprobs {
			tok, off := lp.Token, lp.Offset
			if off < 0 { // straddles the reply's start: its tail begins the reply
				if -off >= len(tok) || !strings.HasPrefix(ch.Reply, tok[-off:]) {
					t.Fatalf("token %d %q at offset %d does not lead into %q", i, tok, off, ch.Reply)
				}
				continue
			}
			if off+len(tok) > len(ch.Reply) || ch.Reply[off:off+len(tok)] != tok {
				t.Fatalf("token %d %q is not at offset %d of %q", i, tok, off, ch.Reply)
			}
		}
		if strings.Contains(ch.Logprobs[0].Token, "<think>") && !strings.Contains(ch.Reply, "<think>") {
			t.Fatalf("a reasoning token was kept: %+v", ch.Logprobs[0])
		}
	}
}

// TestLogprobsAlignedWithSplitReasoning (issue 14, item 1): with the
// reasoning split out, logprobs cover the reasoning's tokens first; every
// token kept must sit in the reply at its offset, and the answer's token
// carry the logprob the server gave it, as with the reasoning inline.
func TestLogprobsAlignedWithSplitReasoning(t *testing.T) {
	for _, d := range []fakeserver.Dialect{fakeserver.VLLM, fakeserver.SGLang, fakeserver.LlamaCpp, fakeserver.Ollama} {
		for _, stream := range modes() {
			t.Run(fmt.Sprintf("%s/%s", d, streamName(stream)), func(t *testing.T) {
				answerLogprob := map[bool]float64{}
				for _, split := range []bool{false, true} {
					srv := fakeserver.NewDialect(d)
					srv.Think, srv.SplitReasoning = thinker, split
					c := dialectClient(t, srv, "chat", model.Params{Logprobs: true, TopLogprobs: 2}, stream)
					resp, err := c.Do(context.Background(), 0, req("What is 2+2?", 1))
					srv.Close()
					if err != nil {
						t.Fatal(err)
					}
					ch := resp.Choices[0]
					checkPlaced(t, ch.Reply, resp.Choices)
					// The reply's last token holds the answer digit.
					dot := strings.LastIndexAny(ch.Reply, "0123456789")
					found := false
					for _, lp := range ch.Logprobs {
						if lp.Offset <= dot && dot < lp.Offset+len(lp.Token) {
							answerLogprob[split], found = lp.Logprob, true
							if len(lp.Top) != 2 || lp.Top[0].Offset != lp.Offset {
								t.Errorf("alternatives %+v", lp.Top)
							}
						}
					}
					if !found {
						t.Fatalf("no token covers the answer at %d of %q", dot, ch.Reply)
					}
				}
				if answerLogprob[true] != answerLogprob[false] {
					t.Errorf("answer token logprob %v split, %v inline", answerLogprob[true], answerLogprob[false])
				}
			})
		}
	}
}

// TestLogprobsThatCannotBeAligned: a server whose tokens do not contain the
// reply gets no logprobs and a note saying so, never a guess.
func TestLogprobsThatCannotBeAligned(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"model":"m","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant",
			"content":"The answer is 5.","reasoning_content":"think"},
			"logprobs":{"content":[{"token":"<think>","logprob":-0.1,"bytes":null,"top_logprobs":[]},
			{"token":"think","logprob":-0.2,"bytes":null,"top_logprobs":[]},{"token":"</think>","logprob":-0.3,"bytes":null,"top_logprobs":[]},
			{"token":"Answer: 5","logprob":-0.4,"bytes":null,"top_logprobs":[]}]}}],"usage":{"prompt_tokens":1,"completion_tokens":4}}`)
	}))
	defer ts.Close()
	c, err := model.New("openai:m", model.Options{BaseURLs: []string{ts.URL + "/v1"}, Params: model.Params{Logprobs: true}})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Do(context.Background(), 0, req("Q", 1))
	if err != nil {
		t.Fatal(err)
	}
	ch := resp.Choices[0]
	if len(ch.Logprobs) != 0 || len(ch.Notes) != 1 || ch.Notes[0] != model.NoteLogprobsUnaligned {
		t.Fatalf("logprobs %+v notes %v", ch.Logprobs, ch.Notes)
	}
}

// TestCompletionsLogprobShapes (item 2): llama.cpp's /v1/completions sends
// logprobs in the chat shape (content[] with id); they are read and placed.
// Ollama's never sends any: the reply carries a note, so the run can warn.
func TestCompletionsLogprobShapes(t *testing.T) {
	for _, d := range fakeserver.Dialects {
		for _, stream := range modes() {
			t.Run(fmt.Sprintf("%s/%s", d, streamName(stream)), func(t *testing.T) {
				srv := fakeserver.NewDialect(d)
				defer srv.Close()
				c := dialectClient(t, srv, "completions", model.Params{Logprobs: true}, stream)
				resp, err := c.Do(context.Background(), 0, req("What is 2+2?", 1))
				if err != nil {
					t.Fatal(err)
				}
				ch := resp.Choices[0]
				if d == fakeserver.Ollama {
					if len(ch.Logprobs) != 0 || len(ch.Notes) != 1 || ch.Notes[0] != model.NoteLogprobsMissing {
						t.Fatalf("ollama: logprobs %d, notes %v", len(ch.Logprobs), ch.Notes)
					}
					return
				}
				checkPlaced(t, ch.Reply, resp.Choices)
				if len(ch.Notes) != 0 {
					t.Errorf("notes %v", ch.Notes)
				}
			})
		}
	}
}

// TestCompletionsDefaultMaxTokens (item 3): vLLM, SGLang and the OpenAI
// API cut completions at 16 tokens when max_tokens is absent; the client
// sends a default limit, so a long reply comes back whole.
func TestCompletionsDefaultMaxTokens(t *testing.T) {
	long := "Let us work this out step by step. First we add two and two, which gives four; then we check the sum once more and find that the answer is 4."
	for _, d := range []fakeserver.Dialect{fakeserver.VLLM, fakeserver.SGLang, fakeserver.OpenAI} {
		t.Run(d.String(), func(t *testing.T) {
			srv := fakeserver.NewDialect(d)
			defer srv.Close()
			srv.Record = true
			srv.Reply = func(string) string { return long }
			c := dialectClient(t, srv, "completions", model.Params{}, false)
			resp, err := c.Do(context.Background(), 0, req("Q", 1))
			if err != nil {
				t.Fatal(err)
			}
			if ch := resp.Choices[0]; ch.FinishReason != "stop" || ch.Reply != long {
				t.Fatalf("finish %q reply %q", ch.FinishReason, ch.Reply)
			}
			var body map[string]any
			json.Unmarshal(srv.Log()[0].Body, &body)
			if body["max_tokens"] != float64(model.DefaultCompletionsMaxTokens) {
				t.Fatalf("max_tokens sent: %v", body["max_tokens"])
			}
		})
	}
}

// TestNRefused (item 4): llama.cpp answers n > 1 with HTTP 500 "Only one
// completion choice is allowed", a gateway with a 400 naming n: the client
// says so (not a retryable 500) and asks for one reply per request after.
func TestNRefused(t *testing.T) {
	for _, tc := range []struct {
		d      fakeserver.Dialect
		refuse bool
	}{{fakeserver.LlamaCpp, false}, {fakeserver.OpenAI, true}, {fakeserver.VLLM, true}} {
		t.Run(tc.d.String(), func(t *testing.T) {
			srv := fakeserver.NewDialect(tc.d)
			defer srv.Close()
			srv.RefuseN = tc.refuse
			srv.Record = true
			c := dialectClient(t, srv, "chat", model.Params{}, false)
			_, err := c.Do(context.Background(), 0, req("Q", 3))
			if !errors.Is(err, model.ErrNRefused) || model.AsError(err).Retryable {
				t.Fatalf("n=3: %v", err)
			}
			if c.MaxN() != 1 {
				t.Fatalf("MaxN %d after a refusal", c.MaxN())
			}
			resp, err := c.Do(context.Background(), 0, req("Q", 3))
			if err != nil || len(resp.Choices) != 1 {
				t.Fatalf("after the refusal: %v, %d choices", err, len(resp.Choices))
			}
			if l := srv.Log(); strings.Contains(string(l[1].Body), `"n":`) {
				t.Errorf("n sent again: %s", l[1].Body)
			}
		})
	}
}

// TestErrorsThatNeverClear (item 5): a refused key (naming the variable it
// came from), an unknown model (listing what GET /v1/models serves), no
// quota and a rejected parameter the user set are fatal: no retry clears
// them. A context-length 400 is not: it concerns one request.
func TestErrorsThatNeverClear(t *testing.T) {
	type tc struct {
		name  string
		d     fakeserver.Dialect
		setup func(*fakeserver.Server)
		model string
		p     model.Params
		want  []string
	}
	temp := 0.5
	cases := []tc{
		{"401-vllm", fakeserver.VLLM, func(s *fakeserver.Server) { s.APIKey = "sk-other" }, "fake-model", model.Params{}, []string{"HTTP 401", "Unauthorized", "MY_KEY"}},
		{"401-llamacpp", fakeserver.LlamaCpp, func(s *fakeserver.Server) { s.APIKey = "sk-other" }, "fake-model", model.Params{}, []string{"HTTP 401", "Invalid API Key", "MY_KEY"}},
		{"401-openai", fakeserver.OpenAI, func(s *fakeserver.Server) { s.APIKey = "sk-other" }, "fake-model", model.Params{}, []string{"HTTP 401", "Incorrect API key", "MY_KEY"}},
		{"404-vllm", fakeserver.VLLM, func(s *fakeserver.Server) { s.Models = []string{"Qwen/Qwen3-8B"} }, "qwen3", model.Params{}, []string{"HTTP 404", "does not exist", "Qwen/Qwen3-8B"}},
		{"404-ollama", fakeserver.Ollama, func(s *fakeserver.Server) { s.Models = []string{"qwen3:8b", "llama3.2:3b"} }, "qwen3", model.Params{}, []string{"not found", "qwen3:8b, llama3.2:3b"}},
		{"404-openai", fakeserver.OpenAI, func(s *fakeserver.Server) { s.Models = []string{"gpt-4o"} }, "gpt-40", model.Params{}, []string{"model_not_found", "gpt-4o"}[1:]},
		{"404-route", fakeserver.VLLM, func(s *fakeserver.Server) { s.NoModelsRoute = true }, "fake-model", model.Params{}, nil},
		{"429-quota", fakeserver.OpenAI, func(s *fakeserver.Server) { s.NoQuota = true }, "fake-model", model.Params{}, []string{"insufficient_quota", "exceeded your current quota"}},
		{"400-param", fakeserver.OpenAI, func(s *fakeserver.Server) { s.ReasoningModel = true }, "fake-model", model.Params{Temperature: &temp, MaxTokens: 100}, []string{"temperature", "--temperature"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := fakeserver.NewDialect(c.d)
			defer srv.Close()
			c.setup(srv)
			be := dialectClientModel(t, srv, c.model, "chat", c.p, false)
			if c.name == "404-route" {
				// A base URL without /v1: the API's routes are not there.
				b, err := model.New("openai:fake-model", model.Options{BaseURLs: []string{srv.URL}, APIKey: "sk-right"})
				if err != nil {
					t.Fatal(err)
				}
				be = b
				c.want = []string{"HTTP 404", "Not Found", "ends in /v1"}
			}
			_, err := be.Do(context.Background(), 0, req("Q", 1))
			for i := 0; i < 3 && errors.Is(err, model.ErrAdjusted); i++ {
				_, err = be.Do(context.Background(), 0, req("Q", 1)) // max_tokens swapped first
			}
			if !errors.Is(err, model.ErrFatal) {
				t.Fatalf("%v: not fatal", err)
			}
			if me := model.AsError(err); me.Retryable {
				t.Errorf("fatal and retryable: %+v", me)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("message %q lacks %q", err, w)
				}
			}
		})
	}
	// A 400 about one request's prompt is that request's failure only.
	srv := fakeserver.NewDialect(fakeserver.VLLM)
	defer srv.Close()
	srv.Fault = func(int64, *fakeserver.Request) fakeserver.Fault { return fakeserver.BadRequest }
	_, err := dialectClient(t, srv, "chat", model.Params{}, false).Do(context.Background(), 0, req("Q", 1))
	if me := model.AsError(err); errors.Is(err, model.ErrFatal) || me.Retryable || me.Status != 400 {
		t.Fatalf("context-length 400: %+v", me)
	}
}

// TestReasoningModelParameters (item 7): OpenAI's reasoning models take
// max_completion_tokens and reject max_tokens and a temperature other than
// their default. By name (o-series, gpt-5) the client sends the right
// field at once; for another name it switches after the first 400. A
// temperature the user did not set is left out; one the user set is fatal.
func TestReasoningModelParameters(t *testing.T) {
	zero := 0.0
	for _, tc := range []struct {
		name     string
		requests int64 // to get one reply
	}{{"o3-mini", 2}, {"my-reasoner", 3}} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fakeserver.NewDialect(fakeserver.OpenAI)
			defer srv.Close()
			srv.ReasoningModel, srv.Models, srv.Record = true, []string{tc.name}, true
			c := dialectClientModel(t, srv, tc.name, "chat", model.Params{MaxTokens: 500, Temperature: &zero, Implicit: []string{"temperature"}}, false)
			var err error
			for range 4 {
				if _, err = c.Do(context.Background(), 0, req("Q", 1)); err == nil || !errors.Is(err, model.ErrAdjusted) {
					break
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			if srv.Requests() != tc.requests {
				t.Errorf("%d requests to get a reply, want %d", srv.Requests(), tc.requests)
			}
			last := srv.Log()[len(srv.Log())-1].Body
			var body map[string]any
			json.Unmarshal(last, &body)
			if body["max_completion_tokens"] != 500.0 || body["max_tokens"] != nil || body["temperature"] != nil {
				t.Errorf("accepted body %s", last)
			}
			// From then on the first attempt succeeds.
			n := srv.Requests()
			if _, err := c.Do(context.Background(), 0, req("Q2", 1)); err != nil || srv.Requests() != n+1 {
				t.Errorf("next request: %v, %d attempts", err, srv.Requests()-n)
			}
		})
	}
	// A non-reasoning model by name keeps max_tokens.
	srv := fakeserver.NewDialect(fakeserver.OpenAI)
	defer srv.Close()
	srv.Record = true
	if _, err := dialectClient(t, srv, "chat", model.Params{MaxTokens: 50}, false).Do(context.Background(), 0, req("Q", 1)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(srv.Log()[0].Body), `"max_tokens":50`) {
		t.Errorf("body %s", srv.Log()[0].Body)
	}
}

// TestRetryHintsAndBodies (item 8): retry-after-ms wins over Retry-After,
// x-should-retry: false is obeyed, a gzip body the client did not ask for
// is read when declared and named when not, an HTML page on 200 is named
// (with its title) and fatal, and a proxy's 502 page is a retryable 502
// named by its title, not dumped.
func TestRetryHintsAndBodies(t *testing.T) {
	for _, tc := range []struct {
		fault     fakeserver.Fault
		ok        bool
		retryable bool
		fatal     bool
		want      string
	}{
		{fakeserver.RateLimitMS, false, true, false, "HTTP 429"},
		{fakeserver.NoRetry, false, false, false, "HTTP 503"},
		{fakeserver.Gzip, false, false, true, "gzip-compressed bytes without a Content-Encoding"},
		{fakeserver.GzipDeclared, true, false, false, ""},
		{fakeserver.HTMLPage, false, false, true, `an HTML page titled "Sign in - Example Corp SSO"`},
		{fakeserver.BadGatewayHTML, false, true, false, `HTTP 502: an HTML page titled "502 Bad Gateway"`},
	} {
		t.Run(tc.fault.String(), func(t *testing.T) {
			srv := fakeserver.NewDialect(fakeserver.OpenAI)
			defer srv.Close()
			srv.RetryAfterMS = "250"
			srv.Fault = func(int64, *fakeserver.Request) fakeserver.Fault { return tc.fault }
			_, err := dialectClient(t, srv, "chat", model.Params{}, false).Do(context.Background(), 0, req("Q", 1))
			if tc.ok {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			me := model.AsError(err)
			if me.Retryable != tc.retryable || errors.Is(err, model.ErrFatal) != tc.fatal || !strings.Contains(me.Msg, tc.want) {
				t.Fatalf("%+v", me)
			}
			if strings.Contains(me.Msg, "<html") || strings.Contains(me.Msg, "<center>") {
				t.Errorf("raw HTML in the message: %s", me.Msg)
			}
			if tc.fault == fakeserver.RateLimitMS && me.RetryAfter != 250*time.Millisecond {
				t.Errorf("retry after %v, want 250ms from retry-after-ms", me.RetryAfter)
			}
		})
	}
}

// TestStreamFaults: a stream cut half way and an error chunk mid-stream
// are failed attempts worth retrying, never a short reply.
func TestStreamFaults(t *testing.T) {
	for _, d := range fakeserver.Dialects {
		for _, f := range []fakeserver.Fault{fakeserver.StreamCut, fakeserver.StreamError} {
			t.Run(d.String()+"/"+f.String(), func(t *testing.T) {
				srv := fakeserver.NewDialect(d)
				defer srv.Close()
				srv.Fault = func(int64, *fakeserver.Request) fakeserver.Fault { return f }
				srv.Think, srv.SplitReasoning = thinker, true
				_, err := dialectClient(t, srv, "chat", model.Params{Logprobs: d != fakeserver.OpenAI}, true).Do(context.Background(), 0, req("Q", 1))
				me := model.AsError(err)
				if err == nil || !me.Retryable || errors.Is(err, model.ErrFatal) {
					t.Fatalf("%v", err)
				}
			})
		}
	}
}

// TestStreamN: a streamed request for several replies gathers each choice.
func TestStreamN(t *testing.T) {
	srv := fakeserver.NewDialect(fakeserver.VLLM)
	defer srv.Close()
	seed := int64(3)
	c := dialectClient(t, srv, "chat", model.Params{Seed: &seed, Logprobs: true}, true)
	resp, err := c.Do(context.Background(), 0, req("Q", 3))
	if err != nil || len(resp.Choices) != 3 {
		t.Fatalf("%v, %d choices", err, len(resp.Choices))
	}
	for j, ch := range resp.Choices {
		if want := fakeserver.DefaultReply(fmt.Sprintf("Q#%d", 3+j)); ch.Reply != want {
			t.Errorf("choice %d: %q, want %q", j, ch.Reply, want)
		}
	}
	checkPlaced(t, "", resp.Choices)
}
