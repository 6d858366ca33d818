#!/usr/bin/env bats
# light(6): light sources burning down through the turns, under each rules
# name, filter mode, the state file.
load helper

setup() {
	F=$BATS_TEST_TMPDIR/party.light
}

# hazard_lines KEY TURN...: one hazard record with KEY for each TURN.
hazard_lines() {
	local key=$1 t
	shift
	for t in "$@"; do
		printf 'hazard\t%s\t3\t%s\tA hazard result.\n' "$t" "$key"
	done
}

# records NAME: light's records for NAME, as "TURN STATE LEFT".
records() {
	printf '%s\n' "$output" | awk -F'\t' -v n="$1" '$1 == "light" && $3 == n { print $2, $5, $6 }'
}

# levels: the party records that change the level or its sentence, as
# "TURN LEVEL" (a quiet tick restates the level each turn: issue 16).
levels() {
	printf '%s\n' "$output" | awk -F'\t' '$1 == "light" && $3 == "party" && $5 $7 != last { print $2, $5; last = $5 $7 }'
}

# state KEY: the words after KEY in the state file $F
state() {
	awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print }' "$F"
}

# ---- usage, version, man page

@test "light: a wrong operand count: a line naming it, the usage line, exit 2 (the front end's errors: tests/frontend.bats)" {
	for args in "-p party" "add" "add torch a b" "tick 1 2" "status x" "wind x"; do
		run -2 --separate-stderr light $args
		[ -z "$output" ]
		usage_error light
	done
}

@test "light: mandoc -Tlint finds nothing in light.6" {
	command -v mandoc >/dev/null || skip "mandoc is not installed"
	run -0 mandoc -Tlint -Wwarning "$TOP/man/light.6"
	[ -z "$output" ]
}

@test "light: every EXAMPLES line of light.6 runs and exits 0" {
	cd "$BATS_TEST_TMPDIR"
	n=0
	while IFS= read -r line; do
		run -0 --separate-stderr bash -c "set -o pipefail; $line"
		[ -n "$output" ] || { echo "no output: $line"; false; }
		n=$((n + 1))
	done < <(man_examples light.6)
	[ "$n" -ge 5 ]
}

# ---- records

@test "light: a new party is in the dark; status prints the level record (7 fields)" {
	run -0 --separate-stderr light
	[ -z "$stderr" ]
	eq "light	0	party	-	dark	-	No light: effectively blind; setback on all rolls, movement halved; no reading, searching or spotting danger." "$output"
}

@test "light: every record has 7 fields, none empty, and the first two are light and a number" {
	run -0 bash -c "hazard -s 5 -n 40 | light -l torch,lantern,candle -; light -r delving -l torch,candle -n 60 tick;
	    light -r dungeonturn -D -l torch status; light -r alarm -s 1 -l torch,lantern -n 30 tick;
	    light -r travel -D -l torch,lantern -n 4 tick"
	printf '%s\n' "$output" | grep '^light' | awk -F'\t' '
	    NF != 7 { print "fields: " $0; bad = 1 }
	    { for (i = 1; i <= NF; i++) if ($i == "") { print "empty: " $0; bad = 1 } }
	    $2 !~ /^[0-9]+$/ { print "turn: " $0; bad = 1 }
	    $3 != "party" && $5 !~ /^(lit|dim|low|out)$/ { print "state: " $0; bad = 1 }
	    $6 !~ /^([0-9]+|-)$/ { print "left: " $0; bad = 1 }
	    END { exit bad }'
}

@test "light add: names torch1, torch2, ... by kind; a given name is kept; names are unique" {
	light -f "$F" add torch
	light -f "$F" add torch
	light -f "$F" add lantern lamp
	run -0 light -f "$F" add candle
	eq "light	0	candle1	candle	lit	6	candle1 is lit: 5 ft bright and 5 ft dim; 6 turns left." "$output"
	eq "torch1 torch lit 6 0
torch2 torch lit 6 0
lamp lantern lit 36 0
candle1 candle lit 6 0" "$(state source)"
	cp "$F" "$F.before"
	run -2 --separate-stderr light -f "$F" add torch lamp
	one_error light
	eq "light: add: 'lamp': a light source of that name is listed already" "$stderr"
	cmp "$F" "$F.before"
}

@test "light add: a name with a blank, 'party', a leading '-' or over 32 bytes is refused, exit 2" {
	for name in "a b" "a	b" party - -x "$(printf '%033d' 0)"; do
		run -2 --separate-stderr light add torch -- "$name"
		one_error light
		[ -z "$output" ]
	done
}

# ---- 000 exploration

@test "000: a torch lit before turn 1 is out in the records of turn 6, warned of in turn 5" {
	# 000: "Torch | 6 Turns (1 hour) | 30 ft bright, 30 ft dim"
	run -0 --separate-stderr light -l torch -n 6 tick
	eq "0 lit 6
5 low 1
6 out 0" "$(records torch1)"
	eq "0 bright
6 dark" "$(levels)"
	run -0 bash -c "$(declare -f hazard_lines); hazard_lines nothing 1 2 3 4 5 6 | light -l torch -"
	eq "0 lit 6
5 low 1
6 out 0" "$(records torch1)"
}

@test "000: a lantern burns 36 turns on a flask, a candle 6 turns" {
	# 000: "Lantern | 6 hours (1 flask of oil)"; "Candle | 1 hour"
	run -0 light -l lantern,candle -n 36 tick
	eq "0 lit 36
35 low 1
36 out 0" "$(records lantern1)"
	eq "0 lit 6
5 low 1
6 out 0" "$(records candle1)"
}

