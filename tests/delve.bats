#!/usr/bin/env bats
# delve(6): the session driver.  Every file of a session is compared byte
# for byte (snap), before and after what must leave it as it was.
load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return
	printf 'Brannoc con=2 wis=1 best=4 hp=14\nIlse con=-1 wis=2 best=5 hp=9\n' > party.txt
}

teardown() {
	if [ -d "$BATS_TEST_TMPDIR/disk" ] && mountpoint -q "$BATS_TEST_TMPDIR/disk"; then
		umount "$BATS_TEST_TMPDIR/disk"
	fi
}

# clean DIR: no lock file, no temp file, nothing hidden.
clean() {
	local left
	left=$(find "$1" \( -name '*.lock' -o -name '*.tmp*' -o -name '.*' \) ! -path "$1")
	[ -z "$left" ] || { echo "left behind: $left" >&2; return 1; }
}

# unsummed DIR FILE: the generation keeps no checksum of FILE, as one of
# an older delve: FILE may then be changed by hand to make its program fail.
unsummed() {
	sed -i "/^sum $2 /d; /^sum delve /d" "$1/state/delve"
}

@test "delve new: the session's files, and nothing else" {
	run -0 delve new -s friday -p party.txt -l torch,lantern crypt
	eq "" "$output"
	eq "g.0 log session state" "$(ls crypt | tr '\n' ' ' | sed 's/ $//')"
	eq "g.0" "$(readlink crypt/state)"
	eq "delve hazard light party party.start reaction timedice" "$(ls crypt/state/ | tr '\n' ' ' | sed 's/ $//')"
	cmp party.txt crypt/state/party.start	# the journal's first sheets
	eq "$(printf '# delve session: see delve(6), FILES\nseed friday\nlights torch,lantern\nparty yes')" "$(cat crypt/session)"
	cmp party.txt crypt/state/party
	[ ! -s crypt/log ]
	clean crypt
}

@test "delve new refuses a non-empty directory unless -F, and -F only for a session" {
	delve new -s 1 crypt
	run -2 --separate-stderr delve new -s 2 crypt
	one_error delve
	eq "delve: crypt: not empty: give -F to replace the session" "$stderr"
	before=$(snap crypt)
	run -2 --separate-stderr delve new -F -s 2 -c 25:00 crypt	# timedice refuses the clock
	one_error delve
	eq "$before" "$(snap crypt)"
	run -0 delve new -F -s 2 crypt
	grep -qx 'seed 2' crypt/session
	clean crypt
	mkdir other && touch other/notes
	run -2 --separate-stderr delve new -F -s 2 other
	eq "delve: other: not empty: not a session, left alone" "$stderr"
	eq "notes" "$(ls -A other)"
}

@test "delve new with a missing party file: one line, exit 2, nothing left" {
	run -2 --separate-stderr delve new -s 1 -p nosuch.txt crypt
	one_error delve
	eq "delve: nosuch.txt: No such file or directory" "$stderr"
	[ ! -e crypt ]
	run -2 --separate-stderr delve new -s 1 -r travel -l lamp crypt
	[[ "$stderr" == "delve: light: "*"; the session is as it was" ]]
	[ ! -e crypt ]
}

@test "a 36-turn evening through delve equals the plain pipeline with the same seed and state files" {
	delve new -s friday -p party.txt -l torch,lantern crypt
	for i in $(seq 36); do delve -C crypt > /dev/null; done
	# what delve new does, by hand (delve(6) FILES), then one plain pipeline
	light -f l -s friday -l torch,lantern status > /dev/null
	timedice -f t -s friday show > /dev/null
	# hazard keeps the party's Fatigue (-w) under rules that keep characters
	cp party.txt p1.txt
	cp party.txt p2.txt
	# the session's order (delving(7) SESSIONS): timedice before light, and
	# reaction told the party, whose every character has wis=; hazard told
	# the light too (-L: 000's CON saves at setback in no light), which is
	# gone in turn 19: dark from turn 20 on
	hazard -f h -s friday -n 19 -p p1.txt -w -L bright | timedice -f t -s friday - |
	    light -f l -s friday - | reaction -f r -s friday -p party.txt - > plain
	hazard -f h -s friday -n 17 -p p1.txt -w -L dark | timedice -f t -s friday - |
	    light -f l -s friday - | reaction -f r -s friday -p party.txt - >> plain
	grep -q '^light	19	party	-	dark	' plain
	grep -q '^hazard	2[0-9]	.*	save	.*no light, 000' plain
	run -0 delve -C crypt -R log
	eq "$(cat plain)" "$output"
	eq 36 "$(cut -f2 plain | sort -un | wc -l)"
	cmp h crypt/state/hazard
	cmp l crypt/state/light
	cmp t crypt/state/timedice
	cmp r crypt/state/reaction
	cmp p1.txt crypt/state/party
	# and the stateless pipeline of the docs rolls the same while it is lit,
	# but for light's turn 0
	hazard -s friday -n 19 -p p2.txt -w | timedice -s friday - |
	    light -s friday -l torch,lantern - | reaction -s friday -p party.txt - |
	    grep -v "^light	0	" > stateless
	cmp <(awk -F'\t' '$2 <= 19' plain) stateless
}

@test "a session is reproducible: the same commands give the same directory, byte for byte" {
	for d in a b; do
		delve new -s friday -p party.txt -l torch -c 09:00 $d
		delve -C $d -n 3 > /dev/null
		delve -C $d rest > /dev/null
		delve -C $d roll -c 12 d20 > /dev/null || :
		delve -C $d reaction surprise > /dev/null || :
		delve -C $d undo
		delve -C $d -n 2 > /dev/null
	done
	eq "$(snap a)" "$(snap b)"
	clean a
}

