/*
 * The SVG document: flamegraph.pl's layout and element order, tflame's
 * escaping and script.  See svg/svg.h.
 *
 * Geometry, with W the image width, FH the row height, FS the font size:
 *	widthpertime = (W - 2 * xpad) / total
 *	x1 = xpad + start * widthpertime, x2 = xpad + end * widthpertime
 *	flame:  y1 = H - ypad2 - (depth + 1) * FH + 1, y2 = H - ypad2 - depth * FH
 *	icicle: y1 = ypad1 + depth * FH,           y2 = ypad1 + (depth + 1) * FH - 1
 *	H = (depthmax + 1) * FH + ypad1 + ypad2 [+ ypad3 with a subtitle]
 *	ypad1 = 3 FS, ypad2 = 2 FS + 10, ypad3 = 2 FS
 * and the numbers are printed as flamegraph.pl prints them: x and width
 * with one decimal (width as the difference of the printed x's), y in
 * Perl's default format, label positions with two decimals.
 */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "model/units.h"
#include "svg/svg.h"
#include "util/xalloc.h"

#define FRAMEPAD 1
#define SEARCH_COLOR "rgb(230,0,230)"

void
svg_view_init(struct svg_view *v, const struct tree *t)
{
	memset(v, 0, sizeof *v);
	v->opts.width = 1200;
	v->opts.height = 16;
	v->opts.minwidth = "0.1";
	v->opts.fonttype = "Verdana";
	v->opts.fontsize = 12;
	v->opts.countname = "samples";
	v->opts.nametype = "Function:";
	v->opts.colors = PALETTE_HOT;
	v->prof = t != NULL && tree_nprof(t) == 2 ? SVG_DIFF : 0;
	v->zoom_node = TREE_NONE;
}

struct palette_rgb
svg_diff_rgb(double delta, double maxdelta, int negate)
{
	struct palette_rgb c = {255, 255, 255};
	double v = negate ? -delta : delta;

	if (v > 0)
		c.g = c.b = (uint8_t)(int)(210 * (maxdelta - v) / maxdelta);
	else if (v < 0)
		c.r = c.g = (uint8_t)(int)(210 * (maxdelta + v) / maxdelta);
	return c;
}

/* Everything one document needs, computed once. */
struct doc {
	FILE *fp;
	const struct svg_view *v;
	const struct svg_opts *o;
	struct svg_graph g;
	double W, FH, FS, H;
	double ypad1, ypad2, ypad3;
	double timemax, widthpertime;
	size_t zoom;               /* frame index, or SIZE_MAX */
	struct tf_units units;     /* the tooltips' wording (model/units.h) */
	int worded;                /* not flamegraph.pl's "N samples" */
};

static void
put_num(FILE *fp, double v)
{
	char buf[SVG_NUMSZ];

	fwrite(buf, 1, svg_format_num(buf, sizeof buf, v), fp);
}

static void
put_fixed(FILE *fp, double v, int decimals)
{
	char buf[SVG_NUMSZ];
	int n = snprintf(buf, sizeof buf, "%.*f", decimals, v);

	if (n > 0)
		fwrite(buf, 1, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1, fp);
}

static void
put_str_xml(FILE *fp, const char *s)
{
	svg_put_xml(fp, s, strlen(s), 1);
}

/*
 * The font family for CSS: characters that could end the declaration or
 * the rule ({ } ; \ and controls) are dropped, the rest is XML-escaped.
 */
static void
put_font(FILE *fp, const char *s)
{
	size_t i, start = 0, len = strlen(s);

	for (i = 0; i <= len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (i == len || c < 0x20 || c == 0x7f || c == '{' ||
		    c == '}' || c == ';' || c == '\\') {
			svg_put_xml(fp, s + start, i - start, 1);
			start = i + 1;
		}
	}
}

