package model

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/matheval/matheval/core"
)

// DefaultBaseURL is where an openai: backend looks when no --base-url is given
// (vLLM's and SGLang's default port).
const DefaultBaseURL = "http://localhost:8000/v1"

// maxBody bounds a response body: a reply larger than this is a server fault.
const maxBody = 64 << 20

// openAI is a small client of the OpenAI-compatible HTTP API, written on
// net/http so that every fault (status, header, body) is visible to the
// caller and testable against a fake server.
//
// It adapts to what a server refuses, once for the whole run: n > 1 (then
// MaxN is 1), max_tokens where max_completion_tokens is required, and
// fields sent with a default the user did not choose (Params.Implicit).
type openAI struct {
	model       string
	bases       []string
	key, keyEnv string
	api         string // "chat" or "completions"
	params      Params
	userMax     int // Params.MaxTokens as the user gave it (0: not set)
	stream      bool
	autoField   bool // the max-tokens field adapts to the server
	client      *http.Client

	mu      sync.RWMutex
	useMCT  bool            // chat: send max_completion_tokens, not max_tokens
	dropped map[string]bool // implicit fields left out after a rejection
	noN     atomic.Bool     // the server refused n > 1
	budget  *budget         // memory for the bodies in flight

	// answered[s] is set once server s has answered a request with a
	// readable completion: after that, a 200 that is not JSON is a passing
	// fault of that server (an overloaded proxy, a cut connection), not a
	// --base-url that names a web page.
	answered []atomic.Bool
	// defaultMax: params.MaxTokens is DefaultCompletionsMaxTokens, set
	// because none was given (CapReplies may lower it).
	defaultMax bool
}

// reasoningModel matches the OpenAI models that take max_completion_tokens
// and reject max_tokens (the o-series and GPT-5 families, as the OpenAPI
// description of max_tokens says), with or without a provider prefix.
var reasoningModel = regexp.MustCompile(`(^|/)(o[1-9]([-.]|$)|gpt-5)`)

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
	if o.Params.MaxTokens < 0 {
		return nil, fmt.Errorf("max tokens %d: want >= 0", o.Params.MaxTokens)
	}
	c := &openAI{model: modelName, bases: clean, key: o.APIKey, keyEnv: o.APIKeyEnv, api: api,
		params: o.Params, stream: o.Stream, dropped: map[string]bool{}, answered: make([]atomic.Bool, len(clean)), budget: processBudget}
	if o.BodyBudget > 0 {
		c.budget = newBudget(o.BodyBudget)
	}
	if c.keyEnv == "" {
		c.keyEnv = "OPENAI_API_KEY"
	}
	c.userMax = o.Params.MaxTokens
	if api == "completions" && c.params.MaxTokens == 0 {
		c.params.MaxTokens = DefaultCompletionsMaxTokens
		c.defaultMax = true
	}
	switch o.MaxTokensField {
	case "", "auto":
		c.autoField = true
		c.useMCT = reasoningModel.MatchString(strings.ToLower(modelName))
	case "max_tokens":
	case "max_completion_tokens":
		c.useMCT = true
	default:
		return nil, fmt.Errorf("max tokens field %q: want auto, max_tokens or max_completion_tokens", o.MaxTokensField)
	}
	tr := o.Transport
	if tr == nil {
		conc := max(o.Concurrency, 1)
		// One pooled connection per request in flight: without enough idle
		// connections kept, a busy run would open and close sockets endlessly.
		tr = &http.Transport{
			Proxy:               http.ProxyFromEnvironment,
			DialContext:         (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
			MaxIdleConns:        conc * len(clean),
			MaxIdleConnsPerHost: conc,
			IdleConnTimeout:     90 * time.Second,
			DisableCompression:  true,
		}
	}
	c.client = &http.Client{Transport: tr}
	return c, nil
}

func (c *openAI) Spec() string  { return "openai:" + c.model }
func (c *openAI) Model() string { return c.model }
func (c *openAI) Servers() int  { return len(c.bases) }

// MaxN is 128 (the OpenAI API's limit) until the server refuses n > 1.
func (c *openAI) MaxN() int {
	if c.noN.Load() {
		return 1
	}
	return 128
}

// OneChoicePerRequest implements OneByOner.
func (c *openAI) OneChoicePerRequest() { c.noN.Store(true) }

