#!/usr/bin/env bats
# The dice grammar of issue 18 (common/expr.c), through roll(6): the peers'
# notation cases, an exact-odds oracle, fixed-seed chi-squares of each new
# operator, standard input, -v marks, -g and -O.
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# ------------------------------------------------------------- the peers
# SUITE | EXPRESSION | accepts: LO HI (every roll of 2000 within, both ends
# seen when both are given as "=") | refuses: - -.  The suites: d20 is
# avrae/d20 tests/test_dice.py; rdr is dice-roller/rpg-dice-roller
# tests/parser/Parser.test.js, tests/modifiers/*.test.js,
# tests/dice/*.test.js.  Where a peer differs, the row says how.
PEERS='
d20 | 1d20                  | 1 20
d20 | 4d6kh3                | 3 18
d20 | ((1d6))               | 1 6
d20 | 1 + 3 * 6             | 19 19
d20 | (1 + 3) * 6           | 24 24
d20 | 1 + 2 + 3             | 6 6
d20 | 10000                 | 10000 10000
d20 | d6                    | 1 6
d20 | 2d6                   | 2 12
d20 | -1                    | -1 -1
d20 | 2 - 2                 | 0 0
d20 | 2 * 5                 | 10 10
d20 | 15 / 2                | 7 7
d20 | 1d20rr<20             | 20 20
d20 | 1d20rr>1              | 1 1
d20 | 1d1ro1                | 1 1
d20 | 1d6rol1               | - -
d20 | 1001d6                | - -
d20 | 6d0                   | - -
d20 | 10 / 0                | - -
d20 | 10 // 0               | - -
d20 | 1d20rr<21             | - -
d20 | 1d1rr1                | - -
d20 | 0d6                   | 0 0
d20 | 1.5                   | - -
rdr | 4d6                   | 4 24
rdr | d%                    | 1 100
rdr | 4d%                   | 4 400
rdr | dF                    | -1 1
rdr | 4dF                   | -4 4
rdr | 2d6+1d4               | 3 16
rdr | 1d6*2                 | 2 12
rdr | 2d10/2                | 1 10
rdr | (4d6+2)*3             | 18 78
rdr | 4d6dl1                | 3 18
rdr | 4d6dh1                | 3 18
rdr | 4d6d1                 | 3 18
rdr | 4d6k2                 | 2 12
rdr | 4d6kl2                | 2 12
rdr | 4d6kh2                | 2 12
rdr | 1d6!                  | 1 126
rdr | 2d6!                  | 2 252
rdr | 1d6!>4                | 1 126
rdr | 1d6!=1                | 2 26
rdr | 4d6r                  | 8 24
rdr | 4d6ro                 | 4 24
rdr | 4d6r<3                | 12 24
rdr | 4d6>3                 | 0 4
rdr | 4d6cs>3               | 4 24
rdr | 4d6>=5f1              | -4 4
rdr | 4d6<3                 | 0 4
rdr | 4D6                   | 4 24
rdr | 4d6 + 2               | 6 26
rdr | 1d6!!                 | 1 126
fvtt | 4d6x                 | 4 504
rdr | 01d6                  | 1 6
rdr | d01                   | 1 1
rdr | 4d                    | - -
rdr | 4d6+                  | - -
rdr | (4d6                  | - -
rdr | 4d6)                  | - -
rdr | 1d1r                  | - -
'
# Where we differ: d20 rolls 1.5 as 1; we refuse it (numbers are whole).
# d20 takes "rol1" (reroll once, lowest); we refuse the selector.
# rpg-dice-roller refuses leading zeros; we read them as decimal.  Its "x"
# we refuse.  "1d1r" rerolls every face: refused, as rpg-dice-roller caps
# it.  Issue 25: 0d6 is 0 (d20), cs a marker that counts nothing and !!
# compounds (rpg-dice-roller docs/guide/notation/modifiers.md).

