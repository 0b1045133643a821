# Sourced by bench.sh (issue #47): a scheduler recording of
# BENCH_OFFCPU_MB (default 200) made from tests/data/offcpu/sched.perf.gz
# (perf script of sched_switch, sched_wakeup and cpu-clock events),
# repeated with its times shifted so that they keep going forward; read
# by tflame --collapse (every event a sample of weight 1 or its period)
# and by tflame --off-cpu --collapse (the intervals), beside `wc -l`.
# The figure: --off-cpu's time against the plain load's (target: 1.5x at
# most).
offcpu_bench() {
	oc_mb=${BENCH_OFFCPU_MB:-200}
	oc_src=$(dirname "$0")/../data/offcpu/sched.perf.gz
	oc_in=$dir/offcpu-$oc_mb.perf
	if [ ! -s "$oc_in" ]; then
		# Each copy starts 10 s after the one before; one more copy
		# than needed and cut at a sample boundary.
		gzip -dc "$oc_src" | awk -v want="$((oc_mb * 1048576))" '
		{ line[n++] = $0; bytes += length($0) + 1 }
		END {
			copies = int(want / bytes) + 1
			for (k = 0; k < copies; k++)
				for (i = 0; i < n; i++) {
					s = line[i]
					if (s != "" && s !~ /^[ \t]/ &&
					    match(s, / [0-9]+\.[0-9]+: /)) {
						t = substr(s, RSTART + 1, RLENGTH - 3)
						s = substr(s, 1, RSTART) \
						    sprintf("%.6f", t + 10 * k) \
						    substr(s, RSTART + RLENGTH - 2)
					}
					print s
				}
		}' > "$oc_in.tmp"
		mv "$oc_in.tmp" "$oc_in"
	fi
	oc_fmb=$(awk -v b="$(wc -c < "$oc_in")" 'BEGIN { printf "%.1f", b / 1048576 }')
	echo
	echo "scheduler recording (perf script), $oc_fmb MB ($oc_in):"
	oc_wc=$("$RUNSTAT" "$runs" /dev/null wc -l "$oc_in")
	row "wc -l" "$oc_fmb" "$oc_wc" "${oc_wc%% *}"
	# (their notes on standard error, the same each run, left out)
	oc_plain=$(paired "$oc_in" "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse \
	    "$oc_in" 2> /dev/null)
	row "tflame --collapse" "$oc_fmb" "$oc_plain"
	oc_off=$(paired "$oc_in" "$RUNSTAT" 1 /dev/null "$TFLAME" --off-cpu \
	    --collapse "$oc_in" 2> /dev/null)
	row "tflame --off-cpu --collapse" "$oc_fmb" "$oc_off"
	# One thread each: the plain load reads in two parts at once, the
	# intervals cross any cut, so --off-cpu reads in one.
	oc_plain1=$(paired "$oc_in" "$RUNSTAT" 1 /dev/null "$TFLAME" \
	    --threads=1 --collapse "$oc_in" 2> /dev/null)
	row "tflame --threads=1 --collapse" "$oc_fmb" "$oc_plain1"
	oc_off1=$(paired "$oc_in" "$RUNSTAT" 1 /dev/null "$TFLAME" \
	    --threads=1 --off-cpu --collapse "$oc_in" 2> /dev/null)
	row "  ... --off-cpu" "$oc_fmb" "$oc_off1"
	awk -v a="${oc_off%% *}" -v b="${oc_plain%% *}" \
	    -v a1="${oc_off1%% *}" -v b1="${oc_plain1%% *}" 'BEGIN {
		f = "  (--off-cpu: %.2fx the plain load, %.2fx in one thread;"
		printf f " target 1.5x)\n", (b > 0 ? a / b : 0),
		    (b1 > 0 ? a1 / b1 : 0) }'
}
offcpu_bench
