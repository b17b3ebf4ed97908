/* callgrind-hot.c - a program with a known hot function, recorded with
 * valgrind --tool=callgrind for flametui's callgrind tests (see README.md).
 * hot() does about four times the work of cold(); both call mix(), so the
 * call graph is a DAG the flame graph has to apportion. */
#include <stdio.h>

static volatile unsigned sink;

__attribute__((noinline)) static unsigned
mix(unsigned x)
{
	for (int i = 0; i < 8; i++)
		x = x * 2654435761u + 0x9e3779b9u;
	return x;
}

__attribute__((noinline)) static void
hot(int n)
{
	unsigned s = 0;
	for (int i = 0; i < 4 * n; i++)
		s += (unsigned)i * 7u;
	for (int i = 0; i < n / 100; i++)
		s ^= mix(s);
	sink = s;
}

__attribute__((noinline)) static void
cold(int n)
{
	unsigned s = 0;
	for (int i = 0; i < n; i++)
		s += (unsigned)i * 3u;
	for (int i = 0; i < n / 50; i++)
		s ^= mix(s);
	sink = s;
}

__attribute__((noinline)) static void
work(int rounds)
{
	for (int r = 0; r < rounds; r++) {
		hot(100000);
		cold(100000);
	}
}

int
main(void)
{
	work(3);
	printf("%u\n", sink);
	return 0;
}
