#pragma once

#include "common/batch_progress.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

class QAction;
class QWidget;

namespace kvs::ui {

class DatabaseSession;

// File ▸ Back Up… of a database tab: a consistent copy of the tab's database to a new file
// (kvs/backup.h: a SQLite file from one snapshot, PostgreSQL through pg_dump), made on a worker
// thread while a progress dialog offers Cancel. Reads only, so it is offered on read-only tabs
// too. GUI thread only; the worker sees copies of what it needs and two atomics.
class DatabaseBackup : public QObject
{
    Q_OBJECT

public:
    // session: the tab's (not owned; it outlives this object). dialogParent: where dialogs show.
    DatabaseBackup(DatabaseSession *session, QWidget *dialogParent);
    ~DatabaseBackup() override;

    QAction *action() const { return m_action; }
    bool running() const { return m_state != nullptr; }
    // Starts a backup to path (a new file). Returns at once; finished() follows.
    void backUpTo(const QString &path);
    // Cancels the backup running (as its dialog's Cancel does).
    void cancel();

signals:
    // message: what was written, or why not ("" when cancelled).
    void finished(bool ok, const QString &message);

private:
    struct State;
    void chooseAndBackUp();
    void done(bool ok, const QString &message);

    DatabaseSession *m_session; // Not owned.
    QWidget *m_dialogParent;    // Not owned.
    QAction *m_action;          // Owned (child).
    BatchProgress m_progress;   // the dialog's figures, from the worker's atomics
    std::shared_ptr<State> m_state;
};

} // namespace kvs::ui
