#!/usr/bin/env bats
# The bad-input matrix: every program against every class of bad input.  One
# table, below, holds a row per case; one test per class runs that class's
# rows.  A new program is new rows (and "every program has a row in every
# class" fails until it has them).
#
# Each case runs in a directory of its own and must give:
#   - the status of the row: 2 (or 3) with exactly one stderr line
#     "PROG: ...", or "usage" (status 2, a line "PROG: ..." naming what was
#     wrong, then the one "usage: PROG ..." line);
#   - nothing on stdout; a filter may copy the lines before the bad record
#     and add its own records for them, but nothing from the bad record on;
#   - no change to any file: every state, party and table file the case
#     made is byte-identical after, nothing is created (no FILE.lock either).
# A row "ok: WHY" is an input that looks bad but is not (a seed word, a
# foreign line a filter passes on): it must exit 0 (or 1, a failed check)
# with nothing on stderr.  A row "n/a: WHY" is a class that cannot reach
# the program, said with the reason rather than left as a hole.
#
# Sanitizers: `make sanitize` runs this file like every other, built with
# -fsanitize=address,undefined -fno-sanitize-recover=all.  A report aborts
# the program with status 1 (23 for a leak) and several lines on stderr, so
# the exact status and the one stderr line checked here fail the case; an
# "ok" row also wants an empty stderr.
load helper

BIG=99999999999999999999	# past every bound, and past 2^64

setup_file() {
	local p
	head -c 1048577 /dev/zero | tr '\0' a > "$BATS_FILE_TMPDIR/mib"
	# a valid state file of each program, as it writes it
	hazard -f "$BATS_FILE_TMPDIR/hazard.state" -s 1 -n 2
	light -f "$BATS_FILE_TMPDIR/light.state" -s 1 -l torch
	timedice -f "$BATS_FILE_TMPDIR/timedice.state" -s 1 hour
	for p in hazard light timedice; do
		[ -s "$BATS_FILE_TMPDIR/$p.state" ] || return 1
	done
} > /dev/null

