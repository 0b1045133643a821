/*
 * The perf loader's frame-cleaning rules (loaders/perf_clean.h): a stack
 * line cut into address, symbol and module, the symbol cut into frame
 * parts, and each part made a frame name.  Pure functions: the sample
 * assembly in src/loaders/perf.c calls them and keeps the frames.
 */
#include "config.h"

#include <string.h>

#include "loaders/demangle.h"
#include "loaders/perf_clean.h"
#include "util/ascii.h"

/* Does s (n bytes) end with suf? */
static int
has_suffix(const char *s, size_t n, const char *suf)
{
	size_t k = strlen(suf);

	return n >= k && memcmp(s + n - k, suf, k) == 0;
}

/* Is s[0..len) an address: blanks, hex digits, then a blank or the end? */
int
perf_hex_token(const char *s, size_t len)
{
	size_t i = skip_ws(s, 0, len), b = i;

	while (i < len && is_xdigit((unsigned char)s[i]))
		i++;
	return i > b && (i == len || is_ws((unsigned char)s[i]));
}

/*
 * "ADDR SYMBOL (MODULE)": the module runs from the last " (" to the last
 * ")" (so symbols may contain spaces and parentheses), with a trailing
 * " (deleted)" on the module path dropped.  An empty symbol reads as " ".
 */
int
perf_parse_stack_line(const char *s, size_t len, struct stack_line *sl)
{
	size_t p = skip_ws(s, 0, len), pcend, P, I, lim, fs, fe;

	while (len > p && is_ws((unsigned char)s[len - 1]))
		len--;
	pcend = p;
	while (pcend < len && is_word((unsigned char)s[pcend]))
		pcend++;
	if (pcend == p || pcend >= len || !is_ws((unsigned char)s[pcend]))
		return 0;
	P = len;
	while (P > pcend && s[P - 1] != ')')
		P--;
	if (P == pcend)
		return 0;
	P--; /* the last ')' */
	lim = P;
	if (P + 1 >= pcend + 11 && memcmp(s + P + 1 - 11, " (deleted))", 11) == 0)
		lim = P - 10;
	I = lim;
	while (I > pcend && !(s[I - 1] == ' ' && s[I] == '('))
		I--;
	if (I == pcend)
		return 0;
	I--; /* the space of " (" */
	fs = skip_ws(s, pcend, I);
	fe = I;
	while (fe > fs && is_ws((unsigned char)s[fe - 1]))
		fe--;
	sl->pc = s + p;
	sl->pclen = pcend - p;
	if (fe == fs) {
		/* Both reference tools make an empty symbol a one-space frame. */
		sl->func = " ";
		sl->funclen = 1;
	} else {
		sl->func = s + fs;
		sl->funclen = fe - fs;
	}
	sl->mod = s + I + 2;
	sl->modlen = lim - (I + 2);
	return 1;
}

/*
 * Kernel modules: "[kernel.kallsyms]", "[vdso]", "[nf_conntrack]",
 * ".../vmlinux", ".../vmlinux-5.4.14-cloudflare", "*.ko"; never anything
 * "unknown".
 */
int
perf_kernel_module(const char *mod, size_t n)
{
	const char *v = NULL, *q;

	if (n == 0 || memmem(mod, n, "unknown", 7) != NULL)
		return 0;
	if (mod[0] == '[' || has_suffix(mod, n, "vmlinux") ||
	    has_suffix(mod, n, ".ko"))
		return 1;
	for (q = mod; q + 7 <= mod + n; q++)
		if (memcmp(q, "vmlinux", 7) == 0)
			v = q;
	if (v == NULL)
		return 0;
	for (q = v; q < mod + n; q++)
		if (!is_word((unsigned char)*q) && *q != '-' && *q != '.')
			return 0;
	return 1;
}

/* JIT code: perf map files "/tmp/perf-PID.map" and jitdump "/tmp/jitted-*.so". */
int
perf_jit_module(const char *mod, size_t n)
{
	const char *q = mod, *end = mod + n;

	while ((q = memmem(q, (size_t)(end - q), "/tmp/perf-", 10)) != NULL) {
		const char *d = q + 10, *e = d;

		while (e < end && is_digit((unsigned char)*e))
			e++;
		if (e > d && end - e >= 4 && memcmp(e, ".map", 4) == 0)
			return 1;
		q++;
	}
	return (n >= 10 && memcmp(mod, "/tmp/perf-", 10) == 0 &&
	    has_suffix(mod, n, ".map")) ||
	    (memmem(mod, n, "/jitted-", 8) != NULL && has_suffix(mod, n, ".so"));
}

/* Cut sl's symbol into its frame parts, outermost first; how many. */
size_t
perf_split_parts(const struct stack_line *sl, const char **ps, size_t *pl)
{
	const char *f = sl->func, *q, *end;
	size_t n = sl->funclen, i, nparts = 0;

	/* Offset: a trailing "+0x" and lower-case hex digits. */
	for (i = n; i > 0 && is_xdigit((unsigned char)f[i - 1]) &&
	    !(f[i - 1] >= 'A' && f[i - 1] <= 'F'); i--)
		;
	if (i < n && i >= 3 && memcmp(f + i - 3, "+0x", 3) == 0)
		n = i - 3;
	/* "(anonymous namespace)::..." and other "(" names add no frame. */
	if (n > 0 && f[0] == '(')
		return 0;
	/* Inlined callees follow "->"; trailing empty parts are dropped. */
	end = f + n;
	while (nparts < PERF_MAX_PARTS) {
		q = memmem(f, (size_t)(end - f), "->", 2);
		ps[nparts] = f;
		pl[nparts] = q ? (size_t)(q - f) : (size_t)(end - f);
		nparts++;
		if (q == NULL)
			break;
		f = q + 2;
	}
	while (nparts > 1 && pl[nparts - 1] == 0)
		nparts--;
	return nparts;
}

