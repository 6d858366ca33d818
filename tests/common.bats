#!/usr/bin/env bats
# The common module: the generator, seed words, dice, tables.
load helper

# tests/tables/ holds the seeds' own tables, copied verbatim from ../shared/seeds.
TABLES="$TOP/tests/tables"

# Reference outputs of the generators' published implementations.
@test "splitmix64 from 1234567 gives the reference sequence" {
	run -0 unit splitmix 1234567 5
	eq "6457827717110365317 3203168211198807973 9817491932198370423 4593380528125082431 16408922859458223821" "$(echo $output)"
}

@test "xoshiro256** from the state {1,2,3,4} gives the reference sequence" {
	run -0 unit xoshiro 1 2 3 4 6
	eq "11520 0 1509978240 1215971899390074240 1216172134540287360 607988272756665600" "$(echo $output)"
}

@test "FNV-1a 64 gives the published test values" {
	eq cbf29ce484222325 "$(unit fnv '')"
	eq af63dc4c8601ec8c "$(unit fnv a)"
	eq 85944171f73967e8 "$(unit fnv foobar)"
}

@test "a decimal seed word is its number, anything else is hashed" {
	eq 42 "$(unit seed 42)"
	eq 0 "$(unit seed 0)"
	eq 18446744073709551615 "$(unit seed 18446744073709551615)"
	# beyond 2^64-1, a sign, a date, nothing: all hashed
	eq "$(printf '%u' 0x$(unit fnv 18446744073709551616))" "$(unit seed 18446744073709551616)"
	eq "$(printf '%u' 0x$(unit fnv 2026-11-22))" "$(unit seed 2026-11-22)"
	eq "$(printf '%u' 0x$(unit fnv -5))" "$(unit seed -5)"
	eq "$(printf '%u' 0x$(unit fnv ''))" "$(unit seed '')"
}

@test "each program starts its own stream from one seed, and the state round-trips" {
	a=$(unit state 7 hazard); b=$(unit state 7 light)
	[ "$a" != "$b" ]
	eq 0 "${a##* }"
	eq 65 "$(echo "${a%% *}" | wc -c | tr -d ' ')"
}

@test "dice: the forms of the grammar" {
	eq "d6 1 6" "$(unit dice d6)"
	eq "d6 1 6" "$(unit dice 1d6)"
	eq "2d6 2 12" "$(unit dice 2d6)"
	eq "d100 1 100" "$(unit dice d%)"
	eq "4d6kh3 3 18" "$(unit dice 4d6kh3)"
	eq "4d6kh3 3 18" "$(unit dice 4d6k3)"
	eq "2d20kl1 1 20" "$(unit dice 2d20kl1)"
	eq "3d6+2 5 20" "$(unit dice 3d6+2)"
	eq "d8-1 0 7" "$(unit dice D8-1)"
	eq "1000d1000000 1000 1000000000" "$(unit dice 1000d1000000)"
	# read through roll(6)'s grammar: spaces, parentheses, constants first, dl/dh
	eq "d6 1 6" "$(unit dice ' d6 ')"
	eq "d20+3 4 23" "$(unit dice '1d20 + 3')"
	eq "d20+3 4 23" "$(unit dice '3 + (d20)')"
	eq "4d6kh3 3 18" "$(unit dice 4d6dl1)"
	eq "4d6kh3 3 18" "$(unit dice 4D6KH3)"
}

@test "dice: every bad form is refused with the reason" {
	for bad in "" d 6 2d 0d6 d0 1001d6 d1000001 2d6+1000001 4d6kh5 4d6kh0 2d6+*1 \
	    2d6x 3d6+ d-6 d6! 2d4+1d6 -d6 '(d6)*2' 4dF 99999999999999999999d6 d99999999999999999999 2d6kq1; do
		run -2 --separate-stderr unit dice "$bad"
		one_error unit
		[ -z "$output" ]
	done
	run -2 --separate-stderr unit dice 1001d6
	eq "unit: 1001d6: position 1: count: expected 0 to 1000 dice" "$stderr"
	run -2 --separate-stderr unit dice d1000001
	eq "unit: d1000001: position 1: sides: expected 1 to 1000000" "$stderr"
	run -2 --separate-stderr unit dice d6!
	eq "unit: d6!: expected one dice term such as 2d6, d% or 4d6kh3, with +K or -K" "$stderr"
}

