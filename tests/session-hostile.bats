#!/usr/bin/env bats
# delve(6) under a failing disk, a hostile directory and hostile words
# (issue 39): a turn's words, edits and names the next turn would refuse,
# the log checked by every command that writes, I/O errors said as such
# (exit 3 only when nothing changed, 4 when the command was made), every
# file of a generation checked, planted names passed over.
load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return
	printf 'Ann con=1 hp=10\nBo con=0 hp=8\n' > p.txt
	printf 'Ann con=1 hp=10 resilience=2\nBo con=0 hp=8 resilience=1\n' > pr.txt
}

# session NAME [NEW-OPTIONS...]: a session of p.txt and three turns, g.0 to g.3.
session() {
	local d=$1
	shift
	delve new -s x -p p.txt "$@" "$d"
	delve -C "$d" > /dev/null
	delve -C "$d" > /dev/null
	delve -C "$d" > /dev/null
}

# refused_in DIR ARGS...: exit 2, one line, the session as it was.
refused_in() {
	local d=$1 before
	shift
	before=$(snap "$d")
	run -2 --separate-stderr delve -C "$d" "$@"
	one_error delve
	eq "" "$output"
	eq "$before" "$(snap "$d")"
}

# options_after NAME WORDS...: each option letter, a-z and A-Z, after the
# words given, with a path outside as its value: every run exit 2 with one
# line, the session as it was, nothing made outside.
options_after() {
	notrace
	local d=$1 before l st bad=0
	shift
	before=$(snap "$d")
	for l in {a..z} {A..Z}; do
		st=0
		delve -C "$d" "$@" "-$l" "$PWD/out" > /dev/null 2> err || st=$?
		if [ "$st" -ne 2 ] || [ "$(wc -l < err)" -ne 1 ] || [ -e out ]; then
			echo "$*: -$l: exit $st: $(cat err)" >&2
			bad=1
		fi
		rm -f out
	done
	[ "$before" = "$(snap "$d")" ] || { echo "$*: the session changed" >&2; bad=1; }
	retrace
	return "$bad"
}

@test "every option letter after every action and cadence, turn and hour: refused, the session unchanged, nothing written outside" {
	local w
	delve new -s x -p p.txt E
	for w in rest "turn" "turn rest" "hour" "hour 1" "hour 2 rest"; do
		# shellcheck disable=SC2086
		options_after E $w
	done
	delve new -s x -r alarm A
	for w in advance stay backtrack hide "hide 3" "hide pass" "hide pass 3" "hide fail"; do
		# shellcheck disable=SC2086
		options_after A $w
	done
	delve new -s x -r travel T
	for w in hourly daily weekly overland river lake sea "hour 1"; do
		# shellcheck disable=SC2086
		options_after T $w
	done
	# the words of an action, and nothing after them, are taken
	run -0 delve -C A hide pass 3
	run -0 delve -C E rest
	# a word past the action: said as such
	refused_in E rest rest
	eq "delve: rest: not a word of an action of the exploration rules (rest)" "$stderr"
	refused_in E rest -f "$PWD/evil"
	eq "delve: -f: an option after the action: delve's own options go before it, and the session gives the programs theirs" "$stderr"
	refused_in A hide fail 3
	[ ! -e evil ]
}

@test "a call and an affliction refuse the options that name a file, the party or the seed; a call's own options are taken" {
	local c
	session S
	for c in "reaction -f $PWD/evil" "reaction -af $PWD/evil" "chase -p $PWD/evil" "roll -s 9 d20" \
	    "return -p $PWD/evil dangerous" "infect Ann -f $PWD/evil venom 3turns" "cure Ann -s 9 venom"; do
		# shellcheck disable=SC2086
		refused_in S $c
	done
	[ ! -e evil ]
	run -0 delve -C S roll -v d20
	run delve -C S reaction -a morale Ann:1	# 1: the morale check failed
	[ "$status" -le 1 ]
	[[ $output == "turn 3  07:30  Ann "* ]]
}

