#!/bin/sh
# inject.sh DIR: strace's fault injection (EIO) at every file system call
# of delve's own process in a turn, a GM command (damage), undo and edit,
# one run a call: strace -f -e inject=SYSCALL:error=EIO:when=N, so that a
# program the command runs fails at its own Nth call of that kind too
# (not edit's editor: its failures are not delve's).  After each run the
# session directory is compared byte for byte with the session before
# the command ("old") and after it run without a fault ("new"); when it
# is neither, it is read as delve reads it (the state generation's files
# and modes, the log as delve log gives it with a tail still in records,
# the entries but a dead command's .new.PID or a newer generation left
# for the next command, delve check's status) and compared so.  Each run
# is one of:
#   ok-new   exit 0, new            ok-old   exit 3, old
#   ok-made  exit 4, new (an error after the commit, said as such)
#   BAD      anything else: printed with the syscall, N, status, stderr
# One line per command with its counts; exit 1 when any run was BAD.
# Two commands run at once (two cores).  DIR is scratch; the delve on
# PATH is the one tested.
set -u
dir=$1
mkdir -p "$dir" && cd "$dir" || exit 2
export LC_ALL=C
unset DELVING_SEED DELVING_RULES DELVING_PARTY DELVING_SESSION

# the system calls that touch files and directories (what a disk fails);
# not close: strace's injection skips the call, and a real close(2) frees
# its descriptor whatever it returns (a pipe left open would hang a stage)
calls='openat newfstatat read pread64 write pwrite64 getdents64 fsync fchmod
unlinkat renameat rename readlink readlinkat symlinkat mkdirat linkat lseek
ftruncate fallocate faccessat2 flock access'

# bytes DIR: every entry of DIR but a dead command's .new.PID, its size,
# mode and link, and every file's bytes: one checksum
bytes() {
	tar -cf - --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner \
	    --exclude='.new.*' -C "$1" . | cksum
}

# fp DIR: the session as delve reads it, one checksum
fp() {
	{
		# a dead command's .new.PID, and a generation newer than the
		# state's (undo's, its removal failed), are the next command's to
		# remove: not the session as delve reads it
		ls -A "$1" | awk -v g="$(readlink "$1/state")" '
		    /^\.new\./ { next }
		    /^g\.[0-9]+$/ && substr($0, 3) + 0 > substr(g, 3) + 0 { next }
		    { print }'
		readlink "$1/state"
		(cd "$1/state" && stat -c '%a %s %n' -- * && cat -- *)
		delve -C "$1" log -R 2>&1
		delve -C "$1" check > /dev/null 2>&1
		echo "check $?"
	} | cksum
}

printf 'Ann con=1 hp=10\nBo con=0 hp=8\n' > p.txt
rm -rf T && delve new -s x -p p.txt T > /dev/null &&
	delve -C T > /dev/null && delve -C T > /dev/null && delve -C T > /dev/null ||
	exit 2
old=$(fp T) oldbytes=$(bytes T)
bad=0

# try NAME FOLLOW ARGS...: delve -C NAME ARGS at every call of the
# calls above, its children too when FOLLOW is -f; in a directory NAME
# of its own (its session NAME/W, its TMPDIR NAME/tmp), so that two run
# at once; its lines on stdout, exit 1 when one run was BAD.
try() (
	name=$1 follow=$2
	shift 2
	mkdir "$name" && cd "$name" || exit 2
	export TMPDIR="$PWD/tmp"
	mkdir tmp || exit 2
	rm -rf W && cp -a ../T W && delve -C W "$@" > /dev/null 2>&1 || exit 2
	new=$(fp W) newbytes=$(bytes W)
	rm -rf W && cp -a ../T W
	strace -qq -o trace delve -C W "$@" > /dev/null 2>&1
	counts=$(sed -E 's/^([a-z0-9_]+)\(.*/\1/' trace | sort | uniq -c)
	n=0 okn=0 oko=0 okm=0 nbad=0
	for c in $calls; do
		k=$(printf '%s\n' "$counts" | awk -v c="$c" '$2 == c { print $1 }')
		i=1
		while [ "$i" -le "${k:-0}" ]; do
			rm -rf W "$TMPDIR"/* && cp -a ../T W
			timeout 20 strace $follow -qq ${follow:+--seccomp-bpf} -o /dev/null -e trace="$c" \
			    -e inject="$c":error=EIO:when="$i" delve -C W "$@" \
			    > /dev/null 2> err
			st=$?
			# byte for byte the old or the new directory, else read
			# as delve reads it (a log's tail still in records)
			now=$(bytes W)
			case $st:$now in
			0:"$newbytes" | 4:"$newbytes") now=$new ;;
			3:"$oldbytes") now=$old ;;
			*) now=$(fp W) ;;
			esac
			n=$((n + 1))
			case $st:$now in
			0:"$new") okn=$((okn + 1)) ;;
			3:"$old") oko=$((oko + 1)) ;;
			4:"$new") okm=$((okm + 1)) ;;
			*)	nbad=$((nbad + 1))
				what=mixed
				[ "$now" = "$old" ] && what=old
				[ "$now" = "$new" ] && what=new
				echo "BAD $name $c when=$i: exit $st, $what: $(head -c 300 err | tr '\n' '|')" ;;
			esac
			i=$((i + 1))
		done
	done
	echo "$name: $n injections: ok-new $okn, ok-old $oko, ok-made $okm, BAD $nbad"
	[ "$nbad" -eq 0 ]
)

# two at a time (two cores), their lines in this order; the editor is
# not delve: its own failures are not injected
(
	try turn -f > turn.out
	st=$?
	EDITOR='sed -i s/hp=10/hp=9/' try edit '' edit > edit.out || st=1
	exit "$st"
) &
t=$!
try damage -f damage Ann 2 > damage.out || bad=1
try undo -f undo > undo.out || bad=1
wait "$t" || bad=1
cat turn.out damage.out undo.out edit.out
exit $bad
