#!/usr/bin/env bats
# Tables where game masters keep them (delving(7) TABLE FILES, Other
# formats; issue 35): Obsidian Dice Roller tables, Foundry VTT RollTable
# JSON (a file, a folder of source files), CSV and TSV, weights, tables
# that roll tables, draws without replacement, roll -L and -o on each.
# Each format's tables are written from its own documentation, named at
# each test; a table in each format that means the same as one in
# delving's Markdown rolls the same, byte for byte, from the same seed.
load helper

T=$TOP/tests/tables

setup() {
	cd "$BATS_TEST_DIRNAME/tables"
}

# odds FILE: "RANGE KEY FRACTION" of each row, one line.
odds() { roll -o -t "$1" | cut -f2-4 | tr '\t' ' ' | paste -sd'|'; }
# rolls FILE ARGS: seeded rolls without the TABLE field (it names the file).
rolls() { local f=$1; shift; roll -t "$f" "$@" | cut -f1,2,4-; }
# bad FILE CONTENT WANT: FILE holding CONTENT is refused with WANT, exit 2.
bad() {
	printf "$2" > "$BATS_TEST_TMPDIR/$1"
	run -2 --separate-stderr roll -t "$BATS_TEST_TMPDIR/$1"
	one_error roll
	eq "roll: $BATS_TEST_TMPDIR/$1$3" "$stderr"
}
# repeats FILE: the groups of four lines of FILE in which a line repeats.
repeats() {
	paste -d' ' - - - - < "$1" | awk 'NF == 4 { split($0, k, " "); if (k[1] == k[2] || k[1] == k[3] || k[1] == k[4] || k[2] == k[3] || k[2] == k[4] || k[3] == k[4]) n++ } END { print n + 0 }'
}
# reset_undone KEY PROG LINE: in session s at turn 20, delve reset KEY
# takes LINE out of PROG's state, and undo puts it back.
reset_undone() {
	run -0 delve -C s -R reset "$1"
	eq "delve	20	$1	reset	-	The $1 table has every row back (delve reset)." "$output"
	! grep -q '^drawn' "s/state/$2" || false
	run -0 delve -C s undo
	eq "$3" "$(grep '^drawn' "s/state/$2")"
}

# The Dice Roller README (github.com/javalent/dice-roller, README.md,
# "Table Rollers", "Lookup Tables", "List Rollers").
@test "Obsidian: the README's lookup table: dice:1d% header, en dashes, ^block-id, rows that roll other tables" {
	eq "1-50 nothing 1/2|51-60 easyencounters 1/10|51-60>1-2 rats 1/20|51-60>3 goblin 1/40|51-60>4 goblin 1/40|61-100 hardencounters 2/5|61-100>1 ogre 2/15|61-100>2 troll 2/15|61-100>3 wights 2/15" "$(odds vault/Note.md)"
	eq "$(odds vault/Note.md)" "$(odds 'vault/Note.md#^encounter')"
	# \| in a cell is a pipe; "3,4" a list of totals
	run -0 roll -t 'vault/Encounters.md#^easy-encounters' -L
	eq "vault/Encounters.md#^easy-encounters	4	-	goblin	a goblin with a | in its name	-" "${lines[3]}"
	eq "1 ogre 1/3|2 troll 1/3|3 wights 1/3" "$(odds 'vault/Encounters.md#^hard-encounters')"
	# -v: the whole chain, each table rolled named with its die and faces
	run -0 roll -s 4 -n 40 -v -t vault/Note.md
	grep -q '61-100\|on d100: [0-9] wights (1d3) \[d100: [0-9]*; vault/Encounters.md#^hard-encounters d3: 3; 1d3: [1-3]\]$' <<< "$output"
	grep -q 'on d100: [0-9] rats (2d4) \[d100: [0-9]*; vault/Encounters.md#^easy-encounters d4: [12]; 2d4: [1-4],[1-4]\]$' <<< "$output"
}

