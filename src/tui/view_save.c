/*
 * The graph screen's "s": save the view as it is on the screen as an SVG
 * file.  The prompt offers a default name, in the current directory, or
 * when tflame cannot write there in $HOME, then $TMPDIR (or /tmp), and
 * the message after saving says why; "~" (alone or before "/") is $HOME;
 * the message gives the absolute path.  An existing file is overwritten
 * only after "y" (view_save_answer()).  The writing itself is
 * svg_write_file()'s (src/svg/file.c).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "svg/svg.h"
#include "tui/prompt.h"
#include "tui/view.h"
#include "util/escape.h"
#include "util/xalloc.h"

/* The default name offered last, and why it is not in "." (or NULL). */
static char offered[PROMPT_MAX];
static const char *offered_why;

/*
 * The directory for the default name: NULL for the current one, else
 * $HOME or $TMPDIR (/tmp) when "." cannot be written, with *why saying so.
 */
static const char *
default_dir(const char **why)
{
	const char *home = getenv("HOME"), *tmp = getenv("TMPDIR");

	*why = NULL;
	if (access(".", W_OK) == 0)
		return NULL;
	if (home != NULL && home[0] == '/' && access(home, W_OK) == 0) {
		*why = "the current directory is not writable";
		return home;
	}
	if (tmp == NULL || tmp[0] != '/')
		tmp = "/tmp";
	if (access(tmp, W_OK) == 0) {
		*why = "the current directory and $HOME are not writable";
		return tmp;
	}
	return NULL; /* nowhere better: the error will say why */
}

/*
 * Ask for a file name, "tflame-INPUT-YYYYmmdd-HHMMSS.svg" in the current
 * directory by default (see default_dir()), and save the view there as an
 * SVG.
 */
int
view_save_open(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	char name[PROMPT_MAX], stamp[32];
	const char *in = v->input, *base, *dir;
	time_t now = time(NULL);
	struct tm tm;
	size_t i, n, dl;

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
	dir = default_dir(&offered_why);
	if (n >= sizeof name)
		n = sizeof name - 1;
	if (dir != NULL && (dl = strlen(dir)) + 1 + n < sizeof offered) {
		memcpy(offered, dir, dl);
		if (offered[dl - 1] != '/')
			offered[dl++] = '/';
		memcpy(offered + dl, name, n + 1);
		memcpy(name, offered, dl + n + 1);
	} else {
		offered_why = NULL;
		snprintf(offered, sizeof offered, "%s", name);
	}
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
	char *err = NULL, *abs, shown[256], cwd[4096], sub[2048];
	const char *why = strcmp(path, offered) == 0 ? offered_why : NULL;
	int rc;

	sv.opts.subtitle = view_xform_subtitle(v, sub, sizeof sub,
	    sv.opts.subtitle); /* the breadcrumb (view_xform.c) */
	sv.inverted = v->inverted;
	sv.reverse = v->reverse;
	sv.negate = v->negate;
	/* A literal ("#" on a long name) is no regex for the SVG's script. */
	sv.search = v->search.flags & SEARCH_LITERAL ? NULL :
	    v->search.pattern;
	sv.search_icase = v->search.caseless;
	sv.zoom_tree = v->tree;
	sv.zoom_node = v->zoom;
	rc = svg_write_file(path, v->fwd, &sv, &err);
	if (rc != SVG_OK) {
		escape_text(shown, sizeof shown, err ? err : "cannot write the SVG",
		    strlen(err ? err : "cannot write the SVG"));
		snprintf(v->msgbuf, sizeof v->msgbuf, "Not saved: %s", shown);
	} else {
		/* Where it went, whatever the current directory. */
		abs = path[0] != '/' && getcwd(cwd, sizeof cwd) != NULL ?
		    xasprintf("%s%s%s", cwd, strcmp(cwd, "/") == 0 ? "" : "/",
		    path) : xstrdup(path);
		escape_text(shown, sizeof shown, abs, strlen(abs));
		snprintf(v->msgbuf, sizeof v->msgbuf, "Saved the SVG to %s%s%s%s",
		    shown, why != NULL ? " (" : "", why != NULL ? why : "",
		    why != NULL ? ")" : "");
		free(abs);
	}
	v->msg = v->msgbuf;
	free(err);
	return TUI_REDRAW;
}

/* path with a leading "~" or "~/" as $HOME: a new string. */
static char *
expand_tilde(const char *path)
{
	const char *home = getenv("HOME");

	if (path[0] == '~' && (path[1] == '/' || path[1] == '\0') &&
	    home != NULL && home[0] != '\0')
		return xasprintf("%s%s", home, path + 1);
	return xstrdup(path);
}

/* A key of the file-name prompt opened by `s`. */
int
view_save_input(struct tui_view *v, int key)
{
	struct prompt *p = &v->prompt;
	struct stat sb;
	char shown[256], *path;
	int flags;

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
		path = expand_tilde(p->buf);
		/* lstat: a link, even one that leads nowhere, asks too. */
		if (lstat(path, &sb) == 0 && !S_ISDIR(sb.st_mode)) {
			free(v->confirm);
			v->confirm = path;
			escape_text(shown, sizeof shown, path, strlen(path));
			snprintf(v->msgbuf, sizeof v->msgbuf,
			    "%s exists: overwrite it? (y/n)", shown);
			v->msg = v->msgbuf;
			return TUI_REDRAW;
		}
		flags = save_svg(v, path);
		free(path);
		return flags;
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
