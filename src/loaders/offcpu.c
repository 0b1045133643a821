/*
 * Off-CPU intervals from the scheduler's events: see loaders/offcpu.h.
 *
 * The sample being read is kept as frame text (root first) until its
 * end(); the sample hook, called just before, says what it is.  A task
 * switched out holds a copy of its stack in a slot (found by tid in an
 * open-addressing table) until its interval ends; slots are reused, so
 * the memory is one stack per task seen switching out.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loaders/offcpu.h"
#include "util/ascii.h"
#include "util/xalloc.h"

enum oc_kind {
	OC_NONE,      /* no perf fields: another format, passed unchanged */
	OC_SWITCH,    /* sched:sched_switch */
	OC_WAKEUP,    /* sched:sched_wakeup, _wakeup_new, _waking */
	OC_SCHED,     /* another sched: event: its task's next event */
	OC_OFFCPU,    /* offcpu-time: an interval of its period */
	OC_OTHER      /* cpu-clock and the like */
};

enum oc_bound { B_IN, B_WAKE, B_NEXT, B_NBOUNDS };

struct span {
	uint32_t off, len;
	uint32_t mod;   /* the module hooks' id, 0: none */
};

/* A sample's frames: text and spans, root first. */
struct stack {
	char *text;
	size_t len, cap;
	struct span *fr;
	size_t n, capfr;
};

/* A task switched out, waiting for its interval to end. */
struct slot {
	int32_t tid;
	int open;
	int has_wake;
	char state;
	int32_t cpu;
	int64_t t0, wake;
	uint64_t line;
	struct stack st;
};

struct offcpu {
	struct stack_sink *inner;
	struct stack_sink sink;
	void (*inner_sample)(void *ctx, const struct sample_meta *m);
	uint32_t (*inner_module_id)(void *ctx, const char *name, size_t len,
	    unsigned kind);
	void (*inner_module_set)(void *ctx, uint32_t id);
	struct diag *d;
	struct offcpu_opts o;
	struct stack cur;         /* the sample being read */
	int has_meta;             /* the hook told what it is */
	enum oc_kind kind;
	struct sample_meta meta;  /* its time and task (no fields kept) */
	int32_t prev, next;       /* switch: out, in; wakeup: next = woken */
	char state;
	struct slot *slots;
	size_t nslots, capslots;
	uint32_t *tab;            /* tid hash -> slot index + 1 */
	size_t tabcap;            /* a power of two, or 0 */
	uint64_t ended[B_NBOUNDS], offcpu_time, shorter, dropped;
	int untimed_told;
};

/* ------------------------------------------------------------ stacks */

static void
stack_add(struct stack *s, const char *name, size_t len)
{
	xgrow((void **)&s->text, &s->cap, s->len + len, 1);
	xgrow((void **)&s->fr, &s->capfr, s->n + 1, sizeof *s->fr);
	if (len > 0)
		memcpy(s->text + s->len, name, len);
	s->fr[s->n].off = (uint32_t)s->len;
	s->fr[s->n].len = (uint32_t)len;
	s->fr[s->n].mod = 0;
	s->n++;
	s->len += len;
}

static void
stack_copy(struct stack *to, const struct stack *from)
{
	xgrow((void **)&to->text, &to->cap, from->len + 1, 1);
	xgrow((void **)&to->fr, &to->capfr, from->n + 1, sizeof *to->fr);
	if (from->len > 0)
		memcpy(to->text, from->text, from->len);
	if (from->n > 0)
		memcpy(to->fr, from->fr, from->n * sizeof *from->fr);
	to->len = from->len;
	to->n = from->n;
}

static void
stack_free(struct stack *s)
{
	free(s->text);
	free(s->fr);
}

/* Give inner the frames of s, then extra (when not NULL), weighing w. */
static void
emit(struct offcpu *oc, const struct stack *s, const char *extra,
    struct tf_count w, const struct sample_meta *m)
{
	struct stack_sink *in = oc->inner;
	size_t i;