@test "Obsidian: a header 'dice: XdY', bare or in backticks, is the die; 00 is 100 on a d100; a table with no die and a bullet list roll each row alike" {
	printf '| `dice: 2d6` | Result |\n|---|---|\n| 2-6 | low |\n| 7 | seven |\n| 8-12 | high |\n' > "$BATS_TEST_TMPDIR/h.md"
	eq "2-6 low 5/12|7 seven 1/6|8-12 high 5/12" "$(odds "$BATS_TEST_TMPDIR/h.md")"
	printf '| dice: 1d100 | R |\n|---|---|\n| 01—60 | a |\n| 61—00 | b |\n' > "$BATS_TEST_TMPDIR/p.md"
	eq "1-60 a 3/5|61-100 b 2/5" "$(odds "$BATS_TEST_TMPDIR/p.md")"
	# README, Table Rollers: "| Header |" over A, B, C
	printf 'Some prose.\n\n| Header |\n| ------ |\n| A      |\n| B      |\n| C      |\n\n^block-id\n' > "$BATS_TEST_TMPDIR/u.md"
	eq "1 a 1/3|2 b 1/3|3 c 1/3" "$(odds "$BATS_TEST_TMPDIR/u.md#^block-id")"
	# README, List Rollers
	printf -- '-   a\n-   b\n-   c\n-   d\n\n^block-id\n' > "$BATS_TEST_TMPDIR/l.md"
	eq "1 a 1/4|2 b 1/4|3 c 1/4|4 d 1/4" "$(odds "$BATS_TEST_TMPDIR/l.md")"
}

@test "Obsidian: the README's own 1d20 example leaves 12 without a row: refused, with its line" {
	bad readme.md '| dice: 1d20 | Heading  |\n| ---------- | -------- |\n| 1-2        | Option 1 |\n| 3-4        | Option 2 |\n| 5-10       | Option 3 |\n| 11         | Option 4 |\n| 13,14      | Option 5 |\n| 15-20      | Option 6 |\n' ':7: no row for 12'
	bad over.md '| dice: 1d6 | R |\n|--|--|\n| 1-4 | a |\n| 3,5-6 | b |\n' ':4: rows overlap at 3'
	bad short.md '| dice: 1d8 | R |\n|--|--|\n| 1-4 | a |\n| 5-6 | b |\n' ':4: no row for 7'
	bad beyond.md '| dice: 1d6 | R |\n|--|--|\n| 1-4 | a |\n| 5-7 | b |\n' ':4: range the die cannot roll'
}

