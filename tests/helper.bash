# Shared by every tests/NAME.bats: load helper
bats_require_minimum_version 1.5.0

TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
# DELVING_BIN: run the programs from elsewhere (wrappers for valgrind, qemu, a 32-bit build)
PATH="${DELVING_BIN:+$DELVING_BIN:}$TOP/bin:$TOP/tests:$PATH"
GOLDEN="$TOP/tests/golden"

# programs_but [NAME...]: the Makefile's PROGS, the one list of programs,
# but the NAMEs, on one line.
programs_but() {
	local p
	for p in $(sed -n 's/^PROGS = //p' "$TOP/Makefile"); do
		[[ " $* " == *" $p "* ]] || printf '%s\n' "$p"
	done | paste -sd' ' -
}
export LC_ALL=C
unset DELVING_SEED DELVING_RULES DELVING_PARTY

# run: bats' run, with bats' DEBUG trap off for its own commands.  bats
# runs the trap before every command of a test and of the functions it
# calls, bats' own among them; its run parses its options and checks the
# bats version for them in some 20 commands: with -N or --separate-stderr
# a run cost 9 to 14 ms, 4 to 9 of them this way.  The same run (a copy
# of bats' own, made when this file is loaded), the same variables and
# checks; a failed run is named at its line of the test as before.
# One change to the copy: --separate-stderr's file is named by the shell,
# by the process and a count (unique among the processes running, as
# mktemp's), not by a mktemp started in a subshell (5 ms of the 9 such
# a run cost; the suite has 1,500).  Where bats' text differs, the copy
# is bats' run as it is.  The copy is suite_run: names of ours, not
# bats_ ones a later bats may take.
if ! declare -F suite_run > /dev/null; then
	suite_run_source=$(declare -f run)
	suite_run_count=0
	suite_run_source=${suite_run_source/'bats_run_separate_stderr_file="$(mktemp "${BATS_TEST_TMPDIR}/separate-stderr-XXXXXX")"'/'bats_run_separate_stderr_file=$BATS_TEST_TMPDIR/separate-stderr-$BASHPID-$((++suite_run_count)) && : > "$bats_run_separate_stderr_file"'}
	eval "suite_$suite_run_source"
	unset suite_run_source
fi
run() {
	set +T
	suite_run "$@" || { local st=$?; set -T; return "$st"; }
	set -T
}

