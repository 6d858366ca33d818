#!/usr/bin/env bats
# delve(6) Campaigns (issue 34): delve next carries a session's end into
# the next one, under the same rules or others; the campaign's status, log
# and journal; notes; supplies and coin; chained batches.
load helper

setup() { cd "$BATS_TEST_TMPDIR" || return; }

# The campaign of the issue: two days' travel and a camp under 004, a
# dungeon under 001 over two sessions (a party of four, an encounter
# table, an affliction in flight across the break, Dee leaves and comes
# back, Cy leaves), torches carried, the road home under 004, a week in
# town.  Every command's output to camp.out.
campaign() {
	printf '%s\n' 'Ana hp=10 hpmax=10 con=1 best=4 resilience=12 strength=12 load=4 level=2 gp=20' \
	    'Bo hp=8 hpmax=8 con=0 best=3 resilience=10 strength=10 load=3 gp=5' \
	    'Cy hp=6 hpmax=6 con=-1 best=2 resilience=8 strength=9 load=2 sp=40' \
	    'Dee hp=7 hpmax=7 con=2 best=3 resilience=14 strength=11 load=3' > party.txt
	printf 'die: 1d6\n1-3 goblins\n4-6 2d4 giant rats\n' > enc.txt
	{
	delve new -r travel -s camp-1 -c 1/07:00 -l torch -p party.txt road
	delve -C road buy Ana 4gp rations 6
	delve -C road -n 10
	delve -C road note Camp by the standing stones
	delve -C road camp 8
	delve -C road -n 8
	delve -C road light add torch
	delve next -r delving -T encounter=enc.txt -l torch road crypt1
	delve -C crypt1 infect Cy bog-fever 1day dc=25
	delve -C crypt1 -n 12
	delve -C crypt1 reaction loot 3
	delve -C crypt1 loot Bo
	delve -C crypt1 share Bo
	delve -C crypt1 leave Dee
	delve -C crypt1 note Dee stays to guard the rope
	delve -C crypt1 light add torch
	delve next crypt1 crypt2
	delve -C crypt2 join Dee
	delve -C crypt2 -n 12
	delve -C crypt2 damage Ana 3
	delve -C crypt2 leave Cy
	delve -C crypt2 light add torch
	delve next -r travel crypt2 home
	delve -C home -n 6
	delve -C home give Ana Bo 1gp
	delve next home town
	delve -C town buy Ana 2gp rations 21
	delve -C town weekly
	delve -C town note A week in town
	} > camp.out
}

@test "a campaign: travel, two evenings in a dungeon, the road home, a week in town; sheets, calendar, supplies, coin and journal as the sessions said" {
	campaign
	# the final sheets: every gain and loss the log tells (fatigue, loot
	# shared four ways, the gift on the road, Ana's 3 damage, exhaustion),
	# then a week in town with food: seven nights heal Ana 2 HP each (level
	# 2) to her 10, and cure the exhaustion
	eq "$(printf '%s\n' 'Ana hp=10 hpmax=10 con=1 best=4 resilience=12 strength=12 load=4 level=2 gp=21 sp=0 cp=0 exhausted=0' \
	    'Bo hp=2 hpmax=8 con=0 best=3 resilience=10 strength=10 load=3 gp=10 sp=0 cp=0 exhausted=0' \
	    'Dee hp=1 hpmax=7 con=2 best=3 resilience=14 strength=11 load=3 gp=8 sp=0 cp=0 exhausted=0')" "$(cat town/state/party)"
	grep -q '^turn 12  11:00  Bo takes the loot, 28 gp: 33 gp left\.$' camp.out
	grep -q 'Bo shares out their coin among 4: 8 gp each, the odd pieces kept: 9 gp left\.$' camp.out
	# Cy left at 0 HP: on the roster with their sheet
	eq "Cy hp=0 hpmax=6 con=-1 best=2 resilience=8 strength=9 load=2 sp=40 exhausted=1 gp=8 cp=0" "$(tail -1 town/state/roster)"
	eq "roster    Cy is out of the party (delve join Cy brings them back): 0 of 6 HP, incapacitated and unable to act (004); exhausted: disadvantage on all checks, speed 0 ft; carries 2 load, STR 9. Also con -1, best +2, resilience 8, sp 40, gp 8, cp 0." \
	    "$(delve -C town status | grep ^roster)"
	# Dee came back with the sheet they left with
	grep -q '^turn 0  11:00  Dee comes back to the party with their sheet: 4 of 7 HP; carries 3 load, STR 11\. Also con +2, best +3, resilience 14, gp 8, sp 0, cp 0\.$' camp.out
	# the calendar: each session starts where the last ended
	for s in "road 1/07:00" "crypt1 2/09:00" "crypt2 2/11:00" "home 2/13:00" "town 2/19:00"; do
		grep -qx "clock ${s#* }" "${s% *}/session"
	done
	eq "day 9 time 19:00" "$(grep -E '^(day|time) ' town/state/timedice | tr '\n' ' ' | sed 's/ $//')"
	# the affliction in flight across the break: stage 1, 132 turns left
	# at crypt1's end, the same at crypt2's start, 120 at its end (2 hours)
	eq "affliction Cy bog-fever con 25 1d6 1day 1 132" "$(grep ^affliction crypt1/state/timedice)"
	eq "affliction Cy bog-fever con 25 1d6 1day 1 132" "$(grep ^affliction crypt2/g.0/timedice)"
	eq "affliction Cy bog-fever con 25 1d6 1day 1 120" "$(grep ^affliction crypt2/state/timedice)"
	# torches carried: 004's hour (6 turns) to 001's "no fixed duration",
	# as it is under the same rules, and 001's back to a fresh hour
	eq "source torch2 torch lit - 0" "$(grep ^source crypt1/g.0/light)"
	grep -q '^source torch[0-9] torch lit - 0$' crypt2/g.0/light
	grep -q '^source torch[0-9] torch lit 6 0$' home/g.0/light
	grep -q '^light	1	torch[0-9]	torch	out	0	' home/log
	# supplies: 144 hours bought; 4 eat for 26 hours on the road (40
	# left), 4 for 2 hours in crypt1 then 3 (32), 4 for 2 hours in
	# crypt2 (24), 3 for 6 hours home (6); 504 more for a week in town,
	# 3 eating for 168 hours (6)
	eq "supplies 40" "$(grep ^supplies crypt1/g.0/supplies)"
	eq "supplies 24" "$(grep ^supplies home/g.0/supplies)"
	eq "supplies 6" "$(grep ^supplies town/g.0/supplies)"
	run -0 delve -C town campaign status
	eq "campaign  5 sessions" "${lines[0]}"
	eq "session   2. crypt1: delving rules, day 2, 09:00 to day 2, 11:00, 12 turns" "${lines[2]}"
	eq "clock     day 9, 19:00" "${lines[6]}"
	eq "supplies  2 hours of food for 3 characters (6 hours in all)" "${lines[11]}"
	# each character in sentences, as delve status says them, no keywords
	eq "party     Ana: 10 of 10 HP; carries 4 load, STR 12. Also con +1, best +4, resilience 12, level 2, gp 21, sp 0, cp 0." "${lines[7]}"
	eq "$(delve -C town status | grep ^party)" "$(printf '%s\n' "${lines[@]}" | grep ^party)"
	[[ $output != *"Sheet:"* ]]
	[ -z "$(printf '%s\n' "${lines[@]}" | grep ^party | grep =)" ]
	golden campaign-journal.md delve -C town campaign journal
	grep -qx -- '- At the end: 10 hours of food for 4 characters (40 hours in all).' "$GOLDEN/campaign-journal.md"
	grep -qx -- '- Ana: hp 7 to 1 (lost 6).' "$GOLDEN/campaign-journal.md"
	grep -qx -- '- Cy: left the party: 0 of 6 HP, down: 001 says nothing of 0 HP, the GM'\''s call; exhausted; carries 2 load, STR 9. Also con -1, best +2, resilience 8, sp 40, gp 8, cp 0.' "$GOLDEN/campaign-journal.md"
	! grep -q 'hp=' "$GOLDEN/campaign-journal.md" || false	# sheets in words, not the file's
	grep -qx 'table encounter -' crypt2/session	# the tables carried under the same rules
	[ -z "$(grep '^table ' home/session)" ]	# not under others
}

