package jsonl

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNextLinesAndEndings(t *testing.T) {
	r := NewReader(strings.NewReader("a\r\n\nbb\nlast"), "f")
	var got []string
	for {
		b, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(b))
	}
	want := []string{"a", "", "bb", "last"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("lines %q, want %q", got, want)
	}
	if r.Line() != 4 {
		t.Fatalf("Line() = %d, want 4", r.Line())
	}
}

// A line over the limit is an error for that line only; the next line is
// read normally and keeps its number.
func TestTooLongLineSkipped(t *testing.T) {
	long := strings.Repeat("x", 200<<10)    // several bufio buffers
	in := "ok1\n" + long + "\nok3\n" + long // the last one without '\n'
	r := NewReader(strings.NewReader(in), "in.jsonl")
	r.SetLimit(100 << 10)
	type res struct {
		s   string
		err error
	}
	var got []res
	for {
		b, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		got = append(got, res{string(b), err})
	}
	if len(got) != 4 {
		t.Fatalf("%d results, want 4", len(got))
	}
	if got[0].s != "ok1" || got[2].s != "ok3" || got[0].err != nil || got[2].err != nil {
		t.Fatalf("good lines: %+v %+v", got[0], got[2])
	}
	for _, i := range []int{1, 3} {
		var je *Error
		if !errors.As(got[i].err, &je) || !errors.Is(got[i].err, ErrLineTooLong) || je.Line != i+1 {
			t.Fatalf("line %d: err %v, want line-too-long at line %d", i+1, got[i].err, i+1)
		}
		if !strings.HasPrefix(got[i].err.Error(), "in.jsonl:") {
			t.Fatalf("error %q does not name the file", got[i].err)
		}
	}
}

func TestReadFileErrorNamesFileAndLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.jsonl")
	if err := os.WriteFile(path, []byte("{\"a\":1}\n\n{\"a\":2}\n{\"a\":\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	type rec struct{ A int }
	got, err := ReadFile[rec](path)
	want := path + ":4:"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("err %v, want prefix %q", err, want)
	}
	if len(got) != 2 || got[1].A != 2 {
		t.Fatalf("records before the error: %+v", got)
	}
}

func TestEachCallbackError(t *testing.T) {
	err := Each(strings.NewReader("1\n2\n3\n"), "s", func(line int, v int) error {
		if v == 2 {
			return errors.New("two is bad")
		}
		return nil
	})
	if err == nil || err.Error() != "s:2: two is bad" {
		t.Fatalf("err %v", err)
	}
}

func FuzzNext(f *testing.F) {
	f.Add([]byte("a\nb\r\n\n"), 3)
	f.Add([]byte("xxxxxxxx\nyy"), 4)
	f.Fuzz(func(t *testing.T, data []byte, limit int) {
		r := NewReader(strings.NewReader(string(data)), "")
		r.SetLimit(limit%64 + 1)
		for i := 0; i <= len(data)+1; i++ {
			b, err := r.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			if err == nil && len(b) > r.limit+1 {
				t.Fatalf("line of %d bytes over limit %d", len(b), r.limit)
			}
		}
		t.Fatalf("reader did not reach EOF")
	})
}
