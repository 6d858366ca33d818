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
		eq "# delve batch: session $i of 3, seed wk-$i, 60 turns, rules exploration, party none, lights none, tables encounter=enc.txt" "$(head -1 "out/wk-$i.tsv")"
		tail -n +2 "out/wk-$i.tsv" | cmp plain -
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
	eq '{"header":"delve batch: session 1 of 1, seed wk-1, 36 turns, rules exploration, party none, lights none, tables encounter=enc.txt"}' "$(head -1 out/wk-1.jsonl)"
	[ -z "$(tail -n +2 out/wk-1.jsonl | grep -v '^{"program":"[a-z]*",.*}$')" ]
	run -0 delve batch -S -T encounter=enc.txt -s wk -n 36 -o out 1
	# every record's sentence, in order, after its turn and clock
	awk -F'\t' '{ print $NF }' out/wk-1.tsv > want
	sed -E 's/^(turn +[0-9]+  [0-9:]{5}  | +)//' out/wk-1.txt > got
	cmp want got
	sed -n 2p out/wk-1.txt | grep -q '^turn  1  07:10  '
	eq "# delve batch: session 1 of 1, seed wk-1, 36 turns, rules exploration, party none, lights none, tables encounter=enc.txt" "$(head -1 out/wk-1.txt)"
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

@test "batch -k -K NAME: two cron runs chained write what one batch of both lengths writes, byte for byte but the first run's count" {
	local i
	delve batch -k -r travel -l torch -s wk -n 6 -o one 5
	run -0 --separate-stderr delve batch -k -K keep -r travel -l torch -s wk -n 6 -o two 3
	eq "" "$output$stderr"
	eq "last" "$(ls -A two/keep)"
	run -0 --separate-stderr delve batch -k -K keep -r travel -l torch -s wk -n 6 -o two 2
	eq "" "$output$stderr"
	eq "last" "$(ls -A two/keep)"
	eq "keep wk-1.tsv wk-2.tsv wk-3.tsv wk-4.tsv wk-5.tsv" "$(ls two | paste -sd' ')"
	for i in 4 5; do cmp one/wk-$i.tsv two/wk-$i.tsv; done
	for i in 1 2 3; do
		cmp <(tail -n +2 one/wk-$i.tsv) <(tail -n +2 two/wk-$i.tsv)
		eq "$(head -1 one/wk-$i.tsv | sed 's/ of 5,/ of 3,/')" "$(head -1 two/wk-$i.tsv)"
	done
	run -0 delve -C two/keep/last status
	[[ ${lines[0]} == "session   two/keep/last: seed wk-5, the travel rules, turn 6." ]]
}

@test "batch -k -K NAME under another seed: numbered from 1, its first continues the session kept, which says so; the next run continues the new last" {
	delve batch -k -K keep -r travel -l torch -s w49 -n 6 -o out 2
	end=$(delve -C out/keep/last status | sed -n 's/^clock *//p')
	mkdir ref && cp -a out/keep/last ref/last	# what delve next of it plays
	delve batch -k -K keep -l torch -s w50 -n 6 -o out 1
	eq "# delve batch: session 1 of 1, seed w50-1, 6 turns, rules travel, party none, lights torch, tables none; chained: it continues the session kept in out/keep" "$(head -1 out/w50-1.tsv)"
	delve next -s w50-1 -l torch ref/last ref/n >/dev/null
	cmp <(tail -n +2 out/w50-1.tsv) <(delve -C ref/n -n 6 -R)
	[ -n "$end" ]
	run -0 delve -C out/keep/last status
	[[ ${lines[0]} == "session   out/keep/last: seed w50-1, the travel rules, turn 6." ]]
	[[ $output != *"$end"* ]] || false	# the clock moved on from the last run's end
	delve batch -k -K keep -l torch -s w51 -n 6 -o out 1
	grep -q 'continues the session kept' out/w51-1.tsv
	eq "last" "$(ls -A out/keep)"
}

@test "batch -K: refused without -k, for a name with a slash or hidden, and while another batch holds it" {
	run -2 --separate-stderr delve batch -K keep -s w -n 6 -o out 1
	eq "delve: -K: keeps a chain's last session: with -k" "$stderr"
	run -2 --separate-stderr delve batch -k -K a/b -s w -n 6 -o out 1
	eq "delve: -K: 'a/b': expected a name in DIR, not hidden, without a slash" "$stderr"
	run -2 --separate-stderr delve batch -k -K .k -s w -n 6 -o out 1
	[ ! -e out/.k ]
	mkdir -p out/keep
	if command -v flock >/dev/null; then
		flock out/keep sh -c 'delve batch -k -K keep -s w -n 6 -o out 1; echo "status $?"' > held 2>&1
		eq "delve: out/keep: in use by another batch: Resource temporarily unavailable
status 3" "$(cat held)"
	fi
	[ ! -e out/w-1.tsv ]
}

@test "batch -k -K killed at random instants 15 times: the session kept is the old last or a new one, never none, and the next run continues it" {
	local i
	delve batch -k -K keep -r travel -l torch -s wk -n 6 -o out 2
	for i in $(seq 15); do
		delve batch -k -K keep -l torch -s "k$i" -n 6 -o out 2 &
		sleep "0.$((RANDOM % 4))$((RANDOM % 10))"
		kill -9 $! 2>/dev/null || true
		wait $! 2>/dev/null || true
		sleep 0.05
		delve -C out/keep/last status >/dev/null
	done
	delve batch -k -K keep -l torch -s end -n 6 -o out 1
	eq "last" "$(ls -A out/keep)"
	grep -q 'continues the session kept' out/end-1.tsv
}