	in->begin(in->ctx);
	for (i = 0; i < s->n; i++) {
		in->frame(in->ctx, s->text + s->fr[i].off, s->fr[i].len);
		if (oc->inner_module_set != NULL && s->fr[i].mod != 0)
			oc->inner_module_set(in->ctx, s->fr[i].mod);
	}
	if (extra != NULL)
		in->frame(in->ctx, extra, strlen(extra));
	if (m != NULL && oc->inner_sample != NULL)
		oc->inner_sample(in->ctx, m);
	in->end(in->ctx, w);
}

/* ------------------------------------------------------------- slots */

static size_t
tid_hash(int32_t tid, size_t cap)
{
	return (size_t)(((uint32_t)tid * 2654435761u) & (uint32_t)(cap - 1));
}

/* The slot of tid, NULL when it has none (make: a new one). */
static struct slot *
slot_of(struct offcpu *oc, int32_t tid, int make)
{
	size_t h, i;
	uint32_t k;

	if (oc->tabcap > 0)
		for (h = tid_hash(tid, oc->tabcap); (k = oc->tab[h]) != 0;
		    h = (h + 1) & (oc->tabcap - 1))
			if (oc->slots[k - 1].tid == tid)
				return &oc->slots[k - 1];
	if (!make)
		return NULL;
	if ((oc->nslots + 1) * 2 > oc->tabcap) {
		free(oc->tab);
		oc->tabcap = oc->tabcap ? oc->tabcap * 2 : 64;
		oc->tab = xcalloc(oc->tabcap, sizeof *oc->tab);
		for (i = 0; i < oc->nslots; i++) {
			for (h = tid_hash(oc->slots[i].tid, oc->tabcap);
			    oc->tab[h] != 0; h = (h + 1) & (oc->tabcap - 1))
				;
			oc->tab[h] = (uint32_t)i + 1;
		}
	}
	xgrow((void **)&oc->slots, &oc->capslots, oc->nslots + 1,
	    sizeof *oc->slots);
	memset(&oc->slots[oc->nslots], 0, sizeof oc->slots[0]);
	oc->slots[oc->nslots].tid = tid;
	for (h = tid_hash(tid, oc->tabcap); oc->tab[h] != 0;
	    h = (h + 1) & (oc->tabcap - 1))
		;
	oc->tab[h] = (uint32_t)++oc->nslots;
	return &oc->slots[oc->nslots - 1];
}

/* End s's interval at t (bound b): to inner, or counted as left out. */
static void
slot_close(struct offcpu *oc, struct slot *s, int64_t t, enum oc_bound b)
{
	char frame[16];
	struct sample_meta m;

	s->open = 0;
	if (t - s->t0 <= 0 || t - s->t0 < oc->o.min_ns) {
		oc->shorter++;
		return;
	}
	snprintf(frame, sizeof frame, "[off-CPU %c]", s->state);
	memset(&m, 0, sizeof m);
	m.t = s->t0;
	m.has_time = 1;
	m.pid = -1;
	m.tid = s->tid;
	m.cpu = s->cpu;
	emit(oc, &s->st, frame, COUNT_INT((uint64_t)(t - s->t0)), &m);
	oc->ended[b]++;
}

/* tid is seen running at t: an open interval of it ends by then. */
static void
seen_running(struct offcpu *oc, int32_t tid, int64_t t)
{
	struct slot *s = tid > 0 ? slot_of(oc, tid, 0) : NULL;

	if (s == NULL || !s->open)
		return;
	if (t < s->t0) {
		diag_bad_line(oc->d, oc->meta.line, "event of a task before "
		    "its switch-out (out of order): interval left out", "", 0);
		s->open = 0;
		oc->dropped++;
		return;
	}
	if (s->has_wake)
		slot_close(oc, s, s->wake, B_WAKE);
	else
		slot_close(oc, s, t, B_NEXT);
}

/* ----------------------------------------------------- the fields */

