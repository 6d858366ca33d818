#!/usr/bin/env bats
# delve(6) screen: the session live in a terminal.  Driven in a real
# terminal: tmux on a socket of the test's own, a detached session of a
# given size, the screen in its pane, turns and GM acts played beside it,
# the pane read with capture-pane after each.
load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return
	printf 'Ann con=1 wis=0 dex=2 hp=9 hpmax=12 load=12 strength=10\nBo con=0 wis=1 hp=5 hpmax=8 level=2\n' > party.txt
	delve new -s 7 -p party.txt -l torch,lantern S > /dev/null
}

teardown() {
	local sock
	for sock in "$BATS_TEST_TMPDIR"/tmux*.sock; do
		[ ! -S "$sock" ] || tmux -S "$sock" kill-server 2>/dev/null || :
	done
}

tm() { tmux -S "$BATS_TEST_TMPDIR/tmux${SOCK:-}.sock" "$@"; }

# the server ended; the next starts on a socket of its own (one starting
# on the socket of one still ending may find it gone)
stop() {
	tm kill-server 2>/dev/null || :
	SOCK=$((${SOCK:-0} + 1))
}

# start COLS ROWS [ARG...]: the screen in a detached pane of COLS x ROWS,
# its terminal's settings written before and after it runs.
start() {
	local cols=$1 rows=$2
	shift 2
	command -v tmux > /dev/null || skip "tmux is not installed"
	ARGS="$*"
	# the shell waits on past an interrupt of the screen, to say how it ended
	tm -f /dev/null new-session -d -s scr -x "$cols" -y "$rows" \
	    "trap : INT; cd '$PWD' && export PATH='$PATH' ${ENVS:-}; stty -a > before; ${WRAP:-} delve -C S screen $*; echo \$? > rc; stty -a > after; sleep 600"
	[ -n "${NOSETTLE:-}" ] || settle
}

# the text without its blank lines at the end
trim() { awk '{ l[NR] = $0 } NF { last = NR } END { for (i = 1; i <= last; i++) print l[i] }'; }

pane() { tm capture-pane -p -t scr; }

# wait until the pane holds TEXT (5 s at most)
wait_for() {
	local i
	for i in $(seq 50); do
		[[ $(pane) != *"$1"* ]] || return 0
		sleep 0.1
	done
	printf 'not in the pane: %s\n%s\n' "$1" "$(pane)" >&2
	return 1
}

# the screen has drawn what the session holds now: the pane is the
# plain frame of the same size (the title line first, a frame at once)
settle() {
	local i want
	for i in $(seq 50); do
		# shellcheck disable=SC2086
		want=$(COLUMNS=$(tm display -p -t scr '#{pane_width}') \
		    LINES=$(tm display -p -t scr '#{pane_height}') \
		    delve -C S screen -o ${ARGS:-} | trim)
		[ "$(pane | trim)" != "$want" ] || return 0
		sleep 0.1
	done
	diff <(printf '%s\n' "$want") <(pane) >&2
	return 1
}

# the pane against the session's files: each character's HP, the light
# left, the clock, and the last sentence of the log
matches_session() {
	local p name hp max left clock last
	p=$(pane)
	while read -r name rest; do
		hp=$(sed -n 's/.* hp=\([0-9]*\).*/\1/p' <<< "$name $rest")
		max=$(sed -n 's/.* hpmax=\([0-9]*\).*/\1/p' <<< "$name $rest")
		grep -q "^$name  *\[[#-]*\] $hp of $max HP" <<< "$p"
	done < S/state/party
	left=$(awk '$1 == "source" && $2 == "lantern1" { print $5 }' S/state/light)
	[ "$left" = 0 ] || grep -q "^lantern1 \[[#-]*\] lantern, [a-z]*: $left turns\? left" <<< "$p"
	clock=$(awk '$1 == "time" { print $2 }' S/state/timedice)
	grep -q "^Day [0-9]*, $clock, the [a-z-]* quarter: \(daylight\|dark\)\( outside\)\?\.$" <<< "$p"
	last=$(tail -n 1 S/log | awk -F'\t' '{ print $NF }' | cut -c1-40)
	grep -qF "$last" <<< "$(tail -n 3 <<< "$p")"
}

