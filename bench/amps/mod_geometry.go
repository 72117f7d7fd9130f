package amps

import (
	"math"
	"strings"

	"github.com/matheval/matheval/cas"
)

func init() {
	for _, m := range []*Module{
		{Name: "triangle_area_heron", Area: "geometry", Steps: true, gen: genHeron,
			Description: "Area of a triangle from its three sides (Heron's formula), exactly",
			Extrapolate: "sides up to 40"},
		{Name: "triangle_inradius", Area: "geometry", Steps: true, gen: genInradius,
			Description: "Inradius of a triangle from its sides, exactly",
			Extrapolate: "sides up to 40"},
		{Name: "triangle_circumradius", Area: "geometry", Steps: true, gen: genCircumradius,
			Description: "Circumradius of a triangle from its sides, exactly",
			Extrapolate: "sides up to 40"},
		{Name: "triangle_area_coordinates", Area: "geometry", Steps: true, gen: genShoelace,
			Description: "Area of a triangle or polygon from the coordinates of its vertices (shoelace formula)",
			Extrapolate: "more vertices and larger coordinates"},
		{Name: "polygon_angle_sum", Area: "geometry", gen: genPolygonAngleSum,
			Description: "Sum of the interior angles of a polygon, in degrees",
			Extrapolate: "polygons with more sides"},
		{Name: "regular_polygon_angle", Area: "geometry", Steps: true, gen: genRegularAngle,
			Description: "Interior angle of a regular polygon, in degrees",
			Extrapolate: "polygons with more sides"},
		{Name: "polygon_sides_from_angle", Area: "geometry", gen: genSidesFromAngle,
			Description: "Number of sides of a regular polygon from its interior angle",
			Extrapolate: "polygons with more sides"},
		{Name: "polygon_diagonals", Area: "geometry", gen: genDiagonals,
			Description: "Number of diagonals of a convex polygon",
			Extrapolate: "polygons with more sides"},
		{Name: "polyhedron_diameter", Area: "geometry", Steps: true, gen: genPolyhedronDiameter,
			Description: "Diameter (largest distance between two vertices) of a polyhedron given by its vertices",
			Extrapolate: "more vertices and larger coordinates"},
		{Name: "distance_points", Area: "geometry", gen: genDistance,
			Description: "Distance between two points in the plane or in space, exactly",
			Extrapolate: "larger coordinates"},
		{Name: "law_of_cosines_angle", Area: "geometry", Steps: true, gen: genCosineAngle,
			Description: "Cosine of an angle of a triangle from its sides (law of cosines)",
			Extrapolate: "sides up to 40"},
		{Name: "law_of_cosines_side", Area: "geometry", Steps: true, gen: genCosineSide,
			Description: "Third side of a triangle from two sides and the included angle, exactly",
			Extrapolate: "sides up to 40"},
		{Name: "triangle_area_sas", Area: "geometry", gen: genAreaSAS,
			Description: "Area of a triangle from two sides and the included angle, exactly",
			Extrapolate: "sides up to 40"},
		{Name: "solid_volume", Form: FormExact, Area: "geometry", Steps: true, gen: genSolidVolume,
			Description: "Volume of a cone, cylinder, sphere or square pyramid, exactly",
			Extrapolate: "larger dimensions"},
		{Name: "regular_polygon_area", Form: FormExact, Area: "geometry", gen: genRegularArea,
			Description: "Area of a regular triangle, square, hexagon, octagon or dodecagon from its side, exactly",
			Extrapolate: "larger sides"},
		{Name: "centroid", Area: "geometry", gen: genCentroid,
			Description: "Centroid of a triangle from its vertices",
			Extrapolate: "larger coordinates"},
		{Name: "sector", Form: FormExact, Area: "geometry", gen: genSector,
			Description: "Arc length or area of a circular sector, exactly",
			Extrapolate: "larger radii"},
	} {
		register(m)
	}
}

// triangle draws integer sides of a nondegenerate triangle.
func (g *G) triangle() (a, b, c int64) {
	hi := g.ByLevel(6, 9, 12, 16, 20)
	for {
		a, b, c = g.Int(2, hi), g.Int(2, hi), g.Int(2, hi)
		if a+b > c && a+c > b && b+c > a {
			return
		}
	}
}

// triangleFloat places the triangle with side c on the x-axis and returns
// the third vertex (float), for the coordinate checks.
func triangleFloat(a, b, c int64) (float64, float64) {
	x := float64(b*b+c*c-a*a) / float64(2*c)
	return x, math.Sqrt(float64(b*b) - x*x)
}

