#!/usr/bin/env bats
# delve(6) FILES, under kills (issue 23): a session killed at any instant,
# or at any of delve's own system calls, is the old generation or the new
# one, its log only committed records.  (A file of its own so that bats
# runs it beside session-faults.bats: the two are the suite's longest.)
load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return
	printf 'Ann con=1 hp=10\nBo con=0 hp=8\n' > p.txt
}

# state_sum DIR: the generation "state" names and its files' bytes, each
# file whole as the shell reads it (no cksum started: the kill loops ask
# 700 times); a file with a NUL byte, which the shell cannot hold, by its
# cksum.
state_sum() {
	local f t
	readlink "$1/state" || return
	for f in hazard light timedice reaction party delve; do
		if [ ! -f "$1/state/$f" ]; then
			echo "$f: missing"
		elif IFS= read -r -d '' t < "$1/state/$f"; then
			printf '%s: %s\n' "$f" "$(cksum < "$1/state/$f")"
		else
			printf '%s: %d bytes\n%s\n' "$f" "${#t}" "$t"
		fi
	done
}

# log_ok S FULL: S's log holds only committed records: a prefix of FULL,
# S's whole committed log as delve log shows it, no longer than log N;
# pending counts one more when its tail is still in the generation's
# records.  (Read in the shell, no program started: the kill loops call it
# 470 times; LC_ALL=C, so the length is in bytes.)
log_ok() {
	local n= k v log=
	while read -r k v; do [ "$k" != log ] || n=$v; done < "$1/state/delve"
	IFS= read -r -d '' log < "$1/log" || :
	[ "${#log}" -le "$n" ] || { echo "log: ${#log} bytes, ahead of log $n" >&2; return 1; }
	[[ $2$'\n' == "$log"* ]] || { echo "log: not a prefix of the committed records" >&2; return 1; }
	[ "${#log}" -eq "$n" ] || pending=$((pending + 1))
}


# random_kills: the 300 kills of the test below, run untraced (15 commands
# and 8 programs an iteration: bats' trap before each took most of its time).
random_kills() {
	local i cmd pid old=0 new=0 pending=0 sum now log t pause W
	# on tmpfs when there is one: fsync is what makes a command slow on disk
	if [ -d /dev/shm ] && [ -w /dev/shm ]; then
		cd "$(mktemp -d /dev/shm/delve-kills.XXXXXX)"
		cp "$BATS_TEST_TMPDIR/p.txt" .
	fi
	delve new -s k -p p.txt S
	t=$(date +%s%N)
	delve -C S > /dev/null
	t=$(( ($(date +%s%N) - t) / 1000000 * 3 / 2 + 1 ))	# the kills spread over 1.5 turns' time
	[ "$t" -le 999 ] || t=999
	sum=$(state_sum S) log=$(delve -C S -R log)
	for i in $(seq 300); do
		case $((RANDOM % 7)) in
		0|1) cmd="-n $((RANDOM % 3 + 1))" ;;
		2) cmd=undo ;;
		3) cmd="roll d20" ;;
		4) cmd="" ;;
		5) cmd="damage Bo 1d4" ;;	# the GM's hands (issue 22)
		6) cmd="light add torch" ;;
		esac
		# a copy of S as it was, by a new name (removed 50 at a time): a
		# killed run's last program may still write in its .new.PID
		W=W.$i
		[ $((i % 50)) -ne 0 ] || rm -rf W.*
		cp -a S "$W" 2>/dev/null || :
		delve -C S $cmd > /dev/null 2>&1 &
		pid=$!
		printf -v pause '0.%03d' $((RANDOM % t))
		nap "$pause"
		kill -KILL "$pid" 2>/dev/null || :
		wait "$pid" || :
		now=$(state_sum S)
		if [ "$now" = "$sum" ]; then	# the old generation
			old=$((old + 1))
		else	# else the new one, as the command run to its end makes it
			delve -C "$W" $cmd > /dev/null 2>&1 || :
			sum=$(state_sum "$W") log=$(delve -C "$W" -R log)
			eq "$sum" "$now"
			new=$((new + 1))
		fi
		eq "$log" "$(delve -C S -R log)"
		log_ok S "$log"
	done
	echo "# 300 kills: $old old, $new new, $pending with the log's tail still in records" >&3
	case $PWD in /dev/shm/*) rm -rf "$PWD" ;; esac
	[ $old -gt 0 ] && [ $new -gt 0 ]
}

@test "SIGKILL at 300 random instants over turns, undos, rolls and the GM's commands: right after each, the log holds only committed records and every state file is the old or the new generation's" {
	untraced random_kills
}

@test "SIGKILL at each of delve's own system calls that open, write, sync, rename or remove (strace inject): the session is the old or the new one, its log only committed records" {
	command -v strace > /dev/null || skip "no strace"
	strace -o /dev/null -e inject=getpid:retval=1 true 2>/dev/null || skip "strace cannot inject"
	untraced syscall_kills
}

# syscall_kills: the kills of the test above, one at each system call, untraced.
syscall_kills() {
	local cmd sc k kills=0 old=0 pending=0 osum olog nsum nlog now
	if [ -d /dev/shm ] && [ -w /dev/shm ]; then
		cd "$(mktemp -d /dev/shm/delve-kills.XXXXXX)"
		cp "$BATS_TEST_TMPDIR/p.txt" .
	fi
	delve new -s k -p p.txt B
	delve -C B -n 2 > /dev/null
	delve -C B > /dev/null
	osum=$(state_sum B) olog=$(delve -C B -R log)
	for cmd in "-n 2" "roll d20" undo; do
		rm -rf W && cp -a B W && delve -C W $cmd > /dev/null 2>&1 || :
		nsum=$(state_sum W) nlog=$(delve -C W -R log)
		for sc in openat write pwrite64 fsync fallocate mkdirat linkat renameat symlinkat unlinkat ftruncate; do
			for k in $(seq 40); do
				rm -rf S && cp -a B S
				run strace -o /dev/null -e trace="$sc" -e inject="$sc:signal=KILL:when=$k" delve -C S $cmd
				[ "$status" -eq 137 ] || break
				kills=$((kills + 1))
				now=$(state_sum S)
				if [ "$now" = "$osum" ]; then
					old=$((old + 1))
					eq "$olog" "$(delve -C S -R log)"
					log_ok S "$olog"
				else
					eq "$nsum" "$now"
					eq "$nlog" "$(delve -C S -R log)"
					log_ok S "$nlog"
				fi
			done
		done
	done
	echo "# $kills kills at a system call: $old old, $((kills - old)) new, $pending with the log's tail still in records" >&3
	case $PWD in /dev/shm/*) rm -rf "$PWD" ;; esac
	[ $pending -gt 0 ]
}