/* The head: declaration, root element, gradient, style, script. */
static void
write_head(struct doc *d)
{
	FILE *fp = d->fp;
	const struct svg_opts *o = d->o;
	const char *bg1, *bg2;

	palette_scheme_background(o->colors, &bg1, &bg2);
	fputs("<?xml version=\"1.0\" standalone=\"no\"?>\n"
	    "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
	    "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n", fp);
	fprintf(fp, "<svg version=\"1.1\" width=\"%ld\" height=\"", o->width);
	put_num(fp, d->H);
	fprintf(fp, "\" onload=\"init(evt)\" viewBox=\"0 0 %ld ", o->width);
	put_num(fp, d->H);
	fputs("\" xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n", fp);
	fputs("<!-- Flame graph drawn by tflame " PACKAGE_VERSION
	    ": click a frame to zoom, Ctrl-F to search. -->\n", fp);
	fprintf(fp, "<defs>\n"
	    "\t<linearGradient id=\"background\" y1=\"0\" y2=\"1\" x1=\"0\" x2=\"0\" >\n"
	    "\t\t<stop stop-color=\"%s\" offset=\"5%%\" />\n"
	    "\t\t<stop stop-color=\"%s\" offset=\"95%%\" />\n"
	    "\t</linearGradient>\n</defs>\n", bg1, bg2);
	fputs("<style type=\"text/css\">\n\ttext { font-family:", fp);
	put_font(fp, o->fonttype);
	fputs("; font-size:", fp);
	put_num(fp, d->FS);
	fputs("px; fill:rgb(0,0,0); }\n\t#title { text-anchor:middle; font-size:", fp);
	put_num(fp, d->FS + 5);
	fputs("px; }\n"
	    "\t#subtitle { text-anchor:middle; fill:rgb(160,160,160); }\n"
	    "\t#unzoom, #search, #ignorecase, #frames > g { cursor:pointer; }\n"
	    "\t#search, #ignorecase { opacity:0.1; }\n"
	    "\t#search:hover, #search.show, #ignorecase:hover, #ignorecase.show "
	    "{ opacity:1; }\n"
	    "\t#frames > g:hover > rect { stroke:rgb(0,0,0); stroke-width:0.5; }\n"
	    "\t.hide { display:none; }\n"
	    "\t.parent { opacity:0.5; }\n"
	    "</style>\n", fp);
}

/* The script: the code, then its settings as JSON. */
static void
write_script(struct doc *d)
{
	FILE *fp = d->fp;
	const struct svg_opts *o = d->o;
	const char *s;

	fputs("<script type=\"text/ecmascript\"><![CDATA[\n", fp);
	fputs(svg_script, fp);
	fputs("var tflame = {\"nametype\": ", fp);
	svg_put_json(fp, o->nametype, strlen(o->nametype));
	fputs(", \"countname\": ", fp);
	svg_put_json(fp, o->countname, strlen(o->countname));
	fprintf(fp, ", \"worded\": %s", d->worded ? "true" : "false");
	fputs(", \"fontsize\": ", fp);
	put_num(fp, d->FS);
	fputs(", \"fontwidth\": ", fp);
	put_num(fp, SVG_FONTWIDTH);
	fprintf(fp, ", \"xpad\": %d, \"inverted\": %s, \"searchcolor\": \"%s\"",
	    SVG_XPAD, d->v->inverted ? "true" : "false", SEARCH_COLOR);
	fputs(",\n\t\"search\": ", fp);
	s = d->v->search;
	if (s != NULL && *s != '\0')
		svg_put_json(fp, s, strlen(s));
	else
		fputs("null", fp);
	fprintf(fp, ", \"ignorecase\": %s, \"zoom\": ",
	    d->v->search_icase ? "true" : "false");
	if (d->zoom != SIZE_MAX) {
		const struct svg_frame *f = &d->g.frames[d->zoom];
		char buf[SVG_NUMSZ];
		double y1;
		int n;

		n = snprintf(buf, sizeof buf, "%.1f",
		    SVG_XPAD + f->start * d->widthpertime);
		fputs("{\"x\": ", fp);
		svg_put_json(fp, buf, n > 0 ? (size_t)n : 0);
		if (!d->v->inverted)
			y1 = d->H - d->ypad2 - (f->depth + 1) * d->FH + FRAMEPAD;
		else
			y1 = d->ypad1 + f->depth * d->FH;
		fputs(", \"y\": ", fp);
		svg_put_json(fp, buf, svg_format_num(buf, sizeof buf, y1));
		putc('}', fp);
	} else {
		fputs("null", fp);
	}
	fputs("};\n]]></script>\n", fp);
}