@test "people's output: turn, time of day and sentence, aligned; -R the records; -j JSON" {
	delve new -s friday -l torch crypt
	run -0 delve -C crypt -n 6
	eq "turn 1  07:10  Sign — noise, smell, tracks, or shadow hinting at nearby danger." "${lines[0]}"
	eq "turn 5  07:50  Encounter — a wandering monster appears." "${lines[4]}"
	eq "               The creatures met are friendly: 2d6 11+0 = 11." "${lines[5]}"
	eq "               torch1 burns out." "${lines[8]}"
	eq "               It is 08:00 on day 1, morning: the time dice show 6 and 2." "${lines[10]}"
	[[ "$output" != *$'\t'* ]]
	run -0 delve -C crypt undo
	run -0 delve -C crypt -R -n 6
	eq "hazard	1	2	sign	Sign — noise, smell, tracks, or shadow hinting at nearby danger." "${lines[0]}"
	delve -C crypt undo
	run -0 delve -C crypt -j -n 6
	eq '{"program":"hazard","turn":1,"roll":2,"key":"sign","text":"Sign — noise, smell, tracks, or shadow hinting at nearby danger."}' "${lines[0]}"
	# the JSON the programs write with -j, each field named by the one layout
	# table (issue 13): read back in order, its values are the raw records
	eq '{"program":"timedice","turn":6,"day":1,"time":"08:00","dice":"6,2","quarter":"morning","text":"It is 08:00 on day 1, morning: the time dice show 6 and 2."}' \
	    "$(delve -C crypt -j log | grep '"program":"timedice"')"
	if command -v jq > /dev/null; then
		delve -C crypt -R log > raw
		delve -C crypt -j log | jq -r '[.[] | if . == null then "-" else tostring end] | join("\t")' > back
		cmp raw back
	fi
	# roll's bare lines as roll -j has them, and their fields kept as written
	run -0 delve -C crypt -j roll -v 3d6
	case $output in '{"turn":6,"total":'*',"expression":"3d6","faces":"'*'"}') ;; *) false ;; esac
	run -0 delve -C crypt -R log
	case ${lines[${#lines[@]} - 1]} in *'	3d6	'*) ;; *) false ;; esac
	if command -v jq > /dev/null; then
		delve -C crypt -j log | jq -e . > /dev/null
	fi
	# the same in a file as at a terminal: nothing depends on isatty
	delve -C crypt undo
	delve -C crypt -n 6 > file
	if command -v script > /dev/null; then
		delve -C crypt undo
		script -qec "delve -C crypt -n 6" /dev/null | tr -d '\r' > tty
		cmp file tty
	fi
}

@test "the session directory: -C DIR, else DELVING_SESSION, else the current directory" {
	delve new -s 1 crypt
	DELVING_SESSION=crypt delve > /dev/null
	(cd crypt && delve > /dev/null)
	delve -C crypt > /dev/null
	eq "turn 3" "$(grep turn crypt/state/delve)"
	run -2 --separate-stderr delve -C nosuch status
	eq "delve: nosuch: No such file or directory" "$stderr"
	mkdir empty
	run -2 --separate-stderr delve -C empty
	eq "delve: empty: not a session (no session file): make one with delve new" "$stderr"
}

# fail_at FILE: a bad line in the session's FILE stops that stage.
fail_at() {
	delve new -s friday -p party.txt -l torch crypt
	delve -C crypt -n 2 > /dev/null
	printf 'bogus line\n' >> crypt/state/"$1"
	unsummed crypt "$1"
	before=$(snap crypt)
	run -2 --separate-stderr delve -C crypt
	one_error delve
	eq "$before" "$(snap crypt)"
	clean crypt
}

@test "a bad state line in hazard's file: the session as it was, one line naming the stage and the file" {
	fail_at hazard
	eq "delve: hazard: crypt/state/hazard:11: unknown keyword 'bogus'; the session is as it was" "$stderr"
}

@test "a bad state line in light's file" {
	fail_at light
	eq "delve: light: crypt/state/light:8: unknown keyword 'bogus'; the session is as it was" "$stderr"
}

@test "a bad state line in timedice's file" {
	fail_at timedice
	eq "delve: timedice: crypt/state/timedice:8: unknown keyword 'bogus'; the session is as it was" "$stderr"
}

@test "a bad state line in reaction's file" {
	fail_at reaction
	eq "delve: reaction: crypt/state/reaction:6: unknown keyword 'bogus'; the session is as it was" "$stderr"
}

@test "a missing party file: the session as it was, exit 2" {
	delve new -s friday -p party.txt crypt
	rm crypt/state/party
	before=$(snap crypt)
	run -2 --separate-stderr delve -C crypt
	one_error delve
	eq "delve: crypt/g.0/party: missing from the generation" "$stderr"
	eq "$before" "$(snap crypt)"
}

@test "state files whose turns disagree are refused, and delve check says which" {
	delve new -s 1 crypt
	delve -C crypt -n 3 > /dev/null
	sed 's/^turn 3$/turn 2/' crypt/state/light > l && cp -f l crypt/state/light
	unsummed crypt light
	before=$(snap crypt)
	run -2 --separate-stderr delve -C crypt
	eq "delve: crypt/state/light: at turn 2, the session at turn 3: the files disagree (see delve check)" "$stderr"
	eq "$before" "$(snap crypt)"
	run -1 delve -C crypt check
	eq "$(printf 'session   turn 3\nhazard    turn 3\nlight     turn 2  disagrees\ntimedice  turn 3')" "$output"
	clean crypt
}

@test "a full disk: the session as it was and a non-zero status" {
	[ "$(id -u)" -eq 0 ] || skip "not root: no tmpfs to fill"
	mkdir disk
	mount -t tmpfs -o size=256k tmpfs disk 2>/dev/null || skip "mount: no tmpfs here"
	delve new -s friday -p party.txt -l torch disk/crypt
	delve -C disk/crypt -n 3 > /dev/null
	before=$(snap disk/crypt)
	dd if=/dev/zero of=disk/fill bs=4k 2>/dev/null || :
	run --separate-stderr delve -C disk/crypt -n 40
	rm disk/fill
	after=$(snap disk/crypt)
	delve -C disk/crypt status > /dev/null	# takes away what the failed run left
	clean=$(snap disk/crypt)
	[ "$status" -ne 0 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	eq "$before" "$clean"
}

@test "SIGKILL mid-turn, of a stage or of delve itself: the session as it was" {
	mkdir b
	for p in hazard light timedice reaction delve; do cp "$(command -v $p)" b/; done
	mv b/timedice b/timedice.real
	delve new -s friday -l torch crypt
	b/delve -C crypt -n 2 > /dev/null 2>&1 || :	# timedice is missing: refused
	delve -C crypt -n 2 > /dev/null
	before=$(snap crypt)
	printf '#!/bin/sh\nkill -KILL $$\n' > b/timedice && chmod +x b/timedice
	run --separate-stderr b/delve -C crypt
	eq 3 "$status"
	eq "delve: timedice: killed by signal 9 (crypt/state/timedice); the session is as it was" "$stderr"
	eq "$before" "$(snap crypt)"
	printf '#!/bin/sh\nkill -KILL $PPID\nexec "${0%%/*}/timedice.real" "$@"\n' > b/timedice
	run b/delve -C crypt
	eq 137 "$status"
	ls -d crypt/.new.* > /dev/null	# what the killed run left, until the next
	sleep 1	# its last programs, which outlive it, end
	run -0 delve -C crypt status	# reads only: it takes nothing away
	ls -d crypt/.new.* > /dev/null
	eq "$before" "$(snap crypt | grep -v '^\./\.new\.')"
	delve -C crypt > /dev/null	# a command that writes takes it away
	delve -C crypt undo
	eq "$before" "$(snap crypt)"
	clean crypt
}

@test "20 turns in parallel on one session give what 20 turns in a row give" {
	delve new -s friday -p party.txt -l torch,lantern a
	delve new -s friday -p party.txt -l torch,lantern b
	for i in $(seq 20); do delve -C a > /dev/null; done
	for i in $(seq 20); do delve -C b > /dev/null & done
	wait
	eq "$(snap a)" "$(snap b)"
	eq "turn 20" "$(grep turn b/state/delve)"
	clean b
}

@test "undo restores every byte; 8 steps are kept" {
	delve new -s friday -p party.txt -l torch crypt
	delve -C crypt -n 4 > /dev/null
	before=$(snap crypt)
	delve -C crypt > /dev/null
	delve -C crypt roll -c 10 d20 > /dev/null || :
	delve -C crypt undo
	delve -C crypt undo
	eq "$before" "$(snap crypt)"
	for i in $(seq 12); do delve -C crypt > /dev/null; done
	for i in $(seq 8); do delve -C crypt undo; done
	run -2 --separate-stderr delve -C crypt undo
	eq "delve: crypt: nothing more to undo: g.4 is not kept (delve keeps at most 8 steps back)" "$stderr"
	eq "turn 8" "$(grep turn crypt/state/delve)"
	clean crypt
}

@test "roll, reaction, chase and return: the session's seed and party, each call its own dice, logged at the turn" {
	delve new -s friday -p party.txt crypt
	delve -C crypt -n 2 > /dev/null
	run -0 delve -C crypt -R roll -n 3 2d6
	first=$output
	eq 3 "${#lines[@]}"
	run -0 delve -C crypt -R roll -n 3 2d6
	[ "$output" != "$first" ]
	run delve -C crypt -R roll -c 12 d20+1
	[ "$status" -le 1 ]
	[[ "$output" == "roll	2	d20+1	"* ]]
	run delve -C crypt -R reaction morale
	[[ "${lines[0]}" == "reaction	2	"*"Brannoc "* ]]
	[[ "${lines[1]}" == "reaction	2	"*"Ilse "* ]]
	run -0 delve -C crypt -R return dangerous
	[[ "$output" == "return	2	"* ]]
	eq "$output" "$(delve -C crypt -R log | tail -n "${#lines[@]}")"
	run -2 --separate-stderr delve -C crypt roll -c x d20
	[[ "$stderr" == "delve: roll: "*"; the session is as it was" ]]
}

@test "delve status: turn, clock, lights, the hazard clocks, the party" {
	delve new -s friday -p party.txt -l torch,lantern crypt
	delve -C crypt -n 5 > /dev/null
	run -0 delve -C crypt status
	eq "session   crypt: seed friday, the exploration rules, turn 5." "${lines[0]}"
	eq "clock     day 1, 07:50, the morning quarter: daylight outside." "${lines[1]}"
	eq "hazard    5 turns explored since the last rest: a rest is due in 1 turn." "${lines[2]}"
	eq "light     torch1, a torch, is low: 1 turn left." "${lines[3]}"
	eq "timedice  5 turns since the last safe rest." "${lines[5]}"
	eq "party     Brannoc: 14 HP. Also con +2, wis +1, best +4." "${lines[6]}"
	# no keyword of a state file is shown as it is written (issue 33)
	[[ $output != *since-rest* && $output != *pending* && $output != *" - turns"* ]]
}

@test "delve status: each character's hit points, fatigue, tiredness, exhaustion and load as sentences (issue 15)" {
	printf 'Ann dex=2 hp=9 hpmax=12 fatigue=2 tired=1 level=3 # the lead\nBo con=-1 hp=0 exhausted=1 load=12 strength=10 dexterity=11\nCy wis=1\nDee load=3 strength=10\n' > sheet.txt
	# travel: hazard needs no con= of them (delve new refuses a party the turns would)
	delve new -s friday -r travel -p sheet.txt sheet
	run -0 --separate-stderr delve -C sheet status
	[ -z "$stderr" ]
	eq "party     Ann: 9 of 12 HP; 2 Fatigue; tired. Also dex +2, level 3.
party     Bo: 0 HP, incapacitated and unable to act (004); exhausted: disadvantage on all checks, speed 0 ft; 2 load over STR 10: disadvantage on all checks, 10 ft slower. Also con -1, dexterity 11.
party     Cy: no hit points or conditions kept. Also wis +1.
party     Dee: carries 3 load, STR 10." "$(printf '%s\n' "$output" | grep '^party')"
}

@test "delve status: a character whose CON score (resilience=) reached 0 is said dead (004: \"They're dead\")" {
	printf 'Pip con=-5 resilience=0 hp=4 exhausted=1\nBo con=1 resilience=12 hp=7\n' > dead.txt
	delve new -s 45 -p dead.txt grave
	run -0 --separate-stderr delve -C grave status
	[ -z "$stderr" ]
	eq "party     Pip: dead (CON 0); 4 HP; exhausted. Also con -5, resilience 0.
party     Bo: 7 HP. Also con +1, resilience 12." "$(printf '%s\n' "$output" | grep '^party')"
}

@test "delve: an alarm session with a party advances, and hide rolls the party's Stealth checks (003)" {
	printf 'Ann dex=2 hp=9\nBo dex=0 hp=7\n' > sp.txt
	delve new -s 5 -r alarm -p sp.txt den
	run -0 --separate-stderr delve -C den -n 3 advance
	[ -z "$stderr" ]
	eq "turn 3  07:30  Advance: the alarm rises to 3; the d10 shows 10, over it: quiet." "${lines[2]}"
	run -0 delve -C den hide
	eq "turn 4  07:40  Ann fails the Stealth check: 4+2 = 6 against DC 12.
               Bo makes the Stealth check: 15+0 = 15 against DC 12.
               Hide: 1 of 2 makes the Stealth check, at least half: the Stealth check passes; the alarm falls by 2 to 1 (2, plus 1 per spark)." "$output"
}

@test "delve batch: one file a derived seed, equal to the plain pipeline" {
	run -0 delve batch -s 2026-11-27 -n 36 -l torch,lantern -o out 3
	eq "2026-11-27-1.tsv 2026-11-27-2.tsv 2026-11-27-3.tsv" "$(ls out | tr '\n' ' ' | sed 's/ $//')"
	hazard -s 2026-11-27-2 -n 36 | timedice -s 2026-11-27-2 - |
	    light -s 2026-11-27-2 -l torch,lantern - |
	    reaction -s 2026-11-27-2 -L dark - > plain
	tail -n +2 out/2026-11-27-2.tsv | cmp plain -
	eq "# delve batch: session 2 of 3, seed 2026-11-27-2, 36 turns, rules exploration, party none, lights torch,lantern, tables none" "$(head -1 out/2026-11-27-2.tsv)"
	# light told the new clock's 07:00: 004's road in daylight at turn 0,
	# as a session made by delve new says it
	run -0 delve batch -r travel -s road -n 3 -l lantern -o out 1
	hazard -r travel -s road-1 -n 3 | timedice -r travel -s road-1 - |
	    light -r travel -s road-1 -c 07:00 -l lantern - |
	    reaction -r travel -s road-1 -L dark - > plain
	tail -n +2 out/road-1.tsv | cmp plain -
	eq "light	0	party	-	well-lit	-	Daylight: the road is lit by day, well lit, typical natural light outdoors; the GM rules if advantage or disadvantage apply." "$(sed -n 3p out/road-1.tsv)"
	clean out
}

@test "delve batch: a failure never truncates an earlier file and exits non-zero with one line, in dash too" {
	delve batch -s fri -n 36 -o out 2
	cp out/fri-1.tsv keep
	printf 'Brannoc wis=1\n' > bad.txt
	run -2 --separate-stderr dash -c 'delve batch -s fri -n 36 -p bad.txt -o out 2'
	one_error delve
	[[ "$stderr" == "delve: out/fri-1.tsv: hazard: bad.txt:1: "*"; nothing written" ]]
	cmp keep out/fri-1.tsv
	clean out
}

@test "an installed delve finds its programs under cron's PATH" {
	make -s -C "$TOP" install DESTDIR="$BATS_TEST_TMPDIR/root" PREFIX=/usr/local > /dev/null
	d=$BATS_TEST_TMPDIR/root/usr/local/bin
	run -0 env -i PATH=/usr/bin:/bin "$d/delve" batch -s fri -n 36 -o out 1
	delve batch -s fri -n 36 -o want 1
	cmp want/fri-1.tsv out/fri-1.tsv
	env -i PATH=/usr/bin:/bin "$d/delve" new -s fri crypt
	run -0 env -i PATH=/usr/bin:/bin "$d/delve" -C crypt
	[[ "$output" == "turn 1  07:10  "* ]]
}

@test "delve's own options before new or batch are refused, not ignored: one line, the form's usage, exit 2, nothing made" {
	cd "$BATS_TEST_TMPDIR"
	for pre in "-n 2" -j -R "-C ."; do
		# shellcheck disable=SC2086
		run -2 --separate-stderr delve $pre new -s 1 crypt
		eq "delve: ${pre%% *}: not an option of new: its own come after the word new" "${stderr_lines[0]}"
		eq "usage: delve new [-F] [-c [DAY/]TIME] [-D DIALECT] [-l KIND[,KIND ...]] [-p FILE] [-r RULES] [-s SEED] [-T KEY=FILE ...] DIR" "${stderr_lines[1]}"
		eq 2 "${#stderr_lines[@]}"
		# shellcheck disable=SC2086
		run -2 --separate-stderr delve $pre batch -s x -n 3 -o out 1
		eq "delve: ${pre%% *}: not an option of batch: its own come after the word batch" "${stderr_lines[0]}"
		[[ ${stderr_lines[1]} == "usage: delve batch "* ]]
		eq "" "$output"
		[ ! -e crypt ] && [ ! -e out ]
	done
	run -0 delve new -s 1 crypt	# the same words, the option where it goes
	[ -d crypt ]
}

@test "delve: usage, version and a write error" {
	run -2 --separate-stderr delve -x
	eq "delve: -x: unknown option" "${stderr_lines[0]}"
	eq "usage: delve [-hjRV] [-C DIR] [-n COUNT] [[turn] ACTION ...]" "${stderr_lines[1]}"
	run -2 --separate-stderr delve -C
	eq "delve: -C: needs a DIR" "${stderr_lines[0]}"
	run -2 --separate-stderr delve --seed 5
	eq "delve: --seed: unknown option" "${stderr_lines[0]}"
	run -2 --separate-stderr delve new -x crypt
	eq "delve: -x: unknown option" "${stderr_lines[0]}"
	eq "usage: delve new [-F] [-c [DAY/]TIME] [-D DIALECT] [-l KIND[,KIND ...]] [-p FILE] [-r RULES] [-s SEED] [-T KEY=FILE ...] DIR" "${stderr_lines[1]}"
	run -2 --separate-stderr delve batch -s
	eq "delve: -s: needs a SEED" "${stderr_lines[0]}"
	eq "usage: delve batch [-j | -S] [-k [-K NAME]] [-l KIND[,KIND ...]] [-p FILE] [-r RULES] [-T KEY=FILE ...] -s SEED -n TURNS -o DIR COUNT" "${stderr_lines[1]}"
	# the front end of every program (common/opt.c): -h and --help alike,
	# every form, one line an option, the manual; -V and --version alike
	run -0 --separate-stderr delve -h
	[ -z "$stderr" ]
	eq "See delve(6)." "${lines[${#lines[@]} - 1]}"
	help=$output
	run -0 delve --help
	eq "$help" "$output"
	[[ "$help" == *"       delve batch "* ]]
	[[ "$help" == *"  -C DIR "* ]]
	run sh -c 'delve -h > /dev/full'
	eq 3 "$status"
	run -0 delve -V
	[[ "$output" == "delve (delving) "* ]]
	run -0 delve --version
	[[ "$output" == "delve (delving) "* ]]
	# delve's own options come before the command; the words after it are the command's
	delve new -s 1 crypt
	run -0 delve -C crypt roll -v -n 2 d6
	eq 2 "${#lines[@]}"
	run sh -c 'delve -C crypt status > /dev/full'
	eq 3 "$status"
	run -2 --separate-stderr delve -C crypt -n 2 status
	eq "delve: -n: status takes no count" "$stderr"
}

@test "delve new and delve batch: options and operands in any order, as in every program" {
	delve new -s 1 -r delving -l torch before
	delve new after -s 1 -l torch -r delving
	delve new crypt -s 1
	eq "$(delve -C before status | sed 1s/before/DIR/)" "$(delve -C after status | sed 1s/after/DIR/)"
	eq "$(delve -C before -n 3)" "$(delve -C after -n 3)"
	# -s and the seed word after DIR: the same session as before it
	delve new -s 1 crypt2
	eq "$(delve -C crypt -n 2)" "$(delve -C crypt2 -n 2)"
	delve batch -s fri -n 36 -l torch -o before 2
	delve batch 2 -o after -l torch -n 36 -s fri
	cmp before/fri-1.tsv after/fri-1.tsv
	cmp before/fri-2.tsv after/fri-2.tsv
	# up to --: after it, -n is an operand
	run -2 --separate-stderr delve batch -s fri -o x -- 1 -n 36
	eq "usage: delve batch " "${stderr_lines[0]:0:19}"
	[ ! -e x ]
	run -0 delve new -s 1 -- -crypt
	run -0 delve -C ./-crypt status
	eq "session   ./-crypt: seed 1, the exploration rules, turn 0." "${lines[0]}"
}

@test "delve new and delve batch: their own -h; a shared option they have no use for refused, named, with their usage line" {
	run -0 --separate-stderr delve new -h
	eq "usage: delve new [-F] [-c [DAY/]TIME] [-D DIALECT] [-l KIND[,KIND ...]] [-p FILE] [-r RULES] [-s SEED] [-T KEY=FILE ...] DIR" "${lines[0]}"
	eq "D F T V c h l p r s" "$(printf '%s\n' "$output" | sed -n 's/^  -\([A-Za-z]\) .*/\1/p' | sort | paste -sd' ' -)"
	eq "See delve(6)." "${lines[${#lines[@]} - 1]}"
	[ -z "$stderr" ]
	run -0 --separate-stderr delve batch --help
	eq "usage: delve batch [-j | -S] [-k [-K NAME]] [-l KIND[,KIND ...]] [-p FILE] [-r RULES] [-T KEY=FILE ...] -s SEED -n TURNS -o DIR COUNT" "${lines[0]}"
	[[ "$output" == *$'\n  -n TURNS '* ]]
	eq "K S T V h j k l n o p r s" "$(printf '%s\n' "$output" | sed -n 's/^  -\([A-Za-z]\) .*/\1/p' | sort | paste -sd' ' -)"
	for l in a d f j n t u v; do
		run -2 --separate-stderr delve new -$l crypt
		usage_error delve
		eq "delve: -$l: unknown option" "${stderr_lines[0]}"
		eq "usage: delve new " "${stderr_lines[1]:0:17}"
		[ ! -e crypt ]
	done
	for l in a d f t u v; do
		run -2 --separate-stderr delve batch -s fri -n 1 -o out -$l 1
		usage_error delve
		eq "delve: -$l: unknown option" "${stderr_lines[0]}"
		eq "usage: delve batch " "${stderr_lines[1]:0:19}"
		[ ! -e out ]
	done
	for l in a d f p r s t u v; do
		run -2 --separate-stderr delve -$l 1 status
		eq "delve: -$l: unknown option" "${stderr_lines[0]}"
		eq "usage: delve [-hjRV] " "${stderr_lines[1]:0:21}"
	done
	run -2 --separate-stderr delve new crypt other
	eq "usage: delve new " "${stderr_lines[0]:0:17}"
	run -2 --separate-stderr delve batch -s fri -o out 1
	eq "usage: delve batch " "${stderr_lines[0]:0:19}"
}

@test "delve.6: mandoc -Tlint is clean" {
	command -v mandoc > /dev/null || skip "mandoc is not installed"
	run -0 mandoc -Tlint -Wwarning "$TOP/man/delve.6"
	eq "" "$output"
}

# twice CMD: run CMD in two fresh directories; every file and output alike.
twice() {
	local d
	for d in one two; do
		rm -rf "$d" && mkdir "$d" && cp party.txt "$d"/ || return
		(cd "$d" && PATH="$TOP/tests/examples/bin:$PATH" bash -c "$1" > stdout 2>&1) ||
		    { echo "failed: $1" >&2; return 1; }
	done
	diff -r one two >&2 || { echo "not reproducible: $1" >&2; return 1; }
}

@test "every doc example said to be pre-rolled, reproducible or from its date gives the same bytes twice" {
	local c n=0
	while IFS= read -r c; do
		twice "$c"
		n=$((n + 1))
	done < <(
		sed -n 's/^    \$ //p' "$TOP/README.md" | grep -e 'DELVING_SEED=' -e '^delve batch'
		man_examples delving.7 | grep 'export DELVING_SEED'
		man_examples hazard.6 | grep -e '-s 2026-11-22'
		# (a batch with -T needs the table an earlier line makes: the whole page below runs it)
		man_examples delve.6 | grep '^delve batch' | grep -v ' -T '
		sed -n 's/^show "\((export DELVING_SEED=[^"]*\)"$/\1/p' "$TOP/tests/demo.sh"
		awk '/^0 6 \* \* 5 delve batch/ { sub(/^0 6 \* \* 5 /, ""); gsub(/\\e%/, "%"); sub(/~\//, ""); print }' "$TOP/man/delving.7" "$TOP/man/delve.6"
	)
	eq 12 "$n"	# hazard(6) gained a dated example (000 fatigue, issue 15), delve(6) a chained week (issue 34) and a chain kept across two runs (-K)
	# and delve(6)'s whole session, seeded so that it is reproducible
	twice "$(man_examples delve.6)"
	# the crontab line that README's tour and delve(6) describe, under dash
	twice "dash -c 'delve batch -s \"\$(date +%F)\" -n 36 -o sessions 1'"
}

@test "the dark stays dark across delve's turns: reaction keeps it in its state file (issue 16 surprise)" {
	delve new -s friday -p party.txt -l torch crypt
	for i in $(seq 24); do delve -C crypt > /dev/null; done
	# hazard told the light as the session tells it (-L): dark from turn 7
	light -f l -s friday -l torch status > /dev/null
	hazard -f h -s friday -n 6 -p party.txt -L dim | timedice -f t -s friday - |
	    light -f l -s friday - | reaction -f r -s friday -p party.txt - |
	    grep '^reaction	' > plain
	hazard -f h -s friday -n 18 -p party.txt -L dark | timedice -f t -s friday - |
	    light -f l -s friday - | reaction -f r -s friday -p party.txt - |
	    grep '^reaction	' >> plain
	grep -q '	some	\|	all	' plain
	run -0 delve -C crypt -R log
	eq "$(cat plain)" "$(printf '%s\n' "$output" | grep '^reaction	')"
	grep -qx 'dark yes' crypt/state/reaction
}

# crypt_table: a crypt's encounter table with dice in its entries (issue 14).
crypt_table() {
	printf '# The crypt\n\n| d6 | Creature |\n|---|---|\n| 1-3 | 2d4 skeletons |\n| 4-5 | 1d4+1 ghouls |\n| 6 | a wight |\n'
}

@test "delve new -T: the session keeps a copy of each table and rolls it as hazard -T does (issue 14)" {
	crypt_table > crypt.md
	run -0 delve new -s ash -r delving -T encounter=crypt.md#'The crypt' tomb
	eq "table encounter The crypt" "$(grep '^table' tomb/session)"
	cmp crypt.md tomb/state/table.encounter
	rm crypt.md	# the session's copy serves from now on
	for i in $(seq 12); do delve -C tomb > /dev/null; done
	crypt_table > again.md
	hazard -r delving -f h -s ash -n 0
	hazard -r delving -f h -s ash -n 12 -T encounter=again.md#'The crypt' > plain
	run -0 delve -C tomb -R log
	eq "$(grep '^hazard' plain)" "$(printf '%s\n' "$output" | grep '^hazard')"
	grep -q '	encounter	' plain || grep -q 'Signs of' plain
	cmp h tomb/state/hazard
	clean tomb
}

@test "delve new -T refuses a bad key, a missing file or a table hazard cannot use, and makes nothing" {
	crypt_table > crypt.md
	run -2 --separate-stderr delve new -s 1 -T 'a/b=crypt.md' tomb
	eq "delve: -T: 'a/b': expected a key of letters, as encounter" "$stderr"
	run -2 --separate-stderr delve new -s 1 -T encounter crypt
	eq "delve: -T: 'encounter': expected KEY=FILE" "$stderr"
	run -2 --separate-stderr delve new -s 1 -T encounter=none.md tomb
	one_error delve
	run -2 --separate-stderr delve new -s 1 -T bogus=crypt.md tomb
	one_error delve
	case $stderr in "delve: hazard: -T: 'bogus': "*) ;; *) false ;; esac
	[ ! -e tomb ] && [ ! -e crypt ]
}

# ---- issue 15: afflictions in a session (timedice(6) infect, cure)

# 004: "A PC is bitten by a venomous snake and rolls a CON mod check against
# DC 11. The PC fails, and becomes infected. In the first stage, they suffer
# exhaustion. After two hours, the first stage ends and the PC rolls again;
# another failure. They take 1d6 CON damage, rolling a 4. The PC's CON of 10
# (+0) is now 6 (-2)."  Seed 45 is the seed of timedice.bats's snake bite,
# whose dice these are; in a session with no light, 000's "Setback on all
# rolls" joins every check (issue 33), and the same stream says other dice.
@test "delve infect: 004's snake bite in a session, the stages run as the turns pass, delve status says them" {
	printf 'Pip con=0 resilience=10 hp=8 hpmax=8 # bitten\n' > pip.txt
	delve new -s 45 -p pip.txt snake
	run -0 --separate-stderr delve -C snake -R infect Pip venom 2hours first=exhaustion
	[ -z "$stderr" ]
	eq "timedice	0	1	07:00	infect	Pip	Pip is exposed to venom: a CON mod check (1d20 + CON mod), 4+0 = 4 against DC 11, at disadvantage (no light, 000: \"Setback on all rolls\"): fails, and Pip is infected. In the first stage Pip suffers exhaustion (disadvantage on all checks, speed 0 ft). Stage 1 ends in 2 hours, at 09:00 on day 1." "$output"
	eq "$output" "$(delve -C snake -R log)"
	# the party file and the clock changed together, no time passed
	eq "Pip con=0 resilience=10 hp=8 hpmax=8 exhausted=1 # bitten" "$(cat snake/state/party)"
	eq "affliction Pip venom con 11 1d6 2hours 1 12" "$(grep '^affliction' snake/state/timedice)"
	run -0 delve -C snake status
	eq "session   snake: seed 45, the exploration rules, turn 0." "${lines[0]}"
	eq "party     Pip: 8 of 8 HP; exhausted; afflicted by venom, stage 1: it ends in 2 hours, at 09:00 on day 1, with a CON mod check at DC 11 or 1d6 CON damage. Also con +0, resilience 10." "$(grep '^party' <<< "$output")"
	! grep -q affliction <<< "$output" || false
	# two hours of turns: the stage ends at the session's turn 12
	run -0 --separate-stderr delve -C snake -R -n 12 rest
	eq "timedice	12	1	09:00	stage	Pip	Stage 1 of Pip's venom ends: a CON mod check (1d20 + CON mod), 10+0 = 10 against DC 11, at disadvantage (exhausted, 004: \"they suffer disadvantage on all checks\"; no light, 000: \"Setback on all rolls\"): fails; 1d6 CON damage, rolling a 6: CON 10 (+0) is now 4 (-3). Stage 2 ends in 2 hours, at 11:00 on day 1." "$(grep '	stage	' <<< "$output")"
	eq "Pip con=-3 resilience=4 hp=8 hpmax=8 exhausted=1 # bitten" "$(cat snake/state/party)"
	eq "affliction Pip venom con 11 1d6 2hours 2 12" "$(grep '^affliction' snake/state/timedice)"
	run -0 delve -C snake status
	eq "party     Pip: 8 of 8 HP; exhausted; afflicted by venom, stage 2: it ends in 2 hours, at 11:00 on day 1, with a CON mod check at DC 11 or 1d6 CON damage. Also con -3, resilience 4." "$(grep '^party' <<< "$output")"
	# cured at the session's turn: no more stages, the damage stays
	run -0 --separate-stderr delve -C snake -R cure Pip venom
	eq "timedice	12	1	09:00	cured	Pip	Pip is cured of venom in stage 2." "$output"
	eq "$output" "$(delve -C snake -R log | tail -n 1)"
	! grep -q '^affliction' snake/state/timedice || false
	eq "Pip con=-3 resilience=4 hp=8 hpmax=8 exhausted=1 # bitten" "$(cat snake/state/party)"
	run -0 delve -C snake undo
	grep -q '^affliction' snake/state/timedice
	clean snake
}

@test "delve infect: all or nothing: a turn failing after timedice's stage, or a refused infect, leaves the party file and the clock as they were" {
	printf 'Pip con=0 resilience=10 # bitten\n' > pip.txt
	delve new -s 45 -p pip.txt snake
	delve -C snake infect Pip venom 2hours first=exhaustion > /dev/null
	delve -C snake -n 11 > /dev/null
	# the next turn ends stage 1 in timedice; reaction, the last stage, fails
	printf 'bogus line\n' >> snake/state/reaction
	unsummed snake reaction
	before=$(snap snake)
	party=$(cat snake/state/party) clock=$(cat snake/state/timedice)
	run -2 --separate-stderr delve -C snake
	one_error delve
	[[ "$stderr" == *"; the session is as it was" ]]
	eq "$before" "$(snap snake)"
	eq "$party" "$(cat snake/state/party)"
	eq "$clock" "$(cat snake/state/timedice)"
	run -2 --separate-stderr delve -C snake infect Bo venom 2hours
	eq "delve: timedice: infect: Bo: not in snake/state/party; the session is as it was" "$stderr"
	eq "$before" "$(snap snake)"
	clean snake
}

@test "delve infect and cure: a session without a party file refuses them; a party without resilience= keeps timedice's clock as it was" {
	delve new -s friday crypt
	run -2 --separate-stderr delve -C crypt infect Pip venom 2hours
	eq "delve: infect: the session keeps no party file (delve new -p FILE)" "$stderr"
	run -2 --separate-stderr delve -C crypt -n 2 cure Pip venom
	eq "delve: -n: cure takes no count" "$stderr"
	# party.txt gives no resilience=: the turns run as before issue 15
	delve new -s friday -p party.txt old
	run -0 delve -C old -n 40
	# only hazard's Fatigue is kept there (issue 22), timedice wrote nothing
	grep -q 'fatigue=[1-9]' old/state/party
	eq "$(cat party.txt)" "$(sed 's/ fatigue=[0-9]*$//' old/state/party)"
}

# ---- issue 16: 004's travel cadences in a session

# 004: "the party travels overland ... daily while on a river or lake, or
# weekly if at sea" (hazard(6), -r travel): a travel turn of a day or a
# week, and the clock advances by it.
@test "delve daily, weekly, sea: a travel session takes a day's or a week's turn, the clock follows, status and log agree" {
	printf 'Pip con=0 resilience=10 hp=8 hpmax=8\n' > pip.txt
	delve new -s 45 -r travel -p pip.txt road
	run -0 --separate-stderr delve -C road daily
	[ -z "$stderr" ]
	eq "turn 1  07:00  The day's travel turn: Something bad happens soon: a subtle trap or poison, cautious enemies prepare to attack any moment, a retainer flees or betrays.
               The night's camp: a night of safe rest from 23:00 on day 1: 8 hours pass and resilience is restored.
               A day of travel passes, 24 hours. It is 07:00 on day 2, morning: the time dice show 6 and 1." "$output"
	run -0 delve -C road -n 2 turn weekly
	eq "               A week of travel passes, 7 days. It is 07:00 on day 16, morning: the time dice show 6 and 1." "$(grep 'A week' <<<"$output" | tail -1)"
	eq 14 "$(grep -c 'night aboard: a night of safe rest' <<<"$output")"
	run -0 delve -C road -R sea
	eq "hazard	4	6	soon	weekly	The week's travel turn: Something bad happens soon: a subtle trap or poison, cautious enemies prepare to attack any moment, a retainer flees or betrays." "${lines[0]}"
	eq "timedice	4	16	23:00	rest	8	The first night aboard: a night of safe rest from 23:00 on day 16: 8 hours pass and resilience is restored." "${lines[1]}"
	eq "timedice	4	23	07:00	6,1	morning	A week of travel passes, 7 days. It is 07:00 on day 23, morning: the time dice show 6 and 1." "${lines[8]}"
	run -0 delve -C road status
	eq "session   road: seed 45, the travel rules, turn 4." "${lines[0]}"
	eq "clock     day 23, 07:00, the morning quarter: daylight." "${lines[1]}"
	eq "party     Pip: 8 of 8 HP. Also con +0, resilience 10." "$(grep '^party' <<< "$output")"
	run -0 delve -C road log
	eq 30 "${#lines[@]}"
	eq "               A week of travel passes, 7 days. It is 07:00 on day 23, morning: the time dice show 6 and 1." "${lines[29]}"
	# an hour's turns on the road: past Pip's resilience (004), kept in the party file
	run -0 delve -C road -n 11
	eq "                Pip has adventured 11 hours since a safe rest, 1 beyond a resilience of 10: a resilience check (1d20 + CON mod), 7+0 = 7 against DC 11: fails and is exhausted (disadvantage on all checks, speed 0 ft)." "$(grep -m1 'Pip has' <<< "$output")"
	eq "Pip con=0 resilience=10 hp=8 hpmax=8 exhausted=1" "$(cat road/state/party)"
	clean road
}

@test "delve new '': exit 2 and a line; out of descriptors is an I/O error, 3" {
	run -2 --separate-stderr delve new -s 1 ''
	eq "delve: new: '': expected the session's directory" "$stderr"
	delve new -s 1 crypt
	# descriptors 0-2, the directory's lock, and none left for its files
	# (bats's own descriptors closed first; under make sanitize the leak
	# check at exit needs a descriptor too, and is left out here)
	export ASAN_OPTIONS=detect_leaks=0
	for c in "-C crypt status" "-C crypt turn" "new -s 1 other"; do
		run -3 --separate-stderr sh -c 'for fd in 3 4 5 6 7 8 9; do eval "exec $fd>&-"; done
		    ulimit -n 4; exec delve '"$c"
		one_error delve
	done
	run -3 --separate-stderr sh -c 'for fd in 3 4 5 6 7 8 9; do eval "exec $fd>&-"; done
	    ulimit -n 4; exec delve -C crypt status'
	eq "delve: crypt/session: Too many open files" "$stderr"
}

# new_killed KILLED: after a delve new killed by KILLED, crypt is a whole
# session (a second new refuses it) or was never made (a new takes over
# what the killed one left); either way it checks. Counts in made, taken;
# KILLED's exit status in rc.
new_killed() {
	rc=0
	"$@" > /dev/null 2>&1 || rc=$?
	nap 0.02	# the programs it ran see their pipe close
	if [ -L crypt/state ]; then
		made=$((made + 1))
		run -2 --separate-stderr delve new -s 1 crypt	# a session: -F to replace it
	else
		taken=$((taken + 1))
		run -0 delve new -s 1 -p party.txt crypt
	fi
	run -0 delve -C crypt check
	rm -rf crypt
}

# kill_new_after PAUSE: delve new, killed PAUSE seconds after it starts.
kill_new_after() {
	delve new -s 1 -p party.txt crypt > /dev/null &	# $! is delve
	nap "$1"
	kill -9 $! 2>/dev/null || true
	wait $! 2>/dev/null || true
}

@test "delve new takes over what a delve new killed at any instant left; never a directory with anything else" {
	local i t sc k rc taken=0 made=0
	t=$(date +%s%N)
	delve new -s 1 -p party.txt crypt > /dev/null
	t=$(( ($(date +%s%N) - t) / 1000000 * 3 / 2 + 1 ))	# the kills spread over 1.5 news' time
	[ "$t" -le 999 ] || t=999
	rm -rf crypt
	for i in $(seq 40); do
		new_killed kill_new_after "$(printf '0.%03d' $((RANDOM % t)))"
	done
	echo "# 40 kills at random instants: $taken interrupted new taken over, $made had committed" >&3
	# and at each of its own calls that make, sync, rename and link: an
	# interrupted new whatever the machine's speed (CI's was fast enough
	# once that 40 random kills all came after the commit)
	if command -v strace > /dev/null; then
		export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
		taken=0 made=0
		for sc in mkdirat fsync renameat symlinkat; do
			for k in $(seq 40); do
				new_killed strace -o /dev/null -e trace=$sc -e inject=$sc:signal=KILL:when=$k \
				    delve new -s 1 -p party.txt crypt
				[ $rc -eq 137 ] || break	# past its last such call
			done
		done
		echo "# at its own calls: $taken interrupted new taken over, $made had committed" >&3
		[ "$taken" -gt 0 ] && [ "$made" -gt 0 ]
	elif [ -n "${CI-}" ]; then
		echo "strace is missing: .ci/run installs it" >&2
		return 1
	fi
	mkdir mine; touch mine/notes mine/session; mkdir mine/.new.1
	run -2 --separate-stderr delve new -s 1 mine
	eq "delve: mine: not empty: give -F to replace the session" "$stderr"
	[ -e mine/notes ] && [ -e mine/.new.1 ]
}

# turns_apart RULES KEY: a party of two that timedice and hazard both write
# (resilience=, afflictions), a table; 40 one-turn commands in A, one -n 40
# in B: the same log and the same files (delving(7) SESSIONS).
turns_apart() {
	printf 'Ann con=1 wis=0 best=2 dex=1 hp=10 hpmax=10 level=2 resilience=12\nBo con=-1 wis=1 best=1 dex=0 hp=6 hpmax=6 level=1 resilience=9\n' > p2.txt
	rm -rf A B
	for d in A B; do
		delve new -s hook -r "$1" -p p2.txt -l torch -T "$2=$TOP/tests/tables/crypt.md#Encounters" $d
		delve -C $d infect Bo rot 1hours > /dev/null
		delve -C $d infect Ann venom 3turns > /dev/null
	done
	for i in $(seq 40); do delve -C A > /dev/null; done
	delve -C B -n 40 > /dev/null
	cmp A/log B/log
	for f in A/state/*; do
		# delve and records are the command's own: the one that made the generation
		[ "$f" = A/state/delve ] || [ "$f" = A/state/records ] || cmp "$f" "B/state/${f#A/state/}"
	done
	# the generation's file differs only in the command that made it, its
	# records, and its own sum of these
	eq "$(grep -v '^command \|^records \|^sum records \|^sum delve ' A/state/delve)" \
	    "$(grep -v '^command \|^records \|^sum records \|^sum delve ' B/state/delve)"
	eq 40 "$(cut -f2 A/log | sort -un | grep -vc '^0$')"
	# the turns changed the characters (alarm keeps none: hazard only reads)
	[ "$1" = alarm ] || ! cmp -s p2.txt A/state/party || { echo "$1: no change" >&2; return 1; }
}

@test "nothing a turn says is lost: 40 one-turn commands equal one -n 40, log and files, under each of the six rules (issue 22)" {
	# on tmpfs when there is one: 480 turns' fsyncs took 30 s on disk
	if [ -d /dev/shm ] && [ -w /dev/shm ]; then
		cd "$(mktemp -d /dev/shm/delve-apart.XXXXXX)"
	fi
	for r in exploration bookkeeping delving dungeonturn alarm; do
		untraced turns_apart $r encounter	# 40 turns and the compares
	done
	untraced turns_apart travel terrible
	case $PWD in /dev/shm/*) rm -rf "$PWD" ;; esac
}

@test "the lead's check: 12 one-turn commands equal -n 12 under delving, and the party file holds the Fatigue damage the log says (issue 22)" {
	printf 'Ann con=1 wis=0 best=2 hp=10 hpmax=10 level=2 resilience=12\nBo con=-1 wis=1 best=1 hp=6 hpmax=6 level=1 resilience=9\n' > p.txt
	delve new -s hook -r delving -p p.txt A
	delve new -s hook -r delving -p p.txt B
	for i in $(seq 12); do delve -C A > /dev/null; done
	delve -C B -n 12 > /dev/null
	cmp A/log B/log
	# the last damage the log says of each is in the party file
	for who in Ann Bo; do
		left=$(grep "	$who takes 1 damage" A/log | tail -n 1 | sed 's/.*: \([0-9]*\) HP left\./\1/')
		grep -q "^$who .* hp=$left " A/state/party
	done
}

@test "hazard -w: every key it changes round-trips: N one-turn runs equal one -n N run, for each rules name that keeps characters (issue 22)" {
	for r in exploration bookkeeping delving dungeonturn; do
		printf 'Ann con=1 wis=0 best=2 hp=10 hpmax=10 level=2 str=1\nBo con=-1 wis=1 best=1 hp=3 hpmax=6 level=1 str=-1 # a note\n' > one.txt
		cp one.txt many.txt
		rm -f s1 s2
		for i in $(seq 30); do hazard -r $r -f s1 -s rt -p one.txt -w >> one.out; done
		hazard -r $r -f s2 -s rt -n 30 -p many.txt -w > many.out
		cmp one.out many.out
		cmp s1 s2
		cmp one.txt many.txt
		rm -f one.out many.out
	done
}

@test "delve status: a fully described character with one more key, and a GM's own key, kept, shown and written back unchanged (issue 22)" {
	printf 'Ann str=1 dex=2 con=1 int=0 wis=0 cha=-1 best=2 hp=10 hpmax=12 speed=30 load=12 resilience=12 strength=10 fatigue=1 exhausted=0 tired=1 level=3 intelligence=10 dexterity=14 notes=likes-cats # the lead\nBo con=0 hp=5 resilience=8\n' > full.txt
	delve new -s 3 -p full.txt -l torch,torch,lantern full
	run -0 --separate-stderr delve -C full -n 40
	run -0 --separate-stderr delve -C full status
	[ -z "$stderr" ]
	# the Fatigue status says is the last the log said of Ann
	said=$(grep '	save	Ann	.*Fatigue, [0-9]* in all\.$' full/log | tail -n 1 | sed 's/.*Fatigue, \([0-9]*\) in all\./\1/')
	grep -q "^Ann .* fatigue=$said .* notes=likes-cats # the lead$" full/state/party
	eq "party     Ann: 10 of 12 HP; $said Fatigue; tired; 2 load over STR 10. Also str +1, dex +2, con +1, int +0, wis +0, cha -1, best +2, speed 30, resilience 12, level 3, intelligence 10, dexterity 14, notes likes-cats." "$(grep '^party     Ann' <<< "$output")"
	# spent sources named once, by kind
	eq "light     2 torches spent, 1 lantern spent." "$(grep '^light .*spent' <<< "$output")"
	eq 1 "$(grep -c spent <<< "$output")"
}

@test "delve new -p reads the party file as the programs will: refused at once, FILE:LINE, nothing made (issue 22)" {
	printf 'Ann con=1 hp=3\nBo con=x\n' > bad.txt
	run -2 --separate-stderr delve new -p bad.txt s1
	eq "delve: bad.txt:2: con=x: expected a whole number from -20 to 40" "$stderr"
	[ ! -e s1 ]
	printf 'Ann hp=3\n' > nocon.txt
	run -2 --separate-stderr delve new -p nocon.txt s2
	eq "delve: hazard: nocon.txt:1: Ann has no con=" "$stderr"
	[ ! -e s2 ]
	printf 'Ann con=1 resilience=9\nBo con=0\n' > nores.txt
	run -2 --separate-stderr delve new -p nores.txt s3
	eq "delve: timedice: nores.txt:2: Bo has no resilience=" "$stderr"
	[ ! -e s3 ]
	printf 'Ann con=1 Notes=x\n' > badkey.txt
	run -2 --separate-stderr delve new -p badkey.txt s4
	eq "delve: badkey.txt:1: 'Notes': a key is lower-case letters, digits, '-' and '_', from a letter, at most 32" "$stderr"
}

@test "delve: a mistyped command is refused as delve's own, with the list of commands (issue 22)" {
	delve new -s 1 crypt
	before=$(snap crypt)
	run -2 --separate-stderr delve -C crypt tunr
	eq "delve: tunr: not a command or an action of the exploration rules (rest); the commands: turn, new, next, status, check, undo, log, screen, roll, reaction, chase, return, infect, cure, damage, heal, set, join, leave, light, camp, hour, edit, reset, campaign, note, buy, spend, give, share, loot, batch" "$stderr"
	run -2 --separate-stderr delve -C crypt turn tunr
	one_error delve
	delve new -s 1 -r travel trip
	# (rest under travel is 004's camp: delve camp)
	run -2 --separate-stderr delve -C trip advance
	eq "delve: advance: not a command or an action of the travel rules (hourly, daily, weekly; overland, river, lake: daily; sea: weekly); the commands: turn, new, next, status, check, undo, log, screen, roll, reaction, chase, return, infect, cure, damage, heal, set, join, leave, light, camp, hour, edit, reset, campaign, note, buy, spend, give, share, loot, batch" "$stderr"
	eq "$before" "$(snap crypt)"
}

@test "delve roll -o and chase pace: a pass-through works in every mode of the program, logged at the session's turn (issue 22)" {
	printf 'Ann str=1 con=1 hp=9\n' > p.txt
	delve new -s 1 -p p.txt crypt
	delve -C crypt -n 2 > /dev/null
	run -0 --separate-stderr delve -C crypt -R roll -o 2d6
	eq "$(roll -o 2d6)" "$output"
	run -0 --separate-stderr delve -C crypt -R chase -r travel pace overland
	eq "chase	2	pace	overland	11	mile	-	-	day	$(DELVING_PARTY=p.txt chase pace overland | cut -f10)" "$output"
	# -j: the second field of every record is the session's turn
	delve -C crypt -R roll -c 10 d20 > /dev/null || :
	delve -C crypt -R reaction > /dev/null
	run -0 delve -C crypt -j log
	[ "$(grep -c '"index"' <<< "$output")" -eq 0 ]
	eq 2 "$(grep '"program":"reaction"' <<< "$output" | sed 's/.*"turn":\([0-9]*\).*/\1/')"
	eq 2 "$(grep '"program":"roll"' <<< "$output" | sed 's/.*"turn":\([0-9]*\).*/\1/')"
}

@test "delve undo says what it took back (issue 22)" {
	delve new -s 1 crypt
	delve -C crypt -n 3 > /dev/null
	delve -C crypt rest > /dev/null
	delve -C crypt roll d20 > /dev/null
	run -0 --separate-stderr delve -C crypt undo
	eq "back to turn 4, before \`delve roll d20\`" "$output"
	run -0 --separate-stderr delve -C crypt undo
	eq "back to turn 3, before \`delve rest\`" "$output"
	run -0 --separate-stderr delve -C crypt undo
	eq "back to turn 0, before \`delve -n 3\`" "$output"
}

@test "delve: a write error on the output leaves the session as it was, exit 3: a turn, roll, infect (issue 22)" {
	printf 'Pip con=0 resilience=10\n' > pip.txt
	delve new -s 1 -p pip.txt crypt
	before=$(snap crypt)
	for cmd in "" "-j" "roll d20" "infect Pip venom 2hours"; do
		run -3 --separate-stderr sh -c "delve -C crypt $cmd > /dev/full"
		delve -C crypt check > /dev/null
		eq "$before" "$(snap crypt)"
	done
}

@test "delve infect: a dead character (resilience=0) is refused, exit 2, the session as it was (issue 22)" {
	printf 'Ash con=0 resilience=0\nPip con=0 resilience=10\n' > dead.txt
	delve new -s 1 -p dead.txt crypt
	before=$(snap crypt)
	run -2 --separate-stderr delve -C crypt infect Ash venom 2hours
	eq "delve: timedice: infect: Ash is dead (CON 0): no rolls; the session is as it was" "$stderr"
	eq "$before" "$(snap crypt)"
}

@test "the turn view: a sentence and the lines it announces stay together (issue 22)" {
	printf 'Ann con=1 hp=10\nBo con=-1 hp=6\n' > p.txt
	delve new -s hook -p p.txt -l torch crypt
	run -0 delve -C crypt -n 10
	# in the records light's line comes between the sentence and its saves
	delve -C crypt -R log | grep -A1 '	skipped	' | grep -q '^light'
	# in the view every save follows a save or the sentence announcing it
	prev=
	while IFS= read -r l; do
		case $l in *"the CON save"*)
			case $prev in *"CON save"*) ;; *) echo "between: $prev" >&2; return 1;; esac;;
		esac
		prev=$l
	done <<< "$output"
}

