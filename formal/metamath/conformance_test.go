package metamath

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
)

// debianDir holds the databases of Debian's metamath-databases package.
const debianDir = "/usr/share/metamath/databases"

// TestConformance runs the shared conformance suite: every row must get its
// expected verdict (accept = no error; "?" proofs are warnings, as in the
// specification). Files run from their own folder so inclusions resolve.
func TestConformance(t *testing.T) {
	index := testenv.Shared(t, "peer-tests", "metamath", "index.tsv")
	base := filepath.Dir(index)
	f, err := os.Open(index)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	rows := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") || strings.TrimSpace(text) == "" {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) < 2 {
			t.Fatalf("index.tsv:%d: too few columns", line)
		}
		file, want := cols[0], cols[1]
		if want != "accept" && want != "reject" {
			t.Fatalf("index.tsv:%d: expected %q", line, want)
		}
		rows++
		path := file
		if !filepath.IsAbs(path) {
			path = filepath.Join(base, file)
		}
		t.Run(file, func(t *testing.T) {
			testenv.Tool(t, path, "a conformance file of ../shared/peer-tests/metamath, or apt-get install metamath-databases")
			info, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if testing.Short() && info.Size() > 10<<20 {
				t.Skip("large database skipped with -short")
			}
			var res *Result
			if path == filepath.Join(debianDir, "set.mm") {
				_, res = loadSetMM(t)
			} else {
				t.Chdir(filepath.Dir(path))
				res = VerifyFile(filepath.Base(path), Options{})
			}
			got := "accept"
			if len(res.Errors) > 0 {
				got = "reject"
			}
			if got != want {
				t.Fatalf("%s: got %s, want %s; errors: %v", file, got, want, res.Errors)
			}
			if want == "accept" && res.Verified+len(res.Incomplete) != res.Theorems {
				t.Fatalf("%s: %d verified + %d incomplete of %d theorems", file, res.Verified, len(res.Incomplete), res.Theorems)
			}
		})
	}
	if rows == 0 {
		t.Fatal("index.tsv has no rows")
	}
}

// TestDebianDatabases verifies the databases of Debian's metamath-databases
// package (installed by the CI script; skipped when absent).
func TestDebianDatabases(t *testing.T) {
	for _, name := range []string{"set.mm", "iset.mm", "nf.mm", "ql.mm", "hol.mm", "miu.mm", "big-unifier.mm", "demo0.mm", "peano.mm"} {
		t.Run(name, func(t *testing.T) {
			path := testenv.Tool(t, filepath.Join(debianDir, name), "apt-get install metamath-databases")
			if testing.Short() && name == "set.mm" {
				t.Skip("set.mm skipped with -short")
			}
			var res *Result
			if name == "set.mm" {
				_, res = loadSetMM(t)
			} else {
				res = VerifyFile(path, Options{})
			}
			if !res.OK() {
				t.Fatalf("errors %v, incomplete %v", firstErrors(res.Errors), res.Incomplete)
			}
			if res.Verified != res.Theorems {
				t.Fatalf("verified %d of %d", res.Verified, res.Theorems)
			}
			if name == "set.mm" && res.Theorems != 37759 {
				t.Fatalf("set.mm has %d $p, want 37759 (Debian's set.mm of 28-Dec-2020)", res.Theorems)
			}
		})
	}
}

func firstErrors(errs []Error) []Error {
	if len(errs) > 5 {
		return errs[:5]
	}
	return errs
}

var setMM struct {
	once sync.Once
	s    *Session
	res  *Result
}

// loadSetMM reads and verifies Debian's set.mm once for all tests.
func loadSetMM(t *testing.T) (*Session, *Result) {
	t.Helper()
	path := testenv.Tool(t, filepath.Join(debianDir, "set.mm"), "apt-get install metamath-databases")
	setMM.once.Do(func() { setMM.s, setMM.res = Load(path, Options{}) })
	return setMM.s, setMM.res
}
