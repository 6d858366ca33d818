#!/usr/bin/env bats
# roll(6): dice expressions, checks, the seeds' tables by name, exact odds.
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# brute EXPR N M K h|l MOD: every one of the M^N outcomes enumerated, the
# kept K summed plus MOD: "EXPR TOTAL FRACTION" for each total, then the
# mean as "EXPR mean FRACTION", fractions reduced as roll -o gives them.
brute() {
	awk -v e="$1" -v N="$2" -v M="$3" -v K="$4" -v hl="$5" -v mod="$6" '
	function gcd(a, b, t) { while (b) { t = a % b; a = b; b = t } return a }
	function frac(n, d, g) { if (n == 0) return "0"; if (n == d) return "1"
		g = gcd(n < 0 ? -n : n, d); return (d / g == 1) ? n / g : (n / g) "/" (d / g) }
	BEGIN {
		all = M ^ N
		for (i = 0; i < all; i++) {
			x = i
			for (j = 0; j < N; j++) { f[j] = x % M + 1; x = int(x / M) }
			for (a = 1; a < N; a++) { v = f[a]; for (b = a - 1; b >= 0 && f[b] > v; b--) f[b + 1] = f[b]; f[b + 1] = v }
			s = 0
			for (j = (hl == "h" ? N - K : 0); j < (hl == "h" ? N : K); j++) s += f[j]
			c[s + mod]++
			sum += s + mod
		}
		for (t = K + mod; t <= K * M + mod; t++) printf "%s\t%d\t%s\n", e, t, frac(c[t], all)
		printf "%s\tmean\t%s\n", e, frac(sum, all)
	}'
}

# observed COUNTS vs the odds of roll -o: "count fraction" lines on stdin;
# prints the chi-square statistic.
vs_odds() {
	awk '{ split($2, p, "/"); o[NR] = $1; q[NR] = (2 in p) ? p[1] / p[2] : p[1]; n += $1 }
	     END { for (i = 1; i <= NR; i++) { e = n * q[i]; s += (o[i] - e) ^ 2 / e } printf "%.3f\n", s }'
}

# ---------------------------------------------------------------- usage

@test "each option with a bad value: one error line naming the value, exit 2" {
	check() { run -2 --separate-stderr roll "$@"; one_error roll; [ -z "$output" ]; }
	check -n abc; eq "roll: -n: 'abc': expected a whole number from 0 to 1000000000000000000" "$stderr"
	check -n -1
	check -n ''
	check -n 99999999999999999999
	check -c x d20; eq "roll: -c: 'x': expected a whole number from -2000000000 to 2000000000" "$stderr"
	check -c 2000000001 d20
	check -c '' d20
	check -c 12 -t injury; eq "roll: -c: a table has no DC: give -c or -t, not both" "$stderr"
	check -o -n 3 d6; eq "roll: -n: -o counts the odds and rolls nothing" "$stderr"
	check -o -s 3 d6; eq "roll: -s: -o counts the odds and rolls nothing" "$stderr"
	check -o -v d6; eq "roll: -v: -o counts the odds and rolls no dice to show" "$stderr"
	check -t list d6; eq "roll: -t list: lists the tables; give it alone" "$stderr"
	check -t list -n 2
	check -t list -o
	check -t list -c 3
	check -t list -s 1
	check -t list -v
	check -t injry; eq "roll: -t: 'injry': neither a table (roll -t list) nor a file" "$stderr"
	check -t ./missing; eq "roll: ./missing: No such file or directory" "$stderr"
	# a name with a . is a file's: the system's error, as hazard -t says it
	check -t missing.md; eq "roll: missing.md: No such file or directory" "$stderr"
	check -t 'missing.csv#loot'; eq "roll: missing.csv: No such file or directory" "$stderr"
	check -t 'injry#loot'; eq "roll: -t: 'injry#loot': neither a table (roll -t list) nor a file" "$stderr"
	check -t .; eq "roll: .: not a regular file" "$stderr"
	check -t alarm; eq "roll: -t: alarm: the alarm rules roll a d10 against the alarm, not a table" "$stderr"
}

