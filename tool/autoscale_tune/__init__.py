"""autoscale-tune's search, one module per concern (docs/TUNE.md): rules_text (the override text
and where it goes in the base file), ladder (the lines searched and their rungs), check (what a
run must print), trials (running one and the log), search (the order of trials, the output)."""
import sys


def fail(message):
    sys.stderr.write("autoscale-tune: error: %s\n" % message)
    sys.exit(1)
