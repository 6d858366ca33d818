#!/usr/bin/env bats
# timedice(6): the clock on time dice (004), timers, rests, resilience,
# filter mode.
load helper

setup() {
	F=$BATS_TEST_TMPDIR/day.time
}

# field N of the last line of $output (as tail -n 1 | cut -f N, in the shell)
last_field() {
	tabcut "$1" "${output##*$'\n'}"
}

# state KEY: the value of KEY in the state file $F (as
# awk '$1 == KEY { print $2 }', in the shell)
state() {
	local k v
	while read -r k v _; do [ "$k" != "$1" ] || printf '%s\n' "$v"; done < "$F"
}

# chisq_4d6: counts of the totals 4..24 on stdin, one a line; the chi-square
# against 4d6's weights out of 1296.
chisq_4d6() {
	awk 'BEGIN { for (a = 1; a <= 6; a++) for (b = 1; b <= 6; b++)
		for (c = 1; c <= 6; c++) for (d = 1; d <= 6; d++) w[a + b + c + d]++ }
	    { n[NR + 3] = $1; t += $1 }
	    END { for (v = 4; v <= 24; v++) { e = t * w[v] / 1296; s += (n[v] - e) ^ 2 / e }
		printf "%.3f\n", s }'
}

# ---- usage, version, output

@test "timedice: mandoc -Tlint finds nothing in timedice.6" {
	command -v mandoc >/dev/null || skip "mandoc is not installed"
	run -0 mandoc -Tlint -Wwarning "$TOP/man/timedice.6"
	[ -z "$output" ]
}

@test "timedice: a new clock shows 07:00 on day 1, two dice 6,1, morning (7 fields)" {
	run -0 --separate-stderr timedice
	[ -z "$stderr" ]
	eq "timedice	0	1	07:00	6,1	morning	It is 07:00 on day 1, morning: the time dice show 6 and 1." "$output"
	run -0 timedice show
	eq "timedice	0	1	07:00	6,1	morning	It is 07:00 on day 1, morning: the time dice show 6 and 1." "$output"
}

@test "timedice: every record has exactly 7 fields, none empty" {
	printf 'Ann resilience=1\n' > "$BATS_TEST_TMPDIR/party"
	{
		timedice -f "$F" -s 3 roll 2
		timedice -f "$F" timer torch 6turns
		timedice -f "$F" -s 3 timer rot 2d6
		timedice -f "$F" timers
		timedice -f "$F" -p "$BATS_TEST_TMPDIR/party" -n 3 hour
		timedice -f "$F" cancel rot
		timedice -f "$F" -s 3 -n 2 duration 3
		timedice -f "$F" rest 2
		hazard -r travel -s 3 -n 3 | timedice -f "$F" -p "$BATS_TEST_TMPDIR/party" - | grep '^timedice'
	} > "$BATS_TEST_TMPDIR/all"
	run -0 awk -F '\t' 'NF != 7 { print "bad: " $0 } { for (i = 1; i <= NF; i++) if ($i == "") print "empty: " $0 }' "$BATS_TEST_TMPDIR/all"
	[ -z "$output" ]
	# every keyword of the OUTPUT section occurs
	for k in timer expired cancelled duration rest resilience; do
		cut -f5 "$BATS_TEST_TMPDIR/all" | grep -qx "$k" || { echo "no $k record" >&2; false; }
	done
}

# ---- the time dice (004)

@test "timedice: 004's examples: 6, 1 is 07:00h; 6, 6, 6, 2 is 20:00h; up to 4d6" {
	run -0 timedice set 07:00
	eq 6,1 "$(last_field 5)"
	run -0 timedice set 20:00
	eq 6,6,6,2 "$(last_field 5)"
	eq night "$(last_field 6)"
	run -0 timedice set 05:00
	eq 5 "$(last_field 5)"
	eq pre-dawn "$(last_field 6)"
	run -0 timedice set 24:00
	eq 6,6,6,6 "$(last_field 5)"
	run -0 timedice set 6,6,6,2
	eq 20:00 "$(last_field 4)"
	run -0 timedice set 6,1
	eq 07:00 "$(last_field 4)"
}

# hour_round_trips: the 24 hours of the test below, untraced.
hour_round_trips() {
	local d faces sum
	for h in $(seq 1 24); do
		printf -v hh '%02d' "$h"
		run -0 timedice set "$hh:00"
		dice=$(last_field 5)
		quarter=$(last_field 6)
		# one die a quarter: full quarters show 6, the last the hour within
		IFS=, read -r -a faces <<< "$dice"
		eq "$(( (h - 1) / 6 + 1 ))" "${#faces[@]}"
		sum=0
		for d in "${faces[@]}"; do sum=$((sum + d)); done
		eq "$h" "$sum"
		for d in "${faces[@]:0:${#faces[@]} - 1}"; do eq 6 "$d"; done
		case $(( (h - 1) / 6 )) in
		0) eq pre-dawn "$quarter";; 1) eq morning "$quarter";;
		2) eq afternoon "$quarter";; 3) eq night "$quarter";;
		esac
		# faces back to the hour (a lone die is written with a comma-free TIME)
		run -0 timedice set "$dice"
		eq "$hh:00" "$(last_field 4)"
		eq "$dice" "$(last_field 5)"
	done
}

@test "timedice: every hour's dice round-trip: faces -> hour -> faces" {
	untraced hour_round_trips
}

@test "timedice: 004's worked example step by step: 2d6 (3, 2) is 05:00, pre-dawn; an hour: 6; another: 6, 1 (07:00)" {
	# "The GM rolls 2d6 to determine the current time of day ... (3, 2).
	#  It is 05:00h or in the pre-dawn quarter."
	run -0 timedice -f "$F" -s 32 roll 2
	eq "timedice	1	1	05:00	5	pre-dawn	2 time dice: 3 + 2 = 5. It is 05:00 on day 1, pre-dawn: the time die shows 5." "$output"
	# "an hour passes ... and rotates the time die to 6."
	run -0 timedice -f "$F" hour
	eq "timedice	1	1	06:00	6	pre-dawn	It is 06:00 on day 1, pre-dawn: the time die shows 6." "$output"
	# "The GM brings out the second time die ... and sets it to 1, or 07:00h."
	run -0 timedice -f "$F" hour
	eq "timedice	2	1	07:00	6,1	morning	Dawn: the morning quarter begins. It is 07:00 on day 1, morning: the time dice show 6 and 1." "$output"
	eq 07:00 "$(state time)"
	eq 2 "$(state turn)"
}

@test "timedice: golden 004 worked example and a session" {
	golden timedice-example.out sh -c "f='$BATS_TEST_TMPDIR/g'; rm -f \$f; timedice -f \$f -s 32 roll 2 &&
	    timedice -f \$f hour && timedice -f \$f hour"
	golden timedice-session.out sh -c "f='$BATS_TEST_TMPDIR/s'; rm -f \$f; timedice -f \$f -s 11 timer rot 1d6 &&
	    timedice -f \$f timer torch 6turns && timedice -f \$f -n 8 turn &&
	    timedice -f \$f set 24:30 && timedice -f \$f hour 3 && timedice -f \$f timers &&
	    timedice -f \$f -n 3 duration 2 && timedice -f \$f rest && timedice -f \$f -n 4 roll 1 from 22"
}

@test "timedice: 6 turns make 1 hour; N runs of turn print what -n N turn prints" {
	run -0 timedice -n 6 turn
	eq 6 "$(printf '%s\n' "$output" | wc -l | tr -d ' ')"
	eq "08:00" "$(last_field 4)"
	eq 6 "$(last_field 2)"
	run -0 timedice turn 6
	eq "timedice	6	1	08:00	6,2	morning	It is 08:00 on day 1, morning: the time dice show 6 and 2." "$output"
	timedice -f "$F" timer torch 4turns >/dev/null
	cp "$F" "$F.2"
	timedice -f "$F" -n 9 turn > "$BATS_TEST_TMPDIR/one"
	for i in 1 2 3 4 5 6 7 8 9; do timedice -f "$F.2" turn; done > "$BATS_TEST_TMPDIR/many"
	same "$BATS_TEST_TMPDIR/one" "$BATS_TEST_TMPDIR/many"
	same "$F" "$F.2"
}

