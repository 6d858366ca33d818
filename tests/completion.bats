#!/usr/bin/env bats
# Shell completion (cmd/completion/): bash's driven through its completion
# function, zsh's through an interactive zsh on a pseudo-terminal
# (tests/zcomplete).
load helper

COMPDIR="$TOP/cmd/completion"
PROGRAMS=$(programs_but delve)
ALL_RULES="alarm bookkeeping delving dungeonturn exploration travel"

# comp PROG WORD...: what bash completes for the last WORD of the command
# line PROG WORD... (env's completion for env ...), sorted, on one line.
# COMP_LINE, when set, is the line as typed.  (The empty words left out
# and the rest sorted in the shell: one program a call, not four.)
comp() {
	bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
	    f=_delving; [ "$1" = env ] && f=_delving_env
	    $f "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
	    for w in "${COMPREPLY[@]}"; do [ -z "$w" ] || printf "%s\n" "$w"; done' \
	    bash "$COMPDIR/delving.bash" "$@" | sort_line
}

# zcomp LINE: what zsh completes at the end of LINE, sorted, on one line.
zcomp() {
	"$TOP/tests/zcomplete" "$COMPDIR" "$1" | sort_line
}

# one compinit dump for the file's zsh tests (tests/zcomplete)
setup_file() { export ZCOMPDUMP=$BATS_FILE_TMPDIR/zcompdump; }

need_zsh() {
	command -v zsh >/dev/null || skip "zsh is not installed"
	zsh -fc 'zmodload zsh/zpty' 2>/dev/null || skip "zsh has no zsh/zpty module"
}

# usage_options PROG: the option letters of PROG's usage line, plus j,
# one a line, sorted (every program takes -j).
usage_options() {
	{ env "$1" -h | grep -o '\[-[A-Za-z]*' | cut -c3- | fold -w1; echo j; } | sort -u
}

# accepts PROG RULES: PROG takes -r RULES (it refuses other rules with status 2).
accepts() {
	case $1 in
	hazard)	hazard -r "$2" -n 0 ;;
	light)	light -r "$2" status ;;
	timedice) timedice -r "$2" show ;;
	chase)	chase -r "$2" pace ;;
	return)	env return -r "$2" -s 1 dangerous; [ $? -ne 2 ] ;;
	esac >/dev/null 2>&1
}

@test "bash: the completion is registered for every program" {
	run -0 bash -c 'source "$1"; complete -p '"$PROGRAMS" bash "$COMPDIR/delving.bash"
	for p in $PROGRAMS; do
		grep -qx "complete -F _delving $p" <<< "$output"
	done
}

@test "bash: each program's options are those of its usage line, and -j" {
	for p in $PROGRAMS; do
		eq "$(usage_options $p | sed 's/^/-/' | paste -sd' ' -)" "$(comp $p - | tr ' ' '\n' | sort | paste -sd' ' -)"
	done
	eq "-D" "$(comp light -D)"
	eq "-g" "$(comp chase -g)"
}

@test "bash: -r offers the rules the program accepts, and only those" {
	for p in hazard light timedice chase return; do
		want=$(for r in $ALL_RULES; do accepts $p $r && echo $r; done | paste -sd' ' -)
		eq "$want" "$(comp $p -r '')"
	done
	eq "$ALL_RULES" "$(comp hazard -r '')"
	eq "dungeonturn travel" "$(comp timedice -r '')"
	eq "delving dungeonturn" "$(comp light -s 7 -r d)"
	eq "dungeonturn" "$(comp return -vr d)"
}

@test "bash: the commands of each program, and what follows some of them" {
	eq "advance backtrack hide rest stay" "$(comp hazard '')"
	eq "add out refill relight status tick wind" "$(comp light '')"
	eq "cancel cure day duration hour infect rest roll set show timer timers turn" "$(comp timedice '')"
	eq "disposition initiative loot morale surprise" "$(comp reaction '')"
	eq "flee long open pace retreat uneven" "$(comp chase '')"
	eq "arduous dangerous" "$(comp return '')"
	eq "" "$(comp roll '')"
	eq "timer timers turn" "$(comp timedice t)"
	eq "advance" "$(comp hazard -s 7 -n 3 -r alarm a)"
	eq "fail pass" "$(comp hazard -r alarm hide '')"
	eq "candle lantern torch" "$(comp light add '')"
	eq "long open uneven" "$(comp chase -a flee '')"
	eq "long open uneven" "$(comp chase -c 12 retreat '')"
	eq "from" "$(comp timedice roll 2 '')"
	# options anywhere up to --: after an operand too; after -- the commands
	eq "$(comp hazard -)" "$(comp hazard rest -)"
	eq "-l" "$(comp light add torch -l)"
	eq "" "$(comp hazard rest '')"
	eq "rest" "$(comp hazard -- r)"
	eq "" "$(comp hazard -- rest -)"
	# a negative number is an operand, not an option
	eq "-V -f -h -j -n -p -r -s -u -v -w" "$(comp timedice set -1 -)"
}

