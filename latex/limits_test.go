package latex

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func nestedFrac(depth int) string {
	return strings.Repeat(`\frac{1}{`, depth) + "2" + strings.Repeat("}", depth)
}

func longSum(n int) string { return strings.Repeat("x+", n) + "1" }

// Issue 28, item 6: deep or long input fails with a clear error, whatever
// its size, and parsing stops on a cancelled context.
func TestDepthAndSizeLimits(t *testing.T) {
	for _, depth := range []int{MaxDepth + 1, 3000, 100000} {
		_, err := Parse(nestedFrac(depth))
		if err == nil || !strings.Contains(err.Error(), "nested too deeply") {
			t.Errorf("a \\frac nested %d deep: %v, want nested too deeply", depth, err)
		}
	}
	if _, err := Parse(strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000)); err == nil || !strings.Contains(err.Error(), "nested too deeply") {
		t.Errorf("brackets nested 5000 deep: %v", err)
	}
	if _, err := Parse(nestedFrac(MaxDepth / 8)); err != nil {
		t.Errorf("a \\frac nested %d deep: %v", MaxDepth/8, err)
	}
	if _, err := Parse(longSum(7 << 20)); err == nil || !strings.Contains(err.Error(), "too long") {
		t.Errorf("a 14 MB sum: %v, want too long", err)
	}
	if _, err := Parse(longSum(MaxInput/2 - 1)); err != nil {
		t.Errorf("a sum of %d terms: %v", MaxInput/2, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ParseContext(ctx, longSum(MaxInput/2-1))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("parsing under a cancelled context: %v, want context.Canceled", err)
	}
	var pe *Error
	if !errors.As(err, &pe) {
		t.Errorf("the cancellation is not an *Error: %T", err)
	}
}

// cancelAfter is a context whose Err turns to context.Canceled after its
// first polls: it checks that the parse polls the context as it goes, not
// only before it starts.
type cancelAfter struct {
	context.Context
	polls int
}

func (c *cancelAfter) Err() error {
	c.polls--
	if c.polls < 0 {
		return context.Canceled
	}
	return nil
}

func TestParseStopsMidway(t *testing.T) {
	ctx := &cancelAfter{Context: context.Background(), polls: 3}
	_, err := ParseWithContext(ctx, longSum(MaxInput/2-1), Config{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a parse cancelled after 3 polls: %v", err)
	}
	if !strings.Contains(err.Error(), "parsing stopped") {
		t.Errorf("error %q does not say the parse stopped", err)
	}
	var pe *Error
	if errors.As(err, &pe) && pe.Col <= 1 {
		t.Errorf("stopped at column %d: the context was polled only before parsing", pe.Col)
	}
}

func BenchmarkParseNestedFrac(b *testing.B) {
	s := nestedFrac(MaxDepth / 8)
	for b.Loop() {
		if _, err := Parse(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseNestedTooDeep(b *testing.B) {
	s := nestedFrac(100000)
	for b.Loop() {
		if _, err := Parse(s); err == nil {
			b.Fatal("parsed")
		}
	}
}

func BenchmarkParseLongSum(b *testing.B) {
	s := longSum(MaxInput/2 - 1)
	for b.Loop() {
		if _, err := Parse(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseHugeSum(b *testing.B) {
	s := longSum(7 << 20)
	for b.Loop() {
		if _, err := Parse(s); err == nil {
			b.Fatal("parsed")
		}
	}
}

func BenchmarkParseLongProduct(b *testing.B) {
	s := strings.Repeat(`\sqrt{2}\cdot `, MaxInput/16) + "1"
	for b.Loop() {
		if _, err := Parse(s); err != nil {
			b.Fatal(err)
		}
	}
}