@test "timedice: the day rolls over after 24:50 to 01:00 of the next day" {
	timedice -f "$F" set 24:40 >/dev/null
	run -0 timedice -f "$F" turn
	eq "1	24:50	6,6,6,6	night" "$(last_field 3-6)"
	run -0 timedice -f "$F" turn
	eq "timedice	2	2	01:00	1	pre-dawn	A new day: the pre-dawn quarter begins. It is 01:00 on day 2, pre-dawn: the time die shows 1." "$output"
	timedice -f "$F" set 24:30 5 >/dev/null
	run -0 timedice -f "$F" hour 2
	eq "6	02:30	2	pre-dawn" "$(last_field 3-6)"
	run -0 timedice -f "$F" day 3
	eq "9	02:30" "$(last_field 3-4)"
	eq 76 "$(last_field 2)"	# 2 turns + 2 hours + 3 x 24 hours: each hour is a turn
	run -0 timedice day
	eq "2	07:00	6,1	morning" "$(last_field 3-6)"
	eq 24 "$(last_field 2)"
}

@test "timedice: quarters begin at 01, 07 (dawn), 13 and 19 (nightfall)" {
	run -0 timedice -n 24 hour
	eq "The afternoon quarter begins. Nightfall: the night quarter begins. A new day: the pre-dawn quarter begins. Dawn: the morning quarter begins." \
	    "$(printf '%s\n' "$output" | cut -f7 | grep -o '^[^.]*begins\.' | tr '\n' ' ' | sed 's/ $//')"
	eq "13:00 19:00 01:00 07:00" "$(printf '%s\n' "$output" | grep begins | cut -f4 | tr '\n' ' ' | sed 's/ $//')"
}

@test "timedice: roll 4 never before 04:00 nor after 24:00, on the current day, distributed as 4d6" {
	# into a file, not through run: bats splits an output into lines, 64800 here
	timedice -s 4 -n 64800 roll 4 > "$BATS_TEST_TMPDIR/rolls" 2> "$BATS_TEST_TMPDIR/err"	# exit 0 (set -e)
	[ ! -s "$BATS_TEST_TMPDIR/err" ]
	eq 64800 "$(wc -l < "$BATS_TEST_TMPDIR/rolls" | tr -d ' ')"
	# the roll's index is the TURN
	eq "1 64800" "$(sed -n '1p;$p' "$BATS_TEST_TMPDIR/rolls" | cut -f2 | tr '\n' ' ' | sed 's/ $//')"
	run -0 awk -F '\t' '$3 != 1 || $4 !~ /:00$/ || $4 < "04:00" || $4 > "24:00" { print }' "$BATS_TEST_TMPDIR/rolls"
	[ -z "$output" ]
	# the faces in the sentence add up to the hour
	run -0 awk -F '\t' '{ split($7, a, ": "); n = split(a[2], f, " \\+ "); s = 0
	    for (i = 1; i <= n; i++) s += f[i]; if (s != $4 + 0) print }' "$BATS_TEST_TMPDIR/rolls"
	[ -z "$output" ]
	# 21 totals, 20 degrees of freedom: critical value 45.315 at p = 0.001
	x=$(awk -F '\t' '{ print substr($4, 1, 2) + 0 }' "$BATS_TEST_TMPDIR/rolls" | faces 4 24 | chisq_4d6)
	below "$x" 45.315
}

@test "timedice: roll 1 is uniform over 01:00 to 06:00 (chi-square, 5 df, 20.515)" {
	x=$(timedice -s 5 -n 6000 roll 1 | awk -F '\t' '{ print substr($4, 1, 2) + 0 }' | faces 1 6 | chisq)
	below "$x" 20.515
}

@test "timedice: roll N from TIME adds the hours to TIME, into the next day" {
	run -0 timedice -s 8 -n 50 roll 2 from 12:30
	# N dice, not one (a roll N from TIME once rolled one die whatever N)
	eq 50 "$(grep -c 'From 12:30, 2 time dice: [1-6] + [1-6] = ' <<<"$output")"
	run -0 awk -F '\t' '{ split($7, a, ": "); split(a[2], f, " = "); h = 12 + f[2]
	    d = h > 24 ? 2 : 1; if (h > 24) h -= 24
	    if ($3 != d || $4 != sprintf("%02d:30", h)) print }' <<<"$output"
	[ -z "$output" ]
	run -0 timedice -s 8 roll 4 from 24
	eq 2 "$(last_field 3)"
}

@test "timedice: roll and duration draw the same dice run by run with -f as with -n" {
	timedice -f "$F" -s 9 -n 3 roll 2 | cut -f3- > "$BATS_TEST_TMPDIR/one"
	rm -f "$F"
	for i in 1 2 3; do timedice -f "$F" -s 9 roll 2; done | cut -f3- > "$BATS_TEST_TMPDIR/many"
	same "$BATS_TEST_TMPDIR/one" "$BATS_TEST_TMPDIR/many"
	run -0 timedice -s 9 -n 2 roll 2
	run -0 timedice -s 9 -n 2 roll 2
	eq "$output" "$(timedice -s 9 -n 2 roll 2)"
}

@test "timedice: duration N prints N time dice of hours and leaves the clock" {
	timedice -f "$F" set 10:20 >/dev/null
	cp "$F" "$F.before"
	run -0 timedice -f "$F" -s 6 -n 200 duration 3
	run -0 awk -F '\t' '{ split($7, a, ": "); n = split(a[2], f, " \\+ "); s = 0
	    for (i = 1; i <= n; i++) s += f[i]
	    if ($5 != "duration" || $6 != s || s < 3 || s > 18 || n != 3 || $4 != "10:20") print }' <<<"$output"
	[ -z "$output" ]
	eq 10:20 "$(state time)"
	eq 200 "$(timedice -s 6 -n 200 duration 3 | cut -f2 | sort -u | wc -l | tr -d ' ')"
}

# ---- timers

@test "timedice: a timer fires exactly once, at the turn it runs out" {
	run -0 timedice -f "$F" timer torch 6turns
	eq "timedice	0	1	07:00	timer	torch	Timer torch set: 6 turns (1 hour); it runs out at 08:00 on day 1." "$output"
	run -0 timedice -f "$F" -n 12 turn
	eq 1 "$(printf '%s\n' "$output" | grep -c '	expired	')"
	eq "timedice	6	1	08:00	expired	torch	Timer torch runs out at 08:00 on day 1." \
	    "$(printf '%s\n' "$output" | grep '	expired	')"
	# the expiry comes before the clock of the same turn
	eq expired "$(printf '%s\n' "$output" | awk -F '\t' '$2 == 6 { print $5; exit }')"
	run -0 timedice -f "$F" timers
	eq "timedice	12	1	09:00	timers	none	No timers are running." "$output"
	! grep -q '^timer' "$F" || false
}

@test "timedice: timers survive across runs through the state file" {
	timedice -f "$F" timer torch 6turns >/dev/null
	timedice -f "$F" timer lantern 3hours >/dev/null
	for i in 1 2 3 4 5; do
		run -0 timedice -f "$F" turn
		! printf '%s\n' "$output" | grep -q expired || false
	done
	grep -qx 'timer torch 1' "$F"
	grep -qx 'timer lantern 13' "$F"
	run -0 timedice -f "$F" timers
	eq "torch lantern" "$(printf '%s\n' "$output" | cut -f6 | tr '\n' ' ' | sed 's/ $//')"
	run -0 timedice -f "$F" turn
	eq "timedice	6	1	08:00	expired	torch" "$(printf '%s\n' "$output" | grep expired | cut -f1-6)"
	run -0 timedice -f "$F" -n 11 turn
	! printf '%s\n' "$output" | grep -q expired || false
	run -0 timedice -f "$F" turn
	eq "timedice	18	1	10:00	expired	lantern" "$(printf '%s\n' "$output" | grep expired | cut -f1-6)"
	run -0 timedice -f "$F" -n 30 turn
	! printf '%s\n' "$output" | grep -q expired || false
}