# Columns: PROG | CLASS | ARGS | SETUP | STATUS.  ARGS are shell words,
# evaluated after SETUP; leading NAME=VALUE words go to the environment,
# but CLOSE=N, which runs the program with descriptor N closed (stdin,
# stdout or stderr; with stderr closed only the status is checked).
# SETUP is shell code using the fixtures below ("-": none); it sets $F (the
# file under test), $S (a valid state file), $IN (stdin).  No "|" inside a
# column.  An argument cannot hold a NUL byte, nor (on Linux) more than
# 128 KiB: the nul and longline classes come through files and streams.
matrix() {
	cat <<'EOF'
# PROG   | CLASS      | ARGS                                  | SETUP                                   | STATUS
#
# empty: an empty option value, operand, file, name or record field
hazard   | empty      | -n ''                                 | -                                       | 2
hazard   | empty      | -f "$S" -r bookkeeping -e ''          | state hazard                            | 2
hazard   | empty      | -f ''                                 | -                                       | 2
hazard   | empty      | -f "$S" -p ''                         | state hazard                            | 2
hazard   | empty      | -f "$S" -t ''                         | state hazard                            | 2
hazard   | empty      | -f "$S" -p "$F"                       | state hazard; put party ''              | 2
hazard   | empty      | -f "$S" -t "$F"                       | state hazard; put table ''              | 2
hazard   | empty      | -f "$S" -r ''                         | state hazard                            | 2
hazard   | empty      | -f "$S" ''                            | state hazard                            | 2
hazard   | empty      | -f "$S" -r alarm hide pass ''         | state hazard                            | 2
hazard   | empty      | -f "$F"                               | put state ''                            | ok: an empty state file is a new session
hazard   | empty      | -s ''                                 | -                                       | ok: any word is a seed, the empty one too
light    | empty      | -f "$S" -n '' tick                    | state light                             | 2
light    | empty      | -f "$S" -l ''                         | state light                             | 2
light    | empty      | -f "$S" -r alarm -e ''                | state light                             | 2
light    | empty      | -f ''                                 | -                                       | 2
light    | empty      | -f "$S" -r ''                         | state light                             | 2
light    | empty      | -f "$S" ''                            | state light                             | 2
light    | empty      | -f "$S" tick ''                       | state light                             | 2
light    | empty      | -f "$S" add torch ''                  | state light                             | 2
light    | empty      | -f "$S" out ''                        | state light                             | 2
light    | empty      | -f "$S" -                             | state light; stream 'hazard\t2\t\tnothing\tx' | 2
timedice | empty      | -f "$S" -n '' turn                    | state timedice                          | 2
timedice | empty      | -f ''                                 | -                                       | 2
timedice | empty      | -f "$S" -p ''                         | state timedice                          | 2
timedice | empty      | -f "$S" -p "$F"                       | state timedice; put party ''            | 2
timedice | empty      | -f "$S" -r ''                         | state timedice                          | 2
timedice | empty      | -f "$S" ''                            | state timedice                          | 2
timedice | empty      | -f "$S" turn ''                       | state timedice                          | 2
timedice | empty      | -f "$S" set ''                        | state timedice                          | 2
timedice | empty      | -f "$S" set 07:00 ''                  | state timedice                          | 2
timedice | empty      | -f "$S" timer '' 1hour                | state timedice                          | 2
timedice | empty      | -f "$S" timer x ''                    | state timedice                          | 2
timedice | empty      | -f "$S" cancel ''                     | state timedice                          | 2
timedice | empty      | -f "$S" -p "$F" infect '' venom 2hours | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | empty      | -f "$S" -p "$F" infect Pip '' 2hours  | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | empty      | -f "$S" -p "$F" infect Pip venom '''' | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | empty      | -f "$S" -p "$F" infect Pip venom 2hours damage= | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | empty      | -f "$S" cure Pip ''''                 | state timedice                          | 2
timedice | empty      | -f "$S" -                             | state timedice; stream 'hazard\t\t5\tnothing\tx' | 2
reaction | empty      | -n ''                                 | -                                       | 2
reaction | empty      | -m ''                                 | -                                       | 2
reaction | empty      | ''                                    | -                                       | 2
reaction | empty      | morale ''                             | -                                       | 2
reaction | empty      | morale Ash:                           | -                                       | 2
reaction | empty      | -p '' morale                          | -                                       | 2
reaction | empty      | -p "$F" surprise                      | put party ''                            | 2
reaction | empty      | -                                     | stream 'hazard\t2\t5\tnothing\t'        | 2
chase    | empty      | -n '' open                            | -                                       | 2
chase    | empty      | -m '' open                            | -                                       | 2
chase    | empty      | -q '' open                            | -                                       | 2
chase    | empty      | -b '' open                            | -                                       | 2
chase    | empty      | -x '' open                            | -                                       | 2
chase    | empty      | ''                                    | -                                       | 2
chase    | empty      | open ''                               | -                                       | 2
chase    | empty      | pace ''                               | -                                       | 2
chase    | empty      | -r '' pace                            | -                                       | 2
chase    | empty      | -p '' open                            | -                                       | 2
chase    | empty      | -p "$F" open                          | put party ''                            | 2
chase    | empty      | -c '' retreat                         | -                                       | 2
chase    | empty      | -k '' retreat                         | -                                       | 2
chase    | empty      | retreat Ash:                          | -                                       | 2
chase    | empty      | retreat ''                            | -                                       | 2
return   | empty      | -c '' arduous                         | -                                       | 2
return   | empty      | -r dungeonturn -k '' arduous          | -                                       | 2
return   | empty      | -l '' arduous                         | -                                       | 2
return   | empty      | -m '' arduous                         | -                                       | 2
return   | empty      | -r '' arduous                         | -                                       | 2
return   | empty      | ''                                    | -                                       | 2
return   | empty      | arduous ''                            | -                                       | 2
return   | empty      | -p '' arduous                         | -                                       | 2
return   | empty      | -w -p "$F" dangerous                  | put party ''                            | 2
return   | empty      | -p "$F" dangerous                     | put party 'Ash best=2 resilience=0\n' | 2
chase    | empty      | -p "$F" open                          | put party 'Ash str=1 resilience=0\n' | 2
roll     | empty      | -n '' d6                              | -                                       | 2
roll     | empty      | -c '' d6                              | -                                       | 2
roll     | empty      | ''                                    | -                                       | 2
roll     | empty      | -t ''                                 | -                                       | 2
roll     | empty      | -t "$F"                               | put table ''                            | 2
hazard   | empty      | -f "$S" -T "encounter=$F"             | state hazard; put table ''              | 2
hazard   | empty      | -f "$S" -T ''                         | state hazard                            | 2
hazard   | empty      | -r alarm -c '' -p "$F" hide           | put party 'Ann dex=1\n'                 | 2
hazard   | empty      | -r alarm -p "$F" hide ''              | put party 'Ann dex=1\n'                 | 2
hazard   | empty      | -r alarm -p "$F" hide                 | put party 'Ann dex=\n'                  | 2
reaction | empty      | -T "distance=$F"                      | put table ''                            | 2
reaction | empty      | initiative Ash:                       | -                                       | 2
reaction | empty      | -p "$F" initiative                    | put party 'Ash dexterity=\n'            | 2
reaction | empty      | loot ''                               | -                                       | 2
reaction | empty      | loot 2 ''                             | -                                       | 2
roll     | empty      | -t "$F#"                              | put table '# A\n1 a\n'                  | 2
delve    | empty      | -C ''                                 | -                                       | 2
delve    | empty      | -C "$S" -n ''                          | session                                 | 2
delve    | empty      | new -s '' s                           | -                                       | 2
delve    | empty      | batch -s x -n 1 -o '' 1               | -                                       | 2
delve    | empty      | new -s 1 ''                           | -                                       | 2
delve    | empty      | -C "$S"                                | session; put s/state/hazard ''         | 2
delve    | empty      | next -s '' "$S" s2                     | session                                 | 2
delve    | empty      | next "$S" ''                           | session                                 | 2
delve    | empty      | -C "$S" note ''                        | session                                 | 2
delve    | empty      | -C "$S" buy Pip ''                     | psession                                | 2
#
# nonnumeric: a word where a number goes
hazard   | nonnumeric | -f "$S" -n x                          | state hazard                            | 2
hazard   | nonnumeric | -f "$S" -r delving -D x               | state hazard                            | 2
hazard   | nonnumeric | -f "$S" -r dungeonturn -p "$F" -w     | state hazard; put party 'Ash tired=x\n' | 2
hazard   | nonnumeric | -f "$S" -r bookkeeping -e dx          | state hazard                            | 2
hazard   | nonnumeric | -f "$S" -r bookkeeping -e '2d6+'      | state hazard                            | 2
hazard   | nonnumeric | -f "$S" -r bookkeeping -e 'd6!'       | state hazard                            | 2
hazard   | nonnumeric | -f "$S" -t "$F"                       | state hazard; put table 'die: 2d6+\n2-12 a\n' | 2
hazard   | nonnumeric | -f "$S" -T "encounter=$F"             | state hazard; put table 'die: 3d6r1\n3-18 a\n' | 2
hazard   | nonnumeric | -f "$S" -r alarm hide pass x          | state hazard                            | 2
hazard   | nonnumeric | -f "$S" -p "$F"                       | state hazard; put party 'Ash con=x\n'   | 2
hazard   | nonnumeric | -f "$S" -p "$F" -w                    | state hazard; put party 'Ash con=0 fatigue=x\n' | 2
hazard   | nonnumeric | -f "$S" -t "$F"                       | state hazard; put table 'x-6 Nothing.\n' | 2
hazard   | nonnumeric | -f "$F"                               | statefile hazard 'turn x'               | 2
hazard   | nonnumeric | -f "$F" -r dungeonturn rest          | statefile hazard 'rest-turns x'        | 2
light    | nonnumeric | -f "$S" -n x tick                     | state light                             | 2
light    | nonnumeric | -f "$S" tick x                        | state light                             | 2
light    | nonnumeric | -f "$S" -r alarm -e dx                | state light                             | 2
light    | nonnumeric | -f "$S" -r alarm -e 'd6!'             | state light                             | 2
light    | nonnumeric | -f "$F"                               | statefile light 'source t torch lit x 0' | 2
light    | nonnumeric | -f "$S" -                             | state light; stream 'hazard\tx\t5\tnothing\tx' | 2
timedice | nonnumeric | -f "$S" -n x turn                     | state timedice                          | 2
timedice | nonnumeric | -f "$S" turn x                        | state timedice                          | 2
timedice | nonnumeric | -f "$S" hour x                        | state timedice                          | 2
timedice | nonnumeric | -f "$S" day x                         | state timedice                          | 2
timedice | nonnumeric | -f "$S" rest x                        | state timedice                          | 2
timedice | nonnumeric | -f "$S" roll x                        | state timedice                          | 2
timedice | nonnumeric | -f "$S" duration x                    | state timedice                          | 2
timedice | nonnumeric | -f "$S" set x                         | state timedice                          | 2
timedice | nonnumeric | -f "$S" set 07:00 x                   | state timedice                          | 2
timedice | nonnumeric | -f "$S" timer t xhours                | state timedice                          | 2
timedice | nonnumeric | -f "$S" timer t dxturns               | state timedice                          | 2
timedice | nonnumeric | -f "$S" timer t '2d6*turns'           | state timedice                          | 2
timedice | nonnumeric | -f "$S" timer t '(2d6hours'           | state timedice                          | 2
timedice | nonnumeric | -f "$S" timer t '2d6-2'               | state timedice                          | 2
timedice | nonnumeric | -f "$S" -p "$F"                       | state timedice; put party 'Ann resilience=x\n' | 2
timedice | nonnumeric | -f "$S" -p "$F" -w hour               | state timedice; put party 'Ann resilience=1 exhausted=x\n' | 2
timedice | nonnumeric | -f "$F"                               | statefile timedice 'day x'              | 2
timedice | nonnumeric | -f "$S" -                             | state timedice; stream 'hazard\tx\t5\tnothing\tx' | 2
reaction | nonnumeric | -n x                                  | -                                       | 2
reaction | nonnumeric | -m x                                  | -                                       | 2
reaction | nonnumeric | morale Ash:x                          | -                                       | 2
reaction | nonnumeric | -p "$F" morale                        | put party 'Ash wis=x\n'                 | 2
reaction | nonnumeric | -                                     | stream 'hazard\tx\t5\tnothing\tx'       | 2
# a number field of any record that is not a number, TAB or JSON (issue 26)
light    | nonnumeric | -f "$S" -                             | state light; stream 'hazard\t2\tq\tencounter\tx' | 2
light    | nonnumeric | -f "$S" -                             | state light; stream 'timedice\t2\tq\t07:10\t6,1\tmorning\tx' | 2
light    | nonnumeric | -f "$S" -                             | state light; stream 'return\t1\tAsh\t9\t0\t9\t10\tlost\t1q\tx' | 2
light    | nonnumeric | -f "$S" -                             | state light; stream '{"program":"reaction","index":2,"roll":"q","total":7,"key":"polite","text":"x"}' | 2
timedice | nonnumeric | -f "$S" -                             | state timedice; stream 'hazard\t2\tq\tencounter\tx' | 2
timedice | nonnumeric | -f "$S" -                             | state timedice; stream 'light\t2\tparty\t-\tdim\t1.x\tx' | 2
timedice | nonnumeric | -f "$S" -                             | state timedice; stream 'chase\t1\tAsh\t9\t+1\t10\t12\tcaught\tx' | 2
timedice | nonnumeric | -f "$S" -                             | state timedice; stream '{"program":"hazard","turn":2,"roll":4,"key":"save","name":"Ash","total":"9","dc":12,"result":"fail","text":"x"}' | 2
reaction | nonnumeric | -                                     | stream 'hazard\t1\tq\tencounter\tx'       | 2
reaction | nonnumeric | -                                     | stream 'hazard\t2\t3\tencounter\t1q\tx'   | 2
reaction | nonnumeric | -                                     | stream 'roll\t1\td20\t5\t5\t--1\tfail\tx'   | 2
reaction | nonnumeric | -                                     | stream '{"program":"timedice","turn":2,"day":"one","time":"07:10","key":"rest","hours":1,"text":"x"}' | 2
chase    | nonnumeric | -n x open                             | -                                       | 2
chase    | nonnumeric | -m x open                             | -                                       | 2
chase    | nonnumeric | -q x open                             | -                                       | 2
chase    | nonnumeric | -b x open                             | -                                       | 2
chase    | nonnumeric | -x x open                             | -                                       | 2
chase    | nonnumeric | open Ash:x                            | -                                       | 2
chase    | nonnumeric | -r exploration pace 30 x              | -                                       | 2
chase    | nonnumeric | -p "$F" open                          | put party 'Ash str=x\n'                 | 2
chase    | nonnumeric | -p "$F" open                          | put party 'Ash str=0 strength=x\n'      | 2
chase    | nonnumeric | -c x retreat                          | -                                       | 2
chase    | nonnumeric | retreat Ash:x                         | -                                       | 2
chase    | nonnumeric | -p "$F" retreat                       | put party 'Ash dex=x\n'                 | 2
return   | nonnumeric | -c x arduous                          | -                                       | 2
return   | nonnumeric | -r dungeonturn -k x arduous           | -                                       | 2
return   | nonnumeric | -l x arduous                          | -                                       | 2
return   | nonnumeric | -m x arduous                          | -                                       | 2
return   | nonnumeric | arduous Ash:x                         | -                                       | 2
return   | nonnumeric | -p "$F" arduous                       | put party 'Ash best=x\n'                | 2
return   | nonnumeric | -w -p "$F" dangerous                  | put party 'Ash best=1 hp=x\n'           | 2
roll     | nonnumeric | -n x d6                               | -                                       | 2
roll     | nonnumeric | -c x d6                               | -                                       | 2
roll     | nonnumeric | xd6                                   | -                                       | 2
roll     | nonnumeric | dx                                    | -                                       | 2
roll     | nonnumeric | d6+x                                  | -                                       | 2
roll     | nonnumeric | 4d6khq                                | -                                       | 2
roll     | nonnumeric | -t "$F"                               | put table 'x-6 Nothing.\n'              | 2
roll     | nonnumeric | -t "$F"                               | put table 'die: xd6\n1-6 Nothing.\n'    | 2
roll     | nonnumeric | -t "$F"                               | put table 'die: (2d6\n2-12 a\n'        | 2
reaction | nonnumeric | -T "distance=$F"                      | put table 'die: 2d6!\n2-12 a\n'        | 2
hazard   | nonnumeric | -f "$S" -T "encounter=$F"             | state hazard; put table '\x7c d6 \x7c r \x7c\n\x7c--\x7c--\x7c\n\x7c x \x7c b \x7c\n' | 2
hazard   | nonnumeric | -r alarm -c x -p "$F" hide            | put party 'Ann dex=1\n'                 | 2
hazard   | nonnumeric | -r alarm -p "$F" hide x               | put party 'Ann dex=1\n'                 | 2
hazard   | nonnumeric | -r alarm -p "$F" hide                 | put party 'Ann dex=x\n'                 | 2
roll     | nonnumeric | -t "$F"                               | put table '1. a\ntwo. b\n'              | 2
roll     | nonnumeric | -t "$F"                               | put table '01-50 a\n5o-00 b\n'          | 2
reaction | nonnumeric | -T "distance=$F"                      | put table 'd66\n1x-16 a\n'              | 2
reaction | nonnumeric | initiative Ash:x                      | -                                       | 2
reaction | nonnumeric | -p "$F" initiative                    | put party 'Ash dexterity=x\n'           | 2
reaction | nonnumeric | loot x                                | -                                       | 2
reaction | nonnumeric | loot 2 x                              | -                                       | 2
delve    | nonnumeric | -C "$S" -n x                           | session                                 | 2
delve    | nonnumeric | batch -s x -n 1 -o o x                 | -                                       | 2
delve    | nonnumeric | new -c x/07:00 s                       | -                                       | 2
delve    | nonnumeric | -C "$S" buy Pip xgp                    | psession                                | 2
delve    | nonnumeric | -C "$S" buy Pip 1cp sup x              | psession                                | 2
#
# negative: a number below its range, -1 where 0 is the least
hazard   | negative   | -f "$S" -r delving -D -1              | state hazard                            | 2
hazard   | negative   | -f "$S" -r dungeonturn -p "$F" -w     | state hazard; put party 'Ash tired=-1\n' | 2
hazard   | negative   | -f "$S" -n -1                         | state hazard                            | 2
hazard   | negative   | -f "$S" -r bookkeeping -e d-6         | state hazard                            | 2
hazard   | negative   | -f "$S" -r alarm hide pass -1         | state hazard                            | 2
hazard   | negative   | -f "$S" -p "$F"                       | state hazard; put party 'Ash con=-21\n' | 2
hazard   | negative   | -f "$S" -p "$F" -w                    | state hazard; put party 'Ash con=0 fatigue=-1\n' | 2
hazard   | negative   | -f "$S" -t "$F"                       | state hazard; put table '-1-6 Nothing.\n' | 2
hazard   | negative   | -f "$F"                               | statefile hazard 'turn -1'              | 2
hazard   | negative   | -f "$F" -r dungeonturn rest          | statefile hazard 'rest-turns -1'       | 2
hazard   | negative   | -s -1                                 | -                                       | ok: any word is a seed
light    | negative   | -f "$S" -n -1 tick                    | state light                             | 2
light    | negative   | -f "$S" tick -1                       | state light                             | 2
light    | negative   | -f "$S" -r alarm -e d-6               | state light                             | 2
light    | negative   | -f "$F"                               | statefile light 'source t torch lit -1 0' | 2
light    | negative   | -f "$S" -                             | state light; stream 'hazard\t-1\t5\tnothing\tx' | 2
timedice | negative   | -f "$S" -n -1 turn                    | state timedice                          | 2
timedice | negative   | -f "$S" turn -1                       | state timedice                          | 2
timedice | negative   | -f "$S" hour -1                       | state timedice                          | 2
timedice | negative   | -f "$S" day -1                        | state timedice                          | 2
timedice | negative   | -f "$S" rest -1                       | state timedice                          | 2
timedice | negative   | -f "$S" roll -1                       | state timedice                          | 2
timedice | negative   | -f "$S" duration -1                   | state timedice                          | 2
timedice | negative   | -f "$S" set -1                        | state timedice                          | 2
timedice | negative   | -f "$S" set 07:00 -1                  | state timedice                          | 2
timedice | negative   | -f "$S" timer t -1hours               | state timedice                          | 2
timedice | negative   | -f "$S" timer t 1d6-6turns            | state timedice                          | 2
timedice | negative   | -f "$S" -p "$F"                       | state timedice; put party 'Ann resilience=-1\n' | 2
timedice | negative   | -f "$S" -p "$F" -w hour               | state timedice; put party 'Ann resilience=1 exhausted=-1\n' | 2
timedice | overflow   | -f "$S" -p "$F" -w hour               | state timedice; put party 'Ann resilience=1 exhausted=2\n' | 2
timedice | overflow   | -f "$S" -p "$F" -w rest               | state timedice; put party 'Ann resilience=1 hp=1 level=101\n' | 2
timedice | negative   | -f "$S" -p "$F" -w rest               | state timedice; put party 'Ann resilience=1 hp=1 level=0\n' | 2
timedice | negative   | -f "$S" -p "$F" infect Pip venom 2hours dc=-1 | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | negative   | -f "$S" -p "$F" infect Pip venom 2hours damage=1d6-2 | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | negative   | -f "$S" -p "$F" infect Pip venom -2hours | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | negative   | -f "$S" -p "$F" infect Pip rot 1day ability=int | state timedice; put party 'Pip con=0 resilience=10 intelligence=-1\n' | 2
timedice | negative   | -f "$F"                               | statefile timedice 'affliction Pip venom con 11 1d6 2hours 1 -1' | 2
timedice | nonnumeric | -f "$S" -p "$F" -w rest               | state timedice; put party 'Ann resilience=1 hpmax=x\n' | 2
timedice | nonnumeric | -f "$S" -p "$F" infect Pip venom 2hours dc=x | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | nonnumeric | -f "$S" -p "$F" infect Pip venom xhours | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | nonnumeric | -f "$S" -p "$F" -w rest x unsafe      | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | nonnumeric | -f "$S" -p "$F" infect Pip rot 1day ability=int | state timedice; put party 'Pip con=0 resilience=10 intelligence=x\n' | 2
timedice | nonnumeric | -f "$F"                               | statefile timedice 'affliction Pip venom con x 1d6 2hours 1 12' | 2
timedice | negative   | -f "$F"                               | statefile timedice 'since-rest -1'      | 2
timedice | negative   | -f "$S" -                             | state timedice; stream 'hazard\t-1\t5\tnothing\tx' | 2
reaction | negative   | -n -1                                 | -                                       | 2
reaction | negative   | -m -101                               | -                                       | 2
reaction | negative   | morale Ash:-21                        | -                                       | 2
reaction | negative   | -p "$F" morale                        | put party 'Ash wis=-21\n'               | 2
reaction | negative   | -                                     | stream 'hazard\t-1\t5\tnothing\tx'      | 2
chase    | negative   | -n -1 open                            | -                                       | 2
chase    | negative   | -m -101 open                          | -                                       | 2
chase    | negative   | -q -5 open                            | -                                       | 2
chase    | negative   | -b -1 open                            | -                                       | 2
chase    | negative   | -x -1 open                            | -                                       | 2
chase    | negative   | open Ash:-21                          | -                                       | 2
chase    | negative   | -r exploration pace -- -1             | -                                       | 2
chase    | negative   | -p "$F" open                          | put party 'Ash str=-21\n'               | 2
chase    | negative   | -p "$F" -r exploration pace           | put party 'Ash speed=-5\n'              | 2
chase    | negative   | -p "$F" -r exploration pace           | put party 'Ash speed=30 strength=-1\n'  | 2
chase    | negative   | -c 0 retreat                          | -                                       | 2
chase    | negative   | retreat Ash:-21                       | -                                       | 2
return   | negative   | -c -1 arduous                         | -                                       | 2
return   | negative   | -r dungeonturn -k -1 arduous          | -                                       | 2
return   | negative   | -l -1 arduous                         | -                                       | 2
return   | negative   | -m -101 arduous                       | -                                       | 2
return   | negative   | arduous Ash:-21                       | -                                       | 2
return   | negative   | -p "$F" arduous                       | put party 'Ash best=-21\n'              | 2
return   | negative   | -w -p "$F" dangerous                  | put party 'Ash best=1 hp=-1\n'          | 2
roll     | negative   | -n -1 d6                              | -                                       | 2
roll     | negative   | -c -2000000001 d6                     | -                                       | 2
roll     | negative   | -g -w -1 d6                           | -                                       | 2
roll     | negative   | d-6                                   | -                                       | 2
roll     | negative   | d6-1000001                            | -                                       | 2
roll     | negative   | '4d(-6)'                              | -                                       | 2
roll     | negative   | -t "$F"                               | put table '-1-6 Nothing.\n'             | 2
hazard   | negative   | -f "$S" -T "encounter=$F"             | state hazard; put table '-1-6 a\n'      | 2
hazard   | negative   | -r alarm -c 0 -p "$F" hide            | put party 'Ann dex=1\n'                 | 2
hazard   | negative   | -r alarm -p "$F" hide -1              | put party 'Ann dex=1\n'                 | 2
hazard   | negative   | -r alarm -p "$F" hide                 | put party 'Ann dex=-21\n'               | 2
roll     | negative   | -t "$F"                               | put table 'd66\n10-16 a\n21-66 b\n'     | 2
reaction | negative   | -T "distance=$F"                      | put table '\x7c d% \x7c r \x7c\n\x7c--\x7c--\x7c\n\x7c -1-00 \x7c a \x7c\n' | 2
reaction | negative   | initiative Ash:-1                     | -                                       | 2
reaction | negative   | -p "$F" initiative                    | put party 'Ash dexterity=-1\n'          | 2
reaction | negative   | loot 0                                | -                                       | 2
reaction | negative   | loot 2 0                              | -                                       | 2
delve    | negative   | -C "$S" -n -1                          | session                                 | 2
delve    | negative   | batch -s x -n 1 -o o 0                 | -                                       | 2
delve    | negative   | new -c 0/07:00 s                       | -                                       | 2
delve    | negative   | -C "$S" give Pip Pip -1gp              | psession                                | 2
delve    | negative   | -C "$S" buy Pip 0gp                    | psession                                | 2
#
# overflow: 99999999999999999999, and the first number past a bound
hazard   | overflow   | -f "$S" -r delving -D 101             | state hazard                            | 2
hazard   | overflow   | -f "$S" -r delving -p "$F" -w         | state hazard; put party "Ash hp=$BIG\n"  | 2
hazard   | overflow   | -f "$S" -n $BIG                       | state hazard                            | 2
hazard   | overflow   | -f "$S" -n 1000000000000000001        | state hazard                            | 2
hazard   | overflow   | -f "$S" -r bookkeeping -e d$BIG       | state hazard                            | 2
hazard   | overflow   | -f "$S" -r alarm hide pass $BIG       | state hazard                            | 2
hazard   | overflow   | -f "$S" -p "$F"                       | state hazard; put party "Ash con=$BIG\n" | 2
hazard   | overflow   | -f "$S" -t "$F"                       | state hazard; put table "1-$BIG Nothing.\n" | 2
hazard   | overflow   | -f "$S" -t "$F"                       | state hazard; put table "die: ${BIG}d6\n1-6 Nothing.\n" | 2
hazard   | overflow   | -f "$F"                               | statefile hazard "turn $BIG"            | 2
hazard   | overflow   | -f "$F" -n 2                          | statefile hazard 'turn 999999999999999999' | 2
hazard   | overflow   | -f "$F"                               | statefile hazard "seed $BIG"            | 2
hazard   | overflow   | -f "$F" -r dungeonturn rest          | statefile hazard 'rest-turns 6'        | 2
hazard   | overflow   | -s $BIG                               | -                                       | ok: past 2^64 a seed word is hashed
light    | overflow   | -f "$S" -n $BIG tick                  | state light                             | 2
light    | overflow   | -f "$S" tick $BIG                     | state light                             | 2
light    | overflow   | -f "$S" tick 1000001                  | state light                             | 2
light    | overflow   | -f "$S" -r alarm -e d$BIG             | state light                             | 2
light    | overflow   | -f "$F"                               | statefile light "turn $BIG"             | 2
light    | overflow   | -f "$F"                               | statefile light 'source t torch lit 1000000 0' | 2
light    | overflow   | -f "$F"                               | statefile light 'source t torch lit 7 0' | 2
light    | overflow   | -f "$F" -l torch tick                 | statefile light 'turn 1000000000000000000' | 2
light    | overflow   | -f "$F" -                             | statefile light 'turn 1000000000000000000'; input 'hazard\t1\t5\tnothing\tx\n' | 2
light    | overflow   | -f "$S" -                             | state light; stream "hazard\t$BIG\t5\tnothing\tx" | 2
timedice | overflow   | -f "$S" -n $BIG turn                  | state timedice                          | 2
timedice | overflow   | -f "$S" turn $BIG                     | state timedice                          | 2
timedice | overflow   | -f "$S" hour $BIG                     | state timedice                          | 2
timedice | overflow   | -f "$S" day $BIG                      | state timedice                          | 2
timedice | overflow   | -f "$S" rest $BIG                     | state timedice                          | 2
timedice | overflow   | -f "$S" roll 5                        | state timedice                          | 2
timedice | overflow   | -f "$S" duration $BIG                 | state timedice                          | 2
timedice | overflow   | -f "$S" set 07:00 $BIG                | state timedice                          | 2
timedice | overflow   | -f "$S" set 25:00                     | state timedice                          | 2
timedice | overflow   | -f "$S" timer t ${BIG}hours           | state timedice                          | 2
timedice | overflow   | -f "$S" timer t ${BIG}d6              | state timedice                          | 2
timedice | overflow   | -f "$S" -p "$F" infect Pip venom 2hours dc=101 | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | overflow   | -f "$S" -p "$F" infect Pip venom 2hours damage=20d6 | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | overflow   | -f "$S" -p "$F" infect Pip venom ${BIG}weeks | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | overflow   | -f "$S" -p "$F" infect Pip rot 1day ability=int | state timedice; put party 'Pip con=0 resilience=10 intelligence=101\n' | 2
timedice | overflow   | -f "$S" -p "$F" -w -r dungeonturn rest 8 | state timedice; put party 'Pip str=0 hp=1\n' | 2
timedice | overflow   | -f "$S" -p "$F" -w -r dungeonturn -n 4 rest 2 | state timedice; put party 'Pip str=0 hp=1\n' | 2
timedice | overflow   | -f "$F"                               | statefile timedice "affliction Pip venom con 11 1d6 2hours 1 $BIG" | 2
timedice | overflow   | -f "$S" -n 1000000000000000000 hour   | state timedice                          | 2
timedice | overflow   | -f "$F" day                           | statefile timedice 'day 1000000'        | 2
timedice | overflow   | -f "$F" -n 2 turn                     | statefile timedice 'turn 999999999999999999' | 2
timedice | overflow   | -f "$F" -                             | statefile timedice 'turn 1000000000000000000'; input 'hazard\t1\t5\tnothing\tx\n' | 2
timedice | overflow   | -f "$S" -p "$F"                       | state timedice; put party "Ann resilience=$BIG\n" | 2
timedice | overflow   | -f "$F"                               | statefile timedice "day $BIG"           | 2
timedice | overflow   | -f "$S" -                             | state timedice; stream "hazard\t$BIG\t5\tnothing\tx" | 2
reaction | overflow   | -n $BIG                               | -                                       | 2
reaction | overflow   | -m $BIG                               | -                                       | 2
reaction | overflow   | -m 60 -m 41                           | -                                       | 2
reaction | overflow   | morale Ash:$BIG                       | -                                       | 2
reaction | overflow   | -p "$F" morale                        | put party "Ash wis=$BIG\n"              | 2
reaction | overflow   | -                                     | stream "hazard\t$BIG\t5\tnothing\tx"    | 2
reaction | overflow   | initiative Ash:101                    | -                                       | 2
reaction | overflow   | -p "$F" initiative                    | put party 'Ash dexterity=101\n'         | 2
reaction | overflow   | loot 101                              | -                                       | 2
reaction | overflow   | loot 2 101                            | -                                       | 2
reaction | overflow   | loot $BIG                             | -                                       | 2
chase    | overflow   | -n $BIG open                          | -                                       | 2
chase    | overflow   | -m $BIG open                          | -                                       | 2
chase    | overflow   | -m 60 -m 41 open                      | -                                       | 2
chase    | overflow   | -q $BIG open                          | -                                       | 2
chase    | overflow   | -b $BIG open                          | -                                       | 2
chase    | overflow   | -x $BIG open                          | -                                       | 2
chase    | overflow   | open Ash:$BIG                         | -                                       | 2
chase    | overflow   | -r exploration pace $BIG              | -                                       | 2
chase    | overflow   | -p "$F" open                          | put party "Ash str=$BIG\n"              | 2
chase    | overflow   | -p "$F" open                          | put party "Ash str=0 strength=101\n"    | 2
chase    | overflow   | -c 41 retreat                         | -                                       | 2
chase    | overflow   | -c $BIG retreat                       | -                                       | 2
chase    | overflow   | retreat Ash:41                        | -                                       | 2
return   | overflow   | -c $BIG arduous                       | -                                       | 2
return   | overflow   | -c 31 arduous                         | -                                       | 2
return   | overflow   | -r dungeonturn -k $BIG arduous        | -                                       | 2
return   | overflow   | -l $BIG arduous                       | -                                       | 2
return   | overflow   | -m $BIG arduous                       | -                                       | 2
return   | overflow   | arduous Ash:$BIG                      | -                                       | 2
return   | overflow   | -p "$F" arduous                       | put party "Ash best=$BIG\n"             | 2
return   | overflow   | -w -p "$F" dangerous                  | put party "Ash best=1 hp=$BIG\n"        | 2
roll     | overflow   | -n $BIG d6                            | -                                       | 2
roll     | overflow   | -c $BIG d6                            | -                                       | 2
roll     | overflow   | ${BIG}d6                              | -                                       | 2
roll     | overflow   | d$BIG                                 | -                                       | 2
roll     | overflow   | d6+$BIG                               | -                                       | 2
roll     | overflow   | 1001d6                                | -                                       | 2
roll     | overflow   | d1000001                              | -                                       | 2
roll     | overflow   | d6+1000001                            | -                                       | 2
roll     | overflow   | -t "$F"                               | put table "1-$BIG Nothing.\n"           | 2
hazard   | overflow   | -f "$S" -T "encounter=$F"             | state hazard; put table "1-$BIG a\n"    | 2
hazard   | overflow   | -r alarm -c 41 -p "$F" hide           | put party 'Ann dex=1\n'                 | 2
hazard   | overflow   | -r alarm -p "$F" hide 100             | put party 'Ann dex=1\n'                 | 2
hazard   | overflow   | -r alarm -c $BIG -p "$F" hide         | put party 'Ann dex=1\n'                 | 2
roll     | overflow   | -t "$F"                               | put table '01-50 a\n51-000 b\n'         | 2
roll     | overflow   | -t "$F"                               | put table 'd66\n11-66 a\n67 b\n'        | 2
roll     | overflow   | -s $BIG d6                            | -                                       | ok: past 2^64 a seed word is hashed
delve    | overflow   | -C "$S" -n $BIG                        | session                                 | 2
delve    | overflow   | batch -s x -n 1 -o o 1000001           | -                                       | 2
delve    | overflow   | new -c 1000001/07:00 s                 | -                                       | 2
delve    | overflow   | -C "$S" spend Pip 1000000000001gp      | psession                                | 2
delve    | overflow   | -C "$S" buy Pip 1cp sup 99999999999    | psession                                | 2
#
# nul: a NUL byte in a file or a record
hazard   | nul        | -f "$S" -p "$F"                       | state hazard; put party 'Ash con=1\x00\n' | 2
hazard   | nul        | -f "$S" -t "$F"                       | state hazard; put table '1-6 No\x00thing.\n' | 2
hazard   | nul        | -f "$F"                               | statefile hazard 'turn 1\x00'           | 2
hazard   | nul        | -                                     | stream 'hazard\t2\t5\tno\x00thing\tx'   | 2
light    | nul        | -f "$F"                               | statefile light 'darkvision\x00 no'     | 2
light    | nul        | -f "$S" -                             | state light; stream 'hazard\t2\t5\tnothing\tNo\x00thing.' | 2
light    | nul        | -f "$S" -                             | state light; passthru 'a foreign \x00 line' | ok: a foreign line passes as it is
timedice | nul        | -f "$F"                               | statefile timedice 'turn 1\x00'         | 2
timedice | nul        | -f "$S" -p "$F"                       | state timedice; put party 'Ann resilience=9\x00\n' | 2
timedice | nul        | -f "$S" -                             | state timedice; stream 'hazard\t2\t5\tnothing\tNo\x00thing.' | 2
timedice | nul        | -                                     | passthru 'a foreign \x00 line'          | ok: a foreign line passes as it is
reaction | nul        | -p "$F" morale                        | put party 'Ash wis=1\x00\n'             | 2
reaction | nul        | -                                     | stream 'hazard\t2\t5\tnothing\tNo\x00thing.' | 2
reaction | nul        | -                                     | passthru 'a foreign \x00 line'          | ok: a foreign line passes as it is
chase    | nul        | -p "$F" open                          | put party 'Ash str=1\x00\n'             | 2
return   | nul        | -p "$F" arduous                       | put party 'Ash best=1\x00\n'            | 2
return   | nul        | -w -p "$F" dangerous                  | put party 'Ash best=1 hp=5\nBo\x00 best=1 hp=5\n' | 2
roll     | nul        | -t "$F"                               | put table '1-6 No\x00thing.\n'          | 2
hazard   | nul        | -f "$S" -T "encounter=$F"             | state hazard; put table '1-6 No\x00thing.\n' | 2
reaction | nul        | -T "distance=$F"                      | put table '1. a\n2. b\x00\n'            | 2
delve    | nul        | -C "$S" status                         | session; put s/session 'seed 1\x00\n'     | 2
#
# utf8: bytes that are not UTF-8, in a file, a record or an argument
hazard   | utf8       | -f "$S" -p "$F"                       | state hazard; put party '\xff con=1\n'  | 2
hazard   | utf8       | -f "$S" -t "$F"                       | state hazard; put table '1-6 No\xfething.\n' | 2
hazard   | utf8       | -f "$F"                               | statefile hazard 'rules \xff'           | 2
hazard   | utf8       | -f "$S" $'\xff'                       | state hazard                            | 2
hazard   | utf8       | -f "$S" -r $'\xff'                    | state hazard                            | 2
light    | utf8       | -f "$F"                               | statefile light 'source \xff torch lit 6 0' | 2
light    | utf8       | -f "$S" add torch $'t\xff'            | state light                             | 2
light    | utf8       | -f "$S" -l $'\xff'                    | state light                             | 2
light    | utf8       | -f "$S" -                             | state light; stream 'hazard\t2\t5\tnothing\tNo\xfething.' | 2
light    | utf8       | -f "$S" -                             | state light; passthru 'a foreign \xfe\xff line' | ok: a foreign line passes as it is
timedice | utf8       | -f "$F"                               | statefile timedice 'timer \xff 6'       | 2
timedice | utf8       | -f "$S" timer $'t\xff' 1hour          | state timedice                          | 2
timedice | utf8       | -f "$S" -p "$F"                       | state timedice; put party '\xff resilience=9\n' | 2
timedice | utf8       | -f "$S" -                             | state timedice; stream 'hazard\t2\t5\tnothing\tNo\xfething.' | 2
timedice | utf8       | -                                     | passthru 'a foreign \xfe\xff line'      | ok: a foreign line passes as it is
reaction | utf8       | -p "$F" morale                        | put party '\xff wis=1\n'                | 2
reaction | utf8       | -p "$F" morale                        | put party 'Ash wis=1\nBo\xef\xbb\xbf wis=1\n' | 2
reaction | utf8       | -p "$F" morale                        | put party '\xef\xbb\xbfAsh wis=1\n'     | ok: a byte-order mark that starts a file is skipped
reaction | utf8       | morale $'\xff:1'                      | -                                       | 2
reaction | utf8       | $'\xff'                               | -                                       | 2
reaction | utf8       | -                                     | stream 'hazard\t2\t5\tnothing\tNo\xfething.' | 2
reaction | utf8       | -                                     | passthru 'a foreign \xfe\xff line'      | ok: a foreign line passes as it is
chase    | utf8       | -p "$F" open                          | put party '\xff str=1\n'                | 2
chase    | utf8       | open $'\xff:1'                        | -                                       | 2
chase    | utf8       | pace $'\xff'                          | -                                       | 2
return   | utf8       | -p "$F" arduous                       | put party '\xff best=1\n'               | 2
return   | utf8       | arduous $'\xff:1'                     | -                                       | 2
return   | utf8       | $'\xff'                               | -                                       | 2
roll     | utf8       | -t "$F"                               | put table '1-6 No\xfething.\n'          | 2
hazard   | utf8       | -f "$S" -T "encounter=$F"             | state hazard; put table '# crypt\n\n\x7c d6 \x7c r \x7c\n\x7c--\x7c--\x7c\n\x7c 1-6 \x7c \xff \x7c\n' | 2
reaction | utf8       | -T "distance=$F"                      | put table '1-6 No\xfething.\n'          | 2
roll     | utf8       | $'d6\xff'                             | -                                       | 2
roll     | utf8       | -t $'\xff'                            | -                                       | 2
delve    | utf8       | -C "$S" status                         | session; put s/session 'seed \xff\n'      | 2
#
# longline: a line of more than 1 MiB (<MiB> is 1 MiB and a byte of "a")
hazard   | longline   | -f "$S" -p "$F"                       | state hazard; put party 'Ash con=1 <MiB>\n' | 2
hazard   | longline   | -f "$S" -t "$F"                       | state hazard; put table '1-6 <MiB>\n'   | 2
hazard   | longline   | -f "$F"                               | statefile hazard '# <MiB>'              | 2
light    | longline   | -f "$F"                               | statefile light '# <MiB>'               | 2
light    | longline   | -f "$S" -                             | state light; stream 'hazard\t2\t5\tnothing\t<MiB>' | 2
light    | longline   | -f "$S" -                             | state light; passthru 'a foreign <MiB>' | ok: a foreign line passes as it is
timedice | longline   | -f "$F"                               | statefile timedice '# <MiB>'            | 2
timedice | longline   | -f "$S" -p "$F"                       | state timedice; put party 'Ann resilience=9 <MiB>\n' | 2
timedice | longline   | -f "$S" -                             | state timedice; stream 'hazard\t2\t5\tnothing\t<MiB>' | 2
timedice | longline   | -                                     | passthru 'a foreign <MiB>'              | ok: a foreign line passes as it is
reaction | longline   | -p "$F" morale                        | put party 'Ash wis=1 <MiB>\n'           | 2
reaction | longline   | -                                     | stream 'hazard\t2\t5\tnothing\t<MiB>'   | 2
reaction | longline   | -                                     | passthru 'a foreign <MiB>'              | ok: a foreign line passes as it is
chase    | longline   | -p "$F" open                          | put party 'Ash str=1 <MiB>\n'           | 2
return   | longline   | -p "$F" arduous                       | put party 'Ash best=1 <MiB>\n'          | 2
roll     | longline   | -t "$F"                               | put table '1-6 <MiB>\n'                 | 2
hazard   | longline   | -f "$S" -T "encounter=$F"             | state hazard; put table '1-6 <MiB>\n'   | 2
reaction | longline   | -T "distance=$F"                      | put table '1. <MiB>\n'                  | 2
delve    | longline   | -C "$S" status                         | session; put s/session 'seed <MiB>\n'     | 2
#
# missing: a file that is not there
hazard   | missing    | -f "$S" -p "$F"                       | state hazard; missing                   | 2
hazard   | missing    | -f "$S" -t "$F"                       | state hazard; missing                   | 2
hazard   | missing    | DELVING_PARTY="$F" -f "$S"            | state hazard; missing                   | 2
hazard   | missing    | -f "$F"                               | nodir                                   | 3
hazard   | missing    | -f "$F"                               | missing                                 | ok: a missing state file is created
light    | missing    | -f "$F"                               | nodir                                   | 3
light    | missing    | -f "$F"                               | missing                                 | ok: a missing state file is created
light    | missing    | -                                     | -                                       | n/a: the shell opens stdin: a missing file never reaches the filter
timedice | missing    | -f "$S" -p "$F"                       | state timedice; missing                 | 2
timedice | missing    | -f "$F"                               | nodir                                   | 3
timedice | missing    | -f "$F"                               | missing                                 | ok: a missing state file is created
timedice | missing    | -                                     | -                                       | n/a: the shell opens stdin: a missing file never reaches the filter
reaction | missing    | -p "$F" morale                        | missing                                 | 2
reaction | missing    | DELVING_PARTY="$F" surprise           | missing                                 | 2
reaction | missing    | -                                     | -                                       | n/a: the shell opens stdin: a missing file never reaches the filter
chase    | missing    | -p "$F" open                          | missing                                 | 2
chase    | missing    | DELVING_PARTY="$F" -r exploration pace | missing                                | 2
return   | missing    | -p "$F" arduous                       | missing                                 | 2
return   | missing    | -w -p "$F" dangerous                  | missing                                 | 2
roll     | missing    | -t "$F"                               | missing                                 | 2
roll     | missing    | -t missing                            | -                                       | 2
hazard   | missing    | -f "$S" -T "encounter=$F"             | state hazard; missing                   | 2
reaction | missing    | -T "distance=$F"                      | missing                                 | 2
delve    | missing    | -C missing status                      | -                                       | 2
delve    | missing    | new -p "$F" s                          | missing                                 | 2
delve    | missing    | batch -T encounter="$F" -s x -n 1 -o o 1 | missing                          | 2
delve    | missing    | next "$F" s2                           | missing                                 | 2
#
# directory: a directory where a file goes
hazard   | directory  | -f "$F"                               | dir                                     | 2
hazard   | directory  | -f "$S" -p "$F"                       | state hazard; dir                       | 2
hazard   | directory  | -f "$S" -t "$F"                       | state hazard; dir                       | 2
light    | directory  | -f "$F"                               | dir                                     | 2
light    | directory  | -f "$S" -                             | state light; stdin_dir                  | 3
timedice | directory  | -f "$F"                               | dir                                     | 2
timedice | directory  | -f "$S" -p "$F"                       | state timedice; dir                     | 2
timedice | directory  | -f "$S" -                             | state timedice; stdin_dir               | 3
reaction | directory  | -p "$F" morale                        | dir                                     | 2
reaction | directory  | -                                     | stdin_dir                               | 3
chase    | directory  | -p "$F" open                          | dir                                     | 2
return   | directory  | -p "$F" arduous                       | dir                                     | 2
return   | directory  | -w -p "$F" dangerous                  | dir                                     | 2
roll     | directory  | -t "$F"                               | dir                                     | 2
hazard   | directory  | -f "$S" -T "encounter=$F"             | state hazard; dir                       | 2
reaction | directory  | -T "distance=$F" -                    | dir                                     | 2
delve    | directory  | new -p "$F" s                          | dir                                     | 2
delve    | directory  | batch -s x -n 1 -o o 2                 | mkdir -p o/x-2.tsv                      | 2
delve    | directory  | batch -s x -n 1 -o o 2                 | mkdir o; ln -s ../victim o/x-1.tsv; echo v > victim | 2
delve    | directory  | batch -S -s x -n 1 -o o 1              | mkdir o; mkfifo o/x-1.txt               | 2
#
# unreadable: a file the program may not read (EACCES)
hazard   | unreadable | -f "$F"                               | unreadable state                        | 2
hazard   | unreadable | -f "$S" -p "$F"                       | state hazard; unreadable                | 2
hazard   | unreadable | -f "$S" -t "$F"                       | state hazard; unreadable                | 2
light    | unreadable | -f "$F"                               | unreadable state                        | 2
light    | unreadable | -                                     | -                                       | n/a: the shell opens stdin: an unreadable file never reaches the filter
timedice | unreadable | -f "$F"                               | unreadable state                        | 2
timedice | unreadable | -f "$S" -p "$F"                       | state timedice; unreadable              | 2
reaction | unreadable | -p "$F" morale                        | unreadable                              | 2
chase    | unreadable | -p "$F" open                          | unreadable                              | 2
return   | unreadable | -p "$F" arduous                       | unreadable                              | 2
roll     | unreadable | -t "$F"                               | unreadable                              | 2
delve    | unreadable | new -p "$F" s                          | unreadable                              | 2
#
# rules: a rules name that is none, or none the program has
hazard   | rules      | -f "$S" -r bogus                      | state hazard                            | 2
hazard   | rules      | -f "$S" DELVING_RULES=bogus           | state hazard                            | 2
hazard   | rules      | -f "$F"                               | statefile hazard 'rules bogus'          | 2
light    | rules      | -f "$S" -r bogus                      | state light                             | 2
light    | rules      | -f "$S" DELVING_RULES=bogus           | state light                             | 2
light    | rules      | -f "$F"                               | statefile light 'rules bogus'           | 2
timedice | rules      | -f "$S" -r bogus                      | state timedice                          | 2
timedice | rules      | -f "$S" -r delving                    | state timedice                          | 2
timedice | rules      | -f "$S" DELVING_RULES=bogus           | state timedice                          | 2
timedice | rules      | -f "$S" -r dungeonturn rest unsafe    | state timedice                          | 2
timedice | rules      | -f "$S" DELVING_RULES=dungeonturn rest 8 | state timedice                          | 2
timedice | rules      | DELVING_RULES=delving                 | -                                       | ok: DELVING_RULES of rules timedice lacks is passed over
reaction | rules      | -r exploration                        | -                                       | 2
reaction | rules      | -r alarm morale                       | -                                       | ok: a check under alarm takes 003's conditions, none (check_rules)
reaction | rules      | -r bogus surprise                     | -                                       | 2
reaction | rules      | DELVING_RULES=bogus                   | -                                       | ok: disposition reads no rules: DELVING_RULES is not its
chase    | rules      | -r bogus pace                         | -                                       | 2
chase    | rules      | -r alarm pace                         | -                                       | 2
chase    | rules      | -r exploration open                   | -                                       | ok: the chase check takes 000's conditions (check_rules)
chase    | rules      | DELVING_RULES=bogus pace              | -                                       | 2
chase    | rules      | DELVING_RULES=bogus open              | -                                       | 2
return   | rules      | -r bogus arduous                      | -                                       | 2
return   | rules      | -r alarm arduous                      | -                                       | 2
return   | rules      | DELVING_RULES=bogus arduous           | -                                       | 2
roll     | rules      | -r exploration d6                     | -                                       | usage
roll     | rules      | DELVING_RULES=bogus d6                | -                                       | ok: roll has no rules: DELVING_RULES is not its
delve    | rules      | new -r bogus s                         | -                                       | 2
delve    | rules      | -C "$S" -r exploration                 | session                                 | usage
#
# command: an operand that names no command, action, mode, path or thing
hazard   | command    | -f "$S" bogus                         | state hazard                            | 2
hazard   | command    | -f "$S" -r alarm hide bogus           | state hazard                            | 2
hazard   | command    | -f "$S" -r travel rest                | state hazard                            | 2
hazard   | command    | -f "$S" -r travel fortnightly         | state hazard                            | 2
hazard   | command    | -f "$S" -r travel daily sea           | state hazard                            | usage
light    | command    | -f "$S" -                             | state light; stream 'hazard\t2\t5\tsoon\tfortnightly\tx' | 2
light    | command    | -f "$S" -                             | state light; stream '{"program":"hazard","turn":2,"roll":5,"key":"soon","cadence":"monthly","text":"x"}' | 2
timedice | command    | -f "$S" -                             | state timedice; stream 'hazard\t2\t5\tsoon\tfortnightly\tx' | 2
timedice | command    | -f "$S" -                             | state timedice; stream '{"program":"hazard","turn":2,"roll":5,"key":"soon","cadence":"monthly","text":"x"}' | 2
reaction | command    | -                                     | stream 'hazard\t2\t5\tsoon\tfortnightly\tx' | 2
reaction | command    | -                                     | stream '{"program":"hazard","turn":2,"roll":5,"key":"soon","cadence":"monthly","text":"x"}' | 2
hazard   | command    | -f "$S" rest rest                     | state hazard                            | usage
hazard   | command    | -f "$S" -                             | state hazard                            | 2
light    | command    | -f "$S" bogus                         | state light                             | 2
light    | command    | -f "$S" out nosuch                    | state light                             | 2
light    | command    | -f "$S" add lamp                      | state light                             | 2
light    | command    | -f "$S" tick 1 2                      | state light                             | usage
timedice | command    | -f "$S" bogus                         | state timedice                          | 2
timedice | command    | -f "$S" cancel nosuch                 | state timedice                          | 2
timedice | command    | -f "$S" roll 2 to 07:00               | state timedice                          | 2
timedice | command    | -f "$S" -p "$F" infect Pip venom 2hours blight=1 | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | command    | -f "$S" -p "$F" infect Pip venom 2hours ability=wis | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | command    | -f "$S" -p "$F" infect Pip venom 2hours first=limb | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | command    | -f "$S" -p "$F" infect Cy venom 2hours | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | command    | -f "$S" cure Pip venom                | state timedice                          | 2
timedice | command    | -f "$S" rest 2 safe                   | state timedice                          | 2
timedice | command    | -f "$F"                               | statefile timedice 'affliction Pip venom wis 11 1d6 2hours 1 12' | 2
timedice | command    | -f "$S" - turn                        | state timedice                          | 2
reaction | command    | bogus                                 | -                                       | 2
reaction | command    | disposition Ash:1                     | -                                       | 2
reaction | command    | - Ash:1                               | -                                       | 2
chase    | command    | bogus                                 | -                                       | 2
chase    | command    | flee bogus                            | -                                       | 2
chase    | command    | pace bogus                            | -                                       | 2
chase    | command    | -                                     | -                                       | 2
chase    | command    | retreat swamp                         | -                                       | 2
chase    | command    | -k luck retreat                       | -                                       | 2
chase    | command    | -k hp retreat                         | -                                       | 2
chase    | command    | -k dex retreat Ash:1                  | -                                       | 2
chase    | command    | -q 40 retreat Ash:1                   | -                                       | 2
chase    | command    | -g retreat open                       | -                                       | 2
chase    | command    | -c 12 open                            | -                                       | 2
chase    | command    | -k dex pace                           | -                                       | 2
chase    | command    | -p "$F" retreat open                  | put party 'Ash dex=1\n'                 | 2
return   | command    | bogus                                 | -                                       | 2
return   | command    | -                                     | -                                       | 2
roll     | command    | bogus                                 | -                                       | 2
roll     | command    | -t bogus                              | -                                       | 2
hazard   | command    | -f "$S" -T "nosuch=$F"                | state hazard; put table '1-6 a\n'       | 2
hazard   | command    | -r alarm hide                         | -                                       | 2
hazard   | command    | -r alarm -p "$F" -w hide              | put party 'Ann dex=1\n'                 | 2
hazard   | command    | -r alarm -p "$F" hide                 | put party 'Ann con=1\n'                 | 2
hazard   | command    | -r alarm -c 12 hide pass              | -                                       | 2
hazard   | command    | -c 12 -p "$F"                         | put party 'Ann con=1\n'                 | 2
hazard   | command    | -r alarm -a hide pass                 | -                                       | 2
roll     | command    | -t "$F#nosuch"                        | put table '# A\n1 a\n'                  | 2
roll     | command    | -t "$F"                               | put table '# A\n1 a\n\n## B\n1 b\n'     | 2
reaction | command    | -T "distance=$F" morale Ash:1         | put table '1-6 a\n'                     | 2
reaction | command    | loot                                  | -                                       | 2
reaction | command    | loot 2 3 4                            | -                                       | 2
reaction | command    | initiative                            | -                                       | 2
reaction | command    | -p "$F" initiative                    | put party 'Ash wis=1\n'                 | 2
reaction | command    | -p "$F" initiative Ash:3              | put party 'Ash dexterity=1\n'           | 2
reaction | command    | -n 2 initiative Ash:3                 | -                                       | 2
reaction | command    | -a initiative Ash:3                   | -                                       | 2
reaction | command    | -m 1 loot 2                           | -                                       | 2
reaction | command    | -d loot 2                             | -                                       | 2
reaction | command    | -p "$F" loot 2                        | put party 'Ash wis=1\n'                 | 2
reaction | command    | -T "distance=$F" loot 2               | put table '1 near\n'                    | 2
roll     | command    | -                                     | -                                       | 2
delve    | command    | -C "$S" bogus                          | session                                 | 2
delve    | command    | -C "$S" chase retreat swamp            | session                                 | 2
delve    | command    | -C "$S" reaction loot 0                | session                                 | 2
delve    | command    | -C "$S" reaction initiative            | session                                 | 2
delve    | command    | -C "$S" infect Pip venom 2hours        | session                                 | 2
delve    | command    | -C "$S" cure Pip venom                 | session                                 | 2
delve    | command    | -C "$S" infect Bo venom 2hours         | psession                                | 2
delve    | command    | -C "$S" infect Pip venom               | psession                                | 2
delve    | command    | -C "$S" infect Pip venom 2furlongs     | psession                                | 2
delve    | command    | -C "$S" infect Pip venom 2hours dc=0   | psession                                | 2
delve    | command    | -C "$S" -n 2 infect Pip venom 2hours   | psession                                | 2
delve    | command    | -C "$S" cure Pip venom                 | psession                                | 2
delve    | command    | -C "$S" daily                          | session                                 | 2
delve    | command    | batch -j -S -s x -n 1 -o o 1           | -                                       | 2
delve    | command    | batch -T 'Enc=x' -s x -n 1 -o o 1      | -                                       | 2
delve    | command    | -C "$S" campaign diary                 | session                                 | 2
delve    | command    | -C "$S" spend Pip 1gp                  | psession                                | 2
delve    | command    | -C "$S" loot Pip                       | psession                                | 2
delve    | command    | -C "$S" share Pip                      | psession                                | 2
delve    | command    | -C "$S" give Pip Zed 1cp               | psession                                | 2
delve    | command    | -C "$S" buy Pip 1gp                    | session                                 | 2
#
# fields: a record, or a line of a file, with too few fields
hazard   | fields     | -f "$S" -p "$F"                       | state hazard; put party 'Ash\n'         | 2
hazard   | fields     | -f "$S" -t "$F"                       | state hazard; put table '1-6\n'         | 2
hazard   | fields     | -f "$F"                               | statefile hazard 'turn'                 | 2
hazard   | fields     | -f "$F" -r dungeonturn rest          | statefile hazard 'rest-turns'          | 2
hazard   | fields     | -f "$F"                               | put state 'rules exploration\nturn 4\nseed 7\n' | 2
hazard   | fields     | -f "$F"                               | put state 'turn 4\nrng 8c554df8e94f9205fefd916c304fa466450fac22a5a0a516dd680c78691151b5\n' | 2
hazard   | fields     | -                                     | stream 'hazard\t2\t5'                   | 2
light    | fields     | -f "$F"                               | statefile light 'source t torch lit'    | 2
light    | fields     | -f "$F"                               | put state 'rules exploration\nturn 4\nseed 7\n' | 2
light    | fields     | -f "$S" -                             | state light; stream 'hazard\t2\t5'      | 2
light    | fields     | -f "$S" -                             | state light; stream 'light\t2\tt\ttorch' | 2
timedice | fields     | -f "$F"                               | statefile timedice 'timer t'            | 2
timedice | fields     | -f "$F"                               | put state 'day 2\nseed 7\n'           | 2
timedice | fields     | -f "$S" -p "$F"                       | state timedice; put party 'Ann\n'       | 2
timedice | fields     | -f "$S" -p "$F" infect Pip venom      | state timedice; put party 'Pip con=0 resilience=10\n' | 2
timedice | fields     | -f "$S" cure Pip                      | state timedice                          | 2
timedice | fields     | -f "$S" -p "$F" infect Pip venom 2hours | state timedice; put party 'Pip resilience=10\n' | 2
timedice | fields     | -f "$S" -r dungeonturn -p "$F" rest   | state timedice; put party 'Pip hp=3\n'  | 2
timedice | fields     | -f "$F"                               | statefile timedice 'affliction Pip venom con 11' | 2
timedice | fields     | -f "$S" -                             | state timedice; stream 'timedice\t2\t1\t07:10' | 2
reaction | fields     | -p "$F" morale                        | put party 'Ash\n'                       | 2
# a keyword or a key given twice: refused, no "last one wins"
hazard   | fields     | -f "$F"                               | statefile hazard 'rules alarm'          | 2
hazard   | fields     | -r delving -f "$S" -p "$F"            | state hazard; put party 'Ann con=1 hp=3 con=2\n' | 2
light    | fields     | -f "$F" tick                          | statefile light 'turn 9'                | 2
timedice | fields     | -f "$F"                               | statefile timedice 'day 2'              | 2
timedice | fields     | -f "$S" -p "$F" -w infect Pip venom 2hours dc=5 dc=6 | state timedice; put party 'Pip con=0 resilience=10\n' | 2
# -w refused by its party file: the state file it made is removed again
hazard   | fields     | -r delving -f new.state -p "$F" -w    | put party 'Ann con=1\n'                 | 2
timedice | fields     | -f new.state -p "$F" -w rest          | put party 'Ann con=1\n'                 | 2
reaction | fields     | -                                     | stream 'reaction\t1\t7'                 | 2
reaction | fields     | -                                     | stream 'hazard\t2\t1\tencounter'        | 2
# a field count between two layouts: hazard has 5, 6, 7 or 9 fields, roll 6 or 8
light    | fields     | -f "$S" -                             | state light; stream 'hazard\t2\t5\tnothing\tx\ty\tz\tw\tv\tu' | 2
light    | fields     | -f "$S" -                             | state light; stream 'hazard\t2\t5\tsave\tAsh\t9\t12\tx' | 2
reaction | fields     | -                                     | stream 'roll\t1\td20\t5\t5\t12\tx'     | 2
# JSON records: cut short, wrong names, wrong types, no such program
light    | fields     | -f "$S" -                             | state light; stream '{"program":"hazard","turn":2,"roll":5,"key":"light","text":"x"' | 2
light    | fields     | -f "$S" -                             | state light; stream '{"program":"hazard","turn":2,"roll":5,"kee":"light","text":"x"}' | 2
timedice | fields     | -f "$S" -                             | state timedice; stream '{"program":"dragon","turn":2,"text":"x"}' | 2
light    | nonnumeric | -f "$S" -                             | state light; stream '{"program":"hazard","turn":2,"roll":"5","key":"light","text":"x"}' | 2
timedice | nonnumeric | -f "$S" -                             | state timedice; stream '{"program":"hazard","turn":"2","roll":5,"key":"nothing","text":"x"}' | 2
reaction | nonnumeric | -                                     | stream '{"program":"hazard","turn":2,"roll":1,"key":"encounter","text":7}' | 2
chase    | fields     | -p "$F" open                          | put party 'Ash\n'                       | 2
return   | fields     | -p "$F" arduous                       | put party 'Ash\n'                       | 2
return   | fields     | -w -p "$F" dangerous                  | put party 'Ash best=1\n'                | 2
roll     | fields     | -t "$F"                               | put table '1-6\n'                       | 2
hazard   | fields     | -f "$S" -T "$F"                       | state hazard; put table '1-6 a\n'       | 2
hazard   | fields     | -f "$S" -T "encounter="               | state hazard                            | 2
roll     | fields     | -t "$F"                               | put table '\x7c 2d6 \x7c Key \x7c Who \x7c\n\x7c--\x7c--\x7c--\x7c\n\x7c 2-12 \x7c rats \x7c\n' | 2
reaction | fields     | -T "$F"                               | put table '1-6 a\n'                     | 2
delve    | fields     | -C "$S" status                         | session; put s/session 'seed\n'           | 2
#
# closed: a standard stream closed (CLOSE=N), and 004's leading white space
hazard   | closed     | CLOSE=1 -f "$S" -s 1 -n 3             | state hazard                            | 3
hazard   | closed     | CLOSE=2 -f "$S" -r bogus              | state hazard                            | 2
hazard   | closed     | -f "$S" -n $'\v1'                     | state hazard                            | 2
hazard   | closed     | -f "$S" -n $'\f1'                     | state hazard                            | 2
hazard   | closed     | -f "$S" -n $'\r1'                     | state hazard                            | 2
hazard   | closed     | -f "$S" -r alarm hide pass $'\v1'     | state hazard                            | 2
hazard   | closed     | -f "$S" $'rest\n'                     | state hazard                            | 2
light    | closed     | CLOSE=1 -f "$S" tick                  | state light                             | 3
light    | closed     | CLOSE=2 -f "$S" -r bogus              | state light                             | 2
light    | closed     | CLOSE=0 -s 1 -l torch -               | -                                       | ok: a closed stdin is empty input
light    | closed     | -f "$S" -n $'\v1' tick                | state light                             | 2
light    | closed     | -f "$S" tick $'\f1'                   | state light                             | 2
timedice | closed     | CLOSE=1 -f "$S" hour                  | state timedice                          | 3
timedice | closed     | CLOSE=2 -f "$S" -r bogus              | state timedice                          | 2
timedice | closed     | CLOSE=0 -f "$S" -                     | state timedice                          | ok: a closed stdin is empty input
timedice | closed     | -f "$S" hour $'\r1'                   | state timedice                          | 2
timedice | closed     | -f "$S" -n $'\v1' hour                | state timedice                          | 2
reaction | closed     | CLOSE=1 -s 1                          | -                                       | 3
reaction | closed     | CLOSE=0 -                             | -                                       | ok: a closed stdin is empty input
reaction | closed     | -n $'\v1'                             | -                                       | 2
reaction | closed     | -m $'\f1'                             | -                                       | 2
reaction | closed     | morale $'Ash:\r1'                     | -                                       | 2
chase    | closed     | CLOSE=1 -s 1 open                     | -                                       | 3
chase    | closed     | -n $'\v1' open                        | -                                       | 2
chase    | closed     | -q $'\f30' open                       | -                                       | 2
return   | closed     | CLOSE=1 -w -p "$F" -s 1 dangerous     | put party 'Ash best=1 hp=5\n'           | 3
return   | closed     | CLOSE=2 -w -p "$F" -r bogus dangerous | put party 'Ash best=1 hp=5\n'           | 2
return   | closed     | -l $'\v1' arduous                     | -                                       | 2
return   | closed     | -c $'\r10' arduous                    | -                                       | 2
roll     | closed     | CLOSE=1 -s 1 d6                       | -                                       | 3
roll     | closed     | -n $'\v1' d6                          | -                                       | 2
roll     | closed     | -c $'\f10' d20                        | -                                       | 2
roll     | closed     | $'d6\n'                               | -                                       | 2
delve    | closed     | CLOSE=1 -C "$S"                       | session                                 | 3
delve    | closed     | CLOSE=1 -C "$S" status                | session                                 | 3
delve    | closed     | CLOSE=2 -C "$S" bogus                 | session                                 | 2
delve    | closed     | -C "$S" -n $'\v1'                     | session                                 | 2
delve    | closed     | -C "$S" $'bogus\n'                    | session                                 | 2
#
# usage: an unknown option, a missing argument
hazard   | usage      | -f "$S" -Z                            | state hazard                            | usage
hazard   | usage      | -f "$S" -n                            | state hazard                            | usage
light    | usage      | -f "$S" -Z                            | state light                             | usage
light    | usage      | -f "$S" -l                            | state light                             | usage
timedice | usage      | -f "$S" -Z                            | state timedice                          | usage
timedice | usage      | -f "$S" -p                            | state timedice                          | usage
reaction | usage      | -Z                                    | -                                       | usage
reaction | usage      | -m                                    | -                                       | usage
chase    | usage      | -Z open                               | -                                       | usage
chase    | usage      | open -q                               | -                                       | usage
return   | usage      | -Z arduous                            | -                                       | usage
return   | usage      | -c                                    | -                                       | usage
roll     | usage      | -Z                                    | -                                       | usage
roll     | usage      | -t                                    | -                                       | usage
hazard   | usage      | -f "$S" --seed 5                      | state hazard                            | usage
hazard   | usage      | -f "$S" rest -s                       | state hazard                            | usage
light    | usage      | -f "$S" add torch -Z                  | state light                             | usage
timedice | usage      | -f "$S" hour -n                       | state timedice                          | usage
reaction | usage      | morale -r                             | -                                       | usage
return   | usage      | arduous Ash:1 -s                      | -                                       | usage
roll     | usage      | d20 --count 3                         | -                                       | usage
hazard   | usage      | -T                                    | -                                       | usage
reaction | usage      | -T                                    | -                                       | usage
delve    | usage      | -Z                                     | -                                       | usage
delve    | usage      | -C                                     | -                                       | usage
EOF
}