# peer_cases: the rows of PEERS, as the test below runs them, untraced.
peer_cases() {
	local n=0
	while IFS='|' read -r suite expr want; do
		[ -n "$suite" ] || continue
		expr=${expr#"${expr%%[! ]*}"} expr=${expr%"${expr##*[! ]}"}	# the blanks around it
		set -- $want
		n=$((n + 1))
		if [ "$1" = - ]; then
			run -2 --separate-stderr roll -- "$expr"
			one_error roll
			[[ $stderr == *"position "* ]] || { echo "$suite $expr: $stderr" >&2; false; }
			continue
		fi
		run -0 --separate-stderr roll -s 18 -n 2000 -- "$expr"
		printf '%s\n' "${lines[@]}" | awk -v lo="$1" -v hi="$2" -v e="$suite $expr" '
		    $1 < lo || $1 > hi { print e ": " $1 " outside " lo ".." hi > "/dev/stderr"; exit 1 }'
		run -0 roll -o -- "$expr"
		eq "$1" "$(tabcut 2 "${output%%$'\n'*}")"	# the lowest total has odds
	done <<< "$PEERS"
	[ "$n" -ge 60 ]
}

@test "the peers' notation: what roll accepts, the range it rolls, what it refuses" {
	untraced peer_cases
}

@test "the grammar's errors name the position of the token at fault" {
	check() { run -2 --separate-stderr roll -- "$1"; eq "roll: $1: $2" "$stderr"; }
	check '3d6+' 'position 5: expected a term'
	check 'd6/(d4-2)' "position 3: '/': the divisor could be 0"
	check 'd6%0' "position 3: '%': the divisor could be 0"
	check '2^d100' 'position 2: exponent: expected 0 to 64'
	check '2^-1' 'position 2: exponent: expected 0 to 64'
	check 'd6/0' "position 3: '/': the divisor could be 0"
	check '2d6r1ro2' 'position 6: reroll: once (ro) or until (r), not both'
	check 'd6u!' 'position 1: unique (u): not with a reroll or an explosion'
	check '7d6u' 'position 4: unique: more dice than faces'
	check 'd6mi5ma4' 'position 6: mi and ma: the least face above the most'
	check '{d6}kh1' 'position 1: a group of one expression: write its dice'"'"'s own modifiers'
	check '{d6,d8}r1' 'position 8: a group takes keep, drop and counts only'
	check 'min(d6)' "position 7: min: expected ',' and another expression"
	check '0d6kh1' 'position 4: no dice to modify: 0d6'
	check '(d6' "position 4: expected ')'"
	check '4d6kh3kl1' 'position 7: one keep or drop to a term'
	check '4d6dl1001' 'position 4: drop: expected 0 to 1000 dice'
	check 'd6r<7' 'position 3: reroll: every face would reroll'
	check '1000d1000000*1000000' 'position 13: a total could pass 10^12'
	check 'd6>' 'position 3: expected a comparison (=N, <N, >N, <=N, >=N, <>N)'
	check "$(printf 'd6%.0s+1' $(seq 40))" 'position 127: too many terms (at most 64)'
}

@test "case and spaces: every letter either case, spaces between tokens" {
	eq "$(roll -s 3 -n 50 4d6kh3)" "$(roll -s 3 -n 50 4D6KH3)"
	eq "$(roll -s 3 -n 50 '3d6r1>=4f1')" "$(roll -s 3 -n 50 '3D6R1>=4F1')"
	eq "$(roll -s 3 -n 50 '1d20+3')" "$(roll -s 3 -n 50 ' 1d20 +	3 ')"
	eq "$(roll -s 3 -n 50 'd6')" "$(roll -s 3 -n 50 '01d6')"
}

# ------------------------------------------------------------- the oracle
# brute EXPR N M R RC K KN S F: every outcome of N dice of M sides
# enumerated with its weight (R: "" none, o once, u until, on RC), keep K
# (h, l or "") KN of them, score S/F (success and failure comparisons, or
# ""): "EXPR TOTAL FRACTION" for every total, lowest first.
brute() {
	awk -v e="$1" -v N="$2" -v M="$3" -v R="$4" -v RC="$5" -v K="$6" -v KN="$7" \
	    -v S="$8" -v F="$9" '
	function c(v, x,  op, n) { op = x; sub(/[0-9]+$/, "", op); n = substr(x, length(op) + 1) + 0
		return op == "<" ? v < n : op == ">" ? v > n : op == "<=" ? v <= n : op == ">=" ? v >= n : v == n }
	function gcd(a, b, t) { while (b) { t = a % b; a = b; b = t } return a }
	function frac(n, d, g) { if (n == 0) return "0"; if (n == d) return "1"
		g = gcd(n, d); return (d / g == 1) ? n / g : (n / g) "/" (d / g) }
	function score(v) { if (S == "" && F == "") return v; return (S != "" && c(v, S)) - (F != "" && c(v, F)) }
	BEGIN {
		m = 0; for (v = 1; v <= M; v++) m += R != "" && c(v, RC)
		for (v = 1; v <= M; v++) {
			w[v] = R == "o" ? (c(v, RC) ? 0 : M) + m : R == "u" ? !c(v, RC) : 1
		}
		dd = R == "o" ? M * M : R == "u" ? M - m : M
		all = dd ^ N
		for (i = 0; i < M ^ N; i++) {
			x = i; wt = 1
			for (j = 0; j < N; j++) { f[j] = x % M + 1; x = int(x / M); wt *= w[f[j]] }
			if (wt == 0) continue
			for (a = 1; a < N; a++) { v = f[a]; for (b = a - 1; b >= 0 && f[b] > v; b--) f[b + 1] = f[b]; f[b + 1] = v }
			s = 0; kn = K == "" ? N : KN
			for (j = (K == "h" ? N - kn : 0); j < (K == "h" ? N : kn); j++) s += score(f[j])
			cnt[s] += wt; if (!(s in seen)) { seen[s]; if (lo == "" || s < lo) lo = s; if (hi == "" || s > hi) hi = s }
		}
		for (t = lo; t <= hi; t++) if (cnt[t] > 0) printf "%s\t%d\t%s\n", e, t, frac(cnt[t], all)
	}'
}

# brute_all: for each expression of the test below, its brute-force odds
# appended to "brute" and the expression to the array exprs; run untraced.
brute_all() {
	for N in 1 2 3; do for M in 2 3 6; do
	for R in "" r1 ro1 "r<2" "ro>2"; do for K in "" kh1 kl1 dl1; do for S in "" ">=2" ">2f1"; do
		[ -z "$K" ] || [ "$N" -ge 2 ] || continue
		[ "$R" != "r<2" ] || [ "$M" -ge 2 ] || continue
		case "$R$S" in r1*|ro1*) [ -z "$K$S" ] || [ "$N" -ge 2 ] || continue ;; esac
		[ $(( (N * 7 + M * 3 + ${#R} * 5 + ${#K} + ${#S}) % 3 )) -eq 0 ] || continue	# a third of them
		rr=; rc=
		case $R in r1) rr=u rc=1;; ro1) rr=o rc=1;; "r<2") rr=u rc="<2";; "ro>2") rr=o rc=">2";; esac
		k=; kn=
		case $K in kh1) k=h kn=1;; kl1) k=l kn=1;; dl1) k=h kn=$((N - 1));; esac
		s=; f=
		case $S in ">=2") s=">=2";; ">2f1") s=">2" f=1;; esac
		[ "$rr" != u ] || [ "$rc" != "1" ] || [ "$M" -gt 1 ]
		e="${N}d$M$R$K$S"
		brute "$e" "$N" "$M" "$rr" "$rc" "$k" "$kn" "$s" "$f" >> brute
		exprs+=("$e")
	done; done; done; done; done
	# one roll -o for them all: its odds, expression after expression
	roll -o "${exprs[@]}" | grep -Pv '\t(mean|sd)\t' | cut -f1-3 > odds
	echo "${#exprs[@]} expressions" >&3
	[ "${#exprs[@]}" -ge 100 ]
}

