#!/bin/sh
# make bench: the suite against the programs people would otherwise use,
# measured side by side in one run, printed as one table of ratios
# (delving / peer: below 1 is faster).  hyperfine when installed, else a
# portable loop; peak memory from GNU time; instructions from callgrind.
set -eu
cd "$(dirname "$0")/.."
B=$PWD/bin
N=${BENCH_TURNS:-1000000}
RUNS=${BENCH_RUNS:-10}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# hyperfine_mean: the mean of the last hyperfine run, in seconds.
hyperfine_mean() {
	sed -n 's/^ *"mean": *\([0-9.e+-]*\),*$/\1/p' "$tmp/h.json" | head -1
}

# mean_seconds CMD: the mean wall time of CMD (a shell command line).
mean_seconds() {
	if command -v hyperfine >/dev/null; then
		hyperfine -N -w 2 -r "$RUNS" --export-json "$tmp/h.json" "$1" >/dev/null 2>&1 ||
		    hyperfine -w 2 -r "$RUNS" --export-json "$tmp/h.json" "$1" >/dev/null 2>&1
		hyperfine_mean
	else
		s=$(date +%s%N); i=0
		while [ $i -lt "$RUNS" ]; do sh -c "$1" >/dev/null; i=$((i + 1)); done
		echo "$s $(date +%s%N) $RUNS" | awk '{ printf "%.6f\n", ($2 - $1) / 1e9 / $3 }'
	fi
}

# shell_mean CMD: as mean_seconds, for a pipeline (always through sh).
shell_mean() {
	if command -v hyperfine >/dev/null; then
		hyperfine -w 2 -r "$RUNS" --export-json "$tmp/h.json" "$1" >/dev/null 2>&1
		hyperfine_mean
	else
		mean_seconds "$1"
	fi
}

# paired_sums A B [N]: the summed wall times of the shell commands A and B,
# run by turns (a warm-up of each, then A, B, A, B ... N times each, RUNS
# unless given): a machine whose speed drifts (a virtual one's neighbours,
# its page cache) slows both alike, not the one measured while it was
# slow; the row is the ratio of the sums.
paired_sums() {
	printf '%s\n' "$1" > "$tmp/a.sh"
	printf '%s\n' "$2" > "$tmp/b.sh"
	sh "$tmp/a.sh" >/dev/null; sh "$tmp/b.sh" >/dev/null
	i=0
	while [ $i -lt "${3:-$RUNS}" ]; do
		for c in a b; do
			s=$(date +%s%N)
			sh "$tmp/$c.sh" >/dev/null
			echo "$c $s $(date +%s%N)"
		done
		i=$((i + 1))
	done | awk '{ t[$1] += ($3 - $2) / 1e9 }
	    END { printf "%.6f %.6f\n", t["a"], t["b"] }'
}

# per_call CMD COUNT: the mean time of one of COUNT calls in a loop.
per_call() {
	cat > "$tmp/loop.sh" <<LOOP
i=0; while [ \$i -lt $2 ]; do $1 >/dev/null; i=\$((i + 1)); done
LOOP
	t=$(shell_mean "sh $tmp/loop.sh")
	echo "$t $2" | awk '{ printf "%.6f\n", $1 / $2 }'
}

# peak_kb CMD: the peak resident set of CMD, in KiB.
peak_kb() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M -o "$tmp/rss" sh -c "exec $1" >/dev/null 2>&1 || true
		tail -1 "$tmp/rss"
	else
		echo -
	fi
}

row() {	# row WHAT DELVING PEER A B TARGET
	awk -v what="$1" -v d="$2" -v p="$3" -v a="$4" -v b="$5" -v t="$6" 'BEGIN {
	    r = (b + 0 > 0) ? sprintf("%.2f", a / b) : "-"
	    printf "%-12s %6s  %-8s  %s  vs  %s\n", what, r, t, d, p }'
}

[ -x "$B/hazard" ] || { echo "bench: build first (make)" >&2; exit 1; }
printf '%-12s %6s  %-8s  %s\n' what ratio target "delving  vs  peer"

a=$(per_call "$B/hazard -s 1" 300); b=$(per_call /bin/true 300)
row start-up "hazard -s 1" /bin/true "$a" "$b" "<= 1.15"