# Foundry VTT API: RollTableData (formula, replacement, results),
# TableResultData (type, text, documentCollection, documentId, weight,
# range, drawn) https://foundryvtt.com/api/interfaces/foundry.types.TableResultData.html,
# CONST.TABLE_RESULT_TYPES (v11: 0 text, 1 document, 2 compendium; v13 on:
# "text", "document") and v13's name and description.
# The Dice Roller README (github.com/javalent/dice-roller, README.md):
# "Table Rollers" (`dice: Xd[[Note^block-id]]` returns X elements),
# "Multiple Headers" (`dice: [[Note^block-id]]|Header 2`, else the whole
# row), "Section Rollers", "Line Rollers" and "Tag Rollers".
@test "Obsidian: |Header rolls one column of a table of several, Xd[[Note^id]] rolls it X times; section, line and tag rollers refused, naming the form" {
	run -0 roll -L -t vault/Rollers.md
	eq "vault/Rollers.md	1	-	header	[[Headers^block-id|Header 2]]	vault/Headers.md#^block-id|Header 2" "${lines[1]}"
	eq "vault/Rollers.md	2	-	header	[[Headers^block-id|Header]], [[Headers^block-id|Header]]	vault/Headers.md#^block-id|Header, vault/Headers.md#^block-id|Header" "${lines[2]}"
	eq "D E F" "$(roll -L -t 'vault/Headers.md#^block-id|Header 2' | sed 1d | cut -f5 | paste -sd' ')"
	eq "A B C" "$(roll -L -t 'vault/Headers.md#|header' | sed 1d | cut -f5 | paste -sd' ')"
	eq "A; D|B; E|C; F" "$(roll -L -t 'vault/Headers.md#^block-id' | sed 1d | cut -f5 | paste -sd'|')"
	# 3d: three rolls of the table, each its own
	run -0 roll -s 5 -n 400 -t vault/Rollers.md
	awk -F'\t' '$4 == 4 { sub(/^4 on d4: /, "", $6); sub(/ \(1d3(, 1d3)*\)$/, "", $6); print $6 }' <<< "$output" > three
	[ "$(wc -l < three)" -gt 60 ]
	eq 0 "$(awk -F', ' 'NF != 3' three | wc -l)"
	eq 0 "$(tr ',' '\n' < three | sed 's/^ //' | grep -cvE '^(an ogre|a troll|[123] wights)$')"
	[ "$(awk -F', ' '$1 != $2' three | wc -l)" -gt 20 ]
	# delving's own spelling of the same: [[Note^id|Header]]
	cp vault/Headers.md "$BATS_TEST_TMPDIR"
	printf '1-2 [[Headers^block-id|Header 2]]\n' > "$BATS_TEST_TMPDIR/own.md"
	eq "D E F" "$(roll -L -t "$BATS_TEST_TMPDIR/own.md" | sed 1,3d | cut -f5 | paste -sd' ')"
	cp vault/Headers.md vault/Encounters.md "$BATS_TEST_TMPDIR"
	bad tag.md '1 `dice: #monsters|-`\n2 b\n' ':1: `dice: #monsters|-`: a tag roller (notes found by their tag through Obsidian'"'"'s Dataview): not read from a file'
	bad zero.md '1 `dice: 0d[[Headers^block-id]]`\n2 b\n' ':1: `dice: 0d[[...]]`: expected 1 to 100 rolls'
	bad many.md '1 `dice: 101d[[Headers^block-id]]`\n2 b\n' ':1: `dice: 101d[[...]]`: expected 1 to 100 rolls'
	bad sec.md '1 `dice: [[Headers]]|paragraph`\n2 b\n' ':1: [[Headers|paragraph]]: a section or line roller (a random block or line of a note): not read; delving rolls a table'"'"'s rows or a list'"'"'s items'
	bad line.md '1 `dice: [[Headers]]|line`\n2 b\n' ':1: [[Headers|line]]: a section or line roller (a random block or line of a note): not read; delving rolls a table'"'"'s rows or a list'"'"'s items'
	run -2 --separate-stderr roll -t 'vault/Headers.md#^block-id|Header 3'
	eq "roll: vault/Headers.md:6: |Header 3: no column of that header: pick one of 'Header', 'Header 2'" "$stderr"
	run -2 --separate-stderr roll -t 'vault/Encounters.md#^hard-encounters|Monster'
	eq "roll: vault/Encounters.md:12: |Monster: a column picked from a table with no header row" "$stderr"
	run -2 --separate-stderr roll -t 'monsters.json#|Monster'
	eq "roll: monsters.json: |Monster: a column is picked only from a Markdown pipe table" "$stderr"
}

@test "Foundry: an Export Data of v11 and one of v13, a folder of source files, CSV, TSV and Markdown roll the same, byte for byte" {
	want=$(rolls monsters.md -s 5 -n 40 -v 2>/dev/null)
	for f in monsters.json monsters-v13.json foundry-src monsters.csv monsters.tsv; do
		eq "$want" "$(rolls $f -s 5 -n 40 -v 2>/dev/null)"
		eq "$(odds monsters.md)" "$(odds $f)"
	done
	eq "1-2 goblins 1/3|3 ogre 1/6|4 potion 1/6|5-6 trap 1/3" "$(odds monsters.json)"
	# HTML made plain, [[/r 1d8]] rolled, @UUID[...]{Traps} its label
	run -0 roll -L -t monsters.json
	eq "monsters.json	die	d6	4 rows" "${lines[0]}"
	eq "monsters.json	1-2	-	goblins	2d4 goblins & a wolf	-" "${lines[1]}"
	eq "monsters.json	5-6	-	trap	A trap deals 1d8 damage, see Traps	-" "${lines[4]}"
}

