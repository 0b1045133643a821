/*
 * Input formats, detection, and the one entry point the front ends call.
 *
 * Each format has its own file with a small line-by-line state machine
 * (folded.c, perf.c, ...) feeding a stack_sink, and a struct format (its
 * row in loader.c's table) that names it, sniffs it and loads it.
 * Malformed lines are reported to a struct diag with their line number and
 * skipped; loading goes on.
 */
#ifndef TFLAME_LOADERS_LOADER_H
#define TFLAME_LOADERS_LOADER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "loaders/sink.h"
#include "util/diag.h"
#include "input/reader.h"

/*
 * The formats' ids, for the front ends and tests that name one (the table
 * in loader.c is what detection, --format and loading go through).
 */
enum input_format {
	FORMAT_AUTO = 0,
	FORMAT_PERF,
	FORMAT_STAP,
	FORMAT_DTRACE,
	FORMAT_FOLDED,
	FORMAT_BPFTRACE,
	FORMAT_PPROF,
	FORMAT_SPEEDSCOPE,
	FORMAT_FIREFOX,
	FORMAT_ASPROF,
	FORMAT_MEMLEAK,
	FORMAT_CHROME,
	FORMAT_UNKNOWN
};

/*
 * Each format's own knobs: only that format reads them (a new format with
 * knobs of its own adds its struct here and a member of struct load_opts,
 * and the option rows that set it in src/cli/options.c).
 */
struct perf_opts {      /* perf script: perf.c and its parts */
	int pid, tid;           /* root frame comm-PID, comm-PID/TID */
	int jit;                /* _[j] annotations */
	const char *event_filter; /* NULL: the first event seen */
	/*
	 * The bytes of repeated text remembered before starting over
	 * (0: 16 MiB; tests make it small to start over often).
	 */
	uint64_t memo_budget;
	/*
	 * --off-cpu, --hot-cold (loaders/offcpu.h): the scheduler's events
	 * (sched:*, offcpu-time) pass the event filter, and the sample hook
	 * gets each sample's event and fields.  1 (--off-cpu): the other
	 * events are not read past their header, which goes to the sample
	 * hook alone (no begin/end: its task ran then); 2 (--hot-cold): they
	 * are samples as usual.
	 */
	int offcpu;
};

struct bpftrace_opts {
	/* the map to fold ("name", "@name", "@"); NULL: the first */
	const char *map;
};

struct pprof_opts {
	const char *sample_index; /* --sample-index=NAME|N (NULL: the default) */
	int all_frames;         /* do not apply drop_frames */
};

/*
 * What a load is given: the format (FORMAT_AUTO: detected), each
 * format's own knobs, the knobs several formats read (how frames are
 * named; how the input is read), and the hooks of the front end.
 */
struct load_opts {
	enum input_format format;
	struct perf_opts perf;
	struct bpftrace_opts bpftrace;
	struct pprof_opts pprof;
	/* How frames are named, in the formats whose --help row says so. */
	int kernel;             /* _[k] on kernel frames (perf, bpftrace, pprof) */
	int addrs;              /* addresses of unknown symbols (same) */
	int includeoffset;      /* +offsets kept (DTrace, bpftrace) */
	int demangle;           /* Rust legacy symbols (perf, DTrace) */
	int lines;              /* perf: "func (file.c:42)" from srcline (--lines) */
	/* perf, folded: 1 = read and parse in one thread, 0 = two when 2+ CPUs */
	int threads;
	/*
	 * perf, folded, two threads: a regular file (or memory) of at least
	 * this many bytes is read in two parts at once (0: 1 MiB; tests make
	 * it small).
	 */
	uint64_t part_min;
	/*
	 * Called (when not NULL) before the first stack of an input whose
	 * counts are weights of one sample record each (perf: periods), so
	 * that the sink can count the records too (sink_tree_keep_samples).
	 */
	void (*weighted)(void *arg);
	void *weighted_arg;
	/*
	 * perf: called (when not NULL) once the event kept is known (the
	 * first sample's, or --event-filter's), long before the load ends:
	 * a viewer drawing while it loads words its numbers with it.
	 */
	void (*event)(void *arg, const char *name);
	void *event_arg;
	/*
	 * Each frame's module, from loaders that know it (perf: the DSO in
	 * parentheses), when not NULL (the viewer and --top set them; batch
	 * modes pay nothing): module_id() gives the sink's id of a module
	 * (kind: TREE_MOD_KERNEL, TREE_MOD_JIT or 0), module_set() gives
	 * one to the frame the sink took last, right after its frame() or
	 * frame_id().  Both get that sink's ctx (a fork()ed one included):
	 * only for a sink_tree, sink_tree_module_id() and _set().
	 */
	uint32_t (*module_id)(void *ctx, const char *name, size_t len,
	    unsigned kind);
	void (*module_set)(void *ctx, uint32_t id);
	/*
	 * Each sample's time and place (loaders/sink.h), from loaders whose
	 * input has them (perf: TIME, PID/TID, CPU), when not NULL: called
	 * with the sink's ctx (a fork()ed one included) right before the
	 * end() or again() that closes the sample.  Only for a sink_tree
	 * that keeps a store: sink_tree_sample().
	 */
	void (*sample)(void *ctx, const struct sample_meta *m);
	/*
	 * memleak: called (when not NULL) with the sink's ctx right before
	 * the end() of a sample that stands for n sample records, not one
	 * (an allocation site's allocations).  Only for a sink_tree:
	 * sink_tree_records().
	 */
	void (*records)(void *ctx, uint64_t n);
	/*
	 * perf script -F +srcline: called (when not NULL) with the sink's
	 * ctx right before the end() or again() of a sample whose leaf frame
	 * has a source location ("file.c:42"; the bytes are untrusted).
	 * Only for a sink_tree that keeps line weights: sink_tree_srcline().
	 */
	void (*srcline)(void *ctx, const char *loc, size_t len);
};