@test "bash: the options and their value names are those of PROG -h" {
	for p in $PROGRAMS; do
		eq "$(env $p -h | awk '/^  -/ { print $1 }' | sort | paste -sd' ' -)" \
		    "$(comp $p - | tr ' ' '\n' | sort | paste -sd' ' -)"
	done
	# a value named FILE is a file name, whatever the letter
	cd "$BATS_TEST_TMPDIR"
	touch tfile
	eq "tfile" "$(comp hazard -t tf)"
	eq "tfile" "$(comp timedice -p tf)"
}

@test "bash: hazard's actions are those of -r, else of the state file's rules, else DELVING_RULES" {
	cd "$BATS_TEST_TMPDIR"
	hazard -f crypt.alarm -r alarm -s 1 > /dev/null
	eq "advance backtrack hide stay" "$(comp hazard -f crypt.alarm '')"
	eq "advance backtrack hide stay" "$(comp hazard -fcrypt.alarm '')"
	eq "advance" "$(comp hazard -v -f crypt.alarm -n 2 a)"
	eq "rest" "$(comp hazard -f crypt.alarm -r delving '')"
	eq "rest" "$(comp hazard -r exploration '')"
	eq "daily hourly lake overland river sea weekly" "$(comp hazard -r travel '')"
	eq "sea" "$(comp hazard -r travel s)"
	eq "advance backtrack hide stay" "$(DELVING_RULES=alarm comp hazard '')"
	eq "rest" "$(DELVING_RULES=alarm comp hazard -r bookkeeping '')"
}

@test "bash: env return completes return's operands; a bare return, the builtin, nothing" {
	eq "arduous dangerous" "$(comp env return '')"
	eq "arduous dangerous" "$(comp env -i X=1 return '')"
	eq "dungeonturn" "$(comp env return -vr d)"
	eq "dangerous" "$(comp env return -s 1 d)"
	eq "fail pass" "$(comp env hazard -r alarm hide '')"
	[[ " $(comp env haz) " == *" hazard "* ]]
	eq "" "$(COMP_LINE='return ' comp return '')"
	eq "" "$(COMP_LINE='  return -' comp return -)"
	eq "arduous dangerous" "$(COMP_LINE='env return ' comp return '')"
	eq "arduous dangerous" "$(COMP_LINE='./bin/return ' comp ./bin/return '')"
	# env keeps a completion it already has
	run -0 bash -c 'complete -F _x env; source "$1"; complete -p env' bash "$COMPDIR/delving.bash"
	eq "complete -F _x env" "$output"
}

@test "bash: -f, -p and -t complete file names" {
	cd "$BATS_TEST_TMPDIR"
	touch party.txt pace.txt state.hazard table.md
	eq "state.hazard" "$(comp hazard -f st)"
	eq "state.hazard" "$(comp hazard -vf st)"
	eq "pace.txt party.txt" "$(comp reaction -p pa)"
	eq "pace.txt party.txt state.hazard table.md" "$(comp timedice -p '')"
	eq "table.md" "$(comp hazard -t t)"
	eq "pace.txt party.txt" "$(comp chase -p p)"
}

@test "bash: roll -t offers the tables of roll -t list, list, and files" {
	cd "$BATS_TEST_TMPDIR"
	touch my-table
	want=$({ roll -t list | cut -f1; echo list; echo my-table; } | sort | paste -sd' ' -)
	eq "$want" "$(comp roll -t '')"
	eq "injury" "$(comp roll -s 1 -t in)"
}

@test "bash: -l and -e of light, and the names a state file keeps" {
	cd "$BATS_TEST_TMPDIR"
	eq "candle" "$(comp light -l c)"
	eq "torch,candle" "$(comp light -l torch,c)"
	eq "d10 d12" "$(comp light -e d1)"
	light -f s.light add torch > /dev/null
	light -f s.light add lantern lamp > /dev/null
	eq "lamp torch1" "$(comp light -f s.light out '')"
	eq "lamp" "$(comp light -f s.light relight l)"
	eq "" "$(comp light out '')"
	timedice -f s.time timer bell 2hours > /dev/null
	eq "bell" "$(comp timedice -f s.time cancel '')"
}

