#!/usr/bin/env bats
# delve(6), The game master's commands: damage, heal, set, join, leave,
# light, camp (and rest under travel), edit.  Each changes the session all
# or nothing, is logged at the session's turn, and is taken back by undo;
# each refusal is one line, exit 2, and leaves every file as it was.
load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return
	printf 'Bo con=1 str=2 hp=12 hpmax=12 level=2  # the fighter\n\n# the healer\nMira con=0 hp=8 hpmax=8 level=1\n' > party.txt
	printf 'Ann con=1 hp=5 hpmax=9 level=2 resilience=10\nCal con=0 hp=3 hpmax=6 level=1 resilience=12 exhausted=1\n' > crew.txt
}

# refused WORD...: delve -C S WORD... exits 2 with one line and changes nothing.
refused() {
	local before
	before=$(snap S)
	run -2 --separate-stderr delve -C S "$@"
	one_error delve
	eq "" "$output"
	eq "$before" "$(snap S)"
}

# party_hp NAME: the hp= of NAME in S's party file.
party_hp() {
	awk -v n="$1" '$1 == n { for (i = 2; i <= NF; i++) if ($i ~ /^hp=/) print substr($i, 4) }' S/state/party
}

@test "delve damage N: hp= falls, one sentence, a delve record at the session's turn, in -R and -j" {
	delve new -s ash -p party.txt S
	delve -C S -n 2 > /dev/null
	run -0 --separate-stderr delve -C S damage Bo 7
	eq "turn 2  07:20  Bo takes 7 damage: 5 of 12 HP." "$output"
	[ -z "$stderr" ]
	eq 5 "$(party_hp Bo)"
	eq "$(printf 'delve\t2\tBo\tdamage\thp=5\tBo takes 7 damage: 5 of 12 HP.')" "$(delve -C S -R log | tail -1)"
	eq '{"program":"delve","turn":2,"name":"Bo","key":"damage","change":"hp=5","text":"Bo takes 7 damage: 5 of 12 HP."}' "$(delve -C S -j log | tail -1)"
	# the rest of the party file is as the person wrote it
	eq "Bo con=1 str=2 hp=5 hpmax=12 level=2  # the fighter" "$(head -1 S/state/party)"
	eq "$(tail -n +2 party.txt)" "$(tail -n +2 S/state/party)"
	run -0 delve -C S check
}

@test "delve damage DICE: rolled from the session's seed, the same in a session made again; never below 0 HP" {
	delve new -s ash -p party.txt S
	delve new -s ash -p party.txt T
	run -0 delve -C S damage Mira 2d6
	[[ $output == "turn 0  07:00  Mira takes "*" damage (2d6): "*" of 8 HP"* ]]
	eq "$output" "$(delve -C T damage Mira 2d6)"
	n=$(delve -C S -R log | tail -1 | cut -f6 | sed 's/Mira takes \([0-9]*\) .*/\1/')
	[ "$n" -ge 2 ] && [ "$n" -le 12 ]
	hp=$(( 8 - n < 0 ? 0 : 8 - n ))
	eq "$hp" "$(party_hp Mira)"
	run -0 delve -C S damage Mira 20
	eq "turn 0  07:00  Mira takes 20 damage: 0 of 8 HP, incapacitated." "$output"
	eq 0 "$(party_hp Mira)"
	# each command at a turn rolls its own dice: ten 1d1000 rolls are not all one
	for i in 1 2 3 4 5 6 7 8 9 10; do delve -C T damage Bo 1d1000; done > /dev/null
	delve -C T -R log | grep -c '	Bo	damage	' | grep -qx 10
	[ "$(delve -C T -R log | grep '	Bo	damage	' | cut -f6 | cut -d' ' -f3 | sort -u | wc -l)" -ge 5 ]
}

@test "delve heal: no higher than hpmax=, said so; undo takes it back, the old generation untouched" {
	delve new -s ash -p party.txt S
	delve -C S damage Bo 10 > /dev/null
	cp S/state/party before
	run -0 delve -C S heal Bo 4
	eq "turn 0  07:00  Bo heals 4 HP: 6 of 12 HP." "$output"
	run -0 delve -C S heal Bo 50
	eq "turn 0  07:00  Bo heals 6 of 50 HP, no higher than hpmax=12: 12 of 12 HP." "$output"
	eq 12 "$(party_hp Bo)"
	cmp before S/g.1/party		# the generation before was not written through its link
	log=$(wc -c < S/log)
	delve -C S undo
	delve -C S undo
	cmp before S/state/party
	[ "$(wc -c < S/log)" -lt "$log" ]
	eq 1 "$(delve -C S -R log | grep -c '^delve')"
}