@test "000: light strikes the lit source with the fewest turns left; a torch sputters out" {
	# 000: "Light — a torch sputters out, or lantern oil runs low."
	run -0 bash -c "$(declare -f hazard_lines); { hazard_lines nothing 1; hazard_lines light 2; } | light -l lantern,torch -"
	eq "0 lit 6
2 out 0" "$(records torch1)"
	eq "0 lit 36" "$(records lantern1)"
	printf '%s\n' "$output" | grep -q "torch1 sputters out"
}

@test "000: a lantern's oil runs low (6 turns at most), then runs dry" {
	run -0 bash -c "$(declare -f hazard_lines); { hazard_lines nothing 1; hazard_lines light 2 3; } | light -l lantern -"
	eq "0 lit 36
2 low 6
3 out 0" "$(records lantern1)"
	eq "0 bright
3 dark" "$(levels)"
}

@test "000: a source lit this very turn flickers ominously instead of failing" {
	# 000: "If a torch just got lit, a result of 3 might mean it flickers ominously rather than dying."
	run -0 bash -c "$(declare -f hazard_lines); hazard_lines light 1 | light -l torch -"
	eq "0 lit 6
1 lit 5" "$(records torch1)"
	printf '%s\n' "$output" | grep -q "torch1 flickers ominously"
	# lit in a run before: the first turn after it is still "this very turn"
	light -f "$F" add torch
	run -0 bash -c "$(declare -f hazard_lines); hazard_lines light 1 2 | light -f '$F' -"
	eq "1 lit 5
2 out 0" "$(records torch1)"
}

@test "000: the hazard result light strikes nothing when nothing is lit" {
	run -0 bash -c "$(declare -f hazard_lines); hazard_lines light 1 | light -"
	eq "hazard	1	3	light	A hazard result." "$output"
}

@test "000: darkvision sees darkness as dim; -D is kept in the state file" {
	# 000: "Darkvision: See 30 ft in dim light as if bright, darkness as dim."
	run -0 light -f "$F" -D
	eq "0 dim" "$(levels)"
	eq "yes" "$(state darkvision)"
	run -0 light -f "$F" status
	eq "light	0	party	-	dim	-	No light, but darkvision: darkness is as dim light, with no color and no fine detail." "$output"
	run -0 light -f "$F" -l torch -n 6 tick
	eq "0 bright
6 dim" "$(levels)"
}

# ---- 000 bookkeeping

@test "bookkeeping: torch 6 turns, lantern one watch taken as 6 hours; no hazard result strikes" {
	# 000: "Track light (torch = 6 Turns, lantern = 1 Watch)"
	run -0 light -r bookkeeping -l torch,lantern -n 36 tick
	eq "0 lit 6
5 low 1
6 out 0" "$(records torch1)"
	eq "0 lit 36
35 low 1
36 out 0" "$(records lantern1)"
	run -0 bash -c "$(declare -f hazard_lines); hazard_lines light 1 2 3 | light -r bookkeeping -l torch -"
	eq "0 lit 6" "$(records torch1)"
}

# ---- 001 delving

@test "001: burn puts out all lit torches but no lantern or candle" {
	# 001: "BURN: Lit torches burn out."
	run -0 bash -c "$(declare -f hazard_lines); hazard_lines burn 1 | light -r delving -l torch,lantern,torch,candle -"
	eq "0 lit -
1 out 0" "$(records torch1)"
	eq "0 lit -
1 out 0" "$(records torch2)"
	eq "0 lit 48" "$(records lantern1)"
	eq "0 lit 48" "$(records candle1)"
	eq "0 bright
1 dim" "$(levels)"
}

@test "001: a torch has no fixed duration; candles and lanterns last 8 hours (48 turns)" {
	# 001: "They last for 8 hours"
	run -0 light -r delving -l torch,lantern,candle -n 1000 tick
	eq "0 lit -" "$(records torch1)"
	eq "0 lit 48
47 low 1
48 out 0" "$(records lantern1)"
	eq "0 lit 48
47 low 1
48 out 0" "$(records candle1)"
	[ -z "$(levels | sed 1d)" ]
}

@test "001: a new torch is lit from the embers of the last (relight); under 000 a spent torch is not" {
	# 001: "New torches can be lit from the embers of the previous ones."
	light -r delving -f "$F" add torch
	printf 'hazard\t1\t3\tburn\tBurn.\n' | light -f "$F" - >/dev/null
	eq "torch1 torch out 0 0" "$(state source)"
	run -0 light -f "$F" relight torch1
	eq "light	1	torch1	torch	lit	-	A new torch is lit from the embers of torch1: general shapes within 12 m, details within 3 m; no fixed duration: the hazard die's burn puts it out.
light	1	party	-	bright	-	Torchlight: general shapes within 12 m, details within 3 m; searching a room takes 1 turn." "$output"
	rm -f "$F"
	light -f "$F" -l torch -n 6 tick >/dev/null
	cp "$F" "$F.before"
	run -2 --separate-stderr light -f "$F" relight torch1
	one_error light
	cmp "$F" "$F.before"
}

@test "001: wind (running) blows the candles out, not the lanterns; a candle can be relit" {
	# 001: running: "Candles are blown out"; lanterns: "their case prevents them from being blown out"
	light -r delving -f "$F" -l candle,lantern status >/dev/null
	run -0 light -f "$F" wind
	eq "light	0	candle1	candle	out	48	candle1 is blown out and can be relit (48 turns left)." "$output"
	run -0 light -f "$F" relight candle1
	eq "0 lit 48" "$(records candle1)"
}

