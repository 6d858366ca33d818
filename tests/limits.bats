#!/usr/bin/env bats
# Limits: a count of 10^12 streams and stops at once when its reader goes
# away, in constant memory; a filter passes a 256 MiB stream through in
# constant memory; dice expressions are bounded, and the bound is named.
load helper

TERA=1000000000000

# peak_kb FILE: the peak RSS in KiB that GNU time wrote to FILE (its last
# line; a command ended by a signal has a line about it first).
peak_kb() { tail -n 1 "$1"; }

# need_gnu_time: skip unless /usr/bin/time can report a peak RSS (%M).
need_gnu_time() {
	/usr/bin/time -f %M -o "$BATS_TEST_TMPDIR/probe" true 2>/dev/null &&
	    [[ $(peak_kb "$BATS_TEST_TMPDIR/probe") =~ ^[0-9]+$ ]] ||
	    skip "no GNU time (/usr/bin/time -f %M) to measure the peak RSS"
}

# small PEAK BASE: PEAK (KiB) is within 4 MiB of BASE, the same program's
# peak on a run of no size, whatever the build adds (sanitizers, valgrind).
small() {
	[ "$1" -le $(($2 + 4096)) ] || {
		echo "peak RSS $1 KiB, against $2 KiB for a run of no size" >&2
		return 1
	}
}

@test "-n 10^12 piped to head -1 returns at once, for every program that counts" {
	for cmd in "hazard -n $TERA" "hazard -r alarm -n $TERA" \
	    "hazard -r travel -a -n $TERA" "roll -n $TERA d6" \
	    "roll -n $TERA 1000d1000000+1000000" "roll -n $TERA -c 11 d20" \
	    "roll -n $TERA -t injury" "roll -n $TERA -v 2d6 d8" \
	    "reaction -n $TERA" "reaction -n $TERA surprise A:1 B:2" \
	    "chase -n $TERA open" "timedice -n $TERA roll 2" \
	    "light -l torch,lantern -n $TERA tick"; do
		run timeout 10 sh -c "${cmd%% *} -s 1 ${cmd#* } 2>/dev/null | head -1"
		[ "$status" -eq 0 ] || { echo "$cmd: exit $status" >&2; false; }
		eq 1 "${#lines[@]}"
	done
}

@test "hazard -n 100000000 | head -1 returns at once" {
	run -0 timeout 10 sh -c 'hazard -n 100000000 | head -1'
	eq 1 "${#lines[@]}"
	case $output in "hazard	1	"*) ;; *) false;; esac
}

@test "hazard and roll: 2 seconds of -n 10^12 into head -c 20000000 in constant memory" {
	need_gnu_time
	cd "$BATS_TEST_TMPDIR"
	for cmd in "hazard -s 1" "roll -s 1 4d6kh3" "roll -s 1 -c 2 d20+1"; do
		set -- $cmd
		/usr/bin/time -f %M -o base "$1" -n 1 "${@:2}" > /dev/null
		/usr/bin/time -f %M -o peak timeout 2 "$1" -n $TERA "${@:2}" |
		    head -c 20000000 | wc -c > bytes
		[ "$(cat bytes)" -gt 1000000 ]	# it did stream
		small "$(peak_kb peak)" "$(peak_kb base)"
	done
}

# filter_stream PROG: 256 MiB of a foreign line and a suite record through
# PROG -: every byte out, the peak RSS within 4 MiB of an empty run's (a
# 64th of the stream: a filter that kept 2 bytes of each of its 4,194,304
# lines would go past it; a GiB took 3 CPU seconds a filter to show the same).
filter_stream() {
	local p=$1 unit own
	need_gnu_time
	cd "$BATS_TEST_TMPDIR"
	# 128 bytes a repeat: a foreign line and a hazard record, 63 bytes each
	unit="$(printf '%-63s\nhazard\t1\t5\tnothing\t%-44s' 'a foreign line,' 'Nothing happens.')"
	eq 127 "${#unit}"
	printf '%s\n%s\n' "$unit" "$unit" > two
	own=$(( $("$p" - < two | wc -c) - 256 ))	# what PROG adds of its own
	/usr/bin/time -f %M -o base "$p" - < /dev/null
	yes "$unit" | head -c 268435456 | /usr/bin/time -f %M -o peak "$p" - |
	    wc -c > bytes
	eq $((268435456 + own)) "$(cat bytes)"
	small "$(peak_kb peak)" "$(peak_kb base)"
}

@test "light - passes 256 MiB through in constant memory" { filter_stream light; }
@test "timedice - passes 256 MiB through in constant memory" { filter_stream timedice; }
@test "reaction - passes 256 MiB through in constant memory" { filter_stream reaction; }

