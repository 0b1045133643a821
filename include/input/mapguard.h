/*
 * A file read whole by mapping it (reader_slurp()) stays valid only while
 * the file keeps its size: if another process truncates it, touching the
 * lost pages raises SIGBUS.  mapguard_call() runs a function (a loader
 * parsing the mapping) so that such a fault ends the function instead of
 * tflame: the mapping is dropped and the call returns MAPGUARD_SHRANK.
 * What the function had allocated is lost; the caller reports the input
 * as failed.  Per thread: each thread guards its own calls.
 */
#ifndef TFLAME_INPUT_MAPGUARD_H
#define TFLAME_INPUT_MAPGUARD_H

#include <stddef.h>

#define MAPGUARD_SHRANK (-1000)

/* fn(arg)'s result, or MAPGUARD_SHRANK when the file mapped shrank. */
int mapguard_call(int (*fn)(void *), void *arg);

/* The mapping this thread's guarded call reads (one at a time). */
void mapguard_set(void *addr, size_t len);
/* Forget it (it is being unmapped by its owner). */
void mapguard_clear(void *addr);

#endif
