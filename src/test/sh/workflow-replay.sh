#!/usr/bin/env bash
# Replays .github/workflows/benchmark-gate.yml on this machine, the way GitHub would run it: each job's steps in order
# (run: steps in bash -eo pipefail, as the hosted runner does; the actions it uses stood in for by local copies), its
# `if:` conditions evaluated, its outputs passed on, with the environment GitHub sets (GITHUB_ACTIONS, GITHUB_OUTPUT,
# GITHUB_STEP_SUMMARY, RUNNER_TEMP, the event). It works on a scratch clone of this checkout whose main is this
# checkout's HEAD, and first replays a push to main (the warm job fills the base-jar cache), then each case as a pull
# request against main: GitHub's merge commit is made as refs/pull/N/merge is, and the paths filter is applied to the
# pull request's changed files.
#
# Cases (default: all six, in this order):
#   aa         a harmless code change: the gate passes (or, on a host too disturbed to make the claim, CANNOT_TELL,
#              which the job reports as a warning)
#   slowed     two commits, the second making the JDK String API converter's encode several times slower: the gate
#              fails, prints one ::error annotation per FAIL, and the bisect job names the second commit
#   accepted   the slowed case's commits with the label benchmark-slowdown-accepted added (a "labeled" event): the
#              gate runs, its FAIL is a ::notice, the job passes and no bisection starts
#   other-label  a harmless change labelled "documentation" (a "labeled" event): no job runs, in a concurrency group
#              of its own (printed), so it cancels no gate
#   adds-gate  main without the workflow, and a pull request that adds it: a notice, and the gate passes
#   docs-only  a change to docs/ only: the paths filter starts no job
#
# The workflow's GATE_OPTIONS (extra gate options, empty in the workflow) is set to one benchmark, so that a case takes
# minutes: REPLAY_GATE_OPTIONS overrides it. The build step's unit tests are skipped (-DskipTests through a mvn wrapper
# on PATH): they are this repository's own, which .ci/run runs. What each job printed is in DIR/<case>/<job>.log, its
# step summary in DIR/<case>/<job>.summary.md, its artifacts in DIR/artifacts/<case>/.
#
# Another repository's workflow (a codec team's, src/test/sh/codec-team.sh): REPLAY_SOURCE=its checkout, whose main
# is replayed with its own workflow and GATE_OPTIONS, and REPLAY_CASES=a folder of case scripts: CASE.sh runs in the
# clone on the pull request's branch and makes its commits; CASE.labels, if there, holds its labels, one per line (the
# last one added by a "labeled" event). A case with a script there is that script, whatever its name.
#
# Usage: src/test/sh/workflow-replay.sh DIR [CASE...]      (needs git, python3 with PyYAML, Maven, a JDK 17)
set -euo pipefail
dir=${1:?usage: workflow-replay.sh DIR [aa|slowed|accepted|other-label|adds-gate|docs-only]...}
shift
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(aa slowed accepted other-label adds-gate docs-only)
src=${REPLAY_SOURCE:-$(git -C "$(dirname "$0")" rev-parse --show-toplevel)}
rm -rf "$dir"
mkdir -p "$dir/bin"
dir=$(cd "$dir" && pwd)
real_mvn=$(command -v mvn)
printf '#!/bin/sh\nexec %s "$@" -DskipTests\n' "$real_mvn" > "$dir/bin/mvn"
chmod +x "$dir/bin/mvn"
git clone -q "$src" "$dir/repo"
git -C "$dir/repo" config user.email replay@example.invalid
git -C "$dir/repo" config user.name "workflow replay"
git -C "$dir/repo" checkout -q -B main
if [ -z "${REPLAY_SOURCE:-}" ]; then
  export REPLAY_GATE_OPTIONS=${REPLAY_GATE_OPTIONS:---include ConversionBenchmark\\.encode\$ --ccsid 37 --provider jdk --length 1024}
fi
PATH="$dir/bin:$PATH" exec python3 - "$dir" "${cases[@]}" <<'PY'
import fnmatch, json, os, re, shutil, subprocess, sys

root = sys.argv[1]
repo = os.path.join(root, "repo")
workflow_path = ".github/workflows/benchmark-gate.yml"
import yaml


def git(*args, cwd=repo):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


