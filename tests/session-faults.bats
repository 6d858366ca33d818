#!/usr/bin/env bats
# delve(6) FILES: a session directory is not to be trusted (issue 23).
# Nothing is written through a link, the log is never ahead of the state,
# no file is used that was not checked, a read-only command writes nothing.
load helper

setup() {
	cd "$BATS_TEST_TMPDIR" || return
	printf 'Ann con=1 hp=10\nBo con=0 hp=8\n' > p.txt
	seq 1 20000 > victim
	cp victim v0
}

teardown() {
	if [ -d "$BATS_TEST_TMPDIR/ro" ] && mountpoint -q "$BATS_TEST_TMPDIR/ro"; then
		umount "$BATS_TEST_TMPDIR/ro"
	fi
}

# session NAME: a session with a party and three one-turn commands: g.0 to g.3.
session() {
	delve new -s x -p p.txt "$1"
	delve -C "$1" > /dev/null
	delve -C "$1" > /dev/null
	delve -C "$1" > /dev/null
}

# dead_pid: the id of a process that has ended.
dead_pid() {
	sh -c 'echo $$'
}

@test "the hook check: a log linked to a file outside is refused by status, the file untouched" {
	delve new -s x -p p.txt A
	rm A/log
	ln -s ../victim A/log
	run -2 --separate-stderr delve -C A status
	one_error delve
	eq "delve: A/log: is a symbolic link: refusing to follow it" "$stderr"
	cmp victim v0
}

@test "a link at every path delve reads or writes: exit 2, one line, nothing outside changes" {
	local f c
	session B
	for f in log session state/hazard state/light state/timedice state/reaction state/party state/delve g.3; do
		for c in status log check turn undo roll; do
			rm -rf S
			cp -a B S
			rm -rf "S/$f"
			case $f in
			state/*) ln -s ../../victim "S/g.3/${f#state/}" ;;
			g.3) mkdir out; cp -R S/g.2/. out/; ln -s ../out S/g.3 ;;
			*) ln -s ../victim "S/$f" ;;
			esac
			[ -d out ] && before_out=$(snap out)
			case $c in
			turn) run -2 --separate-stderr delve -C S ;;
			roll) run -2 --separate-stderr delve -C S roll d20 ;;
			*) run -2 --separate-stderr delve -C S "$c" ;;
			esac
			one_error delve
			case $f in
			g.3) eq "delve: S/g.3: is a symbolic link: refusing to follow it" "$stderr"
				eq "$before_out" "$(snap out)"; rm -rf out ;;
			state/*) eq "delve: S/g.3/${f#state/}: is a symbolic link: refusing to follow it" "$stderr" ;;
			*) eq "delve: S/$f: is a symbolic link: refusing to follow it" "$stderr" ;;
			esac
			cmp victim v0
		done
	done
}

@test "links where delve makes its own files: .state.new and a dead command's .new.PID are removed, never followed" {
	session S
	mkdir out
	echo mine > out/file
	ln -s ../victim S/.state.new
	pid=$(dead_pid)
	ln -s ../out "S/.new.$pid"
	run -0 --separate-stderr delve -C S -R
	eq "" "$stderr"
	cmp victim v0
	eq "mine" "$(cat out/file)"
	eq "g.4" "$(readlink S/state)"
	[ ! -e S/.state.new ] && [ ! -L "S/.new.$pid" ]
}

@test "a records file of the generation that is a link is refused" {
	session S
	ln -s ../../victim S/g.3/records.x
	run -2 --separate-stderr delve -C S log
	eq "delve: S/g.3/records.x: is a symbolic link: refusing to follow it" "$stderr"
	cmp victim v0
}

@test "status, log and check never truncate the log: a longer log is cut back only by a command that writes" {
	session S
	cp S/log committed
	printf 'hazard\t4\tencounter\tnot committed\n' >> S/log
	cp S/log longer
	for c in status log check; do
		run -0 --separate-stderr delve -C S "$c"
		cmp S/log longer
	done
	run -0 delve -C S -R log
	eq "$(cat committed)" "$output"
	delve -C S undo
	cmp S/log <(head -c "$(sed -n 's/^log //p' S/state/delve)" committed)
}

@test "a command killed after its commit: status, log and check show every committed record; the next command completes the log" {
	session S
	session R
	delve -C R -n 2 > /dev/null
	delve -C S -n 2 > /dev/null
	cmp R/log S/log
	n=$(sed -n 's/^log //p' S/state/delve)
	r=$(wc -c < S/state/records)
	head -c $((n - r + 7)) R/log > S/log	# the append cut short, mid-record
	for c in status check; do
		run -0 delve -C S "$c"
		eq $((n - r + 7)) "$(wc -c < S/log)"
	done
	run -0 delve -C S -R log
	eq "$(cat R/log)" "$output"
	delve -C S > /dev/null
	delve -C R > /dev/null
	cmp R/log S/log
	[ ! -e S/g.4/records ] && [ -s S/g.5/records ]	# the last commit's records only
}

@test "a log shorter than its generation's records can complete is refused, exit 2" {
	session S
	n=$(sed -n 's/^log //p' S/state/delve)
	r=$(wc -c < S/state/records)
	head -c $((n - r - 1)) S/log > cut && cat cut > S/log
	run -2 --separate-stderr delve -C S log
	one_error delve
	eq "delve: S/g.3/delve: log $n: not at a record boundary" "$stderr"
}

@test "log N not at a record boundary: refused by log, status and a turn, nothing changed (was SIGSEGV)" {
	session S
	n=$(sed -n 's/^log //p' S/state/delve)
	sed -i "s/^log .*/log $((n - 3))/" S/g.3/delve
	before=$(snap S)
	for c in log status check ""; do
		run -2 --separate-stderr delve -C S $c
		one_error delve
		eq "delve: S/g.3/delve: log $((n - 3)): not at a record boundary" "$stderr"
	done
	eq "$before" "$(snap S)"
	sed -i "s/^log .*/log $((n + 100))/" S/g.3/delve
	run -2 --separate-stderr delve -C S log
	eq "delve: S/g.3/delve: log $((n + 100)): not at a record boundary" "$stderr"
}

