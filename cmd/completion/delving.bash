# bash completion for the delving programs: hazard light timedice reaction
# chase return roll delve.  make install puts it where bash-completion looks for
# each program's completion; or source it from ~/.bashrc.  It completes each
# program's options, the values of -r (only the rules the program has), -l
# and -e, file names after -f, -p and -t (roll: its table names too), and the
# commands.  It needs bash 4 and nothing of bash-completion.

# _delving_spec PROG: set opts (the program's getopt string, as in
# cmd/PROG.c, plus -j), rules (the rules names -r takes) and cmds (the
# commands a first operand can be); fail for a program of another name.
_delving_spec() {
	local all='exploration bookkeeping delving dungeonturn alarm travel'
	case $1 in
	hazard)	opts=ade:f:hjn:p:r:s:T:t:uVv rules=$all
		cmds='rest advance stay backtrack hide' ;;
	light)	opts=De:f:hjl:n:r:s:uVv rules=$all
		cmds='add out relight refill wind tick status' ;;
	timedice) opts=f:hjn:p:r:s:uVv rules=travel
		cmds='show set roll duration turn hour day timer timers cancel rest' ;;
	reaction) opts=adf:hjm:n:p:s:T:uVv rules=
		cmds='disposition morale surprise' ;;
	chase)	opts=ab:dghjm:n:p:q:r:s:Vvx: rules='exploration delving dungeonturn travel'
		cmds='flee open uneven long pace' ;;
	return)	opts=c:hjk:l:m:p:r:s:Vvw rules='travel dungeonturn'
		cmds='dangerous arduous' ;;
	roll)	opts=c:hjn:os:t:Vv rules='' cmds='' ;;
	delve)	opts=C:hjn:RV rules=''
		cmds='new status check undo log roll reaction chase return batch turn rest advance stay backtrack hide' ;;
	*)	return 1 ;;
	esac
}

# _delving_pending WORD: set pending to the option of the cluster WORD (-r,
# -vr) that takes its argument from the next word; empty if none does.
_delving_pending() {
	local w=${1#-} c
	pending=''
	while [ -n "$w" ]; do
		c=${w:0:1} w=${w:1}
		case $opts in
		*"$c:"*) [ -z "$w" ] && pending=$c; return ;;
		esac
	done
}

# _delving_words WORDS: the words among WORDS that begin with the word
# being completed.
_delving_words() {
	mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur")
}

_delving_files() {
	compopt -o filenames 2>/dev/null
	mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}

# _delving_names KEYWORD: the names the state file of -f keeps on lines
# "KEYWORD NAME ..." (light's sources, timedice's timers).
_delving_names() {
	[ -r "$file" ] && _delving_words "$(awk -v k="$1" '$1 == k { print $2 }' "$file")"
}

# _delving_optarg OPTION: complete the argument of OPTION.
_delving_optarg() {
	case $1 in
	e)	_delving_words 'd4 d6 d8 d10 d12 d20' ;;
	f|p)	_delving_files ;;
	C)	compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -d -- "$cur") ;;
	l)	local done=${cur%"${cur##*,}"} last=${cur##*,}
		mapfile -t COMPREPLY < <(compgen -P "$done" \
		    -W 'torch lantern candle' -- "$last") ;;
	r)	_delving_words "$rules" ;;
	t)	_delving_files
		# roll: the tables it has by name, as roll -t list gives them
		[ "$prog" = roll ] && mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen \
		    -W "list $("$cmd" -t list 2>/dev/null | cut -f1)" -- "$cur") ;;
	esac
}

# _delving_operand OPERANDS...: complete the operand after OPERANDS.
_delving_operand() {
	case $#:$prog:$1 in
	0:*)		_delving_words "$cmds" ;;
	1:hazard:hide)	_delving_words 'pass fail' ;;
	1:light:add)	_delving_words 'torch lantern candle' ;;
	1:light:out|1:light:relight|1:light:refill) _delving_names source ;;
	1:timedice:cancel) _delving_names timer ;;
	2:timedice:roll) _delving_words from ;;
	1:chase:flee)	_delving_words 'open uneven long' ;;
	esac
}

_delving() {
	local cmd=$1 prog=${1##*/} cur=${COMP_WORDS[COMP_CWORD]} opts rules cmds
	local pending='' file='' ended='' w i=1 o
	COMPREPLY=()
	_delving_spec "$prog" || return 0
	# The words before the cursor: options and their arguments up to the
	# first operand or "--", as POSIX getopt reads them; i ends on the
	# first operand.
	while [ $i -lt "$COMP_CWORD" ]; do
		w=${COMP_WORDS[i]}
		if [ -n "$pending" ]; then
			[ "$pending" = f ] && file=$w
			pending=''
		elif [ -n "$ended" ] || [ "$w" = - ] || [ "${w#-}" = "$w" ]; then
			break
		elif [ "$w" = -- ]; then
			ended=1
		else
			_delving_pending "$w"
		fi
		i=$((i + 1))
	done
	if [ -n "$pending" ]; then
		_delving_optarg "$pending"
	elif [ $i -eq "$COMP_CWORD" ] && [ -z "$ended" ] && [ "${cur#-}" != "$cur" ]; then
		w=${opts//:/} o=''
		while [ -n "$w" ]; do o="$o -${w:0:1}" w=${w:1}; done
		_delving_words "$o"
	else
		_delving_operand "${COMP_WORDS[@]:i:COMP_CWORD-i}"
	fi
	return 0
}

complete -F _delving hazard light timedice reaction chase return roll delve