func sidesTeX(a, b, c int64) string { return m(itoa(a)) + ", " + m(itoa(b)) + " and " + m(itoa(c)) }

func genHeron(g *G) (*Problem, error) {
	a, b, c := g.triangle()
	area, err := cas.HeronArea(q(a), q(b), q(c))
	if err != nil {
		return nil, err
	}
	s := qf(a+b+c, 2)
	p := &Problem{Problem: "Find the area of the triangle with sides " + sidesTeX(a, b, c) + "."}
	p.Steps = []string{
		"The semiperimeter is " + m("s = "+s.TeX()) + ".",
		"By Heron's formula, " + m(chain(`A = \sqrt{s(s - a)(s - b)(s - c)}`, `\sqrt{`+s.Mul(s.Sub(q(a))).Mul(s.Sub(q(b))).Mul(s.Sub(q(c))).TeX()+"}", tex(area))) + ".",
	}
	p.setExpr(area)
	p.sym("sides", pyInts([]int64{a, b, c}))
	p.Check = func() error {
		_, y := triangleFloat(a, b, c)
		if !near(float64(c)*y/2, val(area)) {
			return errf("base times height over 2 gives %v", float64(c)*y/2)
		}
		return nil
	}
	return p, nil
}

func genInradius(g *G) (*Problem, error) {
	a, b, c := g.triangle()
	area, err := cas.HeronArea(q(a), q(b), q(c))
	if err != nil {
		return nil, err
	}
	s := qf(a+b+c, 2)
	r, _ := cas.Inradius(q(a), q(b), q(c))
	p := &Problem{Problem: "Find the inradius of the triangle with sides " + sidesTeX(a, b, c) + "."}
	p.Steps = []string{
		"The semiperimeter is " + m("s = "+s.TeX()) + " and, by Heron's formula, the area is " + m("A = "+tex(area)) + ".",
		"The inradius is " + m(`r = \frac{A}{s} = `+tex(r)) + ".",
	}
	p.setExpr(r)
	p.sym("sides", pyInts([]int64{a, b, c}))
	p.Check = func() error {
		// the incenter (a A + b B + c C)/(a + b + c) is at distance r from side AB (the x-axis)
		cx, cy := triangleFloat(a, b, c)
		_ = cx
		iy := (float64(c) * cy) / float64(a+b+c)
		if !near(iy, val(r)) {
			return errf("the incenter is at height %v", iy)
		}
		return nil
	}
	return p, nil
}

func genCircumradius(g *G) (*Problem, error) {
	a, b, c := g.triangle()
	area, err := cas.HeronArea(q(a), q(b), q(c))
	if err != nil {
		return nil, err
	}
	R, _ := cas.Circumradius(q(a), q(b), q(c))
	p := &Problem{Problem: "Find the circumradius of the triangle with sides " + sidesTeX(a, b, c) + "."}
	p.Steps = []string{
		"By Heron's formula the area is " + m("A = "+tex(area)) + ".",
		m(`R = \frac{abc}{4A} = \frac{`+itoa(a*b*c)+"}{4A} = "+tex(R)) + ".",
	}
	p.setExpr(R)
	p.sym("sides", pyInts([]int64{a, b, c}))
	p.Check = func() error {
		// the circumcenter is equidistant from (0,0), (c,0), (cx, cy)
		cx, cy := triangleFloat(a, b, c)
		ox := float64(c) / 2
		oy := (cx*cx + cy*cy - 2*ox*cx) / (2 * cy)
		if !near(math.Hypot(ox, oy), val(R)) || !nearTol(math.Hypot(cx-ox, cy-oy), val(R), 1e-9) {
			return errf("the circumcenter is at distance %v", math.Hypot(ox, oy))
		}
		return nil
	}
	return p, nil
}

