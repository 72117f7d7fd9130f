package minif2f

import (
	"context"
	"fmt"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/formal/hollight"
)

// DecideTactics are the decision procedures of the HOL Light search
// baseline (builtin:decide), tried in this order on each statement, each
// under the proof timeout: linear arithmetic over N, Z and R, evaluation of
// ground arithmetic by conversions, and first-order proof search. It plays
// the part of the paper's tidy baseline for Lean: what a fixed bag of
// automation proves with no model at all.
var DecideTactics = []string{
	"ARITH_TAC",
	"INT_ARITH_TAC",
	"REAL_ARITH_TAC",
	"CONV_TAC NUM_REDUCE_CONV",
	"CONV_TAC INT_REDUCE_CONV",
	"CONV_TAC REAL_RAT_REDUCE_CONV",
	"MESON_TAC[]",
}

// Baselines names the built-in baselines of the configured track.
func (b *Bench) Baselines() []string {
	if b.opts.Track == TrackHOL {
		return []string{"decide"}
	}
	return nil
}

// Baseline answers an item as the baseline would. builtin:decide tries
// DecideTactics in HOL Light and replies with the first that proves the
// goal, in a fenced block (the reply is then checked again like any
// model's); when none does it declines, saying what each one did.
func (b *Bench) Baseline(ctx context.Context, name string, it bench.Item, sample int) (string, string, error) {
	if name != "decide" || b.opts.Track != TrackHOL {
		return "", "", fmt.Errorf("no baseline %q for the %s track (known: %v)", name, b.opts.Track, b.Baselines())
	}
	if msg, ok := it.Extra["data_error"].(string); ok {
		return "(* data error: " + msg + " *)", "declined", nil
	}
	pool, err := b.ensureHOL(ctx)
	if err != nil {
		return "", "", err
	}
	goal, _ := it.Extra["goal"].(string)
	var tried []string
	for _, src := range DecideTactics {
		tac, err := hollight.ParseTactic(src)
		if err != nil {
			return "", "", fmt.Errorf("baseline tactic %q: %v", src, err)
		}
		v := pool.CheckTactic(ctx, goal, tac, b.opts.ProofTimeout)
		if v.OK {
			return "```ocaml\n" + src + "\n```\n", "stop", nil
		}
		if v.Stage == "unavailable" {
			return "", "", fmt.Errorf("HOL Light: %s", v.Reason)
		}
		if ctx.Err() != nil {
			return "", "", ctx.Err()
		}
		tried = append(tried, src+": "+v.Stage)
	}
	return "(* no decision procedure proved the goal: " + strings.Join(tried, "; ") + " *)", "declined", nil
}