a=$(mean_seconds "$B/hazard -s 1 -n $N"); b=$(mean_seconds "shuf -r -i 1-6 -n $N")
row bulk-turns "hazard -n $N" "shuf -r -i 1-6 -n $N" "$a" "$b" "<= 1.0"

if [ -x "$B/roll" ]; then
	a=$(mean_seconds "$B/roll -s 1 -n $N d6"); b=$(mean_seconds "shuf -r -i 1-6 -n $N")
	row bulk-dice "roll -n $N d6" "shuf -r -i 1-6 -n $N" "$a" "$b" "<= 0.33"
	# issue 18: exact odds at any size, as seconds against a budget of
	# 1 s (50 ms for 25d6): the ratio is the share of the budget used
	# issue 25: explosions into extra dice, kept and counted, and a group
	# issue 36: pools of up to 100,000 totals, and the GM's kept pools
	for e in "100d100 1" "50d6kh5 1" "25d6 0.05" "10d6! 1" "4d6!kh3 1" \
	    "10d10!>=8 1" "{4d6+2d8,3d20+3}kh1 1" "200d100 1" "1000d6 1" \
	    "100d1000 1" "300d20 1" "20d6!kh10 1" "8d6!! 1"; do
		set -- $e
		a=$(mean_seconds "$B/roll -o '$1'")
		row odds "roll -o $1" "$2 s" "$a" "$2" "<= 1"
	done
fi

# an encounter table with dice in its rows, rolled on every encounter and
# sign (issue 14), against the same run without it
printf '| d8 | Who |\n|--|--|\n| 1-3 | 2d4 goblins |\n| 4-5 | 1d4+1 ghouls |\n| 6 | 3d6 skeletons |\n| 7 | The Ash Queen\047s shade |\n| 8 | A swarm of 2d6 rats and 1d4 bats |\n' > "$tmp/crypt.md"
a=$(mean_seconds "$B/hazard -r delving -s 1 -n $N -T encounter=$tmp/crypt.md")
b=$(mean_seconds "$B/hazard -r delving -s 1 -n $N")
row table-dice "hazard -T encounter=crypt.md" "hazard" "$a" "$b" "<= 1.5"

# issue 35: a 10,000-row Foundry RollTable (Export Data, v11 spelling,
# HTML in its text) read and rolled 1000 times, against the same table in
# delving's Markdown: the JSON reader's cost over the plain one.  The JSON
# is 2.2 MB to the Markdown's 0.29 MB (8x the bytes); on 2026-11-28,
# 244 M instructions to 161 M (callgrind), 3.4x the time and 4.7x the
# peak memory (the tree of 110,000 values, freed before the rolls)
awk 'BEGIN {
	printf "{\"name\": \"Big\", \"formula\": \"1d10000\", \"replacement\": true, \"results\": [\n"
	for (i = 1; i <= 10000; i++)
		printf "{\"_id\": \"r%05d\", \"type\": 0, \"text\": \"<p>%d <b>goblins</b> &amp; 1d6 rats</p>\", \"img\": \"icons/svg/d20-black.svg\", \"documentCollection\": \"\", \"documentId\": null, \"weight\": 1, \"range\": [%d, %d], \"drawn\": false, \"flags\": {}}%s\n", i, i, i, i, i < 10000 ? "," : ""
	print "]}" }' > "$tmp/big.json"
awk 'BEGIN { print "die: 1d10000"; for (i = 1; i <= 10000; i++) printf "%d %d goblins & 1d6 rats\n", i, i }' > "$tmp/big.md"
read -r a b <<PAIR
$(paired_sums "$B/roll -s 1 -n 1000 -t $tmp/big.json >/dev/null" "$B/roll -s 1 -n 1000 -t $tmp/big.md >/dev/null")
PAIR
row foundry-10k "roll -n 1000 -t big.json" "roll -n 1000 -t big.md" "$a" "$b" "<= 4"
a=$(peak_kb "$B/roll -s 1 -n 1000 -t $tmp/big.json"); b=$(peak_kb "$B/roll -s 1 -n 1000 -t $tmp/big.md")
row foundry-mem "roll -t big.json (KiB)" "roll -t big.md (KiB)" "$a" "$b" "<= 6"