@test "dice: modifiers add up, within the same bound (d20+3-4, 003's improvised pick)" {
	eq "d20-1 0 19" "$(unit dice d20+3-4)"
	eq "d6 1 6" "$(unit dice d6+2-2)"
	eq "2d6+6 8 18" "$(unit dice 2d6+1+2+3)"
	eq "d8+1000000 1000001 1000008" "$(unit dice d8+1000000-5+5)"
	for bad in d20+3- d20+3-4x d20+-1 d20+1000000+1 d20-999999-2; do
		run -2 --separate-stderr unit dice "$bad"
		one_error unit
	done
}

@test "dice: 3d6 is fair (fixed seed, chi-square under 34.528 for 15 df, p=0.001)" {
	run -0 unit roll 3d6 1 216000
	x=$(echo "$output" | faces 3 18 | paste -d' ' - <(printf '%s\n' 1 3 6 10 15 21 25 27 27 25 21 15 10 6 3 1) |
	    awk '{ e = 216000 * $2 / 216; s += ($1 - e)^2 / e } END { printf "%.3f", s }')
	below "$x" 34.528
}

@test "dice: 2d20kh1 gives a 20 with probability 39/400" {
	run -0 unit roll 2d20kh1 5 400000
	n=$(echo "$output" | grep -cx 20)
	# 39/400 of 400000 is 39000, sd 188: within 5 sd
	[ "$n" -gt 38060 ] && [ "$n" -lt 39940 ] || { echo "20s: $n" >&2; false; }
}

@test "dice: a biased d6 (d8 folded by %) fails the same chi-square" {
	run -0 unit roll d8 1 60000
	x=$(echo "$output" | awk '{ print ($1 - 1) % 6 + 1 }' | faces 1 6 | chisq)
	! below "$x" 20.515 || false
}

# Table files: the forms of delving(7) TABLE FILES.
hazard_000() { cat "$TABLES/000-hazard.md"; }
hazard_002() { cat "$TABLES/002-hazard.md"; }
vibe_002() { cat "$TABLES/002-disposition.md"; }

# tests/seeds: the five rules documents as the project has them in
# ../shared/seeds, copied so that a clone tests them with nothing beside it.
@test "the table fixtures are the seeds' own text; tests/seeds is ../shared/seeds where that is at hand" {
	seeds=$TOP/tests/seeds
	for f in "$TOP"/../shared/seeds/*.txt; do
		[ -f "$f" ] || continue
		same "$f" "$seeds/${f##*/}"
	done
	eq 5 "$(ls "$seeds" | grep -c '^00[0-4]_.*\.txt$')"
	grep -qxF -f "$TABLES/000-hazard.md" "$seeds"/000_*.txt
	eq "$(wc -l < "$TABLES/000-hazard.md")" "$(grep -cxF -f "$TABLES/000-hazard.md" "$seeds"/000_*.txt)"
	eq "$(wc -l < "$TABLES/002-hazard.md")" "$(grep -cxF -f "$TABLES/002-hazard.md" "$seeds"/002_*.txt)"
	eq "$(wc -l < "$TABLES/002-disposition.md")" "$(grep -cxF -f "$TABLES/002-disposition.md" "$seeds"/002_*.txt)"
}

@test "table: seed 000's hazard table loads as it is" {
	hazard_000 > "$BATS_TEST_TMPDIR/t.md"
	run -0 unit table "$BATS_TEST_TMPDIR/t.md"
	eq "die d6" "${lines[0]}"
	eq "1 1 encounter Encounter — a wandering monster appears." "${lines[1]}"
	eq "4 4 fatigue" "$(echo "${lines[4]}" | cut -d' ' -f1-3)"
	eq "5 6 nothing Nothing — the turn passes uneventfully." "${lines[5]}"
}

