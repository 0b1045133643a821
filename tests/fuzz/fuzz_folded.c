/*
 * The folded loader: bytes -> tree -> folded output.  The output is itself
 * folded input that must load back to the same tree, so it is loaded again
 * and the second output has to equal the first (a round trip through the
 * writer and the parser).  Not when a frame name itself reads as "stack
 * count": flamegraph.pl splits such a stack once more (a "before after"
 * line), so "x 5" with count 3 comes back as "x" with count 3, by design.
 * Nor when a fractional count reaches 1e15 or is below 1e-4: it is printed
 * as Perl prints numbers ("5.55555555555556e+17", "9.2e-54"), which is not
 * a count any more.  Nor when the output starts with a gzip header (magic,
 * method 8, flags without reserved bits: a first frame name made of those
 * bytes): such text cannot be told from gzip input.
 *
 * The input is also loaded as --collapse loads it (model/inorder.h: held
 * without a tree while its stacks come in order), which must print the
 * same as the tree, whatever the input.
 */
#include "config.h"

#include "fuzz_common.h"
#include "loaders/folded.h"
#include "model/inorder.h"

/* The folded text of data loaded as folded input, in *out (malloc'd). */
static int
collapse_mem(const uint8_t *data, size_t size, char **out, size_t *outlen,
    int *ambiguous)
{
	struct tree *t = fuzz_load(data, size, FORMAT_FOLDED);
	struct folded_line fl;
	struct tf_count c;
	const char *name;
	size_t len;
	uint32_t id;
	FILE *fp;

	if (t == NULL)
		return -1;
	*ambiguous = 0;
	for (id = 0; id < tree_size(t); id++) {
		name = tree_name(t, id, &len);
		c = tree_self(t, 0, id);
		if (folded_parse(name, len, 0, &fl) != 0 ||
		    (c.frac != 0.0 && (count_value(c) >= 1e15 ||
		    count_value(c) < 1e-4)))
			*ambiguous = 1;
	}
	if ((fp = open_memstream(out, outlen)) == NULL)
		abort();
	if (collapse_write(t, 0, fp) != 0)
		abort();
	fclose(fp);
	tree_free(t);
	return 0;
}

/* --collapse's way: held in order, or the tree after all. */
static void
inorder_mem(const uint8_t *data, size_t size, char **out, size_t *outlen)
{
	struct inorder *io = inorder_new();
	struct tree *t = fuzz_load_io(data, size, FORMAT_FOLDED, io);
	FILE *fp;

	if (t == NULL)
		abort(); /* the tree's way did not give up */
	if ((fp = open_memstream(out, outlen)) == NULL)
		abort();
	if ((inorder_stacks(io) > 0 ? collapse_write_inorder(io, fp) :
	    collapse_write(t, 0, fp)) != 0)
		abort();
	fclose(fp);
	tree_free(t);
	inorder_free(io);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *a = NULL, *b = NULL;
	size_t alen = 0, blen = 0;
	int amb, amb2;

	if (collapse_mem(data, size, &a, &alen, &amb) != 0)
		return 0;
	inorder_mem(data, size, &b, &blen);
	if (alen != blen || memcmp(a, b, alen) != 0) {
		fprintf(stderr, "in order, held:\n%.*s---\ntree:\n%.*s\n",
		    (int)blen, b, (int)alen, a);
		abort();
	}
	free(b);
	b = NULL;
	blen = 0;
	if (amb || (alen >= 4 && memcmp(a, "\x1f\x8b\x08", 3) == 0 &&
	    ((unsigned char)a[3] & 0xe0) == 0)) {
		free(a);
		return 0;
	}
	if (collapse_mem((const uint8_t *)a, alen, &b, &blen, &amb2) != 0 ||
	    alen != blen || memcmp(a, b, alen) != 0) {
		fprintf(stderr, "folded round trip differs:\n%.*s---\n%.*s\n",
		    (int)alen, a, (int)blen, b ? b : "");
		abort();
	}
	free(a);
	free(b);
	return 0;
}
