#!/usr/bin/env python3
"""Builds the public retrieved-text sets under testdata/public from git
checkouts of their sources, at the commits SOURCES.md names.

    python3 testdata/public/extract.py PURPLELLAMA GRESHAKE CURL RUSTBOOK PROMPTGUIDE

Each argument is the git directory of a clone (bare or not) of, in order,
meta-llama/PurpleLlama, greshake/llm-security, curl/curl, rust-lang/book
and dair-ai/Prompt-Engineering-Guide. Files are read with `git show
COMMIT:PATH`, so the clones may be at any commit. Output is deterministic:
the same commits give the same files. Labels come from the sources (an
injected document is "remove", a documentation paragraph "keep"); nothing
is chosen or edited by hand.
"""
import ast
import json
import os
import re
import subprocess
import sys

COMMITS = {
    "purplellama": "4be64c3a24442b51c76175e6ec67722cc3f5fe38",
    "greshake": "87f4b7ffa568b7261a79b31573068d8113319212",
    "curl": "5c61e168698a72b87437d58ed728bcdea6d5db42",
    "rustbook": "917544888a55e4da7109bdba8c88c893c0da70f4",
    "promptguide": "3d96678f28793e6f23ac6c0127799489f2c9022b",
}
OUT = os.path.dirname(os.path.abspath(__file__))
DOCS_PER_SET = 400


def show(git, name, path):
    return subprocess.run(["git", "--git-dir", git, "show", f"{COMMITS[name]}:{path}"],
                          check=True, capture_output=True).stdout.decode("utf-8")


def ls(git, name, prefix):
    out = subprocess.run(["git", "--git-dir", git, "ls-tree", "-r", "--name-only", COMMITS[name], prefix],
                         check=True, capture_output=True).stdout.decode("utf-8")
    return sorted(p for p in out.splitlines() if p)


# TABLE is the source column of the README quality table for each set,
# read by internal/cmd/quality from the set's README ("Table: ...").
TABLE = {
    "cyberseceval-indirect": "CyberSecEval indirect prompt injections, meta-llama/PurpleLlama, MIT",
    "cyberseceval-multilingual": "CyberSecEval indirect prompt injections in 16 languages, meta-llama/PurpleLlama, MIT",
    "greshake-indirect": "Greshake et al.'s indirect injection demos, greshake/llm-security, MIT",
    "curl-docs": "curl's documentation paragraphs, curl/curl, curl licence (MIT-style)",
    "rust-book": "The Rust Programming Language paragraphs, rust-lang/book, MIT or Apache-2.0",
    "prompt-guide": "Prompt Engineering Guide paragraphs, dair-ai/Prompt-Engineering-Guide, MIT",
}


def write(setname, rows, readme):
    d = os.path.join(OUT, setname)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "retrieved.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(d, "README.md"), "w", encoding="utf-8") as f:
        f.write(readme.strip() + "\n\nTable: " + TABLE[setname] + "\n")
    print(setname, len(rows), file=sys.stderr)


def document(user_input):
    """The retrieved document of a CyberSecEval indirect test case: the
    part of the user's turn after the question that introduces it."""
    m = re.search(r":\s*(?=['\"<{]|<code>)", user_input)
    doc = user_input[m.end():] if m and m.start() < 200 else user_input
    doc = doc.strip()
    if len(doc) >= 2 and doc[0] in "'\"" and doc.rstrip(".")[-1] == doc[0]:
        doc = doc.rstrip(".")[1:-1]
    return doc


def cyberseceval(git):
    for setname, path, readme in [
        ("cyberseceval-indirect", "CybersecurityBenchmarks/datasets/prompt_injection/prompt_injection.json",
         "CyberSecEval's indirect prompt-injection cases in English: a document (code, a web page, a table, "
         "a resume, a paper, an e-mail) with an injected instruction. All are labelled remove."),
        ("cyberseceval-multilingual",
         "CybersecurityBenchmarks/datasets/prompt_injection/prompt_injection_multilingual_machine_translated.json",
         "CyberSecEval's indirect prompt-injection cases machine-translated into 16 languages. All are labelled "
         "remove; in a language the detectors do not read (all but Spanish, German and French) the expected "
         "outcome is the language finding."),
    ]:
        cases = json.loads(show(git, "purplellama", path))
        rows = []
        for c in cases:
            if c["injection_type"] != "indirect":
                continue
            rows.append({"id": f"cse-{c['prompt_id']}", "line": document(c["user_input"]), "expect": "remove",
                         "note": f"{c['injection_variant']}; {c['speaking_language']}"})
        write(setname, rows, f"# {setname}\n\n{readme}\n\nSource, commit and licence: ../SOURCES.md.")


GRESHAKE_FIELDS = re.compile(r"injection|payload|instructions|malicious_email")