/* <text id="ID" x="X" y="Y" EXTRA>TEXT</text> */
static void
put_label(FILE *fp, const char *id, double x, double y, const char *extra,
    const char *text)
{
	fprintf(fp, "<text id=\"%s\" x=\"", id);
	put_fixed(fp, x, 2);
	fputs("\" y=\"", fp);
	put_num(fp, y);
	fprintf(fp, "\" %s>", extra);
	put_str_xml(fp, text);
	fputs("</text>\n", fp);
}

/* Background, title, buttons and the two text lines at the bottom. */
static void
write_chrome(struct doc *d)
{
	FILE *fp = d->fp;
	const struct svg_opts *o = d->o;
	const char *title = o->title;
	double mid = (double)(o->width / 2);

	if (title == NULL)
		title = d->v->chart != NULL ? "Flame Chart" :
		    d->v->inverted ? "Icicle Graph" : "Flame Graph";
	fprintf(fp, "<rect x=\"0.0\" y=\"0\" width=\"%ld.0\" height=\"", o->width);
	put_fixed(fp, d->H, 1);
	fputs("\" fill=\"url(#background)\"  />\n", fp);
	put_label(fp, "title", mid, d->FS * 2, "", title);
	if (o->subtitle != NULL && o->subtitle[0] != '\0')
		put_label(fp, "subtitle", mid, d->FS * 4, "", o->subtitle);
	put_label(fp, "details", SVG_XPAD, d->H - d->ypad2 / 2, "", " ");
	put_label(fp, "unzoom", SVG_XPAD, d->FS * 2, "class=\"hide\"",
	    "Reset Zoom");
	put_label(fp, "search", d->W - SVG_XPAD - 100, d->FS * 2, "", "Search");
	put_label(fp, "ignorecase", d->W - SVG_XPAD - 16, d->FS * 2, "", "ic");
	put_label(fp, "matched", d->W - SVG_XPAD - 100, d->H - d->ypad2 / 2, "",
	    " ");
}

/* The fill of frame f called name[0..len). */
static struct palette_rgb
frame_rgb(const struct doc *d, const struct svg_frame *f, const char *name,
    size_t len)
{
	struct palette_rgb grey;

	if ((len == 2 && name[0] == '-' && name[1] == '-') ||
	    (len == 1 && name[0] == '-')) {
		grey.r = grey.g = grey.b = len == 2 ? 160 : 200;
		return grey;
	}
	if (f->has_delta)
		return svg_diff_rgb(f->delta, d->g.maxdelta, d->v->negate);
	if (d->o->colors == PALETTE_CHAIN)
		return palette_chain_rgb(f->waker, d->o->hash, name, len);
	if (f->cold && d->o->colors == PALETTE_HOT) /* off-CPU: io's blues */
		return palette_scheme_rgb(PALETTE_IO, d->o->hash, name, len);
	return palette_scheme_rgb(d->o->colors, d->o->hash, name, len);
}