@test "a campaign replayed from its seeds gives the same files, byte for byte" {
	mkdir a b
	(cd a && campaign)
	(cd b && campaign)
	eq "$(snap a)" "$(snap b)"
	eq "$(delve -C a/town campaign journal)" "$(delve -C b/town campaign journal)"
}

# A party that every rules name's programs read.
party4() {
	printf '%s\n' 'Ana str=1 dex=0 con=1 int=0 wis=1 cha=0 best=3 hp=10 hpmax=10 resilience=12 strength=12 load=2 speed=30 level=1 gp=3' \
	    'Bo str=0 dex=1 con=0 int=1 wis=0 cha=1 best=2 hp=8 hpmax=8 resilience=10 strength=10 load=1 speed=30 level=1' > p.txt
}

# The LEFT a source of KIND with LEFT under FROM has under TO (delve(6),
# Campaigns): the same under the same rules; "-" under 001's torches and
# 002; a usage die under 003 (its own from 003, else d6); else the turns
# it had, at most TO's duration, or TO's duration when FROM counted none.
life() {
	case $1:$2 in
	exploration:torch|exploration:candle|bookkeeping:torch|bookkeeping:candle|travel:torch) echo 6 ;;
	exploration:lantern|bookkeeping:lantern) echo 36 ;;
	travel:lantern) echo 18 ;;
	delving:torch|dungeonturn:*) echo - ;;
	delving:*) echo 48 ;;
	alarm:*) echo d6 ;;
	esac
}
carried_left() {	# FROM TO KIND LEFT
	local max
	max=$(life "$2" "$3")
	if [ "$1" = "$2" ]; then echo "$4"
	elif [ "$max" = - ]; then echo -
	elif [ "$max" = d6 ]; then case $4 in d*) echo "$4" ;; *) echo d6 ;; esac
	else case $4 in [0-9]*) [ "$4" -lt "$max" ] && echo "$4" || echo "$max" ;; *) echo "$max" ;; esac
	fi
}

