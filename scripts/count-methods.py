#!/usr/bin/env python3
"""Counts the member functions each class of the sources declares, largest first.

A class's methods are the functions declared in its body (ctags' prototypes and inline
definitions; a Qt signal once; constructors and the destructor included; nested classes count
apart), in a header or in a .cpp that defines a class of its own. Universal Ctags reads the
files, no compiler: a second. Exits 1 when a class has more than --max methods.
Usage: scripts/count-methods.py [--max N] [--top N] [FOLDER ...]   (default folder: ui)
"""
import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
FUNCTION_KINDS = ("function", "prototype", "signal", "slot")


def tags_of(files):
    out = subprocess.run(
        ["ctags", "--output-format=json", "--kinds-C++=+p", "--fields=+KZsen", "--extras=-q",
         "--language-force=C++", "-f", "-"] + files,
        capture_output=True, text=True, check=True, cwd=ROOT).stdout
    return [json.loads(line) for line in out.splitlines()]


def count(folders):
    files = sorted(f for folder in folders for pattern in ("*.h", "*.cpp")
                   for f in glob.glob(os.path.join(folder, "**", pattern), recursive=True))
    tags = tags_of(files)
    classes = {}
    for tag in tags:
        if tag.get("kind") in ("class", "struct"):
            name = (tag["scope"] + "::" if tag.get("scope") else "") + tag["name"]
            classes[(tag["path"], name)] = (tag["line"], tag.get("end", tag["line"]), tag["name"])
    methods = collections.defaultdict(set)
    for tag in tags:
        key = (tag["path"], tag.get("scope"))
        if tag.get("kind") in FUNCTION_KINDS and key in classes:
            first, last, _ = classes[key]
            if first <= tag["line"] <= last:
                methods[key].add((tag["line"], tag["name"])) # a signal is tagged twice
    # ctags does not tag destructors.
    for (path, name), (first, last, short) in classes.items():
        with open(os.path.join(ROOT, path), encoding="utf-8") as source:
            body = source.readlines()[first - 1:last]
        for offset, line in enumerate(body):
            if re.search(r"(^|[^:\w])~" + re.escape(short) + r"\s*\(", line):
                methods[(path, name)].add((first + offset, "~" + short))
    return sorted(((len(found), name, path) for (path, name), found in methods.items()),
                  reverse=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--max", type=int, default=None)
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("folders", nargs="*", default=["ui"])
    args = parser.parse_args()
    rows = count(args.folders)
    for number, name, path in rows[:args.top]:
        print(f"{number:4} {name} ({path})")
    if args.max is not None:
        over = [row for row in rows if row[0] > args.max]
        print(f"{len(over)} classes with more than {args.max} methods")
        return 1 if over else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