@test "undo to a generation whose delve file is missing or bad: refused before it switches, the session as it was" {
	session S
	rm S/g.2/delve
	before=$(snap S)
	run -2 --separate-stderr delve -C S undo
	one_error delve
	eq "delve: S/g.2/delve: missing" "$stderr"
	eq "$before" "$(snap S)"
	printf 'turn 2\nturn 2\nlog 0\n' > S/g.2/delve
	run -2 --separate-stderr delve -C S undo
	eq "delve: S/g.2/delve:2: turn: given twice" "$stderr"
	rm S/g.2/hazard
	run -2 --separate-stderr delve -C S undo
	eq "delve: S/g.2/hazard: missing from the generation" "$stderr"
	run -0 delve -C S status
}

@test "undo when fewer generations are kept than delve keeps says so, not '8 steps are kept'" {
	session S
	delve -C S > /dev/null
	delve -C S undo
	rm -r S/g.1
	delve -C S undo
	run -2 --separate-stderr delve -C S undo
	one_error delve
	eq "delve: S: nothing more to undo: g.1 is not kept (delve keeps at most 8 steps back)" "$stderr"
	[[ "$stderr" != *"8 steps are kept"* ]]
}

@test "the session file and a generation's delve file: a keyword twice, an unknown value, refused with FILE:LINE" {
	session S
	before=$(snap S)
	cp S/session keep
	printf 'seed y\n' >> S/session
	run -2 --separate-stderr delve -C S status
	one_error delve
	eq "delve: S/session:4: seed: given twice" "$stderr"
	cp keep S/session && sed -i 's/^party yes/party maybe/' S/session
	run -2 --separate-stderr delve -C S
	eq "delve: S/session:3: party: 'maybe': expected yes or no" "$stderr"
	cp keep S/session && printf 'rules alarms\n' >> S/session
	run -2 --separate-stderr delve -C S
	eq "delve: S/session:4: rules: 'alarms': not a rules name" "$stderr"
	cp keep S/session && printf 'table encounter -\ntable encounter -\n' >> S/session
	run -2 --separate-stderr delve -C S
	eq "delve: S/session:5: table encounter: given twice" "$stderr"
	cp keep S/session
	cp S/g.3/delve keep
	printf 'log 0\n' >> S/g.3/delve
	run -2 --separate-stderr delve -C S log
	eq "delve: S/g.3/delve:$(wc -l < S/g.3/delve): log: given twice" "$stderr"
	cp keep S/g.3/delve
	eq "$before" "$(snap S)"
}