static void
write_frame(struct doc *d, const struct svg_frame *f)
{
	FILE *fp = d->fp;
	const struct svg_opts *o = d->o;
	char x1s[SVG_NUMSZ], x2s[SVG_NUMSZ], buf[SVG_NUMSZ];
	double end, x1, x2, y1, y2, samples;
	size_t len, shown, nchars;
	const char *name;
	struct palette_rgb c;
	long chars;
	int root = f->depth == 0;

	name = strtab_get(tree_strtab_c(d->g.t), f->name, &len);
	end = root ? d->timemax : f->end;
	x1 = SVG_XPAD + f->start * d->widthpertime;
	x2 = SVG_XPAD + end * d->widthpertime;
	if (!d->v->inverted) {
		y1 = d->H - d->ypad2 - (f->depth + 1) * d->FH + FRAMEPAD;
		y2 = d->H - d->ypad2 - f->depth * d->FH;
	} else {
		y1 = d->ypad1 + f->depth * d->FH;
		y2 = d->ypad1 + (f->depth + 1) * d->FH - FRAMEPAD;
	}

	/*
	 * <title>NAME (N samples, P%[; D%])</title>, or worded as the
	 * viewer's status line: NAME (2.46 s cpu-clock, 1,228 samples, P%),
	 * the weight then in data-w for the script.
	 */
	shown = svg_strip_annotation(name, len);
	if (d->worded) {
		fputs("<g data-w=\"", fp);
		put_num(fp, end - f->start);
		fputs("\">\n<title>", fp);
	} else
		fputs("<g >\n<title>", fp);
	if (root)
		fputs("all", fp);
	else
		svg_put_xml(fp, name, shown, 1);
	fputs(" (", fp);
	if (d->worded) {
		char words[256];

		svg_format_samples(buf, sizeof buf, end - f->start, &samples);
		units_total(words, sizeof words, &d->units,
		    (struct tf_count){(uint64_t)samples, 0.0},
		    (uint64_t)f->samples);
		put_str_xml(fp, words);
	} else {
		fwrite(buf, 1, svg_format_samples(buf, sizeof buf,
		    end - f->start, &samples), fp);
		putc(' ', fp);
		put_str_xml(fp, o->countname);
	}
	if (root) {
		fputs(", 100%", fp);
	} else {
		fputs(", ", fp);
		put_fixed(fp, 100 * samples / d->timemax, 2);
		putc('%', fp);
		if (f->has_delta) {
			double v = d->v->negate ? -f->delta : f->delta;

			if (v == 0)
				v = 0; /* -0 prints as "-0.00"; Perl's -0 is 0 */
			fputs("; ", fp);
			if (v > 0)
				putc('+', fp);
			put_fixed(fp, 100 * v / d->timemax, 2);
			putc('%', fp);
		}
	}
	fputs(")</title>", fp);

	/* <rect .../>: width is the difference of the printed x's. */
	c = frame_rgb(d, f, name, len);
	snprintf(x1s, sizeof x1s, "%.1f", x1);
	snprintf(x2s, sizeof x2s, "%.1f", x2);
	fprintf(fp, "<rect x=\"%s\" y=\"", x1s);
	put_num(fp, y1);
	fputs("\" width=\"", fp);
	put_fixed(fp, strtod(x2s, NULL) - strtod(x1s, NULL), 1);
	fputs("\" height=\"", fp);
	put_fixed(fp, y2 - y1, 1);
	fprintf(fp, "\" fill=\"rgb(%u,%u,%u)\" rx=\"2\" ry=\"2\" />\n",
	    c.r, c.g, c.b);

	/* The label: as many characters as fit at FS * 0.59 px each. */
	fputs("<text  x=\"", fp);
	put_fixed(fp, x1 + 3, 2);
	fputs("\" y=\"", fp);
	put_num(fp, 3 + (y1 + y2) / 2);
	fputs("\" >", fp);
	chars = (long)((x2 - x1) / (d->FS * SVG_FONTWIDTH));
	if (chars >= 3 && !root) {
		nchars = svg_char_count(name, shown);
		if ((size_t)chars < nchars) {
			svg_put_xml(fp, name, svg_char_prefix(name, shown,
			    (size_t)chars - 2), 0);
			fputs("..", fp);
		} else {
			svg_put_xml(fp, name, shown, 0);
		}
	}
	fputs("</text>\n</g>\n", fp);
}

