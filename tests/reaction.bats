#!/usr/bin/env bats
# reaction(6): disposition (002), morale (004), surprise (000), filter mode.
load helper

# chisq_2d6: counts of the totals 2..12 on stdin, one a line; the chi-square
# against 2d6's weights 1,2,3,4,5,6,5,4,3,2,1 out of 36.
chisq_2d6() {
	awk '{ n[NR + 1] = $1; t += $1 } END {
		for (v = 2; v <= 12; v++) { w = 6 - (v < 7 ? 7 - v : v - 7)
			e = t * w / 36; s += (n[v] - e) ^ 2 / e }
		printf "%.3f\n", s }'
}

party() {
	printf '# the party\nAsh wis=+2 str=1\n\nBryn wis=0  # quiet\nCole wis=-1\n' \
	    > "$BATS_TEST_TMPDIR/party"
}

# ---- usage, version, output

@test "reaction: golden disposition" {
	golden reaction-disposition.out reaction -s 42 -n 12
	golden reaction-disposition-v.out reaction -s 42 -n 4 -m -3 -v
}

@test "reaction: golden morale, with advantage and two -m" {
	golden reaction-morale.out sh -c 'reaction -s 42 -a -m 1 -m 1 -n 5 morale; [ $? -eq 1 ]'
}

@test "reaction: golden surprise for a party file" {
	party
	golden reaction-surprise.out sh -c "reaction -s 42 -n 3 -p '$BATS_TEST_TMPDIR/party' surprise; [ \$? -eq 1 ]"
}

@test "reaction: golden filter over a hazard stream" {
	golden reaction-filter.out sh -c 'hazard -s 42 -n 40 | reaction -s 42 -v -'
}

@test "reaction: every record has six fields" {
	party
	{ reaction -s 1 -n 50; reaction -s 1 -n 50 morale || true
	  reaction -s 1 -n 50 -p "$BATS_TEST_TMPDIR/party" surprise || true
	  hazard -s 1 -n 50 | reaction -s 1 - | grep '^reaction'; } > "$BATS_TEST_TMPDIR/all"
	run -0 awk -F'\t' '$1 == "reaction" && NF != 6 { print; bad = 1 } END { exit bad }' "$BATS_TEST_TMPDIR/all"
	[ "$(wc -l < "$BATS_TEST_TMPDIR/all")" -gt 250 ]
}

@test "reaction: the same seed gives the same output; DELVING_SEED is -s" {
	a=$(reaction -s ember -n 20)
	b=$(DELVING_SEED=ember reaction -n 20)
	eq "$a" "$b"
	c=$(reaction -s other -n 20)
	[ "$a" != "$c" ]
}

@test "reaction -v reports the seed on stderr and the dice in the sentence" {
	run -0 --separate-stderr reaction -v -s 12 -n 2
	eq "reaction: seed 12" "$stderr"
	[ "$(grep -c '\[2d6: [1-6],[1-6]\]$' <<<"$output")" -eq 2 ]
	run -1 --separate-stderr reaction -v -s 12 -a -n 3 morale
	[ "$(grep -c '\[2d20kh1: [0-9]*,[0-9]*\]$' <<<"$output")" -eq 3 ]
}

@test "reaction -v: the kept d20 is the higher with -a, the lower with -d" {
	run reaction -v -s 3 -a -n 300 morale
	run -0 awk -F'\t' '{ match($6, /: [0-9]+,[0-9]+\]$/); split(substr($6, RSTART + 2, RLENGTH - 3), f, ",")
		if ($3 != (f[1] > f[2] ? f[1] : f[2])) exit 1 }' <<<"$output"
	run reaction -v -s 3 -d -n 300 morale
	run -0 awk -F'\t' '{ match($6, /: [0-9]+,[0-9]+\]$/); split(substr($6, RSTART + 2, RLENGTH - 3), f, ",")
		if ($3 != (f[1] < f[2] ? f[1] : f[2])) exit 1 }' <<<"$output"
}