@test "delve screen at 80x24 in tmux: each turn, GM act and undo redrawn, HP, light bar, clock and last sentence as the session holds them" {
	start 80 24
	wait_for "S: the exploration rules, turn 0, seed 7"
	matches_session
	for step in "-n 3" "damage Ann 4" "-n 2" "light out torch1" "heal Bo 2" "undo" "-n 4"; do
		# shellcheck disable=SC2086
		delve -C S $step > /dev/null
		settle
		matches_session
	done
	wait_for "turn 9, seed 7"
	grep -q "^Ann  *\[#####-----\] 5 of 12 HP" <<< "$(pane)"
}

@test "delve screen at 132x40: the log fills the rows, the newest sentence on the last row" {
	delve -C S -n 30 > /dev/null
	start 132 40
	wait_for "turn 30"
	matches_session
	eq 40 "$(pane | wc -l)"
	# the last row is the end of the last sentence in the log
	last=$(tail -n 1 S/log | awk -F'\t' '{ print $NF }')
	[[ $last == *"$(pane | tail -n 1 | sed 's/^ *//')" ]]
	eq 132 "$(pane | grep -m1 '^-- Party' | tr -d '\n' | wc -c)"
}

@test "delve screen: a resize redraws at the new size" {
	start 80 24
	wait_for "-- Party"
	eq 80 "$(pane | grep -m1 '^-- Party' | tr -d '\n' | wc -c)"
	tm resize-window -t scr -x 132 -y 40
	settle
	eq 132 "$(pane | grep -m1 '^-- Party' | tr -d '\n' | wc -c)"
	tm resize-window -t scr -x 100 -y 30
	settle
	eq 100 "$(pane | grep -m1 '^-- Party' | tr -d '\n' | wc -c)"
}

# the screen's pid: the child of the pane's shell
screen_pid() { ps -o pid= --ppid "$(tm display -p -t scr '#{pane_pid}')" | tr -d ' '; }

@test "delve screen: killed by TERM, INT or HUP, or ended by q, the terminal is as before (stty -a) and the main screen is back" {
	for how in TERM INT HUP q; do
		start 80 24
		wait_for "-- Party"
		case $how in
		q) tm send-keys -t scr q ;;
		INT) tm send-keys -t scr C-c ;;
		*) kill -s "$how" "$(screen_pid)" ;;
		esac
		for i in $(seq 50); do [ -s after ] && break; sleep 0.1; done
		cmp before after
		[[ $(pane) != *"-- Party"* ]]
		case $how in
		q) eq 0 "$(cat rc)" ;;
		INT) eq 130 "$(cat rc)" ;;
		TERM) eq 143 "$(cat rc)" ;;
		HUP) eq 129 "$(cat rc)" ;;
		esac
		stop
		rm -f before after rc
	done
}

@test "delve screen -P, the players' view: no seed, no hazard die that means nothing yet, no reaction or roll dice; what it shows is the GM's" {
	delve -C S -n 12 > /dev/null
	delve -C S roll d20 > /dev/null
	COLUMNS=132 LINES=200 run -0 delve -C S screen -o
	gm=$output
	[[ $gm == *"seed 7"* && $gm == *"Nothing — the turn passes uneventfully."* ]]
	[[ $gm == *"The creatures met are"* ]]
	COLUMNS=132 LINES=200 run -0 delve -C S screen -o -P
	[[ $output == *"(the players' view)"* ]]
	[[ $output != *"seed"* ]]
	[[ $output != *"Nothing — "* ]]
	[[ $output != *"The creatures met are"* ]]
	[[ $output == *"Ann makes the CON save"* || $output == *"Ann fails the CON save"* ]]
	# every row of the players' view above the log is the GM's
	eq "$(sed -n '2,/^-- Log/p' <<< "$gm")" "$(sed -n '2,/^-- Log/p' <<< "$output")"
	# in a terminal as well
	start 80 24 -P
	wait_for "(the players' view)"
	[[ $(pane) != *"seed 7"* ]]
}

