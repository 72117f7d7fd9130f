// Package fakeserver is a TEST FAKE, not a model server: an in-process
// OpenAI-compatible HTTP server that answers chat and plain completions
// with deterministic replies and injects faults on demand. Tests of package
// model, package run and the command line use it; it counts every request
// and can log each body, so a test can check what was sent.
//
// Its Dialect decides which real server's wire format it reproduces: the
// JSON shapes of replies, errors, streams and model lists, the headers and
// the status codes of vLLM, SGLang, llama.cpp's llama-server, Ollama and the
// OpenAI API, each shape with the source file it copies named in a comment
// (dialect.go, stream.go). The Generic dialect is the original fake, which
// shares matheval's own assumptions; the others exist to catch those.
//
// New serves on a loopback TCP port (httptest). NewPipe serves over
// in-memory connections (net.Pipe) reached only through its Transport, for
// tests inside a testing/synctest bubble, where time advances only while
// every goroutine is blocked on something the bubble can see.
package fakeserver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Fault is what the fake does with one request.
type Fault int

const (
	None       Fault = iota // answer normally
	RateLimit               // 429 with Retry-After
	ServerErr               // 500
	Slow                    // answer after SlowFor (longer than the client's timeout)
	Drop                    // close the connection without an answer
	Malformed               // 200 with a JSON body cut short
	Truncated               // 200 with the body cut in the middle (Content-Length says more)
	BadRequest              // 400 (not worth retrying)
	// RateLimitMS is the OpenAI API's 429: retry-after-ms and Retry-After
	// headers (RetryAfterMS, RetryAfter).
	RateLimitMS
	// NoRetry is a 503 with x-should-retry: false (a server that says
	// retrying will not help).
	NoRetry
	// Gzip is a 200 whose body is gzip-compressed without a
	// Content-Encoding header (a misconfigured proxy).
	Gzip
	// GzipDeclared is a 200 gzip-compressed body with Content-Encoding: gzip,
	// which matheval did not ask for but can read.
	GzipDeclared
	// HTMLPage is a 200 text/html login page instead of the API.
	HTMLPage
	// BadGatewayHTML is nginx's 502 page.
	BadGatewayHTML
	// StreamCut ends a streamed reply half way, without [DONE] (a non-stream
	// request gets Truncated).
	StreamCut
	// StreamError sends half of a streamed reply, then an error chunk and
	// [DONE], as vLLM and SGLang do when generation fails mid-stream.
	StreamError
	// StreamEndless streams deltas of a reply that never ends (no
	// finish_reason, no [DONE]) until the client goes away: a server that
	// ignores max_tokens; a non-stream request is answered normally.
	StreamEndless
	numFaults
)

func (f Fault) String() string {
	return [...]string{"none", "429", "500", "slow", "drop", "malformed", "truncated", "400",
		"429-ms", "503-no-retry", "gzip", "gzip-declared", "html", "502-html", "stream-cut", "stream-error", "stream-endless"}[f]
}

// Request is what the fake read from a request body.
type Request struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Prompt              *string         `json:"prompt"`
	N                   int             `json:"n"`
	Seed                *int64          `json:"seed"`
	Logprobs            json.RawMessage `json:"logprobs"`
	TopLogprobs         int             `json:"top_logprobs"`
	MaxTokens           *int            `json:"max_tokens"`
	MaxCompletionTokens *int            `json:"max_completion_tokens"`
	Temperature         *float64        `json:"temperature"`
	Stream              bool            `json:"stream"`
	StreamOptions       *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	Chat bool `json:"-"`
	// Fields are the body's top-level field names.
	Fields map[string]bool `json:"-"`
}

// Text is the request's prompt: the last message's content, or the prompt.
func (r *Request) Text() string {
	if r.Prompt != nil {
		return *r.Prompt
	}
	if len(r.Messages) == 0 {
		return ""
	}
	return r.Messages[len(r.Messages)-1].Content
}

