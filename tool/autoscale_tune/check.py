"""What a run must print or write to pass: metrics against the FP32 reference or a bound, a
JSON field, or the user's judge."""
import json
import math
import os
import re

from . import fail


NUMBER = r"[-+]?(?:nan|inf|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"


class Criterion:
    def __init__(self, a):
        self.checks = []  # (label, how to read it, bound operator or None, bound)
        for spec in a.metric:
            name, op, bound = self.split(spec, "--metric")
            pattern = re.compile(re.escape(name) + r"\s*[:=]?\s*(" + NUMBER + r")(?![\w.])", re.I)
            self.checks.append((name, ("output", pattern), op, bound))
        for spec in a.json_metric:
            field, op, bound = self.split(spec, "--json-metric")
            if ":" not in field:
                fail("--json-metric %s: not FILE:FIELD" % spec)
            path, dotted = field.rsplit(":", 1)
            self.checks.append((field, ("json", path, dotted.split(".")), op, bound))
        self.rtol, self.judge = a.rtol, a.judge
        if not self.checks and not self.judge:
            fail("no acceptance criterion: give --metric, --json-metric or --judge")

    @staticmethod
    def split(spec, option):
        hit = re.match(r"(.+?)\s*(<=|>=)\s*(" + NUMBER + r")\s*$", spec)
        if not hit:
            return spec.strip(), None, None
        bound = float(hit.group(3))
        if not math.isfinite(bound):
            fail("%s %s: the bound is not a finite number" % (option, spec))
        return hit.group(1), hit.group(2), bound

    def values(self, trial_dir, output):
        out = {}
        for label, how, _, _ in self.checks:
            if how[0] == "output":
                hits = how[1].findall(output)
                out[label] = float(hits[-1]) if hits else None
            else:
                try:
                    with open(os.path.join(trial_dir, how[1]), encoding="utf-8") as f:
                        v = json.load(f)
                    for part in how[2]:
                        v = v[int(part)] if isinstance(v, list) else v[part]
                    out[label] = float(v)
                except (OSError, ValueError, KeyError, IndexError, TypeError):
                    out[label] = None
        return out

    def judge_values(self, values, reference):
        """None when every check holds, else why not."""
        for label, _, op, bound in self.checks:
            v = values.get(label)
            if v is None:
                return "no value for '%s'" % label
            if not math.isfinite(v):
                return "%s is %s" % (label, v)
            if op == "<=" and not v <= bound or op == ">=" and not v >= bound:
                return "%s %.6g, not %s %.6g" % (label, v, op, bound)
            if op is None and reference is not None:
                ref = reference[label]
                if abs(v - ref) > self.rtol * abs(ref):
                    return "%s %.6g, %.3g%% from FP32's %.6g (rtol %g)" % (label, v, 100 * abs(v - ref) / abs(ref) if ref else math.inf, ref, self.rtol)
        return None

    def describe(self):
        parts = ["%s %s %g" % (l, op, b) if op else "%s within %g of FP32" % (l, self.rtol) for l, _, op, b in self.checks]
        return "; ".join(parts + (["judge: " + self.judge] if self.judge else []))