@test "-o: every probability equals a brute-force enumeration, over 100 expressions" {
	untraced brute_all
	diff brute odds
}

# ------------------------------------------------------------- fairness
# chi2 EXPR SEED N: N rolls at a fixed seed against the exact odds of -o,
# totals of expected count 5 or more; prints "statistic df".  unit chi
# counts the same in C, 10 times faster: the test below runs it for every
# operator, and this once, to show that both count what roll rolls.
chi2() {
	paste <(roll -s "$2" -n "$3" -- "$1" | sort -n | uniq -c | awk '{ print $2 "\t" $1 }') \
	    /dev/null > observed
	roll -o -- "$1" | grep -Pv '\t(mean|sd)\t' | cut -f2,3 > expected
	awk -F'\t' -v n="$3" 'NR == FNR { o[$1] = $2; next }
	    { split($2, p, "/"); q = (2 in p) ? p[1] / p[2] : p[1]; e = n * q
	      if (e < 5) { lump_e += e; lump_o += o[$1]; next }
	      s += (o[$1] - e) ^ 2 / e; k++ }
	    END { if (lump_e > 0) { s += (lump_o - lump_e) ^ 2 / lump_e; k++ } printf "%.3f %d\n", s, k - 1 }' observed expected
}

# chi2_limit DF: chi-square's critical value at p=0.001 (Wilson-Hilferty, z = 3.090).
chi2_limit() {
	awk -v d="$1" 'BEGIN { z = 3.090; h = 2 / (9 * d); printf "%.3f\n", d * (1 - h + z * sqrt(h)) ^ 3 }'
}

# fair "EXPR SEED" ...: each EXPR's 1,000,000 rolls at its seed against its
# exact odds, below the chi-square critical value at p=0.001.
fair() {
	local row x df crit
	for row; do
		set -- $row
		read -r x df <<< "$(unit chi "$1" "$2" 1000000)"	# as chi2 counts it, faster
		crit=$(chi2_limit "$df")
		echo "$1: chi-square $x, $df df, limit $crit" >&3
		below "$x" "$crit"
	done
}

@test "each new operator is fair: chi-square over 1,000,000 rolls at fixed seeds (p=0.001)" {
	# critical values of chi-square at p=0.001 for the df each gives
	fair "3d6r1 1" "3d6ro1 2" "4d6dl1 3" "2d6! 4" "10d10>=8 5" "4dF 6" "(2d6+3)*2 7" \
	    "2d4+1d6 8" "d20//3 9" "6d6>4f1 10" "d6!>4 11"
	# unit chi counts what roll -s SEED -n N rolls, as the awk of chi2 counts it
	eq "$(chi2 '2d6!' 4 100000)" "$(unit chi '2d6!' 4 100000)"
	eq "$(chi2 '6d6>4f1' 10 100000)" "$(unit chi '6d6>4f1' 10 100000)"
	eq "$(chi2 '3d6!!>=5kl2' 23 100000)" "$(unit chi '3d6!!>=5kl2' 23 100000)"
	eq "$(chi2 '(d3)d6' 30 100000)" "$(unit chi '(d3)d6' 30 100000)"
}

# ------------------------------------------------------------- roll's new parts
@test "standard input: one expression a line, as the operands would roll" {
	eq "$(roll -s 7 3d6 1d8+2)" "$(printf '3d6\n\n1d8+2\n' | roll -s 7)"
	eq "$(roll -s 7 -n 3 -c 12 d20+3)" "$(echo d20+3 | roll -s 7 -n 3 -c 12 || true)"
	run -2 --separate-stderr sh -c 'printf "3d6\n3d6+\n" | roll'
	eq "roll: stdin: 3d6+: position 5: expected a term" "$stderr"
	eq "$(roll -s 7 d20)" "$(roll -s 7 < /dev/null)"	# no expression: a d20
}