struct load_result {
	enum input_format format; /* what was loaded */
	uint64_t samples;         /* stacks handed to the sink */
	uint64_t lines;
	int parts;                /* perf, folded: 2 when read in two parts at once */
	/*
	 * pprof: the sample type folded and its unit ("cpu", "nanoseconds"),
	 * and every type as "type/unit" separated by spaces (cut to fit);
	 * empty for the other formats.
	 */
	struct load_units {
		char type[64], unit[64];
		char all[256];
	} units;
	char event[64];           /* perf: the event kept ("" when none) */
};

/*
 * A format.  sniff() looks at the first bytes of an input (complete: they
 * are all of it) and gives a score: 0 when they are not this format, else
 * how sure it is; detection takes the best score, a tie going to the row
 * first in the table, and stops at SNIFF_SURE.  load() reads the whole
 * input into the sink: 0, or -1 with *err set (a malloc'ed message, the
 * input's name unescaped) when the input cannot be used.
 *
 * A new format is one file (its loader, sniffer and this struct, named
 * format_NAME) and one row in loader.c's table, with its id above.
 */
struct format {
	enum input_format id;
	const char *name;
	const char *alias;  /* another name --format takes, or NULL */
	const char *help;   /* one line, for --format=help */
	int (*sniff)(const char *buf, size_t len, int complete);
	int (*load)(struct reader *r, const struct load_opts *opts,
	    struct stack_sink *sink, struct diag *d, struct load_result *res,
	    char **err);
	/*
	 * Counts are weights of one sample record each (perf's periods):
	 * load_opts' weighted hook is called before loading.
	 */
	int weighted;
	/* The --colors an SVG of this input gets when none is given (NULL: hot). */
	const char *palette;
};

#define SNIFF_SURE 100 /* a signature no other format has */

/* The format with id f, or NULL (FORMAT_AUTO, FORMAT_UNKNOWN). */
const struct format *format_get(enum input_format f);

/* The table's rows in order, then NULL: for (i = 0; format_at(i); i++). */
const struct format *format_at(size_t i);

const char *format_name(enum input_format f);

/* Parse a --format= value; FORMAT_UNKNOWN when it is not one. */
enum input_format format_parse(const char *s);

/* Write "  NAME  what it is" for auto and every format, one line each. */
int format_help(FILE *fp);

/*
 * Guess the format from the first bytes of the input (at most
 * READER_PEEK_MAX).  FORMAT_UNKNOWN when it cannot tell.  An input with no
 * non-blank line is reported as FORMAT_FOLDED (it loads as nothing).
 */
enum input_format format_detect(const char *buf, size_t len);

/*
 * Load everything from r into sink.  Detects the format when opts->format is
 * FORMAT_AUTO.  Returns 0 on success, -1 when the input is unusable (unknown
 * format or a read error); *err then holds the message, with the input's
 * name as it is (the caller escapes it for the terminal, and frees it).
 */
/*
 * For a format read whole (pprof and the JSON formats): the rest of r in
 * one buffer (reader_slurp(), which maps a plain file; the caller frees
 * it with slurp_free()).  0; 1 on a read error (the loader returns 0,
 * loader_run reports it); -1 over max bytes, *err saying so.
 */
/*
 * The fields of a document a loader met and did not read ("hitCount",
 * "callFrame.scriptId"), each once, for one note in `!`.
 */
struct load_skipped {
	char names[240];        /* escaped, ", " between them */
	size_t len;
	unsigned more;          /* distinct names that did not fit */
};
/* Add prefix + key (once); prefix may be "". */
void load_skipped_add(struct load_skipped *s, const char *prefix,
    const char *key, size_t keylen);
/* "fields not read: a, b (and N more)" in d, when there were any. */
void load_skipped_note(struct diag *d, const struct load_skipped *s);

int loader_slurp(struct reader *r, size_t max, struct slurp *buf,
    char **err);

int loader_run(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);

/*
 * The next line for a loader: counts it in res, and reports a line over
 * READER_MAX_LINE (which the reader skipped) to d.  Returns READER_LINE
 * with *line and *len set, READER_TOO_LONG (already reported), or 0 at
 * the end of the input or on a read error (loader_run reports those).
 */
int loader_line(struct reader *r, struct diag *d, struct load_result *res,
    const char **line, size_t *len);

/* What loader_line() does with a line read some other way (status, number). */
void loader_count_line(struct diag *d, struct load_result *res, int status,
    uint64_t lineno);

/*
 * The loaders themselves, struct format's load() (called by loader_run,
 * and by tests directly; err may be NULL for the formats that never fail:
 * folded, perf, stap and dtrace).
 */
int load_folded(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);

/*
 * One difffolded.pl file, "stack before after" per line: each stack goes to
 * before with the first count and to after with the second.
 */
void load_folded_diff(struct reader *r, struct stack_sink *before,
    struct stack_sink *after, struct diag *d, struct load_result *res);
int load_perf(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);
int load_stap(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);
int load_dtrace(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);
/* bpftrace maps and pprof profiles fail on no such map, a malformed profile. */
int load_bpftrace(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);
int load_pprof(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);
/* speedscope and Firefox Profiler JSON fail on a malformed file. */
int load_speedscope(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);
int load_firefox(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);
/* async-profiler's collapsed stacks and bcc memleak's reports. */
int load_asprof(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);
int load_memleak(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);
/* Chrome/V8 profiles and traces (chrome.c) fail on a malformed one. */
int load_chrome(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);

#endif
