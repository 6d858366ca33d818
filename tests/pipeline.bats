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
timedice	1	1	23:00	rest	8	The night's camp: a night of safe rest from 23:00 on day 1: 8 hours pass and resilience is restored.
timedice	1	2	07:00	6,1	morning	A day of travel passes, 24 hours. It is 07:00 on day 2, morning: the time dice show 6 and 1.
light	1	party	-	well-lit	-	Daylight: the road is lit by day, well lit, typical natural light outdoors; the GM rules if advantage or disadvantage apply." \
	    "$(printf '%s\n' "$output" | awk -F'\t' '$2 == 1 && $1 != "hazard"')"
	eq "07:00 on day 2|07:00 on day 3|07:00 on day 4" "$(printf '%s\n' "$output" | awk -F'\t' '$1 == "timedice" && $5 != "rest" { print $4 " on day " $3 }' | paste -sd'|')"
	# light first, timedice after: the same records
	eq "$(printf '%s\n' "$output" | grep -v '^light	.	party' | sort)" \
	    "$(hazard -r travel daily -n 3 -s 1 | light -r travel -l torch - | timedice - | grep -v '^light	.	party' | sort)"
	run -0 sh -c 'hazard -r travel sea -n 2 -s 1 | timedice - | light -r travel -l lantern -'
	eq "lantern1 burns out in the week's travel: it had 3 hours left.|The first night aboard: a night of safe rest from 23:00 on day 1: 8 hours pass and resilience is restored.|The second night aboard: a night of safe rest from 23:00 on day 2: 8 hours pass and resilience is restored.|The third night aboard: a night of safe rest from 23:00 on day 3: 8 hours pass and resilience is restored.|The fourth night aboard: a night of safe rest from 23:00 on day 4: 8 hours pass and resilience is restored.|The fifth night aboard: a night of safe rest from 23:00 on day 5: 8 hours pass and resilience is restored.|The sixth night aboard: a night of safe rest from 23:00 on day 6: 8 hours pass and resilience is restored.|The seventh night aboard: a night of safe rest from 23:00 on day 7: 8 hours pass and resilience is restored.|A week of travel passes, 7 days. It is 07:00 on day 8, morning: the time dice show 6 and 1." \
	    "$(printf '%s\n' "$output" | awk -F'\t' '($1 == "timedice" || $3 == "lantern1") && $2 == 1 { print $NF }' | paste -sd'|')"
	eq "A week of travel passes, 7 days. It is 07:00 on day 15, morning: the time dice show 6 and 1." "$(grep '^timedice	2	' <<<"$output" | tail -1 | cut -f7)"
	eq 7 "$(grep -c '^timedice	2	.*	rest	8	The .* night aboard' <<<"$output")"
	# the JSON spelling of the travel record does the same
	run -0 sh -c 'hazard -r travel daily -j -n 1 -s 1 | timedice - | light -r travel -l torch -'
	printf '%s\n' "$output" | grep -qF '"program":"hazard","turn":1,"roll":5,"key":"soon","cadence":"daily","text":"The day'"'"'s travel turn: '
	printf '%s\n' "$output" | grep -qF '"day":2,"time":"07:00","dice":"6,1","quarter":"morning","text":"A day of travel passes, 24 hours.'
	printf '%s\n' "$output" | grep -qF '"text":"torch1 burns out in the day'"'"'s travel: it had 1 hour left."'
}

