//===- Edit.h - one text edit of a file, and how nested edits order ----------===//
#ifndef AUTOSCALE_TOOL_EMIT_EDIT_H
#define AUTOSCALE_TOOL_EMIT_EDIT_H

#include <string>

namespace autoscale::emit {

/// One text edit of a file. Rewrites of nested operations meet at the same offsets, so an edit
/// also says where it sits among the edits at its offset: closing text first (innermost
/// expression first), then opening text (outermost first), then the replacement of the token
/// that starts there.
struct Edit {
  enum Phase { Close = 0, Open = 1, Replace = 2 };
  unsigned Offset = 0;
  unsigned Length = 0; ///< bytes replaced; 0 for an insertion
  std::string Text;
  Phase Where = Open;
  unsigned Span = 0; ///< length of the expression an Open/Close edit wraps
  int Layer = 0;     ///< among equal spans: 0 wraps an operand, 1 is the operation's call

  /// The order of edits at one offset (see above).
  bool operator<(const Edit &B) const;
};

/// Sorts before every edit that wraps an expression: the file's prelude and step insertions.
inline constexpr unsigned Outermost = ~0u;

} // namespace autoscale::emit

#endif