/* The last "key" in s[0..n) after a space or at the start, or NULL. */
static const char *
field(const char *s, size_t n, const char *key, size_t *rest)
{
	size_t k = strlen(key), i;

	for (i = n >= k ? n - k + 1 : 0; i-- > 0;)
		if (memcmp(s + i, key, k) == 0 && (i == 0 || s[i - 1] == ' ')) {
			*rest = n - i - k;
			return s + i + k;
		}
	return NULL;
}

/* The decimal number at s (n bytes): -1 when there is none or too big. */
static int32_t
number(const char *s, size_t n)
{
	int64_t v = 0;
	size_t i;

	for (i = 0; i < n && is_digit((unsigned char)s[i]); i++)
		if ((v = v * 10 + (s[i] - '0')) > INT32_MAX)
			return -1;
	return i == 0 ? -1 : (int32_t)v;
}

/* sched_switch's fields: 0, or -1 when they do not read. */
static int
switch_fields(struct offcpu *oc, const char *a, size_t n)
{
	const char *arrow = NULL, *v;
	size_t i, r, pn;

	/* The last " ==> " before the last "next_pid=". */
	if ((v = field(a, n, "next_pid=", &r)) == NULL)
		return -1;
	oc->next = number(v, r);
	for (i = (size_t)(v - a); i >= 5; i--)
		if (memcmp(a + i - 5, " ==> ", 5) == 0) {
			arrow = a + i - 5;
			break;
		}
	if (arrow == NULL)
		return -1;
	pn = (size_t)(arrow - a);
	if ((v = field(a, pn, "prev_state=", &r)) == NULL || r == 0)
		return -1;
	oc->state = (v[0] >= 'A' && v[0] <= 'Z') || (v[0] >= 'a' &&
	    v[0] <= 'z') ? v[0] : '?';
	pn = (size_t)(v - a);
	if ((v = field(a, pn, "prev_pid=", &r)) == NULL)
		return -1;
	oc->prev = number(v, r);
	return oc->prev < 0 || oc->next < 0 ? -1 : 0;
}

/* What the event called e (n bytes) is. */
static enum oc_kind
kind_of(const char *e, size_t n)
{
	if (n == 18 && memcmp(e, "sched:sched_switch", 18) == 0)
		return OC_SWITCH;
	if ((n == 18 && memcmp(e, "sched:sched_wakeup", 18) == 0) ||
	    (n == 22 && memcmp(e, "sched:sched_wakeup_new", 22) == 0) ||
	    (n == 18 && memcmp(e, "sched:sched_waking", 18) == 0))
		return OC_WAKEUP;
	if (n > 6 && memcmp(e, "sched:", 6) == 0)
		return OC_SCHED;
	if (n == 11 && memcmp(e, "offcpu-time", 11) == 0)
		return OC_OFFCPU;
	return OC_OTHER;
}

/* The sample hook: what the sample about to end is. */
static void
oc_sample(void *ctx, const struct sample_meta *m)
{
	struct offcpu *oc = ctx;
	size_t r;
	const char *v;

	if (!oc->o.hot_cold && m->event != NULL &&
	    kind_of(m->event, m->eventlen) == OC_OTHER) {
		/* A sample not read (perf.offcpu 1): its task ran then. */
		oc->meta.line = m->line; /* (for a message) */
		if (m->has_time)
			seen_running(oc, m->tid, m->t);
		return;
	}
	oc->has_meta = 1;
	oc->meta = *m;
	oc->meta.event = oc->meta.args = NULL;
	oc->meta.eventlen = oc->meta.argslen = 0;
	oc->kind = m->event != NULL ? kind_of(m->event, m->eventlen) :
	    OC_OTHER;
	if (oc->kind == OC_SWITCH &&
	    switch_fields(oc, m->args, m->argslen) < 0) {
		diag_bad_line(oc->d, m->line, "sched_switch without "
		    "prev_pid=, prev_state= ==> next_pid=", m->args,
		    m->argslen);
		oc->kind = OC_SCHED;
	} else if (oc->kind == OC_WAKEUP) {
		v = field(m->args, m->argslen, "pid=", &r);
		oc->next = v != NULL ? number(v, r) : -1;
	}
}

