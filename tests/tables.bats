#!/usr/bin/env bats
# Table files (delving(7) TABLE FILES, issue 14): the forms rules documents
# print, read from the seeds' own text; dice inside entries; hazard -T and
# the 001/002 sign's creature; reaction -T.
load helper

T=$TOP/tests/tables

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# odds FILE: "RANGE KEY FRACTION" of each row, one line.
odds() { roll -o -t "$1" | cut -f2-4 | tr '\t' ' ' | paste -sd'|'; }

@test "the seeds' documents load whole: 000 and 001 hold one table each" {
	eq "1 encounter 1/6|2 sign 1/6|3 light 1/6|4 fatigue 1/6|5-6 nothing 1/3" "$(odds "$T/000-exploration.txt")"
	eq "1 encounter 1/6|2 fatigue 1/6|3 burn 1/6|4 dungeon 1/6|5 sign 1/6|6 free 1/6" "$(odds "$T/001-delving.txt")"
	# 001 says "D6" on the line above its rows: the die is d6, not 1dMAX
	eq "d6" "$(unit table "$T/001-delving.txt" | head -1 | cut -d' ' -f2)"
}

@test "002: several tables in one document; FILE#heading picks one, by its words or its slug" {
	run -2 --separate-stderr roll -t "$T/002-dungeonturn.md"
	eq "roll: $T/002-dungeonturn.md: several tables: pick one as FILE#HEADING: 'Dungeon Turn', 'Dungeon Hazard Die', 'Encounter Vibe Check'" "$stderr"
	eq "1 encounter 1/6|2 fatigue 1/6|3 signs 1/6|4 local 1/6|5 depletion 1/6|6 free 1/6" "$(odds "$T/002-dungeonturn.md#dungeon-hazard-die")"
	eq "2-3 hostile 1/12|4-5 unfriendly 7/36|6-8 uninterested 4/9|9-10 polite 7/36|11-12 friendly 1/12" "$(odds "$T/002-dungeonturn.md#Encounter Vibe Check")"
	run -2 --separate-stderr roll -t "$T/002-dungeonturn.md#treasure"
	eq "roll: $T/002-dungeonturn.md: no table under that heading: pick one as FILE#HEADING: 'Dungeon Turn', 'Dungeon Hazard Die', 'Encounter Vibe Check'" "$stderr"
}

@test "004: the injury and travel tables under their lines of prose, die lines 'd20 Effects'" {
	eq "1 false 1/20|2 feeble 1/20|3 shaky 1/20|4 weak 1/20|5 addled 1/20|6 confused 1/20|7 disfigured 1/20|8-13 lose 3/10|14-19 disadvantage 3/10|20 standing 1/20" "$(odds "$T/004-gameplay.txt#injury-table")"
	eq "1 terrible 1/20|2-10 something 9/20|11-19 threat 9/20|20 nothing 1/20" "$(odds "$T/004-gameplay.txt#Travel Turn Table")"
	run -2 --separate-stderr roll -t "$T/004-gameplay.txt"
	eq "roll: $T/004-gameplay.txt: several tables: pick one as FILE#HEADING: 'Injury Table', 'Travel Turn Table'" "$stderr"
}

@test "the seeds' tables as hazard -t: 000's document rolls as the built-in exploration die" {
	eq "$(hazard -s 3 -n 60 | cut -f1-4)" "$(hazard -t "$T/000-exploration.txt" -s 3 -n 60 | cut -f1-4)"
	eq "$(hazard -r dungeonturn -s 3 -n 60 | cut -f1-3)" "$(hazard -r dungeonturn -t "$T/002-dungeonturn.md#dungeon-hazard-die" -s 3 -n 60 | cut -f1-3)"
}

