#pragma once

#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace kvs::ui {

class DatabaseSession;

// File ▸ Restore… of a database tab: replaces the tab's database as a whole with a backup
// (kvs/backup.h: a SQLite backup through SQLite's backup API in one write transaction, a pg_dump
// archive through pg_restore --clean --single-transaction), never merging. A write: offered only
// while writes are allowed, asks first (on a production tab for the typed name too), audited
// ("restore"), run on a worker. GUI thread only.
class DatabaseRestore : public QObject
{
    Q_OBJECT

public:
    // session: the tab's (not owned; it outlives this object). dialogParent: where dialogs show.
    DatabaseRestore(DatabaseSession *session, QWidget *dialogParent);

    QAction *action() const { return m_action; }
    bool running() const { return m_running; }
    // Enables the action (writes allowed).
    void setWritable(bool writable);
    // Asks, then restores path over the tab's database. Returns at once; finished() follows
    // (not when the user said no).
    void restoreFrom(const QString &path);

signals:
    // ok: the database now holds the backup's contents; message: what happened or why not.
    void finished(bool ok, const QString &message);

private:
    void chooseAndRestore();

    DatabaseSession *m_session; // Not owned.
    QWidget *m_dialogParent;    // Not owned.
    QAction *m_action;          // Owned (child).
    bool m_running = false;
};

} // namespace kvs::ui
