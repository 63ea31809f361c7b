#!/usr/bin/env python3
"""Checks the JSON report of site_report_program (run with AUTOSCALE_WINDOW=4): schema, every
site's identity, and exact counters, errors, scales and histories of its known sequence."""
import json
import os
import re
import struct
import sys


def f32(x):
    """x rounded to float32, as the program's float arithmetic does."""
    return struct.unpack("f", struct.pack("f", x))[0]


def expect(what, got, want):
    if got != want:
        sys.exit(f"{sys.argv[1]}: {what}: got {got!r}, want {want!r}")


with open(sys.argv[1]) as f:
    report = json.load(f)

expect("schema", report["schema"], "autoscale-runtime-report")
expect("version", report["version"], 2)
config_h = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "runtime", "include", "autoscale",
                        "config.h")
with open(config_h) as f:
    abi = int(re.search(r"#define AUTOSCALE_ABI_VERSION (\d+)", f.read()).group(1))
expect("abi_version", report["abi_version"], abi)
expect("first_nonfinite", report["first_nonfinite"], None)  # every value of the program is finite
expect("steps.mode", report["steps"]["mode"], "window")
expect("steps.window", report["steps"]["window"], 4)
expect("steps.explicit", report["steps"]["explicit"], 0)
if "rolled its amax history every 4 executions" not in report["steps"]["note"]:
    sys.exit("steps.note does not say that histories rolled every 4 executions")

sites = {s["line"]: s for s in report["sites"]}
expect("site lines", sorted(sites), [10, 20, 30])

cast = sites[10]
for key, want in [("file", "report_program.cpp"), ("column", 5), ("op", "mul"), ("kind", "mul"),
                  ("name", "*"), ("statistics", "full"), ("index", 0), ("fed_by", [-1, -1, -1]),
                  ("class", "allow"), ("action", "cast"), ("format", "e4m3"), ("rounding", "output"),
                  ("saturate", True), ("strategy", "delayed"), ("rule", 'op: "*" -> e4m3 cast'),
                  ("executions", 4), ("rolls", 1)]:
    expect(f"site 10 {key}", cast[key], want)
c = cast["counters"]
for key, want in [("quantized", 4), ("overflows", 1), ("underflows", 1), ("subnormals", 1),
                  ("nan_in", 0), ("inf_in", 0), ("nan_out", 0), ("inf_out", 0), ("absorbed", 0)]:
    expect(f"site 10 counters.{key}", c[key], want)
# The products as float32, and what e4m3 made of them: 448, 0, and 0.01 -> 5 * 2^-9.
values = [1.0, 500.0, f32(f32(0.01) * f32(0.01)), f32(f32(0.1) * f32(0.1))]
rounded = [1.0, 448.0, 0.0, 5 * 2.0 ** -9]
error = value = 0.0
for v, q in zip(values, rounded):
    error += abs(q - v)
    value += abs(v)
expect("site 10 error.abs_error_sum", c["error"]["abs_error_sum"], error)
expect("site 10 error.abs_value_sum", c["error"]["abs_value_sum"], value)
expect("site 10 output amax", cast["slots"][-1]["amax"], 500.0)
expect("site 10 slots", [s["slot"] for s in cast["slots"]], ["output"])
# One window roll (4 executions): its record holds the window's values and losses.
expect("site 10 history", cast["history"],
       {"rolls_per_record": 1, "roll": [1], "steps_ended": [0], "values": [4], "overflows": [1], "underflows": [1],
        "slots": {"output": {"amax": [500.0], "scale": [1.0]}}})

kept = sites[20]
expect("site 20 format", kept["format"], "fp32")
expect("site 20 index", kept["index"], 1)
expect("site 20 executions", kept["executions"], 3)
expect("site 20 counters.quantized", kept["counters"]["quantized"], 0)  # nothing rounded

delayed = sites[30]
expect("site 30 executions", delayed["executions"], 10)
expect("site 30 rolls", delayed["rolls"], 2)
expect("site 30 slots", [s["slot"] for s in delayed["slots"]], ["a", "b", "output"])
a = delayed["slots"][0]
expect("site 30 slot a history", a["amax_history"], [0.0, 0.0, 100.0, 100.0])
expect("site 30 slot a scale", a["scale"], 0.25)  # pow2 ceil of 100 / 448
expect("site 30 slot a quantized", a["quantized"], 10)
expect("site 30 slot a rounded", a["rounded"], True)
expect("site 30 output rounded", delayed["slots"][2]["rounded"], False)
expect("site 30 warnings", delayed["warnings"], [])
expect("site 30 history rolls", delayed["history"]["roll"], [1, 2])
expect("site 30 history slot a", delayed["history"]["slots"]["a"], {"amax": [100.0, 100.0], "scale": [0.25, 0.25]})
print("report ok")