func genShoelace(g *G) (*Problem, error) {
	n := int(g.ByLevel(3, 3, 4, 4, 5, 6))
	b := g.ByLevel(5, 6, 8, 10, 12)
	// a star-shaped polygon: vertices sorted by angle around the origin
	type pt struct{ x, y int64 }
	var ps []pt
	for len(ps) < n {
		p := pt{g.Int(-b, b), g.Int(-b, b)}
		if p.x == 0 && p.y == 0 {
			continue
		}
		dup := false
		for _, o := range ps {
			if o == p || o.x*p.y-o.y*p.x == 0 && o.x*p.x+o.y*p.y > 0 {
				dup = true
			}
		}
		if !dup {
			ps = append(ps, p)
		}
	}
	ang := func(p pt) float64 { return math.Atan2(float64(p.y), float64(p.x)) }
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && ang(ps[j]) < ang(ps[j-1]); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
	twice := int64(0)
	var terms []string
	for i := range ps {
		j := (i + 1) % n
		t := ps[i].x*ps[j].y - ps[j].x*ps[i].y
		twice += t
		terms = append(terms, paren(q(t)))
	}
	if twice == 0 {
		return nil, errf("degenerate: zero area")
	}
	area := qf(abs64(twice), 2)
	var vs []string
	for _, p := range ps {
		vs = append(vs, `\left(`+itoa(p.x)+", "+itoa(p.y)+`\right)`)
	}
	what := "triangle"
	if n > 3 {
		what = "polygon"
	}
	p := &Problem{Problem: "Find the area of the " + what + " with vertices " + m(strings.Join(vs, ", ")) + " (in this order)."}
	p.Steps = []string{
		"By the shoelace formula the cross terms " + m(`x_{i}y_{i+1} - x_{i+1}y_{i}`) + " are " + m(strings.Join(terms, ", ")) + ", which sum to " + m(itoa(twice)) + ".",
		"The area is half the absolute value: " + m(area.TeX()) + ".",
	}
	p.setNum(area)
	var pys []string
	for _, p := range ps {
		pys = append(pys, "("+itoa(p.x)+", "+itoa(p.y)+")")
	}
	p.sym("points", "["+strings.Join(pys, ", ")+"]")
	p.Check = func() error {
		// fan triangulation from the origin (inside a star-shaped polygon sorted by angle) with cross products
		s := 0.0
		for i := range ps {
			j := (i + 1) % n
			s += math.Abs(float64(ps[i].x*ps[j].y-ps[j].x*ps[i].y)) / 2
		}
		if twice > 0 && !near(s, area.Float()) {
			// the origin is inside only when every cross term is positive
			ok := true
			for i := range ps {
				j := (i + 1) % n
				if ps[i].x*ps[j].y-ps[j].x*ps[i].y < 0 {
					ok = false
				}
			}
			if ok {
				return errf("the fan triangulation gives %v", s)
			}
		}
		if n == 3 {
			// Heron on the squared side lengths: 16 A^2 = 4 a^2 b^2 - (a^2 + b^2 - c^2)^2
			d := func(u, v pt) int64 { return (u.x-v.x)*(u.x-v.x) + (u.y-v.y)*(u.y-v.y) }
			A2, B2, C2 := d(ps[0], ps[1]), d(ps[1], ps[2]), d(ps[2], ps[0])
			h := 4*A2*B2 - (A2+B2-C2)*(A2+B2-C2)
			if !q(h).Equal(area.Mul(area).MulInt(16)) {
				return errf("Heron gives 16 A^2 = %d", h)
			}
		}
		return nil
	}
	return p, nil
}

func (g *G) polygonN() int64 {
	return g.Int(3, g.ByLevel(12, 40, 150, 600, 2500))
}

func genPolygonAngleSum(g *G) (*Problem, error) {
	n := g.polygonN()
	s := (n - 2) * 180
	text := "What is the sum, in degrees, of the interior angles of a convex polygon with " + m(itoa(n)) + " sides?"
	if g.Bool() {
		text = "Find the sum of the interior angles (in degrees) of a convex " + m(itoa(n)) + "-gon."
	}
	p := &Problem{Problem: text}
	p.Steps = []string{"The interior angles of a convex polygon with " + m("n") + " sides add up to " + m(`(n - 2) \cdot 180^{\circ}`) + ": here " + m(chain(`(`+itoa(n)+` - 2) \cdot 180`, itoa(s))) + "."}
	p.setNum(q(s))
	p.sym("n", itoa(n))
	p.Check = func() error {
		// the exterior angles sum to 360: n 180 - 360
		if n*180-360 != s {
			return errf("exterior angles give another sum")
		}
		return nil
	}
	return p, nil
}

func genRegularAngle(g *G) (*Problem, error) {
	n := g.polygonN()
	a := qf((n-2)*180, n)
	p := &Problem{Problem: g.Pick("What is the measure, in degrees, of each interior angle of a regular polygon with "+m(itoa(n))+" sides?",
		"Find the measure in degrees of one interior angle of a regular "+m(itoa(n))+"-gon.")}
	p.Steps = []string{
		"The interior angles sum to " + m(`\left(`+itoa(n)+` - 2\right)\cdot 180 = `+itoa((n-2)*180)) + ".",
		"Each of the " + m(itoa(n)) + " equal angles is " + m(chain(`\frac{`+itoa((n-2)*180)+"}{"+itoa(n)+"}", a.TeX())) + ".",
	}
	p.setNum(a)
	p.sym("n", itoa(n))
	p.Check = func() error {
		if !q(180).Sub(qf(360, n)).Equal(a) {
			return errf("180 minus the exterior angle differs")
		}
		return nil
	}
	return p, nil
}

