#!/usr/bin/env bats
# Every EXAMPLES line of every manual, run in order in one scratch directory
# per page and checked against tests/examples/PAGE.out byte for byte, as
# OpenBSD's regress/usr.bin/jot runs jot(1)'s examples.  A line that rolls
# without -s rolls with DELVING_SEED=example.  The expected file holds each
# command after "$ ", then what it printed on stdout and stderr, then
# "[exit N]" when N is not 0.  `date +%F` says 2026-11-27 there
# (tests/examples/path), so an example seeded from the date is pinned too.
# An example that prints nothing, and writes no file either, fails: it
# shows a reader nothing.
# UPDATE_GOLDEN=1 rewrites the expected files (then review the diff).
load helper

# run_examples PAGE: the transcript of PAGE's examples on stdout.
run_examples() {
	local page=$1 cmd rc out
	mkdir -p "$BATS_TEST_TMPDIR/$page" && cd "$BATS_TEST_TMPDIR/$page" || return
	# what the pages take as given: a rules document holding a table
	cp "$TOP/tests/tables/000-exploration.txt" hazards.md	# the whole of 000
	cp "$TOP/tests/tables/crypt.md" crypt.md
	cp "$TOP/tests/tables/004-gameplay.txt" gameplay.txt
	# roll(6) writes its Foundry JSON, Obsidian vault and CSV itself
	while IFS= read -r cmd; do
		printf '$ %s\n' "$cmd"
		before=$(ls -l 2>/dev/null | md5sum)
		# tmux (delve(6)'s layout) on a server of the page's own
		out=$(PATH="$TOP/tests/examples/path:$PATH" DELVING_SEED=example \
		    TMUX_TMPDIR="$BATS_TEST_TMPDIR" env -u TMUX bash -c "$cmd" 2>&1 < /dev/null)
		rc=$?
		[ -z "$out" ] || printf '%s\n' "$out"
		[ "$rc" -eq 0 ] || printf '[exit %d]\n' "$rc"
		if [ -z "$out" ] && [ "$before" = "$(ls -l | md5sum)" ]; then
			echo "example shows nothing: $cmd" >&2
			return 1
		fi
	done < <(man_examples "$page")
}

# check_page PAGE: its examples as tests/examples/PAGE.out has them.
check_page() {
	local want="$TOP/tests/examples/$1.out" got="$BATS_TEST_TMPDIR/$1.out"
	[ -n "$(man_examples "$1")" ] || { echo "$1 has no EXAMPLES" >&2; return 1; }
	if man_examples "$1" | grep -q '| jq ' && ! command -v jq > /dev/null; then
		skip "jq is not installed: $1 pipes an example into it"
	fi
	if man_examples "$1" | grep -q '^tmux ' && ! command -v tmux > /dev/null; then
		skip "tmux is not installed: $1 lays out a session in it"
	fi
	untraced run_examples "$1" > "$got" || return 1	# a loop of many commands
	if [ -n "${UPDATE_GOLDEN:-}" ]; then cp "$got" "$want"; fi
	cmp -s "$want" "$got" || { diff -u "$want" "$got" | head -60 >&2; return 1; }
}

@test "chase(6) EXAMPLES print what tests/examples/chase.6.out says" { check_page chase.6; }
@test "delve(6) EXAMPLES print what tests/examples/delve.6.out says" { check_page delve.6; }
@test "delving(7) EXAMPLES print what tests/examples/delving.7.out says" { check_page delving.7; }
@test "hazard(6) EXAMPLES print what tests/examples/hazard.6.out says" { check_page hazard.6; }
@test "light(6) EXAMPLES print what tests/examples/light.6.out says" { check_page light.6; }
@test "reaction(6) EXAMPLES print what tests/examples/reaction.6.out says" { check_page reaction.6; }
@test "return(6) EXAMPLES print what tests/examples/return.6.out says" { check_page return.6; }
@test "roll(6) EXAMPLES print what tests/examples/roll.6.out says" { check_page roll.6; }
@test "timedice(6) EXAMPLES print what tests/examples/timedice.6.out says" { check_page timedice.6; }

@test "every manual has its line above" {
	for p in "$TOP"/man/*.[67]; do
		grep -q "check_page ${p##*/};" "$BATS_TEST_FILENAME" || { echo "no test for ${p##*/}" >&2; false; }
	done
}
