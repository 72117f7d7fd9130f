package answer

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

func TestDumpPeer(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip()
	}
	f, _ := os.Open("/work/shared/peer-tests/grader/cases.jsonl")
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var c peerCase
		json.Unmarshal(sc.Bytes(), &c)
		p := peerPolicy(c.ID)
		g, gk := ExtractAnswer(p, c.Gold)
		pr, pk := ExtractAnswer(p.extractionForP(g), c.Prediction)
		fmt.Printf("%s %d %s\n   G[%s] %s\n   P[%s] %s\n", c.ID, c.Expected, c.Category, gk, g, pk, pr)
	}
}

func (p Policy) extractionForP(g string) Policy { p.Extraction = p.extractionFor(g); return p }
