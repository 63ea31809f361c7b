"""The units the tuner searches (the rounded operations of one source line) and the ladder of
treatments each may climb, most aggressive first."""
import json
import re

from .rules_text import yaml_flow


# The ladder, most aggressive first; a unit starts at its base treatment's rung.
E4M3, E5M2, FP16, BF16, FP32 = range(5)
RUNG_NAMES = ["e4m3 scaled", "e5m2 scaled", "fp16 cast", "bf16 cast", "fp32"]
# Rules keys a finding's suggestion may name that the tuner tries before a wider format.
TUNABLE = ("margin", "history", "strategy")


def glob_of(path):
    """The report's path, relative to the project root, as a glob that matches only itself."""
    return re.sub(r"([*?\[\]{}\\])", r"\\\1", path)


def rung_of(action, fmt):
    """A treatment's rung; an unscaled FP8 cast sits above e4m3 scaled (-1)."""
    if fmt in ("e4m3", "e5m2"):
        return (E4M3 if fmt == "e4m3" else E5M2) if action == "scale" else -1
    return {"fp16": FP16, "bf16": BF16}.get(fmt, FP32)


class Unit:
    """The rounded operations of one source line."""

    def __init__(self, file, line):
        self.file, self.line = file, line
        self.ops, self.functions, self.count = set(), set(), 0
        self.action = self.format = None
        self.impact = 0.0

    @property
    def key(self):
        return "%s:%d" % (self.file, self.line)

    def rung(self):
        return rung_of(self.action, self.format)

    def fp32_setting(self):
        # A GEMM site at fp32 rounds nothing and sums as the loops do; keep would turn its loops
        # into scalar operations the class rules decide again.
        return {"action": "cast", "format": "fp32"} if "matmul" in self.ops else {"action": "keep"}

    def setting(self, rung):
        if rung in (E4M3, E5M2):
            fmt = "e4m3" if rung == E4M3 else "e5m2"
            return {"format": fmt} if self.action == "scale" else {"action": "scale", "format": fmt, "strategy": "delayed"}
        if rung in (FP16, BF16):
            return {"action": "cast", "format": "fp16" if rung == FP16 else "bf16"}
        return self.fp32_setting()

    def override(self, setting):
        match = {"file": glob_of(self.file), "line": self.line, "op": sorted(self.ops)}
        return "- name: %s\n  match: %s\n  set: %s\n" % (json.dumps("tune " + self.key), yaml_flow(match), yaml_flow(setting))


def suggested_settings(unit, suggestion, after=None):
    """The settings a finding's suggestion names that the tuner tries before a wider format: margin,
    history and strategy of a scaled site, or scaling for a cast one; merged into `after` (the
    setting whose run gave the suggestion)."""
    out = []
    for key, value in re.findall(r"\b(%s|action)\s*:\s*([\w.+-]+)" % "|".join(TUNABLE), suggestion or ""):
        if key == "action":
            if value != "scale" or unit.action != "cast":
                continue
            setting = {"action": "scale", "strategy": "delayed"}
        else:
            setting = {key: int(value) if re.match(r"-?\d+$", value) else value}
        merged = dict(after or {}, **setting)
        if merged.get("strategy", "delayed") != "delayed":
            merged.pop("history", None)  # only delayed scaling reads a history (the parser refuses it)
        if merged not in out and merged != after:
            out.append(merged)
    return out