@test "zsh: _delving parses, autoloads, and serves every program" {
	command -v zsh >/dev/null || skip "zsh is not installed"
	run -0 zsh -n "$COMPDIR/_delving"
	run -0 zsh -fc 'fpath=("$1" $fpath); autoload -Uz compinit && compinit -u -D &&
	    autoload +X _delving && for p in '"$PROGRAMS"'; do print -r -- "$p $_comps[$p]"; done' zsh "$COMPDIR"
	eq "$(for p in $PROGRAMS; do echo "$p _delving"; done)" "$output"
}

@test "zsh: the options, -r values and commands are bash's" {
	need_zsh
	for line in 'hazard -' 'light -' 'timedice -' 'reaction -' 'chase -' 'env return -' 'roll -' \
	    'hazard -r ' 'chase -r ' 'env return -vr ' 'timedice ' 'light -s 1 ' 'chase flee ' \
	    'hazard -r alarm hide ' 'env return a' 'hazard rest -' 'light add torch -'; do
		want=$(eval "comp $line''")
		[ -n "$want" ]
		eq "$line: $want" "$line: $(zcomp "$line")"
	done
}

@test "zsh: files, roll's tables, light's kinds and a state file's names" {
	need_zsh
	cd "$BATS_TEST_TMPDIR"
	touch party.txt state.hazard
	eq "state.hazard" "$(zcomp 'hazard -f st')"
	eq "party.txt" "$(zcomp 'chase -p pa')"
	eq "injury" "$(zcomp 'roll -t inj')"
	eq "list" "$(zcomp 'roll -t li')"
	eq "candle" "$(zcomp 'light -l torch,c')"
	light -f s.light add torch > /dev/null
	eq "torch1" "$(zcomp 'light -f s.light out t')"
	eq "" "$(zcomp 'hazard -- rest -')"
}

@test "zsh: hazard's actions by the state file's rules; env return; not the builtin" {
	need_zsh
	cd "$BATS_TEST_TMPDIR"
	hazard -f crypt.alarm -r alarm -s 1 > /dev/null
	eq "advance backtrack hide stay" "$(zcomp 'hazard -f crypt.alarm ')"
	eq "rest" "$(zcomp 'hazard -r delving ')"
	eq "arduous dangerous" "$(zcomp 'env return ')"
	eq "" "$(zcomp 'return ')"
}

@test "bash: delve's options, its commands and the session directory of -C" {
	eq "-C -R -V -h -j -n" "$(comp delve -)"
	eq "backtrack batch" "$(comp delve b)"
	eq "chase check" "$(comp delve ch)"
	mkdir -p "$BATS_TEST_TMPDIR/crypt"
	cd "$BATS_TEST_TMPDIR"
	eq "crypt" "$(comp delve -C cr)"
	run -0 bash -c 'source "$1"; complete -p delve' bash "$COMPDIR/delving.bash"
	eq "complete -F _delving delve" "$output"
}

@test "bash and zsh: delve's GM commands, the session's characters after damage, heal, set and leave" {
	cd "$BATS_TEST_TMPDIR"
	printf 'Ann hp=5\nBo hp=3\n' > p.txt
	delve new -s 1 -p p.txt -r delving S
	eq "daily damage" "$(comp delve da)"
	eq "edit" "$(comp delve ed)"
	eq "heal" "$(comp delve he)"
	eq "join" "$(comp delve j)"
	eq "lake leave light log" "$(comp delve l)"
	eq "camp" "$(comp delve ca)"
	eq "screen sea set status stay" "$(comp delve s)"
	eq "heal hide hour" "$(comp delve h)"
	eq "Ann Bo" "$(comp delve -C S damage '')"
	eq "Bo" "$(comp delve -C S heal B)"
	eq "Ann" "$(DELVING_SESSION=S comp delve set A)"
	eq "refill relight" "$(comp delve light re)"
	eq "torch" "$(comp delve light add to)"
	eq "all" "$(comp delve light out a)"
	eq "unsafe until" "$(comp delve camp '')"
	eq "party" "$(comp delve edit pa)"
	need_zsh
	eq "Ann Bo" "$(zcomp 'delve -C S damage ')"
	eq "refill relight" "$(zcomp 'delve light re')"
	eq "party" "$(zcomp 'delve edit pa')"
}

@test "delve batch: its own options after the word batch, in bash and zsh (delve(6))" {
	eq "-S -T -j -l -n -o -p -r -s" "$(comp delve batch -)"
	eq "-S -T -j -l -n -o -p -r -s" "$(comp delve -C x batch -)"
	eq "delving dungeonturn" "$(comp delve batch -S -r d)"
	eq "torch" "$(comp delve batch -l to)"
	need_zsh
	eq "-S -T -j -l -n -o -p -r -s" "$(zcomp 'delve batch -')"
	eq "delving dungeonturn" "$(zcomp 'delve -C x batch -r d')"
	eq "-C -R -V -h -j -n" "$(zcomp 'delve -')"
}