@test "reaction -u writes the same records" {
	eq "$(reaction -s 5 -n 30)" "$(reaction -u -s 5 -n 30)"
}

@test "reaction -n 0 rolls nothing" {
	run -0 reaction -s 1 -n 0
	[ -z "$output" ]
	run -0 reaction -s 1 -n 0 surprise
	[ -z "$output" ]
}

@test "reaction >/dev/full: exit 3, one error line" {
	run -3 --separate-stderr sh -c 'reaction -s 1 -n 5 >/dev/full'
	one_error reaction
	run -3 --separate-stderr sh -c 'hazard -s 1 -n 5 | reaction - >/dev/full'
	one_error reaction
}

# ---- disposition (002)

@test "002: '2-3 Hostile, 4-5 Unfriendly, 6-8 Uninterested, 9-10 Polite, 11-12 Friendly'" {
	run -0 reaction -s 9 -n 4000
	run -0 awk -F'\t' '{ k = $4 <= 3 ? "hostile" : $4 <= 5 ? "unfriendly" : $4 <= 8 ? "uninterested" : $4 <= 10 ? "polite" : "friendly"
		if ($5 != k || $3 != $4) { print; exit 1 } seen[$4] = 1 }
		END { for (t = 2; t <= 12; t++) if (!seen[t]) { print "no " t; exit 1 } }' <<<"$output"
}

@test "002: every boundary of the table, as the records give it" {
	run -0 reaction -s 9 -n 4000
	for pair in 2:hostile 3:hostile 4:unfriendly 5:unfriendly 6:uninterested \
	    8:uninterested 9:polite 10:polite 11:friendly 12:friendly; do
		grep -q "^reaction	[0-9]*	[0-9]*	${pair%%:*}	${pair#*:}	" <<<"$output"
	done
	! grep -q '	3	unfriendly\|	4	hostile\|	5	uninterested\|	6	unfriendly\|	8	polite\|	9	uninterested\|	10	friendly\|	11	polite' <<<"$output" || false
}

@test "disposition: 2d6 + MOD, the total kept within 2-12" {
	for m in -5 -1 3 6; do
		run -0 reaction -s 4 -n 2000 -m "$m"
		run -0 awk -F'\t' -v m="$m" '{ t = $3 + m; t = t < 2 ? 2 : t > 12 ? 12 : t
			if ($4 != t) { print; exit 1 } }' <<<"$output"
	done
	run -0 reaction -s 4 -n 200 -m -10
	[ "$(cut -f5 <<<"$output" | sort -u)" = hostile ]
	run -0 reaction -s 4 -n 200 -m 10
	[ "$(cut -f5 <<<"$output" | sort -u)" = friendly ]
	grep -q 'counted as 12\.$' <<<"$output"
}

@test "disposition: 2d6 totals, chi-square under 29.588 (10 df, p = 0.001)" {
	run_file 0 reaction -s 2026 -n 36000
	x=$(cut -f3 "$run_out" | faces 2 12 | chisq_2d6)
	below "$x" 29.588
}

@test "disposition: -a, -d and -p are refused" {
	run -2 --separate-stderr reaction -a
	one_error reaction
	run -2 --separate-stderr reaction -d disposition
	one_error reaction
	run -2 --separate-stderr reaction -p /dev/null disposition
	one_error reaction
	run -2 --separate-stderr reaction disposition Ash:1
	one_error reaction
}

@test "disposition: DELVING_PARTY is passed over" {
	DELVING_PARTY=/nonexistent run -0 reaction -s 1
	[ -n "$output" ]
}

# ---- morale (004)

@test "004: 'Morale checks always have a DC 11. Success means they stand and fight.'" {
	run -1 reaction -s 6 -n 3000 morale
	out=$output
	run -0 awk -F'\t' '{ k = $4 >= 11 ? "stands" : "flees"; if ($5 != k || $3 != $4) { print; exit 1 }
		seen[$4] = 1 } END { if (!seen[10] || !seen[11]) exit 1 }' <<<"$output"
	grep -q 'stands and fights: morale 11+0 = 11 against DC 11\.$' <<<"$out"
	grep -q 'surrenders or flees: morale 10+0 = 10 against DC 11\.$' <<<"$out"
}

