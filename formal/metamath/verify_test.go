package metamath

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// demoHead is demo0.mm from the Metamath book without its theorem.
const demoHead = `$( demo0 $)
$c 0 + = -> ( ) term wff |- $.
$v t r s P Q $.
tt $f term t $.
tr $f term r $.
ts $f term s $.
wp $f wff P $.
wq $f wff Q $.
tze $a term 0 $.
tpl $a term ( t + r ) $.
weq $a wff t = r $.
wim $a wff ( P -> Q ) $.
a1 $a |- ( t = r -> ( t = s -> r = s ) ) $.
a2 $a |- ( t + 0 ) = t $.
${
  min $e |- P $.
  maj $e |- ( P -> Q ) $.
  mp $a |- Q $.
$}
`

const th1Normal = `th1 $p |- t = t $=
  tt tze tpl tt weq tt tt weq tt a2 tt tze tpl
  tt weq tt tze tpl tt weq tt tt weq wim tt a2
  tt tze tpl tt tt a1 mp mp $.
`

const th1Compressed = `th1 $p |- t = t $=
  ( tze tpl weq a2 wim a1 mp ) ABCZADZAADZAEZJJKFLIAAGHH $.
`

// dvHead declares a tiny logic with an axiom that needs $d x y.
const dvHead = `$c |- wff var ( ) A. $.
$v x y z ph $.
vx $f var x $.
vy $f var y $.
vz $f var z $.
wph $f wff ph $.
wal $a wff A. x ph $.
wv $a wff ( x ) $.
${
  $d x y $.
  ax-d $a |- A. x ( y ) $.
$}
`

func verifyString(t *testing.T, text string) *Result {
	t.Helper()
	return VerifyText("test.mm", []byte(text), Options{Jobs: 2})
}

func TestAccepts(t *testing.T) {
	cases := map[string]string{
		"normal":     demoHead + th1Normal,
		"compressed": demoHead + th1Compressed,
		"both":       demoHead + th1Normal + strings.Replace(th1Compressed, "th1", "th2", 1),
		"dv ok":      dvHead + "${ $d x y $. th $p |- A. x ( y ) $= vx vy ax-d $. $}",
		"dv dummy":   dvHead + "${ $d x y $. $d x z $. th $p |- A. x ( z ) $= vx vz ax-d $. $}",
		"comment in proof": demoHead + `th1 $p |- t = t $=
  ( tze tpl weq a2 wim a1 mp ) ABCZADZ $( a comment $) AADZAEZJJKFLIAAGHH $.`,
		"empty":                          "",
		"comments only":                  "$( hello $) $( world $)\n",
		"redeclare var in sibling scope": "$c c $. ${ $v x $. vx $f c x $. $} ${ $v x $. vx2 $f c x $. $}",
	}
	for name, text := range cases {
		t.Run(name, func(t *testing.T) {
			res := verifyString(t, text)
			if len(res.Errors) > 0 || len(res.Incomplete) > 0 {
				t.Fatalf("want accept, got errors %v incomplete %v", res.Errors, res.Incomplete)
			}
			if res.Verified != res.Theorems {
				t.Fatalf("verified %d of %d", res.Verified, res.Theorems)
			}
		})
	}
}