@test "table: seed 002's hazard and disposition tables load as they are" {
	hazard_002 > "$BATS_TEST_TMPDIR/h.md"
	run -0 unit table "$BATS_TEST_TMPDIR/h.md"
	eq "die d6" "${lines[0]}"
	eq "3 3 signs" "$(echo "${lines[3]}" | cut -d' ' -f1-3)"
	eq "5 5 depletion" "$(echo "${lines[5]}" | cut -d' ' -f1-3)"
	vibe_002 > "$BATS_TEST_TMPDIR/v.md"
	run -0 unit table "$BATS_TEST_TMPDIR/v.md"
	eq "die 2d6|2 3 hostile Hostile|4 5 unfriendly Unfriendly|6 8 uninterested Uninterested|9 10 polite Polite|11 12 friendly Friendly" \
	    "$(printf '%s|' "${lines[@]}" | sed 's/|$//')"
}

@test "table: the line form, a die header, en dashes, comments" {
	printf '# a custom table\ndie: 2d6\n\n2-6 Quiet. Nothing stirs.\n7\xe2\x80\x939 Tracks: something passed.\n10-12 ENCOUNTER! Run.\n' > "$BATS_TEST_TMPDIR/t"
	run -0 unit table "$BATS_TEST_TMPDIR/t"
	eq "die 2d6" "${lines[0]}"
	eq "2 6 quiet Quiet. Nothing stirs." "${lines[1]}"
	eq "7 9 tracks Tracks: something passed." "${lines[2]}"
	eq "10 12 encounter ENCOUNTER! Run." "${lines[3]}"
	printf '1 one\n2-4 two to four\n' > "$BATS_TEST_TMPDIR/u"
	run -0 unit table "$BATS_TEST_TMPDIR/u"
	eq "die d4" "${lines[0]}"
}

@test "table: gaps, overlaps, strays and bad lines are refused with the line number" {
	t=$BATS_TEST_TMPDIR/t
	check() { printf "$1" > "$t"; run -2 --separate-stderr unit table "$t"; one_error unit; eq "unit: $t$2" "$stderr"; }
	check '1 a\n3-6 b\n' ':2: no row for 2'
	check '1-3 a\n3-6 b\n' ':2: rows overlap at 3'
	check 'die: d6\n1-3 a\n4-7 b\n' ':3: range the die cannot roll'
	check 'die: 2d6\n1-6 a\n7-12 b\n' ':2: range the die cannot roll'
	check 'die: 2d6\n2-6 a\n' ':2: no row for 7'
	check '# nothing\n' ': no rows'
	check '1 a\nx b\n' ':2: x: expected a range N or N-M'
	check '1\n' ':1: 1: expected RANGE TEXT'
	check '3-1 a\n' ':1: 3-1: range runs backwards'
	check '1 ...\n' ':1: the text has no key word (no word with a letter that is not dice)'
	check 'die: 2q6\n1 a\n' ':1: 2q6: position 2: expected an operator or the end'
	check 'die: 2d6!\n2-12 a\n' ':1: 2d6!: expected one dice term such as 2d6, d% or 4d6kh3, with +K or -K'
	check '1 a\n2 b\x01\n' ':2: not text (a NUL, a control character or bad UTF-8)'
	check '1 a\n2 b\xff\n' ':2: not text (a NUL, a control character or bad UTF-8)'
	check '| d6 | r |\n|---|---|\n| 1-6 |  |\n' ':3: 1-6: range with no text'
	check '| d6 | r |\n|---|---|\n| 1-6 |\n' ':3: a table row needs a range and a text'
	printf '1 a\n2 b\0c\n' > "$t"
	run -2 --separate-stderr unit table "$t"
	eq "unit: $t:2: not text (a NUL, a control character or bad UTF-8)" "$stderr"
	run -2 --separate-stderr unit table "$BATS_TEST_TMPDIR"
	eq "unit: $BATS_TEST_TMPDIR: not a regular file" "$stderr"
	run -2 --separate-stderr unit table "$BATS_TEST_TMPDIR/missing"
	eq "unit: $BATS_TEST_TMPDIR/missing: No such file or directory" "$stderr"
}

