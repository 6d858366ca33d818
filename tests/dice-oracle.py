#!/usr/bin/env python3
# dice-oracle.py: the exact odds of small dice expressions as each peer's
# documentation defines them, by enumerating every draw in Python, written
# from the peers' words and not from roll's code (issue 36).  Reads lines
# "DIALECT<TAB>EXPR" on stdin, writes roll -o's lines "EXPR TOTAL FRACTION".
#
# The meanings, from the documentation cited:
#   foundry  foundryvtt.com/article/dice-modifiers and /api/v9/Die.html:
#            r rerolls once, rr until; x explodes, xo once; k, kh, kl, d,
#            dh, dl without a number take 1 (d is dl); cs/cf count the
#            successes/failures (+1 each), bare: the highest/lowest face;
#            even/odd count the even/odd dice; min/max bound each die.
#   roll20   wiki.roll20.net/Dice_Reference: >N and <N in successes,
#            rerolls and explosions mean N or more, N or less; s, sd sort;
#            m marks matching dice, mt counts the sets (mt3: of 3 or more,
#            mt>4: of the faces that match).
#   avrae    avrae/d20 README and tests/test_dice.py: d% a tens die 0..90;
#            ro rerolls once, rr until; rolN/rohN rerolls the N lowest/
#            highest once; khN past the count keeps all; mi/ma bound.
#   rpg-dice-roller  dice-roller.github.io/documentation: r until, ro
#            once, min/max (negative too), keep/drop past the count: all/none.
#   rolldice rolldice(6): sN drops the N lowest.
import re
import sys
from fractions import Fraction
from collections import Counter
from itertools import combinations_with_replacement, product
from math import factorial
from collections import defaultdict

CMP = {"=": lambda v, n: v == n, "<": lambda v, n: v < n,
       ">": lambda v, n: v > n, "<=": lambda v, n: v <= n,
       ">=": lambda v, n: v >= n, "<>": lambda v, n: v != n}


def test(op, n, dialect):
    if dialect == "roll20" and op in ("<", ">"):
        op += "="		# Roll20: > is "N or more", < "N or less"
    return lambda v: CMP[op](v, n)


def parse(dialect, text):
    m = re.fullmatch(r"(\d*)d(\d+|%)(.*)", text)
    count, sides, rest = int(m.group(1) or 1), m.group(2), m.group(3)
    if sides == "%":
        faces = list(range(0, 100, 10)) if dialect == "avrae" else list(range(1, 101))
    else:
        faces = list(range(1, int(sides) + 1))
    mods = []
    tok = r"(rol|roh|ro|rr|r|xo|x|kh|kl|k|dh|dl|d|cs|cf|even|odd|min|max|mi|ma|mt|m|sa|sd|s)"
    while rest:
        mm = re.match(tok + r"(<=|>=|<>|<|>|=)?(-?\d+)?", rest)
        if mm is None:		# a bare comparison: a success count
            mm = re.match(r"()(<=|>=|<>|<|>|=)(\d+)", rest)
        mods.append((mm.group(1), mm.group(2), mm.group(3)))
        rest = rest[mm.end():]
    return count, faces, mods


def die(faces, mods, dialect):
    """The odds of one die's value, rerolls, explosions and bounds done."""
    dist = {f: Fraction(1, len(faces)) for f in faces}
    for name, op, num in mods:
        if name in ("r", "rr", "ro"):
            n = int(num) if num else faces[0]
            hit = test(op or "=", n, dialect)
            until = name == "rr" or (name == "r" and dialect != "foundry")
            keep = [f for f in faces if not hit(f)]
            new = defaultdict(Fraction)
            for f, p in dist.items():
                if not hit(f):
                    new[f] += p
                elif until:	# drawn until a face that does not reroll
                    for g in keep:
                        new[g] += p / len(keep)
                else:		# once: the second face stands
                    for g in faces:
                        new[g] += p / len(faces)
            dist = dict(new)
        if name == "xo":	# explode once: one more die, added
            n = int(num) if num else faces[-1]
            hit = test(op or "=", n, dialect)
            new = defaultdict(Fraction)
            for f, p in dist.items():
                if hit(f):
                    for g in faces:
                        new[f + g] += p / len(faces)
                else:
                    new[f] += p
            dist = dict(new)
    for name, op, num in mods:
        if name in ("min", "mi"):
            dist = merge((max(v, int(num)), p) for v, p in dist.items())
        if name in ("max", "ma"):
            dist = merge((min(v, int(num)), p) for v, p in dist.items())
    return dist


def merge(pairs):
    out = defaultdict(Fraction)
    for v, p in pairs:
        out[v] += p
    return dict(out)


def score(values, count, faces, mods, dialect):
    kept = sorted(values, reverse=True)
    for name, op, num in mods:
        n = int(num) if num else 1
        if name in ("k", "kh"):
            kept = kept[:n]
        elif name == "kl":
            kept = kept[::-1][:n][::-1]
        elif name in ("d", "dl") or (name == "s" and num):
            kept = kept[:max(len(kept) - n, 0)]
        elif name == "dh":
            kept = kept[n:]
    for name, op, num in mods:
        if name == "mt":	# Roll20: the faces shown by a set of 2 (mtN: N) or more
            size = 2 if op else int(num or 2)
            hit = test(op, int(num), dialect) if op else (lambda v: True)
            return sum(1 for v in set(kept) if kept.count(v) >= size and hit(v))
        if name == "even":
            return sum(1 for v in kept if v % 2 == 0)
        if name == "odd":
            return sum(1 for v in kept if v % 2 != 0)
        if name in ("cs", "cf") and dialect == "foundry":
            n = int(num) if num else (faces[-1] if name == "cs" else faces[0])
            hit = test(op or "=", n, dialect)
            return sum(1 for v in kept if hit(v))
        if name == "" and op:
            hit = test(op, int(num), dialect)
            return sum(1 for v in kept if hit(v))
    return sum(kept)


def odds(dialect, text):
    count, faces, mods = parse(dialect, text)
    one = die(faces, mods, dialect)
    again = [(n, int(num or 0)) for n, op, num in mods if n in ("rol", "roh")]
    out = defaultdict(Fraction)
    # each multiset of faces once, weighed by the orders that draw it (the
    # score of a draw does not depend on its order): 8d6 is 1,287 draws,
    # not 1,679,616
    for draw in combinations_with_replacement(sorted(one.items()), count):
        p = Fraction(factorial(count))
        for m in Counter(v for v, _ in draw).values():
            p /= factorial(m)
        for _, q in draw:
            p *= q
        values = [v for v, _ in draw]
        if again:	# avrae: the n lowest (highest) drawn again, once
            sel, n = again[0]
            rest = sorted(values, reverse=(sel == "rol"))[:count - n]
            for fresh in product(faces, repeat=n):
                out[sum(rest) + sum(fresh)] += p / len(faces) ** n
            continue
        out[score(values, count, faces, mods, dialect)] += p
    return out


def main():
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        dialect, text = line.split("\t")
        for total, p in sorted(odds(dialect, text).items()):
            if p:
                frac = str(p.numerator) if p.denominator == 1 else "%d/%d" % (p.numerator, p.denominator)
                print("%s\t%d\t%s" % (text, total, frac))


main()
