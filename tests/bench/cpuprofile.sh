# Sourced by bench.sh (issue #52): a Chrome/V8 .cpuprofile of
# BENCH_CPUPROFILE_MB (default 200) made by mkcpuprofile, read by
# tflame --collapse and --heatmap beside `wc -l` on the same file, with
# the peak memory against the file's size (the target: at least 150 MB/s,
# at most 2x), and node's own JSON.parse of it when node is installed.
cpuprofile_bench() {
	cp_mb=${BENCH_CPUPROFILE_MB:-200}
	cp_in=$dir/cpuprofile-$cp_mb.cpuprofile
	[ -s "$cp_in" ] || "$MKCPUPROFILE" "$cp_mb" "$cp_in"
	cp_fmb=$(awk -v b="$(wc -c < "$cp_in")" 'BEGIN { printf "%.1f", b / 1048576 }')
	echo
	echo "Chrome .cpuprofile, $cp_fmb MB ($cp_in):"
	cp_wc=$("$RUNSTAT" "$runs" /dev/null wc -l "$cp_in")
	row "wc -l" "$cp_fmb" "$cp_wc" "${cp_wc%% *}"
	cp_t=$(paired "$cp_in" "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse "$cp_in")
	row "tflame --collapse (chrome)" "$cp_fmb" "$cp_t"
	awk -v mb="$cp_fmb" -v cpu="$(echo "$cp_t" | cut -d' ' -f2)" \
	    -v rss="$(echo "$cp_t" | cut -d' ' -f3)" -v b="$(wc -c < "$cp_in")" \
	    'BEGIN { printf "  (tflame: %.1f MB/s of processor time; peak RSS %.1f MB: %.2fx the file)\n",
		(cpu > 0 ? mb / cpu : 0), rss / 1024, rss * 1024 / b }'
	row "tflame --heatmap (chrome)" "$cp_fmb" "$(paired "$cp_in" \
	    "$RUNSTAT" 1 /dev/null "$TFLAME" --heatmap "$cp_in")"
	if command -v node > /dev/null 2>&1; then
		row "node JSON.parse" "$cp_fmb" "$("$RUNSTAT" 1 /dev/null node \
		    --max-old-space-size=8192 -e \
		    'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' \
		    "$cp_in")" "${cp_wc%% *}"
	else
		echo "  (node JSON.parse: node is not installed)"
	fi
}
cpuprofile_bench
