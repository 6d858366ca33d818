#!/usr/bin/env bats
# delve batch (delve(6)): the forms of its session files, -T, and its own
# directory not trusted: no link followed, nothing replaced that is not a
# file it may replace, what killed batches left removed, only that.
load helper

setup() { cd "$BATS_TEST_TMPDIR"; }

# table: an encounter table every session rolls on.
table() { printf 'die: 1d6\n1-3 goblins\n4-6 2d4 giant rats\n' > enc.txt; }

@test "batch -T KEY=FILE: the table read once, every session rolls it, checked as new checks it" {
	table
	run -0 --separate-stderr delve batch -T encounter=enc.txt -s wk -n 60 -o out 3
	eq "" "$stderr"
	for i in 1 2 3; do
		grep -qE $'\t(goblins|rats)\t' "out/wk-$i.tsv"	# reaction's record of the table's creature
		# a session's order, reaction told the light (none: dark), as delve does
		hazard -s "wk-$i" -n 60 -T encounter=enc.txt | timedice -s "wk-$i" - |
		    light -s "wk-$i" - | reaction -s "wk-$i" -L dark - > plain
		cmp plain "out/wk-$i.tsv"
	done
	[ -z "$(ls -A out | grep '^\.')" ]	# the copies of the tables are gone
	run -2 --separate-stderr delve batch -T 'Enc=enc.txt' -s wk -n 6 -o o2 1
	eq "delve: -T: 'Enc': expected a key of letters, as encounter" "$stderr"
	run -2 --separate-stderr delve batch -T encounter=missing.txt -s wk -n 6 -o o2 1
	one_error delve
	[[ $stderr == "delve: missing.txt: "* ]]
	[ ! -e o2 ]
}

@test "batch -j writes JSON Lines, -S the sentence view of delve log; both refused together" {
	table
	delve batch -T encounter=enc.txt -s wk -n 36 -o out 1
	run -0 delve batch -j -T encounter=enc.txt -s wk -n 36 -o out 1
	eq "$(wc -l < out/wk-1.tsv)" "$(wc -l < out/wk-1.jsonl)"
	[ -z "$(grep -v '^{"program":"[a-z]*",.*}$' out/wk-1.jsonl)" ]
	run -0 delve batch -S -T encounter=enc.txt -s wk -n 36 -o out 1
	# every record's sentence, in order, after its turn and clock
	awk -F'\t' '{ print $NF }' out/wk-1.tsv > want
	sed -E 's/^(turn +[0-9]+  [0-9:]{5}  | +)//' out/wk-1.txt > got
	cmp want got
	head -1 out/wk-1.txt | grep -q '^turn  1  07:10  '
	run -2 --separate-stderr delve batch -j -S -s wk -n 1 -o out 1
	eq "delve: -j and -S: one form for the session files" "$stderr"
}

@test "batch: a link, a directory or a FIFO where a session file goes is refused before anything is made" {
	echo precious > victim
	mkdir out
	ln -s ../victim out/wk-2.tsv
	run -2 --separate-stderr delve batch -s wk -n 6 -o out 3
	eq "delve: out/wk-2.tsv: is a symbolic link: refusing to replace it" "$stderr"
	eq precious "$(cat victim)"
	eq "wk-2.tsv" "$(ls -A out)"
	rm out/wk-2.tsv; mkfifo out/wk-3.tsv
	run -2 --separate-stderr delve batch -s wk -n 6 -o out 3
	eq "delve: out/wk-3.tsv: not a regular file: refusing to replace it" "$stderr"
	eq "wk-3.tsv" "$(ls -A out)"
}

@test "batch: a link planted at its temporary file is not followed, its name passed over (issue 39)" {
	echo precious > victim
	mkdir out
	# the shell's PID is delve's after exec: the link is at delve's temp name
	run -0 --separate-stderr sh -c 'ln -s ../victim out/.wk-1.tsv.$$; exec delve batch -s wk -n 6 -o out 1'
	eq "" "$stderr"
	eq precious "$(cat victim)"
	[ -f out/wk-1.tsv ] && [ ! -L out/wk-1.tsv ]
	[ -L out/.wk-1.tsv.* ]	# the planted link, left alone
}

@test "batch: the temporaries of killed batches are removed, only theirs" {
	mkdir out
	sh -c 'exit 0' & dead=$!; wait
	for f in ".wk-1.tsv.$dead" ".old-3.jsonl.$dead" ".x-2.txt.$dead" ".wk-1.tsv.$$" \
	    ".wk-1.tsv.x$dead" ".wk-x.tsv.$dead" "wk-1.tsv.$dead" ".wk-1.csv.$dead" ".wk-01.tsv.$dead" \
	    notes; do
		echo mine > "out/$f"
	done
	mkdir "out/.tables.$dead"; echo t > "out/.tables.$dead/table.encounter"
	ln -s ../victim "out/.link-1.tsv.$dead"
	delve batch -s wk -n 6 -o out 1
	ls -A out | sort > left
	eq ".link-1.tsv.$dead .wk-01.tsv.$dead .wk-1.csv.$dead .wk-1.tsv.$$ .wk-1.tsv.x$dead .wk-x.tsv.$dead notes wk-1.tsv wk-1.tsv.$dead" "$(paste -sd' ' left)"
}

@test "batch killed at random instants 20 times: the next batch removes its temporaries; no session file is ever a part" {
	local i
	delve batch -s wk -n 36 -o want 5
	for i in $(seq 20); do
		delve batch -s wk -n 36 -o out 5 &	# $! is delve
		sleep "0.0$((RANDOM % 6))$((RANDOM % 10))"
		kill -9 $! 2>/dev/null || true
		wait $! 2>/dev/null || true
		for f in out/wk-*.tsv; do
			[ -e "$f" ] && cmp "$f" "want/${f#out/}"
		done
	done
	sleep 0.1	# the pipelines of a killed batch see their pipes close
	delve batch -s wk -n 36 -o out 5
	eq "wk-1.tsv wk-2.tsv wk-3.tsv wk-4.tsv wk-5.tsv" "$(ls -A out | paste -sd' ')"
}
