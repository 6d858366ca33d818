# bash completion for the delving programs: hazard light timedice reaction
# chase return roll delve.  make install puts it where bash-completion looks for
# each program's completion; or source it from ~/.bashrc.  The options are
# the program's own, read from its -h (the one table they are parsed by),
# anywhere up to "--"; a value is completed by its name there (FILE: file
# names, RULES: the rules the program has, DIE, KIND; roll's TABLE: its
# table names too); then the commands, hazard's those of the rules of -r,
# of the state file of -f or of DELVING_RULES.  `env return` completes
# return's operands (without bash-completion too); a bare `return`, the
# shell's builtin, is not completed.  It needs bash 4 and nothing of
# bash-completion.

# _delving_spec PROG: set rules (the rules names -r takes) and cmds (the
# commands a first operand can be), and own (options, as "n:COUNT h", for
# a program not on the front end); fail for a program of another name.
_delving_spec() {
	local all='exploration bookkeeping delving dungeonturn alarm travel'
	case $1 in
	hazard)	rules=$all cmds='rest advance stay backtrack hide' ;;
	light)	rules=$all cmds='add out relight refill wind tick status' ;;
	timedice) rules='dungeonturn travel'
		cmds='show set roll duration turn hour day timer timers cancel rest infect cure' ;;
	reaction) rules= cmds='disposition morale surprise initiative loot' ;;
	chase)	rules='exploration delving dungeonturn travel'
		cmds='flee retreat open uneven long pace' ;;
	return)	rules='travel dungeonturn' cmds='dangerous arduous' ;;
	roll)	rules='' cmds='' ;;
	# delve parses its forms itself: its -h lists no options
	delve)	rules='' own='C:DIR h j n:COUNT R V'
		cmds='new next status check undo log roll reaction chase return infect cure damage heal set join leave light camp hour edit campaign note buy spend give share loot batch turn rest advance stay backtrack hide daily weekly overland river lake sea' ;;
	# delve batch: its own options, after the word batch (delve(6))
	delve-batch) rules=$all cmds='' own='j k l:KIND n:TURNS o:DIR p:FILE r:RULES s:SEED S T:KEY=FILE' ;;
	*)	return 1 ;;
	esac
}

# _delving_options CMD: set opts (a getopt string) and argname (each
# value's name) from the lines "  -n COUNT  ..." of CMD -h.
_delving_options() {
	local line re='^  -([A-Za-z]) ([^ ]*) '
	opts=''
	while IFS= read -r line; do
		[[ $line =~ $re ]] || continue
		opts+=${BASH_REMATCH[1]}
		[ -n "${BASH_REMATCH[2]}" ] && opts+=: &&
		    argname[${BASH_REMATCH[1]}]=${BASH_REMATCH[2]}
	done < <([ -n "$own" ] || env "$1" -h 2>/dev/null)
	for line in $own; do
		opts+=${line%%:*}
		[ "$line" = "${line#*:}" ] || opts+=: argname[${line%%:*}]=${line#*:}
	done
	[ -n "$opts" ]
}

# _delving_pending WORD: for the cluster WORD (-r, -vr, -ralarm), note a
# value given in it, or set pending to the option that takes its value
# from the next word.
_delving_pending() {
	local w=${1#-} c
	pending=''
	while [ -n "$w" ]; do
		c=${w:0:1} w=${w:1}
		case $opts in
		*"$c:"*) [ -z "$w" ] && pending=$c || _delving_value "$c" "$w"; return ;;
		esac
	done
}

# _delving_value LETTER VALUE: the values completion needs: -f, -r.
_delving_value() {
	case $1 in f) file=$2 ;; r) given_rules=$2 ;; C) session=$2 ;; esac
}

# _delving_party: the characters of the session's party file (delve).
_delving_party() {
	local f=${session:-${DELVING_SESSION:-.}}/state/party
	[ -r "$f" ] && _delving_words "$(awk '$1 !~ /^#/ && NF { print $1 }' "$f")"
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

# _delving_optarg OPTION: complete the value of OPTION, by its name.
_delving_optarg() {
	case ${argname[$1]} in
	DIE)	_delving_words 'd4 d6 d8 d10 d12 d20' ;;
	DIR)	compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -d -- "$cur") ;;
	FILE)	_delving_files ;;
	KIND*)	local done=${cur%"${cur##*,}"} last=${cur##*,}
		mapfile -t COMPREPLY < <(compgen -P "$done" \
		    -W 'torch lantern candle' -- "$last") ;;
	RULES)	_delving_words "$rules" ;;
	TABLE*)	_delving_files
		# roll: the tables it has by name, as roll -t list gives them
		mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen \
		    -W "list $(env "$cmd" -t list 2>/dev/null | cut -f1)" -- "$cur") ;;
	esac
}

