#!/usr/bin/env bats
# Reproducibility across platforms (delving(7) RANDOM NUMBERS): the golden
# files and the generator's reference vectors must come out the same from a
# 32-bit build and from a big-endian build run under qemu-user.  Each test
# builds a copy of the tree with the other compiler, puts wrappers for its
# programs first on PATH (DELVING_BIN), and runs the golden tests again.
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
	local files=() f
	for f in "$TOP"/tests/*.bats; do
		[ "${f##*/}" = platforms.bats ] || files+=("$f")
	done
	DELVING_BIN=$1/wrap bats -f 'golden|reference|FNV|seed word|fair|39/400' "${files[@]}"
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
}