@test "roll: dice past a bound are refused at once, naming the bound" {
	check() {
		run -2 --separate-stderr timeout 10 roll "$1"
		one_error roll
		eq "roll: $1: $2" "$stderr"
		eq "" "$output"
	}
	# issue 18: the grammar names the position of the token at fault
	check 1001d6 "position 1: count: expected 0 to 1000 dice"
	check 99999999999999999999d6 "position 1: count: expected 0 to 1000 dice"
	check d1000001 "position 1: sides: expected 1 to 1000000"
	check 2d99999999999999999999 "position 1: sides: expected 1 to 1000000"
	check d6+1000001 "position 4: constant: expected 0 to 1000000"
	check d6-1000001 "position 4: constant: expected 0 to 1000000"
	check d6+99999999999999999999 "position 4: constant: expected 0 to 1000000"
	check 1000d1000000*1000000*2 "position 13: a total could pass 10^12"
	check 4d6kh1001 "position 4: keep: expected 0 to 1000 dice"
}

@test "dice at the bounds roll without overflow: 1000d1000000+1000000 stays within 1001000 to 1001000000" {
	run -0 roll -s 1 -n 1000 1000d1000000+1000000 1000d1000000kl1-1000000
	eq 2000 "${#lines[@]}"
	printf '%s\n' "${lines[@]}" | awk 'NR % 2 == 1 && ($1 < 1001000 || $1 > 1001000000) ||
	    NR % 2 == 0 && ($1 < -999999 || $1 > 0) { print "out of range: " $1; bad = 1 }
	    END { exit bad }'
}

@test "the other dice readers are the one grammar and name the same bounds and positions: -e, a table's die, a timer's dice" {
	run -2 --separate-stderr hazard -r bookkeeping -e d1000001
	eq "hazard: -e: 'd1000001': position 1: sides: expected 1 to 1000000" "$stderr"
	printf 'die: 1001d6\n1001-6006 x\n' > "$BATS_TEST_TMPDIR/t"
	run -2 --separate-stderr roll -t "$BATS_TEST_TMPDIR/t"
	eq "roll: $BATS_TEST_TMPDIR/t:1: 1001d6: position 1: count: expected 0 to 1000 dice" "$stderr"
	run -2 --separate-stderr timedice timer x d1000001turns
	eq "timedice: timer: 'd1000001turns': position 1: sides: expected 1 to 1000000" "$stderr"
}

# The timeouts guard against a hang, under sanitizers and valgrind too;
# how fast the counting is, make bench measures (the odds rows).
@test "roll -o: too much counting is refused at once; the largest it counts end" {
	run -2 --separate-stderr timeout 10 roll -o 1000d1000000
	eq "roll: -o: 1000d1000000: 999999001 totals, each a count of up to 20032 bits: about 1.6e+11 steps of counting, the limit 2e+07" "$stderr"
	for e in 2d1000000 3d1000000kh1 d1000000+1000000; do
		run -0 timeout 120 sh -c "roll -o $e | tail -n 1"
		case $output in "$e	mean	"*) ;; *) false;; esac
	done
}

# ---------------------------------------------------------- issue 23: table dice
# rows: 6 rows of a d6 table, each ROW TEXT.
rows() { echo "die: d6"; for i in 1 2 3 4 5 6; do echo "$i $1"; done; }

@test "a table roll is bounded: a reroll until costs the same whatever the sides, a row at most 1000 dice" {
	cd "$BATS_TEST_TMPDIR"
	command -v valgrind >/dev/null || skip "no valgrind to count instructions"
	rows 'Gold 1000d1000000r<999999 coins' > big.txt
	rows 'Gold 1000d6r<6 coins' > small.txt
	count() {	# the instructions of one table roll, under callgrind
		valgrind --tool=callgrind --callgrind-out-file=cg.out roll -s 1 -t "$1" >/dev/null 2>&1
		awk '/^summary:/ { print $2 }' cg.out
	}
	big=$(count big.txt) small=$(count small.txt)
	[ -n "$big" ] || skip "callgrind cannot run this build (sanitizers)"
	echo "1000d1000000r<999999: $big instructions; 1000d6r<6: $small" >&3
	[ "$big" -lt 20000000 ]			# 10 ms at 2 x 10^9 a second
	[ "$big" -lt $((small * 2)) ]		# the sides cost nothing (was O(sides) a die)
	rows 'Gold 1000d6 and 1d6 coins' > over.txt
	run -2 --separate-stderr roll -t over.txt
	eq "roll: over.txt:2: 1: the row rolls more than 1000 dice" "$stderr"
}

@test "memory per table: under 10 times its file size, however many expressions its rows hold" {
	cd "$BATS_TEST_TMPDIR"
	need_gnu_time
	[[ ${DELVING_BIN:-} != */san ]] || skip "measures the normal build, not the sanitizers' shadow memory"
	# one awk, not 36,000 printfs (bats' trap before each took 14 CPU seconds)
	awk 'BEGIN { print "die: d256"; for (i = 1; i <= 256; i++) { printf "%d Orcs", i
		for (j = 1; j <= 140; j++) printf " 1d6+%d", j; print "" } }' > wide.txt
	size=$(($(wc -c < wide.txt) / 1024))
	/usr/bin/time -f %M -o with hazard -r delving -s 3 -n 1 -T encounter=wide.txt >/dev/null
	/usr/bin/time -f %M -o without hazard -r delving -s 3 -n 1 >/dev/null
	echo "table ${size} KiB: $(($(peak_kb with) - $(peak_kb without))) KiB more" >&3
	[ $(($(peak_kb with) - $(peak_kb without))) -lt $((size * 10)) ]
}
