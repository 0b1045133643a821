# Sourced by bench.sh and selfprofile.sh.
# perf_input SIZE: the path of the perf script input of SIZE MB in $dir,
# made by $MKPROFILE from data/'s two recordings ($DATADIR) if missing.
perf_input() {
	_in=$dir/perf-$1.perf
	if [ ! -s "$_in" ]; then
		gzip -dc "$DATADIR/python-json.perf.gz" > "$dir/python-json.perf"
		cp "$DATADIR/perl-regex.perf" "$dir/perl-regex.perf"
		"$MKPROFILE" "$1" "$_in" "$dir/perl-regex.perf" \
		    "$dir/python-json.perf" >&2
	fi
	printf '%s\n' "$_in"
}