@test "delve set: each key a record with its old value; the values checked as the party reader checks them" {
	delve new -s ash -p party.txt S
	run -0 delve -C S set Mira str=1 hp=3 exhausted=1
	eq "turn 0  07:00  Mira's str is 1 (was none).
               Mira's hp is 3 (was 8).
               Mira's exhausted is 1 (was none)." "$output"
	eq "Mira con=0 hp=3 hpmax=8 level=1 str=1 exhausted=1" "$(tail -1 S/state/party)"
	eq "$(printf 'delve\t0\tMira\tset\tstr=1')" "$(delve -C S -R log | head -1 | cut -f1-5)"
	delve -C S undo
	cmp party.txt S/state/party
}

@test "delve join and leave: a line added at the end, a line taken out; the new character read as the turns read them" {
	delve new -s ash -p party.txt S
	run -0 delve -C S join Cy con=0 hp=8 hpmax=8
	eq "turn 0  07:00  Cy joins the party: con=0 hp=8 hpmax=8." "$output"
	eq "Cy con=0 hp=8 hpmax=8" "$(tail -1 S/state/party)"
	run -0 delve -C S leave Bo
	eq "turn 0  07:00  Bo leaves the party." "$output"
	eq "$(printf '\n# the healer\nMira con=0 hp=8 hpmax=8 level=1\nCy con=0 hp=8 hpmax=8')" "$(cat S/state/party)"
	run -0 delve -C S	# the turns read the new party
	eq "$(printf 'delve\t0\tCy\tjoin\t-\ndelve\t0\tBo\tleave\t-')" "$(delve -C S -R log | grep '^delve' | cut -f1-5)"
	# hazard under 000 needs con= of every character: refused at once
	refused join Dee hp=4
	eq "delve: hazard: S/state/party:5: Dee has no con=; the session is as it was" "$stderr"
}

@test "delve damage, heal, set, join, leave refuse bad input: one line, exit 2, the session as it was" {
	printf 'Bo con=1 hp=12 resilience=10\nMira con=0 hp=8 resilience=10\nZed con=0 hp=4 resilience=0\nNoh con=0 resilience=10\n' > party.txt
	delve new -s ash -p party.txt S
	delve -C S -n 1 > /dev/null
	refused damage Kim 3
	eq "delve: damage: 'Kim': not in the party (Bo, Mira, Zed, Noh)" "$stderr"
	refused damage Bo 2d
	refused damage Bo 2x6
	refused damage Bo d6-3
	eq "delve: damage: 'd6-3': dice that can roll below 0" "$stderr"
	refused damage Bo 100001
	refused heal Bo -1
	refused heal Zed 1
	eq "delve: heal: Zed is dead (CON 0)" "$stderr"
	refused damage Noh 1
	refused damage Bo
	refused set Bo
	refused set Bo Notes=x	# a GM's own key is lower-case (notes=x is taken)
	[[ $stderr == "delve: set: Bo: unknown key 'Notes' (str dex con"* ]]
	refused set Bo hp=x
	eq "delve: set: Bo: hp=x: expected a whole number from 0 to 100000" "$stderr"
	refused set Bo hp=1 hp=2
	refused set Bo level=0
	refused join Bo hp=1
	eq "delve: join: 'Bo': named twice" "$stderr"
	refused join a=b
	refused join Cy hp
	refused leave Kim
	refused -n 2 damage Bo 1
	delve new -s ash P
	cd P
	run -2 --separate-stderr delve damage Bo 1
	eq "delve: damage: the session keeps no party file (delve new -p FILE)" "$stderr"
	cd ..
	printf 'Solo con=0 hp=1\n' > solo.txt
	delve new -s ash -p solo.txt Q
	mv S S.keep && mv Q S
	refused leave Solo
}

