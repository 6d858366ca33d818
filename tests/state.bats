#!/usr/bin/env bats
# State files under load and faults (delving(7) STATE FILES), for every
# program that keeps one: hazard, light, timedice.
load helper

setup() { cd "$BATS_TEST_TMPDIR"; }

# args PROG FILE COUNT: the arguments of one run that takes COUNT turns.
args() {
	case $1 in
	hazard) echo "-f $2 -s 7 -n $3" ;;
	light) echo "-f $2 -s 7 -n $3 tick" ;;
	timedice) echo "-f $2 -s 7 -n $3 turn" ;;
	esac
}

# long_run PROG: turns that take PROG a few milliseconds, so kills land early and late.
long_run() { case $1 in timedice) echo 1500 ;; *) echo 20000 ;; esac; }

# update PROG FILE [COUNT]: one run that takes COUNT turns (default 1).
update() {
	# shellcheck disable=SC2046
	"$1" $(args "$1" "$2" "${3:-1}") > /dev/null
}

# turns FILE: the turn count the state file holds.
turns() { awk '$1 == "turn" { print $2 }' "$1"; }

@test "20 concurrent writers x 25 updates end at exactly 500, for each program" {
	for p in hazard light timedice; do
		rm -f st st.lock
		update "$p" st 0
		for w in $(seq 20); do
			( for i in $(seq 25); do update "$p" st || exit 1; done ) &
		done
		wait
		eq 500 "$(turns st)"
		ls st* > files
		eq "st" "$(paste -sd' ' files)"	# no lock file, no temp
	done
}

@test "hazard: 500 concurrent updates leave the state 500 updates in a row leave" {
	for w in $(seq 20); do ( for i in $(seq 25); do hazard -f par -s 7 > /dev/null; done ) & done
	wait
	hazard -f seq -s 7 -n 500 > /dev/null
	eq "$(cat seq)" "$(cat par)"
}

@test "a writer killed with SIGKILL at random moments leaves the old state or the new, 200 times" {
	for p in hazard light timedice; do
		rm -f st st.lock
		update "$p" st 0
		old=0 new=0
		for i in $(seq 67); do
			before=$(turns st)
			# shellcheck disable=SC2046
			"$p" $(args "$p" st "$(long_run "$p")") > /dev/null &	# $! is the program

			pid=$!
			sleep "0.00$((RANDOM % 8))"
			kill -9 "$pid" 2>/dev/null || true
			wait "$pid" 2>/dev/null || true
			after=$(turns st)
			if [ "$after" = "$before" ]; then old=$((old + 1))
			elif [ "$after" = "$((before + $(long_run "$p")))" ]; then new=$((new + 1))
			else echo "$p: turn $before became '$after'" >&2; false; fi
			update "$p" st 0 || { echo "$p: the state no longer parses" >&2; cat st >&2; false; }
			[ -z "$(ls st.tmp.* 2>/dev/null)" ]	# the next run removed any temp file
		done
		echo "# $p: $old kills kept the old state, $new the new" >&3
	done
}

@test "stale temp files are removed by the next run, and only they" {
	for p in hazard light timedice; do
		rm -f st*
		update "$p" st
		touch st.tmp.1 st.tmp.424242 st.tmpx other.tmp.1
		update "$p" st
		[ ! -e st.tmp.1 ] && [ ! -e st.tmp.424242 ]
		[ -e st.tmpx ] && [ -e other.tmp.1 ]
	done
}

@test "a directory, a FIFO, a symlink, 100 MB of garbage: refused at once, nothing changed" {
	mkdir dir; mkfifo fifo; echo "turn 1" > target; ln -s target link
	head -c 100000000 /dev/urandom > big
	for p in hazard light timedice; do
		for f in dir fifo link big; do
			run -2 --separate-stderr timeout 5 "$p" -f "$f"
			one_error "$p"
			[ -z "$output" ]
			[ ! -e "$f.lock" ]
		done
	done
	eq "turn 1" "$(cat target)"
}