func genSidesFromAngle(g *G) (*Problem, error) {
	// 360/n must make the interior angle an integer
	divs := []int64{3, 4, 5, 6, 8, 9, 10, 12, 15, 18, 20, 24, 30, 36, 40, 45, 60, 72, 90, 120, 180, 360}
	var n int64
	var p *Problem
	switch g.IntN(3) {
	case 0:
		n = divs[g.IntN(min(len(divs), int(g.ByLevel(12, 15, 18, 20, 22))))]
		p = &Problem{Problem: "Each interior angle of a regular polygon measures " + m(itoa(180-360/n)+`^{\circ}`) + ". How many sides does it have?"}
	case 1:
		n = divs[g.IntN(min(len(divs), int(g.ByLevel(12, 15, 18, 20, 22))))]
		p = &Problem{Problem: "Each exterior angle of a regular polygon measures " + m(itoa(360/n)+`^{\circ}`) + ". How many sides does it have?"}
	default:
		n = g.polygonN()
		p = &Problem{Problem: "The interior angles of a convex polygon add up to " + m(itoa((n-2)*180)+`^{\circ}`) + ". How many sides does it have?"}
	}
	switch {
	case strings.Contains(p.Problem, "interior angle of"):
		p.Steps = []string{"Each exterior angle measures " + m(chain(`180^{\circ} - `+itoa(180-360/n)+`^{\circ}`, itoa(360/n)+`^{\circ}`)) + ", and the exterior angles add up to " + m(`360^{\circ}`) + ": " + m(`\frac{360^{\circ}}{`+itoa(360/n)+`^{\circ}} = `+itoa(n)) + "."}
	case strings.Contains(p.Problem, "exterior"):
		p.Steps = []string{"The exterior angles add up to " + m(`360^{\circ}`) + ": " + m(`\frac{360^{\circ}}{`+itoa(360/n)+`^{\circ}} = `+itoa(n)) + "."}
	default:
		p.Steps = []string{"The interior angles of a convex polygon with " + m("n") + " sides add up to " + m(`(n - 2) \cdot 180^{\circ}`) + ", so " + m(chain(`n - 2 = \frac{`+itoa((n-2)*180)+`}{180}`, itoa(n-2))) + " and " + m("n = "+itoa(n)) + "."}
	}
	p.setNum(q(n))
	p.sym("text", "'"+strings.ReplaceAll(p.Problem, "'", "")+"'")
	p.Check = func() error {
		if (n-2)*180%n != 0 && !strings.Contains(p.Problem, "add up") {
			return errf("the angle is not an integer")
		}
		for k := int64(3); k <= 400; k++ {
			ok := false
			switch {
			case strings.Contains(p.Problem, "interior angle of"):
				ok = (k-2)*180 == (180-360/n)*k
			case strings.Contains(p.Problem, "exterior"):
				ok = 360 == (360/n)*k
			default:
				ok = (k-2)*180 == (n-2)*180
			}
			if ok != (k == n) {
				return errf("%d sides also fits", k)
			}
		}
		return nil
	}
	return p, nil
}

func genDiagonals(g *G) (*Problem, error) {
	n := g.polygonN()
	d := n * (n - 3) / 2
	p := &Problem{Problem: g.Pick("How many diagonals does a convex polygon with "+m(itoa(n))+" sides have?",
		"A convex polygon has "+m(itoa(n))+" vertices. How many diagonals can be drawn?")}
	p.Steps = []string{"Each of the " + m(itoa(n)) + " vertices is joined by a diagonal to the " + m(itoa(n-3)) + " vertices that are neither itself nor its neighbours, and each diagonal is counted from both ends: " +
		m(chain(`\frac{`+itoa(n)+`(`+itoa(n)+` - 3)}{2}`, itoa(d))) + "."}
	p.setNum(q(d))
	p.sym("n", itoa(n))
	p.Check = func() error {
		c := int64(0)
		for i := int64(0); i < n; i++ {
			for j := i + 1; j < n; j++ {
				if j-i != 1 && !(i == 0 && j == n-1) {
					c++
				}
			}
		}
		if c != d {
			return errf("counting pairs gives %d", c)
		}
		return nil
	}
	return p, nil
}

type pt3 struct{ x, y, z int64 }