@test "001: darkness and the searching times by light level" {
	# 001: "In dim light like candlelight or lantern light, this takes two turns instead."
	run -0 light -r delving -l candle
	printf '%s\n' "$output" | grep -q "	dim	-	.*searching a room takes 2 turns"
	run -0 light -r delving
	printf '%s\n' "$output" | grep -q "	dark	-	Total darkness: -10 on checks involving movement or coordination"
}

# ---- 002 dungeonturn

@test "002: depletion dims every source, and a second one puts them out" {
	# 002: "Depletion. Light sources dim. Dim light sources go out."
	run -0 bash -c "$(declare -f hazard_lines); hazard_lines depletion 7 8 | light -r dungeonturn -l torch,lantern -"
	eq "0 lit -
7 dim -
8 out 0" "$(records torch1)"
	eq "0 lit -
7 dim -
8 out 0" "$(records lantern1)"
	eq "0 bright
7 dim
8 dark" "$(levels)"
}

@test "002: no source burns down with time alone" {
	run -0 light -r dungeonturn -l torch,candle -n 500 tick
	eq "0 lit -" "$(records torch1)"
	eq "0 lit -" "$(records candle1)"
}

@test "002: a source put out while dim comes back dim" {
	light -r dungeonturn -f "$F" -l torch status >/dev/null
	printf 'hazard\t1\t5\tdepletion\tDepletion.\n' | light -f "$F" - >/dev/null
	light -f "$F" out torch1 >/dev/null
	eq "torch1 torch out-dim - 0" "$(state source)"
	run -0 light -f "$F" relight torch1
	eq "1 dim -" "$(records torch1)"
}

@test "002: darkvision shows outlines of moving shapes; dim light is moonlight" {
	# 002: "Monochrome outlines of moving shapes in darkness. Dim light is moonlight."
	run -0 light -r dungeonturn -D
	eq "light	0	party	-	dark	-	Darkness: darkvision shows monochrome outlines of moving shapes; anything needing fine eyesight is difficult." "$output"
	run -0 bash -c "$(declare -f hazard_lines); hazard_lines depletion 1 | light -r dungeonturn -D -l torch -"
	printf '%s\n' "$output" | grep -q "	party	-	dim	-	Dim light, moonlight to darkvision"
}

# ---- 003 alarm

@test "003: each round rolls a usage die per lit source; 1-2 steps it d6, d4, out" {
	run -0 --separate-stderr light -r alarm -s 3 -v -l torch -n 40 tick
	eq "light: seed 3" "$stderr"
	printf '%s\n' "$output" | grep '^light' | awk -F'\t' '$3 == "torch1"' > "$BATS_TEST_TMPDIR/t"
	# lit at d6, a step to d4 (low), then out: each on a roll of 1 or 2
	eq "lit low out" "$(cut -f5 "$BATS_TEST_TMPDIR/t" | tr '\n' ' ' | sed 's/ $//')"
	# issue 16: the sentence says the roll and what it was against
	grep -q "torch1's usage die rolls [12] on d6, 1 or 2: it steps down to d4\.$" "$BATS_TEST_TMPDIR/t"
	grep -q "torch1's usage die rolls [12] on d4, 1 or 2: it runs out, and torch1 goes out\.$" "$BATS_TEST_TMPDIR/t"
}

@test "003: -e sets the usage die; a bad die is refused; -e is refused under other rules" {
	run -0 light -r alarm -e d20 -l torch
	printf '%s\n' "$output" | grep -q 'usage die d20'
	for die in d7 d100 2d6 d6+1 x 1d3 '(d8' 4dF 'd8!'; do
		run -2 --separate-stderr light -r alarm -e "$die"
		one_error light
	done
	eq "light: -e: 'd8!': expected a usage die: d4, d6, d8, d10, d12 or d20" "$stderr"
	# read by roll(6)'s grammar: spaces, parentheses and case as it takes them
	run -0 light -r alarm -e ' (1D8) ' -l torch
	printf '%s\n' "$output" | grep -q 'torch1 is lit: usage die d8\.$'
	run -2 --separate-stderr light -e d6
	one_error light
}

@test "003: the usage die steps on a 1 or 2 with the right odds (chi-square, 1 df, p=0.001)" {
	# 64 torches on a d20 each tick once: a step is 2 chances in 20
	kinds=$(printf 'torch,%.0s' $(seq 64)); kinds=${kinds%,}
	for s in $(seq 1 60); do
		light -r alarm -e d20 -s "$s" -v -l "$kinds" tick | grep -c 'steps down' || true
	done | awk '{ t += $1 } END { n = 64 * 60; e = n / 10; f = n - e
		printf "%.3f\n", (t - e) ^ 2 / e + ((n - t) - f) ^ 2 / f }' > "$BATS_TEST_TMPDIR/x"
	below "$(cat "$BATS_TEST_TMPDIR/x")" 10.828
	# and the faces that step are 1 and 2 alike
	for s in $(seq 1 60); do
		light -r alarm -e d20 -s "$s" -v -l "$kinds" tick
	done | sed -n 's/.*\[d20: \([0-9]*\)\].*/\1/p' | faces 1 2 | chisq > "$BATS_TEST_TMPDIR/y"
	below "$(cat "$BATS_TEST_TMPDIR/y")" 10.828
}

@test "003: the same seed gives the same output; N runs of tick with -f print what one run of -n N prints" {
	run -0 light -r alarm -s 11 -l torch,lantern,candle -n 12 tick
	one=$output
	run -0 light -r alarm -s 11 -l torch,lantern,candle -n 12 tick
	eq "$one" "$output"
	[ "$(printf '%s\n' "$one" | grep -c 'usage die')" -gt 5 ]
	light -r alarm -s 11 -f "$F" -l torch,lantern,candle status >/dev/null
	run -0 bash -c "for i in \$(seq 12); do light -f '$F' tick; done"
	eq "$(printf '%s\n' "$one" | grep -v '^light	0	')" "$output"
	eq 12 "$(state turn)"
}