@test "timedice: a timer running out inside an hour or a day gives the exact time and its turn" {
	timedice -f "$F" set 07:30 >/dev/null
	timedice -f "$F" timer a 1turn >/dev/null
	timedice -f "$F" timer b 7turns >/dev/null
	timedice -f "$F" timer c 1day >/dev/null
	run -0 timedice -f "$F" hour 2
	eq "timedice	1	1	07:40	expired	a
timedice	2	1	08:40	expired	b
timedice	2	1	09:30	6,3	morning" "$(printf '%s\n' "$output" | cut -f1-6)"
	run -0 timedice -f "$F" day
	eq "timedice	24	2	07:30	expired	c" "$(printf '%s\n' "$output" | grep expired | cut -f1-6)"
	eq 26 "$(last_field 2)"
}

@test "timedice: LENGTH: counts of days and dice cannot be confused" {
	run -0 timedice -f "$F" timer long 2days
	grep -qx 'timer long 288' "$F"
	run -0 timedice -f "$F" timer one 1day
	grep -qx 'timer one 144' "$F"
	run -0 timedice -f "$F" timer hr 2hours
	grep -qx 'timer hr 12' "$F"
	run -0 timedice -f "$F" timer t 1turn
	grep -qx 'timer t 1' "$F"
	# 2d6: two time dice, in hours: six turns an hour
	for s in 1 2 3 4 5 6 7 8; do
		run -0 timedice -f "$F" -s "$s" timer rot 2d6
		sum=$(printf '%s\n' "$output" | sed 's/.*rolled \([0-9]*\),\([0-9]*\) = .*/\1 \2/' | awk '{ print $1 + $2 }')
		[ "$sum" -ge 2 ] && [ "$sum" -le 12 ]
		grep -qx "timer rot $((sum * 6))" "$F"
	done
	run -0 timedice -f "$F" -s 1 timer rot 2d6days
	grep -Eq '^timer rot (288|432|576|720|864|1008|1152|1296|1440|1584|1728)$' "$F"
	run -0 timedice -f "$F" -s 1 timer rot 1d6turns
	grep -Eq '^timer rot [1-6]$' "$F"
	eq 1 "$(grep -c '^timer rot' "$F")"
	case $output in *"Timer rot reset: d6 turns rolled "*) ;; *) false;; esac
}

@test "timedice: bad lengths are refused, the state untouched" {
	timedice -f "$F" timer torch 6turns >/dev/null
	cp "$F" "$F.before"
	for len in 3 3d 2d 3t 1h 0turns -1turns 1d6-3 21d6 2x6 days turns 1.5hours 200000000days ''; do
		run -2 --separate-stderr timedice -f "$F" timer x "$len"
		one_error timedice
		[ -z "$output" ]
		same "$F" "$F.before"
	done
	case $stderr in "timedice: timer: '': "*) ;; *) false;; esac
}

@test "timedice: a timer's dice past a bound are refused naming the bound" {
	check() {
		run -2 --separate-stderr timedice timer x "$1"
		eq "timedice: timer: '$1': $2" "$stderr"
		[ -z "$output" ]
	}
	for len in 0d6 21d6 1001d6 1001d6hours 99999999999999999999d6; do
		check "$len" "count: expected 1 to 20 dice"
	done
	check d1000001 "position 1: sides: expected 1 to 1000000"
	check d99999999999999999999turns "position 1: sides: expected 1 to 1000000"
	check 1d6+1000001 "position 5: constant: expected 0 to 1000000"
	check 2d6kh3 "position 4: keep: expected 1 to the number of dice"
	check 1d6+20d6 "count: expected 1 to 20 dice"
	check 2d6-2 "the dice can roll less than 1"
	run -0 timedice -s 1 timer x 20d6
}

@test "timedice: a timer's dice are roll(6)'s grammar: 2d6*10turns, 1d6 + 1d4, 3d6dl1turns, d4!days (fixed seed, range)" {
	run -0 --separate-stderr timedice -f "$F" -s 4 timer ambush '2d6*10turns'
	eq "timedice	0	1	07:00	timer	ambush	Timer ambush set: 2d6*10 turns rolled 4,4 = 80: 80 turns (13 hours 20 minutes); it runs out at 20:20 on day 1." "$output"
	[ -z "$stderr" ]
	run -0 timedice -f "$F" timer rot '1d6 + 1d4'
	eq "timedice	0	1	07:00	timer	rot	Timer rot set: 1d6+1d4 hours rolled 4 2 = 6: 36 turns (6 hours); it runs out at 13:00 on day 1." "$output"
	run -0 timedice -f "$F" timer smoke 3d6dl1turns
	eq "timedice	0	1	07:00	timer	smoke	Timer smoke set: 3d6dl1 turns rolled (2),5,5 = 10: 10 turns (1 hour 40 minutes); it runs out at 08:40 on day 1." "$output"
	run -0 timedice -f "$F" timer blast 'd4!days'
	eq "timedice	0	1	07:00	timer	blast	Timer blast set: d4! days rolled 1 = 1: 144 turns (1 day); it runs out at 07:00 on day 2." "$output"
	grep -qx 'timer ambush 80' "$F"
	grep -qx 'timer blast 144' "$F"
	# 60 seeds: 2d6*10 turns is 20 to 120 turns in tens, 1d6+1d4 hours 2 to 10
	for i in $(seq 60); do
		timedice -s "$i" timer a '2d6*10turns'
		timedice -s "$i" timer b '1d6+1d4'
	done | awk -F'\t' '{ split($7, w, ": ") ; n = w[3] + 0 }
	    $6 == "a" { if (n < 20 || n > 120 || n % 10) exit 1; a[n] }
	    $6 == "b" { if (n < 12 || n > 60 || n % 6) exit 1; b[n] }
	    END { if (length(a) < 8 || length(b) < 7) exit 1 }'
}