pairs() {
	local from to kinds k left want got n=0 refused=0
	party4
	printf '#!/bin/sh\necho "timer watch 30" >> "$1"\n' > addtimer
	chmod +x addtimer
	for from in exploration bookkeeping delving dungeonturn alarm travel; do
		kinds=torch,lantern,candle
		[ $from = travel ] && kinds=torch,lantern
		delve new -s pair -r $from -c 3/10:00 -l $kinds -p p.txt F.$from > /dev/null
		delve -C F.$from infect Ana rot 2days dc=30 > /dev/null
		EDITOR=$PWD/addtimer delve -C F.$from edit timedice > /dev/null
		delve -C F.$from buy Ana 1gp sup 40 > /dev/null
		delve -C F.$from > /dev/null
		for to in exploration bookkeeping delving dungeonturn alarm travel; do
			n=$((n + 1))
			snap F.$from > before
			if [ $to = travel ] && [ $from != travel ] && grep -q '^source candle1 candle lit ' F.$from/state/light; then
				run -2 --separate-stderr delve next -r $to F.$from T.$from.$to
				eq "delve: next: F.$from/state/light: candle1: the travel rules (004) have no candle; put it out first (delve -C F.$from light out candle1) to leave it behind" "$stderr"
				[ ! -e T.$from.$to ]
				refused=$((refused + 1))
				cp -a F.$from O.$from
				delve -C O.$from light out candle1 > /dev/null
				run -0 --separate-stderr delve next -r $to O.$from T.$from.$to
				eq "delve: next: candle1 stays behind: candle1: the travel rules (004) have no candle" "$stderr"
				snap F.$from > after
				cmp before after
				src=O.$from
			else
				run -0 delve next -r $to F.$from T.$from.$to
				src=F.$from
			fi
			snap F.$from > after
			cmp before after	# PREV never written
			# the party, the roster, the clock, timers and afflictions as they were
			cmp $src/state/party T.$from.$to/state/party
			eq "$(grep -E '^(day|time|since-rest|timer|affliction) ' $src/state/timedice)" \
			    "$(grep -E '^(day|time|since-rest|timer|affliction) ' T.$from.$to/state/timedice)"
			grep -q '^timer watch ' T.$from.$to/state/timedice
			grep -q '^affliction Ana rot con 30 ' T.$from.$to/state/timedice
			want=$(delve -C $src status | grep -o '([0-9]* hours in all)')
			[ -n "$want" ]
			eq "$want" "$(delve -C T.$from.$to status | grep -o '([0-9]* hours in all)')"
			# each source not spent, read under the new rules
			while read -r _ name kind state left lit; do
				[ "$left" = 0 ] && continue
				# put out after burning for a time no one counted
				case $state:$left:$(life $to $kind) in out*:-:-) ;; out*:-:*) [ $from != $to ] && continue ;; esac
				[ $to = travel ] && [ $kind = candle ] && continue
				case $state in out*) ;; *) state=lit ;; esac
				[ $from = $to ] && state=$(awk -v n=$name '$2 == n { print $4 }' $src/state/light)
				want="source $name $kind $state $(carried_left $from $to $kind $left) 0"
				got=$(grep "^source $name " T.$from.$to/state/light)
				eq "$want" "$got"
			done < <(grep ^source $src/state/light)
			# the place's own state only under the same rules
			if [ $from = $to ]; then
				eq "$(grep -vE '^(#|seed|rng|turn) ' $src/state/hazard)" "$(grep -vE '^(#|seed|rng|turn) ' T.$from.$to/state/hazard)"
			fi
			delve -C T.$from.$to check > /dev/null
			rm -rf T.$from.$to O.$from
		done
	done
	eq 36 $n
	eq 5 $refused
}

@test "delve next under every pair of rules names (36): what is carried and how it is read, what is refused, PREV never written" {
	untraced pairs
}

# stamp DIR: every entry's path, bytes (cksum), mode and mtime to the ns.
stamp() {
	(cd "$1" && find . -printf '%p %M %T@ %s\n' | sort && find . -type f -exec cksum {} + | sort)
}

@test "delve next never writes the previous session: its files byte for byte, their modes and mtimes the same; delve new -c takes a day" {
	party4
	delve new -s 7 -r travel -c 4/18:00 -l torch -p p.txt road
	grep -qx 'day 4' road/state/timedice
	grep -qx 'time 18:00' road/state/timedice
	delve -C road -n 2 > /dev/null
	stamp road > before
	nap 0.02
	run -0 delve next road crypt
	stamp road > after
	cmp before after
	eq "$(printf '# delve session: see delve(6), FILES\nseed %s\nrules travel\nclock 4/20:00\nfrom road g.1 %s\nparty yes' \
	    "$(sed -n 's/^seed //p' crypt/session)" "$(sed -n 's/^from road g.1 //p' crypt/session)")" "$(cat crypt/session)"
	# the seed of the next session: FNV-1a 64 of "7 next", by default
	eq "seed 2381345141643332831" "$(grep ^seed crypt/session)"	# python3: FNV-1a 64 of b"7 next"
	# the dice dialect is PREV's unless -D says otherwise
	delve new -s 1 -D foundry dice1
	delve next dice1 dice2
	grep -qx 'dice foundry' dice2/session
	delve next -D roll20 dice2 dice3
	grep -qx 'dice roll20' dice3/session
	run -2 --separate-stderr delve new -c 0/07:00 x
	eq "delve: -c: '0/07:00': expected [DAY/]TIME, as 3/07:00 for 07:00 on day 3" "$stderr"
	run -2 --separate-stderr delve new -c 1000001/07:00 x
	[ ! -e x ]
}

