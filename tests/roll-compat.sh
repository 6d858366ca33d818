#!/bin/sh
# roll-compat.sh TABLE [EXPECT_FAIL]: check each row of tests/roll-compat.tsv
# against the roll on PATH (issue 25).
#   same      roll -o EXPR shows the peer's meaning: the lowest and highest
#             total with odds (an upper bound "inf" asks for at least MIN+20),
#             the mean to 4 decimals and each probability where the row
#             gives them;
#   differs   the same check against the row's roll_meaning;
#   refused   roll EXPR exits 2 with one line on stderr and nothing on stdout;
#   dialect   roll -D PEER gives the peer's meaning, roll's own grammar the
#             row's roll_meaning (issue 36: where the peers conflict).
# Every row is checked twice: in roll's own grammar and in the peer's
# dialect (DELVING_DICE), which read alike what conflicts with no peer.
# Where -o refuses a form that roll itself rolls (beyond its counting
# limits), 20000 rolls at a fixed seed stand in: every total within the
# range, both ends seen where the row's odds make them likely, the mean
# within 5 standard errors, each given probability within 5 of its errors.
# Prints "FAIL LINE op expr (peer): why" for each row that fails, XFAIL for
# one listed in EXPECT_FAIL (as "expr<TAB>peer") that still fails, XPASS for
# one listed that passes (it must leave the list), then a count line.  Exit
# 0 when no row FAILs and none XPASSes.  With -l first, print the failing
# rows as lines for EXPECT_FAIL instead.
set -u
list=
[ "${1:-}" = -l ] && { list=1; shift; }
table=$1
expect=${2:-/dev/null}
[ -r "$expect" ] || expect=/dev/null
tmp=$(mktemp -d "${TMPDIR:-/tmp}/roll-compat.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')
LIMIT=20	# seconds a roll may take on one row

# meaning_check MEANING MODE: roll's output in $tmp/out, read as -o lines
# (MODE odds) or as one total a line (MODE sample); prints why it does not
# show MEANING, or nothing.
meaning_check() {
	awk -v m="$1" -v mode="$2" '
	function num(s,  p, n, d, en, ed, neg) {	# N, N/D (of any length) or a decimal
		if (!index(s, "/")) return s + 0
		split(s, p, "/"); n = p[1]; d = p[2]; en = ed = 0
		neg = sub(/^-/, "", n)
		if (length(n) > 17) { en = length(n) - 17; n = substr(n, 1, 17) }
		if (length(d) > 17) { ed = length(d) - 17; d = substr(d, 1, 17) }
		return (neg ? -1 : 1) * (n / d) * 10 ^ (en - ed)
	}
	function tol(s,  f) {	# half a unit of the last decimal the peer printed
		if (index(s, "/") || !index(s, ".")) return 1e-9
		f = s; sub(/^[^.]*\./, "", f); return 0.5 * 10 ^ -length(f) + 1e-9
	}
	function bad(why) { if (why_ == "") why_ = why }
	BEGIN {
		n = split(m, w, " ")
		if (!match(w[1], /^-?[0-9]+\.\.(-?[0-9]+|inf)$/)) { print "meaning not checkable: " m; exit }
		split(w[1], r, /\.\./); lo = r[1] + 0; hi = r[2]
		for (i = 2; i <= n; i++) {
			if (w[i] ~ /^mean=/) { mean = substr(w[i], 6); has_mean = 1 }
			else if (w[i] ~ /^dist=/) {
				k = split(substr(w[i], 6), dd, ",")
				for (j = 1; j <= k; j++) { split(dd[j], vp, ":"); want[vp[1] + 0] = vp[2]; nwant++ }
			} else { print "meaning not checkable: " m; exit }
		}
		done = 0
	}
	mode == "odds" && $2 ~ /^-?[0-9]+$/ {
		t = $2 + 0; if (!seen++) first = t; last = t
		p[t] = $3; nt++
	}
	mode == "odds" && $2 == "mean" { got_mean = $4 }
	mode == "sample" {
		t = $1 + 0; if (!cnt++) { mn = t; mx = t }
		if (t < mn) mn = t; if (t > mx) mx = t
		s1 += t; s2 += t * t; c[t]++
	}
	END {
		if (n == 0 || (w[1] !~ /^-?[0-9]+\.\.(-?[0-9]+|inf)$/)) exit
		if (mode == "odds") {
			if (!nt) { print "no totals in roll -o"; exit }
			if (first != lo) bad("lowest total " first ", not " lo)
			if (hi == "inf") { if (last < lo + 20) bad("highest total " last ", not unbounded (at least " lo + 20 ")") }
			else if (last != hi + 0) bad("highest total " last ", not " hi)
			if (has_mean) {
				d = got_mean - num(mean); if (d < 0) d = -d
				if (got_mean == "" || d > 0.00005 + tol(mean)) bad("mean " got_mean ", not " mean)
			}
			if (nwant) {
				for (t in want) if (!(t in p)) bad("total " t " has no odds")
				for (t in p) {
					if (!(t in want)) { bad("total " t " is not among the peer'"'"'s"); continue }
					d = num(p[t]) - num(want[t]); if (d < 0) d = -d
					if (d > tol(want[t])) bad("P(" t ") = " p[t] ", not " want[t])
				}
			}
		} else {
			if (!cnt) { print "no totals rolled"; exit }
			if (mn < lo) bad("rolled " mn ", below " lo)
			if (hi != "inf" && mx > hi + 0) bad("rolled " mx ", above " hi)
			if (hi != "inf" && lo < hi + 0 && mn == mx) bad("every roll gave " mn)
			avg = s1 / cnt; var = s2 / cnt - avg * avg; if (var < 0) var = 0
			if (has_mean) {
				d = avg - num(mean); if (d < 0) d = -d
				if (d > 5 * sqrt(var / cnt) + tol(mean)) bad(sprintf("mean of %d rolls %.4f, not %s", cnt, avg, mean))
			}
			for (t in want) {
				q = num(want[t]); f = c[t] / cnt; d = f - q; if (d < 0) d = -d
				if (d > 5 * sqrt(q * (1 - q) / cnt) + 1 / cnt + tol(want[t])) bad(sprintf("P(%s) rolled %.4f, not %s", t, f, want[t]))
			}
			if (nwant) for (t = mn; t <= mx; t++) if ((t in c) && !(t in want)) bad("rolled " t ", not among the peer'"'"'s totals")
			if (nwant && (lo in want) && num(want[lo]) * cnt >= 20 && !(lo in c)) bad("never rolled " lo)
			if (nwant && hi != "inf" && ((hi + 0) in want) && num(want[hi + 0]) * cnt >= 20 && !((hi + 0) in c)) bad("never rolled " hi)
		}
		if (why_ != "") print why_
	}' "$tmp/out"
}

# run_roll ARGS...: roll with a time limit; stdout to $tmp/out, stderr to
# $tmp/err; the status in $status.
run_roll() {
	if command -v timeout > /dev/null; then
		DELVING_DICE=$dialect timeout "$LIMIT" roll "$@" > "$tmp/out" 2> "$tmp/err"
	else
		DELVING_DICE=$dialect roll "$@" > "$tmp/out" 2> "$tmp/err"
	fi
	status=$?
}

# check_row VERDICT EXPR MEANING: prints why the row fails, or nothing.
check_row() {
	case $1 in
	refused*)
		run_roll -- "$2"
		if [ "$status" -ne 2 ]; then echo "rolls (status $status: $(head -c 60 "$tmp/out" | tr '\n' ' ')) where it should be refused"
		elif [ -s "$tmp/out" ]; then echo "refused, but wrote on stdout"
		elif [ "$(wc -l < "$tmp/err")" -ne 1 ] || ! grep -q '^roll: ' "$tmp/err"; then echo "refused with not one 'roll: ' line: $(tr '\n' '|' < "$tmp/err")"
		fi
		return ;;
	same|differs*|dialect*) ;;
	*) echo "unknown verdict: $1"; return ;;
	esac
	run_roll -o -- "$2"
	case $status in
	0) meaning_check "$3" odds; return ;;
	124) echo "roll -o took over $LIMIT s"; return ;;
	esac
	why=$(head -1 "$tmp/err")
	run_roll -s 25 -n 20000 -- "$2"
	if [ "$status" -ne 0 ]; then echo "refused: $why"; return; fi
	meaning_check "$3" sample
}

