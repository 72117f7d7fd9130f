package hardmath

import (
	"context"
	"fmt"
	"math"
)

// The released small-x ODE answers keep one "dominant balance" term of the
// right-hand side at x = 0 and drop others of the same order: for
// y''' = -y/(24x^4+6x^2+3) + y'^2 - y''/(...) - 1/(12x^2 - cos x + 11) with
// y(0) = 1, y'(0) = y''(0) = 0 the release gives y = 1 - x^3/18, while
// y'''(0) = -1/3 - 1/10 makes the Taylor series 1 - 13x^3/180. On
// HARDMath-mini 46 of 54 released series differ from the ODE's own by more
// than 10% of its departure from y(0). Grading follows the rubric (the
// answer key's series); seriesCheck names the discrepancy in reasons and in
// data check.

// seriesCheck compares a released small-x answer with the ODE's Taylor
// polynomial to third order, y(0) + y'(0) x + y”(0) x^2/2 + y”'(0) x^3/6,
// y”'(0) being the right-hand side at x = 0. off is the released series'
// distance from it at x = h, relative to the Taylor polynomial's departure
// from y(0) there (+Inf when that departure is zero); note says it in words.
func seriesCheck(ctx context.Context, p ODEProblem, released string, h float64) (off float64, note string, err error) {
	off, _, _, note, err = seriesDepartures(ctx, p, released, h)
	return off, note, err
}

// seriesDepartures is seriesCheck with the two departures from y(0) at h:
// the released series' and the Taylor polynomial's.
func seriesDepartures(ctx context.Context, p ODEProblem, released string, h float64) (off, refDep, taylorDep float64, note string, err error) {
	y3, err := evalLatex(ctx, p.RHS, map[string]complex128{"x": 0, "y": complex(p.Y0[0], 0), "y'": complex(p.Y0[1], 0), "y''": complex(p.Y0[2], 0)}, evalOptions{realRoots: true})
	if err != nil {
		return 0, 0, 0, "", fmt.Errorf("right-hand side at x=0: %v", err)
	}
	t := func(x float64) float64 {
		return p.Y0[0] + p.Y0[1]*x + p.Y0[2]*x*x/2 + real(y3)*x*x*x/6
	}
	r, err := evalLatex(ctx, released, map[string]complex128{"x": complex(h, 0)}, evalOptions{realRoots: true})
	if err != nil {
		return 0, 0, 0, "", err
	}
	refDep, taylorDep = real(r)-t(0), t(h)-t(0)
	dep := math.Abs(taylorDep)
	off = math.Inf(1)
	if dep > 0 {
		off = math.Abs(real(r)-t(h)) / dep
	}
	poly := fmt.Sprintf("%.4g %+.4g x %+.4g x^2 %+.4g x^3", p.Y0[0], p.Y0[1], p.Y0[2]/2, real(y3)/6)
	if math.IsInf(off, 1) {
		return off, refDep, taylorDep, fmt.Sprintf("the ODE's Taylor series to third order is the constant %.4g (y'''(0) = 0)", p.Y0[0]), nil
	}
	return off, refDep, taylorDep, fmt.Sprintf("the ODE's Taylor series is %s (y'''(0) = %.4g)", poly, real(y3)), nil
}