// Key names one sample's request: its prompt and seed (for choice j of an
// n>1 request, seed+j: the same as a separate request for that sample).
func (r *Request) Key(j int) string {
	s := int64(0)
	if r.Seed != nil {
		s = *r.Seed
	}
	return r.Text() + "#" + strconv.FormatInt(s+int64(j), 10)
}

// maxTokens is the token limit the request set (0: none).
func (r *Request) maxTokens() int {
	if r.MaxCompletionTokens != nil {
		return *r.MaxCompletionTokens
	}
	if r.MaxTokens != nil {
		return *r.MaxTokens
	}
	return 0
}

// wantLogprobs reports whether logprobs were asked for, and how many alternatives.
func (r *Request) wantLogprobs() (bool, int) {
	s := string(r.Logprobs)
	if s == "" || s == "false" || s == "null" {
		return false, 0
	}
	if r.Chat {
		return true, r.TopLogprobs
	}
	k, _ := strconv.Atoi(s)
	return true, k
}

// Logged is one request the fake received.
type Logged struct {
	Round int64  // the value of Server.Round when it arrived
	Key   string // Request.Key(0)
	N     int
	Path  string
	Body  []byte // the request body as sent
}

// Server is the fake.
type Server struct {
	*httptest.Server
	// Dialect is the real server whose wire format the fake reproduces.
	Dialect Dialect
	// Reply returns the reply to the sample named by key (Request.Key);
	// nil: DefaultReply.
	Reply func(key string) string
	// Think returns the reasoning the model generates before the reply of
	// the sample named by key, inside <think> tags; nil or "": none.
	Think func(key string) string
	// SplitReasoning is the server's reasoning parser: on, the reasoning
	// goes into the dialect's own field and the content holds what follows
	// it (as the dialect cuts it); off, the content holds the whole
	// generation, <think> block included.
	SplitReasoning bool
	// Reasoning, when set, is returned in reasoning_content by the Generic
	// dialect (a reasoning field beside a reply that does not contain it).
	Reasoning string
	// Fault decides the fault for the nth request (from 1); nil: none.
	Fault func(n int64, r *Request) Fault
	// ModelsFault decides the fault for the nth GET /v1/models (from 1):
	// Drop, ServerErr and RateLimit are served as for a completion; nil: none.
	ModelsFault func(n int64) Fault
	// HonourN makes the Generic dialect return n choices; otherwise it
	// returns one, as servers that ignore n do. Other dialects do what
	// their server does: vLLM, SGLang and OpenAI honour n, Ollama ignores
	// it, llama.cpp refuses it.
	HonourN bool
	// RefuseN makes any dialect refuse n > 1 as a gateway does (HTTP 400
	// naming the n parameter).
	RefuseN bool
	// Models are the model ids /v1/models lists and, for the dialects whose
	// servers check the model name (vLLM, Ollama, OpenAI), the ones they
	// accept (default: "fake-model").
	Models []string
	// APIKey, when set, is the only key accepted (HTTP 401 otherwise).
	APIKey string
	// NoModelsRoute makes GET /v1/models answer 404 (a server or gateway
	// without that route).
	NoModelsRoute bool
	// ReasoningModel makes the OpenAI dialect behave as an o-series model:
	// it rejects max_tokens (max_completion_tokens only), a temperature
	// other than 1, and logprobs.
	ReasoningModel bool
	// NoQuota makes the OpenAI dialect answer every request with 429
	// insufficient_quota.
	NoQuota bool
	// CachedTokens is reported as prompt_tokens_details.cached_tokens where
	// the dialect reports cache hits.
	CachedTokens int
	// Finish, when set, gives the finish reason of a sample (default "stop",
	// or "length" when the reply was cut at the request's token limit).
	Finish func(key string) string
	// Pad adds that many bytes of whitespace to every JSON answer (valid
	// JSON, as a pretty-printing server or a padding proxy sends): huge
	// bodies without huge replies.
	Pad int
	// Chunked sends answers without a Content-Length (chunked transfer
	// encoding, as a server that streams its JSON out does).
	Chunked bool
	// Latency delays every answer.
	Latency time.Duration
	// SlowFor is how long a Slow fault waits (default 5 s) unless the client gives up.
	SlowFor time.Duration
	// RetryAfter is the Retry-After header of a RateLimit fault (default "0").
	RetryAfter string
	// RetryAfterMS is the retry-after-ms header of a RateLimitMS fault (default "0").
	RetryAfterMS string
	// Record keeps a log of every request (Log).
	Record bool
	// Round is copied into the log of each request.
	Round atomic.Int64

	requests   atomic.Int64
	modelsReqs atomic.Int64
	faults     [numFaults]atomic.Int64
	cfg        sync.RWMutex // held for reading while a request is served (Configure)
	mu         sync.Mutex
	log        []Logged
	pipe       *pipeListener
	pipeHost   string
	pipeSrv    *http.Server
	pipeTr     *http.Transport
}

