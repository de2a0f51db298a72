package faceflow.partner;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A test runner small enough to need no download: each check runs, a failure is printed with
 * its name, and the last line says "N passed, N failed" (scripts/kits/runKits.mjs counts it).
 */
final class Checks {
    interface Body {
        void run() throws Exception;
    }

    private int passed;
    private final List<String> failed = new ArrayList<>();

    void run(String name, Body body) {
        try {
            body.run();
            passed++;
        } catch (Exception | AssertionError failure) {
            failed.add(name);
            System.out.println("FAIL " + name + ": " + failure);
        }
    }

    static void equal(Object expected, Object actual, String what) {
        if (!Objects.equals(expected, actual)) throw new AssertionError(what + ": expected " + expected + ", got " + actual);
    }

    static void truth(boolean condition, String what) {
        if (!condition) throw new AssertionError(what);
    }

    /** Prints the totals; the process's exit status. */
    int summary() {
        System.out.println(passed + " passed, " + failed.size() + " failed");
        return failed.isEmpty() && passed > 0 ? 0 : 1;
    }
}