@test "weights: 3x in Markdown, Foundry results without ranges, a CSV weight column: 1d the total; a row rolling a table the same in each" {
	eq "1-3 copper 3/5|4 gems 1/5|4>1 ruby 1/20|4>2-4 opal 3/20|5 gold 1/5" "$(odds 'loot.md#Loot')"
	eq "$(odds 'loot.md#Loot')" "$(odds 'loot.json#Loot')"
	eq "$(rolls 'loot.md#Loot' -s 3 -n 60)" "$(rolls 'loot.json#Loot' -s 3 -n 60)"
	eq "1-3 copper 3/5|4 gems 1/5|5 gold 1/5" "$(odds loot.csv)"
	run -0 roll -L -t loot.md#Loot
	eq "loot.md#Loot	4	1x	gems	[[#Gems]]	loot.md#Gems" "${lines[2]}"
	eq "loot.md#Gems	die	d4	2 rows" "${lines[4]}"
	bad w.md '3x a\n1x b\n2 c\n' ':3: 2-2: a range among rows with weights: give each row a range or a weight'
	bad w0.md '3x a\n0x b\n' ':2: weight 0: expected 1 to 1000000'
	bad wbig.md '1000001x a\n' ':1: weight 1000001: expected 1 to 1000000'
	bad wsum.md '1000000x a\n1x b\n' ':2: weights add up past 1000000'
	bad wdie.md 'die: 1d6\n3x a\n3x b\n' ':2: a die and weights: a weighted table'"'"'s die is 1d its total weight; give one or the other'
}

@test "nested: a table that does not exist, one that rolls itself, and nesting past 8 deep are refused with the row's line" {
	bad miss.md '1 a\n2 [[#Nowhere]]\n' ":2: [[#Nowhere]]: $BATS_TEST_TMPDIR/miss.md: no table under that heading: pick one as FILE#HEADING: the table at line 1"
	bad nofile.md '1 a\n2 [[Absent#x]]\n' ":2: [[Absent#x]]: no table file $BATS_TEST_TMPDIR/Absent or $BATS_TEST_TMPDIR/Absent.md"
	printf '## A\n1 a\n2 [[#B]]\n\n## B\n1 b\n2 [[#A]]\n' > "$BATS_TEST_TMPDIR/loop.md"
	run -2 --separate-stderr roll -t "$BATS_TEST_TMPDIR/loop.md#A"
	eq "roll: $BATS_TEST_TMPDIR/loop.md:7: [[#A]]: a table that rolls itself, through 2 tables" "$stderr"
	bad self.md '1 a\n2 [[self.md]]\n' ':2: [[self.md]]: a table that rolls itself, through 1 table'
	for i in 0 1 2 3 4 5 6 7 8 9; do printf '1 a\n2 [[d%d.md]]\n' $((i + 1)) > "$BATS_TEST_TMPDIR/d$i.md"; done
	printf '1 z\n2 y\n' > "$BATS_TEST_TMPDIR/d10.md"
	run -2 --separate-stderr roll -t "$BATS_TEST_TMPDIR/d0.md"
	eq "roll: $BATS_TEST_TMPDIR/d8.md:2: [[d9.md]]: tables nested more than 8 deep" "$stderr"
	run -0 roll -o -t "$BATS_TEST_TMPDIR/d2.md"
	eq "$BATS_TEST_TMPDIR/d10.md	2>2>2>2>2>2>2>2>2	y	1/512	0.0020" "${lines[${#lines[@]} - 1]}"
}