@test "004: a day's travel turn holds its night: no resilience check across its march, and its camp restores resilience (issue 33)" {
	printf 'Ann con=0 resilience=10\n' > "$BATS_TEST_TMPDIR/party"
	run -1 sh -c "hazard -r travel daily -n 3 -s 1 | timedice -p '$BATS_TEST_TMPDIR/party' - | grep -c '	resilience	'"
	eq 0 "$output"
	# after the day, the hours count from the camp's end: 10 more hours pass with no check
	run -1 sh -c "(hazard -r travel daily -s 1; hazard -r travel -s 2 -n 10 | awk -F'\t' -v OFS='\t' '{ \$2 += 1; print }') | timedice -p '$BATS_TEST_TMPDIR/party' - | grep -c '	resilience	'"
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

# jsonl FILE...: every line of each FILE is one JSON object (jq reads each line on
# its own, so a TAB line, or two objects on one line, fails); its lines.
jsonl() {
	local n
	n=$(jq -R 'fromjson | objects | .program' "$@" | wc -l) || return 1
	eq "$(cat "$@" | wc -l)" "$n"
}

@test "the pipeline with -j at its head is JSON Lines at every stage, under every rules name (issue 26)" {
	local r s args
	for r in exploration bookkeeping delving dungeonturn alarm travel; do
		case $r in
		alarm) args="advance" ;;	# 003: the alarm's turn
		travel) args="daily" ;;	# 004: a day's travel turn each
		*) args= ;;
		esac
		DELVING_RULES=$r hazard -j -s 7 -n 36 $args > 1
		DELVING_RULES=$r light -s 1 -l torch,lantern - < 1 > 2
		DELVING_RULES=$r timedice -s 1 - < 2 > 3
		DELVING_RULES=$r reaction -s 1 - < 3 > 4
		jsonl 1 2 3 4 || { echo "$r: a stage is not JSON Lines" >&2; false; }
		# light's records of turn 0, made before the first line, lead
		eq '{"program":"light","turn":0,' "$(head -1 2 | cut -c1-28)"
		grep -q '^{"program":"timedice"' 4
		# 002's hazard rolls its own disposition, and the dark's surprise
		# is 000's and 001's (issue 27): reaction has nothing to add there
		grep -q '^{"program":"reaction"' 4 || [ "$r" = travel ] || [ "$r" = dungeonturn ]
	done
	# with no input the records made before it are TAB; -j makes them JSON
	eq light "$(light -l torch - < /dev/null | cut -f1 | sort -u)"
	light -j -l torch - < /dev/null > j
	jsonl j
	# a foreign first line: its spelling, a JSON object or not
	eq light "$(printf '# note\n' | light -l torch - | grep -v '^#' | cut -f1 | sort -u)"
	printf '{"total":5}\n' | light -l torch - > j
	jsonl j
}

# badnumbers: from the layout table (tests/unit layouts), each kind of
# record of the suite as a good TAB line and a good JSON line, then for each
# field the layout has as a number that line with the field "1q" (a digit
# first, so the kind is still told apart): "KIND|SPELLING|WANT|LINE", WANT
# the end of the error, "" for a good line.
badnumbers() {
	unit layouts | awk '
	function q(s) { return "\"" s "\"" }
	$4 != "turn" && $4 != "index" { next }	# roll'\''s bare lines
	{
		prog = $1; types = $3; n = NF - 3; all = " " $0 " "
		for (i = 1; i <= n; i++) {
			name[i] = $(i + 3); t = substr(types, i, 1)
			v[i] = t == "n" ? "1" : t == "t" ? "A sentence." : "w"
			if (name[i] == "cadence") v[i] = "hourly"
			if (prog == "light" && name[i] == "kind")
				v[i] = all ~ / level / ? "-" : "torch"
			if (name[i] == "dice") v[i] = "6,1"
			if (prog == "timedice" && name[i] == "key")
				v[i] = all ~ / hours / ? "rest" : "timer"
			if (prog == "reaction" && name[i] == "roll" && all ~ / count / && NF == 8)
				v[i] = "-"	# the surprise summary
		}
		kind = prog "#" NR	# its line in the table
		for (bad = 0; bad <= n; bad++) {
			if (bad > 0 && substr(types, bad, 1) != "n") continue
			tsv = prog; json = "{\"program\":" q(prog)
			for (i = 1; i <= n; i++) {
				x = i == bad ? "1q" : v[i]
				tsv = tsv "\t" x
				t = substr(types, i, 1)
				jx = i == bad ? q("1q") : x == "-" && t != "t" ? "null" : t == "n" ? x : q(x)
				json = json "," q(name[i]) ":" jx
			}
			want = bad == 0 ? "" : "bad " prog " record: " name[bad] " '\''1q'\'' is not a " (bad == 1 ? "whole number" : "number")
			print kind "|tsv|" want "|" tsv
			print kind "|json|" want "|" json "}"
		}
	}'
}

