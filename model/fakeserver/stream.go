package fakeserver

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// stream answers a request with stream: true as server-sent events, one
// chunk per generated token, in the dialect's chunk format:
//
//   - every dialect: "data: {chunk}\n\n" lines, then "data: [DONE]\n\n"; a
//     chunk's choices carry a delta (chat) or text (completions), and the
//     logprobs of its token in the shape of a non-streamed answer.
//   - the first chat chunk carries the role (vLLM, SGLang, OpenAI with
//     "content": ""; llama.cpp with "content": null; Ollama with "").
//   - with a reasoning parser, reasoning tokens come in delta.reasoning
//     (vLLM, Ollama) or delta.reasoning_content (SGLang, llama.cpp); vLLM
//     sends no chunk for a token that adds no text to either field (the
//     think tags), so their logprobs never arrive.
//   - the finish_reason comes in a chunk of its own with an empty delta.
//   - stream_options.include_usage adds a last chunk with no choices and
//     the usage (Ollama's completions also put an all-zero usage in every
//     chunk before it: middleware/openai.go, CompleteWriter).
//   - StreamError: vLLM and SGLang send an error chunk mid-stream, then [DONE].
func (s *Server) stream(w http.ResponseWriter, req *Request, fault Fault) {
	d := s.Dialect
	wantLP, top := req.wantLogprobs()
	if d == LlamaCpp && !req.Chat && top == 0 {
		wantLP = false
	}
	includeUsage := req.StreamOptions != nil && req.StreamOptions.IncludeUsage
	w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	var chunks [][]byte
	envelope := func(choices []map[string]any) map[string]any {
		obj := "chat.completion.chunk"
		if !req.Chat {
			obj = "text_completion"
		}
		m := map[string]any{"id": "chatcmpl-fake", "object": obj, "created": 1750000000, "model": req.Model, "choices": choices}
		switch d {
		case LlamaCpp:
			m["model"], m["system_fingerprint"] = "qwen3-8b-q4_k_m.gguf", "b6000-00efb3e1"
		case Ollama:
			m["system_fingerprint"] = "fp_ollama"
			if !req.Chat && includeUsage {
				m["usage"] = map[string]any{"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
			}
		case OpenAI:
			m["model"], m["system_fingerprint"], m["service_tier"] = req.Model+"-2025-04-16", "fp_fake0001", "default"
			if includeUsage {
				m["usage"] = nil
			}
		case VLLM, Generic:
			if includeUsage {
				m["usage"] = nil
			}
		}
		return m
	}
	add := func(v any) {
		b, _ := json.Marshal(v)
		chunks = append(chunks, b)
	}
	sms := make([]sample, s.choices(req))
	for j := range sms {
		sm := s.generate(req, j, top)
		sms[j] = sm
		if req.Chat {
			first := map[string]any{"role": "assistant", "content": ""}
			if d == LlamaCpp {
				first["content"] = nil
			}
			add(envelope([]map[string]any{{"index": j, "delta": first, "logprobs": nil, "finish_reason": nil}}))
		}
		for _, t := range sm.toks {
			ts, te := t.start, t.start+len(t.text)
			ch := map[string]any{"index": j, "finish_reason": nil}
			var content, reasoning string
			if req.Chat {
				content = clip(sm.gen, ts, te, sm.cs, sm.ce)
				if sm.split {
					reasoning = clip(sm.gen, ts, te, sm.rs, sm.re)
				}
				if d == OpenAI && sm.split {
					continue // the reasoning of an OpenAI model is never sent
				}
				if d == VLLM && content == "" && reasoning == "" {
					continue
				}
				delta := map[string]any{}
				if content != "" {
					delta["content"] = content
				}
				if reasoning != "" {
					switch d {
					case VLLM, Ollama:
						delta["reasoning"] = reasoning
					default:
						delta["reasoning_content"] = reasoning
					}
				}
				ch["delta"] = delta
				if wantLP {
					ch["logprobs"] = d.chatLogprobs([]token{t})
				}
			} else {
				ch["text"] = t.text
				if wantLP && d != Ollama {
					if d == LlamaCpp {
						ch["logprobs"] = d.chatLogprobs([]token{t})
					} else {
						ch["logprobs"] = legacyLogprobs([]token{{text: t.text, logprob: t.logprob, top: t.top}}, ts)
					}
				}
			}
			add(envelope([]map[string]any{ch}))
		}
		if d == OpenAI && sm.split && req.Chat {
			toks := tokenize(sm.reply, d, top)
			for _, t := range toks {
				ch := map[string]any{"index": j, "finish_reason": nil, "delta": map[string]any{"content": t.text}}
				if wantLP {
					ch["logprobs"] = d.chatLogprobs([]token{t})
				}
				add(envelope([]map[string]any{ch}))
			}
		}
		end := map[string]any{"index": j, "finish_reason": sm.finish}
		if req.Chat {
			end["delta"] = map[string]any{}
		} else {
			end["text"] = ""
		}
		add(envelope([]map[string]any{end}))
	}
	if includeUsage {
		u := envelope([]map[string]any{})
		u["usage"] = s.usage(req, sms)
		add(u)
	}
	cut := len(chunks)
	if fault == StreamCut || fault == StreamError {
		cut = len(chunks) / 2
	}
	for _, c := range chunks[:cut] {
		fmt.Fprintf(w, "data: %s\n\n", c)
	}
	switch fault {
	case StreamCut:
		if flusher != nil {
			flusher.Flush()
		}
		panic(http.ErrAbortHandler)
	case StreamError:
		fmt.Fprintf(w, "data: %s\n\n", d.errorBody(500, "EngineGenerateError: the engine failed while generating", "", ""))
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// clip is the part of gen[ts:te] inside [a, b).
func clip(gen string, ts, te, a, b int) string {
	lo, hi := max(ts, a), min(te, b)
	if lo >= hi {
		return ""
	}
	return gen[lo:hi]
}