@test "a FILE.lock symlink an older version left is neither followed nor touched" {
	echo precious > target
	ln -s target st.lock
	for p in hazard light timedice; do
		rm -f st
		run -0 --separate-stderr "$p" -f st
		[ -z "$stderr" ] && [ -s st ]
	done
	eq precious "$(cat target)"
	[ -L st.lock ]
}

@test "a state file where nothing can be written: exit 3, nothing changed" {
	if [ "$(id -u)" -eq 0 ]; then
		d=/sys	# root writes anywhere but a read-only file system
		touch /sys/delving-probe 2>/dev/null && { rm -f /sys/delving-probe; skip "no read-only directory to test with"; }
	else
		mkdir ro; chmod 555 ro; d=ro
	fi
	for p in hazard light timedice; do
		run -3 --separate-stderr "$p" -f "$d/delving.state"
		one_error "$p"
		[ -z "$output" ]
	done
	[ ! -e "$d/delving.state" ]
}

@test "new state files follow the user's umask; an old one keeps its mode" {
	for p in hazard light timedice; do
		rm -f st st.lock
		(umask 077; update "$p" st)
		eq 600 "$(stat -c %a st)"
		chmod 640 st
		update "$p" st
		eq 640 "$(stat -c %a st)"
	done
}

# stamp FILE: its inode, size and modification time to the nanosecond.
stamp() { stat -c '%i %s %y' "$1"; }

@test "comments, blank lines and end-of-line comments survive a turn, for each program" {
	for p in hazard light timedice; do
		rm -f st
		update "$p" st 2
		{ printf '# Friday: Tomb of the Ash Queen\n\n'
		  sed 's/^turn 2$/turn 2   # where we stopped/' st
		  printf '\n# the end\n'; } > edited
		mv edited st
		update "$p" st
		eq "# Friday: Tomb of the Ash Queen" "$(sed -n 1p st)"
		eq "" "$(sed -n 2p st)"
		eq "# $p state: see $p(6), FILES" "$(sed -n 3p st)"
		grep -qx 'turn 3   # where we stopped' st
		eq "# the end" "$(tail -n 1 st)"
		eq "" "$(tail -n 2 st | head -n 1)"
		eq 3 "$(turns st)"
	done
}

@test "a command that changes nothing leaves the file untouched: same inode, bytes and time" {
	light -f l -s 3 -l torch > /dev/null
	timedice -f t -s 3 timer bell 1hour > /dev/null
	hazard -f h -s 3 > /dev/null
	cp l l0; cp t t0; cp h h0
	before="$(stamp l) $(stamp t) $(stamp h)"
	sleep 0.02
	run -0 light -f l status
	run -0 timedice -f t show
	run -0 timedice -f t timers
	run -0 timedice -f t
	run -0 hazard -f h -n 0
	eq "$before" "$(stamp l) $(stamp t) $(stamp h)"
	cmp l l0 && cmp t t0 && cmp h h0
}

@test "no FILE.lock and no temp file after runs, refused runs and runs on missing files" {
	for p in hazard light timedice; do
		rm -rf d; mkdir d
		update "$p" d/st 2
		run -2 --separate-stderr "$p" -f d/st -n x
		run -2 --separate-stderr "$p" -f d/new -n x
		run -2 --separate-stderr "$p" -f d/new -r bogus
		run -2 --separate-stderr "$p" -f d/new bogus
		eq "st" "$(ls -A d | paste -sd' ')"
	done
	printf 'Ash best=2 hp=9 load=1\n' > party
	run -0 env return -s 1 -w -p party arduous
	run -2 --separate-stderr env return -s 1 -w -p missing arduous
	[ ! -e missing ]
	eq "party" "$(ls -A | grep -e party -e missing | paste -sd' ')"
}

