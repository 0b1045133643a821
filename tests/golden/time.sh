#!/bin/sh
# Time: --heatmap against a reference computed here from the samples'
# timestamps by FlameScope's rules, and --time ranges against collapsing
# only the samples inside them (the text cut by the same timestamps).
#
# The reference reads the text as FlameScope does: a sample's time is the
# first " SECONDS.FRACTION: " of its header line; a sample is idle when its
# header and frames match swapper.*(cpuidle|cpu_idle|...); second 0 is the
# whole second of the earliest sample (idle included); a cell's row is
# floor(ROWS * fraction).  All in integers of the text's digits.
. "$(dirname "$0")/lib.sh" || exit 99

DATA=$TESTS_DATADIR/../../data
tdir=$TESTS_DATADIR/time

# samples FILE: one line per sample, "SECONDS NANOSECONDS IDLE" (0 or 1).
samples() {
	gzip -dcf "$1" | awk '
	function flush() {
		if (have) {
			idle = (text ~ /swapper.*(cpuidle|cpu_idle|cpu_bringup_and_idle|native_safe_halt|xen_hypercall_sched_op|xen_hypercall_vcpu_op)/)
			print sec, ns, idle
		}
		have = 0; text = ""
	}
	/^#/ { next }
	/^$/ { flush(); next }
	/^[ \t]/ { if (have) text = text " " $0; next }
	{
		flush()
		if (match($0, / +[0-9]+\.[0-9]+: /)) {
			t = substr($0, RSTART, RLENGTH)
			gsub(/[ :]/, "", t)
			split(t, p, ".")
			f = substr(p[2] "000000000", 1, 9)
			sec = p[1]; ns = f + 0; have = 1; text = $0
		}
	}
	END { flush() }'
}

# heatmap_ref FILE ROWS [idle]: what --heatmap must print.
heatmap_ref() {
	samples "$1" | awk -v rows="$2" -v idle="${3:-}" '
	{ s[NR] = $1; n[NR] = $2; i[NR] = $3
	  if (NR == 1 || $1 < min) min = $1 }
	END {
		for (k = 1; k <= NR; k++) {
			if (i[k] && idle == "") continue
			row = int(n[k] * rows / 1000000000)
			c[(s[k] - min) "\t" int(row * 1000 / rows)]++
		}
		print "# second offset_ms samples"
		for (key in c) print key "\t" c[key]
	}' | { IFS= read -r h; echo "$h"; sort -t "$(printf '\t')" -k1,1n -k2,2n; }
}

# hm NAME ROWS FILE [--idle]: --heatmap against the reference.
hm() {
	name=$1 rows=$2 file=$3
	shift 3
	if ! "$TFLAME" --heatmap --rows="$rows" "$@" "$file" > "$tmpd/out" \
	    2> "$tmpd/err"; then
		bad "$name" "exit status: $(head -2 "$tmpd/err")"
		return
	fi
	heatmap_ref "$file" "$rows" "${1:-}" > "$tmpd/want"
	same "$name" "$tmpd/out" "$tmpd/want"
}

hm "flamescope test01" 50 "$tdir/perf.test01"
hm "flamescope test01, idle too" 50 "$tdir/perf.test01" --idle
hm "flamescope test01, 49 rows" 49 "$tdir/perf.test01"
hm "python, 50 rows" 50 "$DATA/python-json.perf.gz"
hm "python, 7 rows" 7 "$DATA/python-json.perf.gz"
hm "perl, 100 rows" 100 "$DATA/perl-regex.perf"

