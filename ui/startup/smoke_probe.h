#pragma once

#include <QElapsedTimer>
#include <QObject>

class QWidget;

namespace kvs::ui {

// kvs-admin --smoke: quits the application with exit code 0 once window has painted for the
// first time, and with 1 if that has not happened within timeoutMs. Prints the time from
// construction to the first paint on stderr ("kvs-admin: first paint after N ms").
// Thread rule: GUI thread only.
class SmokeProbe : public QObject
{
    Q_OBJECT

public:
    // window: watched until the probe is destroyed. Not owned.
    explicit SmokeProbe(QWidget *window, int timeoutMs = 60000, QObject *parent = nullptr);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *m_window; // Not owned.
    QElapsedTimer m_clock;
    bool m_painted = false;
};

} // namespace kvs::ui
