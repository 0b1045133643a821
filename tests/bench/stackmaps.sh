# Sourced by bench.sh (issue #34): bpftrace map text and a pprof profile,
# both made here from the folded output of the first perf input ($1), each
# beside `wc -l` on the same file and the reference tool when there is one:
# stackcollapse-bpftrace.pl (FLAMEGRAPH_DIR) and `go tool pprof -traces`
# (when `go` is installed; Debian golang-go, not a project dependency).
#   BENCH_BPFTRACE_MB  size of the bpftrace map text (default 100)
#   BENCH_PPROF_MB     size of the uncompressed pprof profile (default 50)
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
	row "tflame --collapse (bpftrace)" "$sm_mb" "$(paired "$sm_bt" \
	    "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse "$sm_bt")"
	if [ -n "${FLAMEGRAPH_DIR:-}" ] &&
	    [ -f "$FLAMEGRAPH_DIR/stackcollapse-bpftrace.pl" ]; then
		row "stackcollapse-bpftrace.pl" "$sm_mb" "$("$RUNSTAT" 1 /dev/null \
		    perl "$FLAMEGRAPH_DIR/stackcollapse-bpftrace.pl" "$sm_bt")" \
		    "${sm_wc%% *}"
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
	row "tflame --collapse (pprof)" "$sm_mb" "$(paired "$sm_pp" \
	    "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse "$sm_pp")"
	row "tflame --collapse (pprof.gz)" "$sm_mb" "$(paired "$sm_pp" \
	    "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse "$sm_pp.gz")"
	if command -v go > /dev/null 2>&1; then
		row "go tool pprof -traces" "$sm_mb" "$("$RUNSTAT" 1 /dev/null \
		    go tool pprof -symbolize=none -traces "$sm_pp")" "${sm_wc%% *}"
	else
		echo "  (go tool pprof: not installed; apt-get install golang-go)"
	fi
}
stackmaps_bench "$dir/out-${sizes%% *}.folded"
