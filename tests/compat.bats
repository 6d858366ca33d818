#!/usr/bin/env bats
# The peers' cases (issue 25): tests/roll-compat.tsv holds what Roll20,
# rpg-dice-roller, avrae's d20, rolldice and dicelab make of an expression,
# from their own docs and tests, and what roll makes of it; roll-compat.sh
# checks every row against roll; roll(6) COMPATIBILITY is made from the
# table by roll-compat-man.awk.  Rows known to fail until roll is fixed are
# listed in roll-compat.expect-fail: the list can only shrink.
load helper

TABLE="$TOP/tests/roll-compat.tsv"
EXPECT="$TOP/tests/roll-compat.expect-fail"

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# rows: the table without its comments and header.
rows() {
	grep -v '^#' "$TABLE" | tail -n +2
}

@test "roll-compat.tsv: at least 169 cases, each a full row with a source and a verdict" {
	eq "op	expr	peer	peer_form	peer_meaning	source	verdict	roll_meaning" \
	    "$(grep -v '^#' "$TABLE" | head -1)"
	[ "$(rows | wc -l)" -ge 169 ]
	rows | awk -F'\t' '
	    function bad(why) { print "row " NR ": " why ": " $0 > "/dev/stderr"; err = 1 }
	    NF != 8 { bad(NF " fields"); next }
	    $3 !~ /^(roll20|rpg-dice-roller|avrae-d20|foundry|rolldice|dicelab)$/ { bad("unknown peer") }
	    length($6) < 10 { bad("no source") }
	    $7 == "same" && $5 !~ /^-?[0-9]+\.\.(-?[0-9]+|inf)( mean=[-0-9.\/]+)?( dist=[-0-9.:\/,]+)?$/ { bad("same, and the peer meaning is not checkable") }
	    $7 == "same" && $8 != "-" { bad("same, with a roll meaning") }
	    $7 ~ /^differs: ./ && $8 !~ /^-?[0-9]+\.\.(-?[0-9]+|inf)( mean=[-0-9.\/]+)?( dist=[-0-9.:\/,]+)?$/ { bad("differs, without a checkable roll meaning") }
	    $7 ~ /^refused: ./ && $8 != "-" { bad("refused, with a roll meaning") }
	    $7 ~ /^dialect: ./ && $5 !~ /^-?[0-9]+\.\.(-?[0-9]+|inf)( mean=[-0-9.\/]+)?( dist=[-0-9.:\/,]+)?$/ { bad("dialect, and the peer meaning is not checkable") }
	    $7 ~ /^dialect: ./ && $8 !~ /^(-?[0-9]+\.\.(-?[0-9]+|inf)( mean=[-0-9.\/]+)?( dist=[-0-9.:\/,]+)?|error: .+)$/ { bad("dialect, without a checkable roll meaning") }
	    $7 ~ /^dialect: ./ && $3 ~ /^(rolldice|dicelab)$/ { bad("dialect, of a peer roll has no dialect of") }
	    $7 !~ /^(same|refused: .+|differs: .+|dialect: .+)$/ { bad("verdict") }
	    ($2 SUBSEP $3) in seen { bad("twice") } { seen[$2, $3] }
	    END { exit err }'
}

@test "roll-compat.tsv covers every form of issue 25, for the peer that has it" {
	for form in '!' '!!' '!p' 'cs' 'cf' '//' 'rr' 'd6*d6' '60/1d6' '(1+1)d6' 'd(2d4)' '%' '**' '^' \
	    'floor(' 'ceil(' 'round(' 'abs(' 'min(' 'max(' '0d6' '!=' '<>' 'r1r3' 'u' 'mi' 'ma' \
	    '{4d6+2d8, 3d20+3}kh1' 'kh' 'kl' 'dh' 'dl' 'ro' 'r<' 'f' 'dF' 'd%' '}>' '}k' '}d' 's'; do
		rows | cut -f2 | grep -qF -e "$form" || { echo "no case has $form" >&2; false; }
	done
	for peer in roll20 rpg-dice-roller avrae-d20 rolldice dicelab; do
		[ "$(rows | awk -F'\t' -v p="$peer" '$3 == p' | wc -l)" -ge 10 ]
	done
}

@test "issue 36: each dialect has at least 60 of its peer's cases, each checked with -D too; the conflicts of the issue are rows" {
	for peer in roll20 rpg-dice-roller avrae-d20 foundry; do
		n=$(rows | awk -F'\t' -v p="$peer" '$3 == p' | wc -l)
		[ "$n" -ge 60 ] || { echo "$peer: $n cases" >&2; false; }
	done
	for row in '20d20r	foundry	dialect' '6d6cf<=3	foundry	dialect' '1d%	avrae-d20	dialect' \
	    '1d% % 10	avrae-d20	dialect' '1d6rol1	avrae-d20	dialect' '3d6>3	roll20	dialect' \
	    '20d20k	foundry	same' '20d20dh	foundry	same' '5d10xo	foundry	same' '6d6even	foundry	same' \
	    '{3+4d6, 5d2*6d3}dh2	rpg-dice-roller	same' '{7d%, 4*2d6, 7d10-2}d3	rpg-dice-roller	same' \
	    '3d6kh5	avrae-d20	same' 'd6s1	rolldice	same' '4d20max-12	rpg-dice-roller	same' \
	    '4d20min-12	rpg-dice-roller	same' '4d6s	rpg-dice-roller	same' '8d6sd	roll20	same' \
	    '42d2!=6!!>4!p<5	rpg-dice-roller	differs' 'ceil(7/2+1)	rpg-dice-roller	differs' \
	    'round(7/2*3)	rpg-dice-roller	differs' '8d6m	roll20	same' '8d6mt	roll20	same'; do
		rows | awk -F'\t' -v r="$row" 'BEGIN { split(r, w, "\t") }
		    $2 == w[1] && $3 == w[2] && index($7, w[3]) == 1 { f = 1 } END { exit !f }' ||
		    { echo "no row $row" >&2; false; }
	done
}