@test "README's tour: every command runs in a new directory, each file it uses made by a line before it (issue 22)" {
	mkdir tour && cd tour
	ln -s "$TOP/tests" tests		# the checkout the README is read in
	sed -n 's/^    \$ //p' "$TOP/README.md" > ../cmds
	[ "$(wc -l < ../cmds)" -gt 20 ]
	while IFS= read -r c; do
		case $c in *jq*) command -v jq > /dev/null || continue;; esac
		# a check that fails exits 1 (reaction morale, a failed save): not an error
		rc=0
		sh -c "$c" > /dev/null 2> ../err < /dev/null || rc=$?
		[ "$rc" -le 1 ] || { echo "failed ($rc): $c: $(cat ../err)" >&2; return 1; }
	done < ../cmds
}

# ---- issue 22: an evening at the table, checked against what it said

# play WORDS...: one delve command on ev, its records kept in kept/N
# (undo drops the last); a failed check (exit 1) is a result, not an error.
play() {
	local rc=0
	delve -C ev -R "$@" > out || rc=$?
	[ "$rc" -le 1 ] || { echo "delve $*: exit $rc" >&2; return 1; }
	n=$((n + 1))
	mv out "kept/$(printf %03d $n)"
}

undo_one() {
	run -0 --separate-stderr delve -C ev undo
	case $output in "back to turn "*", before \`delve "*"\`") ;; *) echo "undo: $output" >&2; return 1;; esac
	rm "kept/$(printf %03d $n)"
	n=$((n - 1))
}