/* ------------------------------------------------------ the events */

/* A sample of the scheduler, or another, ended: do what it says. */
static void
oc_event(struct offcpu *oc, struct tf_count count)
{
	int64_t t = oc->meta.t;
	struct slot *s;

	if (!oc->meta.has_time) {
		if (!oc->untimed_told++)
			diag_bad_line(oc->d, oc->meta.line, "sample without "
			    "a time: no off-CPU interval can be made", "", 0);
		return;
	}
	if (oc->kind == OC_SWITCH && oc->prev > 0 &&
	    (s = slot_of(oc, oc->prev, 0)) != NULL && s->open &&
	    s->t0 == t) {
		diag_bad_line(oc->d, oc->meta.line, "repeated switch-out "
		    "(same task, same time): left out", "", 0);
		return;
	}
	seen_running(oc, oc->meta.tid, t);
	switch (oc->kind) {
	case OC_SWITCH:
		if (oc->prev != oc->meta.tid)
			seen_running(oc, oc->prev, t);
		s = oc->next > 0 ? slot_of(oc, oc->next, 0) : NULL;
		if (s != NULL && s->open && t < s->t0) {
			diag_bad_line(oc->d, oc->meta.line, "switch-in before "
			    "its switch-out (out of order): interval left out",
			    "", 0);
			s->open = 0;
			oc->dropped++;
		} else if (s != NULL && s->open)
			slot_close(oc, s, t, B_IN);
		if (oc->prev <= 0)
			break; /* the idle task */
		s = slot_of(oc, oc->prev, 1);
		s->open = 1;
		s->has_wake = 0;
		s->state = oc->state;
		s->t0 = t;
		s->cpu = oc->meta.cpu;
		s->line = oc->meta.line;
		stack_copy(&s->st, &oc->cur);
		break;
	case OC_WAKEUP:
		s = oc->next > 0 ? slot_of(oc, oc->next, 0) : NULL;
		if (s != NULL && s->open && !s->has_wake && t >= s->t0) {
			s->has_wake = 1;
			s->wake = t;
		}
		break;
	case OC_OFFCPU:
		if (count.n > 0 && (int64_t)count.n >= oc->o.min_ns) {
			emit(oc, &oc->cur, "[off-CPU]", count, &oc->meta);
			oc->offcpu_time++;
		} else
			oc->shorter++;
		break;
	case OC_OTHER:
		if (oc->o.hot_cold)
			emit(oc, &oc->cur, NULL, count, &oc->meta);
		break;
	default:
		break;
	}
}

/* ------------------------------------------------------ the sink */

static void
oc_begin(void *ctx)
{
	struct offcpu *oc = ctx;

	oc->cur.len = oc->cur.n = 0;
	oc->has_meta = 0;
}

static void
oc_frame(void *ctx, const char *name, size_t len)
{
	stack_add(&((struct offcpu *)ctx)->cur, name, len);
}

/* The module hooks: the inner sink's ids, kept with each frame. */
static uint32_t
oc_module_id(void *ctx, const char *name, size_t len, unsigned kind)
{
	struct offcpu *oc = ctx;

	return oc->inner_module_id(oc->inner->ctx, name, len, kind);
}

static void
oc_module_set(void *ctx, uint32_t id)
{
	struct offcpu *oc = ctx;

	if (oc->cur.n > 0)
		oc->cur.fr[oc->cur.n - 1].mod = id;
}

static void
oc_end(void *ctx, struct tf_count count)
{
	struct offcpu *oc = ctx;

	if (oc->has_meta)
		oc_event(oc, count);
	else
		emit(oc, &oc->cur, NULL, count, NULL);
	oc->has_meta = 0;
}

