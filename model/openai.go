package model

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/matheval/matheval/bench"
)

// DefaultBaseURL is where an openai: backend looks when no --base-url is given
// (vLLM's and SGLang's default port).
const DefaultBaseURL = "http://localhost:8000/v1"

// maxBody bounds a response body: a reply larger than this is a server fault.
const maxBody = 64 << 20

// openAI is a small client of the OpenAI-compatible HTTP API, written on
// net/http so that every fault (status, header, body) is visible to the
// caller and testable against a fake server.
type openAI struct {
	model  string
	bases  []string
	key    string
	api    string // "chat" or "completions"
	params Params
	client *http.Client
}

func newOpenAI(modelName string, o Options) (*openAI, error) {
	api := o.API
	if api == "" {
		api = "chat"
	}
	if api != "chat" && api != "completions" {
		return nil, fmt.Errorf("api %q: want chat or completions", api)
	}
	bases := o.BaseURLs
	if len(bases) == 0 {
		bases = []string{DefaultBaseURL}
	}
	var clean []string
	for _, b := range bases {
		b = strings.TrimRight(strings.TrimSpace(b), "/")
		if b == "" {
			continue
		}
		u, err := url.Parse(b)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("base URL %q: want http(s)://host[:port]/v1", b)
		}
		clean = append(clean, b)
	}
	if len(clean) == 0 {
		return nil, fmt.Errorf("no base URL given")
	}
	if o.Params.TopLogprobs < 0 || o.Params.TopLogprobs > 20 {
		return nil, fmt.Errorf("top logprobs %d: want 0..20", o.Params.TopLogprobs)
	}
	conc := o.Concurrency
	if conc < 1 {
		conc = 1
	}
	// One pooled connection per request in flight: without enough idle
	// connections kept, a busy run would open and close sockets endlessly.
	tr := &http.Transport{
		Proxy:               http.ProxyFromEnvironment,
		DialContext:         (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:        conc * len(clean),
		MaxIdleConnsPerHost: conc,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
	}
	return &openAI{model: modelName, bases: clean, key: o.APIKey, api: api, params: o.Params,
		client: &http.Client{Transport: tr}}, nil
}

func (c *openAI) Spec() string  { return "openai:" + c.model }
func (c *openAI) Model() string { return c.model }
func (c *openAI) Servers() int  { return len(c.bases) }
func (c *openAI) MaxN() int     { return 128 }

// Canonical leaves out the servers and the key: the same request to another
// replica of the same model is the same request.
func (c *openAI) Canonical() map[string]any {
	return map[string]any{"model": c.Spec(), "api": c.api, "params": c.params}
}

// chatMessage is a chat message as sent.
type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// body is a request body; Extra fields are merged over it.
type body struct {
	Model       string        `json:"model"`
	Messages    []chatMessage `json:"messages,omitempty"`
	Prompt      *string       `json:"prompt,omitempty"`
	Temperature *float64      `json:"temperature,omitempty"`
	TopP        *float64      `json:"top_p,omitempty"`
	MaxTokens   int           `json:"max_tokens,omitempty"`
	Stop        []string      `json:"stop,omitempty"`
	Seed        *int64        `json:"seed,omitempty"`
	N           int           `json:"n,omitempty"`
	// Logprobs is a bool for chat and an int (number of alternatives) for completions.
	Logprobs    any `json:"logprobs,omitempty"`
	TopLogprobs int `json:"top_logprobs,omitempty"`
}

