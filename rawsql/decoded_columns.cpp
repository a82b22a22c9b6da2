#include "rawsql/decoded_columns.h"

#include <kvs/errors.h>
#include <kvs/key.h>
#include <kvs/literal.h>
#include <kvs/value_codec.h>

namespace kvs::rawsql {
namespace {

QString decodedText(const QVariant &cell, ColumnMeaning meaning, int maxLength)
{
    if (cell.isNull())
        return {};
    const QByteArray bytes = cell.toByteArray();
    const std::string_view view(bytes.constData(), std::size_t(bytes.size()));
    QString text;
    try {
        text = QString::fromStdString(meaning == ColumnMeaning::EncodedKey
                                          ? printKeyLiteral(decodeKey(view))
                                          : printLiteral(decodeValue(view)));
    } catch (const Error &e) {
        return QString::fromStdString(e.what());
    }
    if (text.size() > maxLength)
        text = text.left(maxLength) + QChar(0x2026);
    return text;
}

} // namespace

QString decodedSuffix()
{
    return QStringLiteral(" (decoded)");
}

TablePage withDecodedColumns(TablePage page, const KvsTable &table, int maxLength)
{
    QList<int> sources; // page columns that get a decoded column after them
    QList<ColumnMeaning> meanings;
    QStringList columns;
    for (int i = 0; i < page.columns.size(); ++i) {
        columns << page.columns.at(i);
        const ColumnMeaning meaning = table.meaningOf(page.columns.at(i));
        if (meaning == ColumnMeaning::Plain)
            continue;
        sources << i;
        meanings << meaning;
        columns << page.columns.at(i) + decodedSuffix();
    }
    if (sources.isEmpty())
        return page;
    for (QVariantList &row : page.rows) {
        QVariantList out;
        out.reserve(columns.size());
        int next = 0;
        for (int i = 0; i < row.size(); ++i) {
            out << row.at(i);
            if (next < sources.size() && sources.at(next) == i) {
                out << decodedText(row.at(i), meanings.at(next), maxLength);
                ++next;
            }
        }
        row = std::move(out);
    }
    page.columns = columns;
    return page;
}

} // namespace kvs::rawsql
