package model

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// What the servers send when something goes wrong, and how it is read:
//
//   - OpenAI (openai/openai-openapi openapi.yaml, schemas ErrorResponse and
//     Error): {"error": {"message", "type", "param", "code"}}, code a string
//     such as "invalid_api_key", "model_not_found", "insufficient_quota",
//     "unsupported_parameter", "unsupported_value".
//   - vLLM (vllm/entrypoints/openai/engine/protocol.py, ErrorResponse; the
//     same wrapper with an integer code); older releases put the fields at
//     the top level with "object": "error". Its API-key middleware
//     (vllm/entrypoints/openai/server_utils.py) answers 401 with
//     {"error": "Unauthorized"}: a string, not an object.
//   - SGLang (python/sglang/srt/entrypoints/openai/protocol.py, ErrorResponse):
//     {"object": "error", "message", "type", "param", "code"} at the top level.
//   - llama.cpp (tools/server): {"error": {"code": 500, "message", "type"}}.
//   - Ollama (openai/openai.go, NewError): {"error": {"message", "type", "param", "code"}}.
//   - FastAPI routes that do not exist: {"detail": "Not Found"}.
type apiError struct {
	Message string
	Type    string
	Param   string
	Code    string
}

func (e apiError) empty() bool { return e.Message == "" && e.Type == "" && e.Code == "" }

// parseAPIError reads an error body in any of the shapes above.
func parseAPIError(raw []byte) (apiError, bool) {
	var top map[string]json.RawMessage
	if json.Unmarshal(raw, &top) != nil {
		return apiError{}, false
	}
	var out apiError
	fill := func(m map[string]json.RawMessage) {
		out.Message = jsonText(m["message"])
		out.Type = jsonText(m["type"])
		out.Param = jsonText(m["param"])
		out.Code = jsonText(m["code"])
	}
	if e, ok := top["error"]; ok {
		var inner map[string]json.RawMessage
		if json.Unmarshal(e, &inner) == nil {
			fill(inner)
		} else {
			out.Message = jsonText(e) // {"error": "Unauthorized"}
		}
	} else {
		fill(top)
		if out.Message == "" {
			out.Message = jsonText(top["detail"])
		}
	}
	return out, !out.empty()
}

// jsonText renders a JSON string, number or other value as plain text ("" for null).
func jsonText(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// retryHints reads the server's advice on retrying: retry-after-ms (the
// OpenAI API's, milliseconds), then Retry-After (seconds or an HTTP date),
// and x-should-retry ("true"/"false"), which overrides the status. The
// OpenAI SDKs read the same three headers (openai-python
// src/openai/_base_client.py, _parse_retry_after_header and _should_retry).
func retryHints(h http.Header, now time.Time) (wait time.Duration, should *bool) {
	if v := strings.TrimSpace(h.Get("retry-after-ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 && ms == ms {
			wait = time.Duration(min(ms, 86400e3) * float64(time.Millisecond))
		}
	}
	if wait == 0 {
		wait = ParseRetryAfter(h.Get("Retry-After"), now)
	}
	switch strings.ToLower(strings.TrimSpace(h.Get("x-should-retry"))) {
	case "true":
		t := true
		should = &t
	case "false":
		f := false
		should = &f
	}
	return wait, should
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

// transportError classifies a failure before a complete response arrived.
func transportError(ctx context.Context, err error, what string) *Error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) {
		return &Error{Retryable: true, Msg: "timeout: " + what + err.Error(), Cause: err}
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		// Cancelled by the run itself (interrupt, budget): not a failure of the request.
		return &Error{Msg: "cancelled"}
	}
	return &Error{Retryable: true, Msg: "connection: " + what + err.Error(), Cause: err}
}

// describeBody names what a body that is not JSON is, for an error
// message: a web page (with its title), compressed bytes, or the start of
// the text. isJSON is false for all of these.
func describeBody(h http.Header, raw []byte) (what string, isJSON bool) {
	trimmed := bytes.TrimSpace(raw)
	switch {
	case len(trimmed) == 0:
		return "an empty body", false
	case len(raw) >= 2 && raw[0] == 0x1f && raw[1] == 0x8b:
		return "gzip-compressed bytes without a Content-Encoding header (matheval asks for no compression: a proxy in between compressed the body)", false
	case trimmed[0] == '{' || trimmed[0] == '[':
		return "", true
	}
	ct := strings.ToLower(h.Get("Content-Type"))
	if strings.Contains(ct, "html") || bytes.HasPrefix(bytes.ToLower(trimmed), []byte("<!doctype html")) || bytes.HasPrefix(bytes.ToLower(trimmed), []byte("<html")) {
		if t := htmlTitle(raw); t != "" {
			return fmt.Sprintf("an HTML page titled %q", t), false
		}
		return "an HTML page", false
	}
	text := string(trimmed)
	if len(text) > 80 {
		text = text[:80] + "..."
	}
	return fmt.Sprintf("%s text %q", orUnknown(ct), text), false
}

func orUnknown(ct string) string {
	if ct == "" {
		return "untyped"
	}
	return ct
}

var titleRE = regexp.MustCompile(`(?is)<title[^>]*>(.*?)</title>`)

func htmlTitle(raw []byte) string {
	m := titleRE.FindSubmatch(raw[:min(len(raw), 64<<10)])
	if m == nil {
		return ""
	}
	t := strings.Join(strings.Fields(html.UnescapeString(string(m[1]))), " ")
	if len(t) > 100 {
		t = t[:100] + "..."
	}
	return t
}

// nRefusal matches the ways servers refuse n > 1: llama.cpp's HTTP 500
// "Only one completion choice is allowed" (tools/server utils,
// oaicompat_chat_params_parse), and gateways' 400s that name the n field.
var nRefusal = regexp.MustCompile("(?i)completion choice|(^|[^a-z_])['\"`]?n['\"`]?\\s*(=|>|!=|must|is|should|only|can|greater|not|value|parameter)|(parameter|param|field|value)\\s*['\"`]?n['\"`]?($|[^a-z_])")

// unsupported reports whether a 400 says that a parameter (or its value)
// is not supported by this model or server, as the OpenAI API does for its
// reasoning models (code unsupported_parameter or unsupported_value).
func unsupported(e apiError) bool {
	switch e.Code {
	case "unsupported_parameter", "unsupported_value":
		return true
	}
	m := strings.ToLower(e.Message)
	return e.Param != "" && (strings.HasPrefix(m, "unsupported parameter") || strings.HasPrefix(m, "unsupported value"))
}

// flagOf names the command-line flag behind a request body field.
func flagOf(field string) string {
	switch field {
	case "temperature":
		return "--temperature"
	case "top_p":
		return "--top-p"
	case "seed":
		return "--sampling-seed"
	case "max_tokens", "max_completion_tokens":
		return "--max-tokens"
	case "logprobs", "top_logprobs":
		return "--logprobs/--top-logprobs"
	case "stop":
		return "--stop"
	case "n":
		return "--samples"
	case "stream", "stream_options":
		return "--stream"
	}
	return "--extra-body"
}
