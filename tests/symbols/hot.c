#include <stdio.h>
static volatile double sink;
__attribute__((noinline)) static void leaf_work(int n){ for(int i=0;i<n;i++) sink+=i*0.5; }
__attribute__((noinline)) void middle(int n){ leaf_work(n); leaf_work(n/2); }
__attribute__((noinline)) void other(int n){ for(int i=0;i<n;i++) sink-=i*0.25; }
int main(void){ for(int k=0;k<300;k++){ middle(1000000); other(500000);} printf("%f\n",sink); return 0; }
