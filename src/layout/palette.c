/*
 * Frame colours from frame names.  See layout/palette.h.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "layout/palette.h"
#include "model/tree.h"
#include "util/escape.h"
#include "util/xalloc.h"

/* Does name[0..len) end with the 4-byte annotation suf? */
static int
has_suffix(const char *name, size_t len, const char *suf)
{
	return len >= 4 && memcmp(name + len - 4, suf, 4) == 0;
}

/* Pick the family from the annotation suffix. */
enum palette_family
palette_family(const char *name, size_t len)
{
	if ((len == 1 && name[0] == '-') ||
	    (len == 2 && name[0] == '-' && name[1] == '-'))
		return PALETTE_GREY;
	if (has_suffix(name, len, "_[k]"))
		return PALETTE_KERNEL;
	if (has_suffix(name, len, "_[j]"))
		return PALETTE_JIT;
	if (has_suffix(name, len, "_[i]"))
		return PALETTE_INLINE;
	return PALETTE_USER;
}

/* The family of a module's kind. */
enum palette_family
palette_module_family(unsigned kind)
{
	if (kind == TREE_MOD_KERNEL)
		return PALETTE_KERNEL;
	if (kind == TREE_MOD_JIT)
		return PALETTE_JIT;
	if (kind == TREE_MOD_INLINE)
		return PALETTE_INLINE;
	return PALETTE_USER;
}

/* Hash the name as flamegraph.pl does by default. */
double
palette_value(const char *name, size_t len)
{
	const unsigned char *s = (const unsigned char *)name;
	uint32_t sum = 0, cp;
	uint64_t state;
	size_t i = 0;
	int n;

	while (i < len) {
		n = utf8_decode(s + i, len - i, &cp);
		if (n == 0) {
			cp = s[i];
			n = 1;
		}
		sum += cp; /* modulo 2^32, as the seed is */
		i += (size_t)n;
	}
	/*
	 * Perl's srand(sum) then rand(): drand48 seeded with the sum in the
	 * high 32 bits and 0x330e below, stepped once.
	 */
	state = ((uint64_t)sum << 16) | 0x330e;
	state = (state * 0x5deece66dULL + 0xb) & ((1ULL << 48) - 1);
	return (double)state / (double)(1ULL << 48);
}

/* base + floor(span * v), for one channel. */
static uint8_t
channel(int base, int span, double v)
{
	return (uint8_t)(base + (int)(span * v));
}

/* Apply the family's flamegraph.pl palette formula to v. */
struct palette_rgb
palette_rgb(enum palette_family f, double v)
{
	struct palette_rgb c;

	if (v < 0.0)
		v = 0.0;
	if (v >= 1.0)
		v = 0.999999;
	switch (f) {
	case PALETTE_KERNEL:
		c.r = c.g = channel(80, 60, v);
		c.b = channel(205, 50, v);
		break;
	case PALETTE_JIT:
		c.r = c.b = channel(50, 60, v);
		c.g = channel(200, 55, v);
		break;
	case PALETTE_INLINE:
		c.r = channel(50, 60, v);
		c.g = c.b = channel(165, 55, v);
		break;
	case PALETTE_GREY:
		c.r = c.g = c.b = channel(160, 40, v);
		break;
	case PALETTE_DIFF_GROW:
		c.r = 255;
		c.g = c.b = (uint8_t)(210 * (1.0 - v));
		break;
	case PALETTE_DIFF_SHRINK:
		c.r = c.g = (uint8_t)(210 * (1.0 - v));
		c.b = 255;
		break;
	case PALETTE_DIFF_SAME:
		c.r = c.g = c.b = 255;
		break;
	case PALETTE_USER:
	default:
		c.r = channel(205, 50, v);
		c.g = channel(0, 230, v);
		c.b = channel(0, 55, v);
		break;
	}
	return c;
}