@test "-v marks each die; -j carries the same text" {
	eq "8	4d6kh3	4,(1),1,3" "$(roll -s 7 -v 4d6kh3 2>/dev/null)"
	eq "9	3d6r1	4,1r2,3" "$(roll -s 7 -v 3d6r1 2>/dev/null)"
	# issue 25: ! adds extra dice, each its own (commas); !! compounds into one
	eq "21	d1!	1!,1!,1!,1!,1!,1!,1!,1!,1!,1!,1!,1!,1!,1!,1!,1!,1!,1!,1!,1!,1" "$(roll -s 7 -v 'd1!' 2>/dev/null)"
	eq "21	d1!!	1!1!1!1!1!1!1!1!1!1!1!1!1!1!1!1!1!1!1!1!1" "$(roll -s 7 -v 'd1!!' 2>/dev/null)"
	# issue 25: the success count is the bare comparison; cs and cf only mark
	eq "0	10d10>=8f1	7,2,2,4,6,5,5,4,1~,8*" "$(roll -s 7 -v '10d10>=8f1' 2>/dev/null)"
	eq "44	10d10cs>=8cf1	7,2,2,4,6,5,5,4,1_,8^" "$(roll -s 7 -v '10d10cs>=8cf1' 2>/dev/null)"
	eq "5	2d4+1d6	3,1 1" "$(roll -s 7 -v 2d4+1d6 2>/dev/null)"
	roll -s 7 -j -v 4d6kh3 2>/dev/null | grep -q '"4,(1),1,3"'
}

@test "-c names the roller and a natural 20 or 1" {
	run -1 roll -s 7 -c 12 Ann:d20+3 Bo:d20+1
	eq "roll	1	d20+3	13	16	12	pass	Ann: d20+3: 13+3 = 16 against DC 12: success." "${lines[0]}"
	eq "roll	1	d20+1	3	4	12	fail	Bo: d20+1: 3+1 = 4 against DC 12: failure." "${lines[1]}"
	run -0 sh -c 'roll -s 1 -n 400 -c -100 d20 | grep -c "(a natural 20: 004"'
	[ "$output" -gt 5 ]
	run -0 sh -c 'roll -s 1 -n 400 -c -100 d20 | awk -F"\t" "/natural 1\\)/ && \$4 != 1 { exit 1 } /natural 20/ && \$4 != 20 { exit 1 }"'
}

@test "-o: exact odds at any size; -O finer; -g a histogram" {
	eq "100d100	mean	5050	5050.0000" "$(roll -o 100d100 | tail -1)"
	# issue 25: the sd a number by default ("~" rounded), exact with -x
	eq "100d100	sd	~288.660700	288.6607" "$(roll -o 100d100 | tail -2 | head -1)"
	eq "100d100	sd	sqrt(83325)	288.6607" "$(roll -x 100d100 | tail -2 | head -1)"
	eq "d2	sd	0.500000	0.5000" "$(roll -o d2 | tail -2 | head -1)"	# exact: no ~
	eq "4d6!kh3	sd	sqrt(5544443471/544195584)	3.1919" "$(roll -x '4d6!kh3' | tail -2 | head -1)"
	run -2 --separate-stderr roll -x -c 3 d6
	eq "roll: -x: the standard deviation of the totals; give it without -c, -t or -g" "$stderr"
	eq "25d6	25	1/28430288029929701376	0.0000" "$(roll -o 25d6 | head -1)"	# 6^25
	eq "4d4kh4	4	1/256	0.0039" "$(roll -o 4d4kh4 | head -1)"	# as written
	eq "2d6	7	1/6	~1.66666666666667e-1" "$(roll -O 2d6 | grep -P '^2d6\t7\t')"
	eq "2d6	2	1/36	~2.77777777777778e-2" "$(roll -O 2d6 | head -1)"
	eq "d4	1	1/4	2.5e-1" "$(roll -O d4 | head -1)"	# exact: no ~
	eq "100d100	100	1/100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000	1e-200" "$(roll -O 100d100 | head -1)"
	run -0 roll -g -w 20 3d6
	eq "3d6" "${lines[0]}"
	eq " 3   0.46% #" "${lines[1]}"
	eq "10  12.50% ####################" "${lines[8]}"
	eq "18   0.46% #" "${lines[16]}"
	run -2 --separate-stderr roll -w 20 3d6
	eq "roll: -w: the width of the bars of -g; give -g too" "$stderr"
	run -2 --separate-stderr roll -g -c 3 d6
	one_error roll
}

@test "roll.6: the examples of issue 18 give the output shown by them" {
	eq "$(printf 'roll\t1\td20+3\t13\t16\t12\tpass\tAnn: d20+3: 13+3 = 16 against DC 12: success.\nroll\t1\td20+1\t3\t4\t12\tfail\tBo: d20+1: 3+1 = 4 against DC 12: failure.\nroll\t1\td20\t4\t4\t12\tfail\tCy: d20: 4 against DC 12: failure.')" \
	    "$(roll -s 7 -c 12 Ann:d20+3 Bo:d20+1 Cy:d20)"
	eq "$(printf '6\n5')" "$(printf '3d6\n1d8+2\n' | roll -s 7)"
	eq "$(printf '8\t4d6kh3\t4,(1),1,3\n10\t3d6r1\t4,3,3')" "$(roll -s 7 -v 4d6kh3 3d6r1 2>/dev/null)"
	eq "$(printf '4\n1')" "$(roll -s 7 'd6!' '10d10>=8')"
	eq "100d100	mean	5050	5050.0000" "$(roll -o 100d100 | tail -1)"
	eq 17 "$(roll -g -w 20 3d6 | wc -l | tr -d ' ')"
	eq "~9.35686613067101e-1" "$(roll -O 50d6kh5 | awk -F'\t' '$2 == 30 { print $4 }')"
}

