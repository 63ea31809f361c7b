//===- Context.h - where an expression sits: function, variable, constancy ---===//
//
// Answers, by walking an expression's parents, the questions that decide whether an operation
// may become a runtime call: is it evaluated at run time (not in a constant expression or an
// unevaluated operand), which function and variable it belongs to, is it inside a loop, and is
// its result used as an lvalue.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_CONTEXT_H
#define AUTOSCALE_TOOL_FIND_CONTEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace autoscale::find {

struct ExprContext {
  std::string SkipReason;  ///< non-empty: not a run-time evaluation the rewrite may touch
  std::string Function;    ///< qualified name of the enclosing function
  const clang::FunctionDecl *FunctionNode = nullptr; ///< the enclosing function (not a lambda)
  std::string Variable;    ///< nearest variable the value is assigned to or initialises
  /// The innermost loop of its function whose iterations evaluate it (from its body, condition
  /// or increment), or null.
  const clang::Stmt *Loop = nullptr;
  bool InRuntimeHelper = false; ///< inside an autoscale_* function (the runtime's own code)
  const clang::CXXMethodDecl *Lambda = nullptr; ///< the innermost lambda whose body holds it
  /// The brackets around it in its function once every floating-point operation around it is a
  /// call: parentheses, calls, subscripts, braces, and those operations.
  unsigned Brackets = 0;
};

/// The contexts contextOf has found in one translation unit. An operand's walk up to its function
/// passes through the operators around it, so the operations of a long expression, each nested in
/// the next, would each walk through all the others (a sum of n terms: n walks of length n).
struct ContextCache {
  std::unordered_map<const clang::Expr *, ExprContext> Walked;
};

ExprContext contextOf(const clang::Expr *E, clang::ASTContext &Ctx, ContextCache *Cache = nullptr);

/// C++ only: whether the lvalue result of E (a compound assignment or prefix ++/--) is used as
/// an lvalue rather than only read or discarded, so a call returning a value would not fit.
bool resultUsedAsLvalue(const clang::Expr *E, clang::ASTContext &Ctx);

/// Whether V is a local variable of floating type.
bool isFloatLocal(const clang::ValueDecl *V);

/// The float local the expression LV names (through parentheses and implicit casts), or null.
const clang::VarDecl *floatLocalOf(const clang::Expr *LV);

/// The float local E's value goes to: the variable E initialises, or the left side of the
/// assignment (`=` or `op=`) whose right side E is, through parentheses and implicit casts, that
/// assignment in Assign. Null elsewhere.
const clang::VarDecl *receivingLocal(const clang::Expr *E, clang::ASTContext &Ctx,
                                     const clang::BinaryOperator **Assign = nullptr);

/// Whether S is a for, while, do or range-for loop.
bool isLoop(const clang::Stmt *S);
/// The innermost loop around S in its function (through a local's initialiser, `float d =
/// sweep(a, b);`), or null.
const clang::Stmt *loopAround(const clang::Stmt &S, clang::ASTContext &Ctx);

/// The parent of E, skipping parentheses and implicit casts (the expression its value feeds).
const clang::Stmt *valueParent(const clang::Expr *E, clang::ASTContext &Ctx);

/// What holds the buffer the pointer expression E points into: the variable or member `u` of
/// `u`, `u + 1`, `&u[1]`, `g->u`; null for any other.
const clang::ValueDecl *bufferOf(const clang::Expr *E);

/// The variable or member an lvalue's storage is reached from: `u` of `u[i]`, `*(u + 1)`, `u->x`,
/// `g->u[i]` (the member u), `s.x`.
const clang::ValueDecl *storageRoot(const clang::Expr *LV);

/// Whether E's value is known when compiling: evaluated without effects, or a C++11 constant
/// expression, which may call constexpr functions (`std::numeric_limits<float>::epsilon()`) that
/// HasSideEffects counts as effects.
bool isCompileTimeConstant(const clang::Expr *E, const clang::ASTContext &Ctx);

/// Whether A and B, ignoring parentheses and implicit casts, are the same expression.
bool sameExpr(const clang::Expr *A, const clang::Expr *B, const clang::ASTContext &Ctx);

