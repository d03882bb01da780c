#!/usr/bin/env python3
"""Import -> export -> import of every .hlo file under a directory: the two
imports must print the same module (the export reads the first import with
its locations, as hlo-translate's own round-trip tests do). Prints one line per file and a total;
exits 1 if any file fails."""
import os
import subprocess
import sys


def run(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def main():
    translate, root = sys.argv[1], sys.argv[2]
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root)
                   for f in fs if f.endswith(".hlo"))
    failed = 0
    for path in files:
        name = os.path.relpath(path, root)
        # Exported from the import with locations, which keep the
        # instruction names that control-predecessors refer to.
        rc, first, err = run([translate, "--import-hlo-text", path])
        if rc == 0:
            rc, located, err = run([translate, "--import-hlo-text",
                                    "--mlir-print-debuginfo", path])
        if rc == 0:
            rc, text, err = run([translate, "--export-hlo-text"], located)
        if rc == 0:
            rc, second, err = run([translate, "--import-hlo-text"], text)
        if rc != 0:
            why = (err.strip().splitlines() or ["?"])[0]
        elif first != second:
            rc, why = 1, "the second import differs"
        print(f"{name}: " + ("ok" if rc == 0 else f"FAILED: {why}"))
        failed += rc != 0
    print(f"{len(files) - failed} round trips, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