@test "percentile ranges 01-50, 51-00; numbered lists; a key column; key: WORD" {
	printf '| d%% | Treasure |\n|--|--|\n| 01-50 | 1d20 gp |\n| 51-95 | 2d6 x 10 gp |\n| 96-00 | a gem |\n' > pct.md
	eq "1-50 gp 1/2|51-95 gp 9/20|96-100 gem 1/20" "$(odds pct.md)"
	printf '01-60 quiet\n61-00 loud\n' > pct
	eq "1-60 quiet 3/5|61-100 loud 2/5" "$(odds pct)"
	printf 'Roll on this list:\n\n1. goblins\n2) giant rats\n3. The Ash Queen\n' > numbered
	eq "1 goblins 1/3|2 giant 1/3|3 ash 1/3" "$(odds numbered)"
	printf '| 2d6 | Key | Who |\n|---|---|---|\n| 2-6 | rats | Giant rats |\n| 7-12 | bats | A cloud of bats |\n' > keyed.md
	eq "2-6 rats 5/12|7-12 bats 7/12" "$(odds keyed.md)"
	run -0 roll -s 2 -n 1 -t keyed.md
	eq "10 on 2d6: A cloud of bats" "$(cut -f6 <<< "$output")"
	printf '1-3 key: orcs 1d4+1 orcs\n4-6 key: x9 nothing\n' > marker
	eq "1-3 orcs 1/2|4-6 x9 1/2" "$(odds marker)"
	run -0 roll -s 2 -n 4 -t marker
	eq "x9 x9 orcs orcs" "$(cut -f5 <<< "$output" | paste -sd' ')"
}

@test "keys: the first word that is not dice, a number or an article" {
	printf 'die: d6\n1 2d4 goblins\n2 1d4+1 ghouls\n3 3d6 skeletons\n4 The Ash Queen'"'"'s shade\n5 12 "Rats!"\n6 a\n' > k
	eq "1 goblins 1/6|2 ghouls 1/6|3 skeletons 1/6|4 ash 1/6|5 rats 1/6|6 a 1/6" "$(odds k)"
}

@test "d66: tens and units on two d6; ranges 11-23 skip 17-20; each total 1/36" {
	printf 'd66 Omens\n11-16 a crow\n21-36 rain\n41-56 key: fog thick fog\n61-66 nothing\n' > d66
	eq "11-16 crow 1/6|21-36 rain 1/3|41-56 fog 1/3|61-66 nothing 1/6" "$(odds d66)"
	run_file 0 roll -s 5 -n 36000 -t d66
	eq "11 12 13 14 15 16 21 22 23 24 25 26 31 32 33 34 35 36 41 42 43 44 45 46 51 52 53 54 55 56 61 62 63 64 65 66" \
	    "$(cut -f4 "$run_out" | sort -n | uniq | paste -sd' ')"
	# 35 degrees of freedom, p=0.001: 66.619
	below "$(cut -f4 "$run_out" | sort -n | uniq -c | chisq)" 66.619
	printf 'd66\n11-16 a\n21-66 b\n17 c\n' > bad66
	run -2 --separate-stderr roll -t bad66
	eq "roll: bad66:4: range the die cannot roll" "$stderr"
}

@test "a table with unequal ranges is fair: 100,000 rows at a fixed seed by chi-square" {
	printf 'die: 2d6\n2-4 low\n5-9 middle\n10 high\n11-12 top\n' > uneq
	# the expected counts of 2d6 over each range: 6, 24, 3, 3 thirty-sixths
	run_file 0 roll -s 2026 -n 100000 -t uneq
	x=$(cut -f5 "$run_out" | sort | uniq -c | awk '
	    BEGIN { p["low"] = 6; p["middle"] = 24; p["high"] = 3; p["top"] = 3 }
	    { s += ($1 - 100000 * p[$2] / 36) ^ 2 / (100000 * p[$2] / 36); n++ }
	    END { if (n != 4) print 999; else printf "%.3f\n", s }')
	below "$x" 16.266	# 3 degrees of freedom, p=0.001
	printf 'die: d20\n1 one\n2-19 many\n20 twenty\n' > d20
	run_file 0 hazard -t d20 -s 7 -n 100000
	x=$(awk -F'\t' '$3 != "-" { print $4 }' "$run_out" | sort | uniq -c | awk '
	    BEGIN { p["one"] = 1; p["many"] = 18; p["twenty"] = 1 }
	    { s += ($1 - 100000 * p[$2] / 20) ^ 2 / (100000 * p[$2] / 20); n++ }
	    END { if (n != 3) print 999; else printf "%.3f\n", s }')
	below "$x" 13.816	# 2 degrees of freedom, p=0.001
}

@test "dice inside entries: rolled after the row, in order, noted in roll's text and under -v" {
	printf 'die: d2\n1 2d4 goblins and 1d6 rats\n2 Roll 2d6 to see; \\1d8 is kept\n' > e
	run -0 roll -s 11 -n 6 -t e
	for i in 0 1 2 3 4 5; do
		set -- ${lines[i]}
		case $5 in
		goblins) [[ ${lines[i]} =~ $'\t1 on d2: '[2-8]' goblins and '[1-6]' rats (2d4, 1d6)'$ ]] ;;
		roll) [[ ${lines[i]} == *$'\t2 on d2: Roll 2d6 to see; 1d8 is kept' ]] ;;
		*) false ;;
		esac
	done
	# the row's die first, then each expression: -v shows the faces in that order
	run -0 roll -s 11 -n 6 -v -t e
	[[ $output =~ \[d2:\ 1\;\ 2d4:\ [1-4],[1-4]\;\ 1d6:\ [1-6]\] ]]
	# the same seed, the same draws: the goblins' count is the 2d4 faces' sum
	line=$(grep -m1 goblins <<< "$output")
	f=${line##*2d4: }
	eq "$(( ${f:0:1} + ${f:2:1} )) goblins" "$(cut -f6 <<< "$line" | cut -d' ' -f4,5)"
}

