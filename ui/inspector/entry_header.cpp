#include "inspector/entry_header.h"

#include "common/value_column_text.h"
#include "inspector/expiry_choice.h"
#include "theme/ui_palette.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace kvs::ui {

namespace {

QLabel *makeLabel(const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText); // Keys and values are never markup.
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

EntryHeader::EntryHeader(QWidget *parent)
    : QWidget(parent)
{
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_key = makeLabel(QStringLiteral("keyLiteral"), this);
    QFont keyFont = fixed;
    keyFont.setPointSizeF(fixed.pointSizeF() * 1.2);
    keyFont.setBold(true);
    m_key->setFont(keyFont);
    m_key->setWordWrap(true);
    m_keyHex = makeLabel(QStringLiteral("keyHex"), this);
    m_keyHex->setFont(fixed);
    m_keyHex->setWordWrap(true);
    m_keyHex->setStyleSheet(UiPalette::of(m_keyHex).textStyle(UiPalette::Role::Muted));
    m_facts = makeLabel(QStringLiteral("entryFacts"), this);
    m_expiry = makeLabel(QStringLiteral("expiry"), this);
    m_expired = makeLabel(QStringLiteral("expiredMark"), this);
    m_expired->setText(tr("Expired, not yet cleaned"));
    m_expired->setStyleSheet(
        QStringLiteral("QLabel { %1 padding: 1px 6px; font-weight: 600; }")
            .arg(UiPalette::of(m_expired).bannerStyle(UiPalette::Tone::Error)));
    m_expired->hide();

    auto *expiryRow = new QHBoxLayout;
    expiryRow->setContentsMargins(0, 0, 0, 0);
    expiryRow->addWidget(m_expiry);
    expiryRow->addWidget(m_expired);
    expiryRow->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);
    layout->addWidget(m_key);
    layout->addWidget(m_keyHex);
    layout->addWidget(m_facts);
    layout->addLayout(expiryRow);

    m_tick.setInterval(1000);
    connect(&m_tick, &ClockTimer::timeout, this, &EntryHeader::updateExpiry);
    showEntry(std::nullopt);
}

QString EntryHeader::kindName(const InspectedEntry &entry)
{
    if (!entry.value)
        return tr("undecodable value");
    switch (entry.value->type()) {
    case Value::Type::Undefined:
        return tr("undefined");
    case Value::Type::Null:
        return tr("null");
    case Value::Type::Boolean:
        return tr("boolean");
    case Value::Type::Number:
        return tr("number");
    case Value::Type::String:
        return tr("string");
    case Value::Type::BigInt:
        return tr("bigint");
    case Value::Type::Bytes:
        return tr("Uint8Array");
    case Value::Type::Date:
        return tr("Date");
    case Value::Type::Array:
        return tr("array");
    case Value::Type::Object:
        return tr("object");
    case Value::Type::Map:
        return tr("Map");
    case Value::Type::Set:
        return tr("Set");
    }
    return {};
}

QString EntryHeader::sizeText(qint64 bytes)
{
    return valueSizeText(bytes);
}

void EntryHeader::showEntry(const std::optional<InspectedEntry> &entry, bool prefixOnly)
{
    m_tick.stop();
    m_expiresAt.reset();
    m_expiredWhenRead = false;
    setVisible(entry.has_value());
    if (!entry)
        return;
    if (entry->key) {
        m_key->setText(entry->keyLiteral);
        m_key->setToolTip({});
    } else {
        m_key->setText(tr("Key does not decode"));
        m_key->setToolTip(entry->keyError);
    }
    m_keyHex->setText(tr("Encoded key: %1").arg(entry->keyHex));
    if (!entry->found) {
        m_facts->setText(prefixOnly ? tr("No value at this key: it is the prefix of the keys "
                                         "below it.")
                                    : tr("No entry at this key: it was deleted or never existed."));
        m_expiry->clear();
        m_expired->hide();
        return;
    }
    m_facts->setText(tr("%1 · %2 · version %3")
                         .arg(kindName(*entry),
                              sizeText(static_cast<qint64>(entry->rawValue->size())),
                              QString::number(entry->version)));
    m_expiresAt = entry->expiresAt;
    m_expiredWhenRead = entry->expired;
    updateExpiry();
    if (m_expiresAt && !m_expiredWhenRead)
        m_tick.start();
}

void EntryHeader::setClock(std::shared_ptr<Clock> clock)
{
    m_clock = clock ? clock : systemClock();
    m_tick.setClock(std::move(clock));
    if (m_expiresAt)
        updateExpiry(); // the time left on the new clock
}

void EntryHeader::updateExpiry()
{
    if (!m_expiresAt) {
        m_expiry->setText(tr("No expiry"));
        m_expired->hide();
        return;
    }
    // In the UI language's form (QLocale's default follows it), to the second, with the zone.
    const QLocale locale;
    const QString at = locale.toString(QDateTime::fromMSecsSinceEpoch(*m_expiresAt).toLocalTime(),
                                       locale.dateFormat(QLocale::ShortFormat) + QLatin1Char(' ')
                                           + locale.timeFormat(QLocale::LongFormat));
    const qint64 remaining = *m_expiresAt - m_clock->now();
    if (m_expiredWhenRead || remaining <= 0) {
        m_expiry->setText(tr("Expired at %1").arg(at));
        m_expired->setVisible(true);
        m_tick.stop();
        return;
    }
    m_expiry->setText(tr("Expires at %1 (in %2)").arg(at, formatRemaining(remaining)));
    m_expired->hide();
}

} // namespace kvs::ui