/* Write the document; the numeric locale is "C" here. */
static int
write_doc(FILE *fp, const struct tree *t, const struct svg_view *v,
    char **err)
{
	const struct svg_opts *o = &v->opts;
	struct doc d;
	double minwidth;
	int pct, rc;
	size_t i;
	char *msg;

	if (svg_minwidth_parse(o->minwidth, &minwidth, &pct) != 0) {
		if (err != NULL)
			*err = xasprintf("--minwidth takes pixels (0.1) or a "
			    "percentage (0.5%%)");
		return SVG_EUSAGE;
	}
	msg = NULL;
	if (o->width <= 2 * SVG_XPAD)
		msg = xasprintf("--width must be above %d", 2 * SVG_XPAD);
	else if (o->height < 1 || !(o->fontsize > 0))
		msg = xasprintf("--height and --fontsize must be above 0");
	else if ((unsigned)o->colors >= PALETTE_NSCHEMES)
		msg = xasprintf("unknown palette");
	else if (v->prof == SVG_DIFF ? tree_nprof(t) != 2 :
	    v->prof < 0 || v->prof >= tree_nprof(t))
		msg = xasprintf("no profile %d to draw", v->prof);
	if (msg != NULL) {
		if (err != NULL)
			*err = msg;
		else
			free(msg);
		return SVG_EUSAGE;
	}
	memset(&d, 0, sizeof d);
	d.fp = fp;
	d.v = v;
	d.o = o;
	d.W = (double)o->width;
	d.FH = (double)o->height;
	d.FS = o->fontsize;
	rc = v->chart != NULL ? svg_chart_graph(&d.g, t, v->chart, d.W,
	    minwidth, pct) :
	    svg_graph_build(&d.g, t, v->prof, v->reverse, d.W, minwidth, pct);
	if (rc != SVG_OK) {
		svg_graph_free(&d.g);
		if (err != NULL)
			*err = xasprintf("no samples");
		return rc;
	}
	d.ypad1 = d.FS * 3;
	d.ypad2 = d.FS * 2 + 10;
	d.ypad3 = d.FS * 2;
	d.timemax = d.g.time;
	if (v->prof != SVG_DIFF) {
		units_init(&d.units, o->event, o->countname,
		    tree_has_samples(t) && tree_samples(t, v->prof, TREE_ROOT) !=
		    tree_total(t, v->prof, TREE_ROOT).n);
		d.worded = d.units.samples || d.units.of != NULL ||
		    d.units.ns || d.units.bytes; /* durations, sizes */
	}
	d.widthpertime = (d.W - 2 * SVG_XPAD) / d.timemax;
	d.H = (d.g.depthmax + 1) * d.FH + d.ypad1 + d.ypad2;
	if (o->subtitle != NULL && o->subtitle[0] != '\0')
		d.H += d.ypad3;
	d.zoom = SIZE_MAX;
	if (v->zoom_node != TREE_NONE && v->zoom_node != TREE_ROOT)
		d.zoom = svg_graph_find(&d.g, v->zoom_tree != NULL ?
		    v->zoom_tree : t, v->zoom_node);

	write_head(&d);
	write_script(&d);
	write_chrome(&d);
	fputs("<g id=\"frames\">\n", fp);
	/* A failed stream (full disk, a signal: util/outfile.h) stops it. */
	for (i = 0; i < d.g.nframes && !ferror(fp); i++)
		write_frame(&d, &d.g.frames[i]);
	fputs("</g>\n</svg>\n", fp);
	svg_graph_free(&d.g);
	return SVG_OK;
}

int
svg_write(FILE *fp, const struct tree *t, const struct svg_view *v,
    char **err)
{
	locale_t c_locale, old;
	int rc, e;

	if (err != NULL)
		*err = NULL;
	/* printf and strtod with "." whatever LC_NUMERIC says. */
	c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	if (c_locale == (locale_t)0) {
		if (err != NULL)
			*err = xasprintf("cannot switch to the C locale: %s",
			    strerror(errno));
		return SVG_EIO;
	}
	old = uselocale(c_locale);
	rc = write_doc(fp, t, v, err);
	uselocale(old);
	freelocale(c_locale);
	if (rc != SVG_OK)
		return rc;
	errno = 0;
	if (fflush(fp) != 0 || ferror(fp)) {
		e = errno != 0 ? errno : EIO;
		if (err != NULL)
			*err = xasprintf("write error: %s", strerror(e));
		return SVG_EIO;
	}
	return SVG_OK;
}