@test "every case means in roll what its verdict says (but those of roll-compat.expect-fail)" {
	run --separate-stderr sh "$TOP/tests/roll-compat.sh" "$TABLE" "$EXPECT"
	grep '^XFAIL' <<< "$output" | wc -l | sed 's/^/known failures: /' >&3
	[ "$status" -eq 0 ] || { grep -v '^XFAIL' <<< "$output" >&2; false; }
	[ -z "$stderr" ]
}

@test "roll-compat.expect-fail names only rows of the table, once each" {
	[ ! -s "$EXPECT" ] || {
		eq "" "$(sort "$EXPECT" | uniq -d)"
		eq "" "$(comm -23 <(sort "$EXPECT") <(rows | cut -f2,3 | sort))"
	}
}

@test "roll-compat.sh fails a wrong row, and a listed row that passes" {
	row() { printf 'basic\t%s\troll20\t-\t%s\tx\t%s\t%s\n' "$@" >> t.tsv; }
	printf 'op\texpr\tpeer\tpeer_form\tpeer_meaning\tsource\tverdict\troll_meaning\n' > t.tsv
	row 3d6 '3..18 mean=21/2' same -
	run -0 sh "$TOP/tests/roll-compat.sh" t.tsv
	eq "roll-compat: 1 passed, 0 failed, 0 known failures, 0 fixed but still listed" "$output"
	row 2d6 '2..13' same -
	row 2d6+1 '3..13 mean=8.1' same -
	row 4dF '-4..4 dist=0:1/2' same -
	row d6 '1..6' 'refused: no' -
	row 3d6+ '3..18' same -
	row 1000d6kh500 '500..1000' same -
	row d8 '1..8' 'differs: x' '2..8'
	row d20 '1..20' 'refused: no' -
	row 'd6!' '1..inf' same -
	printf '3d6\troll20\nd20\troll20\n' > t.expect
	run -1 sh "$TOP/tests/roll-compat.sh" t.tsv t.expect
	eq "XPASS 2 basic 3d6 (roll20): passes now; take it off t.expect" "${lines[0]}"
	eq "FAIL 3 basic 2d6 (roll20): highest total 12, not 13" "${lines[1]}"
	eq "FAIL 4 basic 2d6+1 (roll20): mean 8.0000, not 8.1" "${lines[2]}"
	[[ ${lines[3]} == "FAIL 5 basic 4dF (roll20): "* ]]
	[[ ${lines[4]} == "FAIL 6 basic d6 (roll20): rolls (status 0: "*") where it should be refused" ]]
	eq "FAIL 7 basic 3d6+ (roll20): refused: roll: 3d6+: position 5: expected a term" "${lines[5]}"
	[[ ${lines[6]} == "FAIL 8 basic 1000d6kh500 (roll20): rolled "*", above 1000" ]]
	eq "FAIL 9 basic d8 (roll20): lowest total 1, not 2" "${lines[7]}"
	[[ ${lines[8]} == "XFAIL 10 basic d20 (roll20): rolls "* ]]
	eq "roll-compat: 1 passed, 7 failed, 1 known failures, 1 fixed but still listed" "${lines[9]}"
	run -0 sh "$TOP/tests/roll-compat.sh" -l t.tsv
	eq "$(printf '2d6\troll20\n2d6+1\troll20\n4dF\troll20\nd6\troll20\n3d6+\troll20\n1000d6kh500\troll20\nd8\troll20\nd20\troll20')" "$output"
}

@test "roll(6) COMPATIBILITY is the section made from roll-compat.tsv" {
	awk -f "$TOP/tests/roll-compat-man.awk" "$TABLE" > section
	if [ -n "${UPDATE_GOLDEN:-}" ]; then
		awk -v f=section '/^\.Sh COMPATIBILITY/ { skip = 1; while ((getline l < f) > 0) print l; next }
		    skip && /^\.Sh / { skip = 0 } !skip' "$TOP/man/roll.6" > roll.6
		cp roll.6 "$TOP/man/roll.6"
	fi
	awk '/^\.Sh COMPATIBILITY/ { on = 1 } on && /^\.Sh / && !/COMPATIBILITY/ { on = 0 } on' \
	    "$TOP/man/roll.6" > have
	diff -u section have >&2
	# between EXAMPLES and SEE ALSO, as mdoc(7) orders its own
	eq "EXAMPLES COMPATIBILITY SEE ALSO" \
	    "$(grep '^\.Sh ' "$TOP/man/roll.6" | sed 's/^\.Sh //' | grep -A1 -B1 '^COMPATIBILITY' | tr '\n' ' ' | sed 's/ $//')"
	# every case roll refuses or reads otherwise is named there
	rows | awk -F'\t' '$7 != "same" { print $2 }' | while IFS= read -r e; do
		grep -qF -e ".It Ql \"$e\"" section || { echo "not in the section: $e" >&2; false; }
	done
}
