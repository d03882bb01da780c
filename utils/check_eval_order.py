#!/usr/bin/env python3
"""Finds calls whose arguments create ops in an unspecified order.

C++ leaves the order in which a call's arguments are evaluated unspecified:
clang evaluates them left to right, GCC mostly right to left. When two
arguments of one call each create ops (`AddOp::create(b, loc, f(), g())`,
`b.create<X>(loc, e.mul(x, y), e.c(1.0))`), the ops come out in the host
compiler's order, and so does the emitted IR: the project's output would
depend on what compiled it. Such arguments must be sequenced through named
locals.

An argument "creates ops" when it calls `create<...>(`, `X::create(`,
`createOrFold`, `replaceOpWithNewOp`, or a function or lambda of the project
that does (found by a fixed point over the sources: any function whose body
does one of these). Lambda arguments and braced lists do not count (a lambda
runs inside the call; a braced list is evaluated left to right).

  check_eval_order.py [FILES or DIRS...]     # default: lib/ include/ tools/
  check_eval_order.py --fix FILES...         # hoist arguments into locals,
                                             # left to right (clang's order,
                                             # so clang's output is unchanged);
                                             # then `git clang-format`

Calls evaluated conditionally (an operand of ?:, && or ||) are reported but
not fixed.

Exits 1 when it finds any (after --fix: any it could not fix).
"""

import argparse
import os
import re
import sys

CREATE = re.compile(r"(\.|->)create<|::create\(|\bcreateOrFold\b|"
                    r"\breplaceOpWithNewOp\b|\bcreateBlock\b")
IDENT = re.compile(r"[A-Za-z_]\w*")
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "catch",
            "static_cast", "dyn_cast", "cast", "isa", "decltype", "alignof",
            "defined", "assert", "else", "do", "case", "default", "co_return"}
CONTROL = re.compile(r"^(if|else|for|while|do|case|default|switch)\b")


