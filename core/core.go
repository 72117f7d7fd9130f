// Package core holds the types the runner, the benchmarks and the model
// client share: an item, a prompt and its messages, a token's logprob and a
// reply's token usage. It imports nothing, so that the model client
// (package model) can use them without importing the benchmarks and,
// through them, the grader and the LaTeX parser. bench and rundir alias
// them (bench.Item is core.Item), so both names are one type.
package core

// Item is one problem of a benchmark.
type Item struct {
	// ID is canonical and stable across loads ("test/precalculus/807", "math401/17").
	ID string `json:"id"`
	// Problem is the problem text as given to the model (before any template).
	Problem string `json:"problem"`
	// Solution is the reference worked solution, when the dataset has one.
	Solution string `json:"solution,omitempty"`
	// Answer is the gold final answer.
	Answer string `json:"answer"`
	// Meta holds the metadata reports group by: subject, level, group, type, grade...
	Meta map[string]string `json:"meta,omitempty"`
	// Extra carries benchmark-specific data the grader needs (evaluation
	// points, epsilon values, ...). It is serialised into samples.jsonl.
	Extra map[string]any `json:"extra,omitempty"`
}

// Message is one chat message of a prompt.
type Message struct {
	Role    string `json:"role"` // "system", "user" or "assistant"
	Content string `json:"content"`
}

// Prompt is what is sent to a model for one item. Chat backends send
// Messages; completion backends send Text.
type Prompt struct {
	Messages []Message `json:"messages"`
	Text     string    `json:"text"`
	// Stop sequences the prompt format needs (e.g. "Problem:" for few-shot).
	Stop []string `json:"stop,omitempty"`
	// MaxTokens is the reply limit the prompt format itself sets (the MATH
	// paper's direct and few-shot prompts generate "up to 20 tokens"); 0:
	// none. The user's --max-tokens, when given, wins over it
	// (model.TokenLimiter.ReplyTokens); the run's manifest records both.
	// Left out of the JSON when 0, so prompts without one keep the request
	// keys they had.
	MaxTokens int `json:"max_tokens,omitempty"`
}

// TokenLogprob is the log probability of one generated token.
type TokenLogprob struct {
	Token   string  `json:"token"`
	Logprob float64 `json:"logprob"`
	Offset  int     `json:"offset"` // byte offset of the token in the reply
	// Top are the most likely alternatives at this position, when asked for
	// (top_logprobs); their Offset is the same as the token's.
	Top []TokenLogprob `json:"top,omitempty"`
}

// Usage is the token usage of one reply (or of one sample's share of a
// reply with several choices).
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	ReasoningTokens  int `json:"reasoning_tokens,omitempty"`
	// CachedTokens are the prompt tokens the server read from its prefix
	// cache (prompt_tokens_details.cached_tokens), counted in PromptTokens.
	CachedTokens int `json:"cached_tokens,omitempty"`
}
