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