@test "party: a NAME:MOD operand's name is UTF-8 text, as a party file's is" {
	for cmd in "reaction morale" "chase open" "return arduous"; do
		run -2 --separate-stderr env $cmd $'Ash\xff:1'
		one_error "${cmd%% *}"
		# the byte that is not UTF-8 shown escaped (delving(7) EXIT STATUS)
		eq "${cmd%% *}: operands:1: 'Ash\\377': a name is 1 to 32 printable characters, no '=' or ':'" "$stderr"
		eq "" "$output"
	done
}

@test "filters: a suite record that is not text is a bad record; a foreign line passes as it is" {
	in=$BATS_TEST_TMPDIR/in
	for bad in '\xff' '\x01' '\r'; do
		printf "hazard\t1\t5\tnothing\tx\nhazard\t2\t5\tnothing\tx$bad\nafter\n" > "$in"
		for p in light timedice reaction; do
			run -2 --separate-stderr "$p" - < "$in"
			eq "$p: stdin:2: bad hazard record: not text (a NUL, a control character or bad UTF-8)" "$stderr"
			eq "hazard	1	5	nothing	x" "$(printf '%s\n' "$output" | grep -v "^$p	")"
		done
	done
	printf 'a foreign \xff\x01 line\r\n' > "$in"
	for p in light timedice reaction; do
		"$p" - < "$in" > "$BATS_TEST_TMPDIR/out"
		cmp "$in" "$BATS_TEST_TMPDIR/out"
	done
}

@test "rec_text: its own %s %c %d %ld %+ld %llu %% agree with printf, and other conversions go to vsnprintf" {
	for n in -42 0 7 2147483647 -2147483648; do
		u=$(printf '%u' "$n")
		eq "$(printf 'a b|%d|%d|%+d|%d|%+d|%s|100%%|end\t%5d|a b |%x|%d\ta |a b' "$n" "$n" "$n" "$n" "$n" "$u" "$n" "$((n & 0xffffffff))" "$n")" \
		    "$(unit sentence $'a\tb' "$n")"
	done
	eq "x|-1|9223372036854775807|+9223372036854775807|9223372036854775807|+9223372036854775807|9223372036854775807|100%|end	   -1|x   |ffffffff|9223372036854775807	x |x" \
	    "$(unit sentence x 9223372036854775807)"
	eq "x|0|-9223372036854775808|-9223372036854775808|-9223372036854775808|-9223372036854775808|9223372036854775808|100%|end	    0|x   |0|-9223372036854775808	x |x" \
	    "$(unit sentence x -9223372036854775808)"
}

@test "out_i64, out_u64: the short path for numbers under 100 and the long one agree with printf" {
	set -- -9223372036854775808 -101 -100 -99 -10 -9 -1 0 1 9 10 11 99 100 101 999 9223372036854775807
	run -0 --separate-stderr unit numbers "$@"
	eq "" "$stderr"
	eq "$(for n; do printf '%d\t%u\n' "$n" "$n"; done)" "$output"
}

@test "rec_text: a sentence is cut at 2047 bytes, by its own conversions as by vsnprintf" {
	long=$(printf '%03000d' 0 | tr 0 w)
	run -0 --separate-stderr unit sentence "$long" 5
	eq "" "$stderr"
	eq "2047 2047 2047" "$(printf '%s\n' "$output" | awk -F'\t' '{ print length($1), length($2), length($3) }')"
	eq "${long:0:2047}" "$(printf '%s\n' "$output" | cut -f1)"
	eq "    5|${long:0:2041}" "$(printf '%s\n' "$output" | cut -f2)"
	eq "w |${long:0:2044}" "$(printf '%s\n' "$output" | cut -f3)"
}

@test "hazard: a prepared record is the one written field by field, for short texts and texts past 128 bytes" {
	t=$BATS_TEST_TMPDIR/table long=$(printf 'long%.0s' $(seq 60))
	printf '1-3 short The short one.\n4-6 long %s.\n' "$long" > "$t"
	for s in 1 2 3 4 5 6 7 8; do
		for tbl in "" "-t $t"; do
			# -n 1 writes field by field; -n 9 from prepared records
			eq "$(hazard -s $s -n 1 $tbl)" "$(hazard -s $s -n 9 $tbl | head -1)"
		done
	done
	hazard -s 1 -n 40 -t "$t" | grep -q "	long	long"	# the long text was rolled
}