# ---- 004 travel

@test "004: a torch lasts 1 travel turn, a lantern 3; tick is a travel turn of an hour" {
	# 004: "Torches last 1 hour, lanterns last 3. They cast 30' of dim light."
	run -0 light -r travel -l torch,lantern -n 4 tick
	eq "0 lit 6
1 out 0" "$(records torch1)"
	eq "0 lit 18
2 low 6
3 out 0" "$(records lantern1)"
	eq "0 dim
3 darkness" "$(levels)"
}

@test "004: in filter mode a travel turn (hazard -r travel) is an hour, six turns" {
	run -0 bash -c "hazard -r travel -s 4 -n 4 | light -r travel -l lantern -"
	eq "0 lit 18
2 low 6
3 out 0" "$(records lantern1)"
	# a dungeon turn under travel rules is ten minutes
	run -0 bash -c "$(declare -f hazard_lines); hazard_lines nothing \$(seq 18) | light -r travel -l lantern -"
	eq "0 lit 18
12 low 6
18 out 0" "$(records lantern1)"
}

@test "004: no candles; darkness and dim light with 004's lists; darksight" {
	run -2 --separate-stderr light -r travel add candle
	one_error light
	eq "light: add: 'candle': not a light source of the travel rules (torch, lantern)" "$stderr"
	run -0 light -r travel -l torch
	printf '%s\n' "$output" | grep -q "	dim	-	Dim light: advantage to stealth, hiding and listening; disadvantage to ranged attacks"
	run -0 light -r travel
	printf '%s\n' "$output" | grep -q "	darkness	-	Darkness: no creature can see; advantage to stealth"
	run -0 light -r travel -D
	printf '%s\n' "$output" | grep -q "	darkness	-	Darkness, seen with darksight: "
}

@test "light: -D is refused under the rules that give it no meaning" {
	for r in delving alarm; do
		run -2 --separate-stderr light -r "$r" -D
		one_error light
	done
}

# ---- commands

@test "light out: puts a source out keeping what it has left; out again takes it off the list" {
	light -f "$F" -l torch,lantern -n 2 tick >/dev/null
	run -0 light -f "$F" out torch1
	eq "light	2	torch1	torch	out	4	torch1 is put out and can be relit (4 turns left)." "$output"
	# issue 16: a quiet turn restates the level
	run -0 light -f "$F" -n 3 tick
	eq "3 4 5" "$(printf '%s\n' "$output" | awk -F'\t' '$3 == "party" && $5 == "bright" { print $2 }' | paste -sd' ')"
	eq 3 "$(printf '%s\n' "$output" | wc -l | tr -d ' ')"
	run -0 light -f "$F" relight torch1
	eq "5 lit 4" "$(records torch1)"
	light -f "$F" out torch1
	run -0 light -f "$F" out torch1
	eq "light	5	torch1	torch	out	4	torch1 is taken off the list." "$output"
	eq "lantern1 lantern lit 31 0" "$(state source)"
	run -2 --separate-stderr light -f "$F" out torch1
	one_error light
	eq "light: out: 'torch1': no such light source" "$stderr"
}

@test "light refill: a lantern burns at full again; a torch cannot be refilled" {
	light -f "$F" -l lantern,torch -n 30 tick >/dev/null
	run -0 light -f "$F" refill lantern1
	eq "light	30	lantern1	lantern	lit	36	lantern1 takes a fresh flask of oil and burns: 30 ft bright and 30 ft dim; 36 turns left." "$output"
	run -2 --separate-stderr light -f "$F" refill torch1
	eq "light: refill: 'torch1' is a torch: only a lantern is refilled" "$stderr"
	run -2 --separate-stderr light -f "$F" relight lantern1
	eq "light: relight: 'lantern1' is lit already" "$stderr"
}

@test "light status: every source, spent ones too, and the level" {
	light -f "$F" -l torch,lantern -n 7 tick >/dev/null
	light -f "$F" add candle >/dev/null
	light -f "$F" wind >/dev/null
	run -0 light -f "$F"
	eq "light	7	torch1	torch	out	0	torch1 is spent.
light	7	lantern1	lantern	lit	29	lantern1 burns: 30 ft bright and 30 ft dim; 29 turns left.
light	7	candle1	candle	out	6	candle1 is out and can be relit (6 turns left).
light	7	party	-	bright	-	Bright light: a torch or lantern lights 30 ft bright and 30 ft dim, a candle 5 ft and 5 ft; the party can read, search and spot danger." "$output"
}

@test "light tick: a negative, a non-number or too large a count is refused; tick 0 and -n 0 do nothing" {
	for t in -1 x 1.5 1000001 ""; do
		run -2 --separate-stderr light tick "$t"
		one_error light
	done
	run -0 light -l torch -n 0 tick
	eq "0 lit 6" "$(records torch1)"
	run -0 light -l torch tick 0
	eq "0 lit 6" "$(records torch1)"
	run -2 --separate-stderr light -n 2 status
	one_error light
	run -2 --separate-stderr light -n -1 tick
	one_error light
}

@test "light: an unknown kind or command is refused, exit 2" {
	run -2 --separate-stderr light add lamp
	one_error light
	eq "light: add: 'lamp': not a light source of the exploration rules (torch, lantern, candle)" "$stderr"
	run -2 --separate-stderr light -l torch,,lantern
	one_error light
	run -2 --separate-stderr light -l torch,lamp
	one_error light
	run -2 --separate-stderr light frob
	one_error light
	run -2 --separate-stderr light -r nonsense
	one_error light
}

