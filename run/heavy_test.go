package run_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/run"
)

// The measurement of issue 30 row 3: peak RSS of a run at concurrency 64
// against a server sending 60 MB bodies. It sends 128 x 60 MB over
// loopback, so it runs only when asked:
//
//	MATHEVAL_HEAVY=1 go test ./run/ -run TestPeakRSSHugeBodies -v
//
// The server is this test binary started again (TestHugeBodyServer), so
// that its own memory is not counted in the run's.

const hugeBody = 60 << 20

// TestHugeBodyServer is the server process of TestPeakRSSHugeBodies; it
// does nothing in a normal test run.
func TestHugeBodyServer(t *testing.T) {
	if os.Getenv("MATHEVAL_HUGE_SERVER") != "1" {
		return // not a test by itself: the helper process of TestPeakRSSHugeBodies
	}
	head := []byte(`{"id":"x","object":"chat.completion","model":"fake-model","choices":[{"index":0,"message":{"role":"assistant","content":"The answer is 1."},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":5}}`)
	body := append(head, bytes.Repeat([]byte(" "), hugeBody-len(head))...)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(ln.Addr().String())
	http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/models") {
			w.Write([]byte(`{"object":"list","data":[{"id":"fake-model","object":"model"}]}`))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	}))
}

func TestPeakRSSHugeBodies(t *testing.T) {
	if os.Getenv("MATHEVAL_HEAVY") != "1" {
		t.Skip("heavy measurement (128 x 60 MB over loopback): run with MATHEVAL_HEAVY=1")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHugeBodyServer$")
	cmd.Env = append(os.Environ(), "MATHEVAL_HUGE_SERVER=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	b := &fakeBench{n: 128}
	be, err := model.New("openai:fake-model", model.Options{BaseURLs: []string{"http://" + strings.TrimSpace(addr) + "/v1"}, Concurrency: 64})
	if err != nil {
		t.Fatal(err)
	}
	cfg := config(b, be, t.TempDir(), 1)
	cfg.Concurrency, cfg.Timeout = 64, 10*time.Minute
	t0 := time.Now()
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed != 0 || rep.Results.Samples != 128 {
		t.Fatalf("%d failed, %d samples", rep.Failed, rep.Results.Samples)
	}
	status, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(status), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			t.Logf("128 bodies of 60 MB at concurrency 64 in %v: peak RSS %s (body budget %d MiB)", time.Since(t0).Round(time.Second), strings.TrimSpace(l[6:]), model.DefaultBodyBudget>>20)
		}
	}
}
