#pragma once

#include "support/test_paths.h"

#include <kvs/bigint.h>
#include <kvs/key.h>

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QTest>

#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>

// Reading tests/data/kvs-vectors.json (keys and values computed in JavaScript, bytes as hex) for
// the codec and literal tests. The file is read at run time, so a new vector is a new test row.
namespace kvs::test {

// qFatal is not [[noreturn]] in Qt 6.4.
[[noreturn]] inline void vectorsBroken(const char *what)
{
    qFatal("kvs-vectors.json: %s", what);
    std::abort();
}

inline const QJsonObject &vectors()
{
    static const QJsonObject root = [] {
        QFile file(kvs::test::fromTest(KVS_TEST_DATA_DIR "/kvs-vectors.json"));
        if (!file.open(QIODevice::ReadOnly))
            vectorsBroken(qPrintable(QStringLiteral("cannot open ") + file.fileName()));
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
        if (error.error != QJsonParseError::NoError)
            vectorsBroken(qPrintable(error.errorString()));
        return document.object();
    }();
    return root;
}

inline QJsonArray vectorArray(const char *name)
{
    const QJsonArray array = vectors().value(QLatin1String(name)).toArray();
    if (array.isEmpty())
        vectorsBroken(name);
    return array;
}

inline std::string utf8(const QString &s)
{
    const QByteArray bytes = s.toUtf8();
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

inline std::string fromHex(const QString &hex)
{
    const QByteArray bytes = QByteArray::fromHex(hex.toLatin1());
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

inline QString toHex(std::string_view bytes)
{
    const QByteArray raw(bytes.data(), static_cast<qsizetype>(bytes.size()));
    return QString::fromLatin1(raw.toHex());
}

// A key part as the vectors spell it: {"string": s}, {"number": n or "-0", "NaN", "Infinity",
// "-Infinity"}, {"bigint": "decimal"}, {"boolean": b} or {"bytes": "hex"}.
inline KeyPart keyPartFromJson(const QJsonObject &part)
{
    if (part.contains(QLatin1String("string")))
        return KeyPart(utf8(part.value(QLatin1String("string")).toString()));
    if (part.contains(QLatin1String("number"))) {
        const QJsonValue n = part.value(QLatin1String("number"));
        if (n.isDouble())
            return KeyPart(n.toDouble());
        const QString word = n.toString();
        if (word == QLatin1String("-0"))
            return KeyPart(-0.0);
        if (word == QLatin1String("NaN"))
            return KeyPart(std::numeric_limits<double>::quiet_NaN());
        if (word == QLatin1String("Infinity"))
            return KeyPart(std::numeric_limits<double>::infinity());
        if (word == QLatin1String("-Infinity"))
            return KeyPart(-std::numeric_limits<double>::infinity());
        vectorsBroken("unknown number spelling");
    }
    if (part.contains(QLatin1String("bigint"))) {
        const auto b = BigInt::fromDecimal(utf8(part.value(QLatin1String("bigint")).toString()));
        if (!b)
            vectorsBroken("bad bigint");
        return KeyPart(*b);
    }
    if (part.contains(QLatin1String("boolean")))
        return KeyPart(part.value(QLatin1String("boolean")).toBool());
    if (part.contains(QLatin1String("bytes")))
        return KeyPart(Bytes{fromHex(part.value(QLatin1String("bytes")).toString())});
    vectorsBroken("unknown key part");
}

inline Key keyFromJson(const QJsonArray &parts)
{
    Key key;
    for (const QJsonValue &part : parts)
        key.push_back(keyPartFromJson(part.toObject()));
    return key;
}

} // namespace kvs::test