@test "dice inside entries are roll(6)'s grammar: 1d6+1d4, 2d6*10, 4d6dl1, d6!, 1d20 + 3 (fixed seed, every total in range)" {
	printf 'die: d3\n1 1d6+1d4 bandits\n2 A chest of 2d6*10 gp.\n3 4d6dl1 rats, d6! bats and 1d20 + 3 crows\n' > e
	run -0 --separate-stderr roll -s 5 -n 6 -v -t e
	eq "roll: seed 5" "$stderr"
	eq "roll	1	e	1	bandits	1 on d3: 6 bandits (1d6+1d4) [d3: 1; 1d6+1d4: 5 1]
roll	2	e	1	bandits	1 on d3: 6 bandits (1d6+1d4) [d3: 1; 1d6+1d4: 5 1]
roll	3	e	1	bandits	1 on d3: 9 bandits (1d6+1d4) [d3: 1; 1d6+1d4: 5 4]
roll	4	e	2	chest	2 on d3: A chest of 120 gp (2d6*10). [d3: 2; 2d6*10: 6,6]
roll	5	e	3	rats	3 on d3: 14 rats, 5 bats and 15 crows (4d6dl1, d6!, 1d20 + 3) [d3: 3; 4d6dl1: (2),3,6,5; d6!: 5; 1d20 + 3: 12]
roll	6	e	1	bandits	1 on d3: 7 bandits (1d6+1d4) [d3: 1; 1d6+1d4: 6 1]" "$output"
	# 3000 rows: each total within what its expression can roll, all reached
	run -0 roll -s 6 -n 3000 -t e
	awk -F'\t' '{ sub(/^[1-3] on d3: /, "", $6); split($6, w, " ") }
	    $5 == "bandits" { if (w[1] < 2 || w[1] > 10) bad++; b[w[1]] }
	    $5 == "chest" { if (w[4] < 20 || w[4] > 120 || w[4] % 10) bad++; c[w[4]] }
	    $5 == "rats" { if (w[1] < 3 || w[1] > 18 || w[3] < 1 || w[3] > 126 || w[6] < 4 || w[6] > 23) bad++; r[w[1]]; if (w[3] > 6) ex++ }
	    END { if (bad || length(b) != 9 || length(c) != 11 || length(r) != 16 || !ex) exit 1 }' <<< "$output"
	# an expression all in parentheses keeps them as text; one that goes on past them is whole
	printf '1 lose (1d6) INT, (2d6+3)*2 crows\n' > p
	run -0 roll -s 1 -t p
	eq "roll	1	p	1	lose	1 on d1: lose (1) INT, 20 crows (1d6, (2d6+3)*2)" "$output"
}

@test "roll -t injury: 004's 1d6 and 1d8 rolled in the sentence" {
	run -0 roll -s 7 -n 200 -t injury
	grep -q $'\taddled\t5 on d20: Addled: lose [1-6] INT (1d6).$' <<< "$output"
	grep -q $'\tstanding\t20 on d20: Standing: instantly heal [1-8] HP (1d8).$' <<< "$output"
	! grep -q 'lose 1d6' <<< "$output" || false
}

