#!/usr/bin/env bats
# The one front end (common/opt.c), the same in all seven programs: -h,
# --help, -V, --version, unknown options, missing values, options and
# operands in any order up to --, closed standard streams, numbers with
# leading white space, control bytes in an error.  One table, a row per
# program; each test runs every row.
load helper

PROGRAMS=$(programs_but delve)

# Columns: PROG | BEFORE | AFTER | NUMBER.  BEFORE and AFTER are the same
# run, options first and options after the operands (shell words, fixed
# seed); NUMBER an option that takes a count or a number, with an operand
# the program needs.
table() {
	cat <<'EOF'
hazard   | -s 1 -n 3 rest              | rest -n 3 -s 1             | -n
light    | -l torch -n 3 tick          | tick -n 3 -l torch         | -n
timedice | -s 1 -n 2 hour              | hour -n 2 -s 1             | -n
reaction | -s 1 -m 2 morale Ash:1      | morale -m 2 Ash:1 -s 1     | -n
chase    | -s 1 -d -n 2 open Ann:2     | open Ann:2 -d -s 1 -n2     | -n
return   | -s 1 -l 4 arduous Wren:6    | arduous -l 4 Wren:6 -s1    | -l
roll     | -s 1 -n 3 d20               | d20 -n 3 -s 1              | -n
EOF
}

# row PROG: set before, after, number from PROG's row.
row() {
	local line
	line=$(table | awk -F' *[|] *' -v p="$1" '$1 == p { print $2 "|" $3 "|" $4 }')
	[ -n "$line" ] || { echo "no row for $1" >&2; return 1; }
	IFS='|' read -r before after number <<< "$line"
}

# p PROG ARGS...: run PROG (return through env, past the builtin; the
# others as they are: an env started less a call, 230 in this file).
p() { if [ "$1" = return ]; then env "$@"; else "$@"; fi; }

@test "the table has a row for every program of the Makefile on the front end" {
	# delve is on the front end too, but its first operand is a command
	# whose words are its own (tests/delve.bats tests its front end)
	on=$(for prog in $(sed -n 's/^PROGS *= *//p' "$TOP/Makefile"); do
		[ "$prog" != delve ] && grep -q opt_parse "$TOP/cmd/$prog.c" &&
		    echo $prog; done | paste -sd' ' -)
	eq "$PROGRAMS" "$on"
	for prog in $PROGRAMS; do row $prog; done
}

@test "-h and --help: the SYNOPSIS, one line per option, See NAME(6); exit 0" {
	for prog in $PROGRAMS; do
		run -0 --separate-stderr p $prog -h
		[ -z "$stderr" ]
		eq "usage: $prog " "${lines[0]:0:$((${#prog} + 8))}"
		eq "See $prog(6)." "${lines[${#lines[@]} - 1]}"
		help=$output
		# every letter of the usage line has its line, and no other
		eq "$(printf '%s\n' "${lines[0]}" | grep -o '\[-[A-Za-z]*' | cut -c3- | fold -w1 |
		    sort -u | paste -sd' ' -)" \
		    "$(printf '%s\n' "$help" | sed -n 's/^  -\([A-Za-z]\) .*/\1/p' | sort -u | paste -sd' ' -)" ||
		    { eq "$prog" "letters"; }
		run -0 --separate-stderr p $prog --help
		eq "$help" "$output"
		[ -z "$stderr" ]
		run -0 --separate-stderr p $prog -vh
		eq "$help" "$output"
	done
}

@test "every option of the usage line in brackets is on -h; the options with a value name it" {
	for prog in $PROGRAMS; do
		syn=$(p $prog -h | head -1)
		for arg in $(p $prog -h | sed -n 's/^  -\([A-Za-z]\) \([^ ][^ ]*\) .*/-\1:\2/p'); do
			[[ $syn == *"[${arg%%:*} ${arg#*:}]"* ]] || { echo "$prog: $arg not in $syn" >&2; false; }
		done
	done
}

@test "the usage line is the man page SYNOPSIS, in every program" {
	for prog in $PROGRAMS; do
		syn=$(synopsis $prog.6) || skip "mandoc is not installed"
		eq "$syn" "$(p $prog -h | head -1 | sed 's/^usage: //; s/ | chase / chase /g')"
	done
}

@test "-V and --version: NAME (delving) VERSION; exit 0" {
	v=$(sed -n 's/^#define DELVING_VERSION "\(.*\)"$/\1/p' "$TOP/common/util.h")
	for prog in $PROGRAMS; do
		run -0 --separate-stderr p $prog -V
		eq "$prog (delving) $v" "$output"
		[ -z "$stderr" ]
		run -0 --separate-stderr p $prog --version
		eq "$prog (delving) $v" "$output"
	done
}

