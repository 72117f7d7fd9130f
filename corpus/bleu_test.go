package corpus

import (
	"math"
	"reflect"
	"testing"
)

// Reference values from sacreBLEU's own test suite (test/test_sentence_bleu.py):
// sentence BLEU with exp smoothing, 13a tokenization, effective order.
func TestSentenceBLEUMatchesSacreBLEU(t *testing.T) {
	ref := "producţia de zahăr brut se exprimă în zahăr alb;"
	sys := "Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;"
	if got := SentenceBLEU(sys, ref); math.Abs(got-8.493) > 1e-3 {
		t.Errorf("BLEU = %.4f, sacreBLEU gives 8.493", got)
	}
	if got := SentenceBLEU("this is a cat", "okay thanks"); got != 0 {
		t.Errorf("no overlap: BLEU = %v, want 0", got)
	}
	if got := SentenceBLEU("the cat sat on the mat", "the cat sat on the mat"); math.Abs(got-100) > 1e-9 {
		t.Errorf("identical: %v", got)
	}
}

// A hand-worked value: hyp "a b c d" vs ref "a b c e": precisions 3/4, 2/3,
// 1/2 and 0 matches of 1 four-gram -> 100/(2*1); BP 1.
func TestBLEUHandWorked(t *testing.T) {
	want := math.Exp((math.Log(75) + math.Log(200.0/3) + math.Log(50) + math.Log(50)) / 4)
	if got := SentenceBLEU("a b c d", "a b c e"); math.Abs(got-want) > 1e-9 {
		t.Errorf("got %v want %v", got, want)
	}
	// Short hypothesis: effective order 2, brevity penalty exp(1-4/2).
	want = math.Exp(1-2) * math.Exp((math.Log(100)+math.Log(100))/2)
	if got := SentenceBLEU("a b", "a b c e"); math.Abs(got-want) > 1e-9 {
		t.Errorf("short: got %v want %v", got, want)
	}
}

func TestTokenize13a(t *testing.T) {
	cases := map[string][]string{
		"Hello, world.":        {"Hello", ",", "world", "."},
		"It costs $3.50, ok?":  {"It", "costs", "$", "3.50", ",", "ok", "?"},
		"1,000 and 5-3":        {"1,000", "and", "5", "-", "3"},
		"x^2+y_1 = (a/b)":      {"x", "^", "2", "+", "y", "_", "1", "=", "(", "a", "/", "b", ")"},
		"A &amp; B \"q\"":      {"A", "&", "B", "\"", "q", "\""},
		"well-known end.\nnew": {"well-known", "end", ".", "new"},
	}
	for in, want := range cases {
		if got := Tokenize13a(in); !reflect.DeepEqual(got, want) {
			t.Errorf("Tokenize13a(%q) = %q, want %q", in, got, want)
		}
	}
}
