#!/usr/bin/env python3
"""Fails when a source file under tool/ or runtime/ is not named in docs/ARCHITECTURE.md.

The map is only useful while it is complete: a file added without a word about where it sits is
the first step of a tree nobody can navigate. A file is named when the page contains its name
(`Context.cpp`); a header and its source share one mention (`Context.cpp` names `Context.h`).
Where two files share a name (runtime/src/sites/device_sites.cpp and runtime/src/cuda/device_sites.cpp),
the page must qualify it with its folder (`sites/device_sites.cpp`, `cuda/device_sites.cpp`).
"""
import collections
import os
import sys

SOURCE_SUFFIXES = ('.c', '.cpp', '.h', '.cu', '.cuh', '.in')


def source_files(root):
    for top in ('tool', 'runtime'):
        for folder, _, names in os.walk(os.path.join(root, top)):
            for name in names:
                if name.endswith(SOURCE_SUFFIXES):
                    yield os.path.relpath(os.path.join(folder, name), root)


def mentions(path):
    """The spellings of path, any of which names it: the file, or its header/source partner."""
    stem, ext = os.path.splitext(os.path.basename(path))
    name = stem + ext
    partners = [name]
    if ext in ('.h', '.cpp', '.cu'):
        partners += [stem + e for e in ('.h', '.cpp', '.cu') if e != ext]
    return partners


def main(root):
    page = open(os.path.join(root, 'docs', 'ARCHITECTURE.md'), encoding='utf-8').read()
    files = sorted(source_files(root))
    by_name = collections.Counter(os.path.basename(f) for f in files)
    missing = []
    for path in files:
        names = mentions(path)
        if by_name[os.path.basename(path)] > 1:
            parent = os.path.basename(os.path.dirname(path))
            names = [parent + '/' + n for n in names]
        if not any(n in page for n in names):
            missing.append(f'{path}: not named in docs/ARCHITECTURE.md (as {" or ".join(names)})')
    for line in missing:
        print(line)
    print(f'{len(files) - len(missing)} of {len(files)} files under tool/ and runtime/ named')
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..')))
