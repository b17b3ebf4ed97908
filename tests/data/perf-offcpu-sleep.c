/* perf-offcpu-sleep.c - spins, then sleeps 20 ms, 20 times: the source of
 * tests/data/perf-offcpu-pipe.txt.gz (tests/data/README.md). */
#include <unistd.h>
#include <time.h>
static volatile unsigned long s;
__attribute__((noinline)) static void spin(void) { for (long i = 0; i < 20000000; i++) s += i; }
__attribute__((noinline)) static void nap(void) { usleep(20000); }
int main(void) { for (int i = 0; i < 20; i++) { spin(); nap(); } return 0; }
