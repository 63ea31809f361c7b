"""The rule text of the overrides the tuner writes, and where they go in the base file."""
import json
import re

from . import fail



def yaml_scalar(value):
    """A YAML flow scalar: numbers as they are, strings JSON-quoted (valid YAML)."""
    return str(value) if isinstance(value, (int, float)) else json.dumps(str(value))


def yaml_flow(mapping):
    parts = []
    for key, value in mapping.items():
        text = "[" + ", ".join(yaml_scalar(v) for v in value) + "]" if isinstance(value, list) else yaml_scalar(value)
        parts.append("%s: %s" % (key, text))
    return "{" + ", ".join(parts) + "}"


def compose_rules(base_text, items):
    """The base rule file with override items placed first in its overrides list (the first
    match wins, and the base's own overrides must not shadow them)."""
    if not items:
        return base_text
    lines = base_text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    for i, line in enumerate(lines):
        if re.match(r"overrides\s*:\s*(#.*)?$", line.rstrip("\n")):
            indent = "  "
            for later in lines[i + 1:]:
                hit = re.match(r"(\s*)- ", later)
                if hit:
                    indent = hit.group(1)
                    break
                if later.strip() and not later.lstrip().startswith("#"):
                    break
            block = "".join(indent + l + "\n" if l else "\n" for item in items for l in item.rstrip("\n").split("\n"))
            return "".join(lines[:i + 1]) + block + "".join(lines[i + 1:])
        if re.match(r"overrides\s*:\s*\[\s*\]\s*(#.*)?$", line.rstrip("\n")):
            return "".join(lines[:i]) + compose_rules("overrides:\n", items) + "".join(lines[i + 1:])
        if re.match(r"overrides\s*:", line):
            fail("the base rules' overrides are a flow list (line %d): write them as a block list (- items)" % (i + 1))
    return "".join(lines) + "\n" + compose_rules("overrides:\n", items)
