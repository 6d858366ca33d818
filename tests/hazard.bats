#!/usr/bin/env bats
# hazard(6): the hazard die of seeds 000 to 004.
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	printf '# the party\nBrannoc con=2 wis=1\nIlse con=-1\nMott con=0 # a hireling\n' > party
}

# die_faces: the ROLL field of the die records only (not saves, clocks, dispositions).
die_faces() { awk -F'\t' '$3 != "-" && $4 !~ /^(save|hostile|unfriendly|uninterested|polite|friendly)$/ { print $3 }'; }

@test "each option with a bad value: one error line naming the value, exit 2" {
	check() { run -2 --separate-stderr hazard "$@"; one_error hazard; [ -z "$output" ]; }
	check -n abc; eq "hazard: -n: 'abc': expected a whole number from 0 to 1000000000000000000" "$stderr"
	check -n -1
	check -n 99999999999999999999
	check -n ''
	check -n ' 5'
	check -r nowhere; eq "hazard: -r: 'nowhere': not a rules name (exploration bookkeeping delving dungeonturn alarm travel)" "$stderr"
	check -r bookkeeping -e 2d6
	check -r bookkeeping -e d1
	check -r bookkeeping -e xyz
	check -r bookkeeping -e d6+1
	check -r bookkeeping -e 'd6!'; eq "hazard: -e: 'd6!': the bookkeeping die must be one plain die of 2 or more sides, as d8" "$stderr"
	check -r bookkeeping -e '2d6+'; eq "hazard: -e: '2d6+': position 5: expected a term" "$stderr"
	check -r bookkeeping -e '(d8'; eq "hazard: -e: '(d8': position 4: expected ')'" "$stderr"
	check -e d8; eq "hazard: -e: the exploration rules roll their own die (-e is for bookkeeping)" "$stderr"
	check -r delving -a; eq "hazard: -a: the delving rules roll no d20" "$stderr"
	check -r alarm -d
	check -r travel -p party; eq "hazard: -p: the travel rules keep no character (-p is for exploration, bookkeeping, delving, dungeonturn and the alarm's hide)" "$stderr"
	check -r alarm -t /dev/null
	check -t missing.md; eq "hazard: missing.md: No such file or directory" "$stderr"
	check -t .; eq "hazard: .: not a regular file" "$stderr"
	check -p missing
	check -f ''
	check -r bookkeeping -e d8 -t party
}

@test "bad operands: unknown actions, actions of other rules, a stream" {
	check() { run -2 --separate-stderr hazard "$@"; one_error hazard; [ -z "$output" ]; }
	check jump; eq "hazard: jump: not an action of the exploration rules (rest)" "$stderr"
	check advance
	check -r alarm rest; eq "hazard: rest: not an action of the alarm rules (advance, stay, backtrack, hide pass [SPARKS], hide fail)" "$stderr"
	check -r alarm hide
	check -r alarm hide maybe
	check -r alarm hide pass x; eq "hazard: SPARKS: 'x': expected a whole number from 0 to 99" "$stderr"
	check -r alarm hide pass -1
	check -r travel rest
	check -; eq "hazard: -: hazard rolls its own turns and reads no stream" "$stderr"
	run -2 --separate-stderr hazard rest rest
	usage_error hazard
}

@test "a party file missing con, or malformed, is refused naming the line" {
	printf 'Ann con=1\nBo wis=2\n' > p1
	run -2 --separate-stderr hazard -p p1
	eq "hazard: p1:2: Bo has no con=" "$stderr"
	printf 'Ann con=x\n' > p2
	run -2 --separate-stderr hazard -p p2
	eq "hazard: p2:1: con=x: expected a whole number from -20 to 40" "$stderr"
	printf 'Ann con=1\nAnn con=2\n' > p3
	run -2 --separate-stderr hazard -p p3
	eq "hazard: p3:2: 'Ann': named twice" "$stderr"
	printf 'Ann luck=3\n' > p4
	run -2 --separate-stderr hazard -p p4
	one_error hazard
	printf '# nobody\n' > p5
	run -2 --separate-stderr hazard -p p5
	eq "hazard: p5: no characters" "$stderr"
	DELVING_PARTY=p1 run -2 --separate-stderr hazard
	eq "hazard: p1:2: Bo has no con=" "$stderr"
}

@test "output that cannot be written fails with status 3" {
	run -3 --separate-stderr sh -c 'hazard -s 1 -n 10 >/dev/full'
	eq "hazard: stdout: No space left on device" "$stderr"
	run -3 --separate-stderr sh -c 'hazard -h >/dev/full'
	run -3 --separate-stderr sh -c 'hazard -V >/dev/full'
}

@test "-n 0 prints nothing; the default is one turn" {
	run -0 hazard -s 1 -n 0
	[ -z "$output" ]
	run -0 hazard -s 1
	eq 1 "${#lines[@]}"
}

@test "000 bookkeeping: the die is read by roll(6)'s grammar: ( 1D8 ) rolls as d8, 1 to 8, 1 an encounter" {
	# the same draws as the golden -e d8 run
	run -0 --separate-stderr hazard -r bookkeeping -e '( 1D8 )' -s 7 -n 20
	eq "$(cat "$TOP/tests/golden/hazard-bookkeeping.out")" "$output"
	[ -z "$stderr" ]
	run -0 hazard -r bookkeeping -e ' d12 ' -s 3 -n 600
	awk -F'\t' '$3 == "-" { next } $3 < 1 || $3 > 12 || ($3 == 1) != ($4 == "encounter") { exit 1 } { seen[$3] }
	    END { if (length(seen) != 12) exit 1 }' <<< "$output"
}

@test "golden: every rules name at fixed seeds" {
	golden hazard-exploration.out hazard -s 2026-11-22 -n 40 -p party
	golden hazard-bookkeeping.out hazard -r bookkeeping -e d8 -s 7 -n 20
	golden hazard-delving.out hazard -r delving -s 7 -n 36
	golden hazard-dungeonturn.out hazard -r dungeonturn -s 7 -n 36
	golden hazard-alarm.out hazard -r alarm -s 7 -n 24
	golden hazard-travel.out hazard -r travel -a -v -s 7 -n 12
}

