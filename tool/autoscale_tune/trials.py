"""Running trials: rewrite, build, run, judge; each finished one appended to the log, from which a
search run again takes it."""
import concurrent.futures
import hashlib
import json
import math
import os
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time

from . import fail


class Trials:
    """Runs trials (cached by rule text in the log) and reports progress."""

    def __init__(self, a, criterion, header):
        self.a, self.criterion = a, criterion
        self.tool = a.tool or os.path.join(a.bin_dir, "autoscale-rewrite")
        self.work = os.path.abspath(a.work)
        os.makedirs(self.work, exist_ok=True)
        self.lock = threading.Lock()
        # ran: trials run; logged: the keys the log held at the start; from_log: those this run used.
        self.cache, self.ran, self.logged, self.from_log = {}, 0, set(), set()
        self.reference, self.timeout, self.bound = None, a.timeout, 0
        self.best = "none yet"
        self.load_log(header)

    def load_log(self, header):
        self.log_path = self.a.log or os.path.join(self.work, "tune.log")
        if os.path.exists(self.log_path):
            with open(self.log_path, encoding="utf-8") as f:
                lines = [l for l in f if l.strip()]
            entries = []
            for number, line in enumerate(lines, 1):
                try:
                    entries.append(json.loads(line))
                except json.JSONDecodeError as e:
                    if number < len(lines) or line.endswith("\n"):
                        fail("%s:%d: not a line of a tuning log (%s)" % (self.log_path, number, e))
                    # The last line, cut short by an interruption while it was written: that trial reruns.
                    with open(self.log_path, "w", encoding="utf-8") as f:
                        f.writelines(lines[:-1])
            if not entries or entries[0].get("header") != header:
                fail("%s was written by a tuning with other rules, commands or criteria: remove it or give "
                     "--log another file" % self.log_path)
            for e in entries[1:]:
                self.cache[e["key"]] = e
            self.logged = set(self.cache)
        else:
            with open(self.log_path, "w", encoding="utf-8") as f:
                f.write(json.dumps({"header": header}) + "\n")

    @staticmethod
    def shell(command, trial_dir, env, timeout, cwd=None):
        """(exit status or None on timeout, output) of a command line run in cwd (default: the
        trial's folder)."""
        cmd = command.replace("{src}", shlex.quote(os.path.join(trial_dir, "src"))).replace("{trial}", shlex.quote(trial_dir))
        # Its own process group: on a timeout the shell's children (the program) are killed too,
        # and nothing holds the output pipe open.
        p = subprocess.Popen(cmd, shell=True, cwd=cwd or trial_dir, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, errors="replace", start_new_session=True)
        try:
            out, _ = p.communicate(timeout=timeout)
            return p.returncode, out
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, _ = p.communicate()
            return None, out

    def run(self, rules_text, what, keep_operations=False, base=False):
        """The trial of a rule text (from the log when it ran before); keep_operations: with the
        rounded operations the rewrite decided; base: the user's own rules, whose refusal stops."""
        key = hashlib.sha256(rules_text.encode()).hexdigest()[:20]
        with self.lock:
            if key in self.cache:
                if key in self.logged:
                    self.from_log.add(key)
                return self.cache[key]
        trial_dir = os.path.join(self.work, "trial-" + key)
        shutil.rmtree(trial_dir, ignore_errors=True)
        os.makedirs(trial_dir)
        rules = os.path.join(trial_dir, "rules.yaml")
        with open(rules, "w", encoding="utf-8") as f:
            f.write(rules_text)
        start = time.time()
        entry = {"key": key, "what": what}
        tool = [self.tool, "--rules", rules, "--out-dir", os.path.join(trial_dir, "src"),
                "--report", os.path.join(trial_dir, "rewrite.json")] + self.a.tool_args
        p = subprocess.run(tool, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        if p.returncode != 0 and base:  # the base rules, as given: their own path in the errors
            fail("autoscale-rewrite refused the base rules:\n%s" % p.stdout.replace(rules, self.a.rules)[-3000:])
        if p.returncode != 0 and self.reference is None:
            fail("autoscale-rewrite failed on the reference's rules or the sources:\n%s" % p.stdout[-3000:])
        if p.returncode != 0:  # a candidate setting the parser refuses: no run, and why in the log
            return self.finish(key, trial_dir, dict(entry, passed=False, seconds=0, counts={},
                                                    why="autoscale-rewrite refused it: " + p.stdout.strip()[-300:]), what)
        with open(os.path.join(trial_dir, "rewrite.json"), encoding="utf-8") as f:
            rewrite = json.load(f)
        entry["counts"] = rewrite.get("summary", {}).get("rewritten", {})
        if keep_operations:
            entry["operations"] = [[o["file"], o["line"], o["op"], o["action"], o["format"], o.get("function")]
                                   for o in rewrite.get("operations", [])
                                   if o.get("action") in ("scale", "cast") and o.get("format") != "fp32"]
        env = dict(os.environ)
        # The build runs where the tuner was started (its relative paths are the user's); the run
        # and the judge in the trial's folder, so that files a run writes never meet another's.
        rc, out = self.shell(self.a.build, trial_dir, env, self.a.build_timeout, cwd=self.a.start_dir)
        if rc != 0:
            if self.reference is None:
                fail("the build command failed on the pass-through rewrite (%s):\n%s" % (trial_dir, out[-3000:]))
            entry.update(passed=False, why="the build failed" if rc is not None else "the build timed out")
        else:
            env.update(AUTOSCALE_REPORT=os.path.join(trial_dir, "report.json"), AUTOSCALE_SUMMARY="0")
            rc, out = self.shell(self.a.run, trial_dir, env, self.timeout)
            outputs = [os.path.join(trial_dir, "output.txt")]
            if self.reference is None:
                outputs.append(os.path.join(self.work, "reference-output.txt"))
            for path in outputs:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(out)
            entry["values"] = self.criterion.values(trial_dir, out)
            why = ("the run exited with %d" % rc if rc else None) if rc is not None else "the run timed out (%ds)" % self.timeout
            why = why or self.criterion.judge_values(entry["values"], self.reference)
            if not why and self.criterion.judge:
                env["AUTOSCALE_TUNE_REFERENCE"] = os.path.join(self.work, "reference-output.txt")
                jrc, jout = self.shell(self.criterion.judge, trial_dir, env, self.timeout)
                why = None if jrc == 0 else "the judge said no (%s): %s" % (jrc, jout.strip()[-200:])
            entry.update(passed=why is None, why=why, findings=self.findings(trial_dir))
        entry["seconds"] = round(time.time() - start, 2)
        return self.finish(key, trial_dir, entry, what)

    def finish(self, key, trial_dir, entry, what):
        if not self.a.keep_trials and self.reference is not None:
            shutil.rmtree(trial_dir, ignore_errors=True)
        with self.lock:
            self.cache[key] = entry
            self.ran += 1
            with open(self.log_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(entry) + "\n")
            self.progress(entry, what)
        return entry

    @staticmethod
    def findings(trial_dir):
        """{unit key: [impact, suggestion of its worst site]} and the first NaN's unit."""
        try:
            with open(os.path.join(trial_dir, "report.json"), encoding="utf-8") as f:
                report = json.load(f)
        except (OSError, ValueError):
            return {}
        out = {}
        for site in report.get("sites", []):
            finding = site.get("finding") or {}
            key = "%s:%s" % (site.get("file"), site.get("line"))
            impact = float(finding.get("impact", 0) or 0)
            worst = out.setdefault(key, [0.0, "", 0.0])
            worst[0] += impact
            if impact >= worst[2] and finding.get("suggestion"):
                worst[1], worst[2] = finding["suggestion"], impact
        origin = report.get("first_nonfinite")
        if origin:
            out.setdefault("%s:%s" % (origin.get("file"), origin.get("line")), [0.0, "", 0.0])[0] = math.inf
        return {k: v[:2] for k, v in out.items()}

    @property
    def done(self):
        """Trials this search has: run, or taken from the log."""
        return self.ran + len(self.from_log)

    def progress(self, entry, what):
        done = self.done
        verdict = "pass" if entry.get("passed") else "FAIL (%s)" % entry.get("why")
        sys.stderr.write("autoscale-tune: trial %d of at most %d: %s: %s [%.1fs]; best so far: %s\n"
                         % (done, max(done, self.bound), what, verdict, entry["seconds"], self.best))

    def many(self, jobs):
        """Runs [(rules_text, what)] on -j workers; the entries in order."""
        if self.a.jobs <= 1 or len(jobs) <= 1:
            return [self.run(t, w) for t, w in jobs]
        with concurrent.futures.ThreadPoolExecutor(self.a.jobs) as pool:
            return list(pool.map(lambda job: self.run(*job), jobs))


def low_precision_ops(counts):
    return sum(n for what, n in counts.items() if not what.endswith("fp32"))


def describe_counts(counts):
    return ", ".join("%d %s" % (n, what) for what, n in sorted(counts.items())) or "nothing rewritten"
