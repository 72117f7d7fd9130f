package model

import (
	"context"
	"strings"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/model/fakeserver"
)

func budgetClient(t *testing.T, srv *fakeserver.Server, o Options) *openAI {
	t.Helper()
	o.BaseURLs = []string{srv.BaseURL()}
	o.Transport = srv.Transport()
	b, err := New("openai:fake-model", o)
	if err != nil {
		t.Fatal(err)
	}
	return b.(*openAI)
}

func budgetReq(i int) Request {
	text := "Problem " + strings.Repeat("x", i%7)
	return Request{Item: bench.Item{ID: "x"}, Prompt: bench.Prompt{Messages: []bench.Message{{Role: "user", Content: text}}, Text: text}, N: 1, Sample: i}
}

// TestBodyBudget (issue 30, row 3): 16 requests at once for 2 MiB bodies,
// of known length and chunked, under an 8 MiB budget: every one is read
// whole, and never more than the budget is reserved at once (it was
// 16 x 2 MiB and more before).
func TestBodyBudget(t *testing.T) {
	for _, chunked := range []bool{false, true} {
		synctest.Test(t, func(t *testing.T) {
			srv := fakeserver.NewPipe()
			defer srv.Close()
			srv.Pad, srv.Chunked = 2<<20, chunked
			const budget = 8 << 20
			c := budgetClient(t, srv, Options{Concurrency: 16, BodyBudget: budget})
			var wg sync.WaitGroup
			errs := make([]error, 16)
			for i := range 16 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					resp, err := c.Do(context.Background(), 0, budgetReq(i))
					if err == nil && (len(resp.Choices) != 1 || resp.Choices[0].Reply == "") {
						err = &Error{Msg: "no reply"}
					}
					errs[i] = err
				}()
			}
			wg.Wait()
			for i, err := range errs {
				if err != nil {
					t.Errorf("chunked %v, request %d: %v", chunked, i, err)
				}
			}
			if c.budget.peak > budget || c.budget.peak < 2<<20 || c.budget.used != 0 {
				t.Errorf("chunked %v: peak %d of a %d budget, %d left reserved", chunked, c.budget.peak, budget, c.budget.used)
			}
			t.Logf("chunked %v: peak reservation %.1f MiB", chunked, float64(c.budget.peak)/(1<<20))
		})
	}
}

// TestEndlessStream (issue 30, row 3): a stream that never ends is cut at
// the token limit, kept as a reply cut at its limit (finish_reason length,
// graded incomplete), within its memory reservation.
func TestEndlessStream(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := fakeserver.NewPipe()
		defer srv.Close()
		srv.Fault = func(int64, *fakeserver.Request) fakeserver.Fault { return fakeserver.StreamEndless }
		c := budgetClient(t, srv, Options{Concurrency: 1, Stream: true, Params: Params{MaxTokens: 1000}, BodyBudget: 64 << 20})
		resp, err := c.Do(context.Background(), 0, budgetReq(1))
		if err != nil {
			t.Fatal(err)
		}
		ch := resp.Choices[0]
		if n := strings.Count(ch.Reply, "la "); ch.FinishReason != "length" || n < 1000 || n > 1000+streamSlack {
			t.Fatalf("finish %q, %d deltas", ch.FinishReason, n)
		}
		if c.budget.used != 0 || c.budget.peak > 4<<20 {
			t.Errorf("reserved %d at the peak, %d left", c.budget.peak, c.budget.used)
		}
	})
}
