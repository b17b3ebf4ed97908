"""refcheck.py - the pass/fail count the reference scripts share.

    from refcheck import Checks
    checks = Checks("order-reference")
    check = checks.check          # check(name, ok, detail="")
    ...
    checks.done()   # prints "order-reference: N passed, N failed" (the
                    # line make check counts) and exits 1 on a failure
"""
import sys


class Checks:
    def __init__(self, suite):
        self.suite = suite
        self.passed = self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("%s: FAIL %s %s" % (self.suite, name, detail))

    def done(self):
        print("%s: %d passed, %d failed" % (self.suite, self.passed, self.failed))
        sys.exit(1 if self.failed else 0)
