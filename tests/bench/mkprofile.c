/*
 * mkprofile: build a large, realistic `perf script` file from real ones,
 * deterministically, for the benchmark.
 *
 *	mkprofile SIZE_MB OUT IN.perf [IN.perf ...]
 *
 * Samples are copied round-robin from the inputs (gzip-compressed inputs
 * are not supported: give plain text).  Copy r keeps most frames, renames
 * about one frame in eight (name + "_rN", chosen by a hash of the frame text
 * and r) so that the number of distinct frames and stacks grows with the
 * size as in long recordings, and shifts the pid.  The same arguments always
 * give the same bytes.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sample {
	char *text;
	size_t len;
};

static struct sample *samples;
static size_t nsamples, capsamples;

static void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL) {
		perror("mkprofile");
		exit(1);
	}
	return p;
}

/* Read the samples (blocks ended by an empty line) of one file. */
static void
read_samples(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL, *block = NULL;
	size_t cap = 0, blen = 0, bcap = 0;
	ssize_t n;

	if (fp == NULL) {
		fprintf(stderr, "mkprofile: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	for (;;) {
		n = getline(&line, &cap, fp);
		if (n <= 0 || (n == 1 && line[0] == '\n')) {
			if (blen > 0) {
				if (nsamples == capsamples) {
					capsamples = capsamples ? capsamples * 2 : 1024;
					samples = xrealloc(samples, capsamples * sizeof *samples);
				}
				samples[nsamples].text = block;
				samples[nsamples++].len = blen;
				block = NULL;
				blen = bcap = 0;
			}
			if (n <= 0)
				break;
			continue;
		}
		if (line[0] == '#')
			continue;
		if (blen + (size_t)n + 1 > bcap) {
			bcap = (blen + (size_t)n + 1) * 2;
			block = xrealloc(block, bcap);
		}
		memcpy(block + blen, line, (size_t)n);
		blen += (size_t)n;
	}
	free(line);
	free(block);
	fclose(fp);
}

static uint32_t
fnv(const char *s, size_t n, uint32_t seed)
{
	uint32_t h = 2166136261u ^ seed;

	while (n--)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

/* Write sample s as copy r. */
static size_t
write_copy(FILE *out, const struct sample *s, unsigned r)
{
	const char *p = s->text, *end = s->text + s->len, *nl, *sym, *cut;
	size_t written = 0;
	int first = 1;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = end;
		if (first) {
			/* Header: shift the first number (the pid) by 100000 * r. */
			const char *d = p;

			while (d < nl && !(d > p && d[-1] == ' ' && *d >= '0' && *d <= '9'))
				d++;
			if (d < nl && r > 0) {
				char *e;
				unsigned long pid = strtoul(d, &e, 10);

				written += fwrite(p, 1, (size_t)(d - p), out);
				written += (size_t)fprintf(out, "%lu", pid + 100000ul * r);
				written += fwrite(e, 1, (size_t)(nl - e), out);
			} else
				written += fwrite(p, 1, (size_t)(nl - p), out);
			first = 0;
		} else {
			/* Stack line: maybe rename the symbol (before "+0x" or " ("). */
			sym = p;
			while (sym < nl && (*sym == ' ' || *sym == '\t'))
				sym++;
			while (sym < nl && *sym != ' ')
				sym++;
			cut = NULL;
			if (r > 0 && sym < nl &&
			    fnv(sym, (size_t)(nl - sym), 0) % 8 == r % 8) {
				const char *q;

				for (q = sym + 1; q + 3 <= nl && cut == NULL; q++)
					if (memcmp(q, "+0x", 3) == 0 || memcmp(q, " (", 2) == 0)
						cut = q;
			}
			if (cut != NULL) {
				written += fwrite(p, 1, (size_t)(cut - p), out);
				written += (size_t)fprintf(out, "_r%u", r);
				written += fwrite(cut, 1, (size_t)(nl - cut), out);
			} else
				written += fwrite(p, 1, (size_t)(nl - p), out);
		}
		written += (size_t)(fputc('\n', out) != EOF);
	}
	written += (size_t)(fputc('\n', out) != EOF);
	return written;
}

int
main(int argc, char **argv)
{
	unsigned long long target, written = 0;
	unsigned r = 0;
	size_t i;
	FILE *out;
	int a;

	if (argc < 4) {
		fprintf(stderr, "usage: mkprofile SIZE_MB OUT IN.perf...\n");
		return 2;
	}
	target = strtoull(argv[1], NULL, 10) << 20;
	for (a = 3; a < argc; a++)
		read_samples(argv[a]);
	if (nsamples == 0) {
		fprintf(stderr, "mkprofile: no samples in the inputs\n");
		return 1;
	}
	out = fopen(argv[2], "w");
	if (out == NULL) {
		fprintf(stderr, "mkprofile: %s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	while (written < target) {
		for (i = 0; i < nsamples && written < target; i++)
			written += write_copy(out, &samples[i], r);
		r++;
	}
	if (fclose(out) != 0) {
		perror("mkprofile");
		return 1;
	}
	return 0;
}