@test "the programs ask for a 1 MiB pipe on their output, where Linux allows it" {
	command -v python3 >/dev/null || skip "python3 reads the pipe's size"
	[ "$(uname -s)" = Linux ] || skip "F_SETPIPE_SZ is Linux's"
	max=$(cat /proc/sys/fs/pipe-max-size)
	[ "$max" -ge 1048576 ] || [ "$(id -u)" = 0 ] || skip "pipe-max-size is $max"
	# read to the end first, so the size is asked after the writer is done
	size() { python3 -c 'import fcntl, sys; sys.stdin.buffer.read(); print(fcntl.fcntl(0, 1032))'; }
	eq 1048576 "$(hazard -n 3 | size)"
	eq 1048576 "$(hazard -n 3 | light -l torch - | size)"
	[ "$(hazard -n 3 | cat | size)" != 1048576 ]	# cat leaves its pipe as it was
}

@test "utf8_ok: judging eight bytes at a time, it agrees with a byte-at-a-time reference on 200,000 strings" {
	read -r texts nots wrong <<< "$(unit text 2026 200000)"
	eq 0 "$wrong"
	[ "$texts" -gt 100000 ] && [ "$nots" -gt 40000 ]	# both answers, many times
}

# records N: N hazard records whose texts grow a byte at a time, an em dash
# and a TAB-free multi-byte run at every offset of the eight-byte words.
records() {
	awk -v n="$1" 'BEGIN {
		for (i = 1; i <= n; i++) {
			t = substr("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ", 1, i % 47)
			printf "hazard\t%d\t%d\tnothing\t%s\xe2\x80\x94%s\n", i, i % 6 + 1, t, substr(t, 1, i % 9)
		}
	}'
}

@test "filters: every line passes unchanged across read blocks, TAB and UTF-8 at every offset, no newline at the end" {
	in=$BATS_TEST_TMPDIR/in out=$BATS_TEST_TMPDIR/out
	{ records 40000; printf 'a foreign line\nhazard\t40001\t2\tnothing\tlast, unended'; } > "$in"
	[ "$(wc -c < "$in")" -gt $((4 * 131072)) ]	# several reads of 128 KiB
	{ cat "$in"; echo; } > "$in.ended"	# the last line is written ended
	for p in light timedice reaction; do
		"$p" - < "$in" | grep -v "^$p	" > "$out"
		cmp "$in.ended" "$out"
	done
	# a foreign line of 300 KiB grows the buffer; a 100 KiB record passes
	# field by field, being longer than the output buffer
	{ head -c 307200 /dev/zero | tr '\0' x; echo
	  printf 'hazard\t1\t2\tnothing\t'; head -c 102400 /dev/zero | tr '\0' y; echo; } > "$in"
	for p in light timedice reaction; do
		"$p" - < "$in" | grep -v "^$p	" > "$out"
		cmp "$in" "$out"
	done
}

@test "filters: a control character at any offset of a record, an empty last field, a 17th field: each a bad record" {
	in=$BATS_TEST_TMPDIR/in
	for i in $(seq 0 24); do
		t=$(printf '%*s' "$i" '' | tr ' ' t)
		printf "hazard\t1\t5\tnothing\tok\nhazard\t2\t5\tnothing\t%s\001%s\n" "$t" "rest of it" > "$in"
		run -2 --separate-stderr reaction - < "$in"
		eq "reaction: stdin:2: bad hazard record: not text (a NUL, a control character or bad UTF-8)" "$stderr"
		eq "hazard	1	5	nothing	ok" "$output"
	done
	printf "hazard\t1\t5\tnothing\tx\t\n" > "$in"
	run -2 --separate-stderr light - < "$in"
	eq "light: stdin:1: bad hazard record: field 6 is empty" "$stderr"
	printf "hazard\t1\t5\tnothing\t%s\n" "$(printf 'x\t%.0s' $(seq 12))x" > "$in"
	run -2 --separate-stderr timedice - < "$in"
	eq "timedice: stdin:1: bad hazard record: more than 16 fields" "$stderr"
}