# --- GitHub expressions: the operators, contexts and functions the workflow uses -------------------------------
TOKEN = re.compile(r"\s*(?:(?P<str>'(?:[^']|'')*')|(?P<num>\d+(?:\.\d+)?)|(?P<op>==|!=|&&|\|\||<=|>=|[!()<>,])"
                   r"|(?P<name>[A-Za-z_][A-Za-z0-9_\-]*(?:\.(?:\*|[A-Za-z_][A-Za-z0-9_\-]*))*))")


def tokens(text):
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError("cannot read the expression at: " + text[pos:])
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
        pos = m.end()
    return out


def number(v):
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    if v is None or v == "":
        return 0.0
    try:
        return float(v)
    except (TypeError, ValueError):
        return float("nan")


def equal(a, b):
    if isinstance(a, str) and isinstance(b, str):
        return a.lower() == b.lower()
    if a is None and b is None:
        return True
    return number(a) == number(b)


def truthy(v):
    return not (v is None or v is False or v == "" or v == 0)


class Expression:
    def __init__(self, text, ctx):
        self.t, self.i, self.ctx = tokens(text), 0, ctx

    def peek(self):
        return self.t[self.i][1] if self.i < len(self.t) else None

    def take(self, want=None):
        tok = self.t[self.i]
        if want is not None and tok[1] != want:
            raise ValueError("expected " + want + ", not " + tok[1])
        self.i += 1
        return tok

    def value(self):
        v = self.disjunction()
        if self.i != len(self.t):
            raise ValueError("left over: " + str(self.t[self.i:]))
        return v

    def disjunction(self):
        v = self.conjunction()
        while self.peek() == "||":
            self.take()
            w = self.conjunction()
            v = v if truthy(v) else w
        return v

    def conjunction(self):
        v = self.comparison()
        while self.peek() == "&&":
            self.take()
            w = self.comparison()
            v = w if truthy(v) else v
        return v

    def comparison(self):
        v = self.unary()
        while self.peek() in ("==", "!=", "<", ">", "<=", ">="):
            op = self.take()[1]
            w = self.unary()
            if op == "==":
                v = equal(v, w)
            elif op == "!=":
                v = not equal(v, w)
            else:
                a, b = number(v), number(w)
                v = {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]
        return v

    def unary(self):
        if self.peek() == "!":
            self.take()
            return not truthy(self.unary())
        return self.primary()

    def primary(self):
        kind, text = self.take()
        if text == "(":
            v = self.disjunction()
            self.take(")")
            return v
        if kind == "str":
            return text[1:-1].replace("''", "'")
        if kind == "num":
            return float(text)
        if text in ("true", "false"):
            return text == "true"
        if text == "null":
            return None
        if self.peek() == "(":
            self.take("(")
            args = []
            while self.peek() != ")":
                args.append(self.disjunction())
                if self.peek() == ",":
                    self.take()
            self.take(")")
            return self.call(text, args)
        return self.lookup(text)

    def call(self, name, args):
        status = self.ctx.get("job.status", "success")
        if name == "always":
            return True
        if name == "success":
            return status == "success"
        if name == "failure":
            return status == "failure"
        if name == "cancelled":
            return False
        if name == "contains":
            hay, needle = args
            if isinstance(hay, list):
                return any(equal(h, needle) for h in hay)
            return str(needle).lower() in str(hay or "").lower()
        if name == "format":
            return re.sub(r"\{(\d+)\}", lambda m: str(args[1 + int(m.group(1))]), str(args[0]))
        if name == "startsWith":
            return str(args[0] or "").lower().startswith(str(args[1]).lower())
        raise ValueError("no function " + name)

    def lookup(self, path):
        parts = path.split(".")
        node = self.ctx
        for k, p in enumerate(parts):
            if p == "*":
                rest = ".".join(parts[k + 1:])
                items = node if isinstance(node, list) else []
                return [Expression(rest, i).value() if rest else i for i in items]
            node = node.get(p) if isinstance(node, dict) else None
        return node


def condition(text, ctx):
    """An if: condition: without a status function in it, GitHub adds success() &&."""
    text = str(text).strip()
    if text.startswith("${{") and text.endswith("}}"):
        text = text[3:-2]
    if not re.search(r"\b(always|success|failure|cancelled)\(", text):
        text = "success() && (" + text + ")"
    return truthy(evaluate(text, ctx))


def evaluate(text, ctx):
    text = text.strip()
    if text.startswith("${{") and text.endswith("}}") and text.count("${{") == 1:
        text = text[3:-2]
    return Expression(text, ctx).value()