@test "morale: exit 0 when every roll stands, 1 when one flees" {
	run -0 reaction -s 6 -n 500 -m 10 morale
	[ "$(cut -f5 <<<"$output" | sort -u)" = stands ]
	run -1 reaction -s 6 -n 500 -m 9 morale
	grep -q '	10	flees	' <<<"$output"
	run -1 reaction -s 6 -n 500 -m -20 morale
	[ "$(cut -f5 <<<"$output" | sort -u)" = flees ]
}

@test "morale: -m repeats and the values add" {
	eq "$(reaction -s 8 -n 40 -m 2 -m 3 -m -1 morale)" "$(reaction -s 8 -n 40 -m 4 morale)"
}

@test "morale: -n rolls a group individually, INDEX 1 to COUNT" {
	run -1 reaction -s 8 -n 6 morale
	eq "1 2 3 4 5 6" "$(cut -f2 <<<"$output" | tr '\n' ' ' | sed 's/ $//')"
	grep -q '^reaction	1	[0-9]*	[0-9]*	[a-z]*	The creature ' <<<"$output"
}

@test "morale: a party's characters add their WIS to MOD" {
	party
	run reaction -s 8 -n 200 -m 1 -p "$BATS_TEST_TMPDIR/party" morale
	[ "$(grep -c '	Ash stands\|	Ash surrenders' <<<"$output")" -eq 200 ]
	run -0 awk -F'\t' '{ w = $6 ~ /^Ash/ ? 2 : $6 ~ /^Bryn/ ? 0 : -1
		if ($4 != $3 + w + 1) { print; exit 1 } }' <<<"$output"
}

@test "004: d20 with advantage, P(20) = 39/400 over 100000 rolls" {
	run_file 1 reaction -s 400 -a -n 100000 morale
	n=$(cut -f3 "$run_out" | grep -c '^20$')
	# 9750 expected; the bound is 0.0975 +/- 0.004 (about 4 standard deviations)
	[ "$n" -gt 9350 ] && [ "$n" -lt 10150 ]
	n1=$(cut -f3 "$run_out" | grep -c '^1$')	# P(1) = 1/400
	[ "$n1" -gt 170 ] && [ "$n1" -lt 330 ]
}

@test "d20 with disadvantage: P(20) = 1/400; plain d20 is uniform (chi-square, 19 df, 43.820)" {
	run_file 1 reaction -s 401 -d -n 100000 morale
	n=$(cut -f3 "$run_out" | grep -c '^20$')
	[ "$n" -gt 170 ] && [ "$n" -lt 330 ]
	run_file 1 reaction -s 402 -n 40000 morale
	below "$(cut -f3 "$run_out" | faces 1 20 | chisq)" 43.820
}

@test "-a and -d together cancel" {
	eq "$(reaction -s 11 -n 50 morale)" "$(reaction -s 11 -a -d -n 50 morale)"
}

# ---- surprise (000)

@test "000: 'WIS check (DC 12) for each character to avoid surprise'" {
	party
	run -1 reaction -s 12 -n 500 -p "$BATS_TEST_TMPDIR/party" surprise
	out=$output
	run -0 awk -F'\t' '$3 != "-" { w = $6 ~ /^Ash/ ? 2 : $6 ~ /^Bryn/ ? 0 : -1
		k = $4 >= 12 ? "alert" : "surprised"
		if ($4 != $3 + w || $5 != k) { print; exit 1 } }' <<<"$output"
	grep -q '	Bryn is surprised and cannot act in the first round of combat: WIS 11+0 = 11 against DC 12\.$' <<<"$out"
	grep -q '	Bryn is not surprised: WIS 12+0 = 12 against DC 12\.$' <<<"$out"
}

