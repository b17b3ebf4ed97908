import java.util.*;
import java.util.concurrent.locks.*;

// A small workload for Java Flight Recorder: CPU (hashing, sorting), allocation
// (strings, arrays), monitor contention and parking.
public class Work {
    static final Object lock = new Object();
    static volatile long sink;

    static long hashLoop(int n) {
        long h = 0;
        for (int i = 0; i < n; i++) h = h * 31 + Integer.toString(i).hashCode();
        return h;
    }

    static int[] sortArrays(int n) {
        Random r = new Random(n);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = r.nextInt();
        Arrays.sort(a);
        return a;
    }

    static List<String> allocate(int n) {
        List<String> l = new ArrayList<>();
        for (int i = 0; i < n; i++) l.add(new String(new char[64]) + i);
        return l;
    }

    static void contend() {
        synchronized (lock) {
            sink += hashLoop(20000);
        }
    }

    public static void main(String[] args) throws Exception {
        long end = System.currentTimeMillis() + Long.parseLong(args.length > 0 ? args[0] : "3000");
        Thread[] ts = new Thread[3];
        for (int t = 0; t < ts.length; t++) {
            ts[t] = new Thread(() -> {
                while (System.currentTimeMillis() < end) {
                    contend();
                    LockSupport.parkNanos(2_000_000);
                }
            }, "contender-" + t);
            ts[t].start();
        }
        while (System.currentTimeMillis() < end) {
            sink += hashLoop(100000);
            sink += sortArrays(200000).length;
            sink += allocate(50000).size();
        }
        for (Thread t : ts) t.join();
        System.out.println(sink != 0 ? "ok" : "no");
    }
}