@test "the same seed from -s or DELVING_SEED gives the same output; -v says the seed" {
	a=$(hazard -s word -n 50)
	b=$(DELVING_SEED=word hazard -n 50)
	eq "$a" "$b"
	[ "$a" != "$(hazard -s other -n 50)" ]
	run -0 --separate-stderr hazard -v -s 42 -n 1
	eq "hazard: seed 42" "$stderr"
	run -0 --separate-stderr hazard -v -s 2026-11-22 -n 1
	eq "hazard: seed $(unit seed 2026-11-22)" "$stderr"
}

@test "without a seed, two runs differ and -v gives a seed that replays the run" {
	run -0 --separate-stderr hazard -v -n 30
	seed=${stderr#hazard: seed }
	eq "$output" "$(hazard -v -s "$seed" -n 30 2>/dev/null)"
	[ "$output" != "$(hazard -n 30)" ]
}

@test "DELVING_RULES picks the rules; -r wins; a word that is no rules name is refused" {
	eq "$(hazard -r travel -s 3 -n 5)" "$(DELVING_RULES=travel hazard -s 3 -n 5)"
	eq "$(hazard -r delving -s 3 -n 5)" "$(DELVING_RULES=travel hazard -r delving -s 3 -n 5)"
	DELVING_RULES=nope run -2 --separate-stderr hazard
	eq "hazard: DELVING_RULES: 'nope': not a rules name" "$stderr"
}

@test "the d6 rules are fair: 60000 turns each, chi-square under 20.515 (5 df, p=0.001)" {
	for r in exploration bookkeeping delving dungeonturn; do
		x=$(hazard -r "$r" -s 2026 -n 60000 | die_faces | faces 1 6 | chisq)
		below "$x" 20.515
	done
	x=$(hazard -r travel -s 2026 -n 60000 | die_faces | faces 1 20 | chisq)
	below "$x" 43.820	# 19 df
}

@test "the same chi-square rejects a biased die (d8 folded onto 1-6 by %)" {
	x=$(hazard -r bookkeeping -e d8 -s 2026 -n 60000 | die_faces | awk '{ print ($1 - 1) % 6 + 1 }' | faces 1 6 | chisq)
	! below "$x" 20.515 || false
}

@test "000: 1 encounter, 2 sign, 3 light, 4 fatigue, 5-6 nothing" {
	hazard -s 5 -n 3000 | awk -F'\t' '$3 != "-" { print $3, $4 }' | sort -u > got
	eq "1 encounter|2 sign|3 light|4 fatigue|5 nothing|6 nothing" "$(paste -sd'|' got)"
}

@test "000 bookkeeping: a die of your choice, on a 1 encounter" {
	hazard -r bookkeeping -e d12 -s 5 -n 3000 | awk -F'\t' '$3 != "-" { print $3, $4 }' | sort -un > got
	eq "1 encounter" "$(head -1 got)"
	eq 12 "$(wc -l < got | tr -d ' ')"
	eq 11 "$(grep -c ' nothing$' got)"
}

@test "000: after 6 turns without rest, rest is due; the turn past it calls for CON saves" {
	run -0 hazard -s 5 -n 36
	eq "6 12 18 24 30 36" "$(echo "$output" | awk -F'\t' '$4 == "rest" { print $2 }' | paste -sd' ')"
	eq "7 13 19 25 31" "$(echo "$output" | awk -F'\t' '$4 == "skipped" { print $2 }' | paste -sd' ')"
	# with a party, each character saves (d20 + con, DC 12) once per skipped rest
	hazard -s 5 -n 7 -p party | awk -F'\t' '$2 == 7 && $4 == "save"' > saves
	eq "Brannoc Ilse Mott" "$(cut -f5 saves | paste -sd' ')"
	awk -F'\t' '{ con = ($5 == "Brannoc") ? 2 : ($5 == "Ilse") ? -1 : 0
	    if ($6 != $3 + con || $7 != 12 || $8 != (($6 >= 12) ? "pass" : "fail")) exit 1 }' saves
}

@test "000: a turn spent resting resets the rest clock" {
	f=$BATS_TEST_TMPDIR/s
	hazard -f "$f" -s 5 -n 6 > out
	grep -q "	6	-	rest	" out
	run -0 hazard -f "$f" rest
	! grep -q skipped <<< "$output" || false
	run -0 hazard -f "$f" -n 6
	eq "13" "$(echo "$output" | awk -F'\t' '$4 == "rest" { print $2 }')"
	! grep -q skipped <<< "$output" || false
}

@test "000: fatigue calls for each character's save, not while resting" {
	hazard -s 9 -n 200 -p party > out
	# 000, fatigue a choice: 3 saves the turn after a fatigue turn (the
	# party did not rest), 3 more when the turn also skipped a rest
	awk -F'\t' '$4 == "skipped" { want[$2] += 3 } $4 == "save" { got[$2]++ }
	    $4 == "fatigue" { due[$2 + 1] = 1 }
	    END { for (t in want) if (got[t] != want[t]) exit 1; for (t in got) if (got[t] != want[t]) exit 1
	          for (t in due) if (t <= 200 && !want[t]) exit 1 }' out
	grep -q "	fatigue	" out
	hazard -s 9 -n 200 -p party rest > out
	grep -q "	fatigue	" out
	! grep -q "	save	" out || false
	! grep -q -e "	rest	" -e "	skipped	" out || false
}

@test "001: a sign makes the next encounter the creature signalled, once" {
	hazard -r delving -s 11 -n 2000 | awk -F'\t' '$4 == "sign" || $4 == "encounter"' > out
	awk -F'\t' '{ met = index($5, "whose sign") > 0
	    if ($4 == "encounter" && met != pending) { print "turn " $2; exit 1 }
	    if ($4 == "encounter") pending = 0; else pending = 1 }' out
	grep -q "whose sign" out
}