@test "000: 'Partial surprise: Some party members may be surprised while others aren't'" {
	party
	run -1 reaction -s 12 -n 500 -p "$BATS_TEST_TMPDIR/party" surprise
	# each INDEX: three characters, then the summary counting the surprised
	run -0 awk -F'\t' '$3 != "-" { n[$2]++; if ($5 == "surprised") s[$2]++; next }
		{ k = s[$2] == 0 ? "none" : s[$2] == 3 ? "all" : "some"
		  if (n[$2] != 3 || $4 != s[$2] + 0 || $5 != k) { print; exit 1 }
		  seen[k] = 1; sum++ }
		END { if (sum != 500 || !seen["none"] || !seen["some"] || !seen["all"]) exit 1 }' <<<"$output"
}

@test "surprise: exit 0 when nobody is surprised, 1 otherwise" {
	run -0 reaction -s 12 -n 100 -m 11 surprise Ash:0 Bryn:0
	[ "$(grep -c '	-	0	none	0 of 2 surprised\. Nobody is surprised\.$' <<<"$output")" -eq 100 ]
	run -1 reaction -s 12 -n 100 -m -20 surprise Ash:0 Bryn:0
	[ "$(grep -c '	-	2	all	' <<<"$output")" -eq 100 ]
}

@test "surprise: NAME:WIS operands, DELVING_PARTY, or one unnamed character" {
	party
	eq "$(reaction -s 3 -p "$BATS_TEST_TMPDIR/party" surprise)" \
	    "$(DELVING_PARTY="$BATS_TEST_TMPDIR/party" reaction -s 3 surprise)"
	eq "$(reaction -s 3 -p "$BATS_TEST_TMPDIR/party" surprise)" \
	    "$(reaction -s 3 surprise Ash:2 Bryn:0 Cole:-1)"
	# operands win over DELVING_PARTY
	eq "$(reaction -s 3 surprise Dov:1)" "$(DELVING_PARTY=/nonexistent reaction -s 3 surprise Dov:1)"
	run reaction -s 3 -m 4 surprise
	grep -q '^reaction	1	[0-9]*	[0-9]*	[a-z]*	The character .*: WIS [0-9]*+4 = ' <<<"$output"
}

# ---- bad input

@test "reaction: bad numbers and operands, exit 2 with one error line" {
	for args in "-n -1" "-n abc" "-n 1000000000000000001" "-m abc" "-m 101" "-m -101" \
	    "-m 60 -m 60" "flee" "morale Ash" "morale Ash:abc" "morale :3" "surprise Ash:41" \
	    "surprise Ash:1 Ash:2" "- extra"; do
		run -2 --separate-stderr reaction $args
		[ -z "$output" ]
		one_error reaction
	done
}

@test "reaction: a party file without wis=, or with a bad line, is refused" {
	printf 'Ash wis=1\nBryn str=2\n' > "$BATS_TEST_TMPDIR/p"
	run -2 --separate-stderr reaction -p "$BATS_TEST_TMPDIR/p" surprise
	one_error reaction
	case $stderr in *":2: Bryn has no wis="*) ;; *) false;; esac
	printf 'Ash wis=x\n' > "$BATS_TEST_TMPDIR/p"
	run -2 --separate-stderr reaction -p "$BATS_TEST_TMPDIR/p" morale
	one_error reaction
	run -2 --separate-stderr reaction -p "$BATS_TEST_TMPDIR/none" morale
	one_error reaction
	run -2 --separate-stderr reaction -p "$BATS_TEST_TMPDIR/p" surprise Ash:1
	one_error reaction
}

# ---- filter mode

@test "filter: every input line passes through unchanged and in order" {
	hazard -s 31 -n 300 > "$BATS_TEST_TMPDIR/in"
	printf 'a line of no program\n\n' >> "$BATS_TEST_TMPDIR/in"
	hazard -r dungeonturn -s 31 -n 100 >> "$BATS_TEST_TMPDIR/in"
	reaction -s 1 - < "$BATS_TEST_TMPDIR/in" > "$BATS_TEST_TMPDIR/out"
	grep -v '^reaction	' "$BATS_TEST_TMPDIR/out" | cmp - "$BATS_TEST_TMPDIR/in"
	[ "$(grep -c '^reaction	' "$BATS_TEST_TMPDIR/out")" -gt 20 ]
}