@test "delve next refuses a damaged, busy, continued or foreign previous session, and a campaign whose previous session changed; nothing made" {
	party4
	mkdir camp other
	delve new -s 1 -r travel -p p.txt camp/a > /dev/null
	delve -C camp/a > /dev/null
	# damaged: a file changed in place
	cp -a camp/a camp/d
	chmod u+w camp/d/state/light; echo 'darkvision yes' >> camp/d/state/light
	run -2 --separate-stderr delve next camp/d camp/e
	one_error delve
	[[ $stderr == "delve: camp/d/state/light: changed"* ]]
	[ ! -e camp/e ]
	# busy: a command at work in it (its lock held)
	flock camp/a sleep 2 &
	nap 0.3
	run -2 --separate-stderr delve next camp/a camp/b
	eq "delve: camp/a: a command is at work in the session: try again when it is done" "$stderr"
	[ ! -e camp/b ]
	wait
	# another campaign's: PREV and DIR in two directories
	run -2 --separate-stderr delve next camp/a other/b
	eq "delve: next: camp/a: in $PWD/camp, not in $PWD/other with other/b: a campaign's sessions are one directory's" "$stderr"
	[ ! -e other/b ]
	# not a session
	mkdir camp/n
	run -2 --separate-stderr delve next camp/n camp/b
	eq "delve: camp/n: not a session (no session file): make one with delve new" "$stderr"
	# continued already
	delve next camp/a camp/b > /dev/null
	run -2 --separate-stderr delve next camp/a camp/c
	eq "delve: next: camp/a: continued already by b: a campaign is one line of sessions" "$stderr"
	[ ! -e camp/c ]
	run -2 --separate-stderr delve next camp/b camp/b
	[ -z "$(ls -A camp/b/.new.* 2>/dev/null)" ]
	# the campaign of a session whose previous one was played on after
	run -0 delve -C camp/b campaign status
	delve -C camp/a > /dev/null
	run -2 --separate-stderr delve -C camp/b campaign journal
	eq "delve: $PWD/camp/a: changed after camp/b continued it (it ended at generation 1, now 2): the campaign's sessions must stay as they were continued" "$stderr"
	delve -C camp/a undo > /dev/null
	run -0 delve -C camp/b campaign journal
	# ... or changed by hand
	chmod u+w camp/a/state/party; echo 'Cy hp=3' >> camp/a/state/party
	run -2 --separate-stderr delve -C camp/b campaign log
	[[ $stderr == "delve: $PWD/camp/a/state/party: changed"* ]]
}

@test "delve note: logged at the session's turn, undone by undo, in the journal; control bytes refused, nothing changed" {
	delve new -s 1 -r delving S
	delve -C S -n 2 > /dev/null
	run -0 delve -C S note The party finds a map
	eq "turn 2  07:20  The party finds a map" "$output"
	eq "delve	2	-	note	-	The party finds a map" "$(tail -1 S/log)"
	delve -C S campaign journal | grep -qx -- '- Turn 2 (day 1, 07:20): The party finds a map'
	snap S > before
	run -2 --separate-stderr delve -C S note $'bad\x01byte'
	eq "delve: note: expected a note of printable words, at most 1000 bytes, no TAB or control byte" "$stderr"
	run -2 --separate-stderr delve -C S note $'a\ttab'
	run -2 --separate-stderr delve -C S note
	run -2 --separate-stderr delve -C S note "$(printf '%01001d' 0)"
	run -2 --separate-stderr delve -C S note -h	# not a note "-h"
	eq "delve: note: -h: note takes no option; a note that begins with - comes after --" "$stderr"
	run -2 --separate-stderr delve -C S note --
	snap S > after
	cmp before after
	run -0 delve -C S undo
	eq "back to turn 2, before \`delve note The party finds a map\`" "$output"
	run -0 delve -C S note -- -2 HP to Bo
	eq "turn 2  07:20  -2 HP to Bo" "$output"
	run -0 delve -C S undo
	[ -z "$(grep note S/log)" ]
}

@test "coin and supplies: buy, spend, give, share, loot; coin's weight in load (500 a load); spending more than the purse holds refused, nothing changed" {
	printf 'Ana hp=5 load=2 gp=498 sp=1\nBo hp=4 load=1 cp=7\nCy hp=3\n' > p.txt
	delve new -s 9 -r travel -p p.txt S
	run -0 delve -C S buy Ana 2cp sup 30
	# no copper: the silver piece broken, 8 cp back; 506 coins, one load more
	eq "turn 0  07:00  Ana pays 2 cp for 30 hours of supplies (30 in all): 498 gp 8 cp left, its weight in load." "$output"
	grep -qx 'Ana hp=5 load=3 gp=498 sp=0 cp=8' S/state/party
	# 497 gp, then 90 cp owed: the 8 cp, then a gold piece broken, 18 cp back
	run -0 delve -C S spend Ana 497gp9sp the tithe
	eq "turn 0  07:00  Ana spends 497 gp 9 sp on the tithe: 1 sp 8 cp left." "$output"
	grep -qx 'Ana hp=5 load=2 gp=0 sp=1 cp=8' S/state/party
	snap S > before
	run -2 --separate-stderr delve -C S spend Ana 1gp
	eq "delve: spend: Ana has 1 sp 8 cp: not enough for 1 gp; the session is as it was" "$stderr"
	run -2 --separate-stderr delve -C S give Bo Ana 1sp
	run -2 --separate-stderr delve -C S give Ana Zed 1cp
	eq "delve: give: 'Zed': not in the party" "$stderr"
	run -2 --separate-stderr delve -C S buy Ana 5xp
	eq "delve: '5xp': expected coin, as 5gp, 3sp or 1gp5sp2cp (10 cp = 1 sp, 10 sp = 1 gp)" "$stderr"
	run -2 --separate-stderr delve -C S loot Ana
	eq "delve: loot: no loot to take: roll it first (delve reaction loot HD [COUNT])" "$stderr"
	snap S > after
	cmp before after
	run -0 delve -C S give Bo Ana 5cp
	grep -qx 'Bo hp=4 load=1 cp=2 gp=0 sp=0' S/state/party
	grep -qx 'Ana hp=5 load=2 gp=0 sp=1 cp=13' S/state/party
	# 004: 1d20 gp per HD, to the purse when the GM says so, once
	delve -C S reaction loot 2 > /dev/null
	gold=$(awk -F'\t' '$1 == "reaction" && $7 == "loot" { g = $5 } END { print g }' S/log)
	run -0 delve -C S loot Cy
	grep -qx "Cy hp=3 gp=$gold sp=0 cp=0" S/state/party
	run -2 --separate-stderr delve -C S loot Cy
	eq "delve: loot: the last loot rolled is taken already: roll the next (delve reaction loot HD [COUNT])" "$stderr"
	run -0 delve -C S share Cy
	each=$((gold / 3)) rest=$((gold % 3))
	grep -qx "Cy hp=3 gp=$((each + rest)) sp=0 cp=0" S/state/party
	grep -qx "Bo hp=4 load=1 cp=2 gp=$each sp=0" S/state/party
	# supplies used hourly by each of the three: 30 hours, 3 hours of travel
	delve -C S -n 3 > /dev/null
	eq "supplies  7 hours of food for 3 characters (21 hours in all)" "$(delve -C S status | grep ^supplies)"
	delve -C S daily > /dev/null	# a day's travel turn uses a day's
	eq "supplies  no supplies: the party is without food (004: resilience is the hours a PC can adventure without food or rest)" "$(delve -C S status | grep ^supplies)"
}

