/*
 * Down to the line: a function's weight per line of source.
 *
 * struct linetab holds what `perf script -F +srcline` said about the leaf
 * frames: for each (leaf node, "file:line") the weight of the samples
 * that ended there.  A loader fills it through load_opts' srcline hook
 * (sink_tree_srcline(); the tree sink keeps one when asked).
 *
 * struct annotation is one function's lines: built from a linetab for
 * the nodes of that name under a subtree of the tree the linetab was
 * filled for (annotate_build()), or parsed from `perf annotate --stdio -l`
 * (annotate_parse_perf()), then sorted hottest first and given the text
 * of the source lines when the file is readable here
 * (annotate_read_source()).  Curses-free; the --annotate printer
 * (export/annotate_text.h) and the viewer's `a` screen read it.
 */
#ifndef TFLAME_MODEL_ANNOTATE_H
#define TFLAME_MODEL_ANNOTATE_H

#include <stddef.h>
#include <stdint.h>

#include "model/count.h"
#include "model/tree.h"

struct linetab;

struct linetab *linetab_new(void);
void linetab_free(struct linetab *lt);
/* Add weight c to location loc ("file:line", len bytes) of leaf node. */
void linetab_add(struct linetab *lt, uint32_t node, const char *loc,
    size_t len, struct tf_count c);
/* Add src's entries to dst, src's node n becoming map[n]. */
void linetab_merge_mapped(struct linetab *dst, const struct linetab *src,
    const uint32_t *map);
/* How many (node, location) entries it holds. */
size_t linetab_size(const struct linetab *lt);

/* One line of a function (line 0, file NULL: samples with no line). */
struct ann_line {
	char *file;      /* as the input names it ("hot.c", "/src/x.c") */
	unsigned long line;
	double weight;   /* in the profile's unit, or percent (perf annotate) */
	char *text;      /* the source line, NULL when not known */
	char *disasm;    /* perf annotate: its instructions, "\n"-separated */
};

struct annotation {
	double self;     /* the function's self weight (the share's base) */
	struct ann_line *lines;
	size_t n, cap;
	int percent;     /* weights are percentages (perf annotate) */
	unsigned long samples; /* perf annotate: the samples it counted */
};

/*
 * The lines of function name (a strtab id of t) from lt, over the nodes
 * of that name in the subtree under top of profile prof; its self weight
 * from the tree (the part with no line is one row, line 0).
 */
void annotate_build(struct annotation *a, const struct tree *t, int prof,
    const struct linetab *lt, uint32_t top, uint32_t name);

/*
 * Parse the text of `perf annotate --stdio -l -s SYM`: the sorted summary
 * ("  61.12 hot.c:8") gives the lines and their share, the body their
 * text (": 8    s += ...") and instructions ("59.33 :  115d:  add ...").
 * 0, or -1 when it holds no line with a share.
 */
int annotate_parse_perf(struct annotation *a, const char *text, size_t len);

/* Hottest first, then in file order. */
void annotate_sort(struct annotation *a);

/* Fill the text of lines whose file can be read here (not already set). */
void annotate_read_source(struct annotation *a);

/* The share of line i in percent of the function. */
double annotate_share(const struct annotation *a, size_t i);

void annotate_free(struct annotation *a);

/*
 * Frames without a symbol: "[unknown]", a bare "[module]" (perf names an
 * unknown symbol by its module), "[module <address>]" (--addrs), or a
 * hex address ("0x7f3a...", or 8 hex digits or more).  Their self weight
 * by module (the heaviest MISSING_MAX named), as a share of the whole.
 */
#define MISSING_MAX 4
#define MISSING_SHARE 10.0   /* more than this percent is worth saying */

struct missing_syms {
	double share;            /* percent of the weight in such frames */
	size_t n, more;          /* modules named; how many more there are */
	struct {
		char name[128];  /* escaped (escape_text()) */
		double share;
	} mod[MISSING_MAX];
};

/* Fill m for profile prof of t (finished); 1 when m->share > MISSING_SHARE. */
int annotate_missing(const struct tree *t, int prof, struct missing_syms *m);

/*
 * What to say: "61.2% of the samples are in frames without symbols:
 * liblzma.so.5 58.0%, ...; what helps: ...", into buf (cap bytes).  With
 * brief, the first sentence alone (a status line).
 */
void annotate_missing_text(const struct missing_syms *m, int brief,
    char *buf, size_t cap);

#endif
