# roll-compat-man.awk: the COMPATIBILITY section of man/roll.6, made from
# tests/roll-compat.tsv (issue 25): for each peer, the forms roll reads the
# same, then each form it refuses or reads otherwise, with why, then what
# its dialect (roll -D, issue 36) reads as the peer does.
#   awk -f tests/roll-compat-man.awk tests/roll-compat.tsv
# tests/compat.bats checks that man/roll.6 holds exactly this; with
# UPDATE_GOLDEN=1 it writes it there.
BEGIN {
	FS = "\t"
	order = "roll20 rpg-dice-roller avrae-d20 foundry rolldice dicelab"
	np = split(order, peers, " ")
	title["roll20"] = "Roll20"
	title["rpg-dice-roller"] = "rpg-dice-roller"
	title["avrae-d20"] = "avrae's d20"
	title["rolldice"] = "rolldice"
	title["foundry"] = "Foundry VTT"
	dialect["roll20"] = "roll20"
	dialect["rpg-dice-roller"] = "rpg-dice-roller"
	dialect["avrae-d20"] = "avrae"
	dialect["foundry"] = "foundry"
	title["dicelab"] = "dicelab"
	whence["roll20"] = "its Dice Reference,\n.Lk https://wiki.roll20.net/Dice_Reference"
	whence["rpg-dice-roller"] = "the documentation and tests of version 5.5"
	whence["avrae-d20"] = "the tests and README of the Python library used by Avrae"
	whence["rolldice"] = "its manual, version 1.16"
	whence["foundry"] = "its Dice Modifiers article and the API of its Die,\n.Lk https://foundryvtt.com/article/dice-modifiers/"
	whence["dicelab"] = "its manual, version 0.7, and the odds it computes"
}
/^#/ || $1 == "op" || NF < 8 { next }
{
	p = $3
	if ($7 == "same") {
		if (!((p, $2) in seen)) { seen[p, $2]; same[p] = same[p] sep(p) $2; nsame[p]++ }
		next
	}
	if ($7 ~ /^dialect/) {
		n = ++ndial[p]
		dexpr[p, n] = $2
		dverdict[p, n] = $7
		dpeer[p, n] = $5
		droll[p, n] = $8
		next
	}
	n = ++nother[p]
	oexpr[p, n] = $2
	oform[p, n] = $4
	overdict[p, n] = $7
	opeer[p, n] = $5
	oroll[p, n] = $8
}
function sep(p) { return nsame[p] ? "\034" : "" }
function meaning(m,  r) {	# "0..3 mean=2 dist=..." as "0..3, mean 2"; "4..4" as "4"
	sub(/ dist=.*/, "", m)
	gsub(/ mean=/, ", mean ", m)
	r = m
	sub(/,.*/, "", r)
	if (index(r, "..") && substr(r, 1, index(r, "..") - 1) == substr(r, index(r, "..") + 2))
		m = substr(r, 1, index(r, "..") - 1) substr(m, length(r) + 1)
	return m
}
END {
	print ".Sh COMPATIBILITY"
	print "The notation follows the rollers players know, and the cases their own"
	print "documentation and tests give are roll's tests: each is in"
	print ".Pa tests/roll-compat.tsv"
	print "with the peer's meaning, where the peer says so, and what roll makes of it;"
	print "this section is made from that table."
	print "Where the peers disagree, roll takes the meaning of rpg-dice-roller and"
	print "avrae's d20: a comparison says what it writes,"
	print ".Ql >3"
	print "is more than 3 and"
	print ".Ql <3"
	print "less than 3,"
	print "so a Roll20 user writes"
	print ".Ql >="
	print "and"
	print ".Ql <="
	print "for Roll20's"
	print ".Ql >"
	print "and"
	print ".Ql < ."
	print "Totals are whole numbers: a division rounds down, toward minus infinity,"
	print "but a quotient that is the whole argument of"
	print ".Ql floor ,"
	print ".Ql ceil"
	print "or"
	print ".Ql round"
	print "is rounded once, by the function, so"
	print ".Ql ceil(7/2)"
	print "is 4; anywhere else in the argument the division rounds down first:"
	print ".Ql ceil(7/2+1)"
	print "is 3+1, 4, where rpg-dice-roller gives 5."
	print "Where the peers conflict,"
	print ".Fl D"
	print "reads as the peer does: each section ends with what its dialect changes."
	for (i = 1; i <= np; i++) {
		p = peers[i]
		if (!nsame[p] && !nother[p] && !ndial[p]) continue
		print ".Ss " title[p]
		print "From " whence[p] (whence[p] ~ /Lk/ ? " ." : ".")
		if (nsame[p]) {
			print "Read the same:"
			k = split(same[p], e, "\034")
			for (j = 1; j <= k; j++)
				print ".Ql \"" e[j] "\"" (j < k ? " ," : " .")
		}
		other(p)
		dialects(p)
	}
}
function dialects(p,  j, v) {
	if (!ndial[p]) return
	print ".Pp"
	print "With"
	print ".Fl D Cm " dialect[p] " ,"
	print "as " title[p] " reads them:"
	print ".Bl -tag -width Ds"
	for (j = 1; j <= ndial[p]; j++) {
		print ".It Ql \"" dexpr[p, j] "\""
		v = dverdict[p, j]
		sub(/^dialect: */, "", v)
		print title[p] " and"
		print ".Fl D Cm " dialect[p]
		print "give " meaning(dpeer[p, j]) ", roll's own grammar " \
		    (droll[p, j] ~ /^error/ ? "refuses it" : meaning(droll[p, j])) ":"
		print v "."
	}
	print ".El"
}
function other(p,  j, v) {
		if (!nother[p]) return
		print ".Bl -tag -width Ds"
		for (j = 1; j <= nother[p]; j++) {
			print ".It Ql \"" oexpr[p, j] "\""
			v = overdict[p, j]
			if (v ~ /^refused/) {
				sub(/^refused: */, "", v)
				print "Refused: " v "."
			} else {
				sub(/^differs: */, "", v)
				print title[p] " gives " meaning(opeer[p, j]) ", roll " meaning(oroll[p, j]) ":"
				print v "."
			}
		}
		print ".El"
}
