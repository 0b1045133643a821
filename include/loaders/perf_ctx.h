/*
 * The perf loader's context (private to src/loaders/perf*.c), one part per
 * concern:
 *  - struct perf_sample: the sample being read, its root and frames
 *    (src/loaders/perf.c, the sample assembly and the read drivers);
 *  - struct perf_events: the event filter and counts (perf_event.c);
 *  - struct perf_lines, perf_stacks, perf_bodies: the repeated text
 *    remembered so a repeated line, sample or body is not read again
 *    (perf_memo.c, whose top comment explains them);
 * the frame-cleaning rules (perf_clean.c) hold no state.
 */
#ifndef TFLAME_LOADERS_PERF_CTX_H
#define TFLAME_LOADERS_PERF_CTX_H

#include <stddef.h>
#include <stdint.h>

#include "loaders/loader.h"
#include "loaders/perf_clean.h"
#include "loaders/perf_event.h"
#include "loaders/perf_header.h"
#include "loaders/sink.h"
#include "model/count.h"
#include "util/diag.h"
#include "util/memo.h"
#include "input/reader.h"

#define PERF_MAX_FRAMES 1000000u
#define PERF_MAX_TEXT (256u << 20)
/* The longest text remembered as one key (a stack line, a sample body). */
#define MEMO_MAX_KEY (64u << 10)

struct frame_ref {
	uint32_t off, len;
};

/*
 * A remembered stack line: its frames, leaf first, in the frame store,
 * and the sink's id of its module (0 unless the module hooks are set).
 */
struct line_frames {
	uint32_t first, n;
	uint32_t mod;
};

/* The sample being read (perf.c). */
struct perf_sample {
	int open;      /* a header was accepted and its sample not emitted */
	int skipping;  /* a header was dropped by the event filter */
	int toodeep;
	uint64_t header_line;
	char *root;    /* root frame text */
	size_t rootlen, rootcap;
	int java;      /* root starts with "java" */
	struct tf_count period;
	char *fbuf;    /* frame text, leaf-first order */
	size_t flen, fcap;
	struct frame_ref *frames;
	size_t nframes, capframes;
	uint32_t *mods;   /* by frame, with the module hooks: its module */
	size_t capmods;
	struct sample_meta meta; /* for load_opts' sample hook */
	/* srcline (perf script -F +srcline): see perf_srcline() */
	uint32_t nlines;  /* stack lines read as frames (not as line ids) */
	size_t line_first; /* the frame of the last stack line's innermost part */
	char *loc;        /* the leaf frame's "file:line" */
	size_t loclen, loccap;
	char *tp;      /* perf.offcpu: the event, then its fields (meta's) */
	size_t tpcap;
};

/* Stack line -> line id, and the frame store (perf_memo.c). */
struct perf_lines {
	struct memo memo[2];    /* stack line -> line id; [1] for java roots */
	struct line_frames *lf; /* by line id */
	size_t nlf, caplf;
	uint32_t *same;         /* line ids (+1) by hash of their frames */
	size_t samemask;
	char *ftext;            /* frame store: names of remembered lines */
	size_t ftlen, ftcap;
	struct frame_ref *fr;
	size_t nfr, capfr;
	uint32_t *frid;         /* by frame: the sink's id of its name... */
	size_t capfrid;         /* ...or FRID_NONE (see emit_lines()) */
};

/* The open sample's key, and sample key -> sink handle (perf_memo.c). */
struct perf_stacks {
	int live;       /* the open sample is being read as line ids */
	char *key;      /* the sample's key: root, "\n", then its line ids */
	size_t klen, kcap, kbody;
	struct memo samples;    /* sample key -> sink handle */
	/* the last stack emit_lines() made: its key, and where each line led */
	char *prev;             /* root, "\n", line ids (as key) */
	size_t prevlen, prevcap;
	uint64_t *steps;        /* sink->at() after the root, then each line */
	size_t capsteps;
};

/* Whole sample bodies (perf_memo.c). */
struct perf_bodies {
	struct memo memo;       /* root, "\n", body text -> sink handle */
	uint64_t *seen;         /* hashes of bodies seen once (0: free) */
	size_t nseen;
	int live;               /* the open sample's body may be remembered */
	const char *s;          /* its text and hash */
	size_t len;
	uint64_t hash;
};

struct perf_ctx {
	const struct load_opts *opts;
	struct stack_sink *sink;
	struct diag *d;
	struct load_result *res;
	struct perf_sample cur;
	struct perf_events ev;
	struct perf_lines ln;
	struct perf_stacks st;
	struct perf_bodies bd;
	int share;      /* the memos' budgets are shared by this many */
	int event_told; /* opts->event was called */
	/* The module of the last stack line, and its id (perf_module_id()). */
	char lastmod[128];
	size_t lastmodlen;
	uint32_t lastmodid;
};

/*
 * What a line is, decided from its bytes alone (so another thread can do
 * it, see read_threaded()): the reading loop's costly part, header
 * parsing and the stack line's hash, is done here.
 */
enum line_kind {
	LK_SKIP,     /* a comment, or a line over READER_MAX_LINE */
	LK_BLANK,    /* ends the sample */
	LK_STACK,    /* indented, an address first: a stack line */
	LK_HEADER,   /* parses as a sample header */
	LK_OTHER
};

struct line_class {
	int kind;
	size_t indent;
	struct header h;   /* LK_HEADER */
	/*
	 * LK_HEADER, when the reading thread had its body at hand: the stack
	 * lines up to the empty line, in the same batch (nbody 0: not so).
	 */
	uint32_t nbody;    /* how many lines */
	uint32_t bodylen;  /* their text, from the line after the header */
	uint64_t bodyhash;
};

/* perf.c: the sample assembly. */
void perf_classify(const char *line, size_t len, int status, size_t k,
    void *aux, void *ctx);
void perf_add_stack_line(struct perf_ctx *p, const struct stack_line *sl);
uint32_t perf_module_id(struct perf_ctx *p, const struct stack_line *sl);
void perf_read_stack_line(struct perf_ctx *p, const char *line, size_t len,
    uint64_t lineno);
void perf_emit_frames(struct perf_ctx *p);
/* Give the open sample's time and place to load_opts' sample hook. */
void perf_give_meta(struct perf_ctx *p);

/* perf_memo.c: the repeated text. */
void perf_memos_init(struct perf_ctx *p);
void perf_memos_free(struct perf_ctx *p);
void perf_memo_start(struct perf_ctx *p);
void perf_memo_flush(struct perf_ctx *p);
int perf_memo_line(struct perf_ctx *p, const char *line, size_t len,
    uint64_t lineno, int stack);
void perf_end_sample(struct perf_ctx *p);
const struct memo_rec *perf_body_lookup(struct perf_ctx *p, const char *s,
    size_t n, uint64_t bh);
void perf_plain_body(struct perf_ctx *p, struct reader *r);

#endif
