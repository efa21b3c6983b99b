#!/usr/bin/env python3
"""A design that edits no shared file: the design's name (its folder's name) appears in no file of
the source tree outside its folder, except docs/adding-a-design.md, whose section "Adding an accelerator" must
list exactly the files of the folder (as `platform/designs/<name>/<file>`).
usage: self_contained.py <source root> <design folder>"""
import os
import re
import sys

SECTION = "## Adding an accelerator"
DOC = os.path.join("docs", "adding-a-design.md")


def source_files(root, skip):
    for d, dirs, files in os.walk(root):
        # Build trees (a CMakeCache.txt) and version control are not sources.
        dirs[:] = [x for x in dirs if x != ".git" and os.path.realpath(os.path.join(d, x)) != skip
                   and not os.path.exists(os.path.join(d, x, "CMakeCache.txt"))]
        for f in files:
            yield os.path.join(d, f)


def main():
    root = os.path.realpath(sys.argv[1])
    design = os.path.realpath(sys.argv[2])
    name = os.path.basename(design)
    word = re.compile(r"\b" + re.escape(name) + r"(?![a-z0-9])", re.IGNORECASE)
    fails = []
    for path in source_files(root, design):
        rel = os.path.relpath(path, root)
        if rel == DOC:
            continue
        with open(path, "rb") as f:
            data = f.read(4 << 20)
        if b"\0" in data:
            continue  # binary data
        if word.search(data.decode("utf-8", "replace")):
            fails.append(f"FAIL: {rel} names the design '{name}': a shared file was edited")

    readme = open(os.path.join(root, DOC), encoding="utf-8").read()
    start = readme.find(SECTION)
    if start < 0:
        fails.append(f"FAIL: {DOC} has no section '{SECTION}'")
    else:
        end = readme.find("\n## ", start + len(SECTION))
        section = readme[start:end if end >= 0 else len(readme)]
        prefix = os.path.relpath(design, root) + "/"
        listed = set(re.findall(r"`" + re.escape(prefix) + r"([^`]+)`", section))
        present = {os.path.relpath(os.path.join(d, f), design)
                   for d, _, files in os.walk(design) for f in files if "__pycache__" not in d}
        for f in sorted(present - listed):
            fails.append(f"FAIL: {DOC}'s design section does not list {prefix}{f}")
        for f in sorted(listed - present):
            fails.append(f"FAIL: {DOC}'s design section lists {prefix}{f}, which does not exist")
        outside = [l for l in readme[:start].splitlines() + readme[start + len(section):].splitlines()
                   if word.search(l)]
        for l in outside:
            fails.append(f"FAIL: {DOC} names '{name}' outside its design section: {l.strip()}")
    for f in fails:
        print(f)
    if not fails:
        print(f"ok: '{name}' appears only in {os.path.relpath(design, root)}/ and {DOC}'s design "
              f"section, which lists its {len(present)} files")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