# hp_said NAME INITIAL: the HP the log last gave NAME (001's Fatigue damage)
hp_said() {
	local said
	said=$(grep -E "	$1 takes [0-9]+ damage from fatigue: (at 0|[0-9]+) HP" ev/log | tail -n 1 |
	    sed -E 's/.*: (at )?([0-9]+) HP.*/\2/')
	echo "${said:-$2}"
}

@test "an evening: four characters, a table document, 40 turns with an affliction and its cure, a rest, a roll, three undos; party file, status and log as the turns said (issue 22)" {
	printf 'Ann con=1 wis=0 best=2 hp=10 hpmax=10 level=2 resilience=12\nBo con=-1 wis=1 best=1 hp=6 hpmax=6 level=1 resilience=9\nCy con=0 wis=2 best=3 hp=8 hpmax=8 level=2 resilience=10\nDee con=2 wis=-1 best=2 hp=12 hpmax=12 level=3 resilience=14 notes=the-cartographer # maps\n' > p4.txt
	delve new -s evening -r delving -p p4.txt -l torch,lantern -T "encounter=$TOP/tests/tables/crypt.md#Encounters" ev
	mkdir kept
	n=0
	play -n 4
	play infect Ann venom 2hours
	play -n 3
	undo_one				# undo 1: three turns taken back
	play -n 14
	play rest
	play roll -c 12 d20
	play -n 5
	play -n 2
	undo_one				# undo 2
	play cure Ann venom
	undo_one				# undo 3: the cure taken back
	play -n 6
	play cure Ann venom
	play -n 10
	# the log is what the kept commands said, line by line, in order
	cat kept/* > said
	cmp said ev/log
	eq 40 "$(awk -F'\t' '$1 == "hazard" { print $2 }' ev/log | sort -un | wc -l)"
	run -0 delve -C ev status
	eq "session   ev: seed evening, the delving rules, turn 40." "${lines[0]}"
	for who in Ann:10 Bo:6 Cy:8 Dee:12; do
		name=${who%:*} max=${who#*:}
		hp=$(hp_said "$name" "$max")
		# the party file holds what the log said, status says it
		grep -q "^$name .* hp=$hp " ev/state/party
		grep -q "^party     $name: $hp of $max HP[.;]" <<< "$output"
	done
	# Ann's venom: the CON the last stage left, in the file and in status
	con=$(grep '	stage	Ann	' ev/log | tail -n 1 | sed -E 's/.* is now ([0-9]+) \(([-+][0-9]+)\).*/\1 \2/')
	[ -n "$con" ]
	grep -Eq "^Ann con=$(( ${con#* } )) .* resilience=${con% *}( |$)" ev/state/party
	grep -q "^party     Ann: .*con $(printf %+d $(( ${con#* } ))),.* resilience ${con% *}[,.]" <<< "$output"
	grep -q '	cured	Ann	Ann is cured of venom' ev/log
	! grep -q '^affliction' ev/state/timedice || false
	! grep -q 'afflicted' <<< "$output" || false
	# the GM's own key kept, shown, the comment kept
	grep -q '^Dee .* notes=the-cartographer # maps$' ev/state/party
	grep -q '^party     Dee: .*notes the-cartographer\.$' <<< "$output"
	# the session is the one the same commands make again
	clean ev
}

