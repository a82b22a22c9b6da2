#include "connection/connection_test_status.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QVBoxLayout>

namespace kvs::ui {

ConnectionTestStatus::ConnectionTestStatus(QWidget *parent)
    : QWidget(parent)
    , m_busy(new QProgressBar(this))
    , m_summary(new QLabel(this))
    , m_detail(new QLabel(this))
{
    m_busy->setObjectName(QStringLiteral("testBusyIndicator"));
    m_busy->setRange(0, 0); // Busy: no percentage.
    m_busy->setTextVisible(false);
    m_busy->setFixedSize(64, 12);
    m_busy->hide();
    m_summary->setObjectName(QStringLiteral("testResultLabel"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setObjectName(QStringLiteral("testDetailLabel"));
    m_detail->setWordWrap(true);
    m_detail->setTextFormat(Qt::PlainText);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setStyleSheet(UiPalette::of(m_detail).textStyle(UiPalette::Role::Muted));
    QFont small = m_detail->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_detail->setFont(small);
    m_detail->hide();

    // Room for a summary that wraps and the detail line, so a result never gets clipped and
    // the dialog does not jump when one arrives.
    setMinimumHeight(4 * fontMetrics().lineSpacing());

    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_busy, 0, Qt::AlignVCenter);
    top->addWidget(m_summary, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addWidget(m_detail);
    layout->addStretch(1); // Text at the top, level with the Test button.
}

void ConnectionTestStatus::showBusy(const QString &text)
{
    m_busy->show();
    m_summary->setStyleSheet(QString());
    m_summary->setText(text);
    m_detail->clear();
    m_detail->hide();
}

void ConnectionTestStatus::showResult(const ConnectionTestResult &result)
{
    m_busy->hide();
    setSummaryRole(result.ok ? UiPalette::Role::Success : UiPalette::Role::Error);
    m_summary->setText((result.ok ? QStringLiteral("✔ ") : QStringLiteral("✖ "))
                       + result.summary());
    m_detail->setText(result.detail);
    m_detail->setVisible(!result.detail.isEmpty());
}

void ConnectionTestStatus::showProblem(const QString &text)
{
    m_busy->hide();
    setSummaryRole(UiPalette::Role::Error);
    m_summary->setText(QStringLiteral("✖ ") + text);
    m_detail->clear();
    m_detail->hide();
}

void ConnectionTestStatus::setSummaryRole(UiPalette::Role role)
{
    m_summary->setStyleSheet(
        QStringLiteral("%1 font-weight: 600;").arg(UiPalette::of(m_summary).textStyle(role)));
}

void ConnectionTestStatus::clear()
{
    m_busy->hide();
    m_summary->clear();
    m_detail->clear();
    m_detail->hide();
}

QString ConnectionTestStatus::text() const
{
    if (m_detail->text().isEmpty())
        return m_summary->text();
    return m_summary->text() + QLatin1Char('\n') + m_detail->text();
}

} // namespace kvs::ui
