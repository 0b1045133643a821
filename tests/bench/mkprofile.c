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
 *
 *	mkprofile --tree NODES OUT IN.folded [IN.folded ...]
 *
 * writes folded stacks whose tree has NODES distinct nodes (the root
 * included), or a few more, for the keypress benchmark: the frame names
 * of the inputs are the vocabulary, the shape is what large recordings
 * have (a long shared trunk of a few wide frames, deep stacks, many
 * narrow leaves under it).  Stacks are drawn from a fixed-seed generator
 * and the nodes counted in a hash trie as they are made, so the count is
 * exact and the output always the same.  The count goes to standard
 * error.
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

/* ------------------------------------------------------------ --tree */

static char **vocab;
static size_t nvocab, capvocab;

/* Add the frame names of a folded file to the vocabulary (duplicates too). */
static void
read_vocab(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL, *p, *end, *semi;
	size_t cap = 0;
	ssize_t n;

	if (fp == NULL) {
		fprintf(stderr, "mkprofile: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	while ((n = getline(&line, &cap, fp)) > 0) {
		end = strrchr(line, ' ');
		if (end == NULL)
			continue;
		for (p = line; p < end; p = semi + 1) {
			semi = memchr(p, ';', (size_t)(end - p));
			if (semi == NULL)
				semi = end;
			if (semi == p)
				continue;
			if (nvocab == capvocab) {
				capvocab = capvocab ? capvocab * 2 : 1024;
				vocab = xrealloc(vocab, capvocab * sizeof *vocab);
			}
			vocab[nvocab] = xrealloc(NULL, (size_t)(semi - p) + 1);
			memcpy(vocab[nvocab], p, (size_t)(semi - p));
			vocab[nvocab++][semi - p] = '\0';
		}
	}
	free(line);
	fclose(fp);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort the vocabulary and drop repeated names. */
static void
uniq_vocab(void)
{
	size_t i, o = 0;

	qsort(vocab, nvocab, sizeof *vocab, cmp_str);
	for (i = 0; i < nvocab; i++) {
		if (o > 0 && strcmp(vocab[o - 1], vocab[i]) == 0)
			free(vocab[i]);
		else
			vocab[o++] = vocab[i];
	}
	nvocab = o;
}

/* xorshift64*: the fixed-seed generator. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t
rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ull;
}

/* Uniform in [0, 1). */
static double
rng_unit(void)
{
	return (double)(rng() >> 11) / 9007199254740992.0;
}

/* The trie: (parent node, name) -> node, open addressing. */
static uint64_t *trie_key;
static uint32_t *trie_val;
static size_t trie_cap, trie_used;

static size_t
trie_slot(uint64_t key)
{
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) &
	    (trie_cap - 1);

	while (trie_key[i] != 0 && trie_key[i] != key)
		i = (i + 1) & (trie_cap - 1);
	return i;
}

/* Node of name under parent; *nodes counts the nodes made. */
static uint32_t
trie_child(uint32_t parent, uint32_t name, uint32_t *nodes)
{
	uint64_t key = ((uint64_t)parent << 32 | name) + 1;
	size_t i, k;

	if ((trie_used + 1) * 2 > trie_cap) {
		uint64_t *ok = trie_key;
		uint32_t *ov = trie_val;
		size_t ocap = trie_cap;

		trie_cap = trie_cap ? trie_cap * 2 : 1u << 16;
		trie_key = calloc(trie_cap, sizeof *trie_key);
		trie_val = calloc(trie_cap, sizeof *trie_val);
		if (trie_key == NULL || trie_val == NULL) {
			perror("mkprofile");
			exit(1);
		}
		for (k = 0; k < ocap; k++)
			if (ok[k] != 0) {
				i = trie_slot(ok[k]);
				trie_key[i] = ok[k];
				trie_val[i] = ov[k];
			}
		free(ok);
		free(ov);
	}
	i = trie_slot(key);
	if (trie_key[i] == 0) {
		trie_key[i] = key;
		trie_val[i] = (*nodes)++;
		trie_used++;
	}
	return trie_val[i];
}

/*
 * Write stacks until the tree has target nodes.  A stack follows the
 * shared trunk (choice 0) with a probability that falls with the depth,
 * else branches to one of a dozen siblings, the low ones likelier; at three
 * depths it splits between four (dispatchers); the name
 * of a choice is a hash of the parent's node and the choice, so a branch
 * taken again is the same frame.  Depths run from 12 to 100, so that the
 * graph is deeper than a screen.
 */
static int
write_tree(const char *path, uint32_t target)
{
	FILE *out = fopen(path, "w");
	uint32_t nodes = 1, node, name, k, depth, j, stack[100];
	double stay, u;
	unsigned long long count;

	if (out == NULL) {
		fprintf(stderr, "mkprofile: %s: %s\n", path, strerror(errno));
		return 1;
	}
	while (nodes < target) {
		depth = 12 + (uint32_t)(rng() % 89);
		node = 0;
		for (j = 0; j < depth; j++) {
			stay = j < 80 ? 0.985 : 0.8;
			if (j == 3 || j == 12 || j == 25) {
				/* A dispatcher: half the work to one, the rest to three. */
				k = rng() % 2 ? 0 : 1 + (uint32_t)(rng() % 3);
			} else if (rng_unit() < stay)
				k = 0;
			else {
				u = rng_unit();
				k = 1 + (uint32_t)(12.0 * u * u);
			}
			name = (uint32_t)(fnv((const char *)&node, sizeof node,
			    k) % nvocab);
			node = trie_child(node, name, &nodes);
			stack[j] = name;
		}
		/* Heavy-tailed weights: most stacks few samples, some many. */
		u = rng_unit();
		count = 1 + (unsigned long long)(3.0 / (u * u + 0.003));
		for (j = 0; j < depth; j++)
			fprintf(out, "%s%s", j ? ";" : "", vocab[stack[j]]);
		fprintf(out, " %llu\n", count);
	}
	if (fclose(out) != 0) {
		perror("mkprofile");
		return 1;
	}
	fprintf(stderr, "%lu\n", (unsigned long)nodes);
	return 0;
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
		fprintf(stderr, "usage: mkprofile SIZE_MB OUT IN.perf...\n"
		    "       mkprofile --tree NODES OUT IN.folded...\n");
		return 2;
	}
	if (strcmp(argv[1], "--tree") == 0) {
		if (argc < 5) {
			fprintf(stderr, "mkprofile: --tree NODES OUT IN.folded...\n");
			return 2;
		}
		for (a = 4; a < argc; a++)
			read_vocab(argv[a]);
		uniq_vocab();
		if (nvocab == 0) {
			fprintf(stderr, "mkprofile: no frame names in the inputs\n");
			return 1;
		}
		return write_tree(argv[3], (uint32_t)strtoul(argv[2], NULL, 10));
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
