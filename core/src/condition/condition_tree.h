#pragma once

#include "condition/value_order.h"
#include "condition/value_path.h"

#include <kvs/value.h>

#include <QRegularExpression>

#include <cstdint>
#include <memory>
#include <vector>

// The parsed form of a condition (kvs/condition.h), private to the core: built once by the
// parser, then only read (by any number of threads at once).
namespace kvs::detail {

// The left side of a comparison: a path, or what kind() or length() says of one.
struct Operand
{
    enum class Kind : std::uint8_t { Path, KindOf, LengthOf };

    Kind kind = Kind::Path;
    ValuePath path;
};

struct ConditionNode
{
    enum class Type : std::uint8_t { And, Or, Not, Compare, Exists, Contains, Matches };

    Type type = Type::Compare;
    std::vector<std::unique_ptr<ConditionNode>> children; // And, Or: two or more; Not: one
    Operand operand;                 // Compare; Exists, Contains, Matches use operand.path
    CompareOp op = CompareOp::Equal; // Compare: operand op literal
    Value literal;                   // Compare, Contains
    QRegularExpression regex;        // Matches: compiled and optimized by the parser
};

} // namespace kvs::detail
