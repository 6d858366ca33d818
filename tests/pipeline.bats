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