/* Write part's cleaned frame name into f; its length. */
size_t
perf_clean_part(char *f, const char *part, size_t plen, size_t idx,
    const struct stack_line *sl, const struct load_opts *o, int java)
{
	const char *mod = sl->mod, *pc = sl->pc;
	size_t modlen = sl->modlen, pclen = sl->pclen, i, w, depth, cut;
	int unknown = plen == 9 && memcmp(part, "[unknown]", 9) == 0;

	if (unknown) {
		const char *base = "unknown";
		size_t blen = 7;

		if (!(modlen == 9 && memcmp(mod, "[unknown]", 9) == 0)) {
			const char *slash = NULL;

			for (i = 0; i < modlen; i++)
				if (mod[i] == '/')
					slash = mod + i;
			base = slash ? slash + 1 : mod;
			blen = (size_t)(mod + modlen - base);
		}
		w = 0;
		f[w++] = '[';
		memcpy(f + w, base, blen);
		w += blen;
		if (o->addrs) {
			f[w++] = ' ';
			f[w++] = '<';
			memcpy(f + w, pc, pclen);
			w += pclen;
			f[w++] = '>';
		}
		f[w++] = ']';
	} else {
		memcpy(f, part, plen);
		w = plen;
		if (o->demangle)
			w = rust_demangle(f, w);
	}
	/* Generic tidy: ";" -> ":", cut the argument list, drop quotes. */
	cut = w;
	depth = 0;
	for (i = 0; i < w; i++) {
		char c = f[i];

		if (c == ';')
			f[i] = ':';
		else if (c == '<' || c == '{' || c == '[')
			depth++;
		else if (c == '>' || c == '}' || c == ']' || c == ')') {
			if (depth > 0)
				depth--;
		} else if (c == '(') {
			if (depth == 0 && cut == w && !(i > 0 && f[i - 1] == '.') &&
			    !(w - i >= 21 &&
			      memcmp(f + i, "(anonymous namespace)", 21) == 0)) {
				cut = i;
				break;
			}
			depth++;
		}
	}
	w = cut;
	/* Quotes go, as in the Perl tool; Rust lifetimes ('a) stay with --demangle. */
	if (!o->demangle) {
		for (i = 0, depth = 0; i < w; i++)
			if (f[i] != '"' && f[i] != '\'')
				f[depth++] = f[i];
		w = depth;
	}
	/* Java: "Ljava/lang/Thread;::run" -> "java/lang/Thread:::run". */
	if (java && w > 0 && f[0] == 'L' && memchr(f, '/', w) != NULL) {
		memmove(f, f + 1, w - 1);
		w--;
	}
	/* Annotations: at most one. */
	if (idx > 0) {
		if (memmem(f, w, "_[i]", 4) == NULL) {
			memcpy(f + w, "_[i]", 4);
			w += 4;
		}
	} else if (o->kernel && perf_kernel_module(mod, modlen)) {
		memcpy(f + w, "_[k]", 4);
		w += 4;
	} else if (o->perf.jit && perf_jit_module(mod, modlen) &&
	    memmem(f, w, "_[j]", 4) == NULL) {
		memcpy(f + w, "_[j]", 4);
		w += 4;
	}
	return w;
}

/*
 * Is s (len bytes, indented, not a stack line) a srcline line of
 * `perf script -F +srcline`: "file.c:42" (maybe " (discriminator N)"
 * after it), ":0" or "??:0" (unknown), "[module][address]"?  Then *loc,
 * *loclen: its "file:line", or length 0 when it names no file.
 */
int
perf_srcline_parse(const char *s, size_t len, const char **loc, size_t *loclen)
{
	size_t b = skip_ws(s, 0, len), e = len, d;
	static const char disc[] = " (discriminator ";

	while (e > b && is_ws((unsigned char)s[e - 1]))
		e--;
	*loclen = 0;
	if (e > b && s[b] == '[' && s[e - 1] == ']')
		return 1;
	if (e > b && s[e - 1] == ')') {
		/* " (discriminator N)": which basic block, not a place */
		for (d = b; d + sizeof disc - 1 < e; d++)
			if (memcmp(s + d, disc, sizeof disc - 1) == 0)
				break;
		if (d + sizeof disc - 1 < e)
			e = d;
	}
	for (d = e; d > b && is_digit((unsigned char)s[d - 1]); d--)
		;
	if (d == e || d == b || s[d - 1] != ':')
		return 0;
	if (d - 1 > b && !(d - 1 - b == 2 && memcmp(s + b, "??", 2) == 0)) {
		*loc = s + b;
		*loclen = e - b;
	}
	return 1;
}
