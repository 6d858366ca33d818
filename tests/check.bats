#!/usr/bin/env bats
# One check for every roll (issue 27): every d20 check of every program is
# rolled by check_roll (common/check.c), which applies each seed's
# conditions under its own rules name and says them.

load helper

party() {
	printf 'Ann con=1 wis=1 best=2 str=1 dex=1 exhausted=1\nBo con=0 wis=0 best=1 str=0 dex=0 load=12 strength=10\nCy con=0 wis=0 best=1 str=0 dex=0 tired=1\n' > "$BATS_TEST_TMPDIR/p"
}

# rolls_outside FILE...: the lines that roll a d20 check other than through
# check_roll: the d20 helpers (static in common/check.c), a bare d20 from the
# generator, a dice struct of 20 sides made by hand, a d20 read from a
# string outside a comment.  roll(6) is the one program that rolls the
# user's own expressions (d20 by default, roll -c DC d20+3): a check of the
# user's dice, not of a character, it is passed over for the string alone.
rolls_outside() {
	{ grep -nE '\bdice_d20\b|\bdice_check\b|rng_(die|below)\([^;]*\b20\b|sides *= *20\b|\{ *[12] *, *20 *,' "$@"
	  grep -nE '"[12]?d20' "$@" | grep -vE '^([^:]*:)?[0-9]+:[[:space:]]*/?\*' | grep -v '^cmd/roll\.c:'
	} | grep -v -e '^[^:]*common/check\.c:' -e "a table's die, not a check"
}