@test "filter: a disposition record right after each encounter, with its turn" {
	run -0 sh -c 'hazard -s 31 -n 300 | reaction -s 1 -'
	run -0 awk -F'\t' 'want { if ($1 != "reaction" || $2 != want || $3 == "-") { print; exit 1 } want = 0; n++; next }
		$1 == "reaction" { print "stray: " $0; exit 1 }
		$1 == "hazard" && $4 == "encounter" { want = $2 }
		END { if (want || n < 20) exit 1 }' <<<"$output"
}

@test "filter: an encounter already followed by a disposition gets none (hazard -r dungeonturn)" {
	run -0 --separate-stderr sh -c 'hazard -r dungeonturn -s 31 -n 300 | reaction -s 1 -'
	grep -q '	encounter	' <<<"$output"
	! grep -q '^reaction' <<<"$output" || false
	# the stream is 002's, reaction's rules 000's: said once (issue 33)
	eq "reaction: the stream's hazard key 'depletion' is the dungeonturn rules' (002), not exploration's: give reaction -r dungeonturn" "$stderr"
	# and a stream reaction has been through gets nothing more
	hazard -s 31 -n 300 | reaction -s 1 - > "$BATS_TEST_TMPDIR/once"
	reaction -s 2 - < "$BATS_TEST_TMPDIR/once" | cmp - "$BATS_TEST_TMPDIR/once"
}

@test "filter: the lines after an encounter are held until it is known whether a disposition follows" {
	T=$(printf '\t')
	# a disposition follows after another program's record of the same turn: nothing is added
	printf 'hazard\t4\t1\tencounter\tAn encounter.\nnote\nlight\t4\ttorch\tlit\t1\t5\tA torch burns.\nhazard\t4\t7\tuninterested\tUninterested.\n' > "$BATS_TEST_TMPDIR/a"
	reaction -s 1 - < "$BATS_TEST_TMPDIR/a" | cmp - "$BATS_TEST_TMPDIR/a"
	# none follows before the next turn: the disposition goes right after the encounter
	printf 'hazard\t4\t1\tencounter\tAn encounter.\nnote\nlight\t4\ttorch\tlit\t1\t5\tA torch burns.\nhazard\t5\t6\tnothing\tNothing.\n' > "$BATS_TEST_TMPDIR/b"
	run -0 reaction -s 1 - < "$BATS_TEST_TMPDIR/b"
	[ "${lines[0]}" = "hazard${T}4${T}1${T}encounter${T}An encounter." ]
	case ${lines[1]} in "reaction${T}4${T}"*) ;; *) false;; esac
	[ "${lines[2]}" = note ]
	[ "${lines[4]}" = "hazard${T}5${T}6${T}nothing${T}Nothing." ]
	[ "${#lines[@]}" -eq 5 ]
	# at the end of input
	printf 'hazard\t9\t1\tencounter\tAn encounter.\nnote\n' | reaction -s 1 - > "$BATS_TEST_TMPDIR/c"
	[ "$(sed -n 2p "$BATS_TEST_TMPDIR/c" | cut -f1,2)" = "reaction${T}9" ]
	[ "$(sed -n 3p "$BATS_TEST_TMPDIR/c")" = note ]
}

