/*
 * The Chrome/V8 loader's private context, shared by chrome.c (the
 * .cpuprofile and the older `head` tree format, and the folding of a
 * profile into the sink) and chrome_trace.c (Performance-panel traces).
 *
 * A profile's nodes are read whole into flat arrays before anything
 * reaches the sink, because ids, parents, samples and deltas may come in
 * any order (a trace spreads one profile over many ProfileChunk events).
 * A .cpuprofile's samples and timeDeltas, most of its bytes, stay in the
 * text and are read side by side as the samples are given (a sample
 * checked then may fail the load after others reached the sink; a failed
 * load is dropped whole); a trace's are kept:
 *
 *   nodes    id, parent (an id, or an index once resolved), and the
 *            callFrame's functionName and url as spans of the names arena;
 *   edges    (parent id, child id) from `children` lists;
 *   samples  node ids (uint32), then node indices;
 *   deltas   microseconds (int32; a delta outside that range is stored in
 *            `big`, in order, and its slot says so).
 *
 * Every allocation is charged against a bound proportional to the input's
 * size (cp_charge), so no declared count sizes anything.
 */
#ifndef TFLAME_LOADERS_CHROME_CTX_H
#define TFLAME_LOADERS_CHROME_CTX_H

#include <stddef.h>
#include <stdint.h>

#include "loaders/loader.h"
#include "util/json.h"
#include "util/macros.h"

#define CP_NONE UINT32_MAX
#define CP_BIG INT32_MIN        /* a deltas[] slot whose value is in big[] */
#define CP_NOID INT64_MIN
/* Times in microseconds whose nanoseconds fit in 64 bits. */
#define CP_MAX_US ((int64_t)9000000000000000LL)

struct cp_node {
	int64_t id;
	int64_t parent_id;      /* CP_NOID: not given */
	uint32_t parent;        /* index, or CP_NONE */
	uint32_t fn_off, fn_len; /* functionName in the arena */
	uint32_t url_off, url_len;
	int64_t line;           /* 0-based; -1 none */
};

struct cp_edge {
	int64_t parent, child;
};

struct cp_big {
	size_t at;
	int64_t v;
};

struct cp_prof {
	struct cp_node *nodes;
	size_t nnodes, capnodes;
	struct cp_edge *edges;
	size_t nedges, capedges;
	uint32_t *samples;
	size_t nsamples, capsamples;
	int32_t *deltas;
	size_t ndeltas, capdeltas;
	struct cp_big *big;
	size_t nbig, capbig;
	double start, end;      /* as read: us, seconds in the head format */
	int has_start, has_end;
	int absolute;           /* old format: deltas made from timestamps */
	int64_t last_ts;
	int tree;               /* parents are indices already (head format) */
	/*
	 * A .cpuprofile's samples and timeDeltas are left in the text (its
	 * offsets) and read side by side as the samples are given, so that
	 * the arrays are never copied (x->stream).
	 */
	size_t smark, dmark;
	int has_smark, has_dmark, smark_empty, dmark_empty;
	/* traces */
	char key[48];           /* id, or pid:tid */
	int32_t pid, tid;
};

struct cp_ctx {
	struct json j;
	const struct load_opts *opts;
	struct stack_sink *sink;
	struct diag *d;
	struct load_result *res;
	const char *src;        /* the input's name */
	char *names;            /* functionName and url bytes */
	size_t nlen, ncap;
	struct cp_prof *profs;
	size_t nprofs, capprofs;
	uint64_t mem, memcap;
	char *err;              /* malloc'ed message */
	int trace;              /* the input is a trace */
	int stream;             /* profs[0]: samples, timeDeltas as marks */
	struct load_skipped skipped; /* members not read, for `!` */
	int64_t ibuf[4096];     /* json_ints() batches */
	/* thread_name metadata: pid, tid and a span of the arena */
	struct cp_thread {
		int32_t pid, tid;
		uint32_t off, len;
	} *threads;
	size_t nthreads, capthreads;
};

/* Charge n more bytes: 0, or -1 (error set) past the bound. */
int cp_charge(struct cp_ctx *x, uint64_t n, const char *what);
/* Fail with a message of our own (printf-like): -1. */
int cp_fail(struct cp_ctx *x, const char *fmt, ...)
    ATTR_FORMAT(2, 3);
/* -1 with the JSON reader's error as the message. */
int cp_json_fail(struct cp_ctx *x);
/* A new empty profile (its pointer is valid until the next one). */
struct cp_prof *cp_new_prof(struct cp_ctx *x);
/* Keep s[0..n) in the arena: its offset, or -1 (error set). */
int64_t cp_keep(struct cp_ctx *x, const char *s, size_t n);

/* Read a .cpuprofile object's members into p (the object is open). */
int cp_read_profile(struct cp_ctx *x, struct cp_prof *p, int key_read,
    const char *k, size_t kn);
/* Read one member (key k) of a cpuProfile object into p: 1 used, 0 not. */
int cp_member(struct cp_ctx *x, struct cp_prof *p, const char *k, size_t kn);
/* Read an array of nodes ({id, callFrame, children, parent}) into p. */
int cp_read_nodes(struct cp_ctx *x, struct cp_prof *p);
/* Read an array of sample ids / time deltas into p. */
int cp_read_samples(struct cp_ctx *x, struct cp_prof *p);
int cp_read_deltas(struct cp_ctx *x, struct cp_prof *p);

/* Fold profile p into the sink, under root frame (NULL: none). */
int cp_fold(struct cp_ctx *x, struct cp_prof *p, const char *root,
    size_t rootlen);
/* Free the profiles' arrays. */
void cp_free_profs(struct cp_ctx *x);

/* chrome_trace.c: read a trace (an array of events, or {traceEvents}). */
int cp_read_trace_events(struct cp_ctx *x);
/* Fold every profile of a trace, each under its thread's name. */
int cp_fold_trace(struct cp_ctx *x);

#endif