@test "light: a long tick passes quickly once nothing burns" {
	run -0 timeout 5 light -f "$F" -l torch -n 1000000000000 tick
	[ "$(state turn)" = 1000000000000 ]
	run -2 --separate-stderr light -f "$F" -n 1000000000000000000 tick
	one_error light
}

@test "light: DELVING_RULES picks the rules; -r wins; the state file's rules stay" {
	run -0 env DELVING_RULES=travel light add torch
	eq "0 lit 6" "$(records torch1)"
	printf '%s\n' "$output" | grep -q '1 hour left'
	run -0 env DELVING_RULES=travel light -r delving add torch
	eq "0 lit -" "$(records torch1)"
	light -r dungeonturn -f "$F" >/dev/null
	run -0 env DELVING_RULES=travel light -f "$F" add torch
	eq "0 lit -" "$(records torch1)"
}

# ---- filter mode

@test "filter: every input line passes through unchanged and in order" {
	{
		hazard -s 9 -n 30
		printf 'not a record\n\n\tleading tab\nhazardous\t1\n'
		printf 'timedice\t31\t1\t07:00\t6,1\tmorning\tIt is 07:00.\n'
		printf 'light\t31\tx\ttorch\tlit\t5\tForeign light record.\n'
		printf 'no newline at the end'
	} > "$BATS_TEST_TMPDIR/in"
	light -l torch,lantern,candle - < "$BATS_TEST_TMPDIR/in" > "$BATS_TEST_TMPDIR/out"
	[ "$(grep -c '^light' "$BATS_TEST_TMPDIR/out")" -gt 5 ]
	# the output without light's own records is the input
	awk -F'\t' '!($1 == "light" && $7 !~ /^Foreign/)' "$BATS_TEST_TMPDIR/out" > "$BATS_TEST_TMPDIR/rest"
	printf '\n' >> "$BATS_TEST_TMPDIR/in"	# light ends every line it copies
	cmp "$BATS_TEST_TMPDIR/in" "$BATS_TEST_TMPDIR/rest"
}

@test "filter: cut -f1-4 of hazard's stream equals the output with light's records removed" {
	run -0 bash -c "hazard -s 21 -n 36 | cut -f1-4"
	want=$output
	run -0 bash -c "hazard -s 21 -n 36 | light -l torch,lantern - | grep -v '^light' | cut -f1-4"
	eq "$want" "$output"
}

@test "filter: light's records follow the line that caused them, with its turn" {
	run -0 bash -c "hazard -s 7 -n 36 | light -l torch,lantern -"
	printf '%s\n' "$output" | awk -F'\t' '
	    $1 == "hazard" { t = $2; seen = 1 }
	    $1 == "light" && seen && $2 != t { print "turn " $2 " after hazard turn " t; bad = 1 }
	    END { exit bad }'
	eq "36" "$(printf '%s\n' "$output" | grep -c '^hazard	[0-9]*	[0-9]')"
}

@test "filter: a bad suite record stops with exit 2 after the lines before it; the state file is unchanged" {
	light -f "$F" -l torch status >/dev/null
	cp "$F" "$F.before"
	printf 'hazard\t1\t3\tnothing\tx\nhazard\t2\t3\tlight\nhazard\t3\t3\tnothing\tx\n' > "$BATS_TEST_TMPDIR/in"
	run -2 --separate-stderr light -f "$F" - < "$BATS_TEST_TMPDIR/in"
	one_error light
	eq "hazard	1	3	nothing	x" "$output"
	cmp "$F" "$F.before"
}

@test "filter: with -f the turn count is the number of new turns read" {
	hazard -s 3 -n 10 | light -f "$F" -l torch - >/dev/null
	eq 10 "$(state turn)"
	hazard -s 3 -n 0 | light -f "$F" - >/dev/null
	eq 10 "$(state turn)"
}

@test "filter: '-' takes no other operand" {
	run -2 --separate-stderr light - x
	usage_error light
}

# ---- golden files: hazard piped into light, one per rules name

@test "golden: hazard | light under exploration (000)" {
	golden light-exploration.out bash -c 'hazard -s 7 -n 36 | light -l torch,lantern -'
}

@test "golden: hazard | light under bookkeeping (000)" {
	golden light-bookkeeping.out bash -c 'hazard -r bookkeeping -s 7 -n 40 | light -r bookkeeping -l torch,lantern,candle -'
}

@test "golden: hazard | light under delving (001)" {
	golden light-delving.out bash -c 'hazard -r delving -s 2 -n 24 | light -r delving -l torch,lantern,candle -'
}

@test "golden: hazard | light under dungeonturn (002)" {
	golden light-dungeonturn.out bash -c 'hazard -r dungeonturn -s 1 -n 12 | light -r dungeonturn -D -l torch,candle -'
}

@test "golden: hazard | light under alarm (003)" {
	golden light-alarm.out bash -c 'hazard -r alarm -s 3 -n 12 | light -r alarm -s 3 -v -l torch,lantern,candle -'
}

@test "golden: hazard | light under travel (004)" {
	golden light-travel.out bash -c 'hazard -r travel -s 4 -n 5 | light -r travel -D -l torch,lantern -'
}

# ---- the state file

