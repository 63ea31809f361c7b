"""The constructs gen_program.py adds to its base program, one function (or file) each.

Each construct is a function of the program, preceded by a `/* construct: NAME */` comment and
printing its results as "NAME.k": run_differential.py names the construct of a failure by the
printed names that differ, or by the marker before the line a compiler complains about.

  const_math  math calls whose arguments are all constants (tanhf(0.7978845608f), cbrt(2.0)):
              the original may fold them at compile time; the rewritten program must print the
              same bits
  brace       brace initialisers of local arrays and structs (and std::array, and constant
              double expressions narrowed to float, in C++), C99 designators and GNU ranges in C
  chain       long + chains, 50 to 300 terms
  seq         (C++ only) x op= f() where f() moves x's index or pointer, or writes x: C++17
              evaluates the right operand first
  shared      a header of static functions on a type T, included by the main unit with T a
              floating type and by a second unit with T an integer or the other floating type

Every value stays UB-free as the base program's do: the shared header's integer instantiation sees
inputs of magnitude <= 20 and at most three factors; indices are reduced modulo the array length.
"""

ALL = ("const_math", "brace", "chain", "seq", "shared")

# (C name, argument domains (lo, hi)): constant arguments are drawn from the domain and printed as
# literals. The float and double forms are both generated (name + "f" for float).
CONST_MATH = [
    ("tanh", [(-3.0, 3.0)]), ("exp", [(-4.0, 4.0)]), ("log", [(0.01, 50.0)]), ("sin", [(-6.0, 6.0)]),
    ("cos", [(-6.0, 6.0)]), ("tan", [(-1.4, 1.4)]), ("atan", [(-5.0, 5.0)]), ("asinh", [(-5.0, 5.0)]),
    ("acosh", [(1.0, 9.0)]), ("atanh", [(-0.95, 0.95)]), ("cbrt", [(-30.0, 30.0)]), ("erf", [(-2.5, 2.5)]),
    ("erfc", [(-2.0, 4.0)]), ("tgamma", [(0.2, 9.5)]), ("lgamma", [(0.2, 30.0)]), ("exp2", [(-8.0, 8.0)]),
    ("expm1", [(-2.0, 2.0)]), ("log1p", [(-0.5, 20.0)]), ("log10", [(0.01, 1000.0)]), ("log2", [(0.01, 1000.0)]),
    ("sinh", [(-4.0, 4.0)]), ("cosh", [(-4.0, 4.0)]), ("sqrt", [(0.0, 100.0)]),
    ("pow", [(0.1, 4.0), (-3.0, 3.0)]), ("atan2", [(-4.0, 4.0), (-4.0, 4.0)]), ("hypot", [(-9.0, 9.0), (-9.0, 9.0)]),
    ("fmod", [(-20.0, 20.0), (0.5, 7.0)]),
]
# Calls whose libm results are known to differ from the correctly rounded ones compilers fold to
# (GELU's tanhf(sqrt(2/pi)), ...): a program includes them all, sometimes.
FIXED_CONST_MATH = [("tanhf(0.7978845608f)", True), ("cbrt(2.0)", False), ("acosh(2.0)", False),
                    ("tgamma(4.5)", False)]


def marker(name):
    return "/* construct: %s */" % name


def literal(r, lo, hi, is_float):
    v = round(r.uniform(lo, hi), r.randint(1, 9))
    text = repr(v)
    if "e" not in text and "." not in text:
        text += ".0"
    return text + ("f" if is_float else "")