@test "delve screen -P: a sign's creature (a table rolled at a sign, 001) and 003's alarm are the GM's alone" {
	printf 'die: 1d6\n1-6 three goblins\n' > enc.txt
	delve new -s 3 -r delving -T encounter=enc.txt D > /dev/null
	for i in $(seq 40); do
		delve -C D > /dev/null
		grep -q '^sign-creature' D/state/hazard && break
	done
	grep -q '^sign-creature' D/state/hazard
	run -0 delve -C D screen -o
	[[ $output == *"three goblins"* ]]
	run -0 delve -C D screen -o -P
	[[ $output != *"goblins"* ]]
	delve new -s 3 -r alarm A > /dev/null
	delve -C A -n 2 > /dev/null
	run -0 delve -C A screen -o
	[[ $output == *"The alarm stands at "* ]]
	run -0 delve -C A screen -o -P
	[[ $output != *"alarm stands"* ]]
}

@test "delve screen: not a terminal, -o, or TERM=dumb: the screen once as plain text, no escape; pinned for a seeded session" {
	delve -C S -n 9 > /dev/null
	delve -C S damage Bo 5 > /dev/null
	golden screen-80x24.out env COLUMNS=80 LINES=24 delve -C S screen
	golden screen-132x40.out env COLUMNS=132 LINES=40 delve -C S screen -o
	golden screen-players.out env COLUMNS=80 LINES=24 delve -C S screen -P
	run -0 env -u COLUMNS -u LINES delve -C S screen
	eq "$(cat "$GOLDEN/screen-80x24.out")" "$output"
	[[ $output != *$'\033'* ]]
	# in a terminal with TERM=dumb: printed once, and it exits
	ENVS="TERM=dumb" NOSETTLE=1 start 80 24
	wait_for "-- Log"
	for i in $(seq 50); do [ -s rc ] && break; sleep 0.1; done
	eq 0 "$(cat rc)"
	[[ $(tm capture-pane -p -e -t scr) != *$'\033[31m'* ]]
}

@test "delve screen: colour where it means something (HP at a quarter, a light's last stretch); none under NO_COLOR" {
	delve -C S damage Bo 4 > /dev/null
	start 80 24
	wait_for "1 of 8 HP"
	[[ $(tm capture-pane -p -e -t scr | grep 'of 8 HP') == *$'\033[31m'* ]]
	stop
	ENVS="NO_COLOR=1" start 80 24
	wait_for "1 of 8 HP"
	[[ $(tm capture-pane -p -e -t scr) != *$'\033['[0-9]*m* ]] ||
	    [[ $(tm capture-pane -p -e -t scr | grep -c $'\033\[3[123]m') == 0 ]]
}

@test "delve screen never takes the session's lock nor writes to it: it reads while a command holds the lock, and a turn goes on while it runs" {
	delve -C S -n 2 > /dev/null
	before=$(snap S)
	# the lock held (flock on the directory, as delve does)
	flock S sleep 3 &
	sleep 0.2
	SECONDS=0
	run -0 delve -C S screen -o
	[ "$SECONDS" -lt 2 ]
	[[ $output == *"turn 2, seed 7"* ]]
	wait
	eq "$before" "$(snap S)"
	start 80 24
	wait_for "turn 2"
	SECONDS=0
	delve -C S -n 3 > /dev/null
	[ "$SECONDS" -lt 2 ]
	wait_for "turn 5"
}

@test "delve screen: a session caught broken says its error on the last row and draws again once mended" {
	start 80 24
	wait_for "turn 0"
	chmod u+w S/state/light
	cp S/state/light light.good
	printf 'source x lamp lit 3 0\n' >> S/state/light
	delve -C S status > /dev/null 2>&1 || :
	touch S/state/light
	ln -sfn "$(readlink S/state)" S/.state.new && mv -T S/.state.new S/state
	wait_for "delve: "
	eq "delve: S/g.0/light:9: source: 'lamp': expected torch, lantern or candle" "$(pane | tail -n 1)"
	cp light.good S/state/light
	ln -sfn "$(readlink S/state)" S/.state.new && mv -T S/.state.new S/state
	settle
}

