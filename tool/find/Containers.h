//===- Containers.h - standard containers whose elements are one array ------===//
//
// std::vector (not std::vector<bool>, which packs bits), std::array and std::span keep their
// elements in one contiguous array that data() points to. So `v[i]` (their operator[]) is
// element i of `v.data()`, and `v.data()` and `&v[i]` are pointers into that array: the GEMM and
// vector-loop readers (find/loops/Affine.h) and the tensor names (Reductions.h) read them as they read
// a built-in subscript. A class with an operator[] of its own is no array: its operator may
// compute anything.
//
// The array moves when its container is resized, reassigned or swapped (a vector's elements are
// reallocated), so a loop whose elements are read through one pointer taken before it must not
// do that: Region may not call a non-const member of the container other than an element
// access, assign it, take its address, bind it to a non-const reference, nor pass it (or an
// object holding it) where the callee may change it.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_CONTAINERS_H
#define AUTOSCALE_TOOL_FIND_CONTAINERS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"

#include <functional>
#include <optional>
#include <string>

namespace autoscale::find {

/// `Object[Index]` by the container's operator[], or `Object.data()` (Index null).
struct ContainerAccess {
  const clang::Expr *Object = nullptr;
  const clang::Expr *Index = nullptr;
};

/// E (after parentheses and implicit casts) as an element or data() of a standard contiguous
/// container, or nullopt.
std::optional<ContainerAccess> containerAccess(const clang::Expr *E);

/// Why the subscript E (after parentheses and implicit casts) of a class object is no element
/// of an array (a class's own operator[], std::vector<bool>'s); empty when it is one, or when E
/// is no class subscript.
std::string classSubscriptReason(const clang::Expr *E);

/// A library container's member that gives access to its elements and changes nothing, even
/// when not const (v[i], v.data(), v.begin(), v.size()).
bool isElementAccessor(const clang::CXXMethodDecl &M);

/// Whether E has side effects, reading a standard container (an element, its data pointer or
/// size) counting as none.
bool hasSideEffects(const clang::Expr *E, const clang::ASTContext &Ctx);

/// Calls F on the object of every standard container E reads (`v` of v[i], v.data(), v.size()).
void forEachContainerRead(const clang::Expr *E,
                          const std::function<void(const clang::Expr *)> &F);

/// Why Region may move the elements of the container Object designates (Containers.h's list),
/// or empty when it cannot. Object is a variable, `this`, or members, subscripts and
/// dereferences of one; storage reached from different variables is taken to be distinct.
std::string containerMovesIn(const clang::Expr *Object, const clang::Stmt &Region,
                             clang::ASTContext &Ctx);

} // namespace autoscale::find

#endif
