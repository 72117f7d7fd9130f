package answer

import (
	"context"
	"strings"
	"testing"
)

// Generated inputs of issue 28 (item 6): a 14 MB "x+x+…+1" reply took 39 s
// and a \frac nested 100,000 deep outside any box 254 s, because extraction
// re-read the reply from its start for each number. These tests assert what
// extraction answers and that cancellation stops it; how long it takes is
// the benchmarks' (BenchmarkExtractLong*), never a wall-clock limit here.

func longSum() string { return strings.Repeat("x+", 7<<20) + "1" }

func deepFrac(n int) string {
	return strings.Repeat(`\frac{1}{`, n) + "2" + strings.Repeat("}", n)
}

func TestExtractLongInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 15 MB of input; run without -short")
	}
	cases := []struct {
		name, reply string
		kind        Kind
		reason      string
	}{
		// the last number sits in an expression too long to be read whole:
		// never graded as the bare "1"
		{"sum", longSum(), NoAnswer, "runs past"},
		// the 2 at the bottom of the nesting is never the answer
		{"deep", deepFrac(100000), NoAnswer, "no answer"},
		{"deep-math", "$" + deepFrac(100000) + "$", Unparsable, "nested too deeply"},
		{"deep-3000", deepFrac(3000), NoAnswer, "runs past"},
	}
	for _, c := range cases {
		v := Grade(MATH, "2", c.reply, "stop")
		if v.Kind != c.kind || !strings.Contains(v.Reason, c.reason) {
			t.Errorf("%s: %s (%s), want %s naming %q", c.name, v.Kind, v.Reason, c.kind, c.reason)
		}
	}
	// a gold nested 3,000 deep is refused by the parser, never read as 2
	if v := Equivalent(MATH, deepFrac(3000), "2"); v.Kind != Unparsable {
		t.Errorf("deep gold: %s (%s), want unparsable", v.Kind, v.Reason)
	}
}

// TestExtractCancelled: a done context stops extraction and grading, which
// say so; they never give a verdict on what they did not read.
func TestExtractCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	reply := "So the answer is $\\boxed{2}$."
	if ex := ExtractContext(ctx, reply, MATH.Extraction); ex.Cancelled == "" || len(ex.Candidates) != 0 {
		t.Errorf("cancelled extraction: %+v", ex)
	}
	if v := GradeContext(ctx, MATH, "2", reply, "stop"); v.Kind != Undecided || !strings.Contains(v.Reason, "stopped") {
		t.Errorf("cancelled grading: %s (%s), want undecided", v.Kind, v.Reason)
	}
	var out strings.Builder
	st, err := EquivStream(ctx, MATH, strings.NewReader(`{"id":1,"gold":"2","prediction":"2"}`+"\n"), &out, &out)
	if err == nil {
		t.Errorf("EquivStream under a done context: no error (%+v, %q)", st, out.String())
	}
}

// TestMaxReply: of a reply longer than MaxReply only the end is read.
func TestMaxReply(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 32 MB of input; run without -short")
	}
	reply := strings.Repeat("a", MaxReply) + " The answer is $\\boxed{7}$."
	ex := Extract(reply, MATH.Extraction)
	if c, ok := ex.Best(); !ok || c.Text != "7" {
		t.Errorf("got %+v", ex.Candidates)
	}
}

func BenchmarkExtractLongSum(b *testing.B) {
	r := longSum()
	b.SetBytes(int64(len(r)))
	for b.Loop() {
		Extract(r, MATH.Extraction)
	}
}

func BenchmarkExtractLongDeepFrac(b *testing.B) {
	r := deepFrac(100000)
	b.SetBytes(int64(len(r)))
	for b.Loop() {
		Extract(r, MATH.Extraction)
	}
}

func BenchmarkGradeLongDeepFracMath(b *testing.B) {
	r := "$" + deepFrac(100000) + "$"
	b.SetBytes(int64(len(r)))
	for b.Loop() {
		Grade(MATH, "2", r, "stop")
	}
}

// manyBoxes is a reply that boxes the same operand thousands of times:
// each box asked for the reply's math segments, and the candidates were
// sorted by insertion, both quadratic (4,000 boxes took 14 s).
func manyBoxes(n int) string { return strings.Repeat("We get $-\\boxed{1}$. ", n) }

func TestManyBoxes(t *testing.T) {
	v := Grade(MATH, "-1", manyBoxes(4000), "stop")
	if v.Kind != Correct || v.Extracted != "-{1}" {
		t.Errorf("got %s %q (%s), want the operand -{1} graded correct", v.Kind, v.Extracted, v.Reason)
	}
}

func BenchmarkGradeManyBoxes(b *testing.B) {
	r := manyBoxes(4000)
	b.SetBytes(int64(len(r)))
	for b.Loop() {
		Grade(MATH, "-1", r, "stop")
	}
}

// repeatedAnchors, unclosedBoxes and repeatedPhrases are a tester's
// probe15 shapes, each quadratic before (368 KB of the first took 37 s):
// an answer phrase in every sentence of one long line, a box opened
// thousands of times and never closed, an answer phrase with no value.
func repeatedAnchors(n int) string {
	return strings.Repeat("The final answer is 1. ", n) + " The answer is $\\boxed{7}$."
}
func unclosedBoxes(n int) string   { return strings.Repeat("\\boxed{", n) }
func repeatedPhrases(n int) string { return strings.Repeat("Therefore the answer is ", n) }

func TestRepeatedAnchorsAndBoxes(t *testing.T) {
	if v := Grade(MATH, "7", repeatedAnchors(10000), "stop"); v.Kind != Correct {
		t.Errorf("repeated anchors: %s (%s), want the last one, 7", v.Kind, v.Reason)
	}
	if v := Grade(MATH, "7", unclosedBoxes(30000), "stop"); v.Kind == Correct {
		t.Errorf("unclosed boxes: %s (%s)", v.Kind, v.Reason)
	}
	if v := Grade(MATH, "7", repeatedPhrases(10000), "stop"); v.Kind == Correct {
		t.Errorf("repeated phrases: %s (%s)", v.Kind, v.Reason)
	}
}

func BenchmarkGradeRepeatedAnchors(b *testing.B) {
	r := repeatedAnchors(100000)
	b.SetBytes(int64(len(r)))
	for b.Loop() {
		Grade(MATH, "7", r, "stop")
	}
}

func BenchmarkGradeUnclosedBoxes(b *testing.B) {
	r := unclosedBoxes(300000)
	b.SetBytes(int64(len(r)))
	for b.Loop() {
		Grade(MATH, "7", r, "stop")
	}
}

func BenchmarkGradeRepeatedPhrases(b *testing.B) {
	r := repeatedPhrases(100000)
	b.SetBytes(int64(len(r)))
	for b.Loop() {
		Grade(MATH, "7", r, "stop")
	}
}
