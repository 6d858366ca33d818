#!/usr/bin/env python3
# odds-closed-form.py ROLL: the odds of plain NdM from roll -o against the
# closed form of a sum of identical dice (inclusion and exclusion), in
# Python's integers, for 100 sizes up to 200d100 (issue 36).  The ways N
# dice of M faces total N + s:
#   sum over k of (-1)^k C(N, k) C(s - k*M + N - 1, N - 1),
# over M^N outcomes.  Every total is checked up to 2,000 totals; beyond,
# 41 totals spread over the range, both ends and the middle among them.
# Prints each difference, then "SIZES sizes, TOTALS totals checked, D differ".
import subprocess
import sys
from fractions import Fraction
from math import comb


def ways(n, m, s):
    return sum((-1) ** k * comb(n, k) * comb(s - k * m + n - 1, n - 1)
               for k in range(0, min(n, s // m) + 1))


def sizes():
    out = [(200, 100), (100, 100), (148, 100), (1, 1), (1, 2), (1, 6),
           (1, 20), (1, 100), (2, 6), (3, 6), (4, 6), (10, 6), (60, 6),
           (150, 6), (199, 6), (200, 6), (2, 20), (20, 20), (50, 20),
           (199, 20), (10, 100), (30, 100), (60, 100), (1, 1000),
           (2, 1000), (5, 1000), (20, 1000), (3, 1), (200, 1), (7, 2)]
    i = 0
    while len(out) < 100:	# a fixed walk over the rest of the square
        n, m = i * 37 % 199 + 1, (i * 53 + 7) % 100 + 1
        if (n, m) not in out:
            out.append((n, m))
        i += 1
    return out


def check(roll, n, m):
    text = subprocess.run([roll, "-o", "%dd%d" % (n, m)], check=True,
                          capture_output=True, text=True).stdout
    got = {}
    for line in text.splitlines():
        f = line.split("\t")
        if f[1] not in ("sd", "mean"):
            got[int(f[1])] = f[2]
    last = n * (m - 1)
    if last + 1 <= 2000:
        picks = range(0, last + 1)
    else:
        picks = sorted({last * i // 40 for i in range(41)} | {last // 2})
    bad = 0
    for s in picks:
        want = Fraction(ways(n, m, s), m ** n)
        text = str(want.numerator) if want.denominator == 1 else \
            "%d/%d" % (want.numerator, want.denominator)
        if got.get(n + s) != text:
            print("%dd%d %d: roll %s, closed form %s" % (n, m, n + s,
                  got.get(n + s), text))
            bad += 1
    if len(got) != last + 1:
        print("%dd%d: %d totals, not %d" % (n, m, len(got), last + 1))
        bad += 1
    return len(picks), bad


def main():
    total = bad = 0
    for n, m in sizes():
        t, b = check(sys.argv[1], n, m)
        total, bad = total + t, bad + b
    print("%d sizes, %d totals checked, %d differ" % (len(sizes()), total, bad))
    return 1 if bad else 0


sys.exit(main())
