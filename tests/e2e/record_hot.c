/* record_hot.c - a program with a hot function (hot: about 80% of its CPU
 * time) and a cold one, run for argv[1] seconds (tests/e2e/test_record.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static volatile unsigned long sink;
__attribute__((noinline)) static void hot(long n) { for (long i = 0; i < n; i++) sink += i * i; }
__attribute__((noinline)) static void cold(long n) { for (long i = 0; i < n; i++) sink ^= i; }
int main(int argc, char **argv) {
	double secs = argc > 1 ? atof(argv[1]) : 1;
	struct timespec t0, t; clock_gettime(CLOCK_MONOTONIC, &t0);
	do { hot(3000000); cold(600000); printf("tick\n"); clock_gettime(CLOCK_MONOTONIC, &t); }
	while ((t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9 < secs);
	return 0;
}