# _delving_actions: hazard's actions are those of its rules: -r, else the
# state file's, else DELVING_RULES; all of them when none is known.
_delving_actions() {
	local r=$given_rules
	[ -z "$r" ] && [ -r "$file" ] && r=$(awk '$1 == "rules" { print $2; exit }' "$file")
	case ${r:-$DELVING_RULES} in
	alarm)	cmds='advance stay backtrack hide' ;;
	travel)	cmds='hourly daily weekly overland river lake sea' ;;
	exploration|bookkeeping|delving|dungeonturn) cmds=rest ;;
	esac
}

# _delving_operand OPERANDS...: complete the operand after OPERANDS.
_delving_operand() {
	case $#:$prog:$1 in
	0:hazard:*)	_delving_actions; _delving_words "$cmds" ;;
	0:*)		_delving_words "$cmds" ;;
	1:hazard:hide)	_delving_words 'pass fail' ;;
	1:light:add)	_delving_words 'torch lantern candle' ;;
	1:light:out|1:light:relight|1:light:refill) _delving_names source ;;
	1:timedice:cancel) _delving_names timer ;;
	2:timedice:roll) _delving_words from ;;
	1:chase:flee|1:chase:retreat) _delving_words 'open uneven long' ;;
	1:delve:damage|1:delve:heal|1:delve:set|1:delve:leave) _delving_party ;;
	1:delve:light)	_delving_words 'add out relight refill wind snow hazard' ;;
	1:delve:camp)	_delving_words 'unsafe until' ;;
	1:delve:hour)	_delving_words rest ;;
	1:delve:edit)	_delving_words 'party hazard light timedice reaction' ;;
	2:delve:light)	case $2 in add) _delving_words 'torch lantern candle' ;;
			out) _delving_words 'all spent' ;; esac ;;
	esac
}

# _delving_bare_return: the command line is the shell's builtin return.
_delving_bare_return() {
	local line=${COMP_LINE-}
	line=${line#"${line%%[![:space:]]*}"}
	[ "$1" = return ] && [[ $line == return || $line == return[[:space:]]* ]]
}

_delving() {
	local cmd=$1 prog=${1##*/} cur=${COMP_WORDS[COMP_CWORD]} opts rules cmds own=''
	local pending='' file='' given_rules='' session='' ended='' w i o ops=()
	local -A argname=()
	COMPREPLY=()
	_delving_bare_return "$cmd" && return 0
	_delving_spec "$prog" || return 0
	_delving_options "$cmd" || return 0
	# The words before the cursor: options and their values anywhere up
	# to "--", as the programs read them; the rest are operands ("-" and
	# a negative number too).
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		if [ -n "$pending" ]; then
			_delving_value "$pending" "$w"
			pending=''
		elif [ -n "$ended" ] || [[ $w == - || $w != -* || $w == -[0-9]* ]]; then
			ops+=("$w")
			[ -z "$own" ] || ended=1	# delve: options end there
		elif [ "$w" = -- ]; then
			ended=1
		else
			_delving_pending "$w"
		fi
	done
	if [ "$prog:${ops[0]-}" = delve:batch ]; then	# batch's words are its own
		i=1
		while [ "${COMP_WORDS[i]}" != batch ]; do i=$((i + 1)); done
		COMP_WORDS=(delve-batch "${COMP_WORDS[@]:i + 1}") COMP_CWORD=$((COMP_CWORD - i))
		_delving delve-batch
		return 0
	fi
	if [ -n "$pending" ]; then
		_delving_optarg "$pending"
	elif [ -z "$ended" ] && [[ $cur == -* && $cur != -[0-9]* ]]; then
		w=${opts//:/} o=''
		while [ -n "$w" ]; do o="$o -${w:0:1}" w=${w:1}; done
		_delving_words "$o"
	else
		_delving_operand "${ops[@]}"
	fi
	return 0
}

# env PROG ...: one of the programs is completed as itself (return above
# all, which only env reaches); any other command by bash-completion when
# it is loaded, else as file names.  Only when env has no completion yet.
_delving_env() {
	local i=1 w rules cmds own
	while [ $i -lt "$COMP_CWORD" ]; do
		w=${COMP_WORDS[i]}
		[[ $w == -* || $w == *=* ]] || break
		i=$((i + 1))
	done
	COMPREPLY=()
	if [ $i -eq "$COMP_CWORD" ]; then
		mapfile -t COMPREPLY < <(compgen -c -- "${COMP_WORDS[i]}")
	elif _delving_spec "${COMP_WORDS[i]##*/}"; then
		COMP_WORDS=("${COMP_WORDS[@]:i}") COMP_CWORD=$((COMP_CWORD - i))
		_delving "${COMP_WORDS[0]}"
	elif declare -F _comp_command_offset >/dev/null; then
		_comp_command_offset "$i"
	elif declare -F _command_offset >/dev/null; then
		_command_offset "$i"
	fi
	return 0
}

complete -F _delving hazard light timedice reaction chase return roll delve
complete -p env >/dev/null 2>&1 || complete -o default -F _delving_env env