@test "delve light: light(6)'s commands on the session's light file, logged, undone; time passes only with the turns" {
	delve new -s ash S
	run -0 delve -C S light add torch
	[[ $output == "turn 0  07:00  torch1 is lit: "* ]]
	grep -q '^source torch1 torch lit' S/state/light
	delve -C S -n 6 > /dev/null	# 000: a torch lasts 6 turns
	delve -C S light add torch > /dev/null
	delve -C S light out torch2 > /dev/null
	run -0 delve -C S light relight torch2
	[[ $output == "turn 6  08:00  torch2 is lit again: "* ]]
	grep -q '^source torch1 torch out 0' S/state/light
	run -0 delve -C S light out spent
	! grep -q '^source torch1' S/state/light || false
	delve -C S -R log | tail -2 | grep -q "^light	6	"
	delve -C S undo
	grep -q '^source torch1 torch out 0' S/state/light
	run -0 delve -C S check
	refused light tick
	refused light
	refused light status
	refused light -f x add torch
	refused light relight nosuch
	[[ $stderr == "delve: light: "* ]]
}

@test "delve camp under travel: 004's night of safe rest heals, cures exhaustion, every clock moves together; undo takes it all back" {
	delve new -s ash -r travel -p crew.txt S
	delve -C S -n 2 > /dev/null
	before=$(snap S/state/)
	run -0 --separate-stderr delve -C S camp
	[[ ${lines[0]} == "turn  2  09:00  A safe rest from 09:00 on day 1: 8 hours pass and resilience is restored"* ]]
	[[ ${lines[0]} == *"Ann heals 2 HP (level 2), 7 HP now; Cal heals 1 HP (level 1), 4 HP now"* ]]
	[[ ${lines[0]} == *"exhaustion is cured for Cal"* ]]
	eq "turn 10  17:00" "$(delve -C S log | grep '^turn 10' | cut -c1-14)"
	eq "turn  5  12:00" "$(delve -C S log | grep '^turn  5' | cut -c1-14)"	# an hour a turn
	eq "Ann con=1 hp=7 hpmax=9 level=2 resilience=10" "$(head -1 S/state/party)"
	eq "Cal con=0 hp=4 hpmax=6 level=1 resilience=12 exhausted=0" "$(tail -1 S/state/party)"
	run -0 delve -C S check
	eq "session   turn 10" "${lines[0]}"
	eq 8 "$(delve -C S -R log | awk -F'\t' '$1 == "hazard" && $2 > 2' | wc -l)"
	delve -C S		# the next turn takes the files as the camp left them
	delve -C S undo
	delve -C S undo
	eq "$before" "$(snap S/state/)"
}

@test "delve rest under travel is a camp; camp unsafe heals 1 HP and cures nothing; camp elsewhere is refused" {
	delve new -s ash -r travel -p crew.txt S
	run -0 delve -C S rest 4
	[[ $output == *"4 hours pass"* ]]
	run -0 delve -C S check
	eq "session   turn 4" "${lines[0]}"
	run -0 delve -C S camp unsafe
	[[ ${lines[0]} == *"unsafe rest"*"Cal stays exhausted; Ann heals 1 HP, 6 HP now; Cal heals 1 HP, 4 HP now." ]]
	refused camp 0
	refused camp 25
	refused camp 8 safe
	refused -n 2 camp
	mv S T
	delve new -s ash -p party.txt S
	refused camp
	eq "delve: camp: a night's camp is a rest of the travel rules (004); under exploration a rest is a turn: delve rest" "$stderr"
}

