//===- YamlReader.h - reading a YAML map against a schema, errors positioned -===//
//
// The generic half of the rules parser (RuleSetParser.cpp, KernelsParser.cpp): yaml-cpp's nodes
// read as maps of known keys, scalars, names, enums and numbers, each problem recorded as
// "line:col: message" and the walk going on, so that a user sees every error in one run.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_RULESET_YAMLREADER_H
#define AUTOSCALE_TOOL_RULESET_YAMLREADER_H

#include "ruleset/Vocabulary.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace autoscale::rules {

struct Position {
  unsigned Line = 1, Column = 1; // 1-based
};

inline Position positionOf(const YAML::Mark &M) {
  if (M.is_null())
    return {};
  return {static_cast<unsigned>(M.line) + 1, static_cast<unsigned>(M.column) + 1};
}

inline llvm::StringRef kindName(const YAML::Node &N) {
  switch (N.Type()) {
  case YAML::NodeType::Map:
    return "a map";
  case YAML::NodeType::Sequence:
    return "a list";
  case YAML::NodeType::Scalar:
    return "a scalar";
  default:
    return "empty";
  }
}

template <typename Names> std::string joinNames(const Names &List) {
  std::string Out;
  for (const auto &N : List) {
    if (!Out.empty())
      Out += ", ";
    Out += llvm::StringRef(N).str();
  }
  return Out;
}

/// The closest candidate within a third of the word's length, for "did you mean".
template <typename Names>
std::optional<std::string> closest(llvm::StringRef Word, const Names &Candidates) {
  unsigned Limit = (Word.size() + 2) / 3;
  std::optional<std::string> Best;
  unsigned BestDistance = Limit + 1;
  for (const auto &C : Candidates) {
    unsigned D = Word.edit_distance(C, /*AllowReplacements=*/true, Limit + 1);
    if (D < BestDistance) {
      BestDistance = D;
      Best = llvm::StringRef(C).str();
    }
  }
  return Best;
}

/// One key of a mapping with its value.
struct Field {
  std::string Key;
  YAML::Node KeyNode, Value;
};

/// The checked keys of one mapping.
class Fields {
public:
  std::vector<Field> List;
  const Field *get(llvm::StringRef Key) const {
    for (const Field &F : List)
      if (F.Key == Key)
        return &F;
    return nullptr;
  }
};

/// Reads nodes, collecting every problem in Errors.
class YamlReader {
public:
  std::vector<std::pair<Position, std::string>> Errors;

  void report(Position Where, const llvm::Twine &Message) {
    Errors.emplace_back(Where, Message.str());
  }
  void error(const YAML::Node &At, const llvm::Twine &Message) {
    report(positionOf(At.Mark()), Message);
  }

  bool expectKind(const YAML::Node &N, YAML::NodeType::value Kind, llvm::StringRef What,
                  llvm::StringRef KindText) {
    if (N.Type() == Kind)
      return true;
    error(N, "'" + What + "' must be " + KindText + ", not " + kindName(N));
    return false;
  }

  /// A mapping's fields; unknown and repeated keys are reported and dropped.
  template <typename Names>
  std::optional<Fields> readMap(const YAML::Node &N, llvm::StringRef What, const Names &Allowed) {
    if (!expectKind(N, YAML::NodeType::Map, What, "a map"))
      return std::nullopt;
    Fields Out;
    for (const auto &Entry : N) {
      YAML::Node K = Entry.first;
      if (!K.IsScalar()) {
        error(K, "keys of '" + What + "' must be scalars, not " + kindName(K));
        continue;
      }
      const std::string &Key = K.Scalar();
      if (!llvm::is_contained(Allowed, llvm::StringRef(Key))) {
        if (std::optional<std::string> Near = closest(Key, Allowed))
          error(K, "unknown key '" + Key + "' in '" + What + "'; did you mean '" + *Near + "'?");
        else
          error(K, "unknown key '" + Key + "' in '" + What +
                       "'; expected one of: " + joinNames(Allowed));
        continue;
      }
      if (const Field *Prev = Out.get(Key)) {
        error(K, "duplicate key '" + Key + "' (first given at line " +
                     llvm::Twine(positionOf(Prev->KeyNode.Mark()).Line) + ")");
        continue;
      }
      Out.List.push_back({Key, K, Entry.second});
    }
    return Out;
  }

