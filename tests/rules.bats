#!/usr/bin/env bats
# Every rule of the five seeds, where its seed puts it (issue 27):
# tests/rules.tsv maps each rule to the program that applies it and the test
# that proves it; the tests here check the table, and the numbers the
# sentences say.

load helper

# ---- numbers in sentences

@test "001: 'The damage may be higher [in] dungeons with harsh conditions': with -D the fatigue row says the damage dealt" {
	run -0 hazard -r delving -D 2 -s 1 -n 30
	n=$(grep -c '	fatigue	' <<<"$output")
	[ "$n" -gt 0 ]
	eq "$n" "$(grep -c '	fatigue	Fatigue: each party member takes 2 damage (harsh conditions) unless they spend the next turn resting\.$' <<<"$output")"
	! grep -q 'takes 1 damage' <<<"$output"
	# -v and -j say the same
	run -0 hazard -r delving -D 3 -s 1 -j
	case $output in *'takes 3 damage (harsh conditions)'*) ;; *) false;; esac
	# without -D, the seed's own words
	run -0 hazard -r delving -s 1
	eq "hazard	1	2	fatigue	Fatigue: each party member takes 1 damage unless they spend the next turn resting." "$output"
}

@test "001: its own hazard table loaded with -t rolls a dungeon shift on row 4 'DUNGEON SHIFT'" {
	run -0 hazard -r delving -t "$TOP/tests/tables/001-delving.txt" -s 1 -n 40
	! grep -q '	dungeon	' <<<"$output"
	n=$(awk -F'\t' '$3 == 4' <<<"$output" | wc -l)
	[ "$n" -gt 0 ]
	eq "$n" "$(awk -F'\t' '$3 == 4 && $4 == "shift"' <<<"$output" | wc -l)"
}

@test "004: the travel table's row 11-19 keeps the seed's 'gradually' and 'suspicious'" {
	run -0 roll -s 1 -n 60 -t travel
	line=$(awk -F'\t' '$5 == "worsens" { print $6; exit }' <<<"$output")
	case $line in *"Environment gradually escalates"*|*"environment gradually escalates to hostility"*) ;; *) false;; esac
	case $line in *"suspicious"*) ;; *) false;; esac
}
