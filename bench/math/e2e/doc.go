// Package e2e holds the MATH benchmark's end-to-end test: a whole run
// (runner, OpenAI client, grading, confidence, summary) against the fake
// OpenAI server. It lives apart from package math so that math's own tests
// never depend on the runner. It has no code besides its test.
package e2e
