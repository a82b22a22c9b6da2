#include "inspector/literal_pretty_printer.h"

#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QDateTime>

namespace kvs::ui {

namespace {

bool isContainer(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Array:
    case Value::Type::Object:
    case Value::Type::Map:
    case Value::Type::Set:
    case Value::Type::Bytes:
        return true;
    default:
        return false;
    }
}

std::size_t childCount(const Value &value)
{
    switch (value.type()) {
    case Value::Type::Array:
    case Value::Type::Set:
        return value.items().size();
    case Value::Type::Object:
        return value.members().size();
    case Value::Type::Map:
        return value.entries().size();
    case Value::Type::Bytes:
        return value.asBytes().data.size();
    default:
        return 0;
    }
}

// The largest prefix of text no longer than size that ends on a UTF-8 character boundary.
std::string_view utf8Prefix(std::string_view text, std::size_t size)
{
    if (size >= text.size())
        return text;
    while (size > 0 && (static_cast<unsigned char>(text[size]) & 0xC0) == 0x80)
        --size;
    return text.substr(0, size);
}

class Printer
{
public:
    explicit Printer(const PrettyPrintOptions &options)
        : m_options(options)
    {}

    PrettyText finish() &&
    {
        if (m_out.size() > m_options.maxBytes) {
            m_out.resize(utf8Prefix(m_out, m_options.maxBytes).size());
            m_truncated = true;
        }
        return PrettyText{std::move(m_out), m_truncated};
    }

    void print(const Value &value, int level)
    {
        if (stop())
            return;
        if (!isContainer(value)) {
            printScalar(value);
            return;
        }
        if (childCount(value) == 0) {
            printLiteral(value, m_out); // [], {}, new Map([])...
            return;
        }
        if (tryInline(value))
            return;
        switch (value.type()) {
        case Value::Type::Array:
            printItems(value.items(), "[", "]", level);
            break;
        case Value::Type::Set:
            printItems(value.items(), "new Set([", "])", level);
            break;
        case Value::Type::Object:
            printMembers(value.members(), level);
            break;
        case Value::Type::Map:
            printEntries(value.entries(), level);
            break;
        case Value::Type::Bytes:
            printBytes(value.asBytes().data, level);
            break;
        default:
            break;
        }
    }

private:
    bool full() const { return m_out.size() >= m_options.maxBytes; }
    // True (and the text marked truncated) when nothing more fits.
    bool stop()
    {
        m_truncated = m_truncated || full();
        return full();
    }
    std::size_t budget() const { return full() ? 0 : m_options.maxBytes - m_out.size(); }

    void newline(int level)
    {
        m_out += '\n';
        m_out.append(static_cast<std::size_t>(level * m_options.indent), ' ');
    }

    void printScalar(const Value &value)
    {
        if (value.type() != Value::Type::String) {
            appendScalar(value, m_out);
            return;
        }
        // Only the part that can be shown is escaped: a 20 MB string costs its first part.
        const std::string &text = value.asString();
        const std::string_view shown = utf8Prefix(text, budget());
        appendJsonString(shown, m_out);
        if (shown.size() < text.size()) {
            m_out.pop_back(); // The closing quote: the string goes on.
            m_truncated = true;
        }
    }

    // A scalar in full; valid Dates of years 0..9999 as new Date("ISO 8601 Z").
    static void appendScalar(const Value &value, std::string &out)
    {
        if (value.type() == Value::Type::Date && value.asDate().isValid()) {
            const QDateTime time
                = QDateTime::fromMSecsSinceEpoch(static_cast<qint64>(value.asDate().ms), Qt::UTC);
            if (time.date().year() >= 0 && time.date().year() <= 9999) {
                out += "new Date(\"";
                out += time.toString(Qt::ISODateWithMs).toStdString();
                out += "\")";
                return;
            }
        }
        printLiteral(value, out);
    }