// New starts a fake on a loopback port; close it with Close.
func New() *Server {
	s := &Server{}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// NewDialect starts a fake speaking dialect d.
func NewDialect(d Dialect) *Server {
	s := New()
	s.Dialect = d
	return s
}

// NewPipe starts a fake served over in-memory connections, reachable only
// through Transport (and BaseURL, whose host is never dialled). For tests
// in a synctest bubble: call it inside the bubble and Close it there.
func NewPipe() *Server {
	s := &Server{pipe: newPipeListener(), pipeHost: fmt.Sprintf("fake-pipe-%d", pipeHosts.Add(1))}
	s.pipeSrv = &http.Server{Handler: http.HandlerFunc(s.serve)}
	go s.pipeSrv.Serve(s.pipe)
	s.pipeTr = &http.Transport{
		DialContext:         func(ctx context.Context, _, _ string) (net.Conn, error) { return s.pipe.dial(ctx) },
		DisableCompression:  true,
		MaxIdleConnsPerHost: 256,
	}
	return s
}

// Transport reaches a NewPipe fake (nil for a TCP one: use the default).
func (s *Server) Transport() http.RoundTripper {
	if s.pipeTr == nil {
		return nil
	}
	return s.pipeTr
}

var pipeHosts atomic.Int64

// Router reaches several NewPipe fakes through one transport, by host.
func Router(servers ...*Server) http.RoundTripper {
	m := map[string]http.RoundTripper{}
	for _, s := range servers {
		m[s.pipeHost] = s.pipeTr
	}
	return router(m)
}

type router map[string]http.RoundTripper

func (r router) RoundTrip(req *http.Request) (*http.Response, error) {
	tr, ok := r[req.URL.Host]
	if !ok {
		return nil, fmt.Errorf("fakeserver: no pipe server %q", req.URL.Host)
	}
	return tr.RoundTrip(req)
}

// Close stops the fake.
func (s *Server) Close() {
	if s.pipe != nil {
		s.pipeTr.CloseIdleConnections()
		s.pipeSrv.Close()
		return
	}
	s.Server.Close()
}

// BaseURL is the base URL to give a client (…/v1).
func (s *Server) BaseURL() string {
	if s.pipe != nil {
		return "http://" + s.pipeHost + "/v1"
	}
	return s.URL + "/v1"
}

// Requests is the number of completion requests received.
func (s *Server) Requests() int64 { return s.requests.Load() }

// Faults is the number of requests answered with fault f.
func (s *Server) Faults(f Fault) int64 { return s.faults[f].Load() }

// Configure changes the fake's settings (its exported fields) while it
// serves: f runs when no request is being served, and every request served
// after it sees what f set. A test whose requests come from this process
// may set the fields directly (the sockets order the accesses); one whose
// requests come from another process (the command line in a child) must
// use Configure, or the race detector rightly sees no order. f must not be
// called from the fake's own callbacks (Reply, Fault, ...).
func (s *Server) Configure(f func(*Server)) {
	s.cfg.Lock()
	defer s.cfg.Unlock()
	f(s)
}

// Log returns a copy of the request log (with Record set).
func (s *Server) Log() []Logged {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Logged(nil), s.log...)
}

