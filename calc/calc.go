// Package calc is the calculator baseline: it answers a problem that is an
// arithmetic expression (MATH 401's queries) by evaluating it with the
// expression engine. builtin:calc uses it.
package calc

import "errors"

// ErrNotArithmetic says the problem is not an expression calc can evaluate.
var ErrNotArithmetic = errors.New("calc: not an arithmetic expression")

// Answer evaluates the arithmetic expression in problem and returns a reply
// stating its value. PLACEHOLDER until the MATH 401 work lands.
func Answer(problem string) (string, error) {
	return "", ErrNotArithmetic
}
