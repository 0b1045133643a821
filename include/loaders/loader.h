/*
 * Input formats, detection, and the one entry point the front ends call.
 *
 * Each format has its own file with a small line-by-line state machine
 * (folded.c, perf.c, ...) feeding a stack_sink.  Malformed lines are reported
 * to a struct diag with their line number and skipped; loading goes on.
 */
#ifndef TFLAME_LOADERS_LOADER_H
#define TFLAME_LOADERS_LOADER_H

#include <stddef.h>
#include <stdint.h>

#include "loaders/sink.h"
#include "util/diag.h"
#include "util/reader.h"

struct inorder;

enum input_format {
	FORMAT_AUTO = 0,
	FORMAT_PERF,
	FORMAT_STAP,
	FORMAT_DTRACE,
	FORMAT_FOLDED,
	FORMAT_BPFTRACE,
	FORMAT_PPROF,
	FORMAT_UNKNOWN
};

struct load_opts {
	enum input_format format;
	/* perf script */
	int pid, tid;           /* root frame comm-PID, comm-PID/TID */
	int kernel, jit;        /* _[k] and _[j] annotations */
	int addrs;              /* [module <addr>] for unknown symbols */
	const char *event_filter; /* NULL: the first event seen */
	/* DTrace, bpftrace */
	int includeoffset;
	/* bpftrace: the map to fold ("name", "@name", "@"); NULL: the first */
	const char *map;
	/* pprof: --sample-index=NAME|N (NULL: the profile's default) */
	const char *sample_index;
	int all_frames;         /* pprof: do not apply drop_frames */
	/* perf and DTrace */
	int demangle;           /* Rust legacy symbols */
	/* perf, folded: 1 = read and parse in one thread, 0 = two when 2+ CPUs */
	int threads;
	/*
	 * perf, folded, two threads: a regular file (or memory) of at least
	 * this many bytes is read in two parts at once (0: 1 MiB; tests make
	 * it small).
	 */
	uint64_t part_min;
	/*
	 * perf: the bytes of repeated text remembered before starting over
	 * (0: 16 MiB; tests make it small to start over often).
	 */
	uint64_t memo_budget;
	/*
	 * folded, for --collapse (NULL: not wanted): input whose stacks all
	 * come in byte order is held here, not given to the sink (see
	 * model/inorder.h); otherwise it is left empty.
	 */
	struct inorder *inorder;
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

const char *format_name(enum input_format f);

/* Parse a --format= value; FORMAT_UNKNOWN when it is not one. */
enum input_format format_parse(const char *s);

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

/* The loaders themselves (called by loader_run, and by tests directly). */
void load_folded(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res);

/*
 * One difffolded.pl file, "stack before after" per line: each stack goes to
 * before with the first count and to after with the second.
 */
void load_folded_diff(struct reader *r, struct stack_sink *before,
    struct stack_sink *after, struct diag *d, struct load_result *res);
void load_perf(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res);
void load_stap(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res);
void load_dtrace(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res);
/*
 * bpftrace maps and pprof profiles: 0, or -1 with *err set when the
 * input cannot be used (no such map, a malformed profile).
 */
int load_bpftrace(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);
int load_pprof(struct reader *r, const struct load_opts *opts,
    struct stack_sink *sink, struct diag *d, struct load_result *res,
    char **err);

#endif
