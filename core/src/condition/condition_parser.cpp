#include "condition/condition_parser.h"

#include "condition/condition_lexer.h"

#include <kvs/condition.h>
#include <kvs/literal.h>

#include <array>
#include <utility>

namespace kvs::detail {

namespace {

constexpr std::string_view kCondition
    = "a condition (a comparison, exists(), contains(), matches(), '!' or '(')";
constexpr std::string_view kComparison = "==, !=, <, <=, > or >=";

struct RootName
{
    std::string_view name;
    PathRoot root;
};

constexpr std::array kRoots{
    RootName{"value", PathRoot::Value},
    RootName{"key", PathRoot::Key},
    RootName{"version", PathRoot::Version},
    RootName{"expiresAt", PathRoot::ExpiresAt},
    RootName{"size", PathRoot::Size},
};

// The names that begin a literal rather than a path or a function.
constexpr std::array<std::string_view, 7> kLiteralWords{
    "true", "false", "null", "undefined", "NaN", "Infinity", "new"};

constexpr std::array<Value::Type, 12> kKinds{Value::Type::Undefined,
                                             Value::Type::Null,
                                             Value::Type::Boolean,
                                             Value::Type::Number,
                                             Value::Type::String,
                                             Value::Type::BigInt,
                                             Value::Type::Bytes,
                                             Value::Type::Date,
                                             Value::Type::Array,
                                             Value::Type::Object,
                                             Value::Type::Map,
                                             Value::Type::Set};

template <std::size_t N>
bool isOneOf(std::string_view name, const std::array<std::string_view, N> &names)
{
    for (const std::string_view candidate : names) {
        if (candidate == name)
            return true;
    }
    return false;
}

std::optional<PathRoot> rootNamed(std::string_view name)
{
    for (const RootName &root : kRoots) {
        if (root.name == name)
            return root.root;
    }
    return std::nullopt;
}

CompareOp compareOpOf(ConditionToken token)
{
    switch (token) {
    case ConditionToken::NotEqual:
        return CompareOp::NotEqual;
    case ConditionToken::Less:
        return CompareOp::Less;
    case ConditionToken::LessEqual:
        return CompareOp::LessEqual;
    case ConditionToken::Greater:
        return CompareOp::Greater;
    case ConditionToken::GreaterEqual:
        return CompareOp::GreaterEqual;
    default:
        return CompareOp::Equal;
    }
}

std::string kindList()
{
    std::string list;
    for (const Value::Type type : kKinds) {
        list += list.empty() ? "" : ", ";
        list += conditionKindName(type);
    }
    return list;
}

// A recursive-descent parser over ConditionLexer; m_depth bounds the recursion.
class ConditionParser
{
public:
    explicit ConditionParser(std::string_view text)
        : m_lexer(text)
    {}

    std::unique_ptr<ConditionNode> parse()
    {
        if (m_lexer.atEnd())
            m_lexer.fail(kCondition);
        std::unique_ptr<ConditionNode> root = parseOr();
        if (!m_lexer.atEnd()) {
            if (m_lexer.peek() == ')')
                m_lexer.failAt(m_lexer.position(), "unmatched ')', expected && or || or the end");
            m_lexer.fail(m_lexer.atSingleEquals() ? "== (a single = compares nothing)"
                                                  : "&& or || or the end of the condition");
        }
        return root;
    }

private:
    using Node = std::unique_ptr<ConditionNode>;

    Node parseOr() { return parseChain(ConditionToken::Or, ConditionNode::Type::Or); }
    Node parseAnd() { return parseChain(ConditionToken::And, ConditionNode::Type::And); }