@test "-h, --help, -V, --version >/dev/full: exit 3, one error line" {
	for prog in $PROGRAMS; do
		for o in -h --help -V --version; do
			run -3 --separate-stderr sh -c "env $prog $o >/dev/full"
			one_error $prog
		done
	done
}

@test "an unknown option, one the program has no use for, a long option: named, then the usage line, exit 2" {
	for prog in $PROGRAMS; do
		for o in -Z --seed --bogus -Z5; do
			run -2 --separate-stderr p $prog $o
			usage_error $prog
			eq "$prog: ${o%5}: unknown option" "${stderr_lines[0]}"
			[ -z "$output" ]
		done
		run -2 --separate-stderr p $prog -vZ
		eq "$prog: -Z: unknown option" "${stderr_lines[0]}"
	done
	# an option of another program
	run -2 --separate-stderr roll -r alarm d6
	eq "roll: -r: unknown option" "${stderr_lines[0]}"
	run -2 --separate-stderr roll -a d20
	eq "roll: -a: unknown option" "${stderr_lines[0]}"
}

@test "a shared option a program has no use for: named, then the usage line, exit 2" {
	# PROG and the shared options of delving(7) it refuses (hazard: none)
	local seen=
	while read -r prog refused; do
		seen="$seen $prog"
		takes=$(p $prog -h < /dev/null | sed -n 's/^  -\([adfjnprstuv]\) .*/\1/p' |
		    paste -sd '' -)
		got=$(printf '%s\n' a d f j n p r s t u v | grep -v "[$takes]" | paste -sd '' -)
		eq "$prog $refused" "$prog ${got:--}"
		for l in $(printf '%s' "${refused%-}" | fold -w1); do
			run -2 --separate-stderr p $prog -$l 1 < /dev/null
			usage_error $prog
			eq "$prog: -$l: unknown option" "${stderr_lines[0]}"
			[ -z "$output" ]
		done
	done <<'EOF'
hazard -
light adpt
timedice adt
reaction t
chase ftu
return adfntu
roll adfpru
EOF
	eq "$PROGRAMS" "${seen# }"
}

@test "opt_parse: each shared option in its own field, -n 1 when not given, -a and -d cancel, the program told of every option in order" {
	run -0 --separate-stderr unit opts -ad -juv -n3 op1 -f F -p P -r R -s S -t T -x 1 -- -y
	eq "told -a
told -d
told -j
told -u
told -v
told -n 3
told -f F
told -p P
told -r R
told -s S
told -t T
told -x 1
a 1 d 1 adv 0 j 1 u 1 v 1 n 3 1
f F p P r R s S t T
operand op1
operand -y" "$output"
	run -0 unit opts -d
	eq "told -d
a 0 d 1 adv -1 j 0 u 0 v 0 n 1 0
f - p - r - s - t -" "$output"
	run -0 unit opts -n0 op
	eq "a 0 d 0 adv 0 j 0 u 0 v 0 n 0 1" "${lines[1]}"
	run -2 --separate-stderr unit opts -n 1x
	eq "unit: -n: '1x': expected a whole number from 0 to 1000000000000000000" "$stderr"
	run -2 --separate-stderr unit opts -n 1000000000000000001
	eq "unit: -n: '1000000000000000001': expected a whole number from 0 to 1000000000000000000" "$stderr"
}

@test "a missing value: 'PROG: -s: needs a SEED', then the usage line, exit 2" {
	for prog in $PROGRAMS; do
		run -2 --separate-stderr p $prog -s
		usage_error $prog
		eq "$prog: -s: needs a SEED" "${stderr_lines[0]}"
		[ -z "$output" ]
		row $prog
		run -2 --separate-stderr p $prog $after $number
		usage_error $prog
	done
	run -2 --separate-stderr hazard -f
	eq "hazard: -f: needs a FILE" "${stderr_lines[0]}"
	run -2 --separate-stderr chase -x
	eq "chase: -x: needs an N" "${stderr_lines[0]}"
}

@test "every option that takes a value, given none: 'PROG: -X: needs a VALUE', then the usage line, exit 2" {
	for prog in $PROGRAMS; do
		for o in $(p $prog -h | sed -n 's/^  \(-[A-Za-z]\) [A-Z][^ ]* .*/\1/p'); do
			run -2 --separate-stderr p $prog $o
			usage_error $prog
			[[ ${stderr_lines[0]} == "$prog: $o: needs a"* ]]
			[ -z "$output" ]
		done
	done
}

