/*
 * mkpprof: build a large pprof profile (profile.proto, not compressed) from
 * folded stacks, deterministically, for the benchmark.
 *
 *	mkpprof SIZE_MB OUT IN.folded
 *
 * Each line "a;b;c N" of IN becomes a sample whose locations are c, b, a
 * (leaf first), with the two values of a Go CPU profile: samples 1 and
 * cpu/nanoseconds N (perf's periods are large already).  Each distinct frame name is one function
 * and one location (ids from 1), in one mapping.  IN is read again from
 * the start, each pass renaming the leaf ("name_pK"), until the samples
 * reach SIZE_MB; the tables and the string table follow them.  The same
 * arguments always give the same bytes.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct name {
	char *s;
	size_t len;
	uint64_t id;
};

static struct name *names;     /* open addressing, by hash */
static size_t nnames, capnames = 1u << 16;

/* FNV-1a. */
static uint64_t
hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;

	while (n-- > 0)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return h;
}

/* The id (from 1) of name s[0..n), added when new. */
static uint64_t
intern(const char *s, size_t n)
{
	size_t i, mask;
	struct name *old;
	size_t oldcap, k;

	if (2 * (nnames + 1) > capnames) {
		old = names;
		oldcap = capnames;
		capnames *= 2;
		names = calloc(capnames, sizeof *names);
		if (names == NULL)
			abort();
		for (k = 0; old != NULL && k < oldcap; k++) {
			if (old[k].s == NULL)
				continue;
			for (i = hash(old[k].s, old[k].len) & (capnames - 1);
			    names[i].s != NULL; i = (i + 1) & (capnames - 1))
				;
			names[i] = old[k];
		}
		free(old);
	}
	if (names == NULL && (names = calloc(capnames, sizeof *names)) == NULL)
		abort();
	mask = capnames - 1;
	for (i = hash(s, n) & mask; names[i].s != NULL; i = (i + 1) & mask)
		if (names[i].len == n && memcmp(names[i].s, s, n) == 0)
			return names[i].id;
	names[i].s = malloc(n + 1);
	if (names[i].s == NULL)
		abort();
	memcpy(names[i].s, s, n);
	names[i].len = n;
	names[i].id = ++nnames;
	return names[i].id;
}