@test "bad expressions are refused with the reason, exit 2" {
	check() { run -2 --separate-stderr roll "$@"; one_error roll; [ -z "$output" ]; }
	# issue 18: the reason now names the position of the token at fault
	check 3x6; eq "roll: 3x6: position 2: expected an operator or the end" "$stderr"
	check d6 2d; eq "roll: 2d: position 3: expected the sides: a number, % or F" "$stderr"
	check 1001d6; eq "roll: 1001d6: position 1: count: expected 0 to 1000 dice" "$stderr"
	check d0; eq "roll: d0: position 1: sides: expected 1 to 1000000" "$stderr"
	check 4d6kh1001; eq "roll: 4d6kh1001: position 4: keep: expected 0 to 1000 dice" "$stderr"
	check d20+1000001; eq "roll: d20+1000001: position 5: constant: expected 0 to 1000000" "$stderr"
	check 3d6+; eq "roll: 3d6+: position 5: expected a term" "$stderr"
	check d20+3-; check d20+*3; check 'd20 +3 x'; check ''
	check -c 12 d20+x
	check -o 2d6 bad
	check -; eq "roll: -: roll reads standard input when given no EXPRESSION" "$stderr"
	check -t injury d20 d20; eq "roll: d20: -t rolls one table with one expression" "$stderr"
}

@test "-o refuses what it cannot count exactly, naming the expression" {
	# issue 18: counts are big integers, so 2^64 outcomes is no limit
	run -0 roll -o 25d6
	run -0 roll -o 65d2
	run -0 roll -o 64d2
	run -2 --separate-stderr roll -o 1000d1000000
	eq "roll: -o: 1000d1000000: 999999001 totals, each a count of up to 20032 bits: about 1.6e+11 steps of counting, the limit 2e+07" "$stderr"
	run -2 --separate-stderr roll -o 1000d100000kh500
	one_error roll
}

@test "table files that do not load are refused naming the line, exit 2" {
	printf 'die: d6\n1-3 a\n5-6 b\n' > gap
	run -2 --separate-stderr roll -t ./gap
	eq "roll: ./gap:3: no row for 4" "$stderr"
	printf '1-3 a\n2-4 b\n' > overlap
	run -2 --separate-stderr roll -t overlap
	eq "roll: overlap:2: rows overlap at 2" "$stderr"
	printf 'die: d4\nx a\n' > range
	run -2 --separate-stderr roll -o -t range
	eq "roll: range:2: x: expected a range N or N-M" "$stderr"
}

@test "output that cannot be written fails with status 3" {
	for args in "-s 1 d6" "-s 1 -n 100000 d6" "-s 1 -n 1000 -v 3d6" "-s 1 -c 10 d20" "-s 1 -t injury" \
	    "-o 3d6" "-t list" "-h" "-V"; do
		run -3 --separate-stderr sh -c "roll $args >/dev/full"
		eq "roll: stdout: No space left on device" "${stderr_lines[${#stderr_lines[@]} - 1]}"
		[ "${#stderr_lines[@]}" -eq 1 ] || [[ $args == *-v* ]]
	done
}

# ---------------------------------------------------------------- rolling

@test "-n 0 prints nothing; one roll by default; no expression is a d20" {
	run -0 roll -s 1 -n 0 d6
	[ -z "$output" ]
	run -0 roll -s 1 -n 0 -c 30 d6
	[ -z "$output" ]
	run -0 roll -s 1 3d6
	eq 1 "${#lines[@]}"
	[[ $output =~ ^[0-9]+$ ]] && [ "$output" -ge 3 ] && [ "$output" -le 18 ]
	eq "$(roll -s 9 -n 200 d20)" "$(roll -s 9 -n 200)"
	eq "1 20" "$(roll -s 9 -n 2000 | sort -n | sed -n '1p;$p' | tr '\n' ' ' | sed 's/ $//')"
}

@test "every total lies in the expression's range; -n 1000000 gives a million lines" {
	for e in d6:1:6 3d6+2:5:20 4d6kh3:3:18 2d20kl1:1:20 d%:1:100 d8-1:0:7 d20+3-4:0:19 2d1000000:2:2000000; do
		IFS=: read -r x lo hi <<< "$e"
		roll -s 3 -n 5000 "$x" | awk -v lo="$lo" -v hi="$hi" '$1 < lo || $1 > hi || $1 != int($1) { bad = 1 } END { exit bad }'
	done
	eq 1000000 "$(roll -s 1 -n 1000000 d6 | wc -l | tr -d ' ')"
}