@test "delve status: exhaustion and load said with the session's own seed's effects (004 under travel, 002 under dungeonturn, none claimed elsewhere; issue 27)" {
	printf 'Ann hp=5 con=0 wis=0 dex=0 str=0 exhausted=1 load=12 strength=10\n' > p.txt
	for r in travel dungeonturn exploration; do
		delve new -s 1 -r $r -p p.txt s-$r
	done
	run -0 delve -C s-travel status
	[[ $output == *"exhausted: disadvantage on all checks, speed 0 ft; 2 load over STR 10: disadvantage on all checks, 10 ft slower"* ]]
	run -0 delve -C s-dungeonturn status
	[[ $output == *"exhausted: rolls at disadvantage; 2 load over STR 10."* ]]
	run -0 delve -C s-exploration status
	[[ $output == *"5 HP; exhausted; 2 load over STR 10."* ]]
	[[ $output != *disadvantage* ]]
}

@test "delve new -T: a table that does not load is named by the user's file and line, not the session's copy (issue 23)" {
	printf 'die: 1d6\n1-3 goblins\n4-5 a spider\n5 bats\n' > bad.txt
	run -2 --separate-stderr delve new -s 1 -T encounter=bad.txt X
	eq "delve: bad.txt:4: rows overlap at 5" "$stderr"
	[ ! -e X ]
}

