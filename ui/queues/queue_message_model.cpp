#include "queues/queue_message_model.h"

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

QString timeText(std::int64_t ms)
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms), QLocale::ShortFormat);
}

} // namespace

BrowsedMessage BrowsedMessage::of(QueuePeekMessage message)
{
    BrowsedMessage browsed;
    static_cast<QueuePeekMessage &>(browsed) = std::move(message);
    return browsed;
}

BrowsedMessage BrowsedMessage::of(QueueDeadMessage message)
{
    BrowsedMessage browsed;
    browsed.id = message.id;
    browsed.topic = std::move(message.topic);
    browsed.payload = std::move(message.payload);
    browsed.enqueuedAt = message.enqueuedAt;
    browsed.deliverAt = message.deliverAt;
    browsed.attempts = message.attempts;
    browsed.maxAttempts = message.maxAttempts;
    browsed.lastError = std::move(message.lastError);
    browsed.failedAt = message.failedAt;
    return browsed;
}

QueueDeadMessage BrowsedMessage::forFilter() const
{
    QueueDeadMessage message;
    message.id = id;
    message.payload = payload;
    message.enqueuedAt = enqueuedAt;
    message.deliverAt = deliverAt;
    message.attempts = attempts;
    message.maxAttempts = maxAttempts;
    message.lastError = lastError;
    message.failedAt = failedAt.value_or(0);
    return message;
}

QueueMessageModel::QueueMessageModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void QueueMessageModel::clear()
{
    beginResetModel();
    m_messages.clear();
    endResetModel();
}

void QueueMessageModel::appendPage(std::vector<BrowsedMessage> messages)
{
    if (messages.empty())
        return;
    const int first = int(m_messages.size());
    beginInsertRows({}, first, first + int(messages.size()) - 1);
    std::move(messages.begin(), messages.end(), std::back_inserter(m_messages));
    endInsertRows();
}

void QueueMessageModel::removeIds(const std::vector<double> &ids)
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

const BrowsedMessage *QueueMessageModel::messageAt(int row) const
{
    return row >= 0 && row < int(m_messages.size()) ? &m_messages[std::size_t(row)] : nullptr;
}

int QueueMessageModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_messages.size());
}

int QueueMessageModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant QueueMessageModel::data(const QModelIndex &index, int role) const
{
    const BrowsedMessage *m = index.isValid() ? messageAt(index.row()) : nullptr;
    if (!m)
        return {};
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        const bool tip = role == Qt::ToolTipRole;
        switch (index.column()) {
        case Id:
            return QString::number(m->id);
        case Enqueued:
            return timeText(m->enqueuedAt);
        case Due:
            return timeText(m->deliverAt);
        case LeaseExpiry:
            return m->lockedUntil ? timeText(*m->lockedUntil) : QString();
        case Failed:
            return m->failedAt ? timeText(*m->failedAt) : QString();
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

QVariant QueueMessageModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id:
        return tr("Id");
    case Enqueued:
        return tr("Enqueued");
    case Due:
        return tr("Due");
    case LeaseExpiry:
        return tr("Lease expiry");
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