@test "expr_scan: the dice expression at the start of a table entry, and its length" {
	eq "3 dice" "$(unit scan '2d4 goblins')"
	eq "5 dice" "$(unit scan '1d6+1 wolves')"
	eq "7 dice" "$(unit scan '(2d6)*3  orcs')"
	eq "2 dice" "$(unit scan 'd6 damage')"
	eq "1 constant" "$(unit scan '3 bats')"
	eq "3 dice" "$(unit scan 'd20+ a')"	# the longest expression: "+ a" is text
	eq "3 dice" "$(unit scan 'd20 - more')"
	run -2 --separate-stderr unit scan 'goblins'
	eq "unit: goblins: position 1: expected a term" "$stderr"
}

# ------------------------------------------------------------- issue 25
# The peers' meanings: ! explodes into extra dice (rpg-dice-roller
# docs/guide/notation/modifiers.md "Exploding": each exploded die a roll of
# its own; Roll20's dice reference), !! compounds, !p penetrates (-1 each
# extra die); cs/cf mark and count nothing; mi/ma and rr (avrae/d20
# README.md, "Set Operations"); // floors (avrae: Python).
@test "issue 25: -o of each new dice modifier equals an enumeration of every draw (unit brute)" {
	n=0
	# (2d4ro<2!, a sum: a third die, which adds nothing a sum of two does
	# not test, took the enumeration of every draw 2 s)
	for e in '2d6!dl1' '3d4!kh2' '2d4!p' '3d3!kl1' '3d4mi2ma3!' '3d3!>=3>=2' \
	    '2d5!pdh1' '3d4!!kh2' '1d2!' '3d4!d2' '2d4!!' '3d4r1!kh2' '2d4ro<2!' \
	    '2d4!f1' '2d4!>=4>=3f1' '2d3r1r3' '3d4r<>2' '2d4!p=4<2' '3d4!<=1kl2' \
	    '2d6mi3!!' '2d4!!p' '3d4!kh1' '2dF!' '2d4r!=3' '3d4mi3kh2' '2d6cs>5cf1' \
	    '0d6' '2d4!!p>=4kl1' '3d3ro1r3' '2d4ma2!>=4f<2' \
	    '2d6!!=5' '2d4!!=3' '2d6!!=4kh1' '2d20cs' '3d6cf' '3d4mi6' '3d4min2max3' \
	    '2d4ma0' '2d4!!mi6'; do
		diff <(unit brute "$e") <(roll -o -- "$e" | grep -Pv '\t(mean|sd)\t' | cut -f1-3) ||
		    { echo "$e" >&2; false; }
		n=$((n + 1))
	done
	echo "$n expressions" >&3
	# bounds the parser gives hold what -o counts: 4d6!kh3 is 3..18 (rpg-dice-roller)
	eq "3 18" "$(roll -o '4d6!kh3' | grep -Pv '\t(mean|sd)\t' | sed -n '1p;$p' | cut -f2 | paste -sd' ')"
	eq "8 360" "$(roll -o '8d45cs=12' | grep -Pv '\t(mean|sd)\t' | sed -n '1p;$p' | cut -f2 | paste -sd' ')"
}

# pairs EXPR A B OP: every pair of faces of dA and dB under OP, as -o shows them.
pairs() {
	awk -v e="$1" -v A="$2" -v B="$3" -v op="$4" '
	function fl(x) { return x == int(x) ? x : (x < 0 ? int(x) - 1 : int(x)) }
	function gcd(a, b, t) { while (b) { t = a % b; a = b; b = t } return a }
	BEGIN { for (a = 1; a <= A; a++) for (b = 1; b <= B; b++) {
		if (op == "*") v = a * b; else if (op == "/") v = fl(a / b); else if (op == "%") v = a - b * fl(a / b)
		else if (op == "^") v = a ^ b; else if (op == "max") v = a > b ? a : b; else if (op == "min") v = a < b ? a : b
		else if (op == "ceil") v = -fl(-a / b); else if (op == "round") v = fl(a / b + 0.5); else v = a > b ? a - b : b - a
		c[v]++; if (lo == "" || v < lo) lo = v; if (hi == "" || v > hi) hi = v }
	    for (t = lo; t <= hi; t++) if (c[t]) { g = gcd(c[t], A * B)
		printf "%s\t%d\t%s\n", e, t, (A * B / g == 1) ? c[t] / g : (c[t] / g) "/" (A * B / g) } }'
}

@test "issue 25: -o of the operators and functions equals every pair enumerated; groups as the dice they equal" {
	for row in 'd6*d4 6 4 *' 'd6/d4 6 4 /' 'd6//d4 6 4 /' 'd6%d4 6 4 %' 'd4^d3 4 3 ^' \
	    'd4**d3 4 3 ^' 'max(d6,d4) 6 4 max' 'min(d6,d4) 6 4 min' 'ceil(d6/d4) 6 4 ceil' \
	    'round(d6/d4) 6 4 round' 'floor(d6/d4) 6 4 /' 'abs(d6-d4) 6 4 abs'; do
		set -- $row
		diff <(pairs "$1" "$2" "$3" "$4") <(roll -o -- "$1" | grep -Pv '\t(mean|sd)\t' | cut -f1-3) ||
		    { echo "$1" >&2; false; }
	done
	same() { diff <(roll -o -- "$1" | cut -f2-4) <(roll -o -- "$2" | cut -f2-4) || { echo "$1 vs $2" >&2; false; }; }
	same '{d6,d6,d6}kh2' '3d6kh2'
	same '{d6,d6,d6}dl1' '3d6kh2'
	same '{d6,d6,d6}kl1' '3d6kl1'
	same '{d6,d6}>3' '2d6>3'
	same '{d6,d6,d6}>=5f1' '3d6>=5f1'
	same '{d6,d6}' '2d6'
	same 'd6!' 'd6!!'		# one die: extra dice add as compounding does
	same '3d6!' '3d6!!'		# summed: the same totals; kept or counted, not
	same '(1+1)d6' '2d6'		# a computed count (Foundry VTT's (1d4)d6)
	same '(2)d6kh1' '2d6kh1'
	same '-7%3' '2'
	same '15//2' '7'		# avrae: Python's floor division
	same '-2^2' '-4'
	same '+3' '3'
}

