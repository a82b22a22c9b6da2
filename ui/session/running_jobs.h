#pragma once

#include <QString>
#include <QStringList>

class QWidget;

namespace kvs::ui {

class DatabaseView;

// The long work of a database tab that closing it would cancel: a bulk job of the Queues view
// (retry or delete of dead letters, scheduled or running) and a benchmark run. Closing the tab
// (Ctrl+W) or the window asks first, the same question either way. Thread rule: GUI thread
// only.

// The jobs running in view, each as a sentence ("a bulk retry of dead letters of \"emails\"").
[[nodiscard]] QStringList runningJobs(const DatabaseView &view);
// Asks whether to close database's tab and cancel jobs (a box on parent). True: go ahead; true
// at once when jobs is empty.
[[nodiscard]] bool
confirmCancellingJobs(QWidget *parent, const QString &database, const QStringList &jobs);

} // namespace kvs::ui