def substitute(text, ctx):
    def one(m):
        v = evaluate(m.group(1), ctx)
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        return "" if v is None else ("true" if v is True else "false" if v is False else str(v))
    return re.sub(r"\$\{\{(.*?)\}\}", one, str(text))


# --- the runner: jobs, steps, the actions the workflow uses ----------------------------------------------------
def workspace(case, job, sha, merge_of=None):
    """A fresh clone, as actions/checkout with fetch-depth 0 leaves it: the event's commit checked out."""
    ws = os.path.join(root, case, "runner", job)
    shutil.rmtree(ws, ignore_errors=True)
    subprocess.run(["git", "clone", "-q", repo, ws], check=True)
    git("config", "user.email", "github@example.invalid", cwd=ws)
    git("config", "user.name", "GitHub", cwd=ws)
    if merge_of:
        base, head = merge_of
        git("checkout", "-q", "--detach", base, cwd=ws)
        git("merge", "-q", "--no-ff", "-m", "Merge " + head + " into " + base, head, cwd=ws)
    else:
        git("checkout", "-q", "--detach", sha, cwd=ws)
    return ws


def copy(src, dst):
    shutil.rmtree(dst, ignore_errors=True)
    if os.path.isdir(src):
        shutil.copytree(src, dst)
    elif os.path.isfile(src):
        os.makedirs(dst, exist_ok=True)
        shutil.copy2(src, dst)


def run_job(case, name, job, wf, ctx, event_sha, merge_of, log):
    ws = workspace(case, name, event_sha, merge_of)
    temp = os.path.join(root, case, "runner", name + "-temp")
    shutil.rmtree(temp, ignore_errors=True)
    os.makedirs(temp)
    summary = os.path.join(root, case, name + ".summary.md")
    open(summary, "w").close()
    steps, status = {}, "success"
    if merge_of is None and ctx["github"]["event_name"] == "pull_request":
        raise SystemExit("a pull request needs its merge")
    ctx["github"]["sha"] = git("rev-parse", "HEAD", cwd=ws)
    for n, step in enumerate(job["steps"], 1):
        sctx = dict(ctx, steps=steps, **{"job.status": status})
        cond = step.get("if", "success()")
        label = step.get("name") or step.get("uses") or step.get("run", "").splitlines()[0]
        if not condition(cond, sctx):
            log.write("  step %d skipped (if: %s): %s\n" % (n, cond, label))
            continue
        env = {}
        for scope in (wf.get("env") or {}, job.get("env") or {}, step.get("env") or {}):
            env.update({k: substitute(v, sctx) for k, v in scope.items()})
        sctx["env"] = dict(sctx["env"], **env)
        log.write("  step %d: %s\n" % (n, label))
        log.flush()
        rc, outputs = 0, {}
        uses = step.get("uses", "")
        w = {k: substitute(v, sctx) for k, v in (step.get("with") or {}).items()}
        cache = os.path.join(root, "cache")
        if uses.startswith("actions/checkout@") or uses.startswith("actions/setup-java@"):
            pass  # the workspace is the checkout; the machine's JDK 17 and Maven stand in for setup-java's
        elif uses.startswith("actions/cache/save@"):
            copy(os.path.join(ws, w["path"]), os.path.join(cache, w["key"]))
            log.write("    saved the cache " + w["key"] + "\n")
        elif uses.startswith("actions/cache/restore@"):
            hit = os.path.isdir(os.path.join(cache, w["key"]))
            if hit:
                copy(os.path.join(cache, w["key"]), os.path.join(ws, w["path"]))
            log.write("    cache " + w["key"] + (" restored\n" if hit else " missed\n"))
            outputs["cache-hit"] = "true" if hit else "false"
        elif uses.startswith("actions/upload-artifact@"):
            copy(os.path.join(ws, w["path"]), os.path.join(root, "artifacts", case, w["name"]))
        elif uses.startswith("actions/download-artifact@"):
            have = os.path.join(root, "artifacts", case, w["name"])
            if os.path.isdir(have):
                copy(have, os.path.join(ws, w["path"]))
            else:
                log.write("    no artifact " + w["name"] + "\n")
                rc = 1
        elif "run" in step:
            out_file = os.path.join(temp, "output-%d" % n)
            open(out_file, "w").close()
            script = os.path.join(temp, "step-%d.sh" % n)
            with open(script, "w") as f:
                f.write(substitute(step["run"], sctx))
            penv = dict(os.environ, **sctx["env"])
            penv.update(GITHUB_ACTIONS="true", CI="true", GITHUB_OUTPUT=out_file, GITHUB_STEP_SUMMARY=summary,
                        RUNNER_TEMP=temp, GITHUB_WORKSPACE=ws, GITHUB_EVENT_NAME=ctx["github"]["event_name"],
                        GITHUB_SHA=ctx["github"]["sha"], GITHUB_EVENT_PATH=os.path.join(root, case, "event.json"))
            rc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=ws, env=penv,
                                stdout=log, stderr=subprocess.STDOUT).returncode
            for line in open(out_file):
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    outputs[k] = v
        else:
            raise SystemExit("the replay does not stand in for " + uses)
        if "id" in step:
            steps[step["id"]] = {"outputs": outputs, "outcome": "success" if rc == 0 else "failure"}
        if rc != 0:
            log.write("    exit %d: the job fails\n" % rc)
            status = "failure"
    octx = dict(ctx, steps=steps, **{"job.status": status})
    job_outputs = {k: substitute(v, octx) for k, v in (job.get("outputs") or {}).items()}
    return status, job_outputs