/* Quantise v into one of nshades shades. */
unsigned
palette_shade(double v, unsigned nshades)
{
	unsigned s;

	if (nshades == 0 || v <= 0.0)
		return 0;
	s = (unsigned)(v * nshades);
	return s < nshades ? s : nshades - 1;
}

/* ------------------------------------------------------------------------
 * flamegraph.pl's named palettes (--colors), for the SVG writer.  See the
 * second half of layout/palette.h.
 */

static const char *const scheme_names[PALETTE_NSCHEMES] = {
	"hot", "mem", "io", "wakeup", "java", "js", "perl", "red", "green",
	"blue", "aqua", "yellow", "purple", "orange", "chain"
};

int
palette_scheme_parse(const char *name)
{
	int i;

	for (i = 0; i < PALETTE_NSCHEMES; i++)
		if (strcmp(name, scheme_names[i]) == 0)
			return i;
	return -1;
}

const char *
palette_scheme_name(enum palette_scheme s)
{
	return (unsigned)s < PALETTE_NSCHEMES ? scheme_names[s] : "?";
}

/*
 * Code points of name[0..len) into a new array (an invalid byte is one
 * code point of its own value); returns how many.
 */
static size_t
code_points(const char *name, size_t len, uint32_t **out)
{
	const unsigned char *s = (const unsigned char *)name;
	uint32_t *cp = xreallocarray(NULL, len + 1, sizeof *cp);
	size_t i = 0, n = 0;
	int k;

	while (i < len) {
		k = utf8_decode(s + i, len - i, &cp[n]);
		if (k == 0) {
			cp[n] = s[i];
			k = 1;
		}
		n++;
		i += (size_t)k;
	}
	*out = cp;
	return n;
}

double
palette_namehash(const char *name, size_t len, int reversed)
{
	uint32_t *cp, c;
	size_t n, i, start = 0, k;
	double vector = 0, weight = 1, max = 1;
	unsigned mod = 10;

	n = code_points(name, len, &cp);
	if (reversed)
		for (i = 0; i < n / 2; i++) {
			c = cp[i];
			cp[i] = cp[n - 1 - i];
			cp[n - 1 - i] = c;
		}
	/* Drop a "module`" prefix: up to the first backtick after the first character. */
	for (i = 1; i < n; i++)
		if (cp[i] == '`') {
			start = i + 1;
			break;
		}
	for (k = 0; k < 3 && start + k < n; k++) {
		vector += (double)(cp[start + k] % mod) / (double)(mod - 1) * weight;
		max += weight;
		weight *= 0.70;
		mod++;
	}
	free(cp);
	return 1 - vector / max;
}

/* The base palettes: what a name-based scheme resolves to. */
enum base_palette {
	BASE_HOT, BASE_MEM, BASE_IO, BASE_RED, BASE_GREEN, BASE_BLUE,
	BASE_AQUA, BASE_YELLOW, BASE_PURPLE, BASE_ORANGE
};

static int
ends_with(const char *name, size_t len, const char *suf)
{
	size_t n = strlen(suf);

	return len >= n && memcmp(name + len - n, suf, n) == 0;
}

static int
contains(const char *name, size_t len, const char *needle)
{
	size_t n = strlen(needle), i;

	for (i = 0; i + n <= len; i++)
		if (memcmp(name + i, needle, n) == 0)
			return 1;
	return 0;
}

/* flamegraph.pl's java rule: a leading "L" and one of these, then "/". */
static int
java_package(const char *name, size_t len)
{
	static const char *const pkgs[] = {
		"java/", "javax/", "jdk/", "net/", "org/", "com/", "io/", "sun/"
	};
	size_t i, n;

	if (len > 0 && name[0] == 'L') {
		name++;
		len--;
	}
	for (i = 0; i < sizeof pkgs / sizeof pkgs[0]; i++) {
		n = strlen(pkgs[i]);
		if (len >= n && memcmp(name, pkgs[i], n) == 0)
			return 1;
	}
	return 0;
}