// requestBody renders the JSON body of req.
func (c *openAI) requestBody(req Request) ([]byte, error) {
	b := body{Model: c.model, Temperature: c.params.Temperature, TopP: c.params.TopP,
		MaxTokens: c.params.MaxTokens}
	b.Stop = append(append([]string(nil), req.Prompt.Stop...), c.params.Stop...)
	if req.N > 1 {
		b.N = req.N
	}
	if c.params.Seed != nil {
		// Separate requests for the samples of one item would all draw the
		// same reply under one seed; sample i gets seed+i.
		s := *c.params.Seed + int64(req.Sample)
		b.Seed = &s
	}
	switch c.api {
	case "chat":
		msgs := req.Prompt.Messages
		if len(msgs) == 0 {
			msgs = []bench.Message{{Role: "user", Content: req.Prompt.Text}}
		}
		b.Messages = make([]chatMessage, len(msgs))
		for i, m := range msgs {
			b.Messages[i] = chatMessage{m.Role, m.Content}
		}
		if c.params.Logprobs {
			b.Logprobs = true
			b.TopLogprobs = c.params.TopLogprobs
		}
	case "completions":
		text := req.Prompt.Text
		if text == "" {
			// A chat-only template: the messages' contents, in order.
			var parts []string
			for _, m := range req.Prompt.Messages {
				parts = append(parts, m.Content)
			}
			text = strings.Join(parts, "\n\n")
		}
		b.Prompt = &text
		if c.params.Logprobs {
			b.Logprobs = c.params.TopLogprobs
		}
	}
	out, err := json.Marshal(b)
	if err != nil || len(c.params.Extra) == 0 {
		return out, err
	}
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		return nil, err
	}
	for k, v := range c.params.Extra {
		m[k] = v
	}
	return json.Marshal(m)
}

func (c *openAI) Do(ctx context.Context, server int, req Request) (Response, error) {
	if server < 0 || server >= len(c.bases) {
		server = 0
	}
	payload, err := c.requestBody(req)
	if err != nil {
		return Response{}, &Error{Msg: "encoding request: " + err.Error()}
	}
	path := "/chat/completions"
	if c.api == "completions" {
		path = "/completions"
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.bases[server]+path, bytes.NewReader(payload))
	if err != nil {
		return Response{}, &Error{Msg: err.Error()}
	}
	hreq.Header.Set("Content-Type", "application/json")
	if c.key != "" {
		hreq.Header.Set("Authorization", "Bearer "+c.key)
	}
	hresp, err := c.client.Do(hreq)
	if err != nil {
		return Response{}, transportError(ctx, err)
	}
	defer hresp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(hresp.Body, maxBody+1))
	if err != nil {
		// The body was cut (dropped connection, truncated stream, timeout).
		return Response{}, transportError(ctx, err)
	}
	if len(raw) > maxBody {
		return Response{}, &Error{Status: hresp.StatusCode, Msg: fmt.Sprintf("response body over %d bytes", maxBody)}
	}
	if hresp.StatusCode != http.StatusOK {
		return Response{}, statusError(hresp, raw)
	}
	resp, err := c.parse(raw, req.N)
	if err != nil {
		// A malformed body from a server that answered 200 is most often a
		// cut connection or an overloaded proxy: worth another attempt.
		return Response{}, &Error{Status: 200, Retryable: true, Msg: "malformed response: " + err.Error()}
	}
	return resp, nil
}

// transportError classifies a failure before a complete response arrived.
func transportError(ctx context.Context, err error) *Error {
	if ctx.Err() == context.DeadlineExceeded || errors.Is(err, context.DeadlineExceeded) {
		return &Error{Retryable: true, Msg: "timeout: " + err.Error()}
	}
	if ctx.Err() == context.Canceled {
		// Cancelled by the run itself (interrupt, budget): not a failure of the request.
		return &Error{Retryable: false, Msg: "cancelled"}
	}
	return &Error{Retryable: true, Msg: "connection: " + err.Error()}
}

// statusError turns a non-200 answer into an *Error.
func statusError(hresp *http.Response, raw []byte) *Error {
	st := hresp.StatusCode
	msg := strings.TrimSpace(string(raw))
	var e struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
		Message string `json:"message"`
	}
	if json.Unmarshal(raw, &e) == nil {
		if e.Error.Message != "" {
			msg = e.Error.Message
		} else if e.Message != "" {
			msg = e.Message
		}
	}
	if len(msg) > 300 {
		msg = msg[:300] + "..."
	}
	retry := st == http.StatusTooManyRequests || st == http.StatusRequestTimeout || st == http.StatusConflict || st >= 500
	return &Error{Status: st, Retryable: retry, RetryAfter: ParseRetryAfter(hresp.Header.Get("Retry-After"), time.Now()),
		Msg: fmt.Sprintf("HTTP %d: %s", st, msg)}
}

