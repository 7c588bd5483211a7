#!/usr/bin/env python3
"""Checks the module graph (docs/architecture.md) against Package.swift and the imports.

1. FleetBriefing and FleetReports reach neither CSQLite, CPostgres nor CCrypto, directly or
   transitively: the briefing and the reports never touch the database or the key.
2. Every Swift target imports exactly the package modules it declares: no undeclared import
   (SwiftPM would let a transitive one through) and no declared dependency left unused.
3. The dependency table in docs/architecture.md, and its drawing (a mermaid graph), are the
   ones Package.swift declares.
4. No Swift file imports one of the package's Swift modules without naming anything that
   module makes public: a leftover import after a type moved. This is a word check, not the
   compiler's (a file that names only a word the module shares with another passes), so it
   finds leftovers, never proves an import needed; system-library modules and `@testable`
   imports (which reach internal names) are not checked.

Run from the repository root: `python3 scripts/check_modules.py` (CI runs it). Exit 1 with a
line per problem.
"""
import json
import os
import re
import subprocess
import sys

FORBIDDEN = {
    "FleetBriefing": {"CSQLite", "CPostgres", "CCrypto"},
    "FleetReports": {"CSQLite", "CPostgres", "CCrypto"},
}


def describe():
    out = subprocess.run(["swift", "package", "describe", "--type", "json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout[out.stdout.index("{"):])


def closure(name, deps):
    seen, stack = set(), list(deps.get(name, []))
    while stack:
        d = stack.pop()
        if d not in seen:
            seen.add(d)
            stack.extend(deps.get(d, []))
    return seen


IMPORT = re.compile(
    r"^\s*(@testable\s+)?(?:public |internal |package |private |fileprivate )?import\s+(\w+)\s*$", re.M)


def swift_files(path):
    """(path, text) of each Swift file of a target, recorded fixtures left out."""
    for folder, _, files in os.walk(path):
        if "Fixtures" in folder.split(os.sep):
            continue
        for f in sorted(files):
            if f.endswith(".swift"):
                full = os.path.join(folder, f)
                yield full, open(full, encoding="utf-8").read()


def imports(path, modules):
    return {m.group(2) for _, text in swift_files(path) for m in IMPORT.finditer(text) if m.group(2) in modules}


PUBLIC = re.compile(
    r"\bpublic\s+(?:(?:static|final|mutating|nonisolated|override|indirect|convenience|required)\s+)*"
    r"(?:struct|enum|class|protocol|actor|typealias|func|var|let|case|init|subscript)\s*([A-Za-z_]\w*)?")


def public_names(path):
    """Names a Swift module declares public: types and members (enum cases, which are not
    declared `public` and are often common words, are left out)."""
    return {m.group(1) for _, text in swift_files(path) for m in PUBLIC.finditer(text) if m.group(1)}


def unused_imports(targets):
    swift = {n: t for n, t in targets.items() if t.get("module_type") == "SwiftTarget"}
    names = {n: public_names(t["path"]) for n, t in swift.items() if t["type"] == "library"}
    problems = []
    for target in swift.values():
        for path, text in swift_files(target["path"]):
            words = set(re.findall(r"[A-Za-z_]\w*", re.sub(r"^.*\bimport\s.*$", "", text, flags=re.M)))
            for m in IMPORT.finditer(text):
                testable, module = m.group(1), m.group(2)
                if not testable and module in names and not names[module] & words:
                    problems.append(f"{os.path.relpath(path)} imports {module} but names nothing it makes public")
    return problems


def documented_table(path):
    """`| Module | depends on |` rows of docs/architecture.md: module → set of modules."""
    table, inside = {}, False
    for line in open(path, encoding="utf-8"):
        if line.startswith("<!-- module-graph:begin -->"):
            inside = True
        elif line.startswith("<!-- module-graph:end -->"):
            inside = False
        elif inside and line.startswith("| `"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            name = cells[0].strip("`")
            table[name] = set(re.findall(r"`(\w+)`", cells[1]))
    return table


def main():
    package = describe()
    targets = {t["name"]: t for t in package["targets"]}
    deps = {n: t.get("target_dependencies", []) for n, t in targets.items()}
    problems = []
    for name, banned in FORBIDDEN.items():
        reached = closure(name, deps) & banned
        if reached:
            problems.append(f"{name} reaches {', '.join(sorted(reached))} (through its dependencies)")
    modules = set(targets)
    for name, target in sorted(targets.items()):
        if target.get("module_type") == "SystemLibraryTarget" or target["type"] == "system-target":
            continue
        used = imports(target["path"], modules) - {name}
        declared = set(deps[name])
        # An executable test dependency (`fleetwx`) is there to be built and run, not imported.
        for extra in sorted(declared - used - {"fleetwx"}):
            problems.append(f"{name} declares {extra} but imports nothing from it")
        for missing in sorted(used - declared):
            problems.append(f"{name} imports {missing} without declaring it in Package.swift")
    table = documented_table("docs/architecture.md")
    libraries = {n for n, t in targets.items() if t["type"] in ("library", "executable") and not n.endswith("Tests")
                 and n != "FleetTestSupport"}
    for name in sorted(libraries | set(table)):
        if name not in table:
            problems.append(f"docs/architecture.md: the module table has no row for {name}")
        elif name not in targets:
            problems.append(f"docs/architecture.md: {name} is in the module table but not in Package.swift")
        elif table[name] != set(deps[name]):
            problems.append(
                f"docs/architecture.md: {name} depends on {', '.join(sorted(deps[name])) or 'nothing'} in Package.swift, "
                f"the table says {', '.join(sorted(table[name])) or 'nothing'}")
    drawn = set(re.findall(r"^\s+(\w+) --> (\w+)\s*$", open("docs/architecture.md", encoding="utf-8").read(), re.M))
    declared_edges = {(n, d) for n in libraries for d in deps[n]}
    for a, b in sorted(declared_edges - drawn):
        problems.append(f"docs/architecture.md: the graph does not draw {a} --> {b}")
    for a, b in sorted(drawn - declared_edges):
        problems.append(f"docs/architecture.md: the graph draws {a} --> {b}, which Package.swift does not declare")
    problems += unused_imports(targets)
    for p in problems:
        print("check_modules: " + p)
    if problems:
        return 1
    print(f"check_modules: {len(targets)} targets; the graph, the imports and docs/architecture.md agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
