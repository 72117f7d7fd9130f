package metamath

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// These tests feed the verifier the adversarial files that used to exhaust
// memory, panic or read the wrong file: each must now end with one clear
// error, quickly and within bounded memory.

func TestIncludeDeviceRefused(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	res := VerifyText("t.mm", []byte("$[ /dev/zero $]\n"), Options{})
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "not a regular file (a character device)") {
		t.Fatalf("errors %v", res.Errors)
	}
	dir := t.TempDir()
	res = VerifyText(filepath.Join(dir, "t.mm"), []byte("$[ . $]\n"), Options{})
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "a directory") {
		t.Fatalf("errors %v", res.Errors)
	}
}

func TestIncludeSizeBounded(t *testing.T) {
	dir := t.TempDir()
	big := strings.Repeat("$( padding $)\n", 1000) // 14,000 bytes
	if err := os.WriteFile(filepath.Join(dir, "big.mm"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(dir, "main.mm")
	if err := os.WriteFile(main, []byte("$[ big.mm $]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := VerifyFile(main, Options{MaxBytes: 10000})
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "over the limit of 10000 bytes") {
		t.Fatalf("errors %v", res.Errors)
	}
	if res := VerifyFile(main, Options{MaxBytes: 20000}); !res.OK() {
		t.Fatalf("within the limit: %v", res.Errors)
	}
}

// A missing inclusion is an error naming where it was looked for, even
// when a file of that name exists in the current directory.
func TestIncludeNoCurrentDirFallback(t *testing.T) {
	dbDir, cwd := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(cwd, "head.mm"), []byte(demoHead), 0o644); err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(dbDir, "main.mm")
	if err := os.WriteFile(main, []byte("$[ head.mm $]\n"+th1Normal), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(cwd)
	res := VerifyFile(main, Options{})
	want := filepath.Join(dbDir, "head.mm") + " does not exist"
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, want) {
		t.Fatalf("want %q, got %v", want, res.Errors)
	}
}

func TestHugeDisjointRefused(t *testing.T) {
	var b strings.Builder
	b.WriteString("$c c $.\n$v")
	for i := range 20000 {
		fmt.Fprintf(&b, " v%d", i)
	}
	b.WriteString(" $.\n$d")
	for i := range 20000 {
		fmt.Fprintf(&b, " v%d", i)
	}
	b.WriteString(" $.\n")
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	res := VerifyText("t.mm", []byte(b.String()), Options{})
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "with 20000 variables makes 199990000 pairs") {
		t.Fatalf("errors %v", res.Errors)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 256<<20 {
		t.Fatalf("allocated %d MiB refusing the $d", grew>>20)
	}
}

// A database with more variables than the $d bit matrix holds still
// checks disjoint variables, both ways.
func TestDisjointManyVariables(t *testing.T) {
	var b strings.Builder
	b.WriteString("$c |- wff var ( ) A. $.\n$v")
	for i := range 5000 {
		fmt.Fprintf(&b, " v%d", i)
	}
	b.WriteString(" $.\nf1 $f var v4998 $.\nf2 $f var v4999 $.\nwal $a wff A. v4998 ( v4999 ) $.\n")
	b.WriteString("${ $d v4998 v4999 $. ax-d $a |- A. v4998 ( v4999 ) $. $}\n")
	ok := b.String() + "${ $d v4998 v4999 $. th $p |- A. v4998 ( v4999 ) $= f1 f2 ax-d $. $}\n"
	if res := verifyString(t, ok); !res.OK() {
		t.Fatalf("with the $d: %v", res.Errors)
	}
	bad := b.String() + "th $p |- A. v4998 ( v4999 ) $= f1 f2 ax-d $.\n"
	if res := verifyString(t, bad); len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "no $d v4998 v4999") {
		t.Fatalf("without the $d: %v", res.Errors)
	}
}

// doubling is a database whose axiom wdup doubles an expression: a
// compressed proof "A" + n x "B" builds 2^n symbols.
const doubling = "$c wff * $. $v x $. vx $f wff x $. wast $a wff * $. wdup $a wff x x $.\n"

func doublingProof(n int, concl string) string {
	return doubling + "big $p wff " + concl + " $= ( wast wdup ) A" + strings.Repeat("B", n) + " $.\n"
}

func TestProofMemoryBounded(t *testing.T) {
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	res := VerifyText("t.mm", []byte(doublingProof(40, "*")), Options{Jobs: 1})
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, fmt.Sprintf("more than %d symbols", DefaultMaxProofSymbols)) {
		t.Fatalf("errors %v", res.Errors)
	}
	// 2^40 symbols would be 4 TiB; the bound keeps the buffer at 64 MiB
	// (growing by doubling).
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 512<<20 {
		t.Fatalf("allocated %d MiB", grew>>20)
	}
	// A session can set a tighter bound per check.
	s, r := loadText(t, doubling)
	cr := s.Check("c.mm", []byte("big $p wff * $= ( wast wdup ) A"+strings.Repeat("B", 20)+" $."), CheckOptions{MaxProofSymbols: 1000})
	if len(cr.Errors) != 1 || !strings.Contains(cr.Errors[0].Msg, "more than 1000 symbols") {
		t.Fatalf("session: %v %v", cr.Errors, r.Errors)
	}
	cr = s.Check("c.mm", []byte("big $p wff * $= ( wast wdup ) AB $."), CheckOptions{MaxProofWork: 2})
	if len(cr.Errors) != 1 || !strings.Contains(cr.Errors[0].Msg, "more than 2 symbol operations") {
		t.Fatalf("work: %v", cr.Errors)
	}
	if cr := s.Check("c.mm", []byte("big $p wff * $= ( wast wdup ) AB $."), CheckOptions{MaxBytes: 10}); len(cr.Errors) != 1 || !strings.Contains(cr.Errors[0].Msg, "over the limit of 10") {
		t.Fatalf("bytes: %v", cr.Errors)
	}
}