@test "timedice: turns past 10^18 are refused, the state file untouched and still readable" {
	timedice -f "$F" -s 1 > /dev/null
	sed -i 's/^turn .*/turn 999999999999999999/' "$F"	# a keyword given twice is refused
	grep -qx 'turn 999999999999999999' "$F"
	cp "$F" "$F.before"
	for cmd in "turn 2" "hour 2" "day" "rest" "-n 2 turn"; do
		run -2 --separate-stderr timedice -f "$F" $cmd
		w=${cmd#-n 2 }
		eq "timedice: ${w%% *}: the turn count would pass 1000000000000000000" "$stderr"
		eq "" "$output"
		same "$F" "$F.before"
	done
	run -0 timedice -f "$F" turn
	cp "$F" "$F.before"
	printf 'hazard\t1\t5\tnothing\tx\n' > "$BATS_TEST_TMPDIR/in"
	run -2 --separate-stderr timedice -f "$F" - < "$BATS_TEST_TMPDIR/in"
	eq "timedice: turn: more than 1000000000000000000 turns" "$stderr"
	same "$F" "$F.before"
	run -0 timedice -f "$F"
}

@test "timedice: timers lists in order; cancel stops one; a name not running is refused" {
	timedice -f "$F" timer a 2turns >/dev/null
	timedice -f "$F" timer b 1hour >/dev/null
	run -0 timedice -f "$F" cancel a
	eq "timedice	0	1	07:00	cancelled	a	Timer a cancelled with 2 turns (20 minutes) left." "$output"
	cp "$F" "$F.before"
	run -2 --separate-stderr timedice -f "$F" cancel a
	one_error timedice
	eq "timedice: cancel: 'a': no such timer" "$stderr"
	same "$F" "$F.before"
	run -0 timedice -f "$F" -n 10 turn
	eq "b" "$(printf '%s\n' "$output" | grep expired | cut -f6)"
}

@test "timedice: a timer started in filter mode's file fires in the stream" {
	timedice -f "$F" timer torch 6turns >/dev/null
	run -0 sh -c "hazard -s 1 -n 10 | timedice -f '$F' -"
	eq 1 "$(printf '%s\n' "$output" | grep -c '	expired	torch')"
	# right after the first line of turn 6
	eq "hazard	6" "$(printf '%s\n' "$output" | grep -B1 '	expired	' | head -1 | cut -f1-2)"
}

# ---- rest and resilience (004)

@test "timedice: rest: a safe rest is 8 hours by default and restores resilience" {
	timedice -f "$F" hour 3 >/dev/null
	eq 18 "$(state since-rest)"
	run -0 timedice -f "$F" rest
	eq "timedice	4	1	10:00	rest	8	A safe rest from 10:00 on day 1: 8 hours pass and resilience is restored.
timedice	11	1	18:00	6,6,6	afternoon	The afternoon began at 13:00. It is 18:00 on day 1, afternoon: the time dice show 6, 6 and 6." "$output"
	eq 0 "$(state since-rest)"
	run -0 timedice -f "$F" rest 2
	eq "rest	2" "$(printf '%s\n' "$output" | head -1 | cut -f5-6)"
	eq 20:00 "$(last_field 4)"
}

@test "timedice: resilience: past the hours, a check at DC 10 + hours beyond (004)" {
	# "a PC with 10 CON can trek ten hours"; "The DC is 10 + the number of
	#  hours beyond the PC's resilience."
	printf 'Ann resilience=10\nBo resilience=12 con=1\n' > "$BATS_TEST_TMPDIR/party"
	P=$BATS_TEST_TMPDIR/party
	run -0 timedice -f "$F" -p "$P" hour 10
	! printf '%s\n' "$output" | grep -q resilience || false
	run -0 timedice -f "$F" -p "$P" hour
	eq "timedice	11	1	18:00	resilience	Ann	Ann has adventured 11 hours since a safe rest, 1 beyond a resilience of 10: a resilience check (1d20 + CON mod) at DC 11; failure means exhaustion." \
	    "$(printf '%s\n' "$output" | grep resilience)"
	run -0 timedice -f "$F" -p "$P" -n 2 hour
	eq "Ann 12 Ann 13 Bo 11" "$(printf '%s\n' "$output" | grep resilience | awk -F '\t' '{ match($7, /DC [0-9]+/); printf "%s%s %s", (NR > 1 ? " " : ""), $6, substr($7, RSTART + 3, RLENGTH - 3) }')"
	# ten-minute turns count too, by whole hours
	run -0 timedice -f "$F" -p "$P" -n 5 turn
	! printf '%s\n' "$output" | grep -q resilience || false
	run -0 timedice -f "$F" -p "$P" turn
	eq 2 "$(printf '%s\n' "$output" | grep -c resilience)"
	# a rest starts the count again
	timedice -f "$F" -p "$P" rest >/dev/null
	run -0 timedice -f "$F" -p "$P" hour 10
	! printf '%s\n' "$output" | grep -q resilience || false
	DELVING_PARTY=$P run -0 timedice -f "$F" hour
	eq 1 "$(printf '%s\n' "$output" | grep -c resilience)"
}

# 004: "The GM can call for a resilience check (1d20 + CON mod) once the PC has
# adventured for more hours than their resilience. The DC is 10 + the number
# of hours beyond the PC's resilience. Failure means that the PC becomes
# exhausted."  "Exhaustion can only be cured with sufficient rest and food
# ... only safe rest will."
@test "timedice: 004 resilience check rolled with con=; exhaustion kept with -w, cured by 8 hours of safe rest" {
	P=$BATS_TEST_TMPDIR/party
	printf 'Ann con=0 resilience=10 # scout\n' > "$P"
	run -0 --separate-stderr timedice -f "$F" -s 4 -p "$P" -w hour 15
	eq "timedice	15	1	22:00	resilience	Ann	Ann has adventured 15 hours since a safe rest, 5 beyond a resilience of 10: a resilience check (1d20 + CON mod), 14+0 = 14 against DC 15: fails and is exhausted (disadvantage on all checks, speed 0 ft)." \
	    "$(printf '%s\n' "$output" | grep resilience)"
	eq "Ann con=0 resilience=10 exhausted=1 # scout" "$(cat "$P")"
	# a short rest restores resilience, not the exhausted
	run -0 timedice -f "$F" -p "$P" -w rest 2
	eq "Ann con=0 resilience=10 exhausted=1 # scout" "$(cat "$P")"
	run -0 timedice -f "$F" -p "$P" -w hour 11
	case $(printf '%s\n' "$output" | grep resilience) in *"1 beyond a resilience of 10: already exhausted; only a safe rest with food cures it."*) ;; *) false;; esac
	# a night's safe rest, fed, cures it
	run -0 timedice -f "$F" -p "$P" -w rest
	case ${lines[0]} in *"and resilience is restored; with food, exhaustion is cured for Ann."*) ;; *) false;; esac
	eq "Ann con=0 resilience=10 exhausted=0 # scout" "$(cat "$P")"
	# without -w the file is kept as it was
	cp "$P" "$P.0"
	timedice -f "$F" -p "$P" hour 20 >/dev/null
	same "$P" "$P.0"
	run -2 --separate-stderr timedice -w hour
	one_error timedice
}

# 004: "A PC heals 1 HP per level per night of safe rest. ... A level 4 PC
# would heal 4 HP in a night of safe rest"
@test "timedice: 004 healing, 1 HP per level per night (8 hours) of safe rest, up to hpmax=; -w keeps it" {
	P=$BATS_TEST_TMPDIR/party
	printf 'Ann resilience=10 hp=3 hpmax=20 level=4 # the example\nBo resilience=10 hp=9 hpmax=10 level=4\nCy resilience=10 hp=2\n' > "$P"
	run -0 --separate-stderr timedice -f "$F" -p "$P" -w rest
	eq "timedice	1	1	07:00	rest	8	A safe rest from 07:00 on day 1: 8 hours pass and resilience is restored; Ann heals 4 HP (level 4), 7 HP now; Bo heals 1 HP (level 4), 10 HP now." "${lines[0]}"
	eq "Ann resilience=10 hp=7 hpmax=20 level=4 # the example
Bo resilience=10 hp=10 hpmax=10 level=4
Cy resilience=10 hp=2" "$(cat "$P")"
	# a shorter rest is not a night's: no healing
	run -0 timedice -f "$F" -p "$P" -w rest 7
	case ${lines[0]} in *heals*) false;; esac
}

@test "timedice: an exhausted character's resilience check is not rolled; an overloaded one's at disadvantage" {
	P=$BATS_TEST_TMPDIR/party
	printf 'Ann con=0 resilience=1 exhausted=1\nBo con=0 resilience=1 strength=5 load=6\n' > "$P"
	run -0 timedice -f "$F" -s 4 -p "$P" hour 2
	eq 2 "$(printf '%s\n' "$output" | grep -c resilience)"
	printf '%s\n' "$output" | grep -q 'Ann .*already exhausted'
	printf '%s\n' "$output" | grep -q 'Bo .*a resilience check (1d20 + CON mod), [0-9]*+0 = [0-9]* against DC [0-9]*, at disadvantage (1 load over STR 5, 004: "forces disadvantage on all checks")'
}

@test "timedice: a party file without resilience= is refused, naming the character" {
	printf 'Ann resilience=10\nBo con=1\n' > "$BATS_TEST_TMPDIR/party"
	timedice -f "$F" >/dev/null
	cp "$F" "$F.before"
	run -2 --separate-stderr timedice -f "$F" -p "$BATS_TEST_TMPDIR/party" hour
	one_error timedice
	case $stderr in *"Bo has no resilience="*) ;; *) false;; esac
	same "$F" "$F.before"
	run -2 --separate-stderr timedice -p "$BATS_TEST_TMPDIR/nonesuch" hour
	one_error timedice
}

# ---- filter mode

@test "timedice -: every line passes through unchanged and in order" {
	{ echo '# a comment'; hazard -r travel -s 7 -n 36; echo; echo 'not a record'
	  hazard -s 7 -n 40; printf 'tail\twith\ttabs\n'; } > "$BATS_TEST_TMPDIR/in"
	timedice - < "$BATS_TEST_TMPDIR/in" > "$BATS_TEST_TMPDIR/out"
	grep -v '^timedice	' "$BATS_TEST_TMPDIR/out" | cmp - "$BATS_TEST_TMPDIR/in"
	grep -q '^timedice	' "$BATS_TEST_TMPDIR/out"
}

