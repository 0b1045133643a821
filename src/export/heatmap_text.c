/*
 * The heat map as text (see export/heatmap_text.h).
 */
#include "config.h"

#include "export/heatmap_text.h"

int
heatmap_print(FILE *f, const struct heatmap *hm)
{
	uint32_t c;
	int r;

	fputs("# second offset_ms samples\n", f);
	for (c = 0; c < hm->ncols; c++)
		for (r = 0; r < hm->rows; r++) {
			uint32_t n = hm->cell[(size_t)c * (size_t)hm->rows +
			    (size_t)r];

			if (n != 0)
				fprintf(f, "%lld\t%u\t%u\n",
				    (long long)hm->sec[c], heatmap_row_ms(hm, r),
				    n);
		}
	return ferror(f) ? -1 : 0;
}