# 001: "The next time an encounter is rolled, the PCs meets that creature";
# a second sign first: the later is met, and the earlier said passed by.
@test "001: two signs before an encounter: the later sign's creature is met, the earlier said passed by, not replaced in silence (issue 33)" {
	run -0 hazard -r delving -T "encounter=$TOP/tests/tables/crypt.md#Encounters" -s 5 -n 12
	eq "Signs of 6 goblins nearby: the party meets them at the next encounter." "$(awk -F'\t' '$2 == 8 && $5 == "encounter" { print $7 }' <<<"$output")"
	eq "Signs of 2 ghouls nearby, nearer than 6 goblins, signalled before, whom the party will not meet now: the party meets them at the next encounter." \
	    "$(awk -F'\t' '$2 == 10 && $5 == "encounter" { print $7 }' <<<"$output")"
	eq "The party meets what it found signs of: 2 ghouls." "$(awk -F'\t' '$2 == 12 && $5 == "encounter" { print $7 }' <<<"$output")"
	# every sign after an unmet sign says so, under 002 too
	for r in delving dungeonturn; do
		hazard -r $r -T "encounter=$TOP/tests/tables/crypt.md#Encounters" -s 5 -n 3000 |
		    awk -F'\t' '$5 == "encounter" && $7 ~ /^Signs of/ { if (pending != (index($7, "nearer than") > 0 || index($7, "nearby again") > 0)) { print $2; exit 1 } pending = 1 }
		    $5 == "encounter" && $7 ~ /^The party meets/ { pending = 0 }'
	done
}

@test "001: fatigue is rested off the next turn, or each member takes 1 damage" {
	hazard -r delving -s 11 -n 300 > out
	awk -F'\t' '$4 == "fatigue" { print $2 + 1 }' out > due
	eq "$(cat due)" "$(awk -F'\t' '$4 == "damage" { print $2 }' out)"
	hazard -r delving -s 11 -n 300 rest > out
	! grep -q "	damage	" out || false
	# ignored while resting (001 "Ignore this result while resting"), and said
	! grep -q "last turn's fatigue passes" out || false
	eq "$(grep -c '	fatigue	' out)" "$(grep -c 'rested	The party rests this turn: fatigue is ignored while it rests.$' out)"
	eq 300 "$(grep -c '	rested	' out)"	# every rest turn said (issue 33)
}

@test "001: a dungeon shift names a minor shift from the seed's list" {
	hazard -r delving -s 3 -n 600 | awk -F'\t' '$4 == "shift" { print $5 }' | sort -u > shifts
	eq 6 "$(wc -l < shifts | tr -d ' ')"
	grep -q "Vermin" shifts && grep -q "Debris falls" shifts
}

@test "002: in the first 6 turns, 4-6 are nothing" {
	for s in 1 2 3 4 5 6 7 8 9 10; do
		hazard -r dungeonturn -s "$s" -n 12 > out
		awk -F'\t' '$3 >= 4 && $3 <= 6 && $4 !~ /^(hostile|unfriendly|uninterested|polite|friendly)$/ {
		    want = ($2 <= 6) ? "nothing" : ($3 == 4 ? "local" : $3 == 5 ? "depletion" : "free")
		    if ($4 != want) { print "turn " $2 ": " $4 " not " want; exit 1 } }' out
	done
}

@test "002: an encounter is followed by its 2d6 disposition, as the table has it" {
	hazard -r dungeonturn -s 4 -n 3000 > out
	awk -F'\t' 'enc { if ($2 != t) exit 1; enc = 0
	    k = $3 <= 3 ? "hostile" : $3 <= 5 ? "unfriendly" : $3 <= 8 ? "uninterested" : $3 <= 10 ? "polite" : "friendly"
	    if ($4 != k || $3 < 2 || $3 > 12) exit 1; n++ }
	    $4 == "encounter" { enc = 1; t = $2 } END { exit !(n > 100) }' out
}

@test "002: fatigue unrested makes the party tired, then exhausted" {
	hazard -r dungeonturn -s 4 -n 300 | awk -F'\t' '$4 == "tired" || $4 == "exhausted" { print $4 }' | uniq > got
	eq "tired exhausted" "$(paste -sd' ' got)"
}

@test "003: advance raises the alarm by 1, then d10 <= alarm is an encounter that resets it" {
	hazard -r alarm -s 8 -n 500 advance > out
	awk -F'\t' '{ want = prev + 1; enc = ($3 <= want)
	    if ($4 != (enc ? "encounter" : "quiet") || $5 != (enc ? 0 : want)) { print; exit 1 }
	    prev = $5 }' out
	grep -q encounter out
}

@test "003: stay raises the alarm without a check; backtrack checks and holds it" {
	f=$BATS_TEST_TMPDIR/a
	run -0 hazard -r alarm -f "$f" -s 1 -n 3 stay
	eq "1 2 3" "$(echo "$output" | cut -f5 | paste -sd' ')"
	eq "- - -" "$(echo "$output" | cut -f3 | paste -sd' ')"
	eq "quiet quiet quiet" "$(echo "$output" | cut -f4 | paste -sd' ')"
	run -0 hazard -f "$f" backtrack
	d10=$(echo "$output" | cut -f3)
	if [ "$d10" -le 3 ]; then eq "encounter 0" "$(echo "$output" | cut -f4,5 | tr '\t' ' ')"
	else eq "quiet 3" "$(echo "$output" | cut -f4,5 | tr '\t' ' ')"; fi
}

@test "003: a passed hide lowers the alarm by 2 plus 1 per spark, never below 0; a failed one is an encounter" {
	f=$BATS_TEST_TMPDIR/a
	hazard -r alarm -f "$f" -s 1 -n 9 stay > /dev/null
	run -0 hazard -f "$f" hide pass
	eq "- quiet 7" "$(echo "$output" | cut -f3-5 | tr '\t' ' ')"
	run -0 hazard -f "$f" hide pass 3
	eq "- quiet 2" "$(echo "$output" | cut -f3-5 | tr '\t' ' ')"
	run -0 hazard -f "$f" hide pass 1
	eq "- quiet 0" "$(echo "$output" | cut -f3-5 | tr '\t' ' ')"
	hazard -f "$f" -n 4 stay > /dev/null
	run -0 hazard -f "$f" hide fail
	eq "- encounter 0" "$(echo "$output" | cut -f3-5 | tr '\t' ' ')"
	grep -qx "alarm 0" "$f"
}

@test "004: a d20 per travel turn: 1 terrible, 2-10 soon, 11-19 worsens, 20 calm" {
	hazard -r travel -s 5 -n 4000 | awk -F'\t' '{ print $3, $4 }' | sort -un | awk '{ print $2 }' | uniq -c | awk '{ print $1, $2 }' > got
	eq "1 terrible|9 soon|9 worsens|1 calm" "$(paste -sd'|' got)"
}