/* Pick the base palette of name in scheme s (flamegraph.pl's rules, in order). */
static enum base_palette
scheme_base(enum palette_scheme s, const char *name, size_t len)
{
	const char *slash;

	switch (s) {
	case PALETTE_MEM:
		return BASE_MEM;
	case PALETTE_IO:
		return BASE_IO;
	case PALETTE_WAKEUP:
		return BASE_AQUA;
	case PALETTE_JAVA:
		/* async-profiler's interpreted and C1 frames are Java too. */
		if (ends_with(name, len, "_[j]") ||
		    ends_with(name, len, "_[0]") || ends_with(name, len, "_[1]"))
			return BASE_GREEN;
		if (ends_with(name, len, "_[i]"))
			return BASE_AQUA;
		if (java_package(name, len) || contains(name, len, ":::"))
			return BASE_GREEN;
		if (contains(name, len, "::"))
			return BASE_YELLOW;
		if (ends_with(name, len, "_[k]"))
			return BASE_ORANGE;
		return BASE_RED;
	case PALETTE_JS:
		if (ends_with(name, len, "_[j]"))
			return memchr(name, '/', len) != NULL ? BASE_GREEN : BASE_AQUA;
		if (contains(name, len, "::"))
			return BASE_YELLOW;
		slash = memchr(name, '/', len);
		if (slash != NULL && contains(slash + 1,
		    len - (size_t)(slash + 1 - name), ".js"))
			return BASE_GREEN;
		if (memchr(name, ':', len) != NULL)
			return BASE_AQUA;
		if (len == 1 && name[0] == ' ')
			return BASE_GREEN;
		if (contains(name, len, "_[k]"))
			return BASE_ORANGE;
		return BASE_RED;
	case PALETTE_PERL:
		if (contains(name, len, "::"))
			return BASE_YELLOW;
		if (contains(name, len, "Perl") || contains(name, len, ".pl"))
			return BASE_GREEN;
		if (ends_with(name, len, "_[k]"))
			return BASE_ORANGE;
		return BASE_RED;
	case PALETTE_RED:
		return BASE_RED;
	case PALETTE_GREEN:
		return BASE_GREEN;
	case PALETTE_BLUE:
		return BASE_BLUE;
	case PALETTE_AQUA:
		return BASE_AQUA;
	case PALETTE_YELLOW:
		return BASE_YELLOW;
	case PALETTE_PURPLE:
		return BASE_PURPLE;
	case PALETTE_ORANGE:
		return BASE_ORANGE;
	case PALETTE_CHAIN:
		return contains(name, len, "_[w]") ? BASE_AQUA : BASE_BLUE;
	case PALETTE_HOT:
	default:
		return BASE_HOT;
	}
}

/* base + floor(span * v) for v in [0, 1]. */
static uint8_t
span(int base, int width, double v)
{
	return (uint8_t)(base + (int)(width * v));
}

struct palette_rgb
palette_scheme_rgb(enum palette_scheme s, int hash, const char *name,
    size_t len)
{
	struct palette_rgb c;
	double v1, v2;

	if (hash) {
		v1 = palette_namehash(name, len, 0);
		v2 = palette_namehash(name, len, 1);
	} else {
		v1 = v2 = palette_value(name, len);
	}
	switch (scheme_base(s, name, len)) {
	case BASE_MEM:
		c.r = 0;
		c.g = span(190, 50, v2);
		c.b = span(0, 210, v1);
		break;
	case BASE_IO:
		c.r = c.g = span(80, 60, v1);
		c.b = span(190, 55, v2);
		break;
	case BASE_RED:
		c.r = span(200, 55, v1);
		c.g = c.b = span(50, 80, v1);
		break;
	case BASE_GREEN:
		c.r = c.b = span(50, 60, v1);
		c.g = span(200, 55, v1);
		break;
	case BASE_BLUE:
		c.r = c.g = span(80, 60, v1);
		c.b = span(205, 50, v1);
		break;
	case BASE_AQUA:
		c.r = span(50, 60, v1);
		c.g = c.b = span(165, 55, v1);
		break;
	case BASE_YELLOW:
		c.r = c.g = span(175, 55, v1);
		c.b = span(50, 20, v1);
		break;
	case BASE_PURPLE:
		c.r = c.b = span(190, 65, v1);
		c.g = span(80, 60, v1);
		break;
	case BASE_ORANGE:
		c.r = span(190, 65, v1);
		c.g = span(90, 65, v1);
		c.b = 0;
		break;
	case BASE_HOT:
	default:
		/* v3 = v2 in every mode flamegraph.pl has without --random. */
		c.r = span(205, 50, v2);
		c.g = span(0, 230, v1);
		c.b = span(0, 55, v2);
		break;
	}
	return c;
}