/// sameExpr, but for an explicit conversion between floating types around either: a value and
/// the value widened (or narrowed) by a cast.
bool sameUpToFloatingCasts(const clang::Expr *A, const clang::Expr *B, const clang::ASTContext &Ctx);

/// Whether S names V anywhere in it.
bool refersTo(const clang::Stmt *S, const clang::VarDecl *V);

/// The variable a for loop's init sets, `int v = e` or `v = e` (v declared before), and its e in
/// Start; null when the init is neither.
const clang::VarDecl *forCounter(const clang::ForStmt &For, const clang::Expr **Start = nullptr);

/// Whether FD's body is a C inline definition (C11 6.7.4p7: every file-scope declaration says
/// `inline` and none `extern`), which may not refer to the file's static site table (6.7.4p3).
/// An external definition (a declaration without `inline`, `extern inline`, GNU89 inline) may.
bool isCInlineDefinition(const clang::FunctionDecl &FD);

/// The name of the variable an lvalue designates ("a" for a[i].x, *a, a->x, a std::vector a[i]),
/// or empty.
std::string baseVariable(const clang::Expr *LValue);

/// The variable M selects a member of directly (`g` in `g.w`, `g->w`), or null (a member of
/// `*this`, of a call's result, of another member).
const clang::VarDecl *memberBase(const clang::MemberExpr &M);

/// The storage M names within its object, for telling members apart: the member's name, or ""
/// (the whole object) for a member of a union, whose members share their storage.
std::string memberStorage(const clang::MemberExpr &M);

/// An element access: a builtin subscript (Base is a pointer value or an array lvalue) or a
/// class's operator[] (Base is the object, std::vector's say).
struct Subscript {
  const clang::Expr *Base = nullptr, *Index = nullptr;
  bool OnObject = false; ///< Base designates an object (array or class), not a pointer value
};
std::optional<Subscript> subscriptOf(const clang::Expr *E);

/// An element of a buffer a variable or member holds, reached through subscripts: `u[i]`, `u[i][j]` (an
/// array of arrays, a pointer to rows), its indices outermost first.
struct ElementPath {
  const clang::ValueDecl *Buffer = nullptr; ///< holderOf the innermost base
  const clang::Expr *Base = nullptr;        ///< the innermost base (`u`, `g->u`)
  std::vector<const clang::Expr *> Indices;
  /// Added to the last index: a row pointer's offset into Base's buffer (`above[i]` with `above =
  /// u + (j - 1) * nx`; Reductions' pathThroughRows), or null.
  const clang::Expr *RowOffset = nullptr;
};
std::optional<ElementPath> elementPathOf(const clang::Expr *E);

/// Whether B counts: a constant added or taken (`hits += 1.0f`, `n -= 1`).
bool countsByConstant(const clang::BinaryOperator &B);

/// An element a class's accessor returns by reference (`y(j)`, `m(i, j)`, `v.at(i)`): the object
/// it is called on, whether that object is reached through a pointer, and the arguments.
struct Accessor {
  const clang::Expr *Object;
  bool ThroughPointer;
  std::vector<const clang::Expr *> Args;
};
std::optional<Accessor> accessorOf(const clang::Expr *LV);
/// Whether E reads an element through a class's accessor that returns it by value, given integer
/// indices only (`float operator()(int y, int x) const`, `at(i)`).
bool elementByValue(const clang::Expr *E);

/// The variable E names (after parentheses and implicit casts), or null.
const clang::VarDecl *varOf(const clang::Expr *E);
/// What E names: a variable, or a member (`g->u`, `this->u_`: the field, one for every object of
/// its class), or null.
const clang::ValueDecl *holderOf(const clang::Expr *E);
/// The variable an lvalue designates directly (x, x.m, a[i] of an array or a class's operator[]),
/// not through a pointer; null otherwise.
const clang::VarDecl *writtenVar(const clang::Expr *LV);
/// The member of writtenVar(LV) nearest the variable that LV lies within (`data` for
/// `out.data[i]`, `pos` for `p.pos.x`), or null where LV is the variable itself or is reached
/// otherwise (a static member, a structured binding).
const clang::FieldDecl *writtenMember(const clang::Expr *LV);

} // namespace autoscale::find

#endif
