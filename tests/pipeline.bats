#!/usr/bin/env bats
# The programs together (delving(7) THE RECORD STREAM): filters chain in any
# order, pass every line through, and count turns the same way.
load helper

setup() { cd "$BATS_TEST_TMPDIR"; }

@test "the pipeline of DESIGN.md runs and passes every hazard line through in order" {
	hazard -r delving -n 36 -s 7 > hz
	hazard -r delving -n 36 -s 7 | light -r delving -l torch,lantern - | timedice - | reaction - > all
	eq "$(cat hz)" "$(grep '^hazard	' all)"
	grep -q '^light	' all && grep -q '^timedice	' all
}

@test "filters chain in any order: each program's records are the same" {
	hazard -s 11 -n 60 > hz
	light -l torch,lantern - < hz | timedice - > a
	timedice - < hz | light -l torch,lantern - > b
	reaction - < hz | light -l torch - | timedice - > c
	for p in light timedice; do
		eq "$(grep "^$p	" a)" "$(grep "^$p	" b)"
	done
	eq "$(grep '^timedice	' a)" "$(grep '^timedice	' c)"
}

@test "records of turn 0 (what stood before the first turn) pass no time" {
	run -0 sh -c 'hazard -s 3 -n 6 | light -l torch - | timedice - | grep "^timedice"'
	eq "timedice	6	1	08:00	6,2	morning" "$(echo "$output" | cut -f1-6)"
	eq "$output" "$(hazard -s 3 -n 6 | timedice - | grep '^timedice')"
}

@test "a travel turn is an hour to light and timedice alike" {
	hazard -r travel -s 2 -n 3 | light -r travel -l lantern - | timedice - > out
	eq "10:00" "$(grep '^timedice' out | tail -1 | cut -f4)"
	grep -q '^light	3	lantern1	lantern	out	' out
}

@test "004: a day's travel turn is a day to timedice and a day of burning to light; a week's, a week (issue 16)" {
	# 004: "Travel turns can be rolled daily rather than hourly while the
	#  party travels overland.  Torches and SUP reduce hourly, as normal."
	#  "... or weekly if at sea."
	run -0 sh -c 'hazard -r travel daily -n 3 -s 1 | timedice - | light -r travel -l torch -'
	eq "light	1	torch1	torch	out	0	torch1 burns out in the day's travel: it had 1 hour left.
timedice	1	2	07:00	6,1	morning	A day of travel passes, 24 hours. It is 07:00 on day 2, morning: the time dice show 6 and 1.
light	1	party	-	well-lit	-	Daylight: the road is lit by day, well lit, typical natural light outdoors; the GM rules if advantage or disadvantage apply." \
	    "$(printf '%s\n' "$output" | awk -F'\t' '$2 == 1 && $1 != "hazard"')"
	eq "07:00 on day 2|07:00 on day 3|07:00 on day 4" "$(printf '%s\n' "$output" | awk -F'\t' '$1 == "timedice" { print $4 " on day " $3 }' | paste -sd'|')"
	# light first, timedice after: the same records
	eq "$(printf '%s\n' "$output" | grep -v '^light	.	party' | sort)" \
	    "$(hazard -r travel daily -n 3 -s 1 | light -r travel -l torch - | timedice - | grep -v '^light	.	party' | sort)"
	run -0 sh -c 'hazard -r travel sea -n 2 -s 1 | timedice - | light -r travel -l lantern -'
	eq "lantern1 burns out in the week's travel: it had 3 hours left.|A week of travel passes, 7 days. It is 07:00 on day 8, morning: the time dice show 6 and 1.|A week of travel passes, 7 days. It is 07:00 on day 15, morning: the time dice show 6 and 1." \
	    "$(printf '%s\n' "$output" | awk -F'\t' '($1 == "timedice" || $3 == "lantern1") && $2 > 0 { print $NF }' | paste -sd'|')"
	# the JSON spelling of the travel record does the same
	run -0 sh -c 'hazard -r travel daily -j -n 1 -s 1 | timedice - | light -r travel -l torch -'
	printf '%s\n' "$output" | grep -qF '"program":"hazard","turn":1,"roll":5,"key":"soon","cadence":"daily","text":"The day'"'"'s travel turn: '
	printf '%s\n' "$output" | grep -qF '"day":2,"time":"07:00","dice":"6,1","quarter":"morning","text":"A day of travel passes, 24 hours.'
	printf '%s\n' "$output" | grep -qF '"text":"torch1 burns out in the day'"'"'s travel: it had 1 hour left."'
}

@test "004: a day's travel turn leaves the hours since a safe rest as they were: no resilience check across it (issue 16)" {
	printf 'Ann con=0 resilience=10\n' > "$BATS_TEST_TMPDIR/party"
	run -1 sh -c "hazard -r travel daily -n 3 -s 1 | timedice -p '$BATS_TEST_TMPDIR/party' - | grep -c resilience"
	eq 0 "$output"
	run -0 sh -c "hazard -r travel -n 12 -s 1 | timedice -p '$BATS_TEST_TMPDIR/party' - | grep -c resilience"
	[ "$output" -gt 0 ]
}

@test "one DELVING_SEED serves a whole pipeline, and no two programs roll the same dice" {
	export DELVING_SEED=friday
	a=$(hazard -n 40 | reaction - | grep '^reaction' | cut -f3)
	b=$(hazard -n 40 | reaction - | grep '^reaction' | cut -f3)
	eq "$a" "$b"
	eq "$(hazard -n 20 | cut -f3)" "$(hazard -s friday -n 20 | cut -f3)"
	[ "$(hazard -r travel -n 20 | cut -f3)" != "$(roll -n 20 d20)" ]
}

@test "DELVING_RULES serves a pipeline: programs without those rules pass it over" {
	export DELVING_RULES=delving
	run -0 sh -c 'hazard -s 4 -n 30 | light -l torch - | timedice - | reaction -'
	echo "$output" | grep -q '	burn	'
	eq "$(hazard -r delving -s 4 -n 30)" "$(echo "$output" | grep '^hazard')"
}

@test "a bad record stops every filter with exit 2 after the lines before it" {
	printf 'hazard\t1\t4\tfatigue\tFatigue.\nhazard\tx\n' > bad
	for p in light timedice reaction; do
		run -2 --separate-stderr "$p" - < bad
		one_error "$p"
		eq "hazard	1	4	fatigue	Fatigue." "$(echo "$output" | grep '^hazard')"
	done
}