@test "004: -a keeps the higher of two d20s, -d the lower, both cancel" {
	# -v ends the sentence with "[2d20kh1: A,B]"
	kept() { awk -F'\t' -v hi="$1" '{ match($5, /\[2d20k[hl]1: [0-9]+,[0-9]+\]$/); d = substr($5, RSTART + 10, RLENGTH - 11)
	    split(d, a, ","); m = (hi ? (a[1] > a[2] ? a[1] : a[2]) : (a[1] < a[2] ? a[1] : a[2])) + 0
	    if (RSTART == 0 || $3 != m) { print "bad: " $0; exit 1 } }'; }
	hazard -r travel -a -v -s 5 -n 500 2>/dev/null | kept 1
	hazard -r travel -d -v -s 5 -n 500 2>/dev/null | kept 0
	eq "$(hazard -r travel -s 5 -n 50)" "$(hazard -r travel -a -d -s 5 -n 50)"
	n=$(hazard -r travel -a -s 5 -n 40000 | awk -F'\t' '$3 == 20' | wc -l)
	[ "$n" -gt 3700 ] && [ "$n" -lt 4100 ]	# 39/400 of 40000 = 3900
}

@test "-t: the seeds' own Markdown hazard tables load as they are" {
	run -0 hazard -t "$TOP/tests/tables/000-hazard.md" -s 3 -n 6
	eq "$(hazard -s 3 -n 6)" "$output"
	run -0 hazard -r dungeonturn -t "$TOP/tests/tables/002-hazard.md" -s 3 -n 12
	eq "$(hazard -r dungeonturn -s 3 -n 12 | cut -f1-3)" "$(echo "$output" | cut -f1-3)"
	echo "$output" | cut -f4 | grep -qx signs
}

@test "-t: a line-form table with a die header; a bad table is refused" {
	printf 'die: d4\n1 Encounter! Bats.\n2-4 Quiet.\n' > t
	run -0 hazard -t t -s 3 -n 50
	eq "encounter quiet" "$(echo "$output" | awk -F'\t' '$3 != "-" { print $4 }' | sort -u | paste -sd' ')"
	printf '1 a\n3 b\n' > bad
	run -2 --separate-stderr hazard -t bad
	eq "hazard: bad:2: no row for 2" "$stderr"
}

@test "-f: N runs of one turn print exactly what one run of -n N prints, for every rules name" {
	for r in "exploration -p party" bookkeeping delving dungeonturn "alarm stay" "alarm advance" travel; do
		rm -f st st.lock
		set -- $r
		rules=$1; shift
		args=(); [ "${1:-}" = -p ] && { args=(-p party); shift 2; }
		for i in $(seq 30); do hazard -r "$rules" -f st -s 99 "${args[@]}" "$@"; done > many
		hazard -r "$rules" -s 99 -n 30 "${args[@]}" "$@" > one
		cmp many one
	done
}

@test "-f: the state file is plain text, continues without -s, restarts with another seed" {
	hazard -r dungeonturn -f st -s 5 -n 3 > /dev/null
	grep -qx "rules dungeonturn" st
	grep -qx "turn 3" st
	grep -qx "seed 5" st
	run -0 hazard -f st
	eq 4 "$(echo "$output" | head -1 | cut -f2)"
	eq "$(hazard -r dungeonturn -s 5 -n 4 | tail -1)" "$(echo "$output" | tail -1)"
	run -0 hazard -f st -s 6
	eq 5 "$(echo "$output" | head -1 | cut -f2)"
	grep -qx "seed 6" st
}

@test "-f: a corrupt state file is refused with FILE:LINE and left byte-identical" {
	hazard -f st -s 5 -n 3 > /dev/null
	good=$(cat st)
	check() { printf '%s\n' "$good" | sed "$1" > st; cp st before
		run -2 --separate-stderr hazard -f st; one_error hazard; [ -z "$output" ]; cmp st before; }
	check 's/^turn 3$/turn x/';  eq "hazard: st:3: 'x': expected a whole number from 0 to 1000000000000000000" "$stderr"
	check 's/^turn 3$/turn -1/'
	check 's/^turn 3$/turn/'; eq "hazard: st:3: expected a keyword and one value" "$stderr"
	check 's/^rules .*/rules chess/'; eq "hazard: st:2: rules: 'chess': not a rules name" "$stderr"
	check 's/^rng .*/rng 1234/'
	check 's/^rng .*/rng 0000000000000000000000000000000000000000000000000000000000000000/'
	check 's/^seed .*/seed -4/'
	check 's/^condition .*/condition grumpy/'
	check 's/^alarm .*/alarm 9999999/'
	check '$a colour blue'; eq "hazard: st:11: unknown keyword 'colour'" "$stderr"
	printf 'turn 1\n\001\n' > st; cp st before
	run -2 --separate-stderr hazard -f st; cmp st before
	eq "hazard: st:2: not text (a NUL, a control character or bad UTF-8)" "$stderr"
}

@test "-f: comments and blank lines are allowed; a hand-edited alarm is used" {
	printf '# my dungeon\n\nrules alarm\nalarm 9 # nearly certain\n' > st
	run -0 hazard -f st -s 1 advance
	eq "1" "$(echo "$output" | cut -f2)"
	eq "encounter 0" "$(echo "$output" | cut -f4,5 | tr '\t' ' ')"
}

@test "-f: a directory, a FIFO, a symlink or 100 MB are refused, nothing is created" {
	mkdir d
	run -2 --separate-stderr hazard -f d; eq "hazard: d: not a regular file" "$stderr"
	mkfifo fifo
	run -2 --separate-stderr timeout 5 hazard -f fifo; eq "hazard: fifo: not a regular file" "$stderr"
	echo "turn 1" > target; ln -s target link
	run -2 --separate-stderr hazard -f link; eq "hazard: link: is a symbolic link: refusing to follow it" "$stderr"
	head -c 100000000 /dev/zero > big
	run -2 --separate-stderr timeout 5 hazard -f big; eq "hazard: big: larger than 1 MiB: not a state file" "$stderr"
	[ ! -e d.lock ] && [ ! -e fifo.lock ] && [ ! -e link.lock ] && [ ! -e big.lock ]
	eq "turn 1" "$(cat target)"
}