func (a pt3) d2(b pt3) int64 {
	return (a.x-b.x)*(a.x-b.x) + (a.y-b.y)*(a.y-b.y) + (a.z-b.z)*(a.z-b.z)
}

func pt3TeX(p pt3) string {
	return `\left(` + itoa(p.x) + ", " + itoa(p.y) + ", " + itoa(p.z) + `\right)`
}

func genPolyhedronDiameter(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 8)
	var vs []pt3
	kind := g.IntN(3)
	name := ""
	switch kind {
	case 0: // a box
		x0, y0, z0 := g.Int(-b, 0), g.Int(-b, 0), g.Int(-b, 0)
		x1, y1, z1 := x0+g.Int(1, b), y0+g.Int(1, b), z0+g.Int(1, b)
		for _, x := range []int64{x0, x1} {
			for _, y := range []int64{y0, y1} {
				for _, z := range []int64{z0, z1} {
					vs = append(vs, pt3{x, y, z})
				}
			}
		}
		name = "rectangular box"
	case 1: // a pyramid over a rectangle
		x0, y0 := g.Int(-b, 0), g.Int(-b, 0)
		x1, y1 := x0+g.Int(1, b), y0+g.Int(1, b)
		vs = []pt3{{x0, y0, 0}, {x1, y0, 0}, {x1, y1, 0}, {x0, y1, 0}, {g.Int(x0, x1), g.Int(y0, y1), g.Int(1, b)}}
		name = "pyramid"
	default: // a polyhedron given by random vertices (their convex hull)
		n := int(g.ByLevel(4, 5, 6, 7, 8, 10))
		seen := map[pt3]bool{}
		for len(vs) < n {
			p := pt3{g.Int(-b, b), g.Int(-b, b), g.Int(-b, b)}
			if !seen[p] {
				seen[p] = true
				vs = append(vs, p)
			}
		}
		name = "convex polyhedron (the convex hull of its vertices)"
	}
	best := int64(-1)
	var bi, bj int
	for i := range vs {
		for j := i + 1; j < len(vs); j++ {
			if d := vs[i].d2(vs[j]); d > best {
				best, bi, bj = d, i, j
			}
		}
	}
	diam := cas.Sqrt(e(best))
	var vt []string
	for _, v := range vs {
		vt = append(vt, pt3TeX(v))
	}
	p := &Problem{Problem: "A " + name + " has vertices " + m(strings.Join(vt, ", ")) + ". Find its diameter, the largest distance between two of its points."}
	p.Steps = []string{
		"The diameter of a polyhedron is the largest distance between two vertices; comparing the squared distances of all " + m(itoa(int64(len(vs)*(len(vs)-1)/2))) + " pairs, the largest is " + m(itoa(best)) +
			", between " + m(pt3TeX(vs[bi])) + " and " + m(pt3TeX(vs[bj])) + ".",
		"So the diameter is " + m(chain(`\sqrt{`+itoa(best)+"}", tex(diam))) + ".",
	}
	p.setExpr(diam)
	var pys []string
	for _, v := range vs {
		pys = append(pys, "("+itoa(v.x)+", "+itoa(v.y)+", "+itoa(v.z)+")")
	}
	p.sym("points", "["+strings.Join(pys, ", ")+"]")
	p.Check = func() error {
		f := 0.0
		for i := range vs {
			for j := range vs {
				d := math.Sqrt(float64(vs[i].d2(vs[j])))
				f = math.Max(f, d)
			}
		}
		if !near(f, val(diam)) {
			return errf("floating point gives %v", f)
		}
		return nil
	}
	return p, nil
}

func genDistance(g *G) (*Problem, error) {
	b := g.ByLevel(5, 8, 10, 15, 20)
	a := pt3{g.Int(-b, b), g.Int(-b, b), 0}
	c := pt3{g.Int(-b, b), g.Int(-b, b), 0}
	space := g.Level >= 3 && g.Bool()
	at := func(p pt3) string { return `\left(` + itoa(p.x) + ", " + itoa(p.y) + `\right)` }
	if space {
		a.z, c.z = g.Int(-b, b), g.Int(-b, b)
		at = pt3TeX
	}
	d := cas.Distance([]cas.Q{q(a.x), q(a.y), q(a.z)}, []cas.Q{q(c.x), q(c.y), q(c.z)})
	p := &Problem{Problem: "Find the distance between " + m(at(a)) + " and " + m(at(c)) + "."}
	p.setExpr(d)
	p.sym("a", "["+itoa(a.x)+", "+itoa(a.y)+", "+itoa(a.z)+"]")
	p.sym("b", "["+itoa(c.x)+", "+itoa(c.y)+", "+itoa(c.z)+"]")
	p.Check = func() error {
		f := math.Sqrt(math.Pow(float64(a.x-c.x), 2) + math.Pow(float64(a.y-c.y), 2) + math.Pow(float64(a.z-c.z), 2))
		if !near(f, val(d)) {
			return errf("floating point gives %v", f)
		}
		return nil
	}
	return p, nil
}

