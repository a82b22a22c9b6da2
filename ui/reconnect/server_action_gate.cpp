#include "reconnect/server_action_gate.h"

#include <QAction>
#include <QActionGroup>
#include <QDateTime>
#include <QEvent>
#include <QWidget>

#include <utility>

namespace kvs::ui {

ServerActionGate::ServerActionGate(ReconnectMonitor *monitor, QObject *parent)
    : QObject(parent)
    , m_monitor(monitor)
    , m_actions(new QActionGroup(this))
{
    m_actions->setExclusionPolicy(QActionGroup::ExclusionPolicy::None);
    connect(monitor, &ReconnectMonitor::stateChanged, this, [this](ReconnectMonitor::State state) {
        setClosed(state == ReconnectMonitor::State::Offline);
    });
}

ServerActionGate::~ServerActionGate()
{
    for (Item &item : m_items) {
        if (item.widget)
            item.widget->removeEventFilter(this);
    }
}

QString ServerActionGate::closedToolTip() const
{
    const std::int64_t since = m_monitor ? m_monitor->offlineSinceMs() : 0;
    return tr("Needs the database, which cannot be reached since %1; it is tried again by "
              "itself.")
        .arg(QDateTime::fromMSecsSinceEpoch(since).toString(QStringLiteral("HH:mm:ss")));
}

void ServerActionGate::add(QAction *action)
{
    // An action of another group keeps it (an action has one): it is switched directly.
    if (!action->actionGroup())
        m_actions->addAction(action);
    Item item;
    item.action = action;
    connect(action, &QAction::enabledChanged, this, [this, action](bool enabled) {
        Item *item = find(action);
        if (!item || m_changing || !m_closed || action->actionGroup() == m_actions)
            return;
        item->wanted = enabled; // the owner's wish, kept for later
        if (enabled) {
            m_changing = true;
            action->setEnabled(false);
            m_changing = false;
        }
    });
    m_items.push_back(std::move(item));
    if (m_closed)
        close(m_items.back());
}

void ServerActionGate::add(QWidget *widget)
{
    Item item;
    item.widget = widget;
    widget->installEventFilter(this);
    m_items.push_back(std::move(item));
    if (m_closed)
        close(m_items.back());
}

ServerActionGate::Item *ServerActionGate::find(QObject *object)
{
    for (Item &item : m_items) {
        if (item.action == object || item.widget == object)
            return &item;
    }
    return nullptr;
}

bool ServerActionGate::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::EnabledChange && m_closed && !m_changing) {
        auto *widget = qobject_cast<QWidget *>(watched);
        Item *item = widget ? find(widget) : nullptr;
        // Only the owner's own switch counts: a parent's does not set WA_ForceDisabled.
        if (item && widget->isEnabled()) {
            item->wanted = true;
            m_changing = true;
            widget->setEnabled(false);
            m_changing = false;
        } else if (item && !widget->testAttribute(Qt::WA_ForceDisabled)) {
            item->wanted = true; // disabled by its parent only
        }
    }
    return QObject::eventFilter(watched, event);
}

void ServerActionGate::setClosed(bool closed)
{
    if (closed == m_closed) {
        if (closed) { // the time in the tooltip may have changed
            for (Item &item : m_items)
                close(item);
        }
        return;
    }
    m_closed = closed;
    m_actions->setEnabled(!closed);
    for (Item &item : m_items) {
        if (closed)
            close(item);
        else
            open(item);
    }
}

void ServerActionGate::close(Item &item)
{
    const QString tip = closedToolTip();
    m_changing = true;
    if (item.action) {
        if (item.shownToolTip.isEmpty()) {
            item.wanted = item.action->isEnabled();
            item.toolTip = item.action->toolTip();
        }
        if (item.action->actionGroup() != m_actions)
            item.action->setEnabled(false);
        item.action->setToolTip(tip);
    } else if (item.widget) {
        if (item.shownToolTip.isEmpty()) {
            item.wanted = !item.widget->testAttribute(Qt::WA_ForceDisabled);
            item.toolTip = item.widget->toolTip();
        }
        item.widget->setEnabled(false);
        item.widget->setToolTip(tip);
    }
    item.shownToolTip = tip;
    m_changing = false;
}

void ServerActionGate::open(Item &item)
{
    m_changing = true;
    if (item.action) {
        if (item.action->actionGroup() != m_actions)
            item.action->setEnabled(item.wanted);
        if (item.action->toolTip() == item.shownToolTip) // the owner did not set another
            item.action->setToolTip(item.toolTip);
    } else if (item.widget) {
        item.widget->setEnabled(item.wanted);
        if (item.widget->toolTip() == item.shownToolTip)
            item.widget->setToolTip(item.toolTip);
    }
    item.shownToolTip.clear();
    m_changing = false;
}

} // namespace kvs::ui
