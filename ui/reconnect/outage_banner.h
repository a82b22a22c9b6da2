#pragma once

#include "reconnect/reconnect_monitor.h"

#include <QPointer>
#include <QTimer>
#include <QWidget>

#include <cstdint>
#include <vector>

class QAbstractItemView;
class QLabel;
class QPushButton;

namespace kvs::ui {

// The strip a view shows while its tab's database cannot be reached (ReconnectMonitor offline):
// since when, the time of the view's last good read (what it shows is as of then), when the
// next try comes, and "Retry now". The item views it was given keep their rows, greyed, until
// the database is back; then the strip says so for kBackNoteMs (on the monitor's clock) and
// goes. Hidden while the tab is online. Thread rule: GUI thread only.
class OutageBanner : public QWidget
{
    Q_OBJECT

public:
    static constexpr std::int64_t kBackNoteMs = 4000;

    // monitor: not owned; it outlives the banner (the tab's session holds it).
    explicit OutageBanner(ReconnectMonitor *monitor, QWidget *parent = nullptr);
    ~OutageBanner() override;

    // Greys, while offline, the rows of every item view in area (area itself, if it is one),
    // found when the outage starts. Not owned; it may go first.
    void addStaleArea(QWidget *area);
    // The view read the database successfully now: its rows are as of now.
    void noteRead();
    std::int64_t lastReadMs() const { return m_lastRead; }

    // The text shown, or empty while hidden (isHidden: tests look at unshown windows).
    QString message() const;
    QPushButton *retryButton() const { return m_retry; }
    // Whether the given view is shown greyed now.
    bool isStale(const QAbstractItemView *view) const;

private:
    void refreshText();
    void setStale(bool stale);
    QString timeText(std::int64_t ms) const;

    QPointer<ReconnectMonitor> m_monitor; // Not owned.
    QLabel *m_text;                       // Owned.
    QPushButton *m_retry;                 // Owned.
    ClockTimer *m_backNote;               // Owned (child): hides "connected again".
    QTimer m_countdown;                   // repaints "in N s" while offline
    std::vector<QPointer<QWidget>> m_areas;
    std::vector<QPointer<QWidget>> m_greyed; // viewports with our effect
    std::int64_t m_lastRead = 0; // clock ms; 0: none noted (the tab's last good read counts)
    bool m_stale = false;
};

} // namespace kvs::ui
