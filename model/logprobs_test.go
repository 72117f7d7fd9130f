package model

import (
	"strings"
	"testing"
)

func toks(texts ...string) []rawToken {
	out := make([]rawToken, len(texts))
	for i, t := range texts {
		out[i] = rawToken{text: t, token: t, logprob: -float64(i)}
	}
	return out
}

// TestAlignLogprobs covers the ways a reply sits in the generated tokens.
func TestAlignLogprobs(t *testing.T) {
	cases := []struct {
		name, reply, reasoning string
		toks                   []rawToken
		ok                     bool
		want                   []int // offsets of the tokens kept
		wantTok                []string
	}{
		{"whole", "The answer is 4.", "", toks("The", " answer", " is", " 4."), true, []int{0, 3, 10, 13}, nil},
		{"vllm split", "\n\nIt is 4.", "\nhm 4\n", toks("<think>", "\nhm", " 4", "\n", "</think>", "\n\nIt", " is", " 4."), true, []int{0, 4, 7}, []string{"\n\nIt", " is", " 4."}},
		{"sglang stripped", "It is 4.", "hm 4\n", toks("<think>", "\nhm", " 4", "\n", "</think>", "\n\nIt", " is", " 4."), true, []int{-2, 2, 5}, nil},
		{"stop string after the reply", "It is 4.", "", toks("It", " is", " 4.", "\nProblem", ":"), true, []int{0, 2, 5}, nil},
		{"reply text also in the reasoning", "4.", "so 4.", toks("<think>", "so", " 4.", "</think>", "4."), true, []int{0}, []string{"4."}},
		{"end-of-turn token", "It is 4.", "", toks("It", " is", " 4.", "<|im_end|>"), true, []int{0, 2, 5}, nil},
		{"reply not in the tokens", "Answer: 5", "x", toks("<think>", "x", "</think>", "It is 5"), false, nil, nil},
		{"reasoning not in the tokens", "It", "other", toks("<think>", "x", "</think>", "It"), false, nil, nil},
		{"no tokens", "It", "", nil, true, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, ok := alignLogprobs(c.reply, c.reasoning, c.toks)
			if ok != c.ok {
				t.Fatalf("ok %v", ok)
			}
			var offs []int
			var tk []string
			for _, o := range out {
				offs = append(offs, o.Offset)
				tk = append(tk, o.Token)
			}
			if len(offs) != len(c.want) {
				t.Fatalf("offsets %v (%q), want %v", offs, tk, c.want)
			}
			for i := range offs {
				if offs[i] != c.want[i] {
					t.Fatalf("offsets %v (%q), want %v", offs, tk, c.want)
				}
			}
			if c.wantTok != nil && strings.Join(tk, "|") != strings.Join(c.wantTok, "|") {
				t.Fatalf("tokens %q, want %q", tk, c.wantTok)
			}
		})
	}
}
