// Package texseg finds the math segments of a text written with LaTeX
// formulas: $...$, $$...$$, \(...\), \[...\] and display environments
// (\begin{align*} ... \end{align*}). It is the one splitter shared by the
// grader (package answer, which takes the final answer from these segments)
// and the viewer (package mathml, which renders them), so that the viewer
// highlights exactly the math the grader read.
//
// It is a thin layer over package texscan, which owns the rules (see
// texscan.SegmentAt): an escaped dollar or any other escaped character
// never opens or closes a formula, and an opening delimiter with no
// closing one is text, so a stray "$5" never swallows the rest of a reply.
// Every function runs in time linear in the text.
package texseg

import "github.com/matheval/matheval/texscan"

// Seg is one math segment of a text s: s[Start:End] with its delimiters,
// s[CS:CE] the formula (the whole environment for a display environment).
type Seg = texscan.Seg

// At reads a math segment that opens at s[i]. It reports false when no
// delimiter opens there or the delimiter is never closed.
func At(s string, i int) (Seg, bool) { return texscan.SegmentAt(s, i) }

// Next returns the first math segment of s that opens at or after i.
// Escaped dollars (\$) and unclosed delimiters are skipped as text.
func Next(s string, i int) (Seg, bool) { return texscan.NextSegment(s, i) }

// All returns every math segment of s in order.
func All(s string) []Seg { return texscan.Segments(s) }
