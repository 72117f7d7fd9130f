package run

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/model"
)

// replyTokens is the token limit the request for item i carries (0: none
// sent): the user's --max-tokens, else the prompt's own (the MATH paper's
// 20 tokens for its direct and few-shot prompts), else the backend's
// default; 0 for a backend without token limits.
func (r *runner) replyTokens(i int) int {
	tl, ok := r.cfg.Backend.(model.TokenLimiter)
	if !ok {
		return 0
	}
	return tl.ReplyTokens(r.prompts[i])
}

// replyGroup is a set of items whose requests carry one limit.
type replyGroup struct {
	Sent   int `json:"sent"`             // the limit sent (0: none)
	Prompt int `json:"prompt,omitempty"` // the prompt's own limit (0: none)
	Items  int `json:"items"`
}

// replyLimits is what the manifest records of the token limits: one group
// per distinct pair (limit sent, the prompt's own limit), largest first;
// nil for a backend without token limits.
func (r *runner) replyLimits() []replyGroup {
	if _, ok := r.cfg.Backend.(model.TokenLimiter); !ok {
		return nil
	}
	idx := map[[2]int]int{}
	var out []replyGroup
	for i, p := range r.prompts {
		k := [2]int{r.replyTokens(i), p.MaxTokens}
		j, seen := idx[k]
		if !seen {
			j = len(out)
			idx[k] = j
			out = append(out, replyGroup{Sent: k[0], Prompt: k[1]})
		}
		out[j].Items++
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Items > out[b].Items })
	return out
}

// replyLimitText names the limits sent, for a message: "20", "20 or 4096",
// or "the server's default" when none was sent.
func (r *runner) replyLimitText() string {
	var parts []string
	seen := map[int]bool{}
	for _, g := range r.replyLimits() {
		if g.Sent > 0 && !seen[g.Sent] {
			seen[g.Sent] = true
			parts = append(parts, strconv.Itoa(g.Sent))
		}
	}
	if len(parts) == 0 {
		return "the server's default"
	}
	return strings.Join(parts, " or ")
}

// warnOverriddenLimit says, once, when the user's --max-tokens replaces
// the limit a prompt sets itself: the run then does not send what the
// prompt's paper sent.
func (r *runner) warnOverriddenLimit() {
	for _, g := range r.replyLimits() {
		if g.Prompt > 0 && g.Sent != g.Prompt {
			r.warn(fmt.Sprintf("%s: the prompt sets max tokens %d (its paper's setting) for %d items; --max-tokens %d is sent instead, as given",
				r.cfg.Bench.Name(), g.Prompt, g.Items, g.Sent))
			return
		}
	}
}
