//===- ReductionsImpl.h - the analysis behind Reductions.h -------------------===//
//
// One walk of a function's body records its loops, what each writes and its assignments;
// Reductions.cpp then names sums, products, guards and the operands' tensors, StateUpdates.cpp
// what is state (storage that outlives the function, a local a loop carries, buffers a loop
// exchanges) and the operations that update it.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_OPERATIONS_REDUCTIONSIMPL_H
#define AUTOSCALE_TOOL_FIND_OPERATIONS_REDUCTIONSIMPL_H

#include "find/Context.h"
#include "find/operations/Reductions.h"
#include "find/operations/SumSteps.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace autoscale::find {
// A private header, for Reductions.cpp and StateUpdates.cpp alone, which both read Clang's AST.
using namespace clang;

class Reductions::Impl : public RecursiveASTVisitor<Reductions::Impl> {
public:
  using Idiom = rules::Idiom;

  Impl(const FunctionDecl &FD, ASTContext &Ctx, Exchanges Exchanged, bool FoldsARange);

  // ---- the walk: loops, variables, writes, assignments ----
  bool TraverseForStmt(ForStmt *S) { return loop(S, [&] { return Base::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(WhileStmt *S);
  bool TraverseDoStmt(DoStmt *S) { return loop(S, [&] { return Base::TraverseDoStmt(S); }); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S);
  // A lambda's body runs once per call, with other arguments: a loop whose iterations are the
  // calls (std::for_each's, or a loop's calling it), so `s += v` into a capture is a sum.
  bool TraverseLambdaExpr(LambdaExpr *L);
  bool VisitVarDecl(VarDecl *V);
  bool VisitBinaryOperator(BinaryOperator *B);
  bool VisitUnaryOperator(UnaryOperator *U);
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *O);
  bool VisitCallExpr(CallExpr *C);
  bool VisitDeclRefExpr(DeclRefExpr *D);

  // ---- queries ----
  std::optional<Idiom> roleOf(const Expr *E) const;

  const std::set<const CallExpr *> &updateCalls() const { return UpdateCalls; }
  const std::set<const CallExpr *> &iteratedMapCalls() const { return IteratedMapCalls; }

  bool isSingleAssignmentLocal(const VarDecl *V) const;
  /// The role of a product summed (Added): of two factors that vary (Varies) and any that do not,
  /// the multiply joining the two is a square sum's where they are one value, a dot product's
  /// where both read tensors.
  void productTerm(const Expr *Added, llvm::function_ref<bool(const Expr *)> Varies);
  /// The value a reference to a C89-style local reads (`float temp;` at the top, `temp = alpha *
  /// b[l];` in a loop, then `temp * a[i]`): the last assignment `V = e;` before it among the
  /// statements of a block around it, where every write of V is such a statement and no other lies
  /// between the two; null otherwise.
  const Expr *startedValue(const Expr *Ref) const;

  std::string tensorOf(const Expr *Operand) const;

private:
  using Base = RecursiveASTVisitor<Impl>;

  struct Loop {
    const Stmt *S;
    int Parent;
    std::set<const VarDecl *> Written;   ///< written anywhere inside
    /// Of those, the ones written as a whole; each other one is written only within these
    /// members (`out.data[i] += x` leaves `out.cols` as it is).
    std::set<const VarDecl *> WrittenWhole;
    std::map<const VarDecl *, std::set<const FieldDecl *>> WrittenMembers;
    /// Variables given to a call that may change any member (by non-const reference, as a
    /// non-const method's object).
    std::set<const VarDecl *> Lent;
    std::set<const VarDecl *> Induction; ///< written by a for loop's increment
  };
  struct Assignment {
    const BinaryOperator *B;
    int Loop; ///< innermost loop around it, or -1
  };
  /// The loops around a statement, innermost first.
  using Chain = std::vector<int>;

  template <class Fn> bool loop(const Stmt *S, Fn Traverse) {
    Loops.push_back({S, Stack.empty() ? -1 : Stack.back(), {}, {}, {}, {}, {}});
    Stack.push_back(static_cast<int>(Loops.size()) - 1);
    if (const auto *F = dyn_cast<ForStmt>(S); F && F->getInc())
      InductionOf.push_back({Stack.back(), F->getInc()});
    bool Result = Traverse();
    Stack.pop_back();
    for (auto [L, Inc] : InductionOf)
      if (Loops[L].S == S)
        collectWrites(Inc, Loops[L].Induction);
    return Result;
  }

  /// V written (within Member, where not null: writtenMember) in every loop around.
  void written(const VarDecl *V, const FieldDecl *Member = nullptr);

  void collectWrites(const Stmt *S, std::set<const VarDecl *> &Out);

  Chain chainOf(int L) const;

  /// Whether loop In is L or lies inside it.
  bool within(int In, int L) const;

  bool declaredIn(const VarDecl *V, int L) const;

  /// Whether V is the induction variable of a loop of C strictly inside L: an index of the
  /// iteration space below L, not a value that changes along L.
  bool indexesBelow(const VarDecl *V, int L, const Chain &C) const;

  bool varVaries(const VarDecl *V, int L, const Chain &C) const;

  /// Whether the value of E can differ between iterations of L.
  bool exprVaries(const Stmt *E, int L, const Chain &C) const;

  /// Whether the object the lvalue LV designates can differ between iterations of L.
  bool addressVaries(const Expr *LV, int L, const Chain &C) const;

  /// Whether an integer expression depends on data read from memory (or a call).
  /// Around: the loops around the use, whose counters are no loaded values.
  bool loadedIndex(const Stmt *E, const Chain &Around = {}) const;

  /// Whether the address of LV depends on data read from memory: a scatter (dw[ix*C+i]).
  bool scatters(const Expr *LV, const Chain &Around) const;
  bool pointerScatters(const Expr *P, const Chain &Around) const;

  /// Whether S reads a value from memory anywhere in it (`g[i] * g[i]`, `0.1f * g[i]`).
  bool readsData(const Stmt *S) const;

  /// Whether E reads a value from memory (a tensor element), directly or through a local.
  bool readsTensor(const Expr *E) const;

  // ---- the analysis of one assignment ----
  void analyse(const Assignment &A);

  /// State worked on in a local copy and stored back (`float xi = x[i]; xi += v[i] * dt;
  /// x[i] = xi;`, or the members of a copied struct, `float4 p = pos[i]; p.x += v.x * dt;
  /// pos[i] = p;`): the copy's own updates are the state's. L: the innermost loop around the store.
  void storedBack(const Expr *Target, const Expr *Value, int L);

  /// Whether F is a function of the program, defined in the unit outside the system headers:
  /// one whose calls within an update make it an update helper (UpdateHelpers.h).
  bool programFunction(const FunctionDecl *F) const;

  /// Whether a loop around A, not one along the target's indices, runs it again over the same
  /// elements (a sweep repeated: `for (s...) for (i...) u[i] = ...`).
  bool sweptAgain(const Assignment &A) const;

  /// Whether A's target is given a new value before A, each time A's loop (or function) runs:
  /// an assignment of a value not read from it, in the same loop and under no condition there
  /// (`dh[j] = err * w[j]; dh[j] *= h[j] * (1 - h[j]);` works on a fresh value, no state), or in
  /// both branches of an if before it (C89's locals declared at the top: `if (x[i] > 0) v = ...;
  /// else v = ...; v = v * v;`).
  bool givenAnew(const Assignment &A) const;

  /// Whether S, each time it runs, gives Target a value not read from it: an assignment, a block
  /// holding one, an if whose branches both do (no loop: it may not run).
  bool assignsAnew(const Stmt *S, const Expr *Target) const;

  /// Whether X runs whenever its innermost loop's body (or the function's) does: no if, switch,
  /// ?:, && or || between them.
  bool unconditional(const Assignment &X) const;

  /// Whether E is a warp shuffle (a callee named __shfl*_sync, or cooperative groups' shfl*) of
  /// Target's value.
  bool shuffles(const Expr *E, const Expr *Target) const;

  /// Whether LV is local storage that the loop around its assignment (L, the innermost) carries
  /// from one iteration to the next: a local declared outside it, or an element or member of one
  /// that its iterations write again (`hist[b]++`, `st.count += 1.0f`). An element each iteration
  /// writes once (`h[i] += b[i]`) is carried by a loop further out that writes it again and does
  /// not refill it (`for (it...) for (j...) x[j] += v[j];`), not by one that does (a layer's
  /// scratch, `h[i] = 0` or a call given `h` before the sum). A count (Counting: `c[j] += 1.0f`)
  /// is carried by any loop around it that writes it again.
  bool carriedLocal(const Expr *LV, int L, bool Counting) const;

  /// Whether LV names a whole variable or a member of one (not an element) that is carried: a global
  /// or static, or a member of `this`, from one call to the next; a local declared outside loop L
  /// (the innermost around its assignment), from one iteration to the next.
  bool carriedVariable(const Expr *LV, int L) const;

  /// Whether loop L gives the local array V values not read from it: an assignment to it that does
  /// not read the element's old value, or a call given it.
  bool refilledIn(const VarDecl *V, int L) const;

  /// Whether S calls a function given the buffer V (`fill(h, s)`, `memset(h + 1, ...)`), not a
  /// value read from it (`printf("%f", x[0])`).
  static bool givenToCall(const Stmt *S, const VarDecl *V);

  /// A fold's lambda runs once per element (its loop, TraverseLambdaExpr): its returned sum is a
  /// reduction where a term varies with the element.
  void fold(const FoldSteps &F);
  /// The call operator Op of a function object a caller folds a range with: its returned steps
  /// into its first parameter accumulate, and a product of the element (its second) is a term's.
  void foldedByCaller(const FunctionDecl &Op);

  void reduction(const std::vector<SumStep> &Steps, int L, const Chain &C);
  /// Steps of a sum over loop L into Target: a reduction, or an elimination where a term reads
  /// Target's own buffer (`a[r][j] -= f * a[c][j]` of Gauss-Jordan, LU's `a[i][j] -= a[i][k] *
  /// a[k][j]`, a triangular solve's `x[i] -= l[i][j] * x[j]`): each sum takes in what others left
  /// before it, so the sweep is state updated in place, not a product of two tensors.
  void sumOrElimination(const std::vector<SumStep> &Steps, const Expr *Target, int L, const Chain &C);
  /// Whether Added reads state that the sum replaces: the elements of a buffer into which the
  /// function copies the sum's stored elements (Written), by a product whose other factors stay put
  /// in the loops around both the sum and the copy (`xp[i] += F[i][k] * x[k]; ... x[i] = xp[i]`).
  bool propagatesState(const Expr *Added, llvm::ArrayRef<const Expr *> Written, const Chain &C) const;
  /// Whether Value is the sum Local holds combined by arithmetic (`s / a[i][i]`, `x[i] + w * (b[i] -
  /// s)`), directly or through locals given once: what a call computes from it (a Runge-Kutta
  /// stage's `k[3] = f(t + h, y3)`, an SGD step's `sigmoid(f)`) is another quantity.
  bool storesSum(const Expr *Value, const VarDecl *Local) const;

  void reduction(const Stmt *Reducer, const Expr *Added, int L, const Chain &C);

  /// Whether the storage LV designates outlives the function: reached through a pointer or a
  /// reference, or a variable of static storage.
  bool outlivesFunction(const Expr *LV) const;

  /// Whether E reads, directly or through the locals it reads, the element at Target's index of a
  /// buffer Near accepts for Target's, or one beside it (a stencil's neighbours).
  bool readsNear(const Stmt *E, const Expr *Target,
                 llvm::function_ref<bool(const ElementPath &Written, const ElementPath &Read)> Near) const;
  /// readsNear a buffer exchanged with Target's.
  bool readsExchanged(const Stmt *E, const Expr *Target) const;
  /// readsNear Target's own buffer (of the same object, for a member's): an in-place sweep
  /// (Gauss-Seidel's `u[i] = 0.5f * (u[i - 1] + u[i + 1] + h2 * f[i])`), repeated (sweptAgain),
  /// carries the values it reads as an update does.
  bool readsBeside(const Stmt *E, const Expr *Target) const;
  /// Whether Read is an element of Written's buffer: the same variable's, or a member's of the same
  /// object (`dst->px` is not `src->px`).
  bool sameBuffer(const ElementPath &Written, const ElementPath &Read) const;
  /// Whether E reads, directly or through the locals it reads, an element of Target's own buffer
  /// (sameBuffer; not a part of it at another fixed offset, an arena's
  /// `c = mem + 2 * n * n` beside `a = mem`, whose offsets the loops around C do not change);
  /// SameSlice: one in Target's slice, its leading indices Target's or ranging with the sum's loop
  /// L (all of a vector's elements; the rows of a matrix the sum runs over), not another fixed
  /// row, as a network's layers `act[l + 1]` computed from `act[l]` are.
  bool readsOwnBuffer(const Stmt *E, const Expr *Target, int L, const Chain &C, bool SameSlice) const;
  /// Whether E reads the element of Target's buffer that the previous iteration of loop L wrote:
  /// Target's place one step back, against L's direction (an IIR filter's `y[i] = a * y[i - 1] +
  /// b * x[i]`, Thomas's back substitution `x[i] = d[i] - c[i] * x[i + 1]` counting down): a
  /// recurrence through the array, whose values each iteration carries to the next.
  bool readsPrevious(const Stmt *E, const Expr *Target, int L) const;
  /// Whether the term Added of a sum over loop L into Written eliminates: both factors of its
  /// product read Written's buffer (LU's `a[i][k] * a[k][j]`), or a term reads it in Written's
  /// slice (a triangular solve's `l[i][j] * x[j]` into x[i]).
  bool eliminates(const Expr *Added, const Expr *Written, int L, const Chain &C) const;

  /// Whether Index is At, or At plus or minus a constant or a stride the function does not change
  /// (`u[i - 1]`, `u[idx + nx]`), not a loop's counter (`in[i + j]`, a convolution's window).
  bool atOrBeside(const Expr *Index, const Expr *At) const { return atOrBeside(Index, nullptr, At, nullptr); }
  /// The same, each index with a row pointer's offset added where not null (ElementPath::RowOffset).
  bool atOrBeside(const Expr *Index, const Expr *IndexRow, const Expr *At, const Expr *AtRow) const;
  /// elementPathOf E, through a row pointer the function gives once (`const float *above = u +
  /// (j - 1) * nx; above[i]` is u's element at (j - 1) * nx + i).
  std::optional<ElementPath> pathThroughRows(const Expr *E) const;

  /// A local's sum steps outside the loops that sum into it (a block reduction's first pairwise
  /// add `s += in[i + n]` before its loop, its last shared-memory step after it): accumulates too.
  void stepsBesideLoops();
  /// The terms an atomicAdd adds to its sum, as those of `s += ...` in a loop: the + between them
  /// accumulates, a square is a square_sum, a product of two tensors' elements a dot_mul.
  void atomicSum(const Expr *Added);
  /// The new value of an atomicCAS loop, the CUDA Programming Guide's atomic read-modify-write
  /// (`atomicCAS(a, old, __double_as_longlong(v + __longlong_as_double(old)))`): its operation on
  /// the value in memory, reinterpreted from the compared bits, is the update; a + or - a sum
  /// into memory, as atomicAdd's. Null where the call is no such loop's.
  const Expr *casCombination(const CallExpr &Call) const;
  /// An in-place std::transform's lambda (SumSteps.h): a returned value that combines the element
  /// it overwrites with the other range's is that element's update.
  void transformedInPlace(const InPlaceTransform &T);

  /// Whether A's target is a delay element of a recurrence: read before A, in its loop's body (or
  /// the function's), its old value used before A gives it the next, which depends on other
  /// floats the function writes (a filter's state: `y = b0 * x + f->z1; f->z1 = b1 * x - a1 * y +
  /// f->z2; f->z2 = b2 * x - a2 * y;`).
  bool isDelayElement(const Assignment &A) const;

  /// The function's plain assignments, indexed once: their left sides, by the storage they
  /// write, and the element copies among them (`s[l] = u[i]`) by the buffer copied into.
  struct AssignmentIndex {
    std::set<const Expr *> Stored;
    std::multimap<const ValueDecl *, const BinaryOperator *> ByRoot;
    struct Copy {
      ElementPath To, From;
      const Assignment *By;
    };
    std::multimap<const ValueDecl *, Copy> Copies;
  };
  const AssignmentIndex &assignmentIndex() const;
  mutable std::optional<AssignmentIndex> Indexed;

  /// Whether E reads Target, directly or through the locals it reads.
  bool readsOld(const Stmt *E, const Expr *Target) const;

  /// Whether E has a subexpression Is accepts, itself or in the initialisers of the locals it reads.
  bool readsWhere(const Stmt *E, llvm::function_ref<bool(const Expr *)> Is) const;

  /// Names every operator of the update, and of the initialisers of the locals it reads that
  /// read the old value themselves (llm.c's `float v = b2 * v_mem[i] + ...; v_mem[i] = v;`).
  void update(const Stmt *S, const Expr *Target);

  /// The variable a pointer expression points into (see Reductions::tensorOf).
  std::string pointerRoot(const Expr *P) const;

  /// A standard container's tensor is its elements' array: the key is its data pointer, spelled
  /// from the variable (or `this`) it is reached from through members (`l.w.data()`,
  /// `this->w.data()`), or empty.
  std::string containerKey(const Expr *Object) const;

  // ---- guards (Guards.h), unless the add has a role already (an update's) ----
  void guard(const Expr *G);

  /// V's name where it names V anywhere in the function, or empty.
  std::string uniqueName(const VarDecl *V) const;

  ASTContext &Ctx;
  const Stmt *Body = nullptr; ///< the function's
  Exchanges Exchanged; ///< ExchangedBuffers.h
  std::vector<Loop> Loops;
  std::vector<int> Stack;
  std::vector<std::pair<int, const Stmt *>> InductionOf;
  std::map<const VarDecl *, int> DeclLoop;
  std::set<const VarDecl *> Modified, Updated;
  /// Variables the function may change through another name: their address taken, a reference
  /// bound to them or to part of them (`Buf *p = &out;`, `Buf &r = out;`).
  std::set<const VarDecl *> Aliased;
  llvm::DenseMap<const VarDecl *, unsigned> Uses; ///< how many times the function names each variable
  std::set<const CallExpr *> UpdateCalls; ///< updateCalls()
  std::set<const CallExpr *> IteratedMapCalls; ///< iteratedMapCalls()
  std::vector<FoldSteps> Folds;
  /// CUDA's atomicAdd of a float (`atomicAdd(sum, d * d)`): each thread adds its value to one sum.
  std::vector<const CallExpr *> AtomicSums;
  std::vector<const Expr *> CasCombinations; ///< casCombination of each atomicCAS
  std::vector<InPlaceTransform> Transforms;  ///< std::transforms writing back into an input
  mutable std::set<const VarDecl *> Visiting;
  std::map<llvm::StringRef, unsigned> NameCount;
  std::vector<Assignment> Assignments;
  std::vector<std::pair<const CXXOperatorCallExpr *, int>> StructStores; ///< class assignments, `a = b`, and their loops
  mutable std::map<const VarDecl *, bool> LoadedLocal; ///< loadedIndex's answers for locals assigned later
  mutable std::map<std::pair<const VarDecl *, int>, bool> Refilled; ///< refilledIn's answers
  std::vector<std::pair<const UnaryOperator *, int>> Counts; ///< float ++ and --, and their loops
  std::vector<const Expr *> Guarded; ///< divisors, and what square roots and logarithms take
  std::map<const Stmt *, Idiom> Roles;
};

} // namespace autoscale::find

#endif