@test "-f: a failed run does not touch the state; stale temp files are removed" {
	hazard -f st -s 5 -n 3 > /dev/null
	cp st before
	run -3 sh -c 'hazard -f st -n 5 >/dev/full'
	cmp st before
	run -2 hazard -f st -n x
	cmp st before
	echo junk > st.tmp.99999
	echo junk > st.tmp.1
	hazard -f st > /dev/null
	[ ! -e st.tmp.99999 ] && [ ! -e st.tmp.1 ]
	ls st* > files
	eq "st" "$(paste -sd' ' files)"
}

@test "-f: turns past 10^18 are refused before any is rolled; the state stays readable" {
	hazard -f st -s 5 > /dev/null
	sed -i 's/^turn .*/turn 999999999999999999/' st	# a keyword given twice is refused
	grep -qx 'turn 999999999999999999' st
	cp st before
	run -2 --separate-stderr hazard -f st -n 2
	one_error hazard
	eq "hazard: -n: the turn count would pass 1000000000000000000" "$stderr"
	eq "" "$output"
	cmp st before
	run -0 hazard -f st
	grep -qx 'turn 1000000000000000000' st
	cp st before
	run -2 --separate-stderr hazard -f st
	one_error hazard
	cmp st before
}

@test "-f: the state file keeps its mode" {
	hazard -f st -s 1 > /dev/null
	chmod 600 st
	hazard -f st > /dev/null
	eq 600 "$(stat -c %a st)"
}

@test "-f: 20 concurrent runs give the same state as 20 runs in a row" {
	for i in $(seq 20); do hazard -f st -s 3 > "out.$i" & done
	wait
	grep -qx "turn 20" st
	for i in $(seq 20); do hazard -f seq -s 3; done > /dev/null
	eq "$(grep -v '^#' seq)" "$(grep -v '^#' st)"
	eq "$(seq 20)" "$(cat out.* | cut -f2 | sort -nu)"
}

@test "-n streams: a huge count stops at once when the reader goes away" {
	run -0 timeout 10 sh -c 'hazard -s 1 -n 1000000000000 | head -1'
	eq 1 "${#lines[@]}"
}

@test "-u writes each record as soon as it is made" {
	hazard -u -s 1 -n 3 > out
	eq 3 "$(wc -l < out | tr -d ' ')"
}

@test "every EXAMPLES line of hazard(6) runs" {
	printf 'Brannoc con=2\nIlse con=-1\n' > party.txt
	cp "$TOP/tests/tables/crypt.md" .
	n=0
	while IFS= read -r cmd; do
		n=$((n + 1))
		run bash -c "$cmd"
		[ "$status" -eq 0 ] || { echo "failed ($status): $cmd" >&2; echo "$output" >&2; false; }
	done < <(man_examples hazard.6)
	[ "$n" -ge 5 ]
}

# ---- issue 16: -v shows the dice rolled; alarm sentences state their numbers

@test "003 -v: the d10 of each check is shown; the sentence says the alarm's value and the d10 (issue 16)" {
	# 003: "If it comes up equal or less than the current alarm value, they
	#  have an encounter, and the alarm value resets to 0."
	run -0 --separate-stderr hazard -r alarm -v -s 2 -n 3 advance
	eq "hazard	1	8	quiet	1	Advance: the alarm rises to 1; the d10 shows 8, over it: quiet. [d10: 8]
hazard	2	9	quiet	2	Advance: the alarm rises to 2; the d10 shows 9, over it: quiet. [d10: 9]
hazard	3	6	quiet	3	Advance: the alarm rises to 3; the d10 shows 6, over it: quiet. [d10: 6]" "$output"
	# without -v, the same sentence without the brackets
	eq "Advance: the alarm rises to 1; the d10 shows 8, over it: quiet." "$(hazard -r alarm -s 2 advance | cut -f6)"
	run -0 hazard -r alarm -s 8 -n 40 advance
	# every sentence agrees with its fields: the d10 is field 3, at or under the alarm risen
	run -0 awk -F'\t' '{ if (!match($6, /rises to [0-9]+; the d10 shows [0-9]+/)) { print; exit }
	    split(substr($6, RSTART, RLENGTH), w, " "); a = w[3] + 0; d = w[7] + 0
	    if (d != $3 || (d <= a) != ($4 == "encounter")) print }' <<<"$output"
	eq "" "$output"
	run -0 hazard -r alarm -s 8 -n 40 advance
	eq "Advance: the alarm rises to 4; the d10 shows 2, at or under it: an encounter, and the alarm resets to 0." \
	    "$(printf '%s\n' "$output" | awk -F'\t' '$3 == 2 && $4 == "encounter" { print $6; exit }')"
}

@test "003: stay, backtrack and hide say the alarm's value; hide says its actual fall (issue 16)" {
	f=$BATS_TEST_TMPDIR/a
	run -0 hazard -r alarm -f "$f" -v -s 1 -n 5 stay
	eq "Stay: the alarm rises to 5; no check." "$(printf '%s\n' "$output" | tail -1 | cut -f6)"
	run -0 hazard -f "$f" hide pass 1
	eq "Hide: the Stealth check passes; the alarm falls by 3 to 2 (2, plus 1 per spark)." "$(cut -f6 <<<"$output")"
	run -0 hazard -f "$f" hide pass 3
	eq "Hide: the Stealth check passes; the alarm falls by 2 to 0 (2, plus 1 per spark, never below 0)." "$(cut -f6 <<<"$output")"
	run -0 hazard -f "$f" hide pass
	eq "Hide: the Stealth check passes; the alarm stays at 0." "$(cut -f6 <<<"$output")"
	run -0 hazard -f "$f" hide fail
	eq "Hide: the Stealth check fails: an encounter, and the alarm resets to 0." "$(cut -f6 <<<"$output")"
	run -0 hazard -f "$f" backtrack
	case $(cut -f6 <<<"$output") in "Backtrack: the alarm holds at 0; the d10 shows "*", over it: quiet.") ;; *) false;; esac
}

@test "001 -v: a shift turn shows the hazard die, then the shift's own die (issue 16)" {
	run -0 --separate-stderr hazard -r delving -v -s 1 -n 12
	eq "hazard	2	4	shift	Dungeon shift: the dungeon environment changes. Sounds echo through the dungeon. [d6: 4; the shift's d6: 1]" \
	    "$(printf '%s\n' "$output" | grep '	shift	')"
}

