package run

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestJournalTornAndMalformedLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.jsonl")
	content := `{"key":"a","id":"x","sample":0,"reply":"one"}` + "\n" +
		`not json at all` + "\n" +
		`{"key":"b","id":"y","sample":0,"reply":"two"}` + "\n" +
		`{"key":"c","id":"z","sam`
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	es, warns, err := loadJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[0].Key != "a" || es[1].Reply != "two" {
		t.Fatalf("entries %+v", es)
	}
	if len(warns) != 2 || !strings.Contains(warns[0], "cut short") || !strings.Contains(warns[1], ":2:") {
		t.Fatalf("warnings %q", warns)
	}
	// The torn line is gone, so an append starts on a line of its own.
	j, err := openJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.append(&entry{Key: "d", ID: "w", Reply: "four"}); err != nil {
		t.Fatal(err)
	}
	if err := j.close(); err != nil {
		t.Fatal(err)
	}
	es, warns, err = loadJournal(path)
	if err != nil || len(es) != 3 || es[2].Key != "d" || len(warns) != 1 {
		t.Fatalf("after append: %+v %q %v", es, warns, err)
	}
	if err := j.append(&entry{Key: "e"}); err == nil {
		t.Fatal("append after close succeeded")
	}
}
