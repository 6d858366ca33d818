#!/usr/bin/env bats
# -j: every program's records as JSON Lines (delving(7) JSON), checked with jq
# against the TSV records of the same run.
load helper

setup() {
	command -v jq > /dev/null || skip "jq is not installed: the JSON is checked with jq"
	cd "$BATS_TEST_TMPDIR"
}

# signature: each JSON line's member names, then a letter for each member's
# type: s a string, 9 a number, 0 null.
signature() {
	jq -r '(keys_unsorted | join(",")) + " " +
	    ([.[] | {"string": "s", "number": "9", "null": "0"}[type]] | join(""))' "$1"
}

# back_to_tsv: each JSON line as the TSV line it stands for (null is "-").
back_to_tsv() {
	jq -r '[.[] | if . == null then "-" else tostring end] | join("\t")' "$1"
}

# expect KINDS: each TSV line's signature as its kind has it.  KINDS is awk
# that sets names (the fields in order) and nums (those the page says are
# numbers) from the line's fields.
expect() {
	awk -F'\t' "{ $1 }"'
	{ n = split(names, k, ","); s = ""
	  for (i = 1; i <= n; i++)
		s = s ($i == "-" ? "0" : index("," nums ",", "," k[i] ",") ? "9" : "s")
	  print names " " s }' "$2"
}

