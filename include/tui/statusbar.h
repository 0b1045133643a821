/*
 * The fields of the graph screen's status line (statusbar.c), one
 * function each: append the field's text to tx, or nothing when it has
 * nothing to say.  The counts of the selection are worded in
 * statusbar_count.c.  Private to src/tui.
 */
#ifndef TFLAME_TUI_STATUSBAR_H
#define TFLAME_TUI_STATUSBAR_H

#include <stddef.h>

struct tui_text;
struct tui_view;

typedef void sb_fill(struct tui_view *, struct tui_text *);

/* "2.46 s cpu-clock, 1,228 samples"; --diff: "before 1,200 (12.00%)". */
sb_fill statusbar_samples;
/* "45.67% of all"; --diff: "after 1,300 (13.00%)". */
sb_fill statusbar_of_all;
/* "100.00% of zoom" once zoomed in; --diff: "change +100 (+3.45 pp)". */
sb_fill statusbar_of_zoom;
/* "self 12"; --diff: "[widths: after]". */
sb_fill statusbar_self;

/* part as a percentage of whole, "12.34%". */
void statusbar_share(char *out, size_t cap, double part, double whole);

#endif