# snap DIR: every entry of DIR, hidden ones too, with its bytes or its link:
# "PATH CRC SIZE", "PATH -> TARGET" or "PATH/", by path.  One cksum for all
# the files, untraced: a cksum a file and bats' trap before each command
# were most of the time of a test that takes a snap at every step.
snap() {
	(trap - DEBUG; cd "$1" && find . \( -type l -printf '%p -> %l\n' \) -o \
	    \( -type f -exec cksum {} + \) -o -printf '%p/\n' |
	    awk '/^[0-9]/ { crc = $1; size = $2; sub(/^[0-9]+ [0-9]+ /, ""); $0 = $0 " " crc " " size }
		{ print }' | LC_ALL=C sort)
}

# run_file STATUS CMD...: run -STATUS for a command of many lines: its
# output in the file $run_out, not in $output (bats' run reads output into
# the shell line by line: a second of CPU for 100,000 lines, 0.1 s this way).
run_file() {
	local want=$1 st=0
	shift
	run_out=$BATS_TEST_TMPDIR/run_file.out
	"$@" > "$run_out" || st=$?
	[ "$st" -eq "$want" ] || { echo "exit $st, expected $want: $*" >&2; return 1; }
}

# nap SECONDS: sleep without starting a program (the kill loops nap
# thousands of times; a program started costs about 3 ms of CPU here): a
# read that times out on a FIFO no one writes, made at a test's first nap
# (and opened again by a subshell's first: a second subshell of the same
# test finds it made, and would otherwise not nap at all).
nap() {
	if [ -z "${nap_fd-}" ]; then
		[ -p "$BATS_TEST_TMPDIR/.nap" ] || mkfifo "$BATS_TEST_TMPDIR/.nap" || return
		exec {nap_fd}<> "$BATS_TEST_TMPDIR/.nap" || return
	fi
	read -r -t "$1" -u "$nap_fd" || :
}

# notrace, retrace: bats' DEBUG trap off at the start of a helper and back
# on at its end.  bats runs the trap before every command of a test and
# of the functions it calls (0.3 to 0.7 ms each, a stack trace recorded:
# a helper of a dozen commands cost more than the programs it saved); a
# helper between the two runs as untraced does, bats naming the line that
# called it.  The trap is read once a test (a subshell), and not set back
# in a subshell (a pipeline's, run's), which ends with the helper.
notrace() {
	[ "$BASHPID" != "$$" ] || [ -n "${suite_trap_was+x}" ] ||
	    suite_trap_was=$(trap -p DEBUG)
	trap - DEBUG
}
retrace() {
	[ "$BASHPID" != "$$" ] || eval "$suite_trap_was"
}

# same FILE1 FILE2: the two files hold the same bytes (cmp -s), read by the
# shell: no program started, for the loops that compare thousands of
# times.  What the shell cannot hold in a variable, a NUL byte or a file it
# cannot read, goes to cmp -s itself.
same() {
	notrace
	local a b st=0
	if [ -f "$1" ] && [ -r "$1" ] && [ -f "$2" ] && [ -r "$2" ] &&
	    ! IFS= read -r -d '' a < "$1" && ! IFS= read -r -d '' b < "$2"; then
		[ "$a" = "$b" ] || st=1
	else
		cmp -s -- "$1" "$2" || st=$?
	fi
	retrace
	return "$st"
}

# tabcut LIST LINE: LINE's TAB-separated fields in LIST, as
# printf '%s\n' LINE | cut -f LIST prints them (LIST as cut's: N, N-M, N-,
# -M, joined by commas; a line without a TAB whole), in the shell: no
# program started for a field of one line.
tabcut() {
	notrace
	local rest=$2 part lo hi i out= sep=
	local -a f=() want=() parts
	if [[ $rest != *$'\t'* ]]; then
		printf '%s\n' "$rest"
		retrace
		return
	fi
	while [[ $rest == *$'\t'* ]]; do
		f+=("${rest%%$'\t'*}")
		rest=${rest#*$'\t'}
	done
	f+=("$rest")
	IFS=, read -r -a parts <<< "$1"
	for part in "${parts[@]}"; do
		case $part in
		*-*) lo=${part%-*} hi=${part#*-}; lo=${lo:-1} hi=${hi:-${#f[@]}} ;;
		*) lo=$part hi=$part ;;
		esac
		for ((i = lo; i <= hi && i <= ${#f[@]}; i++)); do want[i]=1; done
	done
	for i in "${!want[@]}"; do
		out+=$sep${f[i - 1]}
		sep=$'\t'
	done
	printf '%s\n' "$out"
	retrace
}

# sort_line: the lines of stdin sorted and joined by spaces, as
# LC_ALL=C sort | paste -sd' ' - prints them, in the shell (an insertion
# sort, for the few words of a completion).
sort_line() {
	notrace
	local w i s=()
	while IFS= read -r w || [ -n "$w" ]; do
		for ((i = ${#s[@]}; i > 0; i--)); do
			[[ $w < ${s[i - 1]} ]] || break
			s[i]=${s[i - 1]}
		done
		s[i]=$w
	done
	local IFS=' '
	printf '%s\n' "${s[*]}"
	retrace
}

# eq EXPECTED ACTUAL: compare, and show both when they differ.
eq() {
	if [ "$1" != "$2" ]; then
		printf 'expected: %s\nactual:   %s\n' "$1" "$2" >&2
		return 1
	fi
}

# golden NAME CMD...: CMD's stdout must be tests/golden/NAME byte for byte.
# UPDATE_GOLDEN=1 rewrites the file instead (then review the diff).
golden() {
	local name=$1; shift
	if [ -n "${UPDATE_GOLDEN:-}" ]; then
		"$@" > "$GOLDEN/$name"
	fi
	"$@" > "$BATS_TEST_TMPDIR/golden.out"
	if ! cmp -s "$GOLDEN/$name" "$BATS_TEST_TMPDIR/golden.out"; then
		diff -u "$GOLDEN/$name" "$BATS_TEST_TMPDIR/golden.out" | head -40 >&2
		return 1
	fi
}

# chisq: "count" lines on stdin (one per face, all faces listed), all equally
# likely; prints the chi-square statistic.
chisq() {
	awk '{ n[NR] = $1; t += $1 } END { e = t / NR
		for (i = 1; i <= NR; i++) s += (n[i] - e) ^ 2 / e; printf "%.3f\n", s }'
}

# faces LO HI: count each value LO..HI of the numbers on stdin, one per line.
faces() {
	awk -v lo="$1" -v hi="$2" '{ c[$1]++ } END { for (i = lo; i <= hi; i++) print c[i] + 0 }'
}

# below X LIMIT: succeed when X < LIMIT (decimal numbers).
below() {
	awk -v x="$1" -v l="$2" 'BEGIN { exit !(x < l) }' || {
		echo "$1 is not below $2" >&2; return 1; }
}

# one_error PROG: exactly one line on stderr, starting "PROG: ".
one_error() {
	[ "${#stderr_lines[@]}" -eq 1 ] || { echo "stderr has ${#stderr_lines[@]} lines: $stderr" >&2; return 1; }
	case $stderr in "$1: "*) ;; *) echo "stderr does not start with '$1: ': $stderr" >&2; return 1;; esac
}

# man_examples PAGE: the command lines of the EXAMPLES section of man/PAGE,
# one per line (the .Dl lines, and the lines of .Bd -literal blocks that
# start with "$ ").
man_examples() {
	awk '/^\.Sh EXAMPLES/ { on = 1; next } /^\.Sh / { on = 0 }
	     on && /^\.Dl / { sub(/^\.Dl /, ""); gsub(/\\&/, ""); gsub(/\\e/, "\\"); gsub(/\\\(em/, "--"); print }
	     on && /^\$ / { sub(/^\$ /, ""); gsub(/\\&/, ""); gsub(/\\e/, "\\"); print }' "$TOP/man/$1"
}

# synopsis PAGE: the SYNOPSIS of man/PAGE as one line, as mandoc renders it.
synopsis() {
	command -v mandoc > /dev/null || return 1
	mandoc -Tascii "$TOP/man/$1" | col -b | awk '/^SYNOPSIS/ { on = 1; next } on && /^[^ \t]/ { exit }
	    on && NF { sub(/^[ \t]+/, ""); s = s (s == "" ? "" : " ") $0 } END { print s }'
}

# usage_error PROG: stderr is two lines, "PROG: what was wrong" and the
# usage line "usage: PROG ...".
usage_error() {
	[ "${#stderr_lines[@]}" -eq 2 ] || { echo "stderr has ${#stderr_lines[@]} lines, not 2: $stderr" >&2; return 1; }
	case ${stderr_lines[0]} in "$1: "*) ;; *) echo "not '$1: ...': ${stderr_lines[0]}" >&2; return 1;; esac
	case ${stderr_lines[1]} in "usage: $1 "*) ;; *) echo "not 'usage: $1 ...': ${stderr_lines[1]}" >&2; return 1;; esac
}

# untraced CMD...: run CMD in a subshell without bats' DEBUG trap, which
# runs before every command of a test and its functions (0.14 ms each:
# most of the time of a loop of many short commands).  set -e holds
# inside, so a failing command still fails the test; bats names the
# untraced line, and the helpers (eq, one_error) say what differed.
untraced() ( trap - DEBUG; "$@" )