@test "bad table forms are refused with their line, exit 2" {
	check() { printf "$1" > t; run -2 --separate-stderr roll -t t; one_error roll; eq "roll: t$2" "$stderr"; }
	check '1 a\n3-6 b\n' ':2: no row for 2'
	check 'd66\n11-16 a\n21-67 b\n' ':3: range the die cannot roll'
	check '| d6 | r |\n|--|--|\n| 1-3 | a |\n| x | b |\n' ':4: x: expected a range N or N-M'
	check '1. a\n2. b\nthree. c\n4. d\n' ':3: three.: expected a range N or N-M'
	check 'just prose\n' ':1: expected a table row: RANGE TEXT, N. TEXT or | RANGE | TEXT |'
	check '01-50 a\n50-00 b\n' ':2: rows overlap at 50'
	check '1 2d6\n' ':1: the text has no key word (no word with a letter that is not dice)'
	check 'd20 Effects\n1 a\n2-19 b\n' ':3: no row for 20'
	check '# A\n\n1 a\n\n## B\n\n1 b\n' ": several tables: pick one as FILE#HEADING: 'A', 'B'"
}

@test "hazard -T encounter=FILE: the row after the die's record, TABLE and DICE fields, its dice rolled" {
	run -0 hazard -r dungeonturn -s 5 -n 14 -T "encounter=$T/crypt.md#encounters"
	# each encounter: the die, then the table's row, then 002's disposition
	awk -F'\t' '$4 == "encounter" { getline; if (NF != 7 || $5 != "encounter") exit 1; getline; if (NF != 5) exit 1 }' <<< "$output"
	grep -q $'\t3\tgoblins\tencounter\t2d4\t[2-8] goblins$' <<< "$output"
	# -j: the fields by name, ROLL and DICE null where nothing was rolled
	run -0 hazard -r dungeonturn -s 5 -n 14 -j -T "encounter=$T/crypt.md#encounters"
	grep -q '"key":"goblins","table":"encounter","dice":"2d4","text":"[2-8] goblins"}' <<< "$output"
	# the records before the table's first roll are those of a run without -T
	eq "$(hazard -r dungeonturn -s 5 -n 2)" "$(hazard -r dungeonturn -s 5 -n 2 -T "encounter=$T/crypt.md#encounters" | head -2)"
}

@test "hazard -T: -v, the other results, alarm; errors say how -T and -t differ" {
	run -0 hazard -r delving -s 3 -n 12 -v -T "encounter=$T/crypt.md#encounters"
	grep -q $'\tskeletons\tencounter\t3d6\tSigns of [0-9]* skeletons nearby: the party meets them at the next encounter. \[d8: 6; 3d6: [1-6],[1-6],[1-6]\]$' <<< "$output"
	printf '1 A cold wind.\n2 Drip, drip: 1d4 drops.\n' > shifts
	run -0 hazard -r delving -s 1 -n 30 -T shift=shifts
	awk -F'\t' '$4 == "shift" { getline; if ($5 != "shift") exit 1; n++ } END { exit !n }' <<< "$output"
	! grep -q 'Apparitions\|Sounds echo' <<< "$output" || false	# the built-in shifts are replaced
	run -0 hazard -r alarm -s 1 -n 10 -T "encounter=$T/crypt.md#encounters"
	eq 2 "$(awk -F'\t' 'NF == 7 && $5 == "encounter"' <<< "$output" | wc -l | tr -d ' ')"
	run -2 --separate-stderr hazard -T x=shifts
	eq "hazard: -T: 'x': not a result of the exploration die (encounter, sign, light, fatigue, nothing)" "$stderr"
	run -2 --separate-stderr hazard -T shifts
	eq "hazard: -T: 'shifts': expected KEY=FILE, a table rolled when the die says KEY, as encounter=crypt.md (-t FILE replaces the die's own table)" "$stderr"
	run -2 --separate-stderr hazard -T encounter=shifts -T encounter=shifts
	eq "hazard: -T: 'encounter': given twice" "$stderr"
	run -2 --separate-stderr hazard -T "encounter=$T/crypt.md"
	one_error hazard
	run -2 --separate-stderr hazard -r alarm -t shifts
	eq "hazard: -t: the alarm rules roll against the alarm, not a table (-T encounter=FILE rolls a table on each encounter)" "$stderr"
}

