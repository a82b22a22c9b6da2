#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class QMainWindow;
class QTabWidget;
class QTimer;

namespace kvs::ui {

class DatabaseView;

// Writes the session (the window's geometry and its tabs, each with its view, tree and
// splitters: SessionState) to its file whenever it changes, a moment after the change so that a
// burst of changes writes once, and at once when the window closes, so that a crash or a kill -9
// loses at most that moment. Thread rule: GUI thread only.
class SessionRecorder : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDelayMs = 300;

    using Databases = std::function<QList<DatabaseView *>()>;
    using Current = std::function<DatabaseView *()>;

    // Records window's geometry and the tabs databases() lists (those of the first window, then
    // of the windows detached from it; other tabs, such as "Connecting…", are not listed), with
    // current() as the current one, into the file at path. window must outlive the recorder
    // (it is window's child).
    SessionRecorder(QMainWindow *window, Databases databases, Current current, QString path);

    // Follows tabs' order and current tab (the first window's, and each detached window's).
    void watchTabs(QTabWidget *tabs);
    // Follows view's changes (its current view, tree selection and expansion, splitters).
    void watch(DatabaseView *view);
    // Writes soon (a tab opened, closed or moved).
    void schedule();
    // Writes now and stops: the window is closing, and its tabs going away is not the user's
    // session changing.
    void finish();
    // Stops without writing (tests; --new-session leaves the last session's file as it was
    // until something changes).
    void setEnabled(bool enabled) { m_enabled = enabled; }
    // The last write's error, empty when it succeeded.
    QString lastError() const { return m_lastError; }

signals:
    // The file was written (tests wait for it).
    void written();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void writeNow();

    QMainWindow *m_window; // Not owned.
    Databases m_databases;
    Current m_current;
    QString m_path;
    QTimer *m_timer; // Owned (child).
    QString m_lastError;
    bool m_enabled = true;
    bool m_finished = false;
};

} // namespace kvs::ui