@test "no program rolls a d20 check but through check_roll (common/check.c)" {
	cd "$TOP"
	run rolls_outside cmd/*.c cmd/delve/*.c common/*.c common/*.h
	eq "" "$output"
	# the same grep finds each way around it
	mkdir -p "$BATS_TEST_TMPDIR/cmd"
	printf '%s\n' 'dice_d20(&d20, 1);' 'dice_check(&c, &d20, r, 0, 12);' \
	    'roll = rng_die(&run->rng, 20);' 'd.sides = 20;' \
	    'struct dice d = { 1, 20, 1, 1, 0 };' '#define D20 { 1, 20, 1, 1, 0 }' \
	    'dice_read(&d20, "1d20", &scratch);' ' * a comment on "d20 Effects"' \
	    > "$BATS_TEST_TMPDIR/cmd/x.c"
	run rolls_outside "$BATS_TEST_TMPDIR/cmd/x.c"
	eq 7 "${#lines[@]}"
	# and the d20 helpers cannot be called from another file
	! grep -n 'dice_d20\|dice_check' common/dice.h common/check.h || false
}

@test "check: 001's -10 in total darkness on checks of movement or coordination, under delving only" {
	eq '-10, with -10 (total darkness, 001: "checks involving movement or coordination have a -10 penalty")' "$(unit check delving 1 1 0 7)"
	eq 0 "$(unit check delving 1 0 0 7)"		# not a check of movement
	eq 0 "$(unit check delving 0 1 0 7)"		# light
	eq 0 "$(unit check travel 1 1 0 7)"		# 004's darkness is the GM's
	eq 0 "$(unit check alarm 1 1 0 7)"
	case $(unit check exploration 1 1 0 7) in '0, at disadvantage (no light, 000: "Setback on all rolls")'*) ;; *) false;; esac
	# advantage and disadvantage cancel, both named (the suite's decision)
	case $(unit check exploration 1 0 1 7) in '0, advantage and disadvantage cancel (-a; no light, 000: "Setback on all rolls")'*) ;; *) false;; esac
}

@test "hazard: 000 'No light: ... Setback on all rolls' reaches the CON saves (-L dark), under exploration and bookkeeping" {
	party
	for r in exploration bookkeeping; do
		run -0 hazard -r $r -s 3 -n 40 -p "$BATS_TEST_TMPDIR/p" -L dark
		n=$(grep -c '	save	' <<<"$output")
		[ "$n" -gt 0 ]
		eq "$n" "$(grep -c '	save	.*, at disadvantage (no light, 000: "Setback on all rolls")' <<<"$output")"
		# lit: a single d20, no word of it; 004's load and exhaustion are not 000's
		run -0 hazard -r $r -s 3 -n 40 -p "$BATS_TEST_TMPDIR/p" -L dim
		! grep -q 'disadvantage' <<<"$output" || false
	done
	run -2 --separate-stderr hazard -L dusk
	eq "hazard: -L: 'dusk': not a light level (bright, dim, dark, darkness, well-lit, brilliant)" "$stderr"
}

@test "hazard hide: 003's Stealth takes none of 004's load or exhaustion nor 000's darkness" {
	party
	# 003 has no darkness rule: -L is refused there
	run -2 --separate-stderr hazard -r alarm -s 5 -p "$BATS_TEST_TMPDIR/p" -L dark hide
	eq "hazard: -L: the alarm rules roll no check the light changes (-L is for the CON saves of exploration and bookkeeping)" "$stderr"
	run -0 hazard -r alarm -s 5 -n 30 -p "$BATS_TEST_TMPDIR/p" hide
	[ "$(grep -c '	stealth	' <<<"$output")" -eq 90 ]
	! grep -q 'disadvantage' <<<"$output" || false
	# the user's -d is still said
	run -0 hazard -r alarm -s 5 -p "$BATS_TEST_TMPDIR/p" -d hide
	eq 3 "$(grep -c '	stealth	.*, at disadvantage\.$' <<<"$output")"
}

@test "reaction morale: 004's load and exhaustion give disadvantage, said with 004's words; the kept d20 is the lower" {
	party
	run --separate-stderr reaction -v -s 3 -n 20 -p "$BATS_TEST_TMPDIR/p" morale
	[ "$status" -le 1 ]
	eq 20 "$(grep -c '^reaction	[0-9]*	[0-9]*	[0-9]*	[a-z]*	Ann .*at disadvantage (exhausted, 004: "they suffer disadvantage on all checks").*\[2d20kl1: ' <<<"$output")"
	eq 20 "$(grep -c 'Bo .*at disadvantage (2 load over STR 10, 004: "forces disadvantage on all checks").*\[2d20kl1: ' <<<"$output")"
	eq 20 "$(grep -c 'Cy .*\[d20: ' <<<"$output")"
	# ROLL is the lower of the two d20s
	run -0 awk -F'\t' '$6 ~ /2d20kl1/ { split($6, a, /kl1: /); split(a[2], f, /[,\]]/); lo = f[1] < f[2] ? f[1] : f[2]; if ($3 != lo) print }' <<<"$output"
	eq "" "$output"
}

@test "reaction surprise: 002's exhaustion under dungeonturn ('make rolls at disadvantage'), 002's tiredness nothing" {
	party
	run --separate-stderr reaction -v -r dungeonturn -s 3 -n 10 -p "$BATS_TEST_TMPDIR/p" surprise
	[ "$status" -le 1 ]
	eq 10 "$(grep -c 'Ann .*at disadvantage (exhausted, 002: "become exhausted, make rolls at disadvantage")' <<<"$output")"
	# 004's load is not 002's; tired is "(no effect)"
	eq 20 "$(grep -E -c '(Bo|Cy) [^:]*: WIS [0-9+-]* = -?[0-9]* against DC 12( \(a natural (1|20)\))?\. \[d20: ' <<<"$output")"
}

@test "reaction surprise: 000's no light, a WIS check (DC 12) at setback for each character; in filter mode from light's party record" {
	party
	run -1 reaction -s 3 -L dark -p "$BATS_TEST_TMPDIR/p" surprise
	eq 3 "$(grep -c 'at disadvantage (no light, 000: "Setback on all rolls")' <<<"$output")"
	# under travel, darkness is the GM's (-d): nothing applied
	run reaction -r travel -s 3 -L dark -p "$BATS_TEST_TMPDIR/p" surprise
	! grep -q 'no light' <<<"$output" || false
	# filter: 000 in total darkness rolls the checks (not 001's "surprised by all")
	run -0 sh -c "printf 'light\t3\tparty\t-\tdark\t-\tDark.\nhazard\t4\t1\tencounter\tEncounter.\n' | reaction -s 1 -p '$BATS_TEST_TMPDIR/p' -"
	eq 3 "$(grep -c '^reaction	4	[0-9]*	-\{0,1\}[0-9]*	\(alert\|surprised\)	.*no light, 000: "Setback on all rolls"' <<<"$output")"
	grep -q '^reaction	4	-	[0-3]	\(none\|some\|all\)	[0-3] of 3 surprised' <<<"$output"
	! grep -q '001' <<<"$output" || false
	# without -p, one unnamed character rolls
	run -0 sh -c "printf 'light\t3\tparty\t-\tdark\t-\tDark.\nhazard\t4\t1\tencounter\tEncounter.\n' | reaction -s 1 -"
	eq 1 "$(grep -c '^reaction	4	.*The character .*no light, 000' <<<"$output")"
	# under 001 the party is surprised by all, no check
	run -0 sh -c "printf 'light\t3\tparty\t-\tdark\t-\tDark.\nhazard\t4\t1\tencounter\tEncounter.\n' | reaction -r delving -s 1 -"
	eq 1 "$(grep -c '	all	The party is surprised: 001 ' <<<"$output")"
	# -L says it before any light record
	run -0 sh -c "printf 'hazard\t4\t1\tencounter\tEncounter.\n' | reaction -L dark -s 1 -"
	grep -q 'no light, 000' <<<"$output"
}

@test "chase: 004's conditions reach the chase and retreat checks; 002's tiredness does not" {
	party
	run chase -s 4 -n 5 -p "$BATS_TEST_TMPDIR/p" open
	eq 5 "$(grep -c 'Ann .*at disadvantage (exhausted, 004: "they suffer disadvantage on all checks")' <<<"$output")"
	eq 5 "$(grep -c 'Bo .*at disadvantage (2 load over STR 10, 004: "forces disadvantage on all checks")' <<<"$output")"
	! grep -q 'Cy .*disadvantage' <<<"$output" || false
	run chase -s 4 -p "$BATS_TEST_TMPDIR/p" retreat
	grep -q 'Ann .*at disadvantage (exhausted, 004: ' <<<"$output"
}

@test "return: each rules' conditions under its own name: 002's exhaustion under dungeonturn, 004's load not" {
	party
	run env return -r dungeonturn -s 2 -l 3 -p "$BATS_TEST_TMPDIR/p" arduous
	grep -q '^return	1	Ann	.*at disadvantage (exhausted, 002: "become exhausted, make rolls at disadvantage")' <<<"$output"
	! grep -q '^return	1	Bo	.*disadvantage' <<<"$output" || false
	run env return -r travel -s 2 -l 3 -p "$BATS_TEST_TMPDIR/p" arduous
	grep -q '^return	1	Ann	.*at disadvantage (exhausted, 004: "they suffer disadvantage on all checks")' <<<"$output"
	grep -q '^return	1	Bo	.*at disadvantage (2 load over STR 10, 004: ' <<<"$output"
}

@test "timedice: 004's exhaustion reaches the corruption check" {
	printf 'Pip con=0 resilience=10 hp=8 hpmax=8 exhausted=1\n' > "$BATS_TEST_TMPDIR/pip"
	run timedice -s 45 -f "$BATS_TEST_TMPDIR/t" -p "$BATS_TEST_TMPDIR/pip" infect Pip venom 2hours
	grep -q 'a CON mod check (1d20 + CON mod), [0-9]*+0 = [0-9]* against DC 11, at disadvantage (exhausted, 004: "they suffer disadvantage on all checks")' <<<"$output"
}

@test "natural 20 and natural 1 are named on every check, exactly when the kept d20 shows them" {
	run reaction -s 11 -n 400 morale
	eq "$(awk -F'\t' '$3 == 20' <<<"$output" | wc -l)" "$(grep -c '(a natural 20)' <<<"$output")"
	eq "$(awk -F'\t' '$3 == 1' <<<"$output" | wc -l)" "$(grep -c '(a natural 1)' <<<"$output")"
	[ "$(grep -c '(a natural 20)' <<<"$output")" -gt 5 ]
}

@test "chase pace: 002's exhaustion is 002's ('make rolls at disadvantage'): a 002-exhausted party still moves" {
	printf 'Ann speed=30 exhausted=1\n' > "$BATS_TEST_TMPDIR/ex"
	run -0 chase -r dungeonturn -p "$BATS_TEST_TMPDIR/ex" pace careful
	eq 90 "$(cut -f5 <<<"$output")"
	! grep -q 'cannot move' <<<"$output" || false
	run -0 chase -r exploration -p "$BATS_TEST_TMPDIR/ex" pace cautious
	eq 90 "$(cut -f5 <<<"$output")"
}

@test "reaction: DELVING_RULES names the rules of the checks' conditions, as -r does; under alarm, 003's: none" {
	printf 'Ann wis=0 exhausted=1\n' > "$BATS_TEST_TMPDIR/ea"
	run env DELVING_RULES=dungeonturn reaction -s 1 -p "$BATS_TEST_TMPDIR/ea" morale
	case $output in *'at disadvantage (exhausted, 002: "become exhausted, make rolls at disadvantage")'*) ;; *) false;; esac
	run env DELVING_RULES=alarm reaction -s 1 -p "$BATS_TEST_TMPDIR/ea" morale
	case $output in *'disadvantage'*) false;; esac
	run env -u DELVING_RULES reaction -s 1 -p "$BATS_TEST_TMPDIR/ea" morale
	case $output in *'at disadvantage (exhausted, 004: "they suffer disadvantage on all checks")'*) ;; *) false;; esac
	run env DELVING_RULES=dungeonturn reaction -r travel -s 1 -p "$BATS_TEST_TMPDIR/ea" morale
	case $output in *'(exhausted, 004: '*) ;; *) false;; esac
}

# The suite's decision (delving(7) Checks and conditions): one rules name in
# force for every program's checks; issue 33 saw chase take 004's load under
# dungeonturn and reaction's morale not.
@test "004's load and exhaustion: one decision in every program: the rules name in force (-r, DELVING_RULES), else the check's own seed" {
	printf 'Ann str=0 dex=0 con=0 wis=0 best=0 strength=10 load=12 hp=9\n' > "$BATS_TEST_TMPDIR/p"
	p=$BATS_TEST_TMPDIR/p
	load='(2 load over STR 10, 004: "forces disadvantage on all checks")'
	for how in "-r dungeonturn" "DELVING_RULES=dungeonturn" "-r alarm" "DELVING_RULES=exploration"; do
		case $how in -r*) r=$how e=;; *) r= e=$how;; esac
		for cmd in "chase -s 1 -p $p open" "chase -s 1 -p $p retreat" "reaction -s 1 -p $p morale" \
		    "env return -s 1 -p $p -l 2 dangerous"; do
			# return keeps 004's procedure and conditions where it has no such rules
			case "$how $cmd" in "-r alarm env return"*|"DELVING_RULES=exploration env return"*) continue;; esac
			run env $e $cmd $r
			[ "$status" -le 1 ] && [ -n "$output" ] || { echo "$how $cmd: $output"; false; }
			[[ $output != *"load over STR"* ]] || { echo "$how $cmd: $output"; false; }
		done
	done
	run env DELVING_RULES=exploration return -s 1 -p "$p" -l 2 dangerous
	[[ $output == *"at disadvantage $load"* ]]
	for how in "-r travel" "DELVING_RULES=travel" ""; do
		case $how in -r*) r=$how e=;; *) r= e=$how;; esac
		for cmd in "chase -s 1 -p $p open" "chase -s 1 -p $p retreat" "reaction -s 1 -p $p morale" \
		    "env return -s 1 -p $p -l 2 dangerous"; do
			run env -u DELVING_RULES $e $cmd $r
			[[ $output == *"at disadvantage $load"* ]] || { echo "$how $cmd: $output"; false; }
		done
	done
}

# issue 33: "-v shows no die for hazard's CON saves and Stealth checks,
# return's checks and timedice's checks": every check's dice with -v, as roll -v.
@test "-v shows the dice of every check in every program: saves, Stealth, morale, surprise, chase, retreat, return, resilience, corruption" {
	printf 'Ann con=1 wis=0 dex=1 str=0 best=3 hp=5 hpmax=9 resilience=2\nBo con=0 wis=1 dex=0 str=1 best=2 hp=4 resilience=3\n' > "$BATS_TEST_TMPDIR/p"
	p=$BATS_TEST_TMPDIR/p
	# each command, and the grep that picks its check records
	while IFS='@' read -r cmd pick; do
		run -0 --separate-stderr sh -c "$cmd 2>/dev/null; true"
		recs=$(grep -E "$pick" <<<"$output" || true)
		[ -n "$recs" ] || { echo "no check: $cmd"; false; }
		# each check record ends its numbers with its dice: one d20, or two kept one
		bad=$(grep -vE ' \[(d20: [0-9]+|2d20k[hl]1: [0-9]+,[0-9]+)\]' <<<"$recs" || true)
		[ -z "$bad" ] || { echo "no dice: $cmd: $bad"; false; }
		# and without -v, none
		run -0 sh -c "${cmd/ -v / } 2>/dev/null; true"
		! grep -E "$pick" <<<"$output" | grep -qE '\[(d20|2d20)' || { echo "dice without -v: $cmd"; false; }
	done <<EOT
hazard -v -s 3 -n 12 -p $p -L dark@	save	
hazard -v -s 3 -n 12 -p $p@	save	
hazard -v -r alarm -s 3 -p $p hide@	stealth	
reaction -v -s 1 -p $p morale@^reaction
reaction -v -s 1 -p $p surprise@^reaction	1	[0-9]+	[0-9]+	(surprised|ready)
chase -v -s 1 -p $p open@^chase
chase -v -s 1 -p $p retreat uneven@^chase
env return -v -s 1 -p $p dangerous@^return
env return -v -s 1 -p $p arduous@^return
hazard -r travel -s 1 -n 6 | timedice -v -s 1 -p $p -@a resilience check
rm -f $BATS_TEST_TMPDIR/t; timedice -f $BATS_TEST_TMPDIR/t -v -s 2 -p $p infect Ann venom 2hours@^timedice
EOT
}

# The suite's decision: "advantage and disadvantage: any of each cancel,
# several of one kind count once" (the fifth edition's way).
@test "check: advantage and disadvantage cancel, any of each; several of one kind count once (2d20, never 3)" {
	printf 'Ann wis=0 strength=10 load=12 exhausted=1\n' > "$BATS_TEST_TMPDIR/p"
	# load and exhaustion: two disadvantages, one pair of d20s, the lower kept
	run -1 --separate-stderr reaction -r travel -v -s 4 -n 50 -p "$BATS_TEST_TMPDIR/p" morale
	[ -z "$(grep -v '2 load over STR 10, 004: "forces disadvantage on all checks"; exhausted' <<<"$output")" ]
	[ -z "$(grep -v ' \[2d20kl1: [0-9]*,[0-9]*\]$' <<<"$output")" ]
	# -a with both: they cancel, one d20
	run --separate-stderr reaction -r travel -a -v -s 4 -n 50 -p "$BATS_TEST_TMPDIR/p" morale
	[ "$status" -le 1 ]
	[ -z "$(grep -v 'advantage and disadvantage cancel (-a; 2 load over STR 10' <<<"$output")" ]
	[ -z "$(grep -v ' \[d20: [0-9]*\]$' <<<"$output")" ]
	# -a and -d given together: cancel, one d20
	run --separate-stderr reaction -a -d -v -s 4 -n 20 morale
	[ "$status" -le 1 ]
	[ -z "$(grep -v ' \[d20: [0-9]*\]$' <<<"$output")" ]
}

# issue 33: the evening as a test under each rules name, a party of four and
# no light: every character's surprise rolled where the seed rolls it, and
# setback or disadvantage on every check the seed names, none elsewhere:
# under 000, timedice's resilience checks as hazard's saves and reaction's.
@test "an evening in the dark under each rules name, a party of four: each character's surprise, and each seed's conditions on every check (issue 33)" {
	cd "$BATS_TEST_TMPDIR"
	printf 'Ann con=1 wis=1 dex=2 str=1 best=3 hp=9 hpmax=9 level=2 resilience=12\nBo con=0 wis=0 dex=0 str=2 best=2 hp=10 hpmax=10 level=2 resilience=10 strength=10 load=12\nCy con=2 wis=2 dex=1 str=0 best=2 hp=7 hpmax=7 level=1 resilience=14\nDee con=-1 wis=1 dex=3 str=-1 best=3 hp=6 hpmax=6 level=1 resilience=8\n' > four.txt
	for r in exploration bookkeeping delving dungeonturn alarm travel; do
		delve new -s eve -r $r -p four.txt S$r > /dev/null
		delve -C S$r -n 60 > /dev/null
		[ $r != alarm ] || delve -C S$r -n 5 hide > /dev/null
		delve -C S$r -R log > $r.log
		enc=$(awk -F'\t' '$1 == "hazard" && $4 == "encounter" && $3 != "-"' $r.log | wc -l)
		checks=$(awk -F'\t' '($1 == "hazard" && ($4 == "save" || $4 == "stealth")) ||
		    ($1 == "reaction" && ($5 == "surprised" || $5 == "alert")) ||
		    ($1 == "timedice" && $5 == "resilience" && /a resilience check/)' $r.log)
		case $r in
		exploration|bookkeeping)
			# 000: "WIS check (DC 12) for each character": four a dark encounter, at setback
			[ "$enc" -gt 0 ]
			eq "$((enc * 4))" "$(awk -F'\t' '$1 == "reaction" && ($5 == "surprised" || $5 == "alert")' $r.log | wc -l)"
			for who in Ann Bo Cy Dee; do
				eq "$enc" "$(awk -F'\t' -v w=$who '$1 == "reaction" && ($5 == "surprised" || $5 == "alert") && index($6, w " ") == 1' $r.log | wc -l)"
			done
			[ "$(grep -c '	save	' <<<"$checks")" -gt 0 ]
			# timedice's resilience checks (004's) too, told the light
			# (-L): Dee's, past 8 hours (timedice.bats: with 004's load)
			[ "$(grep -c '^timedice	.*	Dee	' <<<"$checks")" -gt 0 ]
			eq "" "$(grep -v 'at disadvantage (no light, 000: "Setback on all rolls")' <<<"$checks")" ;;
		delving)
			# 001: "In total darkness ... PCs will be surprised by all encounters": no check
			[ "$enc" -gt 0 ]
			eq "$enc" "$(grep -c '^reaction	[0-9]*	-	-	all	The party is surprised: 001' $r.log)"
			eq "" "$(grep -v '^timedice' <<<"$checks")" ;;
		dungeonturn)
			# 002: no surprise in the dark, no check of its own; none of 000's or 004's words
			eq "" "$(grep 'no light, 000\|load over STR' $r.log)" ;;
		alarm)
			# 003's Stealth: none of 000's darkness nor 004's load
			[ "$(grep -c '	stealth	' <<<"$checks")" -gt 0 ]
			eq "" "$(grep '	stealth	' <<<"$checks" | grep 'disadvantage\|no light, 000\|load over STR')" ;;
		travel)
			# 004: Bo's load on every check of his; 000's setback on none
			[ "$(grep -c '	Bo	' <<<"$checks")" -gt 0 ]
			eq "" "$(grep '	Bo	' <<<"$checks" | grep -v 'at disadvantage (2 load over STR 10, 004: "forces disadvantage on all checks"')"
			eq "" "$(grep 'no light, 000' $r.log)"
			grep -q '^light	[0-9]*	party	-	darkness	' $r.log ;;
		esac
	done
}
