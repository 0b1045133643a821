# Sourced by bench.sh: bpftrace map text and a pprof profile,
# both made here from the folded output of the first perf input ($1), each
# beside `wc -l` on the same file and the reference tool when there is one:
# stackcollapse-bpftrace.pl (FLAMEGRAPH_DIR) and `go tool pprof -traces`
# (when `go` is installed; Debian golang-go, not a project dependency).
#   BENCH_BPFTRACE_MB  size of the bpftrace map text (default 100)
#   BENCH_PPROF_MB     size of the uncompressed pprof profile (default 50)
# stackmaps_ratio NAME TFLAME_RESULT REF_RESULT: how many times faster
# tflame is than the reference (wall and CPU), from two runstat results.
stackmaps_ratio() {
	echo "$2 $3" | awk -v ref="$1" '{
		w = $1 > 0 ? $6 / $1 : 0
		c = $2 > 0 ? $7 / $2 : 0
		printf "  (tflame is %.1fx faster than %s in wall time, %.1fx in CPU time)\n",
		    w, ref, c }'
}

stackmaps_bench() {
	sm_src=$1
	sm_bmb=${BENCH_BPFTRACE_MB:-100}
	sm_pmb=${BENCH_PPROF_MB:-50}
	# @[ustack, comm]: frames leaf first with decimal offsets, the root
	# frame of the folded line as the comm; the folded lines again and
	# again (each pass renames the leaf) until the size is reached.
	sm_bt=$dir/bpftrace-$sm_bmb.txt
	if [ ! -s "$sm_bt" ]; then
		echo "Attaching 2 probes..." > "$sm_bt"
		(while cat "$sm_src"; do :; done) | awk -v want=$((sm_bmb * 1048576)) '
		FNR == 1 { pass++ }
		{
			c = $NF
			sub(/ [0-9]+$/, "")
			n = split($0, f, ";")
			s = "@[\n"
			for (i = n; i >= 2; i--)
				s = s "    " f[i] (i == n ? "_" int(NR / 100000) : "") "+" (length(f[i]) * 37 % 1000) "\n"
			s = s ", " f[1] "]: " c "\n"
			printf "%s", s
			bytes += length(s)
			if (bytes >= want)
				exit
		}' >> "$sm_bt" || true
	fi
	sm_mb=$(awk -v b="$(wc -c < "$sm_bt")" 'BEGIN { printf "%.1f", b / 1048576 }')
	echo
	echo "bpftrace map text, $sm_mb MB ($sm_bt):"
	sm_wc=$("$RUNSTAT" "$runs" /dev/null wc -l "$sm_bt")
	row "wc -l" "$sm_mb" "$sm_wc" "${sm_wc%% *}"
	sm_t=$(paired "$sm_bt" "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse "$sm_bt")
	row "tflame --collapse (bpftrace)" "$sm_mb" "$sm_t"
	sm_t1=$(paired "$sm_bt" "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse \
	    --threads=1 "$sm_bt")
	row "tflame --threads=1 (bpftrace)" "$sm_mb" "$sm_t1"
	# The reference, as for the other Perl tools: FLAMEGRAPH_DIR names a
	# FlameGraph checkout; without one it is said and skipped.
	if [ -n "${FLAMEGRAPH_DIR:-}" ] &&
	    [ -f "$FLAMEGRAPH_DIR/stackcollapse-bpftrace.pl" ]; then
		sm_r=$("$RUNSTAT" 1 /dev/null \
		    perl "$FLAMEGRAPH_DIR/stackcollapse-bpftrace.pl" "$sm_bt")
		row "stackcollapse-bpftrace.pl" "$sm_mb" "$sm_r" "${sm_wc%% *}"
		stackmaps_ratio "stackcollapse-bpftrace.pl" "$sm_t" "$sm_r"
	else
		echo "  (stackcollapse-bpftrace.pl: set FLAMEGRAPH_DIR to a FlameGraph checkout)"
	fi

	sm_pp=$dir/pprof-$sm_pmb.pb
	[ -s "$sm_pp" ] || "$MKPPROF" "$sm_pmb" "$sm_pp" "$sm_src"
	[ -s "$sm_pp.gz" ] && [ "$sm_pp.gz" -nt "$sm_pp" ] ||
		gzip -1 -c "$sm_pp" > "$sm_pp.gz"
	sm_mb=$(awk -v b="$(wc -c < "$sm_pp")" 'BEGIN { printf "%.1f", b / 1048576 }')
	echo
	echo "pprof profile, $sm_mb MB uncompressed ($sm_pp), $(wc -c < "$sm_pp.gz") bytes gzip'd:"
	sm_wc=$("$RUNSTAT" "$runs" /dev/null wc -l "$sm_pp")
	row "wc -l" "$sm_mb" "$sm_wc" "${sm_wc%% *}"
	sm_t=$(paired "$sm_pp" "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse "$sm_pp")
	row "tflame --collapse (pprof)" "$sm_mb" "$sm_t"
	row "tflame --collapse (pprof.gz)" "$sm_mb" "$(paired "$sm_pp" \
	    "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse "$sm_pp.gz")"
	# Peak memory against the file (the target: under 3x).
	awk -v rss="$(echo "$sm_t" | cut -d' ' -f3)" -v b="$(wc -c < "$sm_pp")" \
	    'BEGIN { printf "  (tflame peak RSS %.1f MB: %.2fx the file)\n",
		rss / 1024, rss * 1024 / b }'
	if command -v go > /dev/null 2>&1; then
		sm_r=$("$RUNSTAT" 1 /dev/null \
		    go tool pprof -symbolize=none -traces "$sm_pp")
		row "go tool pprof -traces" "$sm_mb" "$sm_r" "${sm_wc%% *}"
		stackmaps_ratio "go tool pprof -traces" "$sm_t" "$sm_r"
	else
		echo "  (go tool pprof: not installed; apt-get install golang-go)"
	fi
}
stackmaps_bench "$dir/out-${sizes%% *}.folded"
