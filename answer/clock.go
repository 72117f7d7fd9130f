package answer

import "strings"

// Clock is a time of day as written in a text: h:mm or h:mm:ss, with an
// optional a.m. or p.m. It is the one clock-time reader of matheval: the
// ASDiv policy, and bench/asdiv's gold answers and formula check, read
// times through it.
type Clock struct {
	H, M, S int
	// Seconds is set for h:mm:ss.
	Seconds bool
	// Half is 0 with no a.m./p.m., 1 for a.m., 2 for p.m.
	Half int
	// MinuteDigits is the number of digits of the minutes as written (1 in
	// the ratio "3:4", 2 in "3:04").
	MinuteDigits int
	// Rest is what follows the time, trimmed (" on 24 December").
	Rest string
	// End is where h:mm[:ss] ends in the text (before a.m./p.m.).
	End int
}

// Hour24 is the hour on the 24-hour clock (3 p.m. is 15, 12 a.m. is 0); a
// time without a.m./p.m. keeps its hour.
func (c Clock) Hour24() int { return hour24(c.H, c.Half) }

// Minutes is the time in minutes after midnight (seconds dropped).
func (c Clock) Minutes() int { return c.Hour24()*60 + c.M }

// Valid reports whether the reading is a time of day: minutes and seconds
// under 60, hours under 24 (1 to 12 with a.m./p.m.).
func (c Clock) Valid() bool {
	if c.M > 59 || c.S > 59 {
		return false
	}
	if c.Half != 0 {
		return c.H >= 1 && c.H <= 12
	}
	return c.H <= 23
}

func hour24(h, half int) int {
	switch half {
	case 1:
		if h == 12 {
			return 0
		}
	case 2:
		if h < 12 {
			return h + 12
		}
	}
	return h
}

// ParseClock reads a time at the start of s (after spaces): "h:mm[:ss]
// [a.m.|p.m.]" followed by anything, which goes to Rest. "am", "a.m",
// "a. m." and upper case are read too.
func ParseClock(s string) (Clock, bool) {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i == 0 || i > 2 || i >= len(s) || s[i] != ':' {
		return Clock{}, false
	}
	return clockAt(s, 0)
}

// allClocks returns every time written in s with the offset where each
// starts, in order.
func allClocks(s string) (out []Clock, starts []int) {
	for i := 0; i < len(s); i++ {
		if isDigit(s[i]) && (i == 0 || !isDigit(s[i-1])) {
			if c, ok := clockAt(s, i); ok {
				out, starts = append(out, c), append(starts, i)
				i = c.End - 1
			}
		}
	}
	return out, starts
}

// FindClock returns the last time written in s.
func FindClock(s string) (Clock, bool) {
	cs, _ := allClocks(s)
	if len(cs) == 0 {
		return Clock{}, false
	}
	return cs[len(cs)-1], true
}

// clockAt reads a time starting at s[i].
func clockAt(s string, i int) (Clock, bool) {
	var c Clock
	j := i
	for j < len(s) && isDigit(s[j]) && j-i < 3 {
		c.H = c.H*10 + int(s[j]-'0')
		j++
	}
	if j == i || j-i > 2 || j >= len(s) || s[j] != ':' {
		return Clock{}, false
	}
	j++
	k := j
	for k < len(s) && isDigit(s[k]) && k-j < 3 {
		c.M = c.M*10 + int(s[k]-'0')
		k++
	}
	if k == j || k-j > 2 || (k < len(s) && isDigit(s[k])) {
		return Clock{}, false
	}
	c.MinuteDigits = k - j
	if k+2 < len(s) && s[k] == ':' && isDigit(s[k+1]) && isDigit(s[k+2]) && (k+3 == len(s) || !isDigit(s[k+3])) {
		c.S = int(s[k+1]-'0')*10 + int(s[k+2]-'0')
		c.Seconds = true
		k += 3
	}
	c.End = k
	rest := strings.TrimLeft(s[k:], " ")
	if n, half := dayHalf(rest); n > 0 {
		c.Half = half
		rest = rest[n:]
	}
	c.Rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "."))
	return c, true
}

// dayHalf reads "a.m."/"p.m." (also "am", "a.m", "a. m.", any case) at the
// start of s: its length and 1 for a.m., 2 for p.m.; 0 when there is none.
func dayHalf(s string) (int, int) {
	if len(s) < 2 {
		return 0, 0
	}
	half := 0
	switch s[0] {
	case 'a', 'A':
		half = 1
	case 'p', 'P':
		half = 2
	default:
		return 0, 0
	}
	k := 1
	if k < len(s) && s[k] == '.' {
		k++
		for k < len(s) && s[k] == ' ' {
			k++
		}
	}
	if k >= len(s) || (s[k] != 'm' && s[k] != 'M') {
		return 0, 0
	}
	k++
	if k < len(s) && s[k] == '.' {
		k++
	} else if k < len(s) && isLetter(s[k]) {
		return 0, 0 // "amount", "pmf"
	}
	return k, half
}