@test "the fast line writer and the general path give the same dice" {
	eq "$(roll -s 5 -n 5000 d6)" "$(roll -s 5 -n 5000 -v d6 | cut -f1)"
	eq "$(roll -s 5 -n 5000 2d20kh1-4)" "$(roll -s 5 -n 5000 -v 2d20kh1-4 | cut -f1)"
	# several expressions: in the order given, COUNT times
	run -0 roll -s 5 -n 4 d6 d1+100
	eq 8 "${#lines[@]}"
	eq "101 101 101 101" "$(printf '%s\n' "${lines[@]}" | sed -n '2~2p' | tr '\n' ' ' | sed 's/ $//')"
}

@test "-v: the expression and every face; the total is the kept faces plus the modifiers" {
	run -0 --separate-stderr roll -v -s 42 -n 2000 4d6kh3+2
	eq "roll: seed 42" "$stderr"
	printf '%s\n' "${lines[@]}" | tr -d '()' | awk -F'\t' '
	    { n = split($3, f, ","); if (n != 4 || $2 != "4d6kh3+2") exit 1
	      for (i = 1; i <= 4; i++) for (j = i + 1; j <= 4; j++) if (f[j] + 0 > f[i] + 0) { t = f[i]; f[i] = f[j]; f[j] = t }
	      if ($1 != f[1] + f[2] + f[3] + 2) exit 1 }'
	roll -v -s 42 -n 2000 2d20kl1 | tr -d '()' | awk -F'\t' '{ split($3, f, ","); m = f[1] + 0 < f[2] + 0 ? f[1] : f[2]; if ($1 != m || $2 != "2d20kl1") exit 1 }'
	eq "1	d1	1" "$(roll -v -s 1 d1 2>/dev/null)"
}

