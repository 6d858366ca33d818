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
	! grep -q 'takes 1 damage' <<<"$output" || false
	# -v and -j say the same
	run -0 hazard -r delving -D 3 -s 1 -j
	case $output in *'takes 3 damage (harsh conditions)'*) ;; *) false;; esac
	# without -D, the seed's own words
	run -0 hazard -r delving -s 1
	eq "hazard	1	2	fatigue	Fatigue: each party member takes 1 damage unless they spend the next turn resting." "$output"
}

@test "001: its own hazard table loaded with -t rolls a dungeon shift on row 4 'DUNGEON SHIFT'" {
	run -0 hazard -r delving -t "$TOP/tests/tables/001-delving.txt" -s 1 -n 40
	! grep -q '	dungeon	' <<<"$output" || false
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
# ---- the table

# rows: rules.tsv's rows, comments and the header skipped.
rows() { awk -F'\t' '!/^#/ && NF && $1 != "seed"' "$TOP/tests/rules.tsv"; }

@test "rules.tsv: every row has its seed, a quote, who applies it and a test; every named test exists" {
	bad=$(rows | awk -F'\t' 'NF != 6 || $1 !~ /^00[0-4]$/ || $2 == "" || $3 == "" ||
	    $4 !~ /^(rule|decision|GM|missing)$/ || $5 == "" || ($4 == "missing") != ($3 ~ /^not automated: /) ||
	    ($4 == "decision" && $6 == "-") { print NR ": " $0 }')
	eq "" "$bad"
	# each TEST is FILE.bats: NAME, and FILE has a test of that name; only
	# the GM's rows and those not automated go without
	while IFS=$'\t' read -r seed quote who kind test why; do
		case $test in
		-) [ "$kind" = GM ] || [ "$kind" = missing ] || { echo "no test for: $quote ($who)"; false; } ;;
		*.bats:\ *)
			file=${test%%:*} name=${test#*: }
			grep -qF "@test \"$name\"" "$TOP/tests/$file" || { echo "no such test: $test"; false; } ;;
		*) echo "not FILE.bats: NAME: $test"; false ;;
		esac
	done < <(rows)
}

@test "rules.tsv: every test whose name quotes a seed (NNN: or NNN 'quote') is in the table" {
	cd "$TOP/tests"
	missing=$(grep -H '^@test "' *.bats | sed -n 's/^\([a-z]*\.bats\):@test "\(.*\)" {$/\1: \2/p' |
	    grep -E '^[a-z]+\.bats: (.*[ (])?00[0-4]( \x27|:)' | while IFS= read -r t; do
		cut -f5 rules.tsv | grep -qxF "$t" || echo "$t"
	done)
	eq "" "$missing"
}

@test "rules.tsv: delving(7)'s list of the suite's decisions is the table's rows marked decision" {
	want=$(rows | awk -F'\t' '$4 == "decision" { print $1 ": " $2 }' | sort)
	[ -n "$want" ]
	got=$(awk '/^\.S[hs] / { on = /^\.Ss The suite.s decisions/ } on' "$TOP/man/delving.7" |
	    sed -n 's/^\.It \(00[0-4]\): \(.*\)$/\1: \2/p' | sed 's/\\(lq/"/g; s/\\(rq/"/g' | sort)
	eq "$want" "$got"
	# and the rules not automated, the rows marked missing
	want=$(rows | awk -F'\t' '$4 == "missing" { print $1 ": " $2 }' | sort)
	got=$(awk '/^\.S[hs] / { on = /^\.Ss Rules not automated/ } on' "$TOP/man/delving.7" |
	    sed -n 's/^\.It \(00[0-4]\): \(.*\)$/\1: \2/p' | sort)
	[ -n "$want" ]
	eq "$want" "$got"
}