@test "a missing or non-regular state file of the generation is refused, not made afresh" {
	session S
	rm S/g.3/reaction
	run -2 --separate-stderr delve -C S
	one_error delve
	eq "delve: S/g.3/reaction: missing from the generation" "$stderr"
	[ ! -e S/g.3/reaction ]
	mkfifo S/g.3/reaction
	run -2 --separate-stderr delve -C S status
	eq "delve: S/g.3/reaction: not a regular file" "$stderr"
	rm S/g.3/reaction && mkdir S/g.3/reaction
	run -2 --separate-stderr delve -C S
	eq "delve: S/g.3/reaction: not a regular file" "$stderr"
}

@test "a generation file linked to /etc/hostname is refused, never printed by status" {
	session S
	rm S/g.3/party
	ln -s /etc/hostname S/g.3/party
	run -2 --separate-stderr delve -C S status
	one_error delve
	eq "delve: S/g.3/party: is a symbolic link: refusing to follow it" "$stderr"
	eq "" "$output"
}

@test "a NUL byte in the log: delve log and delve check refuse it with FILE:LINE" {
	session S
	printf 'roll\t3\ta\000b\n' > nul
	n=$(( $(wc -c < S/log) + $(wc -c < nul) ))
	cat nul >> S/log
	sed -i "s/^log .*/log $n/" S/g.3/delve
	line=$(wc -l < S/log)
	for c in log check; do
		run -2 --separate-stderr delve -C S "$c"
		one_error delve
		eq "delve: S/log:$line: a NUL byte: not a record" "$stderr"
	done
}

@test "only .new.PID of a process that is gone is removed; .new.abc and a live command's stay" {
	session S
	mkdir S/.new.abc && echo mine > S/.new.abc/mine
	pid=$(dead_pid)
	mkdir "S/.new.$pid" && echo old > "S/.new.$pid/hazard"
	sleep 30 & live=$!
	mkdir "S/.new.$live" && echo busy > "S/.new.$live/hazard"
	delve -C S > /dev/null
	eq "mine" "$(cat S/.new.abc/mine)"
	eq "busy" "$(cat "S/.new.$live/hazard")"
	[ ! -e "S/.new.$pid" ]
	kill "$live"
}

@test "a read-only session: status, log and check work and write nothing; a turn says Read-only file system, exit 3" {
	session S
	delve -C S status > status.rw
	delve -C S log > log.rw
	printf 'hazard\t4\tx\tpast N\n' >> S/log	# a reader must not cut it
	mkdir ro
	if mount --bind S ro 2>/dev/null && mount -o remount,bind,ro ro 2>/dev/null; then
		R=ro
	elif [ "$(id -u)" -ne 0 ]; then
		chmod -R a-w S
		R=S
	else
		skip "no read-only bind mount here, and root writes any directory"
	fi
	before=$(snap S)
	run -0 delve -C $R status
	eq "$(sed "s|S|$R|" status.rw)" "$output"
	run -0 delve -C $R log
	eq "$(cat log.rw)" "$output"
	run -0 delve -C $R check
	run -3 --separate-stderr delve -C $R
	one_error delve
	case $R in
	ro) eq "delve: ro: Read-only file system" "$stderr" ;;
	*) eq "delve: S: Permission denied" "$stderr" ;;
	esac
	run -3 --separate-stderr delve -C $R undo
	run -3 --separate-stderr delve -C $R roll d6
	eq "$before" "$(snap S)"
}

