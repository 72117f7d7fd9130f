// Package model sends prompts to language models. It owns the backends that
// answer a request: any OpenAI-compatible server (openai:<model>), and the
// built-in baselines builtin:gold, builtin:calc and replay:FILE. It knows
// nothing of scheduling, retries, journals or grading: one call to Do is one
// attempt, and a failed attempt comes back as an *Error that says whether
// retrying makes sense. Package run does the rest.
package model

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/matheval/matheval/core"
)

// Request is one request for N replies to one item.
type Request struct {
	Item   core.Item
	Prompt core.Prompt
	// Sample is the index of the first reply asked for; the replies are
	// samples Sample .. Sample+N-1 of the item.
	Sample int
	// N is the number of replies asked for in this request (>= 1). Backends
	// that cannot give several replies per request return fewer choices; the
	// caller asks again for the missing ones.
	N int
}

// Choice is one reply.
type Choice struct {
	Reply string `json:"reply"`
	// Reasoning is the reasoning the server returned in a separate field
	// (reasoning_content or reasoning), kept apart from the reply.
	Reasoning    string `json:"reasoning,omitempty"`
	FinishReason string `json:"finish_reason,omitempty"`
	// Logprobs are the reply's tokens, their offsets counted in the reply.
	// Tokens of the reasoning are not among them (see alignLogprobs).
	Logprobs []core.TokenLogprob `json:"logprobs,omitempty"`
	// Notes say what the client noticed about this reply that the caller
	// should report (NoteLogprobsMissing, NoteLogprobsUnaligned).
	Notes []string `json:"notes,omitempty"`
}

// Notes a Choice may carry.
const (
	// NoteLogprobsMissing: logprobs were asked for and the reply came
	// without them (Ollama's /v1/completions never sends them).
	NoteLogprobsMissing = "logprobs asked for, none came back"
	// NoteLogprobsUnaligned: the tokens the server sent do not contain the
	// reply (the server changed the text it split out of the generation),
	// so no token can be placed in the reply; the logprobs are dropped.
	NoteLogprobsUnaligned = "logprobs do not contain the reply text, so they cannot be aligned with it"
)

// Response is the answer to one request.
type Response struct {
	Choices     []Choice
	Usage       core.Usage
	ServerModel string // the model id the server reports
}

// Backend answers requests.
type Backend interface {
	// Spec is the model spec with any secret redacted (for the manifest).
	Spec() string
	// Model is the model name used to look up prices ("" for built-ins).
	Model() string
	// Servers is the number of servers requests can be spread over (>= 1).
	Servers() int
	// MaxN is the most replies one request may ask for (1 when the backend
	// has no notion of several replies per request).
	MaxN() int
	// Canonical returns every setting that changes replies, for the cache
	// key of a request. It must be deterministic and JSON-serialisable.
	Canonical() map[string]any
	// Do sends one request to server (0 <= server < Servers()) once. It
	// honours ctx's deadline. A failure is an *Error.
	Do(ctx context.Context, server int, req Request) (Response, error)
}

// ModelLister is implemented by backends that can ask their servers which
// models they serve (GET /v1/models): the runner probes every server with
// it before a run and records the answer in the manifest.
type ModelLister interface {
	// ListModels asks server (0 <= server < Servers()). A failure is an *Error.
	ListModels(ctx context.Context, server int) (json.RawMessage, error)
	// ServerURL names server in messages (its base URL, credentials removed).
	ServerURL(server int) string
}

// ItemMatcher is implemented by backends that answer only some items (a
// replay file): before any request the runner gives it the run's item ids,
// and a backend that can answer none of them fails the run with one line.
type ItemMatcher interface {
	MatchItems(ids []string) error
}

// OneByOner is implemented by backends that can be told to ask for each
// sample in a request of its own (n = 1). The runner does so for servers
// whose usage for n > 1 would be wrong: llama-server honours n but its
// usage.completion_tokens counts one choice (issue 34), so tokens and cost
// would be under-counted by n.
type OneByOner interface {
	OneChoicePerRequest()
}

// ReplyCapper is implemented by backends that can be given a reply limit
// when the user set none: the runner does so for servers that would
// otherwise never end a reply that loops (issue 34, item 7).
type ReplyCapper interface {
	// CapReplies sets the most tokens per reply to n when none is set, and
	// reports whether it did. It is called before the first request.
	CapReplies(n int) bool
}

// GeneratesWithoutEnd reports whether a server listing its models with
// this owned_by never ends a reply by itself when no max_tokens is sent:
// Ollama ("library") defaults num_predict to -1 (ollama/ollama
// api/types.go, DefaultOptions) and shifts its context window instead of
// stopping, so a looping model generates until the client's timeout (see
// DefaultOllamaMaxTokens). llama-server stops at its context size.
func GeneratesWithoutEnd(ownedBy string) bool { return ownedBy == "library" }