# 000: "4 | Fatigue — rest now for 10 minutes, or make a CON save (DC 12).
# Fail the save and gain 1 Fatigue."
@test "000 fatigue is a choice: with -p the next turn is a rest (no save) or an action (the saves then)" {
	printf 'Ash con=-4\nBo con=1 # the cook\n' > p
	rm -f st
	run -0 --separate-stderr hazard -f st -s 2026-11-22 -n 2 -p p
	eq "hazard	2	4	fatigue	Fatigue — rest now for 10 minutes, or make a CON save (DC 12). Fail the save and gain 1 Fatigue." "${lines[1]}"
	[ "${#lines[@]}" -eq 2 ]	# no save yet: the party has not chosen
	grep -qx 'fatigue-pending yes' st
	cp st st0
	# the party rests: no save
	run -0 hazard -f st -p p rest
	eq "hazard	3	-	rested	The party rests this turn for last turn's fatigue: no CON save." "${lines[0]}"
	! grep -q '	save	' <<<"$output" || false
	grep -qx 'fatigue-pending no' st
	# or it acts: the saves are rolled now, counted with -w
	cp st0 st
	run -0 hazard -f st -p p -w
	eq "hazard	3	-	skipped	The party did not rest for last turn's fatigue: each character makes a CON save (DC 12) or gains 1 Fatigue.
hazard	3	15	save	Ash	11	12	fail	Ash fails the CON save: 15-4 = 11 against DC 12 and gains 1 Fatigue, 1 in all.
hazard	3	15	save	Bo	16	12	pass	Bo makes the CON save: 15+1 = 16 against DC 12." "$(head -3 <<<"$output")"
	eq "Ash con=-4 fatigue=1
Bo con=1 # the cook" "$(cat p)"
	# a second failure counts on: the key is rewritten in place
	printf 'Ash con=-20 fatigue=1 # worn\n' > p
	run -0 hazard -s 2026-11-22 -n 3 -p p -w
	eq "Ash con=-20 fatigue=2 # worn" "$(cat p)"
}

@test "000 fatigue: -w only with a party file under exploration or bookkeeping; without -w the count is not said" {
	run -2 --separate-stderr hazard -w
	one_error hazard
	run -2 --separate-stderr hazard -r delving -p party -w
	one_error hazard
	cp party p0
	run -0 hazard -s 2026-11-22 -n 40 -p party
	! grep -q 'in all' <<<"$output" || false
	cmp party p0
}

# 001: "2 FATIGUE: Each party member takes 1 damage unless they spend the next
# turn resting. The damage may be higher dungeons with harsh conditions.
# Ignore this result while resting."
@test "001 fatigue damage: with -p each character takes it off hp=, -D for harsh dungeons, -w keeps it" {
	printf 'Ash hp=10\nBo hp=1 # frail\n' > p
	run -0 --separate-stderr hazard -r delving -s 7 -n 5 -p p -w -D 2
	eq "hazard	5	-	damage	The party did not rest: each member takes 2 damage from fatigue (harsh conditions).
hazard	5	-	damage	Ash takes 2 damage from fatigue: 8 HP left.
hazard	5	-	down	Bo takes 2 damage from fatigue: at 0 HP." "$(sed -n 5,7p <<<"$output")"
	eq "Ash hp=8
Bo hp=0 # frail" "$(cat p)"
	# resting the next turn takes none
	printf 'Ash hp=10\n' > p
	run -0 hazard -r delving -s 7 -n 5 -p p -w rest
	grep -q '	fatigue	' <<<"$output"	# rolled, and ignored (001)
	! grep -q '	damage	\|	down	\|from fatigue' <<<"$output" || false
	eq "Ash hp=10" "$(cat p)"
	# without -p, the party's record alone, 1 damage as before
	run -0 hazard -r delving -s 7 -n 5
	eq "hazard	5	-	damage	The party did not rest: each member takes 1 damage from fatigue." "${lines[4]}"
	printf 'Ash con=0\n' > p
	run -2 --separate-stderr hazard -r delving -p p
	eq "hazard: p:1: Ash has no hp=" "$stderr"
	run -2 --separate-stderr hazard -D 2
	one_error hazard
}

# 002: "2 Fatigue. Rest for 1 turn or become tired (no effect). If you are
# already tired, become exhausted, make rolls at disadvantage."
@test "002 tired and exhausted kept per character with -p and -w" {
	printf 'Ash con=0\nBo tired=1\n' > p
	run -0 --separate-stderr hazard -r dungeonturn -s 7 -n 8 -p p -w
	eq "hazard	3	-	tired	The party did not rest: it is tired (no effect yet).
hazard	3	-	tired	Ash is tired (no effect yet).
hazard	3	-	exhausted	Bo was already tired: exhausted, and makes rolls at disadvantage." "$(grep -P '^hazard\t3\t-' <<<"$output")"
	eq "hazard	8	-	exhausted	Ash was already tired: exhausted, and makes rolls at disadvantage.
hazard	8	-	exhausted	Bo stays exhausted and makes rolls at disadvantage." "$(grep -P '^hazard\t8\t-\texhausted\t[AB]' <<<"$output")"
	eq "Ash con=0 exhausted=1 tired=1
Bo tired=1 exhausted=1" "$(cat p)"
	# an exhausted character's chase check is at disadvantage, and says why
	printf 'Bo str=0 exhausted=1\n' > q
	run chase -s 3 -p q open
	[ "$status" -le 1 ]
	case $output in *"at disadvantage (exhausted, 004: \"they suffer disadvantage on all checks\")"*) ;; *) false;; esac
}