@test "timedice -: a travel turn is an hour, a dungeon turn ten minutes" {
	# 004: "A travel turn occurs every hour of in-fiction time."
	run -0 sh -c 'hazard -r travel -s 7 -n 36 | timedice -'
	eq 36 "$(printf '%s\n' "$output" | grep -c '^timedice')"
	eq "2	19:00	6,6,6,1	night" "$(last_field 3-6)"
	eq 2 "$(printf '%s\n' "$output" | grep -c 'Nightfall')"
	eq 1 "$(printf '%s\n' "$output" | grep -c 'Dawn')"
	# six dungeon turns to the hour: records at turns 6, 12, ... 36
	run -0 sh -c 'hazard -s 7 -n 36 | timedice -'
	eq "6 12 18 24 30 36" "$(printf '%s\n' "$output" | grep '^timedice' | cut -f2 | tr '\n' ' ' | sed 's/ $//')"
	eq "13:00" "$(printf '%s\n' "$output" | grep '^timedice' | tail -1 | cut -f4)"
}

@test "timedice -: records follow the line that caused them, with its turn" {
	hazard -r travel -s 2 -n 20 | timedice - > "$BATS_TEST_TMPDIR/out"
	run -0 awk -F '\t' '$1 == "timedice" && $2 != prev { print "turn " $2 " after " prev }
	    $1 != "timedice" { prev = $2 }' "$BATS_TEST_TMPDIR/out"
	[ -z "$output" ]
	# one turn per new turn number, whoever wrote it
	printf 'hazard\t1\t5\tnothing\tx\nhazard\t1\t-\trest\tx\nother\t9\nhazard\t2\t5\tnothing\tx\n' |
	    timedice -f "$F" - >/dev/null
	eq 2 "$(state turn)"
	eq 07:20 "$(state time)"
}

@test "timedice -: a bad suite record stops with exit 2 after the lines before it; the state is kept" {
	timedice -f "$F" timer torch 2turns >/dev/null
	cp "$F" "$F.before"
	printf 'hazard\t1\t5\tnothing\tx\nhazard\t2\t5\tnothing\tx\nhazard\tx\t5\tnothing\n' > "$BATS_TEST_TMPDIR/in"
	run -2 --separate-stderr timedice -f "$F" - < "$BATS_TEST_TMPDIR/in"
	one_error timedice
	eq "$(head -2 "$BATS_TEST_TMPDIR/in")
timedice	2	1	07:20	expired	torch	Timer torch runs out at 07:20 on day 1." "$output"
	same "$F" "$F.before"
	printf 'timedice\t1\t1\t07:00\n' > "$BATS_TEST_TMPDIR/in"
	run -2 --separate-stderr timedice - < "$BATS_TEST_TMPDIR/in"
	one_error timedice
}

@test "timedice -: golden filter over a travel stream with a party" {
	printf 'Ann resilience=3\n' > "$BATS_TEST_TMPDIR/party"
	golden timedice-filter.out sh -c "f='$BATS_TEST_TMPDIR/t'; rm -f \$f; timedice -f \$f set 05:30 >/dev/null &&
	    timedice -f \$f timer torch 1hour >/dev/null &&
	    hazard -r travel -s 5 -n 8 | timedice -f \$f -p '$BATS_TEST_TMPDIR/party' -"
}

@test "timedice -: refuses operands after - and -n" {
	run -2 --separate-stderr timedice - turn
	one_error timedice
	run -2 --separate-stderr timedice -n 3 -
	one_error timedice
}

# ---- state file: concurrency, corruption

@test "timedice: 20 parallel runs of turn against one file: 20 turns later" {
	timedice -f "$F" >/dev/null
	for i in $(seq 1 20); do
		timedice -f "$F" turn > "$BATS_TEST_TMPDIR/out.$i" &
	done
	wait
	eq 20 "$(state turn)"
	eq 10:20 "$(state time)"
	eq "$(seq 1 20)" "$(cat "$BATS_TEST_TMPDIR"/out.* | cut -f2 | sort -n)"
	[ -z "$(ls "$BATS_TEST_TMPDIR" | grep 'tmp\.')" ]
}

@test "timedice: the state file keeps day, time, turn, since-rest, timers, seed and rng" {
	timedice -f "$F" -s 1 timer torch 6turns >/dev/null
	timedice -f "$F" set 12:40 3 >/dev/null
	timedice -f "$F" turn >/dev/null
	run -0 grep -v '^#' "$F"
	eq "day 3
time 12:50
turn 1
since-rest 1
timer torch 5
seed 1" "$(printf '%s\n' "$output" | sed '$d')"
	case $(tail -1 "$F") in "rng "*) ;; *) false;; esac
}

@test "timedice: a corrupt state file is refused (exit 2, FILE:LINE) and left byte-identical" {
	for bad in 'day 0' 'day x' 'time 25:00' 'time 12:05' 'time 6,1' 'time 7' 'turn -1' \
	    'since-rest x' 'timer torch' 'timer torch 0' 'timer torch 1 2' 'frob 1' 'rng 00' \
	    'seed x' 'day 1 2'; do
		printf '# ok\nday 1\n%s\n' "$bad" > "$F"
		cp "$F" "$F.before"
		run -2 --separate-stderr timedice -f "$F" turn
		one_error timedice
		case $stderr in "timedice: $F:3: "*) ;; *) echo "$bad: $stderr" >&2; false;; esac
		[ -z "$output" ]
		same "$F" "$F.before"
	done
	printf 'timer a 1\ntimer a 2\n' > "$F"
	run -2 --separate-stderr timedice -f "$F"
	case $stderr in *"$F:2: timer: 'a': named twice") ;; *) false;; esac
}

@test "timedice: bad times are refused: 25:00, 12:05, -1, faces over 6, a fifth die" {
	timedice -f "$F" timer torch 6turns >/dev/null
	cp "$F" "$F.before"
	for t in 25:00 12:05 -1 0 00:30 24:60 7:5 007:00 12: :30 6,7 6,0 6,6,6,6,1 ,6 6, 6,,1 noon ''; do
		run -2 --separate-stderr timedice -f "$F" set "$t"
		one_error timedice
		case $stderr in "timedice: set: '$t': "*) ;; *) echo "$t: $stderr" >&2; false;; esac
		[ -z "$output" ]
		same "$F" "$F.before"
	done
	run -2 --separate-stderr timedice -f "$F" roll 2 from 25:00
	one_error timedice
	run -2 --separate-stderr timedice -f "$F" set 12:00 0
	one_error timedice
	same "$F" "$F.before"
}

@test "timedice: unknown commands, bad counts and bad options are refused, exit 2" {
	timedice -f "$F" >/dev/null
	cp "$F" "$F.before"
	for args in 'frob' 'turn 0' 'turn x' 'turn 1 2' 'hour -1' 'day 0' 'rest 0' \
	    'roll' 'roll 0' 'roll 5' 'roll 2 from' 'roll 2 at 12' 'duration' 'duration 5' \
	    'set' 'set 1 2 3' 'timer' 'timer a' 'cancel' 'timers x' 'show x' \
	    'timer abcdefghijklmnopqrstuvwxyz0123456 1turn' $'timer \xff 1turn'; do
		run -2 --separate-stderr timedice -f "$F" $args
		one_error timedice
		[ -z "$output" ]
		same "$F" "$F.before"
	done
	for opts in '-n x' '-n -1' '-r delving' '-r nonesuch' '-n 2 set 5' '-n 2 timer a 1turn' \
	    '-n 2 cancel a' '-n 2 timers' '-n 2 show'; do
		run -2 --separate-stderr timedice -f "$F" $opts
		one_error timedice
		same "$F" "$F.before"
	done
	# the clock ends at 24:50 on day 1000000
	run -0 timedice -f "$F" day 999999
	eq "1000000	07:00" "$(last_field 3-4)"
	cp "$F" "$F.before"
	run -2 --separate-stderr timedice -f "$F" day
	one_error timedice
	eq "timedice: day: the clock cannot run past day 1000000" "$stderr"
	run -2 --separate-stderr timedice -f "$F" -s 1 roll 4 from 24
	one_error timedice
	same "$F" "$F.before"
	run -0 timedice -f "$F" hour 17
	eq 24:00 "$(last_field 4)"
	cp "$F" "$F.before"
	run -2 --separate-stderr timedice -f "$F" hour
	one_error timedice
	same "$F" "$F.before"
}

