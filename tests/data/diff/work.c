#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static unsigned long checksum(const unsigned char *p, size_t n) {
	unsigned long h = 5381; for (size_t i = 0; i < n; i++) h = h * 33 + p[i]; return h; }
static int cmp(const void *a, const void *b) { return memcmp(a, b, 8); }
static void sort_blocks(unsigned char *buf, size_t n) { qsort(buf, n / 8, 8, cmp); }
static void fill(unsigned char *buf, size_t n, unsigned s) {
	for (size_t i = 0; i < n; i++) { s = s * 1103515245u + 12345u; buf[i] = (unsigned char)(s >> 16); } }
int main(void) {
	size_t n = 1 << 22; unsigned char *buf = malloc(n); unsigned long t = 0;
	for (int r = 0; r < 12; r++) { fill(buf, n, (unsigned)r); sort_blocks(buf, n); t += checksum(buf, n); }
	printf("%lu\n", t); free(buf); return 0; }