// DefaultOllamaMaxTokens is the reply limit sent to Ollama when none is
// given: half its default context of 4,096 tokens, so that the prompt and
// the reply fit in it. Ollama itself stops a reply only at 10 times the
// context (llm/server.go), and past the context's end its context shift
// stalled (a looping test model, v0.17.4: 3,900 tokens in 25 s, 4,200 not
// in 200 s), which is the hang of issue 34, item 7.
const DefaultOllamaMaxTokens = 2048

// CountsOneChoice reports whether a server listing its models with this
// owned_by counts one choice's tokens in the usage of an n > 1 request.
func CountsOneChoice(ownedBy string) bool { return ownedBy == "llamacpp" }

// ModelIDs reads the model ids of a GET /v1/models answer ({"data": [{"id"}]}).
func ModelIDs(raw json.RawMessage) []string {
	var l struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if json.Unmarshal(raw, &l) != nil {
		return nil
	}
	ids := make([]string, 0, len(l.Data))
	for _, d := range l.Data {
		ids = append(ids, d.ID)
	}
	return ids
}

// ModelOwners reads each listed model's owned_by from a GET /v1/models
// answer: the servers name themselves there (vLLM "vllm", SGLang "sglang",
// llama.cpp "llamacpp", Ollama "library", OpenAI "system" or "openai").
func ModelOwners(raw json.RawMessage) map[string]string {
	var l struct {
		Data []struct {
			ID      string `json:"id"`
			OwnedBy string `json:"owned_by"`
		} `json:"data"`
	}
	if json.Unmarshal(raw, &l) != nil {
		return nil
	}
	out := make(map[string]string, len(l.Data))
	for _, d := range l.Data {
		out[d.ID] = d.OwnedBy
	}
	return out
}

// SameModel reports whether the model asked for is the one a server lists:
// the same id, or one of them Ollama's default tag of the other (Ollama
// lists "tiny:latest" and serves it as "tiny" too).
func SameModel(asked, listed string) bool {
	return asked == listed || asked+":latest" == listed || listed+":latest" == asked
}

// ChecksModelName reports whether a server that lists its models with this
// owned_by refuses a model name it does not list: vLLM, Ollama and the
// OpenAI API answer 404 to such a request, while llama.cpp and SGLang
// serve their one model under any name asked (each dialect in
// model/fakeserver cites its source).
func ChecksModelName(ownedBy string) bool {
	switch ownedBy {
	case "vllm", "library", "system", "openai", "openai-internal":
		return true
	}
	return false
}

// Kind says what a failed attempt means beyond this request.
type Kind int

const (
	// KindRequest: this request failed; Retryable says whether another
	// attempt may succeed.
	KindRequest Kind = iota
	// KindFatal: the failure will not clear for any request of the run (a
	// refused API key, an unknown model, no quota left, a parameter the
	// server rejects, a proxy answering with web pages): stop the run.
	KindFatal
	// KindNRefused: the server refuses n > 1; ask for the samples one by
	// one. The backend's MaxN is 1 from then on.
	KindNRefused
	// KindAdjusted: the server rejected a parameter the client may change
	// (max_tokens for max_completion_tokens, or a field the user did not
	// set); the client has changed its requests: send again at once.
	KindAdjusted
)

// Sentinels for errors.Is on an *Error.
var (
	ErrFatal    = errors.New("fatal server error")
	ErrNRefused = errors.New("the server refuses n > 1")
	ErrAdjusted = errors.New("request adjusted after a rejected parameter")
)

// Error is a failed attempt.
type Error struct {
	// Status is the HTTP status, 0 when no response came.
	Status int
	// Retryable says whether a later attempt may succeed (429, 5xx,
	// timeouts, dropped connections, truncated bodies and streams).
	Retryable bool
	// RetryAfter is the server's wait before retrying (retry-after-ms or
	// Retry-After), 0 when absent.
	RetryAfter time.Duration
	Kind       Kind
	Msg        string
	// Cause is the transport's error when no response came (nil otherwise),
	// so that callers can tell a refused connection from a reset one.
	Cause error
}

func (e *Error) Error() string { return e.Msg }

// Unwrap returns the transport's error, if any.
func (e *Error) Unwrap() error { return e.Cause }

// Is makes errors.Is(err, ErrFatal) (and the other sentinels) true for an
// *Error of that kind.
func (e *Error) Is(target error) bool {
	switch target {
	case ErrFatal:
		return e.Kind == KindFatal
	case ErrNRefused:
		return e.Kind == KindNRefused
	case ErrAdjusted:
		return e.Kind == KindAdjusted
	}
	return false
}

// AsError returns err as an *Error, wrapping foreign errors as retryable
// (an unknown failure is more likely transient than permanent).
func AsError(err error) *Error {
	var me *Error
	if errors.As(err, &me) {
		return me
	}
	return &Error{Retryable: true, Msg: err.Error()}
}