# call_as RULES CALL...: the call's records as its program says them on its
# own with the session's first call's seed and party: under -r RULES where
# the program has those rules for the call, else under its own default
# (DELVING_RULES passed over, as in a pipeline); the turn field the session's 0.
call_as() {
	local r=$1 prog=$2 out
	shift 2
	[ "$prog" = return ] && prog="env return"
	if ! out=$(DELVING_SEED=w:0:1 DELVING_PARTY=p.txt $prog -r "$r" "$@" 2> err); then
		if grep -q -- '-r' err; then
			out=$(DELVING_SEED=w:0:1 DELVING_PARTY=p.txt $prog "$@")
		fi
	fi
	printf '%s\n' "$out" | awk -F'\t' -v OFS='\t' 'NF > 1 { $2 = 0 } { print }'
}

@test "one world: every call runs under the session's rules, made with -r or by default, unless -r says otherwise (issue 33)" {
	printf 'Ann con=1 wis=1 dex=2 str=1 strength=8 dexterity=14 load=10 hp=9 best=2 speed=30 exhausted=1\nBo con=0 wis=0 dex=0 str=0 strength=12 dexterity=10 load=2 hp=7 best=1 speed=25\n' > p.txt
	calls=("roll 2d6" "chase open" "chase retreat" "chase pace"
	    "reaction morale" "reaction surprise" "reaction disposition"
	    "reaction initiative" "return dangerous" "return arduous")
	for r in default exploration bookkeeping delving dungeonturn alarm travel; do
		for c in "${calls[@]}"; do
			rm -rf s
			if [ $r = default ]; then
				delve new -s w -p p.txt -l torch s > /dev/null
			else
				delve new -s w -r $r -p p.txt -l torch s > /dev/null
			fi
			run delve -C s -R $c
			[ "$status" -le 1 ] || { echo "$r: delve $c: $output" >&2; return 1; }
			# shellcheck disable=SC2086
			eq "$(call_as "${r/default/exploration}" $c)" "$output" ||
			    { echo "under $r: delve $c" >&2; return 1; }
		done
	done
	# what the session's rules make a program say, named
	delve new -s w -p p.txt d > /dev/null
	run -0 delve -C d -R chase pace
	[[ "$output" == *"a turn."* && "$output" != *"a day"* ]]
	run -0 delve -C d -R chase -r travel pace
	[[ "$output" == *"a day"* ]]
	delve new -s w -r dungeonturn -p p.txt g > /dev/null
	run delve -C g -R reaction morale
	[[ "${lines[0]}" == *'002: "become exhausted'* ]]
	run delve -C g -R return dangerous
	[[ "${lines[0]}" == *'002: "become exhausted'* ]]
	run delve -C g -R return -r travel dangerous
	[[ "${lines[0]}" == *'004: "forces disadvantage'* ]]
	delve new -s w -r travel -p p.txt t > /dev/null
	run delve -C t -R reaction morale
	[[ "${lines[0]}" == *'004: "forces disadvantage'* ]]
	# and the session's light: no light, 000's setback on reaction's checks
	run delve -C d -R reaction surprise
	[[ "${lines[0]}" == *'(no light, 000: "Setback on all rolls")'* ]]
	run delve -C d -R reaction -L bright surprise
	[[ "${lines[0]}" != *'no light'* ]]
	delve new -s w -p p.txt -l torch lit > /dev/null
	run delve -C lit -R reaction surprise
	[[ "${lines[0]}" != *'no light'* ]]
}

