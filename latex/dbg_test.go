package latex

import (
	"bufio"
	"os"
	"testing"
)

func TestDbg(t *testing.T) {
	f, err := os.Open("/tmp/dbg/in.txt")
	if err != nil {
		t.Skip()
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		n, err := Parse(sc.Text())
		if err != nil {
			t.Logf("%-40s ERR %v", sc.Text(), err)
			continue
		}
		t.Logf("%-40s => %s   [%T]", sc.Text(), n, n)
	}
}