@test "issue 25: each new operator is fair: chi-square over 1,000,000 rolls at fixed seeds (p=0.001)" {
	fair "4d6!kh3 21" "d6!p 22" "3d6!!>=5kl2 23" "d6*d6 24" "{d6,d8}kh1 25" "8d6mi2 26" \
	    "6d10!>=9>=8 27" "2d8r1r3 28" "max(d6,d8)%5 29"
}

@test "issue 25: -v shows extra dice, penetration, unique draws and markers; every form of up to 20 dice answers -o" {
	# the extra dice by commas, kept and dropped on their own: 6+6+6 = 18
	eq "18	4d6!kh3	(4),6!,(3),6!,(1),6!,(1)" "$(roll -s 2 -v '4d6!kh3' 2>/dev/null)"
	# a group: its dice, then its totals, a dropped one in (), a success *
	eq "20	{4d6+2d8,3d20+3}kh1	4,1,1,3 5,4 9,7,1 {(18),20}" "$(roll -s 7 -v '{4d6+2d8,3d20+3}kh1' 2>/dev/null)"
	eq "1	{d6,d6,d6}>3	4 1 1 {4*,1,1}" "$(roll -s 7 -v '{d6,d6,d6}>3' 2>/dev/null)"
	# penetrating: an extra die shows its face less one (3 as 2, 1 as 0)
	eq "18	3d6!p	4,6!,2,6!,0" "$(roll -s 2 -v '3d6!p' 2>/dev/null)"
	run -0 roll -s 3 -v '4d6u'
	[[ $output == *"2u6"* ]]
	run -2 --separate-stderr roll -o 4d6u
	eq "roll: -o: 4d6u: unique dice (u): not counted exactly; roll -n many instead" "$stderr"
	for e in '20d6!' '20d6!kh10' '20d10!kh3' '20d6!dl1' '20d20!>=8' '20d6!p' '20d10!!kh5' \
	    '20d10!' '20d100!' '20d6!!>=4' '20dF!' '20d10!>=8>=8' '20d20!kh1' '20d6!>4kh3' \
	    '20d(d100)' '20d(d20)kh3' '20d(2d10)>12'; do
		run roll -o -- "$e"	# exact odds or a refusal, each under a second (make bench)
		[ "$status" -eq 0 ] || [[ $output == *"too much counting"* ]] || { echo "$e: $output" >&2; false; }
	done
}

@test "issue 25: 100,000 random expressions of the whole grammar, each rolled 100 times, stay within the bounds parsed (unit bounds)" {
	run -0 unit bounds 25 100000
	read -r parsed refused outside <<< "$output"
	echo "$parsed parsed, $refused refused, $outside outside their bounds" >&3
	[ "$parsed" -ge 50000 ]
	eq 0 "$outside"
}