@test "filter: the disposition follows the rolls of plain disposition mode" {
	run -0 sh -c 'hazard -s 31 -n 300 | reaction -s 5 -m 2 - | grep "^reaction" | cut -f3-6'
	n=${#lines[@]}
	eq "$(reaction -s 5 -m 2 -n "$n" | cut -f3-6)" "$output"
}

@test "filter: a bad record stops it with exit 2 after the lines before it" {
	printf 'hazard\t1\t3\tlight\tLight.\nhazard\t2\t1\tencounter\tAn encounter.\nnote\nhazard\tx\t1\tencounter\tBad.\nhazard\t3\t6\tnothing\tNothing.\n' > "$BATS_TEST_TMPDIR/in"
	run -2 --separate-stderr reaction -s 1 - < "$BATS_TEST_TMPDIR/in"
	one_error reaction
	eq "$(head -3 "$BATS_TEST_TMPDIR/in")" "$output"
	printf 'reaction\t1\t7\t7\thostile\n' > "$BATS_TEST_TMPDIR/five"
	run -2 --separate-stderr reaction - < "$BATS_TEST_TMPDIR/five"
	one_error reaction
}

@test "filter: -n, -a and -d are refused" {
	for o in "-n 2" "-a" "-d"; do
		run -2 --separate-stderr reaction $o - < /dev/null
		one_error reaction
	done
}

# ---- the man page

@test "reaction.6: mandoc -Tlint is clean" {
	command -v mandoc >/dev/null || skip "mandoc is not installed"
	run -0 mandoc -Tlint -Wwarning "$TOP/man/reaction.6"
	[ -z "$output" ]
}

@test "reaction.6: every EXAMPLES line runs, with the status the page gives it" {
	cd "$BATS_TEST_TMPDIR"
	cp "$TOP/tests/tables/crypt.md" .
	want=(0 0 0 1 0 0 0 0 0)
	i=0
	while IFS= read -r line; do
		run bash -c "$line"
		[ "$status" -eq "${want[i]}" ] || { echo "$line: status $status" >&2; false; }
		[ -n "$output" ]
		i=$((i + 1))
	done < <(man_examples reaction.6)
	[ "$i" -eq "${#want[@]}" ]
}

@test "reaction -f: 36 runs of one turn roll what one run of 36 turns rolls" {
	cd "$BATS_TEST_TMPDIR"
	hazard -s 7 -n 36 > stream
	run -0 reaction -f r1 -s 7 - < stream
	one=$output
	: > many
	for t in $(seq 36); do
		awk -F'\t' -v t="$t" '$2 == t' stream | reaction -f r2 -s 7 - >> many
	done
	eq "$(cat many)" "$one"
	cmp r1 r2
	eq "$(sed -n 1,2p r1)" "$(printf '# reaction state: see reaction(6), FILES\nseed 7')"
}

@test "reaction -f: a run that draws nothing leaves the file as it was; a bad line is refused" {
	cd "$BATS_TEST_TMPDIR"
	run -0 reaction -f r -s 7
	cp r r.before
	printf 'hazard\t1\t6\tnothing\tNothing.\n' | reaction -f r -s 7 - > /dev/null
	cmp r r.before
	printf 'colour blue\n' >> r
	run -2 --separate-stderr reaction -f r -s 7
	eq "$stderr" "reaction: r:6: unknown keyword 'colour'"
}

# ---- issue 16: surprise from the stream

@test "reaction -: in total darkness an encounter surprises the party, said after its disposition (issue 16)" {
	# 001: "In total darkness ... PCs will be surprised by all encounters"
	run -0 sh -c 'hazard -r delving -s 2 -n 24 | light -r delving -l candle - | reaction -r delving -s 2 -'
	enc=$(printf '%s\n' "$output" | awk -F'\t' '$1 == "hazard" && $4 == "encounter" { print $2 }' | paste -sd' ')
	[ -n "$enc" ]
	# each encounter: a disposition, then a surprise record exactly when the last party record said dark
	run -0 awk -F'\t' '$1 == "light" && $3 == "party" { dark = ($5 == "dark") }
	    $1 == "hazard" && $4 == "encounter" { want = dark; t = $2 }
	    $1 == "reaction" && $5 == "all" { if (!want || $2 != t) print "unwanted " $0; got[t] = 1 }
	    END { }' <<<"$output"
	eq "" "$output"
	run -0 sh -c "printf 'light\t3\tparty\t-\tdark\t-\tTotal darkness.\nhazard\t4\t1\tencounter\tEncounter.\n' | reaction -r delving -s 1 -"
	eq "reaction	4	-	-	all	The party is surprised: 001 \"In total darkness ... PCs will be surprised by all encounters\"; nobody can act in the first round of combat." \
	    "$(printf '%s\n' "$output" | tail -1)"
	# the disposition first, then the surprise
	case $(printf '%s\n' "$output" | sed -n 3p) in "reaction	4	"*"	The creatures met are "*) ;; *) false;; esac
	# a second reaction in the pipeline says it no second time
	eq 1 "$(printf 'light\t3\tparty\t-\tdark\t-\tDark.\nhazard\t4\t1\tencounter\tEncounter.\n' | reaction -r delving -s 1 - | reaction -r delving - | grep -c '	all	')"
	# after hazard's own disposition (002), the surprise follows it
	run -0 sh -c "printf 'light\t3\tparty\t-\tdark\t-\tDark.\nhazard\t4\t1\tencounter\tEncounter.\nhazard\t4\t8\tuninterested\tDisposition.\n' | reaction -r delving -s 1 -"
	eq "hazard	4	8	uninterested	Disposition.|reaction	4	-	-	all" "$(printf '%s\n' "$output" | tail -2 | cut -f1-5 | paste -sd'|')"
	# light again: no surprise
	run -0 sh -c "printf 'light\t3\tparty\t-\tdark\t-\tDark.\nlight\t3\tparty\t-\tbright\t-\tTorchlight.\nhazard\t4\t1\tencounter\tEncounter.\n' | reaction -r delving -s 1 -"
	! printf '%s\n' "$output" | grep -q '	all	' || false
}

