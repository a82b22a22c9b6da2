#pragma once

#include <QList>
#include <QStringList>
#include <QVariant>

class QIODevice;

namespace kvs::rawsql {

// CSV lines as RFC 4180 writes them: comma-separated, CRLF line ends, a field with a comma,
// quote or line break quoted with its quotes doubled; UTF-8; bytes as hex; NULL as an empty
// field. Each write returns false when out cannot be written.
bool writeCsvHeader(QIODevice &out, const QStringList &columns);
bool writeCsvRows(QIODevice &out, const QList<QVariantList> &rows);

} // namespace kvs::rawsql
