// A phased program for Java Flight Recorder (flametui issue 25): phase A
// busy ~1 s, a sleep of 1 s, phase B busy ~1 s, each in its own method.
public class Phases {
    static volatile long sink;

    static long spinA(long until) {
        long h = 0;
        while (System.nanoTime() < until)
            for (int i = 0; i < 1000; i++) h = h * 31 + i;
        return h;
    }

    static long spinB(long until) {
        long h = 1;
        while (System.nanoTime() < until)
            for (int i = 0; i < 1000; i++) h = h * 17 ^ i;
        return h;
    }

    static void phaseA(double s) { sink += spinA(System.nanoTime() + (long) (s * 1e9)); }
    static void phaseB(double s) { sink += spinB(System.nanoTime() + (long) (s * 1e9)); }

    public static void main(String[] args) throws Exception {
        double s = args.length > 0 ? Double.parseDouble(args[0]) : 1.0;
        phaseA(s);
        Thread.sleep((long) (s * 1000));
        phaseB(s);
    }
}