void
palette_scheme_background(enum palette_scheme s, const char **top,
    const char **bottom)
{
	switch (s) {
	case PALETTE_MEM:
		*top = "#eef2ee";
		*bottom = "#e0ffe0";
		break;
	case PALETTE_IO:
	case PALETTE_WAKEUP:
	case PALETTE_CHAIN:
		*top = "#eeeeee";
		*bottom = "#e0e0ff";
		break;
	case PALETTE_RED:
	case PALETTE_GREEN:
	case PALETTE_BLUE:
	case PALETTE_AQUA:
	case PALETTE_YELLOW:
	case PALETTE_PURPLE:
	case PALETTE_ORANGE:
		*top = "#f8f8f8";
		*bottom = "#e8e8e8";
		break;
	default:
		*top = "#eeeeee";
		*bottom = "#eeeeb0";
		break;
	}
}

struct palette_rgb
palette_chain_rgb(int waker, int hash, const char *name, size_t len)
{
	struct palette_rgb c;
	char *w;

	if (!waker || (len >= 4 && memcmp(name + len - 4, "_[w]", 4) == 0))
		return palette_scheme_rgb(PALETTE_CHAIN, hash, name, len);
	/* flamegraph.pl hashes the waker's name with its mark. */
	w = xmalloc(len + 5);
	memcpy(w, name, len);
	memcpy(w + len, "_[w]", 5);
	c = palette_scheme_rgb(PALETTE_CHAIN, hash, w, len + 4);
	free(w);
	return c;
}

void
palette_chain_marks(const struct tree *t, unsigned char *out)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t i, n = tree_size(t), p;
	size_t len;
	const char *name;

	if (n > 0)
		out[TREE_ROOT] = 0;
	for (i = 1; i < n; i++) {
		p = nodes[i].parent;
		if (p == TREE_NONE || p >= i) {
			out[i] = 0;
			continue;
		}
		name = p == TREE_ROOT ? "" : tree_name(t, p, &len);
		out[i] = out[p] || (p != TREE_ROOT && len == 2 &&
		    memcmp(name, "--", 2) == 0);
	}
}

int
palette_offcpu_name(const char *name, size_t len)
{
	return len >= 9 && memcmp(name, "[off-CPU", 8) == 0 &&
	    name[len - 1] == ']';
}

int
palette_cold_marks(const struct tree *t, int prof, unsigned char *out)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t i, n = tree_size(t), p;
	const char *name;
	size_t len;
	int any = 0;

	/* 1: cold; 0: a line of its own or below ends on the CPU; 2: none yet. */
	for (i = 0; i < n; i++) {
		name = i == TREE_ROOT ? "" : tree_name(t, i, &len);
		if (i != TREE_ROOT && palette_offcpu_name(name, len))
			out[i] = 1, any = 1;
		else
			out[i] = count_is_zero(tree_self(t, prof, i)) ? 2 : 0;
	}
	if (!any) {
		memset(out, 0, n);
		return 0;
	}
	/* A child's index is after its parent's: children are final first. */
	for (i = n; i-- > 0;) {
		if (out[i] == 2)
			out[i] = 1;
		p = nodes[i].parent;
		if (i != TREE_ROOT && p < i && out[i] == 0 && out[p] == 2)
			out[p] = 0;
	}
	return 1;
}