@test "options after operands: the same output as before them" {
	for prog in $PROGRAMS; do
		row $prog
		want=$(p $prog $before; echo "status $?")
		[[ $want == ?*$'\n'"status "[01] ]] || { echo "$prog: $want" >&2; false; }
		eq "$want" "$(p $prog $after; echo "status $?")"
	done
	# the cases of the issue
	eq "$(hazard -s 2 -n 3 rest)" "$(hazard -s 2 rest -n 3)"
	eq "$(roll -s 2 -n 3 d20)" "$(roll -s 2 d20 -n 3)"
	run -0 light -f "$BATS_TEST_TMPDIR/x" add torch -v
	eq "$(reaction -s 2 -m 2 morale)" "$(reaction -s 2 morale -m 2)"
}

@test "values attached or apart, flags clustered: -n3, -n 3, -vn 3" {
	eq "$(hazard -s 1 -n 3 -v 2>&1)" "$(hazard -s1 -vn3 2>&1)"
	eq "$(hazard -s 1 -n 3 -v 2>&1)" "$(hazard -vs 1 -n 3 2>&1)"
	eq "$(roll -s 1 -n 2 -v d6 2>&1)" "$(roll -vn2 d6 -s1 2>&1)"
}

@test "after --, every word is an operand, one starting with - too" {
	for prog in $PROGRAMS; do
		run -2 --separate-stderr p $prog -- -x
		one_error $prog
		case $stderr in *"unknown option"*) false;; "$prog: -x: "*) ;; *) false;; esac
		run -2 --separate-stderr p $prog -- -h
		one_error $prog
	done
	# a lone - is an operand, and so is a negative number
	run -0 --separate-stderr light -- - < /dev/null
	run -2 --separate-stderr timedice set -1
	one_error timedice
	eq "$(hazard -s 1 -r alarm hide pass 3)" "$(hazard -s 1 -r alarm -- hide pass 3)"
}

@test "options and operands: operands such as NAME:-1 and hide pass 1 are operands" {
	run chase -s 1 open Ann:-1
	[ "$status" -le 1 ]
	[[ ${lines[0]} == *$'\tAnn\t'* ]]
	run env return -s 1 arduous Wren:-1 -l 2
	[ "$status" -le 1 ]
	[[ ${lines[0]} == *$'\tWren\t'* ]]
	run -0 hazard -s 1 -r alarm hide pass 1
	[[ $output == hazard$'\t'1$'\t'* ]]
}

@test "a closed stdout: exit 3 before any file changes, in every program" {
	cd "$BATS_TEST_TMPDIR"
	hazard -f h -s 1 -n 2 > /dev/null
	light -f l -s 1 -l torch > /dev/null
	timedice -f t -s 1 hour > /dev/null
	printf 'Ann best=1 hp=5 load=3\n' > party
	cp h h0; cp l l0; cp t t0; cp party party0
	for cmd in 'hazard -f h -s 1 -n 3' 'light -f l tick' 'timedice -f t hour' \
	    'env return -w -p party -s 1 dangerous' 'reaction -s 1' 'chase -s 1 open' \
	    'roll -s 1 d6' 'hazard -s 1 -n 0' 'hazard -f new -s 1'; do
		run -3 --separate-stderr sh -c "$cmd >&-"
		one_error "$(set -- $cmd; [ $1 = env ] && echo $2 || echo $1)"
		[ -z "$output" ]
	done
	cmp h h0; cmp l l0; cmp t t0; cmp party party0
	[ ! -e new ]
	! grep -q . h.lock l.lock t.lock party.lock 2>/dev/null || false
}

@test "a closed stdin is empty input; a closed stderr: the exit status, no file gets the error" {
	cd "$BATS_TEST_TMPDIR"
	light -f l -s 1 > /dev/null
	run -0 --separate-stderr sh -c 'light -f l -l torch - <&-'
	eq 2 "${#lines[@]}"
	run -0 --separate-stderr sh -c 'timedice -f t - <&-'
	eq "" "$output"
	run -0 --separate-stderr sh -c 'reaction - <&-'
	eq "" "$output"
	run -2 --separate-stderr sh -c 'hazard -f h -r bogus 2>&-'
	run -2 --separate-stderr sh -c 'light -f l -r bogus 2>&-'
	run -2 --separate-stderr sh -c 'timedice -f t -r bogus 2>&-'
	printf 'Ann best=1 hp=5\n' > party
	run -2 --separate-stderr sh -c 'env return -w -p party -r bogus arduous 2>&-'
	! grep -q . h.lock l.lock t.lock party.lock 2>/dev/null || false
	[ ! -s h ]
	# both closed
	run -3 sh -c 'hazard -f h2 >&- 2>&-'
	[ ! -e h2 ]
}