@test "Foundry: bad input says the byte offset: cut short, wrong types, overlaps, weights, HTML" {
	bad cut.json '{"name": "x", "results": [{"text": "a", "range": [1,' ': byte 52: not JSON: cut short'
	bad str.json '{"results": [{"text": "a\n' ': byte 22: not JSON: a string cut short or a bad escape'
	bad type.json '{"results": [{"type": 7, "text": "a", "range": [1, 1]}]}' ': byte 22: type: expected 0, 1, 2, "text", "document" or "pack"'
	bad range.json '{"results": [{"text": "a", "range": "1-2"}]}' ': byte 36: range: expected [low, high], two whole numbers'
	bad text.json '{"results": [{"text": 3, "range": [1, 1]}]}' ': byte 22: text: expected a string'
	bad results.json '{"results": {}}' ': byte 12: results: expected an array'
	bad notable.json '{"name": "x"}' ': byte 0: not a Foundry RollTable: expected an object with "results"'
	bad over.json '{"results": [{"text": "a", "range": [1, 2]}, {"text": "b", "range": [2, 3]}]}' ': byte 45: rows overlap at 2'
	bad gap.json '{"formula": "1d4", "results": [{"text": "a", "range": [1, 2]}, {"text": "b", "range": [4, 4]}]}' ': byte 63: no row for 3'
	bad formula.json '{"formula": "1d6!", "results": [{"text": "a", "range": [1, 6]}]}' ": byte 12: formula '1d6!': expected one dice term such as 2d6, d% or 4d6kh3, with +K or -K"
	bad w0.json '{"results": [{"text": "a", "weight": 0}]}' ': byte 37: weight 0: expected 1 to 1000000'
	bad ent.json '{"results": [{"text": "a &bogus; b", "range": [1, 1]}]}' ': byte 22: an HTML entity unknown or cut short (&amp; &lt; &gt; &quot; &#39; &#NNN; ...)'
	bad tag.json '{"results": [{"text": "a <p b", "range": [1, 1]}]}' ': byte 22: an HTML tag never closed'
	bad deep.json "$(printf '%.0s[' {1..70})" ': byte 64: not JSON: nested more than 64 deep'
	bad two.json '[{"name": "A", "results": []}, {"name": "B", "results": []}]' ": several tables: pick one as FILE#NAME: 'A', 'B'"
	# entities and tags that are HTML: decoded, dropped
	printf '{"results": [{"text": "<p>a&nbsp;&lt;b&gt; &#x2014; &quot;c&quot;&#39;s</p><br/>", "range": [1, 1]}]}' > "$BATS_TEST_TMPDIR/ok.json"
	run -0 roll -L -t "$BATS_TEST_TMPDIR/ok.json"
	eq "$BATS_TEST_TMPDIR/ok.json	1	-	b	a <b> — \"c\"'s	-" "${lines[1]}"
}

@test "Foundry folder: a result's gap, overlap or bad field is named by the result's own file, not the folder" {
	cp -r foundry-src "$BATS_TEST_TMPDIR/f"
	d=$BATS_TEST_TMPDIR/f
	sed -i 's/"range":\[4,4\]/"range":[4,5]/' "$d/r3.json"	# r4 is 5-6
	run -2 --separate-stderr roll -t "$d"
	one_error roll
	eq "roll: $d/r4.json: byte 0: rows overlap at 5" "$stderr"
	sed -i 's/"range":\[4,5\]/"range":[3,3]/' "$d/r3.json"	# r2 is 3: 4 left out
	sed -i 's/"range":\[3,3\]/"range":[2,2]/' "$d/r2.json"	# r1 is 1-2
	run -2 --separate-stderr roll -t "$d"
	eq "roll: $d/r2.json: byte 0: rows overlap at 2" "$stderr"
	cp foundry-src/r2.json foundry-src/r3.json "$d"
	sed -i 's/"range":\[5,6\]/"range":[6,6]/' "$d/r4.json"
	run -2 --separate-stderr roll -t "$d"
	eq "roll: $d/r4.json: byte 0: no row for 5" "$stderr"
	cp foundry-src/r4.json "$d"
	sed -i 's/"text":"Potion of Healing"/"text":7/' "$d/r3.json"
	run -2 --separate-stderr roll -t "$d"
	eq "roll: $d/r3.json: byte 28: text: expected a string" "$stderr"
	sed -i 's/"formula":"1d6"/"formula":"1d6!"/' "$d/Wandering_Monsters_tW.json"
	run -2 --separate-stderr roll -t "$d"
	eq "roll: $d/Wandering_Monsters_tW.json: byte 50: formula '1d6!': expected one dice term such as 2d6, d% or 4d6kh3, with +K or -K" "$stderr"
}

# RFC 4180, section 2: fields in double quotes may hold commas, line
# breaks and "" for a quote; CRLF ends a record.
@test "CSV and TSV: RFC 4180 quoting, a header with a die and a key column; an unclosed quote and a bad range refused with the line" {
	printf 'd6,Result,key\r\n1-2,"Goblins, 2d4 of them",goblin\r\n3,"A ""quiet""\r\nroom",room\r\n4-6,Nothing,\r\n' > "$BATS_TEST_TMPDIR/k.csv"
	run -0 roll -L -t "$BATS_TEST_TMPDIR/k.csv"
	eq "$BATS_TEST_TMPDIR/k.csv	3	-	room	A \"quiet\" room	-" "${lines[2]}"
	eq "$BATS_TEST_TMPDIR/k.csv	4-6	-	nothing	Nothing	-" "${lines[3]}"
	bad q.csv '1,a\n2,"open\n3,c\n' ':2: a quote opened here is never closed'
	bad q2.csv '1,"a"b\n' ':1: text after a quoted field'"'"'s closing quote'
	bad r.csv 'd6,x\n1-3,a\nfour,b\n' ':3: four: expected a range N or N-M, or a weight Nx'
	bad t.tsv '1\ta\n3\tb\n' ':2: no row for 2'
	run -2 --separate-stderr roll -t 'loot.csv#x'
	eq "roll: loot.csv#x: a CSV file holds one table" "$stderr"
}