# json_same PROG KINDS CMD: CMD run as it is and with @J as -j.  Other lines
# (other programs' records read back from JSON) are the same in both, in the same places; PROG's records (every line when
# PROG is empty) parse, have the names and types of their kind, and hold
# the same values as the TSV records.  (Untraced: a subshell without
# bats' DEBUG trap, which ran before each of its commands; the checks in
# it say what differed.)
json_same() (
	trap - DEBUG
	local prog=$1 kinds=$2 cmd=$3 s1=0 s2=0
	bash -c "${cmd//@J/}" > tsv 2>/dev/null || s1=$?
	bash -c "${cmd//@J/-j}" > json 2>/dev/null || s2=$?
	# -j spells the records it passes in JSON too: the other programs'
	# records are read back as TAB lines, to compare with the TSV run's
	[ -z "$prog" ] || { jq -rR --arg p "$prog" '. as $l | if startswith("{\"program\":")
	    then (fromjson | if .program == $p then $l else [.[] | if . == null then "-"
	    else tostring end] | join("\t") end) else $l end' json > json.tsv && mv json.tsv json; }
	eq "$s1" "$s2"
	own='$0 ~ "^" (p == "" ? "" : p "\t") || $0 ~ /^[{]/ { print "@"; next } { print }'
	eq "$(awk -v p="$prog" "$own" tsv)" "$(awk -v p="$prog" "$own" json)"
	if [ -n "$prog" ]; then
		grep "^$prog	" tsv > tsv.own || true
		grep '^{' json > json.own || true
	else
		cp tsv tsv.own; cp json json.own
	fi
	[ -s tsv.own ] || { echo "no $prog records: $cmd" >&2; return 1; }
	jq -e 'type == "object"' json.own > /dev/null
	eq "$(cat tsv.own)" "$(back_to_tsv json.own)"
	eq "$(expect "$kinds" tsv.own)" "$(signature json.own)"
)

HAZARD='names = "program,turn,roll,key,text"; nums = "turn,roll"
	if ($4 == "save") { names = "program,turn,roll,key,name,total,dc,result,text"; nums = "turn,roll,total,dc" }
	else if (NF == 6) { names = "program,turn,roll,key,alarm,text"; nums = "turn,roll,alarm" }'

@test "hazard -j: each kind of record, its names and numbers, the values of the TSV" {
	printf 'Brannoc con=2\nIlse con=-1\n' > party.txt
	json_same hazard "$HAZARD" 'hazard @J -s 7 -n 40 -p party.txt'
	grep -q '"key":"save","name":"Ilse"' json
	grep -q '"roll":null,"key":"skipped"' json
	json_same hazard "$HAZARD" 'hazard @J -r dungeonturn -s 7 -n 36'
	grep -q '"key":"tired"' json
	json_same hazard "$HAZARD" 'hazard @J -r alarm -s 3 -n 6 advance; hazard @J -r alarm stay'
	grep -q '"roll":null,"key":"quiet","alarm":1' json
	json_same hazard "$HAZARD" 'hazard @J -r delving -v -s 2 -n 30'
	json_same hazard "$HAZARD" 'hazard @J -r travel -a -u -s 2 -n 30'
}

@test "hazard -j takes no prepared records: the same dice as the TSV over a long run" {
	eq "$(hazard -s 11 -n 5000 | cut -f3,4 | md5sum)" \
	    "$(hazard -j -s 11 -n 5000 | jq -r '"\(.roll // "-")\t\(.key)"' | md5sum)"
}

@test "light -j: sources and the party's level, in filter mode and on its own" {
	kinds='names = "program,turn,name,kind,state,left,text"; nums = "turn,left"
	if ($3 == "party") names = "program,turn,name,kind,level,left,text"'
	json_same light "$kinds" 'hazard -s 5 -n 40 | light @J -l torch,lantern,candle -'
	grep -q '"name":"party","kind":null,"level":"dark","left":null' json
	json_same light "$kinds" 'light @J -r travel -D -l torch,lantern -n 3 tick'
	json_same light "$kinds" 'light @J -r alarm -s 1 -l torch,lantern -n 30 tick'
}

@test "timedice -j: clock, timer, duration, rest and resilience records" {
	kinds='names = "program,turn,day,time,key,name,text"; nums = "turn,day"
	if ($5 ~ /^[0-9]/) names = "program,turn,day,time,dice,quarter,text"
	else if ($5 == "duration" || $5 == "rest") { names = "program,turn,day,time,key,hours,text"; nums = "turn,day,hours" }'
	printf 'Ann con=1 resilience=10\n' > party.txt
	json_same timedice "$kinds" 'rm -f day.time; hazard -r travel -s 7 -n 14 | timedice @J -s 7 -f day.time -p party.txt -;
	    timedice @J -f day.time rest'
	grep -q '"key":"resilience","name":"Ann"' json
	grep -q '"key":"rest","hours":8' json
	json_same timedice "$kinds" 'rm -f day.time; timedice @J -f day.time timer torch 6turns;
	    timedice @J -f day.time -s 7 timer rot 2d6; timedice @J -f day.time -n 6 turn;
	    timedice @J -f day.time timers; timedice @J -f day.time cancel rot; timedice @J -s 7 -n 3 duration 3;
	    timedice @J -s 32 roll 2'
	grep -q '"key":"expired","name":"torch"' json
}

@test "reaction -j: disposition, morale, surprise and its summary, and the filter" {
	kinds='names = "program,index,roll,total,key,text"; nums = "index,roll,total"
	if ($3 == "-") { names = "program,index,roll,count,key,text"; nums = "index,roll,count" }'
	json_same reaction "$kinds" 'reaction @J -s 1 -n 4 -m -3 disposition'
	json_same reaction "$kinds" 'reaction @J -s 1 -a morale Orc:0 Ogre:2'
	json_same reaction "$kinds" 'reaction @J -s 1 -n 3 surprise Ash:2 Bryn:0; reaction @J -s 4 -n 3 surprise'
	grep -q '"roll":null,"count":' json
	json_same reaction "$kinds" 'hazard -s 7 -n 36 | reaction @J -s 7 -'
}

@test "reaction -j writes every record the long way; the TSV says its checks, dispositions and summaries again from those made once: the same records" {
	printf 'Ann wis=2 exhausted=1\nBo wis=-1 load=12 strength=10\nCy wis=0\nDee wis=3 exhausted=1 load=15 strength=8\n' > party.txt
	printf '| d6 | Who |\n|--|--|\n| 1-3 | 2d4 goblins |\n| 4-5 | a shade |\n| 6 | 1d3 ghouls |\n' > crypt.md
	hazard -s 3 -n 3000 | light -s 1 -l torch,lantern - > stream
	# the creatures met, each named in its own disposition
	hazard -s 4 -n 1000 -T encounter=crypt.md >> stream
	for r in exploration travel dungeonturn; do
		reaction -r $r -p party.txt -m 1 -s 5 - < stream > tsv.out
		reaction -r $r -j -p party.txt -m 1 -s 5 - < stream > json.out
		eq "$(cat tsv.out)" "$(to_tsv json.out)"
	done
	# -v shows each roll's dice: nothing said again
	reaction -v -p party.txt -s 5 - < stream > tsv.out
	reaction -v -j -p party.txt -s 5 - < stream > json.out
	eq "$(cat tsv.out)" "$(to_tsv json.out)"
	for r in "-v -r exploration" "-r exploration" "-r travel"; do
		reaction $r -s 5 -n 300 -p party.txt -L dark surprise > tsv.out || eq $? 1
		reaction $r -s 5 -n 300 -j -p party.txt -L dark surprise > json.out || eq $? 1
		eq "$(cat tsv.out)" "$(to_tsv json.out)"
	done
	# each character's 300 checks under 004 with their own modifier and
	# conditions, said again; the summaries too
	eq 300 "$(grep -c '	Ann .*: WIS [0-9]*+2 = [0-9]* against DC 12, at disadvantage (exhausted, 004' tsv.out)"
	eq 300 "$(grep -c '	Bo .*: WIS [0-9]*-1 = -*[0-9]* against DC 12, at disadvantage (2 load over STR 10, 004' tsv.out)"
	eq 300 "$(grep -c '	Cy .*: WIS [0-9]*+0 = [0-9]* against DC 12[ .]' tsv.out)"
	eq 300 "$(grep -c '	Dee .*: WIS [0-9]*+3 = [0-9]* against DC 12, at disadvantage (7 load over STR 8, 004: "forces disadvantage on all checks"; exhausted, 004' tsv.out)"
	eq 300 "$(grep -c '^reaction	[0-9]*	-	[0-4]	[a-z]*	[0-4] of 4 surprised' tsv.out)"
}

@test "chase -j: checks, the unnamed character, and paces with decimal rates" {
	kinds='names = "program,index,name,roll,mod,total,dc,key,text"; nums = "index,roll,mod,total,dc"
	if ($3 == "pace") { names = "program,index,kind,manner,rate,unit,distance,count,per,text"; nums = "index,rate,distance,count" }'
	json_same chase "$kinds" 'chase @J -s 1 -n 3 uneven Ann:2 Bob:-1; chase @J -s 2 -g -d flee open Ann:2 Bob:0; chase @J -s 3 long'
	grep -q '"name":null' json
	json_same chase "$kinds" 'chase @J -r exploration pace slow cautious dark; chase @J -r travel pace 300; chase @J -r exploration pace'
	grep -q '"rate":22.5,"unit":"yard","distance":null,"count":null' json
	grep -q '"distance":300,"count":30' json
}

@test "return -j: each character's roll, named or not" {
	kinds='names = "program,index,name,roll,mod,total,dc,key,cost,text"; nums = "index,roll,mod,total,dc,cost"'
	json_same return "$kinds" 'env return @J -s 970 -l 4 arduous Wren:6 Osric:5'
	json_same return "$kinds" 'env return @J -s 5 -r dungeonturn -k 30 dangerous Wren:1 Osric:0; env return @J -s 5 -c 25 arduous'
	grep -q '"name":null' json
}

@test "roll -j: bare totals as {\"total\":N}, -v, checks and tables" {
	kinds='names = "program,index,expression,roll,total,dc,result,text"; nums = "index,roll,total,dc"
	if (NF == 6) { names = "program,index,table,roll,key,text"; nums = "index,roll" }'
	json_same roll "$kinds" 'roll @J -s 1 -n 4 -c 12 d20+3 2d20kh1'
	json_same roll "$kinds" 'roll @J -s 1 -n 6 -t injury; roll @J -s 2 -v -t travel 2d20kh1'
	bare='names = NF == 1 ? "total" : "total,expression,faces"; nums = "total"'
	json_same "" "$bare" 'roll @J -s 1 -n 50 3d6'	# the fast lines without -j
	eq '{"total":' "$(head -c 9 json)"
	json_same "" "$bare" 'roll @J -s 1 -n 5 3d6 d4-3; roll @J -v -s 1 -n 3 4d6kh3 d%'
}

@test "roll -j is refused with -o and -t list, which write no rolls" {
	run -2 --separate-stderr roll -j -o 3d6
	one_error roll
	eq "roll: -j: -o writes odds, not records" "$stderr"
	run -2 --separate-stderr roll -j -t list
	one_error roll
	[ -z "$output" ]
}

@test "-j escapes quotes and backslashes, keeps UTF-8, and the text reads back" {
	printf '1-3 Encounter \342\200\224 the "thing" at C:\\door\n4-6 Nothing.\n' > t.table
	run -0 hazard -j -t t.table -s 1 -n 12
	printf '%s\n' "$output" | grep -qF '"key":"encounter","text":"Encounter — the \"thing\" at C:\\door"}'
	eq "$(hazard -t t.table -s 1 -n 12 | cut -f5)" "$(printf '%s\n' "$output" | jq -r .text)"
	json_same roll 'names = "program,index,table,roll,key,text"; nums = "index,roll"' 'roll @J -s 1 -n 9 -t t.table'
}

@test "-j: control characters as \\u00XX, bytes that are not UTF-8 as U+FFFD, - as null" {
	run -0 unit record json - $'a "b" \\c \xe2\x80\x94 d\te'
	eq '{"program":"unit","turn":1,"word":null,"text":"a \"b\" \\c — d e"}' "$output"
	run -0 unit record tsv - $'a "b" \\c \xe2\x80\x94 d\te'
	eq $'unit\t1\t-\ta "b" \\c \xe2\x80\x94 d e' "$output"
	run -0 unit record json $'x\x01y\x1f\x7f\xf0\x9f\x8e\xb2' t
	eq $'{"program":"unit","turn":1,"word":"x\\u0001y\\u001f\x7f\xf0\x9f\x8e\xb2","text":"t"}' "$output"
	eq $'x\x01y\x1f\x7f\xf0\x9f\x8e\xb2' "$(printf '%s\n' "$output" | jq -j .word)"
	# a lone byte, an overlong, a surrogate, a cut sequence, past U+10FFFF
	for bad in $'\xff' $'\xc0\xaf' $'\xed\xa0\x80' $'\xe2\x80' $'\xf4\x90\x80\x80'; do
		run -0 unit record json "a${bad}b" t
		n=$(printf '%s' "$bad" | wc -c)
		eq "a$(printf '\\ufffd%.0s' $(seq "$n"))b" "$(printf '%s\n' "$output" | sed 's/.*"word":"\([^"]*\)".*/\1/')"
		printf '%s\n' "$output" | jq -e . > /dev/null
	done
}

@test "-j is in every program's usage line and man page" {
	for p in $(programs_but delve); do
		case $(env $p -h) in "usage: $p [-"*j*) ;; *) echo "$p -h has no -j" >&2; false;; esac
		grep -q '^\.It Fl j$' "$TOP/man/$p.6" || { echo "$p.6 has no -j" >&2; false; }
		grep -q '^With$' "$TOP/man/$p.6"
		awk '/^\.Sh OUTPUT/,/^\.Sh ENV/' "$TOP/man/$p.6" | grep -q '^\.Fl j ,$' ||
		    { echo "$p.6 OUTPUT says nothing of -j" >&2; false; }
	done
}

# to_tsv FILE: every JSON suite record of FILE as its TAB line; other lines as they are.
to_tsv() {
	jq -rR '. as $l | if startswith("{\"program\":") then (fromjson |
	    [.[] | if . == null then "-" else tostring end] | join("\t")) else $l end' "$1"
}

@test "the layout table: every field name of every kind is in its program's man page OUTPUT, and the counts agree" {
	unit layouts > layouts
	[ "$(wc -l < layouts)" -ge 17 ]
	while read -r prog nf types names; do
		set -- $names
		eq "$#" "${#types}"
		[ "$prog" = roll ] && [ "$#" -lt 4 ] || eq "$nf" "$(($# + 1))"
		awk '/^\.Sh OUTPUT/ { p = 1; next } /^\.Sh/ { p = 0 } p' \
		    "$BATS_TEST_DIRNAME/../man/$prog.6" | tr 'A-Z' 'a-z' > output
		for n in $names; do
			grep -qw -- "$n" output || { echo "$prog: $n is not in $prog(6) OUTPUT"; false; }
		done
	done < layouts
}

@test "JSON through the pipeline: hazard -j | light | timedice | reaction burns, ticks and reacts as the TSV pipeline" {
	hazard -j -s 7 -n 36 | light -s 1 -l torch - | timedice -s 1 - | reaction -s 1 - > json.out
	hazard -s 7 -n 36 | light -s 1 -l torch - | timedice -s 1 - | reaction -s 1 - > tsv.out
	eq "$(cat tsv.out)" "$(to_tsv json.out)"
	grep -q '^{"program":"light".*"state":"out"' json.out	# a torch burned out, in JSON
	grep -q '^{"program":"reaction"' json.out
	grep -q '^{"program":"timedice"' json.out
	# and -j on the last stage gives the same JSON throughout, light's
	# turn-0 records (made before the first line) included
	hazard -s 7 -n 36 | light -s 1 -l torch - | timedice -s 1 - | reaction -j -s 1 - > last.out
	eq "$(cat last.out)" "$(cat json.out)"
}

@test "-j on a middle stage: every suite record from that stage on is JSON, foreign lines untouched" {
	{ printf '# a note\n{"total":5}\n'; hazard -s 7 -n 36; } |
	    light -j -s 1 -l torch - | timedice -s 1 - | reaction -s 1 - > out
	eq 0 "$(grep -Ec '^(hazard|light|timedice|reaction)	' out)"
	grep -qx '{"total":5}' out
	grep -qx '# a note' out
	[ "$(grep -c '^{"program":"hazard"' out)" -ge 36 ]
}

@test "mixed TSV and JSON input: each line read in its own spelling, the records the same" {
	hazard -s 3 -n 40 > tsv
	hazard -j -s 3 -n 40 > json
	paste -d '\n' <(sed -n 'p;n' tsv) <(sed -n 'n;p' json) | grep . > mixed
	light -s 1 -l torch,lantern - < tsv > a
	light -s 1 -l torch,lantern - < mixed > b
	eq "$(cat a)" "$(to_tsv b)"
	grep -q '^{"program":"light"' b && grep -q '^light	' b	# each after its own spelling
}

@test "JSON strings are unescaped: a key spelled with \\u escapes is the same word" {
	printf '%s\n' '{"program":"hazard","turn":4,"roll":1,"key":"enc\u006funter","text":"a \"b\" caf\u00e9 \ud83c\udfb2"}' > in
	run -0 --separate-stderr reaction -s 1 - < in
	eq 2 "${#lines[@]}"
	eq "$(cat in)" "${lines[0]}"
	[[ ${lines[1]} == '{"program":"reaction","index":4,'* ]]
	printf '%s\n' '{"program":"hazard","turn":4,"roll":1,"key":"x","text":"\ud800"}' > bad
	run -2 --separate-stderr reaction - < bad
	eq "" "$output"
	[[ $stderr == "reaction: stdin:1: bad hazard record: text: not text"* ]]
}

@test "bad JSON records exit 2 after the lines before: cut short, wrong names, wrong types, unknown program" {
	hazard -j -s 1 -n 2 > before
	for bad in '{"program":"hazard","turn":3,"roll":5' \
	    '{"program":"hazard","turn":3,"dice":5,"key":"sign","text":"x"}' \
	    '{"program":"hazard","turn":3,"roll":5,"key":"sign","text":"x","more":1}' \
	    '{"program":"hazard","turn":"3","roll":5,"key":"sign","text":"x"}' \
	    '{"program":"hazard","turn":3,"roll":5,"key":["sign"],"text":"x"}' \
	    '{"program":"hazard","turn":3,"roll":null,"key":"sign","text":null}' \
	    '{"program":"light","turn":3,"name":"t","kind":"torch","state":"lit","left":"5","text":"x"}' \
	    '{"program":"dragon","turn":3}' \
	    '{"program":"hazard","turn":3,"roll":5,"key":"sign","text":"x"} trailing'; do
		for p in "light -l torch" timedice "reaction -s 1"; do
			{ cat before; printf '%s\n' "$bad"; hazard -j -s 2 -n 1; } > in
			run -2 --separate-stderr $p - < in
			eq "$(cat before)" "$(grep '^{"program":"hazard"' <<< "$output")"
			one_error "${p%% *}"
			[[ $stderr == "${p%% *}: stdin:3: bad "* ]]
		done
	done
}

@test "any program spells any record: each kind through light -j - is what its own program writes with -j" {
	printf 'Ann con=1 wis=2 best=3\nBo con=0 wis=1 best=1\n' > party.txt
	for cmd in "chase -s 1 open Ann:2 Bo:1" "chase pace open 30" "chase pace" \
	    "return -s 1 -p party.txt arduous" "roll -s 1 -n 3 -c 12 d20+3" \
	    "roll -s 1 -n 3 -t injury" "hazard -s 3 -n 8 -p party.txt" \
	    "reaction -s 1 -n 3" "reaction -s 1 -p party.txt surprise" \
	    "timedice -s 1 -n 2 duration 3" "timedice -s 1 roll 2" "hazard -r alarm -s 1 -n 3 advance" \
	    "light -s 1 -l torch -n 8 tick"; do
		set -- $cmd
		prog=$1; shift
		env "$prog" "$@" > tsv || [ $? -eq 1 ]
		env "$prog" -j "$@" > json || [ $? -eq 1 ]
		grep -v "^$prog	" tsv && false	# every line a record of its program
		[ -s json ]
		light -j - < tsv > spelled	# light without sources makes no records
		eq "$(cat json)" "$(cat spelled)"
	done
	grep -q '"key":"some"\|"key":"all"\|"key":"none"' <(reaction -s 1 -j -p party.txt surprise)
}
