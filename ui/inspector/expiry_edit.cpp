#include "inspector/expiry_edit.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>

#include <array>

namespace kvs::ui {

namespace {

constexpr std::array<double, 4> kUnitMs{1000.0, 60'000.0, 3'600'000.0, 86'400'000.0};

} // namespace

ExpiryEdit::ExpiryEdit(bool offerKeep, QWidget *parent)
    : QWidget(parent)
    , m_offerKeep(offerKeep)
{
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("expiryMode"));
    if (offerKeep)
        m_mode->addItem(tr("Keep the current expiry"), int(ExpiryChoice::Mode::Keep));
    m_mode->addItem(tr("No expiry"), int(ExpiryChoice::Mode::Clear));
    m_mode->addItem(tr("Expire in"), int(ExpiryChoice::Mode::Set));

    m_amount = new QDoubleSpinBox(this);
    m_amount->setObjectName(QStringLiteral("expiryAmount"));
    m_amount->setRange(0, 1e9);
    m_amount->setDecimals(1);
    m_amount->setValue(60);

    m_unit = new QComboBox(this);
    m_unit->setObjectName(QStringLiteral("expiryUnit"));
    m_unit->addItems({tr("seconds"), tr("minutes"), tr("hours"), tr("days")});

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_mode);
    layout->addWidget(m_amount);
    layout->addWidget(m_unit);
    layout->addStretch(1);

    connect(m_mode, &QComboBox::currentIndexChanged, this, &ExpiryEdit::updateEnabled);
    updateEnabled();
}

ExpiryChoice ExpiryEdit::choice() const
{
    const auto mode = static_cast<ExpiryChoice::Mode>(m_mode->currentData().toInt());
    if (mode != ExpiryChoice::Mode::Set)
        return ExpiryChoice{mode, 0};
    return ExpiryChoice::in(m_amount->value() * kUnitMs[std::size_t(m_unit->currentIndex())]);
}

void ExpiryEdit::setChoice(const ExpiryChoice &choice)
{
    ExpiryChoice::Mode mode = choice.mode;
    if (mode == ExpiryChoice::Mode::Keep && !m_offerKeep)
        mode = ExpiryChoice::Mode::Clear;
    m_mode->setCurrentIndex(m_mode->findData(int(mode)));
    if (mode == ExpiryChoice::Mode::Set) {
        int unit = 0;
        for (int i = int(kUnitMs.size()) - 1; i > 0; --i) {
            const double amount = choice.ttlMs / kUnitMs[std::size_t(i)];
            if (amount >= 1 && amount == static_cast<double>(static_cast<long long>(amount))) {
                unit = i;
                break;
            }
        }
        m_unit->setCurrentIndex(unit);
        m_amount->setValue(choice.ttlMs / kUnitMs[std::size_t(unit)]);
    }
    updateEnabled();
}

void ExpiryEdit::updateEnabled()
{
    const bool set = m_mode->currentData().toInt() == int(ExpiryChoice::Mode::Set);
    m_amount->setEnabled(set);
    m_unit->setEnabled(set);
}

} // namespace kvs::ui