    // The one-line form of a container of scalars (ISO dates included).
    static void appendInline(const Value &value, std::string &out)
    {
        const auto items = [&out](const Value::Items &list) {
            for (std::size_t i = 0; i < list.size(); ++i) {
                if (i > 0)
                    out += ", ";
                appendScalar(list[i], out);
            }
        };
        switch (value.type()) {
        case Value::Type::Array:
            out += '[';
            items(value.items());
            out += ']';
            return;
        case Value::Type::Set:
            out += "new Set([";
            items(value.items());
            out += "])";
            return;
        case Value::Type::Object: {
            out += '{';
            bool first = true;
            for (const auto &[name, member] : value.members()) {
                if (!first)
                    out += ", ";
                first = false;
                appendJsonString(name, out);
                out += ": ";
                appendScalar(member, out);
            }
            out += '}';
            return;
        }
        case Value::Type::Map: {
            out += "new Map([";
            bool first = true;
            for (const auto &[key, entry] : value.entries()) {
                if (!first)
                    out += ", ";
                first = false;
                out += '[';
                appendScalar(key, out);
                out += ", ";
                appendScalar(entry, out);
                out += ']';
            }
            out += "])";
            return;
        }
        default:
            appendScalar(value, out);
            return;
        }
    }

    // Writes value on one line when it holds only short scalars and fits inlineWidth.
    bool tryInline(const Value &value)
    {
        if (value.type() == Value::Type::Bytes) {
            if (value.asBytes().data.size() > 16)
                return false;
            printLiteral(value, m_out);
            return true;
        }
        if (childCount(value) > m_options.inlineWidth / 2)
            return false;
        std::string line;
        const auto fits = [&](const Value &child) {
            if (isContainer(child))
                return false;
            if (child.type() == Value::Type::String
                && child.asString().size() > m_options.inlineWidth)
                return false;
            return true;
        };
        switch (value.type()) {
        case Value::Type::Array:
        case Value::Type::Set:
            for (const Value &item : value.items()) {
                if (!fits(item))
                    return false;
            }
            break;
        case Value::Type::Object:
            for (const auto &[name, member] : value.members()) {
                if (!fits(member) || name.size() > m_options.inlineWidth)
                    return false;
            }
            break;
        case Value::Type::Map:
            for (const auto &[key, entry] : value.entries()) {
                if (!fits(key) || !fits(entry))
                    return false;
            }
            break;
        default:
            return false;
        }
        appendInline(value, line);
        if (line.size() > m_options.inlineWidth)
            return false;
        m_out += line;
        return true;
    }

    void printItems(const Value::Items &items, const char *open, const char *close, int level)
    {
        m_out += open;
        bool first = true;
        for (const Value &item : items) {
            if (stop())
                return;
            if (!first)
                m_out += ',';
            first = false;
            newline(level + 1);
            print(item, level + 1);
        }
        newline(level);
        m_out += close;
    }

    void printMembers(const Value::Members &members, int level)
    {
        m_out += '{';
        bool first = true;
        for (const auto &[name, member] : members) {
            if (stop())
                return;
            if (!first)
                m_out += ',';
            first = false;
            newline(level + 1);
            appendJsonString(utf8Prefix(name, budget()), m_out);
            m_out += ": ";
            print(member, level + 1);
        }
        newline(level);
        m_out += '}';
    }

    void printEntries(const Value::Entries &entries, int level)
    {
        m_out += "new Map([";
        bool first = true;
        for (const auto &[key, entry] : entries) {
            if (stop())
                return;
            if (!first)
                m_out += ',';
            first = false;
            newline(level + 1);
            m_out += '[';
            print(key, level + 1);
            m_out += ", ";
            print(entry, level + 1);
            m_out += ']';
        }
        newline(level);
        m_out += "])";
    }

    void printBytes(const std::string &bytes, int level)
    {
        m_out += "new Uint8Array([";
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            if (i % 16 == 0) {
                if (stop())
                    return;
                if (i > 0)
                    m_out += ',';
                newline(level + 1);
            } else {
                m_out += ", ";
            }
            m_out += std::to_string(static_cast<unsigned char>(bytes[i]));
        }
        newline(level);
        m_out += "])";
    }

    const PrettyPrintOptions &m_options;
    std::string m_out;
    bool m_truncated = false;
};

} // namespace

PrettyText prettyPrintLiteral(const Value &value, const PrettyPrintOptions &options)
{
    Printer printer(options);
    printer.print(value, 0);
    return std::move(printer).finish();
}

} // namespace kvs::ui