// ReplyTokens implements TokenLimiter: the user's limit wins over the
// prompt's (a user who raises the MATH paper's 20 tokens for a chat model
// gets what they asked for; the run warns that the prompt's limit was
// overridden), and the prompt's over the completions default.
func (c *openAI) ReplyTokens(p core.Prompt) int {
	switch {
	case c.userMax > 0:
		return c.userMax
	case p.MaxTokens > 0:
		return p.MaxTokens
	}
	return c.params.MaxTokens
}

// CapReplies implements ReplyCapper: it replaces no limit, or a lower
// one than the completions default, never one the user gave.
func (c *openAI) CapReplies(n int) bool {
	if n <= 0 || (c.params.MaxTokens != 0 && !(c.defaultMax && n < c.params.MaxTokens)) {
		return false
	}
	c.params.MaxTokens = n
	c.defaultMax = false
	return true
}

// Canonical leaves out the servers, the key and the transport (streaming
// or not): the same request to another replica, or streamed, is the same
// request.
func (c *openAI) Canonical() map[string]any {
	return map[string]any{"model": c.Spec(), "api": c.api, "params": c.params}
}

// ServerURL is the base URL of server without credentials.
func (c *openAI) ServerURL(server int) string {
	u, err := url.Parse(c.bases[server])
	if err != nil {
		return "server " + fmt.Sprint(server)
	}
	u.User = nil
	u.RawQuery = ""
	return u.String()
}

// chatMessage is a chat message as sent.
type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type streamOptions struct {
	IncludeUsage bool `json:"include_usage"`
}

// body is a request body; Extra fields are merged over it.
type body struct {
	Model               string        `json:"model"`
	Messages            []chatMessage `json:"messages,omitempty"`
	Prompt              *string       `json:"prompt,omitempty"`
	Temperature         *float64      `json:"temperature,omitempty"`
	TopP                *float64      `json:"top_p,omitempty"`
	MaxTokens           int           `json:"max_tokens,omitempty"`
	MaxCompletionTokens int           `json:"max_completion_tokens,omitempty"`
	Stop                []string      `json:"stop,omitempty"`
	Seed                *int64        `json:"seed,omitempty"`
	N                   int           `json:"n,omitempty"`
	// Logprobs is a bool for chat and an int (number of alternatives) for completions.
	Logprobs      any            `json:"logprobs,omitempty"`
	TopLogprobs   int            `json:"top_logprobs,omitempty"`
	Stream        bool           `json:"stream,omitempty"`
	StreamOptions *streamOptions `json:"stream_options,omitempty"`
}

// sent records what a request carried, to read a rejection of it.
type sent struct {
	n        int
	mct      bool // max_completion_tokens, not max_tokens
	maxField string
}

// requestBody renders the JSON body of req.
func (c *openAI) requestBody(req Request) ([]byte, sent, error) {
	c.mu.RLock()
	useMCT, dropped := c.useMCT, len(c.dropped) > 0
	var drop map[string]bool
	if dropped {
		drop = make(map[string]bool, len(c.dropped))
		for k := range c.dropped {
			drop[k] = true
		}
	}
	c.mu.RUnlock()
	b := body{Model: c.model, Temperature: c.params.Temperature, TopP: c.params.TopP}
	var s sent
	limit := c.ReplyTokens(req.Prompt)
	if c.api == "chat" && useMCT {
		b.MaxCompletionTokens = limit
		s.mct, s.maxField = true, "max_completion_tokens"
	} else {
		b.MaxTokens = limit
		s.maxField = "max_tokens"
	}
	b.Stop = append(append([]string(nil), req.Prompt.Stop...), c.params.Stop...)
	if req.N > 1 && !c.noN.Load() {
		b.N = req.N
		s.n = req.N
	}
	if c.params.Seed != nil {
		// Separate requests for the samples of one item would all draw the
		// same reply under one seed; sample i gets seed+i.
		sd := *c.params.Seed + int64(req.Sample)
		b.Seed = &sd
	}
	if c.stream {
		b.Stream = true
		b.StreamOptions = &streamOptions{IncludeUsage: true}
	}
	switch c.api {
	case "chat":
		msgs := req.Prompt.Messages
		if len(msgs) == 0 {
			msgs = []core.Message{{Role: "user", Content: req.Prompt.Text}}
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
			// The number of alternatives, at least 1: llama.cpp sends no
			// logprobs at all for logprobs 0 (it sets n_probs only for > 0).
			b.Logprobs = max(c.params.TopLogprobs, 1)
		}
	}
	if drop["temperature"] {
		b.Temperature = nil
	}
	if drop["top_p"] {
		b.TopP = nil
	}
	out, err := json.Marshal(b)
	if err != nil || (len(c.params.Extra) == 0 && len(drop) == 0) {
		return out, s, err
	}
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		return nil, s, err
	}
	for k, v := range c.params.Extra {
		m[k] = v
	}
	for k := range drop {
		delete(m, k)
	}
	out, err = json.Marshal(m)
	return out, s, err
}