# 002: "Resting for 1 hour in the dungeon only heals 1d8 + str bonus."
@test "002 six rest turns in a row are an hour: 1d8 + STR mod each, up to hpmax=, kept with -w" {
	printf 'Ann str=1 hp=6 hpmax=20\nBo str=-1 hp=3\nCy str=0\nDee str=3 hp=9 hpmax=10\n' > p
	cp p q
	run -0 --separate-stderr hazard -r dungeonturn -s 7 -n 6 -p p -w rest
	eq "" "$stderr"
	eq "hazard	6	-	heal	An hour of rest in the dungeon: Ann heals 4 HP (1d8+1: 3), 10 HP now.
hazard	6	-	heal	An hour of rest in the dungeon: Bo heals 0 HP (1d8-1: 1), 3 HP now.
hazard	6	-	heal	An hour of rest in the dungeon: Dee heals 1 HP (1d8+3: 3), 10 HP now." "$(grep -P '\theal\t' <<<"$output")"
	eq "Ann str=1 hp=10 hpmax=20
Bo str=-1 hp=3
Cy str=0
Dee str=3 hp=10 hpmax=10" "$(cat p)"
	# five rest turns are not the hour; the state file keeps the count,
	# and one turn at a time prints what -n 6 prints
	run -0 hazard -r dungeonturn -s 7 -n 6 -p q rest
	want=$output
	rm -f st
	got=
	for i in 1 2 3 4 5 6; do
		run -0 --separate-stderr hazard -r dungeonturn -s 7 -f st -p q rest
		eq "" "$stderr"
		got+=$output$'\n'
		[ "$i" = 5 ] && grep -qx 'rest-turns 5' st && ! grep -q heal <<<"$got"
	done
	eq "$want" "${got%$'\n'}"
	! grep -q rest-turns st || false
	# a turn not rested breaks the count: 5 rests, 1 turn, 5 rests heal no one
	run -0 hazard -r dungeonturn -s 7 -n 5 -f st2 -p q rest
	run -0 hazard -r dungeonturn -s 7 -f st2 -p q
	run -0 hazard -r dungeonturn -s 7 -n 5 -f st2 -p q rest
	! grep -q heal <<<"$output" || false
	grep -qx 'rest-turns 5' st2
}

# 002: "Resting for 1 hour in the dungeon only heals 1d8 + str bonus": one
# rule in common/characters.c (chars_rest_dungeon_need), hazard's as timedice's.
@test "002: a rest in the dungeon heals 1d8 + str bonus: a character it heals without str= is refused, by hazard as by timedice; the dead and those without hp= need none" {
	printf 'Ann str=1 hp=6\nDag hp=4\n' > p
	cp p p.0
	for prog in "hazard -n 6" timedice; do
		run -2 --separate-stderr $prog -r dungeonturn -s 7 -p p -w rest
		eq "${prog%% *}: p:2: Dag has no str= (002: a rest in the dungeon heals 1d8 + str bonus)" "$stderr"
		[ -z "$output" ]
		same p p.0
	done
	# turns that are not a rest heal no one, and need no str=
	run -0 --separate-stderr hazard -r dungeonturn -s 7 -n 6 -p p
	eq "" "$stderr"
	printf 'Ann str=1 hp=6\nCy\nAsh hp=5 resilience=0\n' > q
	run -0 --separate-stderr hazard -r dungeonturn -s 7 -n 6 -p q rest
	eq "hazard: Ash is dead (CON 0): no rolls" "$stderr"
	eq "hazard	6	-	heal	An hour of rest in the dungeon: Ann heals 4 HP (1d8+1: 3), 10 HP now." "$(grep -P '\theal\t' <<<"$output")"
	run -0 --separate-stderr timedice -r dungeonturn -s 7 -p q rest
	eq "timedice: Ash is dead (CON 0): no rolls" "$stderr"
	eq "timedice	1	1	07:00	rest	1	A rest in the dungeon from 07:00 on day 1: 1 hour passes and resilience is restored; Ann heals 3 HP (1d8+1: 2), 9 HP now." "${lines[0]}"
}

@test "000: a rest taken is said, with when the next is due (issue 16)" {
	# 000: "After 6 Turns (~1 hour) of exploration, the party should rest for 1 Turn."
	run -0 hazard -s 1 -n 1 rest
	eq "hazard	1	-	rested	The party rests this turn; the next rest is due in 6 turns." "$(printf '%s\n' "$output" | sed -n 2p)"
}

@test "002: the encounter says its disposition follows; the disposition record says the 2d6 it shows (issue 16)" {
	# 002: "Disposition can be determined with a 2d6 roll"
	run -0 hazard -r dungeonturn -s 7 -n 4
	eq "hazard	3	1	encounter	Encounter. A wandering monster appears at a far distance, moving toward the party. Its disposition follows, rolled on 2d6.
hazard	3	8	uninterested	Disposition: 8 on 2d6, uninterested." "$(printf '%s\n' "$output" | grep -A1 '	encounter	')"
	! printf '%s\n' "$output" | grep -q 'Roll 2d6' || false
}

@test "004: travel turns daily overland and on a river or lake, weekly at sea: the record says its cadence (issue 16)" {
	# 004: "Travel turns can be rolled daily rather than hourly while the
	#  party travels overland."  "Travel turns can be rolled daily while on
	#  a river or lake, or weekly if at sea."
	run -0 hazard -r travel -s 1 -n 3 daily
	eq "hazard	1	5	soon	daily	The day's travel turn: Something bad happens soon: a subtle trap or poison, cautious enemies prepare to attack any moment, a retainer flees or betrays." "${lines[0]}"
	eq "6 6 6" "$(printf '%s\n' "$output" | awk -F'\t' '{ print NF }' | paste -sd' ')"
	# the same d20s and keys as hourly turns: only the cadence differs
	eq "$(hazard -r travel -s 1 -n 3 | cut -f1-4)" "$(printf '%s\n' "$output" | cut -f1-4)"
	eq "$(hazard -r travel -s 1 -n 3 | cut -f5 | sed "s/^/The day's travel turn: /")" "$(printf '%s\n' "$output" | cut -f6)"
	for w in overland river lake; do
		eq "$output" "$(hazard -r travel -s 1 -n 3 "$w")"
	done
	run -0 hazard -r travel -s 1 -n 3 sea
	eq "weekly|The week's travel turn: Threat worsens or draws near: a distant threat evolves, the environment gradually escalates to hostility, a new potential threat arrives; something is suspicious." \
	    "$(printf '%s\n' "${lines[1]}" | cut -f5- | tr '\t' '|')"
	eq "$output" "$(hazard -r travel -s 1 -n 3 weekly)"
	# hourly is the default, its records as they were: no CADENCE field
	eq "$(hazard -r travel -s 1 -n 3)" "$(hazard -r travel -s 1 -n 3 hourly)"
	# -v and -a as on an hourly turn; a turn at a time with -f as -n
	run -0 --separate-stderr hazard -r travel -a -v -s 1 daily
	eq "The day's travel turn: Threat worsens or draws near: a distant threat evolves, the environment gradually escalates to hostility, a new potential threat arrives; something is suspicious. [2d20kh1: 5,12]" "$(cut -f6 <<<"$output")"
	eq "$(hazard -r travel -a -v -s 1 2>/dev/null | cut -f3,4)" "$(cut -f3,4 <<<"$output")"
	f=$BATS_TEST_TMPDIR/road
	for i in 1 2 3; do hazard -r travel -f "$f" -s 1 daily; done > turns
	eq "$(hazard -r travel -s 1 -n 3 daily)" "$(cat turns)"
	run -2 --separate-stderr hazard -r travel -s 1 monthly
	eq "hazard: monthly: not a cadence of the travel rules (hourly, daily, weekly; overland, river, lake: daily; sea: weekly)" "$stderr"
	run -2 --separate-stderr hazard -r delving daily
	one_error hazard
}

