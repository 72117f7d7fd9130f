// Package calcmodel is the backend builtin:calc, the calculator baseline
// (package calc), registered with the model client on import. It lives
// apart from the client so that the client does not import the
// calculator's LaTeX parser and exact arithmetic.
package calcmodel

import (
	"context"

	"github.com/matheval/matheval/calc"
	"github.com/matheval/matheval/model"
)

func init() {
	model.RegisterBuiltin("calc", func(model.Options) (model.Backend, error) { return calcBackend{}, nil })
}

// calcBackend is the calculator baseline. When the calculator declines (the
// problem is not an arithmetic expression) it replies with nothing, with the
// finish reason "declined": a baseline that has no answer has given a reply
// with no answer, graded like any empty reply (no_answer, not right). The
// verdict error is kept for failures of the infrastructure, where no reply
// exists at all; counting a decline as one would hide the baseline's real
// coverage.
type calcBackend struct{}

func (calcBackend) Spec() string              { return "builtin:calc" }
func (calcBackend) Model() string             { return "" }
func (calcBackend) Servers() int              { return 1 }
func (calcBackend) MaxN() int                 { return 1 }
func (calcBackend) Canonical() map[string]any { return map[string]any{"model": "builtin:calc"} }

func (calcBackend) Do(ctx context.Context, _ int, req model.Request) (model.Response, error) {
	reply, cerr := calc.Answer(ctx, req.Item.Problem)
	if err := ctx.Err(); err != nil {
		return model.Response{}, err // interrupted: no reply, not a decline
	}
	if cerr != nil {
		return model.Response{Choices: []model.Choice{{FinishReason: "declined"}}, ServerModel: "builtin:calc"}, nil
	}
	return model.Response{Choices: []model.Choice{{Reply: reply, FinishReason: "stop"}}, ServerModel: "builtin:calc"}, nil
}