@test "state: the file holds the turn, the rules, darkvision, the sources and the generator" {
	light -f "$F" -r delving -s 5 -l torch,candle -n 3 tick >/dev/null
	eq "delving" "$(state rules)"
	eq "3" "$(state turn)"
	eq "no" "$(state darkvision)"
	eq "torch1 torch lit - 0
candle1 candle lit 45 0" "$(state source)"
	eq "5" "$(state seed)"
	[ "$(state rng | wc -c)" -eq 65 ]
}

@test "state: without -f nothing is saved" {
	cd "$BATS_TEST_TMPDIR"
	light -l torch -n 3 tick >/dev/null
	[ -z "$(ls)" ]
}

@test "state: 20 concurrent ticks give turn 20" {
	light -f "$F" -l lantern status >/dev/null
	for i in $(seq 20); do light -f "$F" tick >/dev/null & done
	wait
	eq "20" "$(state turn)"
	eq "lantern1 lantern lit 16 0" "$(state source)"
	[ -z "$(ls "$BATS_TEST_TMPDIR" | grep tmp)" ]
}

@test "state: a hand-edited file with a bad line is refused, exit 2, left byte for byte" {
	light -f "$F" -l torch,lantern -n 2 tick >/dev/null
	cp "$F" "$BATS_TEST_TMPDIR/good"
	while IFS= read -r edit; do
		cp "$BATS_TEST_TMPDIR/good" "$F"
		sed -i "$edit" "$F"
		cp "$F" "$F.before"
		run -2 --separate-stderr light -f "$F" tick
		one_error light
		case $stderr in "light: $F:"[0-9]*": "*) ;; *) echo "$edit: $stderr"; false;; esac
		cmp "$F" "$F.before"
	done <<-'EOF'
	s/^turn 2/turn -1/
	s/^turn 2/turn two/
	s/^rules exploration/rules sunshine/
	s/^darkvision no/darkvision maybe/
	s/^source torch1 torch lit 4 0/source torch1 torch lit 4/
	s/^source torch1 torch lit 4 0/source torch1 lamp lit 4 0/
	s/^source torch1 torch lit 4 0/source torch1 torch glowing 4 0/
	s/^source torch1 torch lit 4 0/source torch1 torch lit x 0/
	s/^source torch1 torch lit 4 0/source torch1 torch lit 0 0/
	s/^source torch1 torch lit 4 0/source torch1 torch lit - 0/
	s/^source torch1 torch lit 4 0/source torch1 torch lit d6 0/
	s/^source torch1 torch lit 4 0/source torch1 torch dim 4 0/
	s/^source torch1 torch lit 4 0/source torch1 torch lit 4 9/
	s/^source torch1 torch lit 4 0/source party torch lit 4 0/
	s/^source lantern1 /source torch1 /
	s/^rng .*/rng 00zz/
	s/^seed .*/seed -4/
	s/^turn 2/turn 2 3/
	s/^turn 2/bogus 2/
	s/^rules exploration/rules travel/;s/^source torch1 torch/source torch1 candle/
	EOF
}

@test "state: a file kept under other rules is refused when -r cannot hold its sources" {
	light -f "$F" -l torch status >/dev/null
	cp "$F" "$F.before"
	run -2 --separate-stderr light -f "$F" -r delving tick
	one_error light
	cmp "$F" "$F.before"
}

@test "state: a symbolic link or a directory is refused" {
	ln -s "$BATS_TEST_TMPDIR/elsewhere" "$F"
	run -2 --separate-stderr light -f "$F" tick
	one_error light
	run -2 --separate-stderr light -f "$BATS_TEST_TMPDIR" tick
	one_error light
}

# ---- output errors

@test "light >/dev/full fails with status 3 and leaves the state file as it was" {
	run -3 --separate-stderr sh -c 'light -l torch >/dev/full'
	one_error light
	light -f "$F" -l torch status >/dev/null
	cp "$F" "$F.before"
	run -3 --separate-stderr sh -c "light -f '$F' -n 6 tick >/dev/full"
	one_error light
	cmp "$F" "$F.before"
	run -3 --separate-stderr sh -c 'hazard -n 5 | light - >/dev/full'
	one_error light
}

@test "light -u writes the same records" {
	run -0 bash -c "hazard -s 7 -n 20 | light -l torch -"
	want=$output
	run -0 bash -c "hazard -s 7 -n 20 | light -u -l torch -"
	eq "$want" "$output"
}

# ---- issue 16: each source said once, one fate a turn, a tick that says so, -l with a file

@test "light status with -l: each source is said once, as it is lit (issue 16)" {
	f=$BATS_TEST_TMPDIR/lights
	run -0 --separate-stderr light -r delving -f "$f" -l torch,candle status
	eq "light	0	torch1	torch	lit	-	torch1 is lit: general shapes within 12 m, details within 3 m; no fixed duration: the hazard die's burn puts it out.
light	0	candle1	candle	lit	48	candle1 is lit: general shapes within 6 m, details within 3 m; 48 turns left.
light	0	party	-	bright	-	Torchlight: general shapes within 12 m, details within 3 m; searching a room takes 1 turn." "$output"
}

@test "light: a lantern at its last turn struck by light runs dry without the warning in the same turn (issue 16)" {
	f=$BATS_TEST_TMPDIR/lights
	printf 'rules exploration\nturn 5\nsource lantern1 lantern lit 2 0\n' > "$f"
	run -0 sh -c "printf 'hazard\t6\t3\tlight\tLight: a torch sputters out.\n' | light -f '$f' -"
	eq "hazard	6	3	light	Light: a torch sputters out.
light	6	lantern1	lantern	out	0	The oil of lantern1 runs dry: it goes out.
light	6	party	-	dark	-	No light: effectively blind; setback on all rolls, movement halved; no reading, searching or spotting danger." "$output"
	# without a strike, the warning comes as before
	printf 'rules exploration\nturn 5\nsource lantern1 lantern lit 2 0\n' > "$f"
	run -0 sh -c "printf 'hazard\t6\t5\tnothing\tNothing happens.\n' | light -f '$f' -"
	eq "light	6	lantern1	lantern	low	1	lantern1 has its last turn of light left." "$(printf '%s\n' "$output" | grep '^light')"
}