@test "every page's EXAMPLES render as they run: a printf's \\n shown as written, not eaten by roff (issue 33)" {
	command -v mandoc > /dev/null || skip "mandoc is not installed"
	for page in "$TOP"/man/*.[67]; do
		page=${page##*/}
		rendered=$(mandoc -Tascii "$TOP/man/$page" | col -bx | tr -s ' \n' '  ')
		while IFS= read -r cmd; do
			case $cmd in *printf*) ;; *) continue ;; esac
			[[ "$rendered" == *"$(tr -s ' ' <<< "$cmd")"* ]] ||
			    { echo "$page renders otherwise: $cmd" >&2; return 1; }
		done < <(man_examples "$page")
	done
}

# four: a party of four, every one with wis= (000's surprise) and con= (000's saves).
four() {
	printf 'Ann con=1 wis=1 hp=9\nBo con=0 wis=0 hp=7\nCy con=0 wis=2 hp=5\nDu con=2 wis=-1 hp=8\n' > four.txt
}

# surprised_each LOG: every encounter of LOG rolls four surprise checks at
# 000's setback for no light and one summary, and there is an encounter.
surprised_each() {
	local enc
	enc=$(grep -cP '^hazard\t\d+\t\d+\tencounter\t' "$1")
	[ "$enc" -gt 0 ] || { echo "no encounter" >&2; return 1; }
	eq $((enc * 4)) "$(grep -cP '^reaction\t\d+\t\d+\t-?\d+\t(surprised|alert)\t(Ann|Bo|Cy|Du) .*no light, 000: "Setback on all rolls"' "$1")"
	eq "$enc" "$(grep -cP '^reaction\t\d+\t-\t\d\t(none|some|all)\t\d of 4 surprised' "$1")"
}

@test "one world: a party where a character has no wis= rolls a turn's surprise as one unnamed character, as reaction without -p; with wis= for all, each character (the suite's decision)" {
	printf 'Ann con=1 wis=2 hp=10\nBo con=0 hp=8\n' > nowis.txt
	printf 'Ann con=1 wis=2 hp=10\nBo con=0 wis=0 hp=8\n' > wis.txt
	for p in nowis wis; do
		delve new -s w -r exploration -p $p.txt $p > /dev/null
		delve -C $p -n 40 > /dev/null
		delve -C $p -R log > $p.log
		grep -qP '^hazard\t\d+\t\d+\tencounter\t' $p.log
	done
	enc=$(grep -cP '^hazard\t\d+\t\d+\tencounter\t' nowis.log)
	eq "$enc" "$(grep -cP '^reaction\t\d+\t-?\d+\t-?\d+\t(surprised|alert)\tThe character .*no light, 000' nowis.log)"
	eq "$enc" "$(grep -cP '^reaction\t\d+\t-\t\d\t(none|some|all)\t\d of 1 surprised' nowis.log)"
	! grep -qP '^reaction\t.*\t(Ann|Bo) ' nowis.log || false
	enc=$(grep -cP '^hazard\t\d+\t\d+\tencounter\t' wis.log)
	eq $((enc * 2)) "$(grep -cP '^reaction\t\d+\t\d+\t-?\d+\t(surprised|alert)\t(Ann|Bo) .*no light, 000' wis.log)"
	eq "$enc" "$(grep -cP '^reaction\t\d+\t-\t\d\t(none|some|all)\t\d of 2 surprised' wis.log)"
}

