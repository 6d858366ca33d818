#!/bin/sh
# layers.sh [DIR]: fail when the include graph of DIR (common/) has a
# circle, or an arrow that runs up DIR/LAYERS (each line a layer, lowest
# first).  A module is a file's name without .c or .h; X -> Y when X.c or
# X.h includes "Y.h".  Each circle or arrow found is said on stderr.
dir=${1:-common}
edges=$(for f in "$dir"/*.c "$dir"/*.h; do
	from=${f##*/}
	from=${from%.?}
	sed -n 's/^#include "\([^"]*\)\.h".*/\1/p' "$f" |
	while read -r to; do
		echo "$from $to"
	done
done | awk '$1 != $2' | sort -u)
status=0
loops=$(printf '%s\n' "$edges" | tsort 2>&1 >/dev/null)
if [ -n "$loops" ]; then
	printf '%s\n' "$loops" >&2
	status=1
fi
printf '%s\n' "$edges" | awk -v layers="$dir/LAYERS" '
BEGIN {
	while ((getline line < layers) > 0)
		if (line !~ /^#/ && line ~ /[^ ]/) {
			n++
			k = split(line, w, " ")
			for (i = 1; i <= k; i++)
				at[w[i]] = n
		}
}
{
	for (i = 1; i <= 2; i++)
		if (!($i in at) && !said[$i]++) {
			print "layers.sh: " $i ": not in " layers > "/dev/stderr"
			bad = 1
		}
	if (($1 in at) && ($2 in at) && at[$2] > at[$1]) {
		print "layers.sh: " $1 " includes " $2 ", a layer above it" \
		    > "/dev/stderr"
		bad = 1
	}
}
END { exit bad }' || status=1
exit $status