@test "light tick: a turn that changes nothing restates the level; N runs print what -n N prints (issue 16)" {
	f=$BATS_TEST_TMPDIR/lights
	light -f "$f" -l lantern >/dev/null
	cp "$f" "$f.2"
	run -0 --separate-stderr light -f "$f" tick
	eq "light	1	party	-	bright	-	Bright light: a torch or lantern lights 30 ft bright and 30 ft dim, a candle 5 ft and 5 ft; the party can read, search and spot danger." "$output"
	run -0 light -f "$f" tick 3
	eq "2 3 4" "$(printf '%s\n' "$output" | cut -f2 | paste -sd' ')"
	run -0 light -f "$f.2" -n 4 tick
	eq "1 2 3 4" "$(printf '%s\n' "$output" | cut -f2 | paste -sd' ')"
	# the turn its last turn begins says that, and no level
	light -f "$f" -n 30 tick >/dev/null
	run -0 light -f "$f" tick
	eq "light	35	lantern1	lantern	low	1	lantern1 has its last turn of light left." "$output"
	# nothing burning: the dark was said when it fell; time passes quietly
	run -0 light tick
	eq "" "$output"
}

@test "light -l with a state file lights only the kinds the file lacks: a turn at a time never multiplies sources (issue 16)" {
	f=$BATS_TEST_TMPDIR/lights
	for i in 1 2 3 4; do hazard -s 3 -n 1 | light -f "$f" -l torch - >/dev/null; done
	eq "source torch1" "$(grep '^source' "$f" | cut -d' ' -f1-2)"
	# -l counts: two torches asked, one listed, one more lit
	run -0 light -f "$f" -l torch,torch,lantern status
	eq "torch2 lantern1" "$(printf '%s\n' "$output" | grep ' is lit: ' | cut -f3 | paste -sd' ')"
	eq 3 "$(grep -c '^source' "$f")"
	# a spent source is still listed: -l lights no new one in its place
	light -f "$f" out torch1 >/dev/null
	run -0 light -f "$f" -l torch,torch status
	! printf '%s\n' "$output" | grep -q ' is lit: ' || false
}

# ---- issue 16: light by hand

@test "light out: several names at once; out all puts out what burns; out spent clears the spent (issue 16)" {
	f=$BATS_TEST_TMPDIR/lights
	light -f "$f" -l torch,torch,lantern,candle >/dev/null
	run -0 light -f "$f" out torch1 candle1
	eq "torch1 out|candle1 out" "$(printf '%s\n' "$output" | grep -v party | awk -F'\t' '{ print $3, $5 }' | paste -sd'|')"
	run -0 light -f "$f" out all
	eq "torch2 lantern1" "$(printf '%s\n' "$output" | grep ' is put out' | cut -f3 | paste -sd' ')"
	eq "light	0	party	-	dark	-" "$(printf '%s\n' "$output" | tail -1 | cut -f1-6)"
	# nothing is spent yet: out spent says so and changes nothing
	cp "$f" "$f.before"
	run -0 light -f "$f" out spent
	eq "light	0	party	-	dark	-" "$(cut -f1-6 <<<"$output")"
	light -f "$f" relight torch1 >/dev/null
	light -f "$f" -n 6 tick >/dev/null
	run -0 light -f "$f" out spent
	eq "light	6	torch1	torch	out	0	torch1 is spent and taken off the list." "$(printf '%s\n' "$output" | head -1)"
	eq 3 "$(grep -c '^source' "$f")"
	run -2 --separate-stderr light -f "$f" out torch2 nonesuch
	one_error light
	eq "light: out: 'nonesuch': no such light source" "$stderr"
	eq 3 "$(grep -c '^source' "$f")"
}

@test "light hazard KEY: what the hazard die did, applied by hand (issue 16)" {
	f=$BATS_TEST_TMPDIR/lights
	# 001: "BURN: Lit torches burn out."
	light -r delving -f "$f" -l torch,lantern >/dev/null
	run -0 light -f "$f" hazard burn
	eq "light	0	torch1	torch	out	0	torch1 burns out; a new torch can be lit from its embers (relight torch1)." "$(printf '%s\n' "$output" | head -1)"
	# a key these rules do not strike lights with is refused
	run -2 --separate-stderr light -f "$f" hazard depletion
	one_error light
	eq "light: hazard: 'depletion': not a key that strikes lights under the delving rules (burn)" "$stderr"
	# 002: "Depletion. Light sources dim. Dim light sources go out."
	rm -f "$f"
	light -r dungeonturn -f "$f" -l torch >/dev/null
	run -0 light -f "$f" hazard depletion
	eq "torch1 dims: the next depletion puts it out." "$(printf '%s\n' "$output" | head -1 | cut -f7)"
	run -0 light -f "$f" hazard depletion
	eq "torch1 was dim and goes out." "$(printf '%s\n' "$output" | head -1 | cut -f7)"
	# 000: "Light — a torch sputters out, or lantern oil runs low."
	rm -f "$f"
	light -f "$f" -l lantern >/dev/null
	light -f "$f" -n 2 tick >/dev/null
	run -0 light -f "$f" hazard light
	eq "The oil of lantern1 runs low: one hour (6 turns) left." "$(printf '%s\n' "$output" | head -1 | cut -f7)"
}