struct offcpu *
offcpu_new(struct stack_sink *inner, struct load_opts *lo,
    const struct offcpu_opts *o, struct diag *d)
{
	struct offcpu *oc = xcalloc(1, sizeof *oc);

	oc->inner = inner;
	oc->d = d;
	oc->o = *o;
	oc->inner_sample = lo->sample;
	lo->sample = oc_sample;
	lo->perf.offcpu = o->hot_cold ? 2 : 1;
	if (lo->module_id != NULL && lo->module_set != NULL) {
		oc->inner_module_id = lo->module_id;
		oc->inner_module_set = lo->module_set;
		lo->module_id = oc_module_id;
		lo->module_set = oc_module_set;
	}
	lo->records = NULL; /* memleak's, not perf's */
	oc->sink.ctx = oc;
	oc->sink.begin = oc_begin;
	oc->sink.frame = oc_frame;
	oc->sink.end = oc_end;
	return oc;
}

struct stack_sink *
offcpu_sink(struct offcpu *oc)
{
	return &oc->sink;
}

void
offcpu_finish(struct offcpu *oc)
{
	uint64_t never = 0, total;
	struct slot *s;
	char task[32];
	size_t i;

	if (oc == NULL)
		return;
	for (i = 0; i < oc->nslots; i++) {
		s = &oc->slots[i];
		if (!s->open)
			continue;
		if (s->has_wake)
			slot_close(oc, s, s->wake, B_WAKE);
		else {
			snprintf(task, sizeof task, "task %ld",
			    (long)s->tid);
			if (never++ < 20)
				diag_bad_line(oc->d, s->line, "switched out, "
				    "never seen again: interval left out", task,
				    strlen(task));
			s->open = 0;
		}
	}
	total = oc->ended[B_IN] + oc->ended[B_WAKE] + oc->ended[B_NEXT];
	if (total > 0)
		diag_note(oc->d, "off-CPU: %llu intervals: %llu ended at "
		    "their switch-in, %llu at their wakeup (no switch-in "
		    "recorded), %llu at the task's next event (no wakeup "
		    "either)", (unsigned long long)total,
		    (unsigned long long)oc->ended[B_IN],
		    (unsigned long long)oc->ended[B_WAKE],
		    (unsigned long long)oc->ended[B_NEXT]);
	if (oc->offcpu_time > 0)
		diag_note(oc->d, "off-CPU: %llu offcpu-time samples",
		    (unsigned long long)oc->offcpu_time);
	if (oc->shorter > 0)
		diag_note(oc->d, "off-CPU: %llu intervals shorter than the "
		    "minimum left out", (unsigned long long)oc->shorter);
	if (never + oc->dropped > 0)
		diag_note(oc->d, "off-CPU: %llu intervals left out: %llu out "
		    "of order, %llu never ended", (unsigned long long)(never +
		    oc->dropped), (unsigned long long)oc->dropped,
		    (unsigned long long)never);
	if (total == 0 && oc->offcpu_time == 0)
		diag_note(oc->d, "off-CPU: no interval: the input needs "
		    "sched:sched_switch events with their stacks (perf record "
		    "-e sched:sched_switch -g)");
}

void
offcpu_free(struct offcpu *oc)
{
	size_t i;

	if (oc == NULL)
		return;
	for (i = 0; i < oc->nslots; i++)
		stack_free(&oc->slots[i].st);
	stack_free(&oc->cur);
	free(oc->slots);
	free(oc->tab);
	free(oc);
}

int
offcpu_parse_min(const char *s, int64_t *ns)
{
	static const struct {
		const char *unit;
		double ns;
	} units[] = {{"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}};
	char *end;
	double v;
	size_t i;

	if (s[0] == '\0' || !(is_digit((unsigned char)s[0]) || s[0] == '.'))
		return -1;
	v = strtod(s, &end);
	if (strcmp(end, "") == 0 && v == 0) {
		*ns = 0;
		return 0;
	}
	for (i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(end, units[i].unit) == 0 && v * units[i].ns < 9e18) {
			*ns = (int64_t)(v * units[i].ns + 0.5);
			return 0;
		}
	return -1;
}
