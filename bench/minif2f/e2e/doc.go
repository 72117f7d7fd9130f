// Package e2e holds miniF2F's end-to-end tests: whole runs (runner, model
// backends, proof extraction, the verifiers, the summary) on each track,
// against the FAKE HOL Light and Lean REPL of the test packages and, where
// installed, against the real HOL Light (one session shared by those
// tests). It lives apart from package minif2f so that minif2f's own tests
// never depend on the runner. It has no code besides its tests.
package e2e