# issue 37: 12 pairs of 10^6 turns, the ratio of the sums
read -r a b <<PAIR
$(paired_sums "$B/hazard -s 1 -n $N | $B/light -l torch,lantern - | $B/timedice - | $B/reaction - >/dev/null" \
    "$B/hazard -s 1 -n $N | cat | cat | cat >/dev/null" 12)
PAIR
row pipeline "hazard | light - | timedice - | reaction -" "hazard | cat | cat | cat" "$a" "$b" "<= 2.5"

# delve: one turn of a session vs the four programs by hand with their
# state files; 1,000 sessions of 36 turns through delve batch vs a loop.
if [ -x "$B/delve" ]; then
	mkdir "$tmp/hand"
	"$B/delve" new -s 1 -l torch,lantern "$tmp/crypt"
	(cd "$tmp/hand" && "$B/light" -f l -s 1 -l torch,lantern status >/dev/null)
	a=$(shell_mean "$B/delve -C $tmp/crypt >/dev/null")
	b=$(shell_mean "cd $tmp/hand && $B/hazard -f h -s 1 | $B/timedice -f t -s 1 - | $B/light -f l -s 1 - | $B/reaction -f r -s 1 - >/dev/null")
	row delve-turn "delve -C crypt" "hazard -f | timedice -f - | light -f - | reaction -f -" "$a" "$b" "<= 1.5"
	# issue 33: with a party (resilience= kept by timedice, Fatigue by
	# hazard) -n 2000 is one pipeline, not 2000 turns of five processes
	printf 'Ann con=1 wis=0 best=2 hp=10 hpmax=10 level=2 resilience=12\nBo con=-1 wis=1 best=1 hp=6 hpmax=6 level=1 resilience=9\n' > "$tmp/two.txt"
	"$B/delve" new -s 1 -p "$tmp/two.txt" "$tmp/party" >/dev/null
	"$B/delve" new -s 1 "$tmp/bare" >/dev/null
	read -r a b <<PAIR
$(paired_sums "$B/delve -C $tmp/party -n 2000 >/dev/null" "$B/delve -C $tmp/bare -n 2000 >/dev/null")
PAIR
	row delve-party "delve -n 2000, a party of two" "delve -n 2000, no party" "$a" "$b" "<= 2"
	# a GM command (in-process: read, roll, rename, commit) costs no more than a turn
	printf 'Bo con=1 hp=100000 hpmax=100000\n' > "$tmp/gm.txt"
	"$B/delve" new -s 1 -l torch -p "$tmp/gm.txt" "$tmp/gm"
	a=$(shell_mean "$B/delve -C $tmp/gm damage Bo 1d6 >/dev/null")
	b=$(shell_mean "$B/delve -C $tmp/gm >/dev/null")
	row delve-gm "delve damage Bo 1d6" "delve -C S (one turn)" "$a" "$b" "<= 1.0"
	S=${BENCH_SESSIONS:-1000}
	cat > "$tmp/sessions.sh" <<LOOP
mkdir -p $tmp/loop; i=1
while [ \$i -le $S ]; do
	$B/hazard -s x-\$i -n 36 | $B/timedice -s x-\$i - | $B/light -s x-\$i -l torch - | $B/reaction -s x-\$i -L dark - > $tmp/loop/x-\$i.tsv
	i=\$((i + 1))
