//go:build unix

package realserver_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/realserver"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/model/fakeserver"
)

// TestOllama runs matheval against Ollama serving the tiny model as tiny
// (Ollama's defaults), tiny-greedy (repeat_penalty 1) and tiny-loop.
func TestOllama(t *testing.T) {
	realserver.Binary(t, "ollama")
	m := realserver.TinyModels(t)
	srv := realserver.StartOllama(t, map[string]string{
		"tiny":        "FROM " + m.Tiny + "\n",
		"tiny-greedy": "FROM " + m.Tiny + "\nPARAMETER repeat_penalty 1\n",
		"tiny-loop":   "FROM " + m.Loop + "\n",
	})
	items := mathItems(t)
	base := []string{"--base-url", srv.BaseURL()}

	// Item 1: Ollama lists tiny-greedy:latest and serves it as tiny-greedy:
	// no warning. (The runs use tiny-greedy: under Ollama's default
	// repeat_penalty the tiny model answers "What is 1+2?" with \boxed{4},
	// the 2 of the prompt being penalised; see repeat-penalty.)
	t.Run("chat", func(t *testing.T) {
		r := runMatheval(t, items, append(base, "--model", "openai:tiny-greedy", "--logprobs", "--max-tokens", "64")...)
		checkTiny(t, r, 1, true)
		if strings.Contains(r.stderr, "does not list model") {
			t.Errorf("warned about tiny-greedy against tiny-greedy:latest: %s", r.stderr)
		}
	})
	t.Run("stream", func(t *testing.T) {
		checkTiny(t, runMatheval(t, items, append(base, "--model", "openai:tiny-greedy", "--stream", "--max-tokens", "64")...), 1, false)
	})
	// Ollama's /v1/completions sends no logprobs (matheval warns), and
	// item 5: it applies the chat template, so the prompt has the tokens of
	// the same text sent as a chat message.
	t.Run("completions", func(t *testing.T) {
		r := runMatheval(t, items, append(base, "--model", "openai:tiny-greedy", "--api", "completions", "--logprobs", "--max-tokens", "64")...)
		checkTiny(t, r, 1, false)
		if !strings.Contains(r.stderr, "came without logprobs although they were asked for") {
			t.Errorf("no warning that logprobs are missing: %s", r.stderr)
		}
		const text = "What is 1+1?"
		_, comp, raw := srv.Post(t, "/v1/completions", map[string]any{"model": "tiny", "prompt": text, "max_tokens": 16, "temperature": 0})
		_, chat, craw := srv.Post(t, "/v1/chat/completions", map[string]any{"model": "tiny", "max_tokens": 16, "temperature": 0,
			"messages": []map[string]string{{"role": "user", "content": text}}})
		cp, hp := promptTokens(comp), promptTokens(chat)
		if cp == 0 || cp != hp {
			t.Errorf("completions prompt_tokens %d, chat %d (the chat template is no longer applied?)\n%s\n%s", cp, hp, raw, craw)
		}
	})
	// Item 6: an unknown model stops the run at the probe, naming what the
	// server serves; the real 404 body and the fake's agree.
	t.Run("unknown-model", func(t *testing.T) {
		r := runMatheval(t, items, append(base, "--model", "openai:no-such-model")...)
		if r.code == 0 || !strings.Contains(r.stderr, `does not serve model "no-such-model"`) || !strings.Contains(r.stderr, "tiny:latest") {
			t.Errorf("%v", r)
		}
		req := map[string]any{"model": "no-such-model", "messages": []map[string]string{{"role": "user", "content": "hi"}}}
		status, body, raw := srv.Post(t, "/v1/chat/completions", req)
		fake := fakeserver.NewDialect(fakeserver.Ollama)
		defer fake.Close()
		fake.Models = []string{"tiny:latest"}
		fstatus, fbody, fraw := realserver.PostTo(t, fake.BaseURL()+"/chat/completions", strings.NewReader(`{"model":"no-such-model","messages":[{"role":"user","content":"hi"}]}`))
		if status != 404 || errType(body) != "api_error" || errMessage(body) != "model 'no-such-model' not found" {
			t.Errorf("real: %d %s", status, raw)
		}
		if fstatus != status || errType(fbody) != errType(body) || errMessage(fbody) != errMessage(body) {
			t.Errorf("fake %d %s, real %d %s", fstatus, fraw, status, raw)
		}
	})
	// Item 2: temperature 0 is not greedy under Ollama's default
	// repeat_penalty (1.1, over the prompt's tokens too): a prompt full of
	// the answer's own tokens turns the reply away from them, while the same
	// model with repeat_penalty 1 gives the greedy reply.
	t.Run("repeat-penalty", func(t *testing.T) {
		prompt := strings.Repeat(`The answer is \boxed{2}. `, 8)
		reply := func(name string) string {
			status, body, raw := srv.Post(t, "/v1/chat/completions", map[string]any{"model": name, "temperature": 0, "max_tokens": 32,
				"messages": []map[string]string{{"role": "user", "content": prompt}}})
			if status != 200 {
				t.Fatalf("%s: %d %s", name, status, raw)
			}
			choices, _ := body["choices"].([]any)
			if len(choices) != 1 {
				t.Fatalf("%s: %s", name, raw)
			}
			msg, _ := choices[0].(map[string]any)["message"].(map[string]any)
			s, _ := msg["content"].(string)
			return s
		}
		greedy, dflt := reply("tiny-greedy"), reply("tiny")
		if greedy != `The answer is \boxed{2}.` {
			t.Errorf("tiny-greedy at temperature 0: %q", greedy)
		}
		if dflt == greedy {
			t.Errorf("tiny (repeat_penalty 1.1) at temperature 0 gave the greedy reply %q: the README's note on Ollama is out of date", dflt)
		}
	})
	// Item 7: with no --max-tokens a looping model would generate until the
	// timeout; matheval caps each reply at DefaultOllamaMaxTokens, and both
	// replies must end at the cap (finish_reason length), not at a timeout.
	// Ollama's CPU runner is slow on a busy machine (load 11: 1,024 tokens
	// in 253 s) and serves the two replies one after the other, so the
	// second outlasted the default 10-minute --timeout there (the first took
	// 369 s): a long --timeout keeps the test about the cap, not the load.
	t.Run("loop", func(t *testing.T) {
		r := runMatheval(t, items, append(base, "--model", "openai:tiny-loop", "--max-retries", "0", "--timeout", "40m")...)
		checkLoop(t, r, model.DefaultOllamaMaxTokens)
		if !strings.Contains(r.stderr, fmt.Sprintf("each reply is cut at %d tokens", model.DefaultOllamaMaxTokens)) {
			t.Errorf("no warning about the cap: %s", r.stderr)
		}
	})
}

func promptTokens(body map[string]any) int {
	u, _ := body["usage"].(map[string]any)
	n, _ := u["prompt_tokens"].(float64)
	return int(n)
}

func errMessage(body map[string]any) string {
	e, _ := body["error"].(map[string]any)
	s, _ := e["message"].(string)
	return s
}
