package minif2f

import (
	"regexp"
	"strings"
)

// The tracks of the benchmark.
const (
	TrackMetamath = "metamath"
	TrackLean     = "lean"
	TrackHOL      = "hollight"
)

// Tracks lists the tracks.
var Tracks = []string{TrackMetamath, TrackLean, TrackHOL}

// fenceRE finds fenced code blocks: ```lang ... ```.
var fenceRE = regexp.MustCompile("(?s)```[ \t]*([A-Za-z0-9_+.-]*)[^\n]*\n(.*?)```")

// fenceTags are the language tags that mark a block as the track's.
var fenceTags = map[string][]string{
	TrackMetamath: {"metamath", "mm"},
	TrackLean:     {"lean", "lean4"},
	TrackHOL:      {"ocaml", "ml", "hol", "hollight", "hol-light", "hol_light"},
}

// maxProofBytes bounds the proof text taken from a reply.
const maxProofBytes = 1 << 20

// ExtractProof finds the proof in a model's reply: the last fenced block
// tagged with the track's language (```metamath, ```lean, ```ocaml ...),
// else the last untagged block, else the reply itself. For Metamath the
// text must hold a proof ("$="); bare text is cut to the theorem block or
// the "$= ... $." proof it holds. It returns "" when there is no proof.
func ExtractProof(track, reply string) string {
	if len(reply) > 4*maxProofBytes {
		reply = reply[:4*maxProofBytes]
	}
	var tagged, untagged []string
	for _, m := range fenceRE.FindAllStringSubmatch(reply, -1) {
		tag, body := strings.ToLower(m[1]), strings.TrimSpace(m[2])
		if body == "" || track == TrackMetamath && !strings.Contains(body, "$=") {
			continue
		}
		if tag == "" {
			untagged = append(untagged, body)
			continue
		}
		for _, t := range fenceTags[track] {
			if tag == t {
				tagged = append(tagged, body)
			}
		}
	}
	var out string
	switch {
	case len(tagged) > 0:
		out = tagged[len(tagged)-1]
	case len(untagged) > 0:
		out = untagged[len(untagged)-1]
	case strings.Contains(reply, "```"):
		return "" // blocks, but none of this track
	case track == TrackMetamath:
		out = bareMetamath(reply)
	default:
		out = strings.TrimSpace(reply)
	}
	if len(out) > maxProofBytes {
		return ""
	}
	return out
}

// bareMetamath cuts a Metamath proof out of unfenced text: from the "${"
// opening the theorem block (or the label of the first $p) to the last
// "$}" or "$." of the text; or just the "$= ... $." proof.
func bareMetamath(text string) string {
	eq := strings.Index(text, "$=")
	if eq < 0 {
		return ""
	}
	p := strings.Index(text, "$p")
	if p < 0 || p > eq {
		end := strings.Index(text[eq:], "$.")
		if end < 0 {
			return ""
		}
		return strings.TrimSpace(text[eq : eq+end+2])
	}
	start := strings.Index(text, "${")
	if start < 0 || start > p {
		// The label before the first $p.
		fields := strings.Fields(text[:p])
		if len(fields) == 0 {
			return ""
		}
		start = strings.LastIndex(text[:p], fields[len(fields)-1])
	}
	end := max(strings.LastIndex(text, "$}"), strings.LastIndex(text, "$."))
	if end < p {
		return ""
	}
	return strings.TrimSpace(text[start : end+2])
}

// metamathCandidate turns an extracted proof into Metamath text for
// Checker.Check: a text with its own $p is used as it is (the checker
// compares its statement with the official one); a bare "$= ... $." proof
// is put in place of the "?" of the official statement.
func metamathCandidate(statement, proof string) string {
	if strings.Contains(proof, "$p") {
		return proof
	}
	body := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(proof), "$="))
	body = strings.TrimSpace(strings.TrimSuffix(body, "$."))
	eq := strings.Index(statement, "$=")
	if eq < 0 {
		return proof
	}
	end := strings.Index(statement[eq:], "$.")
	if end < 0 {
		return proof
	}
	return statement[:eq] + "$=\n  " + body + "\n  " + statement[eq+end:]
}
