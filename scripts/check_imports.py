#!/usr/bin/env python3
"""The module map made true: every `import` of one of this package's modules (or of a package
product such as ArgumentParser) in a target's sources must name a direct dependency of that
target in Package.swift, in Sources and Tests alike. SwiftPM builds a transitive import without a
word, so a module can come to lean on one it never declared; this check refuses it.

It also holds the rules ARCHITECTURE.md draws that a declaration alone would not: see FORBIDDEN;
and a module that is not one of the package's products declares nothing `public` (its API is
`package`: for the package's own modules and tests, not for a client), unless PUBLIC says why.

    python3 scripts/check_imports.py            # from the package folder; exit 1 on any violation
"""

import json
import os
import re
import subprocess
import sys

# Dependencies a target must not have, with the reason (ARCHITECTURE.md).
FORBIDDEN = {
    "ScrollPhysics": ({"*"}, "the physics core depends on nothing (it also builds as WebAssembly)"),
    "Drawing": ({"*"}, "draw lists are plain data"),
    "Scenes": ({"CSDL2", "Platform", "SafeOutput", "Formats"}, "scenes are plain data, no files and no SDL"),
    "Randomness": ({"*"}, "the seeded generator is a leaf"),
    "Primitives": ({"*"}, "points, sizes, input and trace readings are a leaf"),
    "Formats": ({"Scenes", "Platform"}, "file formats read and write values, never a live scene"),
    "BlindTest": ({"ScrollLabKit", "Platform", "Scenes"}, "blind tests are values over feels and files"),
    "Playground": ({"Fitting", "SafeOutput", "Platform", "SessionEffects", "Media", "PhoneServer", "CQRencode"}, "the session reduces requests; effects run elsewhere"),
    "SessionEffects": ({"PhoneServer"}, "the phone's server is run by the window (PhoneLinkRunner), not by the file effects"),
    "PhoneServer": ({"Playground", "Scenes", "Platform", "CSDL2"}, "the server knows pages and messages, not the session or the window"),
}

# Targets that may depend on these and nothing else, with the reason (ARCHITECTURE.md).
ONLY = {
    "scrollab": ({"ScrollLabApp"}, "the executable is a thin main; commands, windows and jobs are in ScrollLabApp"),
}

# Modules outside the products whose declarations stay public, with the reason (ARCHITECTURE.md).
PUBLIC = {
    "Primitives": "points, input and trace readings are in the products' own API (Scenes, Formats)",
    "Randomness": "the seeded generator is in the blind test's API (a design drawn from a seed)",
    "Drawing": "the benchmarks, a package of their own, draw frames",
    "Platform": "the benchmarks, a package of their own, draw frames offscreen",
}

# `public` as a declaration's access (not in a comment or a string).
PUBLIC_DECLARATION = re.compile(r"^\s*(?:@[\w]+(?:\([^)]*\))?\s+)*(?:nonisolated(?:\(unsafe\))?\s+)?public\b")

# Executables no target may depend on (tests import the library the executable runs).
EXECUTABLES = {"scrollab"}

IMPORT = re.compile(
    r"^\s*(?:@testable\s+|@_exported\s+|@_implementationOnly\s+|@preconcurrency\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|typealias|func|let|var)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def package():
    text = subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True, text=True).stdout
    return json.loads(text)


def swift_lines(folder):
    """(path, line number, line) for every line of the Swift files below `folder`."""
    for root, _, files in os.walk(folder):
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        yield path, number, line


def main():
    manifest = package()
    targets = manifest["targets"]
    names = {t["name"] for t in targets}
    # Products of the package's dependencies: their module names are what sources import.
    products = {"ArgumentParser": "ArgumentParser", "PropertyBased": "PropertyBased"}
    modules = names | set(products)
    problems = []
    exported = {name for product in manifest["products"] for name in product["targets"]}
    for target in targets:
        if target["type"] == "system":
            continue
        declared = set()
        for dependency in target.get("dependencies", []):
            kind = next(iter(dependency))
            declared.add(dependency[kind][0])
        folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
        packaged = target["type"] == "regular" and target["name"] not in exported | set(PUBLIC)
        for path, number, line in swift_lines(folder):
            if packaged and PUBLIC_DECLARATION.match(line):
                problems.append(
                    f"{path}:{number}: public in {target['name']}, which is not a product: declare it package")
            match = IMPORT.match(line)
            if not match:
                continue
            module = match.group(1)
            if module not in modules or module == target["name"]:
                continue
            if module not in declared:
                problems.append(
                    f"{path}:{number}: imports {module}, which is not a dependency of {target['name']} "
                    f"in Package.swift (declare it, or move what is used)")
        allowed = ONLY.get(target["name"])
        if allowed:
            modules_allowed, reason = allowed
            for module in sorted(declared - modules_allowed):
                problems.append(f"Package.swift: {target['name']} depends on {module}: {reason}")
        for module in sorted(declared & EXECUTABLES):
            problems.append(
                f"Package.swift: {target['name']} depends on the executable {module}: depend on the library it runs")
        rule = FORBIDDEN.get(target["name"])
        if rule:
            banned, reason = rule
            hit = declared if "*" in banned else declared & banned
            for module in sorted(hit):
                problems.append(f"Package.swift: {target['name']} depends on {module}: {reason}")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) with the module map (above).")
        return 1
    print(f"imports: {sum(1 for t in targets if t['type'] != 'system')} targets, every import declared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
