#!/usr/bin/env python3
"""Generates a random, deterministic, UB-free C99 or C++17 program full of float arithmetic.

The differential test rewrites such programs with the pass-through rules and requires the rewritten
program to print exactly what the original prints, so the generator aims at the constructs a
rewriter can get wrong: usual arithmetic conversions between int/float/double, compound assignments
whose target has side effects (a[k++] += x, *p++ *= y, (q++)->x -= y), ++/-- on floats, unary
minus, ternaries, casts, struct members through pointers, function-like and object-like macros,
math calls, loops and dot-product accumulations, and the places nothing may be rewritten: constant
initialisers of globals and operands of sizeof. On top of that base program, each seed draws some
of the constructs of gen_constructs.py (constant math calls, brace initialisers, long + chains,
C++17 sequencing of x op= f(), a header shared by two units that instantiate it with different
types), and whether the program is C or C++ (g++ -std=c++17; 30% of the seeds).

Why the programs are safe to compare bit for bit:
  - no UB: ints stay small (every int store is reduced modulo 1000 and int expressions multiply at
    most two bounded atoms), indices are unsigned and reduced modulo the array length, integer
    division is guarded, float->int conversions are range-checked, a variable modified by ++/--
    inside an expression is not read elsewhere in that statement, and functions called inside
    expressions are pure (so unspecified evaluation order cannot change results);
  - math calls only see safe domains (sqrt of |x|, log of |x|+1, exp of a bounded value);
  - every input comes from a volatile, and every argument of a libm function that is not correctly
    rounded reads a volatile zero, so the compiler cannot fold such a call at compile time in one
    program (folding rounds correctly) and call libm at run time in the other;
  - results are printed with %a (exact bits); NaN prints as "nan" because its sign and payload are
    not fixed by C.

Usage: gen_program.py SEED --dir DIR [--constructs LIST]   writes the program's files into DIR and
                                                            prints its translation units, one a line
       gen_program.py SEED -o FILE                          a single-unit C program (no second unit,
                                                            no C++) into FILE
       gen_program.py SEED                                  every file to stdout, split-file style
"""
import argparse
import os
import random
import sys

import gen_constructs

FLOAT, DOUBLE, INT = "float", "double", "int"
N_ARR = 8  # length of the global arrays fa/da/ia
N_VEC = 4  # length of struct pt's member array

# (name, C spelling, argument count): math calls and how to keep their argument in a safe domain.
# A correctly rounded function may be folded at compile time in one program and called at run time
# in the other, with equal results; the others (exp, log, tanh, trig) read a volatile zero (vz_f,
# vz_d) in their argument so that neither program can fold them (folding rounds correctly, libm
# does not always).
MATH_F = [
    ("sqrtf", "sqrtf(fabsf({0}))", 1),
    ("fabsf", "fabsf({0})", 1),
    ("tanhf", "tanhf({0} + vz_f)", 1),
    ("expf", "expf(tanhf({0} + vz_f) * 2.0f)", 1),
    ("logf", "logf(fabsf({0}) + 1.0f + vz_f)", 1),
    ("sinf", "sinf({0} + vz_f)", 1),
    ("fmaxf", "fmaxf({0}, {1})", 2),
    ("fminf", "fminf({0}, {1})", 2),
    ("floorf", "floorf({0})", 1),
]
MATH_D = [
    ("sqrt", "sqrt(fabs({0}))", 1),
    ("fabs", "fabs({0})", 1),
    ("tanh", "tanh({0} + vz_d)", 1),
    ("exp", "exp(tanh({0} + vz_d))", 1),
    ("log", "log(fabs({0}) + 1.0 + vz_d)", 1),
    ("cos", "cos({0} + vz_d)", 1),
    ("fmax", "fmax({0}, {1})", 2),
]
F_LITS = ["0.5f", "0.25f", "1.5f", "2.0f", "3.0f", "0.1f", "0.75f", "1.0f", "0.375f", "1e-3f",
          "0x1.8p-3f", "7.0f", "0.3f"]