    // item { op item }, as one node with every item (a long chain costs no recursion).
    Node parseChain(ConditionToken op, ConditionNode::Type type)
    {
        Node first = type == ConditionNode::Type::Or ? parseAnd() : parseUnary();
        if (!m_lexer.consume(op))
            return first;
        auto chain = std::make_unique<ConditionNode>();
        chain->type = type;
        chain->children.push_back(std::move(first));
        do {
            chain->children.push_back(type == ConditionNode::Type::Or ? parseAnd() : parseUnary());
        } while (m_lexer.consume(op));
        return chain;
    }

    Node parseUnary()
    {
        const std::size_t at = m_lexer.position();
        if (m_lexer.consume(ConditionToken::Not)) {
            enter(at);
            auto node = std::make_unique<ConditionNode>();
            node->type = ConditionNode::Type::Not;
            node->children.push_back(parseUnary());
            --m_depth;
            return node;
        }
        if (m_lexer.consume(ConditionToken::Open)) {
            enter(at);
            Node inner = parseOr();
            if (!m_lexer.consume(ConditionToken::Close))
                m_lexer.fail("')' or && or ||");
            --m_depth;
            return inner;
        }
        return parseTest();
    }

    void enter(std::size_t at)
    {
        if (++m_depth > kMaxConditionDepth) {
            m_lexer.failAt(at,
                           "the condition nests deeper than " + std::to_string(kMaxConditionDepth)
                               + " levels of parentheses and '!'");
        }
    }

    Node parseTest()
    {
        if (m_lexer.atEnd())
            m_lexer.fail(kCondition);
        if (!m_lexer.atName())
            return parseLiteralFirst();
        const std::size_t at = m_lexer.position();
        const std::string_view name = m_lexer.name();
        if (isOneOf(name, kLiteralWords)) {
            m_lexer.seek(at);
            return parseLiteralFirst();
        }
        if (name == "exists" || name == "contains" || name == "matches")
            return parseFunction(name);
        if (name == "kind" || name == "length" || rootNamed(name)) {
            m_lexer.seek(at);
            auto node = std::make_unique<ConditionNode>();
            node->type = ConditionNode::Type::Compare;
            node->operand = parseOperand();
            const std::optional<ConditionToken> op = comparisonOperator();
            node->op = compareOpOf(*op);
            const std::size_t literalAt = m_lexer.position();
            node->literal = m_lexer.literal();
            checkKindName(*node, literalAt);
            return node;
        }
        m_lexer.failAt(at,
                       "unknown name '" + LiteralLexer::excerpt(name)
                           + "', expected a path (value, key, version, expiresAt, size), a "
                             "function (exists, contains, matches, kind, length) or a literal");
    }

    // LITERAL op operand, read as operand (swapped op) LITERAL.
    Node parseLiteralFirst()
    {
        auto node = std::make_unique<ConditionNode>();
        node->type = ConditionNode::Type::Compare;
        const std::size_t literalAt = m_lexer.position();
        node->literal = m_lexer.literal();
        node->op = swapped(compareOpOf(*comparisonOperator()));
        if (!m_lexer.atName())
            m_lexer.fail("a path (value, key, version, expiresAt, size), kind() or length()");
        node->operand = parseOperand();
        checkKindName(*node, literalAt);
        return node;
    }

    std::optional<ConditionToken> comparisonOperator()
    {
        const std::optional<ConditionToken> op = m_lexer.comparison();
        if (!op)
            m_lexer.fail(m_lexer.atSingleEquals() ? "== (a single = compares nothing)"
                                                  : kComparison);
        if (m_lexer.peek() == '=') {
            m_lexer.failAt(m_lexer.position() - 2,
                           "=== and !== are not operators here (== already compares 1 and 1n as "
                           "equal), expected "
                               + std::string(kComparison));
        }
        return op;
    }

    // kind(path) compares with one of the fixed kind names; anything else is a typo.
    void checkKindName(const ConditionNode &node, std::size_t literalAt)
    {
        if (node.operand.kind != Operand::Kind::KindOf)
            return;
        if (node.literal.type() != Value::Type::String)
            m_lexer.failAt(literalAt, "kind() compares with a string such as \"Date\"");
        for (const Value::Type type : kKinds) {
            if (node.literal.asString() == conditionKindName(type))
                return;
        }
        m_lexer.failAt(literalAt,
                       "unknown kind " + printLiteral(node.literal) + " (kinds are " + kindList()
                           + ")");
    }

