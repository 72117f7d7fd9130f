// Package fakeserver is a TEST FAKE, not a model server: an in-process
// OpenAI-compatible HTTP server (net/http/httptest) that answers chat and
// plain completions with deterministic replies and injects faults on
// demand: 429 with Retry-After, 500, replies slower than the client's
// timeout, dropped connections, malformed JSON and truncated bodies. Tests
// of package model and package run use it; it counts every request so a
// test can check what was sent.
package fakeserver

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
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
	Malformed               // 200 with a body that is not JSON
	Truncated               // 200 with the body cut in the middle
	BadRequest              // 400 (not worth retrying)
)

func (f Fault) String() string {
	return [...]string{"none", "429", "500", "slow", "drop", "malformed", "truncated", "400"}[f]
}

// Request is what the fake read from a request body.
type Request struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Prompt      *string         `json:"prompt"`
	N           int             `json:"n"`
	Seed        *int64          `json:"seed"`
	Logprobs    json.RawMessage `json:"logprobs"`
	TopLogprobs int             `json:"top_logprobs"`
	MaxTokens   int             `json:"max_tokens"`
	Chat        bool            `json:"-"`
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

// Logged is one request the fake received.
type Logged struct {
	Round int64  // the value of Server.Round when it arrived
	Key   string // Request.Key(0)
	N     int
}

// Server is the fake.
type Server struct {
	*httptest.Server
	// Reply returns the reply to the sample named by key (Request.Key);
	// nil: DefaultReply.
	Reply func(key string) string
	// Fault decides the fault for the nth request (from 1); nil: none.
	Fault func(n int64, r *Request) Fault
	// HonourN makes the fake return n choices; otherwise it returns one,
	// as servers that ignore n do.
	HonourN bool
	// Reasoning, when set, is returned in reasoning_content.
	Reasoning string
	// Latency delays every answer.
	Latency time.Duration
	// SlowFor is how long a Slow fault waits (default 5 s) unless the client gives up.
	SlowFor time.Duration
	// RetryAfter is the Retry-After header of a RateLimit fault (default "0").
	RetryAfter string
	// Record keeps a log of every request (Log).
	Record bool
	// Round is copied into the log of each request.
	Round atomic.Int64

	requests atomic.Int64
	faults   [8]atomic.Int64
	mu       sync.Mutex
	log      []Logged
}