@test "001 sign: the creature rolled, kept in the state file, met at the next encounter, forgotten" {
	tab="$T/crypt.md#encounters"
	# pinned: seed 3 under 001 finds signs at turns 6-9 and meets the last at 10
	run -0 hazard -r delving -s 3 -n 10 -T "encounter=$tab"
	eq "hazard	6	6	skeletons	encounter	3d6	Signs of 10 skeletons nearby: the party meets them at the next encounter." "${lines[7]}"
	eq "hazard	10	1	encounter	Encounter: the party has an encounter; the GM determines its reaction, activity, distance and surprise." "${lines[14]}"
	eq "hazard	10	-	ash	encounter	-	The party meets what it found signs of: the Ash Queen's shade." "${lines[15]}"
	# one turn at a time through the state file: the same records
	rm -f st
	for i in $(seq 10); do hazard -f st -r delving -s 3 -T "encounter=$tab"; done > one
	eq "$output" "$(cat one)"
	# the creature waits in the state file, as text a person edits
	rm -f st
	hazard -f st -r delving -s 3 -n 6 -T "encounter=$tab" > /dev/null
	grep -qx 'sign-creature skeletons 10 skeletons' st
	grep -qx 'sign-pending yes' st
	sed -i 's/^sign-creature .*/sign-creature ogre the ogre Grumm/' st
	run -0 hazard -f st -r delving -s 3 -n 4 -T "encounter=$tab"
	grep -qx $'hazard\t10\t-\togre\tencounter\t-\tThe party meets what it found signs of: the ogre Grumm.' <<< "$output" ||
	    grep -q 'Signs of' <<< "$output"	# a later sign replaces it
	# met: forgotten
	! grep -q 'sign-creature' st || grep -q 'sign-pending yes' st
}

@test "001 sign without an encounter table: today's sentence; 002 signs keep a creature only with one" {
	run -0 hazard -r delving -s 3 -n 20
	! grep -q 'sign-creature\|Signs of' <<< "$output" || false
	grep -q 'The creature whose sign the party found is met.' <<< "$output"
	run -0 hazard -r dungeonturn -s 5 -n 8 -T "encounter=$T/crypt.md#encounters"
	eq "hazard	2	8	rats	encounter	-	Signs of a swarm of 1d6 rats nearby: the party meets them at the next encounter." "${lines[2]}"
	eq "hazard	3	-	rats	encounter	-	The party meets what it found signs of: a swarm of 1d6 rats." "${lines[4]}"
}

@test "reaction -T: the creature named, distance and activity after each disposition it rolls" {
	tab=$T/crypt.md
	run -0 bash -c "hazard -r delving -s 9 -n 24 -T encounter='$tab#encounters' | reaction -s 9 -T distance='$tab#distance' -T activity='$tab#activity' -"
	grep -qx $'reaction\t3\t6\t6\tuninterested\tThe creatures met (4 goblins) are uninterested: 2d6 6+0 = 6.' <<< "$output"
	grep -qx $'reaction\t3\t2\t2\tnear\tDistance of the creatures met (4 goblins): Near: [1-4] x 10 feet away (1d4).' <<< "$output"
	grep -q $'^reaction\t3\t[0-9]\t[0-9]\t[a-z]*\tActivity of the creatures met (4 goblins): ' <<< "$output"
	# the hazard lines pass unchanged
	eq "$(hazard -r delving -s 9 -n 24 -T encounter="$tab#encounters")" "$(grep '^hazard' <<< "$output")"
	run -0 reaction -s 1 -T "distance=$tab#distance"
	eq 2 "${#lines[@]}"
	run -2 --separate-stderr reaction -T "distance=$tab#distance" morale
	eq "reaction: -T: morale rolls no table (-T is for disposition and filter mode)" "$stderr"
}

@test "unit tables: each built-in table's rows in order from its die's least to its most; a total beyond counts as the first or last row; tbl_draw draws each row once" {
	run -0 --separate-stderr unit tables
	eq "8 0" "$output"
}