@test "issue 25: (EXPR)dN, a computed count: the mixture of the counts' odds, its draws first" {
	# (d2)d6 is d6 or 2d6, each half the time: a/b/2 + c/d/2 for every total
	mix() { join -t$'\t' -a1 -a2 -e 0 -o 0,1.2,2.2 <(roll -o d6 | grep -Pv 'mean|sd' | cut -f2,3 | sort) \
	    <(roll -o 2d6 | grep -Pv 'mean|sd' | cut -f2,3 | sort) | sort -n | awk -F'\t' '
	    function g(a, b, t) { while (b) { t = a % b; a = b; b = t } return a }
	    function num(f) { split(f, p, "/"); return p[1] } function den(f) { split(f, p, "/"); return (2 in p) ? p[2] : 1 }
	    { n = num($2) * den($3) + num($3) * den($2); d = 2 * den($2) * den($3); k = g(n, d)
	      printf "(d2)d6\t%d\t%s\n", $1, d / k == 1 ? n / k : (n / k) "/" (d / k) }'; }
	diff <(mix) <(roll -o '(d2)d6' | grep -Pv '\t(mean|sd)\t' | cut -f1-3)
	eq "3	(d3)d6	1 3" "$(roll -s 3 -v '(d3)d6' 2>/dev/null)"	# the count's d3 first
	read -r x df <<< "$(unit chi '(d3)d6' 30 1000000)"	# as chi2 counts it
	below "$x" "$(chi2_limit "$df")"
	run -2 --separate-stderr roll '(d4)d6kh2'
	eq "roll: (d4)d6kh2: position 1: keep: the count could be less than 2" "$stderr"
	run -2 --separate-stderr roll '(d6-2)d6'
	eq "roll: (d6-2)d6: position 1: count: expected 0 to 1000 dice" "$stderr"
}

@test "issue 25: !!=N compounds on N; bare cs and cf mark the highest and lowest face; min and max as mi and ma, beyond the faces too; u=N" {
	same() { diff <(roll -o -- "$1" | cut -f2-4) <(roll -o -- "$2" | cut -f2-4) || { echo "$1 vs $2" >&2; false; }; }
	# rpg-dice-roller: 2d6!!=4 compounds on a 4, not on "not 4"
	same '2d6!!=4' '2d6!!4'
	eq "2 8.4000" "$(roll -o '2d6!!=5' | awk -F'\t' 'NR == 1 { lo = $2 } $2 == "mean" { print lo, $4 }')"
	same '2d6!!!=4' '2d6!!<>4'
	# a bare cs, cf: the highest and the lowest face, markers only
	same '2d20cs' '2d20cs=20'
	same '2d20cf' '2d20cf=1'
	same '2d20cs' '2d20'
	eq "1	d20cf	1_" "$(for s in $(seq 1 200); do roll -s "$s" -v d20cf 2>/dev/null; done | grep -m1 '^1	')"
	# rpg-dice-roller's min and max are avrae's mi and ma; min( and max( are functions
	same 'd6min3' 'd6mi3'
	same '6d10min3max6' '6d10mi3ma6'
	same '6d10MIN3MAX6' '6d10mi3ma6'
	run -2 --separate-stderr roll 'd6max(3)'
	eq "roll: d6max(3): position 3: expected an operator or the end" "$stderr"
	# avrae: mi beyond the faces makes every die show it (test_mi_op: 10d6mi10 is 100)
	eq "10d6mi10	100	1	1.0000" "$(roll -o 10d6mi10 | head -1)"
	eq "2d6ma0	0	1	1.0000" "$(roll -o 2d6ma0 | head -1)"
	run -2 --separate-stderr roll 'd6mi5ma4'
	eq "roll: d6mi5ma4: position 6: mi and ma: the least face above the most" "$stderr"
	# rpg-dice-roller's 4d6u=5: only a second 5 draws again
	eq "0 1" "$(roll -s 1 -n 3000 '4d6u=5=5' | sort -un | paste -sd' ')"
	[ "$(roll -s 1 -n 3000 '4d6u=5=6' | sort -un | tail -1)" -ge 3 ]
	eq "0 1 2 3 4" "$(roll -s 1 -n 3000 '4d6=5' | sort -un | paste -sd' ')"
	run -0 roll -s 1 -n 3000 '7d6u<3'	# 1 and 2 once each: 7 dice need 5 faces free
	run -2 --separate-stderr roll '7d6u'
	eq "roll: 7d6u: position 4: unique: more dice than faces" "$stderr"
}

# sided EXPR N A B HOW [C]: every draw of Nd(AdB) enumerated, the sides
# first: each sides s weighs (L/s)^N over B^A L^N, L the lcm of every s;
# HOW sum, kh1 (the highest) or gt (dice above C); as -o shows it.
sided() {
	awk -v e="$1" -v N="$2" -v A="$3" -v B="$4" -v how="$5" -v C="${6:-0}" '
	function gcd(a, b, t) { while (b) { t = a % b; a = b; b = t } return a }
	function sides(k, s) { if (k == A) { ns[s]++; return } for (var[k] = 1; var[k] <= B; var[k]++) sides(k + 1, s + var[k]) }
	function dice(k, s, v, w) { if (k == N) { c[v] += w; return }
		for (f[k] = 1; f[k] <= s; f[k]++)
			dice(k + 1, s, how == "sum" ? v + f[k] : how == "kh1" ? (f[k] > v ? f[k] : v) : v + (f[k] > C), w) }
	BEGIN { sides(0, 0); L = 1; for (s in ns) L = L * s / gcd(L, s + 0)
	    for (s in ns) dice(0, s + 0, 0, ns[s] * (L / s) ^ N)
	    D = B ^ A * L ^ N; lo = ""; for (v in c) { if (lo == "" || v + 0 < lo) lo = v + 0; if (hi == "" || v + 0 > hi) hi = v + 0 }
	    for (v = lo; v <= hi; v++) if (c[v]) { g = gcd(c[v], D)
		printf "%s\t%d\t%s\n", e, v, D / g == 1 ? c[v] / g : sprintf("%d/%d", c[v] / g, D / g) } }'
}

@test "issue 25: Nd(EXPR), computed sides: every draw enumerated, the sides first; only the modifiers that read no face" {
	for row in 'd(2d4) 1 2 4 sum' '3d(d4) 3 1 4 sum' '2d(d3)kh1 2 1 3 kh1' '3d(d4)>2 3 1 4 gt 2' '2d(2d3) 2 2 3 sum'; do
		set -- $row
		diff <(sided "$@") <(roll -o -- "$1" | grep -Pv '\t(mean|sd)\t' | cut -f1-3) || { echo "$1" >&2; false; }
	done
	# dicelab -c: d(sum(2#d4)) is 1 with 0.226711 and 8 with 0.007812
	eq "0.226711 0.007812" "$(roll -o -- 'd(2d4)' | awk -F'\t' '$2 == 1 || $2 == 8 { split($3, q, "/"); printf "%.6f\n", q[1] / q[2] }' | paste -sd' ')"
	eq "3d(2*6)	3	1/1728	0.0006" "$(roll -o '3d(2*6)' | head -1)"
	eq "2	d(2d4)	1,2 2" "$(roll -s 3 -v 'd(2d4)' 2>/dev/null)"	# the sides' 2d4 first
	read -r x df <<< "$(chi2 '2d(2d4)' 31)"
	below "$x" "$(chi2_limit "$df")"
	run -2 --separate-stderr roll 'd(2d4)!'
	eq "roll: d(2d4)!: position 7: computed sides: only keep, drop and success counts" "$stderr"
	run -2 --separate-stderr roll '(d2)d(d4)'
	eq "roll: (d2)d(d4): position 1: a computed count and computed sides: not both" "$stderr"
	run -2 --separate-stderr roll 'd(d4-1)'
	eq "roll: d(d4-1): position 1: sides: expected 1 to 1000000" "$stderr"
}

# ------------------------------------------------ issue 36: dialects, new forms
@test "issue 36: -o of each dialect's operators equals tests/dice-oracle.py, written from the peers' documentation" {
	command -v python3 >/dev/null || skip "no python3"
	n=0
	while IFS="$(printf '\t')" read -r d e; do
		case $d in '#'*|'') continue ;; esac
		diff <(printf '%s\t%s\n' "$d" "$e" | python3 "$TOP/tests/dice-oracle.py") \
		    <(roll -D "$d" -o -- "$e" | grep -Pv '\t(mean|sd)\t' | cut -f1-3) ||
		    { echo "-D $d $e" >&2; false; }
		n=$((n + 1))
	done < "$TOP/tests/dice-oracle.cases"
	[ "$n" -ge 60 ]
	echo "$n expressions" >&3
}