def replay(case, event_name, event, sha, merge_of, changed):
    wf = yaml.safe_load(open(os.path.join(repo, workflow_path)))
    on = wf.get(True, wf.get("on"))
    os.makedirs(os.path.join(root, case), exist_ok=True)
    json.dump(event, open(os.path.join(root, case, "event.json"), "w"), indent=2)
    trigger = on.get(event_name)
    if trigger is None:
        return "the workflow does not run on " + event_name, {}
    paths = (trigger or {}).get("paths")
    if paths and not any(fnmatch.fnmatch(f, p.replace("**", "*")) for f in changed for p in paths):
        return "skipped: no changed file matches the paths filter (" + ", ".join(changed) + ")", {}
    ctx = {"github": {"event_name": event_name, "event": event, "workflow": wf["name"], "ref": "refs/heads/main",
                      "repository": "example/replay", "run_id": str(abs(hash(case)) % 10**9)},
           "env": {k: str(v) for k, v in (wf.get("env") or {}).items()}, "inputs": {}, "needs": {}}
    if os.environ.get("REPLAY_GATE_OPTIONS"):
        ctx["env"]["GATE_OPTIONS"] = os.environ["REPLAY_GATE_OPTIONS"]
        wf.setdefault("env", {})["GATE_OPTIONS"] = os.environ["REPLAY_GATE_OPTIONS"]
    results = {}
    done = set()
    print("== %s: concurrency group %s" % (case, substitute(" ".join(str(wf["concurrency"]["group"]).split()), ctx)))
    for name, job in wf["jobs"].items():
        needs = job.get("needs", [])
        needs = [needs] if isinstance(needs, str) else needs
        jctx = dict(ctx, needs={n: {"outputs": results[n][1], "result": results[n][0]} for n in needs if n in results})
        any_failed = any(results.get(n, ("skipped",))[0] == "failure" for n in needs)
        jctx["job.status"] = "failure" if any_failed else "success"
        cond = job.get("if", "success()")
        if not condition(cond, jctx):
            results[name] = ("skipped", {})
            continue
        with open(os.path.join(root, case, name + ".log"), "w") as log:
            log.write("job %s (%s)\n" % (name, event_name))
            results[name] = run_job(case, name, job, wf, jctx, sha, merge_of, log)
        done.add(name)
    return "ran " + (", ".join(sorted(done)) or "no job"), results


def commit_file(path, text, message):
    full = os.path.join(repo, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)
    git("add", path)
    git("commit", "-q", "-m", message)
    return git("rev-parse", "HEAD")


def harmless(tag):
    return commit_file("src/main/java/io/github/ccsidbench/ReplayStep%s.java" % tag,
                       "package io.github.ccsidbench;\n\n/** A harmless change of a workflow replay. */\nfinal class ReplayStep%s {\n"
                       "    private ReplayStep%s() {\n    }\n}\n" % (tag, tag), "a harmless code change (" + tag + ")")


