package model

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Streamed replies (Options.Stream) come as server-sent events: lines
// "data: <chunk>" separated by blank lines, ended by "data: [DONE]". A
// chunk is a completion whose choices carry a delta (chat: delta.content,
// delta.reasoning_content or delta.reasoning; completions: text), their
// logprobs for the tokens of this chunk, and a finish_reason on the last
// one. With stream_options.include_usage the usage comes in a last chunk
// with no choices (openai-openapi CreateChatCompletionStreamResponse;
// vLLM chat_completion/serving.py; SGLang serving_chat.py; llama.cpp
// server-task.cpp to_json_oaicompat_chat_stream; Ollama middleware/openai.go,
// whose completions chunks each carry an all-zero usage before the real one).
//
// A stream that ends before [DONE] and before every choice has its
// finish_reason was cut (a dropped connection, a proxy's timeout): the
// attempt failed and may be retried; nothing of it is kept.

// streamChoice gathers one choice's chunks.
type streamChoice struct {
	reply, reasoning strings.Builder
	finish           string
	toks             []rawToken
	seen             bool
}

// maxStreamBytes bounds the bytes of one streamed response. A stream
// that reaches it, or that sends more content chunks than the token limit
// allows (a server that ignores max_tokens, or never stops), is ended
// there: its unfinished choices get finish_reason "length", which the
// graders read as an incomplete reply. Without the bound an endless
// stream grows until memory runs out.
const maxStreamBytes = maxBody

// costStream is the bytes reserved per byte of a stream read: what is
// kept (the text of the deltas, the logprobs) is smaller than the wire
// format around it, in builders that at most double.
const costStream = 2

// streamSlack is how many chunks past the token limit a choice may send
// (a role chunk, a finish chunk, empty deltas) before it is cut.
const streamSlack = 16

func (c *openAI) readStream(ctx context.Context, r io.Reader, n, limit int, h *hold) (Response, error) {
	br := bufio.NewReaderSize(r, 32<<10)
	acc := make([]streamChoice, n)
	var out Response
	var data bytes.Buffer
	total, chunks, done := 0, 0, false
	dispatch := func() error {
		if data.Len() == 0 {
			return nil
		}
		payload := bytes.TrimSpace(data.Bytes())
		defer data.Reset()
		if bytes.Equal(payload, []byte("[DONE]")) {
			done = true
			return nil
		}
		chunks++
		return c.streamChunk(payload, acc, &out)
	}
	maxChunks := -1
	if limit > 0 {
		maxChunks = (limit + streamSlack) * n
	}
	cut := false
	for !done {
		line, err := br.ReadBytes('\n')
		total += len(line)
		if total > maxStreamBytes || maxChunks >= 0 && chunks >= maxChunks {
			cut = true
			break
		}
		if int64(total)*costStream > h.n {
			// Reserve the next mebibyte of the stream before reading it.
			if gerr := h.grow(ctx, costStream*(int64(total)+1<<20)); gerr != nil {
				return Response{}, transportError(ctx, gerr, "reading the stream: ")
			}
		}
		l := bytes.TrimRight(line, "\r\n")
		switch {
		case len(l) == 0:
			if derr := dispatch(); derr != nil {
				return Response{}, derr
			}
		case l[0] == ':': // a comment (keep-alive)
		case bytes.HasPrefix(l, []byte("data:")):
			v := bytes.TrimPrefix(l[5:], []byte(" "))
			if data.Len() > 0 {
				data.WriteByte('\n')
			}
			data.Write(v)
		}
		if err != nil {
			if derr := dispatch(); derr != nil {
				return Response{}, derr
			}
			if errors.Is(err, io.EOF) {
				break
			}
			return Response{}, transportError(ctx, err, fmt.Sprintf("stream cut after %d chunks: ", chunks))
		}
	}
	if cut {
		// Ended at the bound: what came is kept, as a reply cut at its
		// token limit.
		for i := range acc {
			if acc[i].seen && acc[i].finish == "" {
				acc[i].finish = "length"
			}
		}
		if !acc[0].seen {
			return Response{}, &Error{Status: 200, Retryable: true, Msg: fmt.Sprintf("stream of %d bytes and %d chunks without a reply", total, chunks)}
		}
	} else if !done {
		// Some servers close the stream without [DONE]; what they sent is
		// whole when every choice has finished.
		finished := chunks > 0
		for i := range acc {
			if acc[i].seen && acc[i].finish == "" || i == 0 && !acc[i].seen {
				finished = false
			}
		}
		if !finished {
			return Response{}, &Error{Status: 200, Retryable: true,
				Msg: fmt.Sprintf("stream cut: the connection closed after %d chunks, before [DONE] and before the reply's finish_reason", chunks)}
		}
	}
	placed := make([]*Choice, n)
	for i := range acc {
		a := &acc[i]
		if !a.seen {
			continue
		}
		got := &Choice{Reply: a.reply.String(), Reasoning: a.reasoning.String(), FinishReason: a.finish}
		c.placeLogprobs(got, a.toks)
		placed[i] = got
	}
	return keepLeading(out, placed)
}

// streamChunk adds one chunk to acc and out.
func (c *openAI) streamChunk(payload []byte, acc []streamChoice, out *Response) error {
	var ar apiResponse
	if err := json.Unmarshal(payload, &ar); err != nil {
		return &Error{Status: 200, Retryable: true, Msg: "malformed stream chunk: " + err.Error()}
	}
	if len(ar.Error) > 0 || ar.Object == "error" {
		// vLLM and SGLang send an error as a chunk once the stream has begun.
		e, _ := parseAPIError(payload)
		st := 500
		if k, err := strconv.Atoi(e.Code); err == nil && k >= 400 {
			st = k
		}
		return &Error{Status: st, Retryable: st >= 500 || st == 429,
			Msg: fmt.Sprintf("HTTP 200, then an error in the stream (%d): %s", st, e.Message)}
	}
	if ar.Model != "" {
		out.ServerModel = ar.Model
	}
	if ar.Usage != nil && (ar.Usage.PromptTokens+ar.Usage.CompletionTokens > 0 || out.Usage.PromptTokens+out.Usage.CompletionTokens == 0) {
		ar.Usage.read(out)
	}
	for _, ch := range ar.Choices {
		idx := ch.Index
		if idx < 0 || idx >= len(acc) {
			return &Error{Status: 200, Retryable: true, Msg: fmt.Sprintf("stream chunk for choice %d, asked for %d", ch.Index, len(acc))}
		}
		a := &acc[idx]
		a.seen = true
		d := ch.Delta
		if d == nil {
			d = ch.Message
		}
		if d != nil {
			if d.Content != nil {
				a.reply.WriteString(*d.Content)
			}
			if r := d.reasoning(); r != nil {
				a.reasoning.WriteString(*r)
			}
		}
		if ch.Text != nil {
			a.reply.WriteString(*ch.Text)
		}
		if len(ch.Logprobs) > 0 && string(ch.Logprobs) != "null" {
			toks, err := parseLogprobs(ch.Logprobs)
			if err != nil {
				return &Error{Status: 200, Retryable: true, Msg: fmt.Sprintf("stream chunk logprobs: %v", err)}
			}
			a.toks = append(a.toks, toks...)
		}
		if ch.FinishReason != nil && *ch.FinishReason != "" {
			a.finish = *ch.FinishReason
		}
	}
	return nil
}
