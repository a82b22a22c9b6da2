#include "queues/dead_letter_model.h"

#include <kvs/literal.h>

#include <QDateTime>
#include <QLocale>

#include <algorithm>
#include <unordered_set>

namespace kvs::ui {

namespace {

// Long payloads and errors are cut for the table; the whole text is in the tooltip.
constexpr int kCellChars = 200;

QString cut(const std::string &text)
{
    const QString whole = QString::fromStdString(text);
    return whole.size() > kCellChars ? whole.left(kCellChars) + QChar(0x2026) : whole;
}

} // namespace

DeadLetterModel::DeadLetterModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void DeadLetterModel::clear()
{
    beginResetModel();
    m_messages.clear();
    endResetModel();
}

void DeadLetterModel::appendPage(std::vector<QueueDeadMessage> messages)
{
    if (messages.empty())
        return;
    const int first = int(m_messages.size());
    beginInsertRows({}, first, first + int(messages.size()) - 1);
    std::move(messages.begin(), messages.end(), std::back_inserter(m_messages));
    endInsertRows();
}

void DeadLetterModel::removeIds(const std::vector<double> &ids)
{
    const std::unordered_set<std::int64_t> gone(ids.begin(), ids.end());
    for (int row = int(m_messages.size()) - 1; row >= 0; --row) {
        if (!gone.count(m_messages[std::size_t(row)].id))
            continue;
        beginRemoveRows({}, row, row);
        m_messages.erase(m_messages.begin() + row);
        endRemoveRows();
    }
}

const QueueDeadMessage *DeadLetterModel::messageAt(int row) const
{
    return row >= 0 && row < int(m_messages.size()) ? &m_messages[std::size_t(row)] : nullptr;
}

int DeadLetterModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_messages.size());
}

int DeadLetterModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DeadLetterModel::data(const QModelIndex &index, int role) const
{
    const QueueDeadMessage *m = index.isValid() ? messageAt(index.row()) : nullptr;
    if (!m)
        return {};
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        const bool tip = role == Qt::ToolTipRole;
        switch (index.column()) {
        case Id:
            return QString::number(m->id);
        case Failed:
            return QLocale().toString(QDateTime::fromMSecsSinceEpoch(m->failedAt),
                                      QLocale::ShortFormat);
        case Attempts:
            return tr("%1 / %2").arg(m->attempts).arg(m->maxAttempts);
        case LastError:
            if (!m->lastError)
                return tip ? QVariant() : QVariant(tr("(none)"));
            return tip ? QString::fromStdString(*m->lastError) : cut(*m->lastError);
        case Payload: {
            const std::string literal = printLiteral(m->payload);
            return tip ? QString::fromStdString(literal) : cut(literal);
        }
        default:
            return {};
        }
    }
    return {};
}

QVariant DeadLetterModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id:
        return tr("Id");
    case Failed:
        return tr("Failed");
    case Attempts:
        return tr("Attempts");
    case LastError:
        return tr("Last error");
    case Payload:
        return tr("Payload");
    default:
        return {};
    }
}

} // namespace kvs::ui