@test "reaction -: walking or running, the party is surprised by all encounters (issue 16)" {
	# 001: "Walking speed ... PCs are surprised by all encounters"; 002: "moving
	#  through unknown areas will trigger surprises"
	run -0 sh -c "{ chase -r delving pace walking; printf 'hazard\t2\t1\tencounter\tEncounter.\n'; chase -r delving pace crawling | sed 's/^chase\t1/chase\t3/'; printf 'hazard\t4\t1\tencounter\tEncounter.\n'; } | reaction -s 1 -"
	eq "2" "$(printf '%s\n' "$output" | awk -F'\t' '$1 == "reaction" && $5 == "all" { print $2 }' | paste -sd' ')"
	eq "The party is surprised: walking or running, PCs are surprised by all encounters (001), and moving through unknown areas triggers surprises (002); nobody can act in the first round of combat." \
	    "$(printf '%s\n' "$output" | awk -F'\t' '$5 == "all" { print $6 }')"
}

# ---- 004 initiative and loot (issue 15)

@test "reaction initiative: 004 'Your DEX score (not modifier) determines your place in initiative, with the higher DEX acting before the lower DEX'" {
	printf 'Ann dex=2 dexterity=15 # the party\nBo dex=0 dexterity=11\nCy dex=3 dexterity=17\n' > "$BATS_TEST_TMPDIR/p"
	run -0 --separate-stderr reaction -p "$BATS_TEST_TMPDIR/p" initiative goblins:11 ogre:8
	[ -z "$stderr" ]
	eq "reaction	1	1	17	Cy	initiative	1 of 5: Cy, DEX 17.
reaction	1	2	15	Ann	initiative	2 of 5: Ann, DEX 15.
reaction	1	3	11	Bo	initiative	3 of 5: Bo, DEX 11, tied with goblins (the order given breaks the tie).
reaction	1	4	11	goblins	initiative	4 of 5: goblins, DEX 11, tied with Bo (the order given breaks the tie).
reaction	1	5	8	ogre	initiative	5 of 5: ogre, DEX 8." "$output"
	# "It is always the same round to round": no dice, so no seed changes it
	run -0 reaction -s 99 -p "$BATS_TEST_TMPDIR/p" initiative goblins:11 ogre:8
	eq "$(reaction -s 1 -p "$BATS_TEST_TMPDIR/p" initiative goblins:11 ogre:8)" "$output"
	# DELVING_PARTY stands in for -p; operands alone are the whole fight
	DELVING_PARTY="$BATS_TEST_TMPDIR/p" run -0 reaction initiative
	eq "3" "${#lines[@]}"
	run -0 reaction initiative Zed:9 Ann:12
	eq "reaction	1	1	12	Ann	initiative	1 of 2: Ann, DEX 12." "${lines[0]}"
}