@test "timedice: -r travel is taken; DELVING_RULES of other rules is passed over" {
	run -0 timedice -r travel
	DELVING_RULES=delving run -0 timedice
	DELVING_RULES=nonesuch run -2 --separate-stderr timedice
	one_error timedice
}

@test "timedice: -n 0 prints nothing and moves nothing" {
	timedice -f "$F" >/dev/null
	run -0 timedice -f "$F" -n 0 hour
	[ -z "$output" ]
	eq 07:00 "$(state time)"
	run -0 timedice -f "$F" -n 0 set 5
	[ -z "$output" ]
	eq 07:00 "$(state time)"
}

@test "timedice: same seed, same output; -v reports the seed; DELVING_SEED stands in for -s" {
	a=$(timedice -s dawn -n 5 roll 3)
	eq "$a" "$(timedice -s dawn -n 5 roll 3)"
	eq "$a" "$(DELVING_SEED=dawn timedice -n 5 roll 3)"
	run -0 --separate-stderr timedice -v -s 12 roll 1
	eq "timedice: seed 12" "$stderr"
	eq "$a" "$(timedice -u -s dawn -n 5 roll 3)"
}

@test "timedice: a write error is exit 3 and leaves the state unchanged" {
	timedice -f "$F" >/dev/null
	cp "$F" "$F.before"
	run -3 --separate-stderr sh -c "timedice -f '$F' hour >/dev/full"
	one_error timedice
	same "$F" "$F.before"
	run -3 --separate-stderr sh -c 'hazard -n 3 | timedice - >/dev/full'
	one_error timedice
}

@test "timedice: every EXAMPLES line of timedice.6 runs" {
	cd "$BATS_TEST_TMPDIR"
	n=0
	while IFS= read -r line; do
		n=$((n + 1))
		PATH="$TOP/bin:$PATH" bash -c "$line" >/dev/null || { echo "failed: $line" >&2; false; }
	done < <(man_examples timedice.6)
	[ "$n" -ge 10 ]
	# the night's rest the manual shows (tests/examples.bats checks every line)
	eq "timedice	1	1	22:10	rest	9	A night of safe rest from 22:10 on day 1 until dawn: 9 hours pass and resilience is restored." \
	    "$(grep '	rest	9	' "$TOP/tests/examples/timedice.6.out")"
}

# ---- issue 16: quarters said when they begin, rests named for when they are taken

@test "timedice: a jump past a quarter's start says when it began and where the clock stands (issue 16)" {
	timedice -f "$F" set 10:00 >/dev/null
	run -0 timedice -f "$F" day
	eq "timedice	24	2	10:00	6,4	morning	The afternoon began at 13:00, night fell at 19:00, day 2 began at 01:00 and dawn came at 07:00. It is 10:00 on day 2, morning: the time dice show 6 and 4." "$output"
	timedice -f "$F" set 18:30 >/dev/null
	run -0 timedice -f "$F" day
	eq "Night fell at 19:00, day 3 began at 01:00, dawn came at 07:00 and the afternoon began at 13:00. It is 18:30 on day 3, afternoon: the time dice show 6, 6 and 6." "$(last_field 7)"
	timedice -f "$F" set 05:00 >/dev/null
	run -0 timedice -f "$F" hour 5
	eq "Dawn came at 07:00. It is 10:00 on day 3, morning: the time dice show 6 and 4." "$(last_field 7)"
	run -0 timedice -f "$F" day 2
	eq "8 quarters began, the last when dawn came at 07:00. It is 10:00 on day 5, morning: the time dice show 6 and 4." "$(last_field 7)"
	# arriving at a quarter's first hour still says it begins
	timedice -f "$F" set 06:00 >/dev/null
	run -0 timedice -f "$F" hour
	eq "Dawn: the morning quarter begins. It is 07:00 on day 5, morning: the time dice show 6 and 1." "$(last_field 7)"
}

@test "timedice: a rest is named for when it is taken: by day a safe rest, from nightfall to dawn a night's (issue 16)" {
	# 004: "A PC heals 1 HP per level per night of safe rest."
	timedice -f "$F" set 10:30 >/dev/null
	run -0 timedice -f "$F" rest
	eq "timedice	1	1	10:30	rest	8	A safe rest from 10:30 on day 1: 8 hours pass and resilience is restored.
timedice	8	1	18:30	6,6,6	afternoon	The afternoon began at 13:00. It is 18:30 on day 1, afternoon: the time dice show 6, 6 and 6." "$output"
	timedice -f "$F" set 22:00 >/dev/null
	run -0 timedice -f "$F" rest
	eq "A night of safe rest from 22:00 on day 1: 8 hours pass and resilience is restored." "$(printf '%s\n' "$output" | head -1 | cut -f7)"
}

@test "timedice: rest until a time or dawn: whole hours up to it (issue 16)" {
	timedice -f "$F" set 22:00 >/dev/null
	run -0 timedice -f "$F" rest until dawn
	eq "timedice	1	1	22:00	rest	9	A night of safe rest from 22:00 on day 1 until dawn: 9 hours pass and resilience is restored.
timedice	9	2	07:00	6,1	morning	Day 2 began at 01:00 and dawn came at 07:00. It is 07:00 on day 2, morning: the time dice show 6 and 1." "$output"
	eq 0 "$(state since-rest)"
	timedice -f "$F" set 12:10 >/dev/null
	run -0 timedice -f "$F" rest until 18:00
	eq "rest	6	A safe rest from 12:10 on day 2 until 18:00: 6 hours pass and resilience is restored." "$(printf '%s\n' "$output" | head -1 | cut -f5-7)"
	eq 18:10 "$(last_field 4)"
	run -0 timedice -f "$F" rest until 18
	eq 24 "$(printf '%s\n' "$output" | head -1 | cut -f6)"
	run -2 --separate-stderr timedice -f "$F" rest until noonish
	one_error timedice
	case $stderr in "timedice: rest until: 'noonish': "*) ;; *) false;; esac
	run -2 --separate-stderr timedice -f "$F" rest until
	one_error timedice
}

@test "timedice: timers with none running says so (issue 16)" {
	run -0 --separate-stderr timedice -f "$F" timers
	[ -z "$stderr" ]
	eq "timedice	0	1	07:00	timers	none	No timers are running." "$output"
}

@test "timedice room: 3 rooms or scenes make an hour (4 with rooms-per-hour 4) (issue 16)" {
	# 004: "the GM can count every 3-4 scenes, rooms, or encounters in a
	#  dungeon as one hour (or one travel turn)"
	run -0 timedice -f "$F" room
	eq "timedice	0	1	07:00	room	1	Room or scene 1 of 3 this hour; the hour passes after 2 more." "$output"
	run -0 timedice -f "$F" room 2
	eq "timedice	0	1	07:00	room	2	Room or scene 2 of 3 this hour; the hour passes after 1 more.
timedice	0	1	07:00	room	3	Room or scene 3 of 3 this hour: an hour passes.
timedice	1	1	08:00	6,2	morning	It is 08:00 on day 1, morning: the time dice show 6 and 2." "$output"
	eq 1 "$(state turn)"
	run -0 timedice -f "$F" rooms-per-hour 4
	eq "timedice	1	1	08:00	rooms-per-hour	4	From now on 4 rooms or scenes make an hour." "$output"
	run -0 timedice -f "$F" room 5
	eq "09:00" "$(printf '%s\n' "$output" | grep morning | cut -f4)"
	eq "Room or scene 1 of 4 this hour; the hour passes after 3 more." "$(last_field 7)"
	eq 1 "$(state rooms)"
	run -2 --separate-stderr timedice -f "$F" rooms-per-hour 5
	one_error timedice
}