@test "-e and replacement: false: COUNT different rows, no more than the table has" {
	run -0 roll -s 9 -e -n 4 -t monsters.json
	eq 4 "$(cut -f5 <<< "$output" | sort -u | wc -l)"
	for s in 1 2 3 4 5 6 7 8; do
		eq "opal ruby" "$(roll -s $s -e -n 2 -t 'loot.json#Gems' | cut -f5 | sort | paste -sd' ')"
	done
	printf '{"replacement": false, "results": [{"text": "a", "range": [1, 1]}, {"text": "b", "range": [2, 9]}]}' > "$BATS_TEST_TMPDIR/nr.json"
	eq "a b" "$(roll -s 1 -n 2 -t "$BATS_TEST_TMPDIR/nr.json" | cut -f5 | sort | paste -sd' ')"
	run -2 --separate-stderr roll -e -n 5 -t monsters.json
	eq "roll: -n: 5 draws without replacement from a table of 4 rows" "$stderr"
	run -2 --separate-stderr roll -e -o -t monsters.json
	one_error roll
	run -2 --separate-stderr roll -L -n 2 -t monsters.json
	one_error roll
	run -2 --separate-stderr roll -e d6
	eq "roll: -e: give it with -t TABLE|FILE" "$stderr"
	# a row left that the die all but never rolls (10 on 10d6: 1 in 6^10) is refused, not waited for
	printf 'die: 10d6\n10 rare\n11-60 common\n' > "$BATS_TEST_TMPDIR/rare.md"
	run -2 --separate-stderr roll -s 1 -e -n 2 -t "$BATS_TEST_TMPDIR/rare.md"
	eq "roll: -e: the rows not drawn yet are too unlikely: 1000000 rolls drew none" "$stderr"
}

@test "every program that takes a table takes every format: hazard -T and -t, reaction -T, delve new -T, delve batch -T" {
	cd "$BATS_TEST_TMPDIR"
	cp "$T/monsters.json" "$T/monsters.md" "$T/loot.json" .
	a=$(hazard -s 3 -n 40 -T encounter=monsters.md | cut -f1-8)
	eq "$a" "$(hazard -s 3 -n 40 -T encounter=monsters.json | cut -f1-8)"
	a=$(reaction -s 3 -n 10 -T activity=monsters.md | cut -f1-5)
	eq "$a" "$(reaction -s 3 -n 10 -T activity=monsters.json | cut -f1-5)"
	run -0 hazard -s 1 -n 5 -t 'loot.json#Loot'
	run -0 delve new -T encounter=monsters.json -s 1 s1
	run -0 delve batch -T encounter=loot.json#Loot -s wk -n 6 -o out 1
	run -2 --separate-stderr delve batch -T encounter=cut.json -s wk -n 6 -o o2 1
	printf '{"results": [' > cut.json
	run -2 --separate-stderr delve batch -T encounter=cut.json -s wk -n 6 -o o2 1
	eq "delve: cut.json: byte 13: not JSON: cut short" "$stderr"
}

@test "unit: json_parse reads back 3000 random documents as written and refuses every proper prefix; the cells of ranges, weights and HTML mean what they say" {
	run -0 unit json 35 3000
	[ "${output#* }" = 0 ] && [ "${output% *}" -gt 30000 ]
	run -0 unit tblcells
	eq "32 0" "$output"
}