def const_math(r, cpp):
    """Constant math calls, alone, inside arithmetic with run-time values, and as initialisers."""
    lines = [marker("const_math"), "static void const_math(float x, double y) {"]
    calls = list(FIXED_CONST_MATH) if r.random() < 0.3 else []
    for _ in range(r.randint(2, 6)):
        name, domains = r.choice(CONST_MATH)
        is_float = r.random() < 0.5
        args = ", ".join(literal(r, lo, hi, is_float) for lo, hi in domains)
        calls.append(("%s%s(%s)" % (name, "f" if is_float else "", args), is_float))
    for k, (call, is_float) in enumerate(calls):
        var, ty = ("x", "float") if is_float else ("y", "double")
        form = r.randrange(3)
        if form == 0:
            lines.append('  out("const_math.%d", %s);' % (k, call))
        elif form == 1:
            lines.append('  out("const_math.%d", %s * %s + %s);' % (k, call, var, "1.0f" if is_float else "1.0"))
        else:
            lines.append("  const %s c%d = %s;" % (ty, k, call))
            lines.append('  out("const_math.%d", c%d - %s);' % (k, k, var))
    lines.append("}")
    return "\n".join(lines) + "\n", "  const_math(vin_f[1], vin_d[2]);"


def brace(r, cpp):
    """Brace initialisers whose elements are arithmetic on run-time values."""
    f = lambda: r.choice(["x", "x * 0.5f", "x + 1.5f", "-x", "x * x", "x - 0.25f", "(float)n * x"])
    d = lambda: r.choice(["y", "y * y", "y - x", "x * y + 1.0", "y / 3.0", "(double)n + y", "x + 2.0f"])
    lines = [marker("brace"), "static void brace(float x, double y, int n) {"]
    names = []
    nf = r.randint(2, 5)
    lines.append("  float w[%d] = {%s};" % (nf, ", ".join(f() for _ in range(nf))))
    names += ["w[%d]" % i for i in range(nf)]
    nd = r.randint(2, 4)
    lines.append("  double v[%d] = {%s};" % (nd, ", ".join(d() for _ in range(nd))))
    names += ["v[%d]" % i for i in range(nd)]
    lines.append("  struct pt p = {%s, %s, n, {%s}};" % (f(), d(), ", ".join(f() for _ in range(4))))
    names += ["p.x", "p.y"] + ["p.v[%d]" % i for i in range(4)]
    if cpp:
        lines.append("  std::array<float, 3> a{%s, %s, %s};" % (f(), f(), f()))
        names += ["a[%d]" % i for i in range(3)]
        # Constant double expressions narrowed to float: allowed in a list initialisation only
        # while they are constant expressions.
        consts = ["1.0 / 6.0", "0.5 * 3.0", "2.0 - 0.75", "1.0 / 3.0 + 0.25"]
        lines.append("  const float c[2] = {%s, %s};" % (r.choice(consts), r.choice(consts)))
        names += ["c[0]", "c[1]"]
    else:
        lines.append("  struct pt q = {.y = %s, .x = %s, .v = {[2] = %s}};" % (d(), f(), f()))
        names += ["q.x", "q.y"] + ["q.v[%d]" % i for i in range(4)]
        lines.append("  float g[4] = {[1 ... 2] = %s};" % f())
        names += ["g[%d]" % i for i in range(4)]
    for k, name in enumerate(names):
        lines.append('  out("brace.%d", %s);' % (k, name))
    lines.append("}")
    return "\n".join(lines) + "\n", "  brace(vin_f[3], vin_d[4], vin_i[2]);"


def chain(r, cpp):
    """A sum of 50 to 300 terms, float or (from a double term on) double."""
    lines = [marker("chain"), "static void chain(const volatile float *v, double y) {",
             "  float t[8];", "  for (unsigned u = 0; u < 8u; u++) t[u] = v[u];"]
    terms = []
    for _ in range(r.randint(50, 300)):
        terms.append(r.choice(["t[%d]" % r.randrange(8), "t[%d]" % r.randrange(8), "0.5f", "1.25f"]))
    if r.random() < 0.5:
        terms[r.randrange(len(terms))] = "y"  # the sum turns double from there on
    lines.append('  out("chain.0", %s);' % " + ".join(terms))
    lines.append("}")
    return "\n".join(lines) + "\n", "  chain(vin_f, vin_d[5]);"