func genCosineAngle(g *G) (*Problem, error) {
	a, b, c := g.triangle()
	cosC := qf(a*a+b*b-c*c, 2*a*b)
	p := &Problem{Problem: "A triangle has sides " + m("a = "+itoa(a)) + ", " + m("b = "+itoa(b)) + " and " + m("c = "+itoa(c)) + ". Find " + m(`\cos C`) + ", where " + m("C") + " is the angle opposite " + m("c") + "."}
	p.Steps = []string{
		"By the law of cosines, " + m(`\cos C = \frac{a^{2} + b^{2} - c^{2}}{2ab} = \frac{`+itoa(a*a)+" + "+itoa(b*b)+" - "+itoa(c*c)+"}{"+itoa(2*a*b)+"} = "+cosC.TeX()) + ".",
	}
	p.setNum(cosC)
	p.sym("sides", pyInts([]int64{a, b, c}))
	p.Check = func() error {
		// place C at the origin, B = (a, 0), A at distance b with the right distance c to B
		x, y := triangleFloat(c, b, a) // vertex A relative to C on side a
		if !near(x/math.Hypot(x, y), cosC.Float()) {
			return errf("coordinates give %v", x/math.Hypot(x, y))
		}
		return nil
	}
	return p, nil
}

// specialAngles are angles in degrees with exact cosines.
var specialAngles = []int64{30, 45, 60, 90, 120, 135, 150}

func cosDeg(d int64) cas.Expr { return cas.Call("cos", cas.Product(cas.N(qf(d, 180)), cas.Pi)) }
func sinDeg(d int64) cas.Expr { return cas.Call("sin", cas.Product(cas.N(qf(d, 180)), cas.Pi)) }

func genCosineSide(g *G) (*Problem, error) {
	hi := g.ByLevel(6, 9, 12, 16, 20)
	a, b := g.Int(1, hi), g.Int(1, hi)
	C := []int64{60, 90, 120, 60, 120}[g.IntN(5)]
	c2 := cas.Diff(e(a*a+b*b), cas.Product(e(2*a*b), cosDeg(C)))
	c := cas.Sqrt(c2)
	p := &Problem{Problem: "Two sides of a triangle are " + m(itoa(a)) + " and " + m(itoa(b)) + ", and the angle between them is " + m(itoa(C)+`^{\circ}`) + ". Find the third side."}
	p.Steps = []string{
		"By the law of cosines, " + m(`c^{2} = a^{2} + b^{2} - 2ab\cos C = `+itoa(a*a+b*b)+" - "+itoa(2*a*b)+`\cdot`+paren2(tex(cosDeg(C)))+" = "+tex(c2)) + ".",
		"So " + m("c = "+tex(c)) + ".",
	}
	p.setExpr(c)
	p.sym("a", itoa(a))
	p.sym("b", itoa(b))
	p.sym("C", itoa(C))
	p.Check = func() error {
		th := float64(C) * math.Pi / 180
		f := math.Hypot(float64(a)-float64(b)*math.Cos(th), float64(b)*math.Sin(th))
		if !near(f, val(c)) {
			return errf("coordinates give %v", f)
		}
		return nil
	}
	return p, nil
}

func paren2(s string) string {
	if strings.HasPrefix(s, "-") {
		return `\left(` + s + `\right)`
	}
	return s
}

func genAreaSAS(g *G) (*Problem, error) {
	hi := g.ByLevel(6, 12, 30, 80, 200)
	a, b := g.Int(1, hi), g.Int(1, hi)
	C := specialAngles[g.IntN(len(specialAngles))]
	area := cas.Product(cas.F(a*b, 2), sinDeg(C))
	p := &Problem{Problem: "Two sides of a triangle are " + m(itoa(a)) + " and " + m(itoa(b)) + ", and the angle between them is " + m(itoa(C)+`^{\circ}`) + ". Find the area of the triangle."}
	p.Steps = []string{"The area is half the product of the two sides and the sine of the angle between them: " +
		m(`\frac{1}{2}(`+itoa(a)+`)(`+itoa(b)+`)\sin `+itoa(C)+`^{\circ} = `+tex(area)) + "."}
	p.setExpr(area)
	p.sym("a", itoa(a))
	p.sym("b", itoa(b))
	p.sym("C", itoa(C))
	p.Check = func() error {
		th := float64(C) * math.Pi / 180
		// shoelace on (0,0), (a,0), (b cos C, b sin C)
		f := math.Abs(float64(a)*float64(b)*math.Sin(th)) / 2
		if !near(f, val(area)) {
			return errf("coordinates give %v", f)
		}
		return nil
	}
	return p, nil
}