@test "the same seed from -s or DELVING_SEED gives the same output; without one, runs differ" {
	eq "$(roll -s word -n 50 3d6)" "$(DELVING_SEED=word roll -n 50 3d6)"
	[ "$(roll -s word -n 50 3d6)" != "$(roll -s other -n 50 3d6)" ]
	run -0 --separate-stderr roll -v -n 30 3d6
	seed=${stderr#roll: seed }
	eq "$output" "$(roll -v -s "$seed" -n 30 3d6 2>/dev/null)"
	[ "$output" != "$(roll -v -n 30 3d6 2>/dev/null)" ]
	run -0 --separate-stderr roll -v -s 2026-11-22 d6
	eq "roll: seed $(unit seed 2026-11-22)" "$stderr"
}

@test "golden: totals, checks, tables at fixed seeds" {
	golden roll-bare.out roll -s 2026-11-22 -n 20 3d6
	golden roll-bare-v.out roll -s 7 -n 6 -v 4d6kh3 d%
	golden roll-check.out sh -c 'roll -s 7 -n 4 -c 12 d20+3 2d20kh1-1 2d20kl1+5; echo "exit $?"'
	golden roll-check-v.out sh -c 'roll -s 7 -n 3 -v -c 11 d20-1 2>&1; echo "exit $?"' 
	golden roll-injury.out roll -s 7 -n 20 -t injury
	golden roll-tables.out sh -c 'for t in exploration bookkeeping delving shift dungeonturn disposition travel; do roll -s 7 -n 6 -t $t; done'
	golden roll-travel-cautious.out roll -s 7 -n 8 -v -t travel 2d20kh1
	golden roll-list.out roll -t list
}

# ---------------------------------------------------------------- checks

@test "-c: exit 0 when every check meets or beats the DC, 1 when any fails" {
	run -0 roll -s 1 -n 50 -c -2000000000 d20
	run -1 roll -s 1 -n 50 -c 21 d20
	run -0 roll -s 1 -n 50 -c 20 d20+19	# meets the DC exactly
	run -1 roll -s 1 -c 1 d20 d20-20	# one of two fails
	eq "pass fail" "$(echo "$output" | cut -f7 | tr '\n' ' ' | sed 's/ $//')"
	run -0 roll -s 1 -n 0 -c 21 d20	# no check rolled, none failed
}

@test "-c: each record is roll INDEX EXPRESSION ROLL TOTAL DC RESULT TEXT" {
	run -1 roll -s 11 -n 1000 -c 12 d20+3 2d20kh1-1
	eq 2000 "${#lines[@]}"
	printf '%s\n' "${lines[@]}" | awk -F'\t' -v OFS='\t' '
	    NF != 8 || $1 != "roll" { exit 1 }
	    $2 != int((NR + 1) / 2) { exit 1 }
	    $3 != (NR % 2 ? "d20+3" : "2d20kh1-1") { exit 1 }
	    $5 != $4 + (NR % 2 ? 3 : -1) || $4 < 1 || $4 > 20 || $6 != 12 { exit 1 }
	    $7 != ($5 >= 12 ? "pass" : "fail") { exit 1 }
	    $8 != sprintf("%s: %d%+d = %d against DC 12: %s%s.", $3, $4, NR % 2 ? 3 : -1, $5, $5 >= 12 ? "success" : "failure",
	        $4 == 20 ? " (a natural 20: 004 \"Damage is doubled on any critical hit\")" : $4 == 1 ? " (a natural 1)" : "") { exit 1 }'
	run -0 roll -s 2 -c 5 d20+10
	eq "roll	1	d20+10	$(roll -s 2 d20)	$(( $(roll -s 2 d20) + 10 ))	5	pass	d20+10: $(roll -s 2 d20)+10 = $(( $(roll -s 2 d20) + 10 )) against DC 5: success." "$output"
	run -0 roll -s 2 -c 1 d20
	eq "roll	1	d20	$(roll -s 2 d20)	$(roll -s 2 d20)	1	pass	d20: $(roll -s 2 d20) against DC 1: success." "$output"
}

@test "-c: check records pass through the suite's filters untouched" {
	roll -s 4 -n 20 -c 12 d20+1 d20-2 > checks || [ $? -eq 1 ]
	roll -s 4 -n 20 -t injury > injuries
	cat checks injuries | reaction -s 1 - > out
	cmp checks <(head -40 out)
	cmp injuries <(tail -20 out)
	printf 'roll\t1\td20\t5\n' | { run -2 --separate-stderr reaction -; eq "reaction: stdin:1: bad roll record: 4 fields, expected 6 or 8" "$stderr"; }
}

@test "the seeds' checks: 002 harvesting DC 10 + HD, 004 resilience DC 10 + hours beyond, 003 improvised pick -4" {
	# 002: "Intelligence check against a DC equal to 10 + monster HD"
	run -0 roll -o -c $((10 + 4)) d20+1
	eq "d20+1	pass	2/5	0.4000" "${lines[0]}"	# 13 to 20 on the d20
	# 004: "The DC is 10 + the number of hours beyond the PC's resilience"
	run -0 roll -o -c $((10 + 3)) d20
	eq "d20	pass	2/5	0.4000" "${lines[0]}"	# 13 to 20
	# 003: "if you try to improvise a lockpick out of materials, take a -4 penalty"
	eq "$(roll -o -c 12 d20-1 | cut -f2-)" "$(roll -o -c 12 d20+3-4 | cut -f2-)"	# -o names an expression as written (issue 18)
	# 004: "Morale checks always have a DC 11"; corruption "The DC is usually 11"
	run -0 roll -o -c 11 d20
	eq "d20	pass	1/2	0.5000" "${lines[0]}"
	eq "d20	fail	1/2	0.5000" "${lines[1]}"
	# 000: searching, "Easy (DC 8) ... Hard (DC 16)"
	eq "d20	pass	13/20	0.6500" "$(roll -o -c 8 d20 | head -1)"
	eq "d20	pass	1/4	0.2500" "$(roll -o -c 16 d20 | head -1)"
}

# ---------------------------------------------------------------- tables

@test "-t injury: 004's Injury Table, each total on its row" {
	# 004: "1 A false hope, you're dead / 2 Feeble ... / 8-13 Lose a body part /
	# 14-19 Disadvantage all checks until rest / 20 Standing"
	run -0 roll -s 8 -n 2000 -t injury
	printf '%s\n' "${lines[@]}" | awk -F'\t' '
	    BEGIN { split("dead feeble shaky weak addled confused disfigured", k, " ")
	            for (i = 8; i <= 13; i++) k[i] = "maimed"; for (i = 14; i <= 19; i++) k[i] = "disadvantage"; k[20] = "standing" }
	    NF != 6 || $1 != "roll" || $2 != NR || $3 != "injury" || $5 != k[$4] { exit 1 }
	    { seen[$4] = 1 } END { for (i = 1; i <= 20; i++) if (!seen[i]) exit 1 }'
	eq "roll	1	injury	1	dead	1 on d20: A false hope, you’re dead." "$(roll -s 8 -n 2000 -t injury | awk -F'\t' '$4 == 1 { $2 = 1; print; exit }' OFS='\t')"
}

@test "-t: the built-in tables are the ones hazard and reaction roll" {
	# 004: the travel table, d20, as hazard -r travel rolls it
	run -0 roll -o -t travel
	eq "travel	1	terrible	1/20	0.0500" "${lines[0]}"
	eq "travel	2-10	soon	9/20	0.4500" "${lines[1]}"
	eq "travel	20	calm	1/20	0.0500" "${lines[3]}"
	# 002: "2-3 Hostile ... 11-12 Friendly" on 2d6, as the seed's own table reads
	eq "$(roll -o -t disposition | cut -f2-)" "$(roll -o -t "$TOP/tests/tables/002-disposition.md" | cut -f2-)"
	eq "$(roll -o -t dungeonturn | cut -f3)" "$(printf '%s\n' encounter fatigue sign local depletion free)"
	eq "$(roll -o -t exploration | cut -f2-)" "$(roll -o -t "$TOP/tests/tables/000-hazard.md" | cut -f2-)"
	eq "$(roll -o -t shift | cut -f3 | tr '\n' ' ')" "sounds temperature wind debris apparitions vermin "
	eq "$(roll -o -t bookkeeping | cut -f2-)" "$(printf '1\tencounter\t1/6\t0.1667\n2-6\tnothing\t5/6\t0.8333')"
}

@test "-t with an expression: 004's cautious party rolls the travel table with advantage" {
	run -0 roll -o -t travel 2d20kh1
	eq "travel	20	calm	39/400	0.0975" "${lines[3]}"
	eq "travel	1	terrible	1/400	0.0025" "${lines[0]}"
	roll -s 3 -n 500 -t travel 2d20kh1 | awk -F'\t' '$4 < 1 || $4 > 20 { exit 1 }'
}

@test "-t: a total beyond the table's ends counts as its first or last row" {
	run -0 roll -s 6 -n 400 -t disposition 2d6+5
	printf '%s\n' "${lines[@]}" | awk -F'\t' '
	    $4 > 12 && ($5 != "friendly" || index($6, $4 " on 2d6+5, counted as 12: ") != 1) { exit 1 }
	    $4 <= 12 && (index($6, "counted as") || index($6, $4 " on 2d6+5: ") != 1) { exit 1 }
	    $4 > 12 { n++ } END { exit n == 0 }'
	run -0 roll -o -t disposition 2d6+5
	eq "disposition	2-3	hostile	0	0.0000" "${lines[0]}"
	eq "disposition	11-12	friendly	13/18	0.7222" "${lines[4]}"
	run -0 roll -s 6 -n 50 -t injury d20-30
	[ "$(echo "$output" | cut -f5 | sort -u)" = dead ]
}

@test "-t FILE: both forms of table file; a name wins over a file; ./NAME is the file" {
	printf 'die: d4\n1 Rats scurry.\n2-3 Bats\n4 Ghoul\n' > injury
	run -0 roll -s 1 -n 200 -t ./injury
	eq "bats ghoul rats" "$(echo "$output" | cut -f5 | sort -u | tr '\n' ' ' | sed 's/ $//')"
	eq "./injury" "$(echo "$output" | cut -f3 | sort -u)"
	run -0 roll -s 1 -t injury
	eq injury "$(echo "$output" | cut -f3)"
	run -0 roll -o -t ./injury
	eq "./injury	1	rats	1/4	0.2500" "${lines[0]}"
	eq "./injury	2-3	bats	1/2	0.5000" "${lines[1]}"
	run -0 roll -s 1 -n 5 -t "$TOP/tests/tables/002-hazard.md"
	eq 5 "${#lines[@]}"
	printf '1-2 Heads\n' > "$(printf 'tab\tname')"
	run -0 roll -s 1 -t "$(printf './tab\tname')"
	eq "./tab?name" "$(echo "$output" | cut -f3)"
}

# ---------------------------------------------------------------- odds

@test "-o: hand-computed odds: 2d6, 3d6, 4d6kh3, 2d20kh1, and the means" {
	eq "2d6	7	1/6	0.1667" "$(roll -o 2d6 | grep -P '^2d6\t7\t')"		# 6/36
	eq "3d6	10	1/8	0.1250" "$(roll -o 3d6 | grep -P '\t10\t')"		# 27/216
	eq "4d6kh3	18	7/432	0.0162" "$(roll -o 4d6kh3 | grep -P '\t18\t')"	# 21/1296
	eq "2d20kh1	20	39/400	0.0975" "$(roll -o 2d20kh1 | grep -P '\t20\t')"	# 400 - 19^2
	eq "2d20kl1	1	39/400	0.0975" "$(roll -o 2d20kl1 | grep -P '\t1\t')"
	eq "2d20kh1	1	1/400	0.0025" "$(roll -o 2d20kh1 | head -1)"
	eq "3d6	mean	21/2	10.5000" "$(roll -o 3d6 | tail -1)"
	eq "2d20kh1	mean	553/40	13.8250" "$(roll -o 2d20kh1 | tail -1)"	# sum t(2t-1)/400
	eq "d6-10	mean	-13/2	-6.5000" "$(roll -o d6-10 | tail -1)"
	eq "d20	mean	21/2	10.5000" "$(roll -o | tail -1)"
	eq "d1	1	1	1.0000" "$(roll -o d1 | head -1)"
	eq "d%	37	1/100	0.0100" "$(roll -o d% | grep -P '\t37\t')"
	eq "d32	1	1/32	0.0313" "$(roll -o d32 | head -1)"		# 0.03125: halves round up
	eq 22 "$(roll -o 2d20kh1 | wc -l | tr -d ' ')"	# 20 totals, sd, mean
	eq "d20+3	pass	3/5	0.6000" "$(roll -o -c 12 d20+3 | head -1)"
	eq "d20+3	fail	2/5	0.4000" "$(roll -o -c 12 d20+3 | tail -1)"
	eq "d20	pass	0	0.0000" "$(roll -o -c 21 d20 | head -1)"
	eq "d20	pass	1	1.0000" "$(roll -o -c 1 d20 | head -1)"
}

@test "-o: the exact counts agree with a brute-force enumeration of every outcome" {
	for e in "2d6 2 6 2 h 0" "3d6 3 6 3 h 0" "4d6kh3 4 6 3 h 0" "2d20kh1 2 20 1 h 0" \
	    "2d20kl1 2 20 1 l 0" "3d6kl2+1 3 6 2 l 1" "5d4kh2-3 5 4 2 h -3" "3d10kh2 3 10 2 h 0" \
	    "4d6 4 6 4 h 0" "3d6kh2-20 3 6 2 h -20" "6d3kl4 6 3 4 l 0" "d100 1 100 1 h 0" \
	    "5d6kh1+2 5 6 1 h 2" "4d5kl3-1 4 5 3 l -1"; do
		set -- $e
		diff <(brute "$@") <(roll -o "$1" | grep -Pv '\tsd\t' | cut -f1-3)
	done
}

@test "-o: large counts stay exact: 2d1000000kh1, 24d6, 63d2" {
	tail=$(roll -o 2d1000000kh1 | tail -3)	# a million lines: counted once
	eq "2d1000000kh1	1000000	1999999/1000000000000	0.0000" "$(head -1 <<< "$tail")"
	eq "2d1000000kh1	mean	1333334333333/2000000	666667.1667" "$(tail -1 <<< "$tail")"	# (M+1)(4M-1)/6M
	eq "24d6	mean	84	84.0000" "$(roll -o 24d6 | tail -1)"
	eq "24d6	24	1/4738381338321616896	0.0000" "$(roll -o 24d6 | head -1)"	# 6^24
	eq "63d2	94	916312070471295267/9223372036854775808	0.0993" "$(roll -o 63d2 | grep -P '\t94\t')"	# C(63,31)/2^63
	eq "63d2	63	1/9223372036854775808	0.0000" "$(roll -o 63d2 | head -1)"
	eq "63d2	mean	189/2	94.5000" "$(roll -o 63d2 | tail -1)"
	eq "3d6kh2-1000000	mean	-23999797/24	-999991.5417" "$(roll -o 3d6kh2-1000000 | tail -1)"	# 203/24 - 10^6
}

# ---------------------------------------------------------------- fairness

@test "the dice are fair: d6 and d% by chi-square (fixed seeds, p=0.001)" {
	x=$(roll -s 2026 -n 60000 d6 | faces 1 6 | chisq)
	below "$x" 20.515	# 5 df
	x=$(roll -s 2026 -n 100000 d% | faces 1 100 | chisq)
	below "$x" 148.230	# 99 df
	x=$(roll -s 2026 -n 60000 -v d6 | cut -f1 | faces 1 6 | chisq)	# the general path
	below "$x" 20.515
}

@test "observed frequencies match the odds of -o: 3d6, 4d6kh3, 2d20kh1, 2d20kl1 (chi-square, p=0.001)" {
	for e in "3d6 3 18 37.697" "4d6kh3 3 18 37.697" "2d20kh1 1 20 43.820" "2d20kl1 1 20 43.820" "3d6kl2+1 3 13 29.588"; do
		set -- $e
		x=$(paste <(roll -s 99 -n 200000 "$1" | faces "$2" "$3") <(roll -o "$1" | grep -Pv '\t(mean|sd)\t' | cut -f3) | vs_odds)
		below "$x" "$4"
	done
}

@test "tables and checks: observed frequencies match the odds of -o (chi-square, p=0.001)" {
	# 004's Injury Table, 10 rows: 9 df
	x=$(paste <(roll -s 5 -n 100000 -t injury | cut -f5 | sort | uniq -c | awk '{ print $2, $1 }' | sort | cut -d' ' -f2) \
	    <(roll -o -t injury | cut -f3,4 | sort | cut -f2) | vs_odds)
	below "$x" 27.877
	# 002's disposition on 2d6, 5 rows: 4 df
	x=$(paste <(roll -s 5 -n 100000 -t disposition | cut -f5 | sort | uniq -c | awk '{ print $2, $1 }' | sort | cut -d' ' -f2) \
	    <(roll -o -t disposition | cut -f3,4 | sort | cut -f2) | vs_odds)
	below "$x" 18.467
	# a check, pass or fail: 1 df
	x=$(paste <(roll -s 5 -n 50000 -c 12 d20+3 | cut -f7 | sort | uniq -c | awk '{ print $1 }') \
	    <(roll -o -c 12 d20+3 | sort -k2 | cut -f3) | vs_odds)
	below "$x" 10.828
}

@test "a biased die fails the same test: the odds of d6 against the rolls of d8 folded onto 1-6" {
	x=$(paste <(roll -s 2026 -n 60000 d8 | awk '{ print ($1 - 1) % 6 + 1 }' | faces 1 6) \
	    <(roll -o d6 | grep -Pv '\t(mean|sd)\t' | cut -f3) | vs_odds)
	run below "$x" 20.515
	eq 1 "$status"
}

# ---------------------------------------------------------------- the page

@test "roll.6: mandoc -Tlint is clean" {
	command -v mandoc >/dev/null || skip "mandoc is not installed"
	run -0 mandoc -Tlint -Wwarning "$TOP/man/roll.6"
	[ -z "$output" ]
}

@test "roll.6: every EXAMPLES line runs: 0, or 0 or 1 for a check (-c) as EXIT STATUS says" {
	n=0
	cd "$BATS_TEST_TMPDIR"	# the page writes the tables it rolls
	while IFS= read -r line; do
		n=$((n + 1))
		run bash -c "$line"
		case $line in
		*"-o "*) eq 0 "$status" ;;	# odds: no check is rolled
		*-c*) [ "$status" -eq 0 ] || [ "$status" -eq 1 ] || { echo "$line: status $status" >&2; false; } ;;
		*) eq 0 "$status" ;;
		esac
		[ -n "$output" ] && continue
		case $line in	# a line that writes a table prints nothing: the table is there
		"mkdir -p "*) [ -d "${line#mkdir -p }" ] || { echo "$line: no directory" >&2; false; } ;;
		*"> "*) [ -s "${line##*> }" ] || { echo "$line: wrote nothing" >&2; false; } ;;
		*) echo "$line: no output" >&2; false ;;
		esac
	done < <(man_examples roll.6)
	[ "$n" -ge 16 ]
}

