/*
 * The graph screen's "s": save the view as it is on the screen as an SVG
 * file.  The prompt offers a default name; an existing file is
 * overwritten only after "y" (view_save_answer()).  The writing itself is
 * svg_write_file()'s (src/svg/file.c).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "svg/svg.h"
#include "tui/prompt.h"
#include "tui/view.h"
#include "util/escape.h"
#include "util/xalloc.h"

/*
 * Ask for a file name, "tflame-INPUT-YYYYmmdd-HHMMSS.svg" in the current
 * directory by default, and save the view there as an SVG.
 */
int
view_save_open(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	char name[PROMPT_MAX], stamp[32];
	const char *in = v->input, *base;
	time_t now = time(NULL);
	struct tm tm;
	size_t i, n;

	base = in == NULL || strcmp(in, "-") == 0 ? "stdin" : in;
	if (strrchr(base, '/') != NULL && strrchr(base, '/')[1] != '\0')
		base = strrchr(base, '/') + 1;
	if (localtime_r(&now, &tm) == NULL ||
	    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm) == 0)
		snprintf(stamp, sizeof stamp, "%lld", (long long)now);
	n = (size_t)snprintf(name, sizeof name, "tflame-%.200s-%s.svg", base,
	    stamp);
	/* Keep the default name plain: letters, digits, ".", "-", "_". */
	for (i = 7; i < n && i < sizeof name; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') ||
		    (name[i] >= 'A' && name[i] <= 'Z') ||
		    (name[i] >= '0' && name[i] <= '9') || name[i] == '.' ||
		    name[i] == '-' || name[i] == '_'))
			name[i] = '_';
	prompt_open_with(&v->prompt, name);
	v->saving = 1;
	return TUI_REDRAW;
}

/*
 * Write the view as it is on the screen to path as an SVG: the command
 * line's SVG options, the zoom (the file's initial zoom; Reset Zoom shows
 * everything), flame or icicle, the reverse view, the differential colours
 * and the search as its initial search.
 */
static int
save_svg(struct tui_view *v, const char *path)
{
	struct svg_view sv = v->svg;
	char *err = NULL, shown[256];
	int rc;

	sv.inverted = v->inverted;
	sv.reverse = v->reverse;
	sv.negate = v->negate;
	sv.search = v->search.pattern;
	sv.search_icase = v->search.caseless;
	sv.zoom_tree = v->tree;
	sv.zoom_node = v->zoom;
	rc = svg_write_file(path, v->fwd, &sv, &err);
	escape_text(shown, sizeof shown, rc == SVG_OK ? path :
	    err ? err : "cannot write the SVG", strlen(rc == SVG_OK ? path :
	    err ? err : "cannot write the SVG"));
	snprintf(v->msgbuf, sizeof v->msgbuf, rc == SVG_OK ?
	    "Saved the SVG to %s" : "Not saved: %s", shown);
	v->msg = v->msgbuf;
	free(err);
	return TUI_REDRAW;
}

/* A key of the file-name prompt opened by `s`. */
int
view_save_input(struct tui_view *v, int key)
{
	struct prompt *p = &v->prompt;
	struct stat sb;
	char shown[256];

	switch (prompt_key(p, key)) {
	case PROMPT_NONE:
	case PROMPT_TAB:
		return 0;
	case PROMPT_CANCEL:
		v->saving = 0;
		v->msg = "Not saved.";
		return TUI_REDRAW;
	case PROMPT_ENTER:
		v->saving = 0;
		if (p->len == 0) {
			v->msg = "Not saved: no file name.";
			return TUI_REDRAW;
		}
		if (stat(p->buf, &sb) == 0 && !S_ISDIR(sb.st_mode)) {
			free(v->confirm);
			v->confirm = xstrdup(p->buf);
			escape_text(shown, sizeof shown, p->buf, p->len);
			snprintf(v->msgbuf, sizeof v->msgbuf,
			    "%s exists: overwrite it? (y/n)", shown);
			v->msg = v->msgbuf;
			return TUI_REDRAW;
		}
		return save_svg(v, p->buf);
	case PROMPT_CHANGED:
		break;
	}
	return TUI_REDRAW;
}

/* The answer to "overwrite it? (y/n)": save on y, else say it was not. */
int
view_save_answer(struct tui_view *v, int key)
{
	char *path = v->confirm;
	int flags;

	v->confirm = NULL;
	if (key == 'y' || key == 'Y')
		flags = save_svg(v, path);
	else {
		v->msg = "Not saved.";
		flags = TUI_REDRAW;
	}
	free(path);
	return flags;
}
