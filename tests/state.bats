#!/usr/bin/env bats
# State files under load and faults (delving(7) STATE FILES), for every
# program that keeps one: hazard, light, timedice.
load helper

setup() { cd "$BATS_TEST_TMPDIR"; }

# args_into ARRAY PROG FILE COUNT: ARRAY set to the arguments of one run
# that takes COUNT turns; args PROG FILE COUNT prints them.
args_into() {
	local -n into=$1
	case $2 in
	hazard) into=(-f "$3" -s 7 -n "$4") ;;
	light) into=(-f "$3" -s 7 -n "$4" tick) ;;
	timedice) into=(-f "$3" -s 7 -n "$4" turn) ;;
	esac
}
args() {
	local a
	args_into a "$@"
	echo "${a[*]}"
}

# long_run PROG: turns that take PROG a few milliseconds, so kills land early and late.
long_run() { case $1 in timedice) echo 1500 ;; *) echo 20000 ;; esac; }

# update PROG FILE [COUNT]: one run that takes COUNT turns (default 1),
# its arguments got without a subshell (a test runs it 1,500 times).
update() {
	local words
	args_into words "$1" "$2" "${3:-1}"
	"$1" "${words[@]}" > /dev/null
}

# turns FILE: the turn count the state file holds (read by the shell, as
# awk '$1 == "turn" { print $2 }' would: the kill loops ask 400 times).
turns() {
	local k v
	while read -r k v _; do [ "$k" != turn ] || echo "$v"; done < "$1"
}

# concurrent_writers: the test below, untraced (its 1,500 runs of update in
# subshells took bats' trap before each of their commands).
concurrent_writers() {
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

@test "20 concurrent writers x 25 updates end at exactly 500, for each program" {
	untraced concurrent_writers
}

@test "hazard: 500 concurrent updates leave the state 500 updates in a row leave" {
	untraced eval 'for w in $(seq 20); do ( for i in $(seq 25); do hazard -f par -s 7 > /dev/null; done ) & done; wait'
	hazard -f seq -s 7 -n 500 > /dev/null
	eq "$(cat seq)" "$(cat par)"
}

# random_writer_kills: the 201 kills of the test below, untraced.
random_writer_kills() {
	local long argv
	for p in hazard light timedice; do
		rm -f st st.lock
		update "$p" st 0
		old=0 new=0
		long=$(long_run "$p")
		args_into argv "$p" st "$long"
		for i in $(seq 67); do
			before=$(turns st)
			"$p" "${argv[@]}" > /dev/null &	# $! is the program
			pid=$!
			nap "0.00$((RANDOM % 8))"
			kill -9 "$pid" 2>/dev/null || true
			wait "$pid" 2>/dev/null || true
			after=$(turns st)
			if [ "$after" = "$before" ]; then old=$((old + 1))
			elif [ "$after" = "$((before + long))" ]; then new=$((new + 1))
			else echo "$p: turn $before became '$after'" >&2; false; fi
			update "$p" st 0 || { echo "$p: the state no longer parses" >&2; cat st >&2; false; }
			! compgen -G 'st.tmp.*' > /dev/null || false	# the next run removed any temp file
		done
		echo "# $p: $old kills kept the old state, $new the new" >&3
	done
}

@test "a writer killed with SIGKILL at random moments leaves the old state or the new, 200 times" {
	untraced random_writer_kills
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

# lock_wait PROG: in directory PROG, a run of PROG that waits 2 s for
# another's lock on its state: "STATUS|HOLDER|STDERR|TURNS".
lock_wait() {
	local p=$1 holder st=0
	mkdir "$p" && cd "$p" || return 1
	update "$p" st
	flock st sh -c 'touch held; sleep 2' &
	holder=$!
	while [ ! -e held ]; do sleep 0.01; done
	# shellcheck disable=SC2046
	"$p" $(args "$p" st 1) > /dev/null 2> err || st=$?
	wait "$holder"
	echo "$st|$holder|$(cat err)|$(turns st)"
}

@test "a run waiting on another's lock says so once after a second, then goes on" {
	# the three programs at once: each waits its own 2 s
	for p in hazard light timedice; do
		lock_wait "$p" > "$p.said" &
	done
	wait
	for p in hazard light timedice; do
		IFS='|' read -r st holder err turns < "$p.said"
		eq "0 $p: st: waiting for process $holder, which has it locked 2" \
		    "$st $err $turns"
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
	! grep -q 'the bell' t || false
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

# pair_args_into ARRAY PROG STATE PARTY: ARRAY set to the arguments of one
# -w run that writes the state and the party (no subshell: the kill loop
# below runs a replay 1,300 times).
pair_args_into() {
	local -n into=$1
	case $2 in
	hazard) into=(-r delving -s 3 -f "$3" -p "$4" -w) ;;
	timedice) into=(-r dungeonturn -s 3 -f "$3" -p "$4" -w rest) ;;
	esac
}

# pair_run PROG STATE PARTY: that run.
pair_run() {
	local a
	pair_args_into a "$@"
	"$1" "${a[@]}" > /dev/null
}

# pair_settle PROG STATE PARTY: a run that changes nothing but what a killed one left.
pair_settle() {
	case $1 in
	hazard) hazard -f "$2" -p "$3" -w -n 0 > /dev/null ;;
	timedice) timedice -r dungeonturn -f "$2" -p "$3" -w show > /dev/null ;;
	esac
}

