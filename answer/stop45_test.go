package answer

import "testing"

// TestUnknownUnitKept (stop 45, probe 21): a unit the table does not read,
// written right after the value at a sentence's end, is the answer's unit
// by its text. It was dropped, and the gold's unit against a bare
// candidate was accepted: 7.2 Nm was the gold 7.2 nm, 7 pc the gold 7 m.
// Ordinal suffixes and abbreviations that go on ("sq. ft.") are no unit
// of their own.
func TestUnknownUnitKept(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`7.2\text{ nm}`, `7.2 Nm`, false},
		{`7\text{ m}`, `7 ly`, false},
		{`7\text{ m}`, `$7$ pc`, false},
		{`7\text{ m}`, `So the distance is 7 pc.`, false},
		{`15\text{ Pa}`, `$15$ Torr`, false},
		{`1\text{ GB}`, `1 Gb`, false},
		{`4\text{ kB}`, `4 kb`, false},
		{`6\text{ A}`, `6 mAh`, false},
		{`18\text{ cm}`, `18 dam`, false},
		{`3\text{ kg}`, `3 kt`, false},
		{`1\text{ GB}`, `1 GB`, true},
		{`7\text{ m}`, `So the distance is 7 meters.`, true},
		{`15`, `15 apples`, true},
		{"3", "He finished 3rd.", true},
		{"100", "It is the 100th.", true},
		{"1800", "The area of the garden is 1800 sq. ft.", true},
		// the length of a spacing command is no value
		{"6", `\kern 6 pt`, false},
		{"6", `\hspace{6pt}`, false},
	})
}

// TestListItemsKeepUnits (stop 45, probe 21): a list whose items carry
// units is compared item by item, value and unit together. The units were
// taken off first and the values compared as a set, so "2 mg; 1 lb" was
// the gold "1 mg; 2 lb" and "\$5; 3\%" the gold "\$3; 5\%".
func TestListItemsKeepUnits(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`1\text{ mg}; 2\text{ lb}`, `2 mg; 1 lb`, false},
		{`1\text{ mg}; 2\text{ lb}`, `1 mg; 2 lb`, true},
		{`\$3; 5\%`, `\$5; 3\%`, false},
		{`\$3; 5\%`, `\$5, 3\%`, false},
		{`\$3; 5\%`, `\$3, 5\%`, true},
		{`$3630 \mathrm{ft}^{2}, 522,720 \mathrm{in}^{2}$`, `522,720 ft^2, 3630 in^2`, false},
		{`$3630 \mathrm{ft}^{2}, 522,720 \mathrm{in}^{2}$`, `3630 ft^2, 522,720 in^2`, true},
		{`4\text{ cm}; 9\text{ cm}^2`, `9 cm; 4 cm^2`, false},
		{`1\text{ yd}, 3\text{ ft}`, `3 yd, 1 ft`, false},
		{`1\text{ yd}, 3\text{ ft}`, `1 yd, 3 ft`, true},
		{`\$40; 15\text{ hours}`, `\$15; 40 hours`, false},
		{`$30 \mathrm{mph}, 40 \mathrm{mph}$`, `30, 40`, true},
		{`3, 4`, `3\,\mathrm{cm}, 4\,\mathrm{cm}`, true},
		{`3, 4`, `3\mathrm{x}, 4`, false},
	})
}
