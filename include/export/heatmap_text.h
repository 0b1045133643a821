/*
 * The heat map as text (tflame --heatmap), for scripts and tickets: a
 * header line "# second offset_ms samples", then one line per cell that
 * holds samples, SECOND TAB OFFSET_MS TAB SAMPLES, by second then offset.
 * SECOND counts from the profile's first whole second; OFFSET_MS is where
 * the cell starts (row * 1000 / rows, rounded down).
 */
#ifndef TFLAME_EXPORT_HEATMAP_TEXT_H
#define TFLAME_EXPORT_HEATMAP_TEXT_H

#include <stdio.h>

#include "model/heatmap.h"

/* Returns 0, or -1 when writing failed. */
int heatmap_print(FILE *f, const struct heatmap *hm);

#endif
