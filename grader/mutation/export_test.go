package mutation

// MatchBrace is the suite's own brace matcher, for the external tests
// (adversary_test.go) that read golds with it.
var MatchBrace = matchBrace