@test "roll.6: the page names each of the seeds' checks and each built-in table" {
	for t in $(roll -t list | cut -f1); do
		grep -q "^\.It Cm $t\$" "$TOP/man/roll.6" || { echo "no $t" >&2; false; }
	done
	for w in searching "forcing a door" "picking a lock" harvesting corruption resilience; do
		grep -qi "$w" "$TOP/man/roll.6" || { echo "no $w" >&2; false; }
	done
}

# ---------------------------------------------------------- issue 36: odds at scale
@test "issue 36: the odds of NdM equal the closed form (Python's integers), 100 sizes up to 200d100" {
	command -v python3 >/dev/null || skip "no python3"
	run -0 python3 "$TOP/tests/odds-closed-form.py" "$(command -v roll)"
	eq "100 sizes, 28344 totals checked, 0 differ" "$output"
}

@test "issue 36: -o counts any NdM of up to 100,000 totals; beyond, the refusal says the size and the limit" {
	for e in 200d100 1000d6 300d20 100d1000 1000d100; do
		run -0 --separate-stderr timeout 60 sh -c "roll -c 1 -o $e"
		eq "$e	pass	1	1.0000" "${lines[0]}"
	done
	# sd^2 = N (M^2 - 1) / 12: 100 (1000^2 - 1) / 12 = 8333325, sqrt 2886.7499...
	eq "100d1000	sd	~2886.749903	2886.7499
100d1000	mean	50050	50050.0000" "$(roll -o 100d1000 | tail -n 2)"
	run -2 --separate-stderr roll -o 1000d1000
	eq "roll: -o: 1000d1000: 999001 totals, each a count of up to 10032 bits: about 7.8e+07 steps of counting, the limit 2e+07" "$stderr"
	run -2 --separate-stderr roll -o 1000d6kh500
	eq "roll: -o: 1000d6kh500: too much counting to do exactly in reasonable time: about 5.6e+11 steps of counting, the limit 2e+07" "$stderr"
}

