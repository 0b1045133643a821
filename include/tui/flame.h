/*
 * The graph screen's geometry (view_flame.c, flame_geom.c): which picture
 * line shows which row of the layout, the "... N callers" fold and the
 * trunk's "... N frames" fold, scrolling, and keeping the selection on the
 * screen.  Private to src/tui.
 */
#ifndef TFLAME_TUI_FLAME_H
#define TFLAME_TUI_FLAME_H

#include <stdint.h>

struct paint_style;
struct painter;
struct tui_screen;
struct tui_view;

/* flame_paint.c: how rectangle i of the graph looks (the painter's hook). */
void flame_paint_style(const struct painter *p, uint32_t i,
    struct paint_style *st);
/* flame_paint.c: the fold on picture line line, drawn on screen line y. */
void flame_draw_fold(struct tui_view *v, long line, int y);

/*
 * After a layout: find the trunk to fold into one "... N frames" line
 * (layout_trunk(); none when zoomed, unfolded, or when every row fits).
 */
void flame_trunk_find(struct tui_view *v);
/* True when picture line line is the trunk's "... N frames" line. */
int flame_is_trunk_line(const struct tui_view *v, long line);
/* True when the selection is one of the folded trunk's frames. */
int flame_in_trunk(const struct tui_view *v);
/* e (and Enter on the fold): unfold the trunk, or fold it again. */
int flame_trunk_toggle(struct tui_screen *s);
/* Scroll by delta lines, keeping the selection on the screen; flags. */
int flame_scroll_by(struct tui_view *v, long delta);
/* Rows folded into the "... N callers" line (0: none). */
uint32_t flame_folded_rows(const struct tui_view *v);
/* Lines in the picture: every row, and at least the graph area. */
long flame_picture_lines(const struct tui_view *v);
/* Picture line of row depth (a folded row: the fold's line). */
long flame_line_of(const struct tui_view *v, uint32_t depth);
/* True when picture line line is a fold: "... N callers" or the trunk's. */
int flame_is_fold_line(const struct tui_view *v, long line);
/* Row shown on picture line line (the fold: its nearest row), or -1. */
long flame_depth_of(const struct tui_view *v, long line);
/* Keep the scroll within the picture. */
void flame_clamp_scroll(struct tui_view *v);
/* Scroll so that the selection is on the screen. */
void flame_show_selection(struct tui_view *v);
/* Select rectangle i (LAYOUT_NONE: stay); reaction flags. */
int flame_select_rect(struct tui_view *v, uint32_t i);
/* After scrolling, bring the selection onto the screen (never a caller). */
void flame_follow_scroll(struct tui_view *v);
/* The rectangle that shows node: its own, its "+" bar, or an ancestor's. */
uint32_t flame_find_shown(const struct tui_view *v, uint32_t node);

#endif
