#include <stdio.h>
#include <pthread.h>
static volatile double sink;
__attribute__((noinline)) static void leaf_a(int n){for(int i=0;i<n;i++)sink+=i*0.5;}
__attribute__((noinline)) static void leaf_b(int n){for(int i=0;i<n;i++)sink-=i*0.25;}
__attribute__((noinline)) static void mid(int k){leaf_a(200000*k);leaf_b(100000*k);}
static void *worker(void *arg){for(int r=0;r<4;r++)mid(2);return arg;}
int main(void){pthread_t t;pthread_create(&t,NULL,worker,NULL);for(int r=0;r<4;r++)mid(1);pthread_join(t,NULL);printf("%f\n",sink);return 0;}