  std::optional<std::string> readScalar(const Field &F) {
    if (F.Value.IsScalar())
      return F.Value.Scalar();
    // A key with nothing after it has no useful mark of its own; point at the key.
    if (F.Value.IsNull())
      error(F.KeyNode, "'" + F.Key + "' needs a value");
    else
      error(F.Value, "'" + F.Key + "' must be a scalar, not " + kindName(F.Value));
    return std::nullopt;
  }

  /// A scalar or a list of scalars, each with its node.
  std::vector<std::pair<std::string, YAML::Node>> readNames(const Field &F) {
    std::vector<std::pair<std::string, YAML::Node>> Out;
    if (F.Value.IsScalar()) {
      Out.emplace_back(F.Value.Scalar(), F.Value);
      return Out;
    }
    if (!F.Value.IsSequence()) {
      error(F.Value.IsNull() ? F.KeyNode : F.Value,
            "'" + F.Key + "' must be a name or a list of names, not " + kindName(F.Value));
      return Out;
    }
    for (const YAML::Node &Item : F.Value) {
      if (Item.IsScalar())
        Out.emplace_back(Item.Scalar(), Item);
      else
        error(Item, "items of '" + F.Key + "' must be names, not " + kindName(Item));
    }
    return Out;
  }

  template <typename E> std::optional<E> readEnum(const Field &F, llvm::ArrayRef<E> All) {
    std::optional<std::string> Text = readScalar(F);
    if (!Text)
      return std::nullopt;
    for (E Value : All)
      if (name(Value) == *Text)
        return Value;
    std::vector<llvm::StringRef> Names;
    for (E Value : All)
      Names.push_back(name(Value));
    error(F.Value, "invalid value '" + *Text + "' for '" + F.Key +
                       "'; expected one of: " + joinNames(Names));
    return std::nullopt;
  }

  std::optional<int> readInt(const Field &F, int Min, int Max) {
    std::optional<std::string> Text = readScalar(F);
    if (!Text)
      return std::nullopt;
    long long Value;
    if (llvm::StringRef(*Text).getAsInteger(10, Value)) {
      error(F.Value, "'" + F.Key + "' must be an integer, not '" + *Text + "'");
      return std::nullopt;
    }
    if (Value < Min || Value > Max) {
      error(F.Value, "'" + F.Key + "' must be between " + llvm::Twine(Min) + " and " +
                         llvm::Twine(Max) + ", not " + *Text);
      return std::nullopt;
    }
    return static_cast<int>(Value);
  }

  std::optional<bool> readBool(const Field &F) {
    std::optional<std::string> Text = readScalar(F);
    if (!Text)
      return std::nullopt;
    if (*Text == "true")
      return true;
    if (*Text == "false")
      return false;
    error(F.Value, "'" + F.Key + "' must be true or false, not '" + *Text + "'");
    return std::nullopt;
  }

  std::optional<float> readPositiveFloat(const Field &F) {
    std::optional<std::string> Text = readScalar(F);
    if (!Text)
      return std::nullopt;
    double Value;
    if (llvm::StringRef(*Text).getAsDouble(Value)) {
      error(F.Value, "'" + F.Key + "' must be a number, not '" + *Text + "'");
      return std::nullopt;
    }
    float AsFloat = static_cast<float>(Value);
    if (!(AsFloat > 0) || !std::isfinite(AsFloat)) {
      error(F.Value, "'" + F.Key + "' must be a positive, finite float32, not " + *Text);
      return std::nullopt;
    }
    return AsFloat;
  }
};

} // namespace autoscale::rules

#endif
