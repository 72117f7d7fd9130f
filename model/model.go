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
	"strings"
	"time"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/rundir"
)

// Request is one request for N replies to one item.
type Request struct {
	Item   bench.Item
	Prompt bench.Prompt
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
	Reasoning    string               `json:"reasoning,omitempty"`
	FinishReason string               `json:"finish_reason,omitempty"`
	Logprobs     []bench.TokenLogprob `json:"logprobs,omitempty"`
}

// Response is the answer to one request.
type Response struct {
	Choices     []Choice
	Usage       rundir.Usage
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

// ModelLister is implemented by backends that can ask their server which
// models it serves (GET /v1/models); the answer goes into the manifest.
type ModelLister interface {
	ListModels(ctx context.Context) (json.RawMessage, error)
}

// Error is a failed attempt.
type Error struct {
	// Status is the HTTP status, 0 when no response came.
	Status int
	// Retryable says whether a later attempt may succeed (429, 5xx,
	// timeouts, dropped connections, malformed or truncated bodies).
	Retryable bool
	// RetryAfter is the server's Retry-After, 0 when absent.
	RetryAfter time.Duration
	Msg        string
}

func (e *Error) Error() string { return e.Msg }

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
	// API is "chat" (default) or "completions".
	API    string
	Params Params
	// Concurrency is the number of requests in flight per server; it sizes
	// the connection pool.
	Concurrency int
	// Bench is the benchmark being run (builtin:gold asks it for gold replies).
	Bench bench.Benchmark
}

// Params are the sampling parameters sent with each request. Nil pointers
// and zero values are not sent, so the server's defaults apply.
type Params struct {
	Temperature *float64 `json:"temperature,omitempty"`
	TopP        *float64 `json:"top_p,omitempty"`
	MaxTokens   int      `json:"max_tokens,omitempty"`
	Stop        []string `json:"stop,omitempty"`
	Seed        *int64   `json:"seed,omitempty"`
	Logprobs    bool     `json:"logprobs,omitempty"`
	TopLogprobs int      `json:"top_logprobs,omitempty"`
	// Extra are further body fields, merged over the ones above.
	Extra map[string]any `json:"extra_body,omitempty"`
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
		case "calc":
			return calcBackend{}, nil
		}
		return nil, fmt.Errorf("model spec %q: unknown built-in (known: gold, calc)", spec)
	case "replay":
		return newReplay(arg)
	}
	return nil, fmt.Errorf("model spec %q: unknown kind %q (known: openai, builtin, replay)", spec, kind)
}