@test "status, log and check open nothing for writing (strace)" {
	command -v strace > /dev/null || skip "no strace"
	session S
	for c in status log check; do
		ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=open,openat,creat,truncate,ftruncate,unlink,unlinkat,rename,renameat,renameat2,mkdir,mkdirat,symlinkat,linkat \
		    -o trace delve -C S "$c" > /dev/null
		! grep -E 'O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|^[0-9]+ +(f?truncate|unlink|rename|mkdir|symlink|link)' trace || false
	done
}

@test "a turn whose output cannot be written: exit 3, one line, the session byte for byte as it was" {
	session S
	before=$(snap S)
	for f in "" -R -j; do
		run -3 --separate-stderr sh -c "delve -C S $f > /dev/full"
		one_error delve
		eq "$before" "$(snap S)"
	done
}

@test "a turn's records stream to the generation: memory does not grow with -n" {
	[ -x /usr/bin/time ] || skip "no GNU time"
	# ASan's quarantine keeps what was freed: its peak says nothing of ours
	[[ ${DELVING_BIN:-} != */san ]] || skip "measures the normal build, not the sanitizers' shadow memory"
	delve new -s x A
	delve new -s x B
	/usr/bin/time -f %M -o small delve -C A -R -n 10 > /dev/null
	/usr/bin/time -f %M -o big delve -C B -R -n 200000 > /dev/null
	s=$(tail -1 small) b=$(tail -1 big)
	[ "$b" -le $((2 * s)) ] || { echo "peak RSS: $b KiB for -n 200000, $s KiB for -n 10" >&2; return 1; }
	/usr/bin/time -f %M -o big delve -C B log > /dev/null
	b=$(tail -1 big)
	[ "$b" -le $((2 * s)) ] || { echo "peak RSS of delve log: $b KiB" >&2; return 1; }
}

# sum DIR FILE: the checksum DIR's current generation keeps of FILE.
sum() {
	sed -n "s/^sum $2 //p" "$1/state/delve"
}

@test "every file of a generation is read only (0444) after new, a turn, a GM command, edit and undo, and holds its checksum" {
	local c
	delve new -s x -p p.txt S
	for c in "-n 2" "damage Ann 3" "light add torch" "edit party" "undo" "roll d20"; do
		# shellcheck disable=SC2086
		EDITOR="sed -i s/hp=8/hp=7/" delve -C S $c > /dev/null
		eq "" "$(find S/state/ -type f ! -perm 0444)"
		eq "hazard light party reaction timedice" "$(sed -n 's/^sum \([a-z]*\) [0-9a-f]\{16\}$/\1/p' S/state/delve | grep -vx 'records\|session\|delve' | tr '\n' ' ' | sed 's/ $//')"
		# and the generation's own: the session file's, its own last
		grep -q '^sum session [0-9a-f]\{16\}$' S/state/delve
		[[ $(tail -1 S/state/delve) == "sum delve "[0-9a-f]* ]]
		run -0 delve -C S check
	done
	eq 444 "$(stat -c %a S/state/party)"
	eq 444 "$(stat -c %a S/g.0/hazard)"
}

@test "the GM writes state/party in place (chmod u+w; cat >): check says which, exit 1; status says nothing; a turn is refused, exit 2; undo goes back" {
	session S
	cp S/g.2/party g2
	s=$(sum S party)
	[ "$(stat -c %i S/g.2/party)" != "$(stat -c %i S/g.3/party)" ]	# not shared: the older generations stay true
	chmod u+w S/state/party
	printf 'Ann con=1 hp=99\nBo con=0 hp=8\n' > S/state/party
	run -1 --separate-stderr delve -C S check
	eq "$(printf 'session   turn 3\nhazard    turn 3\nlight     turn 3\ntimedice  turn 3')" "$output"
	eq "delve: S/state/party: changed since turn 3 (sum $s): use delve edit" "$stderr"
	run -0 --separate-stderr delve -C S status
	eq "" "$stderr"
	before=$(snap S)
	for c in "" "damage Ann 1" "light add torch" "roll d20" "hour"; do
		# shellcheck disable=SC2086
		run -2 --separate-stderr delve -C S $c
		one_error delve
		eq "delve: S/state/party: changed since turn 3 (sum $s): use delve edit" "$stderr"
		eq "$before" "$(snap S)"
	done
	run -0 delve -C S undo
	eq "back to turn 2, before \`delve\`" "$output"
	cmp g2 S/state/party
	run -0 delve -C S check
	run -0 delve -C S
}

