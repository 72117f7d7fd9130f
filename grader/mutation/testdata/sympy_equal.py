"""Confirms the construction of the randomized differential cases.

Reads JSON lines {"seed", "gold", "cand"} (sympy syntax) on stdin and writes
{"seed", "equal"} per line: equal is true when gold - cand simplifies to zero,
false when it evaluates to a nonzero number at two sample points (60 digits),
and an "error" when neither can be shown.
"""
import json
import sys

from sympy import (E, Abs, Matrix, Max, Min, Rational, Symbol, asin, atan, cos, cot, csc, exp, factorial, log, pi, simplify,
                   sin, sqrt, tan)

# variables are real: the grader compares answers over the reals
names = {n: Symbol(n, real=True) for n in ("x", "t", "a", "y")}
env = dict(names, Rational=Rational, exp=exp, log=log, pi=pi, sin=sin, cos=cos, tan=tan, sqrt=sqrt, E=E, Abs=Abs,
           Max=Max, Min=Min, Matrix=Matrix, asin=asin, atan=atan, csc=csc, cot=cot, factorial=factorial)
# one point inside (0, 2), one negative, one beyond every constant of the cases
points = [Rational(7, 5), Rational(-13, 3), Rational(23, 2)]

for line in sys.stdin:
    rec = json.loads(line)
    out = {"seed": rec["seed"]}
    try:
        d = eval(rec["gold"], {}, env) - eval(rec["cand"], {}, env)
        if getattr(d, "is_Matrix", False):
            out["equal"] = bool(d.is_zero_matrix)
        elif simplify(d) == 0 or simplify(d.rewrite(Abs)) == 0:
            out["equal"] = True
        else:
            free = sorted(d.free_symbols, key=str)
            vals = []
            for p in points:
                v = d.subs({s: p for s in free})
                w = v.evalf(60)
                if w.is_number and w == 0:
                    w = v.evalf(12000)  # enough digits to see 1/3001! next to e
                v = w
                vals.append(v)
            if any(v.is_number and v != 0 for v in vals):
                out["equal"] = False
            else:
                out["error"] = "difference not simplified to zero, yet zero at the sample points: %s" % vals
    except Exception as e:  # report, never crash: the Go test names the seed
        out["error"] = repr(e)
    print(json.dumps(out), flush=True)
