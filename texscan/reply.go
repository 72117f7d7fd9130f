package texscan

// AppendSegments appends every math segment of s, in order, to dst and
// returns the extended slice: Segments for a reader that knows about how
// many segments a text holds (package answer sizes dst from a count of the
// delimiters, so that a reply's segments cost one allocation, not one per
// doubling of a growing slice).
func AppendSegments(dst []Seg, s string) []Seg {
	absent := map[string]int{}
	for i := 0; i < len(s); {
		g, ok := nextSegment(s, i, absent)
		if !ok {
			break
		}
		dst = append(dst, g)
		i = g.End
	}
	return dst
}
