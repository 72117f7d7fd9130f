package answer

import "testing"

func TestParseClock(t *testing.T) {
	for _, c := range []struct {
		in             string
		ok             bool
		minutes, half  int
		digits         int
		seconds, valid bool
		rest           string
	}{
		{"3:30 p.m.", true, 15*60 + 30, 2, 2, false, true, ""},
		{" 12:05 AM on 24 December", true, 5, 1, 2, false, true, "on 24 December"},
		{"9:03:36 a. m.", true, 9*60 + 3, 1, 2, true, true, ""},
		{"3:4", true, 3*60 + 4, 0, 1, false, true, ""},
		{"23:45", true, 23*60 + 45, 0, 2, false, true, ""},
		{"13:30 pm", true, 13*60 + 30, 2, 2, false, false, ""},
		{"7:30 amount", true, 7*60 + 30, 0, 2, false, true, "amount"},
		{"123:4", false, 0, 0, 0, false, false, ""},
		{"ratio 3:4", false, 0, 0, 0, false, false, ""},
	} {
		k, ok := ParseClock(c.in)
		if ok != c.ok {
			t.Errorf("ParseClock(%q) ok = %v", c.in, ok)
			continue
		}
		if !ok {
			continue
		}
		if k.Minutes() != c.minutes || k.Half != c.half || k.MinuteDigits != c.digits || k.Seconds != c.seconds || k.Valid() != c.valid || k.Rest != c.rest {
			t.Errorf("ParseClock(%q) = %+v (minutes %d, valid %v)", c.in, k, k.Minutes(), k.Valid())
		}
	}
	if k, ok := FindClock("from 9:15 am to 11:40 pm"); !ok || k.Minutes() != 23*60+40 {
		t.Errorf("FindClock: %+v %v", k, ok)
	}
}