@test "issue 36: each new operator is fair: chi-square over 100,000 rolls at a fixed seed (p=0.001)" {
	local x df crit
	for c in "foundry 4d6r1 31" "foundry 5d6cs>4 32" "foundry 4d6cf<=3 33" "foundry 3d6xo 34" \
	    "roll20 3d6>3 35" "avrae 2d% 36" "avrae 4d6rol1 37" "roll 6d6even 38" "roll 4d6max3 39" \
	    "roll 3d6kh5 40" "roll 4d6s1 41" "roll 4d6kh 42" "roll 4d6sd 43" "roll 5d10odd 44" \
	    "roll20 8d6mt 45" "roll20 5d6mt>4 46"; do
		set -- $c
		export DELVING_DICE=$1
		read -r x df <<< "$(chi2 "$2" "$3" 100000)"
		unset DELVING_DICE
		crit=$(chi2_limit "$df")
		echo "-D $1 $2: chi-square $x, $df df, limit $crit" >&3
		below "$x" "$crit"
	done
}

@test "issue 36: s, sa, sd show the dice sorted, the total the same; -D and DELVING_DICE, a bad one refused" {
	eq "9	4d6	4,1,1,3" "$(roll -s 7 -v 4d6 2>/dev/null)"
	eq "9	4d6s	1,1,3,4" "$(roll -s 7 -v 4d6s 2>/dev/null)"
	eq "9	4d6sa	1,1,3,4" "$(roll -s 7 -v 4d6sa 2>/dev/null)"
	eq "9	4d6sd	4,3,1,1" "$(roll -s 7 -v 4d6sd 2>/dev/null)"
	eq "8	4d6s1	4,(1),1,3" "$(roll -s 7 -v 4d6s1 2>/dev/null)"
	eq "$(roll -D avrae -s 3 -n 5 1d%)" "$(DELVING_DICE=avrae roll -s 3 -n 5 1d%)"
	eq "$(roll -s 3 -n 5 1d%)" "$(DELVING_DICE=avrae roll -D roll -s 3 -n 5 1d%)"	# -D wins
	run -2 --separate-stderr roll -D hackmaster d6
	eq "roll: -D: 'hackmaster': not a dialect (roll, foundry, roll20, avrae, rpg-dice-roller)" "$stderr"
	run -2 --separate-stderr env DELVING_DICE=x roll d6
	eq "roll: DELVING_DICE: 'x': not a dialect (roll, foundry, roll20, avrae, rpg-dice-roller)" "$stderr"
	run -2 --separate-stderr roll -D foundry '6d6cs>4cf<2'
	eq "roll: 6d6cs>4cf<2: position 8: Foundry: one count (cs or cf) to a term" "$stderr"
	run -2 --separate-stderr roll -D avrae '1d%r1'
	eq "roll: 1d%r1: position 1: avrae's d%, a tens die: keep and drop only" "$stderr"
	run -2 --separate-stderr roll -D avrae '2d6rol1r2'
	eq "roll: 2d6rol1r2: position 1: avrae's rol: alone on its dice here" "$stderr"
	eq "-48" "$(roll -s 1 4d20max-12)"
}

@test "a term that drops or keeps none of its dice totals 0 on every path: -n's fast lines, one roll, -j, -v, -o, a table row's dice (the fuzzer's d6490d016 read out of bounds)" {
	local e
	for e in 1d6d2 3d6d3 4d6dl4 2d6kh0 d6490d016; do
		eq "0 0 0 0 0" "$(roll -s 1 -n 5 "$e" | paste -sd' ')"
		eq 0 "$(roll -s 2 "$e")"
		eq '{"total":0}' "$(roll -s 3 -j "$e")"
		[[ $(roll -s 4 -v "$e" 2> /dev/null) == "0	$e	("* ]]
		eq "$e	0	1	1.0000" "$(roll -o "$e" | head -1)"
	done
	printf '| d1 | Who |\n|--|--|\n| 1 | 1d6d2 goblins and 2d4 rats |\n' > t.md
	[[ $(roll -s 1 -t t.md) == *"0 goblins and "[2-8]" rats"* ]]
}