pass=0 fail=0 xfail=0 xpass=0 line=0
nl='
'
# the listed rows, read once: a row is listed when "expr<TAB>peer" is a
# whole line of EXPECT_FAIL (as grep -Fx said, a grep a row)
listed_rows=$nl$(cat "$expect")$nl
while IFS="$tab" read -r op expr peer form pmean source verdict rmean; do
	line=$((line + 1))
	case $op in '#'*|op|'') continue ;; esac
	meaning=$pmean
	case $verdict in differs*|dialect*) meaning=$rmean ;; esac
	case $peer in
	foundry|roll20|rpg-dice-roller) peer_dialect=$peer ;;
	avrae-d20) peer_dialect=avrae ;;
	*) peer_dialect=roll ;;
	esac
	dialect=roll
	case $verdict:$meaning in
	dialect*:error*) why=$(check_row refused "$expr" "$meaning") ;;
	*) why=$(check_row "$verdict" "$expr" "$meaning") ;;
	esac
	dialect=$peer_dialect
	case $verdict in dialect*) meaning=$pmean ;; esac
	[ -n "$why" ] || [ "$dialect" = roll ] ||
	    why=$(check_row "$verdict" "$expr" "$meaning" | sed "s/^/-D $dialect: /")
	listed=
	case $listed_rows in *"$nl$expr$tab$peer$nl"*) listed=1 ;; esac
	if [ -n "$list" ]; then
		[ -z "$why" ] || printf '%s\t%s\n' "$expr" "$peer"
		continue
	fi
	if [ -z "$why" ] && [ -z "$listed" ]; then pass=$((pass + 1))
	elif [ -z "$why" ]; then xpass=$((xpass + 1))
		echo "XPASS $line $op $expr ($peer): passes now; take it off $(basename "$expect")"
	elif [ -n "$listed" ]; then xfail=$((xfail + 1))
		echo "XFAIL $line $op $expr ($peer): $why"
	else fail=$((fail + 1))
		echo "FAIL $line $op $expr ($peer): $why"
	fi
done < "$table"
[ -n "$list" ] && exit 0
echo "roll-compat: $pass passed, $fail failed, $xfail known failures, $xpass fixed but still listed"
[ "$fail" -eq 0 ] && [ "$xpass" -eq 0 ]
