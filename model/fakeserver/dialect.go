package fakeserver

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// Dialect is the real server whose wire format the fake reproduces.
//
// The shapes below are written from these sources (read, not copied):
//
//	vllm      vllm-project/vllm: vllm/entrypoints/openai/chat_completion/protocol.py
//	          and completion/protocol.py (commit 002032ee), engine/protocol.py
//	          (ErrorResponse, UsageInfo; commit 040a2cc2), serving_chat.py
//	          (chat_completion_full_generator: logprobs over every output
//	          token, reasoning parser on the text; commit 003fe593),
//	          server_utils.py (AuthenticationMiddleware; commit 029329a8).
//	sglang    sgl-project/sglang: python/sglang/srt/entrypoints/openai/protocol.py
//	          (commit 004c82e0), serving_base.py (no model-name check; commit
//	          012bcb5f), srt/reasoning_parser.py (detect_and_parse strips).
//	llamacpp  ggml-org/llama.cpp: tools/server/server-task.cpp (to_json_oaicompat,
//	          to_json_oaicompat_chat, probs_vector_to_json; commit 00efb3e1) and
//	          the n check of the OpenAI-compatible parameter parsing ("Only one
//	          completion choice is allowed", thrown as a 500 server_error).
//	ollama    ollama/ollama: openai/openai.go (ToChatCompletion, ToCompletion
//	          without logprobs, NewError) and middleware/openai.go (streams),
//	          server/routes.go ("model '%s' not found"); commit fb307609.
//	openai    openai/openai-openapi openapi.yaml (CreateChatCompletionResponse,
//	          CompletionUsage, ErrorResponse; commit f85dbe22); the error codes
//	          invalid_api_key, model_not_found, insufficient_quota,
//	          unsupported_parameter and unsupported_value as the API sends them.
type Dialect string

// The dialects.
const (
	Generic  Dialect = ""
	VLLM     Dialect = "vllm"
	SGLang   Dialect = "sglang"
	LlamaCpp Dialect = "llamacpp"
	Ollama   Dialect = "ollama"
	OpenAI   Dialect = "openai"
)

// Dialects are the real servers' dialects.
var Dialects = []Dialect{VLLM, SGLang, LlamaCpp, Ollama, OpenAI}

func (d Dialect) String() string {
	if d == Generic {
		return "generic"
	}
	return string(d)
}