done
LOOP
	r=$RUNS; RUNS=${BENCH_SESSION_RUNS:-3}
	a=$(shell_mean "$B/delve batch -s x -n 36 -l torch -o $tmp/batch $S")
	b=$(shell_mean "sh $tmp/sessions.sh")
	RUNS=$r
	tail -n +2 "$tmp/batch/x-$S.tsv" | cmp - "$tmp/loop/x-$S.tsv"
	row delve-batch "delve batch ($S x 36 turns)" "a shell loop of pipelines" "$a" "$b" "<= 1.0"
	# issue 34: a year of daily sessions as a chain, each a delve next of
	# the last (a session made, its files carried, each commit synced),
	# against the same 365 sessions made independently
	r=$RUNS; RUNS=${BENCH_CHAIN_RUNS:-1}
	a=$(shell_mean "rm -rf $tmp/chain; $B/delve batch -k -s y -n 36 -l torch -o $tmp/chain 365")
	b=$(shell_mean "rm -rf $tmp/year; $B/delve batch -s y -n 36 -l torch -o $tmp/year 365")
	RUNS=$r
	[ "$(grep '^hazard' "$tmp/chain/y-1.tsv")" = "$(grep '^hazard' "$tmp/year/y-1.tsv")" ]
	row delve-chain "delve batch -k (365 x 36 turns, chained)" "delve batch (365 independent)" "$a" "$b" "<= 60"
	# issue 23: a command's records stream to its generation, and delve
	# log reads the log in chunks: memory does not grow with the turns
	"$B/delve" new -s 1 "$tmp/big"
	"$B/delve" new -s 1 "$tmp/small"
	a=$(peak_kb "$B/delve -C $tmp/big -R -n $N")
	b=$(peak_kb "$B/delve -C $tmp/small -R -n 10")
	row delve-memory "delve -n $N" "delve -n 10" "$a" "$b" "<= 2"
	a=$(peak_kb "$B/delve -C $tmp/big log")
	b=$(peak_kb "$B/delve -C $tmp/small log")
	row delve-log "delve log ($N turns)" "delve log (10 turns)" "$a" "$b" "<= 2"
	# issue 38: a frame of delve screen (what each redraw does, in a
	# child) against delve status, over a session of a party of two
	printf 'Ann con=1 wis=0 hp=9 hpmax=12\nBo con=0 wis=1 hp=5 hpmax=8\n' > "$tmp/scr.txt"
	"$B/delve" new -s 1 -l torch,lantern -p "$tmp/scr.txt" "$tmp/scr" >/dev/null
	"$B/delve" -C "$tmp/scr" -n 200 >/dev/null
	a=$(per_call "$B/delve -C $tmp/scr screen -o" 100)
	b=$(per_call "$B/delve -C $tmp/scr status" 100)
	row screen-draw "delve screen -o (a frame: $(echo "$a" | awk '{ printf "%.1f ms", $1 * 1000 }'))" \
	    "delve status" "$a" "$b" "<= 1.5"
	# the screen idle in a terminal (tmux) for BENCH_IDLE seconds: its CPU
	# time (user + system, /proc) against that wall time
	if command -v tmux >/dev/null && [ -r /proc/self/stat ]; then
		idle=${BENCH_IDLE:-60}
		tmux -S "$tmp/tmux" -f /dev/null new-session -d -x 80 -y 24 \
		    "exec $B/delve -C $tmp/scr screen"
		sleep 1
		pid=$(tmux -S "$tmp/tmux" display -p '#{pane_pid}')
		c0=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
		sleep "$idle"
		c1=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
		tmux -S "$tmp/tmux" kill-server
		cpu=$(echo "$c0 $c1 $(getconf CLK_TCK)" | awk '{ printf "%.3f", ($2 - $1) / $3 }')
		row screen-idle "delve screen idle: $cpu s of CPU" "$idle s" "$cpu" "$idle" "<= 0.001"
	fi
fi

t=$(peak_kb /bin/true)
row memory "hazard -n 10000000" /bin/true "$(peak_kb "$B/hazard -s 1 -n 10000000")" "$t" "<= 2"
"$B/hazard" -s 1 -n "$N" > "$tmp/stream"
for p in light timedice reaction; do
	row memory "$p - (${N} turns)" /bin/true "$(peak_kb "$B/$p - < $tmp/stream")" "$t" "<= 2"
done

if command -v valgrind >/dev/null; then
	valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$B/hazard" -s 1 -n 100000 \
	    >/dev/null 2>"$tmp/cg.err"
	ir=$(awk '/refs:/ { gsub(/,/, "", $NF); print $NF }' "$tmp/cg.err")
	echo "$ir" | awk '{ printf "%-12s %6.0f  %-8s  %s\n", "instr/turn", $1 / 100000, "< 150",
	    "hazard -n 100000: " $1 " instructions (callgrind)" }'
fi