@test "delve screen: errors are one line, exit 2: not a session, an operand, -n, an unknown option" {
	run -2 --separate-stderr delve -C nothere screen -o
	eq "delve: nothere: No such file or directory" "$stderr"
	run -2 --separate-stderr delve -C S screen now
	eq "delve: now: screen takes no operands" "${stderr%%$'\n'*}"
	run -2 --separate-stderr delve -C S -n 2 screen
	eq "delve: -n: screen takes no count" "$stderr"
	run -2 --separate-stderr delve -C S -j screen
	eq "delve: -j: screen draws sentences: not with -j or -R" "$stderr"
	run -2 --separate-stderr delve -C S screen -x
	[[ ${stderr%%$'\n'*} == "delve: -x: "* ]]
	run -0 delve screen -h
	[[ ${lines[0]} == "usage: delve [-C DIR] screen [-oP]" ]]
	run -3 sh -c 'delve -C S screen > /dev/full'
}

@test "delve status in sentences: no state file's keyword, durations in the session's unit (hours under travel), a torch of no fixed duration said so (issues 33, 37)" {
	delve -C S -n 8 > /dev/null
	run -0 delve -C S status
	[[ $output != *since-rest* && $output != *pending* && $output != *" - turns"* ]]
	[[ $output != *"rules exploration"* && $output != *"darkvision no"* ]]
	[[ $output == *"turns since the last safe rest."* ]]
	printf 'Pip con=0 hp=8 hpmax=8 resilience=10\n' > pip.txt
	delve new -s 45 -r travel -p pip.txt road > /dev/null
	delve -C road -n 12 > /dev/null
	run -0 delve -C road status
	eq "timedice  12 hours since the last safe rest." "$(grep '^timedice' <<< "$output")"
	delve new -s 1 -r delving -l torch T > /dev/null
	run -0 delve -C T status
	eq "light     torch1, a torch, is lit until the hazard die's burn puts it out." "$(grep '^light' <<< "$output")"
}

