package model

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/matheval/matheval/core"
)

// rawToken is one generated token as a server reports it, before it is
// placed in the reply.
type rawToken struct {
	text    string // the token's exact text: from bytes when the server sends them
	token   string // the token string as sent
	logprob float64
	top     []core.TokenLogprob
}

// logprobsBody holds both shapes servers use, read in one pass:
//
//   - {"content": [{"token", "logprob", "bytes", "top_logprobs": [...]}]}:
//     chat completions everywhere (openai-openapi ChatCompletionTokenLogprob;
//     vLLM chat_completion/protocol.py ChatCompletionLogProbsContent; SGLang
//     protocol.py ChoiceLogprobs; Ollama api/types.go Logprob), and llama.cpp's
//     /v1/completions too, which adds "id" (tools/server/server-task.cpp,
//     probs_vector_to_json).
//   - {"tokens", "token_logprobs", "top_logprobs": [{token: logprob}],
//     "text_offset"}: the legacy completions shape (openai-openapi
//     CreateCompletionResponse; vLLM CompletionLogProbs; SGLang LogProbs).
type logprobsBody struct {
	Content *[]struct {
		Token   string   `json:"token"`
		Logprob *float64 `json:"logprob"`
		Bytes   []int    `json:"bytes"`
		Top     []struct {
			Token   string   `json:"token"`
			Logprob *float64 `json:"logprob"`
		} `json:"top_logprobs"`
	} `json:"content"`
	Tokens        []string             `json:"tokens"`
	TokenLogprobs []*float64           `json:"token_logprobs"`
	Top           []map[string]float64 `json:"top_logprobs"`
}

// parseLogprobs reads the logprobs of one choice in either shape.
func parseLogprobs(raw json.RawMessage) ([]rawToken, error) {
	var lp logprobsBody
	if err := json.Unmarshal(raw, &lp); err != nil {
		return nil, err
	}
	if lp.Content != nil {
		out := make([]rawToken, len(*lp.Content))
		for i, t := range *lp.Content {
			rt := rawToken{text: t.Token, token: t.Token}
			if t.Logprob != nil {
				rt.logprob = *t.Logprob
			}
			if t.Bytes != nil {
				// Exact where a token is part of a multi-byte character and
				// the token string holds a replacement character.
				b := make([]byte, len(t.Bytes))
				for k, v := range t.Bytes {
					b[k] = byte(v)
				}
				rt.text = string(b)
			}
			for _, a := range t.Top {
				alt := core.TokenLogprob{Token: a.Token}
				if a.Logprob != nil {
					alt.Logprob = *a.Logprob
				}
				rt.top = append(rt.top, alt)
			}
			out[i] = rt
		}
		return out, nil
	}
	if len(lp.TokenLogprobs) != len(lp.Tokens) {
		return nil, fmt.Errorf("%d tokens but %d logprobs", len(lp.Tokens), len(lp.TokenLogprobs))
	}
	out := make([]rawToken, len(lp.Tokens))
	for i, t := range lp.Tokens {
		rt := rawToken{text: t, token: t}
		if p := lp.TokenLogprobs[i]; p != nil {
			rt.logprob = *p
		}
		if i < len(lp.Top) {
			for tok, l := range lp.Top[i] {
				rt.top = append(rt.top, core.TokenLogprob{Token: tok, Logprob: l})
			}
			sort.Slice(rt.top, func(a, b int) bool {
				ta, tb := rt.top[a], rt.top[b]
				if ta.Logprob != tb.Logprob {
					return ta.Logprob > tb.Logprob
				}
				return ta.Token < tb.Token
			})
		}
		out[i] = rt
	}
	return out, nil
}

// alignLogprobs places the tokens in the reply. A server that splits the
// reasoning out of the generation (vLLM, SGLang, llama.cpp and Ollama with a
// reasoning parser) returns the text after the reasoning as the reply, and
// often trims it, but its logprobs cover every generated token, reasoning
// and the think tags first. Offsets counted from the first token would then
// put the reply's answer inside the reasoning.
//
// So the tokens' texts are joined and the reply is looked for in that text:
// after the reasoning when the server gave one (the first occurrence there,
// which stop strings after the reply cannot displace), and with its
// surrounding white space trimmed when the exact text is not there (SGLang
// strips the content). Each token gets its offset from the reply's start;
// tokens wholly before the reply (the reasoning) or after it are dropped. A
// token that straddles the start keeps a negative offset: it holds the
// reply's first bytes. When the reply is not in the tokens the logprobs
// cannot be placed, and ok is false: no guess.
func alignLogprobs(reply, reasoning string, toks []rawToken) (out []core.TokenLogprob, ok bool) {
	if len(toks) == 0 {
		return nil, true
	}
	n := 0
	for _, t := range toks {
		n += len(t.text)
	}
	var sb strings.Builder
	sb.Grow(n)
	for _, t := range toks {
		sb.WriteString(t.text)
	}
	all := sb.String()
	start := 0 // where the reply starts in all, minus lead
	lead := 0  // bytes of the reply before the part found in all
	switch {
	case all == reply:
	case reply == "":
		return nil, true // nothing to place the tokens in
	default:
		from := 0
		if r := strings.TrimSpace(reasoning); r != "" {
			i := strings.Index(all, r)
			if i < 0 {
				return nil, false
			}
			from = i + len(r)
		}
		core := reply
		i := strings.Index(all[from:], core)
		if i < 0 {
			core = strings.TrimSpace(reply)
			if core == "" {
				return nil, false
			}
			if i = strings.Index(all[from:], core); i < 0 {
				return nil, false
			}
			lead = strings.Index(reply, core)
		}
		start = from + i
	}
	rs := start - lead // where the reply's first byte is, in all's coordinates
	re := rs + len(reply)
	out = make([]core.TokenLogprob, 0, len(toks))
	pos := 0
	for _, t := range toks {
		ts, te := pos, pos+len(t.text)
		pos = te
		if te <= rs && !(te == ts && ts == rs) || ts >= re {
			continue // reasoning before the reply, or what follows it
		}
		off := ts - rs
		tl := core.TokenLogprob{Token: t.token, Logprob: t.logprob, Offset: off}
		if len(t.top) > 0 {
			tl.Top = make([]core.TokenLogprob, len(t.top))
			for k, a := range t.top {
				a.Offset = off
				tl.Top[k] = a
			}
		}
		out = append(out, tl)
	}
	return out, true
}
