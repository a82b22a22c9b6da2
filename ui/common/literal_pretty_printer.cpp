#include "common/literal_pretty_printer.h"

#include <kvs/literal_tokens.h>
#include <kvs/value_codec.h>

#include <limits>

namespace kvs::ui {

namespace {

// Dates read better as ISO 8601 than as milliseconds, and read back the same.
constexpr LiteralStyle kStyle{.isoDates = true};
constexpr std::size_t kBytesPerLine = 16;
constexpr std::size_t kUnbounded = std::numeric_limits<std::size_t>::max();

// The largest prefix of text no longer than size that ends on a UTF-8 character boundary.
std::string_view utf8Prefix(std::string_view text, std::size_t size)
{
    if (size >= text.size())
        return text;
    while (size > 0 && (static_cast<unsigned char>(text[size]) & 0xC0) == 0x80)
        --size;
    return text.substr(0, size);
}

// Lays out core's token stream (kvs/literal_tokens.h): a line per item at each Item mark,
// indented by the containers open, except for what fits on one line.
class PrettyWriter
{
public:
    explicit PrettyWriter(const PrettyPrintOptions &options)
        : m_options(options)
    {}

    PrettyText print(const Value &value) &&
    {
        LiteralTokenStream tokens(value, kStyle);
        LiteralToken token;
        while (tokens.next(token)) {
            if (full()) {
                m_truncated = true; // Stopped with tokens left: work is bounded by maxBytes.
                break;
            }
            write(token, tokens);
        }
        if (m_out.size() > m_options.maxBytes) {
            m_out.resize(utf8Prefix(m_out, m_options.maxBytes).size());
            m_truncated = true;
        }
        return PrettyText{std::move(m_out), m_truncated};
    }

private:
    bool full() const { return m_out.size() >= m_options.maxBytes; }
    std::size_t budget() const { return full() ? 0 : m_options.maxBytes - m_out.size(); }

    void newline()
    {
        m_out += '\n';
        m_out.append(m_level * static_cast<std::size_t>(m_options.indent), ' ');
    }

    void write(const LiteralToken &token, LiteralTokenStream &tokens)
    {
        switch (token.kind) {
        case LiteralTokenKind::Begin:
            // A Map entry stays on its item's line; its key and value may still open lines.
            if (token.container == LiteralContainer::MapEntry)
                return;
            if (writeOnOneLine(token)) {
                tokens.skipContainer();
                return;
            }
            ++m_level;
            return;
        case LiteralTokenKind::Item:
            if (token.container == LiteralContainer::MapEntry) {
                if (token.count > 0)
                    m_out += ' ';
            } else if (token.container == LiteralContainer::Bytes
                       && token.count % kBytesPerLine != 0) {
                m_out += ' ';
            } else {
                newline();
            }
            return;
        case LiteralTokenKind::End:
            if (token.container != LiteralContainer::MapEntry) {
                --m_level;
                newline();
            }
            return;
        case LiteralTokenKind::String:
        case LiteralTokenKind::MemberName: {
            // Only the part that can be shown is escaped: a 20 MB string costs its first part.
            const std::string_view shown = utf8Prefix(token.text, budget());
            appendJsonString(shown, m_out);
            if (shown.size() < token.text.size()) {
                m_out.pop_back(); // The closing quote: the string goes on.
                m_truncated = true;
            }
            return;
        }
        default:
            appendLiteralText(token, m_out);
            return;
        }
    }

    // Writes the container that begin opens on one line when it is empty, a Uint8Array of at
    // most a line of bytes, or holds only scalars within inlineWidth bytes ([1, 2, 3]).
    bool writeOnOneLine(const LiteralToken &begin)
    {
        if (m_options.breakOutermost && m_level == 0 && begin.count > 0
            && begin.container != LiteralContainer::Bytes)
            return false;
        std::size_t width = kUnbounded; // Empty, or bytes: short by construction.
        if (begin.count > 0 && begin.container == LiteralContainer::Bytes) {
            if (begin.count > kBytesPerLine)
                return false;
        } else if (begin.count > 0) {
            if (begin.count > m_options.inlineWidth / 2)
                return false;
            width = m_options.inlineWidth;
        }
        m_line.clear();
        if (!appendOneLine(*begin.value, width, m_line))
            return false;
        m_out += m_line;
        return true;
    }

    // Appends value's one-line form to line, or returns false as soon as it holds a container
    // (a Map's entries aside) or grows beyond width.
    static bool appendOneLine(const Value &value, std::size_t width, std::string &line)
    {
        LiteralTokenStream tokens(value, kStyle);
        LiteralToken token;
        bool opened = false;
        while (tokens.next(token)) {
            switch (token.kind) {
            case LiteralTokenKind::Begin:
                if (opened && token.container != LiteralContainer::MapEntry)
                    return false;
                opened = true;
                break;
            case LiteralTokenKind::Item:
                if (token.count > 0)
                    line += ' ';
                break;
            default:
                if (token.text.size() > width) // Not worth escaping a long string to know.
                    return false;
                appendLiteralText(token, line);
                break;
            }
            if (line.size() > width)
                return false;
        }
        return true;
    }

    const PrettyPrintOptions &m_options;
    std::string m_out;
    std::string m_line; // One container's one-line form, while trying it.
    std::size_t m_level = 0;
    bool m_truncated = false;
};

} // namespace

PrettyText prettyPrintLiteral(const Value &value, const PrettyPrintOptions &options)
{
    return PrettyWriter(options).print(value);
}

} // namespace kvs::ui