func TestRejects(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"unknown keyword", "$x", "unexpected keyword"},
		{"bad label", "$c a $. l@b $a a $.", "not a legal label"},
		{"duplicate label", demoHead + "tze $a term 0 $.", "used twice"},
		{"const twice", "$c a $. $c a $.", "declared twice"},
		{"var twice", "$v x $. $v x $.", "declared twice"},
		{"const in scope", "${ $c a $. $}", "outermost scope"},
		{"second $f", "$c c $. $v x $. v1 $f c x $. v2 $f c x $.", "already has an active $f"},
		{"var typecode", "$c c $. $v x $. l $e x c $.", "is a variable"},
		{"var without $f", "$c c $. $v x $. l $a c x $.", "no active $f"},
		{"undeclared symbol", "$c c $. l $a c d $.", "not declared"},
		{"inactive var", "$c c $. ${ $v x $. $} v $f c x $.", "not active here"},
		{"$d twice", "$v x $. $d x x $.", "appears twice"},
		{"$d one var", "$v x $. $d x $.", "at least two"},
		{"open scope", "${", "not closed"},
		{"extra close", "$}", "without matching"},
		{"open comment", "$( abc", "not closed"},
		{"nested comment", "$( a $( b $) $)", "nested"},
		{"glued comment end", "$( abc$) $)", "inside a token"},
		{"non-ascii", "$c caf\xc3\xa9 $.", "not allowed"},
		{"dollar in symbol", "$c a$b $.", "contains $"},
		{"$p without proof", demoHead + "th $p |- t = t $.", "no proof"},
		{"$a with proof", demoHead + "ax $a |- t = t $= tt $.", "unexpected keyword"},
		{"missing $.", "$c a b", "not terminated"},
		{"label without statement", "$c a $. lbl $}", "must be followed"},
		{"keyword without label", "$c a $. $a a $.", "without a label"},
		{"label is symbol", "$c a $. a $a a $.", "already a math symbol"},
		{"symbol is label", "$c a $. b $a a $. $c b $.", "already a label"},
		{"empty $c", "$c $.", "no constant"},
		{"cites later", demoHead + "th $p term 0 $= th2 $. th2 $p term 0 $= tze $.", "not defined before"},
		{"cites itself", demoHead + "th $p term 0 $= th $.", "itself"},
		{"inactive hyp", demoHead + "th $p |- P $= min $.", "not active"},
		{"leftover stack", demoHead + "th $p term 0 $= tze tze $.", "2 entries"},
		{"empty proof", demoHead + "th $p term 0 $= $.", "empty"},
		{"underflow", demoHead + "th $p term ( t + t ) $= tt tpl $.", "needs 2 hypotheses"},
		{"wrong conclusion", demoHead + "th $p term ( t + r ) $= tt tt tpl $.", "proves"},
		{"typecode mismatch", demoHead + "th $p |- ( t + 0 ) = t $= tt tt weq a2 $.", "needs typecode"},
		{"$e mismatch", demoHead + "th $p |- t = t $= tt tt weq tt tt weq tt a2 tt a2 mp $.", "hypothesis min does not match"},
		{"compressed swapped", demoHead + strings.Replace(th1Compressed, "GHH", "HGH", 1), ""},
		{"compressed bad letter", demoHead + strings.Replace(th1Compressed, "ABCZ", "AB!Z", 1), "not a proof letter"},
		{"compressed lists mandatory hyp", demoHead + "${ h $e |- t = t $. th $p |- t = t $= ( h ) B $. $}", "mandatory hypothesis"},
		{"compressed Z first", demoHead + "th $p term 0 $= ( tze ) ZA $.", "Z does not follow"},
		{"compressed ZZ", demoHead + "th $p term 0 $= ( tze ) AZZ $.", "Z does not follow"},
		{"compressed unfinished number", demoHead + "th $p term 0 $= ( tze ) AU $.", "inside a step number"},
		{"compressed saved out of range", demoHead + "th $p term 0 $= ( tze ) AZC $.", "saved step"},
		{"compressed huge number", demoHead + "th $p term 0 $= ( tze ) UUUUUUUUUUUUUUUUA $.", "too large"},
		{"compressed list unclosed", demoHead + "th $p term 0 $= ( tze $.", "not closed"},
		{"dv missing", dvHead + "th $p |- A. x ( y ) $= vx vy ax-d $.", "no $d x y"},
		{"dv same var", dvHead + "${ $d x y $. th $p |- A. x ( x ) $= vx vx ax-d $. $}", "both substitutions contain"},
		{"dv missing dummy", dvHead + "${ $d x y $. th $p |- A. x ( z ) $= vx vz ax-d $. $}", "no $d x z"},
		{"include in scope", "${ $[ other.mm $] $}", "outermost scope"},
		{"include missing", "$[ no-such-file.mm $]", "cannot include"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := verifyString(t, c.text)
			if len(res.Errors) == 0 {
				t.Fatalf("want an error containing %q, got none (incomplete %v)", c.want, res.Incomplete)
			}
			if !strings.Contains(res.Errors[0].Error(), c.want) {
				t.Fatalf("want error containing %q, got %v", c.want, res.Errors)
			}
			if res.Errors[0].File != "test.mm" || res.Errors[0].Line == 0 && c.text != "" {
				t.Errorf("error lacks a position: %+v", res.Errors[0])
			}
		})
	}
}

func TestIncomplete(t *testing.T) {
	for name, text := range map[string]string{
		"normal":     demoHead + "th $p term ( t + 0 ) $= tt ? tpl $.",
		"compressed": demoHead + "th $p term ( t + 0 ) $= ( tpl ) A?B $.",
	} {
		t.Run(name, func(t *testing.T) {
			res := verifyString(t, text)
			if len(res.Errors) != 0 || len(res.Incomplete) != 1 || res.Verified != 0 || res.OK() {
				t.Fatalf("want one incomplete proof and no error, got %+v", res)
			}
		})
	}
}

