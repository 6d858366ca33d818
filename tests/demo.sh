#!/bin/sh
# make demo: a sample session through delve and the seven programs, for a person to
# read.  Every record is shown as PROGRAM TURN and its sentence (the fields
# between are for scripts: see delving(7)).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
PATH=$top/bin:$PATH
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
cd "$dir"

# show COMMAND [STATUS]: print the command, run it, show its records as
# PROGRAM TURN SENTENCE (a line without TABs as it is).  The demo stops
# with the command's status unless it is STATUS (default 0): a check that
# fails on purpose says so.
show() {
	printf '\n$ %s\n' "$1"
	set +e
	sh -c "set -e; $1" > "$dir/out"
	rc=$?
	set -e
	awk -F'\t' 'NF > 1 { printf "  %-8s %3s  %s\n", $1, $2, $NF; next } { print "  " $0 }' "$dir/out"
	[ "$rc" -eq "${2:-0}" ] || { echo "demo: '$1' exited $rc" >&2; exit "$rc"; }
}
say() { printf '\n# %s\n' "$*"; }

say "First a party file: one character a line (delving(7) PARTY FILE)."
cat > party.txt <<'PARTY'
# the party: modifiers, best mod with proficiency, hit points, load, resilience (hours)
Brannoc str=2 dex=0 con=2 wis=1 best=4 hp=14 speed=30 load=8 resilience=12
Ilse    str=-1 dex=3 con=-1 wis=2 best=5 hp=9 speed=30 load=5 resilience=9
PARTY
printf '\n$ cat party.txt\n'; sed 's/^/  /' party.txt

say "A session at the table: delve keeps it in one directory and runs hazard, light,
# timedice and reaction on it, one turn a command, all or nothing (delve(6))."
show "delve new -s friday -p party.txt -l torch,lantern crypt"
show "delve -C crypt"
show "delve -C crypt -n 5"
show "delve -C crypt rest"
show "delve -C crypt status"

say "A Friday's session, pre-rolled from its date: an hour in the dungeon under seed 000, with a
# torch and a lantern, the clock on time dice, and the disposition of every encounter; the
# stages in a session's order, each seeded through DELVING_SEED, exported in the pipeline's
# subshell alone."
show "(export DELVING_SEED=2026-11-20; hazard -n 6 -p party.txt | timedice - | light -l torch,lantern - | reaction -p party.txt -)"

say "At the table, one turn at a time, the state kept in a file a person can read (003's alarm):"
show "hazard -r alarm -f crypt.alarm -s 7 -n 2 advance"
show "hazard -r alarm -f crypt.alarm hide pass 1"
printf '\n$ cat crypt.alarm\n'; sed 's/^/  /' crypt.alarm

say "A torch under seed 001 burns out on the hazard die's 3; candles blow out in the wind:"
show "light -r delving -f lights -s 7 -l torch,candle status"
show "light -r delving -f lights wind"

say "004's worked example: 2d6 of time dice showing 3 and 2 is 05:00, pre-dawn; then two hours pass:"
show "timedice -f day.time set 3,2"
show "timedice -f day.time -n 2 hour"
show "timedice -f day.time timer torch 1hour"

say "A scout with 40 ft speed flees through a dense thicket: DEX at disadvantage against DC 13 (004):"
show "chase -s 425 -d -q 40 uneven Ann:2" 1
show "chase -r travel pace overland harsh 24"

say "Morale, surprise, and the roll to return to camp four hours out (DC 14, 004):"
show "reaction -s 3 -m 2 morale" 1
show "reaction -s 3 -p party.txt surprise" 1
show "env return -s 970 -l 4 arduous Wren:6 Osric:5" 1

say "Dice, checks, tables and exact odds:"
show "roll -s 1 -n 4 4d6kh3 | paste -sd' ' -"
show "roll -s 1 -c 12 d20+3-4" 1
show "roll -s 1 -t injury"
printf '\n$ roll -o 2d20kh1 | tail -3\n'; roll -o 2d20kh1 | tail -3 | sed 's/^/  /'
