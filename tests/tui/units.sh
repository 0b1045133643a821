#!/bin/sh
# Every number in its unit, every screen readable: perf
# input whose weights are cpu-clock periods shows them as a
# duration beside the sample records on every screen: the function table,
# the sandwich's status line, a "+" bar's status and its list, the
# differential status, the line that says what was read, and the live
# line's count with its thousands separator; an inlined frame says so.
. "$(dirname "$0")/lib.sh" || exit 99

top=$(cd "$TESTS_DATADIR/.." && cd .. && pwd)
python=$top/data/python-json.perf.gz     # 1,228 samples, 2,460,921,824 ns
O0=$TESTS_DATADIR/diff/work-O0.perf.gz   # 1,747,494,976 ns
O2=$TESTS_DATADIR/diff/work-O2.perf.gz   # 1,933,867,720 ns

# Raw nanoseconds anywhere on the screen: 7 digits or more in a row.
noraw() { ! grep -qE '[0-9]{7,}' "$tmpd/screen"; }

# --- the function table and the sandwich at 80x24 -------------------------
start 80 24
run "$TFLAME $python"
viewer_up
keys t
check "table: the total in its unit" \
    matches 0 '^Functions: 524 of 524, by self; total 2\.46 s cpu-clock, 1,228 samples'
check "table: the columns, samples beside the weight" \
    matches 1 '^ *Self   Self%  *Samples  *Total  Total%  *Samples Function'
check "table: quorem in ms and samples" \
    matches 2 '^ *170 ms   6\.92%  *85  *208 ms   8\.47%  *104 quorem$'
check "table: no raw nanoseconds" noraw
keys Enter
check "sandwich: self and total in the unit, whole at 80 columns" \
    matches 23 '^\[sandwich\] quorem  self 170 ms (6\.92%)  total 208 ms (8\.47%)  callers: quorem *$'
check "sandwich: no raw nanoseconds" noraw
keys Escape Escape
keys q
finished

# --- 160x45: the same, wider --------------------------------------------
start 160 45
run "$TFLAME $python"
viewer_up
keys t
check "160x45 table: quorem in ms and samples" \
    matches 2 '^ *170 ms   6\.92%  *85  *208 ms   8\.47%  *104 quorem$'
check "160x45 table: no raw nanoseconds" noraw
keys Enter
check "160x45 sandwich: the unit" \
    matches 44 '^\[sandwich\] quorem  self 170 ms (6\.92%)  total 208 ms (8\.47%)  callers: quorem *$'
keys Up
check "160x45 sandwich: the selected caller in the unit" \
    matches 44 'callers: _Py_dg_dtoa 208 ms (8\.47%) *$'
check "160x45 sandwich: no raw nanoseconds" noraw
keys Escape Escape
keys q
finished

# --- a "+" bar of cpu-clock frames ------------------------------------------
# main: a_big (1,000 samples of 1 ms) and handler_001..handler_500, one
# 1 ms sample each (handler_300: two), too narrow at 80 columns: one "+".
awk 'BEGIN {
	for (i = 0; i < 1000; i++)
		printf "app 1 1.0: 1000000 cpu-clock:\n\t1 a_big+0x1 (/usr/bin/app)\n\t2 main+0x2 (/usr/bin/app)\n\n"
	for (i = 1; i <= 500; i++)
		for (k = 0; k < (i == 300 ? 2 : 1); k++)
			printf "app 1 1.0: 1000000 cpu-clock:\n\t3 handler_%03d+0x3 (/usr/bin/app)\n\t2 main+0x2 (/usr/bin/app)\n\n", i
}' > "$tmpd/many.perf"
start 80 24
run "$TFLAME $tmpd/many.perf"
viewer_up
keys k k k l
check "+ bar: its frames' weight in the unit and their samples" \
    matches 22 '^+ 500 frames  501 ms cpu-clock, 501 samples  33\.38% of all *$'
keys Enter
check "+ list: the weight's column named by its unit, samples beside" \
    matches 1 '^ *cpu-clock  *Samples  *Share  Frame'
check "+ list: the heaviest in ms" \
    matches 2 '^ *2\.00 ms  *2  *0\.13%  handler_300 *$'
check "+ list: no raw nanoseconds" noraw
keys Escape
keys q
finished

# --- the live line: its count with the thousands separator -----------------
# A fake perf: record writes many.perf's 1,501 samples and waits to be
# stopped; script is cat.
mkdir -p "$tmpd/rbin"
cat > "$tmpd/rbin/perf" <<EOT
#!/bin/sh
case "\$1" in
script)	exec cat ;;
esac
cin= cout=
for a; do
	case "\$a" in
	--control=fd:*) c=\${a#--control=fd:}; cin=\${c%,*}; cout=\${c#*,} ;;
	esac
done
[ -n "\$cin" ] && eval "read x <&\$cin; echo ack >&\$cout"
trap 'exit 0' INT TERM
cat "$tmpd/many.perf"
while :; do sleep 0.1; done
EOT
chmod +x "$tmpd/rbin/perf"
start 120 24
run "PATH=$tmpd/rbin:\$PATH $TFLAME --record -a"
check "live: 1,501 samples recorded, with the separator" \
    wait_until matches 23 '^\[flame\]  recording perf record -a: [0-9]*s, 1,501 samples recorded'
keys q
finished

# --- the differential status ------------------------------------------------
start 120 24
run "$TFLAME --diff $O0 $O2"
viewer_up
check "diff: before and after in the unit" \
    matches 22 '^all  before 1\.75 s (100\.00%)  after 1\.93 s (100\.00%)  change +186 ms'
check "diff: no raw nanoseconds" noraw
keys t
check "diff table: in the unit" \
    matches 2 '^ *625 ms  *912 ms  *+287 ms +14\.82%  47\.46% __memcmp_evex_movbe$'
check "diff table: no raw nanoseconds" noraw
keys Escape
keys q
finished

# --- the line that says what was read ---------------------------------------
start 120 24
run "(zcat $python; sleep 1) | $TFLAME"
viewer_up
check "read line: the weight in its unit and the samples" \
    wait_until matches 23 'read stdin: 2\.8 MB, 2\.46 s cpu-clock, 1,228 samples, 466 stacks'
keys q
finished

# --- an inlined frame -------------------------------------------------------
printf 'app 1 1.0: 1000000 cpu-clock:\n\t1 leaf+0x1 (inlined)\n\t2 main+0x2 (/usr/bin/app)\n\n' > "$tmpd/inl.perf"
start 80 24
run "$TFLAME $tmpd/inl.perf"
viewer_up
keys k k k
check "inlined: no 'in inlined'" not has "in inlined"
check "inlined: inlined in its caller's module" \
    matches 23 '^inlined in app '
keys q
finished

finish
