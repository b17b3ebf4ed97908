/* phases.c - three phases for a time-sliced profile: phase_a spins ~1 s,
 * then the program sleeps ~1 s, then phase_b spins ~1 s. */
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + ts.tv_nsec / 1e9; }
volatile unsigned long sink;
__attribute__((noinline)) static void spin_a(void) { for (int i = 0; i < 1000; i++) sink += (unsigned long)i * 7; }
__attribute__((noinline)) static void spin_b(void) { for (int i = 0; i < 1000; i++) sink ^= (unsigned long)i * 13; }
__attribute__((noinline)) void phase_a(void) { double t = now(); while (now() - t < 1.0) spin_a(); }
__attribute__((noinline)) void phase_b(void) { double t = now(); while (now() - t < 1.0) spin_b(); }
int main(void) { phase_a(); sleep(1); phase_b(); return 0; }
