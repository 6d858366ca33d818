#!/usr/bin/env bats
# Reproducibility across platforms (delving(7) RANDOM NUMBERS): the golden
# files and the generator's reference vectors must come out the same from a
# 32-bit build and from a big-endian build run under qemu-user, and so must
# every seeded roll of every operator and rules name: the other build's
# output is compared byte for byte with this build's, whose fairness the
# other files prove (chi-square at fixed seeds).  An equal stream is a
# stronger proof than a second chi-square under emulation, and a
# fortieth of its time.  Each test builds a copy of the tree with the other
# compiler, puts wrappers for its programs first on PATH (DELVING_BIN), and
# runs the golden tests again.
load helper

# build DIR MAKEARGS...: build a copy of the tree in DIR with MAKEARGS.
build() {
	local dir=$1; shift
	mkdir -p "$dir"
	cp -R "$TOP/Makefile" "$TOP/cmd" "$TOP/common" "$TOP/tests" "$dir/"
	rm -rf "$dir/bin" "$dir/tests/unit" "$dir"/common/*.o "$dir"/common/*.a
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$dir" "$@" all tests/unit \
	    > "$dir/build.log" 2>&1
}

# wrap DIR RUNNER: wrappers in DIR/wrap that run DIR's programs through RUNNER.
wrap() {
	local dir=$1 runner=$2 p
	mkdir -p "$dir/wrap"
	for p in "$dir"/bin/* "$dir/tests/unit"; do
		printf '#!/bin/sh\nexec %s %s "$@"\n' "$runner" "$p" > "$dir/wrap/${p##*/}"
		chmod +x "$dir/wrap/${p##*/}"
	done
}

# goldens DIR: the golden-file and vector tests of every other test file,
# with DIR's programs (never this file: it would build and run itself again).
goldens() {
	local names='golden|reference|FNV|seed word' files=() f
	# only the files that have such a test: bats reads each file it is
	# given, about 0.15 s of CPU a file, whether a test of it runs or not
	for f in "$TOP"/tests/*.bats; do
		[ "${f##*/}" = platforms.bats ] ||
		    ! grep -qE "^@test \".*($names)" "$f" || files+=("$f")
	done
	DELVING_BIN=$1/wrap bats -f "$names" "${files[@]}"
}

# streams: seeded commands, one a line, whose output this build and the
# other must give byte for byte: every operator the fairness tests roll
# (dice.bats, roll.bats, common.bats), each die shown (-v); the d20 with
# advantage and disadvantage (chase.bats, reaction.bats); a table of
# unequal ranges (tables.bats); every rules name's turns with a party.
streams() {
	local e r
	for e in 3d6 d6 d% 2d20kh1 3d6r1 3d6ro1 4d6dl1 '2d6!' '10d10>=8' 4dF \
	    '(2d6+3)*2' 2d4+1d6 d20//3 '6d6>4f1' 'd6!>4' '4d6!kh3' 'd6!p' \
	    '3d6!!>=5kl2' 'd6*d6' '{d6,d8}kh1' 8d6mi2 '6d10!>=9>=8' 2d8r1r3 \
	    'max(d6,d8)%5' '(d3)d6' '{4d6+2d8,3d20+3}kh1' 4d6u d1000000; do
		echo "roll -s 2026 -n 2000 -v '$e'"
	done
	printf 'die: 2d6\n2-4 low\n5-9 middle\n10 high\n11-12 top\n' > "$BATS_TEST_TMPDIR/uneq"
	printf 'Ash con=1 wis=0 str=2 best=1 resilience=9 hp=12 hpmax=12\nBo con=-1 wis=2 str=0 best=0 resilience=11 hp=7 hpmax=9\n' \
	    > "$BATS_TEST_TMPDIR/party"
	echo "roll -s 2026 -n 2000 -t $BATS_TEST_TMPDIR/uneq"
	echo "chase -s 7 -a -n 2000 open"
	echo "chase -s 7 -d -n 2000 uneven"
	echo "reaction -s 7 -a -n 2000 morale"
	for r in exploration bookkeeping delving dungeonturn alarm; do
		echo "hazard -r $r -s 7 -n 2000 -p $BATS_TEST_TMPDIR/party"
	done
	echo "hazard -r travel -s 7 -n 2000 | light -l torch,lantern - | timedice - | reaction -"
}

