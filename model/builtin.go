package model

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/matheval/matheval/core"
	"github.com/matheval/matheval/jsonl"
)

// Benchmark is what builtin:gold needs of the benchmark being run: its
// gold reply (bench.Benchmark has it). The client names no benchmark type,
// so that it does not import the benchmarks and the grader below them.
type Benchmark interface {
	GoldReply(it core.Item) string
}

// Baseliner is a benchmark with built-in baselines of its own (the spec
// builtin:NAME): bench.Baseliner, seen from the client.
type Baseliner interface {
	Baselines() []string
	Baseline(ctx context.Context, name string, it core.Item, sample int) (reply, finish string, err error)
}

// BuiltinFunc makes a built-in backend from the options.
type BuiltinFunc func(o Options) (Backend, error)

var builtins = map[string]BuiltinFunc{}

// RegisterBuiltin makes builtin:NAME available. The backends that need
// more than the client (builtin:calc needs the calculator and its LaTeX
// parser) register themselves from their own packages (model/calcmodel),
// which the command line imports.
func RegisterBuiltin(name string, f BuiltinFunc) { builtins[name] = f }

// gold replies with the benchmark's own gold reply. Every benchmark must
// score 100% with it: it checks the grader against the data end to end.
type gold struct{ b Benchmark }

func (g *gold) Spec() string              { return "builtin:gold" }
func (g *gold) Model() string             { return "" }
func (g *gold) Servers() int              { return 1 }
func (g *gold) MaxN() int                 { return 1 }
func (g *gold) Canonical() map[string]any { return map[string]any{"model": "builtin:gold"} }

func (g *gold) Do(ctx context.Context, _ int, req Request) (Response, error) {
	return Response{Choices: []Choice{{Reply: g.b.GoldReply(req.Item), FinishReason: "stop"}}, ServerModel: "builtin:gold"}, nil
}

// baseline is a benchmark's own built-in baseline (builtin:NAME, from
// Baseliner), such as miniF2F's decision-procedure search for HOL
// Light. A baseline that finds nothing replies with finish reason
// "declined", graded like any reply without an answer.
type baseline struct {
	b    Baseliner
	name string
}

func (m *baseline) Spec() string              { return "builtin:" + m.name }
func (m *baseline) Model() string             { return "" }
func (m *baseline) Servers() int              { return 1 }
func (m *baseline) MaxN() int                 { return 1 }
func (m *baseline) Canonical() map[string]any { return map[string]any{"model": m.Spec()} }

func (m *baseline) Do(ctx context.Context, _ int, req Request) (Response, error) {
	reply, finish, err := m.b.Baseline(ctx, m.name, req.Item, req.Sample)
	if err != nil {
		return Response{}, &Error{Msg: fmt.Sprintf("builtin:%s: %v", m.name, err)}
	}
	return Response{Choices: []Choice{{Reply: reply, FinishReason: finish}}, ServerModel: m.Spec()}, nil
}

// ReplayRecord is one line of a replay file.
type ReplayRecord struct {
	ID           string `json:"id"`
	Sample       int    `json:"sample"`
	Reply        string `json:"reply"`
	Reasoning    string `json:"reasoning,omitempty"`
	FinishReason string `json:"finish_reason,omitempty"`
}

type replayKey struct {
	id     string
	sample int
}

// replay answers with replies recorded by another tool, so that they can be
// graded here. An item or sample the file lacks fails (verdict error): no
// reply exists for it.
type replay struct {
	path    string
	replies map[replayKey]ReplayRecord
}

func newReplay(path string) (*replay, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %v", err)
	}
	defer f.Close()
	r := &replay{path: path, replies: map[replayKey]ReplayRecord{}}
	err = jsonl.Each(f, path, func(_ int, rec ReplayRecord) error {
		if rec.ID == "" {
			return errors.New(`no "id"`)
		}
		if rec.Sample < 0 {
			return fmt.Errorf("negative sample index %d", rec.Sample)
		}
		k := replayKey{replayID(rec.ID), rec.Sample}
		if _, dup := r.replies[k]; dup {
			return fmt.Errorf("second reply for id %q sample %d", rec.ID, rec.Sample)
		}
		r.replies[k] = rec
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

func (r *replay) Spec() string  { return "replay:" + r.path }
func (r *replay) Model() string { return "" }
func (r *replay) Servers() int  { return 1 }
func (r *replay) MaxN() int     { return 1 }

// Canonical names the file by path only: editing the file and running again
// in the same directory reuses the journaled replies. Use a new --out (or a
// new file name) for a new recording.
func (r *replay) Canonical() map[string]any { return map[string]any{"model": r.Spec()} }

// replayID is the id a replay record answers: MATH's items drop the
// ".json" of their file names (test/precalculus/807.json is the item
// test/precalculus/807), and files written by other tools keep it, so a
// record's id is read without it, as the item's is.
func replayID(id string) string { return strings.TrimSuffix(id, ".json") }

// MatchItems implements ItemMatcher: a replay file that answers none of
// the run's items cannot succeed, and says so before any request with an
// id from each side.
func (r *replay) MatchItems(ids []string) error {
	if len(ids) == 0 || len(r.replies) == 0 {
		return nil
	}
	have := make(map[string]bool, len(r.replies))
	some := ""
	for k := range r.replies {
		have[k.id] = true
		if some == "" || k.id < some {
			some = k.id
		}
	}
	for _, id := range ids {
		if have[replayID(id)] {
			return nil
		}
	}
	return fmt.Errorf("replay %s answers none of the run's %d items: the items' ids look like %q, the file's like %q", r.path, len(ids), ids[0], some)
}

func (r *replay) Do(ctx context.Context, _ int, req Request) (Response, error) {
	rec, ok := r.replies[replayKey{replayID(req.Item.ID), req.Sample}]
	if !ok {
		return Response{}, &Error{Msg: fmt.Sprintf("replay %s: no reply for id %q sample %d", r.path, req.Item.ID, req.Sample)}
	}
	fr := rec.FinishReason
	if fr == "" {
		fr = "stop"
	}
	return Response{Choices: []Choice{{Reply: rec.Reply, Reasoning: rec.Reasoning, FinishReason: fr}}, ServerModel: "replay"}, nil
}
