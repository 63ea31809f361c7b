"""Reading autoscale-rewrite's --report JSON: what was rewritten, skipped, and written where."""
import os


def report_counts(report):
    """{source basename: [rewritten, skipped]} from the tool's --report JSON."""
    counts = {}
    for op in report.get("operations", []):
        c = counts.setdefault(os.path.basename(op.get("file", "")), [0, 0])
        if op.get("action") == "skipped":
            c[1] += 1
        elif op.get("action") in ("cast", "scale"):
            c[0] += 1
    return counts


def skip_reasons(report):
    reasons = {}
    for op in report.get("operations", []):
        if op.get("action") == "skipped":
            reasons[op.get("reason", "?")] = reasons.get(op.get("reason", "?"), 0) + 1
    return reasons


def written_files(report):
    """{source basename: the rewritten copy} from the report's file list."""
    return {os.path.basename(f["path"]): f["written_to"] for f in report.get("files", []) if f.get("written_to")}
