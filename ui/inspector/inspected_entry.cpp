#include "inspector/inspected_entry.h"

#include "common/literal_pretty_printer.h"

#include <kvs/literal.h>
#include <kvs/value_codec.h>

#include <QByteArray>

#include <exception>

namespace kvs::ui {

InspectedEntry inspectEntry(const std::string &encodedKey,
                            std::optional<RawEntry> raw,
                            const InspectLimits &limits)
{
    InspectedEntry entry;
    entry.encodedKey = encodedKey;
    entry.keyHex = QString::fromLatin1(
        QByteArray(encodedKey.data(), static_cast<qsizetype>(encodedKey.size())).toHex());
    entry.keyCursor = QString::fromStdString(encodeCursor(encodedKey));
    try {
        entry.key = decodeKey(encodedKey);
        entry.keyLiteral = QString::fromStdString(printKeyLiteral(*entry.key));
    } catch (const std::exception &e) {
        entry.keyError = QString::fromStdString(e.what());
    }
    if (!raw) {
        entry.rawValue = std::make_shared<const std::string>();
        return entry;
    }
    entry.found = true;
    entry.version = raw->version;
    entry.expiresAt = raw->expiresAt;
    entry.expired = raw->expired;
    entry.rawValue = std::make_shared<const std::string>(std::move(raw->value));
    try {
        auto value = std::make_shared<const Value>(decodeValue(*entry.rawValue));
        PrettyPrintOptions options;
        options.maxBytes = limits.maxTextBytes;
        PrettyText pretty = prettyPrintLiteral(*value, options);
        entry.truncated = pretty.truncated;
        entry.prettyText = QString::fromStdString(pretty.text);
        entry.editable
            = entry.key && !pretty.truncated && pretty.text.size() <= limits.maxEditBytes;
        entry.value = std::move(value);
    } catch (const std::exception &e) {
        entry.valueError = QString::fromStdString(e.what());
    }
    return entry;
}

} // namespace kvs::ui