// DefaultReply answers "The answer is N." with N derived from the key, so
// replies are deterministic and differ between samples.
func DefaultReply(key string) string {
	h := sha256.Sum256([]byte(key))
	return fmt.Sprintf("The answer is %d.", binary.BigEndian.Uint16(h[:])%10)
}

func (s *Server) models() []string {
	if len(s.Models) == 0 {
		return []string{"fake-model"}
	}
	return s.Models
}

func (s *Server) serve(w http.ResponseWriter, hr *http.Request) {
	s.cfg.RLock()
	defer s.cfg.RUnlock()
	d := s.Dialect
	switch {
	case hr.Method == http.MethodGet && strings.HasSuffix(hr.URL.Path, "/models"):
		if s.NoModelsRoute {
			d.notFoundRoute(w)
			return
		}
		if s.ModelsFault != nil {
			if f := s.ModelsFault(s.modelsReqs.Add(1)); f != None {
				s.faults[f].Add(1)
				if s.fault(w, hr, f, &Request{}) {
					return
				}
			}
		}
		if d != LlamaCpp && d != Ollama && !s.authorized(hr) {
			d.unauthorized(w)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(d.modelList(s.models()))
		return
	case hr.Method != http.MethodPost:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	var req Request
	switch {
	case strings.HasSuffix(hr.URL.Path, "/v1/chat/completions"):
		req.Chat = true
	case strings.HasSuffix(hr.URL.Path, "/v1/completions"):
	default:
		d.notFoundRoute(w)
		return
	}
	raw, err := readBody(hr)
	if err == nil {
		err = json.Unmarshal(raw, &req)
	}
	if err != nil {
		d.badJSON(w, err)
		return
	}
	if d != Generic {
		var fields map[string]json.RawMessage
		json.Unmarshal(raw, &fields)
		req.Fields = map[string]bool{}
		for k := range fields {
			req.Fields[k] = true
		}
	}
	n := s.requests.Add(1)
	if s.Record {
		s.mu.Lock()
		s.log = append(s.log, Logged{Round: s.Round.Load(), Key: req.Key(0), N: req.N, Path: hr.URL.Path, Body: raw})
		s.mu.Unlock()
	}
	if d != Ollama && !s.authorized(hr) {
		d.unauthorized(w)
		return
	}
	if s.refuse(w, &req) {
		return
	}
	fault := None
	if s.Fault != nil {
		fault = s.Fault(n, &req)
	}
	s.faults[fault].Add(1)
	if s.Latency > 0 {
		time.Sleep(s.Latency)
	}
	if s.fault(w, hr, fault, &req) {
		return
	}
	if req.Stream {
		s.stream(w, &req, fault)
		return
	}
	body := s.render(&req)
	w.Header().Set("Content-Type", "application/json")
	if s.Pad > 0 {
		body = append(body[:len(body):len(body)], bytes.Repeat([]byte(" "), s.Pad)...)
	}
	if s.Chunked {
		w.WriteHeader(http.StatusOK)
		if f, ok := w.(http.Flusher); ok {
			f.Flush() // headers out before the body: no Content-Length
		}
	}
	if fault == Truncated || fault == StreamCut {
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		w.Write(body[:len(body)/2])
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		panic(http.ErrAbortHandler)
	}
	w.Write(body)
}

// readBody reads a request body in one allocation when its length is known.
func readBody(hr *http.Request) ([]byte, error) {
	if n := hr.ContentLength; n > 0 && n < 64<<20 {
		b := make([]byte, n)
		_, err := io.ReadFull(hr.Body, b)
		return b, err
	}
	return io.ReadAll(hr.Body)
}

func errString(err error) string {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "unexpected end of input"
	}
	return err.Error()
}

func (s *Server) authorized(hr *http.Request) bool {
	return s.APIKey == "" || hr.Header.Get("Authorization") == "Bearer "+s.APIKey
}

// fault answers with f and reports whether the request is done.
func (s *Server) fault(w http.ResponseWriter, hr *http.Request, f Fault, req *Request) bool {
	d := s.Dialect
	switch f {
	case RateLimit:
		ra := s.RetryAfter
		if ra == "" {
			ra = "0"
		}
		w.Header().Set("Retry-After", ra)
		d.writeError(w, http.StatusTooManyRequests, "rate limited", "rate_limit_exceeded", "")
	case RateLimitMS:
		ms := s.RetryAfterMS
		if ms == "" {
			ms = "0"
		}
		// The OpenAI API sends both; clients prefer the milliseconds.
		w.Header().Set("retry-after-ms", ms)
		w.Header().Set("Retry-After", "60")
		d.writeError(w, http.StatusTooManyRequests, "Rate limit reached for requests", "rate_limit_exceeded", "")
	case NoRetry:
		w.Header().Set("x-should-retry", "false")
		d.writeError(w, http.StatusServiceUnavailable, "this request will not succeed", "", "")
	case ServerErr:
		if d == Generic {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, `{"error":{"message":"internal error"}}`)
			return true
		}
		d.writeError(w, http.StatusInternalServerError, "internal error", "", "")
	case BadRequest:
		if d == Generic {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"error":{"message":"prompt too long"}}`)
			return true
		}
		d.writeError(w, http.StatusBadRequest, "This model's maximum context length is 4096 tokens. However, you requested 9000 tokens.", "", "")
	case Slow:
		dur := s.SlowFor
		if dur <= 0 {
			dur = 5 * time.Second
		}
		t := time.NewTimer(dur)
		defer t.Stop()
		select {
		case <-t.C:
		case <-hr.Context().Done():
			return true
		}
		return false
	case Drop:
		panic(http.ErrAbortHandler) // the server closes the connection, no answer
	case Malformed:
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"choices": [{"index": 0, "message": {"content": "The ans`)
	case Gzip, GzipDeclared:
		body := gzipped(s.render(req))
		w.Header().Set("Content-Type", "application/json")
		if f == GzipDeclared {
			w.Header().Set("Content-Encoding", "gzip")
		}
		w.Write(body)
	case StreamEndless:
		if !req.Stream {
			return false
		}
		w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		chunk := []byte(`data: {"id":"x","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{"content":"la "},"finish_reason":null}]}` + "\n\n")
		if !req.Chat {
			chunk = []byte(`data: {"id":"x","object":"text_completion","model":"m","choices":[{"index":0,"text":"la ","finish_reason":null}]}` + "\n\n")
		}
		batch := bytes.Repeat(chunk, 64)
		for hr.Context().Err() == nil {
			if _, err := w.Write(batch); err != nil {
				break
			}
		}
	case HTMLPage:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!DOCTYPE html>\n<html><head><title>Sign in - Example Corp SSO</title></head><body><form>...</form></body></html>\n")
	case BadGatewayHTML:
		// nginx's default error page.
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusBadGateway)
		fmt.Fprint(w, "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n")
	default:
		return false
	}
	return true
}

// pipeListener is a net.Listener of in-memory connections.
type pipeListener struct {
	conns  chan net.Conn
	closed chan struct{}
	once   sync.Once
}

func newPipeListener() *pipeListener {
	return &pipeListener{conns: make(chan net.Conn), closed: make(chan struct{})}
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.closed:
		return nil, net.ErrClosed
	}
}

func (l *pipeListener) Close() error {
	l.once.Do(func() { close(l.closed) })
	return nil
}

func (l *pipeListener) Addr() net.Addr { return pipeAddr{} }

func (l *pipeListener) dial(ctx context.Context) (net.Conn, error) {
	client, server := net.Pipe()
	select {
	case l.conns <- server:
		return client, nil
	case <-l.closed:
		return nil, &net.OpError{Op: "dial", Net: "pipe", Err: errors.New("connection refused")}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "fake.pipe:80" }
