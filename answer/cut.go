package answer

import (
	"strings"
)

// ltPositions lists where '<' occurs in s: tags and tokens start with it,
// and it is rare in prose, so the tag searches look only there.
func ltPositions(s string) []int {
	var out []int
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			break
		}
		out = append(out, i+j)
		i += j + 1
	}
	return out
}

// lastTag returns the start of the last tag that lies within s[from:to],
// or -1; lts lists the '<' positions of s.
func lastTag(s string, lts []int, from, to int, tag string) int {
	if tag == "" || tag[0] != '<' {
		if i := strings.LastIndex(s[from:to], tag); i >= 0 {
			return from + i
		}
		return -1
	}
	for k := len(lts) - 1; k >= 0; k-- {
		p := lts[k]
		if p < from {
			break
		}
		if p+len(tag) <= to && s[p:p+len(tag)] == tag {
			return p
		}
	}
	return -1
}

// firstTag returns the start of the first tag within s[from:to], or -1.
func firstTag(s string, lts []int, from, to int, tag string) int {
	if tag == "" || tag[0] != '<' {
		if i := strings.Index(s[from:to], tag); i >= 0 {
			return from + i
		}
		return -1
	}
	for _, p := range lts {
		if p < from {
			continue
		}
		if p+len(tag) > to {
			break
		}
		if s[p:p+len(tag)] == tag {
			return p
		}
	}
	return -1
}

// firstToken returns the first of tokens in s[from:to], and its position.
func firstToken(s string, from, to int, tokens []string) (int, string) {
	if from >= to {
		return -1, ""
	}
	best, what := -1, ""
	var other []string
	for _, t := range tokens {
		if t == "" {
			continue
		}
		if t[0] != '<' {
			other = append(other, t)
		}
	}
	for i := from; i < to; {
		j := strings.IndexByte(s[i:to], '<')
		if j < 0 {
			break
		}
		p := i + j
		for _, t := range tokens {
			if t != "" && t[0] == '<' && p+len(t) <= to && s[p:p+len(t)] == t {
				best, what = p, t
				break
			}
		}
		if best >= 0 {
			break
		}
		i = p + 1
	}
	for _, t := range other {
		lim := to
		if best >= 0 {
			lim = best
		}
		if k := strings.Index(s[from:lim], t); k >= 0 {
			best, what = from+k, t
		}
	}
	return best, what
}

// firstLineMarker returns the first line in s[from:to] that opens with one
// of markers (after spaces, '#' or '*'), and the marker.
func firstLineMarker(s string, from, to int, markers []string) (int, string) {
	if len(markers) == 0 || from >= to {
		return -1, ""
	}
	for ls := lineStartAtOrAfter(s, from); ls < to; {
		p := ls
		for p < to && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r' || s[p] == '*' || s[p] == '#') {
			p++
		}
		for _, m := range markers {
			if p+len(m) <= to && s[p:p+len(m)] == m {
				// "### Problem" markers begin with '#': try from the line start too.
				return p, m
			}
			if m[0] == '#' && ls+len(m) <= to && s[ls:ls+len(m)] == m {
				return ls, m
			}
		}
		nl := strings.IndexByte(s[ls:to], '\n')
		if nl < 0 {
			break
		}
		ls += nl + 1
	}
	return -1, ""
}

func lineStartAtOrAfter(s string, i int) int {
	if i == 0 || s[i-1] == '\n' {
		return i
	}
	nl := strings.IndexByte(s[i:], '\n')
	if nl < 0 {
		return len(s)
	}
	return i + nl + 1
}