// Options configure a backend.
type Options struct {
	// BaseURLs are the servers of an openai: backend (default http://localhost:8000/v1).
	BaseURLs []string
	APIKey   string
	// APIKeyEnv names the environment variable the key came from, so that
	// a refused key can be named in the error (default OPENAI_API_KEY).
	APIKeyEnv string
	// API is "chat" (default) or "completions".
	API    string
	Params Params
	// Stream asks for replies as server-sent events (stream: true with
	// stream_options.include_usage), for servers and proxies that time out
	// long replies sent in one piece. The reply is the same either way.
	Stream bool
	// MaxTokensField is the field that carries Params.MaxTokens in chat
	// requests: "max_tokens", "max_completion_tokens" (OpenAI's reasoning
	// models accept only this one) or "" / "auto": max_completion_tokens
	// for OpenAI reasoning models by name (o1, o3, o4, gpt-5 families),
	// max_tokens otherwise, switching when the server asks for the other.
	MaxTokensField string
	// Concurrency is the number of requests in flight per server; it sizes
	// the connection pool.
	Concurrency int
	// BodyBudget bounds the memory of this client's response bodies in
	// flight (0: the process-wide DefaultBodyBudget, shared by every
	// client, which is what a run wants; tests set their own).
	BodyBudget int64
	// Transport replaces the HTTP transport (tests with an in-memory fake
	// server); nil: a pooled transport sized by Concurrency.
	Transport http.RoundTripper
	// Bench is the benchmark being run (builtin:gold asks it for gold replies).
	Bench Benchmark
}

// Params are the sampling parameters sent with each request. Nil pointers
// and zero values are not sent, so the server's defaults apply.
type Params struct {
	Temperature *float64 `json:"temperature,omitempty"`
	TopP        *float64 `json:"top_p,omitempty"`
	// MaxTokens is the most tokens per reply; 0: the server's default in
	// chat, DefaultCompletionsMaxTokens in completions (where vLLM and
	// SGLang default to 16 tokens).
	MaxTokens   int      `json:"max_tokens,omitempty"`
	Stop        []string `json:"stop,omitempty"`
	Seed        *int64   `json:"seed,omitempty"`
	Logprobs    bool     `json:"logprobs,omitempty"`
	TopLogprobs int      `json:"top_logprobs,omitempty"`
	// Extra are further body fields, merged over the ones above.
	Extra map[string]any `json:"extra_body,omitempty"`
	// Implicit names the body fields sent with a default the user did not
	// choose (the command line always sends temperature 0). When a server
	// rejects one of them as unsupported, it is left out from then on
	// instead of failing the run; a rejected field the user set stops it.
	// Not part of the cache key: it does not change what is asked.
	Implicit []string `json:"-"`
}

// DefaultCompletionsMaxTokens is the max_tokens sent to /v1/completions
// when none is given: the OpenAI API, vLLM and SGLang cut completions at
// 16 tokens by default, which ends every worked solution mid-sentence.
const DefaultCompletionsMaxTokens = 4096

// TokenLimiter is implemented by backends whose replies have a token limit;
// a cost budget reserves the worst case of each request from it.
type TokenLimiter interface {
	// ReplyTokens is the most tokens one reply to prompt p may have, the
	// limit its request carries (0: no limit sent): the user's
	// Params.MaxTokens when set, else the prompt's own (core.Prompt.MaxTokens),
	// else the backend's default.
	ReplyTokens(p core.Prompt) int
}

// New makes the backend a spec names:
//
//	openai:<model>   an OpenAI-compatible server
//	builtin:gold     the benchmark's gold reply (a self-check: must score 100%)
//	builtin:calc     the calculator baseline (package calc)
//	replay:FILE      replies recorded in a JSON Lines file
func New(spec string, o Options) (Backend, error) {
	kind, arg, ok := strings.Cut(spec, ":")
	if !ok || arg == "" {
		return nil, fmt.Errorf("model spec %q: want openai:<model>, builtin:gold, builtin:calc or replay:FILE", spec)
	}
	switch kind {
	case "openai":
		return newOpenAI(arg, o)
	case "builtin":
		switch arg {
		case "gold":
			if o.Bench == nil {
				return nil, fmt.Errorf("builtin:gold needs a benchmark")
			}
			return &gold{b: o.Bench}, nil
		}
		if f, ok := builtins[arg]; ok {
			return f(o)
		}
		if bl, ok := o.Bench.(Baseliner); ok && slices.Contains(bl.Baselines(), arg) {
			return &baseline{b: bl, name: arg}, nil
		}
		known := "gold"
		for _, n := range slices.Sorted(maps.Keys(builtins)) {
			known += ", " + n
		}
		if bl, ok := o.Bench.(Baseliner); ok && len(bl.Baselines()) > 0 {
			known += ", " + strings.Join(bl.Baselines(), ", ")
		}
		return nil, fmt.Errorf("model spec %q: unknown built-in (known: %s)", spec, known)
	case "replay":
		return newReplay(arg)
	}
	return nil, fmt.Errorf("model spec %q: unknown kind %q (known: openai, builtin, replay)", spec, kind)
}