# The frames of test01 name their cells: STACK-N_at_time_Xs_and_offset_Yms.
gzip -dcf "$tdir/perf.test01" | awk '
	/^[^#\t ]/ { want = 1; next }
	want && /STACK-[0-9]+_at_time_/ {
		match($0, /_at_time_[0-9]+s_and_offset_[0-9]+ms/)
		t = substr($0, RSTART + 9, RLENGTH - 9)
		sub(/s_and_offset_/, "\t", t); sub(/ms$/, "", t)
		print t; want = 0 }' |
    sort | uniq -c | awk '{ print $2 "\t" $3 "\t" $1 }' |
    sort -t "$(printf '\t')" -k1,1n -k2,2n > "$tmpd/names"
"$TFLAME" --heatmap "$tdir/perf.test01" | tail -n +2 > "$tmpd/cells"
same "test01: each sample in the cell its frame names" "$tmpd/cells" \
    "$tmpd/names"

# cut FILE T0 T1: the samples with T0 <= time < T1 (seconds after the
# first whole second, as decimal text), as perf script text.
cut_text() {
	gzip -dcf "$1" | awk -v a="$2" -v b="$3" '
	function ns(sec, frac) { return sec * 1000000000 + substr(frac "000000000", 1, 9) }
	/^#/ { next }
	/^[^ \t]/ && match($0, / +[0-9]+\.[0-9]+: /) {
		t = substr($0, RSTART, RLENGTH); gsub(/[ :]/, "", t)
		split(t, p, ".")
		cur = ns(p[1], p[2])
	}
	{ lines[NR] = $0; at[NR] = cur }
	END {
		# second 0: the whole second of the earliest sample
		min = -1
		for (k = 1; k <= NR; k++)
			if (lines[k] ~ /^[^ \t]/ && at[k] != "" && (min < 0 || at[k] < min)) min = at[k]
		zero = int(min / 1000000000) * 1000000000
		split(a, x, "."); lo = zero + ns(x[1], x[2])
		split(b, y, "."); hi = zero + ns(y[1], y[2])
		for (k = 1; k <= NR; k++)
			if (at[k] != "" && at[k] >= lo && at[k] < hi) print lines[k]
			else if (lines[k] == "") print ""
	}' | cat -s
}

# tr NAME FILE T0 T1: --time=T0-T1 --collapse against the cut text.
tr_() {
	name=$1 file=$2 a=$3 b=$4
	cut_text "$file" "$a" "$b" | "$TFLAME" --collapse > "$tmpd/want"
	if ! "$TFLAME" --collapse --time="$a-$b" "$file" > "$tmpd/out" \
	    2> "$tmpd/err"; then
		bad "$name" "exit status: $(head -2 "$tmpd/err")"
		return
	fi
	same "$name" "$tmpd/out" "$tmpd/want"
}

tr_ "python 0.5-1.25 s" "$DATA/python-json.perf.gz" 0.5 1.25
tr_ "python 1-2 s" "$DATA/python-json.perf.gz" 1 2
tr_ "perl 0.2-0.4 s" "$DATA/perl-regex.perf" 0.2 0.4
tr_ "test01 10-30 s" "$tdir/perf.test01" 10 30

# difffolded FOLDED_A FOLDED_B: difffolded.pl's lines of the two (every
# stack of either, "STACK COUNT_A COUNT_B", 0 where one has none), sorted.
difffolded() {
	awk '{ f = FILENAME == ARGV[1] ? 1 : 2 }
	{ n = $NF; sub(/ [^ ]*$/, ""); c[f, $0] = n; s[$0] = 1 }
	END { for (k in s) print k, (c[1, k] + 0), (c[2, k] + 0) }' "$1" "$2" |
	    LC_ALL=C sort
}

# td NAME FILE A0 A1 B0 B1: --diff --time=A0-A1 --time=B0-B1 --collapse
# against difffolded of the two cut texts' folded stacks.
td() {
	name=$1 file=$2
	cut_text "$file" "$3" "$4" | "$TFLAME" --collapse > "$tmpd/a"
	cut_text "$file" "$5" "$6" | "$TFLAME" --collapse > "$tmpd/b"
	difffolded "$tmpd/a" "$tmpd/b" > "$tmpd/want"
	if ! "$TFLAME" --collapse --diff --time="$3-$4" --time="$5-$6" \
	    "$file" > "$tmpd/out.raw" 2> "$tmpd/err"; then
		bad "$name" "exit status: $(head -2 "$tmpd/err")"
		return
	fi
	LC_ALL=C sort "$tmpd/out.raw" > "$tmpd/out"
	same "$name" "$tmpd/out" "$tmpd/want"
}

td "python 0.5-1 s against 1-2 s" "$DATA/python-json.perf.gz" 0.5 1 1 2
td "perl 0.2-0.3 s against 0.3-0.4 s" "$DATA/perl-regex.perf" 0.2 0.3 0.3 0.4
td "test01 0-20 s against 20-45 s" "$tdir/perf.test01" 0 20 20 45

finish