@test "edit refuses what the next turn would: an emptied state file, another seed, no rng line, a character without resilience= where the others keep it" {
	local f
	delve new -s x -p pr.txt -r travel T
	printf '#!/bin/sh\n: > "$1"\n' > ed-empty
	printf '#!/bin/sh\nsed -i "s/^seed .*/seed 7/" "$1"\n' > ed-seed
	printf '#!/bin/sh\nsed -i "/^rng /d" "$1"\n' > ed-rng
	printf '#!/bin/sh\necho "Cy con=1 hp=5" >> "$1"\n' > ed-cy
	chmod +x ed-*
	export TMPDIR=$BATS_TEST_TMPDIR/tmp
	mkdir "$TMPDIR"
	for f in reaction hazard light timedice; do
		EDITOR=./ed-empty refused_in T edit "$f"
		[[ $stderr == *": seed none, the session's stream is seed "*": the next turn would restart it; your copy is kept: "* ]]
		rm "$TMPDIR"/*	# the refused copy: the next edit would go on from it
		EDITOR=./ed-seed refused_in T edit "$f"
		[[ $stderr == *": seed 7, the session's stream is seed "* ]]
		rm "$TMPDIR"/*
		EDITOR=./ed-rng refused_in T edit "$f"
		[[ $stderr == *": no rng line: the next turn would restart the stream of seed "* ]]
		rm "$TMPDIR"/*
	done
	EDITOR=./ed-cy refused_in T edit
	[[ $stderr == "delve: edit: timedice: "*":3: Cy has no resilience=; your copy is kept: "* ]]
	run -0 delve -C T	# the next turn runs
}

@test "one rule for names: join and edit refuse a comment, the unnamed roller's '-', a name with an invisible or bidirectional character, letters of Latin, Greek and Cyrillic mixed, a name twice; the reader too" {
	local n
	session S
	printf '#!/bin/sh\necho "$NAME con=1 hp=5" >> "$1"\n' > ed-add
	chmod +x ed-add
	export TMPDIR=$BATS_TEST_TMPDIR/tmp
	mkdir "$TMPDIR"
	# U+200B, U+202E, U+2066, U+00AD, U+FEFF (bytes: the tests run under LC_ALL=C)
	for n in '#Ann' - "$(printf 'Ann\342\200\213')" "$(printf 'A\342\200\256nn')" \
	    "$(printf '\342\201\246Cy')" "$(printf 'C\302\255y')" "$(printf '\357\273\277Cy')" Ann; do
		refused_in S join "$n" con=1 hp=3
		case $n in
		'#'*) eq "delve: join: '#Ann': a name starting with '#' is a comment in a party file" "$stderr" ;;
		-) eq "delve: join: '-': '-' is the unnamed roller of a program run without a party" "$stderr" ;;
		Ann) eq "delve: join: 'Ann': named twice" "$stderr" ;;
		*) [[ $stderr == "delve: join: U+"*" in a name: it prints as nothing or turns the text around it" ]] ;;
		esac
		[ "${n:0:1}" = '#' ] && continue	# a comment line: the party as it was
		NAME=$n EDITOR=./ed-add refused_in S edit
		rm -f "$TMPDIR"/*	# the refused copy: the next edit would go on from it
	done
	printf 'Ann con=1\nA\342\200\256nn con=0\n' > bidi.txt
	run -2 --separate-stderr delve new -s x -p bidi.txt N
	eq "delve: bidi.txt:2: U+202E in a name: it prints as nothing or turns the text around it" "$stderr"
	[ ! -e N ]
	# letters of scripts that print alike, mixed (TR39): a Cyrillic A
	# (U+0410) or a Greek omicron (U+03BF) in a Latin name; one script
	# alone, and Latin with its own accents, are names
	for n in "$(printf '\320\220nn')" "$(printf 'B\316\277b')" "$(printf '\320\220\320\275\320\275a-Ann')"; do
		refused_in S join "$n" con=1 hp=3
		eq "delve: join: '$n': Latin, Greek and Cyrillic letters print alike: a name's letters are of one of them" "$stderr"
		NAME=$n EDITOR=./ed-add refused_in S edit
		rm -f "$TMPDIR"/*
	done
	printf 'Ann con=1\n\320\220nn con=0\n' > mixed.txt
	run -2 --separate-stderr hazard -p mixed.txt -n 1
	eq "hazard: mixed.txt:2: '$(printf '\320\220nn')': Latin, Greek and Cyrillic letters print alike: a name's letters are of one of them" "$stderr"
	for n in "$(printf '\320\220\320\275\320\275\320\260')" "$(printf '\316\221\316\270\316\267\316\275\316\254')" "$(printf 'Zo\303\253')" "$(printf 'Bj\303\266rk-\316\251')"; do
		case $n in *-*) refused_in S join "$n" con=1 hp=3; continue ;; esac
		run -0 delve -C S join "$n" con=1 hp=3
	done
}

@test "set and join take the GM's own keys (delving(7) PARTY FILE); a bad one is refused" {
	printf 'Ann con=1 hp=10 notes=old # a comment\nBo con=0 hp=8\n' > n.txt
	delve new -s x -p n.txt S
	run -0 delve -C S set Ann notes=likes-cats hp=9
	eq "turn 0  07:00  Ann's notes is likes-cats.
               Ann's hp is 9 (was 10)." "$output"
	run -0 delve -C S join Cy con=1 hp=3 notes=quiet mood=grim
	eq "turn 0  07:00  Cy joins the party: con=1 hp=3 notes=quiet mood=grim." "$output"
	eq "Ann con=1 hp=9 notes=likes-cats # a comment
Bo con=0 hp=8
Cy con=1 hp=3 notes=quiet mood=grim" "$(cat S/state/party)"
	refused_in S set Bo notes=a notes=b
	eq "delve: set: Bo: notes= given twice" "$stderr"
	refused_in S set Bo Notes=a
	refused_in S set Bo 'notes=a b'
	refused_in S set Bo notes=
	run -0 delve -C S check
}

@test "damage and heal read DICE by roll(6)'s whole grammar, its bounds checked" {
	session S
	run -0 delve -C S damage Ann '1d6!'
	[[ $output == *"Ann takes "*" damage (1d6!): "* ]]
	run -0 delve -C S heal Ann '2d6r1+1d4'
	[[ $output == *"Ann heals "*" (2d6r1+1d4)"* ]]
	refused_in S damage Ann '1d6-7'
	eq "delve: damage: '1d6-7': dice that can roll below 0" "$stderr"
	refused_in S damage Ann '1000d1000!'
	eq "delve: damage: '1000d1000!': dice that can roll above 100000" "$stderr"
	refused_in S damage Ann '1d'
}

@test "batch: a seed too long or a -T key given twice exit 2 before anything is made" {
	printf '1 goblins\n2 orcs\n' > t.txt
	run -2 --separate-stderr delve batch -s "$(printf '%010000d' 0)" -n 2 -o O 2
	eq "delve: -s: a seed of 10000 bytes: at most 200, it names the files" "$stderr"
	[ ! -e O ]
	run -2 --separate-stderr delve batch -s x -T encounter=t.txt -T encounter=t.txt -n 2 -o O 2
	eq "delve: -T: encounter: given twice" "$stderr"
	[ ! -e O ]
	run -2 --separate-stderr delve new -s x -T encounter=t.txt -T encounter=t.txt N
	[ ! -e N ]
}

@test "planted names: a link at the next .new.PID, .tables.PID or batch temp name is passed over, never followed, never a failure" {
	session S
	seq 100 > victim
	cp victim v0
	# sh's $$ is delve's pid after exec
	run -0 sh -c 'ln -s ../victim "S/.new.$$" && exec delve -C S damage Ann 1'
	cmp victim v0
	[ -L "S/.new.$(ls -a S | sed -n 's/^\.new\.//p' | head -1)" ]
	run -0 delve -C S check
	# the next command: the planter's name is a dead process's, removed
	run -0 delve -C S
	eq "" "$(ls -a S | grep '^\.new\.')"
	printf '1 goblins\n2 orcs\n' > t.txt
	mkdir O
	run -0 sh -c 'ln -s ../victim "O/.tables.$$" && ln -s ../victim "O/.x-1.tsv.$$" &&
	    exec delve batch -s x -T encounter=t.txt -n 2 -o O 2'
	cmp victim v0
	[ -f O/x-1.tsv ] && [ -f O/x-2.tsv ]
	eq "" "$(ls -a O | grep -v '^\.\.*$' | grep -v '^x-[12].tsv$' | grep -v '^\.tables\.[0-9]*$' | grep -v '^\.x-1\.tsv\.[0-9]*$')"
}

@test "a log with a second name (a hard link) is refused like a symbolic link, by every command; the file untouched" {
	local c
	session S
	ln S/log outside
	cp outside o0
	for c in status log check "" undo "damage Ann 1"; do
		# shellcheck disable=SC2086
		refused_in S $c
		eq "delve: S/log: has 2 links: refusing a file with another name" "$stderr"
	done
	cmp outside o0
}

@test "a NUL byte in the committed log: refused by the commands that write as by log and check" {
	local c n
	session S
	n=$(stat -c %s S/log)
	printf '\0' | dd of=S/log bs=1 seek=10 conv=notrunc status=none
	run -2 --separate-stderr delve -C S log
	for c in "" undo "damage Ann 1" "edit" "light add torch" "roll d6"; do
		# shellcheck disable=SC2086
		EDITOR=true refused_in S $c
	done
	eq "$n" "$(stat -c %s S/log)"
}

@test "check sees every file of a generation: the delve file's own sum, records, the session file, a file not the suite's; the commands that write refuse them" {
	local t
	session A
	for t in "chmod u+w S/state/delve; echo '# x' >> S/state/delve" \
	    "chmod u+w S/state/records; echo x >> S/state/records" \
	    "rm S/state/records" "echo '# x' >> S/session" "echo x > S/state/evil"; do
		rm -rf S
		cp -a A S
		sh -c "$t"
		run -1 --separate-stderr delve -C S check
		case $t in
		*state/delve*) [[ $stderr == "delve: S/state/delve: changed since turn 3 (sum "*"): a generation's own file is delve's alone" ]] ;;
		*"rm "*) [[ $stderr == "delve: S/state/records: missing since turn 3 (sum "*")" ]] ;;
		*records*) [[ $stderr == "delve: S/state/records: changed since turn 3 (sum "*")" ]] ;;
		*session*) [[ $stderr == "delve: S/session: changed since turn 3 (sum "*"): the session file is delve new's alone" ]] ;;
		*evil*) eq "delve: S/state/evil: not a file of the session's: remove it" "$stderr" ;;
		esac
		refused_in S
		refused_in S damage Ann 1
		run -0 delve -C S status
	done
	# undo makes the older generation's records again, exactly: check is clean
	run -0 delve -C A undo
	run -0 delve -C A check
}

@test "undo says its sentence before it commits: >/dev/full leaves the session as it was, exit 3" {
	session S
	before=$(snap S)
	run -3 --separate-stderr sh -c 'delve -C S undo > /dev/full'
	eq "delve: stdout: No space left on device" "$stderr"
	eq "$before" "$(snap S)"
}

@test "a killed edit's copy: the next edit goes on from it; one of an older generation is removed, said" {
	session S
	export TMPDIR=$BATS_TEST_TMPDIR/tmp
	mkdir "$TMPDIR"
	printf '#!/bin/sh\nsed -i s/hp=10/hp=9/ "$1"\nkill -9 $PPID\n' > ed-kill
	chmod +x ed-kill
	run -137 sh -c 'EDITOR=./ed-kill exec delve -C S edit'
	eq 1 "$(ls "$TMPDIR" | wc -l)"
	[[ $(ls "$TMPDIR") == delve-party.*-*.g.3.?????? ]]
	EDITOR=true run -0 --separate-stderr delve -C S edit
	[[ $stderr == "delve: edit: $TMPDIR/delve-party."*": going on from the copy an edit that ended left" ]]
	eq "Ann con=1 hp=9" "$(head -1 S/state/party)"
	eq 0 "$(ls "$TMPDIR" | wc -l)"
	run -137 sh -c 'EDITOR=./ed-kill exec delve -C S edit'
	delve -C S > /dev/null
	EDITOR=true run -0 --separate-stderr delve -C S edit
	[[ $stderr == "delve: edit: $TMPDIR/delve-party."*".g.4."*": removed, left by an edit of g.4 (the session is at g.5)" ]]
	eq "party: no change" "$output"
	eq 0 "$(ls "$TMPDIR" | wc -l)"
}

# inject SYSCALL N ARGS...: delve -C S ARGS with EIO at its Nth SYSCALL
inject() {
	local c=$1 n=$2
	shift 2
	run --separate-stderr strace -qq -o /dev/null -e trace="$c" -e inject="$c":error=EIO:when="$n" delve -C S "$@"
}

# nth SYSCALL PATTERN ARGS...: the number of delve's first SYSCALL whose
# line matches PATTERN, in a run of delve -C W ARGS on a copy of S
nth() {
	local c=$1 pat=$2
	shift 2
	rm -rf W && cp -a S W
	strace -qq -o trace -e trace="$c" delve -C W "$@" > /dev/null 2>&1
	grep -n "$pat" trace | head -1 | cut -d: -f1
}

need_strace() {
	# LeakSanitizer cannot run under ptrace (make sanitize)
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
	command -v strace > /dev/null 2>&1 && return
	[ -z "${CI-}" ] || { echo "strace is missing: .ci/run installs it" >&2; return 1; }
	skip "strace is not installed"
}

@test "an I/O error is said as one, exit 3, the session as it was: never as a damaged session" {
	need_strace
	local n before
	session S
	before=$(snap S)
	n=$(nth newfstatat 'g.3/hazard' damage Ann 1)
	inject newfstatat "$n" damage Ann 1
	eq 3 "$status"
	eq "delve: S/g.3/hazard: Input/output error" "$stderr"
	eq "$before" "$(snap S)"
	n=$(nth getdents64 . damage Ann 1)
	inject getdents64 "$n" damage Ann 1
	eq 3 "$status"
	[[ $stderr == *": Input/output error" ]]
	eq "$before" "$(snap S)"
}

@test "an error after the commit: exit 4, one line saying the command was made; the next command completes the session" {
	need_strace
	local n
	session S
	n=$(grep -c . <(rm -rf W && cp -a S W && strace -qq -o /dev/stdout -e trace=fsync delve -C W damage Ann 1 2> /dev/null | grep '^fsync'))
	inject fsync "$n" damage Ann 1
	eq 4 "$status"
	[[ $stderr == "delve: "*"; the command was made, the next one completes the session" ]]
	eq "Ann con=1 hp=9" "$(head -1 S/state/party)"
	run -0 delve -C S check
	run -0 delve -C S
	run -0 delve -C S check
}

@test "fault injection: EIO at every file system call of delve in a turn, a GM command, undo and edit: old or new, byte for byte, exit 0, 3 or 4" {
	need_strace
	# a build of DELVING_BIN (make sanitize, memcheck) is linked
	# dynamically: the loader's and the runtime's own calls would be
	# injected (exit 127 before main); the plain build of make test is not
	[ -z "${DELVING_BIN-}" ] || skip "DELVING_BIN: the injections count the calls of the plain static build"
	run -0 sh "$TOP/tests/inject.sh" "$BATS_TEST_TMPDIR/inject"
	! grep '^BAD' <<< "$output" >&2 || false
	eq 4 "$(grep -c ', BAD 0$' <<< "$output")"
	echo "$output" >&2	# the counts, for the record
}