D_LITS = ["0.5", "0.25", "1.5", "2.0", "0.1", "1e-2", "3.25", "0.7", "1.0"]
MACROS = """\
#define K_F 0.625f
#define K_D 1.125
#define HALF_SUM(a, b) (((a) + (b)) * 0.5f)
#define SQ(x) ((x) * (x))
#define AXPY(a, x, y) ((a) * (x) + (y))
#define LERP(a, b, t) ((a) + ((b) - (a)) * (t))
"""


class Gen:
    def __init__(self, seed, constructs=gen_constructs.ALL, single_c=False):
        self.r = random.Random(seed)
        self.seed = seed
        # The constructs draw from a stream of their own: a C seed's base program is the one it
        # was before they existed.
        self.cr = random.Random(seed * 1000003 + 17)
        self.cpp = not single_c and self.cr.random() < 0.3
        chance = {"const_math": 0.5, "brace": 0.5, "chain": 0.25, "seq": 0.8 if self.cpp else 0.0,
                  "shared": 0.0 if single_c else 0.3, "kernels": 0.6}
        self.constructs = [c for c in gen_constructs.ALL if self.cr.random() < chance[c] and c in constructs]
        self.fvars = ["f%d" % i for i in range(self.r.randint(3, 6))]
        self.dvars = ["d%d" % i for i in range(self.r.randint(2, 4))]
        self.ivars = ["i%d" % i for i in range(self.r.randint(2, 3))]
        self.funcs = []  # (name, return type, parameter types): pure helpers callable in expressions
        self.loop_vars = []  # unsigned loop counters in scope (readable, never written by statements)

    # ---- expressions -------------------------------------------------------------------------
    def leaf(self, ty, ctx):
        r = self.r
        if ctx.special and ty != INT and r.random() < 0.3:
            s, ctx.special = ctx.special, None
            return s
        if ctx.pure:  # a helper reads only its parameters and locals
            pool = {INT: ctx.ivars, FLOAT: ctx.fvars, DOUBLE: ctx.fvars + ctx.dvars}[ty]
            lits = {INT: [str(r.randint(-9, 9))], FLOAT: F_LITS, DOUBLE: F_LITS + D_LITS}[ty]
            return r.choice(pool) if r.random() < 0.7 else r.choice(lits)
        if ty == INT:
            choices = [lambda: r.choice(ctx.ivars), lambda: str(r.randint(-9, 9)),
                       lambda: "ia[%s]" % self.index(ctx)]
            if self.loop_vars:
                choices.append(lambda: "(int)" + r.choice(self.loop_vars))
            if not ctx.special:  # an unevaluated operand: nothing in it may be rewritten into code
                choices.append(lambda: "(int)sizeof(%s)" % self.expr(r.choice([FLOAT, DOUBLE]), ctx, 1))
            return r.choice(choices)()
        choices = [lambda: r.choice(ctx.fvars), lambda: r.choice(F_LITS),
                   lambda: "fa[%s]" % self.index(ctx), lambda: "s.x", lambda: "ps->v[%s]" % self.index(ctx, N_VEC),
                   lambda: "K_F", lambda: "g_c", lambda: "g_init[%d]" % r.randrange(2)]
        if ty == DOUBLE:
            choices += [lambda: r.choice(ctx.dvars), lambda: r.choice(D_LITS), lambda: "da[%s]" % self.index(ctx),
                        lambda: "ps->y", lambda: "K_D"]
        if r.random() < 0.15:  # an int operand: converted by the usual arithmetic conversions
            return r.choice(ctx.ivars)
        return r.choice(choices)()

    def index(self, ctx, n=N_ARR):
        r = self.r
        opts = [str(r.randrange(n)), "(unsigned)%s %% %du" % (r.choice(ctx.ivars), n)]
        if self.loop_vars:
            opts.append("%s %% %du" % (r.choice(self.loop_vars), n))
        return r.choice(opts)

    def expr(self, ty, ctx, depth):
        """An expression whose type is ty (after the usual conversions)."""
        r = self.r
        if depth <= 0 or r.random() < 0.2:
            return self.leaf(ty, ctx)
        if ty == INT:
            return self.int_expr(ctx)
        sub = ty
        if ty == DOUBLE and r.random() < 0.35:
            sub = FLOAT  # a float subexpression promoted to double
        k = r.random()
        if k < 0.45:
            op = r.choice("+-*+-*/")
            a, b = self.expr(sub, ctx, depth - 1), self.expr(ty, ctx, depth - 1)
            if r.random() < 0.5:
                a, b = b, a
            if op == "/":
                b = "(%s + %s)" % (self.safe_den(ty, ctx, depth - 1), "1.0f" if ty == FLOAT else "1.0")
            return "(%s %s %s)" % (a, op, b)
        if k < 0.52:
            return "(- %s)" % self.expr(ty, ctx, depth - 1)  # the space keeps "- --x" from lexing as "-- -x"
        if k < 0.6:
            c = "%s %s %s" % (self.expr(ty, ctx, 1), r.choice(["<", ">", "<=", ">=", "!="]), self.expr(ty, ctx, 1))
            return "(%s ? %s : %s)" % (c, self.expr(ty, ctx, depth - 1), self.expr(ty, ctx, depth - 1))
        if k < 0.68:
            other = DOUBLE if ty == FLOAT else FLOAT
            return "(%s)(%s)" % (ty, self.expr(other, ctx, depth - 1))
        if k < 0.78:
            table = MATH_F if ty == FLOAT else MATH_D
            _, spelling, n = r.choice(table)
            args = [self.var_expr(ty, ctx, depth - 1) for _ in range(n)]
            return spelling.format(*args)
        if k < 0.86:
            return self.macro_call(ty, ctx, depth - 1)
        if k < 0.93 and self.funcs:
            return self.call(ctx, depth - 1)
        return "(%s %s %s)" % (self.expr(ty, ctx, depth - 1), r.choice("+-*"), self.leaf(INT, ctx))

    def safe_den(self, ty, ctx, depth):
        """A non-negative denominator part, so x / (den + 1) never divides by zero."""
        e = self.expr(ty, ctx, depth)
        return ("fabsf(%s)" if ty == FLOAT else "fabs(%s)") % e

    def var_expr(self, ty, ctx, depth):
        """An expression that reads at least one variable, so math calls see varied arguments."""
        v = self.r.choice(ctx.fvars if ty == FLOAT else ctx.fvars + ctx.dvars)
        return "(%s %s %s)" % (v, self.r.choice("+-*"), self.expr(ty, ctx, depth))

    def macro_call(self, ty, ctx, depth):
        r = self.r
        saved, ctx.special = ctx.special, None  # macros may evaluate an argument twice
        m = r.choice(["HALF_SUM", "SQ", "AXPY", "LERP"])
        n = {"HALF_SUM": 2, "SQ": 1, "AXPY": 3, "LERP": 3}[m]
        args = [self.expr(ty, ctx, min(depth, 1)) for _ in range(n)]
        if m == "SQ":
            args = ["tanh%s(%s + %s)" % (("f", self.var_expr(ty, ctx, 0), "vz_f") if ty == FLOAT
                                         else ("", self.var_expr(ty, ctx, 0), "vz_d"))]
        ctx.special = saved
        return "%s(%s)" % (m, ", ".join(args))

    def call(self, ctx, depth):
        name, _, params = self.r.choice(self.funcs)
        return "%s(%s)" % (name, ", ".join(self.expr(p, ctx, depth) for p in params))

    def int_expr(self, ctx):
        """Sum of at most three terms, each a product of two bounded atoms or a guarded division."""
        r = self.r
        terms = []
        for _ in range(r.randint(1, 3)):
            a, b = self.leaf(INT, ctx), self.leaf(INT, ctx)
            k = r.random()
            if k < 0.4:
                terms.append("%s * %s" % (a, b))
            elif k < 0.6:
                terms.append("(%s != 0 ? %s / %s : %s)" % (b, a, b, a))
            elif k < 0.75:
                terms.append("%s %% %d" % (a, r.randint(2, 9)))
            elif k < 0.9:  # range-checked float -> int conversion
                v = r.choice(ctx.fvars)
                terms.append("(%s > -1000.0f && %s < 1000.0f ? (int)%s : 0)" % (v, v, v))
            else:
                terms.append(a)
        out = terms[0]
        for t in terms[1:]:
            out = "%s %s %s" % (out, r.choice("+-"), t)
        return "(%s)" % out

    # ---- statements --------------------------------------------------------------------------
    def stmt(self, ctx, depth, ind):
        r = self.r
        k = r.random()
        pad = "  " * ind
        fty = r.choice([FLOAT, FLOAT, DOUBLE])
        if k < 0.25:
            v = r.choice(ctx.fvars if fty == FLOAT else ctx.dvars)
            return "%s%s = %s;" % (pad, v, self.expr(fty, ctx, 3))
        if k < 0.4:  # compound assignment to a variable, possibly of the other floating type
            v = r.choice(ctx.fvars + ctx.dvars)
            return "%s%s %s= %s;" % (pad, v, r.choice("+-*+-"), self.expr(r.choice([FLOAT, DOUBLE]), ctx, 2))
        if k < 0.5:  # compound assignment through a side-effecting subscript
            arr = r.choice(["fa", "da"])
            return "%s%s[k++ %% %du] %s= %s;" % (pad, arr, N_ARR, r.choice("+-*"), self.expr(fty, ctx, 2))
        if k < 0.58:  # a pointer walk: *p++ op= y, at most N_VEC steps from a reset pointer
            lines = ["%sp = &fa[%s];" % (pad, r.randrange(N_ARR - N_VEC))]
            for _ in range(r.randint(1, N_VEC)):
                lines.append("%s*p++ %s= %s;" % (pad, r.choice("+-*"), self.expr(FLOAT, ctx, 2)))
            return "\n".join(lines)
        if k < 0.63:  # struct array walked by a post-incremented pointer
            lines = ["%sq = pts;" % pad]
            for _ in range(r.randint(1, 3)):
                field, ty = r.choice([("x", FLOAT), ("y", DOUBLE)])
                lines.append("%s(q++)->%s %s= %s;" % (pad, field, r.choice("+-*"), self.expr(ty, ctx, 2)))
            return "\n".join(lines)
        if k < 0.7:  # ++/-- on a float, standalone or inside an expression that reads it nowhere else
            v = r.choice(ctx.fvars + ctx.dvars)
            inc = r.choice(["%s++", "++%s", "%s--", "--%s"]) % v
            if r.random() < 0.4:
                return "%s%s;" % (pad, inc)
            sub = ctx.without(v)
            sub.special = inc
            target = r.choice(sub.fvars)
            e = self.expr(FLOAT, sub, 3)
            if sub.special:  # the generator never placed it; put it in front
                e = "(%s * 0.5f + %s)" % (sub.special, e)
            return "%s%s = %s;" % (pad, target, e)
        if k < 0.76:
            v = r.choice(ctx.ivars)
            if r.random() < 0.5:
                return "%s%s = %s %% 1000;" % (pad, v, self.int_expr(ctx))
            # int op= float: computed in float, converted back; the float part is kept within (-4, 4)
            return "%s%s %s= tanhf(%s + vz_f) * 3.5f;" % (pad, v, r.choice("+-"), self.var_expr(FLOAT, ctx, 1))
        if k < 0.82:
            field, ty = r.choice([("s.x", FLOAT), ("ps->y", DOUBLE), ("ps->v[%s]" % self.index(ctx, N_VEC), FLOAT),
                                  ("(*ps).x", FLOAT)])
            return "%s%s %s= %s;" % (pad, field, r.choice(["", "+", "-", "*"]), self.expr(ty, ctx, 2))
        if k < 0.88 and depth > 0:
            return self.loop(ctx, depth, ind)
        if k < 0.93 and depth > 0:
            c = "%s %s %s" % (self.expr(fty, ctx, 1), r.choice(["<", ">"]), self.expr(fty, ctx, 1))
            body = self.block(ctx, depth - 1, ind + 1, r.randint(1, 3))
            other = self.block(ctx, depth - 1, ind + 1, r.randint(1, 2))
            return "%sif (%s) {\n%s\n%s} else {\n%s\n%s}" % (pad, c, body, pad, other, pad)
        v = r.choice(ctx.fvars)
        return "%s%s = %s;" % (pad, v, self.expr(FLOAT, ctx, 4))

    def loop(self, ctx, depth, ind):
        r = self.r
        pad = "  " * ind
        u = "u%d" % len(self.loop_vars)
        n = r.randint(2, 6)
        self.loop_vars.append(u)
        if r.random() < 0.4:  # a dot-product accumulation, the idiom the rules treat specially
            acc = r.choice(ctx.fvars + ctx.dvars)
            a, b = r.sample(["fa", "da", "ps->v", "ia"], 2)
            m = N_VEC if "ps->v" in (a, b) else N_ARR
            body = "%s  %s += %s[%s] * %s[%s];" % (pad, acc, a, u, b, u)
            text = "%sfor (unsigned %s = 0; %s < %du; %s++) {\n%s\n%s}" % (pad, u, u, m, u, body, pad)
            text = "%s%s = 0;\n%s" % (pad, acc, text)
        else:
            body = self.block(ctx, depth - 1, ind + 1, r.randint(1, 4))
            text = "%sfor (unsigned %s = 0; %s < %du; %s++) {\n%s\n%s}" % (pad, u, u, n, u, body, pad)
        self.loop_vars.pop()
        return text

    def block(self, ctx, depth, ind, n):
        return "\n".join(self.stmt(ctx, depth, ind) for _ in range(n))

    # ---- whole program -----------------------------------------------------------------------
    def helper(self, idx):
        """A pure function (writes only its locals) callable inside expressions."""
        r = self.r
        ret = r.choice([FLOAT, FLOAT, DOUBLE])
        params = [r.choice([FLOAT, DOUBLE, INT]) for _ in range(r.randint(1, 3))]
        names = ["a%d" % i for i in range(len(params))]
        ctx = Ctx([n for n, t in zip(names, params) if t == FLOAT] + ["t"],
                  [n for n, t in zip(names, params) if t == DOUBLE] + ["w"],
                  [n for n, t in zip(names, params) if t == INT] + ["c"])
        ctx.pure = True
        body = ["  float t = %s;" % r.choice(F_LITS), "  double w = %s;" % r.choice(D_LITS), "  int c = 3;"]
        for _ in range(r.randint(1, 4)):
            body.append(self.pure_stmt(ctx))
        body.append("  return %s;" % self.pure_expr(ret, ctx, 3))
        sig = ", ".join("%s %s" % (t, n) for t, n in zip(params, names))
        name = "h%d" % idx
        self.funcs.append((name, ret, params))
        return "static %s %s(%s) {\n%s\n}\n" % (ret, name, sig, "\n".join(body))

    def pure_expr(self, ty, ctx, depth):
        """expr() restricted to the helper's locals: no globals, no side effects."""
        saved_funcs, self.funcs = self.funcs, []
        saved_loops, self.loop_vars = self.loop_vars, []
        e = self.expr(ty, ctx, depth)
        self.funcs, self.loop_vars = saved_funcs, saved_loops
        return e

    def pure_stmt(self, ctx):
        r = self.r
        k = r.random()
        if k < 0.4:
            return "  t %s= %s;" % (r.choice(["", "+", "-", "*"]), self.pure_expr(FLOAT, ctx, 3))
        if k < 0.7:
            return "  w %s= %s;" % (r.choice(["", "+", "*"]), self.pure_expr(DOUBLE, ctx, 3))
        if k < 0.85:
            return "  %s;" % r.choice(["t++", "--t", "w--", "++w"])
        return "  t = -t * %s;" % r.choice(F_LITS)

    def files(self):
        """{file name: text}: the main unit prog_SEED.c (.cpp) first, then any other file."""
        sections, calls, extra, top = [], [], {}, ""
        for c in self.constructs:
            if c == "shared":
                extra, top, fn, call = gen_constructs.shared(self.cr, self.cpp, self.seed)
            else:
                fn, call = getattr(gen_constructs, c)(self.cr, self.cpp)
            sections.append(fn)
            calls.append(call)
        main = "prog_%d%s" % (self.seed, ".cpp" if self.cpp else ".c")
        return dict([(main, self.program(top, sections, calls))] + sorted(extra.items()))

    def program(self, top="", sections=(), calls=()):
        r = self.r
        out = ["/* generated by gen_program.py, seed %d%s */" % (self.seed, ", C++" if self.cpp else ""),
               "#include <math.h>", "#include <stdio.h>"] + (["#include <array>"] if self.cpp else []) + \
              ["", MACROS,
               "struct pt { float x; double y; int k; float v[%d]; };" % N_VEC, "",
               "static volatile float vin_f[%d] = {%s};" % (N_ARR, ", ".join(self.init_lit(FLOAT) for _ in range(N_ARR))),
               "static volatile double vin_d[%d] = {%s};" % (N_ARR, ", ".join(self.init_lit(DOUBLE) for _ in range(N_ARR))),
               "static volatile int vin_i[%d] = {%s};" % (N_ARR, ", ".join(str(r.randint(-20, 20)) for _ in range(N_ARR))),
               "static volatile float vz_f = 0.0f;", "static volatile double vz_d = 0.0;",
               # Constant initialisers: arithmetic here must stay a constant expression.
               "static const float g_c = K_F * 2.0f + 0.5f;",
               "static float g_init[2] = {1.5f * 2.0f, K_F - 0.25f / 4.0f};",
               "static float fa[%d];" % N_ARR, "static double da[%d];" % N_ARR, "static int ia[%d];" % N_ARR, "",
               "static void out(const char *name, double v) {",
               "  if (v != v) printf(\"%s nan\\n\", name);",
               "  else printf(\"%s %a\\n\", name, v);",
               "}", ""]
        if top:
            out.append(top)
        for i in range(r.randint(1, 3)):
            out.append(self.helper(i))
        out.append(self.array_kernel())
        out += list(sections)
        ctx = Ctx(list(self.fvars), list(self.dvars), list(self.ivars))
        main = ["int main(void) {", "  unsigned k = 0;", "  float *p = fa;", "  struct pt pts[3], *q = pts;",
                "  struct pt s, *ps = &s;"]
        main.append("  for (unsigned u = 0; u < %du; u++) {" % N_ARR)
        main.append("    fa[u] = vin_f[u]; da[u] = vin_d[u]; ia[u] = vin_i[u];")
        main.append("  }")
        for j, v in enumerate(self.fvars):
            main.append("  float %s = vin_f[%d];" % (v, j % N_ARR))
        for j, v in enumerate(self.dvars):
            main.append("  double %s = vin_d[%d];" % (v, (j + 3) % N_ARR))
        for j, v in enumerate(self.ivars):
            main.append("  int %s = vin_i[%d];" % (v, (j + 5) % N_ARR))
        main.append("  s.x = vin_f[1]; s.y = vin_d[2]; s.k = vin_i[3];")
        main.append("  for (unsigned u = 0; u < %du; u++) s.v[u] = vin_f[u + 2];" % N_VEC)
        main.append("  for (unsigned u = 0; u < 3u; u++) {")
        main.append("    pts[u].x = vin_f[u]; pts[u].y = vin_d[u + 1]; pts[u].k = (int)u;")
        main.append("    for (unsigned w = 0; w < %du; w++) pts[u].v[w] = vin_f[w];" % N_VEC)
        main.append("  }")
        main.append(self.block(ctx, 2, 1, r.randint(8, 16)))
        main.append("  scale_add(fa, da, %s, %s);" % (self.expr(FLOAT, ctx, 1), self.expr(DOUBLE, ctx, 1)))
        main.append(self.block(ctx, 1, 1, r.randint(2, 5)))
        main += list(calls)
        for v in self.fvars + self.dvars:
            main.append('  out("%s", %s);' % (v, v))
        for v in self.ivars:
            main.append('  printf("%s %%d\\n", %s);' % (v, v))
        main.append('  for (unsigned u = 0; u < %du; u++) { out("fa", fa[u]); out("da", da[u]); }' % N_ARR)
        main.append('  out("s.x", s.x); out("s.y", s.y);')
        main.append('  for (unsigned u = 0; u < %du; u++) out("s.v", s.v[u]);' % N_VEC)
        main.append('  for (unsigned u = 0; u < 3u; u++) { out("pts.x", pts[u].x); out("pts.y", pts[u].y); }')
        main.append("  (void)k; (void)p; (void)q;")
        main.append("  return 0;")
        main.append("}")
        out.append("\n".join(main))
        return "\n".join(out) + "\n"

    def array_kernel(self):
        """A loop nest over arrays through pointers: scaling, axpy and a reduction."""
        r = self.r
        op = r.choice("+-")
        return ("static void scale_add(float *x, double *y, float a, double b) {\n"
                "  float acc = 0.0f;\n"
                "  for (int i = 0; i < %d; i++) {\n"
                "    x[i] = a * x[i] %s %s;\n"
                "    y[i] %s= b * x[i];\n"
                "    acc += x[i] * x[i];\n"
                "  }\n"
                "  x[0] -= acc * %s;\n"
                "}\n") % (N_ARR, op, r.choice(F_LITS), r.choice("+-*"), r.choice(F_LITS))

    def init_lit(self, ty):
        v = self.r.uniform(-4.0, 4.0)
        return ("%.6ff" % v) if ty == FLOAT else ("%.10f" % v)


