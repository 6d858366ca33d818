#!/usr/bin/env bats
# make install, make uninstall and make dist, run on the tree as it is.
load helper

PROGRAMS=$(programs_but)

# mk TARGET VAR=VALUE...: make in the top directory, whatever make runs the
# tests (its flags and its variables stay with it).
mk() {
	(cd "$TOP" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s "$@")
}

# tree DIR: every path under DIR, with its type, sorted.
tree() {
	(cd "$1" && find . -exec sh -c 'for f; do
	    if [ -L "$f" ]; then t=l; elif [ -d "$f" ]; then t=d; else t=f; fi
	    echo "$t $f"; done' sh {} + | sort)
}

# version: the one in common/util.h.
version() {
	sed -n 's/.*DELVING_VERSION "\(.*\)".*/\1/p' "$TOP/common/util.h"
}

@test "make install puts programs, manuals and completions in DESTDIR; uninstall takes all away" {
	d=$BATS_TEST_TMPDIR/dest
	mkdir "$d"
	before=$(tree "$d")
	mk install DESTDIR="$d" PREFIX=/usr/local
	v=$(version)
	for p in $PROGRAMS; do
		eq "$p (delving) $v" "$("$d/usr/local/bin/$p" -V)"
		cmp "$TOP/cmd/completion/delving.bash" "$d/usr/local/share/bash-completion/completions/$p"
	done
	for m in "$TOP"/man/*.6; do cmp "$m" "$d/usr/local/share/man/man6/${m##*/}"; done
	for m in "$TOP"/man/*.7; do cmp "$m" "$d/usr/local/share/man/man7/${m##*/}"; done
	cmp "$TOP/cmd/completion/_delving" "$d/usr/local/share/zsh/site-functions/_delving"
	eq 8 "$(ls "$d/usr/local/bin" | wc -l | tr -d ' ')"
	eq 8 "$(ls "$d/usr/local/share/man/man6" | wc -l | tr -d ' ')"
	# the installed bash completion completes
	run -0 bash -c 'source "$1"; COMP_WORDS=(light -r t); COMP_CWORD=2; _delving light t -r
	    echo "${COMPREPLY[*]}"' bash "$d/usr/local/share/bash-completion/completions/light"
	eq travel "$output"
	mk uninstall DESTDIR="$d" PREFIX=/usr/local
	eq "$before" "$(tree "$d")"
}

@test "make uninstall leaves what was there before, and honours MANPREFIX" {
	d=$BATS_TEST_TMPDIR/dest
	mkdir -p "$d/opt/bin" "$d/usr/man/man6"
	echo mine > "$d/opt/bin/other"
	echo mine > "$d/usr/man/man6/other.6"
	before=$(tree "$d")
	mk install DESTDIR="$d" PREFIX=/opt MANPREFIX=/usr/man
	[ -x "$d/opt/bin/roll" ]
	[ -f "$d/usr/man/man6/roll.6" ]
	[ -f "$d/usr/man/man7/delving.7" ]
	[ -f "$d/opt/share/zsh/site-functions/_delving" ]
	[ ! -e "$d/opt/share/man" ]
	mk uninstall DESTDIR="$d" PREFIX=/opt MANPREFIX=/usr/man
	eq "$before" "$(tree "$d")"
	eq mine "$(cat "$d/opt/bin/other")"
}

@test "make uninstall removes only the directories install created, never an emptied one that was there" {
	d=$BATS_TEST_TMPDIR/dest
	mkdir -p "$d/usr/local/share/man"	# there before, empty
	mk install DESTDIR="$d" PREFIX=/usr/local
	grep -qx /usr/local/share/man/man6 "$d/usr/local/share/delving/created-directories"
	! grep -qx /usr/local/share/man "$d/usr/local/share/delving/created-directories" || false
	mk uninstall DESTDIR="$d" PREFIX=/usr/local
	eq "d .
d ./usr
d ./usr/local
d ./usr/local/share
d ./usr/local/share/man" "$(tree "$d")"
}

@test "make dist: a tarball of the committed tree, named by the version hazard -V prints" {
	command -v git >/dev/null || skip "git is not installed"
	git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1 || skip "not a git checkout"
	d=$BATS_TEST_TMPDIR
	v=$(hazard -V); v=${v##* }
	eq "$(version)" "$v"
	mk dist DISTDIR="$d"
	[ -f "$d/delving-$v.tar.gz" ]
	eq "$(ls "$d" | grep -c 'tar.gz$')" 1
	tar -tzf "$d/delving-$v.tar.gz" > "$d/list"
	# every entry under delving-VERSION/, the top level as the card has it
	eq "" "$(grep -v "^delving-$v/" "$d/list" || true)"
	eq ".ci .gitignore Makefile README.md cmd common man tests" \
	    "$(sed -n "s|^delving-$v/\([^/][^/]*\).*|\1|p" "$d/list" | sort -u | paste -sd' ' -)"
	grep -qx "delving-$v/cmd/completion/_delving.in" "$d/list"
	# no built file
	eq "" "$(grep -E '/bin/|\.o$|\.a$|/tests/unit$|\.tar\.gz$' "$d/list" || true)"
	# what it holds builds, and says the same version (built -O0: the files
	# a build needs are what this proves, and -O2 took 6 CPU seconds more;
	# make test itself builds the tree with the Makefile's CFLAGS)
	tar -xzf "$d/delving-$v.tar.gz" -C "$d"
	(cd "$d/delving-$v" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s \
	    CFLAGS='-O0 -std=c11 -Wall -Wextra -Wpedantic' > build.log 2>&1)
	eq "hazard (delving) $v" "$("$d/delving-$v/bin/hazard" -V)"
}
