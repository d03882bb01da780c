"""A stand-in for hlo-runner in the conformance harness tests.

Usage: python3 fake-runner.py FILE

Behaves according to the first marker found in FILE, in this order:
  FAKE_CRASH     dies by SIGSEGV
  FAKE_SLOW      sleeps 30 s in a child process that shares its output pipes
                 (the harness's timeout must kill the whole process group)
  FAKE_ERROR     FILE:LINE:3: error: failed to legalize operation 'hlo.scatter'
                 on stderr (LINE: the marker's line), exit 1
  FAKE_WRONG     a failed check and `1 passed, 1 failed`, exit 1
  FAKE_BADBYTES  invalid UTF-8 on both streams, then `2 passed, 0 failed`, exit 0
  FAKE_NOCHECKS  `0 passed, 0 failed`, exit 0
  FAKE_PASS      `3 passed, 0 failed`, exit 0
Without a marker it prints nothing and exits 3.
"""

import os
import signal
import subprocess
import sys


def marker_line(text, marker):
    """1-based number of the first line containing marker."""
    return text[:text.index(marker)].count("\n") + 1


def main():
    path = sys.argv[1]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if "FAKE_CRASH" in text:
        sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
    elif "FAKE_SLOW" in text:
        subprocess.run([sys.executable, "-c", "import time; time.sleep(30)"])
    elif "FAKE_ERROR" in text:
        line = marker_line(text, "FAKE_ERROR")
        print(f"{path}:{line}:3: error: failed to legalize operation "
              "'hlo.scatter'", file=sys.stderr)
        return 1
    elif "FAKE_WRONG" in text:
        print(f"{path}:1:1: check failed: expected 1.0, got 2.0")
        print("1 passed, 1 failed")
        return 1
    elif "FAKE_BADBYTES" in text:
        sys.stdout.buffer.write(b"\xff\xfe not utf-8 \x80\n")
        sys.stderr.buffer.write(b"warning: \xc3\x28 odd bytes\n")
        print("2 passed, 0 failed", flush=True)
        return 0
    elif "FAKE_NOCHECKS" in text:
        print("0 passed, 0 failed")
        return 0
    elif "FAKE_PASS" in text:
        print("3 passed, 0 failed")
        return 0
    return 3


if __name__ == "__main__":
    sys.exit(main())
