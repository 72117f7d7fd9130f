package calc

import (
	"context"
	"math/big"
	"testing"
	"time"
)

func TestAnswer(t *testing.T) {
	cases := []struct{ q, want string }{
		{"e^(iπ)+1=", "0"},
		{"1+1=", "2"},
		{"10+(-3)=", "7"},
		{"-6+(-2)=", "-8"},
		{"0.0069+(-0.86)=", "-0.8531"},
		{"62×42=", "2604"},
		{"0.1×0.08=", "0.008"},
		{"71786×21638=", "1553305468"},
		{"221034337578+352470528397=", "573504865975"},
		{"16÷83=", "0.1928"},
		{"50/18=", "2.7778"},
		{"2**3=", "8"},
		{"7^4=", "2401"},
		{"7.3947**2.5384=", "160.5713"},
		{"8.6112^3.7534=", "3233.4638"},
		{"e+e=", "5.4366"},
		{"7/π=", "2.2282"},
		{"e*pi=", "8.5397"},
		{"π*4=", "12.5664"},
		{"pi-π=", "0"},
		{" ( 44 + 97) * 61 * 65=", "559065"},
		{" ( 97 - 56) / ( 97 + 56) * 31=", "8.3072"},
		{" 0 * ( 95 * 68) + ( 26 / 45)=", "0.5778"},
		{"sin(-0.5π)=", "-1"},
		{"cos(5.25π)=", "-0.7071"},
		{"tan(-0.17π)=", "-0.5914"},
		{"sin(-10.0π)=", "0"},
		{"tan(1.0π)=", "0"},
		{"sin(-30°)=", "-0.5"},
		{"cos(-210°)=", "-0.866"},
		{"log 2(71)=", "6.1497"},
		{"log 10(725)=", "2.8603"},
		{"ln(695)=", "6.5439"},
		{"log_{2}(8)", "3"},
		{"$\\log_{10}(1000)$", "3"},
		{"\\sin(30^\\circ)", "0.5"},
		{"\\frac{1}{3}", "0.3333"},
		{"-2^2", "-4"},
		{"2^-1", "0.5"},
		{"2^3^2", "512"},
		{"2**3**2", "512"},
		{"2^(1+1)^3", "256"},
		{"sin(30 degrees)", "0.5"},
		{"sqrt(2)", "1.4142"},
		{"0.5e", "1.3591"},
	}
	for _, c := range cases {
		got, err := Answer(context.Background(), c.q)
		if err != nil {
			t.Errorf("Answer(%q): %v", c.q, err)
			continue
		}
		if got != c.want {
			t.Errorf("Answer(%q) = %q, want %q", c.q, got, c.want)
		}
	}
}

func TestAnswerErrors(t *testing.T) {
	for _, q := range []string{"", "hello", "1/0=", "tan(90°)", "tan(0.5π)", "ln(0)", "(1+2", "2^100000",
		"(-8)^0.5", "e^(1000000)", "log 1(5)", "sin(10000000000)",
		// parsed by the engine but not arithmetic: variables, unknown functions, relations, tuples
		"x+1", "f(2)", "x=1", "(1,2)", "\\infty"} {
		if got, err := Answer(context.Background(), q); err == nil {
			t.Errorf("Answer(%q) = %q, want an error", q, got)
		}
	}
}

func TestDeepNesting(t *testing.T) {
	q := ""
	for i := 0; i < 1000; i++ {
		q += "("
	}
	if _, err := Answer(context.Background(), q+"1"); err == nil {
		t.Error("deep nesting accepted")
	}
}

func TestRound(t *testing.T) {
	cases := []struct {
		x    *big.Rat
		want string
	}{
		{big.NewRat(1, 3), "0.3333"},
		{big.NewRat(2, 3), "0.6667"},
		{big.NewRat(-2, 3), "-0.6667"},
		{big.NewRat(5, 100000), "0.0001"},   // half away from zero
		{big.NewRat(-5, 100000), "-0.0001"}, // half away from zero
		{big.NewRat(-1, 100000), "0.0000"},  // no negative zero
	}
	for _, c := range cases {
		if got := FormatFixed(c.x, 4); got != c.want {
			t.Errorf("FormatFixed(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}

func TestConstantsPrecision(t *testing.T) {
	// π and e to 60 digits, checked against their known expansions.
	pi := Pi().Text('f', 59)
	if want := "3.14159265358979323846264338327950288419716939937510582097494"; pi != want {
		t.Errorf("pi = %s", pi)
	}
	v, err := Eval(context.Background(), "e", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.Re.Text('f', 49), "2.7182818284590452353602874713526624977572470937000"; got != want {
		t.Errorf("e = %s", got)
	}
	v, _ = Eval(context.Background(), "ln(2)", Options{})
	if got, want := v.Re.Text('f', 40), "0.6931471805599453094172321214581765680755"; got != want {
		t.Errorf("ln 2 = %s", got)
	}
}

func TestCompatConstants(t *testing.T) {
	opts := Options{Pi: big.NewRat(31415, 10000), E: big.NewRat(271828, 100000)}
	v, err := Eval(context.Background(), "π*4=", opts)
	if err != nil || FormatFixed(v.Rat(), 4) != "12.5660" || v.Exact == nil {
		t.Errorf("π*4 with π=3.1415: %v %v", v.Rat(), err)
	}
	v, _ = Eval(context.Background(), "e+pi", opts)
	if FormatFixed(v.Rat(), 4) != "5.8598" {
		t.Errorf("e+pi compat = %s", FormatFixed(v.Rat(), 4))
	}
}

func TestCompatDegrees(t *testing.T) {
	// a degree mark uses the given π too: cos(60·3.1415/180) = 0.500026...
	v, err := Eval(context.Background(), "cos(60°)", Options{Pi: big.NewRat(31415, 10000)})
	if err != nil || FormatFixed(v.Rat(), 6) != "0.500027" {
		t.Errorf("cos(60°) with π=3.1415: %s %v", FormatFixed(v.Rat(), 6), err)
	}
	v, err = Eval(context.Background(), "cos(60°)", Options{})
	if err != nil || v.Exact == nil || v.Exact.Cmp(big.NewRat(1, 2)) != 0 {
		t.Errorf("cos(60°) = %v (exact %v), want exactly 1/2: %v", v.Rat(), v.Exact, err)
	}
}

// A done context stops an evaluation: an error, never a value.
func TestEvalStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, q := range []string{"tan(-6.33π)=", "7.3947**2.5384=", "2+3"} {
		if v, err := Eval(ctx, q, Options{}); err == nil {
			t.Errorf("Eval(%q) with a done context = %v, want an error", q, v.Re)
		}
	}
}

func BenchmarkAnswerTrig(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Answer(context.Background(), "tan(-6.33π)="); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAnswerPow(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Answer(context.Background(), "7.3947**2.5384="); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzAnswer checks that no input panics or runs away. The seed corpus runs
// in the normal suite; `go test ./calc -fuzz FuzzAnswer` explores further.
func FuzzAnswer(f *testing.F) {
	for _, s := range []string{"e^(iπ)+1=", " ( 44 + 97) * 61 * 65=", "tan(-6.33π)=", "log 2(71)=", "7.3947**2.5384=",
		"sin(-30°)=", "\\frac{1}{3}", "((((", "2^2^2^2^2", "9999999999^9999", "e^e^e^e", "log 0(0)", "-.5π"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		done := make(chan struct{})
		go func() {
			defer close(done)
			Answer(context.Background(), s)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("Answer(%q) ran past 5 s", s)
		}
	})
}