@test "delve new -T: a CSV table, a Foundry folder and Obsidian tables that roll another note's (a column, 3d) kept in the session as read: its turns roll as hazard -T on the originals" {
	for f in monsters.csv foundry-src vault/Note.md vault/Rollers.md 'loot.json#Loot'; do
		d=$BATS_TEST_TMPDIR/s$RANDOM
		run -0 delve new -s ash -T "encounter=$f" "$d"
		[ -f "$d/state/table.encounter" ]
		pick=$(sed -n 's/^table encounter //p' "$d/session")
		copy=$d/state/table.encounter
		[ "$pick" = - ] || copy="$copy#$pick"
		eq "$(hazard -s 7 -n 300 -T "encounter=$f")" "$(hazard -s 7 -n 300 -T "encounter=$copy")"
	done
	eq "table encounter t0" "$(grep '^table' "$d/session")"
	# a Markdown or JSON file that rolls no other file is kept as it is
	d=$BATS_TEST_TMPDIR/plain
	run -0 delve new -s ash -T encounter=monsters.json "$d"
	cmp monsters.json "$d/state/table.encounter"
}

@test "without replacement in a session: hazard -T keeps the rows drawn in its state, N runs of one turn as one of N; delve reset puts them back, undo takes that back" {
	cd "$BATS_TEST_TMPDIR"
	printf 'die: 1d4 without replacement\n1 goblins\n2 rats\n3 bats\n4 ghouls\n' > nr.md
	for i in $(seq 30); do hazard -f h1 -s 2 -T encounter=nr.md; done > one
	hazard -f h2 -s 2 -n 30 -T encounter=nr.md > all
	cmp one all
	cmp h1 h2
	# every fourth draw from the table starts it afresh: four in a row differ
	hazard -s 5 -n 2000 -T encounter=nr.md | awk -F'\t' '$5 == "encounter" { print $4 }' > keys
	[ "$(wc -l < keys)" -ge 40 ]
	eq 0 "$(repeats keys)"
	run -0 delve new -s 3 -T encounter=nr.md s
	cmp nr.md s/state/table.encounter
	run -0 delve -C s -n 20
	eq "drawn encounter 4" "$(grep '^drawn' s/state/hazard)"
	reset_undone encounter hazard "drawn encounter 4"
	run -2 --separate-stderr delve -C s reset nothing
	eq "delve: reset: 'nothing': not a table of the session" "$stderr"
	# a state file's rows that are not the table's are refused
	printf 'drawn encounter 1-9\n' >> h2
	run -2 --separate-stderr hazard -f h2 -s 2 -T encounter=nr.md
	eq "hazard: h2: drawn encounter 1-9: expected rows 1 to 4 of its table, as 1-3,7, or none" "$stderr"
}

@test "without replacement: reaction -T draws as hazard -T does, in one run and in a session; delve reset puts its rows back in reaction's state, undo takes that back" {
	cd "$BATS_TEST_TMPDIR"
	printf 'die: 1d4 without replacement\n1 goblins\n2 rats\n3 bats\n4 ghouls\n' > nr.md
	# out of a session: every four draws in a run are the four rows
	reaction -s 5 -n 400 -T activity=nr.md | awk -F'\t' 'NR % 2 == 0 { print $5 }' > keys
	eq 400 "$(wc -l < keys)"
	eq 0 "$(repeats keys)"
	# N runs of one disposition as one run of N, the draws kept in the state file
	for i in $(seq 30); do reaction -f r1 -s 2 -T activity=nr.md; done | cut -f1,3- > one
	reaction -f r2 -s 2 -n 30 -T activity=nr.md | cut -f1,3- > all
	cmp one all
	cmp r1 r2
	eq "drawn activity 1,3" "$(grep '^drawn' r1)"
	run -0 delve new -s 3 -T activity=nr.md s
	run -0 delve -C s -n 20
	eq "drawn activity 3" "$(grep '^drawn' s/state/reaction)"
	reset_undone activity reaction "drawn activity 3"
	# a table drawn with replacement has no row to put back
	printf '1 a\n2 b\n' > wr.md
	run -0 delve new -s 3 -T distance=wr.md s2
	run -2 --separate-stderr delve -C s2 reset distance
	eq "delve: reset: distance: its table is drawn with replacement: no row to put back" "$stderr"
}

