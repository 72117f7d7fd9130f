package run_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/run"
)

// BenchmarkRun20k runs 20,000 requests with 256 in flight against the fake
// server with zero latency, journal and grading included. Run by hand:
//
//	go test ./run -run '^$' -bench Run20k -benchtime 1x
//
// It reports requests per second and the peak resident memory of the whole
// test process (client and fake server together).
func BenchmarkRun20k(b *testing.B) {
	const n = 20000
	for range b.N {
		srv := fakeserver.New()
		fb := &fakeBench{n: n}
		cfg := config(fb, backend(b, "openai:fake-model", srv, fb, 256), b.TempDir(), 1)
		cfg.Concurrency = 256
		t0, c0 := time.Now(), testenv.CPUTime()
		rep, err := run.Run(context.Background(), cfg)
		el, cpu := time.Since(t0), testenv.CPUTime()-c0
		srv.Close()
		if err != nil {
			b.Fatal(err)
		}
		if rep.Results.Samples != n || srv.Requests() != n {
			b.Fatalf("%d samples, %d requests", rep.Results.Samples, srv.Requests())
		}
		b.ReportMetric(float64(n)/el.Seconds(), "req/s")
		// CPU time per request (client and fake server together) does not
		// depend on how busy the machine is: 2 cores / this = the rate on
		// two idle cores.
		b.ReportMetric(float64(cpu.Microseconds())/n, "cpu-µs/req")
	}
	b.ReportMetric(peakRSSMB(), "peakRSS-MB")
}

// peakRSSMB reads the process's peak resident set (VmHWM) on Linux.
func peakRSSMB() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			f := strings.Fields(l)
			kb, _ := strconv.Atoi(f[1])
			return float64(kb) / 1024
		}
	}
	return 0
}