func genSolidVolume(g *G) (*Problem, error) {
	hi := g.ByLevel(5, 6, 8, 10, 12)
	r, h := g.Int(1, hi), g.Int(1, hi)
	var v cas.Expr
	var desc, formula string
	var area func(t float64) float64 // cross-sectional area at height t in [0, H]
	H := float64(h)
	kind := g.IntN(4)
	switch kind {
	case 0:
		v = cas.Product(cas.F(r*r*h, 3), cas.Pi)
		desc, formula = "a cone of radius "+m(itoa(r))+" and height "+m(itoa(h)), `V = \frac{1}{3}\pi r^{2}h`
		area = func(t float64) float64 { s := float64(r) * (1 - t/H); return math.Pi * s * s }
	case 1:
		v = cas.Product(e(r*r*h), cas.Pi)
		desc, formula = "a cylinder of radius "+m(itoa(r))+" and height "+m(itoa(h)), `V = \pi r^{2}h`
		area = func(t float64) float64 { return math.Pi * float64(r*r) }
	case 2:
		v = cas.Product(cas.F(4*r*r*r, 3), cas.Pi)
		desc, formula = "a sphere of radius "+m(itoa(r)), `V = \frac{4}{3}\pi r^{3}`
		H = 2 * float64(r)
		area = func(t float64) float64 { d := t - float64(r); return math.Pi * (float64(r*r) - d*d) }
	default:
		v = cas.N(qf(r*r*h, 3))
		desc, formula = "a pyramid with a square base of side "+m(itoa(r))+" and height "+m(itoa(h)), `V = \frac{1}{3}s^{2}h`
		area = func(t float64) float64 { s := float64(r) * (1 - t/H); return s * s }
	}
	p := &Problem{Problem: "Find the exact volume of " + desc + "."}
	p.Steps = []string{m(formula+" = "+tex(v)) + "."}
	p.setExpr(v)
	p.sym("kind", []string{"'cone'", "'cylinder'", "'sphere'", "'pyramid'"}[kind])
	p.sym("r", itoa(r))
	p.sym("h", itoa(h))
	p.Check = func() error { return checkIntegral(area, 0, H, v) }
	return p, nil
}

func genRegularArea(g *G) (*Problem, error) {
	s := g.Int(2, g.ByLevel(9, 30, 100, 300, 1000))
	n := []int64{3, 4, 6, 8, 12}[g.IntN(5)]
	// area = n s^2 / (4 tan(pi/n))
	var k cas.Expr
	switch n {
	case 3:
		k = cas.Product(cas.F(1, 4), cas.Sqrt(e(3)))
	case 4:
		k = e(1)
	case 6:
		k = cas.Product(cas.F(3, 2), cas.Sqrt(e(3)))
	case 8:
		k = cas.Sum(e(2), cas.Product(e(2), cas.Sqrt(e(2))))
	default:
		k = cas.Sum(e(6), cas.Product(e(3), cas.Sqrt(e(3))))
	}
	area := cas.Expand(cas.Product(e(s*s), k))
	names := map[int64]string{3: "an equilateral triangle", 4: "a square", 6: "a regular hexagon", 8: "a regular octagon", 12: "a regular dodecagon"}
	p := &Problem{Problem: "Find the exact area of " + names[n] + " with side " + m(itoa(s)) + "."}
	formula := map[int64]string{3: `\frac{\sqrt{3}}{4} s^{2}`, 4: `s^{2}`, 6: `\frac{3\sqrt{3}}{2} s^{2}`, 8: `2\left(1 + \sqrt{2}\right) s^{2}`, 12: `3\left(2 + \sqrt{3}\right) s^{2}`}[n]
	p.Steps = []string{"The area of " + names[n] + " with side " + m("s") + " is " + m(formula) + ", so here it is " +
		m(chain(strings.ReplaceAll(formula, "s^{2}", "\\cdot "+itoa(s)+"^{2}"), tex(area))) + "."}
	if n == 4 {
		p.Steps[0] = "The area of a square with side " + m("s") + " is " + m("s^{2}") + ", so here it is " + m(itoa(s)+"^{2} = "+tex(area)) + "."
	}
	p.setExpr(area)
	p.sym("n", itoa(n))
	p.sym("s", itoa(s))
	p.Check = func() error {
		// shoelace on the vertices of the polygon with circumradius s / (2 sin(pi/n))
		R := float64(s) / (2 * math.Sin(math.Pi/float64(n)))
		a := 0.0
		for i := int64(0); i < n; i++ {
			t1, t2 := 2*math.Pi*float64(i)/float64(n), 2*math.Pi*float64(i+1)/float64(n)
			a += R * R * (math.Cos(t1)*math.Sin(t2) - math.Cos(t2)*math.Sin(t1)) / 2
		}
		if !near(a, val(area)) {
			return errf("the vertices give area %v", a)
		}
		return nil
	}
	return p, nil
}