# pair_party PROG: a party each run changes: fatigue wears it down, rests heal it.
pair_party() {
	case $1 in
	hazard) printf 'Ann con=1 hp=90000\nBo con=0 hp=80000 # the tank\n' ;;
	timedice) printf 'Ann str=0 hp=1 hpmax=90000\nBo str=1 hp=1 hpmax=80000\n' ;;
	esac
}

# pair_kills PROG COUNT: COUNT runs of PROG -w killed at random instants; after
# each, the party on disk (or its pending copy, the state naming it) is the
# party of the run of one-turn runs that left the same state, and the next
# run completes it.  Prints how many kills caught the pending copy.
pair_kills() {
	local p=$1 i n pending=0 ok pause argv
	rm -rf "$p.d" && mkdir "$p.d" && cd "$p.d" || return 1
	pair_party "$p" > party
	cp party ref.party
	for i in $(seq "$2"); do
		pair_args_into argv "$p" st party
		"$p" "${argv[@]}" > /dev/null &	# $! is the program
		# 3 to 7 ms: as sleep 0.00NN was, with the 3 ms of starting it
		printf -v pause '0.%04d' $((30 + RANDOM % 40))
		nap "$pause"
		kill -9 $! 2>/dev/null || true
		wait $! 2>/dev/null || true
		[ -s st ] || continue	# killed before its first commit
		# the replay: one-turn runs on a copy until it holds the same state
		n=0
		while ! same st ref.st && [ $((n += 1)) -lt 100 ]; do
			pair_run "$p" ref.st ref.party
		done
		same st ref.st || { echo "$p: kill $i: a state no run makes" >&2; cmp st ref.st; return 1; }
		ok=0
		same party ref.party && ok=1
		for f in .party.pending.*; do
			[ -e "$f" ] && same "$f" ref.party && ok=1 pending=$((pending + 1))
		done
		[ "$ok" = 1 ] || { echo "$p: kill $i: the state moved on, the party did not" >&2; return 1; }
		pair_settle "$p" st party
		same party ref.party || { echo "$p: kill $i: not completed" >&2; ls -A >&2; cat st party ref.party >&2; return 1; }
	done
	echo "$pending"
}

@test "hazard -w, timedice -w killed 150 times each: state and party always agree (DESIGN State files 1)" {
	for p in hazard timedice; do
		n=$(untraced pair_kills "$p" 150)
		cd "$p.d"
		echo "# $p: $n of 150 kills caught between the two renames, completed by the next run" >&3
		# N one-turn runs are one -n N run (hazard), party and state
		if [ "$p" = hazard ]; then
			# (every kill may have come before a first commit: one more run then)
			[ -s st ] || pair_run hazard st party
			pair_party hazard > one.party
			hazard -r delving -s 3 -f one.st -p one.party -w -n "$(turns st)" > /dev/null
			cmp one.st st && cmp one.party party
		fi
		[ -z "$(ls -A | grep -E "pending|tmp")" ]	# nothing left behind
		cd ..
	done
}

