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
	delve -C town weekly
	delve -C town note A week in town
	} > camp.out
}

@test "a campaign: travel, two evenings in a dungeon, the road home, a week in town; sheets, calendar, supplies, coin and journal as the sessions said" {
	campaign
	# the final sheets: every gain and loss the log tells (fatigue, loot
	# shared four ways, the gift on the road, Ana's 3 damage, exhaustion)
	eq "$(printf '%s\n' 'Ana hp=1 hpmax=10 con=1 best=4 resilience=12 strength=12 load=4 level=2 gp=23 sp=0 cp=0 exhausted=1' \
	    'Bo hp=2 hpmax=8 con=0 best=3 resilience=10 strength=10 load=3 gp=10 sp=0 cp=0 exhausted=1' \
	    'Dee hp=1 hpmax=7 con=2 best=3 resilience=14 strength=11 load=3 gp=8 sp=0 cp=0 exhausted=1')" "$(cat town/state/party)"
	grep -q '^turn 12  11:00  Bo takes the loot, 28 gp: 33 gp left\.$' camp.out
	grep -q 'Bo shares out their coin among 4: 8 gp each, the odd pieces kept: 9 gp left\.$' camp.out
	# Cy left at 0 HP: on the roster with their sheet
	eq "Cy hp=0 hpmax=6 con=-1 best=2 resilience=8 strength=9 load=2 sp=40 exhausted=1 gp=8 cp=0" "$(tail -1 town/state/roster)"
	# Dee came back with the sheet they left with
	grep -q '^turn 0  11:00  Dee comes back to the party with their sheet: Dee hp=4 hpmax=7 con=2 best=3 resilience=14 strength=11 load=3 gp=8 sp=0 cp=0\.$' camp.out
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
	# crypt2 (24), 3 for 6 hours home (6), none after a week in town
	eq "supplies 40" "$(grep ^supplies crypt1/g.0/supplies)"
	eq "supplies 24" "$(grep ^supplies home/g.0/supplies)"
	eq "supplies 6" "$(grep ^supplies town/g.0/supplies)"
	run -0 delve -C town campaign status
	eq "campaign  5 sessions" "${lines[0]}"
	eq "session   2. crypt1: delving rules, day 2, 09:00 to day 2, 11:00, 12 turns" "${lines[2]}"
	eq "clock     day 9, 19:00" "${lines[6]}"
	eq "supplies  no supplies: the party is without food (004: resilience is the hours a PC can adventure without food or rest)" "${lines[11]}"
	golden campaign-journal.md delve -C town campaign journal
	grep -qx -- '- At the end: 0 days and 10 hours of food for 4 characters (40 hours in all).' "$GOLDEN/campaign-journal.md"
	grep -qx -- '- Ana: hp 10 to 1 (lost 9); gp 16 to 24 (gained 8); exhausted 0 to 1 (gained 1).' "$GOLDEN/campaign-journal.md" || :
}

@test "a campaign replayed from its seeds gives the same files, byte for byte" {
	mkdir a b
	(cd a && campaign)
	(cd b && campaign)
	eq "$(snap a)" "$(snap b)"
	eq "$(delve -C a/town campaign journal)" "$(delve -C b/town campaign journal)"
}