def greshake(git):
    rows = []
    seen = set()
    for path in ls(git, "greshake", "scenarios"):
        text = show(git, "greshake", path)
        if path.endswith(".py"):
            try:
                tree = ast.parse(text)
            except SyntaxError:
                continue  # the code-completion bait files are deliberately broken Python
            for node in ast.walk(tree):
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                    name = node.targets[0].id
                    if GRESHAKE_FIELDS.search(name) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                        s = node.value.value
                        if len(s.strip()) >= 40:
                            add(rows, seen, path, name, s)
                    elif GRESHAKE_FIELDS.search(name) and isinstance(node.value, ast.JoinedStr):
                        s = "".join(v.value for v in node.value.values if isinstance(v, ast.Constant))
                        if len(s.strip()) >= 40:
                            add(rows, seen, path, name, s)
        elif "/puzzles/" in path:
            add(rows, seen, path, "page", text)
    write("greshake-indirect", rows,
          "# greshake-indirect\n\nThe injected web pages, e-mails, payloads and code comments of the scenarios "
          "in Greshake et al.'s indirect prompt-injection demonstrations (\"Not what you've signed up for\", "
          "2023). All are labelled remove.\n\nSource, commit and licence: ../SOURCES.md.")


def add(rows, seen, path, name, s):
    s = "\n".join(line.strip() for line in s.strip().splitlines())
    if s in seen:
        return
    seen.add(s)
    rows.append({"id": f"greshake-{len(rows) + 1:03d}", "line": s, "expect": "remove", "note": f"{path} {name}"})


def paragraphs(text, mdx=False):
    """Prose paragraphs of a markdown file: fenced code, front matter,
    HTML and MDX component lines, tables and headings left out."""
    lines = text.splitlines()
    if lines and lines[0].strip() == "---":
        for i in range(1, len(lines)):
            if lines[i].strip() == "---":
                lines = lines[i + 1:]
                break
    out, cur, fence = [], [], False
    for line in lines + [""]:
        s = line.strip()
        if s.startswith("```") or s.startswith("~~~"):
            fence = not fence
            if cur:
                out.append(cur)
                cur = []
            continue
        if fence:
            continue
        skip = (s.startswith("#") or s.startswith("|") or s.startswith("<") or s.startswith("{") or
                s.startswith("import ") or s.startswith("export ") or s.startswith("[") and "]:" in s or
                s.startswith("!["))
        if s == "" or skip:
            if cur:
                out.append(cur)
                cur = []
            continue
        cur.append(line.rstrip())
    paras = []
    for p in out:
        t = "\n".join(p)
        if 40 <= len(t) <= 1200 and not (mdx and ("{" in t or "<" in t)):
            paras.append(t)
    return paras


def sample(paras, n):
    if len(paras) <= n:
        return paras
    step = len(paras) / n
    return [paras[int(i * step)] for i in range(n)]


def docs(git, name, setname, prefixes, keep, readme, mdx=False):
    paras = []
    for prefix in prefixes:
        for path in ls(git, name, prefix):
            if keep(path):
                paras += [(path, p) for p in paragraphs(show(git, name, path), mdx)]
    rows = []
    for i, (path, p) in enumerate(sample(paras, DOCS_PER_SET)):
        rows.append({"id": f"{setname}-{i + 1:03d}", "line": p, "expect": "keep", "note": path})
    write(setname, rows, readme)


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    purple, gresh, curl, rust, guide = sys.argv[1:]
    cyberseceval(purple)
    greshake(gresh)
    docs(curl, "curl", "curl-docs", ["docs/cmdline-opts/", "docs/"],
         lambda p: p.endswith(".md") and p.count("/") <= 2,
         "# curl-docs\n\nParagraphs of curl's documentation: the command-line option pages (docs/cmdline-opts, "
         "the source of the man page) and the top-level guides in docs/. Full of imperatives to the reader "
         "(\"Use this option to ...\", \"Set the environment variable ...\"); all are labelled keep.\n\n"
         "Source, commit and licence: ../SOURCES.md.")
    docs(rust, "rustbook", "rust-book", ["src/"], lambda p: re.search(r"src/ch\d\d-\d\d.*\.md$", p) is not None,
         "# rust-book\n\nParagraphs of The Rust Programming Language (the book's chapters in src/): tutorial "
         "prose that tells the reader what to run and change. All are labelled keep.\n\n"
         "Source, commit and licence: ../SOURCES.md.")
    docs(guide, "promptguide", "prompt-guide", ["pages/"], lambda p: p.endswith(".en.mdx"),
         "# prompt-guide\n\nParagraphs of DAIR.AI's Prompt Engineering Guide (English pages): documentation "
         "written for people about models, prompts, agents and prompt injection, which names assistants and "
         "models, tells the reader how to instruct them and describes attacks. Code blocks (the example "
         "prompts) are left out. All are labelled keep.\n\nSource, commit and licence: ../SOURCES.md.", mdx=True)


if __name__ == "__main__":
    main()
