package rundir

import (
	"fmt"
	"strings"
)

// The runner records where a run stands in manifest.json's
// extra["status"]: StatusRunning while it runs, StatusComplete when every
// planned sample is in, or StatusStopped followed by the reason ("stopped:
// interrupted") when it stopped early. results.json's "stopped" says the same
// for the samples it summarises.
const (
	StatusKey      = "status"
	StatusRunning  = "running"
	StatusComplete = "complete"
	StatusStopped  = "stopped: "
)

// Status says how complete a run is: what readers (report, serve, compare)
// show at the top so that a partial run looks partial.
type Status struct {
	ItemsDone, ItemsPlanned     int
	SamplesDone, SamplesPlanned int
	// Why says why the run is partial ("interrupted", "max-cost reached",
	// "running, or killed"); "" for a complete run.
	Why string
}

// StatusOf works out a run's status from its manifest, its results (nil
// when results.json is missing) and its samples (nil when samples.jsonl is
// missing: the results' counts are used then).
func StatusOf(m Manifest, res *Results, samples []SampleRecord) Status {
	st := Status{ItemsPlanned: m.Items, SamplesPlanned: m.Items * max(m.Samples, 1)}
	if res != nil && res.Planned > 0 {
		st.SamplesPlanned = res.Planned
	}
	if samples != nil || res == nil {
		ids := map[string]bool{}
		for _, s := range samples {
			ids[s.Item.ID] = true
		}
		st.ItemsDone, st.SamplesDone = len(ids), len(samples)
	} else {
		st.ItemsDone, st.SamplesDone = res.Items, res.Samples
	}
	if st.ItemsPlanned == 0 { // an old manifest without counts: trust what is there
		st.ItemsPlanned, st.SamplesPlanned = st.ItemsDone, max(st.SamplesPlanned, st.SamplesDone)
	}
	status := m.Extra[StatusKey]
	switch {
	case status == StatusRunning:
		st.Why = "running, or killed before it finished"
	case res != nil && res.Stopped != "":
		st.Why = res.Stopped
	case strings.HasPrefix(status, StatusStopped):
		st.Why = strings.TrimPrefix(status, StatusStopped)
	}
	if st.Why == "" && (st.SamplesDone < st.SamplesPlanned || st.ItemsDone < st.ItemsPlanned) {
		st.Why = "incomplete"
	}
	return st
}

// Partial reports whether the run lacks some planned samples or stopped early.
func (s Status) Partial() bool { return s.Why != "" }

// String is the line shown at the top of a partial run: "104 of 300 items
// done (interrupted)"; with several samples per item the samples too.
func (s Status) String() string {
	line := fmt.Sprintf("%d of %d items done", s.ItemsDone, s.ItemsPlanned)
	if s.SamplesPlanned != s.ItemsPlanned {
		line += fmt.Sprintf(", %d of %d samples", s.SamplesDone, s.SamplesPlanned)
	}
	if s.Why != "" {
		line += " (" + s.Why + ")"
	}
	return line
}