@test "the screen's layout (common/screen.c) drawn for 3000 random sessions at random sizes from 80x24 to 400x400: no row wider than the terminal, no more rows, the newest record's end on the last row" {
	run -0 unit screen 3000
	[[ $output == "3000 sessions drawn, "*" ending with the newest record" ]]
	n=${output#*, }
	[ "${n%% *}" -gt 2500 ]
}

# polls COUNT FILE: the poll(2) calls in strace's FILE
polls() { grep -c '^[0-9]* *poll(' "$1" || :; }

@test "delve screen waits without polling: no wake-up while idle under inotify; without inotify, a look every half second (4 in 2 s), and a turn still redrawn" {
	command -v strace > /dev/null || skip "strace is not installed"
	WRAP="strace -o $PWD/trace -e trace=poll,inotify_init1" start 80 24
	wait_for "turn 0"
	sleep 1
	n0=$(polls trace)
	sleep 2
	eq "$n0" "$(polls trace)"		# asleep: not one wake-up in 2 s
	delve -C S > /dev/null
	wait_for "turn 1"
	stop
	rm -f before after rc
	# inotify refused: the fallback looks at the state link twice a second
	WRAP="strace -o $PWD/trace2 -e trace=poll,inotify_init1 -e inject=inotify_init1:error=EMFILE" start 80 24
	wait_for "turn 1"
	n0=$(polls trace2)
	sleep 2
	n1=$(polls trace2)
	[ $((n1 - n0)) -ge 3 ] && [ $((n1 - n0)) -le 5 ]	# 4 in 2 s
	grep -q 'poll(.*, 500)' trace2
	delve -C S > /dev/null
	wait_for "turn 2"
}

@test "delve screen: an affliction's stage and when it ends on its character's row, timers and the rest in what comes next, soonest first, in the session's unit" {
	printf 'Pip con=0 resilience=10 hp=8 hpmax=8\n' > pip.txt
	printf '#!/bin/sh\necho "timer bless 18" >> "$1"\n' > ed.sh
	chmod +x ed.sh
	for r in exploration travel; do
		delve new -s 45 -r $r -p pip.txt $r > /dev/null
		delve -C $r infect Pip venom 2hours > /dev/null
		EDITOR=$PWD/ed.sh delve -C $r edit timedice > /dev/null
	done
	run -0 delve -C exploration screen -o
	eq "Pip  [##########] 8 of 8 HP
     venom, stage 1: ends in 12 turns, at 09:00 on day 1
-- Next ------------------------------------------------------------------------
A rest is due in 6 turns.
Pip's venom: stage 1 ends in 12 turns.
bless runs out in 18 turns." "$(sed -n 4,9p <<< "$output")"
	run -0 delve -C exploration status
	eq "timedice  bless runs out in 18 turns." "$(grep bless <<< "$output")"
	run -0 delve -C travel screen -o
	eq "     venom, stage 1: ends in 2 hours, at 09:00 on day 1
-- Next ------------------------------------------------------------------------
Pip's venom: stage 1 ends in 2 hours.
bless runs out in 3 hours.
0 hours since the last safe rest." "$(sed -n 5,9p <<< "$output")"
}

@test "delve screen -P under the alarm and travel rules: a quiet room, a calm hour and what is coming (soon, worsens) are the GM's; a terrible hour is everyone's" {
	delve new -s 3 -r alarm A > /dev/null
	delve -C A -n 3 advance > /dev/null
	COLUMNS=132 LINES=100 run -0 delve -C A screen -o
	[[ $output == *"over it: quiet."* ]]
	COLUMNS=132 LINES=100 run -0 delve -C A screen -o -P
	[[ $output != *"quiet"* ]]
	delve new -s 3 -r travel R > /dev/null
	delve -C R -n 40 > /dev/null
	COLUMNS=200 LINES=400 run -0 delve -C R screen -o
	for k in Something\ bad\ happens\ soon Threat\ worsens Terrible; do
		[[ $output == *"$k"* ]]
	done
	COLUMNS=200 LINES=400 run -0 delve -C R screen -o -P
	[[ $output != *"Something bad happens soon"* && $output != *"Threat worsens"* ]]
	[[ $output == *"Terrible"* ]]
}

@test "delve screen: the session removed and made again in its place is drawn again, and watched again" {
	start 80 24
	wait_for "turn 0, seed 7"
	rm -rf S
	wait_for "delve: "
	delve new -s 8 -p party.txt -l torch S > /dev/null
	wait_for "turn 0, seed 8"
	delve -C S -n 2 > /dev/null
	wait_for "turn 2, seed 8"
	settle
}

@test "delve screen: stopped by ^Z, the terminal is as before while it is stopped; fg draws it again, and it still follows the session" {
	command -v tmux > /dev/null || skip "tmux is not installed"
	tm -f /dev/null new-session -d -s scr -x 80 -y 24 \
	    "env PS1='$ ' PATH='$PATH' bash --norc --noprofile -i"
	tm send-keys -t scr "cd '$PWD' && stty -a > before" Enter "delve -C S screen" Enter
	wait_for "-- Party"
	tm send-keys -t scr C-z
	wait_for "Stopped"
	[[ $(pane) != *"-- Party"* ]]
	tm send-keys -t scr "stty -a > stopped" Enter
	for i in $(seq 50); do [ -s stopped ] && break; sleep 0.1; done
	cmp before stopped
	tm send-keys -t scr "fg" Enter
	wait_for "-- Party"
	delve -C S > /dev/null
	wait_for "turn 1, seed 7"
	tm send-keys -t scr q
	tm send-keys -t scr "stty -a > after" Enter
	for i in $(seq 50); do [ -s after ] && break; sleep 0.1; done
	cmp before after
}