@test "filters: a turn of 1 to 19 digits is read as its number; a byte that is no digit anywhere in it, or more than 10^18, is a bad record" {
	in=$BATS_TEST_TMPDIR/in
	for t in 1 9 10 99 123 4567 98765 123456 7654321 12345678 99999999 \
	    00000001 0 123456789 0012345678 999999999999999999 1000000000000000000; do
		printf 'hazard\t%s\t1\tencounter\tx\n' "$t" > "$in"
		run -0 --separate-stderr reaction -s 1 - < "$in"
		eq "$(printf '%d' "$((10#$t))")" "$(sed -n '2s/^reaction	\([^	]*\)	.*/\1/p' <<< "$output")"
	done
	for t in 1234567a a2345678 1234:678 1234/678 '12 45678' 1234567. \
	    -1234567 12345678a 1000000000000000001 12345678901234567890; do
		printf 'hazard\t%s\t1\tencounter\tx\n' "$t" > "$in"
		run -2 --separate-stderr reaction -s 1 - < "$in"
		eq "reaction: stdin:1: bad hazard record: turn '$t' is not a whole number" "$stderr"
	done
}

@test "str_cat writes what snprintf's %s%s... writes, cut to fit, and its whole length, on 100,000 cases" {
	eq "100000 0" "$(unit strcat 2026 100000)"
}

@test "the manuals are mandoc -Tlint clean" {
	command -v mandoc > /dev/null || skip "mandoc is not installed"
	run -0 mandoc -Tlint -Wwarning "$TOP"/man/*
	eq "" "$output"
}

@test "the manuals end with one footer: every page says .Os delving" {
	for page in "$TOP"/man/*; do
		eq "$page: .Os delving" "$page: $(grep '^\.Os' "$page")"
	done
}

@test "common/ includes one way: no circle, no arrow up common/LAYERS" {
	run --separate-stderr sh "$TOP/tests/layers.sh" "$TOP/common"
	eq 0 "$status"
	eq "" "$stderr"
	# and a circle is caught: rules.h including party.h again
	mkdir "$BATS_TEST_TMPDIR/c"
	cp "$TOP"/common/*.[ch] "$TOP/common/LAYERS" "$BATS_TEST_TMPDIR/c"
	echo '#include "party.h"' >> "$BATS_TEST_TMPDIR/c/rules.h"
	run -1 --separate-stderr sh "$TOP/tests/layers.sh" "$BATS_TEST_TMPDIR/c"
	eq "layers.sh: rules includes party, a layer above it" \
	    "$(grep layers.sh <<<"$stderr")"
	grep -q 'input contains a loop' <<<"$stderr"
}

@test "err(3) and its kin are called in util.c alone: everywhere else esc_err and its kin, which escape a user's bytes" {
	# a call of err, errx, warn or warnx not spelled esc_... (comments
	# aside): in util.c alone
	calls=$(grep -nE '(^|[^_[:alnum:].>])(err|errx|warn|warnx)\(' \
	    "$TOP"/cmd/*.[ch] "$TOP"/cmd/delve/*.[ch] "$TOP"/common/*.[ch] | grep -vE '^[^:]*:[0-9]+:[[:space:]]*(/\*|\*)')
	eq "$TOP/common/util.c" "$(cut -d: -f1 <<<"$calls" | sort -u)"
	# and util.h no longer redefines them: err(3) is err(3) in this tree
	run grep -cE '^#define (err|errx|warn|warnx)\(' "$TOP/common/util.h"
	eq 0 "$output"
}

# The data a header of common/ or cmd/ exports: a line for each extern that
# is not constant all the way down (a const table of rules, "yes"/"no",
# the layouts, is data and holds no state; a writable object or a pointer
# that can be set is the state of whoever set it last).
writable_externs() {
	awk '/^extern/ && !/\(/ {
		s = $0; sub(/\/\*.*/, "", s)
		t = s; gsub(/\*[[:space:]]*const/, "", t)
		if (s !~ /^extern const / || t ~ /\*/)
			print FILENAME ":" FNR ": " $0
	}' "$@"
}