@test "sed -i on state/light (a new file in its place): check names it, exit 1; delve edit party is refused too; undo to a generation whose file changed is refused, the session as it was" {
	session S
	sed -i 's/^turn 3$/turn 3 /' S/state/light
	run -1 --separate-stderr delve -C S check
	eq "delve: S/state/light: changed since turn 3 (sum $(sum S light)): use delve edit" "$stderr"
	run -2 --separate-stderr env EDITOR=true delve -C S edit party
	eq "delve: S/state/light: changed since turn 3 (sum $(sum S light)): use delve edit" "$stderr"
	s=$(sed -n 's/^sum party //p' S/g.2/delve)
	sed -i 's/hp=10/hp=1/' S/g.2/party
	before=$(snap S)
	run -2 --separate-stderr delve -C S undo
	one_error delve
	eq "delve: S/g.2/party: changed since turn 2 (sum $s): use delve edit" "$stderr"
	eq "$before" "$(snap S)"
}

@test "delve edit takes a file changed by hand: checked by its owner, committed with its new checksum even when the editor changes nothing" {
	session S
	chmod u+w S/state/party
	printf 'Ann con=1 hp=4\nBo con=0 hp=8\n' > S/state/party
	run -0 env EDITOR=true delve -C S edit party
	eq "turn 3  07:30  The party file is edited by hand (delve edit), checked by the party reader." "$output"
	run -0 delve -C S check
	eq "$(printf 'Ann con=1 hp=4\nBo con=0 hp=8')" "$(cat S/state/party)"
	eq 444 "$(stat -c %a S/state/party)"
	run -0 delve -C S
}

@test "a state file damaged by hand (not text): check and a turn say its FILE:LINE, exit 2, the session as it was; log and undo read around it" {
	session S
	chmod u+w S/state/light
	printf 'turn 3\n\001\n' >> S/state/light
	n=$(wc -l < S/state/light)
	run -2 --separate-stderr delve -C S check
	eq "session   turn 3" "$output"
	eq "delve: S/g.3/light:$n: not text (a NUL, a control character or bad UTF-8)" "$stderr"
	before=$(snap S)
	run -2 --separate-stderr delve -C S
	eq "delve: S/g.3/light:$n: not text (a NUL, a control character or bad UTF-8)" "$stderr"
	eq "$before" "$(snap S)"
	run -0 delve -C S log
	[ "${#lines[@]}" -gt 0 ]
	run -0 delve -C S undo
	eq "back to turn 2, before \`delve\`" "$output"
	run -0 delve -C S check
}

@test "a turn reads each clock file once for its turn and clock, the party file once for the stages that take it (strace: three opens of S/g.N/hazard, light and timedice, five before; one of S/g.N/party, two before)" {
	command -v strace > /dev/null || skip "no strace"
	session S
	ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=openat -o trace delve -C S > /dev/null
	# delve's own reads (the parent's pid, the first line's) of g.3's files
	# by path: the clock files' turn and clock, the party's resilience= for
	# timedice and wis= for reaction; its checksum and copy into the work
	# directory open them by g.3/NAME
	pid=$(head -1 trace | cut -d' ' -f1)
	eq 3 "$(grep -c "^$pid .*\"S/g\.3/\(hazard\|light\|timedice\)\"" trace)"
	eq 1 "$(grep -c "^$pid .*\"S/g\.3/party\"" trace)"
}
