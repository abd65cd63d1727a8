#!/usr/bin/env python3
"""Debug-build decode time over release-build decode time, per file and per format.

Called by `scripts/benchmark --debug-ratio` (see there):
    debug-ratio.py RELEASE_BINARY DEBUG_BINARY FOLDER [FOLDER...] [--only TEXT] [--debug-ratio]
Each binary's `decode FILE 0` mode decodes the file (every composited frame) four times; the ratio
is of the two processes' processor times;
the generated files' folder must exist (scripts/benchmark makes it only when it also runs the
comparison, so run that once first).
"""
import json, math, os, resource, subprocess, sys


def decode_seconds(binary, path):
    """The processor time (user + system) of one `decode FILE 0` child: a checking pass and three
    timed decodes in either build. Processor time rather than the wall clock, so that the ratio
    holds on a machine that others load."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    output = subprocess.run([binary, "decode", path, "0"], capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    for line in output.splitlines():
        if line.startswith("{"):
            result = json.loads(line)
            if "median_seconds" in result:
                return seconds, result.get("format", "?")
    return None, None


def main(arguments):
    release, debug = arguments[0], arguments[1]
    folders, only = [], ""
    rest = arguments[2:]
    index = 0
    while index < len(rest):
        if rest[index] == "--only":
            only = rest[index + 1]; index += 2
        elif rest[index].startswith("--"):
            index += 1
        else:
            folders.append(rest[index]); index += 1
    files = []
    for folder in folders:
        if folder and os.path.isdir(folder):
            files += sorted(os.path.join(folder, name) for name in os.listdir(folder) if not name.startswith("."))
    files = [path for path in files if only in os.path.basename(path)
             and path.rsplit(".", 1)[-1] in ("gif", "png", "webp", "apng")]
    ratios = {}
    print(f"{'file':<48} {'release s':>10} {'debug s':>10} {'debug/release':>14}  (processor time, 4 decodes)")
    for path in files:
        fast, format_name = decode_seconds(release, path)
        slow, _ = decode_seconds(debug, path)
        if fast is None or slow is None:
            print(f"{os.path.basename(path):<48} failed")
            continue
        ratio = slow / fast
        ratios.setdefault(format_name, []).append(ratio)
        print(f"{os.path.basename(path):<48} {fast:>10.2f} {slow:>10.2f} {ratio:>14.1f}", flush=True)
    print()
    for format_name, values in sorted(ratios.items()):
        mean = math.exp(sum(math.log(value) for value in values) / len(values))
        print(f"{format_name}: debug/release geometric mean {mean:.1f} over {len(values)} files "
              f"(range {min(values):.1f}-{max(values):.1f})")


if __name__ == "__main__":
    main(sys.argv[1:])