func TestErrorLine(t *testing.T) {
	text := demoHead + "\n\nbad $p term 0 $= tt $.\n"
	res := verifyString(t, text)
	if len(res.Errors) != 1 {
		t.Fatalf("errors: %v", res.Errors)
	}
	e := res.Errors[0]
	wantLine := strings.Count(demoHead, "\n") + 3
	if e.Line != wantLine || e.Label != "bad" || e.File != "test.mm" {
		t.Fatalf("got %+v, want line %d label bad", e, wantLine)
	}
}

func TestAllProofErrorsReported(t *testing.T) {
	text := demoHead + "b1 $p term 0 $= tt $.\nok $p term 0 $= tze $.\nb2 $p term 0 $= tze tze $.\n"
	for _, jobs := range []int{1, 2, 4} {
		res := VerifyText("t.mm", []byte(text), Options{Jobs: jobs})
		if len(res.Errors) != 2 || res.Errors[0].Label != "b1" || res.Errors[1].Label != "b2" || res.Verified != 1 {
			t.Fatalf("jobs %d: %+v", jobs, res)
		}
	}
}

func TestInclude(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("head.mm", demoHead)
	// head.mm is included twice (directly and through mid.mm): the second
	// inclusion is skipped, so its labels are not declared twice.
	write("mid.mm", "$[ head.mm $]\n")
	write("main.mm", "$[ head.mm $] $[ mid.mm $]\n"+th1Compressed)
	res := VerifyFile(filepath.Join(dir, "main.mm"), Options{})
	if !res.OK() || res.Verified != 1 {
		t.Fatalf("%+v", res.Errors)
	}
	write("bad.mm", "$[ head.mm $]\nth $p term 0 $= tt $.\n")
	res = VerifyFile(filepath.Join(dir, "bad.mm"), Options{})
	if len(res.Errors) != 1 || !strings.HasSuffix(res.Errors[0].File, "bad.mm") || res.Errors[0].Line != 2 {
		t.Fatalf("%+v", res.Errors)
	}
}

func TestBlowupIsLinear(t *testing.T) {
	// A proof whose normal form has 2^40-1 steps: only an executor that
	// never expands compressed proofs finishes.
	var b strings.Builder
	b.WriteString("$c wff * $. $v x $. vx $f wff x $. wast $a wff * $.\n${ wapp.1 $e wff x $. wapp $a wff x * $. $}\n")
	b.WriteString("big $p wff" + strings.Repeat(" *", 41) + " $= ( wast wapp ) A")
	for i := 0; i < 40; i++ {
		n := 3 + i // the saved step just made
		b.WriteString("Z" + encodeNum(n) + "B")
	}
	b.WriteString(" $.\n")
	res := verifyString(t, b.String())
	if !res.OK() {
		t.Fatal(res.Errors)
	}
}

// encodeNum writes a compressed-proof step number.
func encodeNum(n int) string {
	s := string(rune('A' + (n-1)%20))
	n = (n - 1) / 20
	for n > 0 {
		s = string(rune('U'+(n-1)%5)) + s
		n = (n - 1) / 5
	}
	return s
}

func TestBadBytes(t *testing.T) {
	for name, text := range map[string]string{
		"in token":           "$c a\x01b $.",
		"in comment":         "$( caf\xc3\xa9 $) $c a $.",
		"in comment, 8-byte": "$( 0123456789abcdef\x7f0123456789 $)",
		"alone":              "$c a $. \x00",
		"tab ok but not vt":  "$c\ta\v$.",
	} {
		res := verifyString(t, text)
		if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "not allowed") {
			t.Errorf("%s: %v", name, res.Errors)
		}
	}
	if res := verifyString(t, "$c\ta\r\n\fb $.\n"); len(res.Errors) != 0 {
		t.Errorf("whitespace: %v", res.Errors)
	}
}

func TestEveryDeclarationErrorReported(t *testing.T) {
	text := demoHead +
		"bad1 $a |- nosuch $.\n" + // undeclared symbol
		"$c 0 $.\n" + // constant declared twice
		"ok1 $p term 0 $= tze $.\n" +
		"bad2 $p term 0 $= tt $.\n" + // proof error
		"tze $a term 0 $.\n" + // duplicate label
		"$}\n" + // unmatched
		"ok2 $p term ( 0 + 0 ) $= tze tze tpl $.\n"
	res := verifyString(t, text)
	var lines []int
	for _, e := range res.Errors {
		lines = append(lines, e.Line)
	}
	base := strings.Count(demoHead, "\n")
	want := []int{base + 1, base + 2, base + 4, base + 5, base + 6}
	if len(lines) != len(want) {
		t.Fatalf("errors %v", res.Errors)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Fatalf("error lines %v, want %v: %v", lines, want, res.Errors)
		}
	}
	if res.Verified != 2 {
		t.Fatalf("verified %d, want 2 (ok1, ok2)", res.Verified)
	}
}