@test "a file of another program's kind is named as such" {
	light -f l -s 1 -l torch > /dev/null
	timedice -f t -s 1 > /dev/null
	hazard -f h -s 1 > /dev/null
	printf 'Ash best=2 hp=9\n' > party
	for f in l t h party; do cp "$f" "$f.0"; done
	run -2 --separate-stderr hazard -f l
	eq "hazard: l: a light state file, not a hazard one" "$stderr"
	run -2 --separate-stderr light -f t
	eq "light: t: a timedice state file, not a light one" "$stderr"
	run -2 --separate-stderr timedice -f h
	eq "timedice: h: a hazard state file, not a timedice one" "$stderr"
	run -2 --separate-stderr hazard -f party
	eq "hazard: party: a party file, not a hazard state file" "$stderr"
	run -2 --separate-stderr reaction -p h morale
	eq "reaction: h: a hazard state file, not a party file" "$stderr"
	run -2 --separate-stderr env return -w -p l arduous
	eq "return: l: a light state file, not a party file" "$stderr"
	for f in l t h party; do cmp "$f" "$f.0"; done
	printf 'rules exploration\nbogus 1\n' > odd
	run -2 --separate-stderr hazard -f odd
	eq "hazard: odd:2: unknown keyword 'bogus'" "$stderr"
}

@test "a seed without its rng line is refused, not a stream started again" {
	for p in hazard light timedice; do
		rm -f st
		update "$p" st 3
		grep -v '^rng ' st > st.edited; mv st.edited st; cp st before
		line=$(grep -n '^seed ' st | cut -d: -f1)
		run -2 --separate-stderr "$p" -f st -s 7
		eq "$p: st:$line: a seed without its rng line: expected 'rng HEX', the generator's state, or the stream would start again" "$stderr"
		[ -z "$output" ]
		cmp st before
	done
}

@test "a read-only state file: exit 3, unchanged, even for root" {
	for p in hazard light timedice; do
		rm -f st
		update "$p" st
		chmod 444 st; cp st before
		run -3 --separate-stderr "$p" -f st
		eq "$p: st: read-only: not a file this run may change" "$stderr"
		[ -z "$output" ]
		cmp st before
		eq 444 "$(stat -c %a st)"
		eq "st" "$(ls st* | paste -sd' ')"
		chmod 644 st
	done
}

@test "a run waiting on another's lock says so once after a second, then goes on" {
	for p in hazard light timedice; do
		rm -f st held
		update "$p" st
		flock st sh -c 'touch held; sleep 2' &
		holder=$!
		while [ ! -e held ]; do sleep 0.01; done
		# shellcheck disable=SC2046
		run -0 --separate-stderr "$p" $(args "$p" st 1)
		eq "$p: st: waiting for process $holder, which has it locked" "$stderr"
		wait
		eq 2 "$(turns st)"
	done
}

@test "a line that is new to the file goes after the one before it; lines no longer in the state go" {
	hazard -f h -s 1 -r alarm -n 0 > /dev/null	# then as an older version wrote it:
	sed -i -e '/^alarm /d' -e 's/^sign-pending no$/sign-pending no # x/' h
	hazard -f h -s 1 stay > /dev/null
	eq "sign-pending no # x" "$(sed -n 7p h)"
	eq "alarm" "$(sed -n 8p h | cut -d' ' -f1)"
	eq "seed 1" "$(sed -n 9p h)"
	eq 10 "$(wc -l < h)"
	timedice -f t -s 1 timer a 1hour > /dev/null
	timedice -f t -s 1 timer b 2hours > /dev/null
	sed -i 's/^timer a 6$/timer a 6 # the bell/' t
	timedice -f t -s 1 timer c 1turn > /dev/null
	eq "timer a 6 # the bell|timer b 12|timer c 1" "$(grep '^timer' t | paste -sd'|')"
	timedice -f t -s 1 cancel a > /dev/null
	eq "timer b 12|timer c 1" "$(grep '^timer' t | paste -sd'|')"
	! grep -q 'the bell' t
}

@test "a wait shorter than a second goes unsaid" {
	update hazard st
	flock st sleep 0.3 &
	sleep 0.1
	run -0 --separate-stderr hazard -f st -s 7
	[ -z "$stderr" ]
	wait
	eq 2 "$(turns st)"
}

@test "an error names the user's file, never a lock file" {
	for p in hazard light timedice; do
		run -3 --separate-stderr "$p" -f /nonexistent/x.state
		eq "$p: /nonexistent/x.state: No such file or directory" "$stderr"
	done
	run -3 --separate-stderr light -f /nonexistent/x.light status
	eq "light: /nonexistent/x.light: No such file or directory" "$stderr"
}