def seq(r, cpp):
    """C++17: x op= f() evaluates f() first; f() moves x's index or pointer, or writes x."""
    assert cpp
    lines = [marker("seq"),
             "static unsigned seq_k = 0;", "static float seq_buf[8];", "static float *seq_cur = seq_buf;",
             "static float seq_acc = 1.0f;",
             "static float seq_next() { seq_k = (seq_k + %du) %% 8u; return seq_buf[seq_k] * 0.5f + 1.0f; }"
             % r.randint(1, 7),
             "static float seq_advance() { seq_cur = seq_buf + (seq_cur - seq_buf + %d) %% 8; return *seq_cur * 0.25f; }"
             % r.randint(1, 7),
             "static float seq_bump() { seq_acc += 0.5f; return seq_acc * 0.125f; }",
             "static void seq() {",
             "  for (unsigned u = 0; u < 8u; u++) seq_buf[u] = vin_f[u];"]
    for _ in range(r.randint(3, 8)):
        op = r.choice("+-*")
        lines.append(r.choice(["  seq_buf[seq_k] %s= seq_next();", "  *seq_cur %s= seq_advance();",
                               "  seq_acc %s= seq_bump();", "  seq_buf[seq_k %% 8u] %s= seq_next() * seq_acc;",
                               "  *seq_cur %s= seq_bump() + seq_advance();"]) % op)
    lines.append('  for (unsigned u = 0; u < 8u; u++) out("seq.0", seq_buf[u]);')
    lines.append('  out("seq.1", seq_acc); out("seq.2", *seq_cur);')
    lines.append("}")
    return "\n".join(lines) + "\n", "  seq();"


SHARED_BODIES = [
    "return a * b + c;",
    "T r = a; r += b * c; r -= a; return r;",
    "T r = a * b - c; ++r; return -r;",
    "T r = c; r *= a; r += b; return r - a * c;",
    "return (a + b) * (c - a);",
    "T r = a - b; r--; return r * c + b;",
]


def shared(r, cpp, seed):
    """{file name: text} of the header and the second unit, and the main unit's part."""
    ext = ".cpp" if cpp else ".c"
    header, unit = "prog_%d_shared.h" % seed, "prog_%d_b%s" % (seed, ext)
    main_type = r.choice(["float", "double"])
    other = r.choice(["int", "long long", "double" if main_type == "float" else "float"])
    bodies = r.sample(SHARED_BODIES, r.randint(2, 4))
    h = [marker("shared"), "/* Included by prog_%d%s with T = %s and by %s with T = %s. */"
         % (seed, ext, main_type, unit, other)]
    h += ["static T shared_%d(T a, T b, T c) { %s }" % (k, b) for k, b in enumerate(bodies)]
    u = [marker("shared"), "#define T %s" % other, '#include "%s"' % header, "#undef T"]
    for k in range(len(bodies)):
        u.append("double shared_other_%d(int a, int b, int c) { return (double)shared_%d((T_OTHER)a, (T_OTHER)b, "
                 "(T_OTHER)c); }" % (k, k))
    u = [l.replace("T_OTHER", other) for l in u]
    top = "\n".join([marker("shared"), "#define T %s" % main_type, '#include "%s"' % header, "#undef T"] +
                    ["double shared_other_%d(int a, int b, int c);" % k for k in range(len(bodies))]) + "\n"
    fn = [marker("shared"), "static void shared(void) {"]
    for k in range(len(bodies)):
        fn.append('  out("shared.%d", shared_%d((%s)vin_i[0], (%s)vin_i[1], (%s)vin_i[2]));'
                  % (2 * k, k, main_type, main_type, main_type))
        fn.append('  out("shared.%d", shared_%d(vin_f[%d], vin_f[%d], vin_f[%d]));'
                  % (2 * k + 1, k, r.randrange(8), r.randrange(8), r.randrange(8)))
        fn.append('  out("shared.other.%d", shared_other_%d(vin_i[3], vin_i[4], vin_i[5]));' % (k, k))
    fn.append("}")
    files = {header: "\n".join(h) + "\n", unit: "\n".join(u) + "\n"}
    return files, top, "\n".join(fn) + "\n", "  shared();"