@test "reaction initiative: a character without dexterity=, a name twice, no combatants: exit 2, one line" {
	printf 'Ann dexterity=15\nBo dex=1\n' > "$BATS_TEST_TMPDIR/p"
	run -2 --separate-stderr reaction -p "$BATS_TEST_TMPDIR/p" initiative
	[ -z "$output" ]
	eq "reaction: $BATS_TEST_TMPDIR/p:2: Bo has no dexterity=" "$stderr"
	printf 'Ann dexterity=15\n' > "$BATS_TEST_TMPDIR/p"
	run -2 --separate-stderr reaction -p "$BATS_TEST_TMPDIR/p" initiative Ann:3
	eq "reaction: Ann: named in the party file and as an operand" "$stderr"
	run -2 --separate-stderr reaction initiative
	eq "reaction: initiative: give the party file (-p FILE) or NAME:DEX operands" "$stderr"
}

@test "reaction loot: 004 'An enemy's carried loot is worth 1d20gp per HD' and 'there are 100 coins per pound, and 500 coins per load'" {
	run -0 --separate-stderr reaction -s 1 -v loot 2 3
	eq "reaction	1	2	3	41	0.41	loot	The 3 enemies of 2 HD carry 41 gp (1d20 gp per HD: 16 [2d20: 7,9], 19 [2d20: 9,10] and 6 [2d20: 2,4]): 0.41 lb, under one load." "$output"
	# the same dice without -v, the sum of the faces shown
	run -0 reaction -s 1 loot 2 3
	eq "reaction	1	2	3	41	0.41	loot	The 3 enemies of 2 HD carry 41 gp (1d20 gp per HD: 16, 19 and 6): 0.41 lb, under one load." "$output"
	# 500 coins a load, 100 a pound: checked against the record's own gp
	run -0 reaction -s 2 -n 2 loot 30 40
	for l in "${lines[@]}"; do
		IFS='	' read -r _ _ hd n gp lb key text <<<"$l"
		eq "$(awk -v g="$gp" 'BEGIN { printf "%g", g / 100 }')" "$lb"
		case $text in *"$gp gp "*"$lb lb, $((gp / 500)) loads and $((gp % 500)) coins.") ;; *) false;; esac
		[ "$gp" -ge 1200 ] && [ "$gp" -le 24000 ]	# 40 x 30d20
	done
	run -0 reaction -s 3 loot 1
	case $output in *"The enemy of 1 HD carries "*" gp (1d20 gp per HD): 0."*" lb, under one load.") ;; *) false;; esac
}

@test "reaction -v loot 100: an enemy's 100d20 said as far as the dice's room goes, the bracket closed (it was written past the buffer)" {
	run -0 --separate-stderr reaction -s 1 -v loot 100 2
	case $output in *"HD: 974 [100d20: 7,9,9,"*",3,4] and 1017 [100d20: 3,12,11,"*",11]): 19.91 lb, 3 loads and 491 coins.") ;; *) false;; esac
	eq 2 "$(grep -o '\[100d20: [0-9,]*\]' <<<"$output" | wc -l)"
}

@test "reaction loot: each enemy's 1d20 per HD is uniform (fixed seed, chi-square, 19 degrees of freedom)" {
	x=$(reaction -s 5 -n 4000 loot 1 | cut -f5 | faces 1 20 | chisq)
	below "$x" 43.82	# p = 0.001
}
