#include "atomic/transaction_script.h"

#include <kvs/literal.h>

#include <QStringList>

namespace kvs::ui {

namespace {

QString numberText(const QString &text)
{
    return QString::fromStdString(printLiteral(parseLiteral(text.trimmed().toStdString())));
}

QString keyText(const TransactionRow &row)
{
    return QString::fromStdString(printKeyLiteral(parseKeyLiteral(row.key.toStdString())));
}

QString valueText(const TransactionRow &row)
{
    return QString::fromStdString(printLiteral(parseLiteral(row.value.toStdString())));
}

// A JavaScript string literal: JSON's quoting is valid JavaScript.
QString stringText(const QString &text)
{
    return QString::fromStdString(printLiteral(Value(text.toStdString())));
}

QString callOf(const TransactionRow &row)
{
    switch (row.kind) {
    case TransactionRow::Kind::Check:
        return QStringLiteral(".check({ key: %1, version: %2 })")
            .arg(keyText(row),
                 row.version ? QString::number(*row.version) : QStringLiteral("null"));
    case TransactionRow::Kind::Set:
        if (row.ttl.trimmed().isEmpty())
            return QStringLiteral(".set(%1, %2)").arg(keyText(row), valueText(row));
        return QStringLiteral(".set(%1, %2, { ttl: %3 })")
            .arg(keyText(row), valueText(row), numberText(row.ttl));
    case TransactionRow::Kind::Delete:
        return QStringLiteral(".delete(%1)").arg(keyText(row));
    case TransactionRow::Kind::Sum:
        return QStringLiteral(".sum(%1, %2)").arg(keyText(row), numberText(row.delta));
    case TransactionRow::Kind::Enqueue: {
        QStringList options;
        if (!row.topic.isEmpty())
            options << QStringLiteral("topic: %1").arg(stringText(row.topic));
        if (!row.delay.trimmed().isEmpty())
            options << QStringLiteral("delay: %1").arg(numberText(row.delay));
        if (!row.maxAttempts.trimmed().isEmpty())
            options << QStringLiteral("maxAttempts: %1").arg(numberText(row.maxAttempts));
        if (options.isEmpty())
            return QStringLiteral(".enqueue(%1)").arg(valueText(row));
        return QStringLiteral(".enqueue(%1, { %2 })")
            .arg(valueText(row), options.join(QStringLiteral(", ")));
    }
    }
    return {};
}

} // namespace

QString transactionScript(const std::vector<TransactionRow> &rows)
{
    QString script = QStringLiteral("store.atomic()\n");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (const QString problem = problemOf(rows[i]); !problem.isEmpty()) {
            script += QStringLiteral("  // row %1: %2\n").arg(i + 1).arg(problem);
            continue;
        }
        script += QStringLiteral("  ") + callOf(rows[i]) + QLatin1Char('\n');
    }
    script += QStringLiteral("  .commit();\n");
    return script;
}

} // namespace kvs::ui