    Operand parseOperand()
    {
        const std::size_t at = m_lexer.position();
        const std::string_view name = m_lexer.name();
        Operand operand;
        if (name == "kind" || name == "length") {
            operand.kind = name == "kind" ? Operand::Kind::KindOf : Operand::Kind::LengthOf;
            expectOpen(name);
            operand.path = parsePath();
            expectClose(name);
            return operand;
        }
        m_lexer.seek(at);
        operand.path = parsePath();
        return operand;
    }

    Node parseFunction(std::string_view name)
    {
        auto node = std::make_unique<ConditionNode>();
        node->type = name == "exists"     ? ConditionNode::Type::Exists
                     : name == "contains" ? ConditionNode::Type::Contains
                                          : ConditionNode::Type::Matches;
        expectOpen(name);
        node->operand.path = parsePath();
        if (node->type != ConditionNode::Type::Exists) {
            if (!m_lexer.consume(ConditionToken::Comma))
                m_lexer.fail("',' and a literal");
            const std::size_t literalAt = m_lexer.position();
            node->literal = m_lexer.literal();
            if (node->type == ConditionNode::Type::Matches)
                compilePattern(*node, literalAt);
        }
        expectClose(name);
        return node;
    }

    void compilePattern(ConditionNode &node, std::size_t literalAt)
    {
        if (node.literal.type() != Value::Type::String)
            m_lexer.failAt(literalAt, "matches() needs a regular expression as a string");
        node.regex = QRegularExpression(QString::fromStdString(node.literal.asString()));
        if (!node.regex.isValid()) {
            m_lexer.failAt(literalAt,
                           "invalid regular expression: " + node.regex.errorString().toStdString()
                               + " at offset " + std::to_string(node.regex.patternErrorOffset()));
        }
        // Compiled now: evaluation then only reads it, from any thread.
        node.regex.optimize();
    }

    void expectOpen(std::string_view function)
    {
        if (!m_lexer.consume(ConditionToken::Open))
            m_lexer.fail("'(' after " + std::string(function));
    }

    void expectClose(std::string_view function)
    {
        if (!m_lexer.consume(ConditionToken::Close))
            m_lexer.fail("')' to end " + std::string(function) + "()");
    }

    ValuePath parsePath()
    {
        const std::size_t at = m_lexer.position();
        const std::optional<PathRoot> root = rootNamed(m_lexer.name());
        if (!root)
            m_lexer.failAt(at, "expected a path (value, key, version, expiresAt, size)");
        ValuePath path;
        path.root = *root;
        for (;;) {
            if (m_lexer.consume(ConditionToken::Dot)) {
                path.steps.push_back(PathStep::member(memberName()));
            } else if (m_lexer.consume(ConditionToken::OpenBracket)) {
                path.steps.push_back(PathStep::at(m_lexer.literal()));
                if (!m_lexer.consume(ConditionToken::CloseBracket))
                    m_lexer.fail("']'");
            } else {
                return path;
            }
        }
    }

    // After '.': a name (reserved words too, as in JavaScript) or an index (items.0).
    std::string memberName()
    {
        if (m_lexer.atName())
            return std::string(m_lexer.name());
        const std::string_view digits = m_lexer.digits();
        if (digits.empty())
            m_lexer.fail("a member name or an index after '.'");
        return std::string(digits);
    }

    ConditionLexer m_lexer;
    int m_depth = 0;
};

} // namespace

std::unique_ptr<ConditionNode> parseCondition(std::string_view text)
{
    return ConditionParser(text).parse();
}

} // namespace kvs::detail