CLASSES="empty nonnumeric negative overflow nul utf8 longline missing directory
unreadable rules command fields closed usage"
FILTERS=" light timedice reaction "

# ---- fixtures: each runs in the case's own directory

# emit TEXT: TEXT through printf %b, with each <MiB> 1 MiB and a byte of "a".
emit() {
	local t=$1
	while [[ $t == *'<MiB>'* ]]; do
		printf '%b' "${t%%<MiB>*}"
		cat "$BATS_FILE_TMPDIR/mib"
		t=${t#*<MiB>}
	done
	printf '%b' "$t"
}

# put NAME TEXT: the file under test, F.
put() { emit "$2" > "$1"; F=$PWD/$1; }

# state PROG: a valid state file S, as PROG writes it.
# (Copied by the shell, no cp started: a state file is text, and a NUL
# in it, which read cannot hold, fails the case.)
state() {
	local t
	S=$PWD/state
	! IFS= read -r -d '' t < "$BATS_FILE_TMPDIR/$1.state" || return 1
	printf '%s' "$t" > "$S"
}

# statefile PROG LINE: a valid state file with LINE added: the file under test.
statefile() { state "$1"; emit "$2\n" >> "$S"; F=$S; }

# stream BAD: stdin is two good lines, BAD, two more; the first two are
# what may come out.
BEFORE='# a foreign line before\nhazard\t1\t5\tnothing\tNothing happens.\n'
AFTER='hazard\t3\t5\tnothing\tNothing happens.\n# a foreign line after\n'
stream() {
	{ emit "$BEFORE"; emit "$1\n"; emit "$AFTER"; } > in
	emit "$BEFORE" > pass
	IN=$PWD/in PASS=$PWD/pass
}

# session: a session of delve(6) in s, S its directory.
session() { delve new -s 1 -l torch s > /dev/null; S=$PWD/s; }

# psession: a session with a party file, Pip's resilience kept (004).
psession() {
	emit 'Pip con=0 resilience=10\n' > pip
	delve new -s 1 -p pip s > /dev/null; S=$PWD/s
}

# input TEXT: stdin; nothing of it may come out.
input() { emit "$1" > in; IN=$PWD/in; }

# passthru LINE: as stream, but every line must come out.
passthru() { stream "$1"; cp in pass; }

stdin_dir() { mkdir stdin.d; IN=$PWD/stdin.d; }
dir() { mkdir d; F=$PWD/d; }
missing() { F=$PWD/missing; }
nodir() { F=$PWD/nodir/state; }

# unreadable [state]: a file whose open(2) fails with EACCES.  Root reads
# every file it owns, so as root F is a file of /proc/1 that refuses it, if
# there is one; a state file must be one the run may lock and write, which no
# such file has: that case is skipped, with the reason.
unreadable() {
	local f
	if [ "$(id -u)" -ne 0 ]; then
		put unreadable 'Ash con=1 wis=1 str=1 best=1 resilience=9\n'
		chmod 000 "$F"
		return
	fi
	if [ "${1-}" = state ]; then
		SKIP="run as root, which reads any state file it can lock"
		return
	fi
	for f in /proc/1/environ /proc/1/mem /proc/1/auxv /proc/1/maps; do
		case $( (: < "$f") 2>&1 ) in
		*"Permission denied"*) F=$f; return;;
		esac
	done
	SKIP="run as root, and no file of /proc/1 refuses root"
}

