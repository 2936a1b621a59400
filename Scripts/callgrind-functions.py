#!/usr/bin/env python3
"""The functions of one program that callgrind saw run, hottest first, one linker symbol per line.

Reads callgrind output files (made with --demangle=no) and prints the names of the functions of the object whose path
ends with the given name, ordered by the instructions they ran themselves (summed over the files), for the linker's
symbol ordering file (Scripts/link-order.sh).
Las funciones de un programa que callgrind vio ejecutarse, de la más caliente a la más fría, para ordenar el enlace.

    callgrind-functions.py OBJECT_NAME FILE...
"""
import re
import sys
from collections import Counter

NAMED = re.compile(r"\((\d+)\)(?: (.*))?$")


def read(path, object_name, cost):
    """Adds each function's own instruction count in `path` to `cost`, for the functions of `object_name`."""
    functions, objects = {}, {}
    current_object = current_function = None
    after_call = False

    def name(table, text):
        match = NAMED.match(text)
        if not match:
            return text
        if match.group(2) is not None:
            table[match.group(1)] = match.group(2)
        return table.get(match.group(1))

    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith("ob="):
                current_object = name(objects, line[3:].rstrip("\n"))
            elif line.startswith("cob="):
                name(objects, line[4:].rstrip("\n"))
            elif line.startswith("fn="):
                current_function = name(functions, line[3:].rstrip("\n"))
                after_call = False
            elif line.startswith("cfn="):
                name(functions, line[4:].rstrip("\n"))
            elif line.startswith("calls="):
                after_call = True  # the next cost line is the call's inclusive cost, not the caller's own
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_call:
                    after_call = False
                    continue
                fields = line.split()
                if (len(fields) >= 2 and current_function and current_object
                        and current_object.endswith("/" + object_name)):
                    # callgrind marks a second function of the same name with 'N; the linker knows the plain name.
                    cost[re.sub(r"'\d+$", "", current_function)] += int(fields[1])


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    cost = Counter()
    for path in sys.argv[2:]:
        read(path, sys.argv[1], cost)
    for function, _ in sorted(cost.items(), key=lambda item: (-item[1], item[0])):
        print(function)


if __name__ == "__main__":
    main()
