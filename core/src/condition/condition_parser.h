#pragma once

#include "condition/condition_tree.h"

#include <memory>
#include <string_view>

namespace kvs::detail {

// The deepest nesting of parentheses and '!' a condition may have: the parser and the
// evaluator recurse once per level, so a hostile condition gets an error, not a stack overflow.
inline constexpr int kMaxConditionDepth = 256;

// Parses a condition (kvs/condition.h: grammar and errors). Throws LiteralSyntaxError.
[[nodiscard]] std::unique_ptr<ConditionNode> parseCondition(std::string_view text);

} // namespace kvs::detail
