#!/usr/bin/env python3
"""Checks that every #include of the sources goes down the layers of scripts/layers.txt.

Prints one line per include that goes against them (file:line, the include, both folders) and
per include that two folders could answer (an ambiguous path), then a summary; exits 1 if there
was any. Like Chromium's checkdeps, it reads the #include lines only: no compiler, a second or
two. Usage: scripts/check-layers.py [ROOT]
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
SOURCE_PARTS = ("app", "guibench", "ui", "bench", "rawsql", "core")
# Where a quoted include is looked for after the including file's own folder: the include
# directories the targets give (CMakeLists.txt), as paths from the root.
INCLUDE_ROOTS = ("core/src", "core/include", "ui", "app", ".")
INCLUDE = re.compile(r'\s*#\s*include\s*[<"]([^">]+)[">]')


def read_layers(path):
    """Returns {block: [[folder, ...], ...]} in file order."""
    blocks, current = {}, None
    for raw in open(path, encoding="utf-8"):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            current = blocks.setdefault(line.strip("[]"), [])
        else:
            current.append(line.split())
    return blocks


def rank_table(groups):
    return {folder: rank for rank, group in enumerate(groups) for folder in group}


def source_files():
    for part in SOURCE_PARTS:
        for folder, dirs, names in os.walk(os.path.join(ROOT, part)):
            dirs[:] = [d for d in dirs if not d.startswith("build")]
            for name in sorted(names):
                if name.endswith((".h", ".cpp")):
                    yield os.path.relpath(os.path.join(folder, name), ROOT)


def main():
    blocks = read_layers(os.path.join(ROOT, "scripts", "layers.txt"))
    top = rank_table(blocks["top"])
    inner = {part: rank_table(groups) for part, groups in blocks.items() if part != "top"}
    files = sorted(source_files())
    known = set(files)

    def part_of(folder):
        # The longest [top] entry the folder is in: app/cli before app.
        best = None
        for name in top:
            if (folder == name or folder.startswith(name + "/")) and (best is None or len(name) > len(best)):
                best = name
        return best

    def place(folder):
        """(part, rank in [top], rank inside the part or None); None where layers.txt lacks it."""
        part = part_of(folder)
        if part is None:
            return None
        if part not in inner:
            return (part, top[part], 0)
        if folder not in inner[part]:
            return None
        return (part, top[part], inner[part][folder])

    problems = []
    unplaced = set()
    checked = 0
    for path in files:
        folder = os.path.dirname(path)
        here = place(folder)
        if here is None:
            unplaced.add(folder)
            continue
        for number, line in enumerate(open(os.path.join(ROOT, path), encoding="utf-8", errors="replace"), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            spelled = match.group(1)
            found = []
            for base in (folder,) + INCLUDE_ROOTS:
                candidate = os.path.normpath(os.path.join(base, spelled))
                if candidate in known and candidate not in found:
                    found.append(candidate)
            if not found:
                continue  # a system, Qt or generated header
            checked += 1
            if len(found) > 1 and found[0] != os.path.normpath(os.path.join(folder, spelled)):
                problems.append(f"{path}:{number}: \"{spelled}\" is ambiguous: {', '.join(found)}")
            target_folder = os.path.dirname(found[0])
            if target_folder == folder:
                continue
            there = place(target_folder)
            if there is None:
                unplaced.add(target_folder)
                continue
            if here[0] == there[0]:
                allowed = here[2] < there[2]
            else:
                allowed = here[1] < there[1]
            if not allowed:
                problems.append(f"{path}:{number}: {folder} must not include {target_folder} "
                                f"(\"{spelled}\"): scripts/layers.txt puts it "
                                f"{'beside' if (here[0] == there[0] and here[2] == there[2]) or (here[0] != there[0] and here[1] == there[1]) else 'above'} {folder}")
    for folder in sorted(unplaced):
        problems.append(f"{folder}/: a source folder that scripts/layers.txt does not place")
    for problem in problems:
        print(problem)
    print(f"check-layers: {len(files)} files, {checked} includes of the project's own headers, "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