// errTypes are the error "type" strings each server uses by status.
func (d Dialect) errType(status int) string {
	switch d {
	case VLLM:
		// vLLM: the HTTPStatus phrase or exception name.
		return map[int]string{400: "BadRequestError", 404: "NotFoundError", 429: "TooManyRequests", 500: "InternalServerError", 503: "ServiceUnavailable"}[status]
	case SGLang:
		return map[int]string{400: "BadRequest", 404: "NotFound", 429: "TooManyRequests", 500: "InternalServerError", 503: "ServiceUnavailable"}[status]
	case LlamaCpp:
		return map[int]string{400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error", 429: "unavailable_error", 500: "server_error", 501: "not_supported_error", 503: "unavailable_error"}[status]
	case Ollama:
		// openai.NewError maps 400 to invalid_request_error and 404 to
		// not_found_error, but the real server (v0.17.4, as issue 34
		// records its body) answers an unknown model with 404 and type
		// api_error: {"error":{"message":"model 'no-such-model' not
		// found","type":"api_error",...}}. The fake sends what the real
		// server sends.
		if status == 400 {
			return "invalid_request_error"
		}
		return "api_error"
	}
	switch {
	case status == 429:
		return "requests"
	case status >= 500:
		return "server_error"
	}
	return "invalid_request_error"
}

// writeError writes an error body in the dialect's shape.
func (d Dialect) writeError(w http.ResponseWriter, status int, msg, code, param string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(d.errorBody(status, msg, code, param))
}

func (d Dialect) errorBody(status int, msg, code, param string) []byte {
	var v any
	nullable := func(s string) any {
		if s == "" {
			return nil
		}
		return s
	}
	switch d {
	case VLLM:
		v = map[string]any{"error": map[string]any{"message": msg, "type": d.errType(status), "param": nullable(param), "code": status}}
	case SGLang:
		v = map[string]any{"object": "error", "message": msg, "type": d.errType(status), "param": nullable(param), "code": status}
	case LlamaCpp:
		v = map[string]any{"error": map[string]any{"code": status, "message": msg, "type": d.errType(status)}}
	case Ollama:
		v = map[string]any{"error": map[string]any{"message": msg, "type": d.errType(status), "param": nil, "code": nil}}
	case OpenAI:
		typ := d.errType(status)
		if code == "insufficient_quota" {
			typ = code
		}
		v = map[string]any{"error": map[string]any{"message": msg, "type": typ, "param": nullable(param), "code": nullable(code)}}
	default:
		v = map[string]any{"error": map[string]any{"message": msg, "type": d.errType(status)}}
	}
	b, _ := json.Marshal(v)
	return append(b, '\n')
}

// badJSON answers a request body that is not JSON. llama-server's JSON
// parser throws and the server answers 500 server_error (as issue 34
// records the real server's answer); the others answer 400.
func (d Dialect) badJSON(w http.ResponseWriter, err error) {
	if d == LlamaCpp {
		d.writeError(w, http.StatusInternalServerError, "parse error: "+errString(err), "", "")
		return
	}
	d.writeError(w, http.StatusBadRequest, "bad JSON: "+errString(err), "", "")
}

func (d Dialect) unauthorized(w http.ResponseWriter) {
	switch d {
	case VLLM, SGLang:
		// The API-key middleware's answer: "error" is a string.
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"error":"Unauthorized"}`)
	case LlamaCpp:
		d.writeError(w, http.StatusUnauthorized, "Invalid API Key", "", "")
	case OpenAI:
		d.writeError(w, http.StatusUnauthorized, "Incorrect API key provided: sk-bad***. You can find your API key at https://platform.openai.com/account/api-keys.", "invalid_api_key", "")
	default:
		d.writeError(w, http.StatusUnauthorized, "unauthorized", "", "")
	}
}

// notFoundRoute answers a path the server does not have.
func (d Dialect) notFoundRoute(w http.ResponseWriter) {
	switch d {
	case VLLM, SGLang:
		// FastAPI's answer for an unknown route.
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"detail":"Not Found"}`)
	case Ollama:
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, "404 page not found")
	default:
		d.writeError(w, http.StatusNotFound, "File Not Found", "", "")
	}
}

func (d Dialect) modelList(ids []string) []byte {
	var data []map[string]any
	for _, id := range ids {
		m := map[string]any{"id": id, "object": "model", "created": 1750000000}
		switch d {
		case VLLM:
			m["owned_by"], m["root"], m["parent"], m["max_model_len"] = "vllm", id, nil, 32768
			m["permission"] = []map[string]any{{"id": "modelperm-1", "object": "model_permission", "allow_sampling": true, "allow_logprobs": true}}
		case SGLang:
			m["owned_by"], m["root"], m["max_model_len"] = "sglang", id, 32768
		case LlamaCpp:
			m["owned_by"], m["meta"] = "llamacpp", map[string]any{"n_ctx_train": 32768, "n_vocab": 151936}
		case Ollama:
			m["owned_by"] = "library"
		case OpenAI:
			m["owned_by"] = "system"
		default:
			m["owned_by"] = "fakeserver"
		}
		data = append(data, m)
	}
	b, _ := json.Marshal(map[string]any{"object": "list", "data": data})
	return b
}

