# Sourced by bench.sh: async-profiler collapsed and bcc memleak text, made
# from the first size's folded stacks (each frame a JIT-compiled method for
# async-profiler; each stack one outstanding allocation block, leaf first,
# for memleak), read by tflame beside `wc -l` on the same file and beside
# plain folded text of the same stacks.
textfmt_bench() {
	tf_size=${sizes%% *}
	tf_src=$dir/out-$tf_size.folded
	[ -s "$tf_src" ] || return 0
	tf_as=$dir/asprof-$tf_size.collapsed
	[ -s "$tf_as" ] && [ "$tf_as" -nt "$tf_src" ] ||
		sed 's/;/_[j];/g; s/ \([0-9][0-9]*\)$/_[j] \1/' "$tf_src" > "$tf_as"
	tf_ml=$dir/memleak-$tf_size.txt
	[ -s "$tf_ml" ] && [ "$tf_ml" -nt "$tf_src" ] ||
		awk '{ n = $NF; sub(/ [0-9]+$/, "")
		    k = split($0, f, ";")
		    printf "\t%d bytes in %d allocations from stack\n", n * 64, n
		    for (i = k; i >= 1; i--) printf "\t\t%s+0x1a [app]\n", f[i] }' \
		    "$tf_src" > "$tf_ml"
	for tf in "$tf_src folded" "$tf_as asprof" "$tf_ml memleak"; do
		tf_in=${tf% *} tf_name=${tf##* }
		tf_mb=$(awk -v b="$(wc -c < "$tf_in")" 'BEGIN { printf "%.1f", b / 1048576 }')
		echo
		echo "$tf_name text, $tf_mb MB ($tf_in):"
		tf_wc=$("$RUNSTAT" "$runs" /dev/null wc -l "$tf_in")
		row "wc -l" "$tf_mb" "$tf_wc" "${tf_wc%% *}"
		row "tflame --collapse ($tf_name)" "$tf_mb" "$(paired "$tf_in" \
		    "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse "$tf_in")"
		row "tflame --top ($tf_name)" "$tf_mb" "$(paired "$tf_in" \
		    "$RUNSTAT" 1 /dev/null "$TFLAME" --top "$tf_in")"
	done
}
textfmt_bench
