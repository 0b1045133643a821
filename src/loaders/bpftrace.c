/*
 * bpftrace map output -> stacks (docs: formats-bpftrace-pprof.md part 1).
 *
 * What `bpftrace -e 'profile:hz:99 { @[kstack, ustack, comm] = count(); }'`
 * prints at exit: every map, entries sorted by value, each entry
 *
 *	@NAME[KEY]: VALUE
 *
 * where KEY is the key fields joined by ", ", and a stack field is a line
 * break followed by its frames, leaf first, one per line (indented by 4 or
 * 8 spaces, or "<TAB>ADDR SYM (MODULE)" in perf mode, or bare hex in raw
 * mode); whatever follows a stack starts in column 0:
 *
 *	@[
 *	    do_syscall_64+113
 *	    entry_SYSCALL_64_after_hwframe+118
 *	, 
 *	    0x7f5cbba77350
 *	, head]: 1
 *
 * `-f json` prints one JSON object a line; a map is
 * {"type": "map", "data": {"@": {KEY: VALUE, ...}}} with the same stack
 * text in the keys, fields joined by "," instead.
 *
 * Reading is a two-state machine over the lines (OUT, inside a STACK).  An
 * entry's key text is kept with a NUL byte standing for each stack, then
 * split into fields on ", " (on "," for JSON): a NUL alone is a stack
 * field, other text a text field.  Entries with an integer value are kept
 * (their frame lines in one arena, no allocation per line once it has
 * grown), of every map, since which map is folded and which stack of a key
 * is the kernel's are known only at the end: the default map is the first
 * map with a stack, and each key position is voted kernel or user over the
 * whole map (addresses at or above 0xff00000000000000, kernel entry
 * symbols at the root).  So the lines are read as a stream, but the stacks
 * reach the sink once the input has ended.
 *
 * Folding an entry: its non-empty text fields in key order are the root
 * frames, then the stacks, user before unknown before kernel (and, within
 * one kind, the last in the key first), each root-most frame first.
 * Frames lose "+OFFSET" (decimal) unless --includeoffset; unresolved
 * addresses become [unknown] ([unknown <hex>] with --addrs), or in perf
 * mode [basename(MODULE)]; --kernel adds _[k] to kernel stacks' frames; ";"
 * becomes ":".  An entry that gives no frame is "[empty]".  Values 0 are
 * skipped, negative values and values that are not integers (histograms,
 * stats, above 2^64-1) are skipped and counted.
 *
 * Limits: the text fields of a key are split at every ", ", so a comm that
 * holds ", " gives two root frames (bpftrace's text cannot tell them
 * apart).  A JSON object with a repeated member name gives one entry per
 * member (Python's json keeps the last).  Memory grows with the entries
 * kept, about the size of the input.
 *
 * This file is the text reader, load_bpftrace() and the sniffer; the JSON
 * reader, the map store and the folding are beside it
 * (loaders/bpftrace_ctx.h says which file holds what).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "loaders/bpftrace_ctx.h"
#include "loaders/loader.h"
#include "loaders/sniff.h"
#include "util/ascii.h"
#include "util/xalloc.h"

#define SNIFF_LINES 20

/*
 * segment(): the key text s[0..n) after "[" or after a stack.  Returns 1
 * when a stack follows (the state becomes STACK), 0 when the entry ended.
 */
static int
segment(struct bt_ctx *x, const char *s, size_t n)
{
	size_t e = n, i;
	uint64_t v;
	int neg, r;

	/* "]: " then -?[0-9]+ to the end */
	while (e > 0 && is_digit((unsigned char)s[e - 1]))
		e--;
	if (e < n) {
		size_t ds = e;

		if (ds > 0 && s[ds - 1] == '-')
			ds--;
		for (i = 0; i < 2; i++) {
			/* try with and without the "-" */
			size_t st = i == 0 ? ds : e;

			if (st >= 3 && memcmp(s + st - 3, "]: ", 3) == 0) {
				bt_key_add(x, s, st - 3);
				r = bt_parse_value(s + st, n - st, &v, &neg);
				if (r == 1)
					bt_entry_finish(x, v, neg, ", ", 2);
				else
					bt_entry_nonint(x);
				return 0;
			}
			if (ds == e)
				break;
		}
	}
	/* "]: " anywhere, or "]:" at the end: no integer value */
	for (i = 0; i + 2 <= n; i++)
		if (s[i] == ']' && s[i + 1] == ':' &&
		    (i + 2 == n || s[i + 2] == ' ')) {
			bt_entry_nonint(x);
			return 0;
		}
	bt_key_add(x, s, n);
	if (n > 0 && s[n - 1] == ',')
		bt_key_add(x, " ", 1);
	bt_key_add(x, "\0", 1);
	bt_stack_begin(x);
	return 1;
}