class Ctx:
    """The variables an expression may read, and at most one pending side effect to place."""

    def __init__(self, fvars, dvars, ivars):
        self.fvars, self.dvars, self.ivars = fvars, dvars, ivars
        self.special = None
        self.pure = False

    def without(self, v):
        return Ctx([x for x in self.fvars if x != v] or ["fa[0]"], [x for x in self.dvars if x != v] or ["da[0]"],
                   list(self.ivars))


def write_program(seed, constructs, directory):
    """Writes the program of seed (drawing from the constructs named) into directory; returns the
    paths of its translation units, the main one first."""
    files = Gen(seed, constructs).files()
    for name, text in files.items():
        with open(os.path.join(directory, name), "w") as f:
            f.write(text)
    return [os.path.join(directory, name) for name in files if not name.endswith(".h")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output", help="write a single-unit C program to this file")
    ap.add_argument("--dir", help="write the program's files into this directory")
    ap.add_argument("--constructs", default=",".join(gen_constructs.ALL),
                    help="the constructs a seed may draw (default: all of %s)" % ", ".join(gen_constructs.ALL))
    a = ap.parse_args()
    wanted = [c for c in a.constructs.split(",") if c]
    unknown = sorted(set(wanted) - set(gen_constructs.ALL))
    if unknown:
        ap.error("unknown construct(s): %s" % ", ".join(unknown))
    if a.dir and not a.output:
        print("\n".join(write_program(a.seed, wanted, a.dir)))
        return
    files = Gen(a.seed, wanted, single_c=bool(a.output)).files()
    if a.output:
        with open(a.output, "w") as f:
            f.write(next(iter(files.values())))
    else:
        for name, text in files.items():
            sys.stdout.write("//--- %s\n%s" % (name, text))


if __name__ == "__main__":
    main()
