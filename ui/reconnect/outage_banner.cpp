#include "reconnect/outage_banner.h"

#include "theme/ui_palette.h"

#include <QAbstractItemView>
#include <QDateTime>
#include <QGraphicsOpacityEffect>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include <algorithm>

namespace kvs::ui {

namespace {

// How faint stale rows are: still readable, plainly not current.
constexpr qreal kStaleOpacity = 0.45;

} // namespace

OutageBanner::OutageBanner(ReconnectMonitor *monitor, QWidget *parent)
    : QWidget(parent)
    , m_monitor(monitor)
    , m_text(new QLabel(this))
    , m_retry(new QPushButton(tr("Retry now"), this))
    , m_backNote(new ClockTimer(monitor->clock(), this))
{
    setObjectName(QStringLiteral("outageBanner"));
    setAttribute(Qt::WA_StyledBackground, true);
    setStyleSheet(QStringLiteral("#outageBanner { %1 }")
                      .arg(UiPalette::of(this).bannerStyle(UiPalette::Tone::Warning)));
    m_text->setObjectName(QStringLiteral("outageText"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_retry->setObjectName(QStringLiteral("outageRetry"));
    m_retry->setToolTip(tr("Try to reach the database now instead of at the next try"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_retry);
    m_countdown.setInterval(1000);
    connect(&m_countdown, &QTimer::timeout, this, &OutageBanner::refreshText);
    connect(m_retry, &QPushButton::clicked, monitor, &ReconnectMonitor::retryNow);
    connect(monitor, &ReconnectMonitor::stateChanged, this, &OutageBanner::refreshText);
    connect(monitor, &ReconnectMonitor::offlineUpdated, this, &OutageBanner::refreshText);
    connect(monitor, &ReconnectMonitor::recovered, this, [this] {
        setStale(false);
        m_countdown.stop();
        m_backNote->setClock(m_monitor->clock());
        m_text->setText(tr("Connected again at %1.").arg(timeText(m_monitor->clock()->now())));
        m_retry->hide();
        show();
        m_backNote->start(std::chrono::milliseconds(kBackNoteMs));
    });
    connect(m_backNote, &ClockTimer::timeout, this, [this] {
        if (m_monitor && !m_monitor->isOffline())
            hide();
    });
    hide();
}

OutageBanner::~OutageBanner()
{
    setStale(false);
}

void OutageBanner::addStaleArea(QWidget *area)
{
    m_areas.emplace_back(area);
    if (m_stale) {
        m_stale = false;
        setStale(true);
    }
}

void OutageBanner::noteRead()
{
    if (m_monitor && !m_monitor->isOffline())
        m_lastRead = m_monitor->clock()->now();
}

QString OutageBanner::message() const
{
    return isHidden() ? QString() : m_text->text();
}

bool OutageBanner::isStale(const QAbstractItemView *view) const
{
    if (!m_stale || !view)
        return false;
    for (const QPointer<QWidget> &viewport : m_greyed) {
        if (viewport == view->viewport())
            return true;
    }
    return false;
}

QString OutageBanner::timeText(std::int64_t ms) const
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("HH:mm:ss"));
}

void OutageBanner::refreshText()
{
    if (!m_monitor)
        return;
    if (!m_monitor->isOffline()) {
        // Online, or the first check after a loss (nothing to show yet): a "connected again"
        // note stays until its time is up.
        if (!m_backNote->isActive())
            hide();
        return;
    }
    m_backNote->stop();
    setStale(true);
    if (!m_countdown.isActive())
        m_countdown.start();
    const std::int64_t read = m_lastRead > 0 ? m_lastRead : m_monitor->lastGoodReadMs();
    QString text
        = tr("The database cannot be reached since %1.").arg(timeText(m_monitor->offlineSinceMs()));
    if (read > 0)
        text += QLatin1Char(' ') + tr("Showing what was read as of %1.").arg(timeText(read));
    const std::int64_t next = m_monitor->nextCheckMs();
    if (next > 0) {
        const auto seconds = static_cast<int>(
            (std::max<std::int64_t>(next - m_monitor->clock()->now(), 0) + 999) / 1000);
        text += QLatin1Char(' ')
                + tr("Next try at %1 (in %Ln s).", nullptr, seconds).arg(timeText(next));
    } else {
        text += QLatin1Char(' ') + tr("Trying now…");
    }
    m_text->setText(text);
    m_text->setToolTip(m_monitor->lossMessage());
    m_retry->show();
    show();
}

void OutageBanner::setStale(bool stale)
{
    if (m_stale == stale)
        return;
    m_stale = stale;
    for (const QPointer<QWidget> &viewport : m_greyed) {
        if (viewport)
            viewport->setGraphicsEffect(nullptr); // deletes ours
    }
    m_greyed.clear();
    if (!stale)
        return;
    for (const QPointer<QWidget> &area : m_areas) {
        if (!area)
            continue;
        QList<QAbstractItemView *> views = area->findChildren<QAbstractItemView *>();
        if (auto *self = qobject_cast<QAbstractItemView *>(area.data()))
            views.prepend(self);
        for (QAbstractItemView *view : views) {
            QWidget *viewport = view->viewport();
            if (viewport->graphicsEffect())
                continue; // one of its own, or ours already
            auto *effect = new QGraphicsOpacityEffect(viewport);
            effect->setOpacity(kStaleOpacity);
            viewport->setGraphicsEffect(effect); // takes it
            m_greyed.emplace_back(viewport);
        }
    }
}

} // namespace kvs::ui
