#!/usr/bin/env python3
"""autoscale-tune's search against programs whose answer is known: each unit (a source line) needs
at least some rung of the ladder (0 e4m3 scaled ... 4 fp32), and a run passes when every unit is
at its rung or a safer one. The search must find exactly those rungs, within O(k log n) trials,
and the rule text it composes must keep the base file and put its overrides first.

  search_test.py BIN_DIR   (the build's bin/, for the command-line tests)
"""
import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
import types
import unittest

TOOL_DIR = None


def load_tuner():
    """The tuner's package (tool/autoscale_tune, installed in share/autoscale/python) as one namespace."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tool"))
    from autoscale_tune import check, ladder, rules_text, search
    tune = types.SimpleNamespace()
    for module in (rules_text, ladder, check, search):
        tune.__dict__.update(vars(module))
    return tune


def rung_of(setting, tune):
    """The rung an override's set gives an e4m3-scaled unit."""
    if setting.get("action") == "keep" or setting.get("format") == "fp32":
        return tune.FP32
    return {"e4m3": tune.E4M3, "e5m2": tune.E5M2, "fp16": tune.FP16, "bf16": tune.BF16}[setting.get("format", "e4m3")]


class Oracle:
    """Stands in for Trials: judges a rule text by the rungs its overrides give each unit."""

    def __init__(self, tune, needs, jobs, fixes=None, functions=None, grouped_decides_more=False):
        self.tune, self.needs, self.fixes = tune, needs, fixes or {}
        # line -> its function; an override naming a function sets each of its lines; with
        # grouped_decides_more, such an override also rounds an operation no line override does.
        self.functions, self.grouped_decides_more = functions or {}, grouped_decides_more
        self.from_log = set()
        self.ran = self.bound = 0
        self.best, self.reference, self.timeout = "", None, 60
        self.criterion = type("C", (), {"describe": lambda self: "test oracle"})()
        self.seen = {}

    @property
    def done(self):
        return self.ran

    def settings(self, text):
        out = {}
        for line, body in re.findall(r'line: (\d+), op: \[[^]]*\]\}\n\s*set: (\{.*\})', text):
            out[int(line)] = dict(re.findall(r'(\w+): "?([\w-]+)"?', body))
        for function, body in re.findall(r'function: "(\w+)", op: \[[^]]*\]\}\n\s*set: (\{.*\})', text):
            for line, f in self.functions.items():
                if f == function:
                    out.setdefault(line, dict(re.findall(r'(\w+): "?([\w-]+)"?', body)))
        return out

    def run(self, text, what, keep_operations=False, base=False):
        if text in self.seen:
            return self.seen[text]
        self.ran += 1
        settings = self.settings(text)
        ok = lambda line, need: ((rung_of(settings[line], self.tune) >= need) if line in settings else need == 0) \
            or line in self.fixes and settings.get(line) == self.fixes[line]
        failing = [line for line, need in self.needs.items() if not ok(line, need)]
        entry = {"passed": not failing or "pass-through" in what, "why": "lines %s" % failing, "counts": {},
                 "seconds": 0.1, "values": {},
                 # The finding of a line that a margin fixes names it, as the runtime's would.
                 "findings": {"f.c:%d" % l: [1.0, "raise the margin (margin: 1)"] for l in self.fixes}}
        if keep_operations:
            entry["operations"] = [["f.c", line, "mul", "scale", "e4m3", self.functions.get(line, "fn")]
                                   for line in self.needs]
            if self.grouped_decides_more and "function:" in text:
                entry["operations"].append(["f.c", 99, "add", "cast", "fp16", "fa"])
        self.seen[text] = entry
        return entry

    def many(self, jobs):
        return [self.run(*job) for job in jobs]