func (c *openAI) path() string {
	if c.api == "completions" {
		return "/completions"
	}
	return "/chat/completions"
}

func (c *openAI) Do(ctx context.Context, server int, req Request) (Response, error) {
	if server < 0 || server >= len(c.bases) {
		server = 0
	}
	if req.N < 1 {
		req.N = 1
	}
	payload, s, err := c.requestBody(req)
	if err != nil {
		return Response{}, &Error{Msg: "encoding request: " + err.Error()}
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.bases[server]+c.path(), bytes.NewReader(payload))
	if err != nil {
		return Response{}, &Error{Msg: err.Error()}
	}
	hreq.Header.Set("Content-Type", "application/json")
	if c.key != "" {
		hreq.Header.Set("Authorization", "Bearer "+c.key)
	}
	hresp, err := c.client.Do(hreq)
	if err != nil {
		return Response{}, transportError(ctx, err, "")
	}
	defer hresp.Body.Close()
	var rd io.Reader = hresp.Body
	switch enc := strings.ToLower(strings.TrimSpace(hresp.Header.Get("Content-Encoding"))); enc {
	case "", "identity":
	case "gzip", "x-gzip":
		// Not asked for, but declared: read it.
		zr, err := gzip.NewReader(hresp.Body)
		if err != nil {
			return Response{}, &Error{Status: hresp.StatusCode, Kind: KindFatal,
				Msg: fmt.Sprintf("HTTP %d from %s: a body declared gzip-compressed is not gzip (%v): a proxy in between is misconfigured", hresp.StatusCode, c.ServerURL(server), err)}
		}
		defer zr.Close()
		rd = zr
	default:
		return Response{}, &Error{Status: hresp.StatusCode, Kind: KindFatal,
			Msg: fmt.Sprintf("HTTP %d from %s: a body compressed with %q, which matheval did not ask for and does not read: a proxy in between is misconfigured", hresp.StatusCode, c.ServerURL(server), enc)}
	}
	if hresp.StatusCode == http.StatusOK && strings.HasPrefix(strings.ToLower(hresp.Header.Get("Content-Type")), "text/event-stream") {
		h := &hold{b: c.budget, full: costStream * maxStreamBytes}
		defer h.release()
		resp, err := c.readStream(ctx, rd, req.N, c.ReplyTokens(req.Prompt), h)
		if err != nil {
			return Response{}, c.classify(ctx, server, s, hresp, nil, err)
		}
		c.answered[server].Store(true)
		return resp, nil
	}
	known := int64(-1)
	if rd == hresp.Body && hresp.ContentLength >= 0 && hresp.ContentLength <= maxBody {
		known = hresp.ContentLength
	}
	h := &hold{b: c.budget, full: costGrowing * (maxBody + 1)}
	defer h.release() // after parsing: Do returns only then
	raw, err := readBody(ctx, rd, known, h)
	if err != nil {
		// The body was cut (dropped connection, truncated stream, timeout).
		return Response{}, transportError(ctx, err, "reading the response: ")
	}
	if len(raw) > maxBody {
		return Response{}, &Error{Status: hresp.StatusCode, Msg: fmt.Sprintf("response body over %d bytes", maxBody)}
	}
	if hresp.StatusCode != http.StatusOK {
		return Response{}, c.classify(ctx, server, s, hresp, raw, nil)
	}
	if what, isJSON := describeBody(hresp.Header, raw); !isJSON {
		if len(bytes.TrimSpace(raw)) == 0 {
			return Response{}, &Error{Status: 200, Retryable: true, Msg: "HTTP 200 with an empty body"}
		}
		if c.answered[server].Load() {
			// The same server gave readable completions before: the URL is
			// right, and this body is a passing fault, retried like a 5xx.
			return Response{}, &Error{Status: 200, Retryable: true,
				Msg: fmt.Sprintf("HTTP 200 from %s with %s instead of JSON, after readable replies from the same server", c.ServerURL(server), what)}
		}
		return Response{}, &Error{Status: 200, Kind: KindFatal,
			Msg: fmt.Sprintf("HTTP 200 from %s with %s instead of JSON: --base-url must name an OpenAI-compatible API (it usually ends in /v1), not a web page or a login proxy", c.ServerURL(server), what)}
	}
	resp, err := c.parse(raw, req.N)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return Response{}, e
		}
		// JSON cut short or garbled by a server that answered 200 is most
		// often a dropped connection or an overloaded proxy: worth another
		// attempt.
		return Response{}, &Error{Status: 200, Retryable: true, Msg: "malformed response: " + err.Error()}
	}
	c.answered[server].Store(true)
	return resp, nil
}