func genCentroid(g *G) (*Problem, error) {
	b := g.ByLevel(5, 8, 10, 15, 20)
	var xs, ys [3]int64
	for i := range xs {
		xs[i], ys[i] = g.Int(-b, b), g.Int(-b, b)
	}
	if (xs[1]-xs[0])*(ys[2]-ys[0])-(xs[2]-xs[0])*(ys[1]-ys[0]) == 0 {
		return nil, errf("degenerate: collinear vertices")
	}
	cx, cy := qf(xs[0]+xs[1]+xs[2], 3), qf(ys[0]+ys[1]+ys[2], 3)
	p := &Problem{Problem: "Find the centroid of the triangle with vertices " + m(`\left(`+itoa(xs[0])+", "+itoa(ys[0])+`\right), \left(`+itoa(xs[1])+", "+itoa(ys[1])+`\right), \left(`+itoa(xs[2])+", "+itoa(ys[2])+`\right)`) + "."}
	p.setTuple(cas.N(cx), cas.N(cy))
	p.sym("points", "[("+itoa(xs[0])+", "+itoa(ys[0])+"), ("+itoa(xs[1])+", "+itoa(ys[1])+"), ("+itoa(xs[2])+", "+itoa(ys[2])+")]")
	p.Check = func() error {
		// the centroid lies two thirds of the way along the median from vertex 0
		mx, my := qf(xs[1]+xs[2], 2), qf(ys[1]+ys[2], 2)
		gx := q(xs[0]).Add(mx.Sub(q(xs[0])).Mul(qf(2, 3)))
		gy := q(ys[0]).Add(my.Sub(q(ys[0])).Mul(qf(2, 3)))
		if !gx.Equal(cx) || !gy.Equal(cy) {
			return errf("the median gives another point")
		}
		return nil
	}
	return p, nil
}

func genSector(g *G) (*Problem, error) {
	r := g.Int(2, g.ByLevel(6, 15, 40, 100, 300))
	deg := []int64{30, 36, 40, 45, 60, 72, 90, 120, 135, 150, 180, 210, 240, 270, 300}[g.IntN(15)]
	area := g.Bool()
	var v cas.Expr
	what := "arc length"
	if area {
		v = cas.Product(cas.N(qf(deg*r*r, 360)), cas.Pi)
		what = "area"
	} else {
		v = cas.Product(cas.N(qf(deg*2*r, 360)), cas.Pi)
	}
	p := &Problem{Problem: "A sector of a circle of radius " + m(itoa(r)) + " has a central angle of " + m(itoa(deg)+`^{\circ}`) + ". Find its exact " + what + "."}
	if area {
		p.Steps = []string{"The sector is " + m(`\frac{`+itoa(deg)+`}{360}`) + " of the disc, whose area is " + m(`\pi r^{2}`) + ": " + m(`\frac{`+itoa(deg)+`}{360} \cdot \pi \cdot `+itoa(r)+`^{2} = `+tex(v)) + "."}
	} else {
		p.Steps = []string{"The arc is " + m(`\frac{`+itoa(deg)+`}{360}`) + " of the circumference " + m(`2\pi r`) + ": " + m(`\frac{`+itoa(deg)+`}{360} \cdot 2\pi \cdot `+itoa(r)+` = `+tex(v)) + "."}
	}
	p.setExpr(v)
	p.sym("r", itoa(r))
	p.sym("deg", itoa(deg))
	p.sym("what", what)
	p.Check = func() error {
		th := float64(deg) * math.Pi / 180
		f := float64(r) * th
		if area {
			// integrate r^2/2 over the angle
			var err error
			f, err = quad(func(float64) float64 { return float64(r*r) / 2 }, 0, th)
			if err != nil {
				return err
			}
		}
		if !near(f, val(v)) {
			return errf("the %s is %v", what, f)
		}
		return nil
	}
	return p, nil
}