# ---- 004 corruptions, 004 unsafe rest, 002 rest in the dungeon

# 004: "A PC is bitten by a venomous snake and rolls a CON mod check against
# DC 11. The PC fails, and becomes infected. In the first stage, they suffer
# exhaustion. After two hours, the first stage ends and the PC rolls again;
# another failure. They take 1d6 CON damage, rolling a 4. The PC's CON of 10
# (+0) is now 6 (-2). Two hours later, the PC makes a CON mod check and fails
# again. The PC rolls 1d6 for damage, gets a 6, and reduces their CON from 6
# to 0. They're dead."  Seed 45 is the first seed whose rolls fail, fail with
# a 4 and fail with a 6 (the code's own dice, searched for).
@test "timedice: 004's snake bite runs literally: infected, exhausted, CON 10 (+0) to 6 (-2) to 0, dead" {
	P=$BATS_TEST_TMPDIR/pip
	printf 'Pip con=0 resilience=10 # bitten\n' > "$P"
	run -0 --separate-stderr timedice -f "$F" -p "$P" -w -s 45 infect Pip venom 2hours first=exhaustion
	[ -z "$stderr" ]
	eq "timedice	0	1	07:00	infect	Pip	Pip is exposed to venom: a CON mod check (1d20 + CON mod), 7+0 = 7 against DC 11: fails, and Pip is infected. In the first stage Pip suffers exhaustion (disadvantage on all checks, speed 0 ft). Stage 1 ends in 2 hours, at 09:00 on day 1." "$output"
	eq "Pip con=0 resilience=10 exhausted=1 # bitten" "$(cat "$P")"
	eq "affliction Pip venom con 11 1d6 2hours 1 12" "$(grep '^affliction' "$F")"
	run -0 --separate-stderr timedice -f "$F" -p "$P" -w -s 45 hour 2
	[ -z "$stderr" ]
	eq "timedice	2	1	09:00	stage	Pip	Stage 1 of Pip's venom ends: a CON mod check (1d20 + CON mod), 4+0 = 4 against DC 11, at disadvantage (exhausted, 004: \"they suffer disadvantage on all checks\"): fails; 1d6 CON damage, rolling a 4: CON 10 (+0) is now 6 (-2). Stage 2 ends in 2 hours, at 11:00 on day 1.
timedice	2	1	09:00	6,3	morning	It is 09:00 on day 1, morning: the time dice show 6 and 3." "$output"
	eq "Pip con=-2 resilience=6 exhausted=1 # bitten" "$(cat "$P")"
	eq "affliction Pip venom con 11 1d6 2hours 2 12" "$(grep '^affliction' "$F")"
	run -0 --separate-stderr timedice -f "$F" -p "$P" -w -s 45 hour 2
	[ -z "$stderr" ]
	eq "timedice	4	1	11:00	stage	Pip	Stage 2 of Pip's venom ends: a CON mod check (1d20 + CON mod), 3-2 = 1 against DC 11, at disadvantage (exhausted, 004: \"they suffer disadvantage on all checks\"): fails; 1d6 CON damage, rolling a 6: CON 6 (-2) is now 0 (-5): Pip is dead." "${lines[0]}"
	eq "Pip con=-5 resilience=0 exhausted=1 # bitten" "$(cat "$P")"
	! grep -q '^affliction' "$F" || false
	# dead: no more stages, and no resilience checks however long the road
	run -0 timedice -f "$F" -p "$P" -w -s 45 hour 30
	! printf '%s\n' "$output" | grep -q -e stage -e resilience || false
}

# 004: "The GM can roll 1d6 per stage (hourly to weekly) and deal the
# result's damage to the appropriate ability score."  "the infected PC can
# make another check or suffer damage": a passed check ends it (timedice(6)).
@test "timedice: a corruption of INT in weekly stages: 2d4 damage, then a passed check shakes it off" {
	P=$BATS_TEST_TMPDIR/bo
	printf 'Bo con=2 resilience=14 intelligence=12 int=1\n' > "$P"
	run -0 timedice -f "$F" -p "$P" -w -s 5 infect Bo mindrot 1week ability=int damage=2d4
	case $output in *"Stage 1 ends in 7 days, at 07:00 on day 8.") ;; *) false;; esac
	run -0 timedice -f "$F" -p "$P" -w -s 5 rest 24 unsafe
	eq "" "$(printf '%s\n' "$output" | grep stage)"
	run -0 timedice -f "$F" -p "$P" -w -s 5 -n 20 rest 24 unsafe
	eq "timedice	168	8	07:00	stage	Bo	Stage 1 of Bo's mindrot ends: a CON mod check (1d20 + CON mod), 6+2 = 8 against DC 11: fails; 2d4 INT damage, rolling 4,1 = 5: INT 12 (+1) is now 7 (-2). Stage 2 ends in 7 days, at 07:00 on day 15.
timedice	336	15	07:00	stage	Bo	Stage 2 of Bo's mindrot ends: a CON mod check (1d20 + CON mod), 20+2 = 22 against DC 11 (a natural 20): passes, and Bo shakes off the mindrot." "$(printf '%s\n' "$output" | grep stage)"
	eq "Bo con=2 resilience=14 intelligence=7 int=-2" "$(cat "$P")"
	! grep -q '^affliction' "$F" || false
}

# 004: "Rolling a natural 1 on a check that damages a PC doubles the damage."
@test "timedice: a stage's natural 1 doubles the damage; STR at 0 collapses the character; stages of dice" {
	P=$BATS_TEST_TMPDIR/ann
	printf 'Ann con=1 resilience=12 strength=3 str=-4 # scout\n' > "$P"
	run -0 timedice -f "$F" -p "$P" -w -s 7 infect Ann rot 1d3days ability=str dc=14
	case $output in *"fails, and Ann is infected. Stage 1 ends in 1d3 days, rolled 1: 1 day, at 07:00 on day 2.") ;; *) false;; esac
	run -0 timedice -f "$F" -p "$P" -w -s 7 day 1
	eq "timedice	24	2	07:00	stage	Ann	Stage 1 of Ann's rot ends: a CON mod check (1d20 + CON mod), 1+1 = 2 against DC 14 (a natural 1: 004 \"doubles the damage the PC suffers\"): fails; 1d6 STR damage, rolling a 4, doubled by the natural 1 to 8: STR 3 (-4) is now 0 (-5): Ann collapses, too weak to stand or lift anything." "${lines[0]}"
	# and the day on the road, 12 hours past her resilience, exhausted her
	eq "Ann con=1 resilience=12 strength=0 str=-5 exhausted=1 # scout" "$(cat "$P")"
}

@test "timedice: afflictions: listed by timers after the timers, run in filter mode, the GM's without a party file, cured" {
	P=$BATS_TEST_TMPDIR/pip
	printf 'Pip con=0 resilience=10\n' > "$P"
	timedice -f "$F" timer torch 2hours >/dev/null
	timedice -f "$F" -p "$P" -s 45 infect Pip venom 2hours >/dev/null
	run -0 --separate-stderr timedice -f "$F" timers
	eq "timedice	0	1	07:00	timer	torch	Timer torch: 12 turns (2 hours) left; it runs out at 09:00 on day 1.
timedice	0	1	07:00	affliction	Pip	Pip suffers venom, stage 1: it ends in 2 hours, at 09:00 on day 1, with a CON mod check at DC 11 or 1d6 CON damage." "$output"
	# the timer first at the same turn; without -p the GM rolls and the stages go on
	run -0 sh -c "hazard -s 1 -n 12 | timedice -f '$F' -"
	eq "timedice	12	1	09:00	expired	torch	Timer torch runs out at 09:00 on day 1.
timedice	12	1	09:00	stage	Pip	Stage 1 of Pip's venom ends: a CON mod check at DC 11 or 1d6 CON damage, for the GM to roll (no party file names Pip). Stage 2 ends in 2 hours, at 11:00 on day 1." "$(printf '%s\n' "$output" | grep -e expired -e stage)"
	run -0 --separate-stderr timedice -f "$F" cure Pip venom
	eq "timedice	12	1	09:00	cured	Pip	Pip is cured of venom in stage 2." "$output"
	! grep -q '^affliction' "$F" || false
	run -2 --separate-stderr timedice -f "$F" cure Pip venom
	one_error timedice
	eq "timedice: cure: Pip venom: no such affliction" "$stderr"
}

