#include "watch/watch_tab.h"

#include "watch/watch_controller.h"
#include "watch/watch_pane.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

namespace kvs::ui {

WatchTab::WatchTab(QWidget *parent)
    : QWidget(parent)
    , m_controller(new WatchController(this))
    , m_panes(new QTabWidget(this))
    , m_newPane(new QPushButton(tr("New pane"), this))
    , m_limit(new QSpinBox(this))
{
    m_panes->setObjectName(QStringLiteral("watchPanes"));
    m_panes->setTabsClosable(true);
    m_panes->setMovable(true);
    m_panes->setDocumentMode(true);
    m_newPane->setObjectName(QStringLiteral("newWatchPane"));
    m_newPane->setToolTip(tr("Another pane with keys and a history of its own (the database is "
                             "still probed once for all panes)"));
    m_limit->setRange(1, 100000);
    m_limit->setValue(m_controller->prefixLimit());
    m_limit->setToolTip(tr("The most keys a watched prefix may hold, in every pane"));

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_newPane);
    bar->addStretch(1);
    bar->addWidget(new QLabel(tr("Limit per prefix:"), this));
    bar->addWidget(m_limit);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_panes, 1);

    connect(m_newPane, &QPushButton::clicked, this, [this] { newPane(); });
    connect(m_panes, &QTabWidget::tabCloseRequested, this, &WatchTab::closePane);
    connect(m_limit, &QSpinBox::valueChanged, m_controller, &WatchController::setPrefixLimit);
    connect(m_controller, &WatchController::prefixLimitChanged, m_limit, &QSpinBox::setValue);
    newPane();
}

void WatchTab::setSource(FeedSource source)
{
    m_controller->setSource(std::move(source));
}

int WatchTab::paneCount() const
{
    return m_panes->count();
}

WatchPane *WatchTab::pane(int index) const
{
    return qobject_cast<WatchPane *>(m_panes->widget(index));
}

WatchPane *WatchTab::currentPane() const
{
    return qobject_cast<WatchPane *>(m_panes->currentWidget());
}

WatchPane *WatchTab::newPane()
{
    auto *pane = new WatchPane(m_controller, m_panes);
    const int index = m_panes->addTab(pane, pane->title());
    connect(pane, &WatchPane::titleChanged, this, [this, pane](const QString &title) {
        const int at = m_panes->indexOf(pane);
        m_panes->setTabText(at, title);
        m_panes->setTabToolTip(at, title);
    });
    m_panes->setCurrentIndex(index);
    pane->keyEdit()->setFocus();
    return pane;
}

void WatchTab::closePane(int index)
{
    WatchPane *closing = pane(index);
    if (!closing)
        return;
    m_panes->removeTab(index);
    delete closing; // its targets leave the feed now
    if (m_panes->count() == 0)
        newPane();
}

} // namespace kvs::ui
