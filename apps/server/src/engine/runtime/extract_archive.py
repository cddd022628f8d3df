#!/usr/bin/env python3
"""Extracts a tar archive (plain, gzip, bzip2 or xz) into a folder, refusing anything unsafe.

Usage: extract_archive.py <archive> <dest> [--max-bytes N]

Archives uploaded into a bucket are untrusted. Every entry is checked BEFORE anything
is written: absolute paths, '..' components, NUL bytes, device files and links that
point outside the archive fail the whole extraction with the offending entry named.
Links inside the archive are materialised as copies, so no symlink ever exists on
disk that a later write could follow out of the destination. Files already in the
destination are kept: a file uploaded beside an archive wins over the archive's copy.

Prints {"files": N, "bytes": N, "kept": [paths]} on success (exit 0) or {"error": "..."} (exit 1).
"""
import json
import os
import posixpath
import shutil
import sys
import tarfile


class Refused(Exception):
    pass


def relative_name(member):
    name = member.name
    if "\x00" in name or "\\" in name:
        raise Refused(f"Refused archive entry {name!r}: invalid characters in the path")
    if name.startswith("/"):
        raise Refused(f"Refused archive entry '{name}': absolute path")
    if ".." in name.split("/"):
        raise Refused(f"Refused archive entry '{name}': '..' leads outside the extraction folder")
    return posixpath.normpath(name)


def link_target(member, name):
    target = member.linkname
    if "\x00" in target or target.startswith("/"):
        raise Refused(f"Refused archive entry '{member.name}': link to '{target}' points outside the archive")
    base = posixpath.dirname(name) if member.issym() else ""
    resolved = posixpath.normpath(posixpath.join(base, target))
    if resolved == ".." or resolved.startswith("../") or resolved == ".":
        raise Refused(f"Refused archive entry '{member.name}': link to '{target}' points outside the archive")
    if name == resolved or name.startswith(resolved + "/"):
        raise Refused(f"Refused archive entry '{member.name}': link to '{target}' points to a folder containing it")
    return resolved


def plan(archive, max_bytes):
    """Checks every entry; returns (directories, files, links) to create."""
    directories, files, links, total = [], [], [], 0
    for member in archive.getmembers():
        name = relative_name(member)
        if name == ".":
            continue
        if member.isdir():
            directories.append(name)
        elif member.isreg():
            total += member.size
            if total > max_bytes:
                raise Refused(f"Refused archive: it expands to more than {max_bytes // (1024 * 1024)} MB")
            files.append((name, member))
        elif member.issym() or member.islnk():
            links.append((name, link_target(member, name)))
        else:
            raise Refused(f"Refused archive entry '{member.name}': unsupported entry type (device, fifo or similar)")
    link_names = {name for name, _ in links}
    for name in directories + [n for n, _ in files] + [n for n, _ in links]:
        parts = name.split("/")
        for depth in range(1, len(parts)):
            if "/".join(parts[:depth]) in link_names:
                raise Refused(f"Refused archive entry '{name}': its path goes through the link '{'/'.join(parts[:depth])}'")
    return directories, files, links, total


def inside(root, path):
    """The real path of path's folder must stay under root: nothing on disk may redirect a write."""
    real = os.path.realpath(os.path.dirname(path))
    if real != root and not real.startswith(root + os.sep):
        raise Refused(f"Refused to write {path}: it resolves outside the extraction folder")
    if os.path.islink(path):
        raise Refused(f"Refused to write {path}: it is a symbolic link")
    return path


def extract(archive_path, dest, max_bytes):
    root = os.path.realpath(dest)
    kept = []
    with tarfile.open(archive_path, "r:*") as archive:
        directories, files, links, total = plan(archive, max_bytes)
        for name in directories:
            os.makedirs(inside(root, os.path.join(root, name)), exist_ok=True)
        for name, member in files:
            target = os.path.join(root, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            inside(root, target)
            if os.path.isdir(target):
                raise Refused(f"Refused archive entry '{member.name}': a folder of that name exists")
            if os.path.lexists(target):
                kept.append(name)
                continue
            partial = target + ".asb-partial"
            with archive.extractfile(member) as source, open(partial, "wb") as sink:
                shutil.copyfileobj(source, sink)
            os.chmod(partial, 0o755 if member.mode & 0o100 else 0o644)
            os.replace(partial, target)
    for name, resolved in links:
        source, target = os.path.join(root, resolved), os.path.join(root, name)
        if not os.path.exists(source):
            raise Refused(f"Refused archive entry '{name}': its link target '{resolved}' is not in the archive")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        inside(root, target)
        if os.path.lexists(target):
            kept.append(name)
            continue
        if os.path.isdir(source):
            size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(source) for f in fs)
            total += size
            if total > max_bytes:
                raise Refused(f"Refused archive: it expands to more than {max_bytes // (1024 * 1024)} MB")
            shutil.copytree(source, target, symlinks=False, dirs_exist_ok=True)
        else:
            total += os.path.getsize(source)
            shutil.copyfile(source, target)
    return {"files": len(files) + len(links) - len(kept), "bytes": total, "kept": kept}


def main(argv):
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--max-bytes"):
        print(__doc__, file=sys.stderr)
        return 2
    max_bytes = int(argv[4]) if len(argv) == 5 else 1024 * 1024 * 1024
    try:
        print(json.dumps(extract(argv[1], argv[2], max_bytes)))
        return 0
    except Refused as error:
        message = str(error)
    except (tarfile.TarError, EOFError) as error:
        message = f"Not a readable tar archive: {error}"
    except OSError as error:
        message = f"Extraction failed: {error.strerror or error}"
    print(json.dumps({"error": message}))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