func TestProofStackBounded(t *testing.T) {
	res := VerifyText("t.mm", []byte(doubling+"big $p wff * $= ( wast ) "+strings.Repeat("A", maxStack+1)+" $.\n"), Options{Jobs: 1})
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "stack holds more than") {
		t.Fatalf("errors %v", res.Errors)
	}
}

func TestMessagesBounded(t *testing.T) {
	// A wrong conclusion after 2^22 symbols: the message quotes the start.
	res := VerifyText("t.mm", []byte(doublingProof(22, "*")), Options{Jobs: 1})
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "proof proves") || !strings.Contains(res.Errors[0].Msg, "(4194305 symbols in all)") {
		t.Fatalf("errors %.300v", res.Errors)
	}
	if n := len(res.Errors[0].Error()); n > 4000 {
		t.Fatalf("message of %d bytes", n)
	}
	// A 20 MB token in a declaration error (the token limit raised past
	// it: the message must stay short whatever the limit).
	tok := strings.Repeat("x", 20<<20)
	big := Options{MaxToken: 32 << 20}
	res = VerifyText("t.mm", []byte("$c c $. l $a c "+tok+" $.\n"), big)
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "not declared") {
		t.Fatalf("errors %.300v", res.Errors)
	}
	if n := len(res.Errors[0].Error()); n > 4000 {
		t.Fatalf("message of %d bytes", n)
	}
	res = VerifyText("t.mm", []byte("$c c $. "+tok+" $a c $. "+tok+" $a c $.\n"), big)
	if len(res.Errors) != 1 || len(res.Errors[0].Error()) > 4000 || len(res.Errors[0].Label) > 4000 {
		t.Fatalf("label: %d errors, first %d bytes", len(res.Errors), len(res.Errors[0].Error()))
	}
}

// A lone "$" is an unknown keyword like any other: no panic, and the
// statements after it are still read and checked.
func TestLoneDollar(t *testing.T) {
	res := verifyString(t, "$c a $. $ $c a $.\n")
	if len(res.Errors) != 2 {
		t.Fatalf("errors %v", res.Errors)
	}
	for _, e := range res.Errors {
		if strings.Contains(e.Msg, "internal error") {
			t.Fatalf("panic: %v", e)
		}
	}
	if !strings.Contains(res.Errors[0].Msg, `unknown keyword "$"`) || !strings.Contains(res.Errors[1].Msg, "declared twice") {
		t.Fatalf("errors %v", res.Errors)
	}
}

func loadText(t *testing.T, text string) (*Session, *Result) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "base.mm")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s, res := Load(path, Options{})
	if !res.OK() {
		t.Fatalf("base: %v", res.Errors)
	}
	return s, res
}

// Parallel checks against one session agree with one-at-a-time checks, and
// leave the database as it was.
func TestSessionParallel(t *testing.T) {
	s, _ := loadText(t, demoHead)
	s.SetParallel(4)
	cands := map[string]bool{
		th1Normal:     true,
		th1Compressed: true,
		strings.Replace(th1Compressed, "GHH", "HGH", 1):  false,
		"th1 $p |- t = t $= tt $.":                       false,
		"$v q $. vq $f term q $. th1 $p term q $= vq $.": true,
		"$c new $.": true,
	}
	var wg sync.WaitGroup
	errs := make(chan string, 1000)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				for text, ok := range cands {
					cr := s.Check("c.mm", []byte(text), CheckOptions{})
					if got := len(cr.Errors) == 0 && len(cr.Incomplete) == 0; got != ok {
						errs <- fmt.Sprintf("%q: ok=%v, errors %v", text, got, cr.Errors)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
	if s.forks > 4 {
		t.Fatalf("%d forks for 4 parallel checks", s.forks)
	}
	if cr := s.Check("c.mm", []byte(th1Normal), CheckOptions{}); len(cr.Errors) != 0 || cr.Statements[0].ProofSteps != 34 {
		t.Fatalf("after: %v %+v", cr.Errors, cr.Statements)
	}
	if cr := s.Check("c.mm", []byte(th1Compressed), CheckOptions{}); cr.Statements[0].ProofSteps != 21 {
		t.Fatalf("compressed steps %d", cr.Statements[0].ProofSteps)
	}
}