# same DIR: each of streams' commands gives the same bytes with DIR's
# programs as with this build's; the first that differs is named.
same() {
	local cmd
	while IFS= read -r cmd; do
		(trap - DEBUG; eval "$cmd") > "$BATS_TEST_TMPDIR/here" 2>&1 || :
		(trap - DEBUG; PATH=$1/wrap:$PATH; eval "$cmd") > "$BATS_TEST_TMPDIR/there" 2>&1 || :
		[ -s "$BATS_TEST_TMPDIR/here" ] || { echo "no output: $cmd" >&2; return 1; }
		cmp "$BATS_TEST_TMPDIR/here" "$BATS_TEST_TMPDIR/there" >&2 ||
		    { echo "differs: $cmd" >&2; return 1; }
	done < <(streams)
}

@test "the golden files and reference vectors hold on a 32-bit build (i686)" {
	echo 'int main(void) { return 0; }' > "$BATS_TEST_TMPDIR/t.c"
	if i686-linux-gnu-gcc -static -o "$BATS_TEST_TMPDIR/t" "$BATS_TEST_TMPDIR/t.c" 2>/dev/null &&
	    "$BATS_TEST_TMPDIR/t"; then
		cc32="i686-linux-gnu-gcc" ar32=i686-linux-gnu-ar ld32=-static
	elif gcc -m32 -o "$BATS_TEST_TMPDIR/t" "$BATS_TEST_TMPDIR/t.c" 2>/dev/null; then
		cc32="gcc -m32" ar32=ar ld32=
	else
		skip "no 32-bit compiler (apt-get install gcc-i686-linux-gnu libc6-dev-i386-cross)"
	fi
	d=$BATS_TEST_TMPDIR/i686
	build "$d" CC="$cc32" AR="$ar32" LDFLAGS="$ld32" || { cat "$d/build.log" >&2; false; }
	[ "$(od -An -tx1 -j4 -N1 "$d/bin/hazard" | tr -d ' ')" = 01 ]	# ELF class: 32-bit
	wrap "$d" ""
	run goldens "$d"
	echo "# $(echo "$output" | grep -c "^ok") golden and vector tests passed" >&3
	[ "$status" -eq 0 ] || { echo "$output" | grep -A5 'not ok' >&2; false; }
	echo "$output" | grep -q '^ok'
	same "$d"
}

@test "the golden files and reference vectors hold on big-endian s390x under qemu-user" {
	command -v s390x-linux-gnu-gcc > /dev/null ||
	    skip "no s390x cross compiler (apt-get install gcc-s390x-linux-gnu libc6-dev-s390x-cross)"
	command -v qemu-s390x > /dev/null || skip "no qemu-s390x (apt-get install qemu-user)"
	d=$BATS_TEST_TMPDIR/s390x
	build "$d" CC=s390x-linux-gnu-gcc AR=s390x-linux-gnu-ar LDFLAGS=-static ||
	    { cat "$d/build.log" >&2; false; }
	wrap "$d" qemu-s390x
	[ "$(od -An -tx1 -j5 -N1 "$d/bin/hazard" | tr -d ' ')" = 02 ]	# ELF data: big-endian
	run goldens "$d"
	echo "# $(echo "$output" | grep -c "^ok") golden and vector tests passed" >&3
	[ "$status" -eq 0 ] || { echo "$output" | grep -A5 'not ok' >&2; false; }
	echo "$output" | grep -q '^ok'
	same "$d"
}
