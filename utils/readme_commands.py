#!/usr/bin/env python3
"""Prints the first ```sh block after a Markdown heading as a bash script.

    readme_commands.py README.md "Everyday use" > commands.sh

The script echoes each command before running it and stops at the first one
that fails (with pipefail), so a test running it names the README command
that no longer works as written.
"""
import sys


def commands(markdown, heading):
    lines = markdown.splitlines()
    try:
        start = next(i for i, line in enumerate(lines)
                     if line.startswith("#") and line.lstrip("#").strip() == heading)
    except StopIteration:
        sys.exit(f"readme_commands.py: no heading '{heading}'")
    block, inside = [], False
    for line in lines[start + 1:]:
        if not inside and line.strip() == "```sh":
            inside = True
        elif inside and line.strip() == "```":
            return block
        elif inside:
            block.append(line)
    sys.exit(f"readme_commands.py: no ```sh block after '{heading}'")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        block = commands(f.read(), sys.argv[2])
    print("set -euo pipefail")
    command = ""
    for line in block:
        if not command and line.lstrip().startswith("#"):
            continue  # a comment continuing the previous command's
        command += line + "\n"
        if not line.rstrip().endswith("\\"):
            if command.strip():
                print(f"echo {repr_shell('$ ' + command.strip())}")
                print(command, end="")
            command = ""
    if command.strip():
        print(command)


def repr_shell(text):
    return "'" + text.replace("'", "'\\''") + "'"


if __name__ == "__main__":
    main()