@test "one world: darkness is the session's state: a torch put out by hand, or by an edit, and every later encounter rolls each character's surprise (000), surprises all (001), rolls none (002, 003, 004), under each rules name (issue 33)" {
	four
	for r in exploration bookkeeping; do
		rm -rf L
		delve new -s out -r $r -p four.txt -l torch L > /dev/null
		run -0 delve -C L -R light out torch1
		# the log says the dark as the torch goes out
		grep -qP '^light\t0\tparty\t-\tdark\t' <<< "$output"
		delve -C L -n 40 > /dev/null
		delve -C L -R log > log
		surprised_each log
	done
	# an edit of light's file reaches the next turn's reaction as well
	printf '#!/bin/sh\nsed -i "s/^source torch1 torch lit /source torch1 torch out /" "$1"\n' > ed-out
	chmod +x ed-out
	rm -rf E
	delve new -s out -p four.txt -l torch E > /dev/null
	EDITOR=./ed-out delve -C E edit light > /dev/null
	grep -q '^source torch1 torch out ' E/state/light
	delve -C E -n 40 > /dev/null
	delve -C E -R log > log
	surprised_each log
	# 001: in total darkness the whole party is surprised, no check rolled
	rm -rf D
	delve new -s out -r delving -p four.txt -l torch D > /dev/null
	delve -C D light out torch1 > /dev/null
	delve -C D -n 40 > /dev/null
	enc=$(grep -cP '^hazard\t\d+\t\d+\tencounter\t' D/log)
	[ "$enc" -gt 0 ]
	eq "$enc" "$(grep -cP '^reaction\t\d+\t-\t-\tall\t' D/log)"
	# 002, 003 and 004 have no surprise: put out by hand, the dark is
	# logged, encounters come, and no character rolls a surprise, none at
	# 000's setback (004's darkness is the GM's -a/-d: under travel at
	# 20:00, darkness on the road until the day comes at 07:00)
	for r in dungeonturn alarm travel:20:00; do
		rm -rf N
		delve new -s out -r ${r%%:*} -c $([ $r = ${r#*:} ] && echo 07:00 || echo ${r#*:}) \
		    -p four.txt -l torch N > /dev/null
		run -0 delve -C N -R light out torch1
		grep -qP '^light\t0\tparty\t-\t(dark|darkness)\t' <<< "$output"
		delve -C N -n 40 > /dev/null
		# (004's encounter: "Terrible: ... an accidental encounter")
		enc=$(grep -cP '^hazard\t\d+\t\d+\t(encounter|terrible)\t' N/log)
		[ "$enc" -gt 0 ]
		eq 0 "$(grep -cP '^reaction\t.*\t(surprised|alert)\t|\d of 4 surprised|The party is surprised' N/log)"
		eq 0 "$(grep -c 'no light, 000' N/log)"
	done
	grep -qP '^light\t11\tparty\t-\twell-lit\t' N/log
}

# counting DIR: delve and its programs in DIR, hazard a wrapper that counts
# its runs in DIR/runs (delve runs the programs beside its own executable).
counting() {
	mkdir -p "$1"
	for p in light timedice reaction delve; do cp "$(command -v $p)" "$1/"; done
	printf '#!/bin/sh\necho run >> "%s/runs"\nexec "%s" "$@"\n' "$1" "$(command -v hazard)" > "$1/hazard"
	chmod +x "$1/hazard"
	: > "$1/runs"
}

@test "with a party, -n N is one pipeline where no stage reads what another writes, else turn by turn; N one-turn commands equal one -n N, log, party and state files, under each of the six rules (issue 33)" {
	if [ -d /dev/shm ] && [ -w /dev/shm ]; then
		cd "$(mktemp -d /dev/shm/delve-party.XXXXXX)"
	fi
	# resilience= of 1 and 2 hours: timedice writes exhausted= early, hazard fatigue=
	printf 'Ann con=1 wis=0 best=2 dex=1 str=1 hp=10 hpmax=10 level=2 resilience=1\nBo con=-1 wis=1 best=1 dex=0 str=0 hp=6 hpmax=6 level=1 resilience=2 # a note\n' > p.txt
	counting w
	# 000: hazard's CON saves see the light (-L), a turn at a time while the
	# torch burns, then the rest at once (rules: issue 33)
	for r in exploration:6 bookkeeping:7 delving:30 dungeonturn:30 alarm:1 travel:1; do
		rm -rf A B
		delve new -s apart -r ${r%:*} -p p.txt -l torch A > /dev/null
		delve new -s apart -r ${r%:*} -p p.txt -l torch B > /dev/null
		for i in $(seq 30); do delve -C A > /dev/null; done
		: > w/runs
		w/delve -C B -n 30 > /dev/null
		eq "${r#*:}" "$(wc -l < w/runs)" || { echo "${r%:*}: hazard's runs" >&2; return 1; }
		cmp A/log B/log
		for f in A/state/*; do
			[ "$f" = A/state/delve ] || [ "$f" = A/state/records ] || cmp "$f" "B/state/${f#A/state/}"
		done
		grep -q 'exhausted=1' B/state/party || { echo "${r%:*}: no exhaustion" >&2; return 1; }
	done
	case $PWD in /dev/shm/*) rm -rf "$PWD" ;; esac
}

@test "words: a count among a turn's words points to -n; DELVING_SESSION and DELVING_PARTY named in their errors (issue 33)" {
	delve new -s 1 -r travel crypt > /dev/null
	run -2 --separate-stderr delve -C crypt daily 2
	eq "delve: 2: a count of turns is -n, before the action: delve -n 2 daily" "$stderr"
	run -2 --separate-stderr delve -C crypt turn daily 2
	eq "delve: 2: a count of turns is -n, before the action: delve -n 2 daily" "$stderr"
	run -2 --separate-stderr delve -C crypt 3
	eq "delve: 3: a count of turns is -n, before the action: delve -n 3" "$stderr"
	DELVING_SESSION=nowhere run -2 --separate-stderr delve status
	eq "delve: DELVING_SESSION: nowhere: No such file or directory" "$stderr"
	mkdir plain
	DELVING_SESSION=plain run -2 --separate-stderr delve status
	eq "delve: DELVING_SESSION: plain: not a session (no session file): give -C DIR, or make one with delve new" "$stderr"
	DELVING_SESSION=crypt run -0 delve status
	DELVING_PARTY=nobody.txt run -2 --separate-stderr reaction morale
	eq "reaction: DELVING_PARTY: nobody.txt: No such file or directory" "$stderr"
	DELVING_PARTY=plain run -2 --separate-stderr hazard
	eq "hazard: DELVING_PARTY: plain: not a regular file" "$stderr"
	# -p names its own file, as ever
	run -2 --separate-stderr reaction -p nobody.txt morale
	eq "reaction: nobody.txt: No such file or directory" "$stderr"
}

@test "make demo: its session of every encounter's disposition shows an encounter and its disposition (issue 33)" {
	run -0 "$TOP/tests/demo.sh"
	# from the section's words to the next section after its command
	section=$(awk '/disposition of every encounter/ { on = 1 } on && /^\$ / { ran = 1 }
	    on && ran && /^# / { exit } on' <<< "$output")
	grep -q '^  hazard     [0-9]  Encounter' <<< "$section"
	grep -q '^  reaction   [0-9]  The creatures met are ' <<< "$section"
}

# json_refused: the lines on stdin that are not a JSON object with a
# whole-number "turn", one a line (jq, else python3).
json_refused() {
	if command -v jq > /dev/null; then
		while IFS= read -r l; do
			jq -e 'type == "object" and (.turn | type) == "number" and .turn == (.turn | floor)' <<< "$l" > /dev/null 2>&1 ||
			    printf '%s\n' "$l"
		done
	else
		python3 -c '
import json, sys
for l in sys.stdin:
    try:
        o = json.loads(l)
        assert isinstance(o, dict) and isinstance(o.get("turn"), int)
    except Exception:
        sys.stdout.write(l)'
	fi
}

@test "the log is JSON Lines, always: every call form and every GM command, then delve -j log through a JSON parser: 0 lines refused, each with its turn (issue 33)" {
	printf 'Ann con=1 wis=1 dex=2 str=1 strength=12 dexterity=14 hp=9 hpmax=9 level=2 best=2 speed=30 load=2 resilience=12\nBo con=0 wis=0 dex=0 str=0 strength=10 dexterity=10 hp=7 hpmax=7 level=1 best=1 speed=25 load=1 resilience=9\n' > p.txt
	printf '#!/bin/sh\nsed -i "s/hp=7 /hp=6 /" "$1"\n' > ed-hp
	chmod +x ed-hp
	for r in exploration travel; do
		rm -rf s
		delve new -s json -r $r -p p.txt -l torch s > /dev/null
		delve -C s -n 2 > /dev/null
		while IFS= read -r c; do
			# shellcheck disable=SC2086
			delve -C s $c > /dev/null 2>&1 || [ $? -eq 1 ] ||
			    { echo "$r: delve $c failed" >&2; return 1; }
		done <<'CALLS'
roll d20
roll -n 3 d20 2d6
roll -v 3d6
roll -c 12 d20+3
roll -o 2d6
roll -O 1d3
roll -x 1d4
roll -o -c 12 d20
roll -g 2d4
roll -t exploration
roll -h
chase open
chase retreat
chase -g uneven
chase pace
chase -h
reaction
reaction disposition
reaction morale
reaction surprise
reaction initiative
reaction loot 3
reaction -h
return dangerous
return arduous
return -h
infect Ann venom 2hours
cure Ann venom
damage Ann 2
heal Ann 1d4
set Bo load=3
join Cy con=0 wis=0 hp=5 resilience=8
leave Cy
light add lantern
light out lantern1
light relight lantern1
hour
rest
CALLS
		[ $r != travel ] || delve -C s camp > /dev/null
		EDITOR=./ed-hp delve -C s edit > /dev/null
		delve -C s -n 2 > /dev/null
		delve -C s -j log > log.jsonl
		[ "$(wc -l < log.jsonl)" -gt 100 ]
		eq "" "$(json_refused < log.jsonl)" || { echo "under $r" >&2; return 1; }
		# the bare lines and -g's bars at the session's turn, 2; a
		# call's -h is the program's help, printed and not logged
		grep -q '^{"turn":2,"total":' log.jsonl
		grep -q '^{"turn":2,"expression":"2d6","total":"7","odds":"1/6","decimal":"0.1667"}$' log.jsonl
		grep -q '^{"turn":2,"text":"5  25.00% #' log.jsonl
		! grep -q 'usage' log.jsonl || false
	done
}

@test "party_line (tests/unit.c): hazard's fatigue= and timedice's exhausted= or tired= added one run after another in either order, or in one run, give the same line (issue 33)" {
	eq "2068 0" "$(unit placement)"
}

# ---------------------------------------------------------- issue 36: the session's dialect
@test "issue 36: delve new -D: the session remembers the dialect; delve roll and the tables' dice take it" {
	cd "$BATS_TEST_TMPDIR"
	run -0 delve new -s 1 -D avrae s
	grep -qx 'dice avrae' s/session
	eq "1d%	mean	45	45.0000" "$(delve -C s roll -o 1d% | tail -n 1 | sed 's/^ *//')"	# a tens die
	delve -C s roll -n 20 1d% | awk '$NF % 10 != 0 || $NF > 90 { exit 1 }'
	run -0 delve new -s 1 t
	! grep -q '^dice' t/session || false
	eq "1d%	mean	101/2	50.5000" "$(delve -C t roll -o 1d% | tail -n 1 | sed 's/^ *//')"
	# a table's row dice, rolled by a program the session runs, take it too
	printf 'die: d1\n1 Gold: 1d%% coins\n' > gold.txt
	DELVING_DICE=avrae roll -s 4 -t ./gold.txt -n 20 | awk -F'\t' '{ split($NF, w, " "); n = w[5]
	    if (n % 10 != 0 || n > 90) { print; exit 1 } }'
	run -2 --separate-stderr delve new -D bad u
	eq "delve: -D: 'bad': not a dialect (roll, foundry, roll20, avrae, rpg-dice-roller)" "$stderr"
	[ ! -e u ]
	sed -i 's/^dice avrae/dice hackmaster/' s/session
	run -2 --separate-stderr delve -C s roll d6
	[[ $stderr == *"dice: 'hackmaster': not a dialect of roll(6)"* ]]
}
