#!/usr/bin/env python3
"""Checks that the user documentation refers only to what the repository has:

  doc_refs.py ROOT FILE.md...

- every relative Markdown link [text](target) resolves to a file or folder (from the page's
  folder), and a `#anchor` into a page is one of its headings;
- every path written in backticks that starts with a folder of the repository (`docs/...`,
  `tools/demo.sh`, `models/cpu/arm/README.md` ...) or names a page beside it (`cli.md`) exists;
  placeholders (<name>, *, {a,b}, $VAR, ...) and build outputs (build/...) are not checked;
- no commit hash (a 7-40 digit hexadecimal word with letters and digits, not a 0x number).

Prints one line per problem and exits 1 if there is any, 0 otherwise."""
import os
import re
import sys

TOP = ("docs/", "models/", "platform/", "tools/", "tests/", "firmware/", "golden/", "scenarios/", "cmake/")
PLACEHOLDER = re.compile(r"[<>*{}$\[\]]|\.\.\.|…")


def anchors(path):
    """GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces to '-'."""
    out = set()
    with open(path, encoding="utf-8") as f:
        fence = False
        for line in f:
            if line.startswith("```"):
                fence = not fence
            m = None if fence else re.match(r"#+\s+(.*)", line)
            if m:
                out.add(re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-"))
    return out


def check(root, page):
    problems = []
    here = os.path.dirname(page)
    with open(page, encoding="utf-8") as f:
        text = f.read()
    rel = os.path.relpath(page, root)
    for n, line in enumerate(text.splitlines(), 1):
        where = f"{rel}:{n}"
        for target in re.findall(r"\]\(([^)\s]+)\)", line):
            if re.match(r"[a-z]+:", target):
                continue  # http:, https:, mailto:
            path, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(here, path)) if path else page
            if not os.path.exists(dest):
                problems.append(f"{where}: link to {target}: no such file")
            elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
                problems.append(f"{where}: link to {target}: no heading '{anchor}' in {path or rel}")
        for token in re.findall(r"`([^`\s]+)`", line):
            token = re.sub(r"[:,.;]+$", "", token)
            if PLACEHOLDER.search(token):
                continue
            if token.startswith(TOP):
                if not os.path.exists(os.path.join(root, token)):
                    problems.append(f"{where}: `{token}`: no such file in the repository")
            elif re.fullmatch(r"[\w.-]+\.md", token):
                if not (os.path.exists(os.path.join(here, token)) or os.path.exists(os.path.join(root, token))):
                    problems.append(f"{where}: `{token}`: no such page")
        for word in re.findall(r"(?<![\w.\-/])([0-9a-f]{7,40})(?![\w\-])", line):
            if re.search(r"[a-f]", word) and re.search(r"[0-9]", word):
                problems.append(f"{where}: '{word}' looks like a commit hash")
    return problems


def main():
    if len(sys.argv) < 3:
        print("usage: doc_refs.py ROOT FILE.md...", file=sys.stderr)
        return 2
    root = sys.argv[1]
    problems = []
    for page in sys.argv[2:]:
        problems += check(root, page)
    for p in problems:
        print(p)
    print(f"doc_refs: {len(sys.argv) - 2} pages, {len(problems)} problems")
    return 1 if problems else 0


sys.exit(main())