# ---------------------------------------------------------- issue 33: roll's words
@test "issue 33: operands split at spaces are joined into one expression; -n with -g says -g" {
	eq "$(roll -s 1 -v 1d20+3 2>/dev/null)" "$(roll -s 1 -v 1d20 + 3 2>/dev/null)"
	eq "8	d20+3	5" "$(roll -s 1 -v 1d20 + 3 2>/dev/null)"
	eq "1d20+3	mean	27/2	13.5000" "$(roll -o 1d20 + 3 | tail -n 1)"
	eq "$(printf '6\t3d6\t2,1,3\n11\t2d8\t5,6')" "$(roll -s 1 -v 3d6 2d8 2>/dev/null)"	# two expressions
	eq "$(printf '2\td20-3\t5\n8\t(2d6)*2\t1,3')" "$(roll -s 1 -v -- 1d20 - 3 '(' 2d6 ')' '*' 2 2>/dev/null)"
	eq "$(roll -s 2 -c 10 d20+5)" "$(roll -s 2 -c 10 d20 +5)"
	run -2 --separate-stderr roll -g -n 3 d6
	eq "roll: -n: -g counts the odds and rolls nothing" "$stderr"
	run -2 --separate-stderr roll -O -n 3 d6
	eq "roll: -n: -O counts the odds and rolls nothing" "$stderr"
	run -2 --separate-stderr roll -o -n 3 d6
	eq "roll: -n: -o counts the odds and rolls nothing" "$stderr"
	run -2 --separate-stderr roll -- 1d20 +
	eq "roll: 1d20+: position 6: expected a term" "$stderr"
}
