#include <kvs/literal.h>
#include <kvs/literal_tokens.h>

namespace kvs {

namespace {

// The one-line form: the tokens' text, with a space after each separating comma.
void appendOneLine(LiteralTokenStream &tokens, std::string &out)
{
    LiteralToken token;
    while (tokens.next(token)) {
        if (token.kind == LiteralTokenKind::Item) {
            if (token.count > 0)
                out += ' ';
        } else {
            appendLiteralText(token, out);
        }
    }
}

} // namespace

void printLiteral(const Value &value, std::string &out)
{
    LiteralTokenStream tokens(value);
    appendOneLine(tokens, out);
}

std::string printLiteral(const Value &value)
{
    std::string out;
    printLiteral(value, out);
    return out;
}

std::string printKeyLiteral(const Key &key)
{
    // The key's own stream rather than keyToValue, which would copy every part.
    std::string out;
    LiteralTokenStream tokens(key);
    appendOneLine(tokens, out);
    return out;
}

} // namespace kvs