def slower():
    path = os.path.join(repo, "src/main/java/io/github/ccsidbench/convert/StringApiConverter.java")
    s = open(path).read()
    s = s.replace("    private final Charset charset;\n", "    private final Charset charset;\n    private static long spin;\n", 1)
    old = "        return text.getBytes(charset);\n"
    assert old in s
    s = s.replace(old, "        long x = spin;\n        for (int i = 0; i < 2 * text.length(); i++) {\n"
                       "            x = (x ^ (x >>> 29)) * 0xBF58476D1CE4E5B9L + 1;\n        }\n        spin = x;\n" + old, 1)
    open(path, "w").write(s)
    git("commit", "-q", "-am", "the JDK String API converter's encode does extra work")
    return git("rev-parse", "HEAD")


def pull_request(case, pr, base_branch, make, labels=()):
    git("checkout", "-q", "-B", "pr-" + case, base_branch)
    commits = make()
    head = git("rev-parse", "HEAD")
    base = git("rev-parse", base_branch)
    git("checkout", "-q", "main")
    changed = git("diff", "--name-only", base + "..." + head).splitlines()
    event = {"pull_request": {"number": pr, "commits": len(commits), "base": {"sha": base, "ref": base_branch},
                              "head": {"sha": head, "ref": "pr-" + case}, "labels": [{"name": l} for l in labels]},
             "action": "labeled" if labels else "opened"}
    if labels:
        event["label"] = {"name": labels[-1]}
    return event, base, head, changed, commits


def report(case, what, results):
    print("== %s: %s" % (case, what))
    for name, (status, outputs) in results.items():
        print("   job %s: %s%s" % (name, status, (" " + json.dumps(outputs)) if outputs else ""))
    sys.stdout.flush()


main_sha = git("rev-parse", "main")
what, results = replay("push-main", "push", {"ref": "refs/heads/main", "after": main_sha}, main_sha, None,
                       ["src/main/java", "pom.xml"])
report("push to main", what, results)
cases_dir = os.environ.get("REPLAY_CASES", "")


def scripted(case):
    """The commits CASE.sh makes on the pull request's branch."""
    before = git("rev-parse", "HEAD")
    subprocess.run(["bash", "-euo", "pipefail", os.path.join(cases_dir, case + ".sh")], cwd=repo, check=True)
    return git("rev-list", "--reverse", before + "..HEAD").splitlines()


for pr, case in enumerate(sys.argv[2:], 1):
    if cases_dir and os.path.isfile(os.path.join(cases_dir, case + ".sh")):
        labels_file = os.path.join(cases_dir, case + ".labels")
        labels = tuple(l.strip() for l in open(labels_file) if l.strip()) if os.path.isfile(labels_file) else ()
        event, base, head, changed, commits = pull_request(case, pr, "main", lambda: scripted(case), labels=labels)
    elif case == "aa":
        event, base, head, changed, commits = pull_request(case, pr, "main", lambda: [harmless("Aa")])
    elif case == "slowed":
        event, base, head, changed, commits = pull_request(case, pr, "main", lambda: [harmless("Before"), slower()])
    elif case == "adds-gate":
        git("checkout", "-q", "-B", "before-gate", "main")
        git("rm", "-q", workflow_path)
        git("commit", "-q", "-m", "main before the gate")
        git("checkout", "-q", "main")
        event, base, head, changed, commits = pull_request(
            case, pr, "before-gate",
            lambda: [commit_file(workflow_path, git("show", "main:" + workflow_path) + "\n", "add the benchmark gate")])
    elif case == "accepted":
        event, base, head, changed, commits = pull_request(case, pr, "main", lambda: [harmless("Accepted"), slower()],
                                                           labels=("benchmark-slowdown-accepted",))
    elif case == "other-label":
        event, base, head, changed, commits = pull_request(case, pr, "main", lambda: [harmless("Labelled")],
                                                           labels=("documentation",))
    elif case == "docs-only":
        event, base, head, changed, commits = pull_request(
            case, pr, "main", lambda: [commit_file("docs/replay-note.md", "A note.\n", "docs only")])
    else:
        raise SystemExit("workflow-replay.sh: no case " + case + " (aa, slowed, accepted, other-label, adds-gate, docs-only)")
    what, results = replay(case, "pull_request", event, head, (base, head), changed)
    report(case + " (pull request %d, %d commit(s), head %s)" % (pr, len(commits), head[:12]), what, results)
    if case in ("slowed", "accepted"):
        print("   the slower commit: " + commits[-1][:12])
PY