def blank(text):
    """`text` with comments, string and character literals blanked out
    (same length, newlines kept), so that offsets stay valid."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out[i:j] = " " * (j - i)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out[i:j] = [ch if ch == "\n" else " " for ch in text[i:j]]
            i = j
        elif c == 'R' and text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out[i + 2:j - 1] = [ch if ch == "\n" else " "
                                for ch in text[i + 2:j - 1]]
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out[i + 1:j] = " " * (j - i - 1)
            i = j + 1
        else:
            i += 1
    return "".join(out)


def match_close(text, i):
    """Index of the bracket closing the one at `i` ((, [ or {)."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    stack = [pairs[text[i]]]
    j = i + 1
    while j < len(text):
        c = text[j]
        if c in pairs:
            stack.append(pairs[c])
        elif c in ")]}":
            if not stack or c != stack[-1]:
                return -1
            stack.pop()
            if not stack:
                return j
        j += 1
    return -1


def split_args(text, open_i, close_i):
    """(start, end) of each top-level argument between the parentheses."""
    args, depth, start = [], 0, open_i + 1
    for j in range(open_i + 1, close_i):
        c = text[j]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            args.append((start, j))
            start = j + 1
    if text[start:close_i].strip():
        args.append((start, close_i))
    return args


def split_args_braced(text, open_i, close_i):
    """Like split_args, for a braced list."""
    return split_args(text, open_i, close_i)


def callee_before(text, i):
    """The name called by the '(' at `i` (None if it is not a call)."""
    j = i - 1
    while j >= 0 and text[j].isspace():
        j -= 1
    if j >= 0 and text[j] == ">":  # create<Op>(  /  foo<T>(
        depth = 0
        while j >= 0:
            if text[j] == ">":
                depth += 1
            elif text[j] == "<":
                depth -= 1
                if depth == 0:
                    break
            j -= 1
        j -= 1
    end = j + 1
    while j >= 0 and (text[j].isalnum() or text[j] == "_"):
        j -= 1
    name = text[j + 1:end]
    if not name or not IDENT.fullmatch(name) or name in KEYWORDS:
        return None
    return name


def function_bodies(text):
    """(name, body_start, body_end) of functions and named lambdas."""
    out = []
    for m in re.finditer(r"\)\s*(const\s*)?(override\s*)?(noexcept\s*)?"
                         r"(->\s*[\w:<>,\s*&]+?)?\s*\{", text):
        close = m.start()
        # The '(' matching this ')'.
        depth, j = 0, close
        while j >= 0:
            if text[j] == ")":
                depth += 1
            elif text[j] == "(":
                depth -= 1
                if depth == 0:
                    break
            j -= 1
        if j < 0:
            continue
        brace = m.end() - 1
        end = match_close(text, brace)
        if end < 0:
            continue
        k = j - 1
        while k >= 0 and text[k].isspace():
            k -= 1
        if text[k] == "]":  # a lambda: `auto name = [&](...) {`
            lb = text.rfind("[", 0, k)
            lm = re.search(r"(\w+)\s*=\s*$", text[:lb])
            if lm:
                out.append((lm.group(1), brace, end))
            continue
        name = callee_before(text, j)
        if name:
            out.append((name, brace, end))
    return out


class Creators:
    """The functions and lambdas that create ops (a fixed point over the
    sources). A name defined in the file at hand means that definition
    (lambdas and static helpers are file-local); other names mean any
    definition in the project."""

    def __init__(self, files):
        bodies = []
        self.defined = {}
        for path in files:
            text = blank(open(path, encoding="utf-8").read())
            for name, start, end in function_bodies(text):
                bodies.append((path, name, text[start:end]))
                self.defined.setdefault(path, set()).add(name)
        self.creating = set()  # (path, name)
        self.anywhere = set()  # their names, when callable from elsewhere
        exported = set()  # (path, name) defined outside file-local scopes
        for path in files:
            text = blank(open(path, encoding="utf-8").read())
            local = file_local_spans(text, path.endswith(".h"))
            for name, start, end in function_bodies(text):
                # The declaration: from the end of the previous one.
                decl = text[max(text.rfind(";", 0, start),
                                text.rfind("}", 0, start),
                                text.rfind("{", 0, start)) + 1:start]
                static = (not path.endswith(".h") and
                          re.match(r"\s*(template\s*<[^{};]*>\s*)?static\b",
                                   decl))
                if not any(a < start < b for a, b in local) and not static:
                    exported.add((path, name))
        changed = True
        while changed:
            changed = False
            for path, name, body in bodies:
                if (path, name) in self.creating:
                    continue
                if CREATE.search(body) or any(
                        self.creates(path, callee)
                        for callee in called_names(body)):
                    self.creating.add((path, name))
                    if (path, name) in exported:
                        self.anywhere.add(name)
                    changed = True

    def creates(self, path, name):
        if name in self.defined.get(path, ()):
            return (path, name) in self.creating
        return name in self.anywhere


# Qualifiers whose functions are never the project's: the standard library,
# LLVM's ADT and support code.
FOREIGN_QUALIFIER = re.compile(r"\b(std|llvm)\s*::\s*$")
# `Type::get(...)`, `Attr::getChecked(...)`: attributes and types are uniqued
# in the context, so building them in either order gives the same IR.
UNIQUED_GETTER = re.compile(r"\b[A-Z]\w*(<[^;(){}]*>)?\s*::\s*$")


def called_names(text):
    names = set()
    for m in re.finditer(r"\b([A-Za-z_]\w*)\s*(<[^;(){}]*>)?\s*\(", text):
        before = text[max(0, m.start() - 80):m.start()]
        if FOREIGN_QUALIFIER.search(before):
            continue
        if m.group(1) in ("get", "getChecked") and UNIQUED_GETTER.search(before):
            continue
        names.add(m.group(1))
    return names


def file_local_spans(text, header):
    """(start, end) of the braces whose contents are local to a source file:
    anonymous namespaces and classes defined in a .cpp file. Their functions
    are not callable from other files, so their names must not make calls
    elsewhere look op-creating (a file-local `Emitter::get` is not
    `std::get`). In headers every class is shared."""
    spans = []
    for m in re.finditer(r"\{", text):
        head = text[text.rfind(";", 0, m.start()) + 1:m.start()]
        head = head[max(head.rfind("}"), head.rfind("{")) + 1:]
        anonymous = re.search(r"\bnamespace\s*$", head)
        local_class = not header and re.search(
            r"\b(struct|class|union)\b[^(){}]*$", head)
        if anonymous or local_class:
            end = match_close(text, m.start())
            if end > 0:
                spans.append((m.start(), end))
    return spans


def creates_ops(arg, names, path):
    arg = arg.strip()
    if arg.startswith("["):
        return False  # a lambda runs inside the call
    # A braced list is ordered inside, not against the other arguments:
    # `f({g(), h()}, {k()})` counts like `f(g(), k())`.
    # Lambdas inside the argument do not run when it is evaluated.
    stripped = re.sub(r"\[[^\]]*\]\s*\([^)]*\)[^{;]*\{", "{", arg)
    while True:
        m = re.search(r"\{[^{}]*\}", stripped)
        if not m or not re.search(r"\[[^\]]*\]", arg):
            break
        stripped = stripped[:m.start()] + stripped[m.end():]
    if CREATE.search(stripped):
        return True
    return any(names.creates(path, n) for n in called_names(stripped))


class Finding:
    def __init__(self, path, text, open_i, close_i, args):
        self.path, self.open_i, self.close_i, self.args = (path, open_i,
                                                           close_i, args)
        self.line = text.count("\n", 0, open_i) + 1


def find(path, names):
    raw = open(path, encoding="utf-8").read()
    text = blank(raw)
    found = []
    for i, c in enumerate(text):
        if c != "(" or callee_before(text, i) is None:
            continue
        close = match_close(text, i)
        if close < 0:
            continue
        args = split_args(text, i, close)
        creating = [a for a in args if creates_ops(text[a[0]:a[1]], names, path)]
        if len(creating) >= 2:
            found.append(Finding(path, text, i, close, creating))
    return raw, text, found


def statement_start(text, i):
    """Start of the statement holding offset `i`: after the previous ';',
    '{' or '}' outside any parentheses."""
    depth = 0
    j = i - 1
    while j >= 0:
        c = text[j]
        if c in ")]":
            depth += 1
        elif c in "([":
            if depth:  # else an enclosing call's: still the same statement
                depth -= 1
        elif c in ";{}" and depth == 0:
            break
        j -= 1
    j += 1
    while j < len(text) and text[j].isspace():
        j += 1
    return j


def local_name(arg_text, used):
    m = re.search(r"(\w+)Op::create\b", arg_text) or re.search(
        r"create<\s*(?:\w+::)*(\w+?)(?:Op)?\s*>", arg_text) or re.search(
        r"(\w+)\s*\(", arg_text)
    base = m.group(1) if m else "value"
    base = base[0].lower() + base[1:]
    if base in KEYWORDS or base in ("and", "or", "not", "xor", "c", "e",
                                    "b", "loc"):
        base += "Value"
    name, k = base, 1
    while name in used:
        k += 1
        name = "%s%d" % (base, k)
    used.add(name)
    return name


def fix(path, names):
    """Hoists the creating arguments of one finding per statement into
    locals declared before the statement, left to right; repeats until
    nothing is left that it can fix. Returns the findings left."""
    while True:
        raw, text, found = find(path, names)
        used = set(IDENT.findall(text))
        progress = False
        # Outermost first: a finding that encloses another is fixed first.
        for f in found:
            if any(g is not f and g.open_i < f.open_i and g.close_i > f.close_i
                   for g in found):
                continue
            start = statement_start(text, f.open_i)
            if start is None:
                continue
            # A braceless if/for/while/else body: the statement is the body,
            # wrapped in braces to hold the locals.
            body = start
            while True:
                m = re.match(r"(if|for|while|switch)\s*\(", text[body:])
                if m:
                    close = match_close(text, body + m.end() - 1)
                    body = close + 1
                else:
                    m = re.match(r"else\b", text[body:])
                    if not m:
                        break
                    body += m.end()
                while text[body].isspace():
                    body += 1
            wrap = body != start
            if wrap:
                if f.open_i < body or text[body] == "{":
                    continue  # in a condition: left to a person
                start = body
            stmt_end = text.find(";", f.close_i)
            statement = text[start:stmt_end]
            # Is the call itself evaluated conditionally (an operand of ?:,
            # && or ||, a braceless if/for/while body)? Then hoisting would
            # create ops unconditionally: left to a person. Operators inside
            # the call's arguments or inside lambda bodies do not matter.
            outside = (text[start:f.open_i] + text[f.close_i + 1:stmt_end])
            while re.search(r"\{[^{}]*\}", outside):
                outside = re.sub(r"\{[^{}]*\}", "", outside)
            if CONTROL.match(statement) or re.search(r"\?|&&|\|\|", outside):
                continue
            line_start = raw.rfind("\n", 0, start) + 1
            indent = re.match(r"[ \t]*", raw[line_start:]).group(0)
            decls, new = [], raw[:f.open_i]
            pos = f.open_i
            spans = []
            for a_start, a_end in f.args:
                arg = text[a_start:a_end]
                lead = len(arg) - len(arg.lstrip())
                a_start += lead
                a_end = a_start + len(arg.strip())
                m = re.match(r"[\w:<>]*\s*\{", text[a_start:a_end])
                if m and text[a_end - 1] == "}":
                    # `ValueRange{f(), g()}` or `{f(), g()}`: a range over a
                    # temporary list must not outlive the statement; its
                    # elements are hoisted instead (a braced list is
                    # ordered).
                    brace = a_start + m.end() - 1
                    spans += [(s0, e0) for s0, e0 in
                              split_args_braced(text, brace, a_end - 1)
                              if creates_ops(text[s0:e0], names, path)]
                else:
                    spans.append((a_start, a_end))
            for a_start, a_end in spans:
                arg = raw[a_start:a_end].strip()
                lead = raw[a_start:a_end].index(arg[0])
                name = local_name(arg, used)
                decls.append("%sauto %s = %s;\n" % (indent, name, arg))
                new += raw[pos:a_start + lead] + name
                pos = a_start + lead + len(arg)
            if wrap:
                end = stmt_end + 1 + len(new) - pos
                new += raw[pos:]
                new = (new[:start] + "{\n" + "".join(decls) + new[start:end] +
                       "\n}" + new[end:])
            elif raw[line_start:start].strip():
                # `{ return f(g(), h()); }` on one line: the locals go
                # after the brace.
                new += raw[pos:]
                new = new[:start] + "\n" + "".join(decls) + new[start:]
            else:
                new += raw[pos:]
                new = new[:line_start] + "".join(decls) + new[line_start:]
            open(path, "w", encoding="utf-8").write(new)
            progress = True
            break
        if not progress:
            return found


def sources(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                for f in sorted(files):
                    if f.endswith((".cpp", ".h")):
                        yield os.path.join(root, f)
        else:
            yield p


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--fix", action="store_true")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    everything = list(sources([os.path.join(root, d)
                               for d in ("lib", "include", "tools")]))
    files = list(sources(args.paths)) if args.paths else everything
    names = Creators(sorted(set(everything) | set(files)))
    left = 0
    for path in files:
        if args.fix:
            found = fix(path, names)
            raw = open(path, encoding="utf-8").read()
        else:
            raw, _, found = find(path, names)
        for f in found:
            left += 1
            snippet = " ".join(raw[f.open_i - 40:f.close_i + 1].split())
            print("%s:%d: %d arguments create ops in an unspecified order: "
                  "...%s" % (os.path.relpath(path, root), f.line,
                             len(f.args), snippet[-160:]))
    sys.stdout.flush()
    print("%d call(s) found" % left, file=sys.stderr)
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