// New starts a fake; close it with Close.
func New() *Server {
	s := &Server{}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// BaseURL is the base URL to give a client (…/v1).
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Requests is the number of completion requests received.
func (s *Server) Requests() int64 { return s.requests.Load() }

// Faults is the number of requests answered with fault f.
func (s *Server) Faults(f Fault) int64 { return s.faults[f].Load() }

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

func (s *Server) serve(w http.ResponseWriter, hr *http.Request) {
	switch {
	case hr.Method == http.MethodGet && strings.HasSuffix(hr.URL.Path, "/models"):
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"object":"list","data":[{"id":"fake-model","object":"model","owned_by":"fakeserver"}]}`)
		return
	case hr.Method != http.MethodPost:
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	var req Request
	switch {
	case strings.HasSuffix(hr.URL.Path, "/chat/completions"):
		req.Chat = true
	case strings.HasSuffix(hr.URL.Path, "/completions"):
	default:
		http.NotFound(w, hr)
		return
	}
	if err := json.NewDecoder(hr.Body).Decode(&req); err != nil {
		http.Error(w, `{"error":{"message":"bad JSON"}}`, http.StatusBadRequest)
		return
	}
	n := s.requests.Add(1)
	if s.Record {
		s.mu.Lock()
		s.log = append(s.log, Logged{Round: s.Round.Load(), Key: req.Key(0), N: req.N})
		s.mu.Unlock()
	}
	fault := None
	if s.Fault != nil {
		fault = s.Fault(n, &req)
	}
	s.faults[fault].Add(1)
	if s.Latency > 0 {
		time.Sleep(s.Latency)
	}
	switch fault {
	case RateLimit:
		ra := s.RetryAfter
		if ra == "" {
			ra = "0"
		}
		w.Header().Set("Retry-After", ra)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprint(w, `{"error":{"message":"rate limited","type":"rate_limit"}}`)
		return
	case ServerErr:
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprint(w, `{"error":{"message":"internal error"}}`)
		return
	case BadRequest:
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":{"message":"prompt too long"}}`)
		return
	case Slow:
		d := s.SlowFor
		if d <= 0 {
			d = 5 * time.Second
		}
		select {
		case <-time.After(d):
		case <-hr.Context().Done():
			return
		}
	case Drop:
		panic(http.ErrAbortHandler) // the server closes the connection, no answer
	case Malformed:
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"choices": [{"index": 0, "message": {"content": "The ans`)
		return
	}
	body := s.render(&req)
	w.Header().Set("Content-Type", "application/json")
	if fault == Truncated {
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

type message struct {
	Role             string `json:"role"`
	Content          string `json:"content"`
	ReasoningContent string `json:"reasoning_content,omitempty"`
}

type usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

type response struct {
	ID      string   `json:"id"`
	Object  string   `json:"object"`
	Model   string   `json:"model"`
	Choices []choice `json:"choices"`
	Usage   usage    `json:"usage"`
}

type choice struct {
	Index        int             `json:"index"`
	Message      *message        `json:"message,omitempty"`
	Text         *string         `json:"text,omitempty"`
	FinishReason string          `json:"finish_reason"`
	Logprobs     json.RawMessage `json:"logprobs,omitempty"`
}

func (s *Server) render(req *Request) []byte {
	n := 1
	if s.HonourN && req.N > 1 {
		n = req.N
	}
	reply := s.Reply
	if reply == nil {
		reply = DefaultReply
	}
	wantLP := len(req.Logprobs) > 0 && string(req.Logprobs) != "false" && string(req.Logprobs) != "null"
	choices := make([]choice, n)
	completion := 0
	for j := range n {
		text := reply(req.Key(j))
		completion += len(strings.Fields(text))
		c := choice{Index: j, FinishReason: "stop"}
		if req.Chat {
			c.Message = &message{Role: "assistant", Content: text, ReasoningContent: s.Reasoning}
		} else {
			t := text
			c.Text = &t
		}
		if wantLP {
			top := req.TopLogprobs
			if !req.Chat {
				// The legacy API puts the number of alternatives in logprobs.
				top, _ = strconv.Atoi(string(req.Logprobs))
			}
			c.Logprobs = logprobs(text, req.Chat, top)
		}
		choices[j] = c
	}
	pt := len(strings.Fields(req.Text()))
	out := response{ID: "fake-1", Object: "chat.completion", Model: "fake-model", Choices: choices,
		Usage: usage{PromptTokens: pt, CompletionTokens: completion, TotalTokens: pt + completion}}
	b, _ := json.Marshal(out)
	return b
}

// logprobs splits text into tokens at spaces (each token keeps its leading
// space) with made-up logprobs.
func logprobs(text string, chat bool, top int) json.RawMessage {
	var toks []string
	start := 0
	for i := 1; i < len(text); i++ {
		if text[i] == ' ' {
			toks = append(toks, text[start:i])
			start = i
		}
	}
	if start < len(text) {
		toks = append(toks, text[start:])
	}
	if chat {
		type alt struct {
			Token   string  `json:"token"`
			Logprob float64 `json:"logprob"`
		}
		type tok struct {
			Token   string  `json:"token"`
			Logprob float64 `json:"logprob"`
			Bytes   []int   `json:"bytes"`
			Top     []alt   `json:"top_logprobs"`
		}
		var content []tok
		for i, t := range toks {
			bs := make([]int, len(t))
			for k := range len(t) {
				bs[k] = int(t[k])
			}
			tk := tok{Token: t, Logprob: -0.1 * float64(i), Bytes: bs, Top: []alt{}}
			for k := range top {
				tk.Top = append(tk.Top, alt{Token: fmt.Sprintf("alt%d", k), Logprob: -1 - float64(k)})
			}
			content = append(content, tk)
		}
		b, _ := json.Marshal(map[string]any{"content": content})
		return b
	}
	var lps []float64
	var tops []map[string]float64
	for i := range toks {
		lps = append(lps, -0.1*float64(i))
		m := map[string]float64{}
		for k := range top {
			m[fmt.Sprintf("alt%d", k)] = -1 - float64(k)
		}
		tops = append(tops, m)
	}
	b, _ := json.Marshal(map[string]any{"tokens": toks, "token_logprobs": lps, "top_logprobs": tops})
	return b
}
