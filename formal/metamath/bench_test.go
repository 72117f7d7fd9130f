package metamath

import (
	"os"
	"testing"
)

func benchSetMM(b *testing.B, opt Options) {
	path := debianDir + "/set.mm"
	if _, err := os.Stat(path); err != nil {
		b.Skip("set.mm absent")
	}
	for b.Loop() {
		r := VerifyFile(path, opt)
		if len(r.Errors) > 0 {
			b.Fatal(r.Errors[0])
		}
	}
}

// BenchmarkSetMM verifies all of Debian's set.mm with every CPU.
func BenchmarkSetMM(b *testing.B) { benchSetMM(b, Options{}) }

// BenchmarkSetMMSequential reads, then verifies, in one goroutine.
func BenchmarkSetMMSequential(b *testing.B) { benchSetMM(b, Options{Jobs: 1}) }

// BenchmarkSetMMReadOnly reads set.mm without verifying proofs.
func BenchmarkSetMMReadOnly(b *testing.B) { benchSetMM(b, Options{SkipProofs: true}) }