/* Write a varint to buf; its length. */
static size_t
varint(unsigned char *buf, uint64_t v)
{
	size_t n = 0;

	while (v >= 0x80) {
		buf[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	buf[n++] = (unsigned char)v;
	return n;
}

/* Write field key and a length-delimited body. */
static void
put_msg(FILE *fp, unsigned field, const unsigned char *body, size_t n)
{
	unsigned char h[16];
	size_t k = varint(h, (uint64_t)field << 3 | 2);

	k += varint(h + k, n);
	fwrite(h, 1, k, fp);
	fwrite(body, 1, n, fp);
}

int
main(int argc, char **argv)
{
	FILE *in, *out;
	char *line = NULL, *p, *sp, leaf[64];
	size_t cap = 0, n, i, bl, total = 0, want;
	ssize_t len;
	uint64_t *ids = NULL, count, strid;
	size_t nids, capids = 0, pass = 0;
	unsigned char *body = NULL, tmp[64];
	size_t capbody = 0;
	struct name *byid;

	if (argc != 4) {
		fprintf(stderr, "usage: mkpprof SIZE_MB OUT IN.folded\n");
		return 2;
	}
	want = (size_t)strtoul(argv[1], NULL, 10) << 20;
	if ((in = fopen(argv[3], "r")) == NULL || (out = fopen(argv[2], "w")) == NULL) {
		perror("mkpprof");
		return 1;
	}
	/* sample_type: samples/count, cpu/nanoseconds (strings 1..4) */
	fwrite("\x0a\x04\x08\x01\x10\x02\x0a\x04\x08\x03\x10\x04", 1, 12, out);
	/* names take string ids from 5 on: name id k is string 4 + k */
	while (total < want) {
		len = getline(&line, &cap, in);
		if (len < 0) {
			rewind(in);
			pass++;
			continue;
		}
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		sp = strrchr(line, ' ');
		if (sp == NULL)
			continue;
		count = strtoull(sp + 1, NULL, 10);
		*sp = '\0';
		nids = 0;
		for (p = line;;) {
			char *semi = strchr(p, ';');

			n = semi ? (size_t)(semi - p) : strlen(p);
			if (nids == capids) {
				capids = capids ? 2 * capids : 256;
				ids = realloc(ids, capids * sizeof *ids);
				if (ids == NULL)
					abort();
			}
			if (semi == NULL && pass > 0) {
				bl = (size_t)snprintf(leaf, sizeof leaf, "%.*s_p%zu",
				    (int)(n < 40 ? n : 40), p, pass);
				ids[nids++] = intern(leaf, bl);
			} else
				ids[nids++] = intern(p, n);
			if (semi == NULL)
				break;
			p = semi + 1;
		}
		/* Sample: 1 location_id (packed, leaf first), 2 value (packed) */
		if (capbody < nids * 10 + 64) {
			capbody = nids * 10 + 64;
			body = realloc(body, capbody);
			if (body == NULL)
				abort();
		}
		{
			unsigned char *locs = malloc(nids * 10 + 1);
			size_t ln = 0, bn = 0, vn;

			if (locs == NULL)
				abort();
			for (i = nids; i > 0; i--)
				ln += varint(locs + ln, ids[i - 1]);
			body[bn++] = 0x0a;
			bn += varint(body + bn, ln);
			memcpy(body + bn, locs, ln);
			bn += ln;
			free(locs);
			vn = varint(tmp, 1);
			vn += varint(tmp + vn, count);
			body[bn++] = 0x12;
			bn += varint(body + bn, vn);
			memcpy(body + bn, tmp, vn);
			bn += vn;
			put_msg(out, 2, body, bn);
			total += bn + 4;
		}
	}
	/* mapping 1 (file "tflame-bench", string 4 + nnames + 1) */
	strid = 4 + nnames + 1;
	n = 0;
	tmp[n++] = 0x08;
	tmp[n++] = 0x01;
	tmp[n++] = 0x28;
	n += varint(tmp + n, strid);
	put_msg(out, 3, tmp, n);
	/* one location and one function per name */
	for (i = 1; i <= nnames; i++) {
		unsigned char line_msg[16], loc[48];
		size_t lm = 0, lc = 0;

		line_msg[lm++] = 0x08;
		lm += varint(line_msg + lm, i);
		loc[lc++] = 0x08;
		lc += varint(loc + lc, i);
		loc[lc++] = 0x10;
		loc[lc++] = 0x01;
		loc[lc++] = 0x22;
		lc += varint(loc + lc, lm);
		memcpy(loc + lc, line_msg, lm);
		lc += lm;
		put_msg(out, 4, loc, lc);
		n = 0;
		tmp[n++] = 0x08;
		n += varint(tmp + n, i);
		tmp[n++] = 0x10;
		n += varint(tmp + n, 4 + i);
		put_msg(out, 5, tmp, n);
	}
	/* string table */
	put_msg(out, 6, (const unsigned char *)"", 0);
	put_msg(out, 6, (const unsigned char *)"samples", 7);
	put_msg(out, 6, (const unsigned char *)"count", 5);
	put_msg(out, 6, (const unsigned char *)"cpu", 3);
	put_msg(out, 6, (const unsigned char *)"nanoseconds", 11);
	byid = calloc(nnames + 1, sizeof *byid);
	if (byid == NULL)
		abort();
	for (i = 0; i < capnames; i++)
		if (names[i].s != NULL)
			byid[names[i].id] = names[i];
	for (i = 1; i <= nnames; i++)
		put_msg(out, 6, (const unsigned char *)byid[i].s, byid[i].len);
	put_msg(out, 6, (const unsigned char *)"tflame-bench", 12);
	if (fclose(out) != 0) {
		perror("mkpprof");
		return 1;
	}
	fclose(in);
	return 0;
}
