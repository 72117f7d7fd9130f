package run_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/run"
	"github.com/matheval/matheval/rundir"
)

const (
	killItems   = 300
	killSamples = 2
	killConc    = 4
	killSeed    = 100
)

// TestKillChild is the child process of TestKillResume: it runs the runner
// against the parent's fake server until it is killed. It does nothing in a
// normal test run.
func TestKillChild(t *testing.T) {
	url, dir := os.Getenv("MATHEVAL_KILL_URL"), os.Getenv("MATHEVAL_KILL_DIR")
	if url == "" || dir == "" {
		t.Skip("child process of TestKillResume only")
	}
	b := &fakeBench{n: killItems}
	seed := int64(killSeed)
	be, err := model.New("openai:fake-model", model.Options{BaseURLs: []string{url}, Concurrency: killConc, Params: model.Params{Seed: &seed}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := config(b, be, dir, killSamples)
	cfg.Concurrency = killConc
	if _, err := run.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
}

// journaledKeys reads the fake server's keys of the samples journaled in dir.
func journaledKeys(t *testing.T, dir string) map[string]bool {
	t.Helper()
	keys := map[string]bool{}
	b, err := os.ReadFile(filepath.Join(dir, rundir.JournalFile))
	if os.IsNotExist(err) {
		return keys
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range bytes.Split(b, []byte("\n")) {
		var e struct {
			ID     string `json:"id"`
			Sample int    `json:"sample"`
		}
		if json.Unmarshal(l, &e) != nil || e.ID == "" {
			continue // a torn last line
		}
		n, _ := strconv.Atoi(e.ID[len("fake/"):])
		keys["Problem "+strconv.Itoa(n)+"#"+strconv.Itoa(killSeed+e.Sample)] = true
	}
	return keys
}

// TestKillResume kills a run (the whole process, SIGKILL) at random
// moments several times and resumes it; the resumed run's results must
// equal an uninterrupted run's, and no request whose reply was journaled
// may be sent again.
func TestKillResume(t *testing.T) {
	if testing.Short() {
		t.Skip("re-executes the test binary")
	}
	srv := fakeserver.New()
	defer srv.Close()
	srv.Record = true
	srv.Latency = 5 * time.Millisecond // 600 requests, 4 in flight: about 0.75 s of work for 5 kills
	dir := t.TempDir()
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewPCG(uint64(seed), 1))
	t.Logf("kill moments seed %d", seed)

	journaledBefore := []map[string]bool{{}} // journaledBefore[r]: journaled when round r started
	kills := 0
	for round := 1; round <= 6; round++ {
		srv.Round.Store(int64(round))
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "MATHEVAL_KILL_URL="+srv.BaseURL(), "MATHEVAL_KILL_DIR="+dir)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		last := round == 6
		if !last {
			// Kill once the child has made some requests, at a random moment.
			wait := time.Duration(20+rng.IntN(130)) * time.Millisecond
			start := srv.Requests()
			deadline := time.Now().Add(5 * time.Second)
			for srv.Requests() == start && time.Now().Before(deadline) {
				time.Sleep(time.Millisecond)
			}
			select {
			case err := <-done:
				t.Logf("round %d: child finished before the kill (%v)", round, err)
				last = true
			case <-time.After(wait):
				cmd.Process.Signal(syscall.SIGKILL)
				<-done
				kills++
			}
		} else if err := <-done; err != nil {
			t.Fatalf("final round: %v\n%s", err, out.String())
		}
		journaledBefore = append(journaledBefore, journaledKeys(t, dir))
		if last {
			break
		}
	}
	if kills < 3 {
		t.Fatalf("only %d kills landed", kills)
	}
	t.Logf("%d kills, %d requests for %d samples", kills, srv.Requests(), killItems*killSamples)

	// No journaled request was sent again.
	for _, l := range srv.Log() {
		if journaledBefore[l.Round-1][l.Key] {
			t.Errorf("round %d sent %s again, journaled before", l.Round, l.Key)
		}
	}
	// At most the requests in flight at each kill are lost.
	if extra := srv.Requests() - killItems*killSamples; extra > int64(kills*killConc) {
		t.Errorf("%d requests sent again, more than %d kills x %d in flight", extra, kills, killConc)
	}

	// Same results as an uninterrupted run.
	ref := fakeserver.New()
	defer ref.Close()
	refDir := t.TempDir()
	b := &fakeBench{n: killItems}
	cfg := config(b, backend(t, "openai:fake-model", ref, b, killConc), refDir, killSamples)
	if _, err := run.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	got, want := checkCounts(t, dir, killItems, killSamples), checkCounts(t, refDir, killItems, killSamples)
	for i := range want {
		g, w := got[i], want[i]
		if g.Item.ID != w.Item.ID || g.Index != w.Index || g.Reply != w.Reply || g.Verdict.Kind != w.Verdict.Kind || g.Usage != w.Usage {
			t.Fatalf("sample %d differs: got %s/%d %q %s, want %s/%d %q %s", i, g.Item.ID, g.Index, g.Reply, g.Verdict.Kind, w.Item.ID, w.Index, w.Reply, w.Verdict.Kind)
		}
	}
	gr, _ := rundir.ReadResults(dir)
	wr, _ := rundir.ReadResults(refDir)
	gr.Model, wr.Model = "", ""
	gj, _ := json.Marshal(gr)
	wj, _ := json.Marshal(wr)
	if !bytes.Equal(gj, wj) {
		t.Fatalf("results differ:\n%s\n%s", gj, wj)
	}
}