// refuse answers the requests the dialect's server refuses, and reports
// whether it did.
func (s *Server) refuse(w http.ResponseWriter, req *Request) bool {
	d := s.Dialect
	if d == VLLM || d == Ollama || d == OpenAI {
		known := false
		for _, m := range s.models() {
			known = known || m == req.Model
		}
		if !known {
			switch d {
			case VLLM:
				d.writeError(w, http.StatusNotFound, fmt.Sprintf("The model `%s` does not exist.", req.Model), "", "model")
			case Ollama:
				d.writeError(w, http.StatusNotFound, fmt.Sprintf("model '%s' not found", req.Model), "", "")
			case OpenAI:
				d.writeError(w, http.StatusNotFound, fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", req.Model), "model_not_found", "")
			}
			return true
		}
	}
	if req.N > 1 && (d == LlamaCpp || s.RefuseN) {
		if d == LlamaCpp {
			d.writeError(w, http.StatusInternalServerError, "Only one completion choice is allowed", "", "")
		} else {
			d.writeError(w, http.StatusBadRequest, fmt.Sprintf("Invalid 'n': integer above maximum value. Expected a value <= 1, but got %d instead.", req.N), "unsupported_value", "n")
		}
		return true
	}
	if d == OpenAI && s.NoQuota {
		d.writeError(w, http.StatusTooManyRequests, "You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.", "insufficient_quota", "")
		return true
	}
	if d == OpenAI && s.ReasoningModel && req.Chat {
		switch {
		case req.Fields["max_tokens"]:
			d.writeError(w, http.StatusBadRequest, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", "unsupported_parameter", "max_tokens")
		case req.Temperature != nil && *req.Temperature != 1:
			d.writeError(w, http.StatusBadRequest, fmt.Sprintf("Unsupported value: 'temperature' does not support %g with this model. Only the default (1) value is supported.", *req.Temperature), "unsupported_value", "temperature")
		case req.Fields["logprobs"] && string(req.Logprobs) != "false":
			d.writeError(w, http.StatusBadRequest, "Unsupported parameter: 'logprobs' is not supported with this model.", "unsupported_parameter", "logprobs")
		default:
			return false
		}
		return true
	}
	return false
}

// sample is one choice as generated, before the server shapes it.
type sample struct {
	gen       string  // everything generated: <think> block and reply
	toks      []token // gen's tokens
	reply     string  // the reply as the model wrote it
	think     string  // the reasoning inside the tags ("" when none)
	cs, ce    int     // the content the server returns, as a span of gen
	rs, re    int     // the reasoning the server returns, as a span of gen
	split     bool    // reasoning returned apart (the content is then gen[cs:ce])
	finish    string
	reasoning int // reasoning tokens
}

type token struct {
	text    string
	start   int
	logprob float64
	top     []alt
}

type alt struct {
	text    string
	logprob float64
}

const thinkOpen, thinkClose = "<think>", "</think>"

// generate makes choice j's generation and how the dialect splits it.
func (s *Server) generate(req *Request, j, top int) sample {
	key := req.Key(j)
	reply := DefaultReply
	if s.Reply != nil {
		reply = s.Reply
	}
	sm := sample{reply: reply(key)}
	if s.Think != nil {
		sm.think = s.Think(key)
	}
	gen := sm.reply
	if sm.think != "" {
		// The shape of Qwen3's and DeepSeek-R1's chat templates.
		gen = thinkOpen + "\n" + sm.think + "\n" + thinkClose + "\n\n" + sm.reply
	}
	sm.gen = gen
	sm.toks = tokenize(gen, s.Dialect, top)
	limit := req.maxTokens()
	if limit == 0 && !req.Chat && (s.Dialect == VLLM || s.Dialect == SGLang || s.Dialect == OpenAI) {
		// CompletionRequest.max_tokens defaults to 16 in vLLM and SGLang, as
		// in the OpenAI API.
		limit = 16
	}
	if max := limit; max > 0 && len(sm.toks) > max {
		// Cut at the token limit, as every server does.
		sm.toks = sm.toks[:max]
		sm.gen = gen[:sm.toks[max-1].start+len(sm.toks[max-1].text)]
		sm.finish = "length"
	}
	if sm.finish == "" {
		sm.finish = "stop"
		if s.Finish != nil {
			sm.finish = s.Finish(key)
		}
	}
	sm.cs, sm.ce = 0, len(sm.gen)
	sm.rs, sm.re = 0, 0
	o, c := strings.Index(sm.gen, thinkOpen), strings.Index(sm.gen, thinkClose)
	if o == 0 {
		end := c
		if c < 0 {
			end = len(sm.gen)
		}
		for _, t := range sm.toks {
			if t.start < end {
				sm.reasoning++
			}
		}
	}
	if !req.Chat || !s.SplitReasoning || o != 0 {
		return sm
	}
	sm.split = true
	ws := func(a, b int) (int, int) { // trim white space off gen[a:b]
		for a < b && strings.ContainsRune(" \t\r\n", rune(sm.gen[a])) {
			a++
		}
		for b > a && strings.ContainsRune(" \t\r\n", rune(sm.gen[b-1])) {
			b--
		}
		return a, b
	}
	if c < 0 { // cut inside the reasoning: all of it is reasoning
		sm.rs, sm.re = len(thinkOpen), len(sm.gen)
		sm.cs, sm.ce = len(sm.gen), len(sm.gen)
		if s.Dialect != VLLM {
			sm.rs, sm.re = ws(sm.rs, sm.re)
		}
		return sm
	}
	sm.rs, sm.re = len(thinkOpen), c
	sm.cs, sm.ce = c+len(thinkClose), len(sm.gen)
	switch s.Dialect {
	case VLLM:
		// deepseek_r1 / qwen3 reasoning parsers: the text between the tags
		// and the text after the close tag, as they are.
	case SGLang:
		// detect_and_parse: the text without the open tag, stripped, split at
		// the close tag; the rest stripped again.
		sm.rs, _ = ws(sm.rs, sm.re)
		sm.cs, sm.ce = ws(sm.cs, sm.ce)
	default:
		// llama.cpp's and Ollama's parsers trim the reasoning and the white
		// space that follows the close tag.
		sm.rs, sm.re = ws(sm.rs, sm.re)
		sm.cs, _ = ws(sm.cs, sm.ce)
	}
	return sm
}

func (sm *sample) content() string       { return sm.gen[sm.cs:sm.ce] }
func (sm *sample) reasoningText() string { return sm.gen[sm.rs:sm.re] }

// tokenize splits text the way a byte-level BPE tokenizer roughly does:
// the think tags are tokens of their own, and every other token is a word
// with the white space before it. The Generic dialect gives token i the
// logprob -0.1·i (tests compute confidences from that); the others draw
// it from the token and its position.
func tokenize(text string, d Dialect, top int) []token {
	var toks []token
	start := 0
	cut := func(i int) {
		if i > start {
			toks = append(toks, token{text: text[start:i], start: start})
		}
		start = i
	}
	for i := 0; i < len(text); {
		switch {
		case strings.HasPrefix(text[i:], thinkOpen):
			cut(i)
			cut(i + len(thinkOpen))
			i += len(thinkOpen)
			continue
		case strings.HasPrefix(text[i:], thinkClose):
			cut(i)
			cut(i + len(thinkClose))
			i += len(thinkClose)
			continue
		case i > 0 && isSpace(text[i]) && !isSpace(text[i-1]) && i > start:
			cut(i)
		}
		i++
	}
	cut(len(text))
	for i := range toks {
		if d == Generic {
			toks[i].logprob = -0.1 * float64(i)
		} else {
			h := sha256.Sum256([]byte(fmt.Sprintf("%s#%d", toks[i].text, i)))
			toks[i].logprob = -float64(binary.BigEndian.Uint16(h[:])%3000) / 1000
		}
		for k := range top {
			toks[i].top = append(toks[i].top, alt{text: fmt.Sprintf("alt%d", k), logprob: toks[i].logprob - 1 - float64(k)})
		}
	}
	return toks
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' }

func byteList(s string) []int {
	b := make([]int, len(s))
	for i := range len(s) {
		b[i] = int(s[i])
	}
	return b
}

// chatLogprobs is the chat shape: {"content": [{token, logprob, bytes,
// top_logprobs}]}; llama.cpp adds each token's "id" (probs_vector_to_json),
// and so does its /v1/completions.
func (d Dialect) chatLogprobs(toks []token) map[string]any {
	content := make([]map[string]any, 0, len(toks))
	for i, t := range toks {
		m := map[string]any{"token": t.text, "logprob": t.logprob, "bytes": byteList(t.text)}
		if d == LlamaCpp {
			m["id"] = 1000 + i
		}
		tops := []map[string]any{}
		for k, a := range t.top {
			am := map[string]any{"token": a.text, "logprob": a.logprob, "bytes": byteList(a.text)}
			if d == LlamaCpp {
				am["id"] = 50000 + k
			}
			tops = append(tops, am)
		}
		m["top_logprobs"] = tops
		content = append(content, m)
	}
	out := map[string]any{"content": content}
	if d == OpenAI {
		out["refusal"] = nil
	}
	return out
}

// legacyLogprobs is the completions shape of the OpenAI API, vLLM and
// SGLang: parallel lists, text_offset counted from the text's start.
func legacyLogprobs(toks []token, offset int) map[string]any {
	tokens, lps, offs := []string{}, []float64{}, []int{}
	tops := []map[string]float64{}
	for _, t := range toks {
		tokens = append(tokens, t.text)
		lps = append(lps, t.logprob)
		offs = append(offs, offset+t.start)
		m := map[string]float64{}
		for _, a := range t.top {
			m[a.text] = a.logprob
		}
		tops = append(tops, m)
	}
	return map[string]any{"tokens": tokens, "token_logprobs": lps, "top_logprobs": tops, "text_offset": offs}
}

// usage is the usage object of the dialect for these samples.
func (s *Server) usage(req *Request, sms []sample) map[string]any {
	pt := len(strings.Fields(req.Text()))
	ct, rt := 0, 0
	for _, sm := range sms {
		ct += len(sm.toks)
		rt += sm.reasoning
	}
	u := map[string]any{"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct}
	cached := any(nil)
	if s.CachedTokens > 0 {
		cached = map[string]any{"cached_tokens": s.CachedTokens}
	}
	switch s.Dialect {
	case VLLM:
		u["prompt_tokens_details"] = cached
	case SGLang:
		u["prompt_tokens_details"] = cached
		u["reasoning_tokens"] = rt
	case OpenAI:
		u["prompt_tokens_details"] = map[string]any{"cached_tokens": s.CachedTokens, "audio_tokens": 0}
		u["completion_tokens_details"] = map[string]any{"reasoning_tokens": rt, "audio_tokens": 0,
			"accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0}
	}
	return u
}

// choices decides how many choices the dialect returns for req.
func (s *Server) choices(req *Request) int {
	n := max(req.N, 1)
	switch s.Dialect {
	case Generic:
		if !s.HonourN {
			n = 1
		}
	case Ollama:
		n = 1 // the OpenAI layer has no n
	}
	return n
}

// render is the body of a non-streamed answer.
func (s *Server) render(req *Request) []byte {
	if s.Dialect == Generic {
		return s.renderGeneric(req)
	}
	d := s.Dialect
	wantLP, top := req.wantLogprobs()
	sms := make([]sample, s.choices(req))
	choices := make([]map[string]any, len(sms))
	for j := range sms {
		sm := s.generate(req, j, top)
		sms[j] = sm
		ch := map[string]any{"index": j, "finish_reason": sm.finish}
		lpToks := sm.toks
		if d == OpenAI && sm.split {
			lpToks = nil
		}
		if req.Chat {
			msg := map[string]any{"role": "assistant", "content": sm.content()}
			reasoning := any(nil)
			if sm.split {
				reasoning = sm.reasoningText()
			}
			switch d {
			case VLLM:
				msg["reasoning"], msg["refusal"], msg["annotations"], msg["audio"], msg["function_call"] = reasoning, nil, nil, nil, nil
				ch["stop_reason"], ch["token_ids"] = nil, nil
			case SGLang:
				msg["reasoning_content"], msg["tool_calls"] = reasoning, nil
				ch["matched_stop"] = 151645
			case LlamaCpp:
				if sm.split {
					msg["reasoning_content"] = reasoning
				}
			case Ollama:
				if sm.split {
					msg["reasoning"] = reasoning
				}
			case OpenAI:
				// The API never returns a reasoning model's reasoning.
				msg["content"] = sm.reply
				if !sm.split {
					msg["content"] = sm.gen
				}
				msg["refusal"], msg["annotations"] = nil, []any{}
			}
			ch["message"] = msg
			if wantLP {
				if d == OpenAI && sm.split {
					lpToks = tokenize(sm.reply, d, top)
				}
				ch["logprobs"] = d.chatLogprobs(lpToks)
			} else if d != Ollama && d != LlamaCpp {
				ch["logprobs"] = nil
			}
		} else {
			ch["text"] = sm.gen
			switch {
			case d == Ollama:
				// ToCompletion never sets logprobs.
			case !wantLP:
				if d != Ollama {
					ch["logprobs"] = nil
				}
			case d == LlamaCpp && top == 0:
				// n_probs is set only for logprobs > 0.
				ch["logprobs"] = nil
			case d == LlamaCpp:
				ch["logprobs"] = d.chatLogprobs(sm.toks)
			default:
				ch["logprobs"] = legacyLogprobs(sm.toks, 0)
			}
			if d == VLLM {
				ch["stop_reason"], ch["prompt_logprobs"] = nil, nil
			}
			if d == SGLang {
				ch["matched_stop"] = 151645
			}
		}
		choices[j] = ch
	}
	out := map[string]any{"id": "chatcmpl-fake", "object": "chat.completion", "created": 1750000000,
		"model": req.Model, "choices": choices, "usage": s.usage(req, sms)}
	if !req.Chat {
		out["id"], out["object"] = "cmpl-fake", "text_completion"
	}
	switch d {
	case VLLM:
		out["system_fingerprint"], out["prompt_logprobs"], out["kv_transfer_params"] = nil, nil, nil
	case SGLang:
		out["metadata"] = nil
	case LlamaCpp:
		// llama-server reports the model it was started with, whatever was asked.
		out["model"] = "qwen3-8b-q4_k_m.gguf"
		out["system_fingerprint"] = "b6000-00efb3e1"
		out["timings"] = map[string]any{"prompt_n": 12, "prompt_ms": 10.5, "predicted_n": len(sms[0].toks), "predicted_ms": 120.0}
	case Ollama:
		out["system_fingerprint"] = "fp_ollama"
	case OpenAI:
		out["model"] = req.Model + "-2025-04-16"
		out["service_tier"], out["system_fingerprint"] = "default", "fp_fake0001"
	}
	b, _ := json.Marshal(out)
	return b
}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// The Generic dialect's body, kept as it always was.

type genMessage struct {
	Role             string `json:"role"`
	Content          string `json:"content"`
	ReasoningContent string `json:"reasoning_content,omitempty"`
}

type genUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

type genResponse struct {
	ID      string      `json:"id"`
	Object  string      `json:"object"`
	Model   string      `json:"model"`
	Choices []genChoice `json:"choices"`
	Usage   genUsage    `json:"usage"`
}

type genChoice struct {
	Index        int             `json:"index"`
	Message      *genMessage     `json:"message,omitempty"`
	Text         *string         `json:"text,omitempty"`
	FinishReason string          `json:"finish_reason"`
	Logprobs     json.RawMessage `json:"logprobs,omitempty"`
}

func (s *Server) renderGeneric(req *Request) []byte {
	n := s.choices(req)
	reply := s.Reply
	if reply == nil {
		reply = DefaultReply
	}
	wantLP, top := req.wantLogprobs()
	choices := make([]genChoice, n)
	completion := 0
	for j := range n {
		key := req.Key(j)
		text := reply(key)
		completion += len(strings.Fields(text))
		finish := "stop"
		if s.Finish != nil {
			finish = s.Finish(key)
		}
		c := genChoice{Index: j, FinishReason: finish}
		if req.Chat {
			c.Message = &genMessage{Role: "assistant", Content: text, ReasoningContent: s.Reasoning}
		} else {
			t := text
			c.Text = &t
		}
		if wantLP {
			toks := tokenizeSpaces(text, top)
			var b []byte
			if req.Chat {
				b, _ = json.Marshal(Generic.chatLogprobs(toks))
			} else {
				lp := legacyLogprobs(toks, 0)
				delete(lp, "text_offset")
				b, _ = json.Marshal(lp)
			}
			c.Logprobs = b
		}
		choices[j] = c
	}
	pt := len(strings.Fields(req.Text()))
	out := genResponse{ID: "fake-1", Object: "chat.completion", Model: "fake-model", Choices: choices,
		Usage: genUsage{PromptTokens: pt, CompletionTokens: completion, TotalTokens: pt + completion}}
	b, _ := json.Marshal(out)
	return b
}

// tokenizeSpaces splits text into tokens at spaces (each token keeps its
// leading space), token i with the logprob -0.1·i: the Generic fake's
// tokens, on which tests compute expected confidences.
func tokenizeSpaces(text string, top int) []token {
	var toks []token
	start := 0
	for i := 1; i < len(text); i++ {
		if text[i] == ' ' {
			toks = append(toks, token{text: text[start:i], start: start})
			start = i
		}
	}
	if start < len(text) {
		toks = append(toks, token{text: text[start:], start: start})
	}
	for i := range toks {
		toks[i].logprob = -0.1 * float64(i)
		for k := range top {
			toks[i].top = append(toks[i].top, alt{text: fmt.Sprintf("alt%d", k), logprob: -1 - float64(k)})
		}
	}
	return toks
}