# ---- 003 hide from the party file (issue 15)

@test "hazard -r alarm -p FILE hide: 003 'The party makes a group Stealth check, likely with Agility. On a success, the alarm value falls by two, plus one per spark. On a failure, they have an encounter.'" {
	# 004's load is not 003's: Bo's 2 load over STR 10 gives no disadvantage (issue 27)
	printf 'Ann dex=2\nBo dex=0 load=12 strength=10 exhausted=1\nCy dex=-1\n' > trio
	hazard -r alarm -f st -s 2 -n 4 advance > /dev/null
	run -0 --separate-stderr hazard -r alarm -f st -s 2 -p trio hide 1
	[ -z "$stderr" ]
	eq "hazard	5	18	stealth	Ann	20	12	pass	Ann makes the Stealth check: 18+2 = 20 against DC 12.
hazard	5	18	stealth	Bo	18	12	pass	Bo makes the Stealth check: 18+0 = 18 against DC 12.
hazard	5	13	stealth	Cy	12	12	pass	Cy makes the Stealth check: 13-1 = 12 against DC 12.
hazard	5	-	quiet	1	Hide: 3 of 3 make the Stealth check, at least half: the Stealth check passes; the alarm falls by 3 to 1 (2, plus 1 per spark)." "$output"
	grep -qx 'alarm 1' st
	# fewer than half: an encounter, and the alarm resets
	run -0 hazard -r alarm -s 1 -p trio hide
	eq "hazard	1	-	encounter	0	Hide: 1 of 3 makes the Stealth check, fewer than half: the Stealth check fails: an encounter, and the alarm resets to 0." "${lines[3]}"
	# the group passes when at least half pass, checked on 200 turns
	hazard -r alarm -s 9 -n 200 -c 11 -a -p trio hide | awk -F'\t' '
	    $4 == "stealth" { n++; made += $8 == "pass" }
	    NF == 6 { if ((2 * made >= n) != ($4 == "quiet")) bad++; n = made = 0 }
	    END { exit bad > 0 }'
	# by hand as before, and the options that have no use elsewhere
	eq "$(hazard -s 1 -r alarm hide pass 2)" "$(DELVING_PARTY=trio hazard -s 1 -r alarm hide pass 2)"
	run -2 --separate-stderr hazard -r alarm hide
	eq "hazard: hide: expected hide pass [SPARKS], hide fail, or -p FILE to roll the party's Stealth checks" "$stderr"
	run -2 --separate-stderr hazard -r alarm -c 10 hide pass
	one_error hazard
	run -2 --separate-stderr hazard -r alarm -p trio -w hide
	eq "hazard: -w: hide changes no character" "$stderr"
	printf 'Ann dex=2\nBo con=1\n' > nodex
	run -2 --separate-stderr hazard -r alarm -p nodex hide
	eq "hazard: nodex:2: Bo has no dex=" "$stderr"
}

# 004: CON reduced to 0, "They're dead": no save, no heal for a corpse.
@test "004 a dead character (resilience=0) makes no CON save and is not healed; said once" {
	printf 'Ash con=1 hp=5 resilience=0\nBo con=0 hp=4 str=1\n' > p
	run -0 --separate-stderr hazard -r exploration -s 2 -n 8 -p p
	eq "hazard: Ash is dead (CON 0): no rolls" "$stderr"
	! grep -q Ash <<<"$output" || false
	eq 3 "$(grep -cP '\tsave\tBo\t' <<<"$output")"
	run -0 --separate-stderr hazard -r dungeonturn -s 7 -n 6 -p p rest
	eq "hazard	6	-	heal	An hour of rest in the dungeon: Bo heals 4 HP (1d8+1: 3), 8 HP now." "$(grep -P '\theal\t' <<<"$output")"
}

# ---- issue 24: the rules hazard applies, tested where they live (tests/unit.c)
@test "000's Fatigue, 001's fatigue damage, 002's tired then exhausted and its hour of rest (common/characters.c, rules.c) over every HP and damage to 60, each said in its words" {
	run -0 --separate-stderr unit fatigue 60
	eq "3696 0" "$output"
}

@test "000's CON save (chars_con_save): d20 + CON against DC 12, CON -5 to 5, 200 each: a failure gains 1 Fatigue, a pass none, said in its words" {
	run -0 --separate-stderr unit consave 1 200
	eq "2200 989 0" "$output"	# 989 passes: 0.45 of 2200 is 990
}

@test "003's alarm step and hide's group check (common/alarm.c) over every alarm to 30, move, spark and d10, parties of 1 to 8" {
	run -0 --separate-stderr unit alarm 30 1
	eq "9548 0" "$output"
}

# issue 33: "delve rest with nothing pending says nothing under 001"
@test "a rest turn is always said, under every rules name whose turns rest: 000's clock, 001's and 002's rest, and fatigue ignored while resting" {
	for r in exploration bookkeeping delving dungeonturn; do
		run -0 hazard -r $r -s 7 -n 200 rest
		eq 200 "$(awk -F'\t' '$4 == "rested"' <<<"$output" | cut -f2 | sort -un | wc -l)"
	done
	run -0 hazard -r dungeonturn -s 7 -n 200 rest
	[ "$(grep -c 'fatigue is ignored while it rests' <<<"$output")" -gt 0 ]
	run -2 --separate-stderr hazard -r alarm rest
	one_error hazard
}