@test "no hidden state: headers export constant tables alone, and the record writer and its output keep no state of their own" {
	eq "" "$(writable_externs "$TOP"/common/*.h "$TOP"/cmd/delve/*.h)"
	# the check sees what it must: the old exported buffer, a settable pointer
	printf '%s\n' 'extern struct out_buf outbuf;' \
	    'extern const char *last_word;' 'extern const char *const ok[];' \
	    'extern int f(void);' > "$BATS_TEST_TMPDIR/bad.h"
	eq 2 "$(writable_externs "$BATS_TEST_TMPDIR/bad.h" | wc -l)"
	# out.c, recwrite.c, recread.c: no file-scope object that is not const
	# (the writer is its program's, rec_writer_open; the reader, rec_open)
	run grep -nE '^static[[:space:]]+([^c(]|c[^o])[^(]*[;{][[:space:]]*$' "$TOP/common/out.c" \
	    "$TOP/common/recwrite.c" "$TOP/common/recread.c"
	eq 1 "$status"
	eq "" "$output"
	run grep -cE '^static[[:space:]]+([^c(]|c[^o])[^(]*[;{][[:space:]]*$' <<<'static struct {
static char buf[64];
static const char ok[] = "x";
static void
static int f(void) {'
	eq 2 "$output"
}

@test "the record writer counts a turn up in place: from 0, past 9s, the same turn again, after a jump, past its buffer" {
	turns="0 0 1 $(seq -s ' ' 2 5000) 5000 5 99 100 999999 1000000 18446744073709551615"
	run -0 --separate-stderr unit heads $turns
	expected=$(printf '%s\n' $turns | awk '{ printf "unit\t%s\tprepared\nunit\t%s\tbegun\n", $1, $1 }')
	eq "$expected" "$output"
	eq "" "$stderr"
}

# The suite's in-shell stand-ins (tests/helper.bash) answer as the programs
# they replace: a helper that said "same" of any two files, or cut the
# wrong field, would let the tests that use it pass whatever the programs
# did.
@test "the test helpers: same as cmp -s, tabcut as cut -f, sort_line as sort | paste, nap as a pause" {
	local b list line want st
	cd "$BATS_TEST_TMPDIR"
	printf 'a\tb\n' > a
	for b in $'a\tb\n' $'a\tb' $'a\tb\n\n' $'a\tc\n' $'a b\n' ''; do
		printf '%s' "$b" > b
		want=0; cmp -s a b || want=1
		st=0; same a b || st=1
		eq "$want" "$st"
	done
	# a NUL, which the shell cannot hold: cmp's answer
	printf 'a\0x' > a; printf 'a\0y' > b
	! same a b || false
	printf 'a\0y' > a
	same a b
	! same a missing || false
	line=$'one\ttwo\t\tfour\tfive'
	for list in 1 2 3 4 5 6 2-4 -2 3- 1,4 4,1 2,2 1-2,4-; do
		eq "$(printf '%s\n' "$line" | cut -f "$list")" "$(tabcut "$list" "$line")"
	done
	eq "solo" "$(tabcut 2 solo)"
	eq "$(printf 'b\nA\na b\n\nc\n' | LC_ALL=C sort | paste -sd' ' -)" \
	    "$(printf 'b\nA\na b\n\nc\n' | sort_line)"
	SECONDS=0
	nap 1.2
	nap 0.01
	(( SECONDS >= 1 ))
}

# bash's set -e, by which bats fails a test, ignores a command negated with
# !: a bare `! grep -q x out` passes whatever grep finds (60 such lines
# once passed so; one had been false all along).  A negated command is an
# assertion only with `|| false` (or another list) after it.
@test "every negated command in the tests is an assertion: ! CMD || false" {
	run -0 awk '/^[ \t]+! / && !/\|\|/ && !/(\||\\|&&)[ \t]*$/ { print FILENAME ":" FNR ": " $0 }' "$TOP"/tests/*.bats
	eq "" "$output"
}
