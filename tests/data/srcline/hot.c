#include <stdlib.h>
volatile unsigned long sink;
__attribute__((noinline)) unsigned long
hot_function(unsigned long n)
{
	unsigned long s = 1, i;
	for (i = 0; i < n; i++)
		s += (s ^ i) / (i | 7); /* the hot line */
	return s;
}
int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 10000000;
	sink = hot_function(n);
	return 0;
}