@test "delve edit: \$EDITOR on a copy, checked by the owner, committed and undone; refused with the copy kept" {
	delve new -s ash -p party.txt S
	export TMPDIR=$BATS_TEST_TMPDIR/tmp
	mkdir "$TMPDIR"
	printf '#!/bin/sh\nsed -i "s/hp=8/hp=2/" "$1"\n' > ed-hp
	printf '#!/bin/sh\nsed -i "s/level=1/level=x/" "$1"\n' > ed-bad
	printf '#!/bin/sh\nsed -i "s/^turn .*/turn 7/" "$1"\n' > ed-turn
	printf '#!/bin/sh\nsed -i "s/^darkvision .*/darkvision yes/" "$1"\n' > ed-dark
	chmod +x ed-*
	EDITOR=./ed-hp run -0 --separate-stderr delve -C S edit
	eq "turn 0  07:00  The party file is edited by hand (delve edit), checked by the party reader." "$output"
	eq "Mira con=0 hp=2 hpmax=8 level=1" "$(tail -1 S/state/party)"
	cmp party.txt S/g.0/party
	eq "$(printf 'delve\t0\tparty\tedit\t-')" "$(delve -C S -R log | cut -f1-5)"
	EDITOR=./ed-dark run -0 delve -C S edit light
	grep -qx 'darkvision yes' S/state/light
	delve -C S undo
	delve -C S undo
	cmp party.txt S/state/party
	# no change: nothing committed
	EDITOR=true run -0 delve -C S edit
	eq "party: no change" "$output"
	eq 0 "$(ls "$TMPDIR" | wc -l)"
	# refused by the owner: its error, the copy kept with the edit
	EDITOR=./ed-bad refused edit
	# (a key the programs do not read, notes=x, is a GM's own and kept: delving(7))
	[[ $stderr == "delve: edit: $TMPDIR/delve-party."*":4: level=x: expected a whole number from "*"; your copy is kept: $TMPDIR/delve-party."* ]]
	grep -q level=x "$TMPDIR"/delve-party.*
	EDITOR=./ed-turn refused edit hazard
	[[ $stderr == *": turn 7, the session at turn 0: the clocks move together; your copy is kept: "* ]]
	EDITOR=false refused edit timedice
	[[ $stderr == "delve: edit: the editor exited with status 1; your copy is kept: "* ]]
	refused edit session
	refused -n 2 edit
	EDITOR=./ed-hp refused edit party extra
}

@test "delve hour: six dungeon turns an hour, a travel turn under travel, every clock together; refused under alarm" {
	printf 'Bo con=1 str=2 hp=3 hpmax=12\n' > bo.txt
	delve new -s 3 -r dungeonturn -p bo.txt S
	run -0 delve -C S hour rest
	eq 6 "$(grep -c '^turn' <<< "$output")"
	[[ $output == *"An hour of rest in the dungeon: Bo heals "* ]]	# 002
	run -0 delve -C S check
	eq "session   turn 6" "${lines[0]}"
	run -0 delve -C S hour 2
	eq "session   turn 18" "$(delve -C S check | head -1)"
	refused hour 0
	refused hour 1001
	refused -n 2 hour
	mv S D
	delve new -s 3 -r travel S
	run -0 delve -C S hour 3
	eq 3 "$(grep -c '^turn' <<< "$output")"
	eq "day 1, 10:00, the morning quarter: daylight." "$(delve -C S status | awk '$1 == "clock" { $1 = ""; print substr($0, 2) }')"
	refused hour rest
	mv S T
	delve new -s 3 -r alarm S
	refused hour
	eq "delve: hour: the alarm rules (003) count rounds, not hours: delve -n COUNT ACTION" "$stderr"
}

@test "party_damage and party_heal (tests/unit.c): every hp, hpmax and amount to 60, never below 0 nor above hpmax" {
	run -0 unit hp 60
	eq "226981 0" "$output"
}

@test "a GM command whose output cannot be written: exit 3, one line, the session as it was" {
	delve new -s ash -r travel -p crew.txt S
	before=$(snap S)
	for c in "damage Ann 1d4" "heal Ann 1" "set Ann str=1" "join Dee con=0 hp=1 resilience=9" "leave Cal" camp; do
		run -3 --separate-stderr sh -c "delve -C S $c > /dev/full"
		eq "delve: stdout: No space left on device" "$stderr"
		run -3 --separate-stderr sh -c "delve -C S -j $c > /dev/full"
		eq "$before" "$(snap S)"
	done
	printf '#!/bin/sh\nsed -i "s/hp=5/hp=6/" "$1"\n' > ed-hp
	chmod +x ed-hp
	EDITOR=./ed-hp run -3 --separate-stderr sh -c 'delve -C S edit > /dev/full'
	eq "$before" "$(snap S)"
}

@test "delve camp until TIME: timedice's hours to TIME, and every clock moves as many turns" {
	delve new -s 7 -r travel -p crew.txt -c 22:10 S
	run -0 delve -C S camp until dawn
	[[ ${lines[0]} == "turn 0  22:10  A night of safe rest from 22:10 on day 1 until dawn: 9 hours pass"* ]]
	run -0 delve -C S check
	eq "session   turn 9" "${lines[0]}"
	eq "day 2, 07:10, the morning quarter: daylight." "$(delve -C S status | awk '$1 == "clock" { $1 = ""; print substr($0, 2) }')"
	refused camp until
	refused camp until 25:00
	[[ $stderr == "delve: timedice: rest until: '25:00': "* ]]
	refused camp 8 until dawn
}