# Foundry VTT API: TableResultData's drawn ("Has this result already been
# drawn (without replacement)?"), RollTable#draw and #resetResults.
@test "Foundry's drawn: true: a result exported as drawn starts drawn where the table is drawn without replacement; reset puts it back" {
	cd "$BATS_TEST_TMPDIR"
	printf '{"replacement": false, "results": [{"text": "a", "range": [1, 1], "drawn": true}, {"text": "b", "range": [2, 2]}, {"text": "c", "range": [3, 3], "drawn": true}, {"text": "d", "range": [4, 4], "drawn": false}]}' > d.json
	for s in 1 2 3 4 5 6 7 8; do
		eq "b d" "$(roll -s $s -n 2 -t d.json | cut -f5 | sort | paste -sd' ')"
	done
	run -2 --separate-stderr roll -s 1 -n 3 -t d.json
	eq "roll: -n: 3 draws without replacement from a table of 4 rows, 2 of them drawn already (drawn: true)" "$stderr"
	# drawn with replacement: the flags mean nothing
	sed 's/"replacement": false/"replacement": true/' d.json > r.json
	eq "a b c d" "$(roll -s 1 -n 40 -t r.json | cut -f5 | sort -u | paste -sd' ')"
	eq "a b c d" "$(roll -s 1 -e -n 4 -t r.json | cut -f5 | sort | paste -sd' ')"
	# once every row is drawn (a and c from the file, d and b), every row is back (as Foundry's reset)
	eq "d b a c d b a d" "$(reaction -s 4 -n 8 -T activity=d.json | awk -F'\t' 'NR % 2 == 0 { print $5 }' | paste -sd' ')"
	# the state keeps what differs from the file's start: "none" once reset
	run -0 delve new -s 3 -T activity=d.json s
	run -0 delve -C s -R reset activity
	eq "delve	0	activity	reset	-	The activity table has every row back (delve reset)." "$output"
	eq "drawn activity none" "$(grep '^drawn' s/state/reaction)"
	run -0 delve -C s -n 20
	eq 1 "$(grep -c 'Activity of the creatures met: c' <<< "$output")"
	eq "drawn activity 3" "$(grep '^drawn' s/state/reaction)"
	bad dt.json '{"replacement": false, "results": [{"text": "a", "range": [1, 1], "drawn": "yes"}]}' ': byte 75: drawn: expected true or false'
}

@test "limits: 16 MiB a JSON or CSV file, 65536 rows a table, 1 MiB a Markdown file; 10,000 Foundry rows read whole" {
	cd "$BATS_TEST_TMPDIR"
	printf '{' > big.json && truncate -s 17M big.json
	run -2 --separate-stderr roll -t big.json
	eq "roll: big.json: larger than 16777216 bytes" "$stderr"
	awk 'BEGIN { for (i = 1; i <= 65537; i++) print "1x,r" i }' > rows.csv
	run -2 --separate-stderr roll -t rows.csv
	eq "roll: rows.csv:65537: more than 65536 rows" "$stderr"
	awk 'BEGIN { printf "{\"formula\": \"1d10000\", \"results\": ["; for (i = 1; i <= 10000; i++) printf "%s{\"text\": \"<p>row %d</p>\", \"range\": [%d, %d]}", (i > 1 ? "," : ""), i, i, i; print "]}" }' > ten.json
	run -0 roll -o -t ten.json
	eq 10000 "${#lines[@]}"
	eq "ten.json	7777	row	1/10000	0.0001" "${lines[7776]}"
	run -0 roll -s 1 -n 3 -e -t ten.json
	awk 'BEGIN { for (i = 1; i <= 120000; i++) print i " row" }' > big.md
	run -2 --separate-stderr roll -t big.md
	eq "roll: big.md: larger than 1 MiB: not a table file" "$stderr"
	# a table hazard rolls as its die: 256 rows at most
	run -2 --separate-stderr hazard -t rows.csv
	one_error hazard
	awk 'BEGIN { for (i = 1; i <= 257; i++) print "1x,r" i }' > die.csv
	run -2 --separate-stderr hazard -t die.csv
	eq "hazard: -t: die.csv: more than 256 rows for a hazard die" "$stderr"
}

@test "a folder with no Foundry RollTable in it (/) is refused with one line, exit 2 (the roll fuzzer's -t /: no table's results walked from a null array)" {
	run -2 --separate-stderr roll -t /
	eq "roll: /: no Foundry RollTable in it" "$stderr"
	eq "" "$output"
}
