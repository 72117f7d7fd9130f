package answer

import (
	"strings"

	"github.com/matheval/matheval/texseg"
)

// lastMath returns the content of the last non-empty math segment of body
// (segments as package texseg finds them, the same the viewer renders); a
// run of segments joined by "and"/"or"/commas ("$1$, $2$ and $3$") is one
// list.
func lastMath(body string, base int) (Candidate, bool) {
	var segs []texseg.Seg
	for _, g := range texseg.All(body) {
		if g.CS, g.CE = trimSpan(body, g.CS, g.CE); g.CS < g.CE {
			segs = append(segs, g)
		}
	}
	if len(segs) == 0 {
		return Candidate{}, false
	}
	k := len(segs) - 1
	last := segs[k]
	first := k
	// Walk back over the run that ends with the last segment.
	for first > 0 && k-first < 50 && listGap(body[segs[first-1].End:segs[first].Start]) {
		first--
	}
	if first == k {
		return Candidate{Text: body[last.CS:last.CE], Kind: KindMath, Pos: base + last.CS, End: base + last.CE}, true
	}
	parts := make([]string, 0, k-first+1)
	for _, g := range segs[first : k+1] {
		parts = append(parts, body[g.CS:g.CE])
	}
	return Candidate{Text: strings.Join(parts, ", "), Kind: KindMath, Pos: base + segs[first].CS, End: base + last.CE}, true
}