# The state files of a session, whole: its generation's files by name.
session_sum() {
	local f
	for f in "$1"/state/*; do printf '%s %s\n' "${f##*/}" "$(cksum < "$f")"; done
}

next_kills() {
	local i pid t pause whole=0 none=0 ref before
	if [ -d /dev/shm ] && [ -w /dev/shm ]; then
		cd "$(mktemp -d /dev/shm/delve-kills.XXXXXX)"
	fi
	party4
	mkdir c
	delve new -s k -r travel -l torch -p p.txt c/P > /dev/null
	delve -C c/P -n 3 > /dev/null
	delve -C c/P infect Ana rot 2days dc=30 > /dev/null
	cp -a c r
	# the kills spread over 1.5 times the fastest of three runs (a first,
	# cold run can take several times a warm one: kills spread over it
	# would come after most runs' commit)
	t=999
	for i in 1 2 3; do
		rm -rf r/D
		pause=$(date +%s%N)
		delve next -r delving r/P r/D
		pause=$(( ($(date +%s%N) - pause) / 1000000 * 3 / 2 + 1 ))
		[ "$pause" -ge "$t" ] || t=$pause
	done
	ref=$(session_sum r/D)
	before=$(stamp c/P)
	for i in $(seq 40); do
		delve next -r delving c/P c/D > /dev/null 2>&1 &
		pid=$!
		printf -v pause '0.%03d' $((RANDOM % t))
		nap "$pause"
		kill -KILL "$pid" 2>/dev/null || :
		wait "$pid" || :
		eq "$before" "$(stamp c/P)"	# the previous session untouched
		if [ -L c/D/state ]; then	# whole: as the reference
			whole=$((whole + 1))
		else	# or not at all: the next delve next takes it over
			none=$((none + 1))
			delve next -r delving c/P c/D > /dev/null
		fi
		eq "$ref" "$(session_sum c/D)"
		delve -C c/D check > /dev/null
		rm -rf c/D
	done
	echo "# 40 kills of delve next: $whole whole, $none not at all" >&3
	case $PWD in /dev/shm/*) rm -rf "$PWD" ;; esac
	[ $none -gt 0 ]
}

@test "SIGKILL at random instants of delve next: the new session whole or not at all, the previous one untouched" {
	untraced next_kills
}

chain_kills() {
	local i pid t pause f parts=0
	if [ -d /dev/shm ] && [ -w /dev/shm ]; then
		cd "$(mktemp -d /dev/shm/delve-kills.XXXXXX)"
	fi
	party4
	t=$(date +%s%N)
	delve batch -k -r travel -p p.txt -l torch -s w -n 4 -o ref 3
	t=$(( ($(date +%s%N) - t) / 1000000 * 3 / 2 + 1 ))
	[ "$t" -le 999 ] || t=999
	for i in $(seq 25); do
		delve batch -k -r travel -p p.txt -l torch -s w -n 4 -o out 3 > /dev/null 2>&1 &
		pid=$!
		printf -v pause '0.%03d' $((RANDOM % t))
		nap "$pause"
		kill -KILL "$pid" 2>/dev/null || :
		wait "$pid" || :
		for f in out/w-1.tsv out/w-2.tsv out/w-3.tsv; do	# each file whole or none
			[ ! -e "$f" ] || cmp "$f" "ref/${f#out/}"
		done
		[ -z "$(ls -A out 2>/dev/null | grep '^\.')" ] || parts=$((parts + 1))
		rm -f out/w-*.tsv
	done
	delve batch -k -r travel -p p.txt -l torch -s w -n 4 -o out 3
	[ -z "$(ls -A out | grep '^\.')" ]	# what the killed ones left is gone
	for f in w-1.tsv w-2.tsv w-3.tsv; do cmp "out/$f" "ref/$f"; done
	echo "# 25 kills of a chained batch, $parts leaving temporaries" >&3
	case $PWD in /dev/shm/*) rm -rf "$PWD" ;; esac
}

@test "SIGKILL at random instants of a chained batch: each session file whole or none, what it left removed by the next batch" {
	untraced chain_kills
}

@test "the rules of carrying, coin and the journal's sheets as pure functions (tests/unit)" {
	# every purse and price of 0 to 6 pieces a denomination: 117,649 payments
	eq "117649 0" "$(unit coins 6)"
	eq "1 source torch1 torch lit 5 0" "$(unit carry exploration travel torch1 torch lit 5 3)"
	eq "1 source torch1 torch lit 6 0" "$(unit carry exploration travel torch1 torch lit 30 3)"
	eq "1 source l lantern out 18 0" "$(unit carry exploration travel l lantern out 30 3)"
	eq "1 source t torch lit - 0" "$(unit carry travel delving t torch lit 4 0)"
	eq "1 source t torch lit 6 0" "$(unit carry delving travel t torch lit - 0)"
	eq "0 -" "$(unit carry delving travel t torch out - 0)"	# burnt for a time no one counted
	eq "0 -" "$(unit carry travel exploration t torch out 0 0)"	# spent
	eq "1 source t torch dim - 0" "$(unit carry dungeonturn dungeonturn t torch dim - 4)"
	eq "1 source t torch lit - 0" "$(unit carry dungeonturn delving t torch dim - 4)"
	eq "1 source t torch low d4 0" "$(unit carry alarm alarm t torch low d4 0)"
	eq "1 source t torch lit d6 0" "$(unit carry travel alarm t torch lit 4 0)"
	eq "1 source t torch lit 6 0" "$(unit carry alarm exploration t torch low d4 0)"
	eq "-1 c: the travel rules (004) have no candle" "$(unit carry exploration travel c candle lit 5 3)"
	eq "hp 8 to 5 (lost 3); gp 3 to 0 (lost 3); notes x to y; sp 0 to 2 (gained 2)" \
	    "$(unit sheetdiff 'Ana hp=8 gp=3 notes=x' 'Ana hp=5 sp=2 notes=y')"
	eq "" "$(unit sheetdiff 'Ana hp=8 gp=0' 'Ana hp=8')"
}

@test "the purse's acts, a party line's words and the last loot as pure functions (tests/unit: purse_plan, text_set_word, journal_loot)" {
	# give: the coins and load= moved, every other byte of the lines kept
	eq $'Ana hp=8 gp=7 load=1 sp=0 cp=0 # lead\nBo  gp=4 sp=3 cp=0\n--\ndelve\t7\tAna\tgive\tgp=7,sp=0,cp=0\tAna gives 3 gp to Bo: 7 gp left.\ndelve\t7\tBo\tgive\tgp=4,sp=3,cp=0\tBo gets 3 gp from Ana: 4 gp 3 sp left.' \
	    "$(unit purse $'Ana hp=8 gp=10 load=1 # lead\nBo  gp=1 sp=3\n' 20 0 give Ana Bo 3gp)"
	# 004: 500 coins a load: a purse that crosses it moves load=
	eq $'Ana gp=0 load=2 sp=0 cp=0\n--\ndelve\t7\tAna\tspend\tgp=0,sp=0,cp=0\tAna spends 500 gp on a horse: no coin left.' \
	    "$(unit purse $'Ana gp=500 load=3\n' - 0 spend Ana 500gp a horse)"
	# share: evenly, the odd pieces kept by the giver
	eq $'Ana gp=4 sp=0 cp=0\nBo sp=3 gp=3 cp=0\nCy gp=3 sp=0 cp=0\n--' \
	    "$(unit purse $'Ana gp=10\nBo sp=3\nCy\n' - 0 share Ana | sed -n 1,4p)"
	# rations: a day is 24 hours of supplies
	eq "supplies 53 since 0" "$(unit purse $'Ana gp=10\n' 5 0 buy Ana 2gp rations 2 | tail -n 1)"
	eq "delve	7	Ana	loot	gp=13,sp=0,cp=0	Ana takes the loot, 12 gp: 13 gp left." \
	    "$(unit purse $'Ana gp=1\n' - 12 loot Ana | tail -n 1)"
	run -2 --separate-stderr unit purse $'Ana gp=1\n' - -1 loot Ana
	eq "unit: loot: the last loot rolled is taken already: roll the next (delve reaction loot HD [COUNT])" "$stderr"
	run -2 --separate-stderr unit purse $'Ana gp=1\n' - 0 spend Ana 2gp
	eq "unit: spend: Ana has 1 gp: not enough for 2 gp; the session is as it was" "$stderr"
	run -2 --separate-stderr unit purse $'Ana gp=1\n' - 0 give Ana Cy 1gp
	eq "unit: give: 'Cy': not in the party" "$stderr"
	# a word set in place, else after the last word and before a comment;
	# a '#' inside a word is no comment (the party reader's rule)
	eq $'# p\nAna hp=3 notes=a#b gp=5   # x\nBo hp=1--\n# p\nBo hp=1\nAna hp=3 notes=a#b gp=5   # x' \
	    "$(unit setword $'# p\nAna hp=3 notes=a#b   # x\nBo hp=1' Ana gp=5)"
	eq $'Ana hp=3 gp=50 sp=1--\nAna hp=3 gp=50 sp=1' "$(unit setword 'Ana hp=3 gp=2 sp=1' Ana gp=50)"
	eq "no line" "$(unit setword 'Ana hp=3' Bo gp=1)"
	# the supplies file as purse.c writes it and reads it back
	eq $'# delve supplies: see delve(6), FILES\nsupplies 53\nsince 700\n53 700' "$(unit supplies 53 700)"
	run -2 --separate-stderr unit supplies 5 0 'supplies x'
	eq "unit: supplies:4: 'x': expected a whole number from 0 to 1000000000" "$stderr"
	run -2 --separate-stderr unit supplies 5 0 'food 3'
	eq "unit: supplies:4: unknown keyword 'food'" "$stderr"
	run -2 --separate-stderr unit supplies 5 0 'since 9'	# no "last one wins"
	eq "unit: supplies:4: since: given twice" "$stderr"
	# the roster's sentences, the sheet said under the session's rules
	eq "Cy is out of the party (delve join Cy brings them back): 0 of 6 HP, incapacitated and unable to act (004); exhausted: disadvantage on all checks, speed 0 ft. Also gp 8, notes quiet." \
	    "$(unit roster travel 0 'Cy hp=0 hpmax=6 exhausted=1 gp=8 notes=quiet')"
	eq "Cy comes back to the party with their sheet: 4 of 6 HP. Also dex +1." \
	    "$(unit roster dungeonturn 1 'Cy hp=4 hpmax=6 dex=1')"
	# the last loot rolled: its gold, taken (-1) once a delve loot follows it, none (0)
	eq 12 "$(unit loot $'reaction\t3\tx\tx\t12\tx\tloot\tx')"
	eq -1 "$(unit loot $'reaction\t3\tx\tx\t12\tx\tloot\tx\ndelve\t4\tAna\tloot\tgp=12\tx')"
	eq 7 "$(unit loot $'reaction\t3\tx\tx\t12\tx\tloot\tx\ndelve\t4\tAna\tloot\tgp=12\tx\nreaction\t5\tx\tx\t7\tx\tloot\tx')"
	eq 0 "$(unit loot '')"
}

@test "delve campaign log: every session's log in order, as records, JSON Lines and sentences, from any session of the campaign" {
	party4
	mkdir c
	delve new -s 3 -r travel -p p.txt c/one > /dev/null
	delve -C c/one -n 2 > /dev/null
	delve -C c/one note the ford > /dev/null
	delve next -r delving c/one c/two > /dev/null
	delve -C c/two -n 3 > /dev/null
	eq "$(cat c/one/log c/two/log)" "$(delve -C c/two -R campaign log)"
	eq "$(delve -C c/one -j log; delve -C c/two -j log)" "$(delve -C c/two -j campaign log)"
	eq "$(echo 'session 1: one, travel rules'; delve -C c/one log; echo; echo 'session 2: two, delving rules'; delve -C c/two log)" \
	    "$(delve -C c/two campaign log)"
	# from the first session, the campaign is that session alone
	eq "$(cat c/one/log)" "$(delve -C c/one -R campaign log)"
	run -2 --separate-stderr delve -C c/two campaign diary
	eq "delve: campaign: diary: expected status, log or journal" "$stderr"
	run -2 --separate-stderr delve -C c/two campaign log journal
	eq "usage: delve [-jR] [-C DIR] campaign [status | log | journal] | note TEXT" "${stderr_lines[1]}"
	run -3 --separate-stderr sh -c 'delve -C c/two campaign journal > /dev/full'
}

@test "delve campaign, buy, give, status -h: the form's usage line as delve(6)'s SYNOPSIS has it, exit 0, in a session or not; a bad form: the error, then the usage line, exit 2" {
	local campaign="delve [-jR] [-C DIR] campaign [status | log | journal] | note TEXT"
	local purse="delve [-jR] [-C DIR] buy NAME COIN [sup HOURS | rations DAYS | WHAT ...] | spend NAME COIN [WHAT ...] | give NAME NAME COIN | share NAME | loot NAME"
	local session="delve [-jR] [-C DIR] status | check | undo | log"
	party4
	delve new -s 1 -r travel -p p.txt S > /dev/null
	for d in S .; do
		for c in "campaign:$campaign" "buy:$purse" "give:$purse" "status:$session" "log:$session"; do
			run -0 --separate-stderr delve -C "$d" "${c%%:*}" -h
			[ -z "$stderr" ]
			eq "usage: ${c#*:}
See delve(6)." "$output"
		done
	done
	# each usage line is the SYNOPSIS's: mandoc's text of the page has it
	if command -v mandoc > /dev/null; then
		for u in "$campaign" "$purse" "$session"; do
			mandoc -Tascii "$TOP/man/delve.6" | col -bx | tr -s ' \n' '  ' | grep -qF -- "${u#delve }"
		done
	fi
	run -2 --separate-stderr delve -C S status now
	eq "delve: now: status takes no operands
usage: $session" "$stderr"
	run -3 --separate-stderr sh -c 'delve -C S campaign -h > /dev/full'
	# -h is no note's text: note keeps its own words (delve note -- -h)
	run -2 --separate-stderr delve -C S note -h
}

@test "delve batch -k: each session continues the last as delve next makes it, byte for byte; every file's first line says how it was made" {
	party4
	printf 'die: 1d6\n1-3 goblins\n4-6 2d4 giant rats\n' > enc.txt
	run -0 --separate-stderr delve batch -k -r delving -p p.txt -l torch -T encounter=enc.txt -s w -n 12 -o out 3
	eq "" "$stderr"
	# the same chain by hand: new, then next of each, every turn through delve -R
	mkdir c
	delve new -s w-1 -r delving -p p.txt -l torch -T encounter=enc.txt c/s1
	delve -C c/s1 -R -n 12 > want1
	delve next -s w-2 -l torch c/s1 c/s2
	delve -C c/s2 -R -n 12 > want2
	delve next -s w-3 -l torch c/s2 c/s3
	delve -C c/s3 -R -n 12 > want3
	for i in 1 2 3; do
		tail -n +2 "out/w-$i.tsv" | cmp "want$i" -
	done
	eq "# delve batch: session 1 of 3, seed w-1, 12 turns, rules delving, party p.txt, lights torch, tables encounter=enc.txt; chained: the first session" "$(head -1 out/w-1.tsv)"
	eq "# delve batch: session 3 of 3, seed w-3, 12 turns, rules delving, party p.txt, lights torch, tables encounter=enc.txt; chained: it continues session 2 (w-2)" "$(head -1 out/w-3.tsv)"
	[ -z "$(ls -A out | grep '^\.')" ]	# the chain's sessions are gone
	# the clock runs on: session 1 ends at 09:00, session 2's turn 6 is 10:00
	grep -q $'^timedice\t6\t1\t10:00\t' out/w-2.tsv
	run -0 delve batch -k -j -r delving -p p.txt -l torch -T encounter=enc.txt -s w -n 12 -o out 3
	eq '{"header":"delve batch: session 2 of 3, seed w-2, 12 turns, rules delving, party p.txt, lights torch, tables encounter=enc.txt; chained: it continues session 1 (w-1)"}' "$(head -1 out/w-2.jsonl)"
	eq "$(delve -C c/s2 -j log)" "$(tail -n +2 out/w-2.jsonl)"
}

@test "delve next under the same rules carries the tables and what was drawn from them; a new -T for a key replaces both; another rules name takes neither" {
	printf 'die: 1d6 without replacement\n1-3 goblins\n4-6 2d4 giant rats\n' > enc.txt
	printf 'die: 1d6\n1-6 bats\n' > bats.txt
	delve new -s 4 -r delving -T encounter=enc.txt a > /dev/null
	delve -C a -n 30 > /dev/null
	eq "drawn encounter 1" "$(grep ^drawn a/state/hazard)"
	delve next a b
	grep -qx 'table encounter -' b/session
	cmp a/state/table.encounter b/state/table.encounter
	eq "drawn encounter 1" "$(grep ^drawn b/state/hazard)"
	delve next -T encounter=bats.txt b c
	cmp bats.txt c/state/table.encounter
	[ -z "$(grep ^drawn c/state/hazard)" ]
	delve next -r travel c d
	[ ! -e d/state/table.encounter ]
	[ -z "$(grep -e ^drawn -e ^table d/state/hazard d/session)" ]
}

@test "a camp without food cures no exhaustion: the supplies kept and none left, timedice's rest unfed says who stays exhausted, in its one record" {
	printf 'Ana hp=5 hpmax=9 level=1 resilience=12 exhausted=1 gp=1\nBo hp=4 hpmax=8 resilience=10 exhausted=1\n' > p.txt
	delve new -s 2 -r travel -c 18:00 -p p.txt hungry > /dev/null
	delve -C hungry buy Ana 1cp sup 2 > /dev/null	# an hour's food for the two
	delve -C hungry > /dev/null
	run -0 delve -C hungry camp
	eq "               A night of safe rest from 19:00 on day 1: 8 hours pass and resilience is restored; without food, exhaustion is not cured: Ana and Bo stay exhausted; Ana heals 1 HP (level 1), 6 HP now." "${lines[${#lines[@]} - 2]}"
	eq "timedice	9	1	19:00	rest	8	A night of safe rest from 19:00 on day 1: 8 hours pass and resilience is restored; without food, exhaustion is not cured: Ana and Bo stay exhausted; Ana heals 1 HP (level 1), 6 HP now." "$(grep -P '^timedice\t\d+\t\d+\t[\d:]+\trest\t' hungry/log)"
	[[ $(cat hungry/log) != *"with food, exhaustion is cured"* ]]
	[ -z "$(grep -P '^delve\t' hungry/log | grep -P '\tcamp\t')" ]
	eq "$(printf '%s\n' 'Ana hp=6 hpmax=9 level=1 resilience=12 exhausted=1 gp=0 sp=9 cp=9' 'Bo hp=4 hpmax=8 resilience=10 exhausted=1')" "$(cat hungry/state/party)"
	delve -C hungry check > /dev/null
	run -0 delve -C hungry undo
	eq "Ana hp=5 hpmax=9 level=1 resilience=12 exhausted=1 gp=0 sp=9 cp=9" "$(head -1 hungry/state/party)"
	# with food the night cures them, as timedice says
	delve new -s 2 -r travel -c 18:00 -p p.txt fed > /dev/null
	delve -C fed buy Ana 1cp sup 100 > /dev/null
	delve -C fed > /dev/null
	run -0 delve -C fed camp
	[[ $output != *"stays exhausted"* ]]
	eq "$(printf '%s\n' 'Ana hp=6 hpmax=9 level=1 resilience=12 exhausted=0 gp=0 sp=9 cp=9' 'Bo hp=4 hpmax=8 resilience=10 exhausted=0')" "$(cat fed/state/party)"
}

@test "a call's -h and -V in a session: the program's own help and version, nothing logged; the journal's notes as they were" {
	delve new -s 1 -r delving S > /dev/null
	delve -C S note Before the help > /dev/null
	for p in roll reaction chase return; do
		run -0 --separate-stderr delve -C S $p -h
		eq "$(env $p -h)" "$output"
		run -0 --separate-stderr delve -C S $p -vV
		eq "$(env $p -V)" "$output"
	done
	run -2 --separate-stderr delve -C S roll -hp x
	eq "delve: roll: -hp: the session gives the program its file, party and seed" "$stderr"
	delve -C S note After the help > /dev/null
	eq 2 "$(delve -C S -R log | wc -l)"
	run -0 --separate-stderr delve -C S campaign journal
	[ -z "$stderr" ]
	[[ $output == *$'- Turn 0 (day 1, 07:00): Before the help\n- Turn 0 (day 1, 07:00): After the help'* ]]
}

@test "a '#' inside a word is the word's, as the party reader has it: status, the roster, a join from it and the journal say notes=room#4 whole; a word starting with '#' is a comment" {
	printf 'Ann con=1 hp=5 notes=room#4 # a comment\nBo con=0 hp=4 notes=x#y #gone\n' > p.txt
	delve new -s 1 -p p.txt S > /dev/null
	run -0 delve -C S status
	eq "party     Ann: 5 HP. Also con +1, notes room#4." "$(grep '^party     Ann' <<< "$output")"
	delve -C S leave Bo > /dev/null
	eq "roster    Bo is out of the party (delve join Bo brings them back): 4 HP. Also con +0, notes x#y." "$(delve -C S status | grep '^roster')"
	run -0 delve -C S join Bo
	eq "turn 0  07:00  Bo comes back to the party with their sheet: 4 HP. Also con +0, notes x#y." "$output"
	run -0 delve -C S campaign journal
	[[ $output == *"- Turn 0 (day 1, 07:00): Bo comes back to the party with their sheet: 4 HP. Also con +0, notes x#y."* ]]
	[[ $output != *gone* && $output != *comment* ]]
}
