/*
 * Folding a bpftrace map (the rules are at the top of bpftrace.c): the
 * map chosen (--map, else the first with a stack), each key position
 * voted kernel or user over the whole map, frame lines cleaned once into
 * names, and each entry given to the sink: text fields, then the stacks.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "loaders/bpftrace_ctx.h"
#include "util/ascii.h"
#include "util/xalloc.h"

#define KERNEL_MIN 0xff00000000000000ull

static const char *const kernel_roots[] = {
	"entry_SYSCALL_64_after_hwframe", "entry_SYSCALL_64",
	"entry_SYSCALL_compat", "entry_SYSENTER_compat_after_hwframe",
	"entry_INT80_compat", "ret_from_fork", "ret_from_fork_asm",
	"secondary_startup_64", "secondary_startup_64_no_verify",
	"common_startup_64", "start_kernel", "x86_64_start_kernel",
	"x86_64_start_reservations", "el0t_64_sync", "el0t_64_irq",
	"el0t_32_sync", "el0t_32_irq", "el1h_64_sync", "el1h_64_irq",
	"__primary_switched",
};

/* s[0..n) is "0x" + hex digits. */
static int
hexsym(const char *s, size_t n)
{
	size_t i;

	if (n < 3 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (i = 2; i < n; i++)
		if (!is_xdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* s[0..n) is hex digits only (raw mode). */
static int
allhex(const char *s, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (!is_xdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* Perf mode "\tHEX REST": 1 with the address and the rest. */
static int
perf_line(const char *s, size_t n, size_t *alen, const char **rest,
    size_t *rlen)
{
	size_t i = 1;

	if (n < 3 || s[0] != '\t')
		return 0;
	while (i < n && is_xdigit((unsigned char)s[i]))
		i++;
	if (i == 1 || i >= n || s[i] != ' ')
		return 0;
	*alen = i - 1;
	*rest = s + i + 1;
	*rlen = n - i - 1;
	return 1;
}

/* Is the hex address a[0..n) at or above KERNEL_MIN? */
static int
hex_kernel(const char *a, size_t n)
{
	uint64_t v = 0;
	size_t i = 0;
	unsigned char c;

	while (i < n && a[i] == '0')
		i++;
	if (n - i > 16)
		return 1;
	for (; i < n; i++) {
		c = (unsigned char)a[i];
		v = v * 16 + (uint64_t)(is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v >= KERNEL_MIN;
}

/* The address a frame line shows: 1 (kernel), 0 (user), -1 (none). */
static int
line_vote(const char *s, size_t n)
{
	const char *rest;
	size_t alen, rlen, b, e;

	if (perf_line(s, n, &alen, &rest, &rlen))
		return hex_kernel(s + 1, alen);
	if (allhex(s, n))
		return hex_kernel(s, n);
	b = 0;
	e = n;
	while (b < e && bt_py_space((unsigned char)s[b]))
		b++;
	while (e > b && bt_py_space((unsigned char)s[e - 1]))
		e--;
	if (hexsym(s + b, e - b))
		return hex_kernel(s + b + 2, e - b - 2);
	return -1;
}

/*
 * Split "sym+1 (mod)": the length of sym, and *mod and *mlen the module, when
 * rest ends in a balanced group after a space; else rlen and *mod NULL.
 */
static size_t
split_module(const char *r, size_t n, const char **mod, size_t *mlen)
{
	size_t i;
	long depth = 0;

	*mod = NULL;
	if (n == 0 || r[n - 1] != ')')
		return n;
	for (i = n; i > 0; i--) {
		if (r[i - 1] == ')')
			depth++;
		else if (r[i - 1] == '(') {
			depth--;
			if (depth == 0) {
				if (i - 1 > 0 && r[i - 2] == ' ') {
					*mod = r + i;
					*mlen = n - i - 1;
					return i - 2;
				}
				return n;
			}
		}
	}
	return n;
}

/* Length of s[0..n) without a final "+DIGITS". */
static size_t
cut_offset(const char *s, size_t n)
{
	size_t e = n;

	while (e > 0 && is_digit((unsigned char)s[e - 1]))
		e--;
	if (e < n && e > 0 && s[e - 1] == '+')
		return e - 1;
	return n;
}

/* Is the root-most frame line a kernel entry point? */
static int
kernel_root(const char *s, size_t n)
{
	const char *rest, *mod;
	size_t alen, rlen, mlen, b, e, i, l;

	if (perf_line(s, n, &alen, &rest, &rlen)) {
		s = rest;
		n = split_module(rest, rlen, &mod, &mlen);
	} else {
		b = 0;
		e = n;
		while (b < e && (s[b] == ' ' || s[b] == '\t'))
			b++;
		while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
			e--;
		s += b;
		n = e - b;
	}
	n = cut_offset(s, n);
	for (i = 0; i < sizeof kernel_roots / sizeof kernel_roots[0]; i++) {
		l = strlen(kernel_roots[i]);
		if (l == n && memcmp(s, kernel_roots[i], n) == 0)
			return 1;
	}
	return (n >= 8 && memcmp(s, "asm_exc_", 8) == 0) ||
	    (n >= 11 && memcmp(s, "asm_sysvec_", 11) == 0) ||
	    (n >= 20 && memcmp(s, "asm_common_interrupt", 20) == 0);
}

/* Room for n more bytes in the frame buffer; returns where they go. */
static char *
tmp_room(struct bt_ctx *x, size_t used, size_t n)
{
	xgrow((void **)&x->tmp, &x->tmpcap, used + n + 1, 1);
	return x->tmp + used;
}

/* Add s[0..n) to the frame buffer at *used. */
static void
tmp_put(struct bt_ctx *x, size_t *used, const char *s, size_t n)
{
	memcpy(tmp_room(x, *used, n), s, n);
	*used += n;
}

/* Basename as the reference computes it: after trailing "/"s are removed. */
static void
put_basename(struct bt_ctx *x, size_t *used, const char *p, size_t n)
{
	size_t e = n, b;

	while (e > 0 && p[e - 1] == '/')
		e--;
	if (e == 0) {
		if (n > 0)
			tmp_put(x, used, "/", 1);
		return;
	}
	b = e;
	while (b > 0 && p[b - 1] != '/')
		b--;
	tmp_put(x, used, p + b, e - b);
}

/* Clean one frame line into x->tmp; returns its length. */
static size_t
clean_frame(struct bt_ctx *x, const char *s, size_t n)
{
	const struct load_opts *o = x->opts;
	const char *rest, *mod, *sym;
	size_t alen, rlen, mlen, sl, used = 0, b, i;

	if (perf_line(s, n, &alen, &rest, &rlen)) {
		sl = split_module(rest, rlen, &mod, &mlen);
		if (hexsym(rest, sl)) {
			tmp_put(x, &used, "[", 1);
			if (mod != NULL && mlen > 0 &&
			    !(mlen == 9 && memcmp(mod, "[unknown]", 9) == 0))
				put_basename(x, &used, mod, mlen);
			else
				tmp_put(x, &used, "unknown", 7);
			if (o->addrs) {
				tmp_put(x, &used, " <", 2);
				tmp_put(x, &used, s + 1, alen);
				tmp_put(x, &used, ">", 1);
			}
			tmp_put(x, &used, "]", 1);
		} else
			tmp_put(x, &used, rest,
			    o->includeoffset ? sl : cut_offset(rest, sl));
	} else if (allhex(s, n)) {
		if (o->addrs) {
			tmp_put(x, &used, "[unknown <", 10);
			tmp_put(x, &used, s, n);
			tmp_put(x, &used, ">]", 2);
		} else
			tmp_put(x, &used, "[unknown]", 9);
	} else {
		b = 0;
		while (b < n && (s[b] == ' ' || s[b] == '\t'))
			b++;
		sym = s + b;
		sl = n - b;
		if (sl >= 10 && memcmp(sym, "[inlined] ", 10) == 0) {
			sym += 10;
			sl -= 10;
		}
		/* a final "@PATH:DIGITS" after the last "@" */
		for (i = sl; i > 0; i--)
			if (sym[i - 1] == '@')
				break;
		if (i > 0) {
			size_t e = sl;

			while (e > i && is_digit((unsigned char)sym[e - 1]))
				e--;
			if (e < sl && e > i && sym[e - 1] == ':')
				sl = i - 1;
		}
		if (hexsym(sym, sl)) {
			if (o->addrs) {
				tmp_put(x, &used, "[unknown <", 10);
				tmp_put(x, &used, sym + 2, sl - 2);
				tmp_put(x, &used, ">]", 2);
			} else
				tmp_put(x, &used, "[unknown]", 9);
		} else
			tmp_put(x, &used, sym,
			    o->includeoffset ? sl : cut_offset(sym, sl));
	}
	for (i = 0; i < used; i++)
		if (x->tmp[i] == ';')
			x->tmp[i] = ':';
	return used;
}

/* Index of the map to fold, or -1 with *err set. */
long
bt_choose_map(struct bt_ctx *x, char **err)
{
	const char *want = x->opts->bpftrace.map;
	size_t i, len = 0;
	char *list;

	if (want == NULL) {
		for (i = 0; i < x->nmaps; i++)
			if (x->maps[i].stacky)
				return (long)i;
		*err = xasprintf("no stack map in the input");
		return -1;
	}
	for (i = 0; i < x->nmaps; i++) {
		const char *n = x->maps[i].name;

		if (want[0] == '@' ? strcmp(n, want) == 0 :
		    (n[0] != '\0' && strcmp(n + 1, want) == 0)) {
			if (x->maps[i].ints == 0) {
				*err = xasprintf("map %s has no keyed entry "
				    "with an integer value", n);
				return -1;
			}
			return (long)i;
		}
	}
	for (i = 0; i < x->nmaps; i++)
		len += strlen(x->maps[i].name) + 1;
	list = xmalloc(len + 5);
	list[0] = '\0';
	for (i = 0; i < x->nmaps; i++) {
		if (i > 0)
			strcat(list, " ");
		strcat(list, x->maps[i].name);
	}
	*err = xasprintf("no map %s%s in the input (maps: %s)",
	    want[0] == '@' ? "" : "@", want, x->nmaps ? list : "none");
	free(list);
	return -1;
}

/* Vote the kind of each stack position of map m: its kinds, *nvp of them. */
static int *
map_kinds(struct bt_ctx *x, uint32_t m, size_t *nvp)
{
	/* votes[2*i]: kernel, votes[2*i+1]: user, for key position i */
	uint64_t *votes = NULL;
	int *kind = NULL;        /* 0 user, 1 unknown, 2 kernel */
	size_t nvotes = 0, cap = 0, capk = 0, i, j, k;
	const struct bt_entry *e;
	const struct bt_field *f;
	struct bt_uline *ln;

	for (i = 0; i < x->nents; i++) {
		e = &x->ents[i];
		if (e->map != m)
			continue;
		for (j = 0; j < e->nfields; j++) {
			f = &x->fields[e->field0 + j];
			if (!f->stack || f->b == 0)
				continue;
			if (j + 1 > nvotes) {
				xgrow((void **)&votes, &cap, 2 * (j + 1),
				    sizeof *votes);
				memset(votes + 2 * nvotes, 0,
				    2 * (j + 1 - nvotes) * sizeof *votes);
				nvotes = j + 1;
			}
			for (k = 0; k < f->b; k++) {
				ln = &x->ul[x->lines[f->a + k]];
				if (ln->vote == -2)
					ln->vote = line_vote(x->arena + ln->off,
					    ln->len);
				if (ln->vote == 1)
					votes[2 * j]++;
				else if (ln->vote == 0)
					votes[2 * j + 1]++;
			}
			ln = &x->ul[x->lines[f->a + f->b - 1]];
			if (ln->root == -1)
				ln->root = kernel_root(x->arena + ln->off,
				    ln->len);
			if (ln->root)
				votes[2 * j]++;
		}
	}
	xgrow((void **)&kind, &capk, nvotes + 1, sizeof *kind);
	for (j = 0; j < nvotes; j++)
		kind[j] = votes[2 * j] > votes[2 * j + 1] ? 2 :
		    votes[2 * j + 1] > votes[2 * j] ? 0 : 1;
	free(votes);
	*nvp = nvotes;
	return kind;
}

/* Stack positions by kind, then by decreasing position (insertion sort). */
static void
order_stacks(size_t *order, size_t no, const int *kind, size_t nvotes)
{
	size_t k;

	for (k = 1; k < no; k++) {
		size_t t = order[k], p = k;
		int kt = t < nvotes ? kind[t] : 1;

		while (p > 0) {
			size_t q = order[p - 1];
			int kq = q < nvotes ? kind[q] : 1;

			if (kq < kt || (kq == kt && q > t))
				break;
			order[p] = q;
			p--;
		}
		order[p] = t;
	}
}

/*
 * The frames of stack field f, root first, to the sink (kern: a kernel
 * stack under --kernel, "_[k]" added); each distinct line is cleaned once
 * and, with the speed hooks, interned once.
 */
static void
stack_frames(struct bt_ctx *x, const struct bt_field *f, int kern,
    struct stack_sink *sink)
{
	const struct stack_sink_speed *sp = sink->speed;
	struct bt_uline *ln;
	size_t j, len;

	for (j = f->b; j > 0; j--) {
		ln = &x->ul[x->lines[f->a + j - 1]];
		if (!ln->named) {
			len = clean_frame(x, x->arena + ln->off, ln->len);
			xgrow((void **)&x->names, &x->nmcap,
			    x->nmlen + len + 1, 1);
			memcpy(x->names + x->nmlen, x->tmp, len);
			ln->noff = x->nmlen;
			ln->nlen = len;
			ln->named = 1;
			x->nmlen += len;
		}
		if (sp != NULL && !kern) {
			if (!ln->has_sid) {
				ln->sid = sp->intern(sink->ctx,
				    x->names + ln->noff, ln->nlen);
				ln->has_sid = 1;
			}
			sp->frame_id(sink->ctx, ln->sid);
			continue;
		}
		if (kern && sp != NULL && ln->has_ksid) {
			sp->frame_id(sink->ctx, ln->ksid);
			continue;
		}
		if (kern) {
			len = 0;
			tmp_put(x, &len, x->names + ln->noff, ln->nlen);
			tmp_put(x, &len, "_[k]", 4);
			if (sp == NULL) {
				sink->frame(sink->ctx, x->tmp, len);
				continue;
			}
			if (!ln->has_ksid) {
				ln->ksid = sp->intern(sink->ctx, x->tmp, len);
				ln->has_ksid = 1;
			}
			sp->frame_id(sink->ctx, ln->ksid);
		} else
			sink->frame(sink->ctx, x->names + ln->noff, ln->nlen);
	}
}

/* Hand the entries of map m to sink, folded. */
void
bt_fold_map(struct bt_ctx *x, uint32_t m, struct stack_sink *sink,
    struct load_result *res)
{
	int *kind;               /* by key position: 0 user, 1 unknown, 2 kernel */
	size_t nvotes, i, j, k, *order = NULL, capo = 0;
	size_t no, len;
	const struct bt_entry *e;
	const struct bt_field *f;
	uint64_t skipped = 0, negative = 0;
	int any;

	kind = map_kinds(x, m, &nvotes);
	for (i = 0; i < x->nents; i++) {
		e = &x->ents[i];
		if (e->map != m)
			continue;
		if (e->negative) {
			negative++;
			continue;
		}
		if (e->value == 0)
			continue;
		sink->begin(sink->ctx);
		any = 0;
		no = 0;
		for (j = 0; j < e->nfields; j++) {
			f = &x->fields[e->field0 + j];
			if (f->stack) {
				if (f->b > 0) {
					xgrow((void **)&order, &capo, no + 1,
					    sizeof *order);
					order[no++] = j;
				}
				continue;
			}
			if (f->b == 0)
				continue;
			len = 0;
			tmp_put(x, &len, x->arena + f->a, f->b);
			for (k = 0; k < len; k++)
				if (x->tmp[k] == ';')
					x->tmp[k] = ':';
			sink->frame(sink->ctx, x->tmp, len);
			any = 1;
		}
		order_stacks(order, no, kind, nvotes);
		for (k = 0; k < no; k++) {
			size_t pos = order[k];
			int kern = x->opts->kernel && pos < nvotes &&
			    kind[pos] == 2;

			f = &x->fields[e->field0 + pos];
			stack_frames(x, f, kern, sink);
			any = 1;
		}
		if (!any)
			sink->frame(sink->ctx, "[empty]", 7);
		sink->end(sink->ctx, COUNT_INT(e->value));
		res->samples++;
	}
	skipped = x->maps[m].entries - x->maps[m].ints;
	if (skipped > 0)
		diag_note(x->d, "%s: %llu entries without an integer value "
		    "skipped", x->maps[m].name, (unsigned long long)skipped);
	if (negative > 0)
		diag_note(x->d, "%s: %llu entries with a negative value skipped",
		    x->maps[m].name, (unsigned long long)negative);
	free(kind);
	free(order);
}