# snapshot VAR: into VAR, every name under the case directory, and the
# checksum of every readable file (a regular file, not a link).  The names
# come from the shell's ** (hidden ones too, links not followed, as find
# walks) and the sums from one cksum, none when there is no file: the
# matrix takes two snapshots a case, and a find and a cksum each were most
# of its programs started.
snapshot() {
	local -n into=$1
	local e sums files=()
	into=
	shopt -s globstar dotglob nullglob
	for e in **; do
		if [[ -f $e && ! -L $e && -r $e ]]; then
			files+=("$e")
		else
			into+=$e$'\n'
		fi
	done
	shopt -u globstar dotglob nullglob
	[ ${#files[@]} -gt 0 ] || return 0
	cksum -- "${files[@]}" > "$BATS_TEST_TMPDIR/sums"
	IFS= read -r -d '' sums < "$BATS_TEST_TMPDIR/sums" || :
	into+=$sums
}

# rows: the table's rows, the blanks around each column trimmed, the
# columns separated by the unit separator \037 (read with IFS=$'\037').
rows() {
	matrix | awk -F'|' -v OFS='\037' '/^#/ || !NF { next } {
		for (i = 1; i <= NF; i++) gsub(/^[ \t]+|[ \t]+$/, "", $i)
		$1 = $1; print }'
}

# one_case PROG ARGS SETUP STATUS: run one row; on failure print what went
# wrong and return 1.  (bats traps every command of a test: the fewer
# commands here, the faster the matrix.)
one_case() {
	local prog=$1 args=$2 setup=$3 want=$4
	local F= S= IN=/dev/null PASS= SKIP= st=0 err= why= argv envs=() close= before= after
	local tmp=$BATS_TEST_TMPDIR
	cd "$tmp/$((++ncase))"	# made by run_class
	[ "$setup" = - ] || eval "$setup"
	if [ -n "$SKIP" ]; then
		echo "# skipped: $prog $args: $SKIP" >&3
		return 0
	fi
	eval "argv=( $args )"
	while [ ${#argv[@]} -gt 0 ] && [[ ${argv[0]} == [A-Z_]*=* ]]; do
		case ${argv[0]} in
		CLOSE=[012]) close=${argv[0]#CLOSE=} ;;
		*) envs+=("${argv[0]}") ;;
		esac
		argv=("${argv[@]:1}")
	done
	# a case with no SETUP has a directory just made, empty: nothing
	[ "$setup" = - ] || snapshot before
	# env only for a row with NAME=VALUE words: an exec less a case (the
	# program by its path: "return" is also a word of the shell)
	[ ${#envs[@]} -eq 0 ] || argv=(env "${envs[@]}" "$prog" "${argv[@]}")
	[ ${#envs[@]} -ne 0 ] || argv=("${exe[$prog]}" "${argv[@]}")
	case $close in
	0) "${argv[@]}" <&- > "$tmp/out" 2> "$tmp/err" || st=$? ;;
	1) "${argv[@]}" < "$IN" >&- 2> "$tmp/err" || st=$?; : > "$tmp/out" ;;
	2) "${argv[@]}" < "$IN" > "$tmp/out" 2>&- || st=$?
	   : > "$tmp/err" ;;
	*) "${argv[@]}" < "$IN" > "$tmp/out" 2> "$tmp/err" || st=$? ;;
	esac
	IFS= read -r -d '' err < "$tmp/err" || :
	# stderr closed: the status alone, nothing written anywhere
	[ "$close" = 2 ] && [ "$want" != usage ] && [[ $want != ok* ]] &&
	    err="$prog: (stderr closed)"$'\n'
	case $want in
	ok*)
		[ "$st" -le 1 ] || why="exit $st, expected 0 or 1"
		[ -z "$err" ] || why="$why; stderr: ${err:0:300}"
		;;
	*)
		if [ "$want" = usage ]; then
			# the line naming what was wrong, the usage line, and for
			# delve the other forms of its SYNOPSIS, one a line
			[ "$st" -eq 2 ] || why="exit $st, expected 2"
			rest=${err#*$'\n'}
			rest=${rest#*$'\n'}
			[[ $err == "$prog: "*$'\n'"usage: $prog "*$'\n' ]] &&
			    ! printf '%s' "$rest" | grep -qv "^       $prog " ||
			    why="$why; stderr is not '$prog: ...' and the usage line: ${err:0:300}"
		else
			[ "$st" -eq "$want" ] || why="exit $st, expected $want"
			[[ $err == "$prog: "*$'\n' && $err != *$'\n'*$'\n' ]] ||
			    why="$why; stderr is not one line starting '$prog: ': ${err:0:300}"
		fi
		;;
	esac
	if [ -n "$PASS" ] && [[ $FILTERS == *" $prog "* ]]; then
		grep -a -v "^$prog"$'\t' "$tmp/out" | cmp -s - "$PASS" ||
		    why="$why; stdout is not the lines before the bad one: $(head -c 300 "$tmp/out")"
	elif [[ $want != ok* ]] && [ -s "$tmp/out" ]; then
		why="$why; stdout: $(head -c 300 "$tmp/out")"
	fi
	if [ -n "$close" ] && [ -n "$(find . -name '*.lock' -size +0c)" ]; then
		why="$why; a lock file took the closed stream: $(find . -name '*.lock' -size +0c)"
	fi
	[[ $want == ok* ]] || snapshot after
	if [[ $want != ok* ]] && [ "$after" != "$before" ]; then
		why="$why; files changed: $(diff <(echo "$before") <(echo "$after") | head -5 | tr '\n' ' ')"
	fi
	[ -z "$why" ] && return 0
	printf '%s %s [%s] wants %s: %s\n' "$prog" "$args" "$setup" "$want" "${why#; }"
	return 1
}

# run_class CLASS: every row of CLASS; every failure is listed.  The rows
# run in a subshell without bats' DEBUG trap, which would run before each
# of their commands and take most of the time.
run_class() (
	local prog class args setup want cases=0 failed=0 ncase=0 p
	local -A exe	# each program's path
	trap - DEBUG
	for p in $(sed -n 's/^PROGS *= *//p' "$TOP/Makefile"); do
		exe[$p]=$(type -P "$p")
	done
	local rows=() dirs=() row
	mapfile -t rows < <(rows | awk -F'\037' -v c="$1" '$2 == c && $5 !~ /^n\/a:/')
	[ "${#rows[@]}" -gt 0 ] || { echo "no rows for class $1" >&2; exit 1; }
	# each case's directory, 1 to N, made at once: one mkdir, not one a case
	for ((p = 1; p <= ${#rows[@]}; p++)); do dirs+=("$BATS_TEST_TMPDIR/$p"); done
	mkdir -- "${dirs[@]}"
	for row in "${rows[@]}"; do
		IFS=$'\037' read -r prog class args setup want <<< "$row"
		cases=$((cases + 1))
		one_case "$prog" "$args" "$setup" "$want" >&2 || failed=$((failed + 1))
	done
	[ "$failed" -eq 0 ] || { echo "$failed of $cases cases failed" >&2; exit 1; }
)

@test "the matrix: every program has a row in every class, and every row parses" {
	local progs summary
	progs=$(sed -n 's/^PROGS *= *//p' "$TOP/Makefile")
	[ -n "$progs" ]
	summary=$(rows | awk -F'\037' -v progs="$progs" -v classes="$(echo $CLASSES)" '
	    BEGIN { np = split(progs, P, " "); nc = split(classes, C, " ")
		for (i = 1; i <= np; i++) isprog[P[i]] = 1
		for (i = 1; i <= nc; i++) isclass[C[i]] = 1 }
	    function bad(why) { print why ": " $0 > "/dev/stderr"; status = 1 }
	    NF != 5 || $3 == "" || $4 == "" { bad("not five columns") }
	    !($1 in isprog) { bad("no such program") }
	    !($2 in isclass) { bad("no such class") }
	    $5 !~ /^(2|3|usage|ok: .+|n\/a: .+)$/ { bad("no such status") }
	    { have[$1, $2] = 1; if ($5 !~ /^n\/a:/) cases++ }
	    END { for (i = 1; i <= np; i++) for (j = 1; j <= nc; j++)
		    if (!((P[i], C[j]) in have)) {
			print "no row: " P[i] " " C[j] > "/dev/stderr"; status = 1 }
		printf "%d programs x %d classes: %d cases\n", np, nc, cases
		exit status }')
	echo "# $summary" >&3
}

@test "empty: empty values, operands, files and fields" { run_class empty; }
@test "nonnumeric: a word where a number goes" { run_class nonnumeric; }
@test "negative: numbers below their range" { run_class negative; }
@test "overflow: $BIG and the first number past each bound" { run_class overflow; }
@test "nul: a NUL byte in a file or a record" { run_class nul; }
@test "utf8: bad UTF-8 in a file, a record, an argument" { run_class utf8; }
@test "longline: a line of more than 1 MiB" { run_class longline; }
@test "missing: a file that is not there" { run_class missing; }
@test "directory: a directory where a file goes" { run_class directory; }
@test "unreadable: a file the program may not read" { run_class unreadable; }
@test "rules: an unknown rules name, or one the program lacks" { run_class rules; }
@test "command: an unknown command, action, mode or path" { run_class command; }
@test "fields: a record or a file line with too few fields" { run_class fields; }
@test "closed: a closed stdin, stdout or stderr; white space before a number; a newline in a value" { run_class closed; }
@test "usage: an unknown option, a missing argument" { run_class usage; }