# ---- issue 16: 004's four levels, daylight from the stream, 000's darkvision

@test "004: all four levels reachable: darkness, dim, well lit (two lanterns, or day), brilliant (day on snow) (issue 16)" {
	# 004: "There are four levels of light."  "Well Lit: Typical natural
	#  light outdoors, full lanterns indoors."  "Brilliant: Blindingly bright
	#  light, such as high sun reflected upon undisturbed snow."
	f=$BATS_TEST_TMPDIR/lights
	eq darkness "$(light -r travel status | cut -f5)"
	eq dim "$(light -r travel -l lantern status | tail -1 | cut -f5)"
	eq "light	0	party	-	well-lit	-	Well lit: full lanterns indoors, the default of most daytime circumstances; the GM rules if advantage or disadvantage apply." \
	    "$(light -r travel -l lantern,lantern status | tail -1)"
	run -0 light -r travel -f "$f" snow yes
	eq darkness "$(cut -f5 <<<"$output")"
	run -0 sh -c "printf 'timedice\t1\t1\t08:00\t6,2\tmorning\tIt is 08:00.\n' | light -f '$f' -"
	eq "light	1	party	-	brilliant	-	Brilliant light: the sun blinding on undisturbed snow; advantage to tracking, trails and seeing movement; disadvantage to stealth, hiding and long-range attacks." \
	    "$(printf '%s\n' "$output" | grep '^light')"
	run -0 light -f "$f" snow no
	eq well-lit "$(cut -f5 <<<"$output")"
	grep -qx 'daylight yes' "$f"
	run -2 --separate-stderr light -r delving snow yes
	one_error light
}

@test "004: under travel, light takes the hour from timedice's records: the road is lit by day, dark by night (issue 16)" {
	# 004: "Typical natural light outdoors ... This is considered the
	#  default in most daytime circumstances"
	run -0 sh -c 'hazard -r travel -s 7 -n 14 | timedice - | light -r travel -l torch -'
	eq "1 well-lit|12 darkness" "$(printf '%s\n' "$output" | awk -F'\t' '$1 == "light" && $3 == "party" && $2 > 0 { print $2, $5 }' | paste -sd'|')"
	eq "Daylight: the road is lit by day, well lit, typical natural light outdoors; the GM rules if advantage or disadvantage apply." \
	    "$(printf '%s\n' "$output" | awk -F'\t' '$1 == "light" && $5 == "well-lit" { print $7 }')"
	# after a timedice record saying 10:00, never "no creature can see"
	! printf '%s\n' "$output" | awk -F'\t' '$1 == "timedice" { t = $4 } $1 == "light" && $5 == "darkness" && t >= "08:00" && t < "19:00"' | grep -q . || false
	# rules without daylight pass clock records by
	run -1 sh -c 'hazard -s 7 -n 12 | timedice - | light -l torch - | grep -q "well-lit"'
}

@test "004: the first turn's level waits for the turn's clock record: day, never dark then day (issue 16)" {
	# 004: "Typical natural light outdoors ... the default in most daytime
	#  circumstances": the torch burns out at 08:00 and the road is lit by day.
	run -0 sh -c 'hazard -r travel -s 1 -n 3 | timedice - | light -r travel -l torch -'
	eq "hazard|light torch1 out|timedice 08:00|light party well-lit" \
	    "$(printf '%s\n' "$output" | awk -F'\t' '$2 == 1 { print $1 ($1 == "light" ? " " $3 " " $5 : $1 == "timedice" ? " " $4 : "") }' | paste -sd'|')"
	# without a clock in the stream the level closes the turn, as before
	run -0 sh -c 'hazard -r travel -s 1 -n 2 | light -r travel -l torch -'
	eq "hazard|light torch1|light party darkness|hazard" \
	    "$(printf '%s\n' "$output" | awk -F'\t' '$2 > 0 { print $1 ($1 == "light" ? " " $3 ($3 == "party" ? " " $5 : "") : "") }' | paste -sd'|')"
}

@test "000: darkvision sees dim light within 30 ft as bright (issue 16)" {
	# 000: "Darkvision: See 30 ft in dim light as if bright, darkness as dim."
	eq "light	0	party	-	bright	-	Bright light, and darkvision: a torch or lantern lights 30 ft bright and 30 ft dim, a candle 5 ft and 5 ft, and dim light within 30 ft is seen as bright; the party can read, search and spot danger." \
	    "$(light -D -l candle status | tail -1)"
	eq "dim" "$(light -D status | cut -f5)"
}

@test "sentences state their numbers: what a source put out or sputtering out had left, the usage roll against 1 or 2 (issue 16)" {
	# 000: "Light — a torch sputters out, or lantern oil runs low."
	f=$BATS_TEST_TMPDIR/s
	light -f "$f" -l torch -n 2 tick > /dev/null
	run -0 light -f "$f" hazard light
	eq "light	2	torch1	torch	out	0	torch1 sputters out with 4 turns unburnt: it is spent." "${lines[0]}"
	# 001: "Candles are blown out": what it keeps is said
	run -0 light -r delving -l candle wind
	eq "candle1 is blown out and can be relit (48 turns left)." "$(printf '%s\n' "$output" | awk -F'\t' '$5 == "out" { print $7 }')"
	# 003: the usage die's roll and what steps it down, without -v
	run -0 light -r alarm -s 3 -l torch -n 40 tick
	printf '%s\n' "$output" | grep -q "torch1's usage die rolls [12] on d6, 1 or 2: it steps down to d4\.$"
	! printf '%s\n' "$output" | grep -q '\[d' || false
}
