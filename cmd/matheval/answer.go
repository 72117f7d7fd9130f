package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/spf13/cobra"
)

// policyNames lists the names --bench and --policy accept.
const policyNames = "math, math401, math401-division, asdiv, hardmath, hendrycks"

func lookupPolicy(name string) (answer.Policy, error) {
	p, err := answer.Lookup(strings.ToLower(strings.TrimSpace(name)))
	if err != nil {
		return p, usageErrorf("%v", err)
	}
	return p, nil
}

// runStream runs a JSON Lines stream of answer (standard input to
// standard output) under policy p; a bad line makes it exit 1 at the end.
// The stack of every grader panic goes to standard error, since the
// stream's records name only the line and the panic.
func runStream(cmd *cobra.Command, p answer.Policy, stream func(context.Context, answer.Policy, io.Reader, io.Writer, io.Writer) (answer.StreamStats, error)) error {
	ctx, stop := interruptible(cmd)
	defer stop()
	var mu sync.Mutex
	errw := cmd.ErrOrStderr()
	defer answer.OnInternalError(func(e *answer.InternalError) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(errw, "matheval %s: %v: a bug of matheval; please report it with this stack:\n%s\n", cmd.Name(), e, e.Stack)
	})()
	st, err := stream(ctx, p, cmd.InOrStdin(), cmd.OutOrStdout(), errw)
	if err != nil {
		return fmt.Errorf("%s: %w", cmd.Name(), err)
	}
	if st.BadLines > 0 {
		fmt.Fprintf(errw, "matheval %s: %d of %d lines were not valid records\n", cmd.Name(), st.BadLines, st.Lines)
		return errSilentFailure
	}
	return nil
}

func newExtractCmd() *cobra.Command {
	var benchName string
	c := &cobra.Command{
		Use:   "extract",
		Short: "Extract the final answer from model replies (JSON Lines in, JSON Lines out)",
		Long: `extract reads JSON Lines on standard input, each {"id": ..., "response": "..."},
and writes one line per input line, in order: {"id": ..., "answer": "...", "kind": "..."}.
The answer is found with the benchmark's extraction policy: <think> blocks are
stripped (an unterminated one sets "incomplete": true), the reply is cut where a
hallucinated next problem starts ("Problem:", "Question:", chat-role tokens), then
the tiers are tried in order (final-answer phrases and \boxed{}, then bare answers,
math segments and numbers); within a tier the last candidate wins.
"answer" is "" and "kind" is "" when nothing was found.

A line that is not valid JSON, lacks "response", is blank or is longer than 16 MiB
gives an output line with "error" naming the line number (so outputs stay aligned
with inputs) and a message on standard error; the run goes on and exits 1 at the end.
Policies: ` + policyNames + `.`,
		Example: `  echo '{"id":1,"response":"So x = 3. The final answer is $\\frac{1}{2}$."}' | matheval extract --bench math
  matheval extract --bench asdiv < replies.jsonl > answers.jsonl`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := lookupPolicy(benchName)
			if err != nil {
				return err
			}
			return runStream(cmd, p, answer.ExtractStream)
		},
	}
	c.Flags().StringVar(&benchName, "bench", "math", "benchmark whose extraction policy to use ("+policyNames+")")
	return c
}

func newEquivCmd() *cobra.Command {
	var benchName, policyName, decimal string
	var timeout time.Duration
	var digits int
	c := &cobra.Command{
		Use:   "equiv",
		Short: "Decide whether predictions are equivalent to gold answers (JSON Lines in, JSON Lines out)",
		Long: `equiv reads JSON Lines on standard input, each {"id": ..., "gold": "...", "prediction": "..."},
and writes one line per input line, in order:
{"id": ..., "equivalent": true|false, "reason": "...", "verdict": "...", "gold_answer": "...", "predicted_answer": "..."}.
Each side may be a bare answer, math in $...$, or a whole solution or reply: the
policy's full answer extraction runs on both sides, then the policy compares them
(MATH: symbolic equivalence; MATH 401: |y'-y| < 1e-3; ASDiv: numbers, ratios,
times of day and text). hendrycks is the MATH paper's scoring: the prediction's
last \boxed{} only (a bare prediction has no answer, as in the paper's code),
against the gold's box or, for a gold without one, the gold as a bare answer.
"verdict" says why a pair is not equivalent (wrong, unparsable, undecided,
no_answer, incomplete).

Decimals (math, hardmath): a decimal stands for an exact gold that is not a
terminating decimal only when correctly rounded and showing at least 4 significant
digits (0.3333 for 1/3, not 0.33), and a decimal gold with at least 4 significant
digits stands for an exact candidate that does not terminate and rounds to it
(2.7778 for 25/9); two different terminating decimals are never equal (42.1875 is
not 42.18749); --decimal exact accepts only equal values, and --decimal-digits sets
the digits.

A line that is not valid JSON, lacks "gold" or "prediction", is blank or is longer
than 16 MiB gives an output line with "error" naming the line number and
"equivalent": false, and a message on standard error; the run goes on and exits 1
at the end.
Policies: ` + policyNames + `.`,
		Example: `  echo '{"id":"a","gold":"\\frac{1}{2}","prediction":"The answer is $0.5$."}' | matheval equiv
  matheval equiv --bench asdiv --timeout 200ms < pairs.jsonl`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			name := policyName
			if cmd.Flags().Changed("bench") {
				if cmd.Flags().Changed("policy") && benchName != policyName {
					return usageErrorf("equiv: --bench %q and --policy %q disagree; give one", benchName, policyName)
				}
				name = benchName
			}
			p, err := lookupPolicy(name)
			if err != nil {
				return err
			}
			if timeout < 0 {
				return usageErrorf("equiv: --timeout must not be negative")
			}
			if timeout > 0 {
				p = p.WithTimeout(timeout)
			}
			if cmd.Flags().Changed("decimal") || cmd.Flags().Changed("decimal-digits") {
				rule, err := answer.DecimalRule(decimal)
				if err != nil || digits < 1 {
					return usageErrorf("equiv: --decimal must be rounded or exact and --decimal-digits at least 1")
				}
				p = p.WithDecimal(rule, digits)
			}
			return runStream(cmd, p, answer.EquivStream)
		},
	}
	c.Flags().StringVar(&benchName, "bench", "math", "benchmark whose policy to use ("+policyNames+"); same as --policy")
	c.Flags().StringVar(&policyName, "policy", "math", "grading policy ("+policyNames+")")
	c.Flags().DurationVar(&timeout, "timeout", 100*time.Millisecond, "deadline for one comparison")
	c.Flags().StringVar(&decimal, "decimal", "rounded", "decimal rule against an exact gold: rounded (correctly rounded, --decimal-digits significant digits) or exact")
	c.Flags().IntVar(&digits, "decimal-digits", answer.MATHMinSigDigits, "least significant digits of a rounded decimal")
	return c
}