/* Read bpftrace's text output. */
static void
bt_read_text(struct bt_ctx *x, struct reader *r, const char *first,
    size_t firstlen, struct load_result *res)
{
	const char *line;
	size_t len;
	long nl;
	int st, in_stack = 0, have = first != NULL;
	uint64_t lineno = 0;

	for (;;) {
		if (have) {
			line = first;
			len = firstlen;
			have = 0;
		} else {
			st = loader_line(r, x->d, res, &line, &len);
			if (st == 0)
				break;
			if (st != READER_LINE)
				continue;
		}
		lineno = reader_lineno(r);
		if (in_stack) {
			if (len > 0 && (line[0] == ',' || line[0] == ']')) {
				if (line[0] == ',' && (len < 2 || line[1] != ' ')) {
					bt_key_add(x, ", ", 2);
					in_stack = segment(x, line + 1, len - 1);
				} else
					in_stack = segment(x, line, len);
				continue;
			}
			if (bt_entry_start(line, len, '[') >= 0 ||
			    bt_py_blank(line, len)) {
				diag_bad_line(x->d, lineno, "map entry cut short; "
				    "dropped", x->maps[x->cur_map].name,
				    strlen(x->maps[x->cur_map].name));
				bt_entry_drop(x);
				in_stack = 0;
			} else {
				bt_stack_line(x, line, len);
				continue;
			}
		}
		if ((nl = bt_entry_start(line, len, '[')) >= 0) {
			bt_entry_begin(x, bt_map_id_at(x, line + 1, (size_t)nl));
			in_stack = segment(x, line + nl + 2,
			    len - (size_t)nl - 2);
		} else if ((nl = bt_entry_start(line, len, ':')) >= 0)
			(void)bt_map_id_at(x, line + 1, (size_t)nl);
	}
	if (in_stack) {
		diag_note(x->d, "input ended inside a map entry of %s; dropped",
		    x->maps[x->cur_map].name);
		bt_entry_drop(x);
	}
}

/* Load bpftrace output (text or JSON) from r: fold one map into sink. */
int
load_bpftrace(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err)
{
	struct bt_ctx x;
	const char *line;
	size_t len, i, n;
	const char *t;
	int st, rc = 0;
	long m;

	memset(&x, 0, sizeof x);
	x.opts = opts;
	x.d = d;
	x.first = UINT32_MAX;
	/* The first non-blank line says text or JSON. */
	while ((st = loader_line(r, d, res, &line, &len)) != 0) {
		if (st != READER_LINE || bt_py_blank(line, len))
			continue;
		n = len;
		t = trim(line, &n);
		if (t[0] == '{')
			bt_read_json(&x, r, line, len, res);
		else
			bt_read_text(&x, r, line, len, res);
		break;
	}
	if (reader_status_failed(r) && x.nents == 0) {
		rc = 0; /* loader_run reports the read error */
		goto out;
	}
	if ((m = bt_choose_map(&x, err)) < 0) {
		rc = -1;
		goto out;
	}
	bt_fold_map(&x, (uint32_t)m, sink, res);
out:
	for (i = 0; i < x.nmaps; i++)
		free(x.maps[i].name);
	free(x.maps);
	free(x.arena);
	free(x.lines);
	free(x.ul);
	free(x.slots);
	free(x.names);
	free(x.fields);
	free(x.ents);
	free(x.key);
	free(x.stk);
	free(x.js);
	free(x.tmp);
	free(x.mem);
	free(x.mslot);
	free(x.mkeys);
	free(x.runs);
	free(x.rslots);
	return rc;
}

/* Is s[0..n) "Attaching N probe" / "Attached N probe"? */
static int
banner(const char *s, size_t n)
{
	size_t i;

	if (n >= 10 && memcmp(s, "Attaching ", 10) == 0)
		i = 10;
	else if (n >= 9 && memcmp(s, "Attached ", 9) == 0)
		i = 9;
	else
		return 0;
	if (i >= n || !is_digit((unsigned char)s[i]))
		return 0;
	while (i < n && is_digit((unsigned char)s[i]))
		i++;
	return n - i >= 6 && memcmp(s + i, " probe", 6) == 0;
}

/*
 * Answer whether buf is bpftrace output (see loaders/sniff.h), in one
 * pass: 2 for a sure sign (the banner or a JSON object with a "type"
 * first), 1 for an "@NAME[" line among the first lines.
 */
int
bpftrace_sniff(const char *buf, size_t len, int complete)
{
	const char *p = buf, *end = buf + len, *nl, *t;
	size_t n;
	int lines = 0, first = 1;

	while (p < end && lines < SNIFF_LINES) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL && !complete)
			break;
		n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (!is_blank(p, n)) {
			lines++;
			t = p;
			if (first) {
				first = 0;
				if (banner(t, n) ||
				    (n >= 10 && memcmp(t, "{\"type\": \"", 10) == 0))
					return 2;
			}
			if (bt_entry_start(t, n, '[') >= 0)
				return 1;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return -1;
}

/* bpftrace's row of the format table: its banner or JSON, else "@NAME[". */
static int
bpftrace_score(const char *buf, size_t len, int complete)
{
	switch (bpftrace_sniff(buf, len, complete)) {
	case 2:
		return 90;
	case 1:
		return 50;
	default:
		return 0;
	}
}

const struct format format_bpftrace = {
	.id = FORMAT_BPFTRACE,
	.name = "bpftrace",
	.help = "bpftrace maps of stacks (text, or JSON from -f json)",
	.sniff = bpftrace_score,
	.load = load_bpftrace,
};
