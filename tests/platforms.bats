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
	make -s -C "$dir" "$@" all tests/unit > "$dir/build.log" 2>&1
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

# goldens DIR: the golden-file and vector tests, with DIR's programs.
goldens() {
	DELVING_BIN=$1/wrap bats -f 'golden|reference|FNV|seed word|fair|39/400' "$TOP"/tests/*.bats
}

@test "the golden files and reference vectors hold on a 32-bit build (-m32)" {
	echo 'int main(void) { return 0; }' > "$BATS_TEST_TMPDIR/t.c"
	gcc -m32 -o "$BATS_TEST_TMPDIR/t" "$BATS_TEST_TMPDIR/t.c" 2>/dev/null ||
	    skip "gcc -m32 cannot build here (apt-get install gcc-multilib)"
	d=$BATS_TEST_TMPDIR/m32
	build "$d" CC="gcc -m32" || { cat "$d/build.log" >&2; false; }
	file "$d/bin/hazard" 2>/dev/null | grep -q '32-bit' || [ "$(od -An -tx1 -j4 -N1 "$d/bin/hazard" | tr -d ' ')" = 01 ]
	wrap "$d" ""
	run goldens "$d"
	echo "$output" | tail -3 >&3
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
	eq "$(printf '\001')" "$(printf '\001')"
	[ "$(od -An -tx1 -j5 -N1 "$d/bin/hazard" | tr -d ' ')" = 02 ]	# ELF data: big-endian
	run goldens "$d"
	echo "$output" | tail -3 >&3
	[ "$status" -eq 0 ] || { echo "$output" | grep -A5 'not ok' >&2; false; }
	echo "$output" | grep -q '^ok'
}