// ParseRetryAfter reads a Retry-After header: seconds (possibly fractional,
// as some servers send) or an HTTP date. It returns 0 when absent or unreadable.
func ParseRetryAfter(h string, now time.Time) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(h, 64); err == nil {
		if s <= 0 || s != s {
			return 0
		}
		if s > 86400 {
			s = 86400
		}
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(h); err == nil {
		if d := t.Sub(now); d > 0 {
			return d
		}
	}
	return 0
}

// apiResponse is the part of a (chat) completion response we read.
type apiResponse struct {
	Model   string `json:"model"`
	Choices []struct {
		Index   int `json:"index"`
		Message *struct {
			Content          *string `json:"content"`
			ReasoningContent *string `json:"reasoning_content"`
			Reasoning        *string `json:"reasoning"`
		} `json:"message"`
		Text         *string         `json:"text"`
		FinishReason *string         `json:"finish_reason"`
		Logprobs     json.RawMessage `json:"logprobs"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens            int `json:"prompt_tokens"`
		CompletionTokens        int `json:"completion_tokens"`
		CompletionTokensDetails *struct {
			ReasoningTokens int `json:"reasoning_tokens"`
		} `json:"completion_tokens_details"`
	} `json:"usage"`
}

func (c *openAI) parse(raw []byte, n int) (Response, error) {
	var ar apiResponse
	if err := json.Unmarshal(raw, &ar); err != nil {
		return Response{}, err
	}
	if len(ar.Choices) == 0 {
		return Response{}, fmt.Errorf("no choices")
	}
	if n < 1 {
		n = 1
	}
	out := Response{ServerModel: ar.Model}
	if ar.Usage != nil {
		out.Usage.PromptTokens = ar.Usage.PromptTokens
		out.Usage.CompletionTokens = ar.Usage.CompletionTokens
		if d := ar.Usage.CompletionTokensDetails; d != nil {
			out.Usage.ReasoningTokens = d.ReasoningTokens
		}
	}
	// Choices are placed by their index; duplicates or out-of-range
	// indexes mean a confused server.
	placed := make([]*Choice, n)
	for i, ch := range ar.Choices {
		idx := ch.Index
		if len(ar.Choices) == 1 {
			idx = 0
		}
		if idx < 0 || idx >= n {
			return Response{}, fmt.Errorf("choice %d has index %d, asked for %d", i, ch.Index, n)
		}
		if placed[idx] != nil {
			return Response{}, fmt.Errorf("two choices with index %d", idx)
		}
		var got Choice
		if ch.FinishReason != nil {
			got.FinishReason = *ch.FinishReason
		}
		switch c.api {
		case "chat":
			if ch.Message == nil {
				return Response{}, fmt.Errorf("choice %d has no message", i)
			}
			if ch.Message.Content != nil {
				got.Reply = *ch.Message.Content
			}
			if ch.Message.ReasoningContent != nil {
				got.Reasoning = *ch.Message.ReasoningContent
			} else if ch.Message.Reasoning != nil {
				got.Reasoning = *ch.Message.Reasoning
			}
		case "completions":
			if ch.Text == nil {
				return Response{}, fmt.Errorf("choice %d has no text", i)
			}
			got.Reply = *ch.Text
		}
		if len(ch.Logprobs) > 0 && string(ch.Logprobs) != "null" {
			lp, err := parseLogprobs(c.api, ch.Logprobs)
			if err != nil {
				return Response{}, fmt.Errorf("choice %d logprobs: %v", i, err)
			}
			got.Logprobs = lp
		}
		placed[idx] = &got
	}
	// Keep the leading run of choices: the caller asks again for the rest.
	for _, p := range placed {
		if p == nil {
			break
		}
		out.Choices = append(out.Choices, *p)
	}
	if len(out.Choices) == 0 {
		return Response{}, fmt.Errorf("no choice with index 0")
	}
	return out, nil
}

// parseLogprobs reads both shapes: chat ({"content":[{token, logprob,
// bytes, top_logprobs}]}) and legacy completions ({tokens, token_logprobs,
// top_logprobs}). Offsets are computed here by adding up the tokens' byte
// lengths, which does not depend on a server's idea of text_offset.
func parseLogprobs(api string, raw json.RawMessage) ([]bench.TokenLogprob, error) {
	if api == "chat" {
		var lp struct {
			Content []struct {
				Token   string  `json:"token"`
				Logprob float64 `json:"logprob"`
				Bytes   []int   `json:"bytes"`
				Top     []struct {
					Token   string  `json:"token"`
					Logprob float64 `json:"logprob"`
				} `json:"top_logprobs"`
			} `json:"content"`
		}
		if err := json.Unmarshal(raw, &lp); err != nil {
			return nil, err
		}
		out := make([]bench.TokenLogprob, len(lp.Content))
		off := 0
		for i, t := range lp.Content {
			out[i] = bench.TokenLogprob{Token: t.Token, Logprob: t.Logprob, Offset: off}
			for _, a := range t.Top {
				out[i].Top = append(out[i].Top, bench.TokenLogprob{Token: a.Token, Logprob: a.Logprob, Offset: off})
			}
			// bytes is exact where a token is part of a multi-byte character
			// and the token string holds a replacement character.
			if t.Bytes != nil {
				off += len(t.Bytes)
			} else {
				off += len(t.Token)
			}
		}
		return out, nil
	}
	var lp struct {
		Tokens        []string             `json:"tokens"`
		TokenLogprobs []*float64           `json:"token_logprobs"`
		Top           []map[string]float64 `json:"top_logprobs"`
	}
	if err := json.Unmarshal(raw, &lp); err != nil {
		return nil, err
	}
	if len(lp.TokenLogprobs) != len(lp.Tokens) {
		return nil, fmt.Errorf("%d tokens but %d logprobs", len(lp.Tokens), len(lp.TokenLogprobs))
	}
	out := make([]bench.TokenLogprob, len(lp.Tokens))
	off := 0
	for i, t := range lp.Tokens {
		out[i] = bench.TokenLogprob{Token: t, Offset: off}
		if p := lp.TokenLogprobs[i]; p != nil {
			out[i].Logprob = *p
		}
		if i < len(lp.Top) {
			for tok, l := range lp.Top[i] {
				out[i].Top = append(out[i].Top, bench.TokenLogprob{Token: tok, Logprob: l, Offset: off})
			}
			sort.Slice(out[i].Top, func(a, b int) bool {
				ta, tb := out[i].Top[a], out[i].Top[b]
				if ta.Logprob != tb.Logprob {
					return ta.Logprob > tb.Logprob
				}
				return ta.Token < tb.Token
			})
		}
		off += len(t)
	}
	return out, nil
}

// ListModels asks the first server for its models (GET /models).
func (c *openAI) ListModels(ctx context.Context) (json.RawMessage, error) {
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, c.bases[0]+"/models", nil)
	if err != nil {
		return nil, err
	}
	if c.key != "" {
		hreq.Header.Set("Authorization", "Bearer "+c.key)
	}
	hresp, err := c.client.Do(hreq)
	if err != nil {
		return nil, err
	}
	defer hresp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(hresp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	if hresp.StatusCode != http.StatusOK {
		return nil, statusError(hresp, raw)
	}
	if !json.Valid(raw) {
		return nil, fmt.Errorf("GET /models: malformed JSON")
	}
	return json.RawMessage(raw), nil
}