// readBody reads a response body of at most maxBody+1 bytes under h's
// reservation: a body of known length in one buffer of that size, any
// other in a buffer that doubles, reserving each size before it is made.
func readBody(ctx context.Context, r io.Reader, known int64, h *hold) ([]byte, error) {
	r = io.LimitReader(r, maxBody+1)
	var buf []byte
	if known >= 0 {
		if err := h.grow(ctx, costKnown*(known+1)); err != nil {
			return nil, err
		}
		buf = make([]byte, 0, known+1)
	}
	for {
		if len(buf) == cap(buf) {
			if len(buf) > maxBody {
				return buf, nil
			}
			size := min(max(2*cap(buf), 64<<10), maxBody+1)
			if err := h.grow(ctx, costGrowing*int64(size)); err != nil {
				return nil, err
			}
			nb := make([]byte, len(buf), size)
			copy(nb, buf)
			buf = nb
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// apiResponse is the part of a (chat) completion response we read. The
// usage fields are those of the OpenAI API (completion_tokens_details,
// prompt_tokens_details: openai-openapi CompletionUsage) and SGLang's own
// usage.reasoning_tokens (python/sglang/srt/entrypoints/openai/protocol.py,
// UsageInfo).
type apiResponse struct {
	Model   string      `json:"model"`
	Choices []apiChoice `json:"choices"`
	Usage   *apiUsage   `json:"usage"`
	// An error sent in place of a chunk (vLLM, SGLang when a stream fails).
	Error  json.RawMessage `json:"error"`
	Object string          `json:"object"`
}

type apiChoice struct {
	Index   int         `json:"index"`
	Message *apiMessage `json:"message"`
	Delta   *apiMessage `json:"delta"`
	Text    *string     `json:"text"`
	// FinishReason is a string; null while a stream goes on.
	FinishReason *string         `json:"finish_reason"`
	Logprobs     json.RawMessage `json:"logprobs"`
}

// apiMessage is a chat message or a stream's delta. The reasoning split
// out by a server's reasoning parser is reasoning_content (SGLang,
// llama.cpp, vLLM before 0.10) or reasoning (vLLM since, Ollama).
type apiMessage struct {
	Content          *string `json:"content"`
	ReasoningContent *string `json:"reasoning_content"`
	Reasoning        *string `json:"reasoning"`
}

type apiUsage struct {
	PromptTokens            int  `json:"prompt_tokens"`
	CompletionTokens        int  `json:"completion_tokens"`
	ReasoningTokens         *int `json:"reasoning_tokens"`
	CompletionTokensDetails *struct {
		ReasoningTokens int `json:"reasoning_tokens"`
	} `json:"completion_tokens_details"`
	PromptTokensDetails *struct {
		CachedTokens int `json:"cached_tokens"`
	} `json:"prompt_tokens_details"`
}

func (u *apiUsage) read(out *Response) {
	if u == nil {
		return
	}
	out.Usage.PromptTokens = u.PromptTokens
	out.Usage.CompletionTokens = u.CompletionTokens
	out.Usage.ReasoningTokens = 0
	if d := u.CompletionTokensDetails; d != nil && d.ReasoningTokens > 0 {
		out.Usage.ReasoningTokens = d.ReasoningTokens
	} else if u.ReasoningTokens != nil {
		out.Usage.ReasoningTokens = *u.ReasoningTokens
	}
	out.Usage.CachedTokens = 0
	if d := u.PromptTokensDetails; d != nil {
		out.Usage.CachedTokens = d.CachedTokens
	}
}

func (m *apiMessage) reasoning() *string {
	if m.ReasoningContent != nil {
		return m.ReasoningContent
	}
	return m.Reasoning
}

func (c *openAI) parse(raw []byte, n int) (Response, error) {
	var ar apiResponse
	if err := json.Unmarshal(raw, &ar); err != nil {
		return Response{}, err
	}
	if len(ar.Choices) == 0 {
		if len(ar.Error) > 0 || ar.Object == "error" {
			e, _ := parseAPIError(raw)
			return Response{}, &Error{Status: 200, Retryable: true, Msg: "HTTP 200 carrying an error: " + e.Message}
		}
		return Response{}, fmt.Errorf("no choices")
	}
	out := Response{ServerModel: ar.Model}
	ar.Usage.read(&out)
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
			if r := ch.Message.reasoning(); r != nil {
				got.Reasoning = *r
			}
		case "completions":
			if ch.Text == nil {
				return Response{}, fmt.Errorf("choice %d has no text", i)
			}
			got.Reply = *ch.Text
		}
		var toks []rawToken
		if len(ch.Logprobs) > 0 && string(ch.Logprobs) != "null" {
			var err error
			if toks, err = parseLogprobs(ch.Logprobs); err != nil {
				return Response{}, fmt.Errorf("choice %d logprobs: %v", i, err)
			}
		}
		c.placeLogprobs(&got, toks)
		placed[idx] = &got
	}
	return keepLeading(out, placed)
}

// placeLogprobs aligns toks with the reply and notes what is missing.
func (c *openAI) placeLogprobs(got *Choice, toks []rawToken) {
	if len(toks) > 0 {
		lps, ok := alignLogprobs(got.Reply, got.Reasoning, toks)
		if !ok {
			got.Notes = append(got.Notes, NoteLogprobsUnaligned)
		}
		got.Logprobs = lps
		return
	}
	if c.params.Logprobs && got.Reply != "" {
		got.Notes = append(got.Notes, NoteLogprobsMissing)
	}
}

// keepLeading keeps the leading run of choices: the caller asks again for the rest.
func keepLeading(out Response, placed []*Choice) (Response, error) {
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

// classify turns a failed response (a status other than 200, or a stream
// that failed with err) into an *Error, and adapts the client to what the
// server refused.
func (c *openAI) classify(ctx context.Context, server int, s sent, hresp *http.Response, raw []byte, err error) *Error {
	if err != nil {
		var me *Error
		if errors.As(err, &me) {
			return me
		}
		return transportError(ctx, err, "reading the stream: ")
	}
	st := hresp.StatusCode
	where := c.ServerURL(server) + c.path()
	wait, should := retryHints(hresp.Header, time.Now())
	e, isAPI := parseAPIError(raw)
	msg := e.Message
	if !isAPI {
		what, isJSON := describeBody(hresp.Header, raw)
		if isJSON {
			what = strings.TrimSpace(string(raw))
		}
		msg = what
	}
	if len(msg) > 300 {
		msg = msg[:300] + "..."
	}
	out := &Error{Status: st, RetryAfter: wait,
		Retryable: st == http.StatusTooManyRequests || st == http.StatusRequestTimeout || st == http.StatusConflict || st >= 500,
		Msg:       fmt.Sprintf("HTTP %d: %s", st, msg)}
	if should != nil {
		out.Retryable = *should
	}
	switch {
	case s.n > 1 && (st == 400 || st == 422 || st == 500) && (e.Param == "n" || nRefusal.MatchString(e.Message)):
		c.noN.Store(true)
		out.Kind, out.Retryable = KindNRefused, false
		out.Msg = fmt.Sprintf("HTTP %d: the server refuses n=%d (%s): asking for the samples one by one", st, s.n, msg)
	case st == http.StatusUnauthorized || st == http.StatusForbidden:
		out.Kind, out.Retryable = KindFatal, false
		if c.key == "" {
			out.Msg = fmt.Sprintf("HTTP %d from %s: %s. No API key was sent: set %s (or name the variable that holds the key with --api-key-env)", st, where, msg, c.keyEnv)
		} else {
			out.Msg = fmt.Sprintf("HTTP %d from %s: %s. The server refused the API key from %s: check that variable (or --api-key-env)", st, where, msg, c.keyEnv)
		}
	case st == http.StatusNotFound:
		out.Kind, out.Retryable = KindFatal, false
		out.Msg = fmt.Sprintf("HTTP 404 from %s: %s. %s", where, msg, c.servedModels(ctx, server))
	case st == http.StatusTooManyRequests && (e.Code == "insufficient_quota" || e.Type == "insufficient_quota"):
		out.Kind, out.Retryable = KindFatal, false
		out.Msg = fmt.Sprintf("HTTP 429 insufficient_quota from %s: %s. No retry clears this: add credit or use another key, then run the same command again", where, msg)
	case st == http.StatusBadRequest && unsupported(e):
		c.rejected(e, s, out, msg)
	}
	return out
}

// rejected adapts to a parameter the server rejects: the max-tokens field
// swapped (in auto mode), a field the user did not set left out; anything
// else stops the run, naming the flag to change.
func (c *openAI) rejected(e apiError, s sent, out *Error, msg string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	implicit := false
	for _, f := range c.params.Implicit {
		if f == e.Param {
			implicit = true
		}
	}
	switch {
	case c.autoField && c.api == "chat" && e.Param == s.maxField && (e.Param == "max_tokens" || e.Param == "max_completion_tokens"):
		if c.useMCT == s.mct { // not switched yet by a concurrent request
			c.useMCT = !s.mct
		}
		other := map[bool]string{true: "max_completion_tokens", false: "max_tokens"}[!s.mct]
		out.Kind, out.Retryable = KindAdjusted, true
		out.Msg = fmt.Sprintf("the server rejects %s for model %s (%s): sending %s from now on", e.Param, c.model, msg, other)
	case implicit:
		c.dropped[e.Param] = true
		out.Kind, out.Retryable = KindAdjusted, true
		out.Msg = fmt.Sprintf("the server rejects %s, which matheval sends by default and you did not set (%s): left out from now on, so the server's default applies", e.Param, msg)
	default:
		out.Kind, out.Retryable = KindFatal, false
		out.Msg = fmt.Sprintf("HTTP 400: the server rejects the parameter %s for model %s (%s): change or remove %s", orWhat(e.Param), c.model, msg, flagOf(e.Param))
		if e.Param == "max_tokens" || e.Param == "max_completion_tokens" {
			out.Msg += " or choose the field with --max-tokens-field"
		}
	}
}

func orWhat(p string) string {
	if p == "" {
		return "(unnamed)"
	}
	return p
}

// servedModels says which models server serves, for a 404.
func (c *openAI) servedModels(ctx context.Context, server int) string {
	lctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	raw, err := c.ListModels(lctx, server)
	if err != nil {
		return fmt.Sprintf("GET %s/models failed too (%v): check --base-url (it usually ends in /v1)", c.ServerURL(server), err)
	}
	ids := ModelIDs(raw)
	if len(ids) == 0 {
		return fmt.Sprintf("GET %s/models lists no model", c.ServerURL(server))
	}
	if len(ids) > 20 {
		ids = append(ids[:20], fmt.Sprintf("... (%d in all)", len(ids)))
	}
	return fmt.Sprintf("The model asked for is %q; GET %s/models lists: %s", c.model, c.ServerURL(server), strings.Join(ids, ", "))
}

// ListModels asks server for its models (GET /models).
func (c *openAI) ListModels(ctx context.Context, server int) (json.RawMessage, error) {
	if server < 0 || server >= len(c.bases) {
		server = 0
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, c.bases[server]+"/models", nil)
	if err != nil {
		return nil, &Error{Msg: err.Error()}
	}
	if c.key != "" {
		hreq.Header.Set("Authorization", "Bearer "+c.key)
	}
	hresp, err := c.client.Do(hreq)
	if err != nil {
		return nil, transportError(ctx, err, "")
	}
	defer hresp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(hresp.Body, 1<<20))
	if err != nil {
		return nil, transportError(ctx, err, "reading the response: ")
	}
	if hresp.StatusCode != http.StatusOK {
		e, ok := parseAPIError(raw)
		msg := e.Message
		if !ok {
			msg, _ = describeBody(hresp.Header, raw)
		}
		out := &Error{Status: hresp.StatusCode, Msg: fmt.Sprintf("HTTP %d: %s", hresp.StatusCode, msg)}
		if hresp.StatusCode == http.StatusUnauthorized || hresp.StatusCode == http.StatusForbidden {
			out.Kind = KindFatal
			if c.key == "" {
				out.Msg += fmt.Sprintf(". No API key was sent: set %s (or name the variable with --api-key-env)", c.keyEnv)
			} else {
				out.Msg += fmt.Sprintf(". The server refused the API key from %s", c.keyEnv)
			}
		}
		return nil, out
	}
	if what, isJSON := describeBody(hresp.Header, raw); !isJSON || !json.Valid(raw) {
		if isJSON {
			what = "malformed JSON"
		}
		return nil, &Error{Status: 200, Msg: "GET /models answered with " + what}
	}
	return json.RawMessage(raw), nil
}