# fnv FILE: FNV-1a 64 of FILE's bytes (ASCII), as update.c names a pending copy.
fnv() {
	local h=-3750763034362895579 i c s
	s=$(cat "$1"; echo x)
	s=${s%x}
	for ((i = 0; i < ${#s}; i++)); do
		printf -v c '%d' "'${s:i:1}"
		h=$(((h ^ (c & 255)) * 1099511628211))
	done
	printf '%016x' "$h"
}

@test "a -w run killed between its renames: the next run, -w or not, renames the party's pending copy first" {
	printf 'Ann con=1 hp=20\n' > party
	hazard -r delving -s 3 -f st -p party -w > /dev/null	# turn 1: fatigue
	cp st old.st; cp party old.party
	hazard -f st -p party -w > /dev/null	# the run to kill between its renames
	[ "$(cat party)" != "$(cat old.party)" ]
	# as the kill left it: the new state, the old party, the new one pending
	mv party ".party.pending.$(fnv st)"; cp old.party party
	cp st new.st; cp ".party.pending.$(fnv st)" new.party
	hazard -f st -p party -n 0 > /dev/null	# no -w: completed all the same
	cmp party new.party && cmp st new.st
	[ -z "$(ls -A | grep pending)" ]
	# a pending copy no state names (killed before its state): never
	# used, removed by the next run that is given its state file, -w or
	# not (issue 39: it stayed after a run without -w)
	cp old.party .party.pending.0123456789abcdef
	hazard -f st -p party -n 0 > /dev/null
	cmp party new.party && [ -z "$(ls -A | grep pending)" ]
	cp old.party .party.pending.0123456789abcdef
	timedice -r dungeonturn -f td -p party -w show > /dev/null
	cmp party new.party && [ -z "$(ls -A | grep pending)" ]
}

@test "hazard -w, timedice -w refused by the party file leave no state file behind" {
	mkdir d && cd d
	printf 'Ann con=1 con=2 hp=3\n' > party
	run -2 --separate-stderr hazard -r delving -f st -p party -w
	eq "hazard: party:1: con: given twice" "$stderr"
	printf 'Ann con=1\n' > party
	run -2 --separate-stderr timedice -f st -p party -w rest
	eq "timedice: party:1: Ann has no resilience=" "$stderr"
	eq party "$(ls -A)"
}

@test "a keyword given twice in a state file is refused; sources, timers, afflictions repeat" {
	printf 'rules exploration\nturn 3\nrules alarm\n' > st
	cp st before
	run -2 --separate-stderr hazard -f st
	eq "hazard: st:3: rules: given twice" "$stderr"
	cmp st before
	printf 'day 1\nday 2\n' > td
	run -2 --separate-stderr timedice -f td turn
	eq "timedice: td:2: day: given twice" "$stderr"
	light -f li -s 1 add torch > /dev/null; light -f li add torch > /dev/null
	eq 2 "$(grep -c '^source' li)"
	run -0 light -f li tick
	timedice -f td2 -s 1 timer a 2hours > /dev/null; timedice -f td2 timer b 2hours > /dev/null
	eq 2 "$(grep -c '^timer' td2)"
	run -0 timedice -f td2 turn
}

# ---- issue 24: the state formats tested where they live (tests/unit.c)
@test "every state file's format (common/hazstate.c, lampstate.c, clockstate.c, reactstate.c): 20000 random states written and read back the same, their text then unchanged" {
	run -0 --separate-stderr unit states 1 5000
	eq "20000 0" "$output"
}

@test "a sign's creature kept in hazard's state (hazstate_sign), its record's words: first met, nearer than the one kept (said, not replaced in silence), the same again" {
	run -0 --separate-stderr unit signs '6 goblins.' 'Goblins!' goblins '2 ghouls' NPC
	eq "6 goblins	 nearby: the party meets them at the next encounter.
goblins	 nearby, nearer than 6 goblins, signalled before, whom the party will not meet now: the party meets them at the next encounter.
goblins	 nearby again: the party meets them at the next encounter.
2 ghouls	 nearby, nearer than goblins, signalled before, whom the party will not meet now: the party meets them at the next encounter.
NPC	 nearby, nearer than 2 ghouls, signalled before, whom the party will not meet now: the party meets them at the next encounter." "$output"
}

@test "every state file's format: a bad value of each keyword refused with FILE:LINE, its good neighbour taken" {
	run -0 --separate-stderr unit statebad
	eq "" "$stderr"
	eq "61 0" "$output"
}