# bad_number_cases: the cases of the test below, untraced (about 1,000 runs
# of a filter: bats' trap before each command took half the time).
bad_number_cases() {
	local kind sp want line f st err cases=0 first=$'hazard\t1\t5\tnothing\tx' lines l passed theirs
	while IFS='|' read -r kind sp want line; do
		printf '%s\n%s\n' "$first" "$line" > in
		for f in light timedice reaction; do
			cases=$((cases + 1))
			# not through run: its subshells were most of the time of 1,440 cases
			st=0 err=
			"$f" -s 1 - < in > out 2> errs || st=$?
			IFS= read -r -d '' err < errs || :
			mapfile -t lines < out	# read in the shell: no grep a case
			if [ -z "$want" ]; then	# the good line: passed on as it came
				eq "exit 0, stderr ''" "exit $st, stderr '$err'"
				passed=0
				for l in "${lines[@]}"; do [ "$l" != "$line" ] || passed=1; done
				[ "$passed" = 1 ] ||
				    { echo "$f: $kind $sp: good line not passed: $line" >&2; false; }
				continue
			fi
			eq "exit 2: $f: stdin:2: $want" "exit $st: ${err%$'\n'}"
			theirs=
			for l in "${lines[@]}"; do	# all but the filter's own records
				[[ $l == "$f	"* ]] || theirs+=${theirs:+$'\n'}$l
			done
			eq "$first" "$theirs"
		done
	done < <(badnumbers)
	echo "# $cases cases" >&3
	[ "$cases" -gt 300 ]
}

@test "a bad number in any number field of any record, TAB or JSON, stops every filter: line and field named (issue 26)" {
	untraced bad_number_cases
	# the issue's own line
	run -2 --separate-stderr reaction - <<< $'hazard\t1\tq\tencounter\tx'
	eq "reaction: stdin:1: bad hazard record: roll 'q' is not a number" "$stderr"
	eq "" "$output"
}

# A filter's reader judges every line on its own, whatever it read
# before (common/recread.c keeps no memo of the records it has checked:
# issue 37): every line must be judged as it would be first.  The lines: one of each program, field count and
# key from the six rules' pipelines and the golden files, and a good line
# of every layout; tests/unit makes about 50 lines from each (another
# turn, a byte changed, cut, gone or added, another program) and reads
# each after a line of its tail and after a foreign line.
@test "a line whose tail the reader has seen is judged as on its own: every layout, records and errors alike" {
	local r t
	for r in exploration bookkeeping delving dungeonturn alarm travel; do
		t=$r; case $r in dungeonturn|travel) ;; *) t=dungeonturn ;; esac
		hazard -r "$r" -s 1 -n 80 | light -r "$r" -l torch,lantern - |
		    timedice -r "$t" - | reaction -r "${r/alarm/delving}" -
	done > streams
	cat "$BATS_TEST_DIRNAME"/golden/*.out >> streams
	badnumbers | awk -F'|' '$2 == "tsv" && $3 == "" { print $4 }' >> streams
	awk -F'\t' '!seen[$1 FS NF FS $4]++' streams > lines
	# the longest tail kept (248 bytes) and one past it, after the
	# longest program name
	local text
	printf -v text '%0228d' 0
	printf 'timedice\t1\t1\t08:00\t6,2\tmorning\t%s\n' "$text" "${text}1" >> lines
	run -0 --separate-stderr unit memo lines
	eq "" "$stderr"
	read -r cases differ <<< "$output"
	(( cases > 5000 ))
	eq 0 "$differ"
}

@test "no layout's fits reads the turn: a record's kind is its tail's, whatever its turn (unit turnless: each fits with a NULL turn over every mix of words)" {
	run -0 --separate-stderr unit turnless
	eq "" "$stderr"
	eq 106496 "$output"
}

@test "a record said again from a memo is the record written the long way: 400 kinds, sentences up to 2,000 bytes, many spanning a flush of the buffer" {
	cd "$BATS_TEST_TMPDIR"
	unit said 0 5000 400 > long 2> /dev/null
	unit said 1 5000 400 > said 2> again
	same long said
	eq 5000 "$(wc -l < said)"
	(( $(wc -c < said) > 5 * 65536 ))	# the buffer flushed many times
	# all but the first of each of the 400 kinds said again; a first that
	# spanned a flush was not kept, and its kind made once more
	read -r n _ < again
	(( n >= 4500 && n < 4600 ))
}
