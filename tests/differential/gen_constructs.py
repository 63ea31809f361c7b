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
  kernels     the loops the tool substitutes, on arrays at random offsets into one heap buffer
              (so that they may overlap): GEMM nests in every loop order (bias, accumulate, a
              hoisted operand, A or B scaled by a factor, each product scaled before its sum, C's
              row stride a value the rewriter cannot see, rows overlapping at times), two products
              in one loop body (a causal or full window: a GEMM per row and a rank-1 update whose
              rows may overlap, perhaps scaled), dot loops whose sum may lie in an operand, axpy
              loops whose factor may lie in the written array, loop programs with carried values,
              a bound read from memory the loop writes, narrowing index casts; the buffer freed
              and allocated again every repetition (run_differential.py also compares two heap
              layouts under the default rules)

Every value stays UB-free as the base program's do: the shared header's integer instantiation sees
inputs of magnitude <= 20 and at most three factors; indices are reduced modulo the array length.
"""

ALL = ("const_math", "brace", "chain", "seq", "shared", "kernels")

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


KERNEL_BUFFER = 256  # floats in the heap buffer the kernels' arrays lie in


def kernels(r, cpp):
    """Substitutable loops over overlapping arrays in a heap buffer, repeated with the buffer freed
    and allocated again."""
    n = KERNEL_BUFFER
    m, k, nn = r.randint(2, 6), r.randint(2, 6), r.randint(2, 6)

    def offset(size):
        return r.randrange(n - size)

    def near(base, size, span):  # an offset overlapping [base, base + span), or anywhere
        if r.random() < 0.4:
            return max(0, min(n - size, base + r.randint(-span + 1, span - 1)))
        return offset(size)

    cast = "(float *)" if cpp else ""
    lines = [marker("kernels"), "#include <stdlib.h>",
             "static float kernels_dot(const float *x, const float *y, int n) {",
             "  float s = 0.0f;",
             "  for (int i = 0; i < n; i++) s += x[i] * y[i];",
             "  return s;",
             "}",
             "static void kernels(void) {",
             "  for (int rep = 0; rep < 3; rep++) {",
             "    float *buf = %smalloc(%d * sizeof(float));" % (cast, n),
             "    float *lim = %smalloc(4 * sizeof(float));" % cast,
             "    float wrap[256];",
             "    if (!buf || !lim) return;",
             "    for (unsigned u = 0; u < %du; u++) buf[u] = vin_f[u %% 8u] * (float)((u * 7u + (unsigned)rep) %% 11u) * 0.25f;" % n,
             "    for (unsigned u = 0; u < 256u; u++) wrap[u] = vin_f[(u + 3u) % 8u] * 0.5f;"]
    # GEMM: C (m x nn) = [bias or 0 or C] + A (m x k) . B (k x nn), in a random loop order.
    a_off = offset(m * k)
    b_off = near(a_off, k * nn, m * k)
    c_off = near(r.choice([a_off, b_off]), m * nn, m * nn)
    lines.append("    float *A = buf + %d, *B = buf + %d, *C = buf + %d;" % (a_off, b_off, c_off))
    start = r.choice(["zero", "bias", "accumulate"])
    if start == "zero":
        lines.append("    for (int i = 0; i < %d; i++) for (int j = 0; j < %d; j++) C[i * %d + j] = 0.0f;" % (m, nn, nn))
    elif start == "bias":
        bias_off = near(c_off, nn, m * nn)
        lines.append("    float *bias = buf + %d;" % bias_off)
        lines.append("    for (int i = 0; i < %d; i++) for (int j = 0; j < %d; j++) C[i * %d + j] = bias[j];" % (m, nn, nn))
    order = r.choice(["ijk", "ikj", "jik", "jki", "kij", "kji"])
    bounds = {"i": m, "j": nn, "k": k}
    factors = ["0.5f", "1.5f", "vin_f[2]", "scale_f"]
    alpha = r.random() < 0.25
    a_elem = ("%s * A[i * %d + k]" % (r.choice(factors), k)) if alpha else "A[i * %d + k]" % k
    b_elem = ("(%s * B[k * %d + j])" % (r.choice(factors), nn)) if r.random() < 0.15 else "B[k * %d + j]" % nn
    hoist = order in ("ikj", "kij") and r.random() < 0.5
    # C's row stride: the constant, or a value the rewriter cannot see (rows overlapping at times),
    # which the call checks at run time.
    ldc = str(nn)
    if r.random() < 0.3:
        ldc = "ldc"
        lines.append("    float scale_f = vin_f[3] * 0.5f;")
        lines.append("    int ldc = %d + (vin_f[0] > 1e30f);" % (nn - 1 if r.random() < 0.3 else nn))
    else:
        lines.append("    float scale_f = 2.0f;")
    ind = "    "
    for depth, v in enumerate(order):
        lines.append(ind + "for (int %s = 0; %s < %d; %s++) {" % (v, v, bounds[v], v))
        ind += "  "
        if hoist and depth == 1:
            lines.append(ind + "float a_part = %s;" % a_elem)
    product = "%s * %s" % ("a_part" if hoist else a_elem, b_elem)
    scaled = r.random()
    if scaled < 0.15:
        product = "%s * %s" % (product, r.choice(factors))
    elif scaled < 0.25:
        product = "%s * (%s)" % (r.choice(factors), product)
    lines.append(ind + "C[i * %s + j] += %s;" % (ldc, product))
    for _ in order:
        ind = ind[:-2]
        lines.append(ind + "}")
    lines.append('    for (int u = 0; u < %d; u++) out("kernels.0", C[u]);' % (m * nn))
    lines += two_products(r, cast, offset)
    # The loops below count with `int i` of their own or, C89's way, with `ci` declared here,
    # whose value after each loop is printed (a substituted loop must leave the same).
    lines.append("    int ci = 0;")

    def loop(bound):
        if r.random() < 0.35:
            return "for (ci = 0; ci < %s; ci++)" % bound, 'out("kernels.6", (float)ci);'
        return "for (int i = 0; i < %s; i++)" % bound, None

    def counted(body_lines, exit_line):
        return body_lines + ([("    " + exit_line)] if exit_line else [])
    # dot: a local sum, or a sum kept in the buffer (perhaps inside an operand).
    len_d = r.randint(4, 40)
    x_off = offset(len_d)
    y_off = near(x_off, len_d, len_d)
    head, exit_line = loop(len_d)
    i = "ci" if exit_line else "i"
    if r.random() < 0.5:
        lines.append("    float dot = %s;" % r.choice(["0.0f", "buf[3]"]))
        lines += counted(["    %s dot += buf[%d + %s] * buf[%d + %s];" % (head, x_off, i, y_off, i)], exit_line)
        lines.append('    out("kernels.1", dot);')
    else:
        s_off = near(y_off, 1, len_d)
        lines += counted(["    %s buf[%d] += buf[%d + %s] * buf[%d + %s];" % (head, s_off, x_off, i, y_off, i)],
                         exit_line)
        lines.append('    out("kernels.1", buf[%d]);' % s_off)
    # axpy: y += a x, the factor perhaps inside y, x and y perhaps overlapping.
    len_a = r.randint(4, 40)
    ax_off = offset(len_a)
    ay_off = near(ax_off, len_a, len_a)
    factor = r.choice(["0.75f", "vin_f[1]", "buf[%d]" % near(ay_off, 1, len_a)])
    head, exit_line = loop(len_a)
    i = "ci" if exit_line else "i"
    lines += counted(["    %s buf[%d + %s] %s= %s * buf[%d + %s];"
                      % (head, ay_off, i, r.choice("+-"), factor, ax_off, i)], exit_line)
    lines.append('    for (int u = 0; u < %d; u++) out("kernels.2", buf[%d + u]);' % (len_a, ay_off))
    # A loop program with a carried value, its bound read from memory the loop writes.
    len_p = r.randint(4, 40)
    px_off = offset(len_p)
    py_off = near(px_off, len_p, len_p)
    lines.append("    lim[0] = %d.0f;" % len_p)
    lines.append("    float carried = vin_f[4];")
    head, exit_line = loop("(int)lim[0]")
    i = "ci" if exit_line else "i"
    lines.append("    %s {" % head)
    lines.append("      carried = carried * 0.5f + buf[%d + %s];" % (px_off, i))
    lines.append("      buf[%d + %s] = carried - %s * buf[%d + %s];" % (py_off, i, r.choice(F_LITS_K), px_off, i))
    if r.random() < 0.5:
        lines.append("      if (%s == %d) lim[0] = %d.0f;" % (i, len_p // 2, r.randint(len_p // 2 + 1, len_p)))
    lines.append("    }")
    lines += counted([], exit_line)
    lines.append('    out("kernels.3", carried);')
    lines.append('    for (int u = 0; u < %d; u++) out("kernels.3", buf[%d + u]);' % (len_p, py_off))
    # Narrowing index casts: indices that wrap at 256.
    len_w = r.randint(4, 40)
    w_off = offset(len_w)
    lines.append("    for (int i = 0; i < %d; i++) wrap[(unsigned char)(i * %d + %du)] += %s * buf[%d + i];"
                 % (len_w, r.choice([1, 3, 37]), r.randrange(200, 256), r.choice(F_LITS_K), w_off))
    lines.append('    for (unsigned u = 0; u < 256u; u += 7u) out("kernels.4", wrap[u]);')
    # A second array of larger magnitude, freed last: glibc's cache hands its address to the next
    # repetition's buffer, and without the cache the old addresses come back in their first roles.
    len_o = r.randint(4, 40)
    lines.append("    float *other = %smalloc(%d * sizeof(float));" % (cast, n))
    lines.append("    if (!other) return;")
    lines.append("    for (unsigned u = 0; u < %du; u++) other[u] = buf[u] * %s + vin_f[u %% 8u];" % (n, r.choice(["37.0f", "300.0f", "0.01f"])))
    # One dot product's function called with either array at the same offset: its site meets an
    # address in one role in a repetition and in the other role in the next.
    o_off, w2_off = offset(len_o), offset(len_o)
    lines.append('    out("kernels.5", kernels_dot(other + %d, buf + %d, %d));' % (o_off, w2_off, len_o))
    lines.append('    out("kernels.5", kernels_dot(buf + %d, buf + %d, %d));' % (o_off, w2_off, len_o))
    lines.append("    free(lim);")
    lines.append("    free(buf);")
    lines.append("    free(other);")
    lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n", "  kernels();"


def two_products(r, cast, offset):
    """Two products in one loop body, as attention's backward passes have them: a sum per row into
    its own array (a GEMM per row t) and a rank-1 update of another, whose rows are a value apart
    that the rewriter cannot see (overlapping at times); each product perhaps scaled before its
    sum. The two results are arrays of their own: storage reached from distinct variables is
    taken to be distinct (the rewriter's assumption where one product splits from the other)."""
    t_n, hs = r.randint(2, 7), r.randint(2, 9)
    v_off, o_off, a_off = offset(t_n * hs), offset(t_n * hs), offset(t_n * t_n)
    gap = hs if r.random() < 0.7 else r.randint(1, hs - 1)
    bound = "t2 <= t" if r.random() < 0.7 else "t2 < %d" % t_n
    scale = ["", " * 0.3f", " * vin_f[5]"]
    lines = ["    float *sums = %scalloc(%d, sizeof(float)), *upd = %scalloc(%d, sizeof(float));"
             % (cast, t_n * t_n, cast, t_n * hs),
             "    if (!sums || !upd) return;",
             "    int gap = %d + (vin_f[0] > 1e30f);" % gap,
             "    for (int t = 0; t < %d; t++) {" % t_n,
             "      for (int t2 = 0; %s; t2++) {" % bound,
             "        const float *v_t2 = buf + %d + t2 * %d;" % (v_off, hs),
             "        float *upd_t2 = upd + t2 * gap;",
             "        for (int i = 0; i < %d; i++) {" % hs,
             "          sums[t * %d + t2] += v_t2[i] * buf[%d + t * %d + i]%s;" % (t_n, o_off, hs, r.choice(scale)),
             "          upd_t2[i] += buf[%d + t * %d + t2] * buf[%d + t * %d + i]%s;"
             % (a_off, t_n, o_off, hs, r.choice(scale)),
             "        }",
             "      }",
             "    }",
             '    for (int u = 0; u < %d; u++) out("kernels.6", sums[u]);' % (t_n * t_n),
             '    for (int u = 0; u < %d; u++) out("kernels.6", upd[u]);' % (t_n * hs),
             "    free(sums);",
             "    free(upd);"]
    return lines


F_LITS_K = ["0.5f", "0.25f", "1.5f", "0.75f", "2.0f"]