class SearchTest(unittest.TestCase):
    def search(self, needs, jobs=1, fixes=None, base="version: 1\n"):
        tune = load_tuner()
        oracle = Oracle(tune, needs, jobs, fixes)
        with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as ref:
            ref.write("version: 1\n# pass-through\n")
        args = argparse.Namespace(jobs=jobs, reference_rules=ref.name, timeout=60)
        search = tune.Search(args, oracle, base)
        search.run()
        os.remove(ref.name)
        found = {int(k.split(":")[1]): rung_of(v[0], tune) for k, v in search.fixed.items()}
        return found, oracle, search

    def test_finds_each_culprit_at_its_rung(self):
        needs = {line: 0 for line in range(1, 41)}
        needs.update({7: 4, 19: 1, 20: 3, 33: 2})
        for jobs in (1, 2, 3):
            found, oracle, _ = self.search(needs, jobs)
            self.assertEqual(found, {7: 4, 19: 1, 20: 3, 33: 2}, "jobs %d" % jobs)
            # k culprits among n: the gallop and bisection cost O(log n) each, the ladder at most 4
            # rungs; plus the reference, the base and the all-fp32 runs.
            k, n = 4, len(needs)
            self.assertLessEqual(oracle.ran, 3 + k * (2 * math.ceil(math.log2(n)) + 4) + 2 * math.ceil(math.log2(n)),
                                 "jobs %d ran %d trials" % (jobs, oracle.ran))

    def test_no_culprit(self):
        found, oracle, _ = self.search({1: 0, 2: 0})
        self.assertEqual(found, {})
        self.assertEqual(oracle.ran, 2)  # the reference and the base: nothing to search

    def test_every_unit_a_culprit(self):
        needs = {line: 4 for line in range(1, 9)}
        found, _, _ = self.search(needs, 2)
        self.assertEqual(found, needs)

    def test_suggested_setting_tried_first(self):
        found, oracle, search = self.search({1: 0, 2: 4, 3: 0}, 1, fixes={2: {"margin": "1"}})
        self.assertEqual(search.fixed["f.c:2"][0], {"margin": 1})
        self.assertEqual(search.fixed["f.c:2"][1], 'suggested {margin: 1}')

    def test_rules_keep_the_base_and_put_overrides_first(self):
        tune = load_tuner()
        base = ("version: 1\n# a comment\noverrides:\n    # theirs\n    - name: theirs\n"
                "      match: {op: matmul}\n      set: {strategy: current}\n")
        items = ["- name: \"tune a.c:3\"\n  match: {file: \"a.c\", line: 3}\n  set: {action: \"keep\"}\n"]
        text = tune.compose_rules(base, items)
        self.assertEqual(text, "version: 1\n# a comment\noverrides:\n    - name: \"tune a.c:3\"\n"
                               "      match: {file: \"a.c\", line: 3}\n      set: {action: \"keep\"}\n"
                               "    # theirs\n    - name: theirs\n      match: {op: matmul}\n"
                               "      set: {strategy: current}\n")
        self.assertEqual(tune.compose_rules("version: 1", items),
                         "version: 1\n\noverrides:\n  - name: \"tune a.c:3\"\n  match: {file: \"a.c\", line: 3}\n"
                         "  set: {action: \"keep\"}\n".replace("\n  match", "\n    match").replace("\n  set", "\n    set"))
        self.assertEqual(tune.compose_rules("version: 1\noverrides: []\n", items),
                         tune.compose_rules("version: 1\noverrides:\n", items))
        with self.assertRaises(SystemExit):
            tune.compose_rules("version: 1\noverrides: [{set: {action: keep}}]\n", items)

    def test_suggestions_become_settings(self):
        tune = load_tuner()
        unit = tune.Unit("a.c", 1)
        unit.action, unit.format = "scale", "e4m3"
        text = "lower the margin (margin: 3), a shorter amax history (history: 8) or format: e5m2 (max 57344)"
        self.assertEqual(tune.suggested_settings(unit, text), [{"margin": 3}, {"history": 8}])
        # Alternatives follow a setting, and a strategy that reads no history drops it.
        self.assertEqual(tune.suggested_settings(unit, "a one-step history (history: 1) or strategy: current",
                                                 {"history": 8}),
                         [{"history": 1}, {"strategy": "current"}])
        unit.action = "cast"
        self.assertEqual(tune.suggested_settings(unit, "scale it (action: scale) so small values move"),
                         [{"action": "scale", "strategy": "delayed"}])

    def test_metric_reads_the_last_number_after_its_name(self):
        tune = load_tuner()
        args = argparse.Namespace(metric=["val loss", "relative residual<=1e-5"], json_metric=[], rtol=0.01, judge=None)
        criterion = tune.Criterion(args)
        values = criterion.values("/nonexistent", "step 1 val loss 3.5\nrelative residual 2e-3\n"
                                  "final train loss 2.1 val loss 2.25\nrelative residual 8.5e-6\n")
        self.assertEqual(values, {"val loss": 2.25, "relative residual": 8.5e-6})
        self.assertIsNone(criterion.judge_values(values, {"val loss": 2.24, "relative residual": 1}))
        self.assertIn("from FP32", criterion.judge_values(values, {"val loss": 2.0, "relative residual": 1}))
        self.assertIn("not <= 1e-05", criterion.judge_values({"val loss": 2.25, "relative residual": 2e-5},
                                                              {"val loss": 2.25, "relative residual": 1}))
        self.assertIn("is nan", criterion.judge_values({"val loss": float("nan"), "relative residual": 0}, None))