@test "timedice: infect needs -f, -p, the character, con= and the ability's score; one affliction of a source at a time" {
	P=$BATS_TEST_TMPDIR/party
	printf 'Pip con=0 resilience=10\nBo resilience=10\n' > "$P"
	cp "$P" "$P.0"
	for args in "-p $P infect Pip venom 2hours" "-f $F infect Pip venom 2hours" \
	    "-f $F -p $P infect Cy venom 2hours" "-f $F -p $P infect Bo venom 2hours" \
	    "-f $F -p $P infect Pip venom 2hours ability=str" \
	    "-f $F -p $P infect Pip venom 2hours dc=0" "-f $F -p $P infect Pip venom 2hours damage=1d6-2" \
	    "-f $F -p $P infect Pip venom 2hours first=limb" "-f $F -p $P infect Pip venom 2hours blight" \
	    "-f $F -p $P infect Pip venom 2parsecs" "-f $F -p $P -n 2 infect Pip venom 2hours"; do
		run -2 --separate-stderr timedice $args
		one_error timedice
		[ -z "$output" ]
		[ ! -e "$F" ]
	done
	eq "timedice: infect: Cy: not in $P" "$(timedice -f "$F" -p "$P" infect Cy venom 2hours 2>&1)"
	eq "timedice: $P:2: Bo has no con=" "$(timedice -f "$F" -p "$P" infect Bo venom 2hours 2>&1)"
	timedice -f "$F" -p "$P" -s 45 infect Pip venom 2hours >/dev/null
	run -2 --separate-stderr timedice -f "$F" -p "$P" infect Pip venom 2hours
	eq "timedice: infect: Pip already suffers venom (stage 1): cure it first" "$stderr"
	same "$P" "$P.0"
}

# 004: "A PC heals 1 HP per night of unsafe rest; such as when in a dungeon."
# "Typically unsafe rest does not cure exhaustion, only safe rest will."
@test "timedice: 004 unsafe rest heals 1 HP a night (8 hours), up to hpmax=, and cures no exhaustion" {
	P=$BATS_TEST_TMPDIR/party
	printf 'Ann resilience=10 hp=3 hpmax=20 level=4 exhausted=1 # the level 4 PC\nBo resilience=10 hp=10 hpmax=10\nCy resilience=10\n' > "$P"
	timedice -f "$F" set 22:00 >/dev/null
	run -0 --separate-stderr timedice -f "$F" -p "$P" -w rest unsafe
	[ -z "$stderr" ]
	eq "timedice	1	1	22:00	rest	8	A night of unsafe rest from 22:00 on day 1: 8 hours pass and resilience is restored; unsafe rest does not cure exhaustion: Ann stays exhausted; Ann heals 1 HP, 4 HP now; Bo heals 0 HP, 10 HP now." "${lines[0]}"
	eq "Ann resilience=10 hp=4 hpmax=20 level=4 exhausted=1 # the level 4 PC
Bo resilience=10 hp=10 hpmax=10
Cy resilience=10" "$(cat "$P")"
	# a shorter one heals nothing; until a time, unsafe too
	run -0 timedice -f "$F" -p "$P" -w rest 2 unsafe
	case ${lines[0]} in *heals*) false;; *"An unsafe rest from 06:00 on day 2: 2 hours pass"*) false;; esac
	run -0 timedice -f "$F" -p "$P" -w rest until nightfall unsafe
	case ${lines[0]} in *"until nightfall: 11 hours pass and resilience is restored; unsafe rest does not cure exhaustion: Ann stays exhausted; Ann heals 1 HP, 5 HP now; Bo heals 0 HP, 10 HP now.") ;; *) false;; esac
	# the same night safe: level 4 heals 4 and food cures the exhausted
	run -0 timedice -f "$F" -p "$P" -w rest
	case ${lines[0]} in *"with food, exhaustion is cured for Ann; Ann heals 4 HP (level 4), 9 HP now"*) ;; *) false;; esac
	for bad in "rest unsafe unsafe" "rest x unsafe" "rest until unsafe" "rest 8 safe"; do
		run -2 --separate-stderr timedice -f "$F" $bad
		one_error timedice
	done
}

# 002: "Resting for 1 hour in the dungeon only heals 1d8 + str bonus.
# Resting for 8 hours is not possible in a dungeon."
@test "timedice: 002 rest in the dungeon (-r dungeonturn): 1d8 + STR mod an hour, up to hpmax=; 8 hours refused" {
	P=$BATS_TEST_TMPDIR/party
	printf 'Ann str=1 hp=3 hpmax=12 exhausted=1\nBo str=-1 hp=9 hpmax=10\nCy # no hp: not healed\n' > "$P"
	run -0 --separate-stderr timedice -f "$F" -r dungeonturn -s 3 -p "$P" -w rest
	[ -z "$stderr" ]
	eq "timedice	1	1	07:00	rest	1	A rest in the dungeon from 07:00 on day 1: 1 hour passes and resilience is restored; unsafe rest does not cure exhaustion: Ann stays exhausted; Ann heals 3 HP (1d8+1: 2), 6 HP now; Bo heals 1 HP (1d8-1: 8), 10 HP now.
timedice	1	1	08:00	6,2	morning	It is 08:00 on day 1, morning: the time dice show 6 and 2." "$output"
	eq "Ann str=1 hp=6 hpmax=12 exhausted=1
Bo str=-1 hp=10 hpmax=10
Cy # no hp: not healed" "$(cat "$P")"
	run -0 timedice -f "$F" -r dungeonturn -s 3 -p "$P" -w rest 3
	eq "timedice	2	1	08:00	rest	3	A rest in the dungeon from 08:00 on day 1: 3 hours pass and resilience is restored; unsafe rest does not cure exhaustion: Ann stays exhausted; Ann heals 6 HP (1d8+1 each hour: 7, 4, 5), 12 HP now; Bo heals 0 HP (1d8-1 each hour: 8, 6, 8), 10 HP now." "${lines[0]}"
	cp "$P" "$P.0"
	cp "$F" "$F.0"
	for args in "rest 8" "rest 24" "-n 4 rest 2" "-n 8 rest" "rest until dawn" "rest unsafe"; do
		run -2 --separate-stderr timedice -f "$F" -r dungeonturn -p "$P" -w $args
		one_error timedice
		[ -z "$output" ]
	done
	eq "timedice: rest: resting for 8 hours is not possible in a dungeon (002): at most 7 hours, with -n in all" "$(timedice -f "$F" -r dungeonturn rest 8 2>&1)"
	printf 'Dag hp=4\n' > "$P.nostr"
	eq "timedice: $P.nostr:1: Dag has no str= (002: a rest in the dungeon heals 1d8 + str bonus)" "$(timedice -r dungeonturn -p "$P.nostr" rest 2>&1)"
	same "$P" "$P.0"
	same "$F" "$F.0"
	# the travel rules' rest is untouched, and a party there needs resilience=
	run -2 --separate-stderr timedice -p "$P" rest
	eq "timedice: $P:1: Ann has no resilience=" "$stderr"
}

# ---- issue 24: the rests timedice applies, tested where they live (tests/unit.c)
@test "004's night of rest heals and cures, 002's hour in the dungeon heals 1d8 + STR (common/characters.c) over every HP and level to 30, each said in its words, and a party's rest said" {
	run -0 --separate-stderr unit rests 30 1
	eq "384558 0" "$output"
}

@test "rest until TIME (clock_hours_until, common/clock.c): from every turn of two days to every time, the fewest whole hours that reach it" {
	run -0 --separate-stderr unit until
	eq "41472 0" "$output"
}
