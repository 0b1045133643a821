/*
 * svg_write_file(): svg_write() into a file named on the command line or
 * typed in the viewer, by the output rule of util/outfile.h: "-" and
 * /dev/stdout are the descriptor as it is, a symbolic link is opened
 * through the link and its file written in place, a device or FIFO is
 * written into, and only a regular file or a new name is replaced
 * atomically (an unnamed temporary file, linked in when complete).
 *
 * A signal during the write (SIGINT, SIGTERM, ...) stops it at the
 * stream's next write: the writer sees the error, the output is aborted
 * (no temporary file stays, a replaced file is untouched), and the signal
 * is raised again, so `tflame --svg` ends by it (Ctrl-C: status 130).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "svg/svg.h"
#include "util/outfile.h"
#include "util/xalloc.h"

int
svg_write_file(const char *path, const struct tree *t,
    const struct svg_view *v, char **err)
{
	struct outfile of;
	char *e = NULL;
	int rc;

	if (err != NULL)
		*err = NULL;
	if (outfile_open(&of, path, err) != 0)
		return SVG_EIO;
	rc = svg_write(of.fp, t, v, &e);
	if (rc == SVG_OK) {
		free(e);
		return outfile_commit(&of, err) == 0 ? SVG_OK : SVG_EIO;
	}
	/* A dangling link whose file could not be made: not a write error. */
	if (rc == SVG_EIO && of.lazy && of.fd < 0 && outfile_error(&of) != 0) {
		free(e);
		e = xstrdup(strerror(outfile_error(&of)));
	}
	outfile_abort(&of);
	/* Still here: no signal, or one a handler of the caller took. */
	if (rc == SVG_EIO && err != NULL)
		*err = strcmp(path, "-") == 0 ?
		    xasprintf("standard output: %s", e ? e : "write error") :
		    xasprintf("cannot write %s: %s", path, e ? e : "write error");
	else if (err != NULL)
		*err = e, e = NULL;
	free(e);
	return rc;
}