class GroupTest(unittest.TestCase):
    """The written rules name together the changed lines of a function (or file, or op class) that
    share a setting, where the rewrite then decides every operation as the line overrides do."""

    def write(self, needs, functions, **oracle_options):
        tune = load_tuner()
        oracle = Oracle(tune, needs, 1, functions=functions, **oracle_options)
        work = tempfile.mkdtemp()
        with open(os.path.join(work, "ref.yaml"), "w") as ref:
            ref.write("version: 1\n# pass-through\n")
        args = argparse.Namespace(jobs=1, reference_rules=ref.name, timeout=60, rules="base.yaml",
                                  output=os.path.join(work, "tuned.yaml"))
        search = tune.Search(args, oracle, "version: 1\n")
        search.run()
        search.write(0)
        with open(args.output) as f:
            return f.read(), search

    def test_a_function_whose_lines_share_a_setting_is_one_override(self):
        functions = {1: "fa", 2: "fa", 3: "fa", 4: "fb", 5: "fb", 6: "fb"}
        text, search = self.write({1: 4, 2: 4, 3: 4, 4: 0, 5: 1, 6: 0}, functions)
        groups, left = search.groups()
        self.assertEqual([(g[0].get("function"), g[2]) for g in groups], [("fa", ["f.c:1", "f.c:2", "f.c:3"])])
        self.assertEqual(list(left), ["f.c:5"])
        self.assertIn('- name: "tune file f.c, function fa"\n    match: {file: "f.c", function: "fa", op: ["mul"]}', text)
        self.assertNotIn("line: 1,", text)
        self.assertIn("line: 5,", text)
        self.assertEqual(text.count("passes at: fp32"), 3)  # each line's comment stays

    def test_an_op_class_and_a_file(self):
        # Every line changed alike: the op class names them all (it is the coarsest).
        text, search = self.write({1: 2, 2: 2}, {1: "fa", 2: "fb"})
        self.assertEqual([g[0] for g in search.groups()[0]], [{"op": "mul"}])

    def test_lines_stay_apart_where_a_group_decides_more(self):
        text, _ = self.write({1: 4, 2: 4, 3: 0}, {1: "fa", 2: "fa", 3: "fb"}, grouped_decides_more=True)
        self.assertNotIn("function:", text)
        self.assertIn("line: 1,", text)
        self.assertIn("line: 2,", text)


class CommandLineTest(unittest.TestCase):
    """Bad input: a clear error, exit status 1, and no rules written."""

    def tune(self, *args, rules=None):
        work = tempfile.mkdtemp()
        source = os.path.join(work, "k.c")
        with open(source, "w") as f:
            f.write("float k(float a, float b) { return a * b; }\n")
        base = os.path.join(work, "base.yaml")
        with open(base, "w") as f:
            f.write(rules or "version: 1\n")
        output = os.path.join(work, "tuned.yaml")
        argv = [sys.executable, os.path.join(TOOL_DIR, "autoscale-tune"), "--rules", base, "-o", output,
                "--work", os.path.join(work, "trials"), "--build", "true", "--run", "echo x 1"]
        p = subprocess.run(argv + [a.replace("BASE", base) for a in args] + ["--", source],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        return p, os.path.exists(output)

    def assertRefused(self, message, *args, rules=None):
        p, wrote = self.tune(*args, rules=rules)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertIn(message, p.stderr)
        self.assertFalse(wrote)

    def test_refusals(self):
        self.assertRefused("no acceptance criterion")
        self.assertRefused("the bound is not a finite number", "--metric", "x<=inf")
        self.assertRefused("--rules after '--'", "--metric", "x", "--", "--rules=BASE")
        self.assertRefused("-j 0: at least 1", "--metric", "x", "-j", "0")

    def test_bad_base_rules_name_their_line(self):
        self.assertRefused("base.yaml:2:1: error: unknown key 'treatmnt'", "--metric", "x",
                           rules="version: 1\ntreatmnt: {}\n")

    def test_reference_must_pass_its_own_check(self):
        self.assertRefused("the FP32 reference run fails the criterion itself: x 1, not <= 0.5", "--metric", "x<=0.5")


if __name__ == "__main__":
    TOOL_DIR = sys.argv.pop(1)
    unittest.main()
