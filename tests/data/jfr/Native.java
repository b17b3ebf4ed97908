import java.io.*;
import java.net.*;

// A small workload for JFR's jdk.NativeMethodSample: one thread blocked
// reading a child process's pipe (sleep N), one blocked in a socket's
// accept, while main spins in Java code (jdk.ExecutionSample).
public class Native {
    static volatile long sink;

    static void readPipe(int secs) throws IOException {
        Process p = new ProcessBuilder("sleep", Integer.toString(secs)).start();
        InputStream in = p.getInputStream();
        while (in.read() >= 0) { }
    }

    static void acceptSocket(int ms) throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setSoTimeout(ms);
            s.accept();
        } catch (SocketTimeoutException e) {
        }
    }

    static long spin(long n) {
        long h = 0;
        for (long i = 0; i < n; i++) h = h * 31 + (i ^ (h >>> 7));
        return h;
    }

    public static void main(String[] args) throws Exception {
        int secs = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        Thread pipe = new Thread(() -> { try { readPipe(secs); } catch (IOException e) { } },
            "pipe-reader");
        Thread sock = new Thread(() -> { try { acceptSocket(secs * 1000); } catch (IOException e) { } },
            "socket-acceptor");
        pipe.start();
        sock.start();
        long end = System.nanoTime() + secs * 1000000000L;
        while (System.nanoTime() < end) sink += spin(200000);
        pipe.join();
        sock.join();
    }
}