@test "numbers: leading white space of any kind is refused (\\v \\f \\r \\t \\n and blank)" {
	for prog in $PROGRAMS; do
		row $prog
		for ws in $'\v' $'\f' $'\r' $'\t' $'\n' ' '; do
			run -2 --separate-stderr p $prog $number "${ws}1" $after
			one_error $prog
			[ -z "$output" ]
		done
		run p $prog $number 1 $after
		[ "$status" -le 1 ]
	done
	cd "$BATS_TEST_TMPDIR"
	hazard -f S -s 1 > /dev/null; cp S S0
	run -2 --separate-stderr hazard -f S -n $'\v1'
	cmp S S0
}

@test "a control byte in a value: the error stays one line, the byte escaped" {
	run -2 --separate-stderr roll $'d6\n'
	one_error roll
	[[ $stderr == 'roll: d6\n: '* ]]
	for prog in $PROGRAMS; do
		run -2 --separate-stderr p $prog $'bad\nword'
		one_error $prog
		[[ $stderr == *'bad\nword'* ]]
		row $prog
		run -2 --separate-stderr p $prog -s 1 $number $'1\r\a\033[2J' $after
		one_error $prog
		[[ $stderr == *'1\r\a\033[2J'* ]]
		run -2 --separate-stderr p $prog $'-\x01'
		usage_error $prog
		eq "$prog: -\\001: unknown option" "${stderr_lines[0]}"
	done
	# a TAB too (errors are not records), and bytes that are not UTF-8
	run -2 --separate-stderr hazard $'a\tb\xff'
	eq 'hazard: a\tb\377: not an action of the exploration rules (rest)' "$stderr"
	# UTF-8 stays as it is
	run -2 --separate-stderr hazard 'Éowyn'
	eq 'hazard: Éowyn: not an action of the exploration rules (rest)' "$stderr"
}

# ---- -u: each record as soon as it is made, through a FIFO

# await FD PATTERN: read lines from FD until one matches PATTERN, each
# within 20 seconds (valgrind starts slowly); fail when none comes.
await() {
	local line
	while IFS= read -r -t 20 line <&"$1"; do
		[[ $line == $2 ]] && return 0
	done
	echo "no line matching '$2' came" >&2
	return 1
}

# filter_u PROG ARGS...: PROG -u ARGS - reads a FIFO kept open; a record
# written into it must come out of the output FIFO while PROG still runs.
filter_u() {
	local pid
	cd "$BATS_TEST_TMPDIR"
	mkfifo in out
	"$@" < in > out &
	pid=$!
	exec 4> in 5< out
	printf 'hazard\t1\t5\tnothing\tNothing happens.\n' >&4
	await 5 $'hazard\t1\t5\tnothing\t*'
	kill -0 $pid
	exec 4>&-
	wait $pid
	exec 5<&-
}

@test "light -u -: a record comes out while the input is still open" {
	filter_u light -u -l torch -
}

@test "reaction -u -: a record comes out while the input is still open" {
	filter_u reaction -u -
}

@test "light and reaction without -u: nothing yet while the input is open (the test above can fail)" {
	cd "$BATS_TEST_TMPDIR"
	mkfifo in out
	reaction - < in > out &
	pid=$!
	exec 4> in 5< out
	printf 'hazard\t1\t5\tnothing\tNothing happens.\n' >&4
	! IFS= read -r -t 1 line <&5 || false
	exec 4>&-
	wait $pid
	exec 5<&-
}

# hazard reads no input: with -u it writes each record by itself (its
# writes average one record), so the first arrives before the run ends.
@test "hazard -u: the first record arrives while hazard runs, one record a write" {
	[ -r /proc/self/io ] || skip "no /proc/PID/io"
	cd "$BATS_TEST_TMPDIR"
	mkfifo out
	for u in -u ''; do
		hazard $u -s 1 -n 1000000000 > out &
		pid=$!
		exec 5< out
		IFS= read -r line <&5
		[[ $line == hazard$'\t'1$'\t'* ]]
		kill -0 $pid
		io=$(cat /proc/$pid/io)
		kill $pid
		exec 5<&-
		wait $pid || :
		per=$(awk '/^wchar/ { c = $2 } /^syscw/ { w = $2 } END { print int(c / w) }' <<< "$io")
		if [ -n "$u" ]; then
			[ "$per" -lt 200 ] || { echo "-u: $per bytes a write" >&2; false; }
		else
			[ "$per" -ge 1000 ] || { echo "without -u: $per bytes a write" >&2; false; }
		fi
	done
}
