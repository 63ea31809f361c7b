"""The search: the order of trials (gallop and bisect to each line that breaks the check, then its
ladder) and the tuned rule file it writes."""
import json
import os
import sys
import tempfile
import time

from . import fail
from .ladder import E4M3, FP32, RUNG_NAMES, Unit, glob_of, rung_of, suggested_settings
from .rules_text import compose_rules, yaml_flow
from .trials import describe_counts, low_precision_ops


class Search:
    def __init__(self, a, trials, base_text):
        self.a, self.trials, self.base_text = a, trials, base_text
        # unit key -> (setting, name of its rung, why the base treatment failed, the rungs that failed)
        self.fixed = {}

    def rules(self, settings, comments=None, groups=()):
        """The base rules with an override per unit in `settings`, then one per group (match,
        setting, unit keys: lines that one override names together), each after its comments."""
        comments = comments or {}
        note = lambda keys: "".join("# " + l + "\n" for k in keys for l in comments.get(k, []))
        items = [note([u.key]) + u.override(settings[u.key]) for u in self.ranked if u.key in settings]
        for match, setting, keys in groups:
            name = "tune %s" % ", ".join("%s %s" % (k, v) for k, v in match.items() if k != "op" or len(match) == 1)
            items.append(note(keys) + "- name: %s\n  match: %s\n  set: %s\n" % (
                json.dumps(name), yaml_flow(match), yaml_flow(setting)))
        return compose_rules(self.base_text, items)

    def groups(self):
        """Changed lines one override can name together, with the lines left to their own: every
        rounded line of an op class, then of a file, then of a function (in its file), where two or
        more have one setting. An override names its ops, and matches operations the base rules
        left unrounded too, so write() keeps the groups only where the rewrite decides alike."""
        left, out = self.fixed_settings(), []

        def take(group_of, match_of):
            members = {}
            for unit in self.ranked:
                group = group_of(unit)
                if group is not None:
                    members.setdefault(group, []).append(unit)
            for group, units in members.items():
                keys = [u.key for u in units]
                if len(keys) > 1 and all(k in left for k in keys) and all(left[k] == left[keys[0]] for k in keys):
                    out.append((match_of(group, sorted(set().union(*(u.ops for u in units)))), left[keys[0]], keys))
                    for k in keys:
                        del left[k]

        only = lambda items: next(iter(items)) if len(items) == 1 else None
        # An op class only where every line that has the op has it alone.
        alone = {op for op in set().union(*(u.ops for u in self.ranked))
                 if all(u.ops == {op} for u in self.ranked if op in u.ops)}
        take(lambda u: only(u.ops) if only(u.ops) in alone else None, lambda g, ops: {"op": g})
        take(lambda u: u.file, lambda g, ops: {"file": glob_of(g), "op": ops})
        take(lambda u: (u.file, only(u.functions)) if only(u.functions) not in (None, "?") else None,
             lambda g, ops: {"file": glob_of(g[0]), "function": g[1], "op": ops})
        return out, left

    def fixed_settings(self, extra=None):
        settings = {k: v[0] for k, v in self.fixed.items()}
        settings.update(extra or {})
        return settings

    def units_of(self, operations, findings):
        units = {}
        for file, line, op, action, fmt, function in operations:
            unit = units.setdefault("%s:%d" % (file, line), Unit(file, line))
            unit.ops.add(op)
            unit.functions.add(function or "?")
            unit.count += 1
            if unit.format is None or rung_of(action, fmt) < unit.rung():
                unit.action, unit.format = action, fmt
        for unit in units.values():
            unit.impact = findings.get(unit.key, [0.0])[0]
        return sorted(units.values(), key=lambda u: (-u.impact, -u.count, u.file, u.line))

    def first_passing(self, unit, context, candidates):
        """The first of the candidate (setting, name) pairs, in order, that passes with the unit at
        it in the context; suggestions from the runs of suggested settings join once."""
        followed, failed, tried = set(), [], []
        while candidates:
            batch = []
            while candidates and len(batch) < max(1, self.a.jobs):
                setting, name = candidates.pop(0)
                if setting not in tried:
                    tried.append(setting)
                    batch.append((setting, name))
            jobs = [(self.rules(dict(context, **{unit.key: s})), "%s at %s" % (unit.key, name)) for s, name in batch]
            self.trials.bound = self.trials.done + len(jobs) + len(candidates)
            for (setting, name), entry in zip(batch, self.trials.many(jobs)):
                if entry["passed"]:
                    return setting, name, failed
                failed.append(name)
                if name.startswith("suggested") and name not in followed and name.count("+") < 1:
                    followed.add(name)
                    suggestion = entry.get("findings", {}).get(unit.key, [0, ""])[1]
                    more = [(s, "suggested %s + %s" % (yaml_flow(setting), yaml_flow(s)))
                            for s in suggested_settings(unit, suggestion, setting)]
                    candidates = more + candidates
        return unit.fp32_setting(), RUNG_NAMES[FP32], failed

    def ladder(self, unit, failing):
        suggestion = failing.get("findings", {}).get(unit.key, [0, ""])[1]
        out = [(s, "suggested %s" % yaml_flow(s)) for s in suggested_settings(unit, suggestion)]
        for rung in range(max(unit.rung() + 1, E4M3), FP32):
            if unit.rung() < E4M3 or rung > unit.rung():
                out.append((unit.setting(rung), RUNG_NAMES[rung]))
        return out

    def run(self):
        t = self.trials
        if not self.a.reference_rules:
            fail("no pass-through rules found beside the tool: give --reference-rules")
        try:
            with open(self.a.reference_rules, encoding="utf-8") as f:
                reference_text = f.read()
        except OSError as e:
            fail("%s: %s" % (self.a.reference_rules, e.strerror))
        reference = t.run(reference_text, "reference (pass-through, FP32)")
        if not reference.get("passed"):
            fail("the FP32 reference run fails the criterion itself: %s" % reference.get("why"))
        t.reference = reference["values"]
        if self.a.timeout is None:
            t.timeout = max(60, int(20 * reference["seconds"]))
        base = t.run(self.base_text, "base rules", keep_operations=True, base=True)
        self.ranked = self.units_of(base.get("operations", []), base.get("findings", {}))
        self.base = base
        if base["passed"]:
            return
        # Every rounded line at fp32 passes (the reference's numbers), else no override helps.
        entry = t.run(self.rules(self.config(0)), "all %d lines fp32" % len(self.ranked))
        if not entry["passed"]:
            fail("with every rounded line at fp32 the run still fails (%s): the base rules' other "
                 "settings (steps, kernels) or the criterion are the cause" % entry["why"])
        lowered = 0  # the first `lowered` units are at their base treatment (or their tuned one)
        while lowered < len(self.ranked):
            culprit_at, failing = self.next_culprit(lowered)
            if culprit_at is None:
                break
            unit = self.ranked[culprit_at]
            setting, name, failed = self.first_passing(unit, self.config(culprit_at), self.ladder(unit, failing))
            self.fixed[unit.key] = (setting, name, failing["why"], failed)
            t.best = "%d of %d lines lowered, %d changed (%s at %s)" % (
                culprit_at + 1, len(self.ranked), len(self.fixed), unit.key, name)
            lowered = culprit_at + 1

    def config(self, lowered):
        """The settings with the first `lowered` units at their base (or tuned) treatment and the
        others at fp32."""
        return self.fixed_settings({u.key: u.fp32_setting() for u in self.ranked[lowered:]})

    def unit(self, key):
        return next(u for u in self.ranked if u.key == key)

    def next_culprit(self, lowered):
        """(i, entry): the run passes with the first i units lowered and fails with the first i + 1
        (entry), so unit i is a culprit; (None, None) when every unit lowered passes. Gallops from
        `lowered` (1, 2, 4, ... more units, -j of them at once), then bisects: a culprit g units on
        costs O(log g) trials, so culprits ranked near the front are found fast."""
        n = len(self.ranked)
        results = {}
        gallop = sorted({min(n, lowered + 2 ** i) for i in range(n.bit_length() + 1)})
        passing, hi = lowered, None
        while hi is None:
            if not gallop:
                return None, None
            points, gallop = gallop[:max(1, self.a.jobs)], gallop[max(1, self.a.jobs):]
            passing, hi = self.narrow(points, passing, None, results)
        while hi - passing > 1:
            k = min(max(1, self.a.jobs), hi - passing - 1)
            points = sorted({passing + (hi - passing) * (i + 1) // (k + 1) for i in range(k)})
            passing, hi = self.narrow(points, passing, hi, results)
        return hi - 1, results[hi]

    def narrow(self, points, passing, hi, results):
        """Runs the configurations of `points` (first p units lowered); the new (passing, failing)
        bounds: the first failing point, the last passing one before it."""
        entries = self.run_configs(points, results)
        failed = [p for p, e in zip(points, entries) if not e["passed"]]
        hi = min(failed) if failed else hi
        passing = max([passing] + [p for p, e in zip(points, entries) if e["passed"] and (hi is None or p < hi)])
        return passing, hi

    def run_configs(self, points, results):
        todo = [p for p in points if p not in results]
        jobs = [(self.rules(self.config(p)), "first %d of %d lines lowered" % (p, len(self.ranked))) for p in todo]
        self.trials.bound = self.trials.done + len(jobs) + 8 * (len(self.ranked) - len(self.fixed))
        for p, entry in zip(todo, self.trials.many(jobs)):
            results[p] = entry
        return [results[p] for p in points]

    def write(self, started):
        t, a = self.trials, self.a
        comments = {}
        for key, (setting, name, why, failed) in self.fixed.items():
            unit = self.unit(key)
            comments[key] = ["%s (%s in %s, base %s): at its base treatment the run fails (%s)" % (
                                 key, ", ".join(sorted(unit.ops)), ", ".join(sorted(unit.functions)),
                                 RUNG_NAMES[unit.rung()] if unit.rung() >= 0 else unit.format + " cast", why)]
            comments[key] += ["fails too at: " + "; ".join(failed)] if failed else []
            comments[key] += ["passes at: " + name]
        text = self.rules(self.fixed_settings(), comments)
        check = t.run(text, "the tuned rules", keep_operations=True)
        if not check["passed"]:
            fail("the tuned rules fail their last check (%s): the program's result changes from run to run?" % check["why"])
        groups, left = self.groups()
        if groups:
            grouped_text = self.rules(left, comments, groups)
            grouped = t.run(grouped_text, "the tuned rules, %d overrides naming lines together" % len(groups),
                            keep_operations=True)
            decided = lambda e: sorted(map(tuple, e["operations"])) if "operations" in e else None
            if grouped["passed"] and decided(check) is not None and decided(grouped) == decided(check):
                text, check = grouped_text, grouped
            else:
                sys.stderr.write("autoscale-tune: overrides naming whole functions, files or op classes decide "
                                 "other operations too, or fail the check: one override per line\n")
        low = low_precision_ops(check["counts"])
        header = ("# Tuned by autoscale-tune from %s: %s.\n# %d of %d rounded source lines as the base rules "
                  "treat them, %d changed by the overrides named \"tune ...\" below.\n"
                  "# Operations: %s (base rules: %s). %d trials.\n"
                  % (os.path.basename(a.rules), t.criterion.describe(), len(self.ranked) - len(self.fixed),
                     len(self.ranked), len(self.fixed), describe_counts(check["counts"]),
                     describe_counts(self.base["counts"]), t.done))
        directory = os.path.dirname(os.path.abspath(a.output))
        fd, temp = tempfile.mkstemp(prefix=".autoscale-tune-", dir=directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(header + text)
            os.chmod(temp, 0o644)
            os.replace(temp, a.output)
        except OSError as e:
            os.remove(temp)
            fail("cannot write %s: %s" % (a.output, e.strerror))
        sys.stderr.write("autoscale-tune: wrote %s: %d lines changed, %d operations in low precision "
                         "(%s); %d trials run, %d from the log, %d s\n"
                         % (a.output, len(self.fixed), low, describe_counts(check["counts"]), t.ran, len(t.from_log),
                            time.time() - started))
